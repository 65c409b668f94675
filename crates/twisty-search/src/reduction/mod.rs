//! The 4x4x4 by reduction: centres, then edge pairs, then the 3x3x3.
//!
//! A 4x4x4 whose centres each show one colour and whose 24 wings sit in
//! twelve matching pairs is a 3x3x3 as far as outer turns go: its centres
//! are the 3x3x3's centres, its pairs the 3x3x3's edges. *Reduction* gets
//! it there, then solves that 3x3x3 with Kociemba's two-phase algorithm
//! ([`cubist_twophase`]). This is how people solve the 4x4x4, and how
//! Chen Shuang's three-phase reduction (TPR, in the WCA's scrambler) and
//! Tsai's eight-step solver before it do it by computer. What a computer
//! adds is that each phase is a search for a *shortest* way to the phase's
//! goal, within turns that keep what earlier phases did.
//!
//! The turns are the 18 outer turns and the wide turns `Uw Rw Fw` (each a
//! block of two layers, one turn in the outer block turn metric); `Dw`,
//! `Lw` and `Bw` are not needed, since `Dw` is `Uw` up to the whole cube's
//! turn, and without them no rotation creeps into an answer. Phases:
//!
//! 1. **U and D centres onto U and D**, any turn. The eight U and D centre
//!    pieces on some 8 of the 24 centre slots: C(24,8) = 735,471 states,
//!    at most 9 turns away.
//! 2. **R and L centres onto R and L, and every wing into its class**,
//!    turns keeping phase 1: outer turns, `Uw` of any power, `Rw2`, `Fw2`
//!    (23). Each edge place has two wing slots, of two *classes* that outer
//!    turns and half turns of inner layers never mix (see [`model`]): a
//!    wing can be paired with its partner by such turns only when the two
//!    are in different classes. Only `Uw` (quarter) moves wings between
//!    classes, so this is the last phase with it. The goal also asks that
//!    the class-0 wings and the class-1 wings be permuted alike in parity,
//!    which half turns cannot change and pairing needs, and that phase 3's
//!    centres be reachable: the search goes on to the next candidate when
//!    a candidate ending fails either.
//! 3. **Centres solved and the 12 edges paired**, turns keeping every axis's
//!    centres on its two faces and every wing in its class: outer turns and
//!    `Uw2 Rw2 Fw2` (21). Its goal includes the 3x3x3's permutation parity
//!    (corners and edges even or odd together), so no "PLL parity" is left;
//!    and since every wing is in its class, no edge of the reduced cube is
//!    flipped against the others ("OLL parity"): both parities of the
//!    4x4x4 are settled inside the phases, with no fixed algorithm.
//! 4. **The 3x3x3**, outer turns only, by [`cubist_twophase`].
//!
//! Phases 1 and 2 have exact tables (every coordinate is a set of slots:
//! [`tables`]), so their searches walk straight down. Phase 3 cannot
//! afford an exact table (its states are centres x 12!/2 pairings), so its
//! IDA* search is guided by the larger of an exact centre table and eight
//! lookups in a table of three edges' pairing. Every answer is applied to
//! the state in the generic puzzle before it is returned.

pub mod model;
pub mod tables;

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use cubist_perm::word::Word;
use cubist_twisty::{compose, Element, Puzzle};

use self::model::{odd, Cube4, Model};
use self::tables::{rank, Coords, Origin, Tables, PHASE2, TRIPLES, UNREACHED};
use crate::Error;

/// The most nodes one phase's search may visit before the solver gives up
/// with an error (a bug, never expected: phase 3 takes thousands).
const NODE_LIMIT: u64 = 2_000_000_000;

/// A solver of the 4x4x4 by reduction, planned for one puzzle.
pub struct ReductionSolver {
    puzzle: Puzzle,
    model: Model,
    coords: Coords,
    tables: Arc<Tables>,
    origin: Origin,
    warning: Option<String>,
}

