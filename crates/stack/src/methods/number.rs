//! The number method: the tower-of-cubes paper's number-theory approach
//! (section III and Theorem 1), with a meet-in-the-middle path search.
//!
//! **Colour numbers.** With n colours, colour i gets the number `bⁱ`,
//! b = 2n − 1. *Claim:* for n ≥ 2, a sum of 2n colour numbers (repetitions
//! allowed) equals `2·(b⁰ + … + bⁿ⁻¹)` iff every colour occurs in it exactly
//! twice. *Proof.* Let colour i occur cᵢ times, Σcᵢ = 2n, so the sum is
//! Σcᵢbⁱ. If every cᵢ ≤ b − 1 = 2n − 2, the cᵢ are the base-b digits of the
//! sum, and base-b digits are unique, so the sum is the target (all digits
//! 2; b ≥ 3 so 2 is a digit) iff every cᵢ = 2. Otherwise some cᵢ ≥ 2n − 1,
//! leaving at most one other occurrence: the sum is `bⁱ⁺¹ + bⁱ` (cᵢ = 2n)
//! or `bⁱ⁺¹ + bʲ` (cᵢ = 2n − 1, j ≠ i), whose base-b digits are 1s, or a
//! single 2 when j = i + 1; the target has n ≥ 2 digits equal to 2, so it
//! differs. For n = 1 (b = 1) there is one colour, which any two faces show
//! twice, and the sum is always 2 = the target. ∎
//!
//! **Description matrix.** `V[i][j]` is the sum of the numbers of cube i's
//! j-th opposite pair, in the order F-B, L-R, T-D. A *path* takes one entry
//! from every row; two paths are *independent* when they differ in every
//! row. A solution's front/back faces form a path of value `2·Σbⁱ`, and so
//! do its left/right faces, and the two are independent; conversely, by
//! Theorem 1 every such ordered pair of paths (P₁ for F-B, P₂ for L-R) can be
//! oriented into solutions.
//!
//! **Search, beyond the seed.** The seed walks the 3ⁿ paths. Here the rows
//! are split in halves; every ordered column pair (j₁ ≠ j₂, 6 per row) of
//! the first half is tabled under its pair of partial values (s₁, s₂), and
//! every one of the second half looks up `(target − s₁', target − s₂')`;
//! partial values above the target are cut (all numbers are positive). That
//! is about 2·6^(n/2) states instead of 6ⁿ ordered pairs.
//!
//! **Theorem 1** (constructive): take the first unused pair (a, b); find the
//! other b among the unused pairs, turn that pair so b is on its left, and
//! continue from its right element until the chain returns to a, then start
//! again. Each chain is a *cycle* of the colour multigraph; a pair (a, a) is
//! a loop. Every valid orientation is the constructive one with some cycles
//! reversed, so a path has 2 colour orientations per cycle of length ≥ 2 and
//! 1 per loop, while as *rotations* a loop also has 2 (the cube may be turned
//! over it). Any choice of pair and direction for F-B and for L-R is exactly
//! one of the 24 rotations, so `orientations = Σ 2^(cycles(P₁)+cycles(P₂))`
//! over the ordered path pairs, loops included. Patterns are listed by
//! expanding the colour orientations of every path pair (two path pairs give
//! the same pattern when a cube has two equal opposite pairs, hence a set).
//!
//! **Exact for any n.** While `2n·bⁿ⁻¹` (a bound on every path value) fits a
//! `u128` (n ≤ 23), numbers are `u128`. Beyond, a number is kept as its vector
//! of base-b digits *without carrying* (digit i = how many times colour i is
//! counted); addition is digit-wise, and by the claim, comparing a path's
//! digit vector with the target's (all 2) is the same test. In that mode the
//! cut is digit-wise (no colour counted 3 times), which is stronger.
//!
//! Statistics: `nodes` = half-path states visited in both halves (each
//! ordered column pair tried in a row is one node); `extra.matrix_entries`
//! = 3n; `extra.left_states`/`right_states` the complete half states;
//! `extra.path_pairs` the ordered pairs of independent paths of the right
//! value; `extra.paired_paths` the distinct paths among them; up to 12 cubes,
//! `paths` and `nodes_per_level` count the paper's own walk of the matrix
//! (every path, one entry per row; with the cut switch a partial value above
//! the target ends a path: 3ⁿ paths without it), and `extra.target_paths` its
//! paths of the target value; `extra.wide_numbers`
//! 1 when the digit-vector representation was used. In `Mode::First` the
//! second half stops at the first match, and the figures describe that walk.

use crate::contract::{Found, Mode, SolveOptions, Stats};
use crate::counts::base_belts;
use crate::explain::{Explanation, NumberExplanation};
use crate::tower::is_canonical;
use crate::{canonical, mcdonnell_count, symmetries, Counts, Instance, Sides, Tower};
use cubist_cube::Colour;
use std::collections::HashMap;
use std::fmt::Write;
use std::hash::Hash;
use std::rc::Rc;

