//! Native benchmarks of the core on real end positions (the OGS fixtures) and a synthetic
//! 52×52 board: region classification, territory scoring with life analysis, area scoring,
//! classification, dead-stone estimation, counting procedures, and SGF parse + replay (a
//! 9×9 and a 19×19 record from the fixtures, a generated 52×52 one). Run with
//! `cargo bench --bench core`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use go_score::counting::{counting_steps, Method};
use go_score::estimate::{estimate, EstimateOptions};
use go_score::regions::empty_regions;
use go_score::{classify, read_sgf, score, Board, Position, Ruleset, ScoreOptions};
use serde_json::Value;
use std::hint::black_box;

/// The fixture positions of one width, with their hand-corrected dead stones.
fn fixture_positions(width: usize) -> Vec<(String, Position)> {
    include_str!("../tests/fixtures/ogs_endgames.jsonl")
        .lines()
        .filter_map(|line| {
            let v: Value = serde_json::from_str(line).ok()?;
            if v["width"].as_u64()? as usize != width {
                return None;
            }
            let rows: Vec<&str> = v["stones"]
                .as_array()?
                .iter()
                .filter_map(Value::as_str)
                .collect();
            let board = Board::from_rows(&rows).ok()?;
            let mut dead = Vec::new();
            for (y, row) in v["expected_dead"].as_array()?.iter().enumerate() {
                for (x, ch) in row.as_str()?.chars().enumerate() {
                    if ch == 'd' {
                        dead.push((x as i64, y as i64));
                    }
                }
            }
            Some((
                v["name"].as_str()?.to_string(),
                Position::new(board, &dead).ok()?,
            ))
        })
        .collect()
}

/// A 52×52 board of vertical walls: many chains and regions, all of them settled.
fn board_52() -> Position {
    let rows: Vec<String> = (0..52)
        .map(|_| {
            (0..52)
                .map(|x| match x % 6 {
                    2 => 'X',
                    4 => 'O',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    Position::new(Board::from_rows(&rows).unwrap(), &[]).unwrap()
}

fn benches(c: &mut Criterion) {
    let mut cases: Vec<(String, Position)> = Vec::new();
    for width in [9, 19] {
        if let Some((name, position)) = fixture_positions(width).into_iter().next() {
            cases.push((format!("{width}x{width} {name}"), position));
        }
    }
    cases.push(("52x52 walls".to_string(), board_52()));

    let mut group = c.benchmark_group("core");
    for (name, position) in &cases {
        group.bench_with_input(BenchmarkId::new("regions", name), position, |b, p| {
            b.iter(|| empty_regions(black_box(&p.cleared_board())))
        });
        for rules in [Ruleset::Japanese, Ruleset::Chinese] {
            let options = ScoreOptions {
                rules,
                ..Default::default()
            };
            group.bench_with_input(
                BenchmarkId::new(format!("score {rules}"), name),
                position,
                |b, p| b.iter(|| score(black_box(p), &options).unwrap()),
            );
        }
        group.bench_with_input(BenchmarkId::new("classify", name), position, |b, p| {
            b.iter(|| classify(black_box(p), Ruleset::Japanese, false))
        });
    }
    group.finish();

    // Estimation runs hundreds of playouts: fewer samples keep the run short.
    let mut group = c.benchmark_group("estimate");
    group.sample_size(10);
    for (name, position) in &cases {
        let board = position.board().clone();
        group.bench_with_input(BenchmarkId::new("default", name), &board, |b, board| {
            b.iter(|| estimate(black_box(board), &EstimateOptions::default()).unwrap())
        });
    }
    group.finish();

    // Counting procedures: every step a full snapshot.
    let mut group = c.benchmark_group("counting");
    for (name, position) in &cases {
        for method in Method::ALL {
            let options = ScoreOptions::default();
            group.bench_with_input(BenchmarkId::new(method.name(), name), position, |b, p| {
                b.iter(|| counting_steps(black_box(p), &options, Some(method)).unwrap())
            });
        }
    }
    group.finish();

    let mut group = c.benchmark_group("sgf");
    for (name, text) in sgf_cases() {
        group.bench_with_input(BenchmarkId::new("read+replay", &name), &text, |b, text| {
            b.iter(|| read_sgf(black_box(text)).unwrap())
        });
    }
    group.finish();
}

/// SGF records: two real games of the fixtures and a generated 52×52 one.
fn sgf_cases() -> Vec<(String, String)> {
    vec![
        (
            "9x9 endgame-9".to_string(),
            include_str!(
                "../tests/fixtures/sgf/SabakiHQ+Sabaki/test/resources/engine-transcripts/sgf/endgame-9.sgf"
            )
            .to_string(),
        ),
        (
            "19x19 panda1".to_string(),
            include_str!("../tests/fixtures/sgf/sanderland+katrain/tests/data/panda1.sgf").to_string(),
        ),
        ("52x52 walls".to_string(), sgf_52()),
    ]
}

/// A 52×52 record that builds walls like [`board_52`]'s move by move (832 moves).
fn sgf_52() -> String {
    let coordinate = |i: usize| -> char {
        if i < 26 {
            (b'a' + i as u8) as char
        } else {
            (b'A' + (i - 26) as u8) as char
        }
    };
    let mut text = String::from("(;GM[1]FF[4]SZ[52]");
    for x in (0..52).filter(|x| x % 6 == 2 && x + 2 < 52) {
        for y in 0..52 {
            let (cx, cy) = (coordinate(x), coordinate(y));
            text.push_str(&format!(";B[{cx}{cy}];W[{}{cy}]", coordinate(x + 2)));
        }
    }
    text.push(')');
    text
}

criterion_group!(core, benches);
criterion_main!(core);
