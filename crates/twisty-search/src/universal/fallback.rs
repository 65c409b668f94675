//! The fallback for orbits without a complete set of commutator 3-cycles
//! (the skewb, Eidswick's Examples 2 and 3, the edge-turning tetrahedron,
//! small orbits whose group is not alternating): breadth-first search over the
//! visible states of those orbits alone.
//!
//! A state of a block of orbits is what one sees there: the label and twist in
//! each slot. The search runs once per puzzle, backwards from the solved block
//! state, over "macro moves": the move powers when nothing is solved yet (then
//! the state also carries the parities and twist sums of the orbits outside
//! the block, which the moves change and which must come back to 0 for the
//! later 3-cycle phases), or else the commutators found for the orbit, which
//! fix the solved orbits and every invariant. Solving follows the tree from the
//! state to the root: a shortest sequence of macro moves.
//!
//! The states are numbered densely, so the search is a walk over a flat array
//! of one byte per number (the macro leading towards solved) instead of a hash
//! map of state vectors. The block's state is split into parts, each numbered
//! on its own by a small search (its reachable states, with a table of where
//! each macro's inverse takes each of them), and a state's number is the mixed
//! radix number of its parts' numbers. The finest split that fits is used:
//!
//! 1. each orbit alone, and the outside invariants as one more part: the
//!    Master Pyraminx's front block (six edge halves, 23,040 arrangements and
//!    flips) times the 162 values of the invariants outside it is 3.7 million
//!    numbers for 1,866,240 states, searched in a fraction of a second where
//!    hashing each state vector took half a minute;
//! 2. the block's orbits together, the invariants apart (orbits that move
//!    together, as the two halves of tetrahedron #1's edges would in one
//!    block, have far fewer joint states than the product of their parts);
//! 3. everything as one part: each reachable state found by hashing its
//!    vector, once, and the search then over its number.
//!
//! Memory is bounded: every part holds at most [`MAX_STATES`] states (checked
//! as it grows), the index at most [`MAX_INDEX`] entries (checked before it is
//! allocated; a byte each, and 4 bytes for each state reached, the search's
//! queue), the parts' tables at most [`MAX_TABLE_BYTES`], the Schreier
//! generators' tables at most [`MAX_SCHREIER_BYTES`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use cubist_perm::{Perm, StabChain};
use num_bigint::BigUint;

use super::act::{add, Act};
use super::invariants::Invariants;
use super::layout::Layout;

/// A part of a block (one orbit, several, or the block with its invariants)
/// with more reachable states than this is not searched.
pub(crate) const MAX_STATES: usize = 3_000_000;
/// The dense index of a block's states (the product of its parts' sizes) has
/// at most this many entries: 32 MiB at a byte each.
pub(crate) const MAX_INDEX: usize = 1 << 25;
/// The parts' tables (4 bytes per state and macro) take at most this.
const MAX_TABLE_BYTES: usize = 512 << 20;
/// The Schreier generators' search keeps, for each state, its place in the
/// search and its tree word's length and action on the next orbit (a number
/// in a list of the distinct actions, each 3 bytes a slot and its vectors):
/// at most this much.
const MAX_SCHREIER_BYTES: usize = 256 << 20;
/// At most this many macro moves (the shortest distinct ones).
const MAX_MACROS: usize = 160;
/// An index entry not reached by the search.
const UNSEEN: u8 = u8::MAX;

/// One part of a block's visible state, its reachable states numbered.
struct Part {
    /// The global slots it shows (its orbits' slots, concatenated).
    slots: Vec<u16>,
    /// The position in `slots` of each global slot (`u32::MAX` outside).
    position: Vec<u32>,
    /// Labels renumbered densely, per slot of `slots`.
    labels: Vec<u8>,
    /// The invariant coordinates it shows (after the slots).
    coords: Vec<usize>,
    /// The number of each reachable state.
    number: HashMap<Box<[u8]>, u32>,
    /// `back[i * macros + m]`: the number of state `i` after the inverse of
    /// macro `m` (the search's step, from solved outwards).
    back: Vec<u32>,
}

