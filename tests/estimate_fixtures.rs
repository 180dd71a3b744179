//! The dead-stone yardstick: estimation on 16 real OGS end positions
//! (`tests/fixtures/ogs_endgames.jsonl`, from online-go/goban, Apache-2.0), without and
//! with KataGo's ownership map. Prints a table per position and the totals; asserts the
//! totals reached so far as a floor, so a regression fails.

#[path = "common/boards.rs"]
mod boards;

use boards::{fixture_lines, rows};
use go_score::estimate::{estimate, EstimateOptions};
use go_score::Board;
use serde_json::Value;
use std::time::Instant;

struct Fixture {
    name: String,
    board: Board,
    /// Per point: Some(true) dead, Some(false) alive, None don't care / empty.
    expected_dead: Vec<Option<bool>>,
    /// Per point: the fixture marks it as needing a sealing move.
    sealing: Vec<bool>,
    ownership_mean: Vec<f64>,
}

fn flat_numbers(value: &Value) -> Vec<f64> {
    value
        .as_array()
        .expect("rows")
        .iter()
        .flat_map(|r| r.as_array().expect("row").iter())
        .map(|v| v.as_f64().expect("number"))
        .collect()
}

fn fixtures() -> Vec<Fixture> {
    fixture_lines("ogs_endgames.jsonl")
        .into_iter()
        .map(|v| {
            let board = Board::from_rows(&rows(&v["stones"])).expect("board");
            let dead_rows = rows(&v["expected_dead"]);
            let owner_rows = rows(&v["expected_owner"]);
            let expected_dead = dead_rows
                .iter()
                .flat_map(|r| r.chars())
                .enumerate()
                .map(|(p, ch)| match (board.get(p), ch) {
                    (None, _) | (_, '?') => None,
                    (Some(_), 'd') => Some(true),
                    (Some(_), _) => Some(false),
                })
                .collect();
            let sealing = owner_rows
                .iter()
                .flat_map(|r| r.chars())
                .map(|ch| ch == 's')
                .collect();
            Fixture {
                name: v["name"].as_str().expect("name").to_owned(),
                expected_dead,
                sealing,
                ownership_mean: flat_numbers(&v["ownership_mean"]),
                board,
            }
        })
        .collect()
}

/// Missed dead stones and living stones called dead.
fn compare(f: &Fixture, dead: &[bool]) -> (usize, usize) {
    let mut missed = 0;
    let mut wrong = 0;
    for (p, expected) in f.expected_dead.iter().enumerate() {
        match (expected, dead[p]) {
            (Some(true), false) => missed += 1,
            (Some(false), true) => wrong += 1,
            _ => {}
        }
    }
    (missed, wrong)
}

fn show(f: &Fixture, dead: &[bool]) {
    let w = f.board.width();
    for y in 0..f.board.height() {
        let line: String = (0..w)
            .map(|x| {
                let p = y * w + x;
                match (f.board.get(p), f.expected_dead[p], dead[p]) {
                    (None, _, _) => '.',
                    (Some(_), Some(true), false) => 'm', // missed
                    (Some(_), Some(false), true) => '!', // living called dead
                    (Some(_), _, true) => 'd',
                    (Some(go_score::Color::Black), _, _) => 'X',
                    (Some(go_score::Color::White), _, _) => 'O',
                }
            })
            .collect();
        println!("    {line}");
    }
}

/// Sealing agreement: the fixture's `s` points, how many the estimate names, and how
/// many other points it names.
fn sealing(f: &Fixture, needs: &[bool]) -> (usize, usize, usize) {
    let expected = f.sealing.iter().filter(|&&s| s).count();
    let found = (0..needs.len())
        .filter(|&p| f.sealing[p] && needs[p])
        .count();
    let extra = (0..needs.len())
        .filter(|&p| !f.sealing[p] && needs[p])
        .count();
    (expected, found, extra)
}

fn mark(missed: usize, wrong: usize) -> String {
    if missed + wrong == 0 {
        "ok".to_owned()
    } else {
        format!("-{missed} +{wrong}")
    }
}

