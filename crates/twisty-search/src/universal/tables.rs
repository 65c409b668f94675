//! Conjugating the found 3-cycles and twists onto every triple and pair of
//! slots (Eidswick's Proposition 6), shortest first.
//!
//! If `τ` is the 3-cycle `x → y → z` then `g τ g⁻¹` is the 3-cycle
//! `xg'⁻¹ → yg'⁻¹ → zg'⁻¹` (and it is still the identity on the solved orbits:
//! every element maps each orbit to itself). So the 3-cycles reachable from the
//! found commutators form a graph on (ordered triple, twists) whose edges are
//! the move powers, each costing two letters (`g` before, `g⁻¹` after). A
//! multi-source shortest-path search from all found commutators (cost: their
//! length) gives, for every triple and twist pattern, the shortest conjugate;
//! likewise for the two-piece twists `μ(x, y)`. These tables are computed once
//! per puzzle and orbit; solving only looks them up.

use super::act::{add, neg};
use super::layout::Layout;
use super::search::{Found, LocalGens};

const NONE: u16 = u16::MAX;
const SOURCE: u32 = u32::MAX;

/// Where a table entry's element comes from before conjugation.
#[derive(Clone, Debug)]
enum Source {
    /// A found element.
    Word(Vec<u32>),
    /// A found element repeated.
    Power(Vec<u32>, usize),
    /// `τ₁ τ₂⁻¹` for two entries of the 3-cycle table.
    Pair(u32, u32),
}

/// A shortest-path table over states of one kind (3-cycles or twists).
struct Table {
    cost: Vec<u16>,
    /// Previous state, or the source index when `via == SOURCE`.
    from: Vec<u32>,
    via: Vec<u32>,
    sources: Vec<Source>,
}

impl Table {
    fn new(states: usize) -> Table {
        Table {
            cost: vec![NONE; states],
            from: vec![0; states],
            via: vec![SOURCE; states],
            sources: Vec::new(),
        }
    }

    /// Multi-source search; `next(state, letter)` is the conjugated state.
    fn run(&mut self, seeds: Vec<(usize, usize, Source)>, letters: usize, next: impl Fn(usize, usize) -> usize) {
        let mut buckets: Vec<Vec<u32>> = Vec::new();
        for (state, c, word) in seeds {
            if c < self.cost[state] as usize {
                self.cost[state] = c as u16;
                self.from[state] = self.sources.len() as u32;
                self.via[state] = SOURCE;
                self.sources.push(word);
                if buckets.len() <= c {
                    buckets.resize(c + 1, Vec::new());
                }
                buckets[c].push(state as u32);
            }
        }
        let mut c = 0;
        while c < buckets.len() {
            while let Some(s) = buckets[c].pop() {
                let s = s as usize;
                if self.cost[s] as usize != c {
                    continue;
                }
                let nc = c + 2;
                for g in 0..letters {
                    let t = next(s, g);
                    if nc < self.cost[t] as usize {
                        self.cost[t] = nc as u16;
                        self.from[t] = s as u32;
                        self.via[t] = g as u32;
                        if buckets.len() <= nc {
                            buckets.resize(nc + 1, Vec::new());
                        }
                        buckets[nc].push(t as u32);
                    }
                }
            }
            c += 1;
        }
    }

    /// The word of an entry (`cycles`: the 3-cycle table, for `Pair` sources).
    fn word(&self, l: &Layout, mut state: usize, cycles: Option<&Table>) -> Vec<u32> {
        let mut setup = Vec::new();
        while self.via[state] != SOURCE {
            setup.push(self.via[state]);
            state = self.from[state] as usize;
        }
        let mut w = setup.clone();
        match &self.sources[self.from[state] as usize] {
            Source::Word(x) => w.extend(x),
            Source::Power(x, k) => (0..*k).for_each(|_| w.extend(x)),
            Source::Pair(a, b) => {
                let c = cycles.expect("pairs come from the 3-cycle table");
                w.extend(c.word(l, *a as usize, None));
                w.extend(
                    c.word(l, *b as usize, None)
                        .iter()
                        .rev()
                        .map(|&g| l.gens[g as usize].inv as u32),
                );
            }
        }
        w.extend(setup.iter().rev().map(|&g| l.gens[g as usize].inv as u32));
        w
    }
}

