//! Reading JS values into the API's input types; every message names the path of the bad
//! field, as [`crate::api::decode`]'s do.
//!
//! [`Value`] is a serde deserializer over a JS value that reads it by its type: `null` and
//! `undefined` as nothing, booleans, numbers (whole numbers that are safe integers as
//! integers), strings, arrays and other iterables (typed arrays, sets) by their elements,
//! other objects by their own enumerable properties (as `JSON.stringify` reads them), so
//! that `deny_unknown_fields` sees every key. A property whose value is `undefined` counts as absent, as TypeScript's optional
//! fields mean. Its errors are written here too (`invalid type: …`), with numbers and
//! texts shown by [`crate::error`]'s helpers rather than the standard library's float and
//! `Debug` formatting, which would weigh more in the module than the decoder itself.

use super::wire::{
    OPTION_FALSE, OPTION_NULL, OPTION_NUMBER, OPTION_OBJECT, OPTION_STRING, OPTION_TRUE,
};
use crate::api::{field_error, push_step, Step};
use crate::error::{Number, Quoted};
use serde::de::{
    self, DeserializeOwned, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor,
};
use std::fmt;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `Object.entries`, catching what a getter or proxy throws.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = entries)]
    fn object_entries(value: &JsValue) -> Result<js_sys::Array, JsValue>;

    /// `Array.from`, catching what an iterator throws.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = from)]
    fn array_from(value: &JsValue) -> Result<js_sys::Array, JsValue>;
}

/// Decodes an input that must be an object: an array is refused rather than read as the
/// struct's fields in order.
pub fn decode_object<T: DeserializeOwned>(value: &JsValue) -> crate::Result<T> {
    if js_sys::Array::is_array(value) {
        return Err(invalid("input must be an object, got an array"));
    }
    if value.is_undefined() {
        return Err(invalid("input must be an object, got undefined"));
    }
    decode(value)
}

/// Decodes any input value.
pub fn decode<T: DeserializeOwned>(value: &JsValue) -> crate::Result<T> {
    T::deserialize(Value(value.clone())).map_err(DecodeError::into_error)
}

fn invalid(message: &str) -> crate::Error {
    crate::Error::new(crate::ErrorKind::InvalidOption, message)
}

/// A decoding error: its message (without the `Error: ` that a JS error's text starts
/// with) and the path to the field it is about, innermost step first.
pub struct DecodeError {
    message: String,
    path: Vec<PathStep>,
}

/// A step of [`DecodeError`]'s path.
enum PathStep {
    Key(String),
    Index(u32),
}

impl DecodeError {
    fn new(message: impl Into<String>) -> DecodeError {
        DecodeError {
            message: message.into(),
            path: Vec::new(),
        }
    }

    /// The error as met one step further out.
    fn at(mut self, step: PathStep) -> DecodeError {
        self.path.push(step);
        self
    }

    /// The API's error, its message after the path.
    fn into_error(self) -> crate::Error {
        let mut path = String::new();
        for step in self.path.iter().rev() {
            match step {
                PathStep::Key(key) => push_step(&mut path, Step::Key(key)),
                PathStep::Index(index) => push_step(&mut path, Step::Index(*index as usize)),
            }
        }
        field_error(&path, self.message)
    }
}

// What serde's error trait asks for; written out rather than derived, so that no `Debug`
// formatting of text is linked.
impl fmt::Debug for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

impl de::Error for DecodeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DecodeError::new(message.to_string())
    }

    fn invalid_type(unexpected: Unexpected, expected: &dyn de::Expected) -> Self {
        DecodeError::new(format!(
            "invalid type: {}, expected {expected}",
            Shown(unexpected)
        ))
    }

    fn invalid_value(unexpected: Unexpected, expected: &dyn de::Expected) -> Self {
        DecodeError::new(format!(
            "invalid value: {}, expected {expected}",
            Shown(unexpected)
        ))
    }
}

