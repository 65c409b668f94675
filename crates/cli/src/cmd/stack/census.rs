//! `cubist stack census`: solution counts over every set of N distinct cubes
//! of a K-colour family (the work is `cubist_stack::census`); text, JSON,
//! an SVG histogram, a progress bar and a resumable checkpoint.

use anyhow::Context;
use cubist_stack::census::{census as run_census, Census, CensusOptions, CubeNumbers, Rule};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct CensusArgs {
    /// K: use the family of cubes coloured with exactly K colours (1..6).
    #[arg(long, alias = "colors", value_parser = clap::value_parser!(u8).range(1..=6))]
    colours: u8,
    /// N: cubes per set (default K). With N < K a solution is a tower in which
    /// no side repeats a colour; with N > K every set has 0.
    #[arg(long)]
    cubes: Option<usize>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Draw the histogram to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    plot: Option<PathBuf>,
    /// Save finished chunks here and resume from it: a killed run started
    /// again with the same file loses nothing and gives the identical result.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// In the text output, list at most this many sets per list (JSON lists all).
    #[arg(long, default_value_t = 10, value_name = "COUNT")]
    show: usize,
}

pub fn census(a: CensusArgs) -> anyhow::Result<()> {
    let k = usize::from(a.colours);
    let n = a.cubes.unwrap_or(k);
    // The library counts work in searched sets (sets through an orbit
    // representative), fewer than the census's sets; it gives the total.
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {percent:>3}% searched, eta {eta}")
                .expect("progress template")
                .progress_chars("=> "),
        );
        bar
    });
    let tick = |done: u64, total: u64| {
        if let Some(b) = &bar {
            b.set_length(total);
            b.set_position(done.max(b.position()));
        }
    };
    let opts = CensusOptions {
        checkpoint: a.checkpoint.as_deref(),
        progress: Some(&tick),
        stop_after_chunks: None,
    };
    let result = run_census(k, n, &opts);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let c = result?;
    if let Some(path) = &a.plot {
        let bars: Vec<(u64, u64)> = c.histogram.iter().map(|(&d, &m)| (d, m)).collect();
        let title = format!("{} sets of {n} cubes, {k} colours: number of solutions", c.sets);
        let svg = cubist_render::plot::histogram_svg(&title, &bars)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("{}: cannot draw the histogram", path.display()))?;
        crate::out::write_file(path, &svg)?;
    }
    if a.json {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        return write_json(&mut out, &c)
            .and_then(|()| out.flush())
            .context("cannot write the JSON to standard output");
    }
    print_text(&c, a.show);
    Ok(())
}

/// The census as JSON: the fields of [`Census`], one per line, and each
/// listed set on a line of its own (K = 5 lists two million sets: a fully
/// pretty-printed file would put every number on its own line).
fn write_json(w: &mut impl Write, c: &Census) -> std::io::Result<()> {
    writeln!(w, "{{")?;
    writeln!(w, "  \"colours\": {},", c.colours)?;
    writeln!(w, "  \"cubes\": {},", c.cubes)?;
    writeln!(w, "  \"family_size\": {},", c.family_size)?;
    writeln!(w, "  \"rule\": {},", json(&c.rule))?;
    writeln!(w, "  \"sets\": {},", c.sets)?;
    writeln!(w, "  \"histogram\": {},", json(&c.histogram))?;
    writeln!(w, "  \"unique_count\": {},", c.unique.len())?;
    write_sets(w, "unique", &c.unique)?;
    writeln!(w, "  \"max\": {},", c.max)?;
    writeln!(w, "  \"max_count\": {},", c.max_sets.len())?;
    write_sets(w, "max_sets", &c.max_sets)?;
    writeln!(w, "  \"face_order\": \"F B L R T D\"")?;
    writeln!(w, "}}")
}

fn write_sets(w: &mut impl Write, name: &str, sets: &[CubeNumbers]) -> std::io::Result<()> {
    if sets.is_empty() {
        return writeln!(w, "  \"{name}\": [],");
    }
    writeln!(w, "  \"{name}\": [")?;
    for (i, s) in sets.iter().enumerate() {
        let comma = if i + 1 < sets.len() { "," } else { "" };
        writeln!(w, "    {}{comma}", json(s))?;
    }
    writeln!(w, "  ],")
}

/// A census field as compact JSON.
fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("census fields serialise")
}

fn print_text(c: &Census, show: usize) {
    println!(
        "{} sets of {} distinct cubes from the {} cubes with exactly {} colours",
        c.sets, c.cubes, c.family_size, c.colours
    );
    let rule = match c.rule {
        Rule::AllColours => format!("every side shows all {} colours", c.colours),
        Rule::NoRepeat => "no side repeats a colour (McDonnell's rule, N < K)".to_string(),
        Rule::Pigeonhole => "none: with more cubes than colours every side repeats a colour".to_string(),
    };
    println!("solutions (up to the 8 tower symmetries): {rule}");
    println!("{:>10} {:>12}", "solutions", "sets");
    for (d, m) in &c.histogram {
        println!("{d:>10} {m:>12}");
    }
    let list = |sets: &[CubeNumbers]| {
        for s in sets.iter().take(show) {
            let s: Vec<String> = s.numbers().iter().map(u16::to_string).collect();
            println!("  {}", s.join(" "));
        }
        if sets.len() > show {
            println!("  ... {} more (--json lists all)", sets.len() - show);
        }
    };
    println!("sets with exactly one solution: {}", c.unique.len());
    list(&c.unique);
    if c.max > 0 {
        let sets = if c.max_sets.len() == 1 { "set" } else { "sets" };
        println!("maximum: {} solutions, attained by {} {sets}:", c.max, c.max_sets.len());
        list(&c.max_sets);
    } else {
        println!("maximum: 0 solutions (no set has a solution)");
    }
    println!(
        "(cube numbers as printed by `cubist cubes list --colours {}`)",
        c.colours
    );
}
