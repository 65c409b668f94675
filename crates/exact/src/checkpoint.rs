//! Long counts saved to a file and resumed, perhaps in another process.
//!
//! The engine can stop anywhere ([`Dlx::set_node_limit`]) and say where it
//! stands ([`Dlx::checkpoint`]: the path of choices, whether it was about to
//! enter the node at its end, the statistics). A checkpoint file holds that,
//! sealed with a checksum over the problem's fingerprint and the content
//! ([`cubist_io::checkpoint`]), so that a checkpoint is never applied to
//! another problem and a changed one is refused rather than resumed into a
//! wrong count:
//!
//! ```text
//! cubist-checkpoint cubist-exact-checkpoint-2 fnv1a64:<16 hex digits>
//! {"problem":"<FNV-1a of the text, hex>","checkpoint":{"path":[..],"at_enter":true,
//!  "stats":{"nodes":..,"updates":..,"solutions":..}}}
//! ```
//!
//! [`count_resumable`] counts in chunks of nodes, saving about once a second
//! and when it stops; started again with the same file it goes on from there
//! and ends with the same count and statistics as an uninterrupted run. The
//! file is the only one this crate touches, and only because the caller
//! named it: it is written atomically ([`cubist_io::write_atomic`]) and
//! locked against a second run for as long as the count goes on.

use crate::dlx::{Checkpoint, Dlx, Stats};
use crate::problem::Problem;
use crate::Error;
use cubist_io::checkpoint::{fnv1a64, lock_beside, read_checkpoint, seal, unseal};
use cubist_io::{excerpt_chars, InputError, LimitError, EXCERPT_CHARS};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

/// The format tag of the checkpoint files this version reads and writes.
pub const CHECKPOINT_FORMAT: &str = "cubist-exact-checkpoint-2";

/// The payload: the engine's checkpoint and the problem's fingerprint.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckpointFile {
    problem: String,
    checkpoint: Checkpoint,
}

/// FNV-1a of the problem text, in hex.
fn fingerprint(text: &str) -> String {
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

/// Nodes between looks at the clock (a few milliseconds of search).
const CHUNK: u64 = 1 << 16;

/// Counts the solutions of `problem`, whose file text is `text`, resuming
/// from the checkpoint file at `path` if there is one and saving it there
/// about once a second and when the count stops. `node_limit` stops the
/// count after that many nodes in all (counting those of earlier runs);
/// `tick` sees the statistics after every chunk of nodes and may stop the
/// count early with `Break` (the checkpoint is saved first).
///
/// Returns the statistics (the count is `stats.solutions`) and whether the
/// search finished.
pub fn count_resumable(
    problem: &Problem,
    text: &str,
    path: &Path,
    node_limit: Option<u64>,
    mut tick: impl FnMut(&Stats) -> ControlFlow<()>,
) -> Result<(Stats, bool), Error> {
    let fingerprint = fingerprint(text);
    let _lock = lock_beside(path)?;
    let mut dlx = Dlx::new(problem);
    if let Some(saved) = load(path, &fingerprint)? {
        if !dlx.resume(&saved) {
            return Err(InputError::new(path.display().to_string(), "the checkpoint does not fit the problem").into());
        }
    }
    // A resumed counter near its top is refused before anything is written.
    room_for_a_chunk(&dlx.stats())?;
    // Saved at once: a run stopped in its first second leaves a checkpoint.
    save(path, &fingerprint, &dlx)?;
    let mut last_save = Instant::now();
    loop {
        let next = room_for_a_chunk(&dlx.stats())?;
        dlx.set_node_limit(node_limit.map_or(next, |l| l.min(next)));
        let paused = dlx.run(|_| ControlFlow::Continue(())).is_break();
        let st = dlx.stats();
        let stop = !paused || node_limit.is_some_and(|l| st.nodes >= l) || tick(&st).is_break();
        if stop || last_save.elapsed() >= Duration::from_secs(1) {
            save(path, &fingerprint, &dlx)?;
            last_save = Instant::now();
        }
        if stop {
            return Ok((st, dlx.is_done()));
        }
    }
}

/// The node limit of the next chunk, once the counters are known to have
/// room for it: a chunk enters at most [`CHUNK`] nodes, so a node counter
/// that could pass 2^64 - 1 in it (a resumed checkpoint near the top) is
/// refused, not wrapped round or looped on. The solution counter never
/// passes the node counter (each solution is a node entered; [`load`]
/// refuses a file where it does), so it has room too. The updates counter
/// grows by more per node; one at 2^63 or more could only come from an
/// edited file (no run gets near it in centuries), and is refused too.
fn room_for_a_chunk(st: &Stats) -> Result<u64, Error> {
    let full = |counter: &str, needed: String| LimitError::new(counter, needed, "2^64 - 1 (a 64-bit counter)");
    let Some(next) = st.nodes.checked_add(CHUNK) else {
        return Err(full("the node counter", format!("more than {} nodes", u64::MAX)).into());
    };
    if st.updates >= 1 << 63 {
        return Err(full("the updates counter", format!("more than {} updates", u64::MAX)).into());
    }
    Ok(next)
}

/// The checkpoint saved at `path`, if the file exists, checked to be one
/// of this format for the problem with this fingerprint, unchanged since
/// it was written.
fn load(path: &Path, fingerprint: &str) -> Result<Option<Checkpoint>, Error> {
    let name = path.display().to_string();
    let Some(text) = read_checkpoint(path)? else {
        return Ok(None);
    };
    // Another problem's checkpoint is named as such before the checksum
    // (which covers the fingerprint too) is checked.
    let payload = text.split_once('\n').map_or("", |(_, p)| p);
    if let Ok(other) = serde_json::from_str::<CheckpointFile>(payload) {
        if other.problem != fingerprint {
            return Err(InputError::new(&name, "this checkpoint belongs to another problem file").into());
        }
    }
    let payload = unseal(&name, &text, CHECKPOINT_FORMAT, fingerprint)?;
    let saved: CheckpointFile = serde_json::from_str(payload).map_err(|e| {
        let e = excerpt_chars(&e.to_string(), 4 * EXCERPT_CHARS);
        InputError::new(&name, format!("not a cubist exact checkpoint ({e})"))
    })?;
    // Every solution is a node entered, so the counters agree or the file
    // was not written by a count.
    let st = saved.checkpoint.stats;
    if st.solutions > st.nodes {
        let what = format!(
            "{} solutions in {} nodes: the counters do not agree",
            st.solutions, st.nodes
        );
        return Err(InputError::new(&name, what).into());
    }
    Ok(Some(saved.checkpoint))
}

/// Saves where `dlx` stands, atomically: a kill never leaves half a
/// checkpoint, and a failed write leaves the previous one.
fn save(path: &Path, fingerprint: &str, dlx: &Dlx) -> Result<(), Error> {
    let file = CheckpointFile {
        problem: fingerprint.into(),
        checkpoint: dlx.checkpoint(),
    };
    let payload = serde_json::to_string(&file).expect("a checkpoint serialises");
    let text = seal(CHECKPOINT_FORMAT, fingerprint, &payload);
    cubist_io::write_atomic(path, text.as_bytes()).map_err(|e| Error::CheckpointWrite {
        file: path.display().to_string(),
        why: e.to_string(),
    })
}
