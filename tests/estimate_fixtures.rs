//! Issue 7's yardstick: dead-stone estimation on 16 real OGS end positions
//! (`tests/fixtures/ogs_endgames.jsonl`, from online-go/goban, Apache-2.0), without and
//! with KataGo's ownership map. Prints a table per position and the totals; asserts the
//! totals reached so far as a floor, so a regression fails.

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

fn rows(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r.as_str().expect("row string").to_owned())
        .collect()
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
    let text = include_str!("fixtures/ogs_endgames.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("fixture json");
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

fn show_ownership(f: &Fixture, ownership: &[f64]) {
    let w = f.board.width();
    for y in 0..f.board.height() {
        let line: Vec<String> = (0..w)
            .map(|x| format!("{:+3.0}", ownership[y * w + x] * 10.0))
            .collect();
        println!("    {}", line.join(""));
    }
}

#[test]
fn ogs_endgames_yardstick() {
    let fixtures = fixtures();
    assert_eq!(fixtures.len(), 16);
    let mut right_without = 0;
    let mut right_with = 0;
    let mut sealing_found = 0;
    let mut sealing_total = 0;
    let mut sealing_extra = 0;
    let mut sealing_positions_right = 0;
    println!(
        "{:<30} {:>13} {:>13} {:>17}",
        "position", "playouts", "ownership", "sealing s/found/+"
    );
    for f in &fixtures {
        let start = Instant::now();
        let plain = estimate(
            &f.board,
            &EstimateOptions {
                seed: std::env::var("SEED")
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(1),
                playouts: std::env::var("PLAYOUTS").ok().and_then(|s| s.parse().ok()),
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
        let expected_s = f.sealing.iter().filter(|&&s| s).count();
        let found_s = (0..f.sealing.len())
            .filter(|&p| f.sealing[p] && guided.needs_sealing[p])
            .count();
        let extra_s = (0..f.sealing.len())
            .filter(|&p| !f.sealing[p] && guided.needs_sealing[p])
            .count();
        sealing_total += expected_s;
        sealing_found += found_s;
        sealing_extra += extra_s;
        sealing_positions_right += usize::from(found_s == expected_s);
        let mark = |m: usize, w: usize| {
            if m + w == 0 {
                "ok".to_owned()
            } else {
                format!("-{m} +{w}")
            }
        };
        println!(
            "{:<30} {:>13} {:>13} {:>9}/{}/+{}   {:.1} ms",
            f.name,
            mark(m1, w1),
            mark(m2, w2),
            expected_s,
            found_s,
            extra_s,
            elapsed.as_secs_f64() * 1000.0
        );
        if m1 + w1 > 0 {
            println!("  playouts (m missed, ! living called dead):");
            show(f, &plain.dead);
            if std::env::var("SHOW_OWNERSHIP").is_ok() {
                show_ownership(f, &plain.ownership);
            }
        }
        if m2 + w2 > 0 {
            println!("  with ownership:");
            show(f, &guided.dead);
        }
    }
    println!(
        "exactly right: {right_without}/16 without ownership, {right_with}/16 with; \
         sealing points found {sealing_found}/{sealing_total} (+{sealing_extra} extra), \
         {sealing_positions_right}/16 positions with every s point"
    );
}
