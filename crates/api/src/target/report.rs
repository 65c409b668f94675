//! The target commands as reports: each function here is one command of
//! `cubist target`, and returns a struct that serialises to the command's
//! JSON fields (docs/target.md) and displays as its text.
//!
//! The decisions live here, not in a front end: `solve` cross-checks the
//! direct count against the paper's graph model (summed over every choice of
//! eight when more cubes are given), re-checks every listed solution from
//! the colourings, and refuses to count interior-matching solutions one by
//! one past a bound; the census reports say which of the paper's tables and
//! open questions they answer.
//!
//! ```
//! use cubist_macmahon::macmahon::CubeId;
//! use cubist_api::target::report::solve;
//! let names = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"];
//! let cubes = names.map(|n| CubeId::from_name(n).unwrap());
//! let r = solve(CubeId::from_name("Cb").unwrap(), &cubes, false, 100).unwrap();
//! assert_eq!((r.count, r.graph_model_count, r.solutions.len()), (4, Some(4), 4));
//! assert!(r.to_string().starts_with("target Cb (1 2 3 5 4 6), 8 cubes: Ac Af Ba Bf Ea Ef Fa Fc\n"));
//! ```

use cubist_io::LimitError;
use cubist_macmahon::census::{binomial, members, Table1};
use cubist_macmahon::haraguchi::{haraguchi, Haraguchi};
use cubist_macmahon::macmahon::{conway_eight, corner_name, tables, usable_for, CubeId, ROWS};
use cubist_macmahon::multiset::largest_infeasible;
use cubist_macmahon::primes::{self, CornerCount};
use cubist_macmahon::solve::{
    check, count_by_kind, count_direct, count_solutions, solution_number_over_eights, solutions, GraphModel, Solution,
};
use cubist_macmahon::spectrum::{names, spectrum, universal, Cells, OpenAnswers, Options};
use cubist_macmahon::symmetry::{orbit_report, OrbitReport};
use cubist_macmahon::Error;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// The faces of a cube as placed, colours `1..6`, faces `F B L R T D`.
fn faces_of(id: CubeId, rotation: cubist_cube::Rotation) -> [u16; 6] {
    id.cube().rotated(rotation).faces.map(|c| c.0 + 1)
}

/// Numbers separated by spaces.
fn spaced<T: fmt::Display>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// One of the 30 cubes in `target cubes`.
#[derive(Clone, Debug, Serialize)]
pub struct CubeEntry {
    /// Conway's name (`Ab` .. `Fe`).
    pub name: String,
    /// Its row in Conway's tableau, 0..5 (`A`..`F`).
    pub row: usize,
    /// Its column, 0..5 (`a`..`f`).
    pub column: usize,
    /// Its colouring, colours 1..6 in face order F B L R T D.
    pub faces: [u16; 6],
    /// Its eight corner numbers, sorted.
    pub corners: [u16; 8],
    /// The name of its mirror image.
    pub mirror: String,
}

impl CubeEntry {
    fn new(id: CubeId) -> CubeEntry {
        let (row, column) = id.row_col();
        CubeEntry {
            name: id.name(),
            row,
            column,
            faces: faces_of(id, cubist_cube::Rotation::IDENTITY),
            corners: id.corners(),
            mirror: id.mirror().name(),
        }
    }
}

/// `target cubes`: MacMahon's 30 cubes under Conway's names.
#[derive(Clone, Debug, Serialize)]
pub struct CubesReport {
    /// Always `"F B L R T D"`.
    pub face_order: &'static str,
    /// The 30 cubes, row by row.
    pub cubes: Vec<CubeEntry>,
}

/// The 30 cubes with their colourings, corner numbers and mirrors.
pub fn cubes() -> CubesReport {
    CubesReport {
        face_order: "F B L R T D",
        cubes: CubeId::all().map(CubeEntry::new).collect(),
    }
}

impl fmt::Display for CubesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "MacMahon's 30 cubes, Conway's names; faces F B L R T D; corner numbers (Table 3)"
        )?;
        for c in &self.cubes {
            writeln!(f, "{}  {}  {}", c.name, spaced(&c.faces), spaced(&c.corners))?;
        }
        Ok(())
    }
}

/// A target a cube is usable for, and the corner numbers they share.
#[derive(Clone, Debug, Serialize)]
pub struct Usable {
    /// The target's name.
    pub target: String,
    /// The corner numbers the cube shares with the target, by the target's
    /// corner positions.
    pub corners: Vec<u16>,
}

/// `target cube`: one cube, its tableau neighbours and its targets.
#[derive(Clone, Debug, Serialize)]
pub struct CubeReport {
    /// Conway's name.
    pub name: String,
    /// Its colouring, colours 1..6, faces F B L R T D.
    pub faces: [u16; 6],
    /// Its eight corner numbers, sorted.
    pub corners: [u16; 8],
    /// The name of its mirror image.
    pub mirror: String,
    /// Its row in Conway's tableau, 0..5.
    pub row: usize,
    /// Its column, 0..5.
    pub column: usize,
    /// The cubes of its row.
    pub row_cubes: Vec<String>,
    /// The cubes of its column.
    pub column_cubes: Vec<String>,
    /// The targets it is usable for (shares corner numbers with).
    pub usable_for: Vec<Usable>,
    /// Conway's eight for this cube as the target.
    pub interior_eight: Vec<String>,
}

