//! The obliques of the 6x6x6 and the 7x7x7: the two orbits of 24 centre
//! pieces at rows and columns (1,2) and (2,1), solved last, every other
//! piece home.
//!
//! Every other piece is home, and the obliques need turns of layers 1 and
//! 2 both. A commutator of a layer-1 slice and a layer-2 slice of another
//! axis, `[2R, 3U]` = `2R 3U 2R' 3U'`, moves only the pieces both slices
//! hold at some point: a 3-cycle of each oblique orbit in four moves,
//! every other piece kept (the 3-cycles of [`crate::universal`] keep the
//! edges and corners as well, but take eight moves each, and the
//! universal method treats the obliques of one colour as different
//! pieces: 79 moves an orbit). There are 432 such commutators (a slice of
//! either depth, a power, the other slice on another axis, a power, either
//! order), and each conjugated by a face turn is another of six moves.
//! Those alone leave states they cannot improve (every commutator moves
//! both orbits), so the stage also has the 3-cycles of one orbit:
//! `[2R, U' 3L U]`, eight moves, each conjugated by any one layer turn,
//! 8,000 of the 2 x 4,048 3-cycles there are. With them, any state with
//! obliques off their faces has a commutator that brings one home and
//! takes none away (a piece of the colour a slot lacks, sent there by a
//! 3-cycle through another slot off its face), 13,568 commutators in all
//! (`Obliques::new`, a fraction of a second, each checked to move nothing
//! but obliques).
//!
//! The stage is a beam search over them: from the obliques as the second
//! part leaves them, each step tries every commutator on each of the
//! `BEAM` best states so far, keeps those with fewer obliques off their
//! faces, and of those the `BEAM` best, ranked by moves so far (a turn
//! that meets the one before it merged) plus `WEIGHT` moves for each
//! oblique not on its own face; the first step at which a state has every
//! oblique home ends it, with the fewest moves of those. Obliques of one
//! colour are alike, so a state is the 48 colours: the goal is any
//! arrangement with each face's colour on its face. On 20 random states
//! the stage took 71.3 moves (11 to 14 commutators) in some 50 ms; a beam
//! of 48 with weights of 2, 3 or 4 gave 69 to 70 on 6 of them; a beam of
//! 200, before a step had to bring one home, 66 (five times the time).
//!

use std::collections::HashSet;

use cubist_twisty::{Element, Puzzle};
use rayon::prelude::*;

use super::model::FACES;
use crate::reduction::model::element_of;
use crate::Error;

/// How many states the oblique stage's beam keeps from step to step.
pub(super) const BEAM: usize = 64;

/// What an oblique off its face weighs in the beam's ranking, in moves.
const WEIGHT: usize = 3;

/// The oblique stage's steps (commutators) before it gives up; a random
/// state takes some 20.
const STEPS: usize = 80;

/// The most commutators the oblique stage makes (13,568: `Obliques::new`
/// refuses more).
pub(super) const MACROS: usize = 14_000;

/// The commutators' memory, bounded: [`MACROS`] of at most 100 bytes (the
/// turns, the obliques moved, the vectors' headers).
pub(super) const MACRO_BYTES: u64 = MACROS as u64 * 100;

/// A turn of the answer: `face`'s layers `lo..=hi` (0 the outer layer),
/// `power` quarter turns clockwise: a block turn when `lo` is 0, an inner
/// slice when `lo == hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Turn {
    pub face: u8,
    pub lo: u8,
    pub hi: u8,
    pub power: u8,
}

impl Turn {
    /// As the WCA writes it: `3Rw2`, `Rw`, `2R'`.
    pub(super) fn name(self) -> String {
        let f = FACES[self.face as usize];
        let suffix = ["", "", "2", "'"][self.power as usize];
        if self.lo == 0 {
            super::block_name(self.face, self.hi + 1, self.power)
        } else {
            format!("{}{f}{suffix}", self.lo + 1)
        }
    }

