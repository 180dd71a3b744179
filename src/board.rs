//! The board model: a rectangle of points, each empty or holding a stone, stored as a flat
//! array indexed `y * width + x`; chains of stones and their liberties, found iteratively;
//! and the one flood over points ([`Board::flood`]) that they and the estimator share.

use crate::error::{Error, ErrorKind, Number, QuotedChar, Result};
use std::fmt;

/// The largest width or height a board may have (SGF's limit).
pub const MAX_SIZE: usize = 52;

/// A stone colour, also used for the player to move and for owners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who moves first; sign `1`.
    Black,
    /// White; sign `-1`.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `1` for Black, `-1` for White (Sabaki's sign map convention).
    pub fn sign(self) -> i8 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }

    /// The colour of a sign, `None` for `0`.
    pub fn from_sign(sign: i8) -> Option<Color> {
        match sign.signum() {
            1 => Some(Color::Black),
            -1 => Some(Color::White),
            _ => None,
        }
    }

    /// `"black"` or `"white"`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// `0` for Black, `1` for White: an index into per-colour pairs.
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}

/// The sign of an optional colour: `1`, `-1` or `0`.
pub fn sign_of(color: Option<Color>) -> i8 {
    color.map_or(0, Color::sign)
}

/// A point of the board as a flat index, `y * width + x`.
pub type Point = usize;

/// A board position: stones only, no history.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    points: Vec<Option<Color>>,
}

impl Board {
    /// An empty board; width and height must each be 1 … 52.
    pub fn new(width: usize, height: usize) -> Result<Board> {
        check_side("width", width)?;
        check_side("height", height)?;
        Ok(Board {
            width,
            height,
            points: vec![None; width * height],
        })
    }

