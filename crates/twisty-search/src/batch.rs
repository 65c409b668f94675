//! Batches of uniformly random states as flat arrays, for programs that
//! learn from millions of them (a neural network's training set, a
//! statistics run).
//!
//! A state is what `twisty random` writes, per set of pieces: the piece in
//! each place and the orientation it shows there. A batch keeps, per set, one
//! row of `size` numbers per state, all rows in one contiguous vector, so a
//! front end hands it on as a matrix (NumPy's `frombuffer`) without a copy
//! and without a document.
//!
//! ## Drawing a random state without building it
//!
//! The group's stabiliser chain ([`cubist_perm::StabChain`], Schreier-Sims)
//! writes every element uniquely as a product `u_{L-1} ... u_1 u_0` of one
//! coset representative per level; drawing each uniformly gives a uniform
//! element, which is how [`cubist_twisty::Puzzle::random_element`] works. It
//! composes the representatives into a whole permutation (a vector per
//! level, 48 points for the 3x3x3) and then reads the pieces off it.
//!
//! A batch needs far less. The piece of a set with `r` orientations is `r`
//! points of the permutation, and where its first point goes says both its
//! place and its twist (the other `r - 1` follow). So per state the
//! [`Sampler`] draws the level choices exactly as `random_element` does (the
//! same generator calls, in the same order) and then follows only each
//! piece's first point through the chosen representatives: 20 points through
//! the 3x3x3's levels, no allocation, instead of 48-point compositions. The
//! states are the ones `twisty random --seed S` writes, in the same order,
//! which the tests check state by state.

use std::sync::atomic::{AtomicBool, Ordering};

use cubist_perm::{Perm, StabChain, Wreath};
use cubist_twisty::{Element, Puzzle};
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use crate::coord::State;
use crate::Error;
use cubist_io::LimitError;

/// The most states in one batch (16,777,216): enough for a training set,
/// and the bound that keeps the arrays' size a checked product.
pub const MAX_BATCH: usize = 1 << 24;

/// States drawn between looks at the cancel flag (a few milliseconds),
/// their level choices kept for the parallel part.
const CHUNK: usize = 1 << 14;

/// The most pieces in a set a batch can hold: the places are numbered in
/// 16 bits, signed (NumPy's `int16`).
pub const MAX_PIECES: usize = i16::MAX as usize;

/// One set of pieces in a batch: `count` rows of `size` entries each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitRows {
    /// The set's name (`"CORNER"`).
    pub name: String,
    /// Its number of places (and of pieces).
    pub size: usize,
    /// Its number of orientations per piece.
    pub modulus: u32,
    /// Row after row: the piece (numbered from 0, as in the solved state)
    /// in each place.
    pub permutation: Vec<u16>,
    /// Row after row: the orientation the piece in each place shows.
    pub orientation: Vec<u8>,
}

/// A batch of states: per set of the puzzle, a matrix of rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// How many states (rows in every set).
    pub count: usize,
    /// The puzzle's sets, in its order.
    pub orbits: Vec<OrbitRows>,
}

impl Batch {
    /// The batch with its sets in the puzzle's order (a caller may give
    /// them in any) and the puzzle's moduli, or why it cannot be one of the
    /// puzzle's: a set missing, unknown, of another size, or rows of the
    /// wrong length.
    pub fn arranged(mut self, p: &Puzzle) -> Result<Batch, String> {
        let mut orbits = Vec::with_capacity(p.sets.len());
        for set in &p.sets {
            let i = self
                .orbits
                .iter()
                .position(|o| o.name == set.name)
                .ok_or_else(|| format!("no set {} ({} of {} has it)", set.name, set.size, p.name))?;
            let mut rows = self.orbits.remove(i);
            if rows.size != set.size {
                return Err(format!(
                    "set {} of {} pieces, where {} has {}",
                    rows.name, rows.size, p.name, set.size
                ));
            }
            rows.modulus = set.modulus;
            let cells = rows.size.checked_mul(self.count);
            if cells != Some(rows.permutation.len()) || cells != Some(rows.orientation.len()) {
                return Err(format!(
                    "set {}: {} states need {} x {} entries",
                    set.name, self.count, self.count, set.size
                ));
            }
            orbits.push(rows);
        }
        if let Some(extra) = self.orbits.first() {
            return Err(format!("{} has no set {}", p.name, extra.name));
        }
        Ok(Batch {
            count: self.count,
            orbits,
        })
    }

