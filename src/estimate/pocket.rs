//! Chains closed around one small pocket: every liberty of the chain lies in one connected
//! space of a few points (empty, or holding the opponent's stones) that the chain alone
//! encloses. Such a chain's life is decided inside the pocket and nowhere else, so it is
//! read out exactly, by a small search over the pocket's points, instead of guessed from
//! the playouts: they refuse to throw in the two or more stones that kill a group with a
//! one-eyed pocket (the nakade), and call it seki.
//!
//! The search is the capture search (`capture_search.rs`) on the pocket alone, the whole
//! chain one node: the attacker wins when the chain is captured, the defender when two
//! passes in a row end the game first (the chain has made two eyes, or stands in seki).
//! The chain is **dead** when the attacker wins even with the defender to move, **alive**
//! when the attacker cannot win even moving first, and left to the rest of the estimate
//! when whoever moves first wins. A chain next to an opponent chain that is closed around
//! a pocket of its own is never read dead: the two are in a race (each may take the other
//! first), which neither pocket holds.

use super::capture_search::{Arena, Limits, Memo};
use crate::board::{Board, ChainMap, Point};

/// The largest pocket read out (points, stones inside included). Eye spaces that decide
/// between one eye and two are at most seven points; bigger ones live.
const MAX_POCKET: usize = 7;

/// How far a search may go before giving up (the chain is then left unsettled): filling
/// seven points with recaptures takes far fewer moves than this line. The pocket is read
/// exactly, so no capture by the defender ends a search early.
const LIMITS: Limits = Limits {
    budget: 20_000,
    max_line: 64,
    big_capture: u32::MAX,
    judge_at: None,
    prove_life: false,
};

/// What the search finds for a chain closed around a pocket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Captured even when its owner moves first.
    Dead,
    /// Never captured, even when the opponent moves first (two eyes, or seki).
    Alive,
}

/// A verdict for a chain, and the pocket's points (with the opponent's stones inside it).
pub(crate) struct PocketVerdict {
    pub(crate) chain: usize,
    pub(crate) verdict: Verdict,
    pub(crate) pocket: Vec<Point>,
}

/// Reads out every chain of `board` closed around a pocket, skipping chains for which
/// `skip` says so (proven alive, say) and chains next to an outside opponent chain that
/// is dead (per `dead`) or short of liberties (its owner could break out there). A chain
/// next to an outside opponent chain closed around a pocket of its own gets no dead
/// verdict.
pub(crate) fn read_pockets(
    board: &Board,
    chains: &ChainMap,
    dead: &[bool],
    skip: impl Fn(usize) -> bool,
) -> Vec<PocketVerdict> {
    let mut verdicts = Vec::new();
    let mut memo = Memo::default();
    let pockets: Vec<Option<Pocket>> = (0..chains.chains.len())
        .map(|id| pocket_of(board, chains, id))
        .collect();
    for (id, chain) in chains.chains.iter().enumerate() {
        let Some(pocket) = pockets[id].as_ref().filter(|_| !skip(id)) else {
            continue;
        };
        let opponent = chain.color.opponent();
        // An opponent chain closed around a pocket of its own is no wall: the chain may
        // capture it first, so the pocket alone does not say it dies.
        let mut racing = false;
        let outside_safe = chain
            .stones
            .iter()
            .flat_map(|&s| board.neighbors(s))
            .all(|n| {
                if board.get(n) != Some(opponent) || pocket.points.contains(&n) {
                    return true;
                }
                let c = chains.chain_of[n] as usize;
                racing |= pockets[c].is_some();
                !dead[n] && chains.chains[c].liberties.len() >= 2
            });
        if !outside_safe {
            continue;
        }
        let read = pocket.read_with(&mut memo);
        if let Some(verdict) = read.filter(|&v| !racing || v == Verdict::Alive) {
            verdicts.push(PocketVerdict {
                chain: id,
                verdict,
                pocket: pocket.points.clone(),
            });
        }
    }
    verdicts
}

