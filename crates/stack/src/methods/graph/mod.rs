//! The graph method: colours as vertices, opposite face pairs as edges, and
//! every count from the cycle structure of pairs of 2-factors.
//!
//! **The graph.** The colours are the vertices; each cube i gives three
//! edges, its opposite pairs on axis 0 (F-B), 1 (L-R), 2 (T-D); a pair with
//! the same colour twice is a loop. A *factor* takes one edge from every
//! cube and gives every colour degree exactly 2 (a loop gives 2): a 2-regular
//! spanning subgraph, a union of cycles. The front and back faces of a
//! solved tower show every colour once each, so its F-B pairs form a factor
//! (factor 1), and so do its L-R pairs (factor 2), taking different axes of
//! every cube. Conversely (Theorem 1 of the tower-of-cubes paper) each cycle
//! can be walked so that every colour is once a tail (F, or L) and once a
//! head (B, or R).
//!
//! **Orientations.** A cube's rotation is fixed by which axis goes F-B,
//! which goes L-R, and the direction of each (3 · 2 · 2 · 2 = 24). Given an
//! ordered factor pair (F1, F2), the valid directions of F1 are exactly one
//! of the two walks of each of its cycles: a cycle of length ≥ 3 and a
//! 2-cycle (two cubes sharing a pair of colours: one shows (a, b), the
//! other (b, a)) have 2, and so does a loop, whose cube may show (a, a)
//! either way round. So, with `c(F)` the number of cycles of F loops
//! included, `orientations = Σ over ordered pairs 2^(c(F1) + c(F2))`.
//!
//! **Patterns** forget which axis a colour pair came from and the direction
//! of a loop. Two axis choices give the same colours when a cube has two
//! equal opposite pairs; so only *canonical* choices are counted (per cube,
//! the ordered axis pair (j1, j2) that is lexicographically first among
//! those with the same two colour pairs), and each of them gives
//! `2^(k(F1) + k(F2))` patterns, `k` counting the cycles that are not loops
//! (reversing a proper cycle changes the colours of every cube on it; the
//! colours of a loop do not change).
//!
//! **Distinct solutions** are orbits of patterns under the 8 symmetries of
//! the tower. On a pattern, written per cube as the directed F-B pair x and
//! L-R pair y, the symmetries are `(x, y)`, `(x̄, y)`, `(x, ȳ)`, `(x̄, ȳ)` and
//! the four with x and y swapped (a bar reverses every cube's pair; a
//! quarter turn is `(y, x̄)`, the upside-down turn `(x, ȳ)`). Burnside's
//! lemma counts the orbits as the mean number of fixed patterns: within the
//! patterns of one canonical choice, reversing all of F1 fixes a pattern
//! only when F1 is all loops (k1 = 0), and a swap fixes one only when both
//! factors have the same colour pairs cube by cube (C1 = C2); then `(y, x)`
//! and `(ȳ, x̄)` fix 2^k patterns each and the other two one pattern if
//! k = 0. So
//! `8 · distinct = Σ 2^(k1+k2) + [k1=0]·2^k2 + [k2=0]·2^k1 + [k1=k2=0]
//! + [C1=C2]·(2^(k+1) + 2·[k=0])` over canonical ordered pairs.
//!
//! **McDonnell's count** is the number of (pattern, belt) pairs in which
//! the last cube shows one of its three basic belts (see
//! [`mcdonnell_count`](crate::mcdonnell_count)). A belt fixes the last
//! cube's two colour pairs and their directions; for a canonical pair whose
//! last cube has those colour pairs, the direction fixes one of the two
//! walks of each proper cycle through that cube, so the belt counts
//! `2^(k1 + k2 − [belt's F-B pair proper] − [belt's L-R pair proper])`
//! patterns. No search of McDonnell's kind is needed.
//!
//! **Search.** Every count above is a sum over ordered factor pairs, so the
//! method lists the factors once (up to 12 cubes by a plain walk over
//! the cubes, beyond by the engine (`graph/engine.rs`) with one factor) and joins them: the
//! factors, sorted as strings of axes, form a trie, and a walk down two
//! copies of it at once, never taking the same axis at a level, meets
//! exactly the disjoint pairs while pruning every prefix that has no
//! partner. In [`Mode::First`] small sets stop the join at the first pair;
//! past 12 cubes the two factors are searched together instead (each
//! cube choosing an ordered axis pair, with probing, see the engine (`graph/engine.rs`)), with
//! the first cube held to j1 < j2 (swapping the factors is a quarter turn of
//! a solution), and the first solution found is walked into a tower. From
//! 50 cubes on, the first solution is split instead (`graph/split.rs`):
//! the hidden axes by a search that belief propagation guides, then the two
//! factors by GF(2) elimination.
//!
//! Statistics: `nodes` = options tried by the factor listing (or, for a
//! first solution past 12 cubes, by the joint search);
//! `extra.factors` = 2-factors found, `extra.factor_pairs` = ordered
//! disjoint pairs reached, `extra.join_nodes` = node pairs of the trie walk
//! (or the ordered pairs tested, when there are at most 64 factors)
//! (these three are absent when the joint search ran).
//!
//! **Long counts.** Listing every factor is a search whose tree grows
//! exponentially with the cubes, even on planted sets that have only a
//! handful of factors (measured, planted sets of seed 1: 40 cubes 7 186
//! nodes, 50 cubes 176 967, 60 cubes 2.4 million). So the listing and the
//! join are watched ([`Watch`]): every few hundred nodes they report
//! progress (the listing as the share of its tree done, in millionths) and
//! poll the cancel flag, and a listing still going after `NOTICE_WORK`
//! node-cubes gives a notice saying so, which names the fast alternative
//! (a first solution, found by the guided search below).
//!
//! Counts are `u128` and computed with checked arithmetic: a count beyond
//! 2^128 (possible only past 27 cubes, where 24^n exceeds it) stops the
//! method with a panic that says so, rather than a wrong number.

