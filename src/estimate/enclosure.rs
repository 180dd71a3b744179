//! Invaders shut in by living walls: a group with no room for two eyes, inside an area that
//! the other colour's living chains alone enclose, is dead, whatever the playouts say.
//!
//! Random playouts keep such groups far too often: the side that owns the area plays at
//! random inside it instead of answering, so the invader makes a second eye by chance, and
//! a group with a big eye of a killing shape (square four, bulky five, …) is never killed,
//! because the playouts refuse the throw-ins of two stones or more that kill it. A finished
//! game settles this without reading: had the invader a way to live, its owner would have
//! played it. So the judgement here is static:
//! - **groups** are chains of one colour joined through the empty regions only that colour
//!   borders (their eyes) and, for the groups being judged, through shared liberties;
//! - a group's **eyes** come from those regions: one for a region of up to three points
//!   (none for a one-point false eye) or of a killing shape (square four, pyramid four,
//!   bulky five, crossed five, rabbity six), two for any other region of four points or more;
//!   a region that held dead stones the map gives away, its empty points all their
//!   liberties, counts as the shape of those stones (what is left once they are captured);
//!   for the groups being judged, a region the other colour touches at one point only
//!   counts as the rest of it (the other colour can fill that point and no more);
//! - a **wall** is a chain whose group has two eyes on the board as it stands (dead stones
//!   still in its eyes), or once the dead stones in atari there are taken (an eye that
//!   opens counting one at most), or that the proof or the map call alive;
//! - an **enclosure** is a connected area of at most 40 points (a sixth of the board from
//!   16×16 up) that the other colour's walls alone bound: no stone of its own there belongs
//!   to a group with two eyes or that the map keeps almost surely, and no other stone of
//!   the walls' colour stands inside it (that would be a fight, left to the map);
//! - every group of the enclosed colour there is dead, unless a wall next to it is in
//!   atari, or is not sure of two eyes and has no more liberties of its own than the group
//!   has (a capture race or a seki it might win), or is not sure of two eyes and the race
//!   against it, read out by the capture search, is a seki or the group's (a count takes
//!   the points under the dead stones in the wall's eye for liberties, but the group may
//!   throw in there again); the walls' colour's dead stones in its eyes then live.

use super::benson::Unconditional;
use super::capture_search::survives_race;
use super::disjoint_sets::DisjointSets;
use super::judge::{false_eye, own_mean};
use crate::board::{Board, ChainMap, Color, NO_CHAIN};
use crate::position::Position;
use crate::regions::{empty_regions, RegionMap, NO_REGION};

/// Marks dead, in `dead`, the groups shut in by living walls on `board`, whose chains are
/// `standing` (with the stones already in `dead` taken off). `alive_lean` is the mean
/// ownership, from a chain's own side, at which the map makes it a wall.
pub(crate) fn kill_enclosed(
    board: &Board,
    standing: &ChainMap,
    proof: &Unconditional,
    ownership: &[f64],
    alive_lean: f64,
    dead: &mut [bool],
) {
    let cleared = Position::from_mask(board.clone(), dead.to_vec()).cleared_board();
    let chains = cleared.chains();
    let regions = empty_regions(&cleared);
    // Groups to judge: chains sharing a liberty count as one, which spares more.
    let groups = Groups::new(
        &cleared,
        &chains,
        &regions,
        Some(Standing {
            board,
            chains: standing,
            ownership,
        }),
        None,
    );
    let (wall, two_eyed_wall, means) =
        living_walls(board, standing, dead, &chains, proof, ownership, alive_lean);
    for color in Color::BOTH {
        for area in shut_in_areas(&cleared, &chains, &wall, color.opponent()) {
            // No group of the enclosed colour with two eyes, none the map keeps almost
            // surely (then the area is its living ground, not an enclosure), and no other
            // stone of the walls' colour (a fight the map is left to judge).
            let enclosed = area.iter().all(|&p| match cleared.get(p) {
                None => true,
                Some(c) if c == color => {
                    let chain = chains.chain_of[p] as usize;
                    !groups.two_eyes(chain) && means[chain] < SURELY_ALIVE
                }
                Some(_) => false,
            });
            if !enclosed {
                continue;
            }
            // Each group once: its race is the same from every one of its stones.
            let mut judged: Vec<usize> = Vec::new();
            for &p in &area {
                if cleared.get(p) != Some(color) {
                    continue;
                }
                let group = groups.group_of[chains.chain_of[p] as usize];
                if judged.contains(&group) {
                    continue;
                }
                judged.push(group);
                let Some(short_walls) =
                    groups.loses_race(&cleared, &chains, &wall, &two_eyed_wall, group)
                else {
                    continue;
                };
                let stones: Vec<usize> = area
                    .iter()
                    .copied()
                    .filter(|&q| {
                        let c = chains.chain_of[q];
                        c != NO_CHAIN && groups.group_of[c as usize] == group
                    })
                    .collect();
                // Walls that win by a count of liberties only: the race is read out.
                let walls: Vec<usize> = short_walls
                    .iter()
                    .flat_map(|&c| chains.chains[c].stones.iter().copied())
                    .collect();
                if !short_walls.is_empty() && survives_race(board, standing, dead, &stones, &walls)
                {
                    continue;
                }
                for &q in &stones {
                    dead[q] = true;
                }
                revive_in_eyes(board, &cleared, &regions, color, &stones, dead);
            }
        }
    }
}

