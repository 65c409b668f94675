//! The optimal 3x3x3's large tables: a ladder of tiers of the H48 design
//! ([`cubist_twophase::h48`]), one chosen by the table memory allowed,
//! made when a state first needs it, kept in the cache folder.
//!
//! Why this design. The optimal solver bounds its search by the distance
//! of parts of the cube. Two designs were measured side by side on this
//! project's 2-core machine (BENCHMARKS.md, "Optimal 3x3x3"): Kociemba's
//! large table (twist, flip and the middle-layer edges in order, on three
//! axes: 833 MB, 1.04 GB with its coordinate tables) and H48's h5 (the
//! corners' coset under the 48 symmetries with the flips of five edges,
//! read on the cube and on its inverse: 0.94 GB, 1.01 GB with the h0 table
//! and the coordinates). At about the same memory h5 searched 2.0 to 2.6
//! times fewer nodes and took 2.7 to 3.2 times less processor time through
//! depth 16. Less than the smallest tier keeps to Kociemba's phase 1 table
//! (35 MB).
//!
//! # The ladder
//!
//! An h_k table follows the flips of `k` edges: each more doubles it
//! (h3 0.24 GB, h4 0.47, h5 0.94, h6 1.88, h7 3.76) and bounds a little better,
//! since its entries cover fewer h11 cosets and so take the least distance
//! over fewer of them. Every tier is built the same way, over a base of 8
//! from the start (excesses over 8 up to 3, [`HkTable::build_until`]), to
//! depth 10 from the cosets at depth 8, so the builds visit the same
//! nodes (1.3 billion) and differ by the table they write into. [`LADDER`]
//! lists them smallest first; [`choose`] takes the largest whose memory
//! with the two-phase tables ([`Rung::budget`]) fits `--table-memory`.
//!
//! Is a larger tier worth its memory? Its reads miss the caches and the
//! address cache a little more often, so a node costs a little more; but
//! measured (BENCHMARKS.md's ladder table) each rung searched 11 to 43%
//! fewer nodes than the one below (less gained at each rung) at about the
//! same node rate, so h7 (3.8 GB) takes less processor time per state
//! than h5 (1 GB), which the default table memory (4096 MiB) chose
//! before: the default now takes h7. Its first build costs about what h5's did (the same 1.3 billion
//! nodes, about 3 minutes of processor time, a minute and a half on two
//! idle cores) and a 3.8 GB file in the cache folder; `--table-memory 1105`
//! keeps to h5. Per second × GB, the smaller tiers are the better buys.
//!
//! # The deep tier
//!
//! h7 built one move deeper ([`DEEP`], `--deep-table`): to depth 11 over a
//! base of 9, so that 53% of its entries read 12 moves where the ladder's
//! read 11. Measured (BENCHMARKS.md, "A deep h7"): 2.6 times fewer nodes
//! over the four states of the benchmark (random 1, 17 moves: 1.75
//! million against 8.5), for a build of 17.5 billion nodes (26 minutes of
//! processor time, 14 on two idle cores) instead of 1.3. Same memory,
//! same file size; used whenever its file is in the cache. A deep file
//! refused when not asked for is not rebuilt unasked (some fourteen
//! minutes, against one and a half): the ladder's tier of the same size
//! stands in ([`Rung::shallow`]), and the memory planned counts it
//! ([`planned_bytes`]).
//!
//! A build's price is its search (minutes on two cores, announced before
//! it starts with the tier's own estimate, [`Rung::build_time`], then a
//! progress bar), so each tier is written to the cache folder in its own
//! checksummed file (the h0 table, then h_k over it), read back in seconds
//! by later runs (on Linux the large table is mapped from the file, and
//! its read starts with the solver: [`read_ahead`]); a damaged file is
//! rebuilt. The build's peak
//! ([`Rung::build_memory`]) is the table and the breadth-first search over
//! the cosets it starts from.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use cubist_twophase::h48::coord::Coords;
use cubist_twophase::h48::table::{H0Table, HkParams, HkProgress, HkTable};

