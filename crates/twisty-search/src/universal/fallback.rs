//! The fallback for orbits without a complete set of commutator 3-cycles
//! (the skewb, Eidswick's Examples 2 and 3, the edge-turning tetrahedron,
//! small orbits whose group is not alternating): breadth-first search over the
//! visible states of those orbits alone.
//!
//! A state of a block of orbits is what one sees there: the label and twist in
//! each slot. The search runs once per puzzle, backwards from the solved block
//! state, over "macro moves": the move powers when nothing is solved yet (then
//! the state also carries the parities and twist sums of all orbits, which the
//! moves change and which must come back to 0 for the later 3-cycle phases), or
//! else the commutators found for the orbit, which fix the solved orbits and
//! every invariant. Solving follows the tree from the state to the root: a
//! shortest sequence of macro moves.

use std::collections::HashMap;

use cubist_perm::{Perm, StabChain};
use num_bigint::BigUint;

use super::act::{add, Act};
use super::invariants::Invariants;
use super::layout::Layout;

/// Blocks with more reachable states than this are not searched.
pub(crate) const MAX_STATES: usize = 3_000_000;
/// At most this many macro moves (the shortest distinct ones).
const MAX_MACROS: usize = 160;

pub(crate) struct Fallback {
    slots: Vec<u16>,
    /// Position in `slots` of each global slot of the block.
    index: Vec<u32>,
    /// Labels renumbered densely, per slot of the block.
    labels: Vec<u8>,
    macros: Vec<Vec<u32>>,
    /// Whether the invariants are part of the state.
    track: bool,
    /// The states in breadth-first order (the solved state first) and their index.
    states: Vec<Vec<u8>>,
    index_of_state: HashMap<Vec<u8>, u32>,
    /// For each state: the macro that leads one step towards solved, and the
    /// state it leads to.
    via: Vec<u32>,
    parent: Vec<u32>,
    /// The global elements of the macros.
    acts: Vec<Act>,
}

impl Fallback {
    /// Searches the block `orbits` with the given macro words (`track`: they may
    /// change invariants). `None` if the block has too many states.
    pub fn new(l: &Layout, inv: &Invariants, orbits: &[usize], words: Vec<Vec<u32>>, track: bool) -> Option<Fallback> {
        let slots: Vec<u16> = orbits.iter().flat_map(|&o| l.orbits[o].slots.iter().copied()).collect();
        let mut dense: Vec<u32> = slots
            .iter()
            .map(|&s| l.label[s as usize] + (l.orbit_of[s as usize] << 20))
            .collect();
        dense.sort_unstable();
        dense.dedup();
        if dense.len() > 255 {
            return None;
        }
        let labels: Vec<u8> = slots
            .iter()
            .map(|&s| {
                let key = l.label[s as usize] + (l.orbit_of[s as usize] << 20);
                dense.binary_search(&key).expect("own label") as u8
            })
            .collect();
        // Searched over the moves themselves, the block's states are at least
        // the order of the group the moves induce on it (see `surely_too_large`).
        let by_moves = (0..l.gens.len() as u32).all(|g| words.iter().any(|w| w[..] == [g]));
        let mut words = words;
        words.sort_by_key(|w| w.len());
        let mut seen_actions = std::collections::HashSet::new();
        let mut macros = Vec::new();
        let mut acts = Vec::new();
        for w in words {
            let a = l.word_act(&w);
            let key = (
                slots.iter().map(|&s| a.perm[s as usize]).collect::<Vec<_>>(),
                slots.iter().map(|&s| a.twist[s as usize]).collect::<Vec<_>>(),
                if track { inv.vector(l, &a) } else { vec![] },
            );
            if seen_actions.insert(key) {
                macros.push(w);
                acts.push(a);
            }
            if macros.len() == MAX_MACROS {
                break;
            }
        }
        let inverses: Vec<Act> = acts.iter().map(|a| a.inverse(&l.modulus)).collect();
        if !small_enough(l, orbits, track.then_some(inv)) || (by_moves && surely_too_large(l, orbits)) {
            return None;
        }
        let mut index = vec![u32::MAX; l.slots()];
        for (k, &s) in slots.iter().enumerate() {
            index[s as usize] = k as u32;
        }
        let mut fb = Fallback {
            index,
            slots,
            labels,
            macros,
            track,
            states: Vec::new(),
            index_of_state: HashMap::new(),
            via: Vec::new(),
            parent: Vec::new(),
            acts,
        };
        let n_inv = if track { inv.radix().len() } else { 0 };
        let mut target = Vec::with_capacity(2 * fb.slots.len() + n_inv);
        for &lab in &fb.labels {
            target.extend([lab, 0]);
        }
        target.extend(std::iter::repeat_n(0, n_inv));
        fb.index_of_state.insert(target.clone(), 0);
        fb.states.push(target);
        fb.via.push(u32::MAX);
        fb.parent.push(u32::MAX);
        let deltas: Vec<Vec<u64>> = if track {
            inverses.iter().map(|a| inv.vector(l, a)).collect()
        } else {
            vec![vec![]; inverses.len()]
        };
        let mut i = 0;
        while i < fb.states.len() {
            let state = fb.states[i].clone();
            for (m, a) in inverses.iter().enumerate() {
                let s2 = fb.step(l, inv, &state, a, &deltas[m]);
                if let std::collections::hash_map::Entry::Vacant(e) = fb.index_of_state.entry(s2.clone()) {
                    e.insert(fb.states.len() as u32);
                    fb.states.push(s2);
                    fb.via.push(m as u32);
                    fb.parent.push(i as u32);
                }
            }
            if fb.states.len() > MAX_STATES {
                return None;
            }
            i += 1;
        }
        Some(fb)
    }