/// Everything about one cube.
pub fn cube(id: CubeId) -> CubeReport {
    let (row, column) = id.row_col();
    let at = |r: usize, c: usize| CubeId::at(r, c).map(CubeId::name);
    let usable_for = members(usable_for(id))
        .into_iter()
        .map(|t| {
            let corners = tables().at_position[t.index()];
            let u = tables().usable[t.index()][id.index()];
            Usable {
                target: t.name(),
                corners: (0..8).filter(|i| u >> i & 1 == 1).map(|i| corners[i]).collect(),
            }
        })
        .collect();
    let entry = CubeEntry::new(id);
    CubeReport {
        name: entry.name,
        faces: entry.faces,
        corners: entry.corners,
        mirror: entry.mirror,
        row,
        column,
        row_cubes: (0..6).filter_map(|k| at(row, k)).collect(),
        column_cubes: (0..6).filter_map(|k| at(k, column)).collect(),
        usable_for,
        interior_eight: conway_eight(id).iter().map(|c| c.name()).collect(),
    }
}

impl fmt::Display for CubeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: faces F B L R T D = {}", self.name, spaced(&self.faces))?;
        writeln!(f, "corner numbers: {}", spaced(&self.corners))?;
        writeln!(
            f,
            "mirror: {} (top and bottom swapped; no corner number in common)",
            self.mirror
        )?;
        writeln!(f, "row {}: {}", ROWS[self.row], self.row_cubes.join(" "))?;
        let column = ROWS[self.column].to_ascii_lowercase();
        writeln!(f, "column {column}: {}", self.column_cubes.join(" "))?;
        writeln!(
            f,
            "usable for {} targets (shared corner numbers):",
            self.usable_for.len()
        )?;
        for u in &self.usable_for {
            writeln!(f, "  {}  {}", u.target, spaced(&u.corners))?;
        }
        writeln!(
            f,
            "Conway's eight for target {}: {}",
            self.name,
            self.interior_eight.join(" ")
        )
    }
}

/// One edge of the graph model: a cube usable at two of the target's corners.
#[derive(Clone, Debug, Serialize)]
pub struct Edge {
    /// The cube's place in the collection, from 1.
    pub slot: usize,
    /// The cube's name.
    pub cube: String,
    /// The two corner numbers it joins.
    pub corners: [u16; 2],
}

/// A connected component of the graph model.
#[derive(Clone, Debug, Serialize)]
pub struct Component {
    /// Its corners (the target's corner numbers).
    pub corners: Vec<u16>,
    /// Its number of edges.
    pub edge_count: usize,
}

/// The paper's graph model of a collection for a target.
#[derive(Clone, Debug, Serialize)]
pub struct Graph {
    /// The target's corner numbers by corner position.
    pub vertices: [u16; 8],
    /// One edge per cube usable at two corners.
    pub edges: Vec<Edge>,
    /// Slots (from 1) of the copies of the target, which fit every corner.
    pub wildcards: Vec<usize>,
    /// Slots (from 1) of the cubes with no corner number of the target.
    pub unusable: Vec<usize>,
    /// The connected components.
    pub components: Vec<Component>,
}

impl Graph {
    fn new(g: &GraphModel) -> Graph {
        let slots = |v: &[usize]| v.iter().map(|s| s + 1).collect();
        Graph {
            vertices: g.vertices,
            edges: g
                .edges
                .iter()
                .map(|&(s, c, a, b)| Edge {
                    slot: s + 1,
                    cube: c.name(),
                    corners: [g.vertices[a], g.vertices[b]],
                })
                .collect(),
            wildcards: slots(&g.wildcards),
            unusable: slots(&g.unusable),
            components: g
                .components
                .iter()
                .map(|(vs, e)| Component {
                    corners: vs.iter().map(|&v| g.vertices[v]).collect(),
                    edge_count: *e,
                })
                .collect(),
        }
    }
}

impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "graph model: vertices = the target's corner numbers, one edge per cube usable at two corners"
        )?;
        for e in &self.edges {
            writeln!(
                f,
                "  edge {} (cube {}): {} - {}",
                e.cube, e.slot, e.corners[0], e.corners[1]
            )?;
        }
        if !self.wildcards.is_empty() {
            writeln!(
                f,
                "  copies of the target (fit every corner): cubes {}",
                spaced(&self.wildcards)
            )?;
        }
        if !self.unusable.is_empty() {
            writeln!(
                f,
                "  unusable (no corner number of the target): cubes {}",
                spaced(&self.unusable)
            )?;
        }
        for c in &self.components {
            let (v, e) = (c.corners.len(), c.edge_count);
            let kind = match v as i64 - e as i64 {
                0 => "one cycle: factor 2".to_string(),
                1 => format!("tree: needs a copy of the target, {v} places for it"),
                _ if e > v => "more cubes than corners".to_string(),
                _ => "forest short of cubes".to_string(),
            };
            writeln!(f, "  component {{{}}}: {e} edges, {kind}", spaced(&c.corners))?;
        }
        Ok(())
    }
}

