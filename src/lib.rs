//! go-score: Go (baduk, weiqi) scoring.
//!
//! Territory (Japanese-style) and area (Chinese-style) counting of a position under every
//! major ruleset, with dead stones, prisoners, komi, handicap and passes, and an explanation
//! of why the two counts differ. The core is plain Rust; [`wasm`] exposes it to JavaScript.
//!
//! ```
//! use go_score::{Board, Position, ScoreOptions, Ruleset, score};
//!
//! let board = Board::from_rows(&[
//!     ".X.O.",
//!     "XX.OO",
//!     ".X.O.",
//! ]).unwrap();
//! let position = Position::new(board, &[]).unwrap();
//! let options = ScoreOptions { rules: Ruleset::Chinese, komi: Some(0.0), ..Default::default() };
//! let result = score(&position, &options).unwrap();
//! assert_eq!(result.area.black.total, 6.0); // 4 stones + 2 points of territory
//! assert_eq!(result.area.white.total, 6.0);
//! assert_eq!(result.area.result, "Draw");
//! ```
#![deny(missing_docs)]

pub mod api;
pub mod board;
pub mod classify;
pub mod counting;
pub mod error;
pub mod estimate;
pub mod game;
pub mod life;
pub mod position;
pub mod regions;
pub mod rules;
pub mod score;
pub mod servers;
pub mod sgf;
pub mod wasm;

pub use board::{Board, Color, Point};
pub use classify::{classify, Classification};
pub use error::{Error, ErrorKind, Result};
pub use game::{Game, GameOptions};
pub use position::Position;
pub use rules::{CountingMethod, HandicapCompensation, Ruleset};
pub use score::{score, Score, ScoreOptions};
pub use servers::{Server, ServerCounting};
#[cfg(not(target_arch = "wasm32"))]
pub use sgf::read_sgf_bytes;
pub use sgf::{read_sgf, read_sgf_bytes_with, write_sgf, GameRecord};
