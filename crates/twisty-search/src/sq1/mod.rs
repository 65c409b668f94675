//! Square-1: random states, a two-phase solver and an optimal solver
//! ([`Optimal`]), both in the twist metric (each `/` one move, layer turns
//! free).
//!
//! **Shapes.** A state's *shape* is where its pieces start in each layer
//! and whether the middle layer is flipped; a `/` is possible in a shape
//! whose layers both have pieces starting at units 0 and 6 (a *twistable*
//! shape). [`Tables::new`] finds the twistable shapes by breadth-first
//! search from solved: 3,678 pairs of layer shapes, 7,356 with the middle
//! layer, as a direct count of the layers' halves confirms (tested), and
//! as Jaap Scherphuis counts them. Up to turns of each layer they are 170
//! pairs, 340 with the middle, so the states up to layer turns number
//! 340 · 8! · 8! = 552,738,816,000 (every arrangement of the 16 pieces
//! occurs in every shape: the search below reaches both parities of every
//! shape, tested).
//!
//! **Random states.** A shape drawn uniformly among the 7,356, then the 8
//! corners and the 8 edges each in a uniform random order: every twistable
//! state equally likely, since every shape holds the same 8! · 8!
//! arrangements.
//!
//! **Moves on tables.** Both phases move states by tables, not by
//! rewriting the 24 units: phase 1 by the shape tables (`shape`: for each
//! shape and each of its moves, the shape after and what the move does to
//! the order of the corners and of the edges), phase 2 by coordinates of
//! the cube shape (`square`: 8! orders times 32 moves, for corners and
//! for edges).
//!
//! **Phase 1** brings the puzzle to the cube shape by a table of exact
//! distances over shape, middle and *parity* (of the 16 pieces read top
//! then bottom from unit 0): inside the cube shape, the moves that keep it
//! there keep the corners' parity equal to the edges' (a turn by 90 degrees
//! is a 4-cycle of each, a `/` two swaps of each), so phase 1 must end on
//! the parity phase 2 can solve. **Phase 2** solves inside the cube shape
//! by IDA* over tables of exact distances of one kind's order up to the
//! layers' turns with the other kind's colours (see `square`), each
//! search proved shortest. As TNoodle's scrambler does, the solver tries
//! phase 1 at more than one length: it gathers up to 20 ways through
//! phase 1 at its shortest length and at one and two twists more, and
//! deepens the total over all of them, so the answer is the shortest total
//! among those ways, not proved optimal (that is [`Optimal`]'s work).
//!
//! ```
//! use cubist_twisty::sq1::{Alg, State};
//! use cubist_twisty_search::sq1::Tables;
//!
//! let t = Tables::new();
//! let s = State::solved().apply(&Alg::parse("(1,0)/ (-1,-1)/ (3,0)/").unwrap()).unwrap();
//! let solution = t.solve(&s).unwrap();
//! assert!(s.apply(&Alg::parse(&solution.to_string()).unwrap()).unwrap().is_solved());
//! assert!(solution.twists() <= 3);
//! ```

mod face;
mod optimal;
mod shape;
mod square;

pub use face::{FACE_BYTES, FACE_ENTRIES};
pub use optimal::{Optimal, OPTIMAL_BYTES};

use cubist_twisty::sq1::{is_corner, Alg, Move, State};
use rand::seq::SliceRandom;
use rand::Rng;

use crate::Error;
use shape::{layer_bits, numbered, turns, Node, Shapes, KEYS};
use square::{encode, turn_of, Square};

/// The starts of a cube-shaped layer with a corner at unit 0.
const CUBE: u32 = 0b1011_0110_1101;

/// How many more twists than the shortest phase 1 are tried for phase 1.
const EXTRA: u8 = 2;

/// How many ways through phase 1 of each length are gathered.
const LEAVES: usize = 20;

/// The longest phase 2 searched: no cube-shaped state is farther from
/// solved inside the cube shape than the tables' depths allow (tested).
const MAX_PHASE2: u8 = 20;

/// The number of twistable turns over all shapes (the steps of each
/// [`shape`] table), counted when the tables are built (tested).
const STEPS: usize = 232_496;

