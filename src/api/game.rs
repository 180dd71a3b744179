//! The `Game` class's options and outputs, and `scoreSgf`.

use super::decode::{
    counts_object, js_number, vertices, whole_number, BoardInput, CountsInput, RowInput,
    VertexInput,
};
use super::score::{score_board, ScoreInput, ScoreResult, Vertex};
use crate::board::{Board, Color, Point};
use crate::error::{Error, ErrorKind, Result};
use crate::game::{default_komi, Action, Game, GameOptions};
use crate::rules::Ruleset;
use crate::score::PerColor;
use crate::sgf::{read_sgf, read_sgf_bytes_with, write_sgf, GameRecord, LegacyCharsets};
use js_number::JsNumber;
use serde::{Deserialize, Serialize};

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

pub(crate) fn vertex_of(board: &Board, p: Point) -> Vertex {
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
