//! Census checkpoints: the finished chunks of one census, as JSON Lines.
//!
//! Line 1 is a header naming the format, its version and the census (K, N,
//! family size, number of chunks); every further line is one finished chunk.
//! Every line ends with a space and its checksum, 16 hexadecimal digits of
//! FNV-1a ([`cubist_io::checkpoint::fnv1a64`]) over the header's JSON and
//! the line's JSON, so a changed digit is refused instead of turning into a
//! wrong histogram, and a chunk cannot be carried over from another census.
//! A chunk is appended with a single write and flushed to disk, so the file
//! only ever grows by whole chunks; a last line cut short by a kill (no final
//! newline, or a checksum that does not match) is dropped and truncated away
//! on the next start. Rewriting the whole file after every chunk (write +
//! rename) would be just as safe but quadratic: K = 5 lists millions of sets.
//! A file that belongs to another census is refused, and the file is locked
//! while a census uses it, so two runs never append to one file.

use super::Chunk;
use crate::Error;
use cubist_io::checkpoint::{fnv1a64, lock_open, Lock};
use cubist_io::{InputError, MAX_INPUT_BYTES};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const FORMAT: &str = "cubist-census-checkpoint";
const VERSION: u32 = 3;

/// `json`, a space, its checksum under `key` (the header's JSON for a chunk,
/// nothing for the header), and a newline.
fn sealed_line(key: &str, json: &str) -> String {
    format!("{json} {:016x}\n", line_sum(key, json.as_bytes()))
}

/// FNV-1a of `key`, a newline and `json`.
fn line_sum(key: &str, json: &[u8]) -> u64 {
    let mut all = Vec::with_capacity(key.len() + 1 + json.len());
    all.extend_from_slice(key.as_bytes());
    all.push(b'\n');
    all.extend_from_slice(json);
    fnv1a64(&all)
}

/// The JSON of a whole line whose checksum under `key` matches.
fn opened_line<'a>(key: &str, line: &'a [u8]) -> Option<&'a [u8]> {
    let body = line.strip_suffix(b"\n")?;
    let space = body.iter().rposition(|&b| b == b' ')?;
    let (json, sum) = (&body[..space], &body[space + 1..]);
    let sum = u64::from_str_radix(std::str::from_utf8(sum).ok()?, 16).ok()?;
    (sum == line_sum(key, json)).then_some(json)
}

#[derive(Serialize, Deserialize, PartialEq, Eq)]
struct Header {
    format: String,
    version: u32,
    colours: usize,
    cubes: usize,
    family_size: usize,
    chunks: usize,
    /// The shard (index, count) whose chunks the file holds; absent for a
    /// whole census (so a whole census's files stay readable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shard: Option<(usize, usize)>,
}

/// An open checkpoint, ready to take finished chunks.
pub(super) struct Log {
    path: PathBuf,
    file: File,
    /// The header's JSON, the key of every chunk's checksum.
    key: String,
    /// Held while the census runs.
    _lock: Lock,
}

