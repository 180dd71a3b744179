//! SGF bytes from anywhere: reading them (charset detection, parsing, replay) must give a
//! record or an error. A record that was read must write, and what it writes must read back
//! to the same game: same moves, same final board, same counts.
#![no_main]

use go_score::sgf::{read_sgf, read_sgf_bytes_with, write_sgf, EncodingRs};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(record) = read_sgf_bytes_with(data, &EncodingRs) else {
        return;
    };
    let text = match write_sgf(&record, None) {
        Ok(text) => text,
        // Only a komi no KM value reads back to exactly may refuse to be written.
        Err(e) if record.game.komi().abs() >= 100.0 => {
            assert!(e.message().contains("komi"), "{e}");
            return;
        }
        Err(e) => panic!("a record that was read fails to write: {e}"),
    };
    let again =
        read_sgf(&text).unwrap_or_else(|e| panic!("written SGF fails to read: {e}\n{text}"));
    let (a, b) = (&record.game, &again.game);
    assert_eq!(a.board(), b.board(), "{text}");
    assert_eq!(a.captures(), b.captures());
    assert_eq!(a.passes(), b.passes());
    assert_eq!(a.to_play(), b.to_play());
    assert_eq!(a.rules(), b.rules());
    assert_eq!(a.komi(), b.komi());
    assert_eq!(a.handicap(), b.handicap());
    assert_eq!(record.info, again.info);

    // Scored with the file's own dead-stone hints, it writes territory markup and reads back.
    let hints: Vec<(i64, i64)> = record
        .dead_hints()
        .into_iter()
        .map(|p| {
            let (x, y) = a.board().vertex(p);
            (x as i64, y as i64)
        })
        .collect();
    if let Ok(scored) = write_sgf(&record, Some(&hints)) {
        let again = read_sgf(&scored).unwrap_or_else(|e| panic!("scored SGF fails: {e}\n{scored}"));
        assert_eq!(a.board(), again.game.board());
    }
});
