//! Rulesets and their conventions, all in one place: a reader asking "how does AGA differ?"
//! finds the answer in [`Ruleset::conventions`].

use crate::board::Color;
use crate::error::{Error, ErrorKind, Quoted, Result};
use std::fmt;
use std::str::FromStr;

/// A ruleset people actually play by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// Japanese (Nihon Ki-in 1989): territory counting, no territory in seki. The default.
    #[default]
    Japanese,
    /// Korean: as Japanese for scoring.
    Korean,
    /// Chinese: area counting, handicap compensation N.
    Chinese,
    /// American Go Association: area counting with N − 1 compensation, pass stones.
    Aga,
    /// Ing (SST): area counting, komi 8, ties go to Black, half points in seki.
    Ing,
    /// New Zealand: area counting, suicide allowed.
    NewZealand,
    /// Tromp-Taylor: area counting, no dead-stone agreement.
    TrompTaylor,
}

/// How a ruleset counts the final position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountingMethod {
    /// Territory plus prisoners (Japanese-style).
    Territory,
    /// Stones plus territory (Chinese-style).
    Area,
}

impl CountingMethod {
    /// `"territory"` or `"area"`.
    pub fn name(self) -> &'static str {
        match self {
            CountingMethod::Territory => "territory",
            CountingMethod::Area => "area",
        }
    }
}

/// Points given to White in area counting for Black's handicap stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapCompensation {
    /// Nothing.
    None,
    /// One point per handicap stone.
    N,
    /// One point per handicap stone after the first.
    NMinusOne,
}

impl HandicapCompensation {
    /// The points White receives for `handicap` stones. A handicap of 1 (Black simply moves
    /// first) is no handicap and gets nothing under any rule.
    pub fn points(self, handicap: u32) -> u32 {
        if handicap < 2 {
            return 0;
        }
        match self {
            HandicapCompensation::None => 0,
            HandicapCompensation::N => handicap,
            HandicapCompensation::NMinusOne => handicap - 1,
        }
    }

    /// `"none"`, `"n"` or `"n-1"`.
    pub fn name(self) -> &'static str {
        match self {
            HandicapCompensation::None => "none",
            HandicapCompensation::N => "n",
            HandicapCompensation::NMinusOne => "n-1",
        }
    }
}

impl FromStr for HandicapCompensation {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "0" => Ok(HandicapCompensation::None),
            "n" => Ok(HandicapCompensation::N),
            "n-1" | "n - 1" => Ok(HandicapCompensation::NMinusOne),
            _ => Err(Error::new(
                ErrorKind::InvalidOption,
                format!(
                    "unknown handicapCompensation {}; expected 'none', 'n' or 'n-1'",
                    Quoted(s)
                ),
            )),
        }
    }
}

/// Which repetitions a ruleset forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone.
    Simple,
    /// No move may recreate an earlier board position.
    PositionalSuperko,
    /// No move may recreate an earlier position with the same player to move.
    SituationalSuperko,
}

impl KoRule {
    /// `"simple"`, `"positional-superko"` or `"situational-superko"`.
    pub fn name(self) -> &'static str {
        match self {
            KoRule::Simple => "simple",
            KoRule::PositionalSuperko => "positional-superko",
            KoRule::SituationalSuperko => "situational-superko",
        }
    }
}

/// The conventions of one ruleset, as plain data.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Conventions {
    /// How the official result is counted.
    pub method: CountingMethod,
    /// Komi in an even game when the caller gives none.
    pub default_komi: f64,
    /// Komi in a handicap game (2 stones or more) when the caller gives none: half a point,
    /// to avoid draws, under every ruleset here; compensation is applied on top of it.
    pub handicap_komi: f64,
    /// Points to White for handicap stones, in area counting.
    pub handicap_compensation: HandicapCompensation,
    /// Who wins when the totals are equal; `None` means a draw.
    pub tie_winner: Option<Color>,
    /// Whether empty points enclosed by groups in seki count as territory in territory
    /// counting (Japanese and Korean rules say no; area rules count them as area anyway).
    pub seki_territory: bool,
    /// Whether territory counting adds a prisoner to the opponent for every pass (AGA),
    /// which makes it agree with area counting when White passes last.
    pub pass_stones: bool,
    /// Whether each side gets half a point for every neutral point in seki that cannot be
    /// filled (Ing).
    pub seki_half_points: bool,
    /// Whether players may agree that stones on the board are dead (Tromp-Taylor: no, every
    /// capture is made in play).
    pub dead_marks_allowed: bool,
    /// Whether a move that captures its own chain is legal.
    pub suicide_allowed: bool,
    /// Which repetitions are forbidden.
    pub ko: KoRule,
}

impl Conventions {
    /// The komi for a game with `handicap` stones when the caller names none.
    pub fn komi_for(&self, handicap: u32) -> f64 {
        if handicap >= 2 {
            self.handicap_komi
        } else {
            self.default_komi
        }
    }
}

impl Ruleset {
    /// Every ruleset, in the order the API documents them.
    pub const ALL: [Ruleset; 7] = [
        Ruleset::Japanese,
        Ruleset::Korean,
        Ruleset::Chinese,
        Ruleset::Aga,
        Ruleset::Ing,
        Ruleset::NewZealand,
        Ruleset::TrompTaylor,
    ];

