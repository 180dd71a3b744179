//! Life analysis for territory counting: which empty points are territory once seki, false
//! eyes and dame are taken into account, judged from the stones and the dead marks alone.
//!
//! The analysis runs as a sequence of passes over a padded copy of the board, each
//! producing one per-point layer:
//!
//! 1. **Seals** ([`seal`]): empty points where a colour's stones shut the way (the gap of a
//!    one-point jump, a tiger's mouth, first-line gaps). The opponent can arrive there but
//!    cannot pass through: it could not connect out that way.
//! 2. **Reach**: which colours' living stones can reach each point without crossing a
//!    living opponent stone, once strictly (through anything) and once stopping at the
//!    opponent's seals.
//! 3. **Areas**: maximal stretches of points that only one colour reaches (seals
//!    respected), with the living stones of that colour in them. An area is that colour's
//!    sphere of life; everything outside every area is dame.
//! 4. **Chains**: connected points of one kind (empty, living or dead stones of a colour)
//!    and their liberties.
//! 5. **Links**: the living chains of a colour joined through dame (points of no area
//!    that no opponent seal closes): stones that can connect whenever they need to.
//! 6. **Eyes**: connected non-living points inside one area.
//! 7. **False eye points**: eye points whose surrounding links cannot reach every side of
//!    the point without it (through other eyes, or other points of the same eye): the
//!    point must be filled to connect. Found for all points at once from the cut vertices
//!    of the link–eye graph ([`cut`]).
//! 8. **Eye values** ([`eyes`]): how many eyes (0–2) each eye space gives its owner,
//!    from its shape, its weaknesses and the dead stones in it.
//! 9. **Unscorable false eyes**: false eye points whose cut-off side reaches no eye of
//!    positive value, so they must really be filled.
//! 10. **Scoring**: an area whose eyes add up to less than two is in seki (no territory);
//!     the rest of an area's non-living points are territory, except unscorable false eyes
//!     and points the opponent still strictly reaches.
//!
//! The yardstick is lightvector's goscorer (MIT), whose pass structure this follows; the
//! code and the linear-time graph formulation are ours. Everything is iterative (no
//! recursion) and linear in the number of points, up to the per-eye shape heuristics,
//! which are linear in the eye.

mod cut;
mod eyes;
mod grid;
mod seal;