/// The memory the tables take, in bytes, said before they are built: the
/// shapes' turns and moves, phase 1's distances (one byte a shape and
/// parity) and phase 2's move and distance tables.
pub const TABLE_BYTES: usize = shape::bytes(STEPS) + KEYS + square::BYTES;

/// Whether a layer's starts are the cube's, in any of the three turns.
fn cube_layer(bits: u32) -> bool {
    (0..3).any(|r| ((CUBE << r) | (CUBE >> (12 - r))) & 0xfff == bits)
}

/// Whether a shape (start bits) is the cube shape, in any turn of its layers.
fn cube(shape: u32) -> bool {
    cube_layer(layer_bits(shape, false)) && cube_layer(layer_bits(shape, true))
}

/// The solver's tables: the shapes' moves, phase 1's distances over
/// shapes with parity, phase 2's move and distance tables.
pub struct Tables {
    /// The twistable shapes and their moves.
    shapes: Shapes,
    /// Phase 1: by [`Node::key`], the `/` to a key phase 2 can finish.
    phase1: Vec<u8>,
    /// Phase 2.
    square: Square,
}

/// Distances over keys (shape and parity) from `targets` by moves, a key
/// and its turns given their distance together.
fn key_distances(shapes: &Shapes, targets: &[usize]) -> Vec<u8> {
    let mut dist = vec![u8::MAX; KEYS];
    for &k in targets {
        dist[k] = 0;
    }
    let mut frontier = targets.to_vec();
    let mut d = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &k in &frontier {
            let odd = k % 2 == 1;
            for m in shapes.moves(k / 2) {
                let odd2 = odd ^ m.odd;
                let k2 = usize::from(m.to) * 2 + usize::from(odd2);
                if dist[k2] != u8::MAX {
                    continue;
                }
                for t in shapes.turns(usize::from(m.to)) {
                    let k3 = usize::from(t.to) * 2 + usize::from(odd2 ^ t.odd);
                    if dist[k3] == u8::MAX {
                        dist[k3] = d + 1;
                    }
                }
                next.push(k2);
            }
        }
        frontier = next;
        d += 1;
    }
    dist
}

impl Default for Tables {
    fn default() -> Tables {
        Tables::new()
    }
}

impl Tables {
    /// Builds the tables ([`TABLE_BYTES`] bytes; see BENCHMARKS.md for
    /// the time).
    pub fn new() -> Tables {
        // Phase 2's tables do not depend on the shapes: built alongside.
        let (shapes, square) = rayon::join(Shapes::new, Square::new);
        // The keys phase 2 can finish: the solved state's turns, closed
        // under the moves that stay in the cube shape and under turns.
        let solved = shapes.node(&State::solved()).expect("solved is twistable");
        let mut targets: Vec<usize> = shapes
            .turns(usize::from(solved.shape))
            .iter()
            .map(|t| solved.after(t).key())
            .collect();
        targets.sort_unstable();
        targets.dedup();
        let mut seen = vec![false; KEYS];
        for &k in &targets {
            seen[k] = true;
        }
        let mut i = 0;
        while i < targets.len() {
            let k = targets[i];
            for m in shapes.moves(k / 2) {
                if !cube(shapes.bits()[usize::from(m.to)]) {
                    continue;
                }
                let odd = (k % 2 == 1) ^ m.odd;
                for t in shapes.turns(usize::from(m.to)) {
                    let k2 = usize::from(t.to) * 2 + usize::from(odd ^ t.odd);
                    if !seen[k2] {
                        seen[k2] = true;
                        targets.push(k2);
                    }
                }
            }
            i += 1;
        }
        let phase1 = key_distances(&shapes, &targets);
        Tables { shapes, phase1, square }
    }

    /// The twistable shapes with the middle layer (start bits 0-23, middle
    /// bit 24), sorted: 7,356.
    pub fn shapes(&self) -> Vec<u32> {
        self.shapes.bits().to_vec()
    }

    /// How many keys (shape, middle, parity) phase 1 knows: 14,712 when
    /// every shape holds both parities.
    pub fn phase1_keys(&self) -> usize {
        self.phase1.iter().filter(|&&d| d != u8::MAX).count()
    }

