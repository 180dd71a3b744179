//! The `Game` class's options and outputs, and `scoreSgf`.

use super::decode::{js_number, vertices, whole_number, VertexInput};
use super::score::{result_of, score_result, with_score_fields, DefaultDead, ScoreResult, Vertex};
use crate::board::{Board, Color, Point};
use crate::error::{Error, ErrorKind, Quoted, Result};
use crate::game::{default_komi, Action, Game, GameOptions};
use crate::rules::Ruleset;
use crate::score::{PerColor, ScoreOptions};
use crate::servers::count_as;
use crate::sgf::{
    decode_with, game_tree_texts, read_sgf, read_sgf_bytes_with, write_sgf, GameRecord,
    LegacyCharsets,
};
use js_number::JsNumber;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// What `new Game(opts)` takes.
#[derive(Clone, Debug, Deserialize, Tsify)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[tsify(rename = "GameOptions")]
pub struct GameOptionsInput {
    /// Columns, 1 … 52.
    #[serde(deserialize_with = "js_number::required")]
    #[tsify(type = "number")]
    pub width: f64,
    /// Rows, 1 … 52; default `width`.
    #[serde(default, deserialize_with = "js_number::optional")]
    #[tsify(optional, type = "number")]
    pub height: Option<f64>,
    /// Default `'japanese'`.
    #[serde(default)]
    #[tsify(optional, type = "Rules")]
    pub rules: Option<String>,
    /// Default: the ruleset's; 0.5 in a handicap game.
    #[serde(default, deserialize_with = "js_number::optional")]
    #[tsify(optional, type = "number")]
    pub komi: Option<f64>,
    /// Handicap stones: on their fixed points where the board has them (`handicapPoints`);
    /// otherwise Black places them with the first `play` calls.
    #[serde(default, deserialize_with = "js_number::optional")]
    #[tsify(optional, type = "number")]
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
    let mut record = GameRecord::new(Game::new(&input.resolve()?)?);
    // A komi the caller names stays when the rules change; a default one follows them.
    record.komi_given = input.komi.is_some();
    Ok(record)
}

/// `game.setRules(rules)`: the game replayed under `rules` (suicide and ko as they judge
/// them); an error, naming the move, when a move is not legal under them, and then nothing
/// changes. A komi that neither the record nor the caller gave becomes the new ruleset's
/// default.
pub fn set_rules(record: &mut GameRecord, rules: &str) -> Result<()> {
    let rules = rules.parse::<Ruleset>()?;
    let mut game = record.game.with_rules(rules)?;
    if !record.komi_given {
        game.set_komi(default_komi(rules, game.handicap()))?;
    }
    record.game = game;
    Ok(())
}

/// `game.setKomi(komi)`: finite, a multiple of 0.5; kept from then on when the rules change.
pub fn set_komi(record: &mut GameRecord, komi: f64) -> Result<()> {
    record.game.set_komi(komi)?;
    record.komi_given = true;
    Ok(())
}

