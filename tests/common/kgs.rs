//! The artefact groups of the `kgs_marked` corpus: records whose agreed marks need not
//! follow the board, shared by the native tuning tool and the sample test. The JS bench
//! (`benches/kgs_marked.mjs`) applies the same rules.

use go_score::{Board, GameRecord};

/// Accounts whose counts were accepted whatever they said: the bot `petgo3` accepts its
/// opponent's proposal, so its games keep stones alive that have no way to live (see
/// `docs/estimate.md`). Their games are reported apart and never tuned to.
pub const ARTEFACT_ACCOUNTS: [&str; 1] = ["petgo3"];

/// The artefact account playing in `record`, if one is.
pub fn artefact_account(record: &GameRecord) -> Option<&'static str> {
    let players = [record.info("PB"), record.info("PW")];
    ARTEFACT_ACCOUNTS
        .into_iter()
        .find(|account| players.iter().any(|p| p.as_deref() == Some(*account)))
}

/// The artefact group `record` belongs to, if any: its artefact account, else
/// `kept in atari` when [`kept_in_atari`] finds a chain.
pub fn artefact_of(record: &GameRecord) -> Option<&'static str> {
    artefact_account(record).or_else(|| kept_in_atari(record).map(|_| "kept in atari"))
}

/// Whether the record's marks keep on the board a chain the other side could take at once
/// for nothing: a chain in atari that the marks leave alive, none of the chains touching
/// it marked dead or in atari themselves (no race, no capture back), and the capturing
/// stone left with two liberties or more (no ko, no snapback). Both players passed with
/// such a chain on the board and then counted it alive: an oversight in the marks, not a
/// reading of the board. Returns a stone of the first such chain.
pub fn kept_in_atari(record: &GameRecord) -> Option<usize> {
    let board = record.game.board();
    let mut marked = vec![false; board.len()];
    for p in record.dead_hints() {
        marked[p] = true;
    }
    let chains = board.chains();
    let kept = chains.chains.iter().find(|chain| {
        let [liberty] = chain.liberties[..] else {
            return false;
        };
        if marked[chain.stones[0]] {
            return false;
        }
        let opponent = chain.color.opponent();
        let safe_around = chain
            .stones
            .iter()
            .flat_map(|&s| board.neighbors(s))
            .filter(|&n| board.get(n) == Some(opponent))
            .all(|n| !marked[n] && chains.chains[chains.chain_of[n] as usize].liberties.len() >= 2);
        safe_around && capture_keeps_two_liberties(board, liberty, opponent)
    });
    kept.map(|chain| chain.stones[0])
}

/// Whether `color` playing `at` captures every chain of the other colour in atari there
/// and is left with two liberties or more.
fn capture_keeps_two_liberties(board: &Board, at: usize, color: go_score::Color) -> bool {
    let mut after = board.clone();
    after.set(at, Some(color));
    for n in board.neighbors(at) {
        if after.get(n) == Some(color.opponent()) {
            let chain = after.chain(n);
            let free = chain
                .iter()
                .flat_map(|&s| after.neighbors(s))
                .any(|q| after.get(q).is_none());
            if !free {
                for s in chain {
                    after.set(s, None);
                }
            }
        }
    }
    let mut liberties: Vec<usize> = after
        .chain(at)
        .iter()
        .flat_map(|&s| after.neighbors(s))
        .filter(|&q| after.get(q).is_none())
        .collect();
    liberties.sort_unstable();
    liberties.dedup();
    liberties.len() >= 2
}
