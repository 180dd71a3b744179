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
//! The search is the pocket search's game (`pocket.rs`) on a wider space: the attacker
//! wins when the chain is captured, the defender when two passes in a row end the game
//! first, or when it captures a big chain (its eye space is then more than the attacker
//! can fill). Contents are bit sets, so an arena holds at most 64 points.

use crate::board::{Board, Color, Point};

/// The most empty points an arena may hold (the clusters' liberties included).
const MAX_EMPTY: usize = 12;

/// The most points an arena may hold: one bit each.
const MAX_POINTS: usize = 64;

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

/// The longest line of play followed: the search recurses once a move.
const MAX_LINE: usize = 48;

/// A capture of this many stones or more by the defender ends its search as a win: its
/// eye space is then bigger than a nakade.
const BIG_CAPTURE: u32 = 6;

/// What the races read out found.
pub(crate) struct Races {
    /// One stone of each chain in seki captured even when its owner moves first (or
    /// moving second, when the opponent is to play).
    pub(crate) lost: Vec<Point>,
    /// The stones of the other colour in the same clusters, dead ones included: they won
    /// those races.
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
            arenas.extend(Arena::of(board, dead, area, cluster));
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
    let opponent_first = |black: bool| to_play.is_some_and(|c| (c == Color::Black) != black);
    for &round in rounds {
        for (a, chain, dies) in reads.iter_mut().filter(|read| read.2.is_none()) {
            let (found, visited) = arenas[*a].dies(
                chain.stones,
                opponent_first(chain.black),
                budget.min(round),
                &mut memo,
            );
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
        // A chain is captured in a race its captor loses all the same: the bigger of two
        // lost chains side by side is the one that dies, and the smaller lives on inside it.
        let killed_by_a_loser = |chain: &Chain| {
            lost.iter().any(|other| {
                other.black != chain.black
                    && arena.around(chain.stones) & other.stones != 0
                    && other.stones.count_ones() > chain.stones.count_ones()
            })
        };
        let mut won = 0u64;
        for chain in lost.iter().filter(|chain| !killed_by_a_loser(chain)) {
            races
                .lost
                .push(arena.points[chain.stones.trailing_zeros() as usize]);
            won |= arena.start.of(!chain.black);
        }
        races
            .winners
            .extend(bits(won).map(|node| arena.points[node]));
    }
    races
}

/// The indices of the bits set in `set`, lowest first.
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let bit = set.trailing_zeros() as usize;
            set &= set - 1;
            bit
        })
    })
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
    seen[start] = true;
    let mut i = 0;
    while i < cluster.len() {
        for n in board.neighbors(cluster[i]) {
            if !seen[n] && (seki[n].is_some() || dead[n]) {
                seen[n] = true;
                cluster.push(n);
            }
        }
        i += 1;
    }
    cluster
}

/// A bit per arena point for each colour.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Stones {
    black: u64,
    white: u64,
}

impl Stones {
    /// Black's set or White's.
    fn of(&self, black: bool) -> u64 {
        if black {
            self.black
        } else {
            self.white
        }
    }

    fn of_mut(&mut self, black: bool) -> &mut u64 {
        if black {
            &mut self.black
        } else {
            &mut self.white
        }
    }
}

/// One cluster to read: its points, how they touch each other, and which of them touch a
/// point outside that keeps a chain of each colour alive (a wall of that colour, or an
/// empty point nobody fills in the search).
struct Arena {
    points: Vec<Point>,
    adjacent: Vec<u64>,
    /// Per colour, the points where a chain of that colour is kept alive from outside:
    /// beside a wall of its colour or an open point.
    kept: Stones,
    /// Every point of the arena.
    all: u64,
    /// The arena's contents as the board stands.
    start: Stones,
}

