//! Finding 3-cycles and twists as commutators (Eidswick's Propositions 3-5 and
//! the Corollary), relative to the orbits already solved (§7).
//!
//! A commutator `[α, β] = α β α⁻¹ β⁻¹` is the identity on every orbit where the
//! supports of `α` and `β` do not meet, and a 3-cycle `(a b c)` on an orbit
//! where they meet in exactly one slot `b` (Proposition 3). So with `S` the
//! solved orbits and `O` the orbit to solve, every pair with
//! `Act'(α) ∩ Act'(β) ∩ S = ∅` and `|Act'(α) ∩ Act'(β) ∩ O| = 1` is a 3-cycle on
//! `O` relative to `S` (anything may happen on the orbits still to be solved).
//! `α` and `β` run over four shapes: a move power, two move powers, a conjugate
//! `γ δ γ⁻¹` (Proposition 4) and a commutator `[γ, δ]` (Proposition 5), pairs
//! tried by increasing commutator length (4 for two move powers … 12). Supports are bit sets, so the whole test is a few word-wide ANDs;
//! only the pairs that pass are multiplied out (on the orbit's slots only) and
//! classified. Pairs whose supports meet in two slots are multiplied out too:
//! their commutator is sometimes a 3-cycle or a pair of twists as well.
//!
//! Twists come from the Corollary, `μ(c, b) = [σ, [α, β]]`: every short `σ`
//! is tried against the shortest 3-cycles found, keeping the results that only
//! twist two pieces of `O`. `[σ, τ]` is the identity on `S` because `τ` is.

use super::act::{Act, Bits};
use super::layout::Layout;

/// An element found by the search: its word (letters index `Layout::gens`)
/// and its action on the orbit searched (local positions).
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub word: Vec<u32>,
    pub local: Act,
}

/// What the search found on one orbit.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found3 {
    /// Commutators acting on the orbit as 3-cycles, and their inverses.
    pub cycles: Vec<Found>,
    /// Elements twisting exactly two pieces of the orbit in place.
    pub twists: Vec<Found>,
    /// Other commutators fixing the solved orbits and moving this one (macro
    /// moves for the breadth-first fallback).
    pub others: Vec<Found>,
}

/// The `β` side of the candidate pairs, built once per puzzle.
pub(crate) struct Betas {
    /// (word, support), grouped by word length 1..=4.
    tiers: Vec<Vec<(Vec<u32>, Bits)>>,
}

/// Caps keeping the search fast on big puzzles (7x7x7: 54 letters).
const MAX_CANDIDATES: usize = 1500;
const MESON_BASES: usize = 24;

impl Betas {
    pub fn new(l: &Layout) -> Betas {
        let g = &l.gens;
        let n = g.len();
        let mut tiers = vec![Vec::new(); 4];
        for (i, gi) in g.iter().enumerate() {
            tiers[0].push((vec![i as u32], gi.support.clone()));
        }
        for y in 0..n {
            for z in 0..n {
                if g[y].mv == g[z].mv || g[y].support.disjoint_on(&g[z].support, &full(l)) {
                    continue;
                }
                let yz = g[y].act.then(&g[z].act, &l.modulus);
                tiers[1].push((vec![y as u32, z as u32], yz.support()));
                let conj = g[z].support.preimage(&g[y].act.perm);
                tiers[2].push((vec![y as u32, z as u32, g[y].inv as u32], conj));
                if y < z {
                    let c = g[y].act.commutator(&g[z].act, &l.modulus);
                    if c.perm.iter().enumerate().any(|(i, &p)| p as usize != i) || c.twist.iter().any(|&t| t != 0) {
                        let w = vec![y as u32, z as u32, g[y].inv as u32, g[z].inv as u32];
                        tiers[3].push((w, c.support()));
                    }
                }
            }
        }
        Betas { tiers }
    }
}

fn full(l: &Layout) -> Bits {
    let mut b = Bits::new(l.slots());
    for i in 0..l.slots() {
        b.set(i);
    }
    b
}

/// The move powers restricted to one orbit.
pub(crate) struct LocalGens {
    pub acts: Vec<Act>,
    pub modulus: Vec<u8>,
}

impl LocalGens {
    pub fn new(l: &Layout, o: usize) -> LocalGens {
        let orbit = &l.orbits[o];
        LocalGens {
            acts: l.gens.iter().map(|g| g.act.restrict(&orbit.slots, &l.local)).collect(),
            modulus: l.orbit_modulus(o),
        }
    }

    pub fn word(&self, word: &[u32]) -> Act {
        let mut a = Act::identity(self.modulus.len());
        for &g in word {
            a = a.then(&self.acts[g as usize], &self.modulus);
        }
        a
    }
}

/// The local elements of the tier words and their inverses, computed on
/// first use (most words never pass the support test).
struct WordCache<'a> {
    local: &'a LocalGens,
    acts: Vec<Vec<Option<(Act, Act)>>>,
    scratch: (Act, Act),
}

