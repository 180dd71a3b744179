//! The JS-facing decoder on arbitrary JSON: the first byte picks an entry point, the rest is
//! the JSON text `JSON.stringify` would hand the wasm boundary. Any input must give `Ok` or
//! an error, never a panic; successful results are checked for consistency. Every input type
//! is decoded here, the `dead` field in all its forms (vertices, `'auto'`, `'record'`,
//! `'estimate'`, `'none'`) included.
#![no_main]

use go_score::api::{
    self, CountingInput, DeadInput, EstimateInput, GameOptionsInput, ScoreInput, ScoreSgfOptions,
    SgfSource,
};
use go_score::sgf::EncodingRs;
use libfuzzer_sys::fuzz_target;

/// Playouts per estimate in the fuzzer: enough to exercise every stage, few enough to keep
/// executions fast.
const MAX_FUZZ_EFFORT: f64 = 4.0;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match selector % 5 {
        0 => score_and_classify(text),
        1 => estimate(text),
        2 => game_options(text),
        3 => score_sgf(text),
        _ => counting(text),
    }
});

fn score_and_classify(text: &str) {
    let Ok(input) = api::decode_json::<ScoreInput>(text) else {
        return;
    };
    let scored = api::score_board(&input);
    let classified = api::classify_regions(&input);
    // classifyRegions validates everything scoreBoard does.
    if scored.is_ok() {
        assert!(classified.is_ok(), "{classified:?}");
    }
    let (Ok(score), Ok(classes)) = (scored, classified) else {
        return;
    };
    let board = input
        .board
        .to_board()
        .expect("scored, so the board is valid");
    let (width, height) = (board.width(), board.height());
    assert_eq!(score.ownership.len(), height);
    assert!(score.ownership.iter().all(|row| row.len() == width));
    assert!(score
        .ownership
        .iter()
        .flatten()
        .all(|o| (-1..=1).contains(o)));
    for method in [&score.territory, &score.area] {
        assert!(method.margin.is_finite());
        assert_eq!(method.margin, method.black.total - method.white.total);
    }
    assert!(score.difference.other.is_finite());
    // The dead stones reported are stones, and come from where the input said.
    for &[x, y] in &score.dead {
        assert!(board.get(board.point(x, y)).is_some(), "dead [{x}, {y}]");
    }
    let expected_from: &[&str] = match input.dead {
        None | Some(DeadInput::None | DeadInput::Vertices(_)) => &["given"],
        Some(DeadInput::Estimate) => &["estimate"],
        // Rules with no dead-stone agreement take none.
        Some(DeadInput::Auto) => &["estimate", "given"],
        Some(DeadInput::Record) => &[],
    };
    assert!(expected_from.contains(&score.dead_from), "{}", score.dead_from);
    if matches!(input.dead, None | Some(DeadInput::None)) {
        assert!(score.dead.is_empty());
    }
    serde_json::to_string(&score).expect("a score serializes");

    // Every point is in at most one region and at most one group; stones in exactly one
    // group, every point without a living stone in exactly one region.
    let mut region_of = vec![None; board.len()];
    for region in &classes.regions {
        for &[x, y] in &region.points {
            let p = board.point(x, y);
            assert!(region_of[p].is_none(), "[{x}, {y}] in two regions");
            region_of[p] = Some(region.id);
        }
    }
    let mut group_of = vec![None; board.len()];
    for group in &classes.groups {
        for &[x, y] in &group.stones {
            let p = board.point(x, y);
            assert!(board.get(p).is_some(), "group stone on an empty point");
            assert!(group_of[p].is_none(), "[{x}, {y}] in two groups");
            group_of[p] = Some(group.id);
        }
    }
    for p in 0..board.len() {
        let (x, y) = board.vertex(p);
        assert_eq!(board.get(p).is_some(), group_of[p].is_some(), "[{x}, {y}]");
        let living = group_of[p].is_some_and(|g| classes.groups[g].status != "dead");
        assert_eq!(
            region_of[p].is_none(),
            living,
            "[{x}, {y}] region vs living stone"
        );
        let at = classes.region_at[y][x];
        assert_eq!(at, region_of[p].map_or(-1, |id| id as i32));
    }
    serde_json::to_string(&classes).expect("a classification serializes");
}

fn counting(text: &str) {
    let Ok(input) = api::decode_json::<CountingInput>(text) else {
        return;
    };
    let Ok(counting) = api::counting_steps(&input) else {
        return;
    };
    assert_eq!(counting.margin, counting.score_margin);
    assert!(!counting.steps.is_empty());
    serde_json::to_string(&counting).expect("a count serializes");
}

fn estimate(text: &str) {
    let Ok(mut input) = api::decode_json::<EstimateInput>(text) else {
        return;
    };
    input.effort = match input.effort {
        Some(e) if e > MAX_FUZZ_EFFORT => Some(MAX_FUZZ_EFFORT),
        None => Some(MAX_FUZZ_EFFORT),
        other => other,
    };
    let Ok(out) = api::estimate_dead_stones(&input) else {
        return;
    };
    let board = input
        .board
        .to_board()
        .expect("estimated, so the board is valid");
    assert_eq!(out.ownership.len(), board.height());
    for &[x, y] in &out.dead {
        assert!(
            board.get(board.point(x, y)).is_some(),
            "dead [{x}, {y}] has no stone"
        );
    }
    for &[x, y] in &out.needs_sealing {
        assert!(
            board.get(board.point(x, y)).is_none(),
            "sealing [{x}, {y}] is a stone"
        );
    }
    assert!(out
        .ownership
        .iter()
        .flatten()
        .all(|o| (-1.0..=1.0).contains(o)));
}

fn game_options(text: &str) {
    let Ok(input) = api::decode_json::<GameOptionsInput>(text) else {
        return;
    };
    let Ok(record) = api::new_game(&input) else {
        return;
    };
    let sgf = api::game_to_sgf(&record, None).expect("a new game writes");
    let again = go_score::read_sgf(&sgf).expect("a written game reads back");
    assert_eq!(again.game.board(), record.game.board());
    let _ = api::game_score_input(&record, None).expect("a new game has a score input");
}

fn score_sgf(text: &str) {
    let (sgf, options) = text.split_once('\0').unwrap_or((text, "{}"));
    let Ok(options) = api::decode_json::<ScoreSgfOptions>(options) else {
        return;
    };
    let source = SgfSource::Text(sgf.to_owned());
    let _ = api::score_sgf(&source, &options, &EncodingRs);
    let bytes = SgfSource::Bytes(sgf.as_bytes().to_vec());
    let _ = api::score_sgf(&bytes, &options, &EncodingRs);
}
