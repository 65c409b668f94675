//! The universal solver: Eidswick's common strategy (§4, §7 of "Cubelike
//! puzzles — what are they and how do you solve them?") for any puzzle cubist
//! can define, built-in, `.tws` or KPuzzle.
//!
//! 1. **Reachability.** A piece outside its orbit, a broken twist-sum law
//!    (Proposition 2) or parity law (Proposition 1) is reported by name; any
//!    other failure is settled by Schreier–Sims membership.
//! 2. **Parity adjustment** (Proposition 1), generalised to twist sums: the
//!    shortest word making every orbit even and every twist sum 0
//!    ([`invariants`](self) module).
//! 3. **Orbit order** (§7): the order minimising `m = Σ l_i |O_i|`.
//! 4. **Each orbit** in turn with commutator 3-cycles relative to the orbits
//!    already solved (Propositions 3–5), conjugated onto every triple
//!    (Proposition 6), and two-piece twists from the Corollary, by the
//!    reduction of Proposition 7.
//! 5. **Fallback**: orbits where that is impossible (no complete set of
//!    3-cycles: skewb, Eidswick's Examples 2 and 3…) are solved by breadth-first
//!    search over their own states.
//! 6. The word is simplified and **verified** on the puzzle's own elements
//!    before it is returned.
//!
//! All searches depend on the puzzle only, so [`UniversalSolver::new`] does
//! them once and [`UniversalSolver::solve`] only looks things up.
//!
//! ```
//! use cubist_twisty::{compose, library, notation};
//! use cubist_twisty_search::universal::UniversalSolver;
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let solver = UniversalSolver::new(&cube).unwrap();
//! let state = notation::parse(&cube, "R U R' U' F2 D L'").unwrap();
//! let solution = solver.solve(&state).unwrap();
//! let mut e = state.clone();
//! for &(m, k) in solution.moves.letters() {
//!     e = compose(&e, &cubist_twisty::power(&cube.moves[m].element, k));
//! }
//! assert_eq!(e, cube.identity());
//!
//! // One corner twisted: unreachable, and the law is named.
//! let mut twisted = cube.identity();
//! let corners = &twisted[0];
//! let mut o = corners.orient().to_vec();
//! o[0] = 1;
//! twisted[0] = cubist_perm::Wreath::new(corners.perm().clone(), o, 3).unwrap();
//! let err = solver.solve(&twisted).unwrap_err().to_string();
//! assert!(err.contains("twist-sum law"), "{err}");
//! ```

mod act;
mod fallback;
mod invariants;
mod layout;
mod order;
mod reduce;
mod search;
pub(crate) mod simplify;
mod tables;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use cubist_perm::word::Word;
use cubist_perm::{Perm, StabChain};
use num_bigint::BigUint;
use serde::Serialize;

use crate::Error;
use act::Bits;
use cubist_io::LimitError;
use cubist_twisty::{compose, power, Element, Puzzle};
use fallback::Fallback;
use invariants::Invariants;
use layout::Layout;
use search::{Betas, LocalGens};
use tables::Tables;

/// How one block of orbits is solved.
enum Method {
    Cycles(Tables),
    Search(Fallback),
    /// The block's breadth-first search was refused: too many states.
    Impossible(LimitError),
}

/// How many Schreier generators of the front block are offered to the next
/// orbit's search as macro moves.
const SCHREIER_MACROS: usize = 400;

struct Plan {
    orbits: Vec<usize>,
    l: Option<usize>,
    method: Method,
}

/// The solver for one puzzle, with everything that depends only on the puzzle
/// computed: orbit order, commutators, setup tables, fallback searches.
pub struct UniversalSolver {
    puzzle: Puzzle,
    layout: Layout,
    invariants: Invariants,
    plan: Vec<Plan>,
    chain: OnceLock<StabChain>,
}

/// One orbit (or block of orbits) of the chosen order, for `--explain` and the docs.
#[derive(Clone, Debug, Serialize)]
pub struct OrbitStage {
    /// The orbit's name (its set, plus slots when the set has several orbits).
    pub orbit: String,
    /// How many slots.
    pub size: usize,
    /// Length of the shortest commutator 3-cycle relative to the orbits solved
    /// so far (Eidswick's `l_i`); absent when none was found.
    pub l: Option<usize>,
    /// `"3-cycles"` (Proposition 7) or `"search"` (the breadth-first fallback).
    pub method: String,
    /// For `"search"`: how many states the breadth-first search stored.
    pub states: Option<usize>,
}

