//! A fixed layout for outputs whose shape never varies (`scoreBoard`'s result): every
//! number at a known place in one array, every string at a known place in one text, and
//! the few sequences (vertices, rows of signs) in arrays of their own, their places at
//! known places too. Building the JS object from such a layout is a single object literal,
//! which JS engines create far faster than objects built field by field by name.
//!
//! [`Layout`] writes a value through its `Serialize` impl, so the shape is the Rust type's
//! and declared once; [`builder_js`] walks a sample value the same way and writes the JS
//! function that reads the layout back (`js/boundary.js` keeps it, and a test checks that
//! it is what the type gives today). A value the layout cannot hold (an `Option`, a map, an
//! enum with data, a sequence of anything but numbers, tuples of numbers or rows of signs)
//! is an error, and the caller uses the general output instead.

use serde::ser::{self, Impossible, Serialize};
use std::fmt::{self, Write};

/// A value written in its fixed layout. The buffers are kept from call to call.
#[derive(Debug, Default)]
pub struct Layout {
    /// Every number, and for each string its start and end in `text` (UTF-16 units) and for
    /// each sequence where its items start, how many there are and their size: the same
    /// place for the same field of every value of a type.
    pub fixed: Vec<f64>,
    /// Items of sequences of numbers and of tuples of numbers, back to back.
    pub items: Vec<f64>,
    /// Rows of signs (sequences of byte strings, each byte an `i8`), back to back.
    pub signs: Vec<i8>,
    /// Every string, back to back.
    pub text: String,
    /// `text`'s length in UTF-16 units.
    text_units: usize,
    /// The JS being generated, when [`builder_js`] walks a sample.
    code: Option<String>,
    /// How deep in structs the code being generated is.
    depth: usize,
}

/// Why a value does not fit a fixed layout.
#[derive(Debug)]
pub struct Unsupported(String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no fixed layout for {}", self.0)
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Unsupported(message.to_string())
    }
}

fn unsupported<T>(what: &str) -> Result<T, Unsupported> {
    Err(Unsupported(what.to_owned()))
}

impl Layout {
    /// Writes `value`, replacing what the buffers held.
    pub fn write<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        self.fixed.clear();
        self.items.clear();
        self.signs.clear();
        self.text.clear();
        self.text_units = 0;
        value.serialize(&mut *self)
    }

    /// Appends `expression` to the code being generated, if any.
    fn code(&mut self, expression: fmt::Arguments<'_>) {
        if let Some(code) = &mut self.code {
            code.write_fmt(expression).expect("writing to a String");
        }
    }

    /// Starts a new line of the code being generated, if any, indented to the depth.
    fn line(&mut self, text: fmt::Arguments<'_>) {
        if let Some(code) = &mut self.code {
            code.push('\n');
            for _ in 0..self.depth {
                code.push_str("  ");
            }
            code.write_fmt(text).expect("writing to a String");
        }
    }

    /// Reserves `n` places in `fixed`; returns the first.
    fn reserve(&mut self, n: usize) -> usize {
        let at = self.fixed.len();
        self.fixed.resize(at + n, 0.0);
        at
    }

    fn number(&mut self, value: f64) {
        let at = self.fixed.len();
        self.fixed.push(value);
        self.code(format_args!("f[o + {at}]"));
    }

    fn string(&mut self, value: &str) {
        let units = if value.is_ascii() {
            value.len()
        } else {
            value.encode_utf16().count()
        };
        let at = self.fixed.len();
        self.fixed.push(self.text_units as f64);
        self.text_units += units;
        self.fixed.push(self.text_units as f64);
        self.text.push_str(value);
        self.code(format_args!("text.slice(f[o + {at}], f[o + {}])", at + 1));
    }
}

/// The JS function `name(o, p, s, text)` that builds a value of `sample`'s type from its
/// layout: `f` the `Float64Array` and `i8` the `Int8Array` over the memory holding the
/// layout, `o`, `p` and `s` where `fixed`, `items` and `signs` start in them, `text` the
/// text. It calls `tuples(at, count, size)` and `signRows(at, count, width)`, which the
/// file it goes into defines. Every sequence in `sample` must have an item, so that its
/// kind is known.
pub fn builder_js<T: Serialize + ?Sized>(name: &str, sample: &T) -> Result<String, Unsupported> {
    let mut layout = Layout {
        code: Some(String::new()),
        depth: 1,
        ..Layout::default()
    };
    sample.serialize(&mut layout)?;
    let body = layout.code.take().unwrap_or_default();
    Ok(format!(
        "export function {name}(o, p, s, text) {{\n  const f = views().f64;\n  return {body};\n}}\n"
    ))
}

