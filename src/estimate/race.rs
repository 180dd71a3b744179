//! Capture races inside the sekis a set of dead stones leaves. The core's life analysis
//! puts a living group without two eyes in seki; in a finished game that is often a dead
//! group nobody took off, one that loses its race to the chains beside it. Each cluster of
//! seki points (the chains in seki, the empty points they enclose or share, the dead stones
//! beside them, and their liberties) is read out by a small search, with every living chain
//! outside it taken as a wall. A chain in seki that is captured even when its owner moves
//! first is dead. So is one captured when its opponent moves first, if the opponent is
//! known to move next (a game record says who): a race whoever moves first wins goes to
//! the side to move, as play resumed after the game would settle it. Without that
//! knowledge such a race stands as a seki.
//!
//! The race is read on the board as it stands: a dead stone in the cluster is still there,
//! and taking it costs a move. Read with the dead stones off, the side around them would
//! get their points, and so eye space, for nothing: two dead stones in atari in an eye
//! would leave an empty three-point eye instead of the two points their capture leaves.
//!
//! The search is the capture search (`capture_search.rs`), each chain in seki its target
//! in turn; a defender that captures a big chain wins (its eye space is then more than the
//! attacker can fill).

use super::capture_search::{bits, Arena, Chain, Limits, Memo};
use crate::board::{Board, Color, Point};

/// The most empty points an arena may hold (the clusters' liberties included).
const MAX_EMPTY: usize = 12;

/// Positions all the searches of one estimate may visit together; a chain whose search
/// runs out stands. A position costs 0.1–0.4 µs natively, more in the big arenas whose memo
/// outgrows the caches; with this budget the slowest corpus games take 30–50 ms through the
/// JS API on a 2-core machine (`docs/estimate.md`, Speed). The tuning games need up to
/// 85,000 (`tygem-100801705`, on some seeds): a race in a corner of seven empty points can
/// take tens of thousands, as the search plays out every order of filling and most of its
/// lines end only when the target is taken.
const TOTAL_BUDGET: usize = 100_000;

/// The budgets of the rounds of searches: every chain is read with the first, then the
/// chains whose search ran out with the next, and so on; the last round may spend all that
/// is left. The races read out cheaply are then all found before one search that finds
/// nothing spends the estimate's budget.
const ROUND_BUDGETS: [usize; 3] = [2_000, 16_000, TOTAL_BUDGET];

/// The longest line of play followed.
const MAX_LINE: usize = 48;

/// A capture of this many stones or more by the defender ends its search as a win: its
/// eye space is then bigger than a nakade.
const BIG_CAPTURE: u32 = 6;

/// What the races read out found.
pub(crate) struct Races {
    /// One stone of each chain in seki captured even when its owner moves first (or
    /// moving second, when the opponent is to play).
    pub(crate) lost: Vec<Point>,
    /// The stones of the other colour in the same clusters, dead ones included, but for
    /// the chains lost themselves: they won those races.
    pub(crate) winners: Vec<Point>,
}

/// Reads the race of every chain in seki on `board` as it stands, `dead` marking the dead
/// stones. `seki` and `area` are the life analysis of the board with the dead stones off:
/// the points in seki, and the colour whose area each point lies in (`None` on dame),
/// which decides whom an empty point outside an arena keeps alive ([`Arena::of`]).
/// `to_play`: who moves next, when known.
pub(crate) fn read_races(
    board: &Board,
    dead: &[bool],
    seki: &[Option<Color>],
    area: &[Option<Color>],
    to_play: Option<Color>,
) -> Races {
    read_races_in_rounds(board, dead, seki, area, to_play, &ROUND_BUDGETS)
}