/// The pocket of one chain: its points, and the arena the chain's life is read on: a
/// node per pocket point, then the whole chain as one node, the defender's.
struct Pocket {
    points: Vec<Point>,
    arena: Arena,
}

/// The pocket chain `id` is closed around, if it has one: the points reachable from its
/// liberties without crossing its stones are at most [`MAX_POCKET`], hold no stone of its
/// colour, and are reached from every liberty (one space, not two).
fn pocket_of(board: &Board, chains: &ChainMap, id: usize) -> Option<Pocket> {
    let chain = &chains.chains[id];
    let first = *chain.liberties.first()?;
    let mut points = vec![first];
    let mut seen = vec![false; board.len()];
    let beyond_chain = &mut |n| chains.chain_of[n] as usize != id;
    if !board.flood_at_most(&mut points, &mut seen, MAX_POCKET, beyond_chain)
        || points.iter().any(|&p| board.get(p) == Some(chain.color))
        || !chain.liberties.iter().all(|&l| seen[l])
    {
        return None;
    }
    // Every neighbour of a pocket point is another one or a stone of the chain.
    let node = |p: Point| points.iter().position(|&q| q == p);
    let me = points.len();
    let mut arena = Arena::new(me + 1);
    for (i, &p) in points.iter().enumerate() {
        for n in board.neighbors(p) {
            let j = node(n).unwrap_or(me);
            arena.adjacent[i] |= 1 << j;
            arena.adjacent[j] |= 1 << i;
        }
        if let Some(stone) = board.get(p) {
            *arena.start.of_mut(stone) |= 1 << i;
        }
    }
    *arena.start.of_mut(chain.color) |= 1 << me;
    arena.points = points.clone();
    arena.points.push(chain.stones[0]);
    Some(Pocket { points, arena })
}

impl Pocket {
    /// The chain's verdict, or `None` when whoever moves first wins (or the search is too
    /// big).
    #[cfg(test)]
    fn read(&self) -> Option<Verdict> {
        self.read_with(&mut Memo::default())
    }

    /// [`Pocket::read`], the searches using `memo`.
    fn read_with(&self, memo: &mut Memo) -> Option<Verdict> {
        let chain = 1 << self.points.len();
        let (dies_moving_first, _) = self.arena.dies(chain, false, LIMITS, memo);
        if dies_moving_first? {
            return Some(Verdict::Dead);
        }
        let (dies_moving_second, _) = self.arena.dies(chain, true, LIMITS, memo);
        (!dies_moving_second?).then_some(Verdict::Alive)
    }
}

#[cfg(test)]
mod tests {
    use super::super::playout::Rng;
    use super::*;
    use crate::board::{Color, NO_CHAIN};
    use crate::game::Game;
    use crate::rules::Ruleset;

    /// The verdict on the chain through `(x, y)`.
    fn verdict(rows: &[&str], x: usize, y: usize) -> Option<Verdict> {
        let board = Board::from_rows(rows).unwrap();
        let chains = board.chains();
        let id = chains.chain_of[board.point(x, y)] as usize;
        pocket_of(&board, &chains, id)?.read()
    }

