//! Counting procedures: every method ends on `score`'s margin, and every step keeps the
//! invariants the views rely on, on the worked examples' boards, goscorer's and OGS's
//! fixtures and random finished games, under every ruleset.

#[path = "common/boards.rs"]
mod boards;
mod common;

use boards::{dead_marks, random_board, walls, OGS_FAQ_BOARD};

use go_score::api::{self, CountingInput, CountingOutput};
use go_score::counting::{counting_steps, Counting, Method, Step, StepKind};
use go_score::rules::Ruleset;
use go_score::score::{PerColor, Winner};
use go_score::{score, Board, Color, Position, ScoreOptions};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The kinds each method's steps go through, in order (`neutral` only when there are any).
fn expected_kinds(counting: &Counting) -> Vec<StepKind> {
    use StepKind::*;
    match counting.method {
        Method::Japanese => vec![
            Start,
            RemoveDead,
            FillPrisoners,
            Rearrange,
            Count,
            Komi,
            Result,
        ],
        Method::Ing => {
            let neutral = counting.steps.iter().any(|s| s.kind == Neutral);
            let mut kinds = vec![Start, RemoveDead, KomiStones, Fill, Count];
            if neutral {
                kinds.push(Neutral);
            }
            kinds.push(Result);
            kinds
        }
        Method::Chinese => vec![Start, RemoveDead, CountArea, Komi, Result],
    }
}

fn count_sign(values: &[i8], sign: i8) -> u32 {
    values.iter().filter(|&&v| v == sign).count() as u32
}

/// The stones of `color` that the step shows as counted empty points.
fn shaded_empty(step: &Step, sign: i8) -> u32 {
    (0..step.board.len())
        .filter(|&p| step.board[p] == 0 && step.shade[p] == sign)
        .count() as u32
}

/// Checks every invariant of a count; `label` says which case failed.
fn check(position: &Position, options: &ScoreOptions, counting: &Counting, label: &str) {
    let board = position.board();
    let method = counting.method;
    let kinds: Vec<StepKind> = counting.steps.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, expected_kinds(counting), "{label}: kinds");
    let start: Vec<i8> = board
        .points()
        .iter()
        .map(|s| s.map_or(0, Color::sign))
        .collect();
    assert_eq!(counting.steps[0].board, start, "{label}: start board");

    // The margin is scoring's.
    let counterpart = match method {
        Method::Ing => {
            let options = ScoreOptions {
                rules: Ruleset::Ing,
                ..options.clone()
            };
            score(position, &options).unwrap().area.margin
        }
        Method::Japanese => score(position, options).unwrap().territory.margin,
        Method::Chinese => score(position, options).unwrap().area.margin,
    };
    assert_eq!(counting.score_margin, counterpart, "{label}: score margin");
    assert_eq!(counting.margin, counterpart, "{label}: margin");
    let last = counting.steps.last().unwrap();
    assert_eq!(
        last.black.total - last.white.total,
        counting.margin,
        "{label}: last totals"
    );
    let expected_result = if counting.margin > 0.0 {
        format!("B+{}", counting.margin)
    } else if counting.margin < 0.0 {
        format!("W+{}", -counting.margin)
    } else if counting.rules == Ruleset::Ing {
        "B+0".to_string()
    } else {
        "Draw".to_string()
    };
    assert_eq!(counting.result, expected_result, "{label}: result");
    let expected_winner = match expected_result.as_bytes()[0] {
        b'B' => Winner::Black,
        b'W' => Winner::White,
        _ => Winner::Draw,
    };
    assert_eq!(counting.winner, expected_winner, "{label}: winner");

    let mut previous: Option<&Step> = None;
    for (i, step) in counting.steps.iter().enumerate() {
        let at = format!("{label}: step {i} {}", step.kind.name());
        let len = board.len();
        assert_eq!(
            (step.board.len(), step.shade.len(), step.blocks.len()),
            (len, len, len),
            "{at}"
        );
        // `changed` is exactly the points that differ from the previous step.
        let expected_changed: Vec<usize> = match previous {
            Some(prev) => (0..len)
                .filter(|&p| prev.board[p] != step.board[p])
                .collect(),
            None => Vec::new(),
        };
        assert_eq!(step.changed, expected_changed, "{at}: changed");
        // Tallies agree with the board shown and add up.
        for (tally, sign) in [(&step.black, 1), (&step.white, -1)] {
            assert_eq!(
                tally.on_board,
                count_sign(&step.board, sign),
                "{at}: on board"
            );
            assert_eq!(tally.total, tally.sum(method), "{at}: total");
            if step.kind != StepKind::Start {
                match (method, step.kind) {
                    (Method::Chinese, StepKind::RemoveDead) => {}
                    (Method::Chinese, _) if sign == 1 => assert_eq!(
                        tally.on_board + tally.territory,
                        count_sign(&step.shade, 1),
                        "{at}: black area shaded"
                    ),
                    (Method::Chinese, _) => {}
                    _ => assert_eq!(
                        tally.territory,
                        shaded_empty(step, sign),
                        "{at}: territory shaded"
                    ),
                }
            }
        }
        // Stones shaded empty are never shaded.
        for p in 0..len {
            if method != Method::Chinese && step.shade[p] != 0 {
                assert_eq!(step.board[p], 0, "{at}: shaded stone at {p}");
            }
        }
        check_blocks(board, step, &at);
        previous = Some(step);
    }
    match method {
        Method::Japanese => check_japanese(board, counting, label),
        Method::Ing => check_ing(counting, label),
        Method::Chinese => check_chinese(board, counting, label),
    }
}