/// One step of a phase: a conjugated 3-cycle, a two-piece twist, or a macro
/// move of the fallback search.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// `"3-cycle"`, `"twist"` or `"macro"`.
    pub kind: String,
    /// The slots acted on, as `SET n` (1-based within the set); for a 3-cycle
    /// the piece in the first goes to the second, and so on.
    pub pieces: Vec<String>,
    /// The step's moves.
    pub moves: String,
    /// Its number of moves.
    pub length: usize,
}

/// A phase of the solution: the parity adjustment, or one orbit.
#[derive(Clone, Debug, Serialize)]
pub struct Phase {
    /// What it solves (`parity`, an orbit's set name).
    pub name: String,
    /// `"parity"`, `"3-cycles"` or `"search"`.
    pub kind: String,
    /// Eidswick's `l_i` for an orbit phase.
    pub l: Option<usize>,
    /// The phase's moves.
    pub moves: String,
    /// Its number of moves.
    pub length: usize,
    /// The steps.
    pub steps: Vec<Step>,
}

/// A verified solution: applying `moves` to the state gives the solved state.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The moves that take the state to solved.
    pub moves: Word,
    /// How the solver got there.
    pub phases: Vec<Phase>,
}

impl UniversalSolver {
    /// Plans the solution of every state of `p`: orbit order, commutator
    /// searches, setup tables and fallback searches.
    pub fn new(p: &Puzzle) -> Result<UniversalSolver, Error> {
        UniversalSolver::new_until(p, None)
    }

    /// [`UniversalSolver::new`], stopping with [`Error::Interrupted`] soon
    /// after `cancel` is set: the orbits' order (one search per pair of
    /// orbits: the 12x12x12's 31 take most of its half minute), each
    /// orbit's plan and the front block's macros look at it as they go.
    pub fn new_until(p: &Puzzle, cancel: Option<&AtomicBool>) -> Result<UniversalSolver, Error> {
        let never = AtomicBool::new(false);
        let cancel = cancel.unwrap_or(&never);
        let interrupted = |done: usize, of: usize| {
            Error::Interrupted(format!(
                "planning {done} of {of} orbits of {} (nothing is kept)",
                p.name
            ))
        };
        let stop = |done: usize, of: usize| match cancel.load(Ordering::Relaxed) {
            true => Err(interrupted(done, of)),
            false => Ok(()),
        };
        let layout = Layout::new(p)?;
        let invariants = Invariants::new(&layout)?;
        let betas = Betas::new(&layout);
        let todo: Vec<usize> = (0..layout.orbits.len())
            .filter(|&o| layout.orbits[o].needs_solving(&layout.label))
            .collect();
        // Orbits without a complete set of 3-cycles even with nothing solved go
        // first, together, to the breadth-first search over the moves.
        let none = Bits::new(layout.slots());
        let mut first: Vec<usize> = todo
            .iter()
            .copied()
            .filter(|&o| {
                !orbit_group_full(&layout, o)
                    && !prepare(&layout, &betas, o, &none, false)
                        .0
                        .complete(layout.orbits[o].twists())
            })
            .collect();
        let mut rest: Vec<usize> = todo.iter().copied().filter(|o| !first.contains(o)).collect();
        let mut order =
            order::choose(&layout, &betas, &first, &rest, cancel).ok_or_else(|| interrupted(0, todo.len()))?;
        // An orbit left without any relative 3-cycle goes to the front block
        // (breadth-first search over the moves) if that block stays small.
        while let Some(&(o, _)) = order.iter().find(|(o, l)| l.is_none() && !first.contains(o)) {
            let mut block = first.clone();
            block.push(o);
            if !fallback::small_enough(&layout, &block, Some(&invariants)) {
                break;
            }
            first = block;
            rest.retain(|&x| x != o);
            order = order::choose(&layout, &betas, &first, &rest, cancel).ok_or_else(|| interrupted(0, todo.len()))?;
        }
        let mut plan = Vec::new();
        let mut solved: Vec<usize> = first.clone();
        let front = if first.is_empty() {
            None
        } else {
            let letters: Vec<Vec<u32>> = (0..layout.gens.len() as u32).map(|g| vec![g]).collect();
            Fallback::new(&layout, &invariants, &first, letters, true)
        };
        for (o, l) in order {
            stop(solved.len(), todo.len())?;
            let (tables, _) = prepare(&layout, &betas, o, &layout.mask(&solved), false);
            let method = if tables.complete(layout.orbits[o].twists()) {
                Method::Cycles(tables)
            } else {
                let (tables, found) = prepare(&layout, &betas, o, &layout.mask(&solved), true);
                let mut words: Vec<Vec<u32>> = found
                    .cycles
                    .into_iter()
                    .chain(found.twists)
                    .chain(found.others)
                    .map(|f| f.word)
                    .collect();
                // Right after the front block, its Schreier generators fix it
                // and generate everything that does.
                let track = solved == first && front.is_some();
                if let (true, Some(fb)) = (track, &front) {
                    words.extend(fb.schreier_macros(&layout, &invariants, o, SCHREIER_MACROS, cancel));
                }
                match Fallback::new(&layout, &invariants, &[o], words, track) {
                    Some(fb) => Method::Search(fb),
                    None => Method::Cycles(tables),
                }
            };
            plan.push(Plan {
                orbits: vec![o],
                l,
                method,
            });
            solved.push(o);
        }
        // A stop seen inside the last orbit's searches left its plan short.
        stop(solved.len(), todo.len())?;
        if !first.is_empty() {
            let method = match front {
                Some(fb) => Method::Search(fb),
                None => {
                    // Refused work, not a failed solver: the figure is the
                    // order of the group on the block (its states when the
                    // pieces are distinct, a bound on them otherwise).
                    let (order, distinct) = fallback::block_order(&layout, &first);
                    let names: Vec<&str> = first.iter().map(|&o| layout.orbits[o].name.as_str()).collect();
                    let needed = if distinct && order > BigUint::from(fallback::MAX_STATES) {
                        format!("{order} states")
                    } else {
                        format!(
                            "more than {} states (the group on them has order {order})",
                            fallback::MAX_STATES
                        )
                    };
                    Method::Impossible(
                        LimitError::new(
                            format!(
                                "the breadth-first search over {} (no complete set of commutator 3-cycles)",
                                names.join(" + ")
                            ),
                            needed,
                            format!("{} states", fallback::MAX_STATES),
                        )
                        .hint("solve it with --method chain"),
                    )
                }
            };
            plan.insert(
                0,
                Plan {
                    orbits: first,
                    l: None,
                    method,
                },
            );
        }
        Ok(UniversalSolver {
            puzzle: p.clone(),
            layout,
            invariants,
            plan,
            chain: OnceLock::new(),
        })
    }

