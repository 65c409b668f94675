//! The buckets: the neighbours a level finds, grouped by the block that
//! holds them, until that block is read again to mark them.
//!
//! **Encoding.** A neighbour is kept as its offset within its block, a
//! `u32` (a block holds at most 2^32 states), not as a 64-bit index: half
//! the memory for the buffers. When a block's buffer is full it is sorted,
//! its duplicates dropped, and written to the block's file as a *run*: the
//! count, then the first offset and each gap to the next, every number in
//! LEB128 (7 bits a byte, the high bit saying "more"). Why: a level reaches
//! many of its new states from several frontier states, and every state
//! of the frontier's neighbours that is not new is there too, so dropping
//! duplicates before writing shrinks the volume most where it is largest; and the gaps between
//! sorted offsets of a block a level fills densely are small, a byte each
//! instead of four. A bitmap of the block (one bit a state) would be
//! smaller still for the densest levels but costs its full size for the
//! sparse ones, and its memory for every block at once; the runs cost
//! what they hold.

use std::fs::OpenOptions;
use std::io::{BufReader, Read, Write};

use super::work::{Folder, IO_CHUNK};
use crate::Error;

/// The buffers of every block's bucket during a level's expansion.
pub(super) struct Buckets<'a> {
    folder: &'a Folder,
    block_states: u64,
    cap: usize,
    bufs: Vec<Vec<u32>>,
    /// Block `b`'s file's bytes this level: 0 until its first run, which
    /// creates (or empties) the file; the next runs append. A level starts
    /// with every file empty or gone (emptied as its block was applied,
    /// or cut to these lengths when a saved level is resumed).
    pub lengths: Vec<u64>,
    /// Whether block `b`'s file was written since the last [`Buckets::sync`].
    dirty: Vec<bool>,
    scratch: Vec<u8>,
    /// Bytes written to the bucket files so far.
    pub written: u64,
}

/// Appends `x` in LEB128.
fn put(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// Reads one LEB128 number, `None` at the end of the stream.
fn get(r: &mut impl Read) -> std::io::Result<Option<u64>> {
    let (mut x, mut shift) = (0u64, 0);
    let mut byte = [0u8];
    loop {
        if r.read(&mut byte)? == 0 {
            return if shift == 0 {
                Ok(None)
            } else {
                Err(std::io::ErrorKind::UnexpectedEof.into())
            };
        }
        if shift > 63 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "a number too long",
            ));
        }
        x |= u64::from(byte[0] & 0x7f) << shift;
        if byte[0] < 0x80 {
            return Ok(Some(x));
        }
        shift += 7;
    }
}

