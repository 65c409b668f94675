//! The optimal 3x3x3's large tables: one tier of the H48 design
//! ([`cubist_twophase::h48`]), made when a state first needs it, kept in
//! the cache folder.
//!
//! Which tier, and why this one. The optimal solver bounds its search by
//! the distance of parts of the cube. Two designs were measured side by
//! side on this project's 2-core machine (BENCHMARKS.md, "Optimal
//! 3x3x3"): Kociemba's large table (twist, flip and the middle-layer
//! edges in order, on three axes: 833 MB, 1.04 GB with its coordinate
//! tables) and H48's h5 (the corners' coset under the 48 symmetries with
//! the flips of five edges, read on the cube and on its inverse: 0.94 GB,
//! 1.01 GB with the h0 table and the coordinates), built to depth 10 with
//! excesses over h0 up to 2 and read over a base of 8 (one read a lookup).
//! At about the same memory h5 searched 2.0 to 2.6 times fewer nodes and
//! took 2.7 to 3.2 times less processor time through depth 16, so it is
//! the tier: [`BUDGET`] bytes of table memory or more choose it. Less
//! keeps to Kociemba's phase 1 table (35 MB). The tier is now built over
//! its base from the start (excesses over 8 up to 3, [`HkTable::build_until`]),
//! which bounds every entry at least as well as capping over h0 first.
//!
//! Its price is the build: 1.31 billion nodes of search (minutes on two
//! cores, announced before it starts, with a progress bar), so it is
//! written to the cache folder in one checksummed file (the h0 table,
//! then h5 over it), read back in seconds by later runs; a damaged file
//! is rebuilt. The build's peak ([`build_memory`]) is the table and the
//! breadth-first search over the cosets it starts from.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use cubist_twophase::h48::coord::Coords;
use cubist_twophase::h48::table::{H0Table, HkParams, HkProgress, HkTable};

use super::TablesOrigin;

/// The tier: five edge flips followed, built to depth 10 from the cosets
/// at depth 8, excesses over [`BASE`] kept up to 3.
pub const PARAMS: HkParams = HkParams {
    k: 5,
    depth: 10,
    cap: 3,
    cosets: 8,
};

/// The entries are built as excesses over this bound (one read a lookup;
/// only a bound of 8 or less reads the h0 table).
pub const BASE: u8 = 8;

/// The file the tier is cached in: the h0 table, then h5 over it.
pub const CACHE_FILE: &str = "optimal-h48-h5-depth10-base8-v2.tables";

/// Bytes of the file.
pub const FILE_BYTES: u64 = (H0Table::FILE_BYTES + HkTable::file_bytes(PARAMS.k)) as u64;

/// How long a build takes, as the notice before it says (measured on
/// this project's 2-core machine: BENCHMARKS.md).
pub const BUILD_TIME: &str = "about 5 minutes of processor time, 11 on a busy 2-core machine";

/// Bytes the tier takes in memory once made: h5, h0 and the coordinates
/// (1,015,723,192).
pub const MEMORY: u64 = (HkTable::memory_for(PARAMS.k) + H0Table::MEMORY + Coords::MEMORY) as u64;

/// The table memory from which the optimal solver uses the tier: its
/// [`MEMORY`] and the two-phase tables ([`super::TWO_PHASE_BYTES`]).
pub const BUDGET: u64 = MEMORY + super::TWO_PHASE_BYTES;

/// Bytes a build of the tier takes at its peak: the coordinates, h0, h5
/// and the coset search's levels ([`HkTable::build_memory`]); the file is
/// streamed to the cache folder, not held a second time.
pub fn build_memory() -> u64 {
    (HkTable::build_memory(PARAMS) + H0Table::MEMORY + Coords::MEMORY) as u64
}

/// The tier, made once per process.
pub struct Tier {
    /// The exact distances of the h0 cosets.
    pub h0: H0Table,
    /// h5's bounds, over [`BASE`].
    pub hk: HkTable,
}

static TIER: OnceLock<Tier> = OnceLock::new();

/// The tier, when this process has made it.
pub fn ready() -> Option<&'static Tier> {
    TIER.get()
}

/// The cached tier's file in `cache`, when one of the right size is there
/// (its contents are checked when it is read).
pub fn cache_file(cache: Option<&Path>) -> Option<PathBuf> {
    let path = cache?.join(CACHE_FILE);
    let size = std::fs::metadata(&path).ok()?.len();
    (size == FILE_BYTES).then_some(path)
}

