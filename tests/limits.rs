#![cfg(not(target_arch = "wasm32"))]
//! The largest legal inputs finish and stay within bounded memory: 52×52 boards of many
//! shapes through every entry point, a 10,000-move SGF, variation trees 100,000 nodes deep
//! and wide, and huge property values. These assert success and the outcome, never time
//! (speed is measured by the benchmarks); a recursion would overflow the stack here and a
//! quadratic blow-up would make the suite crawl.

mod common;

use go_score::api::{self, EstimateInput, ScoreInput, ScoreSgfOptions, SgfSource};
use go_score::rules::Ruleset;
use go_score::sgf::{read_sgf, write_sgf, EncodingRs};
use go_score::{Board, Color, GameRecord};
use serde_json::json;

const SIZE: usize = 52;

/// Every ruleset's API name.
fn rule_names() -> [&'static str; 7] {
    Ruleset::ALL.map(Ruleset::name)
}

fn board_of(f: impl Fn(usize, usize) -> char) -> Board {
    let rows: Vec<String> = (0..SIZE)
        .map(|y| (0..SIZE).map(|x| f(x, y)).collect())
        .collect();
    Board::from_rows(&rows).unwrap()
}

/// Isolated stones of both colours on every other point: 1,352 one-stone chains.
fn checkerboard() -> Board {
    board_of(|x, y| match ((x + y) % 2, x % 4 < 2) {
        (0, true) => 'X',
        (0, false) => 'O',
        _ => '.',
    })
}

/// One black chain snaking down the board, rows joined at alternate ends, with empty
/// corridors between: one chain of ~1,400 stones and long, thin regions.
fn serpentine() -> Board {
    board_of(|x, y| match y % 4 {
        0 | 2 => 'X',
        1 if x == SIZE - 1 => 'X',
        3 if x == 0 => 'X',
        _ => '.',
    })
}

/// A square spiral wall of black one point wide with a white spiral inside its corridor:
/// the deepest flood fills a 52×52 board allows.
fn spiral() -> Board {
    let mut board = Board::new(SIZE, SIZE).unwrap();
    // Walk inward along the rings 0, 2, 4, …: black on ring k ≡ 0 (mod 4), white on
    // ring k ≡ 2 (mod 4), each ring left open at one corner so the corridors connect.
    for ring in (0..SIZE / 2).step_by(2) {
        let color = if ring % 4 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let (lo, hi) = (ring, SIZE - 1 - ring);
        for i in lo..=hi {
            for (x, y) in [(i, lo), (i, hi), (lo, i), (hi, i)] {
                board.set(board.point(x, y), Some(color));
            }
        }
        // The gap: lets this ring's corridor lead to the next one.
        if ring + 1 < hi {
            board.set(board.point(lo, lo + 1), None);
        }
    }
    board
}

/// Vertical stripes of black, empty, white, empty: 26 long chains with a liberty each side.
fn stripes() -> Board {
    board_of(|x, _| match x % 4 {
        0 => 'X',
        2 => 'O',
        _ => '.',
    })
}

/// A random finished playout on the full 52×52 board.
fn playout() -> Board {
    common::random_game(7, SIZE, Ruleset::Chinese, 0)
        .board()
        .clone()
}

fn shapes() -> Vec<(&'static str, Board)> {
    vec![
        ("checkerboard", checkerboard()),
        ("serpentine", serpentine()),
        ("spiral", spiral()),
        ("stripes", stripes()),
        ("playout", playout()),
        ("empty", Board::new(SIZE, SIZE).unwrap()),
    ]
}

#[test]
fn largest_boards_score_and_classify_under_every_ruleset() {
    for (name, board) in shapes() {
        board
            .check_liberties()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let stones = board.rows();
        for rules in rule_names() {
            let input: ScoreInput =
                api::decode(json!({"board": stones, "rules": rules, "komi": 7.5})).unwrap();
            let score = api::score_board(&input).unwrap_or_else(|e| panic!("{name} {rules}: {e}"));
            assert_eq!(score.ownership.len(), SIZE);
            let classes = api::classify_regions(&input).unwrap();
            let in_groups: usize = classes.groups.iter().map(|g| g.stones.len()).sum();
            assert_eq!(
                in_groups,
                board.count(Color::Black) + board.count(Color::White),
                "{name}"
            );
            let in_regions: usize = classes.regions.iter().map(|r| r.points.len()).sum();
            assert_eq!(in_groups + in_regions, SIZE * SIZE, "{name} {rules}");
        }
    }
}