use super::TablesOrigin;

/// One tier of the ladder: h_k with [`Rung::k`] edge flips, built to
/// [`Rung::depth`] from the cosets at depth 8, excesses over [`Rung::base`]
/// kept up to 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The edge flips the tier follows.
    pub k: u32,
    /// The depth the build searches to: 10 for the ladder, 11 for a deep
    /// tier ([`DEEP`]).
    pub depth: u8,
    /// The base of the two-bit entries: bounds of `base + 1` to `base + 3`
    /// are read from the table, `base` or less from h0.
    pub base: u8,
    /// The file the tier is cached in, in the cache folder: the h0 table,
    /// then h_k over it. The name carries the format.
    pub cache_file: &'static str,
    /// How long a first build takes, as the notice before it says
    /// (measured on this project's 2-core machine: BENCHMARKS.md).
    pub build_time: &'static str,
}

/// The ladder's entries are built as excesses over this bound (one read a
/// lookup; only a bound of 8 or less reads the h0 table).
pub const BASE: u8 = 8;

/// The tiers, smallest first (see the module documentation).
pub const LADDER: [Rung; 5] = [
    Rung {
        k: 3,
        depth: 10,
        base: BASE,
        cache_file: "optimal-h48-h3-depth10-base8-v3.tables",
        build_time: "about 2 minutes of processor time, 1 on 2 idle cores",
    },
    Rung {
        k: 4,
        depth: 10,
        base: BASE,
        cache_file: "optimal-h48-h4-depth10-base8-v3.tables",
        build_time: "about 2 minutes of processor time, 1 on 2 idle cores",
    },
    Rung {
        k: 5,
        depth: 10,
        base: BASE,
        cache_file: "optimal-h48-h5-depth10-base8-v3.tables",
        build_time: "about 2 minutes of processor time, 1 on 2 idle cores",
    },
    Rung {
        k: 6,
        depth: 10,
        base: BASE,
        cache_file: "optimal-h48-h6-depth10-base8-v3.tables",
        build_time: "about 2.5 minutes of processor time, under 1.5 on 2 idle cores",
    },
    Rung {
        k: 7,
        depth: 10,
        base: BASE,
        cache_file: "optimal-h48-h7-depth10-base8-v3.tables",
        build_time: "about 3 minutes of processor time, 1.5 on 2 idle cores",
    },
];

/// The deep tiers: a rung of [`LADDER`] built one move deeper, to depth 11,
/// over a base of 9, so that its entries tell 12 moves or more from 11
/// (nissy-core's tables from h4 up are built over 9 the same way). It pays
/// where many entries are that far: h7's entries are 12 or more for about
/// half of its cosets, and the search's largest level, the depth where
/// the moves left equal the table's largest bound (every node there passes
/// the ladder's h7), is then cut on the cube and again on the inverse:
/// 2.6 times fewer nodes (BENCHMARKS.md, "A deep h7"). The
/// build searches about 13 times the ladder's nodes, so a deep tier is
/// made only when asked ([`choose`]'s `deep`), and used whenever its file
/// is in the cache.
pub const DEEP: [Rung; 1] = [Rung {
    k: 7,
    depth: 11,
    base: 9,
    cache_file: "optimal-h48-h7-depth11-base9-v3.tables",
    build_time: "about 26 minutes of processor time, 14 on 2 idle cores",
}];

impl Rung {
    /// The table's build parameters.
    pub const fn params(&self) -> HkParams {
        HkParams {
            k: self.k,
            depth: self.depth,
            cap: 3,
            cosets: 8,
        }
    }

    /// The tier's short name: `H48 h7`, or `H48 h7 to depth 11` for a
    /// deep one.
    pub fn label(&self) -> String {
        match self.depth {
            10 => format!("H48 h{}", self.k),
            d => format!("H48 h{} to depth {d}", self.k),
        }
    }

    /// The name the solver's report gives the bound.
    pub fn name(&self) -> String {
        format!("{} over h0 (cube and inverse)", self.label())
    }

