//! The integration tests of cubist-macmahon, one test binary: the paper's
//! numbers recomputed, and the sweeps over all 2^30 sets (ignored: run them
//! with `cargo test --release -p cubist-macmahon --test it -- --ignored`).

mod blocks;
mod extended;
mod family;
mod haraguchi;
mod paper;
mod primes;
mod spectrum;
mod sweep;
mod symmetry;
mod universal;