/// Tables already built in this process, by model key.
fn memory() -> &'static Mutex<Vec<(u64, Arc<Tables>)>> {
    static M: OnceLock<Mutex<Vec<(u64, Arc<Tables>)>>> = OnceLock::new();
    M.get_or_init(|| Mutex::new(Vec::new()))
}

/// The key of a model's numbering (its turns), which the tables belong to.
fn key(model: &Model) -> u64 {
    let bytes: Vec<u8> = model
        .turns
        .iter()
        .flat_map(|t| t.corner.iter().chain(&t.twist).chain(&t.wing).chain(&t.centre).copied())
        .chain(model.centre_face)
        .chain(model.wing_class)
        .collect();
    cubist_io::checkpoint::fnv1a64(&bytes)
}

/// Whether `p` is the 4x4x4 the reduction solves (its outer turns and the
/// inner layers next to `U`, `R`, `F` among its moves).
pub fn is_4x4x4(p: &Puzzle) -> bool {
    Model::new(p).is_some()
}

/// The memory the tables take (7.1 MB), besides the two-phase tables.
pub fn table_bytes() -> u64 {
    tables::sizes().bytes() as u64
}

/// Whether the tables are in memory or in the cache folder (so planning
/// takes no build).
pub fn tables_ready(cache: Option<&Path>) -> bool {
    !memory().lock().map(|m| m.is_empty()).unwrap_or(true)
        || cache.is_some_and(|d| d.join(tables::CACHE_FILE).is_file())
}

impl ReductionSolver {
    /// Plans the solver for `p`: its model, the tables (from memory, the
    /// cache folder, or built) and the two-phase tables.
    pub fn new(p: &Puzzle, cache: Option<&Path>) -> Result<ReductionSolver, Error> {
        let model = Model::new(p).ok_or_else(|| {
            Error::Invalid(format!(
                "the reduction solves the 4x4x4 (with its outer turns and the layers 2U 2R 2F), not {}",
                p.name
            ))
        })?;
        let coords = Coords::new(&model);
        let k = key(&model);
        let held = memory()
            .lock()
            .ok()
            .and_then(|m| m.iter().find(|(key, _)| *key == k).map(|(_, t)| t.clone()));
        let (tables, origin, warning) = match held {
            Some(t) => (t, Origin::Memory, None),
            None => {
                let (t, origin, warning) = tables::load(&model, &coords, k, cache);
                let t = Arc::new(t);
                if let Ok(mut m) = memory().lock() {
                    m.push((k, t.clone()));
                }
                (t, origin, warning)
            }
        };
        let (_, two_phase_warning) = crate::twophase::prepare_tables(cache);
        Ok(ReductionSolver {
            puzzle: p.clone(),
            model,
            coords,
            tables,
            origin,
            warning: warning.or(two_phase_warning),
        })
    }

    /// Where the tables came from, and their size in bytes.
    pub fn tables(&self) -> (Origin, usize) {
        (self.origin, self.tables.bytes())
    }

    /// Why the tables could not be cached, if they could not.
    pub fn cache_warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// Solves `state`: the turns (the model's, see [`model::Model::turns`])
    /// and the same as a word of the puzzle's moves, verified.
    pub fn solve(&self, state: &Element) -> Result<(Vec<usize>, Word), Error> {
        let cube = self
            .model
            .cube(state)
            .ok_or_else(|| Error::Failed("the state is not one of the 4x4x4's".into()))?;
        let turns = merge(&self.model, self.solve_cube(cube)?);
        let word = Word::from_letters(turns.iter().flat_map(|&t| self.model.letters(t)).collect());
        let per_set: Element = (0..self.puzzle.sets.len())
            .map(|k| {
                let gens: Vec<_> = self.puzzle.moves.iter().map(|m| m.element[k].clone()).collect();
                word.evaluate_wreath(&gens)
            })
            .collect();
        if !self.puzzle.shows_solved(&compose(state, &per_set)) {
            return Err(Error::Failed("the reduction's answer does not solve the state".into()));
        }
        Ok((turns, word))
    }

