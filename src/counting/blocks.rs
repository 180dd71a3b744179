//! Rearranging counted points into easy-to-count rectangles: tens (2×5, 5×2) and fives
//! (1×5, 5×1), then single leftover points, as players do when counting by hand.

use crate::board::Point;

/// The orders of rectangle shapes, (columns, rows), tried: lying tens first, standing tens
/// first, and fives only (in narrow territories tens can block better rows of fives).
const SHAPE_ORDERS: [&[(usize, usize)]; 4] = [
    &[(5, 2), (2, 5), (5, 1), (1, 5)],
    &[(2, 5), (5, 2), (1, 5), (5, 1)],
    &[(5, 1), (1, 5)],
    &[(1, 5), (5, 1)],
];

/// Where `count` points were put: which points, and the rectangle each belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    /// The chosen points: the rectangles' points, then the leftovers.
    pub points: Vec<Point>,
    /// Rectangle id per point of the board: `> 0` for a point of a ten or a five, 0 for a
    /// leftover or a point not chosen.
    pub block: Vec<u32>,
    /// The ids used, in order (the first is the `first_id` given).
    pub ids: Vec<u32>,
    /// Rectangles of ten placed.
    pub tens: u32,
    /// Rectangles of five placed.
    pub fives: u32,
}

impl Packing {
    /// Points in rectangles, then tens (what makes a packing easier to count), then chosen
    /// points of `keep` (fewer stones to move).
    fn quality(&self, keep: &[bool]) -> (u32, u32, usize) {
        let kept = self
            .points
            .iter()
            .filter(|&&p| keep.get(p) == Some(&true))
            .count();
        (self.tens * 10 + self.fives * 5, self.tens, kept)
    }
}

/// Where leftovers are looked for, in turn.
#[derive(Clone, Copy)]
enum Leftover {
    /// Points to keep as they are.
    Kept,
    /// Points next to a chosen one.
    Touching,
    /// Any allowed point.
    Any,
}

/// One way of scanning the board for room for rectangles.
#[derive(Clone, Copy)]
struct Scan {
    /// The shapes, tried in this order.
    shapes: &'static [(usize, usize)],
    /// From the bottom right instead of the top left.
    from_the_end: bool,
    /// Column by column instead of row by row.
    by_columns: bool,
}

/// Chooses `count` points among the `allowed` ones (a mask over a `width`×`height` board,
/// with at least `count` points set), putting as many as it can into whole rectangles of
/// ten and five; the rest are single leftovers, taken next to points already chosen where
/// possible. Greedy: each of a few scans (shape orders, from either corner, by rows or by
/// columns) places every rectangle that still fits, and the packing with the most points in
/// rectangles (then the most tens) is kept. Rectangle ids start at `first_id`.
pub fn pack(width: usize, height: usize, allowed: &[bool], count: usize, first_id: u32) -> Packing {
    pack_keeping(width, height, allowed, count, first_id, &[])
}

/// As [`pack`], preferring the points of `keep` (a mask, or empty for none): where the
/// points already are. Leftovers go there first, so that what cannot be squared off does
/// not move, and of equally good packings the one choosing more of them wins.
pub fn pack_keeping(
    width: usize,
    height: usize,
    allowed: &[bool],
    count: usize,
    first_id: u32,
    keep: &[bool],
) -> Packing {
    let mut best: Option<Packing> = None;
    for shapes in SHAPE_ORDERS {
        for from_the_end in [false, true] {
            for by_columns in [false, true] {
                let scan = Scan {
                    shapes,
                    from_the_end,
                    by_columns,
                };
                let packing = pack_with(width, height, allowed, count, first_id, scan, keep);
                let better = match &best {
                    Some(b) => packing.quality(keep) > b.quality(keep),
                    None => true,
                };
                if better {
                    best = Some(packing);
                }
            }
        }
    }
    best.expect("SHAPE_ORDERS is not empty")
}