    /// The API name: `japanese`, `korean`, `chinese`, `aga`, `ing`, `nz`, `tromp-taylor`.
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::Japanese => "japanese",
            Ruleset::Korean => "korean",
            Ruleset::Chinese => "chinese",
            Ruleset::Aga => "aga",
            Ruleset::Ing => "ing",
            Ruleset::NewZealand => "nz",
            Ruleset::TrompTaylor => "tromp-taylor",
        }
    }

    /// The name people use, in English: `Japanese`, `Korean`, `Chinese`, `AGA`, `Ing`,
    /// `New Zealand`, `Tromp-Taylor`.
    pub fn label(self) -> &'static str {
        match self {
            Ruleset::Japanese => "Japanese",
            Ruleset::Korean => "Korean",
            Ruleset::Chinese => "Chinese",
            Ruleset::Aga => "AGA",
            Ruleset::Ing => "Ing",
            Ruleset::NewZealand => "New Zealand",
            Ruleset::TrompTaylor => "Tromp-Taylor",
        }
    }

    /// The ruleset's conventions. Every difference between rulesets is written here.
    pub fn conventions(self) -> Conventions {
        // Japanese is the base; each other ruleset states only what it changes.
        let japanese = Conventions {
            method: CountingMethod::Territory,
            default_komi: 6.5,
            handicap_komi: 0.5,
            handicap_compensation: HandicapCompensation::None,
            tie_winner: None,
            seki_territory: false,
            pass_stones: false,
            seki_half_points: false,
            dead_marks_allowed: true,
            suicide_allowed: false,
            ko: KoRule::Simple,
        };
        let area = Conventions {
            method: CountingMethod::Area,
            default_komi: 7.5,
            seki_territory: true,
            ko: KoRule::PositionalSuperko,
            ..japanese
        };
        match self {
            Ruleset::Japanese | Ruleset::Korean => japanese,
            Ruleset::Chinese => Conventions {
                handicap_compensation: HandicapCompensation::N,
                ..area
            },
            Ruleset::Aga => Conventions {
                handicap_compensation: HandicapCompensation::NMinusOne,
                pass_stones: true,
                ko: KoRule::SituationalSuperko,
                ..area
            },
            Ruleset::Ing => Conventions {
                default_komi: 8.0,
                tie_winner: Some(Color::Black),
                seki_half_points: true,
                ..area
            },
            Ruleset::NewZealand => Conventions {
                default_komi: 7.0,
                suicide_allowed: true,
                ko: KoRule::SituationalSuperko,
                ..area
            },
            Ruleset::TrompTaylor => Conventions {
                dead_marks_allowed: false,
                suicide_allowed: true,
                ..area
            },
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Ruleset {
    type Err = Error;

    /// Accepts the API names and the spellings SGF files and servers use (`Japanese`,
    /// `J1989`, `GOE`, `New Zealand`, `TT`, …), case-insensitively.
    fn from_str(s: &str) -> Result<Ruleset> {
        let key: String = s
            .trim()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        let ruleset = match key.as_str() {
            "japanese" | "jp" | "j1989" | "nihonkiin" | "jpn" => Ruleset::Japanese,
            "korean" | "ko" | "kr" | "kor" => Ruleset::Korean,
            "chinese" | "cn" | "china" | "chn" | "c1988" => Ruleset::Chinese,
            "aga" | "american" | "bga" => Ruleset::Aga,
            "ing" | "goe" | "sst" | "ingsst" => Ruleset::Ing,
            "nz" | "newzealand" => Ruleset::NewZealand,
            "tromptaylor" | "tt" => Ruleset::TrompTaylor,
            _ => {
                return Err(Error::new(
                    ErrorKind::InvalidOption,
                    format!(
                        "unknown rules {}; expected one of japanese, korean, chinese, aga, ing, nz, tromp-taylor",
                        Quoted(s)
                    ),
                ))
            }
        };
        Ok(ruleset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for rules in Ruleset::ALL {
            assert_eq!(rules.name().parse::<Ruleset>().unwrap(), rules);
            assert_eq!(rules.to_string(), rules.name());
        }
    }

    #[test]
    fn labels_read_back_as_their_ruleset() {
        for rules in Ruleset::ALL {
            assert_eq!(rules.label().parse::<Ruleset>().unwrap(), rules);
        }
    }

    #[test]
    fn unknown_names_are_errors() {
        // Common spellings are read from SGF `RU` values in tests/sgf.rs.
        let err = "go".parse::<Ruleset>().unwrap_err();
        assert!(err.message().starts_with("unknown rules \"go\""));
    }

    #[test]
    fn table_of_the_rulesets_issue() {
        use CountingMethod::*;
        use HandicapCompensation as H;
        let expected = [
            (Ruleset::Japanese, Territory, 6.5, H::None, None),
            (Ruleset::Korean, Territory, 6.5, H::None, None),
            (Ruleset::Chinese, Area, 7.5, H::N, None),
            (Ruleset::Aga, Area, 7.5, H::NMinusOne, None),
            (Ruleset::Ing, Area, 8.0, H::None, Some(Color::Black)),
            (Ruleset::NewZealand, Area, 7.0, H::None, None),
            (Ruleset::TrompTaylor, Area, 7.5, H::None, None),
        ];
        for (rules, method, komi, comp, tie) in expected {
            let c = rules.conventions();
            assert_eq!(
                (
                    c.method,
                    c.default_komi,
                    c.handicap_compensation,
                    c.tie_winner
                ),
                (method, komi, comp, tie),
                "{rules}"
            );
        }
        assert!(!Ruleset::TrompTaylor.conventions().dead_marks_allowed);
        assert!(Ruleset::Aga.conventions().pass_stones);
    }

    #[test]
    fn compensation_points() {
        assert_eq!(HandicapCompensation::N.points(9), 9);
        assert_eq!(HandicapCompensation::NMinusOne.points(9), 8);
        assert_eq!(HandicapCompensation::N.points(1), 0);
        assert_eq!(HandicapCompensation::None.points(4), 0);
    }
}
