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
fn levels(size: usize, start: usize, mut next: impl FnMut(usize) -> Vec<usize>) -> Vec<u64> {
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

/// Edge orientation on each axis: God's distribution of the turned mask
/// (`eo-rl`, `eo-ud`) is `eo`'s, and so is a breadth-first search written
/// here over the flips read from the stickers ([`Checker::flipped`]), with
/// a representative state per code; the sticker check agrees with the
/// turned mask on random states; and an optimal `eo-ud` answer is as long
/// as the `eo` answer of the scramble with U/D renamed F/B (a rotation).
#[test]
fn edge_orientation_on_every_axis() {
    use cubist_twisty::frame::Axis;
    use cubist_twisty_search::steps::check::Checker;
    let (cube, turns) = cube_and_turns();
    let checker = Checker::new(&cube).unwrap();
    let eo_levels = [1, 2, 25, 202, 620, 900, 285, 13];
    for axis in Axis::ALL {
        let name = format!("eo-{}", axis.name());
        let pattern = Pattern::named(&cube, &name).unwrap();
        let turned = pattern.apply(&cube).unwrap();
        assert_eq!(
            god::run(&turned, Metric::Htm).unwrap().distribution,
            eo_levels,
            "{name}"
        );
        // By hand: a code is the 12 flips as the stickers show them.
        let code = |e: &Element| {
            let f = checker.flipped(e, axis).unwrap();
            (0..12).fold(0usize, |a, i| a | usize::from(f[i]) << i)
        };
        let mut seen: Vec<Option<Element>> = vec![None; 1 << 12];
        seen[code(&cube.identity())] = Some(cube.identity());
        let by_hand = levels(1 << 12, 0, |x| {
            let e = seen[x].clone().unwrap();
            turns
                .iter()
                .map(|t| {
                    let next = compose(&e, t);
                    let c = code(&next);
                    seen[c].get_or_insert(next);
                    c
                })
                .collect()
        });
        assert_eq!(by_hand, eo_levels, "{name} by the stickers");
        let turn = pattern.turn.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..20 {
            let mut e = cube.identity();
            for _ in 0..rng.random_range(0..6) {
                e = compose(&e, &turns[rng.random_range(0..turns.len())]);
            }
            let seen = turn.as_ref().map_or(e.clone(), |t| t.state(&e));
            assert_eq!(
                turned.shows_solved(&seen),
                checker.edges_oriented(&e, axis).unwrap(),
                "{name}"
            );
        }
    }
    // eo-ud against eo with U/D and F/B exchanged by a rotation about R/L
    // (U to F, F to D, D to B, B to U).
    let rename = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                'U' => 'F',
                'F' => 'D',
                'D' => 'B',
                'B' => 'U',
                c => c,
            })
            .collect()
    };
    let eo = Pattern::named(&cube, "eo").unwrap().apply(&cube).unwrap();
    let ud = Pattern::named(&cube, "eo-ud").unwrap();
    let (eo_solver, ud_solver) = (
        OptimalSolver::new(&eo, &Options::default()).unwrap(),
        OptimalSolver::new(&ud.apply(&cube).unwrap(), &Options::default()).unwrap(),
    );
    for scramble in ["R' U' F L2 D2 B R2 U' F2 D L2", "U R D' L F2 B U'", "D"] {
        let e = cubist_twisty::notation::parse(&cube, scramble).unwrap();
        let r = cubist_twisty::notation::parse(&cube, &rename(scramble)).unwrap();
        let w = ud_solver.solve(&ud.turn.as_ref().unwrap().state(&e)).unwrap();
        assert_eq!(w.len(), eo_solver.solve(&r).unwrap().len(), "{scramble}");
        let names: Vec<&str> = cube.moves.iter().map(|m| m.name.as_str()).collect();
        let after = compose(&e, &cubist_twisty::notation::parse(&cube, &w.format(&names)).unwrap());
        assert!(checker.edges_oriented(&after, Axis::Ud).unwrap(), "{scramble}");
    }
}