    fn inverse(self) -> Turn {
        Turn {
            power: (4 - self.power) % 4,
            ..self
        }
    }
}

/// `turns` with two turns of the same layers in a row made one (or none).
pub(super) fn merged(turns: impl IntoIterator<Item = Turn>) -> Vec<Turn> {
    let mut out: Vec<Turn> = Vec::new();
    for t in turns {
        match out.last_mut() {
            Some(last) if (last.face, last.lo, last.hi) == (t.face, t.lo, t.hi) => {
                last.power = (last.power + t.power) % 4;
                if last.power == 0 {
                    out.pop();
                }
            }
            _ => out.push(t),
        }
    }
    out
}

/// A commutator of the oblique stage: its turns and what it does to the 48
/// oblique slots (`(from, to)`: the piece in slot `from` goes to `to`).
pub(super) struct Macro {
    pub(super) turns: Vec<Turn>,
    pub(super) moves: Vec<(u8, u8)>,
}

/// The obliques' model: their two sets, each slot's face, the commutators.
pub(super) struct Obliques {
    sets: [usize; 2],
    /// Per slot (the first set's 24, then the second's): its face.
    home: Vec<u8>,
    pub(super) macros: Vec<Macro>,
}

/// The index of the puzzle's move turning `face`'s layer `layer` (0 the
/// outer: `U`, 1: `2U`, 2: `3U`).
pub(super) fn layer_move(p: &Puzzle, face: u8, layer: u8) -> Result<usize, Error> {
    let f = FACES[face as usize];
    let name = if layer == 0 {
        f.to_string()
    } else {
        format!("{}{f}", layer + 1)
    };
    p.moves
        .iter()
        .position(|m| m.name == name)
        .ok_or_else(|| Error::Failed(format!("the cube has no move {name}")))
}

/// The centre orbits of the cube `p` with each slot's face: the sets of 24
/// whose every slot exactly one outer face turn moves.
fn centre_faces(p: &Puzzle) -> Result<Vec<(usize, Vec<u8>)>, Error> {
    let outer = (0..6u8)
        .map(|f| Ok(&p.moves[layer_move(p, f, 0)?].element))
        .collect::<Result<Vec<&Element>, Error>>()?;
    let mut out = Vec::new();
    for s in (0..p.sets.len()).filter(|&s| p.sets[s].size == 24) {
        let faces: Option<Vec<u8>> = (0..24u32)
            .map(|x| {
                let moving: Vec<u8> = (0..6u8)
                    .filter(|&f| outer[f as usize][s].perm().image(x) != x)
                    .collect();
                (moving.len() == 1).then(|| moving[0])
            })
            .collect();
        if let Some(faces) = faces {
            out.push((s, faces));
        }
    }
    Ok(out)
}

