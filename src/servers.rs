//! Go servers and how each counts a finished game, all in one place beside the rulesets
//! ([`crate::rules`]): which server recorded a game, read from the record's header
//! ([`Server::detect`]), and where its count departs from the rules it names
//! ([`Server::counting`]). `docs/servers.md` gives the same table with its sources and what
//! the records in the repository confirm.
//!
//! A server is only ever read from what the record says about where it was played or
//! written (`PC`, `AP`, `CP`, `EV`, `US`, `GN`, `SO`); it is never guessed from the moves.

use crate::board::Point;
use crate::error::{Error, ErrorKind, Quoted, Result};
use crate::position::Position;
use crate::rules::Ruleset;
use crate::score::{score_with_owners, Score, ScoreOptions};
use std::fmt;

/// A server whose records go-score recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Server {
    /// OGS, online-go.com.
    Ogs,
    /// The KGS Go Server (gokgs.com).
    Kgs,
    /// Tygem Baduk.
    Tygem,
    /// Fox Weiqi (Yehu, foxwq.com).
    Fox,
    /// IGS / Pandanet.
    Igs,
    /// Dragon Go Server (dragongoserver.net).
    Dgs,
    /// The Computer Go Server (CGOS), for programs.
    Cgos,
    /// The No Name Go Server (NNGS), closed since 2005.
    Nngs,
    /// Tom Weiqi (weiqi.tom.com).
    Tom,
}

/// Where a server's count departs from the rules the record names. Every field at its
/// default (`ServerCounting::RULES`) means the server counts as the rules say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerCounting {
    /// Territory counting: false eyes that must be filled once the dame are filled are
    /// still counted as points (the rules count them for nobody).
    pub false_eyes_count: bool,
    /// Territory counting "plainly": every empty region bordered by one colour only is its
    /// territory, points in seki and false eyes included.
    pub plain_territory: bool,
    /// Every stone left on the board is alive and the count is by area (Tromp-Taylor):
    /// the server takes no dead stones off.
    pub all_stones_alive: bool,
}

impl ServerCounting {
    /// Counting exactly as the rules say.
    pub const RULES: ServerCounting = ServerCounting {
        false_eyes_count: false,
        plain_territory: false,
        all_stones_alive: false,
    };

    /// Whether the server counts as the rules say.
    pub fn is_rules(&self) -> bool {
        *self == ServerCounting::RULES
    }
}

/// Why a server's count of a point, or of the whole game, differs from the rules' count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A false eye that must be filled, which the server counts as territory.
    FalseEye,
    /// A point in seki, which the server counts as territory.
    Seki,
    /// A stone the rules' count takes off as dead, or a point it changes, which the server
    /// leaves as it is (every stone alive).
    Alive,
    /// The handicap compensation of area counting differs.
    Compensation,
    /// The server counts by another method (area instead of territory).
    Method,
}

impl Reason {
    /// `'false-eye'`, `'seki'`, `'alive'`, `'compensation'` or `'method'`, as in the JS API.
    pub fn name(self) -> &'static str {
        match self {
            Reason::FalseEye => "false-eye",
            Reason::Seki => "seki",
            Reason::Alive => "alive",
            Reason::Compensation => "compensation",
            Reason::Method => "method",
        }
    }
}

/// One part of the difference between a server's count and the rules' count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Departure {
    /// The point it concerns; `None` for the whole game (compensation, method).
    pub point: Option<Point>,
    /// Why the server counts it otherwise.
    pub reason: Reason,
    /// What it adds to Black's margin in the server's count compared with the rules'.
    pub margin: f64,
}

/// A position counted both ways: by the rules, and as its recording server counts.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerCount {
    /// The server.
    pub server: Server,
    /// The count by the rules.
    pub rules: Score,
    /// The count as the server makes it.
    pub server_score: Score,
    /// The position the server counts: the one given, or with every stone alive.
    pub server_position: Position,
    /// What makes the difference between the two margins, point by point; their margins
    /// add up to it. Empty when the server counts as the rules do.
    pub departures: Vec<Departure>,
}

