//! The universal solver: planning a puzzle (`UniversalSolver::new`: orbit
//! order, commutator searches, setup tables) and solving random states with a
//! planned solver. A whole-process solve is about the sum of the two.
// `criterion_group!` defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_twisty::library;
use cubist_twisty_search::universal::UniversalSolver;
use rand::SeedableRng;

fn universal(c: &mut Criterion) {
    for name in ["3x3x3", "5x5x5", "7x7x7", "megaminx"] {
        let p = library::puzzle(name).unwrap();
        c.bench_function(&format!("universal new {name}"), |b| {
            b.iter(|| UniversalSolver::new(&p).unwrap())
        });
        let solver = UniversalSolver::new(&p).unwrap();
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let states: Vec<_> = (0..16).map(|_| p.random_element(&chain, &mut rng)).collect();
        let mut i = 0;
        c.bench_function(&format!("universal solve {name}"), |b| {
            b.iter(|| {
                i = (i + 1) % states.len();
                solver.solve(&states[i]).unwrap()
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = universal
}
criterion_main!(benches);