/// An exact colour-number arithmetic.
trait Num: Clone + Eq + Hash {
    fn add(&self, o: &Self) -> Self;
    /// `self − o`, or `None` when it would be negative (digit-wise for digits).
    fn sub(&self, o: &Self) -> Option<Self>;
    /// The number as the explanation prints it.
    fn show(&self, base: u64) -> String;
}

impl Num for u128 {
    fn add(&self, o: &Self) -> Self {
        self + o
    }
    fn sub(&self, o: &Self) -> Option<Self> {
        self.checked_sub(*o)
    }
    fn show(&self, _base: u64) -> String {
        self.to_string()
    }
}

/// A number as its base-b digits without carrying (index i: digit of bⁱ).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Digits(Vec<u32>);

impl Num for Digits {
    fn add(&self, o: &Self) -> Self {
        Digits(self.0.iter().zip(&o.0).map(|(a, b)| a + b).collect())
    }
    fn sub(&self, o: &Self) -> Option<Self> {
        self.0
            .iter()
            .zip(&o.0)
            .map(|(a, b)| a.checked_sub(*b))
            .collect::<Option<Vec<u32>>>()
            .map(Digits)
    }
    fn show(&self, base: u64) -> String {
        let terms: Vec<String> = (self.0.iter().enumerate())
            .filter(|(_, &d)| d > 0)
            .map(|(i, &d)| {
                if d == 1 {
                    format!("{base}^{i}")
                } else {
                    format!("{d}*{base}^{i}")
                }
            })
            .collect();
        if terms.is_empty() {
            "0".into()
        } else {
            terms.join(" + ")
        }
    }
}

/// A multiply-rotate hasher for the path table: its keys are sums of
/// colour numbers, not attacker-chosen, so SipHash's protection buys nothing
/// and costs most of the table's time.
#[derive(Clone, Copy, Default)]
struct Mix;

struct MixHasher(u64);

impl std::hash::BuildHasher for Mix {
    type Hasher = MixHasher;
    fn build_hasher(&self) -> MixHasher {
        MixHasher(0)
    }
}

impl std::hash::Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// The colour numbers and the value both paths must reach.
struct Scheme<T> {
    base: u64,
    colour: Vec<T>,
    target: T,
}

/// The `u128` scheme, if every path value fits.
fn u128_scheme(n: usize) -> Option<Scheme<u128>> {
    let b = 2 * n as u128 - 1;
    let mut colour = Vec::with_capacity(n);
    let mut p = 1u128;
    for i in 0..n {
        if i > 0 {
            p = p.checked_mul(b)?;
        }
        colour.push(p);
    }
    // Every path value is at most 2n times the largest number.
    (2 * n as u128).checked_mul(p)?;
    let sum = colour.iter().try_fold(0u128, |s, x| s.checked_add(*x))?;
    Some(Scheme {
        base: b as u64,
        target: sum.checked_mul(2)?,
        colour,
    })
}

fn digits_scheme(n: usize) -> Scheme<Digits> {
    Scheme {
        base: 2 * n as u64 - 1,
        colour: (0..n)
            .map(|i| Digits((0..n).map(|j| u32::from(i == j)).collect()))
            .collect(),
        target: Digits(vec![2; n]),
    }
}

/// The ordered column pairs (F-B column, L-R column) of one row.
const CHOICES: [(u8, u8); 6] = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)];
const COLUMN: [&str; 3] = ["F-B", "L-R", "T-D"];

/// Depth-first over the ordered column pairs of some rows, cutting partial
/// values above the target.
struct Half<'a, T> {
    v: &'a [[T; 3]],
    end: usize,
    target: &'a T,
    nodes: u64,
    path: Vec<(u8, u8)>,
    /// Set when a leaf asks to stop (the first solution is enough).
    stopped: bool,
}

impl<T: Num> Half<'_, T> {
    /// Walks rows `row..end`; `leaf` gets the choices and the two values and
    /// returns whether to stop the whole walk.
    fn go(&mut self, row: usize, s: (&T, &T), leaf: &mut impl FnMut(&[(u8, u8)], &T, &T) -> bool) {
        if row == self.end {
            self.stopped = leaf(&self.path, s.0, s.1);
            return;
        }
        for (j1, j2) in CHOICES {
            self.nodes += 1;
            let s1 = s.0.add(&self.v[row][j1 as usize]);
            let s2 = s.1.add(&self.v[row][j2 as usize]);
            if self.target.sub(&s1).is_none() || self.target.sub(&s2).is_none() {
                continue;
            }
            self.path.push((j1, j2));
            self.go(row + 1, (&s1, &s2), leaf);
            self.path.pop();
            if self.stopped {
                return;
            }
        }
    }
}

/// One path's pairs after Theorem 1.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Oriented {
    /// Per row, the pair turned so every colour is once left, once right.
    pairs: Vec<(Colour, Colour)>,
    /// The cycles the procedure found, rows in chain order (a loop: one row).
    cycles: Vec<Vec<usize>>,
}

