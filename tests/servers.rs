//! Which server recorded a game, read from real records' headers (`tests/fixtures/sgf`,
//! the real-game sample and three KGS records of `tests/fixtures/kgs_sample.jsonl`, see
//! NOTICE), and the KGS records counted as KGS counted them.
#![cfg(not(target_arch = "wasm32"))]

use go_score::servers::count_as;
use go_score::{read_sgf, read_sgf_bytes, Server};
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