    /// Why row `row` is not a state, if it is not: a set's row that is not
    /// a permutation of its pieces, or an orientation past the set's.
    /// Whether the moves reach it is the searcher's question. The shape
    /// must be the puzzle's ([`Batch::arranged`]).
    pub fn check_row(&self, p: &Puzzle, row: usize) -> Result<(), String> {
        for (rows, set) in self.orbits.iter().zip(&p.sets) {
            let n = rows.size;
            let mut seen = vec![false; n];
            for &piece in &rows.permutation[row * n..(row + 1) * n] {
                match seen.get_mut(piece as usize) {
                    Some(s) if !*s => *s = true,
                    Some(_) => return Err(format!("set {}: piece {piece} is in two places", set.name)),
                    None => return Err(format!("set {}: piece {piece} is not one of 0..{n}", set.name)),
                }
            }
            if let Some(&o) = rows.orientation[row * n..(row + 1) * n]
                .iter()
                .find(|&&o| o as u32 >= set.modulus)
            {
                return Err(format!(
                    "set {}: orientation {o} is not one of 0..{}",
                    set.name, set.modulus
                ));
            }
        }
        Ok(())
    }

    /// State `row` as the labels and orientations of every place (checked
    /// by [`Batch::check_row`]).
    pub fn state(&self, p: &Puzzle, row: usize) -> Result<State, String> {
        self.check_row(p, row)?;
        let (labels, orient) = self
            .orbits
            .iter()
            .zip(&p.solved)
            .map(|(rows, solved)| {
                let n = rows.size;
                let perm = &rows.permutation[row * n..(row + 1) * n];
                let ori = &rows.orientation[row * n..(row + 1) * n];
                (
                    perm.iter().map(|&i| solved[i as usize]).collect(),
                    ori.iter().map(|&o| o as u32).collect(),
                )
            })
            .unzip();
        Ok(State { labels, orient })
    }

    /// State `row` as a group element (the piece in place `k` came from
    /// place `permutation[k]`), for the solvers (checked by
    /// [`Batch::check_row`]).
    pub fn element(&self, p: &Puzzle, row: usize) -> Result<Element, String> {
        self.check_row(p, row)?;
        self.orbits
            .iter()
            .map(|rows| {
                let n = rows.size;
                let mut images = vec![0u32; n];
                for (place, &piece) in rows.permutation[row * n..(row + 1) * n].iter().enumerate() {
                    images[piece as usize] = place as u32;
                }
                let orient = rows.orientation[row * n..(row + 1) * n]
                    .iter()
                    .map(|&o| o as u32)
                    .collect();
                let perm = Perm::from_images(images).map_err(|e| e.to_string())?;
                Wreath::new(perm, orient, rows.modulus).map_err(|e| e.to_string())
            })
            .collect()
    }
}

/// Draws batches of uniformly random states of one puzzle.
#[derive(Clone, Debug)]
pub struct Sampler {
    chain: StabChain,
    /// Per set: its name, size, modulus and the first point of its
    /// permutation image ([`Puzzle::to_perm`]'s numbering).
    sets: Vec<(String, usize, u32, u32)>,
    /// Per point: whether some representative moves it. The others (the
    /// 3x3x3's centres) stay where they are in every state and are not
    /// followed through the levels.
    moved: Vec<bool>,
}

