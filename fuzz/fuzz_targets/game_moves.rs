//! Move sequences on the game engine under every ruleset: plays, passes and undos
//! interleaved, with the engine's invariants checked after every step.
//!
//! Input: byte 0 picks the ruleset, byte 1 the board size (1 … 52, small sizes likelier)
//! and byte 2 the handicap; then each byte is one step: a play at a vertex (the next byte),
//! a play by the other colour, a pass or an undo.
#![no_main]

use go_score::game::{Action, Game, GameOptions};
use go_score::rules::Ruleset;
use go_score::score::PerColor;
use go_score::{Board, Color};
use libfuzzer_sys::fuzz_target;

const RULESETS: [Ruleset; 7] = Ruleset::ALL;

/// What undo must restore and an illegal move must leave alone.
#[derive(Debug, PartialEq)]
struct Snapshot {
    board: Board,
    captures: PerColor<u32>,
    passes: PerColor<u32>,
    to_play: Color,
    last_to_play: Option<Color>,
    actions: usize,
}

fn snapshot(game: &Game) -> Snapshot {
    Snapshot {
        board: game.board().clone(),
        captures: game.captures(),
        passes: game.passes(),
        to_play: game.to_play(),
        last_to_play: game.last_to_play(),
        actions: game.action_count(),
    }
}

fuzz_target!(|data: &[u8]| {
    let [rules, size, handicap, steps @ ..] = data else {
        return;
    };
    let rules = RULESETS[*rules as usize % RULESETS.len()];
    let size = match size % 16 {
        0 => 1 + (*size as usize / 16) % 52,
        s => 2 + s as usize,
    };
    let (width, height) = if size % 5 == 0 {
        (size, size / 2 + 1)
    } else {
        (size, size)
    };
    let options = GameOptions {
        width,
        height,
        rules,
        komi: None,
        handicap: (*handicap % 12) as u32 * u32::from(handicap & 0x80 != 0),
    };
    let Ok(mut game) = Game::new(&options) else {
        return;
    };
    let mut snapshots = vec![snapshot(&game)];
    let mut steps = steps.iter();
    let mut count = 0;
    while let Some(&op) = steps.next() {
        count += 1;
        if count > 200 {
            break;
        }
        let before = snapshot(&game);
        let result = match op % 8 {
            0..=4 | 5 => {
                let Some(&at) = steps.next() else { break };
                let at = at as i64 + 256 * (op as i64 / 8 % 12);
                let (x, y) = (at % width as i64, at / width as i64);
                if op % 8 == 5 {
                    game.play_as(game.to_play().opponent(), x, y)
                } else {
                    game.play(x, y)
                }
            }
            6 => game.pass(),
            _ => {
                let undone = game.undo();
                if undone.is_ok() {
                    snapshots.pop();
                    let expected = snapshots.last().expect("the start stays");
                    assert_eq!(&snapshot(&game), expected, "undo restores");
                }
                game.board()
                    .check_liberties()
                    .expect("every chain has a liberty");
                continue;
            }
        };
        let after = snapshot(&game);
        if result.is_err() {
            assert_eq!(after, before, "an illegal move changes nothing: {result:?}");
            continue;
        }
        after
            .board
            .check_liberties()
            .expect("every chain has a liberty");
        assert_eq!(after.actions, before.actions + 1);
        // Stones that left the board are exactly the captures credited.
        let placed = match game.actions().last() {
            Some(Action::Play(color, _)) => Some(*color),
            Some(Action::Handicap(_)) => Some(Color::Black),
            _ => None,
        };
        for color in [Color::Black, Color::White] {
            let gained = after.captures.get(color) - before.captures.get(color);
            let opponent = color.opponent();
            let added = usize::from(placed == Some(opponent));
            let removed = before.board.count(opponent) + added - after.board.count(opponent);
            assert_eq!(gained as usize, removed, "captures by {color:?}");
        }
        snapshots.push(after);
    }
    // The end of any sequence scores and writes.
    let (position, options) = game.score_options(&[]).expect("a played board is legal");
    go_score::score(&position, &options).expect("a played game scores");
    let record = go_score::GameRecord::new(game);
    let text = go_score::write_sgf(&record, None).expect("writes");
    let again = go_score::read_sgf(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.game.board(), record.game.board(), "{text}");
});
