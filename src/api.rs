//! The JavaScript API's data contract (`../shared/API.md`) in plain Rust: the input and
//! output shapes as serde types, decoding with messages that name the bad field, and the
//! functions the wasm boundary calls. Nothing here knows about JavaScript, so every
//! decode path is tested natively with JSON.

use crate::board::{Board, Color, Point};
use crate::classify::{classify, Classification};
use crate::error::{Error, ErrorKind, Result};
use crate::position::Position;
use crate::rules::{HandicapCompensation, Ruleset};
use crate::score::{score, validate_komi, Difference, MethodScore, PerColor, ScoreOptions};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Decodes `T` from any serde deserializer; a failure names the path of the bad field
/// (`captures.black: …`).
pub fn decode<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<T> {
    serde_path_to_error::deserialize(deserializer).map_err(|err| {
        let inner = without_position(err.inner().to_string());
        let segments: Vec<_> = err.path().iter().collect();
        // An unknown field's own name is the last segment: name its parent instead.
        let keep = if inner.starts_with("unknown field") {
            segments.len().saturating_sub(1)
        } else {
            segments.len()
        };
        let mut path = String::new();
        for segment in &segments[..keep] {
            match segment {
                serde_path_to_error::Segment::Seq { index } => path.push_str(&format!("[{index}]")),
                serde_path_to_error::Segment::Map { key } => {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(key);
                }
                serde_path_to_error::Segment::Enum { variant } => {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(variant);
                }
                serde_path_to_error::Segment::Unknown => path.push('?'),
            }
        }
        let message = if path.is_empty() {
            inner
        } else {
            format!("{path}: {inner}")
        };
        Error::new(ErrorKind::InvalidOption, message)
    })
}

/// Decodes `T` from JSON text (what the wasm boundary receives from `JSON.stringify`).
pub fn decode_json<T: de::DeserializeOwned>(text: &str) -> Result<T> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = decode(&mut deserializer)?;
    deserializer
        .end()
        .map_err(|err| Error::new(ErrorKind::InvalidOption, without_position(err.to_string())))?;
    Ok(value)
}

/// Decodes an options object `T` from JSON text. serde would also read a struct from an
/// array, field by field in order (`[9]` as `{ width: 9 }`): an array is refused here.
pub fn decode_json_object<T: de::DeserializeOwned>(text: &str) -> Result<T> {
    if text.trim_start().starts_with('[') {
        return Err(Error::new(
            ErrorKind::InvalidOption,
            "input must be an object, got an array",
        ));
    }
    decode_json(text)
}

/// serde_json ends its messages with " at line L column C": a place in text the caller never
/// wrote, so it is dropped (the field path says where instead).
fn without_position(mut message: String) -> String {
    if let Some(at) = message.rfind(" at line ") {
        let tail = &message[at + " at line ".len()..];
        let is_position = tail
            .split_once(" column ")
            .is_some_and(|(l, c)| l.parse::<u64>().is_ok() && c.parse::<u64>().is_ok());
        if is_position {
            message.truncate(at);
        }
    }
    message
}

/// Numbers as JavaScript sends them through JSON. JSON has no NaN or ±Infinity, so
/// `JSON.stringify` writes `null` for them; `null` therefore reads as NaN and fails the
/// range checks with a message, rather than silently meaning "not given".
pub mod js_number {
    use serde::{Deserialize, Deserializer};

    /// A number, or NaN for `null`.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct JsNumber(pub f64);

    impl<'de> Deserialize<'de> for JsNumber {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            Ok(JsNumber(
                Option::<f64>::deserialize(deserializer)?.unwrap_or(f64::NAN),
            ))
        }
    }

    /// For a required `f64` field: `null` is NaN.
    pub fn required<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        JsNumber::deserialize(deserializer).map(|n| n.0)
    }

    /// For an optional `f64` field with `#[serde(default)]`: absent is `None`, `null` is
    /// `Some(NaN)`.
    pub fn optional<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<f64>, D::Error> {
        required(deserializer).map(Some)
    }
}
use js_number::JsNumber;

/// `scoreBoard` / `classifyRegions` input, as in API.md.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ScoreInput {
    /// Sign map or row strings.
    pub board: BoardInput,
    /// Vertices of stones marked dead (each marks its whole chain).
    #[serde(default)]
    pub dead: Option<Vec<VertexInput>>,
    /// Ruleset name; default `japanese`.
    #[serde(default)]
    pub rules: Option<String>,
    /// Komi; default the ruleset's.
    #[serde(default, deserialize_with = "js_number::optional")]
    pub komi: Option<f64>,
    /// Stones captured during play by Black / by White.
    #[serde(default, deserialize_with = "counts_object")]
    pub captures: Option<CountsInput>,
    /// Handicap stones.
    #[serde(default, deserialize_with = "js_number::optional")]
    pub handicap: Option<f64>,
    /// `'none' | 'n' | 'n-1'`.
    #[serde(default)]
    pub handicap_compensation: Option<String>,
    /// Passes made by each side.
    #[serde(default, deserialize_with = "counts_object")]
    pub passes: Option<CountsInput>,
    /// `'black' | 'white'`.
    #[serde(default)]
    pub last_to_play: Option<String>,
    /// Count false eyes that must be filled anyway.
    #[serde(default)]
    pub score_false_eyes: Option<bool>,
}

/// A vertex `[x, y]` as JS sends it (numbers are checked to be whole).
pub type VertexInput = [JsNumber; 2];

/// `{ black, white }` counts as JS sends them (checked to be whole and ≥ 0).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountsInput {
    /// Black's count.
    #[serde(default, deserialize_with = "js_number::required")]
    pub black: f64,
    /// White's count.
    #[serde(default, deserialize_with = "js_number::required")]
    pub white: f64,
}

