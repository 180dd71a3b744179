//! Dead-stone estimation on real finished games, natively, for tuning: each game of a
//! `games.jsonl` corpus (one JSON object a line with `id`, `rules`, `komi`, `margin`,
//! `sgf`) is replayed, its dead stones estimated from the final position alone, scored
//! under its own rules, and compared with the recorded result.
//!
//! The corpus is split once by a fixed rule (see [`part_of`]): tune on `tuning`, report
//! `validation` too. The bench command (`scripts/bench.sh --accuracy`) measures the same
//! through the JS API beside the peers; this is the quick loop.
//!
//!   cargo run --release --example accuracy -- PATH/games.jsonl [--part tuning|validation|all]
//!       [--misses] [--limit N] [--id ID]...

use go_score::estimate::{estimate, vertices_of, EstimateOptions};
use go_score::{read_sgf, score};
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::Instant;

/// Which part of the corpus a game is in: FNV-1a (64-bit) of its id, even for tuning,
/// odd for validation. Fixed once; never changed to move a game between parts.
fn part_of(id: &str) -> &'static str {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    if hash % 2 == 0 {
        "tuning"
    } else {
        "validation"
    }
}

#[derive(Default)]
struct Tally {
    games: usize,
    exact: usize,
    winner: usize,
    errors: usize,
    seconds: f64,
}

impl Tally {
    fn add(&mut self, exact: bool, winner: bool, seconds: f64) {
        self.games += 1;
        self.exact += usize::from(exact);
        self.winner += usize::from(winner);
        self.seconds += seconds;
    }

    fn row(&self, name: &str) -> String {
        let pct = |n: usize| 100.0 * n as f64 / self.games.max(1) as f64;
        format!(
            "{name:<28} {:>5} {:>7.1}% {:>7.1}% {:>7.2} ms {:>4} errors",
            self.games,
            pct(self.exact),
            pct(self.winner),
            1000.0 * self.seconds / self.games.max(1) as f64,
            self.errors
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .expect("usage: accuracy PATH/games.jsonl [options]");
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + 1].clone())
    };
    let part = flag("--part").unwrap_or_else(|| "tuning".to_owned());
    let limit: usize = flag("--limit").map_or(usize::MAX, |n| n.parse().unwrap());
    let show_misses = args.iter().any(|a| a == "--misses");
    let show_boards = args.iter().any(|a| a == "--boards");
    let count_false_eyes = args.iter().any(|a| a == "--score-false-eyes");
    let ids: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, _)| *i > 0 && args[i - 1] == "--id")
        .map(|(_, a)| a)
        .collect();

    let text = std::fs::read_to_string(path).expect("read corpus");
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut seen = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let game: Value = serde_json::from_str(line).expect("json line");
        let id = game["id"].as_str().unwrap();
        if !ids.is_empty() && !ids.iter().any(|i| *i == id) {
            continue;
        }
        let game_part = part_of(id);
        if ids.is_empty() && part != "all" && game_part != part {
            continue;
        }
        seen += 1;
        if seen > limit {
            break;
        }
        let group = id.split('-').next().unwrap().to_owned();
        let margin = game["margin"].as_f64().unwrap();
        let start = Instant::now();
        let outcome = (|| {
            let record = read_sgf(game["sgf"].as_str().unwrap())?;
            let board = record.game.board();
            let e = estimate(
                board,
                &EstimateOptions {
                    playouts: std::env::var("PLAYOUTS").ok().map(|n| n.parse().unwrap()),
                    ..EstimateOptions::default()
                },
            )?;
            let dead: Vec<(i64, i64)> = vertices_of(board, &e.dead)
                .into_iter()
                .map(|(x, y)| (x as i64, y as i64))
                .collect();
            let (position, mut options) = record.game.score_options(&dead)?;
            options.score_false_eyes = count_false_eyes;
            let s = score(&position, &options)?;
            if show_misses && s.official().margin != margin {
                let false_eyes = go_score::ScoreOptions {
                    score_false_eyes: true,
                    ..options.clone()
                };
                let with_false_eyes = score(&position, &false_eyes)?.official().margin;
                let c = go_score::classify(&position, options.rules, false);
                let kinds = |k: go_score::classify::RegionKind| {
                    c.regions
                        .iter()
                        .filter(|r| r.kind == k)
                        .map(|r| r.points.len())
                        .sum::<usize>()
                };
                let summary = format!(
                    "seki points {}, dame {}, neutral {}, seki groups {}",
                    kinds(go_score::classify::RegionKind::Seki),
                    kinds(go_score::classify::RegionKind::Dame),
                    kinds(go_score::classify::RegionKind::Neutral),
                    c.groups
                        .iter()
                        .filter(|g| g.status == go_score::classify::GroupStatus::Seki)
                        .count()
                );
                let false_eyes: Vec<_> = c
                    .regions
                    .iter()
                    .flat_map(|r| r.false_eyes.iter().map(|&p| board.vertex(p)))
                    .collect();
                let seki: Vec<_> = c
                    .regions
                    .iter()
                    .filter(|r| r.kind == go_score::classify::RegionKind::Seki)
                    .flat_map(|r| r.points.iter().map(|&p| board.vertex(p)))
                    .collect();
                println!("  false eyes {false_eyes:?} seki points {seki:?}");
                println!(
                    "  false eyes counted: {with_false_eyes:+}; other method {:+}; {}",
                    if s.official().margin == s.territory.margin {
                        s.area.margin
                    } else {
                        s.territory.margin
                    },
                    summary
                );
            }
            if show_misses && s.official().margin != margin {
                explain_miss(board, &e.dead, &e.ownership, &record.game, margin);
            }
            if show_boards && s.official().margin != margin {
                print_board(board, &e.dead, &e.ownership);
            }
            Ok::<_, go_score::Error>((s.official().margin, dead.len()))
        })();
        let seconds = start.elapsed().as_secs_f64();
        for key in [format!("{game_part}"), format!("{game_part} {group}")] {
            let tally = tallies.entry(key).or_default();
            match &outcome {
                Ok((got, _)) => tally.add(*got == margin, got.signum() == margin.signum(), seconds),
                Err(_) => tally.errors += 1,
            }
        }
        match outcome {
            Ok((got, dead)) if show_misses && got != margin => {
                println!(
                    "miss {id} recorded {margin:+} got {got:+} (diff {:+}) dead {dead}",
                    got - margin
                )
            }
            Err(e) if show_misses => println!("error {id}: {e}"),
            _ => {}
        }
    }
    println!(
        "{:<28} {:>5} {:>8} {:>8} {:>10}",
        "part / source", "games", "exact", "winner", "per game"
    );
    for (name, tally) in &tallies {
        println!("{}", tally.row(name));
    }
}

