//! The seki check: the sekis a set of dead stones leaves, judged as a finished game's
//! sekis are. Most are dead groups nobody captured (no partner in seki, or a short capture
//! race lost at once, as the capture search reads it out); the stones inside a seki whose
//! capture would give no life are not dead.

use super::benson;
use super::capture_search::survives_race;
use super::judge;
use crate::board::{Board, Chain, ChainMap, Color, Point};
use crate::regions::{empty_regions_of, RegionMap};

/// The most liberties a chain in seki may have for the seki check to count its capture
/// race by liberties. Longer races hang on room to extend and approach moves, which a
/// count does not see (goscorer's loose-nakade board).
const SHORT_RACE: usize = 2;

/// Checks the sekis the dead stones leave. The core's life analysis puts a living chain
/// without two eyes in seki; in a finished game that is far more often a dead group nobody
/// captured than a real seki. A real seki survives the playouts (neither side fills the
/// shared liberties), and has a partner: an opponent chain next to it in seki as well. A
/// chain in seki with no partner, whose stones the playouts keep less than `keep` of the
/// time, is dead; so is one that loses a short capture race to its partner
/// ([`short_race_winners`]) when the race read out is lost too ([`survives_race`]), unless
/// every winner dies too. Taking a chain off can turn
/// another seki into territory, or show one more, so the check runs again until nothing
/// changes. Then the stones killed inside a seki with no partner whose capture gives no
/// life stand again ([`spare_captures_that_give_no_life`]).
pub(super) fn check_sekis(
    board: &Board,
    chains: &ChainMap,
    proof: &benson::Unconditional,
    ownership: &[f64],
    keep: f64,
    read: &[bool],
    dead: &mut [bool],
) {
    let mut races_lost = Vec::new();
    loop {
        // A round judges every chain on the dead stones its analysis was made from: a chain
        // taken off changes the sekis beside it only in the next round's analysis.
        let position = crate::Position::from_mask(board.clone(), dead.to_vec());
        let before = position.dead_mask();
        let regions = empty_regions_of(&position);
        let life = crate::life::analyze_with_regions(&position, &regions);
        let mut killed = Vec::new();
        for chain in &chains.chains {
            let first = chain.stones[0];
            if before[first]
                || read[first]
                || life.seki[first].is_none()
                || proof.alive[first].is_some()
            {
                continue;
            }
            let kept = judge::own_mean(chain, ownership);
            // A real seki has two sides: an opponent chain beside this one in seki too.
            let partner = opponents_in_seki_beside(board, chain, &life.seki).any(|n| !before[n]);
            let mut winners = short_race_winners(board, chains, &life.seki, before, chain);
            // The count takes the dead stones in a winner's eyes for liberties: the race
            // is read out before it is called lost.
            if !winners.is_empty() {
                let opponents: Vec<Point> = winners
                    .iter()
                    .flat_map(|&w| chains.chains[w as usize].stones.iter().copied())
                    .collect();
                if survives_race(board, chains, before, &chain.stones, &opponents) {
                    winners.clear();
                }
            }
            if (kept < keep && !partner) || !winners.is_empty() {
                killed.push(chain);
            }
            if !winners.is_empty() {
                races_lost.push((chain, winners));
            }
        }
        if killed.is_empty() {
            spare_captures_that_give_no_life(board, chains, proof, &life, &regions, read, dead);
            break;
        }
        for &p in killed.iter().flat_map(|chain| &chain.stones) {
            dead[p] = true;
        }
    }
    // A race lost only to chains that turned out dead themselves was never lost: the stones
    // they would have captured stand in the eyes of a dead group.
    for (chain, winners) in races_lost {
        if winners
            .iter()
            .all(|&w| dead[chains.chains[w as usize].stones[0]])
        {
            for &p in &chain.stones {
                dead[p] = false;
            }
        }
    }
}

/// The opponent stones (living or dead) the life analysis puts in seki next to `chain`'s
/// stones or liberties (a stone may come more than once).
fn opponents_in_seki_beside<'a>(
    board: &'a Board,
    chain: &'a Chain,
    seki: &'a [Option<Color>],
) -> impl Iterator<Item = Point> + 'a {
    let beside = chain.stones.iter().chain(&chain.liberties);
    beside
        .flat_map(|&p| board.neighbors(p))
        .filter(move |&n| board.get(n) == Some(chain.color.opponent()) && seki[n].is_some())
}

