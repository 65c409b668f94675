//! God's algorithm reduced by symmetry: one 2-bit entry per class of
//! conjugate states instead of one per state.
//!
//! The design is Kociemba's sym-coordinate, cut to what a general
//! [`Indexer`] allows. The index's most significant digit `A` is one orbit's
//! pieces (its arrangement, with its twists when they share the digit),
//! chosen so that every symmetry maps that orbit onto itself: then a
//! state's `A` after conjugation depends on its `A` alone, and a table of
//! `A`'s values sorts them into classes, each with a representative (the
//! least value), one symmetry taking each value there, and the symmetries
//! that fix the representative (its stabiliser). A state `(A, R)` is
//! stored at `(class of A, R')`, `R'` the least rest among the conjugates
//! whose `A` is the representative: those are the conjugates by the
//! symmetry to the representative followed by each of its stabiliser, so
//! one conjugation suffices for all but the few states whose `A` is itself
//! symmetric. The table is `classes of A × |R|` entries: close to the
//! full space divided by the number of symmetries.
//!
//! How a state is conjugated, and why not as Kociemba does: his
//! conjugation tables are built for the 3x3x3's coordinates, whose twists
//! are read against the U/D axis that his 16 symmetries keep. Under a
//! symmetry that moves the axis, a twist's conjugate depends on where the
//! pieces are too. So each coordinate gets its own tables
//! ([`Conjugator`]): an arrangement's image is a lookup; a twist's is a
//! lookup (each twist turned and carried to its new slot) plus, digit by
//! digit, an offset looked up from the same orbit's arrangement (what the
//! symmetry does to each piece's frame). Where those tables would be too
//! large, or the index is a projection, the state is conjugated through
//! its pieces (unrank, relabel, rank): slower, right for every puzzle.
//! Stabilisers are handled by storing only the least image (Kociemba marks
//! every image), which keeps one entry per class and makes the class count
//! a count of marked entries.
//!
//! Each class found is counted once in `classes` and `|G| / |Stab(x)|`
//! times in the full distribution (the number of distinct conjugates, by
//! the orbit-stabiliser theorem). The search is the plain one's:
//! two bits an entry, levels expanded forward or backward.
//!
//! When no orbit is kept by every symmetry (or the moves have only the
//! identity), `A` is empty: the table is the full space and only
//! representatives are marked; that saves time (one expansion per class)
//! but no memory.
//!
//! ## With inversion
//!
//! A state and its inverse lie at the same distance, because the steps of
//! either metric are closed under inverses (every power of a move, or both
//! quarter turns): a path to `x` read backwards, each step inverted, is a
//! path to `x⁻¹`. Conjugation is an automorphism, so it commutes with
//! inversion, and the symmetries with inversion make a group `H` of `2N`
//! elements acting by `x ↦ S x^e S⁻¹`, `e = ±1`; element `h` is symmetry
//! `h mod N`, followed by inversion when `h ≥ N`. Everything above holds
//! with `H` for `G`, because `A` still follows: the inverse's arrangement of
//! `A`'s orbit is the inverse permutation of the state's, and its twists
//! (when they share the digit) are the state's, negated and carried by that
//! permutation, so `A(x⁻¹)` depends on `A(x)` alone. The rest of the
//! inverse does not (an orbit's twists in another digit move with its
//! arrangement), so the other digits are inverted by tables read off the
//! pieces ([`DigitInverse`]), or where the layout does not allow them the
//! whole state through its pieces ([`Inverter`]: unrank, invert, rank). The
//! table shrinks as much as inversion splits the classes of `A`: where a
//! value's inverse is already one of its conjugates (an involution's is
//! itself), its class does not halve and the rest tells the two apart
//! (only the least image is marked, as for a stabiliser). A class of
//! states counts `2N / |Stab_H(x)|` states, where the stabiliser now holds
//! the symmetries taking `x` to `x⁻¹` too. The forward expansion takes the
//! neighbours of each representative's inverse as well ([`forward`]).
//!
//! Inversion needs states that are group elements: when two pieces of an
//! orbit are identical (the same label), a state says where each *kind* of
//! piece is, which does not say where the inverse sends each slot, and
//! the search refuses ([`Inverter::new`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::{colour, TwoBit, CHUNK_WORDS, LOW};
use crate::coord::{Conjugator, CoordSpec, Indexer, Metric, Part, State};
use crate::symmetry::{self, Symmetry};
use crate::Error;
use cubist_twisty::{analysis, Puzzle};

/// An index space reduced by the symmetries of the moves, and by
/// inversion when asked.
pub struct SymSpace {
    ix: Indexer,
    syms: Vec<Symmetry>,
    /// Inversion of states, when a state and its inverse share an entry.
    inverse: Option<Inverter>,
    /// The same by tables, when the index's layout allows them.
    inverse_tables: Option<DigitInverse>,
    /// Index values per value of `A` (the stride of the first digit), or
    /// the whole space when `A` is empty.
    rest: u64,
    /// Per value of `A`: its class.
    class: Vec<u32>,
    /// Per value of `A`: an element of the group (a symmetry, or one followed
    /// by inversion) taking it to its class's representative.
    to_rep: Vec<u32>,
    /// Per class: its representative.
    reps: Vec<u64>,
    /// Per class: the group's elements other than the identity fixing its
    /// representative.
    stab: Vec<Vec<u32>>,
    /// Conjugation by tables, when the index allows them.
    tables: Option<Conjugator>,
}

/// A thread's buffers for conjugating and inverting: two states, a value
/// per coordinate, a value per digit.
pub(super) struct Scratch {
    from: State,
    to: State,
    values: Vec<u64>,
    digits: Vec<u64>,
}