impl Sampler {
    /// The puzzle's stabiliser chain, ready to draw. Refuses a set of more
    /// than [`MAX_PIECES`] pieces or of more than 256 orientations (a
    /// byte each).
    pub fn new(p: &Puzzle) -> Result<Sampler, Error> {
        let mut sets = Vec::with_capacity(p.sets.len());
        let mut offset = 0u32;
        for s in &p.sets {
            if s.size > MAX_PIECES || s.modulus > 256 {
                return Err(LimitError::new(
                    format!("a batch of {} states", p.name),
                    format!("set {} ({} pieces, {} orientations)", s.name, s.size, s.modulus),
                    format!("{MAX_PIECES} pieces and 256 orientations a set"),
                )
                .into());
            }
            sets.push((s.name.clone(), s.size, s.modulus, offset));
            offset += (s.size * s.modulus as usize) as u32;
        }
        let chain = p.chain();
        let mut moved = vec![false; p.degree()];
        for level in 0..chain.base().len() {
            for &point in chain.basic_orbit(level) {
                let u = chain.transversal(level, point).expect("a point of the basic orbit");
                for (x, m) in moved.iter_mut().enumerate() {
                    *m |= u.image(x as u32) != x as u32;
                }
            }
        }
        Ok(Sampler { chain, sets, moved })
    }

    /// The bytes a batch of `count` states takes (two per piece for its
    /// place, one for its orientation).
    pub fn planned_bytes(&self, count: usize) -> u64 {
        let per_state: u64 = self.sets.iter().map(|s| 3 * s.1 as u64).sum();
        per_state.saturating_mul(count as u64)
    }

    /// `count` uniformly random states from a ChaCha8 generator seeded with
    /// `seed`: the states `twisty random --seed seed` draws, in its order.
    /// More than [`MAX_BATCH`] states are refused before anything is
    /// allocated; the drawing stops with [`Error::Interrupted`] soon after
    /// `cancel` is set (it is read every 16,384 states, a few milliseconds).
    pub fn draw(&self, count: usize, seed: u64, cancel: Option<&AtomicBool>) -> Result<Batch, Error> {
        if count > MAX_BATCH {
            return Err(LimitError::new("a batch", format!("{count} states"), format!("{MAX_BATCH} states")).into());
        }
        let mut orbits: Vec<OrbitRows> = self
            .sets
            .iter()
            .map(|(name, size, modulus, _)| OrbitRows {
                name: name.clone(),
                size: *size,
                modulus: *modulus,
                permutation: vec![0; size * count],
                orientation: vec![0; size * count],
            })
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        // The generator is one stream, so the choices are drawn in order,
        // a chunk of states at a time; following the pieces through them
        // (most of the work) runs in parallel.
        let levels = self.chain.base().len();
        let mut choices: Vec<&Perm> = Vec::with_capacity(CHUNK * levels);
        for start in (0..count).step_by(CHUNK) {
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(Error::Interrupted(format!("{start} of {count} states drawn")));
            }
            let rows = CHUNK.min(count - start);
            choices.clear();
            for _ in 0..rows {
                // Deepest level first: the order `random_element` composes in.
                for level in (0..levels).rev() {
                    let orbit = self.chain.basic_orbit(level);
                    let point = orbit[rng.random_range(0..orbit.len())];
                    choices.push(
                        self.chain
                            .transversal(level, point)
                            .expect("a point of the basic orbit"),
                    );
                }
            }
            for (&(_, size, modulus, offset), out) in self.sets.iter().zip(orbits.iter_mut()) {
                if size == 0 {
                    continue;
                }
                // The set's pieces some move moves: only they are followed.
                let moving: Vec<u32> = (0..size as u32)
                    .map(|piece| offset + piece * modulus)
                    .filter(|&x| self.moved[x as usize])
                    .collect();
                let range = start * size..(start + rows) * size;
                out.permutation[range.clone()]
                    .par_chunks_mut(size)
                    .zip(out.orientation[range].par_chunks_mut(size))
                    .enumerate()
                    .for_each_init(Vec::new, |points, (r, (perm, orient))| {
                        // Level by level, every piece at once: the lookups
                        // of one level are independent, so the processor
                        // overlaps them (a piece followed through all the
                        // levels is a chain of dependent loads).
                        points.clear();
                        points.extend_from_slice(&moving);
                        for u in &choices[r * levels..(r + 1) * levels] {
                            for x in points.iter_mut() {
                                *x = u.image(*x);
                            }
                        }
                        let mut place_of = |piece: u32, x: u32| {
                            let local = x - offset;
                            let place = (local / modulus) as usize;
                            perm[place] = piece as u16;
                            orient[place] = (local % modulus) as u8;
                        };
                        let mut followed = points.iter();
                        for piece in 0..size as u32 {
                            let x = offset + piece * modulus;
                            if self.moved[x as usize] {
                                place_of(piece, *followed.next().expect("one image a moving piece"));
                            } else {
                                place_of(piece, x);
                            }
                        }
                    });
            }
        }
        Ok(Batch { count, orbits })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::library;

