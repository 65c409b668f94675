//! `twisty shells`: Eidswick's claim that the n x n x n algorithm leaves the
//! internal cubelets invariant, checked shell by shell (`cubist_twisty::shells`),
//! and with `solve` the solid cube, internal cubelets included, solved shell
//! by shell (`cubist_twisty_search::shells`).

use std::fmt;

use cubist_io::InputError;
use cubist_twisty::shells::{self, ShellReport};
use cubist_twisty_search::shells::{ShellSolution, SolidCube};
use serde::{Deserialize, Serialize};

use crate::command::{Command, Plan};
use crate::{Context, Error, Report};

/// `twisty shells N [--solve [--scramble MOVES | --seed S]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShellsRequest {
    /// The cube's size: for the check odd, 3 to `cubist_twisty::shells::MAX_N`;
    /// for `solve` 1 to `cubist_twisty_search::shells::MAX_N`.
    pub n: usize,
    /// Solve the scrambled solid cube shell by shell instead of checking.
    #[serde(default)]
    pub solve: bool,
    /// The scramble, in the solid cube's layer names (`R 2R M ...`).
    #[serde(default)]
    pub scramble: Option<String>,
    /// Without `scramble`: `10 n` random layer turns from this seed (0 when absent).
    #[serde(default)]
    pub seed: Option<u64>,
}

/// The check, shell by shell, or the solid cube solved shell by shell.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ShellsReport {
    /// What was checked (without `solve`).
    #[serde(flatten)]
    pub report: Option<ShellReport>,
    /// The solution (with `solve`).
    #[serde(flatten)]
    pub solution: Option<ShellSolution>,
}

/// Runs the check, or the solver; for the check an even or tiny `n` is bad
/// input; a large one is refused.
pub fn shells(req: &ShellsRequest, _ctx: &Context) -> Result<ShellsReport, Error> {
    if req.solve {
        return solve(req).map(|s| ShellsReport {
            report: None,
            solution: Some(s),
        });
    }
    if req.scramble.is_some() || req.seed.is_some() {
        return Err(Error::Usage("a scramble or a seed goes with solve (--solve)".into()));
    }
    if req.n > shells::MAX_N {
        return Err(cubist_io::LimitError::new("n", req.n, shells::MAX_N.to_string()).into());
    }
    let report = shells::check(req.n).ok_or_else(|| {
        Error::Usage(format!(
            "n = {}: give an odd size from 3 to {} (Eidswick's n = 2m+1)",
            req.n,
            shells::MAX_N
        ))
    })?;
    Ok(ShellsReport {
        report: Some(report),
        solution: None,
    })
}

/// The solid cube scrambled as asked, solved shell by shell.
fn solve(req: &ShellsRequest) -> Result<ShellSolution, Error> {
    let cube = SolidCube::new(req.n)?;
    let scramble = match (&req.scramble, req.seed) {
        (Some(_), Some(_)) => return Err(Error::Usage("give a scramble or a seed, not both".into())),
        (Some(text), None) => cube.parse(text).map_err(|e| {
            InputError::new(
                "--scramble",
                format!("{} (layers: {})", e.message(), cube.layer_names().join(" ")),
            )
        })?,
        (None, seed) => cube.random_scramble(seed.unwrap_or(0), 10 * req.n),
    };
    Ok(cube.solve(&scramble)?)
}

impl fmt::Display for ShellsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = &self.solution {
            return write_solution(f, s);
        }
        let Some(r) = &self.report else {
            return Ok(());
        };
        writeln!(f, "{n}x{n}x{n}, shell by shell (sub-cube 2s+1):", n = r.n)?;
        for s in &r.shells {
            writeln!(
                f,
                "  s = {}: {} of {} 3-cycles [Z_k, X_s Z_-j X_s^-1] as stated, {} fix the inside; face turns fix the inside: {}",
                s.s,
                s.three_cycles_as_stated,
                s.three_cycles,
                s.three_cycles_fixing_inside,
                if s.face_turns_fix_inside { "yes" } else { "no" }
            )?;
            for (j, v) in &s.parity_partners {
                let text = match v {
                    Some(v) if v.is_empty() => "nothing (always even)".into(),
                    Some(v) => v
                        .iter()
                        .map(|c| format!("O({}, {}, {})", c[0], c[1], c[2]))
                        .collect::<Vec<_>>()
                        .join(" + "),
                    None => "no sum of inside orbits and E".into(),
                };
                writeln!(f, "    parity of F_{j}0 = O({}, {j}, 0) = parity of {text}", s.s)?;
            }
        }
        writeln!(
            f,
            "internal cubelets stay put when solved first: {}",
            if r.holds { "yes" } else { "no" }
        )
    }
}

impl Report for ShellsReport {
    const COMMAND: &'static str = "twisty shells";
}

fn write_solution(f: &mut fmt::Formatter<'_>, s: &ShellSolution) -> fmt::Result {
    let yes = |b: bool| if b { "yes" } else { "no" };
    writeln!(
        f,
        "{n}x{n}x{n} solid cube, {} cubelets (position and orientation each)",
        s.cubelet_count,
        n = s.n
    )?;
    writeln!(f, "scramble ({} moves): {}", s.scramble.len(), s.scramble.join(" "))?;
    for st in &s.stages {
        writeln!(
            f,
            "{k}x{k}x{k} ({} moves): {}",
            st.moves.len(),
            if st.moves.is_empty() { "(none)" } else { &st.alg },
            k = st.n
        )?;
        writeln!(
            f,
            "  inside ({} cubelet{}) home: {}; whole {k}x{k}x{k} home: {}",
            st.inside_count,
            if st.inside_count == 1 { "" } else { "s" },
            yes(st.inside_home),
            yes(st.sub_cube_home),
            k = st.n
        )?;
    }
    writeln!(
        f,
        "solved: {} ({} moves; every cubelet home and unturned, checked on the solid cube)",
        yes(s.solved),
        s.moves.len()
    )
}

/// `twisty shells` ([`shells()`]).
pub struct Shells;

impl Command for Shells {
    const NAME: &'static str = "twisty shells";
    const PATH: &'static str = "twisty/shells";
    type Request = ShellsRequest;
    type Report = ShellsReport;

    /// Small: the shells of a cube up to the library's size bound.
    fn plan(_: &ShellsRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &ShellsRequest, ctx: &Context) -> Result<ShellsReport, Error> {
        shells(req, ctx)
    }
}
