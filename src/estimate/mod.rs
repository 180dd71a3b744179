//! Dead-stone estimation: which stones of a finished (or nearly finished) game are dead,
//! who owns each point, and where a move is still needed to close a border.
//!
//! The estimate is built in passes:
//! 1. **Proof** (`benson.rs`): chains that are unconditionally alive (Benson's algorithm)
//!    are never dead; opponent stones inside the small regions those chains enclose are
//!    always dead.
//! 2. **Ownership**: either the caller's engine map (KataGo style), or the average area
//!    owner over random playouts that never fill their own eyes, half of them with Black
//!    to move first and half with White, from the board with the proven-dead stones
//!    removed.
//! 3. **Judgement** (`judge.rs`): what the proof and the map make clear first (mutual
//!    ataris stand), then chains with room for two eyes, or that can always connect to a
//!    living chain, live and chains shut in a small space die, then the map's lean decides
//!    the rest.
//! 4. **Enclosures** (`enclosure.rs`, playouts only): groups shut in by the other colour's
//!    living walls without room for two eyes are dead, whatever the playouts say; a race
//!    against a wall not sure of two eyes is read out first by the capture search
//!    (`survives_race`).
//! 5. **Pockets** (`pocket.rs`): a chain whose every liberty lies in one small space it
//!    alone encloses is read out exactly (nakade, seki) by the capture search
//!    (`capture_search.rs`); one beside an opponent chain closed around a pocket of its
//!    own (a race) is not read dead.
//! 6. **Seki check** (`seki_check.rs`, playouts only): the sekis the dead stones leave, with
//!    no partner or lost at once as a race (counted, then read out), are dead stones left
//!    standing; stones inside a seki whose capture would give no life are not dead.
//! 7. **Freeing the shut-in** (`free_the_shut_in`): a chain killed for being shut in a
//!    small space lives again when a chain shutting it in is found dead.
//! 8. **Cutters in atari** (`capture_the_cutters`): a dead chain short of liberties that
//!    captures a cutting chain in atari first, and so joins a living chain, lives.
//! 9. **Races** (`race.rs`, playouts only): each seki left is read out as a capture race
//!    by the same search, on the board as it stands (its dead stones still there), with
//!    the chains around it as living walls; a chain in seki captured even when its owner
//!    moves first is dead, the other colour's stones beside it live (but for chains lost
//!    in a race of their own), and the seki check runs again, sparing the race's winners.
//! 10. **Captures in atari** (`take_chains_in_atari`): a living chain in atari beside
//!     dead chains only is taken when the capture proves its taker alive (Benson); the
//!     chains so proven live.
//! 11. **Loose invaders** (`invader.rs`, playouts only): chains the map keeps weakly, in an
//!     area the other colour's safe walls alone enclose, are read out by the capture
//!     search bounded by depth (two sure eyes end a line, a static count of eye room
//!     judges its last position); those captured even when their owner moves first die.
//!     A wall short of liberties by that count, with two of its own, is safe when the
//!     same bounded read finds the invaders, moving first, unable to take it; it is then
//!     read with them as stones to take, when the arena holds it.
//!     Then chains killed while the map leans weakly either way, in an area the other
//!     colour's strong chains enclose, are read with the other side moving first; those
//!     that reach two sure eyes (or a seki) in every line live; the weak chains they
//!     capture die.
//! 12. **Sealing**: the open borders of regions both colours touch but one side mostly owns.
//!
//! `docs/estimate.md` gives the figures and the kinds of miss; the approaches tried are in
//! its git history.

mod benson;
mod capture_search;
mod disjoint_sets;
mod enclosure;
mod invader;
mod judge;
mod playout;
mod pocket;
mod race;
mod seki_check;

use crate::board::{Board, Chain, ChainMap, Color, Point};
use crate::error::{Error, ErrorKind, Result};
use crate::regions::empty_regions;
use judge::{MutualAtari, Thresholds, Unsettled};
use playout::{PlayoutBoard, Rng};

/// When the caller names no effort, the playouts share this many board points between
/// them (so small boards, which are cheap and often tight, get more playouts)...
pub const DEFAULT_PLAYOUT_POINTS: usize = 40_000;

