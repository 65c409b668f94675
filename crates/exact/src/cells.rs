//! The dancing-cells engine: exact cover on sparse sets, after Knuth's
//! SSXC1 and SSXCC programs (TAOCP 7.2.2.3, pre-fascicle 7A) and Christine
//! Solnon's idea of saving set sizes on a stack. Algorithm X with
//! secondary items and colours (Algorithm C), and multiplicities
//! (Algorithm M: the `multiplicity` module).
//!
//! # Sparse sets
//!
//! A sparse set keeps a subset of a fixed universe as a permutation of
//! the universe in an array, the members first, and a *size*: the members
//! are the first `size` entries. Each element knows its place in the
//! array, so deleting one is a swap with the last member and `size - 1`;
//! and, the point of the whole engine, *undeleting is free*: a deleted
//! element stays just past the members, so putting `size` back to what
//! it was restores the set (the same members, perhaps in another order).
//!
//! # The data
//!
//! Each entry of an option (an item it contains, perhaps with a colour) is
//! a *cell*. Cells lie option by option, each option followed by a
//! *spacer* that points back to its first cell (as in Knuth's programs),
//! so a walk along an option from any of its cells wraps around; each cell
//! knows its item and its place (`loc`) in that item's set. Each item has a set of cells (`set`, one
//! block per item): those of the options that contain it and are still
//! live. The primary items not yet covered are a sparse set too
//! (`items`, `pos`, `active`).
//!
//! # The moves
//!
//! *Hiding* an option deletes its cells from the sets of their items, but
//! for the cell through which it is reached (the item being covered, whose
//! set must stay whole while it is walked). *Covering* an item hides every
//! option of its set. A primary item covered leaves the active set.
//! Colours (Algorithm C): choosing an option that gives secondary item `j`
//! colour `c` *purifies* `j`: the options of its set with another colour
//! (or none) are hidden, and `j` remembers `c`, so that a later option
//! giving it `c` again does nothing. Every size changed is first saved on
//! a *trail* (once per item per branch: a stamp per item says whether this
//! branch has saved it already; or all at once when the level opens, see
//! below), and so is every colour given; undoing a branch pops the trail
//! back to a mark, restoring sizes and colours, and restores the count of
//! active items. Nothing is walked again backwards, where dancing links
//! undoes every link in the reverse order.
//!
//! # The search
//!
//! At each node the primary item with the fewest live options is chosen
//! (minimum remaining values), the first in the problem's order on ties,
//! as [`crate::Dlx`] chooses; with many primary items, one with a single
//! option (most nodes have one) is found from a bit per item that
//! deletions set, rather than by looking at every item (see
//! `Cells::choose_item`). It is covered, then each of its options is
//! tried in the problem's order (its set is sorted first, since deletions
//! swap elements around): the option's other primary items leave the
//! active set, then each of its items is covered or purified. Hiding
//! stops the moment a primary item still to be covered loses its last
//! option (Knuth's check in SSXC1): that branch is dead, and it is undone
//! at once instead of being entered. An item with a single option is a
//! *forced move*: its level saves no mark and takes no new stamp, its
//! changes joining its parent's branch, which undoes both at once.
//!
//! Hence the order: the same tree as dancing links, less the dead ends,
//! so the same solutions in the same order, each with its options in the
//! same order (the tests check it on random problems); `nodes` counts the
//! nodes entered, the leaves of solutions included, and is smaller than
//! dancing links' by the dead ends that were never entered.
//!
//! Memory: per cell its item and place (8 bytes), its option (4), its
//! place in a set (4), its colour when the problem has colours (4) and
//! room for one trail entry (8), since a path deletes each cell at most
//! once, and, when it fits in half the cells, room for saving every item
//! at every level (at most 4 more): at most 32 bytes a cell (an entry,
//! or an option's spacer), as much as the dancing-links array that
//! `cubist exact` plans before it allocates (16 bytes a node, counted
//! twice for its growth). Besides: with colours, a list for the options
//! a purification hides, as long as the largest secondary item's set (81
//! numbers in the de Bruijn cycles); with more than 128 primary items, a
//! bit per item, copied at each level that branches more than one way
//! as deep as the search goes (at most 1025 levels of 16 words: 131
//! kilobytes; a few hundred bytes for the Latin squares). With multiplicities, the trail has room for
//! up to 16 more bytes a cell (no level saves every size at once: the
//! `multiplicity` module): up to 44 bytes an entry, which `cubist exact`
//! plans for problems with multiplicities (22 bytes a node, twice).
//!
//! Two ways to save sizes: Knuth's SSXC1 saves the size of every item
//! still open once per level; saving each as it first changes costs a
//! stamp test and a store per deletion. The first wins when a branch
//! deletes hundreds of cells (pentominoes), the second when it deletes a
//! few (Langford pairs, queens, the 36 Cube), and SSXC1's stack grows as
//! the depth times the items, this trail at most as the cells. So a level
//! saves every open size when its first option's items hold enough
//! options to delete more than four times the items still open, and the
//! trail has room for that; else each size as it first changes. Measured
//! (BENCHMARKS.md): as fast as the fastest of DLX2, SSXC1 and SSXCC, or
//! faster, on the 36 Cube, pentominoes, Langford pairs, queens and domino
//! tilings.
//!
//! The engine is built once and searched in place; every search leaves it
//! as it found it, ready for another. A count writes no solution out.
//!
//! ```
//! use cubist_exact::{problems::queens, Cells, Dlx};
//! let p = queens(8);
//! assert_eq!(Cells::new(&p).unwrap().count(), 92);
//! assert_eq!(Dlx::new(&p).count(), 92);
//! ```

