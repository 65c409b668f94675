//! The 6x6x6 by reduction: a 4x4x4 inside it, a 5x5x5 with a thick
//! middle, then the obliques.
//!
//! Number a face's rows and columns 0 to 5. The pieces whose rows and
//! columns are all among 0, 2, 3, 5 (`INNER`) are a 4x4x4: its x-centres
//! are the 6x6x6's inner x-centres (2,2), its wings the wings at depth 2,
//! its corners the corners; the 6x6x6's `2R` moves none of them and its
//! `3Rw` turns them as the 4x4x4's `Rw`. The 4x4x4's reduction
//! ([`crate::reduction`]), its `Rw` written `3Rw`, reduces them (its
//! centres solved, its wings paired; its 3x3x3, some 20 moves, is left,
//! the next part turning the corners again anyway), and a turn of the
//! whole cube puts their centres the right way up: the first part.
//!
//! Turned by the outer turns and `Rw` only, the middle two layers never
//! apart, the 6x6x6 is a 5x5x5 whose middle layer is two thick: each of
//! its pieces carries a block of the 6x6x6's. Its middle edge carries the
//! two inner wings of an edge (paired by the first part), its fixed
//! centre the face's middle 2 x 2 (solved), its wings the outer wings, its
//! x-centres the outer x-centres, and its +-centres a strip of two
//! obliques, one of each orbit. The 5x5x5's reduction ([`super`]) on that
//! 5x5x5 solves everything but the obliques: the second part. The 5x5x5 is
//! read from the facelets of rows and columns 0, 1, 4, 5 and one of the
//! middle two, the +-centres from the strips' obliques of one orbit (so
//! that each colour is seen four times); the strip's other oblique rides
//! along, and the third part, the oblique stage ([`super::obliques`]),
//! brings every oblique home.

use std::path::Path;

use cubist_perm::word::Word;
use cubist_twisty::alg::Alg;
use cubist_twisty::picture::cube_grid;
use cubist_twisty::{compose, notation, Element, Puzzle};

use super::nested::{check_state, inside};
use super::obliques::{layer_move, Obliques, BEAM, MACROS, MACRO_BYTES};
use super::{block_name, BigCubeSolver, Measured};
use crate::reduction::model::check_answer;
use crate::reduction::ReductionSolver;
use crate::{Error, Watch};

/// The 6x6x6's rows and columns the 4x4x4 inside is made of.
const INNER: [usize; 4] = [0, 2, 3, 5];

/// Per row and column of the thick 5x5x5, its row or column of the
/// 6x6x6, where that is one.
const THICK: [usize; 5] = [0, 1, 2, 4, 5];

/// The thick 5x5x5's places read from another place than [`THICK`]
/// gives: its +-centres, from the oblique of the orbit of (1,2) in each
/// strip (the orbit turns (1,2) to (2,4), (4,3), (3,1)), and its middle
/// edges, from the inner wing nearer the face's turn (solved, so either
/// shows the same colours).
const THICK_PLACES: [((usize, usize), (usize, usize)); 8] = [
    ((1, 2), (1, 2)),
    ((2, 3), (2, 4)),
    ((3, 2), (4, 3)),
    ((2, 1), (3, 1)),
    ((0, 2), (0, 2)),
    ((2, 4), (2, 5)),
    ((4, 2), (5, 2)),
    ((2, 0), (2, 0)),
];

/// Whether `p` is the 6x6x6 this solver takes: a cube drawn as a grid of 6
/// x 6 stickers a face with every face's three outer layer moves
/// (`U 2U 3U`).
pub fn is_6x6x6(p: &Puzzle) -> bool {
    cube_grid(p).is_some_and(|(n, _)| n == 6)
        && (0..6u8).all(|f| (0..3).all(|l| layer_move(p, f, l).is_ok()))
        && !p.moves.iter().any(|m| m.name.starts_with('4'))
}

