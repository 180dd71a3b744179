//! The exported functions, each a thin wrapper over `crate::api`, and the one place errors
//! become JS `Error`s ([`js_error`]).

use super::decode::{self, decode_object};
use super::output::{self, to_js};
use super::wire::{MAX_SIDE, SHAPE};
use crate::api;
use crate::error::Error;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const RULES: &str = api::RULES_TYPE;

#[wasm_bindgen(typescript_custom_section)]
const SERVER: &str = api::SERVER_TYPE;

/// Makes a panic, should one ever escape, readable on the console instead of a bare
/// `RuntimeError: unreachable`.
#[wasm_bindgen(start, private)]
fn start() {
    console_error_panic_hook::set_once();
}

/// Turns a core error into a JS `Error` carrying its message.
pub(super) fn js_error(error: Error) -> JsError {
    JsError::new(error.message())
}

#[wasm_bindgen(module = "/js/boundary.js")]
extern "C" {
    /// Reads a well-formed input into the buffers at the given places in the module's
    /// memory: signs (`i8`), dead stones (`i32` index), options (`f64` index; the first
    /// four are the shape) and option text (bytes), each with its capacity.
    #[wasm_bindgen(js_name = flatScoreInput)]
    fn flat_score_input(
        input: &JsValue,
        signs: usize,
        dead: usize,
        dead_capacity: usize,
        options: usize,
        options_capacity: usize,
        text: usize,
        text_capacity: usize,
    ) -> bool;
}

/// The fast path's buffers, kept from call to call and written by `flatScoreInput` in
/// place. Options that do not fit in `options` and `text` (far more than the fields there
/// are) go to the full decoder.
struct Flat {
    signs: Vec<i8>,
    dead: Vec<i32>,
    options: Vec<f64>,
    text: Vec<u8>,
}

thread_local! {
    static FLAT: RefCell<Flat> = RefCell::new(Flat {
        signs: vec![0; MAX_SIDE * MAX_SIDE],
        dead: vec![0; 2 * MAX_SIDE * MAX_SIDE],
        options: vec![0.0; 256],
        text: vec![0; 1024],
    });
}

/// Scores a position under territory and area counting. Throws an `Error` naming the
/// problem on bad input.
#[wasm_bindgen(js_name = scoreBoard, unchecked_return_type = "ScoreResult")]
pub fn score_board(
    #[wasm_bindgen(unchecked_param_type = "ScoreInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    match score_board_fast(&input) {
        Some(result) => Ok(result),
        None => score_board_generic(input),
    }
}

/// `scoreBoard` on a well-formed input, read by `flatScoreInput` in one call (far cheaper
/// than reading it value by value) and handed back in its fixed layout; `None` for any
/// other input or any error, which the full decoder then reads and reports with its own
/// message.
fn score_board_fast(input: &JsValue) -> Option<JsValue> {
    output::share_memory();
    let result = FLAT.with(|flat| {
        let flat = &mut *flat.borrow_mut();
        // Places in the module's memory, in units of each buffer's element.
        let read = flat_score_input(
            input,
            flat.signs.as_mut_ptr() as usize,
            flat.dead.as_mut_ptr() as usize / 4,
            flat.dead.len(),
            flat.options.as_mut_ptr() as usize / 8,
            flat.options.len(),
            flat.text.as_mut_ptr() as usize,
            flat.text.len(),
        );
        if !read {
            return None;
        }
        let (shape, options) = flat.options.split_at(SHAPE);
        let [width, height, dead, fields, text] = [0, 1, 2, 3, 4].map(|i| shape[i] as usize);
        // Every field but the board and the dead stones, decoded as the full decoder does.
        let options: api::ScoreSgfOptions =
            decode::decode_flat(options, flat.text.get(..text)?, fields)?;
        api::score_board_flat(
            width,
            flat.signs.get(..width * height)?,
            flat.dead.get(..dead)?,
            &options,
        )
        .ok()
    })?;
    output::score_result(&result).ok()
}

/// `scoreBoard` through the full decoder. Tests compare the fast path with it through
/// `scoreAndClassify`, whose `score` comes this way.
fn score_board_generic(input: JsValue) -> Result<JsValue, JsError> {
    let input = decode_object(&input).map_err(js_error)?;
    to_js(&api::score_board(&input).map_err(js_error)?)
}