/// The 3-cycle and twist tables of one orbit.
pub(crate) struct Tables {
    n: usize,
    r: usize,
    cycles: Table,
    twists: Table,
}

impl Tables {
    pub fn new(local: &LocalGens, r: u8, cycles: &[Found], twists: &[Found]) -> Tables {
        let n = local.modulus.len();
        let rr = r as usize;
        let inv: Vec<Vec<u16>> = local
            .acts
            .iter()
            .map(|a| super::layout::inverse_perm(&a.perm))
            .collect();
        let mut t = Tables {
            n,
            r: rr,
            cycles: Table::new(n * n * n * rr * rr),
            twists: Table::new(n * n * rr),
        };
        let seeds = cycles
            .iter()
            .map(|f| {
                let x = (0..n)
                    .find(|&i| f.local.perm[i] as usize != i)
                    .expect("a 3-cycle moves");
                let y = f.local.perm[x] as usize;
                let z = f.local.perm[y] as usize;
                let i = t.cycle_index(x, y, z, f.local.twist[y], f.local.twist[z]);
                (i, f.word.len(), Source::Word(f.word.clone()))
            })
            .collect();
        let (cn, acts) = (n, &local.acts);
        let decode = move |s: usize| {
            let tw = s % (rr * rr);
            let tri = s / (rr * rr);
            (
                tri / (cn * cn),
                tri / cn % cn,
                tri % cn,
                (tw / rr) as u8,
                (tw % rr) as u8,
            )
        };
        let index = |x, y, z, tx, ty| cycle_index(cn, rr, x, y, z, tx, ty);
        t.cycles.run(seeds, acts.len(), |s, g| {
            let (x, y, z, tx, ty) = decode(s);
            let (gp, gt) = (&inv[g], &acts[g].twist);
            // Piece at xg'⁻¹: g takes it to x (+g''(x)), τ to y (+tx), g⁻¹ back (-g''(y)).
            let tx2 = add(add(gt[x], tx, r), neg(gt[y], r), r);
            let ty2 = add(add(gt[y], ty, r), neg(gt[z], r), r);
            index(gp[x] as usize, gp[y] as usize, gp[z] as usize, tx2, ty2)
        });
        if rr > 1 {
            // τ₁ τ₂⁻¹ for two 3-cycles of one triple with different twists
            // (Eidswick's τ₁ τ₀⁻¹ = μ(c, b)) twists the pieces by the differences.
            let mut best: Vec<(u16, u32, u32)> = vec![(NONE, 0, 0); n * n * rr];
            for x in 0..n {
                for y in x + 1..n {
                    for z in x + 1..n {
                        if z == y {
                            continue;
                        }
                        let avail: Vec<(u8, u8, usize)> = (0..r)
                            .flat_map(|a| (0..r).map(move |b| (a, b)))
                            .map(|(a, b)| (a, b, t.cycle_index(x, y, z, a, b)))
                            .filter(|&(_, _, i)| t.cycles.cost[i] != NONE)
                            .collect();
                        for &(a1, b1, i1) in &avail {
                            for &(a2, b2, i2) in &avail {
                                let da = add(a1, neg(a2, r), r);
                                let db = add(b1, neg(b2, r), r);
                                let d = [da, db, neg(add(da, db, r), r)];
                                let Some(zero) = (0..3).find(|&k| d[k] == 0) else {
                                    continue;
                                };
                                if d.iter().all(|&v| v == 0) {
                                    continue;
                                }
                                let slots = [x, y, z];
                                let (p, q) = ((zero + 1) % 3, (zero + 2) % 3);
                                let c = t.cycles.cost[i1] + t.cycles.cost[i2];
                                let k = t.twist_index(slots[p], slots[q], d[p]);
                                if c < best[k].0 {
                                    best[k] = (c, i1 as u32, i2 as u32);
                                }
                            }
                        }
                    }
                }
            }
            let mut seeds: Vec<(usize, usize, Source)> = best
                .iter()
                .enumerate()
                .filter(|(_, b)| b.0 != NONE)
                .map(|(k, b)| (k, b.0 as usize, Source::Pair(b.1, b.2)))
                .collect();
            for f in twists {
                let xs: Vec<usize> = (0..n).filter(|&i| f.local.twist[i] != 0).collect();
                // Powers reach every amount of twist.
                for k in 1..rr {
                    let amount = (f.local.twist[xs[0]] as usize * k % rr) as u8;
                    if amount != 0 {
                        let i = t.twist_index(xs[0], xs[1], amount);
                        seeds.push((i, k * f.word.len(), Source::Power(f.word.clone(), k)));
                    }
                }
            }
            let tn = n;
            t.twists.run(seeds, acts.len(), |s, g| {
                let (x, y, a) = (s / (tn * rr), s / rr % tn, (s % rr) as u8);
                let gp = &inv[g];
                twist_index(tn, rr, gp[x] as usize, gp[y] as usize, a)
            });
        }
        t
    }

