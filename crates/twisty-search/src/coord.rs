//! Perfect indexing of puzzle states: every state (or every state of a
//! projection) gets a number in `0..size`, and a move is a few table lookups.
//!
//! This is the foundation of [`crate::god`] (a 2-bit array over the index space)
//! and [`crate::optimal`] (pattern databases over projections).
//!
//! A state is read orbit by orbit (orbits from [`cubist_twisty::analysis::analyze`]) as
//! mixed-radix **coordinates**:
//! - [`Part::Arrangement`]: which piece sits in each slot of the orbit, as the
//!   rank of a permutation (lexicographic, `n!` values) or, when the solved state
//!   repeats labels (identical pieces), of a multiset permutation
//!   (`n! / ∏ c_i!`). When every move is even on the orbit and the pieces are
//!   distinct, only even permutations occur: the rank is halved (the last
//!   Lehmer digit is the parity, so `rank / 2` is a bijection on them).
//! - [`Part::Twist`]: the orientation in each slot, base `r`; when the orbit's
//!   twist-sum law (Eidswick's Proposition 2) fixes the sum modulo `r`, the last
//!   digit is implied and dropped (`r^(n-1)` values).
//! - [`Part::Pieces`]: a projection onto some pieces of an orbit (the others
//!   become indistinguishable): where the tracked pieces are, and how each is
//!   twisted (`n!/(n-k)! · r^k` values). Pattern databases use it.
//!
//! Orbits that no move displaces or twists are skipped. Small coordinates are
//! merged into one digit and every digit small enough gets a **move table**
//! (`u32` per (value, step)); a [`Part::Pieces`] digit gets a table from the
//! arrangement to the new arrangement and the twist it receives, combined with
//! the orientation digits by digit-wise addition. Digits too large for a table
//! are unranked, moved and ranked again.
//!
//! ```
//! use cubist_twisty_search::coord::{Indexer, Metric};
//! use cubist_twisty::{compose, library};
//!
//! let cube = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
//! let ix = Indexer::full(&cube, Metric::Htm).unwrap();
//! // Seven corners move (the DBL corner is fixed): 7! arrangements, 3^6 twists.
//! assert_eq!(ix.size(), 5040 * 729);
//! assert_eq!(ix.reachable().unwrap().to_string(), "3674160");
//! let r = &cube.moves[1].element; // R
//! let s = ix.steps().iter().position(|&(g, p)| g == 1 && p == 1).unwrap();
//! let solved = ix.rank(&cube.identity());
//! assert_eq!(ix.apply(solved, s), ix.rank(&compose(&cube.identity(), r)));
//! ```

use cubist_perm::Wreath;
use num_bigint::BigUint;
use rayon::prelude::*;

use cubist_io::LimitError;
use cubist_twisty::analysis;
use cubist_twisty::{Element, Puzzle};

use crate::Error;

mod pieces;

/// How moves are counted (in JSON `"htm"`, `"qtm"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Half-turn metric: every power of a move is one step.
    #[default]
    Htm,
    /// Quarter-turn metric: only the powers ±1 (a generator of order 2 gives
    /// one step, its power 1).
    Qtm,
}

impl Metric {
    /// `"htm"` or `"qtm"`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        }
    }
}

/// The most steps a search takes from one state: every table holds a row of
/// that many entries per coordinate value, so a move of order 2^63 (legal in
/// a `.tws` file) must be refused before its powers are listed.
pub const MAX_STEPS: u64 = 1 << 16;

/// The steps of a metric: `(generator index, power)`, powers in `-k/2..=k/2`
/// for a generator of order `k` (so `R'` rather than `R3`). More than
/// [`MAX_STEPS`] in all are refused.
pub fn steps(p: &Puzzle, metric: Metric) -> Result<Vec<(usize, i64)>, Error> {
    let mut out = Vec::new();
    for (g, m) in p.moves.iter().enumerate() {
        let order = p.element_order(&m.element);
        let count = match metric {
            // An element's order is at least 1.
            Metric::Htm => order.clone() - 1u32,
            Metric::Qtm => order.clone().min(BigUint::from(2u32)),
        };
        if count + out.len() > BigUint::from(MAX_STEPS) {
            let what = format!("the {} steps of move {} (order {order})", metric.name(), m.name);
            let needed = format!("{order} steps or more");
            return Err(LimitError::new(what, needed, format!("{MAX_STEPS} steps in all")).into());
        }
        let k: i64 = order.try_into().unwrap_or(i64::MAX);
        if k <= 1 {
            continue;
        }
        let powers: Vec<i64> = match metric {
            Metric::Htm => (1..k).map(|e| if e > k / 2 { e - k } else { e }).collect(),
            Metric::Qtm if k == 2 => vec![1],
            Metric::Qtm => vec![1, -1],
        };
        out.extend(powers.into_iter().map(|e| (g, e)));
    }
    Ok(out)
}

/// What a coordinate records about its orbit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// Which piece is in each slot (all pieces of the orbit).
    Arrangement,
    /// The orientation in each slot.
    Twist,
    /// Where the pieces whose home slots are listed (0-based, positions in the
    /// orbit's slot list) are, and their twists; other pieces are identified.
    Pieces(Vec<usize>),
}

/// One coordinate of a projection: an orbit (index into the analysis' orbits)
/// and what is recorded about it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoordSpec {
    /// The orbit, an index into the analysis's orbits.
    pub orbit: usize,
    /// What of it is recorded.
    pub part: Part,
}

/// A state as labels and orientations per slot, set by set (what an element
/// does to the solved state: the piece from slot `i` goes to `iα'` and shows
/// twist `α''(iα')` there).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The piece label in each slot, per set.
    pub labels: Vec<Vec<u32>>,
    /// The orientation in each slot, per set.
    pub orient: Vec<Vec<u32>>,
}

impl State {
    /// The state an element makes from the solved state; a piece whose
    /// orientation is free ([`Puzzle::free`]) shows twist 0 (the quotient
    /// [`whole_parts`] indexes).
    pub fn of(p: &Puzzle, e: &[Wreath]) -> State {
        let mut labels = p.solved.clone();
        let mut orient: Vec<Vec<u32>> = e.iter().map(|w| w.orient().to_vec()).collect();
        for (si, w) in e.iter().enumerate() {
            for (i, &l) in p.solved[si].iter().enumerate() {
                let to = w.perm().image(i as u32) as usize;
                labels[si][to] = l;
                if p.is_free(si, i) {
                    orient[si][to] = 0;
                }
            }
        }
        State { labels, orient }
    }

    /// The state after the element `m` (applied after the state).
    pub fn then(&self, m: &[Wreath]) -> State {
        let mut out = self.clone();
        for (si, w) in m.iter().enumerate() {
            let r = w.modulus();
            for i in 0..w.degree() {
                let j = w.perm().image(i as u32) as usize;
                out.labels[si][j] = self.labels[si][i];
                out.orient[si][j] = (self.orient[si][i] + w.orient()[j]) % r;
            }
        }
        out
    }
}

/// A step restricted to an orbit: local slot `i` goes to `perm[i]`, which then
/// receives the twist `twist[perm[i]]`.
#[derive(Clone, Debug)]
struct LocalStep {
    perm: Vec<u8>,
    twist: Vec<u8>,
}

