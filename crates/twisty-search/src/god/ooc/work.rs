//! The work folder of a search out of core: what is in it, how it is
//! checked, and how a level is made durable.
//!
//! The folder holds:
//!
//! ```text
//! god.state        the levels done: a sealed text file (cubist_io::checkpoint::seal)
//! .god.state.lock  the lock two runs would fight over
//! table-0, table-1 the 2-bit table, raw little-endian words, 32 states a word
//! bucket-N         the neighbours found for block N during the level in progress
//!                  (emptied once block N is applied, reused from level to level,
//!                  removed at the start of a run and at the end)
//! ```
//!
//! **Why two table files.** A level reads every block of the table and
//! writes it back with the new level's marks. Writing in place would leave,
//! after a kill half-way, a table whose first blocks already hold level
//! `d + 1` while the state says `d`: the level cannot be redone, because a
//! state marked by the killed run would read as seen and not be counted
//! again. So a level reads `table-p` and writes `table-(1-p)`; only once
//! the new file is complete and flushed to disk is the state rewritten
//! (atomically, a temporary renamed over it) to name it. A kill at any
//! moment leaves the state naming a complete table of its last level.
//!
//! **What is checked.** The state is sealed with the search's identity (the
//! puzzle's hash, the metric, the index), so another search's folder, or an
//! edited state, is refused by its checksum; it also holds a hash of the
//! table it names, which is read once on resuming and compared, with the
//! file's length. A folder with no state must hold nothing but the files
//! above (what a run killed before its first save leaves), so a folder of
//! the user's files is never written into.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use cubist_io::checkpoint::{lock_beside, read_checkpoint, seal, unseal, Lock};
use cubist_io::InputError;

use crate::Error;

/// The state file's kind, for [`seal`].
const FORMAT: &str = "god-work-1";
/// The state file's name in the folder.
const STATE: &str = "god.state";
/// Bytes read or written per system call when streaming a table.
pub(super) const IO_CHUNK: usize = 1 << 16;

/// What a level cost: its states, its time, its reads and writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct LevelIo {
    /// The distance.
    pub distance: usize,
    /// States first reached at this distance.
    pub states: u64,
    /// Wall time of the level, in seconds.
    pub seconds: f64,
    /// Bytes read from the work folder (the table, twice, and the buckets).
    pub bytes_read: u64,
    /// Bytes written to the work folder (the buckets and the new table).
    pub bytes_written: u64,
}

/// The search as the state file records it.
pub(super) struct State {
    /// Every complete level, distance 0 first.
    pub levels: Vec<LevelIo>,
    /// Which table file (0 or 1) holds the table after the last level.
    pub table: u8,
    /// The hash of that file's words ([`hash_words`]).
    pub hash: u64,
}

/// An open, locked work folder.
pub(super) struct Folder {
    dir: PathBuf,
    identity: String,
    _lock: Lock,
}

