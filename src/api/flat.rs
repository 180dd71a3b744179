//! The fast path of `scoreBoard`. Decoding a 19×19 sign map value by value costs more than
//! scoring an area-counted board, so the wasm boundary hands a board over as one flat array
//! of cells (signs, or the characters of row strings, which [`Board`] reads) and the dead
//! stones as `x, y` pairs; every other field is decoded as
//! `scoreBoard` decodes it. Validation and scoring are `scoreBoard`'s own: any input the
//! fast path does not take, and any error, goes through the full decoder, so every message
//! is the same.

use super::game::ScoreSgfOptions;
use super::score::{score_result, DefaultDead, ScoreFields, ScoreResult};
use crate::board::Board;
use crate::error::{Error, ErrorKind, Result};
use crate::score::ScoreOptions;

/// `scoreBoard` on the fast path's input: `signs` row by row (`1`, `-1`, `0`, or a row
/// string's characters: [`Board::from_flat_cells`]), `width` points to a row, `dead` as `x, y` pairs, and every other field from `options` (its
/// `dead`, if any, is ignored).
pub fn score_board_flat(
    width: usize,
    signs: &[i8],
    dead: &[i32],
    options: &ScoreSgfOptions,
) -> Result<ScoreResult> {
    let invalid = |message: &str| Error::new(ErrorKind::InvalidBoard, message);
    if width == 0 || signs.is_empty() || signs.len() % width != 0 {
        return Err(invalid("flat board: the signs do not fill whole rows"));
    }
    if dead.len() % 2 != 0 {
        return Err(invalid("flat board: dead vertices come in x, y pairs"));
    }
    if options.conventions.is_some() {
        // Not a `scoreBoard` field: the full decoder names it.
        return Err(Error::new(
            ErrorKind::InvalidOption,
            "conventions is not a scoreBoard field",
        ));
    }
    let board = Board::from_flat_cells(width, signs)?;
    let dead: Vec<(i64, i64)> = dead
        .chunks(2)
        .map(|xy| (xy[0].into(), xy[1].into()))
        .collect();
    let fields = ScoreFields {
        dead: None,
        ..options.score_fields()
    };
    let (position, options, dead_from) =
        fields.resolve(board, ScoreOptions::default(), DefaultDead::Given(&dead))?;
    score_result(&position, &options, dead_from)
}