/// One cube of a solution.
#[derive(Clone, Debug, Serialize)]
pub struct Placed {
    /// The corner position of the model, by its faces (`FLT`, `BRD`, ...).
    pub position: String,
    /// The cube's name.
    pub cube: String,
    /// The cube's place in the collection, from 1.
    pub slot: usize,
    /// Its faces as placed, colours 1..6, faces F B L R T D.
    pub faces: [u16; 6],
}

/// `target solve`: whether a collection builds a target, in how many ways,
/// the graph model, and the solutions.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    /// The target's name.
    pub target: String,
    /// The target's colouring, colours 1..6, faces F B L R T D.
    pub target_faces: [u16; 6],
    /// The collection's cubes, by name, in the order given.
    pub cubes: Vec<String>,
    /// Whether MacMahon's interior rule was asked for.
    pub interior: bool,
    /// Whether the collection builds the target.
    pub builds: bool,
    /// The solution number: fillings of the eight corners by different
    /// cubes, counted directly (a 128-bit count: many copies of a cube give
    /// more than 2^64 fillings).
    pub count: u128,
    /// `count` with swaps of identical copies not told apart (also with the
    /// copies left out of a filling).
    pub count_up_to_copies: u128,
    /// The graph model's count (summed over every choice of eight when more
    /// cubes are given), equal to `count`; `null` when there are too many
    /// choices of eight to sum.
    pub graph_model_count: Option<u64>,
    /// With `interior`: the solutions whose touching inner faces match.
    pub interior_count: Option<u64>,
    /// The graph model.
    pub graph: Graph,
    /// The solutions listed (interior-matching ones with `interior`), each
    /// eight placements by corner position, at most the limit asked for.
    pub solutions: Vec<Vec<Placed>>,
    /// The solutions as the solver gave them (for the picture).
    #[serde(skip)]
    pub listed: Vec<Solution>,
    /// The graph model as the solver gave it (for the picture).
    #[serde(skip)]
    pub model: GraphModel,
    /// The method asked for besides the direct count.
    pub method: Method,
    /// With `--method primes`: Section 7's prime method's count, equal to
    /// `count` (summed over every choice of eight when more cubes are
    /// given; `null` past [`PRIMES_BUDGET`] tuples).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub primes_count: Option<u64>,
    /// With `--method primes` and eight cubes: the corner count vector.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub corner_counts: Option<Vec<CornerCount>>,
}

/// How `target solve` cross-checks the direct count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// The paper's graph model (Sections 3 and 4).
    #[default]
    Graph,
    /// The graph model and Section 7's prime method.
    Primes,
}

/// The most tuples of Cartesian products the prime method walks for one
/// `target solve`.
pub const PRIMES_BUDGET: u64 = 200_000_000;

/// [`solve`], and with [`Method::Primes`] also Section 7's prime method,
/// which must agree with the direct count.
pub fn solve_with_method(
    target: CubeId,
    cubes: &[CubeId],
    interior: bool,
    limit: usize,
    method: Method,
) -> Result<SolveReport, Error> {
    let mut r = solve(target, cubes, interior, limit)?;
    r.method = method;
    if method == Method::Primes {
        let p = primes::over_eights(target, cubes, PRIMES_BUDGET);
        if let Some(p) = p.filter(|&p| u128::from(p) != r.count) {
            return Err(Error::Internal(format!(
                "prime method gives {p}, direct count {}",
                r.count
            )));
        }
        r.primes_count = p;
        r.corner_counts = <&[CubeId; 8]>::try_from(cubes)
            .ok()
            .map(|eight| primes::corner_count_vector(target, eight));
    }
    Ok(r)
}

/// The most choices of eight cubes the graph model's count is summed over.
pub const GRAPH_CHOICES: u64 = 50_000_000;

/// Interior-matching solutions are counted one by one; past this many the
/// count is refused rather than run for hours.
pub const INTERIOR_CAP: u64 = 100_000_000;

