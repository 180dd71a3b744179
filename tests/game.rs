//! The game engine: captures, snapback, ko, superko, suicide per ruleset, handicap
//! placement, undo, error messages; and, on random legal games, seed 003's identity
//! between area and territory counting.

use go_score::classify::RegionKind;
use go_score::game::{fixed_handicap, Action};
use go_score::rules::Ruleset;
use go_score::{classify, score, Board, Color, ErrorKind, Game, GameOptions, Position};

mod common;
use common::random_game;

/// A game from an ASCII board (`X` black, `O` white, `.` empty), `to_play` to move.
fn game_from(rows: &[&str], to_play: Color, rules: Ruleset) -> Game {
    let board = Board::from_rows(rows).unwrap();
    Game::from_position(board, to_play, rules, None, 0).unwrap()
}

fn rows(game: &Game) -> Vec<String> {
    game.board().rows()
}

#[test]
fn a_capture_takes_the_chain_and_counts_it() {
    let mut game = game_from(
        &[
            ".OX..", //
            "OX...", //
            "X....", //
        ],
        Color::Black,
        Ruleset::Japanese,
    );
    // Both white stones have [0, 0] as their last liberty.
    game.play(0, 0).unwrap();
    assert_eq!(rows(&game), ["X.X..", ".X...", "X...."]);
    assert_eq!(game.captures().black, 2);
    assert_eq!(game.captures().white, 0);
    assert_eq!(game.to_play(), Color::White);
    assert_eq!(game.last_to_play(), Some(Color::Black));
}

#[test]
fn one_move_can_capture_two_chains() {
    let mut game = game_from(
        &[
            "XO.OX", //
            ".X.X.", //
            ".....", //
        ],
        Color::Black,
        Ruleset::Chinese,
    );
    game.play(2, 0).unwrap();
    assert_eq!(rows(&game), ["X.X.X", ".X.X.", "....."]);
    assert_eq!(game.captures().black, 2);
}

#[test]
fn snapback() {
    // White's chain has two liberties, [2, 0] and [3, 0]. Black throws in at [2, 0];
    // white captures that stone from [3, 0], which leaves white one liberty, [2, 0], and
    // black plays there again and takes all seven stones: not a ko.
    let mut game = game_from(
        &[
            "XO..OX", //
            "XOOOOX", //
            "XXXXXX", //
            "......", //
        ],
        Color::Black,
        Ruleset::Japanese,
    );
    game.play(2, 0).unwrap();
    assert_eq!(game.captures().black, 0);
    game.play(3, 0).unwrap();
    assert_eq!(game.captures().white, 1);
    assert_eq!(rows(&game)[0], "XO.OOX");
    game.play(2, 0).unwrap();
    assert_eq!(game.captures().black, 7);
    assert_eq!(rows(&game), ["X.X..X", "X....X", "XXXXXX", "......"]);
}

#[test]
fn simple_ko_forbids_only_the_immediate_retake() {
    let shape = [
        ".XO..", //
        "XO.O.", //
        ".XO..", //
        ".....", //
    ];
    let mut game = game_from(&shape, Color::Black, Ruleset::Japanese);
    game.play(2, 1).unwrap(); // black takes the ko
    assert_eq!(game.captures().black, 1);
    let before = game.clone();
    let err = game.play(1, 1).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::IllegalMove);
    assert_eq!(
        err.message(),
        "white cannot retake the ko at [1, 1] at once: simple ko rule (japanese rules); play elsewhere first"
    );
    assert_eq!(game, before);
    // A ko threat and its answer, then the retake is legal.
    game.play(4, 3).unwrap();
    game.play(3, 3).unwrap();
    game.play(1, 1).unwrap();
    assert_eq!(game.captures().white, 1);
    // Now black may not retake at once; after a pass from each side, black may.
    assert!(game.play(2, 1).is_err());
    game.pass().unwrap();
    game.pass().unwrap();
    game.play(2, 1).unwrap();
    assert_eq!(game.captures().black, 2);
}

#[test]
fn superko_rules_forbid_repeating_positions() {
    let shape = [
        ".XO..", //
        "XO.O.", //
        ".XO..", //
        ".....", //
    ];
    for rules in [Ruleset::Chinese, Ruleset::TrompTaylor] {
        let mut game = game_from(&shape, Color::Black, rules);
        game.play(2, 1).unwrap();
        let err = game.play(1, 1).unwrap_err();
        assert_eq!(
            err.message(),
            format!("white [1, 1] would repeat an earlier board position: positional superko ({rules} rules)")
        );
        // Passes do not make the old position available again under superko.
        game.pass().unwrap();
        game.pass().unwrap();
        let err = game.play(1, 1).unwrap_err();
        assert!(err.message().contains("positional superko"), "{err}");
    }
    for rules in [Ruleset::Aga, Ruleset::NewZealand] {
        let mut game = game_from(&shape, Color::Black, rules);
        game.play(2, 1).unwrap();
        let err = game.play(1, 1).unwrap_err();
        assert_eq!(
            err.message(),
            format!("white [1, 1] would repeat an earlier position with black to play: situational superko ({rules} rules)")
        );
    }
    // Under simple ko, after passes the retake is legal: the position repeats.
    let mut game = game_from(&shape, Color::Black, Ruleset::Japanese);
    game.play(2, 1).unwrap();
    game.pass().unwrap();
    game.pass().unwrap();
    game.play(1, 1).unwrap();
}