/// Counts `position` under `options` by the rules and as `server` counts it, and lists the
/// points that make the difference with the reason for each.
pub fn count_as(
    server: Server,
    position: &Position,
    options: &ScoreOptions,
) -> Result<ServerCount> {
    let counting = server.counting(options.rules);
    let (rules, owners) = score_with_owners(position, options)?;
    let (server_position, server_options) = if counting.all_stones_alive {
        let options = ScoreOptions {
            rules: Ruleset::TrompTaylor,
            komi: Some(rules.komi),
            ..options.clone()
        };
        (Position::new(position.board().clone(), &[])?, options)
    } else {
        let options = ScoreOptions {
            score_false_eyes: options.score_false_eyes || counting.false_eyes_count,
            plain_territory: options.plain_territory || counting.plain_territory,
            ..options.clone()
        };
        (position.clone(), options)
    };
    let server_score = score_with_owners(&server_position, &server_options)?.0;
    let mut departures: Vec<Departure> = (0..position.board().len())
        .filter_map(|p| {
            let change = server_score.ownership[p] - rules.ownership[p];
            (change != 0).then(|| {
                let false_eye = owners.life.as_ref().is_some_and(|life| life.false_eye[p]);
                let reason = if counting.all_stones_alive {
                    Reason::Alive
                } else if false_eye {
                    Reason::FalseEye
                } else {
                    Reason::Seki
                };
                Departure {
                    point: Some(p),
                    reason,
                    margin: f64::from(change),
                }
            })
        })
        .collect();
    let compensation = f64::from(rules.official().white.handicap_compensation)
        - f64::from(server_score.official().white.handicap_compensation);
    if compensation != 0.0 {
        departures.push(Departure {
            point: None,
            reason: Reason::Compensation,
            margin: compensation,
        });
    }
    // Whatever the points and the compensation leave: another counting method (prisoners
    // against stones on the board).
    let explained: f64 = departures.iter().map(|d| d.margin).sum();
    let rest = server_score.official().margin - rules.official().margin - explained;
    if rest != 0.0 {
        departures.push(Departure {
            point: None,
            reason: Reason::Method,
            margin: rest,
        });
    }
    Ok(ServerCount {
        server,
        rules,
        server_score,
        server_position,
        departures,
    })
}

impl Server {
    /// Every server, in the order the docs list them.
    pub const ALL: [Server; 9] = [
        Server::Ogs,
        Server::Kgs,
        Server::Tygem,
        Server::Fox,
        Server::Igs,
        Server::Dgs,
        Server::Cgos,
        Server::Nngs,
        Server::Tom,
    ];