/// [`read_races`] with the given budgets of its rounds.
fn read_races_in_rounds(
    board: &Board,
    dead: &[bool],
    seki: &[Option<Color>],
    area: &[Option<Color>],
    to_play: Option<Color>,
    rounds: &[usize],
) -> Races {
    let mut arenas = Vec::new();
    let mut seen = vec![false; board.len()];
    for start in 0..board.len() {
        if !seen[start] && seki[start].is_some() {
            let cluster = seki_cluster(board, dead, seki, start, &mut seen);
            arenas.extend(Arena::of(board, dead, Some(area), cluster, MAX_EMPTY));
        }
    }
    // Every chain in seki of every arena, with what its search found: `None` until it
    // finds out. The dead chains are not read: they are only stones to take.
    let mut reads: Vec<(usize, Chain, Option<bool>)> = Vec::new();
    for (a, arena) in arenas.iter().enumerate() {
        let mut chains = Vec::new();
        arena.chains(&arena.start, &mut chains);
        let in_seki = |chain: &Chain| !dead[arena.points[chain.stones.trailing_zeros() as usize]];
        reads.extend(
            chains
                .into_iter()
                .filter(in_seki)
                .map(|chain| (a, chain, None)),
        );
    }
    let mut budget = TOTAL_BUDGET;
    let mut memo = Memo::default();
    // A chain whose opponent is to play is read with the opponent moving first.
    let opponent_first = |color: Color| to_play.is_some_and(|c| c != color);
    for &round in rounds {
        for (a, chain, dies) in reads.iter_mut().filter(|read| read.2.is_none()) {
            let limits = Limits {
                budget: budget.min(round),
                max_line: MAX_LINE,
                big_capture: BIG_CAPTURE,
                judge_at: None,
                prove_life: false,
            };
            let (found, visited) =
                arenas[*a].dies(chain.stones, opponent_first(chain.color), limits, &mut memo);
            budget -= visited.min(budget);
            *dies = found;
        }
    }
    let mut races = Races {
        lost: Vec::new(),
        winners: Vec::new(),
    };
    for (a, arena) in arenas.iter().enumerate() {
        let lost: Vec<&Chain> = reads
            .iter()
            .filter(|(of, _, dies)| *of == a && *dies == Some(true))
            .map(|(_, chain, _)| chain)
            .collect();
        settle(arena, &lost, &mut races);
    }
    races
}

/// Adds to `races` what the chains of `arena` read `lost` leave: each one lost (unless a
/// bigger lost chain of the other colour beside it is the one that dies), and the stones
/// of the other colour as winners, but for the chains lost themselves: in an arena where
/// both colours lose a race, one race's loser is no winner of the other.
fn settle(arena: &Arena, lost: &[&Chain], races: &mut Races) {
    // A chain is captured in a race its captor loses all the same: the bigger of two
    // lost chains side by side is the one that dies, and the smaller lives on inside it.
    let killed_by_a_loser = |chain: &Chain| {
        lost.iter().any(|other| {
            other.color != chain.color
                && arena.around(chain.stones) & other.stones != 0
                && other.stones.count_ones() > chain.stones.count_ones()
        })
    };
    let (mut won, mut taken) = (0u64, 0u64);
    for chain in lost.iter().filter(|chain| !killed_by_a_loser(chain)) {
        races
            .lost
            .push(arena.points[chain.stones.trailing_zeros() as usize]);
        won |= arena.start.of(chain.color.opponent());
        taken |= chain.stones;
    }
    races
        .winners
        .extend(bits(won & !taken).map(|node| arena.points[node]));
}

/// The seki points and dead stones joined to `start` by adjacency, each marked in `seen`.
fn seki_cluster(
    board: &Board,
    dead: &[bool],
    seki: &[Option<Color>],
    start: Point,
    seen: &mut [bool],
) -> Vec<Point> {
    let mut cluster = vec![start];
    board.flood(&mut cluster, seen, &mut |n| seki[n].is_some() || dead[n]);
    cluster
}

#[cfg(test)]
mod tests {
    use super::*;

    type Vertex = (usize, usize);

    /// White's three stones in Black's corner, in a race they lose (see
    /// `stones_in_an_eye_space_that_lose_the_race_are_dead`).
    const EYE_SPACE_RACE: [&str; 5] = [
        "OOOOOO.O.",
        "XXXX.OOOO",
        "..XX.O...",
        ".O.X.O...",
        "OO.X.O...",
    ];

    /// The races read on `rows` with the stones at `dead` dead: the chains lost (one stone
    /// each) and the winners' stones. Each stone at `in_seki` must be in a seki the core
    /// finds, and every seki must be small enough to read.
    fn races(rows: &[&str], dead: &[Vertex], in_seki: &[Vertex]) -> (Vec<Vertex>, Vec<Vertex>) {
        races_in_rounds(rows, dead, in_seki, None, &ROUND_BUDGETS)
    }

