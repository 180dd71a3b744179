//! The wasm API in headless Chromium (`wasm-pack test --headless --chrome`): the shared
//! cases of `wasm_cases/`, plus values that come from the browser's own JSON parser.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[macro_use]
mod wasm_cases;

all_wasm_cases!();

/// Input as a page gets it from `fetch(...).json()`: parsed by the browser, not built field
/// by field.
#[wasm_bindgen_test]
fn input_parsed_from_json() {
    let json = r#"{"board": ["X.O", "X.O", "X.O"], "rules": "chinese", "komi": 0}"#;
    let input = js_sys::JSON::parse(json).expect("valid JSON");
    let result = wasm_cases::ok(go_score::wasm::score_board(input));
    assert_eq!(wasm_cases::number(&result, "area.black.total"), 3.0);
    assert_eq!(wasm_cases::number(&result, "area.white.total"), 3.0);
    assert_eq!(wasm_cases::string(&result, "result"), "Draw");
    assert_eq!(wasm_cases::number(&result, "ownership.1.1"), 0.0);
}