/// Opens (or creates) the checkpoint at `path` for the census (k, n) with
/// chunks `ids` (orbit, second cube), of `shard` (index, count) when it is
/// one; returns the chunks it already holds.
pub(super) fn open(
    path: &Path,
    k: usize,
    n: usize,
    size: usize,
    ids: &[(usize, usize)],
    shard: Option<(usize, usize)>,
) -> Result<(Vec<Chunk>, Log), Error> {
    let name = path.display().to_string();
    let err = |m: String| Error::Input(InputError::new(&name, m));
    let at = |line: usize, m: String| Error::Input(InputError::line(&name, line, m));
    let header = Header {
        format: FORMAT.to_string(),
        version: VERSION,
        colours: k,
        cubes: n,
        family_size: size,
        chunks: ids.len(),
        shard,
    };
    let key = serde_json::to_string(&header).expect("header serialises");
    let mut chunks = Vec::new();
    // Opened (created if missing) and locked before it is read, so a second
    // run sees the lock, not a file being appended to.
    let mut file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .append(true)
        .open(path)
        .map_err(|e| err(format!("cannot open for writing: {e}")))?;
    let lock = lock_open(&name, &file)?;
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len > MAX_INPUT_BYTES {
        return Err(err(format!("{len} bytes: larger than any census checkpoint")));
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| err(format!("cannot read: {e}")))?;
    let bytes = (!bytes.is_empty()).then_some(bytes);
    let mut keep = 0;
    if let Some(bytes) = &bytes {
        let mut lines = bytes.split_inclusive(|&b| b == b'\n').enumerate();
        let first = lines.next().map(|l| l.1).unwrap_or_default();
        let json = opened_line("", first).ok_or_else(|| {
            at(
                1,
                "not a census checkpoint header (or its checksum does not match)".into(),
            )
        })?;
        let found: Header =
            serde_json::from_slice(json).map_err(|e| at(1, format!("not a census checkpoint header: {e}")))?;
        if found.format != FORMAT {
            return Err(at(1, format!("not a census checkpoint (format {:?})", found.format)));
        }
        if found.version != VERSION {
            return Err(at(
                1,
                format!(
                    "checkpoint format version {} (this cubist reads version {VERSION})",
                    found.version
                ),
            ));
        }
        if found != header {
            let census = |h: &Header| match h.shard {
                Some((i, count)) => format!("--colours {} --cubes {} --shard {i}/{count}", h.colours, h.cubes),
                None => format!("--colours {} --cubes {}", h.colours, h.cubes),
            };
            return Err(err(format!(
                "checkpoint of the census {}, not {}; use another file or delete this one",
                census(&found),
                census(&header)
            )));
        }
        keep = first.len();
        let mut seen = vec![false; ids.len()];
        let mut lines = lines.peekable();
        while let Some((i, line)) = lines.next() {
            let last = lines.peek().is_none();
            let chunk = match opened_line(&key, line) {
                Some(json) => {
                    serde_json::from_slice::<Chunk>(json).map_err(|e| at(i + 1, format!("not a census chunk: {e}")))?
                }
                // A kill while appending: drop the partial line.
                None if last => break,
                None => {
                    let what = "the checksum does not match: the checkpoint was changed or damaged; \
                                use another file or delete this one";
                    return Err(at(i + 1, what.into()));
                }
            };
            let Some(slot) = ids.iter().position(|&id| id == (chunk.orbit, chunk.second)) else {
                return Err(at(
                    i + 1,
                    format!("no chunk ({}, {}) in this census", chunk.orbit, chunk.second),
                ));
            };
            if std::mem::replace(&mut seen[slot], true) {
                return Err(at(i + 1, format!("chunk ({}, {}) repeated", chunk.orbit, chunk.second)));
            }
            keep += line.len();
            chunks.push(chunk);
        }
    }
    match bytes {
        Some(b) if b.len() > keep => file
            .set_len(keep as u64)
            .map_err(|e| err(format!("cannot truncate a partial line: {e}")))?,
        Some(_) => {}
        None => {
            let line = sealed_line("", &key);
            file.write_all(line.as_bytes())
                .and_then(|()| file.sync_data())
                .map_err(|e| err(format!("cannot write: {e}")))?;
        }
    }
    Ok((
        chunks,
        Log {
            path: path.to_path_buf(),
            file,
            key,
            _lock: lock,
        },
    ))
}

impl Log {
    /// Appends a finished chunk (one write, then flushed to disk).
    pub(super) fn append(&mut self, chunk: &Chunk) -> Result<(), Error> {
        let json = serde_json::to_string(chunk).expect("chunk serialises");
        let line = sealed_line(&self.key, &json);
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|e| {
                Error::Input(InputError::new(
                    self.path.display().to_string(),
                    format!("cannot write: {e}"),
                ))
            })
    }
}
