//! Eye values: how many eyes (0, 1 or 2) an eye space gives the colour around it, judged
//! from finished-game shapes. These are heuristics in the spirit of goscorer's: they favour
//! the defender where a shape is unsettled, and they need not be tactically exact outside
//! finished positions; players fix the rare miss by filling dame or capturing throw-ins.

use super::cut::{Graph, Search};
use super::grid::{self, Grid, EMPTY, NONE};
use super::Analysis;
use crate::board::Color;

/// Moves to block a point off at or above which it counts as hopeless: an opponent stone
/// sits on a false eye point next to it and can never be removed from there.
const NEVER: u32 = 1000;

/// Per-eye scratch space, reused across eyes.
struct Scratch {
    /// Per cell: the eye whose real point (not a false eye point) it is, or [`NONE`].
    real_eye: Vec<u32>,
    /// Stamp marking the cells of the current shape (dead-stone shapes, pieces).
    member: Vec<u32>,
    now: u32,
    /// Index of a cell among the current node list.
    local: Vec<u32>,
    /// Per cell, filled for the current eye's real points.
    degree: Vec<u8>,
    empty_real_neighbors: Vec<u8>,
    empty_false_neighbors: Vec<u8>,
    opponent_false_neighbors: Vec<u8>,
    poke: Vec<bool>,
    block: Vec<u32>,
    nodes: Vec<u32>,
    graph: Graph,
    search: Search,
    sums0: Vec<u32>,
    sums1: Vec<u32>,
    stack: Vec<u32>,
    /// Per cell, for the current eye's real points: whether the owner could play there.
    playable: Vec<bool>,
    /// Per stone, once its chain was looked at: 1 in atari (one liberty or none), 2 not.
    atari: Vec<u8>,
    chain: Vec<u32>,
}

/// The value of every eye of the analysis, by eye id.
pub(super) fn eye_values(a: &Analysis) -> Vec<u8> {
    let n = a.grid.len();
    let mut real_eye = vec![NONE; n];
    for (eye, cells) in a.eye_start.windows(2).enumerate() {
        for &c in &a.eye_cells[cells[0] as usize..cells[1] as usize] {
            if !a.false_eye[c as usize] {
                real_eye[c as usize] = eye as u32;
            }
        }
    }
    let mut s = Scratch {
        real_eye,
        member: vec![0; n],
        now: 0,
        local: vec![NONE; n],
        degree: vec![0; n],
        empty_real_neighbors: vec![0; n],
        empty_false_neighbors: vec![0; n],
        opponent_false_neighbors: vec![0; n],
        poke: vec![false; n],
        block: vec![0; n],
        nodes: Vec::with_capacity(n),
        graph: Graph::default(),
        search: Search::default(),
        sums0: Vec::new(),
        sums1: Vec::new(),
        stack: Vec::with_capacity(n),
        playable: vec![false; n],
        atari: vec![0; n],
        chain: Vec::with_capacity(n),
    };
    (0..a.eye_area.len())
        .map(|eye| eye_value(a, eye, &mut s))
        .collect()
}

/// Whether `owner` could play on `c`: it is empty and the stone would have a liberty, a
/// friendly neighbour, or capture a neighbour in atari.
fn playable(a: &Analysis, s: &mut Scratch, c: usize, owner: Color) -> bool {
    let grid = &a.grid;
    grid.cells[c] == EMPTY
        && grid.neighbors(c).into_iter().any(|n| {
            grid.cells[n] != grid::OFF
                && (grid.stone(n) != Some(owner.opponent()) || in_atari(grid, s, n))
        })
}

/// Whether the chain of the stone on `c` (stones of one colour and one life status) has at
/// most one liberty. Each chain is walked once; the answer is kept for all its stones.
fn in_atari(grid: &Grid, s: &mut Scratch, c: usize) -> bool {
    if s.atari[c] == 0 {
        let code = grid.cells[c];
        s.now += 1;
        let seen = s.now;
        let mut liberties = 0;
        s.chain.clear();
        s.member[c] = seen;
        s.stack.push(c as u32);
        while let Some(q) = s.stack.pop() {
            s.chain.push(q);
            for n in grid.neighbors(q as usize) {
                if s.member[n] == seen {
                    continue;
                }
                if grid.cells[n] == code {
                    s.member[n] = seen;
                    s.stack.push(n as u32);
                } else if grid.cells[n] == EMPTY {
                    s.member[n] = seen;
                    liberties += 1;
                }
            }
        }
        let mark = if liberties <= 1 { 1 } else { 2 };
        for &q in &s.chain {
            s.atari[q as usize] = mark;
        }
    }
    s.atari[c] == 1
}

