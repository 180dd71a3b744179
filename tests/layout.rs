//! The JS half of the wasm boundary against the Rust half: the generated sections of
//! `js/boundary.js` (the constants of `wasm::wire`, and the builder of `scoreBoard`'s result
//! in its fixed layout, `wasm::layout`) and of `www/js/state.js` (the largest board side)
//! must be what the Rust source gives today, and the
//! layout must hold every value that builder reads, in the places it reads them.
//!
//! After changing `wasm::wire` or `ScoreResult` (or a type in it), regenerate the sections
//! with `GO_SCORE_BLESS=1 cargo test --test layout`.

use go_score::api::{self, ScoreInput, ScoreResult};
use go_score::wasm::{layout::Layout, wire};
use serde_json::json;

const BOUNDARY_JS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/js/boundary.js");
const STATE_JS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/js/state.js");
const END: &str = "// ---- End of generated code ----";

/// A result with every sequence non-empty (dead stones, ownership), so that the builder
/// knows each one's kind.
fn sample() -> ScoreResult {
    let input: ScoreInput = api::decode_json(
        &json!({
            "board": [".XO.", "XXOO", ".XO.", "XXOO"],
            "dead": [[1, 0]],
            "rules": "chinese",
        })
        .to_string(),
    )
    .unwrap();
    api::score_board(&input).unwrap()
}

/// The builder's section of `js/boundary.js` as it should be.
fn builder_section() -> String {
    let builder = go_score::wasm::layout::builder_js("scoreResult", &sample()).unwrap();
    format!(
        "// ---- Generated from ScoreResult's Serialize (src/api/score.rs) by tests/layout.rs: do not edit ----\n\
         // `scoreBoard`'s result from its fixed layout (src/wasm/layout.rs).\n\
         {builder}{END}"
    )
}

/// The constants' section of `js/boundary.js` as it should be.
fn constants_section() -> String {
    format!(
        "// ---- Generated from src/wasm/wire.rs by tests/layout.rs: do not edit ----\n\
         {}{END}",
        wire::constants_js()
    )
}

/// The page's section of `www/js/state.js` as it should be: the largest board side.
fn state_section() -> String {
    format!(
        "// ---- Generated from src/wasm/wire.rs by tests/layout.rs: do not edit ----\n\
         export const MAX_SIDE = {};\n{END}",
        wire::MAX_SIDE
    )
}

/// Checks that the file `path` holds `expected`, a section found by its first line; with
/// `GO_SCORE_BLESS` set, writes it there instead.
fn check_section(path: &str, expected: &str) {
    let begin = expected.lines().next().unwrap();
    let source = std::fs::read_to_string(path).unwrap();
    let start = source
        .find(begin)
        .unwrap_or_else(|| panic!("{path} has no section {begin}"));
    let end = source[start..]
        .find(END)
        .expect("the generated section ends")
        + start
        + END.len();
    if std::env::var_os("GO_SCORE_BLESS").is_some() {
        let updated = format!("{}{expected}{}", &source[..start], &source[end..]);
        std::fs::write(path, updated).unwrap();
        return;
    }
    assert!(
        source[start..end] == *expected,
        "{path}'s section is stale: run GO_SCORE_BLESS=1 cargo test --test layout\n\
         expected:\n{expected}"
    );
}

/// One test for every section, so that blessing writes each file once at a time.
#[test]
fn generated_js_sections_are_what_the_rust_source_gives() {
    check_section(BOUNDARY_JS, &constants_section());
    check_section(BOUNDARY_JS, &builder_section());
    check_section(STATE_JS, &state_section());
}

#[test]
fn layout_holds_every_field_where_the_builder_reads_it() {
    let result = sample();
    let mut layout = Layout::default();
    layout.write(&result).unwrap();
    let f = &layout.fixed;
    let text = |at: usize| &layout.text[f[at] as usize..f[at + 1] as usize];
    assert_eq!(text(0), "chinese");
    assert_eq!(f[2], result.komi);
    assert_eq!(text(3), "area");
    assert_eq!(f[5], result.territory.black.territory as f64);
    // Dead stones last: their items, count and size.
    let n = f.len();
    let dead: Vec<f64> = result.dead.iter().flatten().map(|&c| c as f64).collect();
    assert_eq!(dead.len(), 12, "the marked chain's six stones");
    assert_eq!(
        (f[n - 2], f[n - 1]),
        (6.0, 2.0),
        "six vertices of two numbers"
    );
    let start = f[n - 3] as usize;
    assert_eq!(&layout.items[start..start + 12], &dead[..]);
    // Ownership: rows of signs back to back.
    assert_eq!(layout.signs, result.ownership.signs());
    // A second value reuses the buffers and lands in the same places.
    let fixed = layout.fixed.len();
    layout.write(&result).unwrap();
    assert_eq!(layout.fixed.len(), fixed);
}

#[test]
fn values_without_a_fixed_layout_are_refused() {
    let mut layout = Layout::default();
    assert!(layout.write(&Some(1)).is_err());
    assert!(layout.write(&json!({ "a": 1 })).is_err());
    assert!(
        layout.write(&vec![vec![[1, 2]]]).is_err(),
        "nested sequences"
    );
    assert!(
        layout.write(&vec![vec![1, 2], vec![1, 2, 3]]).is_err(),
        "items of different sizes"
    );
    assert!(layout.write(&vec!["a"]).is_err(), "strings in a sequence");
    // Empty sequences are fine in a value, but not in a builder's sample.
    assert!(layout.write(&Vec::<u8>::new()).is_ok());
    assert!(go_score::wasm::layout::builder_js("f", &Vec::<u8>::new()).is_err());
}
