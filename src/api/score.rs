//! `scoreBoard` and `classifyRegions`: their input, its resolution into a position and
//! options, and their outputs.

use super::decode::{
    counts, counts_object, js_number, parse_color, vertices, whole_number, BoardInput, CountsInput,
    VertexInput,
};
use crate::board::{Board, Color, Point};
use crate::classify::{classify, Classification};
use crate::error::{Error, ErrorKind, Result};
use crate::position::Position;
use crate::rules::{HandicapCompensation, Ruleset};
use crate::score::{score, validate_komi, Difference, MethodScore, ScoreOptions};
use serde::{Deserialize, Serialize};

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
