//! Japanese counting (Sensei's Library, "Japanese Counting"): dead stones to the lids,
//! prisoners filled into the territory of their own colour, territories rearranged into tens
//! and fives, counted, komi, result.
//!
//! Each side's final count is its empty territory plus the prisoners it could not fill in:
//! territory − own stones lost, not territory + prisoners as the territory score has it, so
//! the totals differ from [`crate::score`]'s while the margin is the same (that page's note 2).

use super::blocks::pack_keeping;
use super::{empty_owned_by, Facts, Method, Recorder, StepKind, Tally, View};
use crate::board::{Board, Color, Point};
use crate::position::Position;

/// The steps of Japanese counting of `position`.
pub(super) fn steps(position: &Position, facts: &Facts) -> Vec<super::Step> {
    let territory = &facts.territory_owner;
    // What each colour may rearrange: its territory and its stones deep inside its area
    // (every neighbour its stone or its territory), which players move too.
    let owner = &with_inner_stones(position, territory);
    let sides = &facts.score.territory;
    // Opponent stones each side holds once the dead are off: captures, dead stones and, under
    // AGA rules, the pass stones handed over.
    let held = [
        sides.black.prisoners + sides.black.pass_stones,
        sides.white.prisoners + sides.white.pass_stones,
    ];
    let mut recorder = Recorder::new(Method::Japanese);
    // Records a step: each side's empty territory and stones on `board`, the opponent stones
    // `lids` says it still holds, and from the komi step on White's komi.
    let mut record = |kind, board: &Board, view, lids: [u32; 2]| {
        let komi = match kind {
            StepKind::Komi | StepKind::Result => facts.score.komi,
            _ => 0.0,
        };
        let tally = |color: Color, komi| Tally {
            territory: empty_owned_by(board, owner, color),
            prisoners: lids[color.index()],
            on_board: board.count(color) as u32,
            komi,
            ..Tally::default()
        };
        recorder.push(
            kind,
            board,
            view,
            tally(Color::Black, 0.0),
            tally(Color::White, komi),
        );
    };

    let board = position.board().clone();
    let before_dead = |color: Color| held[color.index()] - position.dead_count(color.opponent());
    record(
        StepKind::Start,
        &board,
        View::plain(board.len()),
        Color::BOTH.map(before_dead),
    );

    let board = position.cleared_board();
    record(
        StepKind::RemoveDead,
        &board,
        View::empty_owned(&board, owner),
        held,
    );

    // Each colour's stones held by the opponent go into that colour's territory, as far as it
    // has room; what does not fit stays in the lid and counts at the end ("Japanese
    // Counting", step 3).
    let mut board = board;
    let mut left = held;
    let safe = [
        safe_points(position, owner, Color::Black),
        safe_points(position, owner, Color::White),
    ];
    for color in Color::BOTH {
        let lid = &mut left[color.opponent().index()];
        // Points that border anything outside the colour's area first: filling them leaves
        // the rest enclosed and free to rearrange.
        let room = |p: Point| board.get(p).is_none() && owner[p] == Some(color);
        let order = (0..board.len())
            .filter(|&p| room(p) && !safe[color.index()][p])
            .chain((0..board.len()).filter(|&p| room(p) && safe[color.index()][p]))
            .collect::<Vec<Point>>();
        for p in order {
            if *lid == 0 {
                break;
            }
            board.set(p, Some(color));
            *lid -= 1;
        }
    }
    record(
        StepKind::FillPrisoners,
        &board,
        View::empty_owned(&board, owner),
        left,
    );

    // Rearrange: within each colour's territory, the same number of empty points, now in
    // rectangles on points enclosed by the colour's area; stones fill the rest, first the
    // points that touch something outside the area (dame, seki, a false eye), so that no
    // empty point does where there is room inside.
    let mut blocks = vec![0u32; board.len()];
    let mut next_id = 1;
    for color in Color::BOTH {
        let safe = &safe[color.index()];
        let points: Vec<Point> = (0..board.len())
            .filter(|&p| owner[p] == Some(color))
            .collect();
        let empties = points.iter().filter(|&&p| board.get(p).is_none()).count();
        let allowed: Vec<bool> = (0..board.len())
            .map(|p| owner[p] == Some(color) && safe[p])
            .collect();
        let room = points.iter().filter(|&&p| safe[p]).count();
        // Only when the inside is too small do empty points stay on the border, where they
        // already are (there are enough: the empty points inside fit inside).
        let mut empty = vec![false; board.len()];
        let on_border = empties.saturating_sub(room);
        for &p in points
            .iter()
            .filter(|&&p| !safe[p] && board.get(p).is_none())
            .take(on_border)
        {
            empty[p] = true;
        }
        // Points that cannot be squared off stay where they are if they can.
        let keep: Vec<bool> = (0..board.len()).map(|p| board.get(p).is_none()).collect();
        let inside = empties.min(room);
        let packing = pack_keeping(
            board.width(),
            board.height(),
            &allowed,
            inside,
            next_id,
            &keep,
        );
        next_id += packing.ids.len() as u32;
        for &p in &packing.points {
            empty[p] = true;
        }
        for &p in &points {
            board.set(p, if empty[p] { None } else { Some(color) });
            blocks[p] = packing.block[p];
        }
    }
    let counted = || View {
        blocks: blocks.clone(),
        ..View::empty_owned(&board, owner)
    };
    for kind in [
        StepKind::Rearrange,
        StepKind::Count,
        StepKind::Komi,
        StepKind::Result,
    ] {
        record(kind, &board, counted(), left);
    }
    recorder.finish()
}