impl Oriented {
    /// The masks giving every colour orientation: all subsets of the
    /// cycles that are not loops (reversing a loop changes no colour).
    fn masks(&self) -> Vec<u64> {
        let real: Vec<usize> = (0..self.cycles.len()).filter(|&k| self.cycles[k].len() > 1).collect();
        (0..1u64 << real.len())
            .map(|m| {
                real.iter()
                    .enumerate()
                    .filter(|(i, _)| m >> i & 1 == 1)
                    .map(|(_, &k)| 1u64 << k)
                    .sum()
            })
            .collect()
    }
}

/// One step of Theorem 1's procedure, in the paper's numbering (rows from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Step 1: the first available pair becomes α; b is its right element.
    Take { row: usize, pair: (Colour, Colour) },
    /// Step 2: the other b is found in this row (α itself, or another pair).
    Find { row: usize, colour: Colour, alpha: bool },
    /// Step 4: the pair found is turned (or kept) so b is on its left, and
    /// moves to C; its right element is the new b.
    Turn {
        row: usize,
        pair: (Colour, Colour),
        switched: bool,
    },
    /// Step 3: the other b is α's left element: α moves to C.
    Close { row: usize },
    /// Step 1 again, with A empty: stop.
    Stop,
}

/// Theorem 1's procedure on one path's pairs (see the module documentation).
/// `None` if some colour is not there exactly twice. With `steps`, every
/// step is recorded as the paper numbers them.
fn theorem1(pairs: &[(Colour, Colour)], mut steps: Option<&mut Vec<Step>>) -> Option<Oriented> {
    let mut out = pairs.to_vec();
    let mut free = vec![true; pairs.len()];
    let mut cycles = Vec::new();
    let mut log = |s: Step| {
        if let Some(v) = steps.as_deref_mut() {
            v.push(s);
        }
    };
    while let Some(start) = free.iter().position(|&f| f) {
        log(Step::Take {
            row: start,
            pair: out[start],
        });
        // α stays available until its left element closes the chain.
        free[start] = false;
        let a = out[start].0;
        let mut b = out[start].1;
        let mut cycle = vec![start];
        while b != a {
            let next = (0..out.len()).find(|&k| free[k] && (out[k].0 == b || out[k].1 == b))?;
            log(Step::Find {
                row: next,
                colour: b,
                alpha: false,
            });
            let switched = out[next].0 != b;
            if switched {
                out[next] = (out[next].1, out[next].0);
            }
            log(Step::Turn {
                row: next,
                pair: out[next],
                switched,
            });
            free[next] = false;
            b = out[next].1;
            cycle.push(next);
        }
        log(Step::Find {
            row: start,
            colour: b,
            alpha: true,
        });
        log(Step::Close { row: start });
        cycles.push(cycle);
    }
    log(Step::Stop);
    Some(Oriented { pairs: out, cycles })
}

/// The steps as the paper words them, cubes numbered from 1.
fn steps_text(steps: &[Step], name: &dyn Fn(Colour) -> String) -> Vec<String> {
    let pair = |p: (Colour, Colour)| format!("({}, {})", name(p.0), name(p.1));
    steps
        .iter()
        .map(|s| match *s {
            Step::Take { row, pair: p } => format!(
                "step 1: alpha = the first pair left in A, cube {} {}; b = {}",
                row + 1,
                pair(p),
                name(p.1)
            ),
            Step::Find { row, colour, alpha } => {
                let go = if alpha {
                    "it is alpha: go to step 3"
                } else {
                    "go to step 4"
                };
                format!("step 2: the other {} is in cube {}; {go}", name(colour), row + 1)
            }
            Step::Turn { row, pair: p, switched } => {
                let how = if switched { "switched to" } else { "kept as" };
                format!(
                    "step 4: cube {} {how} {}, moved to C; b = {}",
                    row + 1,
                    pair(p),
                    name(p.1)
                )
            }
            Step::Close { row } => format!("step 3: b is alpha's left element: alpha (cube {}) moved to C", row + 1),
            Step::Stop => "step 1: A is empty: stop".to_string(),
        })
        .collect()
}

/// The paper's own search of the description matrix: every path (one entry
/// per row) depth first; with the cut, a partial value above the target
/// ends the path. Returns the paths walked to their end, the nodes per
/// level (3 per row reached) and the paths of the target value.
fn paper_walk<T: Num>(v: &[[T; 3]], target: &T, zero: &T, cut: bool) -> (u128, Vec<u128>, u128) {
    struct Walk<'a, T> {
        v: &'a [[T; 3]],
        target: &'a T,
        cut: bool,
        paths: u128,
        levels: Vec<u128>,
        hits: u128,
    }
    impl<T: Num> Walk<'_, T> {
        fn go(&mut self, row: usize, sum: &T) {
            if row == self.v.len() {
                self.paths += 1;
                self.hits += u128::from(sum == self.target);
                return;
            }
            self.levels[row] += 3;
            for x in &self.v[row] {
                let s = sum.add(x);
                if self.cut && self.target.sub(&s).is_none() {
                    self.paths += 1;
                    continue;
                }
                self.go(row + 1, &s);
            }
        }
    }
    let mut w = Walk {
        v,
        target,
        cut,
        paths: 0,
        levels: vec![0; v.len()],
        hits: 0,
    };
    w.go(0, zero);
    (w.paths, w.levels, w.hits)
}

