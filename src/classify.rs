//! Classification of every point: empty regions with their kind and owner, and stone groups
//! with their status, under one ruleset's conventions.

use crate::board::{Color, Point};
use crate::life::{analyze_with_regions, LifeAnalysis};
use crate::position::Position;
use crate::regions::{empty_regions_of, RegionMap, NO_REGION};
use crate::rules::Ruleset;

/// What an empty region is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// Territory of its owner.
    Territory,
    /// Nobody's: bordered by both colours, or points that must be filled.
    Dame,
    /// Inside or between groups in seki and owned by nobody: shared liberties under every
    /// ruleset, and also the eyes of seki groups under territory rules.
    Seki,
    /// Bordered by no stone at all (an empty board).
    Neutral,
}

impl RegionKind {
    /// `"territory"`, `"dame"`, `"seki"` or `"neutral"`.
    pub fn name(self) -> &'static str {
        match self {
            RegionKind::Territory => "territory",
            RegionKind::Dame => "dame",
            RegionKind::Seki => "seki",
            RegionKind::Neutral => "neutral",
        }
    }
}

/// Life status of a group of stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupStatus {
    /// Alive independently.
    Alive,
    /// Marked dead.
    Dead,
    /// Alive only in seki.
    Seki,
}

impl GroupStatus {
    /// `"alive"`, `"dead"` or `"seki"`.
    pub fn name(self) -> &'static str {
        match self {
            GroupStatus::Alive => "alive",
            GroupStatus::Dead => "dead",
            GroupStatus::Seki => "seki",
        }
    }
}

/// One empty region (dead stones taken off).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionInfo {
    /// Index in [`Classification::regions`].
    pub id: usize,
    /// Its points.
    pub points: Vec<Point>,
    /// Territory owner under the ruleset, `None` when nobody's.
    pub owner: Option<Color>,
    /// What the region is.
    pub kind: RegionKind,
    /// Whether a living black stone borders it.
    pub borders_black: bool,
    /// Whether a living white stone borders it.
    pub borders_white: bool,
    /// Its points that are false eyes which must be filled and do not count.
    pub false_eyes: Vec<Point>,
}

/// One chain of stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupInfo {
    /// Index in [`Classification::groups`].
    pub id: usize,
    /// Its colour.
    pub color: Color,
    /// Its stones.
    pub stones: Vec<Point>,
    /// Its liberties in the position as played (dead stones still on the board).
    pub liberties: u32,
    /// Alive, dead or in seki.
    pub status: GroupStatus,
}

/// Regions and groups covering the whole board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classification {
    /// Every empty point (after taking off dead stones) is in exactly one.
    pub regions: Vec<RegionInfo>,
    /// Every stone is in exactly one.
    pub groups: Vec<GroupInfo>,
    /// Region id per point, `-1` on living stones.
    pub region_at: Vec<i32>,
}

/// Classifies every point of `position` under `rules`.
pub fn classify(position: &Position, rules: Ruleset, score_false_eyes: bool) -> Classification {
    let regions = empty_regions_of(position);
    let life = analyze_with_regions(position, &regions);
    classify_with(position, rules, score_false_eyes, &regions, &life)
}

/// As [`classify`], from the empty regions of the cleared board and their life analysis
/// already made (scoring makes them too: one analysis serves both).
pub fn classify_with(
    position: &Position,
    rules: Ruleset,
    score_false_eyes: bool,
    regions: &RegionMap,
    life: &LifeAnalysis,
) -> Classification {
    let conventions = rules.conventions();
    let board = position.board();

    let region_infos = regions
        .regions
        .iter()
        .enumerate()
        .map(|(id, region)| {
            let counts_as_territory = |p: Point| {
                life.territory_owner(regions, p, conventions.seki_territory, score_false_eyes)
            };
            let region_points = regions.points_of(id);
            let owner = region_points.iter().find_map(|&p| counts_as_territory(p));
            let in_seki = region_points.iter().any(|&p| life.seki[p].is_some());
            let kind = if owner.is_some() {
                RegionKind::Territory
            } else if in_seki {
                RegionKind::Seki
            } else if region.borders_black || region.borders_white {
                RegionKind::Dame
            } else {
                RegionKind::Neutral
            };
            // Both in reading order already, as the region's points are.
            let false_eyes: Vec<Point> = if score_false_eyes {
                Vec::new()
            } else {
                region_points
                    .iter()
                    .copied()
                    .filter(|&p| life.false_eye[p])
                    .collect()
            };
            let points = region_points.to_vec();
            RegionInfo {
                id,
                points,
                owner,
                kind,
                borders_black: region.borders_black,
                borders_white: region.borders_white,
                false_eyes,
            }
        })
        .collect();

    let groups = board
        .chains()
        .chains
        .into_iter()
        .enumerate()
        .map(|(id, chain)| {
            let first = chain.stones[0];
            let status = if position.is_dead(first) {
                GroupStatus::Dead
            } else if life.seki[first].is_some() {
                GroupStatus::Seki
            } else {
                GroupStatus::Alive
            };
            GroupInfo {
                id,
                color: chain.color,
                liberties: chain.liberties.len() as u32,
                stones: chain.stones,
                status,
            }
        })
        .collect();

    let region_at = regions
        .region_of
        .iter()
        .map(|&id| if id == NO_REGION { -1 } else { id as i32 })
        .collect();
    Classification {
        regions: region_infos,
        groups,
        region_at,
    }
}