impl Part {
    /// The part of the block made of `orbits` and the invariant coordinates
    /// `coords`, its states found by a breadth-first search from solved over
    /// the inverse macros (`inverses`, changing the invariants by
    /// `inv_deltas`); `None` past [`MAX_STATES`] states or `table_budget` bytes.
    fn new(
        l: &Layout,
        inv: &Invariants,
        orbits: &[usize],
        coords: Vec<usize>,
        inverses: &[Act],
        inv_deltas: &[Vec<u64>],
        table_budget: usize,
    ) -> Option<Part> {
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
        let mut position = vec![u32::MAX; l.slots()];
        for (k, &s) in slots.iter().enumerate() {
            position[s as usize] = k as u32;
        }
        let mut part = Part {
            slots,
            position,
            labels,
            coords,
            number: HashMap::new(),
            back: Vec::new(),
        };
        let width = 2 * part.slots.len() + part.coords.len();
        let mut solved = Vec::with_capacity(width);
        for &lab in &part.labels {
            solved.extend([lab, 0]);
        }
        solved.extend(std::iter::repeat_n(0, part.coords.len()));
        // The states in the order found, `width` bytes each (dropped at the end).
        let mut states = solved.clone();
        part.number.insert(solved.into_boxed_slice(), 0);
        let m = inverses.len();
        let mut next = vec![0u8; width];
        let mut i = 0;
        while i * width < states.len() {
            if (part.number.len() + 1) * m * 4 > table_budget {
                return None;
            }
            for (a, delta) in inverses.iter().zip(inv_deltas) {
                part.step(l, inv, &states[i * width..(i + 1) * width], a, delta, &mut next);
                let n = part.number.len() as u32;
                let k = *part.number.entry(next.clone().into_boxed_slice()).or_insert(n);
                if k == n {
                    states.extend_from_slice(&next);
                }
                part.back.push(k);
            }
            if part.number.len() > MAX_STATES {
                return None;
            }
            i += 1;
        }
        Some(part)
    }

    fn size(&self) -> usize {
        self.number.len()
    }

    /// The state after applying `a` (changing the invariants by `delta`).
    fn step(&self, l: &Layout, inv: &Invariants, state: &[u8], a: &Act, delta: &[u64], out: &mut [u8]) {
        for (k, &s) in self.slots.iter().enumerate() {
            let d = a.perm[s as usize] as usize;
            let j = self.position[d] as usize;
            out[2 * j] = state[2 * k];
            out[2 * j + 1] = add(state[2 * k + 1], a.twist[d], l.modulus[d]);
        }
        let base = 2 * self.slots.len();
        for (i, &c) in self.coords.iter().enumerate() {
            let r = inv.radix()[c];
            out[base + i] = ((u64::from(state[base + i]) + delta[c]) % r) as u8;
        }
    }

    /// The state `g` shows on this part (`vector`: its invariants).
    fn show(&self, g: &Act, vector: &[u64]) -> Vec<u8> {
        let mut out = vec![0u8; 2 * self.slots.len()];
        for (k, &s) in self.slots.iter().enumerate() {
            let d = g.perm[s as usize] as usize;
            let j = self.position[d] as usize;
            out[2 * j] = self.labels[k];
            out[2 * j + 1] = g.twist[d];
        }
        out.extend(self.coords.iter().map(|&c| vector[c] as u8));
        out
    }
}

pub(crate) struct Fallback {
    parts: Vec<Part>,
    /// `strides[j]`: the product of the sizes of the parts before `j`; a
    /// state's number is the sum of its parts' numbers times their strides.
    strides: Vec<usize>,
    macros: Vec<Vec<u32>>,
    /// Whether the invariants are part of the state.
    track: bool,
    /// For each number: the macro leading one step towards solved
    /// ([`UNSEEN`] for numbers the search did not reach; the solved state is 0).
    via: Vec<u8>,
    /// How many states the search reached.
    reached: usize,
    /// The global elements of the macros.
    acts: Vec<Act>,
}

