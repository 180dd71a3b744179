//! A fixed workload for profilers (`valgrind --tool=callgrind`): the JS API's path without
//! JavaScript — decode the JSON input, run the call, encode the JSON output — on the first
//! 19×19 OGS end position, `N` times (default 200).
//!
//! ```sh
//! cargo build --release --example api_profile
//! valgrind --tool=callgrind target/release/examples/api_profile score japanese 200
//! ```
//! The first argument picks the call: `score` (with the ruleset of the second argument),
//! `decode` (decoding only), `flat` (the package's fast path of `scoreBoard`) or `estimate`.

use go_score::api;
use serde_json::Value;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let call = args.get(1).map_or("score", String::as_str);
    let rules = args.get(2).map_or("japanese", String::as_str);
    let count: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(200);

    let fixture: Value = include_str!("../tests/fixtures/ogs_endgames.jsonl")
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("fixture json"))
        .find(|v| v["width"] == 19)
        .expect("a 19×19 fixture");
    // The board as a sign map and the dead stones as vertices, as the page sends them.
    let mut signs = Vec::new();
    let mut dead = Vec::new();
    let stones = fixture["stones"].as_array().expect("rows");
    let marks = fixture["expected_dead"].as_array().expect("rows");
    for (y, (row, mark_row)) in stones.iter().zip(marks).enumerate() {
        let row = row.as_str().expect("row");
        let mark_row: Vec<char> = mark_row.as_str().expect("row").chars().collect();
        let mut line = Vec::new();
        for (x, ch) in row.chars().enumerate() {
            line.push(match ch {
                'X' => 1,
                'O' => -1,
                _ => 0,
            });
            if ch != '.' && mark_row[x] == 'd' {
                dead.push([x, y]);
            }
        }
        signs.push(line);
    }
    let score_input =
        serde_json::json!({ "board": signs, "dead": dead, "rules": rules }).to_string();
    let width = signs[0].len();
    let flat_signs: Vec<i8> = signs.concat();
    let flat_dead: Vec<i32> = dead
        .iter()
        .flat_map(|&[x, y]| [x as i32, y as i32])
        .collect();
    let flat_options = serde_json::json!({ "rules": rules }).to_string();
    let estimate_input = serde_json::json!({ "board": signs }).to_string();

    let mut bytes = 0;
    for _ in 0..count {
        bytes += match call {
            "decode" => {
                let input: api::ScoreInput = api::decode_json(&score_input).expect("input");
                input.board.0.len()
            }
            "estimate" => {
                let input: api::EstimateInput = api::decode_json(&estimate_input).expect("input");
                let output = api::estimate_dead_stones(&input).expect("estimate");
                serde_json::to_string(&output).expect("json").len()
            }
            "flat" => {
                // The package's fast path: flat board and dead stones, the other options
                // decoded.
                let options: api::ScoreSgfOptions =
                    api::decode_json_object(&flat_options).expect("options");
                let output =
                    api::score_board_flat(width, &flat_signs, &flat_dead, &options).expect("score");
                output.result.len() + output.ownership.len()
            }
            _ => {
                let input: api::ScoreInput = api::decode_json(&score_input).expect("input");
                let output = api::score_board(&input).expect("score");
                serde_json::to_string(&output).expect("json").len()
            }
        };
    }
    println!("{call} {rules} ×{count}: {bytes} bytes out");
}
