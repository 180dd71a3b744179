//! SGF reading and writing: the real files in tests/fixtures/sgf, charsets, komi forms,
//! errors, and round trips through go-score's own writer.
// Native only: reads fixture files from disk and decodes charsets with encoding_rs.
#![cfg(not(target_arch = "wasm32"))]

use go_score::error::ErrorKind;
use go_score::game::Action;
use go_score::rules::Ruleset;
use go_score::sgf::{decode, game_tree_texts, read_komi};
use go_score::{read_sgf, read_sgf_bytes, score, write_sgf, Color, GameRecord};
use std::path::{Path, PathBuf};

mod common;
use common::random_game;

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sgf")
}

fn fixtures() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![fixture_dir()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every fixture that reads as a game record, with its path (the first test checks which
/// do not, and why).
fn loaded_fixtures() -> impl Iterator<Item = (PathBuf, GameRecord)> {
    fixtures().into_iter().filter_map(|path| {
        let record = read_sgf_bytes(&std::fs::read(&path).unwrap()).ok()?;
        Some((path, record))
    })
}

fn name(path: &Path) -> String {
    path.strip_prefix(fixture_dir())
        .unwrap()
        .display()
        .to_string()
}

fn read_fixture(relative: &str) -> GameRecord {
    let bytes = std::fs::read(fixture_dir().join(relative)).unwrap();
    read_sgf_bytes(&bytes).unwrap()
}

fn vertices(record: &GameRecord, points: &[usize]) -> Vec<(i64, i64)> {
    points
        .iter()
        .map(|&p| {
            let (x, y) = record.game.board().vertex(p);
            (x as i64, y as i64)
        })
        .collect()
}

/// Every file loads or fails with a clear error; the failures are exactly the files that
/// are not Go games or not SGF.
#[test]
fn every_fixture_loads_or_fails_with_a_clear_error() {
    let mut loaded = 0;
    let mut failed = Vec::new();
    for path in fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        match read_sgf_bytes(&bytes) {
            Ok(record) => {
                loaded += 1;
                record.game.board().check_liberties().unwrap();
            }
            Err(err) => {
                assert_eq!(err.kind(), ErrorKind::Sgf, "{}: {err}", name(&path));
                failed.push(format!("{}: {err}", name(&path)));
            }
        }
    }
    let expected = [
        "SabakiHQ+sgf/tests/sgf/encoding/nihon-kiin.sgf: malformed SGF: no game tree (no '(' followed by ';')",
        "herzbube+libsgfcplusplus/test/test-files/escaping.sgf: the SGF holds a game other than Go (GM[19])",
        "missdeer+sgfc/test-files/escaping-result.sgf: the SGF holds a game other than Go (GM[19])",
        "missdeer+sgfc/test-files/escaping.sgf: the SGF holds a game other than Go (GM[19])",
        "missdeer+sgfc/test-files/test.sgf: malformed SGF: a property value is not closed by ']' (is the file cut off?)",
    ];
    assert_eq!(failed, expected);
    assert_eq!(loaded, 76 - expected.len());
}

/// Captures counted by the engine agree with stones placed minus stones left, on every
/// real record without setup in the middle of the game.
#[test]
fn replayed_captures_match_stones_placed_minus_stones_left() {
    let mut games_with_captures = 0;
    for (path, record) in loaded_fixtures() {
        let game = &record.game;
        if game.actions().any(|a| matches!(a, Action::Setup(_))) {
            continue;
        }
        for color in Color::BOTH {
            let placed = game.initial_board().count(color)
                + game
                    .actions()
                    .filter(|a| matches!(a, Action::Play(c, _) if *c == color))
                    .count();
            let lost = placed - game.board().count(color);
            assert_eq!(
                lost as u32,
                game.captures().get(color.opponent()),
                "{}: {} stones lost",
                name(&path),
                color.name()
            );
        }
        if game.captures().black + game.captures().white > 0 {
            games_with_captures += 1;
        }
    }
    assert!(games_with_captures >= 15, "{games_with_captures}");
}

#[test]
fn real_games_replay_to_their_known_counts() {
    let record = read_fixture("SabakiHQ+Sabaki/test/sgf/pro_game.sgf");
    assert_eq!(record.game.action_count(), 235);
    assert_eq!(record.info("RE").as_deref(), Some("W+6.5"));
    assert_eq!(record.game.komi(), 5.5);
    let record = read_fixture("sanderland+katrain/tests/data/LS vs AG - G4 - English.sgf");
    assert_eq!(record.game.rules(), Ruleset::Chinese);
    assert_eq!(record.info("PW").as_deref(), Some("Lee Sedol"));
    assert_eq!(record.info("PB").as_deref(), Some("AlphaGo"));
    assert_eq!(record.game.action_count(), 180);
    assert_eq!(record.game.last_to_play(), Some(Color::White));
}

/// Records that end with two passes and say who won by how much, with territory markup
/// for the dead stones, score to what they say.
#[test]
fn complete_records_score_to_their_result() {
    let mut compared = 0;
    for (path, record) in loaded_fixtures() {
        let Some(result) = record.info("RE") else {
            continue;
        };
        let numeric = result.len() > 2 && result[2..].parse::<f64>().is_ok();
        let marked = !record.territory.black.is_empty() || !record.territory.white.is_empty();
        if !(record.game.ended_by_passes() && numeric && marked) {
            continue;
        }
        let dead = vertices(&record, &record.dead_hints());
        let (position, options) = record.game.score_options(&dead).unwrap();
        let scored = score(&position, &options).unwrap();
        let official = scored.official();
        let (winner, margin) = result.split_at(2);
        assert_eq!(
            (winner, official.margin.abs()),
            (&official.result[..2], margin.parse::<f64>().unwrap()),
            "{}",
            name(&path)
        );
        compared += 1;
    }
    assert_eq!(compared, 1, "panda1.sgf is the one complete, marked record");
}

#[test]
fn panda_record_territory_markup_gives_its_dead_stones_and_result() {
    let record = read_fixture("sanderland+katrain/tests/data/panda1.sgf");
    assert_eq!(record.game.handicap(), 2);
    assert_eq!(record.game.komi(), 0.5);
    assert!(record.game.ended_by_passes());
    assert_eq!(record.territory.black.len(), 61);
    assert_eq!(record.territory.white.len(), 94);
    let dead = record.dead_hints();
    assert_eq!(dead.len(), 1);
    assert_eq!(record.game.board().get(dead[0]), Some(Color::Black));
    assert!(record.territory.white.contains(&dead[0]));
}

#[test]
fn charsets_are_decoded() {
    let japanese = "Goは古代のゲームであり、中国での起源を忘れてから、最初に東アジアの他の地域に広がり、次に全世界に広がりました。";
    let simplified =
        "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区，然后传到整个世界。";
    let traditional = "圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，然後傳播到整個世界。";
    let korean = "바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 지역으로 퍼진 후 전 세계로 퍼진 고대 게임입니다.";
    let cyrillic = "Го - древняя игра";
    let dir = "herzbube+libsgfcplusplus/test/test-files/";
    for (file, expected) in [
        ("encoding-utf8-nobom.sgf", japanese),
        ("encoding-utf8-withbom.sgf", japanese),
        ("encoding-utf16-withbom.sgf", japanese),
        ("encoding-utf16-nobom.sgf", japanese),
        ("encoding-japanese-shiftjis.sgf", japanese),
        ("encoding-japanese-iso2022jp.sgf", japanese),
        ("encoding-chinese-gbk.sgf", simplified),
        ("encoding-chinese-gb18030.sgf", simplified),
        ("encoding-simplifiedchinese-gb2312.sgf", simplified),
        ("encoding-traditionalchinese-big5.sgf", traditional),
        ("encoding-korean-macos.sgf", korean),
        ("encoding-cyrillic-windows.sgf", cyrillic),
    ] {
        let bytes = std::fs::read(fixture_dir().join(dir).join(file)).unwrap();
        let (text, note) = decode(&bytes);
        assert!(
            text.contains(expected),
            "{file}: {}",
            &text[..200.min(text.len())]
        );
        assert_eq!(note, None, "{file}");
        read_sgf(&text).unwrap();
    }
    for (file, black, white) in [
        ("japanese.sgf", "井山 裕太", "山下 敬吾"),
        ("chinese.sgf", "古力", "柯洁"),
        ("korean.sgf", "이세돌", "박정환"),
    ] {
        let record = read_fixture(&format!("SabakiHQ+sgf/tests/sgf/{file}"));
        assert_eq!(record.info("PB").as_deref(), Some(black), "{file}");
        assert_eq!(record.info("PW").as_deref(), Some(white), "{file}");
        assert!(record.notes.is_empty(), "{file}: {:?}", record.notes);
    }
    // UTF-16 and UTF-8 with a byte-order mark give the same game as each other.
    let a = read_fixture("SabakiHQ+sgf/tests/sgf/utf16le.sgf");
    let b = read_fixture("SabakiHQ+sgf/tests/sgf/utf8bom.sgf");
    assert_eq!(a.game, b.game);
    assert_eq!(a.game.action_count(), 164);
    // Bytes that are not UTF-8, with no CA: ISO-8859-1, and a note says so.
    let record = read_fixture("SabakiHQ+sgf/tests/sgf/no-ca.sgf");
    assert_eq!(
        record.notes,
        ["the bytes are not UTF-8: read as ISO-8859-1"]
    );
}

/// A collection is cut into its game trees, each read as a game of its own: parentheses
/// and brackets inside values are text, text around the trees is skipped, an unclosed last
/// tree is kept for the reader to report. In Shift_JIS 表 is 0x95 0x5C, its second byte a
/// `\`: the decoded text is cut, never the bytes.
#[test]
fn collections_are_cut_into_game_trees() {
    let first = "(;GM[1]FF[4]CA[Shift_JIS]SZ[9]C[表 (not a tree) \\] still the comment];B[ee])";
    let second = "( ;GM[1]SZ[9]RE[W+3](;B[aa];W[bb])(;B[cc]))";
    let third = "(;GM[1]SZ[9];B[ee";
    let text = format!("header text\n{first}\n(no tree here)\n{second}\n{third}");
    let (encoded, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&text);
    assert!(!unmappable);
    assert!(encoded.windows(2).any(|pair| pair == [0x95, 0x5C]));
    let (decoded, note) = decode(&encoded);
    assert_eq!(note, None);
    assert_eq!(game_tree_texts(&decoded), [first, second, third]);
    assert_eq!(read_sgf(first).unwrap().game.action_count(), 1);
    assert_eq!(read_sgf(second).unwrap().info("RE").as_deref(), Some("W+3"));
    assert!(read_sgf(third).is_err());
    assert_eq!(game_tree_texts("text (; unclosed"), ["(; unclosed"]);
    assert!(game_tree_texts("no game (at all)").is_empty());
}

#[test]
fn komi_forms() {
    assert_eq!(read_komi(6.5).unwrap(), (6.5, None));
    assert_eq!(read_komi(-3.0).unwrap(), (-3.0, None));
    assert_eq!(read_komi(0.0).unwrap(), (0.0, None));
    let (komi, note) = read_komi(375.0).unwrap();
    assert_eq!(komi, 7.5);
    assert_eq!(
        note.unwrap(),
        "KM[375] read as komi 7.5: hundredths of stones (Fox), doubled"
    );
    assert_eq!(read_komi(650.0).unwrap().0, 6.5);
    assert_eq!(read_komi(3.75).unwrap().0, 7.5);
    assert_eq!(read_komi(325.0).unwrap().0, 6.5);
    let err = read_komi(6.3).unwrap_err();
    assert_eq!(
        err.message(),
        "KM[6.3] is not a komi go-score can read: expected a multiple of 0.5 (or a server form such as KM[375] for 7.5)"
    );
    assert!(read_komi(1234.0).is_err());
    let err = read_sgf("(;KM[five])").unwrap_err();
    assert_eq!(
        err.message(),
        "KM[five] is not a komi go-score can read: expected a number"
    );
    // Fox puts the handicap stones in the second node: still the starting position.
    let record = read_fixture("lightvector+KataGo/cpp/tests/data/foxlike.sgf");
    assert_eq!(record.game.initial_board().count(Color::Black), 2);
    assert_eq!(record.game.first_player(), Color::White);
    assert_eq!(record.game.komi(), 6.5);
    assert_eq!(
        record.notes,
        ["KM[325] read as komi 6.5: hundredths of stones (Fox), doubled"]
    );
    // No KM: the ruleset's default, and for a handicap game half a point.
    assert_eq!(read_sgf("(;RU[AGA])").unwrap().game.komi(), 7.5);
    assert_eq!(
        read_sgf("(;RU[NZ]HA[2]AB[cc][gg])").unwrap().game.komi(),
        0.5
    );
}

#[test]
fn root_properties() {
    let record =
        read_sgf("(;GM[1]FF[4]SZ[13:7]RU[Tromp-Taylor]KM[7.5]PB[Ann]PW[Bo]RE[B+2.5];B[ma];W[ag])")
            .unwrap();
    let board = record.game.board();
    assert_eq!((board.width(), board.height()), (13, 7));
    assert_eq!(board.get(board.point(12, 0)), Some(Color::Black));
    assert_eq!(board.get(board.point(0, 6)), Some(Color::White));
    assert_eq!(record.game.rules(), Ruleset::TrompTaylor);
    assert_eq!(record.info("PB").as_deref(), Some("Ann"));
    assert_eq!(record.info("RE").as_deref(), Some("B+2.5"));
    for (ru, rules) in [
        ("Japanese", Ruleset::Japanese),
        ("Chinese", Ruleset::Chinese),
        ("AGA", Ruleset::Aga),
        ("NZ", Ruleset::NewZealand),
        ("New Zealand", Ruleset::NewZealand),
        ("Korean", Ruleset::Korean),
        ("GOE", Ruleset::Ing),
        ("Ing", Ruleset::Ing),
        ("TT", Ruleset::TrompTaylor),
        ("Tromp-Taylor", Ruleset::TrompTaylor),
    ] {
        let record = read_sgf(&format!("(;RU[{ru}])")).unwrap();
        assert_eq!(record.game.rules(), rules, "{ru}");
    }
    let record = read_sgf("(;RU[Martian])").unwrap();
    assert_eq!(record.game.rules(), Ruleset::Japanese);
    assert_eq!(
        record.notes,
        ["RU[Martian] is not a ruleset go-score knows: scored under japanese rules"]
    );
    // Handicap: HA records the count, AB places the stones, white moves first.
    let record = read_sgf("(;SZ[9]HA[2]AB[gc][cg])").unwrap();
    assert_eq!(record.game.handicap(), 2);
    assert_eq!(record.game.to_play(), Color::White);
    assert_eq!(read_sgf("(;HA[1])").unwrap().game.handicap(), 0);
    let record = read_sgf("(;SZ[9]HA[3]AB[gc][cg])").unwrap();
    assert_eq!(
        record.notes,
        ["HA[3] but the setup has 2 black stones: scored with handicap 3"]
    );
    assert_eq!(read_sgf("(;HA[0])").unwrap().game.handicap(), 0);
    // Old FF[3] spellings of identifiers.
    let record = read_sgf("(;GaMe[1]SiZe[9];Black[ee];White[cc])").unwrap();
    assert_eq!(record.game.board().width(), 9);
    assert_eq!(record.game.action_count(), 2);
}

#[test]
fn moves_passes_setup_and_variations() {
    // B[] and B[tt] (on a board up to 19×19) are passes; on 21×21 tt is a point.
    let record = read_sgf("(;SZ[19];B[];W[tt];B[aa])").unwrap();
    assert_eq!(record.game.passes().black, 1);
    assert_eq!(record.game.passes().white, 1);
    assert_eq!(record.game.last_to_play(), Some(Color::Black));
    let record = read_sgf("(;SZ[21];B[tt])").unwrap();
    let board = record.game.board();
    assert_eq!(board.get(board.point(19, 19)), Some(Color::Black));
    // Setup in the middle of a game, and the main line only.
    let record = read_sgf("(;SZ[5];B[aa];AW[bb]AE[aa];W[cc](;B[dd])(;B[ee]))").unwrap();
    let board = record.game.board();
    assert_eq!(board.get(0), None);
    assert_eq!(board.get(board.point(1, 1)), Some(Color::White));
    assert_eq!(board.get(board.point(3, 3)), Some(Color::Black));
    assert_eq!(board.get(board.point(4, 4)), None);
    // PL sets who moves next.
    assert_eq!(
        read_sgf("(;SZ[5]PL[W])").unwrap().game.to_play(),
        Color::White
    );
}

#[test]
fn errors_name_what_and_where() {
    // Each record, its error kind where it matters, and its message.
    for (sgf, kind, message) in [
        (
            "(;SZ[9];B[aa];W[bb];B[aa])",
            Some(ErrorKind::IllegalMove),
            "move 3 is illegal: black cannot play [0, 0]: the point holds a black stone",
        ),
        (
            "(;SZ[9];B[aa];W[jj])",
            Some(ErrorKind::InvalidVertex),
            "move 2 (W[jj]) is off the 9×9 board",
        ),
        ("(;SZ[9];B[a1])", None, "move 1: B[a1] is not a point"),
        (
            "(;SZ[9];B[aa]",
            None,
            "malformed SGF: the text ends inside a game tree (is the file cut off?)",
        ),
        (
            "(;SZ[9];B[aa",
            None,
            "malformed SGF: a property value is not closed by ']' (is the file cut off?)",
        ),
        (
            "hello",
            None,
            "malformed SGF: no game tree (no '(' followed by ';')",
        ),
        (
            "(;SZ[60])",
            None,
            "SZ: board width is 60; it must be 1 … 52",
        ),
        ("(;SZ[nine])", None, "SZ[nine] is not a board size"),
        (
            "(;SZ[5]AB[ab][ba];W[aa])",
            None,
            "move 1 is illegal: white [0, 0] is suicide: the stone would have no liberties",
        ),
        (
            "(;GM[3];B[aa])",
            None,
            "the SGF holds a game other than Go (GM[3])",
        ),
        (
            "(;SZ[5]AB[aa][1];B[cc])",
            None,
            "AB[aa][1] (before the first move) is not a list of points",
        ),
        (
            "(;SZ[5];B[cc];TW[zz:aa])",
            None,
            "TW[zz:aa] (after move 1) is not a list of points",
        ),
    ] {
        let err = read_sgf(sgf).unwrap_err();
        assert_eq!(err.message(), message, "{sgf}");
        if let Some(kind) = kind {
            assert_eq!(err.kind(), kind, "{sgf}");
        }
    }
    let err = read_sgf("(;SZ[3]AB[aa][ba][ab]AW[bb][ca][ac];B[cc])").unwrap_err();
    assert!(
        err.message()
            .starts_with("the setup position is not legal: "),
        "{err}"
    );
    // Empty lists are harmless.
    assert!(read_sgf("(;SZ[5]AB[];B[cc]TB[])").is_ok());
    // Text before and after the game tree is allowed.
    assert!(read_sgf("A note.\n(;SZ[9];B[aa])\nThe end.").is_ok());
}

#[test]
fn deep_records_need_no_recursion() {
    // 6000 nodes in the main line and a variation 6000 nodes deep.
    let mut text = String::from("(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc]");
    for _ in 0..1000 {
        text += ";B[cb];W[];B[];W[bb];B[];W[]";
    }
    let mut deep = text.clone();
    text.push(')');
    let record = read_sgf(&text).unwrap();
    assert_eq!(record.game.action_count(), 6000);
    assert_eq!(record.game.captures().black, 1000);
    for _ in 0..6000 {
        deep += "(;B[]";
    }
    deep += &")".repeat(6001);
    assert_eq!(read_sgf(&deep).unwrap().game.action_count(), 12000);
}

/// The parts of a game that a round trip must keep.
fn same_game(a: &GameRecord, b: &GameRecord, what: &str) {
    let (x, y) = (&a.game, &b.game);
    assert_eq!(x.board(), y.board(), "{what}: board");
    assert_eq!(x.initial_board(), y.initial_board(), "{what}: setup");
    assert_eq!(x.captures(), y.captures(), "{what}: captures");
    assert_eq!(x.passes(), y.passes(), "{what}: passes");
    assert_eq!(x.to_play(), y.to_play(), "{what}: to play");
    assert_eq!(x.last_to_play(), y.last_to_play(), "{what}: last to play");
    assert_eq!(
        (x.rules(), x.komi(), x.handicap()),
        (y.rules(), y.komi(), y.handicap()),
        "{what}: rules, komi, handicap"
    );
    assert!(x.actions().eq(y.actions()), "{what}: actions");
    assert_eq!(a.info, b.info, "{what}: game information");
}

#[test]
fn fixtures_round_trip() {
    let mut round_trips = 0;
    for (path, record) in loaded_fixtures() {
        let written = write_sgf(&record, None).unwrap();
        let again =
            read_sgf(&written).unwrap_or_else(|e| panic!("{}: {e}\n{written}", name(&path)));
        same_game(&record, &again, &name(&path));
        // Writing is stable: a second round gives the same text.
        assert_eq!(write_sgf(&again, None).unwrap(), written, "{}", name(&path));
        round_trips += 1;
    }
    assert_eq!(round_trips, 71);
}

#[test]
fn a_scored_game_round_trips_with_its_dead_stones_and_result() {
    let record = read_fixture("sanderland+katrain/tests/data/panda1.sgf");
    let dead = vertices(&record, &record.dead_hints());
    let scored = |record: &GameRecord, dead: &[(i64, i64)]| {
        let (position, options) = record.game.score_options(dead).unwrap();
        score(&position, &options).unwrap()
    };
    let before = scored(&record, &dead);
    let written = write_sgf(&record, Some(&dead)).unwrap();
    let again = read_sgf(&written).unwrap();
    assert_eq!(again.dead_hints(), record.dead_hints());
    assert_eq!(again.info("RE").as_deref(), Some("W+34.5"));
    let after = scored(&again, &vertices(&again, &again.dead_hints()));
    assert_eq!(before, after);
    // The markup written is the scored territory: empty points and dead stones' points.
    let territory = before.territory.black.territory + before.territory.white.territory;
    assert_eq!(
        (again.territory.black.len() + again.territory.white.len()) as u32,
        territory
    );
}

#[test]
fn random_games_round_trip_with_the_same_score() {
    for seed in 0..40u64 {
        let rules = Ruleset::ALL[seed as usize % Ruleset::ALL.len()];
        let (size, handicap) = [(9, 0), (9, 3), (7, 2), (13, 0)][seed as usize % 4];
        let game = random_game(seed, size, rules, handicap);
        let record = GameRecord::new(game);
        let written = write_sgf(&record, Some(&[])).unwrap();
        let again = read_sgf(&written).unwrap();
        let (p1, o1) = record.game.score_options(&[]).unwrap();
        let (p2, o2) = again.game.score_options(&[]).unwrap();
        assert_eq!(p1, p2, "seed {seed}");
        assert_eq!(o1, o2, "seed {seed}");
        assert_eq!(score(&p1, &o1).unwrap(), score(&p2, &o2).unwrap());
        assert_eq!(record.game.board(), again.game.board());
        // Free-placed handicap stones come back as setup, the rest move for move.
        let moves = |r: &GameRecord| -> Vec<Action> {
            r.game
                .actions()
                .filter(|a| !matches!(a, Action::Handicap(_)))
                .cloned()
                .collect()
        };
        assert_eq!(moves(&record), moves(&again), "seed {seed}");
        assert!(again.dead_hints().is_empty());
        assert!(again.info("RE").is_some());
    }
}

#[test]
fn text_properties_keep_their_escapes() {
    let text = r"(;PB[Ann \] Lee]PW[back\\slash]GN[a\:b];B[aa])";
    let record = read_sgf(text).unwrap();
    assert_eq!(record.info("PB").as_deref(), Some("Ann ] Lee"));
    assert_eq!(record.info("PW").as_deref(), Some(r"back\slash"));
    let again = read_sgf(&write_sgf(&record, None).unwrap()).unwrap();
    assert_eq!(again.info, record.info);
}

mod api_contract {
    //! The JS API's `Game` and `scoreSgf` contract, decoded from JSON as the wasm boundary
    //! decodes JS values.

    use super::{fixture_dir, read_fixture};
    use go_score::api::js_number::JsNumber;
    use go_score::api::{
        dead_hints, decode, game_score_input, game_to_sgf, info, moves, new_game, play,
        read_sgf_source, score_board, score_record, score_sgf, set_handicap, set_komi, set_rules,
        GameOptionsInput, ScoreSgfOptions, SgfSource, VertexInput,
    };
    use go_score::sgf::EncodingRs;
    use serde_json::{json, Value};

    /// A vertex as the JS API takes it.
    fn vertex(x: f64, y: f64) -> VertexInput {
        [JsNumber(x), JsNumber(y)]
    }

    fn options<T: for<'de> serde::Deserialize<'de>>(value: Value) -> go_score::Result<T> {
        decode(value)
    }

    fn panda() -> SgfSource {
        let path = fixture_dir().join("sanderland+katrain/tests/data/panda1.sgf");
        SgfSource::Bytes(std::fs::read(path).unwrap())
    }

    #[test]
    fn game_options_decode_with_clear_errors() {
        let record = new_game(&options(json!({"width": 9})).unwrap()).unwrap();
        assert_eq!(record.game.board().height(), 9);
        let record =
            new_game(&options(json!({"width": 9, "height": 5, "rules": "aga"})).unwrap()).unwrap();
        assert_eq!(record.game.board().height(), 5);
        assert_eq!(record.game.komi(), 7.5);
        let message = |v: Value| {
            options::<GameOptionsInput>(v)
                .and_then(|o| new_game(&o))
                .unwrap_err()
                .message()
                .to_string()
        };
        assert_eq!(
            message(json!({"width": 9.5})),
            "width must be a whole number ≥ 0, got 9.5"
        );
        assert_eq!(
            message(json!({"width": 60})),
            "board width is 60; it must be 1 … 52"
        );
        assert!(message(json!({"width": 9, "size": 9})).contains("unknown field `size`"));
        assert_eq!(
            message(json!({"width": 9, "komi": 0.25})),
            "komi must be a multiple of 0.5, got 0.25"
        );
    }

    #[test]
    fn play_checks_whole_numbers() {
        let mut record = new_game(&options(json!({"width": 5})).unwrap()).unwrap();
        play(&mut record, 1.0, 2.0).unwrap();
        let err = play(&mut record, 1.5, 2.0).unwrap_err();
        assert_eq!(
            err.message(),
            "move vertex [1.5, 2] must be two whole numbers"
        );
        let err = play(&mut record, 7.0, 2.0).unwrap_err();
        assert_eq!(err.message(), "move [7, 2] is off the 5×5 board");
        record.game.pass().unwrap();
        let listed = serde_json::to_value(moves(&record)).unwrap();
        assert_eq!(
            listed,
            json!([
                {"color": "black", "vertex": [1, 2], "captured": [], "captures": {"black": 0, "white": 0}},
                {"color": "white", "vertex": null, "captured": [], "captures": {"black": 0, "white": 0}},
            ])
        );
    }

    /// Black takes a white stone, White a black one, then Black fills its own last liberty
    /// (a suicide of two stones, legal under New Zealand rules only). The board before:
    /// ```text
    /// . X O .
    /// O . X .
    /// . O . O
    /// X O . X
    /// ```
    const CAPTURES_AND_SUICIDE: &str =
        "(;SZ[4]RU[NZ]KM[7]AB[ba][cb][dd][ad]AW[ca][dc][bd][bc][ab];B[da];W[cd];B[ac])";

    #[test]
    fn moves_list_what_each_took_and_the_prisoners_after_it() {
        let source = SgfSource::Text(CAPTURES_AND_SUICIDE.into());
        let record = read_sgf_source(&source, &EncodingRs).unwrap();
        let listed = serde_json::to_value(moves(&record)).unwrap();
        assert_eq!(
            listed,
            json!([
                {"color": "black", "vertex": [3, 0], "captured": [[2, 0]], "captures": {"black": 1, "white": 0}},
                {"color": "white", "vertex": [2, 3], "captured": [[3, 3]], "captures": {"black": 1, "white": 1}},
                {"color": "black", "vertex": [0, 2], "captured": [[0, 2], [0, 3]], "captures": {"black": 1, "white": 3}},
            ])
        );
    }

    #[test]
    fn set_rules_refuses_moves_the_new_rules_forbid_and_changes_nothing() {
        let source = SgfSource::Text(CAPTURES_AND_SUICIDE.into());
        let mut record = read_sgf_source(&source, &EncodingRs).unwrap();
        let before = moves(&record);
        let err = set_rules(&mut record, "japanese").unwrap_err();
        assert_eq!(
            err.message(),
            "move 3 is illegal: black [0, 2] is suicide: its chain of 2 stones would have no liberties, and japanese rules forbid suicide"
        );
        assert_eq!(record.game.rules().name(), "nz");
        assert_eq!(moves(&record), before);
        // Tromp-Taylor allows the suicide too: the same moves under its rules.
        set_rules(&mut record, "tromp-taylor").unwrap();
        assert_eq!(record.game.rules().name(), "tromp-taylor");
        assert_eq!(moves(&record), before);
    }

    #[test]
    fn rules_komi_and_handicap_set_on_a_record() {
        let source = SgfSource::Text("(;SZ[3]RU[NZ]KM[7];B[aa];W[bb])".into());
        let mut record = read_sgf_source(&source, &EncodingRs).unwrap();
        let err = set_rules(&mut record, "go").unwrap_err();
        assert!(err.message().starts_with("unknown rules \"go\""));
        set_rules(&mut record, "japanese").unwrap();
        assert_eq!(record.game.rules().name(), "japanese");
        assert_eq!(record.game.komi(), 7.0, "the record's KM stays");
        set_komi(&mut record, 0.5).unwrap();
        assert_eq!(record.game.komi(), 0.5);
        assert_eq!(
            set_komi(&mut record, 0.3).unwrap_err().message(),
            "komi must be a multiple of 0.5, got 0.3"
        );
        set_handicap(&mut record, 2.0).unwrap();
        assert_eq!(record.game.handicap(), 2);
        assert_eq!(
            set_handicap(&mut record, 10.0).unwrap_err().message(),
            "handicap is 10, more than the limit 9"
        );
        // Written and read back: RU, KM and HA as set, the same moves and players.
        let written = game_to_sgf(&record, None).unwrap();
        let again = read_sgf_source(&SgfSource::Text(written), &EncodingRs).unwrap();
        assert_eq!(
            (
                again.game.rules().name(),
                again.game.komi(),
                again.game.handicap()
            ),
            ("japanese", 0.5, 2)
        );
        assert_eq!(moves(&again), moves(&record));
        assert_eq!(again.game.to_play(), record.game.to_play());

        // A default komi follows the rules and the handicap; a named one stays.
        let mut record = new_game(&options(json!({"width": 9})).unwrap()).unwrap();
        set_rules(&mut record, "chinese").unwrap();
        assert_eq!(record.game.komi(), 7.5);
        set_handicap(&mut record, 3.0).unwrap();
        assert_eq!(record.game.komi(), 0.5);
        let mut record = new_game(&options(json!({"width": 9, "komi": 3})).unwrap()).unwrap();
        set_rules(&mut record, "ing").unwrap();
        assert_eq!(record.game.komi(), 3.0);
        let score = score_record(&record, &ScoreSgfOptions::default()).unwrap();
        assert_eq!((score.rules, score.komi), ("ing", 3.0));
    }

    #[test]
    fn board_at_steps_through_a_record() {
        let source = SgfSource::Text("(;SZ[3]AB[aa];W[bb];B[];AE[aa];W[cc])".into());
        let record = read_sgf_source(&source, &EncodingRs).unwrap();
        let at = |n: f64| go_score::api::board_at(&record, n);
        assert_eq!(at(0.0).unwrap(), [[1, 0, 0], [0, 0, 0], [0, 0, 0]]);
        assert_eq!(at(1.0).unwrap(), [[1, 0, 0], [0, -1, 0], [0, 0, 0]]);
        assert_eq!(at(2.0).unwrap(), at(1.0).unwrap());
        assert_eq!(at(3.0).unwrap(), [[0, 0, 0], [0, -1, 0], [0, 0, -1]]);
        assert_eq!(
            at(4.0).unwrap_err().message(),
            "move number 4 is past the end of the game (3 moves)"
        );
        assert_eq!(
            at(-1.0).unwrap_err().message(),
            "move number must be a whole number ≥ 0, got -1"
        );
    }

    #[test]
    fn score_input_has_the_api_shape_and_scores_like_score_board() {
        let record = read_fixture("sanderland+katrain/tests/data/panda1.sgf");
        let input = game_score_input(&record, None).unwrap();
        let value = serde_json::to_value(&input).unwrap();
        let keys: Vec<_> = value.as_object().unwrap().keys().cloned().collect();
        assert_eq!(
            keys,
            [
                "board",
                "captures",
                "dead",
                "handicap",
                "komi",
                "lastToPlay",
                "passes",
                "rules"
            ]
        );
        assert_eq!(value["dead"], json!([[7, 6]]));
        assert_eq!(value["lastToPlay"], json!("black"));
        assert_eq!(value["board"].as_array().unwrap().len(), 19);
        // The JSON is a valid scoreBoard input.
        let decoded = decode(value).unwrap();
        let result = score_board(&decoded).unwrap();
        assert_eq!(result.result, "W+34.5");
        assert_eq!(dead_hints(&record), [[7, 6]]);
        // Explicit dead stones are checked against the board.
        let err = game_score_input(&record, Some(&[vertex(0.0, 0.0)])).unwrap_err();
        assert_eq!(err.message(), "dead vertex [0, 0] has no stone");
        let fresh = new_game(&options(json!({"width": 9})).unwrap()).unwrap();
        let value = serde_json::to_value(game_score_input(&fresh, None).unwrap()).unwrap();
        assert!(value.get("lastToPlay").is_none());
        assert_eq!(info(&record)["RE"], "W+34.5");
    }

    #[test]
    fn score_sgf_in_one_call() {
        let result = score_sgf(&panda(), &ScoreSgfOptions::default(), &EncodingRs).unwrap();
        assert_eq!(
            (result.result.as_str(), result.rules),
            ("W+34.5", "japanese")
        );
        // Options override the record.
        let chinese: ScoreSgfOptions = options(json!({"rules": "chinese"})).unwrap();
        let result = score_sgf(&panda(), &chinese, &EncodingRs).unwrap();
        assert_eq!(result.rules, "chinese");
        assert_eq!(result.komi, 0.5); // the file's KM stays
        let no_dead: ScoreSgfOptions = options(json!({"dead": [], "komi": 6.5})).unwrap();
        let result = score_sgf(&panda(), &no_dead, &EncodingRs).unwrap();
        assert_eq!(result.komi, 6.5);
        assert_eq!(result.territory.black.prisoners, 0);
        // Without KM the new ruleset's default komi applies.
        let text = SgfSource::Text("(;SZ[9];B[ee];W[];B[])".into());
        let nz = options(json!({"rules": "nz"})).unwrap();
        let result = score_sgf(&text, &nz, &EncodingRs).unwrap();
        assert_eq!(result.komi, 7.0);
        assert_eq!(result.area.black.stones, 1);
        // Errors from the file and from the options.
        let bad = SgfSource::Text("(;SZ[9];B[aa];W[aa])".into());
        let err = score_sgf(&bad, &ScoreSgfOptions::default(), &EncodingRs).unwrap_err();
        assert!(err.message().starts_with("move 2 is illegal"));
        let tt: ScoreSgfOptions = options(json!({"rules": "tromp-taylor"})).unwrap();
        let err = score_sgf(&panda(), &tt, &EncodingRs).unwrap_err();
        assert!(err.message().contains("no dead-stone agreement"), "{err}");
        let err = options::<ScoreSgfOptions>(json!({"board": ["X"]})).unwrap_err();
        assert!(err.message().contains("unknown field `board`"), "{err}");
    }

    #[test]
    fn to_sgf_writes_the_scored_position() {
        let record = read_sgf_source(&panda(), &EncodingRs).unwrap();
        let plain = game_to_sgf(&record, None).unwrap();
        assert!(!plain.contains("TB[") && plain.contains("RE[W+34.5]"));
        let scored = game_to_sgf(&record, Some(&[vertex(7.0, 6.0)])).unwrap();
        assert!(scored.contains("TB[") && scored.contains("TW[") && scored.contains("RE[W+34.5]"));
        let err = game_to_sgf(&record, Some(&[vertex(30.0, 6.0)])).unwrap_err();
        assert_eq!(err.message(), "dead vertex [30, 6] is off the 19×19 board");
    }
}
