//! `cubist twisty solve`: solve a state of any twisty puzzle and print the
//! verified move sequence (cubist-twisty's universal solver).
//!
//! JSON (`--json`), one object per state (an array when `--state` names a file
//! with several): `puzzle`, `method`, `name` (the scramble's name, or
//! `"scramble"`), `moves` (the sequence, space separated), `length` (its
//! number of moves), `verified` (always true: unverified answers are never
//! printed) and, with `--explain`, `phases`: each with `name`, `kind`
//! (`parity`, `3-cycles`, `search`), `l` (Eidswick's `l_i`, the shortest
//! relative 3-cycle), `moves`, `length` and `steps` (`kind`: `3-cycle`,
//! `twist` or `macro`; `pieces`: the slots as `SET n`; `moves`; `length`).

use anyhow::Context;
use clap::{Args, ValueEnum};
use cubist_twisty::optimal;
use cubist_twisty::solver::{self, Answer, Solver};
use cubist_twisty::{notation, tws, Element};

/// The solving methods (see `cubist_twisty::solver`).
#[derive(Clone, Copy, ValueEnum)]
pub enum Method {
    /// Optimal where its tables are quick (2x2x2, pyraminx, skewb), universal otherwise.
    Auto,
    /// Eidswick's commutator strategy: any puzzle, not optimal.
    Universal,
    /// IDA* with pattern databases: shortest solutions (half-turn metric).
    Optimal,
    /// Stabiliser-chain factorisation (GAP's method), for comparison.
    Chain,
}

impl From<Method> for solver::Method {
    fn from(m: Method) -> solver::Method {
        match m {
            Method::Auto => solver::Method::Auto,
            Method::Universal => solver::Method::Universal,
            Method::Optimal => solver::Method::Optimal,
            Method::Chain => solver::Method::Chain,
        }
    }
}

#[derive(Args)]
pub struct SolveArgs {
    /// A built-in puzzle name or a .tws / KPuzzle .json file.
    puzzle: String,
    /// The state reached by these moves from solved, e.g. "R U R' U'".
    #[arg(long, required_unless_present = "state", conflicts_with = "state")]
    scramble: Option<String>,
    /// A .tws/.scr file of states (Scramble / ScrambleAlg blocks): one solution each.
    #[arg(long)]
    state: Option<std::path::PathBuf>,
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    method: Method,
    /// Solve with only these moves (comma or space separated), e.g. "U,R,F".
    #[arg(long)]
    moves: Option<String>,
    /// Directory of the optimal method's pattern databases (default
    /// $XDG_CACHE_HOME/cubist or ~/.cache/cubist).
    #[arg(long, conflicts_with = "no_cache")]
    cache: Option<std::path::PathBuf>,
    /// Build the optimal method's tables in memory only.
    #[arg(long)]
    no_cache: bool,
    /// Memory the optimal method's tables may use, in MiB.
    #[arg(long, default_value_t = 4096)]
    table_memory: u64,
    /// List the phases: parity adjustment, each orbit, each 3-cycle used.
    #[arg(long)]
    explain: bool,
    /// Draw the (first) state to solve as SVG.
    #[arg(long)]
    svg: Option<std::path::PathBuf>,
    #[arg(long)]
    json: bool,
}

pub fn run(a: SolveArgs) -> anyhow::Result<()> {
    let mut p = crate::cmd::twisty::load(&a.puzzle)?;
    if let Some(m) = &a.moves {
        let names: Vec<&str> = m.split([',', ' ']).filter(|s| !s.is_empty()).collect();
        p = p.with_moves(&names).map_err(anyhow::Error::msg)?;
    }
    let states: Vec<(String, Element)> = match (&a.scramble, &a.state) {
        (Some(moves), _) => {
            let e = notation::parse(&p, moves).map_err(|m| anyhow::anyhow!("--scramble: {m}"))?;
            vec![("scramble".into(), e)]
        }
        (None, Some(path)) => {
            let text = String::from_utf8(crate::out::read_file(path)?)
                .with_context(|| format!("{}: not UTF-8 text", path.display()))?;
            let list = tws::parse_scrambles(&text, &path.display().to_string(), &p)?;
            if list.is_empty() {
                anyhow::bail!("{}: no Scramble or ScrambleAlg block", path.display());
            }
            list.into_iter().map(|s| (s.name, s.element)).collect()
        }
        (None, None) => unreachable!("clap requires one of them"),
    };
    if let Some(path) = &a.svg {
        crate::cmd::twisty::alg::write_svg(&p, &states[0].1, path)?;
    }
    let mut opts = optimal::Options::new();
    opts.table_memory = a
        .table_memory
        .checked_mul(1 << 20)
        .ok_or_else(|| anyhow::anyhow!("--table-memory {} MiB is more than 2^64 bytes", a.table_memory))?;
    if a.no_cache {
        opts.cache = None;
    } else if let Some(dir) = &a.cache {
        opts.cache = Some(dir.clone());
    }
    let solver = Solver::new(&p, a.method.into(), &opts).map_err(anyhow::Error::msg)?;
    let progress = std::io::IsTerminal::is_terminal(&std::io::stderr()) && !a.json;
    if progress {
        for t in solver.tables() {
            eprintln!(
                "# table {}: {} entries, distance <= {}, {:?}",
                t.projection, t.entries, t.max_distance, t.origin
            );
        }
    }
    let names: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
    let several = states.len() > 1;
    let mut out = Vec::new();
    for (name, e) in &states {
        let mut report = |bound: usize, nodes: u64| {
            if progress {
                eprintln!("# depth {bound} searched: {nodes} nodes");
            }
        };
        let sol = solver.solve(e, &mut report).map_err(|err| {
            if several {
                anyhow::anyhow!("state {name}: {err}")
            } else {
                anyhow::anyhow!("{err}")
            }
        })?;
        let moves = sol.moves.format(&names);
        if a.json {
            out.push(json(&p.name, solver.method(), name, &moves, &sol, a.explain));
        } else {
            print_text(name, several, &moves, &sol, a.explain);
        }
    }
    if a.json {
        if several {
            crate::out::print_json(&out)?;
        } else {
            crate::out::print_json(&out[0])?;
        }
    }
    Ok(())
}

fn json(
    puzzle: &str,
    method: solver::Method,
    name: &str,
    moves: &str,
    sol: &Answer,
    explain: bool,
) -> serde_json::Value {
    let mut v = serde_json::json!({
        "puzzle": puzzle,
        "method": method.name(),
        "name": name,
        "moves": moves,
        "length": sol.moves.len(),
        "verified": true,
    });
    if explain {
        v["phases"] = serde_json::to_value(&sol.phases).expect("phases serialise");
    }
    v
}

fn print_text(name: &str, several: bool, moves: &str, sol: &Answer, explain: bool) {
    if several {
        println!("{name}:");
    }
    if explain {
        for ph in &sol.phases {
            if ph.length == 0 && ph.steps.is_empty() {
                continue;
            }
            let l = ph.l.map_or(String::new(), |l| format!(", l = {l}"));
            println!("# {} ({}{l}): {} moves", ph.name, ph.kind, ph.length);
            if ph.steps.is_empty() {
                println!("#   {}", ph.moves);
            }
            for s in &ph.steps {
                let pieces = if s.pieces.is_empty() {
                    String::new()
                } else {
                    format!(" {}", s.pieces.join(" -> "))
                };
                println!("#   {}{pieces}: {} ({})", s.kind, s.moves, s.length);
            }
        }
    }
    println!("{moves}");
    println!("length {}, verified", sol.moves.len());
}
