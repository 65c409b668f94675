//! Writing a file so that a failure leaves the old one intact, and never
//! replacing what a path points at.
//!
//! A checkpoint or an output file (`-o`) that is half written when the disk
//! fills up, or when the run is killed, must not replace a good one. So the
//! bytes go to a temporary file beside the target, with a name no other
//! writer uses (the process id and a counter), are flushed to the disk, and
//! only then renamed over the target: a rename within one folder is atomic,
//! so a reader sees the old file or the new one, never a mixture.
//!
//! A rename replaces the directory entry, whatever it was, so it is only
//! done where that is what the user means ([`plan`]):
//!
//! - a missing path or a **regular file** is replaced atomically, as above
//!   (the new file takes the old one's permissions; a hard link to the old
//!   file keeps the old contents);
//! - a **symbolic link** is followed (a chain of them too, up to
//!   [`MAX_LINKS`]), and its final target is written by these same rules:
//!   the link stays a link, and the file it points at gets the bytes;
//! - anything else (a **device** such as `/dev/null` or `/dev/full`, a
//!   **FIFO**, a socket) is written *through*: opened for writing and
//!   written, never replaced. There is no old contents to keep there, and
//!   replacing `/dev/null` by a plain file (as a rename would, when run as
//!   root) would break every program on the machine. An error of the device
//!   (`/dev/full`: no space left) is returned as it is.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes the temporary files of one process.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// The most symbolic links followed from one path (Linux's own limit), so
/// that a loop of links is an error, not a hang.
pub const MAX_LINKS: usize = 40;

/// Writes `bytes` to `path` without ever leaving a half-written file or
/// replacing what `path` points at (see the module docs): a regular file or
/// a missing one atomically (a unique temporary file beside it, `fsync`,
/// then a rename; on failure the temporary file is removed and `path` is as
/// it was); a symbolic link by writing its target; a device or a FIFO by
/// writing through it.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("out.txt");
/// cubist_io::write_atomic(&path, b"first").unwrap();
/// cubist_io::write_atomic(&path, b"second").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"second");
/// assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, &mut |w| w.write_all(bytes))
}

/// [`write_atomic`] of what `write` writes, by the same rules: for a file
/// too large to hold twice in memory (a search's table), streamed to the
/// temporary file through a buffer.
pub fn write_atomic_with(
    path: &Path,
    write: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    match plan(path)? {
        Plan::Replace(target, permissions) => replace(&target, permissions, write),
        Plan::Through(target) => write_through(&target, write),
    }
}

/// How [`write_atomic`] writes a path.
#[derive(Debug, PartialEq, Eq)]
enum Plan {
    /// A regular file (with its permissions) or a missing path: a temporary
    /// file renamed over it.
    Replace(PathBuf, Option<std::fs::Permissions>),
    /// Anything else (a device, a FIFO): opened and written.
    Through(PathBuf),
}

/// Where the bytes of `path` go and how: symbolic links followed to their
/// final target, which is then classified.
fn plan(path: &Path) -> std::io::Result<Plan> {
    let (target, meta) = follow_links(path)?;
    let Some(meta) = meta else {
        return Ok(Plan::Replace(target, None));
    };
    let kind = meta.file_type();
    if kind.is_file() {
        Ok(Plan::Replace(target, Some(meta.permissions())))
    } else if kind.is_dir() {
        let what = format!("{} is a folder, not a file", target.display());
        Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, what))
    } else {
        Ok(Plan::Through(target))
    }
}

/// The path `path` ends at once its symbolic links (of the last component,
/// in a chain) are followed, with its metadata (`None`: nothing is there).
/// The folders on the way are left as they are: whatever they resolve to,
/// a file beside the result is in the same folder as the result.
pub(crate) fn follow_links(path: &Path) -> std::io::Result<(PathBuf, Option<std::fs::Metadata>)> {
    let mut target = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&target) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((target, None)),
            Err(e) => return Err(e),
        };
        if !meta.file_type().is_symlink() {
            return Ok((target, Some(meta)));
        }
        let link = std::fs::read_link(&target)?;
        // A relative link is relative to the folder holding it.
        target = match target.parent() {
            Some(dir) if link.is_relative() => dir.join(link),
            _ => link,
        };
    }
    let what = format!("more than {MAX_LINKS} symbolic links from {}", path.display());
    Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, what))
}

/// The atomic replacement of a regular file (or a missing one) at `target`.
fn replace(
    target: &Path,
    permissions: Option<std::fs::Permissions>,
    write: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let temp = temporary_beside(target);
    let written = File::create(&temp).and_then(|f| {
        let mut buffered = std::io::BufWriter::new(f);
        write(&mut buffered)?;
        let f = buffered.into_inner().map_err(|e| e.into_error())?;
        if let Some(p) = permissions {
            f.set_permissions(p)?;
        }
        f.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&temp, target));
    if renamed.is_err() {
        // Best effort: the error that matters is the one returned.
        let _ = std::fs::remove_file(&temp);
    }
    renamed
}

/// Writes through a device or a FIFO: opened (never created: it exists),
/// written and flushed. A FIFO's open waits for a reader, as any writer's.
fn write_through(target: &Path, write: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<()> {
    let mut f = std::io::BufWriter::new(OpenOptions::new().write(true).open(target)?);
    write(&mut f)?;
    f.flush()
}

/// `dir/.name.<pid>.<n>.tmp` beside `path`: hidden, and unique to this
/// process and call, so two writers never share one
/// ([`is_temporary_of`] recognises the pattern).
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy());
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = format!(".{name}.{}.{n}.tmp", std::process::id());
    path.with_file_name(temp)
}

