//! The three search methods (blind, heuristic, number) on McDonnell's sets
//! `nu` (one solution) and the 22-solution set, all solutions with all
//! counts, through the public `solve`. Target: blind under 50 µs.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use cubist_cube::parse_cube_set;
use cubist_stack::{solve, Instance, Method, SolveOptions};
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

criterion_group!(benches, search);
criterion_main!(benches);
