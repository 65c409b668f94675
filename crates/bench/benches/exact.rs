//! cubist's engine against the `dlx` crate on Knuth's benchmark problems:
//! 12 queens and the pentominoes in the 6 x 10 box. Before timing, each
//! problem is solved once by both and the solution counts and update counts
//! are printed and compared, and the bit-set engine ([`BitCover`]) is
//! timed beside them. (Knuth's own DLX1/DLX2 are compared by whole
//! processes on the same DLX files; see docs/bench/place.md.)

// `criterion_group!` defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_exact::problems::{pentominoes, queens};
use cubist_exact::{BitCover, Dlx, Problem};

#[path = "common/dlx_crate.rs"]
mod dlx_crate;

/// The `dlx` crate's Algorithm C (X with secondary items): (solutions, updates).
fn dlx_count(spec: &dlx::Spec) -> (u64, u64) {
    dlx_crate::count(&mut dlx::c::Problem::from_spec(spec).expect("a valid problem"))
}

fn compare(c: &mut Criterion, name: &str, p: &Problem) {
    let spec = dlx_crate::spec(p);
    let theirs = dlx_count(&spec);
    let (ours, updates) = dlx_crate::side_by_side(name, p, theirs);
    assert_eq!((ours, updates), theirs);
    let bits = BitCover::new(p).expect("at most 256 items, no multiplicities");
    assert_eq!(bits.count(), ours, "{name}: the bit-set engine");
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    g.bench_function("cubist", |b| b.iter(|| Dlx::new(p).count()));
    g.bench_function("cubist_2_threads", |b| b.iter(|| cubist_exact::count_parallel(p).0));
    g.bench_function("dlx_crate", |b| b.iter(|| dlx_count(&spec).0));
    g.bench_function("bit_sets", |b| b.iter(|| bits.count()));
    g.finish();
}

fn benches(c: &mut Criterion) {
    compare(c, "queens_12", &queens(12));
    compare(c, "pentominoes_6x10", &pentominoes(10, 6, true));
}

criterion_group!(exact, benches);
criterion_main!(exact);
