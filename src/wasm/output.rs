//! Handing outputs to JS. An output is serialized into a flat tape (one array of opcodes,
//! one of numbers, one string of all the text) that `buildValue` in `js/boundary.js` turns
//! into plain objects and arrays in one call. Building them value by value from Rust
//! (serde-wasm-bindgen's serializer) crosses the boundary three times per number and costs
//! more than scoring an area-counted board; the tape crosses it once.
//!
//! A struct's field names are sent once, as a shape that later objects name by number; a
//! struct or array of numbers only carries no opcode per number.
//!
//! `scoreBoard`'s result, the one output whose speed matters most, goes over in its fixed
//! layout instead ([`score_result`], [`super::layout`]): JS reads it straight from the module's
//! memory with a builder generated from the type.

use super::layout::Layout;
use super::wire::{ARRAY, FALSE, MAP, NULL, NUMBER, NUMBERS, NUMBER_OBJECT, OBJECT, STRING, TRUE};
use crate::api::ScoreResult;
use serde::ser::{self, Serialize};
use std::cell::{Cell, RefCell};
use std::fmt;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/boundary.js")]
extern "C" {
    #[wasm_bindgen(js_name = buildValue)]
    fn build_value(ops: &[u8], numbers: &[f64], text: &str, shapes: &str) -> JsValue;

    #[wasm_bindgen(js_name = setMemory)]
    fn set_memory(memory: &JsValue);

    /// Builds a `ScoreResult` from its layout: where `fixed`, `items` (`f64` indices) and
    /// `signs` (bytes) start in the module's memory, and the text.
    #[wasm_bindgen(js_name = scoreResult)]
    fn build_score_result(fixed: usize, items: usize, signs: usize, text: &str) -> JsValue;
}

thread_local! {
    /// The layout buffers, kept from call to call.
    static LAYOUT: RefCell<Layout> = RefCell::new(Layout::default());
    /// `setMemory` has been called.
    static MEMORY_SHARED: Cell<bool> = const { Cell::new(false) };
}

/// Hands the module's memory to `js/boundary.js` once, for the outputs and inputs that cross
/// by place in it.
pub fn share_memory() {
    if !MEMORY_SHARED.get() {
        set_memory(&wasm_bindgen::memory());
        MEMORY_SHARED.set(true);
    }
}

/// `scoreBoard`'s result as a JS value, through its fixed layout (the general output should
/// the layout ever refuse it).
pub fn score_result(value: &ScoreResult) -> Result<JsValue, JsError> {
    share_memory();
    let built = LAYOUT.with(|layout| {
        // The builder only reads memory: it never calls back into the module.
        let mut layout = layout.borrow_mut();
        layout.write(value).ok()?;
        Some(build_score_result(
            layout.fixed.as_ptr() as usize / 8,
            layout.items.as_ptr() as usize / 8,
            layout.signs.as_ptr() as usize,
            &layout.text,
        ))
    });
    match built {
        Some(value) => Ok(value),
        None => to_js(value),
    }
}

thread_local! {
    /// The shapes JS has been sent (field names by address), numbered in order, and the
    /// buffers of the last tape, kept for the next.
    static STATE: RefCell<Tape> = RefCell::new(Tape::default());
}

/// Turns `value` into a JS value.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    // Not borrowed across the call into JS.
    let mut tape = STATE.with(|state| std::mem::take(&mut *state.borrow_mut()));
    tape.clear();
    let written = value.serialize(&mut tape);
    let value = written.map(|()| build_value(&tape.ops, &tape.numbers, &tape.text, &tape.defs));
    // Shapes new in this tape count as sent once JS has read it.
    if value.is_ok() {
        tape.sent = tape.shapes.len();
    } else {
        tape.shapes.truncate(tape.sent);
    }
    STATE.with(|state| *state.borrow_mut() = tape);
    value.map_err(|error| JsError::new(&error.0))
}

#[derive(Default)]
struct Tape {
    ops: Vec<u8>,
    numbers: Vec<f64>,
    text: String,
    /// New shapes, a line each: the number, then the field names, space-separated.
    defs: String,
    /// Field names of the structs being written, innermost last.
    fields: Vec<&'static str>,
    /// Every shape known: its field names' addresses.
    shapes: Vec<Vec<usize>>,
    /// How many of `shapes` JS knows.
    sent: usize,
    /// The value being written is an item of an array or object that holds only numbers so
    /// far: a number goes without its opcode.
    bare: bool,
}

impl Tape {
    fn clear(&mut self) {
        self.ops.clear();
        self.numbers.clear();
        self.text.clear();
        self.defs.clear();
        self.fields.clear();
        self.bare = false;
    }

    fn number(&mut self, value: f64) {
        if !self.bare {
            self.ops.push(NUMBER);
        }
        self.numbers.push(value);
    }

    /// Appends `text`; its length counts UTF-16 units, as JS strings do.
    fn text(&mut self, text: &str) {
        let len = if text.is_ascii() {
            text.len()
        } else {
            text.encode_utf16().count()
        };
        self.numbers.push(len as f64);
        self.text.push_str(text);
    }

