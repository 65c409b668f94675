//! `cubist stack solve FILE`: every solution of a cube-set file and the four
//! counts, as text, JSON (`docs/stack-solve.md` fixes the fields) or an SVG
//! picture. The solving is `cubist_stack::solve`; this module only turns the
//! report into words, JSON and the render crate's plain data.

use anyhow::Context;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use cubist_stack::{solve as run_solve, Counts, Instance, Method, Mode, Reason, Report, SolveOptions, Stats, Tower};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::io::Write as _;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct SolveArgs {
    /// The cube-set file (`.cubes` text with an optional `order:` line, or JSON).
    file: PathBuf,
    /// The solving method; all give identical counts. `auto` picks the fastest.
    #[arg(long, default_value = "auto", value_parser = method_parser())]
    method: Method,
    /// Stop at the first solution (no counts).
    #[arg(long, conflicts_with_all = ["limit", "count"])]
    first: bool,
    /// Count everything, list at most this many solutions.
    #[arg(long, value_name = "K", conflicts_with = "count")]
    limit: Option<usize>,
    /// Count everything, list no solution.
    #[arg(long)]
    count: bool,
    /// Also print the method's working (the number method: colour numbers,
    /// description matrix, paths).
    #[arg(long)]
    explain: bool,
    /// Print one JSON object instead of text (fields in docs/stack-solve.md).
    #[arg(long)]
    json: bool,
    /// Draw the first solution's tower, the cubes' nets and the colour graph
    /// with the solution's two 2-factors to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

/// `--method` accepts exactly the library's method names.
fn method_parser() -> impl TypedValueParser<Value = Method> {
    let names = [Method::Auto].into_iter().chain(Method::ALL).map(Method::name);
    PossibleValuesParser::new(names).map(|s| Method::from_name(&s).expect("clap admits only the listed method names"))
}

pub fn solve(a: SolveArgs) -> anyhow::Result<()> {
    let name = a.file.display().to_string();
    let bytes = crate::out::read_file(&a.file)?;
    let set = cubist_cube::parse_cube_set(&bytes, &name)?;
    let inst = Instance::new(set);
    let mode = if a.first {
        Mode::First
    } else if a.count {
        Mode::Count
    } else if let Some(k) = a.limit {
        Mode::Limit(k)
    } else {
        Mode::All
    };
    // The picture needs one solution even when the listing asks for none.
    let search_mode = match mode {
        Mode::Count | Mode::Limit(0) if a.svg.is_some() => Mode::Limit(1),
        m => m,
    };
    let opts = SolveOptions {
        mode: search_mode,
        explain: a.explain,
    };
    let report = run_solve(&inst, a.method, &opts);
    if let Some(path) = &a.svg {
        let svg = picture(&inst, &report, &name).with_context(|| format!("{}: cannot draw", path.display()))?;
        crate::out::write_file(path, &svg)?;
    }
    let listed = &report.solutions[..report.solutions.len().min(mode.list_limit())];
    if a.json {
        return crate::out::print_json(&Output::new(&name, &inst, &report, mode, listed));
    }
    let shown = text(&name, &inst, &report, mode, listed, a.explain)?;
    let mut out = std::io::stdout().lock();
    out.write_all(shown.as_bytes())
        .and_then(|()| out.flush())
        .context("cannot write to standard output")
}

/// The `--json` object; field meanings are documented in docs/stack-solve.md.
/// The counts are `u128` and serde_json writes them as plain integers.
#[derive(Serialize)]
struct Output {
    file: String,
    method: &'static str,
    mode: &'static str,
    cubes: usize,
    colours: usize,
    palette: Vec<String>,
    face_order: &'static str,
    set: Vec<[String; 6]>,
    solved: bool,
    orientations: Option<u128>,
    patterns: Option<u128>,
    distinct: Option<u128>,
    mcdonnell: Option<u128>,
    solutions: Vec<Vec<SidesJson>>,
    reason: Option<serde_json::Value>,
    stats: StatsJson,
    explanation: Option<String>,
}

/// One cube of a solution: its colours on the four sides of the tower.
#[derive(Serialize)]
#[allow(non_snake_case)] // the conventions' face letters are the field names
struct SidesJson {
    F: String,
    B: String,
    L: String,
    R: String,
}

/// The method's figures with the method-specific ones kept apart from the
/// two every method has, so the object's shape does not depend on the method.
#[derive(Serialize)]
struct StatsJson {
    nodes: u64,
    elapsed_ns: u64,
    extra: BTreeMap<&'static str, u64>,
}

impl Output {
    fn new(file: &str, inst: &Instance, r: &Report, mode: Mode, listed: &[Tower]) -> Output {
        let palette = &inst.set.palette;
        let c = r.counts;
        let reason = r.reason.as_ref().map(|why| {
            let mut v = serde_json::to_value(why).expect("a reason serialises");
            v["text"] = why.to_string().into();
            v
        });
        Output {
            file: file.to_string(),
            method: r.method.name(),
            mode: match mode {
                Mode::All => "all",
                Mode::First => "first",
                Mode::Limit(_) => "limit",
                Mode::Count => "count",
            },
            cubes: inst.n(),
            colours: inst.colours(),
            palette: palette.colours().map(|x| palette.name(x).to_string()).collect(),
            face_order: "F B L R T D",
            set: inst
                .cubes()
                .iter()
                .map(|cube| cube.faces.map(|x| palette.name(x).to_string()))
                .collect(),
            solved: r.reason.is_none(),
            orientations: c.map(|c| c.orientations),
            patterns: c.map(|c| c.patterns),
            distinct: c.map(|c| c.distinct),
            mcdonnell: c.map(|c| c.mcdonnell),
            solutions: listed
                .iter()
                .map(|t| {
                    inst.names(t)
                        .into_iter()
                        .map(|[f, b, l, r]| SidesJson { F: f, B: b, L: l, R: r })
                        .collect()
                })
                .collect(),
            reason,
            stats: StatsJson {
                nodes: r.stats.nodes,
                elapsed_ns: r.stats.elapsed_ns,
                extra: r.stats.extra.clone(),
            },
            explanation: r.explanation.clone(),
        }
    }
}

/// The human report, as a string: the caller prints it with `write_all`,
/// because `println!` panics when standard output is a closed pipe.
fn text(
    file: &str,
    inst: &Instance,
    r: &Report,
    mode: Mode,
    listed: &[Tower],
    explain: bool,
) -> Result<String, fmt::Error> {
    let mut o = String::new();
    let palette = &inst.set.palette;
    let names: Vec<&str> = palette.colours().map(|x| palette.name(x)).collect();
    writeln!(
        o,
        "{file}: {} cubes, {} colours ({})",
        inst.n(),
        inst.colours(),
        names.join(" ")
    )?;
    match (&r.reason, r.counts) {
        (Some(why), _) => writeln!(o, "no solution: {why}")?,
        (None, None) => writeln!(o, "a solution (--first: the search stopped there, nothing counted)")?,
        (None, Some(c)) => {
            let s = if c.distinct == 1 { "" } else { "s" };
            let shown = match mode {
                Mode::Count => String::new(),
                _ if listed.len() as u128 == c.distinct => String::new(),
                _ => format!(", {} listed", listed.len()),
            };
            writeln!(
                o,
                "{} solution{s} (up to the 8 symmetries of the tower){shown}",
                c.distinct
            )?;
        }
    }
    for (k, t) in listed.iter().enumerate() {
        writeln!(o, "\nsolution {}", k + 1)?;
        tower_table(&mut o, &inst.names(t))?;
    }
    if let Some(c) = r.counts {
        writeln!(o)?;
        counts_table(&mut o, &c, inst.n())?;
    }
    // Too few or too many colours, or a scarce one, is decided before any search.
    let searched = !matches!(r.reason, Some(Reason::ColourCount { .. } | Reason::Scarce { .. }));
    if searched {
        writeln!(o, "\n{}", search_line(r.method, &r.stats))?;
    } else {
        writeln!(o, "\nsearch: none (decided by counting colours)")?;
    }
    if let Some(e) = &r.explanation {
        write!(o, "\n{e}")?;
    } else if explain {
        writeln!(o, "(no explanation from the {} method)", r.method.name())?;
    }
    Ok(o)
}

/// A solution as a table: a row per cube (level 1 first), a column per side.
fn tower_table(o: &mut String, rows: &[[String; 4]]) -> fmt::Result {
    let w = rows.iter().flatten().map(String::len).max().unwrap_or(1).max(1);
    let cw = rows.len().to_string().len().max(4);
    let mut line = |label: &str, [f, b, l, r]: [&str; 4]| {
        let s = format!("  {label:>cw$}  {f:<w$}  {b:<w$}  {l:<w$}  {r}");
        writeln!(o, "{}", s.trim_end())
    };
    line("cube", ["F", "B", "L", "R"])?;
    for (i, row) in rows.iter().enumerate() {
        line(&(i + 1).to_string(), row.each_ref().map(String::as_str))?;
    }
    Ok(())
}

/// The four counts, each with its meaning in one line.
fn counts_table(o: &mut String, c: &Counts, n: usize) -> fmt::Result {
    let rows = [
        (
            "orientations",
            c.orientations,
            format!("rotation tuples (of 24^{n}) that solve the set"),
        ),
        (
            "patterns",
            c.patterns,
            "distinct side arrays (per cube its F B L R colours) among them".to_string(),
        ),
        (
            "distinct",
            c.distinct,
            "patterns up to the 8 symmetries of the tower: the number of solutions".to_string(),
        ),
        (
            "mcdonnell",
            c.mcdonnell,
            "McDonnell's J program's count (last cube the base, on its 3 basic belts)".to_string(),
        ),
    ];
    let w = rows.iter().map(|r| r.1.to_string().len()).max().unwrap_or(1);
    writeln!(o, "counts")?;
    for (name, value, meaning) in rows {
        writeln!(o, "  {name:<12}  {value:>w$}  {meaning}")?;
    }
    Ok(())
}

/// `search: number method, 123 nodes, 0.41 ms (paths 3)`.
fn search_line(m: Method, s: &Stats) -> String {
    let ms = s.elapsed_ns as f64 / 1e6;
    let extra: Vec<String> = s.extra.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let extra = if extra.is_empty() {
        String::new()
    } else {
        format!(" ({})", extra.join(", "))
    };
    format!("search: {} method, {} nodes, {ms:.3} ms{extra}", m.name(), s.nodes)
}

/// The SVG of the set and its first listed solution, from plain data.
fn picture(inst: &Instance, r: &Report, file: &str) -> anyhow::Result<String> {
    let palette = &inst.set.palette;
    let colours: Vec<String> = palette.colours().map(|x| palette.name(x).to_string()).collect();
    // With a solution, each cube is drawn turned the way the solution stands
    // it (the first rotation showing its sides), so the nets match the tower.
    let solution = r.solutions.first();
    let cubes: Vec<[usize; 6]> = inst
        .cubes()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let turn = solution.and_then(|t| inst.options[i].iter().find(|o| o.sides == t[i]));
            turn.map_or(*c, |o| c.rotated(o.rotation)).faces.map(|x| x.index())
        })
        .collect();
    let tower: Option<Vec<[usize; 4]>> = solution.map(|t| t.iter().map(|s| s.map(|x| x.index())).collect());
    let title = match (&r.reason, r.counts) {
        (Some(why), _) => format!("{file}: no solution ({why})"),
        (None, Some(c)) if c.distinct > 1 => format!("{file}: solution 1 of {}", c.distinct),
        (None, _) => format!("{file}: a solution"),
    };
    let pic = cubist_render::stack::StackPicture {
        title: &title,
        colours: &colours,
        cubes: &cubes,
        tower: tower.as_deref(),
    };
    cubist_render::stack::stack_svg(&pic).map_err(anyhow::Error::msg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_past_u64_are_plain_json_integers() {
        let inst = Instance::new(cubist_cube::parse_cube_set(b"a b c d e f\n", "t").unwrap());
        let report = Report {
            method: Method::Blind,
            counts: Some(Counts {
                orientations: u128::MAX,
                patterns: u128::from(u64::MAX) + 1,
                distinct: 1,
                mcdonnell: 0,
            }),
            solutions: vec![],
            reason: None,
            stats: Stats::default(),
            explanation: None,
        };
        let json = serde_json::to_string(&Output::new("t", &inst, &report, Mode::Count, &[])).unwrap();
        assert!(
            json.contains(r#""orientations":340282366920938463463374607431768211455,"#),
            "{json}"
        );
        assert!(json.contains(r#""patterns":18446744073709551616,"#), "{json}");
    }
}
