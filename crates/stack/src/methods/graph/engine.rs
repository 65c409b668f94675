//! The search engine under the graph method: choosing, per cube, which of
//! its three opposite pairs each factor takes, so that every colour ends
//! with degree exactly 2 in every factor.
//!
//! It is a small constraint solver written for this one shape of problem
//! (a general CP or SAT library would need the model translated into its own
//! terms for every instance and could not beat a few bit operations per
//! test). Variables are the cubes; a cube's *domain* is a bitmask of its
//! options: with one factor (`k = 1`) an option is an axis 0..3 (F-B, L-R,
//! T-D), with two factors (`k = 2`) an ordered pair of different axes
//! ([`PAIRS`]). Constraints are one per (colour, factor): the degrees that
//! the cubes' chosen options give the colour in that factor sum to 2 (a loop,
//! a pair with the same colour twice, gives 2). A third model
//! ([`Model::hidden`]) has one option per axis, the axis a cube hides, and
//! one constraint per colour with its own target, `deg(v) - 4`.
//!
//! **Propagation (bounds consistency).** Each constraint keeps `lo`, the
//! sum over its cubes of the least degree any option still in the cube's
//! domain gives, and `hi`, the sum of the greatest. `lo > 2` or `hi < 2` is a
//! dead end. Otherwise an option of cube i giving degree x survives only if
//! `lo - min_i + x <= 2` and `hi - max_i + x >= 2`; per (cube, colour,
//! factor) the options giving degree 0, 1, 2 are precomputed masks, so the
//! surviving options are the OR of at most three masks. Removing options
//! updates the bounds of the cube's (up to 12) constraints and queues those
//! that changed, until nothing changes.
//!
//! **Probing** (optional, used for first solutions): at every node every
//! open option of every cube is set and propagated; an option that dead-ends
//! is removed, until nothing changes. Each probe also measures the option's
//! *impact* (how many domains it narrowed).
//!
//! **Branching.** The cube with the fewest options per weight of its open
//! constraints (dom/wdeg: a constraint's weight is 1 plus the dead ends it
//! caused; ties: the lower index) is tried on each option in turn, the
//! highest impact first; after an option is exhausted it is removed from
//! the domain and propagated, so the last option is often forced. Every
//! complete assignment reached is a solution, each exactly once.
//!
//! **Watching.** A search may be long (listing every factor of a large set
//! is exponential in the cubes), so every [`TICK`] nodes (every node when
//! probing) it calls its [`Search::tick`] hook, which may stop it. The hook is told the share of
//! the search tree already done: the root is the whole tree, each of a
//! node's options gets an equal part of its share, and a subtree's share is
//! done when the subtree is (options that propagation removes count as done
//! with their node). On these trees, whose early subtrees are the deep
//! ones, the share is a lower bound that grows unevenly; it never goes back.

use crate::Instance;

/// The ordered axis pairs `(factor 1, factor 2)` of a cube in the two-factor
/// model: option `o` puts axis `PAIRS[o].0` in factor 1 and `PAIRS[o].1` in
/// factor 2; the third axis is unused.
pub(crate) const PAIRS: [(u8, u8); 6] = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)];

/// One cube's part in the constraints.
#[derive(Clone, Copy)]
struct CubeModel {
    /// The distinct colours on the cube; `nverts` of the six are used.
    verts: [u16; 6],
    nverts: u8,
    /// `by_degree[l][f][x]`: the options giving colour `verts[l]` degree x
    /// in constraint kind f (factor 1, factor 2, both together).
    by_degree: [[[u8; 5]; 3]; 6],
}

/// The instance as constraints for `k` factors.
pub(crate) struct Model {
    /// Constraint kinds per colour: 1 with one factor; 3 with two (each
    /// factor's degree 2, and the redundant "used degree 4").
    k: usize,
    cubes: Vec<CubeModel>,
    /// The cubes (and their local colour index) at each colour, in CSR form.
    start: Vec<u32>,
    incident: Vec<(u32, u8)>,
    /// The full domain of a cube.
    full: u8,
    /// Per constraint (`colour * k + kind`), the degree it asks for.
    target: Vec<i32>,
}