use crate::budget::Budget;
use crate::problem::{Kind, Problem};
use crate::Error;
use cubist_io::LimitError;
use std::ops::ControlFlow;

mod multiplicity;
mod split;
mod walk;

use walk::Walk;

/// Per item, what a deletion from its set reads and writes, together (one
/// cache line rather than four arrays).
#[derive(Clone, Copy, Debug, Default)]
struct Head {
    /// Where its block begins in `set`.
    start: u32,
    /// Its live cells.
    size: u32,
    /// The branch that last saved its size.
    stamp: u32,
    /// A primary item's place in `order` (`u32::MAX` for a secondary
    /// item: never active, so never checked).
    pos: u32,
}

/// A cell: its item and its place in that item's set.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    item: u32,
    loc: u32,
}

/// The item of a spacer, the cell after an option, whose `loc` is the
/// option's first cell: a walk along an option from any of its cells
/// wraps around there, with no table to look up.
const SPACER: u32 = u32::MAX;

/// A trail entry whose item has this bit set records a colour given (to
/// be taken back), not a size.
const COLOUR: u32 = 1 << 31;

/// A trail entry whose item has this bit set (and not [`COLOUR`]) records
/// a primary item's bound before it changed (Algorithm M).
const BOUND: u32 = 1 << 30;

/// A trail entry whose item has both bits set records where a primary
/// item's set began before its first live option was set aside
/// (Algorithm M's tweak, see the `multiplicity` module).
const START: u32 = COLOUR | BOUND;

/// The most cells and items of a problem with multiplicities: its trail
/// entries tag items with two bits, and the trail, up to five entries a
/// cell or item, is indexed by 32 bits.
const MAX_CELLS_MULTIPLICITIES: usize = 1 << 29;

/// What a deletion checks ([`Cells::delete`]): nothing.
const UNCHECKED: u8 = 0;
/// That an active item keeps an option (Algorithms X and C).
const LAST: u8 = 1;
/// That an active item keeps as many options as it must still be
/// covered (Algorithm M).
const NEED: u8 = 2;

/// The most cells (entries of options, and a spacer per option) and items
/// [`Cells`] takes: its indices are 32 bits, one bit kept for the trail's
/// colour mark.
pub const MAX_CELLS: usize = (COLOUR - 1) as usize;

/// A level of the search: the item branched on and where its options
/// stand.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The next option to try, as a place in the item's set.
    next: u32,
    /// The end of the item's live options.
    end: u32,
    /// The trail's length before the first branch (unused when forced).
    mark: u32,
    /// Where the sizes of every item still open, saved at once, begin on
    /// the trail (`mark` when saved one by one instead).
    saved: u32,
    /// The active items before the first branch.
    active: u32,
    /// A single option: the level keeps no mark of its own.
    forced: bool,
    /// Its branches save no size as they delete: every size was saved
    /// when the level opened (see [`Cells::branch`]).
    whole: bool,
}

