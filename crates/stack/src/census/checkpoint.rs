//! Census checkpoints: the finished chunks of one census, as JSON Lines.
//!
//! Line 1 is a header naming the format, its version and the census (K, N,
//! family size, number of chunks); every further line is one finished chunk.
//! A chunk is appended with a single write and flushed to disk, so the file
//! only ever grows by whole chunks; a line cut short by a kill (no final
//! newline, or not valid JSON) is dropped and truncated away on the next
//! start. Rewriting the whole file after every chunk (write + rename) would
//! be just as safe but quadratic: K = 5 lists millions of sets.
//! A file that belongs to another census is refused.

use super::Chunk;
use crate::Error;
use cubist_input::InputError;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

const FORMAT: &str = "cubist-census-checkpoint";
const VERSION: u32 = 2;

#[derive(Serialize, Deserialize, PartialEq, Eq)]
struct Header {
    format: String,
    version: u32,
    colours: usize,
    cubes: usize,
    family_size: usize,
    chunks: usize,
}

/// An open checkpoint, ready to take finished chunks.
pub(super) struct Log {
    path: PathBuf,
    file: File,
}

/// Opens (or creates) the checkpoint at `path` for the census (k, n) with
/// chunks `ids` (orbit, second cube); returns the chunks it already holds.
pub(super) fn open(
    path: &Path,
    k: usize,
    n: usize,
    size: usize,
    ids: &[(usize, usize)],
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
    };
    let mut chunks = Vec::new();
    let bytes = match std::fs::read(path) {
        Ok(b) => Some(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(err(format!("cannot read: {e}"))),
    };
    let mut keep = 0;
    if let Some(bytes) = &bytes {
        let mut lines = bytes.split_inclusive(|&b| b == b'\n').enumerate();
        let first = lines.next().map(|l| l.1).unwrap_or_default();
        let found: Header =
            serde_json::from_slice(first).map_err(|e| at(1, format!("not a census checkpoint header: {e}")))?;
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
            return Err(err(format!(
                "checkpoint of the census --colours {} --cubes {}, not --colours {k} --cubes {n}; \
                 use another file or delete this one",
                found.colours, found.cubes
            )));
        }
        keep = first.len();
        let mut seen = vec![false; ids.len()];
        let mut lines = lines.peekable();
        while let Some((i, line)) = lines.next() {
            let last = lines.peek().is_none();
            let parsed = serde_json::from_slice::<Chunk>(line);
            let chunk = match parsed {
                Ok(c) if line.ends_with(b"\n") => c,
                // A kill while appending: drop the partial line.
                _ if last => break,
                Err(e) => return Err(at(i + 1, format!("not a census chunk: {e}"))),
                Ok(_) => unreachable!("only the last line can lack its newline"),
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
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| err(format!("cannot open for writing: {e}")))?;
    match bytes {
        Some(b) if b.len() > keep => file
            .set_len(keep as u64)
            .map_err(|e| err(format!("cannot truncate a partial line: {e}")))?,
        Some(_) => {}
        None => {
            let mut line = serde_json::to_string(&header).expect("header serialises");
            line.push('\n');
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
        },
    ))
}

impl Log {
    /// Appends a finished chunk (one write, then flushed to disk).
    pub(super) fn append(&mut self, chunk: &Chunk) -> Result<(), Error> {
        let mut line = serde_json::to_string(chunk).expect("chunk serialises");
        line.push('\n');
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
