//! The goscorer yardstick: every position of
//! `tests/fixtures/goscorer_positions.jsonl` (goscorer's own test boards and outputs, MIT)
//! scored through the public API and compared layer by layer: area map and score, territory
//! map and score (with and without `scoreFalseEyes`), and the seki status of living stones.
//! A table of matches is printed; failing layers print the board with expected and actual
//! maps side by side.

#[path = "common/boards.rs"]
mod boards;

use boards::{fixture_lines, rows};
use go_score::api::{classify_regions, score_board, ScoreInput, ScoreResult, SignRows};
use go_score::{life, Board, Position};
use serde_json::{json, Value};

/// Positions where we keep our own answer against goscorer's, each argued in Go terms
/// where its board is drawn in this file. Layer names as in the table.
const DISAGREEMENTS: &[(&str, &str)] = &[];

/// The layers compared, in table order.
const LAYERS: [&str; 9] = [
    "area_map",
    "area_score",
    "territory_map",
    "territory_score",
    "fe_map",
    "fe_score",
    "seki",
    "dame",
    "eye_value",
];

/// Layers that must agree with goscorer on every position; the others are printed for
/// information.
const REQUIRED: [&str; 5] = [
    "area_map",
    "area_score",
    "territory_map",
    "territory_score",
    "seki",
];

struct Fixture {
    name: String,
    stones: Vec<String>,
    dead: Vec<String>,
    expected: Value,
    asserts: Option<Value>,
}

fn fixtures() -> Vec<Fixture> {
    fixture_lines("goscorer_positions.jsonl")
        .into_iter()
        .map(|v| Fixture {
            name: v["name"].as_str().unwrap().to_string(),
            stones: rows(&v["stones"]),
            dead: rows(&v["dead"]),
            expected: v["expected"].clone(),
            asserts: v.get("test_asserts").cloned(),
        })
        .collect()
}

fn dead_vertices(f: &Fixture) -> Vec<[usize; 2]> {
    let mut out = Vec::new();
    for (y, row) in f.dead.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            if ch == 'd' {
                out.push([x, y]);
            }
        }
    }
    out
}

fn input(f: &Fixture, extra: Value) -> ScoreInput {
    let mut v = json!({
        "board": f.stones,
        "dead": dead_vertices(f),
        "rules": "japanese",
        "komi": 0,
    });
    for (k, val) in extra.as_object().unwrap() {
        v[k] = val.clone();
    }
    serde_json::from_value(v).expect("input decodes")
}

fn score(f: &Fixture, extra: Value) -> ScoreResult {
    score_board(&input(f, extra)).unwrap_or_else(|e| panic!("{}: {}", f.name, e.message()))
}