/// Up to this many cubes the number method also walks the description
/// matrix the paper's way (3^12 = 531,441 paths at most), for its figures.
const PAPER_WALK_MAX: usize = 12;

/// One ordered pair of independent paths, oriented by Theorem 1 (each path
/// once, shared by every pair it occurs in).
struct PathPair {
    /// Per row, the F-B column and the L-R column.
    cols: Vec<(u8, u8)>,
    fb: Rc<Oriented>,
    lr: Rc<Oriented>,
}

impl PathPair {
    /// The tower with the given cycles reversed.
    fn tower(&self, fb_mask: u64, lr_mask: u64) -> Tower {
        let mut t = Vec::with_capacity(self.fb.pairs.len());
        self.write(fb_mask, lr_mask, &mut t);
        Tower::from_vec(t)
    }

    /// Appends the tower with the given cycles reversed to `out`.
    fn write(&self, fb_mask: u64, lr_mask: u64, out: &mut Vec<Sides>) {
        let at = out.len();
        out.extend(
            self.fb
                .pairs
                .iter()
                .zip(&self.lr.pairs)
                .map(|(f, l)| [f.0, f.1, l.0, l.1]),
        );
        for (o, mask, side) in [(&self.fb, fb_mask, 0), (&self.lr, lr_mask, 2)] {
            for (k, c) in o.cycles.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    for &r in c {
                        out[at + r].swap(side, side + 1);
                    }
                }
            }
        }
    }

    /// Appends every colour orientation of this path pair to `out`.
    fn write_all(&self, out: &mut Vec<Sides>) {
        let lr = self.lr.masks();
        for m1 in self.fb.masks() {
            for &m2 in &lr {
                self.write(m1, m2, out);
            }
        }
    }
}

/// The most cubes the number method takes. Its meet-in-the-middle table
/// holds up to 6^(n/2) half-paths: 19 cubes (6^9 of them) measured 1.4 GB,
/// 20 cubes (6^10) would ask for six times that, and aborted before this bound.
pub const MAX_CUBES: usize = 19;

/// Refuses, before anything is allocated, a set too large for the number
/// method's table; the graph method has no such limit.
pub fn check_size(n: usize) -> Result<(), cubist_io::LimitError> {
    if n <= MAX_CUBES {
        return Ok(());
    }
    Err(cubist_io::LimitError::new(
        "the number method's table",
        format!("{n} cubes (up to 6^{} half-paths)", n / 2),
        format!("{MAX_CUBES} cubes"),
    )
    .hint("use the graph method (the default), which has no such limit"))
}

/// Runs the number method (see the module documentation).
pub fn run(inst: &Instance, opts: &SolveOptions, stats: &mut Stats) -> Found {
    let n = inst.n();
    if n == 0 {
        // The empty tower: one (trivial) solution, as the search methods find.
        let counts = (opts.mode != Mode::First).then(|| Counts {
            orientations: 1,
            patterns: 1,
            distinct: 1,
            mcdonnell: mcdonnell_count(inst),
        });
        return Found {
            counts,
            solutions: if opts.mode == Mode::Count {
                vec![]
            } else {
                vec![Tower::new()]
            },
            explanation: None,
        };
    }
    match u128_scheme(n) {
        Some(s) => solve_with(inst, &s, 0u128, opts, stats),
        None => {
            stats.extra.insert("wide_numbers", 1);
            solve_with(inst, &digits_scheme(n), Digits(vec![0; n]), opts, stats)
        }
    }
}