    /// Bytes of the cache file.
    pub const fn file_bytes(&self) -> u64 {
        (H0Table::FILE_BYTES + HkTable::file_bytes(self.k)) as u64
    }

    /// Bytes the tier takes in memory once made: h_k, h0 and the
    /// coordinates.
    pub const fn memory(&self) -> u64 {
        (HkTable::memory_for(self.k) + H0Table::MEMORY + Coords::MEMORY) as u64
    }

    /// The table memory from which the optimal solver can use the tier:
    /// its [`Rung::memory`] and the two-phase tables
    /// ([`super::TWO_PHASE_BYTES`]).
    pub const fn budget(&self) -> u64 {
        self.memory() + super::TWO_PHASE_BYTES
    }

    /// Bytes a build of the tier takes at its peak: the coordinates, h0,
    /// h_k and the coset search's levels ([`HkTable::build_memory`]); the
    /// file is streamed to the cache folder, not held a second time.
    pub fn build_memory(&self) -> u64 {
        (HkTable::build_memory(self.params()) + H0Table::MEMORY + Coords::MEMORY) as u64
    }

    /// The phase names a build reports under: h0, the cosets, the search.
    pub fn phases(&self) -> [String; 3] {
        [
            "optimal table h0 (corner coset, edges in their slices)".to_string(),
            format!("optimal table h{}: cosets within 8 moves", self.k),
            format!("optimal table h{}: searching to depth {}", self.k, self.depth),
        ]
    }

    /// Where the tier sits in [`LADDER`] then [`DEEP`].
    fn index(&self) -> usize {
        LADDER
            .iter()
            .chain(&DEEP)
            .position(|r| r == self)
            .expect("a rung of the ladder")
    }

    /// The deep tier of the same `k`, if there is one.
    fn deep(&self) -> Option<&'static Rung> {
        DEEP.iter().find(|d| d.k == self.k)
    }

    /// For a deep tier, the ladder's tier of the same `k`: what a solver
    /// that did not ask for the deep one uses when the deep file in the
    /// cache folder is refused (rebuilding it unasked would take ten times the ladder's build).
    pub fn shallow(&self) -> Option<&'static Rung> {
        DEEP.contains(self)
            .then(|| LADDER.iter().find(|r| r.k == self.k))
            .flatten()
    }
}

/// What a solver asks of the large table: the memory it may take (a
/// tier whose [`Rung::budget`] fits), and whether the deep tier is asked
/// for ([`choose`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// The bytes the tier, with the two-phase tables, may take.
    pub table_memory: u64,
    /// Whether the deep tier ([`DEEP`]) is wanted even when its file is
    /// not in the cache folder (it is then built: some fourteen minutes).
    pub deep: bool,
}

/// The tier `table_memory` bytes allow: the largest of [`LADDER`] whose
/// [`Rung::budget`] fits; `None` below the smallest (the solver then
/// bounds by phase 1's table). Its deep twin ([`DEEP`], the same memory)
/// instead when `deep` asks for it or when its file is in `cache` (read in
/// seconds, and a better bound).
pub fn choose(table_memory: u64, deep: bool, cache: Option<&Path>) -> Option<&'static Rung> {
    let rung = LADDER.iter().rev().find(|r| r.budget() <= table_memory)?;
    match rung.deep() {
        Some(d) if deep || ready(d).is_some() || cache_file(d, cache).is_some() => Some(d),
        _ => Some(rung),
    }
}

/// A tier, made once per process.
pub struct Tier {
    /// The exact distances of the h0 cosets.
    pub h0: H0Table,
    /// h_k's bounds, over the rung's base.
    pub hk: HkTable,
}

/// The tiers this process has made, by their place in [`LADDER`] (a
/// process asked for two budgets may hold two).
static TIERS: [OnceLock<Tier>; LADDER.len() + DEEP.len()] = [const { OnceLock::new() }; LADDER.len() + DEEP.len()];

/// The tier `rung`, when this process has made it.
pub fn ready(rung: &Rung) -> Option<&'static Tier> {
    TIERS[rung.index()].get()
}

