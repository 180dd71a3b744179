//! Ing counting (Ing's SST rules, as Sensei's Library's "Ing Counting" explains them): every
//! side plays from a bowl of a fixed number of stones. Dead stones go back to the bowls,
//! White's komi goes into Black's territory as stones (komi 8 = 4 stones, each worth 2
//! points), each side fills its territory from its bowl, and what is left over decides:
//! stones left in a bowl, points left unfilled when a bowl ran out, half points for neutral
//! points in seki that cannot be filled. A tie goes to Black.
//!
//! Bowl size: 180 per side on 19×19, that is half the points rounded down on any board,
//! raised to the number of stones a colour has on the board if the game used more (real
//! sets would have run out; the count then still adds up).

use super::{empty_owned_by, Facts, Method, Recorder, StepKind, Tally, View};
use crate::board::{Board, Color, Point};
use crate::position::Position;

/// The stones in each bowl before the game: half the points rounded down (180 on 19×19), or
/// the most stones of one colour on the board if that is more.
pub fn bowl_size(points: usize, most_stones_of_one_colour: usize) -> u32 {
    (points / 2).max(most_stones_of_one_colour) as u32
}

/// What a side has at one moment besides the board.
#[derive(Clone, Copy, Default)]
struct Side {
    bowl: u32,
    komi: f64,
    komi_stones: u32,
    compensation: u32,
    neutral_share: f64,
}

/// The steps of Ing counting of `position` (scored under Ing rules in `facts`).
pub(super) fn steps(position: &Position, facts: &Facts) -> Vec<super::Step> {
    let owner = &facts.area_owner;
    let tally = |board: &Board, color: Color, side: Side| Tally {
        territory: empty_owned_by(board, owner, color),
        on_board: board.count(color) as u32,
        bowl: side.bowl,
        komi: side.komi,
        komi_stones: side.komi_stones,
        compensation: side.compensation,
        neutral_share: side.neutral_share,
        ..Tally::default()
    };
    let mut recorder = Recorder::new(Method::Ing);
    let mut board = position.board().clone();
    let stones = [board.count(Color::Black), board.count(Color::White)];
    let size = bowl_size(board.len(), stones[0].max(stones[1]));
    let mut sides = [Side::default(); 2];
    for color in Color::BOTH {
        sides[color.index()].bowl = size - stones[color.index()] as u32;
    }
    let push = |recorder: &mut Recorder, kind, board: &Board, view, sides: &[Side; 2]| {
        recorder.push(
            kind,
            board,
            view,
            tally(board, Color::Black, sides[0]),
            tally(board, Color::White, sides[1]),
        )
    };
    push(
        &mut recorder,
        StepKind::Start,
        &board,
        View::plain(board.len()),
        &sides,
    );

    for p in 0..board.len() {
        if let (true, Some(color)) = (position.is_dead(p), board.get(p)) {
            board.set(p, None);
            sides[color.index()].bowl += 1;
        }
    }
    push(
        &mut recorder,
        StepKind::RemoveDead,
        &board,
        View::empty_owned(&board, owner),
        &sides,
    );

    // Komi as stones: White's komi into Black's territory (Black's into White's for a
    // negative komi), two points a stone; an odd or half point left over, or stones that
    // find no room, are credited as points.
    let komi = facts.score.komi;
    let (giver, receiver) = if komi >= 0.0 {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let wanted = (komi.abs() / 2.0).floor() as u32;
    let room = room_inside_first(position, &board, owner, receiver);
    let placed = wanted.min(sides[giver.index()].bowl).min(room.len() as u32);
    for &p in room.iter().take(placed as usize) {
        board.set(p, Some(giver));
    }
    sides[giver.index()].bowl -= placed;
    sides[giver.index()].komi_stones = placed;
    sides[1].komi = komi - komi.signum() * 2.0 * placed as f64;
    sides[1].compensation = facts.score.area.white.handicap_compensation;
    push(
        &mut recorder,
        StepKind::KomiStones,
        &board,
        View::empty_owned(&board, owner),
        &sides,
    );

    // Each side fills its own territory from its bowl, as far as the bowl goes.
    for color in Color::BOTH {
        let bowl = &mut sides[color.index()].bowl;
        // From the edges of the territory inwards, so that points a short bowl leaves
        // unfilled are inside it.
        let mut room = room_inside_first(position, &board, owner, color);
        room.reverse();
        room.truncate(*bowl as usize);
        for &p in &room {
            board.set(p, Some(color));
        }
        *bowl -= room.len() as u32;
    }
    push(
        &mut recorder,
        StepKind::Fill,
        &board,
        View::empty_owned(&board, owner),
        &sides,
    );
    push(
        &mut recorder,
        StepKind::Count,
        &board,
        View::empty_owned(&board, owner),
        &sides,
    );

    let neutral: Vec<Point> = (0..board.len()).filter(|&p| facts.neutral[p]).collect();
    if !neutral.is_empty() {
        for side in &mut sides {
            side.neutral_share = 0.5 * neutral.len() as f64;
        }
        let view = View {
            focus: neutral,
            ..View::empty_owned(&board, owner)
        };
        push(&mut recorder, StepKind::Neutral, &board, view, &sides);
    }
    push(
        &mut recorder,
        StepKind::Result,
        &board,
        View::empty_owned(&board, owner),
        &sides,
    );
    recorder.finish()
}

/// The empty points `owner` gives `color`: first those whose every neighbour is in the
/// colour's area (inside the territory), then the others, each in reading order.
fn room_inside_first(
    position: &Position,
    board: &Board,
    owner: &[Option<Color>],
    color: Color,
) -> Vec<Point> {
    let inside = super::japanese::safe_points(position, owner, color);
    let empty = |p: &Point| board.get(*p).is_none() && owner[*p] == Some(color);
    let (mut first, second): (Vec<Point>, Vec<Point>) =
        (0..board.len()).filter(empty).partition(|&p| inside[p]);
    first.extend(second);
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bowls_hold_half_the_board_or_what_the_game_used() {
        assert_eq!(bowl_size(361, 150), 180);
        assert_eq!(bowl_size(81, 30), 40);
        assert_eq!(bowl_size(16, 3), 8);
        assert_eq!(bowl_size(81, 52), 52);
        assert_eq!(bowl_size(1, 0), 0);
    }
}
