//! Empty regions: maximal connected sets of empty points (dead stones taken off), and which
//! colours border each. A region bordered by one colour only is that colour's; bordered by
//! both, or by none (an empty board), it is nobody's.

use crate::board::{Board, Color, Point};

/// Marks a point in no region (a living stone) in [`RegionMap::region_of`].
pub const NO_REGION: u32 = u32::MAX;

/// One connected empty region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Its points, in the order the flood fill found them.
    pub points: Vec<Point>,
    /// Whether a black stone is next to it.
    pub borders_black: bool,
    /// Whether a white stone is next to it.
    pub borders_white: bool,
}

impl Region {
    /// The colour that alone borders the region, if exactly one does.
    pub fn sole_border(&self) -> Option<Color> {
        match (self.borders_black, self.borders_white) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }
}

/// All empty regions of a board and the region of each point.
#[derive(Clone, Debug)]
pub struct RegionMap {
    /// Region id per point, [`NO_REGION`] on stones.
    pub region_of: Vec<u32>,
    /// The regions, in order of their first point in reading order.
    pub regions: Vec<Region>,
}

impl RegionMap {
    /// The owner of `p` by sole border, `None` on stones and on shared or unbordered regions.
    pub fn owner(&self, p: Point) -> Option<Color> {
        match self.region_of[p] {
            NO_REGION => None,
            id => self.regions[id as usize].sole_border(),
        }
    }
}

/// The empty regions of `board`, found by iterative flood fill.
pub fn empty_regions(board: &Board) -> RegionMap {
    let mut region_of = vec![NO_REGION; board.len()];
    let mut regions = Vec::new();
    let mut stack = Vec::new();
    for start in 0..board.len() {
        if board.get(start).is_some() || region_of[start] != NO_REGION {
            continue;
        }
        let id = regions.len() as u32;
        let mut region = Region {
            points: Vec::new(),
            borders_black: false,
            borders_white: false,
        };
        region_of[start] = id;
        stack.push(start);
        while let Some(p) = stack.pop() {
            region.points.push(p);
            for n in board.neighbors(p) {
                match board.get(n) {
                    None if region_of[n] == NO_REGION => {
                        region_of[n] = id;
                        stack.push(n);
                    }
                    Some(Color::Black) => region.borders_black = true,
                    Some(Color::White) => region.borders_white = true,
                    None => {}
                }
            }
        }
        regions.push(region);
    }
    RegionMap { region_of, regions }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Seed 002: a region bordered by one colour only is that colour's; by both or by none,
    // nobody's.
    #[test]
    fn ownership_by_sole_border() {
        let board = Board::from_rows(&["..X..", "XXX..", "...OO", "OOO..", "....."]).unwrap();
        let map = empty_regions(&board);
        assert_eq!(map.owner(board.point(0, 0)), Some(Color::Black));
        assert_eq!(map.owner(board.point(0, 4)), Some(Color::White));
        assert_eq!(
            map.owner(board.point(4, 0)),
            None,
            "touches black and white"
        );
        assert_eq!(map.region_of[board.point(2, 0)], NO_REGION);
    }

    #[test]
    fn empty_board_is_one_unowned_region() {
        let board = Board::new(19, 19).unwrap();
        let map = empty_regions(&board);
        assert_eq!(map.regions.len(), 1);
        assert_eq!(map.regions[0].points.len(), 361);
        assert_eq!(map.regions[0].sole_border(), None);
    }
}
