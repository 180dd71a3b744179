//! Judgement: from an ownership map (an engine's, or the playouts') to dead chains.
//!
//! First what is clear is settled: proven chains, chains the map clearly calls alive or
//! dead, chains locked in a mutual atari (whoever moves first captures: the players left
//! it, so nobody is dead), regions and empty points the map clearly gives one side. A chain
//! left unsettled that has room for two eyes of its own lives; one shut in a small space
//! by the other colour, whose chains there all have more liberties, is dead. The rest is
//! decided in one of two ways ([`Unsettled`]):
//! - by area, for an engine's sharp map: connected unsettled points (stones or empty) go
//!   to the side the map leans to, or failing a clear lean to the side with more stones in
//!   and around them, and the other side's stones there are dead;
//! - by chain, for the playouts' softer map: a chain is dead when the mean over its stones
//!   and liberties leans against it at all clearly.

use super::benson::Unconditional;
use super::disjoint_sets::DisjointSets;
use crate::board::{Board, Chain, ChainMap, Color, NO_CHAIN};
use crate::regions::empty_regions;

/// How sure the map must be at each step; values are ownership from −1 to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Thresholds {
    /// A chain whose mean ownership, from its own side, is at least this is alive.
    pub(crate) alive: f64,
    /// A chain whose mean ownership, from its own side, is at most minus this is dead.
    pub(crate) dead: f64,
    /// A one-colour region whose mean ownership leans its owner's way by at least this
    /// is settled territory.
    pub(crate) territory: f64,
    /// How chains still unsettled after that are judged.
    pub(crate) unsettled: Unsettled,
    /// Which mutual ataris are left standing.
    pub(crate) mutual_atari: MutualAtari,
    /// When set, a chain the life analysis puts in seki once the dead stones are off is
    /// dead unless the map keeps it at least this much (see `check_sekis`).
    pub(crate) seki_keep: Option<f64>,
    /// When set, groups shut in by the other colour's walls without room for two eyes are
    /// dead (see `enclosure.rs`); the value is the map's lean that makes a chain a wall.
    pub(crate) enclosed_wall: Option<f64>,
    /// A region both colours touch needs sealing when its mean ownership leans at least
    /// this far to one side.
    pub(crate) seal: f64,
}

/// Which chains in a mutual atari (a chain whose only liberty is the only liberty of an
/// opponent chain) are left standing, neither dead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum MutualAtari {
    /// Every one: the players left it.
    AllStand,
    /// Only those where either side's capture there sticks (the capturing chain keeps two
    /// liberties or more), so whoever moves first wins. Where only one side's capture
    /// sticks, the other side's would be taken back at once: its chain is left to the map.
    StandWhenBothStick,
}

/// How chains the map is not clear about are judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Unsettled {
    /// Each connected unsettled area whose mean ownership leans at least `lean` one way is
    /// that side's; otherwise the side with more stones in and around it gets it.
    ByArea {
        /// The lean that decides without counting stones.
        lean: f64,
    },
    /// Each chain alone: dead when the mean ownership of its stones and liberties leans
    /// against it by at least `lean`.
    ByChain {
        /// The lean that kills.
        lean: f64,
    },
}

/// What the judgement finds, one entry per point.
pub(crate) struct Judged {
    /// Stones judged dead (whole chains).
    pub(crate) dead: Vec<bool>,
    /// Stones of the chains found dead for being shut in a small space by the other
    /// colour: they live again if a chain shutting them in dies (see `free_the_shut_in`).
    pub(crate) shut_in: Vec<bool>,
}

/// The side each settled point belongs to; `None` while unsettled.
type Settled = Vec<Option<Option<Color>>>;

