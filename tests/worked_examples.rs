//! Worked examples from the public texts on scoring (the OGS Rules and Scoring FAQ,
//! Wikipedia's "Rules of Go", Sensei's Library's "Ing Counting" and MtnViewMark's
//! "Thinking About Scoring"), scored through the JSON-facing API (the same decode path
//! JavaScript uses).

#[path = "common/boards.rs"]
mod boards;

use boards::{walls, OGS_FAQ_BOARD};
use go_score::api::{self, ScoreInput, ScoreResult};
use go_score::rules::Ruleset;
use serde_json::{json, Value};

fn score(input: Value) -> ScoreResult {
    let input: ScoreInput = api::decode(input).expect("input decodes");
    api::score_board(&input).expect("scores")
}

#[test]
fn ogs_faq_counts() {
    for rules in ["japanese", "chinese"] {
        let result = score(json!({
            "board": OGS_FAQ_BOARD, "rules": rules, "komi": 6,
            "captures": {"black": 2, "white": 1},
        }));
        let t = &result.territory;
        let a = &result.area;
        assert_eq!((a.black.stones, a.white.stones), (23, 23), "{rules}");
        assert_eq!((t.black.territory, t.white.territory), (17, 16), "{rules}");
        assert_eq!((a.black.territory, a.white.territory), (17, 16), "{rules}");
        // OGS writes territory totals as territory − own stones lost (W 20, B 16); we add
        // stones taken (W 16 + 1 + 6 = 23, B 17 + 2 = 19). The margin is the same: W+4.
        assert_eq!((t.black.total, t.white.total), (19.0, 23.0), "{rules}");
        assert_eq!(t.margin, -4.0);
        assert_eq!(t.result, "W+4");
        // Area: W 23 + 16 + 6 = 45, B 23 + 17 = 40.
        assert_eq!((a.black.total, a.white.total), (40.0, 45.0), "{rules}");
        assert_eq!(a.result, "W+5");
        let official = if rules == "japanese" { "W+4" } else { "W+5" };
        assert_eq!(result.result, official);
        assert_eq!(result.komi, 6.0);
        // The two contested points are nobody's in the ownership map.
        let unowned: usize = result
            .ownership
            .iter()
            .flatten()
            .filter(|&&o| o == 0)
            .count();
        let expected_unowned = if rules == "japanese" { 2 + 46 } else { 2 };
        assert_eq!(unowned, expected_unowned, "{rules}");
    }
}

#[test]
fn ogs_faq_difference_is_explained_by_the_passes() {
    // Black has 23 stones + 1 lost = 24 moves on the board, White 23 + 2 = 25: with White
    // passing last, Black must have passed once more than White. MtnViewMark's identity
    // (Sensei's Library, "MtnViewMark/Thinking About Scoring") then explains the whole
    // one-point difference between the methods.
    let result = score(json!({
        "board": OGS_FAQ_BOARD, "rules": "chinese", "komi": 6,
        "captures": {"black": 2, "white": 1},
        "passes": {"black": 2, "white": 1}, "lastToPlay": "white",
    }));
    let d = result.difference;
    assert_eq!(d.total, -1.0);
    assert_eq!((d.last_to_play, d.handicap, d.passes), (0.0, 0.0, -1.0));
    assert_eq!(d.other, 0.0);
}

/// Territory as Wikipedia's "Rules of Go" defines it: an empty region bordered by one colour
/// only is that colour's; bordered by both, or by none (an empty board), it is nobody's.
#[test]
fn territory_definition() {
    let result = score(
        json!({"board": ["..X..", "XXX..", "...OO", "OOO..", "....."], "rules": "chinese", "komi": 0}),
    );
    assert_eq!(result.ownership[0][0], 1, "bordered by Black only");
    assert_eq!(result.ownership[4][0], -1, "bordered by White only");
    assert_eq!(result.ownership[0][4], 0, "bordered by both");
    let empty = score(json!({"board": vec![".".repeat(19); 19], "rules": "chinese", "komi": 0}));
    assert!(empty.ownership.iter().flatten().all(|&o| o == 0));
    assert_eq!(empty.area.black.total, 0.0);
    assert_eq!(empty.area.result, "Draw");
}

/// A 19×19 board split by a wall: Black's area is `black_area` points (wall included).
/// Each row has a black wall stone at column `c` and a white one at `c + 1`.
fn split_board(black_area: usize) -> Vec<String> {
    // 19 rows of 9 or 10 black points (c = 8 or 9): 171 + k = black_area.
    let wide_rows = black_area - 171;
    walls(19, |y| if y < wide_rows { 9 } else { 8 })
}

