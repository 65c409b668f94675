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
//! Why by hand: `madvise` is one system call; the crates that wrap it
//! (`memmap2`) hand out mappings, not `Vec`s, and the table builds fill
//! `Vec<AtomicU8>` from several threads. The `unsafe` blocks: the advice,
//! on a range inside the vector's own allocation (`MADV_HUGEPAGE` changes
//! no byte of it); a prefetch (a hint, never a fault); and bytes read from
//! a file taken as the atomic bytes the tables are made of (the same
//! layout, [`into_atomic`]).
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

/// The bytes of `v` as atomic bytes, in place (the tables are filled by
/// several threads at once when built, and read the same way when loaded).
pub fn into_atomic(v: Vec<u8>) -> Vec<AtomicU8> {
    let mut v = std::mem::ManuallyDrop::new(v);
    // SAFETY: `AtomicU8` has the size, alignment and bit validity of `u8`
    // (its documentation), so the buffer of a `Vec<u8>` is one of a
    // `Vec<AtomicU8>` of the same length and capacity, allocated with the
    // same layout; `v` is not used or dropped again.
    #[allow(unsafe_code)]
    unsafe {
        Vec::from_raw_parts(v.as_mut_ptr().cast::<AtomicU8>(), v.len(), v.capacity())
    }
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

    /// Zeroed bytes stay zero when touched, and turned atomic keep their
    /// contents and their buffer.
    #[test]
    fn zeroed_bytes_touched_and_turned_atomic() {
        let mut v = zeroed_bytes(2 * HUGE_PAGE + 5);
        touch(&mut v[3..]);
        assert!(v.iter().all(|&b| b == 0));
        v[1] = 9;
        let p = v.as_ptr() as usize;
        let a = into_atomic(v);
        assert_eq!((a.as_ptr() as usize, a.len()), (p, 2 * HUGE_PAGE + 5));
        assert_eq!(a[1].load(std::sync::atomic::Ordering::Relaxed), 9);
        assert_eq!(
            a.iter()
                .map(|b| b.load(std::sync::atomic::Ordering::Relaxed) as usize)
                .sum::<usize>(),
            9
        );
    }
}
