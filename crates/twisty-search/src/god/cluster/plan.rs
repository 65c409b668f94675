//! What a search on a cluster will send and write, planned before it
//! starts, beside the memory a process takes ([`super::planned_memory_cluster`]).
//!
//! **Bytes sent a level.** Every neighbour a level makes that another
//! worker owns crosses as a 4-byte offset, in records of up to
//! [`BATCH`] offsets with a 12-byte head (`(u32, Vec<u32>)` as timely's
//! serialisation writes it; its own framing not counted). A level makes
//! `frontier x steps` neighbours, and its frontier is bounded by the
//! reachable positions but the solved one (Schreier–Sims's count when the
//! indexer knows it, else the index space): the largest level there can
//! be, as the distribution is what the search is run to find. At most all
//! of them are sent; the records are at most `neighbours / BATCH` full
//! ones and, every round, one partial record per worker and peer. So a
//! level sends at most `4 x frontier x steps + 12 x (frontier x steps /
//! BATCH + rounds x peers^2)` bytes between workers, those between
//! processes included. It is an upper bound, far above what a level of
//! a balanced search sends: the report's `bytes_between_processes` is the
//! measure.
//!
//! **Disk a process.** Nothing without a checkpoint. With one, every
//! worker keeps its last two levels' files (`saved.rs`): while it saves,
//! the previous file and the new one being written, each its slice's
//! words (a quarter of a byte a state) and a head, distribution and
//! checksum ([`CHECKPOINT_HEAD_BYTES`]).

use super::{partition, rounds, Cluster, BATCH};
use crate::coord::Indexer;
use crate::Error;

/// What a checkpoint file takes besides its slice: a head of at most 4 KiB
/// (the magic, identity and level count) and the distribution, 8 bytes a
/// level, counted for up to 4,096 levels, and the checksum.
pub const CHECKPOINT_HEAD_BYTES: u64 = 4096 + 8 * 4096 + 8;

/// A cluster search's plan: per process, and per level for the whole
/// cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ClusterPlan {
    /// The memory of one process ([`super::planned_memory_cluster`]).
    pub memory_bytes_per_process: u64,
    /// The checkpoint files of one process at their peak (0 without
    /// `checkpoint`).
    pub disk_bytes_per_process: u64,
    /// The largest number of states a level may hold: the reachable
    /// positions (Schreier–Sims) but the solved one, or the index space's
    /// size when they are not known.
    pub frontier_bound: u64,
    /// The most bytes a level sends between workers, from
    /// `frontier_bound` (the module's comment says how).
    pub bytes_sent_per_level: u64,
    /// The steps a state is expanded by (the neighbours a state sends).
    pub steps: usize,
}

impl ClusterPlan {
    /// The plan of a search over `ix` on `cluster`, saving a checkpoint
    /// or not; refused like the search when a worker would own too much.
    pub fn new(ix: &Indexer, name: &str, cluster: &Cluster, checkpoint: bool) -> Result<ClusterPlan, Error> {
        let part = partition(ix, cluster)?;
        let memory_bytes_per_process = super::planned_memory_cluster(ix, name, cluster)?.1;
        let frontier_bound = crate::god::frontier_bound(ix);
        let steps = ix.steps().len();
        let neighbours = frontier_bound.saturating_mul(steps as u64);
        let peers = cluster.peers() as u64;
        let partial = (rounds(part.slice, steps) as u64).saturating_mul(peers * peers);
        let records = (neighbours / BATCH as u64).saturating_add(partial);
        let bytes_sent_per_level = neighbours.saturating_mul(4).saturating_add(records.saturating_mul(12));
        let per_file = part.slice / 4 + CHECKPOINT_HEAD_BYTES;
        let disk_bytes_per_process = match checkpoint {
            true => 2 * per_file * cluster.workers as u64,
            false => 0,
        };
        Ok(ClusterPlan {
            memory_bytes_per_process,
            disk_bytes_per_process,
            frontier_bound,
            bytes_sent_per_level,
            steps,
        })
    }

    /// What bounds [`ClusterPlan::bytes_sent_per_level`], for a person.
    pub fn describe_traffic(&self) -> String {
        format!(
            "4 bytes for every neighbour another worker owns, from at most {} states a level (the reachable positions but solved) and {} moves",
            self.frontier_bound, self.steps
        )
    }

    /// What [`ClusterPlan::disk_bytes_per_process`] holds, for a person:
    /// the checkpoint files beside `checkpoint` of a process's `workers`.
    pub fn describe_disk(&self, checkpoint: &std::path::Path, workers: usize) -> String {
        format!(
            "this process's checkpoint files beside {} (its {workers} workers' slices, twice)",
            checkpoint.display()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::Metric;

    #[test]
    fn pyraminx_on_two_processes() {
        let p = cubist_twisty::library::puzzle("pyraminx")
            .unwrap()
            .with_moves(&["U", "L", "R", "B"])
            .unwrap();
        let ix = Indexer::full(&p, Metric::Htm).unwrap();
        let c = Cluster::new(2, 0, crate::god::parse_hosts("a:1\nb:2\n").unwrap(), 1).unwrap();
        let plan = ClusterPlan::new(&ix, "pyraminx", &c, true).unwrap();
        // 933,120 positions, 8 steps: 7,464,952 neighbours at most a level.
        assert_eq!(plan.frontier_bound, 933_119);
        let records = 7_464_952 / 8192 + rounds(37_791_360, 8) as u64 * 4;
        assert_eq!(plan.bytes_sent_per_level, 4 * 7_464_952 + 12 * records);
        // Each process: its worker's slice of 37,791,360 states, twice.
        assert_eq!(
            plan.disk_bytes_per_process,
            2 * (37_791_360 / 4 + CHECKPOINT_HEAD_BYTES)
        );
        assert_eq!(
            ClusterPlan::new(&ix, "pyraminx", &c, false)
                .unwrap()
                .disk_bytes_per_process,
            0
        );
    }
}
