//! Where the dead stones of a score come from: the `dead` field's modes (`'auto'`,
//! `'record'`, `'estimate'`, `'none'`, vertices) for `scoreSgf` / `Game.score` and
//! `scoreBoard`, and the `deadFrom` / `dead` fields of the result.
// Native only: reads records with encoding_rs (the wasm build decodes through the platform).
#![cfg(not(target_arch = "wasm32"))]

use go_score::api::{
    decode_json_object, read_sgf_source, score_board, score_record, score_sgf, ScoreInput,
    ScoreResult, ScoreSgfOptions, SgfSource,
};
use go_score::estimate::{estimate, vertices_of, EstimateOptions};
use go_score::sgf::EncodingRs;
use go_score::Board;

/// A finished 9×9 game: White's stone at the top left is dead in Black's area.
const BOARD: [&str; 9] = [
    ".O.XO....",
    "...XO....",
    "XXXXO....",
    "...XO..O.",
    "...XO....",
    "...XOO...",
    "...XXO...",
    "....XO...",
    "....XO...",
];

/// The same game as an SGF record, set up with `AB`/`AW`, with or without the players'
/// `TB`/`TW` marks (which make White's top-left stone dead).
fn record(marks: bool) -> Vec<u8> {
    // Black's territory on the top left, the dead white stone's point included.
    let marks = if marks {
        "TB[aa][ba][ca][ab][bb][cb][ad][bd][cd]"
    } else {
        ""
    };
    setup_record(&BOARD, marks, "")
}

/// An SGF record of `rows` (a Japanese game, komi 6.5) set up with `AB`/`AW`, `extra`
/// properties on its root node, then `moves` (whole nodes, such as `";W[]"`).
fn setup_record(rows: &[&str], extra: &str, moves: &str) -> Vec<u8> {
    let board = Board::from_rows(rows).unwrap();
    let point = |p: usize| {
        let (x, y) = board.vertex(p);
        format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
    };
    let of = |c: go_score::Color| -> String {
        (0..board.len())
            .filter(|&p| board.get(p) == Some(c))
            .map(point)
            .collect()
    };
    format!(
        "(;GM[1]FF[4]SZ[{}:{}]KM[6.5]RU[Japanese]AB{}AW{}{extra}{moves})",
        board.width(),
        board.height(),
        of(go_score::Color::Black),
        of(go_score::Color::White)
    )
    .into_bytes()
}

fn options(json: &str) -> ScoreSgfOptions {
    decode_json_object(json).unwrap()
}

fn score(marks: bool, json: &str) -> ScoreResult {
    score_sgf(
        &SgfSource::Bytes(record(marks)),
        &options(json),
        &EncodingRs,
    )
    .unwrap()
    .score
}

fn estimated() -> Vec<[usize; 2]> {
    let board = Board::from_rows(&BOARD).unwrap();
    let e = estimate(&board, &EstimateOptions::default()).unwrap();
    vertices_of(&board, &e.dead)
        .into_iter()
        .map(|(x, y)| [x, y])
        .collect()
}

#[test]
fn the_estimate_finds_the_dead_stones_of_this_game() {
    assert_eq!(estimated(), vec![[1, 0]]);
}

#[test]
fn by_default_a_record_is_scored_with_its_own_marks() {
    let marked = score(true, "{}");
    assert_eq!(marked.dead_from, "record");
    assert_eq!(marked.dead, vec![[1, 0]]);
    let unmarked = score(false, "{}");
    assert_eq!(unmarked.dead_from, "record");
    assert!(unmarked.dead.is_empty());
}

