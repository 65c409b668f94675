//! The largest multiset of cubes of a K-colour family that builds no target
//! of the family (`target census --multiset --family K`).
//!
//! **When a multiset builds a target.** For a target `t`, a copy of a cube
//! *fits* a corner position when some rotation shows `t`'s three colours
//! there. By Hall's theorem the multiset `M` fills the eight positions iff
//! every set `C` of positions is fitted by at least `|C|` copies: with
//! `N_t(C)` the copies fitting some position of `C`, `t` is built iff the
//! *deficiency* `def_t(M) = max_C (|C| - N_t(C))` (the empty `C` giving 0)
//! is 0. Adding copies only raises every `N_t`, so the multisets building
//! nothing are closed downwards: every multiset inside one also builds
//! nothing. A target fits every position of itself, so each copy of `t`
//! lowers `def_t` by one: a cube has at most `def_t - 1 <= 7` copies.
//!
//! **The search.** Depth first over the cubes in a fixed order (those fitting
//! the most targets first), each given its number of copies, most first:
//! as many as keep every deficiency at least 1 (found by adding copies one
//! at a time; the tables `N_t(C)` of every target are updated in place, 256
//! counters per target, and undone on the way back). Every complete
//! assignment is a multiset building nothing; the largest are kept and
//! counted.
//!
//! **The bound** that makes it finish. At a node with the multiset `A` so far
//! and the cubes `U` still to be given copies, each cube `u` of `U` can get
//! at most `def_u(A) - 1` copies (its own deficiency). Summing these is a
//! weak bound: far from each other, fourteen cubes could each take seven.
//! The strong one uses one target at a time: the final multiset leaves
//! every target `t` a short set `C` (`N_t(C) <= |C| - 1`), and every copy
//! of a cube of `U` fitting `C` counts in `N_t(C)`, so together they number
//! at most `|C| - 1 - N_t^A(C)`; the other cubes of `U` keep their own
//! bounds. So for each target the copies still to come number at most the
//! largest, over the sets `C` not yet too full, of that slack plus the own
//! bounds of the cubes of `U` fitting no position of `C`, and the least of
//! these over the targets bounds them. Positions showing the same colours
//! are fitted by the same cubes, so only the sets `C` closed under that
//! (unions of such classes) are tried: they have the most room for the same
//! cubes. A node whose bound cannot reach the best size known is cut; one
//! that can only equal it is searched, so every largest multiset is
//! counted.
//!
//! **Cubes alone.** The copies still to come that fit none of `C`'s
//! positions were bounded by their own limits, up to seven a cube: for the
//! 4-colour family the bound at the root was 218 while no multiset of more
//! than 10 cubes was found. They are better bounded as a multiset of their
//! own: the cubes `V` of `U` fitting no position of `C` take copies that
//! build no target by themselves (fewer copies build less), and the same
//! argument bounds any such multiset of a set `V` of cubes alone. For a
//! cube `t` of `V`, as a target, the multiset leaves a short set `C'`
//! (`|C'| - 1` copies at most fit it), and the rest is a multiset of the
//! cubes of `V` fitting no position of `C'`, a smaller set (it lacks `t`,
//! which fits every position of itself): so `alone(V)` is at most the
//! least, over the cubes `t` of `V`, of the largest, over `t`'s closed sets
//! `C'`, of `|C'| - 1 + alone(V` less the cubes fitting `C'`), and
//! `alone(empty) = 0`. Only the targets that are cubes of `V` are used
//! (any target gives a bound, these cut best: the others mostly have a
//! position no cube of `V` fits). The bound depends on `V` only, and is
//! the same for every image `g(V)` under the symmetries below: `g` maps
//! each target of `V` to one of `g(V)`, the positions a cube fits to those
//! its image fits, so each closed set `C'` to one of as many positions
//! whose missing cubes are the images, and the recursion is the same
//! throughout. So it is remembered by orbit (`REMEMBERED` orbits at most),
//! under the least image of `V` read as a number; the images are made
//! four cubes at a time from tables (the union of the images of `V`'s
//! nonzero nibbles), 239 symmetries at most, and remembering by orbit holds
//! up to 240 times as many sets in the same memory (test
//! `the_bound_alone_is_the_same_over_an_orbit`). The least image reads up
//! to 239 x 19 tables, so in front of the memory by orbit a memory by set
//! (`SEEN` places, each holding the last set looked up there) answers the
//! sets met again, the same bounds sooner. The search takes, for
//! each target and set `C`, the smaller of the two bounds on the copies
//! outside `C`, and works `alone` out only where the first does not
//! already fall under the target's largest so far. The 4-colour family's
//! bound at the root falls from 218 to 17 (1,055 orbits worked out in
//! 0.10 s; by set, 32,134 sets in 0.71 s); the
//! 3-colour family's is 22, its largest size, and its tasks, from 22, took
//! 555 nodes instead of 81,277 (before the symmetries below, and before
//! the bounds were remembered by orbit). It is not
//! tight: for nine cubes of
//! the 4-colour family (found by following the bound down from the root)
//! it says 13 where the largest is 9, because the copies fitting `C'` are
//! bounded by `|C'| - 1` alone, not as cubes that must also leave every
//! other target unbuilt. Each orbit worked out counts as a node of the
//! budget. The 5-colour family's bound at the root is 25 (was 357, the
//! plain one): 519,936 orbits worked out, 45 s. Its first target's sets
//! alone are more than 2^18, so a memory of 2^18 (by set or by orbit)
//! was emptied again and again and never settled it (by set: not in
//! 50,000,000 sets, 250 s); by orbit, in a memory of `REMEMBERED`, nothing is
//! forgotten. A budget under ten times that (the probe's share) leaves
//! the root's bound the plain one.
//!
//! **Symmetry.** Renaming the K colours (K! ways) and the mirror image map
//! the family to itself, each a permutation `g` of its cubes
//! ([`symmetry_group`]: 4, 12, 48 and 240 maps for K = 2..5, as many
//! distinct permutations but for K = 2, whose cubes are each their own
//! mirror image: 2), and a filling of a target `t` by copies of `M`
//! to a filling of `g(t)` by the copies of the image `g(M)` (which has at
//! `g(c)` the copies `M` has at `c`): so `def_g(t)(g(M)) = def_t(M)`, and
//! `M` builds no target iff `g(M)` builds none (test
//! `symmetries_keep_every_deficiency`). The multisets building nothing fall
//! into orbits of multisets of one size, and the search needs one of each
//! orbit: the first in its order. Read a multiset as its copies in the
//! search's order, `v(M) = (M[o_0], M[o_1], ...)`; the search meets the
//! multisets in decreasing lexicographic order of `v` (most copies
//! first), so the first of an orbit is the one whose `v` is greatest. The
//! image has at position `j` the copies `M` has at position `q_g(j)`, that
//! of `g^-1(o_j)`. At a node the copies at the first `i` positions are
//! decided; for each `g`, compare `v(g(M))` with `v(M)` position by
//! position while both are decided: at the first difference, a smaller
//! image leaves the node alone, a greater one cuts it, since every
//! multiset below it then has an image met earlier, and none is the first
//! of its orbit. The first of an orbit is never cut (no image of it is
//! greater), and the bound's cuts are as before, so every orbit of the
//! largest size has its first multiset searched: the largest size is the
//! same, and so is the first largest multiset met (the first of its
//! orbit), the one shown. **The count**: at a leaf every position is
//! decided, the symmetries giving `v(g(M)) = v(M)` are those fixing `M`,
//! and its orbit has the group's size divided by theirs multisets, each of
//! the same size and building nothing; the orbits' sizes, summed over their
//! first multisets, count every multiset once (test
//! `symmetries_keep_the_answer`: the searches with and without the
//! symmetries agree on the 2- and 3-colour families). A task whose first
//! cubes' copies are already cut is not made, so the shards share the
//! tasks left. With them the 4-colour family's search finishes: 10 cubes,
//! 14,400 multisets, 12,052,361 nodes with a budget of 30,000,000 (the
//! same with the renamings alone, test `four_colours_by_the_renamings_alone`,
//! in 32,648,388). The search over some of the cubes only (the tests') uses
//! the symmetries that keep that set of cubes.
//!
//! **A start.** A greedy multiset (from each cube: the cube that can take
//! the most copies next, until none can) gives the search a size to beat
//! from the first node; it builds nothing, so the largest size is at least
//! its size and no largest multiset is cut by it.
//!
//! **Tasks, and shards.** The copies of the first [`SPLIT`] cubes of the
//! order (every choice that keeps the targets unbuilt, most copies first,
//! without the bound's cut) make the tasks, up to 8^4 of them, numbered in
//! the search's order; each is searched on its own from the greedy start's
//! size, so its figures (its largest size, its first multiset of that size
//! and how many reach it, its nodes) do not depend on which tasks were
//! searched before it. The run's answer takes the largest size over the
//! tasks, the first task's multiset of that size and the sum of their
//! counts. So `--shard I/N` (the tasks at positions I modulo N) gives
//! parts ([`FamilyPart`]) that add up to the whole run's answer, nodes
//! included, in any grouping. A task cannot prune with a size another
//! task found, so the size the tasks start from is raised first by a
//! *probe*: the search in its order, carrying its best size along, for a
//! tenth of the budget; every shard makes the same probe and counts it
//! once. The 3-colour family: the probe is the whole search (66,030
//! nodes, the sets worked out by `alone` included) and its tasks then
//! search from 22, 332 nodes more.
//!
//! **The check.** The multiset reported is re-checked by
//! [`super::every::every_target`], which shares nothing with the search but
//! the colourings: every target is judged by Hall's condition on its
//! corner positions and by counting solutions, the two must agree, and each
//! answer must be *not built* with a short set of positions recounted
//! rotation by rotation. And adding any one cube to it must build a target
//! (judged the same way), as it must for a largest multiset.
//!
//! **The work.** The tables take `n x 256` counters (`n` the family's
//! size, at most 75), with `n x 256` cube sets of 128 bits for the bound,
//! the symmetries' positions (at most 239 x 75 bytes) and their tables of
//! images (at most 239 x 19 x 16 cube sets, 1.2 MB): under 1.6 MB for any
//! family; the bounds `alone` remembers, a memory by set of 2 MB and two
//! memories by orbit of at most `REMEMBERED` orbits, under 128 MiB (109 MB
//! measured, 5 colours).
//! The time is the number of nodes (the sets `alone` works out included),
//! bounded by a budget: past it the search stops and says so, with the
//! largest size found (a lower bound) and the bound at the root (an upper
//! bound).

