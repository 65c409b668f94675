//! `cubist exact FILE`: solve an exact-cover problem written in Knuth's DLX
//! format (see docs/exact.md).

use anyhow::Context;
use clap::Args;
use cubist_exact::{count_parallel, parse_dlx, Dlx, Problem, Stats};
use serde::Serialize;
use std::ops::ControlFlow;
use std::path::PathBuf;

#[derive(Args)]
pub struct ExactArgs {
    /// The problem file (DLX format; `-` reads standard input).
    file: PathBuf,
    /// Count the solutions (the default).
    #[arg(long, conflicts_with_all = ["all", "first"])]
    count: bool,
    /// List every solution.
    #[arg(long, conflicts_with = "first")]
    all: bool,
    /// Stop at the first solution and print it.
    #[arg(long)]
    first: bool,
    /// Threads for counting (statistics then include the replays that
    /// split the search, so they exceed a one-thread run's).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Output {
    file: String,
    items: usize,
    options: usize,
    /// The number of solutions (with `--first`: 1 or 0).
    solutions: u64,
    /// Whether every solution was counted (false with `--first`).
    complete: bool,
    nodes: u64,
    updates: u64,
    /// The listed solutions, each a list of options written as in the file.
    listed: Vec<Vec<String>>,
}

pub fn run(a: ExactArgs) -> anyhow::Result<()> {
    let name = a.file.display().to_string();
    let text = if name == "-" {
        std::io::read_to_string(std::io::stdin()).context("standard input: cannot read")?
    } else {
        let bytes = crate::output::read_file(&a.file)?;
        String::from_utf8(bytes).with_context(|| format!("{name}: not UTF-8 text"))?
    };
    let problem = parse_dlx(&text).with_context(|| name.clone())?;
    let (count, stats, listed) = solve(&problem, &a)?;
    let out = Output {
        file: name,
        items: problem.items().len(),
        options: problem.options().len(),
        solutions: count,
        complete: !a.first,
        nodes: stats.nodes,
        updates: stats.updates,
        listed: listed
            .iter()
            .map(|s| s.iter().map(|&o| problem.option_text(o)).collect())
            .collect(),
    };
    if a.json {
        return crate::output::print_json(&out);
    }
    for (k, s) in out.listed.iter().enumerate() {
        println!("solution {}:", k + 1);
        for o in s {
            println!("  {o}");
        }
    }
    let what = if a.first {
        if count == 0 {
            "no solution"
        } else {
            "a solution found"
        }
    } else if count == 1 {
        "solution"
    } else {
        "solutions"
    };
    if a.first {
        println!("{what}; {} nodes, {} updates", stats.nodes, stats.updates);
    } else {
        println!("{count} {what}; {} nodes, {} updates", stats.nodes, stats.updates);
    }
    Ok(())
}

/// Runs the engine as asked: (count, statistics, listed solutions).
fn solve(p: &Problem, a: &ExactArgs) -> anyhow::Result<(u64, Stats, Vec<Vec<usize>>)> {
    if a.threads > 1 && !a.all && !a.first {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(a.threads).build()?;
        let (count, stats) = pool.install(|| count_parallel(p));
        return Ok((count, stats, vec![]));
    }
    let mut dlx = Dlx::new(p);
    let mut listed = Vec::new();
    let _ = dlx.run(|s| {
        if a.all || a.first {
            listed.push(s.to_vec());
        }
        if a.first {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let stats = dlx.stats();
    Ok((stats.solutions, stats, listed))
}
