//! The artefact group of the `kgs_marked` corpus: records whose agreed marks need not
//! follow the board, shared by the native tuning tool and the sample test. The JS bench
//! (`benches/accuracy.mjs`) names the same accounts.

use go_score::GameRecord;

/// Accounts whose counts were accepted whatever they said: the bot `petgo3` accepts its
/// opponent's proposal, so its games keep stones alive that have no way to live (see
/// `docs/estimate.md`). Their games are reported apart and never tuned to.
pub const ARTEFACT_ACCOUNTS: [&str; 1] = ["petgo3"];

/// The artefact account playing in `record`, if one is.
pub fn artefact_of(record: &GameRecord) -> Option<&'static str> {
    let players = [record.info("PB"), record.info("PW")];
    ARTEFACT_ACCOUNTS
        .into_iter()
        .find(|account| players.iter().any(|p| p.as_deref() == Some(*account)))
}