/// Reads optional `{ black, white }` counts, refusing anything but an object (serde would
/// also read `[1, 2]` as the fields in order); `null` is "not given".
fn counts_object<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> std::result::Result<Option<CountsInput>, D::Error> {
    struct CountsVisitor;
    impl<'de> Visitor<'de> for CountsVisitor {
        type Value = Option<CountsInput>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an object { black, white }")
        }
        fn visit_map<A: de::MapAccess<'de>>(
            self,
            map: A,
        ) -> std::result::Result<Self::Value, A::Error> {
            CountsInput::deserialize(de::value::MapAccessDeserializer::new(map)).map(Some)
        }
        fn visit_unit<E: de::Error>(self) -> std::result::Result<Self::Value, E> {
            Ok(None)
        }
    }
    deserializer.deserialize_any(CountsVisitor)
}

/// A board as JS sends it: rows that are strings or arrays of numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardInput(pub Vec<RowInput>);

/// One board row.
#[derive(Clone, Debug, PartialEq)]
pub enum RowInput {
    /// `'X'`, `'O'`, `'.'` characters.
    Text(String),
    /// `1`, `-1`, `0` numbers.
    Signs(Vec<f64>),
}

impl<'de> Deserialize<'de> for BoardInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        Vec::<RowInput>::deserialize(deserializer).map(BoardInput)
    }
}

impl<'de> Deserialize<'de> for RowInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        struct RowVisitor;
        impl<'de> Visitor<'de> for RowVisitor {
            type Value = RowInput;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a row string of 'X', 'O', '.' or an array of 1, -1, 0")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> std::result::Result<RowInput, E> {
                Ok(RowInput::Text(v.to_owned()))
            }
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> std::result::Result<RowInput, A::Error> {
                let mut signs = Vec::with_capacity(seq.size_hint().unwrap_or(19).min(64));
                while let Some(JsNumber(value)) = seq.next_element()? {
                    signs.push(value);
                }
                Ok(RowInput::Signs(signs))
            }
        }
        deserializer.deserialize_any(RowVisitor)
    }
}

impl BoardInput {
    /// Builds the board, naming the row and point of anything malformed.
    pub fn to_board(&self) -> Result<Board> {
        let rows = &self.0;
        let invalid = |message: String| Error::new(ErrorKind::InvalidBoard, message);
        if rows.is_empty() {
            return Err(invalid("board has no rows".into()));
        }
        let row_len = |row: &RowInput| match row {
            RowInput::Text(text) => text.chars().count(),
            RowInput::Signs(signs) => signs.len(),
        };
        let width = row_len(&rows[0]);
        let mut board = Board::new(width, rows.len())?;
        for (y, row) in rows.iter().enumerate() {
            let len = row_len(row);
            if len != width {
                return Err(invalid(format!(
                    "board row {y} has {len} points, expected {width}"
                )));
            }
            match row {
                RowInput::Text(text) => {
                    for (x, ch) in text.chars().enumerate() {
                        let stone = match ch {
                            'X' => Some(Color::Black),
                            'O' => Some(Color::White),
                            '.' => None,
                            _ => {
                                return Err(invalid(format!(
                                    "board point [{x}, {y}] is {ch:?}; expected 'X', 'O' or '.'"
                                )))
                            }
                        };
                        board.set(y * width + x, stone);
                    }
                }
                RowInput::Signs(signs) => {
                    for (x, &value) in signs.iter().enumerate() {
                        let stone = match value {
                            1.0 => Some(Color::Black),
                            -1.0 => Some(Color::White),
                            0.0 => None,
                            _ => {
                                return Err(invalid(format!(
                                    "board point [{x}, {y}] is {value}; expected -1, 0 or 1"
                                )))
                            }
                        };
                        board.set(y * width + x, stone);
                    }
                }
            }
        }
        Ok(board)
    }
}

/// Checks that a JS number is a whole number in `0 ..= max` and converts it.
pub fn whole_number(name: &str, value: f64, max: u32) -> Result<u32> {
    // Huge values in exponent form: 1e300 printed in full is 301 digits.
    let shown = if value.abs() >= 1e15 {
        format!("{value:e}")
    } else {
        format!("{value}")
    };
    if !value.is_finite() || value.fract() != 0.0 || value < 0.0 {
        return Err(Error::new(
            ErrorKind::InvalidOption,
            format!("{name} must be a whole number ≥ 0, got {shown}"),
        ));
    }
    if value > max as f64 {
        return Err(Error::new(
            ErrorKind::InvalidOption,
            format!("{name} is {shown}, more than the limit {max}"),
        ));
    }
    Ok(value as u32)
}

fn counts(name: &str, input: Option<CountsInput>) -> Result<PerColor<u32>> {
    let input = input.unwrap_or_default();
    // Far above any real game, small enough that sums cannot overflow.
    const LIMIT: u32 = 1_000_000;
    // The field's name is only formatted for a message.
    let count = |side: &str, value: f64| match value {
        v if (0.0..=LIMIT as f64).contains(&v) && v.fract() == 0.0 => Ok(v as u32),
        v => whole_number(&format!("{name}.{side}"), v, LIMIT),
    };
    Ok(PerColor {
        black: count("black", input.black)?,
        white: count("white", input.white)?,
    })
}

/// Parses `'black'` / `'white'`.
pub fn parse_color(name: &str, text: &str) -> Result<Color> {
    match text {
        "black" => Ok(Color::Black),
        "white" => Ok(Color::White),
        _ => Err(Error::new(
            ErrorKind::InvalidOption,
            format!("{name} must be 'black' or 'white', got {text:?}"),
        )),
    }
}

