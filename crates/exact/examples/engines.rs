//! Times each engine of `cubist exact` on one generated problem, in
//! process (the whole-process figures come from bench/exact-engines.sh).
//!
//! `cargo run --release -p cubist-exact --example engines -- PROBLEM [ENGINE [RUNS]]`
//! where PROBLEM is `pent6x10`, `langford12`, `queens12`, `dominoes8x8`,
//! with multiplicities `cyclesWxH` (dominoes covering each cell of a
//! W x H board twice) and `dominoes12WxH` (once or twice), or a DLX file
//! (`*.dlx`); with RUNS, the least time of that many runs
//! (for problems that take milliseconds, such as the 36 Cube).

use cubist_exact::problems::{dominoes, dominoes_between, langford, pentominoes, queens};
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
        // With multiplicities: dominoes covering every cell of a W x H
        // board twice (`cyclesWxH`), or once or twice (`dominoes12WxH`).
        multi if multi.starts_with("cycles") || multi.starts_with("dominoes12") => {
            let (lo, size) = match multi.strip_prefix("cycles") {
                Some(size) => (2, size),
                None => (1, &multi["dominoes12".len()..]),
            };
            let (w, h) = size.split_once('x').expect("a size WxH");
            dominoes_between(w.parse().expect("a width"), h.parse().expect("a height"), lo, 2).expect("bounds lo:2")
        }
        file if file.ends_with(".dlx") => {
            cubist_exact::parse_dlx(file, &std::fs::read_to_string(file).expect("a readable file")).expect("a DLX file")
        }
        _ => dominoes(8, 8),
    };
    let engines: Vec<Engine> = match std::env::args().nth(2) {
        Some(e) => vec![serde_json::from_value(serde_json::Value::String(e)).expect("an engine name")],
        None => vec![Engine::Links, Engine::Bits, Engine::Memo, Engine::Cells, Engine::Auto],
    };
    let runs: usize = std::env::args()
        .nth(3)
        .map_or(1, |r| r.parse().expect("a number of runs"));
    for engine in engines {
        let mut best = f64::INFINITY;
        let mut out = None;
        for _ in 0..runs.max(1) {
            let t = Instant::now();
            let o = solve_with(&p, Mode::Count, engine, 1, None, None);
            best = best.min(t.elapsed().as_secs_f64());
            out = Some(o);
        }
        let Some(Ok(out)) = out else {
            println!("{name} {engine}: refused");
            continue;
        };
        println!(
            "{name} {engine}: {} solutions, {} nodes, {:.4} s ({}: {}) {:?}",
            out.stats.solutions, out.stats.nodes, best, out.engine, out.reason, out.memo
        );
    }
}