impl Arena {
    /// The arena of a cluster: its points and the liberties of its chains; `None` when too
    /// big to read. A living stone outside is a wall, which keeps alive the chains of its
    /// colour next to it; a dead one keeps nothing. An empty point outside, which the
    /// search never fills, keeps alive the chains of both colours next to it; but when it
    /// lies in one colour's `area` and touches that colour's stones outside, only that
    /// colour's: a stone of the other colour played there would be captured.
    fn of(
        board: &Board,
        dead: &[bool],
        area: &[Option<Color>],
        mut points: Vec<Point>,
    ) -> Option<Arena> {
        // A cluster can hold a big dead group: too big already, its liberties not counted.
        if points.len() > MAX_POINTS {
            return None;
        }
        let mut liberties = Vec::new();
        for &p in points.iter().filter(|&&p| board.get(p).is_some()) {
            for n in board.neighbors(p) {
                if board.get(n).is_none() && !points.contains(&n) && !liberties.contains(&n) {
                    liberties.push(n);
                }
            }
        }
        points.extend(liberties);
        let empties = points.iter().filter(|&&p| board.get(p).is_none()).count();
        if empties > MAX_EMPTY || points.len() > MAX_POINTS {
            return None;
        }
        let node = |p: Point| points.iter().position(|&q| q == p);
        let mut arena = Arena {
            adjacent: vec![0; points.len()],
            kept: Stones { black: 0, white: 0 },
            all: if points.len() == 64 {
                u64::MAX
            } else {
                (1u64 << points.len()) - 1
            },
            start: Stones { black: 0, white: 0 },
            points: Vec::new(),
        };
        for (i, &p) in points.iter().enumerate() {
            let bit = 1u64 << i;
            match board.get(p) {
                Some(Color::Black) => arena.start.black |= bit,
                Some(Color::White) => arena.start.white |= bit,
                None => {}
            }
            for n in board.neighbors(p) {
                match (node(n), board.get(n)) {
                    (Some(j), _) => arena.adjacent[i] |= 1u64 << j,
                    (None, Some(_)) if dead[n] => {}
                    (None, Some(Color::Black)) => arena.kept.black |= bit,
                    (None, Some(Color::White)) => arena.kept.white |= bit,
                    (None, None) => {
                        let held = area[n].filter(|&c| {
                            board
                                .neighbors(n)
                                .any(|m| board.get(m) == Some(c) && !dead[m] && node(m).is_none())
                        });
                        if held != Some(Color::White) {
                            arena.kept.black |= bit;
                        }
                        if held != Some(Color::Black) {
                            arena.kept.white |= bit;
                        }
                    }
                }
            }
        }
        arena.points = points;
        Some(arena)
    }

    /// The points next to any point of `set`.
    fn around(&self, set: u64) -> u64 {
        bits(set).fold(0, |around, p| around | self.adjacent[p])
    }

    /// The chain holding the stone(s) of `seed` in `stones`, and the points next to it.
    /// The flood visits each stone once, so the points around the chain are those around
    /// each frontier, gathered on the way.
    fn chain(&self, stones: &Stones, seed: u64) -> (u64, u64) {
        let own = stones.of(stones.black & seed != 0);
        let mut chain = seed;
        let mut frontier = seed;
        let mut around = 0;
        while frontier != 0 {
            let next = self.around(frontier);
            around |= next;
            frontier = next & own & !chain;
            chain |= frontier;
        }
        (chain, around)
    }