/// Brings back the dead chains inside a one-sided seki: a living chain the core puts in
/// seki, with no living opponent chain in seki beside it, next to opponent stones the
/// estimate killed, not in atari, whose capture would leave a space of nothing but their
/// own points and liberties. The core judged the seki chain with those stones captured
/// and still found fewer than two eyes, so capturing them gives it no life: either it dies
/// and they live, or it shares their liberties in seki. Either way they stand. (Whether
/// the seki chain itself dies is a capture race against the walls around it, left to
/// `race.rs`.) A wider space, with points of its own beyond the stones' liberties, is left
/// alone: there the core's judgement of eyes with dead stones in them is a scoring
/// convention, not a reading. So are stones in atari, which the seki chain takes in one
/// move before the other side can play inside.
fn spare_captures_that_give_no_life(
    board: &Board,
    chains: &ChainMap,
    proof: &benson::Unconditional,
    life: &crate::life::LifeAnalysis,
    regions: &RegionMap,
    read: &[bool],
    dead: &mut [bool],
) {
    let mut spared = Vec::new();
    for chain in &chains.chains {
        let first = chain.stones[0];
        if dead[first] || life.seki[first].is_none() {
            continue;
        }
        let mut partner = false;
        let mut captured = Vec::new();
        for n in opponents_in_seki_beside(board, chain, &life.seki) {
            if !dead[n] {
                partner = true;
            } else if !read[n] && !proof.surely_dead(board, n) {
                captured.push(chains.chain_of[n]);
            }
        }
        if !partner {
            spared.extend(captured);
        }
    }
    spared.sort_unstable();
    spared.dedup();
    spared.retain(|&id| {
        let stones = &chains.chains[id as usize];
        let space = regions.region_of[stones.stones[0]] as usize;
        let tight = regions.points_of(space).len() == stones.stones.len() + stones.liberties.len();
        stones.liberties.len() >= 2 && tight
    });
    for id in spared {
        for &p in &chains.chains[id as usize].stones {
            dead[p] = false;
        }
    }
}