pub(crate) mod cycles;
mod engine;
mod split;

use crate::contract::{Found, Mode, SolveOptions, Stats, Watch};
use crate::explain::{Explanation, FactorCycle, FactorPairExplained, GraphEdge, GraphExplanation};
use crate::tower::is_canonical;
use crate::{canonical, symmetries, Counts, Instance, Sides, Tower};
use cubist_cube::Colour;
use cycles::cycles;
use engine::{Model, Search, PAIRS, TICK};

/// One solution of the graph condition: per cube, `[a1, a2]`, the axis
/// (0 = F-B, 1 = L-R, 2 = T-D) in factor 1 (shown front-back) and in
/// factor 2 (shown left-right).
pub type FactorPair = Vec<[u8; 2]>;

/// The ordered pairs of edge-disjoint factors of a set, at most `limit`, in
/// search order (every pair appears in both orders: its swap is a quarter
/// turn of the tower). For pictures of the graph; the counts come from
/// [`run`].
pub fn factor_pairs(inst: &Instance, limit: usize) -> Vec<FactorPair> {
    let model = Model::new(inst, 2);
    let mut out = Vec::new();
    if limit > 0 {
        Search::new(&model, &[]).run(&mut |opts| {
            out.push(
                opts.iter()
                    .map(|&o| [PAIRS[o as usize].0, PAIRS[o as usize].1])
                    .collect(),
            );
            out.len() >= limit
        });
    }
    out
}

/// The tower Theorem 1 builds from a factor pair: every cycle walked from
/// its lowest cube, which keeps its pair as written (the first face of the
/// axis on F, or on L).
pub fn tower(inst: &Instance, pair: &[[u8; 2]]) -> Tower {
    let side = |f: usize| -> Vec<(Colour, Colour)> {
        (inst.cubes().iter().zip(pair))
            .map(|(c, p)| c.opposite_pairs()[p[f] as usize])
            .collect()
    };
    let fb = cycles(&side(0), inst.colours());
    let lr = cycles(&side(1), inst.colours());
    (fb.directed.iter().zip(&lr.directed))
        .map(|(&(f, b), &(l, r))| [f, b, l, r])
        .collect()
}

/// Runs the graph method (see the module documentation), with the
/// explanation when asked for.
pub fn run(inst: &Instance, opts: &SolveOptions, stats: &mut Stats) -> Found {
    run_watched(inst, opts, stats, Watch::default())
}

/// [`run`], watched: progress, notices and the cancel flag go through
/// `watch`. A search the flag stopped returns early with nothing found:
/// the caller ([`crate::solve_watched`]) sees the flag and reports the
/// stop, never this answer.
pub fn run_watched(inst: &Instance, opts: &SolveOptions, stats: &mut Stats, watch: Watch<'_>) -> Found {
    let mut found = run_plain(inst, opts, stats, watch);
    if opts.explain {
        // Counted only when every pair was walked (not for a first solution).
        let pairs = found.counts.and(stats.extra.get("factor_pairs").copied());
        let orientations = found.counts.map(|c| c.orientations);
        found.explanation = Some(Explanation::Graph(explain(inst, pairs, orientations)));
    }
    found
}