/// Solves `cubes` for `target`: the direct count cross-checked against the
/// graph model, at most `limit` solutions listed (interior-matching ones with
/// `interior`), each re-checked from the colourings.
pub fn solve(target: CubeId, cubes: &[CubeId], interior: bool, limit: usize) -> Result<SolveReport, Error> {
    if cubes.len() < 8 {
        return Err(Error::TooFewCubes(cubes.len()));
    }
    let model = GraphModel::new(target, cubes);
    let too_many = || {
        let what = "the solution number";
        LimitError::new(what, "more than 2^128 - 1", "2^128 - 1 (a 128-bit count)").hint("give fewer copies")
    };
    let count = count_by_kind(target, cubes, false).ok_or_else(too_many)?;
    let count_up_to_copies = count_by_kind(target, cubes, true).ok_or_else(too_many)?;
    // The cube-by-cube count, an independent check, fits 64 bits below 256
    // cubes (at most 255^8 < 2^64 fillings).
    if cubes.len() < 256 && u128::from(count_direct(target, cubes)) != count {
        let direct = count_direct(target, cubes);
        return Err(Error::Internal(format!(
            "counted by kind {count}, cube by cube {direct}"
        )));
    }
    // The graph model's count: itself for 8 cubes, else summed over every
    // choice of 8 (when there are not too many choices to sum).
    let graph_model_count = match model.solution_number() {
        Some(n) => Some(n),
        None if binomial(cubes.len() as u64, 8) <= GRAPH_CHOICES => Some(solution_number_over_eights(target, cubes)),
        None => None,
    };
    if let Some(g) = graph_model_count.filter(|&g| u128::from(g) != count) {
        return Err(Error::Internal(format!("graph model gives {g}, direct count {count}")));
    }
    let listed = solutions(target, cubes, interior, limit);
    for s in &listed {
        check(target, cubes, s, interior)?;
    }
    let interior_count = match interior.then(|| count_solutions(target, cubes, true, INTERIOR_CAP + 1)) {
        Some(n) if n > INTERIOR_CAP => {
            let what = "counting interior-matching solutions one by one";
            let needed = format!("more than {INTERIOR_CAP} solutions");
            return Err(LimitError::new(what, needed, INTERIOR_CAP).into());
        }
        n => n,
    };
    let solutions = listed
        .iter()
        .map(|s| {
            s.iter()
                .map(|p| Placed {
                    position: corner_name(p.corner),
                    cube: p.cube.name(),
                    slot: p.slot + 1,
                    faces: faces_of(p.cube, p.rotation),
                })
                .collect()
        })
        .collect();
    Ok(SolveReport {
        target: target.name(),
        target_faces: faces_of(target, cubist_cube::Rotation::IDENTITY),
        cubes: cubes.iter().map(|c| c.name()).collect(),
        interior,
        builds: count > 0,
        count,
        count_up_to_copies,
        graph_model_count,
        interior_count,
        graph: Graph::new(&model),
        solutions,
        listed,
        model,
        method: Method::Graph,
        primes_count: None,
        corner_counts: None,
    })
}

impl fmt::Display for SolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.cubes.len();
        writeln!(
            f,
            "target {} ({}), {n} cubes: {}",
            self.target,
            spaced(&self.target_faces),
            self.cubes.join(" ")
        )?;
        if self.builds {
            writeln!(f, "builds {}: solution number {}", self.target, self.count)?;
        } else {
            writeln!(f, "does not build {}: solution number 0", self.target)?;
        }
        match self.graph_model_count {
            Some(g) if n == 8 => writeln!(f, "graph model: {g} (agrees with direct counting)")?,
            Some(g) => writeln!(f, "graph model summed over every 8 of the {n} cubes: {g} (agrees)")?,
            None => writeln!(f, "graph model: too many choices of 8 to sum; direct count only")?,
        }
        let mut distinct = self.cubes.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() < n {
            writeln!(f, "up to swapping identical copies: {}", self.count_up_to_copies)?;
        }
        write!(f, "{}", self.graph)?;
        if self.method == Method::Primes {
            write_primes(f, self.primes_count, self.corner_counts.as_deref(), n)?;
        }
        if let Some(n) = self.interior_count {
            writeln!(f, "with matching interior faces: {n} solutions")?;
        }
        let rows = self.solutions.iter().map(|s| {
            s.iter()
                .map(|p| format!("{} {} {}", p.position, p.cube, p.faces.map(|x| x.to_string()).concat()))
                .collect()
        });
        let total = self.interior_count.map_or(self.count, u128::from);
        write_listing(f, self.interior, "cube as placed, faces F B L R T D", rows, total)
    }
}

/// The solutions `target solve` lists, a row of cells each (one per
/// corner), headed by `legend` (what a cell shows), and how many more
/// `--limit` left out of `total`.
pub(crate) fn write_listing(
    f: &mut fmt::Formatter<'_>,
    interior: bool,
    legend: &str,
    rows: impl ExactSizeIterator<Item = Vec<String>>,
    total: u128,
) -> fmt::Result {
    let shown = if interior {
        "interior-matching solutions"
    } else {
        "solutions"
    };
    writeln!(f, "{shown} (corner: {legend}):")?;
    let listed = rows.len() as u128;
    for (i, cells) in rows.enumerate() {
        writeln!(f, "{:>4}: {}", i + 1, cells.join(" | "))?;
    }
    if listed < total {
        writeln!(f, "  ... {} more (--limit)", total - listed)?;
    }
    Ok(())
}

