//! `cubist target`: MacMahon's 30 cubes and the 2x2x2 target puzzle
//! (the work is `cubist_macmahon`): the cubes and Conway's tableau, one cube,
//! solving a collection for a target, and the censuses of Johnson and Roldán.

use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use cubist_macmahon::census::{members, table1, table2};
use cubist_macmahon::input::{cube_list, Reader};
use cubist_macmahon::macmahon::{conway_eight, corner_name, tables, usable_for, CubeId};
use cubist_macmahon::solve::{
    check, copies_factor, count_direct, count_solutions, solution_number_over_eights, solutions, GraphModel, Solution,
};
use cubist_macmahon::spectrum::{names, spectrum, universal, Options};
use serde_json::{json, Value};
use std::io::IsTerminal;
use std::path::PathBuf;

/// `println!` that returns an error on a closed pipe (`| head`) instead of
/// panicking; only for functions returning `anyhow::Result`.
macro_rules! outln {
    ($($arg:tt)*) => {
        emit(&format!($($arg)*))?
    };
}

fn emit(line: &str) -> anyhow::Result<()> {
    use std::io::Write;
    writeln!(std::io::stdout().lock(), "{line}").context("cannot write to standard output")
}

#[derive(Subcommand)]
pub enum Command {
    /// The 30 MacMahon cubes: Conway's names, colourings, corner numbers.
    Cubes(CubesArgs),
    /// One cube: its colouring, corners, mirror, row, column, targets.
    Cube(CubeArgs),
    /// Can these cubes build the target? Every solution and the graph model.
    Solve(SolveArgs),
    /// Recompute the paper's tables and the spectrum over all sets of cubes.
    Census(CensusArgs),
}

#[derive(Args)]
pub struct CubesArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Draw Conway's tableau to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