    fn cycle_index(&self, x: usize, y: usize, z: usize, tx: u8, ty: u8) -> usize {
        cycle_index(self.n, self.r, x, y, z, tx, ty)
    }

    fn twist_index(&self, x: usize, y: usize, a: u8) -> usize {
        twist_index(self.n, self.r, x, y, a)
    }

    /// The cost of the cheapest 3-cycle `x → y → z` where the piece leaving `x`
    /// gains twist `tx` and the one leaving `y` gains `ty` (`None`: any twists).
    pub fn cycle(&self, x: usize, y: usize, z: usize, tx: Option<u8>, ty: Option<u8>) -> Option<(u16, usize)> {
        let r = self.r as u8;
        let mut best: Option<(u16, usize)> = None;
        for a in 0..r {
            if tx.is_some_and(|t| t != a) {
                continue;
            }
            for b in 0..r {
                if ty.is_some_and(|t| t != b) {
                    continue;
                }
                let i = self.cycle_index(x, y, z, a, b);
                let c = self.cycles.cost[i];
                if c != NONE && best.is_none_or(|(bc, _)| c < bc) {
                    best = Some((c, i));
                }
            }
        }
        best
    }

    /// The cheapest twist of `a` at `x` and `-a` at `y`.
    pub fn twist(&self, x: usize, y: usize, a: u8) -> Option<(u16, usize)> {
        let i = self.twist_index(x, y, a);
        let c = self.twists.cost[i];
        (c != NONE).then_some((c, i))
    }

    pub fn cycle_word(&self, l: &Layout, i: usize) -> Vec<u32> {
        self.cycles.word(l, i, None)
    }

    pub fn twist_word(&self, l: &Layout, i: usize) -> Vec<u32> {
        self.twists.word(l, i, Some(&self.cycles))
    }

    /// Every 3-cycle of positions has an entry, and (when pieces twist) every
    /// two-piece twist: then Proposition 7 can finish any even state.
    pub fn complete(&self, twists: bool) -> bool {
        let n = self.n;
        for x in 0..n {
            for y in 0..n {
                for z in 0..n {
                    if x < y && x < z && y != z && self.cycle(x, y, z, None, None).is_none() {
                        return false;
                    }
                }
            }
        }
        if twists {
            for x in 0..n {
                for y in x + 1..n {
                    for a in 1..self.r as u8 {
                        if self.twist(x, y, a).is_none() {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// Mean cost of a two-piece twist (used to weigh exact-twist 3-cycles).
    pub fn mean_twist_cost(&self) -> u16 {
        let costs: Vec<u32> = self
            .twists
            .cost
            .iter()
            .filter(|&&c| c != NONE)
            .map(|&c| c as u32)
            .collect();
        if costs.is_empty() {
            0
        } else {
            (costs.iter().sum::<u32>() / costs.len() as u32) as u16
        }
    }
}

/// 3-cycles are stored rotated so that the smallest slot comes first.
fn cycle_index(n: usize, rr: usize, x: usize, y: usize, z: usize, tx: u8, ty: u8) -> usize {
    let r = rr as u8;
    let tz = neg(add(tx, ty, r), r);
    let (x, y, z, tx, ty) = if x < y && x < z {
        (x, y, z, tx, ty)
    } else if y < z {
        (y, z, x, ty, tz)
    } else {
        (z, x, y, tz, tx)
    };
    ((x * n + y) * n + z) * rr * rr + tx as usize * rr + ty as usize
}

/// Twists are stored with the smaller slot first.
fn twist_index(n: usize, r: usize, x: usize, y: usize, a: u8) -> usize {
    let (x, y, a) = if x < y {
        (x, y, a as usize)
    } else {
        (y, x, (r - a as usize) % r)
    };
    (x * n + y) * r + a
}
