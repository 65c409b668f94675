//! Per-state solving times over seeded random cubes, one thread (unless
//! asked for more), tables
//! loaded: the median, mean, 99th percentile and worst wall-clock time, the
//! processor mean, nodes, mean length and a checksum of the answers (the
//! same checksum before and after a change of the search's pruning shows
//! that every answer stayed the same). A measuring aid, not a test (times depend on the
//! machine and its load).
//!
//! `cargo run -p cubist-twophase --release --example times -- [N] [MAX_LENGTH] [TIME_LIMIT_MS]`
//! (defaults 200 states, 20 moves, no time limit). `TWOPHASE_CACHE=path`
//! reads the tables from that file, or builds them and writes it.
//! `TWOPHASE_SCRAMBLE=k` takes cubes scrambled by `k` random moves instead
//! of uniformly random ones; with `TWOPHASE_HALF=1` only half turns (the
//! cubes that are hardest for the short search's bound).
//! `TWOPHASE_SLOWEST=k` also prints the `k` slowest states (wall time,
//! nodes, time per node, length): the tail that makes most of the mean.
//! `TWOPHASE_MOVES=1` makes phase 1's move table first (the search then
//! reads it instead of the phase 1 table). `TWOPHASE_THREADS=n` shares each
//! state's searches among `n` threads (the processor mean is then the
//! threads' total).

use std::time::{Duration, Instant};

use cubist_twophase::{solve_with, CubieCube, Move, SolveOptions, Tables};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Processor time of this process so far in milliseconds (Linux, 10 ms
/// ticks), `None` elsewhere.
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks * 10.0)
}

/// The tables, from the cache file named by `TWOPHASE_CACHE` when it holds
/// valid ones, else built (and written there).
fn tables() -> Tables {
    let cache = std::env::var_os("TWOPHASE_CACHE");
    if let Some(t) = cache
        .as_ref()
        .and_then(|p| std::fs::read(p).ok())
        .and_then(|b| Tables::from_bytes(&b).ok())
    {
        return t;
    }
    let t = Tables::build();
    if let Some(p) = &cache {
        std::fs::write(p, t.to_bytes()).expect("cache written");
    }
    t
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let n = args.first().copied().unwrap_or(200);
    let options = SolveOptions {
        max_length: args.get(1).copied().unwrap_or(20),
        time_limit: args.get(2).map(|&ms| Duration::from_millis(ms as u64)),
        threads: std::env::var("TWOPHASE_THREADS")
            .ok()
            .and_then(|t| t.parse().ok())
            .unwrap_or(1),
        ..SolveOptions::default()
    };
    let tables = tables();
    if std::env::var_os("TWOPHASE_MOVES").is_some() {
        let start = Instant::now();
        let moves = tables.build_phase1_moves();
        eprintln!(
            "phase 1's move table: {} bytes, made in {:.2?}",
            moves.memory(),
            start.elapsed()
        );
    }
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let scramble: Option<usize> = std::env::var("TWOPHASE_SCRAMBLE")
        .ok()
        .map(|s| s.parse().expect("a number"));
    let cubes: Vec<CubieCube> = (0..n)
        .map(|_| match scramble {
            Some(k) => {
                let half = std::env::var_os("TWOPHASE_HALF").is_some();
                let moves: Vec<Move> = (0..k)
                    .map(|_| match half {
                        true => Move::from_index(3 * rng.random_range(0..6) + 1),
                        false => Move::from_index(rng.random_range(0..18)),
                    })
                    .collect();
                CubieCube::from_moves(&moves)
            }
            None => CubieCube::random(&mut rng),
        })
        .collect();
    let (mut times, mut nodes, mut moves) = (Vec::with_capacity(n), 0, 0);
    let mut per_state = Vec::with_capacity(n);
    // FNV-1a over every answer's moves, each answer ended by a mark.
    let mut checksum = 0xcbf2_9ce4_8422_2325u64;
    let cpu = cpu_ms();
    for c in &cubes {
        let t = Instant::now();
        let s = solve_with(&tables, c, &options).expect("solved");
        times.push(t.elapsed());
        per_state.push((times[times.len() - 1], s.nodes, s.moves.len()));
        assert_eq!(c.apply(&s.moves), CubieCube::SOLVED);
        nodes += s.nodes;
        moves += s.moves.len();
        for b in s.moves.iter().map(|m| m.index() as u64).chain([99]) {
            checksum = (checksum ^ b).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    let cpu = cpu.zip(cpu_ms()).map_or(f64::NAN, |(a, b)| (b - a) / n as f64);
    let mean = times.iter().sum::<Duration>() / n as u32;
    if let Some(k) = std::env::var("TWOPHASE_SLOWEST")
        .ok()
        .map(|k| k.parse::<usize>().expect("a number"))
    {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(per_state[i].0));
        for &i in order.iter().take(k) {
            let (t, nodes, len) = per_state[i];
            println!(
                "state {i}: {:.2} ms, {nodes} nodes ({:.0} ns a node), {len} moves",
                t.as_secs_f64() * 1e3,
                t.as_secs_f64() * 1e9 / nodes.max(1) as f64
            );
        }
    }
    times.sort();
    // How many answers of each length, from the shortest to the longest.
    let mut lengths = std::collections::BTreeMap::new();
    for &(_, _, len) in &per_state {
        *lengths.entry(len).or_insert(0usize) += 1;
    }
    let lengths: Vec<String> = lengths.iter().map(|(len, k)| format!("{len}: {k}")).collect();
    println!(
        "{n} cubes, {options:?}: wall median {:.3} ms, mean {:.3} ms, max {:.2} ms; \
         processor mean {cpu:.3} ms; {} nodes and {:.2} moves per cube; p99 {:.2} ms; \
         answers' checksum {checksum:016x}; lengths {}",
        times[n / 2].as_secs_f64() * 1e3,
        mean.as_secs_f64() * 1e3,
        times[n - 1].as_secs_f64() * 1e3,
        nodes / n as u64,
        moves as f64 / n as f64,
        times[(n * 99 / 100).min(n - 1)].as_secs_f64() * 1e3,
        lengths.join(", "),
    );
}