/// One coordinate, ready to rank, unrank and move.
#[derive(Clone, Debug)]
struct Coord {
    set: usize,
    /// Global slot of each local slot.
    slots: Vec<u32>,
    part: Part,
    modulus: u32,
    /// Class of each local slot's solved label (Arrangement: distinct labels
    /// are distinct classes; Pieces: tracked index, or `k` for the others).
    home_class: Vec<u8>,
    counts: Vec<u32>,
    /// Halve the arrangement rank (distinct pieces, only even permutations).
    even: bool,
    /// Twist: the last digit is implied by the law. Pieces: tracked twists kept.
    drop_last: bool,
    /// Values of the arrangement part (Pieces: positions of the tracked pieces).
    arrangements: u64,
    /// Values of the twist part (`r^k`, `r^n` or `r^(n-1)`; 1 if untwisted).
    twists: u64,
    twisting: bool,
    radix: u64,
    local_steps: Vec<LocalStep>,
    /// Class of each label of the set (untracked labels: `other`).
    label_class: Vec<u8>,
    /// A label of each class.
    class_label: Vec<u32>,
    /// The class of untracked pieces (Pieces) or `u8::MAX`.
    other: u8,
    /// When classes `0..k` are single pieces (and the rest, if any, one class)
    /// and the orbit has at most 64 slots: `falling[j] = (n-1-j)! / (n-k)!`, the
    /// place values of the positional rank. Empty: multiset ranking.
    falling: Vec<u64>,
}

impl Coord {
    fn n(&self) -> usize {
        self.slots.len()
    }

    /// Rank of an arrangement: by the positions of distinct pieces when the
    /// classes allow it, else as a multiset permutation.
    fn rank_arrangement(&self, cls: &[u8]) -> u64 {
        if self.falling.is_empty() {
            return self.rank_multiset(cls);
        }
        let k = self.falling.len();
        let mut pos = [0u8; 64];
        for (i, &c) in cls.iter().enumerate() {
            if (c as usize) < k {
                pos[c as usize] = i as u8;
            }
        }
        self.rank_positions(&pos[..k])
    }

    /// The positional rank from the slots of pieces `0..k`.
    #[inline]
    fn rank_positions(&self, pos: &[u8]) -> u64 {
        let mut used = 0u64;
        let mut rank = 0u64;
        for (&p, &f) in pos.iter().zip(&self.falling) {
            rank += (!used & ((1u64 << p) - 1)).count_ones() as u64 * f;
            used |= 1 << p;
        }
        if self.even {
            rank / 2
        } else {
            rank
        }
    }

    /// The inverse of the positional rank (before halving).
    fn unrank_positions(&self, mut v: u64, cls: &mut [u8]) {
        let k = self.falling.len();
        cls.fill(k as u8);
        let mut used = 0u64;
        for (j, &f) in self.falling.iter().enumerate() {
            let mut c = v / f;
            v %= f;
            let mut p = 0;
            loop {
                if used & (1 << p) == 0 {
                    if c == 0 {
                        break;
                    }
                    c -= 1;
                }
                p += 1;
            }
            used |= 1 << p;
            cls[p] = j as u8;
        }
    }

    /// Rank of a class sequence among the multiset permutations of `counts`.
    fn rank_multiset(&self, cls: &[u8]) -> u64 {
        let mut counts = self.counts.clone();
        let mut m = self.arrangements_full() as u128;
        let mut rank = 0u128;
        let n = cls.len();
        for (i, &c) in cls.iter().enumerate() {
            let rem = (n - i) as u128;
            for &cx in &counts[..c as usize] {
                rank += m * cx as u128 / rem;
            }
            m = m * counts[c as usize] as u128 / rem;
            counts[c as usize] -= 1;
        }
        if self.even {
            (rank / 2) as u64
        } else {
            rank as u64
        }
    }

    /// The number of multiset permutations (before halving).
    fn arrangements_full(&self) -> u64 {
        if self.even {
            self.arrangements * 2
        } else {
            self.arrangements
        }
    }

    fn unrank_arrangement_raw(&self, mut v: u128, cls: &mut [u8]) {
        let mut counts = self.counts.clone();
        let mut m = self.arrangements_full() as u128;
        let n = cls.len();
        for (i, slot) in cls.iter_mut().enumerate() {
            let rem = (n - i) as u128;
            for (x, c) in counts.iter_mut().enumerate() {
                if *c == 0 {
                    continue;
                }
                let cnt = m * *c as u128 / rem;
                if v < cnt {
                    *slot = x as u8;
                    m = cnt;
                    *c -= 1;
                    break;
                }
                v -= cnt;
            }
        }
    }

    fn unrank_arrangement(&self, v: u64, cls: &mut [u8]) {
        if !self.falling.is_empty() {
            if self.even {
                self.unrank_positions(2 * v, cls);
                if !is_even(cls) {
                    self.unrank_positions(2 * v + 1, cls);
                }
            } else {
                self.unrank_positions(v, cls);
            }
        } else if self.even {
            self.unrank_arrangement_raw(2 * v as u128, cls);
            if !is_even(cls) {
                self.unrank_arrangement_raw(2 * v as u128 + 1, cls);
            }
        } else {
            self.unrank_arrangement_raw(v as u128, cls);
        }
    }

    /// The value from a local view: classes and orientations per local slot.
    fn rank_local(&self, cls: &[u8], ori: &[u8]) -> u64 {
        let r = self.modulus as u64;
        match &self.part {
            Part::Arrangement => self.rank_arrangement(cls),
            Part::Twist => {
                let digits = if self.drop_last { self.n() - 1 } else { self.n() };
                ori[..digits].iter().rev().fold(0, |a, &o| a * r + o as u64)
            }
            Part::Pieces(tracked) => {
                let a = self.rank_arrangement(cls);
                if !self.twisting {
                    return a;
                }
                let k = tracked.len();
                let mut t = 0u64;
                for j in (0..k).rev() {
                    let i = cls
                        .iter()
                        .position(|&c| c as usize == j)
                        .expect("tracked piece present");
                    t = t * r + ori[i] as u64;
                }
                a * self.twists + t
            }
        }
    }

    /// A local view of the value (classes for untracked parts are left as they
    /// were; orientations not recorded are 0).
    fn unrank_local(&self, v: u64, cls: &mut [u8], ori: &mut [u8]) {
        let r = self.modulus as u64;
        match &self.part {
            Part::Arrangement => self.unrank_arrangement(v, cls),
            Part::Twist => {
                let mut x = v;
                let mut sum = 0u64;
                let digits = if self.drop_last { self.n() - 1 } else { self.n() };
                for o in ori[..digits].iter_mut() {
                    *o = (x % r) as u8;
                    sum += x % r;
                    x /= r;
                }
                if self.drop_last {
                    ori[digits] = ((r - sum % r) % r) as u8;
                }
            }
            Part::Pieces(tracked) => {
                self.unrank_arrangement(v / self.twists, cls);
                ori.fill(0);
                if self.twisting {
                    let mut t = v % self.twists;
                    for j in 0..tracked.len() {
                        let i = cls
                            .iter()
                            .position(|&c| c as usize == j)
                            .expect("tracked piece present");
                        ori[i] = (t % r) as u8;
                        t /= r;
                    }
                }
            }
        }
    }

    /// Moves a local view by a step.
    fn move_local(&self, s: usize, cls: &[u8], ori: &[u8], cls2: &mut [u8], ori2: &mut [u8]) {
        let st = &self.local_steps[s];
        let r = self.modulus as u8;
        for i in 0..self.n() {
            let j = st.perm[i] as usize;
            cls2[j] = cls[i];
            ori2[j] = (ori[i] + st.twist[j]) % r;
        }
    }

