//! A brute force the stacking tests share: every one of the 24^n rotation
//! tuples through the independent checker.

use cubist_cube::Rotation;
use cubist_stack::{canonical, check, mcdonnell_count, Counts, Instance, Tower};
use std::collections::HashSet;

/// All four counts by brute force: every rotation tuple through
/// [`check`]; patterns and their canonical forms collected. For n <= 4.
pub fn brute(inst: &Instance) -> Counts {
    let n = inst.n();
    let mut orientations = 0;
    let mut patterns = HashSet::new();
    for code in 0..24usize.pow(n as u32) {
        let tower: Tower = (0..n)
            .map(|i| {
                let r = Rotation::from_index(code / 24usize.pow(i as u32) % 24).unwrap();
                let f = inst.cubes()[i].rotated(r).faces;
                [f[0], f[1], f[2], f[3]]
            })
            .collect();
        if check(inst, &tower).is_ok() {
            orientations += 1;
            patterns.insert(tower);
        }
    }
    let distinct: HashSet<Tower> = patterns.iter().map(|p| canonical(p)).collect();
    Counts {
        orientations,
        patterns: patterns.len() as u128,
        distinct: distinct.len() as u128,
        mcdonnell: mcdonnell_count(inst),
    }
}

/// An example set from the repository's `examples/` folder.
pub fn example(name: &str) -> Instance {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Instance::new(cubist_cube::parse_cube_set(&bytes, &path).expect("example parses"))
}

/// A random instance with n cubes and n colours; when `plant`, a solution is
/// built first (each side a random permutation of the colours) and every cube
/// is then turned at random, so the set is solvable.
pub fn random_instance(n: usize, plant: bool, seed: u64) -> Instance {
    use cubist_cube::{Cube, CubeSet, Palette};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut cols: Vec<Vec<u16>> = (0..4).map(|_| (0..n as u16).collect()).collect();
    for c in &mut cols {
        c.shuffle(&mut rng);
    }
    let cubes = (0..n)
        .map(|i| {
            let mut faces: [u16; 6] = std::array::from_fn(|_| rng.random_range(0..n as u16));
            if plant {
                for s in 0..4 {
                    faces[s] = cols[s][i];
                }
            }
            let r = Rotation::from_index(rng.random_range(0..24)).unwrap();
            Cube::from_indices(faces).rotated(r)
        })
        .collect();
    let names: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
    Instance::new(CubeSet::new(Palette::from_names(names), cubes))
}
