//! Decoding of the API's inputs: any serde deserializer (JS values in the module
//! (`wasm::decode`), JSON text in the native tests), with messages that name
//! the path of the bad field, and the checks shared by every entry point (whole numbers,
//! colours, vertices, boards).

use crate::board::{check_row_length, stone_of_char, stone_of_sign, Board, Color};
use crate::error::{Error, ErrorKind, Number, Quoted, Result};
use crate::score::PerColor;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use tsify::Tsify;

/// Decodes `T` from any serde deserializer; a failure names the path of the bad field
/// (`captures.black: …`). The module's own JS reader names the path itself
/// (`wasm::decode`), without serde_path_to_error's code.
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
                serde_path_to_error::Segment::Seq { index } => {
                    push_step(&mut path, Step::Index(*index))
                }
                serde_path_to_error::Segment::Map { key } => push_step(&mut path, Step::Key(key)),
                serde_path_to_error::Segment::Enum { variant } => {
                    push_step(&mut path, Step::Key(variant))
                }
                serde_path_to_error::Segment::Unknown => path.push('?'),
            }
        }
        field_error(&path, inner)
    })
}

/// One step on the path to a bad field.
pub(crate) enum Step<'a> {
    /// A property of an object.
    Key(&'a str),
    /// An element of an array.
    Index(usize),
}

/// Adds a step to a path as messages write it: `captures.black`, `board[3][2]`.
pub(crate) fn push_step(path: &mut String, step: Step) {
    match step {
        Step::Key(key) => {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(key);
        }
        Step::Index(index) => {
            path.push('[');
            path.push_str(&index.to_string());
            path.push(']');
        }
    }
}

/// The error of a field that could not be decoded: its path (empty for the input itself),
/// then what is wrong.
pub(crate) fn field_error(path: &str, message: String) -> Error {
    let message = if path.is_empty() {
        message
    } else {
        format!("{path}: {message}")
    };
    Error::new(ErrorKind::InvalidOption, message)
}

/// Decodes `T` from JSON text: the inputs of the tests, examples and fuzz targets.
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

/// Numbers as JavaScript sends them. `null` reads as NaN and fails the range checks with a
/// message, rather than silently meaning "not given" (JSON, which has no NaN, writes NaN and
/// ±Infinity as `null`); a field that is absent or `undefined` is "not given".
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

/// A vertex `[x, y]` as JS sends it (numbers are checked to be whole).
pub type VertexInput = [JsNumber; 2];

/// `{ black, white }` counts (checked to be whole and ≥ 0).
#[derive(Clone, Copy, Debug, Default, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
#[tsify(rename = "Counts")]
pub struct CountsInput {
    /// Black's count (default 0).
    #[serde(default, deserialize_with = "js_number::required")]
    #[tsify(type = "number")]
    pub black: f64,
    /// White's count (default 0).
    #[serde(default, deserialize_with = "js_number::required")]
    #[tsify(type = "number")]
    pub white: f64,
}

/// Reads optional `{ black, white }` counts, refusing anything but an object (serde would
/// also read `[1, 2]` as the fields in order); `null` is "not given".
pub(crate) fn counts_object<'de, D: Deserializer<'de>>(
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

/// A board: a sign map (`board[y][x]`: 1 black, -1 white, 0 empty) or rows of 'X', 'O', '.'.
#[derive(Clone, Debug, Default, PartialEq, Tsify)]
#[tsify(type = "number[][] | string[]")]
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
            check_row_length(y, row_len(row), width)?;
            match row {
                RowInput::Text(text) => {
                    for (x, ch) in text.chars().enumerate() {
                        board.set(y * width + x, stone_of_char(x, y, ch)?);
                    }
                }
                RowInput::Signs(signs) => {
                    for (x, &value) in signs.iter().enumerate() {
                        board.set(y * width + x, stone_of_sign(x, y, value)?);
                    }
                }
            }
        }
        Ok(board)
    }
}

/// Checks that a JS number is a whole number in `0 ..= max` and converts it.
pub fn whole_number(name: &str, value: f64, max: u32) -> Result<u32> {
    let shown = Number(value);
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

/// Checks `{ black, white }` counts: whole numbers from 0 to a limit far above any game.
pub(crate) fn counts(name: &str, input: CountsInput) -> Result<PerColor<u32>> {
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
            format!("{name} must be 'black' or 'white', got {}", Quoted(text)),
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
                    format!(
                        "{name} vertex [{}, {}] must be two whole numbers",
                        Number(x),
                        Number(y)
                    ),
                ))
            }
        })
        .collect()
}

/// The `dead` field of a scoring input: the dead stones themselves, or where to take them.
#[derive(Clone, Debug, PartialEq)]
pub enum DeadInput {
    /// These vertices; each marks its whole chain.
    Vertices(Vec<VertexInput>),
    /// The record's `TB`/`TW` marks when it has any, else estimated.
    Auto,
    /// The record's `TB`/`TW` marks (none when it has none).
    Record,
    /// Estimated from the position alone (`estimateDeadStones` with its defaults).
    Estimate,
    /// No dead stones.
    None,
}

impl<'de> Deserialize<'de> for DeadInput {
    fn deserialize<D: Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<DeadInput, D::Error> {
        struct DeadVisitor;
        impl<'de> Visitor<'de> for DeadVisitor {
            type Value = DeadInput;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of vertices or one of 'auto', 'record', 'estimate', 'none'")
            }

            fn visit_str<E: de::Error>(self, mode: &str) -> std::result::Result<DeadInput, E> {
                match mode {
                    "auto" => Ok(DeadInput::Auto),
                    "record" => Ok(DeadInput::Record),
                    "estimate" => Ok(DeadInput::Estimate),
                    "none" => Ok(DeadInput::None),
                    _ => Err(E::invalid_value(de::Unexpected::Str(mode), &self)),
                }
            }

            fn visit_seq<A: SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> std::result::Result<DeadInput, A::Error> {
                let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                while let Some(vertex) = seq.next_element::<VertexInput>()? {
                    list.push(vertex);
                }
                Ok(DeadInput::Vertices(list))
            }
        }
        deserializer.deserialize_any(DeadVisitor)
    }
}
