//! Euler's 36 officers, generalised: pairs of orthogonal Latin squares.
//!
//! Two Latin squares A, B of order n are *orthogonal* when the n² pairs
//! `(A[r][c], B[r][c])` are all different: officers of n ranks and n
//! regiments in an n x n square, each rank and regiment once per row and
//! column, no two alike. A pair exists for every n except 2 and 6:
//!
//! * odd n: A = r + c, B = 2r + c (mod n) (2 is invertible);
//! * n a prime power q: A = x + y, B = g·x + y over the field GF(q), g ∉ {0, 1};
//! * n = 4k: the direct product of a pair for the power of 2 in n and one for
//!   the odd part (MacNeish);
//! * n = 4k + 2 >= 10: a search: a seeded random Latin square, its
//!   transversals (stored n bytes each, [`crate::transversal`]), and exact
//!   cover of the cells by n disjoint transversals
//!   (each transversal is the cells of one symbol of the mate); a square
//!   without a mate within a node budget is replaced by the next seed.
//!   Order 10 takes about 0.2 s; from order 14 on, a random square has so
//!   many transversals (about 425,000 at order 14) that this search takes
//!   minutes (order 14: 225 s of CPU); searching for a mate cell by cell was
//!   tried and is slower still.
//!
//! Every pair returned is checked with [`verify`].
//!
//! The orthogonal mates of a given square ([`mates_within`]) are the same
//! exact cover, counted to the end: n disjoint transversals are a mate,
//! transversal k holding symbol k. It needs every transversal at once, and
//! their number is only known by counting them: so the search counts them
//! first without storing any (the bit-parallel count of
//! [`crate::transversal`], on the caller's threads), works out what it will
//! hold ([`plan_mates`]: the transversals at n bytes each, the exact-cover
//! problem and its dancing links, [`mates_bytes`]) and refuses above the
//! caller's limit with the figures ([`Error::MatesMemory`]) before it
//! stores anything; then it stores them and counts the partitions, polling
//! the cancel flag every 64 nodes of the dancing-links search (a node there
//! covers n cells). [`mates`] is the older, unbounded method on the
//! dancing-links listing of the transversals, kept as the independent
//! method the tests compare with.
//!
//! For n = 6 (and 2), [`nonexistence`] proves that there is no pair: every
//! Latin square is isotopic to a reduced one, having a mate is kept by
//! isotopy and by conjugacy (permuting the roles of rows, columns and
//! symbols), so it is enough to examine one square per *main class*. The
//! classes are found here, from the reduced squares this crate enumerates;
//! for each representative the certificate gives its transversals and the
//! most that are pairwise disjoint, which is less than n.
//!
//! ```
//! let pair = cubist_place::officers::construct(10).unwrap();
//! assert!(cubist_place::officers::verify(&pair.0, &pair.1).is_ok());
//! ```

use crate::latin::{self, is_latin, transversals, Square, Transversal};
use crate::transversal::{self, Control, Transversals};
use crate::Error;
use cubist_exact::{Dlx, Problem};
use cubist_io::LimitError;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

/// Checks that A and B are Latin squares of the same order and orthogonal.
pub fn verify(a: &Square, b: &Square) -> Result<(), Error> {
    let n = a.len();
    if !is_latin(a) || !is_latin(b) || b.len() != n {
        return Err(Error::Check("not two Latin squares of one order".into()));
    }
    let mut seen = vec![false; n * n];
    for r in 0..n {
        for c in 0..n {
            if std::mem::replace(&mut seen[a[r][c] * n + b[r][c]], true) {
                return Err(Error::Check(format!(
                    "pair ({}, {}) repeats at ({r}, {c})",
                    a[r][c], b[r][c]
                )));
            }
        }
    }
    Ok(())
}

/// How a pair was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Construction {
    /// A = r + c, B = 2r + c (mod n), for odd n.
    Cyclic,
    /// A = x + y, B = g·x + y over GF(n), for prime powers.
    FiniteField,
    /// The direct product of the pairs for the power of 2 and the odd part.
    Product,
    /// Exact cover of a random square's cells by disjoint transversals.
    Search,
}