    /// State by state, the batch holds what `random_element` draws from the
    /// same seed, read as `twisty random` writes it.
    #[test]
    fn the_same_states_as_random_element() {
        for name in ["3x3x3", "2x2x2", "pyraminx", "megaminx"] {
            let p = library::puzzle(name).unwrap();
            let batch = Sampler::new(&p).unwrap().draw(25, 7, None).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            let chain = p.chain();
            for row in 0..25 {
                let e = p.random_element(&chain, &mut rng);
                assert_eq!(batch.element(&p, row).unwrap(), e, "{name} row {row}");
                for (w, rows) in e.iter().zip(&batch.orbits) {
                    let n = rows.size;
                    let inv = w.perm().inverse();
                    let want: Vec<u16> = inv.images().iter().map(|&x| x as u16).collect();
                    assert_eq!(&rows.permutation[row * n..(row + 1) * n], &want[..], "{name} row {row}");
                    let want: Vec<u8> = w.orient().iter().map(|&x| x as u8).collect();
                    assert_eq!(&rows.orientation[row * n..(row + 1) * n], &want[..], "{name} row {row}");
                }
            }
        }
    }

    #[test]
    fn rows_that_are_no_states_are_named() {
        let p = library::puzzle("2x2x2").unwrap();
        let batch = Sampler::new(&p).unwrap().draw(2, 1, None).unwrap();
        let mut batch = batch.arranged(&p).unwrap();
        let corners = &mut batch.orbits[0];
        corners.permutation[8] = corners.permutation[9];
        corners.orientation[3] = 3;
        let piece = corners.permutation[8];
        assert_eq!(
            batch.check_row(&p, 0).unwrap_err(),
            "set CORNER: orientation 3 is not one of 0..3"
        );
        assert_eq!(
            batch.check_row(&p, 1).unwrap_err(),
            format!("set CORNER: piece {piece} is in two places")
        );
        batch.count = 3;
        assert_eq!(
            batch.clone().arranged(&p).unwrap_err(),
            "set CORNER: 3 states need 3 x 8 entries"
        );
        batch.orbits[0].name = "EDGE".into();
        assert_eq!(batch.arranged(&p).unwrap_err(), "no set CORNER (8 of 2x2x2 has it)");
    }

    /// Past the first chunk the generator's stream goes on unbroken.
    #[test]
    fn chunks_continue_the_stream() {
        let p = library::puzzle("2x2x2").unwrap();
        let n = CHUNK + 3;
        let batch = Sampler::new(&p).unwrap().draw(n, 5, None).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let chain = p.chain();
        let elements: Vec<Element> = (0..n).map(|_| p.random_element(&chain, &mut rng)).collect();
        for row in [0, CHUNK - 1, CHUNK, n - 1] {
            assert_eq!(batch.element(&p, row).unwrap(), elements[row], "row {row}");
        }
    }

    /// A puzzle whose moves do nothing has one state: every row solved.
    #[test]
    fn a_trivial_group_gives_solved_rows() {
        let p = library::puzzle("2x2x2").unwrap();
        let p = p.with_moves_or(&["I"], |_| Some(p.identity())).unwrap();
        let batch = Sampler::new(&p).unwrap().draw(3, 1, None).unwrap();
        assert_eq!(batch.orbits[0].permutation, [0, 1, 2, 3, 4, 5, 6, 7].repeat(3));
    }

    #[test]
    fn too_many_states_are_refused_before_drawing() {
        let p = library::puzzle("2x2x2").unwrap();
        let s = Sampler::new(&p).unwrap();
        assert_eq!(s.planned_bytes(1000), 1000 * 3 * 8);
        let err = s.draw(MAX_BATCH + 1, 1, None).unwrap_err();
        assert!(err.to_string().contains("16777216 states"), "{err}");
    }
}
