//! Invented positions, drawn in ASCII: seki with eyes, double-ko seki, bent four in the
//! corner, a hane seki, seki on the far edges of a 52×52 board, and a 52×52 spiral.

use super::analyze;
use crate::board::{Board, Color};
use crate::classify::{classify, GroupStatus, RegionKind};
use crate::position::Position;
use crate::rules::Ruleset;
use crate::score::{score, Score, ScoreOptions};

fn position(rows: &[&str], dead: &[(i64, i64)]) -> Position {
    Position::new(Board::from_rows(rows).unwrap(), dead).unwrap()
}

fn scored(position: &Position, rules: Ruleset) -> Score {
    let options = ScoreOptions {
        rules,
        komi: Some(0.0),
        ..ScoreOptions::default()
    };
    score(position, &options).unwrap()
}

/// The official ownership map as rows of `B`, `W`, `.`.
fn owner_rows(position: &Position, rules: Ruleset) -> Vec<String> {
    let width = position.board().width();
    scored(position, rules)
        .ownership
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|&o| match o {
                    1 => 'B',
                    -1 => 'W',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

/// Group status at a vertex.
fn status_at(position: &Position, x: usize, y: usize) -> GroupStatus {
    let p = position.board().point(x, y);
    let c = classify(position, Ruleset::Japanese, false);
    c.groups
        .iter()
        .find(|g| g.stones.contains(&p))
        .expect("a stone at the vertex")
        .status
}

// Seki with an eye each. Black's three stones in the corner have the eye at a1 (0,0),
// White's five stones the eye at (4,0); they share the liberty (2,0). Whoever fills (2,0)
// puts both groups in atari and the other side captures first, so nobody fills it. The
// outside groups are alive with room to spare. Japanese rules: the two eyes and the shared
// liberty are no one's territory; area rules count each eye for its owner. (The estimator's
// race reading uses it as its seki that is no race lost.)
pub(crate) const SEKI_WITH_EYES: [&str; 6] = [
    ".X.O.OX..",
    "XXXOOOX..",
    "OOOXXXX..",
    "..OX.....",
    "..OX.....",
    "..OX.....",
];

#[test]
fn seki_with_an_eye_each() {
    let pos = position(&SEKI_WITH_EYES, &[]);
    assert_eq!(
        owner_rows(&pos, Ruleset::Japanese),
        [
            ".......BB",
            ".......BB",
            ".......BB",
            "WW..BBBBB",
            "WW..BBBBB",
            "WW..BBBBB",
        ]
    );
    let area = owner_rows(&pos, Ruleset::Chinese);
    assert_eq!(&area[0][..6], "BB.WWW", "area counting gives each seki eye");
    assert_eq!(status_at(&pos, 1, 0), GroupStatus::Seki);
    assert_eq!(status_at(&pos, 3, 0), GroupStatus::Seki);
    assert_eq!(status_at(&pos, 0, 2), GroupStatus::Alive);
    assert_eq!(status_at(&pos, 6, 0), GroupStatus::Alive);
    let japanese = scored(&pos, Ruleset::Japanese);
    assert_eq!(japanese.territory.black.territory, 21);
    assert_eq!(japanese.territory.white.territory, 6);

    let c = classify(&pos, Ruleset::Japanese, false);
    let kind_at = |x: usize, y: usize| {
        let id = c.region_at[pos.board().point(x, y)] as usize;
        c.regions[id].kind
    };
    assert_eq!(kind_at(0, 0), RegionKind::Seki);
    assert_eq!(kind_at(4, 0), RegionKind::Seki);
    assert_eq!(kind_at(2, 0), RegionKind::Seki, "the shared liberty");
    assert_eq!(kind_at(8, 0), RegionKind::Territory);
    let c = classify(&pos, Ruleset::Chinese, false);
    let id = c.region_at[0] as usize;
    assert_eq!(c.regions[id].kind, RegionKind::Territory);
    assert_eq!(c.regions[id].owner, Some(Color::Black));
}

// Double-ko seki. Black's inner group (row 3 and its four teeth) has the liberties (1,4)
// and (3,4); White's inner group (row 6 and its teeth) has (3,4) and (5,5). At (1,4) White
// can take the black stone (1,5) in a ko; at (5,5) Black can take the white stone (5,4)
// in a ko. If White takes first, Black's group is in atari but Black takes the other ko,
// which gives Black a liberty back and puts White's group in atari in turn; neither side
// can win both kos, and filling (3,4) self-ataris. Both inner groups live in seki; the
// outer walls own the top and the bottom.
const DOUBLE_KO_SEKI: [&str; 10] = [
    ".............",
    ".............",
    "OOOOOOOO.....",
    "XXXXXXXO.....",
    "X.X.XOXOOOOOO",
    "OXOOO.OXXXXXX",
    "OOOOOOOX.....",
    "XXXXXXXX.....",
    ".............",
    ".............",
];

#[test]
fn double_ko_seki() {
    let pos = position(&DOUBLE_KO_SEKI, &[]);
    for (x, y) in [(0, 3), (1, 5), (0, 5), (5, 4)] {
        assert_eq!(
            status_at(&pos, x, y),
            GroupStatus::Seki,
            "stone at ({x}, {y})"
        );
    }
    assert_eq!(status_at(&pos, 0, 2), GroupStatus::Alive);
    assert_eq!(status_at(&pos, 0, 7), GroupStatus::Alive);
    let map = owner_rows(&pos, Ruleset::Japanese);
    assert_eq!(&map[4][..7], ".......", "ko points and the shared liberty");
    assert_eq!(&map[5][..7], ".......");
    let japanese = scored(&pos, Ruleset::Japanese);
    assert_eq!(japanese.territory.black.territory, 36);
    assert_eq!(japanese.territory.white.territory, 36);
}

// Bent four in the corner. White's six stones have only the liberties (2,0) and (0,1),
// shared with Black's two corner stones: it looks like seki. If Black fills either point
// White captures three stones and a ko follows; under Japanese rules Black can remove
// every ko threat first, so the white group is dead as it stands (J1989 article 7 and its
// commentary). The scorer cannot read that from the stones: it sees a seki, and the
// players mark the white stones dead, after which the whole corner is Black's.
const BENT_FOUR: [&str; 7] = [
    "XX.OX..", ".OOOX..", "OOXXX..", "XXX....", ".......", ".......", ".......",
];

#[test]
fn bent_four_in_the_corner_is_dead_only_when_marked() {
    // Unmarked, the corner is a seki and its two empty points are no one's; marked, White's
    // stones are dead and the whole corner is Black's.
    // The dead marks, the statuses at [3, 0] and [0, 0], Black's territory and prisoners.
    type Case<'a> = (&'a [(i64, i64)], [GroupStatus; 2], u32, u32, &'a str);
    let cases: [Case; 2] = [
        (
            &[],
            [GroupStatus::Seki; 2],
            31,
            0,
            "all but (2,0) and (0,1)",
        ),
        (
            &[(3, 0)],
            [GroupStatus::Dead, GroupStatus::Alive],
            39,
            6,
            "33 empty + 6 under dead stones",
        ),
    ];
    for (dead, statuses, territory, prisoners, why) in cases {
        let position = position(&BENT_FOUR, dead);
        let found = [status_at(&position, 3, 0), status_at(&position, 0, 0)];
        assert_eq!(found, statuses, "{why}");
        let score = scored(&position, Ruleset::Japanese).territory;
        assert_eq!(
            (score.black.territory, score.black.prisoners),
            (territory, prisoners),
            "{why}"
        );
        assert_eq!(score.white.territory, 0, "{why}");
    }
    let marked = position(&BENT_FOUR, &[(3, 0)]);
    assert_eq!(
        scored(&marked, Ruleset::Japanese).territory.black.total,
        45.0
    );
    assert!(owner_rows(&marked, Ruleset::Japanese)[..3]
        .iter()
        .all(|row| !row.contains('W')));
}

// Hane seki (hanezeki): goscorer's test_hanezeki2 board (MIT), turned a quarter so its top
// edge becomes the right edge. On each side, a black and a white string stand in atari
// next to each other; whoever captures starts a capturing race that the capturer then
// loses (capturing makes the capturer's own big eye small), so neither captures: seki.
// The middle black group lives independently with three points of territory.
const HANEZEKI: [&str; 7] = [
    "OXOX.OXO.XOXO",
    "OXOXOXXXOXOXO",
    "OXOXOX.XOXOXO",
    ".XOOOX.XOOOX.",
    "XXOXXX.XXXOXX",
    "OOOX.....XOOO",
    "XXXX.....XXXX",
];
/// Its dead stones: the white stones in Black's eyes at both ends of the top edge, the black
/// string (9, 0..2) and the white stone (7, 0).
const HANEZEKI_DEAD: [(usize, usize); 10] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (7, 0),
    (9, 0),
    (9, 1),
    (9, 2),
    (12, 0),
    (12, 1),
    (12, 2),
];
/// goscorer's seki layer on the board: the groups living in seki.
const HANEZEKI_SEKI: [&str; 7] = [
    "BBWB.W....WBB",
    "BBWBW...W.WBB",
    "BBWBW...W.WBB",
    "BBWWW...WWWBB",
    "BBW.......WBB",
    "WWW.......WWW",
    ".............",
];

#[test]
fn hane_seki_turned_a_quarter() {
    let (w, h) = (HANEZEKI[0].len(), HANEZEKI.len());
    // (x, y) goes to (h - 1 - y, x): the board turned clockwise, h wide and w high.
    let turn = |x: usize, y: usize| (h - 1 - y, x);
    let mut rows = vec![vec!['.'; h]; w];
    let mut seki = rows.clone();
    for y in 0..h {
        for (x, (stone, mark)) in HANEZEKI[y]
            .chars()
            .zip(HANEZEKI_SEKI[y].chars())
            .enumerate()
        {
            let (tx, ty) = turn(x, y);
            rows[ty][tx] = stone;
            seki[ty][tx] = mark;
        }
    }
    let rows: Vec<String> = rows.into_iter().map(String::from_iter).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let dead: Vec<(i64, i64)> = HANEZEKI_DEAD
        .iter()
        .map(|&(x, y)| {
            let (tx, ty) = turn(x, y);
            (tx as i64, ty as i64)
        })
        .collect();
    let pos = position(&rows, &dead);
    let life = analyze(&pos);
    for (ty, row) in seki.iter().enumerate() {
        for (tx, &mark) in row.iter().enumerate() {
            let p = pos.board().point(tx, ty);
            if pos.living(p).is_none() {
                continue;
            }
            let ours = match life.seki[p] {
                Some(Color::Black) => 'B',
                Some(Color::White) => 'W',
                None => '.',
            };
            assert_eq!(ours, mark, "seki of the stone at ({tx}, {ty})");
        }
    }
    // The middle group's three points of territory, and Black's big eyes in the seki
    // count nothing under Japanese rules.
    let score = scored(&pos, Ruleset::Japanese);
    assert_eq!(score.territory.black.territory, 13);
    assert_eq!(score.territory.white.territory, 0);
}

/// Rows of a `size`×`size` board from `top` (rows drawn at the top-left), the rest filled
/// by `fill_row(y)`.
fn big_board(size: usize, top: &[&str], fill_row: impl Fn(usize) -> String) -> Vec<String> {
    (0..size)
        .map(|y| match top.get(y) {
            Some(row) => format!("{row:.<size$}"),
            None => fill_row(y),
        })
        .collect()
}

#[test]
fn seki_on_the_edges_of_the_largest_board() {
    // The seki with eyes at the top-left of a 52×52 board, the walls carried down to the
    // bottom edge: White owns the two columns on the left, Black everything on the right.
    let size = 52;
    let rows = big_board(size, &SEKI_WITH_EYES[..3], |_| {
        format!("{:.<size$}", "..OX")
    });
    let as_str: Vec<&str> = rows.iter().map(String::as_str).collect();
    let pos = position(&as_str, &[]);
    assert_eq!(status_at(&pos, 1, 0), GroupStatus::Seki);
    assert_eq!(status_at(&pos, 3, 0), GroupStatus::Seki);
    let score = scored(&pos, Ruleset::Japanese);
    let white = 2 * (size - 3);
    let black = 2 * (size - 7) + (size - 7) + (size - 3) * (size - 4);
    assert_eq!(score.territory.white.territory as usize, white);
    assert_eq!(score.territory.black.territory as usize, black);

    // The same turned half a turn: the seki now sits at the bottom-right corner.
    let turned: Vec<String> = rows
        .iter()
        .rev()
        .map(|r| r.chars().rev().collect())
        .collect();
    let as_str: Vec<&str> = turned.iter().map(String::as_str).collect();
    let pos = position(&as_str, &[]);
    assert_eq!(status_at(&pos, size - 2, size - 1), GroupStatus::Seki);
    assert_eq!(status_at(&pos, size - 4, size - 1), GroupStatus::Seki);
    let score = scored(&pos, Ruleset::Japanese);
    assert_eq!(score.territory.white.territory as usize, white);
    assert_eq!(score.territory.black.territory as usize, black);
}

/// A black wall winding inwards from the top-left corner with a one-point corridor beside
/// it: one chain of about half the board and one eye space that is a single long path.
fn spiral(size: usize) -> Vec<String> {
    let mut cells = vec![vec!['.'; size]; size];
    let (mut x, mut y) = (0i64, 0i64);
    let directions = [(1i64, 0i64), (0, 1), (-1, 0), (0, -1)];
    let mut lengths = vec![size as i64 - 1, size as i64 - 1];
    let mut next = size as i64 - 1;
    while next > 0 {
        lengths.push(next);
        next -= 2;
        lengths.push(next.max(0));
        lengths.push(next.max(0));
        if next <= 0 {
            break;
        }
    }
    cells[0][0] = 'X';
    for (i, &len) in lengths.iter().enumerate() {
        let (dx, dy) = directions[i % 4];
        for _ in 0..len {
            x += dx;
            y += dy;
            cells[y as usize][x as usize] = 'X';
        }
    }
    cells.into_iter().map(String::from_iter).collect()
}

#[test]
fn spiral_group_on_the_largest_board() {
    let rows = spiral(52);
    let as_str: Vec<&str> = rows.iter().map(String::as_str).collect();
    let board = Board::from_rows(&as_str).unwrap();
    let chains = board.chains();
    assert_eq!(chains.chains.len(), 1, "one winding chain");
    let stones = board.count(Color::Black);
    let pos = Position::new(board, &[]).unwrap();
    let life = analyze(&pos);
    // The corridor is one long eye space: many eyes, every empty point Black's territory.
    let empty = 52 * 52 - stones;
    assert_eq!(life.territory.iter().filter(|t| t.is_some()).count(), empty);
    assert!(life.seki.iter().all(Option::is_none));
    let score = scored(&pos, Ruleset::Japanese);
    assert_eq!(score.territory.black.territory as usize, empty);
}

// Regression from the first drawing of the OGS scoring FAQ's board (since redrawn in
// tests/worked_examples.rs without this shape): White's stone on the first line at
// (4, 8) touches Black on two sides and has one liberty, (5, 8). White must connect there
// before the game ends (else Black captures it), so under Japanese rules (5, 8) is a false
// eye that must be filled, not territory; with `score_false_eyes` it counts.
#[test]
fn a_point_needed_to_save_a_stone_in_atari_is_not_territory() {
    let pos = position(
        &[
            "XX.XO..OO",
            "XX.X.O.OO",
            "XX.XO..OO",
            "XX..XO.OO",
            "XX..XO.OO",
            "X..X.O..O",
            "X...XO..O",
            "X...XO..O",
            "X..XO...O",
        ],
        &[],
    );
    let life = analyze(&pos);
    let p = pos.board().point(5, 8);
    assert!(life.false_eye[p]);
    assert_eq!(life.territory[p], None);
    let score = scored(&pos, Ruleset::Japanese);
    assert_eq!(score.territory.white.territory, 15);
    let options = ScoreOptions {
        rules: Ruleset::Japanese,
        komi: Some(0.0),
        score_false_eyes: true,
        ..ScoreOptions::default()
    };
    let counted = crate::score::score(&pos, &options).unwrap();
    assert_eq!(counted.territory.white.territory, 16);
}

// Real end-of-game boards from OGS (tests/fixtures/ogs_endgames.jsonl, Apache-2.0), many
// with open borders and unfilled dame: whatever the analysis decides, a territory point is
// a point area counting gives the same side, a false eye is never also territory, and
// scoring false eyes only adds points.
#[test]
fn invariants_on_real_endgames() {
    let text = include_str!("../../tests/fixtures/ogs_endgames.jsonl");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let rows = |key: &str| -> Vec<String> {
            v[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap().to_string())
                .collect()
        };
        let stones = rows("stones");
        let mut dead = Vec::new();
        for (y, row) in rows("expected_dead").iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                if ch == 'd' {
                    dead.push((x as i64, y as i64));
                }
            }
        }
        let board = Board::from_rows(&stones).unwrap();
        let Ok(pos) = Position::new(board, &dead) else {
            continue;
        };
        let life = analyze(&pos);
        let regions = crate::regions::empty_regions_of(&pos);
        for p in 0..pos.board().len() {
            if let Some(owner) = life.territory[p] {
                assert_eq!(regions.owner(p), Some(owner), "{} point {p}", v["name"]);
                assert!(pos.living(p).is_none());
            }
            assert!(!(life.false_eye[p] && life.territory[p].is_some()));
            if life.seki[p].is_some() {
                assert_eq!(life.territory[p], None);
            }
        }
        let plain = scored(&pos, Ruleset::Japanese);
        let options = ScoreOptions {
            rules: Ruleset::Japanese,
            komi: Some(0.0),
            score_false_eyes: true,
            ..ScoreOptions::default()
        };
        let with_false_eyes = score(&pos, &options).unwrap();
        for color in Color::BOTH {
            let side = |s: &Score| match color {
                Color::Black => s.territory.black.territory,
                Color::White => s.territory.white.territory,
            };
            assert!(side(&with_false_eyes) >= side(&plain));
        }
        checked += 1;
    }
    assert!(checked >= 12, "most endgames load ({checked})");
}