    /// Fills `chains` with the chains of `stones`, each with its colour and its liberties
    /// in the arena.
    fn chains(&self, stones: &Stones, chains: &mut Vec<Chain>) {
        chains.clear();
        let empty = self.all & !(stones.black | stones.white);
        let mut rest = stones.black | stones.white;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let (chain, around) = self.chain(stones, seed);
            rest &= !chain;
            chains.push(Chain {
                stones: chain,
                liberties: around & empty,
                black: stones.black & seed != 0,
            });
        }
    }

    /// Plays `black`'s stone on the empty point `at` of `stones`, whose chains are
    /// `chains`: the new contents, the ko point it leaves (64 for none) and how many stones
    /// it captured; `None` if illegal. A chain lives on with a liberty in the arena, or a
    /// point beside a wall of its colour or an open point outside.
    fn play(
        &self,
        stones: &Stones,
        chains: &[Chain],
        at: usize,
        black: bool,
    ) -> Option<(Stones, u8, u32)> {
        let bit = 1u64 << at;
        let touching = |c: &&Chain| self.adjacent[at] & c.stones != 0;
        let mut captured = 0u64;
        let mut own = bit;
        let mut liberties = 0u64;
        for chain in chains.iter().filter(touching) {
            if chain.black == black {
                own |= chain.stones;
                liberties |= chain.liberties;
            } else if chain.liberties & !bit == 0 && chain.stones & self.kept.of(!black) == 0 {
                captured |= chain.stones;
            }
        }
        let mut next = *stones;
        *next.of_mut(black) |= bit;
        *next.of_mut(!black) &= !captured;
        let empty = self.all & !(next.black | next.white);
        liberties = (liberties | self.adjacent[at]) & empty;
        if captured != 0 {
            liberties |= self.around(own) & captured;
        }
        if liberties == 0 && own & self.kept.of(black) == 0 {
            return None;
        }
        let single_in_atari = own == bit && (self.adjacent[at] & empty).count_ones() == 1;
        let ko = if captured.count_ones() == 1 && single_in_atari && self.kept.of(black) & bit == 0
        {
            captured.trailing_zeros() as u8
        } else {
            64
        };
        Some((next, ko, captured.count_ones()))
    }

    /// Whether the chain `target` is captured, its owner moving first unless
    /// `attacker_first` (`None` when the search runs out of `budget`), and how many
    /// positions it visited.
    fn dies(
        &self,
        target: u64,
        attacker_first: bool,
        budget: usize,
        memo: &mut Memo,
    ) -> (Option<bool>, usize) {
        memo.forget();
        let mut search = Search {
            arena: self,
            target: target & target.wrapping_neg(),
            defender_black: self.start.black & target != 0,
            memo,
            nodes: 0,
            budget,
            chains: (0..MAX_LINE).map(|_| Vec::new()).collect(),
        };
        let dies = search.attacker_wins(self.start, attacker_first, 64, 0, 0);
        (dies, search.nodes)
    }
}

/// A chain of an arena position.
struct Chain {
    stones: u64,
    /// Its empty neighbours in the arena.
    liberties: u64,
    black: bool,
}

/// What the search knows of a position.
const UNKNOWN: u8 = 0;
const ON_LINE: u8 = 1;
const ATTACKER_WINS: u8 = 2;
const DEFENDER_WINS: u8 = 3;

/// A position of the search as the memo keys it: the contents, and in `rest` whether the
/// attacker is to move, the ko point and the passes in a row.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    stones: Stones,
    rest: u16,
}

impl Key {
    /// `ko` is the point a ko forbids (64 for none).
    fn new(stones: Stones, attacker: bool, ko: u8, passes: u8) -> Key {
        Key {
            stones,
            rest: u16::from(attacker) | u16::from(ko) << 1 | u16::from(passes) << 8,
        }
    }

    /// A hash mixed so that its low bits, which pick the slot, depend on the whole key.
    fn hash(&self) -> u64 {
        let h = self.stones.black.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ self.stones.white.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ u64::from(self.rest).wrapping_mul(0x1656_67B1_9E37_79F9);
        let h = (h ^ h >> 32).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^ h >> 32
    }
}

/// One slot of the memo: 24 bytes, so that the key's fields are laid out flat.
#[derive(Clone, Copy, Default)]
struct Slot {
    stones: Stones,
    rest: u16,
    /// What the search knows there (`UNKNOWN` for nothing yet).
    value: u8,
    /// The search that wrote the slot: a slot of an earlier search is free.
    search: u32,
}

impl Slot {
    fn key(&self) -> Key {
        Key {
            stones: self.stones,
            rest: self.rest,
        }
    }
}

/// The searches' memo: an open-addressed table of positions, shared by the searches of an
/// estimate and emptied between them by numbering the searches rather than clearing. A
/// lookup is mostly one probe into one cache line, and the table keeps its size from one
/// search to the next; the lookups are most of a search's time. Through WebAssembly, on the
/// slowest corpus games, a search takes a sixth to a third less time than on a hash map.
struct Memo {
    slots: Vec<Slot>,
    /// Slots the current search holds.
    used: usize,
    search: u32,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo {
            slots: vec![Slot::default(); 1 << 10],
            used: 0,
            search: 1,
        }
    }
}

