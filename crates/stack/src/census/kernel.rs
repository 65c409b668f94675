//! The census kernel: the number of solutions of every N-subset of a
//! K-colour family, sharing work between sets with a common prefix.
//!
//! Everything happens at colour level. A cube is reduced to its *options*:
//! the distinct (FB colour pair, LR colour pair) choices taken from two
//! different physical axes (at most 6). Every orientation of those pairs is
//! reachable by a rotation, so for a selection of options (S1 = the FB pairs,
//! S2 = the LR pairs, one per cube) the patterns are exactly the ways to
//! orient each component of the FB and LR multigraphs: `2^(a1 + a2)`, where
//! `a_i` counts the components with at least one non-loop edge. The number
//! of solutions up to the 8 tower symmetries follows from Burnside (fixed
//! points of each symmetry, worked out in docs/census.md):
//!
//! `8 * distinct = sum over (S1, S2) of (2^a1 + [a1=0]) (2^a2 + [a2=0]) + [S1=S2] (2 * 2^a1 + 2 [a1=0])`.
//!
//! An option is a `u64` of 4-bit degree counters (FB degree of colour c in
//! nibble c, LR degree in nibble K + c; a loop adds 2). A partial tower is an
//! [`Entry`]: its counter sum plus, per graph, the partner of every path
//! endpoint and the component count, so the cycle structure is updated in
//! O(1) per cube. Any counter above 2 kills the entry (one add and one mask).
//!
//! With N = K the last cube is never looped over: the needed remainder
//! `target - sum` names one (FB pair, LR pair) key, a table gives the bit
//! mask of cubes that have that option, and only sets with a solution are
//! touched. With N < K (McDonnell's rule: no side repeats a colour) the last
//! level is an ordinary loop.

use cubist_cube::Cube;

/// Adding this to a counter word sets bit 3 of every nibble that is >= 3.
const FIVES: u64 = 0x5555_5555_5555_5555;
const EIGHTS: u64 = 0x8888_8888_8888_8888;
/// Number of (FB pair, LR pair) keys: pairs are indexed `6a + b`, `a <= b < 6`.
const KEYS: usize = 36 * 36;

/// One option of a cube: its degree counters and its two colour pairs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opt {
    sum: u64,
    fb: (u8, u8),
    lr: (u8, u8),
    /// The FB pair equals the LR pair (the option is fixed by the diagonal symmetries).
    eq: bool,
}

/// A partial tower: counters, path-endpoint partners per graph (nibble per
/// colour), components with a non-loop edge per graph, and whether every cube
/// so far has equal FB and LR pairs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    sum: u64,
    p1: u32,
    p2: u32,
    c1: u8,
    c2: u8,
    eq: bool,
}

const EMPTY: Entry = Entry {
    sum: 0,
    p1: 0,
    p2: 0,
    c1: 0,
    c2: 0,
    eq: true,
};

/// The census of one family for one set size, ready to run on any range of sets.
pub(crate) struct Kernel {
    k: usize,
    n: usize,
    opts: Vec<Vec<Opt>>,
    /// For N = K: key -> bit mask of the cubes having that option.
    bucket: Vec<u128>,
    /// For N = K: key -> whether the key's FB pair equals its LR pair.
    key_eq: Vec<bool>,
    target: u64,
}

/// What a run over some sets found: per set with at least one solution,
/// its cube indices (0-based, increasing) and its number of solutions.
pub(crate) trait Sink {
    fn record(&mut self, set: &[usize], distinct: u64);
}

fn pair(c: &Cube, axis: usize) -> (u8, u8) {
    let a = c.faces[2 * axis].0 as u8;
    let b = c.faces[2 * axis + 1].0 as u8;
    (a.min(b), a.max(b))
}

fn key_of(sum: u64, k: usize) -> usize {
    let half = |x: u64| {
        let a = x.trailing_zeros() as usize / 4;
        let b = (63 - x.leading_zeros() as usize) / 4;
        6 * a + b
    };
    let low = sum & ((1u64 << (4 * k)) - 1);
    36 * half(low) + half(sum >> (4 * k))
}

/// The Burnside weight (8 times the contribution to `distinct`) of a
/// complete selection with `a1`, `a2` components and `eq` = (S1 = S2).
#[inline]
fn weight(a1: u8, a2: u8, eq: bool) -> u64 {
    let f = |a: u8| (1u64 << a) + u64::from(a == 0);
    f(a1) * f(a2) + if eq { 2 * f(a1) } else { 0 }
}

#[inline]
fn get(p: u32, v: u8) -> u8 {
    ((p >> (4 * v)) & 0xF) as u8
}

#[inline]
fn set(p: u32, v: u8, w: u8) -> u32 {
    (p & !(0xF << (4 * v))) | (u32::from(w) << (4 * v))
}

