//! The two-phase solver's figures: table build time (printed once: a
//! build takes seconds; `TWOPHASE_BUILD_ONE_THREAD=1` adds a build by one
//! thread), the median time to
//! reach 20 moves on random cubes (one thread, tables loaded), and the mean
//! length reached with 10 ms and with 100 ms per cube. The last two are measured directly
//! and printed (criterion measures means of repeated runs, not medians over
//! distinct states). Results are in docs/bench/twophase.md.

// `criterion_group!` defines a function it cannot document.
#![allow(missing_docs)]

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use cubist_twophase::{solve_with, CubieCube, SolveOptions, Tables};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Processor time used by this process so far, in milliseconds (Linux,
/// 10 ms resolution; `None` elsewhere). On a loaded machine wall-clock
/// times include waiting for a processor; totals of processor time do not.
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks * 10.0)
}

/// Processor milliseconds since `start`, divided by `n`.
fn cpu_since(start: Option<f64>, n: usize) -> f64 {
    start.zip(cpu_ms()).map_or(f64::NAN, |(a, b)| (b - a) / n as f64)
}

fn cubes(n: usize) -> Vec<CubieCube> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    (0..n).map(|_| CubieCube::random(&mut rng)).collect()
}

fn report(tables: &Tables) {
    let n: usize = std::env::var("TWOPHASE_STATES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    for max_length in [20, 21] {
        let options = SolveOptions {
            max_length,
            ..SolveOptions::default()
        };
        let (mut times, mut nodes, mut moves) = (Vec::new(), 0, 0);
        let cpu = cpu_ms();
        for c in cubes(n) {
            let t = Instant::now();
            let s = solve_with(tables, &c, &options).expect("solved");
            times.push(t.elapsed());
            nodes += s.nodes;
            moves += s.moves.len();
        }
        let cpu = cpu_since(cpu, n);
        times.sort();
        let mean = times.iter().sum::<Duration>() / n as u32;
        println!(
            "<= {max_length}: {n} random cubes, wall median {:.3} ms, mean {:.3} ms, max {:.1} ms; \
             processor mean {cpu:.3} ms; {} nodes and {:.2} moves per cube",
            times[n / 2].as_secs_f64() * 1e3,
            mean.as_secs_f64() * 1e3,
            times[n - 1].as_secs_f64() * 1e3,
            nodes / n as u64,
            moves as f64 / n as f64,
        );
    }
    let m = n.min(50);
    for ms in [10, 100] {
        let options = SolveOptions {
            time_limit: Some(Duration::from_millis(ms)),
            ..SolveOptions::default()
        };
        let total: usize = cubes(m)
            .iter()
            .map(|c| solve_with(tables, c, &options).expect("solved").moves.len())
            .sum();
        println!(
            "{ms} ms per cube: {m} random cubes, mean length {:.2}",
            total as f64 / m as f64
        );
    }
}

fn bench(c: &mut Criterion) {
    // With `TWOPHASE_CACHE=path`, the tables are read from that file when
    // it holds valid tables, else built and written there (as a front end
    // would cache them; the library itself never writes).
    let cache = std::env::var_os("TWOPHASE_CACHE");
    let cached = cache.as_ref().and_then(|p| std::fs::read(p).ok()).and_then(|bytes| {
        let t = Instant::now();
        let tables = Tables::from_bytes(&bytes).ok()?;
        println!(
            "tables: read from the cache in {:.0} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
        Some(tables)
    });
    if std::env::var_os("TWOPHASE_BUILD_ONE_THREAD").is_some() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a pool");
        let t = Instant::now();
        let tables = pool.install(Tables::build);
        println!(
            "tables: built by one thread in {:.0} ms wall",
            t.elapsed().as_secs_f64() * 1e3
        );
        drop(tables);
    }
    let tables = cached.unwrap_or_else(|| {
        let (t, cpu) = (Instant::now(), cpu_ms());
        let tables = Tables::build();
        let cpu = cpu_since(cpu, 1);
        let wall = t.elapsed().as_secs_f64() * 1e3;
        println!(
            "tables: built in {wall:.0} ms wall, {cpu:.0} ms processor (all threads); {} bytes",
            tables.memory()
        );
        if let Some(p) = &cache {
            std::fs::write(p, tables.to_bytes()).expect("cache written");
        }
        tables
    });
    report(&tables);
    let mut g = c.benchmark_group("twophase");
    g.sample_size(10);
    let bytes = tables.to_bytes();
    g.bench_function("load tables from bytes", |b| {
        b.iter(|| Tables::from_bytes(&bytes).expect("valid"))
    });
    let states = cubes(20);
    let options = SolveOptions {
        max_length: 20,
        ..SolveOptions::default()
    };
    g.bench_function("solve 20 random cubes in <= 20", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|c| solve_with(&tables, c, &options).expect("solved").moves.len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
