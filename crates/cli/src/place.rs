//! `cubist place`: placement puzzles on exact cover (see docs/place.md).

use anyhow::Context;
use clap::{Args, Subcommand};
use cubist_place::cube36::{self, Board, Grid, Symmetries};
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum Command {
    /// The 36 Cube (built in) or a board file: all solutions, up to symmetry, a picture.
    Cube36(Cube36Args),
}

pub fn run(c: Command) -> anyhow::Result<()> {
    match c {
        Command::Cube36(a) => cube36(a),
    }
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
            let bytes = crate::output::read_file(path)?;
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
    if let Some(path) = &a.svg {
        let g = solutions.first().context("no solution to draw")?;
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
        crate::output::write_file(path, &cubist_render::place::board_svg(&rows, board.n()))?;
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
        return crate::output::print_json(&out);
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
