//! The puzzle seen by the solver: every slot of every set numbered globally, the
//! orbits of the moves on the slots (Eidswick's `O_1 … O_N`), and the move
//! powers (`R`, `R2`, `R'`…) as compact elements with their supports.

use num_integer::Integer;

use super::act::{Act, Bits};
use crate::Error;
use cubist_io::LimitError;
use cubist_twisty::{Element, Puzzle};

/// Move orders above this use only the powers ±1 (a move of order 60 would
/// otherwise give 59 search letters).
const MAX_POWERS_ORDER: u32 = 12;

/// One orbit of slots.
#[derive(Clone, Debug)]
pub(crate) struct Orbit {
    pub set: usize,
    /// Global slot numbers, ascending.
    pub slots: Vec<u16>,
    /// The set's orientation modulus (twists are kept modulo this).
    pub modulus: u8,
    /// How many orientations a piece can show in one slot (1: twists follow from positions).
    pub orientations: u32,
    /// Proposition 2's law: twist sums are 0 modulo this (when > 1 and pieces twist).
    pub law: Option<u32>,
    /// Every piece of the orbit has a label no other piece of the orbit has.
    pub distinct: bool,
    /// Some move moves or twists a slot of the orbit.
    pub moved: bool,
    /// Human name: the set, plus the slots when the set has several orbits.
    pub name: String,
}

impl Orbit {
    pub fn size(&self) -> usize {
        self.slots.len()
    }

    /// Twists of this orbit matter (and can be non-zero).
    pub fn twists(&self) -> bool {
        self.orientations > 1
    }

    /// An orbit the 3-cycle / fallback phases must restore: it has at least two
    /// slots, something moves it, and its pieces are not all alike and untwistable.
    pub fn needs_solving(&self, labels: &[u32]) -> bool {
        let alike = self
            .slots
            .iter()
            .all(|&s| labels[s as usize] == labels[self.slots[0] as usize]);
        self.size() >= 2 && self.moved && (!alike || self.twists())
    }
}

/// One power of one move: a letter of the words the solver builds.
#[derive(Clone, Debug)]
pub(crate) struct Gen {
    pub mv: usize,
    pub power: i64,
    pub act: Act,
    /// The index of the inverse letter.
    pub inv: usize,
    pub support: Bits,
}

/// Everything the solver needs to know about a puzzle's shape.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Modulus of each global slot.
    pub modulus: Vec<u8>,
    /// Solved label of each global slot (labels compared within a set only).
    pub label: Vec<u32>,
    /// First global slot of each set.
    pub set_offset: Vec<usize>,
    pub orbits: Vec<Orbit>,
    /// Orbit of each global slot.
    pub orbit_of: Vec<u32>,
    /// Position of each global slot inside its orbit's `slots`.
    pub local: Vec<u32>,
    pub gens: Vec<Gen>,
    /// Order of each move.
    pub move_order: Vec<u32>,
    /// `commute[a][b]`: moves `a` and `b` commute (for simplification).
    pub commute: Vec<Vec<bool>>,
}

impl Layout {
    pub fn new(p: &Puzzle) -> Result<Layout, Error> {
        let mut modulus = Vec::new();
        let mut label = Vec::new();
        let mut set_offset = Vec::new();
        for (s, lab) in p.sets.iter().zip(&p.solved) {
            if s.modulus > 255 {
                return Err(LimitError::new(
                    format!("the universal solver on set {}", s.name),
                    format!("orientation modulus {}", s.modulus),
                    "255",
                )
                .into());
            }
            set_offset.push(modulus.len());
            modulus.extend(std::iter::repeat_n(s.modulus as u8, s.size));
            label.extend(lab.iter().copied());
        }
        let n = modulus.len();
        if n >= u16::MAX as usize {
            return Err(LimitError::new("the universal solver", format!("{n} slots"), "65534 slots").into());
        }
        let acts: Vec<Act> = p.moves.iter().map(|m| element_to_act(&m.element, n)).collect();
        let (orbits, orbit_of, local) = find_orbits(p, &acts, &set_offset, &modulus, &label);
        let mut gens = Vec::new();
        let mut move_order = Vec::new();
        for (mv, a) in acts.iter().enumerate() {
            let order = act_order(a, &modulus);
            move_order.push(order);
            let powers: Vec<i64> = if order <= 1 {
                vec![]
            } else if order > MAX_POWERS_ORDER {
                vec![1, -1]
            } else {
                (1..order as i64)
                    .map(|k| if k > order as i64 / 2 { k - order as i64 } else { k })
                    .collect()
            };
            let first = gens.len();
            for &power in &powers {
                let act = act_power(a, power, &modulus);
                let support = act.support();
                gens.push(Gen {
                    mv,
                    power,
                    act,
                    inv: 0,
                    support,
                });
            }
            for i in first..gens.len() {
                let want = -gens[i].power;
                let o = order as i64;
                gens[i].inv = (first..gens.len())
                    .find(|&j| (gens[j].power - want).rem_euclid(o) == 0)
                    .expect("powers come in inverse pairs");
            }
        }
        let commute = acts
            .iter()
            .map(|a| {
                acts.iter()
                    .map(|b| a.then(b, &modulus) == b.then(a, &modulus))
                    .collect()
            })
            .collect();
        Ok(Layout {
            commute,
            modulus,
            label,
            set_offset,
            orbits,
            orbit_of,
            local,
            gens,
            move_order,
        })
    }