/// Checks vertices `[x, y]` for whole numbers; range is checked against the board later.
pub fn vertices(name: &str, input: &[VertexInput]) -> Result<Vec<(i64, i64)>> {
    input
        .iter()
        .map(|&[JsNumber(x), JsNumber(y)]| {
            if [x, y]
                .iter()
                .all(|v| v.is_finite() && v.fract() == 0.0 && v.abs() < 1e9)
            {
                Ok((x as i64, y as i64))
            } else {
                Err(Error::new(
                    ErrorKind::InvalidVertex,
                    format!("{name} vertex [{x}, {y}] must be two whole numbers"),
                ))
            }
        })
        .collect()
}

impl ScoreInput {
    /// The validated position and options.
    pub fn resolve(&self) -> Result<(Position, ScoreOptions)> {
        self.resolve_with(self.board.to_board()?)
    }

    /// As [`ScoreInput::resolve`], on a board already built (the `board` field is ignored).
    pub fn resolve_with(&self, board: Board) -> Result<(Position, ScoreOptions)> {
        let rules = match &self.rules {
            Some(name) => name.parse::<Ruleset>()?,
            None => Ruleset::default(),
        };
        let dead = vertices("dead", self.dead.as_deref().unwrap_or(&[]))?;
        let position = Position::new(board, &dead)?;
        let points = position.board().len() as u32;
        let options = ScoreOptions {
            rules,
            // Checked here too, so that classifyRegions rejects a bad komi like scoreBoard.
            komi: self.komi.map(validate_komi).transpose()?,
            captures: counts("captures", self.captures)?,
            handicap: match self.handicap {
                Some(h) => whole_number("handicap", h, points)?,
                None => 0,
            },
            handicap_compensation: self
                .handicap_compensation
                .as_deref()
                .map(str::parse::<HandicapCompensation>)
                .transpose()?,
            passes: counts("passes", self.passes)?,
            last_to_play: self
                .last_to_play
                .as_deref()
                .map(|c| parse_color("lastToPlay", c))
                .transpose()?,
            score_false_eyes: self.score_false_eyes.unwrap_or(false),
        };
        Ok((position, options))
    }
}

/// `scoreBoard`'s result, shaped as API.md says.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoreResult {
    /// Ruleset name.
    pub rules: &'static str,
    /// Komi used.
    pub komi: f64,
    /// `'territory'` or `'area'`: how the ruleset officially counts.
    pub method: &'static str,
    /// Territory counting.
    pub territory: MethodScore,
    /// Area counting.
    pub area: MethodScore,
    /// Official margin, Black minus White.
    pub margin: f64,
    /// Official winner: `'black'`, `'white'` or `'draw'`.
    pub winner: crate::score::Winner,
    /// Official result, SGF style.
    pub result: String,
    /// Owner per point under the official method, `ownership[y][x]`.
    pub ownership: Vec<Vec<i8>>,
    /// Area margin minus territory margin, explained.
    pub difference: Difference,
}

/// Scores a decoded input.
pub fn score_board(input: &ScoreInput) -> Result<ScoreResult> {
    let (position, options) = input.resolve()?;
    let score = score(&position, &options)?;
    let official = score.official().clone();
    let width = position.board().width();
    Ok(ScoreResult {
        rules: score.rules.name(),
        komi: score.komi,
        method: score.method.name(),
        ownership: score.ownership.chunks(width).map(<[i8]>::to_vec).collect(),
        territory: score.territory,
        area: score.area,
        margin: official.margin,
        winner: official.winner,
        result: official.result,
        difference: score.difference,
    })
}

/// A vertex `[x, y]` in outputs.
pub type Vertex = [usize; 2];

/// `classifyRegions`' region.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RegionOutput {
    /// Region id (index in `regions`).
    pub id: usize,
    /// Its points.
    pub points: Vec<Vertex>,
    /// `'black'`, `'white'` or `null`.
    pub owner: Option<&'static str>,
    /// `'territory' | 'dame' | 'seki' | 'neutral'`.
    pub kind: &'static str,
    /// A living black stone borders it.
    pub borders_black: bool,
    /// A living white stone borders it.
    pub borders_white: bool,
    /// False eyes that must be filled.
    pub false_eyes: Vec<Vertex>,
}

/// `classifyRegions`' group.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupOutput {
    /// Group id (index in `groups`).
    pub id: usize,
    /// `'black'` or `'white'`.
    pub color: &'static str,
    /// Its stones.
    pub stones: Vec<Vertex>,
    /// Its liberties.
    pub liberties: u32,
    /// `'alive' | 'dead' | 'seki'`.
    pub status: &'static str,
}

/// `classifyRegions`' result.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassificationOutput {
    /// Every empty point (after removing dead stones) is in exactly one.
    pub regions: Vec<RegionOutput>,
    /// Every stone is in exactly one.
    pub groups: Vec<GroupOutput>,
    /// Region id per point, `-1` on living stones; `regionAt[y][x]`.
    pub region_at: Vec<Vec<i32>>,
}

/// Classifies a decoded input.
pub fn classify_regions(input: &ScoreInput) -> Result<ClassificationOutput> {
    let (position, options) = input.resolve()?;
    // The same refusal as `score`, so both entry points accept the same inputs.
    if !options.rules.conventions().dead_marks_allowed && position.has_dead() {
        return Err(Error::new(
            ErrorKind::InvalidOption,
            format!(
                "{} rules have no dead-stone agreement: capture the stones in play instead of marking them dead",
                options.rules
            ),
        ));
    }
    let board = position.board();
    let vertex = |p: Point| -> Vertex {
        let (x, y) = board.vertex(p);
        [x, y]
    };
    let Classification {
        regions,
        groups,
        region_at,
    } = classify(&position, options.rules, options.score_false_eyes);
    Ok(ClassificationOutput {
        regions: regions
            .into_iter()
            .map(|r| RegionOutput {
                id: r.id,
                points: r.points.iter().map(|&p| vertex(p)).collect(),
                owner: r.owner.map(Color::name),
                kind: r.kind.name(),
                borders_black: r.borders_black,
                borders_white: r.borders_white,
                false_eyes: r.false_eyes.iter().map(|&p| vertex(p)).collect(),
            })
            .collect(),
        groups: groups
            .into_iter()
            .map(|g| GroupOutput {
                id: g.id,
                color: g.color.name(),
                stones: g.stones.iter().map(|&p| vertex(p)).collect(),
                liberties: g.liberties,
                status: g.status.name(),
            })
            .collect(),
        region_at: region_at
            .chunks(board.width())
            .map(<[i32]>::to_vec)
            .collect(),
    })
}

