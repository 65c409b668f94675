//! Proposition 7 on one orbit: 3-cycles until every piece is home, then
//! two-piece twists until every piece is oriented.
//!
//! Each step looks at the pieces still out of place. If piece `i` sits at `u`
//! and piece `j` sits in `i`'s home, the 3-cycle `u → i → j` puts `i` home and
//! `j` home (and a third piece too when the cycle of the state is a 3-cycle);
//! the twist pattern of the table entry can be chosen so that both arrive
//! oriented. With only 2-cycles left, `u → i → w` puts `i` home and merges two
//! transpositions into a 3-cycle. Every candidate is costed from the tables and
//! the cheapest per piece placed wins (a wrongly oriented arrival costs half a
//! two-piece twist). Identical pieces (equal labels): each piece already on a
//! slot with its label counts as home, the others are assigned homes of their
//! label (once per orbit), and two equal pieces are swapped in the assignment if
//! that is needed to make the permutation even (3-cycles only make even
//! permutations).

use super::act::{add, neg, Act};
use super::layout::Layout;
use super::tables::Tables;

/// One 3-cycle or twist applied while solving an orbit.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    pub twist: bool,
    /// The global slots it acts on.
    pub slots: Vec<usize>,
    pub word: Vec<u32>,
}

/// The orbit seen locally: where each piece (by assigned home) is, which piece
/// is at each slot, and the twists.
struct View {
    pos: Vec<usize>,
    at: Vec<usize>,
    tw: Vec<u8>,
}

fn view(l: &Layout, o: usize, g: &Act, assign: &[usize]) -> View {
    let orbit = &l.orbits[o];
    let n = orbit.size();
    let mut at = vec![0; n];
    for (i, &s) in orbit.slots.iter().enumerate() {
        at[l.local[g.perm[s as usize] as usize] as usize] = assign[i];
    }
    let tw = orbit.slots.iter().map(|&s| g.twist[s as usize]).collect();
    let mut pos = vec![0; n];
    for (k, &h) in at.iter().enumerate() {
        pos[h] = k;
    }
    View { pos, at, tw }
}

/// The home each piece (by true home) is sent to: itself when the orbit's
/// pieces are distinct; with identical pieces, a home of its label chosen once
/// per orbit (so that the reduction always progresses), with even parity.
fn assignment(l: &Layout, o: usize, g: &Act) -> Result<Vec<usize>, String> {
    let orbit = &l.orbits[o];
    let n = orbit.size();
    if orbit.distinct {
        return Ok((0..n).collect());
    }
    let lab: Vec<u32> = orbit.slots.iter().map(|&s| l.label[s as usize]).collect();
    // piece_at[k]: true home of the piece at slot k.
    let mut piece_at = vec![0; n];
    for (i, &s) in orbit.slots.iter().enumerate() {
        piece_at[l.local[g.perm[s as usize] as usize] as usize] = i;
    }
    let mut assign = vec![usize::MAX; n];
    let mut taken = vec![false; n];
    for k in 0..n {
        if lab[piece_at[k]] == lab[k] {
            assign[piece_at[k]] = k;
            taken[k] = true;
        }
    }
    for &h in &piece_at {
        if assign[h] == usize::MAX {
            let free = (0..n)
                .find(|&x| !taken[x] && lab[x] == lab[h])
                .ok_or("labels of the orbit do not match its solved labels")?;
            taken[free] = true;
            assign[h] = free;
        }
    }
    let at: Vec<usize> = (0..n).map(|k| assign[piece_at[k]]).collect();
    if !is_even(&at) {
        // Swap the homes of two equal pieces: two out of place if possible, else
        // one out of place and one home (that joins a 2-cycle into a 3-cycle).
        let out: Vec<usize> = (0..n).filter(|&k| at[k] != k).collect();
        let home: Vec<usize> = (0..n).filter(|&k| at[k] == k).collect();
        let equal = |a: usize, b: usize| lab[piece_at[a]] == lab[piece_at[b]];
        let pair = out
            .iter()
            .enumerate()
            .find_map(|(i, &a)| out[i + 1..].iter().find(|&&b| equal(a, b)).map(|&b| (a, b)))
            .or_else(|| {
                out.iter()
                    .find_map(|&a| home.iter().find(|&&b| equal(a, b)).map(|&b| (a, b)))
            })
            .or_else(|| {
                home.iter()
                    .enumerate()
                    .find_map(|(i, &a)| home[i + 1..].iter().find(|&&b| equal(a, b)).map(|&b| (a, b)))
            });
        let (a, b) = pair.ok_or("an odd permutation of distinct pieces")?;
        assign.swap(piece_at[a], piece_at[b]);
    }
    Ok(assign)
}

