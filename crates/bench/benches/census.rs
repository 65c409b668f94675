//! Criterion benchmarks of the full stacking censuses K = 4, 5, 6 (N = K):
//! 814,385, 17,259,390 and 593,775 sets. Results: docs/bench/census.md.

// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_stack::census::{census, CensusOptions};
use std::hint::black_box;

fn censuses(c: &mut Criterion) {
    let mut g = c.benchmark_group("census");
    g.sample_size(10);
    for k in [4, 5, 6] {
        g.bench_function(format!("k{k}"), |b| {
            b.iter(|| census(black_box(k), k, &CensusOptions::default()).expect("census runs"))
        });
    }
    g.finish();
}

criterion_group!(benches, censuses);
criterion_main!(benches);
