//! JS value helpers shared by the wasm suites that call the exports directly.

use wasm_bindgen::{JsCast, JsError, JsValue};

/// A JS value parsed from JSON text.
pub fn js(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

/// A JS value as JSON text.
pub fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().into()
}

/// The message of a thrown JS `Error`.
pub fn message(error: JsError) -> String {
    let value: JsValue = error.into();
    value.dyn_into::<js_sys::Error>().unwrap().message().into()
}