    /// Parses rows of `X` (black), `O` (white) and `.` (empty), row 0 at the top.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board> {
        let height = rows.len();
        let width = rows.first().map_or(0, |row| row.as_ref().chars().count());
        if height == 0 {
            return Err(Error::new(ErrorKind::InvalidBoard, "board has no rows"));
        }
        let mut board = Board::new(width, height)?;
        for (y, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            check_row_length(y, row.chars().count(), width)?;
            for (x, ch) in row.chars().enumerate() {
                board.points[y * width + x] = stone_of_char(x, y, ch)?;
            }
        }
        Ok(board)
    }

    /// Reads a diagram, as a teacher writes a position: rows of `X` (black), `O` (white),
    /// `.` or `+` (empty), and `x` / `o` for a black / white stone marked dead, row 0 at the
    /// top, separated by white space or `/`. Returns the board and the points of the stones
    /// marked dead, in reading order.
    pub fn from_diagram(text: &str) -> Result<(Board, Vec<Point>)> {
        let mut points = Vec::new();
        let mut dead = Vec::new();
        let (mut width, mut height, mut x) = (0, 0, 0);
        // A separator after the row's last point, or the text's end, closes the row.
        for ch in text.chars().chain([' ']) {
            if ch.is_ascii_whitespace() || ch == '/' {
                if x > 0 {
                    if height == 0 {
                        width = x;
                    }
                    check_row_length(height, x, width)?;
                    height += 1;
                    check_side("height", height)?;
                    x = 0;
                }
                continue;
            }
            let (stone, marked) = match ch {
                'X' => (Some(Color::Black), false),
                'O' => (Some(Color::White), false),
                'x' => (Some(Color::Black), true),
                'o' => (Some(Color::White), true),
                '.' | '+' => (None, false),
                _ => return Err(bad_point(x, height, ch, "'X', 'O', 'x', 'o', '.' or '+'")),
            };
            if marked {
                dead.push(points.len());
            }
            points.push(stone);
            x += 1;
            // A row too long for any board is refused at once, not read to its end; so is
            // the first row, which sets the width.
            check_side("width", x)?;
        }
        if height == 0 {
            return Err(Error::new(ErrorKind::InvalidBoard, "board has no rows"));
        }
        Ok((
            Board {
                width,
                height,
                points,
            },
            dead,
        ))
    }

    /// Parses a sign map: rows of `1` (black), `-1` (white), `0` (empty).
    pub fn from_signs<R: AsRef<[i8]>>(rows: &[R]) -> Result<Board> {
        let height = rows.len();
        if height == 0 {
            return Err(Error::new(ErrorKind::InvalidBoard, "board has no rows"));
        }
        let width = rows[0].as_ref().len();
        let mut board = Board::new(width, height)?;
        for (y, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            check_row_length(y, row.len(), width)?;
            for (x, &sign) in row.iter().enumerate() {
                board.points[y * width + x] = stone_of_sign(x, y, sign.into())?;
            }
        }
        Ok(board)
    }

    /// A board given flat, row by row, `width` cells to a row (`cells.len()` must be a
    /// multiple of `width`), each cell a sign (`1`, `-1`, `0`) or a byte of a row of the row
    /// notation (`X`, `O`, `.`; any byte from 32 on is read as [`Board::from_rows`] reads a
    /// character): the same board as [`Board::from_signs`] or [`Board::from_rows`] on its
    /// rows, without a check per point that can fail.
    pub fn from_flat_cells(width: usize, cells: &[i8]) -> Result<Board> {
        debug_assert!(width > 0 && cells.len() % width == 0);
        let mut board = Board::new(width, cells.len() / width.max(1))?;
        for (p, (point, &cell)) in board.points.iter_mut().zip(cells).enumerate() {
            let (x, y) = (p % width, p / width);
            *point = match cell {
                1 => Some(Color::Black),
                -1 => Some(Color::White),
                0 => None,
                32..=i8::MAX => stone_of_char(x, y, char::from(cell as u8))?,
                _ => return Err(bad_sign(x, y, cell.into())),
            };
        }
        Ok(board)
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of points, `width * height`.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Always false: a board has at least one point. (For clippy's `len` convention.)
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The flat index of vertex `(x, y)`; the vertex must be on the board.
    pub fn point(&self, x: usize, y: usize) -> Point {
        debug_assert!(x < self.width && y < self.height);
        y * self.width + x
    }

    /// The vertex `(x, y)` of a flat index.
    #[inline]
    pub fn vertex(&self, p: Point) -> (usize, usize) {
        (p % self.width, p / self.width)
    }

    /// The flat index of `(x, y)` when it is on the board.
    pub fn checked_point(&self, x: i64, y: i64) -> Option<Point> {
        let on_board = x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height;
        on_board.then(|| y as usize * self.width + x as usize)
    }

    /// The stone on `p`, if any.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        self.points[p]
    }

    /// Puts a stone on `p`, or empties it with `None`. No capture logic.
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        self.points[p] = stone;
    }

    /// Every point's content, flat.
    pub fn points(&self) -> &[Option<Color>] {
        &self.points
    }

    /// The (two to four) orthogonal neighbours of `p`.
    #[inline]
    pub fn neighbors(&self, p: Point) -> Neighbors {
        // One 32-bit remainder and no division: this runs for every point of every flood.
        let x = (p as u32 % self.width as u32) as usize;
        let mut list = [0; 4];
        let mut len = 0;
        if x > 0 {
            list[len] = p - 1;
            len += 1;
        }
        if x + 1 < self.width {
            list[len] = p + 1;
            len += 1;
        }
        if p >= self.width {
            list[len] = p - self.width;
            len += 1;
        }
        if p + self.width < self.points.len() {
            list[len] = p + self.width;
            len += 1;
        }
        Neighbors { list, len, next: 0 }
    }

    /// The (up to four) diagonal neighbours of `p`.
    #[inline]
    pub fn diagonals(&self, p: Point) -> Neighbors {
        let (x, y) = self.vertex(p);
        let mut list = [0; 4];
        let mut len = 0;
        for (dx, dy) in [(-1i64, -1i64), (1, -1), (-1, 1), (1, 1)] {
            if let Some(q) = self.checked_point(x as i64 + dx, y as i64 + dy) {
                list[len] = q;
                len += 1;
            }
        }
        Neighbors { list, len, next: 0 }
    }

    /// The stones of the chain through `p` (which must hold a stone), found iteratively.
    pub fn chain(&self, p: Point) -> Vec<Point> {
        let color = self.points[p];
        debug_assert!(color.is_some());
        let mut chain = vec![p];
        self.flood(&mut chain, &mut vec![false; self.len()], &mut |n| {
            self.points[n] == color
        });
        chain
    }

    /// The one flood over points: from the points in `reached`, which it marks in `seen`,
    /// breadth first through every unmarked neighbour of a reached point that `through`
    /// lets in, marking it and appending it to `reached`. A neighbour refused stays
    /// unmarked, so `through` meets it again beside each reached point (which is how
    /// callers gather liberties and borders). `seen` may carry marks of earlier floods:
    /// marked points are neither entered nor offered to `through`. One copy for every
    /// caller (`dyn`, not generic): the wasm module holds it once.
    pub(crate) fn flood(
        &self,
        reached: &mut Vec<Point>,
        seen: &mut [bool],
        through: &mut dyn FnMut(Point) -> bool,
    ) {
        self.flood_at_most(reached, seen, usize::MAX, through);
    }

    /// [`Board::flood`] that gives up, returning `false`, when it would reach more than
    /// `most` points (what it reached so far is left in `reached` and `seen`).
    pub(crate) fn flood_at_most(
        &self,
        reached: &mut Vec<Point>,
        seen: &mut [bool],
        most: usize,
        through: &mut dyn FnMut(Point) -> bool,
    ) -> bool {
        for &p in reached.iter() {
            seen[p] = true;
        }
        let mut i = 0;
        while i < reached.len() {
            for n in self.neighbors(reached[i]) {
                if !seen[n] && through(n) {
                    if reached.len() == most {
                        return false;
                    }
                    seen[n] = true;
                    reached.push(n);
                }
            }
            i += 1;
        }
        true
    }

    /// Whether the chain through `p` (which must hold a stone) has a liberty.
    pub(crate) fn has_liberty(&self, p: Point) -> bool {
        self.chain(p)
            .iter()
            .any(|&q| self.neighbors(q).any(|n| self.points[n].is_none()))
    }

    /// The number of liberties of the chain through `p` (which must hold a stone).
    pub(crate) fn liberty_count(&self, p: Point) -> usize {
        let mut liberties: Vec<Point> = self
            .chain(p)
            .iter()
            .flat_map(|&q| self.neighbors(q))
            .filter(|&n| self.points[n].is_none())
            .collect();
        liberties.sort_unstable();
        liberties.dedup();
        liberties.len()
    }

    /// Puts a `color` stone on the empty point `p` and takes off the opponent chains it
    /// leaves without a liberty; returns their stones. The stone's own chain may be left
    /// without a liberty: whether that suicide is allowed is the caller's to say.
    pub(crate) fn place(&mut self, p: Point, color: Color) -> Vec<Point> {
        self.points[p] = Some(color);
        let mut captured = Vec::new();
        for n in self.neighbors(p) {
            // A chain already taken off through another neighbour is empty now.
            if self.points[n] == Some(color.opponent()) && !self.has_liberty(n) {
                for q in self.chain(n) {
                    self.points[q] = None;
                    captured.push(q);
                }
            }
        }
        captured
    }

    /// All chains of the board with their liberties, labelled in one pass.
    pub fn chains(&self) -> ChainMap {
        let mut chain_of = vec![NO_CHAIN; self.len()];
        let mut chains = Vec::new();
        let mut liberty_mark = vec![NO_CHAIN; self.len()];
        let mut seen = vec![false; self.len()];
        for start in 0..self.len() {
            let Some(color) = self.points[start] else {
                continue;
            };
            if seen[start] {
                continue;
            }
            let id = chains.len() as u32;
            let mut stones = vec![start];
            let mut liberties = Vec::new();
            self.flood(&mut stones, &mut seen, &mut |n| match self.points[n] {
                Some(c) => c == color,
                None => {
                    if liberty_mark[n] != id {
                        liberty_mark[n] = id;
                        liberties.push(n);
                    }
                    false
                }
            });
            for &q in &stones {
                chain_of[q] = id;
            }
            stones.sort_unstable();
            liberties.sort_unstable();
            chains.push(Chain {
                color,
                stones,
                liberties,
            });
        }
        ChainMap { chain_of, chains }
    }

    /// Checks that every chain has at least one liberty (a legal position); the error names
    /// the first such chain's first point in reading order.
    pub fn check_liberties(&self) -> Result<()> {
        self.checked_chain_labels().map(|_| ())
    }

    /// Chain labels ([`Board::label_components`] over stones of one colour), after checking
    /// that every chain has a liberty, as [`Board::check_liberties`] does.
    pub fn checked_chain_labels(&self) -> Result<Labels> {
        let labels = self.label_components(|p| self.points[p].map_or(0, |c| 1 + c.index() as u8));
        let mut free = vec![false; labels.count];
        let (width, len) = (self.width, self.points.len());
        let empty = |q: Point| self.points[q].is_none();
        let mut p = 0;
        for _y in 0..self.height {
            for x in 0..width {
                if self.points[p].is_some()
                    && ((x > 0 && empty(p - 1))
                        || (x + 1 < width && empty(p + 1))
                        || (p >= width && empty(p - width))
                        || (p + width < len && empty(p + width)))
                {
                    free[labels.of[p] as usize] = true;
                }
                p += 1;
            }
        }
        if let Some(p) = (0..self.len()).find(|&p| {
            let label = labels.of[p];
            label != NO_LABEL && !free[label as usize]
        }) {
            let (x, y) = self.vertex(p);
            let color = self.points[p].map_or("", Color::name);
            return Err(Error::new(
                ErrorKind::IllegalPosition,
                format!("the {color} chain at [{x}, {y}] has no liberties"),
            ));
        }
        Ok(labels)
    }

    /// Connected components in one scan with union-find (no flood, no recursion): points
    /// whose `class(p)` is the same non-zero value and that are orthogonal neighbours share a
    /// label. Labels count up from 0 in reading order of each component's first point;
    /// points of class 0 get [`NO_LABEL`].
    pub fn label_components(&self, class: impl Fn(Point) -> u8) -> Labels {
        let (width, len) = (self.width, self.points.len());
        let classes: Vec<u8> = (0..len).map(class).collect();
        // parent[p] ≤ p: a tree's root is its component's first point in reading order.
        let mut parent = vec![NO_LABEL; len];
        fn root(parent: &[u32], mut p: u32) -> u32 {
            while parent[p as usize] != p {
                p = parent[p as usize];
            }
            p
        }
        let mut p = 0;
        for _y in 0..self.height {
            for x in 0..width {
                let c = classes[p];
                if c != 0 {
                    let left = x > 0 && classes[p - 1] == c;
                    let up = p >= width && classes[p - width] == c;
                    parent[p] = match (left, up) {
                        (false, false) => p as u32,
                        (true, false) => parent[p - 1],
                        (false, true) => parent[p - width],
                        (true, true) => {
                            let (a, b) = (
                                root(&parent, p as u32 - 1),
                                root(&parent, (p - width) as u32),
                            );
                            let (low, high) = if a < b { (a, b) } else { (b, a) };
                            parent[high as usize] = low;
                            low
                        }
                    };
                }
                p += 1;
            }
        }
        // In reading order every smaller point already points at its final root, so one
        // look-up resolves each point; roots then take the next label.
        let mut of = vec![NO_LABEL; len];
        let mut count = 0;
        for p in 0..len {
            let q = parent[p];
            if q == NO_LABEL {
                continue;
            }
            let r = parent[q as usize];
            parent[p] = r;
            of[p] = if r as usize == p {
                count += 1;
                (count - 1) as u32
            } else {
                of[r as usize]
            };
        }
        Labels { of, count }
    }

    /// The board as rows of `X` (black), `O` (white) and `.` (empty), row 0 first: the
    /// inverse of [`Board::from_rows`].
    pub fn rows(&self) -> Vec<String> {
        self.points
            .chunks(self.width)
            .map(|row| {
                row.iter()
                    .map(|s| match s {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Number of stones of `color` on the board.
    pub fn count(&self, color: Color) -> usize {
        self.points.iter().filter(|&&s| s == Some(color)).count()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.width, self.height)?;
        for row in self.rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// Iterator over a point's neighbours; no allocation.
#[derive(Clone, Copy, Debug)]
pub struct Neighbors {
    list: [Point; 4],
    len: usize,
    next: usize,
}

impl Iterator for Neighbors {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.list[self.next - 1]
        })
    }
}

/// Marks a point that belongs to no chain in [`ChainMap::chain_of`].
pub const NO_CHAIN: u32 = u32::MAX;

/// Marks a point outside every component in [`Labels::of`].
pub const NO_LABEL: u32 = u32::MAX;

/// Connected components found by [`Board::label_components`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    /// Component per point, [`NO_LABEL`] outside them all.
    pub of: Vec<u32>,
    /// How many components.
    pub count: usize,
}

/// A maximal set of orthogonally connected stones of one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The chain's colour.
    pub color: Color,
    /// Its stones, ascending.
    pub stones: Vec<Point>,
    /// The empty points next to it, ascending.
    pub liberties: Vec<Point>,
}