/// ... but never fewer than this many playouts.
pub const MIN_DEFAULT_PLAYOUTS: u32 = 64;

/// ... nor more than this many.
pub const MAX_DEFAULT_PLAYOUTS: u32 = 400;

/// The number of playouts run on `board` when the caller names no effort.
pub fn default_playouts(board: &Board) -> u32 {
    ((DEFAULT_PLAYOUT_POINTS / board.len()) as u32)
        .clamp(MIN_DEFAULT_PLAYOUTS, MAX_DEFAULT_PLAYOUTS)
}

/// The most playouts an estimate runs, whatever effort is asked for.
pub const MAX_PLAYOUTS: u32 = 10_000;

/// How to estimate.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EstimateOptions {
    /// An engine's ownership per point (flat, `y * width + x`), `+1` Black … `−1` White.
    /// When given, no playouts run.
    pub ownership: Option<Vec<f64>>,
    /// Seed of the playouts: the same seed gives the same answer.
    pub seed: u64,
    /// Number of playouts (at most [`MAX_PLAYOUTS`]); `None` for [`default_playouts`].
    pub playouts: Option<u32>,
    /// Who made the last move or pass, when known (a game record says). The other side
    /// moves next, and a capture race in a seki that whoever moves first wins goes to it;
    /// with `None` such a race stands as a seki.
    pub last_to_play: Option<Color>,
}

/// The estimate, one entry per point (flat, `y * width + x`).
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Stones judged dead (always whole chains).
    pub dead: Vec<bool>,
    /// Estimated owner, `+1` Black … `−1` White.
    pub ownership: Vec<f64>,
    /// Empty points on an open border that still need a move.
    pub needs_sealing: Vec<bool>,
}

/// How sure an engine's map must be (its values cluster near ±1 where it is sure).
const ENGINE_THRESHOLDS: Thresholds = Thresholds {
    alive: 0.7,
    dead: 0.7,
    territory: 0.7,
    unsettled: Unsettled::ByArea { lean: 0.5 },
    mutual_atari: MutualAtari::AllStand,
    seki_keep: None,
    enclosed_wall: None,
    seal: 0.3,
};

/// How sure the playouts' map must be.
const PLAYOUT_THRESHOLDS: Thresholds = Thresholds {
    alive: 0.6,
    dead: 0.6,
    territory: 0.6,
    unsettled: Unsettled::ByChain { lean: 0.1 },
    mutual_atari: MutualAtari::StandWhenBothStick,
    seki_keep: Some(0.3),
    enclosed_wall: Some(0.6),
    seal: 0.15,
};

/// Regions of at most this many points are dame, not borders worth sealing.
const SEAL_MIN_REGION: usize = 4;

/// Estimates dead stones, ownership and open borders of `board`.
pub fn estimate(board: &Board, options: &EstimateOptions) -> Result<Estimate> {
    board.check_liberties()?;
    if let Some(ownership) = &options.ownership {
        check_ownership(board, ownership)?;
    }
    let playouts = options.playouts.unwrap_or_else(|| default_playouts(board));
    if playouts > MAX_PLAYOUTS {
        return Err(Error::new(
            ErrorKind::InvalidOption,
            format!("effort is {playouts}, more than the limit {MAX_PLAYOUTS}"),
        ));
    }
    // Every pass below judges whole chains of the board as it stands.
    let chains = board.chains();
    let proof = benson::unconditional(board, &chains);
    let mut ownership = match &options.ownership {
        Some(map) => map.clone(),
        None => playout_ownership(board, &proof, options.seed, playouts),
    };
    // What the board proves overrides any estimate.
    for (p, owner) in ownership.iter_mut().enumerate() {
        if let Some(c) = proof.alive[p].or(proof.territory[p]) {
            *owner = f64::from(c.sign());
        }
    }
    let thresholds = if options.ownership.is_some() {
        ENGINE_THRESHOLDS
    } else {
        PLAYOUT_THRESHOLDS
    };
    let judged = judge::judge(board, &chains, &proof, &ownership, &thresholds);
    let mut dead = judged.dead;
    if let Some(wall) = thresholds.enclosed_wall {
        enclosure::kill_enclosed(board, &chains, &proof, &ownership, wall, &mut dead);
    }
    let read = read_pockets(board, &chains, &proof, &mut dead);
    let check_sekis = |read: &[bool], dead: &mut [bool]| {
        if let Some(keep) = thresholds.seki_keep {
            seki_check::check_sekis(board, &chains, &proof, &ownership, keep, read, dead);
        }
    };
    check_sekis(&read, &mut dead);
    free_the_shut_in(board, &chains, &judged.shut_in, &mut dead);
    // A race won changes who is dead beside the cutters: the sekis left are checked again.
    if capture_the_cutters(board, &chains, &mut dead) {
        check_sekis(&read, &mut dead);
    }
    // Sekis whose race is read out as lost are dead groups left standing; the sekis left
    // beside them are checked again, the chains that won the race excepted.
    if thresholds.seki_keep.is_some() {
        if let Some(winners) = kill_races_lost(
            board,
            &chains,
            &proof,
            options.last_to_play.map(Color::opponent),
            &mut dead,
        ) {
            let mut read = read;
            for &p in &winners {
                read[p] = true;
            }
            check_sekis(&read, &mut dead);
        }
    }
    take_chains_in_atari(board, &chains, &mut dead);
    if thresholds.seki_keep.is_some() {
        invader::read_loose_chains(board, &chains, &proof, &ownership, &mut dead);
    }
    let needs_sealing = sealing(board, &dead, &ownership, thresholds.seal);
    Ok(Estimate {
        dead,
        ownership,
        needs_sealing,
    })
}