fn owner_rows(ownership: &SignRows) -> Vec<String> {
    ownership
        .iter()
        .map(|row| {
            row.iter()
                .map(|&o| match o {
                    1 => 'B',
                    -1 => 'W',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

fn expected_rows(f: &Fixture, key: &str) -> Vec<String> {
    f.expected[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

fn expected_score(f: &Fixture, key: &str) -> (f64, f64) {
    let s = &f.expected[key];
    (s["black"].as_f64().unwrap(), s["white"].as_f64().unwrap())
}

/// Seki layer restricted to living stones: `B`/`W` where goscorer puts the stone in a seki
/// group, `.` elsewhere; ours from the group status of `classifyRegions`.
fn seki_rows(f: &Fixture) -> (Vec<String>, Vec<String>) {
    let expected = expected_rows(f, "seki");
    let width = f.stones[0].len();
    let mut exp: Vec<Vec<char>> = vec![vec!['.'; width]; f.stones.len()];
    let mut ours = exp.clone();
    for (y, row) in f.stones.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let living = ch != '.' && f.dead[y].as_bytes()[x] != b'd';
            if living {
                exp[y][x] = expected[y].as_bytes()[x] as char;
            }
        }
    }
    let classification = classify_regions(&input(f, json!({}))).unwrap();
    for g in &classification.groups {
        if g.status == "seki" {
            let mark = if g.color == "black" { 'B' } else { 'W' };
            for &[x, y] in &g.stones {
                ours[y][x] = mark;
            }
        }
    }
    let join = |m: Vec<Vec<char>>| m.into_iter().map(String::from_iter).collect();
    (join(exp), join(ours))
}

fn show(f: &Fixture, layer: &str, expected: &[String], actual: &[String]) {
    println!(
        "--- {} / {layer}: stones | dead | expected | actual",
        f.name
    );
    for y in 0..f.stones.len() {
        let marks: String = expected[y]
            .chars()
            .zip(actual[y].chars())
            .map(|(e, a)| if e == a { ' ' } else { '^' })
            .collect();
        println!(
            "  {}  {}  {}  {}  {}",
            f.stones[y], f.dead[y], expected[y], actual[y], marks
        );
    }
}

/// Compares every layer of one fixture; returns the names of the layers that differ.
fn compare(f: &Fixture, verbose: bool) -> Vec<&'static str> {
    let mut failed = Vec::new();
    let territory = score(f, json!({}));
    let false_eyes = score(f, json!({ "scoreFalseEyes": true }));
    let area = score(f, json!({ "rules": "chinese" }));
    let maps = [
        ("area_map", "area_map", owner_rows(&area.ownership)),
        (
            "territory_map",
            "territory_map",
            owner_rows(&territory.ownership),
        ),
        (
            "fe_map",
            "territory_map_score_false_eyes",
            owner_rows(&false_eyes.ownership),
        ),
    ];
    for (layer, key, actual) in maps {
        let expected = expected_rows(f, key);
        if expected != actual {
            failed.push(layer);
            if verbose {
                show(f, layer, &expected, &actual);
            }
        }
    }
    let scores = [
        ("area_score", "area_score", &area.area),
        ("territory_score", "territory_score", &territory.territory),
        (
            "fe_score",
            "territory_score_score_false_eyes",
            &false_eyes.territory,
        ),
    ];
    for (layer, key, method) in scores {
        let expected = expected_score(f, key);
        let actual = (method.black.total, method.white.total);
        if expected != actual {
            failed.push(layer);
            if verbose {
                println!(
                    "--- {} / {layer}: expected {expected:?}, actual {actual:?}",
                    f.name
                );
            }
        }
    }
    let (expected, actual) = seki_rows(f);
    if expected != actual {
        failed.push("seki");
        if verbose {
            show(f, "seki", &expected, &actual);
        }
    }
    // Informational layers, straight from the core analysis.
    let board = Board::from_rows(&f.stones).unwrap();
    let dead: Vec<(i64, i64)> = dead_vertices(f)
        .iter()
        .map(|&[x, y]| (x as i64, y as i64))
        .collect();
    let analysis = life::analyze(&Position::new(board, &dead).unwrap());
    let width = f.stones[0].len();
    let layer_rows = |cell: &dyn Fn(usize) -> char| -> Vec<String> {
        (0..f.stones.len())
            .map(|y| (0..width).map(|x| cell(y * width + x)).collect())
            .collect()
    };
    let informational: [(&str, Vec<String>); 2] = [
        (
            "dame",
            layer_rows(&|p| if analysis.dame[p] { 'D' } else { '.' }),
        ),
        (
            "eye_value",
            layer_rows(&|p| char::from(b'0' + analysis.eye_value[p])),
        ),
    ];
    for (layer, actual) in informational {
        let expected = expected_rows(f, layer);
        if expected != actual {
            failed.push(layer);
            if verbose {
                show(f, layer, &expected, &actual);
            }
        }
    }
    failed
}

#[test]
fn goscorer_positions_layer_by_layer() {
    let all = fixtures();
    assert_eq!(all.len(), 64, "the fixture file holds 64 positions");
    let mut passes = [0usize; LAYERS.len()];
    let mut unexpected = Vec::new();
    println!(
        "{:<48} {}",
        "position",
        LAYERS.map(|l| format!("{l:>15}")).join("")
    );
    let mut failures = Vec::new();
    for f in &all {
        let failed = compare(f, false);
        let cells: String = LAYERS
            .iter()
            .enumerate()
            .map(|(i, layer)| {
                let ok = !failed.contains(layer);
                passes[i] += usize::from(ok);
                format!("{:>15}", if ok { "ok" } else { "DIFF" })
            })
            .collect();
        println!("{:<48} {cells}", f.name);
        for layer in &failed {
            let agreed = DISAGREEMENTS.contains(&(f.name.as_str(), *layer));
            if REQUIRED.contains(layer) && !agreed {
                unexpected.push(format!("{} / {layer}", f.name));
            }
        }
        if !failed.is_empty() {
            failures.push(f);
        }
    }
    println!(
        "{:<48} {}",
        "matches (of 64)",
        passes.map(|n| format!("{n:>15}")).join("")
    );
    for f in failures {
        compare(f, true);
    }
    assert!(
        unexpected.is_empty(),
        "required layers differ from goscorer: {unexpected:#?}"
    );
}

/// The hand-written checks of goscorer's `test_final_scoring_*` (komi and captures).
#[test]
fn goscorer_final_scoring_asserts() {
    for f in fixtures() {
        let Some(asserts) = &f.asserts else { continue };
        for check in asserts.as_array().unwrap() {
            let kwargs = &check["kwargs"];
            let komi = kwargs["komi"].as_f64().unwrap();
            let expected = (
                check["expected"]["black"].as_f64().unwrap(),
                check["expected"]["white"].as_f64().unwrap(),
            );
            let actual = match check["fn"].as_str().unwrap() {
                "final_territory_score" => {
                    let result = score(
                        &f,
                        json!({
                            "komi": komi,
                            "captures": {
                                "black": kwargs["black_points_from_captures"],
                                "white": kwargs["white_points_from_captures"],
                            },
                            "scoreFalseEyes": kwargs.get("score_false_eyes").cloned().unwrap_or(json!(false)),
                        }),
                    );
                    (result.territory.black.total, result.territory.white.total)
                }
                "final_area_score" => {
                    let result = score(&f, json!({ "komi": komi, "rules": "chinese" }));
                    (result.area.black.total, result.area.white.total)
                }
                other => panic!("unknown check {other}"),
            };
            assert_eq!(actual, expected, "{}: {check}", f.name);
        }
    }
}

/// One of the eight symmetries of a rectangle: optionally transposed, then mirrored.
#[derive(Clone, Copy, Debug)]
struct Symmetry {
    transpose: bool,
    flip_x: bool,
    flip_y: bool,
}

impl Symmetry {
    fn all() -> impl Iterator<Item = Symmetry> {
        (0..8).map(|i| Symmetry {
            transpose: i & 1 != 0,
            flip_x: i & 2 != 0,
            flip_y: i & 4 != 0,
        })
    }

    fn apply(self, rows: &[String]) -> Vec<String> {
        let (w, h) = (rows[0].len(), rows.len());
        let (nw, nh) = if self.transpose { (h, w) } else { (w, h) };
        let mut out = vec![vec!['.'; nw]; nh];
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let (mut tx, mut ty) = if self.transpose { (y, x) } else { (x, y) };
                if self.flip_x {
                    tx = nw - 1 - tx;
                }
                if self.flip_y {
                    ty = nh - 1 - ty;
                }
                out[ty][tx] = ch;
            }
        }
        out.into_iter().map(String::from_iter).collect()
    }
}

/// Go does not care how the board is turned or mirrored: every fixture, in all eight
/// orientations, must give goscorer's territory map turned the same way (and the same
/// scores). This catches any shape test that only looks one way.
#[test]
fn goscorer_positions_in_every_orientation() {
    let mut differ = Vec::new();
    for f in fixtures() {
        for symmetry in Symmetry::all() {
            let turned = Fixture {
                name: format!("{} {symmetry:?}", f.name),
                stones: symmetry.apply(&f.stones),
                dead: symmetry.apply(&f.dead),
                expected: Value::Null,
                asserts: None,
            };
            let result = score(&turned, json!({}));
            let expected = symmetry.apply(&expected_rows(&f, "territory_map"));
            let actual = owner_rows(&result.ownership);
            let (black, white) = expected_score(&f, "territory_score");
            let totals = (result.territory.black.total, result.territory.white.total);
            if actual != expected || totals != (black, white) {
                show(&turned, "territory_map", &expected, &actual);
                differ.push(turned.name);
            }
        }
    }
    assert!(
        differ.is_empty(),
        "orientation-dependent answers: {differ:#?}"
    );
}