impl<'a> Buckets<'a> {
    /// Empty buffers for `blocks` blocks of `block_states` states, each
    /// holding `cap` offsets before it is written out (allocated as they
    /// fill, up to `blocks * cap * 4` bytes and `5 * cap` for the run being
    /// encoded, as the layout plans). `lengths`: the files' bytes as a
    /// saved level left them, one per block.
    pub fn new(folder: &'a Folder, lengths: Vec<u64>, block_states: u64, cap: u64) -> Buckets<'a> {
        Buckets {
            folder,
            block_states,
            cap: cap as usize,
            bufs: (0..lengths.len()).map(|_| Vec::new()).collect(),
            dirty: vec![false; lengths.len()],
            lengths,
            scratch: Vec::new(),
            written: 0,
        }
    }

    /// Flushes to disk (`fsync`) every file written since the last call,
    /// so that a state naming their lengths names bytes that survive.
    pub fn sync(&mut self) -> Result<(), Error> {
        for b in 0..self.dirty.len() {
            if !std::mem::take(&mut self.dirty[b]) {
                continue;
            }
            let name = Folder::bucket_name(b as u64);
            OpenOptions::new()
                .write(true)
                .open(self.folder.path(&name))
                .and_then(|f| f.sync_data())
                .map_err(|e| self.folder.error(&name, format!("cannot write: {e}")))?;
        }
        Ok(())
    }

    /// Adds neighbours (whole indices).
    pub fn push_all(&mut self, indices: &[u64]) -> Result<(), Error> {
        for &i in indices {
            let b = (i / self.block_states) as usize;
            let buf = &mut self.bufs[b];
            if buf.capacity() == 0 {
                buf.reserve_exact(self.cap);
            }
            buf.push((i % self.block_states) as u32);
            if buf.len() == self.cap {
                self.flush(b)?;
            }
        }
        Ok(())
    }

    /// Writes every non-empty buffer out (the end of the expansion).
    pub fn flush_all(&mut self) -> Result<(), Error> {
        for b in 0..self.bufs.len() {
            if !self.bufs[b].is_empty() {
                self.flush(b)?;
            }
        }
        Ok(())
    }

    /// Sorts block `b`'s buffer, drops duplicates and appends it to the
    /// block's file as one run.
    fn flush(&mut self, b: usize) -> Result<(), Error> {
        let buf = &mut self.bufs[b];
        buf.sort_unstable();
        buf.dedup();
        self.scratch.clear();
        put(&mut self.scratch, buf.len() as u64);
        let mut last = 0u64;
        for (k, &o) in buf.iter().enumerate() {
            let o = u64::from(o);
            put(&mut self.scratch, if k == 0 { o } else { o - last });
            last = o;
        }
        buf.clear();
        let name = Folder::bucket_name(b as u64);
        // Files are emptied and reused, never removed and created again
        // each level: creating thousands of files a level cost more
        // system time than the search itself (measured on ext4).
        let mut options = OpenOptions::new();
        match self.lengths[b] {
            0 => options.write(true).create(true).truncate(true),
            _ => options.append(true),
        };
        let mut file = options
            .open(self.folder.path(&name))
            .map_err(|e| self.folder.error(&name, format!("cannot write: {e}")))?;
        file.write_all(&self.scratch)
            .map_err(|e| self.folder.error(&name, format!("cannot write: {e}")))?;
        self.dirty[b] = true;
        self.lengths[b] += self.scratch.len() as u64;
        self.written += self.scratch.len() as u64;
        Ok(())
    }
}

/// Calls `each(offset)` for every offset in block `b`'s bucket file, each
/// below `len`; returns the bytes it held. An offset past the block or a
/// file cut inside a number is an error.
///
/// The file is emptied later ([`Folder::empty_bucket`]), once a saved
/// state says the block is applied: a block applied has no use for its
/// bucket any more, and a file left full until the block's next write
/// would make the folder hold several levels' buckets at once; emptied
/// by the level's end, it holds at most one level's, which is what the
/// disk plan bounds (`disk.rs`).
pub(super) fn read_bucket(folder: &Folder, b: u64, len: u64, each: &mut dyn FnMut(u64)) -> Result<u64, Error> {
    let name = Folder::bucket_name(b);
    let file = OpenOptions::new()
        .read(true)
        .open(folder.path(&name))
        .map_err(|e| folder.error(&name, format!("cannot read: {e}")))?;
    let bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut r = BufReader::with_capacity(IO_CHUNK, &file);
    let damaged = |what: &str| folder.error(&name, format!("the bucket file is damaged ({what})"));
    let io = |e: std::io::Error| folder.error(&name, format!("cannot read: {e}"));
    while let Some(count) = get(&mut r).map_err(io)? {
        let mut at = 0u64;
        for k in 0..count {
            let gap = get(&mut r).map_err(io)?.ok_or_else(|| damaged("cut short"))?;
            at = if k == 0 { gap } else { at.saturating_add(gap) };
            if at >= len {
                return Err(damaged("an offset past its block"));
            }
            each(at);
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip() {
        let xs = [0u64, 1, 127, 128, 300, u32::MAX as u64, u64::MAX];
        let mut out = Vec::new();
        for &x in &xs {
            put(&mut out, x);
        }
        // One byte below 128, two below 2^14, five for a u32, ten for 64 bits.
        assert_eq!(out.len(), 1 + 1 + 1 + 2 + 2 + 5 + 10);
        let mut r = &out[..];
        let back: Vec<u64> = std::iter::from_fn(|| get(&mut r).unwrap()).collect();
        assert_eq!(back, xs);
        // Cut inside a number: an error, not a silent end.
        let mut r = &[0x80u8][..];
        assert!(get(&mut r).is_err());
        let mut r = &[][..];
        assert_eq!(get(&mut r).unwrap(), None);
    }
}