impl Construction {
    /// Its name, as in JSON (`cyclic`, `finite_field`, `product`, `search`).
    pub fn name(self) -> &'static str {
        match self {
            Construction::Cyclic => "cyclic",
            Construction::FiniteField => "finite_field",
            Construction::Product => "product",
            Construction::Search => "search",
        }
    }
}

/// The orders with no orthogonal pair (Euler's conjecture holds for these
/// two only); [`answer`] proves it for them by [`nonexistence`].
pub const NO_PAIR: [usize; 2] = [2, 6];

/// Euler's question for order n, answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A pair, checked by [`verify`], and how it was made.
    Pair {
        /// The first square (ranks).
        a: Square,
        /// Its orthogonal mate (regiments).
        b: Square,
        /// How the pair was made.
        construction: Construction,
    },
    /// No pair exists: the exhaustive proof.
    NoPair(Certificate),
}

/// The largest order answered: two squares of a million cells each, a few
/// megabytes of output; the finite-field construction also builds a
/// multiplication table of up to n^2 entries.
pub const MAX_ORDER: usize = 1000;

/// A pair of orthogonal Latin squares of order n, verified, or for the
/// orders of [`NO_PAIR`] the certificate that there is none.
pub fn answer(n: usize) -> Result<Answer, Error> {
    if n == 0 {
        return Err(Error::NoOfficers);
    }
    if n > MAX_ORDER {
        let needed = format!("two squares of {n} x {n} cells");
        let limit = format!("order {MAX_ORDER}");
        return Err(LimitError::new("the officers' squares", needed, limit).into());
    }
    if NO_PAIR.contains(&n) {
        return Ok(Answer::NoPair(nonexistence(n)));
    }
    if n % 4 == 2 && n > transversal::MAX_ORDER {
        let needed = format!("a search for a pair of order {n} = 4k + 2");
        let limit = format!("order {} (the transversal search)", transversal::MAX_ORDER);
        return Err(LimitError::new("the officers' squares", needed, limit).into());
    }
    let (a, b, construction) =
        construct_with(n).ok_or_else(|| Error::Check(format!("no construction for order {n}")))?;
    verify(&a, &b)?;
    Ok(Answer::Pair { a, b, construction })
}

/// A pair of orthogonal Latin squares of order n, or `None` for n = 2 and
/// n = 6 (see [`nonexistence`] for the proof), and for orders 4k + 2 above
/// [`transversal::MAX_ORDER`] (the search's bound; they would take years).
pub fn construct(n: usize) -> Option<(Square, Square)> {
    construct_with(n).map(|(a, b, _)| (a, b))
}

/// [`construct`], also saying how.
pub fn construct_with(n: usize) -> Option<(Square, Square, Construction)> {
    if NO_PAIR.contains(&n) {
        return None;
    }
    let (a, b, how) = if n == 1 {
        (vec![vec![0]], vec![vec![0]], Construction::Cyclic)
    } else if n % 2 == 1 && prime_power(n).is_none_or(|(_, k)| k == 1) {
        let a = (0..n).map(|r| (0..n).map(|c| (r + c) % n).collect()).collect();
        let b = (0..n).map(|r| (0..n).map(|c| (2 * r + c) % n).collect()).collect();
        (a, b, Construction::Cyclic)
    } else if let Some((p, k)) = prime_power(n) {
        let f = Field::new(p, k);
        let g = 2; // the element encoded 2: `2` if p > 2, `x` if p = 2; never 0 or 1
        let a = (0..n).map(|x| (0..n).map(|y| f.add(x, y)).collect()).collect();
        let b = (0..n)
            .map(|x| (0..n).map(|y| f.add(f.mul(g, x), y)).collect())
            .collect();
        (a, b, Construction::FiniteField)
    } else if n % 4 == 0 {
        let two = 1 << n.trailing_zeros();
        let (a1, b1) = construct(two)?;
        let (a2, b2) = construct(n / two)?;
        (product(&a1, &a2), product(&b1, &b2), Construction::Product)
    } else {
        let (a, b) = search(n)?;
        (a, b, Construction::Search)
    };
    debug_assert!(verify(&a, &b).is_ok());
    Some((a, b, how))
}

