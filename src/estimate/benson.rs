//! Unconditional life in the sense of Benson's algorithm: chains that cannot be captured
//! even if their owner passes every turn, and the regions they enclose so tightly that
//! every empty point is one of their liberties (opponent stones there are dead).

use crate::board::{Board, ChainMap, Color, NO_CHAIN};

/// What the board proves, per point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unconditional {
    /// The colour of the pass-alive chain on a point.
    pub(crate) alive: Vec<Option<Color>>,
    /// The colour whose pass-alive chains enclose a point in a region where every empty
    /// point is a liberty of one of those chains: that colour's for good.
    pub(crate) territory: Vec<Option<Color>>,
}

impl Unconditional {
    /// Whether the stone on `p` is provably dead: it stands in the opponent's proven region.
    pub(crate) fn surely_dead(&self, board: &Board, p: usize) -> bool {
        matches!((board.get(p), self.territory[p]), (Some(s), Some(t)) if s != t)
    }
}

/// Runs Benson's algorithm for both colours on `board`, whose chains are `chains`.
pub(crate) fn unconditional(board: &Board, chains: &ChainMap) -> Unconditional {
    let mut result = Unconditional {
        alive: vec![None; board.len()],
        territory: vec![None; board.len()],
    };
    for color in Color::BOTH {
        benson(board, &chains.chain_of, &chains.chains, color, &mut result);
    }
    result
}

/// A maximal connected set of points not of the colour under study.
struct Region {
    points: Vec<usize>,
    /// Chains of the colour that touch it.
    neighbours: Vec<u32>,
    /// Chains that have every empty point of the region as a liberty.
    vital_to: Vec<u32>,
}

fn benson(
    board: &Board,
    chain_of: &[u32],
    chains: &[crate::board::Chain],
    color: Color,
    result: &mut Unconditional,
) {
    const NONE: u32 = u32::MAX;
    let mut seen = vec![false; board.len()];
    let mut regions: Vec<Region> = Vec::new();
    for start in 0..board.len() {
        if board.get(start) == Some(color) || seen[start] {
            continue;
        }
        let mut points = vec![start];
        board.flood(&mut points, &mut seen, &mut |n| board.get(n) != Some(color));
        let mut region = Region {
            points,
            neighbours: Vec::new(),
            vital_to: Vec::new(),
        };
        let mut first_empty = true;
        for &p in &region.points {
            let mut adjacent = [NONE; 4];
            let mut count = 0;
            for n in board.neighbors(p).filter(|&n| board.get(n) == Some(color)) {
                let c = chain_of[n];
                if !adjacent[..count].contains(&c) {
                    adjacent[count] = c;
                    count += 1;
                }
                if !region.neighbours.contains(&c) {
                    region.neighbours.push(c);
                }
            }
            if board.get(p).is_none() {
                // The chains vital to a region: those adjacent to every one of its empty points.
                if first_empty {
                    region.vital_to = adjacent[..count].to_vec();
                    first_empty = false;
                } else {
                    region.vital_to.retain(|c| adjacent[..count].contains(c));
                }
            }
        }
        regions.push(region);
    }

    let mut chain_alive: Vec<bool> = chains.iter().map(|c| c.color == color).collect();
    let mut region_healthy = vec![true; regions.len()];
    loop {
        let mut changed = false;
        let mut vital_count = vec![0u32; chains.len()];
        for (r, region) in regions.iter().enumerate() {
            if region_healthy[r] {
                for &c in &region.vital_to {
                    vital_count[c as usize] += 1;
                }
            }
        }
        for (c, alive) in chain_alive.iter_mut().enumerate() {
            if *alive && vital_count[c] < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, region) in regions.iter().enumerate() {
            if region_healthy[r] && region.neighbours.iter().any(|&c| !chain_alive[c as usize]) {
                region_healthy[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    for (c, chain) in chains.iter().enumerate() {
        if chain_alive[c] {
            for &p in &chain.stones {
                result.alive[p] = Some(color);
            }
        }
    }
    for (r, region) in regions.iter().enumerate() {
        if region_healthy[r] && !region.vital_to.is_empty() && !region.neighbours.is_empty() {
            for &p in &region.points {
                result.territory[p] = Some(color);
            }
        }
    }
    debug_assert!(chain_of
        .iter()
        .all(|&c| c == NO_CHAIN || (c as usize) < chains.len()));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(rows: &[&str]) -> (Board, Unconditional) {
        let board = Board::from_rows(rows).unwrap();
        let u = unconditional(&board, &board.chains());
        (board, u)
    }

    /// Black's chain along the top with two one-point eyes, White's below with none.
    const TWO_EYES: [&str; 4] = [".X.X.O.", "XXXXXO.", "OOOOOO.", "......."];

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        // What each board shows, the board, a stone of the chain, and whom it is alive for.
        type Case<'a> = (&'a str, &'a [&'a str], (usize, usize), Option<Color>);
        let cases: [Case; 4] = [
            ("two one-point eyes", &TWO_EYES, (1, 0), Some(Color::Black)),
            ("white has no eyes", &TWO_EYES, (0, 2), None),
            (
                "one small eye and an open area",
                &[".X...", "XXXX.", "OOOO.", "....."],
                (1, 0),
                None,
            ),
            (
                "a three-point eye counts",
                &[".X...", "XXXXX", "OOOOO", "....."],
                (1, 0),
                Some(Color::Black),
            ),
        ];
        for (what, rows, (x, y), alive) in cases {
            let (b, u) = run(rows);
            assert_eq!(u.alive[b.point(x, y)], alive, "{what}");
        }
        let (b, u) = run(&TWO_EYES);
        assert_eq!(u.territory[b.point(0, 0)], Some(Color::Black));
        assert_eq!(u.territory[b.point(2, 0)], Some(Color::Black));
    }

    #[test]
    fn a_stone_inside_a_vital_region_is_dead() {
        let (b, u) = run(&[
            ".XO.X.O", //
            "XX.XXOO", //
            "XXXXO..", //
            "OOOOO..",
        ]);
        // Black's region {[2,0],[3,0],[2,1]} holds a white stone; every empty point of it
        // touches the black chain, and [5,0] is the second eye.
        assert_eq!(u.alive[b.point(0, 1)], Some(Color::Black));
        assert!(u.surely_dead(&b, b.point(2, 0)));
        assert!(!u.surely_dead(&b, b.point(6, 0)));
    }
}
