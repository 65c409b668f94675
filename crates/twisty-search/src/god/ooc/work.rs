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
//!                  (emptied once block N's application is saved, reused from level
//!                  to level, removed at the end)
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
//! **Saves within a level.** The state may also name a point inside the
//! level in progress ([`Within`]): a pass (expand or apply), the blocks of
//! it done, each bucket file's length, and for apply the new table's
//! prefix (its blocks done: their states found and their hash). The rule
//! that makes a kill at any moment safe is the one above: the state names
//! only bytes already flushed to disk (`fsync`) before it is rewritten,
//! and a resumed run takes nothing else. Bytes past a recorded length (a
//! bucket's runs, the new table's blocks written after the save) are a
//! killed run's partial work, cut off on resuming; a file *shorter* than
//! its recorded length cannot come from a kill and is refused as damaged.
//! A bucket's bytes are emptied only once a saved state says its block is
//! applied: emptied earlier, a kill before that save would leave the state
//! naming bytes that are gone.
//!
//! **What is checked.** The state is sealed with the search's identity (the
//! puzzle's hash, the metric, the index), so another search's folder, or an
//! edited state, is refused by its checksum; it also holds a hash of the
//! table it names, which is read once on resuming and compared, with the
//! file's length. A folder with no state must hold nothing but the files
//! above (what a run killed before its first save leaves), so a folder of
//! the user's files is never written into.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use cubist_io::checkpoint::{lock_beside, read_checkpoint, seal, unseal, Lock};
use cubist_io::InputError;

use crate::Error;

/// The state file's kind, for [`seal`]: `god-work-2` records a point
/// within a level. A `god-work-1` state (levels only) is the same text
/// without the `within` lines, and is read as it is.
const FORMAT: &str = "god-work-2";
/// The kind written before saves within a level.
const FORMAT_1: &str = "god-work-1";
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
    /// Where the level in progress was saved, if it was.
    pub within: Option<Within>,
}

/// The two passes of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pass {
    /// Reading the frontier, appending its neighbours to the buckets.
    Expand,
    /// Marking each block's bucket, writing the new table.
    Apply,
}

impl Pass {
    /// The pass's name, as the state file and the report write it.
    pub fn name(self) -> &'static str {
        match self {
            Pass::Expand => "expand",
            Pass::Apply => "apply",
        }
    }
}

/// The level in progress as last saved at a block boundary: everything the
/// state names here is on disk (the module's comment says why that order
/// makes a kill safe).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Within {
    /// The pass in progress.
    pub pass: Pass,
    /// Its blocks done (`blocks` with expand: the expansion is complete).
    pub done: u64,
    /// The blocks' states, the layout the buckets were written with.
    pub block_states: u64,
    /// Saves made during this level's expansion: each cuts every bucket's
    /// buffer short, so they are bounded ([`super::MAX_EXPAND_SAVES`]).
    pub expand_saves: u64,
    /// The level's costs so far, over every run (`states`: found so far).
    pub cost: LevelIo,
    /// The hash of the new table's blocks done (apply).
    pub hash: u64,
    /// Each block's bucket file length in bytes (a block applied: 0).
    pub buckets: Vec<u64>,
}

