//! Counts the transversals of the cyclic Latin square of order N, for the
//! timings of docs/bench/place.md (run it under `/usr/bin/time -v` for the
//! peak memory):
//!
//! `cargo run --release -p cubist-place --example transversal_count -- N [THREADS] [bits|dlx|mates]`
//!
//! `bits` (the default) is the bit-parallel count on THREADS threads (1 by
//! default); `dlx` the dancing-links listing, which holds every transversal;
//! `mates` the orthogonal-mate search's plan (the bytes it expects to hold),
//! then the search itself, stopped after two seconds (its peak memory is
//! reached when its exact cover is built, before the search starts).

use cubist_place::latin::{transversals, Square};
use cubist_place::officers::{mates_within, plan_mates};
use cubist_place::transversal::{count, Control};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().ok_or("usage: N [THREADS] [bits|dlx|mates]")?.parse()?;
    let threads: usize = args.next().map_or(Ok(1), |t| t.parse())?;
    let method = args.next().unwrap_or_else(|| "bits".into());
    let square: Square = (0..n).map(|r| (0..n).map(|c| (r + c) % n).collect()).collect();
    let start = Instant::now();
    let got = match method.as_str() {
        "bits" => count(
            &square,
            &Control {
                threads,
                ..Control::default()
            },
        )? as usize,
        "dlx" => transversals(&square).len(),
        "mates" => {
            let plan = plan_mates(&square, &Control::default())?;
            println!("plan: {plan:?}");
            let stop = AtomicBool::new(false);
            let control = Control {
                cancel: Some(&stop),
                ..Control::default()
            };
            let got = std::thread::scope(|scope| {
                scope.spawn(|| {
                    std::thread::sleep(Duration::from_secs(2));
                    stop.store(true, Ordering::Relaxed);
                });
                mates_within(&square, None, &control)
            });
            println!("mates: {got:?}");
            plan.transversal_count as usize
        }
        other => return Err(format!("unknown method `{other}`: bits, dlx or mates").into()),
    };
    println!(
        "order {n}, {method}, {threads} threads: {got} transversals in {:.3?}",
        start.elapsed()
    );
    Ok(())
}
