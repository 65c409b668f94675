//! [`cubist_twophase::pages::drop_cached`] empties the kernel's cache of a
//! file just written (Linux), as a table file's writer relies on: the next
//! process's mapping then reads the file from the disk in 2 MiB blocks.
//!
//! The file is written under Cargo's temporary folder for tests, on the
//! disk of the build. A build folder in memory (tmpfs) has no disk to read
//! from and its pages cannot be dropped: there the test says so and checks
//! only that the bytes are kept.

#![cfg(target_os = "linux")]

use std::io::Write;

/// How many of the file's 4 KiB pages the kernel's cache holds, asked of a
/// mapping (`mincore` reads the cache; it brings no page in).
fn cached_pages(path: &std::path::Path) -> usize {
    let file = std::fs::File::open(path).unwrap();
    // SAFETY: the file is this test's own and is not changed while mapped.
    #[allow(unsafe_code)]
    let map = unsafe { memmap2::Mmap::map(&file).unwrap() };
    let pages = map.len().div_ceil(4096);
    let mut resident = vec![0u8; pages];
    // SAFETY: the range is the mapping's, and `resident` has a byte for
    // each of its pages.
    #[allow(unsafe_code)]
    let err = unsafe { libc::mincore(map.as_ptr() as *mut libc::c_void, map.len(), resident.as_mut_ptr()) };
    assert_eq!(err, 0, "mincore: {}", std::io::Error::last_os_error());
    resident.iter().filter(|&&r| r & 1 == 1).count()
}

/// Whether the folder is on a file system held in memory (tmpfs).
fn in_memory(dir: &std::path::Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).unwrap();
    // SAFETY: `c` is a valid path for the call, `fs` a buffer of its type.
    #[allow(unsafe_code)]
    let fs = unsafe {
        let mut fs: libc::statfs = std::mem::zeroed();
        assert_eq!(libc::statfs(c.as_ptr(), &mut fs), 0);
        fs
    };
    fs.f_type == libc::TMPFS_MAGIC
}

#[test]
fn a_written_file_leaves_the_cache() {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let path = dir.path().join("table");
    let bytes: Vec<u8> = (0..8u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let mut f = std::fs::File::create(&path).unwrap();
    f.write_all(&bytes).unwrap();
    drop(f);
    let pages = bytes.len() / 4096;
    assert_eq!(cached_pages(&path), pages, "a file just written is in the cache");
    cubist_twophase::pages::drop_cached(&path).unwrap();
    if in_memory(dir.path()) {
        eprintln!("the build folder is in memory (tmpfs): its pages stay");
    } else {
        let left = cached_pages(&path);
        assert!(left < pages / 16, "{left} of {pages} pages still cached");
    }
    // The bytes are the file's, read again from the disk.
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    assert!(cubist_twophase::pages::drop_cached(&dir.path().join("none")).is_err());
}
