//! `cubist place`: placement puzzles on exact cover (see docs/place.md).

use anyhow::Context;
use clap::{Args, Subcommand};
use cubist_place::cube36::{self, Board, Grid, Symmetries};
use cubist_place::{latin, officers};
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum Command {
    /// The 36 Cube (built in) or a board file: all solutions, up to symmetry, a picture.
    Cube36(Cube36Args),
    /// Latin squares: count, list, or the transversals of a given square.
    Latin(LatinArgs),
    /// Euler's officers: a pair of orthogonal Latin squares of order N, or the proof there is none.
    Officers(OfficersArgs),
}

pub fn run(c: Command, _out: &mut crate::out::Out) -> anyhow::Result<()> {
    match c {
        Command::Cube36(a) => cube36(a),
        Command::Latin(a) => latin(a),
        Command::Officers(a) => officers(a),
    }
}

/// Reads a square file (rows of symbols), with errors naming the file.
fn read_square(path: &std::path::Path) -> anyhow::Result<(latin::Square, Vec<String>)> {
    let bytes = crate::out::read_file(path)?;
    let text = String::from_utf8(bytes).with_context(|| format!("{}: not UTF-8 text", path.display()))?;
    latin::parse_square(&text).with_context(|| path.display().to_string())
}

fn print_square(s: &latin::Square, names: Option<&[String]>) {
    for row in s {
        let cells: Vec<String> = row
            .iter()
            .map(|&v| names.map_or_else(|| v.to_string(), |n| n[v].clone()))
            .collect();
        println!("  {}", cells.join(" "));
    }
}