    /// The largest entries of the tables: phase 1's, phase 2's corners',
    /// phase 2's edges' (`/` moves).
    pub fn depths(&self) -> (u8, u8, u8) {
        let (c, e) = self.square.depths();
        (
            self.phase1.iter().copied().filter(|&d| d != u8::MAX).max().unwrap_or(0),
            c,
            e,
        )
    }

    /// A uniformly random twistable state.
    pub fn random_state<R: Rng>(&self, shapes: &[u32], rng: &mut R) -> State {
        let mut s = numbered(shapes[rng.random_range(0..shapes.len())]);
        let mut corners: Vec<u8> = (0..8).collect();
        let mut edges: Vec<u8> = (8..16).collect();
        corners.shuffle(rng);
        edges.shuffle(rng);
        for p in s.units.iter_mut() {
            *p = if is_corner(*p) {
                corners[usize::from(*p)]
            } else {
                edges[usize::from(*p) - 8]
            };
        }
        s
    }

    /// A two-phase solution of `s` (any state: a first turn makes it
    /// twistable), checked by applying it, written out and read back.
    ///
    /// Phase 1's ways to the cube shape are gathered at its shortest length
    /// and up to two twists longer (up to 20 of each length);
    /// then for a growing total, each way is followed by a phase 2 of
    /// exactly the twists left (IDA*'s one bound, proved impossible or
    /// found). The first found is the shortest total over the ways
    /// gathered, and its phase 2 the shortest after its phase 1.
    pub fn solve(&self, s: &State) -> Result<Alg, Error> {
        let ((x0, y0), n0) = twistable(&self.shapes, s)?;
        let d0 = self.phase1[n0.key()];
        let mut leaves = Vec::new();
        for length in d0..=d0.saturating_add(EXTRA) {
            let before = leaves.len();
            self.phase1(&n0, length, &mut Vec::new(), &mut leaves, before + LEAVES);
        }
        let lowest = leaves
            .iter()
            .map(|l| l.length + l.bound)
            .min()
            .ok_or_else(|| Error::Failed("phase 1 found no way to the cube shape".into()))?;
        let mut path2 = Vec::new();
        let found = (lowest..=d0.saturating_add(EXTRA + MAX_PHASE2)).find_map(|total| {
            leaves.iter().find(|l| {
                l.length + l.bound <= total
                    && total - l.length <= MAX_PHASE2
                    && self.square.search(l.cp, l.ep, l.abm & 1, total - l.length, &mut path2)
            })
        });
        let leaf = found.ok_or_else(|| Error::Failed(format!("no solution within {MAX_PHASE2} twists of phase 2")))?;
        let mut moves = vec![Move::Turn(x0, y0)];
        moves.extend(leaf.path.iter().flat_map(|&(x, y)| [Move::Turn(x, y), Move::Slash]));
        let mut align = (leaf.abm >> 2, leaf.abm >> 1 & 1);
        for &mv in &path2 {
            let ((x, y), after) = turn_of(usize::from(mv), align);
            moves.extend([Move::Turn(x, y), Move::Slash]);
            align = after;
        }
        finish(s, moves)
    }

    /// Phase 1 from `n` with exactly `left` more twists: each way that
    /// ends on a key phase 2 can finish is pushed onto `leaves` (until
    /// they number `most`), with its turns (each followed by `/`).
    fn phase1(&self, n: &Node, left: u8, path: &mut Vec<(i64, i64)>, leaves: &mut Vec<Leaf>, most: usize) {
        if leaves.len() >= most {
            return;
        }
        if left == 0 {
            if self.phase1[n.key()] == 0 {
                let (cp, ep, abm) = encode(&self.shapes.state(n));
                leaves.push(Leaf {
                    path: path.clone(),
                    length: path.len() as u8,
                    cp,
                    ep,
                    abm,
                    bound: self.square.bound(cp, ep, abm & 1),
                });
            }
            return;
        }
        for (k, m) in self.shapes.moves(usize::from(n.shape)).iter().enumerate() {
            // A `/` right after a `/` undoes it.
            if k == 0 && !path.is_empty() {
                continue;
            }
            let n2 = n.after(m);
            if self.phase1[n2.key()] >= left {
                continue;
            }
            path.push((i64::from(m.x), i64::from(m.y)));
            self.phase1(&n2, left - 1, path, leaves, most);
            path.pop();
        }
    }
}