    /// The four phases on the model's state; the turns in order.
    fn solve_cube(&self, cube: Cube4) -> Result<Vec<usize>, Error> {
        let (m, co, t) = (&self.model, &self.coords, &*self.tables);
        let apply = |c: Cube4, path: &[usize]| path.iter().fold(c, |c, &i| c.apply(&m.turns[i]));
        // Phase 1: the U/D centre slots.
        let ud = (0..24).filter(|&q| cube.centre[q] % 3 == 0).fold(0u32, |s, q| s | 1 << q);
        let all: Vec<usize> = (0..27).collect();
        let p1 = ida(
            m,
            &all,
            ud,
            |&s, i| co.centre[all[i]].apply(s),
            |&s| t.ud[rank(s) as usize],
            |_| true,
        )?;
        let c1 = apply(cube, &p1);
        // Phase 2: R/L centres among the side slots, wings in their class.
        let lr = (0..16).filter(|&i| c1.centre[co.side[i] as usize] % 3 == 1).fold(0u32, |s, i| s | 1 << i);
        let wings = (0..24)
            .filter(|&x| m.wing_class[x] == 0)
            .fold(0u32, |s, x| s | 1 << c1.wing[x]);
        let p2 = ida(
            m,
            &PHASE2,
            (lr, wings),
            |&(l, w), i| (co.side_perm[i].apply(l), co.wing[PHASE2[i]].apply(w)),
            |&(l, w)| t.lr[l as usize].max(t.wings[rank(w) as usize]),
            |path| {
                let c = apply(c1, path);
                self.phase3_start(&c).is_some_and(|(centres, _)| t.centres[centres as usize] != UNREACHED)
            },
        )?;
        let c2 = apply(c1, &p2);
        // Phase 3: centres solved, edges paired.
        let (centres, pairs) = self
            .phase3_start(&c2)
            .ok_or_else(|| Error::Failed("phase 2 ended with a wing outside its class".into()))?;
        let h3 = |s: &(u32, [u32; 8])| s.1.iter().fold(t.centres[s.0 as usize], |h, &i| h.max(t.pairs[i as usize]));
        let p3 = ida(
            m,
            &co.phase3,
            (centres, pairs),
            |&(c, p), i| (co.centre_step(c, i), p.map(|x| co.pairs_step(x, i))),
            h3,
            |_| true,
        )?;
        let c3 = apply(c2, &p3);
        // Phase 4: the 3x3x3.
        let k = m
            .cubie(&c3)
            .ok_or_else(|| Error::Failed("phase 3 did not reduce the cube to a 3x3x3".into()))?;
        let sol = cubist_twophase::solve(&k, &cubist_twophase::SolveOptions::default())
            .map_err(|e| Error::Failed(format!("the reduced 3x3x3: {e}")))?;
        Ok([p1, p2, p3, sol.moves.iter().map(|&mv| Model::turn_of(mv)).collect()].concat())
    }

    /// Phase 3's coordinates of a state that phase 2 left (every wing in
    /// its class): the centre coordinate and the eight `pairs` indices;
    /// `None` when a wing is outside its class or the two classes are
    /// permuted with different parities (no pairing can then be reached).
    fn phase3_start(&self, c: &Cube4) -> Option<(u32, [u32; 8])> {
        let (m, co) = (&self.model, &self.coords);
        let a = m.wing_places(c, false)?;
        let b = m.wing_places(c, true)?;
        if odd(&a) != odd(&b) {
            return None;
        }
        let r = |axis: usize| {
            let slots = &co.axis_slots[axis];
            let mask = (0..8).filter(|&i| c.centre[slots[i] as usize] == axis as u8).fold(0usize, |s, i| s | 1 << i);
            u32::from(co.rank70[mask])
        };
        if (0..3).any(|axis| r(axis) == u32::from(UNREACHED)) {
            return None;
        }
        let parity = u32::from(odd(&c.corner) != odd(&a));
        let centres = ((r(0) * 70 + r(1)) * 70 + r(2)) * 2 + parity;
        let pairs = TRIPLES.map(|tr| {
            let x = tr.iter().fold(0u32, |s, &e| s * 12 + u32::from(a[e]));
            let y = tr.iter().fold(0u32, |s, &e| s * 12 + u32::from(b[e]));
            x * 1728 + y
        });
        Some((centres, pairs))
    }
}

