//! Reruns the tower-of-cubes paper's comparison of search methods: for each
//! cube-set file, the blind, heuristic and number methods' counts, nodes and
//! method-specific figures, and with `--explain` the number method's working.
//!
//! ```text
//! cargo run -p cubist-stack --release --example search_compare -- [--explain] FILE...
//! ```

use cubist_cube::parse_cube_set;
use cubist_stack::{solve, Instance, Method, SolveOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let explain = args.iter().any(|a| a == "--explain");
    let files: Vec<&String> = args.iter().filter(|a| *a != "--explain").collect();
    if files.is_empty() {
        eprintln!("usage: search_compare [--explain] FILE...");
        std::process::exit(2);
    }
    for path in files {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(1);
            }
        };
        let inst = match parse_cube_set(&bytes, path) {
            Ok(set) => Instance::new(set),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        println!("{path}: {} cubes", inst.n());
        for m in Method::ALL {
            let opts = SolveOptions {
                explain: explain && m == Method::Number,
                ..SolveOptions::default()
            };
            let r = solve(&inst, m, &opts);
            let c = r.counts.unwrap_or_default();
            let extra: Vec<String> = r.stats.extra.iter().map(|(k, v)| format!("{k}={v}")).collect();
            println!(
                "  {:<9} orientations={} patterns={} distinct={} mcdonnell={}  nodes={}  {}",
                m.name(),
                c.orientations,
                c.patterns,
                c.distinct,
                c.mcdonnell,
                r.stats.nodes,
                extra.join(" ")
            );
            if let Some(text) = r.explanation {
                println!("\n{text}");
            }
        }
    }
}
