//! `stack export`: a cube set as DIMACS CNF.

use super::*;

/// `stack export`: a cube set in another format.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    /// The cube set.
    pub set: Source,
}

/// The set as DIMACS CNF, satisfiable exactly when it has a solution. Its
/// text is the DIMACS file.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ExportReport {
    /// The set's name.
    pub source: String,
    /// Always `"dimacs_cnf"`.
    pub format: &'static str,
    /// Variables of the formula.
    pub variable_count: u32,
    /// Clauses of the formula.
    pub clause_count: usize,
    /// The DIMACS file.
    pub dimacs: String,
}

/// `stack export --cnf`: encodes the set's solvability as DIMACS CNF.
pub fn export(req: &ExportRequest, _ctx: &Context) -> Result<ExportReport, Error> {
    let inst = Instance::new(cubist_cube::read_cube_set(&req.set)?);
    cubist_stack::cnf::check_size(inst.n()).map_err(cubist_stack::Error::from)?;
    let cnf = cubist_stack::cnf::encode(&inst);
    Ok(ExportReport {
        source: req.set.name.clone(),
        format: "dimacs_cnf",
        variable_count: cnf.vars,
        clause_count: cnf.clauses.len(),
        dimacs: cnf.to_dimacs(),
    })
}

impl Report for ExportReport {
    const COMMAND: &'static str = "stack export";
}

impl fmt::Display for ExportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.dimacs)
    }
}

/// `stack export` ([`export`]).
pub struct Export;

impl Command for Export {
    const NAME: &'static str = "stack export";
    const PATH: &'static str = "stack/export";
    type Request = ExportRequest;
    type Report = ExportReport;

    fn plan(req: &ExportRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::memory(req.memory()?))
    }

    fn run(req: &ExportRequest, ctx: &Context) -> Result<ExportReport, Error> {
        export(req, ctx)
    }
}
