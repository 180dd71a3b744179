//! The fast path of `scoreBoard`: `api::score_board_flat` (a flat board and dead stones)
//! must give exactly what `api::score_board` gives, and the same error on the same bad
//! input. Every number of both results is compared bit for bit by field name, so -0 and 0
//! are not confused either.

#[path = "common/boards.rs"]
mod boards;
mod common;

use common::{random_game, Rng};
use go_score::api::{self, ScoreInput, ScoreSgfOptions};
use go_score::rules::Ruleset;
use serde_json::{json, Value};

/// The generic result in the fast path's layout, by field name.
fn expected_numbers(result: &Value) -> Vec<f64> {
    let mut numbers = vec![
        result["komi"].as_f64().unwrap(),
        result["margin"].as_f64().unwrap(),
    ];
    for method in ["territory", "area"] {
        for side in ["black", "white"] {
            for field in [
                "territory",
                "stones",
                "prisoners",
                "komi",
                "handicapCompensation",
                "passStones",
                "neutralShare",
                "total",
            ] {
                numbers.push(result[method][side][field].as_f64().unwrap());
            }
        }
        numbers.push(result[method]["margin"].as_f64().unwrap());
    }
    for field in [
        "total",
        "lastToPlay",
        "handicap",
        "passes",
        "compensation",
        "passStones",
        "other",
    ] {
        numbers.push(result["difference"][field].as_f64().unwrap());
    }
    numbers
}

fn expected_labels(result: &Value) -> String {
    let text = |v: &Value| v.as_str().unwrap().to_string();
    [
        text(&result["rules"]),
        text(&result["method"]),
        text(&result["winner"]),
        text(&result["result"]),
        text(&result["territory"]["winner"]),
        text(&result["territory"]["result"]),
        text(&result["area"]["winner"]),
        text(&result["area"]["result"]),
    ]
    .join(" ")
}

/// Scores `input` (JSON with a sign-map board) both ways and compares everything.
fn check(name: &str, input: &Value) {
    let generic = api::decode_json::<ScoreInput>(&input.to_string());
    let board = input["board"].as_array().unwrap();
    let width = board[0].as_array().unwrap().len();
    let signs: Vec<i8> = board
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter())
        .map(|s| s.as_i64().unwrap() as i8)
        .collect();
    let dead: Vec<i32> = input["dead"]
        .as_array()
        .map(|d| d.iter().flat_map(|v| v.as_array().unwrap().iter()))
        .into_iter()
        .flatten()
        .map(|n| n.as_i64().unwrap() as i32)
        .collect();
    let mut options = input.clone();
    options.as_object_mut().unwrap().remove("board");
    options.as_object_mut().unwrap().remove("dead");
    let options = api::decode_json_object::<ScoreSgfOptions>(&options.to_string());
    // An options field JSON cannot decode fails on both paths with the same message.
    let (generic, options) = match (generic, options) {
        (Ok(generic), Ok(options)) => (generic, options),
        (Err(expected), Err(flat)) => return assert_eq!(flat.message(), expected.message()),
        (generic, options) => panic!("{name}: decoded {generic:?} but options {options:?}"),
    };

    match (
        api::score_board(&generic),
        api::score_board_flat(width, &signs, &dead, &options),
    ) {
        (Ok(expected), Ok(flat)) => {
            let expected = serde_json::to_value(&expected).unwrap();
            let flat = serde_json::to_value(&flat).unwrap();
            let numbers = expected_numbers(&expected);
            let flat_numbers = expected_numbers(&flat);
            assert_eq!(flat_numbers.len(), numbers.len(), "{name}");
            for (i, (a, b)) in flat_numbers.iter().zip(&numbers).enumerate() {
                // Bitwise: -0 and 0 must not be confused either.
                assert_eq!(a.to_bits(), b.to_bits(), "{name}: number {i}: {a} vs {b}");
            }
            assert_eq!(expected_labels(&flat), expected_labels(&expected), "{name}");
            assert_eq!(flat["ownership"], expected["ownership"], "{name}");
            assert_eq!(flat, expected, "{name}");
        }
        (Err(expected), Err(flat)) => {
            assert_eq!(flat.message(), expected.message(), "{name}")
        }
        (expected, flat) => panic!(
            "{name}: generic {:?} but flat {:?}",
            expected.map(|r| r.result),
            flat.map(|r| r.result)
        ),
    }
}

fn sign_rows(rows: &[String]) -> Value {
    rows.iter()
        .map(|row| {
            row.chars()
                .map(|c| match c {
                    'X' => 1,
                    'O' => -1,
                    _ => 0,
                })
                .collect::<Vec<i8>>()
        })
        .collect::<Vec<_>>()
        .into()
}

