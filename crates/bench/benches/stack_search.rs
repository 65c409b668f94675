//! The three search methods (blind, heuristic, number) on McDonnell's sets
//! `nu` (one solution) and the 22-solution set, all solutions with all
//! counts, through the public `solve`. Target: blind under 50 µs.
//! A second group runs the three methods on a planted 8-cube, 8-colour set
//! (deterministic seed), where the search sizes of the methods part ways.

// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use cubist_cube::{parse_cube_set, Cube, CubeSet, Palette, Rotation};
use cubist_stack::{solve, Instance, Method, SolveOptions};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn example(name: &str) -> Instance {
    let path = format!("{}/../../examples/{name}.cubes", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Instance::new(parse_cube_set(&bytes, &path).expect("example parses"))
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    for name in ["nu", "mcdonnell22"] {
        let inst = example(name);
        for m in [Method::Blind, Method::Heuristic, Method::Number] {
            group.bench_with_input(BenchmarkId::new(m.name(), name), &inst, |b, inst| {
                b.iter(|| solve(black_box(inst), m, &SolveOptions::default()))
            });
        }
    }
    group.finish();
}

/// n cubes, n colours, with a solution planted (each side a random
/// permutation of the colours, top and bottom random, every cube turned).
fn planted(n: usize, seed: u64) -> Instance {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cols: Vec<Vec<u16>> = (0..4).map(|_| (0..n as u16).collect()).collect();
    for c in &mut cols {
        c.shuffle(&mut rng);
    }
    let cubes = (0..n)
        .map(|i| {
            let t = rng.random_range(0..n as u16);
            let d = rng.random_range(0..n as u16);
            let faces = [cols[0][i], cols[1][i], cols[2][i], cols[3][i], t, d];
            Cube::from_indices(faces).rotated(Rotation::from_index(rng.random_range(0..24)).expect("0..24"))
        })
        .collect();
    Instance::new(CubeSet::new(
        Palette::from_names((0..n).map(|i| format!("c{i}"))),
        cubes,
    ))
}

fn search_planted(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_planted");
    let inst = planted(8, 7);
    for m in [Method::Blind, Method::Heuristic, Method::Number] {
        group.bench_with_input(BenchmarkId::new(m.name(), "n8"), &inst, |b, inst| {
            b.iter(|| solve(black_box(inst), m, &SolveOptions::default()))
        });
    }
    group.finish();
}

criterion_group!(benches, search, search_planted);
criterion_main!(benches);