    /// The name results carry: `OGS`, `KGS`, `Tygem`, `Fox`, `IGS`, `DGS`, `CGOS`, `NNGS`,
    /// `Tom`.
    pub fn name(self) -> &'static str {
        match self {
            Server::Ogs => "OGS",
            Server::Kgs => "KGS",
            Server::Tygem => "Tygem",
            Server::Fox => "Fox",
            Server::Igs => "IGS",
            Server::Dgs => "DGS",
            Server::Cgos => "CGOS",
            Server::Nngs => "NNGS",
            Server::Tom => "Tom",
        }
    }

    /// How the server counts a game recorded under `rules`. Every server's departures from
    /// the rules are written here, each with its public source.
    pub fn counting(self, rules: Ruleset) -> ServerCounting {
        let territory = !rules.conventions().seki_territory;
        match self {
            // OGS Rules and Scoring FAQ, "Eyes in Seki": OGS cannot recognise false eyes
            // that must be filled and awards them as points even under Japanese rules.
            Server::Ogs if territory => ServerCounting {
                false_eyes_count: true,
                ..ServerCounting::RULES
            },
            // computer-go mailing list, "cgos: game rules" (2007): a modified Tromp-Taylor
            // ruleset; when both programs pass every stone on the board is alive, and the
            // count is by area.
            Server::Cgos => ServerCounting {
                all_stones_alive: true,
                ..ServerCounting::RULES
            },
            // KGS (Sensei's Library, "KGS and Proper Handicap"): Chinese rules give White
            // N points for N handicap stones, AGA rules N − 1, New Zealand none, the
            // rulesets' own compensation; the kgs_marked records confirm the rules' count.
            // Tygem: counting its records plainly (seki and false eyes as territory), or
            // false eyes alone, or seki points alone, reproduces some recorded results
            // and loses others (docs/servers.md), so none is taken as its convention.
            // Fox, IGS, DGS, NNGS and Tom count by the rules they name as far as any
            // source or record here shows.
            _ => ServerCounting::RULES,
        }
    }

    /// The header properties read, in this order: the place (`PC`) and the application
    /// (`AP`) are the servers' own marks; the copyright (`CP`), event (`EV`), user (`US`),
    /// game name (`GN`) and source (`SO`) come after them.
    pub const HEADER: [&'static str; 7] = ["PC", "AP", "CP", "EV", "US", "GN", "SO"];

    /// The server a record's header names, from its `(identifier, text)` pairs (a property
    /// may come more than once: Fox writes two `AP`). `None` when no property of
    /// [`Server::HEADER`] names a known server.
    pub fn detect(header: &[(&str, &str)]) -> Option<Server> {
        Server::HEADER.iter().find_map(|id| {
            header
                .iter()
                .filter(|(key, _)| key == id)
                .find_map(|(_, text)| Server::named_in(text))
        })
    }

    /// The server a header text names: the forms each server writes (`PC[OGS:
    /// https://online-go.com/game/…]`, `PC[The KGS Go Server at http://www.gokgs.com/]`,
    /// `AP[foxwq]`, `PC[IGS:  igs.joyjoy.net 6969]`, …).
    pub fn named_in(text: &str) -> Option<Server> {
        // ASCII case and word breaks only: every name matched is ASCII or CJK (which has no
        // case), and the Unicode tables of `to_lowercase` and `is_alphanumeric` would cost
        // the module about 12 KB gzip.
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let word = |w: &str| words.contains(&w);
        let has = |s: &str| lower.contains(s);
        let found = if word("ogs") || has("online-go.com") {
            Server::Ogs
        } else if word("kgs") || has("gokgs.com") || has("kiseido go server") {
            Server::Kgs
        } else if has("tygem") || has("타이젬") {
            Server::Tygem
        } else if lower.trim() == "fox" || has("foxwq") || has("野狐") || has("weiqi.qq.com") {
            Server::Fox
        } else if word("igs")
            || has("pandanet")
            || has("internet go server")
            || has("igs.joyjoy.net")
        {
            Server::Igs
        } else if word("dgs") || has("dragongoserver") || has("dragon go server") {
            Server::Dgs
        } else if word("cgos") || has("computer go server") {
            Server::Cgos
        } else if word("nngs") || has("no name go server") {
            Server::Nngs
        } else if lower.trim() == "tom" || has("weiqi.tom.com") {
            Server::Tom
        } else {
            return None;
        };
        Some(found)
    }
}

impl std::str::FromStr for Server {
    type Err = Error;

    /// A server by its name ([`Server::name`]), case-insensitively.
    fn from_str(s: &str) -> Result<Server> {
        Server::ALL
            .into_iter()
            .find(|server| server.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = Server::ALL.iter().map(|s| s.name()).collect();
                Error::new(
                    ErrorKind::InvalidOption,
                    format!(
                        "unknown server {}; expected one of {}",
                        Quoted(s),
                        names.join(", ")
                    ),
                )
            })
    }
}

impl fmt::Display for Server {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_read_back() {
        for server in Server::ALL {
            assert_eq!(Server::named_in(server.name()), Some(server), "{server}");
            assert_eq!(server.name().parse::<Server>().unwrap(), server);
            assert_eq!(
                server.name().to_lowercase().parse::<Server>().unwrap(),
                server
            );
        }
        let err = "Yahoo".parse::<Server>().unwrap_err();
        assert_eq!(
            err.message(),
            "unknown server \"Yahoo\"; expected one of OGS, KGS, Tygem, Fox, IGS, DGS, CGOS, NNGS, Tom"
        );
    }

    #[test]
    fn header_forms() {
        for (text, server) in [
            ("OGS: https://online-go.com/game/1234", Server::Ogs),
            ("online-go.com", Server::Ogs),
            ("The KGS Go Server at http://www.gokgs.com/", Server::Kgs),
            ("Tygem", Server::Tygem),
            ("foxwq", Server::Fox),
            ("Fox", Server::Fox),
            ("IGS:  igs.joyjoy.net 6969", Server::Igs),
            ("Internet Go Server game: Namii vs drakula95", Server::Igs),
            ("Brought to you by IGS PANDANET", Server::Igs),
            ("Dragon Go Server", Server::Dgs),
            ("CGOS", Server::Cgos),
            ("NNGS", Server::Nngs),
            ("Tom", Server::Tom),
        ] {
            assert_eq!(Server::named_in(text), Some(server), "{text}");
        }
        // Words that only contain a server's letters name none.
        for text in [
            "Tomorrow's game",
            "Tom and Jerry",
            "Foxtrot",
            "dogs",
            "CGoban:3",
            "Sabaki:0.43.3",
            "",
        ] {
            assert_eq!(Server::named_in(text), None, "{text}");
        }
    }

