//! Empty regions: maximal connected sets of empty points (dead stones taken off), and which
//! colours border each. A region bordered by one colour only is that colour's; bordered by
//! both, or by none (an empty board), it is nobody's.

use crate::board::{Board, Color, Point};
use crate::position::Position;

/// Marks a point in no region (a living stone) in [`RegionMap::region_of`].
pub const NO_REGION: u32 = crate::board::NO_LABEL;

/// One connected empty region; its points are [`RegionMap::points_of`] its id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Where its points start in [`RegionMap::points`].
    pub start: u32,
    /// How many points it has.
    pub size: u32,
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
    /// Every empty point, region by region, each region's in reading order. One array for
    /// all regions: a vector per region cost more than the scan that finds them.
    pub points: Vec<Point>,
}

impl RegionMap {
    /// The points of region `id`, in reading order.
    #[inline]
    pub fn points_of(&self, id: usize) -> &[Point] {
        let region = &self.regions[id];
        &self.points[region.start as usize..(region.start + region.size) as usize]
    }

    /// The owner of `p` by sole border, `None` on stones and on shared or unbordered regions.
    #[inline]
    pub fn owner(&self, p: Point) -> Option<Color> {
        match self.region_of[p] {
            NO_REGION => None,
            id => self.regions[id as usize].sole_border(),
        }
    }
}

/// The empty regions of `board`, labelled in one scan ([`Board::label_components`]); each
/// region's points are in reading order.
pub fn empty_regions(board: &Board) -> RegionMap {
    regions_around(board, |p| board.get(p))
}

/// The empty regions of `position` once its dead stones are taken off (without building
/// that board).
pub fn empty_regions_of(position: &Position) -> RegionMap {
    regions_around(position.board(), |p| position.living(p))
}

/// Regions of the points where `stone(p)` is `None`, bordered by the stones it gives.
fn regions_around(board: &Board, stone: impl Fn(Point) -> Option<Color>) -> RegionMap {
    const EMPTY: u8 = 1;
    const BLACK: u8 = 2;
    const WHITE: u8 = 4;
    let (width, len) = (board.width(), board.len());
    let cells: Vec<u8> = (0..len)
        .map(|p| match stone(p) {
            None => EMPTY,
            Some(Color::Black) => BLACK,
            Some(Color::White) => WHITE,
        })
        .collect();
    let labels = board.label_components(|p| u8::from(cells[p] == EMPTY));
    let mut regions = vec![
        Region {
            start: 0,
            size: 0,
            borders_black: false,
            borders_white: false,
        };
        labels.count
    ];
    // Sizes and borders in one pass, the neighbours' codes or-ed together.
    let mut p = 0;
    for _y in 0..board.height() {
        for x in 0..width {
            let label = labels.of[p];
            if label != NO_REGION {
                let mut around = 0;
                if x > 0 {
                    around |= cells[p - 1];
                }
                if x + 1 < width {
                    around |= cells[p + 1];
                }
                if p >= width {
                    around |= cells[p - width];
                }
                if p + width < len {
                    around |= cells[p + width];
                }
                let region = &mut regions[label as usize];
                region.size += 1;
                region.borders_black |= around & BLACK != 0;
                region.borders_white |= around & WHITE != 0;
            }
            p += 1;
        }
    }
    let mut next = 0;
    for region in &mut regions {
        region.start = next;
        next += region.size;
    }
    // A counting sort: each region's points land in its span, in reading order.
    let mut points = vec![0; next as usize];
    let mut fill: Vec<u32> = regions.iter().map(|r| r.start).collect();
    for (p, &label) in labels.of.iter().enumerate() {
        if label != NO_REGION {
            points[fill[label as usize] as usize] = p;
            fill[label as usize] += 1;
        }
    }
    RegionMap {
        region_of: labels.of,
        regions,
        points,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Territory as the rules of Go define it (Wikipedia, "Rules of Go"): a region bordered by
    // one colour only is that colour's; by both or by none, nobody's.
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
        assert_eq!(map.points_of(0).len(), 361);
        assert_eq!(map.regions[0].sole_border(), None);
    }
}
