//! Patterns (`--target`): the distance distribution of a phase by God's
//! algorithm over the pattern's coordinates, each against a breadth-first
//! search written here over its own encoding of the phase's states; and
//! optimal solutions to the cross against God's distances.

use cubist_perm::Wreath;
use cubist_twisty::pattern::Pattern;
use cubist_twisty::{compose, library, power, Element, Puzzle};
use cubist_twisty_search::coord::{Indexer, Metric, State};
use cubist_twisty_search::god;
use cubist_twisty_search::optimal::{OptimalSolver, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The 3x3x3 and its 18 face turns (each face, powers 1, 2, 3).
fn cube_and_turns() -> (Puzzle, Vec<Element>) {
    let p = library::puzzle("3x3x3").unwrap();
    let turns = p
        .moves
        .iter()
        .flat_map(|m| (1..=3).map(|k| power(&m.element, k)))
        .collect();
    (p, turns)
}

/// Levels of a breadth-first search over `size` codes from `start`.
fn levels(size: usize, start: usize, next: impl Fn(usize) -> Vec<usize>) -> Vec<u64> {
    let mut dist = vec![u8::MAX; size];
    dist[start] = 0;
    let mut frontier = vec![start];
    let mut out = Vec::new();
    while !frontier.is_empty() {
        out.push(frontier.len() as u64);
        let d = out.len() as u8;
        let mut new = Vec::new();
        for x in frontier {
            for y in next(x) {
                if dist[y] == u8::MAX {
                    dist[y] = d;
                    new.push(y);
                }
            }
        }
        frontier = new;
    }
    out
}

/// Where a piece in slot `slot` with twist `o` goes under `w`, and its twist
/// there (the model's right action: slot `i` to `iα`, receiving `α''(iα)`).
fn carry(w: &Wreath, slot: usize, o: u32) -> (usize, u32) {
    let to = w.perm().image(slot as u32) as usize;
    (to, (o + w.orient()[to]) % w.modulus())
}

#[test]
fn phase_distributions_match_searches_over_their_own_states() {
    let (cube, turns) = cube_and_turns();
    let edge = cube.sets.iter().position(|s| s.name == "EDGE").unwrap();
    // Edge orientation: 12 flip bits, every edge alike, corners ignored.
    let eo = Pattern::named(&cube, "eo").unwrap().apply(&cube).unwrap();
    let by_god = god::run(&eo, Metric::Htm).unwrap().distribution;
    let flips = |code: usize| -> Vec<usize> {
        turns
            .iter()
            .map(|t| {
                (0..12).fold(0, |acc, i| {
                    let (to, o) = carry(&t[edge], i, (code >> i) as u32 & 1);
                    acc | (o as usize) << to
                })
            })
            .collect()
    };
    let by_hand = levels(1 << 12, 0, flips);
    assert_eq!(by_god, by_hand);
    assert_eq!(by_god, [1, 2, 25, 202, 620, 900, 285, 13]);
    assert_eq!(by_god.iter().sum::<u64>(), 2048);
    // The cross: the four D edges, each a slot and a flip (24 codes each).
    let cross = Pattern::named(&cube, "cross").unwrap().apply(&cube).unwrap();
    let by_god = god::run(&cross, Metric::Htm).unwrap().distribution;
    let d = cube.find_move("D").unwrap();
    let homes: Vec<usize> = (0..12usize)
        .filter(|&i| d.element[edge].perm().image(i as u32) as usize != i)
        .collect();
    let code = |pieces: &[(usize, u32)]| pieces.iter().fold(0, |a, &(s, o)| a * 24 + s * 2 + o as usize);
    let next = |x: usize| -> Vec<usize> {
        let pieces: Vec<(usize, u32)> = (0..4)
            .rev()
            .map(|k| (x / 24usize.pow(k)) % 24)
            .map(|c| (c / 2, (c % 2) as u32))
            .collect();
        turns
            .iter()
            .map(|t| code(&pieces.iter().map(|&(s, o)| carry(&t[edge], s, o)).collect::<Vec<_>>()))
            .collect()
    };
    let start = code(&homes.iter().map(|&s| (s, 0)).collect::<Vec<_>>());
    let by_hand = levels(24usize.pow(4), start, next);
    assert_eq!(by_god, by_hand);
    assert_eq!(by_god, [1, 15, 158, 1394, 9809, 46381, 97254, 34966, 102]);
    assert_eq!(by_god.iter().sum::<u64>(), 190_080);
}

#[test]
fn optimal_crosses_are_gods_distances_and_solve_the_cross() {
    let (cube, turns) = cube_and_turns();
    let cross = Pattern::named(&cube, "cross").unwrap().apply(&cube).unwrap();
    let table = god::DistanceTable::build(Indexer::full(&cross, Metric::Htm).unwrap(), None).unwrap();
    let solver = OptimalSolver::new(&cross, &Options::default()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut lengths = Vec::new();
    for _ in 0..6 {
        let mut e = cube.identity();
        for _ in 0..30 {
            e = compose(&e, &turns[rng.random_range(0..turns.len())]);
        }
        let w = solver.solve(&e).unwrap();
        let mut x = e.clone();
        for &(g, k) in w.letters() {
            x = compose(&x, &power(&cube.moves[g].element, k));
        }
        // Checked by the pattern, and (a random state) not solved whole.
        assert!(cross.shows_solved(&x));
        assert!(!cube.shows_solved(&x));
        let god = table.distance(&State::of(&cross, &e)).unwrap() as usize;
        assert_eq!(w.len(), god);
        assert!(w.len() <= 8);
        lengths.push(w.len());
    }
    assert!(lengths.iter().any(|&l| l >= 5), "{lengths:?}");
}