    #[test]
    fn place_wins_over_other_properties() {
        let header = [("GN", "a game first shown on OGS"), ("PC", "Tygem")];
        assert_eq!(Server::detect(&header), Some(Server::Tygem));
        let fox = [("AP", "GNU Go:3.8"), ("AP", "foxwq")];
        assert_eq!(Server::detect(&fox), Some(Server::Fox));
        assert_eq!(
            Server::detect(&[("PC", "Tokyo"), ("GN", "Tom and Jerry")]),
            None
        );
    }

    #[test]
    fn departures_apply_only_to_the_counting_they_concern() {
        assert!(Server::Ogs.counting(Ruleset::Japanese).false_eyes_count);
        assert!(Server::Ogs.counting(Ruleset::Chinese).is_rules());
        assert!(Server::Tygem.counting(Ruleset::Korean).is_rules());
        assert!(Server::Cgos.counting(Ruleset::Chinese).all_stones_alive);
        assert!(Server::Kgs.counting(Ruleset::Aga).is_rules());
    }

    fn position(rows: &[&str], dead: &[(i64, i64)]) -> Position {
        Position::new(crate::Board::from_rows(rows).unwrap(), dead).unwrap()
    }

    fn japanese() -> ScoreOptions {
        ScoreOptions {
            rules: Ruleset::Japanese,
            komi: Some(0.5),
            ..ScoreOptions::default()
        }
    }

    #[test]
    fn plain_territory_counts_seki_points() {
        // Plain counting: every empty point bordered by one colour only is its territory,
        // whatever the life analysis says of seki and false eyes.
        let rows = ["..X.O", "XXXOO", ".XOO.", "XXO..", "XOO.."];
        let pos = position(&rows, &[]);
        let plain = ScoreOptions {
            plain_territory: true,
            ..japanese()
        };
        let by_rules = crate::score(&pos, &japanese()).unwrap();
        let plainly = crate::score(&pos, &plain).unwrap();
        let sole_border = crate::regions::empty_regions_of(&pos);
        for p in 0..pos.board().len() {
            let owner = sole_border.owner(p).map_or(0, |c| c.sign());
            if pos.board().get(p).is_none() {
                assert_eq!(plainly.ownership[p], owner, "point {p}");
            }
        }
        assert!(plainly.territory.margin >= by_rules.territory.margin);
    }

    #[test]
    fn cgos_counts_every_stone_alive_by_area() {
        // A white stone dead inside Black's area: the rules' count takes it off, CGOS
        // counts it as a living stone that also makes the points around it neutral.
        let rows = ["X.X.O", ".OX.O", "XXXOO", "....."];
        let pos = position(&rows, &[(1, 1)]);
        let chinese = ScoreOptions {
            rules: Ruleset::Chinese,
            komi: Some(0.5),
            ..ScoreOptions::default()
        };
        let count = count_as(Server::Cgos, &pos, &chinese).unwrap();
        assert_eq!(count.server_score.rules, Ruleset::TrompTaylor);
        assert_eq!(count.server_score.komi, 0.5);
        let alive = position(&rows, &[]);
        let tt = ScoreOptions {
            rules: Ruleset::TrompTaylor,
            ..chinese.clone()
        };
        assert_eq!(count.server_score, crate::score(&alive, &tt).unwrap());
        assert!(!count.departures.is_empty());
        assert!(count.departures.iter().all(|d| d.reason == Reason::Alive));
        let total: f64 = count.departures.iter().map(|d| d.margin).sum();
        assert_eq!(
            total,
            count.server_score.official().margin - count.rules.official().margin
        );
        assert!(count
            .departures
            .iter()
            .any(|d| d.point == Some(pos.board().point(1, 1))));
    }
}