// ---------------------------------------------------------------------------------------
// Games and SGF (issue 6): the `Game` class's options and outputs, and `scoreSgf`.
// ---------------------------------------------------------------------------------------

use crate::game::{default_komi, Action, Game, GameOptions};
use crate::sgf::{read_sgf, read_sgf_bytes_with, write_sgf, GameRecord, LegacyCharsets};

/// `new Game(opts)` options, as in API.md.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GameOptionsInput {
    /// Columns, 1 … 52.
    #[serde(deserialize_with = "js_number::required")]
    pub width: f64,
    /// Rows, 1 … 52; default `width`.
    #[serde(default, deserialize_with = "js_number::optional")]
    pub height: Option<f64>,
    /// Ruleset name; default `japanese`.
    #[serde(default)]
    pub rules: Option<String>,
    /// Komi; default the ruleset's (0.5 with a handicap).
    #[serde(default, deserialize_with = "js_number::optional")]
    pub komi: Option<f64>,
    /// Handicap stones; default 0.
    #[serde(default, deserialize_with = "js_number::optional")]
    pub handicap: Option<f64>,
}

/// Far above any board dimension, so that a too-large size reaches the board's own check
/// and its message.
const SIZE_LIMIT: u32 = 1_000_000;

impl GameOptionsInput {
    /// The validated options.
    pub fn resolve(&self) -> Result<GameOptions> {
        let width = whole_number("width", self.width, SIZE_LIMIT)? as usize;
        let height = match self.height {
            Some(h) => whole_number("height", h, SIZE_LIMIT)? as usize,
            None => width,
        };
        let rules = match &self.rules {
            Some(name) => name.parse::<Ruleset>()?,
            None => Ruleset::default(),
        };
        let handicap = match self.handicap {
            Some(h) => whole_number("handicap", h, SIZE_LIMIT)?,
            None => 0,
        };
        Ok(GameOptions {
            width,
            height,
            rules,
            komi: self.komi,
            handicap,
        })
    }
}

/// A new game from decoded options.
pub fn new_game(input: &GameOptionsInput) -> Result<GameRecord> {
    Ok(GameRecord::new(Game::new(&input.resolve()?)?))
}

/// Where an SGF comes from: text already decoded, or the file's bytes (decoded by BOM,
/// UTF-16 pattern or `CA`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfSource {
    /// A string.
    Text(String),
    /// Raw bytes.
    Bytes(Vec<u8>),
}

/// Reads an SGF from either source; bytes in legacy charsets are decoded by `legacy`.
pub fn read_sgf_source(source: &SgfSource, legacy: &dyn LegacyCharsets) -> Result<GameRecord> {
    match source {
        SgfSource::Text(text) => read_sgf(text),
        SgfSource::Bytes(bytes) => read_sgf_bytes_with(bytes, legacy),
    }
}

/// `game.play(x, y)`: checks that the coordinates are whole numbers, then plays.
pub fn play(record: &mut GameRecord, x: f64, y: f64) -> Result<()> {
    vertices("move", &[[JsNumber(x), JsNumber(y)]])?
        .into_iter()
        .try_for_each(|(x, y)| record.game.play(x, y))
}

/// A board as a sign map, `board[y][x]`: `1` black, `-1` white, `0` empty.
pub fn sign_map(board: &Board) -> Vec<Vec<i8>> {
    board
        .points()
        .chunks(board.width())
        .map(|row| row.iter().map(|&s| crate::board::sign_of(s)).collect())
        .collect()
}

fn vertex_of(board: &Board, p: Point) -> Vertex {
    let (x, y) = board.vertex(p);
    [x, y]
}

/// `game.boardAt(n)`: the sign map just after the `n`-th move (0: before the first).
pub fn board_at(record: &GameRecord, n: f64) -> Result<Vec<Vec<i8>>> {
    let count = moves(record).len();
    let n = whole_number("move number", n, u32::MAX)? as usize;
    record
        .game
        .board_after_moves(n)
        .map(sign_map)
        .ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidOption,
                format!("move number {n} is past the end of the game ({count} moves)"),
            )
        })
}

/// `game.deadHints()`: stones on the other colour's `TB`/`TW` points.
pub fn dead_hints(record: &GameRecord) -> Vec<Vertex> {
    let board = record.game.board();
    record
        .dead_hints()
        .into_iter()
        .map(|p| vertex_of(board, p))
        .collect()
}

/// One entry of `game.moves()`: who played and where (`null` for a pass).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveOutput {
    /// `'black'` or `'white'`.
    pub color: &'static str,
    /// `[x, y]`, or `null` for a pass.
    pub vertex: Option<Vertex>,
}

/// `game.moves()`: the moves and passes so far, in order (handicap placement and setup
/// are not moves).
pub fn moves(record: &GameRecord) -> Vec<MoveOutput> {
    let board = record.game.board();
    record
        .game
        .actions()
        .filter_map(|action| match action {
            Action::Play(color, p) => Some(MoveOutput {
                color: color.name(),
                vertex: Some(vertex_of(board, *p)),
            }),
            Action::Pass(color) => Some(MoveOutput {
                color: color.name(),
                vertex: None,
            }),
            Action::Handicap(_) | Action::Setup(_) => None,
        })
        .collect()
}

