//! Which server recorded a game, read from real records' headers (`tests/fixtures/sgf`,
//! the real-game sample and three KGS records of `tests/fixtures/kgs_sample.jsonl`, see
//! NOTICE), and the KGS records counted as KGS counted them.
#![cfg(not(target_arch = "wasm32"))]

use go_score::rules::Ruleset;
use go_score::servers::{count_as, Departure, Reason};
use go_score::{read_sgf, read_sgf_bytes, Server};
use go_score::{score, Board, Position, ScoreOptions};
use serde_json::Value;
use std::collections::BTreeMap;

fn fixture(relative: &str) -> Option<Server> {
    let path = format!(
        "{}/tests/fixtures/sgf/{relative}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read_sgf_bytes(&bytes)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .server
}

#[test]
fn servers_named_by_real_headers() {
    for (file, server) in [
        // PC[OGS: https://online-go.com/game/1234]
        ("sanderland+katrain/tests/data/ogs.sgf", Some(Server::Ogs)),
        // PC[OGS: http://online-go.com/game/review/114161] CP[online-go.com]
        ("SabakiHQ+sgf/tests/sgf/complex.sgf", Some(Server::Ogs)),
        // PC[IGS:  igs.joyjoy.net 6969], EV[Internet Go Server game: …]
        (
            "sanderland+katrain/tests/data/panda1.sgf",
            Some(Server::Igs),
        ),
        (
            "artasparks+glift/test/testdata/PandanetFF3Example.sgf",
            Some(Server::Igs),
        ),
        // AP[GNU Go:3.8] then AP[foxwq]
        (
            "sanderland+katrain/tests/data/fox sgf works.sgf",
            Some(Server::Fox),
        ),
        (
            "lightvector+KataGo/cpp/tests/data/foxlike.sgf",
            Some(Server::Fox),
        ),
        // Records written by programs, with no server named.
        ("SabakiHQ+sgf/tests/sgf/no-ca.sgf", None),
    ] {
        assert_eq!(fixture(file), server, "{file}");
    }
}

#[test]
fn servers_of_the_real_game_sample() {
    let text = include_str!("fixtures/real_games_validation_sample.jsonl");
    let mut found: BTreeMap<(String, Option<&str>), usize> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let game: Value = serde_json::from_str(line).unwrap();
        let id = game["id"].as_str().unwrap();
        let record = read_sgf(game["sgf"].as_str().unwrap()).unwrap();
        let group = id.split('-').next().unwrap().to_owned();
        *found
            .entry((group, record.server.map(|s| s.name())))
            .or_default() += 1;
    }
    // Tygem's games say PC[Tygem], Tom's PC[Tom], the Fox AI games PC[Fox]; the AI
    // tournament records name no server (and the AlphaGo online games name theirs).
    for ((group, server), count) in &found {
        let expected: &[Option<&str>] = match group.as_str() {
            "tygem" | "tygemai" => &[Some("Tygem")],
            "tom" => &[Some("Tom")],
            "ai" => &[Some("Fox"), Some("Tygem"), None],
            other => panic!("unexpected group {other}"),
        };
        assert!(expected.contains(server), "{group}: {server:?} ×{count}");
    }
    assert!(found.contains_key(&("tygem".to_owned(), Some("Tygem"))));
    assert!(found.contains_key(&("tom".to_owned(), Some("Tom"))));
    assert!(found.contains_key(&("ai".to_owned(), Some("Fox"))));
}

/// KGS counts by the rules the record names: Chinese rules with N points of handicap
/// compensation, AGA rules with N − 1, Japanese rules without seki or false-eye points.
/// Its records' marks and results agree with the rules' count, and the server's count is
/// the same.
#[test]
fn kgs_counts_by_the_rules() {
    let text = include_str!("fixtures/kgs_sample.jsonl");
    let mut rules_seen = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let game: Value = serde_json::from_str(line).unwrap();
        let id = game["id"].as_str().unwrap();
        let record = read_sgf(game["sgf"].as_str().unwrap()).unwrap();
        assert_eq!(record.server, Some(Server::Kgs), "{id}");
        let dead: Vec<(i64, i64)> = record
            .dead_hints()
            .into_iter()
            .map(|p| {
                let (x, y) = record.game.board().vertex(p);
                (x as i64, y as i64)
            })
            .collect();
        let (position, options) = record.game.score_options(&dead).unwrap();
        let count = count_as(Server::Kgs, &position, &options).unwrap();
        let recorded = game["margin"].as_f64().unwrap();
        assert_eq!(count.rules.official().margin, recorded, "{id}");
        assert_eq!(count.server_score, count.rules, "{id}");
        assert!(count.departures.is_empty(), "{id}");
        rules_seen.push((options.rules.name(), options.handicap));
    }
    assert_eq!(rules_seen.len(), 3);
    assert!(rules_seen.iter().any(|&(r, h)| r == "chinese" && h >= 2));
    assert!(rules_seen.iter().any(|&(r, h)| r == "aga" && h >= 2));
    assert!(rules_seen.iter().any(|&(r, _)| r == "japanese"));
}