/// How a block's state is split into parts: groups of orbits, and whether
/// the group also shows the invariants outside the block.
type Split = Vec<(Vec<usize>, bool)>;

impl Fallback {
    /// Searches the block `orbits` with the given macro words (`track`: they may
    /// change invariants). `None` if the block has too many states.
    pub fn new(l: &Layout, inv: &Invariants, orbits: &[usize], words: Vec<Vec<u32>>, track: bool) -> Option<Fallback> {
        Fallback::within(l, inv, orbits, words, track, MAX_INDEX)
    }

    /// [`Fallback::new`] with an index of at most `index_limit` entries (the
    /// tests force the coarser splits with a small one).
    fn within(
        l: &Layout,
        inv: &Invariants,
        orbits: &[usize],
        words: Vec<Vec<u32>>,
        track: bool,
        index_limit: usize,
    ) -> Option<Fallback> {
        let slots: Vec<u16> = orbits.iter().flat_map(|&o| l.orbits[o].slots.iter().copied()).collect();
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
        if !small_enough(l, orbits, track.then_some(inv)) || (by_moves && surely_too_large(l, orbits, MAX_INDEX)) {
            return None;
        }
        let inverses: Vec<Act> = acts.iter().map(|a| a.inverse(&l.modulus)).collect();
        let deltas: Vec<Vec<u64>> = inverses.iter().map(|a| inv.vector(l, a)).collect();
        // Only the invariants of the orbits outside the block are parts of
        // the state: the block's own follow from its slots.
        let coords = if track { inv.outside(orbits) } else { Vec::new() };
        let mut splits: Vec<Split> = vec![orbits.iter().map(|&o| (vec![o], false)).collect()];
        if orbits.len() > 1 {
            splits.push(vec![(orbits.to_vec(), false)]);
        }
        if !coords.is_empty() {
            splits.push(vec![(orbits.to_vec(), true)]);
        }
        for split in splits {
            // A part that surely holds too many states is not tried.
            if by_moves && split.iter().any(|(o, _)| surely_too_large(l, o, MAX_STATES)) {
                continue;
            }
            let mut groups: Vec<(&[usize], Vec<usize>)> = split
                .iter()
                .map(|(o, with)| (&o[..], if *with { coords.clone() } else { Vec::new() }))
                .collect();
            if !coords.is_empty() && split.iter().all(|(_, with)| !with) {
                groups.push((&[], coords.clone()));
            }
            let wanted = groups.len();
            let mut parts = Vec::new();
            let mut budget = MAX_TABLE_BYTES;
            for (o, c) in groups {
                let Some(part) = Part::new(l, inv, o, c, &inverses, &deltas, budget) else {
                    break;
                };
                budget -= part.back.len() * 4;
                parts.push(part);
            }
            if parts.len() < wanted {
                continue;
            }
            let mut strides = Vec::with_capacity(parts.len());
            let mut size = 1usize;
            for p in &parts {
                strides.push(size);
                size = size.saturating_mul(p.size());
            }
            if size > index_limit {
                continue;
            }
            let mut fb = Fallback {
                parts,
                strides,
                macros,
                track,
                via: Vec::new(),
                reached: 0,
                acts,
            };
            (fb.via, fb.reached) = fb.search(size);
            return Some(fb);
        }
        None
    }

    /// The breadth-first search over the numbers, from solved (0) outwards
    /// over the inverse macros: the macro leading each number back, and how
    /// many numbers it reached.
    fn search(&self, size: usize) -> (Vec<u8>, usize) {
        let m = self.macros.len();
        let mut via = vec![UNSEEN; size];
        via[0] = 0;
        let mut order = vec![0u32];
        let mut digits = vec![0usize; self.parts.len()];
        let mut i = 0;
        while i < order.len() {
            let x = order[i] as usize;
            self.digits(x, &mut digits);
            for k in 0..m {
                let y = self.back_step(&digits, k);
                if via[y] == UNSEEN {
                    via[y] = k as u8;
                    order.push(y as u32);
                }
            }
            i += 1;
        }
        (via, order.len())
    }