/// A chain the judgement found dead for being shut in a small space lives again when an
/// opponent chain next to it (its stones or liberties) has been found dead since: the
/// stones that shut it in are captured, so it stands in its own side's area.
fn free_the_shut_in(board: &Board, chains: &ChainMap, shut_in: &[bool], dead: &mut [bool]) {
    let mut freed = Vec::new();
    for chain in &chains.chains {
        let first = chain.stones[0];
        if !shut_in[first] || !dead[first] {
            continue;
        }
        let beside_dead = chain
            .stones
            .iter()
            .chain(&chain.liberties)
            .flat_map(|&q| board.neighbors(q))
            .any(|n| board.get(n) == Some(chain.color.opponent()) && dead[n]);
        if beside_dead {
            freed.extend_from_slice(&chain.stones);
        }
    }
    for p in freed {
        dead[p] = false;
    }
}

/// A dead chain of two stones or more with two liberties, beside an opponent chain in
/// atari that also touches a living chain of the dead chain's colour, wins the race
/// against it: whatever the opponent plays, the chain captures the cutting stones first
/// (one liberty against two) and joins its living neighbour. So the cutter is dead and
/// the chain lives. The playouts, which answer only the last move, often let the chain be
/// taken instead. A chain with more liberties is not short of them, so it is dead for
/// want of eyes, which taking one cutter seldom gives; a lone stone capturing is often a
/// ko or a snapback, which a count of liberties does not read. Returns whether any verdict
/// changed.
fn capture_the_cutters(board: &Board, chains: &ChainMap, dead: &mut [bool]) -> bool {
    let mut saved = Vec::new();
    let mut cutters = Vec::new();
    for (id, chain) in chains.chains.iter().enumerate() {
        if dead[chain.stones[0]] || chain.liberties.len() != 1 {
            continue;
        }
        let beside = opponent_chains_touching(board, chains, chain);
        let is_dead = |c: u32| dead[chains.chains[c as usize].stones[0]];
        let racing: Vec<u32> = beside
            .iter()
            .copied()
            .filter(|&c| {
                let other = &chains.chains[c as usize];
                is_dead(c) && other.liberties.len() == 2 && other.stones.len() >= 2
            })
            .collect();
        if !racing.is_empty() && beside.iter().any(|&c| !is_dead(c)) {
            cutters.push(id);
            saved.extend(racing);
        }
    }
    for id in saved {
        for &p in &chains.chains[id as usize].stones {
            dead[p] = false;
        }
    }
    for &id in &cutters {
        for &p in &chains.chains[id].stones {
            dead[p] = true;
        }
    }
    !cutters.is_empty()
}