#[test]
fn largest_boards_with_every_chain_marked_dead() {
    for (name, board) in shapes() {
        let dead: Vec<[usize; 2]> = (0..board.len())
            .filter(|&p| board.get(p).is_some())
            .map(|p| {
                let (x, y) = board.vertex(p);
                [x, y]
            })
            .collect();
        let input: ScoreInput =
            api::decode(json!({"board": board.rows(), "dead": dead, "rules": "japanese"})).unwrap();
        let score = api::score_board(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Nothing is alive: no stones count and no one owns anything.
        assert_eq!(
            score.area.black.stones + score.area.white.stones,
            0,
            "{name}"
        );
    }
}

#[test]
fn largest_boards_estimate() {
    for (name, board) in shapes() {
        let input: EstimateInput =
            api::decode(json!({"board": board.rows(), "seed": 1, "effort": 20})).unwrap();
        let estimate = api::estimate_dead_stones(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(estimate.ownership.len(), SIZE, "{name}");
    }
    // The default effort on the largest board too.
    let input: EstimateInput = api::decode(json!({"board": playout().rows()})).unwrap();
    api::estimate_dead_stones(&input).unwrap();
}

/// A 19×19 game of exactly `moves` moves and passes, random but legal (a pass whenever
/// the random point is not playable), written as SGF.
fn long_game_sgf(moves: usize) -> (String, GameRecord) {
    let mut rng = common::Rng(0x5eed);
    let mut game = go_score::Game::new(&go_score::GameOptions::default()).unwrap();
    while game.action_count() < moves {
        let p = rng.below(19 * 19);
        let (x, y) = game.board().vertex(p);
        if game.play(x as i64, y as i64).is_err() {
            game.pass().unwrap();
        }
    }
    let record = GameRecord::new(game);
    (write_sgf(&record, None).unwrap(), record)
}

#[test]
fn ten_thousand_move_sgf_reads_replays_and_scores() {
    let (sgf, record) = long_game_sgf(10_000);
    let again = read_sgf(&sgf).unwrap();
    assert_eq!(again.game.action_count(), 10_000);
    assert_eq!(again.game.board(), record.game.board());
    assert_eq!(again.game.captures(), record.game.captures());
    let score = api::score_sgf(
        &SgfSource::Bytes(sgf.into_bytes()),
        &ScoreSgfOptions::default(),
        &EncodingRs,
    )
    .unwrap();
    assert_eq!(score.ownership.len(), 19);
}

#[test]
fn variation_tree_100k_nodes_deep() {
    // Every node opens a new variation inside the last: (;B[](;W[](;B[]…))).
    let depth = 100_000;
    let mut sgf = String::from("(;SZ[9]");
    for i in 0..depth {
        sgf += if i % 2 == 0 { "(;B[]" } else { "(;W[]" };
    }
    sgf += &")".repeat(depth + 1);
    let record = read_sgf(&sgf).unwrap();
    assert_eq!(
        record.game.passes().black + record.game.passes().white,
        depth as u32
    );
    // Written back, the same record is one long main line.
    let again = read_sgf(&write_sgf(&record, None).unwrap()).unwrap();
    assert_eq!(again.game.action_count(), depth);
}

#[test]
fn variation_tree_100k_siblings_and_a_long_main_line() {
    let record_of = |repeated: &str, times: usize| format!("(;SZ[19]{})", repeated.repeat(times));
    let record = read_sgf(&record_of("(;B[aa])", 100_000)).unwrap();
    assert_eq!(record.game.action_count(), 1);
    let record = read_sgf(&record_of(";B[];W[]", 50_000)).unwrap();
    assert_eq!(record.game.action_count(), 100_000);
}

#[test]
fn an_unclosed_deep_tree_fails_cleanly() {
    let sgf = "(;".to_string() + &"(;B[]".repeat(100_000);
    let error = read_sgf(&sgf).unwrap_err();
    assert!(error.message().starts_with("malformed SGF"), "{error}");
    let sgf = "(".repeat(100_000);
    assert!(read_sgf(&sgf).is_err());
}

#[test]
fn huge_property_values() {
    let comment = "<script>alert(1)</script> \\] ".repeat(200_000); // ~6 MB
    let name = "é".repeat(500_000);
    let sgf = format!("(;SZ[19]PB[{name}]GN[{name}]C[{comment}];B[pd]C[{comment}];W[dp])");
    let record = read_sgf(&sgf).unwrap();
    assert_eq!(record.info("PB").unwrap().chars().count(), 500_000);
    let again = read_sgf(&write_sgf(&record, None).unwrap()).unwrap();
    assert_eq!(again.info("PB"), record.info("PB"));
    assert_eq!(again.game.board(), record.game.board());
}

#[test]
fn huge_json_inputs_fail_or_succeed_without_blowing_up() {
    // A row of a million points is named as too wide, not allocated as a board.
    let row = vec![0; 1_000_000];
    let input: ScoreInput = api::decode(json!({ "board": [row] })).unwrap();
    let error = api::score_board(&input).unwrap_err();
    assert!(error.message().contains("1000000"), "{error}");
    // A million dead marks on one stone: each names the same chain.
    let dead = vec![[0, 0]; 1_000_000];
    let input: ScoreInput = api::decode(json!({ "board": ["X."], "dead": dead })).unwrap();
    let score = api::score_board(&input).unwrap();
    assert_eq!(score.territory.white.prisoners, 1);
    // JSON nested far deeper than any input's shape is an error, not a stack overflow.
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let text = format!("{{\"board\": {deep}}}");
    assert!(api::decode_json::<ScoreInput>(&text).is_err());
}