/// One way through phase 1, and where phase 2 starts.
struct Leaf {
    /// Phase 1's turns, each followed by `/`.
    path: Vec<(i64, i64)>,
    /// Phase 1's twists.
    length: u8,
    /// Phase 2's coordinates: corners, edges, alignments and middle.
    cp: usize,
    ep: usize,
    abm: usize,
    /// Phase 2's lower bound from its tables.
    bound: u8,
}

/// Where both solvers start: `s` checked, its first turn that makes a `/`
/// possible, and the node of the state after it.
fn twistable(shapes: &Shapes, s: &State) -> Result<((i64, i64), Node), Error> {
    s.check()
        .map_err(|m| Error::Unreachable(format!("not a Square-1 state: {m}")))?;
    let &(x0, y0) = turns(s)
        .first()
        .ok_or_else(|| Error::Unreachable("no turn of the layers makes a `/` possible".into()))?;
    let n0 = shapes
        .node(&s.turn(x0, y0))
        .ok_or_else(|| Error::Failed("a twistable state without a shape".into()))?;
    Ok(((x0, y0), n0))
}

/// Where both solvers end: `moves` (from `s`) completed by the turn that
/// solves (turns are free in the twist metric), tidied, written out, read
/// back and checked on `s`.
fn finish(s: &State, mut moves: Vec<Move>) -> Result<Alg, Error> {
    let end = s
        .apply(&Alg::new(moves.clone()))
        .map_err(|e| Error::Failed(e.to_string()))?;
    let (x, y) = (0..12)
        .flat_map(|x| (0..12).map(move |y| (x, y)))
        .find(|&(x, y)| end.turn(x, y).is_solved())
        .ok_or_else(|| Error::Failed("the search ended on an unsolved state".into()))?;
    moves.push(Move::Turn(x, y));
    checked(s, &moves, State::is_solved, "solve the state")
}

/// `moves` (from `s`) tidied, written out, read back and applied to `s`:
/// the answer, if the state it reaches passes `reaches`; else an error
/// saying it does not `what`.
fn checked(s: &State, moves: &[Move], reaches: impl Fn(&State) -> bool, what: &str) -> Result<Alg, Error> {
    let alg = tidy(moves);
    let written = Alg::parse(&alg.to_string()).map_err(|e| Error::Failed(e.to_string()))?;
    let after = s.apply(&written).map_err(|e| Error::Failed(e.to_string()))?;
    if !reaches(&after) {
        return Err(Error::Failed(format!("the answer {alg} does not {what}")));
    }
    Ok(alg)
}

/// The moves with adjacent turns added together and empty turns left out.
fn tidy(path: &[Move]) -> Alg {
    let mut out: Vec<Move> = Vec::new();
    for &m in path {
        match (m, out.last_mut()) {
            (Move::Turn(x, y), Some(Move::Turn(a, b))) => {
                *a = (*a + x).rem_euclid(12);
                *b = (*b + y).rem_euclid(12);
            }
            _ => out.push(m),
        }
    }
    out.retain(|m| !matches!(m, Move::Turn(x, y) if x % 12 == 0 && y % 12 == 0));
    Alg::new(out)
}

/// The memory [`cubeshape`] takes, in bytes, said before it is built: the
/// shapes' turns and moves.
pub const CUBESHAPE_BYTES: usize = shape::bytes(STEPS);

/// The fewest twists that bring `s` to the cube shape: both layers square,
/// the middle layer either way (as phase 2 takes it), the pieces anywhere
/// (the first step of most ways of solving Square-1 by hand). Layer turns
/// are free, so the search is breadth first over the 7,356 twistable
/// shapes, from every shape a turn of `s` makes twistable, each move a
/// turn then `/`, to the first cube shape met: shortest by construction.
/// The answer is written out, read back and applied to `s`, which must end
/// in the cube shape.
pub fn cubeshape(s: &State) -> Result<Alg, Error> {
    cubeshape_with(&Shapes::new(), s)
}