#[test]
fn positional_and_situational_superko_differ_on_the_player_to_move() {
    // The start has white to move. Black takes the ko out of turn (as a record may), and
    // white retakes: the board repeats the start, but with black to move instead of white.
    let shape = [
        ".XO..", //
        "XO.O.", //
        ".XO..", //
        ".....", //
    ];
    let mut positional = game_from(&shape, Color::White, Ruleset::Chinese);
    positional.play_as(Color::Black, 2, 1).unwrap();
    assert!(positional.play_as(Color::White, 1, 1).is_err());
    let mut situational = game_from(&shape, Color::White, Ruleset::Aga);
    situational.play_as(Color::Black, 2, 1).unwrap();
    situational.play_as(Color::White, 1, 1).unwrap();
    assert_eq!(rows(&situational), shape);
}

#[test]
fn suicide_per_ruleset() {
    let shape = [
        ".X...", //
        "X....", //
        ".....", //
    ];
    // A single stone with no liberties: illegal under every ruleset.
    for rules in Ruleset::ALL {
        let mut game = game_from(&shape, Color::White, rules);
        let err = game.play(0, 0).unwrap_err();
        assert_eq!(
            err.message(),
            "white [0, 0] is suicide: the stone would have no liberties"
        );
        assert_eq!(game.action_count(), 0);
    }
    // Two white stones killing themselves.
    let shape = [
        "O.X..", //
        "XX...", //
        ".....", //
    ];
    for rules in Ruleset::ALL {
        let mut game = game_from(&shape, Color::White, rules);
        let result = game.play(1, 0);
        if rules.conventions().suicide_allowed {
            result.unwrap();
            assert_eq!(rows(&game), ["..X..", "XX...", "....."], "{rules}");
            assert_eq!(game.captures().black, 2, "{rules}");
            assert_eq!(game.to_play(), Color::Black);
        } else {
            let err = result.unwrap_err();
            assert_eq!(
                err.message(),
                format!("white [1, 0] is suicide: its chain of 2 stones would have no liberties, and {rules} rules forbid suicide")
            );
            assert_eq!(rows(&game), shape);
        }
    }
    let allowed: Vec<_> = Ruleset::ALL
        .into_iter()
        .filter(|r| r.conventions().suicide_allowed)
        .collect();
    assert_eq!(allowed, [Ruleset::NewZealand, Ruleset::TrompTaylor]);
}

#[test]
fn errors_name_the_point_and_change_nothing() {
    let mut game = Game::new(&GameOptions {
        width: 9,
        height: 9,
        ..GameOptions::default()
    })
    .unwrap();
    game.play(4, 4).unwrap();
    let before = game.clone();
    let err = game.play(4, 4).unwrap_err();
    assert_eq!(
        err.message(),
        "white cannot play [4, 4]: the point holds a black stone"
    );
    let err = game.play(9, 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidVertex);
    assert_eq!(err.message(), "move [9, 0] is off the 9×9 board");
    let err = game.play(-1, 3).unwrap_err();
    assert_eq!(err.message(), "move [-1, 3] is off the 9×9 board");
    assert_eq!(game, before);
}

#[test]
fn passes_and_undo() {
    let mut game = Game::new(&GameOptions {
        width: 5,
        height: 5,
        rules: Ruleset::Aga,
        ..GameOptions::default()
    })
    .unwrap();
    let start = game.clone();
    assert_eq!(
        game.undo().unwrap_err().message(),
        "nothing to undo: the game is at its start"
    );
    game.play(0, 1).unwrap();
    game.play(1, 0).unwrap();
    game.pass().unwrap();
    let mid = game.clone();
    game.play(2, 2).unwrap();
    game.pass().unwrap();
    game.pass().unwrap();
    assert_eq!(game.passes().black, 2);
    assert_eq!(game.passes().white, 1);
    assert!(game.ended_by_passes());
    assert_eq!(game.last_to_play(), Some(Color::White));
    for _ in 0..3 {
        game.undo().unwrap();
    }
    assert_eq!(game, mid);
    assert!(!game.ended_by_passes());
    for _ in 0..3 {
        game.undo().unwrap();
    }
    assert_eq!(game, start);
}

