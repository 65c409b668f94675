//! End-to-end checks of the solver. Every solution is verified twice: by
//! the crate's cubie cube, and by a separate sticker-level simulation
//! written here from the geometry of the cube (3D positions and normals of
//! the 54 stickers turned by rotation matrices), sharing nothing with the
//! crate's move definitions.

use crate::{format_moves, parse_moves, solve, CubieCube, Move, SolveOptions, Tables};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// A sticker: where it is (each coordinate -1, 0 or 1; x to R, y to U, z
/// to F) and which way it faces.
type Sticker = ([i32; 3], [i32; 3]);

/// The outward normal of each face, in the order U R F D L B.
const NORMALS: [[i32; 3]; 6] = [[0, 1, 0], [1, 0, 0], [0, 0, 1], [0, -1, 0], [-1, 0, 0], [0, 0, -1]];

/// Kociemba's facelet `i` as a sticker: each face read row by row as seen
/// from outside (U with B at the top, D with F at the top, the others with
/// U at the top).
fn sticker(i: usize) -> Sticker {
    let (face, r, c) = (i / 9, (i % 9 / 3) as i32, (i % 3) as i32);
    let p = match face {
        0 => [c - 1, 1, r - 1],
        1 => [1, 1 - r, 1 - c],
        2 => [c - 1, 1 - r, 1],
        3 => [c - 1, -1, 1 - r],
        4 => [-1, 1 - r, c - 1],
        _ => [1 - c, 1 - r, -1],
    };
    (p, NORMALS[face])
}

fn cross(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot(a: [i32; 3], b: [i32; 3]) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// A clockwise quarter turn (seen from outside) about the outward normal
/// `n`: a rotation by -90°, `v -> n (n.v) - n x v`.
fn turn(n: [i32; 3], v: [i32; 3]) -> [i32; 3] {
    let (c, d) = (cross(n, v), dot(n, v));
    [n[0] * d - c[0], n[1] * d - c[1], n[2] * d - c[2]]
}

/// Applies moves to a facelet string by moving stickers in space.
fn simulate(facelets: &str, moves: &[Move]) -> String {
    let all: Vec<Sticker> = (0..54).map(sticker).collect();
    let mut s: Vec<u8> = facelets.bytes().collect();
    for m in moves {
        let n = NORMALS[m.face() as usize];
        for _ in 0..m.turns() {
            let mut next = s.clone();
            for (i, &(p, q)) in all.iter().enumerate() {
                if dot(p, n) == 1 {
                    let to = (turn(n, p), turn(n, q));
                    let j = all.iter().position(|&x| x == to).expect("a sticker goes to a sticker");
                    next[j] = s[i];
                }
            }
            s = next;
        }
    }
    String::from_utf8(s).unwrap()
}

/// Checks a solution both ways.
fn check(cube: &CubieCube, moves: &[Move]) {
    assert_eq!(cube.apply(moves), CubieCube::SOLVED, "{}", format_moves(moves));
    assert_eq!(simulate(&cube.to_facelets(), moves), SOLVED, "{}", format_moves(moves));
}

#[test]
fn the_simulation_agrees_with_the_cubie_moves() {
    for m in Move::ALL {
        assert_eq!(simulate(SOLVED, &[m]), CubieCube::of_move(m).to_facelets(), "{m}");
    }
    let moves = parse_moves("t", "R U2 F' L D B2 R' U").unwrap();
    assert_eq!(simulate(SOLVED, &moves), CubieCube::from_moves(&moves).to_facelets());
}

#[test]
fn superflip_in_twenty() {
    let scramble = parse_moves("t", "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap();
    let cube = CubieCube::from_moves(&scramble);
    assert!(cube.cp == CubieCube::SOLVED.cp && cube.ep == CubieCube::SOLVED.ep && cube.eo == [1; 12]);
    let s = solve(
        &cube,
        &SolveOptions {
            max_length: 20,
            ..SolveOptions::default()
        },
    )
    .unwrap();
    assert!(s.moves.len() <= 20);
    check(&cube, &s.moves);
}

/// The default answer has at most 20 moves for every cube; a user's larger
/// `max_length` is still honoured.
#[test]
fn fifty_random_cubes_in_twenty_by_default_and_some_in_twenty_two() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    for i in 0..50 {
        let cube = CubieCube::random(&mut rng);
        let s = solve(&cube, &SolveOptions::default()).unwrap();
        assert!(s.moves.len() <= 20, "{}", format_moves(&s.moves));
        check(&cube, &s.moves);
        if i % 10 == 0 {
            let options = SolveOptions {
                max_length: 22,
                ..SolveOptions::default()
            };
            let s = solve(&cube, &options).unwrap();
            assert!(s.moves.len() <= 22);
            check(&cube, &s.moves);
        }
    }
}

/// A time limit ends the search for shorter solutions, but with
/// `max_length` at least 20 the first solution is always awaited (one
/// exists): even a limit of zero gives an answer. Below 20 a limit that
/// runs out first is an error, never a wrong answer.
#[test]
fn a_time_limit_waits_for_the_first_solution_of_at_most_twenty() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for _ in 0..5 {
        let cube = CubieCube::random(&mut rng);
        let zero = SolveOptions {
            time_limit: Some(std::time::Duration::ZERO),
            ..SolveOptions::default()
        };
        let s = solve(&cube, &zero).unwrap();
        assert!(s.moves.len() <= 20);
        check(&cube, &s.moves);
        let short = SolveOptions { max_length: 17, ..zero };
        match solve(&cube, &short) {
            Ok(s) => {
                assert!(s.moves.len() <= 17);
                check(&cube, &s.moves);
            }
            Err(e) => assert_eq!(e.kind(), cubist_io::ErrorKind::Limit, "{e}"),
        }
    }
}

