//! Census checkpoints: the finished chunks of one census, as JSON.
//!
//! The file is rewritten after every finished chunk by writing `FILE.tmp`
//! and renaming it over `FILE`, so a kill at any moment leaves either the
//! old or the new complete file. It names the census it belongs to (K, N,
//! family size) and a format version; any other file is refused.

use super::{CensusError, Chunk};
use serde::{Deserialize, Serialize};
use std::path::Path;

const FORMAT: &str = "cubist-census-checkpoint";
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct File {
    format: String,
    version: u32,
    colours: usize,
    cubes: usize,
    family_size: usize,
    chunks: Vec<Chunk>,
}

/// The finished chunks stored at `path` for the census (k, n); none if the file does not exist.
pub(super) fn load(path: &Path, k: usize, n: usize, size: usize) -> Result<Vec<Chunk>, CensusError> {
    let err = |m: String| CensusError::Checkpoint(format!("{}: {m}", path.display()));
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(err(format!("cannot read: {e}"))),
    };
    let file: File = serde_json::from_slice(&bytes).map_err(|e| err(format!("not a census checkpoint: {e}")))?;
    if file.format != FORMAT {
        return Err(err(format!("not a census checkpoint (format {:?})", file.format)));
    }
    if file.version != VERSION {
        return Err(err(format!(
            "checkpoint format version {} (this cubist writes version {VERSION})",
            file.version
        )));
    }
    if (file.colours, file.cubes, file.family_size) != (k, n, size) {
        return Err(err(format!(
            "checkpoint of the census --colours {} --cubes {}, not --colours {k} --cubes {n}; \
             use another file or delete this one",
            file.colours, file.cubes
        )));
    }
    let mut seen = vec![false; size - n + 1];
    for c in &file.chunks {
        if c.first >= seen.len() || std::mem::replace(&mut seen[c.first], true) {
            return Err(err(format!("bad or repeated chunk {}", c.first)));
        }
    }
    Ok(file.chunks)
}

/// Writes the finished chunks of `done` to `path` atomically.
pub(super) fn save(path: &Path, k: usize, n: usize, size: usize, done: &[Option<Chunk>]) -> Result<(), CensusError> {
    let file = File {
        format: FORMAT.to_string(),
        version: VERSION,
        colours: k,
        cubes: n,
        family_size: size,
        chunks: done.iter().flatten().cloned().collect(),
    };
    let text = serde_json::to_string(&file).expect("checkpoint serialises");
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    let err = |e: std::io::Error| CensusError::Checkpoint(format!("{}: cannot write: {e}", path.display()));
    std::fs::write(&tmp, text).map_err(err)?;
    std::fs::rename(&tmp, path).map_err(err)
}