/// Every block id marks a whole 2×5, 5×2, 1×5 or 5×1 rectangle of empty points
/// (Japanese) or of Black's area (Chinese).
fn check_blocks(board: &Board, step: &Step, at: &str) {
    let mut by_id: HashMap<u32, Vec<usize>> = HashMap::new();
    for (p, &id) in step.blocks.iter().enumerate() {
        if id > 0 {
            by_id.entry(id).or_default().push(p);
        }
    }
    for (id, points) in by_id {
        let xs = points.iter().map(|&p| p % board.width());
        let ys = points.iter().map(|&p| p / board.width());
        let (x0, x1) = (xs.clone().min().unwrap(), xs.max().unwrap());
        let (y0, y1) = (ys.clone().min().unwrap(), ys.max().unwrap());
        let shape = (x1 - x0 + 1, y1 - y0 + 1);
        assert!(
            [(5, 2), (2, 5), (5, 1), (1, 5)].contains(&shape),
            "{at}: block {id} is {shape:?}"
        );
        assert_eq!(
            points.len(),
            shape.0 * shape.1,
            "{at}: block {id} has holes"
        );
        let signs: Vec<i8> = points.iter().map(|&p| step.shade[p]).collect();
        assert!(
            signs.iter().all(|&s| s == signs[0] && s != 0),
            "{at}: block {id} is shaded {signs:?}"
        );
    }
}

fn step_of(counting: &Counting, kind: StepKind) -> &Step {
    counting.steps.iter().find(|s| s.kind == kind).unwrap()
}

