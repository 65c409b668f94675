//! Times `StabChain::new` on the bench puzzles, for CPU-time measurements under
//! `/usr/bin/time` (see `docs/bench/perm.md`):
//! `cargo run --release -p cubist-perm --example time_orders -- 3 5 0`
//! (an argument `n >= 2` is the n x n x n cube, `0` the megaminx).

use cubist_perm::StabChain;

#[path = "../tests/it/support.rs"]
mod support;

fn main() {
    for arg in std::env::args().skip(1) {
        let Ok(n) = arg.parse::<i32>() else {
            eprintln!("time_orders: {arg:?} is not a number (n >= 2 for the n x n x n cube, 0 for the megaminx)");
            std::process::exit(2);
        };
        let gens = if n == 0 {
            support::megaminx_generators()
        } else {
            support::cube_generators(n)
        };
        let degree = gens[0].degree();
        let start = std::time::Instant::now();
        let chain = StabChain::new(degree, &gens);
        let elapsed = start.elapsed();
        println!(
            "{}: degree {degree}, base length {}, {elapsed:?}, order {}",
            if n == 0 {
                "megaminx".to_string()
            } else {
                format!("{n}x{n}x{n}")
            },
            chain.base().len(),
            chain.order()
        );
    }
}