/// An exact-cover problem loaded as sparse sets (see the module docs).
#[derive(Clone, Debug)]
pub struct Cells {
    /// Options one after another, each followed by a spacer.
    cells: Vec<Cell>,
    /// Per cell, its option (read only to list a solution).
    option: Vec<u32>,
    /// Per cell, its colour (empty when the problem has none).
    colour: Vec<u32>,
    /// The items' sets of cells, one block per item.
    set: Vec<u32>,
    /// Per item, its block, size, stamp and place.
    head: Vec<Head>,
    /// Per secondary item (indexed from the first), the colour it has
    /// taken, 0 for none.
    taken: Vec<u32>,
    /// Room for the options of a secondary item's set that a purification
    /// hides ([`Cells::purify`]); empty without colours.
    other: Vec<u32>,
    /// The primary items, the first `active` of them not yet covered.
    order: Vec<u32>,
    active: u32,
    /// Primary items.
    n1: u32,
    /// The current branch: an item whose stamp differs has not saved its
    /// size in this branch yet.
    era: u32,
    /// Saved (item, size), or (COLOUR | item, 0) for a colour given.
    /// Room for the longest trail: a path deletes each cell at most
    /// once (an entry per size saved goes with a deletion) and gives each
    /// secondary item at most one colour; and one more, written and not
    /// kept.
    trail: Vec<(u32, u32)>,
    /// The trail's length.
    top: u32,
    /// Whether the trail has room for a level saving every open size
    /// at once, at every depth.
    room: bool,
    /// Whether the current branch saves no sizes as it deletes (its level
    /// saved them all).
    whole: bool,
    /// Per primary item, how many more times it may be covered (Knuth's
    /// BOUND) and how many of those are optional (`hi - lo`, Knuth's
    /// SLACK); empty when the problem has no multiplicities.
    bounds: Vec<(u32, u32)>,
    /// Whether the trail may hold entries other than sizes (colours,
    /// bounds, starts).
    tagged: bool,
    /// A bit per item (64 a word), set for every active primary item with
    /// a single option, and perhaps for other items: a deletion that
    /// leaves a set with one cell sets its item's bit, covering an item
    /// clears it, and nothing else is done going forward, so a bit stays
    /// set when its item loses that option too, or is a secondary item,
    /// or loses an option after being covered. [`Cells::choose_item`]
    /// clears such a bit when it meets it: going forward, an item covered
    /// stays so, and an item with more options or none gets its bit again
    /// if it comes down to one. Going back restores the bits with the
    /// sizes, from the copy in `ones` that each level branching more than
    /// one way keeps.
    one: Vec<u64>,
    /// The copies of `one`'s words of primary items (the others are never
    /// read), a copy per open level that branches more than one way, taken
    /// when it opened: the bits as they were for its options, restored
    /// each time the search comes back to it.
    ones: Vec<u64>,
    /// Whether the search keeps `one` and [`Cells::choose_item`] reads it:
    /// with more than 128 primary items (with fewer, looking at every
    /// active item costs little, and keeping the bits at each deletion
    /// more: the de Bruijn cycles, 54 primary items, took 7% longer with
    /// them; the Latin squares, 192, 2.5% less time, the 36 Cube, 144, as
    /// long) and at most 1024 (16 words to copy at each level), no item in no option (at the root, that item
    /// would be the choice), no multiplicities (their own choice, see the
    /// `multiplicity` module).
    quick: bool,
}

/// Why a problem does not fit [`Cells`], or `None` when it does.
pub fn unfit(p: &Problem) -> Option<String> {
    let cells = p.options().iter().map(|o| o.len() + 1).sum::<usize>();
    let most = most_cells(p);
    if cells.max(p.items().len()) > most {
        return Some(format!("{cells} cells (entries and options), more than {most}"));
    }
    None
}

/// The most cells (and items) [`Cells`] takes for problem `p`: fewer with
/// multiplicities, whose trail is longer and tagged more.
fn most_cells(p: &Problem) -> usize {
    if p.has_multiplicities() {
        MAX_CELLS_MULTIPLICITIES
    } else {
        MAX_CELLS
    }
}