/// An SGF record of `rows` set up as stones, with `header` properties.
fn setup_record(header: &str, rows: &[&str]) -> String {
    let letter = |i: usize| char::from(b'a' + i as u8);
    let mut black = String::new();
    let mut white = String::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let point = format!("[{}{}]", letter(x), letter(y));
            match c {
                'X' => black.push_str(&point),
                'O' => white.push_str(&point),
                _ => {}
            }
        }
    }
    format!(
        "(;GM[1]FF[4]SZ[{}:{}]{header}AB{black}AW{white})",
        rows[0].len(),
        rows.len()
    )
}

// Black's wall has a false eye at [4, 1]: once the dame at [4, 3] is filled, White's atari
// there forces Black to fill it. The rules count it for nobody; OGS counts it for Black.
const FALSE_EYE: [&str; 5] = [
    ".........",
    "XXXX.XX..",
    ".OXOXOX..",
    "O.OO.OX..",
    "..OOOOX.X",
];

#[test]
fn ogs_counts_the_false_eye() {
    let japanese = ScoreOptions {
        rules: Ruleset::Japanese,
        komi: Some(0.5),
        ..ScoreOptions::default()
    };
    let pos = Position::new(Board::from_rows(&FALSE_EYE).unwrap(), &[]).unwrap();
    let rules = score(&pos, &japanese).unwrap();
    let count = count_as(Server::Ogs, &pos, &japanese).unwrap();
    assert_eq!(count.rules, rules);
    let board = pos.board();
    let false_eye = board.point(4, 1);
    assert_eq!(
        count.departures,
        vec![Departure {
            point: Some(false_eye),
            reason: Reason::FalseEye,
            margin: 1.0,
        }]
    );
    assert_eq!(
        count.server_score.official().margin,
        rules.official().margin + 1.0
    );
    // Under area rules OGS counts as the rules do.
    let chinese = ScoreOptions {
        rules: Ruleset::Chinese,
        ..japanese.clone()
    };
    let count = count_as(Server::Ogs, &pos, &chinese).unwrap();
    assert!(count.departures.is_empty());
    assert_eq!(count.rules, count.server_score);
}

/// Departures as `(vertex, reason, margin)`, to compare in one line.
fn departure_tuples(
    departures: &[go_score::api::DepartureOutput],
) -> Vec<(Option<go_score::api::Vertex>, &'static str, f64)> {
    departures
        .iter()
        .map(|d| (d.vertex, d.reason, d.margin))
        .collect()
}

fn score_text(sgf: &str, options: &str) -> go_score::Result<go_score::api::SgfScoreResult> {
    let options: go_score::api::ScoreSgfOptions = go_score::api::decode_json_object(options)?;
    go_score::api::score_sgf(
        &go_score::api::SgfSource::Text(sgf.to_owned()),
        &options,
        &go_score::sgf::EncodingRs,
    )
}