    pub fn slots(&self) -> usize {
        self.modulus.len()
    }

    /// The puzzle element as a compact element.
    pub fn act_of(&self, e: &Element) -> Act {
        element_to_act(e, self.slots())
    }

    /// The product of a word of letters (indices into `gens`).
    pub fn word_act(&self, word: &[u32]) -> Act {
        let mut a = Act::identity(self.slots());
        let mut scratch = a.clone();
        for &g in word {
            a.apply(&self.gens[g as usize].act, &self.modulus, &mut scratch);
        }
        a
    }

    /// The moduli of an orbit's positions (all equal), for local elements.
    pub fn orbit_modulus(&self, o: usize) -> Vec<u8> {
        vec![self.orbits[o].modulus; self.orbits[o].size()]
    }

    /// True if every slot of the orbit holds a piece with its solved label and no twist.
    pub fn orbit_solved(&self, a: &Act, o: usize) -> bool {
        let inv = inverse_perm(&a.perm);
        self.orbits[o]
            .slots
            .iter()
            .all(|&s| a.twist[s as usize] == 0 && self.label[inv[s as usize] as usize] == self.label[s as usize])
    }

    /// The slots of the given orbits as a bit set.
    pub fn mask(&self, orbits: &[usize]) -> Bits {
        let mut b = Bits::new(self.slots());
        for &o in orbits {
            for &s in &self.orbits[o].slots {
                b.set(s as usize);
            }
        }
        b
    }
}

pub(crate) fn inverse_perm(perm: &[u16]) -> Vec<u16> {
    let mut inv = vec![0u16; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        inv[p as usize] = i as u16;
    }
    inv
}

fn element_to_act(e: &Element, n: usize) -> Act {
    let mut a = Act::identity(n);
    let mut off = 0;
    for w in e {
        for i in 0..w.degree() {
            a.perm[off + i] = (off + w.perm().image(i as u32) as usize) as u16;
            a.twist[off + i] = w.orient()[i] as u8;
        }
        off += w.degree();
    }
    a
}

fn act_power(a: &Act, k: i64, modulus: &[u8]) -> Act {
    let base = if k < 0 { a.inverse(modulus) } else { a.clone() };
    let mut out = Act::identity(a.perm.len());
    for _ in 0..k.unsigned_abs() {
        out = out.then(&base, modulus);
    }
    out
}

/// The order of an element: lcm over cycles of (length x order of the twist the
/// cycle accumulates).
fn act_order(a: &Act, modulus: &[u8]) -> u32 {
    let n = a.perm.len();
    let mut seen = vec![false; n];
    let mut order = 1u64;
    for i in 0..n {
        if seen[i] {
            continue;
        }
        let (mut len, mut sum, mut j) = (0u64, 0u64, i);
        while !seen[j] {
            seen[j] = true;
            len += 1;
            j = a.perm[j] as usize;
            sum += a.twist[j] as u64;
        }
        let m = modulus[i] as u64;
        let t = sum % m;
        let twist_order = if t == 0 { 1 } else { m / m.gcd(&t) };
        // Saturated at u32::MAX (the caller's bound) so the lcm never overflows.
        let x = len * twist_order;
        order = (order / order.gcd(&x)).saturating_mul(x).min(u64::from(u32::MAX));
    }
    order as u32
}

