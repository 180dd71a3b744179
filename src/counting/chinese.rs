//! Chinese counting: dead stones off, then Black's area (stones and territory) counted in
//! blocks of ten against half the board (180.5 on 19×19). Points nobody owns (dame left
//! open, shared liberties in seki) are split half and half, as referees do, so White's count
//! is the board minus Black's. Black wins if the count beats half the board plus half of
//! komi (and of any handicap compensation); the margin is twice the difference.

use super::blocks::pack;
use super::{Facts, Method, Recorder, StepKind, Tally, View};
use crate::board::{Board, Color};
use crate::position::Position;

/// The steps of Chinese counting of `position`.
pub(super) fn steps(position: &Position, facts: &Facts) -> Vec<super::Step> {
    let owner = &facts.area_owner;
    let mut recorder = Recorder::new(Method::Chinese);
    let tally = |board: &Board, color: Color, neutral_share: f64, komi: f64, compensation| Tally {
        territory: super::empty_owned_by(board, owner, color),
        on_board: board.count(color) as u32,
        neutral_share,
        komi,
        compensation,
        ..Tally::default()
    };

    let start = position.board().clone();
    let board = position.cleared_board();
    for (kind, shown) in [(StepKind::Start, &start), (StepKind::RemoveDead, &board)] {
        recorder.push(
            kind,
            shown,
            View::plain(shown.len()),
            tally(shown, Color::Black, 0.0, 0.0, 0),
            tally(shown, Color::White, 0.0, 0.0, 0),
        );
    }

    let black_area: Vec<bool> = (0..board.len())
        .map(|p| match board.get(p) {
            Some(color) => color == Color::Black,
            None => owner[p] == Some(Color::Black),
        })
        .collect();
    let area = black_area.iter().filter(|&&a| a).count();
    let packing = pack(board.width(), board.height(), &black_area, area, 1);
    let dame = (0..board.len())
        .filter(|&p| board.get(p).is_none() && owner[p].is_none())
        .count();
    let share = dame as f64 / 2.0;
    let view = || View {
        shade: black_area.iter().map(|&a| i8::from(a)).collect(),
        blocks: packing.block.clone(),
        focus: Vec::new(),
    };
    recorder.push(
        StepKind::CountArea,
        &board,
        view(),
        tally(&board, Color::Black, share, 0.0, 0),
        tally(&board, Color::White, share, 0.0, 0),
    );
    let komi = facts.score.komi;
    let compensation = facts.score.area.white.handicap_compensation;
    for kind in [StepKind::Komi, StepKind::Result] {
        recorder.push(
            kind,
            &board,
            view(),
            tally(&board, Color::Black, share, 0.0, 0),
            tally(&board, Color::White, share, komi, compensation),
        );
    }
    recorder.finish()
}