    /// The number of the shape of a struct with the fields `from..` of `self.fields`.
    fn shape(&mut self, from: usize) -> usize {
        let fields = &self.fields[from..];
        let same = |shape: &Vec<usize>| {
            shape.len() == fields.len()
                && shape
                    .iter()
                    .zip(fields)
                    .all(|(&a, f)| a == f.as_ptr() as usize)
        };
        if let Some(id) = self.shapes.iter().position(same) {
            return id;
        }
        let id = self.shapes.len();
        self.shapes
            .push(fields.iter().map(|f| f.as_ptr() as usize).collect());
        self.defs.push_str(&id.to_string());
        for field in fields {
            self.defs.push(' ');
            self.defs.push_str(field);
        }
        self.defs.push('\n');
        id
    }

    /// Starts an array, object or map whose length or shape is written when it ends.
    fn open(&mut self, op: u8) -> Open {
        self.ops.push(op);
        self.numbers.push(0.0);
        Open {
            op_at: self.ops.len() - 1,
            len_at: self.numbers.len() - 1,
            fields_at: self.fields.len(),
            len: 0,
            numeric: op != MAP,
        }
    }
}

/// An array, object or map being written.
struct Open {
    op_at: usize,
    len_at: usize,
    /// Where the object's field names start in [`Tape::fields`].
    fields_at: usize,
    len: usize,
    /// Every item is a number so far.
    numeric: bool,
}

/// A serialization error: only custom errors from `Serialize` impls, which ours have none of.
#[derive(Debug)]
pub struct Error(Box<str>);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

fn unsupported(name: &str) -> Error {
    Error(format!("{name}: enum variants with data are not supported").into())
}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error(message.to_string().into())
    }
}

/// A sequence, map or struct being written into the tape.
struct Compound<'t> {
    tape: &'t mut Tape,
    open: Open,
}

impl Compound<'_> {
    fn item<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        let tape = &mut *self.tape;
        let (ops, numbers) = (tape.ops.len(), tape.numbers.len());
        tape.bare = self.open.numeric;
        value.serialize(&mut *tape)?;
        tape.bare = false;
        let bare_number = tape.ops.len() == ops && tape.numbers.len() == numbers + 1;
        if self.open.numeric && !bare_number {
            // The first item that is not a number: the numbers before it get their opcodes.
            let at = self.open.op_at + 1;
            tape.ops
                .splice(at..at, std::iter::repeat(NUMBER).take(self.open.len));
            self.open.numeric = false;
        }
        self.open.len += 1;
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        let Compound { tape, open } = self;
        let op = tape.ops[open.op_at];
        tape.numbers[open.len_at] = if op == OBJECT {
            let shape = tape.shape(open.fields_at);
            tape.fields.truncate(open.fields_at);
            shape as f64
        } else {
            open.len as f64
        };
        if open.numeric && open.len > 0 {
            // Numbers only, written without opcodes: the length or shape says how many.
            tape.ops[open.op_at] = if op == OBJECT { NUMBER_OBJECT } else { NUMBERS };
        }
        Ok(())
    }
}

macro_rules! numbers {
    ($($method:ident: $ty:ty,)*) => {
        $(
            fn $method(self, value: $ty) -> Result<(), Error> {
                self.number(value as f64);
                Ok(())
            }
        )*
    };
}

impl<'t> ser::Serializer for &'t mut Tape {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'t>;
    type SerializeTuple = Compound<'t>;
    type SerializeTupleStruct = Compound<'t>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = Compound<'t>;
    type SerializeStruct = Compound<'t>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    /// Lets `api::sign_rows` hand over rows of signs as bytes.
    fn is_human_readable(&self) -> bool {
        false
    }

    numbers! {
        serialize_i8: i8,
        serialize_i16: i16,
        serialize_i32: i32,
        serialize_i64: i64,
        serialize_u8: u8,
        serialize_u16: u16,
        serialize_u32: u32,
        serialize_u64: u64,
        serialize_f32: f32,
        serialize_f64: f64,
    }

    fn serialize_bool(self, value: bool) -> Result<(), Error> {
        self.ops.push(if value { TRUE } else { FALSE });
        Ok(())
    }

    fn serialize_char(self, value: char) -> Result<(), Error> {
        self.serialize_str(value.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        self.ops.push(STRING);
        self.text(value);
        Ok(())
    }

    /// A byte string is a row of signs from `api::sign_rows`: each byte an `i8`.
    fn serialize_bytes(self, value: &[u8]) -> Result<(), Error> {
        self.ops.push(NUMBERS);
        self.numbers.push(value.len() as f64);
        self.numbers
            .extend(value.iter().map(|&sign| f64::from(sign as i8)));
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.ops.push(NULL);
        Ok(())
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.serialize_none()
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_none()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(unsupported(name))
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'t>, Error> {
        let open = self.open(ARRAY);
        Ok(Compound { tape: self, open })
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'t>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'t>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(unsupported(name))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'t>, Error> {
        let open = self.open(MAP);
        Ok(Compound { tape: self, open })
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'t>, Error> {
        let open = self.open(OBJECT);
        Ok(Compound { tape: self, open })
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(unsupported(name))
    }
}

/// Sequences and tuples: each item in turn.
macro_rules! items {
    ($($trait:ident :: $method:ident),*) => {
        $(
            impl ser::$trait for Compound<'_> {
                type Ok = ();
                type Error = Error;

                fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
                    self.item(value)
                }

                fn end(self) -> Result<(), Error> {
                    Compound::end(self)
                }
            }
        )*
    };
}

items!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;

    /// Map keys (from `BTreeMap<String, _>`) are sent as strings.
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        key.serialize(&mut *self.tape)
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.item(value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.tape.fields.push(key);
        self.item(value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}