    /// The visible block state after applying `a` (with invariant change `delta`).
    fn step(&self, l: &Layout, inv: &Invariants, state: &[u8], a: &Act, delta: &[u64]) -> Vec<u8> {
        let mut out = state.to_vec();
        for (k, &s) in self.slots.iter().enumerate() {
            let d = a.perm[s as usize] as usize;
            let j = self.index_of(d);
            out[2 * j] = state[2 * k];
            out[2 * j + 1] = add(state[2 * k + 1], a.twist[d], l.modulus[d]);
        }
        let base = 2 * self.slots.len();
        if self.track {
            for (i, (&dx, &r)) in delta.iter().zip(inv.radix()).enumerate() {
                out[base + i] = ((out[base + i] as u64 + dx) % r) as u8;
            }
        }
        out
    }

    fn index_of(&self, slot: usize) -> usize {
        self.index[slot] as usize
    }

    /// The state of `g` on the block.
    fn state_of(&self, l: &Layout, inv: &Invariants, g: &Act) -> Vec<u8> {
        let mut out = vec![0u8; 2 * self.slots.len()];
        for (k, &s) in self.slots.iter().enumerate() {
            let d = g.perm[s as usize] as usize;
            let j = self.index_of(d);
            out[2 * j] = self.labels[k];
            out[2 * j + 1] = g.twist[d];
        }
        if self.track {
            out.extend(inv.vector(l, g).iter().map(|&x| x as u8));
        }
        out
    }

    /// Solves the block of `g` in place; the macro words used.
    pub fn solve(&self, l: &Layout, inv: &Invariants, g: &mut Act) -> Result<Vec<Vec<u32>>, String> {
        let mut used = Vec::new();
        let mut scratch = g.clone();
        let s = self.state_of(l, inv, g);
        let Some(&start) = self.index_of_state.get(&s) else {
            return Err("the state is not reachable with the macro moves of the breadth-first fallback".into());
        };
        let mut i = start as usize;
        while i != 0 {
            let m = self.via[i] as usize;
            for &x in &self.macros[m] {
                g.apply(&l.gens[x as usize].act, &l.modulus, &mut scratch);
            }
            used.push(self.macros[m].clone());
            i = self.parent[i] as usize;
        }
        Ok(used)
    }

    pub fn states(&self) -> usize {
        self.states.len()
    }

    /// The word leading state `i` to solved.
    fn path(&self, mut i: usize) -> Vec<u32> {
        let mut w = Vec::new();
        while i != 0 {
            w.extend(&self.macros[self.via[i] as usize]);
            i = self.parent[i] as usize;
        }
        w
    }