/// A small deterministic generator (xorshift), so the random positions are the same on
/// every run.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal position: stones at random, then chains without liberties taken off
/// until none is left, then some chains marked dead.
fn random_position(rng: &mut Xorshift, width: usize, height: usize) -> Position {
    let mut board = Board::new(width, height).unwrap();
    let density = 30 + rng.below(50);
    for p in 0..board.len() {
        let roll = rng.below(100);
        if roll < density {
            let color = if rng.below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            board.set(p, Some(color));
        }
    }
    loop {
        let chains = board.chains();
        let Some(dead) = chains.chains.iter().find(|c| c.liberties.is_empty()) else {
            break;
        };
        for &p in &dead.stones {
            board.set(p, None);
        }
    }
    let mut dead = vec![false; board.len()];
    for chain in board.chains().chains.iter().filter(|_| rng.below(5) == 0) {
        for &p in &chain.stones {
            dead[p] = true;
        }
    }
    Position::from_mask(board, dead)
}

/// The position turned a quarter clockwise: (x, y) goes to (height - 1 - y, x).
fn turned(position: &Position) -> Position {
    let board = position.board();
    let (w, h) = (board.width(), board.height());
    let mut out = Board::new(h, w).unwrap();
    let mut dead = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            let q = out.point(h - 1 - y, x);
            out.set(q, board.get(board.point(x, y)));
            dead[q] = position.is_dead(board.point(x, y));
        }
    }
    Position::from_mask(out, dead)
}