use super::every::{every_target, Certificate};
use super::sweep::Control;
use super::{mask, symmetry_group, Family};
use cubist_cube::Cube;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::Ordering;

/// The share of the budget the probe takes (module docs): a tenth, so
/// that the 3-colour family's whole search (66,030 nodes) fits the
/// default budget's probe and its tasks start from the largest size.
const PROBE_SHARE: u64 = 10;

/// How often, in nodes, the search looks at the caller's cancel flag (a
/// few milliseconds of the slowest nodes, the 5-colour family's).
const POLL_NODES: u64 = 1 << 12;

/// How often, in nodes, the search tells its progress (nodes spent, the
/// budget): about every second for the 5-colour family, a few times a
/// second for the others.
const PROGRESS_NODES: u64 = 1 << 14;

/// The cubes whose copies make a task (module docs): 4, so up to 4,096
/// tasks, far more than any number of shards a run needs, each a search
/// of its own.
pub const SPLIT: usize = 4;

/// The default budget of nodes: seventy-five times what the 3-colour
/// family's search takes (66,362), and about a minute of the 5-colour
/// family's search before it stops; the 4-colour family's takes
/// 12,052,361, a larger `--budget`.
pub const DEFAULT_BUDGET: u64 = 5_000_000;

/// The most bounds of orbits of sets of cubes kept at once in each of the
/// two memories of [`Search::alone`] (the probe's, the task's): 7 x 2^17,
/// as many as a table of 2^20 places holds without growing, 35 MB each,
/// above the 519,936 of the 5-colour family's root (module docs); a full
/// memory is emptied and filled again (the same way in every run, so the
/// nodes stay the same).
const REMEMBERED: usize = 7 << 17;

/// The places of [`Search::alone`]'s memory by set, in front of its memory
/// by orbit (module docs): 2^16, 2 MB.
const SEEN: usize = 1 << 16;

/// The place of the set `u` in that memory: its two halves mixed by a
/// multiplication, the top 16 bits.
fn seen_place(u: Cubes) -> usize {
    ((u as u64 ^ (u >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 48) as usize
}

/// The most memory the search takes for any family of 2 to 5 colours: its
/// tables (under 1.6 MB), the memory by set (2 MB) and the two memories of
/// at most `REMEMBERED` bounds (35 MB each, and half that more while one
/// grows), rounded up; 109 MB measured (5 colours, a budget of 5,300,000,
/// the test harness included).
pub const SEARCH_BYTES: u64 = 128 << 20;

/// The largest budget accepted.
pub const MAX_BUDGET: u64 = 100_000_000_000;

/// The answer: a largest multiset building no target, and the search's
/// figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyInfeasible {
    /// K.
    pub k: usize,
    /// The largest number of cubes of a multiset building no target.
    pub size: u32,
    /// The first largest multiset in the search's order: (cube index in
    /// the family, copies), by cube index.
    pub multiset: Vec<(usize, u32)>,
    /// How many multisets of `size` cubes build no target.
    pub optima: u64,
    /// The size the search started from: the greedy multiset's, raised by
    /// the probe (module docs).
    pub start: u32,
    /// The nodes the search visited.
    pub nodes: u64,
}

/// Why the search gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The budget of nodes ran out.
    Budget {
        /// The budget.
        nodes: u64,
        /// The largest multiset building nothing found so far: the answer
        /// is at least this.
        found: u32,
        /// The bound at the root: the answer is at most this.
        bound: u32,
    },
    /// The caller's cancel flag was set.
    Cancelled,
    /// A check failed (a bug).
    Internal(String),
}

/// `HIT[m][C]` = 1 when the corner sets `m` and `C` meet: whether a copy
/// fitting the positions `m` counts in `N(C)`.
fn hit() -> &'static [[u16; 256]; 256] {
    static T: std::sync::OnceLock<Box<[[u16; 256]; 256]>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t = Box::new([[0u16; 256]; 256]);
        for (m, row) in t.iter_mut().enumerate() {
            for (c, x) in row.iter_mut().enumerate() {
                *x = u16::from(m & c != 0);
            }
        }
        t
    })
}

