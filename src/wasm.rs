//! The WebAssembly boundary: the only module that knows about JavaScript. Each export is a
//! one-liner over `crate::api`; errors become JS `Error`s in one place, [`js_error`].

use crate::api;
use crate::error::Error;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A vertex `[x, y]`, zero-based, `[0, 0]` the top-left point. */
export type Vertex = [number, number];
/** A sign map (`board[y][x]`: 1 black, -1 white, 0 empty) or rows of 'X', 'O', '.'. */
export type BoardInput = number[][] | string[];
/** The rulesets go-score knows. */
export type Rules = 'japanese' | 'korean' | 'chinese' | 'aga' | 'ing' | 'nz' | 'tromp-taylor';
/** `{ black, white }` counts. */
export interface Counts { black: number; white: number }

/** What `scoreBoard` and `classifyRegions` take. */
export interface ScoreInput {
  board: BoardInput;
  /** Stones marked dead; each marks its whole chain. */
  dead?: Vertex[];
  /** Default 'japanese'. */
  rules?: Rules;
  /** Default: the ruleset's. Finite, a multiple of 0.5. */
  komi?: number;
  /** Stones captured during play BY black / BY white. */
  captures?: Counts;
  /** Handicap stones Black placed (0 = even game). */
  handicap?: number;
  /** Override the ruleset's handicap compensation to White (area counting). */
  handicapCompensation?: 'none' | 'n' | 'n-1';
  /** Passes made in the game, final ones included. */
  passes?: Counts;
  /** Who made the game's last move or pass. */
  lastToPlay?: 'black' | 'white';
  /** Territory rules: still count false eyes that must be filled. */
  scoreFalseEyes?: boolean;
}

/** One side's count under one method; fields a method does not use are 0. */
export interface SideScore {
  territory: number; stones: number; prisoners: number; komi: number;
  handicapCompensation: number; passStones: number; neutralShare: number; total: number;
}
/** Both sides under one method and the outcome. */
export interface MethodScore {
  black: SideScore; white: SideScore;
  /** Black total − White total. */
  margin: number;
  winner: 'black' | 'white' | 'draw';
  /** SGF style: 'B+3.5', 'W+4', 'Draw'. */
  result: string;
}
/** Area margin − territory margin, explained by seed 003's identity. */
export interface Difference {
  total: number; lastToPlay: number; handicap: number; passes: number;
  compensation: number; passStones: number; other: number;
}
/** What `scoreBoard` returns. */
export interface ScoreResult {
  rules: Rules; komi: number; method: 'territory' | 'area';
  territory: MethodScore; area: MethodScore;
  margin: number; winner: 'black' | 'white' | 'draw'; result: string;
  /** Owner per point under the official method, `ownership[y][x]`: 1, -1, 0. */
  ownership: number[][];
  difference: Difference;
}

/** An empty region (dead stones taken off). */
export interface Region {
  id: number; points: Vertex[];
  owner: 'black' | 'white' | null;
  kind: 'territory' | 'dame' | 'seki' | 'neutral';
  bordersBlack: boolean; bordersWhite: boolean;
  falseEyes: Vertex[];
}
/** A chain of stones. */
export interface Group {
  id: number; color: 'black' | 'white'; stones: Vertex[]; liberties: number;
  status: 'alive' | 'dead' | 'seki';
}
/** What `classifyRegions` returns. */
export interface Classification {
  regions: Region[]; groups: Group[];
  /** Region id per point, -1 on living stones. */
  regionAt: number[][];
}
"#;

/// Turns a core error into a JS `Error` carrying its message.
fn js_error(error: Error) -> JsError {
    JsError::new(error.message())
}

/// Hands an output to JS as plain objects and arrays (`null` for absent values): one JSON
/// text and one `JSON.parse`, far cheaper than building the objects call by call.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(value).map_err(|err| JsError::new(&err.to_string()))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("internal error: output is not JSON"))
}

/// An input as JSON text: one `JSON.stringify` in JS. JSON turns NaN and ±Infinity into
/// `null`, which numeric fields read as NaN and reject.
fn json_text(input: &JsValue) -> Result<String, JsError> {
    match js_sys::JSON::stringify(input) {
        Ok(text) => text
            .as_string()
            .ok_or_else(|| JsError::new("input must be an object, got undefined")),
        Err(_) => Err(JsError::new(
            "input cannot be read: it holds a BigInt or refers to itself",
        )),
    }
}