/// What serde's `Display` of [`Unexpected`] writes, but for numbers and texts.
struct Shown<'a>(Unexpected<'a>);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Bool(value) => write!(f, "boolean `{value}`"),
            Unexpected::Unsigned(value) => write!(f, "integer `{value}`"),
            Unexpected::Signed(value) => write!(f, "integer `{value}`"),
            Unexpected::Float(value) => write!(f, "floating point `{}`", Number(value)),
            Unexpected::Char(value) => write!(f, "character `{value}`"),
            Unexpected::Str(value) => write!(f, "string {}", Quoted(value)),
            Unexpected::Bytes(_) => f.write_str("byte array"),
            Unexpected::Unit => f.write_str("null"),
            Unexpected::Option => f.write_str("Option value"),
            Unexpected::NewtypeStruct => f.write_str("newtype struct"),
            Unexpected::Seq => f.write_str("sequence"),
            Unexpected::Map => f.write_str("map"),
            Unexpected::Enum => f.write_str("enum"),
            Unexpected::UnitVariant => f.write_str("unit variant"),
            Unexpected::NewtypeVariant => f.write_str("newtype variant"),
            Unexpected::TupleVariant => f.write_str("tuple variant"),
            Unexpected::StructVariant => f.write_str("struct variant"),
            Unexpected::Other(other) => f.write_str(other),
        }
    }
}

/// The message of what JS threw.
fn thrown(error: &JsValue) -> String {
    match error.dyn_ref::<js_sys::Error>() {
        Some(error) => error.message().into(),
        None => error
            .as_string()
            .unwrap_or_else(|| "a value that is not an Error".into()),
    }
}

/// A JS value to decode.
struct Value(JsValue);

/// The largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

impl Value {
    /// The plain object's entries, or `None` for arrays and values that are not objects.
    fn entries(&self) -> Result<Option<Entries>, DecodeError> {
        if !self.0.is_object() || js_sys::Array::is_array(&self.0) {
            return Ok(None);
        }
        let entries = object_entries(&self.0).map_err(|error| {
            DecodeError::new(format!("input cannot be read: {}", thrown(&error)))
        })?;
        Ok(Some(Entries {
            len: entries.length(),
            entries,
            next: 0,
            key: String::new(),
            value: None,
        }))
    }
}

/// Reads an object's `[key, value]` entries as a serde map, skipping `undefined` values.
struct Entries {
    entries: js_sys::Array,
    len: u32,
    next: u32,
    /// The key of `value`, for the path of an error in it.
    key: String,
    value: Option<JsValue>,
}