/// The most memory planning and running the solver takes: the 4x4x4's
/// tables ([`crate::reduction::table_bytes`]), the 5x5x5's
/// ([`super::planned_bytes`]), the commutators, and a step of the oblique
/// stage's ranked candidates.
pub fn planned_bytes(cache: Option<&Path>) -> u64 {
    let five = cubist_twisty::library::puzzle("5x5x5").map_or(0, |p| super::planned_bytes(&p, cache));
    let four = if crate::reduction::tables_ready(None) {
        0
    } else {
        crate::reduction::table_bytes()
    };
    four + five + MACRO_BYTES + (BEAM * MACROS * 8) as u64
}

/// A line to say before planning the solver builds its tables: the
/// 4x4x4's and the 5x5x5's.
pub fn build_notice(cache: Option<&Path>) -> Option<String> {
    let p = cubist_twisty::library::puzzle("5x5x5").ok()?;
    let five = super::build_notice(&p, cache);
    let four = crate::reduction::build_notice(cache);
    match (four, five) {
        (None, None) => None,
        (a, b) => Some(format!(
            "the 6x6x6 is reduced with the 4x4x4's and the 5x5x5's tables: {}",
            [a, b].into_iter().flatten().collect::<Vec<_>>().join("; ")
        )),
    }
}

/// The 6x6x6's solver: the 4x4x4's reduction, the 5x5x5's, the oblique
/// stage.
pub struct SixSolver {
    puzzle: Puzzle,
    four: ReductionSolver,
    four_puzzle: Puzzle,
    five: BigCubeSolver,
    five_puzzle: Puzzle,
    obliques: Obliques,
}

/// What each part of a 6x6x6 solve took ([`SixSolver::solve_measured`]).
#[derive(Clone, Debug)]
pub struct SixMeasured {
    /// The inner 4x4x4's turns (its closing turn of the whole cube
    /// counted as written).
    pub inner: usize,
    /// The thick 5x5x5's stages.
    pub outer: Measured,
    /// The oblique stage's moves and commutators.
    pub obliques: (usize, usize),
}

impl SixSolver {
    /// Plans the solver for the 6x6x6 `p`: the 4x4x4's reduction and the
    /// 5x5x5's (their tables, cached in `cache` as theirs are) and the
    /// oblique stage's commutators.
    pub fn new_until(p: &Puzzle, cache: Option<&Path>, watch: Watch<'_>) -> Result<SixSolver, Error> {
        if !is_6x6x6(p) {
            return Err(Error::Invalid(format!(
                "the 6x6x6's reduction does not solve {}",
                p.name
            )));
        }
        let library = |name: &str| cubist_twisty::library::puzzle(name).map_err(|e| Error::Failed(e.to_string()));
        let four_puzzle = library("4x4x4")?;
        let five_puzzle = library("5x5x5")?;
        let four = ReductionSolver::new_until(&four_puzzle, cache, watch)?;
        let five = BigCubeSolver::new_until(&five_puzzle, cache, watch)?;
        let obliques = Obliques::new(p)?;
        Ok(SixSolver {
            puzzle: p.clone(),
            four,
            four_puzzle,
            five,
            five_puzzle,
            obliques,
        })
    }

    /// The solver running the 5x5x5 part's attempts `threads` side by side
    /// (see [`BigCubeSolver::with_threads`]).
    pub fn with_threads(self, threads: usize) -> SixSolver {
        SixSolver {
            five: self.five.with_threads(threads),
            ..self
        }
    }

    /// The 5x5x5's reduction inside this solver (its cache, its two-phase
    /// tables).
    pub fn five(&self) -> &BigCubeSolver {
        &self.five
    }

    /// Why a table of the 4x4x4's or the 5x5x5's could not be written to
    /// the cache folder, if one could not.
    pub fn cache_warning(&self) -> Option<&str> {
        self.four.cache_warning().or(self.five.cache_warning())
    }

