//! Disjoint sets (union-find) over `0..n`: which chains the estimate has joined into one
//! group. Iterative, with path halving; a set's root is its smallest member.

/// A partition of `0..n` into sets, each named by its smallest member.
pub(crate) struct DisjointSets {
    parent: Vec<usize>,
}

impl DisjointSets {
    /// `n` sets of one member each.
    pub(crate) fn new(n: usize) -> DisjointSets {
        DisjointSets {
            parent: (0..n).collect(),
        }
    }

    /// The smallest member of the set holding `c`.
    pub(crate) fn find(&mut self, mut c: usize) -> usize {
        while self.parent[c] != c {
            self.parent[c] = self.parent[self.parent[c]];
            c = self.parent[c];
        }
        c
    }

    /// Joins the sets holding `a` and `b`.
    pub(crate) fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.parent[a.max(b)] = a.min(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joined_members_share_the_smallest_as_root() {
        let mut sets = DisjointSets::new(6);
        sets.join(4, 2);
        sets.join(5, 4);
        sets.join(1, 3);
        assert_eq!(
            (0..6).map(|c| sets.find(c)).collect::<Vec<_>>(),
            [0, 1, 2, 1, 2, 2]
        );
        sets.join(3, 5);
        assert_eq!(
            (0..6).map(|c| sets.find(c)).collect::<Vec<_>>(),
            [0, 1, 1, 1, 1, 1]
        );
    }
}
