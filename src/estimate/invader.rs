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
//! The read keeps the walls alive, so an invaders' area is read only when each wall is:
//! proven alive, sure of two eyes (`enclosure.rs`'s count), with more liberties of its
//! own in its group (points the invader's colour does not touch) than the invaders have in
//! all, so that it wins any race with them, or, with two such liberties or more, never
//! taken in a bounded read of the area and the wall's stones with the invaders moving
//! first. A wall with fewer puts itself in atari when it fills the last liberty it shares
//! with the invaders, and may stand in seki with them; kept alive, the read would let it
//! fill them. A wall read so is read with the invaders too, as stones to take, when the
//! arena holds it (a seki may still come of a liberty of its own that the invaders
//! play), and kept alive only when it does not.
//!
//! The other way round, a chain the earlier passes killed while the map leans only weakly
//! either way is read with the other side moving first, in the area that the other
//! colour's strong chains enclose (proven, sure of two eyes, or kept by the map); the
//! other colour's weak chains there are read with it, as stones that may be taken. Here
//! the static count is no help, being generous to the defender: the chain lives only when
//! every line, within a longer depth, gives it two sure eyes or ends in passes. It lives
//! then, with the chains of its colour there that the read finds so, and the other
//! colour's weak chains it captures even with their owner moving first die. The walls
//! need no check: kept alive, they only help the attacker.

use super::benson::Unconditional;
use super::capture_search::{Arena, Limits, Memo, MAX_POINTS};
use super::enclosure::sure_of_two_eyes;
use super::judge::own_mean;
use crate::board::{Board, ChainMap, Color};

/// A living chain the map keeps by less than this (mean over its stones, from its own
/// side) may be an invader the playouts keep by chance.
const WEAK_LEAN: f64 = 0.5;

/// A dead chain the map gives to either side by less than this (mean over its stones)
/// was killed on a weak lean; a living chain it keeps by less is no wall for such a chain.
const KILLED_LEAN: f64 = 0.3;

/// The most empty points an area may hold: more is open ground, where a group may yet live.
const MAX_EMPTY: usize = 24;

/// How far the read of an invader goes: the defender moves first, so an even depth ends
/// every line after the attacker's answer.
const LIMITS: Limits = Limits {
    budget: 50_000,
    max_line: 40,
    big_capture: u32::MAX,
    judge_at: Some(6),
    prove_life: false,
};

/// How far the read of a chain killed on a weak lean goes: the attacker moves first, and
/// the chain lives only with two sure eyes within the depth, as no static count is sure.
const LIFE_LIMITS: Limits = Limits {
    judge_at: Some(12),
    prove_life: true,
    ..LIMITS
};

/// Positions all the searches of one estimate may visit together (a few milliseconds
/// natively; on nearly all the tuning games none or a few hundred, on six of them all).
const TOTAL_BUDGET: usize = 100_000;