/// The dead stones (whole chains) of `board`, whose chains are `map`, under `ownership`.
pub(crate) fn judge(
    board: &Board,
    map: &ChainMap,
    proof: &Unconditional,
    ownership: &[f64],
    t: &Thresholds,
) -> Judged {
    let means: Vec<f64> = map.chains.iter().map(|c| own_mean(c, ownership)).collect();
    let (mut dead, mut settled) = settle_clear_chains(board, map, proof, &means, t);

    // Territory, on the board without the stones found dead so far.
    let mut cleared = board.clone();
    for p in (0..board.len()).filter(|&p| dead[p]) {
        cleared.set(p, None);
    }
    settle_territory(&cleared, proof, ownership, t.territory, &mut settled);

    // Unsettled areas. A chain there with room for two eyes of its own is spared; one shut
    // in a small space by the other colour is dead.
    let two_eyes = eye_room(&cleared, 2);
    let shut = kill_shut_in(&cleared, map, &two_eyes, &mut settled, &mut dead);
    let (spared, lean) = match t.unsettled {
        Unsettled::ByChain { lean } => {
            // A chain that can always connect to a living one lives with it, however the
            // playouts split over it.
            let connected = connected_to_living(board, map, &settled, &dead);
            let spared = two_eyes.iter().zip(&connected).map(|(a, b)| a | b);
            (spared.collect(), lean)
        }
        Unsettled::ByArea { lean } => (two_eyes, lean),
    };
    let leaning = Leaning {
        settled: &settled,
        spared: &spared,
        ownership,
        lean,
    };
    match t.unsettled {
        Unsettled::ByChain { .. } => leaning.decide_by_chain(map, &mut dead),
        Unsettled::ByArea { .. } => leaning.decide_by_area(board, &mut dead),
    }
    debug_assert!(map.chain_of.iter().all(|&c| c == NO_CHAIN || {
        let chain = &map.chains[c as usize];
        chain
            .stones
            .iter()
            .all(|&p| dead[p] == dead[chain.stones[0]])
    }));
    Judged {
        dead,
        shut_in: shut,
    }
}

/// The chains the proof and the map make clear (`means`: each chain's mean ownership from
/// its own side): the dead stones, and the points those chains settle.
fn settle_clear_chains(
    board: &Board,
    map: &ChainMap,
    proof: &Unconditional,
    means: &[f64],
    t: &Thresholds,
) -> (Vec<bool>, Settled) {
    let len = board.len();
    let mut dead = vec![false; len];
    let mut settled: Settled = vec![None; len];
    let clearly_dead = |c: usize| {
        let first = map.chains[c].stones[0];
        proof.alive[first].is_none() && (proof.surely_dead(board, first) || means[c] <= -t.dead)
    };

    // A mutual atari (a chain whose only liberty is the only liberty of an opponent chain)
    // is left to stand: the players left it, and whoever moves first would capture. It is
    // looked for again once the clearly dead stones around it are off the board, since
    // taking those off can free one side.
    let first_mutual = mutual_atari(board, t.mutual_atari);
    let mut without_clear_dead = board.clone();
    for (c, chain) in map.chains.iter().enumerate() {
        if clearly_dead(c) && !first_mutual[chain.stones[0]] {
            for &p in &chain.stones {
                without_clear_dead.set(p, None);
            }
        }
    }
    let mutual = mutual_atari(&without_clear_dead, t.mutual_atari);

    for (c, chain) in map.chains.iter().enumerate() {
        let first = chain.stones[0];
        let verdict = if proof.alive[first].is_some() || mutual[first] {
            Some(false)
        } else if clearly_dead(c) {
            Some(true)
        } else if means[c] >= t.alive {
            Some(false)
        } else {
            None
        };
        if let Some(is_dead) = verdict {
            let side = if is_dead {
                chain.color.opponent()
            } else {
                chain.color
            };
            for &p in &chain.stones {
                dead[p] = is_dead;
                settled[p] = Some(Some(side));
            }
        }
    }
    (dead, settled)
}

