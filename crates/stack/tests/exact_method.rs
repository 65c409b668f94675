//! The exact-cover method against the blind one: identical counts and
//! solution lists on the seeds' sets and on random sets, every listed tower
//! accepted by the independent checker.

use cubist_cube::{parse_cube_set, Colour, Cube, CubeSet, Palette};
use cubist_stack::{check, solve, Counts, Instance, Method, Mode, SolveOptions};
use proptest::prelude::*;

fn exact_equals_blind(inst: &Instance) -> Counts {
    let opts = SolveOptions::default();
    let blind = solve(inst, Method::Blind, &opts);
    let exact = solve(inst, Method::Exact, &opts);
    assert_eq!(exact.method, Method::Exact);
    assert_eq!(exact.counts, blind.counts);
    assert_eq!(exact.solutions, blind.solutions);
    for t in &exact.solutions {
        check(inst, t).unwrap();
    }
    let first = solve(
        inst,
        Method::Exact,
        &SolveOptions {
            mode: Mode::First,
            explain: false,
        },
    );
    let counts = exact.counts.expect("counts in Mode::All");
    assert_eq!(first.solutions.len(), usize::from(counts.distinct > 0));
    for t in &first.solutions {
        check(inst, t).unwrap();
    }
    counts
}

fn example(name: &str) -> Instance {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap();
    Instance::new(parse_cube_set(&bytes, &path).unwrap())
}

#[test]
fn seed_sets() {
    let expect = |o, p, d, m| Counts {
        orientations: o,
        patterns: p,
        distinct: d,
        mcdonnell: m,
    };
    assert_eq!(exact_equals_blind(&example("nu.cubes")), expect(32, 8, 1, 1));
    assert_eq!(
        exact_equals_blind(&example("mcdonnell22.cubes")),
        expect(352, 176, 22, 22)
    );
    assert_eq!(
        exact_equals_blind(&example("instant-insanity.cubes")),
        expect(8, 8, 1, 1)
    );
}

/// A random set of `n` cubes on `n` colours, with a planted solution when
/// `plant` (sides from four random permutations).
fn instance(n: usize, plant: bool, faces: Vec<u16>, perms: Vec<u16>) -> Instance {
    let palette = Palette::from_names((1..=n).map(|i| i.to_string()));
    let cubes = (0..n)
        .map(|i| {
            let mut f: [u16; 6] = std::array::from_fn(|k| faces[6 * i + k] % n as u16);
            if plant {
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
    fn random_sets(
        (n, faces, perms, plant) in (1usize..=6).prop_flat_map(|n| (
            Just(n),
            proptest::collection::vec(0u16..n as u16, 6 * n),
            permutations(n),
            any::<bool>(),
        ))
    ) {
        let inst = instance(n, plant, faces, perms);
        let counts = exact_equals_blind(&inst);
        if plant {
            prop_assert!(counts.distinct >= 1);
        }
    }
}
