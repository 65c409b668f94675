//! The abelian invariants of a state: the parity of its permutation on each
//! orbit (Proposition 1) and the sum of its twists on each orbit that twists
//! (Proposition 2). Both are homomorphisms, so commutators leave them all at 0
//! and every 3-cycle phase needs them fixed first: this is the parity
//! adjustment, generalised to twist sums (the pyraminx tips, whose twist sums
//! nothing else can change).
//!
//! The images of the move powers generate a small abelian group; a
//! breadth-first search over it gives, for every reachable vector of
//! invariants, a shortest word of moves producing it, so the adjustment is the
//! shortest word with the state's vector negated. Eidswick's parity basis
//! `h_i` is one such word per basis orbit; the search finds the shortest
//! combination (on the 3x3x3 a single quarter turn, as his §5 says). A vector
//! outside the group proves the state unreachable, and the failing law is named.
//!
//! Orbits whose pieces are not all distinct have no visible parity (swapping
//! two identical pieces changes the parity, not the state), so their parity is
//! left out; [`super::reduce`] picks the representative with the right parity.

use std::collections::HashMap;

use cubist_perm::gf2::BitMatrix;

use super::act::Act;
use super::layout::Layout;
use crate::Error;
use cubist_io::LimitError;

/// Abelian images above this size are not searched (a puzzle with that many
/// independent invariants is outside what this solver handles).
const MAX_IMAGE: usize = 4_000_000;

#[derive(Clone, Copy, Debug)]
enum Coord {
    Parity(usize),
    TwistSum(usize, u32),
}

pub(crate) struct Invariants {
    coords: Vec<Coord>,
    radix: Vec<u64>,
    /// For each reachable vector: the previous vector and the letter added.
    tree: HashMap<u64, (u64, u32)>,
    /// Parity rows of the letters, for naming a failed parity law.
    parity_rows: Vec<Vec<bool>>,
}