/// Reads the tier from `path`; `None` when the file cannot be read or is
/// refused (damaged, another version, not [`PARAMS`] over [`BASE`]).
fn read(path: &Path) -> Option<Tier> {
    let mut r = std::io::BufReader::new(std::fs::File::open(path).ok()?);
    let h0 = H0Table::read(&mut r).ok()?;
    let hk = HkTable::read(&h0, &mut r).ok()?;
    (hk.params() == PARAMS && hk.base() == Some(BASE)).then_some(Tier { h0, hk })
}

/// The phase names a build reports under.
pub const PHASES: [&str; 3] = [
    "optimal table h0 (corner coset, edges in their slices)",
    "optimal table h5: cosets within 8 moves",
    "optimal table h5: searching to depth 10",
];

/// Builds the tier, calling `progress(phase, done, total)` as it goes
/// ([`PHASES`]); `None` when `cancel` became true first (within a second
/// or so: both builds read it between small pieces of their work).
fn build(progress: &(dyn Fn(&str, u64, u64) + Sync), cancel: &AtomicBool) -> Option<Tier> {
    let co = Coords::global();
    let total = cubist_twophase::h48::coord::N_H0_USED as u64;
    let h0 = H0Table::build_until(
        co,
        20,
        &mut |_, known| progress(PHASES[0], known.min(total), total),
        cancel,
    )?;
    progress(PHASES[0], total, total);
    let report = |p: HkProgress| match p {
        HkProgress::Memory(_) => {}
        HkProgress::Cosets { depth, .. } => progress(PHASES[1], depth.into(), PARAMS.cosets.into()),
        HkProgress::Searched { done, tasks, .. } => progress(PHASES[2], done as u64, tasks as u64),
    };
    let hk = HkTable::build_until(co, &h0, PARAMS, Some(BASE), &report, cancel)
        .expect("the tier's parameters are in range")?;
    Some(Tier { h0, hk })
}

/// Makes the tier ready: in memory, else read from `cache` (checksummed;
/// a damaged file is rebuilt), else built, calling `progress(phase, done,
/// total)` as it goes, and written there. Returns where it came from
/// (`None` when `cancel` stopped the build: nothing is kept or written)
/// and why it could not be cached, if it could not.
pub fn prepare(
    cache: Option<&Path>,
    progress: &(dyn Fn(&str, u64, u64) + Sync),
    cancel: &AtomicBool,
) -> (Option<TablesOrigin>, Option<String>) {
    if TIER.get().is_some() {
        return (Some(TablesOrigin::Memory), None);
    }
    if let Some(t) = cache_file(cache).and_then(|p| read(&p)) {
        // Another thread may have set it meanwhile: either is right.
        let _ = TIER.set(t);
        return (Some(TablesOrigin::Cached), None);
    }
    let Some(t) = build(progress, cancel) else {
        return (None, None);
    };
    let written = cache.map(|dir| {
        let path = dir.join(CACHE_FILE);
        std::fs::create_dir_all(dir)
            .and_then(|()| {
                cubist_io::write_atomic_with(&path, &mut |w| {
                    let mut w = std::io::BufWriter::with_capacity(1 << 20, w);
                    t.h0.write(&mut w)?;
                    t.hk.write(&t.h0, &mut w)
                })
            })
            .map_err(|e| format!("cannot cache the optimal solver's table in {}: {e}", path.display()))
    });
    let _ = TIER.set(t);
    (Some(TablesOrigin::Built), written.and_then(Result::err))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The figures a plan states before anything is built: the file's
    /// exact size (a stand-in of it in a test of the command line), the
    /// memory of the tier and of its build, and the budget that chooses it.
    #[test]
    fn the_tiers_figures_are_known_before_building() {
        assert_eq!(FILE_BYTES, 999_323_589);
        assert_eq!(MEMORY, 1_015_723_192);
        assert_eq!(BUDGET.div_ceil(1 << 20), 1105);
        // The coset search to depth 8: 6,764,737 classes and 8,782,326
        // candidates of 48 bytes beside the tables.
        assert_eq!(build_memory() - MEMORY, 746_259_024);
        assert!(cache_file(Some(Path::new("/nonexistent"))).is_none());
    }
}
