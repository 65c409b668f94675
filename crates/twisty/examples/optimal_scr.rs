//! Solves every scramble of a twsearch `.scr` file optimally (what
//! `cubist twisty solve --method optimal` will do once wired), printing one
//! solution per line (each IDA* iteration's bound, nodes and time go to
//! standard error); pattern databases are built in memory unless a cache
//! directory is given.
//!
//! ```text
//! cargo run --release -p cubist-twisty --example optimal_scr -- 2x2x2 U,R,F examples/2x2x2-urf-random.scr
//! ```

use cubist_twisty::optimal::{Options, Solver};
use cubist_twisty::{library, tws};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, moves, file, rest @ ..] = args.as_slice() else {
        return Err("usage: optimal_scr PUZZLE MOVES|- FILE.scr [CACHE_DIR]".into());
    };
    let mut p = library::puzzle(name)?;
    if moves != "-" {
        p = p.with_moves(&moves.split(',').collect::<Vec<_>>())?;
    }
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let scrambles = tws::parse_scrambles(&text, file, &p)?;
    let mut opts = Options::in_memory();
    opts.cache = rest.first().map(Into::into);
    let solver = Solver::new(&p, &opts)?;
    let names: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
    for t in solver.tables() {
        eprintln!(
            "table {}: {} entries, max {} ({:?})",
            t.projection, t.entries, t.max_distance, t.origin
        );
    }
    for s in &scrambles {
        let start = std::time::Instant::now();
        let w = solver.solve_with(&s.element, &mut |bound, nodes| {
            eprintln!("  {}: bound {bound}: {nodes} nodes, {:?}", s.name, start.elapsed())
        })?;
        println!("{}: {} ({})", s.name, w.format(&names), w.len());
    }
    Ok(())
}
