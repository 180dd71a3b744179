//! Dead stones estimated on finished engine games whose dead stones are known: GNU Go
//! self-play on 9×9, 13×13 and 19×19, some with random moves or a late invasion
//! (`tests/fixtures/engine_games/`, see its `make.py`),
//! the board sizes the real-game corpus lacks. The floor is on the validation part, which
//! was never tuned on: the figure reached, less a small margin, so a regression fails;
//! `examples/engine_games.rs` is the loop for looking at misses.
// Native only: a few seconds of estimates (the wasm build is tested elsewhere).
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/engine_games.rs"]
mod engine_games;
#[path = "common/split.rs"]
mod split;

use engine_games::{engine_games, estimated_dead};
use split::part_of;

#[test]
fn dead_stones_of_finished_engine_games_are_found() {
    let games = engine_games(include_str!("fixtures/engine_games/games.jsonl"));
    let validation: Vec<_> = games
        .iter()
        .filter(|g| part_of(&g.id) == "validation")
        .collect();
    let sizes = |n: usize| validation.iter().filter(|g| g.board.width() == n).count();
    assert_eq!(games.len(), GAMES);
    let kind = |tag: &str| validation.iter().filter(|g| g.id.contains(tag)).count();
    assert!(
        sizes(9) > 100 && sizes(13) > 20 && sizes(19) > 0,
        "every size is there"
    );
    assert!(
        kind("-inv-") > 100 && kind("-n2") > 100 && kind("-h") > 80,
        "the late invasions, the games of 20–25 % random moves and the handicap games are there"
    );
    let exact: Vec<&str> = validation
        .iter()
        .filter(|g| estimated_dead(g) == g.dead)
        .map(|g| g.id.as_str())
        .collect();
    let pct = 100.0 * exact.len() as f64 / validation.len() as f64;
    println!(
        "{} validation games: dead stones exact on {pct:.1}%",
        validation.len()
    );
    assert!(pct >= EXACT_FLOOR, "dead stones exact on {pct:.1}%");
}

/// The corpus as committed (a changed file must be looked at again).
const GAMES: usize = 1861;
/// Reached when written: 97.4 % (818 of 840) on the validation part, with the late
/// invasions, the games of 20–25 % random moves and 85 more 19×19 self-play games (97.6 %,
/// 367 of 376, before them); 97.1 % (906 of 933) with the handicap games added later
/// (13×13 handicap games are the hardest kind, 54 of 60). The floor is below both.
const EXACT_FLOOR: f64 = 95.5;

#[test]
fn dead_stones_of_held_out_engine_games_are_found() {
    let games = engine_games(include_str!("fixtures/engine_games/heldout.jsonl"));
    assert_eq!(games.len(), HELD_OUT_GAMES);
    let kind = |tag: &str| games.iter().filter(|g| g.id.contains(tag)).count();
    let sizes = |n: usize| games.iter().filter(|g| g.board.width() == n).count();
    assert!(
        sizes(9) > 200 && sizes(13) > 100 && sizes(19) > 30,
        "every size is there"
    );
    assert!(
        kind("-inv") > 100 && kind("-h") > 100 && kind("-n") > 200,
        "late invasions, handicap games and games with random moves are there"
    );
    let exact = games.iter().filter(|g| estimated_dead(g) == g.dead).count();
    let pct = 100.0 * exact as f64 / games.len() as f64;
    println!(
        "{} held-out games: dead stones exact on {pct:.1}%",
        games.len()
    );
    assert!(pct >= HELD_OUT_FLOOR, "dead stones exact on {pct:.1}%");
}

/// The held-out games as committed.
const HELD_OUT_GAMES: usize = 570;
/// Reached when written (2026-11-26): 98.4 % (561 of 570); the floor is about two points
/// below.
const HELD_OUT_FLOOR: f64 = 96.5;
