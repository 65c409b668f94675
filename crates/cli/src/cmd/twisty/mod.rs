//! `cubist twisty`: list, analyse and export twisty puzzles (cubist-twisty).

mod alg;
mod god;
mod solve;

use std::path::Path;

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use cubist_twisty::{analysis, kpuzzle, library, tws, Puzzle};

#[derive(Subcommand)]
pub enum Command {
    /// The built-in puzzles.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Orbits, orientations, parity basis, exact order, index, patterns.
    Analyze(AnalyzeArgs),
    /// Write a puzzle definition as .tws (twsearch/KSolve) or KPuzzle JSON (cubing.js).
    Export(ExportArgs),
    /// Uniformly random states (Schreier-Sims), as a .scr scramble file twsearch reads.
    Random(RandomArgs),
    /// Apply a twsearch scramble file (.scr) or a move sequence; print the resulting state.
    Apply(ApplyArgs),
    /// Print a move sequence canonically, inverted and/or simplified, with its length and order.
    Alg(alg::AlgArgs),
    /// Uniformly random states with a move sequence reaching each.
    Scramble(alg::ScrambleArgs),
    /// God's algorithm: breadth-first search over every state, the number at each distance.
    God(god::GodArgs),
    /// Solve a state (a scramble or a .scr state file); the answer is verified.
    Solve(solve::SolveArgs),
}

#[derive(Args)]
pub struct RandomArgs {
    /// A built-in puzzle name or a .tws / KPuzzle .json file.
    puzzle: String,
    /// How many states.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Seed of the random generator (ChaCha8): the same seed gives the same states.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

#[derive(Args)]
pub struct ApplyArgs {
    /// A built-in puzzle name or a .tws / KPuzzle .json file.
    puzzle: String,
    /// A .scr file (Scramble / ScrambleAlg blocks).
    #[arg(required_unless_present = "alg", conflicts_with = "alg")]
    scrambles: Option<std::path::PathBuf>,
    /// A move sequence instead of a file, e.g. "R U R' U'".
    #[arg(long)]
    alg: Option<String>,
    /// Draw the (first) resulting state as SVG: a net for cubes, faces otherwise.
    #[arg(long)]
    svg: Option<std::path::PathBuf>,
}

#[derive(Args)]
pub struct AnalyzeArgs {
    /// A built-in puzzle name (see `list`) or a .tws / KPuzzle .json file.
    puzzle: String,
    /// Use only these moves as generators (comma or space separated), e.g. "U,R,F".
    #[arg(long)]
    moves: Option<String>,
    /// Print only the exact group order (one Schreier-Sims run, nothing else).
    #[arg(long, conflicts_with = "json")]
    order_only: bool,
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Tws,
    Kpuzzle,
}

#[derive(Args)]
pub struct ExportArgs {
    /// A built-in puzzle name or a .tws / KPuzzle .json file.
    puzzle: String,
    #[arg(long, value_enum)]
    format: Format,
    /// Write here instead of standard output.
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
}

pub fn run(c: Command, _out: &mut crate::out::Out) -> anyhow::Result<()> {
    match c {
        Command::List { json } => list(json),
        Command::Analyze(a) => analyze(a),
        Command::Export(a) => export(a),
        Command::Apply(a) => apply(a),
        Command::Random(a) => random(a),
        Command::Alg(a) => alg::alg(a),
        Command::Scramble(a) => alg::scramble(a),
        Command::God(a) => god::run(a, load),
        Command::Solve(a) => solve::run(a),
    }
}

/// A built-in name, or a file when the argument names one (or looks like a path).
pub(crate) fn load(arg: &str) -> anyhow::Result<Puzzle> {
    let path = Path::new(arg);
    if path.exists() || arg.ends_with(".tws") || arg.ends_with(".json") || arg.contains('/') {
        let bytes = crate::out::read_file(path)?;
        let text = String::from_utf8(bytes).with_context(|| format!("{arg}: not UTF-8 text"))?;
        if text.trim_start().starts_with('{') {
            return kpuzzle::parse(&text, arg).map_err(anyhow::Error::msg);
        }
        return Ok(tws::parse(&text, arg)?);
    }
    library::puzzle(arg).map_err(anyhow::Error::msg)
}

fn list(json: bool) -> anyhow::Result<()> {
    if json {
        let v: Vec<_> = library::PUZZLES
            .iter()
            .map(|e| serde_json::json!({ "name": e.name, "about": e.about }))
            .collect();
        return crate::out::print_json(&v);
    }
    for e in library::PUZZLES {
        println!("{:<20} {}", e.name, e.about);
    }
    Ok(())
}

fn analyze(a: AnalyzeArgs) -> anyhow::Result<()> {
    let mut p = load(&a.puzzle)?;
    if let Some(m) = &a.moves {
        let names: Vec<&str> = m.split([',', ' ']).filter(|s| !s.is_empty()).collect();
        p = p.with_moves(&names).map_err(anyhow::Error::msg)?;
    }
    if a.order_only {
        println!("{}", p.order());
        return Ok(());
    }
    let r = analysis::analyze(&p);
    if a.json {
        return crate::out::print_json(&r);
    }
    println!(
        "puzzle: {} ({} moves: {})",
        r.puzzle,
        p.moves.len(),
        join(p.moves.iter().map(|m| m.name.as_str()))
    );
    println!("order: {}", r.order);
    println!("orbits:");
    let fixed = r.orbits.iter().filter(|o| o.size == 1 && o.orientations == 1).count();
    for (i, o) in r.orbits.iter().enumerate() {
        if o.size == 1 && o.orientations == 1 {
            continue;
        }
        let law = o
            .twist_sum_modulus
            .map_or(String::new(), |g| format!(", twist sum = 0 mod {g}"));
        println!("  O{i}: {} x{}, orientations {}{law}", o.set, o.size, o.orientations);
    }
    if fixed > 0 {
        println!("  (plus {fixed} fixed piece(s): no move displaces or twists them)");
    }
    let basis: Vec<String> = r
        .parity_basis
        .iter()
        .map(|b| format!("O{} by {}", b.orbit, join(b.element.iter().map(String::as_str))))
        .collect();
    println!(
        "parity basis: {}",
        if basis.is_empty() {
            "none (every move is even on every orbit)".into()
        } else {
            basis.join("; ")
        }
    );
    for rel in &r.parity_relations {
        let terms: Vec<String> = rel.sum_of.iter().map(|o| format!("parity(O{o})")).collect();
        let rhs = if terms.is_empty() {
            "0 (always even)".to_string()
        } else {
            terms.join(" + ")
        };
        println!("  parity(O{}) = {rhs}", rel.orbit);
    }
    if let (Some(t), Some(r)) = (r.twist_sum_combinations, r.twist_sum_combinations_reachable) {
        if t > 1 {
            println!("twist sums of the twisting orbits together: {r} of {t} combinations reachable");
        }
    }
    let agree = if r.eidswick_order == r.order {
        "agrees".to_string()
    } else {
        format!("predicts order {}", r.eidswick_order)
    };
    println!(
        "index in the full wreath product: {} (Eidswick's formula {agree})",
        r.index
    );
    match &r.positions {
        Some(n) => println!("positions (identical pieces identified): {n}"),
        None => {
            println!("positions: not computed (identical pieces can twist, or the stabiliser is not parity-defined)")
        }
    }
    if let (Some(k), Some(n)) = (r.rotations_in_group, &r.patterns) {
        println!("patterns (solid colours, whole-puzzle rotations identified; {k} in the group): {n}");
    }
    Ok(())
}

fn export(a: ExportArgs) -> anyhow::Result<()> {
    let p = load(&a.puzzle)?;
    let text = match a.format {
        Format::Tws => tws::write(&p),
        Format::Kpuzzle => kpuzzle::write(&p),
    };
    match &a.output {
        Some(path) => crate::out::write_file(path, &text),
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            Ok(())
        }
    }
}