/// `game.info()`: the file's game information (`PB`, `PW`, `RE`, `DT`, …) by identifier.
pub fn info(record: &GameRecord) -> std::collections::BTreeMap<String, String> {
    record
        .info
        .iter()
        .filter_map(|prop| {
            use sgf_parse::SgfProp;
            record
                .info(&prop.identifier())
                .map(|text| (prop.identifier(), text))
        })
        .collect()
}

/// `game.scoreInput(dead?)`: a `ScoreInput` for `scoreBoard`, shaped as API.md says.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameScoreInput {
    /// Sign map, `board[y][x]`.
    pub board: Vec<Vec<i8>>,
    /// Stones marked dead.
    pub dead: Vec<[i64; 2]>,
    /// Ruleset name.
    pub rules: &'static str,
    /// Komi.
    pub komi: f64,
    /// Stones captured in play by Black / by White.
    pub captures: PerColor<u32>,
    /// Handicap stones.
    pub handicap: u32,
    /// Passes by Black / by White.
    pub passes: PerColor<u32>,
    /// Who made the last move or pass; absent before any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_to_play: Option<&'static str>,
}

impl GameScoreInput {
    /// The same input as `scoreBoard` decodes it.
    pub fn to_score_input(&self) -> ScoreInput {
        let counts = |c: PerColor<u32>| CountsInput {
            black: c.black.into(),
            white: c.white.into(),
        };
        ScoreInput {
            board: BoardInput(
                self.board
                    .iter()
                    .map(|row| RowInput::Signs(row.iter().map(|&s| s.into()).collect()))
                    .collect(),
            ),
            dead: Some(
                self.dead
                    .iter()
                    .map(|&[x, y]| [JsNumber(x as f64), JsNumber(y as f64)])
                    .collect(),
            ),
            rules: Some(self.rules.to_string()),
            komi: Some(self.komi),
            captures: Some(counts(self.captures)),
            handicap: Some(self.handicap.into()),
            handicap_compensation: None,
            passes: Some(counts(self.passes)),
            last_to_play: self.last_to_play.map(str::to_string),
            score_false_eyes: None,
        }
    }
}

/// Checks dead vertices against the game's board; `None` takes the SGF dead hints.
fn dead_vertices(record: &GameRecord, dead: Option<&[VertexInput]>) -> Result<Vec<(i64, i64)>> {
    let dead = match dead {
        Some(dead) => vertices("dead", dead)?,
        None => dead_hints(record)
            .into_iter()
            .map(|[x, y]| (x as i64, y as i64))
            .collect(),
    };
    // Validates them: on the board, on stones.
    record.game.score_options(&dead)?;
    Ok(dead)
}

/// `game.scoreInput(dead?)`; without `dead`, the SGF's dead hints.
pub fn game_score_input(
    record: &GameRecord,
    dead: Option<&[VertexInput]>,
) -> Result<GameScoreInput> {
    let dead = dead_vertices(record, dead)?;
    let game = &record.game;
    Ok(GameScoreInput {
        board: sign_map(game.board()),
        dead: dead.into_iter().map(|(x, y)| [x, y]).collect(),
        rules: game.rules().name(),
        komi: game.komi(),
        captures: game.captures(),
        handicap: game.handicap(),
        passes: game.passes(),
        last_to_play: game.last_to_play().map(Color::name),
    })
}

/// `game.toSgf(dead?)`: with `dead`, the scored position's `TB`/`TW` and `RE` are written.
pub fn game_to_sgf(record: &GameRecord, dead: Option<&[VertexInput]>) -> Result<String> {
    match dead {
        Some(dead) => write_sgf(record, Some(&vertices("dead", dead)?)),
        None => write_sgf(record, None),
    }
}

/// `scoreSgf(sgf, options)` options: anything of `ScoreInput` but the board, overriding
/// what the record says.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ScoreSgfOptions {
    /// Dead stones; default the SGF's TB/TW hints.
    #[serde(default)]
    pub dead: Option<Vec<VertexInput>>,
    /// Ruleset; default the SGF's `RU`.
    #[serde(default)]
    pub rules: Option<String>,
    /// Komi; default the SGF's `KM`, else the ruleset's.
    #[serde(default, deserialize_with = "js_number::optional")]
    pub komi: Option<f64>,
    /// Captures; default those of the replay.
    #[serde(default, deserialize_with = "counts_object")]
    pub captures: Option<CountsInput>,
    /// Handicap; default the SGF's `HA`.
    #[serde(default, deserialize_with = "js_number::optional")]
    pub handicap: Option<f64>,
    /// `'none' | 'n' | 'n-1'`.
    #[serde(default)]
    pub handicap_compensation: Option<String>,
    /// Passes; default those of the replay.
    #[serde(default, deserialize_with = "counts_object")]
    pub passes: Option<CountsInput>,
    /// `'black' | 'white'`; default who moved last in the record.
    #[serde(default)]
    pub last_to_play: Option<String>,
    /// Count false eyes that must be filled anyway.
    #[serde(default)]
    pub score_false_eyes: Option<bool>,
}