impl Model {
    /// The model of `inst` with `k` (1 or 2) factors.
    pub(crate) fn new(inst: &Instance, k: usize) -> Model {
        let colours = inst.colours();
        let options: &[(u8, u8)] = if k == 1 { &[(0, 0), (1, 0), (2, 0)] } else { &PAIRS };
        let mut cubes = Vec::with_capacity(inst.n());
        let mut count = vec![0u32; colours + 1];
        for cube in inst.cubes() {
            let pairs = cube.opposite_pairs();
            let mut m = CubeModel {
                verts: [0; 6],
                nverts: 0,
                by_degree: [[[0; 5]; 3]; 6],
            };
            for c in cube.faces {
                let c = c.0;
                if !m.verts[..m.nverts as usize].contains(&c) {
                    m.verts[m.nverts as usize] = c;
                    m.nverts += 1;
                    count[c as usize + 1] += 1;
                }
            }
            for l in 0..m.nverts as usize {
                let v = m.verts[l];
                let degree = |axis: u8| {
                    let (a, b) = pairs[axis as usize];
                    usize::from(a.0 == v) + usize::from(b.0 == v)
                };
                for (o, &(a1, a2)) in options.iter().enumerate() {
                    m.by_degree[l][0][degree(a1)] |= 1 << o;
                    if k == 2 {
                        m.by_degree[l][1][degree(a2)] |= 1 << o;
                        m.by_degree[l][2][degree(a1) + degree(a2)] |= 1 << o;
                    }
                }
            }
            cubes.push(m);
        }
        for v in 0..colours {
            count[v + 1] += count[v];
        }
        let start = count.clone();
        let mut incident = vec![(0, 0); count[colours] as usize];
        for (i, m) in cubes.iter().enumerate() {
            for l in 0..m.nverts as usize {
                let v = m.verts[l] as usize;
                incident[count[v] as usize] = (i as u32, l as u8);
                count[v] += 1;
            }
        }
        let k = if k == 1 { 1 } else { 3 };
        Model {
            k,
            cubes,
            start,
            incident,
            full: ((1u16 << options.len()) - 1) as u8,
            target: (0..colours * k).map(|c| if c % k == 2 { 4 } else { 2 }).collect(),
        }
    }

    /// The hidden-axis model: an option is the axis a cube leaves out of
    /// both factors, and colour v must lose exactly `deg(v) - 4` of its
    /// `deg(v)` face appearances (so that degree 4 is left for the two
    /// factors).
    pub(crate) fn hidden(inst: &Instance) -> Model {
        let mut m = Model::new(inst, 1);
        let mut deg = vec![0i32; inst.colours()];
        for cube in inst.cubes() {
            for c in cube.faces {
                deg[c.index()] += 1;
            }
        }
        m.target = deg.iter().map(|d| d - 4).collect();
        m
    }
}

/// The least and greatest degree the options in `dom` give.
#[inline]
fn bounds(masks: &[u8; 5], dom: u8) -> (i32, i32) {
    let mut lo = 0;
    while lo < 4 && masks[lo] & dom == 0 {
        lo += 1;
    }
    let mut hi = 4;
    while hi > lo && masks[hi] & dom == 0 {
        hi -= 1;
    }
    (lo as i32, hi as i32)
}

/// Nodes between two calls of [`Search::tick`]: a node costs time linear
/// in the cubes (choosing the cube to branch on scans them all), so on a
/// thousand cubes this is some 30 ms of a debug build, under load.
pub(crate) const TICK: u64 = 1 << 8;

/// The hook a search calls every [`TICK`] nodes with its nodes and the
/// share of its tree done (0 to 1); true stops the search.
pub(crate) type Tick<'m> = Box<dyn FnMut(u64, f64) -> bool + 'm>;

/// A depth-first search over a [`Model`], with its state.
pub(crate) struct Search<'m> {
    m: &'m Model,
    dom: Vec<u8>,
    lo: Vec<i32>,
    hi: Vec<i32>,
    /// (cube, domain before a change), for undoing.
    trail: Vec<(u32, u8)>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Search-tree nodes: options tried.
    pub(crate) nodes: u64,
    /// Whether the root propagation already failed.
    dead: bool,
    /// Per constraint, 1 + the dead ends it caused (for choosing cubes).
    weight: Vec<u32>,
    /// Probe every option at every node (see [`Search::probe`]).
    pub(crate) probing: bool,
    /// Per cube and option, how many domains its last probe narrowed:
    /// options are tried most narrowing first (measured on planted sets of
    /// 60 cubes: median 3.8 ms against 74 ms in index order, 0.25 s least
    /// narrowing first).
    impact: Vec<[u32; 6]>,
    /// Called every [`TICK`] nodes (see the module documentation).
    pub(crate) tick: Option<Tick<'m>>,
    /// The share of the tree done so far.
    done: f64,
    /// Whether the tick stopped the search.
    pub(crate) stopped: bool,
}

