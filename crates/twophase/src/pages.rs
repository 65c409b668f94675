//! Large tables on 2 MiB pages.
//!
//! The optimal solver reads its large table (833 MB, [`crate::huge`]) and
//! that table's class move table (110 MB) at random, several times a
//! search node. With the usual 4 KiB pages nearly every such read also
//! misses the processor's address cache (the TLB: a few thousand entries,
//! 8 to 12 MB of 4 KiB pages), and each miss is a walk through the page
//! tables, up to four more reads from memory. Linux backs memory with
//! 2 MiB pages when a program asks (*transparent huge pages*, in the
//! `madvise` mode many distributions ship): 512 times fewer pages, whose
//! page tables stay in cache. Asking costs nothing where it is refused or
//! not supported: the memory works the same, on small pages.
//!
//! The request has to come before the memory is first written (the kernel
//! picks the page size when a page is first touched), so this module hands
//! out *empty* vectors with their capacity advised, which the caller then
//! fills (`extend`, `resize`, `par_extend`) without reallocating, or zeroed
//! bytes not yet touched ([`zeroed_bytes`]), whose pages a reader and a
//! helper thread touch at once ([`touch`]: the kernel zeroes each page on
//! first touch, and on a large table that is seconds of one core).
//!
//! A table of gigabytes read from its file is mostly the kernel zeroing
//! fresh pages; [`map_file`] hands the search the kernel's cached pages of
//! the file instead, and says ([`mostly_huge`]) whether they too are
//! mapped 2 MiB at a time.
//!
//! Why by hand: `madvise` is one system call; the crates that wrap it
//! (`memmap2`, used here for the mapping of a file) hand out mappings, not
//! `Vec`s, and the table builds fill `Vec<AtomicU8>` from several threads.
//! The `unsafe` blocks: the advice, on a range inside the vector's own
//! allocation (`MADV_HUGEPAGE` changes no byte of it); a prefetch (a hint,
//! never a fault); and the mapping of a file ([`map_file`] says when that
//! is sound).
//!
//! ```
//! let v: Vec<u32> = cubist_twophase::pages::vec_with_capacity(1 << 22);
//! assert!(v.is_empty() && v.capacity() >= 1 << 22);
//! ```

use std::sync::atomic::AtomicU8;

/// The size of a huge page on x86-64 and most 64-bit ARM systems.
const HUGE_PAGE: usize = 2 << 20;

/// An empty vector with room for `n` elements, the whole 2 MiB pages of
/// its buffer advised as huge pages (on Linux; elsewhere a plain
/// `Vec::with_capacity`). Below two huge pages nothing is advised.
pub fn vec_with_capacity<T>(n: usize) -> Vec<T> {
    let v = Vec::with_capacity(n);
    let bytes = n.saturating_mul(std::mem::size_of::<T>());
    if bytes >= 2 * HUGE_PAGE {
        advise(v.as_ptr() as usize, bytes);
    }
    v
}

/// `n` zero bytes, the whole 2 MiB pages of their buffer advised as huge
/// pages and none of them touched yet: the allocator hands out a fresh
/// mapping for a large zeroed request, so the kernel zeroes each page only
/// when it is first touched ([`touch`]), by the thread that touches it.
pub fn zeroed_bytes(n: usize) -> Vec<u8> {
    let v = vec![0u8; n];
    if n >= 2 * HUGE_PAGE {
        advise(v.as_ptr() as usize, n);
    }
    v
}

/// Touches every 4 KiB page of `bytes` (writing the zero they hold), so
/// that the kernel backs them now, in this thread, rather than when they
/// are first written.
pub fn touch(bytes: &mut [u8]) {
    for b in bytes.iter_mut().step_by(4096) {
        // The value is hidden from the compiler, which could otherwise
        // drop a store of the zero it may know the bytes hold.
        *b = std::hint::black_box(0);
    }
}