    /// The orbits in the order they are solved.
    pub fn stages(&self) -> Vec<OrbitStage> {
        self.plan
            .iter()
            .map(|p| OrbitStage {
                orbit: self.plan_name(p),
                size: p.orbits.iter().map(|&o| self.layout.orbits[o].size()).sum(),
                l: p.l,
                method: match p.method {
                    Method::Cycles(_) => "3-cycles",
                    Method::Search(_) => "search",
                    Method::Impossible(_) => "none",
                }
                .into(),
                states: match &p.method {
                    Method::Search(fb) => Some(fb.states()),
                    _ => None,
                },
            })
            .collect()
    }

    /// Eidswick's efficiency measure `m = Σ l_i |O_i|` of the chosen order, over
    /// the orbits solved by 3-cycles.
    pub fn efficiency(&self) -> usize {
        self.stages().iter().filter_map(|s| s.l.map(|l| l * s.size)).sum()
    }

    /// Eidswick's `l_i` for another ordering of the orbits, given by name (the
    /// paper's §7 ordering, say), found by the same search as the chosen
    /// order's; `None` if a name is not an orbit this solver orders.
    pub fn score_ordering(&self, names: &[&str]) -> Option<Vec<OrbitStage>> {
        let l = &self.layout;
        let seq: Vec<usize> = names
            .iter()
            .map(|n| (0..l.orbits.len()).find(|&o| l.orbits[o].name == *n))
            .collect::<Option<_>>()?;
        let betas = Betas::new(l);
        let ls = order::score(l, &betas, &[], &seq);
        Some(
            seq.iter()
                .zip(ls)
                .map(|(&o, lo)| OrbitStage {
                    orbit: l.orbits[o].name.clone(),
                    size: l.orbits[o].size(),
                    l: lo,
                    method: "3-cycles".into(),
                    states: None,
                })
                .collect(),
        )
    }

    fn plan_name(&self, p: &Plan) -> String {
        let names: Vec<&str> = p.orbits.iter().map(|&o| self.layout.orbits[o].name.as_str()).collect();
        names.join(" + ")
    }