#[derive(Args)]
pub struct CubeArgs {
    /// A name (`Ba`) or six colours in face order F B L R T D (`"1 5 2 4 3 6"`).
    cube: String,
    /// The tokens of colours 1..6, comma-separated (default: digits stand for
    /// themselves, other tokens are numbered in order of first appearance).
    #[arg(long, value_name = "C1,...,C6", value_delimiter = ',')]
    colours: Option<Vec<String>>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct SolveArgs {
    /// The target: a name or six colours.
    #[arg(long)]
    target: String,
    /// The cubes, comma-separated names or colourings (8 or more, repeats allowed).
    #[arg(long, required_unless_present = "file")]
    cubes: Option<String>,
    /// Read the cubes from a cube-set file instead (any colour tokens).
    #[arg(long, value_name = "FILE.cubes", conflicts_with = "cubes")]
    file: Option<PathBuf>,
    /// The tokens of colours 1..6, comma-separated.
    #[arg(long, value_name = "C1,...,C6", value_delimiter = ',')]
    colours: Option<Vec<String>>,
    /// Also require touching inner faces to have the same colour (MacMahon's rule).
    #[arg(long)]
    interior: bool,
    /// List at most this many solutions (all are counted).
    #[arg(long, default_value_t = 100, value_name = "COUNT")]
    limit: usize,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Draw the solutions (exploded model) and the graph model to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

#[derive(Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["table1", "table2", "universal", "spectrum", "multiset"])))]
pub struct CensusArgs {
    /// Table 1: the collections of 8 that build a target, by solution number.
    #[arg(long)]
    table1: bool,
    /// With --table1: only this target (default: all 30, which agree).
    #[arg(long, requires = "table1")]
    target: Option<String>,
    /// Table 2: how many targets each collection of 8 builds; Theorem 7.
    #[arg(long)]
    table2: bool,
    /// Every minimum universal set (smallest sets building all 30 targets).
    #[arg(long)]
    universal: bool,
    /// For every k, over all k-subsets: the histogram of targets built.
    #[arg(long)]
    spectrum: bool,
    /// The largest multiset of cubes that builds no target, with the proof
    /// that none is larger (a sweep and an exhaustive search, about a minute).
    #[arg(long)]
    multiset: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// With --spectrum: draw the heat map of k against targets built.
    #[arg(long, value_name = "OUT.svg")]
    plot: Option<PathBuf>,
    /// Save progress here and resume from it (--spectrum, --universal, --multiset).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// In the text output, list at most this many sets per list.
    #[arg(long, default_value_t = 10, value_name = "COUNT")]
    show: usize,
}

pub fn run(c: Command, _out: &mut crate::out::Out) -> anyhow::Result<()> {
    match c {
        Command::Cubes(a) => cubes(a),
        Command::Cube(a) => cube(a),
        Command::Solve(a) => solve(a),
        Command::Census(a) => census(a),
    }
}

fn digits(id: CubeId) -> String {
    id.cube().faces.map(|c| (c.0 + 1).to_string()).join(" ")
}

fn corners_text(id: CubeId) -> String {
    id.corners().map(|c| c.to_string()).join(" ")
}

fn join(ids: impl IntoIterator<Item = CubeId>) -> String {
    ids.into_iter().map(CubeId::name).collect::<Vec<_>>().join(" ")
}

fn digit_colours() -> Vec<String> {
    (1..=6).map(|c| c.to_string()).collect()
}

fn faces(id: CubeId, rotation: cubist_cube::Rotation) -> [usize; 6] {
    id.cube().rotated(rotation).faces.map(|c| c.index())
}

fn cubes(a: CubesArgs) -> anyhow::Result<()> {
    if let Some(path) = &a.svg {
        let cells: Vec<_> = CubeId::all()
            .map(|id| {
                let (row, col) = id.row_col();
                cubist_render::target::TableauCell {
                    row,
                    col,
                    name: id.name(),
                    faces: faces(id, cubist_cube::Rotation::IDENTITY),
                }
            })
            .collect();
        let svg = cubist_render::target::tableau_svg(&digit_colours(), &cells).map_err(anyhow::Error::msg)?;
        crate::out::write_file(path, &svg)?;
    }
    if a.json {
        let list: Vec<Value> = CubeId::all()
            .map(|id| {
                let (r, c) = id.row_col();
                json!({"name": id.name(), "row": r, "column": c, "faces": id.cube().faces.map(|x| x.0 + 1),
                       "corners": id.corners(), "mirror": id.mirror().name()})
            })
            .collect();
        return crate::out::print_json(&json!({"face_order": "F B L R T D", "cubes": list}));
    }
    outln!("MacMahon's 30 cubes, Conway's names; faces F B L R T D; corner numbers (Table 3)");
    for id in CubeId::all() {
        outln!("{}  {}  {}", id.name(), digits(id), corners_text(id));
    }
    Ok(())
}

fn cube(a: CubeArgs) -> anyhow::Result<()> {
    let mut reader = Reader::new(a.colours.as_deref()).map_err(anyhow::Error::msg)?;
    let id = reader.cube(&a.cube).map_err(anyhow::Error::msg)?;
    let (r, c) = id.row_col();
    let row: Vec<CubeId> = (0..6).filter_map(|k| CubeId::at(r, k)).collect();
    let col: Vec<CubeId> = (0..6).filter_map(|k| CubeId::at(k, c)).collect();
    let targets = members(usable_for(id));
    let partners = |t: CubeId| -> Vec<String> {
        let at = tables().at_position[t.index()];
        let u = tables().usable[t.index()][id.index()];
        (0..8).filter(|i| u >> i & 1 == 1).map(|i| at[i].to_string()).collect()
    };
    if a.json {
        let t: Vec<Value> = targets
            .iter()
            .map(|&t| json!({"target": t.name(), "corners": partners(t)}))
            .collect();
        return crate::out::print_json(&json!({
            "name": id.name(), "faces": id.cube().faces.map(|x| x.0 + 1), "corners": id.corners(),
            "mirror": id.mirror().name(), "row": row.iter().map(|c| c.name()).collect::<Vec<_>>(),
            "column": col.iter().map(|c| c.name()).collect::<Vec<_>>(), "usable_for": t,
            "interior_eight": conway_eight(id).map(|c| c.name()),
        }));
    }
    outln!("{}: faces F B L R T D = {}", id.name(), digits(id));
    outln!("corner numbers: {}", corners_text(id));
    outln!(
        "mirror: {} (top and bottom swapped; no corner number in common)",
        id.mirror().name()
    );
    outln!("row {}: {}", cubist_macmahon::macmahon::ROWS[r], join(row));
    outln!(
        "column {}: {}",
        cubist_macmahon::macmahon::ROWS[c].to_ascii_lowercase(),
        join(col)
    );
    outln!("usable for {} targets (shared corner numbers):", targets.len());
    for t in &targets {
        outln!("  {}  {}", t.name(), partners(*t).join(" "));
    }
    outln!("Conway's eight for target {}: {}", id.name(), join(conway_eight(id)));
    Ok(())
}

fn solve(a: SolveArgs) -> anyhow::Result<()> {
    let mut reader = Reader::new(a.colours.as_deref()).map_err(anyhow::Error::msg)?;
    let target = reader.cube(&a.target).map_err(|e| anyhow::anyhow!("--target: {e}"))?;
    let cubes = match (&a.cubes, &a.file) {
        (Some(list), _) => cube_list(&mut reader, list).map_err(|e| anyhow::anyhow!("--cubes: {e}"))?,
        (None, Some(path)) => {
            let bytes = crate::out::read_file(path)?;
            let name = path.display().to_string();
            let set = cubist_cube::parse_cube_set(&bytes, &name)?;
            reader.cube_set(&set, &name).map_err(anyhow::Error::msg)?
        }
        (None, None) => bail!("give the cubes with --cubes or --file"),
    };
    if cubes.len() < 8 {
        bail!("{} cubes given: the 2x2x2 model needs at least 8", cubes.len());
    }
    let graph = GraphModel::new(target, &cubes);
    let direct = count_direct(target, &cubes);
    // The graph model's count: itself for 8 cubes, else summed over every
    // choice of 8 (when there are not too many choices to sum).
    let graph_total = match graph.solution_number() {
        Some(n) => Some(n),
        None if cubist_macmahon::census::binomial(cubes.len() as u64, 8) <= 50_000_000 => {
            Some(solution_number_over_eights(target, &cubes))
        }
        None => None,
    };
    if let Some(g) = graph_total {
        if g != direct {
            bail!("internal error: graph model gives {g}, direct count {direct}");
        }
    }
    let list = solutions(target, &cubes, a.interior, a.limit);
    for s in &list {
        check(target, &cubes, s, a.interior).map_err(|e| anyhow::anyhow!("internal error: {e}"))?;
    }
    // Interior-matching solutions are counted one by one; past this many
    // the command says so rather than run for hours.
    const INTERIOR_CAP: u64 = 100_000_000;
    let interior_count = match a
        .interior
        .then(|| count_solutions(target, &cubes, true, INTERIOR_CAP + 1))
    {
        Some(n) if n > INTERIOR_CAP => {
            bail!("more than {INTERIOR_CAP} interior-matching solutions: too many to count one by one")
        }
        n => n,
    };
    let copies = copies_factor(&cubes);
    if let Some(path) = &a.svg {
        draw_model(path, target, &graph, &list, a.interior)?;
    }
    let cube_names: Vec<String> = cubes.iter().map(|c| c.name()).collect();
    if a.json {
        let sols: Vec<Value> = list
            .iter()
            .map(|s| {
                Value::Array(
                    s.iter()
                        .map(|p| {
                            json!({"corner": corner_name(p.corner), "cube": p.cube.name(), "slot": p.slot + 1,
                                   "faces": p.cube.cube().rotated(p.rotation).faces.map(|x| x.0 + 1)})
                        })
                        .collect(),
                )
            })
            .collect();
        return crate::out::print_json(&json!({
            "target": target.name(), "cubes": cube_names, "builds": direct > 0,
            "solutions": direct, "solutions_up_to_copies": direct / copies,
            "graph_model": graph_total, "interior_solutions": interior_count,
            "graph": graph_json(&graph), "listed": sols,
        }));
    }
    outln!(
        "target {} ({}), {} cubes: {}",
        target.name(),
        digits(target),
        cubes.len(),
        cube_names.join(" ")
    );
    if direct == 0 {
        outln!("does not build {}: solution number 0", target.name());
    } else {
        outln!("builds {}: solution number {direct}", target.name());
    }
    match graph_total {
        Some(g) if cubes.len() == 8 => outln!("graph model: {g} (agrees with direct counting)"),
        Some(g) => outln!(
            "graph model summed over every 8 of the {} cubes: {g} (agrees)",
            cubes.len()
        ),
        None => outln!("graph model: too many choices of 8 to sum; direct count only"),
    }
    if copies > 1 {
        outln!("up to swapping identical copies: {}", direct / copies);
    }
    print_graph(&graph)?;
    if let Some(n) = interior_count {
        outln!("with matching interior faces: {n} solutions");
    }
    let shown = if a.interior {
        "interior-matching solutions"
    } else {
        "solutions"
    };
    outln!("{shown} (corner: cube as placed, faces F B L R T D):");
    for (i, s) in list.iter().enumerate() {
        let cells: Vec<String> = s
            .iter()
            .map(|p| {
                let f = p
                    .cube
                    .cube()
                    .rotated(p.rotation)
                    .faces
                    .map(|x| (x.0 + 1).to_string())
                    .concat();
                format!("{} {} {f}", corner_name(p.corner), p.cube.name())
            })
            .collect();
        outln!("{:>4}: {}", i + 1, cells.join(" | "));
    }
    let total = interior_count.unwrap_or(direct);
    if (list.len() as u64) < total {
        outln!("  ... {} more (--limit)", total - list.len() as u64);
    }
    Ok(())
}

fn graph_json(g: &GraphModel) -> Value {
    json!({
        "vertices": g.vertices,
        "edges": g.edges.iter().map(|&(s, c, a, b)| json!({"slot": s + 1, "cube": c.name(),
            "corners": [g.vertices[a], g.vertices[b]]})).collect::<Vec<_>>(),
        "wildcards": g.wildcards.iter().map(|s| s + 1).collect::<Vec<_>>(),
        "unusable": g.unusable.iter().map(|s| s + 1).collect::<Vec<_>>(),
        "components": g.components.iter().map(|(vs, e)| json!({
            "corners": vs.iter().map(|&v| g.vertices[v]).collect::<Vec<_>>(), "edges": e})).collect::<Vec<_>>(),
    })
}

fn print_graph(g: &GraphModel) -> anyhow::Result<()> {
    outln!("graph model: vertices = the target's corner numbers, one edge per cube usable at two corners");
    for &(s, c, a, b) in &g.edges {
        outln!(
            "  edge {} (cube {}): {} - {}",
            c.name(),
            s + 1,
            g.vertices[a],
            g.vertices[b]
        );
    }
    if !g.wildcards.is_empty() {
        let w: Vec<String> = g.wildcards.iter().map(|s| (s + 1).to_string()).collect();
        outln!("  copies of the target (fit every corner): cubes {}", w.join(" "));
    }
    if !g.unusable.is_empty() {
        let w: Vec<String> = g.unusable.iter().map(|s| (s + 1).to_string()).collect();
        outln!("  unusable (no corner number of the target): cubes {}", w.join(" "));
    }
    for (vs, e) in &g.components {
        let kind = match vs.len() as i64 - *e as i64 {
            0 => "one cycle: factor 2".to_string(),
            1 => format!("tree: needs a copy of the target, {} places for it", vs.len()),
            _ if *e > vs.len() => "more cubes than corners".to_string(),
            _ => "forest short of cubes".to_string(),
        };
        let names: Vec<String> = vs.iter().map(|&v| g.vertices[v].to_string()).collect();
        outln!("  component {{{}}}: {} edges, {kind}", names.join(" "), e);
    }
    Ok(())
}

fn draw_model(
    path: &std::path::Path,
    target: CubeId,
    g: &GraphModel,
    list: &[Solution],
    interior: bool,
) -> anyhow::Result<()> {
    let sols: Vec<Vec<(String, [usize; 6])>> = list
        .iter()
        .map(|s| s.iter().map(|p| (p.cube.name(), faces(p.cube, p.rotation))).collect())
        .collect();
    let note = format!(
        "copies of {} (wildcards): {}; unusable cubes: {}",
        target.name(),
        g.wildcards.len(),
        g.unusable.len()
    );
    let picture = cubist_render::target::GraphPicture {
        vertices: g.vertices.map(|v| v.to_string()),
        edges: g.edges.iter().map(|&(_, c, a, b)| (a, b, c.name())).collect(),
        note,
    };
    let title = format!(
        "target {}: {} {}",
        target.name(),
        list.len(),
        if interior {
            "interior-matching solutions shown"
        } else {
            "solutions shown"
        }
    );
    let svg = cubist_render::target::model_svg(&cubist_render::target::ModelPicture {
        title: &title,
        colours: &digit_colours(),
        target: faces(target, cubist_cube::Rotation::IDENTITY),
        solutions: &sols,
        graph: &picture,
    })
    .map_err(anyhow::Error::msg)?;
    crate::out::write_file(path, &svg)
}

fn census(a: CensusArgs) -> anyhow::Result<()> {
    if a.table1 {
        census_table1(&a)
    } else if a.table2 {
        census_table2(&a)
    } else if a.universal {
        census_universal(&a)
    } else if a.spectrum {
        census_spectrum(&a)
    } else {
        census_multiset(&a)
    }
}

fn census_table1(a: &CensusArgs) -> anyhow::Result<()> {
    let targets: Vec<CubeId> = match &a.target {
        Some(t) => vec![Reader::new(None)
            .and_then(|mut r| r.cube(t))
            .map_err(|e| anyhow::anyhow!("--target: {e}"))?],
        None => CubeId::all().collect(),
    };
    let tables: Vec<_> = targets.iter().map(|&t| table1(t)).collect();
    if a.json {
        return crate::out::print_json(&tables);
    }
    let first = &tables[0];
    let same = tables.iter().all(|t| t.histogram == first.histogram);
    if tables.len() > 1 && same {
        outln!("every one of the 30 targets has the same Table 1:");
    }
    for t in if same { &tables[..1] } else { &tables[..] } {
        if tables.len() == 1 || !same {
            outln!("target {}:", t.target);
        }
        outln!("{} collections of 8 different cubes build it", t.collections);
        outln!("{:>16} {:>12}", "solution number", "collections");
        for (s, n) in &t.histogram {
            outln!("{s:>16} {n:>12}");
        }
    }
    Ok(())
}

fn census_table2(a: &CensusArgs) -> anyhow::Result<()> {
    let t = table2();
    let five: Vec<Value> = t
        .max_sets
        .iter()
        .map(|&(c, ts)| json!({"collection": names(c), "targets": names(ts)}))
        .collect();
    if a.json {
        return crate::out::print_json(&json!({
            "collections": t.collections, "histogram": t.histogram, "max": t.max,
            "max_count": t.max_sets.len(), "max_sets": five,
        }));
    }
    outln!("{} collections of 8 different cubes", t.collections);
    outln!("{:>8} {:>12} {:>10}", "targets", "collections", "share");
    for (k, n) in &t.histogram {
        outln!("{k:>8} {n:>12} {:>10.5}", *n as f64 / t.collections as f64);
    }
    outln!(
        "at most {} targets; {} collections build {} (Theorem 7's construction, exactly):",
        t.max,
        t.max_sets.len(),
        t.max
    );
    for &(c, ts) in t.max_sets.iter().take(a.show) {
        outln!("  {}  ->  {}", names(c).join(" "), names(ts).join(" "));
    }
    if t.max_sets.len() > a.show {
        outln!("  ... {} more (--json lists all)", t.max_sets.len() - a.show);
    }
    Ok(())
}

/// A progress bar on a terminal only.
fn bar() -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {percent:>3}% swept, eta {eta}")
                .expect("progress template")
                .progress_chars("=> "),
        );
        bar
    })
}