/// What a read started ahead ([`read_ahead`]) came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadAhead {
    /// The file was read: the tier is ready ([`ready`]).
    Read,
    /// The file was refused (damaged, another version): not read again.
    Refused,
    /// The tier was made meanwhile by another thread.
    Unneeded,
}

/// Starts reading the tier's file from `cache` on a thread of its own,
/// into this process's tier (where [`ready`] finds it), then the H48
/// coordinates' tables the search needs ([`Coords::global`]); `None` when
/// the tier is in memory already or its file is not in `cache`. A build
/// is never started ahead: it is announced, and takes minutes.
///
/// Why. Before its search a random state waits for the two-phase and
/// corners' tables (read from their cache files) and a first search with
/// those small tables, then for the tier's file to be read and
/// checksummed, on one thread (0.35 to 0.4 s for the 3.8 GB deep h7 beside
/// the other reads, BENCHMARKS.md): started together, the two keep both
/// cores busy.
/// A state that the small tables solve does not wait for the thread; the
/// tier it reads is the process's next state's.
pub fn read_ahead(rung: &'static Rung, cache: Option<&Path>) -> Option<std::thread::JoinHandle<ReadAhead>> {
    if ready(rung).is_some() {
        return None;
    }
    let path = cache_file(rung, cache)?;
    std::thread::Builder::new()
        .name("cubist-table-read".into())
        .spawn(move || {
            let outcome = match read(rung, &path).map(|t| TIERS[rung.index()].set(t).is_ok()) {
                Some(true) => ReadAhead::Read,
                Some(false) => ReadAhead::Unneeded,
                None => ReadAhead::Refused,
            };
            Coords::global();
            outcome
        })
        .ok()
}

/// The tier's cache file in `cache`, when one of the right size is there
/// (its contents are checked when it is read).
pub fn cache_file(rung: &Rung, cache: Option<&Path>) -> Option<PathBuf> {
    let path = cache?.join(rung.cache_file);
    let size = std::fs::metadata(&path).ok()?.len();
    (size == rung.file_bytes()).then_some(path)
}

/// The memory making `rung` ready adds: nothing when this process has it,
/// its table when its file is in `cache`, else its build's peak. A deep
/// tier chosen unasked (`deep_asked` false) counts its ladder twin's as
/// well ([`Rung::shallow`]): that one stands in if the deep file is
/// refused.
pub fn planned_bytes(rung: &Rung, deep_asked: bool, cache: Option<&Path>) -> u64 {
    let one = |r: &Rung| match ready(r) {
        Some(_) => 0,
        None if cache_file(r, cache).is_some() => r.memory(),
        None => r.build_memory(),
    };
    match stand_in(rung, deep_asked) {
        Some(s) if ready(rung).is_none() => one(rung).max(one(s)),
        _ => one(rung),
    }
}

/// The tier that stands in for `rung` when its file is refused: the
/// ladder's twin of a deep tier chosen unasked (only because its file is
/// in the cache folder), which is then read but never built.
fn stand_in(rung: &Rung, deep_asked: bool) -> Option<&'static Rung> {
    rung.shallow().filter(|_| !deep_asked)
}

/// Reads the tier from `path` (its large table mapped from the file where
/// the system allows: [`HkTable::open`]); `None` when the file cannot be
/// read or is refused (damaged, another version, not the rung's
/// parameters over its base).
fn read(rung: &Rung, path: &Path) -> Option<Tier> {
    let file = std::fs::File::open(path).ok()?;
    let h0 = H0Table::read(&mut std::io::BufReader::new(&file)).ok()?;
    let hk = HkTable::open(&h0, &file, H0Table::FILE_BYTES as u64).ok()?;
    (hk.params() == rung.params() && hk.base() == Some(rung.base)).then_some(Tier { h0, hk })
}