/// A set of cubes of the family, bit `c` for cube `c` (at most 75 < 128).
type Cubes = u128;

/// The search's state (module docs).
struct Search<'a> {
    /// For each cube: the targets it fits somewhere, with the positions.
    fits: Vec<Vec<(usize, u8)>>,
    /// For each target: its closed corner sets `C` with the cubes fitting
    /// no position of `C`.
    closed: Vec<Vec<(u8, Cubes)>>,
    /// `need[t][C]` = `N_t(C)` for the multiset so far.
    need: Vec<[u16; 256]>,
    /// `def[t]`, kept up to date.
    def: Vec<i32>,
    /// Copies of each cube so far.
    copies: Vec<u32>,
    /// The cubes in the order they are given copies.
    order: Vec<usize>,
    /// The symmetries other than the identity (module docs), each as the
    /// positions in `order` its image reads: `images[g][j]` is the position
    /// of `g^-1(order[j])`, so the image of a multiset has at position `j`
    /// the copies the multiset has at position `images[g][j]`.
    images: Vec<Vec<u8>>,
    /// The size to beat (the greedy start's, then the best found).
    floor: u32,
    /// The best found: its size and copies, and how many multisets have
    /// that size.
    best: Option<(u32, Vec<u32>)>,
    optima: u64,
    /// Nodes visited and allowed (the probe's share of the budget while
    /// it runs, then the whole, `total`, which the progress is told
    /// against); the target that cut last (tried first).
    nodes: u64,
    budget: u64,
    total: u64,
    cutter: usize,
    control: Control<'a>,
    stopped: Option<Stop>,
    /// The bounds of [`Search::alone`] worked out before the tasks (at the
    /// root and in the probe, the same in every shard), and those of the
    /// task being searched (forgotten after it, so that a task's nodes do
    /// not depend on the tasks searched before it); whether a task is
    /// being searched.
    alone: HashMap<Cubes, i32>,
    alone_task: HashMap<Cubes, i32>,
    in_task: bool,
    /// The symmetries of the whole group but the identity, as images of
    /// the sets of cubes, four cubes at a time: `orbit[g * nibbles + j][x]`
    /// is the image under `g` of the cubes `4j + b` for the bits `b` of
    /// `x`, so a set's image is the union of its nibbles' (module docs,
    /// "Cubes alone": the bounds are remembered by orbit).
    orbit: Vec<[Cubes; 16]>,
    nibbles: usize,
    /// The bounds of `alone` last looked up, by set, [`SEEN`] places each
    /// taking one set (module docs): emptied with the task's memory.
    seen: Vec<(Cubes, i32)>,
}

