//! Reading JS values into the API's input types with serde-wasm-bindgen, through
//! [`api::decode`] so that every message names the path of the bad field.
//!
//! Objects are read by their own enumerable properties (as `JSON.stringify` reads them), so
//! that `deny_unknown_fields` sees every key: serde-wasm-bindgen reads a struct by looking
//! up the fields it expects and would not notice a misspelt one. A property whose value is
//! `undefined` counts as absent, as TypeScript's optional fields mean.

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

/// Decodes an object as [`decode_object`] does, leaving out the properties named in `skip`.
pub fn decode_object_without<T: DeserializeOwned>(
    value: &JsValue,
    skip: &'static [&'static str],
) -> crate::Result<T> {
    api::decode(Value {
        value: value.clone(),
        skip,
    })
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

/// A JS value to decode: objects by their entries (but those named in `skip`), everything
/// else by serde-wasm-bindgen.
struct Value {
    value: JsValue,
    skip: &'static [&'static str],
}

impl Value {
    fn new(value: JsValue) -> Value {
        Value { value, skip: &[] }
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
            skip: self.skip,
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
    skip: &'static [&'static str],
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
            if self.skip.contains(&key.as_str()) {
                continue;
            }
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
