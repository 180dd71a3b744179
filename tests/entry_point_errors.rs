//! Every entry point other than `scoreBoard` (which `api_errors.rs` covers) rejects hostile
//! input with a message naming what and where, through the JSON decode path the wasm
//! boundary uses: `new Game`, `game.play`, `estimateDeadStones`, `scoreSgf`.
#![cfg(not(target_arch = "wasm32"))]

use go_score::api::{self, EstimateInput, GameOptionsInput, ScoreSgfOptions, SgfSource};
use go_score::sgf::EncodingRs;

/// The message with which decoding `json` as `I` or running `run` on it fails.
fn error_of<I: serde::de::DeserializeOwned, O>(
    json: &str,
    run: impl FnOnce(&I) -> go_score::Result<O>,
) -> String {
    match api::decode_json::<I>(json).and_then(|input| run(&input)) {
        Err(e) => e.message().to_string(),
        Ok(_) => panic!("{json} was accepted"),
    }
}

fn game_error(json: &str) -> String {
    error_of::<GameOptionsInput, _>(json, api::new_game)
}

#[test]
fn game_constructor_rejects_bad_options() {
    let cases = [
        (r#"{"width": 0}"#, "board width is 0; it must be 1 … 52"),
        (r#"{"width": 53}"#, "board width is 53; it must be 1 … 52"),
        (
            r#"{"width": 9, "height": 99}"#,
            "board height is 99; it must be 1 … 52",
        ),
        (
            r#"{"width": 9.5}"#,
            "width must be a whole number ≥ 0, got 9.5",
        ),
        (
            r#"{"width": -9}"#,
            "width must be a whole number ≥ 0, got -9",
        ),
        (
            r#"{"width": null}"#,
            "width must be a whole number ≥ 0, got NaN",
        ),
        (r#"{"width": 1e300}"#, "width is 1e300, more than the limit"),
        (
            r#"{"width": "19"}"#,
            "width: invalid type: string \"19\", expected f64",
        ),
        (r#"{"height": 9}"#, "missing field `width`"),
        (
            r#"{"width": 9, "rules": "klingon"}"#,
            "unknown rules \"klingon\"",
        ),
        (r#"{"width": 9, "komi": null}"#, "komi must be finite"),
        (
            r#"{"width": 9, "komi": 6.3}"#,
            "komi must be a multiple of 0.5, got 6.3",
        ),
        (
            r#"{"width": 9, "handicap": 2.5}"#,
            "handicap must be a whole number ≥ 0, got 2.5",
        ),
        (
            r#"{"width": 9, "handicap": -1}"#,
            "handicap must be a whole number ≥ 0, got -1",
        ),
        (
            r#"{"width": 3, "handicap": 9}"#,
            "handicap 9 leaves no point free on the 3×3 board",
        ),
        (r#"{"width": 9, "size": 9}"#, "unknown field `size`"),
        (r#"null"#, "invalid type: null"),
    ];
    for (json, expected) in cases {
        let message = game_error(json);
        assert!(message.starts_with(expected), "{json}: {message}");
    }
}

#[test]
fn play_rejects_bad_coordinates_and_the_game_keeps_working() {
    let input = api::decode_json::<GameOptionsInput>(r#"{"width": 9}"#).unwrap();
    let mut record = api::new_game(&input).unwrap();
    for (x, y) in [
        (f64::NAN, 0.0),
        (0.0, f64::INFINITY),
        (f64::NEG_INFINITY, 0.0),
        (1.5, 2.0),
        (1e300, 0.0),
        (4_294_967_296.0, 0.0),
        (-0.5, 0.0),
    ] {
        let error = api::play(&mut record, x, y).unwrap_err();
        assert!(
            error.message().ends_with("must be two whole numbers"),
            "[{x}, {y}]: {error}"
        );
    }
    for (x, y, expected) in [
        (9.0, 0.0, "move [9, 0] is off the 9×9 board"),
        (-1.0, 0.0, "move [-1, 0] is off the 9×9 board"),
        (0.0, 1e8, "move [0, 100000000] is off the 9×9 board"),
    ] {
        assert_eq!(
            api::play(&mut record, x, y).unwrap_err().message(),
            expected
        );
    }
    assert_eq!(record.game.action_count(), 0, "bad moves change nothing");
    api::play(&mut record, 4.0, 4.0).unwrap();
    assert_eq!(api::sign_map(record.game.board())[4][4], 1);
    // -0 is the whole number 0.
    api::play(&mut record, -0.0, 0.0).unwrap();
    assert_eq!(api::sign_map(record.game.board())[0][0], -1);
}

fn estimate_error(json: &str) -> String {
    error_of::<EstimateInput, _>(json, api::estimate_dead_stones)
}

#[test]
fn estimate_rejects_bad_boards_and_options() {
    let cases = [
        (r#"{"board": []}"#, "board has no rows"),
        (r#"{"board": [""]}"#, "board width is 0; it must be 1 … 52"),
        (
            r#"{"board": ["X..", ".."]}"#,
            "board row 1 has 2 points, expected 3",
        ),
        (
            r#"{"board": [[1, 0], [0, 2]]}"#,
            "board point [1, 1] is 2; expected -1, 0 or 1",
        ),
        (
            r#"{"board": [[1, null]]}"#,
            "board point [1, 0] is NaN; expected -1, 0 or 1",
        ),
        (
            r#"{"board": ["X", "Y"]}"#,
            "board point [0, 1] is 'Y'; expected 'X', 'O' or '.'",
        ),
        (
            r#"{"board": [true]}"#,
            "board[0]: invalid type: boolean `true`",
        ),
        (
            r#"{"board": ["XO", "OX"]}"#,
            "the black chain at [0, 0] has no liberties",
        ),
        (
            r#"{"board": ["X."], "rules": "klingon"}"#,
            "unknown rules \"klingon\"",
        ),
        (
            r#"{"board": ["X."], "seed": 0.5}"#,
            "seed must be a whole number",
        ),
        (
            r#"{"board": ["X."], "seed": -2}"#,
            "seed must be a whole number",
        ),
        (
            r#"{"board": ["X."], "effort": 2.5}"#,
            "effort must be a whole number ≥ 0, got 2.5",
        ),
        (
            r#"{"board": ["X."], "effort": -3}"#,
            "effort must be a whole number ≥ 0, got -3",
        ),
        (
            r#"{"board": ["X."], "ownership": [[0, 0.5, 1]]}"#,
            "ownership row 0 has 3 points, expected 2",
        ),
        (
            r#"{"board": ["X."], "ownership": [[0, "1"]]}"#,
            "ownership[0][1]: invalid type: string",
        ),
        (r#"{"board": ["X."], "dead": []}"#, "unknown field `dead`"),
    ];
    for (json, expected) in cases {
        let message = estimate_error(json);
        assert!(message.starts_with(expected), "{json}: {message}");
    }
    let rows: Vec<String> = vec![".".repeat(53); 2];
    let message = estimate_error(&serde_json::json!({ "board": rows }).to_string());
    assert_eq!(message, "board width is 53; it must be 1 … 52");
}

fn sgf_error(sgf: &[u8], options: &str) -> String {
    let options = match api::decode_json::<ScoreSgfOptions>(options) {
        Err(e) => return e.message().to_string(),
        Ok(options) => options,
    };
    match api::score_sgf(&SgfSource::Bytes(sgf.to_vec()), &options, &EncodingRs) {
        Err(e) => e.message().to_string(),
        Ok(_) => panic!(
            "{:?} with {options:?} was accepted",
            String::from_utf8_lossy(sgf)
        ),
    }
}

#[test]
fn score_sgf_rejects_malformed_files_and_bad_options() {
    let game = b"(;GM[1]SZ[9]KM[6.5];B[ee];W[cc])";
    let cases: [(&[u8], &str, &str); 14] = [
        (b"", "{}", "malformed SGF: no game tree"),
        (b"hello", "{}", "malformed SGF: no game tree"),
        (b"(;SZ[9];B[ee]", "{}", "malformed SGF"),
        (b"(;SZ[9]C[unclosed)", "{}", "malformed SGF"),
        (b"(;GM[2]SZ[9])", "{}", "the SGF holds a game other than Go"),
        (b"(;SZ[60])", "{}", "SZ: board width is 60"),
        (
            b"(;SZ[9];B[jj])",
            "{}",
            "move 1 (B[jj]) is off the 9×9 board",
        ),
        (b"(;SZ[9]KM[6.3])", "{}", "KM[6.3] is not a komi"),
        (b"(;SZ[9];B[ee];W[ee])", "{}", "move 2"),
        (
            game,
            r#"{"dead": [[0, 0]]}"#,
            "dead vertex [0, 0] has no stone",
        ),
        (
            game,
            r#"{"dead": [[9, 0]]}"#,
            "dead vertex [9, 0] is off the 9×9 board",
        ),
        (
            game,
            r#"{"dead": [[0.5, 0]]}"#,
            "dead vertex [0.5, 0] must be two whole numbers",
        ),
        (
            game,
            r#"{"komi": 0.1}"#,
            "komi must be a multiple of 0.5, got 0.1",
        ),
        (game, r#"{"rules": "klingon"}"#, "unknown rules \"klingon\""),
    ];
    for (sgf, options, expected) in cases {
        let message = sgf_error(sgf, options);
        assert!(
            message.starts_with(expected),
            "{:?} {options}: {message}",
            String::from_utf8_lossy(sgf)
        );
    }
    for (options, expected) in [
        (
            r#"{"captures": {"black": -1, "white": 0}}"#,
            "captures.black must be a whole number ≥ 0, got -1",
        ),
        (
            r#"{"passes": {"black": 1.5, "white": 0}}"#,
            "passes.black must be a whole number ≥ 0, got 1.5",
        ),
        (
            r#"{"handicap": 1e12}"#,
            "handicap is 1000000000000, more than the limit 81",
        ),
        (
            r#"{"lastToPlay": "red"}"#,
            "lastToPlay must be 'black' or 'white', got \"red\"",
        ),
        (r#"{"board": ["X"]}"#, "unknown field `board`"),
    ] {
        let message = sgf_error(game, options);
        assert!(message.starts_with(expected), "{options}: {message}");
    }
    // After all that, a good call works.
    let options = api::decode_json::<ScoreSgfOptions>("{}").unwrap();
    let result = api::score_sgf(&SgfSource::Bytes(game.to_vec()), &options, &EncodingRs).unwrap();
    assert_eq!(result.komi, 6.5);
}
