//! A board built for random playouts and nothing else: a padded flat array with a wall
//! border, chains as circular linked lists with a head per stone, and pseudo-liberty
//! counts with the sum and sum of squares of the liberty points, so "is this chain in
//! atari, and where" is O(1). Private to the estimator; the game engine has its own board.

use crate::board::{Board, Color};

/// Cell contents. `WALL` pads the border so neighbours never leave the array.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

/// The cell value of a colour.
pub(crate) fn cell(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The other stone colour of a cell value (`BLACK` ↔ `WHITE`).
fn other(c: u8) -> u8 {
    3 - c
}

/// A small, fast, seedable generator (xorshift64*), seeded through splitmix64 so that
/// nearby seeds give unrelated streams. Deterministic on every platform.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub(crate) fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng(z | 1)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0 .. n` (`n > 0`); the tiny modulo bias does not matter here.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 32) as usize) % n
    }

    /// True with probability `percent` / 100.
    pub(crate) fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }
}

/// The playout board. Points are padded indices `(y + 1) * stride + (x + 1)`.
#[derive(Clone, Debug)]
pub(crate) struct PlayoutBoard {
    width: usize,
    height: usize,
    stride: usize,
    cells: Vec<u8>,
    /// The chain head of each stone.
    head: Vec<u16>,
    /// The next stone of the same chain (circular).
    next: Vec<u16>,
    /// Per head: pseudo-liberties (empty neighbour adjacencies, with repeats).
    libs: Vec<u32>,
    /// Per head: sum of the pseudo-liberty points.
    lib_sum: Vec<u64>,
    /// Per head: sum of their squares.
    lib_sum_sq: Vec<u64>,
    /// Per head: number of stones.
    size: Vec<u16>,
    /// Empty points, and each empty point's index in that list.
    empties: Vec<u16>,
    empty_index: Vec<u16>,
    /// Points no playout move may go to (settled by static analysis).
    forbidden: Vec<bool>,
    /// The point a ko forbids for the next move, 0 for none.
    ko: usize,
    /// The last move played, 0 for none or a pass.
    last_move: usize,
    offsets: [isize; 4],
    diagonal_offsets: [isize; 4],
}

impl PlayoutBoard {
    /// A playout board holding `board`'s stones; `forbidden` (per board point) marks
    /// points no playout may play on.
    pub(crate) fn new(board: &Board, forbidden: &[bool]) -> PlayoutBoard {
        let (width, height) = (board.width(), board.height());
        let stride = width + 2;
        let len = stride * (height + 2);
        let s = stride as isize;
        let mut pb = PlayoutBoard {
            width,
            height,
            stride,
            cells: vec![WALL; len],
            head: vec![0; len],
            next: vec![0; len],
            libs: vec![0; len],
            lib_sum: vec![0; len],
            lib_sum_sq: vec![0; len],
            size: vec![0; len],
            empties: Vec::with_capacity(width * height),
            empty_index: vec![0; len],
            forbidden: vec![false; len],
            ko: 0,
            last_move: 0,
            offsets: [-1, 1, -s, s],
            diagonal_offsets: [-s - 1, -s + 1, s - 1, s + 1],
        };
        for (p, &off_limits) in forbidden.iter().enumerate().take(board.len()) {
            let q = pb.padded(p);
            pb.cells[q] = EMPTY;
            pb.forbidden[q] = off_limits;
            pb.empty_index[q] = pb.empties.len() as u16;
            pb.empties.push(q as u16);
        }
        for p in 0..board.len() {
            if let Some(color) = board.get(p) {
                pb.put_stone(pb.padded(p), cell(color));
            }
        }
        pb
    }

    /// The padded index of a board point.
    pub(crate) fn padded(&self, p: usize) -> usize {
        (p / self.width + 1) * self.stride + p % self.width + 1
    }

    /// Number of board points.
    pub(crate) fn len(&self) -> usize {
        self.width * self.height
    }

    fn neighbor(&self, q: usize, i: usize) -> usize {
        (q as isize + self.offsets[i]) as usize
    }

    fn add_liberty(&mut self, h: usize, q: usize) {
        self.libs[h] += 1;
        self.lib_sum[h] += q as u64;
        self.lib_sum_sq[h] += (q * q) as u64;
    }

    fn remove_liberty(&mut self, h: usize, q: usize) {
        self.libs[h] -= 1;
        self.lib_sum[h] -= q as u64;
        self.lib_sum_sq[h] -= (q * q) as u64;
    }

