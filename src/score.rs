//! Scoring: territory counting and area counting of one position under one ruleset, the
//! official result, and why the two counts differ (MtnViewMark's algebra of territory and area
//! scores, Sensei's Library, "MtnViewMark/Thinking About Scoring").

use crate::board::{Color, Point};
use crate::error::{Error, ErrorKind, Number, Result};
use crate::life::{analyze_with_regions, LifeAnalysis};
use crate::position::Position;
use crate::regions::{empty_regions_of, RegionMap, NO_REGION};
use crate::rules::{CountingMethod, HandicapCompensation, Ruleset};
use serde::Serialize;
use tsify::Tsify;

/// A pair of values, one per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Tsify)]
pub struct PerColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T: Copy> PerColor<T> {
    /// The value of `color`.
    pub fn get(&self, color: Color) -> T {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// Everything about the game besides the position that scoring needs.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreOptions {
    /// The ruleset.
    pub rules: Ruleset,
    /// Komi; `None` takes the ruleset's default for the handicap.
    pub komi: Option<f64>,
    /// Stones captured during play, by Black and by White.
    pub captures: PerColor<u32>,
    /// Handicap stones Black placed (0 or 1: an even game).
    pub handicap: u32,
    /// Overrides the ruleset's handicap compensation.
    pub handicap_compensation: Option<HandicapCompensation>,
    /// Passes each side made, final ones included.
    pub passes: PerColor<u32>,
    /// Who made the game's last move or pass, when known.
    pub last_to_play: Option<Color>,
    /// Territory rules: count false eyes that must be filled as points anyway.
    pub score_false_eyes: bool,
    /// Territory rules: count every empty region bordered by one colour only as its
    /// territory, points in seki and false eyes included (as some servers count).
    pub plain_territory: bool,
}

impl Default for ScoreOptions {
    fn default() -> ScoreOptions {
        ScoreOptions {
            rules: Ruleset::Japanese,
            komi: None,
            captures: PerColor::default(),
            handicap: 0,
            handicap_compensation: None,
            passes: PerColor::default(),
            last_to_play: None,
            score_false_eyes: false,
            plain_territory: false,
        }
    }
}

/// One side's count under one method. Fields that a method does not use are 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SideScore {
    /// Empty points (and points under dead stones) counted as this side's territory.
    pub territory: u32,
    /// Own living stones on the board (area counting only).
    pub stones: u32,
    /// Opponent stones captured in play plus opponent dead stones (territory counting only).
    pub prisoners: u32,
    /// Komi (White only).
    pub komi: f64,
    /// Points for Black's handicap stones (White only, area counting only).
    pub handicap_compensation: u32,
    /// AGA: one prisoner for each pass the opponent made (territory counting only).
    pub pass_stones: u32,
    /// Ing: half a point for each unfillable neutral point: an empty point nobody owns that
    /// is a liberty of a group in seki (area counting only).
    pub neutral_share: f64,
    /// The sum of the fields above.
    pub total: f64,
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// Black won.
    Black,
    /// White won.
    White,
    /// Equal totals and the ruleset gives ties to nobody.
    Draw,
}

impl Winner {
    /// `'black'`, `'white'` or `'draw'`, as in the JS API.
    pub fn name(self) -> &'static str {
        match self {
            Winner::Black => "black",
            Winner::White => "white",
            Winner::Draw => "draw",
        }
    }
}

/// Both sides' counts under one method, and the outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
pub struct MethodScore {
    /// Black's count.
    pub black: SideScore,
    /// White's count.
    pub white: SideScore,
    /// Black's total minus White's: positive when Black is ahead.
    pub margin: f64,
    /// Who won by this count.
    pub winner: Winner,
    /// The result in SGF style: `B+3.5`, `W+4`, `Draw`.
    pub result: String,
}

/// Area margin minus territory margin, split into the terms of MtnViewMark's identity
/// `Sc − Sj = P + H + (Wz − Bz)` and the rule adjustments that each method adds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Difference {
    /// Area margin minus territory margin.
    pub total: f64,
    /// P: 1 when Black made the last move or pass (Black has one more stone on the board).
    pub last_to_play: f64,
    /// H: handicap stones after the first (placed without a White reply).
    pub handicap: f64,
    /// Wz − Bz: White's passes minus Black's (each pass is a move that leaves no stone).
    pub passes: f64,
    /// Minus the handicap compensation area counting gives White.
    pub compensation: f64,
    /// Minus the pass stones' effect on territory counting (AGA).
    pub pass_stones: f64,
    /// What the identity does not cover: seki, false eyes, unfilled dame, positions not
    /// reached by the recorded moves.
    pub other: f64,
}

/// The full score of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// The ruleset scored under.
    pub rules: Ruleset,
    /// The komi used.
    pub komi: f64,
    /// How the ruleset officially counts.
    pub method: CountingMethod,
    /// Territory (Japanese-style) counting.
    pub territory: MethodScore,
    /// Area (Chinese-style) counting.
    pub area: MethodScore,
    /// Owner per point under the official method: `1`, `-1` or `0`.
    pub ownership: Vec<i8>,
    /// Why the two counts differ.
    pub difference: Difference,
}

