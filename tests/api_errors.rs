//! Bad input gets an error whose message names what is wrong and where: checked through
//! the same decode path the JavaScript boundary uses.

use go_score::api::{self, ScoreInput};
use serde_json::{json, Value};

fn error_of(input: Value) -> String {
    match api::decode::<_, ScoreInput>(input) {
        Err(err) => err.message().to_string(),
        Ok(input) => match api::score_board(&input) {
            Err(err) => err.message().to_string(),
            Ok(_) => panic!("expected an error"),
        },
    }
}

fn board19() -> Vec<String> {
    vec![".".repeat(19); 19]
}

#[test]
fn board_shape_and_values() {
    let mut ragged = board19();
    ragged[3].pop();
    assert_eq!(
        error_of(json!({"board": ragged})),
        "board row 3 has 18 points, expected 19"
    );
    assert_eq!(
        error_of(json!({"board": [[0, 2], [0, 0]]})),
        "board point [1, 0] is 2; expected -1, 0 or 1"
    );
    assert_eq!(
        error_of(json!({"board": [[0, 0.5]]})),
        "board point [1, 0] is 0.5; expected -1, 0 or 1"
    );
    assert_eq!(
        error_of(json!({"board": ["X.", ".Z"]})),
        "board point [1, 1] is 'Z'; expected 'X', 'O' or '.'"
    );
    assert_eq!(error_of(json!({"board": []})), "board has no rows");
    assert_eq!(
        error_of(json!({"board": [""]})),
        "board width is 0; it must be 1 … 52"
    );
    assert_eq!(
        error_of(json!({"board": vec![".".repeat(53)]})),
        "board width is 53; it must be 1 … 52"
    );
    assert_eq!(
        error_of(json!({"board": vec!["."; 60]})),
        "board height is 60; it must be 1 … 52"
    );
    let msg = error_of(json!({"board": [true]}));
    assert!(
        msg.starts_with("board[0]: invalid type: boolean `true`, expected a row string"),
        "{msg}"
    );
    let msg = error_of(json!({"board": "X.O"}));
    assert!(msg.starts_with("board: invalid type: string"), "{msg}");
    let msg = error_of(json!({}));
    assert_eq!(msg, "missing field `board`");
}

#[test]
fn illegal_position() {
    assert_eq!(
        error_of(json!({"board": ["XO.", "O..", "..."]})),
        "the black chain at [0, 0] has no liberties"
    );
}

#[test]
fn options() {
    let b = board19();
    assert_eq!(
        error_of(json!({"board": b, "komi": 0.3})),
        "komi must be a multiple of 0.5, got 0.3"
    );
    assert!(error_of(json!({"board": b, "komi": "6.5"})).starts_with("komi: invalid type: string"));
    let msg = error_of(json!({"board": b, "rules": "go"}));
    assert!(
        msg.starts_with("unknown rules \"go\"; expected one of japanese"),
        "{msg}"
    );
    assert_eq!(
        error_of(json!({"board": b, "captures": {"black": -1}})),
        "captures.black must be a whole number ≥ 0, got -1"
    );
    assert_eq!(
        error_of(json!({"board": b, "passes": {"white": 1.5}})),
        "passes.white must be a whole number ≥ 0, got 1.5"
    );
    assert_eq!(
        error_of(json!({"board": b, "handicap": 400})),
        "handicap is 400, more than the limit 361"
    );
    assert_eq!(
        error_of(json!({"board": b, "lastToPlay": "red"})),
        "lastToPlay must be 'black' or 'white', got \"red\""
    );
    assert!(error_of(json!({"board": b, "handicapCompensation": "2n"}))
        .starts_with("unknown handicapCompensation"));
    let msg = error_of(json!({"board": b, "komí": 6.5}));
    assert!(
        msg.starts_with("unknown field `komí`, expected one of"),
        "{msg}"
    );
    let msg = error_of(json!({"board": b, "captures": {"blak": 1}}));
    assert!(msg.starts_with("captures: unknown field `blak`"), "{msg}");
}

#[test]
fn dead_vertices() {
    let mut b = board19();
    b[4].replace_range(3..4, "X");
    assert_eq!(
        error_of(json!({"board": b, "dead": [[20, 4]]})),
        "dead vertex [20, 4] is off the 19×19 board"
    );
    assert_eq!(
        error_of(json!({"board": b, "dead": [[3, 3]]})),
        "dead vertex [3, 3] has no stone"
    );
    assert_eq!(
        error_of(json!({"board": b, "dead": [[-1, 0]]})),
        "dead vertex [-1, 0] is off the 19×19 board"
    );
    assert_eq!(
        error_of(json!({"board": b, "dead": [[1.5, 0]]})),
        "dead vertex [1.5, 0] must be two whole numbers"
    );
    let msg = error_of(json!({"board": b, "dead": [[1, 2, 3]]}));
    assert!(msg.starts_with("dead[0]: invalid length 3"), "{msg}");
}