/// Inverts states through their pieces. A state says which piece (by its
/// label) sits in each slot and how it is turned there: when it has the
/// piece of home `h` in slot `j`, turned by `o`, its inverse has the piece
/// of home `j` in slot `h`, turned by `-o` (the one undoes the other). A
/// label names a piece only within its orbit of slots (pieces never leave
/// their orbit), so homes are looked up by orbit and label.
pub(super) struct Inverter {
    /// Per set, per slot: its orbit's number among the set's orbits that
    /// move, or [`Inverter::FIXED`] for a slot no move empties.
    orbit: Vec<Vec<u32>>,
    /// Per set: the labels' range (the largest plus one).
    labels: Vec<usize>,
    /// Per set: the home slot of each (orbit, label), at
    /// `orbit * labels + label`.
    home: Vec<Vec<u32>>,
    /// Per set: each slot's solved label.
    solved: Vec<Vec<u32>>,
    /// Per set: its orientation modulus (1 when untwisted).
    moduli: Vec<u32>,
    /// Per set: the slots of each orbit that moves.
    slots: Vec<Vec<Vec<u32>>>,
}

impl Inverter {
    const FIXED: u32 = u32::MAX;

    /// The inverter of a puzzle's states, refused when an orbit holds two
    /// identical pieces.
    pub(super) fn new(p: &Puzzle) -> Result<Inverter, Error> {
        let mut inv = Inverter {
            orbit: Vec::new(),
            labels: Vec::new(),
            home: Vec::new(),
            solved: p.solved.clone(),
            moduli: p.sets.iter().map(|s| s.modulus.max(1)).collect(),
            slots: Vec::new(),
        };
        for (si, set) in p.sets.iter().enumerate() {
            let perms: Vec<cubist_perm::Perm> = p.moves.iter().map(|m| m.element[si].perm().clone()).collect();
            let moved: Vec<Vec<u32>> = cubist_perm::orbits(set.size, &perms)
                .into_iter()
                .filter(|o| o.len() > 1)
                .collect();
            for slots in &moved {
                let mut by_label: Vec<(u32, u32)> = slots.iter().map(|&x| (p.solved[si][x as usize], x)).collect();
                by_label.sort_unstable();
                if let Some(w) = by_label.windows(2).find(|w| w[0].0 == w[1].0) {
                    return Err(Error::Invalid(format!(
                        "{}: slots {} and {} of set {} hold identical pieces that the moves exchange, so a state \
                         has no inverse to share an entry with (the symmetries alone, `auto`, still apply)",
                        p.name,
                        w[0].1 + 1,
                        w[1].1 + 1,
                        set.name
                    )));
                }
            }
            // Distinct pieces: each orbit that moves is at least a bit of the
            // index (under 2^64), so there are few; a label is below the set's size.
            let range = p.solved[si].iter().max().map_or(0, |&l| l as usize + 1);
            let mut orbit = vec![Inverter::FIXED; set.size];
            let mut home = vec![Inverter::FIXED; moved.len() * range];
            for (k, slots) in moved.iter().enumerate() {
                for &x in slots {
                    orbit[x as usize] = k as u32;
                    home[k * range + p.solved[si][x as usize] as usize] = x;
                }
            }
            inv.orbit.push(orbit);
            inv.labels.push(range);
            inv.home.push(home);
            inv.slots.push(moved);
        }
        Ok(inv)
    }

    /// The home slot of the piece in slot `j` of `set` in state `s`.
    fn home_of(&self, s: &State, set: usize, j: usize) -> usize {
        match self.orbit[set][j] {
            Inverter::FIXED => j,
            k => self.home[set][k as usize * self.labels[set] + s.labels[set][j] as usize] as usize,
        }
    }

    /// The inverse of `s` into `out` (a state of the same shape).
    pub(super) fn invert(&self, s: &State, out: &mut State) {
        for (set, orbit) in self.orbit.iter().enumerate() {
            let r = self.moduli[set];
            let (lab, ori) = (&s.labels[set], &s.orient[set]);
            for (j, &k) in orbit.iter().enumerate() {
                let turned = (r - ori[j] % r) % r;
                let h = if k == Inverter::FIXED {
                    j
                } else {
                    self.home[set][k as usize * self.labels[set] + lab[j] as usize] as usize
                };
                out.labels[set][h] = self.solved[set][j];
                out.orient[set][h] = turned;
            }
        }
    }
}

/// Inversion digit by digit, from tables filled through the pieces: a
/// lookup or a few additions per digit where [`Inverter`] unranks, inverts
/// and ranks the whole state (the 2x2x2's search took three times as long so).
///
/// Each digit of the index is read off the states it makes with the other
/// digits solved: the slots whose pieces it moves and those whose twists
/// it sets. A digit holding whole orbits (their arrangements, and their
/// twists with them) inverts by itself: a table from each value to the
/// inverse's. A digit holding only twists, of orbits whose arrangements are
/// all in one other digit, needs that digit's permutation: the inverse has
/// at home slot `h` the twist `-t(j)`, `j` the slot holding the piece of
/// home `h`, so a table gives each value's twists, another each arrangement's
/// homes, and a third the value of a list of twists. Any other layout (a
/// digit mixing one orbit's twists with another orbit's arrangement, or
/// digits too large to list) keeps the inversion through the pieces.
struct DigitInverse {
    strides: Vec<u64>,
    radices: Vec<u64>,
    digits: Vec<Inverse>,
}

/// How one digit of the inverse follows from the state's digits.
enum Inverse {
    /// From the digit alone.
    Own(Vec<u32>),
    /// Twists, from the digit and the digit `from` that places their pieces.
    Twists {
        from: usize,
        /// Per value: its twists, one per slot of the digit.
        twists: Vec<u8>,
        /// Per value of `from`: the home of the piece in each slot of the
        /// digit, as the place of that slot in the digit's list.
        homes: Vec<u8>,
        /// Per slot: its modulus, and its place value in the key of `rank`.
        moduli: Vec<u8>,
        place: Vec<u32>,
        /// The value of each list of twists (`u32::MAX`: none).
        rank: Vec<u32>,
    },
}

