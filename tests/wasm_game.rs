//! The `Game` class and `scoreSgf` through the wasm boundary (run with
//! `wasm-pack test --node`): JS values in and out, bytes, optional arguments, JS errors.
#![cfg(target_arch = "wasm32")]

use go_score::wasm::{score_sgf, WasmGame};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn js(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().into()
}

fn message(error: JsError) -> String {
    let value: JsValue = error.into();
    value.dyn_into::<js_sys::Error>().unwrap().message().into()
}

#[wasm_bindgen_test]
fn play_pass_undo_and_getters() {
    let mut game = WasmGame::new(js(r#"{"width": 5, "rules": "chinese"}"#)).unwrap();
    game.play(1.0, 1.0).unwrap();
    game.play(2.0, 2.0).unwrap();
    game.pass().unwrap();
    assert_eq!(game.to_play(), "white");
    assert_eq!(game.last_to_play().as_string().as_deref(), Some("black"));
    assert_eq!(json(&game.passes().unwrap()), r#"{"black":1,"white":0}"#);
    assert_eq!(
        json(&game.board().unwrap()),
        "[[0,0,0,0,0],[0,1,0,0,0],[0,0,-1,0,0],[0,0,0,0,0],[0,0,0,0,0]]"
    );
    assert_eq!(
        message(game.play(1.0, 1.0).unwrap_err()),
        "white cannot play [1, 1]: the point holds a black stone"
    );
    game.undo().unwrap();
    game.undo().unwrap();
    game.undo().unwrap();
    assert!(game.last_to_play().is_null());
    assert_eq!(
        message(game.undo().unwrap_err()),
        "nothing to undo: the game is at its start"
    );
    let input = game.score_input(None).unwrap();
    assert_eq!(
        json(&input),
        r#"{"board":[[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],"dead":[],"rules":"chinese","komi":7.5,"captures":{"black":0,"white":0},"handicap":0,"passes":{"black":0,"white":0}}"#
    );
}

#[wasm_bindgen_test]
fn sgf_bytes_and_text() {
    let text = "(;SZ[5]KM[375]RU[Chinese];B[cc];W[];B[]TB[aa]TW[ee])";
    let bytes = js_sys::Uint8Array::from(text.as_bytes());
    let game = WasmGame::from_sgf(bytes.into()).unwrap();
    assert_eq!(game.komi(), 7.5);
    assert_eq!(
        json(&game.notes().unwrap()),
        r#"["KM[375] read as komi 7.5: hundredths of stones (Fox), doubled"]"#
    );
    assert_eq!(json(&game.dead_hints().unwrap()), "[]");
    let sgf = game.to_sgf(Some(js("[]"))).unwrap();
    assert!(sgf.contains("RE[B+17.5]"), "{sgf}");
    let again = WasmGame::from_sgf(JsValue::from_str(&sgf)).unwrap();
    assert_eq!(json(&again.moves().unwrap()), json(&game.moves().unwrap()));
    let result = score_sgf(JsValue::from_str(text), None).unwrap();
    let result = json(&result);
    assert!(result.contains(r#""result":"B+17.5""#), "{result}");
    let err = WasmGame::new(js(r#"{"width": 9, "sise": 9}"#))
        .err()
        .unwrap();
    assert!(message(err).starts_with("unknown field `sise`"));
    let err = score_sgf(JsValue::from_str(text), Some(js(r#"{"board": []}"#))).unwrap_err();
    assert!(message(err).starts_with("unknown field `board`"));
    let err = WasmGame::from_sgf(JsValue::from_f64(3.0)).err().unwrap();
    assert_eq!(message(err), "sgf must be a string or a Uint8Array");
    let err = score_sgf(JsValue::from_str("(;SZ[5];B[ff])"), None).unwrap_err();
    assert_eq!(message(err), "move 1 (B[ff]) is off the 5×5 board");
}
