//! `countingSteps` and `scoreBoard` on inputs built from the fuzzer's bytes: a board of any
//! size up to 13×13, the `dead` field in every form (absent, `'auto'`, `'record'`,
//! `'estimate'`, `'none'`, vertices on and off the board), rules, method and the other
//! options, each sometimes valid and sometimes not. The input is decoded as the wasm
//! boundary decodes it (`api::decode`, field paths and all), so every decoding branch of the
//! shared score fields runs too. No input may panic; when counting succeeds, scoring the
//! same input must succeed with the margin the count ends on, every step must be a full
//! snapshot of the board, and both outputs must serialize.
#![no_main]

use go_score::api::{self, CountingInput, ScoreInput};
use go_score::rules::Ruleset;
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Map, Value};

/// Reads the fuzzer's bytes; past the end every read is 0.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// One of `choices`, by the next byte.
    fn pick<'c>(&mut self, choices: &[&'c str]) -> &'c str {
        choices[usize::from(self.byte()) % choices.len()]
    }
}

const METHODS: &[&str] = &["japanese", "ing", "chinese", "area"];
const DEAD_MODES: &[&str] = &["auto", "record", "estimate", "none", "all"];

/// Boards up to 13×13: large enough for every counting step (tens, fives, bowls), small
/// enough for thousands of executions a second.
const MAX_SIDE: u8 = 13;

/// The estimator (`'estimate'`, `'auto'`) runs hundreds of playouts: only on small boards,
/// so that executions stay fast.
const MAX_ESTIMATED_POINTS: usize = 25;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let flags = bytes.byte();
    let width = usize::from(bytes.byte() % MAX_SIDE) + 1;
    let height = usize::from(bytes.byte() % MAX_SIDE) + 1;
    // Four points a byte; a sign map or row strings.
    let mut signs = vec![vec![0i8; width]; height];
    let mut quad = 0;
    for (i, sign) in signs.iter_mut().flatten().enumerate() {
        if i % 4 == 0 {
            quad = bytes.byte();
        }
        *sign = match (quad >> (2 * (i % 4))) & 3 {
            1 => 1,
            2 => -1,
            _ => 0,
        };
    }
    let board = if flags & 1 == 0 {
        json!(signs)
    } else {
        let rows: Vec<String> = signs
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&s| match s {
                        1 => 'X',
                        -1 => 'O',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        json!(rows)
    };
    let mut input = Map::new();
    input.insert("board".into(), board);

    let dead = match bytes.byte() % 8 {
        0 | 1 => None,
        2 => {
            // Vertices, mostly on stones, sometimes off the board or on empty points.
            let count = bytes.byte() % 6;
            let list: Vec<Value> = (0..count)
                .map(|_| {
                    let x = i64::from(bytes.byte()) % (width as i64 + 2) - 1;
                    let y = i64::from(bytes.byte()) % (height as i64 + 2) - 1;
                    json!([x, y])
                })
                .collect();
            Some(Value::Array(list))
        }
        _ => Some(Value::String(bytes.pick(DEAD_MODES).to_owned())),
    };
    let estimates = matches!(dead.as_ref().and_then(Value::as_str), Some("auto" | "estimate"));
    if estimates && width * height > MAX_ESTIMATED_POINTS {
        return;
    }
    if let Some(dead) = dead {
        input.insert("dead".into(), dead);
    }
    if flags & 2 != 0 {
        // Every ruleset's name, or one no ruleset has.
        let rules = Ruleset::ALL.get(usize::from(bytes.byte() % 8));
        input.insert("rules".into(), json!(rules.map_or("go", |r| r.name())));
    }
    if flags & 4 != 0 {
        // Halves from -64 to 63.5, and sometimes a value that is not a half.
        let k = f64::from(bytes.byte() as i8) / 2.0;
        let komi = if bytes.byte() % 16 == 0 { k + 0.25 } else { k };
        input.insert("komi".into(), json!(komi));
    }
    if flags & 8 != 0 {
        let black = bytes.byte() % 40;
        let white = bytes.byte() % 40;
        input.insert("captures".into(), json!({ "black": black, "white": white }));
    }
    if flags & 16 != 0 {
        input.insert("handicap".into(), json!(bytes.byte() % 12));
        let compensation = bytes.pick(&["none", "n", "n-1", "n+1"]);
        input.insert("handicapCompensation".into(), json!(compensation));
    }
    if flags & 32 != 0 {
        let black = bytes.byte() % 4;
        let white = bytes.byte() % 4;
        input.insert("passes".into(), json!({ "black": black, "white": white }));
        input.insert(
            "lastToPlay".into(),
            json!(bytes.pick(&["black", "white", "nobody"])),
        );
    }
    if flags & 64 != 0 {
        input.insert("scoreFalseEyes".into(), json!(bytes.byte() & 1 == 1));
    }
    let score_input = Value::Object(input.clone());
    if flags & 128 != 0 {
        input.insert("method".into(), json!(bytes.pick(METHODS)));
    }
    let counting_input = Value::Object(input);

    let counted = api::decode::<_, CountingInput>(&counting_input)
        .and_then(|input| api::counting_steps(&input));
    let Ok(counting) = counted else {
        return;
    };
    serde_json::to_string(&counting).expect("a count serializes");
    assert_eq!(
        counting.margin, counting.score_margin,
        "the count ends on the score's margin"
    );
    for step in &counting.steps {
        assert_eq!(step.board.len(), height, "{}", step.kind);
        assert!(step.board.iter().all(|row| row.len() == width));
        assert_eq!(step.shade.len(), height);
        assert_eq!(step.blocks.len(), height);
    }

    // Scored with the same fields (Ing counting: under Ing rules), scoreBoard agrees. Not
    // for Ing counting of Tromp-Taylor with `dead: 'auto'` or `'estimate'`: Tromp-Taylor
    // takes every stone as alive, so the estimator runs only once the rules become Ing's.
    let mut score_input = score_input;
    if counting.method == "ing" {
        let estimates = matches!(score_input["dead"].as_str(), Some("auto" | "estimate"));
        if estimates && score_input["rules"] == "tromp-taylor" {
            return;
        }
        score_input["rules"] = json!("ing");
    }
    let input: ScoreInput = api::decode(&score_input).expect("counted, so it decodes");
    let score = api::score_board(&input).expect("counted, so it scores");
    serde_json::to_string(&score).expect("a score serializes");
    let margin = match counting.method {
        "japanese" => score.territory.margin,
        _ => score.area.margin,
    };
    assert_eq!(counting.score_margin, margin, "{score_input}");
    assert!(["record", "estimate", "given"].contains(&score.dead_from));
});