/// Every chain of a board, and which chain each point belongs to.
#[derive(Clone, Debug)]
pub struct ChainMap {
    /// Chain id per point, [`NO_CHAIN`] on empty points.
    pub chain_of: Vec<u32>,
    /// Chains in order of their first stone in reading order.
    pub chains: Vec<Chain>,
}

impl ChainMap {
    /// Marks the stones of every chain `keep` accepts, a flag per point.
    pub fn stones_where(&self, keep: impl Fn(&Chain) -> bool) -> Vec<bool> {
        let mut marked = vec![false; self.chain_of.len()];
        for chain in self.chains.iter().filter(|&chain| keep(chain)) {
            for &p in &chain.stones {
                marked[p] = true;
            }
        }
        marked
    }
}

/// The stone of point `[x, y]` given as `'X'`, `'O'` or `'.'`.
pub(crate) fn stone_of_char(x: usize, y: usize, ch: char) -> Result<Option<Color>> {
    match ch {
        'X' => Ok(Some(Color::Black)),
        'O' => Ok(Some(Color::White)),
        '.' => Ok(None),
        _ => Err(bad_point(x, y, ch, "'X', 'O' or '.'")),
    }
}

/// The error for point `[x, y]` of rows written as text holding `ch`, not one of `expected`.
fn bad_point(x: usize, y: usize, ch: char, expected: &str) -> Error {
    Error::new(
        ErrorKind::InvalidBoard,
        format!(
            "board point [{x}, {y}] is {}; expected {expected}",
            QuotedChar(ch)
        ),
    )
}