    /// Solves `state` (an element of the puzzle: the state reached from solved
    /// by it). The answer is verified before it is returned.
    pub fn solve(&self, state: &Element) -> Result<Solution, Error> {
        let l = &self.layout;
        let shape_ok = state.len() == self.puzzle.sets.len()
            && state
                .iter()
                .zip(&self.puzzle.sets)
                .all(|(w, s)| w.degree() == s.size && w.modulus() == s.modulus);
        if !shape_ok {
            return Err(Error::Failed("the state does not have this puzzle's sets".into()));
        }
        let mut g = l.act_of(state);
        for s in 0..l.slots() {
            let d = g.perm[s] as usize;
            if l.orbit_of[s] != l.orbit_of[d] {
                return Err(Error::Unreachable(format!(
                    "the piece from {} sits in {}, outside its orbit",
                    self.slot_name(s),
                    self.slot_name(d)
                )));
            }
        }
        // Of the shortest adjustments, the one that leaves most pieces solved.
        let adjust = self
            .invariants
            .adjustments(l, &g)
            .map_err(Error::Unreachable)?
            .into_iter()
            .max_by_key(|w| solved_slots(l, &g.then(&l.word_act(w), &l.modulus)))
            .expect("at least one adjustment");
        let mut phases = Vec::new();
        let mut all: Vec<u32> = Vec::new();
        let mut scratch = g.clone();
        for &x in &adjust {
            g.apply(&l.gens[x as usize].act, &l.modulus, &mut scratch);
        }
        phases.push(self.phase("parity and twist sums", "parity", None, &adjust, Vec::new()));
        all.extend(&adjust);
        for p in &self.plan {
            if p.orbits.iter().all(|&o| l.orbit_solved(&g, o)) {
                continue;
            }
            let (kind, steps) = match &p.method {
                Method::Cycles(t) => {
                    let mut steps = Vec::new();
                    reduce::reduce(l, p.orbits[0], t, &mut g, &mut steps).map_err(|m| self.failure(state, m))?;
                    let steps: Vec<(String, Vec<usize>, Vec<u32>)> = steps
                        .into_iter()
                        .map(|s| ((if s.twist { "twist" } else { "3-cycle" }).to_string(), s.slots, s.word))
                        .collect();
                    ("3-cycles", steps)
                }
                Method::Search(fb) => {
                    let used = fb
                        .solve(l, &self.invariants, &mut g)
                        .map_err(|m| self.failure(state, m))?;
                    (
                        "search",
                        used.into_iter().map(|w| ("macro".to_string(), vec![], w)).collect(),
                    )
                }
                Method::Impossible(e) => return Err(Error::Limit(e.clone())),
            };
            let word: Vec<u32> = steps.iter().flat_map(|s| s.2.iter().copied()).collect();
            all.extend(&word);
            let infos = steps
                .into_iter()
                .map(|(k, slots, w)| {
                    let (moves, length) = self.format(&w);
                    Step {
                        kind: k,
                        pieces: slots.iter().map(|&s| self.slot_name(s)).collect(),
                        moves,
                        length,
                    }
                })
                .collect();
            phases.push(self.phase(&self.plan_name(p), kind, p.l, &word, infos));
        }
        let moves = Word::from_letters(self.simplified(&all));
        if !self.verify(state, &moves) {
            return Err(Error::Failed("the universal solver's solution did not verify".into()));
        }
        Ok(Solution { moves, phases })
    }

    fn simplified(&self, word: &[u32]) -> Vec<(usize, i64)> {
        let l = &self.layout;
        let letters: Vec<(usize, i64)> = word
            .iter()
            .map(|&x| (l.gens[x as usize].mv, l.gens[x as usize].power))
            .collect();
        simplify::simplify(&letters, &l.move_order, &l.commute)
    }

    fn format(&self, word: &[u32]) -> (String, usize) {
        let names: Vec<&str> = self.puzzle.moves.iter().map(|m| m.name.as_str()).collect();
        let w = Word::from_letters(self.simplified(word));
        (w.format(&names), w.len())
    }

    fn phase(&self, name: &str, kind: &str, l: Option<usize>, word: &[u32], steps: Vec<Step>) -> Phase {
        let (moves, length) = self.format(word);
        Phase {
            name: name.into(),
            kind: kind.into(),
            l,
            moves,
            length,
            steps,
        }
    }