/// A living chain in atari whose every opponent neighbour was found dead is taken at once
/// when that capture makes its taker unconditionally alive (Benson's algorithm on the board
/// with the dead stones of the chain's colour off): the chain is dead, and the opponent's
/// chains the capture proves alive live. Players do not leave unplayed a capture that
/// secures a group in one move; the playouts, which answer only the last move's atari, miss
/// it, and a group judged dead beside such a chain is then a group that captures its way
/// to life.
fn take_chains_in_atari(board: &Board, chains: &ChainMap, dead: &mut [bool]) {
    let mut taken = Vec::new();
    let mut saved = Vec::new();
    for chain in &chains.chains {
        let [liberty] = chain.liberties[..] else {
            continue;
        };
        let beside = opponent_chains_touching(board, chains, chain);
        let is_dead = |c: &u32| dead[chains.chains[*c as usize].stones[0]];
        if dead[chain.stones[0]] || beside.is_empty() || !beside.iter().all(is_dead) {
            continue;
        }
        let mut after = board.clone();
        for (p, _) in dead
            .iter()
            .enumerate()
            .filter(|&(p, &d)| d && board.get(p) == Some(chain.color))
        {
            after.set(p, None);
        }
        after.place(liberty, chain.color.opponent());
        let proof = benson::unconditional(&after, &after.chains());
        if proof.alive[liberty].is_none() {
            continue;
        }
        taken.extend_from_slice(&chain.stones);
        saved.extend(
            (0..board.len()).filter(|&p| {
                board.get(p) == Some(chain.color.opponent()) && proof.alive[p].is_some()
            }),
        );
    }
    for p in saved {
        dead[p] = false;
    }
    for p in taken {
        dead[p] = true;
    }
}

/// The opponent chains whose stones touch `chain`'s stones, each once, in order.
fn opponent_chains_touching(board: &Board, chains: &ChainMap, chain: &Chain) -> Vec<u32> {
    let mut touching: Vec<u32> = chain
        .stones
        .iter()
        .flat_map(|&p| board.neighbors(p))
        .filter(|&n| board.get(n) == Some(chain.color.opponent()))
        .map(|n| chains.chain_of[n])
        .collect();
    touching.sort_unstable();
    touching.dedup();
    touching
}

/// Kills the chains in seki that lose their capture race even moving first, or moving
/// second when their opponent is known to move next ([`race::read_races`]), unless proven
/// alive; the stones that won those races, dead ones among them (inside the lost chains'
/// eyes), live. Returns the winners' stones, or `None` when no chain died.
fn kill_races_lost(
    board: &Board,
    chains: &ChainMap,
    proof: &benson::Unconditional,
    to_play: Option<Color>,
    dead: &mut [bool],
) -> Option<Vec<Point>> {
    let position = crate::Position::from_mask(board.clone(), dead.to_vec());
    let life = crate::life::analyze(&position);
    let races = race::read_races(board, dead, &life.seki, &life.area_color, to_play);
    let mut killed = false;
    for &p in races.lost.iter().filter(|&&p| proof.alive[p].is_none()) {
        for &s in &chains.chains[chains.chain_of[p] as usize].stones {
            dead[s] = true;
        }
        killed = true;
    }
    if !killed {
        return None;
    }
    for &p in &races.winners {
        dead[p] = false;
    }
    Some(races.winners)
}

/// Reads out the chains closed around one small pocket (`pocket.rs`) and settles them as
/// read: a dead chain's opponent stones in its pocket live. Returns the stones settled so,
/// which later passes leave alone.
fn read_pockets(
    board: &Board,
    chains: &ChainMap,
    proof: &benson::Unconditional,
    dead: &mut [bool],
) -> Vec<bool> {
    let mut read = vec![false; board.len()];
    let proven = |id: usize| proof.alive[chains.chains[id].stones[0]].is_some();
    for found in pocket::read_pockets(board, chains, dead, proven) {
        let is_dead = found.verdict == pocket::Verdict::Dead;
        let chain = &chains.chains[found.chain];
        for &p in &chain.stones {
            dead[p] = is_dead;
            read[p] = true;
        }
        if is_dead {
            let winner = Some(chain.color.opponent());
            for &p in found.pocket.iter().filter(|&&p| board.get(p) == winner) {
                dead[p] = false;
                read[p] = true;
            }
        }
    }
    read
}

