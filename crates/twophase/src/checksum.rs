//! The checksum of the large cache files (the two-phase tables, the
//! optimal solver's H48 tables): FNV-1a on 8-byte words, as
//! [`crate::huge`]'s, in four lanes that take the 32-byte blocks' words in
//! turn, folded into one value at the end; taken as the bytes come, in
//! pieces of any length.
//!
//! Why four lanes. One chain of multiplications waits for each product
//! before the next word can go in: over the deep h7's 3.8 GB that took
//! 0.53 s of one thread, the longest step before an optimal search could
//! start, and a byte at a time over the two-phase tables' 100 MB, 0.12 s.
//! Four independent chains run side by side in the core: 0.14 s for the
//! 3.8 GB, the speed of the memory (measured on the mapped file, alone;
//! eight lanes were no faster). Beside an optimal solver's other reads,
//! on a slower hour of the same machine, 0.35 to 0.4 s (BENCHMARKS.md).
//!
//! The value: the lanes over every whole block of the bytes; the last
//! bytes short of a block go to the first lane ([`crate::huge`]'s words,
//! then bytes); the four lanes are then taken as 32 more bytes by one
//! chain started afresh.

use crate::huge::{checksum_more, CHECKSUM_START, FNV_PRIME};

/// A checksum being taken ([`Lanes::more`], then [`Lanes::value`]).
pub(crate) struct Lanes {
    h: [u64; 4],
    /// The bytes of a block not yet whole.
    pending: [u8; 32],
    filled: usize,
}

impl Lanes {
    /// Before any byte.
    pub(crate) fn new() -> Lanes {
        Lanes {
            h: [CHECKSUM_START; 4],
            pending: [0; 32],
            filled: 0,
        }
    }

    /// The checksum of `bytes`.
    pub(crate) fn of(bytes: &[u8]) -> u64 {
        let mut l = Lanes::new();
        l.more(bytes);
        l.value()
    }

    /// Takes in `bytes`, the next piece: the value is the same whatever
    /// the pieces' lengths.
    pub(crate) fn more(&mut self, mut bytes: &[u8]) {
        if self.filled > 0 {
            let n = (32 - self.filled).min(bytes.len());
            self.pending[self.filled..self.filled + n].copy_from_slice(&bytes[..n]);
            self.filled += n;
            bytes = &bytes[n..];
            if self.filled < 32 {
                return;
            }
            block_into(&mut self.h, &self.pending);
            self.filled = 0;
        }
        let whole = bytes.len() / 32 * 32;
        self.h = blocks_into(self.h, &bytes[..whole]);
        let rest = &bytes[whole..];
        self.pending[..rest.len()].copy_from_slice(rest);
        self.filled = rest.len();
    }

    /// The checksum of the bytes taken in so far.
    pub(crate) fn value(&self) -> u64 {
        let mut h = self.h;
        h[0] = checksum_more(h[0], &self.pending[..self.filled]);
        h.iter()
            .fold(CHECKSUM_START, |a, &lane| checksum_more(a, &lane.to_le_bytes()))
    }
}

/// The lanes `h` continued over `bytes`, whole blocks.
///
/// The four chains must stay in the processor's general registers, where
/// a 64-bit product takes one instruction. Given lanes that come from
/// memory as one array, the compiler turned the loop into vector code that
/// builds each 64-bit product from 32-bit ones, a chain three times as
/// long: 0.29 to 0.38 s over 3.8 GB instead of 0.14 (measured, the same
/// compiler). Each lane passed through [`std::hint::black_box`] on the
/// way in reaches the loop as a plain value, and the loop stays scalar.
#[inline(never)]
fn blocks_into(h: [u64; 4], bytes: &[u8]) -> [u64; 4] {
    let mut h = h.map(std::hint::black_box);
    for block in bytes.chunks_exact(32) {
        block_into(&mut h, block);
    }
    h
}

/// One whole block into the lanes `h`, a word to each.
#[inline(always)]
fn block_into(h: &mut [u64; 4], block: &[u8]) {
    for (i, lane) in h.iter_mut().enumerate() {
        let word = u64::from_le_bytes(block[8 * i..8 * i + 8].try_into().expect("8 bytes"));
        *lane = (*lane ^ word).wrapping_mul(FNV_PRIME);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, written out: the lanes over the whole blocks, the
    /// rest to the first, the lanes folded.
    fn by_definition(bytes: &[u8]) -> u64 {
        let whole = bytes.len() / 32 * 32;
        let mut h = [CHECKSUM_START; 4];
        for (i, word) in bytes[..whole].chunks_exact(8).enumerate() {
            h[i % 4] = checksum_more(h[i % 4], word);
        }
        h[0] = checksum_more(h[0], &bytes[whole..]);
        h.iter()
            .fold(CHECKSUM_START, |a, &lane| checksum_more(a, &lane.to_le_bytes()))
    }

    /// Taken in pieces of any lengths (1 to 100 bytes, and none), the
    /// value is the definition's over the whole; a byte changed anywhere
    /// changes it.
    #[test]
    fn pieces_of_any_length_give_the_whole_bytes_checksum() {
        let bytes: Vec<u8> = (0..1000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
            .collect();
        for len in [0, 1, 7, 8, 31, 32, 33, 64, 65, 999, 1000] {
            let whole = by_definition(&bytes[..len]);
            assert_eq!(Lanes::of(&bytes[..len]), whole, "{len}");
            for step in [1, 3, 17, 32, 100] {
                let mut l = Lanes::new();
                for piece in bytes[..len].chunks(step) {
                    l.more(piece);
                    l.more(&[]);
                }
                assert_eq!(l.value(), whole, "{len} in pieces of {step}");
            }
        }
        let mut changed = bytes.clone();
        for at in [0, 8, 31, 500, 999] {
            changed[at] ^= 0x10;
            assert_ne!(Lanes::of(&changed), Lanes::of(&bytes), "{at}");
            changed[at] ^= 0x10;
        }
        // Words moved from one lane to another change it too.
        changed[..8].copy_from_slice(&bytes[8..16]);
        changed[8..16].copy_from_slice(&bytes[..8]);
        assert_ne!(Lanes::of(&changed), Lanes::of(&bytes));
    }
}
