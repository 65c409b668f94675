//! Algorithm M on dancing cells: primary items covered between `lo` and
//! `hi` times (TAOCP 7.2.2.1, Algorithm M), on the sparse sets of the
//! parent module, walking the tree [`crate::Dlx`] walks.
//!
//! # Bounds
//!
//! Each primary item keeps, as in Knuth's algorithm, a *bound*: how many
//! more times it may be covered (`hi` at the start), and a *slack*: how
//! many of those are optional (`hi - lo`, fixed). It still *needs*
//! `bound - slack` more options (none once that is negative): its lower
//! bound is met when `bound <= slack`, its upper bound used up at
//! `bound = 0`, when it is covered as in Algorithm X (every option left in
//! its set hidden) and leaves the active set. Every bound changed is saved
//! on the trail first (a `BOUND` entry), so undoing a branch restores it
//! with the sizes.
//!
//! # A level
//!
//! A node chooses the active item `i` with the fewest ways to go on,
//! Knuth's θ = size + 1 − need (the live options, plus "no more", less
//! the ones it must still take), ties to the smaller slack, then the
//! larger bound, then the first item: the choice of dancing links. θ = 0
//! means `i` cannot be covered enough: a dead end. Then `i` is used once
//! more: its bound goes down by one, and if that was its last use it is
//! covered. If its bound and slack are now both 0, the level is one of
//! Algorithm X: each option of `i` in the problem's order. Else `i` may
//! be covered again deeper, or stop here, and the level tries:
//!
//! 1. each live option of `i`, in the problem's order, the first one
//!    first; an option tried is then *set aside* for the rest of the
//!    level (Knuth's *tweak*): hidden from its other items and taken out
//!    of `i`'s set, so that neither the next options of this level nor
//!    the deeper levels that choose `i` again meet it, and no set of
//!    options is found twice (once as {A, B}, once as {B, A});
//! 2. "no more of `i`" once every option is set aside, if its lower bound
//!    was already met before this level (`bound < slack`): `i` leaves the
//!    active set uncovered, with no option left to take.
//!
//! The level ends early when `i` has no more options than it still needs
//! (none of the tries can then cover it enough).
//!
//! # Setting aside, on a sparse set
//!
//! Dancing links takes an option out of a list wherever it is. A sparse
//! set deletes by swapping with its last member, which would shuffle the
//! options the level has still to try. Instead the level sorts `i`'s live
//! options and sets aside the *first*: the set's block then begins one
//! place later (its `start` moves on, saved on the trail as a `START`
//! entry, the size with it). The options set aside stay in front of the
//! block, where no deletion reaches them (deletions swap within the live
//! part); the ones still to try are the live part, and a deeper search
//! may have shuffled them: they are sorted again, if need be, before the
//! next try.
//!
//! # Trying an option
//!
//! An option tried has had its other cells deleted already (set aside, or
//! hidden when `i` was covered). Choosing it takes one use of each of its
//! primary items first (bound − 1; an item used up leaves the active
//! set), and only then covers those used up and covers or purifies its
//! secondary items: a deletion checks each active item against its need
//! *after* this option's uses (checked before them, an item of the option
//! would look one option short). A deletion that leaves an active item
//! with fewer options than it needs stops the try: a dead end, never
//! entered, and undone at once. So are the options' items checked that
//! were already short when the option was set aside.
//!
//! Setting aside stays for the level's next tries; only the try is
//! undone. Knuth's algorithm then tries the next option even when the
//! option set aside was one that an item of it needed; here the level
//! ends, since that item can never again have enough options below it
//! (every option it takes later leaves its set and lowers its need
//! together, and every other deletion only lowers its options).
//!
//! # Order and work
//!
//! Each level tries what Knuth's level tries, in the same order, so the
//! solutions come in dancing links' order, each with its options in the
//! same order, and every node entered is one of dancing links' nodes:
//! fewer by the dead ends never entered. Nothing is walked backwards:
//! undoing a try pops the trail to its mark (the level's own changes, its
//! use of `i` and its options set aside, belong to the try above it and
//! are undone with it). Forced moves are not singled out (every try takes
//! a mark), and the level never saves every open size at once: those two
//! economies of Algorithm X here are left for later.
//!
//! Memory: the trail holds, besides the sizes and colours of Algorithms X
//! and C, a `BOUND` entry per level and per primary item of an option
//! chosen, and a `START` entry per option set aside: at most two more
//! entries a cell and one an option or item ([`trail_more`]), 16 to 24
//! bytes a cell; and two numbers per primary item.

use super::walk::Walk;
use super::{at, Cells, Head, BOUND, NEED, START, UNCHECKED};
use crate::budget::Budget;
use std::ops::ControlFlow;

