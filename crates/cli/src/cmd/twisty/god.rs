//! `cubist twisty god`: God's algorithm, the number of states at each distance.

use std::io::Write;

use clap::Args;
use cubist_api::twisty;
use cubist_api::{Context, Progress};

use super::{puzzle, split_moves};
use crate::out::Out;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist twisty god 2x2x2 --moves U,R,F\n  cubist twisty god 2x2x2 --moves U,R,F --metric qtm --json\n  cubist twisty god 2x2x2 --checkpoint 2x2x2.god\n  cubist twisty god 2x2x2 --symmetry\n  cubist --max-memory 16 twisty god 2x2x2 --work 2x2x2.work"
)]
pub struct GodArgs {
    /// A built-in puzzle name, or a .tws / KPuzzle .json file written as a path (a `/` or an
    /// extension: `./2x2x2`, `p.tws`; `-` reads standard input).
    puzzle: String,
    /// Use only these moves as generators (comma or space separated), e.g. "U,R,F".
    #[arg(long)]
    moves: Option<String>,
    #[arg(long, value_enum, default_value_t = twisty::Metric::Htm)]
    metric: twisty::Metric,
    /// Save the search to FILE after every level; started again with the same FILE (after
    /// Ctrl-C, a kill or a crash), the search goes on from its last complete level. With
    /// `--processes`, every process saves to FILE.I-of-N (FILE.I-of-N.wK with several workers).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// `auto` (or `--symmetry` alone): one entry per class of states that the symmetries of the
    /// moves (rotations and reflections, found from the puzzle) make alike, about 1/N of the
    /// memory for N symmetries; the classes per distance are printed beside the states.
    /// `auto+inverse`: a state and its inverse share their entry too (fewer entries again, a
    /// slower search); refused for puzzles with identical pieces.
    #[arg(long, value_enum, default_value_t = twisty::SymmetryMode::None, num_args = 0..=1, default_missing_value = "auto")]
    symmetry: twisty::SymmetryMode,
    /// Count the states of a phase: the puzzle solved to this pattern, a named mask of the
    /// 3x3x3 (cross, eo, ...) or a mask file (docs/twisty-solve.md). In memory only.
    #[arg(long, value_name = "MASK|FILE")]
    target: Option<String>,
    /// Search out of core: keep the table in files in DIR (created if missing) and stream over
    /// it a block at a time, so a table larger than the memory (`--max-memory`) is searched;
    /// started again with the same DIR, the search goes on from its last complete level. DIR
    /// must be empty or a work folder of the same search. Not with `--symmetry` or
    /// `--checkpoint`.
    #[arg(long, value_name = "DIR")]
    work: Option<std::path::PathBuf>,
    /// With `--work`: states per block, a power of two from 1024 to 4294967296 (default: the
    /// largest blocks that fit `--max-memory`).
    #[arg(long, value_name = "N", requires = "work")]
    block_states: Option<u64>,
    /// With `--work`: save within a level at most every SECONDS (0 to 10^9; default 30; 0:
    /// at every block allowed, for runs on machines that may be stopped at any moment).
    #[arg(long, value_name = "SECONDS", requires = "work")]
    save_every: Option<u64>,
    /// Run as one of N cooperating processes (timely dataflow's `-n`), on one or several
    /// machines: each owns a slice of the table; process 0 prints the report. Not with
    /// `--symmetry` or `--work`.
    #[arg(long, value_name = "N")]
    processes: Option<usize>,
    /// With `--processes`: this process's index, 0 to N-1 (timely's `-p`).
    #[arg(long, value_name = "I", requires = "processes")]
    process: Option<usize>,
    /// With `--processes` above 1: a file of one `host:port` per line, one line per process in
    /// process order, the same file for every process (timely's `-h`).
    #[arg(long, value_name = "FILE", requires = "processes")]
    hostfile: Option<std::path::PathBuf>,
    /// With `--processes`: worker threads in each process (timely's `-w`; default 1).
    #[arg(long, value_name = "W", requires = "processes")]
    workers: Option<usize>,
    /// With `--processes`: how long to wait for every other process to connect, in seconds (1
    /// to 86400, default 60); then fail naming the unreachable `host:port`.
    #[arg(long, value_name = "SECONDS", requires = "processes")]
    connect_timeout: Option<u64>,
}