/// Settles the territory on `cleared` (the board without the stones found dead so far):
/// the proof's, the regions one colour borders whose mean ownership leans its way by at
/// least `territory`, and the empty points the map is that clear about, even in regions
/// both colours touch.
fn settle_territory(
    cleared: &Board,
    proof: &Unconditional,
    ownership: &[f64],
    territory: f64,
    settled: &mut Settled,
) {
    for (settled, &proven) in settled.iter_mut().zip(&proof.territory) {
        if let Some(c) = proven {
            *settled = Some(Some(c));
        }
    }
    let regions = empty_regions(cleared);
    for (id, region) in regions.regions.iter().enumerate() {
        let Some(owner) = region.sole_border() else {
            continue;
        };
        let points = regions.points_of(id);
        let mean = points.iter().map(|&p| ownership[p]).sum::<f64>() / points.len() as f64;
        if mean * f64::from(owner.sign()) >= territory {
            for &p in points {
                if settled[p].is_none() {
                    settled[p] = Some(Some(owner));
                }
            }
        }
    }
    for p in 0..cleared.len() {
        if settled[p].is_none() && cleared.get(p).is_none() {
            if ownership[p] >= territory {
                settled[p] = Some(Some(Color::Black));
            } else if ownership[p] <= -territory {
                settled[p] = Some(Some(Color::White));
            }
        }
    }
}

/// Kills the unsettled chains of `map` without room for two eyes (`two_eyes`) that stand
/// shut in a small space on `cleared` ([`shut_in`]); returns their stones.
fn kill_shut_in(
    cleared: &Board,
    map: &ChainMap,
    two_eyes: &[bool],
    settled: &mut Settled,
    dead: &mut [bool],
) -> Vec<bool> {
    let mut shut = vec![false; cleared.len()];
    let cleared_chains = cleared.chains();
    for chain in &map.chains {
        let first = chain.stones[0];
        if settled[first].is_none() && !two_eyes[first] && shut_in(cleared, &cleared_chains, first)
        {
            for &p in &chain.stones {
                dead[p] = true;
                shut[p] = true;
                settled[p] = Some(Some(chain.color.opponent()));
            }
        }
    }
    shut
}

/// Stones of chains joined to a chain settled alive through chains of their colour that
/// can always connect: two of them share two liberties (if the opponent takes one, they
/// connect at the other), or share one where an opponent stone could not stand (it would
/// be in atari there, capturing nothing). Random playouts often cut such chains apart;
/// players leave them, and so should the judgement.
fn connected_to_living(
    board: &Board,
    map: &ChainMap,
    settled: &[Option<Option<Color>>],
    dead: &[bool],
) -> Vec<bool> {
    let n = map.chains.len();
    let mut groups = DisjointSets::new(n);
    let mut partners = Vec::new();
    for (a, chain) in map.chains.iter().enumerate() {
        partners.clear();
        partners.extend(
            chain
                .liberties
                .iter()
                .flat_map(|&l| board.neighbors(l))
                .filter(|&q| board.get(q) == Some(chain.color))
                .map(|q| map.chain_of[q] as usize)
                .filter(|&b| b > a),
        );
        partners.sort_unstable();
        partners.dedup();
        for &b in &partners {
            let mut shared = chain
                .liberties
                .iter()
                .filter(|l| map.chains[b].liberties.contains(l));
            let joined = shared.clone().count() >= 2
                || shared.any(|&l| !opponent_can_stand(board, map, l, chain.color));
            if joined {
                groups.join(a, b);
            }
        }
    }
    let mut living = vec![false; n];
    for (c, chain) in map.chains.iter().enumerate() {
        let first = chain.stones[0];
        if !dead[first] && settled[first] == Some(Some(chain.color)) {
            living[groups.find(c)] = true;
        }
    }
    let mut result = vec![false; board.len()];
    for (c, chain) in map.chains.iter().enumerate() {
        if living[groups.find(c)] {
            for &p in &chain.stones {
                result[p] = true;
            }
        }
    }
    result
}