/// Reads out, in `dead`, the loose chains of `board` (chains `chains`) that the map leaves
/// in doubt (module doc). First the invaders it keeps weakly: those the bounded read finds
/// captured even when their owner moves first die, and the other colour's dead stones in
/// their area live then, once every invader there is dead. Then the chains it killed on
/// a weak lean, not proven dead: those the read finds alive even with the other side
/// moving first live, with the dead chains of their colour in the area that the read
/// finds so, and the other colour's weak chains inside that it captures even with their
/// owner moving first die.
pub(crate) fn read_loose_chains(
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
    let mut memo = Memo::default();
    let mut budget = TOTAL_BUDGET;
    let no_area = vec![None; board.len()];
    let sure = sure_of_two_eyes(board, chains, dead);
    for killed in [false, true] {
        // Per colour: the areas of one colour's chains are not the other's.
        let mut seen = [vec![false; board.len()], vec![false; board.len()]];
        for (id, chain) in chains.chains.iter().enumerate() {
            let first = chain.stones[0];
            let candidate = if killed {
                !proof.surely_dead(board, first) && means[id].abs() < KILLED_LEAN
            } else {
                !proven(id) && means[id] < WEAK_LEAN
            };
            if seen[chain.color.index()][first] || living(id, dead) == killed || !candidate {
                continue;
            }
            let color = chain.color;
            // A killed chain's area takes in the other colour's weak chains.
            let wall = |p: usize| {
                let c = chains.chain_of[p] as usize;
                board.get(p) == Some(color.opponent())
                    && !dead[p]
                    && (!killed || proven(c) || sure[p] || means[c] >= KILLED_LEAN)
            };
            let Some(area) = enclosed_area(board, wall, first, &mut seen[color.index()]) else {
                continue;
            };
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
            let own = chain_ids(color);
            let others: Vec<usize> = chain_ids(color.opponent())
                .into_iter()
                .filter(|&c| living(c, dead))
                .collect();
            // The invaders are the living chains of the colour, the chains to spare its
            // dead ones.
            let read_now = |c: usize, dead: &[bool]| living(c, dead) != killed;
            let weak = own
                .iter()
                .all(|&c| !read_now(c, dead) || !proven(c) && means[c] < WEAK_LEAN);
            // A wall around invaders is safe by count when proven, sure of two eyes, or with
            // more liberties of its own than they have in all (it wins any race with them).
            // Around a killed chain, walls kept alive only help the attacker.
            let mut invader_libs: Vec<usize> = own
                .iter()
                .filter(|&&c| read_now(c, dead))
                .flat_map(|&c| chains.chains[c].liberties.iter().copied())
                .collect();
            invader_libs.sort_unstable();
            invader_libs.dedup();
            let safe_wall = |c: usize| {
                let enough = invader_libs.len() + 1;
                proven(c)
                    || sure[chains.chains[c].stones[0]]
                    || own_liberties(board, chains, dead, c, enough) >= enough
            };
            // A wall that fails the count but has two liberties of its own is read out:
            // safe when the invaders, moving first, cannot take it within the bounded
            // read, on their area with the wall's stones added. One with fewer (module
            // doc) is not.
            let proven_by_reading = |c: usize, budget: &mut usize, memo: &mut Memo| {
                let mut points = area.clone();
                points.extend(chains.chains[c].stones.iter().copied());
                Arena::of(board, dead, Some(&no_area), points, MAX_EMPTY).is_some_and(|arena| {
                    let first = chains.chains[c].stones[0];
                    read_in(&arena, first, true, LIMITS, budget, memo) == Some(false)
                })
            };
            // Each wall counted once, and only when the walls may hold.
            let may_hold = !killed && weak;
            let unsafe_walls: Vec<usize> = others
                .iter()
                .copied()
                .filter(|&c| may_hold && !safe_wall(c))
                .collect();
            let walls_hold = may_hold
                && unsafe_walls
                    .iter()
                    .all(|&c| own_liberties(board, chains, dead, c, 2) >= 2)
                && unsafe_walls
                    .iter()
                    .all(|&c| proven_by_reading(c, &mut budget, &mut memo));
            let readable = killed || walls_hold;
            if !readable {
                continue;
            }
            // The walls read as safe are read as stones to take when they fit the arena,
            // so that a seki with them stands; else kept alive.
            let mut with_walls = area.clone();
            for &c in &unsafe_walls {
                with_walls.extend(chains.chains[c].stones.iter().copied());
            }
            let Some(arena) = Arena::of(board, dead, Some(&no_area), with_walls, MAX_EMPTY)
                .or_else(|| Arena::of(board, dead, Some(&no_area), area.clone(), MAX_EMPTY))
            else {
                continue;
            };
            let mut read = |c: usize, attacker_first: bool, limits: Limits| {
                let first = chains.chains[c].stones[0];
                read_in(
                    &arena,
                    first,
                    attacker_first,
                    limits,
                    &mut budget,
                    &mut memo,
                )
            };
            let mark = |c: usize, is_dead: bool, dead: &mut [bool]| {
                for &s in &chains.chains[c].stones {
                    dead[s] = is_dead;
                }
            };
            // An invader dies when captured even with its owner first; a killed chain
            // lives when it proves life even with the other side first.
            let (mut all, mut any) = (true, false);
            for &c in &own {
                if !read_now(c, dead) {
                    continue;
                }
                let flip =
                    read(c, killed, if killed { LIFE_LIMITS } else { LIMITS }) == Some(!killed);
                if flip {
                    mark(c, !killed, dead);
                }
                all &= flip;
                any |= flip;
            }
            if killed && any {
                // The other colour's chains in the area (not its walls) that it captures.
                for &c in &others {
                    let inside = area.contains(&chains.chains[c].stones[0]);
                    if inside && read(c, false, LIMITS) == Some(true) {
                        mark(c, true, dead);
                    }
                }
            } else if !killed && all {
                for &p in area
                    .iter()
                    .filter(|&&p| board.get(p) == Some(color.opponent()))
                {
                    dead[p] = false;
                }
            }
        }
    }
}