fn solve_with<T: Num>(inst: &Instance, scheme: &Scheme<T>, zero: T, opts: &SolveOptions, stats: &mut Stats) -> Found {
    let n = inst.n();
    let cubes = inst.cubes();
    let v: Vec<[T; 3]> = cubes
        .iter()
        .map(|c| {
            c.opposite_pairs()
                .map(|(a, b)| scheme.colour[a.index()].add(&scheme.colour[b.index()]))
        })
        .collect();
    stats.extra.insert("matrix_entries", 3 * n as u64);
    if n <= PAPER_WALK_MAX {
        let (paths, levels, hits) = paper_walk(&v, &scheme.target, &zero, opts.switches.cut);
        stats.paths = Some(paths);
        stats.nodes_per_level = levels;
        stats.extra.insert("target_paths", hits as u64);
    }

    // Meet in the middle: table the first half under (s1, s2).
    let h = n / 2;
    // The first half's choices, `h` per state in one buffer; the table maps
    // (s1, s2) to the last state with those values, `prev` chains the others.
    let mut left: Vec<(u8, u8)> = Vec::new();
    let mut prev: Vec<u32> = Vec::new();
    let mut table: HashMap<(T, T), u32, Mix> = HashMap::default();
    let mut first = Half {
        v: &v,
        end: h,
        target: &scheme.target,
        nodes: 0,
        path: Vec::new(),
        stopped: false,
    };
    first.go(0, (&zero, &zero), &mut |p, s1, s2| {
        let k = prev.len() as u32;
        prev.push(table.insert((s1.clone(), s2.clone()), k).unwrap_or(u32::MAX));
        left.extend_from_slice(p);
        false
    });
    let mut right_states = 0u64;
    let mut cols: Vec<Vec<(u8, u8)>> = Vec::new();
    let first_only = opts.mode == Mode::First;
    let mut second = Half {
        v: &v,
        end: n,
        target: &scheme.target,
        nodes: 0,
        path: Vec::new(),
        stopped: false,
    };
    second.go(h, (&zero, &zero), &mut |p, s1, s2| {
        right_states += 1;
        let key = (
            scheme.target.sub(s1).expect("cut above target"),
            scheme.target.sub(s2).expect("cut"),
        );
        let mut k = table.get(&key).copied().unwrap_or(u32::MAX);
        while k != u32::MAX {
            let at = k as usize * h;
            cols.push(left[at..at + h].iter().chain(p).copied().collect());
            k = prev[k as usize];
        }
        first_only && !cols.is_empty()
    });
    cols.sort();
    stats.nodes = first.nodes + second.nodes;
    stats.extra.insert("left_states", prev.len() as u64);
    stats.extra.insert("right_states", right_states);
    stats.extra.insert("path_pairs", cols.len() as u64);
    // Theorem 1 once per distinct path (a path occurs in several pairs).
    let mut by_path: HashMap<Vec<u8>, Rc<Oriented>> = HashMap::new();
    let mut key = Vec::with_capacity(n);
    let mut oriented = |c: &[(u8, u8)], side: usize| -> Rc<Oriented> {
        key.clear();
        key.extend(c.iter().map(|x| if side == 0 { x.0 } else { x.1 }));
        if let Some(o) = by_path.get(key.as_slice()) {
            return o.clone();
        }
        let pairs: Vec<(Colour, Colour)> = (0..n).map(|i| cubes[i].opposite_pairs()[usize::from(key[i])]).collect();
        let o = Rc::new(theorem1(&pairs, None).expect("a path of the target value has every colour exactly twice"));
        by_path.insert(key.clone(), o.clone());
        o
    };
    let pairs: Vec<PathPair> = cols
        .iter()
        .take(if first_only { 1 } else { usize::MAX })
        .map(|c| PathPair {
            cols: c.clone(),
            fb: oriented(c, 0),
            lr: oriented(c, 1),
        })
        .collect();
    // Every pair also occurs swapped, so these are all the paths of the pairs
    // (in first mode, those of the one pair kept).
    stats.extra.insert("paired_paths", by_path.len() as u64);
    let explanation = opts
        .explain
        .then(|| Explanation::Number(explain(inst, scheme, &v, &pairs, stats)));
    if opts.mode == Mode::First {
        return Found {
            counts: None,
            solutions: pairs.iter().map(|p| canonical(&p.tower(0, 0))).collect(),
            explanation,
        };
    }
    let mut orientations = 0u128;
    // All towers, n entries each, in one buffer (one allocation, not one per tower).
    let mut flat: Vec<Sides> = Vec::new();
    for p in &pairs {
        let cycles = (p.fb.cycles.len() + p.lr.cycles.len()) as u32;
        orientations += 1u128.checked_shl(cycles).expect("fewer than 2^128 orientations");
        p.write_all(&mut flat);
    }
    let tower = |k: usize| &flat[k * n..(k + 1) * n];
    // Two path pairs give the same pattern when a cube has two equal pairs:
    // sort and de-duplicate. When the 4n colours fit in 128 bits as
    // fixed-width digits, the packed number orders like the tower.
    let bits = usize::BITS - (n.max(2) - 1).leading_zeros();
    let patterns: Vec<usize> = if 4 * n * bits as usize <= 128 {
        let key = |t: &[Sides]| t.iter().flatten().fold(0u128, |k, c| k << bits | u128::from(c.0));
        let mut keyed: Vec<(u128, usize)> = (0..flat.len() / n).map(|k| (key(tower(k)), k)).collect();
        keyed.sort_unstable();
        keyed.dedup_by_key(|e| e.0);
        keyed.into_iter().map(|e| e.1).collect()
    } else {
        let mut p: Vec<usize> = (0..flat.len() / n).collect();
        p.sort_unstable_by(|&a, &b| tower(a).cmp(tower(b)));
        p.dedup_by(|a, b| tower(*a) == tower(*b));
        p
    };
    // The pattern set is closed under the tower symmetries: its orbit
    // minima are the distinct solutions, already sorted.
    let syms = symmetries();
    let belts = base_belts(inst);
    let mcdonnell = patterns
        .iter()
        .map(|&k| belts.iter().filter(|b| tower(k).last() == Some(b)).count() as u128)
        .sum();
    let classes: Vec<&[Sides]> = patterns
        .iter()
        .map(|&k| tower(k))
        .filter(|t| is_canonical(t, &syms))
        .collect();
    Found {
        counts: Some(Counts {
            orientations,
            patterns: patterns.len() as u128,
            distinct: classes.len() as u128,
            mcdonnell,
        }),
        solutions: classes
            .into_iter()
            .take(opts.mode.list_limit())
            .map(Tower::from_slice)
            .collect(),
        explanation,
    }
}