/// The optimal length of a cube, by the optimal solver (a separate search
/// with its own corner table), proved.
fn optimal_length(cube: &CubieCube) -> usize {
    let s = optimal(cube, false, 1);
    assert!(s.proved_optimal);
    s.solutions[0].len()
}

/// Short scrambles get short answers: `R U` in 2 moves, `R U R' U'` in 4,
/// and seeded random scrambles of 1 to 8 moves in exactly their optimal
/// length, computed here by the optimal solver.
#[test]
fn short_scrambles_get_optimal_answers() {
    for (scramble, n) in [("R U", 2), ("R U R' U'", 4), ("U", 1), ("F B'", 2)] {
        let cube = CubieCube::from_moves(&parse_moves("t", scramble).unwrap());
        let s = solve(&cube, &SolveOptions::default()).unwrap();
        assert_eq!(s.moves.len(), n, "{scramble}: {}", format_moves(&s.moves));
        check(&cube, &s.moves);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    for len in [1, 2, 3, 4, 5, 6, 7, 7, 7, 8, 8] {
        let scramble: Vec<Move> = (0..len).map(|_| Move::ALL[rng.random_range(0..18)]).collect();
        let cube = CubieCube::from_moves(&scramble);
        let s = solve(&cube, &SolveOptions::default()).unwrap();
        check(&cube, &s.moves);
        let best = optimal_length(&cube);
        assert!(best <= len);
        assert_eq!(s.moves.len(), best, "{}", format_moves(&scramble));
    }
}

/// A cube of half turns only is at distance 0 from all three subgroups the
/// short search bounds by, so its node budget runs out (the unit tests of
/// `short` check that): the two-phase search answers, by the shortest way
/// inside `H` it finds first, and with a node budget it goes on improving.
#[test]
fn half_turn_cubes_fall_back_on_the_two_phase_search() {
    let scramble = "U2 R2 F2 D2 L2 B2 U2 F2 R2 D2 B2 L2 U2 R2";
    let cube = CubieCube::from_moves(&parse_moves("t", scramble).unwrap());
    let s = solve(&cube, &SolveOptions::default()).unwrap();
    // The cube is in H: phase 2 from an empty phase 1 deepens from its
    // bound, so the answer is the shortest inside H when that has at most
    // 12 moves (phase 2's cap); here it is no longer than the scramble.
    assert!(s.moves.len() <= 14, "{}", format_moves(&s.moves));
    check(&cube, &s.moves);
    let options = SolveOptions {
        node_limit: Some(200_000),
        ..SolveOptions::default()
    };
    let better = solve(&cube, &options).unwrap();
    assert!(better.moves.len() <= s.moves.len());
    check(&cube, &better.moves);
}

#[test]
fn two_threads_and_a_node_limit() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let cube = CubieCube::random(&mut rng);
    let s = solve(
        &cube,
        &SolveOptions {
            threads: 2,
            ..SolveOptions::default()
        },
    )
    .unwrap();
    check(&cube, &s.moves);
    // A tight node limit: either a solution or a limit error, never a wrong answer.
    let tight = SolveOptions {
        max_length: 18,
        node_limit: Some(8000),
        ..SolveOptions::default()
    };
    match solve(&cube, &tight) {
        Ok(s) => check(&cube, &s.moves),
        Err(e) => assert_eq!(e.kind(), cubist_io::ErrorKind::Limit, "{e}"),
    }
    // Too few moves allowed: a limit error naming max_length.
    let e = solve(
        &cube,
        &SolveOptions {
            max_length: 3,
            ..SolveOptions::default()
        },
    )
    .unwrap_err();
    assert_eq!(e.kind(), cubist_io::ErrorKind::Limit, "{e}");
    assert!(e.to_string().contains("max_length"), "{e}");
    // Solved and unsolvable cubes.
    assert!(solve(&CubieCube::SOLVED, &SolveOptions::default())
        .unwrap()
        .moves
        .is_empty());
    let mut bad = CubieCube::SOLVED;
    bad.eo[0] = 1;
    assert!(solve(&bad, &SolveOptions::default()).is_err());
}

#[test]
fn tables_round_trip_and_refuse_corruption() {
    let bytes = Tables::global().to_bytes();
    assert!(Tables::from_bytes(&bytes).unwrap() == *Tables::global());
    for at in [0, 9, 17, 30, bytes.len() / 2, bytes.len() - 1] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        assert!(Tables::from_bytes(&bad).is_err(), "byte {at}");
    }
    assert!(Tables::from_bytes(&bytes[..1000]).is_err());
}