#[test]
fn a_good_call_after_bad_ones_works() {
    let _ = error_of(json!({"board": [[5]]}));
    let input: ScoreInput = api::decode(json!({"board": ["X.", ".O"], "komi": 0})).unwrap();
    let result = api::score_board(&input).unwrap();
    assert_eq!(result.area.black.stones, 1);
}

/// JavaScript's NaN and ±Infinity cross the boundary as JSON `null`: they must fail the
/// checks, never read as "not given".
#[test]
fn nan_and_infinity_arrive_as_null_and_are_rejected() {
    let b = board19();
    assert_eq!(
        error_of(json!({"board": b, "komi": null})),
        "komi must be finite"
    );
    assert_eq!(
        error_of(json!({"board": [[0, null]]})),
        "board point [1, 0] is NaN; expected -1, 0 or 1"
    );
    assert_eq!(
        error_of(json!({"board": b, "captures": {"black": null}})),
        "captures.black must be a whole number ≥ 0, got NaN"
    );
    assert_eq!(
        error_of(json!({"board": b, "handicap": null})),
        "handicap must be a whole number ≥ 0, got NaN"
    );
    assert_eq!(
        error_of(json!({"board": b, "dead": [[null, 1]]})),
        "dead vertex [NaN, 1] must be two whole numbers"
    );
}

/// The boundary decodes `JSON.stringify`'s text; messages name fields, not text positions.
#[test]
fn json_text_errors_name_fields_not_positions() {
    let err = api::decode_json::<ScoreInput>(r#"{"board": ["X."], "komi": "6.5"}"#).unwrap_err();
    assert_eq!(
        err.message(),
        "komi: invalid type: string \"6.5\", expected f64"
    );
    let err = api::decode_json::<ScoreInput>(r#"{"board": ["X."], "komy": 1}"#).unwrap_err();
    assert!(
        err.message()
            .starts_with("unknown field `komy`, expected one of"),
        "{err}"
    );
    assert!(!err.message().contains("line"), "{err}");
    let ok = api::decode_json::<ScoreInput>(r#"{"board": [[1, 0], [0, -1]]}"#).unwrap();
    assert_eq!(api::score_board(&ok).unwrap().rules, "japanese");
}

/// classifyRegions takes the same input as scoreBoard and rejects the same bad values.
#[test]
fn classify_regions_rejects_what_score_board_rejects() {
    for (input, message) in [
        (json!({"board": board19(), "komi": 0.3}), "komi must be a multiple of 0.5, got 0.3"),
        (json!({"board": board19(), "komi": null}), "komi must be finite"),
        (json!({"board": board19(), "rules": "go"}), "unknown rules \"go\"; expected one of japanese, korean, chinese, aga, ing, nz, tromp-taylor"),
    ] {
        let input: ScoreInput = api::decode(input).unwrap();
        assert_eq!(api::classify_regions(&input).unwrap_err().message(), message);
    }
}

/// An array where an options object belongs is refused, not read as the fields in order
/// (found by fuzzing: `new Game([9])` made a 9×9 game).
#[test]
fn arrays_are_not_options_objects() {
    let err = api::decode_json_object::<ScoreInput>(r#"[["X."]]"#).unwrap_err();
    assert_eq!(err.message(), "input must be an object, got an array");
    let err = api::decode_json_object::<api::GameOptionsInput>(" [9]").unwrap_err();
    assert_eq!(err.message(), "input must be an object, got an array");
    let ok = api::decode_json_object::<ScoreInput>(r#"{"board": ["X."]}"#).unwrap();
    assert_eq!(api::score_board(&ok).unwrap().area.black.stones, 1);
}

/// Counts must be `{ black, white }` objects; an array is not read as the fields in order.
#[test]
fn counts_are_objects() {
    let b = board19();
    let msg = error_of(json!({"board": b, "captures": [1, 2]}));
    assert!(
        msg.starts_with("captures: invalid type: sequence, expected an object { black, white }"),
        "{msg}"
    );
    let msg = error_of(json!({"board": b, "passes": "2"}));
    assert!(msg.starts_with("passes: invalid type: string"), "{msg}");
    // null means "not given", as for the other optional fields.
    let input: ScoreInput = api::decode(json!({"board": b, "captures": null})).unwrap();
    assert!(api::score_board(&input).is_ok());
    assert_eq!(
        error_of(json!({"board": b, "captures": {"black": 1e300}})),
        "captures.black is 1e300, more than the limit 1000000"
    );
}
