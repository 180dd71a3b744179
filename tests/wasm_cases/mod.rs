//! Cases shared by the wasm suites (`wasm_node.rs` runs them in Node, `wasm_browser.rs` in
//! headless Chromium): the exported functions called with real JS values built by `js_sys`,
//! and the returned JS objects read back field by field.

use go_score::wasm::{classify_regions, score_board};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsError, JsValue};

/// The OGS Rules and Scoring FAQ's example, counted on a 9×9 board: Black 23 stones and 17
/// points of territory, White 23 stones and 16, two dame at [4, 0] and [4, 8].
pub const OGS_FAQ_BOARD: [&str; 9] = [
    "..XX.OO..",
    "..XXXOO..",
    "..XXXOO..",
    "..XXXOO..",
    ".XXXXOOOO",
    "..XXOOO..",
    "..XXOOO..",
    "..XXOOO..",
    "..XX.OO..",
];

/// A white stone at [2, 2] inside Black's wall, with one liberty.
const WALLED_STONE: [&str; 5] = [
    "..X..", //
    ".X.X.", //
    ".XOX.", //
    "..X..", //
    ".....",
];

/// A JS object with the given properties.
pub fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in fields {
        Reflect::set(&object, &JsValue::from_str(key), value).expect("set a property");
    }
    object.into()
}

/// A JS array of row strings.
pub fn rows(rows: &[&str]) -> JsValue {
    rows.iter()
        .map(|row| JsValue::from_str(row))
        .collect::<Array>()
        .into()
}

/// A JS sign map (array of arrays of numbers) from row strings: X → 1, O → -1, else 0.
pub fn sign_map(rows: &[&str]) -> JsValue {
    rows.iter()
        .map(|row| {
            row.chars()
                .map(|c| JsValue::from_f64(sign(c)))
                .collect::<Array>()
        })
        .collect::<Array>()
        .into()
}

fn sign(c: char) -> f64 {
    match c {
        'X' => 1.0,
        'O' => -1.0,
        _ => 0.0,
    }
}

/// A JS array of numbers.
pub fn numbers(values: &[f64]) -> JsValue {
    values
        .iter()
        .map(|&v| JsValue::from_f64(v))
        .collect::<Array>()
        .into()
}

/// A JS array of `[x, y]` vertices.
pub fn vertices(list: &[[f64; 2]]) -> JsValue {
    list.iter().map(|v| numbers(v)).collect::<Array>().into()
}

/// `{ black, white }`.
pub fn counts(black: f64, white: f64) -> JsValue {
    object(&[
        ("black", JsValue::from_f64(black)),
        ("white", JsValue::from_f64(white)),
    ])
}

/// The OGS FAQ example's input: territory rules, komi 6, Black took 2 stones and White 1.
pub fn ogs_faq_input(rules: &str) -> JsValue {
    object(&[
        ("board", rows(&OGS_FAQ_BOARD)),
        ("rules", JsValue::from_str(rules)),
        ("komi", JsValue::from_f64(6.0)),
        ("captures", counts(2.0, 1.0)),
    ])
}

/// `scoreBoard`'s result for `board` under `rules` with `komi`.
fn score_under(rules: &str, komi: f64, board: JsValue) -> JsValue {
    ok(score_board(object(&[
        ("board", board),
        ("rules", JsValue::from_str(rules)),
        ("komi", JsValue::from_f64(komi)),
    ])))
}

/// Reads a property path such as `"territory.black.total"` or `"ownership.0.4"`.
pub fn get(value: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(value.clone(), |current, key| {
        assert!(
            current.is_object(),
            "{path}: {key:?} read from a non-object {current:?}"
        );
        Reflect::get(&current, &JsValue::from_str(key)).expect("read a property")
    })
}

/// A number at `path`, failing the test when it is not a number.
pub fn number(value: &JsValue, path: &str) -> f64 {
    let found = get(value, path);
    found
        .as_f64()
        .unwrap_or_else(|| panic!("{path} is {found:?}, not a number"))
}