#[derive(Args)]
pub struct LatinArgs {
    /// The order N (not needed with --square).
    #[arg(required_unless_present = "square")]
    n: Option<usize>,
    /// Count (and list) reduced squares only: first row and column 0..N-1.
    #[arg(long)]
    reduced: bool,
    /// List the first K squares (or, with --square, the first K transversals).
    #[arg(long, default_value_t = 0)]
    list: usize,
    /// Print K seeded random squares (not uniformly distributed; see docs/place.md).
    #[arg(long, default_value_t = 0)]
    sample: usize,
    /// The seed for --sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A square file: print its transversals instead of counting squares.
    #[arg(long, conflicts_with = "n")]
    square: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct LatinOutput {
    order: usize,
    reduced: bool,
    /// The number of Latin squares of this order (reduced ones with --reduced).
    count: u128,
    listed: Vec<latin::Square>,
    /// The --sample squares.
    sampled: Vec<latin::Square>,
}

#[derive(Serialize)]
struct TransversalOutput {
    order: usize,
    /// The number of transversals.
    count: usize,
    /// Listed transversals: for each row, the column of its cell.
    listed: Vec<Vec<usize>>,
}

/// Orders above this are refused: counting order 8 would take days here.
const MAX_LATIN_ORDER: usize = 7;

fn latin(a: LatinArgs) -> anyhow::Result<()> {
    if let Some(path) = &a.square {
        let (s, names) = read_square(path)?;
        let ts = latin::transversals(&s);
        let out = TransversalOutput {
            order: s.len(),
            count: ts.len(),
            listed: ts.into_iter().take(a.list).collect(),
        };
        if a.json {
            return crate::out::print_json(&out);
        }
        for t in &out.listed {
            let cells: Vec<String> = t
                .iter()
                .enumerate()
                .map(|(r, &c)| format!("({r},{c})={}", names[s[r][c]]))
                .collect();
            println!("  {}", cells.join(" "));
        }
        println!("{} transversals", out.count);
        return Ok(());
    }
    let n = a.n.context("an order N is needed")?;
    anyhow::ensure!(
        (1..=MAX_LATIN_ORDER).contains(&n),
        "order {n} is out of range: counting works for orders 1..{MAX_LATIN_ORDER}"
    );
    let count = if a.reduced {
        u128::from(latin::count_reduced(n))
    } else {
        latin::count_all(n)
    };
    let sampled = (0..a.sample as u64)
        .map(|k| latin::random(n, a.seed.wrapping_add(k)))
        .collect();
    let out = LatinOutput {
        order: n,
        reduced: a.reduced,
        count,
        listed: latin::list(n, a.reduced, a.list),
        sampled,
    };
    if a.json {
        return crate::out::print_json(&out);
    }
    for (k, s) in out.listed.iter().enumerate() {
        println!("square {}:", k + 1);
        print_square(s, None);
    }
    for (k, s) in out.sampled.iter().enumerate() {
        println!("sample {} (seed {}):", k + 1, a.seed.wrapping_add(k as u64));
        print_square(s, None);
    }
    println!(
        "{count} {}Latin squares of order {n}",
        if a.reduced { "reduced " } else { "" }
    );
    Ok(())
}

#[derive(Args)]
pub struct OfficersArgs {
    /// The order N (not needed with --mates).
    #[arg(required_unless_present = "mates")]
    n: Option<usize>,
    /// A square file: count its orthogonal mates instead.
    #[arg(long, conflicts_with = "n")]
    mates: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct OfficersOutput {
    n: usize,
    /// Whether a pair of orthogonal Latin squares of order N exists.
    exists: bool,
    /// How the pair was made (cyclic, finite_field, product, search).
    construction: Option<officers::Construction>,
    /// The pair [A, B] (each checked: Latin and orthogonal).
    squares: Option<[latin::Square; 2]>,
    /// For N = 2 and 6: the exhaustive proof.
    certificate: Option<officers::Certificate>,
}

/// Orders with no pair, proven exhaustively; the proof enumerates every
/// reduced square, which is only feasible for these small orders.
const NO_PAIR: [usize; 2] = [2, 6];

fn officers(a: OfficersArgs) -> anyhow::Result<()> {
    if let Some(path) = &a.mates {
        let (s, names) = read_square(path)?;
        let m = officers::mates(&s);
        if a.json {
            return crate::out::print_json(&m);
        }
        if let Some(b) = &m.example {
            println!("a mate:");
            print_square(b, Some(&names));
        }
        println!(
            "{} transversals; {} ways to split the square into {} disjoint transversals; {} orthogonal mates",
            m.transversals,
            m.partitions,
            s.len(),
            m.mates
        );
        return Ok(());
    }
    let n = a.n.context("an order N is needed")?;
    anyhow::ensure!(n >= 1, "order 0 has no officers");
    let out = if NO_PAIR.contains(&n) {
        let cert = officers::nonexistence(n);
        OfficersOutput {
            n,
            exists: cert.exists,
            construction: None,
            squares: None,
            certificate: Some(cert),
        }
    } else {
        let (x, y, how) = officers::construct_with(n).context("no construction")?;
        officers::verify(&x, &y).map_err(anyhow::Error::msg)?;
        OfficersOutput {
            n,
            exists: true,
            construction: Some(how),
            squares: Some([x, y]),
            certificate: None,
        }
    };
    if a.json {
        return crate::out::print_json(&out);
    }
    if let (Some([x, y]), Some(how)) = (&out.squares, out.construction) {
        println!("A ({}):", serde_json::to_value(how)?.as_str().unwrap_or_default());
        print_square(x, None);
        println!("B:");
        print_square(y, None);
        println!("orthogonal pair of order {n}: verified");
    }
    if let Some(c) = &out.certificate {
        println!(
            "order {n}: {} reduced Latin squares, {} isotopy classes, {} main classes",
            c.reduced_squares,
            c.isotopy_classes,
            c.main_classes.len()
        );
        for (k, m) in c.main_classes.iter().enumerate() {
            println!(
                "  class {:>2}: {:>4} reduced squares, {} isotopy classes, {:>2} transversals, at most {} disjoint",
                k + 1,
                m.reduced_squares,
                m.isotopy_classes,
                m.transversals,
                m.max_disjoint
            );
        }
        if c.exists {
            println!("some square has {n} disjoint transversals: a pair exists");
        } else {
            println!(
                "no square has {n} disjoint transversals: no pair of orthogonal Latin squares of order {n} exists"
            );
        }
    }
    Ok(())
}

#[derive(Args)]
pub struct Cube36Args {
    /// A board file (docs/place.md); without it, the real puzzle.
    board: Option<PathBuf>,
    /// Ignore the special towers (the puzzle then has no solution; the reason is shown).
    #[arg(long)]
    no_specials: bool,
    /// Print every solution, not one per symmetry class.
    #[arg(long)]
    all: bool,
    /// Write a picture of the first solution to this SVG file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Cube36Output {
    /// The number of solutions (placements of all towers).
    solutions: usize,
    /// Solutions up to the puzzle's symmetries.
    classes: usize,
    /// The order of the symmetry group (board maps times colour renamings).
    symmetries: u64,
    /// Every solution: rows of colour names.
    boards: Vec<Vec<Vec<String>>>,
    /// The tower sizes of each board, same shape.
    sizes: Vec<Vec<Vec<usize>>>,
    /// One representative per class (smallest in its class), as colour names.
    representatives: Vec<Vec<Vec<String>>>,
    /// Why there is no solution, when there is none.
    reason: Option<String>,
}

fn cube36(a: Cube36Args) -> anyhow::Result<()> {
    let mut board = match &a.board {
        None => Board::real(),
        Some(path) => {
            let bytes = crate::out::read_file(path)?;
            let text = String::from_utf8(bytes).with_context(|| format!("{}: not UTF-8 text", path.display()))?;
            Board::parse(&text).with_context(|| path.display().to_string())?
        }
    };
    if a.no_specials {
        board = board.without_specials();
    }
    let solutions = cube36::solve(&board);
    let sym = Symmetries::new(&board);
    let reps: BTreeSet<Grid> = solutions.iter().map(|g| sym.canonical(g)).collect();
    let reason = if solutions.is_empty() {
        cube36::reason(&board)
    } else {
        None
    };
    let names = |g: &Grid| -> Vec<Vec<String>> {
        g.iter()
            .map(|row| row.iter().map(|&(k, _)| board.colours[k].clone()).collect())
            .collect()
    };
    if let (Some(path), None) = (&a.svg, solutions.first()) {
        eprintln!("cubist: {}: not written, there is no solution to draw", path.display());
    }
    if let (Some(path), Some(g)) = (&a.svg, solutions.first()) {
        let rows: Vec<Vec<cubist_render::place::Cell>> = g
            .iter()
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, &(k, h))| cubist_render::place::Cell {
                        colour: board.colours[k].clone(),
                        size: h,
                        stub: board.heights[r][c],
                        label: (h + board.heights[r][c] + 1 != board.n()).then(|| "special".to_string()),
                    })
                    .collect()
            })
            .collect();
        crate::out::write_file(path, &cubist_render::place::board_svg(&rows, board.n()))?;
    }
    let out = Cube36Output {
        solutions: solutions.len(),
        classes: reps.len(),
        symmetries: sym.order(),
        boards: solutions.iter().map(names).collect(),
        sizes: solutions
            .iter()
            .map(|g| g.iter().map(|row| row.iter().map(|&(_, h)| h).collect()).collect())
            .collect(),
        representatives: reps.iter().map(names).collect(),
        reason,
    };
    if a.json {
        return crate::out::print_json(&out);
    }
    let shown: Vec<&Grid> = if a.all {
        solutions.iter().collect()
    } else {
        reps.iter().collect()
    };
    let width = board.colours.iter().map(String::len).max().unwrap_or(1);
    for (k, g) in shown.iter().enumerate() {
        println!("{} {}:", if a.all { "solution" } else { "class" }, k + 1);
        for row in g.iter() {
            let cells: Vec<String> = row
                .iter()
                .map(|&(c, h)| format!("{:>width$}{h}", board.colours[c], width = width))
                .collect();
            println!("  {}", cells.join(" "));
        }
    }
    println!(
        "{} solutions; {} up to the {} symmetries of the puzzle",
        out.solutions, out.classes, out.symmetries
    );
    if let Some(r) = &out.reason {
        println!("no solution: {r}");
    }
    Ok(())
}
