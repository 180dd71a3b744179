//! Chains closed around one small pocket: every liberty of the chain lies in one connected
//! space of a few points (empty, or holding the opponent's stones) that the chain alone
//! encloses. Such a chain's life is decided inside the pocket and nowhere else, so it is
//! read out exactly, by a small search over the pocket's points, instead of guessed from
//! the playouts: they refuse to throw in the two or more stones that kill a group with a
//! one-eyed pocket (the nakade), and call it seki.
//!
//! The search is a two-player game on the pocket alone: the attacker wins when the chain
//! is captured, the defender when two passes in a row end the game first (the chain has
//! made two eyes, or stands in seki). The chain is **dead** when the attacker wins even
//! with the defender to move, **alive** when the attacker cannot win even moving first,
//! and left to the rest of the estimate when whoever moves first wins.

use crate::board::{Board, ChainMap, Point};

/// The largest pocket read out (points, stones inside included). Eye spaces that decide
/// between one eye and two are at most seven points; bigger ones live.
const MAX_POCKET: usize = 7;

/// Positions a search may visit before giving up (the chain is then left unsettled).
const NODE_BUDGET: usize = 20_000;

/// The longest line of play a search follows before giving up: it recurses once a move,
/// so this bounds its stack. Filling seven points with recaptures takes far fewer.
const MAX_LINE: usize = 64;

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
/// is dead (per `dead`) or short of liberties (its owner could break out there).
pub(crate) fn read_pockets(
    board: &Board,
    chains: &ChainMap,
    dead: &[bool],
    skip: impl Fn(usize) -> bool,
) -> Vec<PocketVerdict> {
    let mut verdicts = Vec::new();
    for (id, chain) in chains.chains.iter().enumerate() {
        if skip(id) {
            continue;
        }
        let Some(pocket) = pocket_of(board, chains, id) else {
            continue;
        };
        let opponent = chain.color.opponent();
        let outside_safe = chain
            .stones
            .iter()
            .flat_map(|&s| board.neighbors(s))
            .all(|n| {
                board.get(n) != Some(opponent)
                    || pocket.points.contains(&n)
                    || (!dead[n] && chains.chains[chains.chain_of[n] as usize].liberties.len() >= 2)
            });
        if !outside_safe {
            continue;
        }
        if let Some(verdict) = pocket.read() {
            verdicts.push(PocketVerdict {
                chain: id,
                verdict,
                pocket: pocket.points,
            });
        }
    }
    verdicts
}

/// Cell contents in the search.
const EMPTY: u8 = 0;
const DEFENDER: u8 = 1;
const ATTACKER: u8 = 2;

/// The pocket of one chain: its points and how they touch each other and the chain. The
/// chain itself is node `points.len()` in the search, always the defender's colour.
struct Pocket {
    points: Vec<Point>,
    /// Neighbours of each node (pocket points, then the chain), as node indices.
    adjacent: Vec<Vec<usize>>,
    /// The pocket's contents as the board stands.
    start: Vec<u8>,
}

/// The pocket chain `id` is closed around, if it has one: the points reachable from its
/// liberties without crossing its stones are at most [`MAX_POCKET`], hold no stone of its
/// colour, and are reached from every liberty (one space, not two).
fn pocket_of(board: &Board, chains: &ChainMap, id: usize) -> Option<Pocket> {
    let chain = &chains.chains[id];
    let first = *chain.liberties.first()?;
    let mut points = vec![first];
    let mut i = 0;
    while i < points.len() {
        for n in board.neighbors(points[i]) {
            if chains.chain_of[n] as usize == id || points.contains(&n) {
                continue;
            }
            if board.get(n) == Some(chain.color) || points.len() == MAX_POCKET {
                return None;
            }
            points.push(n);
        }
        i += 1;
    }
    if !chain.liberties.iter().all(|l| points.contains(l)) {
        return None;
    }
    let node = |p: Point| points.iter().position(|&q| q == p);
    let me = points.len();
    let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); me + 1];
    for (i, &p) in points.iter().enumerate() {
        for n in board.neighbors(p) {
            let j = node(n).unwrap_or(me);
            if !adjacent[i].contains(&j) {
                adjacent[i].push(j);
                if j == me {
                    adjacent[me].push(i);
                }
            }
        }
    }
    let start = points
        .iter()
        .map(|&p| {
            if board.get(p).is_some() {
                ATTACKER
            } else {
                EMPTY
            }
        })
        .collect();
    Some(Pocket {
        points,
        adjacent,
        start,
    })
}