/// The explanation: the multigraph's edges, the first few unordered
/// factor pairs with their cycles (walked as Theorem 1 walks them), and
/// the sum the orientation count is.
fn explain(inst: &Instance, pair_count: Option<u64>, orientations: Option<u128>) -> GraphExplanation {
    let name = |c: Colour| inst.set.palette.name(c).to_string();
    let axes = ["F-B", "L-R", "T-D"];
    let edges = (inst.cubes().iter().enumerate())
        .flat_map(|(i, c)| {
            c.opposite_pairs()
                .into_iter()
                .enumerate()
                .map(move |(a, (x, y))| (i, a, x, y))
        })
        .map(|(i, a, x, y)| GraphEdge {
            cube: i + 1,
            axis: axes[a],
            colours: [name(x), name(y)],
        })
        .collect();
    // Listing pairs is a search of its own: only for sets small enough that
    // it is quick (the walk lists every factor up to 12 cubes in microseconds).
    let all = if inst.n() <= GraphExplanation::LISTED_CUBES {
        factor_pairs(inst, 8 * GraphExplanation::SHOWN)
    } else {
        Vec::new()
    };
    let factor = |pair: &FactorPair, f: usize| -> Vec<FactorCycle> {
        let pairs: Vec<(Colour, Colour)> = (inst.cubes().iter().zip(pair))
            .map(|(c, p)| c.opposite_pairs()[p[f] as usize])
            .collect();
        let cy = cycles(&pairs, inst.colours());
        let mut out = Vec::new();
        let mut seen = vec![false; pairs.len()];
        for start in 0..pairs.len() {
            if seen[start] {
                continue;
            }
            let mut steps = Vec::new();
            let mut at = start;
            loop {
                seen[at] = true;
                let (t, h) = cy.directed[at];
                steps.push((at + 1, axes[pair[at][f] as usize], [name(t), name(h)]));
                // The next cube on the cycle: the unseen one whose tail is this head.
                match (0..pairs.len()).find(|&k| {
                    !seen[k] && cy.cycle[at].is_some() && cy.cycle[k] == cy.cycle[at] && cy.directed[k].0 == h
                }) {
                    Some(k) => at = k,
                    None => break,
                }
            }
            out.push(FactorCycle {
                steps,
                is_loop: cy.cycle[start].is_none(),
            });
        }
        out
    };
    let factor_pairs = all
        .iter()
        .filter(|p| p.iter().map(|a| a[0]).lt(p.iter().map(|a| a[1])))
        .take(GraphExplanation::SHOWN)
        .map(|p| {
            let (front_back, left_right) = (factor(p, 0), factor(p, 1));
            let c = (front_back.len() + left_right.len()) as u32;
            FactorPairExplained {
                front_back,
                left_right,
                orientations: pow2(c),
            }
        })
        .collect();
    GraphExplanation {
        edges,
        factor_pair_count: pair_count,
        factor_pairs,
        orientations,
    }
}

fn run_plain(inst: &Instance, opts: &SolveOptions, stats: &mut Stats, watch: Watch<'_>) -> Found {
    if inst.n() == 0 {
        // The empty tower: one solution, as in the other methods.
        return Found {
            counts: (opts.mode != Mode::First).then_some(Counts {
                orientations: 1,
                patterns: 1,
                distinct: 1,
                mcdonnell: 0,
            }),
            solutions: vec![Tower::new()],
            explanation: None,
        };
    }
    match opts.mode {
        Mode::First if inst.n() > SMALL => first(inst, stats, watch),
        Mode::First => all(inst, 1, true, stats, watch),
        mode => all(inst, mode.list_limit(), false, stats, watch),
    }
}

/// From this many cubes on, a first solution is sought by the guided
/// hidden-axes search of `graph/split.rs` before the joint engine. Measured
/// on planted sets, seeds 0-19 (`examples/graph_scale.rs`): below 50 cubes
/// the joint engine is as fast or faster (n = 40: median 1.0 ms, worst 78 ms,
/// against 1.1 ms and 110 ms); at 60 and 80 cubes the guided search's worst
/// case is 68 ms and 0.45 s where the joint engine's tail reaches seconds;
/// from 200 cubes on the joint engine is out of its depth.
const GUIDED: usize = 50;

/// The first solution: for large sets the guided search, then the
/// exhaustive hidden-axes search (see `graph/split.rs`); for smaller ones
/// the joint two-factor search. Each of the two fallbacks decides.
fn first(inst: &Instance, stats: &mut Stats, watch: Watch<'_>) -> Found {
    let found = |p: Option<FactorPair>| Found {
        counts: None,
        solutions: p.map(|p| canonical(&tower(inst, &p))).into_iter().collect(),
        explanation: None,
    };
    if inst.n() >= GUIDED {
        let mut nodes = 0;
        let mut p = split::first(inst, &mut nodes, watch);
        stats.extra.insert("guided_nodes", nodes);
        if p.is_none() && !watch.cancelled() {
            p = split::exhaustive(inst, &mut nodes, watch);
        }
        stats.nodes = nodes;
        return found(p);
    }
    let model = Model::new(inst, 2);
    // Cube 0 with j1 < j2: options (0,1), (0,2), (1,2).
    let mut search = Search::new(&model, &[(0, 0b001011)]);
    search.probing = true;
    search.tick = Some(Box::new(move |_, _| watch.cancelled()));
    let pair = search.first().map(|opts| {
        opts.iter()
            .map(|&o| [PAIRS[o as usize].0, PAIRS[o as usize].1])
            .collect::<FactorPair>()
    });
    stats.nodes = search.nodes;
    found(pair)
}

