//! The symmetries of a puzzle's move set: relabellings of its slots and
//! orientations that carry every step of a metric onto a step.
//!
//! A symmetry `S` moves the piece in slot `j` to slot `σ(j)` (of the same
//! piece set, or of another as large with the same modulus) and changes its
//! orientation by `o ↦ ε·o + τ(j)` (modulo the set's modulus), with `ε = 1`
//! for a rotation and `ε = -1` for a reflection, which reverses every
//! clockwise order. Seen as a map of the points `(slot, twist)`, a state `x`
//! (an element, [`State`]) has the conjugate `S x S⁻¹`; since conjugation is
//! a homomorphism, when `S` carries each step onto a step it carries every
//! path from solved onto a path of the same length, and a state and its
//! conjugates lie at the same distance. That is what God's algorithm
//! reduced by symmetry ([`crate::god::run_symmetric`]) counts on.
//!
//! Why a search over the model and not the geometry: puzzles read from
//! `.tws` files have no geometry, a built-in puzzle's geometry lists only
//! its rotations (a reflection is not a rigid motion), and a subgroup such as
//! `<U,R>` keeps only the symmetries that map its own moves to moves. The
//! search ([`find`]) fixes where one slot goes and how it turns, then tries
//! for each generator every step it could become; each choice determines
//! `σ` and `τ` along that generator's edges (`σ(g·i) = x·σ(i)`), and a
//! contradiction prunes the branch at once. Two symmetries that send every
//! generator to the same step conjugate every state alike, so one is kept
//! per image of the generators.
//!
//! ```
//! use cubist_twisty::library;
//! use cubist_twisty_search::{coord::Metric, symmetry};
//!
//! let cube = library::puzzle("2x2x2").unwrap();
//! let syms = symmetry::find(&cube, Metric::Htm).unwrap();
//! assert_eq!(syms.len(), 48); // 24 rotations and 24 reflections
//! assert_eq!(syms.iter().filter(|s| !s.mirror).count(), 24);
//! ```

use std::collections::HashSet;

use cubist_twisty::{Element, Puzzle};

use crate::coord::{steps, Metric, State};
use crate::Error;

/// One symmetry of a puzzle's move set (see the module's notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The set each set's pieces go to (another set of the same size and
    /// modulus: the skewb's quarter turns swap its two kinds of corner).
    pub sets: Vec<usize>,
    /// Per set, the slot `σ(j)` (of its image set) each slot `j` goes to.
    pub slots: Vec<Vec<u32>>,
    /// Per set, the twist `τ(j)` added to the piece leaving slot `j`.
    pub twist: Vec<Vec<u32>>,
    /// True for a reflection: orientations are negated (`ε = -1`).
    pub mirror: bool,
    /// The step each step becomes, as indices into the metric's steps
    /// ([`crate::coord::steps`]).
    pub steps: Vec<usize>,
    /// Per set, the label (of its image set) each solved label becomes.
    pub(crate) labels: Vec<Vec<u32>>,
    /// Per set, per label, `τ` of the label's home slots.
    pub(crate) label_twist: Vec<Vec<u32>>,
    /// Per set, its orientation modulus.
    moduli: Vec<u32>,
}

impl Symmetry {
    /// True for the identity (every step kept).
    pub fn is_identity(&self) -> bool {
        self.steps.iter().enumerate().all(|(i, &s)| i == s)
    }

    /// The conjugate `S x S⁻¹` of a state: the piece in slot `j` moves to
    /// `σ(j)` under its label's image, its orientation `o` becoming
    /// `ε·o + τ(j) − τ(h)` with `h` its home slot (so that the solved state
    /// is its own conjugate).
    pub fn conjugate(&self, s: &State, out: &mut State) {
        for (set, slots) in self.slots.iter().enumerate() {
            let (lab, ori) = (&s.labels[set], &s.orient[set]);
            let r = self.moduli[set];
            let image = self.sets[set];
            for (j, &to) in slots.iter().enumerate() {
                let l = lab[j] as usize;
                out.labels[image][to as usize] = self.labels[set][l];
                let o = if self.mirror { (r - ori[j] % r) % r } else { ori[j] % r };
                out.orient[image][to as usize] = (o + self.twist[set][j] + r - self.label_twist[set][l]) % r;
            }
        }
    }
}

