//! What every checkpoint file shares: a checksum, a lock, a bounded read.
//!
//! A checkpoint is trusted to resume a count that then prints "complete",
//! so a file edited by hand, cut short by a disk error, or written by
//! another run must be refused rather than turned into a wrong answer:
//!
//! - **A checksum** ([`seal`], [`unseal`]): the file is one header line
//!   `cubist-checkpoint <format> fnv1a64:<16 hex digits>` followed by the
//!   payload; the digits are the FNV-1a hash of the format, the identity of
//!   the problem (its text's fingerprint and the parameters) and the payload.
//!   Any changed byte changes the hash (with probability 1 - 2^-64). FNV-1a is
//!   written by hand (a dozen lines) rather than taken from a cryptographic
//!   crate on purpose: nothing secret keys it, so anyone who edits the file
//!   on purpose can recompute any unkeyed hash, SHA-256 included; what the
//!   checksum can catch is an accidental or careless change, and for that a
//!   64-bit hash is as good and needs no dependency.
//! - **A lock** ([`lock_beside`], [`lock_open`]): two runs writing one
//!   checkpoint would interleave their work. The lock is an advisory
//!   operating-system lock (`flock` on Unix, `LockFileEx` on Windows, through
//!   the `fs4` crate) on a file beside the checkpoint; the system releases it
//!   when the process ends, however it ends, so a killed run never leaves a
//!   stale lock behind (a lock file holding a process id would, and telling a
//!   dead process from a live one is not portable). The lock is keyed on the
//!   file the name leads to, symbolic links followed; a checkpoint with two
//!   names (hard links) is refused. Once it holds the lock, a run removes the
//!   temporary files a killed save of this checkpoint left behind.
//! - **A bounded read** ([`read_checkpoint`]): the length is checked before
//!   anything is read.
//!
//! ```
//! use cubist_io::checkpoint::{seal, unseal};
//! let text = seal("demo-1", "problem 42", "{\"done\":7}");
//! assert_eq!(unseal("f.ckpt", &text, "demo-1", "problem 42").unwrap(), "{\"done\":7}");
//! // One digit changed: refused.
//! let edited = text.replace('7', "8");
//! let e = unseal("f.ckpt", &edited, "demo-1", "problem 42").unwrap_err();
//! assert!(e.to_string().contains("checksum"), "{e}");
//! // Another problem: refused.
//! assert!(unseal("f.ckpt", &text, "demo-1", "problem 43").is_err());
//! ```

use crate::{InputError, MAX_INPUT_BYTES};
use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The first word of every sealed checkpoint.
const MAGIC: &str = "cubist-checkpoint";

/// FNV-1a, 64 bits: `h = (h xor byte) * 0x100000001b3` from the offset basis.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a64::new();
    h.update(bytes);
    h.finish()
}

/// [`fnv1a64`] over bytes that come in pieces (a binary checkpoint written
/// or read as a stream, never whole in memory): the same hash as of the
/// pieces joined.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a64(u64);

impl Fnv1a64 {
    /// The offset basis: the hash of nothing.
    pub fn new() -> Fnv1a64 {
        Fnv1a64(0xcbf2_9ce4_8422_2325)
    }

    /// Goes on over `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0 = bytes
            .iter()
            .fold(self.0, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    }

    /// The hash so far.
    pub fn finish(self) -> u64 {
        self.0
    }
}

impl Default for Fnv1a64 {
    fn default() -> Fnv1a64 {
        Fnv1a64::new()
    }
}

/// The hash a sealed file carries: format, identity and payload, each
/// followed by a separator byte that none of them contains at its end, so
/// moving bytes from one to the next changes the hash.
fn checksum(format: &str, identity: &str, payload: &str) -> u64 {
    let mut all = Vec::with_capacity(format.len() + identity.len() + payload.len() + 2);
    for part in [format, identity] {
        all.extend_from_slice(part.as_bytes());
        all.push(0);
    }
    all.extend_from_slice(payload.as_bytes());
    fnv1a64(&all)
}

/// The text of a checkpoint of kind `format` for the problem `identity`
/// holding `payload`: the header line with the checksum, then the payload.
/// `format` must be one word.
pub fn seal(format: &str, identity: &str, payload: &str) -> String {
    let h = checksum(format, identity, payload);
    format!("{MAGIC} {format} fnv1a64:{h:016x}\n{payload}")
}