/// A slot of a piece set: `(set, slot)`.
type Slot = (usize, usize);

/// The largest digit [`DigitInverse`] lists, and its largest table of twist
/// lists: past these the pieces serve.
const PROBE_LIMIT: u64 = 1 << 20;

impl DigitInverse {
    fn new(ix: &Indexer, inv: &Inverter) -> Option<DigitInverse> {
        let (radices, strides) = (ix.radices(), ix.strides());
        if radices.iter().any(|&r| r > PROBE_LIMIT) {
            return None;
        }
        let solved = ix.solved();
        let base = ix.unrank_state(solved);
        // The state of digit `k` at value `v`, the others solved.
        let probe = |k: usize, v: u64| {
            ix.unrank_state(solved - (solved / strides[k]) % radices[k] * strides[k] + v * strides[k])
        };
        // Per digit: the (set, slot)s whose labels, and whose twists, it sets.
        let support: Vec<(Vec<Slot>, Vec<Slot>)> = (0..radices.len())
            .map(|k| {
                let (mut labels, mut twists) = (base.labels.clone(), base.orient.clone());
                let mark = |x: &mut [Vec<u32>], y: &[Vec<u32>], b: &[Vec<u32>]| {
                    for ((x, y), b) in x.iter_mut().zip(y).zip(b) {
                        for ((x, &y), &b) in x.iter_mut().zip(y).zip(b) {
                            if y != b {
                                *x = u32::MAX;
                            }
                        }
                    }
                };
                for v in 0..radices[k] {
                    let s = probe(k, v);
                    mark(&mut labels, &s.labels, &base.labels);
                    mark(&mut twists, &s.orient, &base.orient);
                }
                let marked = |x: &[Vec<u32>]| -> Vec<Slot> {
                    (x.iter().enumerate())
                        .flat_map(|(set, x)| {
                            (x.iter().enumerate())
                                .filter(|(_, &y)| y == u32::MAX)
                                .map(move |(j, _)| (set, j))
                        })
                        .collect()
                };
                (marked(&labels), marked(&twists))
            })
            .collect();
        // The digit holding the arrangement of a slot's orbit (none for a
        // slot no move empties).
        let placed_by = |set: usize, j: usize| -> Option<Option<usize>> {
            let k = inv.orbit[set][j];
            if k == Inverter::FIXED {
                return Some(None);
            }
            let orbit = &inv.slots[set][k as usize];
            (0..radices.len())
                .find(|&d| orbit.iter().all(|&x| support[d].0.contains(&(set, x as usize))))
                .map(Some)
        };
        let mut digits = Vec::new();
        for (k, (labels, twists)) in support.iter().enumerate() {
            let from: Vec<Option<usize>> = twists
                .iter()
                .map(|&(set, j)| placed_by(set, j))
                .collect::<Option<_>>()?;
            let mut others: Vec<usize> = from.iter().flatten().copied().filter(|&d| d != k).collect();
            others.sort_unstable();
            others.dedup();
            if others.is_empty() {
                let table = (0..radices[k])
                    .map(|v| {
                        let mut out = base.clone();
                        inv.invert(&probe(k, v), &mut out);
                        ((ix.rank_state(&out) / strides[k]) % radices[k]) as u32
                    })
                    .collect();
                digits.push(Inverse::Own(table));
                continue;
            }
            let m = twists.len();
            let wide = twists.iter().any(|&(set, _)| inv.moduli[set] > u8::MAX as u32);
            if others.len() > 1 || !labels.is_empty() || m > u8::MAX as usize || wide {
                return None;
            }
            let from = others[0];
            let moduli: Vec<u8> = twists.iter().map(|&(set, _)| inv.moduli[set] as u8).collect();
            let mut place = Vec::with_capacity(m);
            let mut size = 1u64;
            for &r in &moduli {
                place.push(size as u32);
                size *= r as u64;
                if size > PROBE_LIMIT {
                    return None;
                }
            }
            let mut rank = vec![u32::MAX; size as usize];
            let mut table = Vec::with_capacity(radices[k] as usize * m);
            for v in 0..radices[k] {
                let s = probe(k, v);
                let t: Vec<u8> = twists.iter().map(|&(set, j)| s.orient[set][j] as u8).collect();
                let key: u64 = t.iter().zip(&place).map(|(&t, &p)| t as u64 * p as u64).sum();
                rank[key as usize] = v as u32;
                table.extend(t);
            }
            let mut homes = Vec::with_capacity(radices[from] as usize * m);
            for v in 0..radices[from] {
                let s = probe(from, v);
                for &(set, j) in twists {
                    let h = inv.home_of(&s, set, j);
                    homes.push(twists.iter().position(|&x| x == (set, h))? as u8);
                }
            }
            digits.push(Inverse::Twists {
                from,
                twists: table,
                homes,
                moduli,
                place,
                rank,
            });
        }
        Some(DigitInverse {
            strides,
            radices,
            digits,
        })
    }

    /// The bytes of the tables.
    fn bytes(&self) -> u64 {
        (self.digits.iter())
            .map(|d| match d {
                Inverse::Own(t) => 4 * t.len() as u64,
                Inverse::Twists {
                    twists, homes, rank, ..
                } => (twists.len() + homes.len()) as u64 + 4 * rank.len() as u64,
            })
            .sum()
    }