/// A step as the search sees it: per set, where each slot goes and the
/// twist each destination receives.
struct StepMap {
    perm: Vec<Vec<u32>>,
    orient: Vec<Vec<u32>>,
}

impl StepMap {
    fn of(e: &Element) -> StepMap {
        StepMap {
            perm: e
                .iter()
                .map(|w| (0..w.degree() as u32).map(|i| w.perm().image(i)).collect())
                .collect(),
            orient: e.iter().map(|w| w.orient().to_vec()).collect(),
        }
    }

    /// What two conjugate steps share: per set, its size and how many
    /// slots they move (not how many they twist: that depends on each
    /// slot's frame), sorted, since a symmetry may swap alike sets.
    fn signature(&self) -> Vec<(usize, usize)> {
        let mut sig: Vec<(usize, usize)> = (self.perm.iter())
            .map(|p| (p.len(), p.iter().enumerate().filter(|&(i, &j)| i as u32 != j).count()))
            .collect();
        sig.sort_unstable();
        sig
    }
}

/// The partial symmetry of a search branch.
#[derive(Clone)]
struct Partial {
    /// The image of each set, once one of its slots is placed.
    sets: Vec<usize>,
    sigma: Vec<Vec<u32>>,
    tau: Vec<Vec<u32>>,
    used: Vec<Vec<bool>>,
    /// The step each generator becomes, once chosen.
    target: Vec<Option<usize>>,
    mirror: bool,
}

const UNSET: u32 = u32::MAX;

/// The search's fixed data.
struct Search<'a> {
    p: &'a Puzzle,
    steps: Vec<StepMap>,
    /// The state each step makes from solved.
    states: Vec<State>,
    /// The step index of each generator's first power.
    gens: Vec<usize>,
    /// The steps each generator may become (same order and signature).
    candidates: Vec<Vec<usize>>,
    /// Per set, slot orbits under the generators (moved orbits only).
    orbits: Vec<(usize, Vec<u32>)>,
    moduli: Vec<u32>,
}

/// The most symmetries kept: an order-2^16 group is far past any polyhedral
/// puzzle's 120, so more means the moves have no structure to exploit.
pub const MAX_SYMMETRIES: usize = 1 << 16;

/// Every symmetry of the puzzle's moves under `metric`, the identity first;
/// rotations before reflections. The identity alone when the moves have no
/// other symmetry.
pub fn find(p: &Puzzle, metric: Metric) -> Result<Vec<Symmetry>, Error> {
    let step_list = steps(p, metric)?;
    let step_elements: Vec<Element> = step_list
        .iter()
        .map(|&(g, e)| cubist_twisty::power(&p.moves[g].element, e))
        .collect();
    let elements: Vec<StepMap> = step_elements.iter().map(StepMap::of).collect();
    let gens: Vec<usize> = (0..p.moves.len())
        .filter_map(|g| step_list.iter().position(|&x| x == (g, 1)))
        .collect();
    let orders: Vec<_> = step_elements.iter().map(|e| p.element_order(e)).collect();
    let sigs: Vec<_> = elements.iter().map(StepMap::signature).collect();
    let candidates = gens
        .iter()
        .map(|&g| {
            (0..elements.len())
                .filter(|&k| orders[k] == orders[g] && sigs[k] == sigs[g])
                .collect()
        })
        .collect();
    let moduli: Vec<u32> = p.sets.iter().map(|s| s.modulus.max(1)).collect();
    let search = Search {
        p,
        orbits: moved_orbits(p, &gens, &elements),
        states: step_elements.iter().map(|e| State::of(p, e)).collect(),
        steps: elements,
        gens,
        candidates,
        moduli,
    };
    let mut found: Vec<Symmetry> = Vec::new();
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let Some((set0, base_orbit)) = search.orbits.iter().max_by_key(|(_, o)| o.len()).cloned() else {
        return Ok(vec![identity(p, &search.moduli, step_list.len())]);
    };
    let base = base_orbit[0] as usize;
    let mirrors: &[bool] = if search.moduli.iter().any(|&r| r > 2) {
        &[false, true]
    } else {
        &[false]
    };
    for &mirror in mirrors {
        for (set, orbit) in &search.orbits {
            if !search.alike(*set, set0) || orbit.len() != base_orbit.len() {
                continue;
            }
            for &to in orbit {
                for t in 0..search.moduli[set0] {
                    let mut part = search.empty(mirror);
                    if !search.assign(&mut part, set0, base, *set, to, t) {
                        continue;
                    }
                    search.dfs(part, &mut found, &mut seen)?;
                }
            }
        }
    }
    found.sort_by_key(|s| (!s.is_identity(), s.mirror));
    Ok(found)
}

