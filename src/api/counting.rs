//! `countingSteps`: its input (`ScoreInput`'s fields and `method`) and its output.

use super::decode::{counts_object, js_number, BoardInput, CountsInput, VertexInput};
use super::game::vertex_of;
use super::score::{ScoreInput, Vertex};
use crate::board::Point;
use crate::error::Result;
use serde::{Deserialize, Serialize};

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