/// The payload of a sealed checkpoint, once its format and checksum are
/// right for the problem `identity`; else an error naming the file.
pub fn unseal<'a>(name: &str, text: &'a str, format: &str, identity: &str) -> Result<&'a str, InputError> {
    let (header, payload) = text.split_once('\n').unwrap_or((text, ""));
    let words: Vec<&str> = header.split(' ').collect();
    let [MAGIC, found, sum] = words[..] else {
        return Err(InputError::line(name, 1, "not a cubist checkpoint"));
    };
    if found != format {
        return Err(InputError::line(
            name,
            1,
            format!(
                "a checkpoint of the kind {:?}, not {format:?}; use another file or delete this one",
                crate::excerpt(found)
            ),
        ));
    }
    let expected = format!("fnv1a64:{:016x}", checksum(format, identity, payload));
    if sum != expected {
        return Err(InputError::new(
            name,
            "the checksum does not match: the checkpoint was changed, damaged, or belongs to \
             another problem or other parameters; use another file or delete this one",
        ));
    }
    Ok(payload)
}

/// The contents of the checkpoint at `path`, `None` when there is none;
/// a file larger than [`MAX_INPUT_BYTES`] is refused before it is read.
pub fn read_checkpoint(path: &Path) -> Result<Option<String>, InputError> {
    let name = path.display().to_string();
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(InputError::new(name, format!("cannot read: {e}"))),
    };
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len > MAX_INPUT_BYTES {
        return Err(InputError::new(
            name,
            format!("{len} bytes: larger than any checkpoint cubist writes"),
        ));
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| InputError::new(&name, format!("cannot read: {e}")))?;
    Ok(Some(crate::decode_utf8(&name, &bytes)?.to_owned()))
}

/// A held lock: released when dropped (or when the process ends).
#[derive(Debug)]
pub struct Lock {
    /// The locked file; closing it releases the lock.
    _file: File,
}

/// Locks `file` (already open) for this process, or says that another run
/// holds it. `name` is the checkpoint's name in the message. The lock holds
/// a handle of its own, so `file` can still be used (and closed).
pub fn lock_open(name: &str, file: &File) -> Result<Lock, InputError> {
    let own = file
        .try_clone()
        .map_err(|e| InputError::new(name, format!("cannot lock: {e}")))?;
    match fs4::FileExt::try_lock(&own) {
        Ok(()) => Ok(Lock { _file: own }),
        Err(fs4::TryLockError::WouldBlock) => Err(InputError::new(
            name,
            "another cubist run is using this checkpoint; wait for it to end or use another file",
        )),
        Err(fs4::TryLockError::Error(e)) => Err(InputError::new(name, format!("cannot lock: {e}"))),
    }
}

/// Locks the checkpoint `path` through the file `.NAME.lock` beside it
/// (created if missing, and left in place: removing it while another run
/// waits to open it would let two runs lock two different files), then
/// removes the temporary files a killed run left beside it.
///
/// A checkpoint that exists must be a regular file. The lock is keyed on
/// the checkpoint itself, not on the name given: a
/// symbolic link is followed to the file it names ([`write_atomic`] writes
/// that file too), and the lock is taken beside that file, so a run given
/// the link and a run given the file exclude each other. A hard link cannot
/// be followed that way (two names of one file, neither the original), and
/// the first atomic write would split it into two files anyway, so a
/// checkpoint with more than one name is refused.
///
/// [`write_atomic`]: crate::write_atomic
pub fn lock_beside(path: &Path) -> Result<Lock, InputError> {
    let name = path.display().to_string();
    let fail = |what: String| InputError::new(&name, what);
    let (target, meta) = crate::atomic::follow_links(path).map_err(|e| fail(format!("cannot resolve: {e}")))?;
    if meta.as_ref().is_some_and(|m| !m.file_type().is_file()) {
        // A device would read as nothing and a FIFO block the read; a lock
        // file beside `/dev/null` would land in `/dev`.
        return Err(fail(
            "not a regular file (a device, a pipe or a folder): a checkpoint must be a file".into(),
        ));
    }
    if let Some(links) = meta.as_ref().map(link_count).filter(|&n| n > 1) {
        return Err(fail(format!(
            "the checkpoint has {links} names (hard links): two runs could share it under two names; \
             copy it to a file of its own"
        )));
    }
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_path(&target))
        .map_err(|e| fail(format!("cannot create its lock file: {e}")))?;
    let lock = lock_open(&name, &file)?;
    remove_stale_temporaries(&target);
    Ok(lock)
}