/// (p, k) when n = p^k for a prime p.
fn prime_power(n: usize) -> Option<(usize, u32)> {
    let p = (2..=n).find(|d| n % d == 0)?;
    let mut m = n;
    let mut k = 0;
    while m % p == 0 {
        m /= p;
        k += 1;
    }
    (m == 1).then_some((p, k))
}

/// The direct product of two squares: order m·k, cell ((r1, r2), (c1, c2))
/// holds (A1[r1][c1], A2[r2][c2]). Products of orthogonal pairs are
/// orthogonal.
fn product(a: &Square, b: &Square) -> Square {
    let (m, k) = (a.len(), b.len());
    (0..m * k)
        .map(|r| (0..m * k).map(|c| a[r / k][c / k] * k + b[r % k][c % k]).collect())
        .collect()
}

/// GF(p^k): elements are polynomials over GF(p) of degree < k, encoded as
/// base-p numbers; multiplication modulo the first monic polynomial of
/// degree k whose multiplication table has no zero divisors (that is, an
/// irreducible one).
struct Field {
    p: usize,
    k: u32,
    mul: Vec<usize>,
}

impl Field {
    fn new(p: usize, k: u32) -> Field {
        let q = p.pow(k);
        for tail in 0..q {
            // Monic modulus x^k + (tail's digits).
            let modulus: Vec<usize> = (0..k).map(|i| tail / p.pow(i) % p).collect();
            let mut f = Field {
                p,
                k,
                mul: vec![0; q * q],
            };
            for a in 0..q {
                for b in 0..q {
                    f.mul[a * q + b] = f.poly_mul(a, b, &modulus);
                }
            }
            if (1..q).all(|a| (1..q).all(|b| f.mul[a * q + b] != 0)) {
                return f;
            }
        }
        unreachable!("an irreducible polynomial of every degree exists")
    }

    fn digits(&self, a: usize) -> Vec<usize> {
        (0..self.k).map(|i| a / self.p.pow(i) % self.p).collect()
    }

    fn poly_mul(&self, a: usize, b: usize, modulus: &[usize]) -> usize {
        let (p, k) = (self.p, self.k as usize);
        let (da, db) = (self.digits(a), self.digits(b));
        let mut prod = vec![0; 2 * k];
        for i in 0..k {
            for j in 0..k {
                prod[i + j] = (prod[i + j] + da[i] * db[j]) % p;
            }
        }
        // x^k = -(modulus), reduce from the top.
        for d in (k..2 * k).rev() {
            let c = prod[d];
            if c != 0 {
                prod[d] = 0;
                for i in 0..k {
                    prod[d - k + i] = (prod[d - k + i] + (p - modulus[i]) * c) % p;
                }
            }
        }
        (0..k).rev().fold(0, |acc, i| acc * p + prod[i])
    }

    fn add(&self, a: usize, b: usize) -> usize {
        let (da, db) = (self.digits(a), self.digits(b));
        (0..self.k as usize)
            .rev()
            .fold(0, |acc, i| acc * self.p + (da[i] + db[i]) % self.p)
    }

    fn mul(&self, a: usize, b: usize) -> usize {
        self.mul[a * self.p.pow(self.k) + b]
    }
}

/// Transversals as the partition search reads them: stored compactly
/// ([`Transversals`]) or as lists (the dancing-links listing).
trait Stored {
    /// How many.
    fn count(&self) -> usize;
    /// The column of transversal `k` in row `r`.
    fn column(&self, k: usize, r: usize) -> usize;
}

impl Stored for Transversals {
    fn count(&self) -> usize {
        self.len()
    }
    fn column(&self, k: usize, r: usize) -> usize {
        usize::from(self.get(k)[r])
    }
}

impl Stored for [Transversal] {
    fn count(&self) -> usize {
        self.len()
    }
    fn column(&self, k: usize, r: usize) -> usize {
        self[k][r]
    }
}