#[test]
fn ogs_record_counted_both_ways() {
    let sgf = setup_record(
        "PC[OGS: https://online-go.com/game/1]RU[Japanese]KM[0.5]",
        &FALSE_EYE,
    );
    let by_rules = score_text(&sgf, "{}").unwrap();
    assert_eq!(by_rules.conventions, "rules");
    assert_eq!(by_rules.server, Some("OGS"));
    assert_eq!(
        departure_tuples(&by_rules.departures),
        [(Some([4, 1]), "false-eye", 1.0)]
    );
    let other = by_rules.other.as_ref().expect("the counts differ");
    assert_eq!(other.conventions, "OGS");
    assert_eq!(other.margin, by_rules.margin + 1.0);

    let as_ogs = score_text(&sgf, r#"{"conventions": "server"}"#).unwrap();
    assert_eq!(as_ogs.conventions, "OGS");
    assert_eq!(as_ogs.margin, other.margin);
    assert_eq!(as_ogs.result, other.result);
    assert_eq!(as_ogs.ownership[1][4], 1);
    assert_eq!(by_rules.ownership[1][4], 0);
    let back = as_ogs.other.as_ref().expect("the counts differ");
    assert_eq!((back.conventions, back.margin), ("rules", by_rules.margin));
    assert_eq!(as_ogs.departures.len(), 1);

    // The caller's scoreFalseEyes already counts it: the two agree.
    let both = score_text(&sgf, r#"{"scoreFalseEyes": true}"#).unwrap();
    assert!(both.other.is_none() && both.departures.is_empty());
    assert_eq!(both.margin, as_ogs.margin);
}

#[test]
fn unknown_server_counts_by_the_rules() {
    let sgf = setup_record("RU[Japanese]KM[0.5]", &FALSE_EYE);
    let plain = score_text(&sgf, "{}").unwrap();
    let asked = score_text(&sgf, r#"{"conventions": "server"}"#).unwrap();
    for result in [&plain, &asked] {
        assert_eq!(result.conventions, "rules");
        assert_eq!(result.server, None);
        assert!(result.other.is_none() && result.departures.is_empty());
    }
    assert_eq!(plain.margin, asked.margin);
}

#[test]
fn cgos_keeps_every_stone() {
    // The white stone at [1, 1] is marked dead (it stands on Black's TB territory).
    let rows = ["X.X.O", ".OX.O", "XXXOO", "....."];
    let sgf = setup_record("PC[CGOS]RU[Chinese]KM[0.5]", &rows).replace(')', "TB[aa][ba][ab][bb])");
    let by_rules = score_text(&sgf, "{}").unwrap();
    assert_eq!(by_rules.dead, vec![[1, 1]]);
    let as_cgos = score_text(&sgf, r#"{"conventions": "server"}"#).unwrap();
    assert_eq!(
        (as_cgos.conventions, as_cgos.rules),
        ("CGOS", "tromp-taylor")
    );
    assert!(as_cgos.dead.is_empty());
    assert!(as_cgos.departures.iter().all(|d| d.reason == "alive"));
    let total: f64 = as_cgos.departures.iter().map(|d| d.margin).sum();
    assert_eq!(total, as_cgos.margin - by_rules.margin);
    assert_ne!(total, 0.0);
}

#[test]
fn conventions_must_be_rules_or_server() {
    let sgf = setup_record("PC[OGS]", &FALSE_EYE);
    let err = score_text(&sgf, r#"{"conventions": "ogs"}"#).unwrap_err();
    assert_eq!(
        err.message(),
        "unknown conventions \"ogs\"; expected 'rules' or 'server'"
    );
    let err = score_text(&sgf, r#"{"conventions": 1}"#).unwrap_err();
    assert!(
        err.message().starts_with("conventions: "),
        "{}",
        err.message()
    );
}

#[test]
fn count_as_server_on_a_board() {
    use go_score::api::{
        count_as_server, decode_json_object, score_board, ScoreInput, ServerCountInput,
    };
    let rows = serde_json::to_string(&FALSE_EYE).unwrap();
    let input = |fields: &str| format!(r#"{{"board": {rows}, "komi": 0.5{fields}}}"#);
    let by_rules = score_board(&decode_json_object::<ScoreInput>(&input("")).unwrap()).unwrap();
    let ogs: ServerCountInput = decode_json_object(&input(r#", "server": "OGS""#)).unwrap();
    let count = count_as_server(&ogs).unwrap();
    assert_eq!(count.conventions, "OGS");
    assert_eq!(count.margin, by_rules.margin + 1.0);
    assert_eq!(
        departure_tuples(&count.departures),
        [(Some([4, 1]), "false-eye", 1.0)]
    );
    // KGS counts as the rules do.
    let kgs: ServerCountInput = decode_json_object(&input(r#", "server": "KGS""#)).unwrap();
    let count = count_as_server(&kgs).unwrap();
    assert_eq!((count.margin, count.departures.len()), (by_rules.margin, 0));
    let bad: ServerCountInput = decode_json_object(&input(r#", "server": "GoQuest""#)).unwrap();
    assert!(count_as_server(&bad)
        .unwrap_err()
        .message()
        .starts_with("unknown server \"GoQuest\"; expected one of OGS, KGS"));
    let err = decode_json_object::<ServerCountInput>(&input("")).unwrap_err();
    assert_eq!(err.message(), "missing field `server`");
}
