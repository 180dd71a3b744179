//! Playing a game: legal moves with captures, suicide and ko as the ruleset says, passes,
//! handicap placement and undo. A [`Game`] keeps everything scoring needs besides the final
//! position (prisoners, passes, handicap, komi, who played last), so
//! [`Game::score_options`] hands [`crate::score::score`] a complete input.

use crate::board::{Board, Color, Point};
use crate::error::{Error, ErrorKind, Result};
use crate::position::Position;
use crate::rules::{KoRule, Ruleset};
use crate::score::{validate_komi, PerColor, ScoreOptions};
use std::sync::OnceLock;

/// The komi a game gets when the caller names none: the ruleset's
/// ([`crate::rules::Conventions::komi_for`]), which depends on the handicap.
pub fn default_komi(rules: Ruleset, handicap: u32) -> f64 {
    rules.conventions().komi_for(handicap)
}

/// The fixed handicap points for `stones` stones on a `width` × `height` board, in the
/// order they are placed, or `None` where there is no fixed placement (Black then places
/// the stones freely). The placement GNU Go, KataGo and Sabaki use:
/// - only on boards of 7 lines or more each way, on the third line from each edge, or the
///   fourth where that side has 13 lines or more (the 3-3 points on 9×9, the 4-4 points on
///   13×13 and 19×19);
/// - 2 to 4 stones in the corners: the upper right and lower left (seen from Black, who
///   sits at the bottom), then the lower right, then the upper left;
/// - 5 to 9 stones only where both sides have an odd number of lines, 9 or more, so that
///   there is a centre line: 5 adds the centre point, 6 the left and right sides, 7 those
///   and the centre, 8 all four sides, 9 all four sides and the centre.
///
/// The third stone goes in the lower right as in the traditional placement (and Sabaki's);
/// the GTP specification, which GNU Go and KataGo follow, puts it in the upper left.
pub fn fixed_handicap(width: usize, height: usize, stones: u32) -> Option<Vec<(usize, usize)>> {
    if width < 7 || height < 7 || !(2..=9).contains(&stones) {
        return None;
    }
    let has_centre = width % 2 == 1 && height % 2 == 1 && width >= 9 && height >= 9;
    if stones > 4 && !has_centre {
        return None;
    }
    // Distance of the star points from the edge, per side: third line, fourth from 13.
    let near = |side: usize| if side >= 13 { 3 } else { 2 };
    let (left_x, top_y) = (near(width), near(height));
    let (right_x, bottom_y) = (width - 1 - left_x, height - 1 - top_y);
    let (mid_x, mid_y) = (width / 2, height / 2);
    let corners = [
        (right_x, top_y),    // upper right
        (left_x, bottom_y),  // lower left
        (right_x, bottom_y), // lower right
        (left_x, top_y),     // upper left
    ];
    let (left, right) = ((left_x, mid_y), (right_x, mid_y));
    let (top, bottom) = ((mid_x, top_y), (mid_x, bottom_y));
    let centre = (mid_x, mid_y);
    let mut points = corners[..(stones as usize).min(4)].to_vec();
    match stones {
        5 => points.push(centre),
        6 => points.extend([left, right]),
        7 => points.extend([left, right, centre]),
        8 => points.extend([left, right, top, bottom]),
        9 => points.extend([left, right, top, bottom, centre]),
        _ => {}
    }
    Some(points)
}

/// How a game starts.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOptions {
    /// Columns, 1 … 52.
    pub width: usize,
    /// Rows, 1 … 52.
    pub height: usize,
    /// The ruleset: suicide, ko and default komi come from its conventions.
    pub rules: Ruleset,
    /// Komi; `None` takes [`default_komi`].
    pub komi: Option<f64>,
    /// Handicap stones. Where the board has a fixed placement for them ([`fixed_handicap`])
    /// they are put on its points at once; otherwise Black places them with the first
    /// moves while White waits (free placement). 0 and 1 mean an even game.
    pub handicap: u32,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            width: 19,
            height: 19,
            rules: Ruleset::default(),
            komi: None,
            handicap: 0,
        }
    }
}

/// Stones put on the board or taken off outside play (SGF `AB` / `AW` / `AE` in the
/// middle of a record).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Points that get a black stone.
    pub black: Vec<Point>,
    /// Points that get a white stone.
    pub white: Vec<Point>,
    /// Points that are emptied.
    pub empty: Vec<Point>,
}