/// [`pack`] with one scan.
fn pack_with(
    width: usize,
    height: usize,
    allowed: &[bool],
    count: usize,
    first_id: u32,
    scan: Scan,
    keep: &[bool],
) -> Packing {
    debug_assert_eq!(allowed.len(), width * height);
    let mut used = vec![false; allowed.len()];
    let mut packing = Packing {
        points: Vec::with_capacity(count),
        block: vec![0; allowed.len()],
        ids: Vec::new(),
        tens: 0,
        fives: 0,
    };
    let mut next_id = first_id;
    for &(columns, rows) in scan.shapes {
        let size = columns * rows;
        if columns > width || rows > height {
            continue;
        }
        // Top-left corners of the rectangle, in scan order.
        let (last_x, last_y) = (width - columns, height - rows);
        let corners = (last_x + 1) * (last_y + 1);
        for i in 0..corners {
            if count - packing.points.len() < size {
                break;
            }
            let i = if scan.from_the_end {
                corners - 1 - i
            } else {
                i
            };
            let (x, y) = if scan.by_columns {
                (i / (last_y + 1), i % (last_y + 1))
            } else {
                (i % (last_x + 1), i / (last_x + 1))
            };
            let fits = (0..rows).all(|dy| {
                (0..columns).all(|dx| {
                    let p = (y + dy) * width + x + dx;
                    allowed[p] && !used[p]
                })
            });
            if !fits {
                continue;
            }
            for dy in 0..rows {
                for dx in 0..columns {
                    let p = (y + dy) * width + x + dx;
                    used[p] = true;
                    packing.block[p] = next_id;
                    packing.points.push(p);
                }
            }
            packing.ids.push(next_id);
            next_id += 1;
            if size == 10 {
                packing.tens += 1;
            } else {
                packing.fives += 1;
            }
        }
    }
    // Leftovers: first points of `keep`, then points touching a chosen one (compact
    // shapes), then any.
    for pass in [Leftover::Kept, Leftover::Touching, Leftover::Any] {
        for p in 0..allowed.len() {
            if packing.points.len() == count {
                break;
            }
            if !allowed[p] || used[p] {
                continue;
            }
            let (x, y) = (p % width, p / width);
            let wanted = match pass {
                Leftover::Kept => keep.get(p) == Some(&true),
                Leftover::Touching => {
                    (x > 0 && used[p - 1])
                        || (x + 1 < width && used[p + 1])
                        || (y > 0 && used[p - width])
                        || (y + 1 < height && used[p + width])
                }
                Leftover::Any => true,
            };
            if !wanted {
                continue;
            }
            used[p] = true;
            packing.points.push(p);
        }
    }
    debug_assert_eq!(
        packing.points.len(),
        count,
        "fewer allowed points than asked"
    );
    packing
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packing drawn as rows: the block id's last digit, `o` for a leftover, `.` else.
    fn draw(width: usize, packing: &Packing, allowed: &[bool]) -> Vec<String> {
        let chosen: Vec<bool> = {
            let mut c = vec![false; allowed.len()];
            for &p in &packing.points {
                c[p] = true;
            }
            c
        };
        (0..allowed.len() / width)
            .map(|y| {
                (0..width)
                    .map(|x| {
                        let p = y * width + x;
                        match (chosen[p], packing.block[p]) {
                            (true, 0) => 'o',
                            (true, id) => char::from_digit(id % 10, 10).unwrap(),
                            _ => '.',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_full_rectangle_becomes_tens_fives_and_leftovers() {
        let allowed = vec![true; 6 * 4];
        let packing = pack(6, 4, &allowed, 23, 1);
        assert_eq!(
            (packing.tens, packing.fives, packing.points.len()),
            (2, 0, 23)
        );
        assert_eq!(
            draw(6, &packing, &allowed),
            ["11111o", "11111o", "22222o", "22222."]
        );
    }

    #[test]
    fn narrow_shapes_get_columns_and_fives() {
        // A 2-wide column of 7 rows: one vertical ten, and 4 points left over.
        let allowed = vec![true; 2 * 7];
        let packing = pack(2, 7, &allowed, 14, 3);
        assert_eq!((packing.tens, packing.fives), (1, 0));
        assert_eq!(packing.ids, [3]);
        assert_eq!(
            draw(2, &packing, &allowed),
            ["33", "33", "33", "33", "33", "oo", "oo"]
        );
        // One row of 12: two fives and two leftovers.
        let packing = pack(12, 1, &[true; 12], 12, 1);
        assert_eq!((packing.tens, packing.fives), (0, 2));
        assert_eq!(draw(12, &packing, &[true; 12]), ["1111122222oo"]);
    }

    #[test]
    fn only_allowed_points_are_chosen_and_the_count_is_exact() {
        let rows = ["XX.XX.", "X....X", "X....X", "X....X", ".X..X."];
        let allowed: Vec<bool> = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| c == '.')
            .collect();
        let total = allowed.iter().filter(|&&a| a).count();
        for count in 0..=total {
            let packing = pack(6, 5, &allowed, count, 1);
            assert_eq!(packing.points.len(), count);
            let mut seen = vec![false; allowed.len()];
            for &p in &packing.points {
                assert!(allowed[p] && !seen[p]);
                seen[p] = true;
            }
            let in_blocks = packing.block.iter().filter(|&&b| b > 0).count() as u32;
            assert_eq!(in_blocks, packing.tens * 10 + packing.fives * 5);
        }
    }

    #[test]
    fn leftovers_stay_where_they_were() {
        // Seven points in a row: one five and two leftovers, one of them on a kept point.
        let allowed = [true; 9];
        let mut keep = [false; 9];
        keep[0] = true;
        keep[8] = true;
        let packing = pack_keeping(9, 1, &allowed, 7, 1, &keep);
        assert_eq!(draw(9, &packing, &allowed), ["11111o..o"]);
        let packing = pack(9, 1, &allowed, 7, 1);
        assert_eq!(draw(9, &packing, &allowed), ["11111oo.."]);
    }

    #[test]
    fn tiny_boards() {
        assert_eq!(pack(1, 1, &[true], 1, 1).points, [0]);
        assert_eq!(pack(1, 1, &[true], 0, 1).points, Vec::<Point>::new());
        let packing = pack(1, 5, &[true; 5], 5, 7);
        assert_eq!((packing.fives, packing.block.clone()), (1, vec![7; 5]));
    }
}