impl Score {
    /// The count of the ruleset's official method.
    pub fn official(&self) -> &MethodScore {
        match self.method {
            CountingMethod::Territory => &self.territory,
            CountingMethod::Area => &self.area,
        }
    }
}

/// Refuses dead stones under rules without a dead-stone agreement (Tromp-Taylor).
pub fn check_dead_marks(rules: Ruleset, position: &Position) -> Result<()> {
    if rules.conventions().dead_marks_allowed || !position.has_dead() {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::InvalidOption,
        format!(
            "{rules} rules have no dead-stone agreement: capture the stones in play instead of marking them dead"
        ),
    ))
}

/// Checks komi: finite and a multiple of 0.5.
pub fn validate_komi(komi: f64) -> Result<f64> {
    if !komi.is_finite() {
        return Err(Error::new(ErrorKind::InvalidOption, "komi must be finite"));
    }
    if (komi * 2.0).fract() != 0.0 {
        return Err(Error::new(
            ErrorKind::InvalidOption,
            format!("komi must be a multiple of 0.5, got {}", Number(komi)),
        ));
    }
    Ok(komi)
}

/// Scores `position` under `options`: both methods, the official result, the ownership map
/// and the difference between the methods.
pub fn score(position: &Position, options: &ScoreOptions) -> Result<Score> {
    score_with_owners(position, options).map(|(score, _)| score)
}

/// Who owns each point as scoring sees it, for callers that need more than the totals
/// (the counting procedures).
pub struct PointOwners {
    /// The empty regions once the dead stones are off.
    pub regions: RegionMap,
    /// The life analysis, when the ruleset's counts depend on it (territory rules, Ing).
    pub life: Option<LifeAnalysis>,
    /// Territory owner per point under territory counting (points under dead stones
    /// included; seki, dame and false eyes `None` where the ruleset says so).
    pub territory: Vec<Option<Color>>,
}

impl PointOwners {
    /// The owners of `position`'s points under `options`' ruleset.
    pub fn new(position: &Position, options: &ScoreOptions) -> PointOwners {
        let conventions = options.rules.conventions();
        let seki_territory = conventions.seki_territory || options.plain_territory;
        let regions = empty_regions_of(position);
        // Life analysis (seki, false eyes) only changes territory rules' counts and Ing's
        // seki half points; a territory count of sole-border ownership (area rules, plain
        // counting) does without it.
        let needs_life = !seki_territory || conventions.seki_half_points;
        let life = needs_life.then(|| analyze_with_regions(position, &regions));
        let territory = (0..position.board().len())
            .map(|p| match &life {
                Some(life) => {
                    life.territory_owner(&regions, p, seki_territory, options.score_false_eyes)
                }
                None => regions.owner(p),
            })
            .collect();
        PointOwners {
            regions,
            life,
            territory,
        }
    }
}

/// As [`score`], also giving the [`PointOwners`] the score was counted from.
pub fn score_with_owners(
    position: &Position,
    options: &ScoreOptions,
) -> Result<(Score, PointOwners)> {
    let conventions = options.rules.conventions();
    let komi = validate_komi(
        options
            .komi
            .unwrap_or_else(|| conventions.komi_for(options.handicap)),
    )?;
    let board = position.board();
    if options.handicap as usize > board.len() {
        return Err(Error::new(
            ErrorKind::InvalidOption,
            format!(
                "handicap {} is more than the {} points of the board",
                options.handicap,
                board.len()
            ),
        ));
    }
    check_dead_marks(options.rules, position)?;
    let owners = PointOwners::new(position, options);
    let (regions, life) = (&owners.regions, &owners.life);
    let compensation = options
        .handicap_compensation
        .unwrap_or(conventions.handicap_compensation)
        .points(options.handicap);

    let mut territory_side = [SideScore::default(); 2];
    let mut area_side = [SideScore::default(); 2];
    let mut territory_ownership = vec![0i8; board.len()];
    let mut area_ownership = vec![0i8; board.len()];
    for p in 0..board.len() {
        if let Some(owner) = owners.territory[p] {
            territory_side[owner.index()].territory += 1;
            territory_ownership[p] = owner.sign();
        }
        let living = position.living(p);
        if let Some(owner) = living.or_else(|| regions.owner(p)) {
            area_ownership[p] = owner.sign();
            if living.is_some() {
                area_side[owner.index()].stones += 1;
            } else {
                area_side[owner.index()].territory += 1;
            }
        }
    }
    let neutral_in_seki = match life {
        Some(life) if conventions.seki_half_points => {
            count_neutral_seki_points(position, regions, life)
        }
        _ => 0,
    };
    for color in Color::BOTH {
        let opponent = color.opponent();
        let t = &mut territory_side[color.index()];
        t.prisoners = options.captures.get(color) + position.dead_count(opponent);
        if conventions.pass_stones {
            t.pass_stones = options.passes.get(opponent);
        }
        let a = &mut area_side[color.index()];
        a.neutral_share = 0.5 * neutral_in_seki as f64;
        if color == Color::White {
            t.komi = komi;
            a.komi = komi;
            a.handicap_compensation = compensation;
        }
    }
    for side in territory_side.iter_mut().chain(area_side.iter_mut()) {
        side.total = (side.territory
            + side.stones
            + side.prisoners
            + side.handicap_compensation
            + side.pass_stones) as f64
            + side.komi
            + side.neutral_share;
    }
    let tie_winner = conventions.tie_winner;
    let territory = method_score(territory_side, tie_winner);
    let area = method_score(area_side, tie_winner);

    let last_to_play = f64::from(u8::from(options.last_to_play == Some(Color::Black)));
    let handicap = options.handicap.saturating_sub(1) as f64;
    let passes = options.passes.white as f64 - options.passes.black as f64;
    // Pass stones raise Black's territory margin by Black's minus White's; written as White's
    // minus Black's so that no term is `-0`.
    let pass_stones = territory_side[1].pass_stones as f64 - territory_side[0].pass_stones as f64;
    let total = area.margin - territory.margin;
    let compensation = 0.0 - compensation as f64; // `0.0 - x`: never `-0`
    let difference = Difference {
        total,
        last_to_play,
        handicap,
        passes,
        compensation,
        pass_stones,
        other: total - (last_to_play + handicap + passes + compensation + pass_stones),
    };
    let ownership = match conventions.method {
        CountingMethod::Territory => territory_ownership,
        CountingMethod::Area => area_ownership,
    };
    let score = Score {
        rules: options.rules,
        komi,
        method: conventions.method,
        territory,
        area,
        ownership,
        difference,
    };
    Ok((score, owners))
}

