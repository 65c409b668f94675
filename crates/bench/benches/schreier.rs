//! Criterion benches: Schreier-Sims group orders of n x n x n cubes (sticker
//! generators built from coordinates in `tests/support`) and the megaminx.
// `criterion_group!` defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_perm::StabChain;

#[path = "../../perm/tests/it/support.rs"]
mod support;

fn orders(c: &mut Criterion) {
    for n in [2, 3, 4, 5, 7] {
        let gens = support::cube_generators(n);
        let degree = gens[0].degree();
        c.bench_function(&format!("order_{n}x{n}x{n}"), |b| {
            b.iter(|| StabChain::new(degree, &gens).order())
        });
    }
    let mega = support::megaminx_generators();
    c.bench_function("order_megaminx", |b| b.iter(|| StabChain::new(132, &mega).order()));
}

criterion_group!(benches, orders);
criterion_main!(benches);
