//! The WebAssembly boundary: the only module that knows about JavaScript. Each export is a
//! thin wrapper over `crate::api` ([`exports`]): inputs are read by a serde deserializer over
//! JS values (`decode`), outputs handed over in one call (`output`, and [`layout`] for `scoreBoard`'s
//! result), errors become JS `Error`s in one place. The TypeScript declarations come from
//! the API's Rust types (tsify); the numbers the JS half (`js/boundary.js`) must agree on
//! are declared once, in [`wire`], and the JS that depends on the Rust types is generated
//! from them.
//!
//! [`layout`] and [`wire`] are plain Rust, compiled on every target so that native tests
//! check the generated JS; the rest exists only on `wasm32`, and `Game`, SGF, the estimator,
//! the counting steps and the server counts only with the `full` feature.

pub mod layout;
pub mod wire;

#[cfg(target_arch = "wasm32")]
mod decode;
#[cfg(target_arch = "wasm32")]
mod exports;
#[cfg(all(target_arch = "wasm32", feature = "full"))]
mod game;
#[cfg(target_arch = "wasm32")]
mod output;

#[cfg(all(target_arch = "wasm32", feature = "full"))]
use exports::js_error;
#[cfg(target_arch = "wasm32")]
pub use exports::*;
#[cfg(all(target_arch = "wasm32", feature = "full"))]
pub use game::{score_sgf, sgf_game_trees, WasmGame};