/// A string at `path`, failing the test when it is not a string.
pub fn string(value: &JsValue, path: &str) -> String {
    let found = get(value, path);
    found
        .as_string()
        .unwrap_or_else(|| panic!("{path} is {found:?}, not a string"))
}

/// The array at `path` (fails when it is not one).
pub fn array(value: &JsValue, path: &str) -> Array {
    let found = get(value, path);
    assert!(Array::is_array(&found), "{path} is {found:?}, not an array");
    found.unchecked_into()
}

/// The value of a call that should succeed; a thrown error fails the test with its message.
pub fn ok(result: Result<JsValue, JsError>) -> JsValue {
    result.unwrap_or_else(|error| {
        let message = js_sys::Error::from(JsValue::from(error)).message();
        panic!("unexpected error: {message}")
    })
}

/// Checks that a call threw a JS `Error` whose message contains `expected`.
pub fn assert_error(result: Result<JsValue, JsError>, expected: &str) {
    let error = match result {
        Ok(value) => panic!("expected an error containing {expected:?}, got {value:?}"),
        Err(error) => JsValue::from(error),
    };
    let error = error
        .dyn_into::<js_sys::Error>()
        .unwrap_or_else(|other| panic!("threw {other:?}, not an Error"));
    let message = String::from(error.message());
    assert!(
        message.contains(expected),
        "error message {message:?} does not contain {expected:?}"
    );
    assert_eq!(String::from(error.name()), "Error");
}

/// The OGS FAQ example under Japanese rules: territory counting is official, W+4; area is W+5.
pub fn ogs_faq_territory() {
    let result = ok(score_board(ogs_faq_input("japanese")));
    assert_eq!(string(&result, "rules"), "japanese");
    assert_eq!(string(&result, "method"), "territory");
    assert_eq!(number(&result, "komi"), 6.0);
    assert_eq!(number(&result, "territory.black.territory"), 17.0);
    assert_eq!(number(&result, "territory.black.prisoners"), 2.0);
    assert_eq!(number(&result, "territory.black.total"), 19.0);
    assert_eq!(number(&result, "territory.white.territory"), 16.0);
    assert_eq!(number(&result, "territory.white.prisoners"), 1.0);
    assert_eq!(number(&result, "territory.white.komi"), 6.0);
    assert_eq!(number(&result, "territory.white.total"), 23.0);
    assert_eq!(string(&result, "territory.result"), "W+4");
    assert_eq!(number(&result, "area.black.stones"), 23.0);
    assert_eq!(number(&result, "area.black.total"), 40.0);
    assert_eq!(number(&result, "area.white.stones"), 23.0);
    assert_eq!(number(&result, "area.white.total"), 45.0);
    assert_eq!(string(&result, "area.result"), "W+5");
    assert_eq!(string(&result, "area.winner"), "white");
    assert_eq!(number(&result, "margin"), -4.0);
    assert_eq!(string(&result, "winner"), "white");
    assert_eq!(string(&result, "result"), "W+4");
    assert_eq!(number(&result, "difference.total"), -1.0);
    // Territory method: empty points only; stones and dame are 0.
    assert_eq!(array(&result, "ownership").length(), 9);
    assert_eq!(array(&result, "ownership.0").length(), 9);
    assert_eq!(number(&result, "ownership.0.0"), 1.0);
    assert_eq!(number(&result, "ownership.0.2"), 0.0);
    assert_eq!(number(&result, "ownership.0.4"), 0.0);
    assert_eq!(number(&result, "ownership.0.8"), -1.0);
    assert_eq!(number(&result, "ownership.4.0"), 1.0);
    assert_eq!(number(&result, "ownership.4.8"), 0.0);
}

