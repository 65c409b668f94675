//! `cubist twisty god`: God's algorithm, the number of states at each distance
//! (cubist-twisty's `god`).

use clap::{Args, ValueEnum};
use cubist_twisty::coord::Metric;
use cubist_twisty::{god, Puzzle};

#[derive(Clone, Copy, ValueEnum)]
enum MetricArg {
    /// Half-turn metric: every power of a move is one step.
    Htm,
    /// Quarter-turn metric: only the powers ±1.
    Qtm,
}

#[derive(Args)]
pub struct GodArgs {
    /// A built-in puzzle name or a .tws / KPuzzle .json file.
    puzzle: String,
    /// Use only these moves as generators (comma or space separated), e.g. "U,R,F".
    #[arg(long)]
    moves: Option<String>,
    #[arg(long, value_enum, default_value_t = MetricArg::Htm)]
    metric: MetricArg,
    #[arg(long)]
    json: bool,
}

pub fn run(a: GodArgs, load: fn(&str) -> anyhow::Result<Puzzle>) -> anyhow::Result<()> {
    let mut p = load(&a.puzzle)?;
    if let Some(m) = &a.moves {
        let names: Vec<&str> = m.split([',', ' ']).filter(|s| !s.is_empty()).collect();
        p = p.with_moves(&names).map_err(anyhow::Error::msg)?;
    }
    let metric = match a.metric {
        MetricArg::Htm => Metric::Htm,
        MetricArg::Qtm => Metric::Qtm,
    };
    let bar = indicatif::ProgressBar::new_spinner();
    let r = god::run_with(&p, metric, &mut |d, n| {
        bar.set_message(format!("distance {d}: {n} states"))
    })?;
    bar.finish_and_clear();
    if a.json {
        return crate::out::print_json(&r);
    }
    println!(
        "puzzle: {} (moves {}; metric {})",
        r.puzzle,
        r.moves.join(", "),
        r.metric
    );
    let positions = r.positions.as_deref().unwrap_or("unknown");
    println!(
        "index space: {} states; reachable positions (Schreier-Sims): {positions}",
        r.index_space
    );
    println!("distance  states");
    for (d, n) in r.distribution.iter().enumerate() {
        println!("{d:>8}  {n}");
    }
    println!(
        "total: {} states, maximum distance {} ({:.3} s)",
        r.states,
        r.distribution.len() - 1,
        r.seconds
    );
    Ok(())
}