/// The prime method's lines of `target solve --method primes`.
fn write_primes(
    f: &mut fmt::Formatter<'_>,
    count: Option<u64>,
    vector: Option<&[CornerCount]>,
    n: usize,
) -> fmt::Result {
    if let Some(v) = vector {
        let indices: Vec<String> = primes::PRIMES.iter().map(u64::to_string).collect();
        writeln!(
            f,
            "prime method (Section 7): cubes 1..8 have indices {}; corner count vector:",
            indices.join(" ")
        )?;
        for c in v {
            writeln!(f, "  corner {}: m = {}, indices {}", c.corner, c.m, spaced(&c.primes))?;
        }
        writeln!(
            f,
            "  tuples of the Cartesian product whose product is divisible by {}: {}",
            primes::MODULUS,
            count.unwrap_or(0)
        )?;
    }
    match count {
        Some(p) if n == 8 => writeln!(f, "prime method: {p} (agrees with direct counting)"),
        Some(p) => writeln!(f, "prime method summed over every 8 of the {n} cubes: {p} (agrees)"),
        None => writeln!(
            f,
            "prime method: more than {PRIMES_BUDGET} tuples to walk; direct count and graph model only"
        ),
    }
}

/// `target census --table1`: Table 1 for some targets.
#[derive(Clone, Debug, Serialize)]
pub struct Table1Report {
    /// How the solution numbers were found: `graph` or `primes`.
    pub method: super::Table1Method,
    /// One table per target asked for.
    pub tables: Vec<Table1>,
    /// Whether all the tables are the same (they are, for the 30 targets).
    pub same: bool,
}

/// Table 1 for each of `targets`, by the graph model over the building
/// sets or by Section 7's prime method over every eight of the usable
/// cubes (the two agree; the tests compare them).
pub fn table1(targets: &[CubeId], method: super::Table1Method) -> Table1Report {
    Table1Report::of(method, table1_rows(targets, method, None).into_values().collect())
}

/// Table 1 for the targets of `shard` (all without one): the census's
/// parts are its targets, in order; each table by its target's position.
pub fn table1_rows(
    targets: &[CubeId],
    method: super::Table1Method,
    shard: Option<crate::shard::Shard>,
) -> BTreeMap<usize, Table1> {
    let all: Vec<CubeId> = CubeId::all().collect();
    targets
        .iter()
        .enumerate()
        .filter(|&(position, _)| shard.is_none_or(|s| s.owns(position)))
        .map(|(position, &t)| {
            let table = match method {
                super::Table1Method::Primes => {
                    let histogram = cubist_macmahon::primes::distribution(t, &all);
                    Table1 {
                        target: t.name(),
                        collections: histogram.values().sum(),
                        histogram,
                    }
                }
                _ => cubist_macmahon::census::table1(t),
            };
            (position, table)
        })
        .collect()
}

impl Table1Report {
    /// The report of these tables, one per target asked for, in order.
    pub fn of(method: super::Table1Method, tables: Vec<Table1>) -> Table1Report {
        let same = tables.windows(2).all(|w| w[0].histogram == w[1].histogram);
        Table1Report { method, tables, same }
    }
}

impl fmt::Display for Table1Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.tables.len();
        if self.method == super::Table1Method::Primes {
            writeln!(
                f,
                "by Section 7's prime method (corner-count vectors over every eight usable cubes):"
            )?;
        }
        if n > 1 && self.same {
            writeln!(f, "every one of the 30 targets has the same Table 1:")?;
        }
        let shown = if self.same {
            &self.tables[..n.min(1)]
        } else {
            &self.tables[..]
        };
        for t in shown {
            if n == 1 || !self.same {
                writeln!(f, "target {}:", t.target)?;
            }
            writeln!(f, "{} collections of 8 different cubes build it", t.collections)?;
            writeln!(f, "{:>16} {:>12}", "solution number", "collections")?;
            for (s, c) in &t.histogram {
                writeln!(f, "{s:>16} {c:>12}")?;
            }
        }
        Ok(())
    }
}

/// A collection of eight building the most targets, and those targets.
#[derive(Clone, Debug, Serialize)]
pub struct MaxSet {
    /// The eight cubes.
    pub collection: Vec<String>,
    /// The targets they build.
    pub targets: Vec<String>,
}

/// `target census --table2`: how many targets each collection of eight
/// builds, and the collections building the most (Theorem 7).
#[derive(Clone, Debug, Serialize)]
pub struct Table2Report {
    /// C(30, 8): the collections of eight different cubes.
    pub collection_count: u64,
    /// Number of targets built -> collections.
    pub histogram: BTreeMap<usize, u64>,
    /// The most targets one collection builds.
    pub max: usize,
    /// How many collections build `max` targets.
    pub max_count: usize,
    /// Those collections and their targets.
    pub max_sets: Vec<MaxSet>,
    /// How many of `max_sets` the text lists.
    #[serde(skip)]
    pub show: usize,
}

/// Table 2; the text lists `show` of the collections building the most.
pub fn table2(show: usize) -> Table2Report {
    let t = cubist_macmahon::census::table2();
    Table2Report {
        collection_count: t.collections,
        histogram: t.histogram,
        max: t.max,
        max_count: t.max_sets.len(),
        max_sets: t
            .max_sets
            .iter()
            .map(|&(c, ts)| MaxSet {
                collection: names(c),
                targets: names(ts),
            })
            .collect(),
        show,
    }
}