/// One position of the search: the pocket's contents (the chain, the last node, is always
/// there until captured).
type Cells = Vec<u8>;

impl Pocket {
    /// The chain's verdict, or `None` when whoever moves first wins (or the search is too
    /// big).
    fn read(&self) -> Option<Verdict> {
        let mut cells = self.start.clone();
        cells.push(DEFENDER);
        let mut search = Search {
            pocket: self,
            memo: vec![UNSEEN; memo_len(self.points.len())],
            nodes: 0,
        };
        let none = usize::MAX;
        let dies_moving_first = search.attacker_wins(&cells, false, none, 0, 0)?;
        if dies_moving_first {
            return Some(Verdict::Dead);
        }
        let dies_moving_second = search.attacker_wins(&cells, true, none, 0, 0)?;
        (!dies_moving_second).then_some(Verdict::Alive)
    }

    /// The nodes of the chain through `start` in `cells`, and whether it has a liberty.
    fn group(&self, cells: &[u8], start: usize) -> (Vec<usize>, bool) {
        let color = cells[start];
        let mut group = vec![start];
        let mut free = false;
        let mut i = 0;
        while i < group.len() {
            for &n in &self.adjacent[group[i]] {
                if cells[n] == EMPTY {
                    free = true;
                } else if cells[n] == color && !group.contains(&n) {
                    group.push(n);
                }
            }
            i += 1;
        }
        (group, free)
    }

    /// Plays `color` on empty node `at`: the new contents, whether the chain was captured,
    /// and the ko point the move leaves (`usize::MAX` for none); `None` if illegal.
    fn play(&self, cells: &[u8], at: usize, color: u8) -> Option<(Cells, bool, usize)> {
        let mut next = cells.to_vec();
        next[at] = color;
        let other = 3 - color;
        let mut captured = Vec::new();
        for &n in &self.adjacent[at] {
            if next[n] == other {
                let (group, free) = self.group(&next, n);
                if !free {
                    for &g in &group {
                        next[g] = EMPTY;
                    }
                    captured.extend(group);
                }
            }
        }
        let chain_node = self.points.len();
        let chain_captured = captured.contains(&chain_node);
        let (own, free) = self.group(&next, at);
        if !free {
            return None;
        }
        let ko = match captured[..] {
            [single] if own.len() == 1 && self.group_liberties(&next, &own) == 1 => single,
            _ => usize::MAX,
        };
        Some((next, chain_captured, ko))
    }

    /// Liberties of a group of nodes.
    fn group_liberties(&self, cells: &[u8], group: &[usize]) -> usize {
        let mut free: Vec<usize> = group
            .iter()
            .flat_map(|&g| self.adjacent[g].iter().copied())
            .filter(|&n| cells[n] == EMPTY)
            .collect();
        free.sort_unstable();
        free.dedup();
        free.len()
    }
}

/// What the search knows of a position (see [`Search::memo`]).
const UNSEEN: u8 = 0;
const ON_LINE: u8 = 1;
const ATTACKER_WINS: u8 = 2;
const DEFENDER_WINS: u8 = 3;

/// Positions of a pocket of `n` points: each point empty or holding either colour (the
/// chain is always there until captured, which ends the search), whose turn, the ko point
/// (or none), and whether the last move was a pass.
fn memo_len(n: usize) -> usize {
    3usize.pow(n as u32) * 2 * (n + 1) * 2
}

/// A memoised minimax over a pocket's positions.
struct Search<'a> {
    pocket: &'a Pocket,
    /// One entry per position ([`memo_len`]): finished positions, and positions on the
    /// current line (`ON_LINE`): a line that comes back to one of them is a cycle (a ko
    /// the chain can hold), which the attacker loses.
    memo: Vec<u8>,
    nodes: usize,
}

