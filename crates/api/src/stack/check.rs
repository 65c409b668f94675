//! `stack check`: McDonnell's check of partial piles.

use super::*;

/// `stack check`: McDonnell's function `s` on piles (partial or complete
/// stacks written as belts), with the reason each rejected pile fails.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The piles: a belt of four colours per line, piles separated by
    /// blank lines (docs/stack-methods.md).
    pub piles: Source,
}

/// One pile and its verdict.
#[derive(Clone, Debug, Serialize)]
pub struct PileCheck {
    /// The belts, top first.
    pub rows: Vec<[String; 4]>,
    /// Whether no column shows a colour twice (his `s` keeps it).
    pub accepted: bool,
    /// Why not: the column (from 1), the colour, the two rows (from 1).
    pub repeat: Option<cubist_stack::mcdonnell::Repeat<String>>,
}

/// The verdicts, in file order.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CheckReport {
    /// The file as named.
    pub source: String,
    /// Every pile with its verdict.
    pub piles: Vec<PileCheck>,
    /// Piles accepted.
    pub accepted_count: usize,
    /// His mask: 1 for a pile kept, 0 for one removed.
    pub mask: Vec<u8>,
}

/// `stack check`: reads the piles and checks each.
pub fn check(req: &CheckRequest, _ctx: &Context) -> Result<CheckReport, Error> {
    let piles =
        cubist_stack::mcdonnell::parse_piles(&req.piles.bytes, &req.piles.name).map_err(cubist_stack::Error::from)?;
    let piles: Vec<PileCheck> = piles
        .into_iter()
        .map(|rows| {
            let repeat = cubist_stack::mcdonnell::check_pile(&rows).err();
            PileCheck {
                accepted: repeat.is_none(),
                rows,
                repeat,
            }
        })
        .collect();
    Ok(CheckReport {
        source: req.piles.name.clone(),
        accepted_count: piles.iter().filter(|p| p.accepted).count(),
        mask: piles.iter().map(|p| u8::from(p.accepted)).collect(),
        piles,
    })
}

impl Report for CheckReport {
    const COMMAND: &'static str = "stack check";
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SIDES: [&str; 4] = ["front", "left", "back", "right"];
        for (k, p) in self.piles.iter().enumerate() {
            let h = p.rows.len();
            let cubes = if h == 1 { "cube" } else { "cubes" };
            match &p.repeat {
                None => writeln!(f, "pile {} ({h} {cubes}): accepted", k + 1)?,
                Some(r) => writeln!(
                    f,
                    "pile {} ({h} {cubes}): rejected: column {} ({}) shows {} twice, in rows {} and {}",
                    k + 1,
                    r.column,
                    SIDES[r.column - 1],
                    r.colour,
                    r.rows[0],
                    r.rows[1]
                )?,
            }
        }
        let mask: Vec<String> = self.mask.iter().map(u8::to_string).collect();
        writeln!(
            f,
            "{} of {} piles accepted (no column shows a colour twice); mask {}",
            self.accepted_count,
            self.piles.len(),
            mask.join(" ")
        )
    }
}

/// `stack check` ([`check`]).
pub struct Check;

impl Command for Check {
    const NAME: &'static str = "stack check";
    const PATH: &'static str = "stack/check";
    type Request = CheckRequest;
    type Report = CheckReport;

    /// Small: one file of piles checked.
    fn plan(_: &CheckRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &CheckRequest, ctx: &Context) -> Result<CheckReport, Error> {
        check(req, ctx)
    }
}