impl Obliques {
    /// The two oblique orbits (the centre sets that both a layer-1 and a
    /// layer-2 turn move) and every commutator of a layer-1 slice and a
    /// layer-2 slice of another axis, plain and conjugated by a face turn,
    /// each checked to move obliques only.
    pub(super) fn new(p: &Puzzle) -> Result<Obliques, Error> {
        let moved_by = |s: usize, layer: u8| -> Result<bool, Error> {
            let mut any = false;
            for face in 0..6 {
                let w = &p.moves[layer_move(p, face, layer)?].element[s];
                any |= !w.perm().is_identity();
            }
            Ok(any)
        };
        let mut sets = Vec::new();
        for (s, faces) in centre_faces(p)? {
            if moved_by(s, 1)? && moved_by(s, 2)? {
                sets.push((s, faces));
            }
        }
        let [(a, ref fa), (b, ref fb)] = sets[..] else {
            return Err(Error::Failed(format!(
                "the cube has {} oblique orbits, not 2",
                sets.len()
            )));
        };
        let home: Vec<u8> = fa.iter().chain(fb).copied().collect();
        let slice = |face: u8, lo: u8, power: u8| Turn {
            face,
            lo,
            hi: lo,
            power,
        };
        let mut plain: Vec<Vec<Turn>> = Vec::new();
        for f1 in 0..6u8 {
            for f2 in (0..6u8).filter(|f2| f2 % 3 != f1 % 3) {
                for p1 in 1..4 {
                    for p2 in 1..4 {
                        let x = slice(f1, 1, p1);
                        let y = slice(f2, 2, p2);
                        plain.push(vec![x, y, x.inverse(), y.inverse()]);
                        plain.push(vec![y, x, y.inverse(), x.inverse()]);
                    }
                }
            }
        }
        let mut all = plain.clone();
        for c in (0..6u8).flat_map(|f| (1..4).map(move |k| slice(f, 0, k))) {
            all.extend(plain.iter().map(|w| {
                let mut v = vec![c];
                v.extend(w);
                v.push(c.inverse());
                v
            }));
        }
        // The 3-cycles of one orbit: a slice and a slice of the other depth
        // conjugated by a face turn, `[2R, U' 3L U]` (eight moves).
        for f1 in 0..6u8 {
            for d1 in 1..3u8 {
                for f2 in 0..6u8 {
                    for c in (0..6u8).filter(|&c| c % 3 != f2 % 3 && c % 3 != f1 % 3) {
                        for p1 in 1..4 {
                            for (p2, pc) in [(1, 1), (1, 3), (3, 1), (3, 3), (2, 1), (2, 3)] {
                                let x = slice(f1, d1, p1);
                                let y = slice(f2, 3 - d1, p2);
                                let cc = slice(c, 0, pc);
                                all.push(vec![x, cc, y, cc.inverse(), x.inverse(), cc, y.inverse(), cc.inverse()]);
                            }
                        }
                    }
                }
            }
        }
        let letters = |turns: &[Turn]| -> Result<Vec<(usize, i64)>, Error> {
            turns
                .iter()
                .map(|t| Ok((layer_move(p, t.face, t.lo)?, i64::from(t.power))))
                .collect()
        };
        let mut macros: Vec<Macro> = Vec::new();
        let mut seen: HashSet<Vec<(u8, u8)>> = HashSet::new();
        for turns in all {
            let e = element_of(p, &letters(&turns)?);
            let others_kept = e.iter().enumerate().all(|(s, w)| s == a || s == b || w.is_identity());
            if !others_kept {
                return Err(Error::Failed("an oblique commutator moves other pieces".into()));
            }
            let moves: Vec<(u8, u8)> = [a, b]
                .iter()
                .enumerate()
                .flat_map(|(i, &s)| {
                    let w = &e[s];
                    (0..24u32)
                        .filter(|&x| w.perm().image(x) != x)
                        .map(move |x| ((i * 24) as u8 + x as u8, (i * 24) as u8 + w.perm().image(x) as u8))
                })
                .collect();
            if seen.insert(moves.clone()) {
                macros.push(Macro { turns, moves });
            }
        }
        // Each 3-cycle of one orbit conjugated by any one layer turn (`S C
        // S'` moves the pieces of the slots `S` brings to `C`'s): enough
        // 3-cycles that a state with obliques off its face always has one
        // that brings one home and takes none away.
        let pure: Vec<usize> = (0..macros.len()).filter(|&k| macros[k].moves.len() == 3).collect();
        for face in 0..6u8 {
            for lo in 0..3u8 {
                for power in 1..4u8 {
                    let setup = Turn {
                        face,
                        lo,
                        hi: lo,
                        power,
                    };
                    let e = &p.moves[layer_move(p, face, lo)?].element;
                    // back[q]: the slot the setup brings to slot q.
                    let mut back = [0u8; 48];
                    for (i, &s) in [a, b].iter().enumerate() {
                        let w = e[s].pow(i64::from(power));
                        for x in 0..24u32 {
                            back[i * 24 + w.perm().image(x) as usize] = (i * 24) as u8 + x as u8;
                        }
                    }
                    for &k in &pure {
                        let mut moves: Vec<(u8, u8)> = macros[k]
                            .moves
                            .iter()
                            .map(|&(f, t)| (back[f as usize], back[t as usize]))
                            .collect();
                        moves.sort_unstable();
                        if seen.insert(moves.clone()) {
                            let turns = merged(
                                [setup]
                                    .into_iter()
                                    .chain(macros[k].turns.iter().copied())
                                    .chain([setup.inverse()]),
                            );
                            macros.push(Macro { turns, moves });
                        }
                    }
                }
            }
        }
        if macros.len() > MACROS {
            return Err(Error::Failed(format!(
                "{} oblique commutators, more than planned",
                macros.len()
            )));
        }
        Ok(Obliques {
            sets: [a, b],
            home,
            macros,
        })
    }

