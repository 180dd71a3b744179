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

/// Found by the `sgf_roundtrip` fuzz target: a komi of 100 or more was written as `KM[150]`,
/// which readers (go-score's own included) take as hundredths, so the game came back with
/// komi 1.5. It is now written in hundredths, and a komi no `KM` reads back exactly is an
/// error instead of a changed komi.
#[test]
fn sgf_komi_of_100_or_more_round_trips() {
    use go_score::sgf::{read_sgf, write_sgf};
    use go_score::{Game, GameOptions, GameRecord};
    for komi in [150.0, -250.5, 99.5, -99.5, 6.5, 0.0] {
        let game = Game::new(&GameOptions {
            komi: Some(komi),
            ..GameOptions::default()
        })
        .unwrap();
        let text = write_sgf(&GameRecord::new(game), None).unwrap();
        assert_eq!(read_sgf(&text).unwrap().game.komi(), komi, "{text}");
    }
    // The fuzzer's file: KM of 33 digits, read as hundredths; written back, it either
    // reads the same or is refused with a message naming the komi.
    let sgf = format!(
        "(;GM[1]FF[4]KM[162{}]HA[2];AB[pd][dp];W[dc];B[ce])",
        "4".repeat(30)
    );
    let record = read_sgf(&sgf).unwrap();
    match write_sgf(&record, None) {
        Ok(text) => assert_eq!(read_sgf(&text).unwrap().game.komi(), record.game.komi()),
        Err(e) => assert!(e.message().starts_with("komi "), "{e}"),
    }
}

/// Found by the `sgf_roundtrip` fuzz target: a game-information property with a malformed
/// value (`PW` with two values) was kept and written back as it was, and the written file
/// read back as a different `PW`. Malformed values are now dropped on reading.
#[test]
fn sgf_malformed_game_info_is_not_written_back() {
    use go_score::sgf::{read_sgf, write_sgf};
    let record = read_sgf(r"(;GM[1]SZ[9]PB[Black]PW[one\];B[aa][two];B[ee])").unwrap();
    assert_eq!(record.info("PB").as_deref(), Some("Black"));
    assert_eq!(record.info("PW"), None);
    let text = write_sgf(&record, None).unwrap();
    let again = read_sgf(&text).unwrap();
    assert_eq!(again.info, record.info, "{text}");
    assert_eq!(again.game.board(), record.game.board());
}