    /// The parts' numbers of state `x`.
    fn digits(&self, x: usize, out: &mut [usize]) {
        for (j, p) in self.parts.iter().enumerate() {
            out[j] = x / self.strides[j] % p.size();
        }
    }

    /// The number of the state with parts' numbers `digits` after the
    /// inverse of macro `k`.
    fn back_step(&self, digits: &[usize], k: usize) -> usize {
        let m = self.macros.len();
        self.parts
            .iter()
            .zip(digits)
            .zip(&self.strides)
            .map(|((p, &d), &s)| p.back[d * m + k] as usize * s)
            .sum()
    }

    /// The number of the state `g` shows on the block, if a part's state is
    /// not among those the macros reach, `None`.
    fn number(&self, l: &Layout, inv: &Invariants, g: &Act) -> Option<usize> {
        let vector = if self.track { inv.vector(l, g) } else { Vec::new() };
        let mut x = 0;
        for (p, &s) in self.parts.iter().zip(&self.strides) {
            x += *p.number.get(&p.show(g, &vector)[..])? as usize * s;
        }
        Some(x)
    }

    /// Solves the block of `g` in place; the macro words used.
    pub fn solve(&self, l: &Layout, inv: &Invariants, g: &mut Act) -> Result<Vec<Vec<u32>>, String> {
        let unreachable =
            || "the state is not reachable with the macro moves of the breadth-first fallback".to_string();
        let mut used = Vec::new();
        let mut scratch = g.clone();
        let mut x = self.number(l, inv, g).ok_or_else(unreachable)?;
        while x != 0 {
            let m = self.via[x];
            if m == UNSEEN {
                return Err(unreachable());
            }
            for &w in &self.macros[m as usize] {
                g.apply(&l.gens[w as usize].act, &l.modulus, &mut scratch);
            }
            used.push(self.macros[m as usize].clone());
            x = self.number(l, inv, g).ok_or_else(unreachable)?;
        }
        Ok(used)
    }

    pub fn states(&self) -> usize {
        self.reached
    }

