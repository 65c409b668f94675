//! A cluster's checkpoints: every worker saves its own slice.
//!
//! With `--checkpoint PATH`, the worker `k` of process `I` of a cluster of
//! `N` processes saves its slice of the table and the distribution so far
//! to `PATH.I-of-N` (one worker a process, the default) or
//! `PATH.I-of-N.wK` (several), in the one-process search's format
//! (`resume.rs`: checksum, atomic write), its identity naming the puzzle,
//! the processes, the workers and the slice. A worker, not a process,
//! because each worker's thread owns its slice: it saves it at the level's
//! end without waiting for the other threads.
//!
//! **The level to resume from.** The workers save after every level's
//! counts are summed, each on its own, so a kill can leave them at
//! different levels; but never more than one apart: a worker saves level
//! `d` before it sends anything of level `d + 1`, and no worker can finish
//! level `d + 1` (and save it) before every worker has sent its counts of
//! it. So each worker keeps its last two levels: saving level `d` first
//! renames the previous file to `….prev`, then writes the new one. On
//! restart every process reads which levels its workers hold (the headers
//! only), they trade them (`connect.rs`) and all resume from the highest
//! level that every worker holds, with the same distribution; when there
//! is none (a worker killed before its first save) the search starts from
//! the solved state again.
//!
//! **What a saved slice may hold of the next level.** A worker relabels
//! its slice before it sends its counts, and while it waits for the
//! others' counts a faster worker may already send it neighbours of the
//! next level, which it marks `NEXT`. Those marks belong to a level the
//! checkpoint does not hold: they are cleared when the slice is loaded,
//! and redone.

use std::path::{Path, PathBuf};

use cubist_io::checkpoint::{fnv1a64, Lock};
use cubist_io::InputError;

use super::{Cluster, LOW};
use crate::god::resume::{self, Saved};
use crate::god::TwoBit;
use crate::Error;

/// The checkpoint files of this process's workers, locked.
pub(super) struct Files {
    /// Per worker of this process: its file and its identity.
    workers: Vec<(PathBuf, String)>,
    /// The workers' locks, held while the search runs.
    _locks: Vec<Lock>,
}

/// `PATH.I-of-N`, or `PATH.I-of-N.wK` with several workers a process.
fn name(base: &Path, process: usize, processes: usize, worker: usize, workers: usize) -> PathBuf {
    let mut n = base.as_os_str().to_owned();
    n.push(format!(".{process}-of-{processes}"));
    if workers > 1 {
        n.push(format!(".w{worker}"));
    }
    PathBuf::from(n)
}

/// The older of a worker's two levels.
fn previous(path: &Path) -> PathBuf {
    let mut n = path.as_os_str().to_owned();
    n.push(".prev");
    PathBuf::from(n)
}

/// The hash of a distribution, traded to agree on a level.
pub(super) fn hash(distribution: &[u64]) -> u64 {
    let bytes: Vec<u8> = distribution.iter().flat_map(|n| n.to_le_bytes()).collect();
    fnv1a64(&bytes)
}

impl Files {
    /// The files of this process's workers under `base`, locked; refused
    /// when a file beside them is a checkpoint of another shape of cluster
    /// (another number of processes or workers), which the same options
    /// would otherwise silently ignore. `search` is the identity of the
    /// search; `slice` the states a worker owns.
    pub(super) fn open(base: &Path, cluster: &Cluster, search: &str, slice: u64) -> Result<Files, Error> {
        refuse_other_shapes(base, cluster)?;
        let (n, w) = (cluster.processes(), cluster.workers);
        let mut workers = Vec::with_capacity(w);
        let mut locks = Vec::with_capacity(w);
        for k in 0..w {
            let path = name(base, cluster.process, n, k, w);
            locks.push(cubist_io::checkpoint::lock_beside(&path)?);
            let identity = format!(
                "{search} cluster process {} of {n} worker {k} of {w} slice {slice}",
                cluster.process
            );
            workers.push((path, identity));
        }
        Ok(Files { workers, _locks: locks })
    }

    /// The saved levels (distribution length and hash) that every worker
    /// of this process holds, highest first.
    pub(super) fn common(&self, len: impl Fn(usize) -> u64) -> Result<Vec<(u64, u64)>, Error> {
        let mut common: Option<Vec<(u64, u64)>> = None;
        for (k, (path, identity)) in self.workers.iter().enumerate() {
            let mut here = Vec::new();
            for p in [path.clone(), previous(path)] {
                if let Some(d) = resume::peek(&p, identity, len(k))? {
                    here.push((d.len() as u64, hash(&d)));
                }
            }
            common = Some(match common {
                None => here,
                Some(c) => c.into_iter().filter(|x| here.contains(x)).collect(),
            });
        }
        let mut c = common.unwrap_or_default();
        c.sort_unstable_by(|a, b| b.cmp(a));
        c.truncate(super::connect::MAX_SAVED);
        Ok(c)
    }