/// [`cubeshape`] with the shapes' tables built.
fn cubeshape_with(shapes: &Shapes, s: &State) -> Result<Alg, Error> {
    s.check()
        .map_err(|m| Error::Unreachable(format!("not a Square-1 state: {m}")))?;
    let bits = shapes.bits();
    // Per shape reached: the shape it was reached from (NONE for a start)
    // and the turn made there (then `/`, but for a start).
    const NONE: u32 = u32::MAX;
    let mut from: Vec<Option<(u32, i64, i64)>> = vec![None; bits.len()];
    let mut queue = std::collections::VecDeque::new();
    for (x, y) in turns(s) {
        let i = shapes
            .index(s.turn(x, y).shape())
            .ok_or_else(|| Error::Failed("a twistable state without a shape".into()))?;
        if from[i].is_none() {
            from[i] = Some((NONE, x, y));
            queue.push_back(i);
        }
    }
    let end = loop {
        let i = queue
            .pop_front()
            .ok_or_else(|| Error::Unreachable("no turn of the layers makes a `/` possible".into()))?;
        if cube(bits[i]) {
            break i;
        }
        for m in shapes.moves(i) {
            let j = usize::from(m.to);
            if from[j].is_none() {
                from[j] = Some((i as u32, i64::from(m.x), i64::from(m.y)));
                queue.push_back(j);
            }
        }
    };
    let mut moves = Vec::new();
    let mut at = end;
    while let Some((prev, x, y)) = from[at] {
        if prev == NONE {
            moves.push(Move::Turn(x, y));
            break;
        }
        moves.extend([Move::Slash, Move::Turn(x, y)]);
        at = prev as usize;
    }
    moves.reverse();
    checked(
        s,
        &moves,
        |after| cube(after.shape()),
        "bring the state to the cube shape",
    )
}

