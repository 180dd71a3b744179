//! The numbers both halves of the wasm boundary must agree on: the opcodes of the output
//! tape (`output`, `buildValue` in `js/boundary.js`), the value types of the fast path's
//! options (`decode`, `OptionWriter`), the fast path's largest board side and shape.
//! Declared here once; `js/boundary.js` holds the same constants in a section
//! [`constants_js`] writes (a test checks it is up to date, as it does `scoreResult`'s
//! builder).

/// Declares the constants and [`constants_js`], which writes them as JS `const`s.
macro_rules! wire_constants {
    ($( $(#[$meta:meta])* $name:ident: $ty:ty = $value:expr; )*) => {
        $( $(#[$meta])* pub const $name: $ty = $value; )*

        /// Every constant of this module as a JS `const` declaration, one a line, in the
        /// order they are declared.
        pub fn constants_js() -> String {
            let mut js = String::new();
            $( js.push_str(&format!("const {} = {};\n", stringify!($name), $name)); )*
            js
        }
    };
}

wire_constants! {
    /// Output opcode: a number.
    NUMBER: u8 = 0;
    /// Output opcode: a string.
    STRING: u8 = 1;
    /// Output opcode: `true`.
    TRUE: u8 = 2;
    /// Output opcode: `false`.
    FALSE: u8 = 3;
    /// Output opcode: `null`.
    NULL: u8 = 4;
    /// Output opcode: an array: its length, then its items.
    ARRAY: u8 = 5;
    /// Output opcode: an array of numbers only: its length, then the numbers.
    NUMBERS: u8 = 6;
    /// Output opcode: an object: its shape, then a value per field.
    OBJECT: u8 = 7;
    /// Output opcode: an object whose fields are all numbers: its shape, then the numbers.
    NUMBER_OBJECT: u8 = 8;
    /// Output opcode: a map with keys that are not field names: its length, then each key
    /// and value.
    MAP: u8 = 9;
    /// Fast-path option value type: a number.
    OPTION_NUMBER: u8 = 0;
    /// Fast-path option value type: a string (its start and length in the text).
    OPTION_STRING: u8 = 1;
    /// Fast-path option value type: `true`.
    OPTION_TRUE: u8 = 2;
    /// Fast-path option value type: `false`.
    OPTION_FALSE: u8 = 3;
    /// Fast-path option value type: `null`.
    OPTION_NULL: u8 = 4;
    /// Fast-path option value type: an object: how many fields, then each field.
    OPTION_OBJECT: u8 = 5;
    /// The lowest byte of a row string the fast path hands over as it is (below it, a cell
    /// is a sign: 0, 1, and -1 as 255 is past the ASCII it takes): `Board::from_flat_cells`.
    ROW_CHARACTERS_FROM: u8 = 32;
    /// Largest board side the fast path reads (the board's own limit).
    MAX_SIDE: usize = crate::board::MAX_SIZE;
    /// How many of the fast path's option numbers its shape takes: width, height, dead
    /// numbers, option fields, option text bytes.
    SHAPE: usize = 5;
}