/// Scores the end of an SGF record's main line in one call.
pub fn score_sgf(
    source: &SgfSource,
    options: &ScoreSgfOptions,
    legacy: &dyn LegacyCharsets,
) -> Result<ScoreResult> {
    let record = read_sgf_source(source, legacy)?;
    let game_input = game_score_input(&record, options.dead.as_deref())?;
    let mut input = game_input.to_score_input();
    if let Some(rules) = &options.rules {
        let rules = rules.parse::<Ruleset>()?;
        input.rules = Some(rules.name().to_string());
        if !record.komi_given {
            let handicap = match options.handicap {
                Some(h) => whole_number("handicap", h, SIZE_LIMIT)?,
                None => record.game.handicap(),
            };
            input.komi = Some(default_komi(rules, handicap));
        }
    }
    if options.komi.is_some() {
        input.komi = options.komi;
    }
    if options.captures.is_some() {
        input.captures = options.captures;
    }
    if options.handicap.is_some() {
        input.handicap = options.handicap;
    }
    if options.passes.is_some() {
        input.passes = options.passes;
    }
    if options.last_to_play.is_some() {
        input.last_to_play = options.last_to_play.clone();
    }
    input.handicap_compensation = options.handicap_compensation.clone();
    input.score_false_eyes = options.score_false_eyes;
    score_board(&input)
}

// ---- Dead-stone estimation (issue 7) ----

/// `estimateDeadStones` input, as in API.md.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EstimateInput {
    /// Sign map or row strings.
    pub board: BoardInput,
    /// Ruleset name; checked, and the same estimate under every ruleset.
    #[serde(default)]
    pub rules: Option<String>,
    /// An engine's ownership, `ownership[y][x]`, `+1` Black … `−1` White.
    #[serde(default)]
    pub ownership: Option<Vec<Vec<f64>>>,
    /// Seed of the playouts; default 0.
    #[serde(default)]
    pub seed: Option<f64>,
    /// Number of playouts; default by board size.
    #[serde(default)]
    pub effort: Option<f64>,
}

/// `estimateDeadStones`' result, shaped as API.md says.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EstimateOutput {
    /// Stones judged dead (whole chains), in reading order.
    pub dead: Vec<Vertex>,
    /// Estimated owner per point, `ownership[y][x]`, `+1` Black … `−1` White.
    pub ownership: Vec<Vec<f64>>,
    /// Empty points on an open border that still need a move, in reading order.
    pub needs_sealing: Vec<Vertex>,
}

impl EstimateInput {
    /// The validated board and estimate options.
    pub fn resolve(&self) -> Result<(Board, crate::estimate::EstimateOptions)> {
        let board = self.board.to_board()?;
        if let Some(name) = &self.rules {
            name.parse::<Ruleset>()?;
        }
        let ownership = match &self.ownership {
            Some(rows) => Some(ownership_map(&board, rows)?),
            None => None,
        };
        let seed = match self.seed {
            Some(seed) => seed_number(seed)?,
            None => 0,
        };
        let playouts = match self.effort {
            Some(effort) => {
                let n = whole_number("effort", effort, crate::estimate::MAX_PLAYOUTS)?;
                if n == 0 {
                    return Err(Error::new(
                        ErrorKind::InvalidOption,
                        "effort must be at least 1",
                    ));
                }
                Some(n)
            }
            None => None,
        };
        Ok((
            board,
            crate::estimate::EstimateOptions {
                ownership,
                seed,
                playouts,
            },
        ))
    }
}

/// The largest whole number JavaScript represents exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Checks a seed: a whole number from 0 to `Number.MAX_SAFE_INTEGER`.
fn seed_number(seed: f64) -> Result<u64> {
    if seed.is_finite() && seed.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER).contains(&seed) {
        Ok(seed as u64)
    } else {
        Err(Error::new(
            ErrorKind::InvalidOption,
            format!("seed must be a whole number from 0 to {MAX_SAFE_INTEGER}, got {seed}"),
        ))
    }
}

/// Checks an engine's ownership map against the board: same shape, numbers from −1 to 1.
fn ownership_map(board: &Board, rows: &[Vec<f64>]) -> Result<Vec<f64>> {
    let invalid = |message: String| Error::new(ErrorKind::InvalidOption, message);
    if rows.len() != board.height() {
        return Err(invalid(format!(
            "ownership has {} rows, expected {}",
            rows.len(),
            board.height()
        )));
    }
    let mut map = Vec::with_capacity(board.len());
    for (y, row) in rows.iter().enumerate() {
        if row.len() != board.width() {
            return Err(invalid(format!(
                "ownership row {y} has {} points, expected {}",
                row.len(),
                board.width()
            )));
        }
        for (x, &value) in row.iter().enumerate() {
            if !(-1.0..=1.0).contains(&value) {
                return Err(invalid(format!(
                    "ownership at [{x}, {y}] is {value}; expected a number from -1 to 1"
                )));
            }
            map.push(value);
        }
    }
    Ok(map)
}

/// Estimates the dead stones of a decoded input.
pub fn estimate_dead_stones(input: &EstimateInput) -> Result<EstimateOutput> {
    let (board, options) = input.resolve()?;
    let estimate = crate::estimate::estimate(&board, &options)?;
    let vertices = |mask: &[bool]| -> Vec<Vertex> {
        crate::estimate::vertices_of(&board, mask)
            .into_iter()
            .map(|(x, y)| [x, y])
            .collect()
    };
    Ok(EstimateOutput {
        dead: vertices(&estimate.dead),
        ownership: estimate
            .ownership
            .chunks(board.width())
            .map(<[f64]>::to_vec)
            .collect(),
        needs_sealing: vertices(&estimate.needs_sealing),
    })
}

// ---- The flat fast path of `scoreBoard` (issue 9) ----
//
// JSON through `JSON.stringify` and serde costs more than scoring an area-counted board. The
// package's `scoreBoard` therefore hands over a well-formed board as one flat sign array,
// the dead stones as flat pairs and only the remaining options as JSON, and reads the result
// back from one array of numbers, one of owners and one line of labels. Any input the fast
// path does not take, and any error, goes through the full decoder above, so every message
// is the same. The meanings stay in `score_board`: this only changes the wrapping.

