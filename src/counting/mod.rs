//! Counting procedures as data: the steps players and referees take to count a
//! finished game by hand (Japanese, Ing and Chinese counting), each step a full snapshot of
//! the board and of both sides' tallies, ending on the same margin as [`score`](crate::score::score).
//!
//! Nothing here decides who owns what: the points, prisoners, seki and dame come from
//! [`score`](crate::score::score) and the life analysis it uses, under the ruleset's conventions. This module
//! only moves stones the way the counting methods do. See docs/counting.md.

mod blocks;
mod chinese;
mod ing;
mod japanese;

use crate::board::{sign_of, Board, Color, Point};
use crate::error::{Error, ErrorKind, Quoted, Result};
use crate::position::Position;
use crate::rules::Ruleset;
use crate::score::{
    is_unfillable_neutral, outcome, score_with_owners, Score, ScoreOptions, Winner,
};
use serde::Serialize;
use std::str::FromStr;

pub use blocks::{pack, Packing};

/// A way of counting a finished game by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Fill prisoners into territory, rearrange into tens and fives, count (Sensei's
    /// Library, "Japanese Counting").
    Japanese,
    /// Fill territory from bowls of a fixed number of stones, count what is left (Sensei's
    /// Library, "Ing Counting").
    Ing,
    /// Count one side's stones and territory against half the board.
    Chinese,
}

impl Method {
    /// Every method.
    pub const ALL: [Method; 3] = [Method::Japanese, Method::Ing, Method::Chinese];

    /// `"japanese"`, `"ing"` or `"chinese"`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Japanese => "japanese",
            Method::Ing => "ing",
            Method::Chinese => "chinese",
        }
    }

    /// The method players of `rules` count with: Japanese for territory rulesets, Ing for
    /// Ing rules, Chinese for the other area rulesets.
    pub fn default_for(rules: Ruleset) -> Method {
        match (rules, rules.conventions().method) {
            (Ruleset::Ing, _) => Method::Ing,
            (_, crate::rules::CountingMethod::Territory) => Method::Japanese,
            (_, crate::rules::CountingMethod::Area) => Method::Chinese,
        }
    }
}

impl FromStr for Method {
    type Err = Error;
    fn from_str(s: &str) -> Result<Method> {
        match s.trim().to_ascii_lowercase().as_str() {
            "japanese" => Ok(Method::Japanese),
            "ing" => Ok(Method::Ing),
            "chinese" => Ok(Method::Chinese),
            _ => Err(Error::new(
                ErrorKind::InvalidOption,
                format!(
                    "unknown counting method {}; expected 'japanese', 'ing' or 'chinese'",
                    Quoted(s)
                ),
            )),
        }
    }
}

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// The position as given.
    Start,
    /// Dead stones taken off (to the lids, or back to the bowls under Ing).
    RemoveDead,
    /// Japanese: prisoners put into the territory of their own colour.
    FillPrisoners,
    /// Japanese: territories regrouped into rectangles of ten and five.
    Rearrange,
    /// Japanese: the empty points counted; Ing: the stones and points left over counted.
    Count,
    /// Komi added to White.
    Komi,
    /// The result.
    Result,
    /// Ing: White's komi placed as stones in Black's territory.
    KomiStones,
    /// Ing: each side fills its territory from its bowl.
    Fill,
    /// Ing: half points for the unfillable neutral points in seki.
    Neutral,
    /// Chinese: Black's stones and territory counted against half the board.
    CountArea,
}

impl StepKind {
    /// The contract's name: `start`, `remove-dead`, `fill-prisoners`, `rearrange`, `count`,
    /// `komi`, `result`, `komi-stones`, `fill`, `neutral`, `count-area`.
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Start => "start",
            StepKind::RemoveDead => "remove-dead",
            StepKind::FillPrisoners => "fill-prisoners",
            StepKind::Rearrange => "rearrange",
            StepKind::Count => "count",
            StepKind::Komi => "komi",
            StepKind::Result => "result",
            StepKind::KomiStones => "komi-stones",
            StepKind::Fill => "fill",
            StepKind::Neutral => "neutral",
            StepKind::CountArea => "count-area",
        }
    }
}

