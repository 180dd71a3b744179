//! Native benchmarks of the scoring core on real end positions (the OGS fixtures) and a
//! synthetic 52×52 board. Run with `cargo bench --bench core`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use go_score::regions::empty_regions;
use go_score::{classify, score, Board, Position, Ruleset, ScoreOptions};
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
}

criterion_group!(core, benches);
criterion_main!(core);