/// Builds the graph of `s.nodes` (cells) joined by orthogonal adjacency within the stamp
/// `s.member == s.now`, and runs the search on it.
fn build_local_graph(grid: &Grid, s: &mut Scratch, member: impl Fn(&Scratch, usize) -> bool) {
    for (i, &c) in s.nodes.iter().enumerate() {
        s.local[c as usize] = i as u32;
    }
    s.graph.clear();
    s.graph.starts.push(0);
    for i in 0..s.nodes.len() {
        let c = s.nodes[i] as usize;
        for n in grid.neighbors(c) {
            if member(s, n) {
                s.graph.targets.push(s.local[n]);
            }
        }
        s.graph.starts.push(s.graph.targets.len() as u32);
    }
    s.search.run(&s.graph);
}

/// The value of eye `eye` to its owner: 0, 1, or 2 (two eyes or more), read from the
/// shape of its real points in passes, each deciding as soon as it can.
fn eye_value(a: &Analysis, eye: usize, s: &mut Scratch) -> u8 {
    let owner = a.area_color[a.eye_area[eye] as usize];
    let this_eye = eye as u32;
    let is_real = |s: &Scratch, c: usize| s.real_eye[c] == this_eye;

    let Some(Survey { dead_inside, wide }) = survey(a, eye, owner.opponent(), s) else {
        return 2;
    };
    if s.nodes.is_empty() {
        return 0;
    }
    let Closing {
        closable,
        weak,
        severe,
        lodged,
    } = closing_moves(a, this_eye, owner.opponent(), s);

    // Any point that one move closes off: at least one eye.
    let mut value = u32::from(closable);

    // Many dead stones inside: the owner has room to spare.
    if dead_inside >= 5 {
        value = value.max(1);
    }
    if dead_inside >= 8 {
        value = value.max(2);
    }

    // A big eye space with few weaknesses is two eyes.
    if value < 2 && s.nodes.len() as i64 - weak - severe - lodged >= 6 {
        value = 2;
    }

    // Many empty points of degree three or four: a wide space, two eyes.
    if value < 2 && wide >= 6 {
        value = 2;
    }
    if value >= 2 {
        return 2;
    }

    // The remaining tests ask where the owner can play.
    for i in 0..s.nodes.len() {
        let c = s.nodes[i] as usize;
        s.playable[c] = playable(a, s, c, owner);
    }

    // A playable point that cuts the eye into pieces makes one eye per piece that is
    // already closed off (or that the cutting move itself closes).
    // Taking one point out of two or fewer leaves at most one piece: nothing to find there.
    if s.nodes.len() >= 3 {
        value = value.max(cut_point_value(a, s, &is_real));
    }

    // Two adjacent points of degree three or more that together cut the space into closed
    // pieces: the owner plays one and gets two eyes. (Fewer than six empty points of degree
    // three or more remain here, so the pairs are few.)
    if value < 2 && two_point_cut_makes_two_eyes(a, s, &is_real) {
        value = 2;
    }

    // Dead stones inside that, once captured, would leave a living shape.
    if value < 2 && dead_shape_lives(a, eye, owner, s) {
        value = 2;
    }
    value.min(2) as u8
}

/// Whether a cell code holds a stone of `color`, living or dead.
fn stone_of(code: u8, color: Color) -> bool {
    code == grid::living_code(color) || code == grid::dead_code(color)
}

/// What the first pass over an eye's real points counts.
struct Survey {
    /// Opponent stones on real points.
    dead_inside: usize,
    /// Empty real points of degree four count two, of degree three one.
    wide: usize,
}

