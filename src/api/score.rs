//! `scoreBoard` and `classifyRegions`: the fields every scoring input shares (declared once,
//! in [`with_score_fields!`]), their resolution into a position and options in one place,
//! and the outputs.

use super::decode::{counts, parse_color, vertices, whole_number, BoardInput, DeadInput};
use super::sign_rows::SignRows;
use crate::board::{Board, Color, Point};
use crate::classify::{classify, classify_with, Classification};
use crate::error::Result;
use crate::error::{Error, ErrorKind};
#[cfg(feature = "full")]
use crate::estimate::{estimate, vertices_of, EstimateOptions};
use crate::life::analyze_with_regions;
use crate::position::Position;
use crate::rules::{HandicapCompensation, Ruleset};
use crate::score::{
    check_dead_marks, score, score_with_owners, validate_komi, Difference, MethodScore, Score,
    ScoreOptions,
};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// Declares an input struct: its own leading fields, then the fields every scoring entry
/// point shares (`dead`, `rules`, `komi`, …, declared only here), then its own trailing
/// fields, and [`ScoreFields`] access to the shared ones. A macro rather than
/// `#[serde(flatten)]`, which cannot be combined with `deny_unknown_fields`; it costs no
/// code in the module.
macro_rules! with_score_fields {
    (
        $(#[$meta:meta])*
        pub struct $name:ident { $($lead:tt)* }
        $({ $($trail:tt)* })?
    ) => {
        $(#[$meta])*
        #[serde(deny_unknown_fields, rename_all = "camelCase")]
        pub struct $name {
            $($lead)*
            /// Dead stones: vertices, each marking its whole chain; or `'estimate'`
            /// (found from the position alone, as `estimateDeadStones` finds them),
            /// `'record'` (a record's `TB`/`TW` marks), `'auto'` (the record's marks when
            /// it has any, else estimated) or `'none'`. Default: none (`scoreSgf` and
            /// `Game.score`: `'record'`).
            #[serde(default)]
            #[tsify(optional, type = "Vertex[] | 'auto' | 'record' | 'estimate' | 'none'")]
            pub dead: Option<$crate::api::DeadInput>,
            /// Default `'japanese'` (`scoreSgf`: the record's `RU`).
            #[serde(default)]
            #[tsify(optional, type = "Rules")]
            pub rules: Option<String>,
            /// Default: the ruleset's, 0.5 in a handicap game (`scoreSgf`: the record's
            /// `KM`). Finite, a multiple of 0.5.
            #[serde(default, deserialize_with = "crate::api::js_number::optional")]
            #[tsify(optional, type = "number")]
            pub komi: Option<f64>,
            /// Stones captured during play BY Black / BY White (`scoreSgf`: the replay's).
            #[serde(default, deserialize_with = "crate::api::decode::counts_object")]
            #[tsify(optional, type = "Counts")]
            pub captures: Option<$crate::api::CountsInput>,
            /// Handicap stones Black placed (0: an even game; `scoreSgf`: the record's `HA`).
            #[serde(default, deserialize_with = "crate::api::js_number::optional")]
            #[tsify(optional, type = "number")]
            pub handicap: Option<f64>,
            /// Overrides the ruleset's handicap compensation to White (area counting).
            #[serde(default)]
            #[tsify(optional, type = "'none' | 'n' | 'n-1'")]
            pub handicap_compensation: Option<String>,
            /// Passes made in the game, final ones included (`scoreSgf`: the replay's).
            #[serde(default, deserialize_with = "crate::api::decode::counts_object")]
            #[tsify(optional, type = "Counts")]
            pub passes: Option<$crate::api::CountsInput>,
            /// Who made the game's last move or pass (`scoreSgf`: the record's last mover).
            /// Estimated dead stones give a capture race that whoever moves first wins to
            /// the other side, who moves next.
            #[serde(default)]
            #[tsify(optional, type = "'black' | 'white'")]
            pub last_to_play: Option<String>,
            /// Territory rules: still count false eyes that must be filled.
            #[serde(default)]
            #[tsify(optional)]
            pub score_false_eyes: Option<bool>,
            $($($trail)*)?
        }

        impl $name {
            /// The fields every scoring entry point shares.
            pub fn score_fields(&self) -> $crate::api::ScoreFields<'_> {
                $crate::api::ScoreFields {
                    dead: self.dead.as_ref(),
                    rules: self.rules.as_deref(),
                    komi: self.komi,
                    captures: self.captures,
                    handicap: self.handicap,
                    handicap_compensation: self.handicap_compensation.as_deref(),
                    passes: self.passes,
                    last_to_play: self.last_to_play.as_deref(),
                    score_false_eyes: self.score_false_eyes,
                }
            }
        }
    };
}
pub(crate) use with_score_fields;

with_score_fields! {
    /// What `scoreBoard` and `classifyRegions` take.
    #[derive(Clone, Debug, Deserialize, Tsify)]
    pub struct ScoreInput {
        /// The position.
        #[tsify(type = "BoardInput")]
        pub board: BoardInput,
    }
}

/// The rulesets' names as TypeScript declares them (a test checks them against [`Ruleset`]).
pub const RULES_TYPE: &str =
    "export type Rules = 'japanese' | 'korean' | 'chinese' | 'aga' | 'ing' | 'nz' | 'tromp-taylor';";

/// A scoring input's shared fields, borrowed; `None`: not given.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoreFields<'a> {
    /// Dead stones, or where to take them.
    pub dead: Option<&'a super::DeadInput>,
    /// Ruleset name.
    pub rules: Option<&'a str>,
    /// Komi.
    pub komi: Option<f64>,
    /// Captures by each side.
    pub captures: Option<super::CountsInput>,
    /// Handicap stones.
    pub handicap: Option<f64>,
    /// Handicap compensation name.
    pub handicap_compensation: Option<&'a str>,
    /// Passes by each side.
    pub passes: Option<super::CountsInput>,
    /// `'black'` or `'white'`.
    pub last_to_play: Option<&'a str>,
    /// Count false eyes.
    pub score_false_eyes: Option<bool>,
}