/// What a sequence holds, known from its first item.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// No item yet.
    Empty,
    /// Numbers (size 1) or tuples of `size` numbers, in `items`.
    Numbers(usize),
    /// Rows of signs `width` wide, in `signs`.
    Rows(usize),
}

/// A sequence being written.
pub struct Seq<'l> {
    layout: &'l mut Layout,
    /// Where its start, count and size go in `fixed`.
    at: usize,
    kind: Kind,
    count: usize,
    /// Where its items start in `items` or `signs`.
    start: Option<usize>,
}

impl Seq<'_> {
    fn item<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
        let (items, signs) = (self.layout.items.len(), self.layout.signs.len());
        value.serialize(Item {
            layout: self.layout,
            in_tuple: false,
        })?;
        let kind = if self.layout.signs.len() > signs {
            Kind::Rows(self.layout.signs.len() - signs)
        } else {
            Kind::Numbers(self.layout.items.len() - items)
        };
        if self.kind != Kind::Empty && kind != self.kind {
            return unsupported("a sequence whose items differ in kind or size");
        }
        if self.start.is_none() {
            self.start = Some(match kind {
                Kind::Rows(_) => signs,
                _ => items,
            });
        }
        self.kind = kind;
        self.count += 1;
        Ok(())
    }

    fn end(self) -> Result<(), Unsupported> {
        let Seq {
            layout,
            at,
            kind,
            count,
            start,
        } = self;
        let size = match kind {
            Kind::Empty => 0,
            Kind::Numbers(size) | Kind::Rows(size) => size,
        };
        layout.fixed[at] = start.unwrap_or(0) as f64;
        layout.fixed[at + 1] = count as f64;
        layout.fixed[at + 2] = size as f64;
        let (builder, base) = match kind {
            Kind::Numbers(_) => ("tuples", 'p'),
            Kind::Rows(_) => ("signRows", 's'),
            Kind::Empty if layout.code.is_some() => {
                return unsupported("an empty sequence in the sample (its kind is unknown)")
            }
            Kind::Empty => return Ok(()),
        };
        layout.code(format_args!(
            "{builder}({base} + f[o + {at}], f[o + {}], f[o + {}])",
            at + 1,
            at + 2
        ));
        Ok(())
    }
}

/// A struct being written: an object literal.
pub struct Struct<'l> {
    layout: &'l mut Layout,
}

/// Writes one item of a sequence: a number, a tuple or array of numbers, or a row of signs.
struct Item<'l> {
    layout: &'l mut Layout,
    in_tuple: bool,
}

macro_rules! numbers {
    ($($method:ident: $ty:ty),*) => {
        $(
            fn $method(self, value: $ty) -> Result<(), Unsupported> {
                self.number(value as f64);
                Ok(())
            }
        )*
    };
}

macro_rules! item_numbers {
    ($($method:ident: $ty:ty),*) => {
        $(
            fn $method(self, value: $ty) -> Result<(), Unsupported> {
                self.layout.items.push(value as f64);
                Ok(())
            }
        )*
    };
}

