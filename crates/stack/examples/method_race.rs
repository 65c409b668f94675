//! The measurement behind `Method::Auto`: every method on the same random
//! sets, all solutions (`--all`, default) or the first (`--first`), median
//! wall time over seeds per size (release build).
//!
//! ```text
//! cargo run -p cubist-stack --release --example method_race -- [--first] [--fast] N...
//! ```

use cubist_stack::{random, solve, Instance, Method, Mode, SolveOptions};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first = args.iter().any(|a| a == "--first");
    let sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    // `--fast`: only the heuristic and graph methods (blind and number are
    // far behind past 10 cubes).
    let methods: Vec<Method> = if args.iter().any(|a| a == "--fast") {
        vec![Method::Heuristic, Method::Graph]
    } else {
        Method::ALL.to_vec()
    };
    let opts = SolveOptions {
        mode: if first { Mode::First } else { Mode::All },
        explain: false,
        ..Default::default()
    };
    for n in sizes {
        for kind in ["planted", "uniform"] {
            let sets: Vec<Instance> = (0..15u64)
                .map(|s| {
                    Instance::new(if kind == "planted" {
                        random::planted(n, s)
                    } else {
                        random::uniform(n, n, s)
                    })
                })
                .collect();
            let mut line = format!("n={n:3} {kind:8}");
            for &m in &methods {
                let mut times: Vec<f64> = sets
                    .iter()
                    .map(|inst| {
                        let reps = 20;
                        let start = Instant::now();
                        for _ in 0..reps {
                            std::hint::black_box(solve(inst, m, &opts));
                        }
                        start.elapsed().as_secs_f64() / reps as f64
                    })
                    .collect();
                times.sort_by(f64::total_cmp);
                line += &format!("  {} {:9.1} µs", m.name(), times[times.len() / 2] * 1e6);
            }
            println!("{line}");
        }
    }
}
