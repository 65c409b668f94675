//! The universal solver: random reachable states of many puzzles are solved,
//! and every answer is re-checked here by an independent evaluation (the
//! moves' wreath elements multiplied with `Word::evaluate_wreath`, compared
//! with the solved labels); unreachable states name the law they break.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use cubist_perm::word::Word;
use cubist_perm::{Perm, StabChain, Wreath};
use cubist_twisty::{library, notation, tws, Element, Puzzle};
use cubist_twisty_search::universal::UniversalSolver;
use cubist_twisty_search::Error as SolveError;
use proptest::prelude::*;
use rand::SeedableRng;

/// True if `word` takes `state` to a state showing the solved labels, computed
/// set by set with `Word::evaluate_wreath` (not the solver's own arithmetic).
fn solves(p: &Puzzle, state: &Element, word: &Word) -> bool {
    p.sets.iter().enumerate().all(|(s, set)| {
        let gens: Vec<Wreath> = p.moves.iter().map(|m| m.element[s].clone()).collect();
        let w = if gens.is_empty() {
            state[s].clone()
        } else {
            state[s].then(&word.evaluate_wreath(&gens))
        };
        (0..set.size).all(|i| {
            let k = w.perm().image(i as u32) as usize;
            p.solved[s][i] == p.solved[s][k] && w.orient()[k] == 0
        })
    })
}

type Cached = (Puzzle, StabChain, UniversalSolver);

/// One solver per puzzle, shared by the tests (construction is the costly part).
fn solver(name: &str) -> &'static Cached {
    static CACHE: OnceLock<Mutex<HashMap<String, &'static Cached>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap();
    map.entry(name.to_string()).or_insert_with(|| {
        let p = library::puzzle(name).unwrap();
        let chain = p.chain();
        let s = UniversalSolver::new(&p).unwrap();
        Box::leak(Box::new((p, chain, s)))
    })
}

fn solve_random(name: &str, seed: u64) {
    let (p, chain, s) = solver(name);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let e = p.random_element(chain, &mut rng);
    let sol = s.solve(&e).unwrap_or_else(|err| panic!("{name} seed {seed}: {err}"));
    assert!(solves(p, &e, &sol.moves), "{name} seed {seed}: wrong answer");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn random_states_are_solved(seed in any::<u64>(), which in 0usize..9) {
        let name = ["3x3x3", "2x2x2", "4x4x4", "pyraminx", "megaminx", "three-coins",
                    "two-faces", "tetrahedron-edge", "octahedron-face"][which];
        solve_random(name, seed);
    }
}

#[test]
fn skewb_and_six_triangles_need_the_fallback() {
    for name in ["skewb", "six-triangles"] {
        let (_, _, s) = solver(name);
        assert!(s.stages().iter().any(|st| st.method == "search"), "{name}");
        for seed in 0..3 {
            solve_random(name, seed);
        }
    }
}

#[test]
fn cube_order_follows_eidswick() {
    // §7's table: edges first with [R, F] (l = 4), then corners (l = 8): m = 112.
    let (p, _, s) = solver("3x3x3");
    let st = s.stages();
    let order: Vec<(&str, Option<usize>)> = st.iter().map(|x| (x.orbit.as_str(), x.l)).collect();
    assert_eq!(order, vec![("EDGE", Some(4)), ("CORNER", Some(8))]);
    assert_eq!(s.efficiency(), 112);
    // A single quarter turn is solved by the parity phase alone.
    let e = notation::parse(p, "R").unwrap();
    let sol = s.solve(&e).unwrap();
    assert_eq!(sol.moves.len(), 1);
    assert!(solves(p, &e, &sol.moves));
}

#[test]
fn solved_state_needs_no_moves() {
    let (p, _, s) = solver("3x3x3");
    assert!(s.solve(&p.identity()).unwrap().moves.is_empty());
}

fn with_orient(p: &Puzzle, set: usize, slot: usize, twist: u32) -> Element {
    let mut e = p.identity();
    let w = &e[set];
    let mut o = w.orient().to_vec();
    o[slot] = twist;
    e[set] = Wreath::new(w.perm().clone(), o, w.modulus()).unwrap();
    e
}

fn with_swap(p: &Puzzle, set: usize, a: u32, b: u32) -> Element {
    let mut e = p.identity();
    let w = &e[set];
    let t = Perm::from_cycles(w.degree(), &[vec![a, b]]).unwrap();
    e[set] = Wreath::new(t, vec![0; w.degree()], w.modulus()).unwrap();
    e
}

fn unreachable(name: &str, e: &Element) -> String {
    let (_, _, s) = solver(name);
    match s.solve(e) {
        Err(SolveError::Unreachable(m)) => m,
        other => panic!("{name}: expected unreachable, got {other:?}"),
    }
}

