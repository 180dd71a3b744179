//! Dead-stone estimation on real finished games, natively: the quick loop for tuning the
//! estimator. Each game of a `games.jsonl` corpus (one JSON object a line with `id`,
//! `margin`, `sgf`) is replayed, its dead stones estimated from the final position alone,
//! scored under its own rules and komi, and compared with the recorded result.
//!
//! The corpus is split once by a fixed rule ([`part_of`]): tune on `tuning`, and look at
//! `validation` only to report. `scripts/bench.sh --accuracy` measures the same through
//! the JS API beside the peers.
//!
//! On a corpus whose records mark the agreed dead stones (`TB`/`TW`, as
//! `shared/fixtures/kgs_marked/`), each row also gives: dead stones exact (the estimate's
//! dead set is the marks'), stone precision and recall, and how often the marks' own count
//! gives the recorded result; rows per rules (`rules chinese`, …), and the games of the
//! artefact groups (`tests/common/kgs.rs`: accounts whose marks need not follow the board,
//! and marks that keep a chain in atari the other side could take for nothing) only in rows
//! of their own (`artefact petgo3`, `artefact kept in atari`), never in the others.
//!
//! ```text
//! cargo run --release --example accuracy -- PATH/games.jsonl [--part tuning|validation|all]
//!     [--limit N] [--id ID]... [--misses] [--boards] [--playouts N] [--seed N]
//!     [--reference OWNERSHIP.jsonl [--disagreements]]
//! ```
//! `--seed` seeds the playouts (0, the product's default, unless given): a change worth
//! keeping should beat the spread between seeds.
//! `--misses` lists each game scored wrong with what one flipped chain or group would fix,
//! and each game whose estimate differs from its marks chain by chain (SGF points);
//! `--boards` draws those boards, row by row from the top: `X`/`O` stones the estimate keeps
//! (`#`/`@` those of them in seki), `x`/`o` stones it calls dead, `+`/`-` empty points its map
//! gives Black/White by more than half, `s` empty points in seki, `.` the rest; then the map, in
//! hundredths from Black's side (+99 Black's, −99 White's). `--reference` reads another
//! estimator's ownership maps (one JSON a line: `id`, `ownership` as 361 numbers, row by
//! row, +1 Black … −1 White),
//! scores each game with the stones that map calls dead, and counts the chains where the
//! two disagree; `--disagreements` lists them with what the estimator saw.

use go_score::estimate::{estimate, vertices_of, Estimate, EstimateOptions};
use go_score::{read_sgf, score, Board, Color, Game, GameRecord};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Instant;

#[path = "../tests/common/split.rs"]
mod split;
use split::part_of;

#[path = "../tests/common/kgs.rs"]
mod kgs;
use kgs::artefact_of;

/// A stone the reference map gives to the other side by at least this much is dead.
const REFERENCE_DEAD: f64 = 0.4;

struct Options {
    part: String,
    limit: usize,
    ids: Vec<String>,
    misses: bool,
    boards: bool,
    playouts: Option<u32>,
    seed: u64,
    reference: HashMap<String, Vec<f64>>,
    disagreements: bool,
    /// Where to write one line of features per chain (with the reference's verdict).
    dump_chains: Option<String>,
}

fn options() -> (String, Options) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .expect("usage: accuracy PATH/games.jsonl [options]")
        .clone();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + 1].clone())
    };
    let reference = value("--reference")
        .map(|file| {
            std::fs::read_to_string(file)
                .expect("read reference")
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| {
                    let v: Value = serde_json::from_str(l).expect("reference line");
                    let map = v["ownership"]
                        .as_array()
                        .expect("ownership")
                        .iter()
                        .map(|x| x.as_f64().unwrap())
                        .collect();
                    (v["id"].as_str().unwrap().to_owned(), map)
                })
                .collect()
        })
        .unwrap_or_default();
    let options = Options {
        part: value("--part").unwrap_or_else(|| "tuning".to_owned()),
        limit: value("--limit").map_or(usize::MAX, |n| n.parse().unwrap()),
        ids: args
            .windows(2)
            .filter(|w| w[0] == "--id")
            .map(|w| w[1].clone())
            .collect(),
        misses: args.iter().any(|a| a == "--misses"),
        boards: args.iter().any(|a| a == "--boards"),
        playouts: value("--playouts").map(|n| n.parse().unwrap()),
        seed: value("--seed").map_or(0, |n| n.parse().expect("--seed is a number")),
        reference,
        disagreements: args.iter().any(|a| a == "--disagreements"),
        dump_chains: value("--dump-chains"),
    };
    (path, options)
}