/// The same board as a sign map under Chinese rules: area counting is official.
pub fn ogs_faq_area_from_sign_map() {
    let result = score_under("chinese", 6.0, sign_map(&OGS_FAQ_BOARD));
    assert_eq!(string(&result, "method"), "area");
    assert_eq!(number(&result, "area.black.total"), 40.0);
    assert_eq!(number(&result, "area.white.total"), 45.0);
    assert_eq!(string(&result, "result"), "W+5");
    assert_eq!(number(&result, "margin"), -5.0);
    // Area method: stones are owned too.
    assert_eq!(number(&result, "ownership.0.2"), 1.0);
    assert_eq!(number(&result, "ownership.0.5"), -1.0);
    assert_eq!(number(&result, "ownership.0.4"), 0.0);
    let owned: Vec<f64> = array(&result, "ownership")
        .iter()
        .flat_map(|row| row.unchecked_into::<Array>().iter().collect::<Vec<_>>())
        .map(|v| v.as_f64().expect("a number"))
        .collect();
    assert_eq!(owned.iter().filter(|&&o| o == 1.0).count(), 40);
    assert_eq!(owned.iter().filter(|&&o| o == -1.0).count(), 39);
}

/// A 5×3 board split down the middle: both sides own 4 stones and 2 points; komi 0 → draw.
pub fn small_board_draw() {
    let result = score_under("chinese", 0.0, rows(&[".X.O.", "XX.OO", ".X.O."]));
    assert_eq!(number(&result, "area.black.stones"), 4.0);
    assert_eq!(number(&result, "area.black.territory"), 2.0);
    assert_eq!(number(&result, "area.black.total"), 6.0);
    assert_eq!(number(&result, "area.white.total"), 6.0);
    assert_eq!(string(&result, "winner"), "draw");
    assert_eq!(string(&result, "result"), "Draw");
}

/// Rows, boards and vertices may be any iterable (typed arrays, sets), read as arrays.
pub fn iterables_read_as_arrays() {
    let typed_rows: Array = WALLED_STONE
        .iter()
        .map(|row| {
            let signs: Vec<i8> = row.chars().map(|c| sign(c) as i8).collect();
            JsValue::from(js_sys::Int8Array::from(&signs[..]))
        })
        .collect();
    let dead = js_sys::Set::new(&JsValue::UNDEFINED);
    dead.add(&js_sys::Int32Array::from(&[2, 2][..]));
    let input = |board: JsValue, dead: JsValue| object(&[("board", board), ("dead", dead)]);
    let expected = ok(classify_regions(input(
        rows(&WALLED_STONE),
        vertices(&[[2.0, 2.0]]),
    )));
    let from_iterables = ok(classify_regions(input(
        js_sys::Set::new(&typed_rows).into(),
        dead.into(),
    )));
    assert_eq!(
        js_sys::JSON::stringify(&from_iterables).unwrap(),
        js_sys::JSON::stringify(&expected).unwrap()
    );
    let white = array(&from_iterables, "groups")
        .iter()
        .find(|g| string(g, "color") == "white")
        .expect("the white stone is a group");
    assert_eq!(
        string(&white, "status"),
        "dead",
        "the set's vertex marks it dead"
    );
}

/// A dead stone marks its chain; its point becomes the capturer's territory.
pub fn dead_stone_counts_for_the_capturer() {
    let input = object(&[
        ("board", rows(&WALLED_STONE)),
        ("dead", vertices(&[[2.0, 2.0]])),
        ("rules", JsValue::from_str("japanese")),
        ("komi", JsValue::from_f64(0.5)),
    ]);
    let result = ok(score_board(input));
    // Every empty point (25 − 6 black stones − 1 dead = 18) plus the point under the dead
    // stone is Black's; the dead stone is a prisoner.
    assert_eq!(number(&result, "territory.black.territory"), 19.0);
    assert_eq!(number(&result, "territory.black.prisoners"), 1.0);
    assert_eq!(number(&result, "territory.white.total"), 0.5);
    assert_eq!(string(&result, "result"), "B+19.5");
    assert_eq!(number(&result, "ownership.2.2"), 1.0);
    let classified = ok(classify_regions(object(&[
        ("board", rows(&WALLED_STONE)),
        ("dead", vertices(&[[2.0, 2.0]])),
    ])));
    let white = array(&classified, "groups")
        .iter()
        .find(|g| string(g, "color") == "white")
        .expect("the white stone is a group");
    assert_eq!(string(&white, "status"), "dead");
}