fn check_japanese(board: &Board, counting: &Counting, label: &str) {
    let fill = step_of(counting, StepKind::FillPrisoners);
    let rearranged = step_of(counting, StepKind::Rearrange);
    let at = format!("{label}: rearrange");
    for sign in [1i8, -1] {
        assert_eq!(
            count_sign(&fill.board, sign),
            count_sign(&rearranged.board, sign),
            "{at}: stones of {sign}"
        );
        assert_eq!(
            shaded_empty(fill, sign),
            shaded_empty(rearranged, sign),
            "{at}: empty points of {sign}"
        );
    }
    // Stones move only within one colour's territory: a changed point goes between empty
    // and a stone of the colour whose territory it is.
    for &p in &rearranged.changed {
        // Shade marks empty territory: the point is shaded in whichever step it is empty.
        let owner = fill.shade[p] + rearranged.shade[p];
        let colors = [fill.board[p], rearranged.board[p]];
        assert!(
            owner != 0 && colors.contains(&0) && colors.contains(&owner),
            "{at}: point {p} went {colors:?} in territory {owner}"
        );
    }
    // Rearranged territory stays enclosed: an empty point that was not empty before touches
    // only the colour's stones and its other empty points.
    for p in 0..board.len() {
        let sign = rearranged.shade[p];
        if sign == 0 || fill.board[p] == 0 {
            continue;
        }
        for n in board.neighbors(p) {
            let ok = rearranged.board[n] == sign
                || (rearranged.board[n] == 0 && rearranged.shade[n] == sign);
            assert!(ok, "{at}: new empty point {p} touches {n}");
        }
    }
    // Fewer empty points touch anything outside their colour's area than before (none, where
    // the inside has room for them all).
    let exposed = |step: &Step, sign: i8| {
        (0..board.len())
            .filter(|&p| step.board[p] == 0 && step.shade[p] == sign)
            .filter(|&p| {
                board.neighbors(p).any(|n| {
                    step.board[n] != sign && !(step.board[n] == 0 && step.shade[n] == sign)
                })
            })
            .count()
    };
    for sign in [1i8, -1] {
        assert!(
            exposed(rearranged, sign) <= exposed(fill, sign),
            "{at}: exposed points of {sign}"
        );
    }
    // Prisoners go only onto empty territory of their own colour.
    let removed = step_of(counting, StepKind::RemoveDead);
    for &p in &fill.changed {
        assert!(
            removed.board[p] == 0 && fill.board[p] == removed.shade[p] && fill.board[p] != 0,
            "{label}: prisoner at {p}"
        );
    }
    // Prisoners only decrease by what was filled.
    for (before, after, color) in [
        (&removed.black, &fill.black, 1i8),
        (&removed.white, &fill.white, -1i8),
    ] {
        // Black's lid (white stones) fills White's territory.
        let filled = count_sign(&fill.board, -color) - count_sign(&removed.board, -color);
        assert_eq!(before.prisoners - after.prisoners, filled, "{label}: fill");
    }
    let komi = step_of(counting, StepKind::Komi);
    assert_eq!(komi.white.komi, counting.komi, "{label}: komi");
}

fn check_ing(counting: &Counting, label: &str) {
    // Stones never leave the game: bowl + board is constant for each colour.
    let first = &counting.steps[0];
    for step in &counting.steps {
        assert_eq!(
            step.black.bowl + step.black.on_board,
            first.black.bowl + first.black.on_board,
            "{label}: black stones"
        );
        assert_eq!(
            step.white.bowl + step.white.on_board,
            first.white.bowl + first.white.on_board,
            "{label}: white stones"
        );
    }
    let points = (counting.width * counting.height) as u32;
    let bowl = first.black.bowl + first.black.on_board;
    assert!(bowl >= points / 2, "{label}: bowl size {bowl}");
    let komi = step_of(counting, StepKind::KomiStones);
    let stones = komi.white.komi_stones + komi.black.komi_stones;
    assert_eq!(
        komi.white.komi + 2.0 * (komi.white.komi_stones as f64 - komi.black.komi_stones as f64),
        counting.komi,
        "{label}: komi stones"
    );
    assert!(
        komi.black.komi_stones == 0 || komi.white.komi_stones == 0,
        "{label}"
    );
    assert!(stones as f64 <= counting.komi.abs() / 2.0, "{label}");
    // Komi stones go onto the other side's empty territory, fill stones onto their own.
    let removed = step_of(counting, StepKind::RemoveDead);
    let fill = step_of(counting, StepKind::Fill);
    for (before, after, into_opponent) in [(removed, komi, true), (komi, fill, false)] {
        for &p in &after.changed {
            let owner = before.shade[p];
            let expected = if into_opponent { -owner } else { owner };
            assert!(
                before.board[p] == 0 && owner != 0 && after.board[p] == expected,
                "{label}: {} at {p}",
                after.kind.name()
            );
        }
    }
    // After filling, a side has stones left or territory unfilled, not both.
    for tally in [fill.black, fill.white] {
        assert!(tally.bowl == 0 || tally.territory == 0, "{label}: fill");
    }
    // The bowl arithmetic: the margin is what White has left minus what Black has left,
    // counting an unfilled point as minus one stone ("Ing Counting").
    let left = |t: &go_score::counting::Tally| t.bowl as f64 - t.territory as f64;
    let expected =
        left(&fill.white) - left(&fill.black) - komi.white.komi - komi.white.compensation as f64;
    assert_eq!(counting.margin, expected, "{label}: bowls");
}