/// The `--explain` text: colour numbers, the description matrix, and for
/// every unordered pair of independent paths the two paths, Theorem 1's
/// cycles and the tower it builds, as the seed presents them.
fn explain<T: Num>(
    inst: &Instance,
    scheme: &Scheme<T>,
    v: &[[T; 3]],
    pairs: &[PathPair],
    stats: &Stats,
) -> NumberExplanation {
    let n = inst.n();
    let b = scheme.base;
    let name = |c: Colour| inst.set.palette.name(c).to_string();
    let mut s = String::new();
    let target = scheme.target.show(b);
    let _ = writeln!(s, "Colour numbers: colour i -> {b}^i (b = 2n - 1 = {b}).");
    let _ = writeln!(
        s,
        "A sum of {} colour numbers is {target} exactly when it holds every colour exactly twice.",
        2 * n
    );
    if n >= 2 {
        let _ = writeln!(
            s,
            "Why: written in base {b}, the sum has as digit i the number of times colour i occurs, as long \
             as no colour occurs more than {} times, and base-{b} digits are unique; the target is {} in \
             base {b} (every digit 2).\nA colour occurring {} or {} times leaves room for at most one other: \
             those sums (b^(i+1) + b^i, or b^(i+1) + b^j) have at most one digit 2, the target {n}.",
            b - 1,
            "2".repeat(n),
            2 * n - 1,
            2 * n
        );
    }
    let width = (0..n).map(|i| name(Colour(i as u16)).len()).max().unwrap_or(0).max(6);
    let _ = writeln!(s, "  {:<width$}  number", "colour");
    for (i, x) in scheme.colour.iter().enumerate() {
        let _ = writeln!(s, "  {:<width$}  {}", name(Colour(i as u16)), x.show(b));
    }
    let _ = writeln!(
        s,
        "\nDescription matrix V (a row per cube; an entry per opposite pair: the sum of its numbers):"
    );
    let cells: Vec<[String; 3]> = v.iter().map(|r| r.each_ref().map(|x| x.show(b))).collect();
    let w = cells.iter().flatten().map(String::len).max().unwrap_or(0).max(3);
    let _ = writeln!(s, "  {:<7} {:>w$}  {:>w$}  {:>w$}", "", COLUMN[0], COLUMN[1], COLUMN[2]);
    for (i, r) in cells.iter().enumerate() {
        let _ = writeln!(s, "  cube {:<2} {:>w$}  {:>w$}  {:>w$}", i + 1, r[0], r[1], r[2]);
    }
    let unordered: Vec<&PathPair> = pairs
        .iter()
        .filter(|p| p.cols.iter().map(|c| c.0).lt(p.cols.iter().map(|c| c.1)))
        .collect();
    let _ = writeln!(
        s,
        "\nPaths (one entry per row) of value {target}, in independent pairs (different columns in every row): {}",
        unordered.len()
    );
    let path_text = |cols: &[u8]| {
        let picks: Vec<String> = cols
            .iter()
            .enumerate()
            .map(|(i, &j)| format!("V[{},{}]", i + 1, COLUMN[j as usize]))
            .collect();
        let values: Vec<String> = cols
            .iter()
            .enumerate()
            .map(|(i, &j)| v[i][j as usize].show(b))
            .collect();
        format!("{} = {} = {target}", picks.join(" + "), values.join(" + "))
    };
    let pair_text = |o: &Oriented| {
        let cs: Vec<String> = o
            .cycles
            .iter()
            .map(|c| {
                let ps: Vec<String> = c
                    .iter()
                    .map(|&r| format!("{}:({},{})", r + 1, name(o.pairs[r].0), name(o.pairs[r].1)))
                    .collect();
                ps.join(" ")
            })
            .collect();
        format!("[{}]", cs.join("] ["))
    };
    for (k, p) in unordered.iter().enumerate() {
        let p1: Vec<u8> = p.cols.iter().map(|c| c.0).collect();
        let p2: Vec<u8> = p.cols.iter().map(|c| c.1).collect();
        let _ = writeln!(s, "  pair {}:", k + 1);
        let _ = writeln!(s, "    path 1 (front-back): {}", path_text(&p1));
        let _ = writeln!(s, "    path 2 (left-right): {}", path_text(&p2));
        let _ = writeln!(s, "    Theorem 1, front-back cycles: {}", pair_text(&p.fb));
        let _ = writeln!(s, "    Theorem 1, left-right cycles: {}", pair_text(&p.lr));
        let t = p.tower(0, 0);
        let rows: Vec<String> = inst.names(&t).iter().map(|x| x.join(" ")).collect();
        let _ = writeln!(s, "    tower (F B L R per cube): {}", rows.join(" | "));
    }
    // Theorem 1 as the paper runs it, on the first pair's two paths.
    let mut theorem1_lines = Vec::new();
    if let Some(p) = unordered.first() {
        for (side, label, path) in [
            (0, "front-back", p.cols.iter().map(|c| c.0).collect::<Vec<u8>>()),
            (1, "left-right", p.cols.iter().map(|c| c.1).collect()),
        ] {
            let start: Vec<(Colour, Colour)> = (0..n)
                .map(|i| inst.cubes()[i].opposite_pairs()[usize::from(path[i])])
                .collect();
            let mut steps = Vec::new();
            theorem1(&start, Some(&mut steps)).expect("a path of the target value");
            theorem1_lines.push(format!(
                "pair 1, {label} (side {}): A = {}, C empty",
                side + 1,
                start
                    .iter()
                    .enumerate()
                    .map(|(i, q)| format!("{}:({}, {})", i + 1, name(q.0), name(q.1)))
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
            theorem1_lines.extend(steps_text(&steps, &name).into_iter().map(|l| format!("  {l}")));
        }
        let _ = writeln!(s, "\nTheorem 1, step by step (the paper's steps 1-4; cubes from 1):");
        for l in &theorem1_lines {
            let _ = writeln!(s, "  {l}");
        }
    }
    if let Some(paths) = stats.paths {
        let levels: Vec<String> = stats.nodes_per_level.iter().map(u128::to_string).collect();
        let _ = writeln!(
            s,
            "\nThe paper's walk of the matrix: {paths} paths walked to their end (3^{n} = {} without the cut), \
             nodes per level {}; {} of value {target}.",
            3u128.pow(n as u32),
            levels.join(" "),
            stats.extra.get("target_paths").copied().unwrap_or(0)
        );
    }
    NumberExplanation {
        base: b,
        colour_numbers: scheme.colour.iter().map(|x| x.show(b)).collect(),
        target,
        matrix: v.iter().map(|r| r.each_ref().map(|x| x.show(b))).collect(),
        theorem1: theorem1_lines,
        text: s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls `f` with every multiset of 2n colours out of n, as the count
    /// of each colour.
    fn each_multiset(n: usize, f: &mut impl FnMut(&[usize])) {
        fn each(k: usize, left: usize, counts: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
            if k + 1 == counts.len() {
                counts[k] = left;
                f(counts);
                return;
            }
            for c in 0..=left {
                counts[k] = c;
                each(k + 1, left - c, counts, f);
            }
        }
        each(0, 2 * n, &mut vec![0; n], f);
    }

    /// The claim of the module doc, checked exhaustively for small n: a
    /// multiset of 2n colours sums to the target iff every count is 2.
    #[test]
    fn colour_numbers_detect_exactly_twice() {
        for n in 1..=6usize {
            let s = u128_scheme(n).unwrap();
            let mut hits = 0;
            each_multiset(n, &mut |c| {
                let sum: u128 = c.iter().zip(&s.colour).map(|(&k, x)| k as u128 * x).sum();
                assert_eq!(sum == s.target, c.iter().all(|&k| k == 2), "n = {n}, counts {c:?}");
                hits += usize::from(sum == s.target);
            });
            assert_eq!(hits, 1);
        }
    }

    /// Any base from 3 on would do, for every n (the carry argument in
    /// docs/stack-methods.md), and 3 is the least from 3 colours on: over
    /// every multiset of 2n colours, n ≤ 8, the sum of the powers of 3 is
    /// the all-twos target only for the twos. Base 2 is fooled from 3
    /// colours on: five 2s and one 4 make 14 = 2 · (1 + 2 + 4).
    #[test]
    fn powers_of_three_would_do() {
        let hits = |n: usize, b: u128| {
            let target: u128 = (0..n as u32).map(|i| 2 * b.pow(i)).sum();
            let mut hits = Vec::new();
            each_multiset(n, &mut |c| {
                let sum: u128 = c.iter().enumerate().map(|(i, &k)| k as u128 * b.pow(i as u32)).sum();
                if sum == target {
                    hits.push(c.to_vec());
                }
            });
            hits
        };
        for n in 1..=8 {
            assert_eq!(hits(n, 3), vec![vec![2; n]], "n = {n}");
        }
        assert_eq!(hits(2, 2), vec![vec![2, 2]]);
        // By hand: the count of 1s is even; 0 of them forces five 2s and a
        // 4, two forces the twos, four or six leave too little.
        assert_eq!(hits(3, 2), vec![vec![0, 5, 1], vec![2, 2, 2]]);
    }

    /// The two halves of the claim's proof, for n ≤ 6: the target's base-b
    /// digits are all 2, and the sums with a count above 2n − 2 (the only
    /// ones whose digits are not the counts) are never the target.
    #[test]
    fn colour_number_sums_read_back_as_counts() {
        for n in 2..=6usize {
            let s = u128_scheme(n).unwrap();
            let b = s.base as u128;
            for i in 0..n {
                for big in [2 * n - 1, 2 * n] {
                    for j in 0..n {
                        let rest = 2 * n - big;
                        let sum = big as u128 * s.colour[i] + rest as u128 * s.colour[j];
                        assert_ne!(sum, s.target, "n = {n}");
                    }
                }
            }
            // Digits of the target: all 2.
            let mut t = s.target;
            for _ in 0..n {
                assert_eq!(t % b, 2);
                t /= b;
            }
            assert_eq!(t, 0);
        }
    }

    /// Theorem 1's procedure on every arrangement of n colours, each twice,
    /// into n ordered pairs (n ≤ 4: all 2520 for n = 4): every colour ends
    /// once left and once right, each pair is the input pair or its swap,
    /// and the chains are the connected components of the multigraph,
    /// counted independently by union-find.
    #[test]
    fn theorem1_on_every_arrangement() {
        fn arrangements(left: &mut Vec<usize>, cur: &mut Vec<u16>, out: &mut Vec<Vec<u16>>) {
            if left.iter().all(|&k| k == 0) {
                out.push(cur.clone());
                return;
            }
            for c in 0..left.len() {
                if left[c] > 0 {
                    left[c] -= 1;
                    cur.push(c as u16);
                    arrangements(left, cur, out);
                    cur.pop();
                    left[c] += 1;
                }
            }
        }
        for n in 1..=4usize {
            let mut all = Vec::new();
            arrangements(&mut vec![2; n], &mut Vec::new(), &mut all);
            let mut fact = 1;
            for k in 1..=2 * n {
                fact *= k;
            }
            assert_eq!(all.len(), fact >> n);
            for seq in all {
                let pairs: Vec<(Colour, Colour)> = seq.chunks(2).map(|p| (Colour(p[0]), Colour(p[1]))).collect();
                let mut steps = Vec::new();
                let o = theorem1(&pairs, Some(&mut steps)).expect("every colour twice");
                assert_eq!(steps.last(), Some(&Step::Stop));
                let mut lefts: Vec<u16> = o.pairs.iter().map(|p| p.0 .0).collect();
                let mut rights: Vec<u16> = o.pairs.iter().map(|p| p.1 .0).collect();
                lefts.sort();
                rights.sort();
                let want: Vec<u16> = (0..n as u16).collect();
                assert_eq!((lefts, rights), (want.clone(), want), "{seq:?}");
                for (a, b) in pairs.iter().zip(&o.pairs) {
                    assert!(a == b || (a.1, a.0) == *b);
                }
                let mut parent: Vec<usize> = (0..n).collect();
                fn root(p: &mut [usize], x: usize) -> usize {
                    if p[x] == x {
                        x
                    } else {
                        let r = root(p, p[x]);
                        p[x] = r;
                        r
                    }
                }
                for p in &pairs {
                    let (x, y) = (root(&mut parent, p.0.index()), root(&mut parent, p.1.index()));
                    parent[x] = y;
                }
                let components = (0..n).filter(|&x| root(&mut parent, x) == x).count();
                assert_eq!(o.cycles.len(), components, "{seq:?}");
            }
        }
    }

    #[test]
    fn u128_until_it_does_not_fit() {
        assert!(u128_scheme(23).is_some());
        assert!(u128_scheme(24).is_none());
        let d = digits_scheme(3);
        assert_eq!(d.colour[1].add(&d.colour[1]).add(&d.colour[2]).show(5), "2*5^1 + 5^2");
        assert!(d.target.sub(&Digits(vec![3, 0, 0])).is_none());
    }

    /// The digit-vector numbers (used from n = 24 on) find exactly what the
    /// `u128` numbers find, with the same statistics apart from the cut.
    #[test]
    fn wide_numbers_agree_with_u128() {
        let inst = crate::fixtures::mcdonnell22();
        let opts = SolveOptions::default();
        let (mut a, mut b) = (Stats::default(), Stats::default());
        let narrow = solve_with(&inst, &u128_scheme(4).unwrap(), 0u128, &opts, &mut a);
        let wide = solve_with(&inst, &digits_scheme(4), Digits(vec![0; 4]), &opts, &mut b);
        assert_eq!(narrow.counts.unwrap().distinct, 22);
        assert_eq!(narrow.counts, wide.counts);
        assert_eq!(narrow.solutions, wide.solutions);
        assert_eq!(a.extra["path_pairs"], b.extra["path_pairs"]);
    }

    #[test]
    fn theorem1_orients_cycles_and_loops() {
        let c = Colour;
        // Cycle 0-1-2 across rows 0, 2, 3 and a loop on colour 3 at row 1.
        let pairs = [(c(1), c(0)), (c(3), c(3)), (c(2), c(1)), (c(0), c(2))];
        let o = theorem1(&pairs, None).unwrap();
        assert_eq!(o.cycles, vec![vec![0, 3, 2], vec![1]]);
        assert_eq!(o.masks(), vec![0, 1]);
        let out = o.pairs;
        let mut lefts: Vec<u16> = out.iter().map(|p| p.0 .0).collect();
        let mut rights: Vec<u16> = out.iter().map(|p| p.1 .0).collect();
        lefts.sort();
        rights.sort();
        assert_eq!(lefts, vec![0, 1, 2, 3]);
        assert_eq!(rights, vec![0, 1, 2, 3]);
        assert!(theorem1(&[(c(0), c(1)), (c(0), c(0))], None).is_none());
    }
}
