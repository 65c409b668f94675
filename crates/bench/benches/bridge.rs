//! The 3x3x3 bridge's own cost, without the search: building the tables
//! once per puzzle, and per state the cubie cube of a state, the state of
//! a facelet string and the string of a state. The picture of a state is
//! measured beside them: it was the first step of the bridge it replaced.
// `criterion_group!` defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_twisty::{library, picture, tws};
use cubist_twisty_search::twophase::Bridge;
use rand::SeedableRng;

fn bridge(c: &mut Criterion) {
    let p = library::puzzle("3x3x3").unwrap();
    let state = p.random_element(&p.chain(), &mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
    c.bench_function("bridge: find (once per puzzle)", |b| {
        b.iter(|| Bridge::find(&p).unwrap())
    });
    let bridge = Bridge::find(&p).unwrap();
    let text = bridge.facelets(&state).unwrap();
    c.bench_function("bridge: state to cubie cube", |b| {
        b.iter(|| bridge.cube(&state).unwrap())
    });
    c.bench_function("bridge: facelet string to state", |b| {
        b.iter(|| bridge.state_from_facelets("s", &text).unwrap())
    });
    c.bench_function("bridge: state to facelet string", |b| {
        b.iter(|| bridge.facelets(&state).unwrap())
    });
    c.bench_function("picture of a state (the old bridge's first step)", |b| {
        b.iter(|| picture::picture(&p, &state))
    });
    let file = tws::parse(&tws::write(&p), "cube.tws").unwrap();
    c.bench_function("bridge: find for a 3x3x3 without geometry", |b| {
        b.iter(|| Bridge::find(&file).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bridge
}
criterion_main!(benches);
