//! Writing a file so that a failure leaves the old one intact.
//!
//! A checkpoint or an output file (`-o`) that is half written when the disk
//! fills up, or when the run is killed, must not replace a good one. So the
//! bytes go to a temporary file beside the target, with a name no other
//! writer uses (the process id and a counter), are flushed to the disk, and
//! only then renamed over the target: a rename within one folder is atomic,
//! so a reader sees the old file or the new one, never a mixture.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes the temporary files of one process.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path` atomically: a unique temporary file beside it,
/// `fsync`, then a rename. On failure the temporary file is removed and
/// `path` is as it was.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("out.txt");
/// cubist_input::write_atomic(&path, b"first").unwrap();
/// cubist_input::write_atomic(&path, b"second").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"second");
/// assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temp = temporary_beside(path);
    let written = std::fs::File::create(&temp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&temp, path));
    if renamed.is_err() {
        // Best effort: the error that matters is the one returned.
        let _ = std::fs::remove_file(&temp);
    }
    renamed
}

/// `dir/.name.<pid>.<n>.tmp` beside `path`: hidden, and unique to this
/// process and call, so two writers never share one.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy());
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = format!(".{name}.{}.{n}.tmp", std::process::id());
    path.with_file_name(temp)
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
    }
}
