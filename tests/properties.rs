//! Properties of scoring and classification on random positions and random finished games.
//!
//! Positions come from a seed (so a failure names a seed to replay): random stones with
//! every liberty-less chain removed, and some chains marked dead. Games are random legal
//! playouts to two passes (`common::random_game`: random moves through `Game`, never
//! filling a player's own eye). Case counts are small so the file runs in seconds.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/boards.rs"]
mod boards;
mod common;

use boards::random_board;

use common::Rng;
use go_score::api;
use go_score::classify::{classify, GroupStatus, RegionKind};
use go_score::rules::Ruleset;
use go_score::score::{PerColor, Score};
use go_score::{score, Board, Color, Position, ScoreOptions};
use proptest::prelude::*;

const RULESETS: [Ruleset; 7] = Ruleset::ALL;

/// [`random_board`] drawn from `seed`.
fn random_board_of(seed: u64, width: usize, height: usize, stones_percent: usize) -> Board {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    random_board(|n| rng.below(n), width, height, stones_percent)
}

/// Roughly one chain in `one_in` marked dead (by one of its stones).
fn random_dead(board: &Board, seed: u64, one_in: usize) -> Vec<(i64, i64)> {
    let mut rng = Rng(seed | 1);
    board
        .chains()
        .chains
        .iter()
        .filter(|_| one_in > 0 && rng.below(one_in) == 0)
        .map(|c| {
            let (x, y) = board.vertex(c.stones[0]);
            (x as i64, y as i64)
        })
        .collect()
}

/// The board's colours swapped.
fn swapped(board: &Board) -> Board {
    let mut out = board.clone();
    for p in 0..board.len() {
        out.set(p, board.get(p).map(Color::opponent));
    }
    out
}

/// The eight symmetries of the square: `k` 0 … 7, rotations by quarter turns, then mirrored.
fn transform(board: &Board, k: usize, x: usize, y: usize) -> (usize, usize) {
    let (w, h) = (board.width(), board.height());
    let (x, y) = if k >= 4 { (w - 1 - x, y) } else { (x, y) };
    match k % 4 {
        0 => (x, y),
        1 => (h - 1 - y, x),
        2 => (w - 1 - x, h - 1 - y),
        _ => (y, w - 1 - x),
    }
}

fn transformed(board: &Board, dead: &[(i64, i64)], k: usize) -> (Board, Vec<(i64, i64)>) {
    let (w, h) = if k % 2 == 1 {
        (board.height(), board.width())
    } else {
        (board.width(), board.height())
    };
    let mut out = Board::new(w, h).unwrap();
    for p in 0..board.len() {
        let (x, y) = board.vertex(p);
        let (tx, ty) = transform(board, k, x, y);
        out.set(out.point(tx, ty), board.get(p));
    }
    let dead = dead
        .iter()
        .map(|&(x, y)| {
            let (tx, ty) = transform(board, k, x as usize, y as usize);
            (tx as i64, ty as i64)
        })
        .collect();
    (out, dead)
}

fn score_of(board: Board, dead: &[(i64, i64)], options: &ScoreOptions) -> Score {
    let position = Position::new(board, dead).unwrap();
    score(&position, options).unwrap()
}

/// Everything a symmetry must keep: both counts of both sides and the explained difference.
fn totals(score: &Score) -> Vec<f64> {
    let mut out = Vec::new();
    for method in [&score.territory, &score.area] {
        for side in [&method.black, &method.white] {
            out.extend([
                side.territory as f64,
                side.stones as f64,
                side.prisoners as f64,
                side.neutral_share,
                side.total,
            ]);
        }
        out.push(method.margin);
    }
    out.extend([score.difference.total, score.difference.other]);
    out
}

fn options(rules: Ruleset, komi: f64) -> ScoreOptions {
    ScoreOptions {
        rules,
        komi: Some(komi),
        ..ScoreOptions::default()
    }
}

/// Dead marks for a ruleset: Tromp-Taylor has none.
fn dead_for(rules: Ruleset, dead: &[(i64, i64)]) -> Vec<(i64, i64)> {
    if rules == Ruleset::TrompTaylor {
        Vec::new()
    } else {
        dead.to_vec()
    }
}

/// A random board, the ruleset numbered `rules`, and about one chain in `dead_one_in` marked
/// dead (none under rules that take every stone as alive).
fn random_case(
    seed: u64,
    (width, height): (usize, usize),
    density: usize,
    rules: usize,
    dead_one_in: usize,
) -> (Board, Ruleset, Vec<(i64, i64)>) {
    let board = random_board_of(seed, width, height, density);
    let rules = RULESETS[rules];
    let dead = dead_for(rules, &random_dead(&board, seed, dead_one_in));
    (board, rules, dead)
}