/// Reads an input with the same serde decoding the native tests exercise (unknown fields
/// rejected, messages naming the field).
fn decode<T: serde::de::DeserializeOwned>(input: JsValue) -> Result<T, JsError> {
    api::decode_json(&json_text(&input)?).map_err(js_error)
}

/// As [`decode`], for inputs that must be objects (an array is refused, not read as the
/// struct's fields in order).
fn decode_object<T: serde::de::DeserializeOwned>(input: JsValue) -> Result<T, JsError> {
    api::decode_json_object(&json_text(&input)?).map_err(js_error)
}

/// `scoreBoard` through the full decoder: any input, every message. The package's
/// `scoreBoard` (npm/glue/score_board.js) calls it for what its fast path does not take.
#[wasm_bindgen(js_name = scoreBoardGeneric, skip_typescript)]
pub fn score_board(input: JsValue) -> Result<JsValue, JsError> {
    to_js(&api::score_board(&decode_object(input)?).map_err(js_error)?)
}

#[wasm_bindgen(typescript_custom_section)]
const SCORE_BOARD_TYPE: &'static str = r#"
/**
 * Scores a position under territory and area counting. Throws an `Error` naming the
 * problem on bad input.
 */
export function scoreBoard(input: ScoreInput): ScoreResult;
"#;

/// The fast path of `scoreBoard` (see `api::score_board_flat`): fills `numbers` and
/// `ownership` and returns the labels. An error here sends the caller to `scoreBoardGeneric`.
#[wasm_bindgen(js_name = scoreBoardFlat, skip_typescript)]
pub fn score_board_flat(
    width: usize,
    signs: &[i8],
    dead: &[i32],
    options: &str,
    numbers: &mut [f64],
    ownership: &mut [i8],
) -> Result<String, JsError> {
    let options = api::decode_json_object(options).map_err(js_error)?;
    let flat = api::score_board_flat(width, signs, dead, options).map_err(js_error)?;
    if numbers.len() != flat.numbers.len() || ownership.len() != flat.ownership.len() {
        return Err(JsError::new(
            "scoreBoardFlat: output buffers of the wrong size",
        ));
    }
    numbers.copy_from_slice(&flat.numbers);
    ownership.copy_from_slice(&flat.ownership);
    Ok(flat.labels)
}

/// Splits the board into empty regions and stone groups, with owners, kinds and statuses.
/// Throws an `Error` naming the problem on bad input.
#[wasm_bindgen(js_name = classifyRegions, unchecked_return_type = "Classification")]
pub fn classify_regions(
    #[wasm_bindgen(unchecked_param_type = "ScoreInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::classify_regions(&decode_object(input)?).map_err(js_error)?)
}

// ---------------------------------------------------------------------------------------
// Games and SGF (issue 6): the `Game` class and `scoreSgf`.
// ---------------------------------------------------------------------------------------

use crate::sgf::GameRecord;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const GAME_TYPES: &'static str = r#"
/** What `new Game(opts)` takes. */
export interface GameOptions {
  /** Columns, 1 … 52. */
  width: number;
  /** Rows, 1 … 52; default `width`. */
  height?: number;
  /** Default 'japanese'. */
  rules?: Rules;
  /** Default: the ruleset's; 0.5 in a handicap game. */
  komi?: number;
  /** Handicap stones: on the star points for 2 … 9 on 9×9, 13×13, 19×19; otherwise
   * Black places them with the first `play` calls. */
  handicap?: number;
}
/** What `scoreSgf` takes besides the SGF: anything of `ScoreInput` but the board. */
export type ScoreSgfOptions = Partial<Omit<ScoreInput, 'board'>>;
/** One move of a game: who played, and where (`null` for a pass). */
export interface GameMove { color: 'black' | 'white'; vertex: Vertex | null }
"#;

/// Legacy SGF charsets through the platform's `TextDecoder` (browsers, Node 18+), so the
/// module carries no charset tables.
struct PlatformCharsets;