impl<'a> WordCache<'a> {
    fn new(local: &'a LocalGens, betas: &Betas) -> WordCache<'a> {
        let n = local.modulus.len();
        WordCache {
            local,
            acts: betas.tiers.iter().map(|t| vec![None; t.len()]).collect(),
            scratch: (Act::identity(n), Act::identity(n)),
        }
    }

    fn get(&mut self, betas: &Betas, tier: usize, i: usize) -> &(Act, Act) {
        let local = self.local;
        self.acts[tier][i].get_or_insert_with(|| {
            let a = local.word(&betas.tiers[tier][i].0);
            let inv = a.inverse(&local.modulus);
            (a, inv)
        })
    }

    /// `[α, β]` for two cached words, into `out`.
    fn commutator(&mut self, betas: &Betas, a: (usize, usize), b: (usize, usize), out: &mut Act) {
        let m = &self.local.modulus;
        self.get(betas, a.0, a.1);
        self.get(betas, b.0, b.1);
        let (alpha, alpha_inv) = self.acts[a.0][a.1].as_ref().expect("cached");
        let (beta, beta_inv) = self.acts[b.0][b.1].as_ref().expect("cached");
        out.clone_from(alpha);
        let (s1, _) = &mut self.scratch;
        out.apply(beta, m, s1);
        out.apply(alpha_inv, m, s1);
        out.apply(beta_inv, m, s1);
    }
}

/// What a local element does, as far as the solver cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Identity,
    ThreeCycle,
    TwoTwist,
    Other,
}

pub(crate) fn shape(a: &Act) -> Shape {
    let (mut moved, mut first, mut twisted, mut twisted_fixed) = (0, usize::MAX, 0, 0);
    for i in 0..a.perm.len() {
        let m = a.perm[i] as usize != i;
        if m {
            moved += 1;
            first = first.min(i);
        }
        if a.twist[i] != 0 {
            twisted += 1;
            if !m {
                twisted_fixed += 1;
            }
        }
    }
    match moved {
        0 => match twisted {
            0 => Shape::Identity,
            2 => Shape::TwoTwist,
            _ => Shape::Other,
        },
        3 if a.perm[a.perm[first] as usize] as usize != first && twisted_fixed == 0 => Shape::ThreeCycle,
        _ => Shape::Other,
    }
}

/// The length of the shortest commutator 3-cycle on orbit `o` relative to the
/// solved slots `solved` (Eidswick's `l_i`), if one of the searched shapes exists.
pub(crate) fn shortest(l: &Layout, betas: &Betas, o: usize, solved: &Bits) -> Option<usize> {
    let target = l.mask(&[o]);
    let local = LocalGens::new(l, o);
    let mut cache = WordCache::new(&local, betas);
    let mut c = Act::identity(local.modulus.len());
    for &(ta, tb) in PAIRS {
        if betas.tiers[ta].len() * betas.tiers[tb].len() > MAX_PAIRS {
            continue;
        }
        for (ia, (wa, sa)) in betas.tiers[ta].iter().enumerate() {
            for (ib, (wb, sb)) in betas.tiers[tb].iter().enumerate() {
                if !sa.disjoint_on(sb, solved) {
                    continue;
                }
                let meet = sa.count_and3(sb, &target);
                if meet == 1 || meet == 2 {
                    cache.commutator(betas, (ta, ia), (tb, ib), &mut c);
                    if shape(&c) == Shape::ThreeCycle {
                        return Some(2 * (wa.len() + wb.len()));
                    }
                }
            }
        }
    }
    None
}

/// Pairs of shapes with more candidate pairs than this are skipped (on the
/// 7x7x7, two-letter words against two-letter words would be 8 million).
const MAX_PAIRS: usize = 2_000_000;

/// The shapes of `(α, β)` tried, as tiers of [`Betas`], by commutator length:
/// 4, 6, 8, 8, 10, 10, 12, 12.
const PAIRS: &[(usize, usize)] = &[(0, 0), (0, 1), (0, 2), (1, 1), (0, 3), (1, 2), (2, 2), (1, 3)];