/// The exact-cover problem "cover every cell by disjoint transversals".
fn partition_problem(n: usize, ts: &(impl Stored + ?Sized)) -> Problem {
    let mut p = Problem::new();
    for k in 0..n * n {
        p.primary(&format!("x{}.{}", k / n, k % n)).expect("fresh item names");
    }
    for k in 0..ts.count() {
        let entries: Vec<_> = (0..n).map(|r| (r * n + ts.column(k, r), 0)).collect();
        p.option(&entries).expect("valid option");
    }
    p
}

/// A mate of `a` made from n disjoint transversals (`chosen` indexes
/// `ts`): transversal k becomes symbol k.
fn mate_from(n: usize, ts: &(impl Stored + ?Sized), chosen: &[usize]) -> Square {
    let mut b = vec![vec![0; n]; n];
    for (k, &t) in chosen.iter().enumerate() {
        for (r, row) in b.iter_mut().enumerate() {
            row[ts.column(t, r)] = k;
        }
    }
    b
}

/// Search nodes allowed per candidate square before the next seed.
const MATE_NODE_BUDGET: u64 = 200_000;

/// A pair for n = 4k + 2 >= 10 by search (see the module docs); `None`
/// above [`transversal::MAX_ORDER`], the transversal search's bound.
fn search(n: usize) -> Option<(Square, Square)> {
    for seed in 0.. {
        let a = latin::random(n, seed);
        let ts = transversal::all(&a, 0, None).ok()?;
        let mut dlx = Dlx::new(&partition_problem(n, &ts));
        dlx.set_node_limit(MATE_NODE_BUDGET);
        let mut chosen = None;
        let _ = dlx.run(|s| {
            chosen = Some(s.to_vec());
            ControlFlow::Break(())
        });
        if let Some(c) = chosen {
            let b = mate_from(n, &ts, &c);
            return Some((a, b));
        }
    }
    unreachable!("the seeds do not run out")
}

/// The orthogonal mates of a square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mates {
    /// Transversals of the square.
    pub transversal_count: u64,
    /// Ways to split the cells into n disjoint transversals.
    pub partition_count: u64,
    /// Orthogonal mates: partitions times n! (which transversal carries
    /// which symbol).
    pub count: u128,
    /// One mate, if any.
    pub example: Option<Square>,
}

/// What the orthogonal-mate search of a square will keep, known before it
/// keeps anything: the transversals it stores (counted first, by
/// [`transversal::count`]) and the bytes they and the exact cover made of
/// them take ([`mates_bytes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatesPlan {
    /// The square's transversals.
    pub transversal_count: u64,
    /// The bytes the search will hold at its peak (an estimate from
    /// above).
    pub bytes: u64,
}

/// The bytes the mate search holds at its peak for `t` transversals of
/// order n: the store (n bytes each), the exact-cover problem (an option of
/// n entries of 16 bytes each, its vector's header, twice over for the
/// list's growth, and the allocator's 16 bytes; n² named items, 256 bytes
/// each with their index) and the dancing-links engine built from it (16
/// bytes a node: n + 1 per option, one per item; 4 bytes per option for
/// its first node; 16 bytes per item for the lists and bounds, 8 per
/// level). Against the peak resident memory of a whole process
/// (`examples/transversal_count.rs`, `mates`, about 2 MB of it the
/// process's own): cyclic square of order 11, 37,851 transversals,
/// 17.0 MB planned, 18.1 MB measured; order 13, 1,030,367 transversals,
/// 528.6 MB planned, 506.1 MB measured.
pub fn mates_bytes(n: usize, t: u64) -> u64 {
    let n = n as u64;
    let items = n * n;
    let store = Transversals::bytes(n as usize, t);
    let per_option = (16 * n + 2 * 24 + 16) + (16 * (n + 1) + 4);
    let per_item = 256 + 16 + 16 + 2 * 8;
    store
        .saturating_add(t.saturating_mul(per_option))
        .saturating_add(items * per_item)
}

/// Counts the transversals of `a` and says what the mate search will keep
/// ([`MatesPlan`]), storing nothing; the count runs as `control` says.
pub fn plan_mates(a: &Square, control: &Control) -> Result<MatesPlan, Error> {
    let t = transversal::count(a, control)?;
    Ok(MatesPlan {
        transversal_count: t,
        bytes: mates_bytes(a.len(), t),
    })
}