#[test]
fn auto_takes_the_marks_when_there_are_any_and_estimates_otherwise() {
    let marked = score(true, r#"{"dead": "auto"}"#);
    assert_eq!(marked.dead_from, "record");
    assert_eq!(marked.dead, vec![[1, 0]]);
    let unmarked = score(false, r#"{"dead": "auto"}"#);
    assert_eq!(unmarked.dead_from, "estimate");
    assert_eq!(unmarked.dead, estimated());
    assert_eq!(unmarked.result, marked.result);
}

#[test]
fn estimate_ignores_the_marks_and_none_and_vertices_are_the_callers() {
    let estimate = score(true, r#"{"dead": "estimate"}"#);
    assert_eq!(estimate.dead_from, "estimate");
    assert_eq!(estimate.dead, estimated());
    let none = score(true, r#"{"dead": "none"}"#);
    assert_eq!(none.dead_from, "given");
    assert!(none.dead.is_empty());
    let given = score(false, r#"{"dead": [[1, 0]]}"#);
    assert_eq!(given.dead_from, "given");
    assert_eq!(given.dead, vec![[1, 0]]);
    assert_eq!(given.result, estimate.result);
}

#[test]
fn a_game_scores_as_its_record_does() {
    let record = read_sgf_source(&SgfSource::Bytes(record(false)), &EncodingRs).unwrap();
    let game = score_record(&record, &options(r#"{"dead": "auto"}"#)).unwrap();
    let sgf = score(false, r#"{"dead": "auto"}"#);
    assert_eq!(game.dead_from, sgf.dead_from);
    assert_eq!(game.dead, sgf.dead);
    assert_eq!(game.margin, sgf.margin);
}

#[test]
fn score_board_estimates_too_but_has_no_record() {
    let input = |dead: &str| -> ScoreInput {
        decode_json_object(&format!(
            r#"{{"board": {}, "dead": {dead}}}"#,
            serde_json::to_string(&BOARD).unwrap()
        ))
        .unwrap()
    };
    let result = score_board(&input(r#""estimate""#)).unwrap();
    assert_eq!(result.dead_from, "estimate");
    assert_eq!(result.dead, estimated());
    let err = score_board(&input(r#""record""#)).unwrap_err();
    assert_eq!(
        err.message(),
        "dead: 'record' needs a game record (scoreSgf or Game.score)"
    );
    let plain: ScoreInput = decode_json_object(&format!(
        r#"{{"board": {}}}"#,
        serde_json::to_string(&BOARD).unwrap()
    ))
    .unwrap();
    let result = score_board(&plain).unwrap();
    assert_eq!(result.dead_from, "given");
    assert!(result.dead.is_empty());
}

#[test]
fn the_estimate_gives_a_race_whoever_moves_first_wins_to_the_records_next_player() {
    // White's three stones in Black's corner: Black, moving first, fills their four
    // liberties first; White, moving first, keeps a seki.
    let rows = [
        "OOOOOO.O.",
        "XXXXOOOOO",
        "..XX.O...",
        ".O.X.O...",
        "OO.X.O...",
    ];
    let white_stones = vec![[1, 3], [0, 4], [1, 4]];
    let dead_after = |moves: &str| {
        let source = SgfSource::Bytes(setup_record(&rows, "", moves));
        score_sgf(&source, &options(r#"{"dead": "estimate"}"#), &EncodingRs)
            .unwrap()
            .score
            .dead
    };
    assert_eq!(dead_after(";B[];W[]"), white_stones);
    assert!(dead_after(";W[];B[]").is_empty());
    // Set up with no move: nobody is known to move next.
    assert!(dead_after("").is_empty());
    // scoreBoard takes the last mover as a field.
    let board_dead = |last: &str| {
        let json = format!(
            r#"{{"board": {}, "dead": "estimate"{last}}}"#,
            serde_json::to_string(&rows).unwrap()
        );
        score_board(&decode_json_object(&json).unwrap())
            .unwrap()
            .dead
    };
    assert_eq!(board_dead(r#", "lastToPlay": "white""#), white_stones);
    assert!(board_dead(r#", "lastToPlay": "black""#).is_empty());
}

#[test]
fn an_unknown_mode_is_named() {
    let err = decode_json_object::<ScoreSgfOptions>(r#"{"dead": "guess"}"#).unwrap_err();
    assert_eq!(
        err.message(),
        "dead: invalid value: string \"guess\", expected a list of vertices or one of 'auto', 'record', 'estimate', 'none'"
    );
}

#[test]
fn tromp_taylor_takes_every_stone_as_alive() {
    let estimate = score(false, r#"{"dead": "estimate", "rules": "tromp-taylor"}"#);
    assert_eq!(estimate.dead_from, "estimate");
    assert!(estimate.dead.is_empty());
    let auto = score(true, r#"{"dead": "auto", "rules": "tromp-taylor"}"#);
    assert_eq!(auto.dead_from, "given");
    assert!(auto.dead.is_empty());
}
