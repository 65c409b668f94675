//! Writes the benchmark problems of docs/bench/place.md as files in Knuth's
//! DLX format, so that `cubist exact` and Knuth's own DLX1 and DLX2 can be
//! run on exactly the same input:
//!
//! - `cube36.dlx`: the 36 Cube as exact cover (all items primary; 96
//!   solutions), the problem `cube36::solve_exhaustive` searches;
//! - `pent6x10.dlx`: the 12 pentominoes in the 6 x 10 box, the X kept in
//!   the lower-left quarter (2339 solutions);
//! - `queens12.dlx`: 12 queens, diagonals secondary (14200 solutions);
//! - `queens14.dlx`: 14 queens (365596 solutions), a count of seconds for
//!   timing threads (bench/exact-threads.sh);
//! - `langford12.dlx`: Langford pairs of order 12, each arrangement and its
//!   reverse (216288 solutions);
//! - `dominoes8x8.dlx`: domino tilings of the 8 x 8 board (12988816
//!   solutions).
//!
//! Every item name has at most eight characters, Knuth's limit.
//!
//! `cargo run --release -p cubist-place --example dlx_files -- DIR`

use cubist_exact::problems::{dominoes, langford, pentominoes, queens};
use cubist_exact::write_dlx;
use cubist_place::cube36::{problem, Board};
use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    let board = Board::real();
    let every_colour: Vec<usize> = (0..board.n()).collect();
    let files = [
        ("cube36.dlx", problem(&board, &every_colour).0),
        ("pent6x10.dlx", pentominoes(10, 6, true)),
        ("queens12.dlx", queens(12)),
        ("queens14.dlx", queens(14)),
        ("langford12.dlx", langford(12)),
        ("dominoes8x8.dlx", dominoes(8, 8)),
    ];
    for (name, p) in files {
        let path = dir.join(name);
        std::fs::write(&path, write_dlx(&p))?;
        println!(
            "{}: {} items, {} options",
            path.display(),
            p.items().len(),
            p.options().len()
        );
    }
    Ok(())
}
