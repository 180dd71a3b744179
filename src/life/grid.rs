//! The board copied into a padded grid: one ring of off-board cells around it, so every
//! neighbour and diagonal of an on-board cell is an index without bounds checks.

use crate::board::Color;

/// An empty point (dead stones are not taken off in the grid; they keep their own codes).
pub const EMPTY: u8 = 0;
/// Off the board: the padding ring.
pub const OFF: u8 = 5;

/// The code of a living stone of `color`.
pub fn living_code(color: Color) -> u8 {
    1 + color.index() as u8
}

/// The code of a dead stone of `color`.
pub fn dead_code(color: Color) -> u8 {
    3 + color.index() as u8
}

/// Whether a cell code is an on-board cell without a living stone.
#[inline]
pub fn is_open_code(code: u8) -> bool {
    !matches!(code, 1 | 2 | OFF)
}

/// Marks "none" in per-cell id arrays.
pub const NONE: u32 = u32::MAX;

/// The board and its dead marks on a padded flat array, `stride = width + 2`.
pub struct Grid {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Row length of the padded array.
    pub stride: usize,
    /// Per cell: [`EMPTY`], a living or dead stone code, or [`OFF`].
    pub cells: Vec<u8>,
}

impl Grid {
    /// A padded grid for a `width` × `height` board with every cell still [`OFF`]: the
    /// analysis copies the board in while it sets the first per-cell layer.
    pub fn off_board(width: usize, height: usize) -> Grid {
        let stride = width + 2;
        Grid {
            width,
            height,
            stride,
            cells: vec![OFF; stride * (height + 2)],
        }
    }

    /// Number of cells, padding included.
    #[inline]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// The four orthogonal neighbours of a cell (some may be [`OFF`]).
    #[inline]
    pub fn neighbors(&self, c: usize) -> [usize; 4] {
        [c - 1, c + 1, c - self.stride, c + self.stride]
    }

    /// The stone colour on a cell, living or dead.
    #[inline]
    pub fn stone(&self, c: usize) -> Option<Color> {
        match self.cells[c] {
            1 | 3 => Some(Color::Black),
            2 | 4 => Some(Color::White),
            _ => None,
        }
    }

    /// The colour of a living stone on a cell.
    #[inline]
    pub fn living(&self, c: usize) -> Option<Color> {
        match self.cells[c] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Whether the cell is on the board and holds no living stone.
    #[inline]
    pub fn is_open(&self, c: usize) -> bool {
        is_open_code(self.cells[c])
    }

    /// Whether an on-board cell lies on the first line.
    #[inline]
    pub fn on_edge(&self, c: usize) -> bool {
        let (x, y) = (c % self.stride, c / self.stride);
        x == 1 || y == 1 || x == self.width || y == self.height
    }
}

/// A stack of cells for the floods, with a slot for every cell of the grid: a flood pushes
/// a cell only when it marks it, so it never needs more. Its top stays in a register, where
/// a `Vec` that may grow keeps writing its length back to memory at every push and pop
/// (measured in wasm, where that is most of a flood's cost per cell).
pub struct CellStack<'a> {
    slots: &'a mut [u32],
    top: usize,
}

impl<'a> CellStack<'a> {
    /// An empty stack over `slots`, which must hold one slot per grid cell.
    #[inline]
    pub fn new(slots: &'a mut [u32]) -> Self {
        CellStack { slots, top: 0 }
    }

    /// Pushes cell `c`.
    #[inline]
    pub fn push(&mut self, c: usize) {
        self.slots[self.top] = c as u32;
        self.top += 1;
    }

    /// Pops the last cell pushed.
    #[inline]
    pub fn pop(&mut self) -> Option<usize> {
        self.top = self.top.checked_sub(1)?;
        Some(self.slots[self.top] as usize)
    }
}