/// A hash of the table's words, one multiply a word (FNV-1a's step over
/// 64-bit words rather than bytes, eight times fewer steps): each step is
/// a bijection of the hash, so any one changed word changes the result.
pub(super) fn hash_words(mut h: u64, words: &[u64]) -> u64 {
    for &w in words {
        h = (h ^ w).wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// The hash of no words.
pub(super) const HASH_START: u64 = 0xcbf2_9ce4_8422_2325;

/// Fills `out` with little-endian words from `r`.
pub(super) fn read_words(r: &mut impl Read, out: &mut [u64]) -> std::io::Result<()> {
    let mut bytes = [0u8; IO_CHUNK];
    for chunk in out.chunks_mut(IO_CHUNK / 8) {
        let b = &mut bytes[..chunk.len() * 8];
        r.read_exact(b)?;
        for (w, le) in chunk.iter_mut().zip(b.chunks_exact(8)) {
            *w = u64::from_le_bytes(le.try_into().expect("8 bytes"));
        }
    }
    Ok(())
}

/// Writes `words` little-endian to `w`.
pub(super) fn write_words(w: &mut impl Write, words: &[u64]) -> std::io::Result<()> {
    let mut bytes = [0u8; IO_CHUNK];
    for chunk in words.chunks(IO_CHUNK / 8) {
        for (le, word) in bytes.chunks_exact_mut(8).zip(chunk) {
            le.copy_from_slice(&word.to_le_bytes());
        }
        w.write_all(&bytes[..chunk.len() * 8])?;
    }
    Ok(())
}

impl Folder {
    /// Opens (creating it if missing) and locks the folder for the search
    /// `identity`, and reads its state: `None` for a new search. `words`
    /// is the table's length in words, which a saved table must have.
    pub fn open(dir: &Path, identity: &str, words: u64) -> Result<(Folder, Option<State>), Error> {
        let name = dir.display().to_string();
        std::fs::create_dir_all(dir)
            .map_err(|e| InputError::new(&name, format!("cannot create the work folder: {e}")))?;
        let lock = lock_beside(&dir.join(STATE))?;
        let folder = Folder {
            dir: dir.to_path_buf(),
            identity: identity.to_string(),
            _lock: lock,
        };
        let state = match read_checkpoint(&folder.dir.join(STATE))? {
            Some(text) if !text.is_empty() => Some(folder.load(&text, words)?),
            _ => {
                folder.refuse_foreign()?;
                None
            }
        };
        Ok((folder, state))
    }

    /// A path in the folder.
    pub fn path(&self, file: &str) -> PathBuf {
        self.dir.join(file)
    }

    /// The name of table file `k`.
    pub fn table_name(k: u8) -> String {
        format!("table-{k}")
    }

    /// The name of block `b`'s bucket file.
    pub fn bucket_name(b: u64) -> String {
        format!("bucket-{b}")
    }

    /// An error about a file of the folder.
    pub fn error(&self, file: &str, what: impl std::fmt::Display) -> Error {
        InputError::new(self.path(file).display().to_string(), what.to_string()).into()
    }

    /// Opens table file `k` for reading.
    pub fn open_table(&self, k: u8) -> Result<File, Error> {
        let name = Folder::table_name(k);
        File::open(self.path(&name)).map_err(|e| self.error(&name, format!("cannot read: {e}")))
    }

    /// Creates (or empties) table file `k` for writing.
    pub fn create_table(&self, k: u8) -> Result<File, Error> {
        let name = Folder::table_name(k);
        OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .open(self.path(&name))
            .map_err(|e| self.error(&name, format!("cannot write: {e}")))
    }

    /// Removes the bucket files, once the search is done (a level reuses
    /// them, and a stopped run leaves them for the next).
    pub fn clear_buckets(&self) -> Result<(), Error> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| self.error("", format!("cannot list: {e}")))?;
        for entry in entries.flatten() {
            if entry.file_name().to_str().is_some_and(|n| n.starts_with("bucket-")) {
                std::fs::remove_file(entry.path())
                    .map_err(|e| self.error(&entry.file_name().to_string_lossy(), format!("cannot remove: {e}")))?;
            }
        }
        Ok(())
    }

    /// The bytes of the state file now (0 when it cannot be read).
    pub fn state_bytes(&self) -> u64 {
        std::fs::metadata(self.path(STATE)).map(|m| m.len()).unwrap_or(0)
    }

    /// Records `state` atomically: from here on a restart goes on from it.
    pub fn save(&self, state: &State) -> Result<(), Error> {
        let mut payload = format!("table {}\nhash {:016x}\n", state.table, state.hash);
        for l in &state.levels {
            payload += &format!(
                "level {} {} {} {} {}\n",
                l.distance, l.states, l.seconds, l.bytes_read, l.bytes_written
            );
        }
        let text = seal(FORMAT, &self.identity, &payload);
        cubist_io::write_atomic(&self.path(STATE), text.as_bytes())
            .map_err(|e| self.error(STATE, format!("cannot write the state: {e}")))
    }

    /// The state in `text`, checked against the identity and against the
    /// table file it names.
    fn load(&self, text: &str, words: u64) -> Result<State, Error> {
        let name = self.path(STATE).display().to_string();
        let payload = unseal(&name, text, FORMAT, &self.identity)?;
        let damaged = || -> Error { InputError::new(&name, "its levels are damaged; use another folder").into() };
        let mut lines = payload.lines();
        let table = lines
            .next()
            .and_then(|l| l.strip_prefix("table "))
            .and_then(|t| t.parse::<u8>().ok())
            .filter(|&t| t < 2)
            .ok_or_else(damaged)?;
        let hash = lines
            .next()
            .and_then(|l| l.strip_prefix("hash "))
            .and_then(|h| u64::from_str_radix(h, 16).ok())
            .ok_or_else(damaged)?;
        let mut levels = Vec::new();
        for line in lines {
            let f: Vec<&str> = line.strip_prefix("level ").ok_or_else(damaged)?.split(' ').collect();
            let [d, n, s, r, w] = f[..] else {
                return Err(damaged());
            };
            let level = LevelIo {
                distance: d.parse().map_err(|_| damaged())?,
                states: n.parse().map_err(|_| damaged())?,
                seconds: s.parse().map_err(|_| damaged())?,
                bytes_read: r.parse().map_err(|_| damaged())?,
                bytes_written: w.parse().map_err(|_| damaged())?,
            };
            if level.distance != levels.len() {
                return Err(damaged());
            }
            levels.push(level);
        }
        if levels.is_empty() {
            return Err(damaged());
        }
        self.check_table(table, hash, words)?;
        Ok(State { levels, table, hash })
    }

    /// Reads table file `k` once: its length must be `words` words and its
    /// hash `hash`.
    fn check_table(&self, k: u8, hash: u64, words: u64) -> Result<(), Error> {
        let name = Folder::table_name(k);
        let file = self.open_table(k)?;
        let len = file.metadata().map(|m| m.len()).unwrap_or(0);
        if len != words * 8 {
            return Err(self.error(
                &name,
                format!(
                    "{len} bytes, where the table takes {}: the work folder is damaged; use another folder",
                    words * 8
                ),
            ));
        }
        let mut r = std::io::BufReader::with_capacity(IO_CHUNK, file);
        let mut buf = vec![0u64; IO_CHUNK / 8];
        let (mut h, mut left) = (HASH_START, words);
        while left > 0 {
            let n = left.min(buf.len() as u64) as usize;
            read_words(&mut r, &mut buf[..n]).map_err(|e| self.error(&name, format!("cannot read: {e}")))?;
            h = hash_words(h, &buf[..n]);
            left -= n as u64;
        }
        if h != hash {
            return Err(self.error(
                &name,
                "the table does not match the hash its state recorded: the work folder was changed or damaged; use another folder",
            ));
        }
        Ok(())
    }

    /// With no state: refuses a folder holding anything but what a search
    /// writes.
    fn refuse_foreign(&self) -> Result<(), Error> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| self.error("", format!("cannot list: {e}")))?;
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let ours = file == format!(".{STATE}.lock")
                || file == "table-0"
                || file == "table-1"
                || file
                    .strip_prefix("bucket-")
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()));
            if !ours {
                return Err(self.error(
                    "",
                    format!(
                        "not a work folder of God's algorithm: it holds {file:?} and no {STATE}; give an empty or new folder"
                    ),
                ));
            }
        }
        Ok(())
    }
}
