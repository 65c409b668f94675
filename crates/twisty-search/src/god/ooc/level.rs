//! One level out of core, its two passes, and its saves at block
//! boundaries, so that a stopped level goes on from its last save rather
//! than from its start.
//!
//! **When a level is saved.** At a block boundary, when [`SaveEvery`]'s
//! time has passed since the last save *and* at least an eighth of the
//! blocks were done since, or when the caller asks to stop. Why by time:
//! a save costs about the same whatever the block (the bucket files
//! written since the last one flushed to disk, the state rewritten with a
//! length a block), so spacing them in time bounds their share of the run
//! and the work a `kill -9` loses (at most the interval and a block);
//! counting blocks instead would make both depend on the block size and
//! the machine. Why an eighth of the blocks too: a save in the expansion
//! writes every bucket's buffer out, full or not, which cuts the runs
//! short (more bytes, fewer duplicates merged), so a level takes at most
//! 8 such saves by time and [`MAX_EXPAND_SAVES`] in all, stops included,
//! a bound the disk plan counts. A stop once that many are made is not
//! saved: the level goes on from its last save.
//!
//! **What a save holds, and why a kill at any moment is safe.** In the
//! expansion: blocks `0..b` expanded, every buffer written out and every
//! bucket file written since the last save flushed (`fsync`), then the
//! state rewritten (atomically) with each file's length. In the
//! application: blocks `0..b` marked and written to the new table, that
//! file flushed, then the state rewritten with `b`, the states found in
//! those blocks and their hash; only after that are the applied blocks'
//! bucket files emptied. So whatever a kill interrupts, the state names
//! bytes already on disk, and what lies past them is cut off on resuming
//! (`work.rs`). Re-expanding or re-applying a block is harmless besides:
//! a bucket is a set of neighbours, marked once each however often it is
//! listed. A block is expanded to its end once begun, the stop being
//! looked at between blocks: a block half expanded would leave half of
//! its neighbours in the buffers, which the save would write and the
//! resumed run write again, beyond what the disk plan counts.

use std::io::{Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::bucket::{read_bucket, Buckets};
use super::work::{hash_words, read_words, write_words, Folder, LevelIo, Pass, State, Within, HASH_START, IO_CHUNK};
use super::{BlockPoint, Layout, Progress, CHUNK_WORDS, LOCAL};
use crate::god::{colour, Expander};
use crate::Error;

/// The most saves within one level's expansion (each writes every bucket's
/// buffer out): 8 by time, the rest for stops.
pub const MAX_EXPAND_SAVES: u64 = 16;

/// When a level is saved within: the interval, and the blocks that must
/// be done between two saves.
pub(super) struct SaveEvery {
    /// The least time between two saves.
    pub interval: Duration,
    /// The least blocks (of both passes) done between two saves.
    pub blocks: u64,
}

/// A level in progress: its passes' state and what it cost so far.
pub(super) struct Level<'a> {
    pub folder: &'a Folder,
    pub layout: &'a Layout,
    pub expander: &'a Expander<'a>,
    pub cancel: Option<&'a AtomicBool>,
    pub every: &'a SaveEvery,
    /// The table's states.
    pub n: u64,
    /// The distance being found (the frontier is one less).
    pub distance: usize,
    /// The level's costs as the last save recorded them.
    pub base: LevelIo,
    /// Saves made in the expansion, the previous runs' included.
    pub expand_saves: u64,
    /// When this run began the level.
    pub begun: Instant,
    /// Bytes this run read and wrote to the table files (the buckets'
    /// writes are counted by [`Buckets`]).
    pub read: u64,
    pub written: u64,
    /// The last save: when, and at which block of the level (apply's
    /// blocks counted after expand's).
    pub saved_at: (Instant, u64),
}

/// How a pass ended: done, or stopped (saved or not).
pub(super) enum Ended {
    Done,
    Stopped,
}