/// Adds edge `(a, b)` to a graph of maximum degree 2 given by its endpoint
/// partners `p`, component count `c` and degrees (nibbles of `deg` from
/// `shift`), before the edge. The caller has checked the degrees stay <= 2.
#[inline]
fn join(p: u32, c: u8, deg: u64, (a, b): (u8, u8), shift: usize) -> (u32, u8) {
    if a == b {
        return (p, c);
    }
    let da = (deg >> (shift + 4 * a as usize)) & 0xF;
    let db = (deg >> (shift + 4 * b as usize)) & 0xF;
    match (da, db) {
        (0, 0) => (set(set(p, a, b), b, a), c + 1),
        (0, _) => {
            let w = get(p, b);
            (set(set(p, w, a), a, w), c)
        }
        (_, 0) => {
            let w = get(p, a);
            (set(set(p, w, b), b, w), c)
        }
        _ => {
            let (wa, wb) = (get(p, a), get(p, b));
            if wa == b {
                (p, c)
            } else {
                (set(set(p, wa, wb), wb, wa), c - 1)
            }
        }
    }
}

impl Kernel {
    /// The kernel for sets of `n` cubes from `family` (cubes with colours `0..k`).
    pub(crate) fn new(family: &[Cube], k: usize, n: usize) -> Kernel {
        assert!((1..=6).contains(&k) && family.len() <= 128);
        let mut opts = Vec::with_capacity(family.len());
        let mut bucket = vec![0u128; KEYS];
        for (i, c) in family.iter().enumerate() {
            let mut mine: Vec<Opt> = Vec::new();
            for x in 0..3 {
                for y in 0..3 {
                    if x == y {
                        continue;
                    }
                    let (fb, lr) = (pair(c, x), pair(c, y));
                    if mine.iter().any(|o| o.fb == fb && o.lr == lr) {
                        continue;
                    }
                    let sum = (1u64 << (4 * fb.0))
                        + (1u64 << (4 * fb.1))
                        + (1u64 << (4 * (k + lr.0 as usize)))
                        + (1u64 << (4 * (k + lr.1 as usize)));
                    bucket[key_of(sum, k)] |= 1u128 << i;
                    mine.push(Opt {
                        sum,
                        fb,
                        lr,
                        eq: fb == lr,
                    });
                }
            }
            opts.push(mine);
        }
        let key_eq = (0..KEYS).map(|key| key / 36 == key % 36).collect();
        let target = (0..2 * k).fold(0u64, |t, i| t | 2 << (4 * i));
        Kernel {
            k,
            n,
            opts,
            bucket,
            key_eq,
            target,
        }
    }

    pub(crate) fn colours(&self) -> usize {
        self.k
    }

    fn size(&self) -> usize {
        self.opts.len()
    }

    #[inline]
    fn extend(&self, e: &Entry, o: &Opt) -> Option<Entry> {
        let sum = e.sum + o.sum;
        if (sum + FIVES) & EIGHTS != 0 {
            return None;
        }
        let (p1, c1) = join(e.p1, e.c1, e.sum, o.fb, 0);
        let (p2, c2) = join(e.p2, e.c2, e.sum, o.lr, 4 * self.k);
        Some(Entry {
            sum,
            p1,
            p2,
            c1,
            c2,
            eq: e.eq && o.eq,
        })
    }

    fn extend_all(&self, from: &[Entry], cube: usize, to: &mut Vec<Entry>) {
        to.clear();
        for e in from {
            for o in &self.opts[cube] {
                if let Some(x) = self.extend(e, o) {
                    to.push(x);
                }
            }
        }
    }

    /// Runs every set whose first cube is `first` and whose second cube is
    /// `second` (ignored when N = 1), reporting sets with solutions in
    /// lexicographic order.
    pub(crate) fn run_prefix(&self, first: usize, second: usize, sink: &mut dyn Sink) {
        let mut scratch = Scratch::new(self.n);
        let mut path = vec![first];
        let start = [EMPTY];
        match self.n {
            1 => self.leaf(&start, &mut Vec::new(), first, first + 1, &mut scratch, sink),
            2 => {
                let mut l1 = Vec::new();
                self.extend_all(&start, first, &mut l1);
                self.leaf(&l1, &mut path, second, second + 1, &mut scratch, sink);
            }
            _ => {
                let mut l1 = Vec::new();
                self.extend_all(&start, first, &mut l1);
                let mut l2 = Vec::new();
                self.extend_all(&l1, second, &mut l2);
                if !l2.is_empty() {
                    path.push(second);
                    self.dfs(&l2, &mut path, &mut scratch, sink);
                }
            }
        }
    }

    /// The number of solutions of one set (0-based indices, increasing, N of them).
    pub(crate) fn count_one(&self, set: &[usize]) -> u64 {
        struct One(u64);
        impl Sink for One {
            fn record(&mut self, _: &[usize], distinct: u64) {
                self.0 = distinct;
            }
        }
        let (&last, prefix) = set.split_last().expect("a non-empty set");
        let mut list = vec![EMPTY];
        let mut next = Vec::new();
        for &c in prefix {
            self.extend_all(&list, c, &mut next);
            std::mem::swap(&mut list, &mut next);
        }
        let mut one = One(0);
        let mut path = prefix.to_vec();
        self.leaf(&list, &mut path, last, last + 1, &mut Scratch::new(self.n), &mut one);
        one.0
    }