    /// Pockets read out: what each shows, the board (White's chain through [2, 1] inside
    /// Black's wall), and the verdict on White's chain.
    const POCKETS: [(&str, &[&str], Option<Verdict>); 6] = [
        (
            "a straight three with its middle taken by Black is dead: whatever White does, \
             Black fills the space and captures",
            &[".XXXXXX", ".XOOOOO", ".XO.X.O", ".XOOOOO", ".XXXXXX"],
            Some(Verdict::Dead),
        ),
        (
            "an empty straight three is undecided: whoever plays the middle first decides",
            &[".XXXXXX", ".XOOOOO", ".XO...O", ".XOOOOO", ".XXXXXX"],
            None,
        ),
        (
            "a straight four lives",
            &[".XXXXXXX", ".XOOOOOO", ".XO....O", ".XOOOOOO", ".XXXXXXX"],
            Some(Verdict::Alive),
        ),
        (
            "a square four is dead",
            &[
                ".XXXXXX", ".XOOOOX", ".XO..OX", ".XO..OX", ".XOOOOX", ".XXXXXX",
            ],
            Some(Verdict::Dead),
        ),
        (
            "two black stones sharing White's only two liberties are no seki: Black fills \
             one, White captures three, and Black kills the straight three left in its middle",
            &[".XXXXXXX", ".XOOOOOO", ".XO.XX.O", ".XOOOOOO", ".XXXXXXX"],
            Some(Verdict::Dead),
        ),
        (
            "four black stones sharing White's two liberties make seki: filling one lets \
             White capture five and live in a straight five; White filling one is captured",
            &[
                ".XXXXXXXXX",
                ".XOOOOOOOO",
                ".XO.XXXX.O",
                ".XOOOOOOOO",
                ".XXXXXXXXX",
            ],
            Some(Verdict::Alive),
        ),
    ];

    #[test]
    fn pockets_are_read_out() {
        for (what, rows, expected) in POCKETS {
            assert_eq!(verdict(rows, 2, 1), expected, "{what}");
        }
    }

    /// A random legal board whose chains are closed around pockets: a white ring around a
    /// random inside of up to 3×3 points, a black ring around it, and an empty edge.
    fn ring_board(rng: &mut Rng) -> Board {
        let (w, h) = (1 + rng.below(3), 1 + rng.below(3));
        let size = w.max(h) + 6;
        let mut board = Board::new(size, size).unwrap();
        for p in 0..board.len() {
            let (x, y) = board.vertex(p);
            let ring = x.min(y).min(size - 1 - x).min(size - 1 - y);
            let inside = x >= 3 && y >= 3 && x < 3 + w && y < 3 + h;
            let color = match ring {
                0 => None,
                1 => Some(Color::Black),
                _ if !inside => Some(Color::White),
                _ => match rng.below(20) {
                    0..=6 => Some(Color::Black),
                    7..=9 => Some(Color::White),
                    _ => None,
                },
            };
            board.set(p, color);
        }
        while board.check_liberties().is_err() {
            let map = board.chains();
            for chain in map.chains.iter().filter(|c| c.liberties.is_empty()) {
                for &p in &chain.stones {
                    board.set(p, None);
                }
            }
        }
        board
    }

    /// The verdict on the chain through each point.
    fn verdicts(board: &Board) -> Vec<Option<Verdict>> {
        let chains = board.chains();
        let by_chain: Vec<Option<Verdict>> = (0..chains.chains.len())
            .map(|id| pocket_of(board, &chains, id).and_then(|pocket| pocket.read()))
            .collect();
        (0..board.len())
            .map(|p| match chains.chain_of[p] {
                NO_CHAIN => None,
                id => by_chain[id as usize],
            })
            .collect()
    }

    /// Every chain's verdict is the same on the board turned and mirrored every way (the
    /// search must not hang on the order it visits points in).
    #[test]
    fn verdicts_do_not_depend_on_the_boards_orientation() {
        let mut rng = Rng::new(0x90c4e7);
        let mut read = 0;
        for _ in 0..300 {
            let board = ring_board(&mut rng);
            let size = board.width();
            let original = verdicts(&board);
            read += original.iter().filter(|v| v.is_some()).count();
            for turn in 1..8 {
                // (x, y) → its image under one of the square's symmetries.
                let image = |x: usize, y: usize| {
                    let (x, y) = if turn & 4 != 0 { (y, x) } else { (x, y) };
                    let x = if turn & 1 != 0 { size - 1 - x } else { x };
                    let y = if turn & 2 != 0 { size - 1 - y } else { y };
                    (x, y)
                };
                let mut turned = Board::new(size, size).unwrap();
                for p in 0..board.len() {
                    let (x, y) = board.vertex(p);
                    let (u, v) = image(x, y);
                    turned.set(turned.point(u, v), board.get(p));
                }
                let seen = verdicts(&turned);
                for (p, verdict) in original.iter().enumerate() {
                    let (x, y) = board.vertex(p);
                    let (u, v) = image(x, y);
                    assert_eq!(*verdict, seen[turned.point(u, v)], "{:?}", board.rows());
                }
            }
        }
        assert!(read > 50, "only {read} stones' chains were read");
    }

