//! Life analysis for territory counting: which empty points are territory once seki, false
//! eyes and dame are taken into account, judged from the stones and the dead marks alone.
//!
//! The analysis runs as a sequence of passes over a padded copy of the board, each
//! producing one per-point layer:
//!
//! 1. **Seals** (module `seal`): empty points where a colour's stones shut the way (the gap of a
//!    one-point jump, a tiger's mouth, first-line gaps). The opponent can arrive there but
//!    cannot pass through: it could not connect out that way.
//! 2. **Reach**: which colours' living stones can reach each point without crossing a
//!    living opponent stone, once strictly (through anything) and once stopping at the
//!    opponent's seals.
//! 3. **Areas**: maximal stretches of points that only one colour reaches (seals
//!    respected), with the living stones of that colour in them. An area is that colour's
//!    sphere of life; everything outside every area is dame.
//! 4. **Split chains**: points whose chain (connected points of one kind: empty points,
//!    dead stones of a colour) does not lie wholly in one area; found with the eyes.
//! 5. **Links**: the living chains of a colour joined through dame (points of no area
//!    that no opponent seal closes): stones that can connect whenever they need to.
//! 6. **Eyes**: connected non-living points inside one area.
//! 7. **False eye points**: eye points whose surrounding links cannot reach every side of
//!    the point without it (through other eyes, or other points of the same eye): the
//!    point must be filled to connect. Found for all points at once from the cut vertices
//!    of the link–eye graph (module `cut`).
//! 8. **Eye values** (module `eyes`): how many eyes (0–2) each eye space gives its owner,
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
use crate::regions::{empty_regions_of, RegionMap};
use cut::{Graph, Search};
use grid::{CellStack, Grid, NONE};

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
    analyze_with_regions(position, &empty_regions_of(position))
}

/// As [`analyze`], reusing `regions`, which must be `empty_regions_of(position)` (the
/// regions once the dead stones are off): which colours border a region is exactly which
/// colours strictly reach it.
pub fn analyze_with_regions(position: &Position, regions: &RegionMap) -> LifeAnalysis {
    let board = position.board();
    let mut analysis = Analysis::new(Grid::off_board(board.width(), board.height()));
    analysis.copy_board_and_strict_reach(position, regions);
    analysis.run()
}

/// The reach bit of `color` through anything but living opponent stones.
fn strict_bit(color: Color) -> u8 {
    1 << color.index()
}

/// The reach bit of `color` stopping at the opponent's seals.
fn sealed_bit(color: Color) -> u8 {
    4 << color.index()
}

/// Both colours' sealed reach bits.
const SEALED_BITS: u8 = 4 | 8;

/// Both colours' strict reach bits.
const STRICT_BITS: u8 = 1 | 2;

/// Marks a point of a cleared region that both colours border.
const CONTESTED: u8 = 16;

