//! Native timing of `estimate` on the OGS end positions: the fastest and the
//! mean CPU time of several runs per position. The CPU time comes from Linux's
//! `/proc/thread-self/schedstat` (coarse per run, fine as a mean), so a busy machine
//! disturbs it less than wall time; elsewhere it is left out.
//!
//! `cargo run --release --example estimate_timing [runs] [playouts]`

use go_score::estimate::{default_playouts, estimate, EstimateOptions};
use go_score::Board;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(15);
    let playouts: Option<u32> = args.next().and_then(|a| a.parse().ok());
    let text = include_str!("../tests/fixtures/ogs_endgames.jsonl");
    println!("{runs} runs per position; milliseconds");
    println!(
        "{:<30} {:>6} {:>9} {:>13} {:>9}",
        "position", "size", "playouts", "fastest wall", "mean CPU"
    );
    let mut positions: Vec<(String, Board)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("fixture json");
            let rows: Vec<&str> = v["stones"]
                .as_array()
                .expect("rows")
                .iter()
                .map(|r| r.as_str().expect("row"))
                .collect();
            let name = v["name"].as_str().unwrap_or("?").to_owned();
            (name, Board::from_rows(&rows).expect("board"))
        })
        .collect();
    // The slow cases: empty boards play the longest playouts.
    for size in [19, 52] {
        positions.push((
            format!("empty {size}x{size}"),
            Board::new(size, size).unwrap(),
        ));
    }
    for (name, board) in &positions {
        let options = EstimateOptions {
            playouts,
            ..EstimateOptions::default()
        };
        let cpu_start = cpu_nanos();
        let fastest = (0..runs)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(estimate(board, &options).expect("estimate"));
                start.elapsed().as_secs_f64() * 1000.0
            })
            .fold(f64::INFINITY, f64::min);
        let cpu = match (cpu_start, cpu_nanos()) {
            (Some(a), Some(b)) => format!("{:.2}", (b - a) as f64 / 1e6 / runs as f64),
            _ => "-".to_owned(),
        };
        println!(
            "{:<30} {:>6} {:>9} {:>13.2} {:>9}",
            name,
            format!("{}x{}", board.width(), board.height()),
            playouts.unwrap_or_else(|| default_playouts(board)),
            fastest,
            cpu
        );
    }
}

/// Nanoseconds this thread has run on a CPU, where Linux tells.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