/// The first pass over eye `eye`'s real points (the eye without its false eye points):
/// lists them in `s.nodes` and fills their neighbourhoods (`s.degree` and the neighbour
/// counts, `s.poke`). Dead stones and wide points are counted on the way: enough of either
/// makes two eyes whatever else the shape holds, so big territories stop after a few
/// points, and the pass returns `None`. The loops use local slices: through `s` every
/// store would make the compiler reload addresses.
fn survey(a: &Analysis, eye: usize, opponent: Color, s: &mut Scratch) -> Option<Survey> {
    let grid = &a.grid;
    let this_eye = eye as u32;
    let is_opponent_code = |code: u8| stone_of(code, opponent);
    let cells = &grid.cells[..];
    let stride = grid.stride;
    let false_eye = &a.false_eye[..cells.len()];
    let (mut dead_inside, mut wide) = (0usize, 0usize);
    {
        let real_eye = &s.real_eye[..cells.len()];
        let degrees = &mut s.degree[..cells.len()];
        let empty_real_neighbors = &mut s.empty_real_neighbors[..cells.len()];
        let empty_false_neighbors = &mut s.empty_false_neighbors[..cells.len()];
        let opponent_false_neighbors = &mut s.opponent_false_neighbors[..cells.len()];
        let poke = &mut s.poke[..cells.len()];
        s.nodes.clear();
        for &c in a.cells_of_eye(eye) {
            let c = c as usize;
            if false_eye[c] {
                continue;
            }
            s.nodes.push(c as u32);
            let (mut degree, mut empty_real, mut empty_false, mut opponent_false) = (0, 0, 0, 0);
            for n in [c - 1, c + 1, c - stride, c + stride] {
                let code = cells[n];
                let empty = code == EMPTY;
                if real_eye[n] == this_eye {
                    degree += 1;
                    empty_real += u8::from(empty);
                }
                empty_false += u8::from(empty && false_eye[n]);
                opponent_false += u8::from(is_opponent_code(code) && false_eye[n]);
            }
            degrees[c] = degree;
            empty_real_neighbors[c] = empty_real;
            empty_false_neighbors[c] = empty_false;
            opponent_false_neighbors[c] = opponent_false;
            // An opponent stone next to a thrown-in false eye point, or between two empty
            // false eye points, can never be shut out of the eye.
            let opponent_here = is_opponent_code(cells[c]);
            poke[c] = opponent_here && (opponent_false >= 1 || empty_false >= 2);
            if opponent_here {
                dead_inside += 1;
            } else if cells[c] == EMPTY {
                wide += usize::from(degree >= 4) + usize::from(degree >= 3);
            }
            // Many dead stones inside, or many empty points of degree three or four (a wide
            // space): two eyes, whatever the rest of the shape (the tests below agree).
            if dead_inside >= 8 || wide >= 6 {
                return None;
            }
        }
    }
    Some(Survey { dead_inside, wide })
}

/// What the second pass over an eye's real points counts.
struct Closing {
    /// A point one move closes off as an eye of its own.
    closable: bool,
    /// Points that need a move or more to close off.
    weak: i64,
    /// Points that need two moves or more.
    severe: i64,
    /// Opponent stones on points of degree two or more.
    lodged: i64,
}

