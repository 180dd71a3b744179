//! The engine-game yardstick (`tests/fixtures/engine_games/`): finished GNU Go self-play
//! games on 9×9, 13×13 and 19×19 whose dead stones are known (see its `make.py`). Shared by
//! the floor in `tests/engine_games.rs` and the tuning loop in `examples/engine_games.rs`.

use go_score::estimate::{estimate, EstimateOptions};
use go_score::{read_sgf, Board, Color};
use serde_json::Value;

/// One game: its id, final position, and which stones are dead (flat, `y * width + x`).
pub struct EngineGame {
    pub id: String,
    /// Who made the last move or pass.
    pub last_to_play: Option<Color>,
    pub board: Board,
    pub dead: Vec<bool>,
}

/// The games of a corpus text, one JSON object a line (`id`, `sgf`, `dead` in SGF points).
pub fn engine_games(text: &str) -> Vec<EngineGame> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let game: Value = serde_json::from_str(line).expect("corpus line");
            let id = game["id"].as_str().expect("id").to_owned();
            let record = read_sgf(game["sgf"].as_str().expect("sgf")).expect("the record reads");
            let board = record.game.board().clone();
            let mut dead = vec![false; board.len()];
            for point in game["dead"].as_array().expect("dead") {
                let letters = point.as_str().expect("SGF point").as_bytes();
                let (x, y) = (
                    usize::from(letters[0] - b'a'),
                    usize::from(letters[1] - b'a'),
                );
                let p = board.point(x, y);
                assert!(board.get(p).is_some(), "{id}: dead mark on an empty point");
                dead[p] = true;
            }
            EngineGame {
                id,
                last_to_play: record.game.last_to_play(),
                board,
                dead,
            }
        })
        .collect()
}

/// The estimator's dead stones for a game's final position (default seed and effort, the
/// record's last mover).
pub fn estimated_dead(game: &EngineGame) -> Vec<bool> {
    estimate(
        &game.board,
        &EstimateOptions {
            last_to_play: game.last_to_play,
            ..EstimateOptions::default()
        },
    )
    .expect("estimate")
    .dead
}