/// `game.setHandicap(n)`: the number of handicap stones the game is scored with and its
/// record says (`HA`), at most the board's points; the stones on the board stay as they
/// are. A komi that neither the record nor the caller gave follows the handicap (the
/// ruleset's handicap komi from 2 stones).
pub fn set_handicap(record: &mut GameRecord, handicap: f64) -> Result<()> {
    let limit = record.game.board().len() as u32;
    let handicap = whole_number("handicap", handicap, limit)?;
    record.game.set_handicap(handicap);
    if !record.komi_given {
        record
            .game
            .set_komi(default_komi(record.game.rules(), handicap))?;
    }
    Ok(())
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

/// `sgfGameTrees`: the game trees of an SGF source as texts ([`game_tree_texts`]), bytes
/// decoded as [`read_sgf_source`] decodes them.
pub fn game_trees(source: &SgfSource, legacy: &dyn LegacyCharsets) -> Vec<String> {
    let decoded;
    let text = match source {
        SgfSource::Text(text) => text.as_str(),
        SgfSource::Bytes(bytes) => {
            decoded = decode_with(bytes, legacy).0;
            decoded.as_str()
        }
    };
    game_tree_texts(text)
        .into_iter()
        .map(str::to_owned)
        .collect()
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
    let count = record
        .game
        .actions()
        .filter(|action| matches!(action, Action::Play(..) | Action::Pass(_)))
        .count();
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

/// The SGF's dead hints as vertices to check.
fn hint_vertices(record: &GameRecord) -> Vec<(i64, i64)> {
    dead_hints(record)
        .into_iter()
        .map(|[x, y]| (x as i64, y as i64))
        .collect()
}

/// One move of a game: who played, where (`null` for a pass), what it took off the board
/// and the prisoners after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(rename = "GameMove")]
pub struct MoveOutput {
    /// Who played.
    #[tsify(type = "'black' | 'white'")]
    pub color: &'static str,
    /// `[x, y]`, or `null` for a pass.
    #[tsify(type = "Vertex | null")]
    pub vertex: Option<Vertex>,
    /// The stones this move took off the board, in reading order: the opponent's chains it
    /// captured, or its own chain when it was a suicide (where the ruleset allows one).
    /// Empty for a pass.
    pub captured: Vec<Vertex>,
    /// Stones captured in play by Black and by White once this move was made, as
    /// `game.captures` stood then (a suicide's stones count for the opponent).
    #[tsify(type = "PerColor<number>")]
    pub captures: PerColor<u32>,
}

/// `game.moves()`: the moves and passes so far, in order (handicap placement and setup
/// are not moves).
pub fn moves(record: &GameRecord) -> Vec<MoveOutput> {
    let game = &record.game;
    let board = game.board();
    let output = |index: usize, color: Color, vertex: Option<Vertex>| MoveOutput {
        color: color.name(),
        vertex,
        captured: game
            .removed_by(index)
            .into_iter()
            .map(|p| vertex_of(board, p))
            .collect(),
        captures: game.captures_after(index),
    };
    game.actions()
        .enumerate()
        .filter_map(|(index, action)| match action {
            Action::Play(color, p) => Some(output(index, *color, Some(vertex_of(board, *p)))),
            Action::Pass(color) => Some(output(index, *color, None)),
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

/// `game.scoreInput(dead?)`: a `ScoreInput` for `scoreBoard`, shaped as `docs/API.md` says.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameScoreInput {
    /// Sign map, `board[y][x]`.
    #[serde(serialize_with = "super::sign_rows::sign_rows")]
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

/// Checks dead vertices against the game's board; `None` takes the SGF dead hints.
fn dead_vertices(record: &GameRecord, dead: Option<&[VertexInput]>) -> Result<Vec<(i64, i64)>> {
    let dead = match dead {
        Some(dead) => vertices("dead", dead)?,
        None => hint_vertices(record),
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

with_score_fields! {
    /// What `scoreSgf` takes besides the SGF: anything of `ScoreInput` but the board, each
    /// replacing what the record says, and whose conventions to count by.
    #[derive(Clone, Debug, Default, Deserialize, Tsify)]
    pub struct ScoreSgfOptions {}
    {
        /// `'rules'` (the default): count as the rules say; `'server'`: as the server that
        /// recorded the game counts, when the record names one go-score knows.
        #[serde(default)]
        #[tsify(optional, type = "'rules' | 'server'")]
        pub conventions: Option<String>,
    }
}

/// Whose conventions a record is counted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conventions {
    /// The rules'.
    Rules,
    /// The recording server's, when known.
    Server,
}

impl std::str::FromStr for Conventions {
    type Err = Error;
    fn from_str(s: &str) -> Result<Conventions> {
        match s {
            "rules" => Ok(Conventions::Rules),
            "server" => Ok(Conventions::Server),
            _ => Err(Error::new(
                ErrorKind::InvalidOption,
                format!(
                    "unknown conventions {}; expected 'rules' or 'server'",
                    Quoted(s)
                ),
            )),
        }
    }
}

/// What `scoreSgf` and `game.score()` return: `ScoreResult`'s fields, counted by the
/// conventions asked for, and the other count when the two differ.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SgfScoreResult {
    /// The count.
    #[serde(flatten)]
    pub score: ScoreResult,
    /// Whose conventions the count follows: `'rules'`, or the recording server's name.
    pub conventions: &'static str,
    /// The server that recorded the game, when the record names one go-score knows.
    #[tsify(type = "Server | null")]
    pub server: Option<&'static str>,
    /// The count by the other conventions (the server's when the rules' were asked for,
    /// and the reverse), when its margin differs.
    #[tsify(type = "OtherCount | null")]
    pub other: Option<OtherCount>,
    /// What makes the server's count differ from the rules', point by point; empty when
    /// they agree.
    #[tsify(type = "Departure[]")]
    pub departures: Vec<DepartureOutput>,
}

with_score_fields! {
    /// What `countAsServer` takes: a position as `scoreBoard` takes it, and the server.
    #[derive(Clone, Debug, Deserialize, Tsify)]
    pub struct ServerCountInput {
        /// The position.
        #[tsify(type = "BoardInput")]
        pub board: super::BoardInput,
        /// The server whose count is asked for.
        #[tsify(type = "Server")]
        pub server: String,
    }
}

/// What `countAsServer` returns: the count as the server makes it, and what makes it
/// differ from the rules' count (`scoreBoard`'s).
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ServerCountResult {
    /// The server's name.
    #[tsify(type = "Server")]
    pub conventions: &'static str,
    /// Its margin, Black's total minus White's.
    pub margin: f64,
    /// Its winner.
    pub winner: crate::score::Winner,
    /// Its result, SGF style.
    pub result: String,
    /// What makes it differ from the rules' count, point by point; empty when they agree.
    #[tsify(type = "Departure[]")]
    pub departures: Vec<DepartureOutput>,
}

/// The departures of a count, as the API gives them.
fn departures_of(count: &crate::servers::ServerCount) -> Vec<DepartureOutput> {
    let board = count.server_position.board();
    count
        .departures
        .iter()
        .map(|d| DepartureOutput {
            vertex: d.point.map(|p| vertex_of(board, p)),
            reason: d.reason.name(),
            margin: d.margin,
        })
        .collect()
}

/// `countAsServer(input)`: the position counted as `input.server` counts it.
pub fn count_as_server(input: &ServerCountInput) -> Result<ServerCountResult> {
    let server = input.server.parse::<crate::servers::Server>()?;
    let (position, options, _) = input.score_fields().resolve(
        input.board.to_board()?,
        ScoreOptions::default(),
        DefaultDead::Given(&[]),
    )?;
    let count = count_as(server, &position, &options)?;
    let official = count.server_score.official();
    Ok(ServerCountResult {
        conventions: server.name(),
        margin: official.margin,
        winner: official.winner,
        result: official.result.clone(),
        departures: departures_of(&count),
    })
}

/// A record's result reads as the `ScoreResult` it extends, as it does in JS.
impl std::ops::Deref for SgfScoreResult {
    type Target = ScoreResult;
    fn deref(&self) -> &ScoreResult {
        &self.score
    }
}

/// The servers' names as TypeScript declares them (a test checks them against `Server`).
pub const SERVER_TYPE: &str =
    "export type Server = 'OGS' | 'KGS' | 'Tygem' | 'Fox' | 'IGS' | 'DGS' | 'CGOS' | 'NNGS' | 'Tom';";

/// A record's count by the conventions not asked for.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct OtherCount {
    /// `'rules'`, or the recording server's name.
    pub conventions: &'static str,
    /// Its margin, Black's total minus White's.
    pub margin: f64,
    /// Its winner.
    pub winner: crate::score::Winner,
    /// Its result, SGF style.
    pub result: String,
}

/// One part of the difference between the server's count and the rules'.
#[derive(Clone, Debug, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "Departure")]
pub struct DepartureOutput {
    /// The point it concerns; `null` for a term of the whole game.
    #[tsify(type = "Vertex | null")]
    pub vertex: Option<Vertex>,
    /// Why the server counts it otherwise.
    #[tsify(type = "'false-eye' | 'seki' | 'alive' | 'compensation' | 'method'")]
    pub reason: &'static str,
    /// What it adds to Black's margin in the server's count compared with the rules'.
    pub margin: f64,
}

/// Scores the end of an SGF record's main line in one call.
pub fn score_sgf(
    source: &SgfSource,
    options: &ScoreSgfOptions,
    legacy: &dyn LegacyCharsets,
) -> Result<SgfScoreResult> {
    score_record(&read_sgf_source(source, legacy)?, options)
}

/// `game.score(options?)` and `scoreSgf`: the end of a record's main line scored, with what
/// `options` gives replacing what the record says; dead stones by default the record's
/// `TB`/`TW` marks.
pub fn score_record(record: &GameRecord, options: &ScoreSgfOptions) -> Result<SgfScoreResult> {
    let game = &record.game;
    let conventions = match &options.conventions {
        Some(name) => name.parse::<Conventions>()?,
        None => Conventions::Rules,
    };
    let fields = options.score_fields();
    let base = ScoreOptions {
        rules: game.rules(),
        // Other rules than the record's take their own default komi, unless the record
        // gives one.
        komi: (record.komi_given || fields.rules.is_none()).then(|| game.komi()),
        captures: game.captures(),
        handicap: game.handicap(),
        passes: game.passes(),
        last_to_play: game.last_to_play(),
        ..ScoreOptions::default()
    };
    let hints = hint_vertices(record);
    let marks = DefaultDead::Record {
        dead: &hints,
        marked: !(record.territory.black.is_empty() && record.territory.white.is_empty()),
    };
    let (position, options, dead_from) = fields.resolve(game.board().clone(), base, marks)?;
    let Some(server) = record.server else {
        return Ok(SgfScoreResult {
            score: score_result(&position, &options, dead_from)?,
            conventions: "rules",
            server: None,
            other: None,
            departures: Vec::new(),
        });
    };
    let count = count_as(server, &position, &options)?;
    let departures = departures_of(&count);
    let (asked, other, other_name, name) = match conventions {
        Conventions::Rules => (
            result_of(&position, count.rules, dead_from),
            count.server_score,
            server.name(),
            "rules",
        ),
        Conventions::Server => (
            result_of(&count.server_position, count.server_score, dead_from),
            count.rules,
            "rules",
            server.name(),
        ),
    };
    let other = other.official();
    Ok(SgfScoreResult {
        other: (other.margin != asked.margin).then(|| OtherCount {
            conventions: other_name,
            margin: other.margin,
            winner: other.winner,
            result: other.result.clone(),
        }),
        score: asked,
        conventions: name,
        server: Some(server.name()),
        departures,
    })
}
