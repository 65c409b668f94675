//! `cubist twisty alg` (print, invert, simplify a move sequence) and the
//! `--svg` picture of a state (cubist-twisty's move algebra and pictures).

use anyhow::anyhow;
use clap::Args;
use cubist_twisty::alg::Alg;

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
