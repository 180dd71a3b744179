//! Seals: empty points where one colour's stones shut the way. An opponent stone played
//! there would stand in a mouth of the owner's stones (between two stones of a one-point
//! jump, in a tiger's mouth, on the first line between stones); for reachability the
//! opponent may arrive on such a point but cannot pass through it.

use super::grid::{Grid, EMPTY, OFF};
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

/// Marks every sealed point: `seals[c]` is `1 + colour index` of the owner, or 0. Where
/// both colours' shapes match (they cannot in practice), White's mark stands.
///
/// A seal needs a stone of its owner beside it and only ever stops the opponent, so it
/// matters only on points both colours reach: only cells whose `reach` byte has `contested`
/// set are examined.
pub fn mark_seals(grid: &Grid, reach: &[u8], contested: u8, seals: &mut Vec<u8>) {
    seals.clear();
    seals.resize(grid.len(), 0);
    let s = grid.stride as isize;
    let axes: [isize; 4] = [s, -s, 1, -1];
    for (c, seal) in seals.iter_mut().enumerate() {
        if grid.cells[c] != EMPTY || reach[c] & contested == 0 {
            continue;
        }
        for owner in Color::BOTH {
            let own = super::grid::living_code(owner);
            let dead_opponent = super::grid::dead_code(owner.opponent());
            if !grid.neighbors(c).iter().any(|&n| grid.cells[n] == own) {
                continue;
            }
            let holds = |cell: usize, need: Need| {
                let v = grid.cells[cell];
                match need {
                    Own => v == own,
                    Free => v == EMPTY || v == own || v == dead_opponent,
                    Edge => v == OFF,
                }
            };
            let matched = axes.iter().any(|&along| {
                let across_choices = if along.abs() == 1 { [s, -s] } else { [1, -1] };
                across_choices.iter().any(|&across| {
                    SHAPES.iter().any(|shape| {
                        shape.iter().all(|&(a, b, need)| {
                            let cell = c as isize + a as isize * along + b as isize * across;
                            holds(cell as usize, need)
                        })
                    })
                })
            });
            if matched {
                *seal = 1 + owner.index() as u8;
            }
        }
    }
}