/// `classifyRegions` returns the regions and groups with owners, kinds and statuses.
pub fn classify_ogs_faq() {
    let result = ok(classify_regions(ogs_faq_input("japanese")));
    let groups = array(&result, "groups");
    assert_eq!(groups.length(), 2);
    for group in groups.iter() {
        assert_eq!(string(&group, "status"), "alive");
        assert_eq!(array(&group, "stones").length(), 23);
    }
    let mut colors: Vec<String> = groups.iter().map(|g| string(&g, "color")).collect();
    colors.sort();
    assert_eq!(colors, ["black", "white"]);

    let regions = array(&result, "regions");
    let mut owned = (0, 0);
    let mut dame = Vec::new();
    for region in regions.iter() {
        let size = array(&region, "points").length();
        match get(&region, "owner").as_string().as_deref() {
            Some("black") => owned.0 += size,
            Some("white") => owned.1 += size,
            Some(other) => panic!("unexpected owner {other:?}"),
            None => {
                assert!(get(&region, "owner").is_null(), "a missing owner is null");
                assert_eq!(string(&region, "kind"), "dame");
                assert_eq!(get(&region, "bordersBlack"), JsValue::TRUE);
                assert_eq!(get(&region, "bordersWhite"), JsValue::TRUE);
                dame.push((number(&region, "points.0.0"), number(&region, "points.0.1")));
            }
        }
    }
    assert_eq!(owned, (17, 16));
    dame.sort_by(|a, b| a.partial_cmp(b).unwrap());
    assert_eq!(dame, [(4.0, 0.0), (4.0, 8.0)]);
    assert_eq!(number(&result, "regionAt.0.2"), -1.0);
    let dame_id = number(&result, "regionAt.0.4");
    assert_eq!(
        string(&regions.get(dame_id as u32), "kind"),
        "dame",
        "regionAt points at the dame region"
    );
}

/// Every bad input throws a JS `Error` naming what and where.
pub fn bad_inputs_throw_errors() {
    // The 9×9 board with one field more.
    let nine_with =
        |field: &str, value: JsValue| object(&[("board", rows(&OGS_FAQ_BOARD)), (field, value)]);
    // (input, expected message): classifyRegions rejects each too.
    let cases: Vec<(JsValue, &str)> = vec![
        (
            object(&[("board", rows(&["XX.", "X."]))]),
            "board row 1 has 2 points, expected 3",
        ),
        (
            object(&[(
                "board",
                [numbers(&[0.0, 2.0]), numbers(&[0.0, 0.0])]
                    .iter()
                    .collect::<Array>()
                    .into(),
            )]),
            "board point [1, 0] is 2; expected -1, 0 or 1",
        ),
        (
            object(&[("board", rows(&["X?", ".."]))]),
            "board point [1, 0] is '?'",
        ),
        (
            nine_with("rules", JsValue::from_str("klingon")),
            "unknown rules \"klingon\"",
        ),
        (
            nine_with("komi", JsValue::from_f64(f64::NAN)),
            "komi must be finite",
        ),
        (
            nine_with("komi", JsValue::from_f64(0.3)),
            "komi must be a multiple of 0.5, got 0.3",
        ),
        (
            nine_with("dead", vertices(&[[20.0, 4.0]])),
            "dead vertex [20, 4] is off the 9×9 board",
        ),
        (
            nine_with("dead", vertices(&[[0.0, 0.0]])),
            "dead vertex [0, 0] has no stone",
        ),
        (
            object(&[("board", rows(&["XO", "O."]))]),
            "the black chain at [0, 0] has no liberties",
        ),
        (
            nine_with("komy", JsValue::from_f64(6.0)),
            "unknown field `komy`",
        ),
        (
            nine_with("captures", object(&[("blak", JsValue::from_f64(1.0))])),
            "captures: unknown field `blak`, expected `black` or `white`",
        ),
        (
            nine_with("captures", counts(-1.0, 0.0)),
            "captures.black must be a whole number ≥ 0, got -1",
        ),
        (object(&[("board", rows(&[]))]), "board has no rows"),
        (object(&[]), "missing field `board`"),
        // A value of the wrong type is named by its path, its value shown as JS writes it.
        (
            object(&[(
                "board",
                [JsValue::from_str("X."), JsValue::TRUE]
                    .iter()
                    .collect::<Array>()
                    .into(),
            )]),
            "board[1]: invalid type: boolean `true`, expected a row string",
        ),
        (
            object(&[(
                "board",
                [[JsValue::from_f64(0.0), JsValue::from_str("x")]
                    .iter()
                    .collect::<Array>()]
                .iter()
                .collect::<Array>()
                .into(),
            )]),
            "board[0][1]: invalid type: string \"x\", expected f64",
        ),
        (
            nine_with("captures", object(&[("white", JsValue::from_str("2"))])),
            "captures.white: invalid type: string \"2\", expected f64",
        ),
        (
            nine_with("lastToPlay", JsValue::from_f64(1.5)),
            "lastToPlay: invalid type: floating point `1.5`, expected a string",
        ),
        (
            nine_with("dead", vertices(&[[0.0, 0.5]])),
            "dead vertex [0, 0.5] must be two whole numbers",
        ),
    ];
    for (input, expected) in cases {
        assert_error(score_board(input.clone()), expected);
        assert_error(classify_regions(input), expected);
    }
}