/// The bytes of `v`: a table is built by several threads at once on
/// atomic bytes, and searched, written and checksummed as plain ones. In
/// place: the standard library collects a vector mapped to elements of the
/// same layout into its own buffer, so the pages advised as huge stay the
/// table's (the tests check the address).
pub fn from_atomic(v: Vec<AtomicU8>) -> Vec<u8> {
    v.into_iter().map(AtomicU8::into_inner).collect()
}

/// A large table's bytes: made in this process (built, or read from a
/// stream), or mapped from the table's file ([`map_file`], Linux).
pub enum Bytes {
    /// On 2 MiB pages where the kernel gives them ([`vec_with_capacity`],
    /// [`zeroed_bytes`]).
    Owned(Vec<u8>),
    /// The kernel's own cached pages of the file, on 2 MiB mappings.
    #[cfg(target_os = "linux")]
    Mapped(memmap2::Mmap),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            #[cfg(target_os = "linux")]
            Bytes::Mapped(m) => m,
        }
    }
}

impl Bytes {
    /// The bytes, to be changed: a mapped file's are first copied into
    /// this process's memory ([`copied`]; the file is never written).
    pub fn make_mut(&mut self) -> &mut [u8] {
        #[cfg(target_os = "linux")]
        if let Bytes::Mapped(m) = self {
            *self = Bytes::Owned(copied(m));
        }
        match self {
            Bytes::Owned(v) => v,
            #[cfg(target_os = "linux")]
            Bytes::Mapped(_) => unreachable!("copied above"),
        }
    }
}

/// `src` copied onto fresh 2 MiB pages, a huge page at a time on all of
/// rayon's threads (the kernel zeroes each page on first touch, by the
/// thread that touches it: most of the time of a copy of gigabytes).
pub fn copied(src: &[u8]) -> Vec<u8> {
    use rayon::prelude::*;
    let mut v = zeroed_bytes(src.len());
    v.par_chunks_mut(HUGE_PAGE)
        .zip(src.par_chunks(HUGE_PAGE))
        .for_each(|(to, from)| to.copy_from_slice(from));
    v
}

/// `len` bytes of `file` from `offset`, mapped read-only, advised as huge
/// pages and every page mapped (read from the disk first where the
/// kernel's cache does not hold it); `None` when the file cannot be mapped
/// or is shorter.
///
/// Why map. A table of gigabytes read into this process's memory costs
/// seconds before a search starts, most of them the kernel zeroing fresh
/// pages (a 3.8 GB table: 1.3 s of the 1.5 s its read took on two
/// threads), then the copy. Its file is usually in the kernel's page
/// cache already (the build wrote it, or an earlier solve read it), and a
/// mapping hands the search those very pages: nothing zeroed, nothing
/// copied, and the memory shared with every other process mapping it
/// (a read keeps two copies while the cache holds the file). Recent
/// kernels keep a file's cache in blocks of up to 2 MiB (*large folios*:
/// ext4 and XFS on Linux 6.x) and map a whole block with one entry, so
/// the search's random reads find their addresses in the processor's TLB
/// as on anonymous huge pages. Where they do not, [`mostly_huge`] tells,
/// and the caller reads the file instead: the cache's blocks are as large
/// as whoever read the file into it made them (a mapping advised as huge,
/// as here, makes 2 MiB ones; other programs' reads and writes often
/// smaller ones).
///
/// The `unsafe`: a mapping's bytes change if another process changes the
/// file in place, and reading past a file cut short faults. cubist writes
/// its table files whole under another name and renames them into place
/// (a file once mapped is never changed by it), and the caller checksums
/// the bytes after mapping them.
#[cfg(target_os = "linux")]
pub fn map_file(file: &std::fs::File, offset: u64, len: usize) -> Option<memmap2::Mmap> {
    let end = offset.checked_add(len as u64)?;
    if file.metadata().ok()?.len() < end {
        return None;
    }
    // SAFETY: see above: the file is at least `end` bytes long, and
    // cubist never changes a table file in place.
    #[allow(unsafe_code)]
    let map = unsafe { memmap2::MmapOptions::new().offset(offset).len(len).map(file) }.ok()?;
    // Refused where huge pages are off: then `mostly_huge` says no.
    let _ = map.advise(memmap2::Advice::HugePage);
    // One call maps every page (Linux 5.14 and later); touched one by one
    // otherwise.
    if map.advise(memmap2::Advice::PopulateRead).is_err() {
        let _ = map.iter().step_by(4096).fold(0u8, |a, &b| std::hint::black_box(a ^ b));
    }
    Some(map)
}