impl fmt::Display for Table2Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.collection_count;
        writeln!(f, "{total} collections of 8 different cubes")?;
        writeln!(f, "{:>8} {:>12} {:>10}", "targets", "collections", "share")?;
        for (k, n) in &self.histogram {
            writeln!(f, "{k:>8} {n:>12} {:>10.5}", *n as f64 / total as f64)?;
        }
        writeln!(
            f,
            "at most {} targets; {} collections build {} (Theorem 7's construction, exactly):",
            self.max, self.max_count, self.max
        )?;
        for s in self.max_sets.iter().take(self.show) {
            writeln!(f, "  {}  ->  {}", s.collection.join(" "), s.targets.join(" "))?;
        }
        if self.max_count > self.show {
            writeln!(f, "  ... {} more (--json lists all)", self.max_count - self.show)?;
        }
        Ok(())
    }
}

/// `target census --universal`: every minimum universal set.
#[derive(Clone, Debug, Serialize)]
pub struct UniversalReport {
    /// Their size: no smaller set builds all 30 targets.
    pub size: usize,
    /// How many there are.
    pub count: usize,
    /// The sets, each a list of cube names.
    pub sets: Vec<Vec<String>>,
    /// With `--explain`: how the sets lie under the colour renamings, the
    /// mirror and the tableau's symmetries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orbit: Option<OrbitReport>,
}

/// The minimum universal sets (two 2^30 sweeps).
pub fn universal_sets(opts: &Options) -> Result<UniversalReport, Error> {
    universal_sets_explained(opts, false)
}

/// [`universal_sets`], with `explain` also their orbit under the symmetries.
pub fn universal_sets_explained(opts: &Options, explain: bool) -> Result<UniversalReport, Error> {
    let (size, sets) = universal(opts)?;
    universal_report(size, &sets, explain)
}

/// The report of the minimum universal sets `sets` (masks, sorted) of
/// `size` cubes, with `explain` their orbit under the symmetries.
pub fn universal_report(size: usize, sets: &[u32], explain: bool) -> Result<UniversalReport, Error> {
    let orbit = explain.then(|| orbit_report(sets));
    if let Some(o) = orbit.as_ref().filter(|o| !o.generators_checked) {
        return Err(Error::Internal(format!(
            "a generator is not a symmetry of building: {o:?}"
        )));
    }
    Ok(UniversalReport {
        size,
        count: sets.len(),
        sets: sets.iter().map(|&s| names(s)).collect(),
        orbit,
    })
}