/// Counts a position as a server counts it (`scoreBoard`'s count being the rules'), with
/// the points that make the two differ. Throws an `Error` naming the problem on bad input.
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = countAsServer, unchecked_return_type = "ServerCountResult")]
pub fn count_as_server(
    #[wasm_bindgen(unchecked_param_type = "ServerCountInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    let input = decode_object(&input).map_err(js_error)?;
    to_js(&api::count_as_server(&input).map_err(js_error)?)
}

/// Splits the board into empty regions and stone groups, with owners, kinds and statuses.
/// Throws an `Error` naming the problem on bad input.
#[wasm_bindgen(js_name = classifyRegions, unchecked_return_type = "Classification")]
pub fn classify_regions(
    #[wasm_bindgen(unchecked_param_type = "ScoreInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    let input = decode_object(&input).map_err(js_error)?;
    to_js(&api::classify_regions(&input).map_err(js_error)?)
}

/// `scoreBoard` and `classifyRegions` on one input in one call, which analyses life (seki,
/// false eyes) once for both: `{ score, classification }`. Throws an `Error` naming the
/// problem on bad input.
#[wasm_bindgen(js_name = scoreAndClassify, unchecked_return_type = "ScoreAndClassification")]
pub fn score_and_classify(
    #[wasm_bindgen(unchecked_param_type = "ScoreInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    let input = decode_object(&input).map_err(js_error)?;
    to_js(&api::score_and_classify(&input).map_err(js_error)?)
}

/// Suggests which stones are dead, estimates who owns each point, and lists open borders
/// that still need a move. Throws an `Error` naming the problem on bad input.
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = estimateDeadStones, unchecked_return_type = "Estimate")]
pub fn estimate_dead_stones(
    #[wasm_bindgen(unchecked_param_type = "EstimateInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    let input = decode_object(&input).map_err(js_error)?;
    to_js(&api::estimate_dead_stones(&input).map_err(js_error)?)
}

/// The steps of counting a finished position by hand (Japanese, Ing or Chinese), each a
/// full snapshot, ending on `scoreBoard`'s margin. Throws an `Error` naming the problem on
/// bad input.
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = countingSteps, unchecked_return_type = "Counting")]
pub fn counting_steps(
    #[wasm_bindgen(unchecked_param_type = "CountingInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    let input = decode_object(&input).map_err(js_error)?;
    to_js(&api::counting_steps(&input).map_err(js_error)?)
}

/// Every ruleset with its conventions (counting method, default komi, handicap
/// compensation, suicide, ko, …), in the order the API documents them, Japanese (the
/// default) first.
#[wasm_bindgen(unchecked_return_type = "RulesetInfo[]")]
pub fn rulesets() -> Result<JsValue, JsError> {
    to_js(&api::rulesets())
}

/// The komi a game under `rules` gets when none is named: the ruleset's, or its handicap
/// komi with 2 handicap stones or more. Throws an `Error` on an unknown ruleset.
#[wasm_bindgen(js_name = defaultKomi)]
pub fn default_komi(
    #[wasm_bindgen(unchecked_param_type = "Rules")] rules: JsValue,
    handicap: Option<f64>,
) -> Result<f64, JsError> {
    let rules = rules
        .as_string()
        .ok_or_else(|| JsError::new("rules must be a string such as 'japanese'"))?;
    api::default_komi(&rules, handicap).map_err(js_error)
}

/// Reads a diagram, as a teacher writes a position: rows of `X` (black), `O` (white), `.`
/// or `+` (empty), and `x` / `o` for a stone marked dead, row 0 at the top, separated by
/// white space or `/`. Returns `{ board, dead }`, ready for `scoreBoard`. Throws an `Error`
/// naming the bad row or point.
#[wasm_bindgen(js_name = readDiagram, unchecked_return_type = "Diagram")]
pub fn read_diagram(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsError> {
    let text = text
        .as_string()
        .ok_or_else(|| JsError::new("a diagram must be a string of rows such as 'XO./.XO'"))?;
    to_js(&api::read_diagram(&text).map_err(js_error)?)
}

/// Where `count` handicap stones go on a `width` × `height` board, in the order they are
/// placed (the traditional fixed placement, as GNU Go, KataGo and Sabaki use it); `null`
/// where there is none: fewer than 2 or more than 9 stones, a side under 7 lines, or 5
/// stones or more without a centre line (a side with an even number of lines, or 7).
#[wasm_bindgen(js_name = handicapPoints, unchecked_return_type = "Vertex[] | null")]
pub fn handicap_points(width: f64, height: f64, count: f64) -> Result<JsValue, JsError> {
    to_js(&api::handicap_points(width, height, count).map_err(js_error)?)
}