/// Inputs that are not objects at all are errors too, not traps.
pub fn non_object_inputs_throw_errors() {
    for input in [
        JsValue::UNDEFINED,
        JsValue::NULL,
        JsValue::from_f64(19.0),
        JsValue::from_str("X.O"),
    ] {
        let error = score_board(input.clone()).err().map(JsValue::from);
        let error = error.unwrap_or_else(|| panic!("{input:?} was accepted"));
        assert!(
            error.is_instance_of::<js_sys::Error>(),
            "{input:?} threw {error:?}"
        );
    }
}

/// A bad call leaves the module working: the next good call gives the right answer.
pub fn module_keeps_working_after_errors() {
    for _ in 0..3 {
        assert_error(
            score_board(object(&[("board", rows(&["XO", "O."]))])),
            "has no liberties",
        );
        assert_error(
            score_board(object(&[("board", rows(&["XX.", "X."]))])),
            "board row 1",
        );
        let result = ok(score_board(ogs_faq_input("japanese")));
        assert_eq!(string(&result, "result"), "W+4");
        let classified = ok(classify_regions(ogs_faq_input("chinese")));
        assert_eq!(array(&classified, "groups").length(), 2);
    }
}

/// Defines one `#[wasm_bindgen_test]` per shared case in the including suite.
/// Legacy charsets are decoded by the platform's `TextDecoder` inside the module (it
/// carries no charset tables of its own): Shift_JIS, GB2312 and EUC-KR player names.
pub fn legacy_charsets_through_text_decoder() {
    use go_score::wasm::WasmGame;
    for (bytes, black, white) in [
        (
            &include_bytes!("../fixtures/sgf/SabakiHQ+sgf/tests/sgf/japanese.sgf")[..],
            "井山 裕太",
            "山下 敬吾",
        ),
        (
            &include_bytes!("../fixtures/sgf/SabakiHQ+sgf/tests/sgf/chinese.sgf")[..],
            "古力",
            "柯洁",
        ),
        (
            &include_bytes!("../fixtures/sgf/SabakiHQ+sgf/tests/sgf/korean.sgf")[..],
            "이세돌",
            "박정환",
        ),
    ] {
        let game = WasmGame::from_sgf(js_sys::Uint8Array::from(bytes).into())
            .unwrap_or_else(|err| panic!("{:?}", JsValue::from(err)));
        let info = ok(game.info());
        assert_eq!(string(&info, "PB"), black);
        assert_eq!(string(&info, "PW"), white);
        assert_eq!(
            Array::from(&ok(game.notes())).length(),
            0,
            "no decoding notes"
        );
    }
}