    /// `SET n`, 1-based within the set.
    fn slot_name(&self, s: usize) -> String {
        let set = self
            .layout
            .set_offset
            .iter()
            .rposition(|&o| o <= s)
            .expect("slot in a set");
        format!("{} {}", self.puzzle.sets[set].name, s - self.layout.set_offset[set] + 1)
    }

    /// A failure is "unreachable" unless the state is in the group.
    fn failure(&self, state: &Element, message: String) -> Error {
        if self.member(state) {
            Error::Failed(format!("the universal solver could not solve this state: {message}"))
        } else {
            Error::Unreachable("not in the group generated by the moves (Schreier–Sims membership)".into())
        }
    }

    /// Membership of the state up to identical pieces: the element itself, or
    /// the element with two identical pieces swapped in any of the orbits that
    /// have some (exact when the group contains the even permutations of those
    /// pieces that fix everything else, as on every cube).
    fn member(&self, state: &Element) -> bool {
        let chain = self.chain.get_or_init(|| self.puzzle.chain());
        let swaps: Vec<(usize, u32, u32)> = self
            .layout
            .orbits
            .iter()
            .filter(|o| !o.distinct)
            .filter_map(|o| {
                let set = o.set;
                let off = self.layout.set_offset[set];
                let lab = |s: u16| self.layout.label[s as usize];
                o.slots.iter().enumerate().find_map(|(i, &a)| {
                    o.slots[i + 1..]
                        .iter()
                        .find(|&&b| lab(a) == lab(b))
                        .map(|&b| (set, (a as usize - off) as u32, (b as usize - off) as u32))
                })
            })
            .take(12)
            .collect();
        (0..1u32 << swaps.len()).any(|mask| {
            let mut e = state.clone();
            for (i, &(set, a, b)) in swaps.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    let w = &e[set];
                    let t = cubist_perm::Perm::from_cycles(w.degree(), &[vec![a, b]]).expect("a transposition");
                    let swap = cubist_perm::Wreath::new(t, vec![0; w.degree()], w.modulus()).expect("valid");
                    e[set] = swap.then(w);
                }
            }
            chain.contains(&self.puzzle.to_perm(&e))
        })
    }

    /// Applies the word with the puzzle's own elements and compares labels.
    fn verify(&self, state: &Element, moves: &Word) -> bool {
        let mut e = state.clone();
        for &(m, k) in moves.letters() {
            e = compose(&e, &power(&self.puzzle.moves[m].element, k));
        }
        self.puzzle.shows_solved(&e)
    }
}

/// Search and tables for orbit `o` relative to the solved slots (`others`:
/// keep the commutators that are neither 3-cycles nor twists, for a fallback).
fn prepare(l: &Layout, betas: &Betas, o: usize, solved: &Bits, others: bool) -> (Tables, search::Found3) {
    let local = LocalGens::new(l, o);
    let found = search::search(l, betas, &local, o, solved, others);
    let tables = Tables::new(&local, l.orbits[o].modulus, &found.cycles, &found.twists);
    (tables, found)
}

/// True if the moves, restricted to orbit `o`, generate a group at least as
/// large as the even permutations with every twist vector of sum 0 (for
/// `|O| >= 5` the alternating group is perfect, so commutators then give
/// 3-cycles on every triple and every two-piece twist).
fn orbit_group_full(l: &Layout, o: usize) -> bool {
    let orbit = &l.orbits[o];
    let (n, r) = (orbit.size(), orbit.modulus as u32);
    if n < 5 {
        return false;
    }
    let perms: Vec<Perm> = l
        .gens
        .iter()
        .map(|g| {
            let a = g.act.restrict(&orbit.slots, &l.local);
            let images = (0..n as u32)
                .flat_map(|i| {
                    let d = a.perm[i as usize] as u32;
                    let t = a.twist[d as usize] as u32;
                    (0..r).map(move |j| d * r + (j + t) % r)
                })
                .collect();
            Perm::from_images(images).expect("a wreath element permutes the points")
        })
        .collect();
    let order = StabChain::new(n * r as usize, &perms).order();
    let mut need = BigUint::from(orbit.orientations).pow(n as u32 - 1);
    for k in 3..=n {
        need *= k;
    }
    order >= need
}

/// How many slots show their solved label, untwisted.
fn solved_slots(l: &Layout, a: &act::Act) -> usize {
    let inv = layout::inverse_perm(&a.perm);
    (0..l.slots())
        .filter(|&s| a.twist[s] == 0 && l.label[inv[s] as usize] == l.label[s])
        .count()
}
