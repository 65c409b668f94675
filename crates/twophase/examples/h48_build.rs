//! Builds one tier of H48's tables as `cubist twisty solve 3x3x3 --method
//! optimal` builds and caches it (h0, then h_k over a base of 8, excesses
//! up to 3, built to depth 10 from the cosets at depth 8) and writes it in
//! the solver's cache format, printing the build's nodes, its processor
//! and wall seconds and the entries by value: the figures of
//! BENCHMARKS.md's ladder table.
//!
//! ```text
//! cargo build --release -p cubist-twophase --example h48_build
//! /usr/bin/time -v target/release/examples/h48_build 6 \
//!     ~/.cache/cubist/optimal-h48-h6-depth10-base8-v3.tables
//! ```
//!
//! The first argument is `k` (the edge flips followed, 1 to 11; the solver
//! uses 3 to 7), the second the file to write (its folder must exist).
//! `H48_DEPTH` (default 10) and `H48_BASE` (default 8) set the depth the
//! build searches to and the base of the entries: the solver's deep h7 is
//! `H48_DEPTH=11 H48_BASE=9`. `/usr/bin/time -v` adds the peak memory
//! ("Maximum resident set size").

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use cubist_twophase::h48::coord::Coords;
use cubist_twophase::h48::table::{H0Table, HkParams, HkProgress, HkTable};

#[path = "common/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

fn main() {
    let mut args = std::env::args().skip(1);
    let k: u32 = match args.next().and_then(|s| s.parse().ok()) {
        Some(k) => k,
        None => {
            eprintln!("usage: h48_build K FILE");
            std::process::exit(2);
        }
    };
    let Some(out) = args.next() else {
        eprintln!("usage: h48_build K FILE");
        std::process::exit(2);
    };
    let env = |name: &str, default: u8| -> u8 {
        std::env::var(name).ok().map_or(default, |v| {
            v.parse().unwrap_or_else(|_| {
                eprintln!("{name} must be a small number, not {v:?}");
                std::process::exit(2);
            })
        })
    };
    let (depth, base) = (env("H48_DEPTH", 10), env("H48_BASE", 8));
    let params = HkParams {
        k,
        depth,
        cap: 3,
        cosets: 8,
    };
    let (cpu, wall) = (cpu_seconds(), Instant::now());
    let co = Coords::global();
    let never = AtomicBool::new(false);
    let h0 = H0Table::build_until(co, 20, &mut |_, _| {}, &never).expect("never cancelled");
    println!(
        "h0 and the coordinates: {:.1} processor s, {:.1} s wall",
        cpu_seconds() - cpu,
        wall.elapsed().as_secs_f64()
    );
    let report = |p: HkProgress| match p {
        HkProgress::Memory(m) => println!("h{k}: allocating {m} bytes"),
        HkProgress::Cosets { depth, count } => println!("  {count} coset classes at depth {depth}"),
        HkProgress::Searched { done, tasks, nodes } if done % (1 << 18) < 256 || done == tasks => {
            println!(
                "  {done} of {tasks} starting cosets, {nodes} nodes, {:.1} s wall",
                wall.elapsed().as_secs_f64()
            )
        }
        HkProgress::Searched { .. } => {}
    };
    let hk = match HkTable::build_until(co, &h0, params, Some(base), &report, &never) {
        Ok(t) => t.expect("never cancelled"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    println!(
        "h{k} ({params:?}, base {base}): {} nodes, entries by value {:?}; with h0 {:.1} processor s, {:.1} s wall",
        hk.nodes,
        hk.by_excess,
        cpu_seconds() - cpu,
        wall.elapsed().as_secs_f64()
    );
    let written = std::fs::File::create(&out).and_then(|f| {
        let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
        h0.write(&mut w)?;
        hk.write(&h0, &mut w)?;
        w.flush()
    });
    match written {
        Ok(()) => {
            // As the solver does after writing its cache file: the next
            // process maps it from the disk, 2 MiB at a time.
            let _ = cubist_twophase::pages::drop_cached(std::path::Path::new(&out));
            println!("written to {out}");
        }
        Err(e) => {
            eprintln!("cannot write {out}: {e}");
            std::process::exit(1);
        }
    }
}
