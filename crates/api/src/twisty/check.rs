//! `twisty check`: Eidswick's Propositions 3–6 checked on elements the user
//! gives as move sequences (`cubist_twisty::propositions`).

use std::fmt;

use cubist_twisty::propositions::{self, Condition, ElementInfo};
use serde::{Deserialize, Serialize};

use super::{parse_moves, PuzzleRef};
use crate::command::{Command, Plan};
use crate::{Context, Error, Report};

/// `twisty check`: describe an element, or check a proposition on elements.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// Only these moves as generators (and as letters of Proposition 6's setups).
    #[serde(default)]
    pub moves: Option<Vec<String>>,
    /// 3, 4, 5 or 6; absent: describe `element`.
    #[serde(default)]
    pub proposition: Option<u8>,
    /// The element to describe, or Proposition 6's 3-cycle `τ`.
    #[serde(default)]
    pub element: Option<String>,
    /// `α` (Propositions 3–5).
    #[serde(default)]
    pub alpha: Option<String>,
    /// `β` (Proposition 3).
    #[serde(default)]
    pub beta: Option<String>,
    /// `γ` (Propositions 4, 5).
    #[serde(default)]
    pub gamma: Option<String>,
    /// `δ` (Propositions 4, 5).
    #[serde(default)]
    pub delta: Option<String>,
    /// `σ`, for the complete set of 3-cycles and the Corollary (Propositions 3–5).
    #[serde(default)]
    pub sigma: Option<String>,
    /// Proposition 6: one setup to check instead of searching for all.
    #[serde(default)]
    pub setup: Option<String>,
}

/// The elements, the conditions and whether each holds.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CheckReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// 3 to 6, or null for a description.
    pub proposition: Option<u8>,
    /// The elements given and computed.
    pub elements: Vec<ElementReport>,
    /// Hypotheses, then conclusions.
    pub conditions: Vec<Condition>,
    /// Proposition 6's setups, one per slot of the orbit.
    pub setups: Vec<SetupReport>,
    /// True when every condition holds.
    pub holds: bool,
}

/// One element.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ElementReport {
    /// `α`, `[α, β]`...
    pub label: String,
    /// The move sequence as typed (null for computed elements).
    pub alg: Option<String>,
    /// What it is.
    #[serde(flatten)]
    pub info: ElementInfo,
}

/// Proposition 6: a setup for one slot.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SetupReport {
    /// The slot `x`, as `SET n`.
    pub slot: String,
    /// The setup `α` as moves, or null when none was found.
    pub alg: Option<String>,
}

/// Parses the sequences, runs the proposition's check.
pub fn check(req: &CheckRequest, _ctx: &Context) -> Result<CheckReport, Error> {
    let p = req.puzzle.load(req.moves.as_deref())?;
    let need = |v: &Option<String>, flag: &str| -> Result<(String, cubist_twisty::Element), Error> {
        let text = v.as_deref().ok_or_else(|| {
            Error::Usage(format!(
                "check{}: give {flag}",
                req.proposition.map_or(String::new(), |n| format!(" --proposition {n}"))
            ))
        })?;
        Ok((text.to_string(), parse_moves(&p, text, flag)?))
    };
    let opt = |v: &Option<String>, flag: &str| -> Result<Option<(String, cubist_twisty::Element)>, Error> {
        v.as_ref()
            .map(|t| Ok((t.clone(), parse_moves(&p, t, flag)?)))
            .transpose()
    };
    let sigma = opt(&req.sigma, "--sigma")?;
    let s = sigma.as_ref().map(|x| &x.1);
    let (check, given): (propositions::Check, Vec<(&str, String)>) = match req.proposition {
        None => {
            let (t, e) = need(&req.element, "ELEMENT")?;
            (propositions::element(&p, &e), vec![("α", t)])
        }
        Some(3) => {
            let (ta, a) = need(&req.alpha, "--alpha")?;
            let (tb, b) = need(&req.beta, "--beta")?;
            (propositions::proposition3(&p, &a, &b, s), vec![("α", ta), ("β", tb)])
        }
        Some(n @ (4 | 5)) => {
            let (ta, a) = need(&req.alpha, "--alpha")?;
            let (tg, g) = need(&req.gamma, "--gamma")?;
            let (td, d) = need(&req.delta, "--delta")?;
            let c = if n == 4 {
                propositions::proposition4(&p, &a, &g, &d, s)
            } else {
                propositions::proposition5(&p, &a, &g, &d, s)
            };
            (c, vec![("α", ta), ("γ", tg), ("δ", td)])
        }
        Some(6) => {
            let (tt, t) = need(&req.element, "ELEMENT (the 3-cycle τ)")?;
            let setup = opt(&req.setup, "--setup")?;
            let c = propositions::proposition6(&p, &t, setup.as_ref().map(|x| &x.1));
            let mut given = vec![("τ", tt)];
            if let Some((ts, _)) = setup {
                given.push(("α", ts));
            }
            (c, given)
        }
        Some(n) => return Err(Error::Usage(format!("--proposition {n}: give 3, 4, 5 or 6"))),
    };
    let mut given = given;
    if let Some((ts, _)) = &sigma {
        given.push(("σ", ts.clone()));
    }
    let holds = check.conditions.iter().all(|c| c.holds);
    Ok(CheckReport {
        puzzle: p.name.clone(),
        proposition: req.proposition,
        elements: check
            .elements
            .into_iter()
            .map(|(label, info)| ElementReport {
                alg: given.iter().find(|g| g.0 == label).map(|g| g.1.clone()),
                label,
                info,
            })
            .collect(),
        conditions: check.conditions,
        setups: check
            .setups
            .into_iter()
            .map(|(slot, alg)| SetupReport { slot, alg })
            .collect(),
        holds,
    })
}

impl fmt::Display for ElementReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = &self.info;
        match &self.alg {
            Some(a) => write!(f, "{} = {a}: ", self.label)?,
            None => write!(f, "{}: ", self.label)?,
        }
        write!(f, "{}, order {}", i.kind, i.order)?;
        for c in &i.cycles {
            write!(f, ", ({})", c.slots.join(" "))?;
            if c.twists.iter().any(|&t| t != 0) {
                let t: Vec<String> = c.twists.iter().map(u32::to_string).collect();
                write!(f, " twists {} mod {}", t.join(" "), c.modulus)?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.proposition {
            Some(n) => writeln!(f, "Proposition {n} on {}", self.puzzle)?,
            None => writeln!(f, "{}", self.puzzle)?,
        }
        for e in &self.elements {
            writeln!(f, "{e}")?;
        }
        for c in &self.conditions {
            writeln!(f, "{} {}", if c.holds { "holds:" } else { "FAILS:" }, c.statement)?;
        }
        for s in &self.setups {
            writeln!(
                f,
                "  setup for {}: {}",
                s.slot,
                s.alg.as_deref().unwrap_or("none found")
            )?;
        }
        Ok(())
    }
}

impl Report for CheckReport {
    const COMMAND: &'static str = "twisty check";
}

/// `twisty check` ([`check`]).
pub struct Check;

impl Command for Check {
    const NAME: &'static str = "twisty check";
    const PATH: &'static str = "twisty/check";
    type Request = CheckRequest;
    type Report = CheckReport;

    /// Small: one state checked.
    fn plan(_: &CheckRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &CheckRequest, ctx: &Context) -> Result<CheckReport, Error> {
        check(req, ctx)
    }
}
