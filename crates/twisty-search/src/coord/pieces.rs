//! The move table of a [`Part::Pieces`] coordinate, built in one pass that
//! moves the rank incrementally.
//!
//! A value's arrangement is the positional rank of the slots `p_0 … p_{k-1}`
//! of the tracked pieces: `Σ_j d_j · f_j`, where `d_j` counts the free slots
//! below `p_j` (slots not taken by pieces `0..j`) and `f_j` is the place
//! value ([`Coord::falling`]). That rank is lexicographic in the slots, so
//! a depth-first walk that gives piece `j` each free slot in increasing
//! order meets the arrangements in rank order, `0, 1, 2, …`, without
//! unranking any. A step sends slot `p` to `perm[p]`; the image's digit
//! `j` depends only on the images of pieces `0..=j`. So the walk keeps,
//! per depth and per step, the image's partial rank, the slots its pieces
//! took and the twists they received: placing piece `j` updates each
//! step's partial sums by one popcount, and a table row (every step of one
//! arrangement) costs one popcount, a multiply and an add per entry.
//!
//! Why not the alternatives. Unranking each arrangement and ranking each
//! image (what the table was built by before) spent 11 s of processor time
//! on the two 7-edge tables of a 3x3x3 with slice moves, in every process.
//! Composing a higher power from two lookups saves arithmetic but reads
//! the table at random, a cache miss per entry in a 431 MB table. Storing
//! the tables in the pattern databases' cache folder would read 862 MB back,
//! about what building them now costs, and triple the folder's size.
//!
//! Orbits of more than 64 slots (no positional rank) fall back to
//! unranking each arrangement and ranking each image as multisets.

use rayon::prelude::*;

use super::{Coord, Part};

/// Rows (arrangements) per parallel task of the walk, at least: tasks are
/// whole subtrees, the arrangements that share their first pieces' slots.
const TASK_ROWS: u64 = 1 << 12;

/// A Pieces coordinate's table, `t[a * steps + s]` = the arrangement after
/// step `s` times `twists`, plus the twists the step gives the tracked
/// pieces (piece `j` at base-`r` digit `j`; 0 when the orbit does not
/// twist). Says nothing of memory: the caller, [`super::Indexer`], has
/// bounded it (`arrangements × steps` entries of 4 bytes).
pub(super) fn pieces_table(c: &Coord) -> Vec<u32> {
    let k = match &c.part {
        Part::Pieces(t) => t.len(),
        _ => unreachable!("pieces tables are built for Pieces coordinates"),
    };
    if c.falling.len() == k && !c.even {
        walk_table(c, k)
    } else {
        multiset_table(c, k)
    }
}

/// The steps' permutations and twists in flat arrays, and the place values.
struct Flat {
    n: usize,
    ns: usize,
    /// `perm[s * n + p]`: where step `s` sends slot `p`.
    perm: Vec<u8>,
    /// `twist[s * n + q]`: the twist step `s` gives the piece arriving at
    /// `q`, times `r^j` for piece `j` (so one table per depth).
    twist: Vec<Vec<u64>>,
    falling: Vec<u64>,
    twists: u64,
}

/// The depth-first walk of the module docs, in parallel over subtrees.
fn walk_table(c: &Coord, k: usize) -> Vec<u32> {
    let (n, ns) = (c.n(), c.local_steps.len());
    let r = c.modulus as u64;
    let perm = c.local_steps.iter().flat_map(|s| s.perm.iter().copied()).collect();
    let twist = (0..k)
        .map(|j| {
            let place = if c.twisting { r.pow(j as u32) } else { 0 };
            c.local_steps
                .iter()
                .flat_map(|s| s.twist.iter().map(move |&t| t as u64 * place))
                .collect()
        })
        .collect();
    let flat = Flat {
        n,
        ns,
        perm,
        twist,
        falling: c.falling.clone(),
        twists: c.twists,
    };
    // Split at the shallowest depth whose subtrees hold at most TASK_ROWS
    // rows: `falling[h - 1]` rows share the slots of pieces `0..h`. The
    // last piece is always left to the walk ([`Walk::last_piece`]).
    let rows_below = |h: usize| if h == 0 { c.arrangements } else { c.falling[h - 1] };
    let h = (0..k).find(|&h| rows_below(h) <= TASK_ROWS).unwrap_or(k - 1);
    let rows = rows_below(h) as usize;
    let mut t = vec![0u32; c.arrangements as usize * ns];
    t.par_chunks_mut(rows * ns).enumerate().for_each(|(task, out)| {
        // The slots of pieces 0..h in this subtree: unrank its first row.
        let mut cls = vec![0u8; n];
        c.unrank_positions((task * rows) as u64, &mut cls);
        let mut at = vec![0u8; h];
        for (slot, &cl) in cls.iter().enumerate() {
            if (cl as usize) < h {
                at[cl as usize] = slot as u8;
            }
        }
        let mut walk = Walk::new(&flat, k);
        let mut taken = 0u64;
        for (j, &p) in at.iter().enumerate() {
            walk.place(j, p as usize);
            taken |= 1 << p;
        }
        let mut row = 0;
        walk.descend(h, taken, out, &mut row);
        debug_assert_eq!(row * ns, out.len(), "the subtree fills its rows");
    });
    t
}

