//! The speeds the placement issue names: the 36 Cube (all 96 solutions),
//! the order-6 non-existence proof, an orthogonal pair of order 10, the
//! reduced Latin squares of order 6; and the 36 Cube's exact cover on the
//! `dlx` crate for comparison.

// `criterion_group!` defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_exact::Dlx;
use cubist_place::{cube36, latin, officers};

#[path = "common/dlx_crate.rs"]
mod dlx_crate;

/// The `dlx` crate's Algorithm X, options in their order: (solutions, updates).
fn dlx_count(spec: &dlx::Spec) -> (u64, u64) {
    dlx_crate::count(&mut dlx::x::Problem::from_spec(spec, dlx::OptOrder::Seq).expect("a valid problem"))
}

fn benches(c: &mut Criterion) {
    let board = cube36::Board::real();
    let (p, _) = cube36::problem(&board, &(0..6).collect::<Vec<_>>());
    let spec = dlx_crate::spec(&p);
    dlx_crate::side_by_side("cube36", &p, dlx_count(&spec));
    let mut g = c.benchmark_group("cube36");
    g.bench_function("all_96_solutions", |b| b.iter(|| cube36::solve(&board).len()));
    g.bench_function("all_96_solutions_no_symmetry", |b| {
        b.iter(|| cube36::solve_exhaustive(&board).len())
    });
    g.bench_function("count_cubist", |b| b.iter(|| Dlx::new(&p).count()));
    g.bench_function("count_dlx_crate", |b| b.iter(|| dlx_count(&spec).0));
    g.finish();
    let mut g = c.benchmark_group("officers");
    g.sample_size(10);
    g.bench_function("order_6_proof", |b| b.iter(|| officers::nonexistence(6).exists));
    g.bench_function("order_10_pair", |b| b.iter(|| officers::construct(10).is_some()));
    g.finish();
    let mut g = c.benchmark_group("latin");
    g.sample_size(10);
    g.bench_function("reduced_order_6", |b| b.iter(|| latin::count_reduced(6)));
    g.finish();
}

criterion_group!(place, benches);
criterion_main!(place);