#[derive(Default)]
struct Tally {
    games: usize,
    exact: usize,
    winner: usize,
    errors: usize,
    seconds: f64,
    /// The slowest game's estimate.
    slowest: f64,
    /// Games with a reference map: how many it scores exactly, and how many of them the
    /// estimate agrees with on every chain.
    referenced: usize,
    /// How many referenced games the estimate scores exactly.
    referenced_exact: usize,
    reference_exact: usize,
    agree: usize,
    /// Exact counts when scored the plain way, with the estimate's and the reference's dead.
    naive_exact: usize,
    naive_reference_exact: usize,
    /// Games whose record marks the dead stones (`TB`/`TW`), and how many of them the
    /// estimate names exactly those dead stones in.
    marked: usize,
    dead_exact: usize,
    /// Stones: dead in both, dead only in the estimate, dead only in the record's marks.
    dead_both: usize,
    dead_estimate_only: usize,
    dead_record_only: usize,
    /// Games whose record's own marks give the recorded result.
    marks_exact: usize,
}

impl Tally {
    fn row(&self, name: &str) -> String {
        let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
        let mut row = format!(
            "{name:<24} {:>5} {:>7.1}% ({:>5.1}% plain) {:>7.1}% {:>7.2} ms (slowest {:>6.1}) {:>3} err",
            self.games,
            pct(self.exact, self.games),
            pct(self.naive_exact, self.games),
            pct(self.winner, self.games),
            1000.0 * self.seconds / self.games.max(1) as f64,
            1000.0 * self.slowest,
            self.errors
        );
        if self.marked > 0 {
            let stones = |n: usize, m: usize| 100.0 * n as f64 / (n + m).max(1) as f64;
            row += &format!(
                "   marked {:>5}: dead exact {:>5.1}%, stone precision {:>6.2}% recall {:>6.2}%, marks' own result exact {:>5.1}%",
                self.marked,
                pct(self.dead_exact, self.marked),
                stones(self.dead_both, self.dead_estimate_only),
                stones(self.dead_both, self.dead_record_only),
                pct(self.marks_exact, self.marked),
            );
        }
        if self.referenced > 0 {
            row += &format!(
                "   ref: {:>5} games, estimate exact {:>5.1}%, reference exact {:>5.1}% ({:>5.1}% plain), all chains agree {:>5.1}%",
                self.referenced,
                pct(self.referenced_exact, self.referenced),
                pct(self.reference_exact, self.referenced),
                pct(self.naive_reference_exact, self.referenced),
                pct(self.agree, self.referenced)
            );
        }
        row
    }
}

/// The official margin of `game`'s final position with `dead` stones.
fn margin_with(game: &Game, dead: &[bool]) -> go_score::Result<f64> {
    Ok(score_with(game, dead)?.official().margin)
}

/// `game`'s final position scored with `dead` stones.
fn score_with(game: &Game, dead: &[bool]) -> go_score::Result<go_score::Score> {
    let board = game.board();
    let vertices: Vec<(i64, i64)> = vertices_of(board, dead)
        .into_iter()
        .map(|(x, y)| (x as i64, y as i64))
        .collect();
    let (position, options) = game.score_options(&vertices)?;
    score(&position, &options)
}

/// The territory margin counted as a plain server count would: every empty region (dead
/// stones off) bordered by one colour is its territory, no seki or false-eye exceptions;
/// prisoners are the captures plus the dead stones.
fn naive_territory_margin(game: &Game, dead: &[bool]) -> f64 {
    let board = game.board();
    let mut cleared = board.clone();
    let mut prisoners = [0f64; 2];
    for (p, _) in dead.iter().enumerate().filter(|(_, &d)| d) {
        {
            let c = board.get(p).unwrap();
            prisoners[c.opponent().index()] += 1.0;
            cleared.set(p, None);
        }
    }
    let captures = game.captures();
    prisoners[0] += f64::from(captures.black);
    prisoners[1] += f64::from(captures.white);
    let regions = go_score::regions::empty_regions(&cleared);
    let mut territory = [0f64; 2];
    for (id, region) in regions.regions.iter().enumerate() {
        if let Some(c) = region.sole_border() {
            territory[c.index()] += regions.points_of(id).len() as f64;
        }
    }
    territory[0] + prisoners[0] - territory[1] - prisoners[1] - game.komi()
}