    /// [`races`] with the given budgets of the rounds.
    fn races_in_rounds(
        rows: &[&str],
        dead: &[Vertex],
        in_seki: &[Vertex],
        to_play: Option<Color>,
        rounds: &[usize],
    ) -> (Vec<Vertex>, Vec<Vertex>) {
        let board = Board::from_rows(rows).unwrap();
        let mut mask = vec![false; board.len()];
        for &(x, y) in dead {
            mask[board.point(x, y)] = true;
        }
        let position = crate::Position::from_mask(board.clone(), mask.clone());
        let life = crate::life::analyze(&position);
        for &(x, y) in in_seki {
            assert!(
                life.seki[board.point(x, y)].is_some(),
                "({x}, {y}) is in no seki"
            );
        }
        let mut seen = vec![false; board.len()];
        for p in 0..board.len() {
            if !seen[p] && life.seki[p].is_some() {
                let cluster = seki_cluster(&board, &mask, &life.seki, p, &mut seen);
                let at: Vec<_> = cluster.iter().map(|&p| board.vertex(p)).collect();
                assert!(
                    Arena::of(&board, &mask, Some(&life.area_color), cluster, MAX_EMPTY).is_some(),
                    "too big to read: {at:?}"
                );
            }
        }
        let races =
            read_races_in_rounds(&board, &mask, &life.seki, &life.area_color, to_play, rounds);
        let vertices = |points: &[Point]| {
            let mut v: Vec<_> = points.iter().map(|&p| board.vertex(p)).collect();
            v.sort_unstable();
            v
        };
        (vertices(&races.lost), vertices(&races.winners))
    }

    #[test]
    fn stones_in_an_eye_space_that_lose_the_race_are_dead() {
        // White's three stones in Black's corner share all four of their liberties with
        // Black, whose group also has the four points on column 4. White fills those from
        // its wall while Black fills the shared ones, and Black captures first even when
        // White starts: no seki, the stones are dead (goscorer's eight-point-eye board
        // marks them so). Black's group is not lost.
        let rows = EYE_SPACE_RACE;
        let (lost, winners) = races(&rows, &[], &[(1, 3), (0, 1)]);
        assert_eq!(lost, [(1, 3)]);
        assert!(winners.contains(&(0, 1)));
        assert!(!winners.contains(&(1, 3)));
    }

    #[test]
    fn a_race_a_round_cannot_settle_is_read_in_the_next() {
        // The race of `stones_in_an_eye_space_that_lose_the_race_are_dead` takes hundreds
        // of positions: a first round of ten settles nothing, and the next reads it as the
        // default rounds do.
        let rows = EYE_SPACE_RACE;
        let read = |rounds: &[usize]| races_in_rounds(&rows, &[], &[(1, 3)], None, rounds);
        assert_eq!(read(&[10]), (vec![], vec![]));
        assert_eq!(read(&[10, TOTAL_BUDGET]), read(&ROUND_BUDGETS));
        assert_eq!(read(&[10, TOTAL_BUDGET]).0, [(1, 3)]);
    }

    #[test]
    fn a_race_whoever_moves_first_wins_goes_to_the_side_to_play() {
        // The race of `stones_in_an_eye_space_that_lose_the_race_are_dead` with a white
        // stone on Black's outside liberty at (4, 1): Black, moving first, still fills
        // White's four liberties first, but White, moving first, keeps a seki. So White's
        // stones are lost when Black is known to play next, and stand otherwise.
        let mut rows = EYE_SPACE_RACE.map(String::from);
        rows[1].replace_range(4..5, "O");
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let read =
            |to_play| races_in_rounds(&rows, &[], &[(1, 3), (0, 1)], to_play, &ROUND_BUDGETS);
        let (lost, winners) = read(Some(Color::Black));
        assert_eq!(lost, [(1, 3)]);
        assert!(winners.contains(&(0, 1)));
        assert_eq!(read(Some(Color::White)), (vec![], vec![]));
        assert_eq!(read(None), (vec![], vec![]));
    }

    #[test]
    fn a_seki_is_no_race_lost() {
        // The core's seki with an eye each: Black's and White's inner groups at the top
        // share the liberty between their eyes; whoever fills it puts its own group in
        // atari and is captured first, so neither side plays there.
        let rows = crate::life::tests::SEKI_WITH_EYES;
        assert_eq!(races(&rows, &[], &[(1, 0), (3, 0)]), (vec![], vec![]));
    }