    /// Schreier generators of the stabiliser of the solved block (Schreier's
    /// lemma: with `w_x` the tree word from state `x` to solved, the elements
    /// `w_x⁻¹ g w_(xg)` for all states `x` and move powers `g` generate it), as
    /// macro moves for the next orbit `o`: one shortest word per distinct action
    /// on `o`, at most `max` of them, shortest first. Only for the front block,
    /// searched over the move powers with the invariants tracked: every
    /// generator then fixes the invariants (its word takes a state back to one
    /// with the same invariants), so only its action on `o` tells it apart.
    /// Empty for a block searched otherwise, or when the tree words' actions
    /// on `o` would take more than [`MAX_SCHREIER_BYTES`], and when `cancel`
    /// is set meanwhile (looked at every 65,536 states: the caller then
    /// stops too).
    pub fn schreier_macros(
        &self,
        l: &Layout,
        inv: &Invariants,
        o: usize,
        max: usize,
        cancel: &AtomicBool,
    ) -> Vec<Vec<u32>> {
        let stopped = |i: usize| i % (1 << 16) == 0 && cancel.load(Ordering::Relaxed);
        let orbit = &l.orbits[o];
        let n = orbit.size();
        let size = self.via.len();
        let bytes = self.reached.saturating_mul(12).saturating_add(size / 4);
        if !self.track || self.macros.iter().any(|w| w.len() != 1) || bytes > MAX_SCHREIER_BYTES {
            return Vec::new();
        }
        let m = l.orbit_modulus(o);
        // The macro acting on the block as each move power does (the macros
        // are the move powers, one per action on the block): a step forward
        // by a letter is a step back by the macro acting as its inverse.
        let block: Vec<u16> = self.parts.iter().flat_map(|p| p.slots.iter().copied()).collect();
        let key = |a: &Act| {
            (
                block.iter().map(|&s| a.perm[s as usize]).collect::<Vec<u16>>(),
                block.iter().map(|&s| a.twist[s as usize]).collect::<Vec<u8>>(),
                inv.vector(l, a),
            )
        };
        let by_action: HashMap<_, usize> = self.acts.iter().enumerate().map(|(k, a)| (key(a), k)).collect();
        let Some(alias) = l
            .gens
            .iter()
            .map(|g| by_action.get(&key(&g.act)).copied())
            .collect::<Option<Vec<usize>>>()
        else {
            return Vec::new();
        };
        let back_by = |g: usize| alias[l.gens[g].inv];
        // The reached numbers ranked (a bit each, and a count per 64, side
        // by side: one read), so the tables below hold the reached states only.
        let mut ranks = vec![(0u64, 0u32); size.div_ceil(64)];
        for (x, &v) in self.via.iter().enumerate() {
            if v != UNSEEN {
                ranks[x / 64].0 |= 1 << (x % 64);
            }
        }
        let mut count = 0u32;
        for r in &mut ranks {
            r.1 = count;
            count += r.0.count_ones();
        }
        let rank = |x: usize| {
            let (bits, before) = ranks[x / 64];
            (before + (bits & ((1u64 << (x % 64)) - 1)).count_ones()) as usize
        };
        // Per reached state: its tree word's action on `o`, as a number in a
        // list of the distinct ones (far fewer than the states: the loop
        // below reads 8 bytes a state, and the list stays in cache), and its
        // length; found in the search's order (a state found from `x` by
        // macro `k` has `via` = `k`, and `k`'s inverse is one-to-one, so it
        // is found there only).
        let local = |a: &Act| a.restrict(&orbit.slots, &l.local);
        let macro_local: Vec<Act> = self.acts.iter().map(local).collect();
        // Packed in 4 bytes (the action's number, then the length): the
        // table is read at random, and half the size is twice as fast here.
        let unpack = |t: u32| (t >> 8, t & 0xff);
        let mut actions = Actions::new(n);
        let mut action_number: HashMap<Act, u32> = HashMap::from([(Act::identity(n), 0)]);
        actions.push(&Act::identity(n));
        let mut tree = vec![0u32; self.reached];
        let mut digits = vec![0usize; self.parts.len()];
        let mut order = Vec::with_capacity(self.reached);
        order.push(0u32);
        let mut i = 0;
        let mut w = Act::identity(n);
        while i < order.len() {
            if stopped(i) {
                return Vec::new();
            }
            let x = order[i] as usize;
            let (wx, dx) = unpack(tree[rank(x)]);
            actions.get(wx, &mut w);
            self.digits(x, &mut digits);
            for (k, mk) in macro_local.iter().enumerate() {
                let y = self.back_step(&digits, k);
                if y != 0 && self.via[y] == k as u8 {
                    let a = mk.then(&w, &m);
                    let next = action_number.len() as u32;
                    let wy = *action_number.entry(a).or_insert_with_key(|a| {
                        actions.push(a);
                        next
                    });
                    if actions.bytes() > MAX_SCHREIER_BYTES - bytes || wy >= 1 << 24 || dx + 1 > 255 {
                        return Vec::new();
                    }
                    tree[rank(y)] = wy << 8 | (dx + 1);
                    order.push(y as u32);
                }
            }
            i += 1;
        }
        drop(action_number);
        let mut inverses = Actions::new(n);
        for k in 0..actions.len() {
            actions.get(k as u32, &mut w);
            inverses.push(&w.inverse(&m));
        }
        let gen_local: Vec<Act> = l.gens.iter().map(|g| local(&g.act)).collect();
        // Action on o -> (length, position of x in the search, g, x) of the shortest generator.
        let mut best: HashMap<Box<[u8]>, Generator, Quick> = HashMap::default();
        let mut key = vec![0u8; 3 * n];
        // Each state's place in the search, by rank: the shortest generator
        // of an action is the first in the search's order, as it always was.
        let mut place = vec![0u32; self.reached];
        for (pos, &x) in order.iter().enumerate() {
            place[rank(x as usize)] = pos as u32;
        }
        drop(order);
        // The states in the order of their numbers, not of the search: the
        // states `x g` of the states `x` of a run of numbers then lie in a few
        // runs too (a part's number changes, the others' barely), so their
        // entries in `tree` are read from cache instead of memory.
        let reached = self
            .via
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != UNSEEN)
            .map(|(x, _)| x);
        for (rx, x) in reached.enumerate() {
            if stopped(rx) {
                return Vec::new();
            }
            let (wx, dx) = unpack(tree[rx]);
            let pos = place[rx] as usize;
            let (xp, xt) = inverses.slices(wx);
            self.digits(x, &mut digits);
            for (g, gl) in gen_local.iter().enumerate() {
                let (wy, dy) = unpack(tree[rank(self.back_step(&digits, back_by(g)))]);
                let (yp, yt) = actions.slices(wy);
                // `w_x⁻¹ g w_y` on o: the piece at `k` goes to `c` through
                // `a` and `b`, twisted on arrival at each (twists are
                // indexed by destination).
                let mut moved = false;
                for k in 0..n {
                    let a = xp[k] as usize;
                    let b = gl.perm[a] as usize;
                    let c = yp[b];
                    let twist = add(add(xt[a], gl.twist[b], m[0]), yt[c as usize], m[0]);
                    key[2 * k..2 * k + 2].copy_from_slice(&c.to_le_bytes());
                    key[2 * n + c as usize] = twist;
                    moved |= c as usize != k || twist != 0;
                }
                if !moved {
                    continue;
                }
                let len = (dx + 1 + dy) as usize;
                match best.get_mut(&key[..]) {
                    Some(e) if (len, pos, g) < (e.0, e.1, e.2) => *e = (len, pos, g, x),
                    Some(_) => {}
                    None => {
                        best.insert(key.clone().into_boxed_slice(), (len, pos, g, x));
                    }
                }
            }
        }
        let mut chosen: Vec<Generator> = best.into_values().collect();
        chosen.sort_unstable();
        chosen.truncate(max);
        // The word from state `x` to solved, along the tree.
        let path = |mut x: usize| {
            let mut w = Vec::new();
            let mut digits = vec![0usize; self.parts.len()];
            while x != 0 {
                let h = self.macros[self.via[x] as usize][0];
                w.push(h);
                self.digits(x, &mut digits);
                x = self.back_step(&digits, back_by(h as usize));
            }
            w
        };
        chosen
            .into_iter()
            .map(|(_, _, g, x)| {
                self.digits(x, &mut digits);
                let y = self.back_step(&digits, back_by(g));
                let mut w: Vec<u32> = path(x).iter().rev().map(|&a| l.gens[a as usize].inv as u32).collect();
                w.push(g as u32);
                w.extend(path(y));
                w
            })
            .collect()
    }
}