/// Where the dead stones of a scored position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadFrom {
    /// The record's `TB`/`TW` marks.
    Record,
    /// The estimator.
    Estimate,
    /// The caller (vertices, `'none'`, or nothing).
    Given,
}

impl DeadFrom {
    /// `'record'`, `'estimate'` or `'given'`, as in the JS API.
    pub fn name(self) -> &'static str {
        match self {
            DeadFrom::Record => "record",
            DeadFrom::Estimate => "estimate",
            DeadFrom::Given => "given",
        }
    }
}

/// The dead stones a scoring input takes when its `dead` field is absent.
#[derive(Clone, Copy, Debug)]
pub enum DefaultDead<'a> {
    /// No record: these stones (none for `scoreBoard`), as given.
    Given(&'a [(i64, i64)]),
    /// A game record: its `TB`/`TW` dead hints, and whether it has any territory marks.
    Record {
        /// Stones on the other colour's marked points.
        dead: &'a [(i64, i64)],
        /// The record marks territory at all (it was scored).
        marked: bool,
    },
}

impl ScoreFields<'_> {
    /// Checks every field and applies it on `board` over `base` and the default dead
    /// stones (what a field gives replaces the base's value): the one place where a scoring
    /// input is validated. The position and options are then ready for [`score`] or
    /// [`classify`]; the third value says where the dead stones came from.
    pub fn resolve(
        &self,
        board: Board,
        base: ScoreOptions,
        default_dead: DefaultDead<'_>,
    ) -> Result<(Position, ScoreOptions, DeadFrom)> {
        let rules = match self.rules {
            Some(name) => name.parse::<Ruleset>()?,
            None => base.rules,
        };
        let last_to_play = match self.last_to_play {
            Some(color) => Some(parse_color("lastToPlay", color)?),
            None => base.last_to_play,
        };
        let (dead, dead_from) = self.dead_stones(&board, rules, last_to_play, default_dead)?;
        let position = Position::new(board, &dead)?;
        let points = position.board().len() as u32;
        let options = ScoreOptions {
            rules,
            komi: match self.komi {
                Some(komi) => Some(validate_komi(komi)?),
                None => base.komi,
            },
            captures: match self.captures {
                Some(captures) => counts("captures", captures)?,
                None => base.captures,
            },
            handicap: match self.handicap {
                Some(h) => whole_number("handicap", h, points)?,
                None => base.handicap,
            },
            handicap_compensation: match self.handicap_compensation {
                Some(name) => Some(name.parse::<HandicapCompensation>()?),
                None => base.handicap_compensation,
            },
            passes: match self.passes {
                Some(passes) => counts("passes", passes)?,
                None => base.passes,
            },
            last_to_play,
            score_false_eyes: self.score_false_eyes.unwrap_or(base.score_false_eyes),
            plain_territory: base.plain_territory,
        };
        check_dead_marks(rules, &position)?;
        Ok((position, options, dead_from))
    }

    /// The dead stones the `dead` field asks for on `board`, and where they came from.
    fn dead_stones(
        &self,
        board: &Board,
        rules: Ruleset,
        last_to_play: Option<Color>,
        default_dead: DefaultDead<'_>,
    ) -> Result<(Vec<(i64, i64)>, DeadFrom)> {
        let record = match default_dead {
            DefaultDead::Record { dead, marked } => Some((dead, marked)),
            DefaultDead::Given(_) => None,
        };
        let from_record = |dead: &[(i64, i64)]| (dead.to_vec(), DeadFrom::Record);
        Ok(match (self.dead, default_dead) {
            (None, DefaultDead::Given(dead)) => (dead.to_vec(), DeadFrom::Given),
            (None, DefaultDead::Record { dead, .. }) => from_record(dead),
            (Some(DeadInput::Vertices(list)), _) => (vertices("dead", list)?, DeadFrom::Given),
            (Some(DeadInput::None), _) => (Vec::new(), DeadFrom::Given),
            (Some(DeadInput::Record), _) => match record {
                Some((dead, _)) => from_record(dead),
                None => {
                    return Err(Error::new(
                        ErrorKind::InvalidOption,
                        "dead: 'record' needs a game record (scoreSgf or Game.score)",
                    ))
                }
            },
            // Rules with no dead-stone agreement take every stone as alive.
            (Some(DeadInput::Auto), _) if !rules.conventions().dead_marks_allowed => {
                (Vec::new(), DeadFrom::Given)
            }
            (Some(DeadInput::Auto), _) if record.is_some_and(|(_, marked)| marked) => {
                from_record(record.map_or(&[][..], |(dead, _)| dead))
            }
            (Some(DeadInput::Auto | DeadInput::Estimate), _) => (
                estimated_dead(board, rules, last_to_play)?,
                DeadFrom::Estimate,
            ),
        })
    }
}