    /// Schreier generators of the stabiliser of the solved block (Schreier's
    /// lemma: with `w_x` the tree word from state `x` to solved, the elements
    /// `w_x⁻¹ g w_(xg)` for all states `x` and move powers `g` generate it), as
    /// macro moves for the next orbit `o`: one shortest word per distinct action
    /// on `o` and on the invariants, at most `max` of them, shortest first.
    /// Only meaningful for a block searched with the move powers as macros.
    pub fn schreier_macros(&self, l: &Layout, inv: &Invariants, o: usize, max: usize) -> Vec<Vec<u32>> {
        let orbit = &l.orbits[o];
        let m = l.orbit_modulus(o);
        let local = |a: &Act| a.restrict(&orbit.slots, &l.local);
        let macro_local: Vec<Act> = self.acts.iter().map(local).collect();
        let macro_vec: Vec<Vec<u64>> = self.acts.iter().map(|a| inv.vector(l, a)).collect();
        let radix = inv.radix();
        let addv =
            |a: &[u64], b: &[u64]| -> Vec<u64> { a.iter().zip(b).zip(radix).map(|((x, y), r)| (x + y) % r).collect() };
        // W[x], V[x], D[x]: action on o, invariants and length of w_x.
        let n = self.states.len();
        let mut w_act = Vec::with_capacity(n);
        let mut w_vec = Vec::with_capacity(n);
        let mut depth = Vec::with_capacity(n);
        w_act.push(Act::identity(orbit.size()));
        w_vec.push(vec![0u64; radix.len()]);
        depth.push(0usize);
        for i in 1..n {
            let (mc, p) = (self.via[i] as usize, self.parent[i] as usize);
            w_act.push(macro_local[mc].then(&w_act[p], &m));
            w_vec.push(addv(&macro_vec[mc], &w_vec[p]));
            depth.push(self.macros[mc].len() + depth[p]);
        }
        let gen_local: Vec<Act> = l.gens.iter().map(|g| local(&g.act)).collect();
        let gen_vec: Vec<Vec<u64>> = l.gens.iter().map(|g| inv.vector(l, &g.act)).collect();
        let gen_delta: Vec<Vec<u64>> = if self.track {
            gen_vec.clone()
        } else {
            vec![vec![]; l.gens.len()]
        };
        // (action on o, invariants) -> (length, x, g, xg) of the shortest generator.
        let mut best: HashMap<SchreierKey, (usize, usize, usize, usize)> = HashMap::new();
        for x in 0..n {
            let wx_inv = w_act[x].inverse(&m);
            let vx_neg: Vec<u64> = w_vec[x].iter().zip(radix).map(|(v, r)| (r - v) % r).collect();
            for (g, ga) in l.gens.iter().enumerate() {
                let s2 = self.step(l, inv, &self.states[x], &ga.act, &gen_delta[g]);
                let Some(&y) = self.index_of_state.get(&s2) else {
                    continue;
                };
                let y = y as usize;
                let act = wx_inv.then(&gen_local[g], &m).then(&w_act[y], &m);
                if act == Act::identity(orbit.size()) {
                    continue;
                }
                let v = addv(&addv(&vx_neg, &gen_vec[g]), &w_vec[y]);
                let len = depth[x] + 1 + depth[y];
                let e = best.entry((act, v)).or_insert((usize::MAX, 0, 0, 0));
                if len < e.0 {
                    *e = (len, x, g, y);
                }
            }
        }
        let mut chosen: Vec<(usize, usize, usize, usize)> = best.into_values().collect();
        chosen.sort_unstable();
        chosen.truncate(max);
        chosen
            .into_iter()
            .map(|(_, x, g, y)| {
                let wx: Vec<u32> = self
                    .path(x)
                    .iter()
                    .rev()
                    .map(|&a| l.gens[a as usize].inv as u32)
                    .collect();
                let mut w = wx;
                w.push(g as u32);
                w.extend(self.path(y));
                w
            })
            .collect()
    }
}