    /// The index of the inverse of the state at `idx`; `values` holds a
    /// value per digit.
    fn invert(&self, idx: u64, values: &mut [u64]) -> u64 {
        for ((v, &s), &r) in values.iter_mut().zip(&self.strides).zip(&self.radices) {
            *v = (idx / s) % r;
        }
        let mut out = 0;
        for (k, d) in self.digits.iter().enumerate() {
            let w = match d {
                Inverse::Own(t) => t[values[k] as usize],
                Inverse::Twists {
                    from,
                    twists,
                    homes,
                    moduli,
                    place,
                    rank,
                } => {
                    let m = moduli.len();
                    let t = &twists[values[k] as usize * m..][..m];
                    let h = &homes[values[*from] as usize * m..][..m];
                    let key: u32 = (0..m)
                        .map(|i| place[h[i] as usize] * ((moduli[i] - t[i]) % moduli[i]) as u32)
                        .sum();
                    rank[key as usize]
                }
            };
            out += w as u64 * self.strides[k];
        }
        out
    }
}

impl SymSpace {
    /// The puzzle's symmetries ([`symmetry::find`]) and its index with an
    /// orbit they all keep first, classified.
    pub fn new(p: &Puzzle, metric: Metric) -> Result<SymSpace, Error> {
        SymSpace::build(p, metric, false)
    }

    /// [`SymSpace::new`] with inversion too: a state, its inverse and their
    /// conjugates share one entry (the design: `god/sym.rs`). Refused when
    /// an orbit holds identical pieces (a state is then no group element
    /// and has no inverse).
    ///
    /// ```
    /// use cubist_twisty::library;
    /// use cubist_twisty_search::{coord::Metric, god};
    ///
    /// let cube = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
    /// let space = god::SymSpace::with_inversion(&cube, Metric::Htm).unwrap();
    /// let r = god::run_symmetric(&cube, &space, &mut |_, _, _| {}, None).unwrap();
    /// assert_eq!(r.symmetries, Some(12)); // 6 symmetries, each also followed by inversion
    /// assert_eq!(r.distribution, god::run(&cube, Metric::Htm).unwrap().distribution);
    /// assert_eq!(r.classes.unwrap()[..5], [1, 2, 6, 33, 165]);
    /// ```
    pub fn with_inversion(p: &Puzzle, metric: Metric) -> Result<SymSpace, Error> {
        SymSpace::build(p, metric, true)
    }

    /// The space a [`super::SymmetryMode`] asks for, `None` for `none`.
    pub fn for_mode(p: &Puzzle, metric: Metric, mode: super::SymmetryMode) -> Result<Option<SymSpace>, Error> {
        match mode {
            super::SymmetryMode::None => Ok(None),
            super::SymmetryMode::Auto => SymSpace::new(p, metric).map(Some),
            super::SymmetryMode::AutoInverse => SymSpace::with_inversion(p, metric).map(Some),
        }
    }

    fn build(p: &Puzzle, metric: Metric, inversion: bool) -> Result<SymSpace, Error> {
        crate::coord::refuse_past_64_bits(p)?;
        let a = analysis::analyze(p);
        // A space past 2^64 is refused before the symmetries are sought (a
        // 7x7x7's search takes seconds); no move tables are built for this.
        let specs: Vec<CoordSpec> = (0..a.orbits.len())
            .flat_map(|orbit| [Part::Arrangement, Part::Twist].map(|part| CoordSpec { orbit, part }))
            .collect();
        let size = Indexer::with_analysis(p, &a, metric, &specs, 0)?.size();
        // After the index: its bound on the space bounds the orbits that
        // move (each at least one bit), and so the inverter's tables.
        let inverse = inversion.then(|| Inverter::new(p)).transpose()?;
        let syms = symmetry::find(p, metric)?;
        // The table has at least size / |H| entries: a space surely too
        // large is refused before its first digit is classified.
        let least = size / (syms.len() as u64 * (1 + inversion as u64));
        if least > super::MAX_STATES {
            return Err(super::too_many_entries(format!("at least {least} entries")));
        }
        let kept = |slots: &[usize], set: usize| {
            syms.iter().all(|s| {
                s.sets[set] == set
                    && slots
                        .iter()
                        .all(|&x| slots.contains(&(s.slots[set][x - 1] as usize + 1)))
            })
        };
        let first = (a.orbits.iter().enumerate())
            .filter(|(_, o)| o.size > 1)
            .filter(|(_, o)| {
                let set = p
                    .sets
                    .iter()
                    .position(|s| s.name == o.set)
                    .expect("analysis names the sets");
                kept(&o.slots, set)
            })
            .max_by_key(|(i, o)| (o.size, std::cmp::Reverse(*i)))
            .map(|(i, _)| i);
        let (ix, a_radix) = match first {
            Some(orbit) => {
                let ix = Indexer::full_first(p, metric, orbit)?;
                let closed = !ix.first_digit().is_empty()
                    && ix.first_digit().iter().all(|&(set, slots)| {
                        syms.iter().all(|s| {
                            s.sets[set] == set && slots.iter().all(|&x| slots.contains(&s.slots[set][x as usize]))
                        })
                    });
                let radix = if closed { ix.radices()[0] } else { 1 };
                (ix, radix)
            }
            None => (Indexer::full(p, metric)?, 1),
        };
        let rest = ix.size() / a_radix;
        let inverse_tables = inverse.as_ref().and_then(|inv| DigitInverse::new(&ix, inv));
        let mut space = SymSpace {
            ix,
            syms,
            inverse,
            inverse_tables,
            rest,
            class: Vec::new(),
            to_rep: Vec::new(),
            reps: Vec::new(),
            stab: Vec::new(),
            tables: None,
        };
        space.tables = space.ix.conjugator(&space.syms);
        space.classify(a_radix);
        Ok(space)
    }

