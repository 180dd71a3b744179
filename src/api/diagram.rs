//! `readDiagram`: a position written as rows of characters, with its dead stones marked,
//! read into what `scoreBoard` takes.

use super::game::vertex_of;
use super::score::Vertex;
use super::sign_rows::SignRows;
use crate::board::{sign_of, Board};
use crate::error::Result;
use serde::Serialize;
use tsify::Tsify;

/// A position read from a diagram by `readDiagram`: `{ board, dead }`, ready for
/// `scoreBoard` (add `rules`, `komi`, … as needed).
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(rename = "Diagram")]
pub struct Diagram {
    /// The stones, `board[y][x]`: 1 black, -1 white, 0 empty.
    #[tsify(type = "number[][]")]
    pub board: SignRows,
    /// The stones marked dead (`x`, `o`), in reading order.
    pub dead: Vec<Vertex>,
}

/// `readDiagram(text)`: reads a diagram ([`Board::from_diagram`] says how it is written).
pub fn read_diagram(text: &str) -> Result<Diagram> {
    let (board, dead) = Board::from_diagram(text)?;
    let signs = board.points().iter().map(|&stone| sign_of(stone)).collect();
    Ok(Diagram {
        board: SignRows::new(board.width(), signs),
        dead: dead.into_iter().map(|p| vertex_of(&board, p)).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagram_reads_into_stones_and_dead_stones() {
        let diagram = read_diagram(" X.o+ / xO..\n  ....").unwrap();
        let rows: Vec<&[i8]> = diagram.board.iter().collect();
        assert_eq!(rows, [&[1, 0, -1, 0][..], &[1, -1, 0, 0], &[0, 0, 0, 0]]);
        assert_eq!(diagram.dead, [[2, 0], [0, 1]]);
    }

    #[test]
    fn a_bad_diagram_is_an_error_naming_what_is_wrong() {
        let message = |text: &str| read_diagram(text).unwrap_err().message().to_owned();
        assert_eq!(message(" / \n"), "board has no rows");
        assert_eq!(message("X.\nX"), "board row 1 has 1 points, expected 2");
        assert_eq!(
            message("X.\nXz"),
            "board point [1, 1] is 'z'; expected 'X', 'O', 'x', 'o', '.' or '+'"
        );
        assert_eq!(
            message(&".".repeat(53)),
            "board width is 53; it must be 1 … 52"
        );
        // A long row stops the reading at its 53rd point, whatever follows.
        assert_eq!(
            message(&format!("{}z", "X".repeat(1_000_000))),
            "board width is 53; it must be 1 … 52"
        );
        assert_eq!(
            message(&"X/".repeat(53)),
            "board height is 53; it must be 1 … 52"
        );
    }
}