impl Level<'_> {
    fn stopped(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// The level's costs now: what the last save recorded plus this run's.
    fn cost(&self, found: u64, buckets: &Buckets<'_>) -> LevelIo {
        LevelIo {
            distance: self.distance,
            states: found,
            seconds: self.base.seconds + self.begun.elapsed().as_secs_f64(),
            bytes_read: self.base.bytes_read + self.read,
            bytes_written: self.base.bytes_written + self.written + buckets.written,
        }
    }

    /// Whether a save is due at block `at` of the level by time.
    fn due(&self, at: u64) -> bool {
        at >= self.saved_at.1 + self.every.blocks && self.saved_at.0.elapsed() >= self.every.interval
    }

    /// Records the level at `pass`, `done` blocks in `state` (the levels
    /// before it unchanged): the module's comment gives the order.
    #[allow(clippy::too_many_arguments)]
    fn save(
        &mut self,
        state: &mut State,
        buckets: &mut Buckets<'_>,
        pass: Pass,
        done: u64,
        found: u64,
        hash: u64,
        table: Option<&mut std::io::BufWriter<std::fs::File>>,
    ) -> Result<(), Error> {
        if pass == Pass::Expand {
            buckets.flush_all()?;
            self.expand_saves += 1;
        }
        buckets.sync()?;
        if let Some(w) = table {
            let name = Folder::table_name(1 - state.table);
            w.flush()
                .and_then(|()| w.get_ref().sync_data())
                .map_err(|e| self.folder.error(&name, format!("cannot write: {e}")))?;
        }
        let mut lengths = buckets.lengths.clone();
        if pass == Pass::Apply {
            lengths[..done as usize].fill(0);
        }
        state.within = Some(Within {
            pass,
            done,
            block_states: self.layout.block_states,
            expand_saves: self.expand_saves,
            cost: self.cost(found, buckets),
            hash,
            buckets: lengths,
        });
        self.folder.save(state)?;
        if pass == Pass::Apply {
            empty_applied(self.folder, buckets, done)?;
        }
        let at = done + if pass == Pass::Apply { self.layout.blocks } else { 0 };
        self.saved_at = (Instant::now(), at);
        Ok(())
    }

    /// At the boundary before block `b` of `pass`: saves and says so when
    /// the caller asked to stop (unless the expansion's saves are spent).
    #[allow(clippy::too_many_arguments)]
    fn stop_here(
        &mut self,
        state: &mut State,
        buckets: &mut Buckets<'_>,
        pass: Pass,
        b: u64,
        found: u64,
        hash: u64,
        table: Option<&mut std::io::BufWriter<std::fs::File>>,
    ) -> Result<bool, Error> {
        if !self.stopped() {
            return Ok(false);
        }
        if pass == Pass::Apply || self.expand_saves < MAX_EXPAND_SAVES {
            self.save(state, buckets, pass, b, found, hash, table)?;
        }
        Ok(true)
    }

    /// Pass 1 from block `from_block`: every state of the frontier's colour
    /// in the table `state` names, block by block, sends its neighbours to
    /// the buckets.
    pub fn expand(
        &mut self,
        state: &mut State,
        buckets: &mut Buckets<'_>,
        from_block: u64,
        on_progress: &mut dyn FnMut(Progress<'_>),
        block: &mut [u64],
    ) -> Result<Ended, Error> {
        let (folder, layout, expander) = (self.folder, self.layout, self.expander);
        let name = Folder::table_name(state.table);
        let mut file = folder.open_table(state.table)?;
        let skip = from_block * (layout.block_states / 32) * 8;
        file.seek(SeekFrom::Start(skip))
            .map_err(|e| folder.error(&name, format!("cannot read: {e}")))?;
        let mut r = std::io::BufReader::with_capacity(IO_CHUNK, file);
        let pattern = colour(self.distance - 1) as u64 * crate::god::LOW;
        for b in from_block..layout.blocks {
            if self.stop_here(state, buckets, Pass::Expand, b, 0, HASH_START, None)? {
                return Ok(Ended::Stopped);
            }
            let (first, len) = layout.block(b, self.n);
            let words = &mut block[..len.div_ceil(32) as usize];
            read_words(&mut r, words).map_err(|e| folder.error(&name, format!("cannot read: {e}")))?;
            self.read += words.len() as u64 * 8;
            let words: &[u64] = words;
            let shared = Mutex::new(&mut *buckets);
            words.par_chunks(CHUNK_WORDS).enumerate().try_for_each_init(
                || (expander.block(), Vec::with_capacity(LOCAL)),
                |(cache, local), (c, chunk)| -> Result<(), Error> {
                    let base = first + (c * CHUNK_WORDS * 32) as u64;
                    for (i, &w) in chunk.iter().enumerate() {
                        let x = w ^ pattern;
                        let mut m = !(x | x >> 1) & crate::god::LOW;
                        while m != 0 {
                            let idx = base + 32 * i as u64 + (m.trailing_zeros() / 2) as u64;
                            m &= m - 1;
                            expander.enter(cache, idx);
                            for s in 0..expander.ns {
                                let nb = expander.neighbour(cache, idx, s);
                                // Seen and in this block: nothing to carry.
                                if nb.wrapping_sub(first) < len && get(words, nb - first) != 0 {
                                    continue;
                                }
                                local.push(nb);
                            }
                            if local.len() + expander.ns > LOCAL {
                                shared.lock().expect("no panic holds it").push_all(local)?;
                                local.clear();
                            }
                        }
                    }
                    shared.lock().expect("no panic holds it").push_all(local)?;
                    local.clear();
                    Ok(())
                },
            )?;
            on_progress(Progress::Block(&self.point(Pass::Expand, b + 1)));
            if self.due(b + 1) && self.expand_saves < MAX_EXPAND_SAVES / 2 {
                self.save(state, buckets, Pass::Expand, b + 1, 0, HASH_START, None)?;
            }
        }
        buckets.flush_all()?;
        Ok(Ended::Done)
    }

    /// Where the level is, for the caller's progress.
    fn point(&self, pass: Pass, done: u64) -> BlockPoint {
        BlockPoint {
            distance: self.distance,
            pass,
            done,
            blocks: self.layout.blocks,
        }
    }

    /// Pass 2 from block `from_block` (the new table's blocks before it
    /// done, holding `found` states and hashing to `hash`): each block of
    /// the table gets its bucket's unseen offsets marked with the level's
    /// colour and is written to the other table file. Returns, when done,
    /// the states found and the new table's hash.
    #[allow(clippy::too_many_arguments)]
    pub fn apply(
        &mut self,
        state: &mut State,
        buckets: &mut Buckets<'_>,
        from_block: u64,
        mut found: u64,
        mut hash: u64,
        on_progress: &mut dyn FnMut(Progress<'_>),
        block: &mut [u64],
    ) -> Result<Option<(u64, u64)>, Error> {
        let (folder, layout) = (self.folder, self.layout);
        let (from, to) = (state.table, 1 - state.table);
        let (from_name, to_name) = (Folder::table_name(from), Folder::table_name(to));
        let next = colour(self.distance) as u64;
        let prefix = from_block * (layout.block_states / 32) * 8;
        let mut file = folder.open_table(from)?;
        file.seek(SeekFrom::Start(prefix))
            .map_err(|e| folder.error(&from_name, format!("cannot read: {e}")))?;
        let mut r = std::io::BufReader::with_capacity(IO_CHUNK, file);
        let out = match from_block {
            0 => folder.create_table(to)?,
            _ => folder.resume_table(to, prefix, hash)?,
        };
        let mut w = std::io::BufWriter::with_capacity(IO_CHUNK, out);
        for b in from_block..layout.blocks {
            if self.stop_here(state, buckets, Pass::Apply, b, found, hash, Some(&mut w))? {
                return Ok(None);
            }
            let (_, len) = layout.block(b, self.n);
            let words = &mut block[..len.div_ceil(32) as usize];
            read_words(&mut r, words).map_err(|e| folder.error(&from_name, format!("cannot read: {e}")))?;
            self.read += words.len() as u64 * 8;
            if buckets.lengths[b as usize] > 0 {
                self.read += read_bucket(folder, b, len, &mut |o| {
                    if get(words, o) == 0 {
                        words[(o / 32) as usize] |= next << (2 * (o % 32));
                        found += 1;
                    }
                })?;
            }
            hash = hash_words(hash, words);
            write_words(&mut w, words).map_err(|e| folder.error(&to_name, format!("cannot write: {e}")))?;
            self.written += words.len() as u64 * 8;
            on_progress(Progress::Block(&self.point(Pass::Apply, b + 1)));
            if b + 1 < layout.blocks && self.due(layout.blocks + b + 1) {
                self.save(state, buckets, Pass::Apply, b + 1, found, hash, Some(&mut w))?;
            }
        }
        finish(folder, to, w)?;
        Ok(Some((found, hash)))
    }

    /// The level's costs at its end.
    pub fn done(&self, found: u64, buckets: &Buckets<'_>) -> LevelIo {
        self.cost(found, buckets)
    }
}

/// Empties the bucket files of blocks `0..done` not emptied yet: their
/// blocks are applied, and a saved state says so.
pub(super) fn empty_applied(folder: &Folder, buckets: &mut Buckets<'_>, done: u64) -> Result<(), Error> {
    for b in 0..done as usize {
        if buckets.lengths[b] > 0 {
            folder.empty_bucket(b as u64)?;
            buckets.lengths[b] = 0;
        }
    }
    Ok(())
}

/// The colour of entry `o` of a block's words.
#[inline]
fn get(words: &[u64], o: u64) -> u64 {
    (words[(o / 32) as usize] >> (2 * (o % 32))) & 3
}

/// Flushes table file `k` to disk, so the state may name it.
pub(super) fn finish(folder: &Folder, k: u8, w: std::io::BufWriter<std::fs::File>) -> Result<(), Error> {
    let name = Folder::table_name(k);
    let file = w
        .into_inner()
        .map_err(|e| folder.error(&name, format!("cannot write: {}", e.error())))?;
    file.sync_all()
        .map_err(|e| folder.error(&name, format!("cannot write: {e}")))
}
