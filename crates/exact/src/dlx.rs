//! The dancing-links engine: Knuth's Algorithm M (TAOCP 7.2.2.1), which is
//! Algorithm C when every bound is 1:1, which is Algorithm X when no option
//! has a colour.
//!
//! # The data
//!
//! As in Knuth's DLX programs, one array of nodes holds everything. Nodes
//! `1..=N` are the item headers; then come the options, each followed by a
//! *spacer* node. For an option node, `top` is its item; for a spacer, `top`
//! is `-k` where `k` is the number of options before it, and `up`/`down`
//! point at the first node of the previous option and the last node of the
//! next one, so that a walk along an option can wrap around. For a header,
//! `up`/`down` close the circular list of the nodes of that item.
//!
//! The active primary items form a doubly linked list through `llink`/`rlink`
//! with head 0; the secondary items a second list with head `N + 1` (only so
//! that covering one is the same code as covering a primary item).
//!
//! Per item, `len` counts the nodes in its list, `bound` how many more times
//! it may be covered and `slack` how many of those are optional
//! (`bound = hi`, `slack = hi - lo` at the start): the item is satisfied when
//! `bound <= slack`.
//!
//! # The moves
//!
//! *hide(p)* removes the other nodes of option `p` from their item lists, so
//! no later choice can pick that option; *cover(i)* hides every option of
//! item `i` and takes `i` out of the active list. Their inverses restore the
//! links in exactly the reverse order (the dance). Colours (Algorithm C):
//! choosing an option that gives secondary item `j` colour `c` *purifies*
//! `j`: options giving `j` another colour are hidden, options giving it `c`
//! are marked (colour −1) so they are not hidden again. Multiplicities
//! (Algorithm M): choosing an option for item `i` that may be covered again
//! *tweaks* `i`: the option leaves `i`'s list (so the next choice for `i`
//! comes later in the list and no set of options is found twice) but `i`
//! stays active.
//!
//! # The search
//!
//! [`Dlx::run`] is Knuth's steps M2–M9 written as a state machine, so that a
//! search can stop at any solution or node limit and continue later
//! ([`Dlx::run`] again), be replayed from a checkpoint ([`Dlx::resume`]) and be split into
//! independent subtrees for threads ([`Dlx::prefixes`]).
//!
//! Statistics follow Knuth's programs: `nodes` counts the search-tree nodes
//! (entries to a level), `updates` counts every link removal (a node out of
//! an item list, an item out of the active list), the machine-independent
//! measure of work his papers quote. Two differences of bookkeeping from
//! DLX1/DLX2, which search the same tree: `nodes` includes the leaves where
//! a solution is found (Knuth's programs do not enter them), and a dead end
//! (an item with no options left) is left without covering that item, one
//! update fewer than DLX1/DLX2 make there (docs/bench/place.md).

use crate::budget::{Budget, POLL_NODES};
use crate::problem::{Kind, Problem};
use std::ops::ControlFlow;

/// One node of the dancing-links array.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    /// The item (option node), `-k` (spacer), or, in the header of an
    /// item, the number of nodes in its list (Knuth's LEN shares the slot,
    /// so a hide touches one array).
    top: i32,
    /// 0 = no colour, c > 0 a colour, −1 = already purified.
    colour: i32,
}

/// Where the state machine is (Knuth's step labels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// M2: enter level `l`.
    Enter,
    /// M5: try (or tweak) `x[l]` for item `i`.
    Try,
    /// M7: undo `x[l]` and move to the next option.
    TryAgain,
    /// M8: restore item `i`.
    Restore,
    /// M9: leave level `l`.
    Leave,
    /// The search is complete.
    Done,
}

/// Search statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    /// Search-tree nodes (levels entered).
    pub nodes: u64,
    /// Link removals (Knuth's `updates`).
    pub updates: u64,
    /// Solutions visited.
    pub solutions: u64,
}