/// Positions exactly right without an ownership input, for one seed.
fn right_without_ownership(fixtures: &[Fixture], seed: u64) -> usize {
    fixtures
        .iter()
        .filter(|f| {
            let options = EstimateOptions {
                seed,
                ..EstimateOptions::default()
            };
            let estimate = estimate(&f.board, &options).expect("estimate");
            compare(f, &estimate.dead) == (0, 0)
        })
        .count()
}

#[test]
fn ogs_endgames_yardstick() {
    let fixtures = fixtures();
    assert_eq!(fixtures.len(), 16);
    let mut right_without = 0;
    let mut right_with = 0;
    let mut sealing_totals = [(0, 0, 0); 2];
    let mut sealing_positions_right = 0;
    println!("Dead stones: ok, or -missed +living called dead. Sealing: s points/found/+extra.");
    println!(
        "{:<28} {:>9} {:>9} {:>11} {:>11} {:>9}",
        "position", "playouts", "ownership", "seal (play)", "seal (own)", "debug ms"
    );
    for f in &fixtures {
        let start = Instant::now();
        let plain = estimate(
            &f.board,
            &EstimateOptions {
                seed: 1,
                ..EstimateOptions::default()
            },
        )
        .expect("estimate");
        let elapsed = start.elapsed();
        let guided = estimate(
            &f.board,
            &EstimateOptions {
                ownership: Some(f.ownership_mean.clone()),
                ..EstimateOptions::default()
            },
        )
        .expect("estimate with ownership");
        let (m1, w1) = compare(f, &plain.dead);
        let (m2, w2) = compare(f, &guided.dead);
        right_without += usize::from(m1 + w1 == 0);
        right_with += usize::from(m2 + w2 == 0);
        let seals = [
            sealing(f, &plain.needs_sealing),
            sealing(f, &guided.needs_sealing),
        ];
        for (total, s) in sealing_totals.iter_mut().zip(seals) {
            *total = (total.0 + s.0, total.1 + s.1, total.2 + s.2);
        }
        sealing_positions_right += usize::from(seals[1].0 == seals[1].1);
        let seal = |(e, found, extra): (usize, usize, usize)| format!("{e}/{found}/+{extra}");
        println!(
            "{:<28} {:>9} {:>9} {:>11} {:>11} {:>9.1}",
            f.name,
            mark(m1, w1),
            mark(m2, w2),
            seal(seals[0]),
            seal(seals[1]),
            elapsed.as_secs_f64() * 1000.0
        );
        if m1 + w1 > 0 {
            println!("  playouts (m missed, ! living called dead):");
            show(f, &plain.dead);
        }
        if m2 + w2 > 0 {
            println!("  with ownership:");
            show(f, &guided.dead);
        }
    }
    let [(s_total, s_play, s_play_extra), (_, s_own, s_own_extra)] = sealing_totals;
    println!(
        "exactly right: {right_without}/16 without ownership (seed 1), {right_with}/16 with; \
         sealing points found: {s_own}/{s_total} with ownership (+{s_own_extra} extra), \
         {s_play}/{s_total} without (+{s_play_extra} extra)"
    );
    let per_seed: Vec<usize> = (2..=4)
        .map(|seed| right_without_ownership(&fixtures, seed))
        .collect();
    println!("without ownership, seeds 2-4: {per_seed:?} of 16 exactly right");

    // Floors: the figures reached when this was written (the targets were 13 and 16).
    // Without a map, game_beta_17150's two mutual ataris where only one side's capture
    // sticks are judged by the map (its hand-corrected result leaves them standing; real
    // server-counted games count such stones captured).
    assert!(right_without >= 15, "{right_without}/16 without ownership");
    assert!(per_seed.iter().all(|&n| n >= 15), "{per_seed:?}");
    assert_eq!(right_with, 16, "with ownership");
    assert_eq!(
        sealing_positions_right, 16,
        "every s point found with ownership"
    );
    assert_eq!(s_own, s_total);
    assert_eq!(s_play, s_total, "every s point found without ownership too");
}

