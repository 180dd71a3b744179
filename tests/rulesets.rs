//! Every ruleset's conventions applied to positions: komi defaults, handicap compensation,
//! pass stones, and totals that always equal the sum of their parts.

use go_score::api::{self, ScoreInput, ScoreResult};
use go_score::score::SideScore;
use go_score::Ruleset;
use serde_json::{json, Value};

/// Every ruleset's API name.
fn rule_names() -> [&'static str; 7] {
    Ruleset::ALL.map(Ruleset::name)
}

fn score(input: Value) -> ScoreResult {
    let input: ScoreInput = api::decode(input).expect("input decodes");
    api::score_board(&input).expect("scores")
}

/// A 9×9 end position: Black's wall on column 3, White's on column 5, dame between them
/// on column 4, a dead white stone in Black's area.
const BOARD: [&str; 9] = [
    "...X.O...",
    "...X.O...",
    ".O.X.O...",
    "...X.O...",
    "...X.O...",
    "...X.O...",
    "...X.O...",
    "...X.O...",
    "...X.O...",
];

fn sum_of_parts(side: &SideScore) -> f64 {
    (side.territory + side.stones + side.prisoners + side.handicap_compensation + side.pass_stones)
        as f64
        + side.komi
        + side.neutral_share
}

#[test]
fn totals_are_the_sum_of_their_parts_everywhere() {
    for rules in rule_names() {
        for handicap in [0, 2, 9] {
            for komi in [-3.5, 0.0, 0.5, 6.5, 7.0, 100.0] {
                let dead = if rules == "tromp-taylor" {
                    json!([])
                } else {
                    json!([[1, 2]])
                };
                let result = score(json!({
                    "board": BOARD, "rules": rules, "komi": komi, "handicap": handicap,
                    "dead": dead, "captures": {"black": 3, "white": 5},
                    "passes": {"black": 2, "white": 3}, "lastToPlay": "white",
                }));
                for method in [&result.territory, &result.area] {
                    for side in [&method.black, &method.white] {
                        assert_eq!(
                            side.total,
                            sum_of_parts(side),
                            "{rules} h{handicap} k{komi}"
                        );
                    }
                    assert_eq!(method.margin, method.black.total - method.white.total);
                    assert_eq!(method.black.komi, 0.0, "komi goes to White only");
                    assert_eq!(method.white.komi, komi);
                }
                let d = result.difference;
                assert_eq!(d.total, result.area.margin - result.territory.margin);
                let explained =
                    d.last_to_play + d.handicap + d.passes + d.compensation + d.pass_stones;
                assert_eq!(d.other, d.total - explained);
                assert_eq!(d.handicap, f64::from(handicap.max(1) - 1));
            }
        }
    }
}

#[test]
fn default_komi_per_ruleset() {
    for (rules, komi) in [
        ("japanese", 6.5),
        ("korean", 6.5),
        ("chinese", 7.5),
        ("aga", 7.5),
        ("ing", 8.0),
        ("nz", 7.0),
        ("tromp-taylor", 7.5),
    ] {
        let result = score(json!({"board": BOARD, "rules": rules}));
        assert_eq!(result.komi, komi, "{rules}");
        assert_eq!(result.area.white.komi, komi, "{rules}");
    }
    assert_eq!(score(json!({"board": BOARD})).rules, "japanese");
}

#[test]
fn handicap_compensation_per_ruleset_and_override() {
    for (rules, h9) in [
        ("japanese", 0),
        ("korean", 0),
        ("chinese", 9),
        ("aga", 8),
        ("ing", 0),
        ("nz", 0),
        ("tromp-taylor", 0),
    ] {
        let result = score(json!({"board": BOARD, "rules": rules, "handicap": 9}));
        assert_eq!(result.area.white.handicap_compensation, h9, "{rules}");
        // Territory counting never compensates: handicap stones are not counted there.
        assert_eq!(result.territory.white.handicap_compensation, 0, "{rules}");
        assert_eq!(result.difference.compensation, 0.0 - h9 as f64, "{rules}");
        assert!(
            result.difference.compensation.is_sign_positive() || h9 > 0,
            "no -0"
        );
    }
    for (option, expected) in [("none", 0), ("n", 4), ("n-1", 3)] {
        let result = score(json!({
            "board": BOARD, "rules": "chinese", "handicap": 4, "handicapCompensation": option,
        }));
        assert_eq!(
            result.area.white.handicap_compensation, expected,
            "{option}"
        );
    }
    // Handicap 1 means Black simply moves first: no compensation anywhere.
    let result = score(json!({"board": BOARD, "rules": "chinese", "handicap": 1}));
    assert_eq!(result.area.white.handicap_compensation, 0);
}