/// Every number a view may show for one side at one step. `total` is always the sum of the
/// fields that the method counts (see [`Tally::sum`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Tally {
    /// Empty points of own territory on the board (Chinese: of own area, i.e. not stones).
    pub territory: u32,
    /// Japanese: opponent stones held in the lid and not yet filled in.
    pub prisoners: u32,
    /// This colour's stones on the board.
    pub on_board: u32,
    /// Ing: stones left in the bowl; else 0.
    pub bowl: u32,
    /// Komi credited as points (White; Black 0). Ing: only the part not placed as stones.
    pub komi: f64,
    /// Ing: stones this side placed in the opponent's territory as komi.
    pub komi_stones: u32,
    /// Area methods: points for Black's handicap stones credited (White; Black 0).
    pub compensation: u32,
    /// Ing: half a point per unfillable neutral point in seki. Chinese: half of the points
    /// nobody owns (dame), the referees' split.
    pub neutral_share: f64,
    /// The side's running count at this step.
    pub total: f64,
}

impl Tally {
    /// The total the method counts: territory, prisoners and komi (Japanese); stones on the
    /// board, territory, neutral share, komi points and compensation (Ing, Chinese).
    pub fn sum(&self, method: Method) -> f64 {
        match method {
            Method::Japanese => (self.territory + self.prisoners) as f64 + self.komi,
            Method::Ing | Method::Chinese => {
                (self.on_board + self.territory + self.compensation) as f64
                    + self.neutral_share
                    + self.komi
            }
        }
    }
}

/// One step of a counting procedure: a full snapshot.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// What the step does.
    pub kind: StepKind,
    /// Stones on the board per point: 1 black, −1 white, 0 empty.
    pub board: Vec<i8>,
    /// Points being counted: 1 Black's, −1 White's, 0 none.
    pub shade: Vec<i8>,
    /// Rectangle id per point (> 0) for points counted together, else 0.
    pub blocks: Vec<u32>,
    /// Points whose content differs from the previous step, in reading order.
    pub changed: Vec<Point>,
    /// Points this step is about beyond `changed` (Ing: the unfillable neutral points), in
    /// reading order.
    pub focus: Vec<Point>,
    /// Black's tally.
    pub black: Tally,
    /// White's tally.
    pub white: Tally,
}

/// A whole counting procedure and its outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Counting {
    /// The method.
    pub method: Method,
    /// The ruleset counted under (Ing counting is always under Ing rules).
    pub rules: Ruleset,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The komi.
    pub komi: f64,
    /// The steps, in order; the first is the position as given.
    pub steps: Vec<Step>,
    /// Black's total minus White's at the last step.
    pub margin: f64,
    /// Who wins by this count: by the margin, and on a tie the ruleset's tie winner (Ing:
    /// Black), else a draw.
    pub winner: Winner,
    /// The result in SGF style: `B+3.5`, `W+4`, `Draw`.
    pub result: String,
    /// The margin of [`score`](crate::score::score) this count equals: territory margin (Japanese), area margin
    /// under Ing rules (Ing), area margin (Chinese).
    pub score_margin: f64,
    /// Half the points of the board (Chinese counting's yardstick).
    pub half_board: f64,
    /// What Black's area count must exceed to win by Chinese counting: half the board plus
    /// half of komi and compensation. `margin = 2 × (Black's count − black_needs)`.
    pub black_needs: f64,
}

/// The counting procedure of `method` (default: the one `options.rules` is counted with)
/// for `position`. Fails where [`score`](crate::score::score) fails.
pub fn counting_steps(
    position: &Position,
    options: &ScoreOptions,
    method: Option<Method>,
) -> Result<Counting> {
    let method = method.unwrap_or_else(|| Method::default_for(options.rules));
    let options = match method {
        // Ing counting only makes sense with Ing's conventions (bowls, komi 8, half points).
        Method::Ing => ScoreOptions {
            rules: Ruleset::Ing,
            ..options.clone()
        },
        _ => options.clone(),
    };
    let facts = Facts::new(position, &options)?;
    let (steps, score_margin) = match method {
        Method::Japanese => (
            japanese::steps(position, &facts),
            facts.score.territory.margin,
        ),
        Method::Ing => (ing::steps(position, &facts), facts.score.area.margin),
        Method::Chinese => (chinese::steps(position, &facts), facts.score.area.margin),
    };
    let last = steps.last().expect("every procedure has steps");
    let margin = last.black.total - last.white.total;
    let board = position.board();
    let half_board = board.len() as f64 / 2.0;
    let compensation = facts.score.area.white.handicap_compensation as f64;
    Ok(Counting {
        method,
        rules: options.rules,
        width: board.width(),
        height: board.height(),
        komi: facts.score.komi,
        winner: outcome(margin, options.rules.conventions().tie_winner).0,
        result: result_text(margin, options.rules),
        steps,
        margin,
        score_margin,
        half_board,
        black_needs: half_board + (facts.score.komi + compensation) / 2.0,
    })
}

/// `B+3.5`, `W+4`, or `Draw` (a tie goes to the ruleset's tie winner, Ing: `B+0`).
fn result_text(margin: f64, rules: Ruleset) -> String {
    outcome(margin, rules.conventions().tie_winner).1
}