/// How many names (hard links) the file has; 1 where the system cannot say.
#[cfg(unix)]
fn link_count(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

/// How many names (hard links) the file has; 1 where the system cannot say.
#[cfg(not(unix))]
fn link_count(_: &std::fs::Metadata) -> u64 {
    1
}

/// Removes the temporary files of [`crate::write_atomic`] for `target`
/// (`.NAME.<pid>.<n>.tmp` beside it, regular files only) that a run killed
/// while saving left behind. Called with the checkpoint's lock held, so no
/// other run is writing one of them. Best effort: a file that cannot be
/// removed is left, and costs only its space.
fn remove_stale_temporaries(target: &Path) {
    let Some(name) = target.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let stale = entry
            .file_name()
            .to_str()
            .is_some_and(|c| crate::atomic::is_temporary_of(name, c))
            && entry.file_type().is_ok_and(|t| t.is_file());
        if stale {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// `dir/.NAME.lock` for `dir/NAME`.
fn lock_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "checkpoint".into(), |n| n.to_string_lossy());
    path.with_file_name(format!(".{name}.lock"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_the_published_vectors() {
        // From the FNV reference test suite.
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn every_single_byte_change_is_caught() {
        let text = seal("k-1", "id", "{\"nodes\":18446744073709551615}\n");
        let bytes = text.as_bytes();
        for i in 0..bytes.len() {
            let mut b = bytes.to_vec();
            b[i] = if b[i] == b'0' { b'1' } else { b'0' };
            if let Ok(t) = std::str::from_utf8(&b) {
                assert!(unseal("f", t, "k-1", "id").is_err(), "byte {i}");
            }
        }
        assert!(unseal("f", "", "k-1", "id").is_err());
    }

    #[test]
    fn a_huge_kind_is_quoted_as_an_excerpt() {
        let text = format!("{MAGIC} {} fnv1a64:0\n", "k".repeat(1 << 20));
        let e = unseal("f", &text, "k-1", "id").unwrap_err().to_string();
        assert!(e.len() < 200 && e.contains("kkk…"), "{e:.200}");
    }

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("job.ckpt");
        let first = lock_beside(&path).unwrap();
        let e = lock_beside(&path).unwrap_err();
        assert!(e.to_string().contains("another cubist run"), "{e}");
        drop(first);
        lock_beside(&path).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_to_a_locked_checkpoint_is_refused_too() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("job.ckpt");
        std::fs::write(&path, "x").unwrap();
        let link = dir.path().join("other-name.ckpt");
        std::os::unix::fs::symlink("job.ckpt", &link).unwrap();
        let first = lock_beside(&path).unwrap();
        let e = lock_beside(&link).unwrap_err();
        assert!(e.to_string().contains("another cubist run"), "{e}");
        drop(first);
        // And the other way round, a link that does not exist yet included.
        let _by_link = lock_beside(&link).unwrap();
        assert!(lock_beside(&path).is_err());
        let dangling = dir.path().join("later.ckpt");
        std::os::unix::fs::symlink("job2.ckpt", &dangling).unwrap();
        let _held = lock_beside(&dangling).unwrap();
        assert!(lock_beside(&dir.path().join("job2.ckpt")).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_checkpoint_with_two_names_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("job.ckpt");
        std::fs::write(&path, "x").unwrap();
        std::fs::hard_link(&path, dir.path().join("twin.ckpt")).unwrap();
        let e = lock_beside(&path).unwrap_err();
        assert!(e.to_string().contains("2 names (hard links)"), "{e}");
        let e = lock_beside(&dir.path().join("twin.ckpt")).unwrap_err();
        assert!(e.to_string().contains("hard links"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_or_a_pipe_is_no_checkpoint() {
        let e = lock_beside(Path::new("/dev/null")).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        assert!(!Path::new("/dev/.null.lock").exists());
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            // Refused before anything opens it (an open would wait for a writer).
            assert!(lock_beside(&fifo)
                .unwrap_err()
                .to_string()
                .contains("not a regular file"));
        }
        assert!(lock_beside(dir.path()).is_err());
    }

    #[test]
    fn stale_temporaries_of_this_checkpoint_alone_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("job.ckpt");
        let keep = [
            ".job.ckpt.lock",
            "job.ckpt",
            ".other.ckpt.12.3.tmp",
            ".job.ckpt.tmp",
            "job.ckpt.1.2.tmp",
        ];
        let stale = [".job.ckpt.4242.0.tmp", ".job.ckpt.1.17.tmp"];
        for f in keep.iter().chain(&stale) {
            std::fs::write(dir.path().join(f), "x").unwrap();
        }
        // A folder of that pattern is not one of our files: left alone.
        std::fs::create_dir(dir.path().join(".job.ckpt.9.9.tmp")).unwrap();
        let _lock = lock_beside(&path).unwrap();
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        let mut expected: Vec<String> = keep.iter().map(|s| s.to_string()).collect();
        expected.push(".job.ckpt.9.9.tmp".into());
        expected.sort();
        assert_eq!(left, expected);
    }
}