/// goscorer's boards: name, position and the stones its tests mark dead.
fn goscorer_boards() -> Vec<(String, Board, Vec<bool>)> {
    include_str!("fixtures/goscorer_positions.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("fixture json");
            let board = Board::from_rows(&rows(&v["stones"])).expect("board");
            let marked: Vec<bool> = rows(&v["dead"])
                .iter()
                .flat_map(|r| r.chars().map(|c| c == 'd').collect::<Vec<_>>())
                .collect();
            (v["name"].as_str().expect("name").to_owned(), board, marked)
        })
        .collect()
}

/// The estimate the goscorer reports use (seed 1, default effort).
fn goscorer_estimate(board: &Board) -> Vec<bool> {
    let options = EstimateOptions {
        seed: 1,
        ..EstimateOptions::default()
    };
    estimate(board, &options).expect("estimate").dead
}

/// A second look, on positions the estimator was not tuned on: goscorer's 64 test boards
/// (`tests/fixtures/goscorer_positions.jsonl`, MIT) with their dead marks. The marks are
/// the inputs of goscorer's scoring tests, not always the stones' true status (a group
/// its test marks alive may be capturable), and many boards are constructed seki and
/// false-eye shapes rather than game ends: a report and a floor, not a target.
#[test]
fn goscorer_boards_report() {
    let mut right = 0;
    let mut total = 0;
    let mut wrong_names = Vec::new();
    for (name, board, marked) in goscorer_boards() {
        let dead = goscorer_estimate(&board);
        total += 1;
        if dead == marked {
            right += 1;
        } else {
            let missed = (0..marked.len()).filter(|&p| marked[p] && !dead[p]).count();
            let extra = (0..marked.len()).filter(|&p| !marked[p] && dead[p]).count();
            wrong_names.push(format!(
                "{name} ({}x{}): {}",
                board.width(),
                board.height(),
                mark(missed, extra)
            ));
        }
    }
    println!("goscorer boards, dead stones exactly as marked: {right}/{total}");
    for name in &wrong_names {
        println!("  {name}");
    }
    // 28 before the seki check: it kills four constructed one-sided sekis and bamboo
    // shapes that the playouts do not keep (on real games it is worth 1.5 points exact).
    // 24 before stones whose capture gives no second eye were spared: it keeps the stones
    // `test_various_eyefillings5` marks dead inside White's eyeless groups (read out, White
    // captures them and is left with a nakade, so they end in Black's area; goscorer's test
    // marks them dead to score its eye-filling convention).
    // 23 before the races were read with the dead stones on the board: on the 1×6
    // `test_narrow_board2`, ".X.O.x", Black's stone at 1 is then captured even when Black
    // moves first (an exhaustive search with superko agrees), so it is no seki; with the
    // dead stone at 5 taken off for free, Black's stone lived when it moved first.
    assert!(right >= 22, "floor: 22/64 when this was written");
}

/// The goscorer boards with a seki that the estimate gets exactly right stay right: each
/// new rule that kills chains in seki must leave real sekis standing (without its guard,
/// the seki check's short-race rule kills the bamboo seki). `test_various_eyefillings5`
/// left the list when the estimate began to keep stones it marks dead, and
/// `test_narrow_board2` when the races were read with the dead stones on the board (see
/// the report).
#[test]
fn goscorer_sekis_found_exactly_stand() {
    const SEKI_BOARDS: [&str; 8] = [
        "test_final_scoring_1",
        "test_final_scoring_2",
        "test_bamboo_interleave_seki",
        "test_double_throwin_seki4",
        "test_7pteyes",
        "test_narrow_board1",
        "test_narrow_board4",
        "test_narrow_board12",
    ];
    let boards = goscorer_boards();
    for name in SEKI_BOARDS {
        let (_, board, marked) = boards.iter().find(|(n, ..)| n == name).expect(name);
        assert_eq!(&goscorer_estimate(board), marked, "{name}");
    }
}