#[test]
fn aga_pass_stones_in_territory_counting_only() {
    let input = json!({
        "board": BOARD, "rules": "aga", "passes": {"black": 3, "white": 2}, "lastToPlay": "white",
    });
    let result = score(input);
    // Each pass hands the opponent a prisoner.
    assert_eq!(result.territory.black.pass_stones, 2);
    assert_eq!(result.territory.white.pass_stones, 3);
    assert_eq!(result.area.black.pass_stones, 0);
    let japanese =
        score(json!({"board": BOARD, "rules": "japanese", "passes": {"black": 3, "white": 2}}));
    assert_eq!(japanese.territory.white.pass_stones, 0);
}

#[test]
fn tromp_taylor_refuses_dead_marks() {
    let input: ScoreInput =
        api::decode(json!({"board": BOARD, "rules": "tromp-taylor", "dead": [[1, 2]]})).unwrap();
    let err = api::score_board(&input).unwrap_err();
    assert!(err.message().contains("no dead-stone agreement"), "{err}");
    // Without marks the white stone stands and its point is White's area.
    let result = score(json!({"board": BOARD, "rules": "tromp-taylor"}));
    assert_eq!(result.area.white.stones, 10);
    assert_eq!(result.ownership[2][1], -1);
}

#[test]
fn official_method_per_ruleset() {
    for rules in rule_names() {
        let result = score(json!({"board": BOARD, "rules": rules, "komi": 0.5}));
        let official = if ["japanese", "korean"].contains(&rules) {
            assert_eq!(result.method, "territory");
            &result.territory
        } else {
            assert_eq!(result.method, "area");
            &result.area
        };
        assert_eq!(result.margin, official.margin, "{rules}");
        assert_eq!(result.result, official.result, "{rules}");
    }
}

#[test]
fn ownership_follows_the_official_method() {
    let japanese = score(json!({"board": BOARD, "dead": [[1, 2]]}));
    // Territory method: stones are not owned, the dead stone's point is Black's territory.
    assert_eq!(japanese.ownership[0][3], 0);
    assert_eq!(japanese.ownership[2][1], 1);
    assert_eq!(japanese.ownership[0][4], 0, "dame");
    let chinese = score(json!({"board": BOARD, "rules": "chinese", "dead": [[1, 2]]}));
    assert_eq!(chinese.ownership[0][3], 1);
    assert_eq!(chinese.ownership[0][5], -1);
    assert_eq!(chinese.ownership[2][1], 1);
    assert_eq!(chinese.ownership[0][4], 0);
}

#[test]
fn handicap_games_default_to_half_a_point_of_komi() {
    for rules in rule_names() {
        let result = score(json!({"board": BOARD, "rules": rules, "handicap": 4}));
        assert_eq!(result.komi, 0.5, "{rules}");
        let one = score(json!({"board": BOARD, "rules": rules, "handicap": 1}));
        assert_ne!(one.komi, 0.5, "{rules}: one stone is no handicap");
    }
}

/// Ing gives each side half a point for every neutral point in seki (Sensei's Library, "Ing
/// Counting"): the empty points nobody owns that are liberties of a group classifyRegions
/// calls `seki` (the points neither side can fill). No other ruleset gives any.
#[test]
fn ing_half_points_for_neutral_points_in_seki() {
    let mut seki_boards = 0;
    for line in include_str!("fixtures/goscorer_positions.jsonl").lines() {
        let position: Value = serde_json::from_str(line).unwrap();
        let name = &position["name"];
        let board = position["stones"].clone();
        let input = json!({"board": board, "rules": "ing", "komi": 0});
        let decoded: ScoreInput = api::decode(input.clone()).unwrap();
        let classification = api::classify_regions(&decoded).unwrap();
        let (width, height) = (
            classification.region_at[0].len(),
            classification.region_at.len(),
        );
        let mut seki_stone = vec![vec![false; width]; height];
        for group in classification.groups.iter().filter(|g| g.status == "seki") {
            for &[x, y] in &group.stones {
                seki_stone[y][x] = true;
            }
        }
        let mut neutral_in_seki = 0;
        for region in classification.regions.iter().filter(|r| r.owner.is_none()) {
            for &[x, y] in &region.points {
                let next_to_seki =
                    [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)]
                        .iter()
                        .any(|(dx, dy)| {
                            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                            nx >= 0
                                && ny >= 0
                                && (nx as usize) < width
                                && (ny as usize) < height
                                && seki_stone[ny as usize][nx as usize]
                        });
                neutral_in_seki += usize::from(next_to_seki);
            }
        }
        let result = score(input);
        let share = neutral_in_seki as f64 / 2.0;
        assert_eq!(result.area.black.neutral_share, share, "{name}");
        assert_eq!(result.area.white.neutral_share, share, "{name}");
        assert_eq!(result.territory.black.neutral_share, 0.0);
        let chinese = score(json!({"board": board, "rules": "chinese", "komi": 0}));
        assert_eq!(chinese.area.black.neutral_share, 0.0);
        // Both sides get the same half points: the margin is Chinese counting's.
        assert_eq!(result.area.margin, chinese.area.margin, "{name}");
        seki_boards += usize::from(neutral_in_seki > 0);
    }
    assert!(
        seki_boards >= 5,
        "only {seki_boards} boards with neutral points in seki"
    );
}