/// A Schreier generator: its length, the place of `x` in the search, the
/// letter `g` and the number of `x`.
type Generator = (usize, usize, usize, usize);

/// Elements on one orbit, stored flat: the fallback's Schreier generators
/// read two of them for each of millions of pairs.
struct Actions {
    n: usize,
    perm: Vec<u16>,
    twist: Vec<u8>,
}

impl Actions {
    fn new(n: usize) -> Actions {
        Actions {
            n,
            perm: Vec::new(),
            twist: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.twist.len() / self.n.max(1)
    }

    fn bytes(&self) -> usize {
        3 * self.twist.len()
    }

    fn push(&mut self, a: &Act) {
        self.perm.extend(&a.perm);
        self.twist.extend(&a.twist);
    }

    fn slices(&self, k: u32) -> (&[u16], &[u8]) {
        let r = k as usize * self.n..(k as usize + 1) * self.n;
        (&self.perm[r.clone()], &self.twist[r])
    }

    fn get(&self, k: u32, out: &mut Act) {
        let (p, t) = self.slices(k);
        out.perm.copy_from_slice(p);
        out.twist.copy_from_slice(t);
    }
}

/// A quick hash (multiply and rotate, as rustc's FxHash) for the Schreier
/// generators' actions, looked up tens of millions of times: no input here
/// comes from outside, so the default hash's defence against chosen keys
/// buys nothing.
#[derive(Default, Clone, Copy)]
struct Quick(u64);

impl std::hash::Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl std::hash::BuildHasher for Quick {
    type Hasher = Quick;