/// The identity symmetry.
fn identity(p: &Puzzle, moduli: &[u32], steps: usize) -> Symmetry {
    Symmetry {
        sets: (0..p.sets.len()).collect(),
        slots: p.sets.iter().map(|s| (0..s.size as u32).collect()).collect(),
        twist: p.sets.iter().map(|s| vec![0; s.size]).collect(),
        mirror: false,
        steps: (0..steps).collect(),
        labels: label_range(p).into_iter().map(|n| (0..n as u32).collect()).collect(),
        label_twist: label_range(p).into_iter().map(|n| vec![0; n]).collect(),
        moduli: moduli.to_vec(),
    }
}

/// Per set, one more than its largest label.
fn label_range(p: &Puzzle) -> Vec<usize> {
    p.solved
        .iter()
        .map(|l| l.iter().copied().max().map_or(0, |m| m as usize + 1))
        .collect()
}

/// The orbits of slots under the generators, per set, of slots some step
/// moves or twists (the others are left where they are by every symmetry).
fn moved_orbits(p: &Puzzle, gens: &[usize], steps: &[StepMap]) -> Vec<(usize, Vec<u32>)> {
    let mut out = Vec::new();
    for (set, s) in p.sets.iter().enumerate() {
        let mut seen = vec![false; s.size];
        for start in 0..s.size {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start as u32];
            seen[start] = true;
            let mut k = 0;
            while k < orbit.len() {
                let i = orbit[k] as usize;
                for &g in gens {
                    let j = steps[g].perm[set][i] as usize;
                    if !seen[j] {
                        seen[j] = true;
                        orbit.push(j as u32);
                    }
                }
                k += 1;
            }
            let active = orbit.iter().any(|&i| {
                gens.iter()
                    .any(|&g| steps[g].perm[set][i as usize] != i || steps[g].orient[set][i as usize] != 0)
            });
            if active {
                out.push((set, orbit));
            }
        }
    }
    out
}