    /// Worker `k`'s saved slice of `len` states at the level `at` (the
    /// distribution's length and hash), its marks of the next level cleared.
    pub(super) fn load(&self, k: usize, len: u64, at: (u64, u64)) -> Result<Saved, Error> {
        let (path, identity) = &self.workers[k];
        for p in [path.clone(), previous(path)] {
            if resume::peek(&p, identity, len)?.is_some_and(|d| (d.len() as u64, hash(&d)) == at) {
                let saved = resume::load(&p, identity, len)?
                    .ok_or_else(|| InputError::new(p.display().to_string(), "the checkpoint went away"))?;
                clear_next(&saved.table);
                return Ok(saved);
            }
        }
        Err(InputError::new(
            path.display().to_string(),
            format!("no longer holds the level after distance {}", at.0 - 1),
        )
        .into())
    }

    /// Saves worker `k`'s slice after a level: the last file becomes the
    /// previous one, then the new one is written atomically.
    pub(super) fn save(&self, k: usize, distribution: &[u64], table: &TwoBit) -> Result<(), Error> {
        let (path, identity) = &self.workers[k];
        if path.exists() {
            std::fs::rename(path, previous(path)).map_err(|e| {
                InputError::new(
                    path.display().to_string(),
                    format!("cannot keep the previous level: {e}"),
                )
            })?;
        }
        resume::save(path, identity, distribution, table)
    }
}

/// Every `NEXT` entry (`10`: high bit set, low bit clear) of a loaded slice turned back to unseen.
fn clear_next(t: &TwoBit) {
    for w in &t.words {
        let x = w.load(std::sync::atomic::Ordering::Relaxed);
        let next = (x >> 1) & !x & LOW;
        w.store(x & !(next << 1), std::sync::atomic::Ordering::Relaxed);
    }
}

/// Refuses when a file beside `base` is a checkpoint of this name for a
/// cluster of another shape: `NAME.I-of-M` (with `.wK`, `.prev`) where
/// `M` or the workers differ from this cluster's.
fn refuse_other_shapes(base: &Path, cluster: &Cluster) -> Result<(), Error> {
    let Some(stem) = base.file_name().and_then(|n| n.to_str()) else {
        return Ok(());
    };
    let dir = match base.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(shape) = file.to_str().and_then(|f| shape_of(stem, f)) else {
            continue;
        };
        let (n, several) = (cluster.processes(), cluster.workers > 1);
        if shape != (n, several) || (several && !file.to_str().is_some_and(|f| worker_below(f, cluster.workers))) {
            return Err(InputError::new(
                dir.join(&file).display().to_string(),
                format!(
                    "a checkpoint of a cluster of {} processes{}, this one has {n} of {} workers: start it as \
                     that one was, or use another checkpoint name",
                    shape.0,
                    if shape.1 {
                        " of several workers"
                    } else {
                        " of one worker"
                    },
                    cluster.workers
                ),
            )
            .into());
        }
    }
    Ok(())
}

/// `(N, several workers)` when `file` is `STEM.I-of-N`, `STEM.I-of-N.wK`,
/// either followed by `.prev`.
fn shape_of(stem: &str, file: &str) -> Option<(usize, bool)> {
    let rest = file.strip_prefix(stem)?.strip_prefix('.')?;
    let rest = rest.strip_suffix(".prev").unwrap_or(rest);
    let (i, rest) = rest.split_once("-of-")?;
    i.parse::<usize>().ok()?;
    let (n, worker) = match rest.split_once(".w") {
        Some((n, k)) => (n, Some(k.parse::<usize>().ok()?)),
        None => (rest, None),
    };
    Some((n.parse().ok()?, worker.is_some()))
}

/// Whether the `.wK` of `file` names a worker below `workers`.
fn worker_below(file: &str, workers: usize) -> bool {
    let f = file.strip_suffix(".prev").unwrap_or(file);
    f.rsplit_once(".w")
        .and_then(|(_, k)| k.parse::<usize>().ok())
        .is_some_and(|k| k < workers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_shapes_read_back() {
        let base = Path::new("/tmp/run.god");
        assert_eq!(name(base, 1, 3, 0, 1), PathBuf::from("/tmp/run.god.1-of-3"));
        assert_eq!(name(base, 1, 3, 2, 4), PathBuf::from("/tmp/run.god.1-of-3.w2"));
        assert_eq!(shape_of("run.god", "run.god.1-of-3"), Some((3, false)));
        assert_eq!(shape_of("run.god", "run.god.1-of-3.w2.prev"), Some((3, true)));
        assert_eq!(shape_of("run.god", "run.god.prev"), None);
        assert_eq!(shape_of("run.god", "run.godx.1-of-3"), None);
        assert_eq!(shape_of("run.god", ".run.god.1-of-3.lock"), None);
        assert!(worker_below("run.god.0-of-2.w1.prev", 2) && !worker_below("run.god.0-of-2.w2", 2));
    }

    #[test]
    fn clearing_the_next_level_leaves_the_others() {
        let t = TwoBit::new(64);
        for i in 0..64u64 {
            if i % 4 != 0 {
                t.set_new(i, i % 4);
            }
        }
        clear_next(&t);
        for i in 0..64u64 {
            let want = if i % 4 == 2 { 0 } else { i % 4 };
            assert_eq!(t.get(i) as u64, want, "entry {i}");
        }
    }
}
