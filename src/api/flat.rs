//! The flat fast path of `scoreBoard`.
//!
//! JSON through `JSON.stringify` and serde costs more than scoring an area-counted board. The
//! package's `scoreBoard` therefore hands over a well-formed board as one flat sign array,
//! the dead stones as flat pairs and only the remaining options as JSON, and reads the result
//! back from one array of numbers, one of owners and one line of labels. Any input the fast
//! path does not take, and any error, goes through the full decoder, so every message
//! is the same. The meanings stay in `score_board`: this only changes the wrapping.

use super::decode::js_number::JsNumber;
use super::decode::BoardInput;
use super::game::ScoreSgfOptions;
use super::score::ScoreInput;
use crate::board::Board;
use crate::error::{Error, ErrorKind, Result};
use crate::score::score;

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