/// The parts of a serializer that a layout has no place for.
macro_rules! no_place {
    ($what:literal) => {
        fn serialize_bool(self, _: bool) -> Result<(), Unsupported> {
            unsupported(concat!("a boolean ", $what))
        }
        fn serialize_char(self, _: char) -> Result<(), Unsupported> {
            unsupported(concat!("a character ", $what))
        }
        fn serialize_none(self) -> Result<(), Unsupported> {
            unsupported(concat!("an Option ", $what))
        }
        fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<(), Unsupported> {
            unsupported(concat!("an Option ", $what))
        }
        fn serialize_unit(self) -> Result<(), Unsupported> {
            unsupported(concat!("a unit ", $what))
        }
        fn serialize_unit_struct(self, _: &'static str) -> Result<(), Unsupported> {
            unsupported(concat!("a unit struct ", $what))
        }
        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<(), Unsupported> {
            unsupported(concat!("an enum variant with data ", $what))
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Impossible<(), Unsupported>, Unsupported> {
            unsupported(concat!("an enum variant with data ", $what))
        }
        fn serialize_map(
            self,
            _: Option<usize>,
        ) -> Result<Impossible<(), Unsupported>, Unsupported> {
            unsupported(concat!("a map ", $what))
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Impossible<(), Unsupported>, Unsupported> {
            unsupported(concat!("an enum variant with data ", $what))
        }
    };
}

impl<'l> ser::Serializer for &'l mut Layout {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Seq<'l>;
    type SerializeTuple = Seq<'l>;
    type SerializeTupleStruct = Seq<'l>;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Impossible<(), Unsupported>;
    type SerializeStruct = Struct<'l>;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    /// Lets rows of signs go over as byte strings (see `api::sign_rows`).
    fn is_human_readable(&self) -> bool {
        false
    }

    numbers!(
        serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64,
        serialize_f32: f32, serialize_f64: f64
    );

    no_place!("outside a struct's number fields");

    fn serialize_str(self, value: &str) -> Result<(), Unsupported> {
        self.string(value);
        Ok(())
    }

    fn serialize_bytes(self, _: &[u8]) -> Result<(), Unsupported> {
        unsupported("a byte string outside a sequence")
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Unsupported> {
        self.string(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        value.serialize(self)
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Seq<'l>, Unsupported> {
        let at = self.reserve(3);
        Ok(Seq {
            layout: self,
            at,
            kind: Kind::Empty,
            count: 0,
            start: None,
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<Seq<'l>, Unsupported> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'l>, Unsupported> {
        self.serialize_seq(Some(len))
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Struct<'l>, Unsupported> {
        self.code(format_args!("{{"));
        self.depth += 1;
        Ok(Struct { layout: self })
    }
}

impl ser::SerializeStruct for Struct<'_> {
    type Ok = ();
    type Error = Unsupported;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        if self.layout.code.is_some() {
            let key = js_key(key);
            self.layout.line(format_args!("{key}: "));
        }
        value.serialize(&mut *self.layout)?;
        self.layout.code(format_args!(","));
        Ok(())
    }

    fn end(self) -> Result<(), Unsupported> {
        self.layout.depth -= 1;
        self.layout.line(format_args!("}}"));
        Ok(())
    }
}

/// A field name as an object literal key: bare when it is an identifier, else quoted.
fn js_key(key: &str) -> String {
    let identifier = key.chars().enumerate().all(|(i, c)| {
        c == '_' || c == '$' || c.is_ascii_alphabetic() || (i > 0 && c.is_ascii_digit())
    });
    if identifier && !key.is_empty() {
        key.to_owned()
    } else {
        format!("{key:?}")
    }
}

/// Sequences, tuples and tuple structs: each item in turn.
macro_rules! seq_items {
    ($($trait:ident :: $method:ident),*) => {
        $(
            impl ser::$trait for Seq<'_> {
                type Ok = ();
                type Error = Unsupported;

                fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
                    self.item(value)
                }

                fn end(self) -> Result<(), Unsupported> {
                    Seq::end(self)
                }
            }
        )*
    };
}

seq_items!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

impl ser::Serializer for Item<'_> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Impossible<(), Unsupported>;
    type SerializeStruct = Impossible<(), Unsupported>;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    fn is_human_readable(&self) -> bool {
        false
    }

    item_numbers!(
        serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64,
        serialize_f32: f32, serialize_f64: f64
    );

    no_place!("in a sequence");

    fn serialize_str(self, _: &str) -> Result<(), Unsupported> {
        unsupported("a string in a sequence")
    }

    /// A row of signs: each byte an `i8`.
    fn serialize_bytes(self, value: &[u8]) -> Result<(), Unsupported> {
        if self.in_tuple || value.is_empty() {
            return unsupported("a byte string inside a tuple, or an empty one");
        }
        self.layout
            .signs
            .extend(value.iter().map(|&byte| byte as i8));
        Ok(())
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<(), Unsupported> {
        unsupported("a string in a sequence")
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        value.serialize(self)
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Unsupported> {
        if self.in_tuple {
            return unsupported("a sequence in a sequence's item");
        }
        Ok(Item {
            layout: self.layout,
            in_tuple: true,
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<Self, Unsupported> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Self, Unsupported> {
        self.serialize_seq(Some(len))
    }

    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Impossible<(), Unsupported>, Unsupported> {
        unsupported("a struct in a sequence")
    }
}

/// The numbers of a tuple item, each in turn.
macro_rules! tuple_items {
    ($($trait:ident :: $method:ident),*) => {
        $(
            impl ser::$trait for Item<'_> {
                type Ok = ();
                type Error = Unsupported;

                fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
                    value.serialize(Item {
                        layout: &mut *self.layout,
                        in_tuple: true,
                    })
                }

                fn end(self) -> Result<(), Unsupported> {
                    Ok(())
                }
            }
        )*
    };
}

tuple_items!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);
