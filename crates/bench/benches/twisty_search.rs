//! God's algorithm and optimal solving on the 2x2x2 with moves U, R, F: the
//! whole computation without process start-up (index, move tables, search;
//! for optimal, the pattern databases built in memory plus five solves).
// `criterion_group!` defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_twisty::{library, tws};
use cubist_twisty_search::coord::Metric;
use cubist_twisty_search::god;
use cubist_twisty_search::optimal::{OptimalSolver, Options};

fn search(c: &mut Criterion) {
    let p = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
    c.bench_function("god 2x2x2 URF htm", |b| b.iter(|| god::run(&p, Metric::Htm).unwrap()));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/2x2x2-urf-random.scr");
    let text = std::fs::read_to_string(path).unwrap();
    let scrambles = tws::parse_scrambles(&text, path, &p).unwrap();
    c.bench_function("optimal 2x2x2 URF five random states", |b| {
        b.iter(|| {
            let solver = OptimalSolver::new(&p, &Options::default()).unwrap();
            scrambles
                .iter()
                .map(|s| solver.solve(&s.element).unwrap().len())
                .sum::<usize>()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = search
}
criterion_main!(benches);