impl<'de> MapAccess<'de> for Entries {
    type Error = DecodeError;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DecodeError> {
        while self.next < self.len {
            let entry: js_sys::Array = self.entries.get(self.next).unchecked_into();
            self.next += 1;
            let value = entry.get(1);
            if value.is_undefined() {
                continue;
            }
            self.key = entry.get(0).as_string().unwrap_or_default();
            self.value = Some(value);
            return seed
                .deserialize(self.key.as_str().into_deserializer())
                .map(Some);
        }
        Ok(None)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, DecodeError> {
        let value = self.value.take().unwrap_or(JsValue::UNDEFINED);
        let key = std::mem::take(&mut self.key);
        seed.deserialize(Value(value))
            .map_err(|error| error.at(PathStep::Key(key)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some((self.len - self.next) as usize)
    }
}

/// The elements of an array, or of any other iterable object (`Array.from`); `None` for
/// values that are not iterable objects.
fn elements(value: &JsValue) -> Result<Option<js_sys::Array>, DecodeError> {
    if let Some(array) = value.dyn_ref::<js_sys::Array>() {
        return Ok(Some(array.clone()));
    }
    if !value.is_object()
        || !js_sys::Reflect::has(value, &js_sys::Symbol::iterator()).unwrap_or(false)
    {
        return Ok(None);
    }
    array_from(value)
        .map(Some)
        .map_err(|error| DecodeError::new(format!("input cannot be read: {}", thrown(&error))))
}

/// Reads an array's elements as a serde sequence.
struct Elements {
    array: js_sys::Array,
    len: u32,
    next: u32,
}

impl<'de> SeqAccess<'de> for Elements {
    type Error = DecodeError;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DecodeError> {
        if self.next == self.len {
            return Ok(None);
        }
        let index = self.next;
        let value = self.array.get(index);
        self.next += 1;
        match seed.deserialize(Value(value)) {
            Ok(element) => Ok(Some(element)),
            Err(error) => Err(error.at(PathStep::Index(index))),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some((self.len - self.next) as usize)
    }
}

impl<'de> de::Deserializer<'de> for Value {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        let value = &self.0;
        if value.is_null() || value.is_undefined() {
            visitor.visit_unit()
        } else if let Some(flag) = value.as_bool() {
            visitor.visit_bool(flag)
        } else if let Some(number) = value.as_f64() {
            if number.fract() == 0.0 && number.abs() <= MAX_SAFE_INTEGER {
                visitor.visit_i64(number as i64)
            } else {
                visitor.visit_f64(number)
            }
        } else if let Some(text) = value.as_string() {
            visitor.visit_string(text)
        } else if let Some(array) = elements(value)? {
            visitor.visit_seq(Elements {
                len: array.length(),
                array,
                next: 0,
            })
        } else if let Some(entries) = self.entries()? {
            visitor.visit_map(entries)
        } else {
            let kind = value.js_typeof().as_string().unwrap_or_default();
            Err(de::Error::invalid_type(Unexpected::Other(&kind), &visitor))
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        if self.0.is_null() || self.0.is_undefined() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        visitor.visit_newtype_struct(self)
    }

    /// An ignored value is not read at all.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct enum identifier
    }
}

/// Decodes `T` from the fields `flatScoreInput` wrote into `numbers` and `text` (per field
/// its name, a type and the value; see `OptionWriter` in `js/boundary.js`): `fields` of
/// them, read by the same `Deserialize` as from the object itself. `None` on any error: the
/// caller then takes the full decoder, for its message.
pub fn decode_flat<T: DeserializeOwned>(numbers: &[f64], text: &[u8], fields: usize) -> Option<T> {
    let text = std::str::from_utf8(text).ok()?;
    let mut flat = Flat {
        numbers,
        text,
        at: 0,
    };
    T::deserialize(FlatFields {
        flat: &mut flat,
        left: fields,
    })
    .ok()
}

/// A read position in flat fields.
struct Flat<'a> {
    numbers: &'a [f64],
    text: &'a str,
    at: usize,
}

impl<'a> Flat<'a> {
    fn next(&mut self) -> Result<f64, DecodeError> {
        let value = self.numbers.get(self.at).copied();
        self.at += 1;
        value.ok_or_else(|| DecodeError::new("flat options end early"))
    }

    fn string(&mut self) -> Result<&'a str, DecodeError> {
        let start = self.next()? as usize;
        let len = self.next()? as usize;
        self.text
            .get(start..start + len)
            .ok_or_else(|| DecodeError::new("flat options: a string out of range"))
    }
}

/// Fields of an object, `left` still to read.
struct FlatFields<'f, 'a> {
    flat: &'f mut Flat<'a>,
    left: usize,
}

impl<'de> MapAccess<'de> for FlatFields<'_, '_> {
    type Error = DecodeError;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DecodeError> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let key = self.flat.string()?;
        seed.deserialize(key.into_deserializer()).map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, DecodeError> {
        seed.deserialize(FlatValue(&mut *self.flat))
    }
}

impl<'de> de::Deserializer<'de> for FlatFields<'_, '_> {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_map(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// One value of flat fields.
struct FlatValue<'f, 'a>(&'f mut Flat<'a>);

impl<'de> de::Deserializer<'de> for FlatValue<'_, '_> {
    type Error = DecodeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        let flat = self.0;
        let kind = flat.next()?;
        // Any number that is no value type (not a whole number below 256 among them) is
        // refused below: as u8 it would round or saturate onto one.
        let kind = if kind == f64::from(kind as u8) {
            kind as u8
        } else {
            u8::MAX
        };
        match kind {
            OPTION_NUMBER => visitor.visit_f64(flat.next()?),
            OPTION_STRING => visitor.visit_str(flat.string()?),
            OPTION_TRUE => visitor.visit_bool(true),
            OPTION_FALSE => visitor.visit_bool(false),
            OPTION_NULL => visitor.visit_unit(),
            OPTION_OBJECT => {
                let left = flat.next()? as usize;
                visitor.visit_map(FlatFields { flat, left })
            }
            _ => Err(DecodeError::new("flat options: unknown value type")),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        if self.0.numbers.get(self.0.at) == Some(&f64::from(OPTION_NULL)) {
            self.0.at += 1;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}