/// A random-state scramble: the state drawn ([`Tables::random_state`]),
/// and the inverse of its solution, re-applied from solved (written out
/// and read back) to check that it reaches the state.
pub fn scramble<R: Rng>(tables: &Tables, shapes: &[u32], rng: &mut R) -> Result<(Alg, State), Error> {
    let state = tables.random_state(shapes, rng);
    let alg = tables.solve(&state)?.invert();
    let written = Alg::parse(&alg.to_string()).map_err(|e| Error::Failed(e.to_string()))?;
    let reached = State::solved()
        .apply(&written)
        .map_err(|e| Error::Failed(e.to_string()))?;
    if reached != state {
        return Err(Error::Failed(format!(
            "the scramble {alg} does not reach the state drawn"
        )));
    }
    Ok((alg, state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The twists to the cube shape by a breadth-first search over states
    /// themselves (turned and twisted by the puzzle model, no tables), to
    /// check [`cubeshape`]'s table search against.
    fn cubeshape_by_states(s: &State) -> usize {
        let mut seen = std::collections::HashSet::new();
        let mut level = vec![*s];
        for depth in 0.. {
            let mut next = Vec::new();
            for st in &level {
                for (x, y) in turns(st) {
                    let t = st.turn(x, y);
                    if cube(t.shape()) {
                        return depth;
                    }
                    if seen.insert(t.shape()) {
                        next.push(t.slash().unwrap());
                    }
                }
            }
            level = next;
        }
        unreachable!()
    }

    /// The cube shape by the shape tables against the search over states,
    /// on solved and on random twistable and untwistable states; every
    /// answer reaches the cube shape.
    #[test]
    fn cubeshape_is_the_fewest_twists() {
        let shapes = Shapes::new();
        assert_eq!(cubeshape_with(&shapes, &State::solved()).unwrap().twists(), 0);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut deepest = 0;
        for k in 0..40 {
            let (x, y) = (rng.random_range(0..12), rng.random_range(0..12));
            // A random shape with its pieces shuffled, turned out of
            // twistable for every other state.
            let mut s = numbered(shapes.bits()[rng.random_range(0..shapes.bits().len())]);
            let mut pieces: Vec<u8> = (0..16).collect();
            pieces[..8].shuffle(&mut rng);
            pieces[8..].shuffle(&mut rng);
            for p in s.units.iter_mut() {
                *p = pieces[usize::from(*p)];
            }
            let s = s.turn(x * (k % 2), y * (k % 2));
            let alg = cubeshape_with(&shapes, &s).unwrap();
            assert!(cube(s.apply(&alg).unwrap().shape()));
            assert_eq!(alg.twists(), cubeshape_by_states(&s), "{s:?}");
            deepest = deepest.max(alg.twists());
        }
        assert!(deepest >= 4, "{deepest}");
    }

    /// The shapes counted two ways (the search, and the halves of layers:
    /// a half of 6 units holds 0 to 3 corners in 1, 5, 6, 1 ways, and the
    /// four halves hold 8 corners in all), and the state count up to turns.
    #[test]
    fn shapes_and_states() {
        let t = Tables::new();
        let shapes = t.shapes();
        assert_eq!(shapes.len(), 7356);
        let half = [1u64, 5, 6, 1];
        let mut direct = 0;
        for a in 0..4 {
            for b in 0..4 {
                for c in 0..4 {
                    for d in 0..4 {
                        if a + b + c + d == 8 {
                            direct += half[a] * half[b] * half[c] * half[d];
                        }
                    }
                }
            }
        }
        assert_eq!(direct, 3678);
        assert_eq!(shapes.len() as u64, 2 * direct);
        assert_eq!(t.phase1_keys(), 2 * shapes.len(), "both parities in every shape");
        // Up to turns of each layer: 170 pairs of layer shapes.
        let turned = |bits: u32| {
            (0..12)
                .map(|r| ((bits << r) | (bits >> (12 - r))) & 0xfff)
                .min()
                .unwrap()
        };
        let mut up_to_turns: Vec<(u32, u32)> = shapes
            .iter()
            .map(|&s| (turned(layer_bits(s, false)), turned(layer_bits(s, true))))
            .collect();
        up_to_turns.sort_unstable();
        up_to_turns.dedup();
        assert_eq!(up_to_turns.len(), 170);
        assert_eq!(340u64 * (square::FACT8 as u64).pow(2), 552_738_816_000);
        assert_eq!(t.shapes.steps(), STEPS);
    }

    #[test]
    fn random_states_solved_and_scrambled() {
        let t = Tables::new();
        let shapes = t.shapes();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        for _ in 0..2 {
            let (alg, state) = scramble(&t, &shapes, &mut rng).unwrap();
            assert!(state.check().is_ok());
            // Phase 1 takes at most its table's depth, phase 2 at most
            // MAX_PHASE2 twists.
            assert!(alg.twists() <= usize::from(t.depths().0 + EXTRA + MAX_PHASE2), "{alg}");
        }
    }

    /// The figures of BENCHMARKS.md: 1,000 seeded random states (seed 7),
    /// each scrambled and checked; the median and mean time and the mean
    /// twists. Run with `cargo test --release -p cubist-twisty-search --lib
    /// sq1::tests::thousand_scrambles -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement: about half a minute in a release build"]
    fn thousand_scrambles() {
        let start = std::time::Instant::now();
        let t = Tables::new();
        println!("tables: {TABLE_BYTES} bytes in {:.3} s", start.elapsed().as_secs_f64());
        let shapes = t.shapes();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut times, mut twists) = (Vec::new(), Vec::new());
        for _ in 0..1000 {
            let at = std::time::Instant::now();
            let (alg, _) = scramble(&t, &shapes, &mut rng).unwrap();
            times.push(at.elapsed().as_secs_f64() * 1e3);
            twists.push(alg.twists());
        }
        times.sort_by(f64::total_cmp);
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        println!(
            "median {:.2} ms, mean {:.2} ms, max {:.2} ms; twists mean {:.3}, {} to {}",
            times[times.len() / 2],
            mean(&times),
            times[times.len() - 1],
            twists.iter().sum::<usize>() as f64 / twists.len() as f64,
            twists.iter().min().unwrap(),
            twists.iter().max().unwrap()
        );
    }
}