impl Search<'_> {
    /// Whether set `a`'s pieces may go to set `b`'s slots.
    fn alike(&self, a: usize, b: usize) -> bool {
        self.p.sets[a].size == self.p.sets[b].size && self.moduli[a] == self.moduli[b]
    }

    fn empty(&self, mirror: bool) -> Partial {
        Partial {
            sets: vec![usize::MAX; self.p.sets.len()],
            sigma: self.p.sets.iter().map(|s| vec![UNSET; s.size]).collect(),
            tau: self.p.sets.iter().map(|s| vec![0; s.size]).collect(),
            used: self.p.sets.iter().map(|s| vec![false; s.size]).collect(),
            target: vec![None; self.gens.len()],
            mirror,
        }
    }

    /// Sets `σ(i) = to` (a slot of set `image`), `τ(i) = t` in `set` and
    /// follows every chosen generator's edges from there; false on a
    /// contradiction.
    #[allow(clippy::too_many_arguments)]
    fn assign(&self, part: &mut Partial, set: usize, i: usize, image: usize, to: u32, t: u32) -> bool {
        if part.sets[set] == usize::MAX {
            if !self.alike(set, image) || part.sets.contains(&image) {
                return false;
            }
            part.sets[set] = image;
        }
        if part.sets[set] != image {
            return false;
        }
        let mut work = Vec::new();
        if !self.put(part, set, i, to, t, &mut work) {
            return false;
        }
        self.propagate(part, work)
    }

    /// Sets `σ(i) = to` in `set`, whose image set is fixed.
    fn put(&self, part: &mut Partial, set: usize, i: usize, to: u32, t: u32, work: &mut Vec<(usize, usize)>) -> bool {
        let cur = part.sigma[set][i];
        if cur != UNSET {
            return cur == to && part.tau[set][i] == t;
        }
        let image = part.sets[set];
        if part.used[image][to as usize] {
            return false;
        }
        part.sigma[set][i] = to;
        part.tau[set][i] = t;
        part.used[image][to as usize] = true;
        work.push((set, i));
        true
    }

    /// Follows generator edges from the slots in `work`: the generator `g`
    /// becoming the step `x` means `σ(g(i)) = x(σ(i))` and
    /// `τ(g(i)) = τ(i) + o_x(σ(g(i))) − ε·o_g(g(i))`.
    fn propagate(&self, part: &mut Partial, mut work: Vec<(usize, usize)>) -> bool {
        while let Some((set, i)) = work.pop() {
            let r = self.moduli[set];
            for (gi, &g) in self.gens.iter().enumerate() {
                let Some(x) = part.target[gi] else { continue };
                if !self.edge(part, set, i, g, x, r, &mut work) {
                    return false;
                }
            }
        }
        true
    }

    #[allow(clippy::too_many_arguments)]
    fn edge(
        &self,
        part: &mut Partial,
        set: usize,
        i: usize,
        g: usize,
        x: usize,
        r: u32,
        work: &mut Vec<(usize, usize)>,
    ) -> bool {
        let (sg, sx) = (&self.steps[g], &self.steps[x]);
        let image = part.sets[set];
        let j = sg.perm[set][i] as usize;
        let to = sx.perm[image][part.sigma[set][i] as usize];
        let og = sg.orient[set][j] % r;
        let og = if part.mirror { (r - og) % r } else { og };
        let t = (part.tau[set][i] + sx.orient[image][to as usize] + r - og) % r;
        self.put(part, set, j, to, t, work)
    }

    /// Chooses the image of one more generator (the one touching most
    /// slots already placed, so that its choice is checked at once), or,
    /// all chosen, places the remaining orbits and records the symmetry.
    fn dfs(&self, part: Partial, found: &mut Vec<Symmetry>, seen: &mut HashSet<Vec<usize>>) -> Result<(), Error> {
        let active = |sg: &StepMap, set: usize, i: usize| sg.perm[set][i] as usize != i || sg.orient[set][i] != 0;
        let next = (0..self.gens.len())
            .filter(|&g| part.target[g].is_none())
            .map(|gi| {
                let sg = &self.steps[self.gens[gi]];
                let placed = (0..self.p.sets.len())
                    .map(|set| {
                        (0..sg.perm[set].len())
                            .filter(|&i| part.sigma[set][i] != UNSET && active(sg, set, i))
                            .count()
                    })
                    .sum::<usize>();
                (gi, placed)
            })
            .max_by_key(|&(_, placed)| placed);
        if let Some((gi, 0)) = next {
            // Nothing this generator touches is placed yet: its image would
            // be a blind guess, so place one of its slots first.
            let sg = &self.steps[self.gens[gi]];
            let seed = (0..self.p.sets.len())
                .flat_map(|set| (0..sg.perm[set].len()).map(move |i| (set, i)))
                .find(|&(set, i)| active(sg, set, i));
            if let Some((set, i)) = seed {
                let size = self
                    .orbits
                    .iter()
                    .find(|(s, o)| *s == set && o.contains(&(i as u32)))
                    .map(|(_, o)| o.len());
                for (s2, o2) in &self.orbits {
                    if !self.alike(*s2, set) || Some(o2.len()) != size {
                        continue;
                    }
                    for &to in o2 {
                        for t in 0..self.moduli[set] {
                            let mut p2 = part.clone();
                            if self.assign(&mut p2, set, i, *s2, to, t) {
                                self.dfs(p2, found, seen)?;
                            }
                        }
                    }
                }
                return Ok(());
            }
        }
        let next = next.map(|(gi, _)| gi);
        let Some(gi) = next else {
            let key: Vec<usize> = part.target.iter().map(|t| t.expect("all chosen")).collect();
            if seen.contains(&key) {
                return Ok(());
            }
            if let Some(sym) = self.complete(part, 0) {
                if found.len() == MAX_SYMMETRIES {
                    return Err(Error::Invalid(format!(
                        "{}: more than {MAX_SYMMETRIES} symmetries of its moves",
                        self.p.name
                    )));
                }
                seen.insert(key);
                found.push(sym);
            }
            return Ok(());
        };
        for &x in &self.candidates[gi] {
            let mut p2 = part.clone();
            p2.target[gi] = Some(x);
            let work: Vec<(usize, usize)> = (0..self.p.sets.len())
                .flat_map(|set| (0..p2.sigma[set].len()).map(move |i| (set, i)))
                .filter(|&(set, i)| p2.sigma[set][i] != UNSET)
                .collect();
            if self.propagate(&mut p2, work) {
                self.dfs(p2, found, seen)?;
            }
        }
        Ok(())
    }

    /// Places the orbits from `k` on that no generator edge reached yet (each
    /// needs a seed of its own), then checks the result.
    fn complete(&self, part: Partial, k: usize) -> Option<Symmetry> {
        let Some((set, orbit)) = self.orbits.get(k) else {
            return self.finish(part);
        };
        let (set, i) = (*set, orbit[0] as usize);
        if part.sigma[set][i] != UNSET {
            return self.complete(part, k + 1);
        }
        for (s2, o2) in &self.orbits {
            if !self.alike(*s2, set) || o2.len() != orbit.len() || o2.iter().all(|&x| part.used[*s2][x as usize]) {
                continue;
            }
            for &to in o2 {
                for t in 0..self.moduli[set] {
                    let mut p2 = part.clone();
                    if self.assign(&mut p2, set, i, *s2, to, t) {
                        if let Some(s) = self.complete(p2, k + 1) {
                            return Some(s);
                        }
                    }
                }
            }
        }
        None
    }

    /// The symmetry of a complete branch: unmoved slots stay, labels must
    /// map consistently, and every step must become a step.
    fn finish(&self, mut part: Partial) -> Option<Symmetry> {
        // A set none of whose slots was placed stays where it is, as do
        // the unplaced slots of a set mapped onto itself.
        for set in 0..part.sets.len() {
            if part.sets[set] == usize::MAX {
                if part.sets.contains(&set) {
                    return None;
                }
                part.sets[set] = set;
            }
        }
        for (set, s) in part.sigma.iter_mut().enumerate() {
            for (i, x) in s.iter_mut().enumerate() {
                if *x == UNSET {
                    if part.sets[set] != set || part.used[set][i] {
                        return None;
                    }
                    *x = i as u32;
                }
            }
        }
        let ranges = label_range(self.p);
        let mut labels = Vec::new();
        let mut label_twist = Vec::new();
        for (set, solved) in self.p.solved.iter().enumerate() {
            let mut lab = vec![UNSET; ranges[set]];
            let mut tw = vec![UNSET; ranges[set]];
            let target = &self.p.solved[part.sets[set]];
            for (h, &l) in solved.iter().enumerate() {
                let image = target[part.sigma[set][h] as usize];
                let t = part.tau[set][h];
                let (lab_l, tw_l) = (&mut lab[l as usize], &mut tw[l as usize]);
                if (*lab_l != UNSET && *lab_l != image) || (*tw_l != UNSET && *tw_l != t) {
                    return None;
                }
                *lab_l = image;
                *tw_l = t;
            }
            let mut images: Vec<u32> = lab.iter().copied().filter(|&x| x != UNSET).collect();
            images.sort_unstable();
            if images.windows(2).any(|w| w[0] == w[1]) {
                return None;
            }
            tw.iter_mut().filter(|x| **x == UNSET).for_each(|x| *x = 0);
            labels.push(lab);
            label_twist.push(tw);
        }
        let mut sym = Symmetry {
            sets: part.sets,
            slots: part.sigma,
            twist: part.tau,
            mirror: part.mirror,
            steps: Vec::new(),
            labels,
            label_twist,
            moduli: self.moduli.clone(),
        };
        sym.steps = self.step_images(&sym)?;
        Some(sym)
    }

    /// The step each step becomes under `sym`, `None` if one becomes none.
    fn step_images(&self, sym: &Symmetry) -> Option<Vec<usize>> {
        let images: Vec<State> = self
            .states
            .iter()
            .map(|m| {
                let mut out = m.clone();
                sym.conjugate(m, &mut out);
                out
            })
            .collect();
        let states = &self.states;
        let map: Vec<usize> = images
            .iter()
            .map(|im| states.iter().position(|s| s == im))
            .collect::<Option<_>>()?;
        let mut sorted = map.clone();
        sorted.sort_unstable();
        sorted.dedup();
        (sorted.len() == map.len()).then_some(map)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use cubist_twisty::library;
    use rand::{Rng, SeedableRng};

    /// The built-in puzzle `name`, with only `moves` when some are given
    /// (also for God's algorithm's tests by symmetry).
    pub(crate) fn puzzle(name: &str, moves: &[&str]) -> Puzzle {
        let p = library::puzzle(name).unwrap();
        if moves.is_empty() {
            p
        } else {
            p.with_moves(moves).unwrap()
        }
    }

    /// The number of symmetries and of rotations among them. The cube's
    /// are its 48 (24 rotations); a subgroup keeps those mapping its moves
    /// to moves: ⟨U,R,F⟩ the 3 turns about the UFR-DBL diagonal and 3
    /// mirrors through it, ⟨U,R⟩ the half turn about the UR edge's axis and
    /// the mirrors F-B and through U and R.
    #[test]
    fn counts() {
        for (name, moves, all, rotations) in [
            ("2x2x2", &[][..], 48, 24),
            ("3x3x3", &[][..], 48, 24),
            ("2x2x2", &["U", "R", "F"][..], 6, 3),
            ("3x3x3", &["U", "R"][..], 4, 2),
            ("pyraminx", &["U", "L", "R", "B"][..], 24, 12),
            ("pyraminx", &[][..], 24, 12),
            ("skewb", &[][..], 48, 24),
        ] {
            let p = puzzle(name, moves);
            for metric in [Metric::Htm, Metric::Qtm] {
                let s = find(&p, metric).unwrap();
                assert_eq!(s.len(), all, "{name} {moves:?} {metric:?}");
                assert_eq!(s.iter().filter(|x| !x.mirror).count(), rotations, "{name} {moves:?}");
                assert!(s[0].is_identity());
            }
        }
    }

    /// Every symmetry found maps the step set onto itself: the conjugate
    /// of each step's state is the state of the step it names, and no two
    /// steps share an image.
    #[test]
    fn each_symmetry_maps_the_steps_onto_the_steps() {
        for (name, moves) in [
            ("2x2x2", &[][..]),
            ("pyraminx", &["U", "L", "R", "B"][..]),
            ("skewb", &[][..]),
        ] {
            let p = puzzle(name, moves);
            let list = steps(&p, Metric::Htm).unwrap();
            let states: Vec<State> = list
                .iter()
                .map(|&(g, e)| State::of(&p, &cubist_twisty::power(&p.moves[g].element, e)))
                .collect();
            for sym in find(&p, Metric::Htm).unwrap() {
                let mut images = sym.steps.clone();
                images.sort_unstable();
                assert_eq!(images, (0..list.len()).collect::<Vec<_>>(), "{name}");
                for (k, st) in states.iter().enumerate() {
                    let mut out = st.clone();
                    sym.conjugate(st, &mut out);
                    assert_eq!(out, states[sym.steps[k]], "{name} step {k}");
                }
            }
        }
    }

    /// Conjugation is a homomorphism on states: the conjugate of `x` then
    /// `m` is the conjugate of `x` then the image of `m`, for states far
    /// from solved (random walks), so distances are kept.
    #[test]
    fn conjugation_commutes_with_moves() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for (name, moves) in [("2x2x2", &[][..]), ("3x3x3", &["U", "R"][..]), ("skewb", &[][..])] {
            let p = puzzle(name, moves);
            let list = steps(&p, Metric::Htm).unwrap();
            let elements: Vec<Element> = list
                .iter()
                .map(|&(g, e)| cubist_twisty::power(&p.moves[g].element, e))
                .collect();
            let syms = find(&p, Metric::Htm).unwrap();
            for _ in 0..20 {
                let mut x = State::of(&p, &p.identity());
                for _ in 0..30 {
                    x = x.then(&elements[rng.random_range(0..elements.len())]);
                }
                for sym in &syms {
                    let mut cx = x.clone();
                    sym.conjugate(&x, &mut cx);
                    for (k, m) in elements.iter().enumerate() {
                        let mut cxm = x.clone();
                        sym.conjugate(&x.then(m), &mut cxm);
                        assert_eq!(cxm, cx.then(&elements[sym.steps[k]]), "{name}");
                    }
                }
            }
        }
    }
}