fn main() {
    let (path, opts) = options();
    let text = std::fs::read_to_string(path).expect("read corpus");
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    // The sources (the id's first word) of each part's games outside the artefact groups.
    let mut sources: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    let mut seen = 0;
    let mut dump = opts
        .dump_chains
        .as_ref()
        .map(|path| std::io::BufWriter::new(std::fs::File::create(path).expect("dump file")));
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let game: Value = serde_json::from_str(line).expect("json line");
        let id = game["id"].as_str().unwrap();
        let game_part = part_of(id);
        if opts.ids.is_empty() {
            if opts.part != "all" && game_part != opts.part {
                continue;
            }
        } else if !opts.ids.iter().any(|i| i == id) {
            continue;
        }
        seen += 1;
        if seen > opts.limit {
            break;
        }
        let group = id.split('-').next().unwrap();
        let margin = game["margin"].as_f64().unwrap();
        let record = read_sgf(game["sgf"].as_str().unwrap()).expect("corpus records read");
        let board = record.game.board();
        let start = Instant::now();
        let outcome = estimate(
            board,
            &EstimateOptions {
                playouts: opts.playouts,
                seed: opts.seed,
                last_to_play: record.game.last_to_play(),
                ..EstimateOptions::default()
            },
        )
        .and_then(|e| Ok((margin_with(&record.game, &e.dead)?, e)));
        let seconds = start.elapsed().as_secs_f64();

        let reference = opts.reference.get(id).map(|map| {
            let dead = reference_dead(board, map);
            let got = margin_with(&record.game, &dead).ok();
            (dead, got == Some(margin), got)
        });
        let seki = match &outcome {
            Ok((_, e)) => seki_groups(&record.game, &e.dead),
            Err(_) => 0,
        };
        // The record's own dead stones, when it marks them (kgs_marked).
        let marks = marked_dead(&record);
        let marks_exact = marks
            .as_ref()
            .is_some_and(|dead| margin_with(&record.game, dead).ok() == Some(margin));
        // Games of the artefact group get rows of their own and no others: never a target.
        // Only marks can be artefacts: a record without them has none.
        let artefact = marks.as_ref().and(artefact_of(&record));
        let keys = match artefact {
            Some(account) => vec![format!("{game_part} artefact {account}")],
            None => {
                let seki = if seki > 0 { "yes" } else { "no" };
                sources
                    .entry(game_part)
                    .or_default()
                    .insert(group.to_owned());
                let mut keys = vec![
                    game_part.to_owned(),
                    format!("{game_part} {group}"),
                    format!("{game_part} seki {seki}"),
                ];
                if let (Some(_), Some(rules)) = (&marks, game["rules"].as_str()) {
                    keys.push(format!("{game_part} rules {rules}"));
                }
                keys
            }
        };
        for key in keys {
            let tally = tallies.entry(key).or_default();
            let Ok((got, e)) = &outcome else {
                tally.errors += 1;
                continue;
            };
            tally.games += 1;
            tally.exact += usize::from(*got == margin);
            tally.winner += usize::from(got.signum() == margin.signum());
            tally.seconds += seconds;
            tally.slowest = tally.slowest.max(seconds);
            let territory_rules = game["rules"].as_str() != Some("chinese");
            let naive = |dead: &[bool]| {
                if territory_rules {
                    naive_territory_margin(&record.game, dead) == margin
                } else {
                    margin_with(&record.game, dead).ok() == Some(margin)
                }
            };
            tally.naive_exact += usize::from(naive(&e.dead));
            if let Some(dead) = &marks {
                tally.marked += 1;
                tally.dead_exact += usize::from(*dead == e.dead);
                tally.marks_exact += usize::from(marks_exact);
                for (&want, &got) in dead.iter().zip(&e.dead) {
                    match (want, got) {
                        (true, true) => tally.dead_both += 1,
                        (false, true) => tally.dead_estimate_only += 1,
                        (true, false) => tally.dead_record_only += 1,
                        (false, false) => {}
                    }
                }
            }
            if let Some((dead, _, _)) = &reference {
                tally.naive_reference_exact += usize::from(naive(dead));
            }
            if let Some((dead, exact, _)) = &reference {
                tally.referenced += 1;
                tally.referenced_exact += usize::from(*got == margin);
                tally.reference_exact += usize::from(*exact);
                tally.agree += usize::from(*dead == e.dead);
            }
        }

        let Ok((got, e)) = outcome else {
            println!("error {id}: {}", outcome.err().unwrap());
            continue;
        };
        let dead_missed = marks.as_ref().is_some_and(|dead| *dead != e.dead);
        let missed = got != margin || dead_missed;
        if opts.misses && dead_missed {
            let marks = marks.as_ref().expect("marked");
            println!(
                "dead-miss {id} ({}{}): recorded {margin:+} got {got:+}, marks' own {}",
                game["rules"].as_str().unwrap_or("?"),
                artefact.map_or(String::new(), |a| {
                    let at = kgs::kept_in_atari(&record).map_or(String::new(), |p| {
                        let (x, y) = board.vertex(p);
                        format!(
                            " at {}{}",
                            (b'a' + x as u8) as char,
                            (b'a' + y as u8) as char
                        )
                    });
                    format!(", artefact {a}{at}")
                }),
                if marks_exact { "exact" } else { "not exact" },
            );
            print_dead_differences(board, marks, &e);
        } else if opts.misses && missed {
            let reference_note = match &reference {
                Some((_, true, _)) => ", reference exact".to_owned(),
                Some((dead, false, got)) => format!(
                    ", reference wrong too ({got:?}, plain {:+})",
                    naive_territory_margin(&record.game, dead)
                ),
                None => String::new(),
            };
            let both = score_with(&record.game, &e.dead).expect("scored once already");
            println!(
                "miss {id} recorded {margin:+} got {got:+} (diff {:+}){reference_note}; territory {:+} area {:+}; seki groups {seki}",
                got - margin,
                both.territory.margin,
                both.area.margin
            );
            explain_miss(board, &e, &record.game, margin);
        }
        if let (Some(out), Some(map)) = (dump.as_mut(), opts.reference.get(id)) {
            dump_chains(out, id, board, &e, map);
        }
        if opts.disagreements {
            if let Some((dead, exact, _)) = &reference {
                print_disagreements(id, board, &e, dead, *exact, missed);
            }
        }
        if opts.boards && missed {
            print_board(&record.game, &e.dead, &e.ownership);
            if !opts.ids.is_empty() {
                for y in 0..board.height() {
                    let row: Vec<String> = (0..board.width())
                        .map(|x| format!("{:+3.0}", 99.0 * e.ownership[board.point(x, y)]))
                        .collect();
                    println!("  {}", row.join(""));
                }
            }
        }
    }
    println!(
        "{:<24} {:>5} {:>8} {:>8} {:>10}",
        "part / source", "games", "exact", "winner", "per game"
    );
    // A source's row says no more than its part's when the part has that one source.
    let lone_sources: Vec<String> = sources
        .iter()
        .filter(|(_, of_part)| of_part.len() == 1)
        .flat_map(|(part, of_part)| of_part.iter().map(move |source| format!("{part} {source}")))
        .collect();
    for (name, tally) in tallies
        .iter()
        .filter(|(name, _)| !lone_sources.contains(name))
    {
        println!("{}", tally.row(name));
    }
}