fn check_chinese(board: &Board, counting: &Counting, label: &str) {
    let count = step_of(counting, StepKind::CountArea);
    let black_count = count.black.total;
    assert_eq!(
        counting.margin,
        2.0 * (black_count - counting.black_needs),
        "{label}: against half the board"
    );
    assert_eq!(counting.half_board, board.len() as f64 / 2.0);
    // Black's and White's counts cover the board.
    assert_eq!(
        count.black.total + count.white.total,
        board.len() as f64,
        "{label}"
    );
}

fn run(position: &Position, options: &ScoreOptions, label: &str) -> Vec<Counting> {
    let mut out = Vec::new();
    for method in Method::ALL {
        let counting = counting_steps(position, options, Some(method))
            .unwrap_or_else(|e| panic!("{label} {}: {}", method.name(), e.message()));
        check(
            position,
            options,
            &counting,
            &format!("{label} {}", method.name()),
        );
        out.push(counting);
    }
    out
}

fn options(rules: Ruleset) -> ScoreOptions {
    ScoreOptions {
        rules,
        ..ScoreOptions::default()
    }
}

/// Rulesets that allow dead marks, for positions that have some.
fn rulesets_for(position: &Position) -> Vec<Ruleset> {
    Ruleset::ALL
        .into_iter()
        .filter(|r| r.conventions().dead_marks_allowed || !position.has_dead())
        .collect()
}

fn decode(value: Value) -> CountingInput {
    api::decode(value).expect("input decodes")
}

fn counting_json(value: Value) -> CountingOutput {
    api::counting_steps(&decode(value)).expect("counts")
}

#[test]
fn ogs_faq_board_by_every_method() {
    let out = counting_json(json!({
        "board": OGS_FAQ_BOARD, "komi": 6, "captures": {"black": 2, "white": 1},
    }));
    assert_eq!((out.method, out.rules), ("japanese", "japanese"));
    assert_eq!((out.margin, out.result.as_str()), (-4.0, "W+4"));
    let last = out.steps.last().unwrap();
    // White's 1 black prisoner goes into Black's 17 points, Black's 2 white prisoners into
    // White's 16: Black 16, White 14 + komi 6 = 20 (territory score 19 to 23, same margin).
    assert_eq!((last.black.total, last.white.total), (16.0, 20.0));
    let kinds: Vec<&str> = out.steps.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [
            "start",
            "remove-dead",
            "fill-prisoners",
            "rearrange",
            "count",
            "komi",
            "result"
        ]
    );

    let out = counting_json(json!({
        "board": OGS_FAQ_BOARD, "komi": 6, "rules": "chinese",
    }));
    assert_eq!(
        (out.method, out.margin, out.result.as_str()),
        ("chinese", -5.0, "W+5")
    );
    // 81 points: Black 40 + 1 (half the 2 dame) against 40.5 + 3.
    let count = &out.steps[2];
    assert_eq!((count.black.total, out.black_needs), (41.0, 43.5));
}