/// Whether a stone of `color`'s opponent on empty `l` would stand: it captures a chain of
/// `color`, or has two liberties or more with the chains it joins.
fn opponent_can_stand(board: &Board, map: &ChainMap, l: usize, color: Color) -> bool {
    let mut liberties: Vec<usize> = Vec::new();
    for n in board.neighbors(l) {
        match board.get(n) {
            None => liberties.push(n),
            Some(c) if c == color => {
                if map.chains[map.chain_of[n] as usize].liberties.len() == 1 {
                    return true;
                }
            }
            Some(_) => liberties.extend(
                map.chains[map.chain_of[n] as usize]
                    .liberties
                    .iter()
                    .filter(|&&q| q != l),
            ),
        }
    }
    liberties.sort_unstable();
    liberties.dedup();
    liberties.len() >= 2
}

/// The mean ownership of `chain`'s stones from its own side: 1 when the map gives them all
/// to it, −1 when it gives them all to the opponent.
pub(crate) fn own_mean(chain: &Chain, ownership: &[f64]) -> f64 {
    let sum: f64 = chain.stones.iter().map(|&p| ownership[p]).sum();
    sum / chain.stones.len() as f64 * f64::from(chain.color.sign())
}

/// What decides the stones left unsettled: the ownership map where it leans by `lean`
/// or more; never the stones `spared`, nor any on a `settled` point.
struct Leaning<'a> {
    settled: &'a [Option<Option<Color>>],
    spared: &'a [bool],
    ownership: &'a [f64],
    lean: f64,
}

impl Leaning<'_> {
    /// Kills each unsettled chain whose stones and liberties lean against it by `lean`.
    fn decide_by_chain(&self, map: &ChainMap, dead: &mut [bool]) {
        let (settled, spared, ownership, lean) =
            (self.settled, self.spared, self.ownership, self.lean);
        for chain in &map.chains {
            let first = chain.stones[0];
            if settled[first].is_some() || spared[first] {
                continue;
            }
            let points = chain.stones.iter().chain(&chain.liberties);
            let sum: f64 = points.clone().map(|&p| ownership[p]).sum();
            let mean = sum / points.count() as f64 * f64::from(chain.color.sign());
            if mean <= -lean {
                for &p in &chain.stones {
                    dead[p] = true;
                }
            }
        }
    }

    /// Gives each connected unsettled area to the side its map leans to by `lean`, or to the
    /// side with more stones in and around it, killing the other side's stones there.
    fn decide_by_area(&self, board: &Board, dead: &mut [bool]) {
        let (settled, spared, ownership, lean) =
            (self.settled, self.spared, self.ownership, self.lean);
        let len = board.len();
        let mut seen = vec![false; len];
        let mut area = Vec::new();
        let mut counted = vec![false; len];
        for start in 0..len {
            if settled[start].is_some() || seen[start] {
                continue;
            }
            area.clear();
            area.push(start);
            let mut counts = [0usize; 2];
            let mut touched = Vec::new();
            // The settled stones around count for their side, each once.
            board.flood(&mut area, &mut seen, &mut |n| match settled[n] {
                None => true,
                Some(Some(c)) => {
                    if !counted[n] {
                        counted[n] = true;
                        touched.push(n);
                        counts[c.index()] += 1;
                    }
                    false
                }
                Some(None) => false,
            });
            for c in area.iter().filter_map(|&p| board.get(p)) {
                counts[c.index()] += 1;
            }
            for &n in &touched {
                counted[n] = false;
            }
            let mean = area.iter().map(|&p| ownership[p]).sum::<f64>() / area.len() as f64;
            let side = if mean >= lean {
                Color::Black
            } else if mean <= -lean {
                Color::White
            } else if counts[0] > counts[1] {
                Color::Black
            } else if counts[1] > counts[0] {
                Color::White
            } else {
                continue;
            };
            for &p in &area {
                if board.get(p) == Some(side.opponent()) && !spared[p] {
                    dead[p] = true;
                }
            }
        }
    }
}

