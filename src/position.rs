//! A board with dead-stone marks: what scoring and classification take as input.

use crate::board::{Board, Color, Point, NO_LABEL};
use crate::error::{Error, ErrorKind, Result};

/// A legal board and the stones agreed dead (always whole chains).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    dead: Vec<bool>,
}

impl Position {
    /// Checks that every chain has a liberty and marks the whole chain of each dead vertex.
    /// Fails on a vertex off the board or on an empty point.
    pub fn new(board: Board, dead_vertices: &[(i64, i64)]) -> Result<Position> {
        let chains = board.checked_chain_labels()?;
        let mut dead_chain = vec![false; chains.count];
        for &(x, y) in dead_vertices {
            let Some(p) = board.checked_point(x, y) else {
                return Err(Error::new(
                    ErrorKind::InvalidVertex,
                    format!(
                        "dead vertex [{x}, {y}] is off the {}×{} board",
                        board.width(),
                        board.height()
                    ),
                ));
            };
            if board.get(p).is_none() {
                return Err(Error::new(
                    ErrorKind::InvalidVertex,
                    format!("dead vertex [{x}, {y}] has no stone"),
                ));
            }
            dead_chain[chains.of[p] as usize] = true;
        }
        let dead = chains
            .of
            .iter()
            .map(|&chain| chain != NO_LABEL && dead_chain[chain as usize])
            .collect();
        Ok(Position { board, dead })
    }

    /// A position from a board and a per-point dead mask (already whole chains).
    pub fn from_mask(board: Board, dead: Vec<bool>) -> Position {
        debug_assert_eq!(dead.len(), board.len());
        Position { board, dead }
    }

    /// The board, dead stones still on it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the stone on `p` is marked dead (false on empty points).
    pub fn is_dead(&self, p: Point) -> bool {
        self.dead[p]
    }

    /// The dead mask, one entry per point.
    pub fn dead_mask(&self) -> &[bool] {
        &self.dead
    }

    /// The stone on `p` if it is alive (present and not marked dead).
    #[inline]
    pub fn living(&self, p: Point) -> Option<Color> {
        if self.dead[p] {
            None
        } else {
            self.board.get(p)
        }
    }

    /// Whether any stone is marked dead.
    pub fn has_dead(&self) -> bool {
        self.dead.iter().any(|&d| d)
    }

    /// Dead stones of `color`.
    pub fn dead_count(&self, color: Color) -> u32 {
        (0..self.board.len())
            .filter(|&p| self.dead[p] && self.board.get(p) == Some(color))
            .count() as u32
    }

    /// Living stones of `color`.
    pub fn living_count(&self, color: Color) -> u32 {
        (0..self.board.len())
            .filter(|&p| self.living(p) == Some(color))
            .count() as u32
    }

    /// The board with the dead stones taken off.
    pub fn cleared_board(&self) -> Board {
        let mut board = self.board.clone();
        for p in 0..board.len() {
            if self.dead[p] {
                board.set(p, None);
            }
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_vertex_marks_its_whole_chain() {
        let board = Board::from_rows(&["XX.", "...", "..O"]).unwrap();
        let pos = Position::new(board, &[(1, 0)]).unwrap();
        assert!(pos.is_dead(0) && pos.is_dead(1) && !pos.is_dead(8));
        assert_eq!(pos.dead_count(Color::Black), 2);
        assert_eq!(pos.living_count(Color::White), 1);
        assert_eq!(pos.cleared_board().count(Color::Black), 0);
    }

    #[test]
    fn bad_dead_vertices() {
        let board = Board::from_rows(&["X..", "...", "..."]).unwrap();
        let err = Position::new(board.clone(), &[(3, 0)]).unwrap_err();
        assert_eq!(err.message(), "dead vertex [3, 0] is off the 3×3 board");
        let err = Position::new(board, &[(1, 1)]).unwrap_err();
        assert_eq!(err.message(), "dead vertex [1, 1] has no stone");
    }
}