fn apply(a: ApplyArgs) -> anyhow::Result<()> {
    let p = load(&a.puzzle)?;
    let scrambles = match (&a.scrambles, &a.alg) {
        (_, Some(alg)) => {
            let e = cubist_twisty::notation::parse(&p, alg).map_err(|m| anyhow::anyhow!("--alg: {m}"))?;
            vec![tws::Scramble {
                name: "alg".into(),
                element: e,
            }]
        }
        (Some(path), None) => {
            let text = String::from_utf8(crate::out::read_file(path)?)
                .with_context(|| format!("{}: not UTF-8 text", path.display()))?;
            tws::parse_scrambles(&text, &path.display().to_string(), &p)?
        }
        (None, None) => unreachable!("clap requires one of them"),
    };
    for s in &scrambles {
        println!("# order {}", p.element_order(&s.element));
        print!("{}", tws::write_state(&p, &s.name, &s.element));
    }
    if let (Some(path), Some(s)) = (&a.svg, scrambles.first()) {
        alg::write_svg(&p, &s.element, path)?;
    }
    Ok(())
}

fn random(a: RandomArgs) -> anyhow::Result<()> {
    use rand::SeedableRng;
    let p = load(&a.puzzle)?;
    let chain = p.chain();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(a.seed);
    for i in 0..a.count {
        let e = p.random_element(&chain, &mut rng);
        print!("{}", tws::write_state(&p, &format!("random{}", i + 1), &e));
    }
    Ok(())
}

fn join<'a>(items: impl Iterator<Item = &'a str>) -> String {
    items.collect::<Vec<_>>().join(", ")
}