    /// The value after a step, without tables.
    fn apply_slow(&self, v: u64, s: usize) -> u64 {
        let n = self.n();
        let (mut cls, mut ori) = (self.home_class.clone(), vec![0u8; n]);
        let (mut cls2, mut ori2) = (vec![0u8; n], vec![0u8; n]);
        self.unrank_local(v, &mut cls, &mut ori);
        self.move_local(s, &cls, &ori, &mut cls2, &mut ori2);
        self.rank_local(&cls2, &ori2)
    }
}

fn is_even(cls: &[u8]) -> bool {
    let mut inv = 0usize;
    for i in 0..cls.len() {
        for j in i + 1..cls.len() {
            inv += (cls[i] > cls[j]) as usize;
        }
    }
    inv % 2 == 0
}

/// A [`Part::Pieces`] digit's move table, open so that a search can move
/// the arrangement once for all its twists ([`crate::god`]): a value is
/// `arrangement * twists + twist`, and `table[a * steps + s]` is the new
/// arrangement times `twists` plus the twist the step gives each tracked
/// piece, added to the old one digit by digit ([`PiecesMover::add`]).
#[derive(Clone, Copy)]
pub(crate) struct PiecesMover<'a> {
    pub(crate) table: &'a [u32],
    pub(crate) twists: u64,
    modulus: u64,
    adder: Option<&'a [u32]>,
}

impl PiecesMover<'_> {
    /// The twists `o` after receiving `t`: digit-wise addition modulo r.
    #[inline]
    pub(crate) fn add(&self, o: u64, t: u64) -> u64 {
        match self.adder {
            _ if self.twists == 1 => 0,
            _ if self.modulus == 2 => o ^ t,
            Some(a) => a[(o * self.twists + t) as usize] as u64,
            None => add_digits(o, t, self.modulus, self.twists),
        }
    }
}

/// How a digit is moved.
#[derive(Clone, Debug)]
enum Mover {
    /// `table[v * steps + s]`.
    Table(Vec<u32>),
    /// A Pieces coordinate: `pos[a * steps + s] = a' * twists + t`, then the
    /// twist part is `ori ⊕ t` digit by digit.
    Pieces(Vec<u32>),
    /// Unrank, move, rank.
    Slow,
}

/// A digit of the index: consecutive coordinates taken together.
#[derive(Clone, Debug)]
struct Digit {
    coords: std::ops::Range<usize>,
    radix: u64,
    stride: u64,
    mover: Mover,
}

/// Coordinates merged into one digit while their product stays below this.
const MERGE_LIMIT: u64 = 1 << 12;

/// The default bound on a move table: this many `u32` entries (256 MiB).
pub const DEFAULT_TABLE_LIMIT: u64 = 1 << 26;

/// A perfect index of the states of a puzzle (or of a projection of them) with
/// move tables for a fixed set of steps.
#[derive(Clone, Debug)]
pub struct Indexer {
    coords: Vec<Coord>,
    digits: Vec<Digit>,
    steps: Vec<(usize, i64)>,
    size: u64,
    reachable: Option<BigUint>,
    solved: u64,
    /// Twist addition tables (`add[a * twists + b]`) per Pieces digit with r > 2.
    adders: Vec<Option<Vec<u32>>>,
    /// The solved state (labels of the puzzle).
    base: State,
    /// The bytes of the move tables and twist addition tables, built or
    /// (by [`Indexer::plan`]) to be built.
    table_bytes: u64,
}

/// Refuses, before the puzzle's group is analysed, a whole-state index that
/// surely passes 2^64 states: the analysis of a big cube (a Schreier–Sims
/// chain on tens of thousands of points) takes minutes and gigabytes, and
/// the index would be refused after it anyway. The index has at least
/// `∏_O |O|! / ∏_label c! / 2` states over the orbits `O` of slots (its
/// arrangement coordinate of each orbit counts every arrangement of the
/// orbit's labels, halved at most once by a parity), which the orbits of the
/// moves' permutations give without a chain.
pub fn refuse_past_64_bits(p: &Puzzle) -> Result<(), Error> {
    let log2_factorial = |n: usize| (2..=n).map(|k| (k as f64).log2()).sum::<f64>();
    let mut bits = 0.0;
    for (si, set) in p.sets.iter().enumerate() {
        let perms: Vec<cubist_perm::Perm> = p.moves.iter().map(|m| m.element[si].perm().clone()).collect();
        for o in cubist_perm::orbits(set.size, &perms) {
            let mut counts = std::collections::HashMap::new();
            for &x in &o {
                *counts.entry(p.solved[si][x as usize]).or_insert(0usize) += 1;
            }
            let arrangements = log2_factorial(o.len()) - counts.values().map(|&c| log2_factorial(c)).sum::<f64>();
            bits += (arrangements - 1.0).max(0.0);
        }
    }
    // A margin for rounding: only a space surely past 2^64 is refused here.
    if bits > 65.0 {
        return Err(LimitError::new(
            format!("indexing the states of {}", p.name),
            format!("about 2^{bits:.0} states"),
            "2^64 states",
        )
        .into());
    }
    Ok(())
}

/// What the whole state records of orbit `orbit`: its arrangement and its
/// twist; or, when the orientation of some of its pieces is free
/// ([`Puzzle::free`], a pattern's ignored pieces), where the others are and
/// how they are twisted (one [`Part::Pieces`]), the free ones identified and
/// their twists read as 0. That quotient is well defined because a move adds
/// to each piece a twist that depends on the slots alone: forgetting a free
/// piece's twist never changes what a move does to the others. The others
/// must then be distinct pieces (the piece coordinate tracks single pieces);
/// an orbit whose every piece is free and alike records nothing.
pub fn whole_parts(p: &Puzzle, a: &analysis::Analysis, orbit: usize) -> Result<Vec<Part>, Error> {
    let info = &a.orbits[orbit];
    let set = p
        .sets
        .iter()
        .position(|s| s.name == info.set)
        .expect("analysis names the puzzle's sets");
    let slots: Vec<usize> = info.slots.iter().map(|&x| x - 1).collect();
    let free: Vec<bool> = slots.iter().map(|&x| p.is_free(set, x)).collect();
    if p.sets[set].modulus == 1 || !free.contains(&true) {
        return Ok(vec![Part::Arrangement, Part::Twist]);
    }
    let labels = &p.solved[set];
    let count = |l: u32| slots.iter().filter(|&&x| labels[x] == l).count();
    let kept: Vec<usize> = (0..slots.len()).filter(|&i| !free[i]).collect();
    let free_label = slots.iter().zip(&free).find(|(_, &f)| f).map(|(&x, _)| labels[x]);
    let one_free = slots
        .iter()
        .zip(&free)
        .all(|(&x, &f)| !f || Some(labels[x]) == free_label);
    if !one_free || kept.iter().any(|&i| count(labels[slots[i]]) > 1) {
        return Err(Error::Invalid(format!(
            "{}: orbit {orbit} ({}) mixes pieces whose orientation is free with identical pieces whose orientation counts; \
             beside free pieces only distinct pieces can be indexed",
            p.name, info.set
        )));
    }
    if kept.is_empty() {
        return Ok(Vec::new());
    }
    Ok(vec![Part::Pieces(kept)])
}

impl Indexer {
    /// The whole state: arrangement and twist of every orbit some move
    /// changes ([`whole_parts`]: the pieces of an orbit, for a pattern that
    /// frees some orientations).
    pub fn full(p: &Puzzle, metric: Metric) -> Result<Indexer, Error> {
        refuse_past_64_bits(p)?;
        let a = analysis::analyze(p);
        let mut specs = Vec::new();
        for oi in 0..a.orbits.len() {
            for part in whole_parts(p, &a, oi)? {
                specs.push(CoordSpec { orbit: oi, part });
            }
        }
        let mut ix = Indexer::with_analysis(p, &a, metric, &specs, DEFAULT_TABLE_LIMIT)?;
        // Schreier-Sims counts positions with every orientation seen.
        ix.reachable = if p.has_free() { None } else { a.positions.clone() };
        Ok(ix)
    }