/// Area count computed here independently (Tromp-Taylor): each side's stones plus the empty
/// points that reach only its stones.
fn plain_area(board: &Board) -> PerColor<u32> {
    let mut seen = vec![false; board.len()];
    let mut area = PerColor {
        black: board.count(Color::Black) as u32,
        white: board.count(Color::White) as u32,
    };
    for start in 0..board.len() {
        if board.get(start).is_some() || seen[start] {
            continue;
        }
        let (mut size, mut reaches) = (0, [false; 2]);
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(p) = stack.pop() {
            size += 1;
            for n in board.neighbors(p) {
                match board.get(n) {
                    Some(color) => reaches[color.index()] = true,
                    None if !seen[n] => {
                        seen[n] = true;
                        stack.push(n);
                    }
                    None => {}
                }
            }
        }
        match reaches {
            [true, false] => area.black += size,
            [false, true] => area.white += size,
            _ => {}
        }
    }
    area
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// classifyRegions: every stone is in exactly one group; every point without a living
    /// stone (empty, or under a dead stone) is in exactly one region and no other point is
    /// in any; `regionAt` agrees with the regions.
    #[test]
    fn every_point_is_in_exactly_one_region_or_group(
        seed in any::<u64>(), width in 1usize..14, height in 1usize..14,
        density in 0usize..90, rules in 0usize..7, dead_one_in in 0usize..4,
    ) {
        let (board, rules, dead) = random_case(seed, (width, height), density, rules, dead_one_in);
        let position = Position::new(board.clone(), &dead).unwrap();
        let classes = classify(&position, rules, seed % 2 == 0);
        let mut in_group = vec![0; board.len()];
        let mut living = vec![false; board.len()];
        for group in &classes.groups {
            for &p in &group.stones {
                prop_assert_eq!(board.get(p), Some(group.color));
                in_group[p] += 1;
                living[p] = group.status != GroupStatus::Dead;
            }
        }
        let mut in_region = vec![0; board.len()];
        for region in &classes.regions {
            for &p in &region.points {
                in_region[p] += 1;
                prop_assert_eq!(classes.region_at[p], region.id as i32);
            }
        }
        for p in 0..board.len() {
            prop_assert_eq!(in_group[p], usize::from(board.get(p).is_some()), "point {}", p);
            prop_assert_eq!(in_region[p], usize::from(!living[p]), "point {}", p);
            prop_assert_eq!(living[p], position.living(p).is_some());
        }
    }

    /// scoreAndClassify gives exactly what scoreBoard and classifyRegions give for the same
    /// input, under every ruleset, with and without false eyes scored.
    #[test]
    fn score_and_classify_is_score_board_and_classify_regions(
        seed in any::<u64>(), width in 1usize..12, height in 1usize..12,
        density in 0usize..90, rules in 0usize..7, dead_one_in in 0usize..4,
    ) {
        let (board, rules, dead) = random_case(seed, (width, height), density, rules, dead_one_in);
        let rows = board.rows();
        let input: api::ScoreInput = api::decode_json(
            &serde_json::json!({
                "board": rows,
                "dead": dead,
                "rules": rules.name(),
                "scoreFalseEyes": seed % 2 == 0,
            })
            .to_string(),
        )
        .unwrap();
        let both = serde_json::to_value(api::score_and_classify(&input).unwrap()).unwrap();
        let score = serde_json::to_value(api::score_board(&input).unwrap()).unwrap();
        let classification = serde_json::to_value(api::classify_regions(&input).unwrap()).unwrap();
        prop_assert_eq!(&both["score"], &score);
        prop_assert_eq!(&both["classification"], &classification);
    }

    /// readDiagram reads back any position written as a diagram (dead stones in lower case,
    /// empty points as `.` or `+`, rows split by any of newlines, spaces and `/`): the same
    /// stones, and the dead stones in reading order.
    #[test]
    fn a_diagram_reads_back_as_written(
        seed in any::<u64>(), width in 1usize..20, height in 1usize..20,
        density in 0usize..90, dead_one_in in 0usize..4,
    ) {
        let board = random_board_of(seed, width, height, density);
        let dead = Position::new(board.clone(), &random_dead(&board, seed, dead_one_in)).unwrap();
        let mut rng = Rng(seed | 1);
        let separators = ["\n", " ", "/", " / ", "\r\n\t"];
        let mut text = String::new();
        for (y, row) in board.rows().iter().enumerate() {
            text.push_str(separators[rng.below(separators.len())]);
            for (x, ch) in row.chars().enumerate() {
                let p = board.point(x, y);
                text.push(match ch {
                    '.' if rng.below(2) == 0 => '+',
                    _ if dead.is_dead(p) => ch.to_ascii_lowercase(),
                    _ => ch,
                });
            }
        }
        let diagram = api::read_diagram(&text).unwrap();
        let signs: Vec<i8> = board.points().iter().map(|&s| go_score::board::sign_of(s)).collect();
        prop_assert_eq!(diagram.board.signs(), &signs[..]);
        prop_assert_eq!(diagram.board.width(), width);
        let marked: Vec<[usize; 2]> = (0..board.len())
            .filter(|&p| dead.is_dead(p))
            .map(|p| { let (x, y) = board.vertex(p); [x, y] })
            .collect();
        prop_assert_eq!(diagram.dead, marked);
    }

    /// Swapping the colours (board, dead marks stay, captures and passes swapped) negates
    /// both margins and the unexplained difference, with komi 0 and no handicap. With komi
    /// k, each margin is the komi-0 margin minus k.
    #[test]
    fn swapping_colours_negates_margins(
        seed in any::<u64>(), size in 2usize..12, density in 0usize..90,
        rules in 0usize..7, captures in (0u32..20, 0u32..20), passes in (0u32..4, 0u32..4),
        komi_halves in -30i32..30,
    ) {
        let board = random_board_of(seed, size, size, density);
        let rules = RULESETS[rules];
        let dead = dead_for(rules, &random_dead(&board, seed, 3));
        let mut plain = options(rules, 0.0);
        plain.captures = PerColor { black: captures.0, white: captures.1 };
        plain.passes = PerColor { black: passes.0, white: passes.1 };
        let mut mirror = plain.clone();
        mirror.captures = PerColor { black: captures.1, white: captures.0 };
        mirror.passes = PerColor { black: passes.1, white: passes.0 };
        let a = score_of(board.clone(), &dead, &plain);
        let b = score_of(swapped(&board), &dead, &mirror);
        prop_assert_eq!(a.territory.margin, -b.territory.margin);
        prop_assert_eq!(a.area.margin, -b.area.margin);
        prop_assert_eq!(a.difference.other, -b.difference.other);

        let komi = komi_halves as f64 / 2.0;
        let mut with_komi = plain.clone();
        with_komi.komi = Some(komi);
        let k = score_of(board, &dead, &with_komi);
        prop_assert_eq!(k.territory.margin, a.territory.margin - komi);
        prop_assert_eq!(k.area.margin, a.area.margin - komi);
    }

    /// The 8 rotations and reflections of a position (dead marks moved with it) give the
    /// same counts, margins and difference.
    #[test]
    fn symmetries_give_the_same_scores(
        seed in any::<u64>(), width in 1usize..11, height in 1usize..11,
        density in 0usize..90, rules in 0usize..7,
    ) {
        let (board, rules, dead) = random_case(seed, (width, height), density, rules, 3);
        let options = options(rules, 6.5);
        let base = totals(&score_of(board.clone(), &dead, &options));
        for k in 1..8 {
            let (board, dead) = transformed(&board, &dead, k);
            prop_assert_eq!(&totals(&score_of(board, &dead, &options)), &base, "symmetry {}", k);
        }
    }

    /// Territory counting never gives a side more territory than area counting: a point
    /// counted as a side's territory is empty (or under a dead stone) and bordered only by
    /// that side's living stones, which area counting counts as that side's too; territory
    /// rules can only take points away (seki, false eyes that must be filled).
    #[test]
    fn territory_is_at_most_area_territory(
        seed in any::<u64>(), size in 2usize..12, density in 0usize..90, rules in 0usize..7,
        false_eyes in any::<bool>(),
    ) {
        let board = random_board_of(seed, size, size, density);
        let rules = RULESETS[rules];
        let dead = dead_for(rules, &random_dead(&board, seed, 3));
        let mut options = options(rules, 0.0);
        options.score_false_eyes = false_eyes;
        let s = score_of(board, &dead, &options);
        prop_assert!(s.territory.black.territory <= s.area.black.territory);
        prop_assert!(s.territory.white.territory <= s.area.white.territory);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..config() })]

    /// On a finished random playout (two passes, no stone marked dead), area counting under
    /// every ruleset is the plain count: each side's stones plus the empty points that reach
    /// only its stones.
    #[test]
    fn no_dead_marks_on_a_finished_playout_is_the_plain_area_count(
        seed in any::<u64>(), size in 3usize..10, rules in 0usize..7,
    ) {
        let game = common::random_game(seed, size, RULESETS[rules], 0);
        let expected = plain_area(game.board());
        for rules in RULESETS {
            let mut options = options(rules, 0.0);
            options.captures = game.captures();
            let s = score_of(game.board().clone(), &[], &options);
            prop_assert_eq!(s.area.black.stones + s.area.black.territory, expected.black);
            prop_assert_eq!(s.area.white.stones + s.area.white.territory, expected.white);
        }
    }

    /// On a finished random game without seki, the difference between area and territory
    /// margins is fully explained: `difference.other` is 0.
    #[test]
    fn difference_other_is_zero_without_seki(
        seed in any::<u64>(), size in 3usize..10, rules in 0usize..7,
    ) {
        let rules = RULESETS[rules];
        let game = common::random_game(seed, size, rules, 0);
        let (position, options) = game.score_options(&[]).unwrap();
        let classes = classify(&position, rules, false);
        let seki = classes.groups.iter().any(|g| g.status == GroupStatus::Seki)
            || classes.regions.iter().any(|r| r.kind == RegionKind::Seki);
        prop_assume!(!seki);
        let s = score(&position, &options).unwrap();
        prop_assert_eq!(s.difference.other, 0.0, "{:?}", s.difference);
    }
}