/// `territory` plus, for each colour, its living stones whose every neighbour is its living
/// stone or its territory.
fn with_inner_stones(position: &Position, territory: &[Option<Color>]) -> Vec<Option<Color>> {
    let board = position.board();
    (0..board.len())
        .map(|p| {
            territory[p].or_else(|| {
                let color = position.living(p)?;
                board
                    .neighbors(p)
                    .all(|n| territory[n] == Some(color) || position.living(n) == Some(color))
                    .then_some(color)
            })
        })
        .collect()
}

/// Points `owner` gives `color` whose every neighbour lies in `color`'s area (its living
/// stones and what `owner` gives it): an empty point there is enclosed whatever happens
/// around it.
pub(super) fn safe_points(position: &Position, owner: &[Option<Color>], color: Color) -> Vec<bool> {
    let board = position.board();
    let in_area = |p: Point| owner[p] == Some(color) || position.living(p) == Some(color);
    (0..board.len())
        .map(|p| owner[p] == Some(color) && board.neighbors(p).all(in_area))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(owner: &[Option<Color>], width: usize) -> Vec<String> {
        owner
            .chunks(width)
            .map(|row| {
                row.iter()
                    .map(|o| match o {
                        Some(Color::Black) => 'b',
                        Some(Color::White) => 'w',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    fn owners(text: &str) -> Vec<Option<Color>> {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'b' => Some(Color::Black),
                'w' => Some(Color::White),
                _ => None,
            })
            .collect()
    }

    fn safe_rows(safe: &[bool], width: usize) -> Vec<String> {
        safe.chunks(width)
            .map(|r| r.iter().map(|&s| if s { 's' } else { '.' }).collect())
            .collect()
    }

    #[test]
    fn inner_stones_join_the_territory_and_border_points_are_not_safe() {
        let board = Board::from_rows(&["...XO.", ".X.XO.", "XXXXO.", "OOOOO."]).unwrap();
        let position = Position::new(board, &[]).unwrap();
        // Black's stone at [1, 1] is inside its territory, White's at [4, 3] inside its own.
        // If [2, 1] were no territory (say a false eye that must be filled), the points
        // next to it are not safe and [1, 1] is no longer inside.
        for (territory, inner, safe) in [
            (
                "bbb..w b.b..w .....w .....w",
                ["bbb..w", "bbb..w", ".....w", "....ww"],
                ["sss...", "sss...", "......", "......"],
            ),
            (
                "bbb..w b....w .....w .....w",
                ["bbb..w", "b....w", ".....w", "....ww"],
                ["ss....", "s.....", "......", "......"],
            ),
        ] {
            let owner = with_inner_stones(&position, &owners(territory));
            assert_eq!(rows(&owner, 6), inner, "{territory}");
            let safe_points = safe_points(&position, &owner, Color::Black);
            assert_eq!(safe_rows(&safe_points, 6), safe, "{territory}");
        }
    }
}