    fn build_hasher(&self) -> Quick {
        Quick(0)
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

/// Whether a search over the moves themselves of the orbits `orbits` (a
/// block, or a part of one) would certainly reach more than `limit` states,
/// so it is not started (it would fill memory for seconds, even minutes, only
/// to give up). With every piece distinct, the states it reaches are at least
/// the order of the group the moves induce on those orbits: an element that
/// fixes their solved state fixes every point of [`block_order`]'s action.
/// `PSL(2, 191)` on 192 points, of order 3,483,840, is refused at once
/// instead of after 3 million states.
fn surely_too_large(l: &Layout, orbits: &[usize], limit: usize) -> bool {
    if arrangements(l, orbits) <= limit as f64 {
        return false;
    }
    let (order, distinct) = block_order(l, orbits);
    distinct && order > BigUint::from(limit)
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

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use cubist_twisty::library;
    use rand::{Rng, SeedableRng};

    use super::super::act::{add, Act};
    use super::super::invariants::Invariants;
    use super::super::layout::Layout;
    use super::Fallback;

    /// The block state as the search of old kept it: label and twist per
    /// slot of the block, then every invariant when they are tracked.
    fn plain_state(l: &Layout, inv: &Invariants, slots: &[u16], track: bool, g: &Act) -> Vec<u8> {
        let mut out = vec![0u8; 2 * slots.len()];
        for &s in slots {
            let d = g.perm[s as usize];
            let j = slots.iter().position(|&t| t == d).unwrap();
            out[2 * j] = l.label[s as usize] as u8;
            out[2 * j + 1] = g.twist[d as usize];
        }
        if track {
            out.extend(inv.vector(l, g).iter().map(|&x| x as u8));
        }
        out
    }

    /// A plain breadth-first search over `Vec<u8>` states from solved, over
    /// the inverses of the macros: the distance of every reachable state.
    fn plain_distances(
        l: &Layout,
        inv: &Invariants,
        slots: &[u16],
        track: bool,
        macros: &[Act],
    ) -> HashMap<Vec<u8>, usize> {
        let inverses: Vec<Act> = macros.iter().map(|a| a.inverse(&l.modulus)).collect();
        let step = |state: &[u8], a: &Act| {
            let mut out = state.to_vec();
            for (k, &s) in slots.iter().enumerate() {
                let d = a.perm[s as usize];
                let j = slots.iter().position(|&t| t == d).unwrap();
                out[2 * j] = state[2 * k];
                out[2 * j + 1] = add(state[2 * k + 1], a.twist[d as usize], l.modulus[d as usize]);
            }
            if track {
                let delta = inv.vector(l, a);
                let base = 2 * slots.len();
                for (i, (&dx, &r)) in delta.iter().zip(inv.radix()).enumerate() {
                    out[base + i] = ((u64::from(out[base + i]) + dx) % r) as u8;
                }
            }
            out
        };
        let solved = plain_state(l, inv, slots, track, &Act::identity(l.slots()));
        let mut dist = HashMap::from([(solved.clone(), 0)]);
        let mut frontier = vec![solved];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for s in &frontier {
                for a in &inverses {
                    let t = step(s, a);
                    if !dist.contains_key(&t) {
                        dist.insert(t.clone(), d);
                        next.push(t);
                    }
                }
            }
            frontier = next;
        }
        dist
    }

    /// The Master Pyraminx's front block: the outer halves of tetrahedron
    /// #1's edges (6 slots: 720 arrangements times 32 flips with an even
    /// sum) and the 162 values of the invariants outside them, 3,732,480
    /// numbers of which the search reaches 1,866,240 (the figure the hashed
    /// search stored).
    #[test]
    fn master_pyraminx_front_block_numbers() {
        let p = library::puzzle("master-pyraminx").unwrap();
        let l = Layout::new(&p).unwrap();
        let inv = Invariants::new(&l).unwrap();
        let letters = (0..l.gens.len() as u32).map(|g| vec![g]).collect();
        let fb = Fallback::new(&l, &inv, &[0], letters, true).unwrap();
        let sizes: Vec<usize> = fb.parts.iter().map(|p| p.size()).collect();
        assert_eq!(sizes, vec![23_040, 162]);
        assert_eq!(fb.via.len(), 3_732_480);
        assert_eq!(fb.states(), 1_866_240);
    }

    /// The dense search against the plain one on small blocks: as many
    /// states, and every random state solved by as many macros as its plain
    /// distance, the block then solved.
    #[test]
    fn dense_numbers_search_as_a_plain_search() {
        // (puzzle, moves kept, orbits of the block by set name, tracked,
        // macros: the move powers, or commutators of pairs of them).
        type Case<'a> = (&'a str, &'a [&'a str], &'a [&'a str], bool, bool);
        let cases: [Case; 5] = [
            ("skewb", &[], &["CORNER", "CORNER2"], true, true),
            ("skewb", &[], &["CENTER"], false, false),
            ("six-triangles", &[], &["PIECE"], true, true),
            ("two-faces", &[], &["PIECE"], true, true),
            ("skewb", &["DBR", "UBL", "DFL"], &["CENTER", "CORNER2"], true, true),
        ];
        for (name, moves, sets, track, by_moves) in cases {
            let mut p = library::puzzle(name).unwrap();
            if !moves.is_empty() {
                p = p.with_moves(moves).unwrap();
            }
            let l = Layout::new(&p).unwrap();
            let inv = Invariants::new(&l).unwrap();
            let orbits: Vec<usize> = (0..l.orbits.len())
                .filter(|&o| sets.contains(&p.sets[l.orbits[o].set].name.as_str()) && l.orbits[o].size() > 1)
                .collect();
            let letters = l.gens.len() as u32;
            let words: Vec<Vec<u32>> = if by_moves {
                (0..letters).map(|g| vec![g]).collect()
            } else {
                (0..letters)
                    .flat_map(|a| (0..letters).map(move |b| (a, b)))
                    .map(|(a, b)| vec![a, b, l.gens[a as usize].inv as u32, l.gens[b as usize].inv as u32])
                    .collect()
            };
            let fb = Fallback::new(&l, &inv, &orbits, words.clone(), track).unwrap();
            let slots: Vec<u16> = orbits.iter().flat_map(|&o| l.orbits[o].slots.iter().copied()).collect();
            let dist = plain_distances(&l, &inv, &slots, track, &fb.acts);
            // An index no larger than the states: only a split with no
            // unreached numbers fits (the orbits together, or everything as
            // one part), and it must search the same.
            let tight = Fallback::within(&l, &inv, &orbits, words, track, dist.len()).unwrap();
            assert_eq!(tight.via.len(), dist.len(), "{name} {sets:?}");
            for fb in [fb, tight] {
                assert_eq!(fb.states(), dist.len(), "{name} {sets:?}");
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
                for _ in 0..100 {
                    let word: Vec<u32> = (0..40).map(|_| rng.random_range(0..letters)).collect();
                    let mut g = l.word_act(&word);
                    let want = dist[&plain_state(&l, &inv, &slots, track, &g)];
                    let used = fb.solve(&l, &inv, &mut g).unwrap();
                    assert_eq!(used.len(), want, "{name} {sets:?}");
                    let solved = plain_state(&l, &inv, &slots, track, &Act::identity(l.slots()));
                    assert_eq!(plain_state(&l, &inv, &slots, track, &g), solved, "{name} {sets:?}");
                }
            }
        }
    }
}
