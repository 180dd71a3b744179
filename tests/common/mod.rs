//! Helpers shared by the integration tests: a seeded random playout.

use go_score::rules::Ruleset;
use go_score::{Board, Color, Game, GameOptions};

/// A small deterministic generator (xorshift64*), so failures can be replayed by seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Whether `p` is an eye of `color` a random player should not fill: every neighbour is
/// its stone and at most one diagonal (none on the edge) is the opponent's.
fn is_own_eye(board: &Board, p: usize, color: Color) -> bool {
    if board.get(p).is_some() || board.neighbors(p).any(|n| board.get(n) != Some(color)) {
        return false;
    }
    let diagonals: Vec<_> = board.diagonals(p).collect();
    let bad = diagonals
        .iter()
        .filter(|&&d| board.get(d) == Some(color.opponent()))
        .count();
    if diagonals.len() < 4 {
        bad == 0
    } else {
        bad <= 1
    }
}

/// Plays random legal moves (never filling own eyes) until both players pass in a row.
pub fn random_game(seed: u64, size: usize, rules: Ruleset, handicap: u32) -> Game {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut game = Game::new(&GameOptions {
        width: size,
        height: size,
        rules,
        handicap,
        ..GameOptions::default()
    })
    .unwrap();
    // Free placement (no star points for this size): put the stones at random.
    while game.handicap_left() > 0 {
        let p = rng.below(size * size);
        let (x, y) = game.board().vertex(p);
        let _ = game.play(x as i64, y as i64);
    }
    let limit = size * size * 6;
    while !game.ended_by_passes() && game.action_count() < limit {
        let color = game.to_play();
        let mut candidates: Vec<usize> = (0..size * size)
            .filter(|&p| !is_own_eye(game.board(), p, color))
            .filter(|&p| game.board().get(p).is_none())
            .collect();
        let mut played = false;
        while !candidates.is_empty() {
            let i = rng.below(candidates.len());
            let p = candidates.swap_remove(i);
            let (x, y) = game.board().vertex(p);
            if game.play(x as i64, y as i64).is_ok() {
                played = true;
                break;
            }
        }
        if !played {
            game.pass().unwrap();
        }
    }
    game
}