impl Cells {
    /// Loads a problem; refuses one with more than [`MAX_CELLS`] cells
    /// or items (2^29 with multiplicities).
    pub fn new(p: &Problem) -> Result<Cells, Error> {
        let entries: usize = p.options().iter().map(Vec::len).sum();
        let cells = entries + p.options().len();
        let most = most_cells(p);
        if cells.max(p.items().len()) > most {
            return Err(LimitError::new(
                "the dancing-cells engine",
                format!("{cells} cells (entries and options)"),
                most,
            )
            .into());
        }
        let multiplicities = p.has_multiplicities();
        let n = p.items().len();
        let n1 = p.primary_count();
        let has_colours = p.options().iter().flatten().any(|&(_, c)| c != 0);
        let mut size = vec![0u32; n];
        for &(i, _) in p.options().iter().flatten() {
            size[i] += 1;
        }
        let mut start = Vec::with_capacity(n);
        let mut offset = 0u32;
        for &s in &size {
            start.push(offset);
            offset += s;
        }
        let head = (0..n)
            .map(|i| Head {
                start: start[i],
                size: size[i],
                stamp: 0,
                pos: if i < n1 { i as u32 } else { u32::MAX },
            })
            .collect();
        let length = entries + p.options().len();
        // Saving every open size at each level costs up to (levels) x
        // (items) trail entries; allowed while that is at most half the
        // cells (a few kilobytes for pentominoes), so that the engine
        // stays smaller than dancing links'.
        // (Not with multiplicities, whose branches save sizes one by one.)
        let room = !multiplicities && (n1 + 1).saturating_mul(n) <= length / 2;
        let bounds = if multiplicities {
            p.items()[..n1]
                .iter()
                .map(|it| match it.kind {
                    Kind::Primary { lo, hi } => (hi, hi - lo),
                    Kind::Secondary => (1, 0),
                })
                .collect()
        } else {
            vec![]
        };
        let mut set = vec![0u32; entries];
        let mut cells = Vec::with_capacity(length);
        let mut option = Vec::with_capacity(length);
        let mut colour = Vec::with_capacity(if has_colours { length } else { 0 });
        let mut fill = vec![0u32; n];
        for (k, opt) in p.options().iter().enumerate() {
            let first = cells.len() as u32;
            for &(i, c) in opt {
                let loc = start[i] + fill[i];
                fill[i] += 1;
                set[loc as usize] = cells.len() as u32;
                cells.push(Cell { item: i as u32, loc });
                option.push(k as u32);
                if has_colours {
                    colour.push(c);
                }
            }
            cells.push(Cell {
                item: SPACER,
                loc: first,
            });
            option.push(k as u32);
            if has_colours {
                colour.push(0);
            }
        }
        Ok(Cells {
            cells,
            option,
            colour,
            set,
            head,
            taken: vec![0; n - n1],
            other: vec![
                0;
                if has_colours {
                    size[n1..].iter().max().map_or(0, |&s| s as usize)
                } else {
                    0
                }
            ],
            order: (0..n1 as u32).collect(),
            active: n1 as u32,
            n1: n1 as u32,
            era: 0,
            trail: vec![
                (0, 0);
                entries
                    + n
                    + 1
                    + if room { (n1 + 1) * n } else { 0 }
                    + if multiplicities {
                        multiplicity::trail_more(entries, p.options().len(), n1)
                    } else {
                        0
                    }
            ],
            top: 0,
            room,
            whole: false,
            bounds,
            tagged: has_colours || multiplicities,
            one: vec![0; n.div_ceil(64)],
            ones: vec![],
            quick: (129..=1024).contains(&n1) && !multiplicities && !size[..n1].contains(&0),
        })
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u64 {
        self.count_limited(u64::MAX).2
    }

    /// Counts the solutions, entering at most `limit` search nodes:
    /// whether the limit stopped it (`Break`), the nodes entered and the
    /// solutions found. Faster than [`Cells::run_limited`] where solutions
    /// are many: none is written out.
    pub fn count_limited(&mut self, limit: u64) -> (ControlFlow<()>, u64, u64) {
        self.count_within(Budget::nodes(limit))
    }

    /// [`Cells::count_limited`] within a [`Budget`]: a node limit and a
    /// cancel flag.
    pub fn count_within(&mut self, budget: Budget) -> (ControlFlow<()>, u64, u64) {
        let mut walk = Walk::from_root();
        self.count_walk(budget, &mut walk)
            .unwrap_or((ControlFlow::Continue(()), 0, 0))
    }

    /// The count of [`Cells::count_within`] as `walk` sets it out (from a
    /// path, below one, or down to a depth): whether the budget stopped it,
    /// the nodes entered and the solutions found; `None` if the walk's path
    /// does not fit the problem (never for a walk from the root).
    fn count_walk(&mut self, budget: Budget, walk: &mut Walk) -> Option<(ControlFlow<()>, u64, u64)> {
        let mut n = 0;
        let (flow, nodes) = self.drive::<false>(budget, walk, &mut |_| {
            n += 1;
            ControlFlow::Continue(())
        })?;
        Some((flow, nodes, n))
    }

    /// Visits every solution (option indices, in the order chosen) until
    /// `visit` breaks; returns `Break` if it did.
    pub fn run(&mut self, visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.run_limited(u64::MAX, visit).0
    }

    /// [`Cells::run`] that enters at most `limit` search nodes; returns
    /// `Break` if `visit` broke or the limit stopped it, and the nodes
    /// entered (the leaves of solutions included; see the module docs).
    /// The engine is left as it was before, ready for another search.
    pub fn run_limited(
        &mut self,
        limit: u64,
        visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> (ControlFlow<()>, u64) {
        self.run_within(Budget::nodes(limit), visit)
    }

    /// [`Cells::run_limited`] within a [`Budget`]: a node limit and a
    /// cancel flag.
    pub fn run_within(
        &mut self,
        budget: Budget,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> (ControlFlow<()>, u64) {
        let mut walk = Walk::from_root();
        self.drive::<true>(budget, &mut walk, &mut visit)
            .unwrap_or((ControlFlow::Continue(()), 0))
    }

    /// The search from a clean start, as `walk` sets it out, leaving the
    /// engine as it found it: first down the walk's path (`None` if it does
    /// not fit), then on from there. `visit` gets each solution's options
    /// when `LIST` (else an empty slice).
    fn drive<const LIST: bool>(
        &mut self,
        budget: Budget,
        walk: &mut Walk,
        visit: &mut impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Option<(ControlFlow<()>, u64)> {
        let (active, mark) = (self.active, self.top as usize);
        self.whole = false;
        self.next_era();
        if self.quick {
            self.fill_one();
        }
        let mut nodes = 0;
        let flow = if self.bounds.is_empty() {
            let mut levels = Vec::new();
            if self.quick {
                self.replay::<true>(walk, &mut levels)
                    .then(|| self.search::<LIST, true>(budget, &mut nodes, visit, walk, &mut levels))
            } else {
                self.replay::<false>(walk, &mut levels)
                    .then(|| self.search::<LIST, false>(budget, &mut nodes, visit, walk, &mut levels))
            }
        } else {
            let mut turns = Vec::new();
            self.replay_m(walk, &mut turns)
                .then(|| self.search_m::<LIST>(budget, &mut nodes, visit, walk, &mut turns))
        };
        budget.settle(nodes);
        self.restore(mark, active);
        Some((flow?, nodes))
    }

    /// Opens the levels down the walk's path as the search opened them,
    /// each on its recorded option, which must be one of its level's: an
    /// option tried at a level of Algorithm X or C changes nothing for its
    /// siblings, so the level goes straight to it. False if the path does
    /// not fit.
    fn replay<const Q: bool>(&mut self, walk: &mut Walk, levels: &mut Vec<Level>) -> bool {
        for c in std::mem::take(&mut walk.chosen) {
            if self.active == 0 {
                return false;
            }
            let Some(mut level) = self.branch::<Q>() else {
                return false;
            };
            let live = &self.set[level.next as usize..level.end as usize];
            // The level's options are sorted (by `branch`), and stay so
            // while it is open (its item is covered: no deletion reaches
            // them).
            let Ok(k) = live.binary_search(&c) else {
                return false;
            };
            level.next += k as u32 + 1;
            levels.push(level);
            walk.chosen.push(c);
            if !self.commit::<Q>(c) {
                return false;
            }
        }
        true
    }

    /// The search itself, as a loop over an explicit stack of levels (a
    /// path may be as deep as there are primary items), from where `walk`
    /// stands with `levels` open.
    fn search<const LIST: bool, const Q: bool>(
        &mut self,
        budget: Budget,
        nodes: &mut u64,
        visit: &mut impl FnMut(&[usize]) -> ControlFlow<()>,
        walk: &mut Walk,
        levels: &mut Vec<Level>,
    ) -> ControlFlow<()> {
        let Walk {
            chosen,
            back: stood,
            floor,
            cutoff,
            frontier,
        } = walk;
        let mut solution: Vec<usize> = Vec::new();
        // Whether the search is backing up into the deepest level (else it
        // enters a new node below it).
        let mut back = *stood;
        loop {
            if !back {
                if levels.len() == *cutoff {
                    if !frontier.record(chosen) {
                        *stood = false;
                        return ControlFlow::Break(());
                    }
                    back = true;
                } else {
                    if budget.spent(*nodes) {
                        *stood = false;
                        return ControlFlow::Break(());
                    }
                    *nodes += 1;
                    if self.active == 0 {
                        if LIST {
                            solution.clear();
                            solution.extend(chosen.iter().map(|&c| self.option[c as usize] as usize));
                        }
                        back = true;
                        if visit(&solution).is_break() {
                            *stood = true;
                            return ControlFlow::Break(());
                        }
                    } else if let Some(level) = self.branch::<Q>() {
                        levels.push(level);
                    } else {
                        back = true;
                    }
                }
            }
            let depth = levels.len();
            if depth == *floor {
                // Backed up from the walk's first node: all done.
                *stood = true;
                return ControlFlow::Continue(());
            }
            let level = &mut levels[depth - 1];
            if back {
                // Back from the node below this level's choice (or from a
                // choice that failed): undo it, unless forced.
                if chosen.len() == depth {
                    chosen.pop();
                }
                if !level.forced {
                    let (mark, active) = (level.mark as usize, level.active);
                    self.restore(mark, active);
                    if Q {
                        let words = self.n1.div_ceil(64) as usize;
                        self.one[..words].copy_from_slice(&self.ones[self.ones.len() - words..]);
                    }
                    self.whole = level.whole;
                    if level.whole {
                        for k in level.saved..level.mark {
                            let (i, s) = *at(&mut self.trail, k);
                            at(&mut self.head, i).size = s;
                        }
                    } else {
                        self.next_era();
                    }
                }
            }
            if level.next == level.end {
                if Q && !level.forced {
                    self.ones.truncate(self.ones.len() - self.n1.div_ceil(64) as usize);
                }
                levels.pop();
                back = true;
                continue;
            }
            let c = self.set[level.next as usize];
            level.next += 1;
            back = !self.commit::<Q>(c);
            if !back {
                chosen.push(c);
            }
        }
    }

    /// Pops the trail back to `mark` and the active items back to `active`.
    fn restore(&mut self, mark: usize, active: u32) {
        let trail = &self.trail[mark..self.top as usize];
        if !self.tagged {
            for &(i, s) in trail.iter().rev() {
                at(&mut self.head, i).size = s;
            }
        } else {
            for &(i, s) in trail.iter().rev() {
                match i & START {
                    0 => at(&mut self.head, i).size = s,
                    COLOUR => self.taken[((i & !COLOUR) - self.n1) as usize] = 0,
                    BOUND => self.bounds[(i & !BOUND) as usize].0 = s,
                    _ => self.head[(i & !START) as usize].start = s,
                }
            }
        }
        self.top = mark as u32;
        self.active = active;
    }

    /// The node's branching: choose the item, cover it, sort its options
    /// into the problem's order and open a level for them (saving every
    /// open size first when its branches look to delete many cells, see
    /// the module docs); `None` when an
    /// item has no option left (a dead end, met only at the root: deeper,
    /// hiding stops before it).
    fn branch<const Q: bool>(&mut self) -> Option<Level> {
        let (i, s) = self.choose_item::<Q>();
        if s == 0 {
            return None;
        }
        self.deactivate::<Q>(i);
        let from = self.head[i as usize].start as usize;
        if s > 1 {
            self.sort_live(from, s as usize);
        }
        // Its options leave the other items' sets. No item can lose its
        // last option here without being in every option tried: its
        // options would be among these, and fewer unless all of them.
        for k in from..from + s as usize {
            let c = self.set[k];
            self.hide::<UNCHECKED, Q>(c);
        }
        let forced = s == 1;
        let saved = self.top;
        let whole = !forced && self.room && self.many_deletions(self.set[from]);
        if whole {
            // Every size that a branch may change: the active items' and
            // the secondary items'.
            for k in 0..self.active {
                let i = *at(&mut self.order, k);
                self.trail[self.top as usize] = (i, self.head[i as usize].size);
                self.top += 1;
            }
            for i in self.n1..self.head.len() as u32 {
                self.trail[self.top as usize] = (i, self.head[i as usize].size);
                self.top += 1;
            }
        }
        if !forced {
            self.whole = whole;
            self.next_era();
            if Q {
                self.ones.extend_from_slice(&self.one[..self.n1.div_ceil(64) as usize]);
            }
        }
        Some(Level {
            next: from as u32,
            end: (from + s as usize) as u32,
            mark: self.top,
            saved,
            active: self.active,
            forced,
            whole,
        })
    }

    /// The primary item still to cover with the fewest options, the first
    /// in the problem's order on ties, and its size.
    ///
    /// Most nodes have an item with a single option (four in five in the
    /// 36 Cube, the de Bruijn cycles and the Latin squares), and the first
    /// of those is found in `one` without looking at every active item:
    /// its bits, read a word (64 items) at a time in the problem's order,
    /// are checked until one is an active item with one option; the
    /// others are cleared (see [`Cells::one`] for why that is safe). Else,
    /// or when the active items are fewer than the words, or at the root of
    /// a problem with an item in no option (which has a smaller size),
    /// every active item is looked at.
    #[inline(always)]
    fn choose_item<const Q: bool>(&mut self) -> (u32, u32) {
        let words = self.n1.div_ceil(64);
        if Q && words < self.active {
            for w in 0..words {
                let mut bits = *at(&mut self.one, w);
                while bits != 0 {
                    let i = w << 6 | bits.trailing_zeros();
                    let h = *at(&mut self.head, i);
                    if h.size == 1 && h.pos < self.active {
                        return (i, 1);
                    }
                    bits &= bits - 1;
                    *at(&mut self.one, w) &= !(1 << (i & 63));
                }
            }
        }
        let mut best = u64::MAX;
        for &i in &self.order[..self.active as usize] {
            best = best.min(u64::from(at(&mut self.head, i).size) << 32 | u64::from(i));
        }
        ((best & 0xffff_ffff) as u32, (best >> 32) as u32)
    }

    /// Sets every bit of `one` that it can hold (see [`Cells::one`]):
    /// each active primary item with a single option, and no other.
    fn fill_one(&mut self) {
        self.one.fill(0);
        self.ones.clear();
        for k in 0..self.active {
            let i = self.order[k as usize];
            if self.head[i as usize].size == 1 {
                self.one[(i >> 6) as usize] |= 1 << (i & 63);
            }
        }
    }

    /// Sorts the `s` live cells of a set that begin at `from` into the
    /// problem's order (deletions swap cells around), so that its options
    /// are tried as dancing links tries them.
    fn sort_live(&mut self, from: usize, s: usize) {
        let live = &mut self.set[from..from + s];
        if !live.is_sorted() {
            live.sort_unstable();
            for (k, &c) in live.iter().enumerate() {
                self.cells[c as usize].loc = (from + k) as u32;
            }
        }
    }

    /// Whether a branch on the option of cell `c` looks likely to delete
    /// more cells than four times the items still open: then saving every
    /// open size once for the level (Knuth's SSXC1) costs less than saving
    /// each as it first changes. Estimated from the option's items: each
    /// of their live options will be hidden, each deleting about as many
    /// cells as this option has.
    fn many_deletions(&mut self, c: u32) -> bool {
        let (mut options, mut length) = (0u64, 1u64);
        let mut q = self.after(c);
        while q != c {
            options += u64::from(self.head[self.cells[q as usize].item as usize].size);
            length += 1;
            q = self.after(q);
        }
        let open = u64::from(self.active) + (self.head.len() as u64 - u64::from(self.n1));
        options * (length - 1) > 4 * open
    }

    /// Takes primary item `i` out of the active set (and, keeping `one`,
    /// clears its bit: [`Cells::choose_item`] would only clear it later,
    /// after a test whose outcome the processor could not foresee).
    #[inline]
    fn deactivate<const Q: bool>(&mut self, i: u32) {
        if Q {
            *at(&mut self.one, i >> 6) &= !(1 << (i & 63));
        }
        let last = self.active - 1;
        let p = at(&mut self.head, i).pos;
        let other = *at(&mut self.order, last);
        *at(&mut self.order, last) = i;
        *at(&mut self.order, p) = other;
        at(&mut self.head, other).pos = p;
        at(&mut self.head, i).pos = last;
        self.active = last;
    }

    /// Chooses the option of cell `c` (whose item is already covered):
    /// its other primary items leave the active set, then each of its
    /// items is covered or purified. False as soon as a primary item
    /// still to be covered has no option left.
    fn commit<const Q: bool>(&mut self, c: u32) -> bool {
        let mut q = self.after(c);
        while q != c {
            let i = at(&mut self.cells, q).item;
            if i < self.n1 {
                self.deactivate::<Q>(i);
            }
            q = self.after(q);
        }
        let mut q = self.after(c);
        while q != c {
            if !self.settle::<LAST, Q>(q) {
                return false;
            }
            q = self.after(q);
        }
        true
    }

    /// What choosing the option of cell `q` does to `q`'s item, once it is
    /// out of the active set if primary: cover it, or purify it to `q`'s
    /// colour (nothing if it has that colour already). False as soon as a
    /// deletion fails its `CHECK`.
    #[inline]
    fn settle<const CHECK: u8, const Q: bool>(&mut self, q: u32) -> bool {
        let i = at(&mut self.cells, q).item;
        let colour = if self.colour.is_empty() {
            0
        } else {
            self.colour[q as usize]
        };
        if colour == 0 {
            self.cover::<CHECK, Q>(i)
        } else {
            self.taken[(i - self.n1) as usize] == colour || self.purify::<CHECK, Q>(i, colour)
        }
    }

    /// Hides every option of item `i`'s set.
    fn cover<const CHECK: u8, const Q: bool>(&mut self, i: u32) -> bool {
        let Head { start, size, .. } = *at(&mut self.head, i);
        for k in start..start + size {
            let c = *at(&mut self.set, k);
            if !self.hide::<CHECK, Q>(c) {
                return false;
            }
        }
        true
    }

    /// Gives secondary item `i` colour `colour`: the options of its set
    /// that do not agree are hidden.
    ///
    /// The options to hide are first listed, each cell written and the
    /// list's end moved on only for another colour, with no jump: whether
    /// the next option agrees is a guess the processor gets wrong a third
    /// of the time or more (the de Bruijn cycles: two colours in three
    /// disagree), paid once a cell; listed first, only the end of the
    /// list is left to guess. Hiding does not change `i`'s set (each
    /// option holds `i` once, and the cell through which it is reached
    /// stays), so the list stays true.
    fn purify<const CHECK: u8, const Q: bool>(&mut self, i: u32, colour: u32) -> bool {
        self.taken[(i - self.n1) as usize] = colour;
        self.trail[self.top as usize] = (COLOUR | i, 0);
        self.top += 1;
        let Head { start, size, .. } = self.head[i as usize];
        let mut other = std::mem::take(&mut self.other);
        let live = &self.set[start as usize..(start + size) as usize];
        let list = &mut other[..live.len()];
        let mut n = 0;
        for &c in live {
            list[n] = c;
            n += usize::from(self.colour[c as usize] != colour);
        }
        let alive = list[..n].iter().all(|&c| self.hide_around::<CHECK, Q>(c));
        self.other = other;
        alive
    }

    /// Hides the option of cell `c`: its other cells leave their items'
    /// sets. False when a deletion fails its `CHECK` (see
    /// [`Cells::delete`]; the hiding is then left half done: the caller
    /// undoes it); with [`UNCHECKED`], the option is always hidden whole.
    ///
    /// The walk goes on to the spacer and jumps back to the option's first
    /// cell: a test for the spacer and one for `c` at each cell, which the
    /// processor foresees when the options of a set are reached through
    /// cells at one place in them, as when an item is covered in most
    /// problems (the walk of [`Cells::hide_around`], in their place, made
    /// domino tilings 6% slower).
    #[inline]
    fn hide<const CHECK: u8, const Q: bool>(&mut self, c: u32) -> bool {
        let mut q = c + 1;
        loop {
            let Cell { item, loc } = *at(&mut self.cells, q);
            if item == SPACER {
                q = loc;
                continue;
            }
            if q == c {
                return true;
            }
            if !self.delete::<CHECK, Q>(q) {
                return false;
            }
            q += 1;
        }
    }

    /// [`Cells::hide`] for the options of a purification, reached through
    /// cells at different places in them (in the de Bruijn cycles, a digit
    /// is the third, fourth or fifth item of its options), where the two
    /// tests of [`Cells::hide`] come out at a different cell for each
    /// option, and the processor guesses them wrong about once an option
    /// (cachegrind: half the mispredictions of the de Bruijn cycles). The
    /// walk steps with [`Cells::after`] instead, whose wrap at the spacer
    /// is a selection, not a jump: the loop ends after as many steps as the
    /// option has other cells, foreseen when the options have one length
    /// (the de Bruijn cycles: 3% faster).
    #[inline]
    fn hide_around<const CHECK: u8, const Q: bool>(&mut self, c: u32) -> bool {
        let mut q = self.after(c);
        while q != c {
            if !self.delete::<CHECK, Q>(q) {
                return false;
            }
            q = self.after(q);
        }
        true
    }

    /// The cell after `q` in its option, wrapping around at the spacer.
    #[inline(always)]
    fn after(&mut self, q: u32) -> u32 {
        let next = *at(&mut self.cells, q + 1);
        if next.item == SPACER {
            next.loc
        } else {
            q + 1
        }
    }

    /// Deletes cell `q` from its item's set, saving the size first if this
    /// branch has not. False, as `CHECK` asks, if an active item can no
    /// longer be covered: with [`LAST`], it lost its last option; with
    /// [`NEED`], it has fewer options left than times it must still be
    /// covered (see the `multiplicity` module).
    #[inline(always)]
    fn delete<const CHECK: u8, const Q: bool>(&mut self, q: u32) -> bool {
        let Cell { item, loc } = *at(&mut self.cells, q);
        if !self.whole {
            self.save(item);
        }
        let h = at(&mut self.head, item);
        let s = h.size;
        debug_assert!(s > 0, "cell {q} deleted twice");
        h.size = s - 1;
        let last = h.start + s - 1;
        if Q {
            *at(&mut self.one, item >> 6) |= u64::from(s == 2) << (item & 63);
        }
        let alive = match CHECK {
            UNCHECKED => true,
            LAST => s > 1 || h.pos >= self.active,
            _ => h.pos >= self.active || s > self.need(item),
        };
        let other = *at(&mut self.set, last);
        *at(&mut self.set, last) = q;
        *at(&mut self.set, loc) = other;
        at(&mut self.cells, q).loc = last;
        at(&mut self.cells, other).loc = loc;
        alive
    }

    /// Saves item `item`'s size on the trail unless this branch has.
    /// Without a branch (whether an item is met for the first time in a
    /// branch is hard to predict): the entry is always written, and kept
    /// only if new.
    #[inline(always)]
    fn save(&mut self, item: u32) {
        let h = at(&mut self.head, item);
        let fresh = h.stamp != self.era;
        h.stamp = self.era;
        *at(&mut self.trail, self.top) = (item, h.size);
        self.top += u32::from(fresh);
    }

    /// Opens a new branch: every item saves its size again before its
    /// first change. After 2^32 − 1 branches the stamps start again from
    /// 0 (an item then saved twice in a branch is restored right all the
    /// same, the trail being popped in reverse).
    fn next_era(&mut self) {
        if self.era == u32::MAX {
            for h in &mut self.head {
                h.stamp = 0;
            }
            self.era = 0;
        }
        self.era += 1;
    }
}

/// An element of one of the engine's arrays without a bounds check, for
/// the deletion, where nearly all the time goes (measured: a quarter of
/// its instructions were the checks).
///
/// Safety: every index used is set by [`Cells::new`] or copied from
/// another: a cell's item is an item, its `loc` a place in `set`, its
/// spacer's `loc` the first cell of its option, the cell after any
/// non-spacer cell a cell (an option ends with a spacer), every entry
/// of `set` a cell, every entry of `order` a primary item and its `pos` a
/// place in `order`, `one` a bit per item (words of 64), `bounds` read
/// only for primary items (below `n1`,
/// or active), and `start + size - 1` the last live place of an
/// item's block when the deleted cell is live there (size at least 1: a
/// live option's cells are all live); the trail has room for every entry
/// a path can make (see `Cells::trail`). The debug assertions check it in
/// the tests.
#[inline(always)]
#[allow(unsafe_code)] // measured in the benches, as dancing links' one unchecked access
fn at<T>(v: &mut [T], i: u32) -> &mut T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: see above: `i` is an index of `v` by construction.
    unsafe { v.get_unchecked_mut(i as usize) }
}