/// `countingSteps` on the OGS FAQ example: Japanese counting by default under Japanese
/// rules, its steps in order, ending on scoreBoard's territory margin with its own totals.
pub fn counting_steps_ogs_faq() {
    let counting = ok(go_score::wasm::counting_steps(ogs_faq_input("japanese")));
    assert_eq!(string(&counting, "method"), "japanese");
    let steps = array(&counting, "steps");
    let kinds: Vec<String> = steps.iter().map(|step| string(&step, "kind")).collect();
    // The same steps as the native count of the same input (tests/counting.rs checks them).
    let native = serde_json::json!({
        "board": OGS_FAQ_BOARD, "rules": "japanese", "komi": 6, "captures": {"black": 2, "white": 1},
    });
    let native = go_score::api::decode_json_object(&native.to_string()).unwrap();
    let native = go_score::api::counting_steps(&native).unwrap();
    let native_kinds: Vec<&str> = native.steps.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, native_kinds);
    assert_eq!(number(&counting, "margin"), -4.0);
    assert_eq!(number(&counting, "scoreMargin"), -4.0);
    assert_eq!(string(&counting, "result"), "W+4");
    // Black 17 − 1 black prisoner filled in; White 16 − 2 + komi 6.
    assert_eq!(number(&counting, "steps.6.black.total"), 16.0);
    assert_eq!(number(&counting, "steps.6.white.total"), 20.0);
    assert_eq!(number(&counting, "steps.6.white.komi"), 6.0);
    assert_eq!(array(&counting, "steps.0.board").length(), 9);
    assert_eq!(array(&counting, "steps.3.blocks.0").length(), 9);
    // Filling the prisoners changed three points, each an [x, y] pair.
    assert_eq!(array(&counting, "steps.2.changed").length(), 3);
    assert_eq!(array(&counting, "steps.2.changed.0").length(), 2);

    let ing = ok(go_score::wasm::counting_steps(object(&[
        ("board", rows(&OGS_FAQ_BOARD)),
        ("method", JsValue::from_str("ing")),
    ])));
    assert_eq!(string(&ing, "rules"), "ing");
    assert_eq!(number(&ing, "komi"), 8.0);
    assert_eq!(number(&ing, "steps.0.black.bowl"), 40.0 - 23.0);
    assert_eq!(number(&ing, "steps.2.white.komiStones"), 4.0);
    assert_eq!(number(&ing, "margin"), number(&ing, "scoreMargin"));
}

/// `countingSteps` refuses what scoreBoard refuses, and an unknown method.
pub fn counting_steps_bad_inputs() {
    use go_score::wasm::counting_steps;
    assert_error(
        counting_steps(object(&[
            ("board", rows(&OGS_FAQ_BOARD)),
            ("method", JsValue::from_str("french")),
        ])),
        "unknown counting method \"french\"",
    );
    assert_error(
        counting_steps(object(&[
            ("board", rows(&OGS_FAQ_BOARD)),
            ("komi", JsValue::from_f64(f64::NAN)),
        ])),
        "komi",
    );
    assert_error(counting_steps(JsValue::from_f64(3.0)), "");
}

macro_rules! wasm_cases {
    ($($case:ident),* $(,)?) => {
        $(
            #[wasm_bindgen_test::wasm_bindgen_test]
            fn $case() {
                wasm_cases::$case();
            }
        )*
    };
}

/// Every shared case, as `#[wasm_bindgen_test]`s.
macro_rules! all_wasm_cases {
    () => {
        wasm_cases!(
            ogs_faq_territory,
            ogs_faq_area_from_sign_map,
            small_board_draw,
            dead_stone_counts_for_the_capturer,
            iterables_read_as_arrays,
            classify_ogs_faq,
            bad_inputs_throw_errors,
            non_object_inputs_throw_errors,
            module_keeps_working_after_errors,
            legacy_charsets_through_text_decoder,
            counting_steps_ogs_faq,
            counting_steps_bad_inputs,
        );
    };
}
