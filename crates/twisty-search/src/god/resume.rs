//! God's algorithm's checkpoint: the search as it stood after its last
//! complete level, so a run stopped by Ctrl-C, a kill or a power cut goes
//! on from there and ends with the very same distribution.
//!
//! A level is the natural unit: once it is complete, the 2-bit table and
//! the distribution so far are all the search needs (the colours of the
//! last two levels tell the frontier from the rest), and nothing of a level
//! in progress is worth keeping (its marks are redone in a fraction of the
//! level's time). The file is binary, because the table is: at 2^33 states
//! it is 2 GiB, written as a stream (never copied in memory) to a
//! temporary file renamed over the old checkpoint
//! ([`cubist_io::write_atomic_with`]), so a kill during a save leaves the
//! previous level's checkpoint whole.
//!
//! The layout, all integers little-endian:
//!
//! ```text
//! cubist-god-checkpoint 1\n
//! <identity>\n            the puzzle (a hash of its definition), the metric, the index
//! <levels>\n              levels complete, distance 0 included
//! levels x u64            the distribution
//! words x u64             the table, 32 states a word
//! u64                     FNV-1a of every byte before it
//! ```
//!
//! A file is refused, never half trusted, when its first line, its
//! identity, its length or its checksum is not what this search would
//! write: another puzzle's, another metric's, a file cut short or edited.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::AtomicU64;

use cubist_io::checkpoint::Fnv1a64;
use cubist_io::InputError;

use super::TwoBit;
use crate::Error;

const MAGIC: &str = "cubist-god-checkpoint 1";

/// The most levels a checkpoint may say it holds (far past any puzzle's
/// God's number in a 2^33-state space searched here), so a damaged count
/// cannot size an allocation.
const MAX_LEVELS: u64 = 1 << 16;

/// A search as saved: its distribution and its table.
pub(super) struct Saved {
    pub distribution: Vec<u64>,
    pub table: TwoBit,
}

/// The header: magic, identity and level count, a line each.
fn header(identity: &str, levels: usize) -> String {
    format!("{MAGIC}\n{identity}\n{levels}\n")
}

/// Writes the search after a complete level, atomically.
pub(super) fn save(path: &Path, identity: &str, distribution: &[u64], table: &TwoBit) -> Result<(), Error> {
    let mut write = |w: &mut dyn Write| {
        let mut hash = Fnv1a64::new();
        let mut put = |w: &mut dyn Write, bytes: &[u8]| {
            hash.update(bytes);
            w.write_all(bytes)
        };
        put(w, header(identity, distribution.len()).as_bytes())?;
        for n in distribution {
            put(w, &n.to_le_bytes())?;
        }
        let mut block = Vec::with_capacity(8 << 10);
        for chunk in table.words.chunks(1 << 10) {
            block.clear();
            for word in chunk {
                block.extend_from_slice(&word.load(std::sync::atomic::Ordering::Relaxed).to_le_bytes());
            }
            put(w, &block)?;
        }
        w.write_all(&hash.finish().to_le_bytes())
    };
    cubist_io::write_atomic_with(path, &mut write)
        .map_err(|e| InputError::new(path.display().to_string(), format!("cannot write the checkpoint: {e}")).into())
}

