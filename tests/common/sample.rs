//! One line of a fixed sample of real games (`{"id", "sgf", "margin", ...}`), its dead
//! stones estimated from the record alone and counted under the record's own rules.
// Each sample test reads the fields it needs.
#![allow(dead_code)]

use go_score::estimate::{estimate, vertices_of, EstimateOptions};
use go_score::{read_sgf, score, GameRecord};
use serde_json::Value;

/// A sample game as the estimate counts it.
pub struct Scored {
    pub record: GameRecord,
    /// The line's `id`.
    pub id: String,
    /// The margin the record's `RE` gives (positive: Black wins).
    pub recorded: f64,
    /// The estimate's dead stones, one flag a point.
    pub dead: Vec<bool>,
    /// The margin counted with the estimate's dead stones.
    pub margin: f64,
}

/// Reads a sample line and counts it with the estimate's dead stones.
pub fn score_line(line: &str) -> Scored {
    let game: Value = serde_json::from_str(line).expect("sample line");
    let recorded = game["margin"].as_f64().expect("margin");
    let record = read_sgf(game["sgf"].as_str().expect("sgf")).expect("the record reads");
    let board = record.game.board();
    let options = EstimateOptions {
        last_to_play: record.game.last_to_play(),
        ..EstimateOptions::default()
    };
    let estimate = estimate(board, &options).expect("estimate");
    let dead: Vec<(i64, i64)> = vertices_of(board, &estimate.dead)
        .into_iter()
        .map(|(x, y)| (x as i64, y as i64))
        .collect();
    let (position, options) = record.game.score_options(&dead).expect("dead marks");
    let margin = score(&position, &options).expect("score").official().margin;
    Scored {
        id: game["id"].as_str().unwrap_or("").to_string(),
        recorded,
        dead: estimate.dead,
        margin,
        record,
    }
}

/// The lines of a sample file, blank ones left out.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.trim().is_empty())
}