/// Stones of chains in a mutual atari on `board` that `rule` leaves standing.
fn mutual_atari(board: &Board, rule: MutualAtari) -> Vec<bool> {
    let map = board.chains();
    let mut lone_liberty_of = vec![[false; 2]; board.len()];
    for chain in &map.chains {
        if let [liberty] = chain.liberties[..] {
            lone_liberty_of[liberty][chain.color.index()] = true;
        }
    }
    let mut mutual = vec![false; board.len()];
    for chain in &map.chains {
        let [l] = chain.liberties[..] else {
            continue;
        };
        let stands = match rule {
            MutualAtari::AllStand => true,
            MutualAtari::StandWhenBothStick => {
                capture_sticks(board, l, Color::Black) && capture_sticks(board, l, Color::White)
            }
        };
        if lone_liberty_of[l] == [true, true] && stands {
            for &p in &chain.stones {
                mutual[p] = true;
            }
        }
    }
    mutual
}

/// Whether a stone of `color` on empty `l` that captures there leaves its chain with two
/// liberties or more (a capture that cannot be taken back at once).
fn capture_sticks(board: &Board, l: usize, color: Color) -> bool {
    let mut after = board.clone();
    after.place(l, color);
    after.liberty_count(l) >= 2
}

/// Regions of at least this many points bordered by one colour count as two eyes.
pub(crate) const ROOM_FOR_TWO_EYES: usize = 7;

/// Stones of chains that touch at least `eyes` eyes' worth of empty regions bordered by
/// their colour alone: a region counts as one eye, or two if it is large.
fn eye_room(board: &Board, eyes: usize) -> Vec<bool> {
    let regions = empty_regions(board);
    let map = board.chains();
    let mut result = vec![false; board.len()];
    let mut seen_region = Vec::new();
    for chain in &map.chains {
        seen_region.clear();
        let mut count = 0;
        for &l in &chain.liberties {
            let r = regions.region_of[l];
            if seen_region.contains(&r) {
                continue;
            }
            seen_region.push(r);
            let region = &regions.regions[r as usize];
            if region.sole_border() != Some(chain.color) {
                continue;
            }
            count += match regions.points_of(r as usize) {
                &[point] if false_eye(board, point, chain.color) => 0,
                points if points.len() >= ROOM_FOR_TWO_EYES => 2,
                _ => 1,
            };
        }
        if count >= eyes {
            for &p in &chain.stones {
                result[p] = true;
            }
        }
    }
    result
}

/// Whether the one-point eye `p` of `color` is false: the opponent holds two of its
/// diagonal points (one on the edge).
pub(crate) fn false_eye(board: &Board, p: usize, color: Color) -> bool {
    let diagonals = board.diagonals(p);
    let on_edge = diagonals.count() < 4;
    let held = diagonals
        .filter(|&d| board.get(d) == Some(color.opponent()))
        .count();
    held + usize::from(on_edge) >= 2
}

/// A space of at most this many points (stones included) is too small to live in.
const SMALL_SPACE: usize = 7;