    /// Sorts the values of `A` into classes.
    fn classify(&mut self, a_radix: u64) {
        let rest = self.rest;
        let images: Vec<(u64, u32, Vec<u32>)> = (0..a_radix)
            .into_par_iter()
            .map_init(
                || self.scratch(),
                |buf, a| {
                    let im: Vec<u64> = (0..self.order()).map(|h| self.act(a * rest, h, buf) / rest).collect();
                    let min = *im.iter().min().expect("the identity");
                    let to = im.iter().position(|&x| x == min).expect("the least") as u32;
                    let fix = (1..im.len()).filter(|&h| im[h] == a).map(|h| h as u32).collect();
                    (min, to, fix)
                },
            )
            .collect();
        let mut class = vec![u32::MAX; a_radix as usize];
        for (a, (min, _, fix)) in images.iter().enumerate() {
            if *min == a as u64 {
                class[a] = self.reps.len() as u32;
                self.reps.push(a as u64);
                self.stab.push(fix.clone());
            }
        }
        self.class = images.iter().map(|(min, _, _)| class[*min as usize]).collect();
        self.to_rep = images.into_iter().map(|(_, to, _)| to).collect();
    }

    /// The symmetries of the moves, the identity first.
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.syms
    }

    /// Whether a state and its inverse share an entry.
    pub fn inversion(&self) -> bool {
        self.inverse.is_some()
    }

    /// The order of the group that makes states alike: the symmetries,
    /// twice over with inversion.
    pub fn order(&self) -> usize {
        self.syms.len() * (1 + self.inverse.is_some() as usize)
    }

    /// The full index (whose size is the unreduced space).
    pub fn indexer(&self) -> &Indexer {
        &self.ix
    }

    /// Entries of the reduced table.
    pub fn entries(&self) -> u64 {
        self.reps.len() as u64 * self.rest
    }

    /// Bytes the search allocates besides the indexer: the table, two bits
    /// an entry, and the classification of `A` (a class and a group element
    /// per value, a representative per class).
    pub fn table_bytes(&self) -> u64 {
        let conj =
            self.tables.as_ref().map_or(0, |t| t.bytes()) + self.inverse_tables.as_ref().map_or(0, DigitInverse::bytes);
        self.entries().div_ceil(32) * 8 + self.class.len() as u64 * 8 + self.reps.len() as u64 * 32 + conj
    }

    fn scratch(&self) -> Scratch {
        let s = self.ix.unrank_state(self.ix.solved());
        Scratch {
            from: s.clone(),
            to: s,
            values: vec![0; 64],
            digits: vec![0; self.ix.radices().len()],
        }
    }

    /// The index of the conjugate of the state at `idx` by symmetry `s`:
    /// by the tables, or else through the pieces.
    fn conjugate(&self, idx: u64, s: usize, buf: &mut Scratch) -> u64 {
        if let Some(t) = &self.tables {
            return t.conjugate(idx, s, &mut buf.values);
        }
        self.conjugate_pieces(idx, s, buf)
    }

    /// [`SymSpace::conjugate`] through the pieces: unrank, relabel, rank.
    fn conjugate_pieces(&self, idx: u64, s: usize, buf: &mut Scratch) -> u64 {
        self.ix.unrank_state_into(idx, &mut buf.from);
        self.syms[s].conjugate(&buf.from, &mut buf.to);
        self.ix.rank_state(&buf.to)
    }

    /// The index of the image of the state at `idx` by the group's element
    /// `h`: symmetry `h mod N`, then inversion when `h ≥ N` (through the
    /// pieces, after a conjugation by the tables when they serve).
    fn act(&self, idx: u64, h: usize, buf: &mut Scratch) -> u64 {
        let n = self.syms.len();
        let Some(inv) = self.inverse.as_ref().filter(|_| h >= n) else {
            return self.conjugate(idx, h, buf);
        };
        let s = h - n;
        if let Some(t) = &self.inverse_tables {
            let y = if s == 0 { idx } else { self.conjugate(idx, s, buf) };
            return t.invert(y, &mut buf.digits);
        }
        if self.tables.is_some() || s == 0 {
            let y = if s == 0 { idx } else { self.conjugate(idx, s, buf) };
            self.ix.unrank_state_into(y, &mut buf.from);
        } else {
            self.ix.unrank_state_into(idx, &mut buf.to);
            self.syms[s].conjugate(&buf.to, &mut buf.from);
        }
        inv.invert(&buf.from, &mut buf.to);
        self.ix.rank_state(&buf.to)
    }

    /// The full index of a reduced entry.
    fn full(&self, entry: u64) -> u64 {
        self.reps[(entry / self.rest) as usize] * self.rest + entry % self.rest
    }

    /// The reduced entry of the class of the state at full index `idx`.
    fn canonical(&self, idx: u64, buf: &mut Scratch) -> u64 {
        let a = (idx / self.rest) as usize;
        let to = self.to_rep[a] as usize;
        let z = if to == 0 { idx } else { self.act(idx, to, buf) };
        let c = self.class[a] as usize;
        let least = (self.stab[c].iter())
            .map(|&h| self.act(z, h as usize, buf))
            .fold(z, u64::min);
        c as u64 * self.rest + least % self.rest
    }

    /// For a representative state (full index `x`): whether it is the
    /// least of its stabiliser images (the one entry its class has), and
    /// how many distinct states its class holds.
    fn weigh(&self, x: u64, buf: &mut Scratch) -> (bool, u64) {
        let c = self.class[(x / self.rest) as usize] as usize;
        let (mut least, mut fixed) = (true, 1u64);
        for &h in &self.stab[c] {
            let y = self.act(x, h as usize, buf);
            least &= y >= x;
            fixed += (y == x) as u64;
        }
        (least, self.order() as u64 / fixed)
    }
}

/// Per level: states and classes found.
pub(super) struct Found {
    pub states: u64,
    pub classes: u64,
}