impl crate::sgf::LegacyCharsets for PlatformCharsets {
    fn decode(&self, label: &str, bytes: &[u8]) -> Option<(String, bool)> {
        let strict = web_sys::TextDecoderOptions::new();
        strict.set_fatal(true);
        // An unknown label makes the constructor throw.
        let decoder = web_sys::TextDecoder::new_with_label_and_options(label, &strict).ok()?;
        if let Ok(text) = decoder.decode_with_u8_array(bytes) {
            return Some((text, false));
        }
        let lenient = web_sys::TextDecoder::new_with_label(label).ok()?;
        let text = lenient.decode_with_u8_array(bytes).ok()?;
        Some((text, true))
    }
}

/// Reads a JS string, `Uint8Array` or `ArrayBuffer` as an SGF source.
fn sgf_source(sgf: JsValue) -> Result<api::SgfSource, JsError> {
    if let Some(text) = sgf.as_string() {
        return Ok(api::SgfSource::Text(text));
    }
    if let Some(bytes) = sgf.dyn_ref::<js_sys::Uint8Array>() {
        return Ok(api::SgfSource::Bytes(bytes.to_vec()));
    }
    if let Some(buffer) = sgf.dyn_ref::<js_sys::ArrayBuffer>() {
        return Ok(api::SgfSource::Bytes(
            js_sys::Uint8Array::new(buffer).to_vec(),
        ));
    }
    Err(JsError::new("sgf must be a string or a Uint8Array"))
}

/// Decodes an optional argument; `undefined` and `null` are `None`.
fn optional<T: for<'de> serde::Deserialize<'de>>(
    value: Option<JsValue>,
) -> Result<Option<T>, JsError> {
    match value {
        Some(value) if !value.is_undefined() && !value.is_null() => decode(value).map(Some),
        _ => Ok(None),
    }
}