/// Whether the chain on `p` stands in a small space that the other colour alone encloses,
/// and every enclosing chain has more liberties than any chain of `p`'s colour inside:
/// the enclosing side wins the race to capture, so this is no seki.
fn shut_in(board: &Board, map: &ChainMap, p: usize) -> bool {
    let Some(color) = board.get(p) else {
        return false;
    };
    let enclosing = color.opponent();
    let mut space = vec![p];
    let mut inside = vec![false; board.len()];
    let not_enclosing = &mut |n| board.get(n) != Some(enclosing);
    if !board.flood_at_most(&mut space, &mut inside, SMALL_SPACE, not_enclosing) {
        return false;
    }
    let liberties = |q: usize| map.chains[map.chain_of[q] as usize].liberties.len();
    let most_inside = space
        .iter()
        .filter(|&&q| board.get(q) == Some(color))
        .map(|&q| liberties(q))
        .max()
        .unwrap_or(0);
    let mut enclosers = space
        .iter()
        .flat_map(|&q| board.neighbors(q))
        .filter(|&n| board.get(n) == Some(enclosing))
        .peekable();
    enclosers.peek().is_some() && enclosers.all(|n| liberties(n) > most_inside)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(board: &Board, mask: &[bool]) -> Vec<(usize, usize)> {
        (0..board.len())
            .filter(|&p| mask[p])
            .map(|p| board.vertex(p))
            .collect()
    }

    /// The judgement of `rows` under the playouts' thresholds, with a made-up map: Black's
    /// wall on the top row (and its stones on the second) clearly his (+0.9), White's
    /// bottom row clearly hers (−0.9), every other point leaning to White by 0.3 (so a
    /// black stone there is unsettled and, alone, dead). Returns the dead stones.
    fn judged(rows: &[&str]) -> Vec<(usize, usize)> {
        let board = Board::from_rows(rows).unwrap();
        let last = board.height() - 1;
        let map: Vec<f64> = (0..board.len())
            .map(|p| match board.vertex(p).1 {
                0 => 0.9,
                1 if board.get(p).is_some() => 0.9,
                y if y == last => -0.9,
                _ => -0.3,
            })
            .collect();
        let chains = board.chains();
        let proof = super::super::benson::unconditional(&board, &chains);
        let judged = judge(
            &board,
            &chains,
            &proof,
            &map,
            &super::super::PLAYOUT_THRESHOLDS,
        );
        marked(&board, &judged.dead)
    }

    #[test]
    fn a_chain_sharing_two_liberties_with_a_living_chain_lives() {
        // Black's two stones share [1, 1] and [2, 1] with the wall above: if White takes
        // one, Black connects at the other.
        assert_eq!(
            judged(&["XXXXX", ".....", ".XX..", ".....", "OOOOO"]),
            vec![]
        );
    }

    #[test]
    fn a_chain_sharing_one_open_liberty_is_judged_alone() {
        // White can cut at [2, 1] (its stone there has two liberties): the stone is left
        // to the map, which leans against it.
        assert_eq!(
            judged(&["XXXXX", ".....", "..X..", ".....", "OOOOO"]),
            vec![(2, 2)]
        );
    }

    #[test]
    fn a_chain_behind_a_tigers_mouth_lives() {
        // A white stone at [2, 1] would have no liberty: the stone is connected.
        assert_eq!(
            judged(&["XXXXX", ".X.X.", "..X..", ".....", "OOOOO"]),
            vec![]
        );
    }

    #[test]
    fn a_mutual_atari_where_one_capture_is_taken_back_does_not_stand() {
        // White's two stones and Black's lone stone share their only liberty. Black's
        // capture there joins his wall; White's would be taken back at once.
        let board = Board::from_rows(&[
            "XO.XO.", //
            "XOXOO.", "XXXOO.", "..XO..",
        ])
        .unwrap();
        assert!(!capture_sticks(&board, board.point(2, 0), Color::White));
        assert!(capture_sticks(&board, board.point(2, 0), Color::Black));
        let all = mutual_atari(&board, MutualAtari::AllStand);
        assert_eq!(marked(&board, &all), vec![(1, 0), (3, 0), (1, 1)]);
        let sticking = mutual_atari(&board, MutualAtari::StandWhenBothStick);
        assert!(marked(&board, &sticking).is_empty());
    }

    #[test]
    fn a_mutual_atari_where_both_captures_stick_stands() {
        let board = Board::from_rows(&[
            "XO.XO.", //
            "XX.OO.", ".X.O..",
        ])
        .unwrap();
        let sticking = mutual_atari(&board, MutualAtari::StandWhenBothStick);
        assert_eq!(marked(&board, &sticking), vec![(1, 0), (3, 0)]);
    }
}