/// Ing's unfillable neutral points: empty points nobody owns that are liberties of a living
/// group in seki. Filling one would put the seki at risk; other dame, even in the same
/// stretch, can be filled before counting and earn nothing.
fn count_neutral_seki_points(position: &Position, regions: &RegionMap, life: &LifeAnalysis) -> u32 {
    (0..position.board().len())
        .filter(|&p| is_unfillable_neutral(position, regions, life, p))
        .count() as u32
}

/// Whether `p` is one of Ing's unfillable neutral points (see [`SideScore::neutral_share`]):
/// empty once the dead stones are off, owned by nobody, and a liberty of a living group in
/// seki. `regions` are the empty regions of the cleared board, `life` its analysis.
pub fn is_unfillable_neutral(
    position: &Position,
    regions: &RegionMap,
    life: &LifeAnalysis,
    p: Point,
) -> bool {
    regions.region_of[p] != NO_REGION
        && regions.owner(p).is_none()
        && position
            .board()
            .neighbors(p)
            .any(|n| position.living(n).is_some() && life.seki[n].is_some())
}

fn method_score(sides: [SideScore; 2], tie_winner: Option<Color>) -> MethodScore {
    let [black, white] = sides;
    let margin = black.total - white.total;
    let (winner, result) = outcome(margin, tie_winner);
    MethodScore {
        black,
        white,
        margin,
        winner,
        result,
    }
}

/// Who wins by `margin` (Black's count minus White's) and the result in SGF style: `B+3.5`,
/// `W+4`, or `Draw`; a tie goes to `tie_winner` if the ruleset names one (Ing: `B+0`).
pub fn outcome(margin: f64, tie_winner: Option<Color>) -> (Winner, String) {
    let winner = if margin > 0.0 {
        Winner::Black
    } else if margin < 0.0 {
        Winner::White
    } else {
        match tie_winner {
            Some(Color::Black) => Winner::Black,
            Some(Color::White) => Winner::White,
            None => Winner::Draw,
        }
    };
    let result = match winner {
        Winner::Black => format!("B+{}", HalfPoints(margin.abs())),
        Winner::White => format!("W+{}", HalfPoints(margin.abs())),
        Winner::Draw => "Draw".to_string(),
    };
    (winner, result)
}

/// A margin as [`Number`] writes it (`3.5`, `4`), through integer formatting when it is a
/// whole or half number of ordinary size, the one case a score meets: faster still.
struct HalfPoints(f64);

impl std::fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let twice = self.0 * 2.0;
        if twice.fract() == 0.0 && twice.abs() < 1e15 {
            let twice = twice as i64;
            let sign = if self.0.is_sign_negative() { "-" } else { "" };
            let half = if twice % 2 != 0 { ".5" } else { "" };
            write!(f, "{sign}{}{half}", twice.unsigned_abs() / 2)
        } else {
            Number(self.0).fmt(f)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HalfPoints;
    use crate::error::Number;

    #[test]
    fn half_points_print_as_numbers_do() {
        let mut values = vec![0.0, -0.0, 0.5, 1e14, 1e15 + 0.5, 3e20, -7.5, 1234.5];
        values.extend((-400..400).map(|n| n as f64 / 2.0));
        values.extend((0..60).map(|k| 2f64.powi(k) + 0.5));
        for v in values {
            assert_eq!(HalfPoints(v).to_string(), Number(v).to_string(), "{v}");
        }
    }
}