/// Which chains of `chains` (those of the board with the `dead` stones off) are living
/// walls, which of them are sure of two eyes, and each chain's mean ownership from its own
/// side. Walls are sure of two eyes on the board as it stands (`standing` its chains),
/// dead stones still in their eyes (a throw-in left in an eye can be what a seki stands
/// on), or once the dead stones in atari are taken, which costs one move whenever it
/// matters. An eye that capture opens counts one at most: the opponent may throw in there
/// again (goscorer's double throw-in sekis stand on such an eye). A chain proven alive, or
/// that the map keeps by `alive_lean`, is a wall too.
fn living_walls(
    board: &Board,
    standing: &ChainMap,
    dead: &[bool],
    chains: &ChainMap,
    proof: &Unconditional,
    ownership: &[f64],
    alive_lean: f64,
) -> (Vec<bool>, Vec<bool>, Vec<f64>) {
    let sure = sure_of_two_eyes(board, standing, dead);
    let two_eyed_wall: Vec<bool> = chains
        .chains
        .iter()
        .map(|chain| sure[chain.stones[0]])
        .collect();
    let means: Vec<f64> = chains
        .chains
        .iter()
        .map(|c| own_mean(c, ownership))
        .collect();
    let wall: Vec<bool> = (0..chains.chains.len())
        .map(|c| {
            two_eyed_wall[c]
                || proof.alive[chains.chains[c].stones[0]].is_some()
                || means[c] >= alive_lean
        })
        .collect();
    (wall, two_eyed_wall, means)
}

/// The stones of `board` (whose chains are `standing`) whose group is sure of two eyes on
/// the board as it stands, dead stones still in its eyes, or once the `dead` stones in
/// atari are taken, an eye that capture opens counting one at most.
pub(crate) fn sure_of_two_eyes(board: &Board, standing: &ChainMap, dead: &[bool]) -> Vec<bool> {
    let standing_groups = Groups::new(board, standing, &empty_regions(board), None, None);
    let in_atari = dead_in_atari(standing, dead);
    let taken = Position::from_mask(board.clone(), in_atari.clone()).cleared_board();
    let taken_chains = taken.chains();
    let taken_groups = Groups::new(
        &taken,
        &taken_chains,
        &empty_regions(&taken),
        None,
        Some(&in_atari),
    );
    (0..board.len())
        .map(|p| {
            let (chain, taken_chain) = (standing.chain_of[p], taken_chains.chain_of[p]);
            (chain != NO_CHAIN && standing_groups.two_eyes(chain as usize))
                || (taken_chain != NO_CHAIN && taken_groups.two_eyes(taken_chain as usize))
        })
        .collect()
}

/// The areas of `cleared` that the wall chains of `walls` (per `wall`) shut in, each
/// small enough to be an enclosure ([`max_enclosure`]).
fn shut_in_areas(
    cleared: &Board,
    chains: &ChainMap,
    wall: &[bool],
    walls: Color,
) -> Vec<Vec<usize>> {
    let len = cleared.len();
    let mut areas = Vec::new();
    let mut seen = vec![false; len];
    let open = |p: usize| !is_wall(cleared, chains, wall, p, walls);
    for start in 0..len {
        if seen[start] || !open(start) {
            continue;
        }
        let mut area = vec![start];
        cleared.flood(&mut area, &mut seen, &mut |n| open(n));
        if area.len() <= max_enclosure(len) {
            areas.push(area);
        }
    }
    areas
}