/// Sensei's Library's "Ing Counting" example (a 1995 World Youth game): with all neutral
/// points filled and dead stones removed, Black's area beats White's by 11; komi 8 leaves
/// Black winning by 3.
#[test]
fn ing_counting_example_black_wins_by_3() {
    let mut board = split_board(186);
    // A dead white stone inside Black's area: removed to the bowl, its point is Black's.
    board[2].replace_range(2..3, "O");
    let result = score(json!({"board": board, "rules": "ing", "dead": [[2, 2]]}));
    assert_eq!(result.komi, 8.0);
    assert_eq!(result.method, "area");
    let a = &result.area;
    assert_eq!(a.black.stones + a.black.territory, 186);
    assert_eq!(a.white.stones + a.white.territory, 175);
    assert_eq!((a.black.total, a.white.total), (186.0, 183.0));
    assert_eq!(result.result, "B+3");
    assert_eq!(result.ownership[2][2], 1);
}

#[test]
fn ties_go_to_black_under_ing_only() {
    // Black area 182 (163 territory), White 179 (160): a komi of 3 makes both counts equal.
    let board = split_board(182);
    for rules in Ruleset::ALL.map(Ruleset::name) {
        let result = score(json!({"board": board, "rules": rules, "komi": 3}));
        assert_eq!(result.margin, 0.0, "{rules}");
        let (result_text, winner) = if rules == "ing" {
            ("B+0", "black")
        } else {
            ("Draw", "draw")
        };
        assert_eq!(result.result, result_text, "{rules}");
        assert_eq!(
            serde_json::to_value(result.winner).unwrap(),
            json!(winner),
            "{rules}"
        );
    }
}

mod mtnviewmark_identity {
    //! MtnViewMark's cases, each played out on a 5×5 board: Black walls off columns 0–1,
    //! White columns 3–4, column 2 stays between them. Area margin − territory margin must
    //! be P + H + (Wz − Bz).
    use go_score::game::{Game, GameOptions};
    use go_score::score::Difference;
    use go_score::{score, Ruleset};

    /// Plays `moves` (`(x, y)`, or `None` for a pass), scores under Japanese rules (no
    /// handicap compensation, so the identity shows bare), komi 0, and returns the
    /// difference between the area and territory margins, checking its total against them.
    fn play(handicap: u32, moves: &[Option<(i64, i64)>]) -> Difference {
        let options = GameOptions {
            width: 5,
            height: 5,
            rules: Ruleset::Japanese,
            komi: Some(0.0),
            handicap,
        };
        let mut game = Game::new(&options).unwrap();
        for (i, step) in moves.iter().enumerate() {
            match step {
                Some((x, y)) => game.play(*x, *y),
                None => game.pass(),
            }
            .unwrap_or_else(|e| panic!("move {i}: {e}"));
        }
        let (position, options) = game.score_options(&[]).unwrap();
        let result = score(&position, &options).unwrap();
        let gap = result.area.margin - result.territory.margin;
        assert_eq!(
            result.difference.total, gap,
            "the total is area − territory"
        );
        result.difference
    }

    /// Both walls, Black's stone first in each row.
    fn walls() -> Vec<Option<(i64, i64)>> {
        (0..5).flat_map(|y| [Some((1, y)), Some((3, y))]).collect()
    }

    /// The difference's parts that these cases move: `total` (area − territory),
    /// `last_to_play` (P), `handicap` (H) and `passes` (Wz − Bz); no compensation, no pass
    /// stones, nothing else.
    fn parts(total: f64, last_to_play: f64, handicap: f64, passes: f64) -> Difference {
        Difference {
            total,
            last_to_play,
            handicap,
            passes,
            compensation: 0.0,
            pass_stones: 0.0,
            other: 0.0,
        }
    }

    #[test]
    fn even_game_white_passes_last_counts_agree() {
        let mut moves = walls();
        moves.extend([None, None]);
        assert_eq!(play(0, &moves), parts(0.0, 0.0, 0.0, 0.0));
    }

    #[test]
    fn black_passes_last_area_favours_black_by_one() {
        let mut moves = walls();
        moves.extend([Some((2, 2)), None, None]);
        assert_eq!(play(0, &moves), parts(1.0, 1.0, 0.0, 0.0));
    }

    #[test]
    fn three_stone_handicap_area_favours_black_by_two() {
        // Black places three stones freely; White then moves first.
        let mut moves = vec![Some((0, 0)), Some((0, 2)), Some((0, 4))];
        moves.extend((0..5).flat_map(|y| [Some((3, y)), Some((1, y))]));
        moves.extend([Some((4, 0)), None, None]);
        assert_eq!(play(3, &moves), parts(2.0, 0.0, 2.0, 0.0));
    }

    #[test]
    fn an_extra_white_pass_moves_area_towards_black() {
        let mut moves = walls();
        moves.truncate(9); // White's last wall stone waits
        moves.extend([None, Some((2, 2)), Some((3, 4)), None, None]);
        assert_eq!(play(0, &moves), parts(1.0, 0.0, 0.0, 1.0));
    }
}
