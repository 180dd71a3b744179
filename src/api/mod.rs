//! The JavaScript API's data contract (`docs/API.md`) in plain Rust: the input and
//! output shapes as serde types, decoding with messages that name the bad field, and the
//! functions the wasm boundary calls. Nothing here knows about JavaScript, so every
//! decode path is tested natively with JSON.
//!
//! One file per concern: [`decode`] (inputs and their checks), [`score`] (`scoreBoard`,
//! `classifyRegions`), [`game`] (`Game`, `scoreSgf`), [`estimate`] (`estimateDeadStones`),
//! [`counting`] (`countingSteps`), [`rules`] (`rulesets`, `defaultKomi`, `handicapPoints`),
//! [`diagram`] (`readDiagram`),
//! [`flat`] (`scoreBoard`'s fast path) and [`sign_rows`] (rows of signs as outputs carry them).

pub mod counting;
pub mod decode;
pub mod diagram;
pub mod estimate;
pub mod flat;
pub mod game;
pub mod rules;
pub mod score;
pub mod sign_rows;

pub use counting::*;
pub use decode::*;
pub use diagram::*;
pub use estimate::*;
pub use flat::*;
pub use game::*;
pub use rules::*;
pub use score::*;
pub use sign_rows::*;