/// The breadth-first search over the reduced table; `on_level(d, states,
/// classes)` as each level completes. Returns the full distribution and
/// the classes per distance.
pub(super) fn search(
    space: &SymSpace,
    on_level: &mut dyn FnMut(usize, u64, u64),
    cancel: Option<&AtomicBool>,
) -> Result<(Vec<u64>, Vec<u64>), Error> {
    let table = TwoBit::new(space.entries());
    let mut buf = space.scratch();
    let start = space.canonical(space.ix.solved(), &mut buf);
    table.set_new(start, colour(0) as u64);
    let (mut states, mut classes) = (vec![1u64], vec![1u64]);
    on_level(0, 1, 1);
    let mut seen = 1u64;
    let stopped = || cancel.is_some_and(|c| c.load(Relaxed));
    loop {
        let d = classes.len() - 1;
        let unseen = space.entries() - seen;
        let (cur, next) = (colour(d) as u64, colour(d + 1) as u64);
        let found = if classes[d].saturating_mul(2) > unseen {
            backward(space, &table, cur, next, cancel)
        } else {
            forward(space, &table, cur, next, cancel)
        };
        if stopped() {
            return Err(Error::Interrupted(format!("distance {d}")));
        }
        if found.classes == 0 {
            break;
        }
        seen += found.classes;
        states.push(found.states);
        classes.push(found.classes);
        on_level(d + 1, found.states, found.classes);
    }
    Ok((states, classes))
}

