//! The bytes a search out of core will write in its work folder, planned
//! before it writes any, and the refusal when its file system lacks them.
//!
//! The folder holds at its fullest, during a level's apply pass, the table
//! the level reads and the one it writes (2 bits a state each), the bucket
//! files of the level's neighbours not yet applied, and the state file.
//! The tables are exact. The buckets are bounded from the largest level
//! there can be, because the distribution is what the search is run to
//! find:
//!
//! - **frontier bound**: a level holds at most the reachable positions
//!   but the solved one (Schreier–Sims's count, when the indexer knows it;
//!   else the index space's size, a far weaker bound);
//! - a level's expansion pushes at most `frontier x steps` offsets into
//!   the buckets (fewer: a neighbour already seen in its own block is
//!   dropped at once), in runs of at most `bucket_entries` pushes, plus a
//!   last run per block, and one more per block for each save within the
//!   expansion (a save writes every buffer out, full or not; at most
//!   [`MAX_EXPAND_SAVES`](super::MAX_EXPAND_SAVES) a level):
//!   `runs <= pushes / bucket_entries + blocks x (1 + saves)`;
//! - a run of `k` sorted, distinct offsets in a block of `s` states is its
//!   count and first offset (at most 3 and 5 bytes) and `k - 1` gaps of a
//!   byte each, plus a byte for every gap of `2^7` or more, another for
//!   every one of `2^14` or more, and so on; the gaps sum to less than `s`,
//!   so at most `s / 2^7 + s / 2^14 + ... < s / 127` of them are long, and
//!   never more than `k`. Summed over the runs: at most `pushes + 8 runs +
//!   min(pushes, runs x s / 127)` bytes.
//!
//! Each block's bucket file is emptied once its block is applied, and the
//! files a stopped run leaves are removed when a run starts, so the bucket
//! files never hold more than one level's runs: the bound above is their
//! peak over the whole search. The measured peak (the largest level's
//! bucket bytes, beside the tables and the state) is in the report.

use std::path::Path;

use cubist_io::LimitError;

use super::Layout;
use crate::coord::Indexer;
use crate::Error;

/// What the state file may take, counted with the temporary copy its
/// atomic rewrite makes, beside its bucket lengths: 1 MiB, far above the
/// few KiB of a search of a hundred levels (a line of five numbers a
/// level).
pub const STATE_DISK_BYTES: u64 = 1 << 20;
/// What a save within a level adds to the state file a block: its bucket
/// file's length, at most 20 digits and a space.
pub const STATE_BYTES_PER_BLOCK: u64 = 21;

/// The bytes a search out of core will write in its work folder at the
/// most, and what takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DiskPlan {
    /// One table file (2 bits a state of the index space); the folder
    /// holds two.
    pub table_bytes: u64,
    /// The largest number of states a level may hold, which the buckets
    /// are bounded from: the reachable positions (Schreier–Sims) but the
    /// solved one, or the index space's size when they are not known.
    pub frontier_bound: u64,
    /// The bucket files at their peak: one level's runs, bounded from
    /// `frontier_bound` (the module's comment says how).
    pub bucket_bytes: u64,
    /// The state file and its temporary copy ([`STATE_DISK_BYTES`], and
    /// [`STATE_BYTES_PER_BLOCK`] a block twice).
    pub state_bytes: u64,
    /// All of it: two tables, the buckets and the state.
    pub total_bytes: u64,
}

impl DiskPlan {
    /// The plan of a search over `ix` in blocks as `layout` says.
    pub fn new(ix: &Indexer, layout: &Layout) -> DiskPlan {
        let n = ix.size();
        let frontier_bound = crate::god::frontier_bound(ix);
        let table_bytes = n.div_ceil(32) * 8;
        let bucket_bytes = bucket_bound(
            frontier_bound,
            ix.steps().len() as u64,
            layout.blocks,
            layout.block_states,
            layout.bucket_entries,
        );
        let state_bytes = STATE_DISK_BYTES + 2 * STATE_BYTES_PER_BLOCK * layout.blocks;
        DiskPlan {
            table_bytes,
            frontier_bound,
            bucket_bytes,
            state_bytes,
            total_bytes: (2 * table_bytes)
                .saturating_add(bucket_bytes)
                .saturating_add(state_bytes),
        }
    }

    /// What takes the bytes, for a person: the folder, the tables' and the
    /// buckets' bytes and the frontier bound behind the buckets'.
    pub fn describe(&self, dir: &Path) -> String {
        format!(
            "God's algorithm out of core in {}: two tables of {} bytes, buckets up to {} bytes (from at most {} states a level), the state",
            dir.display(),
            self.table_bytes,
            self.bucket_bytes,
            self.frontier_bound
        )
    }