/// Per cube, facts about ordered axis pairs (bit `3 * j1 + j2`).
struct CubeFacts {
    pairs: [(Colour, Colour); 3],
    /// The pair is the first with its two colour pairs.
    canonical: u16,
    /// The two axes carry the same colour pair.
    same: u16,
}

fn same_pair(p: (Colour, Colour), q: (Colour, Colour)) -> bool {
    p == q || p == (q.1, q.0)
}

impl CubeFacts {
    fn new(cube: &cubist_cube::Cube) -> CubeFacts {
        let pairs = cube.opposite_pairs();
        let mut canonical = 0;
        let mut same = 0;
        for (j1, j2) in PAIRS {
            let (p1, p2) = (pairs[j1 as usize], pairs[j2 as usize]);
            let first = PAIRS
                .iter()
                .find(|&&(a, b)| same_pair(pairs[a as usize], p1) && same_pair(pairs[b as usize], p2))
                == Some(&(j1, j2));
            let bit = 1 << (3 * j1 + j2);
            if first {
                canonical |= bit;
            }
            if same_pair(p1, p2) {
                same |= bit;
            }
        }
        CubeFacts { pairs, canonical, same }
    }
}

/// The last cube's three basic belts (McDonnell's base) as axis pairs
/// (F-B axis, L-R axis): T D L R, T D F B, L R F B.
const BELTS: [(u8, u8); 3] = [(2, 1), (2, 0), (1, 0)];

/// A listed factor's walk: per cube its directed pair and its cycle, and
/// the number of proper cycles.
type Walked<'w> = (&'w [(Colour, Colour)], &'w [Option<u32>], u32);

/// Running sums over the ordered factor pairs.
struct Join<'a> {
    colours: usize,
    /// Stop at the first ordered pair (recorded in `hit`) without counting.
    first_only: bool,
    hit: Option<(usize, usize)>,
    n: usize,
    /// The factors, sorted, `n` axes each.
    factors: &'a [u8],
    /// Per factor, its proper cycles and all cycles.
    shape: &'a [(u32, u32)],
    /// Per factor, its walked cycles, computed when first listed (flat,
    /// `n` entries a factor; `walked_proper[f]` is `u32::MAX` until then).
    walked_proper: Vec<u32>,
    walked_dir: Vec<(Colour, Colour)>,
    walked_cycle: Vec<Option<u32>>,
    /// Scratch space of the cycle walk.
    at: Vec<[u32; 2]>,
    facts: Vec<CubeFacts>,
    /// The axis pair chosen at each level on the way down.
    path: Vec<(u8, u8)>,
    nodes: u64,
    pairs: u64,
    orientations: u128,
    patterns: u128,
    burnside: u128,
    mcdonnell: u128,
    limit: usize,
    solutions: Vec<Tower>,
    /// Scratch space for listing, kept to spare an allocation per pair.
    pairs_buf: Vec<(Colour, Colour)>,
    tower_buf: Vec<Sides>,
    /// Polled every [`TICK`] trie nodes.
    watch: Watch<'a>,
    /// Whether the cancel flag stopped the walk.
    stopped: bool,
}

fn pow2(e: u32) -> u128 {
    1u128.checked_shl(e).expect("a count beyond 2^128")
}

fn add(acc: &mut u128, x: u128) {
    *acc = acc.checked_add(x).expect("a count beyond 2^128");
}