/// An open, locked work folder.
pub(super) struct Folder {
    dir: PathBuf,
    identity: String,
    /// The largest state file this run wrote (a save within a level adds
    /// its bucket lengths).
    largest_state: std::sync::atomic::AtomicU64,
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

/// A level's line: distance, states, seconds, bytes read and written.
fn parse_level(line: &str) -> Option<LevelIo> {
    let f: Vec<&str> = line.split(' ').collect();
    let [d, n, s, r, w] = f[..] else { return None };
    Some(LevelIo {
        distance: d.parse().ok()?,
        states: n.parse().ok()?,
        seconds: s.parse().ok()?,
        bytes_read: r.parse().ok()?,
        bytes_written: w.parse().ok()?,
    })
}

/// The three lines of a save within a level: `within PASS DONE
/// BLOCK_STATES EXPAND_SAVES HASH`, `cost` as a level's line, and
/// `buckets` with every bucket file's length. Bounded before anything is
/// sized from it: the block a power of two within the layouts' bounds, at
/// most [`super::MAX_BLOCKS`] buckets, the blocks done within them.
fn parse_within(within: &str, cost: Option<&str>, buckets: Option<&str>) -> Option<Within> {
    let f: Vec<&str> = within.strip_prefix("within ")?.split(' ').collect();
    let [pass, done, s, saves, hash] = f[..] else {
        return None;
    };
    let pass = match pass {
        "expand" => Pass::Expand,
        "apply" => Pass::Apply,
        _ => return None,
    };
    let block_states: u64 = s.parse().ok()?;
    if !block_states.is_power_of_two() || !(super::MIN_BLOCK_STATES..=super::MAX_BLOCK_STATES).contains(&block_states) {
        return None;
    }
    let lens = buckets?.strip_prefix("buckets")?;
    let buckets = lens
        .split(' ')
        .skip(1)
        .take(super::MAX_BLOCKS as usize + 1)
        .map(|n| n.parse().ok())
        .collect::<Option<Vec<u64>>>()?;
    let done: u64 = done.parse().ok()?;
    if buckets.is_empty() || buckets.len() as u64 > super::MAX_BLOCKS || done > buckets.len() as u64 {
        return None;
    }
    Some(Within {
        pass,
        done,
        block_states,
        expand_saves: saves.parse().ok()?,
        cost: parse_level(cost?.strip_prefix("cost ")?)?,
        hash: u64::from_str_radix(hash, 16).ok()?,
        buckets,
    })
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
            largest_state: std::sync::atomic::AtomicU64::new(0),
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

    /// Opens table file `k` to go on writing it after its first `bytes`,
    /// which a save within the level recorded with the hash `hash`: bytes
    /// past them (written after the save) are cut off; fewer, or other
    /// ones, are refused as damaged.
    pub fn resume_table(&self, k: u8, bytes: u64, hash: u64) -> Result<File, Error> {
        let name = Folder::table_name(k);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(self.path(&name))
            .map_err(|e| self.error(&name, format!("cannot write: {e}")))?;
        let len = file.metadata().map(|m| m.len()).unwrap_or(0);
        if len < bytes {
            return Err(self.error(
                &name,
                format!("{len} bytes, where the state recorded {bytes} written: the work folder is damaged; use another folder"),
            ));
        }
        file.set_len(bytes)
            .map_err(|e| self.error(&name, format!("cannot cut: {e}")))?;
        self.check_prefix(k, self.open_table(k)?, hash, bytes / 8)?;
        file.seek(std::io::SeekFrom::End(0))
            .map_err(|e| self.error(&name, format!("cannot write: {e}")))?;
        Ok(file)
    }

    /// Empties block `b`'s bucket file (one `ftruncate`, the file kept for
    /// the next level; a missing file is already empty).
    pub fn empty_bucket(&self, b: u64) -> Result<(), Error> {
        let name = Folder::bucket_name(b);
        match OpenOptions::new().write(true).open(self.path(&name)) {
            Ok(f) => f
                .set_len(0)
                .map_err(|e| self.error(&name, format!("cannot empty: {e}"))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(self.error(&name, format!("cannot empty: {e}"))),
        }
    }

    /// The most bytes the state file held in this run: the largest this
    /// run wrote, or its size now (0 when it cannot be read).
    pub fn state_bytes(&self) -> u64 {
        let now = std::fs::metadata(self.path(STATE)).map(|m| m.len()).unwrap_or(0);
        now.max(self.largest_state.load(std::sync::atomic::Ordering::Relaxed))
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
        if let Some(w) = &state.within {
            let c = &w.cost;
            payload += &format!(
                "within {} {} {} {} {:016x}\ncost {} {} {} {} {}\nbuckets",
                w.pass.name(),
                w.done,
                w.block_states,
                w.expand_saves,
                w.hash,
                c.distance,
                c.states,
                c.seconds,
                c.bytes_read,
                c.bytes_written
            );
            for n in &w.buckets {
                payload += &format!(" {n}");
            }
            payload += "\n";
        }
        let text = seal(FORMAT, &self.identity, &payload);
        self.largest_state
            .fetch_max(text.len() as u64, std::sync::atomic::Ordering::Relaxed);
        cubist_io::write_atomic(&self.path(STATE), text.as_bytes())
            .map_err(|e| self.error(STATE, format!("cannot write the state: {e}")))
    }

    /// The state in `text`, checked against the identity and against the
    /// table file it names.
    fn load(&self, text: &str, words: u64) -> Result<State, Error> {
        let name = self.path(STATE).display().to_string();
        let old = text
            .split_once('\n')
            .is_some_and(|(h, _)| h.split(' ').nth(1) == Some(FORMAT_1));
        let payload = unseal(&name, text, if old { FORMAT_1 } else { FORMAT }, &self.identity)?;
        let damaged = || -> Error { InputError::new(&name, "its levels are damaged; use another folder").into() };
        let mut lines = payload.lines().peekable();
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
        while let Some(line) = lines.next_if(|l| l.starts_with("level ")) {
            let level = parse_level(&line["level ".len()..]).ok_or_else(damaged)?;
            if level.distance != levels.len() {
                return Err(damaged());
            }
            levels.push(level);
        }
        if levels.is_empty() {
            return Err(damaged());
        }
        let within = match lines.next() {
            None => None,
            Some(_) if old => return Err(damaged()),
            Some(line) => {
                let w = parse_within(line, lines.next(), lines.next()).ok_or_else(damaged)?;
                if lines.next().is_some() || w.cost.distance != levels.len() {
                    return Err(damaged());
                }
                Some(w)
            }
        };
        self.check_table(table, hash, words)?;
        Ok(State {
            levels,
            table,
            hash,
            within,
        })
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
        self.check_prefix(k, file, hash, words)
    }

    /// Reads the first `words` words of table file `k` (open as `file`)
    /// and compares their hash with `hash`.
    pub fn check_prefix(&self, k: u8, file: File, hash: u64, words: u64) -> Result<(), Error> {
        let name = Folder::table_name(k);
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

    /// Sets every bucket file to the length `lengths` records (none: 0):
    /// what a killed run wrote after its last save is cut off, a file of
    /// length 0 removed. A file shorter than its record is refused: no kill
    /// makes one (the state named those bytes only once they were on disk).
    pub fn settle_buckets(&self, lengths: &[u64]) -> Result<(), Error> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| self.error("", format!("cannot list: {e}")))?;
        let mut seen = vec![false; lengths.len()];
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let Some(b) = file.strip_prefix("bucket-") else {
                continue;
            };
            let want = b.parse::<usize>().ok().and_then(|b| lengths.get(b).map(|&n| (b, n)));
            match want {
                Some((b, n)) if n > 0 => {
                    seen[b] = true;
                    let f = OpenOptions::new()
                        .write(true)
                        .open(entry.path())
                        .map_err(|e| self.error(&file, format!("cannot write: {e}")))?;
                    let len = f.metadata().map(|m| m.len()).unwrap_or(0);
                    if len < n {
                        return Err(self.damaged_bucket(&file, len, n));
                    }
                    f.set_len(n)
                        .map_err(|e| self.error(&file, format!("cannot cut: {e}")))?;
                }
                _ => {
                    std::fs::remove_file(entry.path()).map_err(|e| self.error(&file, format!("cannot remove: {e}")))?
                }
            }
        }
        if let Some(b) = (0..lengths.len()).find(|&b| lengths[b] > 0 && !seen[b]) {
            return Err(self.damaged_bucket(&Folder::bucket_name(b as u64), 0, lengths[b]));
        }
        Ok(())
    }