    /// Extends the prefix `path` (with partial towers `list`) by every later
    /// cube, down to the last level.
    fn dfs(&self, list: &[Entry], path: &mut Vec<usize>, scratch: &mut Scratch, sink: &mut dyn Sink) {
        let d = path.len();
        let last = *path.last().expect("non-empty prefix");
        if d == self.n - 1 {
            self.leaf(list, path, last + 1, self.size(), scratch, sink);
            return;
        }
        let mut next = std::mem::take(&mut scratch.levels[d]);
        for c in last + 1..=self.size() - (self.n - d) {
            self.extend_all(list, c, &mut next);
            if !next.is_empty() {
                path.push(c);
                self.dfs(&next, path, scratch, sink);
                path.pop();
            }
        }
        scratch.levels[d] = next;
    }

    /// The last level: every set `path + [j]` with `lo <= j < hi`.
    fn leaf(&self, list: &[Entry], path: &mut Vec<usize>, lo: usize, hi: usize, s: &mut Scratch, sink: &mut dyn Sink) {
        if lo >= hi {
            return;
        }
        let range = (u128::MAX >> (128 - hi)) & !((1u128 << lo) - 1);
        let mut hit = 0u128;
        if self.n == self.k {
            // Group the partial towers by the option they need, then touch
            // only the cubes that have it.
            for e in list {
                let key = key_of(self.target - e.sum, self.k);
                let w = weight(e.c1, e.c2, e.eq && self.key_eq[key]);
                if s.by_key[key] == 0 {
                    s.keys.push(key as u16);
                }
                s.by_key[key] += w;
            }
            for &key in &s.keys {
                let key = key as usize;
                let mut m = self.bucket[key] & range;
                hit |= m;
                while m != 0 {
                    let j = m.trailing_zeros() as usize;
                    s.acc[j] += s.by_key[key];
                    m &= m - 1;
                }
                s.by_key[key] = 0;
            }
            s.keys.clear();
        } else {
            for e in list {
                for j in lo..hi {
                    for o in &self.opts[j] {
                        if let Some(x) = self.extend(e, o) {
                            s.acc[j] += weight(x.c1, x.c2, x.eq);
                            hit |= 1 << j;
                        }
                    }
                }
            }
        }
        while hit != 0 {
            let j = hit.trailing_zeros() as usize;
            hit &= hit - 1;
            let w = std::mem::take(&mut s.acc[j]);
            debug_assert_eq!(w % 8, 0, "Burnside weight not divisible by 8");
            path.push(j);
            sink.record(path, w / 8);
            path.pop();
        }
    }
}

/// Per-worker buffers, reused across prefixes so the hot loop never allocates.
struct Scratch {
    levels: Vec<Vec<Entry>>,
    by_key: Vec<u64>,
    keys: Vec<u16>,
    acc: [u64; 128],
}

impl Scratch {
    fn new(n: usize) -> Scratch {
        Scratch {
            levels: vec![Vec::new(); n + 1],
            by_key: vec![0; KEYS],
            keys: Vec::new(),
            acc: [0; 128],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weight_of_simple_selections() {
        // All loops, S1 = S2: every symmetry fixes the single pattern.
        assert_eq!(weight(0, 0, true), 8);
        // One 4-cycle in each graph, S1 != S2: 4 patterns, only the identity fixes them.
        assert_eq!(weight(1, 1, false), 4);
        // S1 = S2 with one cycle: 4 patterns plus 2 + 2 fixed by the diagonal reflections.
        assert_eq!(weight(1, 1, true), 8);
    }

    #[test]
    fn join_tracks_components() {
        // Path 0-1, then 1-2 extends it, then 2-0 closes a triangle.
        let deg = |d: [u64; 3]| d[0] | d[1] << 4 | d[2] << 8;
        let (p, c) = join(0, 0, 0, (0, 1), 0);
        assert_eq!(c, 1);
        let (p, c) = join(p, c, deg([1, 1, 0]), (1, 2), 0);
        assert_eq!((c, get(p, 0), get(p, 2)), (1, 2, 0));
        let (_, c) = join(p, c, deg([1, 2, 1]), (0, 2), 0);
        assert_eq!(c, 1);
        // Two separate edges 0-1 and 2-3, joined by 1-2: one path.
        let (p, c) = join(0, 0, 0, (0, 1), 0);
        let (p, c) = join(p, c, 0x11, (2, 3), 0);
        assert_eq!(c, 2);
        let (p, c) = join(p, c, 0x1111, (1, 2), 0);
        assert_eq!((c, get(p, 0), get(p, 3)), (1, 3, 0));
    }
}