    /// A projection: the listed coordinates only (trivial ones are dropped).
    pub fn projection(p: &Puzzle, metric: Metric, specs: &[CoordSpec]) -> Result<Indexer, Error> {
        let a = analysis::analyze(p);
        Indexer::with_analysis(p, &a, metric, specs, DEFAULT_TABLE_LIMIT)
    }

    /// The whole state as [`Indexer::full`] indexes it, but with orbit
    /// `first`'s coordinates as the most significant digit, merged with no
    /// other orbit's: God's algorithm reduced by symmetry classifies that
    /// digit's values ([`crate::god::run_symmetric`]).
    pub fn full_first(p: &Puzzle, metric: Metric, first: usize) -> Result<Indexer, Error> {
        refuse_past_64_bits(p)?;
        let a = analysis::analyze(p);
        let mut specs = Vec::new();
        let order = std::iter::once(first).chain((0..a.orbits.len()).filter(|&o| o != first));
        if p.has_free() {
            return Err(Error::Invalid(format!(
                "{}: a pattern that frees orientations is not searched by symmetry",
                p.name
            )));
        }
        for oi in order {
            for part in [Part::Arrangement, Part::Twist] {
                specs.push(CoordSpec { orbit: oi, part });
            }
        }
        let mut ix = Indexer::build(p, &a, metric, &specs, DEFAULT_TABLE_LIMIT, 2, true)?;
        ix.reachable = a.positions.clone();
        Ok(ix)
    }

    /// The coordinates of the most significant digit, each as its piece
    /// set and its slots.
    pub(crate) fn first_digit(&self) -> Vec<(usize, &[u32])> {
        let Some(d) = self.digits.first() else {
            return Vec::new();
        };
        self.coords[d.coords.clone()]
            .iter()
            .map(|c| (c.set, &c.slots[..]))
            .collect()
    }

    /// A projection with a given analysis and table bound (entries per table).
    pub fn with_analysis(
        p: &Puzzle,
        a: &analysis::Analysis,
        metric: Metric,
        specs: &[CoordSpec],
        table_limit: u64,
    ) -> Result<Indexer, Error> {
        Indexer::build(p, a, metric, specs, table_limit, 0, true)
    }

    /// [`Indexer::with_analysis`] without building its move tables: what
    /// they will take ([`Indexer::move_table_bytes`]) before anything is
    /// allocated for them. Its moves go the slow way (unrank, move, rank).
    pub fn plan(
        p: &Puzzle,
        a: &analysis::Analysis,
        metric: Metric,
        specs: &[CoordSpec],
        table_limit: u64,
    ) -> Result<Indexer, Error> {
        Indexer::build(p, a, metric, specs, table_limit, 0, false)
    }

    /// The bytes of the move tables (4 an entry) and of the twist addition
    /// tables of [`Part::Pieces`] digits: built, or to be built when the
    /// index comes from [`Indexer::plan`].
    pub fn move_table_bytes(&self) -> u64 {
        self.table_bytes
    }

    /// [`Indexer::with_analysis`]; the coordinates of the first `apart`
    /// specs (when nonzero) merge into no digit with later ones; the move
    /// tables are built when `tables`, else only counted.
    fn build(
        p: &Puzzle,
        a: &analysis::Analysis,
        metric: Metric,
        specs: &[CoordSpec],
        table_limit: u64,
        apart: usize,
        tables: bool,
    ) -> Result<Indexer, Error> {
        let steps = steps(p, metric)?;
        let elements: Vec<Element> = steps
            .iter()
            .map(|&(g, e)| cubist_twisty::power(&p.moves[g].element, e))
            .collect();
        let mut coords = Vec::new();
        // The number of coordinates from the first `apart` specs.
        let mut first = 0;
        for (k, spec) in specs.iter().enumerate() {
            if let Some(c) = build_coord(p, a, spec, &elements)? {
                coords.push(c);
                if k < apart {
                    first = coords.len();
                }
            }
        }
        // Group coordinates into digits: small neighbours merge.
        let mut digits: Vec<Digit> = Vec::new();
        let mut i = 0;
        while i < coords.len() {
            let mut j = i + 1;
            let mut radix = coords[i].radix;
            while j < coords.len() && radix * coords[j].radix <= MERGE_LIMIT && j != first {
                radix *= coords[j].radix;
                j += 1;
            }
            digits.push(Digit {
                coords: i..j,
                radix,
                stride: 0,
                mover: Mover::Slow,
            });
            i = j;
        }
        let mut size = 1u64;
        for d in digits.iter_mut().rev() {
            d.stride = size;
            size = size.checked_mul(d.radix).ok_or_else(|| {
                LimitError::new(
                    format!("indexing {}", p.name),
                    "an index space past 2^64 states",
                    "2^64 states",
                )
            })?;
        }
        let ns = steps.len() as u64;
        let mut adders = Vec::new();
        // What the tables take, counted from the sizes before any is built.
        let mut table_bytes = 0u64;
        for d in digits.iter_mut() {
            let single = d.coords.len() == 1;
            let c = &coords[d.coords.start];
            let mut adder = None;
            if single && matches!(c.part, Part::Pieces(_)) {
                // Saturating: a coordinate of 20 pieces has more
                // arrangements than fit a table's count times the steps.
                if c.arrangements.saturating_mul(ns) <= table_limit && c.radix <= u32::MAX as u64 {
                    table_bytes += 4 * c.arrangements * ns + 4 * twist_adder_entries(c);
                    if tables {
                        adder = twist_adder(c);
                        d.mover = Mover::Pieces(pieces::pieces_table(c));
                    }
                }
            } else if d.radix.saturating_mul(ns) <= table_limit {
                table_bytes += 4 * d.radix * ns;
                if tables {
                    d.mover = Mover::Table(digit_table(&coords[d.coords.clone()], d.radix, steps.len()));
                }
            }
            adders.push(adder);
        }
        let base = State::of(p, &p.identity());
        let mut ix = Indexer {
            coords,
            digits,
            steps,
            size,
            reachable: None,
            solved: 0,
            adders,
            base,
            table_bytes,
        };
        ix.solved = ix.rank(&p.identity());
        Ok(ix)
    }

    /// The number of indices (states of the index space, reachable or not).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The number of reachable states ([`cubist_twisty::analysis::Analysis::positions`])
    /// when this indexes the whole state and it is known.
    pub fn reachable(&self) -> Option<&BigUint> {
        self.reachable.as_ref()
    }

    /// The steps, `(generator, power)`, in the order [`Indexer::apply`] numbers them.
    pub fn steps(&self) -> &[(usize, i64)] {
        &self.steps
    }

    /// The index of the solved state.
    pub fn solved(&self) -> u64 {
        self.solved
    }

    /// The radices of the digits, most significant first.
    pub fn radices(&self) -> Vec<u64> {
        self.digits.iter().map(|d| d.radix).collect()
    }

    /// A short description of the digits: `"5040x729"` and which have tables.
    pub fn describe(&self) -> String {
        self.digits
            .iter()
            .map(|d| {
                let t = if matches!(d.mover, Mover::Slow) { "" } else { "*" };
                format!("{}{t}", d.radix)
            })
            .collect::<Vec<_>>()
            .join("x")
    }