/// The stones of `dead` whose whole chain on the standing board (`standing`) is in atari.
fn dead_in_atari(standing: &ChainMap, dead: &[bool]) -> Vec<bool> {
    standing
        .stones_where(|chain| chain.liberties.len() == 1 && chain.stones.iter().all(|&q| dead[q]))
}

/// Stones of the other colour left in the eyes of a group of `color` found dead (the
/// regions of `cleared` that colour alone borders next to its `stones`) were dead only
/// while it lived: they live.
fn revive_in_eyes(
    board: &Board,
    cleared: &Board,
    regions: &RegionMap,
    color: Color,
    stones: &[usize],
    dead: &mut [bool],
) {
    let mut eyes: Vec<u32> = stones
        .iter()
        .flat_map(|&q| cleared.neighbors(q))
        .map(|n| regions.region_of[n])
        .filter(|&r| r != NO_REGION && regions.regions[r as usize].sole_border() == Some(color))
        .collect();
    eyes.sort_unstable();
    eyes.dedup();
    for r in eyes {
        for &p in regions.points_of(r as usize) {
            if board.get(p) == Some(color.opponent()) {
                dead[p] = false;
            }
        }
    }
}

/// An area of more points than this (stones included) is open ground, not an enclosure:
/// in an unfinished position an invasion there may still live...
const MAX_ENCLOSURE: usize = 40;

/// ... except on large boards, whose territories are larger: up to a sixth of the board
/// (60 points on 19×19).
fn max_enclosure(board_points: usize) -> usize {
    MAX_ENCLOSURE.max(board_points / 6)
}

/// A chain the map keeps at least this much (from its own side) is never called dead here:
/// the playouts are that sure only when it lives by something this static view misses,
/// such as capturing a wall stone in atari.
const SURELY_ALIVE: f64 = 0.9;

/// Whether `p` holds a wall stone of `walls`.
fn is_wall(board: &Board, chains: &ChainMap, wall: &[bool], p: usize, walls: Color) -> bool {
    board.get(p) == Some(walls) && wall[chains.chain_of[p] as usize]
}

/// The board before its dead stones were taken off, its chains, and the ownership map:
/// what judging an eye by the dead stones in it needs (see [`eye_after_capture`]).
#[derive(Clone, Copy)]
struct Standing<'a> {
    board: &'a Board,
    chains: &'a ChainMap,
    ownership: &'a [f64],
}

/// Chains joined into groups through the regions their colour alone borders (and, when
/// asked, through shared liberties).
struct Groups {
    /// The group of each chain (a chain id: the group's first chain).
    group_of: Vec<usize>,
    /// Eyes per group (indexed like chains), at most 2.
    eyes: Vec<u8>,
}

impl Groups {
    /// Groups of `board`'s chains. With `standing` (the board before its dead stones were
    /// taken off), chains of one colour that share a liberty are joined too, and an eye
    /// that held dead stones is judged by their shape (see [`eye_after_capture`]).
    /// With `captured` (points whose stones were taken off to make `board`), an eye holding
    /// any of those points counts one at most. Only with `standing`, an empty region the
    /// other colour touches at one point counts too (see [`eyes_behind_one_point`]): that
    /// spares the groups being judged, and walls are never made of it.
    fn new(
        board: &Board,
        chains: &ChainMap,
        regions: &RegionMap,
        standing: Option<Standing>,
        captured: Option<&[bool]>,
    ) -> Groups {
        let by_liberty = standing.is_some();
        let n = chains.chains.len();
        let mut groups = DisjointSets::new(n);
        // Chains around one region their colour alone borders are joined, and with
        // `by_liberty` chains of one colour that share a liberty (in a finished game they are
        // as good as connected). Eyes are counted on those regions.
        let mut around: Vec<Vec<usize>> = vec![Vec::new(); regions.regions.len()];
        let mut sharing: Vec<[usize; 2]> = vec![[usize::MAX; 2]; board.len()];
        for (c, chain) in chains.chains.iter().enumerate() {
            for &l in &chain.liberties {
                let slot = &mut sharing[l][chain.color.index()];
                if *slot == usize::MAX {
                    *slot = c;
                } else if by_liberty {
                    groups.join(*slot, c);
                }
                let r = regions.region_of[l];
                if r != NO_REGION
                    && regions.regions[r as usize].sole_border() == Some(chain.color)
                    && !around[r as usize].contains(&c)
                {
                    around[r as usize].push(c);
                }
            }
        }
        for members in &around {
            for pair in members.windows(2) {
                groups.join(pair[0], pair[1]);
            }
        }
        let group_of: Vec<usize> = (0..n).map(|c| groups.find(c)).collect();
        let mut eyes = vec![0u8; n];
        for (r, members) in around.iter().enumerate() {
            if let Some(&first) = members.first() {
                let color = chains.chains[first].color;
                let g = group_of[first];
                let points = regions.points_of(r);
                let value = standing
                    .and_then(|standing| eye_after_capture(board, standing, points, color))
                    .unwrap_or_else(|| eye_value(board, points, color));
                let value = match captured {
                    Some(captured) if points.iter().any(|&q| captured[q]) => value.min(1),
                    _ => value,
                };
                eyes[g] = (eyes[g] + value).min(2);
            }
        }
        if by_liberty {
            for (g, value) in eyes_behind_one_point(board, chains, regions, &group_of) {
                eyes[g] = (eyes[g] + value).min(2);
            }
        }
        Groups { group_of, eyes }
    }

