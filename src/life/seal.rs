//! Seals: empty points where one colour's stones shut the way. An opponent stone played
//! there would stand in a mouth of the owner's stones (between two stones of a one-point
//! jump, in a tiger's mouth, on the first line between stones); for reachability the
//! opponent may arrive on such a point but cannot pass through it.

use super::grid::{dead_code, living_code, Grid, EMPTY, OFF};
use crate::board::Color;

/// What a cell of a shape must hold, for the colour that owns the shape.
#[derive(Clone, Copy)]
enum Need {
    /// A living stone of the owner.
    Own,
    /// Anything the opponent has no living stone on: empty, the owner's living stone, or
    /// a dead opponent stone.
    Free,
    /// Off the board.
    Edge,
}

use Need::{Edge, Free, Own};

/// One shape around the sealed point, as (steps along the shape's axis, steps across it,
/// what the cell must hold). The axis and its cross direction take all eight orientations.
type Shape = &'static [(i8, i8, Need)];

const SHAPES: [Shape; 6] = [
    // A stone on each side along the axis, the diagonal behind one of them the owner's
    // too: the point is a tiger's mouth opening to one side.
    &[
        (-1, 0, Own),
        (-1, 1, Own),
        (1, 0, Own),
        (0, 1, Free),
        (1, 1, Free),
    ],
    // The gap of a one-point jump, open on one side.
    &[
        (-1, 0, Own),
        (1, 0, Own),
        (-1, -1, Free),
        (0, -1, Free),
        (1, -1, Free),
        (0, 1, Free),
    ],
    // One stone across, two diagonal stones on the far side: the point sits in a mouth.
    &[
        (0, 1, Own),
        (-1, -1, Own),
        (1, -1, Own),
        (-1, 0, Free),
        (-1, 1, Free),
        (0, -1, Free),
        (1, 0, Free),
        (1, 1, Free),
    ],
    // First line, a stone on each side along the edge.
    &[(1, 0, Edge), (0, -1, Own), (0, 1, Own), (-1, 0, Free)],
    // First line, a stone above and one diagonally above.
    &[(1, 0, Edge), (-1, 0, Own), (-1, 1, Own), (0, 1, Free)],
    // First line, a stone above, the point open along the edge.
    &[
        (1, 0, Edge),
        (-1, 0, Own),
        (-1, -1, Free),
        (0, -1, Free),
        (0, 1, Free),
    ],
];

/// The bit of the neighbourhood cell at offset `(dx, dy)` from the centre, `-1 ..= 1` each.
const fn bit(dx: i8, dy: i8) -> u8 {
    let index = (dy + 1) * 3 + (dx + 1);
    let index = if index > 4 { index - 1 } else { index };
    1 << index
}

/// One oriented shape as three masks over the eight cells around the point: cells that must
/// hold the owner's living stone, cells that must be free, cells that must be off the board.
#[derive(Clone, Copy)]
struct Masks {
    own: u8,
    free: u8,
    edge: u8,
}

/// Every shape in its eight orientations: the shape's axis along each of the four
/// directions, its cross direction either way.
const fn oriented_shapes() -> [Masks; 48] {
    let mut out = [Masks {
        own: 0,
        free: 0,
        edge: 0,
    }; 48];
    let directions: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let mut k = 0;
    let mut d = 0;
    while d < 4 {
        let along = directions[d];
        let crosses: [(i8, i8); 2] = if along.0 == 0 {
            [(1, 0), (-1, 0)]
        } else {
            [(0, 1), (0, -1)]
        };
        let mut x = 0;
        while x < 2 {
            let across = crosses[x];
            let mut i = 0;
            while i < SHAPES.len() {
                let shape = SHAPES[i];
                let mut masks = Masks {
                    own: 0,
                    free: 0,
                    edge: 0,
                };
                let mut j = 0;
                while j < shape.len() {
                    let (a, b, need) = shape[j];
                    let cell = bit(a * along.0 + b * across.0, a * along.1 + b * across.1);
                    match need {
                        Own => masks.own |= cell,
                        Free => masks.free |= cell,
                        Edge => masks.edge |= cell,
                    }
                    j += 1;
                }
                out[k] = masks;
                k += 1;
                i += 1;
            }
            x += 1;
        }
        d += 1;
    }
    out
}

const ORIENTED: [Masks; 48] = oriented_shapes();

/// For each set of cells holding the owner's stones, which oriented shapes (bits of a
/// `u64`) those stones satisfy: only these need their other cells checked.
const fn candidates() -> [u64; 256] {
    let mut out = [0u64; 256];
    let mut own = 0;
    while own < 256 {
        let mut i = 0;
        while i < ORIENTED.len() {
            if own as u8 & ORIENTED[i].own == ORIENTED[i].own {
                out[own] |= 1 << i;
            }
            i += 1;
        }
        own += 1;
    }
    out
}

const CANDIDATES: [u64; 256] = candidates();

/// Marks every sealed point: `seals[c]` is `1 + colour index` of the owner, or 0. Where
/// both colours' shapes match (they cannot in practice), White's mark stands.
///
/// A seal needs a stone of its owner beside it and only ever stops the opponent, so it
/// matters only on points both colours reach: only the `contested` cells are examined.
pub fn mark_seals(grid: &Grid, contested: &[u32], seals: &mut Vec<u8>) {
    seals.clear();
    seals.resize(grid.len(), 0);
    let s = grid.stride as isize;
    let around: [(isize, u8); 8] = [
        (-s - 1, bit(-1, -1)),
        (-s, bit(0, -1)),
        (-s + 1, bit(1, -1)),
        (-1, bit(-1, 0)),
        (1, bit(1, 0)),
        (s - 1, bit(-1, 1)),
        (s, bit(0, 1)),
        (s + 1, bit(1, 1)),
    ];
    for &c in contested {
        let c = c as usize;
        if grid.cells[c] != EMPTY {
            continue;
        }
        // The eight cells around, as one mask per cell code: each colour's living stones,
        // dead stones of each colour, empty points, off-board cells.
        let mut by_code = [0u8; OFF as usize + 1];
        for &(offset, b) in &around {
            by_code[grid.cells[(c as isize + offset) as usize] as usize] |= b;
        }
        let empty = by_code[EMPTY as usize];
        let edge = by_code[OFF as usize];
        let living = Color::BOTH.map(|color| by_code[living_code(color) as usize]);
        let dead = Color::BOTH.map(|color| by_code[dead_code(color) as usize]);
        let orthogonal = bit(0, -1) | bit(-1, 0) | bit(1, 0) | bit(0, 1);
        for owner in Color::BOTH {
            let own = living[owner.index()];
            if own & orthogonal == 0 {
                continue;
            }
            let free = own | empty | dead[owner.opponent().index()];
            let mut candidates = CANDIDATES[own as usize];
            while candidates != 0 {
                let m = ORIENTED[candidates.trailing_zeros() as usize];
                candidates &= candidates - 1;
                if free & m.free == m.free && edge & m.edge == m.edge {
                    seals[c] = 1 + owner.index() as u8;
                    break;
                }
            }
        }
    }
}