/// The order of the group the moves induce on the slots of `orbits` (and on
/// their twists where a piece shows them): how many states a breadth-first
/// search of the block visits at least when its pieces are all distinct
/// (then every element is a different visible state), at most otherwise.
/// Schreier-Sims on the block alone, so it is cheap even when the number
/// is far too large to search; the refusal of a block names it.
pub(crate) fn block_order(l: &Layout, orbits: &[usize]) -> (BigUint, bool) {
    // Each slot is `modulus` points (slot, twist) when twists show, else one.
    let mut first_point = vec![u32::MAX; l.slots()];
    let mut width = vec![1u8; l.slots()];
    let mut degree = 0u32;
    let mut distinct = true;
    for &o in orbits {
        let orbit = &l.orbits[o];
        distinct &= orbit.distinct;
        for &s in &orbit.slots {
            let s = s as usize;
            first_point[s] = degree;
            if orbit.twists() && orbit.orientations == u32::from(orbit.modulus) {
                width[s] = orbit.modulus;
            }
            degree += u32::from(width[s]);
        }
    }
    let gens: Vec<Perm> = l
        .gens
        .iter()
        .map(|g| {
            let mut images = vec![0u32; degree as usize];
            for (s, &p0) in first_point.iter().enumerate() {
                if p0 == u32::MAX {
                    continue;
                }
                // The piece at `s` with twist `t` goes to `d` with twist
                // `t + twist[d]` (twists are indexed by destination).
                let d = g.act.perm[s] as usize;
                for t in 0..width[s] {
                    let t2 = (u32::from(t) + u32::from(g.act.twist[d])) % u32::from(width[d]);
                    images[(p0 + u32::from(t)) as usize] = first_point[d] + t2;
                }
            }
            Perm::from_images(images).expect("a move permutes the block's slots")
        })
        .collect();
    (StabChain::new(degree as usize, &gens).order(), distinct)
}

/// A Schreier generator's action: on the next orbit, and on the invariants.
type SchreierKey = (Act, Vec<u64>);

/// Whether a breadth-first search of the block stays small, checked before
/// it is tried: the states are at most a bound per orbit (the arrangements of
/// its labels times `r^|O|`), and at most the order of the group the moves
/// induce on the block ([`block_order`]); either bound times the reachable
/// invariant vectors when they are tracked, at most a few times
/// [`MAX_STATES`]. The cheap bound decides first; the group's order (a
/// Schreier-Sims run on the block alone) is computed only when the cheap one
/// is too large, so a block whose pieces the moves barely mix (the 3x3x3
/// under `<R, L>`: 16 elements, where the cheap bound says 5.6 * 10^11) is
/// still searched.
pub(crate) fn small_enough(l: &Layout, orbits: &[usize], inv: Option<&Invariants>) -> bool {
    let invariants = inv.map_or(1.0, |inv| inv.image_size() as f64);
    let limit = 20.0 * MAX_STATES as f64;
    if arrangements(l, orbits) * invariants <= limit {
        return true;
    }
    let order = block_order(l, orbits).0;
    order <= BigUint::from((limit / invariants) as u64)
}

/// Whether a search of the block over the moves themselves would certainly
/// pass [`MAX_STATES`], so it is not started (it would fill memory for
/// seconds, even minutes, only to give up). With every piece of the block
/// distinct, the states it reaches are at least the order of the group the
/// moves induce on the block: an element that fixes the solved block fixes
/// every point of [`block_order`]'s action. `PSL(2, 191)` on 192 points, of
/// order 3,483,840, is refused at once instead of after 3 million states.
fn surely_too_large(l: &Layout, orbits: &[usize]) -> bool {
    if arrangements(l, orbits) <= MAX_STATES as f64 {
        return false;
    }
    let (order, distinct) = block_order(l, orbits);
    distinct && order > BigUint::from(MAX_STATES)
}

/// The cheap bound on a block's states: per orbit, the arrangements of its
/// labels times `r^|O|`.
fn arrangements(l: &Layout, orbits: &[usize]) -> f64 {
    let mut bound = 1f64;
    for &o in orbits {
        let orbit = &l.orbits[o];
        let mut labels: Vec<u32> = orbit.slots.iter().map(|&s| l.label[s as usize]).collect();
        labels.sort_unstable();
        let mut run = 0;
        for k in 0..labels.len() {
            run = if k > 0 && labels[k] == labels[k - 1] {
                run + 1
            } else {
                1
            };
            bound *= (k + 1) as f64 / run as f64 * orbit.modulus as f64;
        }
    }
    bound
}