    /// The bytes of its tables: the 4x4x4's, the 5x5x5's, the
    /// commutators'.
    pub fn table_bytes(&self) -> usize {
        self.four.tables().1 + self.five.table_bytes() + self.obliques.bytes()
    }

    /// Solves `state`: the turns as written (`3Rw2`, `Rw`, `2R'`, a
    /// closing `x2`) and the same as a word of the puzzle's moves,
    /// verified.
    pub fn solve_until(&self, state: &Element, watch: Watch<'_>) -> Result<(Vec<String>, Word), Error> {
        self.solve_measured(state, watch).map(|(names, word, _)| (names, word))
    }

    /// [`Self::solve_until`], with what each part took.
    pub fn solve_measured(&self, state: &Element, watch: Watch<'_>) -> Result<(Vec<String>, Word, SixMeasured), Error> {
        check_state(&self.puzzle, state)?;
        // The inner 4x4x4, whole: its layer 1 is the 6x6x6's layer 2.
        let four = inside(&self.puzzle, state, &self.four_puzzle, 4, |r, c| (INNER[r], INNER[c]))?;
        let turns = self.four.reduce(&four)?;
        let mut names: Vec<String> = turns.iter().map(|t| widen(t)).collect::<Result<_, _>>()?;
        let inner = names.len();
        let mut now = self.turned(state, &names)?;
        if watch.cancelled() {
            return Err(Error::Interrupted("the 6x6x6's reduction".into()));
        }
        // The thick 5x5x5, whole.
        let five = inside(&self.puzzle, &now, &self.five_puzzle, 5, |r, c| {
            THICK_PLACES
                .iter()
                .find(|&&(at, _)| at == (r, c))
                .map_or((THICK[r], THICK[c]), |&(_, from)| from)
        })?;
        let (blocks, faces, outer) = self.five.turns(&five, true, watch)?;
        let second: Vec<String> = blocks
            .iter()
            .map(|&(face, depth, power)| block_name(face, depth, power))
            .chain(faces.iter().map(|&(face, power)| block_name(face, 1, power)))
            .collect();
        now = self.turned(&now, &second)?;
        names.extend(second);
        if watch.cancelled() {
            return Err(Error::Interrupted("the 6x6x6's reduction".into()));
        }
        // The obliques.
        let (third, commutators) = self.obliques.solve(&now)?;
        let obliques = (third.len(), commutators);
        names.extend(third.iter().map(|t| t.name()));
        let word = Alg::parse(&self.puzzle, &names.join(" "))
            .and_then(|a| a.to_word(&self.puzzle))
            .map_err(|e| Error::Failed(e.to_string()))?;
        check_answer(&self.puzzle, state, &word, &names)?;
        Ok((names, word, SixMeasured { inner, outer, obliques }))
    }

    /// `state` after the turns `names`.
    fn turned(&self, state: &Element, names: &[String]) -> Result<Element, Error> {
        let e = notation::parse(&self.puzzle, &names.join(" ")).map_err(|e| Error::Failed(e.to_string()))?;
        Ok(compose(state, &e))
    }
}