fn is_even(p: &[usize]) -> bool {
    let mut seen = vec![false; p.len()];
    let mut transpositions = 0;
    for i in 0..p.len() {
        let mut j = i;
        let mut len = 0;
        while !seen[j] {
            seen[j] = true;
            j = p[j];
            len += 1;
        }
        if len > 0 {
            transpositions += len - 1;
        }
    }
    transpositions % 2 == 0
}

/// The best candidate so far: (cost per piece placed, table index, slots).
type Best = Option<(f64, usize, [usize; 3])>;

/// Solves orbit `o` of the state `g` (in place), appending the steps.
pub(crate) fn reduce(l: &Layout, o: usize, t: &Tables, g: &mut Act, steps: &mut Vec<Step>) -> Result<(), String> {
    let orbit = &l.orbits[o];
    let n = orbit.size();
    let r = orbit.modulus;
    let twists = orbit.twists();
    let penalty = t.mean_twist_cost() as f64 / 2.0;
    let mut scratch = g.clone();
    let assign = assignment(l, o, g)?;
    let apply = |g: &mut Act, scratch: &mut Act, word: &[u32]| {
        for &x in word {
            g.apply(&l.gens[x as usize].act, &l.modulus, scratch);
        }
    };
    for _ in 0..4 * n + 4 {
        let v = view(l, o, g, &assign);
        let out: Vec<usize> = (0..n).filter(|&i| v.pos[i] != i).collect();
        if out.is_empty() {
            break;
        }
        let mut best: Best = None;
        let consider =
            |best: &mut Best, x: usize, y: usize, z: usize, tx: Option<u8>, ty: Option<u8>, placed: usize| {
                let exact = if twists { t.cycle(x, y, z, tx, ty) } else { None };
                let any = t.cycle(x, y, z, None, None);
                let pen = if twists { penalty * placed as f64 } else { 0.0 };
                for ((cost, idx), pen) in [exact.map(|e| (e, 0.0)), any.map(|a| (a, pen))].into_iter().flatten() {
                    let score = (cost as f64 + pen) / placed as f64;
                    if best.is_none_or(|b| score < b.0) {
                        *best = Some((score, idx, [x, y, z]));
                    }
                }
            };
        for &i in &out {
            let (u, j) = (v.pos[i], v.at[i]);
            if j != u {
                let placed = 2 + usize::from(v.at[j] == u);
                consider(&mut best, u, i, j, Some(neg(v.tw[u], r)), Some(neg(v.tw[i], r)), placed);
            }
        }
        if best.is_none() {
            for &i in &out {
                let u = v.pos[i];
                for &w in &out {
                    if w != i && w != u {
                        consider(&mut best, u, i, w, Some(neg(v.tw[u], r)), None, 1);
                    }
                }
            }
        }
        let (_, idx, s) = best.ok_or_else(|| format!("no 3-cycle found for the pieces of {}", orbit.name))?;
        let word = t.cycle_word(l, idx);
        apply(g, &mut scratch, &word);
        steps.push(Step {
            twist: false,
            slots: s.iter().map(|&x| orbit.slots[x] as usize).collect(),
            word,
        });
    }
    if twists {
        for _ in 0..n + 1 {
            let v = view(l, o, g, &assign);
            let bad: Vec<usize> = (0..n).filter(|&k| v.tw[k] != 0).collect();
            if bad.is_empty() {
                break;
            }
            let mut best: Option<(f64, usize, [usize; 2])> = None;
            for &x in &bad {
                for &y in &bad {
                    if y == x {
                        continue;
                    }
                    let a = neg(v.tw[x], r);
                    let fixed = 1 + usize::from(add(v.tw[y], v.tw[x], r) == 0);
                    if let Some((c, idx)) = t.twist(x, y, a) {
                        let score = c as f64 / fixed as f64;
                        if best.is_none_or(|b| score < b.0) {
                            best = Some((score, idx, [x, y]));
                        }
                    }
                }
            }
            let (_, idx, s) = best.ok_or_else(|| format!("no twist found for the pieces of {}", orbit.name))?;
            let word = t.twist_word(l, idx);
            apply(g, &mut scratch, &word);
            steps.push(Step {
                twist: true,
                slots: s.iter().map(|&x| orbit.slots[x] as usize).collect(),
                word,
            });
        }
    }
    if l.orbit_solved(g, o) {
        Ok(())
    } else {
        Err(format!("3-cycles and twists did not restore {}", orbit.name))
    }
}