/// What every method takes from scoring: the score itself and who owns each point.
struct Facts {
    score: Score,
    /// Territory owner per point for territory counting (points under dead stones included;
    /// seki, dame and false eyes `None` where the ruleset says so).
    territory_owner: Vec<Option<Color>>,
    /// Owner of each empty point of the cleared board by area counting (sole border).
    area_owner: Vec<Option<Color>>,
    /// Ing's unfillable neutral points in seki (all false under other rulesets).
    neutral: Vec<bool>,
}

impl Facts {
    fn new(position: &Position, options: &ScoreOptions) -> Result<Facts> {
        let (score, owners) = score_with_owners(position, options)?;
        let conventions = options.rules.conventions();
        let (regions, life) = (&owners.regions, &owners.life);
        let len = position.board().len();
        let area_owner = (0..len).map(|p| regions.owner(p)).collect();
        let neutral = (0..len)
            .map(|p| match life {
                Some(life) if conventions.seki_half_points => {
                    is_unfillable_neutral(position, regions, life, p)
                }
                _ => false,
            })
            .collect();
        Ok(Facts {
            score,
            territory_owner: owners.territory,
            area_owner,
            neutral,
        })
    }
}

/// Collects steps, working out `changed` from the previous step's board.
struct Recorder {
    method: Method,
    steps: Vec<Step>,
}

impl Recorder {
    fn new(method: Method) -> Recorder {
        Recorder {
            method,
            steps: Vec::new(),
        }
    }

    /// Records a step; the tallies' totals are set from their fields.
    fn push(&mut self, kind: StepKind, board: &Board, view: View, black: Tally, white: Tally) {
        let signs: Vec<i8> = board.points().iter().map(|&s| sign_of(s)).collect();
        let changed = match self.steps.last() {
            Some(previous) => (0..signs.len())
                .filter(|&p| previous.board[p] != signs[p])
                .collect(),
            None => Vec::new(),
        };
        let mut tallies = [black, white];
        for tally in &mut tallies {
            tally.total = tally.sum(self.method);
        }
        let [black, white] = tallies;
        self.steps.push(Step {
            kind,
            board: signs,
            shade: view.shade,
            blocks: view.blocks,
            changed,
            focus: view.focus,
            black,
            white,
        });
    }

    fn finish(self) -> Vec<Step> {
        self.steps
    }
}

/// The layers a step shows over the board.
struct View {
    shade: Vec<i8>,
    blocks: Vec<u32>,
    focus: Vec<Point>,
}

impl View {
    /// Nothing shaded, no blocks, no focus.
    fn plain(len: usize) -> View {
        View {
            shade: vec![0; len],
            blocks: vec![0; len],
            focus: Vec::new(),
        }
    }

    /// Shades the empty points of `board` whose owner in `owner` is set.
    fn empty_owned(board: &Board, owner: &[Option<Color>]) -> View {
        let shade = (0..board.len())
            .map(|p| match board.get(p) {
                None => sign_of(owner[p]),
                Some(_) => 0,
            })
            .collect();
        View {
            shade,
            ..View::plain(board.len())
        }
    }
}

/// Empty points of `board` that `owner` gives to `color`.
fn empty_owned_by(board: &Board, owner: &[Option<Color>], color: Color) -> u32 {
    (0..board.len())
        .filter(|&p| board.get(p).is_none() && owner[p] == Some(color))
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn method_names_and_defaults() {
        for method in Method::ALL {
            assert_eq!(method.name().parse::<Method>().unwrap(), method);
        }
        assert_eq!(Method::default_for(Ruleset::Japanese), Method::Japanese);
        assert_eq!(Method::default_for(Ruleset::Korean), Method::Japanese);
        assert_eq!(Method::default_for(Ruleset::Ing), Method::Ing);
        assert_eq!(Method::default_for(Ruleset::Aga), Method::Chinese);
        assert_eq!(Method::default_for(Ruleset::TrompTaylor), Method::Chinese);
        let err = "french".parse::<Method>().unwrap_err();
        assert_eq!(
            err.message(),
            "unknown counting method \"french\"; expected 'japanese', 'ing' or 'chinese'"
        );
    }

    #[test]
    fn results_read_like_scoring() {
        assert_eq!(result_text(3.5, Ruleset::Japanese), "B+3.5");
        assert_eq!(result_text(-4.0, Ruleset::Chinese), "W+4");
        assert_eq!(result_text(0.0, Ruleset::Japanese), "Draw");
        assert_eq!(result_text(0.0, Ruleset::Ing), "B+0");
    }
}