/// A stopped search: the path to where it stood, whether it was about to
/// enter the node at the end of the path (a node limit) or had finished it
/// (a solution), and the statistics so far. Serializable, for checkpoint
/// files.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Checkpoint {
    /// The choice at each level from the root, in the numbers of the
    /// engine that made the checkpoint (dancing links' nodes, dancing
    /// cells' cells, the bit sets' options): valid for that engine and
    /// problem only.
    pub path: Vec<u32>,
    /// Whether the search was about to enter the node at the end of the path.
    pub at_enter: bool,
    /// The statistics so far.
    pub stats: Stats,
}

/// A dancing-links engine loaded with one problem, and the state of its
/// search.
#[derive(Clone, Debug)]
pub struct Dlx {
    nodes: Vec<Node>,
    llink: Vec<u32>,
    rlink: Vec<u32>,
    bound: Vec<u32>,
    slack: Vec<u32>,
    /// Number of items N.
    n: u32,
    /// Number of primary items N1.
    n1: u32,
    /// The chosen option node (or item, for "cover nothing more") per level.
    x: Vec<u32>,
    /// Per level, the first tweaked node (Knuth's FT array).
    ft: Vec<u32>,
    l: usize,
    i: u32,
    step: Step,
    /// Whether some item has bounds other than 1:1.
    multiplicities: bool,
    /// Whether some option gives an item a colour (Algorithm C's purify).
    colours: bool,
    /// The first node of each option.
    first: Vec<u32>,
    /// Levels below this are never left (a replayed prefix).
    floor: usize,
    /// Stop descending at this level (used to split the tree).
    cutoff: Option<usize>,
    /// Pause before entering a node once `stats.nodes` reaches this.
    node_limit: u64,
    stats: Stats,
}

impl Dlx {
    /// Loads a problem. Item numbers in the engine are the problem's item
    /// indices plus one (node 0 is the list head).
    pub fn new(p: &Problem) -> Dlx {
        let n = p.items().len() as u32;
        let n1 = p.primary_count() as u32;
        let total = n as usize + 2 + p.options().iter().map(|o| o.len() + 1).sum::<usize>();
        let mut nodes = vec![Node::default(); n as usize + 1];
        let mut bound = vec![1u32; n as usize + 2];
        let mut slack = vec![0u32; n as usize + 2];
        nodes.reserve(total);
        for i in 1..=n as usize {
            nodes[i].up = i as u32;
            nodes[i].down = i as u32;
            if let Kind::Primary { lo, hi } = p.items()[i - 1].kind {
                bound[i] = hi;
                slack[i] = hi - lo;
            }
        }
        // The first spacer.
        nodes.push(Node {
            up: 0,
            down: 0,
            top: 0,
            colour: 0,
        });
        let mut last_spacer = nodes.len() - 1;
        let mut firsts = Vec::with_capacity(p.options().len());
        for (k, opt) in p.options().iter().enumerate() {
            let first = nodes.len() as u32;
            firsts.push(first);
            for &(item, colour) in opt {
                let i = item + 1;
                let q = nodes.len() as u32;
                let last = nodes[i].up;
                nodes.push(Node {
                    up: last,
                    down: i as u32,
                    top: i as i32,
                    colour: colour as i32,
                });
                nodes[last as usize].down = q;
                nodes[i].up = q;
                nodes[i].top += 1;
            }
            let last = nodes.len() as u32 - 1;
            nodes[last_spacer].down = last;
            nodes.push(Node {
                up: first,
                down: 0,
                top: -(k as i32 + 1),
                colour: 0,
            });
            last_spacer = nodes.len() - 1;
        }
        // A path uses each option at most once and takes each primary item
        // off the list at most once, so it is no deeper than options plus
        // items, whatever the bounds say (a bound of 4294967295 in a 19-byte
        // file must not ask for 17 GB).
        let by_bounds = bound[1..=n1 as usize]
            .iter()
            .fold(0usize, |t, &b| t.saturating_add(b as usize + 1));
        let depth = 1 + by_bounds.min(p.options().len() + n1 as usize + 1);
        let mut llink = vec![0u32; n as usize + 2];
        let mut rlink = vec![0u32; n as usize + 2];
        // Primary list 0 <-> 1 <-> ... <-> N1 <-> 0.
        for i in 0..=n1 {
            rlink[i as usize] = if i == n1 { 0 } else { i + 1 };
            llink[((i + 1) % (n1 + 1)) as usize] = i;
        }
        // Secondary list N+1 <-> N1+1 <-> ... <-> N <-> N+1.
        let head = n + 1;
        let mut prev = head;
        for i in n1 + 1..=n {
            rlink[prev as usize] = i;
            llink[i as usize] = prev;
            prev = i;
        }
        rlink[prev as usize] = head;
        llink[head as usize] = prev;
        Dlx {
            nodes,
            llink,
            rlink,
            bound,
            slack,
            n,
            n1,
            // Each level uses up one unit of some primary item's upper bound,
            // or takes an item off the list: no deeper than their sum.
            x: vec![0; depth],
            ft: vec![0; depth],
            l: 0,
            i: 0,
            step: Step::Enter,
            multiplicities: p.has_multiplicities(),
            colours: p.options().iter().flatten().any(|&(_, c)| c != 0),
            first: firsts,
            floor: 0,
            cutoff: None,
            node_limit: u64::MAX,
            stats: Stats::default(),
        }
    }