/// Merges neighbouring turns of one block at the phases' seams (`U` then
/// `U2` is `U'`; across turns of the same axis, which commute); a turn
/// that cancels goes.
fn merge(m: &Model, turns: Vec<usize>) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(turns.len());
    for t in turns {
        let new = &m.turns[t];
        let mut k = out.len();
        let mut merged = false;
        while k > 0 {
            let old = &m.turns[out[k - 1]];
            if old.axis() != new.axis() {
                break;
            }
            if old.face == new.face && old.wide == new.wide {
                let power = (old.power + new.power) % 4;
                if power == 0 {
                    out.remove(k - 1);
                } else {
                    out[k - 1] = out[k - 1] - old.power as usize + power as usize;
                }
                merged = true;
                break;
            }
            k -= 1;
        }
        if !merged {
            out.push(t);
        }
    }
    out
}

/// Iterative-deepening A*: the shortest sequence of `allowed` turns (by
/// index into it) from `start` to a state where `h` is 0 and `goal` holds
/// for the path (the model's turn numbers). Turns of one axis are tried in
/// one order only and never two of one block in a row.
fn ida<S: Copy>(
    m: &Model,
    allowed: &[usize],
    start: S,
    step: impl Fn(&S, usize) -> S,
    h: impl Fn(&S) -> u8,
    mut goal: impl FnMut(&[usize]) -> bool,
) -> Result<Vec<usize>, Error> {
    struct Ctx<'a, S, St, H, G> {
        m: &'a Model,
        allowed: &'a [usize],
        step: St,
        h: H,
        goal: G,
        path: Vec<usize>,
        nodes: u64,
        _s: std::marker::PhantomData<S>,
    }
    fn dfs<S: Copy, St: Fn(&S, usize) -> S, H: Fn(&S) -> u8, G: FnMut(&[usize]) -> bool>(
        c: &mut Ctx<'_, S, St, H, G>,
        s: S,
        left: usize,
    ) -> Result<bool, Error> {
        c.nodes += 1;
        if c.nodes > NODE_LIMIT {
            return Err(Error::Failed("a phase of the 4x4x4 reduction searched too long".into()));
        }
        let d = (c.h)(&s) as usize;
        if d > left {
            return Ok(false);
        }
        if left == 0 {
            return Ok((c.goal)(&c.path));
        }
        for i in 0..c.allowed.len() {
            let t = c.allowed[i];
            if let Some(&last) = c.path.last() {
                let (a, b) = (&c.m.turns[last], &c.m.turns[t]);
                if a.axis() == b.axis() && b.block() <= a.block() {
                    continue;
                }
            }
            let next = (c.step)(&s, i);
            c.path.push(t);
            if dfs(c, next, left - 1)? {
                return Ok(true);
            }
            c.path.pop();
        }
        Ok(false)
    }
    let first = h(&start);
    if first == UNREACHED {
        return Err(Error::Failed("a phase of the 4x4x4 reduction has no way to its goal".into()));
    }
    let mut c = Ctx {
        m,
        allowed,
        step,
        h,
        goal: &mut goal,
        path: Vec::new(),
        nodes: 0,
        _s: std::marker::PhantomData,
    };
    for bound in first as usize..40 {
        if dfs(&mut c, start, bound)? {
            return Ok(c.path);
        }
    }
    Err(Error::Failed("a phase of the 4x4x4 reduction found no way to its goal".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::{library, notation};
    use rand::SeedableRng;

    #[test]
    fn solves_random_states() {
        let p = library::puzzle("4x4x4").unwrap();
        let s = ReductionSolver::new(&p, None).unwrap();
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..3 {
            let e = p.random_element(&chain, &mut rng);
            let (turns, _) = s.solve(&e).unwrap();
            eprintln!("{} turns", turns.len());
        }
        let e = notation::parse(&p, "Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'").unwrap();
        s.solve(&e).unwrap();
    }
}
