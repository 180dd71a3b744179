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

/// Serializes an output as plain JS objects and arrays (`null` for absent values).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value
        .serialize(&serializer)
        .map_err(|err| JsError::new(&err.to_string()))
}

fn decode<T: for<'de> serde::Deserialize<'de>>(input: JsValue) -> Result<T, JsError> {
    api::decode(serde_wasm_bindgen::Deserializer::from(input)).map_err(js_error)
}

/// Scores a position under territory and area counting. Throws an `Error` naming the
/// problem on bad input.
#[wasm_bindgen(js_name = scoreBoard, unchecked_return_type = "ScoreResult")]
pub fn score_board(
    #[wasm_bindgen(unchecked_param_type = "ScoreInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::score_board(&decode(input)?).map_err(js_error)?)
}

/// Splits the board into empty regions and stone groups, with owners, kinds and statuses.
/// Throws an `Error` naming the problem on bad input.
#[wasm_bindgen(js_name = classifyRegions, unchecked_return_type = "Classification")]
pub fn classify_regions(
    #[wasm_bindgen(unchecked_param_type = "ScoreInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::classify_regions(&decode(input)?).map_err(js_error)?)
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
    to_js(&api::estimate_dead_stones(&decode(input)?).map_err(js_error)?)
}