/// Counts the orthogonal mates of a Latin square (of order at most
/// [`transversal::MAX_ORDER`]), refusing before it stores anything when
/// the search would keep more than `limit` bytes
/// ([`Error::MatesMemory`], with the figures). The transversals are
/// counted first on `control`'s threads, then stored compactly, then the
/// cells are split into n disjoint ones by dancing links; the cancel flag
/// is polled throughout ([`Error::Interrupted`]).
pub fn mates_within(a: &Square, limit: Option<u64>, control: &Control) -> Result<Mates, Error> {
    let plan = plan_mates(a, control)?;
    if let Some(limit) = limit.filter(|&l| plan.bytes > l) {
        return Err(Error::MatesMemory {
            transversals: plan.transversal_count,
            bytes: plan.bytes,
            limit,
        });
    }
    let ts = transversal::all(a, plan.transversal_count, control.cancel)?;
    debug_assert_eq!(ts.len() as u64, plan.transversal_count);
    partitions(a.len(), &ts, control.cancel)
}

/// Counts the orthogonal mates of a Latin square from its transversals as
/// the dancing-links listing gives them ([`latin::transversals`]):
/// unbounded and not cancellable, kept as the independent method the tests
/// compare [`mates_within`] with (and for squares above
/// [`transversal::MAX_ORDER`]).
pub fn mates(a: &Square) -> Mates {
    let ts = transversals(a);
    partitions(a.len(), ts.as_slice(), None).expect("no cancel flag to stop it")
}

/// Search nodes between two polls of the cancel flag in the partition
/// search: a node there covers n cells, each with thousands of options on
/// large squares, so polls are frequent.
const PARTITION_POLL_NODES: u64 = 64;

/// Splits the cells of an order-n square into n disjoint transversals from
/// `ts` in every way: counts them and keeps the first as a mate.
fn partitions(n: usize, ts: &(impl Stored + ?Sized), cancel: Option<&AtomicBool>) -> Result<Mates, Error> {
    let mut example = None;
    let mut dlx = Dlx::new(&partition_problem(n, ts));
    let mut limit = 0;
    while !dlx.is_done() {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted { done: 0, total: 1 });
        }
        limit += PARTITION_POLL_NODES;
        dlx.set_node_limit(limit);
        let _ = dlx.run(|s| {
            if example.is_none() {
                example = Some(mate_from(n, ts, s));
            }
            ControlFlow::Continue(())
        });
    }
    let partitions = dlx.stats().solutions;
    let fact = (1..=n as u128).product::<u128>();
    Ok(Mates {
        transversal_count: ts.count() as u64,
        partition_count: partitions,
        count: u128::from(partitions) * fact,
        example,
    })
}

/// One main class of squares in a non-existence proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassCertificate {
    /// The smallest reduced square of the class (row by row).
    pub representative: Square,
    /// Reduced squares in the class.
    pub reduced_square_count: usize,
    /// Isotopy classes the main class splits into.
    pub isotopy_class_count: usize,
    /// Transversals of the representative.
    pub transversal_count: usize,
    /// The most pairwise disjoint transversals (n would give a mate).
    pub max_disjoint: usize,
}

/// The certificate that no pair of orthogonal Latin squares of order n
/// exists, or that one does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// The order.
    pub n: usize,
    /// Reduced Latin squares of order n, all enumerated.
    pub reduced_square_count: usize,
    /// Isotopy classes among them.
    pub isotopy_class_count: usize,
    /// One entry per main class.
    pub main_classes: Vec<ClassCertificate>,
    /// Whether some square has n disjoint transversals (a mate).
    pub exists: bool,
}