/// The second pass over the real points of eye `this_eye` (after [`survey`]): the moves
/// the owner needs to close each one off as an eye of its own (`s.block`), and the counts
/// the whole-eye tests use.
fn closing_moves(a: &Analysis, this_eye: u32, opponent: Color, s: &mut Scratch) -> Closing {
    let cells = &a.grid.cells[..];
    let stride = a.grid.stride;
    let false_eye = &a.false_eye[..cells.len()];
    let is_opponent_code = |code: u8| stone_of(code, opponent);
    let (mut closable, mut weak, mut severe, mut lodged) = (false, 0i64, 0i64, 0i64);
    {
        let real_eye = &s.real_eye[..cells.len()];
        let opponent_false_neighbors = &s.opponent_false_neighbors[..cells.len()];
        let empty_false_neighbors = &s.empty_false_neighbors[..cells.len()];
        let poke = &s.poke[..cells.len()];
        let degrees = &s.degree[..cells.len()];
        let block = &mut s.block[..cells.len()];
        for &c in &s.nodes {
            let c = c as usize;
            let mut moves = 0;
            for n in [c - 1, c + 1, c - stride, c + stride] {
                let code = cells[n];
                let real = real_eye[n] == this_eye;
                moves += if code == EMPTY {
                    let open_outside = !real;
                    let thrown_in_beside = real && opponent_false_neighbors[n] >= 1;
                    u32::from(open_outside || thrown_in_beside)
                } else if is_opponent_code(code) {
                    if false_eye[n] || (real && poke[n]) {
                        NEVER
                    } else {
                        u32::from(real && empty_false_neighbors[n] >= 1)
                    }
                } else {
                    0
                };
            }
            block[c] = moves;
            closable |= moves <= 1;
            weak += i64::from(moves >= 1);
            severe += i64::from(moves >= 2);
            if is_opponent_code(cells[c]) {
                lodged += i64::from(degrees[c] >= 2);
            }
        }
    }

    Closing {
        closable,
        weak,
        severe,
        lodged,
    }
}

/// The most eyes one playable cutting point of the real points makes: one per piece it
/// cuts the eye into that is already closed off (or that the cutting move itself closes).
fn cut_point_value(
    a: &Analysis,
    s: &mut Scratch,
    is_real: &impl Fn(&Scratch, usize) -> bool,
) -> u32 {
    let mut value = 0;
    let grid = &a.grid;
    build_local_graph(grid, s, |s, n| is_real(s, n));
    {
        let (search, graph) = (&s.search, &s.graph);
        let nodes = &s.nodes;
        let block = &s.block;
        let mut sums0 = std::mem::take(&mut s.sums0);
        let mut sums1 = std::mem::take(&mut s.sums1);
        search.subtree_sums(|v| u32::from(block[nodes[v] as usize] == 0), &mut sums0);
        search.subtree_sums(|v| u32::from(block[nodes[v] as usize] <= 1), &mut sums1);
        let roots = || (0..nodes.len()).filter(|&v| search.parent[v] == NONE);
        let components = roots().count();
        let closed0 = roots().filter(|&r| sums0[r] > 0).count();
        let closed1 = roots().filter(|&r| sums1[r] > 0).count();
        for v in 0..nodes.len() {
            let c = nodes[v] as usize;
            if !s.playable[c] {
                continue;
            }
            let is_root = search.parent[v] == NONE;
            // At most four children: a point has four neighbours.
            let mut split_buffer = [0usize; 4];
            let mut split_len = 0;
            for &w in graph.neighbors(v) {
                let w = w as usize;
                if search.parent[w] == v as u32 && search.splits_off(w, v) {
                    split_buffer[split_len] = w;
                    split_len += 1;
                }
            }
            let split = &split_buffer[..split_len];
            let pieces = components - 1 + split.len() + usize::from(!is_root);
            if pieces < 2 {
                continue;
            }
            let bonus = s.opponent_false_neighbors[c] == 1;
            let (sums, closed) = if bonus {
                (&sums1, closed1)
            } else {
                (&sums0, closed0)
            };
            let root = search.root[v] as usize;
            let own_closed = usize::from(sums[root] > 0);
            let mut definite = closed - own_closed;
            definite += split.iter().filter(|&&w| sums[w] > 0).count();
            if !is_root {
                let counted = |w: usize| {
                    let threshold = if bonus { 1 } else { 0 };
                    u32::from(block[nodes[w] as usize] <= threshold)
                };
                let rest = sums[root] - counted(v) - split.iter().map(|&w| sums[w]).sum::<u32>();
                definite += usize::from(rest > 0);
            }
            value = value.max(definite as u32);
        }
        s.sums0 = sums0;
        s.sums1 = sums1;
    }
    value
}

