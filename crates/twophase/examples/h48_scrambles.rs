//! The optimal search with H48's tables on seeded random scrambles, one
//! thread: for each, its optimal length and the nodes of its last depth
//! (the one that finds the solution, where the order of the search's tasks
//! matters), then the totals. The figures of BENCHMARKS.md's task-order
//! table; run the same command on two builds to compare them.
//!
//! ```text
//! H48_TABLES=~/.cache/cubist/optimal-h48-h4-depth10-base8-v3.tables \
//!     cargo run --release -p cubist-twophase --example h48_scrambles -- 150 17
//! ```
//!
//! The arguments are the number of scrambles (default 20) and their length
//! in moves (default 16); the scrambles are the same on every machine
//! (seed 7). `H48_TABLES` is a cache file of `cubist twisty solve 3x3x3
//! --method optimal` (h0, then an h_k table over it). `QUIET=1` prints the
//! totals only.

use cubist_twophase::h48::coord::Coords;
use cubist_twophase::h48::search::solve_hk;
use cubist_twophase::optimal::{CornerTable, OptimalOptions};
use cubist_twophase::{CubieCube, Move, Tables};
use rand::{Rng, SeedableRng};

#[path = "common/cache.rs"]
mod cache;

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let length: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(16);
    let quiet = std::env::var_os("QUIET").is_some();
    let (tables, corners, coords) = (Tables::global(), CornerTable::global(), Coords::global());
    let (h0, hk) = cache::from_env().expect("H48_TABLES names a cache file");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let options = OptimalOptions {
        threads: 1,
        ..OptimalOptions::default()
    };
    let (mut last_nodes, mut all_nodes) = (0u64, 0u64);
    let started = std::time::Instant::now();
    for _ in 0..count {
        let moves: Vec<Move> = (0..length).map(|_| Move::ALL[rng.random_range(0..18)]).collect();
        let cube = CubieCube::from_moves(&moves);
        let mut before = 0;
        let s = solve_hk(tables, corners, coords, &h0, &hk, &cube, &options, &mut |_, n| {
            before = n;
            true
        })
        .expect("a solvable state");
        last_nodes += s.nodes - before;
        all_nodes += s.nodes;
        if !quiet {
            print!("{}:{} ", s.solutions[0].len(), s.nodes - before);
        }
    }
    println!(
        "\n{count} scrambles of {length} moves: last depths {last_nodes} nodes, all {all_nodes} nodes, {:.2} s",
        started.elapsed().as_secs_f64()
    );
}
