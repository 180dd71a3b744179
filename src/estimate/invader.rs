//! Loose invaders read out: a few chains of one colour, joined loosely, standing in an
//! area that the other colour's living chains alone enclose, which the playouts keep with
//! a weak lean only. Random play inside the area often makes the invader a second eye by
//! chance, where an owner who answers would not let it; a static count of the area's room
//! is too generous, as the invader's space is a few points here and there. So the area is
//! read out by the capture search (`capture_search.rs`), bounded by depth: the defender
//! wins as soon as its chain has two sure eyes, and a line that reaches the depth is ended
//! by a static count of the invader's eye room. An invader captured even when its owner
//! moves first is dead; anything else is left as the map has it.
//!
//! The read keeps the walls alive, so an area is read only when each wall is: proven
//! alive, sure of two eyes (`enclosure.rs`'s count), or with more liberties of its own in
//! its group (points the invader's colour does not touch) than the invaders have in all,
//! so that it wins any race with them.

use super::benson::Unconditional;
use super::capture_search::{Arena, Limits, Memo, MAX_POINTS};
use super::enclosure::sure_of_two_eyes;
use super::judge::own_mean;
use crate::board::{Board, ChainMap, Color};

/// A living chain the map keeps by less than this (mean over its stones, from its own
/// side) may be an invader the playouts keep by chance.
const WEAK_LEAN: f64 = 0.5;

/// The most empty points an area may hold: more is open ground, where a group may yet live.
const MAX_EMPTY: usize = 24;

/// How far each search reads: the defender moves first, so an even depth ends every line
/// after the attacker's answer.
const LIMITS: Limits = Limits {
    budget: 30_000,
    max_line: 40,
    big_capture: u32::MAX,
    judge_at: Some(6),
};

/// Positions all the searches of one estimate may visit together (a few milliseconds
/// natively; on the tuning games at most 39,000, on nearly all none or a few hundred).
const TOTAL_BUDGET: usize = 50_000;

/// Marks dead, in `dead`, the invaders of `board` (chains `chains`) that the bounded read
/// finds captured even when their owner moves first; the other colour's dead stones in
/// their area live then, once every invader there is dead.
pub(crate) fn kill_loose_invaders(
    board: &Board,
    chains: &ChainMap,
    proof: &Unconditional,
    ownership: &[f64],
    dead: &mut [bool],
) {
    let means: Vec<f64> = chains
        .chains
        .iter()
        .map(|c| own_mean(c, ownership))
        .collect();
    let proven = |c: usize| proof.alive[chains.chains[c].stones[0]].is_some();
    let living = |c: usize, dead: &[bool]| !dead[chains.chains[c].stones[0]];
    // Per colour: the areas of one colour's invaders are not the other's.
    let mut seen = [vec![false; board.len()], vec![false; board.len()]];
    let mut memo = Memo::default();
    let mut budget = TOTAL_BUDGET;
    let no_area = vec![None; board.len()];
    let sure = sure_of_two_eyes(board, chains, dead);
    for (id, chain) in chains.chains.iter().enumerate() {
        let first = chain.stones[0];
        if seen[chain.color.index()][first]
            || !living(id, dead)
            || proven(id)
            || means[id] >= WEAK_LEAN
        {
            continue;
        }
        let Some(area) = enclosed_area(board, dead, first, &mut seen[chain.color.index()]) else {
            continue;
        };
        let color = chain.color;
        let chain_ids = |of: Color| {
            let mut ids: Vec<usize> = area
                .iter()
                .flat_map(|&p| std::iter::once(p).chain(board.neighbors(p)))
                .filter(|&p| board.get(p) == Some(of))
                .map(|p| chains.chain_of[p] as usize)
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids
        };
        let invaders: Vec<usize> = chain_ids(color)
            .into_iter()
            .filter(|&c| living(c, dead))
            .collect();
        let weak = invaders.iter().all(|&c| !proven(c) && means[c] < WEAK_LEAN);
        // The read keeps every wall alive: a wall not sure of two eyes must win any race
        // with the invaders, having more liberties of its own than they have in all.
        let mut invader_libs: Vec<usize> = invaders
            .iter()
            .flat_map(|&c| chains.chains[c].liberties.iter().copied())
            .collect();
        invader_libs.sort_unstable();
        invader_libs.dedup();
        let safe_wall = |c: usize| {
            let wall = &chains.chains[c];
            let enough = invader_libs.len() + 1;
            proven(c)
                || sure[wall.stones[0]]
                || own_liberties(board, chains, dead, c, enough) >= enough
        };
        let walled = chain_ids(color.opponent())
            .into_iter()
            .filter(|&c| living(c, dead))
            .all(safe_wall);
        if !weak || !walled {
            continue;
        }
        let Some(arena) = Arena::of(board, dead, &no_area, area.clone(), MAX_EMPTY) else {
            continue;
        };
        let node = |p: usize| arena.points.iter().position(|&q| q == p);
        let mut all_dead = true;
        for &c in &invaders {
            let Some(n) = node(chains.chains[c].stones[0]) else {
                all_dead = false;
                continue;
            };
            let limits = Limits {
                budget: budget.min(LIMITS.budget),
                ..LIMITS
            };
            let (dies, visited) = arena.dies(1u64 << n, false, limits, &mut memo);
            budget -= visited.min(budget);
            if dies == Some(true) {
                for &s in &chains.chains[c].stones {
                    dead[s] = true;
                }
            } else {
                all_dead = false;
            }
        }
        if all_dead {
            for &p in area
                .iter()
                .filter(|&&p| board.get(p) == Some(color.opponent()))
            {
                dead[p] = false;
            }
        }
    }
}