/// The stone of point `[x, y]` given as a sign: `1`, `-1` or `0`.
pub(crate) fn stone_of_sign(x: usize, y: usize, sign: f64) -> Result<Option<Color>> {
    match sign {
        1.0 => Ok(Some(Color::Black)),
        -1.0 => Ok(Some(Color::White)),
        0.0 => Ok(None),
        _ => Err(bad_sign(x, y, sign)),
    }
}

/// The error for a point of a sign map that is not -1, 0 or 1.
fn bad_sign(x: usize, y: usize, sign: f64) -> Error {
    Error::new(
        ErrorKind::InvalidBoard,
        format!(
            "board point [{x}, {y}] is {}; expected -1, 0 or 1",
            Number(sign)
        ),
    )
}

/// Checks that a board's side `name` (`"width"` or `"height"`) of `value` points is one it
/// can have: 1 … [`MAX_SIZE`].
fn check_side(name: &str, value: usize) -> Result<()> {
    if (1..=MAX_SIZE).contains(&value) {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::InvalidBoard,
        format!("board {name} is {value}; it must be 1 … {MAX_SIZE}"),
    ))
}

/// Checks that row `y` of a board given row by row has the first row's `width` points.
pub(crate) fn check_row_length(y: usize, len: usize, width: usize) -> Result<()> {
    if len == width {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::InvalidBoard,
        format!("board row {y} has {len} points, expected {width}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_cells_are_signs_or_row_characters() {
        let cells: Vec<i8> = [1, -1, 0]
            .into_iter()
            .chain(".XO".bytes().map(|b| b as i8))
            .collect();
        let board = Board::from_flat_cells(3, &cells).unwrap();
        assert_eq!(board, Board::from_rows(&["XO.", ".XO"]).unwrap());
        let bad = |cells: &[i8]| {
            Board::from_flat_cells(2, cells)
                .unwrap_err()
                .message()
                .to_owned()
        };
        assert_eq!(bad(&[0, 2]), "board point [1, 0] is 2; expected -1, 0 or 1");
        assert_eq!(
            bad(&[0, b'x' as i8]),
            "board point [1, 0] is 'x'; expected 'X', 'O' or '.'"
        );
    }

    #[test]
    fn parses_rows_and_signs_alike() {
        let a = Board::from_rows(&["X.O", "..."]).unwrap();
        let b = Board::from_signs(&[vec![1, 0, -1], vec![0, 0, 0]]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.rows(), ["X.O", "..."]);
        assert_eq!(a.get(a.point(0, 0)), Some(Color::Black));
        assert_eq!(a.get(a.point(2, 0)), Some(Color::White));
        assert_eq!((a.width(), a.height()), (3, 2));
    }

    #[test]
    fn rejects_ragged_rows_and_bad_values() {
        let err = Board::from_rows(&["XX", "X"]).unwrap_err();
        assert_eq!(err.message(), "board row 1 has 1 points, expected 2");
        let err = Board::from_signs(&[vec![0, 2]]).unwrap_err();
        assert_eq!(
            err.message(),
            "board point [1, 0] is 2; expected -1, 0 or 1"
        );
        let err = Board::from_rows(&["X?"]).unwrap_err();
        assert!(err.message().contains("[1, 0]"), "{}", err.message());
        assert!(Board::new(53, 1).is_err());
        assert!(Board::new(0, 5).is_err());
        assert!(Board::new(52, 52).is_ok());
    }

    #[test]
    fn neighbours_at_corners_edges_and_centre() {
        let b = Board::new(3, 3).unwrap();
        let mut corner: Vec<_> = b.neighbors(0).collect();
        corner.sort();
        assert_eq!(corner, vec![1, 3]);
        assert_eq!(b.neighbors(1).count(), 3);
        assert_eq!(b.neighbors(4).count(), 4);
        assert_eq!(b.diagonals(4).count(), 4);
        assert_eq!(b.diagonals(0).collect::<Vec<_>>(), vec![4]);
        let line = Board::new(1, 1).unwrap();
        assert_eq!(line.neighbors(0).count(), 0);
    }

    #[test]
    fn chains_and_liberties() {
        let b = Board::from_rows(&["XXO", "X.O", "OOO"]).unwrap();
        let map = b.chains();
        assert_eq!(map.chains.len(), 2);
        let black = &map.chains[map.chain_of[0] as usize];
        assert_eq!(black.stones, vec![0, 1, 3]);
        assert_eq!(black.liberties, vec![4]);
        let white = &map.chains[map.chain_of[2] as usize];
        assert_eq!(white.stones.len(), 5);
        assert_eq!(white.liberties, vec![4]);
        assert!(b.check_liberties().is_ok());
        let mut chain = b.chain(0);
        chain.sort();
        assert_eq!(chain, vec![0, 1, 3]);
    }

    #[test]
    fn the_flood_enters_what_its_test_lets_in_offers_the_rest_again_and_stops_at_its_limit() {
        // Black's wall on column 2 shuts in the six points on its left.
        let b = Board::from_rows(&["..X..", "..X..", "..X.."]).unwrap();
        let mut seen = vec![false; b.len()];
        let mut left = vec![0];
        let mut walls = Vec::new();
        b.flood(&mut left, &mut seen, &mut |n| {
            let empty = b.get(n).is_none();
            if !empty {
                walls.push(n);
            }
            empty
        });
        left.sort_unstable();
        assert_eq!(left, [0, 1, 5, 6, 10, 11]);
        walls.sort_unstable();
        assert_eq!(
            walls,
            [2, 7, 12],
            "each wall stone beside one reached point"
        );
        // The marks left stop a later flood: from the right it takes the wall, not the left.
        let mut right = vec![4];
        b.flood(&mut right, &mut seen, &mut |_| true);
        right.sort_unstable();
        assert_eq!(right, [2, 3, 4, 7, 8, 9, 12, 13, 14]);
        // Six points fit in six, not in five; the seeds count and come first.
        let empty = &mut |n| b.get(n).is_none();
        for (most, fits) in [(6, true), (5, false)] {
            let mut reached = vec![0];
            let fit = b.flood_at_most(&mut reached, &mut vec![false; b.len()], most, empty);
            assert_eq!((fit, reached.len(), reached[0]), (fits, most, 0));
        }
    }

    #[test]
    fn chain_without_liberties_is_reported() {
        let b = Board::from_rows(&["XO.", "O..", "..."]).unwrap();
        let err = b.check_liberties().unwrap_err();
        assert_eq!(err.message(), "the black chain at [0, 0] has no liberties");
        assert_eq!(err.kind(), ErrorKind::IllegalPosition);
    }

    #[test]
    fn deep_chain_on_largest_board_does_not_recurse() {
        let mut b = Board::new(52, 52).unwrap();
        for p in 0..b.len() - 1 {
            b.set(p, Some(Color::Black));
        }
        assert_eq!(b.chain(0).len(), 52 * 52 - 1);
        assert!(b.check_liberties().is_ok());
    }

    /// The scan labelling against flood fills: the same components, numbered in reading order
    /// of their first points, on random boards of many shapes (spirals and combs included).
    #[test]
    fn labels_match_flood_fill() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for round in 0..300 {
            let (width, height) = (1 + next(20) as usize, 1 + next(20) as usize);
            let mut b = Board::new(width, height).unwrap();
            let density = 1 + next(4);
            for p in 0..b.len() {
                if next(4) < density {
                    b.set(p, Color::from_sign([1, -1][next(2) as usize]));
                }
            }
            // Every third board: a comb, whose teeth join only at the bottom row.
            if round % 3 == 0 {
                for p in 0..b.len() {
                    let (x, y) = b.vertex(p);
                    b.set(p, (x % 2 == 0 || y + 1 == height).then_some(Color::Black));
                }
            }
            let labels = b.label_components(|p| b.get(p).map_or(0, |c| 1 + c.index() as u8));
            let map = b.chains();
            assert_eq!(labels.count, map.chains.len(), "round {round}");
            for p in 0..b.len() {
                assert_eq!(labels.of[p], map.chain_of[p], "round {round} point {p}");
            }
        }
    }
}
