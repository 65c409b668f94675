//! Group orders of built-in puzzles, from the name: geometry derivation plus the
//! complete Schreier-Sims chain (what `cubist twisty analyze --order-only` does,
//! without process start-up), and the full analysis.
// `criterion_group!` defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_twisty::{analysis, library};

fn orders(c: &mut Criterion) {
    for name in ["3x3x3", "megaminx", "5x5x5"] {
        c.bench_function(&format!("order {name}"), |b| {
            b.iter(|| library::puzzle(name).unwrap().order())
        });
    }
    for name in ["3x3x3", "4x4x4"] {
        c.bench_function(&format!("analyze {name}"), |b| {
            b.iter(|| analysis::analyze(&library::puzzle(name).unwrap()))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = orders
}
criterion_main!(benches);