/// The trail entries a search with multiplicities may add to those of
/// Algorithms X and C: a `BOUND` entry per level (a level chooses an
/// option, or stops an item, which then never comes back on the path) and
/// per primary entry of the options chosen, and a `START` entry per cell
/// set aside.
pub(super) fn trail_more(entries: usize, options: usize, primary: usize) -> usize {
    2 * entries + options + primary
}

/// The try that covers a level's item no more (a cell never has it).
pub(super) const NO_MORE: u32 = u32::MAX;

/// A level of the search: the item branched on and what it tries next.
#[derive(Clone, Copy, Debug)]
pub(super) struct Turn {
    /// The item chosen.
    item: u32,
    /// Whether the item may be covered again or not at all (steps 1 and
    /// 2 of the module docs), else a level of Algorithm X.
    more: bool,
    /// For a level of Algorithm X: the place of its next option in the
    /// item's block, and the end of its options.
    next: u32,
    end: u32,
    /// The trail's length and the active items before the current try.
    mark: u32,
    active: u32,
    /// Whether "no more" has been tried (the level's last try).
    stopped: bool,
}

/// What a level does next.
enum Next {
    /// It has no more tries.
    Over,
    /// It tried the option of this cell (or [`NO_MORE`]): entered if true,
    /// a dead end if false.
    Tried(u32, bool),
}

impl Cells {
    /// How many more options primary item `i` must take.
    #[inline(always)]
    pub(super) fn need(&mut self, i: u32) -> u32 {
        let (bound, slack) = *at(&mut self.bounds, i);
        bound.saturating_sub(slack)
    }

    /// Opens the levels down the walk's path as [`Cells::search_m`] opened
    /// them: at each, the tries before the recorded one are made and undone
    /// again, since each sets its option aside for the rest of the level.
    /// False if the path does not fit.
    pub(super) fn replay_m(&mut self, walk: &mut Walk, turns: &mut Vec<Turn>) -> bool {
        for c in std::mem::take(&mut walk.chosen) {
            if self.active == 0 {
                return false;
            }
            let Some(mut turn) = self.open() else {
                return false;
            };
            loop {
                match self.next_try(&mut turn) {
                    Next::Over => return false,
                    Next::Tried(tried, entered) if tried == c => {
                        if !entered {
                            return false;
                        }
                        break;
                    }
                    Next::Tried(tried, _) => {
                        if self.undo_try(&turn, tried) {
                            return false;
                        }
                    }
                }
            }
            turns.push(turn);
            walk.chosen.push(c);
        }
        true
    }

