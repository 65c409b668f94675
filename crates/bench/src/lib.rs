//! The criterion benchmarks of the cubist crates (`benches/`), one file per
//! subject: `cargo bench -p cubist-bench --bench NAME`. Their results, with
//! the method and the variants tried, are in BENCHMARKS.md and docs/bench/.
//!
//! Why a package of their own: a crate's dev-dependencies are compiled for
//! its tests as well as its benches, and criterion with its dependencies was
//! about 40 s of processor time in every fresh `cargo test --workspace`.
//! This library is empty; `cargo test` builds no target of the package.