impl Invariants {
    pub fn new(l: &Layout) -> Result<Invariants, Error> {
        let mut coords = Vec::new();
        for (i, o) in l.orbits.iter().enumerate() {
            if !o.moved {
                continue;
            }
            if o.size() >= 2 && o.distinct {
                coords.push(Coord::Parity(i));
            }
            if o.twists() {
                coords.push(Coord::TwistSum(i, o.modulus as u32));
            }
        }
        let radix: Vec<u64> = coords
            .iter()
            .map(|c| match c {
                Coord::Parity(_) => 2,
                Coord::TwistSum(_, r) => *r as u64,
            })
            .collect();
        let mut inv = Invariants {
            coords,
            radix,
            tree: HashMap::new(),
            parity_rows: Vec::new(),
        };
        let letters: Vec<Vec<u64>> = l.gens.iter().map(|g| inv.vector(l, &g.act)).collect();
        inv.parity_rows = letters.iter().map(|v| inv.parity_part(v)).collect();
        let zero = vec![0u64; inv.coords.len()];
        inv.tree.insert(inv.encode(&zero)?, (u64::MAX, u32::MAX));
        let mut frontier = vec![zero];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for v in &frontier {
                let from = inv.encode(v)?;
                for (g, lv) in letters.iter().enumerate() {
                    let w = inv.add(v, lv);
                    let k = inv.encode(&w)?;
                    if let std::collections::hash_map::Entry::Vacant(e) = inv.tree.entry(k) {
                        e.insert((from, g as u32));
                        next.push(w);
                    }
                }
                if inv.tree.len() > MAX_IMAGE {
                    return Err(LimitError::new(
                        "the universal solver's parity and twist-sum table",
                        format!("more than {MAX_IMAGE} combinations"),
                        MAX_IMAGE,
                    )
                    .into());
                }
            }
            frontier = next;
        }
        Ok(inv)
    }

    /// The invariants of `a`, one entry per coordinate.
    pub fn vector(&self, l: &Layout, a: &Act) -> Vec<u64> {
        self.coords
            .iter()
            .map(|c| match *c {
                Coord::Parity(o) => u64::from(!orbit_even(l, a, o)),
                Coord::TwistSum(o, r) => {
                    l.orbits[o]
                        .slots
                        .iter()
                        .map(|&s| a.twist[s as usize] as u64)
                        .sum::<u64>()
                        % r as u64
                }
            })
            .collect()
    }

    fn parity_part(&self, v: &[u64]) -> Vec<bool> {
        self.coords
            .iter()
            .zip(v)
            .filter(|(c, _)| matches!(c, Coord::Parity(_)))
            .map(|(_, &x)| x == 1)
            .collect()
    }

    /// How many invariant vectors the moves reach.
    pub fn image_size(&self) -> usize {
        self.tree.len()
    }

    /// The coordinates of orbits outside `orbits`: a block's own parities and
    /// twist sums follow from what its slots show, the others do not.
    pub fn outside(&self, orbits: &[usize]) -> Vec<usize> {
        (0..self.coords.len())
            .filter(|&i| {
                let (Coord::Parity(o) | Coord::TwistSum(o, _)) = self.coords[i];
                !orbits.contains(&o)
            })
            .collect()
    }

    pub fn radix(&self) -> &[u64] {
        &self.radix
    }

    pub fn add(&self, a: &[u64], b: &[u64]) -> Vec<u64> {
        a.iter()
            .zip(b)
            .zip(&self.radix)
            .map(|((x, y), r)| (x + y) % r)
            .collect()
    }

    fn encode(&self, v: &[u64]) -> Result<u64, Error> {
        let mut k = 0u64;
        for (x, r) in v.iter().zip(&self.radix) {
            k = k.checked_mul(*r).and_then(|k| k.checked_add(*x)).ok_or_else(|| {
                LimitError::new(
                    "the universal solver's parity and twist-sum table",
                    "more than 2^64 combinations",
                    "2^64",
                )
            })?;
        }
        Ok(k)
    }

    /// Shortest words of letters making every invariant of `a` zero (every
    /// single letter that does, else one word of the search tree), or the law
    /// `a` breaks.
    pub fn adjustments(&self, l: &Layout, a: &Act) -> Result<Vec<Vec<u32>>, String> {
        let v = self.vector(l, a);
        let neg: Vec<u64> = v.iter().zip(&self.radix).map(|(x, r)| (r - x) % r).collect();
        let mut key = self.encode(&neg).map_err(|e| e.to_string())?;
        if !self.tree.contains_key(&key) {
            return Err(self.explain(l, &v));
        }
        if v.iter().all(|&x| x == 0) {
            return Ok(vec![vec![]]);
        }
        let singles: Vec<Vec<u32>> = (0..l.gens.len() as u32)
            .filter(|&g| self.vector(l, &l.gens[g as usize].act) == neg)
            .map(|g| vec![g])
            .collect();
        if !singles.is_empty() {
            return Ok(singles);
        }
        let mut word = Vec::new();
        while let Some(&(from, g)) = self.tree.get(&key) {
            if g == u32::MAX {
                break;
            }
            word.push(g);
            key = from;
        }
        word.reverse();
        Ok(vec![word])
    }

    /// Names the law a vector of invariants outside the group breaks.
    fn explain(&self, l: &Layout, v: &[u64]) -> String {
        for (c, &x) in self.coords.iter().zip(v) {
            if let Coord::TwistSum(o, _) = *c {
                if let Some(g) = l.orbits[o].law {
                    if x % g as u64 != 0 {
                        return format!(
                            "twist-sum law: the twists of {} sum to {x}, but every reachable state has a sum of 0 mod {g}",
                            l.orbits[o].name
                        );
                    }
                }
            }
        }
        let parity_orbits: Vec<usize> = self
            .coords
            .iter()
            .filter_map(|c| match c {
                Coord::Parity(o) => Some(*o),
                _ => None,
            })
            .collect();
        let pv = self.parity_part(v);
        if !parity_orbits.is_empty() {
            let m = BitMatrix::from_rows(parity_orbits.len(), &self.parity_rows);
            for rel in m.null_space() {
                let odd = rel.iter().zip(&pv).filter(|(a, b)| **a && **b).count() % 2 == 1;
                if odd {
                    let names: Vec<&str> = rel
                        .iter()
                        .zip(&parity_orbits)
                        .filter(|(b, _)| **b)
                        .map(|(_, &o)| l.orbits[o].name.as_str())
                        .collect();
                    return match names.len() {
                        1 => format!(
                            "parity law: the permutation of {} is odd, but it is always even",
                            names[0]
                        ),
                        2 => format!(
                            "parity law: the permutations of {} and {} have different parities, but they always agree",
                            names[0], names[1]
                        ),
                        _ => format!(
                            "parity law: the permutations of {} have an odd total parity, but it is always even",
                            names.join(", ")
                        ),
                    };
                }
            }
        }
        "a law joining the twist sums and parities of several orbits fails (no product of moves has these invariants)"
            .into()
    }
}

/// True if `a` permutes the slots of orbit `o` evenly.
pub(crate) fn orbit_even(l: &Layout, a: &Act, o: usize) -> bool {
    let slots = &l.orbits[o].slots;
    let mut seen = vec![false; slots.len()];
    let mut swaps = 0;
    for i in 0..slots.len() {
        let mut j = i;
        let mut len = 0;
        while !seen[j] {
            seen[j] = true;
            j = l.local[a.perm[slots[j] as usize] as usize] as usize;
            len += 1;
        }
        swaps += len.max(1) - 1;
    }
    swaps % 2 == 0
}