/// Sensei's Library's "Ing Counting" example rebuilt: Black 186 points of area on 19×19,
/// komi 8. With 180 stones each, Black has 2 points unfilled and White 1 stone left: Black
/// wins by 3.
#[test]
fn ing_counting_example_black_short_two_white_one_left() {
    let mut rows = Vec::new();
    for y in 0..19 {
        let split = if y < 15 { 10 } else { 9 };
        let row: String = (0..19)
            .map(|x| match x {
                x if x + 1 == split => 'X',
                x if x == split => 'O',
                _ => '.',
            })
            .collect();
        rows.push(row);
    }
    let out = counting_json(json!({"board": rows, "rules": "ing"}));
    assert_eq!((out.method, out.komi), ("ing", 8.0));
    let start = &out.steps[0];
    assert_eq!((start.black.bowl, start.white.bowl), (161, 161));
    let komi = &out.steps[2];
    assert_eq!(
        (komi.kind, komi.white.komi_stones, komi.white.bowl),
        ("komi-stones", 4, 157)
    );
    assert_eq!(komi.changed.len(), 4);
    let count = out.steps.iter().find(|s| s.kind == "count").unwrap();
    assert_eq!((count.black.bowl, count.black.territory), (0, 2));
    assert_eq!((count.white.bowl, count.white.territory), (1, 0));
    assert_eq!(
        (out.margin, out.result.as_str(), out.score_margin),
        (3.0, "B+3", 3.0)
    );
}

/// Sensei's Library's "Japanese Counting", step 3: more prisoners than territory; the rest
/// is held aside and counted.
#[test]
fn japanese_counting_prisoners_beyond_territory_are_counted_at_the_end() {
    let board = [".X.O.", "XX.OO", ".X.O."];
    let out = counting_json(json!({
        "board": board, "komi": 0, "captures": {"black": 5, "white": 1},
    }));
    let fill = &out.steps[2];
    // White's 2 points take 2 of Black's 5 white prisoners; 3 stay in Black's lid.
    assert_eq!((fill.black.prisoners, fill.white.territory), (3, 0));
    assert_eq!((fill.white.prisoners, fill.black.territory), (0, 1));
    let last = out.steps.last().unwrap();
    assert_eq!((last.black.total, last.white.total), (4.0, 0.0));
    assert_eq!(out.margin, 4.0);
}

#[test]
fn japanese_rearranges_a_big_territory_into_tens_and_fives() {
    // Black owns the left 7 columns of a 13×13 (less its wall), White the right.
    let rows = walls(13, |_| 6);
    let out = counting_json(json!({"board": rows, "komi": 0.5}));
    let rearranged = out.steps.iter().find(|s| s.kind == "rearrange").unwrap();
    let ids: std::collections::BTreeSet<u32> = rearranged
        .blocks
        .iter()
        .flatten()
        .copied()
        .filter(|&b| b > 0)
        .collect();
    // Black 78 points: 7 tens, 1 five, 3 left; White 65: 6 tens, 1 five.
    assert_eq!(ids.len(), 7 + 1 + 6 + 1);
    assert_eq!(out.result, "B+12.5");
}

#[test]
fn goscorer_fixtures_every_ruleset_and_method() {
    let text = include_str!("fixtures/goscorer_positions.jsonl");
    let (mut cases, mut neutral_steps, mut leftovers) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        let stones: Vec<String> = serde_json::from_value(v["stones"].clone()).unwrap();
        let dead_rows: Vec<String> = serde_json::from_value(v["dead"].clone()).unwrap();
        let board = Board::from_rows(&stones).unwrap();
        let dead = dead_marks(&dead_rows);
        let position = Position::new(board, &dead).unwrap();
        for rules in rulesets_for(&position) {
            for score_false_eyes in [false, true] {
                let options = ScoreOptions {
                    rules,
                    score_false_eyes,
                    captures: PerColor { black: 3, white: 1 },
                    ..ScoreOptions::default()
                };
                let label = format!("{} {rules} {score_false_eyes}", v["name"]);
                let countings = run(&position, &options, &label);
                cases += countings.len();
                neutral_steps += countings
                    .iter()
                    .filter(|c| c.steps.iter().any(|s| s.kind == StepKind::Neutral))
                    .count();
                // Japanese counting under territory rules with points that stay where
                // they are (touching dame, seki or false eyes) is exercised too.
                leftovers += countings
                    .iter()
                    .filter(|c| c.method == Method::Japanese)
                    .map(|c| {
                        let step = step_of(c, StepKind::Rearrange);
                        (0..step.board.len())
                            .filter(|&p| step.board[p] == 0 && step.shade[p] != 0)
                            .filter(|&p| step.blocks[p] == 0)
                            .count()
                    })
                    .sum::<usize>();
            }
        }
    }
    assert!(cases >= 64 * 3 * 2 * 6, "{cases}");
    assert!(
        neutral_steps > 0 && leftovers > 0,
        "{neutral_steps} {leftovers}"
    );
}