/// Whether the chain holding `stone` is captured in `arena` (see [`Arena::dies`]), within
/// `limits` and what is left of `budget`, which the read's positions are taken from.
fn read_in(
    arena: &Arena,
    stone: usize,
    attacker_first: bool,
    limits: Limits,
    budget: &mut usize,
    memo: &mut Memo,
) -> Option<bool> {
    let n = arena.points.iter().position(|&q| q == stone)?;
    let limits = Limits {
        budget: (*budget).min(limits.budget),
        ..limits
    };
    let (dies, visited) = arena.dies(1u64 << n, attacker_first, limits, memo);
    *budget -= visited.min(*budget);
    dies
}

/// The points joined to `start` through any point but a wall, each marked in `seen`;
/// `None` when they are more than an arena holds (open ground).
fn enclosed_area(
    board: &Board,
    wall: impl Fn(usize) -> bool,
    start: usize,
    seen: &mut [bool],
) -> Option<Vec<usize>> {
    let mut area = vec![start];
    board.flood(&mut area, seen, &mut |n| !wall(n));
    (area.len() <= MAX_POINTS).then_some(area)
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
        read_loose_chains(&board, &chains, &proof, &vec![0.0; board.len()], &mut dead);
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
        read_with_dead(rows, &[], target, judge_at, false)
    }

    /// [`read`] with the stones at `dead` dead (inside the area, not walls), the read
    /// asked to prove life or not.
    fn read_with_dead(
        rows: &[&str],
        dead: &[(usize, usize)],
        target: (usize, usize),
        judge_at: Option<usize>,
        prove_life: bool,
    ) -> (Option<bool>, usize) {
        let board = Board::from_rows(rows).unwrap();
        let mut mask = vec![false; board.len()];
        for &(x, y) in dead {
            mask[board.point(x, y)] = true;
        }
        let dead = mask;
        let start = board.point(target.0, target.1);
        let mut seen = vec![false; board.len()];
        let color = board.get(start).unwrap();
        let wall = |p: usize| board.get(p) == Some(color.opponent()) && !dead[p];
        let area = enclosed_area(&board, wall, start, &mut seen).unwrap();
        let arena = Arena::of(
            &board,
            &dead,
            Some(&vec![None; board.len()]),
            area,
            MAX_EMPTY,
        )
        .unwrap();
        let node = arena.points.iter().position(|&q| q == start).unwrap();
        let limits = Limits {
            budget: 5_000_000,
            max_line: 60,
            big_capture: u32::MAX,
            judge_at,
            prove_life,
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
    fn a_wall_short_of_liberties_that_the_invaders_cannot_take_is_read_as_safe() {
        // The dead corner with White's stones outside Black's wall: of its ten liberties
        // only (4, 4) and (5, 4) are its own, fewer than the invaders' five liberties in
        // all, so the count does not make it safe. Read out with White's invaders moving
        // first, it is never taken (they would have to fill all ten), so the invaders are
        // read and die as before.
        let rows = [
            ".........",
            ".........",
            ".........",
            "OOOO.....",
            ".........",
            "XXXXXX.O.",
            "XXXXXX.O.",
            "O.O.OX.O.",
            ".O..OX.O.",
        ];
        assert_eq!(
            invaders_dead(&rows),
            [(0, 7), (2, 7), (4, 7), (1, 8), (4, 8)]
        );
    }

    #[test]
    fn a_wall_read_as_safe_is_read_with_the_invaders_as_stones_to_take() {
        // Black's wall around the corner has two liberties of its own, (0, 6) and (2, 8),
        // and White cannot take it; but White's stone at (1, 7) makes a seki with it:
        // White plays (0, 6) in atari, Black takes it at (0, 7) and connects at (0, 6),
        // White extends to (1, 8), and the two share (0, 8) and (2, 8). Kept alive, the
        // wall would fill those and take White; read as stones to take, it cannot.
        let rows = [
            ".........",
            ".........",
            ".........",
            ".........",
            "OOO......",
            "XXOO.....",
            ".XXOO....",
            ".OXXO....",
            "...XO....",
        ];
        assert_eq!(invaders_dead(&rows), []);
    }

    #[test]
    fn a_wall_with_one_liberty_of_its_own_is_not_read_as_safe() {
        // Black's wall has one eye, (6, 6), White's stones inside one, (2, 8), and they
        // share the liberty (1, 6): a seki, whoever fills it is taken. White cannot take
        // the wall, but kept alive by the read the wall would fill (1, 6) and take White.
        let rows = [
            ".........",
            ".........",
            ".........",
            ".........",
            "OOOOOOOO.",
            "XXXXXXXOO",
            "X.OOOX.XO",
            "XOOOOXXXO",
            "XO.OOXXXO",
        ];
        assert_eq!(invaders_dead(&rows), []);
    }

    #[test]
    fn a_wall_with_no_liberty_of_its_own_is_not_read_as_safe() {
        // Black's wall and White's stones inside share their only liberties, (1, 6) and
        // (1, 8): a seki. White cannot take the wall, but the wall cannot fill them
        // either; kept alive by the read it would, and White's stones would die.
        let rows = [
            ".........",
            ".........",
            ".........",
            ".........",
            "OOOOOOO..",
            "XXXXXXO..",
            "X.OOOXO..",
            "XOOOOXO..",
            "X.OOOXO..",
        ];
        assert_eq!(invaders_dead(&rows), []);
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
        let judged = read_with_dead(&rows, &[(0, 7), (2, 7)], (0, 6), Some(0), false);
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
        let (verdict, visited) = read_with_dead(&rows, &[(3, 8)], (0, 7), Some(0), false);
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

    #[test]
    fn a_read_that_must_prove_life_gives_a_line_at_its_depth_to_the_attacker() {
        // The living corner has room for two eyes but no sure eye yet: judged at once, a
        // read that kills spares it, one that must prove life does not.
        let rows = board_rows(&LIVING_CORNER);
        assert_eq!(
            read_with_dead(&rows, &[], (2, 6), Some(0), false),
            (Some(false), 1)
        );
        assert_eq!(
            read_with_dead(&rows, &[], (2, 6), Some(0), true),
            (Some(true), 1)
        );
    }

    #[test]
    fn a_chain_killed_on_a_weak_lean_that_lives_by_reading_lives() {
        // White's chain in Black's corner has one eye at (1, 7) and takes Black's stone in
        // atari at (3, 7) for a second, whatever Black plays first (no static proof: the
        // second eye's space touches Black's wall at (5, 7)). Killed on a lean of 0, it
        // lives; the stone it takes, which the map keeps by 0 too, dies.
        let rows = board_rows(&["XXXXXXX..", "OOOOOOX..", "O.OX..X..", "OOOOOOX.."]);
        let board = Board::from_rows(&rows).unwrap();
        let chains = board.chains();
        let proof = benson::unconditional(&board, &chains);
        let white = |p: usize| board.get(p) == Some(Color::White);
        let (white_chain, black_stone) = (board.point(0, 6), board.point(3, 7));
        // The map gives Black everything but White's chain and the stone inside.
        let ownership: Vec<f64> = (0..board.len())
            .map(|p| {
                if white(p) || p == black_stone {
                    0.0
                } else {
                    1.0
                }
            })
            .collect();
        let mut dead: Vec<bool> = (0..board.len()).map(white).collect();
        assert!(proof.alive[white_chain].is_none());
        read_loose_chains(&board, &chains, &proof, &ownership, &mut dead);
        let dead_now: Vec<(usize, usize)> = (0..board.len())
            .filter(|&p| dead[p])
            .map(|p| board.vertex(p))
            .collect();
        assert_eq!(dead_now, [(3, 7)]);
    }
}