/// Whether the file name `candidate` is one of the temporary files
/// [`write_atomic`] makes for a target named `name`: `.NAME.<digits>.<digits>.tmp`.
pub(crate) fn is_temporary_of(name: &str, candidate: &str) -> bool {
    let Some(rest) = candidate
        .strip_prefix('.')
        .and_then(|c| c.strip_prefix(name))
        .and_then(|c| c.strip_prefix('.'))
        .and_then(|c| c.strip_suffix(".tmp"))
    else {
        return false;
    };
    let numbers: Vec<&str> = rest.split('.').collect();
    numbers.len() == 2
        && numbers
            .iter()
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keep.txt");
        std::fs::write(&path, b"old").unwrap();
        // A target inside a missing folder cannot be written.
        let bad = dir.path().join("missing").join("x.txt");
        assert!(write_atomic(&bad, b"new").is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn temporary_names_do_not_clash_with_other_files() {
        let a = temporary_beside(Path::new("dir/toy.ckpt"));
        let b = temporary_beside(Path::new("dir/toy.ckpt"));
        assert_ne!(a, b);
        assert_ne!(a, Path::new("dir/toy.tmp"));
        assert!(a.starts_with("dir"));
        let name = a.file_name().unwrap().to_str().unwrap();
        assert!(is_temporary_of("toy.ckpt", name), "{name}");
        assert!(!is_temporary_of("toy", name));
        assert!(!is_temporary_of("toy.ckpt", ".toy.ckpt.lock"));
        assert!(!is_temporary_of("toy.ckpt", ".toy.ckpt.1.tmp"));
        assert!(!is_temporary_of("toy.ckpt", ".toy.ckpt.1.x.tmp"));
        assert!(!is_temporary_of("toy.ckpt", "toy.ckpt.1.2.tmp"));
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = write_atomic(dir.path(), b"x").unwrap_err();
        assert!(e.to_string().contains("is a folder"), "{e}");
        assert!(dir.path().is_dir());
    }

    #[cfg(unix)]
    mod unix {
        use super::super::*;
        use std::os::unix::fs::{FileTypeExt, PermissionsExt};

        #[test]
        fn a_symlink_stays_a_link_and_its_target_gets_the_bytes() {
            let dir = tempfile::tempdir().unwrap();
            let target = dir.path().join("real.txt");
            std::fs::write(&target, b"old").unwrap();
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
            // A chain: link2 -> link1 (relative) -> real.txt.
            let link1 = dir.path().join("link1");
            let link2 = dir.path().join("link2");
            std::os::unix::fs::symlink(&target, &link1).unwrap();
            std::os::unix::fs::symlink("link1", &link2).unwrap();
            write_atomic(&link2, b"new").unwrap();
            for l in [&link1, &link2] {
                assert!(std::fs::symlink_metadata(l).unwrap().file_type().is_symlink());
            }
            assert_eq!(std::fs::read(&target).unwrap(), b"new");
            let mode = std::fs::metadata(&target).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
            // Nothing else was left in the folder.
            assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
        }

        #[test]
        fn a_dangling_symlink_creates_its_target() {
            let dir = tempfile::tempdir().unwrap();
            let link = dir.path().join("link");
            std::os::unix::fs::symlink("made.txt", &link).unwrap();
            write_atomic(&link, b"x").unwrap();
            assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
            assert_eq!(std::fs::read(dir.path().join("made.txt")).unwrap(), b"x");
        }

        #[test]
        fn a_loop_of_symlinks_is_an_error() {
            let dir = tempfile::tempdir().unwrap();
            let (a, b) = (dir.path().join("a"), dir.path().join("b"));
            std::os::unix::fs::symlink("b", &a).unwrap();
            std::os::unix::fs::symlink("a", &b).unwrap();
            let e = write_atomic(&a, b"x").unwrap_err();
            assert!(e.to_string().contains("symbolic links"), "{e}");
        }

        /// The plan is checked before each device is written, so a wrong
        /// plan fails the test instead of replacing a device of the
        /// machine the tests run on.
        fn assert_written_through(device: &str) {
            let path = Path::new(device);
            assert!(std::fs::metadata(path).unwrap().file_type().is_char_device());
            assert_eq!(plan(path).unwrap(), Plan::Through(path.to_path_buf()));
        }

        #[test]
        fn dev_null_is_written_through_and_stays_a_device() {
            assert_written_through("/dev/null");
            write_atomic(Path::new("/dev/null"), b"gone").unwrap();
            assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
        }

        #[test]
        fn dev_full_gives_an_error_not_a_panic() {
            if !Path::new("/dev/full").exists() {
                return; // Linux only.
            }
            assert_written_through("/dev/full");
            let e = write_atomic(Path::new("/dev/full"), b"x").unwrap_err();
            assert_eq!(e.kind(), std::io::ErrorKind::StorageFull, "{e}");
            assert!(std::fs::metadata("/dev/full").unwrap().file_type().is_char_device());
        }

        #[test]
        fn a_fifo_is_written_through_to_its_reader() {
            let dir = tempfile::tempdir().unwrap();
            let fifo = dir.path().join("pipe");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if !made.is_ok_and(|s| s.success()) {
                return; // No mkfifo on this system.
            }
            let reader = {
                let fifo = fifo.clone();
                std::thread::spawn(move || std::fs::read(fifo).unwrap())
            };
            write_atomic(&fifo, b"through the pipe").unwrap();
            assert_eq!(reader.join().unwrap(), b"through the pipe");
            assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
            assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        }
    }
}
