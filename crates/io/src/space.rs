//! The free space of the file system a folder lives on, for a command that
//! plans the bytes it will write (God's algorithm out of core) and refuses
//! before writing when they would not fit.
//!
//! Why `fs4`: it is already this crate's dependency (its file locks, in
//! [`crate::checkpoint`]), it is well kept, and its `available_space`
//! is `statvfs`'s `f_bavail` on Unix (through `rustix`, no `unsafe` here)
//! and `GetDiskFreeSpaceExW` on Windows: the space an *unprivileged* user
//! may still write, not `f_bfree`, which counts the blocks a file system
//! keeps for root and would promise space a normal user's run cannot get.

use std::path::Path;

/// The bytes an unprivileged user may still write on the file system that
/// holds `dir`. A folder not yet created is measured at its nearest
/// existing ancestor (where it will be created).
pub fn available_space(dir: &Path) -> std::io::Result<u64> {
    let mut at = dir;
    loop {
        if at.as_os_str().is_empty() {
            return fs4::available_space(".");
        }
        match fs4::available_space(at) {
            Ok(bytes) => return Ok(bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => match at.parent() {
                Some(parent) => at = parent,
                None => return Err(e),
            },
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_measured_where_it_will_be_created() {
        let dir = tempfile::tempdir().unwrap();
        let here = available_space(dir.path()).unwrap();
        let below = available_space(&dir.path().join("not/yet/made")).unwrap();
        assert!(here > 0);
        // The same file system; other writers may change it a little between the two calls.
        assert!(here.abs_diff(below) < here / 10 + (64 << 20), "{here} {below}");
    }
}