    /// The index of the state an element makes from the solved state.
    pub fn rank(&self, e: &[Wreath]) -> u64 {
        self.rank_state(&self.base.then(e))
    }

    /// The index of a state (labels outside a projection's tracked pieces are
    /// ignored).
    pub fn rank_state(&self, s: &State) -> u64 {
        // One buffer for every coordinate's local view: ranking is the
        // inner loop of reading distances, where an allocation per
        // coordinate cost as much as the ranking itself.
        let mut cls = Vec::new();
        let mut ori = Vec::new();
        let mut idx = 0u64;
        for d in &self.digits {
            let mut v = 0u64;
            for c in &self.coords[d.coords.clone()] {
                cls.clear();
                ori.clear();
                cls.extend(c.slots.iter().map(|&x| c.class_of(s.labels[c.set][x as usize])));
                ori.extend(c.slots.iter().map(|&x| s.orient[c.set][x as usize] as u8));
                v = v * c.radix + c.rank_local(&cls, &ori);
            }
            idx += v * d.stride;
        }
        idx
    }

    /// A state with the given index (the inverse of [`Indexer::rank_state`] on
    /// the recorded coordinates). Slots outside every coordinate are solved;
    /// untracked pieces of a projection get the label `u32::MAX`.
    pub fn unrank_state(&self, idx: u64) -> State {
        let mut s = self.base.clone();
        self.unrank_state_into(idx, &mut s);
        s
    }

