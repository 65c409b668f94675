//! Batches for learning: drawing random 3x3x3 states into arrays, and
//! reading exact 2x2x2 distances from the God's-algorithm table (built once,
//! outside the timing), 100,000 states each.
// `criterion_group!` defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cubist_twisty::library;
use cubist_twisty_search::batch::Sampler;
use cubist_twisty_search::coord::{Indexer, Metric};
use cubist_twisty_search::god::DistanceTable;
use rayon::prelude::*;

const STATES: usize = 100_000;

fn batch(c: &mut Criterion) {
    let mut g = c.benchmark_group("batch");
    g.throughput(Throughput::Elements(STATES as u64));
    let cube = library::puzzle("3x3x3").unwrap();
    let sampler = Sampler::new(&cube).unwrap();
    g.bench_function("random 3x3x3 states", |b| {
        b.iter(|| sampler.draw(STATES, 1, None).unwrap())
    });
    let p = library::puzzle("2x2x2").unwrap();
    let table = DistanceTable::build(Indexer::full(&p, Metric::Htm).unwrap(), None).unwrap();
    let states = Sampler::new(&p)
        .unwrap()
        .draw(STATES, 1, None)
        .unwrap()
        .arranged(&p)
        .unwrap();
    g.bench_function("2x2x2 distances from the table", |b| {
        b.iter(|| {
            (0..STATES)
                .into_par_iter()
                .map(|row| table.distance(&states.state(&p, row).unwrap()).unwrap() as u64)
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = batch
}
criterion_main!(benches);