/// Builds the tier, calling `progress(phase, done, total)` as it goes
/// ([`Rung::phases`]); `None` when `cancel` became true first (within a
/// second or so: both builds read it between small pieces of their work).
fn build(rung: &Rung, progress: &(dyn Fn(&str, u64, u64) + Sync), cancel: &AtomicBool) -> Option<Tier> {
    let co = Coords::global();
    let phases = rung.phases();
    let total = cubist_twophase::h48::coord::N_H0_USED as u64;
    let h0 = H0Table::build_until(
        co,
        20,
        &mut |_, known| progress(&phases[0], known.min(total), total),
        cancel,
    )?;
    progress(&phases[0], total, total);
    let params = rung.params();
    let report = |p: HkProgress| match p {
        HkProgress::Memory(_) => {}
        HkProgress::Cosets { depth, .. } => progress(&phases[1], depth.into(), params.cosets.into()),
        HkProgress::Searched { done, tasks, .. } => progress(&phases[2], done as u64, tasks as u64),
    };
    let hk = HkTable::build_until(co, &h0, params, Some(rung.base), &report, cancel)
        .expect("the ladder's parameters are in range")?;
    Some(Tier { h0, hk })
}

/// Makes the tier [`choose`] gave ready (in memory, else read from
/// `cache`, checksummed, else built with `progress(phase, done, total)`
/// and written there), and says which tier that is: `rung` itself, or, for
/// a deep tier chosen unasked whose file is refused, its stand-in (read or
/// built, and a warning says why: rebuilding the deep one unasked would
/// take ten times the ladder's build).
/// `announce(tier)` is called before a tier with no file in `cache` is
/// built; `ahead` is what a read of `rung`'s file started ahead came to
/// ([`read_ahead`]), if one was. Returns the tier made and where it came
/// from (`None` when `cancel` stopped a build), and the warnings, if any.
pub fn prepare(
    rung: &'static Rung,
    deep_asked: bool,
    cache: Option<&Path>,
    ahead: Option<ReadAhead>,
    announce: &dyn Fn(&Rung),
    progress: &(dyn Fn(&str, u64, u64) + Sync),
    cancel: &AtomicBool,
) -> (Option<(&'static Rung, TablesOrigin)>, Option<String>) {
    // What was read ahead is `rung`'s, never its stand-in's.
    let ahead_of = |r: &Rung| ahead.filter(|_| std::ptr::eq(r, rung));
    let made = |r: &'static Rung| {
        if cache_file(r, cache).is_none() {
            announce(r);
        }
        let (origin, warning) = prepare_one(r, cache, ahead_of(r), true, progress, cancel);
        (origin.map(|o| (r, o)), warning)
    };
    let Some(s) = stand_in(rung, deep_asked) else {
        return made(rung);
    };
    if let (Some(origin), _) = prepare_one(rung, cache, ahead, false, progress, cancel) {
        return (Some((rung, origin)), None);
    }
    let refused = format!(
        "the {} table's file in the cache folder was refused (damaged, or written by another version): searching \
         with {} instead; --deep-table rebuilds it",
        rung.label(),
        s.label()
    );
    let (tier, warning) = made(s);
    let warnings = std::iter::once(refused).chain(warning).collect::<Vec<_>>().join("; ");
    (tier, Some(warnings))
}