#[test]
fn undo_restores_captured_stones_and_the_ko_ban() {
    let shape = [
        ".XO..", //
        "XO.O.", //
        ".XO..", //
        ".....", //
    ];
    let mut game = game_from(&shape, Color::Black, Ruleset::Japanese);
    game.play(2, 1).unwrap();
    game.play(4, 3).unwrap();
    assert_eq!(game.undo().unwrap(), Action::Play(Color::White, 14 + 5));
    // The ban on white's immediate retake is back.
    assert!(game.play(1, 1).is_err());
    game.undo().unwrap();
    assert_eq!(rows(&game), shape);
    assert_eq!(game.captures().black, 0);
}

#[test]
fn fixed_handicap_on_star_points() {
    let on = |size, n| fixed_handicap(size, size, n).unwrap();
    assert_eq!(on(19, 2), [(15, 3), (3, 15)]);
    assert_eq!(on(19, 3), [(15, 3), (3, 15), (15, 15)]);
    assert_eq!(on(19, 4), [(15, 3), (3, 15), (15, 15), (3, 3)]);
    assert_eq!(on(19, 5)[4], (9, 9));
    assert_eq!(on(19, 6)[4..], [(3, 9), (15, 9)]);
    assert_eq!(on(19, 7)[4..], [(3, 9), (15, 9), (9, 9)]);
    assert_eq!(on(19, 8)[4..], [(3, 9), (15, 9), (9, 3), (9, 15)]);
    assert_eq!(on(13, 9).len(), 9);
    assert!(on(13, 9).contains(&(9, 3)) && on(13, 9).contains(&(6, 6)));
    assert_eq!(on(9, 4), [(6, 2), (2, 6), (6, 6), (2, 2)]);
    for size in [9, 13, 19] {
        for n in 2..=9 {
            let mut points = on(size, n);
            points.sort();
            points.dedup();
            assert_eq!(points.len(), n as usize, "{size}×{size} handicap {n}");
        }
    }
    assert_eq!(fixed_handicap(19, 19, 10), None);
    assert_eq!(fixed_handicap(7, 7, 2), None);
    assert_eq!(fixed_handicap(19, 13, 2), None);

    let game = Game::new(&GameOptions {
        handicap: 4,
        ..GameOptions::default()
    })
    .unwrap();
    assert_eq!(game.board().count(Color::Black), 4);
    assert_eq!(game.to_play(), Color::White);
    assert_eq!(game.komi(), 0.5);
    assert_eq!(game.last_to_play(), None);
}

#[test]
fn free_handicap_placement() {
    let mut game = Game::new(&GameOptions {
        width: 7,
        height: 7,
        handicap: 3,
        rules: Ruleset::Chinese,
        ..GameOptions::default()
    })
    .unwrap();
    assert_eq!(game.board().count(Color::Black), 0);
    assert_eq!(game.handicap_left(), 3);
    let err = game.pass().unwrap_err();
    assert_eq!(
        err.message(),
        "black cannot pass yet: black still places 3 handicap stones"
    );
    game.play(1, 1).unwrap();
    assert_eq!(game.to_play(), Color::Black);
    let err = game.play_as(Color::White, 3, 3).unwrap_err();
    assert_eq!(
        err.message(),
        "white cannot move yet: black still places 2 handicap stones"
    );
    game.play(5, 5).unwrap();
    game.play(1, 5).unwrap();
    assert_eq!(game.to_play(), Color::White);
    assert_eq!(game.last_to_play(), None);
    game.play(3, 3).unwrap();
    assert_eq!(game.board().count(Color::Black), 3);
    let (_, options) = game.score_options(&[]).unwrap();
    assert_eq!(options.handicap, 3);
}

#[test]
fn komi_defaults_and_checks() {
    let komi = |rules, handicap, komi| {
        Game::new(&GameOptions {
            rules,
            handicap,
            komi,
            ..GameOptions::default()
        })
        .map(|g| g.komi())
    };
    for rules in Ruleset::ALL {
        assert_eq!(
            komi(rules, 0, None).unwrap(),
            rules.conventions().default_komi
        );
        assert_eq!(komi(rules, 2, None).unwrap(), 0.5);
    }
    assert_eq!(komi(Ruleset::Japanese, 0, Some(-3.0)).unwrap(), -3.0);
    assert_eq!(
        komi(Ruleset::Japanese, 0, Some(0.3)).unwrap_err().message(),
        "komi must be a multiple of 0.5, got 0.3"
    );
    let err = Game::new(&GameOptions {
        width: 2,
        height: 2,
        handicap: 4,
        ..GameOptions::default()
    })
    .unwrap_err();
    assert_eq!(
        err.message(),
        "handicap 4 leaves no point free on the 2×2 board"
    );
}