    /// The search with multiplicities, as [`Cells::search`] is without:
    /// a loop over an explicit stack of levels, from where `walk` stands
    /// with `levels` open.
    pub(super) fn search_m<const LIST: bool>(
        &mut self,
        budget: Budget,
        nodes: &mut u64,
        visit: &mut impl FnMut(&[usize]) -> ControlFlow<()>,
        walk: &mut Walk,
        levels: &mut Vec<Turn>,
    ) -> ControlFlow<()> {
        let Walk {
            chosen,
            back: stood,
            floor,
            cutoff,
            frontier,
        } = walk;
        let mut solution: Vec<usize> = Vec::new();
        // Whether the search is backing up into the deepest level.
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
                            let options = chosen.iter().filter(|&&c| c != NO_MORE);
                            solution.extend(options.map(|&c| self.option[c as usize] as usize));
                        }
                        back = true;
                        if visit(&solution).is_break() {
                            *stood = true;
                            return ControlFlow::Break(());
                        }
                    } else if let Some(turn) = self.open() {
                        levels.push(turn);
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
            let turn = &mut levels[depth - 1];
            let mut over = false;
            if back && chosen.len() == depth {
                // Undo this level's try, keeping what it set aside.
                let c = chosen.pop().unwrap_or(NO_MORE);
                over = self.undo_try(turn, c);
            }
            match if over { Next::Over } else { self.next_try(turn) } {
                Next::Over => {
                    // Its own changes go with the try above.
                    levels.pop();
                    back = true;
                }
                Next::Tried(c, entered) => {
                    chosen.push(c);
                    back = !entered;
                }
            }
        }
    }

    /// Undoes the level's try of `c`, keeping what it set aside; true if
    /// the level is then over (see the module docs: an item of the option
    /// set aside can no longer have the options it needs).
    fn undo_try(&mut self, turn: &Turn, c: u32) -> bool {
        self.restore(turn.mark as usize, turn.active);
        self.next_era();
        turn.more && c != NO_MORE && !self.enough_after(c)
    }

    /// A node's branching: choose the item (None at a dead end), use it
    /// once more, cover it if that was its last use.
    fn open(&mut self) -> Option<Turn> {
        // The key (θ, slack, −bound, item) packed into one number, whose
        // least is the choice (measured: a third of the search's time
        // went to this loop with a tuple for key).
        let mut best = u128::MAX;
        for k in 0..self.active {
            let i = *at(&mut self.order, k);
            let (bound, slack) = *at(&mut self.bounds, i);
            let size = at(&mut self.head, i).size;
            let theta = (size + 1).saturating_sub(bound.saturating_sub(slack));
            let key = u128::from(theta) << 96 | u128::from(slack) << 64 | u128::from(!bound) << 32 | u128::from(i);
            best = best.min(key);
        }
        let (theta, slack, i) = ((best >> 96) as u32, (best >> 64) as u32, best as u32);
        if theta == 0 {
            return None;
        }
        let bound = self.bounds[i as usize].0 - 1;
        self.set_bound(i, bound);
        let Head { start, size, .. } = self.head[i as usize];
        if bound == 0 {
            self.deactivate::<false>(i);
            for k in start..start + size {
                let c = self.set[k as usize];
                self.hide::<UNCHECKED, false>(c);
            }
        }
        let more = bound != 0 || slack != 0;
        if !more {
            self.sort_live(start as usize, size as usize);
        }
        Some(Turn {
            item: i,
            more,
            next: start,
            end: start + size,
            mark: 0,
            active: 0,
            stopped: false,
        })
    }

    /// The level's next try (see the module docs), made.
    fn next_try(&mut self, turn: &mut Turn) -> Next {
        let i = turn.item;
        if !turn.more {
            if turn.next == turn.end {
                return Next::Over;
            }
            let c = self.set[turn.next as usize];
            turn.next += 1;
            self.open_try(turn);
            return Next::Tried(c, self.choose(c));
        }
        let Head { start, size, .. } = self.head[i as usize];
        let (bound, slack) = (self.bounds[i as usize].0, self.bounds[i as usize].1);
        if turn.stopped || bound >= slack && size <= bound - slack {
            return Next::Over;
        }
        if size == 0 {
            // No more of i (its lower bound met: bound < slack here).
            turn.stopped = true;
            self.open_try(turn);
            if bound != 0 {
                self.deactivate::<false>(i);
            }
            return Next::Tried(NO_MORE, true);
        }
        self.sort_live(start as usize, size as usize);
        let c = self.set[start as usize];
        // Set aside for the rest of the level: hidden (already, if i is
        // covered), and out of i's set.
        if bound != 0 {
            self.hide::<UNCHECKED, false>(c);
        }
        self.save(i);
        self.push(START | i, start);
        let h = &mut self.head[i as usize];
        h.start += 1;
        h.size -= 1;
        self.open_try(turn);
        Next::Tried(c, self.choose(c))
    }

    /// Marks where a try begins, in a new branch for the stamps.
    fn open_try(&mut self, turn: &mut Turn) {
        turn.mark = self.top;
        turn.active = self.active;
        self.next_era();
    }

    /// Chooses the option of cell `c`, whose other cells are deleted
    /// already: each of its primary items used once more, then those used
    /// up covered, the secondary ones covered or purified. False at a dead
    /// end: an active item left with fewer options than it needs.
    fn choose(&mut self, c: u32) -> bool {
        let mut q = self.after(c);
        while q != c {
            let j = at(&mut self.cells, q).item;
            if j < self.n1 {
                let bound = self.bounds[j as usize].0;
                debug_assert!(bound > 0, "a live option of a covered item");
                self.set_bound(j, bound - 1);
                if bound == 1 {
                    self.deactivate::<false>(j);
                }
            }
            q = self.after(q);
        }
        let mut q = self.after(c);
        while q != c {
            let j = at(&mut self.cells, q).item;
            let alive = if j >= self.n1 {
                self.settle::<NEED, false>(q)
            } else if self.bounds[j as usize].0 == 0 {
                self.cover::<NEED, false>(j)
            } else {
                self.head[j as usize].size >= self.need(j)
            };
            if !alive {
                return false;
            }
            q = self.after(q);
        }
        true
    }

    /// Whether the primary items of cell `c`'s option (other than `c`'s
    /// own, the level's) still have the options they need, the option set
    /// aside and its try undone.
    fn enough_after(&mut self, c: u32) -> bool {
        let mut q = self.after(c);
        while q != c {
            let j = at(&mut self.cells, q).item;
            if j < self.n1 && self.head[j as usize].pos < self.active && self.head[j as usize].size < self.need(j) {
                return false;
            }
            q = self.after(q);
        }
        true
    }

    /// Sets primary item `i`'s bound, saving the old one.
    fn set_bound(&mut self, i: u32, bound: u32) {
        self.push(BOUND | i, self.bounds[i as usize].0);
        self.bounds[i as usize].0 = bound;
    }

    /// Pushes a tagged entry on the trail.
    fn push(&mut self, tagged: u32, value: u32) {
        self.trail[self.top as usize] = (tagged, value);
        self.top += 1;
    }
}
