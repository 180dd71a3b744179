//! Life analysis for territory counting: which empty points are territory once seki, false
//! eyes and dame are taken into account.
//!
//! This first version knows only sole-border ownership; seki and false-eye detection are the
//! subject of their own work (see the issue on seki, false eyes and dame).

use crate::board::{Color, Point};
use crate::position::Position;
use crate::regions::{empty_regions, RegionMap};

/// The result of life analysis, one entry per point of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LifeAnalysis {
    /// Territory owner under territory counting (Japanese/Korean): empty points and points
    /// under dead stones only; seki points, dame and false eyes that must be filled are `None`.
    pub territory: Vec<Option<Color>>,
    /// Points (empty or under dead stones) that are false eyes which must eventually be
    /// filled; they would be the owner's territory but for that.
    pub false_eye: Vec<bool>,
    /// The colour of the group in seki that a point belongs to: its stones and the empty
    /// points it encloses or shares.
    pub seki: Vec<Option<Color>>,
    /// Empty points that belong to nobody and are not part of a seki.
    pub dame: Vec<bool>,
}

impl LifeAnalysis {
    /// The territory owner of `p` for territory counting. Rulesets that count seki
    /// territory (area rulesets) take plain sole-border ownership; territory rulesets take
    /// this analysis, with false eyes added back when the caller scores them anyway.
    pub fn territory_owner(
        &self,
        regions: &RegionMap,
        p: Point,
        seki_territory: bool,
        score_false_eyes: bool,
    ) -> Option<Color> {
        if seki_territory || (score_false_eyes && self.false_eye[p]) {
            regions.owner(p)
        } else {
            self.territory[p]
        }
    }
}

/// Analyses `position`: the regions of its board with the dead stones taken off, then which
/// points are territory under territory-counting rules.
pub fn analyze(position: &Position) -> LifeAnalysis {
    let cleared = position.cleared_board();
    let regions = empty_regions(&cleared);
    analyze_with_regions(position, &regions)
}

/// As [`analyze`], reusing regions already computed for the cleared board.
pub fn analyze_with_regions(position: &Position, regions: &RegionMap) -> LifeAnalysis {
    let len = position.board().len();
    let territory: Vec<Option<Color>> = (0..len).map(|p| regions.owner(p)).collect();
    let dame = (0..len)
        .map(|p| {
            let id = regions.region_of[p];
            id != crate::regions::NO_REGION && {
                let r = &regions.regions[id as usize];
                r.borders_black && r.borders_white
            }
        })
        .collect();
    LifeAnalysis {
        territory,
        false_eye: vec![false; len],
        seki: vec![None; len],
        dame,
    }
}