/// Checks an engine map: one value per point, each from −1 to 1.
fn check_ownership(board: &Board, ownership: &[f64]) -> Result<()> {
    if ownership.len() != board.len() {
        return Err(Error::new(
            ErrorKind::InvalidOption,
            format!(
                "ownership has {} points, expected {} for the {}×{} board",
                ownership.len(),
                board.len(),
                board.width(),
                board.height()
            ),
        ));
    }
    for (p, &value) in ownership.iter().enumerate() {
        if !(-1.0..=1.0).contains(&value) {
            let (x, y) = board.vertex(p);
            return Err(Error::new(
                ErrorKind::InvalidOption,
                format!("ownership at [{x}, {y}] is {value}; expected a number from -1 to 1"),
            ));
        }
    }
    Ok(())
}

/// Mean area owner over random playouts from `board` without its proven-dead stones;
/// proven territory is off limits to the playouts.
fn playout_ownership(
    board: &Board,
    proof: &benson::Unconditional,
    seed: u64,
    playouts: u32,
) -> Vec<f64> {
    let mut start = board.clone();
    let forbidden: Vec<bool> = proof.territory.iter().map(Option::is_some).collect();
    for p in 0..board.len() {
        if proof.surely_dead(board, p) {
            start.set(p, None);
        }
    }
    let template = PlayoutBoard::new(&start, &forbidden);
    let mut rng = Rng::new(seed);
    let mut sums = vec![0i32; board.len()];
    let n = playouts.max(1);
    for i in 0..n {
        let first = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        template.clone().playout(first, &mut rng, &mut sums);
    }
    sums.iter().map(|&s| f64::from(s) / f64::from(n)).collect()
}

/// Open borders: in each empty region (dead stones taken off) that both colours touch,
/// has more than a few points, and leans at least `lean` to one side, the empty points
/// next to the other side's living stones. (The rule OGS's autoscore describes for KataGo maps.)
fn sealing(board: &Board, dead: &[bool], ownership: &[f64], lean: f64) -> Vec<bool> {
    let cleared = crate::Position::from_mask(board.clone(), dead.to_vec()).cleared_board();
    let regions = empty_regions(&cleared);
    let mut needs = vec![false; board.len()];
    for (id, region) in regions.regions.iter().enumerate() {
        let points = regions.points_of(id);
        if !(region.borders_black && region.borders_white) || points.len() < SEAL_MIN_REGION {
            continue;
        }
        let mean = points.iter().map(|&p| ownership[p]).sum::<f64>() / points.len() as f64;
        let intruder = if mean >= lean {
            Color::White
        } else if mean <= -lean {
            Color::Black
        } else {
            continue;
        };
        for &p in points {
            // Points under dead stones are left out: no move can go there as they stand.
            let empty = board.get(p).is_none();
            if empty
                && cleared
                    .neighbors(p)
                    .any(|n| cleared.get(n) == Some(intruder))
            {
                needs[p] = true;
            }
        }
    }
    needs
}

