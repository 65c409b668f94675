//! The order in which orbits are solved (Eidswick's §7): minimise
//! `m(O_1 … O_N) = Σ l_i |O_i|`, `l_i` the length of the shortest commutator
//! 3-cycle on `O_i` relative to `O_1 ∪ … ∪ O_i`. Up to [`EXHAUSTIVE`] orbits
//! every ordering is scored (dynamic programming over the sets of solved
//! orbits, one search per set and orbit); beyond that the order is greedy from
//! the end: the last orbit is the one whose pure 3-cycles cost least (`l |O|`),
//! the one before it the cheapest relative to all but the last, and so on, so
//! that every orbit has the relative 3-cycles its place needs (choosing from
//! the front, an orbit left for late can find itself without any). Orbits without any 3-cycle of the searched shapes
//! score [`PENALTY`] per piece.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use super::layout::Layout;
use super::search::{shortest, Betas};

/// Orbits up to this count are ordered exhaustively.
pub(crate) const EXHAUSTIVE: usize = 5;
/// The cost per piece charged for an orbit with no 3-cycle found.
const PENALTY: usize = 1000;

/// The chosen order after the orbits already solved (`solved`): each orbit
/// with its `l_i` (`None`: no 3-cycle found); `None` when `cancel` is set
/// meanwhile. The order costs up to one search per pair of orbits (the
/// 12x12x12's 40 orbits: most of its plan's half minute), so the flag is
/// looked at before each search; once it is set the rest are skipped.
pub(crate) fn choose(
    l: &Layout,
    betas: &Betas,
    solved: &[usize],
    todo: &[usize],
    cancel: &AtomicBool,
) -> Option<Vec<(usize, Option<usize>)>> {
    let stopped = || cancel.load(Ordering::Relaxed);
    if todo.len() > 64 {
        // Beyond what a mask holds: keep the puzzle's own order.
        let s = l.mask(solved);
        let out = todo
            .iter()
            .map(|&o| (o, if stopped() { None } else { shortest(l, betas, o, &s) }))
            .collect();
        return (!stopped()).then_some(out);
    }
    let mut memo: HashMap<(u64, usize), Option<usize>> = HashMap::new();
    let mut len = |mask: u64, o: usize| -> Option<usize> {
        if stopped() {
            return None;
        }
        *memo.entry((mask, o)).or_insert_with(|| {
            let mut s: Vec<usize> = solved.to_vec();
            s.extend((0..todo.len()).filter(|i| mask >> i & 1 == 1).map(|i| todo[i]));
            shortest(l, betas, todo[o], &l.mask(&s))
        })
    };
    let cost = |lo: Option<usize>, o: usize| lo.unwrap_or(PENALTY) * l.orbits[todo[o]].size();
    if todo.len() <= EXHAUSTIVE {
        // best[mask]: the least cost of solving the rest once `mask` is solved.
        let full = (1u64 << todo.len()) - 1;
        let mut best: HashMap<u64, (usize, usize)> = HashMap::new();
        for mask in (0..=full).rev() {
            if mask == full {
                continue;
            }
            let mut b: Option<(usize, usize)> = None;
            for o in 0..todo.len() {
                if mask >> o & 1 == 1 {
                    continue;
                }
                let rest = best.get(&(mask | 1 << o)).map_or(0, |x| x.0);
                let c = cost(len(mask, o), o) + rest;
                if b.is_none_or(|x| c < x.0) {
                    b = Some((c, o));
                }
            }
            best.insert(mask, b.expect("an orbit is left"));
        }
        let mut mask = 0;
        let mut out = Vec::new();
        while mask != full {
            let o = best[&mask].1;
            out.push((todo[o], len(mask, o)));
            mask |= 1 << o;
        }
        return (!stopped()).then_some(out);
    }
    // Greedy from the end: the last orbit needs 3-cycles relative to all the
    // others, so it is the one whose pure 3-cycles cost least (l |O|), and so on
    // backwards; every orbit then has the relative 3-cycles its place needs.
    let full = (1u64 << todo.len()) - 1;
    let mut left = full;
    let mut out = Vec::new();
    while left != 0 {
        let mut b: Option<(usize, usize, Option<usize>)> = None;
        for o in 0..todo.len() {
            if left >> o & 1 == 0 {
                continue;
            }
            let lo = len(left & !(1 << o), o);
            let c = cost(lo, o);
            if b.is_none_or(|x| c < x.0) {
                b = Some((c, o, lo));
            }
        }
        let (_, o, lo) = b.expect("an orbit is left");
        out.push((todo[o], lo));
        left &= !(1 << o);
    }
    out.reverse();
    (!stopped()).then_some(out)
}

/// Eidswick's `l_i` for a given ordering `seq` (after the orbits `solved`):
/// each orbit's shortest commutator 3-cycle relative to the orbits before it,
/// found by the same search that scores the orderings above.
pub(crate) fn score(l: &Layout, betas: &Betas, solved: &[usize], seq: &[usize]) -> Vec<Option<usize>> {
    let mut before = solved.to_vec();
    seq.iter()
        .map(|&o| {
            let lo = shortest(l, betas, o, &l.mask(&before));
            before.push(o);
            lo
        })
        .collect()
}