type Orbits = (Vec<Orbit>, Vec<u32>, Vec<u32>);

fn find_orbits(p: &Puzzle, acts: &[Act], set_offset: &[usize], modulus: &[u8], label: &[u32]) -> Orbits {
    let n = modulus.len();
    let mut orbit_of = vec![u32::MAX; n];
    let mut local = vec![0u32; n];
    let mut orbits: Vec<Orbit> = Vec::new();
    for start in 0..n {
        if orbit_of[start] != u32::MAX {
            continue;
        }
        let id = orbits.len() as u32;
        let mut slots = vec![start as u16];
        orbit_of[start] = id;
        let mut i = 0;
        while i < slots.len() {
            let s = slots[i] as usize;
            for a in acts {
                let t = a.perm[s] as usize;
                if orbit_of[t] == u32::MAX {
                    orbit_of[t] = id;
                    slots.push(t as u16);
                }
            }
            i += 1;
        }
        slots.sort_unstable();
        for (k, &s) in slots.iter().enumerate() {
            local[s as usize] = k as u32;
        }
        let set = set_offset.iter().rposition(|&o| o <= start).expect("slot in a set");
        let r = modulus[start] as usize;
        // Orientations: the twists a piece starting at `start` (twist 0) can show there.
        let mut seen = vec![false; slots.len() * r];
        seen[0] = true;
        let mut queue = vec![(start, 0usize)];
        while let Some((s, t)) = queue.pop() {
            for a in acts {
                let d = a.perm[s] as usize;
                let nt = (t + a.twist[d] as usize) % r;
                let idx = local[d] as usize * r + nt;
                if !seen[idx] {
                    seen[idx] = true;
                    queue.push((d, nt));
                }
            }
        }
        let orientations = seen[..r].iter().filter(|&&b| b).count() as u32;
        let mut g = r as u32;
        for a in acts {
            let sum: u32 = slots.iter().map(|&s| a.twist[s as usize] as u32).sum::<u32>() % r as u32;
            g = g.gcd(&sum);
        }
        let moved = acts.iter().any(|a| {
            slots
                .iter()
                .any(|&s| a.perm[s as usize] != s || a.twist[s as usize] != 0)
        });
        let mut labels: Vec<u32> = slots.iter().map(|&s| label[s as usize]).collect();
        labels.sort_unstable();
        labels.dedup();
        orbits.push(Orbit {
            set,
            distinct: labels.len() == slots.len(),
            modulus: r as u8,
            orientations,
            law: (g > 1 && orientations > 1).then_some(g),
            moved,
            name: String::new(),
            slots,
        });
    }
    // Names: the set alone when it is one orbit.
    for i in 0..orbits.len() {
        let set = orbits[i].set;
        let name = &p.sets[set].name;
        let alone = orbits.iter().filter(|o| o.set == set).count() == 1;
        orbits[i].name = if alone {
            name.clone()
        } else {
            let off = set_offset[set];
            let s: Vec<String> = orbits[i]
                .slots
                .iter()
                .take(4)
                .map(|&x| (x as usize - off + 1).to_string())
                .collect();
            let more = if orbits[i].size() > 4 { ",…" } else { "" };
            format!("{name} (slots {}{more})", s.join(","))
        };
    }
    (orbits, orbit_of, local)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::library;

    #[test]
    fn cube_orbits_and_letters() {
        let l = Layout::new(&library::puzzle("3x3x3").unwrap()).unwrap();
        let big: Vec<(&str, usize, u32)> = l
            .orbits
            .iter()
            .filter(|o| o.size() > 1)
            .map(|o| (o.name.as_str(), o.size(), o.orientations))
            .collect();
        assert_eq!(big, vec![("CORNER", 8, 3), ("EDGE", 12, 2)]);
        // 6 quarter-turn moves of order 4: powers 1, 2, -1 each.
        assert_eq!(l.gens.len(), 18);
        assert_eq!(l.move_order, vec![4; 6]);
        for (i, g) in l.gens.iter().enumerate() {
            let back = g.act.then(&l.gens[g.inv].act, &l.modulus);
            assert_eq!(back, Act::identity(l.slots()), "letter {i}");
        }
    }
}