/// The points set in a per-point mask (such as [`Estimate::dead`]) as vertices `(x, y)`,
/// in reading order.
pub fn vertices_of(board: &Board, mask: &[bool]) -> Vec<(usize, usize)> {
    (0..board.len())
        .filter(|&p: &Point| mask[p])
        .map(|p| board.vertex(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_real_seki_in_a_finished_position_stands() {
        // White's inner chain [2, 0]… and Black's [4, 0]… share their only liberties [3, 0]
        // and [3, 1]: seki. The rest of the board is settled.
        let board = Board::from_rows(&[
            ".XO.XO...O..",
            "XXO.XO..OO..",
            "XXOOXO.O....",
            "XXXXOO..O...",
            "......O.....",
            "X....O......",
        ])
        .unwrap();
        let e = estimate(&board, &EstimateOptions::default()).unwrap();
        assert!(vertices_of(&board, &e.dead).is_empty());
    }

    #[test]
    fn a_chain_whose_only_space_is_a_straight_three_with_its_middle_taken_is_dead() {
        // White's chain lives only off [5, 3] and [7, 3], which it shares with Black's stone
        // in the middle of its space: the playouts, which never throw in two stones, keep it
        // as a seki. Read out, Black kills it (fill [5, 3], let White capture, and play the
        // middle again), and Black's stone lives.
        let board = Board::from_rows(&[
            ".X.X.XXXX",
            "XXXXXXXXX",
            "XXXXOOOOO",
            "XXXXO.X.O",
            "XXXXOOOOO",
        ])
        .unwrap();
        let e = estimate(&board, &EstimateOptions::default()).unwrap();
        let white: Vec<(usize, usize)> = (0..board.len())
            .filter(|&p| board.get(p) == Some(Color::White))
            .map(|p| board.vertex(p))
            .collect();
        assert_eq!(vertices_of(&board, &e.dead), white);
    }

    #[test]
    fn a_lone_stone_in_territory_is_dead_and_the_wall_lives() {
        let board = Board::from_rows(&[
            ".....X...",
            "..O..X...",
            ".....X...",
            ".....X...",
            "XXXXXX...",
            ".........",
        ])
        .unwrap();
        let e = estimate(&board, &EstimateOptions::default()).unwrap();
        assert!(e.dead[board.point(2, 1)]);
        assert!(!e.dead[board.point(5, 0)]);
        assert!(e.ownership[board.point(0, 0)] > 0.5);
    }

    #[test]
    fn a_stone_shut_in_by_a_group_found_dead_later_lives() {
        // The judgement killed Black's stone at [3, 3], in atari inside White's ring (the
        // ring has more liberties); a later pass found the ring dead. Once the ring is
        // captured, the stone stands in Black's area. A stone shut in by a ring that lives
        // stays dead.
        let board = Board::from_rows(&[
            ".........",
            "..XXXXX..",
            ".XOOOOOX.",
            ".XOX..OX.",
            ".XOOOOOX.",
            "..XXXXX..",
            ".........",
        ])
        .unwrap();
        let stone = board.point(3, 3);
        let mut shut_in = vec![false; board.len()];
        shut_in[stone] = true;
        let ring = |p: usize| board.get(p) == Some(Color::White);
        let mut dead: Vec<bool> = (0..board.len()).map(|p| p == stone || ring(p)).collect();
        free_the_shut_in(&board, &board.chains(), &shut_in, &mut dead);
        assert!(!dead[stone]);
        assert!((0..board.len()).filter(|&p| ring(p)).all(|p| dead[p]));

        let mut dead: Vec<bool> = (0..board.len()).map(|p| p == stone).collect();
        free_the_shut_in(&board, &board.chains(), &shut_in, &mut dead);
        assert!(dead[stone]);
    }

    #[test]
    fn a_dead_chain_that_captures_a_cutter_in_atari_first_lives() {
        // White's two stones at [0, 0] have two liberties; Black's stone at [2, 0], in
        // atari, cuts them from White's living stone at [2, 1]. White takes it first and
        // connects.
        let board = Board::from_rows(&["OOX.", "..O.", "...."]).unwrap();
        let cutter = board.point(2, 0);
        let pair = |p: usize| p == board.point(0, 0) || p == board.point(1, 0);
        let after = |dead: &dyn Fn(usize) -> bool| {
            let mut dead: Vec<bool> = (0..board.len()).map(dead).collect();
            let changed = capture_the_cutters(&board, &board.chains(), &mut dead);
            (changed, vertices_of(&board, &dead))
        };
        assert_eq!(after(&|p| pair(p)), (true, vec![(2, 0)]));
        // No living white chain beside the cutter: nothing to join.
        let living = board.point(2, 1);
        assert_eq!(
            after(&|p| pair(p) || p == living),
            (false, vec![(0, 0), (1, 0), (2, 1)])
        );
        // A lone stone is left alone (a ko or a snapback, for all a count can tell).
        let board = Board::from_rows(&[".OX.", "..O.", "...."]).unwrap();
        let mut dead: Vec<bool> = (0..board.len()).map(|p| p == board.point(1, 0)).collect();
        assert!(!capture_the_cutters(&board, &board.chains(), &mut dead));
        assert_eq!(vertices_of(&board, &dead), vec![(1, 0)]);
        assert!(!dead[cutter]);
    }

    #[test]
    fn a_dead_chain_with_more_liberties_is_not_saved_by_a_cutter() {
        // As above, but White's dead chain has three liberties: it is dead for want of eyes,
        // not of liberties.
        let board = Board::from_rows(&["OOX.", "O.O.", "O...", "...."]).unwrap();
        let white_left = |p: usize| board.vertex(p).0 < 2 && board.get(p) == Some(Color::White);
        let mut dead: Vec<bool> = (0..board.len()).map(white_left).collect();
        assert!(!capture_the_cutters(&board, &board.chains(), &mut dead));
        assert_eq!(
            vertices_of(&board, &dead),
            vec![(0, 0), (1, 0), (0, 1), (0, 2)]
        );
    }

    /// White's ring with one eye at [3, 3], and Black's stone at [5, 3] in atari in its
    /// other eye space: White takes it at [5, 4] and has two eyes.
    const RING_WITH_A_STONE_IN_ATARI: [&str; 8] = [
        ".........",
        ".XXXXXXX.",
        ".XOOOOOX.",
        ".XO.OXOX.",
        ".XOOO.OX.",
        ".XOOOOOX.",
        ".XXXXXXX.",
        ".........",
    ];

    #[test]
    fn a_stone_in_atari_whose_capture_gives_the_dead_group_two_eyes_is_taken() {
        // The ring is judged dead; once it takes the stone it lives, and the stone is dead.
        let rows = RING_WITH_A_STONE_IN_ATARI;
        let board = Board::from_rows(&rows).unwrap();
        let white = |p: usize| board.get(p) == Some(Color::White);
        let mut dead: Vec<bool> = (0..board.len()).map(white).collect();
        take_chains_in_atari(&board, &board.chains(), &mut dead);
        assert_eq!(vertices_of(&board, &dead), vec![(5, 3)]);

        // Without the first eye, the capture gives one eye only: nothing changes.
        let mut rows = rows.map(str::to_owned);
        rows[3] = ".XOOOXOX.".to_owned();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = Board::from_rows(&rows).unwrap();
        let before: Vec<bool> = (0..board.len())
            .map(|p| board.get(p) == Some(Color::White))
            .collect();
        let mut dead = before.clone();
        take_chains_in_atari(&board, &board.chains(), &mut dead);
        assert_eq!(dead, before);
    }

    #[test]
    fn a_stone_in_atari_beside_a_living_chain_is_left_to_the_other_passes() {
        // As above, but the ring is alive already: the stone is no business of this pass.
        let board = Board::from_rows(&RING_WITH_A_STONE_IN_ATARI).unwrap();
        let mut dead = vec![false; board.len()];
        take_chains_in_atari(&board, &board.chains(), &mut dead);
        assert!(dead.iter().all(|&d| !d));
    }

    #[test]
    fn same_seed_same_answer() {
        let board = Board::from_rows(&["..X.O..", ".XX.OO.", "X..O..O", ".XXO.O."]).unwrap();
        let options = EstimateOptions {
            seed: 42,
            playouts: Some(40),
            ..EstimateOptions::default()
        };
        assert_eq!(
            estimate(&board, &options).unwrap(),
            estimate(&board, &options).unwrap()
        );
    }

    #[test]
    fn a_proven_living_chain_is_never_dead_whatever_the_map_says() {
        let board = Board::from_rows(&[".X.X.O.", "XXXXXO.", "OOOOOO.", "......."]).unwrap();
        let options = EstimateOptions {
            ownership: Some(vec![-1.0; board.len()]),
            ..EstimateOptions::default()
        };
        let e = estimate(&board, &options).unwrap();
        assert!(!e.dead[board.point(1, 0)]);
        assert_eq!(e.ownership[board.point(0, 0)], 1.0);
    }

    #[test]
    fn bad_ownership_is_named() {
        let board = Board::from_rows(&["X.", ".O"]).unwrap();
        let options = EstimateOptions {
            ownership: Some(vec![0.0, 0.0, 2.0, 0.0]),
            ..EstimateOptions::default()
        };
        let err = estimate(&board, &options).unwrap_err();
        assert_eq!(
            err.message(),
            "ownership at [0, 1] is 2; expected a number from -1 to 1"
        );
    }
}