/// The dead stones a record's `TB`/`TW` marks name (stones on the other colour's marked
/// points), or `None` when it marks no territory.
fn marked_dead(record: &GameRecord) -> Option<Vec<bool>> {
    if record.territory.black.is_empty() && record.territory.white.is_empty() {
        return None;
    }
    let mut dead = vec![false; record.game.board().len()];
    for p in record.dead_hints() {
        dead[p] = true;
    }
    Some(dead)
}

/// Each chain the estimate and the record's marks disagree on, stone by stone: which side
/// calls it dead, with its stones as SGF points.
fn print_dead_differences(board: &Board, marks: &[bool], e: &Estimate) {
    let chains = board.chains();
    for chain in &chains.chains {
        let first = chain.stones[0];
        if marks[first] == e.dead[first] {
            continue;
        }
        let points: Vec<String> = chain
            .stones
            .iter()
            .map(|&p| {
                let (x, y) = board.vertex(p);
                format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
            })
            .collect();
        println!(
            "  {} {} {} stones, {} libs, playout own {:+.2}: {} [{}]",
            if e.dead[first] {
                "estimate removes, players kept"
            } else {
                "players removed, estimate keeps"
            },
            chain.color.name(),
            chain.stones.len(),
            chain.liberties.len(),
            own_mean(&chain.stones, &e.ownership, chain.color),
            if e.dead[first] { "dead" } else { "alive" },
            points.join(" ")
        );
    }
}