#[test]
fn unreachable_states_name_the_law() {
    let (p, _, _) = solver("3x3x3");
    let corner = p.sets.iter().position(|s| s.name == "CORNER").unwrap();
    let edge = p.sets.iter().position(|s| s.name == "EDGE").unwrap();
    let m = unreachable("3x3x3", &with_orient(p, corner, 0, 1));
    assert!(
        m.contains("twist-sum law") && m.contains("CORNER") && m.contains("0 mod 3"),
        "{m}"
    );
    let m = unreachable("3x3x3", &with_orient(p, edge, 3, 1));
    assert!(
        m.contains("twist-sum law") && m.contains("EDGE") && m.contains("0 mod 2"),
        "{m}"
    );
    let m = unreachable("3x3x3", &with_swap(p, edge, 0, 1));
    assert!(
        m.contains("parity law") && m.contains("CORNER") && m.contains("EDGE"),
        "{m}"
    );
    // Pyraminx tips are four orbits of one slot each: swapping two leaves the orbits.
    let (py, _, _) = solver("pyraminx");
    let m = unreachable("pyraminx", &with_swap(py, 0, 0, 1));
    assert!(m.contains("outside its orbit"), "{m}");
}

#[test]
fn unreachable_by_membership_only() {
    // Eidswick's two-faces group has index 18 in Z_3 wr S_6: states that pass the
    // parity and twist-sum tests can still be outside it.
    let (p, chain, _) = solver("two-faces");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let w = |cycle: Vec<u32>, orient: Vec<u32>| {
        Wreath::new(Perm::from_cycles(6, &[cycle]).unwrap(), orient, 3)
            .unwrap()
            .to_perm()
    };
    let full = vec![
        w(vec![0, 1, 2, 3, 4, 5], vec![0; 6]),
        w(vec![0, 1], vec![0; 6]),
        w(vec![0], vec![1, 0, 0, 0, 0, 0]),
    ];
    let wreath = StabChain::new(18, &full);
    let mut found = 0;
    for _ in 0..200 {
        let g = wreath.random_element(&mut rng);
        let e = p.from_perm(&g).unwrap();
        let even = e[0].perm().is_even();
        if !even || e[0].twist_sum() != 0 || chain.contains(&g) {
            continue;
        }
        let m = unreachable("two-faces", &e);
        assert!(m.contains("Schreier"), "{m}");
        found += 1;
    }
    assert!(found > 0, "no even, twist-sum-0 non-member drawn");
}

#[test]
fn explanation_lists_phases_and_steps() {
    let (p, _, s) = solver("3x3x3");
    let e = notation::parse(p, "R U R' U' F2 D L' B").unwrap();
    let sol = s.solve(&e).unwrap();
    assert_eq!(sol.phases[0].kind, "parity");
    let names: Vec<&str> = sol.phases.iter().map(|ph| ph.name.as_str()).collect();
    assert_eq!(names, vec!["parity and twist sums", "EDGE", "CORNER"]);
    let steps = &sol.phases[1].steps;
    assert!(steps.iter().all(|st| st.kind == "3-cycle" && st.pieces.len() == 3));
    assert!(steps.iter().all(|st| st.length == st.moves.split(' ').count()));
}

fn interop() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/interop/twsearch"));
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: {} not found", dir.display());
        None
    }
}

fn solve_file(dir: &std::path::Path, file: &str, states: usize) {
    let path = dir.join(file);
    let p = tws::parse(&std::fs::read_to_string(&path).unwrap(), file).unwrap();
    let chain = p.chain();
    let s = UniversalSolver::new(&p).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for _ in 0..states {
        let e = p.random_element(&chain, &mut rng);
        let sol = s.solve(&e).unwrap_or_else(|err| panic!("{file}: {err}"));
        assert!(solves(&p, &e, &sol.moves), "{file}");
    }
}

#[test]
fn interop_cube_and_superflip() {
    let Some(dir) = interop() else { return };
    solve_file(&dir, "3x3x3.tws", 3);
    let p = tws::parse(&std::fs::read_to_string(dir.join("3x3x3.tws")).unwrap(), "3x3x3.tws").unwrap();
    let s = UniversalSolver::new(&p).unwrap();
    let text = std::fs::read_to_string(dir.join("superflip.scr")).unwrap();
    for sc in tws::parse_scrambles(&text, "superflip.scr", &p).unwrap() {
        let sol = s.solve(&sc.element).unwrap();
        assert!(solves(&p, &sc.element, &sol.moves));
    }
}

/// Every built-in puzzle (and NxNxN up to 7) and every interop file, a few
/// random states each (about 25 s with `--release`). The Clock is left out:
/// its dials form no orbits of pieces to cycle, and its own solver
/// (`clock`) solves it optimally.
#[test]
#[ignore]
fn every_puzzle() {
    let mut names: Vec<String> = library::PUZZLES
        .iter()
        .map(|e| e.name.to_string())
        .filter(|n| n != "clock")
        .collect();
    names.extend((2..=7).map(|n| format!("{n}x{n}x{n}")));
    for name in &names {
        for seed in 0..3 {
            solve_random(name, seed);
        }
    }
    if let Some(dir) = interop() {
        for file in [
            "2x2x2.tws",
            "3x3x3.tws",
            "4x4x4.tws",
            "5x5x5.tws",
            "megaminx.tws",
            "pyraminx.tws",
            "skewb.tws",
        ] {
            solve_file(&dir, file, 3);
        }
    }
}
