//! How often real finished games reach their recorded result counted by the rules and as
//! their recording server counts (`scoreSgf(sgf, { conventions: 'server' })`), server by
//! server, with the games one count reproduces and the other does not. The dead stones
//! are estimated from the final position (`dead: 'estimate'`), or taken from the record's
//! `TB`/`TW` marks with `--dead record`.
//!
//! ```text
//! cargo run --release --example server_conventions -- PATH/games.jsonl
//!     [--part tuning|validation|all] [--dead estimate|record] [--list]
//! ```
//! `games.jsonl`: one JSON object a line with `id`, `margin` (Black's, as recorded) and
//! `sgf`. `--list` names every game won or lost by the server's count.

use go_score::estimate::{estimate, vertices_of, EstimateOptions};
use go_score::servers::count_as;
use go_score::{read_sgf, GameRecord};
use serde_json::Value;
use std::collections::BTreeMap;

#[path = "../tests/common/split.rs"]
mod split;
use split::part_of;

#[derive(Default)]
struct Tally {
    games: usize,
    rules_exact: usize,
    server_exact: usize,
    /// Reproduced only by the server's count.
    won: Vec<String>,
    /// Reproduced only by the rules' count.
    lost: Vec<String>,
}

/// The dead stones of the record's final position: estimated, or the record's marks.
fn dead_stones(record: &GameRecord, from_record: bool) -> Vec<(i64, i64)> {
    let board = record.game.board();
    let dead = if from_record {
        let mut dead = vec![false; board.len()];
        for p in record.dead_hints() {
            dead[p] = true;
        }
        dead
    } else {
        let options = EstimateOptions {
            last_to_play: record.game.last_to_play(),
            ..EstimateOptions::default()
        };
        estimate(board, &options).expect("estimate").dead
    };
    vertices_of(board, &dead)
        .into_iter()
        .map(|(x, y)| (x as i64, y as i64))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .expect("usage: server_conventions PATH/games.jsonl [options]");
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let part = value("--part").unwrap_or_else(|| "all".to_owned());
    let from_record = value("--dead").as_deref() == Some("record");
    let list = args.iter().any(|a| a == "--list");
    let text = std::fs::read_to_string(path).expect("read corpus");
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let game: Value = serde_json::from_str(line).expect("json line");
        let id = game["id"].as_str().expect("id");
        if part != "all" && part_of(id) != part {
            continue;
        }
        let margin = game["margin"].as_f64().expect("margin");
        let record = read_sgf(game["sgf"].as_str().expect("sgf")).expect("corpus records read");
        let dead = dead_stones(&record, from_record);
        let (position, options) = record.game.score_options(&dead).expect("dead stones");
        let (rules, server) = match record.server {
            Some(server) => {
                let count = count_as(server, &position, &options).expect("counted");
                (
                    count.rules.official().margin,
                    count.server_score.official().margin,
                )
            }
            None => {
                let rules = go_score::score(&position, &options).expect("counted");
                (rules.official().margin, rules.official().margin)
            }
        };
        let name = record.server.map_or("unknown", |s| s.name());
        let group = id.split('-').next().unwrap_or(id);
        for key in [
            "all".to_owned(),
            name.to_owned(),
            format!("{name} {} {group}", options.rules),
        ] {
            let tally = tallies.entry(key).or_default();
            tally.games += 1;
            tally.rules_exact += usize::from(rules == margin);
            tally.server_exact += usize::from(server == margin);
            if server == margin && rules != margin {
                tally.won.push(id.to_owned());
            }
            if rules == margin && server != margin {
                tally.lost.push(id.to_owned());
            }
        }
    }
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    println!(
        "{:<32} {:>6} {:>15} {:>15} {:>5} {:>5}",
        "server (rules, source)", "games", "rules", "server", "won", "lost"
    );
    for (name, t) in &tallies {
        println!(
            "{name:<32} {:>6} {:>6} {:>7.1}% {:>6} {:>7.1}% {:>5} {:>5}",
            t.games,
            t.rules_exact,
            pct(t.rules_exact, t.games),
            t.server_exact,
            pct(t.server_exact, t.games),
            t.won.len(),
            t.lost.len()
        );
    }
    if list {
        let all = &tallies["all"];
        println!("won: {}", all.won.join(" "));
        println!("lost: {}", all.lost.join(" "));
    }
}