impl Memo {
    /// Empties the memo for a new search.
    fn forget(&mut self) {
        self.search += 1;
        self.used = 0;
    }

    /// The index of `key`'s slot, or of the free slot where it would go.
    fn find(&self, key: &Key) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = key.hash() as usize & mask;
        loop {
            let slot = &self.slots[i];
            if slot.search != self.search || slot.key() == *key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// What the current search knows of `key`.
    #[cfg(test)]
    fn get(&self, key: &Key) -> u8 {
        let slot = &self.slots[self.find(key)];
        if slot.search == self.search {
            slot.value
        } else {
            UNKNOWN
        }
    }

    /// What the current search knows of `key`; when that is nothing, `key` is marked
    /// `ON_LINE` in the same probe (a search looks a position up just before entering it).
    fn visit(&mut self, key: &Key) -> u8 {
        let i = self.find(key);
        let known = self.slots[i].search == self.search;
        if known && self.slots[i].value != UNKNOWN {
            return self.slots[i].value;
        }
        if !known && 2 * (self.used + 1) > self.slots.len() {
            self.grow();
            return self.visit(key);
        }
        self.used += usize::from(!known);
        self.slots[i] = Slot {
            stones: key.stones,
            rest: key.rest,
            value: ON_LINE,
            search: self.search,
        };
        UNKNOWN
    }

    /// Records `value` for `key`; the table doubles before it is half full.
    fn set(&mut self, key: &Key, value: u8) {
        let i = self.find(key);
        if self.slots[i].search != self.search {
            if 2 * (self.used + 1) > self.slots.len() {
                self.grow();
                return self.set(key, value);
            }
            self.used += 1;
        }
        self.slots[i] = Slot {
            stones: key.stones,
            rest: key.rest,
            value,
            search: self.search,
        };
    }

    /// Doubles the table, keeping the current search's slots.
    fn grow(&mut self) {
        let bigger = vec![Slot::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, bigger);
        for slot in old.into_iter().filter(|slot| slot.search == self.search) {
            let i = self.find(&slot.key());
            self.slots[i] = slot;
        }
    }
}

/// A memoised minimax over one arena, for one target chain.
struct Search<'a> {
    arena: &'a Arena,
    /// One stone of the target chain: the attacker wins once it is gone.
    target: u64,
    /// Whether the target is Black's.
    defender_black: bool,
    /// Finished positions, and positions on the current line (`ON_LINE`): a line that
    /// comes back to one of them is a cycle (a ko the defender can hold), which the
    /// attacker loses.
    memo: &'a mut Memo,
    nodes: usize,
    budget: usize,
    /// The chains of the position at each depth of the current line.
    chains: Vec<Vec<Chain>>,
}