/// One step of a game's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A handicap stone Black placed freely before White's first move.
    Handicap(Point),
    /// A stone played.
    Play(Color, Point),
    /// A pass.
    Pass(Color),
    /// Stones set up outside play.
    Setup(Setup),
}

/// Everything that changes from one step of the game to the next.
#[derive(Clone, Debug, PartialEq)]
struct State {
    board: Board,
    /// Zobrist hash of `board`.
    hash: u64,
    to_play: Color,
    captures: PerColor<u32>,
    passes: PerColor<u32>,
    last_to_play: Option<Color>,
    /// Simple ko: the point the given colour may not play at once.
    ko: Option<(Point, Color)>,
    /// Free-placement handicap stones Black still has to place.
    handicap_left: u32,
}

/// A game in progress: the current position, the counts scoring needs and the history
/// that undo and superko look back at.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    rules: Ruleset,
    komi: f64,
    handicap: u32,
    /// The position before the first action: setup and fixed handicap stones.
    initial: Board,
    state: State,
    /// Each action with the state just before it.
    history: Vec<(Action, State)>,
}

/// Zobrist keys, one per point and colour, for the largest board; a smaller board uses
/// the first `width × height` entries. Generated once by SplitMix64 from a fixed seed, so
/// hashes are the same in every run.
fn zobrist(p: Point, color: Color) -> u64 {
    static KEYS: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    let keys = KEYS.get_or_init(|| {
        let mut seed: u64 = 0x676f_2d73_636f_7265; // "go-score"
        let mut next = || {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let size = crate::board::MAX_SIZE * crate::board::MAX_SIZE;
        (0..size).map(|_| [next(), next()]).collect()
    });
    keys[p][color.index()]
}

fn board_hash(board: &Board) -> u64 {
    (0..board.len())
        .filter_map(|p| board.get(p).map(|c| zobrist(p, c)))
        .fold(0, |hash, key| hash ^ key)
}

fn illegal(message: String) -> Error {
    Error::new(ErrorKind::IllegalMove, message)
}

impl Game {
    /// A new game: an empty board with the handicap stones, if any, on their fixed points.
    pub fn new(options: &GameOptions) -> Result<Game> {
        let mut board = Board::new(options.width, options.height)?;
        let handicap = options.handicap;
        if handicap as usize >= board.len() {
            return Err(Error::new(
                ErrorKind::InvalidOption,
                format!(
                    "handicap {handicap} leaves no point free on the {}×{} board",
                    options.width, options.height
                ),
            ));
        }
        let mut handicap_left = 0;
        let mut to_play = Color::Black;
        if handicap >= 2 {
            match fixed_handicap(options.width, options.height, handicap) {
                Some(points) => {
                    for (x, y) in points {
                        let p = board.point(x, y);
                        board.set(p, Some(Color::Black));
                    }
                    to_play = Color::White;
                }
                None => handicap_left = handicap,
            }
        }
        let mut game = Game::from_position(board, to_play, options.rules, options.komi, handicap)?;
        game.state.handicap_left = handicap_left;
        Ok(game)
    }

    /// A game that starts from a set-up position (an SGF record's root): the board must
    /// be legal (every chain has a liberty). `handicap` is only recorded, no stones are
    /// added.
    pub fn from_position(
        board: Board,
        to_play: Color,
        rules: Ruleset,
        komi: Option<f64>,
        handicap: u32,
    ) -> Result<Game> {
        board.check_liberties()?;
        let komi = validate_komi(komi.unwrap_or_else(|| default_komi(rules, handicap)))?;
        let state = State {
            hash: board_hash(&board),
            board: board.clone(),
            to_play,
            captures: PerColor::default(),
            passes: PerColor::default(),
            last_to_play: None,
            ko: None,
            handicap_left: 0,
        };
        Ok(Game {
            rules,
            komi,
            handicap,
            initial: board,
            state,
            history: Vec::new(),
        })
    }

    /// The ruleset.
    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    /// Komi.
    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// Handicap stones (0 or 1: an even game).
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// Sets the komi: finite, a multiple of 0.5.
    pub fn set_komi(&mut self, komi: f64) -> Result<()> {
        self.komi = validate_komi(komi)?;
        Ok(())
    }

    /// Sets the number of handicap stones the game is scored with (and its record says);
    /// the stones on the board stay as they are.
    pub fn set_handicap(&mut self, handicap: u32) {
        self.handicap = handicap;
    }

    /// The same game under `rules`: every action replayed from the start, so that suicide
    /// and ko are judged as `rules` judge them. Fails, naming the move, when one is not
    /// legal under `rules`; komi and handicap stay as they are.
    pub fn with_rules(&self, rules: Ruleset) -> Result<Game> {
        let mut game = Game {
            rules,
            komi: self.komi,
            handicap: self.handicap,
            initial: self.initial.clone(),
            state: self.state_before(0).clone(),
            history: Vec::new(),
        };
        let mut moves = 0;
        for (index, (action, _)) in self.history.iter().enumerate() {
            let at = |p: &Point| {
                let (x, y) = self.initial.vertex(*p);
                (x as i64, y as i64)
            };
            let replayed = match action {
                // Black's turn while free-placed stones are still due: placed, not played.
                Action::Handicap(p) => game.play_as(Color::Black, at(p).0, at(p).1),
                Action::Play(color, p) => {
                    moves += 1;
                    game.play_as(*color, at(p).0, at(p).1)
                }
                Action::Pass(color) => {
                    moves += 1;
                    game.pass_as(*color)
                }
                Action::Setup(setup) => game.setup(setup.clone()),
            };
            replayed.map_err(|e| Error::new(e.kind(), format!("move {moves} is illegal: {e}")))?;
            // Who moves next as the game had it: a record's `PL` sets it between actions.
            game.state.to_play = self.state_after(index).to_play;
        }
        Ok(game)
    }

    /// The state just before action `index` (the current one past the last action).
    fn state_before(&self, index: usize) -> &State {
        self.history
            .get(index)
            .map_or(&self.state, |(_, state)| state)
    }

    /// The state just after action `index`.
    fn state_after(&self, index: usize) -> &State {
        self.state_before(index + 1)
    }

    /// The stones action `index` took off the board: the chains a move captured, its own
    /// chain after a suicide, the points a setup emptied.
    pub fn removed_by(&self, index: usize) -> Vec<Point> {
        let (before, after) = (
            &self.state_before(index).board,
            &self.state_after(index).board,
        );
        // A suicide takes the stone just played too, though its point was empty before.
        let played = match self.history.get(index) {
            Some((Action::Play(_, p), _)) => Some(*p),
            _ => None,
        };
        (0..before.len())
            .filter(|&p| (before.get(p).is_some() || played == Some(p)) && after.get(p).is_none())
            .collect()
    }

    /// Stones captured in play by Black and by White just after action `index`.
    pub fn captures_after(&self, index: usize) -> PerColor<u32> {
        self.state_after(index).captures
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The position before the first action (setup and fixed handicap stones).
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }

    /// Who moves next.
    pub fn to_play(&self) -> Color {
        self.state.to_play
    }

    /// Who was to move before the first action.
    pub fn first_player(&self) -> Color {
        self.to_play_before(0)
    }

    /// Who was to move before action `index` (the current player when `index` is the
    /// number of actions or more).
    pub fn to_play_before(&self, index: usize) -> Color {
        self.state_before(index).to_play
    }

    /// Who made the last move or pass; `None` before any (handicap placement and setup
    /// are not turns).
    pub fn last_to_play(&self) -> Option<Color> {
        self.state.last_to_play
    }

    /// Stones captured in play by Black and by White (stones lost to their own suicide
    /// count as captured by the opponent).
    pub fn captures(&self) -> PerColor<u32> {
        self.state.captures
    }

    /// Passes made by Black and by White.
    pub fn passes(&self) -> PerColor<u32> {
        self.state.passes
    }

    /// Free-placement handicap stones Black still has to place.
    pub fn handicap_left(&self) -> u32 {
        self.state.handicap_left
    }

    /// The actions so far, oldest first.
    pub fn actions(&self) -> impl Iterator<Item = &Action> {
        self.history.iter().map(|(action, _)| action)
    }

    /// The board just after the `n`-th move or pass (`0`: before the first one, with the
    /// setup and handicap stones); `None` past the last move.
    pub fn board_after_moves(&self, n: usize) -> Option<&Board> {
        let moves: Vec<usize> = self
            .history
            .iter()
            .enumerate()
            .filter(|(_, (action, _))| matches!(action, Action::Play(..) | Action::Pass(_)))
            .map(|(index, _)| index)
            .collect();
        let index = match n {
            0 => moves.first().copied().unwrap_or(self.history.len()),
            n => moves.get(n - 1)? + 1,
        };
        Some(
            self.history
                .get(index)
                .map_or(&self.state.board, |(_, state)| &state.board),
        )
    }

    /// Number of actions so far.
    pub fn action_count(&self) -> usize {
        self.history.len()
    }

    /// Whether the game ended with two passes in a row.
    pub fn ended_by_passes(&self) -> bool {
        let mut last = self.history.iter().rev().map(|(a, _)| a);
        matches!(
            (last.next(), last.next()),
            (Some(Action::Pass(_)), Some(Action::Pass(_)))
        )
    }

    fn vertex_point(&self, x: i64, y: i64) -> Result<Point> {
        let board = &self.state.board;
        board.checked_point(x, y).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidVertex,
                format!(
                    "move [{x}, {y}] is off the {}×{} board",
                    board.width(),
                    board.height()
                ),
            )
        })
    }

    /// The player to move plays at `(x, y)`.
    pub fn play(&mut self, x: i64, y: i64) -> Result<()> {
        self.play_as(self.state.to_play, x, y)
    }

    /// `color` plays at `(x, y)`, in turn or not (records may have a side move twice).
    /// On an illegal move nothing changes and the error says why: off the board,
    /// occupied, suicide, ko (naming the ko rule).
    pub fn play_as(&mut self, color: Color, x: i64, y: i64) -> Result<()> {
        let p = self.vertex_point(x, y)?;
        if let Some(stone) = self.state.board.get(p) {
            return Err(illegal(format!(
                "{} cannot play [{x}, {y}]: the point holds a {} stone",
                color.name(),
                stone.name()
            )));
        }
        if self.state.handicap_left > 0 {
            return self.place_handicap(color, p);
        }
        let conventions = self.rules.conventions();
        if conventions.ko == KoRule::Simple && self.state.ko == Some((p, color)) {
            return Err(illegal(format!(
                "{} cannot retake the ko at [{x}, {y}] at once: simple ko rule ({} rules); play elsewhere first",
                color.name(),
                self.rules
            )));
        }
        let opponent = color.opponent();
        let mut next = self.state.clone();
        let captured = next.board.place(p, color);
        next.hash ^= zobrist(p, color);
        for &q in &captured {
            next.hash ^= zobrist(q, opponent);
        }
        let own_chain = next.board.chain(p);
        if !next.board.has_liberty(p) {
            if own_chain.len() == 1 {
                return Err(illegal(format!(
                    "{} [{x}, {y}] is suicide: the stone would have no liberties",
                    color.name()
                )));
            }
            if !conventions.suicide_allowed {
                return Err(illegal(format!(
                    "{} [{x}, {y}] is suicide: its chain of {} stones would have no liberties, and {} rules forbid suicide",
                    color.name(),
                    own_chain.len(),
                    self.rules
                )));
            }
            for &q in &own_chain {
                next.board.set(q, None);
                next.hash ^= zobrist(q, color);
            }
            next.captures.add(opponent, own_chain.len() as u32);
        }
        next.captures.add(color, captured.len() as u32);
        // A single stone that captured a single stone and now has that point as its only
        // liberty: the opponent may not take back at once (simple ko).
        next.ko = match captured[..] {
            [taken] if own_chain.len() == 1 && next.board.liberty_count(p) == 1 => {
                Some((taken, opponent))
            }
            _ => None,
        };
        next.to_play = opponent;
        next.last_to_play = Some(color);
        self.check_superko(&next, color, x, y, conventions.ko)?;
        self.push(Action::Play(color, p), next);
        Ok(())
    }

    fn place_handicap(&mut self, color: Color, p: Point) -> Result<()> {
        if color != Color::Black {
            return Err(illegal(format!(
                "white cannot move yet: black still places {} handicap stones",
                self.state.handicap_left
            )));
        }
        let mut next = self.state.clone();
        next.board.set(p, Some(Color::Black));
        next.hash ^= zobrist(p, Color::Black);
        next.handicap_left -= 1;
        if next.handicap_left == 0 {
            next.to_play = Color::White;
        }
        self.push(Action::Handicap(p), next);
        Ok(())
    }

    /// Superko: the position after a move may not repeat an earlier one (positional), or
    /// an earlier one with the same player to move (situational). Hashes find candidates;
    /// boards are compared in full, so a hash collision cannot forbid a legal move.
    fn check_superko(&self, next: &State, color: Color, x: i64, y: i64, ko: KoRule) -> Result<()> {
        if ko == KoRule::Simple {
            return Ok(());
        }
        let situational = ko == KoRule::SituationalSuperko;
        let earlier = self
            .history
            .iter()
            .map(|(_, state)| state)
            .chain(std::iter::once(&self.state));
        for state in earlier {
            if state.hash == next.hash
                && (!situational || state.to_play == next.to_play)
                && state.board == next.board
            {
                let kind = if situational {
                    format!(
                        "an earlier position with {} to play: situational superko",
                        next.to_play.name()
                    )
                } else {
                    "an earlier board position: positional superko".to_string()
                };
                return Err(illegal(format!(
                    "{} [{x}, {y}] would repeat {kind} ({} rules)",
                    color.name(),
                    self.rules
                )));
            }
        }
        Ok(())
    }

    /// The player to move passes.
    pub fn pass(&mut self) -> Result<()> {
        self.pass_as(self.state.to_play)
    }

    /// `color` passes.
    pub fn pass_as(&mut self, color: Color) -> Result<()> {
        if self.state.handicap_left > 0 {
            return Err(illegal(format!(
                "{} cannot pass yet: black still places {} handicap stones",
                color.name(),
                self.state.handicap_left
            )));
        }
        let mut next = self.state.clone();
        next.passes.add(color, 1);
        next.ko = None;
        next.to_play = color.opponent();
        next.last_to_play = Some(color);
        self.push(Action::Pass(color), next);
        Ok(())
    }

    /// Puts stones on the board or takes them off outside play (SGF setup in a record).
    /// The result must be legal: every chain keeps a liberty.
    pub fn setup(&mut self, setup: Setup) -> Result<()> {
        let mut next = self.state.clone();
        for (points, stone) in [
            (&setup.empty, None),
            (&setup.black, Some(Color::Black)),
            (&setup.white, Some(Color::White)),
        ] {
            for &p in points {
                if p >= next.board.len() {
                    return Err(Error::new(
                        ErrorKind::InvalidVertex,
                        format!("setup point {p} is off the board"),
                    ));
                }
                next.board.set(p, stone);
            }
        }
        next.board.check_liberties()?;
        next.hash = board_hash(&next.board);
        next.ko = None;
        self.push(Action::Setup(setup), next);
        Ok(())
    }

    /// Sets who moves next (SGF `PL`).
    pub fn set_to_play(&mut self, color: Color) {
        self.state.to_play = color;
    }

    fn push(&mut self, action: Action, next: State) {
        let previous = std::mem::replace(&mut self.state, next);
        self.history.push((action, previous));
    }

    /// Takes back the last action (move, pass, handicap stone or setup).
    pub fn undo(&mut self) -> Result<Action> {
        let (action, previous) = self.history.pop().ok_or_else(|| {
            Error::new(
                ErrorKind::IllegalMove,
                "nothing to undo: the game is at its start",
            )
        })?;
        self.state = previous;
        Ok(action)
    }

    /// The position with `dead` stones marked, and the options that score it: ruleset,
    /// komi, captures, handicap, passes and who played last.
    pub fn score_options(&self, dead: &[(i64, i64)]) -> Result<(Position, ScoreOptions)> {
        let position = Position::new(self.state.board.clone(), dead)?;
        let options = ScoreOptions {
            rules: self.rules,
            komi: Some(self.komi),
            captures: self.state.captures,
            handicap: self.handicap,
            passes: self.state.passes,
            last_to_play: self.state.last_to_play,
            ..ScoreOptions::default()
        };
        Ok((position, options))
    }
}

/// Whether the chain through `p` has at least one liberty; stops at the first one found.
trait AddTo {
    fn add(&mut self, color: Color, n: u32);
}

impl AddTo for PerColor<u32> {
    fn add(&mut self, color: Color, n: u32) {
        match color {
            Color::Black => self.black += n,
            Color::White => self.white += n,
        }
    }
}