/// Visits every word of the table in parallel chunks.
fn scan(
    space: &SymSpace,
    t: &TwoBit,
    cancel: Option<&AtomicBool>,
    visit: impl Fn(&mut Scratch, u64, &AtomicU64) -> (u64, u64) + Sync,
) -> Found {
    let (states, classes) = t
        .words
        .par_chunks(CHUNK_WORDS)
        .enumerate()
        .map(|(c, words)| {
            if cancel.is_some_and(|x| x.load(Relaxed)) {
                return (0, 0);
            }
            let mut buf = space.scratch();
            let first = (c * CHUNK_WORDS) as u64;
            (words.iter().enumerate())
                .map(|(i, w)| visit(&mut buf, (first + i as u64) << 5, w))
                .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    Found { states, classes }
}

/// Every class at the current depth marks its neighbours' classes: the
/// neighbours of its representative and, with inversion, of the
/// representative's inverse. A state `x = w·m` one step past `w` is a
/// neighbour of `w`, but when `w`'s class is kept as `S w⁻¹ S⁻¹` its
/// representative's neighbours are conjugates of `w⁻¹·m`, the inverses of
/// `m⁻¹·w`: steps on the left of `w`, not on the right. The inverse's
/// neighbours `w·m` are those (conjugated). Backward needs no more: an
/// unseen state one step past the current depth has a neighbour there
/// itself, whatever its class's representative.
fn forward(space: &SymSpace, t: &TwoBit, cur: u64, next: u64, cancel: Option<&AtomicBool>) -> Found {
    let pattern = cur * LOW;
    let ns = space.ix.steps().len();
    scan(space, t, cancel, |buf, base, w| {
        let x = w.load(Relaxed) ^ pattern;
        let mut m = !(x | x >> 1) & LOW;
        let (mut states, mut classes) = (0, 0);
        while m != 0 {
            let entry = base + (m.trailing_zeros() / 2) as u64;
            m &= m - 1;
            let idx = space.full(entry);
            let inverse = space.inverse.as_ref().map(|_| space.act(idx, space.syms.len(), buf));
            for from in std::iter::once(idx).chain(inverse.filter(|&y| y != idx)) {
                for s in 0..ns {
                    let e = space.canonical(space.ix.apply(from, s), buf);
                    if t.set_new(e, next) {
                        classes += 1;
                        states += space.weigh(space.full(e), buf).1;
                    }
                }
            }
        }
        (states, classes)
    })
}

/// Every unseen entry that is a class's own joins the next depth when a
/// neighbour's class is at the current one.
fn backward(space: &SymSpace, t: &TwoBit, cur: u64, next: u64, cancel: Option<&AtomicBool>) -> Found {
    let size = t.size;
    let ns = space.ix.steps().len();
    scan(space, t, cancel, |buf, base, w| {
        let x = w.load(Relaxed);
        let mut m = !(x | x >> 1) & LOW;
        if base + 32 > size {
            m &= LOW >> (2 * (base + 32 - size));
        }
        let (mut add, mut states, mut classes) = (0u64, 0, 0);
        while m != 0 {
            let bit = m.trailing_zeros() as u64;
            m &= m - 1;
            let idx = space.full(base + bit / 2);
            let (least, weight) = space.weigh(idx, buf);
            if !least {
                continue;
            }
            if (0..ns).any(|s| t.get(space.canonical(space.ix.apply(idx, s), buf)) as u64 == cur) {
                add |= next << bit;
                classes += 1;
                states += weight;
            }
        }
        if add != 0 {
            w.fetch_or(add, Relaxed);
        }
        (states, classes)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::god::{self, DistanceTable, SymmetryMode};
    use crate::symmetry::tests::puzzle;

    fn reduced(p: &Puzzle, metric: Metric, mode: SymmetryMode) -> god::Distances {
        let space = SymSpace::for_mode(p, metric, mode).unwrap().expect("reduced");
        god::run_symmetric(p, &space, &mut |_, _, _| {}, None).unwrap()
    }

    /// Inversion by the digit tables agrees with inversion through the
    /// pieces on indices spread over the space, where the layout allows
    /// tables (it does on these).
    #[test]
    fn tables_invert_as_the_pieces_do() {
        let subgroup = |name: &str, moves: &[&str]| {
            cubist_twisty::notation::generators(&cubist_twisty::library::puzzle(name).unwrap(), moves).unwrap()
        };
        for p in [
            puzzle("2x2x2", &[]),
            puzzle("2x2x2", &["U", "R", "F"]),
            puzzle("pyraminx", &[]),
            puzzle("skewb", &[]),
            puzzle("3x3x3", &["U", "R"]),
            subgroup("3x3x3", &["U", "R2", "F2"]),
        ] {
            let space = SymSpace::with_inversion(&p, Metric::Htm).unwrap();
            let tables = space.inverse_tables.as_ref().expect("tables");
            let inv = space.inverse.as_ref().unwrap();
            let mut buf = space.scratch();
            let size = space.ix.size();
            for k in 0..5000u64 {
                let idx = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) % size;
                space.ix.unrank_state_into(idx, &mut buf.from);
                inv.invert(&buf.from, &mut buf.to);
                let by_pieces = space.ix.rank_state(&buf.to);
                assert_eq!(tables.invert(idx, &mut buf.digits), by_pieces, "{} {idx}", p.name);
            }
        }
    }

    /// Where the digit tables do not serve, states are inverted through
    /// their pieces: the search without its tables finds the same classes.
    #[test]
    fn inversion_through_the_pieces_searches_alike() {
        let p = puzzle("2x2x2", &["U", "R", "F"]);
        let with_tables = reduced(&p, Metric::Htm, SymmetryMode::AutoInverse);
        let mut space = SymSpace::with_inversion(&p, Metric::Htm).unwrap();
        space.inverse_tables = None;
        let r = god::run_symmetric(&p, &space, &mut |_, _, _| {}, None).unwrap();
        assert_eq!(r.distribution, with_tables.distribution);
        assert_eq!(r.classes, with_tables.classes);
        assert_eq!(r.classes.unwrap()[..5], [1, 2, 6, 33, 165]);
    }

    /// Inversion through the pieces gives the index of the inverse element,
    /// and commutes with every conjugation (so the symmetries with inversion
    /// act as a group), on elements spread along a random walk.
    #[test]
    fn pieces_invert_as_the_group_does() {
        for (name, moves) in [
            ("2x2x2", &[][..]),
            ("pyraminx", &[][..]),
            ("skewb", &[][..]),
            ("3x3x3", &["U", "R"][..]),
        ] {
            let p = puzzle(name, moves);
            let space = SymSpace::with_inversion(&p, Metric::Htm).unwrap();
            let (ix, n) = (space.indexer(), space.syms.len());
            assert_eq!(space.order(), 2 * n);
            let mut buf = space.scratch();
            let (mut e, mut seed) = (p.identity(), 1u64);
            for _ in 0..300 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                e = cubist_twisty::compose(&e, &p.moves[(seed >> 33) as usize % p.moves.len()].element);
                let idx = ix.rank(&e);
                let inverse = space.act(idx, n, &mut buf);
                assert_eq!(inverse, ix.rank(&cubist_twisty::invert(&e)), "{name}");
                assert_eq!(space.act(inverse, n, &mut buf), idx, "{name}");
                for s in 1..n {
                    let conj = space.conjugate(idx, s, &mut buf);
                    assert_eq!(
                        space.act(conj, n, &mut buf),
                        space.conjugate(inverse, s, &mut buf),
                        "{name} {s}"
                    );
                    assert_eq!(
                        space.act(idx, n + s, &mut buf),
                        space.conjugate(inverse, s, &mut buf),
                        "{name} {s}"
                    );
                }
            }
        }
    }

    /// Conjugation by the tables agrees with conjugation through the
    /// pieces, for every symmetry, on indices spread over the space
    /// (reachable or not: every index is a state of the index).
    #[test]
    fn tables_conjugate_as_the_pieces_do() {
        for (name, moves) in [
            ("2x2x2", &[][..]),
            ("pyraminx", &[][..]),
            ("skewb", &[][..]),
            ("3x3x3", &["U", "R"][..]),
        ] {
            let p = puzzle(name, moves);
            let space = SymSpace::new(&p, Metric::Htm).unwrap();
            let tables = space.tables.as_ref().expect("tables");
            let mut buf = space.scratch();
            let size = space.ix.size();
            for k in 0..2000u64 {
                let idx = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) % size;
                for s in 0..space.syms.len() {
                    let by_pieces = space.conjugate_pieces(idx, s, &mut buf);
                    assert_eq!(tables.conjugate(idx, s, &mut buf.values), by_pieces, "{name} {idx} {s}");
                }
            }
        }
    }

    /// The reduced search's distribution is the plain search's, in both
    /// metrics; the table is within twice the space over the number of
    /// symmetries (the first digit's symmetric values make more classes:
    /// the pyraminx's 360 edge arrangements fall into 22 under 24
    /// symmetries, not 15).
    #[test]
    fn reduced_distribution_is_the_plain_one() {
        for (name, moves) in [("2x2x2", &["U", "R", "F"][..]), ("pyraminx", &["U", "L", "R", "B"][..])] {
            let p = puzzle(name, moves);
            for metric in [Metric::Htm, Metric::Qtm] {
                let r = reduced(&p, metric, SymmetryMode::Auto);
                let plain = god::run(&p, metric).unwrap();
                assert_eq!(r.distribution, plain.distribution, "{name} {metric:?}");
                let syms = r.symmetries.unwrap() as u64;
                let entries = r.reduced_space.unwrap();
                assert!(entries * syms < plain.index_space * 2, "{name}: {entries} entries");
                let classes: u64 = r.classes.unwrap().iter().sum();
                assert!(classes * syms >= r.states, "{name}");
            }
        }
    }

    /// The same on spaces of tens of millions of states, against the
    /// distributions the plain search gives (docs/twisty-search.md).
    #[test]
    #[ignore = "half a minute: spaces of 10^7 to 10^8 states"]
    fn reduced_distribution_on_larger_spaces() {
        for (name, moves, want) in [
            (
                "2x2x2",
                &[][..],
                &[
                    1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736,
                ][..],
            ),
            (
                "skewb",
                &[][..],
                &[
                    1, 16, 208, 2280, 19683, 125280, 712032, 3782376, 14705796, 17470272, 972336, 1080,
                ][..],
            ),
            (
                "3x3x3",
                &["U", "R"][..],
                &[
                    1, 6, 18, 54, 162, 486, 1457, 4360, 13016, 38482, 113094, 328920, 942351, 2616973, 6774848,
                    15105592, 24231019, 19421274, 3843568, 47465, 54,
                ][..],
            ),
        ] {
            let p = puzzle(name, moves);
            for mode in [SymmetryMode::Auto, SymmetryMode::AutoInverse] {
                let r = reduced(&p, Metric::Htm, mode);
                assert_eq!(r.distribution, want, "{name} {mode:?}");
            }
        }
    }

    /// With inversion, the distribution is the plain search's too, on every
    /// puzzle both can search in seconds (in both metrics on the 2x2x2,
    /// where they differ most; the half-turn metric elsewhere); the table
    /// is about half of the symmetries' alone.
    #[test]
    fn reduced_with_inversion_is_the_plain_distribution() {
        let subgroup = |name: &str, moves: &[&str]| {
            cubist_twisty::notation::generators(&cubist_twisty::library::puzzle(name).unwrap(), moves).unwrap()
        };
        for p in [
            puzzle("2x2x2", &["U", "R", "F"]),
            puzzle("pyraminx", &["U", "L", "R", "B"]),
            puzzle("skewb", &["UFR", "UBL", "DFL", "DBR"]),
            subgroup("3x3x3", &["U", "R2", "F2"]),
        ] {
            let metrics: &[Metric] = if p.name == "2x2x2" {
                &[Metric::Htm, Metric::Qtm]
            } else {
                &[Metric::Htm]
            };
            for &metric in metrics {
                let plain = god::run(&p, metric).unwrap();
                let sym = reduced(&p, metric, SymmetryMode::Auto);
                let r = reduced(&p, metric, SymmetryMode::AutoInverse);
                let what = format!(
                    "{} <{}> {metric:?}",
                    p.name,
                    p.moves.iter().map(|m| m.name.as_str()).collect::<Vec<_>>().join(",")
                );
                assert_eq!(r.distribution, plain.distribution, "{what}");
                assert_eq!(r.symmetries, sym.symmetries.map(|n| 2 * n), "{what}");
                let (entries, half) = (r.reduced_space.unwrap(), sym.reduced_space.unwrap() / 2);
                let count = |d: &god::Distances| d.classes.as_ref().unwrap().iter().sum::<u64>();
                println!(
                    "{what}: {} symmetries, entries {} -> {entries}, classes {} -> {}",
                    sym.symmetries.unwrap(),
                    sym.reduced_space.unwrap(),
                    count(&sym),
                    count(&r)
                );
                assert!(entries >= half && entries <= 2 * half, "{what}: {entries} entries");
            }
        }
    }

    /// Identical pieces have no inverse: the search with inversion is
    /// refused (as bad input), the one by symmetry alone is not.
    #[test]
    fn inversion_refuses_identical_pieces() {
        let text = "Name twins\nSet C 4 1\nSolved\nC\n1 1 2 3\nEnd\nMove a\nC\n2 3 4 1\nEnd\n";
        let p = cubist_twisty::tws::parse(text, "twins.tws").unwrap();
        let e = SymSpace::with_inversion(&p, Metric::Htm).err().expect("refused");
        assert_eq!(e.kind(), cubist_io::ErrorKind::Input);
        assert!(
            e.to_string().contains("slots 1 and 2 of set C hold identical pieces"),
            "{e}"
        );
        assert!(SymSpace::new(&p, Metric::Htm).is_ok());
    }

    /// The classes per distance two more ways, over every state of the
    /// 2x2x2 <U,R,F> with its exact distance, by symmetry and with
    /// inversion: the states that are the least index among their images
    /// (one per class), and Burnside's lemma (classes = the average over
    /// the group of the states each element fixes). Each metric and each
    /// mode is checked once (a brute force over 3.7 million states costs
    /// seconds in a test build).
    #[test]
    fn classes_by_brute_force_and_burnside() {
        let p = puzzle("2x2x2", &["U", "R", "F"]);
        for (metric, mode) in [
            (Metric::Htm, SymmetryMode::Auto),
            (Metric::Qtm, SymmetryMode::AutoInverse),
        ] {
            let space = SymSpace::for_mode(&p, metric, mode).unwrap().expect("reduced");
            let ix = space.indexer();
            let table = DistanceTable::build(ix.clone(), None).unwrap();
            let g = space.order();
            let depth = table.distribution().len();
            let (least, fixed) = (0..ix.size())
                .into_par_iter()
                .map_init(
                    || space.scratch(),
                    |buf, i| {
                        let (mut least, mut fixed) = (vec![0u64; depth], vec![0u64; depth]);
                        let Some(d) = table.distance(&ix.unrank_state(i)) else {
                            return (least, fixed);
                        };
                        let images: Vec<u64> = (0..g).map(|h| space.act(i, h, buf)).collect();
                        least[d as usize] += images.iter().all(|&y| y >= i) as u64;
                        fixed[d as usize] += images.iter().filter(|&&y| y == i).count() as u64;
                        (least, fixed)
                    },
                )
                .reduce(
                    || (vec![0; depth], vec![0; depth]),
                    |mut a, b| {
                        a.0.iter_mut().zip(&b.0).for_each(|(x, y)| *x += y);
                        a.1.iter_mut().zip(&b.1).for_each(|(x, y)| *x += y);
                        a
                    },
                );
            let burnside: Vec<u64> = fixed.iter().map(|&f| f / g as u64).collect();
            assert!(fixed.iter().all(|&f| f % g as u64 == 0));
            let r = reduced(&p, metric, mode);
            assert_eq!(r.classes.as_ref(), Some(&least), "{metric:?} {mode:?}");
            assert_eq!(least, burnside, "{metric:?} {mode:?}");
        }
    }
}