#[test]
fn score_options_carry_the_game() {
    let mut game = game_from(
        &[
            ".O...", //
            "OX...", //
            ".....", //
        ],
        Color::White,
        Ruleset::Korean,
    );
    game.play(2, 1).unwrap(); // no capture yet
    game.play(4, 4 - 2).unwrap();
    game.play(1, 2).unwrap(); // white captures the black stone at [1, 1]
    game.pass().unwrap();
    let (position, options) = game.score_options(&[]).unwrap();
    assert_eq!(options.captures.white, 1);
    assert_eq!(options.passes.black, 1);
    assert_eq!(options.last_to_play, Some(Color::Black));
    assert_eq!(options.rules, Ruleset::Korean);
    assert_eq!(options.komi, Some(6.5));
    assert_eq!(position.board(), game.board());
    let err = game.score_options(&[(0, 0)]).unwrap_err();
    assert_eq!(err.message(), "dead vertex [0, 0] has no stone");
}

/// Whether classification finds nothing the identity leaves out: no seki, no dame, no
/// false eyes, no neutral region.
fn plain_position(position: &Position, rules: Ruleset) -> bool {
    classify(position, rules, false)
        .regions
        .iter()
        .all(|r| r.kind == RegionKind::Territory && r.false_eyes.is_empty())
}

#[test]
fn seed_003_identity_on_random_games() {
    let mut checked = 0;
    let mut games = 0;
    for seed in 0..60u64 {
        let rules = Ruleset::ALL[seed as usize % Ruleset::ALL.len()];
        let (size, handicap) = match seed % 4 {
            0 => (9, 0),
            1 => (9, 2 + (seed % 5) as u32),
            2 => (7, 0),
            _ => (7, 2 + (seed % 3) as u32),
        };
        let game = random_game(seed, size, rules, handicap);
        assert!(
            game.ended_by_passes(),
            "seed {seed}: the playout did not end"
        );
        games += 1;
        let (position, options) = game.score_options(&[]).unwrap();
        let result = score(&position, &options).unwrap();
        let d = result.difference;
        // The parts always add up to the total.
        let parts =
            d.last_to_play + d.handicap + d.passes + d.compensation + d.pass_stones + d.other;
        assert_eq!(parts, d.total, "seed {seed}");
        assert_eq!(
            d.last_to_play,
            f64::from(u8::from(game.last_to_play() == Some(Color::Black)))
        );
        assert_eq!(
            d.passes,
            f64::from(game.passes().white) - f64::from(game.passes().black)
        );
        if plain_position(&position, rules) {
            checked += 1;
            assert_eq!(
                d.other,
                0.0,
                "seed {seed} ({rules}, handicap {handicap}): {d:?}\n{:?}",
                game.board()
            );
        }
    }
    assert_eq!(games, 60);
    // Random playouts end mostly in plain positions: the identity was really exercised.
    eprintln!("identity: {checked} of {games} random games in plain positions");
    assert!(checked >= 30, "only {checked} plain positions");
}

#[test]
fn aga_territory_with_pass_stones_equals_area_when_white_passes_last() {
    let mut white_last = 0;
    for seed in 100..160u64 {
        let handicap = [0, 0, 2, 3, 4][seed as usize % 5];
        let game = random_game(seed, 9, Ruleset::Aga, handicap);
        if game.last_to_play() != Some(Color::White) {
            continue;
        }
        white_last += 1;
        let (position, options) = game.score_options(&[]).unwrap();
        let result = score(&position, &options).unwrap();
        assert_eq!(
            result.territory.margin,
            result.area.margin,
            "seed {seed}, handicap {handicap}\n{:?}",
            game.board()
        );
    }
    eprintln!("aga: {white_last} of 60 random games ended with white passing");
    assert!(
        white_last >= 15,
        "only {white_last} games ended with white's pass"
    );
}

#[test]
fn deep_games_need_no_recursion() {
    // 6000 actions of ko fighting under simple ko, passes lifting each ban.
    let shape = [
        ".XO..", //
        "XO.O.", //
        ".XO..", //
        ".....", //
    ];
    let mut game = game_from(&shape, Color::Black, Ruleset::Japanese);
    for _ in 0..1000 {
        game.play(2, 1).unwrap();
        game.pass().unwrap();
        game.pass().unwrap();
        game.play(1, 1).unwrap();
        game.pass().unwrap();
        game.pass().unwrap();
    }
    assert_eq!(rows(&game), shape);
    assert_eq!(game.captures().black, 1000);
    assert_eq!(game.captures().white, 1000);
    assert_eq!(game.action_count(), 6000);
    while game.undo().is_ok() {}
    assert_eq!(game.action_count(), 0);
}
