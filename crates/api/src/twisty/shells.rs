//! `twisty shells`: Eidswick's claim that the n x n x n algorithm leaves the
//! internal cubelets invariant, checked shell by shell (`cubist_twisty::shells`).

use std::fmt;

use cubist_twisty::shells::{self, ShellReport};
use serde::{Deserialize, Serialize};

use crate::{Context, Error, Report};

/// `twisty shells N`.
#[derive(Clone, Debug, Deserialize)]
pub struct ShellsRequest {
    /// The cube's size: odd, 3 to `cubist_twisty::shells::MAX_N`.
    pub n: usize,
}

/// The check, shell by shell.
#[derive(Clone, Debug, Serialize)]
pub struct ShellsReport {
    /// What was checked.
    #[serde(flatten)]
    pub report: ShellReport,
}

/// Runs the check; an even or tiny `n` is bad input, a large one is refused.
pub fn shells(req: &ShellsRequest, _ctx: &Context) -> Result<ShellsReport, Error> {
    if req.n > shells::MAX_N {
        return Err(cubist_input::LimitError::new("n", req.n, shells::MAX_N.to_string()).into());
    }
    let report = shells::check(req.n).ok_or_else(|| {
        Error::Usage(format!(
            "n = {}: give an odd size from 3 to {} (Eidswick's n = 2m+1)",
            req.n,
            shells::MAX_N
        ))
    })?;
    Ok(ShellsReport { report })
}

impl fmt::Display for ShellsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.report;
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
