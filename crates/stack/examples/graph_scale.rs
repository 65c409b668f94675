//! How far the graph method's first-solution search scales: decides random
//! instances (`planted` or `uniform`, n cubes on n colours) for a range of
//! seeds and prints, per instance, the answer, the search nodes and the
//! time, then the median and the worst time.
//!
//! ```text
//! cargo run -p cubist-stack --release --example graph_scale -- planted 1000 10
//! cargo run -p cubist-stack --release --example graph_scale -- uniform 40 100 [--hard]
//! ```
//!
//! `--hard` keeps only uniform sets that pass the quick colour test (every
//! colour on at least 4 faces): the others are answered without a search.

use cubist_stack::{random, solve, Instance, Method, Mode, SolveOptions};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: graph_scale planted|uniform N SEEDS [--hard] [--quiet]";
    let kind = args.first().expect(usage).clone();
    let n: usize = args.get(1).expect(usage).parse().expect("N");
    let seeds: u64 = args.get(2).expect(usage).parse().expect("SEEDS");
    let hard = args.iter().any(|a| a == "--hard");
    let quiet = args.iter().any(|a| a == "--quiet");
    let opts = SolveOptions {
        mode: Mode::First,
        explain: false,
        ..Default::default()
    };
    let mut times = Vec::new();
    let (mut solved, mut unsolvable) = (0, 0);
    let mut seed = 0;
    while (times.len() as u64) < seeds {
        let set = match kind.as_str() {
            "planted" => random::planted(n, seed),
            "uniform" => random::uniform(n, n, seed),
            _ => panic!("{usage}"),
        };
        seed += 1;
        let inst = Instance::new(set);
        if hard && inst.quick_reason().is_some() {
            continue;
        }
        let start = Instant::now();
        let r = solve(&inst, Method::Graph, &opts);
        let t = start.elapsed().as_secs_f64();
        times.push(t);
        if r.solutions.is_empty() {
            unsolvable += 1;
        } else {
            solved += 1;
            cubist_stack::check(&inst, &r.solutions[0]).expect("a checked solution");
        }
        if !quiet {
            println!(
                "seed {:4}  {}  nodes {:10}  {:.6} s",
                seed - 1,
                if r.solutions.is_empty() {
                    "unsolvable"
                } else {
                    "solved    "
                },
                r.stats.nodes,
                t
            );
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{kind} n={n}: {} instances ({solved} solved, {unsolvable} unsolvable), median {:.6} s, max {:.6} s",
        times.len(),
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
