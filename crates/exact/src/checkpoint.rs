//! Long counts saved to a file and resumed, perhaps in another process.
//!
//! The engine can stop anywhere ([`Dlx::set_node_limit`]) and say where it
//! stands ([`Dlx::checkpoint`]: the path of choices, whether it was about to
//! enter the node at its end, the statistics). A checkpoint file holds that
//! together with a fingerprint of the problem's text, so that a checkpoint is
//! never applied to another problem:
//!
//! ```text
//! {"format":"cubist-exact-checkpoint-1","problem":"<FNV-1a of the text, hex>",
//!  "checkpoint":{"path":[..],"at_enter":true,"stats":{"nodes":..,"updates":..,"solutions":..}}}
//! ```
//!
//! [`count_resumable`] counts in chunks of nodes, saving about once a second
//! and when it stops; started again with the same file it goes on from there
//! and ends with the same count and statistics as an uninterrupted run. The
//! file is the only one this crate touches, and only because the caller
//! named it.

use crate::dlx::{Checkpoint, Dlx, Stats};
use crate::problem::Problem;
use crate::Error;
use cubist_input::{InputError, MAX_INPUT_BYTES};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

/// The format tag of the checkpoint files this version reads and writes.
pub const CHECKPOINT_FORMAT: &str = "cubist-exact-checkpoint-1";

/// The file: the engine's checkpoint and the problem's fingerprint.
#[derive(Serialize, Deserialize)]
struct CheckpointFile {
    format: String,
    problem: String,
    checkpoint: Checkpoint,
}

/// FNV-1a of the problem text, in hex.
fn fingerprint(text: &str) -> String {
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    format!("{h:016x}")
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
    let mut dlx = Dlx::new(problem);
    if let Some(saved) = load(path, &fingerprint)? {
        if !dlx.resume(&saved) {
            return Err(InputError::new(path.display().to_string(), "the checkpoint does not fit the problem").into());
        }
    }
    let mut last_save = Instant::now();
    loop {
        let next = dlx.stats().nodes.saturating_add(CHUNK);
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

/// The checkpoint saved at `path`, if the file exists, checked to be one
/// of this format for the problem with this fingerprint.
fn load(path: &Path, fingerprint: &str) -> Result<Option<Checkpoint>, Error> {
    let name = path.display().to_string();
    let bad = |what: String| InputError::new(&name, what);
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(bad(format!("cannot read: {e}")).into()),
    };
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES)
        .read_to_end(&mut bytes)
        .map_err(|e| bad(format!("cannot read: {e}")))?;
    let saved: CheckpointFile =
        serde_json::from_slice(&bytes).map_err(|e| bad(format!("not a cubist exact checkpoint ({e})")))?;
    if saved.format != CHECKPOINT_FORMAT {
        return Err(bad(format!(
            "checkpoint format {:?}, this cubist writes {CHECKPOINT_FORMAT:?}",
            saved.format
        ))
        .into());
    }
    if saved.problem != fingerprint {
        return Err(bad("this checkpoint belongs to another problem file".into()).into());
    }
    Ok(Some(saved.checkpoint))
}

/// Saves where `dlx` stands: a sibling file is written, then renamed over
/// `path`, so a kill never leaves half a checkpoint.
fn save(path: &Path, fingerprint: &str, dlx: &Dlx) -> Result<(), Error> {
    let file = CheckpointFile {
        format: CHECKPOINT_FORMAT.into(),
        problem: fingerprint.into(),
        checkpoint: dlx.checkpoint(),
    };
    let text = serde_json::to_string(&file).expect("a checkpoint serialises");
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| Error::CheckpointWrite {
            file: path.display().to_string(),
            why: e.to_string(),
        })
}
