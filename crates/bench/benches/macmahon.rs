//! Criterion benchmarks of the target puzzle: the solution number of one
//! collection for one target (graph model and direct count), Table 1 for one
//! target, Table 2 over all 5,852,925 collections, and the 2^30 spectrum.
//! Results: docs/bench/target.md (`cargo bench -p cubist-bench --bench macmahon`).

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_macmahon::census::{table1, table2};
use cubist_macmahon::macmahon::CubeId;
use cubist_macmahon::solve::{count_direct, solution_number};
use cubist_macmahon::spectrum::{spectrum, Options};
use std::hint::black_box;

fn ids(names: [&str; 8]) -> [CubeId; 8] {
    names.map(|n| CubeId::from_name(n).expect("a name"))
}

fn solution_numbers(c: &mut Criterion) {
    let ba = CubeId::from_name("Ba").expect("Ba");
    // Four 2-cycles (16), a tree with the target as wildcard (16), a long cycle (2).
    let cases = [
        ("conway_eight", ids(["Ac", "Ad", "Ae", "Af", "Cb", "Db", "Eb", "Fb"])),
        ("with_target", ids(["Ac", "Cb", "Ad", "Db", "Ba", "Cd", "Ce", "Fe"])),
        ("figure6_for_cb", ids(["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"])),
    ];
    let mut g = c.benchmark_group("solution_number");
    for (name, w) in cases {
        let t = if name == "figure6_for_cb" {
            CubeId::from_name("Cb").expect("Cb")
        } else {
            ba
        };
        g.bench_function(format!("graph/{name}"), |b| {
            b.iter(|| solution_number(black_box(t), black_box(&w)))
        });
        g.bench_function(format!("direct/{name}"), |b| {
            b.iter(|| count_direct(black_box(t), black_box(&w)))
        });
    }
    g.finish();
}

fn censuses(c: &mut Criterion) {
    let mut g = c.benchmark_group("census");
    g.sample_size(10);
    let ba = CubeId::from_name("Ba").expect("Ba");
    g.bench_function("table1_ba", |b| b.iter(|| table1(black_box(ba))));
    g.bench_function("table2", |b| b.iter(table2));
    g.bench_function("spectrum_2^30", |b| {
        b.iter(|| spectrum(&Options::default()).expect("sweep"))
    });
    g.finish();
}

// criterion_group! defines a public function it cannot document.
#[allow(missing_docs)]
mod group {
    use super::*;
    criterion_group!(benches, solution_numbers, censuses);
}
use group::benches;
criterion_main!(benches);
