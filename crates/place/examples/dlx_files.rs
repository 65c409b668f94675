//! Writes the benchmark problems of docs/bench/place.md and of
//! bench/knuth-exact.sh as files in Knuth's DLX format, so that
//! `cubist exact` and Knuth's own programs (DLX1, DLX2, DLX3, DLX6, SSXC1,
//! SSXCC) can be run on exactly the same input:
//!
//! - `cube36.dlx`: the 36 Cube as exact cover (all items primary; 96
//!   solutions), the problem `cube36::solve_exhaustive` searches;
//! - `pent6x10.dlx`: the 12 pentominoes in the 6 x 10 box, the X kept in
//!   the lower-left quarter (2339 solutions);
//! - `pent8x8c.dlx`: the 12 pentominoes on the 8 x 8 board less its
//!   central 2 x 2 square (Dana Scott's problem), every placement kept, so
//!   each of the 65 solutions is counted with its 8 images (520);
//! - `queens12.dlx`: 12 queens, diagonals secondary (14200 solutions);
//! - `queens14.dlx`: 14 queens (365596 solutions), a count of seconds for
//!   timing threads (bench/exact-threads.sh);
//! - `langford12.dlx`: Langford pairs of order 12, each arrangement and its
//!   reverse (216288 solutions);
//! - `dominoes8x8.dlx`: domino tilings of the 8 x 8 board (12988816
//!   solutions);
//! - `debruijn33.dlx`, with colours: the ternary de Bruijn cycles of order
//!   3 (27 digits in a circle, every word of three digits read once going
//!   round). Items: the 27 words and the 27 positions (primary), the 27
//!   digits (secondary); an option puts word w at position p and colours
//!   the digits p, p + 1, p + 2 (mod 27) with w's digits, so that
//!   overlapping words agree. The word 000 stands at position 0, so each
//!   cycle is counted once: (3!)^9 / 27 = 373248 solutions;
//! - `cycles6x8.dlx`, with multiplicities (`2|x.y`, Knuth's DLX3 syntax):
//!   dominoes, no two alike, meeting every cell of the 6 x 8 board twice:
//!   the board's covers by disjoint cycles of dominoes
//!   (`problems::dominoes_between(6, 8, 2, 2)`; 972080 solutions);
//! - `latin8.dlx`: the completions of a partial Latin square of order 8,
//!   its first two rows and first two columns given as in the cyclic square
//!   (cell (r, c) holds r + c mod 8); items cell, row-symbol and
//!   column-symbol as in `latin::problem` (725184 solutions).
//!
//! Every item name has at most eight characters, Knuth's limit.
//!
//! `cargo run --release -p cubist-place --example dlx_files -- DIR`

use cubist_exact::problems::{dominoes, dominoes_between, langford, pentominoes, queens};
use cubist_exact::{write_dlx, Problem};
use cubist_place::cube36::{problem, Board};
use std::path::PathBuf;

/// Pentominoes on the 8 x 8 board less its central 2 x 2: the full board's
/// problem without the four centre cells' items and the options that cover
/// any of them.
fn pentominoes_scott() -> Problem {
    let full = pentominoes(8, 8, false);
    let centre = ["3.3", "4.3", "3.4", "4.4"];
    let gone: Vec<usize> = centre
        .iter()
        .map(|name| full.item_index(name).expect("a cell of the board"))
        .collect();
    let mut p = Problem::new();
    let mut index = vec![usize::MAX; full.items().len()];
    for (k, item) in full.items().iter().enumerate() {
        if !gone.contains(&k) {
            index[k] = p.primary(&item.name).expect("fresh item names");
        }
    }
    for option in full.options() {
        if option.iter().all(|&(i, _)| index[i] != usize::MAX) {
            let entries: Vec<(usize, u32)> = option.iter().map(|&(i, c)| (index[i], c)).collect();
            p.option(&entries).expect("valid option");
        }
    }
    p
}

/// De Bruijn cycles of `m` digits and order `k` as exact cover with
/// colours (see the module documentation); the word 0...0 at position 0.
fn de_bruijn(m: usize, k: usize) -> Problem {
    let n = m.pow(k as u32);
    let digits = |w: usize| -> Vec<usize> { (0..k).map(|j| w / m.pow((k - 1 - j) as u32) % m).collect() };
    let mut p = Problem::new();
    let word = |w: usize| -> String { digits(w).iter().map(|d| d.to_string()).collect() };
    for w in 0..n {
        p.primary(&format!("w{}", word(w))).expect("fresh item names");
    }
    for q in 0..n {
        p.primary(&format!("p{q}")).expect("fresh item names");
    }
    for q in 0..n {
        p.secondary(&format!("d{q}")).expect("fresh item names");
    }
    for w in 0..n {
        for q in 0..n {
            if (w == 0) != (q == 0) {
                continue;
            }
            let mut names = vec![format!("w{}", word(w)), format!("p{q}")];
            for (j, d) in digits(w).into_iter().enumerate() {
                names.push(format!("d{}:{d}", (q + j) % n));
            }
            p.option_named(&names.iter().map(String::as_str).collect::<Vec<_>>())
                .expect("valid option");
        }
    }
    p
}

fn main() -> std::io::Result<()> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    let board = Board::real();
    let every_colour: Vec<usize> = (0..board.n()).collect();
    let latin8 = cubist_place::latin::problem_given(8, |r, c| (r < 2 || c < 2).then_some((r + c) % 8)).0;
    let files = [
        ("cube36.dlx", problem(&board, &every_colour).0),
        ("pent6x10.dlx", pentominoes(10, 6, true)),
        ("pent8x8c.dlx", pentominoes_scott()),
        ("queens12.dlx", queens(12)),
        ("queens14.dlx", queens(14)),
        ("langford12.dlx", langford(12)),
        ("dominoes8x8.dlx", dominoes(8, 8)),
        ("debruijn33.dlx", de_bruijn(3, 3)),
        ("cycles6x8.dlx", dominoes_between(6, 8, 2, 2).expect("2:2 bounds")),
        ("latin8.dlx", latin8),
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