    /// Whether chain `c`'s group has room for two eyes.
    fn two_eyes(&self, c: usize) -> bool {
        self.eyes[self.group_of[c]] >= 2
    }

    /// Whether `group` (enclosed) loses to every wall next to it: each wall is out of
    /// atari and either sure of two eyes or has, of its own, more liberties than the group
    /// has in all (so it can fill every one of them first, with one to spare: a liberty of
    /// its own may be the eye a seki stands on). If so, the walls that win by that count
    /// alone, not sure of two eyes (whose race [`survives_race`] reads out).
    fn loses_race(
        &self,
        board: &Board,
        chains: &ChainMap,
        wall: &[bool],
        two_eyed_wall: &[bool],
        group: usize,
    ) -> Option<Vec<usize>> {
        let mut group_libs: Vec<usize> = Vec::new();
        let mut neighbours: Vec<usize> = Vec::new();
        for (c, chain) in chains.chains.iter().enumerate() {
            if self.group_of[c] != group {
                continue;
            }
            group_libs.extend(&chain.liberties);
            for &p in &chain.stones {
                for n in board.neighbors(p) {
                    let other = chains.chain_of[n];
                    if other != NO_CHAIN && self.group_of[other as usize] != group {
                        neighbours.push(other as usize);
                    }
                }
            }
        }
        group_libs.sort_unstable();
        group_libs.dedup();
        neighbours.sort_unstable();
        neighbours.dedup();
        let loses = neighbours.iter().all(|&c| {
            let libs = &chains.chains[c].liberties;
            let own = libs
                .iter()
                .filter(|l| group_libs.binary_search(l).is_err())
                .count();
            wall[c] && libs.len() >= 2 && (two_eyed_wall[c] || own > group_libs.len())
        });
        if !loses {
            return None;
        }
        neighbours.retain(|&c| !two_eyed_wall[c]);
        Some(neighbours)
    }
}

/// Eyes in empty regions both colours border where the opponent touches one point only:
/// filling that point is all the opponent can do from outside, and the rest is an eye space
/// of the one group that alone borders it (a corner left open at one point on its edge).
/// Returns each such group with the eyes the rest gives.
fn eyes_behind_one_point(
    board: &Board,
    chains: &ChainMap,
    regions: &RegionMap,
    group_of: &[usize],
) -> Vec<(usize, u8)> {
    let touches = |q: usize, c: Color| board.neighbors(q).any(|n| board.get(n) == Some(c));
    let mut found = Vec::new();
    for (r, region) in regions.regions.iter().enumerate() {
        if region.sole_border().is_some() {
            continue;
        }
        let points = regions.points_of(r);
        for color in Color::BOTH {
            let (contact, rest): (Vec<usize>, Vec<usize>) =
                points.iter().partition(|&&q| touches(q, color.opponent()));
            if contact.len() != 1 || rest.is_empty() {
                continue;
            }
            let mut owners: Vec<usize> = rest
                .iter()
                .flat_map(|&q| board.neighbors(q))
                .filter(|&n| board.get(n) == Some(color))
                .map(|n| group_of[chains.chain_of[n] as usize])
                .collect();
            owners.sort_unstable();
            owners.dedup();
            if let [owner] = owners[..] {
                found.push((owner, eye_value(board, &rest, color)));
            }
        }
    }
    found
}

