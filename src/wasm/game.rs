//! The `Game` class and `scoreSgf`.

use super::decode::{decode, decode_object};
use super::js_error;
use super::output::to_js;
use crate::api;
use crate::sgf::GameRecord;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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

/// The game trees of an SGF file as texts, each one a game of its own for `Game.fromSgf`,
/// which reads only the first of a collection; bytes are decoded as `Game.fromSgf` decodes
/// them. Text around the trees is skipped, an unclosed last tree given as it is.
#[wasm_bindgen(js_name = sgfGameTrees, unchecked_return_type = "string[]")]
pub fn sgf_game_trees(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] sgf: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::game_trees(&sgf_source(sgf)?, &PlatformCharsets))
}

/// Decodes an optional argument; `undefined` and `null` are `None`.
fn optional<T: serde::de::DeserializeOwned>(value: Option<JsValue>) -> Result<Option<T>, JsError> {
    match value {
        Some(value) if !value.is_undefined() && !value.is_null() => {
            decode(&value).map(Some).map_err(js_error)
        }
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
    /// A new game; handicap stones on their fixed points where the board has them
    /// (`handicapPoints`), else placed by Black with the first `play` calls.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GameOptions")] opts: JsValue,
    ) -> Result<WasmGame, JsError> {
        let record = api::new_game(&decode_object(&opts).map_err(js_error)?).map_err(js_error)?;
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
    #[wasm_bindgen(getter, unchecked_return_type = "PerColor<number>")]
    pub fn captures(&self) -> Result<JsValue, JsError> {
        to_js(&self.record.game.captures())
    }

    /// Passes made by Black / by White.
    #[wasm_bindgen(getter, unchecked_return_type = "PerColor<number>")]
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

    /// Replays the game under `rules`, so that suicide and ko are judged as they judge
    /// them. Throws, naming the move, when a move is not legal under them; nothing changes
    /// then. A komi that neither the record nor `setKomi` (nor the constructor) gave becomes
    /// the new ruleset's default.
    #[wasm_bindgen(js_name = setRules)]
    pub fn set_rules(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Rules")] rules: JsValue,
    ) -> Result<(), JsError> {
        let rules = rules
            .as_string()
            .ok_or_else(|| JsError::new("rules must be a string such as 'japanese'"))?;
        api::set_rules(&mut self.record, &rules).map_err(js_error)
    }

    /// Sets the komi (finite, a multiple of 0.5); it stays when the rules change.
    #[wasm_bindgen(js_name = setKomi)]
    pub fn set_komi(&mut self, komi: f64) -> Result<(), JsError> {
        api::set_komi(&mut self.record, komi).map_err(js_error)
    }

    /// Sets the number of handicap stones the game is scored with and its SGF says (`HA`),
    /// at most the board's points; the stones on the board stay as they are. A default
    /// komi follows it (the ruleset's handicap komi from 2 stones).
    #[wasm_bindgen(js_name = setHandicap)]
    pub fn set_handicap(&mut self, handicap: f64) -> Result<(), JsError> {
        api::set_handicap(&mut self.record, handicap).map_err(js_error)
    }

    /// The server that recorded the game, read from the record's header; `null` when it
    /// names none go-score knows.
    #[wasm_bindgen(getter, unchecked_return_type = "Server | null")]
    pub fn server(&self) -> Option<String> {
        self.record.server.map(|s| s.name().to_owned())
    }

    /// How unusual SGF content was read (komi forms, charsets, unknown rules).
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn notes(&self) -> Result<JsValue, JsError> {
        to_js(&self.record.notes)
    }

    /// The moves and passes so far, in order, each with the stones it took off the board
    /// and the prisoners after it.
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

    /// Scores the game's position in one call, as `scoreSgf` scores a record: dead
    /// stones by default the record's `TB`/`TW` marks; `{ dead: 'auto' }` takes them
    /// when the record has any and estimates them otherwise.
    #[wasm_bindgen(unchecked_return_type = "SgfScoreResult")]
    pub fn score(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "ScoreSgfOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsError> {
        let options = score_sgf_options(options)?;
        to_js(&api::score_record(&self.record, &options).map_err(js_error)?)
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
/// `options.dead` says otherwise (`'auto'`: the marks when there are any, else estimated;
/// `'estimate'`; `'none'`; or the vertices).
#[wasm_bindgen(js_name = scoreSgf, unchecked_return_type = "SgfScoreResult")]
pub fn score_sgf(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] sgf: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ScoreSgfOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    let source = sgf_source(sgf)?;
    let options = score_sgf_options(options)?;
    to_js(&api::score_sgf(&source, &options, &PlatformCharsets).map_err(js_error)?)
}

/// `scoreSgf`'s and `Game.score`'s options; absent, `undefined` or `null`: the defaults.
fn score_sgf_options(options: Option<JsValue>) -> Result<api::ScoreSgfOptions, JsError> {
    match options {
        Some(value) if !value.is_undefined() && !value.is_null() => {
            decode_object(&value).map_err(js_error)
        }
        _ => Ok(api::ScoreSgfOptions::default()),
    }
}