    /// The refusal of a bucket file shorter than its state says.
    fn damaged_bucket(&self, file: &str, len: u64, recorded: u64) -> Error {
        self.error(
            file,
            format!("{len} bytes, where the state recorded {recorded}: the work folder is damaged; use another folder"),
        )
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A state with a save within a level is read back as written; a
    /// `god-work-1` state (levels only) is read as it is, and one with a
    /// `within` line is damaged.
    #[test]
    fn the_state_round_trips_and_an_old_one_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let words = [5u64, 0, 7, 9];
        let (folder, none) = Folder::open(dir.path(), "id", 4).unwrap();
        assert!(none.is_none());
        write_words(&mut folder.create_table(1).unwrap(), &words).unwrap();
        let level = |distance, states| LevelIo {
            distance,
            states,
            seconds: 0.25,
            bytes_read: 10,
            bytes_written: 20,
        };
        let within = Within {
            pass: Pass::Apply,
            done: 1,
            block_states: 1024,
            expand_saves: 3,
            cost: level(2, 6),
            hash: 0xfeed,
            buckets: vec![0, 12, 40],
        };
        let state = State {
            levels: vec![level(0, 1), level(1, 3)],
            table: 1,
            hash: hash_words(HASH_START, &words),
            within: Some(within.clone()),
        };
        folder.save(&state).unwrap();
        let text = std::fs::read_to_string(folder.path(STATE)).unwrap();
        assert!(text.starts_with("cubist-checkpoint god-work-2 "), "{text}");
        assert!(
            text.ends_with("within apply 1 1024 3 000000000000feed\ncost 2 6 0.25 10 20\nbuckets 0 12 40\n"),
            "{text}"
        );
        let load = |text: &str| folder.load(text, 4);
        let back = load(&text).unwrap();
        assert_eq!(
            (back.levels, back.table, back.hash),
            (state.levels.clone(), 1, state.hash)
        );
        assert_eq!(back.within, Some(within));
        // The old kind: the same text without the save within.
        let payload = text.split_once('\n').unwrap().1;
        let levels_only: String = payload.lines().take(4).map(|l| format!("{l}\n")).collect();
        let back = load(&seal(FORMAT_1, "id", &levels_only)).unwrap();
        assert_eq!((back.levels, back.within), (state.levels.clone(), None));
        let e = load(&seal(FORMAT_1, "id", payload)).err().unwrap();
        assert!(e.to_string().contains("its levels are damaged"), "{e}");
        // More buckets than a table may have blocks, a block past them done,
        // a block size no layout takes: damaged, before any is allocated.
        let many = format!("buckets{}", " 1".repeat(70_000));
        let cases = [
            ("buckets 0 12 40", many.as_str()),
            ("apply 1 1024", "apply 4 1024"),
            ("apply 1 1024", "apply 1 1000"),
            ("apply 1", "sideways 1"),
        ];
        for (from, to) in cases {
            let e = load(&seal(FORMAT, "id", &payload.replace(from, to))).err().unwrap();
            assert!(e.to_string().contains("its levels are damaged"), "{to:.20}: {e}");
        }
    }
}