/// The board with dead stones in lower case and empty points shaded by the estimate.
fn print_board(board: &go_score::Board, dead: &[bool], ownership: &[f64]) {
    for y in 0..board.height() {
        let row: String = (0..board.width())
            .map(|x| {
                let p = board.point(x, y);
                match (board.get(p), dead[p]) {
                    (Some(go_score::Color::Black), false) => 'X',
                    (Some(go_score::Color::Black), true) => 'x',
                    (Some(go_score::Color::White), false) => 'O',
                    (Some(go_score::Color::White), true) => 'o',
                    (None, _) if ownership[p] > 0.5 => '+',
                    (None, _) if ownership[p] < -0.5 => '-',
                    (None, _) => '.',
                }
            })
            .flat_map(|c| [c, ' '])
            .collect();
        println!("  {row}");
    }
}

/// Which single chain, or single "dragon" (same-colour chains sharing a liberty), flipped
/// between dead and alive, would make the count exact.
fn explain_miss(
    board: &go_score::Board,
    dead: &[bool],
    ownership: &[f64],
    game: &go_score::Game,
    margin: f64,
) {
    let map = board.chains();
    let n = map.chains.len();
    // Union-find of chains sharing a liberty.
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for p in 0..board.len() {
        if board.get(p).is_some() {
            continue;
        }
        for color in [go_score::Color::Black, go_score::Color::White] {
            let ids: Vec<usize> = board
                .neighbors(p)
                .filter(|&q| board.get(q) == Some(color))
                .map(|q| map.chain_of[q] as usize)
                .collect();
            for w in ids.windows(2) {
                let (a, b) = (find(&mut parent, w[0]), find(&mut parent, w[1]));
                parent[a] = b;
            }
        }
    }
    let try_flip = |members: &[usize]| -> Option<f64> {
        let mut mask = dead.to_vec();
        for &c in members {
            for &p in &map.chains[c].stones {
                mask[p] = !mask[p];
            }
        }
        let verts: Vec<(i64, i64)> = (0..board.len())
            .filter(|&p| mask[p])
            .map(|p| {
                let (x, y) = board.vertex(p);
                (x as i64, y as i64)
            })
            .collect();
        let (position, options) = game.score_options(&verts).ok()?;
        score(&position, &options).ok().map(|s| s.official().margin)
    };
    let describe = |members: &[usize]| {
        let stones: usize = members.iter().map(|&c| map.chains[c].stones.len()).sum();
        let first = map.chains[members[0]].stones[0];
        let color = map.chains[members[0]].color;
        let sum: f64 = members
            .iter()
            .flat_map(|&c| map.chains[c].stones.iter())
            .map(|&p| ownership[p])
            .sum();
        let libs: usize = members.iter().map(|&c| map.chains[c].liberties.len()).sum();
        format!(
            "{:?} {:?} {} stones, {} chains, libs {}, own {:+.2}, was {}",
            color,
            board.vertex(first),
            stones,
            members.len(),
            libs,
            sum / stones as f64 * f64::from(color.sign()),
            if dead[first] { "dead" } else { "alive" }
        )
    };
    let mut found = false;
    for c in 0..n {
        if try_flip(&[c]) == Some(margin) {
            println!("  fix: chain {}", describe(&[c]));
            found = true;
        }
    }
    let mut roots: Vec<usize> = (0..n).map(|c| find(&mut parent, c)).collect();
    let mut done = Vec::new();
    for c in 0..n {
        let r = roots[c];
        if done.contains(&r) {
            continue;
        }
        done.push(r);
        let members: Vec<usize> = (0..n).filter(|&d| roots[d] == r).collect();
        if members.len() > 1 && try_flip(&members) == Some(margin) {
            println!("  fix: dragon {}", describe(&members));
            found = true;
        }
    }
    roots.clear();
    if !found {
        println!("  fix: none by one flip");
    }
}
