//! `estimateDeadStones`: its input, checked against the board, and its output.

use super::decode::{parse_color, whole_number, BoardInput};
use super::score::Vertex;
use crate::board::Board;
use crate::error::{Error, ErrorKind, Number, Result};
use crate::rules::Ruleset;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// What `estimateDeadStones` takes.
#[derive(Clone, Debug, Deserialize, Tsify)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EstimateInput {
    /// The position.
    #[tsify(type = "BoardInput")]
    pub board: BoardInput,
    /// Checked; the estimate is the same under every ruleset.
    #[serde(default)]
    #[tsify(optional, type = "Rules")]
    pub rules: Option<String>,
    /// An engine's ownership (e.g. KataGo), `ownership[y][x]`, +1 black … −1 white. When
    /// given, no playouts run; stones the board proves alive are still never dead.
    #[serde(default)]
    #[tsify(optional, type = "number[][]")]
    pub ownership: Option<Vec<Vec<f64>>>,
    /// Seed of the playouts, a whole number ≥ 0 (default 0): same seed, same answer.
    #[serde(default)]
    #[tsify(optional, type = "number")]
    pub seed: Option<f64>,
    /// Number of playouts, 1 … 10000 (default by board size: 400 on 9×9, 110 on 19×19).
    #[serde(default)]
    #[tsify(optional, type = "number")]
    pub effort: Option<f64>,
    /// Who made the game's last move or pass, when known: a capture race that whoever
    /// moves first wins goes to the other side, who moves next. Without it such a race
    /// stands as a seki.
    #[serde(default)]
    #[tsify(optional, type = "'black' | 'white'")]
    pub last_to_play: Option<String>,
}

/// What `estimateDeadStones` returns.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "Estimate")]
pub struct EstimateOutput {
    /// Stones judged dead (whole chains), in reading order.
    pub dead: Vec<Vertex>,
    /// Estimated owner per point, `ownership[y][x]`, from 1 (black) to −1 (white).
    pub ownership: Vec<Vec<f64>>,
    /// Empty points on an open border that still need a move before the game is over, in
    /// reading order.
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
        let last_to_play = match &self.last_to_play {
            Some(color) => Some(parse_color("lastToPlay", color)?),
            None => None,
        };
        Ok((
            board,
            crate::estimate::EstimateOptions {
                ownership,
                seed,
                playouts,
                last_to_play,
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
                    "ownership at [{x}, {y}] is {}; expected a number from -1 to 1",
                    Number(value)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::decode;

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
    fn a_race_whoever_moves_first_wins_goes_to_the_side_to_play() {
        // White's three stones in Black's corner: Black, moving first, fills their four
        // liberties before White fills Black's; White, moving first, keeps a seki.
        let dead = |last: &str| {
            run(&format!(
                r#"{{"board": [
                "OOOOOO.O.",
                "XXXXOOOOO",
                "..XX.O...",
                ".O.X.O...",
                "OO.X.O..."]{last}}}"#
            ))
            .unwrap()
            .dead
        };
        assert_eq!(dead(r#", "lastToPlay": "white""#), [[1, 3], [0, 4], [1, 4]]);
        assert!(dead(r#", "lastToPlay": "black""#).is_empty());
        assert!(dead("").is_empty());
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
            message(r#"{"board": ["X."], "lastToPlay": "red"}"#),
            r#"lastToPlay must be 'black' or 'white', got "red""#
        );
        assert_eq!(
            message(r#"{"board": ["XO", "OX"]}"#),
            "the black chain at [0, 0] has no liberties"
        );
    }
}
