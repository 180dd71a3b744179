//! Cut vertices of small graphs by one iterative depth-first search (Tarjan's low-link
//! numbering), used to ask "which pieces does the graph fall into without this node?"
//! for every node at once, in linear time.

use super::grid::NONE;

/// A graph in compressed adjacency form: the neighbours of node `v` are
/// `targets[starts[v]..starts[v + 1]]`.
#[derive(Default)]
pub struct Graph {
    /// Offsets into `targets`, one more than the node count.
    pub starts: Vec<u32>,
    /// Neighbour lists, concatenated.
    pub targets: Vec<u32>,
}

impl Graph {
    /// Empties the graph, keeping its memory.
    pub fn clear(&mut self) {
        self.starts.clear();
        self.targets.clear();
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The neighbours of `v`.
    pub fn neighbors(&self, v: usize) -> &[u32] {
        &self.targets[self.starts[v] as usize..self.starts[v + 1] as usize]
    }
}

/// A depth-first search forest of a [`Graph`] with preorder numbers and low links.
#[derive(Default)]
pub struct Search {
    /// Preorder number per node.
    pub disc: Vec<u32>,
    /// Lowest preorder number reachable from the node's subtree by one back edge.
    pub low: Vec<u32>,
    /// The last preorder number inside the node's subtree.
    pub end: Vec<u32>,
    /// Parent in the forest, [`NONE`] for roots.
    pub parent: Vec<u32>,
    /// The root of the node's tree (one tree per connected component).
    pub root: Vec<u32>,
    /// Nodes in preorder.
    pub order: Vec<u32>,
    stack: Vec<(u32, u32)>,
}

impl Search {
    /// Runs the search over every node of `graph`.
    pub fn run(&mut self, graph: &Graph) {
        let n = graph.node_count();
        for v in [
            &mut self.disc,
            &mut self.low,
            &mut self.end,
            &mut self.parent,
            &mut self.root,
        ] {
            v.clear();
            v.resize(n, NONE);
        }
        // The preorder and the depth-first stack hold at most one entry per node: written by
        // index (into full-size vectors) so that their lengths stay in registers; local
        // slices, since through `self` every store would make the compiler reload addresses.
        self.order.clear();
        self.order.resize(n, NONE);
        self.stack.clear();
        self.stack.resize(n, (0, 0));
        let (starts, targets) = (&graph.starts[..n + 1], &graph.targets[..]);
        let (disc, low, end) = (&mut self.disc[..n], &mut self.low[..n], &mut self.end[..n]);
        let (parent, root) = (&mut self.parent[..n], &mut self.root[..n]);
        let order = &mut self.order[..n];
        let stack = &mut self.stack[..n];
        let mut time = 0u32;
        for start in 0..n {
            if disc[start] != NONE {
                continue;
            }
            disc[start] = time;
            low[start] = time;
            parent[start] = NONE;
            root[start] = start as u32;
            order[time as usize] = start as u32;
            time += 1;
            stack[0] = (start as u32, starts[start]);
            let mut top = 1;
            while top > 0 {
                let (v, next) = (stack[top - 1].0 as usize, stack[top - 1].1);
                if next < starts[v + 1] {
                    stack[top - 1].1 += 1;
                    let w = targets[next as usize] as usize;
                    if disc[w] == NONE {
                        disc[w] = time;
                        low[w] = time;
                        parent[w] = v as u32;
                        root[w] = start as u32;
                        order[time as usize] = w as u32;
                        time += 1;
                        stack[top] = (w as u32, starts[w]);
                        top += 1;
                    } else {
                        low[v] = low[v].min(disc[w]);
                    }
                } else {
                    top -= 1;
                    end[v] = time - 1;
                    let p = parent[v];
                    if p != NONE {
                        let p = p as usize;
                        low[p] = low[p].min(low[v]);
                    }
                }
            }
        }
    }

    /// Whether `w` lies in the subtree of `v` (v itself included).
    pub fn in_subtree(&self, w: usize, v: usize) -> bool {
        self.disc[v] <= self.disc[w] && self.disc[w] <= self.end[v]
    }

    /// Whether child `c` of `v` and its subtree fall apart from the rest when `v` is taken
    /// out: no back edge from the subtree climbs above `v`.
    pub fn splits_off(&self, c: usize, v: usize) -> bool {
        self.low[c] >= self.disc[v]
    }

    /// Which piece `w` (a neighbour of `v`) falls into when `v` is taken out: the child of
    /// `v` whose subtree splits off and holds `w`, or [`NONE`] for the piece that keeps the
    /// rest of `v`'s component.
    pub fn piece_of(&self, graph: &Graph, v: usize, w: usize) -> u32 {
        if !(self.disc[v] < self.disc[w] && self.disc[w] <= self.end[v]) {
            return NONE;
        }
        for &c in graph.neighbors(v) {
            let c = c as usize;
            if self.parent[c] == v as u32 && self.in_subtree(w, c) {
                return if self.splits_off(c, v) {
                    c as u32
                } else {
                    NONE
                };
            }
        }
        NONE
    }

    /// Sums `value` over every subtree: `out[v]` = total of `v`'s subtree.
    pub fn subtree_sums(&self, value: impl Fn(usize) -> u32, out: &mut Vec<u32>) {
        out.clear();
        out.resize(self.disc.len(), 0);
        for &v in self.order.iter().rev() {
            let v = v as usize;
            out[v] += value(v);
            let p = self.parent[v];
            if p != NONE {
                out[p as usize] += out[v];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> Graph {
        let mut lists = vec![Vec::new(); n];
        for &(a, b) in edges {
            lists[a as usize].push(b);
            lists[b as usize].push(a);
        }
        let mut g = Graph::default();
        g.starts.push(0);
        for list in lists {
            g.targets.extend(list);
            g.starts.push(g.targets.len() as u32);
        }
        g
    }

    #[test]
    fn a_path_splits_at_inner_nodes_and_a_cycle_does_not() {
        // 0 - 1 - 2 - 3, and 3 - 4 - 5 - 3 a triangle.
        let g = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 3)]);
        let mut s = Search::default();
        s.run(&g);
        assert_ne!(s.piece_of(&g, 1, 0), s.piece_of(&g, 1, 2));
        assert_ne!(s.piece_of(&g, 3, 2), s.piece_of(&g, 3, 4));
        assert_eq!(s.piece_of(&g, 4, 3), s.piece_of(&g, 4, 5));
        let mut sums = Vec::new();
        s.subtree_sums(|_| 1, &mut sums);
        assert_eq!(sums[s.root[0] as usize], 6);
    }
}