/// Makes the tier `rung` ready: in memory, else read from `cache`
/// (checksummed; a damaged file is rebuilt), else, when `may_build`,
/// built, calling `progress(phase, done, total)` as it goes, and written
/// there. `ahead`: what a read started ahead came to (the file is not
/// read twice). Returns where it came from (`None` when it was not read
/// and `may_build` is false, or when `cancel` stopped the build: nothing
/// is kept or written) and why it could not be cached, if it could not.
fn prepare_one(
    rung: &Rung,
    cache: Option<&Path>,
    ahead: Option<ReadAhead>,
    may_build: bool,
    progress: &(dyn Fn(&str, u64, u64) + Sync),
    cancel: &AtomicBool,
) -> (Option<TablesOrigin>, Option<String>) {
    let slot = &TIERS[rung.index()];
    match ahead {
        Some(ReadAhead::Read) => return (Some(TablesOrigin::Cached), None),
        _ if slot.get().is_some() => return (Some(TablesOrigin::Memory), None),
        _ => {}
    }
    let file = cache_file(rung, cache).filter(|_| ahead != Some(ReadAhead::Refused));
    if let Some(t) = file.and_then(|p| read(rung, &p)) {
        // Another thread may have set it meanwhile: either is right.
        let _ = slot.set(t);
        return (Some(TablesOrigin::Cached), None);
    }
    if !may_build {
        return (None, None);
    }
    let Some(t) = build(rung, progress, cancel) else {
        return (None, None);
    };
    let written = cache.map(|dir| {
        let path = dir.join(rung.cache_file);
        std::fs::create_dir_all(dir)
            .and_then(|()| {
                cubist_io::write_atomic_with(&path, &mut |w| {
                    let mut w = std::io::BufWriter::with_capacity(1 << 20, w);
                    t.h0.write(&mut w)?;
                    t.hk.write(&t.h0, &mut w)
                })
            })
            .map_err(|e| format!("cannot cache the optimal solver's table in {}: {e}", path.display()))
            // The next process maps the file; from the pages the write
            // left in the kernel's cache it could not, 2 MiB at a time
            // (`pages::drop_cached` says why). Advice: ignored if refused.
            .inspect(|()| {
                let _ = cubist_twophase::pages::drop_cached(&path);
            })
    });
    let _ = slot.set(t);
    (Some(TablesOrigin::Built), written.and_then(Result::err))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The figures a plan states before anything is built, for every tier:
    /// the file's exact size (a stand-in of it in a test of the command
    /// line), the memory of the tier and of its build, and the budget that
    /// chooses it. Each tier doubles the table of the one below; the
    /// build's peak is the tier and the same coset search.
    #[test]
    fn the_tiers_figures_are_known_before_building() {
        let h5 = &LADDER[2];
        assert_eq!(h5.file_bytes(), 999_323_589);
        assert_eq!(LADDER[4].file_bytes(), 3_820_942_389);
        assert_eq!(h5.memory(), 1_015_755_000);
        assert_eq!(h5.budget().div_ceil(1 << 20), 1105);
        // The coset search to depth 8: 6,764,737 classes and 8,782,326
        // candidates of 48 bytes beside the tables.
        let cosets = 746_259_024;
        assert_eq!(h5.build_memory() - h5.memory(), cosets);
        // h_k holds 117,567,450 x 2^k entries of 2 bits.
        let tables: Vec<u64> = LADDER.iter().map(|r| r.memory() + 940_539_600 - h5.memory()).collect();
        assert_eq!(
            tables,
            [235_134_900, 470_269_800, 940_539_600, 1_881_079_200, 3_762_158_400]
        );
        let budgets: Vec<u64> = LADDER.iter().map(|r| r.budget().div_ceil(1 << 20)).collect();
        assert_eq!(budgets, [432, 657, 1105, 2002, 3796]);
        let peaks: Vec<u64> = LADDER.iter().map(|r| r.build_memory().div_ceil(1 << 20)).collect();
        assert_eq!(peaks, [1008, 1232, 1681, 2578, 4372]);
        for r in &LADDER {
            assert_eq!(r.build_memory() - r.memory(), cosets);
            assert_eq!(r.file_bytes() + h5.memory(), r.memory() + h5.file_bytes());
            assert!(r.cache_file.contains(&format!("-h{}-", r.k)));
            assert!(cache_file(r, Some(Path::new("/nonexistent"))).is_none());
            assert!(cache_file(r, None).is_none());
            assert_eq!(r.params().k, r.k);
        }
    }

    /// The budget chooses the largest tier that fits, none below the
    /// smallest; each tier has its own file.
    #[test]
    fn the_budget_chooses_the_largest_tier_that_fits() {
        let mib = |m: u64| m << 20;
        let k = |m: u64| choose(mib(m), false, None).map(|r| r.k);
        assert_eq!(k(0), None);
        assert_eq!(k(431), None);
        assert_eq!(k(432), Some(3));
        assert_eq!(k(512), Some(3));
        assert_eq!(k(656), Some(3));
        assert_eq!(k(657), Some(4));
        assert_eq!(k(1024), Some(4));
        assert_eq!(k(1105), Some(5));
        assert_eq!(k(2001), Some(5));
        assert_eq!(k(2002), Some(6));
        assert_eq!(k(3795), Some(6));
        assert_eq!(k(3796), Some(7));
        assert_eq!(k(4096), Some(7));
        assert_eq!(k(u64::MAX >> 20), Some(7));
        // Exactly at a tier's budget, that tier; a byte less, the one below.
        for (i, r) in LADDER.iter().enumerate() {
            assert_eq!(choose(r.budget(), false, None), Some(r));
            assert_eq!(
                choose(r.budget() - 1, false, None),
                i.checked_sub(1).map(|j| &LADDER[j])
            );
        }
        let mut files: Vec<&str> = LADDER.iter().chain(&DEEP).map(|r| r.cache_file).collect();
        files.sort();
        files.dedup();
        assert_eq!(files.len(), LADDER.len() + DEEP.len());
    }

    /// The deep tier takes h7's memory and file size under its own name;
    /// it is chosen for h7's budget when asked, or unasked when its file is
    /// in the cache folder, never below h7's budget.
    #[test]
    fn the_deep_tier_is_chosen_when_asked_or_cached() {
        let (h7, deep) = (&LADDER[4], &DEEP[0]);
        assert_eq!((deep.k, deep.depth, deep.base), (7, 11, 9));
        assert_eq!((h7.depth, h7.base), (10, 8));
        assert_eq!(deep.memory(), h7.memory());
        assert_eq!(deep.file_bytes(), h7.file_bytes());
        assert_eq!(deep.build_memory(), h7.build_memory());
        assert_eq!(deep.label(), "H48 h7 to depth 11");
        assert_eq!(h7.label(), "H48 h7");
        assert_eq!(deep.phases()[2], "optimal table h7: searching to depth 11");
        assert_eq!(deep.params().depth, 11);
        assert_eq!(choose(4 << 30, true, None), Some(deep));
        assert_eq!(choose(4 << 30, false, None), Some(h7));
        assert_eq!(choose(h7.budget() - 1, true, None), Some(&LADDER[3]));
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(choose(4 << 30, false, Some(dir.path())), Some(h7));
        // A file of the right size (its contents are checked when read).
        let f = std::fs::File::create(dir.path().join(deep.cache_file)).unwrap();
        f.set_len(deep.file_bytes() - 1).unwrap();
        assert_eq!(choose(4 << 30, false, Some(dir.path())), Some(h7));
        f.set_len(deep.file_bytes()).unwrap();
        assert_eq!(choose(4 << 30, false, Some(dir.path())), Some(deep));
        assert_eq!(choose(h7.budget() - 1, false, Some(dir.path())), Some(&LADDER[3]));
    }

    /// A read ahead starts only where the tier's file is in the cache
    /// folder; a file that is not the tier's (here, of the right size but
    /// empty) is refused and the tier left unmade, also when it is then
    /// prepared without building.
    #[test]
    fn a_read_ahead_refuses_a_damaged_file() {
        let h3 = &LADDER[0];
        let dir = tempfile::tempdir().unwrap();
        assert!(read_ahead(h3, Some(dir.path())).is_none());
        assert!(read_ahead(h3, None).is_none());
        let path = dir.path().join(h3.cache_file);
        std::fs::File::create(&path).unwrap().set_len(h3.file_bytes()).unwrap();
        let ahead = read_ahead(h3, Some(dir.path())).unwrap().join().unwrap();
        assert_eq!(ahead, ReadAhead::Refused);
        assert!(ready(h3).is_none());
        let never = AtomicBool::new(false);
        let (origin, warning) = prepare_one(h3, Some(dir.path()), Some(ahead), false, &|_, _, _| {}, &never);
        assert_eq!((origin, warning), (None, None));
        assert!(ready(h3).is_none());
    }
}
