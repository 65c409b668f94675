//! The solid cube solved shell by shell: random scrambles of the 1x1x1 to
//! 5x5x5 (odd and even), each answer re-checked here by a separate model of
//! the solid cube. The checker shares nothing with the solver: it reads the
//! move names itself, moves cubelets with Eidswick's coordinate formulas, and
//! tracks each cubelet by its centre and two marker points (so a cubelet
//! home but turned is caught), not by positions and rotation matrices.

use cubist_twisty_search::shells::{SolidCube, MAX_N};
use proptest::prelude::*;

/// A cubelet: its centre and two marker points, coordinates times 4 of the
/// doubled ones (centres at multiples of 4, markers one unit off).
type Marked = [[i64; 3]; 3];

struct Checker {
    n: i64,
    cubelets: Vec<Marked>,
}

impl Checker {
    fn new(n: usize) -> Checker {
        let n = n as i64;
        let coords: Vec<i64> = (0..n).map(|i| 4 * (2 * i - (n - 1))).collect();
        let mut cubelets = Vec::new();
        for &x in &coords {
            for &y in &coords {
                for &z in &coords {
                    cubelets.push([[x, y, z], [x + 1, y, z], [x, y + 1, z]]);
                }
            }
        }
        Checker { n, cubelets }
    }

    /// One token: `[depth]face[2]['] ` or a slice `M E S`.
    fn token(&mut self, t: &str) {
        let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
        let rest = &t[digits.len()..];
        let mut chars = rest.chars();
        let face = chars.next().expect("a face letter");
        let suffix: String = chars.collect();
        let depth: i64 = if digits.is_empty() { 1 } else { digits.parse().unwrap() };
        let quarters = match suffix.as_str() {
            "" => 1,
            "2" => 2,
            "'" => 3,
            "2'" => 2,
            other => panic!("power {other:?}"),
        };
        let outer = 4 * (self.n - 1);
        // (axis, layer coordinate, clockwise as seen from +axis?)
        let (axis, at, plus) = match face {
            'R' => (0, outer - 8 * (depth - 1), true),
            'L' => (0, -outer + 8 * (depth - 1), false),
            'U' => (1, outer - 8 * (depth - 1), true),
            'D' => (1, -outer + 8 * (depth - 1), false),
            'F' => (2, outer - 8 * (depth - 1), true),
            'B' => (2, -outer + 8 * (depth - 1), false),
            'M' => (0, 0, false),
            'E' => (1, 0, false),
            'S' => (2, 0, true),
            other => panic!("face {other:?}"),
        };
        let turns = if plus { quarters } else { 4 - quarters };
        for _ in 0..turns {
            for c in &mut self.cubelets {
                if c[0][axis] != at {
                    continue;
                }
                for p in c.iter_mut() {
                    let [i, j, k] = *p;
                    // Eidswick: X (i,j,k) -> (i,k,-j), Y -> (-k,j,i), Z -> (j,-i,k).
                    *p = match axis {
                        0 => [i, k, -j],
                        1 => [-k, j, i],
                        _ => [j, -i, k],
                    };
                }
            }
        }
    }

    fn run(&mut self, moves: &[String]) {
        for t in moves {
            self.token(t);
        }
    }

    /// Every cubelet whose home centre has max-norm (doubled) at most `edge`
    /// is home, markers included.
    fn home_within(&self, edge: i64) -> bool {
        let fresh = Checker::new(self.n as usize);
        fresh
            .cubelets
            .iter()
            .zip(&self.cubelets)
            .filter(|(h, _)| h[0].iter().all(|x| x.abs() <= 4 * edge))
            .all(|(h, c)| h == c)
    }
}

/// Solves, then replays scramble and stages in the checker; every stage's
/// claims must hold there too.
fn check(n: usize, seed: u64) {
    let cube = SolidCube::new(n).unwrap();
    let scramble = cube.random_scramble(seed, 10 * n);
    let sol = cube.solve(&scramble).unwrap();
    let mut c = Checker::new(n);
    c.run(&sol.scramble);
    assert_eq!(sol.stages.len(), n.div_ceil(2), "n = {n}");
    for (i, st) in sol.stages.iter().enumerate() {
        assert_eq!(st.n, 2 - n % 2 + 2 * i);
        c.run(&st.moves);
        let edge = st.n as i64 - 1;
        assert!(st.inside_home && st.sub_cube_home, "n = {n} seed {seed} stage {}", st.n);
        assert!(c.home_within(edge - 2), "inside, n = {n} seed {seed} stage {}", st.n);
        assert!(c.home_within(edge), "sub-cube, n = {n} seed {seed} stage {}", st.n);
    }
    assert!(sol.solved);
    assert!(c.home_within(n as i64 - 1));
    let joined: Vec<String> = sol.stages.iter().flat_map(|s| s.moves.clone()).collect();
    assert_eq!(joined, sol.moves);
}

#[test]
fn small_cubes() {
    for seed in 0..4 {
        check(1, seed);
        check(2, seed);
        check(3, seed);
    }
}

#[test]
fn four_and_five() {
    for seed in 0..2 {
        check(4, seed);
        check(5, seed);
    }
}

/// The checker itself: a scramble and its inverse leave every cubelet home,
/// a single slice does not (it turns the core of an odd cube in place).
#[test]
fn checker_sees_turned_cubelets() {
    let mut c = Checker::new(3);
    c.run(&["M".to_string()]);
    assert!(!c.home_within(0), "the core is turned by M");
    c.run(&["M'".to_string()]);
    assert!(c.home_within(2));
}

#[test]
fn sizes_bounded() {
    let e = SolidCube::new(MAX_N + 1).unwrap_err();
    assert_eq!(e.kind(), cubist_io::ErrorKind::Limit);
    assert!(SolidCube::new(0).is_err());
}

/// Larger cubes: a few seconds each on a loaded 2-core machine.
#[test]
#[ignore]
fn six_and_seven() {
    check(6, 1);
    check(7, 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn random_threes_and_fours(seed in any::<u64>(), four in any::<bool>()) {
        check(if four { 4 } else { 3 }, seed);
    }
}
