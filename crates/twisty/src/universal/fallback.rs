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
    /// For each state: the macro that leads one step towards solved.
    tree: HashMap<Vec<u8>, u32>,
    target: Vec<u8>,
}

impl Fallback {
    /// Searches the block `orbits` with the given macro words (`track`: they may
    /// change invariants). `None` if the block has too many states.
    pub fn new(l: &Layout, inv: &Invariants, orbits: &[usize], words: Vec<Vec<u32>>, track: bool) -> Option<Fallback> {
        let slots: Vec<u16> = orbits.iter().flat_map(|&o| l.orbits[o].slots.iter().copied()).collect();
        let mut dense: Vec<u32> = slots.iter().map(|&s| l.label[s as usize] + (l.orbit_of[s as usize] << 20)).collect();
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
            tree: HashMap::new(),
            target: Vec::new(),
        };
        let n_inv = if track { inv.radix().len() } else { 0 };
        let mut target = Vec::with_capacity(2 * fb.slots.len() + n_inv);
        for &lab in &fb.labels {
            target.extend([lab, 0]);
        }
        target.extend(std::iter::repeat_n(0, n_inv));
        fb.tree.insert(target.clone(), u32::MAX);
        let deltas: Vec<Vec<u64>> = if track {
            inverses.iter().map(|a| inv.vector(l, a)).collect()
        } else {
            vec![vec![]; inverses.len()]
        };
        let mut frontier = vec![target.clone()];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for state in &frontier {
                for (m, a) in inverses.iter().enumerate() {
                    let s2 = fb.step(l, inv, state, a, &deltas[m]);
                    if let std::collections::hash_map::Entry::Vacant(e) = fb.tree.entry(s2.clone()) {
                        e.insert(m as u32);
                        next.push(s2);
                    }
                }
                if fb.tree.len() > MAX_STATES {
                    return None;
                }
            }
            frontier = next;
        }
        fb.target = target;
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
        loop {
            let s = self.state_of(l, inv, g);
            if s == self.target {
                return Ok(used);
            }
            let Some(&m) = self.tree.get(&s) else {
                return Err("the state is not reachable with the macro moves of the breadth-first fallback".into());
            };
            for &x in &self.macros[m as usize] {
                g.apply(&l.gens[x as usize].act, &l.modulus, &mut scratch);
            }
            used.push(self.macros[m as usize].clone());
        }
    }

    pub fn states(&self) -> usize {
        self.tree.len()
    }
}