    /// Whether the chain with head `h` has exactly one liberty.
    fn in_atari(&self, h: usize) -> bool {
        let n = self.libs[h] as u64;
        n > 0 && self.lib_sum[h] * self.lib_sum[h] == n * self.lib_sum_sq[h]
    }

    /// The single liberty of a chain in atari.
    fn atari_liberty(&self, h: usize) -> usize {
        (self.lib_sum[h] / self.libs[h] as u64) as usize
    }

    /// Places a stone of cell colour `c` on empty `q`, merging and capturing; returns how
    /// many stones it captured and the last captured point.
    fn put_stone(&mut self, q: usize, c: u8) -> (usize, usize) {
        self.cells[q] = c;
        let i = self.empty_index[q] as usize;
        let last = self.empties.pop().expect("an empty point is listed");
        if last as usize != q {
            self.empties[i] = last;
            self.empty_index[last as usize] = i as u16;
        }
        self.head[q] = q as u16;
        self.next[q] = q as u16;
        self.size[q] = 1;
        self.libs[q] = 0;
        self.lib_sum[q] = 0;
        self.lib_sum_sq[q] = 0;
        for i in 0..4 {
            let n = self.neighbor(q, i);
            match self.cells[n] {
                EMPTY => self.add_liberty(q, n),
                BLACK | WHITE => {
                    let h = self.head[n] as usize;
                    self.remove_liberty(h, q);
                }
                _ => {}
            }
        }
        for i in 0..4 {
            let n = self.neighbor(q, i);
            if self.cells[n] == c && self.head[n] != self.head[q] {
                self.merge(self.head[q] as usize, self.head[n] as usize);
            }
        }
        let mut captured = 0;
        let mut captured_at = 0;
        for i in 0..4 {
            let n = self.neighbor(q, i);
            if self.cells[n] == other(c) && self.libs[self.head[n] as usize] == 0 {
                captured += self.remove_chain(self.head[n] as usize);
                captured_at = n;
            }
        }
        (captured, captured_at)
    }

    /// Joins chain `b` into chain `a` (relabelling the smaller one).
    fn merge(&mut self, a: usize, b: usize) {
        let (keep, gone) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = gone;
        loop {
            self.head[s] = keep as u16;
            s = self.next[s] as usize;
            if s == gone {
                break;
            }
        }
        self.next.swap(keep, gone);
        self.size[keep] += self.size[gone];
        self.libs[keep] += self.libs[gone];
        self.lib_sum[keep] += self.lib_sum[gone];
        self.lib_sum_sq[keep] += self.lib_sum_sq[gone];
    }