    /// Makes [`Dlx::run`] pause (return `Break`) before it enters more than
    /// `limit` search nodes in total; raise the limit and call `run` again to
    /// continue. This bounds the work of a search that may not end soon,
    /// and lets a long one stop at any point for a checkpoint ([`Dlx::path`]).
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }

    /// Removes option `k` (a problem option index) from the problem before
    /// the search starts: its nodes leave their item lists for good. Cheaper
    /// than building a new problem when many searches differ only in a few
    /// options: build once, then clone and exclude. Returns false (and does
    /// nothing) once the search has started.
    pub fn exclude(&mut self, k: usize) -> bool {
        if self.stats.nodes > 0 || self.step != Step::Enter {
            return false;
        }
        let mut q = self.first[k];
        while self.nodes[q as usize].top > 0 {
            let nd = self.nodes[q as usize];
            self.nodes[nd.up as usize].down = nd.down;
            self.nodes[nd.down as usize].up = nd.up;
            self.nodes[nd.top as usize].top -= 1;
            q += 1;
        }
        true
    }

    /// LEN(i): the number of options in item i's list.
    #[inline]
    fn len(&self, i: u32) -> u32 {
        self.nodes[i as usize].top as u32
    }

    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the search has finished.
    pub fn is_done(&self) -> bool {
        self.step == Step::Done
    }

    /// The option (problem index) that node `p` belongs to: walk right to
    /// the spacer, whose `top` is minus the number of options up to it.
    fn option_of(&self, mut p: u32) -> usize {
        while self.nodes[p as usize].top > 0 {
            p += 1;
        }
        (-self.nodes[p as usize].top) as usize - 1
    }

    /// The node array without bounds checks, for the two hottest loops.
    ///
    /// Safety: every link (`up`, `down`, an option node's `top`, and
    /// `p ± 1` inside an option, which stops at a spacer) is set only by
    /// [`Dlx::new`] or copied from another link, so it is always the index
    /// of a node of this array. The debug assertion checks it in tests.
    #[inline(always)]
    #[allow(unsafe_code)] // the one unchecked access of the workspace, measured in the benches
    fn at(nodes: &mut [Node], i: u32) -> &mut Node {
        debug_assert!((i as usize) < nodes.len());
        // SAFETY: see above: `i` is a node index by construction.
        unsafe { nodes.get_unchecked_mut(i as usize) }
    }

    /// hide(p): take the other nodes of p's option out of their lists.
    #[inline]
    fn hide(&mut self, p: u32) {
        if self.colours {
            self.hide_in::<true>(p)
        } else {
            self.hide_in::<false>(p)
        }
    }

    /// unhide(p): the exact reverse of hide(p), right to left.
    #[inline]
    fn unhide(&mut self, p: u32) {
        if self.colours {
            self.unhide_in::<true>(p)
        } else {
            self.unhide_in::<false>(p)
        }
    }

    /// hide(p) for a problem with (`COLOURS`) or without colours: with
    /// colours, purified nodes (colour −1) stay, their item being already
    /// settled; without, no node is ever purified and the test is compiled
    /// out of the hottest loop.
    #[inline(always)]
    fn hide_in<const COLOURS: bool>(&mut self, p: u32) {
        let nodes = &mut self.nodes[..];
        let mut q = p + 1;
        let mut updates = 0;
        while q != p {
            let nd = *Self::at(nodes, q);
            if nd.top <= 0 {
                q = nd.up;
            } else {
                if !COLOURS || nd.colour >= 0 {
                    Self::at(nodes, nd.up).down = nd.down;
                    Self::at(nodes, nd.down).up = nd.up;
                    Self::at(nodes, nd.top as u32).top -= 1;
                    updates += 1;
                }
                q += 1;
            }
        }
        self.stats.updates += updates;
    }

    #[inline(always)]
    fn unhide_in<const COLOURS: bool>(&mut self, p: u32) {
        let nodes = &mut self.nodes[..];
        let mut q = p - 1;
        while q != p {
            let nd = *Self::at(nodes, q);
            if nd.top <= 0 {
                q = nd.down;
            } else {
                if !COLOURS || nd.colour >= 0 {
                    Self::at(nodes, nd.up).down = q;
                    Self::at(nodes, nd.down).up = q;
                    Self::at(nodes, nd.top as u32).top += 1;
                }
                q -= 1;
            }
        }
    }

    /// cover(i): hide every option of item i, then unlink i.
    #[inline]
    fn cover(&mut self, i: u32) {
        if self.colours {
            self.cover_in::<true>(i)
        } else {
            self.cover_in::<false>(i)
        }
    }

    /// uncover(i): relink i, then unhide its options bottom-up.
    #[inline]
    fn uncover(&mut self, i: u32) {
        if self.colours {
            self.uncover_in::<true>(i)
        } else {
            self.uncover_in::<false>(i)
        }
    }

    #[inline(always)]
    fn cover_in<const COLOURS: bool>(&mut self, i: u32) {
        let mut p = Self::at(&mut self.nodes, i).down;
        while p != i {
            self.hide_in::<COLOURS>(p);
            p = Self::at(&mut self.nodes, p).down;
        }
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
        self.stats.updates += 1;
    }

    #[inline(always)]
    fn uncover_in<const COLOURS: bool>(&mut self, i: u32) {
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = i;
        self.llink[r as usize] = i;
        let mut p = Self::at(&mut self.nodes, i).up;
        while p != i {
            self.unhide_in::<COLOURS>(p);
            p = Self::at(&mut self.nodes, p).up;
        }
    }

    /// purify(p): secondary item j = TOP(p) takes p's colour c; options that
    /// give j another colour are hidden, those giving c are marked −1.
    fn purify(&mut self, p: u32) {
        let c = self.nodes[p as usize].colour;
        let j = self.nodes[p as usize].top as u32;
        let mut q = self.nodes[j as usize].down;
        while q != j {
            if self.nodes[q as usize].colour == c {
                self.nodes[q as usize].colour = -1;
            } else {
                self.hide(q);
            }
            q = self.nodes[q as usize].down;
        }
    }

    /// unpurify(p): the reverse of purify(p), bottom-up.
    fn unpurify(&mut self, p: u32) {
        let c = self.nodes[p as usize].colour;
        let j = self.nodes[p as usize].top as u32;
        let mut q = self.nodes[j as usize].up;
        while q != j {
            if self.nodes[q as usize].colour < 0 {
                self.nodes[q as usize].colour = c;
            } else {
                self.unhide(q);
            }
            q = self.nodes[q as usize].up;
        }
    }

    /// commit(p, j) for a secondary item: cover it if p has no colour,
    /// purify it if p has one (and do nothing if already purified).
    #[inline]
    fn commit(&mut self, p: u32, j: u32) {
        match self.nodes[p as usize].colour {
            0 => self.cover(j),
            c if c > 0 => self.purify(p),
            _ => {}
        }
    }

    #[inline]
    fn uncommit(&mut self, p: u32, j: u32) {
        match self.nodes[p as usize].colour {
            0 => self.uncover(j),
            c if c > 0 => self.unpurify(p),
            _ => {}
        }
    }

    /// tweak(x, p): x is the first node of item p's list; take it out of
    /// that list (and hide its option when p stays active, `hide_too`).
    fn tweak(&mut self, x: u32, p: u32, hide_too: bool) {
        if hide_too {
            self.hide(x);
        }
        let d = self.nodes[x as usize].down;
        self.nodes[p as usize].down = d;
        self.nodes[d as usize].up = p;
        self.nodes[p as usize].top -= 1;
        self.stats.updates += 1;
    }

    /// untweak(l): put back every node tweaked out of the list at level l,
    /// starting from FT[l]; when the item had been covered (`bound == 0`),
    /// uncover it afterwards instead of unhiding each option.
    fn untweak(&mut self, l: usize, covered: bool) {
        let a = self.ft[l];
        let p = if a <= self.n {
            a
        } else {
            self.nodes[a as usize].top as u32
        };
        let (mut x, mut y) = (a, p);
        let z = self.nodes[p as usize].down;
        self.nodes[p as usize].down = x;
        let mut k = 0i32;
        while x != z {
            self.nodes[x as usize].up = y;
            k += 1;
            if !covered {
                self.unhide(x);
            }
            y = x;
            x = self.nodes[x as usize].down;
        }
        self.nodes[z as usize].up = y;
        self.nodes[p as usize].top += k;
        if covered {
            self.uncover(p);
        }
    }

    /// M3's choice: the active item with the fewest ways to branch,
    /// θ = LEN + 1 − max(BOUND − SLACK, 0); ties go to smaller slack, then
    /// larger bound, then the first. With 1:1 bounds θ = LEN: the "minimum
    /// remaining values" rule of DLX1 and DLX2. Returns (item, θ).
    #[inline]
    fn choose(&self) -> (u32, u32) {
        if !self.multiplicities {
            // All bounds 1:1: θ = LEN, the first item with the fewest options.
            let mut best = (0u32, u32::MAX);
            let mut k = self.rlink[0];
            while k != 0 {
                let len = self.len(k);
                if len < best.1 {
                    best = (k, len);
                    if len == 0 {
                        break;
                    }
                }
                k = self.rlink[k as usize];
            }
            return best;
        }
        let mut best = (0u32, u32::MAX);
        let (mut best_slack, mut best_bound) = (0, 0);
        let mut k = self.rlink[0];
        while k != 0 {
            let ku = k as usize;
            let need = self.bound[ku].saturating_sub(self.slack[ku]);
            let theta = (self.len(k) + 1).saturating_sub(need);
            let better = theta < best.1
                || (theta == best.1
                    && (self.slack[ku] < best_slack || (self.slack[ku] == best_slack && self.bound[ku] > best_bound)));
            if better {
                best = (k, theta);
                best_slack = self.slack[ku];
                best_bound = self.bound[ku];
                if theta == 0 {
                    break;
                }
            }
            k = self.rlink[ku];
        }
        best
    }

    /// M4: begin branching on item i at level l: x[l] is its first option;
    /// i is covered once its bound is used up; FT[l] remembers where the
    /// tweaks start.
    fn prepare(&mut self, i: u32) {
        let iu = i as usize;
        let l = self.l;
        self.x[l] = self.nodes[iu].down;
        self.bound[iu] -= 1;
        if self.bound[iu] == 0 {
            self.cover(i);
        }
        if self.bound[iu] != 0 || self.slack[iu] != 0 {
            self.ft[l] = self.x[l];
        }
    }

    /// M5: may x[l] be tried? False when item i has no more useful branch
    /// (go to M8). For a multiplicity item, x[l] is tweaked out of i's list
    /// here, before it is tried, so deeper levels choosing i again only see
    /// later options; "cover i no more" (x[l] = i) takes i off the active
    /// list.
    fn try_x(&mut self) -> bool {
        let i = self.i;
        let iu = i as usize;
        let xl = self.x[self.l];
        if self.bound[iu] == 0 && self.slack[iu] == 0 {
            return xl != i;
        }
        // Too few options left to reach i's lower bound (BOUND − SLACK more).
        if self.bound[iu] >= self.slack[iu] && self.len(i) <= self.bound[iu] - self.slack[iu] {
            return false;
        }
        if xl != i {
            let hide_too = self.bound[iu] != 0;
            self.tweak(xl, i, hide_too);
        } else if self.bound[iu] != 0 {
            let (p, q) = (self.llink[iu], self.rlink[iu]);
            self.rlink[p as usize] = q;
            self.llink[q as usize] = p;
            self.stats.updates += 1;
        }
        true
    }

    /// M6: commit the other items of option x[l] (for "use nothing more
    /// for i", x[l] = i, there is nothing to commit).
    fn commit_x(&mut self) {
        let xl = self.x[self.l];
        if xl == self.i {
            return;
        }
        if !self.multiplicities {
            // Every bound is 1:1, so each primary item is covered at once
            // (its BOUND would go 1 -> 0): Algorithm C's step, without the
            // bookkeeping.
            let mut p = xl + 1;
            while p != xl {
                let nd = *Self::at(&mut self.nodes, p);
                if nd.top <= 0 {
                    p = nd.up;
                } else {
                    self.commit(p, nd.top as u32);
                    p += 1;
                }
            }
            return;
        }
        let mut p = xl + 1;
        while p != xl {
            let j = self.nodes[p as usize].top;
            if j <= 0 {
                p = self.nodes[p as usize].up;
            } else if j as u32 <= self.n1 {
                let j = j as u32;
                self.bound[j as usize] -= 1;
                p += 1;
                if self.bound[j as usize] == 0 {
                    self.cover(j);
                }
            } else {
                self.commit(p, j as u32);
                p += 1;
            }
        }
    }

    /// M7's first half: undo the commits of x[l], right to left.
    fn uncommit_x(&mut self) {
        let xl = self.x[self.l];
        if xl == self.i {
            return;
        }
        if !self.multiplicities {
            let mut p = xl - 1;
            while p != xl {
                let nd = *Self::at(&mut self.nodes, p);
                if nd.top <= 0 {
                    p = nd.down;
                } else {
                    self.uncommit(p, nd.top as u32);
                    p -= 1;
                }
            }
            return;
        }
        let mut p = xl - 1;
        while p != xl {
            let j = self.nodes[p as usize].top;
            if j <= 0 {
                p = self.nodes[p as usize].down;
            } else if j as u32 <= self.n1 {
                let j = j as u32;
                self.bound[j as usize] += 1;
                p -= 1;
                if self.bound[j as usize] == 1 {
                    self.uncover(j);
                }
            } else {
                self.uncommit(p, j as u32);
                p -= 1;
            }
        }
    }

    /// M8: restore item i after its last branch.
    fn restore(&mut self) {
        let iu = self.i as usize;
        if self.bound[iu] == 0 && self.slack[iu] == 0 {
            self.uncover(self.i);
        } else {
            let covered = self.bound[iu] == 0;
            self.untweak(self.l, covered);
        }
        self.bound[iu] += 1;
    }

    /// The options of the current partial solution, in level order.
    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        for &x in &self.x[..self.l] {
            if x > self.n {
                out.push(self.option_of(x));
            }
        }
    }

    /// Runs the search, calling `visit` with each solution (problem option
    /// indices). If `visit` returns `Break`, the search stops right after
    /// that solution and `run` returns `Break`; calling `run` again goes on
    /// from there. Returns `Continue` when the search is complete.
    pub fn run(&mut self, visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.drive(true, visit, |_| {})
    }

    /// The state machine of [`Dlx::run`]; `visit` gets each solution's
    /// options when `list` (an empty slice when only counting);
    /// `at_cutoff` receives the path to each node at the cutoff level (see
    /// [`Dlx::prefixes`]).
    fn drive(
        &mut self,
        list: bool,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
        mut at_cutoff: impl FnMut(&[u32]),
    ) -> ControlFlow<()> {
        let mut sol = Vec::new();
        loop {
            match self.step {
                Step::Enter => {
                    if self.stats.nodes >= self.node_limit {
                        return ControlFlow::Break(());
                    }
                    self.stats.nodes += 1;
                    if self.rlink[0] == 0 {
                        self.stats.solutions += 1;
                        self.step = Step::Leave;
                        if list {
                            self.solution(&mut sol);
                        }
                        if visit(&sol).is_break() {
                            return ControlFlow::Break(());
                        }
                        continue;
                    }
                    if self.cutoff == Some(self.l) {
                        at_cutoff(&self.x[..self.l]);
                        self.step = Step::Leave;
                        continue;
                    }
                    let (i, theta) = self.choose();
                    if theta == 0 {
                        self.step = Step::Leave;
                        continue;
                    }
                    self.i = i;
                    self.prepare(i);
                    self.step = Step::Try;
                }
                Step::Try => {
                    if self.try_x() {
                        self.commit_x();
                        self.l += 1;
                        self.step = Step::Enter;
                    } else {
                        self.step = Step::Restore;
                    }
                }
                Step::TryAgain => {
                    self.uncommit_x();
                    let xl = self.x[self.l];
                    self.x[self.l] = self.nodes[xl as usize].down;
                    self.step = Step::Try;
                }
                Step::Restore => {
                    self.restore();
                    self.step = Step::Leave;
                }
                Step::Leave => {
                    if self.l == self.floor {
                        self.step = Step::Done;
                        return ControlFlow::Continue(());
                    }
                    self.l -= 1;
                    let xl = self.x[self.l];
                    if xl <= self.n {
                        // x[l] = i meant "cover i no more": relink i.
                        self.i = xl;
                        let (p, q) = (self.llink[xl as usize], self.rlink[xl as usize]);
                        self.rlink[p as usize] = xl;
                        self.llink[q as usize] = xl;
                        self.step = Step::Restore;
                    } else {
                        self.i = self.nodes[xl as usize].top as u32;
                        self.step = Step::TryAgain;
                    }
                }
                Step::Done => return ControlFlow::Continue(()),
            }
        }
    }

    /// Counts all solutions from the current state.
    pub fn count(&mut self) -> u64 {
        self.count_within(Budget::default())
    }

    /// [`Dlx::count`] within a [`Budget`]: stopping at its node limit (or
    /// the engine's own, [`Dlx::set_node_limit`], whichever comes first) or
    /// once its flag is set (read every [`POLL_NODES`] nodes, when its
    /// meter is moved on too): the solutions counted so far, and the
    /// search can go on later ([`Dlx::is_done`] says whether it ended).
    pub fn count_within(&mut self, budget: Budget) -> u64 {
        let before = self.stats.solutions;
        // Counting needs no solution lists (`visit` gets an empty slice).
        let _ = self.polled(false, budget, &mut |_| ControlFlow::Continue(()));
        self.stats.solutions - before
    }

    /// [`Dlx::run`] within a [`Budget`], as [`Dlx::count_within`]: calling
    /// it again goes on from where it stopped.
    pub fn run_within(
        &mut self,
        budget: Budget,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.polled(true, budget, &mut visit)
    }

    /// The search in slices of [`POLL_NODES`] nodes, the flag read and the
    /// meter moved between two: a node limit stops the state machine at a
    /// node and the next call enters it, so the slices walk the same tree
    /// as one call.
    fn polled(
        &mut self,
        list: bool,
        budget: Budget,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let limit = self.node_limit;
        if !budget.polls() {
            self.node_limit = limit.min(budget.nodes);
            let flow = self.drive(list, visit, |_| {});
            self.node_limit = limit;
            return flow;
        }
        let end = limit.min(budget.nodes);
        loop {
            let before = self.stats.nodes;
            self.node_limit = end.min(before.saturating_add(POLL_NODES));
            let mut broke = false;
            let flow = self.drive(
                list,
                |s| {
                    let f = visit(s);
                    broke |= f.is_break();
                    f
                },
                |_| {},
            );
            self.node_limit = limit;
            if let Some(m) = budget.meter {
                m.add(self.stats.nodes - before);
            }
            if flow.is_continue() || broke || self.stats.nodes >= end || budget.cancelled() {
                return flow;
            }
        }
    }

    /// The path to the current search node: the choice made at each level,
    /// as engine node numbers (valid for the same problem only).
    pub fn path(&self) -> Vec<u32> {
        self.x[..self.l].to_vec()
    }

    /// Where a stopped search stands, to continue it later, perhaps in
    /// another process ([`Dlx::resume`]).
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            path: self.path(),
            at_enter: self.step == Step::Enter,
            stats: self.stats,
        }
    }

    /// Continues a stopped search on a fresh engine for the same problem:
    /// replays the checkpoint's path, restores its statistics, and picks up
    /// where it stood (before entering the node at the end of the path, or
    /// after having finished it). False if the path does not fit.
    pub fn resume(&mut self, cp: &Checkpoint) -> bool {
        if !self.replay(&cp.path) {
            return false;
        }
        self.stats = cp.stats;
        self.floor = 0;
        self.step = if cp.at_enter { Step::Enter } else { Step::Leave };
        true
    }

    /// Prepares a fresh engine to search only the subtree below `path` (a
    /// thread's share, from [`Dlx::prefixes`]); `run` then stops when that
    /// subtree is done. False if the path does not fit.
    pub fn subtree(&mut self, path: &[u32]) -> bool {
        if !self.replay(path) {
            return false;
        }
        self.floor = path.len();
        self.step = Step::Enter;
        true
    }

    /// Walks down `path`: at each level the same item is chosen (the choice
    /// is deterministic) and the options before the recorded one are
    /// tweaked away exactly as the search did after trying them.
    fn replay(&mut self, path: &[u32]) -> bool {
        for &target in path {
            if self.rlink[0] == 0 {
                return false;
            }
            self.stats.nodes += 1;
            let (i, theta) = self.choose();
            if theta == 0 {
                return false;
            }
            self.i = i;
            self.prepare(i);
            loop {
                let xl = self.x[self.l];
                if !self.try_x() {
                    return false;
                }
                if xl == target {
                    self.commit_x();
                    self.l += 1;
                    break;
                }
                if xl == i {
                    return false;
                }
                self.x[self.l] = self.nodes[xl as usize].down;
            }
        }
        true
    }

    /// One random path down the search tree of a fresh engine, for
    /// Knuth's estimate of its size (TAOCP 7.2.2, Theorem E): at each node
    /// the item is chosen as the search chooses it, and one of its `d`
    /// options with `pick(d)` (a number below d). A node reached after
    /// choices among d1, d2, ... options stands for d1 x d2 x ... nodes of
    /// the tree; the path returns the sum of those weights over its nodes
    /// (leaf included, as [`Stats::nodes`] counts) and the leaf's weight
    /// if it is a solution (else 0). The averages over many paths are
    /// unbiased estimates of the tree's nodes and solutions. For problems
    /// without multiplicities (the caller checks); the engine is spent.
    pub(crate) fn descend(&mut self, mut pick: impl FnMut(u32) -> u32) -> (f64, f64) {
        let (mut weight, mut nodes) = (1.0f64, 0.0f64);
        loop {
            nodes += weight;
            if self.rlink[0] == 0 {
                return (nodes, weight);
            }
            let (i, len) = self.choose();
            if len == 0 {
                return (nodes, 0.0);
            }
            // cover(i) leaves i's own list whole: its options are still
            // there to pick from.
            self.cover(i);
            let mut x = self.nodes[i as usize].down;
            for _ in 0..pick(len) {
                x = self.nodes[x as usize].down;
            }
            self.i = i;
            self.x[self.l] = x;
            self.commit_x();
            self.l += 1;
            weight *= f64::from(len);
        }
    }

    /// The subtrees at depth `depth`: runs the search down to that level
    /// only, returning the paths to the nodes there and the solutions found
    /// above it (each as problem option indices). The engine is spent
    /// afterwards; explore each subtree on a fresh clone with
    /// [`Dlx::subtree`].
    pub fn prefixes(&mut self, depth: usize) -> (Vec<Vec<u32>>, Vec<Vec<usize>>) {
        self.cutoff = Some(depth);
        let mut paths = Vec::new();
        let mut shallow = Vec::new();
        let _ = self.drive(
            true,
            |s| {
                shallow.push(s.to_vec());
                ControlFlow::Continue(())
            },
            |p| paths.push(p.to_vec()),
        );
        self.cutoff = None;
        (paths, shallow)
    }
}