/// Asks the kernel to forget its cached pages of the file at `path`, just
/// written whole (Linux; elsewhere nothing), so that the next process to
/// map it reads it from the disk. Advice: an error only says it was not
/// taken.
///
/// Why. The pages a write leaves in the kernel's cache are held in blocks
/// that a mapping cannot map 2 MiB at a time, and [`mostly_huge`] refuses
/// them: measured with the deep h7's 3.8 GB file just copied into a cache
/// folder, the next process read it into fresh memory (6.5 s for a 16-move
/// state, then 1.2 s a process, with a second copy of the table each),
/// where once dropped it was read from the disk by the mapping, in 2 MiB
/// blocks, once (2.5 s), and every process after mapped it (0.6 s).
/// The file's data is flushed to the disk first: the kernel keeps pages
/// not yet written back whatever it is told.
pub fn drop_cached(path: &std::path::Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let file = std::fs::File::open(path)?;
        file.sync_data()?;
        // SAFETY: the descriptor is the open file's, for the call's
        // length; POSIX_FADV_DONTNEED drops clean cached pages only, which
        // the next read fetches again: no byte of the file changes.
        #[allow(unsafe_code)]
        let err = unsafe { libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
        if err != 0 {
            return Err(std::io::Error::from_raw_os_error(err));
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = path;
    Ok(())
}

/// Whether at least three quarters of `bytes`, a mapping of a file whose
/// pages are all mapped ([`map_file`]), are mapped by 2 MiB entries: the kernel's count
/// for the mapping holding them (`FilePmdMapped` in `/proc/self/smaps`).
/// All of it on 4 KiB pages costs the search 22% (BENCHMARKS.md), so a
/// quarter, in proportion, some 5% (not measured); more, and a read onto
/// huge pages pays for itself on all but the shortest searches.
#[cfg(target_os = "linux")]
pub fn mostly_huge(bytes: &[u8]) -> bool {
    let Ok(smaps) = std::fs::read_to_string("/proc/self/smaps") else {
        return false;
    };
    let at = bytes.as_ptr() as usize;
    let mut inside = false;
    for line in smaps.lines() {
        // A mapping's first line starts with its range, `start-end`, in hex.
        let range = line.split_once(' ').and_then(|(r, _)| r.split_once('-'));
        if let Some((Ok(start), Ok(end))) =
            range.map(|(a, b)| (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16)))
        {
            inside = (start..end).contains(&at);
        } else if let Some(kb) = line.strip_prefix("FilePmdMapped:").filter(|_| inside) {
            let kb: usize = kb.trim().trim_end_matches("kB").trim().parse().unwrap_or(0);
            return kb.saturating_mul(1024) >= bytes.len() / 4 * 3;
        }
    }
    false
}

#[cfg(target_os = "linux")]
fn advise(start: usize, len: usize) {
    let first = start.next_multiple_of(HUGE_PAGE);
    let end = (start + len) / HUGE_PAGE * HUGE_PAGE;
    if end > first {
        // SAFETY: [first, end) lies inside the buffer of `len` bytes at
        // `start`, which the caller's vector owns; MADV_HUGEPAGE only
        // chooses the size of the pages backing it, never their contents.
        // A refusal (huge pages off, an old kernel) is harmless: ignored.
        #[allow(unsafe_code)]
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_start: usize, _len: usize) {}

/// Asks the processor to bring the cache line of `v[i]` in, so that a
/// read of it soon after does not wait for memory (x86-64; nothing
/// elsewhere, nor when `i` is out of range). The searches work out where
/// each of a node's children reads the large tables, then read: a prefetch
/// as each place is known starts the reads while the next places are
/// worked out.
#[inline(always)]
pub fn prefetch<T>(v: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = v.get(i) {
        // SAFETY: a prefetch is a hint to the cache: it never faults and
        // changes no memory, and the address is that of an element of `v`.
        #[allow(unsafe_code)]
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((x as *const T).cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (v, i);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Filling within the capacity keeps the advised buffer (no
    /// reallocation), and the contents are the ones written.
    #[test]
    fn filling_keeps_the_advised_buffer() {
        let mut v: Vec<u8> = vec_with_capacity(5 * HUGE_PAGE + 3);
        let p = v.as_ptr();
        v.resize(5 * HUGE_PAGE + 3, 7);
        assert_eq!(v.as_ptr(), p);
        assert!(v.iter().all(|&b| b == 7));
        let small: Vec<u64> = vec_with_capacity(10);
        assert!(small.capacity() >= 10);
        // A prefetch changes nothing, in range or out.
        prefetch(&v, 3);
        prefetch(&v, usize::MAX);
        assert!(v.iter().all(|&b| b == 7));
    }

    /// Zeroed bytes stay zero when touched; atomic bytes turned plain keep
    /// their contents and their buffer; a copy is equal.
    #[test]
    fn zeroed_bytes_touched_atomic_turned_plain_and_copied() {
        let mut v = zeroed_bytes(2 * HUGE_PAGE + 5);
        touch(&mut v[3..]);
        assert!(v.iter().all(|&b| b == 0));
        let a: Vec<AtomicU8> = (0..2 * HUGE_PAGE + 5).map(|i| AtomicU8::new(i as u8)).collect();
        let p = a.as_ptr() as usize;
        let b = from_atomic(a);
        assert_eq!((b.as_ptr() as usize, b.len()), (p, 2 * HUGE_PAGE + 5));
        assert!(b.iter().enumerate().all(|(i, &x)| x == i as u8));
        let c = copied(&b);
        assert_eq!(c, b);
        let mut owned = Bytes::Owned(c);
        owned.make_mut()[1] = 0;
        assert_eq!((owned[1], owned[2], owned.len()), (0, 2, b.len()));
    }

    /// A file mapped reads as its bytes, from any offset; a mapping longer
    /// than the file is refused; a copy of it can be changed, the file not.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_mapped_reads_as_its_bytes() {
        use std::io::Write;
        let mut f = tempfile::tempfile().unwrap();
        let bytes: Vec<u8> = (0..3 * HUGE_PAGE + 11).map(|i| (i * 7 % 251) as u8).collect();
        f.write_all(&bytes).unwrap();
        let map = map_file(&f, 13, bytes.len() - 20).unwrap();
        assert_eq!(&map[..], &bytes[13..bytes.len() - 7]);
        assert!(map_file(&f, 13, bytes.len()).is_none());
        assert!(map_file(&f, u64::MAX, 2).is_none());
        // Memory of this process, not a file's: none of it is a file's
        // 2 MiB block. (The mapping's own answer depends on how the kernel
        // caches the file.)
        assert!(!mostly_huge(&bytes));
        let mut table = Bytes::Mapped(map);
        table.make_mut()[0] = 99;
        assert!(matches!(table, Bytes::Owned(_)));
        assert_eq!((table[0], table[1]), (99, bytes[14]));
        let mut again = vec![0u8; 2];
        std::os::unix::fs::FileExt::read_exact_at(&f, &mut again, 13).unwrap();
        assert_eq!(again, bytes[13..15]);
    }
}