impl Search<'_> {
    /// The memo's index of a position.
    fn index(&self, cells: &[u8], attacker: bool, ko: usize, passes: u8) -> usize {
        let n = self.pocket.points.len();
        let contents = cells[..n]
            .iter()
            .fold(0, |code, &c| code * 3 + usize::from(c));
        let ko = ko.min(n);
        ((contents * 2 + usize::from(attacker)) * (n + 1) + ko) * 2 + usize::from(passes)
    }

    /// Whether the attacker captures the chain from `cells`, `attacker` to move or not,
    /// `line` moves into the search; `None` when the budget runs out.
    fn attacker_wins(
        &mut self,
        cells: &Cells,
        attacker: bool,
        ko: usize,
        passes: u8,
        line: usize,
    ) -> Option<bool> {
        if passes >= 2 {
            return Some(false);
        }
        let key = self.index(cells, attacker, ko, passes);
        match self.memo[key] {
            UNSEEN => {}
            known => return Some(known == ATTACKER_WINS),
        }
        self.nodes += 1;
        if self.nodes > NODE_BUDGET || line >= MAX_LINE {
            return None;
        }
        self.memo[key] = ON_LINE;
        let color = if attacker { ATTACKER } else { DEFENDER };
        // The mover wins if a pass, or any move, wins for it.
        let after_pass = self.attacker_wins(cells, !attacker, usize::MAX, passes + 1, line + 1)?;
        let mut mover_wins = after_pass == attacker;
        for at in 0..self.pocket.points.len() {
            if mover_wins {
                break;
            }
            if cells[at] != EMPTY || at == ko {
                continue;
            }
            let Some((next, chain_captured, next_ko)) = self.pocket.play(cells, at, color) else {
                continue;
            };
            let attacker_won =
                chain_captured || self.attacker_wins(&next, !attacker, next_ko, 0, line + 1)?;
            mover_wins = attacker_won == attacker;
        }
        let result = mover_wins == attacker;
        self.memo[key] = if result { ATTACKER_WINS } else { DEFENDER_WINS };
        Some(result)
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

    #[test]
    fn a_straight_three_with_the_vital_point_taken_is_dead() {
        // White's chain has only its three-point space, and Black holds its middle:
        // whatever White does, Black fills the space and captures.
        let rows = [
            ".XXXXXX", //
            ".XOOOOO", ".XO.X.O", ".XOOOOO", ".XXXXXX",
        ];
        assert_eq!(verdict(&rows, 2, 1), Some(Verdict::Dead));
    }

    #[test]
    fn a_straight_three_lives_when_its_owner_can_take_the_middle_first() {
        // Nothing inside yet: whoever plays the middle first decides.
        let rows = [".XXXXXX", ".XOOOOO", ".XO...O", ".XOOOOO", ".XXXXXX"];
        assert_eq!(verdict(&rows, 2, 1), None);
    }

    #[test]
    fn a_straight_four_lives() {
        let rows = [".XXXXXXX", ".XOOOOOO", ".XO....O", ".XOOOOOO", ".XXXXXXX"];
        assert_eq!(verdict(&rows, 2, 1), Some(Verdict::Alive));
    }

    #[test]
    fn a_square_four_is_dead() {
        let rows = [
            ".XXXXXX", ".XOOOOX", ".XO..OX", ".XO..OX", ".XOOOOX", ".XXXXXX",
        ];
        assert_eq!(verdict(&rows, 2, 1), Some(Verdict::Dead));
    }

    #[test]
    fn two_stones_inside_sharing_the_chains_two_liberties_die_with_it() {
        // White's chain and Black's two stones share their only two liberties, but this is
        // no seki: Black fills one, White captures three, and Black kills the straight
        // three left by playing its middle.
        let rows = [
            ".XXXXXXX", //
            ".XOOOOOO", ".XO.XX.O", ".XOOOOOO", ".XXXXXXX",
        ];
        assert_eq!(verdict(&rows, 2, 1), Some(Verdict::Dead));
    }

    #[test]
    fn four_stones_inside_sharing_the_chains_two_liberties_make_seki() {
        // Filling a liberty would let White capture five stones and live in a straight
        // five; White filling one is captured. Neither moves: seki, and White's chain
        // stands.
        let rows = [
            ".XXXXXXXXX", //
            ".XOOOOOOOO",
            ".XO.XXXX.O",
            ".XOOOOOOOO",
            ".XXXXXXXXX",
        ];
        assert_eq!(verdict(&rows, 2, 1), Some(Verdict::Alive));
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
    fn a_chain_with_two_separate_spaces_has_no_pocket() {
        let rows = [".XXXXXX", ".XOOOOO", ".XO.O.O", ".XOOOOO", ".XXXXXX"];
        assert_eq!(verdict(&rows, 2, 1), None);
    }
}