impl fmt::Display for UniversalReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "minimum universal sets: {} sets of {} cubes build all 30 targets (no smaller set does)",
            self.count, self.size
        )?;
        for s in &self.sets {
            writeln!(f, "  {}", s.join(" "))?;
        }
        if let Some(o) = &self.orbit {
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

/// The sets of one size `k` in the spectrum.
#[derive(Clone, Debug, Serialize)]
pub struct Level {
    /// The number of cubes in each set.
    pub k: usize,
    /// How many sets of `k` cubes there are, C(30, k).
    pub set_count: u64,
    /// The fewest targets such a set builds.
    pub min: usize,
    /// The most targets such a set builds.
    pub max: usize,
    /// How many sets build `max` targets.
    pub argmax_count: u64,
    /// The mean number of targets a set of `k` cubes builds (over all
    /// C(30, k) of them: the exact value of the paper's Section 6 sample
    /// means).
    pub mean: f64,
    /// Their standard deviation (of the whole population).
    pub std_dev: f64,
    /// Targets built -> sets (non-zero entries only).
    pub histogram: BTreeMap<usize, u64>,
    /// Up to 5 sets building `min` targets, the first in sweep order.
    pub min_examples: Vec<Vec<String>>,
    /// Up to 5 sets building `max` targets.
    pub max_examples: Vec<Vec<String>>,
}

/// `target census --spectrum`: for every k, how many targets the sets of k
/// cubes build, and the answers to the paper's open questions.
#[derive(Clone, Debug, Serialize)]
pub struct SpectrumReport {
    /// k = 0..30.
    pub levels: Vec<Level>,
    /// The open questions of the paper's Section 6.
    pub answers: OpenAnswers,
    /// With a sample: the paper's Figure 7 experiment, sizes 9 to 12.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub samples: Vec<Sample>,
    /// The sample's seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// Random sets of `k` cubes and the targets each builds (the paper's
/// Figure 7: 20,000 sets of each size 9 to 12).
#[derive(Clone, Debug, Serialize)]
pub struct Sample {
    /// The number of cubes in each set.
    pub k: usize,
    /// How many sets were drawn (uniformly, independently).
    pub set_count: u64,
    /// The fewest targets a drawn set builds.
    pub min: usize,
    /// The most.
    pub max: usize,
    /// The sample mean.
    pub mean: f64,
    /// The sample's standard deviation (divided by the count, as the
    /// exact levels' is).
    pub std_dev: f64,
    /// Targets built -> drawn sets.
    pub histogram: BTreeMap<usize, u64>,
}

/// The most sets [`figure7`] draws of each size.
pub const MAX_SAMPLE: u64 = 1_000_000;

/// The paper's Figure 7 experiment: `n` uniformly random sets of each size
/// 9 to 12 (ChaCha8 from `seed`), the targets each builds counted from
/// its eight-subsets.
pub fn figure7(n: u64, seed: u64) -> Result<Vec<Sample>, Error> {
    use rand::SeedableRng;
    if n > MAX_SAMPLE {
        return Err(LimitError::new("--sample", n, MAX_SAMPLE).into());
    }
    let table = cubist_macmahon::spectrum::EightTargets::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    Ok((9..=12)
        .map(|k| {
            let mut cells = [0u64; 31];
            for _ in 0..n {
                let picked = rand::seq::index::sample(&mut rng, 30, k);
                let set = picked.iter().fold(0u32, |m, i| m | 1 << i);
                cells[table.targets_built(set)] += 1;
            }
            let (mean, std_dev) = mean_and_std_dev(&cells);
            let seen: Vec<usize> = (0..31).filter(|&c| cells[c] > 0).collect();
            Sample {
                k,
                set_count: n,
                min: seen.first().copied().unwrap_or(0),
                max: seen.last().copied().unwrap_or(0),
                mean,
                std_dev,
                histogram: seen.iter().map(|&c| (c, cells[c])).collect(),
            }
        })
        .collect())
}

/// The spectrum of all 2^30 sets.
pub fn spectrum_report(opts: &Options) -> Result<SpectrumReport, Error> {
    Ok(spectrum_report_of(spectrum(opts)?))
}

/// The report of a swept spectrum (whole, or merged from shards).
pub fn spectrum_report_of(s: cubist_macmahon::spectrum::Spectrum) -> SpectrumReport {
    let examples = |k: usize, c: usize| s.examples[k][c].iter().map(|&m| names(m)).collect();
    let levels = (0..=30)
        .map(|k| {
            let (min, max) = s.min_max(k);
            let (mean, std_dev) = mean_and_std_dev(&s.cells[k]);
            Level {
                k,
                set_count: s.cells[k].iter().sum(),
                min,
                max,
                argmax_count: s.cells[k][max],
                mean,
                std_dev,
                histogram: (0..31)
                    .filter(|&c| s.cells[k][c] > 0)
                    .map(|c| (c, s.cells[k][c]))
                    .collect(),
                min_examples: examples(k, min),
                max_examples: examples(k, max),
            }
        })
        .collect();
    SpectrumReport {
        levels,
        answers: s.open_questions(),
        samples: Vec::new(),
        seed: None,
    }
}

/// The mean and (population) standard deviation of a level's targets
/// built, `cells[c]` sets building `c`: sums in integers (exact below
/// 2^128), one division each.
fn mean_and_std_dev(cells: &[u64; 31]) -> (f64, f64) {
    let (mut n, mut sum, mut squares) = (0u128, 0u128, 0u128);
    for (c, &m) in cells.iter().enumerate() {
        let (c, m) = (c as u128, m as u128);
        n += m;
        sum += c * m;
        squares += c * c * m;
    }
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = sum as f64 / n as f64;
    // n²·variance = n·Σc² - (Σc)², exact in integers.
    let scaled = (n * squares - sum * sum) as f64;
    (mean, scaled.sqrt() / n as f64)
}

impl SpectrumReport {
    /// The counts as `cells[k][c]`: sets of `k` cubes building `c` targets.
    pub fn cells(&self) -> Cells {
        self.levels
            .iter()
            .map(|l| std::array::from_fn(|c| l.histogram.get(&c).copied().unwrap_or(0)))
            .collect()
    }
}

impl fmt::Display for SpectrumReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "all 2^30 sets of MacMahon cubes: how many of the 30 targets each builds"
        )?;
        writeln!(
            f,
            "{:>3} {:>11} {:>4} {:>4} {:>6} {:>5} {:>11}  example at the maximum",
            "k", "sets", "min", "max", "mean", "sd", "at max"
        )?;
        for l in &self.levels {
            let ex = l.max_examples.first().map(|m| m.join(" ")).unwrap_or_default();
            writeln!(
                f,
                "{:>3} {:>11} {:>4} {:>4} {:>6.2} {:>5.2} {:>11}  {ex}",
                l.k, l.set_count, l.min, l.max, l.mean, l.std_dev, l.argmax_count
            )?;
        }
        writeln!(f, "histograms (k: targets built = sets):")?;
        for l in &self.levels[8..=24] {
            let h: Vec<String> = l.histogram.iter().map(|(c, n)| format!("{c}={n}")).collect();
            writeln!(f, "  k={}: {}", l.k, h.join(" "))?;
        }
        if let Some(seed) = self.seed {
            writeln!(
                f,
                "Figure 7's experiment (random sets, seed {seed}) beside the exact distribution:"
            )?;
            writeln!(
                f,
                "{:>3} {:>9} {:>4} {:>4} {:>6} {:>5}   exact: {:>4} {:>4} {:>6} {:>5}",
                "k", "drawn", "min", "max", "mean", "sd", "min", "max", "mean", "sd"
            )?;
            for s in &self.samples {
                let l = &self.levels[s.k];
                writeln!(
                    f,
                    "{:>3} {:>9} {:>4} {:>4} {:>6.2} {:>5.2}          {:>4} {:>4} {:>6.2} {:>5.2}",
                    s.k, s.set_count, s.min, s.max, s.mean, s.std_dev, l.min, l.max, l.mean, l.std_dev
                )?;
            }
        }
        writeln!(f, "the paper's open questions:")?;
        // The answers by their JSON names, alphabetically.
        let answers = serde_json::to_value(&self.answers).map_err(|_| fmt::Error)?;
        for (q, a) in answers.as_object().into_iter().flatten() {
            writeln!(f, "  {q}: {a}")?;
        }
        Ok(())
    }
}

