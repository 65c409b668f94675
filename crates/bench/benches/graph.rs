//! The graph method: all solutions with all counts of the 4-cube example
//! sets (target: under 5 µs; blind beside it, target under 50 µs), the first
//! solution of planted sets (target at 1000 cubes: under 1 s), and the
//! decision of uniform random sets.
//!
//! Uniform sets (every face uniform over n colours) are mostly answered by
//! the quick colour test; `uniform_hard` takes the first seed whose set
//! passes it, so the search really runs.

// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use cubist_cube::parse_cube_set;
use cubist_stack::{random, solve, Instance, Method, Mode, SolveOptions, Switches};
use std::hint::black_box;

fn example(name: &str) -> Instance {
    let path = format!("{}/../../examples/{name}.cubes", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Instance::new(parse_cube_set(&bytes, &path).expect("example parses"))
}

const FIRST: SolveOptions = SolveOptions {
    mode: Mode::First,
    explain: false,
    switches: Switches::ON,
};

fn all_solutions(c: &mut Criterion) {
    let mut group = c.benchmark_group("all4");
    for name in ["nu", "mcdonnell22", "instant-insanity"] {
        let inst = example(name);
        for m in [Method::Graph, Method::Blind] {
            group.bench_with_input(BenchmarkId::new(m.name(), name), &inst, |b, inst| {
                b.iter(|| solve(black_box(inst), m, &SolveOptions::default()))
            });
        }
    }
    // Counts only (no list): what the listing costs on top.
    let inst = example("mcdonnell22");
    let count = SolveOptions {
        mode: Mode::Count,
        explain: false,
        ..Default::default()
    };
    group.bench_function("graph_count/mcdonnell22", |b| {
        b.iter(|| solve(black_box(&inst), Method::Graph, &count))
    });
    group.finish();
}

fn planted_first(c: &mut Criterion) {
    let mut group = c.benchmark_group("planted_first");
    group.sample_size(10);
    for n in [20, 40, 60] {
        let inst = Instance::new(random::planted(n, 0));
        group.bench_with_input(BenchmarkId::new("graph", n), &inst, |b, inst| {
            b.iter(|| solve(black_box(inst), Method::Graph, &FIRST))
        });
    }
    // From 100 cubes on: the guided hidden-axes search (the goal:
    // 1000 cubes within a second).
    for n in [200, 1000] {
        let inst = Instance::new(random::planted(n, 1));
        group.bench_with_input(BenchmarkId::new("graph", n), &inst, |b, inst| {
            b.iter(|| solve(black_box(inst), Method::Graph, &FIRST))
        });
    }
    group.finish();
}

fn uniform_decide(c: &mut Criterion) {
    let mut group = c.benchmark_group("uniform_hard");
    for n in [20, 30, 40] {
        let inst = (0..)
            .map(|seed| Instance::new(random::uniform(n, n, seed)))
            .find(|i| i.quick_reason().is_none())
            .expect("some seed passes the quick test");
        group.bench_with_input(BenchmarkId::new("graph", n), &inst, |b, inst| {
            b.iter(|| solve(black_box(inst), Method::Graph, &FIRST))
        });
    }
    group.finish();
}

criterion_group!(benches, all_solutions, planted_first, uniform_decide);
criterion_main!(benches);