impl Search<'_> {
    /// Whether the attacker captures the target from `stones`, with the attacker to move
    /// or not, `line` moves into the search; `None` when the budget runs out.
    fn attacker_wins(
        &mut self,
        stones: Stones,
        attacker: bool,
        ko: u8,
        passes: u8,
        line: usize,
    ) -> Option<bool> {
        if (stones.black | stones.white) & self.target == 0 {
            return Some(true);
        }
        if passes >= 2 {
            return Some(false);
        }
        let key = Key::new(stones, attacker, ko, passes);
        match self.memo.visit(&key) {
            UNKNOWN => {}
            ON_LINE => return Some(false),
            known => return Some(known == ATTACKER_WINS),
        }
        self.nodes += 1;
        if self.nodes >= self.budget || line >= MAX_LINE {
            self.memo.set(&key, UNKNOWN);
            return None;
        }
        let black = self.defender_black != attacker;
        // Moves next to the target first; the defender tries a pass first (a seki holds
        // by passing), the attacker last.
        let empty = self.arena.all & !(stones.black | stones.white);
        // One buffer of chains per depth, reused: a search visits many positions.
        let mut chains = std::mem::take(&mut self.chains[line]);
        self.arena.chains(&stones, &mut chains);
        let near = chains
            .iter()
            .find(|c| c.stones & self.target != 0)
            .map_or(0, |c| c.liberties);
        let pass_first = (!attacker).then_some(None);
        let pass_last = attacker.then_some(None);
        let moves = pass_first
            .into_iter()
            .chain(bits(near).chain(bits(empty & !near)).map(Some))
            .chain(pass_last);
        let mut mover_wins = false;
        let mut unknown = false;
        for mv in moves {
            let outcome = match mv {
                None => self.attacker_wins(stones, !attacker, 64, passes + 1, line + 1),
                Some(at) if at == usize::from(ko) => continue,
                Some(at) => {
                    let Some((next, next_ko, taken)) = self.arena.play(&stones, &chains, at, black)
                    else {
                        continue;
                    };
                    if !attacker && taken >= BIG_CAPTURE {
                        Some(false)
                    } else {
                        self.attacker_wins(next, !attacker, next_ko, 0, line + 1)
                    }
                }
            };
            match outcome {
                Some(won) if won == attacker => {
                    mover_wins = true;
                    break;
                }
                Some(_) => {}
                None => unknown = true,
            }
        }
        self.chains[line] = chains;
        if !mover_wins && unknown {
            self.memo.set(&key, UNKNOWN);
            return None;
        }
        let result = mover_wins == attacker;
        self.memo
            .set(&key, if result { ATTACKER_WINS } else { DEFENDER_WINS });
        Some(result)
    }
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
                    Arena::of(&board, &mask, &life.area_color, cluster).is_some(),
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
    fn the_memo_holds_what_a_search_wrote_until_the_next_search() {
        let key = |i: u64| {
            let stones = Stones {
                black: i,
                white: i.rotate_left(7) ^ 1,
            };
            Key::new(stones, i % 2 == 0, (i % 65) as u8, (i % 3) as u8)
        };
        let value = |i: u64| {
            if i % 3 == 0 {
                ATTACKER_WINS
            } else {
                DEFENDER_WINS
            }
        };
        let mut memo = Memo::default();
        // Five times the starting size: the table grows and keeps every entry.
        for i in 0..5_000 {
            memo.set(&key(i), ON_LINE);
            memo.set(&key(i), value(i));
        }
        assert!((0..5_000).all(|i| memo.get(&key(i)) == value(i)));
        assert_eq!(memo.get(&key(5_000)), UNKNOWN);
        memo.set(&key(7), UNKNOWN);
        assert_eq!(memo.get(&key(7)), UNKNOWN);
        // A new search sees nothing of the last, and fills the same table again.
        let size = memo.slots.len();
        memo.forget();
        assert!((0..5_000).all(|i| memo.get(&key(i)) == UNKNOWN));
        for i in 0..5_000 {
            memo.set(&key(i + 1), value(i));
        }
        assert!((0..5_000).all(|i| memo.get(&key(i + 1)) == value(i)));
        assert_eq!(memo.get(&key(0)), UNKNOWN);
        assert_eq!(memo.slots.len(), size);
    }

    #[test]
    fn a_visit_reads_what_is_known_or_marks_the_position_on_the_line() {
        let key = |i: u64| {
            Key::new(
                Stones {
                    black: i,
                    white: !i,
                },
                i % 2 == 0,
                64,
                0,
            )
        };
        let mut memo = Memo::default();
        memo.set(&key(1), ATTACKER_WINS);
        memo.set(&key(2), UNKNOWN);
        assert_eq!(memo.visit(&key(1)), ATTACKER_WINS);
        assert_eq!(memo.get(&key(1)), ATTACKER_WINS);
        // Nothing known, a slot or none: the position is now on the line.
        for i in [2, 3] {
            assert_eq!(memo.visit(&key(i)), UNKNOWN);
            assert_eq!(memo.get(&key(i)), ON_LINE);
            assert_eq!(memo.visit(&key(i)), ON_LINE);
        }
        // Past half full the table grows, and keeps every position visited.
        for i in 4..2_000 {
            assert_eq!(memo.visit(&key(i)), UNKNOWN);
        }
        assert!(memo.slots.len() >= 4_000);
        assert!((3..2_000).all(|i| memo.get(&key(i)) == ON_LINE));
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