#[test]
fn ogs_fixtures_with_their_dead_stones() {
    let text = include_str!("fixtures/ogs_endgames.jsonl");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        let stones: Vec<String> = serde_json::from_value(v["stones"].clone()).unwrap();
        let dead_rows: Vec<String> = serde_json::from_value(v["expected_dead"].clone()).unwrap();
        let board = Board::from_rows(&stones).unwrap();
        let dead: Vec<(i64, i64)> = dead_marks(&dead_rows)
            .into_iter()
            .filter(|&(x, y)| board.get(board.point(x as usize, y as usize)).is_some())
            .collect();
        let position = Position::new(board, &dead).unwrap();
        for rules in rulesets_for(&position) {
            for (komi, handicap) in [(None, 0), (Some(0.5), 4), (Some(7.0), 0), (Some(-3.5), 0)] {
                let options = ScoreOptions {
                    rules,
                    komi,
                    handicap,
                    captures: PerColor {
                        black: 7,
                        white: 12,
                    },
                    passes: PerColor { black: 2, white: 3 },
                    ..ScoreOptions::default()
                };
                run(
                    &position,
                    &options,
                    &format!("{} {rules} {komi:?}", v["name"]),
                );
            }
        }
    }
}

#[test]
fn random_finished_games_with_random_dead_marks() {
    let mut rng = common::Rng(77);
    for seed in 0..60u64 {
        let size = [2, 3, 5, 7, 9, 13][seed as usize % 6];
        let rules = Ruleset::ALL[seed as usize % Ruleset::ALL.len()];
        let handicap = if seed % 5 == 0 { 3 } else { 0 };
        let game = common::random_game(seed, size, rules, handicap);
        let (position, mut options) = game.score_options(&[]).unwrap();
        // Some chains marked dead at random (where the rules allow marks): the count must
        // still add up, whatever the marks.
        let board = position.board().clone();
        let dead: Vec<(i64, i64)> = if rules.conventions().dead_marks_allowed {
            (0..board.len())
                .filter(|&p| board.get(p).is_some() && rng.below(4) == 0)
                .map(|p| {
                    let (x, y) = board.vertex(p);
                    (x as i64, y as i64)
                })
                .collect()
        } else {
            Vec::new()
        };
        let position = Position::new(board, &dead).unwrap();
        for komi in [None, Some(5.0), Some(6.5), Some(0.0)] {
            options.komi = komi;
            run(
                &position,
                &options,
                &format!("random {seed} {size} {rules} {komi:?}"),
            );
        }
    }
}