impl<'a> Search<'a> {
    /// The search over multisets of the cubes `allowed`, reduced by the
    /// permutations of `group` (a group of symmetries of the family as
    /// permutations of its cubes, every element listed; none: the search
    /// unreduced) that map `allowed` to itself.
    fn new(f: &Family, allowed: &[usize], group: &[Vec<usize>], budget: u64, control: Control<'a>) -> Search<'a> {
        let n = f.cubes.len();
        let masks: Vec<Vec<u8>> = (0..n)
            .map(|t| (0..n).map(|c| mask(&f.weights[t][c])).collect())
            .collect();
        let fits = (0..n)
            .map(|c| (0..n).filter(|&t| masks[t][c] != 0).map(|t| (t, masks[t][c])).collect())
            .collect();
        let closed = (0..n).map(|t| closed_sets(&masks[t])).collect();
        let mut order = allowed.to_vec();
        order.sort_by_key(|&c| (std::cmp::Reverse((0..n).filter(|&t| masks[t][c] != 0).count()), c));
        let mut position = vec![usize::MAX; n];
        for (j, &c) in order.iter().enumerate() {
            position[c] = j;
        }
        // The distinct permutations keeping `allowed`, less the identity:
        // a group (those of a group keeping a set), each as positions.
        let mut kept: Vec<&Vec<usize>> = group
            .iter()
            .filter(|g| g.iter().enumerate().any(|(c, &d)| c != d))
            .filter(|g| order.iter().all(|&c| position[g[c]] != usize::MAX))
            .collect();
        kept.sort();
        kept.dedup();
        // The whole group, keeping `allowed` or not, for `alone`: its bound
        // of a set of cubes is a property of the family, whatever the
        // cubes the search may use.
        let mut whole: Vec<&Vec<usize>> = group
            .iter()
            .filter(|g| g.iter().enumerate().any(|(c, &d)| c != d))
            .collect();
        whole.sort();
        whole.dedup();
        let nibbles = n.div_ceil(4);
        let orbit = whole
            .iter()
            .flat_map(|g| {
                (0..nibbles).map(move |j| {
                    let mut table = [0 as Cubes; 16];
                    for (x, image) in table.iter_mut().enumerate() {
                        *image = (0..4)
                            .filter(|&b| x >> b & 1 == 1 && 4 * j + b < n)
                            .fold(0, |a, b| a | 1 << g[4 * j + b]);
                    }
                    table
                })
            })
            .collect();
        let images = kept
            .iter()
            .map(|g| {
                let mut inverse = vec![0; n];
                for (c, &d) in g.iter().enumerate() {
                    inverse[d] = c;
                }
                order.iter().map(|&c| position[inverse[c]] as u8).collect()
            })
            .collect();
        Search {
            fits,
            closed,
            need: vec![[0; 256]; n],
            def: vec![8; n],
            copies: vec![0; n],
            order,
            images,
            floor: 0,
            best: None,
            optima: 0,
            nodes: 0,
            budget,
            total: budget,
            cutter: 0,
            control,
            stopped: None,
            alone: HashMap::new(),
            alone_task: HashMap::new(),
            in_task: false,
            orbit,
            nibbles,
            seen: vec![(0, 0); SEEN],
        }
    }

    /// Counts a node of the budget: whether it was within it (else the
    /// search is stopped, the root's bound to be filled in by the caller).
    fn spend(&mut self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.stopped.get_or_insert(Stop::Budget {
                nodes: self.budget,
                found: self.floor,
                bound: 0,
            });
            return false;
        }
        // The bounds of the cubes alone can take a minute before the
        // first node of the search proper (5 colours): the cancel flag and
        // the progress are looked at here, where every node is counted.
        if self.nodes % POLL_NODES == 0 {
            if self.control.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                self.stopped = Some(Stop::Cancelled);
                return false;
            }
            if let Some(tell) = self.control.progress.filter(|_| self.nodes % PROGRESS_NODES == 0) {
                tell(self.nodes, self.total);
            }
        }
        true
    }

    /// A bound on the size of any multiset of the cubes `u` alone that
    /// builds no target (module docs): for a target `t` of `u`, the
    /// multiset leaves `t` a short set `C`, so the copies fitting `C` number
    /// at most `|C| - 1` and the others, cubes of `u` fitting no position
    /// of `C`, make a multiset building nothing of a smaller set: the bound
    /// is the least over the targets of the largest over `C` of
    /// `|C| - 1 + alone(u minus the cubes fitting C)`.
    fn alone(&mut self, u: Cubes) -> i32 {
        if u == 0 {
            return 0;
        }
        let place = seen_place(u);
        if self.seen[place].0 == u {
            return self.seen[place].1;
        }
        let key = self.least_image(u);
        if let Some(&b) = self.alone.get(&key).or_else(|| self.alone_task.get(&key)) {
            self.seen[place] = (u, b);
            return b;
        }
        // Each set worked out is a node of the budget; past it the plain
        // bound (seven copies a cube) stands, unremembered.
        if !self.spend() {
            return 7 * u.count_ones() as i32;
        }
        let mut best = 7 * u.count_ones() as i32;
        let mut rest = u;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut most = -1;
            for j in 0..self.closed[t].len() {
                let (cs, miss) = self.closed[t][j];
                let v = POPCOUNT[cs as usize] - 1 + self.alone(u & miss);
                most = most.max(v);
                if most >= best {
                    break;
                }
            }
            best = best.min(most);
        }
        if self.stopped.is_none() {
            let memo = if self.in_task {
                &mut self.alone_task
            } else {
                &mut self.alone
            };
            if memo.len() == REMEMBERED {
                memo.clear();
            }
            memo.insert(key, best);
            self.seen[place] = (u, best);
        }
        best
    }

    /// The least of the images of the set `u` under the symmetries, `u`
    /// included: one set for its whole orbit, under which [`Search::alone`]
    /// remembers its bound (module docs). Only `u`'s nonzero nibbles are
    /// read.
    fn least_image(&self, u: Cubes) -> Cubes {
        let mut parts = [(0usize, 0usize); 32];
        let mut count = 0;
        for j in 0..self.nibbles {
            let x = (u >> (4 * j) & 15) as usize;
            if x != 0 {
                parts[count] = (j, x);
                count += 1;
            }
        }
        let parts = &parts[..count];
        self.orbit
            .chunks_exact(self.nibbles)
            .map(|g| parts.iter().fold(0, |a, &(j, x)| a | g[j][x]))
            .fold(u, Cubes::min)
    }

    /// Adds (`sign` 1) or removes (-1) a copy of cube `c`; whether every
    /// target is still unbuilt.
    fn add(&mut self, c: usize, sign: i16) -> bool {
        let mut ok = true;
        for &(t, m) in &self.fits[c] {
            let row = &mut self.need[t];
            let h = &hit()[m as usize];
            let mut d = 0i32;
            for (x, (&hx, p)) in row.iter_mut().zip(h.iter().zip(POPCOUNT.iter())) {
                *x = x.wrapping_add_signed(sign * hx as i16);
                d = d.max(*p - i32::from(*x));
            }
            self.def[t] = d;
            ok &= d > 0;
        }
        ok
    }

    /// The bound on the copies the cubes `order[i..]` can still get (module
    /// docs), or `None` once it is below `room`.
    fn bound(&mut self, i: usize, room: i32) -> Option<i32> {
        let mut planes = [0 as Cubes; 3];
        let mut rest: Cubes = 0;
        for &c in &self.order[i..] {
            rest |= 1 << c;
            let own = (self.def[c] - 1) as u32;
            for (b, p) in planes.iter_mut().enumerate() {
                if own >> b & 1 == 1 {
                    *p |= 1 << c;
                }
            }
        }
        let weigh = |s: Cubes| -> i32 { (0..3).map(|b| ((s & planes[b]).count_ones() << b) as i32).sum() };
        let mut bound = weigh(rest);
        if bound < room {
            return None;
        }
        let n = self.need.len();
        for j in 0..n {
            let t = (self.cutter + j) % n;
            let mut most = -1;
            // By index: `alone` below needs the search mutably.
            for k in 0..self.closed[t].len() {
                let (cs, miss) = self.closed[t][k];
                let slack = POPCOUNT[cs as usize] - 1 - i32::from(self.need[t][cs as usize]);
                if slack < 0 {
                    continue;
                }
                let own = slack + weigh(rest & miss);
                if own <= most {
                    continue;
                }
                most = most.max(own.min(slack + self.alone(rest & miss)));
                if most >= bound {
                    break;
                }
            }
            bound = bound.min(most);
            if bound < room {
                self.cutter = t;
                return None;
            }
        }
        Some(bound)
    }

    /// Adds the most copies of cube `c` that keep every target unbuilt
    /// (at most its own deficiency less one), one at a time; how many. The
    /// search then takes them off one by one, most copies first.
    fn fill(&mut self, c: usize) -> u32 {
        let own = (self.def[c] - 1).max(0) as u32;
        let mut k = 0;
        while k < own {
            if !self.add(c, 1) {
                self.add(c, -1);
                break;
            }
            k += 1;
        }
        k
    }

    /// The symmetries' test of the copies of the cubes `order[..i]`
    /// (module docs): `None` when some symmetry maps every multiset with
    /// these copies to one found earlier in the search's order (the image
    /// has more copies at the first position where they differ, decided
    /// within the first `i` positions); otherwise how many symmetries, the
    /// identity included, give copies equal to these at every position
    /// decided. At a leaf (`i` the whole order) every position is decided:
    /// that is how many fix the multiset, and the multisets of its orbit
    /// number the group's size divided by it.
    fn symmetric(&self, i: usize) -> Option<u32> {
        let at = |p: usize| self.copies[self.order[p]];
        let mut fixing = 1;
        for image in &self.images {
            let mut equal = true;
            for (j, &p) in image[..i].iter().enumerate() {
                let p = p as usize;
                if p >= i || at(p) < at(j) {
                    equal = false;
                    break;
                }
                if at(p) > at(j) {
                    return None;
                }
            }
            fixing += u32::from(equal);
        }
        Some(fixing)
    }

    /// The search from cube `order[i]` on, `size` cubes so far.
    fn dfs(&mut self, i: usize, size: u32) {
        if self.stopped.is_some() {
            return;
        }
        if !self.spend() {
            return;
        }
        let Some(fixing) = self.symmetric(i) else {
            return;
        };
        if i == self.order.len() {
            let orbit = u64::from((self.images.len() as u32 + 1) / fixing);
            match self.best.as_ref().map(|b| b.0) {
                Some(b) if b == size => self.optima += orbit,
                Some(b) if b > size => {}
                _ if size < self.floor => {}
                _ => {
                    self.best = Some((size, self.copies.clone()));
                    self.optima = orbit;
                    self.floor = size;
                }
            }
            return;
        }
        if self.bound(i, self.floor as i32 - size as i32).is_none() {
            return;
        }
        let c = self.order[i];
        let mut k = self.fill(c);
        loop {
            self.copies[c] = k;
            self.dfs(i + 1, size + k);
            if k == 0 {
                break;
            }
            self.add(c, -1);
            k -= 1;
        }
        self.copies[c] = 0;
    }

    /// The greedy start (module docs): from each allowed cube, as many
    /// copies as keep every target unbuilt, then the same of the cube with
    /// the most room by its own deficiency that can take one, until none
    /// can; the largest size reached.
    fn greedy(&mut self) -> u32 {
        let allowed = self.order.clone();
        let mut best = 0;
        for &first in &allowed {
            let mut taken: Vec<usize> = Vec::new();
            let mut next = Some(first);
            while let Some(c) = next {
                while self.def[c] > 1 {
                    if !self.add(c, 1) {
                        self.add(c, -1);
                        break;
                    }
                    taken.push(c);
                }
                let mut candidates: Vec<usize> = allowed.iter().copied().filter(|&x| self.def[x] > 1).collect();
                candidates.sort_by_key(|&x| std::cmp::Reverse(self.def[x]));
                next = candidates.into_iter().find(|&x| {
                    let fits = self.add(x, 1);
                    self.add(x, -1);
                    fits
                });
            }
            best = best.max(taken.len() as u32);
            for &c in taken.iter().rev() {
                self.add(c, -1);
            }
        }
        best
    }

    /// The tasks (module docs): the copies of the first [`SPLIT`] cubes of
    /// the order (fewer when the order is shorter), in the search's order.
    fn tasks(&mut self) -> Vec<Vec<u32>> {
        fn go(s: &mut Search, i: usize, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if s.symmetric(i).is_none() {
                return;
            }
            if i == SPLIT.min(s.order.len()) {
                out.push(prefix.clone());
                return;
            }
            let c = s.order[i];
            let mut k = s.fill(c);
            loop {
                prefix.push(k);
                s.copies[c] = k;
                go(s, i + 1, prefix, out);
                prefix.pop();
                if k == 0 {
                    break;
                }
                s.add(c, -1);
                k -= 1;
            }
            s.copies[c] = 0;
        }
        let mut out = Vec::new();
        go(self, 0, &mut Vec::new(), &mut out);
        out
    }

    /// Searches one task (its copies of the first cubes) from the size
    /// `start`, on its own: its largest size found (at least `start`), its
    /// first multiset of that size and how many reach it, or `None`.
    fn task(&mut self, prefix: &[u32], start: u32) -> Option<(u32, Vec<u32>, u64)> {
        let cubes: Vec<usize> = self.order[..prefix.len()].to_vec();
        for (&c, &k) in cubes.iter().zip(prefix) {
            for _ in 0..k {
                self.add(c, 1);
            }
            self.copies[c] = k;
        }
        (self.floor, self.best, self.optima) = (start, None, 0);
        (self.in_task, self.alone_task) = (true, HashMap::new());
        self.seen.fill((0, 0));
        self.dfs(prefix.len(), prefix.iter().sum());
        for (&c, &k) in cubes.iter().zip(prefix) {
            for _ in 0..k {
                self.add(c, -1);
            }
            self.copies[c] = 0;
        }
        let optima = self.optima;
        self.best.take().map(|(size, copies)| (size, copies, optima))
    }
}