use crate::board::{Color, Point};
use crate::position::Position;
use crate::regions::{empty_regions, RegionMap};
use cut::{Graph, Search};
use grid::{Grid, NONE};

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
    /// points it encloses or shares. Shared liberties (dame touching groups in seki) carry
    /// the colour of a seki group next to them, Black's when both colours touch them; they
    /// are also `dame`.
    pub seki: Vec<Option<Color>>,
    /// Empty points (or points under dead stones) that belong to nobody: no single colour's
    /// sphere of life contains them. Those shared by groups in seki are also marked `seki`.
    pub dame: Vec<bool>,
    /// The colour whose sphere of life (an area only it reaches, its living stones
    /// included) a point lies in; `None` on dame.
    pub area_color: Vec<Option<Color>>,
    /// How many eyes (0, 1 or 2) the eye space containing a point is judged to be worth;
    /// 0 outside eye spaces. Informational.
    pub eye_value: Vec<u8>,
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
        if seki_territory {
            regions.owner(p)
        } else if score_false_eyes && self.false_eye[p] {
            self.area_color[p]
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

/// As [`analyze`], reusing regions already computed for the cleared board. (The life
/// analysis builds its own finer areas; the regions are accepted so callers that have them
/// keep one entry point.)
pub fn analyze_with_regions(position: &Position, _regions: &RegionMap) -> LifeAnalysis {
    Analysis::new(Grid::new(position)).run()
}

/// The per-cell layers of the passes, on the padded grid.
struct Analysis {
    grid: Grid,
    /// Pass 1: 0, or 1 + colour index of the seal's owner.
    seals: Vec<u8>,
    /// Pass 2: per colour, reached through anything but living opponent stones.
    strict_reach: [Vec<bool>; 2],
    /// Pass 2: per colour, reached without passing through an opponent seal.
    reach: [Vec<bool>; 2],
    /// Pass 3: area id per cell.
    area_of: Vec<u32>,
    /// Pass 3: each area's colour.
    area_color: Vec<Color>,
    /// Pass 4: chain id per cell.
    chain_of: Vec<u32>,
    /// Pass 4: the one area holding the whole chain, or [`NONE`].
    chain_area: Vec<u32>,
    /// Pass 4: liberties per chain (empty neighbours, dead stones not counted).
    chain_liberties: Vec<u32>,
    /// Pass 5: link id per living stone.
    link_of: Vec<u32>,
    link_count: usize,
    /// Pass 6: eye id per cell.
    eye_of: Vec<u32>,
    /// Pass 6: each eye's area.
    eye_area: Vec<u32>,
    /// Pass 6: the cells of eye `i` are `eye_cells[eye_start[i]..eye_start[i + 1]]`.
    eye_start: Vec<u32>,
    eye_cells: Vec<u32>,
    /// Pass 6: index of a cell in `eye_cells` (its node in the link–eye graph).
    eye_index: Vec<u32>,
    /// Pass 7: false eye points (cut points of the link–eye graph).
    false_eye: Vec<bool>,
    /// Pass 8: value of each eye.
    eye_value: Vec<u8>,
    /// Pass 9: false eye points that must be filled.
    unscorable: Vec<bool>,
    graph: Graph,
    search: Search,
    stack: Vec<u32>,
    stamp: Vec<u32>,
    stamp_now: u32,
}

impl Analysis {
    fn new(grid: Grid) -> Analysis {
        let n = grid.len();
        Analysis {
            grid,
            seals: Vec::new(),
            strict_reach: [vec![false; n], vec![false; n]],
            reach: [vec![false; n], vec![false; n]],
            area_of: vec![NONE; n],
            area_color: Vec::new(),
            chain_of: vec![NONE; n],
            chain_area: Vec::new(),
            chain_liberties: Vec::new(),
            link_of: vec![NONE; n],
            link_count: 0,
            eye_of: vec![NONE; n],
            eye_area: Vec::new(),
            eye_start: vec![0],
            eye_cells: Vec::new(),
            eye_index: vec![NONE; n],
            false_eye: vec![false; n],
            eye_value: Vec::new(),
            unscorable: vec![false; n],
            graph: Graph::default(),
            search: Search::default(),
            stack: Vec::new(),
            stamp: vec![0; n],
            stamp_now: 0,
        }
    }

    fn run(mut self) -> LifeAnalysis {
        seal::mark_seals(&self.grid, &mut self.seals);
        for color in Color::BOTH {
            self.flood_reach(color, false);
            self.flood_reach(color, true);
        }
        self.mark_areas();
        self.mark_chains();
        self.mark_links();
        self.mark_eyes();
        self.build_eye_graph();
        self.search.run(&self.graph);
        self.mark_false_eyes();
        self.eye_value = eyes::eye_values(&self);
        self.mark_unscorable();
        self.finish()
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp_now += 1;
        self.stamp_now
    }

    /// Pass 2: flood from `color`'s living stones through everything but living opponent
    /// stones; with `sealed`, a point the opponent sealed is reached but not passed.
    fn flood_reach(&mut self, color: Color, sealed: bool) {
        let grid = &self.grid;
        let opponent_stone = grid::living_code(color.opponent());
        let opponent_seal = 1 + color.opponent().index() as u8;
        let own = grid::living_code(color);
        let reach = if sealed {
            &mut self.reach[color.index()]
        } else {
            &mut self.strict_reach[color.index()]
        };
        let stack = &mut self.stack;
        for (c, reached) in reach.iter_mut().enumerate() {
            if grid.cells[c] == own && !*reached {
                *reached = true;
                stack.push(c as u32);
            }
        }
        while let Some(c) = stack.pop() {
            let c = c as usize;
            if sealed && self.seals[c] == opponent_seal {
                continue;
            }
            for n in grid.neighbors(c) {
                let v = grid.cells[n];
                if !reach[n] && v != grid::OFF && v != opponent_stone {
                    reach[n] = true;
                    stack.push(n as u32);
                }
            }
        }
    }

    /// Whether only `color` reaches `c` (seals respected).
    fn reached_only_by(&self, c: usize, color: Color) -> bool {
        self.reach[color.index()][c] && !self.reach[color.opponent().index()][c]
    }

    /// Pass 3: areas. A flood from each unassigned point that only one colour reaches runs
    /// through everything that colour reaches (stopping at opponent seals and at points
    /// already in an area) and takes every point only that colour reaches.
    fn mark_areas(&mut self) {
        for start in 0..self.grid.len() {
            for color in Color::BOTH {
                if self.area_of[start] != NONE || !self.reached_only_by(start, color) {
                    continue;
                }
                let id = self.area_color.len() as u32;
                self.area_color.push(color);
                let stamp = self.next_stamp();
                let opponent_stone = grid::living_code(color.opponent());
                let opponent_seal = 1 + color.opponent().index() as u8;
                self.stamp[start] = stamp;
                self.stack.push(start as u32);
                while let Some(c) = self.stack.pop() {
                    let c = c as usize;
                    if self.reached_only_by(c, color) {
                        self.area_of[c] = id;
                    }
                    if self.seals[c] == opponent_seal {
                        continue;
                    }
                    for n in self.grid.neighbors(c) {
                        let v = self.grid.cells[n];
                        if self.stamp[n] != stamp
                            && self.area_of[n] == NONE
                            && v != grid::OFF
                            && v != opponent_stone
                        {
                            self.stamp[n] = stamp;
                            self.stack.push(n as u32);
                        }
                    }
                }
            }
        }
    }

    /// Pass 4: chains of equal cell codes (empty points form chains too), the area holding
    /// each whole chain, and each chain's liberties.
    fn mark_chains(&mut self) {
        for start in 0..self.grid.len() {
            let code = self.grid.cells[start];
            if code == grid::OFF || self.chain_of[start] != NONE {
                continue;
            }
            let id = self.chain_area.len() as u32;
            let mut area = self.area_of[start];
            let mut liberties = 0;
            let stamp = self.next_stamp();
            self.chain_of[start] = id;
            self.stack.push(start as u32);
            while let Some(c) = self.stack.pop() {
                let c = c as usize;
                if self.area_of[c] != area {
                    area = NONE;
                }
                for n in self.grid.neighbors(c) {
                    let v = self.grid.cells[n];
                    if v == code && self.chain_of[n] == NONE {
                        self.chain_of[n] = id;
                        self.stack.push(n as u32);
                    } else if v == grid::EMPTY && v != code && self.stamp[n] != stamp {
                        self.stamp[n] = stamp;
                        liberties += 1;
                    }
                }
            }
            self.chain_area.push(area);
            self.chain_liberties.push(liberties);
        }
    }

    /// Pass 5: links. Living chains of a colour joined through points of no area that no
    /// opponent seal closes.
    fn mark_links(&mut self) {
        for color in Color::BOTH {
            let own = grid::living_code(color);
            let opponent_seal = 1 + color.opponent().index() as u8;
            let stamp = self.next_stamp();
            for start in 0..self.grid.len() {
                if self.grid.cells[start] != own || self.link_of[start] != NONE {
                    continue;
                }
                let id = self.link_count as u32;
                self.link_count += 1;
                self.link_of[start] = id;
                self.stack.push(start as u32);
                while let Some(c) = self.stack.pop() {
                    for n in self.grid.neighbors(c as usize) {
                        let v = self.grid.cells[n];
                        if v == own {
                            if self.link_of[n] == NONE {
                                self.link_of[n] = id;
                                self.stack.push(n as u32);
                            }
                        } else if self.grid.is_open(n)
                            && self.area_of[n] == NONE
                            && self.seals[n] != opponent_seal
                            && self.stamp[n] != stamp
                        {
                            self.stamp[n] = stamp;
                            self.stack.push(n as u32);
                        }
                    }
                }
            }
        }
    }

    /// Pass 6: eyes, the connected non-living points of one area.
    fn mark_eyes(&mut self) {
        for start in 0..self.grid.len() {
            let area = self.area_of[start];
            if area == NONE || !self.grid.is_open(start) || self.eye_of[start] != NONE {
                continue;
            }
            let id = self.eye_area.len() as u32;
            self.eye_area.push(area);
            self.eye_of[start] = id;
            self.stack.push(start as u32);
            while let Some(c) = self.stack.pop() {
                self.eye_index[c as usize] = self.eye_cells.len() as u32;
                self.eye_cells.push(c);
                for n in self.grid.neighbors(c as usize) {
                    if self.area_of[n] == area && self.grid.is_open(n) && self.eye_of[n] == NONE {
                        self.eye_of[n] = id;
                        self.stack.push(n as u32);
                    }
                }
            }
            self.eye_start.push(self.eye_cells.len() as u32);
        }
    }

    /// The cells of eye `eye`.
    fn cells_of_eye(&self, eye: usize) -> &[u32] {
        &self.eye_cells[self.eye_start[eye] as usize..self.eye_start[eye + 1] as usize]
    }

    /// The node of the link–eye graph that neighbour cell `n` of eye cell `c` stands for:
    /// another point of the same eye, or the link of a living stone of the same area.
    fn eye_graph_node(&self, c: usize, n: usize) -> Option<u32> {
        let eye = self.eye_of[c];
        if self.eye_of[n] == eye {
            Some(self.eye_index[n])
        } else if self.grid.living(n).is_some() && self.area_of[n] == self.area_of[c] {
            Some(self.eye_cells.len() as u32 + self.link_of[n])
        } else {
            None
        }
    }

    /// The link–eye graph: a node per eye point and per link; eye points join their
    /// neighbours in the same eye and the links of their neighbouring stones in the area.
    fn build_eye_graph(&mut self) {
        let points = self.eye_cells.len();
        let nodes = points + self.link_count;
        let mut degree = vec![0u32; nodes + 1];
        for i in 0..points {
            let c = self.eye_cells[i] as usize;
            for n in self.grid.neighbors(c) {
                if let Some(node) = self.eye_graph_node(c, n) {
                    degree[i] += 1;
                    if node as usize >= points {
                        degree[node as usize] += 1;
                    }
                }
            }
        }
        let mut graph = std::mem::take(&mut self.graph);
        graph.clear();
        graph.starts.push(0);
        let mut total = 0;
        for d in &degree[..nodes] {
            total += d;
            graph.starts.push(total);
        }
        graph.targets.resize(total as usize, 0);
        let mut fill: Vec<u32> = graph.starts[..nodes].to_vec();
        for i in 0..points {
            let c = self.eye_cells[i] as usize;
            for n in self.grid.neighbors(c) {
                if let Some(node) = self.eye_graph_node(c, n) {
                    graph.targets[fill[i] as usize] = node;
                    fill[i] += 1;
                    if node as usize >= points {
                        graph.targets[fill[node as usize] as usize] = i as u32;
                        fill[node as usize] += 1;
                    }
                }
            }
        }
        self.graph = graph;
    }

    /// Whether eye point `i` (a node) could be a false eye point at all: a link touches it,
    /// and it has at most one neighbour in its own eye.
    fn false_eye_candidate(&self, i: usize) -> bool {
        let points = self.eye_cells.len();
        let neighbors = self.graph.neighbors(i);
        neighbors.iter().any(|&w| w as usize >= points)
            && neighbors.iter().filter(|&&w| (w as usize) < points).count() <= 1
    }

    /// Pass 7: an eye point is false when taking it out leaves its neighbours (the links
    /// around it and the rest of its eye) in more than one piece of the link–eye graph.
    fn mark_false_eyes(&mut self) {
        for i in 0..self.eye_cells.len() {
            if !self.false_eye_candidate(i) {
                continue;
            }
            let mut pieces = self
                .graph
                .neighbors(i)
                .iter()
                .map(|&w| self.search.piece_of(&self.graph, i, w as usize));
            let first = pieces.next();
            if pieces.any(|p| Some(p) != first) {
                self.false_eye[self.eye_cells[i] as usize] = true;
            }
        }
    }

    /// Pass 9: a false eye point must be filled when some link touching it, cut off from the
    /// rest by taking the point out, reaches no real point of an eye of positive value.
    fn mark_unscorable(&mut self) {
        let points = self.eye_cells.len();
        let valued = |v: usize| -> u32 {
            if v >= points {
                return 0;
            }
            let c = self.eye_cells[v] as usize;
            u32::from(!self.false_eye[c] && self.eye_value[self.eye_of[c] as usize] > 0)
        };
        let mut sums = Vec::new();
        self.search.subtree_sums(valued, &mut sums);
        let search = &self.search;
        let graph = &self.graph;
        for i in 0..points {
            let c = self.eye_cells[i] as usize;
            if !self.false_eye[c] {
                continue;
            }
            // Two stones of one link may both touch the point: count each child once.
            let neighbors = graph.neighbors(i);
            let split_total: u32 = neighbors
                .iter()
                .enumerate()
                .filter(|&(k, w)| !neighbors[..k].contains(w))
                .map(|(_, &w)| w as usize)
                .filter(|&w| search.parent[w] == i as u32 && search.splits_off(w, i))
                .map(|w| sums[w])
                .sum();
            let rest = sums[search.root[i] as usize] - split_total;
            let cut_off_without_eye = graph.neighbors(i).iter().any(|&w| {
                let w = w as usize;
                w >= points
                    && match search.piece_of(graph, i, w) {
                        NONE => rest == 0,
                        child => sums[child as usize] == 0,
                    }
            });
            self.unscorable[c] = cut_off_without_eye;
        }
    }

    /// Pass 10: territory, seki, dame and false eyes per board point.
    fn finish(mut self) -> LifeAnalysis {
        let grid = &self.grid;
        let mut area_eyes = vec![0u32; self.area_color.len()];
        for (eye, &area) in self.eye_area.iter().enumerate() {
            area_eyes[area as usize] += u32::from(self.eye_value[eye]);
        }
        // A dead stone on a point that must be filled makes its neighbours unscorable for
        // the owner as well: the throw-in has to be captured and the point then filled.
        let mut unscorable = self.unscorable.clone();
        for c in 0..grid.len() {
            if self.unscorable[c] {
                if let Some(dead) = grid.stone(c) {
                    for n in grid.neighbors(c) {
                        let area = self.area_of[n];
                        if area != NONE
                            && self.area_color[area as usize] == dead.opponent()
                            && grid.is_open(n)
                        {
                            unscorable[n] = true;
                        }
                    }
                }
            }
        }
        let len = grid.width * grid.height;
        let mut out = LifeAnalysis {
            territory: vec![None; len],
            false_eye: vec![false; len],
            seki: vec![None; len],
            dame: vec![false; len],
            area_color: vec![None; len],
            eye_value: vec![0; len],
        };
        for p in 0..len {
            let c = grid.cell(p);
            let area = self.area_of[c];
            if area == NONE {
                out.dame[p] = true;
                continue;
            }
            let color = self.area_color[area as usize];
            out.area_color[p] = Some(color);
            let in_seki = area_eyes[area as usize] <= 1;
            if in_seki {
                out.seki[p] = Some(color);
            }
            if self.eye_of[c] != NONE {
                out.eye_value[p] = self.eye_value[self.eye_of[c] as usize];
            }
            let counts = grid.is_open(c)
                && !in_seki
                && self.chain_area[self.chain_of[c] as usize] == area
                && !self.strict_reach[color.opponent().index()][c];
            if counts {
                if unscorable[c] {
                    out.false_eye[p] = true;
                } else {
                    out.territory[p] = Some(color);
                }
            }
        }
        self.mark_shared_seki_liberties(&area_eyes, &mut out);
        out
    }

    /// Dame next to groups in seki are the seki's shared liberties: neither side may fill
    /// them. Each connected stretch of dame that touches a living stone in seki is marked
    /// with that stone's colour (Black's when stones of both colours touch it).
    fn mark_shared_seki_liberties(&mut self, area_eyes: &[u32], out: &mut LifeAnalysis) {
        let grid = &self.grid;
        let seki_stone = |n: usize| -> Option<Color> {
            let color = grid.living(n)?;
            let area = self.area_of[n];
            (area != NONE && area_eyes[area as usize] <= 1).then_some(color)
        };
        let mut visited = vec![false; grid.len()];
        let mut stretch = Vec::new();
        for start in 0..grid.len() {
            if visited[start] || !grid.is_open(start) || self.area_of[start] != NONE {
                continue;
            }
            let (mut black, mut white) = (false, false);
            stretch.clear();
            visited[start] = true;
            self.stack.push(start as u32);
            while let Some(c) = self.stack.pop() {
                let c = c as usize;
                stretch.push(c);
                for n in grid.neighbors(c) {
                    match seki_stone(n) {
                        Some(Color::Black) => black = true,
                        Some(Color::White) => white = true,
                        None => {}
                    }
                    if !visited[n] && grid.is_open(n) && self.area_of[n] == NONE {
                        visited[n] = true;
                        self.stack.push(n as u32);
                    }
                }
            }
            let color = match (black, white) {
                (true, _) => Color::Black,
                (false, true) => Color::White,
                (false, false) => continue,
            };
            for &c in &stretch {
                let (x, y) = (c % grid.stride - 1, c / grid.stride - 1);
                out.seki[y * grid.width + x] = Some(color);
            }
        }
    }
}

#[cfg(test)]
mod tests;
