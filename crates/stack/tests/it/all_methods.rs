//! Every stacking method (blind, heuristic, number, graph, exact) against
//! every other, on the seeds' sets and on random instances: identical counts,
//! identical solution lists, and every listed tower accepted by the
//! independent checker.

use crate::support::example;
use cubist_cube::{Colour, Cube, CubeSet, Palette};
use cubist_stack::{check, solve, Counts, Instance, Method, Mode, SolveOptions};
use proptest::prelude::*;

fn all_methods(inst: &Instance) -> Counts {
    let opts = SolveOptions::default();
    let reference = solve(inst, Method::Graph, &opts);
    let counts = reference.counts.expect("counts in Mode::All");
    for tower in &reference.solutions {
        check(inst, tower).unwrap();
    }
    assert_eq!(reference.solutions.len() as u128, counts.distinct);
    for m in Method::ALL {
        let r = solve(inst, m, &opts);
        assert_eq!(r.counts, Some(counts), "{} disagrees with graph", m.name());
        assert_eq!(r.solutions, reference.solutions, "{} lists other solutions", m.name());
        let first = solve(
            inst,
            m,
            &SolveOptions {
                mode: Mode::First,
                explain: false,
                ..Default::default()
            },
        );
        assert_eq!(
            first.solutions.len(),
            usize::from(counts.distinct > 0),
            "{} --first",
            m.name()
        );
        for t in &first.solutions {
            check(inst, t).unwrap();
        }
    }
    counts
}

#[test]
fn seed_sets_agree_across_methods() {
    // Values computed independently by a brute force over all 24^4 rotation tuples.
    let expect = |o, p, d, m| Counts {
        orientations: o,
        patterns: p,
        distinct: d,
        mcdonnell: m,
    };
    assert_eq!(all_methods(&example("nu.cubes")), expect(32, 8, 1, 1));
    assert_eq!(all_methods(&example("mcdonnell22.cubes")), expect(352, 176, 22, 22));
    assert_eq!(all_methods(&example("instant-insanity.cubes")), expect(8, 8, 1, 1));
}

/// A random set of `n` cubes on `n` colours; with `plant`, a solution is
/// hidden first (sides from two random permutations per side pair) so that a
/// good share of the instances are solvable.
fn instance(n: usize, plant: bool, faces: Vec<u16>, perms: Vec<u16>) -> Instance {
    let palette = Palette::from_names((1..=n).map(|i| i.to_string()));
    let cubes = (0..n)
        .map(|i| {
            let mut f: [u16; 6] = std::array::from_fn(|k| faces[6 * i + k] % n as u16);
            if plant {
                // Side columns: F = p0, B = p1, L = p2, R = p3, each a permutation of 0..n.
                for (side, slot) in f.iter_mut().take(4).enumerate() {
                    *slot = perms[side * n + i];
                }
            }
            Cube::new(f.map(Colour))
        })
        .collect();
    Instance::new(CubeSet::new(palette, cubes))
}

fn permutations(n: usize) -> impl Strategy<Value = Vec<u16>> {
    proptest::collection::vec(Just((0..n as u16).collect::<Vec<_>>()).prop_shuffle(), 4).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn methods_agree_on_random_sets(
        (n, faces, perms, plant) in (1usize..=6).prop_flat_map(|n| (
            Just(n),
            proptest::collection::vec(0u16..n as u16, 6 * n),
            permutations(n),
            any::<bool>(),
        ))
    ) {
        let inst = instance(n, plant, faces, perms);
        let counts = all_methods(&inst);
        if plant {
            prop_assert!(counts.distinct >= 1);
        }
    }
}