/// The walk's state: per depth `j` (pieces `0..j` placed) and step `s`, at
/// `j * ns + s`, the image's slots, partial rank and received twists.
struct Walk<'a> {
    flat: &'a Flat,
    k: usize,
    used: Vec<u64>,
    rank: Vec<u64>,
    twist: Vec<u64>,
}

impl<'a> Walk<'a> {
    fn new(flat: &'a Flat, k: usize) -> Walk<'a> {
        let len = (k + 1) * flat.ns;
        Walk {
            flat,
            k,
            used: vec![0; len],
            rank: vec![0; len],
            twist: vec![0; len],
        }
    }

    /// Piece `j` at slot `p`: depth `j + 1` from depth `j`, every step.
    #[inline]
    fn place(&mut self, j: usize, p: usize) {
        let Flat { n, ns, .. } = *self.flat;
        let f = self.flat.falling[j];
        let tw = &self.flat.twist[j];
        let (lower, upper) = self.used.split_at_mut((j + 1) * ns);
        let (used_from, used_to) = (&lower[j * ns..], &mut upper[..ns]);
        let (lower, upper) = self.rank.split_at_mut((j + 1) * ns);
        let (rank_from, rank_to) = (&lower[j * ns..], &mut upper[..ns]);
        let (lower, upper) = self.twist.split_at_mut((j + 1) * ns);
        let (twist_from, twist_to) = (&lower[j * ns..], &mut upper[..ns]);
        for s in 0..ns {
            let q = self.flat.perm[s * n + p] as usize;
            let used = used_from[s];
            let free_below = (!used & ((1u64 << q) - 1)).count_ones() as u64;
            used_to[s] = used | 1 << q;
            rank_to[s] = rank_from[s] + free_below * f;
            twist_to[s] = twist_from[s] + tw[s * n + q];
        }
    }

    /// Fills the rows of every arrangement below depth `j` (slots `taken`
    /// by pieces `0..j`), in rank order, from row `*row` of `out`.
    fn descend(&mut self, j: usize, taken: u64, out: &mut [u32], row: &mut usize) {
        if j + 1 == self.k {
            self.last_piece(taken, out, row);
            return;
        }
        for p in 0..self.flat.n {
            if taken & (1 << p) == 0 {
                self.place(j, p);
                self.descend(j + 1, taken | 1 << p, out, row);
            }
        }
    }

    /// The rows that place the last piece in each free slot, written step
    /// by step. For one step, the value of every image slot `q` of the last
    /// piece (the free slots below `q` counted by a running sum, not a
    /// popcount: the portable build has no popcount instruction) is worked
    /// out once, then each row reads its image's. Most of the work is
    /// here: the rows outnumber the nodes above them.
    fn last_piece(&self, taken: u64, out: &mut [u32], row: &mut usize) {
        let Flat { n, ns, twists, .. } = *self.flat;
        let j = self.k - 1;
        let mut free = [0u8; 64];
        let mut m = 0;
        for p in 0..n {
            if taken & (1 << p) == 0 {
                free[m] = p as u8;
                m += 1;
            }
        }
        // The last piece's place value times `twists`: the value moves
        // by this much for each free slot below the image.
        let place = self.flat.falling[j] * twists;
        let rows = &mut out[*row * ns..(*row + m) * ns];
        let mut value = [0u64; 64];
        for s in 0..ns {
            let at = j * ns + s;
            let used = self.used[at];
            let tw = &self.flat.twist[j][s * n..(s + 1) * n];
            let mut v = self.rank[at] * twists + self.twist[at];
            for (q, (x, &t)) in value[..n].iter_mut().zip(tw).enumerate() {
                *x = v + t;
                v += place * (!used >> q & 1);
            }
            let perm = &self.flat.perm[s * n..(s + 1) * n];
            for (i, &p) in free[..m].iter().enumerate() {
                rows[i * ns + s] = value[perm[p as usize] as usize] as u32;
            }
        }
        *row += m;
    }
}

/// The general case: each arrangement unranked, each image ranked as a
/// multiset permutation (the tracked pieces and one class of the others).
fn multiset_table(c: &Coord, k: usize) -> Vec<u32> {
    let ns = c.local_steps.len();
    let n = c.n();
    let r = c.modulus as u64;
    let mut t = vec![0u32; c.arrangements as usize * ns];
    t.par_chunks_mut(ns * 1024).enumerate().for_each(|(chunk, out)| {
        let mut cls = vec![0u8; n];
        let mut cls2 = vec![c.other; n];
        let mut at = vec![0u8; k];
        for (i, row) in out.chunks_mut(ns).enumerate() {
            c.unrank_arrangement((chunk * 1024 + i) as u64, &mut cls);
            for (slot, &cl) in cls.iter().enumerate() {
                if (cl as usize) < k {
                    at[cl as usize] = slot as u8;
                }
            }
            for (x, st) in row.iter_mut().zip(&c.local_steps) {
                cls2.fill(c.other);
                let mut tw = 0u64;
                for j in (0..k).rev() {
                    let q = st.perm[at[j] as usize] as usize;
                    cls2[q] = j as u8;
                    tw = tw * r + st.twist[q] as u64;
                }
                if !c.twisting {
                    tw = 0;
                }
                *x = (c.rank_arrangement(&cls2) * c.twists + tw) as u32;
            }
        }
    });
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::{build_coord, CoordSpec};
    use cubist_twisty::{analysis, library, power, Element};

    /// Every entry of a coordinate's table, against unrank, move, rank
    /// ([`Coord::apply_slow`]) of the arrangement with untwisted pieces.
    fn check(puzzle: &str, orbit: usize, tracked: Vec<usize>, walk: bool) {
        let p = library::puzzle(puzzle).unwrap();
        let a = analysis::analyze(&p);
        let steps = crate::coord::steps(&p, crate::coord::Metric::Htm).unwrap();
        let elements: Vec<Element> = steps.iter().map(|&(g, e)| power(&p.moves[g].element, e)).collect();
        let spec = CoordSpec {
            orbit,
            part: Part::Pieces(tracked),
        };
        let c = build_coord(&p, &a, &spec, &elements).unwrap().unwrap();
        assert_eq!(c.falling.len() == spec_len(&spec) && !c.even, walk, "{puzzle}");
        let t = pieces_table(&c);
        let ns = steps.len();
        assert_eq!(t.len() as u64, c.arrangements * ns as u64);
        for arr in 0..c.arrangements {
            for s in 0..ns {
                let want = c.apply_slow(arr * c.twists, s);
                assert_eq!(
                    t[arr as usize * ns + s] as u64,
                    want,
                    "{puzzle} arrangement {arr} step {s}"
                );
            }
        }
        // The general path agrees with the walk on the same coordinate.
        if walk {
            assert_eq!(multiset_table(&c, c.falling.len()), t, "{puzzle}");
        }
    }

    fn spec_len(spec: &CoordSpec) -> usize {
        match &spec.part {
            Part::Pieces(t) => t.len(),
            _ => 0,
        }
    }

    /// Exhaustive on small coordinates: 3x3x3 edges (r = 2, 11,880
    /// arrangements of 4 pieces), 2x2x2 corners (r = 3), the megaminx's
    /// corners (r = 3, 20 slots, the split below the first piece) and a
    /// single piece (one row per task).
    #[test]
    fn the_walk_agrees_with_unrank_move_rank() {
        let cube = analysis::analyze(&library::puzzle("3x3x3").unwrap());
        let edges = cube.orbits.iter().position(|o| o.size == 12).unwrap();
        check("3x3x3", edges, vec![0, 3, 7, 11], true);
        check("3x3x3", edges, vec![5], true);
        check("2x2x2", 0, vec![0, 2, 4, 6, 7], true);
        let pyra = analysis::analyze(&library::puzzle("pyraminx").unwrap());
        let edges6 = pyra.orbits.iter().position(|o| o.size == 6).unwrap();
        // Five of six pieces: the last one is a class of its own, ranked by the general path.
        check("pyraminx", edges6, vec![0, 1, 2, 3, 5], false);
        let mega = analysis::analyze(&library::puzzle("megaminx").unwrap());
        let corners = mega.orbits.iter().position(|o| o.size == 20).unwrap();
        check("megaminx", corners, vec![1, 19, 4], true);
    }
}