/// The opponent chains that win a short capture race against `chain`, which the core puts
/// in seki, at once (none when it does not lose one): it has at most [`SHORT_RACE`]
/// liberties (dead stones taken off), a winner touches it in seki with more liberties of
/// its own (not shared with it) than it has in all, so wins the race with one to spare,
/// and every opponent chain touching it has more liberties than it has, so it cannot
/// escape by capturing first. Such a "seki" is a chain left in atari or nearly, beside
/// stones that the core cannot count as living while it stands.
fn short_race_winners(
    board: &Board,
    chains: &ChainMap,
    seki: &[Option<Color>],
    dead: &[bool],
    chain: &Chain,
) -> Vec<u32> {
    let liberties = |c: &Chain| -> Vec<Point> {
        let mut points: Vec<Point> = c
            .stones
            .iter()
            .flat_map(|&p| board.neighbors(p))
            .filter(|&n| board.get(n).is_none() || dead[n])
            .collect();
        points.sort_unstable();
        points.dedup();
        points
    };
    let own = liberties(chain);
    if own.len() > SHORT_RACE {
        return Vec::new();
    }
    let living = super::opponent_chains_touching(board, chains, chain)
        .into_iter()
        .filter(|&id| !dead[chains.chains[id as usize].stones[0]]);
    let mut winners = Vec::new();
    for id in living {
        let other = &chains.chains[id as usize];
        let theirs = liberties(other);
        if theirs.len() <= own.len() {
            return Vec::new();
        }
        let private = theirs
            .iter()
            .filter(|l| own.binary_search(l).is_err())
            .count();
        if seki[other.stones[0]].is_some() && private > own.len() {
            winners.push(id);
        }
    }
    winners
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::vertices_of;

    /// The seki check alone, from a board whose stones at `dead` are already judged dead.
    fn seki_check_from(
        rows: &[&str],
        ownership: f64,
        dead: &[(usize, usize)],
    ) -> Vec<(usize, usize)> {
        let board = Board::from_rows(rows).unwrap();
        let chains = board.chains();
        let proof = benson::unconditional(&board, &chains);
        let map = vec![ownership; board.len()];
        let mut mask = vec![false; board.len()];
        for &(x, y) in dead {
            mask[board.point(x, y)] = true;
        }
        check_sekis(
            &board,
            &chains,
            &proof,
            &map,
            0.3,
            &vec![false; board.len()],
            &mut mask,
        );
        vertices_of(&board, &mask)
    }

    /// The seki check alone, with a made-up map.
    fn after_seki_check(rows: &[&str], ownership: f64) -> Vec<(usize, usize)> {
        seki_check_from(rows, ownership, &[])
    }

    #[test]
    fn a_dead_group_left_standing_as_a_one_sided_seki_is_taken_off() {
        // White's two stones inside Black's wall look like seki to the life analysis (they
        // live without eyes beside Black's) but no black chain there is in seki with them.
        let rows = [
            ".........",
            ".XXXXXXX.",
            ".X.....X.",
            ".X..OO.X.",
            ".X.....X.",
            ".XXXXXXX.",
            ".........",
        ];
        // A map that gives everything to Black: White's stones are kept 0% of the time.
        assert_eq!(after_seki_check(&rows, 1.0), vec![(4, 3), (5, 3)]);
    }

    /// Black's stone [3, 3] stands in the eye space of White's group, which Black's wall
    /// shuts in: the life analysis puts the stone and White's group in seki (White's space
    /// is not an eye while the stone stands).
    const STONE_IN_WHITES_EYE: [&str; 7] = [
        ".........",
        ".XXXXXXX.",
        ".XOOO..X.",
        ".XOX.OOX.",
        ".XOOOOOX.",
        ".XXXXXXX.",
        ".........",
    ];

    #[test]
    fn a_short_race_the_count_gives_away_is_read_out() {
        // Black's corner group has two liberties; White's wall beside it four, counting
        // the points under Black's dead stones in its eye. Read out, it is a seki: the
        // group stands.
        let rows = crate::estimate::capture_search::SEKI_THE_COUNT_CALLS_A_RACE;
        assert_eq!(
            seki_check_from(&rows, 1.0, &[(3, 0), (3, 1)]),
            [(3, 0), (3, 1)]
        );
    }

    #[test]
    fn a_chain_in_atari_that_loses_its_race_is_not_a_seki() {
        // As `STONE_IN_WHITES_EYE`, but White has an eye of its own at [6, 3] and [7, 3].
        // White captures the stone whenever it likes, at [4, 3], keeping two liberties of
        // its own, and then has two eyes; the stone can capture nothing first. The map
        // keeps White's stones, so only the race decides.
        let rows = [
            "...........",
            ".XXXXXXXXX.",
            ".XOOOOOOOX.",
            ".XOX.O..OX.",
            ".XOOOOOOOX.",
            ".XXXXXXXXX.",
            "...........",
        ];
        assert_eq!(after_seki_check(&rows, -1.0), vec![(3, 3)]);
    }

    #[test]
    fn a_race_lost_to_a_dead_group_is_not_lost() {
        // With a map that keeps Black's stones, White's group is a one-sided seki once
        // Black's stone is off, and dies; the stone then stands in a dead group's eye,
        // captured by no one.
        let rows = STONE_IN_WHITES_EYE;
        let white: Vec<(usize, usize)> = (0..9 * 7)
            .map(|p| (p % 9, p / 9))
            .filter(|&(x, y)| rows[y].as_bytes()[x] == b'O')
            .collect();
        assert_eq!(after_seki_check(&rows, 1.0), white);
    }

    #[test]
    fn a_round_judges_every_chain_on_the_sekis_it_began_with() {
        // White's two stones at [4, 3] share their only liberties with Black's group, which
        // the life analysis puts in seki while they stand, and lose the race to Black's
        // outer chain. Once they are off, Black's space is two eyes and nothing is in seki.
        // The map gives everything to White: Black's stone at [5, 4], judged with White's
        // stones already off but the sekis of before them, would have no partner and die.
        let rows = [
            ".........",
            "OOOOOOOOO",
            "XXXXXXXXX",
            "XXXXO.XXX",
            "XXXXOX.XX",
            "XXX....XX",
        ];
        assert_eq!(after_seki_check(&rows, -1.0), vec![(4, 3), (4, 4)]);
    }

    #[test]
    fn a_chain_in_atari_that_can_capture_first_stands() {
        // As `STONE_IN_WHITES_EYE`, but White's chain has no other liberty: whoever plays
        // [4, 3] first captures (a mutual atari), so the count decides nothing.
        let rows = [
            ".........",
            ".XXXXXXX.",
            ".XOOOOOX.",
            ".XOX.OOX.",
            ".XOOOOOX.",
            ".XXXXXXX.",
            ".........",
        ];
        assert_eq!(after_seki_check(&rows, -1.0), vec![]);
    }

    #[test]
    fn stones_whose_capture_gives_no_second_eye_are_not_dead() {
        // White's ring shares its only liberties, [3, 3] and [7, 3], with Black's three
        // stones inside it, and Black's living wall shuts it in: a seki. Judged dead, the
        // stones would leave White a straight space of five with the dead stones in it, which
        // the core does not count as two eyes: White stays in seki with no partner, so the
        // stones were never capturable for life, and stand.
        let rows = [
            "...........",
            ".XXXXXXXXX.",
            ".XOOOOOOOX.",
            ".XO.XXX.OX.",
            ".XOOOOOOOX.",
            ".XXXXXXXXX.",
            "...........",
        ];
        // A map that keeps White's ring (and would take Black's stones).
        assert_eq!(
            seki_check_from(&rows, -1.0, &[(4, 3), (5, 3), (6, 3)]),
            vec![]
        );
    }

    #[test]
    fn a_stone_whose_capture_gives_two_eyes_stays_dead() {
        // Black's stone at [4, 3] and its liberties make a space of three, as above, but
        // White has a second eye at [7, 3]: with the stone off, no seki.
        let rows = [
            "...........",
            ".XXXXXXXXX.",
            ".XOOOOOOOX.",
            ".XO.X.O.OX.",
            ".XOOOOOOOX.",
            ".XXXXXXXXX.",
            "...........",
        ];
        assert_eq!(seki_check_from(&rows, -1.0, &[(4, 3)]), vec![(4, 3)]);
    }

    #[test]
    fn a_real_seki_is_kept_whatever_the_map() {
        // The inner chains share the two empty points on the top edge and nothing else:
        // each is the other's partner in seki.
        let rows = [
            ".XO.XO.", //
            "XXO.XO.", "XXOOXO.", "XXXXOO.", ".......",
        ];
        assert_eq!(after_seki_check(&rows, 0.0), vec![]);
    }
}
