//! The node rate of the optimal search with H48's tables: nodes by depth
//! and processor seconds for four fixed states (the 16-move scramble of
//! BENCHMARKS.md and the first three random states of seed 2026), by
//! default with one thread so that the figures do not depend on how
//! threads share the work.
//!
//! ```text
//! H48_TABLES=~/.cache/cubist/optimal-h48-h7-depth10-base8-v3.tables \
//!     cargo run --release -p cubist-twophase --example h48_rate -- 16
//! ```
//!
//! `H48_TABLES` is the cache file of `cubist twisty solve 3x3x3 --method
//! optimal` (h0, then an h_k tier over base 8); without it the h0 table is built
//! (seconds) and searched alone. The argument is the last depth searched
//! in full (default 16); `STATES=random0,random1` keeps only those states;
//! `STATES_FILE=file` searches instead the states of a file, one a line (facelets
//! or moves, for example `cubist twisty random 3x3x3 --facelets` output,
//! named `line1`, `line2`, ...). `BOUND=both` searches with phase 1's table
//! and the tier at once (`cubist_twophase::h48::both`), as the solver does
//! for states phase 1's table bounds better at the root.
//! `THREADS=2` searches each state on two threads (the wall time then is
//! the figure; the nodes are the same, unless a depth ends at a solution).
//! The node counts by depth are exact and the same on every machine: a
//! change that makes nodes cheaper must leave them as they are.

use std::time::Instant;

use cubist_twophase::h48::both::solve_both;
use cubist_twophase::h48::coord::Coords;
use cubist_twophase::h48::search::{solve_h0, solve_hk};
use cubist_twophase::h48::table::H0Table;
use cubist_twophase::optimal::{CornerTable, OptimalOptions};
use cubist_twophase::{parse_moves, CubieCube, Tables};

#[path = "common/cache.rs"]
mod cache;
#[path = "common/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

fn main() {
    let last: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(16);
    let (tables, corners, coords) = (Tables::global(), CornerTable::global(), Coords::global());
    let (h0, hk) = match cache::from_env() {
        Some((h0, hk)) => (h0, Some(hk)),
        None => (H0Table::build(coords, 20, &mut |_, _| {}), None),
    };
    let fixed = [
        ("16-mover", "R U2 F' L D B2 R' U F2 D' L2 B R' U2 F L'"),
        ("random0", "RUDRUBDLRFDBRRRFDLBBUBFDFFUDRLDDFFLUUBLFLUDLLRFBUBLBUR"),
        ("random1", "FFLUUFFDUFDBBRDDBDULLBFRLRBBURLDDRRFRFRLLUBUUDLDRBBLFU"),
        ("random2", "DRURULRDBLDBURFDDRFRDDFBULBFURFDFBLFLBURLBUULLFFLBUDBR"),
    ];
    let states: Vec<(String, String)> = match std::env::var_os("STATES_FILE") {
        Some(path) => std::fs::read_to_string(path)
            .expect("the STATES_FILE file reads")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .enumerate()
            .map(|(i, l)| (format!("line{}", i + 1), l.trim().to_string()))
            .collect(),
        None => fixed.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect(),
    };
    let both = std::env::var("BOUND").is_ok_and(|b| b == "both");
    let only = std::env::var("STATES").ok();
    let threads = std::env::var("THREADS").map_or(1, |t| t.parse().expect("THREADS is a count"));
    let (mut all_nodes, mut all_cpu, mut all_wall) = (0u64, 0.0, 0.0);
    for (name, text) in states {
        if only.as_ref().is_some_and(|o| !o.split(',').any(|x| x == name)) {
            continue;
        }
        let cube = match parse_moves("state", &text) {
            Ok(moves) => CubieCube::from_moves(&moves),
            Err(_) => CubieCube::from_facelets("state", &text).expect("a facelet string"),
        };
        let options = OptimalOptions {
            threads,
            ..OptimalOptions::default()
        };
        let mut by_depth = Vec::new();
        let mut on_depth = |d: usize, n: u64| {
            by_depth.push((d, n));
            d < last
        };
        let (cpu, wall) = (cpu_seconds(), Instant::now());
        let s = match &hk {
            Some(hk) if both => solve_both(tables, corners, coords, &h0, hk, &cube, &options, &mut on_depth),
            Some(hk) => solve_hk(tables, corners, coords, &h0, hk, &cube, &options, &mut on_depth),
            None => solve_h0(tables, corners, coords, &h0, &cube, &options, &mut on_depth),
        }
        .expect("a solvable state");
        let (cpu, wall) = (cpu_seconds() - cpu, wall.elapsed().as_secs_f64());
        all_nodes += s.nodes;
        all_cpu += cpu;
        all_wall += wall;
        let solved = s
            .solutions
            .first()
            .map_or("not solved".into(), |m| format!("solved in {}", m.len()));
        println!(
            "{name}: nodes through each depth {by_depth:?}; {solved}; {} nodes, {cpu:.2} processor s, {wall:.2} s wall, \
             {:.3} M nodes per processor s",
            s.nodes,
            s.nodes as f64 / cpu / 1e6
        );
    }
    println!(
        "all: {all_nodes} nodes, {all_cpu:.2} processor s, {all_wall:.2} s wall, {:.3} M nodes per processor s",
        all_nodes as f64 / all_cpu / 1e6
    );
}