/// How much the map must give dead stones in an eye to the eye's owner, on average, for
/// the eye to be judged by their shape.
const CAPTURED_LEAN: f64 = 0.3;

/// Eyes a region bordered by `color` alone gives when it holds dead stones of the other
/// colour (on the standing board, before they were taken off) that the map gives to
/// `color`, and every empty point of it is their liberty: to capture them `color` must
/// fill those points, and the eye left is the shape of the captured stones (dead stones in
/// a bent three or a bulky five leave one eye, which one move inside kills). `None` when
/// the region held no such stones or has room of its own beyond their liberties.
fn eye_after_capture(
    board: &Board,
    standing: Standing,
    points: &[usize],
    color: Color,
) -> Option<u8> {
    let Standing {
        board: standing,
        chains: standing_chains,
        ownership: map,
    } = standing;
    let dead_there = |p: usize| standing.get(p) == Some(color.opponent());
    let dead: Vec<usize> = points.iter().copied().filter(|&p| dead_there(p)).collect();
    if dead.is_empty() {
        return None;
    }
    // Only stones the map clearly gives away: where they were called dead wrongly (one
    // side of a seki, say), their shape would kill the other side too.
    let against =
        dead.iter().map(|&p| map[p]).sum::<f64>() / dead.len() as f64 * f64::from(color.sign());
    if against < CAPTURED_LEAN {
        return None;
    }
    let all_liberties = points
        .iter()
        .filter(|&&p| standing.get(p).is_none())
        .all(|&p| standing.neighbors(p).any(dead_there));
    if !all_liberties {
        return None;
    }
    // Each chain of captured stones leaves an eye space of its own (adjacent stones of one
    // colour are one chain, so the chains are the connected sets).
    let mut captured: Vec<u32> = dead.iter().map(|&p| standing_chains.chain_of[p]).collect();
    captured.sort_unstable();
    captured.dedup();
    let eyes = captured.iter().fold(0u8, |eyes, &c| {
        let stones = &standing_chains.chains[c as usize].stones;
        (eyes + eye_value(board, stones, color)).min(2)
    });
    Some(eyes)
}

/// Eyes a region bordered by `color` alone gives: 0 for a false one-point eye, 1 for up to
/// three points or a killing shape, 2 otherwise.
fn eye_value(board: &Board, points: &[usize], color: Color) -> u8 {
    match points.len() {
        1 if false_eye(board, points[0], color) => 0,
        1..=3 => 1,
        4..=6 if killing_shape(board, points) => 1,
        _ => 2,
    }
}