#[test]
fn random_positions_keep_the_invariants_in_every_orientation() {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let mut differ = Vec::new();
    for case in 0..400 {
        let (w, h) = (1 + rng.below(13) as usize, 1 + rng.below(13) as usize);
        let pos = random_position(&mut rng, w, h);
        let life = analyze(&pos);
        let regions = crate::regions::empty_regions_of(&pos);
        for p in 0..pos.board().len() {
            if let Some(owner) = life.territory[p] {
                assert_eq!(regions.owner(p), Some(owner));
            }
        }
        // The same answers, point for point, on the board turned three times.
        let mut current = pos.clone();
        let mut current_life = life.clone();
        for _ in 0..3 {
            let next = turned(&current);
            let next_life = analyze(&next);
            let (cw, ch) = (current.board().width(), current.board().height());
            for y in 0..ch {
                for x in 0..cw {
                    let p = current.board().point(x, y);
                    let q = next.board().point(ch - 1 - y, x);
                    if current_life.territory[p] != next_life.territory[q]
                        || current_life.seki[p] != next_life.seki[q]
                    {
                        differ.push((case, format!("{:?}", current.board())));
                    }
                }
            }
            current = next;
            current_life = next_life;
        }
    }
    differ.dedup_by_key(|d| d.0);
    for (case, board) in differ.iter().take(3) {
        println!("case {case}:\n{board}");
    }
    assert!(
        differ.is_empty(),
        "{} positions depend on orientation",
        differ.len()
    );
}
