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
use cubist_twisty::universal::{Solution, UniversalSolver};
use cubist_twisty::{notation, tws, Element};

/// The solving methods.
#[derive(Clone, Copy, ValueEnum)]
pub enum Method {
    /// Eidswick's commutator strategy: any puzzle, not optimal.
    Universal,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::Universal => "universal",
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
    #[arg(long, value_enum, default_value_t = Method::Universal)]
    method: Method,
    /// List the phases: parity adjustment, each orbit, each 3-cycle used.
    #[arg(long)]
    explain: bool,
    #[arg(long)]
    json: bool,
}

pub fn run(a: SolveArgs) -> anyhow::Result<()> {
    let p = crate::twisty::load(&a.puzzle)?;
    let states: Vec<(String, Element)> = match (&a.scramble, &a.state) {
        (Some(moves), _) => {
            let e = notation::parse(&p, moves).map_err(|m| anyhow::anyhow!("--scramble: {m}"))?;
            vec![("scramble".into(), e)]
        }
        (None, Some(path)) => {
            let text = String::from_utf8(crate::output::read_file(path)?)
                .with_context(|| format!("{}: not UTF-8 text", path.display()))?;
            let list = tws::parse_scrambles(&text, &path.display().to_string(), &p)?;
            if list.is_empty() {
                anyhow::bail!("{}: no Scramble or ScrambleAlg block", path.display());
            }
            list.into_iter().map(|s| (s.name, s.element)).collect()
        }
        (None, None) => unreachable!("clap requires one of them"),
    };
    let solver = match a.method {
        Method::Universal => UniversalSolver::new(&p).map_err(anyhow::Error::msg)?,
    };
    let names: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
    let several = states.len() > 1;
    let mut out = Vec::new();
    for (name, e) in &states {
        let sol = solver.solve(e).map_err(|err| {
            if several {
                anyhow::anyhow!("state {name}: {err}")
            } else {
                anyhow::anyhow!("{err}")
            }
        })?;
        let moves = sol.moves.format(&names);
        if a.json {
            out.push(json(&p.name, a.method, name, &moves, &sol, a.explain));
        } else {
            print_text(name, several, &moves, &sol, a.explain);
        }
    }
    if a.json {
        if several {
            crate::output::print_json(&out)?;
        } else {
            crate::output::print_json(&out[0])?;
        }
    }
    Ok(())
}

fn json(puzzle: &str, method: Method, name: &str, moves: &str, sol: &Solution, explain: bool) -> serde_json::Value {
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

fn print_text(name: &str, several: bool, moves: &str, sol: &Solution, explain: bool) {
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