/// Dead vertices from rows where 'd' (or 'x') marks a dead stone.
fn dead_from(stones: &Value, marks: &Value) -> Vec<[usize; 2]> {
    let mut dead = Vec::new();
    let (Some(stones), Some(marks)) = (stones.as_array(), marks.as_array()) else {
        return dead;
    };
    for (y, (row, mark)) in stones.iter().zip(marks).enumerate() {
        for (x, (s, m)) in row
            .as_str()
            .unwrap()
            .chars()
            .zip(mark.as_str().unwrap().chars())
            .enumerate()
        {
            if s != '.' && (m == 'd' || m == 'x') {
                dead.push([x, y]);
            }
        }
    }
    dead
}

#[test]
fn fixtures_agree_under_every_ruleset() {
    let mut positions = Vec::new();
    for (file, dead) in [
        ("ogs_endgames.jsonl", "expected_dead"),
        ("goscorer_positions.jsonl", "dead"),
    ] {
        for f in boards::fixture_lines(file) {
            let rows: Vec<String> = serde_json::from_value(f["stones"].clone()).unwrap();
            let dead = dead_from(&f["stones"], &f[dead]);
            positions.push((f["name"].to_string(), rows, dead));
        }
    }
    assert!(positions.len() > 60, "fixtures found: {}", positions.len());
    for (name, rows, dead) in &positions {
        for rules in Ruleset::ALL {
            let dead = if rules.conventions().dead_marks_allowed {
                dead.clone()
            } else {
                vec![]
            };
            let input = json!({ "board": sign_rows(rows), "dead": dead, "rules": rules.name() });
            check(&format!("{name} {}", rules.name()), &input);
        }
    }
}

#[test]
fn random_games_with_random_options_agree() {
    let mut rng = Rng(7);
    for seed in 0..60u64 {
        let rules = Ruleset::ALL[seed as usize % Ruleset::ALL.len()];
        let size = [5, 9, 13, 19][seed as usize % 4];
        let handicap = [0, 0, 2, 5][rng.below(4)];
        let game = random_game(seed, size, rules, handicap);
        let rows = game.board().rows();
        let mut input = json!({ "board": sign_rows(&rows), "rules": rules.name() });
        let options = input.as_object_mut().unwrap();
        if rng.below(2) == 0 {
            options.insert("komi".into(), json!(rng.below(31) as f64 / 2.0 - 5.0));
        }
        if rng.below(2) == 0 {
            options.insert(
                "captures".into(),
                json!({ "black": rng.below(20), "white": rng.below(20) }),
            );
        }
        if rng.below(2) == 0 {
            options.insert("handicap".into(), json!(game.handicap()));
        }
        if rng.below(2) == 0 {
            let passes = game.passes();
            options.insert(
                "passes".into(),
                json!({ "black": passes.black, "white": passes.white }),
            );
        }
        if let Some(last) = game.last_to_play() {
            options.insert("lastToPlay".into(), json!(last.name()));
        }
        if rng.below(3) == 0 {
            options.insert(
                "handicapCompensation".into(),
                json!(["none", "n", "n-1"][rng.below(3)]),
            );
        }
        if rng.below(3) == 0 {
            options.insert("scoreFalseEyes".into(), json!(true));
        }
        // Some stones marked dead where the ruleset allows it.
        if rules.conventions().dead_marks_allowed {
            let board = game.board();
            let dead: Vec<[usize; 2]> = (0..board.len())
                .filter(|&p| board.get(p).is_some() && rng.below(15) == 0)
                .map(|p| {
                    let (x, y) = board.vertex(p);
                    [x, y]
                })
                .collect();
            options.insert("dead".into(), json!(dead));
        }
        check(&format!("random {seed}"), &input);
    }
}

#[test]
fn bad_inputs_give_the_generic_message() {
    let board = json!([[1, 0, -1], [1, 0, -1], [0, 0, 0]]);
    let cases = [
        json!({ "board": board, "dead": [[5, 0]] }),
        json!({ "board": board, "dead": [[1, 1]] }),
        json!({ "board": board, "dead": [[0, 0]], "rules": "tromp-taylor" }),
        json!({ "board": board, "komi": 6.3 }),
        json!({ "board": board, "rules": "martian" }),
        json!({ "board": board, "captures": { "black": -1, "white": 0 } }),
        json!({ "board": board, "handicap": 10 }),
        json!({ "board": board, "handicapCompensation": "all" }),
        json!({ "board": board, "lastToPlay": "red" }),
        json!({ "board": [[1, -1], [-1, 0]] }),
        json!({ "board": board, "passes": [1, 2] }),
    ];
    for (i, input) in cases.iter().enumerate() {
        check(&format!("case {i}"), input);
    }
}

#[test]
fn malformed_flat_input_is_refused() {
    let options = ScoreSgfOptions::default;
    for (width, signs, dead) in [
        (0, vec![0i8; 4], vec![]),
        (3, vec![0i8; 4], vec![]),
        (2, vec![], vec![]),
        (2, vec![0i8; 4], vec![1]),
        (2, vec![0, 2, 0, 0], vec![]),
        (53, vec![0i8; 53], vec![]),
    ] {
        assert!(
            api::score_board_flat(width, &signs, &dead, &options()).is_err(),
            "{width} {signs:?} {dead:?}"
        );
    }
}
