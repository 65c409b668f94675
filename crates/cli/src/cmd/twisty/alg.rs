//! `cubist twisty alg` (print, invert, simplify a move sequence), `cubist
//! twisty scramble` (random states with sequences) and the `--svg` picture of
//! a state: cubist-twisty's move algebra, scrambles and pictures.

use anyhow::anyhow;
use clap::Args;
use std::path::Path;

use cubist_perm::Wreath;
use cubist_twisty::alg::Alg;
use cubist_twisty::picture::{self, Picture};
use cubist_twisty::scramble;
use cubist_twisty::solver::Solver;
use cubist_twisty::Puzzle;

#[derive(Args)]
pub struct AlgArgs {
    /// A built-in puzzle name or a .tws / KPuzzle .json file.
    puzzle: String,
    /// The move sequence, e.g. "R U R' U'" (cube notation: R 2R Rw 3Rw r M x X_1).
    moves: String,
    /// Print the inverse sequence.
    #[arg(long)]
    invert: bool,
    /// Merge and cancel turns on one axis.
    #[arg(long)]
    simplify: bool,
    #[arg(long)]
    json: bool,
}

pub fn alg(a: AlgArgs) -> anyhow::Result<()> {
    let p = crate::cmd::twisty::load(&a.puzzle)?;
    let mut s = Alg::parse(&p, &a.moves).map_err(|m| anyhow!("moves: {m}"))?;
    if a.invert {
        s = s.invert();
    }
    if a.simplify {
        s = s.simplify(&p).map_err(anyhow::Error::msg)?;
    }
    let e = s.element(&p).map_err(anyhow::Error::msg)?;
    let order = p.element_order(&e);
    // The count in the puzzle's own moves, when wide or whole-cube turns expand.
    let htm = s.to_word(&p).ok().map(|w| w.len());
    if a.json {
        // A number when it fits in 64 bits (always, for the built-in puzzles).
        let order = match order.to_string().parse::<u64>() {
            Ok(k) => serde_json::json!(k),
            Err(_) => serde_json::json!(order.to_string()),
        };
        return crate::out::print_json(&serde_json::json!({
            "moves": s.to_string(),
            "length": s.len(),
            "htm": htm,
            "order": order,
        }));
    }
    println!("moves: {s}");
    match htm {
        Some(h) if h != s.len() => println!("length: {} turns ({h} moves of {} in HTM)", s.len(), p.name),
        _ => println!("length: {} turns", s.len()),
    }
    println!("order: {order}");
    Ok(())
}

/// Writes the picture of `state` as SVG: cubist-twisty's drawing data,
/// converted to cubist-render's plain types (render does not know puzzles).
pub fn write_svg(p: &Puzzle, state: &[Wreath], path: &Path) -> anyhow::Result<()> {
    use cubist_render::twisty as r;
    let svg = match picture::picture(p, state) {
        Picture::Faces(d) => r::face_diagram(&r::FaceDiagram {
            polygons: d
                .stickers
                .into_iter()
                .map(|s| r::Polygon {
                    points: s.points.into_iter().map(|[x, y]| (x, y)).collect(),
                    colour: s.colour,
                })
                .collect(),
            colours: d.colours,
            labels: d.labels.into_iter().map(|l| (l.at[0], l.at[1], l.text)).collect(),
        }),
        Picture::Schematic(rows) => r::schematic(&r::Schematic {
            rows: rows
                .into_iter()
                .map(|row| r::SchematicRow {
                    name: row.name,
                    modulus: row.modulus,
                    slots: row
                        .slots
                        .into_iter()
                        .map(|s| r::SchematicSlot {
                            piece: s.piece,
                            twist: s.twist,
                            home: s.home,
                        })
                        .collect(),
                })
                .collect(),
        }),
    };
    crate::out::write_file(path, &svg)
}

#[derive(Args)]
pub struct ScrambleArgs {
    /// A built-in puzzle name or a .tws / KPuzzle .json file.
    puzzle: String,
    /// Seed of the random generator (ChaCha8): the same seed gives the same scrambles.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How many scrambles.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// The solver whose answer, inverted, is the scramble: optimal gives the
    /// shortest sequences where its tables are quick (auto), universal elsewhere.
    #[arg(long, value_enum, default_value_t = crate::cmd::twisty::solve::Method::Auto)]
    method: crate::cmd::twisty::solve::Method,
    #[arg(long)]
    json: bool,
}

/// Uniformly random states and move sequences reaching them: a solver's
/// solution of the state, inverted and simplified.
pub fn scramble(a: ScrambleArgs) -> anyhow::Result<()> {
    use rand::SeedableRng;
    let p = crate::cmd::twisty::load(&a.puzzle)?;
    let chain = p.chain();
    let mut solver =
        Solver::new(&p, a.method.into(), &cubist_twisty::optimal::Options::new()).map_err(anyhow::Error::msg)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(a.seed);
    let mut out = Vec::with_capacity(a.count);
    for i in 0..a.count {
        let s = scramble::scramble(&p, &chain, &mut rng, &mut solver).map_err(anyhow::Error::msg)?;
        let state = cubist_twisty::tws::write_state(&p, &format!("scramble{}", i + 1), &s.state);
        if a.json {
            out.push(serde_json::json!({ "moves": s.alg.to_string(), "length": s.alg.len(), "state": state }));
        } else {
            println!("{} ({} moves)", s.alg, s.alg.len());
        }
    }
    if a.json {
        return crate::out::print_json(&out);
    }
    Ok(())
}