#[test]
fn degenerate_boards() {
    // Rows and dead vertices.
    type Case = (Vec<&'static str>, Vec<(i64, i64)>);
    let cases: Vec<Case> = vec![
        (vec!["."], vec![]),
        (vec!["X."], vec![(0, 0)]),
        (vec!["....."], vec![]),
        (vec!["X...."], vec![]),
        (vec!["X.O..", "X.O..", "X.O..", "X.O..", "X.O.."], vec![]),
        // Everything dead.
        (vec!["X.O", "X.O", "X.O"], vec![(0, 0), (2, 0)]),
        // A seki with shared liberties, and dame.
        (
            vec![
                ".XOX.O.", "XXO.XO.", "OOOXXO.", "XXXXOOO", "OOOOO..", ".......",
            ],
            vec![],
        ),
        // A long 1-wide strip.
        (vec!["X..........O"], vec![]),
    ];
    for (rows, dead) in cases {
        let board = Board::from_rows(&rows).unwrap();
        let position = Position::new(board, &dead).unwrap();
        for rules in rulesets_for(&position) {
            for komi in [None, Some(0.0), Some(-7.5), Some(1.0), Some(300.0)] {
                let options = ScoreOptions {
                    komi,
                    captures: PerColor {
                        black: 40,
                        white: 0,
                    },
                    ..options(rules)
                };
                run(&position, &options, &format!("{rows:?} {rules} {komi:?}"));
            }
        }
    }
}

#[test]
fn large_rectangular_boards() {
    for (w, h) in [(52, 52), (52, 3), (1, 52)] {
        // Stripes across the longer side: Black's wall at a third, White's next to it.
        let rows: Vec<String> = (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| {
                        let (along, length) = if w >= h { (x, w) } else { (y, h) };
                        match along {
                            a if a == length / 3 => 'X',
                            a if a == length / 3 + 1 => 'O',
                            _ => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        let position = Position::new(Board::from_rows(&rows).unwrap(), &[]).unwrap();
        for rules in [Ruleset::Japanese, Ruleset::Ing, Ruleset::Chinese] {
            run(&position, &options(rules), &format!("{w}×{h} {rules}"));
        }
    }
}

#[test]
fn default_method_follows_the_rules() {
    for (rules, method) in [
        ("japanese", "japanese"),
        ("korean", "japanese"),
        ("ing", "ing"),
        ("chinese", "chinese"),
        ("aga", "chinese"),
        ("nz", "chinese"),
        ("tromp-taylor", "chinese"),
    ] {
        let out = counting_json(json!({"board": OGS_FAQ_BOARD, "rules": rules}));
        assert_eq!(out.method, method, "{rules}");
        assert_eq!(out.rules, rules);
    }
    // Ing counting is made under Ing's rules whatever the input says.
    let out = counting_json(json!({"board": OGS_FAQ_BOARD, "method": "ing"}));
    assert_eq!((out.rules, out.komi), ("ing", 8.0));
}

#[test]
fn bad_inputs_are_refused_like_score_board() {
    for (input, message) in [
        (
            json!({"board": ["X."], "method": "french"}),
            "unknown counting method \"french\"; expected 'japanese', 'ing' or 'chinese'",
        ),
        (
            json!({"board": ["X."], "method": 3}),
            "method: invalid type",
        ),
        (
            json!({"board": ["X."], "komi": 0.3}),
            "komi must be a multiple of 0.5, got 0.3",
        ),
        (
            json!({"board": ["X."], "dead": [[5, 0]]}),
            "dead vertex [5, 0] is off the 2×1 board",
        ),
        (
            json!({"board": ["X."], "rules": "go"}),
            "unknown rules \"go\"",
        ),
        (
            json!({"board": ["X."], "color": 1}),
            "unknown field `color`",
        ),
        (
            json!({"board": ["X."], "dead": [[0, 0]], "rules": "tromp-taylor"}),
            "tromp-taylor rules have no dead-stone agreement",
        ),
    ] {
        let err = match api::decode::<_, CountingInput>(input.clone()) {
            Ok(decoded) => api::counting_steps(&decoded).unwrap_err(),
            Err(err) => err,
        };
        assert!(
            err.message().contains(message),
            "{input}: {:?} does not contain {message:?}",
            err.message()
        );
        // scoreBoard says the same where the input is one it takes (an unknown field's
        // message lists the fields, `method` among them here).
        if input.get("method").is_none() && input.get("color").is_none() {
            let score_err = match api::decode::<_, api::ScoreInput>(input.clone()) {
                Ok(decoded) => api::score_board(&decoded).unwrap_err(),
                Err(err) => err,
            };
            assert_eq!(score_err.message(), err.message(), "{input}");
        }
    }
}

#[test]
fn ing_odd_half_and_reverse_komi() {
    // Black owns the left 9 columns of a 19×19 (171 points of area), White the rest.
    let rows = walls(19, |_| 8);
    for (komi, stones, black_stones, points) in [
        (8.0, 4, 0, 0.0),
        (7.0, 3, 0, 1.0),
        (7.5, 3, 0, 1.5),
        (0.5, 0, 0, 0.5),
        (-3.5, 0, 1, -1.5),
        (-4.0, 0, 2, 0.0),
    ] {
        let out = counting_json(json!({"board": rows, "rules": "ing", "komi": komi}));
        let step = out.steps.iter().find(|s| s.kind == "komi-stones").unwrap();
        assert_eq!(
            (
                step.white.komi_stones,
                step.black.komi_stones,
                step.white.komi
            ),
            (stones, black_stones, points),
            "komi {komi}"
        );
        assert_eq!(
            step.changed.len() as u32,
            stones + black_stones,
            "komi {komi}"
        );
        // Area 171 against 190: margin −19 − komi.
        assert_eq!(out.margin, -19.0 - komi, "komi {komi}");
    }
}

#[test]
fn ties() {
    let board = [".X.O.", "XX.OO", ".X.O."];
    let ing = counting_json(json!({"board": board, "rules": "ing", "komi": 0}));
    assert_eq!((ing.margin, ing.result.as_str()), (0.0, "B+0"));
    assert_eq!(ing.winner, Winner::Black, "Ing gives ties to Black");
    for method in ["japanese", "chinese"] {
        let out = counting_json(json!({"board": board, "komi": 0, "method": method}));
        assert_eq!((out.margin, out.result.as_str()), (0.0, "Draw"), "{method}");
        assert_eq!(out.winner, Winner::Draw, "{method}");
    }
}

#[test]
fn ing_seki_gets_half_points_and_a_neutral_step() {
    // Black's and White's groups at the top share the liberties [4, 0] and [3, 1].
    let board = [
        ".XOX.O.", //
        "XXO.XO.", //
        "OOOXXO.", //
        "XXXXOOO", //
        "OOOOO..", //
        ".......", //
    ];
    let out = counting_json(json!({"board": board, "rules": "ing"}));
    let neutral = out.steps.iter().find(|s| s.kind == "neutral").unwrap();
    assert_eq!(neutral.focus, vec![[4, 0], [3, 1]]);
    assert_eq!(
        (neutral.black.neutral_share, neutral.white.neutral_share),
        (1.0, 1.0)
    );
    assert!(neutral.changed.is_empty());
    assert_eq!(out.margin, out.score_margin);
}

#[test]
fn chinese_counts_handicap_compensation_against_half_the_board() {
    let out = counting_json(json!({
        "board": OGS_FAQ_BOARD, "rules": "chinese", "handicap": 3, "komi": 0.5,
    }));
    // 81 / 2 + (0.5 + 3) / 2: Black's 41 (40 and half the 2 dame) against 42.25.
    assert_eq!((out.half_board, out.black_needs), (40.5, 42.25));
    assert_eq!(out.margin, -2.5);
    let komi = out.steps.iter().find(|s| s.kind == "komi").unwrap();
    assert_eq!((komi.white.komi, komi.white.compensation), (0.5, 3));
}

#[test]
fn random_boards_of_any_shape() {
    let mut rng = common::Rng(2026);
    for case in 0..300 {
        let (width, height) = (1 + rng.below(17), 1 + rng.below(17));
        // Random stones: shapes no game would leave (false eyes, seki, ragged territories).
        let density = 30 + rng.below(45);
        let board = random_board(|n| rng.below(n), width, height, density);
        let dead: Vec<(i64, i64)> = board
            .chains()
            .chains
            .iter()
            .filter(|_| rng.below(3) == 0)
            .map(|c| {
                let (x, y) = board.vertex(c.stones[0]);
                (x as i64, y as i64)
            })
            .collect();
        let position = Position::new(board, &dead).unwrap();
        let rules = rulesets_for(&position)[rng.below(rulesets_for(&position).len())];
        let options = ScoreOptions {
            rules,
            komi: [None, Some(0.0), Some(7.0), Some(6.5), Some(-2.5)][rng.below(5)],
            captures: PerColor {
                black: rng.below(30) as u32,
                white: rng.below(30) as u32,
            },
            handicap: [0, 0, 2, 5][rng.below(4)].min((width * height) as u32),
            passes: PerColor {
                black: rng.below(4) as u32,
                white: rng.below(4) as u32,
            },
            score_false_eyes: rng.below(2) == 0,
            ..ScoreOptions::default()
        };
        run(
            &position,
            &options,
            &format!("random board {case} {width}×{height} {rules}"),
        );
    }
}