    /// The memory of the commutators.
    pub(super) fn bytes(&self) -> usize {
        self.macros
            .iter()
            .map(|m| std::mem::size_of::<Macro>() + m.turns.len() * 4 + m.moves.len() * 2)
            .sum()
    }

    /// The obliques of `state` as colours (the face of each slot's piece:
    /// a piece's colour is its home slot's face).
    fn colours(&self, state: &Element) -> Vec<u8> {
        let mut c = vec![0u8; 48];
        for (i, &s) in self.sets.iter().enumerate() {
            let w = &state[s];
            for x in 0..24 {
                c[i * 24 + w.perm().image(x as u32) as usize] = self.home[i * 24 + x];
            }
        }
        c
    }

    fn off(&self, colours: &[u8]) -> usize {
        colours.iter().zip(&self.home).filter(|(c, h)| c != h).count()
    }

    /// The oblique stage on `state` (every other piece home): its turns
    /// and how many commutators they are.
    pub(super) fn solve(&self, state: &Element) -> Result<(Vec<Turn>, usize), Error> {
        let start = self.colours(state);
        struct Node {
            colours: Vec<u8>,
            off: usize,
            moves: usize,
            path: Vec<u16>,
        }
        let mut beam = vec![Node {
            off: self.off(&start),
            colours: start,
            moves: 0,
            path: Vec::new(),
        }];
        for _ in 0..STEPS {
            if let Some(done) = beam.iter().filter(|n| n.off == 0).min_by_key(|n| n.moves) {
                let turns = merged(
                    done.path
                        .iter()
                        .flat_map(|&i| self.macros[i as usize].turns.iter().copied()),
                );
                return Ok((turns, done.path.len()));
            }
            // Every node's every commutator, ranked; (score, node, macro).
            // Every node's every commutator that brings obliques home, as
            // one number each, ordered as ranked: score, node, commutator,
            // then obliques off and moves (see `BEAM`, `WEIGHT`).
            let mut next: Vec<u64> = beam
                .par_iter()
                .enumerate()
                .flat_map_iter(|(i, n)| {
                    let last = n
                        .path
                        .last()
                        .map(|&k| *self.macros[k as usize].turns.last().expect("a commutator"));
                    self.macros.iter().enumerate().filter_map(move |(k, mac)| {
                        let mut off = n.off;
                        for &(from, to) in &mac.moves {
                            let h = self.home[to as usize];
                            off -= usize::from(n.colours[to as usize] != h);
                            off += usize::from(n.colours[from as usize] != h);
                        }
                        let first = mac.turns[0];
                        let saved = match last {
                            Some(l) if (l.face, l.lo, l.hi) == (first.face, first.lo, first.hi) => {
                                if (l.power + first.power) % 4 == 0 {
                                    2
                                } else {
                                    1
                                }
                            }
                            _ => 0,
                        };
                        let moves = (n.moves + mac.turns.len() - saved) as u64;
                        let score = (off * WEIGHT) as u64 + moves;
                        (off < n.off)
                            .then_some(score << 48 | (i as u64) << 40 | (k as u64) << 24 | (off as u64) << 16 | moves)
                    })
                })
                .collect();
            if next.is_empty() {
                break;
            }
            let keep = (BEAM * 8).min(next.len());
            next.select_nth_unstable(keep - 1);
            next.truncate(keep);
            next.sort_unstable();
            let mut fresh: Vec<Node> = Vec::with_capacity(BEAM);
            for key in next {
                let (i, k) = ((key >> 40 & 0xFF) as usize, (key >> 24 & 0xFFFF) as u16);
                let (off, moves) = ((key >> 16 & 0xFF) as usize, (key & 0xFFFF) as usize);
                let n = &beam[i];
                let mut colours = n.colours.clone();
                for &(from, to) in &self.macros[k as usize].moves {
                    colours[to as usize] = n.colours[from as usize];
                }
                if fresh.iter().any(|f| f.colours == colours) {
                    continue;
                }
                let mut path = n.path.clone();
                path.push(k);
                fresh.push(Node {
                    colours,
                    off,
                    moves,
                    path,
                });
                if fresh.len() == BEAM {
                    break;
                }
            }
            beam = fresh;
        }
        Err(Error::Failed(format!(
            "the 7x7x7's obliques were not solved in {STEPS} commutators"
        )))
    }
}

