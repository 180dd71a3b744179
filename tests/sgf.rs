//! SGF reading and writing: real files, charsets, komi forms, errors, round trips.

use go_score::sgf::{decode, read_komi};
use go_score::{read_sgf, read_sgf_bytes, write_sgf};
use std::path::{Path, PathBuf};

fn fixtures() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sgf")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn survey() {
    for path in fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap()
            .display()
            .to_string();
        match read_sgf_bytes(&bytes) {
            Ok(r) => println!(
                "OK  {name}: {} actions, caps {:?}, RE {:?}, notes {:?}, passes-end {}",
                r.game.action_count(),
                r.game.captures(),
                r.info("RE"),
                r.notes,
                r.game.ended_by_passes()
            ),
            Err(e) => println!("ERR {name}: {e}"),
        }
    }
    let _ = (decode, read_komi, read_sgf, write_sgf);
}
