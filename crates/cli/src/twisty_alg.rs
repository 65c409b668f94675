//! `cubist twisty alg` (print, invert, simplify a move sequence) and the
//! `--svg` picture of a state (cubist-twisty's move algebra and pictures).

use anyhow::anyhow;
use clap::Args;
use std::path::Path;

use cubist_perm::Wreath;
use cubist_twisty::alg::Alg;
use cubist_twisty::picture::{self, Picture};
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
    let p = crate::twisty::load(&a.puzzle)?;
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
        return crate::output::print_json(&serde_json::json!({
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
    crate::output::write_file(path, &svg)
}