/// The cache folder of the tests and the threads `BIG_THREADS` asks for
/// (1 by default), the two-phase tables ready: what the ignored `measure`
/// tests plan their solvers with.
#[cfg(test)]
pub(super) fn measure_setup() -> (Option<std::path::PathBuf>, usize) {
    let threads = std::env::var("BIG_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let cache = crate::test_cache::options().cache;
    let _ = crate::twophase::prepare_tables(cache.as_deref());
    (cache, threads)
}

/// Lengths and times of `solve` on `BIG_N` seeded random states of the
/// built-in `puzzle` (10 by default), beside the universal method's
/// lengths: each state's line (`solve` returns the answer's length and
/// what its parts took), then the means. The 6x6x6's and the 7x7x7's
/// ignored `measure` tests.
#[cfg(test)]
pub(super) fn measure(puzzle: &str, seed: u64, solve: impl Fn(&Element) -> (usize, String)) {
    use rand::SeedableRng;
    let n: usize = std::env::var("BIG_N").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    let p = cubist_twisty::library::puzzle(puzzle).unwrap();
    let chain = p.chain();
    let universal = crate::universal::UniversalSolver::new(&p).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (mut lengths, mut times, mut universal_lengths) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..n {
        let e = p.random_element(&chain, &mut rng);
        universal_lengths.push(universal.solve(&e).unwrap().moves.len());
        let start = std::time::Instant::now();
        let (length, parts) = solve(&e);
        let t = start.elapsed().as_secs_f64();
        eprintln!("{length} moves: {parts}, {t:.3} s");
        lengths.push(length);
        times.push(t);
    }
    let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len() as f64;
    eprintln!(
        "mean {:.2} (min {}, max {}), universal {:.2}; time mean {:.3} s, max {:.3} s",
        mean(&lengths),
        lengths.iter().min().unwrap(),
        lengths.iter().max().unwrap(),
        mean(&universal_lengths),
        times.iter().sum::<f64>() / n as f64,
        times.iter().cloned().fold(0.0, f64::max)
    );
}

/// Checks that `solve` refuses the solved cube `p` with one corner
/// twisted in place (a state no turn reaches) with the law it breaks, as
/// every method refuses it.
#[cfg(test)]
pub(super) fn refuses_a_twisted_corner<T>(p: &Puzzle, solve: impl Fn(&Element) -> Result<T, Error>) {
    let corners = p.sets.iter().position(|set| set.size == 8).unwrap();
    let mut state = p.identity();
    let mut twist = vec![0; 8];
    twist[0] = 1;
    state[corners] = cubist_perm::Wreath::new(cubist_perm::Perm::identity(8), twist, 3).unwrap();
    let e = solve(&state).err().unwrap();
    assert!(matches!(e, Error::Unreachable(_)), "{e}");
    assert!(e.to_string().contains("CORNER"), "{e}");
}