    /// A verdict holds one move later, each move played by the game's own rules: after
    /// any attacker move in the pocket of a chain read alive, the chain stands and is not
    /// read dead; after any defender move in the pocket of a chain read dead, it is not
    /// read alive. (Moves that take a single stone are skipped: the ko they may leave is
    /// not part of the position read afterwards.)
    #[test]
    fn verdicts_hold_one_move_later() {
        let mut rng = Rng::new(0x51de);
        let mut checked = [0, 0];
        for _ in 0..200 {
            let board = ring_board(&mut rng);
            let chains = board.chains();
            for (id, chain) in chains.chains.iter().enumerate() {
                let Some(pocket) = pocket_of(&board, &chains, id) else {
                    continue;
                };
                let Some(verdict) = pocket.read() else {
                    continue;
                };
                let mover = match verdict {
                    Verdict::Alive => chain.color.opponent(),
                    Verdict::Dead => chain.color,
                };
                let stone = chain.stones[0];
                for &at in pocket.points.iter().filter(|&&p| board.get(p).is_none()) {
                    let mut game =
                        Game::from_position(board.clone(), mover, Ruleset::Japanese, None, 0)
                            .unwrap();
                    let (x, y) = board.vertex(at);
                    if game.play_as(mover, x as i64, y as i64).is_err() {
                        continue;
                    }
                    let after = game.board();
                    let taken = (0..board.len())
                        .filter(|&p| board.get(p).is_some() && after.get(p).is_none())
                        .count();
                    if taken == 1 {
                        continue;
                    }
                    let rows = board.rows();
                    let later = verdicts(after)[stone];
                    match verdict {
                        Verdict::Alive => {
                            assert_eq!(after.get(stone), Some(chain.color), "{rows:?} {at}");
                            assert_ne!(later, Some(Verdict::Dead), "{rows:?} {at}");
                        }
                        Verdict::Dead => assert_ne!(later, Some(Verdict::Alive), "{rows:?} {at}"),
                    }
                    checked[usize::from(verdict == Verdict::Dead)] += 1;
                }
            }
        }
        assert!(checked[0] > 50 && checked[1] > 50, "checked {checked:?}");
    }

    #[test]
    fn a_chain_beside_another_pockets_chain_is_not_read_dead() {
        // White's chain [4, 0] alone would die: Black's two stones share its only
        // liberties, [6, 1] and [7, 0]. But Black's corner [3, 0] beside it is closed
        // around a pocket too (a straight three with White's stone in its middle), and
        // White takes it before Black can fill White's pocket: the two are a race, which
        // neither pocket says. The black wall below lives.
        let rows = [
            ".O.XOXX.O",
            "XXXXOO.OO",
            "OOOOOOOOO",
            "XXXXXXXXX",
            ".X.X.X.X.",
        ];
        let board = Board::from_rows(&rows).unwrap();
        let dead = vec![false; board.len()];
        let found = read_pockets(&board, &board.chains(), &dead, |_| false);
        assert!(found.iter().all(|found| found.verdict != Verdict::Dead));
        // Each pocket alone is read dead.
        assert_eq!(verdict(&rows, 4, 0), Some(Verdict::Dead));
        assert_eq!(verdict(&rows, 3, 0), Some(Verdict::Dead));
    }

    #[test]
    fn a_chain_with_two_separate_spaces_has_no_pocket() {
        let rows = [".XXXXXX", ".XOOOOO", ".XO.O.O", ".XOOOOO", ".XXXXXX"];
        assert_eq!(verdict(&rows, 2, 1), None);
    }
}
