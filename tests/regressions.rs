//! One test per bug found by fuzzing or property testing, named for the bug.

use go_score::api::{self, ScoreInput};
use serde_json::json;

/// Found by the `api_json` fuzz target: `classifyRegions` accepted dead-stone marks under
/// Tromp-Taylor rules (and reported the stones as dead) where `scoreBoard` rejects the same
/// input, although both take the same input.
#[test]
fn classify_regions_rejects_dead_marks_under_tromp_taylor() {
    let input: ScoreInput = api::decode(json!({
        "board": ["X.O", "X.O", "X.."],
        "dead": [[2, 0]],
        "rules": "tromp-taylor",
    }))
    .unwrap();
    let scored = api::score_board(&input).unwrap_err();
    let classified = api::classify_regions(&input).unwrap_err();
    assert_eq!(classified.message(), scored.message());
    assert!(classified.message().contains("no dead-stone agreement"));
    // Without marks, both accept it.
    let input: ScoreInput =
        api::decode(json!({"board": ["X.O", "X.O", "X.."], "rules": "tromp-taylor"})).unwrap();
    api::classify_regions(&input).unwrap();
}
