//! Times each engine of `cubist exact` on one generated problem, in
//! process (the whole-process figures come from bench/exact-engines.sh).
//!
//! `cargo run --release -p cubist-exact --example engines -- PROBLEM`
//! where PROBLEM is `pent6x10`, `langford12`, `queens12`, `dominoes8x8`.

use cubist_exact::problems::{dominoes, langford, pentominoes, queens};
use cubist_exact::{solve_with, Engine, Mode};
use std::time::Instant;

fn main() {
    let name = std::env::args().nth(1).unwrap_or_else(|| "dominoes8x8".into());
    let p = match name.as_str() {
        "pent6x10" => pentominoes(10, 6, true),
        "langford12" => langford(12),
        "queens12" => queens(12),
        "queens14" => queens(14),
        "dominoes10x10" => dominoes(10, 10),
        _ => dominoes(8, 8),
    };
    let engines: Vec<Engine> = match std::env::args().nth(2) {
        Some(e) => vec![serde_json::from_value(serde_json::Value::String(e)).expect("an engine name")],
        None => vec![Engine::Links, Engine::Bits, Engine::Memo, Engine::Auto],
    };
    for engine in engines {
        let t = Instant::now();
        let out = solve_with(&p, Mode::Count, engine, 1, None, None).expect("a count");
        println!(
            "{name} {engine}: {} solutions, {} nodes, {:.3} s ({}: {}) {:?}",
            out.stats.solutions,
            out.stats.nodes,
            t.elapsed().as_secs_f64(),
            out.engine,
            out.reason,
            out.memo
        );
    }
}