    /// Takes the chain with head `h` off the board; returns its size.
    fn remove_chain(&mut self, h: usize) -> usize {
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.empty_index[s] = self.empties.len() as u16;
            self.empties.push(s as u16);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        let mut count = 0;
        loop {
            count += 1;
            for i in 0..4 {
                let n = self.neighbor(s, i);
                if matches!(self.cells[n], BLACK | WHITE) {
                    let hn = self.head[n] as usize;
                    self.add_liberty(hn, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        count
    }

    /// Whether colour `c` may play on empty `q`: not the ko point and not suicide.
    fn is_legal(&self, q: usize, c: u8) -> bool {
        if q == self.ko {
            return false;
        }
        if (0..4).any(|i| self.cells[self.neighbor(q, i)] == EMPTY) {
            return true;
        }
        for i in 0..4 {
            let n = self.neighbor(q, i);
            let v = self.cells[n];
            if v == EMPTY {
                return true;
            }
            if v == c || v == other(c) {
                let atari = self.in_atari(self.head[n] as usize);
                if (v == c) != atari {
                    return true;
                }
            }
        }
        false
    }

    /// Whether empty `q` is an eye of colour `c`: every neighbour is `c` (or the edge), and
    /// the diagonals hold too few opponent stones to make it false.
    fn is_eye(&self, q: usize, c: u8) -> bool {
        for i in 0..4 {
            let v = self.cells[self.neighbor(q, i)];
            if v != c && v != WALL {
                return false;
            }
        }
        let mut bad = 0;
        let mut edge = 0;
        for d in self.diagonal_offsets {
            match self.cells[(q as isize + d) as usize] {
                WALL => edge = 1,
                v if v == other(c) => bad += 1,
                _ => {}
            }
        }
        bad + edge < 2
    }

    /// For a legal move of `c` on `q`: the size of the chain it would make when that chain
    /// would have a single liberty (a self-atari); `None` when it captures or keeps two
    /// liberties or more.
    fn self_atari_size(&self, q: usize, c: u8) -> Option<usize> {
        let mut found = [0usize; 2];
        let mut count = 0;
        let note = |p: usize, found: &mut [usize; 2], count: &mut usize| {
            if p != q && !found[..*count].contains(&p) {
                found[*count] = p;
                *count += 1;
            }
        };
        let mut heads = [0usize; 4];
        let mut n_heads = 0;
        for i in 0..4 {
            let n = self.neighbor(q, i);
            match self.cells[n] {
                EMPTY => note(n, &mut found, &mut count),
                v if v == other(c) && self.in_atari(self.head[n] as usize) => return None,
                v if v == c => {
                    let h = self.head[n] as usize;
                    if !heads[..n_heads].contains(&h) {
                        heads[n_heads] = h;
                        n_heads += 1;
                    }
                }
                _ => {}
            }
            if count >= 2 {
                return None;
            }
        }
        let mut size = 1;
        for &h in &heads[..n_heads] {
            size += self.size[h] as usize;
            // The chain's pseudo-liberties other than `q` (counted once per adjacent stone),
            // from the running sums: none, all one point, or at least two points.
            let at_q = (0..4)
                .filter(|&i| {
                    let n = self.neighbor(q, i);
                    self.cells[n] == c && self.head[n] as usize == h
                })
                .count() as u64;
            let libs = u64::from(self.libs[h]) - at_q;
            if libs == 0 {
                continue;
            }
            let sum = self.lib_sum[h] - at_q * q as u64;
            let sum_sq = self.lib_sum_sq[h] - at_q * (q * q) as u64;
            if sum * sum != libs * sum_sq {
                return None;
            }
            note((sum / libs) as usize, &mut found, &mut count);
            if count >= 2 {
                return None;
            }
        }
        Some(size)
    }

    /// Plays a stone of cell colour `c` on `q` (legal) and updates ko and the last move.
    fn play(&mut self, q: usize, c: u8) {
        let (captured, captured_at) = self.put_stone(q, c);
        let h = self.head[q] as usize;
        self.ko = if captured == 1 && self.size[h] == 1 && self.in_atari(h) {
            captured_at
        } else {
            0
        };
        self.last_move = q;
    }

    /// A pass.
    fn pass(&mut self) {
        self.ko = 0;
        self.last_move = 0;
    }

    /// Whether a move of `c` on `q` is one a playout would play: legal, not forbidden, not
    /// filling its own eye, and not a self-atari of two or more stones (a lone stone may
    /// still throw in), so groups in seki are not thrown away at random.
    fn acceptable(&self, q: usize, c: u8) -> bool {
        if self.forbidden[q] || self.is_eye(q, c) || !self.is_legal(q, c) {
            return false;
        }
        !matches!(self.self_atari_size(q, c), Some(size) if size >= 2)
    }

    /// A reply to the last move: capture the chain it made if that chain is in atari, or
    /// save one of our chains it put in atari by extending.
    fn tactical_move(&self, c: u8) -> Option<usize> {
        let last = self.last_move;
        if last == 0 || self.cells[last] != other(c) {
            return None;
        }
        let h = self.head[last] as usize;
        if self.in_atari(h) {
            let q = self.atari_liberty(h);
            if self.acceptable(q, c) {
                return Some(q);
            }
        }
        for i in 0..4 {
            let n = self.neighbor(last, i);
            if self.cells[n] == c {
                let hn = self.head[n] as usize;
                if self.in_atari(hn) {
                    let q = self.atari_liberty(hn);
                    if self.acceptable(q, c) && self.self_atari_size(q, c).is_none() {
                        return Some(q);
                    }
                }
            }
        }
        None
    }

    /// Chooses a move for `c`, or `None` to pass.
    fn choose_move(&self, c: u8, rng: &mut Rng) -> Option<usize> {
        if let Some(q) = self.tactical_move(c) {
            if rng.chance(90) {
                return Some(q);
            }
        }
        let n = self.empties.len();
        if n == 0 {
            return None;
        }
        let start = rng.below(n);
        // Scan from a random point on, wrapping around.
        let (head, tail) = self.empties.split_at(start);
        tail.iter()
            .chain(head)
            .map(|&q| q as usize)
            .find(|&q| self.acceptable(q, c))
    }

    /// Plays a random game to its end (two passes in a row) with `first` to move, then
    /// adds each point's area owner (`+1` black, `-1` white, `0` nobody) to `ownership`,
    /// indexed by board point.
    pub(crate) fn playout(mut self, first: Color, rng: &mut Rng, ownership: &mut [i32]) {
        let mut c = cell(first);
        let mut passes = 0;
        let limit = 3 * self.len() + 20;
        for _ in 0..limit {
            if passes >= 2 {
                break;
            }
            match self.choose_move(c, rng) {
                Some(q) => {
                    self.play(q, c);
                    passes = 0;
                }
                None => {
                    self.pass();
                    passes += 1;
                }
            }
            c = other(c);
        }
        for (p, owner) in ownership.iter_mut().enumerate() {
            *owner += self.area_owner(self.padded(p));
        }
    }

    /// `+1` / `-1` / `0`: the stone on `q`, or the one colour next to empty `q`.
    fn area_owner(&self, q: usize) -> i32 {
        let mut seen = 0u8;
        match self.cells[q] {
            BLACK => return 1,
            WHITE => return -1,
            _ => {}
        }
        for i in 0..4 {
            let v = self.cells[self.neighbor(q, i)];
            if v == BLACK || v == WHITE {
                seen |= v;
            }
        }
        match seen {
            BLACK => 1,
            WHITE => -1,
            _ => 0,
        }
    }

    /// Checks the chain bookkeeping against a recount (tests only).
    #[cfg(test)]
    pub(crate) fn check_consistency(&self) {
        for q in 0..self.cells.len() {
            if !matches!(self.cells[q], BLACK | WHITE) || self.head[q] as usize != q {
                continue;
            }
            let (mut libs, mut sum, mut size) = (0u32, 0u64, 0u16);
            let mut s = q;
            loop {
                assert_eq!(self.head[s] as usize, q);
                assert_eq!(self.cells[s], self.cells[q]);
                size += 1;
                for i in 0..4 {
                    let n = self.neighbor(s, i);
                    if self.cells[n] == EMPTY {
                        libs += 1;
                        sum += n as u64;
                    }
                }
                s = self.next[s] as usize;
                if s == q {
                    break;
                }
            }
            assert_eq!(
                (libs, sum, size),
                (self.libs[q], self.lib_sum[q], self.size[q])
            );
        }
        let empty_count = self.cells.iter().filter(|&&v| v == EMPTY).count();
        assert_eq!(empty_count, self.empties.len());
        for (i, &e) in self.empties.iter().enumerate() {
            assert_eq!(self.cells[e as usize], EMPTY);
            assert_eq!(self.empty_index[e as usize] as usize, i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> PlayoutBoard {
        let b = Board::from_rows(rows).unwrap();
        PlayoutBoard::new(&b, &vec![false; b.len()])
    }

    #[test]
    fn captures_and_ko() {
        let mut pb = board(&[".XO..", "XO.O.", ".XO..", "....."]);
        pb.check_consistency();
        let at = |x: usize, y: usize| pb.padded(y * 5 + x);
        let (q, r) = (at(2, 1), at(1, 1));
        pb.play(q, BLACK);
        pb.check_consistency();
        assert_eq!(pb.cells[r], EMPTY, "the white stone is captured");
        assert_eq!(pb.ko, r);
        assert!(!pb.is_legal(r, WHITE), "immediate recapture is ko");
        pb.pass();
        assert!(pb.is_legal(r, WHITE));
    }

    #[test]
    fn suicide_eye_and_self_atari() {
        let pb = board(&[".X.X.", "XX.XX", ".....", "OOOOO", "....O"]);
        let at = |x: usize, y: usize| pb.padded(y * 5 + x);
        assert!(!pb.is_legal(at(0, 0), WHITE), "suicide");
        assert!(pb.is_eye(at(0, 0), BLACK));
        assert!(!pb.is_eye(at(2, 0), BLACK), "open below");
        assert_eq!(pb.self_atari_size(at(4, 4), BLACK), Some(1));
        assert_eq!(pb.self_atari_size(at(2, 2), BLACK), None);
    }

    #[test]
    fn playouts_keep_the_books_straight() {
        let b = Board::new(9, 9).unwrap();
        let mut rng = Rng::new(7);
        let mut own = vec![0; 81];
        for _ in 0..20 {
            let mut pb = PlayoutBoard::new(&b, &[false; 81]);
            let mut c = BLACK;
            for _ in 0..200 {
                if let Some(q) = pb.choose_move(c, &mut rng) {
                    pb.play(q, c);
                } else {
                    pb.pass();
                }
                pb.check_consistency();
                c = other(c);
            }
            pb.playout(Color::Black, &mut rng, &mut own);
        }
        assert!(own.iter().all(|&o| o.abs() <= 20));
    }
}