/// The dead stones the estimator finds on `board` with its default options, `last_to_play`
/// having made the last move or pass; none under rules that take every stone on the board
/// as alive.
fn estimated_dead(
    board: &Board,
    rules: Ruleset,
    last_to_play: Option<Color>,
) -> Result<Vec<(i64, i64)>> {
    if !rules.conventions().dead_marks_allowed {
        return Ok(Vec::new());
    }
    run_estimator(board, last_to_play)
}

#[cfg(feature = "full")]
fn run_estimator(board: &Board, last_to_play: Option<Color>) -> Result<Vec<(i64, i64)>> {
    let options = EstimateOptions {
        last_to_play,
        ..EstimateOptions::default()
    };
    let estimate = estimate(board, &options)?;
    Ok(vertices_of(board, &estimate.dead)
        .into_iter()
        .map(|(x, y)| (x as i64, y as i64))
        .collect())
}

/// The scoring-core build (no `full` feature) carries no estimator: asking it for
/// estimated dead stones is an error that says where to find them.
#[cfg(not(feature = "full"))]
fn run_estimator(_board: &Board, _last_to_play: Option<Color>) -> Result<Vec<(i64, i64)>> {
    Err(Error::new(
        ErrorKind::InvalidOption,
        "dead: 'estimate' and 'auto' need the estimator, which this scoring-core build leaves out; pass the dead stones, or use the full module",
    ))
}

impl ScoreInput {
    /// The validated position and options, and where its dead stones came from.
    pub fn resolve(&self) -> Result<(Position, ScoreOptions, DeadFrom)> {
        self.score_fields().resolve(
            self.board.to_board()?,
            ScoreOptions::default(),
            DefaultDead::Given(&[]),
        )
    }
}

/// What `scoreBoard` returns.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ScoreResult {
    /// The ruleset scored under.
    #[tsify(type = "Rules")]
    pub rules: &'static str,
    /// Komi used.
    pub komi: f64,
    /// How the ruleset officially counts.
    #[tsify(type = "'territory' | 'area'")]
    pub method: &'static str,
    /// Territory counting: territory + prisoners (+ AGA pass stones) + komi.
    pub territory: MethodScore,
    /// Area counting: stones + territory (+ handicap compensation, Ing's half points) + komi.
    pub area: MethodScore,
    /// Official margin, Black total − White total.
    pub margin: f64,
    /// Official winner.
    pub winner: crate::score::Winner,
    /// Official result, SGF style: `'B+3.5'`, `'W+4'`, `'Draw'`.
    pub result: String,
    /// Owner per point under the official method, `ownership[y][x]`: 1, -1, 0.
    #[tsify(type = "number[][]")]
    pub ownership: SignRows,
    /// Area margin − territory margin, explained.
    pub difference: Difference,
    /// Where the dead stones came from: the record's marks, the estimator, or the caller.
    #[tsify(type = "'record' | 'estimate' | 'given'")]
    pub dead_from: &'static str,
    /// Every dead stone, in reading order.
    pub dead: Vec<Vertex>,
}

/// Scores a decoded input.
pub fn score_board(input: &ScoreInput) -> Result<ScoreResult> {
    let (position, options, dead_from) = input.resolve()?;
    score_result(&position, &options, dead_from)
}