    #[test]
    fn an_empty_point_in_the_other_sides_area_keeps_no_chain_alive() {
        // White's corner chain has three liberties, two of them on column 0, which runs on
        // into Black's area once the dead white stone at (0, 4) is off. Black's stone at
        // (1, 0) is inside White's shape. A white stone on (0, 3) could not live beside
        // Black's area: Black fills White's liberties from its wall, and White, capturing
        // the inner stone, is left one eye. White's chain is dead and Black's stone won.
        // Were the empty point (0, 4) a lifeline for both colours, White would run to it,
        // live for ever, and the inner black stone would be the one called lost.
        let rows = [
            ".X.OOX.", ".OOOXX.", ".OXXX..", ".X.....", "OX.....", ".X.....", ".X.....",
        ];
        let (lost, winners) = races(&rows, &[(0, 4)], &[(1, 1), (1, 0)]);
        assert_eq!(lost, [(1, 1)]);
        assert_eq!(winners, [(1, 0)]);
    }

    #[test]
    fn dead_stones_in_an_eye_cost_a_move_to_take() {
        // Black's ring at the top left has one liberty shared with White's inner group, at
        // (4, 0), and an eye where White's two dead stones at (1, 1) and (2, 1) are in
        // atari; White's group has a one-point eye at (6, 0). Black takes the two stones,
        // White throws in at once, Black takes that stone too: an eye and the shared
        // liberty each, a seki. Taken off before the race, the two stones would leave Black
        // a bent three for nothing (the core no longer even puts its ring in seki), enough
        // to fill the shared liberty and capture White.
        let rows = [
            "X.XX.O.OX..",
            "XOOXXOOOX..",
            "XXXXOXXXX..",
            "OOOOOX.....",
            "....OX.....",
            "....OX.....",
            "....OX.....",
        ];
        assert_eq!(
            races(&rows, &[(1, 1), (2, 1)], &[(0, 0), (5, 0)]),
            (vec![], vec![])
        );
        let mut taken = rows.map(String::from);
        taken[1].replace_range(1..3, "..");
        let taken: Vec<&str> = taken.iter().map(String::as_str).collect();
        assert_eq!(races(&taken, &[], &[(5, 0)]).0, [(5, 0)]);
    }

    #[test]
    fn a_chain_lost_in_one_race_wins_no_other() {
        // One arena where the reads found a race lost by each colour (given here, not
        // read): Black's stone at (0, 0) and White's at (3, 0), not side by side. The
        // winners are the stones of each loser's opponent that are not lost themselves:
        // White's (1, 0) and Black's (4, 0).
        let board = Board::from_rows(&["XO.OX"]).unwrap();
        let dead = vec![false; board.len()];
        let arena = Arena::of(&board, &dead, None, (0..board.len()).collect(), MAX_EMPTY)
            .expect("a closed cluster");
        let mut chains = Vec::new();
        arena.chains(&arena.start, &mut chains);
        let at = |x: usize| {
            arena
                .points
                .iter()
                .position(|&p| p == board.point(x, 0))
                .unwrap()
        };
        let lost: Vec<&Chain> = chains
            .iter()
            .filter(|chain| chain.stones & (1 << at(0) | 1 << at(3)) != 0)
            .collect();
        let mut races = Races {
            lost: Vec::new(),
            winners: Vec::new(),
        };
        settle(&arena, &lost, &mut races);
        let mut lost: Vec<_> = races.lost.iter().map(|&p| board.vertex(p)).collect();
        let mut winners: Vec<_> = races.winners.iter().map(|&p| board.vertex(p)).collect();
        lost.sort_unstable();
        winners.sort_unstable();
        assert_eq!(lost, [(0, 0), (3, 0)]);
        assert_eq!(winners, [(1, 0), (4, 0)]);
    }

    #[test]
    fn the_winners_of_a_race_include_the_dead_stones_in_the_losers_eye() {
        // The race of `stones_in_an_eye_space_that_lose_the_race_are_dead` with a black
        // stone thrown in at (0, 3), dead, in the eye space of White's lost stones: once
        // they are captured it stands in Black's area, a winner like Black's group.
        let mut rows = EYE_SPACE_RACE.map(String::from);
        rows[3].replace_range(0..1, "X");
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (lost, winners) = races(&rows, &[(0, 3)], &[(1, 3), (0, 1)]);
        assert_eq!(lost, [(1, 3)]);
        assert!(winners.contains(&(0, 3)) && winners.contains(&(0, 1)));
    }
}
