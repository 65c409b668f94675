//! `cubist exact FILE`: solve an exact-cover problem written in Knuth's DLX
//! format (see docs/exact.md).

use anyhow::Context;
use clap::Args;
use cubist_exact::{count_parallel, parse_dlx, Checkpoint, Dlx, Problem, Stats};
use serde::Serialize;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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
    /// Save the count's progress here (about once a second) and resume from
    /// it: a killed run started again with the same file goes on where it
    /// stopped and ends with the same count and statistics.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["all", "first", "threads"])]
    checkpoint: Option<PathBuf>,
    /// Stop after this many search nodes in all (with --checkpoint, saving
    /// where the search stood).
    #[arg(long, value_name = "N")]
    node_limit: Option<u64>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The checkpoint file: the engine's checkpoint and a fingerprint of the
/// problem text, so that a checkpoint is never applied to another problem.
#[derive(Serialize, serde::Deserialize)]
struct CheckpointFile {
    format: String,
    problem: String,
    checkpoint: Checkpoint,
}

const CHECKPOINT_FORMAT: &str = "cubist-exact-checkpoint-1";

/// FNV-1a of the problem text, in hex.
fn fingerprint(text: &str) -> String {
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    format!("{h:016x}")
}

#[derive(Serialize)]
struct Output {
    file: String,
    items: usize,
    options: usize,
    /// The number of solutions (with `--first`: 1 or 0).
    solutions: u64,
    /// Whether every solution was counted (false with `--first` or when
    /// `--node-limit` stopped the search).
    complete: bool,
    nodes: u64,
    updates: u64,
    /// The listed solutions, each a list of options written as in the file.
    listed: Vec<Vec<String>>,
}

pub fn run(a: ExactArgs, _out: &mut crate::out::Out) -> anyhow::Result<()> {
    let name = a.file.display().to_string();
    let text = if name == "-" {
        std::io::read_to_string(std::io::stdin()).context("standard input: cannot read")?
    } else {
        let bytes = crate::out::read_file(&a.file)?;
        String::from_utf8(bytes).with_context(|| format!("{name}: not UTF-8 text"))?
    };
    let problem = parse_dlx(&text).with_context(|| name.clone())?;
    let (count, stats, listed, finished) = match &a.checkpoint {
        Some(path) => count_with_checkpoint(&problem, &fingerprint(&text), path, a.node_limit)?,
        None => solve(&problem, &a)?,
    };
    let out = Output {
        file: name,
        items: problem.items().len(),
        options: problem.options().len(),
        solutions: count,
        complete: finished && !a.first,
        nodes: stats.nodes,
        updates: stats.updates,
        listed: listed
            .iter()
            .map(|s| s.iter().map(|&o| problem.option_text(o)).collect())
            .collect(),
    };
    if a.json {
        return crate::out::print_json(&out);
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
    } else if !finished {
        println!(
            "stopped after {} nodes: {count} {what} so far, {} updates{}",
            stats.nodes,
            stats.updates,
            if a.checkpoint.is_some() {
                "; run again with the same --checkpoint to go on"
            } else {
                ""
            }
        );
    } else {
        println!("{count} {what}; {} nodes, {} updates", stats.nodes, stats.updates);
    }
    Ok(())
}

/// Runs the engine as asked: (count, statistics, listed solutions,
/// whether the search finished).
fn solve(p: &Problem, a: &ExactArgs) -> anyhow::Result<(u64, Stats, Vec<Vec<usize>>, bool)> {
    if a.threads > 1 && !a.all && !a.first && a.node_limit.is_none() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(a.threads).build()?;
        let (count, stats) = pool.install(|| count_parallel(p));
        return Ok((count, stats, vec![], true));
    }
    let mut dlx = Dlx::new(p);
    if let Some(limit) = a.node_limit {
        dlx.set_node_limit(limit);
    }
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
    Ok((
        stats.solutions,
        stats,
        listed,
        dlx.is_done() || a.first && stats.solutions > 0,
    ))
}

/// Nodes between looks at the clock (a few milliseconds of search).
const CHUNK: u64 = 1 << 16;

/// Counts with a checkpoint file: resumes from it if it exists, saves it
/// about once a second and at the end, shows a spinner on a terminal.
fn count_with_checkpoint(
    p: &Problem,
    fingerprint: &str,
    path: &std::path::Path,
    node_limit: Option<u64>,
) -> anyhow::Result<(u64, Stats, Vec<Vec<usize>>, bool)> {
    let mut dlx = Dlx::new(p);
    if path.exists() {
        let bytes = crate::out::read_file(path)?;
        let saved: CheckpointFile = serde_json::from_slice(&bytes)
            .with_context(|| format!("{}: not a cubist exact checkpoint", path.display()))?;
        anyhow::ensure!(
            saved.format == CHECKPOINT_FORMAT,
            "{}: checkpoint format {:?}, this cubist writes {CHECKPOINT_FORMAT:?}",
            path.display(),
            saved.format
        );
        anyhow::ensure!(
            saved.problem == fingerprint,
            "{}: this checkpoint belongs to another problem file",
            path.display()
        );
        anyhow::ensure!(
            dlx.resume(&saved.checkpoint),
            "{}: the checkpoint does not fit the problem",
            path.display()
        );
    }
    let save = |dlx: &Dlx| -> anyhow::Result<()> {
        let file = CheckpointFile {
            format: CHECKPOINT_FORMAT.into(),
            problem: fingerprint.into(),
            checkpoint: dlx.checkpoint(),
        };
        // Write a sibling file, then rename: a kill never leaves half a checkpoint.
        let tmp = path.with_extension("tmp");
        crate::out::write_file(&tmp, &serde_json::to_string(&file)?)?;
        std::fs::rename(&tmp, path).with_context(|| format!("{}: cannot write", path.display()))
    };
    let spinner = std::io::stderr().is_terminal().then(|| {
        let s = indicatif::ProgressBar::new_spinner();
        s.set_style(indicatif::ProgressStyle::with_template("{elapsed_precise} {spinner} {msg}").expect("template"));
        s
    });
    let mut last_save = Instant::now();
    loop {
        let next = dlx.stats().nodes.saturating_add(CHUNK);
        dlx.set_node_limit(node_limit.map_or(next, |l| l.min(next)));
        let paused = dlx.run(|_| ControlFlow::Continue(())).is_break();
        let st = dlx.stats();
        if let Some(s) = &spinner {
            s.set_message(format!("{} solutions, {} nodes", st.solutions, st.nodes));
            s.tick();
        }
        let stop = !paused || node_limit.is_some_and(|l| st.nodes >= l);
        if stop || last_save.elapsed() >= Duration::from_secs(1) {
            save(&dlx)?;
            last_save = Instant::now();
        }
        if stop {
            break;
        }
    }
    if let Some(s) = spinner {
        s.finish_and_clear();
    }
    let st = dlx.stats();
    Ok((st.solutions, st, vec![], dlx.is_done()))
}
