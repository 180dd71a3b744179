//! The rules themselves, for callers that show or apply them: `rulesets()` (each ruleset
//! and its conventions), `defaultKomi()` and `handicapPoints()`. Everything here reads
//! [`Ruleset::conventions`] and [`fixed_handicap`], so a page or a command line never keeps
//! a second copy of a komi table or a placement.

use super::decode::whole_number;
use super::score::Vertex;
use crate::board::Board;
use crate::error::Result;
use crate::game::{default_komi as komi_for, fixed_handicap};
use crate::rules::Ruleset;
use serde::Serialize;
use tsify::Tsify;

/// One ruleset and its conventions, as `rulesets()` lists them.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(rename = "RulesetInfo")]
pub struct RulesetInfo {
    /// The API name, as `rules` takes it: `'japanese'`, `'korean'`, `'chinese'`, `'aga'`,
    /// `'ing'`, `'nz'`, `'tromp-taylor'`.
    #[tsify(type = "Rules")]
    pub name: &'static str,
    /// The name people use, in English: `'Japanese'`, `'AGA'`, `'New Zealand'`, …
    pub label: &'static str,
    /// How the official result is counted.
    #[tsify(type = "'territory' | 'area'")]
    pub method: &'static str,
    /// Komi in an even game when none is named.
    pub default_komi: f64,
    /// Komi in a handicap game (2 stones or more) when none is named.
    pub handicap_komi: f64,
    /// Points White gets for Black's handicap stones in area counting: none, one per stone
    /// (`'n'`), or one per stone after the first (`'n-1'`).
    #[tsify(type = "'none' | 'n' | 'n-1'")]
    pub handicap_compensation: &'static str,
    /// Who wins when the totals are equal; `null`: a draw.
    #[tsify(type = "'black' | 'white' | null")]
    pub tie_winner: Option<&'static str>,
    /// Whether empty points enclosed by groups in seki count as territory in territory
    /// counting (not under Japanese and Korean rules).
    pub seki_territory: bool,
    /// Whether territory counting gives a prisoner to the opponent for every pass (AGA).
    pub pass_stones: bool,
    /// Whether each side gets half a point for every neutral point in seki that cannot be
    /// filled (Ing).
    pub seki_half_points: bool,
    /// Whether players may agree that stones on the board are dead (not under
    /// Tromp-Taylor, where every capture is made in play).
    pub dead_marks_allowed: bool,
    /// Whether a move may capture its own chain (of two stones or more; a lone stone with
    /// no liberty is never a legal move).
    pub suicide_allowed: bool,
    /// Which repetitions are forbidden: only the immediate retake of a single stone
    /// (`'simple'`), any earlier board position (`'positional-superko'`), or any earlier
    /// position with the same player to move (`'situational-superko'`).
    #[tsify(type = "'simple' | 'positional-superko' | 'situational-superko'")]
    pub ko: &'static str,
}

impl RulesetInfo {
    /// The conventions of `rules`.
    pub fn of(rules: Ruleset) -> RulesetInfo {
        let c = rules.conventions();
        RulesetInfo {
            name: rules.name(),
            label: rules.label(),
            method: c.method.name(),
            default_komi: c.default_komi,
            handicap_komi: c.handicap_komi,
            handicap_compensation: c.handicap_compensation.name(),
            tie_winner: c.tie_winner.map(|color| color.name()),
            seki_territory: c.seki_territory,
            pass_stones: c.pass_stones,
            seki_half_points: c.seki_half_points,
            dead_marks_allowed: c.dead_marks_allowed,
            suicide_allowed: c.suicide_allowed,
            ko: c.ko.name(),
        }
    }
}

/// `rulesets()`: every ruleset, in the order the API documents them (the default,
/// Japanese, first).
pub fn rulesets() -> Vec<RulesetInfo> {
    Ruleset::ALL.into_iter().map(RulesetInfo::of).collect()
}

/// Far above any real handicap; a larger number is an error, not a slow answer.
const HANDICAP_LIMIT: u32 = 1_000_000;

/// `defaultKomi(rules, handicap)`: the komi a game under `rules` gets when none is named,
/// which depends on the handicap (2 stones or more: the ruleset's handicap komi).
pub fn default_komi(rules: &str, handicap: Option<f64>) -> Result<f64> {
    let rules = rules.parse::<Ruleset>()?;
    let handicap = match handicap {
        Some(h) => whole_number("handicap", h, HANDICAP_LIMIT)?,
        None => 0,
    };
    Ok(komi_for(rules, handicap))
}