/// All commutators of the searched shapes that are 3-cycles (or pairs of
/// twists, and with `others` other non-trivial actions) on orbit `o` and the
/// identity on `solved`: the shapes up to two letters longer than the shortest
/// 3-cycle.
pub(crate) fn search(l: &Layout, betas: &Betas, local: &LocalGens, o: usize, solved: &Bits, others: bool) -> Found3 {
    let target = l.mask(&[o]);
    let m = &local.modulus;
    let mut out = Found3::default();
    let mut seen = std::collections::HashSet::new();
    let mut first_len: Option<usize> = None;
    let mut cache = WordCache::new(local, betas);
    let mut c = Act::identity(local.modulus.len());
    for &(ta, tb) in PAIRS {
        let len = 2 * (ta + tb + 2);
        if first_len.is_some_and(|f| len > f + 2) || out.cycles.len() >= MAX_CANDIDATES {
            break;
        }
        if betas.tiers[ta].len() * betas.tiers[tb].len() > MAX_PAIRS {
            continue;
        }
        for (ia, (wa, sa)) in betas.tiers[ta].iter().enumerate() {
            for (ib, (w, supp)) in betas.tiers[tb].iter().enumerate() {
                if !sa.disjoint_on(supp, solved) {
                    continue;
                }
                let meet = sa.count_and3(supp, &target);
                if meet == 0 || meet > 2 {
                    continue;
                }
                cache.commutator(betas, (ta, ia), (tb, ib), &mut c);
                let sh = shape(&c);
                if sh == Shape::Identity || !seen.insert(c.clone()) {
                    continue;
                }
                let mut word = wa.clone();
                word.extend(w);
                word.extend(wa.iter().rev().map(|&x| l.gens[x as usize].inv as u32));
                word.extend(w.iter().rev().map(|&x| l.gens[x as usize].inv as u32));
                let f = Found { word, local: c.clone() };
                match sh {
                    Shape::ThreeCycle => {
                        first_len.get_or_insert(len);
                        out.cycles.push(f);
                    }
                    Shape::TwoTwist => out.twists.push(f),
                    _ => {
                        if others && out.others.len() < MAX_CANDIDATES {
                            out.others.push(f)
                        }
                    }
                }
            }
        }
    }
    // Inverses: [α, β]⁻¹ = [β, α] has the other shapes on the left.
    let inverses: Vec<Found> = out.cycles.iter().map(|f| invert(l, f, m)).collect();
    out.cycles.extend(inverses);
    if !local.acts.is_empty() && l.orbits[o].twists() {
        mesons(l, local, &mut out);
    }
    out
}

fn invert(l: &Layout, f: &Found, m: &[u8]) -> Found {
    Found {
        word: f.word.iter().rev().map(|&x| l.gens[x as usize].inv as u32).collect(),
        local: f.local.inverse(m),
    }
}

/// The Corollary: `[σ, τ]` for `σ` a move power, `τ` one of the shortest
/// 3-cycles. (Where no move power twists one piece of a 3-cycle in place, the
/// tables build twists as `τ₁ τ₂⁻¹` from two 3-cycles instead.)
fn mesons(l: &Layout, local: &LocalGens, out: &mut Found3) {
    let m = &local.modulus;
    let mut bases: Vec<&Found> = out.cycles.iter().collect();
    bases.sort_by_key(|f| f.word.len());
    bases.truncate(MESON_BASES);
    let taus: Vec<(Act, Act)> = bases.iter().map(|f| (f.local.clone(), f.local.inverse(m))).collect();
    let n = m.len();
    let (mut c, mut scratch) = (Act::identity(n), Act::identity(n));
    for (g, gen) in l.gens.iter().enumerate() {
        let sigma = &local.acts[g];
        let sigma_inv = &local.acts[gen.inv];
        for (tau, (t, t_inv)) in bases.iter().zip(&taus) {
            c.clone_from(sigma);
            c.apply(t, m, &mut scratch);
            c.apply(sigma_inv, m, &mut scratch);
            c.apply(t_inv, m, &mut scratch);
            if shape(&c) == Shape::TwoTwist {
                let mut word = vec![g as u32];
                word.extend(&tau.word);
                word.push(gen.inv as u32);
                word.extend(tau.word.iter().rev().map(|&x| l.gens[x as usize].inv as u32));
                out.twists.push(Found { word, local: c.clone() });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::library;

    #[test]
    fn cube_edges_first_then_corners() {
        let p = library::puzzle("3x3x3").unwrap();
        let l = Layout::new(&p).unwrap();
        let betas = Betas::new(&l);
        let corners = l.orbits.iter().position(|o| o.name == "CORNER").unwrap();
        let edges = l.orbits.iter().position(|o| o.name == "EDGE").unwrap();
        let none = Bits::new(l.slots());
        // [R, F] is a 3-cycle of edges (Eidswick's table in §7)...
        assert_eq!(shortest(&l, &betas, edges, &none), Some(4));
        // ... and with the edges solved, corners need a conjugate: [R' D' R, U], 8 moves.
        assert_eq!(shortest(&l, &betas, corners, &l.mask(&[edges])), Some(8));
        let local = LocalGens::new(&l, corners);
        let f = search(&l, &betas, &local, corners, &l.mask(&[edges]), false);
        assert!(!f.cycles.is_empty());
        // No move power twists one corner of a 3-cycle in place, so the twists
        // come from pairs of 3-cycles in the tables: every triple and pair is covered.
        let t = super::super::tables::Tables::new(&local, 3, &f.cycles, &f.twists);
        assert!(t.complete(true));
        for c in f.cycles.iter().chain(&f.twists) {
            let a = l.word_act(&c.word);
            assert!(l.orbit_solved(&a, edges), "{:?} moves edges", c.word);
            assert_eq!(a.restrict(&l.orbits[corners].slots, &l.local), c.local);
        }
    }
}