/// Runs a sweep-based computation with a progress bar and the checkpoint.
fn with_sweep<T>(a: &CensusArgs, f: impl FnOnce(&Options) -> Result<T, String>) -> anyhow::Result<T> {
    let bar = bar();
    let tick = |done: u64, total: u64| {
        if let Some(b) = &bar {
            b.set_length(total);
            b.set_position(done);
        }
    };
    let opts = Options {
        keep_all: Vec::new(),
        checkpoint: a.checkpoint.as_deref(),
        progress: Some(&tick),
        stop_after_batches: None,
    };
    let result = f(&opts);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    result.map_err(anyhow::Error::msg)
}

fn census_universal(a: &CensusArgs) -> anyhow::Result<()> {
    let (size, sets) = with_sweep(a, universal)?;
    let listed: Vec<Vec<String>> = sets.iter().map(|&s| names(s)).collect();
    if a.json {
        return crate::out::print_json(&json!({"size": size, "count": sets.len(), "sets": listed}));
    }
    outln!(
        "minimum universal sets: {} sets of {size} cubes build all 30 targets (no smaller set does)",
        sets.len()
    );
    for s in &listed {
        outln!("  {}", s.join(" "));
    }
    Ok(())
}

fn census_spectrum(a: &CensusArgs) -> anyhow::Result<()> {
    let s = with_sweep(a, spectrum)?;
    if let Some(path) = &a.plot {
        let rows: Vec<Vec<u64>> = s.cells.iter().map(|r| r.to_vec()).collect();
        let svg = cubist_render::target::heatmap_svg(
            "all 2^30 sets of MacMahon cubes: sets of k cubes (rows) by targets built (columns)",
            &rows,
        )
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("{}: cannot draw the heat map", path.display()))?;
        crate::out::write_file(path, &svg)?;
    }
    let answers = serde_json::to_value(s.open_questions())?;
    if a.json {
        let mut levels = serde_json::Map::new();
        for k in 0..=30 {
            let (min, max) = s.min_max(k);
            let hist: serde_json::Map<String, Value> = (0..31)
                .filter(|&c| s.cells[k][c] > 0)
                .map(|c| (c.to_string(), json!(s.cells[k][c])))
                .collect();
            levels.insert(
                k.to_string(),
                json!({"sets": s.cells[k].iter().sum::<u64>(), "min": min, "max": max,
                       "argmax_count": s.cells[k][max], "histogram": hist,
                       "min_examples": s.examples[k][min].iter().map(|&m| names(m)).collect::<Vec<_>>(),
                       "max_examples": s.examples[k][max].iter().map(|&m| names(m)).collect::<Vec<_>>()}),
            );
        }
        return crate::out::print_json(&json!({"levels": levels, "answers": answers}));
    }
    outln!("all 2^30 sets of MacMahon cubes: how many of the 30 targets each builds");
    outln!(
        "{:>3} {:>11} {:>4} {:>4} {:>11}  example at the maximum",
        "k",
        "sets",
        "min",
        "max",
        "at max"
    );
    for k in 0..=30 {
        let (min, max) = s.min_max(k);
        let ex = s.examples[k][max]
            .first()
            .map(|&m| names(m).join(" "))
            .unwrap_or_default();
        outln!(
            "{k:>3} {:>11} {min:>4} {max:>4} {:>11}  {ex}",
            s.cells[k].iter().sum::<u64>(),
            s.cells[k][max]
        );
    }
    outln!("histograms (k: targets built = sets):");
    for k in 8..=24 {
        let h: Vec<String> = (0..31)
            .filter(|&c| s.cells[k][c] > 0)
            .map(|c| format!("{c}={}", s.cells[k][c]))
            .collect();
        outln!("  k={k}: {}", h.join(" "));
    }
    outln!("the paper's open questions:");
    for (q, ans) in answers.as_object().into_iter().flatten() {
        outln!("  {q}: {ans}");
    }
    Ok(())
}

fn census_multiset(a: &CensusArgs) -> anyhow::Result<()> {
    let r = with_sweep(a, cubist_macmahon::multiset::largest_infeasible)?;
    if a.json {
        let m: Vec<Value> = r
            .multiset
            .iter()
            .map(|&(c, n)| json!({"cube": c.name(), "copies": n}))
            .collect();
        return crate::out::print_json(&json!({
            "size": r.size, "multiset": m, "supports": r.supports, "searched": r.searched, "optima": r.optima,
        }));
    }
    let parts: Vec<String> = r.multiset.iter().map(|&(c, n)| format!("{} x{n}", c.name())).collect();
    outln!(
        "largest multiset of MacMahon cubes that builds no target: {} cubes",
        r.size
    );
    outln!("  {}", parts.join(", "));
    outln!("  (checked: the direct counter finds no filling of any of the 30 targets)");
    outln!(
        "no larger one exists: all {} sets of distinct cubes that build no target were the possible \
         supports; {} of them could reach the size by their bound and were searched exhaustively \
         ({} (support, doubled cubes) choices reach {})",
        r.supports,
        r.searched,
        r.optima,
        r.size
    );
    Ok(())
}