impl<'m> Search<'m> {
    /// A search with every option open except those `restrict` removes
    /// (`restrict[i]` is ANDed into cube i's domain, if given).
    pub(crate) fn new(m: &'m Model, restrict: &[(usize, u8)]) -> Search<'m> {
        let nc = m.start.len().saturating_sub(1) * m.k;
        let mut s = Search {
            m,
            dom: vec![m.full; m.cubes.len()],
            lo: vec![0; nc],
            hi: vec![0; nc],
            trail: Vec::new(),
            queue: (0..nc as u32).collect(),
            queued: vec![true; nc],
            nodes: 0,
            dead: false,
            weight: vec![1; nc],
            probing: false,
            impact: vec![[0; 6]; m.cubes.len()],
            tick: None,
            done: 0.0,
            stopped: false,
        };
        for &(i, mask) in restrict {
            s.dom[i] &= mask;
        }
        for (i, cm) in m.cubes.iter().enumerate() {
            for l in 0..cm.nverts as usize {
                for f in 0..m.k {
                    let (a, b) = bounds(&cm.by_degree[l][f], s.dom[i]);
                    let c = cm.verts[l] as usize * m.k + f;
                    s.lo[c] += a;
                    s.hi[c] += b;
                }
            }
        }
        s.dead = s.dom.contains(&0) || !s.propagate();
        s
    }

    /// Replaces cube i's domain, keeping the bounds right and queueing the
    /// constraints whose bounds moved.
    fn set_domain(&mut self, i: usize, new: u8) {
        let old = self.dom[i];
        self.trail.push((i as u32, old));
        self.dom[i] = new;
        self.rebound(i, old, new, true);
    }

    fn rebound(&mut self, i: usize, old: u8, new: u8, enqueue: bool) {
        let cm = &self.m.cubes[i];
        let k = self.m.k;
        for l in 0..cm.nverts as usize {
            for f in 0..k {
                let masks = &cm.by_degree[l][f];
                let (a0, b0) = bounds(masks, old);
                let (a1, b1) = bounds(masks, new);
                if a0 != a1 || b0 != b1 {
                    let c = cm.verts[l] as usize * k + f;
                    self.lo[c] += a1 - a0;
                    self.hi[c] += b1 - b0;
                    if enqueue && !self.queued[c] {
                        self.queued[c] = true;
                        self.queue.push(c as u32);
                    }
                }
            }
        }
    }

    /// Runs the queue to a fixed point; false on a dead end.
    fn propagate(&mut self) -> bool {
        while let Some(c) = self.queue.pop() {
            let c = c as usize;
            self.queued[c] = false;
            if !self.revise(c) {
                self.weight[c] += 1;
                for &q in &self.queue {
                    self.queued[q as usize] = false;
                }
                self.queue.clear();
                return false;
            }
        }
        true
    }

    /// Bounds consistency on one (colour, factor) constraint.
    fn revise(&mut self, c: usize) -> bool {
        let k = self.m.k;
        let (v, f) = (c / k, c % k);
        let t = self.m.target[c];
        for idx in self.m.start[v] as usize..self.m.start[v + 1] as usize {
            let (lo, hi) = (self.lo[c], self.hi[c]);
            if lo > t || hi < t {
                return false;
            }
            let (i, l) = self.m.incident[idx];
            let i = i as usize;
            let d = self.dom[i];
            let masks = &self.m.cubes[i].by_degree[l as usize][f];
            let (mn, mx) = bounds(masks, d);
            let from = (t - (hi - mx)).max(0);
            let to = (t - (lo - mn)).min(4);
            let mut allowed = 0;
            for x in from..=to {
                allowed |= masks[x as usize];
            }
            let nd = d & allowed;
            if nd == 0 {
                return false;
            }
            if nd != d {
                self.set_domain(i, nd);
            }
        }
        self.lo[c] <= t && self.hi[c] >= t
    }

    /// Undoes every change made since the trail was at `mark`.
    pub(crate) fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (i, old) = self.trail.pop().expect("above the mark");
            let i = i as usize;
            let cur = self.dom[i];
            self.dom[i] = old;
            self.rebound(i, cur, old, false);
        }
    }

    /// The cube to branch on: fewest options per unit of weight of its
    /// open constraints (dom/wdeg: constraints that caused dead ends before
    /// weigh more), ties broken by the lower index.
    fn choose(&self) -> Option<usize> {
        let k = self.m.k;
        let mut best: Option<(u64, u64, usize)> = None;
        for (i, &d) in self.dom.iter().enumerate() {
            let size = u64::from(d.count_ones());
            if size < 2 {
                continue;
            }
            let cm = &self.m.cubes[i];
            let w: u64 = (0..cm.nverts as usize)
                .flat_map(|l| (0..k).map(move |f| cm.verts[l] as usize * k + f))
                .filter(|&c| self.lo[c] < self.hi[c])
                .map(|c| u64::from(self.weight[c]))
                .sum::<u64>()
                .max(1);
            let better = match best {
                None => true,
                Some((bs, bw, bi)) => {
                    let (x, y) = (size * bw, bs * w);
                    x < y || (x == y && i < bi)
                }
            };
            if better {
                best = Some((size, w, i));
            }
        }
        best.map(|b| b.2)
    }

    /// The first solution, or `None` after searching everything.
    pub(crate) fn first(&mut self) -> Option<Vec<u8>> {
        let mut found = None;
        self.run(&mut |o| {
            found = Some(o.to_vec());
            true
        });
        found
    }

    /// Visits every solution (per cube, its option index); `visit` returns
    /// true to stop. Returns true when stopped (by `visit`, or by the tick:
    /// then [`Search::stopped`] is set).
    pub(crate) fn run(&mut self, visit: &mut impl FnMut(&[u8]) -> bool) -> bool {
        if self.dead {
            return false;
        }
        self.go(1.0, visit)
    }

    /// The current domains (for a search driven from outside, see `graph/split.rs`).
    pub(crate) fn domains(&self) -> &[u8] {
        &self.dom
    }

    /// The trail position, to come back to with [`Search::undo`].
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Whether the root propagation already failed.
    pub(crate) fn is_dead(&self) -> bool {
        self.dead
    }

    /// Narrows cube i's domain to `mask` and propagates; on a dead end
    /// undoes the attempt and returns false.
    pub(crate) fn narrow(&mut self, i: usize, mask: u8) -> bool {
        let mark = self.trail.len();
        let nd = self.dom[i] & mask;
        if nd == 0 {
            return false;
        }
        self.set_domain(i, nd);
        if self.propagate() {
            true
        } else {
            self.undo(mark);
            false
        }
    }

    /// Failed-option detection: every open option of every cube is tried
    /// and propagated; one that dead-ends is removed, until nothing
    /// changes. False when some cube loses all its options.
    fn probe(&mut self) -> bool {
        loop {
            let mut changed = false;
            for i in 0..self.dom.len() {
                let d = self.dom[i];
                if d.count_ones() < 2 {
                    continue;
                }
                let mut keep = d;
                let mut bits = d;
                while bits != 0 {
                    let o = bits.trailing_zeros();
                    bits &= bits - 1;
                    let mark = self.trail.len();
                    self.set_domain(i, 1 << o);
                    let ok = self.propagate();
                    self.impact[i][o as usize] = (self.trail.len() - mark) as u32;
                    self.undo(mark);
                    if !ok {
                        keep &= !(1 << o);
                    }
                }
                if keep != d {
                    if keep == 0 {
                        return false;
                    }
                    self.set_domain(i, keep);
                    if !self.propagate() {
                        return false;
                    }
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The subtree below the current node, whose share of the whole tree
    /// is `share`; true when stopped.
    fn go(&mut self, share: f64, visit: &mut impl FnMut(&[u8]) -> bool) -> bool {
        let entry = self.trail.len();
        if self.probing && !self.probe() {
            self.undo(entry);
            self.done += share;
            return false;
        }
        let Some(i) = self.choose() else {
            let options: Vec<u8> = self.dom.iter().map(|d| d.trailing_zeros() as u8).collect();
            let stop = visit(&options);
            self.undo(entry);
            self.done += share;
            return stop;
        };
        let mut left = self.dom[i];
        // Each option's part of the share; what propagation removes is
        // done with this node.
        let part = share / f64::from(left.count_ones());
        let mut given = 0.0;
        while left != 0 {
            let imp = &self.impact[i];
            let o = (0..6u32)
                .filter(|&o| left >> o & 1 == 1)
                .max_by_key(|&o| (imp[o as usize], std::cmp::Reverse(o)))
                .expect("left is not empty");
            left &= !(1 << o);
            self.nodes += 1;
            // A probing node costs a propagation per open option: those
            // searches look up at every node.
            if self.probing || self.nodes % TICK == 0 {
                if let Some(tick) = &mut self.tick {
                    if tick(self.nodes, self.done.min(1.0)) {
                        self.stopped = true;
                        self.undo(entry);
                        return true;
                    }
                }
            }
            let mark = self.trail.len();
            self.set_domain(i, 1 << o);
            given += part;
            if self.propagate() {
                if self.go(part, visit) {
                    self.undo(entry);
                    return true;
                }
            } else {
                self.done += part;
            }
            self.undo(mark);
            if left == 0 {
                break;
            }
            // Option o is done with: remove it for the remaining branches.
            self.set_domain(i, left);
            if !self.propagate() {
                break;
            }
            left = self.dom[i];
        }
        self.done += share - given;
        self.undo(entry);
        false
    }
}