/// Whether an eye space of four to six points is one a single move kills: square four,
/// pyramid four, bulky five, crossed five, rabbity six. Told apart by how many adjacent
/// pairs the points make and the most neighbours one point has inside the space.
fn killing_shape(board: &Board, points: &[usize]) -> bool {
    let inside = |q: usize| points.contains(&q);
    let degrees: Vec<usize> = points
        .iter()
        .map(|&p| board.neighbors(p).filter(|&n| inside(n)).count())
        .collect();
    let edges = degrees.iter().sum::<usize>() / 2;
    let most = degrees.iter().copied().max().unwrap_or(0);
    match (points.len(), edges, most) {
        (4, 4, _) => true, // square four
        (4, 3, 3) => true, // pyramid four
        (5, 5, 3) => true, // bulky five (a square with one more)
        (5, 4, 4) => true, // crossed five
        (6, 6, 4) => true, // rabbity six
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: &[&str]) -> bool {
        let board = Board::from_rows(rows).unwrap();
        let points: Vec<usize> = (0..board.len())
            .filter(|&p| board.get(p).is_none())
            .collect();
        killing_shape(&board, &points)
    }

    /// A 13-wide finished position: Black's wall and territory on top, White's below, with
    /// a pocket of White's on the left (below White's wall, left of a white column) holding
    /// whatever Black left there.
    fn finished(pocket: &[&str]) -> Vec<(usize, usize)> {
        finished_on(13, pocket, 3)
    }

    /// [`finished`] on a board `side` points wide, with `rows_below` empty rows under the
    /// pocket's closing wall.
    fn finished_on(side: usize, pocket: &[&str], rows_below: usize) -> Vec<(usize, usize)> {
        let width = pocket[0].len();
        let mut rows = vec![
            ".".repeat(side),
            ".".repeat(side),
            "X".repeat(side),
            "O".repeat(side),
        ];
        let open = side - 1 - width;
        rows.extend(pocket.iter().map(|p| format!("{p}O{}", ".".repeat(open))));
        rows.push(format!("{}{}", "O".repeat(width + 1), ".".repeat(open)));
        rows.extend(std::iter::repeat_n(".".repeat(side), rows_below));
        let board = Board::from_rows(&rows).unwrap();
        let estimate = super::super::estimate(&board, &Default::default()).unwrap();
        super::super::vertices_of(&board, &estimate.dead)
    }

    /// Groups dead in White's pocket whatever the playouts say: why, the pocket, and how
    /// many stones are dead.
    const DEAD_IN_A_POCKET: [(&str, &[&str], usize); 3] = [
        (
            "a one-eyed group: the playouts let it make a second eye in the open pocket \
             more often than not",
            &["......", "......", "..XXX.", "..X.X.", "..XXX.", "......"],
            8,
        ),
        (
            "a group around a square four: the playouts never throw in the two stones that \
             kill it",
            &[".XXXX", ".X..X", ".X..X", ".XXXX", "....."],
            12,
        ),
        (
            "a group whose eye holds dead stones in a killing shape: the six points inside \
             Black's ring would make two eyes, but White's five stones there are a bulky \
             five; once Black captures them, White plays in the middle",
            &[".......", ".XXXXX.", ".XOOOX.", ".XOO.X.", ".XXXXX."],
            14,
        ),
    ];

    #[test]
    fn groups_without_two_eyes_in_a_pocket_are_dead() {
        for (what, pocket, count) in DEAD_IN_A_POCKET {
            let dead = finished(pocket);
            assert_eq!(dead.len(), count, "{what}: {dead:?}");
        }
    }

    #[test]
    fn a_one_eyed_group_deep_in_a_large_territory_is_dead() {
        // 19×19: a 56-point pocket of White's (rows 4 … 11, columns 0 … 6), more than 40
        // points but within a sixth of the board.
        let pocket = [
            ".......", ".......", "..XXX..", "..X.X..", "..XXX..", ".......", ".......", ".......",
        ];
        let dead = finished_on(19, &pocket, 6);
        assert_eq!(dead.len(), 8, "{dead:?}");
    }

    #[test]
    fn a_group_whose_eye_holds_dead_stones_in_a_living_shape_lives() {
        // A wider ring with White's stones in a straight four: captured, they leave room
        // for two eyes.
        let dead = finished(&["........", ".XXXXXX.", ".XOOOOX.", ".X....X.", ".XXXXXX."]);
        assert_eq!(dead, [(2, 6), (3, 6), (4, 6), (5, 6)]);
    }

    /// The dead stones after this pass alone, on `rows` with the map `owner` gives each
    /// point and `dead` already dead.
    fn enclosed_dead(
        rows: &[&str],
        owner: impl Fn(&Board, usize) -> f64,
        dead: &[(usize, usize)],
    ) -> Vec<usize> {
        let board = Board::from_rows(rows).unwrap();
        let chains = board.chains();
        let proof = super::super::benson::unconditional(&board, &chains);
        let ownership: Vec<f64> = (0..board.len()).map(|p| owner(&board, p)).collect();
        let mut marks = vec![false; board.len()];
        for &(x, y) in dead {
            marks[board.point(x, y)] = true;
        }
        kill_enclosed(&board, &chains, &proof, &ownership, 0.6, &mut marks);
        (0..board.len()).filter(|&p| marks[p]).collect()
    }

    #[test]
    fn a_wall_whose_second_eye_holds_a_stone_in_atari_shuts_a_group_in() {
        // Black's group around a square four (top) has 7 liberties; White's corner chain
        // beside it has 2 of its own: the eye at [0, 1], and [3, 1] next to Black's dead
        // stone in atari at [2, 1]. Taking that stone gives White a second eye, so the
        // corner is a wall and Black's group, shut in, is dead. The map leans to the group
        // (0.5), as playouts that never kill a square four do.
        let rows = [
            "OOOOOX..XO...",
            ".OX.OX..XO...",
            "OOOOOXXXXO...",
            "XXXXXX...O...",
            "OOOOOOOOOO...",
            ".............",
            ".............",
            "OOOOOOOOOOOOO",
            "XXXXXXXXXXXXX",
            ".............",
        ];
        // Every black stone of the top four rows: the group and the stone in atari.
        let top_black = |board: &Board, p: usize| board.get(p) == Some(Color::Black) && p < 4 * 13;
        let owner = |board: &Board, p: usize| match p {
            _ if p == board.point(2, 1) => -1.0,
            _ if top_black(board, p) => 0.5,
            _ if p >= 8 * 13 => 1.0,
            _ => -1.0,
        };
        let board = Board::from_rows(&rows).unwrap();
        let expected: Vec<usize> = (0..board.len()).filter(|&p| top_black(&board, p)).collect();
        assert_eq!(enclosed_dead(&rows, owner, &[(2, 1)]), expected);
    }

    #[test]
    fn a_group_in_seki_with_a_wall_short_of_eyes_is_not_killed() {
        // White's wall seems to win the race by a count of liberties, its eye's dead stones
        // off; read out, the group stands in seki with it. The map keeps White and leans
        // to the group, as playouts that keep a seki do.
        let rows = crate::estimate::capture_search::SEKI_THE_COUNT_CALLS_A_RACE;
        let board = Board::from_rows(&rows).unwrap();
        let in_atari = [(3, 0), (3, 1)];
        let stones = |board: &Board, xs: &[(usize, usize)]| -> Vec<usize> {
            xs.iter().map(|&(x, y)| board.point(x, y)).collect()
        };
        let dead_black = stones(&board, &in_atari);
        let owner = |board: &Board, p: usize| match board.get(p) {
            Some(Color::White) => -1.0,
            Some(Color::Black) if dead_black.contains(&p) => -1.0,
            Some(Color::Black) if board.vertex(p).0 >= 6 && board.vertex(p).1 < 3 => 0.5,
            _ => 1.0,
        };
        assert_eq!(enclosed_dead(&rows, owner, &in_atari), dead_black);
        // Without the stones, White's eye is empty: it fills the shared liberty first and
        // takes the group.
        let mut open = rows.map(str::to_owned);
        open[0].replace_range(3..4, ".");
        open[1].replace_range(3..4, ".");
        let open: Vec<&str> = open.iter().map(String::as_str).collect();
        let group = stones(&board, &[(6, 0), (6, 1), (7, 1), (6, 2)]);
        assert_eq!(enclosed_dead(&open, owner, &[]), group);
    }

    #[test]
    fn a_corner_open_at_one_point_is_an_eye_space() {
        // White's corner has an eye at [2, 1] and, behind the one point Black can fill at
        // [0, 3], a bent four at [0, 0]: two eyes, though the region touches Black.
        let rows = [
            "..OOX....",
            ".O.OX....",
            ".OOXX....",
            ".OXX.....",
            "XXX......",
            ".........",
            "XXXXXXXXX",
            "OOOOOOOOO",
            ".........",
        ];
        let owner = |board: &Board, p: usize| match p {
            _ if p >= 7 * 9 => -1.0,
            _ if board.get(p) == Some(Color::White) => -0.7,
            _ => 1.0,
        };
        assert_eq!(enclosed_dead(&rows, owner, &[]), Vec::<usize>::new());
    }

    #[test]
    fn a_group_with_two_eyes_in_the_pocket_lives() {
        assert_eq!(
            finished(&["XXXXX", "X.X.X", "XXXXX", ".....", "....."]),
            vec![]
        );
    }

    #[test]
    fn killing_shapes_are_told_from_living_ones() {
        assert!(shape(&["..X", "..X", "XXX"]), "square four");
        assert!(shape(&["X.X", "...", "XXX"]), "pyramid four");
        assert!(shape(&["..X", "...", "XXX"]), "bulky five");
        assert!(shape(&["X.X", "...", "X.X"]), "crossed five");
        assert!(shape(&["X.X", "...", "X.."]), "rabbity six");
        assert!(!shape(&["....", "XXXX"]), "straight four lives");
        assert!(!shape(&["...", ".XX"]), "bent four lives");
        assert!(!shape(&["...", "..."]), "rectangular six lives");
        assert!(!shape(&["X.X", "...", "X.X", "X.X"]), "a long cross lives");
    }
}