/// `handicapPoints(width, height, count)`: where `count` handicap stones go on a board
/// of that size, in the order they are placed; `None` where there is no fixed placement
/// ([`fixed_handicap`] says which boards and counts have one).
pub fn handicap_points(width: f64, height: f64, count: f64) -> Result<Option<Vec<Vertex>>> {
    let width = whole_number("width", width, HANDICAP_LIMIT)? as usize;
    let height = whole_number("height", height, HANDICAP_LIMIT)? as usize;
    // The board's own check and message for a size it does not have.
    Board::new(width, height)?;
    let count = whole_number("count", count, HANDICAP_LIMIT)?;
    Ok(fixed_handicap(width, height, count)
        .map(|points| points.into_iter().map(|(x, y)| [x, y]).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_unions_name_every_ruleset_and_server() {
        let union = |name: &str, values: &mut dyn Iterator<Item = &str>| {
            let quoted: Vec<String> = values.map(|v| format!("'{v}'")).collect();
            format!("export type {name} = {};", quoted.join(" | "))
        };
        let rulesets = &mut Ruleset::ALL.iter().map(|r| r.name());
        assert_eq!(crate::api::RULES_TYPE, union("Rules", rulesets));
        let servers = &mut crate::servers::Server::ALL.iter().map(|s| s.name());
        assert_eq!(crate::api::SERVER_TYPE, union("Server", servers));
    }

    #[test]
    fn every_ruleset_with_its_conventions() {
        let all = rulesets();
        let names: Vec<&str> = all.iter().map(|r| r.name).collect();
        assert_eq!(
            names,
            [
                "japanese",
                "korean",
                "chinese",
                "aga",
                "ing",
                "nz",
                "tromp-taylor"
            ]
        );
        let nz = &all[5];
        assert_eq!(
            (nz.label, nz.method, nz.default_komi, nz.handicap_komi),
            ("New Zealand", "area", 7.0, 0.5)
        );
        assert!(nz.suicide_allowed && nz.dead_marks_allowed);
        assert_eq!(nz.ko, "situational-superko");
        let japanese = &all[0];
        assert_eq!(
            (japanese.method, japanese.ko, japanese.handicap_compensation),
            ("territory", "simple", "none")
        );
        assert!(!japanese.suicide_allowed && !japanese.seki_territory);
        assert_eq!(all[4].tie_winner, Some("black"), "Ing gives ties to Black");
        assert_eq!(all[3].handicap_compensation, "n-1");
        assert!(all[3].pass_stones);
        assert!(all[4].seki_half_points);
        assert!(!all[6].dead_marks_allowed && all[6].suicide_allowed);
    }

    #[test]
    fn default_komi_by_ruleset_and_handicap() {
        assert_eq!(default_komi("japanese", None).unwrap(), 6.5);
        assert_eq!(default_komi("ing", Some(1.0)).unwrap(), 8.0);
        assert_eq!(default_komi("chinese", Some(2.0)).unwrap(), 0.5);
        assert_eq!(default_komi("New Zealand", Some(0.0)).unwrap(), 7.0);
        let err = default_komi("go", None).unwrap_err();
        assert!(err.message().starts_with("unknown rules \"go\""));
        let err = default_komi("aga", Some(2.5)).unwrap_err();
        assert_eq!(
            err.message(),
            "handicap must be a whole number ≥ 0, got 2.5"
        );
    }

    #[test]
    fn handicap_points_are_the_fixed_placement() {
        assert_eq!(
            handicap_points(19.0, 19.0, 3.0).unwrap(),
            Some(vec![[15, 3], [3, 15], [15, 15]])
        );
        assert_eq!(handicap_points(19.0, 19.0, 10.0).unwrap(), None);
        assert_eq!(handicap_points(6.0, 6.0, 2.0).unwrap(), None);
        let err = handicap_points(53.0, 19.0, 2.0).unwrap_err();
        assert_eq!(err.message(), "board width is 53; it must be 1 … 52");
        let err = handicap_points(19.0, 0.0, 2.0).unwrap_err();
        assert_eq!(err.message(), "board height is 0; it must be 1 … 52");
        let err = handicap_points(19.0, 19.0, -1.0).unwrap_err();
        assert_eq!(err.message(), "count must be a whole number ≥ 0, got -1");
    }
}