/// The search saved at `path` for this identity and a table of `size`
/// states, `None` when there is no file (or an empty one, which is what a
/// lock's first creation may leave).
pub(super) fn load(path: &Path, identity: &str, size: u64) -> Result<Option<Saved>, Error> {
    let name = path.display().to_string();
    let Some((levels, head)) = check_header(path, identity, size)? else {
        return Ok(None);
    };
    let words = size.div_ceil(32);
    // Read from the start, hashing as the words are filled.
    let mut file = std::io::BufReader::new(
        std::fs::File::open(path).map_err(|e| InputError::new(&name, format!("cannot read: {e}")))?,
    );
    let io = |e: std::io::Error| -> Error { InputError::new(&name, format!("cannot read: {e}")).into() };
    let mut hash = Fnv1a64::new();
    let mut skip = vec![0u8; head as usize];
    file.read_exact(&mut skip).map_err(io)?;
    hash.update(&skip);
    let mut word = [0u8; 8];
    let mut next = |file: &mut std::io::BufReader<std::fs::File>, hash: &mut Fnv1a64| -> Result<u64, Error> {
        file.read_exact(&mut word).map_err(io)?;
        hash.update(&word);
        Ok(u64::from_le_bytes(word))
    };
    let distribution = (0..levels)
        .map(|_| next(&mut file, &mut hash))
        .collect::<Result<Vec<u64>, Error>>()?;
    let table: Vec<AtomicU64> = (0..words)
        .map(|_| next(&mut file, &mut hash).map(AtomicU64::new))
        .collect::<Result<_, _>>()?;
    let mut sum = [0u8; 8];
    file.read_exact(&mut sum).map_err(io)?;
    if u64::from_le_bytes(sum) != hash.finish() {
        return Err(InputError::new(
            &name,
            "the checksum does not match: the checkpoint was changed or damaged; use another file or delete this one",
        )
        .into());
    }
    Ok(Some(Saved {
        distribution,
        table: TwoBit { words: table, size },
    }))
}

/// The levels a checkpoint at `path` holds and the length of its header,
/// once its first line, identity, level count and length are those this
/// search would write (its checksum is checked by [`load`]); `None` when
/// there is no file or an empty one.
fn check_header(path: &Path, identity: &str, size: u64) -> Result<Option<(u64, u64)>, Error> {
    let name = path.display().to_string();
    let refuse = |what: &str| -> Error {
        InputError::new(
            &name,
            format!("{what}: not a checkpoint of this search; use another file or delete this one"),
        )
        .into()
    };
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(InputError::new(&name, format!("cannot read: {e}")).into()),
    };
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len == 0 {
        return Ok(None);
    }
    // The header is short: its three lines are read from the first bytes.
    let mut start = vec![0u8; 4096.min(len as usize)];
    file.read_exact(&mut start)
        .map_err(|e| InputError::new(&name, format!("cannot read: {e}")))?;
    let mut lines = start.splitn(4, |&b| b == b'\n');
    let magic = lines.next().unwrap_or_default();
    if magic != MAGIC.as_bytes() {
        return Err(refuse("the first line is not `cubist-god-checkpoint 1`"));
    }
    let found = lines.next().unwrap_or_default();
    if found != identity.as_bytes() {
        return Err(refuse(&format!(
            "it was written for {}, this search is {identity}",
            String::from_utf8_lossy(found)
        )));
    }
    let levels: u64 = std::str::from_utf8(lines.next().unwrap_or_default())
        .ok()
        .and_then(|t| t.parse().ok())
        .filter(|&n| (1..=MAX_LEVELS).contains(&n))
        .ok_or_else(|| refuse("its level count is damaged"))?;
    let head = header(identity, levels as usize).len() as u64;
    let words = size.div_ceil(32);
    if len != head + 8 * levels + 8 * words + 8 {
        return Err(refuse(&format!(
            "{len} bytes, where a table of {size} states after {levels} levels takes {}",
            head + 8 * levels + 8 * words + 8
        )));
    }
    Ok(Some((levels, head)))
}

/// The distribution a checkpoint at `path` holds, read without its table
/// (whose checksum [`load`] checks): what a cluster's processes compare to
/// agree on a level to resume from. `None` when there is no file.
pub(super) fn peek(path: &Path, identity: &str, size: u64) -> Result<Option<Vec<u64>>, Error> {
    let name = path.display().to_string();
    let Some((levels, head)) = check_header(path, identity, size)? else {
        return Ok(None);
    };
    let io = |e: std::io::Error| -> Error { InputError::new(&name, format!("cannot read: {e}")).into() };
    let mut file = std::io::BufReader::new(std::fs::File::open(path).map_err(io)?);
    let mut bytes = vec![0u8; (head + 8 * levels) as usize];
    file.read_exact(&mut bytes).map_err(io)?;
    Ok(Some(
        bytes[head as usize..]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect(),
    ))
}
