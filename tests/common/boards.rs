//! Boards and board notation shared by the integration tests (each test crate includes the
//! file and uses what it needs).
#![allow(dead_code)]

use go_score::{Board, Color};
use serde_json::Value;

/// The OGS Rules and Scoring FAQ's example: Black 23 stones and 17 territory, took 2; White
/// 23 stones and 16 territory, took 1; 2 contested points. Straight walls with no cutting
/// points, so every territory point is secure under Japanese rules too; the dame are [4, 7]
/// and [4, 8]. W+4 by territory, W+5 by area.
pub const OGS_FAQ_BOARD: [&str; 9] = [
    "XX.XXO.OO",
    "X..XXO.OO",
    "X..XXO..O",
    "X..XXO..O",
    "X..XOO..O",
    "X..XOO..O",
    "X..XOO..O",
    "X..X.O..O",
    "X..X.O..O",
];

/// The vertices marked `d` in a fixture's rows of marks.
pub fn dead_marks(rows: &[String]) -> Vec<(i64, i64)> {
    rows.iter()
        .enumerate()
        .flat_map(|(y, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, c)| c == 'd')
                .map(move |(x, _)| (x as i64, y as i64))
        })
        .collect()
}

/// A random legal board: each point a stone with `stones_percent` odds, black or white
/// alike, then chains without liberties removed (in reading order) until every chain has
/// one. `below(n)` draws a number under `n`.
pub fn random_board(
    mut below: impl FnMut(usize) -> usize,
    width: usize,
    height: usize,
    stones_percent: usize,
) -> Board {
    let mut board = Board::new(width, height).unwrap();
    for p in 0..board.len() {
        if below(100) < stones_percent {
            let color = [Color::Black, Color::White][below(2)];
            board.set(p, Some(color));
        }
    }
    loop {
        let chains = board.chains();
        let Some(dead) = chains.chains.iter().find(|c| c.liberties.is_empty()) else {
            return board;
        };
        for &p in &dead.stones {
            board.set(p, None);
        }
    }
}

/// The lines of a JSON-lines fixture in `tests/fixtures/`, each read as JSON.
pub fn fixture_lines(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

/// A fixture's rows (a JSON array of strings).
pub fn rows(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r.as_str().expect("row string").to_owned())
        .collect()
}

/// A `size`×`size` board split by two walls: Black's on the column `black_wall(y)` of each
/// row `y`, White's just right of it, every other point empty.
pub fn walls(size: usize, black_wall: impl Fn(usize) -> usize) -> Vec<String> {
    (0..size)
        .map(|y| {
            let c = black_wall(y);
            (0..size)
                .map(|x| match x {
                    _ if x == c => 'X',
                    _ if x == c + 1 => 'O',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}