/// How many groups the core's life analysis puts in seki with `dead` taken off.
fn seki_groups(game: &Game, dead: &[bool]) -> usize {
    let board = game.board();
    let vertices: Vec<(i64, i64)> = vertices_of(board, dead)
        .into_iter()
        .map(|(x, y)| (x as i64, y as i64))
        .collect();
    let Ok((position, options)) = game.score_options(&vertices) else {
        return 0;
    };
    go_score::classify(&position, options.rules, false)
        .groups
        .iter()
        .filter(|g| g.status == go_score::classify::GroupStatus::Seki)
        .count()
}

/// One JSON line per chain: what the estimator could know of it, its verdict, and the
/// reference map's mean over its stones (from the chain's side).
fn dump_chains(out: &mut impl std::io::Write, id: &str, board: &Board, e: &Estimate, map: &[f64]) {
    let chains = board.chains();
    let regions = go_score::regions::empty_regions(board);
    for chain in &chains.chains {
        let color = chain.color;
        let sign = f64::from(color.sign());
        let own = |points: &[usize], m: &[f64]| {
            if points.is_empty() {
                0.0
            } else {
                points.iter().map(|&p| m[p]).sum::<f64>() / points.len() as f64 * sign
            }
        };
        let mut second: Vec<usize> = Vec::new();
        for &l in &chain.liberties {
            for n in board.neighbors(l) {
                if board.get(n).is_none() && !chain.liberties.contains(&n) && !second.contains(&n) {
                    second.push(n);
                }
            }
        }
        let mut opp: Vec<usize> = Vec::new();
        for &s in chain.stones.iter().chain(&chain.liberties) {
            for n in board.neighbors(s) {
                if board.get(n) == Some(color.opponent()) {
                    let c = chains.chain_of[n] as usize;
                    if !opp.contains(&c) {
                        opp.push(c);
                    }
                }
            }
        }
        let opp_libs: Vec<usize> = opp
            .iter()
            .map(|&c| chains.chains[c].liberties.len())
            .collect();
        let opp_own: Vec<f64> = opp
            .iter()
            .map(|&c| -own(&chains.chains[c].stones, &e.ownership))
            .collect();
        let opp_dead = opp
            .iter()
            .filter(|&&c| e.dead[chains.chains[c].stones[0]])
            .count();
        let mut eye_points = 0;
        let mut eyes = 0;
        let mut seen: Vec<u32> = Vec::new();
        for &l in &chain.liberties {
            let r = regions.region_of[l];
            if seen.contains(&r) {
                continue;
            }
            seen.push(r);
            if regions.regions[r as usize].sole_border() == Some(color) {
                eyes += 1;
                eye_points += regions.points_of(r as usize).len();
            }
        }
        let first = chain.stones[0];
        let line = serde_json::json!({
            "id": id,
            "x": board.vertex(first).0, "y": board.vertex(first).1,
            "color": color.name(),
            "size": chain.stones.len(),
            "libs": chain.liberties.len(),
            "own": own(&chain.stones, &e.ownership),
            "own_libs": own(&chain.liberties, &e.ownership),
            "own_second": own(&second, &e.ownership),
            "eyes": eyes,
            "eye_points": eye_points,
            "opp_chains": opp.len(),
            "opp_dead": opp_dead,
            "opp_min_libs": opp_libs.iter().min().copied().unwrap_or(99),
            "opp_max_libs": opp_libs.iter().max().copied().unwrap_or(0),
            "opp_min_own": opp_own.iter().copied().fold(1.0, f64::min),
            "opp_max_own": opp_own.iter().copied().fold(-1.0, f64::max),
            "dead": e.dead[first],
            "reference": own(&chain.stones, map),
        });
        writeln!(out, "{line}").expect("write dump");
    }
}

/// The stones a reference map gives to the other side.
fn reference_dead(board: &Board, map: &[f64]) -> Vec<bool> {
    // Whole chains, by their mean, so a chain is never split.
    board.chains().stones_where(|chain| {
        let mean = chain.stones.iter().map(|&p| map[p]).sum::<f64>() / chain.stones.len() as f64;
        mean * f64::from(chain.color.sign()) <= -REFERENCE_DEAD
    })
}