impl Join<'_> {
    /// The sub-ranges of `r` (sorted factors agreeing before `level`) by their axis at `level`.
    fn split(&self, r: std::ops::Range<usize>, level: usize) -> [std::ops::Range<usize>; 3] {
        let col = |k: usize| self.factors[k * self.n + level];
        // The first factor of the range with its axis at least `axis` (binary search).
        let cut = |axis: u8| {
            let (mut lo, mut hi) = (r.start, r.end);
            while lo < hi {
                let mid = (lo + hi) / 2;
                if col(mid) < axis {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        let (c1, c2) = (cut(1), cut(2));
        [r.start..c1, c1..c2, c2..r.end]
    }

    fn walk(&mut self, level: usize, a: std::ops::Range<usize>, b: std::ops::Range<usize>, canon: bool, same: bool) {
        self.nodes += 1;
        if self.hit.is_some() || self.stopped {
            return;
        }
        if self.nodes % TICK == 0 {
            self.watch.progress("joining 2-factors", self.pairs, 0);
            if self.watch.cancelled() {
                self.stopped = true;
                return;
            }
        }
        if level == self.n {
            self.leaf(a.start, b.start, canon, same);
            return;
        }
        let sa = self.split(a, level);
        let sb = self.split(b, level);
        for (j1, ra) in sa.iter().enumerate() {
            if ra.is_empty() {
                continue;
            }
            for (j2, rb) in sb.iter().enumerate() {
                if j1 == j2 || rb.is_empty() {
                    continue;
                }
                let bit = 1 << (3 * j1 + j2);
                let f = &self.facts[level];
                let (c, s) = (canon && f.canonical & bit != 0, same && f.same & bit != 0);
                self.path[level] = (j1 as u8, j2 as u8);
                self.walk(level + 1, ra.clone(), rb.clone(), c, s);
            }
        }
    }

    fn leaf(&mut self, fa: usize, fb: usize, canon: bool, same: bool) {
        self.pairs += 1;
        if self.first_only {
            self.hit = Some((fa, fb));
            return;
        }
        let ((k1, c1), (k2, c2)) = (self.shape[fa], self.shape[fb]);
        add(&mut self.orientations, pow2(c1 + c2));
        if !canon {
            return;
        }
        add(&mut self.patterns, pow2(k1 + k2));
        let mut fixed = pow2(k1 + k2);
        if k1 == 0 {
            fixed += pow2(k2);
        }
        if k2 == 0 {
            fixed += pow2(k1);
        }
        if k1 == 0 && k2 == 0 {
            fixed += 1;
        }
        if same {
            fixed += pow2(k1 + 1) + if k1 == 0 { 2 } else { 0 };
        }
        add(&mut self.burnside, fixed);
        let last = &self.facts[self.n - 1];
        let (j1, j2) = self.path[self.n - 1];
        let proper = |axis: u8| u32::from(last.pairs[axis as usize].0 != last.pairs[axis as usize].1);
        for (b1, b2) in BELTS {
            if same_pair(last.pairs[j1 as usize], last.pairs[b1 as usize])
                && same_pair(last.pairs[j2 as usize], last.pairs[b2 as usize])
            {
                add(&mut self.mcdonnell, pow2(k1 + k2 - proper(b1) - proper(b2)));
            }
        }
        if self.limit > 0 {
            self.list(fa, fb);
        }
    }

    /// Every ordered pair of the few factors tested directly: with each
    /// factor's axes packed two bits a cube, two factors are disjoint when
    /// their XOR has a nonzero digit at every cube. (Replaces the trie walk
    /// below [`DIRECT`] factors, where the walk's splitting costs more than
    /// testing all pairs; the walk's order matters only for `first_only`.)
    fn direct(&mut self, count: usize) {
        let n = self.n;
        let codes: Vec<u64> = self
            .factors
            .chunks_exact(n)
            .map(|axes| {
                axes.iter()
                    .enumerate()
                    .fold(0u64, |c, (i, &a)| c | u64::from(a) << (2 * i))
            })
            .collect();
        let low = (0..n).fold(0u64, |m, i| m | 1 << (2 * i));
        for fa in 0..count {
            for fb in 0..count {
                self.nodes += 1;
                let z = codes[fa] ^ codes[fb];
                if (z | z >> 1) & low != low {
                    continue;
                }
                let (mut canon, mut same) = (true, true);
                for level in 0..n {
                    let (j1, j2) = (self.factors[fa * n + level], self.factors[fb * n + level]);
                    let bit = 1 << (3 * j1 + j2);
                    let f = &self.facts[level];
                    canon &= f.canonical & bit != 0;
                    same &= f.same & bit != 0;
                    self.path[level] = (j1, j2);
                }
                self.leaf(fa, fb, canon, same);
            }
        }
    }

    /// Appends the canonical patterns of one canonical pair.
    fn list(&mut self, fa: usize, fb: usize) {
        let n = self.n;
        for f in [fa, fb] {
            if self.walked_proper[f] == u32::MAX {
                let axes = &self.factors[f * n..(f + 1) * n];
                self.pairs_buf.clear();
                self.pairs_buf
                    .extend((self.facts.iter().zip(axes)).map(|(c, &a)| c.pairs[a as usize]));
                let (proper, _) = cycles::walk_into(
                    &self.pairs_buf,
                    self.colours,
                    &mut self.at,
                    &mut self.walked_dir[f * n..(f + 1) * n],
                    &mut self.walked_cycle[f * n..(f + 1) * n],
                );
                self.walked_proper[f] = proper;
            }
        }
        // (directed pairs, cycle of each cube, proper cycles) of a walked factor.
        let view = |f: usize| {
            (
                &self.walked_dir[f * n..(f + 1) * n],
                &self.walked_cycle[f * n..(f + 1) * n],
                self.walked_proper[f],
            )
        };
        let (x, y) = (view(fa), view(fb));
        let syms = symmetries();
        let t = &mut self.tower_buf;
        // Reversing all of factor 1 (or 2) is a symmetry, and it changes the
        // first cube of cycle 0 (the lowest cube on a proper cycle) first: a
        // canonical pattern has that cube's F below its B (L below R). So
        // cycle 0's direction is forced, and only the others vary.
        let forced = |(directed, cycle, _): Walked| {
            let first = cycle.iter().position(Option::is_some);
            first.map_or(0, |i| u64::from(directed[i].0 > directed[i].1))
        };
        let (fx, fy) = (forced(x), forced(y));
        let span = |(_, _, proper): Walked| {
            1u64.checked_shl(proper.saturating_sub(1))
                .expect("fewer than 2^64 patterns to list")
        };
        for rx in 0..span(x) {
            let mx = rx << 1 | fx;
            for ry in 0..span(y) {
                let my = ry << 1 | fy;
                for (i, s) in t.iter_mut().enumerate() {
                    let flip = |cy: &Option<u32>, m: u64| cy.is_some_and(|c| m >> c & 1 == 1);
                    let (f, b) = x.0[i];
                    let (l, r) = y.0[i];
                    let (f, b) = if flip(&x.1[i], mx) { (b, f) } else { (f, b) };
                    let (l, r) = if flip(&y.1[i], my) { (r, l) } else { (l, r) };
                    *s = [f, b, l, r];
                }
                if is_canonical(t, &syms) {
                    self.solutions.push(Tower::from_slice(t));
                }
            }
        }
    }
}

/// Every factor, then every ordered disjoint pair by the trie walk.
fn all(inst: &Instance, limit: usize, first_only: bool, stats: &mut Stats, watch: Watch<'_>) -> Found {
    let n = inst.n();
    let facts: Vec<CubeFacts> = inst.cubes().iter().map(CubeFacts::new).collect();
    let (factors, nodes) = if n <= SMALL {
        walk_factors(inst.colours(), &facts)
    } else {
        match engine_factors(inst, watch) {
            Some(listed) => listed,
            None => return Found::default(),
        }
    };
    stats.nodes = nodes;
    let count = factors.len() / n;
    let mut parent = vec![0u16; inst.colours()];
    let shape: Vec<(u32, u32)> = factors
        .chunks_exact(n)
        .map(|axes| shape((facts.iter().zip(axes)).map(|(f, &a)| f.pairs[a as usize]), &mut parent))
        .collect();
    let mut join = Join {
        n,
        factors: &factors,
        shape: &shape,
        walked_proper: vec![u32::MAX; if limit > 0 { count } else { 0 }],
        walked_dir: vec![(Colour(0), Colour(0)); if limit > 0 { count * n } else { 0 }],
        walked_cycle: vec![None; if limit > 0 { count * n } else { 0 }],
        at: Vec::with_capacity(inst.colours()),
        colours: inst.colours(),
        first_only,
        hit: None,
        facts,
        path: vec![(0, 0); n],
        nodes: 0,
        pairs: 0,
        orientations: 0,
        patterns: 0,
        burnside: 0,
        mcdonnell: 0,
        limit,
        solutions: Vec::with_capacity(limit.min(64)),
        pairs_buf: Vec::with_capacity(n),
        tower_buf: vec![[Colour(0); 4]; n],
        watch,
        stopped: false,
    };
    if count > 0 && !first_only && count <= DIRECT && n <= 32 {
        join.direct(count);
    } else if count > 0 {
        join.walk(0, 0..count, 0..count, true, true);
    }
    if join.stopped {
        return Found::default();
    }
    stats.extra.insert("factors", count as u64);
    stats.extra.insert("factor_pairs", join.pairs);
    stats.extra.insert("join_nodes", join.nodes);
    if first_only {
        let solutions = join.hit.map(|(fa, fb)| {
            let axes = |f: usize| &factors[f * n..(f + 1) * n];
            let pair: FactorPair = axes(fa).iter().zip(axes(fb)).map(|(&a, &b)| [a, b]).collect();
            canonical(&tower(inst, &pair))
        });
        return Found {
            counts: None,
            solutions: solutions.into_iter().collect(),
            explanation: None,
        };
    }
    debug_assert_eq!(join.burnside % 8, 0, "Burnside's sum is a multiple of the group order");
    let mut solutions = join.solutions;
    if solutions.len() > limit {
        solutions.sort_unstable();
        solutions.truncate(limit);
    }
    Found {
        counts: Some(Counts {
            orientations: join.orientations,
            patterns: join.patterns,
            distinct: join.burnside / 8,
            mcdonnell: join.mcdonnell,
        }),
        solutions,
        explanation: None,
    }
}

/// Up to this many factors, counting and listing test every ordered pair
/// directly ([`Join::direct`]) instead of walking the trie (measured on
/// McDonnell's 22-solution set, 12 factors: the join took 38% of the time).
const DIRECT: usize = 64;

/// Up to this many cubes the factors are listed by [`walk_factors`], beyond
/// by the propagating engine (measured: the walk is faster on small sets,
/// where building the engine's model costs more than the search).
const SMALL: usize = 12;

/// A factor listing whose nodes times cubes pass this gives the notice.
/// The unit is the work, not the nodes, because a node's cost grows with
/// the cubes (choosing where to branch scans them all), and a count, not a
/// clock, so the report is the same on every machine. Measured on planted
/// sets of seed 1 (nodes to list every factor): 50 cubes 176 967 (under
/// the budget's 200 000 there, no notice: 1.8 s in a debug build under
/// load), 60 cubes 2.4 million (notice at 166 912 nodes, about 2 s of its
/// 27 s); 1000 cubes get it at 10 240 nodes (nodes are counted in steps
/// of [`TICK`]).
pub(crate) const NOTICE_WORK: u64 = 10_000_000;

/// Processor time of the factor listing per node and cube, for the long
/// count's estimate: measured with the release build on the planted set of
/// 60 cubes, seed 1 (2,357,272 nodes in 19.6 s of processor time at load
/// average 12, 20.0 and 20.2 s on an idle machine: about 0.14 µs a
/// node-cube either way).
const NANOS_PER_NODE_CUBE: f64 = 140.0;

/// The notice of a long factor listing, after `nodes` nodes with `done` of
/// its tree searched (the share the progress bar shows). The size of the
/// whole tree is estimated from that share, `nodes / done`, which counts
/// every unsearched branch as large as its searched siblings (Knuth's
/// estimate along the path searched so far): both are deterministic, so the
/// notice, which is also one of the report's warnings, is the same on every
/// machine. The time is that estimate at [`NANOS_PER_NODE_CUBE`].
fn long_count_notice(n: usize, nodes: u64, done: f64) -> String {
    let estimate = if done > 0.0 {
        let total = (nodes as f64 / done).max(nodes as f64);
        let seconds = total * n as f64 * NANOS_PER_NODE_CUBE * 1e-9;
        let share = if done >= 1e-3 {
            format!("{:.1} %", done * 100.0)
        } else {
            format!("{done:.0e}")
        };
        format!(
            "; by the share of its tree searched ({share}), about {} nodes in all, some {} of \
             processor time",
            count_text(total),
            cubist_io::duration_text(seconds)
        )
    } else {
        ", and not one branch of its tree is finished yet".to_string()
    };
    format!(
        "counting lists every 2-factor of the colour graph of these {n} cubes, a search that grows \
         exponentially with the cubes, and it is still going after {nodes} nodes{estimate}: it may \
         take very long (Ctrl-C stops it; --first finds a solution quickly; no other method counts \
         faster)"
    )
}

/// A count of nodes for a person: exact below a billion, else `3.1e12`.
fn count_text(x: f64) -> String {
    if x < 1e9 {
        format!("{:.0}", x)
    } else {
        format!("{x:.1e}")
    }
}

/// Every factor, sorted as strings of axes, by the engine; and its nodes.
/// Watched: progress (phase `listing 2-factors`, the share of the tree done
/// in millionths), the notice after `NOTICE_WORK`, and `None` when the
/// cancel flag stopped it.
fn engine_factors(inst: &Instance, watch: Watch<'_>) -> Option<(Vec<u8>, u64)> {
    let n = inst.n();
    let model = Model::new(inst, 1);
    let mut search = Search::new(&model, &[]);
    let mut noticed = false;
    search.tick = Some(Box::new(move |nodes, done| {
        if !noticed && nodes * n as u64 >= NOTICE_WORK {
            noticed = true;
            watch.notice(&long_count_notice(n, nodes, done));
        }
        watch.progress("listing 2-factors", (done * 1e6) as u64, 1_000_000);
        watch.cancelled()
    }));
    let mut flat: Vec<u8> = Vec::new();
    search.run(&mut |axes| {
        flat.extend_from_slice(axes);
        false
    });
    if search.stopped {
        return None;
    }
    let mut list: Vec<&[u8]> = flat.chunks_exact(n).collect();
    list.sort_unstable();
    Some((list.concat(), search.nodes))
}

/// Every factor by a walk over the cubes in order, axes in order (so the
/// list comes out sorted): an axis is taken when no colour goes above
/// degree 2, and once the last cube showing a colour is placed, that colour
/// must have degree exactly 2. Nodes: axes tried.
fn walk_factors(colours: usize, facts: &[CubeFacts]) -> (Vec<u8>, u64) {
    let n = facts.len();
    let mut last = vec![usize::MAX; colours];
    for (i, f) in facts.iter().enumerate() {
        for (a, b) in f.pairs {
            last[a.index()] = i;
            last[b.index()] = i;
        }
    }
    if last.contains(&usize::MAX) {
        // A colour on no cube never reaches degree 2.
        return (Vec::new(), 0);
    }
    // The colours whose last cube is at each level, flat (`start[i]..start[i + 1]`):
    // one allocation instead of one per cube.
    let mut start = vec![0usize; n + 1];
    for &i in &last {
        start[i + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut flat = vec![0u16; colours];
    for (v, &i) in last.iter().enumerate() {
        flat[fill[i]] = v as u16;
        fill[i] += 1;
    }
    struct Walk<'a> {
        facts: &'a [CubeFacts],
        start: Vec<usize>,
        closing: Vec<u16>,
        degree: Vec<u8>,
        axes: Vec<u8>,
        out: Vec<u8>,
        nodes: u64,
    }
    impl Walk<'_> {
        fn go(&mut self, level: usize) {
            if level == self.facts.len() {
                self.out.extend_from_slice(&self.axes);
                return;
            }
            for axis in 0..3u8 {
                self.nodes += 1;
                let (a, b) = self.facts[level].pairs[axis as usize];
                let (a, b) = (a.index(), b.index());
                self.degree[a] += 1;
                self.degree[b] += 1;
                let fits = self.degree[a] <= 2
                    && self.degree[b] <= 2
                    && self.closing[self.start[level]..self.start[level + 1]]
                        .iter()
                        .all(|&v| self.degree[v as usize] == 2);
                if fits {
                    self.axes[level] = axis;
                    self.go(level + 1);
                }
                self.degree[a] -= 1;
                self.degree[b] -= 1;
            }
        }
    }
    let mut w = Walk {
        facts,
        start,
        closing: flat,
        degree: vec![0; colours],
        axes: vec![0; n],
        // Room for a typical set's factors (a 4-cube set has a few dozen):
        // no regrowth on the small sets where allocations are the cost.
        out: Vec::with_capacity(64 * n),
        nodes: 0,
    };
    w.go(0);
    (w.out, w.nodes)
}

/// A factor's (proper cycles, all cycles), by union-find on the colours
/// (`parent` is scratch space, one entry per colour): a 2-regular graph has
/// as many cycles as components, and a loop is a component of its own.
fn shape(pairs: impl Iterator<Item = (Colour, Colour)>, parent: &mut [u16]) -> (u32, u32) {
    for (v, p) in parent.iter_mut().enumerate() {
        *p = v as u16;
    }
    fn find(parent: &mut [u16], mut v: usize) -> usize {
        while parent[v] as usize != v {
            let up = parent[parent[v] as usize];
            parent[v] = up;
            v = up as usize;
        }
        v
    }
    let (mut loops, mut unions) = (0u32, 0u32);
    for (a, b) in pairs {
        if a == b {
            loops += 1;
        } else {
            let (ra, rb) = (find(parent, a.index()), find(parent, b.index()));
            if ra != rb {
                parent[ra] = rb as u16;
                unions += 1;
            }
        }
    }
    let components = parent.len() as u32 - unions;
    (components - loops, components)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two factor listings agree (each test set uses only one of them).
    #[test]
    fn walk_and_engine_list_the_same_factors() {
        let mut seen = 0;
        for n in 4..=14 {
            for seed in 0..6 {
                let set = if seed % 2 == 0 {
                    crate::random::planted(n, seed)
                } else {
                    crate::random::uniform(n, n, seed)
                };
                let inst = Instance::new(set);
                let facts: Vec<CubeFacts> = inst.cubes().iter().map(CubeFacts::new).collect();
                let (walk, _) = walk_factors(inst.colours(), &facts);
                let (engine, _) = engine_factors(&inst, Watch::default()).expect("not stopped");
                assert_eq!(walk, engine, "n {n} seed {seed}");
                seen += walk.len() / n;
            }
        }
        assert!(seen > 100, "{seen} factors");
    }

    #[test]
    fn shape_counts_cycles_and_loops() {
        let c = Colour;
        let pairs = [
            (c(0), c(1)),
            (c(3), c(3)),
            (c(2), c(1)),
            (c(0), c(2)),
            (c(4), c(5)),
            (c(5), c(4)),
        ];
        assert_eq!(shape(pairs.into_iter(), &mut [0; 6]), (2, 3));
    }
}