    /// [`Indexer::unrank_state`] into a state of this puzzle's shape (any
    /// earlier unranked state), without allocating one.
    pub fn unrank_state_into(&self, idx: u64, s: &mut State) {
        for (to, from) in s.labels.iter_mut().zip(&self.base.labels) {
            to.copy_from_slice(from);
        }
        for (to, from) in s.orient.iter_mut().zip(&self.base.orient) {
            to.copy_from_slice(from);
        }
        let (mut cls, mut ori) = (Vec::new(), Vec::new());
        for d in &self.digits {
            let mut v = (idx / d.stride) % d.radix;
            for c in self.coords[d.coords.clone()].iter().rev() {
                let x = v % c.radix;
                v /= c.radix;
                let n = c.n();
                cls.clear();
                cls.extend(c.slots.iter().map(|&x| c.class_of(s.labels[c.set][x as usize])));
                ori.clear();
                ori.resize(n, 0);
                c.unrank_local(x, &mut cls, &mut ori);
                for (i, &slot) in c.slots.iter().enumerate() {
                    match c.part {
                        Part::Twist => s.orient[c.set][slot as usize] = ori[i] as u32,
                        _ => {
                            s.labels[c.set][slot as usize] = c.label_of(cls[i]);
                            if matches!(c.part, Part::Pieces(_)) && c.twisting {
                                s.orient[c.set][slot as usize] = ori[i] as u32;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The digit values of an index, most significant first.
    pub fn digits_of(&self, idx: u64, out: &mut [u64]) {
        for (o, d) in out.iter_mut().zip(&self.digits) {
            *o = (idx / d.stride) % d.radix;
        }
    }

    /// The index after step `s` (an index into [`Indexer::steps`]).
    #[inline]
    pub fn apply(&self, idx: u64, s: usize) -> u64 {
        let mut out = 0;
        for (k, d) in self.digits.iter().enumerate() {
            let v = (idx / d.stride) % d.radix;
            out += self.apply_digit(k, v, s) * d.stride;
        }
        out
    }

    /// Digit `k`'s value after step `s`.
    #[inline]
    pub fn apply_digit(&self, k: usize, v: u64, s: usize) -> u64 {
        let d = &self.digits[k];
        let ns = self.steps.len();
        match &d.mover {
            Mover::Table(t) => t[v as usize * ns + s] as u64,
            Mover::Pieces(_) => {
                let m = self.pieces_mover(k).expect("a Pieces digit");
                let tw = m.twists;
                let e = m.table[(v / tw) as usize * ns + s] as u64;
                (e / tw) * tw + m.add(v % tw, e % tw)
            }
            Mover::Slow => {
                let cs = &self.coords[d.coords.clone()];
                let mut out = 0;
                let mut mult = 1;
                let mut x = v;
                for c in cs.iter().rev() {
                    out += c.apply_slow(x % c.radix, s) * mult;
                    mult *= c.radix;
                    x /= c.radix;
                }
                out
            }
        }
    }

    /// Digit `k`'s pieces table, when it is a [`Part::Pieces`] digit with one.
    pub(crate) fn pieces_mover(&self, k: usize) -> Option<PiecesMover<'_>> {
        let d = &self.digits[k];
        let Mover::Pieces(table) = &d.mover else {
            return None;
        };
        let c = &self.coords[d.coords.start];
        Some(PiecesMover {
            table,
            twists: c.twists,
            modulus: c.modulus as u64,
            adder: self.adders[k].as_deref(),
        })
    }

    /// The digit strides (index = Σ digit · stride).
    pub fn strides(&self) -> Vec<u64> {
        self.digits.iter().map(|d| d.stride).collect()
    }

    /// True when every digit has a move table (then [`Indexer::apply`] is a few
    /// lookups).
    pub fn all_tabled(&self) -> bool {
        self.digits.iter().all(|d| !matches!(d.mover, Mover::Slow))
    }

    /// The `u32` move table of digit `k` (`table[v * steps + s]`), if it has a
    /// plain one.
    pub fn table(&self, k: usize) -> Option<&[u32]> {
        match &self.digits[k].mover {
            Mover::Table(t) => Some(t),
            _ => None,
        }
    }
}

/// The most table entries [`Indexer::conjugator`] builds: a coordinate's
/// values times the symmetries, twice for a twist.
pub(crate) const MAX_CONJUGATION_ENTRIES: u64 = 1 << 26;

/// A table of values, two bytes an entry when they all fit (the 2x2x2's
/// conjugation tables: 48 symmetries times 40,320 arrangements, twice).
enum Lookup {
    Short(Vec<u16>),
    Long(Vec<u32>),
}

impl Lookup {
    fn new(values: Vec<u32>) -> Lookup {
        if values.iter().all(|&v| v <= u16::MAX as u32) {
            Lookup::Short(values.into_iter().map(|v| v as u16).collect())
        } else {
            Lookup::Long(values)
        }
    }

    #[inline]
    fn get(&self, i: usize) -> u64 {
        match self {
            Lookup::Short(t) => t[i] as u64,
            Lookup::Long(t) => t[i] as u64,
        }
    }

    fn bytes(&self) -> u64 {
        match self {
            Lookup::Short(t) => 2 * t.len() as u64,
            Lookup::Long(t) => 4 * t.len() as u64,
        }
    }

    fn is_empty(&self) -> bool {
        self.bytes() == 0
    }
}

/// How one coordinate's value is conjugated by one symmetry.
struct CoordConj {
    /// The coordinate the value becomes (the symmetry may map an orbit
    /// onto another).
    to: usize,
    /// The new value per value (a twist: before the offset).
    table: Lookup,
    /// A twist: the coordinate of its orbit's arrangement, whose value
    /// indexes `offset` (`None`: one offset for every state).
    arrangement: Option<usize>,
    /// A twist: what each piece's home adds, per arrangement (empty for an
    /// arrangement).
    offset: Lookup,
    modulus: u64,
    twists: u64,
    /// A twist: the digit-wise sum ([`SplitAdder`]).
    adder: Option<SplitAdder>,
}

/// Digit-wise addition modulo r of two twist values below `r^k`, by two
/// tables: the low `⌈k/2⌉` digits and the high ones (each table squared
/// stays small where one table of `r^k` squared would not: the 2x2x2's
/// corner twists are 2187 values, 4.8 million sums, but 81² + 27²).
struct SplitAdder {
    low: u64,
    high: u64,
    low_sums: Vec<u32>,
    high_sums: Vec<u32>,
}

impl SplitAdder {
    /// For `r^k` values; `None` when a half's table would pass 2^22 entries.
    fn new(r: u64, twists: u64) -> Option<SplitAdder> {
        let mut k = 0;
        while r.pow(k) < twists {
            k += 1;
        }
        let low = r.pow(k.div_ceil(2));
        let high = twists / low;
        (low * low <= 1 << 22).then(|| SplitAdder {
            low,
            high,
            low_sums: adder_table(low as usize, r as usize),
            high_sums: adder_table(high as usize, r as usize),
        })
    }

    #[inline]
    fn add(&self, a: u64, b: u64) -> u64 {
        let lo = self.low_sums[((a % self.low) * self.low + b % self.low) as usize] as u64;
        let hi = self.high_sums[((a / self.low) * self.high + b / self.low) as usize] as u64;
        lo + hi * self.low
    }
}

/// Conjugation of whole indices by symmetries, coordinate by coordinate:
/// an arrangement's image is a table lookup; a twist's is a lookup (each
/// twist turned and moved) plus, digit by digit, an offset looked up from
/// its orbit's arrangement (what the symmetry does to each piece's frame).
/// Built by [`Indexer::conjugator`].
pub(crate) struct Conjugator {
    /// Per coordinate (at most 64), its place value in the index and its radix.
    place: Vec<u64>,
    radix: Vec<u64>,
    /// Per symmetry, per coordinate.
    maps: Vec<Vec<CoordConj>>,
}

impl Conjugator {
    /// The index of the conjugate by symmetry `s` of the state at `idx`;
    /// `vals` holds a value per coordinate.
    #[inline]
    pub(crate) fn conjugate(&self, idx: u64, s: usize, vals: &mut [u64]) -> u64 {
        for ((v, &p), &r) in vals.iter_mut().zip(&self.place).zip(&self.radix) {
            *v = (idx / p) % r;
        }
        let mut out = 0;
        for (m, &v) in self.maps[s].iter().zip(vals.iter()) {
            let mut w = m.table.get(v as usize);
            if !m.offset.is_empty() {
                let off = m.offset.get(m.arrangement.map_or(0, |a| vals[a] as usize));
                w = match (m.modulus, &m.adder) {
                    (2, _) => w ^ off,
                    (_, Some(a)) => a.add(w, off),
                    (r, None) => add_digits(w, off, r, m.twists),
                };
            }
            out += w * self.place[m.to];
        }
        out
    }

    /// The bytes of its tables.
    pub(crate) fn bytes(&self) -> u64 {
        self.maps
            .iter()
            .flatten()
            .map(|m| {
                let adder = m.adder.as_ref().map_or(0, |a| a.low_sums.len() + a.high_sums.len());
                m.table.bytes() + m.offset.bytes() + 4 * adder as u64
            })
            .sum()
    }
}

impl Indexer {
    /// Tables conjugating indices by each symmetry ([`Conjugator`]);
    /// `None` when a coordinate is a projection's, a symmetry maps a
    /// coordinate's slots onto no coordinate's, or the tables would pass
    /// [`MAX_CONJUGATION_ENTRIES`] (then states are conjugated piece by
    /// piece).
    pub(crate) fn conjugator(&self, syms: &[crate::symmetry::Symmetry]) -> Option<Conjugator> {
        let total: u64 = self.coords.iter().map(|c| c.radix * 2).sum::<u64>() * syms.len() as u64;
        let pieces = self.coords.iter().any(|c| matches!(c.part, Part::Pieces(_)));
        if total > MAX_CONJUGATION_ENTRIES || pieces || self.coords.len() > 64 {
            return None;
        }
        let mut place = vec![0u64; self.coords.len()];
        for d in &self.digits {
            let mut p = d.stride;
            for k in d.coords.clone().rev() {
                place[k] = p;
                p *= self.coords[k].radix;
            }
        }
        let radix = self.coords.iter().map(|c| c.radix).collect();
        let maps = syms
            .par_iter()
            .map(|sym| (0..self.coords.len()).map(|k| self.coord_conj(sym, k)).collect())
            .collect::<Option<Vec<Vec<CoordConj>>>>()?;
        Some(Conjugator { place, radix, maps })
    }

    /// Coordinate `k`'s conjugation by `sym`.
    fn coord_conj(&self, sym: &crate::symmetry::Symmetry, k: usize) -> Option<CoordConj> {
        let c = &self.coords[k];
        let set = c.set;
        let twist = matches!(c.part, Part::Twist);
        let image: Vec<u32> = c.slots.iter().map(|&x| sym.slots[set][x as usize]).collect();
        let to = self.coords.iter().position(|d| {
            d.set == sym.sets[set]
                && matches!(d.part, Part::Twist) == twist
                && d.slots.len() == image.len()
                && image.iter().all(|x| d.slots.contains(x))
        })?;
        let t = &self.coords[to];
        let pos: Vec<usize> = image
            .iter()
            .map(|x| t.slots.iter().position(|y| y == x).expect("the image's slots"))
            .collect();
        let n = c.n();
        let r = c.modulus;
        let (mut cls, mut ori) = (c.home_class.clone(), vec![0u8; n]);
        let (mut cls2, mut ori2) = (t.home_class.clone(), vec![0u8; n]);
        let mut table = Vec::with_capacity(c.radix as usize);
        for v in 0..c.radix {
            c.unrank_local(v, &mut cls, &mut ori);
            for i in 0..n {
                if twist {
                    let o = if sym.mirror {
                        (r - ori[i] as u32 % r) % r
                    } else {
                        ori[i] as u32 % r
                    };
                    ori2[pos[i]] = ((o + sym.twist[set][c.slots[i] as usize]) % r) as u8;
                } else {
                    let label = sym.labels[set][c.label_of(cls[i]) as usize];
                    cls2[pos[i]] = t.class_of(label);
                }
            }
            table.push(t.rank_local(&cls2, &ori2) as u32);
        }
        if !twist {
            return Some(CoordConj {
                to,
                table: Lookup::new(table),
                arrangement: None,
                offset: Lookup::Short(Vec::new()),
                modulus: r as u64,
                twists: t.twists,
                adder: None,
            });
        }
        // The offset: the piece from slot i, whose home label is L, loses
        // τ of L's home at its new slot.
        let arrangement = self
            .coords
            .iter()
            .position(|d| d.set == set && matches!(d.part, Part::Arrangement) && d.slots == c.slots);
        let mut offset_of = |labels: &[u32]| {
            for i in 0..n {
                ori2[pos[i]] = ((r - sym.label_twist[set][labels[i] as usize] % r) % r) as u8;
            }
            t.rank_local(&cls2, &ori2) as u32
        };
        let offset = match arrangement {
            Some(a) => {
                let ca = &self.coords[a];
                let (mut acls, mut aori) = (ca.home_class.clone(), vec![0u8; n]);
                let mut labels = vec![0u32; n];
                (0..ca.radix)
                    .map(|v| {
                        ca.unrank_local(v, &mut acls, &mut aori);
                        for (l, &x) in labels.iter_mut().zip(&acls) {
                            *l = ca.label_of(x);
                        }
                        offset_of(&labels)
                    })
                    .collect()
            }
            None => {
                let labels: Vec<u32> = c.slots.iter().map(|&x| self.base.labels[set][x as usize]).collect();
                vec![offset_of(&labels)]
            }
        };
        Some(CoordConj {
            to,
            table: Lookup::new(table),
            arrangement,
            offset: Lookup::new(offset),
            modulus: r as u64,
            twists: t.twists,
            adder: if r > 2 {
                SplitAdder::new(r as u64, t.twists)
            } else {
                None
            },
        })
    }
}

impl Coord {
    fn class_of(&self, label: u32) -> u8 {
        self.label_class.get(label as usize).copied().unwrap_or(self.other)
    }

    fn label_of(&self, class: u8) -> u32 {
        self.class_label.get(class as usize).copied().unwrap_or(u32::MAX)
    }
}

fn factorial(n: u64) -> Option<u64> {
    (1..=n).try_fold(1u64, |a, k| a.checked_mul(k))
}

/// Builds one coordinate; `None` when it has a single value (nothing moves).
///
/// In three steps: the orbit's slots and how each move permutes and twists
/// them ([`orbit_steps`]); the classes of labels the part tells apart and
/// the coordinate's size ([`arrangement_classes`], [`twist_classes`],
/// [`piece_classes`]); then the lookups ranking needs.
fn build_coord(
    p: &Puzzle,
    a: &analysis::Analysis,
    spec: &CoordSpec,
    elements: &[Element],
) -> Result<Option<Coord>, Error> {
    let orbit = orbit_steps(p, a, spec, elements)?;
    let Orbit {
        set,
        n,
        slots,
        local_steps,
        labels,
    } = orbit;
    let modulus = p.sets[set].modulus;
    let twisting = modulus > 1 && local_steps.iter().any(|s| s.twist.iter().any(|&t| t != 0));
    let moved = local_steps
        .iter()
        .any(|s| s.perm.iter().enumerate().any(|(i, &j)| i != j as usize));
    let too_big = || {
        LimitError::new(
            format!("indexing orbit {} of {}", spec.orbit, p.name),
            "more than 2^64 states",
            "2^64 states",
        )
    };
    let max_label = p.solved[set].iter().copied().max().unwrap_or(0) as usize;
    let mut classes = Classes {
        label_class: vec![u8::MAX; max_label + 1],
        class_label: Vec::new(),
        counts: Vec::new(),
        even: false,
        drop_last: false,
        other: u8::MAX,
    };
    let size = match &spec.part {
        Part::Arrangement => arrangement_classes(&mut classes, &too_big, &labels, &local_steps, moved),
        Part::Twist => twist_classes(&mut classes, &too_big, a, spec, n, modulus, twisting),
        Part::Pieces(tracked) => piece_classes(
            &mut classes,
            &too_big,
            p,
            spec,
            &labels,
            tracked,
            twisting.then_some(modulus),
        ),
    }?;
    let Some((arrangements, twists)) = size else {
        return Ok(None);
    };
    let Classes {
        mut label_class,
        class_label,
        counts,
        even,
        drop_last,
        other,
        ..
    } = classes;
    for c in label_class.iter_mut() {
        if *c == u8::MAX {
            *c = other;
        }
    }
    let radix = arrangements.checked_mul(twists).ok_or_else(too_big)?;
    let home_class: Vec<u8> = labels.iter().map(|&l| label_class[l as usize]).collect();
    let singles = counts.iter().take_while(|&&c| c == 1).count();
    let positional = n <= 64 && (singles == counts.len() || singles + 1 == counts.len() && other as usize == singles);
    let falling = if positional {
        (0..singles)
            .map(|j| (n - singles + 1..n - j).fold(1u64, |a, x| a * x as u64))
            .collect()
    } else {
        Vec::new()
    };
    Ok(Some(Coord {
        set,
        slots,
        part: spec.part.clone(),
        modulus,
        home_class,
        counts,
        even,
        drop_last,
        arrangements,
        twists,
        twisting,
        radix,
        local_steps,
        label_class,
        class_label,
        other,
        falling,
    }))
}

/// An orbit of a piece set, seen locally: its slots numbered 0..n, and
/// each move as a permutation and twist of those.
struct Orbit {
    /// The piece set the orbit is in.
    set: usize,
    /// Its number of slots.
    n: usize,
    /// The set's slot of each local slot.
    slots: Vec<u32>,
    /// Each move, on the local slots.
    local_steps: Vec<LocalStep>,
    /// The solved state's label in each local slot.
    labels: Vec<u32>,
}

/// The orbit `spec` names and its moves on local slots; refuses an orbit
/// the puzzle lacks or one of more than 255 slots (local slots are bytes).
fn orbit_steps(p: &Puzzle, a: &analysis::Analysis, spec: &CoordSpec, elements: &[Element]) -> Result<Orbit, Error> {
    let Some(info) = a.orbits.get(spec.orbit) else {
        return Err(Error::Invalid(format!(
            "{}: no orbit {} (it has {})",
            p.name,
            spec.orbit,
            a.orbits.len()
        )));
    };
    let set = p
        .sets
        .iter()
        .position(|s| s.name == info.set)
        .expect("analysis names the puzzle's sets");
    let n = info.size;
    if n > 255 {
        return Err(LimitError::new(
            format!("indexing orbit {} of {}", spec.orbit, p.name),
            format!("{n} slots"),
            "255 slots",
        )
        .into());
    }
    let slots: Vec<u32> = info.slots.iter().map(|&x| x as u32 - 1).collect();
    let mut local = vec![u8::MAX; p.sets[set].size];
    for (i, &x) in slots.iter().enumerate() {
        local[x as usize] = i as u8;
    }
    let local_steps: Vec<LocalStep> = elements
        .iter()
        .map(|e| {
            let w = &e[set];
            LocalStep {
                perm: slots.iter().map(|&x| local[w.perm().image(x) as usize]).collect(),
                twist: slots.iter().map(|&x| w.orient()[x as usize] as u8).collect(),
            }
        })
        .collect();
    let labels: Vec<u32> = slots.iter().map(|&x| p.solved[set][x as usize]).collect();
    Ok(Orbit {
        set,
        n,
        slots,
        local_steps,
        labels,
    })
}

/// What a part tells apart: the class of each label (`u8::MAX` until
/// given, then `other`), the label of each class, and how many slots hold
/// each class.
struct Classes {
    label_class: Vec<u8>,
    class_label: Vec<u32>,
    counts: Vec<u32>,
    /// Only even permutations occur (every label distinct, every move even):
    /// half the arrangements.
    even: bool,
    /// The twists sum to 0 modulo the modulus: the last is implied.
    drop_last: bool,
    /// The class of the labels not tracked.
    other: u8,
}

/// A part's size: `None` when it has one value (the coordinate is
/// dropped), else its arrangements and twists; an error above 2^64.
type Size = Result<Option<(u64, u64)>, Error>;

/// The error of a coordinate above 2^64 values.
type TooBig<'a> = &'a dyn Fn() -> LimitError;

/// [`Part::Arrangement`]: where each kind of label is; identical labels
/// form one class, so the count is a multinomial (halved when only even
/// permutations occur).
fn arrangement_classes(
    c: &mut Classes,
    too_big: TooBig,
    labels: &[u32],
    local_steps: &[LocalStep],
    moved: bool,
) -> Size {
    for &l in labels {
        if c.label_class[l as usize] == u8::MAX {
            c.label_class[l as usize] = c.counts.len() as u8;
            c.class_label.push(l);
            c.counts.push(0);
        }
        c.counts[c.label_class[l as usize] as usize] += 1;
    }
    if !moved || c.counts.len() == 1 {
        return Ok(None);
    }
    let n = labels.len() as u64;
    let Some(mut m) = factorial(n).map(|f| f as u128) else {
        return Err(too_big().into());
    };
    for &k in &c.counts {
        let Some(f) = factorial(k as u64) else {
            return Err(too_big().into());
        };
        m /= f as u128;
    }
    let distinct = c.counts.len() == labels.len();
    c.even = distinct && local_steps.iter().all(|s| is_even(&s.perm));
    let Ok(arrangements) = u64::try_from(if c.even { m / 2 } else { m }) else {
        return Err(too_big().into());
    };
    Ok(Some((arrangements, 1)))
}

/// [`Part::Twist`]: the twist of every slot, the last one implied when the
/// orbit's twists always sum to 0.
fn twist_classes(
    c: &mut Classes,
    too_big: TooBig,
    a: &analysis::Analysis,
    spec: &CoordSpec,
    n: usize,
    modulus: u32,
    twisting: bool,
) -> Size {
    if !twisting {
        return Ok(None);
    }
    c.drop_last = a.orbits[spec.orbit].twist_sum_modulus == Some(modulus);
    let digits = if c.drop_last { n - 1 } else { n };
    let Some(twists) = (modulus as u64).checked_pow(digits as u32) else {
        return Err(too_big().into());
    };
    Ok((twists != 1).then_some((1, twists)))
}

/// [`Part::Pieces`]: where each tracked piece is (and its twist, with
/// `twist_modulus` when the orbit twists), every other piece alike; the
/// tracked pieces must be distinct labels.
fn piece_classes(
    c: &mut Classes,
    too_big: TooBig,
    p: &Puzzle,
    spec: &CoordSpec,
    labels: &[u32],
    tracked: &[usize],
    twist_modulus: Option<u32>,
) -> Size {
    let (n, k) = (labels.len(), tracked.len());
    if k == 0 {
        return Ok(None);
    }
    for (j, &t) in tracked.iter().enumerate() {
        if t >= n {
            return Err(Error::Invalid(format!(
                "{}: orbit {} has no slot {t} (it has {n})",
                p.name, spec.orbit
            )));
        }
        let l = labels[t];
        if labels.iter().filter(|&&x| x == l).count() > 1 || tracked[..j].contains(&t) {
            return Err(Error::Invalid(format!(
                "{}: a piece projection needs distinct pieces (slot {t} of orbit {} repeats)",
                p.name, spec.orbit
            )));
        }
        c.label_class[l as usize] = j as u8;
        c.class_label.push(l);
        c.counts.push(1);
    }
    c.other = k as u8;
    if k < n {
        c.counts.push((n - k) as u32);
    }
    let Some(arrangements) = (n - k + 1..=n).try_fold(1u64, |a, x| a.checked_mul(x as u64)) else {
        return Err(too_big().into());
    };
    let twists = match twist_modulus {
        Some(modulus) => (modulus as u64).checked_pow(k as u32).ok_or_else(too_big)?,
        None => 1,
    };
    Ok(Some((arrangements, twists)))
}

/// One coordinate's move table, `t[v * steps + s]`.
fn coord_table(c: &Coord, ns: usize) -> Vec<u32> {
    let n = c.n();
    let mut t = vec![0u32; c.radix as usize * ns];
    t.par_chunks_mut(ns * 1024).enumerate().for_each(|(chunk, out)| {
        let (mut cls, mut ori) = (c.home_class.clone(), vec![0u8; n]);
        let (mut cls2, mut ori2) = (vec![0u8; n], vec![0u8; n]);
        for (i, row) in out.chunks_mut(ns).enumerate() {
            let v = (chunk * 1024 + i) as u64;
            c.unrank_local(v, &mut cls, &mut ori);
            for (s, x) in row.iter_mut().enumerate() {
                c.move_local(s, &cls, &ori, &mut cls2, &mut ori2);
                *x = c.rank_local(&cls2, &ori2) as u32;
            }
        }
    });
    t
}

/// A digit's move table from its coordinates' tables.
fn digit_table(cs: &[Coord], radix: u64, ns: usize) -> Vec<u32> {
    let tables: Vec<Vec<u32>> = cs.iter().map(|c| coord_table(c, ns)).collect();
    if tables.len() == 1 {
        return tables.into_iter().next().expect("one table");
    }
    let mut t = vec![0u32; radix as usize * ns];
    for (v, row) in t.chunks_mut(ns).enumerate() {
        let mut x = v as u64;
        let mut mult = 1u64;
        for (c, ct) in cs.iter().zip(&tables).rev() {
            let cv = (x % c.radix) as usize;
            x /= c.radix;
            for (s, out) in row.iter_mut().enumerate() {
                *out += (ct[cv * ns + s] as u64 * mult) as u32;
            }
            mult *= c.radix;
        }
    }
    t
}

/// Digit-wise addition modulo r of two base-r numbers below `tw`.
fn add_digits(mut a: u64, mut b: u64, r: u64, tw: u64) -> u64 {
    let (mut out, mut mult) = (0, 1);
    while mult < tw {
        out += ((a % r + b % r) % r) * mult;
        a /= r;
        b /= r;
        mult *= r;
    }
    out
}

/// The table of [`add_digits`] when it is small (`r^k` squared at most 2^20).
///
/// Built without a division per entry (a million entries each dividing
/// `k` times cost more than the whole search of an easy state): the sum of
/// `a` and `b` is the sum of `a / r` and `b / r`, already in the table,
/// shifted one digit, plus the sum of the last digits.
fn twist_adder(c: &Coord) -> Option<Vec<u32>> {
    let tw = c.twists as usize;
    (twist_adder_entries(c) > 0).then(|| adder_table(tw, c.modulus as usize))
}

/// The entries of [`twist_adder`]'s table: `r^k` squared for a twisting
/// orbit with r > 2 (r = 2 adds by XOR) when at most 2^20, else none.
fn twist_adder_entries(c: &Coord) -> u64 {
    let tw = c.twists;
    let square = tw.checked_mul(tw).filter(|&x| x <= 1 << 20);
    match square {
        Some(x) if c.twisting && c.modulus > 2 => x,
        _ => 0,
    }
}

/// `t[a * tw + b]` = [`add_digits`]`(a, b, r, tw)` for all `a, b < tw`.
fn adder_table(tw: usize, r: usize) -> Vec<u32> {
    let (quot, rem): (Vec<usize>, Vec<u32>) = (0..tw).map(|x| (x / r, (x % r) as u32)).unzip();
    let mut t = vec![0u32; tw * tw];
    for (a, (&qa, &ra)) in quot.iter().zip(&rem).enumerate() {
        for (b, (&qb, &rb)) in quot.iter().zip(&rem).enumerate() {
            // (a / r, b / r) comes earlier, or is (0, 0) whose entry is 0.
            t[a * tw + b] = t[qa * tw + qb] * r as u32 + (ra + rb) % r as u32;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table built digit by digit from earlier entries agrees with the
    /// sum computed digit by digit.
    #[test]
    fn adder_table_adds_digit_by_digit() {
        for (r, k) in [(3usize, 6u32), (2, 5), (4, 3), (5, 2)] {
            let tw = r.pow(k);
            let t = adder_table(tw, r);
            for a in 0..tw {
                for b in 0..tw {
                    let want = add_digits(a as u64, b as u64, r as u64, tw as u64);
                    assert_eq!(t[a * tw + b] as u64, want, "r {r} a {a} b {b}");
                }
            }
        }
    }
}