/// The chains whose status the estimate and the reference disagree on, with what the
/// estimator knew of them.
fn print_disagreements(
    id: &str,
    board: &Board,
    e: &Estimate,
    reference: &[bool],
    reference_exact: bool,
    missed: bool,
) {
    let chains = board.chains();
    for chain in &chains.chains {
        let first = chain.stones[0];
        if e.dead[first] == reference[first] {
            continue;
        }
        println!(
            "disagree {id} {} {:?} {} stones, {} libs, playout own {:+.2}: estimate {}, reference {}{}{}",
            chain.color.name(),
            board.vertex(first),
            chain.stones.len(),
            chain.liberties.len(),
            own_mean(&chain.stones, &e.ownership, chain.color),
            if e.dead[first] { "dead" } else { "alive" },
            if reference[first] { "dead" } else { "alive" },
            if reference_exact { " (reference exact)" } else { "" },
            if missed { " (estimate missed)" } else { "" },
        );
    }
}

/// The mean ownership of `points`, from `color`'s side.
fn own_mean(points: &[usize], ownership: &[f64], color: Color) -> f64 {
    points.iter().map(|&p| ownership[p]).sum::<f64>() / points.len() as f64
        * f64::from(color.sign())
}

/// Which single chain, or single group of same-colour chains sharing a liberty, flipped
/// between dead and alive would make the count exact. (Often a coincidence for one
/// stone; telling for groups.)
fn explain_miss(board: &Board, e: &Estimate, game: &Game, margin: f64) {
    let map = board.chains();
    let n = map.chains.len();
    let mut group: Vec<usize> = (0..n).collect();
    fn root(group: &mut [usize], mut i: usize) -> usize {
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    for p in (0..board.len()).filter(|&p| board.get(p).is_none()) {
        for color in [Color::Black, Color::White] {
            let ids: Vec<usize> = board
                .neighbors(p)
                .filter(|&q| board.get(q) == Some(color))
                .map(|q| map.chain_of[q] as usize)
                .collect();
            for w in ids.windows(2) {
                let (a, b) = (root(&mut group, w[0]), root(&mut group, w[1]));
                group[a] = b;
            }
        }
    }
    let fixes = |members: &[usize]| {
        let mut dead = e.dead.clone();
        for &c in members {
            for &p in &map.chains[c].stones {
                dead[p] = !dead[p];
            }
        }
        margin_with(game, &dead).ok() == Some(margin)
    };
    let describe = |kind: &str, members: &[usize]| {
        let stones: Vec<usize> = members
            .iter()
            .flat_map(|&c| map.chains[c].stones.iter().copied())
            .collect();
        let chain = &map.chains[members[0]];
        println!(
            "  fix: {kind} {} {:?}, {} stones in {} chains, playout own {:+.2}, was {}",
            chain.color.name(),
            board.vertex(stones[0]),
            stones.len(),
            members.len(),
            own_mean(&stones, &e.ownership, chain.color),
            if e.dead[stones[0]] { "dead" } else { "alive" }
        );
    };
    let mut found = false;
    for c in 0..n {
        if fixes(&[c]) {
            describe("chain", &[c]);
            found = true;
        }
    }
    let roots: Vec<usize> = (0..n).map(|c| root(&mut group, c)).collect();
    let mut done = vec![false; n];
    for c in 0..n {
        if done[roots[c]] {
            continue;
        }
        done[roots[c]] = true;
        let members: Vec<usize> = (0..n).filter(|&d| roots[d] == roots[c]).collect();
        if members.len() > 1 && fixes(&members) {
            describe("group", &members);
            found = true;
        }
    }
    if !found {
        println!("  fix: none by one flip");
    }
}

/// The board with dead stones in lower case, stones in seki as `#` (Black) and `@`
/// (White), and empty points shaded by the estimate (`s` where the life analysis finds
/// seki).
fn print_board(game: &Game, dead: &[bool], ownership: &[f64]) {
    let board = game.board();
    let vertices: Vec<(i64, i64)> = vertices_of(board, dead)
        .into_iter()
        .map(|(x, y)| (x as i64, y as i64))
        .collect();
    let position = go_score::Position::new(board.clone(), &vertices).expect("dead marks");
    let life = go_score::life::analyze(&position);
    for y in 0..board.height() {
        let row: String = (0..board.width())
            .map(|x| {
                let p = board.point(x, y);
                let seki = life.seki[p].is_some();
                match (board.get(p), dead[p]) {
                    (Some(Color::Black), false) if seki => '#',
                    (Some(Color::White), false) if seki => '@',
                    (Some(Color::Black), false) => 'X',
                    (Some(Color::Black), true) => 'x',
                    (Some(Color::White), false) => 'O',
                    (Some(Color::White), true) => 'o',
                    (None, _) if seki => 's',
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