/// Many cubes at 20 moves: slow, run with `--ignored` in release.
#[test]
#[ignore]
fn many_random_cubes_in_twenty() {
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    for _ in 0..200 {
        let cube = CubieCube::random(&mut rng);
        let s = solve(
            &cube,
            &SolveOptions {
                max_length: 20,
                ..SolveOptions::default()
            },
        )
        .unwrap();
        check(&cube, &s.moves);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn facelets_round_trip(seed in any::<u64>()) {
        let cube = CubieCube::random(&mut ChaCha8Rng::seed_from_u64(seed));
        let text = cube.to_facelets();
        prop_assert_eq!(CubieCube::from_facelets("p", &text).unwrap(), cube);
        prop_assert_eq!(CubieCube::from_facelets("p", &text).unwrap().to_facelets(), text);
    }

    #[test]
    fn move_sequences_match_the_simulation(moves in proptest::collection::vec(0usize..18, 0..25)) {
        let moves: Vec<Move> = moves.into_iter().map(Move::from_index).collect();
        let cube = CubieCube::from_moves(&moves);
        prop_assert_eq!(cube.to_facelets(), simulate(SOLVED, &moves));
        let text = format_moves(&moves);
        prop_assert_eq!(parse_moves("p", &text).unwrap(), moves);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Any random cube: the default answer has at most 20 moves and solves it.
    #[test]
    fn random_cubes_in_twenty(seed in any::<u64>()) {
        let cube = CubieCube::random(&mut ChaCha8Rng::seed_from_u64(seed));
        let s = solve(&cube, &SolveOptions::default()).unwrap();
        prop_assert!(s.moves.len() <= 20);
        check(&cube, &s.moves);
    }
}

/// Random cubes obey every law, and they are not all alike.
#[test]
fn random_cubes_are_solvable() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let cubes: Vec<CubieCube> = (0..1000).map(|_| CubieCube::random(&mut rng)).collect();
    assert!(cubes.iter().all(|c| c.is_solvable().is_ok()));
    let distinct: std::collections::HashSet<String> = cubes.iter().map(CubieCube::to_facelets).collect();
    assert_eq!(distinct.len(), 1000);
}

/// Every sequence of exactly `n` moves that never turns one face twice in
/// a row and solves `cube`: the plain enumeration the optimal search's
/// `all` list is checked against (no tables, no pruning).
fn brute_force(cube: &CubieCube, n: usize) -> Vec<Vec<Move>> {
    fn go(c: &CubieCube, n: usize, path: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) {
        if path.len() == n {
            if *c == CubieCube::SOLVED {
                out.push(path.clone());
            }
            return;
        }
        for m in Move::ALL {
            if path.last().is_some_and(|l| l.face() == m.face()) {
                continue;
            }
            path.push(m);
            go(&c.apply_move(m), n, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    go(cube, n, &mut Vec::new(), &mut out);
    out
}

fn optimal(cube: &CubieCube, all: bool, threads: usize) -> crate::optimal::OptimalSolution {
    use crate::optimal::{solve_optimal, OptimalOptions};
    let options = OptimalOptions {
        all,
        threads,
        ..OptimalOptions::default()
    };
    solve_optimal(cube, &options, &mut |_, _| true).unwrap()
}

/// The `all` list equals the brute-force list of the shortest length (the
/// brute force finds that length by trying 0, 1, 2, ... moves).
#[test]
fn every_optimal_solution_of_short_scrambles_matches_brute_force() {
    for scramble in ["", "U D", "R L2 U", "F B' R2 L", "R U F", "U D R L2", "R U2 F' L D"] {
        let cube = CubieCube::from_moves(&parse_moves("t", scramble).unwrap());
        let (n, mut expected) = (0..=5)
            .map(|n| (n, brute_force(&cube, n)))
            .find(|(_, s)| !s.is_empty())
            .unwrap();
        let found = optimal(&cube, true, 1);
        assert!(found.proved_optimal);
        assert_eq!(found.lower_bound, n, "{scramble}");
        expected.sort_by_key(|s| s.iter().map(|m| m.index()).collect::<Vec<_>>());
        assert_eq!(found.solutions, expected, "{scramble}");
        for s in &found.solutions {
            check(&cube, s);
        }
        assert_eq!(optimal(&cube, false, 2).solutions[0].len(), n);
    }
}

/// Symmetric positions (the search takes one solution of each family of
/// symmetric ones): products of moves that the half turn about the U/D
/// axis maps to themselves (`U`, `D`, `R L`, `F B` and their powers), whose
/// optimal length with the reduction equals the length without it (the
/// `all` search turns it off), and whose depths below the optimum cost
/// fewer nodes with it. Also the checkerboard and the "cube in a cube"
/// pattern's relatives: fixed by many symmetries.
#[test]
fn symmetric_positions_keep_their_optimal_length_with_fewer_nodes() {
    use crate::cubesym::fixing;
    use crate::optimal::{solve_optimal, OptimalOptions};
    let parts = [
        "U", "U2", "U'", "D", "D2", "D'", "R L", "R2 L2", "R' L'", "F B", "F2 B2", "F' B'",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut cases: Vec<String> = (0..16)
        .map(|_| {
            (0..4)
                .map(|_| parts[rng.random_range(0..parts.len())])
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    cases.extend(["U2 D2 F2 B2 L2 R2".to_string(), "U D' R L' F B' U D'".to_string()]);
    let (mut with_nodes, mut without_nodes) = (0, 0);
    for scramble in &cases {
        let cube = CubieCube::from_moves(&parse_moves("t", scramble).unwrap());
        assert!(fixing(&cube).len() >= 2, "{scramble}");
        let below = |all: bool| {
            let mut at = 0;
            let options = OptimalOptions {
                all,
                threads: 1,
                ..OptimalOptions::default()
            };
            let s = solve_optimal(&cube, &options, &mut |_, n| {
                at = n;
                true
            })
            .unwrap();
            (s, at)
        };
        let ((reduced, n1), (every, n2)) = (below(false), below(true));
        assert!(reduced.proved_optimal && every.proved_optimal);
        assert_eq!(reduced.solutions[0].len(), every.solutions[0].len(), "{scramble}");
        check(&cube, &reduced.solutions[0]);
        assert!(n1 <= n2, "{scramble}: {n1} > {n2}");
        (with_nodes, without_nodes) = (with_nodes + n1, without_nodes + n2);
    }
    assert!(with_nodes * 2 < without_nodes, "{with_nodes} against {without_nodes}");
}

/// Deeper scrambles: the optimal length is at most the scramble's, and
/// the same for the inverse cube and for the cube turned about the U/D
/// axis (the scramble with its faces renamed), which need as many moves.
#[test]
fn deeper_scrambles_agree_with_their_inverse_and_rotation() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let turned = |m: Move| {
        // A quarter turn of the whole cube about U/D: F -> R -> B -> L -> F.
        let face = match m.face().letter() {
            'F' => 'R',
            'R' => 'B',
            'B' => 'L',
            'L' => 'F',
            c => c,
        };
        Move::new(crate::Face::from_letter(face).unwrap(), m.turns())
    };
    for len in [8, 9, 9] {
        let scramble: Vec<Move> = (0..len)
            .map(|_| Move::ALL[rand::Rng::random_range(&mut rng, 0..18)])
            .collect();
        let cube = CubieCube::from_moves(&scramble);
        let s = optimal(&cube, false, 2);
        assert!(s.proved_optimal);
        let best = &s.solutions[0];
        check(&cube, best);
        assert!(best.len() <= len, "{}", format_moves(&scramble));
        assert_eq!(s.lower_bound, best.len());
        let inverse = optimal(&cube.inverse(), false, 1);
        check(&cube.inverse(), &inverse.solutions[0]);
        assert_eq!(inverse.solutions[0].len(), best.len());
        let rotated = CubieCube::from_moves(&scramble.iter().map(|&m| turned(m)).collect::<Vec<_>>());
        assert_eq!(optimal(&rotated, false, 1).solutions[0].len(), best.len());
    }
}

/// A node limit stops the search: the answer is then the two-phase
/// solution, not claimed optimal, with the depth searched in full.
#[test]
fn a_limit_gives_an_unproved_answer() {
    use crate::optimal::{solve_optimal, OptimalOptions};
    let cube = CubieCube::random(&mut ChaCha8Rng::seed_from_u64(3));
    let options = OptimalOptions {
        node_limit: Some(5000),
        ..OptimalOptions::default()
    };
    let s = solve_optimal(&cube, &options, &mut |_, _| true).unwrap();
    assert!(!s.proved_optimal);
    check(&cube, &s.solutions[0]);
    assert!(s.lower_bound <= s.solutions[0].len());
    let all = OptimalOptions { all: true, ..options };
    assert!(solve_optimal(&cube, &all, &mut |_, _| true).is_err());
    // Stopped by the caller after its first depth: no solution is worked
    // out (the caller goes on otherwise), and the bound is that depth's.
    let mut first = 0;
    let s = solve_optimal(&cube, &OptimalOptions::default(), &mut |d, _| {
        first = d;
        false
    })
    .unwrap();
    assert!(s.solutions.is_empty() && !s.proved_optimal);
    assert_eq!(s.lower_bound, first + 1);
}

/// The benchmark of BENCHMARKS.md ("Optimal 3x3x3"): random cubes and the
/// superflip, each with a time limit, two threads. Run with
/// `cargo test --release -p cubist-twophase --lib -- --ignored solve_tests::optimal_benchmark --nocapture`.
#[test]
#[ignore]
fn optimal_benchmark() {
    use crate::optimal::CornerTable;
    let start = std::time::Instant::now();
    CornerTable::global();
    println!("tables built in {:.1} s", start.elapsed().as_secs_f64());
    let superflip =
        CubieCube::from_moves(&parse_moves("t", "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap());
    let flipped = CubieCube {
        eo: [1; 12],
        ..CubieCube::SOLVED
    };
    assert_eq!(superflip, flipped, "the superflip: every edge flipped in place");
    benchmark_states(60, &|cube, options, on_depth| {
        crate::optimal::solve_optimal(cube, options, on_depth).unwrap()
    });
}

/// An optimal solver with its tables chosen: (cube, options, called after each depth).
type SolveWith<'a> = dyn Fn(
        &CubieCube,
        &crate::optimal::OptimalOptions,
        &mut dyn FnMut(usize, u64) -> bool,
    ) -> crate::optimal::OptimalSolution
    + 'a;

/// Solves `OPTIMAL_COUNT` (default 3) uniformly random states (seed 2026)
/// and the superflip, each within `OPTIMAL_LIMIT_S` seconds (default
/// `default_limit`) on two threads, printing each depth as it is searched
/// and checking every solution by applying it.
fn benchmark_states(default_limit: u64, solve: &SolveWith<'_>) {
    use crate::optimal::OptimalOptions;
    let limit: u64 = std::env::var("OPTIMAL_LIMIT_S")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default_limit);
    let count: u64 = std::env::var("OPTIMAL_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let superflip = CubieCube {
        eo: [1; 12],
        ..CubieCube::SOLVED
    };
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let cubes: Vec<(String, CubieCube)> = (0..count)
        .map(|i| (format!("random {i}"), CubieCube::random(&mut rng)))
        .chain([("superflip".to_string(), superflip)])
        .collect();
    for (name, cube) in cubes {
        let t = std::time::Instant::now();
        let options = OptimalOptions {
            threads: 2,
            time_limit: Some(std::time::Duration::from_secs(limit)),
            ..OptimalOptions::default()
        };
        let mut last = std::time::Instant::now();
        let s = solve(&cube, &options, &mut |d, n| {
            println!(
                "  {name}: depth {d} searched, {n} nodes, {:.1} s",
                last.elapsed().as_secs_f64()
            );
            last = std::time::Instant::now();
            true
        });
        let secs = t.elapsed().as_secs_f64();
        check(&cube, &s.solutions[0]);
        println!(
            "{name}: {} moves, proved {}, lower bound {}, {:.1} s, {} nodes, {:.2} M nodes/s",
            s.solutions[0].len(),
            s.proved_optimal,
            s.lower_bound,
            secs,
            s.nodes,
            s.nodes as f64 / secs / 1e6
        );
    }
}

/// The large table ([`crate::huge`]), built (or read from
/// `HUGE_CACHE`, default `huge-table.bin` in Cargo's test temporary folder,
/// written there after a build), then checked and used. Run once with
/// `cargo test --release -p cubist-twophase --lib -- --ignored solve_tests::huge_benchmark --nocapture`
/// (1 GB of memory, minutes to build).
///
/// Checks: every (twist, flip, sorted slice) triple within 5 moves of
/// solved, found by a breadth-first search on cubie cubes (no move table,
/// no symmetry, no residues), has exactly that distance in the table; the
/// table's distance of random triples changes by at most one per move; 10- to 13-move scrambles get the same optimal
/// length with and without the table. Then random states and the
/// superflip, each with a time limit (`OPTIMAL_LIMIT_S`, default 120 s).
#[test]
#[ignore]
fn huge_benchmark() {
    use crate::huge::{self, HugeTable};
    use crate::optimal::{solve_optimal_with, CornerTable, OptimalOptions};
    use std::collections::HashMap;
    let tables = Tables::global();
    let path = std::env::var("HUGE_CACHE").unwrap_or_else(|_| {
        crate::test_tables::build_tmp()
            .join("huge-table.bin")
            .display()
            .to_string()
    });
    let start = std::time::Instant::now();
    let huge = match std::fs::File::open(&path)
        .ok()
        .map(|f| HugeTable::read(tables, &mut std::io::BufReader::new(f)))
    {
        Some(Ok(h)) => {
            println!("table read from {path} in {:.1} s", start.elapsed().as_secs_f64());
            h
        }
        _ => {
            let last = std::sync::Mutex::new(std::time::Instant::now());
            let h = HugeTable::build(tables, &|p| {
                let mut l = last.lock().unwrap();
                if l.elapsed().as_secs() >= 20 || p.rows_done == 0 {
                    *l = std::time::Instant::now();
                    println!(
                        "  depth {} ({}): {}/{} rows, {} entries known, {:.0} s",
                        p.depth,
                        if p.backwards { "backwards" } else { "forwards" },
                        p.rows_done,
                        p.rows,
                        p.known,
                        start.elapsed().as_secs_f64()
                    );
                }
            });
            println!("table built in {:.1} s", start.elapsed().as_secs_f64());
            let t = std::time::Instant::now();
            match cubist_io::write_atomic(std::path::Path::new(&path), &h.to_bytes()) {
                Ok(()) => println!("written to {path} in {:.1} s", t.elapsed().as_secs_f64()),
                Err(e) => println!("not written to {path}: {e}"),
            }
            h
        }
    };
    println!("memory {} bytes", huge.memory());
    // Breadth-first search on cubie cubes, keyed by the triple.
    let key = |c: &CubieCube| {
        let tw = c.co[..7].iter().fold(0, |t, &o| 3 * t + o as usize);
        let fl = c.eo[..11].iter().fold(0, |f, &o| 2 * f + o as usize);
        (tw, fl, huge::slice_sorted(c))
    };
    let mut seen: HashMap<(usize, usize, usize), usize> = HashMap::new();
    let mut frontier = vec![CubieCube::SOLVED];
    seen.insert(key(&CubieCube::SOLVED), 0);
    for d in 1..=5 {
        let mut next = Vec::new();
        for c in &frontier {
            for m in Move::ALL {
                let n = c.apply_move(m);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key(&n)) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    println!("{} triples within 5 moves", seen.len());
    let mut by_depth = [0usize; 6];
    // Every triple reached, through a cube having it.
    let mut cubes = vec![CubieCube::SOLVED];
    let mut checked = std::collections::HashSet::new();
    for _ in 1..=5 {
        let mut next = Vec::new();
        for c in &cubes {
            for m in Move::ALL {
                let n = c.apply_move(m);
                if checked.insert(key(&n)) {
                    next.push(n);
                }
            }
        }
        for c in &next {
            let d = seen[&key(c)];
            assert_eq!(huge.distance(tables, c), d, "{:?}", key(c));
            by_depth[d] += 1;
        }
        cubes = next;
    }
    println!("distances checked by depth: {by_depth:?}");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut deepest = 0;
    for _ in 0..300 {
        let c = CubieCube::random(&mut rng);
        let d = huge.distance(tables, &c);
        deepest = deepest.max(d);
        assert!((1..=20).contains(&d));
        for m in Move::ALL {
            assert!(huge.distance(tables, &c.apply_move(m)).abs_diff(d) <= 1);
        }
    }
    println!("deepest of 300 random states: {deepest}");
    let corners = CornerTable::global();
    let options = OptimalOptions {
        threads: 2,
        ..OptimalOptions::default()
    };
    for i in 0..20u64 {
        let n = 10 + (i % 4) as usize;
        let moves: Vec<Move> = (0..n)
            .map(|k| Move::ALL[((i * 31 + k as u64 * 7 + k as u64 * k as u64) % 18) as usize])
            .collect();
        let cube = CubieCube::from_moves(&moves);
        let with = solve_optimal_with(tables, corners, Some(&huge), &cube, &options, &mut |_, _| true).unwrap();
        let without = solve_optimal_with(tables, corners, None, &cube, &options, &mut |_, _| true).unwrap();
        check(&cube, &with.solutions[0]);
        assert!(with.proved_optimal && without.proved_optimal);
        assert_eq!(
            with.solutions[0].len(),
            without.solutions[0].len(),
            "{}",
            format_moves(&moves)
        );
        println!(
            "{n}-move scramble: optimal {} moves, {} nodes with the table, {} without",
            with.solutions[0].len(),
            with.nodes,
            without.nodes
        );
    }
    benchmark_states(120, &|cube, options, on_depth| {
        solve_optimal_with(tables, corners, Some(&huge), cube, options, on_depth).unwrap()
    });
}

/// The H48 design's tiers ([`crate::h48`]) measured against
/// the optimal solver's tiers on the same states. Run once with
/// `cargo test --release -p cubist-twophase --lib -- --ignored solve_tests::h48_benchmark --nocapture`
/// (`HUGE_CACHE=<file written by huge_benchmark>` adds the 833 MB tier;
/// `OPTIMAL_LIMIT_S`, default 120 s, limits each solve; `OPTIMAL_COUNT`,
/// default 1, is the number of random states; `H48_K=4,5` adds the h_k
/// tiers of those numbers of edge flips, built by a search to
/// `H48_DEPTH` moves, default 9, from the cosets at depth `H48_COSETS`,
/// default 8, excess over h0 capped at `H48_CAP`, default 3, and skips
/// the check of the h0 table; each h_k table is read from, or after its
/// build written to, `h48-h<k>-depth<D>-cap<C>.bin` in the folder
/// `H48_CACHE` (default Cargo's test temporary folder); `H48_BASE=none,8`
/// measures each h_k table read over h0 (`none`, the default) and over
/// the bases named (`HkTable::rebase`);
/// `OPTIMAL_STATES=random,16-move scramble 1` keeps only the states whose
/// names start so; `H48_ONLY_HK=1` leaves out the h0 and phase 1 tiers).
///
/// Builds the h0 table (timed, its entries by distance), checks that it is
/// a breadth-first distance (each value one more than its nearest
/// neighbour's) and that a move changes the distance of 300 random cubes
/// by at most one, then
/// solves 6 random scrambles of 14 to 16 moves and the first random
/// states of seed 2026 (as [`benchmark_states`]) with each tier, printing each depth's nodes
/// and seconds; every solution is checked, and the proved lengths agree.
#[test]
#[ignore]
fn h48_benchmark() {
    use crate::h48::coord::{Coords, N_ESEP, N_H0};
    use crate::h48::search::{solve_h0, solve_hk};
    use crate::h48::table::{H0Table, HkParams, HkProgress, HkTable};
    use crate::huge::HugeTable;
    use crate::optimal::{solve_optimal_with, CornerTable, OptimalOptions, OptimalSolution};
    use rayon::prelude::*;
    use std::time::Instant;
    let tables = Tables::global();
    let corners = CornerTable::global();
    let start = Instant::now();
    let coords = Coords::global();
    println!("h0 coordinates in {:.1} s", start.elapsed().as_secs_f64());
    let start = Instant::now();
    let h0 = H0Table::build(coords, 15, &mut |d, known| {
        println!(
            "  depth {d}: {known} entries known, {:.1} s",
            start.elapsed().as_secs_f64()
        )
    });
    println!(
        "h0 table built in {:.1} s, {} bytes, entries by distance {:?}",
        start.elapsed().as_secs_f64(),
        h0.memory(),
        h0.by_depth
    );
    // The table is the breadth-first distance: 0 only for the solved
    // coset, and every other value one more than its nearest neighbour's
    // (checked for all 110,540,520 values the coordinate takes).
    let ks: Vec<u32> = std::env::var("H48_K")
        .unwrap_or_default()
        .split(',')
        .filter_map(|k| k.trim().parse().ok())
        .collect();
    let start = Instant::now();
    let wrong = (0..if ks.is_empty() { N_H0 } else { 0 })
        .into_par_iter()
        .filter(|&i| coords.canonical(i / N_ESEP, i % N_ESEP) == i)
        .filter(|&i| {
            let d = h0.distance(i);
            let nearest = (0..18).map(|m| h0.distance(coords.h0_after(i, m))).min().unwrap_or(0);
            if i == 0 {
                d != 0
            } else {
                nearest + 1 != d
            }
        })
        .count();
    assert_eq!(wrong, 0);
    println!(
        "every value one more than its nearest neighbour: checked in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut deepest = 0;
    for _ in 0..300 {
        let c = CubieCube::random(&mut rng);
        let d = h0.distance(coords.h0(&c));
        deepest = deepest.max(d);
        for m in Move::ALL {
            assert!(h0.distance(coords.h0(&c.apply_move(m))).abs_diff(d) <= 1);
        }
    }
    println!("deepest h0 distance of 300 random states: {deepest}");
    let var =
        |name: &str, default: u8| -> u8 { std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default) };
    let params = |k| HkParams {
        k,
        depth: var("H48_DEPTH", 9),
        cap: var("H48_CAP", 3),
        cosets: var("H48_COSETS", 8),
    };
    // "none": entries over h0 (two reads); a number: over that base.
    let bases: Vec<Option<u8>> = std::env::var("H48_BASE")
        .unwrap_or_else(|_| "none".into())
        .split(',')
        .map(|b| b.trim().parse().ok())
        .collect();
    let dir = std::env::var("H48_CACHE").unwrap_or_else(|_| crate::test_tables::build_tmp().display().to_string());
    let mut hks: Vec<HkTable> = Vec::new();
    for &k in &ks {
        let p = params(k);
        let path = format!("{dir}/h48-h{k}-depth{}-cap{}.bin", p.depth, p.cap);
        let start = Instant::now();
        let read = std::fs::File::open(&path)
            .ok()
            .map(|f| HkTable::read(&h0, &mut std::io::BufReader::new(f)));
        let t = match read {
            Some(Ok(t)) if t.params().depth == p.depth && t.base().is_none() => {
                println!("h{k} read from {path} in {:.1} s", start.elapsed().as_secs_f64());
                t
            }
            other => {
                if let Some(Err(e)) = other {
                    println!("h{k}: {e}");
                }
                let t = HkTable::build(coords, &h0, p, &|p| match p {
                    HkProgress::Memory(m) => println!("h{k}: allocating {m} bytes"),
                    HkProgress::Cosets { depth, count } => println!(
                        "  h{k}: {count} coset classes at depth {depth}, {:.1} s",
                        start.elapsed().as_secs_f64()
                    ),
                    HkProgress::Searched { done, tasks, nodes } if done % (1 << 16) < 256 || done == tasks => println!(
                        "  h{k}: {done} of {tasks} starting cosets, {nodes} nodes, {:.1} s",
                        start.elapsed().as_secs_f64()
                    ),
                    HkProgress::Searched { .. } => {}
                })
                .unwrap();
                println!(
                    "h{k} table ({p:?}) built in {:.1} s, {} bytes, {} nodes",
                    start.elapsed().as_secs_f64(),
                    t.memory(),
                    t.nodes,
                );
                let w = Instant::now();
                let written = std::fs::File::create(&path).and_then(|f| t.write(&h0, &mut std::io::BufWriter::new(f)));
                match written {
                    Ok(()) => println!("  written to {path} in {:.1} s", w.elapsed().as_secs_f64()),
                    Err(e) => println!("  not written to {path}: {e}"),
                }
                t
            }
        };
        println!("h{k}: entries by excess over h0 {:?}", t.by_excess);
        // One table for each base: the last takes the built one, the
        // others are read back from the file.
        let mut own = Some(t);
        for (i, &base) in bases.iter().enumerate() {
            let mut t = match own.take() {
                Some(t) if i + 1 == bases.len() => t,
                kept => {
                    own = kept;
                    let f = std::fs::File::open(&path).expect("the table's file, just written");
                    HkTable::read(&h0, &mut std::io::BufReader::new(f)).unwrap()
                }
            };
            if let Some(b) = base {
                t.rebase(&h0, b).unwrap();
            }
            hks.push(t);
        }
    }
    let huge = std::env::var("HUGE_CACHE").ok().map(|path| {
        let t = Instant::now();
        let f = std::fs::File::open(&path).expect("HUGE_CACHE names a readable file");
        let h = HugeTable::read(tables, &mut std::io::BufReader::new(f)).expect("a table written by huge_benchmark");
        println!("833 MB table read from {path} in {:.1} s", t.elapsed().as_secs_f64());
        h
    });
    let limit: u64 = std::env::var("OPTIMAL_LIMIT_S")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(120);
    let options = OptimalOptions {
        threads: 2,
        time_limit: Some(std::time::Duration::from_secs(limit)),
        ..OptimalOptions::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(48);
    let mut states: Vec<(String, CubieCube)> = (0..6)
        .map(|i| {
            let n = 14 + i / 2;
            let moves: Vec<Move> = (0..n).map(|_| Move::ALL[rng.random_range(0..18)]).collect();
            (format!("{n}-move scramble {}", i % 2), CubieCube::from_moves(&moves))
        })
        .collect();
    let count: u64 = std::env::var("OPTIMAL_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    states.extend((0..count).map(|i| (format!("random {i} (seed 2026)"), CubieCube::random(&mut rng))));
    if let Ok(keep) = std::env::var("OPTIMAL_STATES") {
        states.retain(|(name, _)| keep.split(',').any(|k| name.starts_with(k.trim())));
    }
    type Tier<'a> = (
        &'a str,
        Box<dyn Fn(&CubieCube, &mut dyn FnMut(usize, u64) -> bool) -> OptimalSolution + 'a>,
    );
    let names: Vec<String> = hks
        .iter()
        .map(|t| {
            let read = t.base().map_or("over h0".to_string(), |b| format!("over {b}"));
            format!("h{} {read} + inverse ({} MB + h0)", t.k(), t.memory() / 1_000_000)
        })
        .collect();
    let (h0_ref, options_ref) = (&h0, &options);
    let mut tiers: Vec<Tier<'_>> = hks
        .iter()
        .zip(&names)
        .map(|(t, name)| -> Tier<'_> {
            (
                name.as_str(),
                Box::new(move |c, on| solve_hk(tables, corners, coords, h0_ref, t, c, options_ref, on).unwrap()),
            )
        })
        .collect();
    let others = std::env::var("H48_ONLY_HK").is_err();
    tiers.extend::<Vec<Tier<'_>>>(if !others {
        vec![]
    } else {
        vec![
            (
                "h0 + inverse (59 MB)",
                Box::new(|c, on| solve_h0(tables, corners, coords, &h0, c, &options, on).unwrap()),
            ),
            (
                "phase 1 x 3 (35 MB)",
                Box::new(|c, on| solve_optimal_with(tables, corners, None, c, &options, on).unwrap()),
            ),
        ]
    });
    if let Some(h) = huge.as_ref() {
        tiers.push((
            "large x 3 (833 MB)",
            Box::new(|c, on| solve_optimal_with(tables, corners, Some(h), c, &options, on).unwrap()),
        ));
    }
    // Processor seconds of the whole process (user and system), from
    // /proc: unlike wall time, hardly changed by other programs' load.
    let cpu = || -> f64 {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let after = stat.rsplit(')').next().unwrap_or("");
        // Fields 14 and 15 of the line (in 1/100 s), the 12th and 13th
        // after the name.
        let f: Vec<&str> = after.split_whitespace().collect();
        let tick = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
        (tick(11) + tick(12)) / 100.0
    };
    for (name, cube) in &states {
        let mut lengths = Vec::new();
        for (tier, solve) in &tiers {
            let c0 = cpu();
            let t = Instant::now();
            let mut last = Instant::now();
            let s = solve(cube, &mut |d, n| {
                println!(
                    "    {tier}: depth {d} searched, {n} nodes so far, {:.2} s",
                    last.elapsed().as_secs_f64()
                );
                last = Instant::now();
                true
            });
            let secs = t.elapsed().as_secs_f64();
            check(cube, &s.solutions[0]);
            let cpu_secs = cpu() - c0;
            println!(
                "  {name}, {tier}: {} moves, proved {}, {:.2} s, {} nodes, {:.2} M nodes/s; {:.2} processor s, {:.2} M nodes per processor s",
                s.solutions[0].len(),
                s.proved_optimal,
                secs,
                s.nodes,
                s.nodes as f64 / secs / 1e6,
                cpu_secs,
                s.nodes as f64 / cpu_secs.max(0.01) / 1e6
            );
            if s.proved_optimal {
                lengths.push(s.solutions[0].len());
            }
        }
        assert!(lengths.windows(2).all(|w| w[0] == w[1]), "{name}: {lengths:?}");
    }
}

/// Several cubes searched together for the shortest total
/// (`solve_many_with`): one cube alone, offset 0, gets the answer the
/// single search gives (the same searches in the same order) when the
/// short optimal search has none; with offsets the answer's total is at
/// most the smallest offset plus 20, checked by the independent sticker
/// simulation, and a cube far behind the others is never chosen.
#[test]
fn cubes_searched_together_for_the_shortest_total() {
    let tables = Tables::global();
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let options = SolveOptions::default();
    for _ in 0..10 {
        let c = CubieCube::random(&mut rng);
        let alone = crate::solve_with(tables, &c, &options).unwrap();
        if alone.moves.len() > crate::short::SHORT_DEPTH {
            let (k, together) = crate::solve_many_with(tables, &[(c, 0)], &options).unwrap();
            assert_eq!((k, &together.moves), (0, &alone.moves));
        }
    }
    for _ in 0..10 {
        let cubes: Vec<(CubieCube, usize)> = (0..4)
            .map(|i| (CubieCube::random(&mut rng), [9, 7, 40, 8][i]))
            .collect();
        let budget = SolveOptions {
            max_length: 7 + 20,
            node_limit: Some(50_000),
            ..SolveOptions::default()
        };
        let (k, sol) = crate::solve_many_with(tables, &cubes, &budget).unwrap();
        assert_ne!(k, 2, "the cube 40 moves behind is chosen");
        assert!(cubes[k].1 + sol.moves.len() <= 27);
        check(&cubes[k].0, &sol.moves);
    }
    // The same cube twice, one of them two moves behind: the other one.
    let c = CubieCube::random(&mut rng);
    let budget = SolveOptions {
        max_length: 22,
        node_limit: Some(20_000),
        ..SolveOptions::default()
    };
    let (k, _) = crate::solve_many_with(tables, &[(c, 2), (c, 0)], &budget).unwrap();
    assert_eq!(k, 1);
}

/// The superflip proved optimal in 20 moves the way the solver searches it
/// (phase 1's table and the deep h7 together, its 48 symmetries, one
/// rotation of each solution: [`crate::optimal`], "The centre"), on two
/// threads, its answer checked: about a minute with the deep h7 read from
/// `H48_TABLES` (the solver's cache file,
/// `optimal-h48-h7-depth11-base9-v3.tables`), else after building it
/// (about 26 minutes of processor time and 4 GB). Run with
/// `[H48_TABLES=FILE] cargo test --release -p cubist-twophase --lib --
/// --ignored solve_tests::superflip_proved --nocapture`.
#[test]
#[ignore]
fn superflip_proved_in_twenty() {
    use crate::h48::both::solve_both;
    use crate::h48::coord::Coords;
    use crate::h48::table::{H0Table, HkParams, HkTable};
    use crate::optimal::{CornerTable, OptimalOptions};
    use std::sync::atomic::AtomicBool;
    let (tables, corners, coords) = (Tables::global(), CornerTable::global(), Coords::global());
    let (h0, hk) = match std::env::var_os("H48_TABLES") {
        Some(path) => {
            let file = std::fs::File::open(&path).unwrap();
            let h0 = H0Table::read(&mut std::io::BufReader::new(&file)).unwrap();
            let hk = HkTable::open(&h0, &file, H0Table::FILE_BYTES as u64).unwrap();
            (h0, hk)
        }
        None => {
            let h0 = H0Table::build(coords, 20, &mut |_, _| {});
            let params = HkParams {
                k: 7,
                depth: 11,
                cap: 3,
                cosets: 8,
            };
            let hk = HkTable::build_until(coords, &h0, params, Some(9), &|_| {}, &AtomicBool::new(false))
                .unwrap()
                .unwrap();
            (h0, hk)
        }
    };
    assert_eq!((hk.k(), hk.params().depth, hk.base()), (7, 11, Some(9)), "the deep h7");
    let scramble = parse_moves("t", "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap();
    let cube = CubieCube::from_moves(&scramble);
    let options = OptimalOptions {
        threads: 2,
        ..OptimalOptions::default()
    };
    let start = std::time::Instant::now();
    let s = solve_both(
        tables,
        corners,
        coords,
        &h0,
        &hk,
        &cube,
        &options,
        &mut |depth, nodes| {
            println!(
                "depth {depth} searched: {nodes} nodes, {:.1} s",
                start.elapsed().as_secs_f64()
            );
            true
        },
    )
    .unwrap();
    println!(
        "{} ({} moves), {} nodes, {:.1} s",
        format_moves(&s.solutions[0]),
        s.solutions[0].len(),
        s.nodes,
        start.elapsed().as_secs_f64()
    );
    assert!(s.proved_optimal);
    assert_eq!(s.solutions[0].len(), 20);
    check(&cube, &s.solutions[0]);
}
