//! Dead-stone estimation on finished engine games whose dead stones are known
//! (`tests/fixtures/engine_games/`, GNU Go self-play on 9×9, 13×13 and 19×19): the native
//! loop for tuning on them. Prints, by part, board size and kind of game (self-play, with
//! random moves, with a late invasion), how many games get every dead stone right;
//! `--misses` lists the others, `--boards` draws them.
//!
//! ```text
//! cargo run --release --example engine_games -- [PATH/games.jsonl] [--part tuning|validation|all]
//!     [--id ID]... [--misses] [--boards]
//! ```
//! `--id` (repeatable) keeps only the games named.
//! Boards: `X`/`O` living stones; `x`/`o` dead and found; `b`/`w` dead but kept; `!` alive
//! but called dead.

#[path = "../tests/common/engine_games.rs"]
mod engine_games;
#[path = "../tests/common/split.rs"]
mod split;

use engine_games::{engine_games, estimated_dead, EngineGame};
use go_score::Color;
use split::part_of;
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + 1].clone())
    };
    let path = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| "tests/fixtures/engine_games/games.jsonl".to_owned());
    let part = value("--part").unwrap_or_else(|| "tuning".to_owned());
    let misses = args.iter().any(|a| a == "--misses");
    let boards = args.iter().any(|a| a == "--boards");
    let ids: Vec<&str> = args
        .windows(2)
        .filter(|w| w[0] == "--id")
        .map(|w| w[1].as_str())
        .collect();
    let text = std::fs::read_to_string(&path).expect("read the corpus");
    // (part, size, kind) → (games, exact)
    let mut tally: BTreeMap<(&str, usize, &str), (usize, usize)> = BTreeMap::new();
    for game in engine_games(&text) {
        let game_part = part_of(&game.id);
        if (part != "all" && part != game_part)
            || (!ids.is_empty() && !ids.contains(&game.id.as_str()))
        {
            continue;
        }
        let dead = estimated_dead(&game);
        let exact = dead == game.dead;
        // Ids carry the kind: `gnugo-9-l1-n15-5000` (random moves), `-inv-` (a late
        // invasion), `-h4-` (four handicap stones).
        let kind = if game.id.contains("-h") {
            "handicap"
        } else if game.id.contains("-inv-") {
            "late invasion"
        } else if game.id.contains("-n") {
            "with random moves"
        } else {
            "self-play"
        };
        let entry = tally
            .entry((game_part, game.board.width(), kind))
            .or_default();
        entry.0 += 1;
        entry.1 += usize::from(exact);
        if !exact && (misses || boards) {
            let kept = (0..dead.len())
                .filter(|&p| game.dead[p] && !dead[p])
                .count();
            let killed = (0..dead.len())
                .filter(|&p| !game.dead[p] && dead[p])
                .count();
            println!(
                "miss {}: {kept} dead stones kept, {killed} living stones called dead",
                game.id
            );
            if boards {
                draw(&game, &dead);
            }
        }
    }
    println!("part        size  kind               games  dead exact");
    for ((part, size, kind), (games, exact)) in tally {
        let pct = 100.0 * exact as f64 / games as f64;
        println!("{part:<11} {size:>4}  {kind:<17} {games:>6} {exact:>6} ({pct:.1} %)");
    }
}

fn draw(game: &EngineGame, dead: &[bool]) {
    let board = &game.board;
    for y in 0..board.height() {
        let row: String = (0..board.width())
            .map(|x| {
                let p = board.point(x, y);
                let Some(color) = board.get(p) else {
                    return '.';
                };
                match (color, game.dead[p], dead[p]) {
                    (_, false, true) => '!',
                    (Color::Black, true, true) => 'x',
                    (Color::White, true, true) => 'o',
                    (Color::Black, true, false) => 'b',
                    (Color::White, true, false) => 'w',
                    (Color::Black, false, false) => 'X',
                    (Color::White, false, false) => 'O',
                }
            })
            .flat_map(|c| [c, ' '])
            .collect();
        println!("  {row}");
    }
}
