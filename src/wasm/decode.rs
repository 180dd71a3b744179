//! Reading JS values into the API's input types with serde-wasm-bindgen, through
//! [`api::decode`] so that every message names the path of the bad field.
//!
//! Objects are read by their own enumerable properties (as `JSON.stringify` reads them), so
//! that `deny_unknown_fields` sees every key: serde-wasm-bindgen reads a struct by looking
//! up the fields it expects and would not notice a misspelt one. A property whose value is
//! `undefined` counts as absent, as TypeScript's optional fields mean.

use super::wire::{
    OPTION_FALSE, OPTION_NULL, OPTION_NUMBER, OPTION_OBJECT, OPTION_STRING, OPTION_TRUE,
};
use crate::api;
use serde::de::{self, DeserializeOwned, IntoDeserializer, MapAccess, Visitor};
use std::fmt;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `Object.entries`, catching what a getter or proxy throws.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = entries)]
    fn object_entries(value: &JsValue) -> Result<js_sys::Array, JsValue>;
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
    api::decode(Value::new(value.clone()))
}

fn invalid(message: &str) -> crate::Error {
    crate::Error::new(crate::ErrorKind::InvalidOption, message)
}

/// A decoding error: its message, without the `Error: ` that a JS error's text starts with.
#[derive(Debug)]
pub struct DecodeError(String);

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DecodeError {}

impl de::Error for DecodeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DecodeError(message.to_string())
    }
}

impl From<serde_wasm_bindgen::Error> for DecodeError {
    fn from(error: serde_wasm_bindgen::Error) -> Self {
        let error = JsValue::from(error);
        match error.dyn_ref::<js_sys::Error>() {
            Some(error) => DecodeError(error.message().into()),
            None => DecodeError(format!("{error:?}")),
        }
    }
}

/// A JS value to decode: objects by their entries, everything else by serde-wasm-bindgen.
struct Value {
    value: JsValue,
}

impl Value {
    fn new(value: JsValue) -> Value {
        Value { value }
    }

    /// The plain object's entries, or `None` for arrays and values that are not objects.
    fn entries(&self) -> Result<Option<Entries>, DecodeError> {
        if !self.value.is_object() || js_sys::Array::is_array(&self.value) {
            return Ok(None);
        }
        let entries = object_entries(&self.value).map_err(|error| {
            let message = match error.dyn_ref::<js_sys::Error>() {
                Some(error) => String::from(error.message()),
                None => format!("{error:?}"),
            };
            DecodeError(format!("input cannot be read: {message}"))
        })?;
        Ok(Some(Entries {
            len: entries.length(),
            entries,
            next: 0,
            value: None,
        }))
    }

    fn js(self) -> serde_wasm_bindgen::Deserializer {
        serde_wasm_bindgen::Deserializer::from(self.value)
    }
}

/// Reads an object's `[key, value]` entries as a serde map, skipping `undefined` values.
struct Entries {
    entries: js_sys::Array,
    len: u32,
    next: u32,
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
            let key = entry.get(0).as_string().unwrap_or_default();
            self.value = Some(value);
            return seed.deserialize(key.into_deserializer()).map(Some);
        }
        Ok(None)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, DecodeError> {
        let value = self.value.take().unwrap_or(JsValue::UNDEFINED);
        seed.deserialize(Value::new(value))
    }

    fn size_hint(&self) -> Option<usize> {
        Some((self.len - self.next) as usize)
    }
}

/// Forwards `deserialize_*` methods to serde-wasm-bindgen, turning its errors into
/// [`DecodeError`]s.
macro_rules! forward {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, DecodeError> {
                Ok(self.js().$method($($arg,)* visitor)?)
            }
        )*
    };
}

/// Objects (for structs, maps and self-describing reads) go through [`Entries`].
macro_rules! objects {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, DecodeError> {
                $(let _ = $arg;)*
                match self.entries()? {
                    Some(entries) => visitor.visit_map(entries),
                    None => Ok(self.js().$method($($arg,)* visitor)?),
                }
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for Value {
    type Error = DecodeError;

    objects! {
        deserialize_any();
        deserialize_map();
        deserialize_struct(name: &'static str, fields: &'static [&'static str]);
    }

    forward! {
        deserialize_bool();
        deserialize_i8();
        deserialize_i16();
        deserialize_i32();
        deserialize_i64();
        deserialize_u8();
        deserialize_u16();
        deserialize_u32();
        deserialize_u64();
        deserialize_f32();
        deserialize_f64();
        deserialize_char();
        deserialize_str();
        deserialize_string();
        deserialize_bytes();
        deserialize_byte_buf();
        deserialize_unit();
        deserialize_unit_struct(name: &'static str);
        deserialize_newtype_struct(name: &'static str);
        deserialize_seq();
        deserialize_tuple(len: usize);
        deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
        deserialize_identifier();
        deserialize_ignored_any();
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        if self.value.is_null() || self.value.is_undefined() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
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
        value.ok_or_else(|| DecodeError("flat options end early".into()))
    }

    fn string(&mut self) -> Result<&'a str, DecodeError> {
        let start = self.next()? as usize;
        let len = self.next()? as usize;
        self.text
            .get(start..start + len)
            .ok_or_else(|| DecodeError("flat options: a string out of range".into()))
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
            _ => Err(DecodeError("flat options: unknown value type".into())),
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
