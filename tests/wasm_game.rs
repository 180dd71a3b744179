//! The `Game` class and `scoreSgf` through the wasm boundary (run with
//! `wasm-pack test --node`): JS values in and out, bytes, optional arguments, JS errors.
#![cfg(target_arch = "wasm32")]

use go_score::wasm::{score_sgf, WasmGame};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

mod wasm_js;
use wasm_js::{js, json, message};

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

/// A bad call to each entry point throws a JS `Error`, and the next good call works.
#[wasm_bindgen_test]
fn bad_calls_then_good_calls() {
    for _ in 0..2 {
        for (opts, expected) in [
            (r#"{"width": 0}"#, "board width is 0; it must be 1 … 52"),
            (
                r#"{"width": 9.5}"#,
                "width must be a whole number ≥ 0, got 9.5",
            ),
            (
                r#"{"width": null}"#,
                "width must be a whole number ≥ 0, got NaN",
            ),
            (
                r#"{"width": 9, "rules": "klingon"}"#,
                "unknown rules \"klingon\"",
            ),
        ] {
            let err = WasmGame::new(js(opts)).err().unwrap();
            assert!(message(err).starts_with(expected), "{opts}");
        }
        let err = WasmGame::new(JsValue::UNDEFINED).err().unwrap();
        assert!(!message(err).is_empty());
        let mut game = WasmGame::new(js(r#"{"width": 9}"#)).unwrap();
        for (x, y) in [
            (f64::NAN, 0.0),
            (1.5, 0.0),
            (1e300, 0.0),
            (0.0, f64::INFINITY),
        ] {
            let err = game.play(x, y).unwrap_err();
            assert!(
                message(err).ends_with("must be two whole numbers"),
                "[{x}, {y}]"
            );
        }
        let err = game.play(9.0, 0.0).unwrap_err();
        assert_eq!(message(err), "move [9, 0] is off the 9×9 board");
        game.play(4.0, 4.0).unwrap();
        assert_eq!(game.to_play(), "white");

        let err = WasmGame::from_sgf(JsValue::from_str("(;SZ[9];B[ee]"))
            .err()
            .unwrap();
        assert!(message(err).starts_with("malformed SGF"));
        let bytes = js_sys::Uint8Array::from(&[0xff_u8, 0xfe, 0x00][..]);
        assert!(WasmGame::from_sgf(bytes.into()).is_err());
        let game = WasmGame::from_sgf(JsValue::from_str("(;SZ[9];B[ee])")).unwrap();
        assert_eq!(json(&game.board_at(1.0).unwrap()).matches('1').count(), 1);

        let err = score_sgf(JsValue::from_str("(;SZ[60])"), None).unwrap_err();
        assert!(message(err).contains("board width is 60"));
        let err = score_sgf(
            JsValue::from_str("(;SZ[9];B[ee])"),
            Some(js(r#"{"dead": [[0, 0]]}"#)),
        )
        .unwrap_err();
        assert_eq!(message(err), "dead vertex [0, 0] has no stone");
        let result = score_sgf(JsValue::from_str("(;SZ[9]KM[0];B[ee])"), None).unwrap();
        assert!(
            json(&result).contains(r#""result":"B+"#),
            "{}",
            json(&result)
        );
    }
}

/// An array where an options object belongs throws instead of filling fields in order.
#[wasm_bindgen_test]
fn arrays_are_not_options_objects() {
    let err = WasmGame::new(js("[9]"))
        .err()
        .expect("an array is no options object");
    assert_eq!(message(err), "input must be an object, got an array");
    let err = go_score::wasm::score_board(js(r#"[["X."]]"#)).unwrap_err();
    assert_eq!(message(err), "input must be an object, got an array");
    assert!(WasmGame::new(js(r#"{"width": 9}"#)).is_ok());
}

/// The rules themselves, as JS gets them: every ruleset's conventions, default komi and
/// the fixed handicap points.
#[wasm_bindgen_test]
fn rulesets_default_komi_and_handicap_points() {
    let all = go_score::wasm::rulesets().unwrap();
    let text = json(&all);
    assert!(
        text.starts_with(
            r#"[{"name":"japanese","label":"Japanese","method":"territory","defaultKomi":6.5,"handicapKomi":0.5,"handicapCompensation":"none","tieWinner":null,"#
        ),
        "{text}"
    );
    assert!(
        text.contains(r#""name":"nz","label":"New Zealand","method":"area","defaultKomi":7,"#),
        "{text}"
    );
    assert_eq!(js_sys::Array::from(&all).length(), 7);
    let komi =
        |rules: &str, handicap| go_score::wasm::default_komi(JsValue::from_str(rules), handicap);
    assert_eq!(komi("ing", None).unwrap(), 8.0);
    assert_eq!(komi("chinese", Some(4.0)).unwrap(), 0.5);
    assert!(message(komi("go", None).unwrap_err()).starts_with("unknown rules \"go\""));
    let err = go_score::wasm::default_komi(JsValue::from_f64(1.0), None).unwrap_err();
    assert_eq!(message(err), "rules must be a string such as 'japanese'");
    let points = go_score::wasm::handicap_points(9.0, 9.0, 5.0).unwrap();
    assert_eq!(json(&points), "[[6,2],[2,6],[6,6],[2,2],[4,4]]");
    assert!(go_score::wasm::handicap_points(8.0, 8.0, 5.0)
        .unwrap()
        .is_null());
    let err = go_score::wasm::handicap_points(9.0, 9.0, 1.5).unwrap_err();
    assert_eq!(message(err), "count must be a whole number ≥ 0, got 1.5");
}

/// A diagram as JS reads it: a sign map and dead vertices, errors naming the bad point,
/// and a clear error for anything but a string.
#[wasm_bindgen_test]
fn read_diagram() {
    let diagram = go_score::wasm::read_diagram(JsValue::from_str("XO.\n+xo")).unwrap();
    assert_eq!(
        json(&diagram),
        r#"{"board":[[1,-1,0],[0,1,-1]],"dead":[[1,1],[2,1]]}"#
    );
    let err = go_score::wasm::read_diagram(JsValue::from_str("XO./X#.")).unwrap_err();
    assert_eq!(
        message(err),
        "board point [1, 1] is '#'; expected 'X', 'O', 'x', 'o', '.' or '+'"
    );
    let err = go_score::wasm::read_diagram(JsValue::from_f64(3.0)).unwrap_err();
    assert_eq!(
        message(err),
        "a diagram must be a string of rows such as 'XO./.XO'"
    );
}

/// Rules, komi and handicap set on a game read from SGF, and each move's captures.
#[wasm_bindgen_test]
fn settings_and_captures_of_a_record() {
    let sgf = "(;SZ[4]RU[NZ]KM[7]AB[ba][cb][dd][ad]AW[ca][dc][bd][bc][ab];B[da];W[cd];B[ac])";
    let mut game = WasmGame::from_sgf(JsValue::from_str(sgf)).unwrap();
    let moves = json(&game.moves().unwrap());
    assert!(
        moves.ends_with(r#"{"color":"black","vertex":[0,2],"captured":[[0,2],[0,3]],"captures":{"black":1,"white":3}}]"#),
        "{moves}"
    );
    let err = game.set_rules(JsValue::from_str("japanese")).unwrap_err();
    assert!(message(err).starts_with("move 3 is illegal: black [0, 2] is suicide"));
    assert_eq!(game.rules(), "nz");
    game.set_rules(JsValue::from_str("tromp-taylor")).unwrap();
    game.set_komi(0.5).unwrap();
    game.set_handicap(2.0).unwrap();
    assert_eq!(
        (game.rules(), game.komi(), game.handicap()),
        ("tromp-taylor".to_string(), 0.5, 2)
    );
    assert_eq!(
        message(game.set_komi(f64::NAN).unwrap_err()),
        "komi must be finite"
    );
    assert_eq!(
        message(game.set_handicap(17.0).unwrap_err()),
        "handicap is 17, more than the limit 16"
    );
    let sgf = game.to_sgf(None).unwrap();
    assert!(sgf.contains("RU[tromp-taylor]KM[0.5]HA[2]"), "{sgf}");
}

/// An OGS record counted by the rules and as OGS counts (a false eye of Black's at
/// [4, 1]), through the boundary: both counts, the point that makes the difference, and
/// the error for an unknown value.
#[wasm_bindgen_test]
fn server_conventions() {
    let sgf = "(;GM[1]SZ[9:5]PC[OGS: https://online-go.com/game/1]RU[Japanese]KM[0.5]\
        AB[ab][bb][cb][db][fb][gb][cc][ec][gc][gd][ge][ie]\
        AW[bc][dc][fc][ad][cd][dd][fd][ce][de][ee][fe])";
    let by_rules = json(&score_sgf(JsValue::from_str(sgf), None).unwrap());
    for part in [
        r#""conventions":"rules","server":"OGS","other":{"conventions":"OGS""#,
        r#""departures":[{"vertex":[4,1],"reason":"false-eye","margin":1}]"#,
    ] {
        assert!(by_rules.contains(part), "{by_rules}");
    }
    let game = WasmGame::from_sgf(JsValue::from_str(sgf)).unwrap();
    let as_ogs = json(
        &game
            .score(Some(js(r#"{"conventions": "server"}"#)))
            .unwrap(),
    );
    assert!(
        as_ogs.contains(r#""conventions":"OGS","server":"OGS","other":{"conventions":"rules""#),
        "{as_ogs}"
    );
    assert_eq!(game.server().as_deref(), Some("OGS"));
    let count = go_score::wasm::count_as_server(js(
        r#"{"board": [".........", "XXXX.XX..", ".OXOXOX..", "O.OO.OX..", "..OOOOX.X"],
            "komi": 0.5, "server": "OGS"}"#,
    ))
    .unwrap();
    let count = json(&count);
    assert!(
        count.ends_with(r#""departures":[{"vertex":[4,1],"reason":"false-eye","margin":1}]}"#),
        "{count}"
    );
    // Not a field of scoreBoard's input, whichever path decodes it.
    let err = go_score::wasm::score_board(js(r#"{"board": ["X."], "conventions": "server"}"#))
        .unwrap_err();
    assert!(message(err).starts_with("unknown field `conventions`"));
    let err = score_sgf(
        JsValue::from_str(sgf),
        Some(js(r#"{"conventions": "OGS"}"#)),
    )
    .unwrap_err();
    assert_eq!(
        message(err),
        "unknown conventions \"OGS\"; expected 'rules' or 'server'"
    );
}