/// The per-cell layers of the passes, on the padded grid.
struct Analysis {
    grid: Grid,
    /// Pass 1: 0, or 1 + colour index of the seal's owner.
    seals: Vec<u8>,
    /// Pass 2: reach bits per cell: [`strict_bit`] (reached through anything but living
    /// opponent stones), [`sealed_bit`] (reached without passing an opponent seal) and
    /// [`CONTESTED`].
    reach: Vec<u8>,
    /// Pass 2: the cells marked [`CONTESTED`], in order.
    contested: Vec<u32>,
    /// Pass 3: area id per cell.
    area_of: Vec<u32>,
    /// Pass 3: each area's colour.
    area_color: Vec<Color>,
    /// Pass 6: per cell of an eye, whether its chain (connected points of its kind: empty
    /// points, dead stones of a colour) reaches out of its area.
    split_chain: Vec<bool>,
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
    /// Pass 6, for pass 7: the node of an eye cell in the link–eye graph.
    eye_node: Vec<u32>,
    /// Pass 6, for pass 7: number of eye nodes (links come after them).
    eye_node_count: usize,
    /// Pass 6, for pass 7: the cell of each eye node that stands for one point, [`NONE`]
    /// for the node standing for the inner points of an eye.
    node_cell: Vec<u32>,
    /// Pass 7: false eye points (cut points of the link–eye graph).
    false_eye: Vec<bool>,
    /// Pass 8: value of each eye.
    eye_value: Vec<u8>,
    /// Pass 9: false eye points that must be filled.
    unscorable: Vec<bool>,
    graph: Graph,
    fill: Vec<u32>,
    search: Search,
    /// Room for a [`CellStack`].
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
            reach: vec![0; n],
            contested: Vec::new(),
            area_of: vec![NONE; n],
            area_color: Vec::with_capacity(64),
            split_chain: vec![false; n],
            link_of: vec![NONE; n],
            link_count: 0,
            eye_of: vec![NONE; n],
            eye_area: Vec::with_capacity(n / 2),
            eye_start: Vec::with_capacity(n / 2),
            eye_cells: Vec::with_capacity(n),
            eye_node: vec![NONE; n],
            eye_node_count: 0,
            node_cell: Vec::with_capacity(n),
            false_eye: vec![false; n],
            eye_value: Vec::new(),
            unscorable: vec![false; n],
            graph: Graph::default(),
            fill: Vec::new(),
            search: Search::default(),
            stack: vec![0; n],
            stamp: vec![0; n],
            stamp_now: 0,
        }
    }

    fn run(mut self) -> LifeAnalysis {
        seal::mark_seals(&self.grid, &self.contested, &mut self.seals);
        for color in Color::BOTH {
            self.flood_reach(color);
        }
        self.mark_areas();
        self.mark_links();
        self.eye_start.push(0);
        self.mark_eyes();
        self.build_eye_graph();
        self.search.run(&self.graph);
        self.mark_false_eyes();
        self.eye_value = eyes::eye_values(&self);
        self.mark_unscorable();
        self.finish()
    }

    /// Copies the board and its dead marks into the padded grid and, in the same sweep, sets
    /// pass 2's strict reach: a colour reaches its living stones and every point of a
    /// cleared region its living stones border. Points of regions both colours border are
    /// marked [`CONTESTED`]: only there can seals exist or matter.
    fn copy_board_and_strict_reach(&mut self, position: &Position, regions: &RegionMap) {
        // The reach bits of each region, looked up once per point below.
        let region_bits: Vec<u8> = regions
            .regions
            .iter()
            .map(
                |region| match (region.borders_black, region.borders_white) {
                    (true, true) => STRICT_BITS | CONTESTED,
                    (true, false) => strict_bit(Color::Black) | sealed_bit(Color::Black),
                    (false, true) => strict_bit(Color::White) | sealed_bit(Color::White),
                    (false, false) => 0,
                },
            )
            .collect();
        let (width, stride) = (self.grid.width, self.grid.stride);
        let cells = &mut self.grid.cells[..];
        let reach = &mut self.reach[..cells.len()];
        let rows = position.board().points().chunks_exact(width);
        let dead_rows = position.dead_mask().chunks_exact(width);
        let region_rows = regions.region_of.chunks_exact(width);
        for (y, ((row, dead_row), region_row)) in rows.zip(dead_rows).zip(region_rows).enumerate() {
            let first = (y + 1) * stride + 1;
            for x in 0..width {
                let c = first + x;
                (cells[c], reach[c]) = match row[x] {
                    None => (grid::EMPTY, region_bits[region_row[x] as usize]),
                    Some(color) if dead_row[x] => {
                        (grid::dead_code(color), region_bits[region_row[x] as usize])
                    }
                    Some(color) => (
                        grid::living_code(color),
                        strict_bit(color) | sealed_bit(color),
                    ),
                };
                if reach[c] & CONTESTED != 0 {
                    self.contested.push(c as u32);
                }
            }
        }
    }

    /// Pass 2, respecting seals: flood from `color`'s living stones through everything but
    /// living opponent stones; a point the opponent sealed is reached but not passed.
    /// Outside contested regions this equals the strict reach (set already), so the flood
    /// starts from the contested points next to `color`'s stones and stays in their regions.
    fn flood_reach(&mut self, color: Color) {
        let cells = &self.grid.cells[..];
        let stride = self.grid.stride;
        let opponent_seal = 1 + color.opponent().index() as u8;
        let own = grid::living_code(color);
        let bit = sealed_bit(color);
        let reach = &mut self.reach[..cells.len()];
        let seals = &self.seals[..cells.len()];
        let mut stack = CellStack::new(&mut self.stack);
        for &c in &self.contested {
            let c = c as usize;
            if reach[c] & bit == 0
                && [c - 1, c + 1, c - stride, c + stride]
                    .into_iter()
                    .any(|n| cells[n] == own)
            {
                reach[c] |= bit;
                stack.push(c);
            }
        }
        while let Some(c) = stack.pop() {
            if seals[c] == opponent_seal {
                continue;
            }
            for n in [c - 1, c + 1, c - stride, c + stride] {
                if reach[n] & (CONTESTED | bit) == CONTESTED {
                    reach[n] |= bit;
                    stack.push(n);
                }
            }
        }
    }

    /// Pass 3: areas. A flood from each unassigned point that only one colour reaches runs
    /// through everything that colour reaches (stopping at opponent seals and at points
    /// already in an area) and takes every point only that colour reaches.
    fn mark_areas(&mut self) {
        // The floods of this and the next passes work on local slices and a local stack:
        // through `self` every push would make the compiler reload each array's address.
        let cells = &self.grid.cells[..];
        let stride = self.grid.stride;
        let (reach, seals) = (&self.reach[..cells.len()], &self.seals[..cells.len()]);
        let area_of = &mut self.area_of[..cells.len()];
        let stamp = &mut self.stamp[..cells.len()];
        let mut stack = CellStack::new(&mut self.stack);
        for start in 0..cells.len() {
            let color = match reach[start] & SEALED_BITS {
                4 => Color::Black,
                8 => Color::White,
                _ => continue,
            };
            if area_of[start] != NONE {
                continue;
            }
            let id = self.area_color.len() as u32;
            self.area_color.push(color);
            self.stamp_now += 1;
            let now = self.stamp_now;
            let only = sealed_bit(color);
            let opponent_seal = 1 + color.opponent().index() as u8;
            // A point only `color` reaches joins the area when the flood first meets it, so
            // its area id marks it as met; the stamp marks the points both colours reach.
            area_of[start] = id;
            stack.push(start);
            while let Some(c) = stack.pop() {
                if seals[c] == opponent_seal {
                    continue;
                }
                // Everything `color` reaches, and nothing else, is open to the flood.
                for n in [c - 1, c + 1, c - stride, c + stride] {
                    let reached = reach[n] & SEALED_BITS;
                    if reached == only {
                        if area_of[n] == NONE {
                            area_of[n] = id;
                            stack.push(n);
                        }
                    } else if reached & only != 0 && stamp[n] != now {
                        stamp[n] = now;
                        stack.push(n);
                    }
                }
            }
        }
    }

    /// Pass 5: links. Living chains of a colour joined through points of no area that no
    /// opponent seal closes.
    fn mark_links(&mut self) {
        let cells = &self.grid.cells[..];
        let stride = self.grid.stride;
        let (area_of, seals) = (&self.area_of[..cells.len()], &self.seals[..cells.len()]);
        let link_of = &mut self.link_of[..cells.len()];
        let stamp = &mut self.stamp[..cells.len()];
        let stamps = [self.stamp_now + 1, self.stamp_now + 2];
        self.stamp_now += 2;
        let mut stack = CellStack::new(&mut self.stack);
        for start in 0..cells.len() {
            let color = match cells[start] {
                1 => Color::Black,
                2 => Color::White,
                _ => continue,
            };
            if link_of[start] != NONE {
                continue;
            }
            let own = grid::living_code(color);
            let opponent_seal = 1 + color.opponent().index() as u8;
            let now = stamps[color.index()];
            let id = self.link_count as u32;
            self.link_count += 1;
            link_of[start] = id;
            stack.push(start);
            while let Some(c) = stack.pop() {
                for n in [c - 1, c + 1, c - stride, c + stride] {
                    let v = cells[n];
                    if v == own {
                        if link_of[n] == NONE {
                            link_of[n] = id;
                            stack.push(n);
                        }
                    } else if area_of[n] == NONE
                        && grid::is_open_code(v)
                        && seals[n] != opponent_seal
                        && stamp[n] != now
                    {
                        stamp[n] = now;
                        stack.push(n);
                    }
                }
            }
        }
    }

    /// Pass 6: eyes, the connected non-living points of one area. The nodes of the
    /// link–eye graph (see [`Analysis::build_eye_graph`]) are numbered on the way: a point's
    /// neighbours in its eye are exactly those the flood may enter.
    ///
    /// Chains that leave their area are found here too. A chain lies wholly in one area
    /// unless two of its points side by side lie in different areas (or one in none); the
    /// flood sees every such pair from the side in an area. From those points a second
    /// flood through the chain, within the area, marks the rest of the chain's points there
    /// (each piece of the chain in the area touches a point out of it).
    fn mark_eyes(&mut self) {
        let cells = &self.grid.cells[..];
        let stride = self.grid.stride;
        let area_of = &self.area_of[..cells.len()];
        let eye_of = &mut self.eye_of[..cells.len()];
        let eye_node = &mut self.eye_node[..cells.len()];
        let mut stack = CellStack::new(&mut self.stack);
        let mut eye_cells = std::mem::take(&mut self.eye_cells);
        let mut node_cell = std::mem::take(&mut self.node_cell);
        let mut split_seeds = Vec::new();
        for start in 0..cells.len() {
            let area = area_of[start];
            if area == NONE || !grid::is_open_code(cells[start]) || eye_of[start] != NONE {
                continue;
            }
            let id = self.eye_area.len() as u32;
            self.eye_area.push(area);
            eye_of[start] = id;
            stack.push(start);
            // The node shared by the eye's inner points, once one is met.
            let mut inner = NONE;
            while let Some(c) = stack.pop() {
                eye_cells.push(c as u32);
                let code = cells[c];
                let mut degree = 0;
                for n in [c - 1, c + 1, c - stride, c + stride] {
                    if area_of[n] == area {
                        if grid::is_open_code(cells[n]) {
                            degree += 1;
                            if eye_of[n] == NONE {
                                eye_of[n] = id;
                                stack.push(n);
                            }
                        }
                    } else if cells[n] == code {
                        split_seeds.push(c as u32);
                    }
                }
                eye_node[c] = if degree >= 2 {
                    if inner == NONE {
                        inner = node_cell.len() as u32;
                        node_cell.push(NONE);
                    }
                    inner
                } else {
                    node_cell.push(c as u32);
                    node_cell.len() as u32 - 1
                };
            }
            self.eye_start.push(eye_cells.len() as u32);
        }
        self.eye_node_count = node_cell.len();
        self.node_cell = node_cell;
        self.eye_cells = eye_cells;
        let split_chain = &mut self.split_chain[..cells.len()];
        for seed in split_seeds {
            if split_chain[seed as usize] {
                continue;
            }
            split_chain[seed as usize] = true;
            stack.push(seed as usize);
            while let Some(c) = stack.pop() {
                let (code, area) = (cells[c], area_of[c]);
                for n in [c - 1, c + 1, c - stride, c + stride] {
                    if cells[n] == code && area_of[n] == area && !split_chain[n] {
                        split_chain[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
    }

    /// The cells of eye `eye`.
    fn cells_of_eye(&self, eye: usize) -> &[u32] {
        &self.eye_cells[self.eye_start[eye] as usize..self.eye_start[eye + 1] as usize]
    }

    /// The link–eye graph. Its nodes are the links and the eye points, except that the inner
    /// points of an eye (two or more neighbours in it) share one node: only a point with at
    /// most one neighbour in its eye can be a false eye point, and taking such a leaf out
    /// never splits the rest of its eye, so the inner points always hang together. Edges join
    /// eye points to their neighbours in the eye and to the links of neighbouring stones of
    /// the same area. The eye nodes were numbered by [`Analysis::mark_eyes`].
    fn build_eye_graph(&mut self) {
        // Local slices, as in the floods: the loops store into vectors of `self`.
        let cells = &self.grid.cells[..];
        let stride = self.grid.stride;
        let eye_of = &self.eye_of[..cells.len()];
        let area_of = &self.area_of[..cells.len()];
        let link_of = &self.link_of[..cells.len()];
        let eye_node = &self.eye_node[..cells.len()];
        let eye_cells = &self.eye_cells[..];
        let node_cell = &self.node_cell[..];
        let eye_node_count = self.eye_node_count;
        let nodes = eye_node_count + self.link_count;
        // Edges, each once per direction, then laid out by node.
        let mut edges: Vec<(u32, u32)> = Vec::with_capacity(eye_cells.len() * 2);
        let mut last_edge = vec![NONE; nodes];
        for &c in eye_cells {
            let c = c as usize;
            let from = eye_node[c];
            let (eye, area) = (eye_of[c], area_of[c]);
            let from_leaf = node_cell[from as usize] != NONE;
            for n in [c - 1, c + 1, c - stride, c + stride] {
                let to = if eye_of[n] == eye {
                    eye_node[n]
                } else if matches!(cells[n], 1 | 2) && area_of[n] == area {
                    (eye_node_count + link_of[n] as usize) as u32
                } else {
                    continue;
                };
                // Inner nodes touch the same neighbour from many cells: keep one edge.
                if to == from || last_edge[to as usize] == from {
                    continue;
                }
                last_edge[to as usize] = from;
                // An edge between eye nodes is met from both ends; keep it from the leaf's
                // side (from the lower leaf between two leaves).
                let to_leaf = (to as usize) < eye_node_count && node_cell[to as usize] != NONE;
                if to_leaf && (!from_leaf || from > to) {
                    continue;
                }
                edges.push((from, to));
            }
        }
        let mut graph = std::mem::take(&mut self.graph);
        graph.clear();
        graph.starts.resize(nodes + 1, 0);
        for &(a, b) in &edges {
            graph.starts[a as usize + 1] += 1;
            graph.starts[b as usize + 1] += 1;
        }
        for v in 0..nodes {
            graph.starts[v + 1] += graph.starts[v];
        }
        graph.targets.resize(graph.starts[nodes] as usize, 0);
        let mut fill = std::mem::take(&mut self.fill);
        fill.clear();
        fill.extend_from_slice(&graph.starts[..nodes]);
        for &(a, b) in &edges {
            graph.targets[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
            graph.targets[fill[b as usize] as usize] = a;
            fill[b as usize] += 1;
        }
        self.fill = fill;
        self.graph = graph;
    }

    /// Pass 7: an eye point is false when a link touches it, it has at most one neighbour in
    /// its eye, and taking it out leaves its neighbours (the links around it and the rest of
    /// its eye) in more than one piece of the link–eye graph.
    fn mark_false_eyes(&mut self) {
        for node in 0..self.eye_node_count {
            let c = self.node_cell[node];
            if c == NONE {
                continue;
            }
            let neighbors = self.graph.neighbors(node);
            if !neighbors.iter().any(|&w| w as usize >= self.eye_node_count) {
                continue;
            }
            let mut pieces = neighbors
                .iter()
                .map(|&w| self.search.piece_of(&self.graph, node, w as usize));
            let first = pieces.next();
            if pieces.any(|p| Some(p) != first) {
                self.false_eye[c as usize] = true;
            }
        }
    }

    /// Pass 9: a false eye point must be filled when some link touching it, cut off from the
    /// rest by taking the point out, reaches no real point of an eye of positive value.
    fn mark_unscorable(&mut self) {
        let mut weight = vec![0u32; self.graph.node_count()];
        for &c in &self.eye_cells {
            let c = c as usize;
            if !self.false_eye[c] && self.eye_value[self.eye_of[c] as usize] > 0 {
                weight[self.eye_node[c] as usize] += 1;
            }
        }
        let mut sums = Vec::new();
        self.search.subtree_sums(|v| weight[v], &mut sums);
        let search = &self.search;
        let graph = &self.graph;
        for node in 0..self.eye_node_count {
            let c = self.node_cell[node];
            if c == NONE || !self.false_eye[c as usize] {
                continue;
            }
            let neighbors = graph.neighbors(node);
            let split_total: u32 = neighbors
                .iter()
                .map(|&w| w as usize)
                .filter(|&w| search.parent[w] == node as u32 && search.splits_off(w, node))
                .map(|w| sums[w])
                .sum();
            let rest = sums[search.root[node] as usize].saturating_sub(weight[node] + split_total);
            let cut_off_without_eye = neighbors.iter().any(|&w| {
                let w = w as usize;
                w >= self.eye_node_count
                    && match search.piece_of(graph, node, w) {
                        NONE => rest == 0,
                        child => sums[child as usize] == 0,
                    }
            });
            self.unscorable[c as usize] = cut_off_without_eye;
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
        // Only leaf points of eyes can be unscorable: the sources are collected first, so
        // that a neighbour marked here is never taken for a source.
        let mut throw_ins = Vec::new();
        for &c in &self.node_cell[..self.eye_node_count] {
            if c != NONE && self.unscorable[c as usize] {
                if let Some(dead) = grid.stone(c as usize) {
                    throw_ins.push((c as usize, dead));
                }
            }
        }
        for (c, dead) in throw_ins {
            for n in grid.neighbors(c) {
                let area = self.area_of[n];
                if area != NONE
                    && self.area_color[area as usize] == dead.opponent()
                    && grid.is_open(n)
                {
                    self.unscorable[n] = true;
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
        // Per area: its colour, and whether it is in seki (fewer than two eyes).
        let area_seki: Vec<(Color, bool)> = self
            .area_color
            .iter()
            .zip(&area_eyes)
            .map(|(&color, &eyes)| (color, eyes <= 1))
            .collect();
        // Local slices: the loop stores into six output vectors.
        let n = grid.len();
        let (cells, area_of, eye_of) = (&grid.cells[..], &self.area_of[..n], &self.eye_of[..n]);
        let (split_chain, reach) = (&self.split_chain[..n], &self.reach[..n]);
        let eye_value = &self.eye_value[..];
        let unscorable = &self.unscorable[..n];
        let (territory, false_eye) = (&mut out.territory[..], &mut out.false_eye[..len]);
        let (seki, dame) = (&mut out.seki[..len], &mut out.dame[..len]);
        let (area_color, eye_values) = (&mut out.area_color[..len], &mut out.eye_value[..len]);
        for y in 0..grid.height {
            let first = (y + 1) * grid.stride + 1;
            let row = y * grid.width;
            for x in 0..grid.width {
                let (p, c) = (row + x, first + x);
                let area = area_of[c];
                if area == NONE {
                    dame[p] = true;
                    continue;
                }
                let (color, in_seki) = area_seki[area as usize];
                area_color[p] = Some(color);
                if in_seki {
                    seki[p] = Some(color);
                }
                if eye_of[c] != NONE {
                    eye_values[p] = eye_value[eye_of[c] as usize];
                }
                let counts = grid::is_open_code(cells[c])
                    && !in_seki
                    && !split_chain[c]
                    && reach[c] & strict_bit(color.opponent()) == 0;
                if counts {
                    if unscorable[c] {
                        false_eye[p] = true;
                    } else {
                        territory[p] = Some(color);
                    }
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
        if area_eyes.iter().all(|&eyes| eyes > 1) {
            return;
        }
        let grid = &self.grid;
        let seki_stone = |n: usize| -> Option<Color> {
            let color = grid.living(n)?;
            let area = self.area_of[n];
            (area != NONE && area_eyes[area as usize] <= 1).then_some(color)
        };
        let mut visited = vec![false; grid.len()];
        let mut stretch = Vec::new();
        let mut stack = CellStack::new(&mut self.stack);
        for start in 0..grid.len() {
            if visited[start] || !grid.is_open(start) || self.area_of[start] != NONE {
                continue;
            }
            let (mut black, mut white) = (false, false);
            stretch.clear();
            visited[start] = true;
            stack.push(start);
            while let Some(c) = stack.pop() {
                stretch.push(c);
                for n in grid.neighbors(c) {
                    match seki_stone(n) {
                        Some(Color::Black) => black = true,
                        Some(Color::White) => white = true,
                        None => {}
                    }
                    if !visited[n] && grid.is_open(n) && self.area_of[n] == NONE {
                        visited[n] = true;
                        stack.push(n);
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
pub(crate) mod tests;