/// A game being played or replayed: legal moves with captures, ko and suicide as the
/// ruleset says, passes, handicap and undo; SGF in and out.
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    record: GameRecord,
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// A new game; handicap stones on the star points where there are fixed ones.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GameOptions")] opts: JsValue,
    ) -> Result<WasmGame, JsError> {
        let record = api::new_game(&decode_object(opts)?).map_err(js_error)?;
        Ok(WasmGame { record })
    }

    /// Reads an SGF's main line (text, or bytes decoded by the file's `CA`).
    #[wasm_bindgen(js_name = fromSgf)]
    pub fn from_sgf(
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] sgf: JsValue,
    ) -> Result<WasmGame, JsError> {
        let record =
            api::read_sgf_source(&sgf_source(sgf)?, &PlatformCharsets).map_err(js_error)?;
        Ok(WasmGame { record })
    }

    /// The player to move plays at `[x, y]`; throws on an illegal move.
    pub fn play(&mut self, x: f64, y: f64) -> Result<(), JsError> {
        api::play(&mut self.record, x, y).map_err(js_error)
    }

    /// The player to move passes.
    pub fn pass(&mut self) -> Result<(), JsError> {
        self.record.game.pass().map_err(js_error)
    }

    /// Takes back the last move, pass or handicap stone; throws at the start.
    pub fn undo(&mut self) -> Result<(), JsError> {
        self.record.game.undo().map(drop).map_err(js_error)
    }

    /// The board as a sign map, `board[y][x]`.
    #[wasm_bindgen(getter, unchecked_return_type = "number[][]")]
    pub fn board(&self) -> Result<JsValue, JsError> {
        to_js(&api::sign_map(self.record.game.board()))
    }

    /// Stones captured in play by Black / by White.
    #[wasm_bindgen(getter, unchecked_return_type = "Counts")]
    pub fn captures(&self) -> Result<JsValue, JsError> {
        to_js(&self.record.game.captures())
    }

    /// Passes made by Black / by White.
    #[wasm_bindgen(getter, unchecked_return_type = "Counts")]
    pub fn passes(&self) -> Result<JsValue, JsError> {
        to_js(&self.record.game.passes())
    }

    /// `'black'` or `'white'`.
    #[wasm_bindgen(getter, js_name = toPlay, unchecked_return_type = "'black' | 'white'")]
    pub fn to_play(&self) -> String {
        self.record.game.to_play().name().to_string()
    }

    /// Who made the last move or pass; `null` before any.
    #[wasm_bindgen(getter, js_name = lastToPlay, unchecked_return_type = "'black' | 'white' | null")]
    pub fn last_to_play(&self) -> JsValue {
        self.record
            .game
            .last_to_play()
            .map_or(JsValue::NULL, |c| JsValue::from_str(c.name()))
    }

    /// The ruleset's name.
    #[wasm_bindgen(getter, unchecked_return_type = "Rules")]
    pub fn rules(&self) -> String {
        self.record.game.rules().name().to_string()
    }

    /// Komi.
    #[wasm_bindgen(getter)]
    pub fn komi(&self) -> f64 {
        self.record.game.komi()
    }

    /// Handicap stones.
    #[wasm_bindgen(getter)]
    pub fn handicap(&self) -> u32 {
        self.record.game.handicap()
    }

    /// How unusual SGF content was read (komi forms, charsets, unknown rules).
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn notes(&self) -> Result<JsValue, JsError> {
        to_js(&self.record.notes)
    }

    /// The moves and passes so far, in order.
    #[wasm_bindgen(unchecked_return_type = "GameMove[]")]
    pub fn moves(&self) -> Result<JsValue, JsError> {
        to_js(&api::moves(&self.record))
    }

    /// The SGF's game information (`PB`, `PW`, `RE`, `DT`, …) by property identifier.
    #[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
    pub fn info(&self) -> Result<JsValue, JsError> {
        to_js(&api::info(&self.record))
    }

    /// The board just after the `n`-th move or pass (0: before the first), for stepping
    /// through a record.
    #[wasm_bindgen(js_name = boardAt, unchecked_return_type = "number[][]")]
    pub fn board_at(&self, n: f64) -> Result<JsValue, JsError> {
        to_js(&api::board_at(&self.record, n).map_err(js_error)?)
    }

    /// Dead stones implied by the SGF's `TB`/`TW` markup.
    #[wasm_bindgen(js_name = deadHints, unchecked_return_type = "Vertex[]")]
    pub fn dead_hints(&self) -> Result<JsValue, JsError> {
        to_js(&api::dead_hints(&self.record))
    }

    /// Everything `scoreBoard` needs; `dead` defaults to the SGF's dead hints.
    #[wasm_bindgen(js_name = scoreInput, unchecked_return_type = "ScoreInput")]
    pub fn score_input(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "Vertex[]")] dead: Option<JsValue>,
    ) -> Result<JsValue, JsError> {
        let dead: Option<Vec<api::VertexInput>> = optional(dead)?;
        to_js(&api::game_score_input(&self.record, dead.as_deref()).map_err(js_error)?)
    }

    /// The game as SGF; with `dead`, scored: `TB`/`TW` territory and `RE` written.
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "Vertex[]")] dead: Option<JsValue>,
    ) -> Result<String, JsError> {
        let dead: Option<Vec<api::VertexInput>> = optional(dead)?;
        api::game_to_sgf(&self.record, dead.as_deref()).map_err(js_error)
    }
}

/// Scores the end of an SGF record in one call; dead stones from `TB`/`TW` unless
/// `options.dead`.
#[wasm_bindgen(js_name = scoreSgf, unchecked_return_type = "ScoreResult")]
pub fn score_sgf(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] sgf: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ScoreSgfOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    let source = sgf_source(sgf)?;
    let options: api::ScoreSgfOptions = match options {
        Some(value) if !value.is_undefined() && !value.is_null() => decode_object(value)?,
        _ => api::ScoreSgfOptions::default(),
    };
    to_js(&api::score_sgf(&source, &options, &PlatformCharsets).map_err(js_error)?)
}

// ---- Dead-stone estimation (issue 7) ----

#[wasm_bindgen(typescript_custom_section)]
const ESTIMATE_TYPES: &'static str = r#"
/** What `estimateDeadStones` takes. */
export interface EstimateInput {
  board: BoardInput;
  /** Checked; the estimate is the same under every ruleset. */
  rules?: Rules;
  /** An engine's ownership (e.g. KataGo), `ownership[y][x]`, +1 black … −1 white. When
   *  given, no playouts run; stones the board proves alive are still never dead. */
  ownership?: number[][];
  /** Seed of the playouts, a whole number ≥ 0 (default 0): same seed, same answer. */
  seed?: number;
  /** Number of playouts, 1 … 10000 (default by board size: 400 on 9×9, 110 on 19×19). */
  effort?: number;
}
/** What `estimateDeadStones` returns. */
export interface Estimate {
  /** Stones judged dead (whole chains), in reading order. */
  dead: Vertex[];
  /** Estimated owner per point, `ownership[y][x]`, from 1 (black) to −1 (white). */
  ownership: number[][];
  /** Empty points on an open border that still need a move before the game is over. */
  needsSealing: Vertex[];
}
"#;