/// The judgement favours neither colour: swapping the colours of the board and negating
/// the engine map swaps nothing but the colours of the answer.
#[test]
fn colour_swap_gives_the_same_dead_stones_with_an_engine_map() {
    for f in fixtures() {
        let swapped_rows: Vec<String> = (0..f.board.height())
            .map(|y| {
                (0..f.board.width())
                    .map(|x| match f.board.get(f.board.point(x, y)) {
                        Some(go_score::Color::Black) => 'O',
                        Some(go_score::Color::White) => 'X',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let swapped = Board::from_rows(&swapped_rows).expect("board");
        let run = |board: &Board, ownership: Vec<f64>| {
            let options = EstimateOptions {
                ownership: Some(ownership),
                ..EstimateOptions::default()
            };
            estimate(board, &options).expect("estimate")
        };
        let original = run(&f.board, f.ownership_mean.clone());
        let mirrored = run(&swapped, f.ownership_mean.iter().map(|v| -v).collect());
        assert_eq!(original.dead, mirrored.dead, "{}", f.name);
        assert_eq!(original.needs_sealing, mirrored.needs_sealing, "{}", f.name);
    }
}

/// Random legal boards of every shape from 1×1 up: the estimate never panics, marks whole
/// chains of stones only, seals empty points only, and keeps ownership within −1 … 1.
#[test]
fn random_boards_keep_the_invariants() {
    let mut state: u64 = 0x5eed;
    let mut next = move |n: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % n
    };
    for case in 0..120 {
        let (width, height) = (1 + next(14) as usize, 1 + next(14) as usize);
        let mut board = Board::new(width, height).unwrap();
        for p in 0..board.len() {
            board.set(
                p,
                match next(3) {
                    0 => Some(go_score::Color::Black),
                    1 => Some(go_score::Color::White),
                    _ => None,
                },
            );
        }
        // Take off chains without liberties until the position is legal.
        while board.check_liberties().is_err() {
            let map = board.chains();
            for chain in map.chains.iter().filter(|c| c.liberties.is_empty()) {
                for &p in &chain.stones {
                    board.set(p, None);
                }
            }
        }
        let ownership = (case % 2 == 1).then(|| {
            (0..board.len())
                .map(|_| next(201) as f64 / 100.0 - 1.0)
                .collect::<Vec<f64>>()
        });
        let options = EstimateOptions {
            ownership,
            seed: case,
            playouts: Some(1 + next(20) as u32),
            last_to_play: [
                None,
                Some(go_score::Color::Black),
                Some(go_score::Color::White),
            ][next(3) as usize],
        };
        let e = estimate(&board, &options).expect("a legal board estimates");
        let map = board.chains();
        for chain in &map.chains {
            let first = e.dead[chain.stones[0]];
            assert!(
                chain.stones.iter().all(|&p| e.dead[p] == first),
                "case {case}"
            );
        }
        for p in 0..board.len() {
            assert!(!e.dead[p] || board.get(p).is_some(), "case {case}");
            assert!(!e.needs_sealing[p] || board.get(p).is_none(), "case {case}");
            assert!((-1.0..=1.0).contains(&e.ownership[p]), "case {case}");
        }
    }
}

/// A real finished game whose SGF marks territory (`TB`/`TW`): the stones standing on the
/// other colour's marked territory are the dead stones the players agreed on. Not tuned
/// on. (The fixtures' other marked file, minigo's example game, marks a variation's end,
/// not its main line's, so it cannot be compared.)
#[test]
fn sgf_game_with_territory_markup() {
    let text = include_str!("fixtures/sgf/sanderland+katrain/tests/data/panda1.sgf");
    let record = go_score::sgf::read_sgf(text).expect("sgf");
    let board = record.game.board().clone();
    let mut marked = vec![false; board.len()];
    for p in record.dead_hints() {
        marked[p] = true;
    }
    let estimate = estimate(
        &board,
        &EstimateOptions {
            seed: 1,
            ..EstimateOptions::default()
        },
    )
    .expect("estimate");
    assert_eq!(estimate.dead, marked, "katrain panda1.sgf");
}