/// The cluster the options name, checked (`--process` and `--hostfile` are needed from two
/// processes on).
fn cluster(a: &GodArgs) -> anyhow::Result<Option<twisty::Cluster>> {
    let Some(n) = a.processes else { return Ok(None) };
    let usage = |s: String| cubist_api::Error::Usage(s);
    let hosts = match &a.hostfile {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| usage(format!("cannot read the hosts file {}: {e}", path.display())))?;
            twisty::parse_hosts(&text).map_err(|e| usage(e.to_string()))?
        }
        None if n > 1 => {
            return Err(usage("--processes above 1 needs --hostfile FILE (one host:port per process)".into()).into())
        }
        None => Vec::new(),
    };
    let process = match a.process {
        Some(i) => i,
        None if n > 1 => {
            return Err(usage("--processes above 1 needs --process I (this process's index)".into()).into())
        }
        None => 0,
    };
    let mut c = twisty::Cluster::new(n, process, hosts, a.workers.unwrap_or(1)).map_err(|e| usage(e.to_string()))?;
    if let Some(s) = a.connect_timeout {
        c = c.with_connect_timeout(s).map_err(|e| usage(e.to_string()))?;
    }
    Ok(Some(c))
}

pub fn run(a: GodArgs, out: &mut Out) -> anyhow::Result<()> {
    let cluster = cluster(&a)?;
    let report_here = cluster.as_ref().is_none_or(|c| c.process == 0);
    let req = twisty::GodRequest {
        puzzle: puzzle(&a.puzzle)?,
        moves: a.moves.as_deref().map(split_moves),
        metric: a.metric,
        symmetry: a.symmetry,
        target: super::target(a.target)?,
    };
    let out_of_core = a.work.is_some();
    let bar = indicatif::ProgressBar::new_spinner();
    let show = |p: Progress<'_>| bar.set_message(p.phase.to_string());
    // The plan's disk and network, said before the work starts.
    let notice = |text: &str| {
        bar.suspend(|| writeln!(std::io::stderr(), "cubist: {text}").ok());
    };
    let ctx = Context {
        progress: Some(&show),
        notice: Some(&notice),
        checkpoint: a.checkpoint,
        work: a.work.map(|dir| cubist_api::WorkFolder {
            dir,
            block_states: a.block_states,
            save_seconds: a.save_every,
        }),
        cluster,
        ..crate::memory::context()
    };
    let quiet = ctx.cluster.is_some().then(StdoutToStderr::new);
    let report = cubist_api::command::call::<twisty::God>(&req, &ctx);
    drop(quiet);
    bar.finish_and_clear();
    match report {
        // A table too large for the memory: say how to search it anyway.
        Err(cubist_api::Error::Limit(e))
            if !out_of_core
                && req.symmetry == twisty::SymmetryMode::None
                && e.what.starts_with("God's algorithm for") =>
        {
            Err(
                cubist_api::Error::Limit(e.hint("`--work DIR` searches it out of core, the table in files in DIR"))
                    .into(),
            )
        }
        // On a cluster, process 0 prints the report; the others only fail.
        Ok(_) if !report_here => Ok(()),
        report => out.report(&report?),
    }
}

/// Standard output sent to standard error while it lives. timely's
/// communication layer prints its rare complaints (`failed to read full
/// header!` on a damaged message) with `println!`, which no option of its
/// configuration turns off; the report, printed after, must be the only
/// thing on standard output (`--json` is one document). So the file
/// descriptor is swapped for the cluster's run, not the library's output:
/// the library itself prints nothing.
struct StdoutToStderr {
    /// Standard output as it was, put back on drop; `None` where the swap
    /// failed (nothing changed) or is not done (not Unix).
    #[cfg(unix)]
    saved: Option<std::os::fd::OwnedFd>,
}

impl StdoutToStderr {
    fn new() -> StdoutToStderr {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            let saved = std::io::stdout()
                .as_fd()
                .try_clone_to_owned()
                .ok()
                .filter(|_| rustix::stdio::dup2_stdout(std::io::stderr().as_fd()).is_ok());
            StdoutToStderr { saved }
        }
        #[cfg(not(unix))]
        StdoutToStderr {}
    }
}

impl Drop for StdoutToStderr {
    fn drop(&mut self) {
        use std::io::Write;
        let _ = std::io::stdout().flush();
        #[cfg(unix)]
        if let Some(saved) = self.saved.take() {
            let _ = rustix::stdio::dup2_stdout(saved);
        }
    }
}