/// Proves (or refutes) the non-existence of orthogonal pairs of order n by
/// examining one square per main class. For small n (every reduced square
/// is enumerated; n = 6 has 9408).
pub fn nonexistence(n: usize) -> Certificate {
    let reduced = latin::list(n, true, usize::MAX);
    let index: HashSet<Square> = reduced.iter().cloned().collect();
    let mut main_seen: HashSet<Square> = HashSet::new();
    let mut iso_class: HashMap<Square, usize> = HashMap::new();
    let mut iso_count = 0;
    let mut classes = Vec::new();
    for sq in &reduced {
        if main_seen.contains(sq) {
            continue;
        }
        let orbit = reduced_images(sq, true);
        debug_assert!(orbit.iter().all(|s| index.contains(s)));
        // Split the main class into isotopy classes.
        let mut isos = 0;
        for s in &orbit {
            if !iso_class.contains_key(s) {
                for t in reduced_images(s, false) {
                    iso_class.insert(t, iso_count);
                }
                iso_count += 1;
                isos += 1;
            }
        }
        let ts = transversals(sq);
        classes.push(ClassCertificate {
            representative: sq.clone(),
            reduced_square_count: orbit.len(),
            isotopy_class_count: isos,
            transversal_count: ts.len(),
            max_disjoint: max_disjoint(n, &ts),
        });
        main_seen.extend(orbit);
    }
    let exists = classes.iter().any(|c| c.max_disjoint == n);
    Certificate {
        n,
        reduced_square_count: reduced.len(),
        isotopy_class_count: iso_count,
        main_classes: classes,
        exists,
    }
}

/// The largest number of pairwise disjoint transversals (plain
/// branch-and-bound; squares of order <= 6 have at most a few dozen).
fn max_disjoint(n: usize, ts: &[Transversal]) -> usize {
    let masks: Vec<u128> = ts
        .iter()
        .map(|t| t.iter().enumerate().fold(0, |m, (r, &c)| m | 1 << (r * n + c)))
        .collect();
    fn go(masks: &[u128], from: usize, used: u128, depth: usize, best: &mut usize) {
        *best = (*best).max(depth);
        for k in from..masks.len() {
            if masks[k] & used == 0 && depth + 1 + (masks.len() - k - 1) > *best {
                go(masks, k + 1, used | masks[k], depth + 1, best);
            }
        }
    }
    let mut best = 0;
    go(&masks, 0, 0, 0, &mut best);
    best
}

/// All reduced squares isotopic to a conjugate of `s` (`conjugates`), or
/// to `s` itself: for each conjugate, each cell (r0, c0) sent to the corner
/// and each renaming of symbols that makes the corner 0, the rows and
/// columns are then forced (row r0 becomes the first row and must read
/// 0..n-1, column c0 the first column likewise).
fn reduced_images(s: &Square, conjugates: bool) -> HashSet<Square> {
    let n = s.len();
    let triples: Vec<[usize; 3]> = (0..n * n).map(|k| [k / n, k % n, s[k / n][k % n]]).collect();
    let perms3: &[[usize; 3]] = if conjugates {
        &[[0, 1, 2], [1, 0, 2], [0, 2, 1], [2, 1, 0], [1, 2, 0], [2, 0, 1]]
    } else {
        &[[0, 1, 2]]
    };
    let symbol_perms = permutations(n);
    let mut out = HashSet::new();
    for pi in perms3 {
        let mut c = vec![vec![0; n]; n];
        for t in &triples {
            c[t[pi[0]]][t[pi[1]]] = t[pi[2]];
        }
        for r0 in 0..n {
            for c0 in 0..n {
                for g in symbol_perms.iter().filter(|g| g[c[r0][c0]] == 0) {
                    let mut img = vec![vec![0; n]; n];
                    for row in &c {
                        let new_r = g[row[c0]];
                        for (x, &v) in row.iter().enumerate() {
                            img[new_r][g[c[r0][x]]] = g[v];
                        }
                    }
                    out.insert(img);
                }
            }
        }
    }
    out
}

/// Every permutation of 0..n, in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut p: Vec<usize> = (0..n).collect();
    let mut out = vec![p.clone()];
    loop {
        let Some(i) = (1..n).rev().find(|&i| p[i - 1] < p[i]) else {
            return out;
        };
        let j = (i..n)
            .rev()
            .find(|&j| p[j] > p[i - 1])
            .expect("a larger element exists");
        p.swap(i - 1, j);
        p[i..].reverse();
        out.push(p.clone());
    }
}
