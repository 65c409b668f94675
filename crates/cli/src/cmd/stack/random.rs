//! `cubist stack random` (reproducible random instances, the work is
//! `cubist_stack::random`) and `cubist stack export` (a set as DIMACS CNF,
//! the work is `cubist_stack::cnf`).

use crate::out::{read_file, write_file};
use anyhow::bail;
use cubist_stack::{cnf, random, Instance};
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct RandomArgs {
    /// N: number of cubes.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=65536))]
    cubes: u32,
    /// K: colours to draw faces from (default N). Not with --planted, whose
    /// sets always have N colours.
    #[arg(long, alias = "colors", value_parser = clap::value_parser!(u32).range(1..=65536))]
    colours: Option<u32>,
    /// Plant a solution: the sides are four random permutations of the
    /// colours, then every cube is turned at random. Without it every face
    /// is uniform over the colours.
    #[arg(long)]
    planted: bool,
    /// Seed of the ChaCha8 generator: the same seed gives the same set.
    #[arg(long)]
    seed: u64,
    /// Write the JSON form `{"order":"FBLRTD","cubes":[[...],...]}`.
    #[arg(long)]
    json: bool,
    /// Write to this file instead of standard output.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct ExportArgs {
    /// The cube-set file (`.cubes` text or JSON).
    file: PathBuf,
    /// Write DIMACS CNF: satisfiable exactly when the set has a solution.
    #[arg(long, required = true)]
    cnf: bool,
    /// Write to this file instead of standard output.
    #[arg(short = 'o', long, value_name = "OUT")]
    output: Option<PathBuf>,
}

pub fn random(a: RandomArgs) -> anyhow::Result<()> {
    let n = a.cubes as usize;
    let set = if a.planted {
        if a.colours.is_some_and(|k| k != a.cubes) {
            bail!("--planted sets have as many colours as cubes; drop --colours or make it {n}");
        }
        random::planted(n, a.seed)
    } else {
        random::uniform(n, a.colours.map_or(n, |k| k as usize), a.seed)
    };
    let text = if a.json {
        let cubes: Vec<Vec<&str>> = set
            .cubes
            .iter()
            .map(|c| c.faces.iter().map(|&x| set.palette.name(x)).collect())
            .collect();
        /// The parser's JSON form, fields in this order.
        #[derive(serde::Serialize)]
        struct Json<'a> {
            order: &'static str,
            cubes: Vec<Vec<&'a str>>,
        }
        let mut s = serde_json::to_string(&Json { order: "FBLRTD", cubes })?;
        s.push('\n');
        s
    } else {
        let how = if a.planted {
            "planted".to_string()
        } else {
            format!("uniform over {} colours", a.colours.unwrap_or(a.cubes))
        };
        format!(
            "# cubist stack random: {n} cubes, {how}, seed {}\n{}",
            a.seed,
            set.to_text()
        )
    };
    emit(a.output.as_ref(), &text)
}

pub fn export(a: ExportArgs) -> anyhow::Result<()> {
    let bytes = read_file(&a.file)?;
    let set = cubist_cube::parse_cube_set(&bytes, &a.file.display().to_string())?;
    let inst = Instance::new(set);
    emit(a.output.as_ref(), &cnf::encode(&inst).to_dimacs())
}

/// Writes to the file, or to standard output (a closed pipe is an error, not a panic).
fn emit(path: Option<&PathBuf>, text: &str) -> anyhow::Result<()> {
    match path {
        Some(p) => write_file(p, text),
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            Ok(())
        }
    }
}
