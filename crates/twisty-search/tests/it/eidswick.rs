//! The universal solver on the puzzles of Eidswick's paper that are built from
//! variants and combinations (slices, marked centres, the Master Pyraminx, the
//! Magic Crystal, Alexander's Star): random states solved, each answer applied
//! here with `Word::evaluate_wreath` and compared with the solved labels; and
//! the §7 efficiency of his orderings (tetrahedron #2, octahedron #2,
//! dodecahedron #2) against the chosen ones.

use cubist_perm::word::Word;
use cubist_perm::Wreath;
use cubist_twisty::{library, Element, Puzzle};
use cubist_twisty_search::universal::UniversalSolver;
use rand::SeedableRng;

/// True if `word` takes `state` to a state showing the solved labels.
fn solves(p: &Puzzle, state: &Element, word: &Word) -> bool {
    p.sets.iter().enumerate().all(|(s, set)| {
        let gens: Vec<Wreath> = p.moves.iter().map(|m| m.element[s].clone()).collect();
        let w = state[s].then(&word.evaluate_wreath(&gens));
        (0..set.size).all(|i| {
            let k = w.perm().image(i as u32) as usize;
            p.solved[s][i] == p.solved[s][k] && w.orient()[k] == 0
        })
    })
}

fn solve_some(name: &str, seeds: std::ops::Range<u64>) {
    let p = library::puzzle(name).unwrap();
    let chain = p.chain();
    let s = UniversalSolver::new(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
    for seed in seeds {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let e = p.random_element(&chain, &mut rng);
        let sol = s.solve(&e).unwrap_or_else(|err| panic!("{name} seed {seed}: {err}"));
        assert!(solves(&p, &e, &sol.moves), "{name} seed {seed}: wrong answer");
    }
}

#[test]
fn cube_with_slices_and_marked_centres() {
    solve_some("3x3x3-slices", 0..3);
    solve_some("3x3x3-centres", 0..3);
    solve_some("3x3x3-centres-slices", 0..3);
}

#[test]
fn octahedron_two_with_slices_and_marked_centres() {
    solve_some("octahedron-face-centres-slices", 0..3);
}

/// The outer and inner halves of tetrahedron #1's edges always move together,
/// so no commutator 3-cycles one without the other: the solver plans a
/// breadth-first search over the outer halves' states (1,866,240 with the
/// parities and twist sums of the other orbits), then one over the inner
/// halves with the Schreier generators of the first as macros (32 states).
/// A few seconds in the dev profile (it was minutes before the search's
/// states were numbered densely).
#[test]
fn master_pyraminx() {
    solve_some("master-pyraminx", 0..3);
}

#[test]
fn magic_crystal() {
    solve_some("magic-crystal", 0..2);
}

#[test]
fn alexanders_star() {
    solve_some("alexanders-star", 0..2);
}

#[test]
fn tetrahedron_two_section_7_orderings() {
    // cubist's order: three orbits with relative 3-cycles of 4 moves, the last
    // face orbit with pure 3-cycles of 8: m = 4·4 + 4·4 + 4·4 + 8·4 = 80.
    let p = library::puzzle("tetrahedron-edge").unwrap();
    let s = UniversalSolver::new(&p).unwrap();
    assert_eq!(s.efficiency(), 80);
    // Eidswick's (F1, F2, F3, V): the corners last need a pure 3-cycle, and the
    // shortest commutator one is [RB, [UB, LB]], 10 moves: m = 3·(4·4) + 10·4 = 88.
    let (readings, _) = library::section7_ordering("tetrahedron-edge").unwrap();
    let paper = s.score_ordering(readings[0]).unwrap();
    let ls: Vec<Option<usize>> = paper.iter().map(|st| st.l).collect();
    assert_eq!(ls, vec![Some(4), Some(4), Some(4), Some(10)]);
    let m: usize = paper.iter().map(|st| st.l.unwrap() * st.size).sum();
    assert_eq!(m, 88);
    // The 3x3x3: the paper's (E, V) is the chosen order, m = 112 both ways.
    let cube = library::puzzle("3x3x3").unwrap();
    let s = UniversalSolver::new(&cube).unwrap();
    let (readings, _) = library::section7_ordering("3x3x3").unwrap();
    let m: usize = s
        .score_ordering(readings[0])
        .unwrap()
        .iter()
        .map(|st| st.l.unwrap() * st.size)
        .sum();
    assert_eq!((m, s.efficiency()), (112, 112));
}

/// The m of an ordering scored by [`UniversalSolver::score_ordering`], or
/// `None` when some orbit has no commutator 3-cycle there.
fn m_of(s: &UniversalSolver, names: &[&str]) -> Option<usize> {
    s.score_ordering(names)
        .unwrap()
        .iter()
        .map(|st| st.l.map(|l| l * st.size))
        .sum()
}

/// Every ordering of `orbits`, in lexicographic order of positions.
fn permutations<'a>(orbits: &[&'a str]) -> Vec<Vec<&'a str>> {
    if orbits.len() <= 1 {
        return vec![orbits.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..orbits.len() {
        let mut rest = orbits.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// Octahedron #2 and dodecahedron #2: Eidswick's orderings in every reading
/// of his orbit names, against the order the solver chose; and the chosen
/// order's m is the least over all orderings scored one by one (the
/// solver's choice is a dynamic programme over sets of orbits: two ways).
#[test]
fn octahedron_and_dodecahedron_two_section_7_orderings() {
    // (puzzle, the chosen m, the readings' m)
    let cases: [(&str, usize, &[Option<usize>]); 3] = [
        // Face turns only: his (E, V, F1, F2) needs 12-move 3-cycles for both
        // face orbits; the chosen order puts one face orbit second.
        ("octahedron-face", 312, &[Some(360), Some(360)]),
        // With the slices he allows, his order ties the chosen one.
        ("octahedron-face-slices", 264, &[Some(264), Some(264)]),
        // (F, V, E): read with F = EDGE2 it is the chosen order; read with
        // F = EDGE the corners have no commutator 3-cycle relative to it.
        ("dodecahedron-deep", 400, &[Some(400), None]),
    ];
    for (name, chosen, readings) in cases {
        let p = library::puzzle(name).unwrap();
        let s = UniversalSolver::new(&p).unwrap();
        assert_eq!(s.efficiency(), chosen, "{name}");
        let (paper, _) = library::section7_ordering(name).unwrap();
        let ms: Vec<Option<usize>> = paper.iter().map(|r| m_of(&s, r)).collect();
        assert_eq!(ms, readings, "{name}");
        let orbits: Vec<String> = s
            .stages()
            .iter()
            .filter(|st| st.l.is_some())
            .map(|st| st.orbit.clone())
            .collect();
        let orbits: Vec<&str> = orbits.iter().map(String::as_str).collect();
        let least = permutations(&orbits).iter().filter_map(|o| m_of(&s, o)).min();
        assert_eq!(least, Some(chosen), "{name}");
    }
}