    /// Refuses the search when the folder's file system, with `free` bytes
    /// free and `present` bytes of this search already in the folder (a
    /// resumed run rewrites them), cannot take the plan.
    pub fn refuse_short(&self, free: u64, present: u64, dir: &Path) -> Result<(), Error> {
        let needed = self.total_bytes.saturating_sub(present);
        if needed <= free {
            return Ok(());
        }
        let held = match present {
            0 => String::new(),
            p => format!(", {} more than the {} already there", mib(needed), mib(p)),
        };
        Err(LimitError::new(
            format!(
                "God's algorithm out of core in {} (two tables of {}, buckets up to {}, the state)",
                dir.display(),
                mib(self.table_bytes),
                mib(self.bucket_bytes),
            ),
            format!("{} on disk{held}", mib(self.total_bytes)),
            format!("the {} free on its file system", mib(free)),
        )
        .hint("free space there, or give `--work` a folder on a larger disk")
        .into())
    }
}

/// The bucket bytes of a level that pushes at most `frontier x steps`
/// offsets into `blocks` blocks of `block_states` states, in runs of at
/// most `cap` pushes and the runs the saves cut short (the module's
/// comment derives it).
fn bucket_bound(frontier: u64, steps: u64, blocks: u64, block_states: u64, cap: u64) -> u64 {
    let pushes = frontier.saturating_mul(steps);
    let runs = (pushes / cap.max(1)).saturating_add(blocks.saturating_mul(1 + super::MAX_EXPAND_SAVES));
    let long_gaps = runs.saturating_mul(block_states / 127 + 1).min(pushes);
    pushes.saturating_add(runs.saturating_mul(8)).saturating_add(long_gaps)
}

/// The bytes the files of a search (its tables, buckets and state) take in
/// `dir` now: a resumed run writes over them.
pub(super) fn present_bytes(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|f| f.starts_with("table-") || f.starts_with("bucket-") || f == "god.state")
        })
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum()
}

/// Checks the plan against the free space of `dir`'s file system (of its
/// nearest existing ancestor when it is not made yet); returns the free
/// bytes and the bytes of the search already there.
pub fn check_free_space(plan: &DiskPlan, dir: &Path) -> Result<(u64, u64), Error> {
    let free = cubist_io::available_space(dir).map_err(|e| {
        Error::from(cubist_io::InputError::new(
            dir.display().to_string(),
            format!("cannot read the free space of its file system: {e}"),
        ))
    })?;
    let present = present_bytes(dir);
    plan.refuse_short(free, present, dir)?;
    Ok((free, present))
}

/// Bytes as MiB for a person, rounded up (a plan errs on the side of the
/// disk).
fn mib(bytes: u64) -> String {
    format!("{} MiB", bytes.div_ceil(1 << 20))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bucket_bound_counts_every_push_and_the_runs_overhead() {
        // 1000 pushes in runs of 100, 4 blocks of 2^16, each block's run
        // cut short by every save: 10 + 4 x 17 = 78 runs, each with 8
        // bytes of head and up to 517 long gaps (capped by the pushes).
        let runs = 10 + 4 * (1 + super::super::MAX_EXPAND_SAVES);
        assert_eq!(runs, 78);
        assert_eq!(bucket_bound(100, 10, 4, 1 << 16, 100), 1000 + runs * 8 + 1000);
        // Small blocks: few long gaps (9 a run).
        assert_eq!(bucket_bound(100, 10, 1, 1 << 10, 100), 1000 + 27 * 8 + 27 * 9);
        assert_eq!(bucket_bound(0, 10, 4, 1 << 10, 100), 68 * 8);
    }

    #[test]
    fn short_of_space_is_refused_with_both_figures() {
        let plan = DiskPlan {
            table_bytes: 3 << 20,
            frontier_bound: 100,
            bucket_bytes: 10 << 20,
            state_bytes: 1 << 20,
            total_bytes: 17 << 20,
        };
        let dir = Path::new("w");
        assert!(plan.refuse_short(17 << 20, 0, dir).is_ok());
        // A resumed run: what is there already counts.
        assert!(plan.refuse_short(10 << 20, 7 << 20, dir).is_ok());
        let e = plan.refuse_short(16 << 20, 0, dir).unwrap_err();
        assert_eq!(
            e.to_string(),
            "refused: God's algorithm out of core in w (two tables of 3 MiB, buckets up to 10 MiB, the state) \
             would need 17 MiB on disk, over the limit of the 16 MiB free on its file system; free space there, \
             or give `--work` a folder on a larger disk"
        );
        let e = plan.refuse_short(1 << 20, 7 << 20, dir).unwrap_err();
        assert!(
            e.to_string()
                .contains("17 MiB on disk, 10 MiB more than the 7 MiB already there"),
            "{e}"
        );
        assert!(matches!(e, Error::Limit(_)), "{e:?}");
    }
}