/// A shard's part of the search (`--shard I/N`: the tasks at positions I
/// modulo N), or the sum of several parts (module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyPart {
    /// K.
    pub k: usize,
    /// The size every task searches from: the greedy start's, raised by
    /// the probe.
    pub start: u32,
    /// The probe's nodes (the same in every part, counted once).
    pub probe_nodes: u64,
    /// The tasks of the whole search, and those this part searched.
    pub tasks: u64,
    /// The tasks searched.
    pub searched: u64,
    /// The largest size found in the part's tasks (`None`: none reached
    /// the start).
    pub size: Option<u32>,
    /// The first task reaching it, and its first multiset of that size:
    /// (cube index, copies), by cube index.
    pub first: Option<(u64, Vec<(usize, u32)>)>,
    /// How many multisets of `size` cubes the part's tasks found.
    pub optima: u64,
    /// The nodes the part's tasks visited.
    pub nodes: u64,
}

impl FamilyPart {
    /// The part of two disjoint sets of tasks of one search (parts read
    /// from files may hold anything: an error when they are not of one
    /// search or a count overflows).
    pub fn add_part(self, other: FamilyPart) -> Result<FamilyPart, String> {
        if (self.k, self.start, self.probe_nodes, self.tasks) != (other.k, other.start, other.probe_nodes, other.tasks)
        {
            return Err("the parts are not of one search (their K, start, probe or tasks differ)".into());
        }
        let overflow = || "a count overflows".to_string();
        let (size, first, optima) = match self.size.cmp(&other.size) {
            std::cmp::Ordering::Greater => (self.size, self.first, self.optima),
            std::cmp::Ordering::Less => (other.size, other.first, other.optima),
            std::cmp::Ordering::Equal => (
                self.size,
                match (self.first, other.first) {
                    (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
                    (a, b) => a.or(b),
                },
                self.optima.checked_add(other.optima).ok_or_else(overflow)?,
            ),
        };
        Ok(FamilyPart {
            searched: self.searched.checked_add(other.searched).ok_or_else(overflow)?,
            size,
            first,
            optima,
            nodes: self.nodes.checked_add(other.nodes).ok_or_else(overflow)?,
            ..self
        })
    }

    /// The answer of the parts of every task, checked (module docs).
    pub fn finish(self, f: &Family) -> Result<FamilyInfeasible, String> {
        if self.k != f.k {
            return Err(format!("the parts are of the {}-colour family", self.k));
        }
        let r = self.answer()?;
        check(f, &r)?;
        Ok(r)
    }

    /// The answer of the parts of every task, unchecked.
    fn answer(self) -> Result<FamilyInfeasible, String> {
        if self.searched != self.tasks {
            return Err(format!(
                "the parts searched {} of the {} tasks",
                self.searched, self.tasks
            ));
        }
        let (Some(size), Some((_, multiset))) = (self.size, self.first) else {
            return Err("no part reached the greedy start".into());
        };
        Ok(FamilyInfeasible {
            k: self.k,
            size,
            multiset,
            optima: self.optima,
            start: self.start,
            nodes: self.nodes.checked_add(self.probe_nodes).ok_or("a count overflows")?,
        })
    }
}

/// `POPCOUNT[C]`: the positions in `C`.
static POPCOUNT: [i32; 256] = {
    let mut t = [0; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = (c as u32).count_ones() as i32;
        c += 1;
    }
    t
};

/// The nonempty corner sets of a target that are unions of classes of
/// positions fitted by the same cubes, each with the cubes fitting none of
/// its positions (`masks[c]`: the positions cube `c` fits).
fn closed_sets(masks: &[u8]) -> Vec<(u8, Cubes)> {
    let column = |i: usize| -> Cubes {
        (0..masks.len())
            .filter(|&c| masks[c] >> i & 1 == 1)
            .fold(0, |a, c| a | 1 << c)
    };
    let mut classes: Vec<u8> = Vec::new();
    for i in 0..8 {
        match classes
            .iter_mut()
            .find(|k| column(k.trailing_zeros() as usize) == column(i))
        {
            Some(k) => *k |= 1 << i,
            None => classes.push(1 << i),
        }
    }
    let all: Cubes = if masks.len() == 128 { !0 } else { (1 << masks.len()) - 1 };
    (1..1usize << classes.len())
        .map(|pick| {
            let cs = (0..classes.len())
                .filter(|&j| pick >> j & 1 == 1)
                .fold(0u8, |a, j| a | classes[j]);
            let fitting = (0..8).filter(|&i| cs >> i & 1 == 1).fold(0, |a, i| a | column(i));
            (cs, all & !fitting)
        })
        .collect()
}

/// The largest multiset of cubes of `f` building no target, searched to
/// the end within `budget` nodes (module docs), and checked.
pub fn largest_infeasible(f: &Family, budget: u64, control: Control<'_>) -> Result<FamilyInfeasible, Stop> {
    largest_part(f, budget, control, (0, 1))?
        .finish(f)
        .map_err(Stop::Internal)
}

/// The part of the search made of the tasks at positions `shard.0` modulo
/// `shard.1` (module docs), within `budget` nodes; unchecked (the sum of
/// every part is checked by [`FamilyPart::finish`]).
pub fn largest_part(f: &Family, budget: u64, control: Control<'_>, shard: (usize, usize)) -> Result<FamilyPart, Stop> {
    let all: Vec<usize> = (0..f.cubes.len()).collect();
    search_part(f, &all, &symmetry_group(f), budget, control, shard)
}

/// [`largest_part`] over multisets of the cubes `allowed` only, reduced by
/// the symmetries of `group` keeping them ([`Search::new`]).
fn search_part(
    f: &Family,
    allowed: &[usize],
    group: &[Vec<usize>],
    budget: u64,
    control: Control<'_>,
    (index, count): (usize, usize),
) -> Result<FamilyPart, Stop> {
    let mut s = Search::new(f, allowed, group, budget, control);
    s.floor = s.greedy();
    // The bound at the root, and the probe (module docs): the search in
    // its order, its best size carried, for a few nodes; every shard
    // makes the same one.
    s.budget = budget / PROBE_SHARE;
    let root = s.bound(0, i32::MIN).unwrap_or(0).max(0) as u32;
    s.dfs(0, 0);
    match s.stopped.take() {
        Some(Stop::Cancelled) => return Err(Stop::Cancelled),
        Some(Stop::Internal(e)) => return Err(Stop::Internal(e)),
        _ => {}
    }
    let start = s.floor;
    let probe_nodes = s.nodes;
    s.budget = budget;
    let tasks = s.tasks();
    let mut part = FamilyPart {
        k: f.k,
        start,
        probe_nodes,
        tasks: tasks.len() as u64,
        searched: 0,
        size: None,
        first: None,
        optima: 0,
        nodes: 0,
    };
    for (t, prefix) in tasks.iter().enumerate().filter(|(t, _)| t % count.max(1) == index) {
        let found = s.task(prefix, start);
        match s.stopped.take() {
            Some(Stop::Budget { nodes, .. }) => {
                return Err(Stop::Budget {
                    nodes,
                    found: part.size.unwrap_or(start),
                    bound: root,
                })
            }
            Some(stop) => return Err(stop),
            None => {}
        }
        let one = FamilyPart {
            searched: 1,
            size: found.as_ref().map(|f| f.0),
            first: found.as_ref().map(|(_, copies, _)| {
                let multiset = (0..copies.len())
                    .filter(|&c| copies[c] > 0)
                    .map(|c| (c, copies[c]))
                    .collect();
                (t as u64, multiset)
            }),
            optima: found.map_or(0, |f| f.2),
            nodes: 0,
            ..part.clone()
        };
        part = part.add_part(one).map_err(Stop::Internal)?;
    }
    part.nodes = s.nodes - probe_nodes;
    Ok(part)
}

/// The multiset as a list of cubes, each repeated.
pub fn expand(f: &Family, multiset: &[(usize, u32)]) -> Vec<Cube> {
    multiset
        .iter()
        .flat_map(|&(c, k)| std::iter::repeat_n(f.cubes[c], k as usize))
        .collect()
}

/// The independent check (module docs): no target built, each with a
/// re-counted short set of positions, and any one cube more builds one.
pub fn check(f: &Family, r: &FamilyInfeasible) -> Result<(), String> {
    let cubes = expand(f, &r.multiset);
    if cubes.len() as u32 != r.size {
        return Err(format!("the multiset has {} cubes, not {}", cubes.len(), r.size));
    }
    for a in every_target(&f.cubes, &cubes)? {
        if !matches!(a.certificate, Certificate::Short { .. }) {
            return Err(format!("the multiset found builds the target {:?}", a.target.faces));
        }
    }
    for extra in &f.cubes {
        let mut more = cubes.clone();
        more.push(*extra);
        if !every_target(&f.cubes, &more)?.iter().any(|a| a.builds()) {
            return Err(format!(
                "the multiset found with one more {:?} still builds nothing",
                extra.faces
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search over multisets of the cubes `allowed` only (the others
    /// have no copies; every target of the family still counts), reduced by
    /// the symmetries of `group` keeping them, unchecked.
    fn largest_from(
        f: &Family,
        allowed: &[usize],
        group: &[Vec<usize>],
        budget: u64,
    ) -> Result<FamilyInfeasible, Stop> {
        search_part(f, allowed, group, budget, Control::default(), (0, 1))?
            .answer()
            .map_err(Stop::Internal)
    }

    /// Whether some target of `f` is built by the copies (cube index,
    /// copies), by augmenting paths over the corner positions: a third
    /// method beside the search's deficiencies and the checker's Hall
    /// condition and counts.
    fn builds_some(f: &Family, copies: &[(usize, u32)]) -> bool {
        fn seat(i: usize, masks: &[u8], owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
            for (c, &m) in masks.iter().enumerate() {
                if m >> i & 1 == 1 && !seen[c] {
                    seen[c] = true;
                    if owner[c].is_none_or(|j| seat(j, masks, owner, seen)) {
                        owner[c] = Some(i);
                        return true;
                    }
                }
            }
            false
        }
        (0..f.cubes.len()).any(|t| {
            let masks: Vec<u8> = copies
                .iter()
                .flat_map(|&(c, k)| std::iter::repeat_n(mask(&f.weights[t][c]), k as usize))
                .collect();
            let mut owner = vec![None; masks.len()];
            (0..8).all(|i| seat(i, &masks, &mut owner, &mut vec![false; masks.len()]))
        })
    }

    /// Every multiset of `size` cubes from `allowed`, as (cube, copies).
    fn multisets(allowed: &[usize], size: u32, f: &mut impl FnMut(&[(usize, u32)])) {
        fn go(allowed: &[usize], left: u32, acc: &mut Vec<(usize, u32)>, f: &mut impl FnMut(&[(usize, u32)])) {
            let Some((&c, rest)) = allowed.split_first() else {
                if left == 0 {
                    f(acc);
                }
                return;
            };
            for k in (0..=left.min(7)).rev() {
                if k > 0 {
                    acc.push((c, k));
                }
                go(rest, left - k, acc, f);
                if k > 0 {
                    acc.pop();
                }
            }
        }
        go(allowed, size, &mut Vec::new(), f);
    }

    /// The search against brute force: every multiset of the answer's size
    /// and of one more (at most 7 copies of a cube: 8 build it) judged by
    /// augmenting paths. None of one more builds nothing, so none larger
    /// does (the multisets building nothing are closed downwards), and
    /// those of the answer's size building nothing are as many as the
    /// search counted, the one shown among them.
    fn against_brute_force(f: &Family, allowed: &[usize]) -> FamilyInfeasible {
        let r = largest_from(f, allowed, &symmetry_group(f), DEFAULT_BUDGET).unwrap();
        let mut count = 0;
        multisets(allowed, r.size, &mut |m| count += u64::from(!builds_some(f, m)));
        assert_eq!(count, r.optima, "K = {}, cubes {allowed:?}", f.k);
        let mut larger = 0;
        multisets(allowed, r.size + 1, &mut |m| larger += u64::from(!builds_some(f, m)));
        assert_eq!(larger, 0);
        assert!(!builds_some(f, &r.multiset));
        assert!(r.start <= r.size);
        // The bound of the cubes alone holds (it is no less than the
        // largest size).
        let set = allowed.iter().fold(0, |a, &c| a | 1 << c);
        let alone = Search::new(f, allowed, &[], DEFAULT_BUDGET, Control::default()).alone(set);
        assert!(alone >= r.size as i32, "{alone} < {}", r.size);
        r
    }

    /// The 2-colour family: the largest multisets have 10 cubes, 16 of
    /// them; by brute force over every multiset of 10 and 11 of the 8
    /// cubes, and checked by the every-target judge.
    #[test]
    fn two_colours_by_brute_force() {
        let f = Family::new(2);
        let all: Vec<usize> = (0..8).collect();
        let r = against_brute_force(&f, &all);
        assert_eq!((r.size, r.optima), (10, 16));
        check(&f, &r).unwrap();
        // Seven copies of one cube and three of another.
        assert_eq!(r.multiset.iter().map(|&(_, k)| k).collect::<Vec<_>>(), [3, 7]);
    }

    /// The 3-colour family's machinery on parts of it: multisets of a few
    /// of its cubes (every target of the family still counts), by brute
    /// force; the last parts are closed under a symmetry (three cubes and
    /// their images), so their searches are reduced and count by orbits.
    #[test]
    fn three_colour_parts_by_brute_force() {
        let f = Family::new(3);
        let group = symmetry_group(&f);
        let mut parts = vec![vec![0, 5, 9, 14, 22, 29], vec![1, 2, 3, 17, 25], vec![0, 7, 22, 25]];
        for g in [&group[1], &group[2], &group[7]] {
            let mut part: Vec<usize> = [0, 9, 22].iter().flat_map(|&c| [c, g[c]]).collect();
            part.sort();
            part.dedup();
            let reduced = Search::new(&f, &part, &group, DEFAULT_BUDGET, Control::default())
                .images
                .len();
            assert!(reduced >= 1, "{part:?}");
            parts.push(part);
        }
        for allowed in parts {
            let r = against_brute_force(&f, &allowed);
            assert!(r.size >= 7 && r.optima >= 1, "{allowed:?}");
        }
    }

    /// Shards add up to the whole run, nodes included, however the tasks
    /// are grouped (the 2-colour family's tasks, and a probe too short
    /// to finish its search); a part missing or of another search is
    /// refused. The 3-colour family's probe is its whole search, and its
    /// tasks start from the largest size.
    #[test]
    fn shards_add_up_to_the_whole_search() {
        let f = Family::new(2);
        for budget in [DEFAULT_BUDGET, 2_000] {
            let whole = largest_infeasible(&f, budget, Control::default()).unwrap();
            for n in [1usize, 3, 7] {
                let parts: Vec<FamilyPart> = (0..n)
                    .map(|i| largest_part(&f, budget, Control::default(), (i, n)).unwrap())
                    .collect();
                assert_eq!(parts.iter().map(|p| p.searched).sum::<u64>(), parts[0].tasks);
                let sum = parts.iter().cloned().reduce(|a, b| a.add_part(b).unwrap()).unwrap();
                assert_eq!(sum.finish(&f).unwrap(), whole, "{n} shards");
                if n > 1 {
                    let short = parts[1..]
                        .iter()
                        .cloned()
                        .reduce(|a, b| a.add_part(b).unwrap())
                        .unwrap();
                    let err = short.finish(&f).unwrap_err();
                    assert!(err.starts_with("the parts searched "), "{err}");
                }
            }
        }
        let two = largest_part(&f, DEFAULT_BUDGET, Control::default(), (0, 1)).unwrap();
        // More tasks than the most shards tried: every shard had some.
        assert!(two.tasks > 7, "{}", two.tasks);
        // The bound of the cubes alone at the root: the largest sizes of
        // the 2- and 3-colour families (brute force above, the search
        // below), the 4-colour family's 17.
        for (k, size) in [(2, 10), (3, 22), (4, 17)] {
            let f = Family::new(k);
            let all: Vec<usize> = (0..f.cubes.len()).collect();
            let everything = all.iter().fold(0, |a, &c| a | 1 << c);
            assert_eq!(
                Search::new(&f, &all, &[], DEFAULT_BUDGET, Control::default()).alone(everything),
                size,
                "K = {k}"
            );
        }
        let three = largest_part(&Family::new(3), DEFAULT_BUDGET, Control::default(), (0, 1)).unwrap();
        assert_eq!((three.start, three.probe_nodes, three.nodes), (22, 66_030, 332));
        let r = three.clone().finish(&Family::new(3)).unwrap();
        assert_eq!((r.size, r.optima, r.nodes), (22, 1, 66_362));
        assert_eq!(
            two.add_part(three).unwrap_err(),
            "the parts are not of one search (their K, start, probe or tasks differ)"
        );
    }

    /// The progress is told every `PROGRESS_NODES` nodes against the whole
    /// budget, the probe's share included, up to the budget's last node.
    #[test]
    fn progress_is_told_against_the_whole_budget() {
        let told = std::sync::Mutex::new(Vec::new());
        let tick = |done: u64, total: u64| told.lock().unwrap().push((done, total));
        let control = Control {
            progress: Some(&tick),
            cancel: None,
        };
        let budget = 3 * PROGRESS_NODES;
        // The 3-colour search needs 66,362 nodes: it stops at the budget.
        assert!(matches!(
            largest_infeasible(&Family::new(3), budget, control),
            Err(Stop::Budget { .. })
        ));
        let want: Vec<(u64, u64)> = (1..=3).map(|i| (i * PROGRESS_NODES, budget)).collect();
        assert_eq!(*told.lock().unwrap(), want);
    }

    /// A cancelled search stops within `POLL_NODES` nodes, even while the
    /// bounds of the cubes alone are worked out before its first node (a
    /// minute for 5 colours), and keeps looking no further.
    #[test]
    fn a_cancelled_search_stops_in_the_bounds() {
        let cancel = std::sync::atomic::AtomicBool::new(true);
        let control = Control {
            progress: None,
            cancel: Some(&cancel),
        };
        let mut s = Search::new(&Family::new(5), &(0..75).collect::<Vec<_>>(), &[], MAX_BUDGET, control);
        s.bound(0, i32::MIN);
        assert!(matches!(s.stopped, Some(Stop::Cancelled)));
        assert_eq!(s.nodes, POLL_NODES);
        assert!(matches!(
            largest_infeasible(&Family::new(5), MAX_BUDGET, control),
            Err(Stop::Cancelled)
        ));
    }

    /// A budget too small stops the search with its bounds.
    #[test]
    fn a_small_budget_stops_with_bounds() {
        let f = Family::new(3);
        match largest_infeasible(&f, 100, Control::default()) {
            Err(Stop::Budget { nodes, found, bound }) => {
                assert_eq!(nodes, 100);
                assert!(found >= 7 && bound >= found, "{found} {bound}");
            }
            other => panic!("{other:?}"),
        }
    }

    /// What the reduction rests on (module docs): the family is closed under
    /// renaming the colours and the mirror, the maps are permutations of its
    /// cubes, and each maps a multiset to one with the same deficiency at
    /// the image of every target, so building nothing to building nothing.
    /// For every symmetry of K = 2..5 (8, 2 x 3!, ..., 2 x 5! of them,
    /// duplicates included) and a few multisets (cubes spread over the
    /// family, two copies each), the search's own deficiencies of
    /// the image, target by target, against the multiset's.
    #[test]
    fn symmetries_keep_every_deficiency() {
        for (k, maps) in [(2, 4), (3, 12), (4, 48), (5, 240)] {
            let f = Family::new(k);
            // Every 2-colour cube is its own mirror image.
            let mirror = crate::family::symmetries(&f).1;
            assert_eq!(mirror.iter().enumerate().all(|(c, &d)| c == d), k == 2, "K = {k}");
            let n = f.cubes.len();
            let group = symmetry_group(&f);
            assert_eq!(group.len(), maps, "K = {k}");
            // As many distinct permutations (half as many for K = 2), the
            // identity among them.
            let all: Vec<usize> = (0..n).collect();
            let distinct = Search::new(&f, &all, &group, DEFAULT_BUDGET, Control::default())
                .images
                .len()
                + 1;
            assert_eq!(distinct, if k == 2 { 2 } else { maps }, "K = {k}");
            let mut s = Search::new(&f, &[], &[], DEFAULT_BUDGET, Control::default());
            let deficiencies = |s: &mut Search, m: &[usize]| {
                for &c in m {
                    s.add(c, 1);
                }
                let d = s.def.clone();
                for &c in m {
                    s.add(c, -1);
                }
                d
            };
            for step in [1, 5, 7, 11] {
                // Six cubes spread over the family, two copies each.
                let m: Vec<usize> = (0..12).map(|j| step * (j / 2) % n).collect();
                let d = deficiencies(&mut s, &m);
                for g in &group {
                    let mut seen = vec![false; n];
                    for &c in g {
                        assert!(!seen[c], "K = {k}: not a permutation");
                        seen[c] = true;
                    }
                    let image: Vec<usize> = m.iter().map(|&c| g[c]).collect();
                    let e = deficiencies(&mut s, &image);
                    for t in 0..n {
                        assert_eq!(d[t], e[g[t]], "K = {k}, target {t}");
                    }
                }
            }
        }
    }

    /// The search reduced by the symmetries against the search unreduced,
    /// the 2- and 3-colour families whole: the same largest size, the same
    /// first multiset (the first of every orbit in the search's order is
    /// the one searched) and the same count (the orbits' sizes summed),
    /// in fewer nodes.
    #[test]
    fn symmetries_keep_the_answer() {
        for (k, nodes) in [(2, (1_619, 1_253)), (3, (293_206, 66_362))] {
            let f = Family::new(k);
            let all: Vec<usize> = (0..f.cubes.len()).collect();
            let plain = largest_from(&f, &all, &[], DEFAULT_BUDGET).unwrap();
            let reduced = largest_from(&f, &all, &symmetry_group(&f), DEFAULT_BUDGET).unwrap();
            assert_eq!(
                FamilyInfeasible {
                    nodes: plain.nodes,
                    start: plain.start,
                    ..reduced.clone()
                },
                plain,
                "K = {k}"
            );
            assert_eq!((plain.nodes, reduced.nodes), nodes, "K = {k}");
        }
    }

    /// The bound of the cubes alone is the same for every set of an orbit,
    /// so remembering it by orbit changes no bound: for the 3- and 4-colour
    /// families, sets spread over the family and their images under every
    /// symmetry, worked out with the memory by orbit, against the same sets
    /// worked out by set (no symmetries) in a fresh search each.
    #[test]
    fn the_bound_alone_is_the_same_over_an_orbit() {
        for k in [3, 4] {
            let f = Family::new(k);
            let n = f.cubes.len();
            let all: Vec<usize> = (0..n).collect();
            let group = symmetry_group(&f);
            let mut by_orbit = Search::new(&f, &all, &group, DEFAULT_BUDGET, Control::default());
            for step in [1, 3, 7] {
                let u: Cubes = (0..n)
                    .filter(|c| c % step == 0 && c % 5 != 4)
                    .fold(0, |a, c| a | 1 << c);
                for g in &group {
                    let image = (0..n).filter(|&c| u >> c & 1 == 1).fold(0, |a: Cubes, c| a | 1 << g[c]);
                    assert_eq!(by_orbit.least_image(image), by_orbit.least_image(u), "K = {k}");
                    let by_set = Search::new(&f, &all, &[], DEFAULT_BUDGET, Control::default()).alone(image);
                    assert_eq!(by_orbit.alone(image), by_set, "K = {k}, step {step}");
                }
            }
        }
    }

    /// The closed sets of a target: unions of classes of alike positions.
    /// The closed sets of a target: unions of classes of alike positions.
    #[test]
    fn closed_sets_are_unions_of_alike_positions() {
        // Two cubes: one fits positions 0 and 1, the other 0 to 7: the
        // classes are {0, 1} and {2..7}, three nonempty unions.
        let masks = [0b11u8, 0xff];
        let sets = closed_sets(&masks);
        assert_eq!(sets, vec![(0b11, 0), (0xfc, 0b01), (0xff, 0)]);
    }

    /// The 4-colour family's answer a second way (release, `--ignored`:
    /// 32,648,388 nodes, 9 minutes on the shared VM, 2026-12-01, before the
    /// bounds were remembered by orbit): reduced by the renamings alone (24
    /// symmetries, no mirror), the orbits are others
    /// and so are the nodes (12,052,361 with the mirror), but the size, the
    /// first multiset and the count (the orbits' sizes summed) must be the
    /// same.
    #[test]
    #[ignore]
    fn four_colours_by_the_renamings_alone() {
        let f = Family::new(4);
        let all: Vec<usize> = (0..f.cubes.len()).collect();
        let t = std::time::Instant::now();
        let r = largest_from(&f, &all, &crate::family::symmetries(&f).0, MAX_BUDGET).unwrap();
        eprintln!("K = 4, renamings alone: {r:?} in {:.2?}", t.elapsed());
        assert_eq!((r.size, r.optima, r.multiset), (10, 14_400, vec![(0, 7), (31, 3)]));
    }

    /// The whole search per family, timed (release: `cargo test --release
    /// -p cubist-macmahon --lib family::multiset::tests::measure --
    /// --ignored --nocapture`;
    /// `CUBIST_FAMILY_K` picks one K, `CUBIST_BUDGET` the budget).
    #[test]
    #[ignore]
    fn measure_every_family() {
        let ks: Vec<usize> = match std::env::var("CUBIST_FAMILY_K") {
            Ok(k) => vec![k.parse().unwrap()],
            Err(_) => vec![2, 3],
        };
        for k in ks {
            let t = std::time::Instant::now();
            let budget = std::env::var("CUBIST_BUDGET").map_or(DEFAULT_BUDGET, |b| b.parse().unwrap());
            let r = largest_infeasible(&Family::new(k), budget, Control::default());
            eprintln!("K = {k}: {r:?} in {:.2?}", t.elapsed());
        }
    }
}