/// A 4x4x4 turn as the 6x6x6 turns the 4x4x4 inside it: its layer 1 is
/// the 6x6x6's layer 2, so `Rw` is `3Rw` and the slice `2R` is `3R`;
/// outer turns and turns of the whole cube are the same.
fn widen(turn: &str) -> Result<String, Error> {
    let bad = || Error::Failed(format!("the 4x4x4's answer has a turn {turn}"));
    let (depth, rest) = match turn.as_bytes().first() {
        Some(d @ b'1'..=b'9') => (usize::from(d - b'0'), &turn[1..]),
        _ => (0, turn),
    };
    let face = rest.chars().next().ok_or_else(bad)?;
    if "xyz".contains(face) {
        return Ok(turn.to_string());
    }
    if !"URFDLB".contains(face) {
        return Err(bad());
    }
    let wide = rest[1..].starts_with('w');
    let suffix = &rest[1 + usize::from(wide)..];
    // The 4x4x4's layers 0 to 3 are the 6x6x6's 0, 2, 3, 5.
    let layer = |l: usize| [0, 2, 3, 5].get(l).copied().ok_or_else(bad);
    Ok(match (wide, depth) {
        (false, 0) => turn.to_string(),
        (false, d) => format!("{}{face}{suffix}", layer(d - 1)? + 1),
        (true, 0) => format!("3{face}w{suffix}"),
        (true, d) => format!("{}{face}w{suffix}", layer(d - 1)? + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::library;

    fn solver() -> SixSolver {
        let p = library::puzzle("6x6x6").unwrap();
        let cache = crate::test_cache::options().cache;
        SixSolver::new_until(&p, cache.as_deref(), Watch::NONE).unwrap()
    }

    #[test]
    fn the_4x4x4s_turns_are_widened() {
        for (four, six) in [
            ("R", "R"),
            ("Rw2", "3Rw2"),
            ("2F'", "3F'"),
            ("x2", "x2"),
            ("z'", "z'"),
            ("3Uw", "4Uw"),
        ] {
            assert_eq!(widen(four).unwrap(), six);
        }
        assert!(widen("Q").is_err());
    }

    /// A 3-cycle of the obliques the thick 5x5x5 does not read is undone
    /// by one 3-cycle: the cubes inside see nothing to do.
    #[test]
    fn a_3_cycle_is_undone_by_one() {
        let s = solver();
        let state = notation::parse(&s.puzzle, "3R U' 2L U 3R' U' 2L' U").unwrap();
        let (names, _, measured) = s.solve_measured(&state, Watch::NONE).unwrap();
        assert_eq!(names.join(" "), "3R' B' 2U2 B 3R B' 2U2 B");
        assert_eq!((measured.inner, measured.obliques), (0, (8, 1)));
        assert_eq!(measured.outer.lengths, [0, 0, 0, 0, 0]);
    }

    #[test]
    fn an_unreachable_state_is_refused() {
        let s = solver();
        super::super::obliques::refuses_a_twisted_corner(&s.puzzle, |e| s.solve_until(e, Watch::NONE));
    }

    /// A random state: solved, verified, in under half the universal
    /// method's moves (some 485).
    #[test]
    fn solves_a_random_state() {
        use rand::SeedableRng;
        let s = solver();
        let p = &s.puzzle;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        let state = p.random_element(&p.chain(), &mut rng);
        let (names, word, measured) = s.solve_measured(&state, Watch::NONE).unwrap();
        let e = crate::reduction::model::element_of(p, word.letters());
        assert!(p.shows_solved(&compose(&state, &e)));
        assert!(names.len() <= 240, "{} moves: {measured:?}", names.len());
    }

    /// Lengths and times on seeded random states, beside the universal
    /// method's lengths:
    /// `cargo test --release -p cubist-twisty-search --lib bigcube::six::tests::measure -- --ignored --nocapture`
    /// (`BIG_N` the states, `BIG_THREADS` the 5x5x5's attempts side by
    /// side).
    #[test]
    #[ignore]
    fn measure() {
        let (cache, threads) = super::super::obliques::measure_setup();
        let p = library::puzzle("6x6x6").unwrap();
        let s = SixSolver::new_until(&p, cache.as_deref(), Watch::NONE)
            .unwrap()
            .with_threads(threads);
        super::super::obliques::measure("6x6x6", 666, |e| {
            let (names, _, m) = s.solve_measured(e, Watch::NONE).unwrap();
            (
                names.len(),
                format!(
                    "inner {}, outer {:?}, obliques {:?}",
                    m.inner, m.outer.lengths, m.obliques
                ),
            )
        });
    }
}