/// Suggests which stones are dead, estimates who owns each point, and lists open borders
/// that still need a move. Throws an `Error` naming the problem on bad input.
#[wasm_bindgen(js_name = estimateDeadStones, unchecked_return_type = "Estimate")]
pub fn estimate_dead_stones(
    #[wasm_bindgen(unchecked_param_type = "EstimateInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::estimate_dead_stones(&decode_object(input)?).map_err(js_error)?)
}

// ---- Counting procedures (issue 11) ----

#[wasm_bindgen(typescript_custom_section)]
const COUNTING_TYPES: &'static str = r#"
/** What `countingSteps` takes: a `ScoreInput` and the counting method (default by the
 *  rules: 'japanese' for territory rulesets, 'ing' for Ing, 'chinese' otherwise). */
export interface CountingInput extends ScoreInput {
  method?: 'japanese' | 'ing' | 'chinese';
}
/** Every number a view may show for one side at one step. */
export interface Tally {
  /** Empty points of own territory on the board (Chinese: own area that is not stones). */
  territory: number;
  /** Japanese: opponent stones held in the lid, not yet filled in. */
  prisoners: number;
  /** Own stones on the board. */
  onBoard: number;
  /** Ing: stones left in the bowl (180 per side on 19×19); else 0. */
  bowl: number;
  /** Komi credited as points (White). Ing: only the part not placed as stones. */
  komi: number;
  /** Ing: stones placed in the opponent's territory as komi. */
  komiStones: number;
  /** Area methods: points for Black's handicap stones (White). */
  compensation: number;
  /** Ing: half points for unfillable neutral points in seki; Chinese: half the dame. */
  neutralShare: number;
  /** The running count: Japanese territory + prisoners + komi; Ing and Chinese onBoard +
   *  territory + compensation + neutralShare + komi. */
  total: number;
}
/** One step of a count: a full snapshot. */
export interface CountingStep {
  kind: 'start' | 'remove-dead' | 'fill-prisoners' | 'rearrange' | 'count' | 'komi'
    | 'result' | 'komi-stones' | 'fill' | 'neutral' | 'count-area';
  /** `board[y][x]`: 1 black, -1 white, 0 empty. */
  board: number[][];
  /** Points being counted: 1 Black's, -1 White's, 0 none. */
  shade: number[][];
  /** Rectangle id (> 0) of points counted together (tens, fives), else 0. */
  blocks: number[][];
  /** Points whose content differs from the previous step. */
  changed: Vertex[];
  /** Points the step is about besides `changed` (Ing: unfillable neutral points). */
  focus: Vertex[];
  black: Tally;
  white: Tally;
}
/** What `countingSteps` returns. */
export interface Counting {
  method: 'japanese' | 'ing' | 'chinese';
  /** The ruleset counted under, as scoreBoard reports it (Ing counting: always 'ing'). */
  rules: Rules;
  width: number; height: number; komi: number;
  steps: CountingStep[];
  /** Black − White at the end, komi included. */
  margin: number;
  /** 'B+3.5', 'W+4', 'Draw' (Ing: a tie is 'B+0'). */
  result: string;
  /** The scoreBoard margin this equals: territory (japanese), area under Ing (ing), area
   *  (chinese). */
  scoreMargin: number;
  /** Half the points of the board. */
  halfBoard: number;
  /** Chinese: Black's area must beat this (halfBoard + (komi + compensation) / 2). */
  blackNeeds: number;
}
"#;

/// The steps of counting a finished position by hand (Japanese, Ing or Chinese), each a
/// full snapshot, ending on `scoreBoard`'s margin. Throws an `Error` naming the problem on
/// bad input.
#[wasm_bindgen(js_name = countingSteps, unchecked_return_type = "Counting")]
pub fn counting_steps(
    #[wasm_bindgen(unchecked_param_type = "CountingInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::counting_steps(&decode_object(input)?).map_err(js_error)?)
}