/// The points joined to `start` through any point but a living stone of the other
/// colour, each marked in `seen`; `None` when they are more than an arena holds (open
/// ground).
fn enclosed_area(
    board: &Board,
    dead: &[bool],
    start: usize,
    seen: &mut [bool],
) -> Option<Vec<usize>> {
    let color = board.get(start)?;
    let wall = |p: usize| board.get(p) == Some(color.opponent()) && !dead[p];
    let mut area = vec![start];
    seen[start] = true;
    let mut i = 0;
    let mut open = false;
    while i < area.len() {
        for n in board.neighbors(area[i]) {
            if !seen[n] && !wall(n) {
                seen[n] = true;
                area.push(n);
            }
        }
        i += 1;
        open |= area.len() > MAX_POINTS;
    }
    (!open).then_some(area)
}

/// How many liberties of its own the group of chain `start` has, counted up to `enough`:
/// its chains joined through points that no living stone of the other colour touches
/// (the other side cannot cut there), and the liberties counted are those points too. A
/// liberty shared with the other colour may be what a seki stands on, or be filled in a
/// race.
fn own_liberties(
    board: &Board,
    chains: &ChainMap,
    dead: &[bool],
    start: usize,
    enough: usize,
) -> usize {
    let color = chains.chains[start].color;
    let touched = |l: usize| {
        board
            .neighbors(l)
            .any(|n| board.get(n) == Some(color.opponent()) && !dead[n])
    };
    let mut group = vec![start];
    let mut liberties: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < group.len() && liberties.len() < enough {
        for &l in &chains.chains[group[i]].liberties {
            if touched(l) || liberties.contains(&l) {
                continue;
            }
            liberties.push(l);
            for n in board.neighbors(l) {
                let c = chains.chain_of[n] as usize;
                if board.get(n) == Some(color) && !dead[n] && !group.contains(&c) {
                    group.push(c);
                }
            }
        }
        i += 1;
    }
    liberties.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::benson;

    /// The stones this pass alone finds dead on `rows`, the map giving every point to
    /// nobody (so every chain leans weakly).
    fn invaders_dead(rows: &[&str]) -> Vec<(usize, usize)> {
        let board = Board::from_rows(rows).unwrap();
        let chains = board.chains();
        let proof = benson::unconditional(&board, &chains);
        let mut dead = vec![false; board.len()];
        kill_loose_invaders(&board, &chains, &proof, &vec![0.0; board.len()], &mut dead);
        (0..board.len())
            .filter(|&p| dead[p])
            .map(|p| board.vertex(p))
            .collect()
    }

    /// What the capture search, bounded by `judge_at` (see [`Limits`]), finds of the chain
    /// at `target` in the area around it, its owner moving first: whether it is captured,
    /// and how many positions the search visited.
    fn read(
        rows: &[&str],
        target: (usize, usize),
        judge_at: Option<usize>,
    ) -> (Option<bool>, usize) {
        read_with_dead(rows, &[], target, judge_at)
    }

    /// [`read`] with the stones at `dead` dead (inside the area, not walls).
    fn read_with_dead(
        rows: &[&str],
        dead: &[(usize, usize)],
        target: (usize, usize),
        judge_at: Option<usize>,
    ) -> (Option<bool>, usize) {
        let board = Board::from_rows(rows).unwrap();
        let mut mask = vec![false; board.len()];
        for &(x, y) in dead {
            mask[board.point(x, y)] = true;
        }
        let dead = mask;
        let start = board.point(target.0, target.1);
        let mut seen = vec![false; board.len()];
        let area = enclosed_area(&board, &dead, start, &mut seen).unwrap();
        let arena = Arena::of(&board, &dead, &vec![None; board.len()], area, MAX_EMPTY).unwrap();
        let node = arena.points.iter().position(|&q| q == start).unwrap();
        let limits = Limits {
            budget: 5_000_000,
            max_line: 60,
            big_capture: u32::MAX,
            judge_at,
        };
        arena.dies(1u64 << node, false, limits, &mut Memo::default())
    }

    /// Whether the full capture search (no depth bound) captures the chain at `target`.
    fn read_out(rows: &[&str], target: (usize, usize)) -> Option<bool> {
        read(rows, target, None).0
    }

    /// Rows 0 to 4 of a 9×9 board, open ground above a corner.
    const OPEN: [&str; 5] = [
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];

    /// `OPEN` with `corner` below it.
    fn board_rows<'a>(corner: &[&'a str]) -> Vec<&'a str> {
        OPEN.iter().chain(corner).copied().collect()
    }

    /// Rows 5 to 8: White's stones in Black's corner, dead (see
    /// `a_loose_invader_dead_by_reading_is_dead`).
    const DEAD_CORNER: [&str; 4] = ["XXXXXX...", "XXXXXX...", "O.O.OX...", ".O..OX..."];

    /// Rows 5 to 8: White's stones in a corner with room to live.
    const LIVING_CORNER: [&str; 4] = ["XXXXXX...", "X.O..X...", ".O.O.X...", "O.O..X..."];

    #[test]
    fn a_loose_invader_dead_by_reading_is_dead() {
        // Five white stones in four chains in Black's corner. The static counts give White
        // an eye at (0, 8) and one at (2, 8)-(3, 8), which Black touches at (3, 7) only, so
        // the enclosure pass spares them; read out, Black kills them even with White
        // first. Black's wall, leaning weakly too, is read first and floods the open
        // ground: White's area must still be found whole.
        let rows = board_rows(&DEAD_CORNER);
        assert_eq!(read_out(&rows, (0, 7)), Some(true));
        assert_eq!(
            invaders_dead(&rows),
            [(0, 7), (2, 7), (4, 7), (1, 8), (4, 8)]
        );
    }

    #[test]
    fn an_invader_that_lives_moving_first_stands() {
        // More room at the edge of Black's corner: White, moving first, lives.
        let rows = board_rows(&LIVING_CORNER);
        assert_eq!(read_out(&rows, (2, 6)), Some(false));
        assert_eq!(invaders_dead(&rows), []);
    }

    #[test]
    fn an_invader_beside_a_wall_short_of_liberties_stands() {
        // The corner of `a_loose_invader_dead_by_reading_is_dead` with White around
        // Black's wall, whose only liberties are the invaders'. Read with the wall kept
        // alive, White's stones would die; but the wall is the one captured.
        let rows = board_rows(&[
            "OOOOOOO..",
            "XXXXXXO..",
            "XXXXXXO..",
            "O.O.OXO..",
            ".O..OXO..",
        ]);
        let rows = &rows[1..];
        assert_eq!(read_out(rows, (0, 7)), Some(true));
        assert_eq!(invaders_dead(rows), []);
    }

    #[test]
    fn a_bounded_read_ends_at_two_sure_eyes() {
        // White's chain along the edge has two eyes only it touches: the bounded read
        // stops there at once; the full one plays on around the empty (4, 8).
        let rows = board_rows(&["XXXXXX...", "XXXXXX...", "OOOOOX...", ".O.O.X..."]);
        assert_eq!(read(&rows, (0, 7), Some(6)), (Some(false), 1));
        let (verdict, visited) = read(&rows, (0, 7), None);
        assert_eq!(verdict, Some(false));
        assert!(visited > 1);
    }

    #[test]
    fn a_line_at_its_depth_is_judged_by_the_room_for_eyes() {
        // Judged at once: the dead corner's stones have one eye (0, 8) out of Black's
        // reach, the living corner's two, (1, 8) and (2, 7).
        assert_eq!(
            read(&board_rows(&DEAD_CORNER), (0, 7), Some(0)),
            (Some(true), 1)
        );
        assert_eq!(
            read(&board_rows(&LIVING_CORNER), (2, 6), Some(0)),
            (Some(false), 1)
        );
    }

    #[test]
    fn a_wide_eye_space_holding_dead_stones_is_room_for_two_eyes() {
        // White's eight-point space holds two dead black stones, neither in atari: room for
        // two eyes, judged at once, as a space of seven points or more always is.
        let rows = board_rows(&["XXXXXX...", "OOOOOX...", "X.X.OX...", "....OX..."]);
        let judged = read_with_dead(&rows, &[(0, 7), (2, 7)], (0, 6), Some(0));
        assert_eq!(judged, (Some(false), 1));
    }

    #[test]
    fn a_point_beside_a_chain_in_atari_is_no_eye() {
        // White's eye at (2, 8) is shut by (3, 8), in atari: Black takes it there, so only
        // (0, 8) is room for an eye, and the group is judged dead at once.
        let rows = board_rows(&["XXXXX....", "XXXXX....", "OOOXX....", ".O.OX...."]);
        assert_eq!(read(&rows, (0, 7), Some(0)), (Some(true), 1));
    }

    #[test]
    fn a_line_where_the_defender_can_take_reads_on() {
        // White's space holds a dead black stone in atari at (3, 8): as it stands, one eye
        // of room; taking it at (2, 8) makes two. Judged at once, the capture is played.
        let rows = board_rows(&["XXXXXX...", "XXXXXX...", "OOOOOX...", "...XOX..."]);
        let (verdict, visited) = read_with_dead(&rows, &[(3, 8)], (0, 7), Some(0));
        assert_eq!(verdict, Some(false));
        assert!(visited > 1);
    }

    #[test]
    fn liberties_a_wall_shares_with_the_other_colour_are_not_its_own() {
        // The dead corner with White's outer wall a point away from Black's: Black's
        // liberties outside are all White's too, and White's outer group, with the open
        // board behind it, wins that race. The invaders are not read.
        let rows = [
            ".........",
            ".........",
            ".........",
            "OOOOOOOO.",
            ".......O.",
            "XXXXXX.O.",
            "XXXXXX.O.",
            "O.O.OX.O.",
            ".O..OX.O.",
        ];
        assert_eq!(read_out(&rows, (0, 7)), Some(true));
        assert_eq!(invaders_dead(&rows), []);
    }
}