/// How many numbers a [`FlatScore`] holds.
pub const SCORE_NUMBERS: usize = 2 + 2 * (2 * SIDE_NUMBERS + 1) + 7;
const SIDE_NUMBERS: usize = 8;

/// `scoreBoard`'s result, flat, for the fast path.
#[derive(Clone, Debug, PartialEq)]
pub struct FlatScore {
    /// komi, margin; then for territory and area counting Black's and White's
    /// [`SideScore`](crate::score::SideScore) fields in declaration order and the margin;
    /// then the `difference` fields in declaration order.
    pub numbers: [f64; SCORE_NUMBERS],
    /// Space-separated: rules, method, then winner and result officially, under territory
    /// counting and under area counting. None of them contains a space.
    pub labels: String,
    /// The ownership map row by row.
    pub ownership: Vec<i8>,
}

/// `scoreBoard` on the fast path's input: `signs` row by row (`1`, `-1`, `0`), `width`
/// points to a row, `dead` as `x, y` pairs, and every other field from `options` (its
/// `dead`, if any, is ignored). Validation and scoring are `scoreBoard`'s own.
pub fn score_board_flat(
    width: usize,
    signs: &[i8],
    dead: &[i32],
    options: ScoreSgfOptions,
) -> Result<FlatScore> {
    let invalid = |message: &str| Error::new(ErrorKind::InvalidBoard, message);
    if width == 0 || signs.is_empty() || signs.len() % width != 0 {
        return Err(invalid("flat board: the signs do not fill whole rows"));
    }
    if dead.len() % 2 != 0 {
        return Err(invalid("flat board: dead vertices come in x, y pairs"));
    }
    let board = Board::from_signs(&signs.chunks(width).collect::<Vec<_>>())?;
    let input = ScoreInput {
        board: BoardInput(Vec::new()),
        dead: Some(
            dead.chunks(2)
                .map(|xy| [JsNumber(xy[0].into()), JsNumber(xy[1].into())])
                .collect(),
        ),
        rules: options.rules,
        komi: options.komi,
        captures: options.captures,
        handicap: options.handicap,
        handicap_compensation: options.handicap_compensation,
        passes: options.passes,
        last_to_play: options.last_to_play,
        score_false_eyes: options.score_false_eyes,
    };
    let (position, options) = input.resolve_with(board)?;
    let score = score(&position, &options)?;
    let mut numbers = [0.0; SCORE_NUMBERS];
    let mut at = 0;
    let mut put = |value: f64| {
        numbers[at] = value;
        at += 1;
    };
    put(score.komi);
    put(score.official().margin);
    for method in [&score.territory, &score.area] {
        for side in [&method.black, &method.white] {
            put(side.territory.into());
            put(side.stones.into());
            put(side.prisoners.into());
            put(side.komi);
            put(side.handicap_compensation.into());
            put(side.pass_stones.into());
            put(side.neutral_share);
            put(side.total);
        }
        put(method.margin);
    }
    let d = &score.difference;
    for value in [
        d.total,
        d.last_to_play,
        d.handicap,
        d.passes,
        d.compensation,
        d.pass_stones,
        d.other,
    ] {
        put(value);
    }
    let official = score.official();
    let labels = [
        score.rules.name(),
        score.method.name(),
        official.winner.name(),
        &official.result,
        score.territory.winner.name(),
        &score.territory.result,
        score.area.winner.name(),
        &score.area.result,
    ]
    .join(" ");
    Ok(FlatScore {
        numbers,
        labels,
        ownership: score.ownership,
    })
}

#[cfg(test)]
mod estimate_tests {
    use super::*;

    fn run(json: &str) -> Result<EstimateOutput> {
        let input: EstimateInput = decode(&mut serde_json::Deserializer::from_str(json))?;
        estimate_dead_stones(&input)
    }

