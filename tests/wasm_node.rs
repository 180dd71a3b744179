//! The wasm API in Node (`wasm-pack test --node`): the exported functions called with real
//! JS values. The cases live in `wasm_cases/` and run in headless Chromium too.
#![cfg(target_arch = "wasm32")]

#[macro_use]
mod wasm_cases;

all_wasm_cases!();