/// A cube and its number of copies in a multiset.
#[derive(Clone, Debug, Serialize)]
pub struct Copies {
    /// The cube's name.
    pub cube: String,
    /// How many copies.
    pub copies: u32,
}

/// `target census --multiset`: the largest multiset building no target,
/// with the figures of the search that proves no larger one exists.
#[derive(Clone, Debug, Serialize)]
pub struct MultisetReport {
    /// Its number of cubes.
    pub size: u32,
    /// Its cubes and their copies.
    pub multiset: Vec<Copies>,
    /// Sets of distinct cubes that build no target: every possible support.
    pub support_count: u64,
    /// Supports whose bound reaches `size`, all searched in full.
    pub searched_count: u64,
    /// (support, doubled set) choices reaching `size`.
    pub optimum_count: u64,
}

/// The largest multiset that builds no target (a 2^30 sweep and a search).
pub fn multiset(opts: &Options) -> Result<MultisetReport, Error> {
    Ok(multiset_report_of(largest_infeasible(opts)?))
}

/// The report of a multiset census's answer (whole, or from its shards).
pub fn multiset_report_of(r: cubist_macmahon::multiset::Infeasible) -> MultisetReport {
    MultisetReport {
        size: r.size,
        multiset: r
            .multiset
            .iter()
            .map(|&(c, n)| Copies {
                cube: c.name(),
                copies: n,
            })
            .collect(),
        support_count: r.supports,
        searched_count: r.searched,
        optimum_count: r.optima,
    }
}

impl fmt::Display for MultisetReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .multiset
            .iter()
            .map(|c| format!("{} x{}", c.cube, c.copies))
            .collect();
        writeln!(
            f,
            "largest multiset of MacMahon cubes that builds no target: {} cubes",
            self.size
        )?;
        writeln!(f, "  {}", parts.join(", "))?;
        writeln!(
            f,
            "  (checked: the direct counter finds no filling of any of the 30 targets)"
        )?;
        writeln!(
            f,
            "no larger one exists: all {} sets of distinct cubes that build no target were the possible \
             supports; {} of them could reach the size by their bound and were searched exhaustively \
             ({} (support, doubled cubes) choices reach {})",
            self.support_count, self.searched_count, self.optimum_count, self.size
        )
    }
}

/// `target census --haraguchi`: Haraguchi's set, its per-target numbers
/// and Figure 9 (`cubist_macmahon::haraguchi`), its JSON the computation's
/// fields as they are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct HaraguchiReport(pub Haraguchi);

/// The report for the cube set `set` (a mask of at least eight cubes).
pub fn haraguchi_report(set: u32) -> HaraguchiReport {
    HaraguchiReport(haraguchi(set))
}

impl fmt::Display for HaraguchiReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.0;
        let split = h.split.as_deref().map(|s| format!(" (rows {s})")).unwrap_or_default();
        writeln!(f, "set of {} cubes{split}: {}", h.set.len(), h.set.join(" "))?;
        writeln!(
            f,
            "per target: collections of 8 of the set that build it, by solution number"
        )?;
        for t in &h.targets {
            let h: Vec<String> = t.histogram.iter().map(|(s, c)| format!("{s} x{c}")).collect();
            writeln!(
                f,
                "  {} {:<7} unusable: {:<12} building collections: {:>2}, solution numbers {}",
                t.target,
                if t.in_set { "in set" } else { "outside" },
                t.unusable.join(" "),
                t.collection_count,
                h.join(" ")
            )?;
        }
        writeln!(
            f,
            "Figure 9: subsets of k cubes of the set, by targets built (targets=subsets)"
        )?;
        for l in &h.levels {
            let h: Vec<String> = l.histogram.iter().map(|(t, c)| format!("{t}={c}")).collect();
            writeln!(f, "  k={:<2} {:>3} subsets: {}", l.k, l.set_count, h.join(" "))?;
        }
        Ok(())
    }
}