/// Scores a resolved position into `scoreBoard`'s result.
pub fn score_result(
    position: &Position,
    options: &ScoreOptions,
    dead_from: DeadFrom,
) -> Result<ScoreResult> {
    Ok(result_of(position, score(position, options)?, dead_from))
}

/// `scoreBoard`'s result from the score of a position.
pub fn result_of(position: &Position, score: Score, dead_from: DeadFrom) -> ScoreResult {
    let official = score.official().clone();
    let board = position.board();
    let width = board.width();
    ScoreResult {
        rules: score.rules.name(),
        komi: score.komi,
        method: score.method.name(),
        ownership: SignRows::new(width, score.ownership),
        territory: score.territory,
        area: score.area,
        margin: official.margin,
        winner: official.winner,
        result: official.result,
        difference: score.difference,
        dead_from: dead_from.name(),
        dead: (0..board.len())
            .filter(|&p| position.is_dead(p))
            .map(|p| {
                let (x, y) = board.vertex(p);
                [x, y]
            })
            .collect(),
    }
}

/// A vertex `[x, y]`, zero-based, `[0, 0]` the top-left point.
#[tsify::declare]
pub type Vertex = [usize; 2];

/// An empty region of `classifyRegions` (dead stones taken off).
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "Region")]
pub struct RegionOutput {
    /// Region id (index in `regions`).
    pub id: usize,
    /// Its points.
    pub points: Vec<Vertex>,
    /// The side whose territory it is, if any.
    #[tsify(type = "'black' | 'white' | null")]
    pub owner: Option<&'static str>,
    /// What kind of region it is.
    #[tsify(type = "'territory' | 'dame' | 'seki' | 'neutral'")]
    pub kind: &'static str,
    /// A living black stone borders it.
    pub borders_black: bool,
    /// A living white stone borders it.
    pub borders_white: bool,
    /// False eyes that must be filled.
    pub false_eyes: Vec<Vertex>,
}

/// A chain of stones of `classifyRegions`.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "Group")]
pub struct GroupOutput {
    /// Group id (index in `groups`).
    pub id: usize,
    /// Its colour.
    #[tsify(type = "'black' | 'white'")]
    pub color: &'static str,
    /// Its stones.
    pub stones: Vec<Vertex>,
    /// Its liberties.
    pub liberties: u32,
    /// Its status.
    #[tsify(type = "'alive' | 'dead' | 'seki'")]
    pub status: &'static str,
}

/// What `classifyRegions` returns.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "Classification")]
pub struct ClassificationOutput {
    /// Every empty point (after removing dead stones) is in exactly one.
    #[tsify(type = "Region[]")]
    pub regions: Vec<RegionOutput>,
    /// Every stone is in exactly one.
    #[tsify(type = "Group[]")]
    pub groups: Vec<GroupOutput>,
    /// Region id per point, -1 on living stones; `regionAt[y][x]`.
    pub region_at: Vec<Vec<i32>>,
}

/// Classifies a decoded input.
pub fn classify_regions(input: &ScoreInput) -> Result<ClassificationOutput> {
    let (position, options, _) = input.resolve()?;
    let classification = classify(&position, options.rules, options.score_false_eyes);
    Ok(classification_output(position.board(), classification))
}

/// What `scoreAndClassify` returns: `scoreBoard`'s and `classifyRegions`' results for one
/// input, from one life analysis.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "ScoreAndClassification")]
pub struct ScoreAndClassificationOutput {
    /// What `scoreBoard` returns for the input.
    #[tsify(type = "ScoreResult")]
    pub score: ScoreResult,
    /// What `classifyRegions` returns for the input.
    #[tsify(type = "Classification")]
    pub classification: ClassificationOutput,
}

/// Scores and classifies a decoded input, analysing life (seki, false eyes) once for both.
pub fn score_and_classify(input: &ScoreInput) -> Result<ScoreAndClassificationOutput> {
    let (position, options, dead_from) = input.resolve()?;
    let (score, owners) = score_with_owners(&position, &options)?;
    // Area rules score without the life analysis; the classification always needs it.
    let life = match owners.life {
        Some(life) => life,
        None => analyze_with_regions(&position, &owners.regions),
    };
    let classification = classify_with(
        &position,
        options.rules,
        options.score_false_eyes,
        &owners.regions,
        &life,
    );
    Ok(ScoreAndClassificationOutput {
        score: result_of(&position, score, dead_from),
        classification: classification_output(position.board(), classification),
    })
}

/// `classifyRegions`' result from a classification of a position on `board`.
fn classification_output(board: &Board, classification: Classification) -> ClassificationOutput {
    let vertex = |p: Point| -> Vertex {
        let (x, y) = board.vertex(p);
        [x, y]
    };
    let Classification {
        regions,
        groups,
        region_at,
    } = classification;
    ClassificationOutput {
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
    }
}