fn two_point_cut_makes_two_eyes(
    a: &Analysis,
    s: &mut Scratch,
    is_real: &impl Fn(&Scratch, usize) -> bool,
) -> bool {
    let grid = &a.grid;
    for i in 0..s.nodes.len() {
        let d = s.nodes[i] as usize;
        if grid.cells[d] != EMPTY
            || grid.on_edge(d)
            || s.block[d] > 1
            || s.degree[d] < 3
            || !s.playable[d]
        {
            continue;
        }
        for e in grid.neighbors(d) {
            if !is_real(s, e) || s.degree[e] < 3 || s.block[e] > 1 {
                continue;
            }
            let e_empty = grid.cells[e] == EMPTY;
            if !e_empty && s.empty_real_neighbors[e] <= 1 {
                continue;
            }
            // Pieces of the real points without d and e, and their closed points.
            s.now += 1;
            let seen = s.now;
            s.member[d] = seen;
            s.member[e] = seen;
            let (mut pieces, mut definite, mut double) = (0, 0, 0);
            for k in 0..s.nodes.len() {
                let start = s.nodes[k] as usize;
                if s.member[start] == seen {
                    continue;
                }
                pieces += 1;
                let mut closed = 0;
                s.member[start] = seen;
                s.stack.push(start as u32);
                while let Some(c) = s.stack.pop() {
                    let c = c as usize;
                    closed += u32::from(s.block[c] == 0);
                    for n in grid.neighbors(c) {
                        if is_real(s, n) && s.member[n] != seen {
                            s.member[n] = seen;
                            s.stack.push(n as u32);
                        }
                    }
                }
                definite += u32::from(closed >= 1);
                double += u32::from(closed >= 2);
            }
            if pieces >= 2 && definite >= 2 && double >= 1 && (e_empty || double >= 2) {
                return true;
            }
        }
    }
    false
}

/// The dead opponent stones of an eye, with the points the owner cannot play on: would
/// capturing them leave the owner a shape with two eyes, whichever unplayable point the
/// opponent leaves out?
fn dead_shape_lives(a: &Analysis, eye: usize, owner: Color, s: &mut Scratch) -> bool {
    let grid = &a.grid;
    let opponent = owner.opponent();
    let mut dead = Vec::new();
    let mut unplayable = Vec::new();
    for &c in a.cells_of_eye(eye) {
        let c = c as usize;
        if s.real_eye[c] != eye as u32 {
            continue;
        }
        if grid.stone(c) == Some(opponent) {
            dead.push(c as u32);
        } else if !s.playable[c] {
            unplayable.push(c as u32);
        }
    }
    if dead.is_empty() {
        return false;
    }
    // Dead stones lodged on false eye points: each costs the owner an eye.
    let throw_ins = a
        .cells_of_eye(eye)
        .iter()
        .filter(|&&c| grid.stone(c as usize) == Some(opponent) && a.false_eye[c as usize])
        .count() as i64;
    for omitted in unplayable
        .iter()
        .map(|&c| Some(c))
        .chain(std::iter::once(None))
    {
        s.nodes.clear();
        s.nodes.extend(dead.iter().copied());
        s.nodes
            .extend(unplayable.iter().copied().filter(|&c| Some(c) != omitted));
        s.now += 1;
        let member = s.now;
        for &c in &s.nodes {
            s.member[c as usize] = member;
        }
        build_local_graph(grid, s, |s, n| s.member[n] == member);
        let (search, graph) = (&s.search, &s.graph);
        let pieces = (0..s.nodes.len())
            .filter(|&v| search.parent[v] == NONE)
            .count() as i64;
        let (mut bottlenecks, mut broad) = (0i64, 0i64);
        for v in 0..s.nodes.len() {
            let children = graph
                .neighbors(v)
                .iter()
                .filter(|&&w| search.parent[w as usize] == v as u32)
                .map(|&w| w as usize);
            let is_bottleneck = if search.parent[v] == NONE {
                children.count() >= 2
            } else {
                children.filter(|&w| search.splits_off(w, v)).count() >= 1
            };
            if is_bottleneck {
                bottlenecks += 1;
            } else if graph.neighbors(v).len() >= 3 {
                broad += 1;
            }
        }
        let big = i64::from(s.nodes.len() >= 7);
        if pieces - throw_ins + (bottlenecks + broad + big) / 2 < 2 {
            return false;
        }
    }
    true
}
