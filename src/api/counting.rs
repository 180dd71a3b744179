//! `countingSteps`: its input (`ScoreInput`'s fields and `method`) and its output.

use super::decode::BoardInput;
use super::game::vertex_of;
use super::score::{with_score_fields, DefaultDead, Vertex};
use crate::board::Point;
use crate::error::Result;
use crate::score::ScoreOptions;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

with_score_fields! {
    /// What `countingSteps` takes: a `ScoreInput` and the counting method.
    #[derive(Clone, Debug, Deserialize, Tsify)]
    pub struct CountingInput {
        /// The position.
        #[tsify(type = "BoardInput")]
        pub board: BoardInput,
    }
    {
        /// Default by the rules: `'japanese'` for territory rulesets, `'ing'` for Ing,
        /// `'chinese'` otherwise.
        #[serde(default)]
        #[tsify(optional, type = "'japanese' | 'ing' | 'chinese'")]
        pub method: Option<String>,
    }
}

/// One step of a count: a full snapshot.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "CountingStep")]
pub struct CountingStepOutput {
    /// What the step does.
    #[tsify(
        type = "'start' | 'remove-dead' | 'fill-prisoners' | 'rearrange' | 'count' | 'komi' | 'result' | 'komi-stones' | 'fill' | 'neutral' | 'count-area'"
    )]
    pub kind: &'static str,
    /// `board[y][x]`: 1 black, -1 white, 0 empty.
    #[serde(serialize_with = "super::sign_rows::sign_rows")]
    pub board: Vec<Vec<i8>>,
    /// Points being counted, `shade[y][x]`: 1 Black's, -1 White's, 0 none.
    #[serde(serialize_with = "super::sign_rows::sign_rows")]
    pub shade: Vec<Vec<i8>>,
    /// Rectangle id (> 0) of points counted together (tens, fives), else 0; `blocks[y][x]`.
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

/// What `countingSteps` returns.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "Counting")]
pub struct CountingOutput {
    /// The counting method.
    #[tsify(type = "'japanese' | 'ing' | 'chinese'")]
    pub method: &'static str,
    /// The ruleset counted under, as `scoreBoard` reports it (Ing counting: always 'ing').
    #[tsify(type = "Rules")]
    pub rules: &'static str,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Komi used.
    pub komi: f64,
    /// The steps, the position as given first.
    #[tsify(type = "CountingStep[]")]
    pub steps: Vec<CountingStepOutput>,
    /// Black − White at the end, komi included.
    pub margin: f64,
    /// Who wins by this count (Ing: Black on a tie).
    pub winner: crate::score::Winner,
    /// `'B+3.5'`, `'W+4'`, `'Draw'` (Ing: a tie is `'B+0'`).
    pub result: String,
    /// The `scoreBoard` margin this equals: territory (japanese), area under Ing (ing), area
    /// (chinese).
    pub score_margin: f64,
    /// Half the points of the board.
    pub half_board: f64,
    /// Chinese: Black's area must beat this (halfBoard + (komi + compensation) / 2).
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
    let (position, options, _) = input.score_fields().resolve(
        input.board.to_board()?,
        ScoreOptions::default(),
        DefaultDead::Given(&[]),
    )?;
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
        winner: counting.winner,
        result: counting.result,
        score_margin: counting.score_margin,
        half_board: counting.half_board,
        black_needs: counting.black_needs,
    })
}
