//! `estimateDeadStones` through the wasm boundary (run with `wasm-pack test --node`): JS
//! values in and out, the engine-ownership path, and JS errors naming the bad field.
#![cfg(target_arch = "wasm32")]

use go_score::wasm::estimate_dead_stones;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_js;
use wasm_js::{js, json, message};

fn field(value: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap()
}

#[wasm_bindgen_test]
fn a_stone_inside_a_territory_is_dead() {
    let input = js(r#"{"board": [
        ".....X...",
        "..O..X...",
        ".....X...",
        "XXXXXX...",
        "........."], "seed": 7, "effort": 60}"#);
    let estimate = estimate_dead_stones(input).unwrap();
    assert_eq!(json(&field(&estimate, "dead")), "[[2,1]]");
    let ownership = js_sys::Array::from(&field(&estimate, "ownership"));
    assert_eq!(ownership.length(), 5);
    let row = js_sys::Array::from(&ownership.get(0));
    assert_eq!(row.length(), 9);
    assert!(row.get(0).as_f64().unwrap() > 0.5);
    assert_eq!(json(&field(&estimate, "needsSealing")), "[]");
}

#[wasm_bindgen_test]
fn engine_ownership_decides_and_seals() {
    // Black's area on the left leaks through [3, 1] to the white stone at [4, 1].
    let input = js(
        r#"{"board": [[1, 0, 0, 0, -1], [1, 0, 0, 0, -1], [1, 1, 0, 0, -1]],
        "ownership": [[1, 1, 1, 0.8, -1], [1, 1, 1, 0.5, -1], [1, 1, 1, 0.2, -1]]}"#,
    );
    let estimate = estimate_dead_stones(input).unwrap();
    assert_eq!(json(&field(&estimate, "dead")), "[]");
    assert_eq!(
        json(&field(&estimate, "needsSealing")),
        "[[3,0],[3,1],[3,2]]"
    );
}

#[wasm_bindgen_test]
fn bad_inputs_throw_errors_that_name_the_field() {
    let error = |text: &str| message(estimate_dead_stones(js(text)).unwrap_err());
    assert_eq!(
        error(r#"{"board": ["X.", ".."], "ownership": [[0, 0], [0, 1.5]]}"#),
        "ownership at [1, 1] is 1.5; expected a number from -1 to 1"
    );
    assert!(error(r#"{"board": ["X."], "sead": 1}"#).contains("sead"));
    // The module keeps working after an error.
    assert!(estimate_dead_stones(js(r#"{"board": ["X.."]}"#)).is_ok());
}