    #[test]
    fn estimates_from_json() {
        let out = run(r#"{"board": [
            ".....X...",
            "..O..X...",
            ".....X...",
            "XXXXXX...",
            "........."], "seed": 3, "effort": 50}"#)
        .unwrap();
        assert_eq!(out.dead, vec![[2, 1]]);
        assert_eq!(out.ownership.len(), 5);
        assert_eq!(out.ownership[0].len(), 9);
        assert!(out.ownership[0][0] > 0.5);
    }

    #[test]
    fn engine_ownership_is_used() {
        let out = run(r#"{"board": [[1, 0, -1], [0, 0, 0]], "rules": "chinese",
            "ownership": [[-1, -1, -1], [-1, -1, -1]]}"#)
        .unwrap();
        assert_eq!(out.dead, vec![[0, 0]]);
        assert_eq!(out.ownership[1], vec![-1.0, -1.0, -1.0]);
    }

    #[test]
    fn bad_inputs_are_named() {
        let message = |json: &str| run(json).unwrap_err().message().to_owned();
        assert_eq!(
            message(r#"{"board": ["X.", ".."], "ownership": [[0, 0]]}"#),
            "ownership has 1 rows, expected 2"
        );
        assert_eq!(
            message(r#"{"board": ["X.", ".."], "ownership": [[0, 0], [0]]}"#),
            "ownership row 1 has 1 points, expected 2"
        );
        assert_eq!(
            message(r#"{"board": ["X.", ".."], "ownership": [[0, 0], [0, -3]]}"#),
            "ownership at [1, 1] is -3; expected a number from -1 to 1"
        );
        assert!(message(r#"{"board": ["X."], "seed": -1}"#).starts_with("seed must be"));
        assert!(message(r#"{"board": ["X."], "seed": 1.5}"#).starts_with("seed must be"));
        assert_eq!(
            message(r#"{"board": ["X."], "effort": 0}"#),
            "effort must be at least 1"
        );
        assert!(message(r#"{"board": ["X."], "effort": 1e9}"#).starts_with("effort is"));
        assert!(message(r#"{"board": ["X."], "rules": "go"}"#).contains("go"));
        assert!(message(r#"{"board": ["X."], "komi": 6.5}"#).contains("komi"));
        assert_eq!(
            message(r#"{"board": ["XO", "OX"]}"#),
            "the black chain at [0, 0] has no liberties"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Counting procedures (issue 11): `countingSteps`.
// ---------------------------------------------------------------------------------------

/// `countingSteps` input: `ScoreInput`'s fields and `method`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CountingInput {
    /// Sign map or row strings.
    pub board: BoardInput,
    /// Vertices of stones marked dead (each marks its whole chain).
    #[serde(default)]
    pub dead: Option<Vec<VertexInput>>,
    /// Ruleset name; default `japanese`.
    #[serde(default)]
    pub rules: Option<String>,
    /// Komi; default the ruleset's.
    #[serde(default, deserialize_with = "js_number::optional")]
    pub komi: Option<f64>,
    /// Stones captured during play by Black / by White.
    #[serde(default, deserialize_with = "counts_object")]
    pub captures: Option<CountsInput>,
    /// Handicap stones.
    #[serde(default, deserialize_with = "js_number::optional")]
    pub handicap: Option<f64>,
    /// `'none' | 'n' | 'n-1'`.
    #[serde(default)]
    pub handicap_compensation: Option<String>,
    /// Passes made by each side.
    #[serde(default, deserialize_with = "counts_object")]
    pub passes: Option<CountsInput>,
    /// `'black' | 'white'`.
    #[serde(default)]
    pub last_to_play: Option<String>,
    /// Count false eyes that must be filled anyway.
    #[serde(default)]
    pub score_false_eyes: Option<bool>,
    /// `'japanese' | 'ing' | 'chinese'`; default by the ruleset.
    #[serde(default)]
    pub method: Option<String>,
}

impl CountingInput {
    /// The same input without `method`, for `scoreBoard`.
    pub fn score_input(&self) -> ScoreInput {
        ScoreInput {
            board: self.board.clone(),
            dead: self.dead.clone(),
            rules: self.rules.clone(),
            komi: self.komi,
            captures: self.captures,
            handicap: self.handicap,
            handicap_compensation: self.handicap_compensation.clone(),
            passes: self.passes,
            last_to_play: self.last_to_play.clone(),
            score_false_eyes: self.score_false_eyes,
        }
    }
}

/// One step of `countingSteps`, shaped as the issue 11 contract says.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CountingStepOutput {
    /// `start`, `remove-dead`, … (see `counting::StepKind`).
    pub kind: &'static str,
    /// `board[y][x]`: 1 black, -1 white, 0 empty.
    pub board: Vec<Vec<i8>>,
    /// `shade[y][x]`: 1 counted for Black, -1 for White, 0 neither.
    pub shade: Vec<Vec<i8>>,
    /// `blocks[y][x]`: rectangle id (> 0) of points counted together, else 0.
    pub blocks: Vec<Vec<u32>>,
    /// Points whose content differs from the previous step.
    pub changed: Vec<Vertex>,
    /// Points the step is about besides `changed` (Ing: unfillable neutral points).
    pub focus: Vec<Vertex>,
    /// Black's tally.
    pub black: crate::counting::Tally,
    /// White's tally.
    pub white: crate::counting::Tally,
}

/// `countingSteps`' result, shaped as the issue 11 contract says.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CountingOutput {
    /// `'japanese' | 'ing' | 'chinese'`.
    pub method: &'static str,
    /// The ruleset counted under.
    pub rules: &'static str,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Komi used.
    pub komi: f64,
    /// The steps, the position as given first.
    pub steps: Vec<CountingStepOutput>,
    /// Black − White at the end, komi included.
    pub margin: f64,
    /// `'B+3.5'`, `'W+4'`, `'Draw'`.
    pub result: String,
    /// The `scoreBoard` margin this count equals.
    pub score_margin: f64,
    /// Half the board's points.
    pub half_board: f64,
    /// Chinese counting: what Black's area count is measured against.
    pub black_needs: f64,
}

/// The counting procedure of a decoded input.
pub fn counting_steps(input: &CountingInput) -> Result<CountingOutput> {
    use crate::counting::{counting_steps, Method};
    let method = input
        .method
        .as_deref()
        .map(str::parse::<Method>)
        .transpose()?;
    let (position, options) = input.score_input().resolve()?;
    let counting = counting_steps(&position, &options, method)?;
    let board = position.board();
    let grid = |values: &[i8]| -> Vec<Vec<i8>> {
        values.chunks(counting.width).map(<[i8]>::to_vec).collect()
    };
    let points =
        |list: &[Point]| -> Vec<Vertex> { list.iter().map(|&p| vertex_of(board, p)).collect() };
    let steps = counting
        .steps
        .iter()
        .map(|step| CountingStepOutput {
            kind: step.kind.name(),
            board: grid(&step.board),
            shade: grid(&step.shade),
            blocks: step
                .blocks
                .chunks(counting.width)
                .map(<[u32]>::to_vec)
                .collect(),
            changed: points(&step.changed),
            focus: points(&step.focus),
            black: step.black,
            white: step.white,
        })
        .collect();
    Ok(CountingOutput {
        method: counting.method.name(),
        rules: counting.rules.name(),
        width: counting.width,
        height: counting.height,
        komi: counting.komi,
        steps,
        margin: counting.margin,
        result: counting.result,
        score_margin: counting.score_margin,
        half_board: counting.half_board,
        black_needs: counting.black_needs,
    })
}
