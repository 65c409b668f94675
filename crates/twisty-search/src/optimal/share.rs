//! One pattern database for projections that are the same up to a
//! symmetry of the puzzle, read through the symmetry by the others.
//!
//! **Why it is sound.** A symmetry `S` ([`crate::symmetry`]) relabels slots
//! and orientations so that every step `m` becomes a step `S m S⁻¹`
//! ([`Symmetry::steps`]), and conjugating a state, `x ↦ S x S⁻¹`
//! ([`Symmetry::conjugate`]), is a homomorphism fixing the solved state. Take
//! two projections `P` and `Q` made of [`Part::Pieces`] coordinates, and
//! suppose `S` carries the home slots of `Q`'s tracked pieces exactly onto
//! those of `P`'s (orbit by orbit, as sets). The conjugate moves the piece
//! in slot `j` to `σ(j)` and gives it the twist `ε·o + τ(j) − τ(h)` (`h` its
//! home), so where `P`'s pieces are in `S x S⁻¹`, and how they are twisted,
//! is a function of where `Q`'s pieces are in `x` and how they are twisted,
//! and `S⁻¹` gives the inverse function: `P(S x S⁻¹)` and `Q(x)` determine
//! each other, and the solved projections correspond. A word `w` solves
//! `Q`'s projection of `x` exactly when its image `S w S⁻¹`, a word of the
//! same length, solves `P`'s projection of `S x S⁻¹`. So the distance
//! `Q` gives `x` is the distance `P` gives `S x S⁻¹`: `Q` needs no table of
//! its own.
//!
//! **How the search uses it.** The root is conjugated once, piece by piece,
//! and ranked in `P`'s index; from there, a step `m` on the state is the
//! step `S m S⁻¹` on the conjugate, so the search moves `Q`'s index with
//! `P`'s move tables through a permutation of the step numbers. Nothing is
//! conjugated inside the search: a node costs what it did.
//!
//! **The equality test** ([`image`]): every coordinate of `Q` must be a
//! piece projection (an arrangement or a twist alone is not carried onto
//! an arrangement or a twist: the conjugate's twists depend on where each
//! piece is at home); its tracked home slots are mapped by `σ` into the
//! orbit holding their images; the result must equal `P`'s coordinates as
//! (orbit, set of tracked slots) pairs. The order of the tracked pieces does
//! not matter: the distance of a projection does not depend on how its
//! tracked pieces are numbered.
//!
//! **Choosing projections that share** ([`symmetric_groups`]). The piece
//! projections of an orbit too big for one table (the 3x3x3's edges) are
//! chosen as images of one group under the symmetries, greedily covering
//! the pieces the earlier groups left out, when that needs no more groups
//! than spreading them evenly; then all of them share one table.

use cubist_twisty::analysis::Analysis;
use cubist_twisty::Puzzle;

use crate::coord::{CoordSpec, Metric, Part};
use crate::symmetry::{self, Symmetry};

/// Where a projection's distances come from.
pub(super) enum Source {
    /// Its own table.
    Own,
    /// The table of the earlier projection `of`, read at the conjugate of
    /// the state by `sym`.
    Image { of: usize, sym: Box<Symmetry> },
}

/// The puzzle's symmetries in the half-turn metric, or none (only the
/// identity is then assumed) when the search for them is refused (more
/// than [`symmetry::MAX_SYMMETRIES`], or steps past the limit: the same
/// limit would already have refused the solver). Sharing is a saving, never
/// a condition: without symmetries every projection keeps its own table.
pub(super) fn symmetries(p: &Puzzle) -> Vec<Symmetry> {
    symmetry::find(p, Metric::Htm).unwrap_or_default()
}

/// A projection as (orbit, sorted tracked home slots) pairs, sorted; `None`
/// unless every coordinate is a piece projection.
fn shape(specs: &[CoordSpec]) -> Option<Vec<(usize, Vec<usize>)>> {
    let mut out = Vec::with_capacity(specs.len());
    for s in specs {
        let Part::Pieces(t) = &s.part else {
            return None;
        };
        let mut t = t.clone();
        t.sort_unstable();
        out.push((s.orbit, t));
    }
    out.sort();
    Some(out)
}

/// The orbit and local slot of the image under `sym` of local slot `slot`
/// of orbit `o`.
fn image_slot(p: &Puzzle, a: &Analysis, sym: &Symmetry, o: usize, slot: usize) -> Option<(usize, usize)> {
    let info = &a.orbits[o];
    let set = p.sets.iter().position(|s| s.name == info.set)?;
    let global = info.slots[slot] - 1;
    let to_set = &p.sets[*sym.sets.get(set)?].name;
    let to = *sym.slots[set].get(global)? as usize + 1;
    a.orbits.iter().enumerate().find_map(|(o2, info2)| {
        (&info2.set == to_set)
            .then(|| info2.slots.iter().position(|&x| x == to).map(|l| (o2, l)))
            .flatten()
    })
}

/// The shape (see [`shape`]) of the image of a piece projection under
/// `sym`, or `None` when it is no piece projection or its pieces leave
/// their orbit for several.
fn image(p: &Puzzle, a: &Analysis, sym: &Symmetry, specs: &[CoordSpec]) -> Option<Vec<(usize, Vec<usize>)>> {
    let mut out = Vec::with_capacity(specs.len());
    for s in specs {
        let Part::Pieces(t) = &s.part else {
            return None;
        };
        let mut orbit = None;
        let mut slots = Vec::with_capacity(t.len());
        for &x in t {
            let (o2, l) = image_slot(p, a, sym, s.orbit, x)?;
            if *orbit.get_or_insert(o2) != o2 {
                return None;
            }
            slots.push(l);
        }
        slots.sort_unstable();
        out.push((orbit?, slots));
    }
    out.sort();
    Some(out)
}

/// For each projection, its own table or an earlier projection's read
/// through a symmetry (the first earlier owner whose shape some symmetry
/// carries this one's onto). `syms` holds [`symmetries`]'s list once it is
/// found (by the choice of projections, or here, only when two
/// projections have the same sizes).
pub(super) fn sources(
    p: &Puzzle,
    a: &Analysis,
    projections: &[Vec<CoordSpec>],
    syms: &mut Option<Vec<Symmetry>>,
) -> Vec<Source> {
    let shapes: Vec<_> = projections.iter().map(|s| shape(s)).collect();
    // Same orbit sizes and as many tracked pieces: the cheap necessary test
    // before the symmetries are searched for.
    let sizes = |sh: &[(usize, Vec<usize>)]| {
        let mut v: Vec<(usize, usize)> = sh.iter().map(|(o, t)| (a.orbits[*o].size, t.len())).collect();
        v.sort_unstable();
        v
    };
    let sized: Vec<_> = shapes.iter().map(|s| s.as_deref().map(sizes)).collect();
    let alike = (0..sized.len()).any(|i| sized[i].is_some() && sized[..i].contains(&sized[i]));
    if !alike {
        return projections.iter().map(|_| Source::Own).collect();
    }
    let syms = syms.get_or_insert_with(|| symmetries(p));
    let mut out: Vec<Source> = Vec::with_capacity(projections.len());
    for (i, specs) in projections.iter().enumerate() {
        let found = shapes[i].as_ref().and_then(|_| {
            (0..i)
                .filter(|&j| matches!(out[j], Source::Own) && sized[j] == sized[i])
                .find_map(|j| {
                    let target = shapes[j].as_ref()?;
                    let sym = syms.iter().find(|s| image(p, a, s, specs).as_ref() == Some(target))?;
                    Some(Source::Image {
                        of: j,
                        sym: Box::new(sym.clone()),
                    })
                })
        });
        out.push(found.unwrap_or(Source::Own));
    }
    out
}

/// Groups of `k` of orbit `o`'s pieces (local slots) covering the orbit,
/// each the image of the first (`0..k`) under a symmetry, chosen greedily
/// (the image adding the most pieces not yet covered, the first such in
/// symmetry order); `None` when that takes more than `most` groups or the
/// images never cover the orbit.
pub(super) fn symmetric_groups(
    p: &Puzzle,
    a: &Analysis,
    o: usize,
    k: usize,
    most: usize,
    syms: &[Symmetry],
) -> Option<Vec<Vec<usize>>> {
    let n = a.orbits[o].size;
    let base: Vec<usize> = (0..k).collect();
    let mut images: Vec<Vec<usize>> = Vec::new();
    for sym in syms {
        let Some(mut img) = base
            .iter()
            .map(|&x| image_slot(p, a, sym, o, x).filter(|&(o2, _)| o2 == o).map(|(_, l)| l))
            .collect::<Option<Vec<usize>>>()
        else {
            continue;
        };
        img.sort_unstable();
        if !images.contains(&img) {
            images.push(img);
        }
    }
    let mut covered = vec![false; n];
    base.iter().for_each(|&x| covered[x] = true);
    let mut groups = vec![base];
    while covered.iter().any(|&c| !c) {
        let new = |g: &Vec<usize>| g.iter().filter(|&&x| !covered[x]).count();
        let most_new = images.iter().map(new).max()?;
        let best = images.iter().find(|g| new(g) == most_new)?.clone();
        if most_new == 0 || groups.len() == most {
            return None;
        }
        best.iter().for_each(|&x| covered[x] = true);
        groups.push(best);
    }
    Some(groups)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::{Indexer, State};
    use crate::god::{self, TwoBit};
    use cubist_twisty::{analysis, library};

    /// The exact distance of every entry of a projection's own table (walked
    /// down one colour at a time), `None` where the table has no distance.
    fn distances(ix: &Indexer, t: &TwoBit) -> Vec<Option<usize>> {
        (0..ix.size())
            .map(|mut i| {
                let mut c = t.get(i);
                if c == 0 {
                    return None;
                }
                let mut d = 0;
                while i != ix.solved() {
                    let lower = (c + 1) % 3 + 1;
                    i = (0..ix.steps().len())
                        .map(|s| ix.apply(i, s))
                        .find(|&j| t.get(j) == lower)?;
                    c = lower;
                    d += 1;
                }
                Some(d)
            })
            .collect()
    }

    /// A whole state with the projection's value `q`: the untracked pieces
    /// (`u32::MAX` from `unrank_state`) get the orbit's missing labels in
    /// slot order. Any completion will do: the projection's distance does
    /// not look at them.
    fn complete(ix: &Indexer, q: u64, p: &Puzzle, a: &Analysis, orbit: usize) -> State {
        let mut s = ix.unrank_state(q);
        let set = p.sets.iter().position(|x| x.name == a.orbits[orbit].set).unwrap();
        let slots: Vec<usize> = a.orbits[orbit].slots.iter().map(|&x| x - 1).collect();
        let mut missing: Vec<u32> = slots
            .iter()
            .map(|&x| p.solved[set][x])
            .filter(|l| !slots.iter().any(|&y| s.labels[set][y] == *l))
            .collect();
        missing.reverse();
        for &x in &slots {
            if s.labels[set][x] == u32::MAX {
                s.labels[set][x] = missing.pop().unwrap();
            }
        }
        s
    }

    /// The claim of the module docs, exhaustively: for every symmetry `S` and
    /// every value of a piece projection `Q`, the distance `Q`'s own table
    /// gives equals the distance the table of `Q`'s image `P` gives the
    /// conjugated state. On the 2x2x2 (48 symmetries, mirrors included:
    /// twists are negated) and the skewb (whose quarter turns carry one kind
    /// of corner onto the other: `P` is then in another orbit).
    #[test]
    fn a_shared_table_gives_each_projection_its_own_distances() {
        for (name, orbit, tracked) in [("2x2x2", 0, vec![0, 1, 2]), ("skewb", 1, vec![0, 1, 2, 3])] {
            let p = library::puzzle(name).unwrap();
            let a = analysis::analyze(&p);
            let q_specs = vec![CoordSpec {
                orbit,
                part: Part::Pieces(tracked.clone()),
            }];
            let q_ix = Indexer::with_analysis(&p, &a, Metric::Htm, &q_specs, 1 << 20).unwrap();
            let q_dist = distances(&q_ix, &god::bfs(&q_ix, &mut |_, _| {}).unwrap().table);
            let syms = symmetries(&p);
            assert!(syms.len() >= 24, "{name}: {} symmetries", syms.len());
            let mut other_orbit = false;
            for sym in &syms {
                let shape = image(&p, &a, sym, &q_specs).expect("a piece projection's image");
                let p_specs: Vec<CoordSpec> = shape
                    .iter()
                    .map(|(o, t)| CoordSpec {
                        orbit: *o,
                        part: Part::Pieces(t.clone()),
                    })
                    .collect();
                other_orbit |= p_specs[0].orbit != orbit;
                let p_ix = Indexer::with_analysis(&p, &a, Metric::Htm, &p_specs, 1 << 20).unwrap();
                let p_dist = distances(&p_ix, &god::bfs(&p_ix, &mut |_, _| {}).unwrap().table);
                let mut reached = 0;
                for q in 0..q_ix.size() {
                    let x = complete(&q_ix, q, &p, &a, orbit);
                    let mut y = x.clone();
                    sym.conjugate(&x, &mut y);
                    let j = p_ix.rank_state(&y);
                    assert_eq!(p_dist[j as usize], q_dist[q as usize], "{name} value {q}");
                    reached += q_dist[q as usize].is_some() as u64;
                }
                assert!(reached > 100, "{name}: {reached} values reached");
            }
            assert_eq!(other_orbit, name == "skewb", "{name}");
        }
    }

    /// The 3x3x3 with slice moves: its edges get two 7-piece groups that
    /// are images of each other, and the second reads the first's table.
    #[test]
    fn the_slice_cube_edges_share_one_table() {
        let p = library::puzzle("3x3x3-slices").unwrap();
        let a = analysis::analyze(&p);
        let projections = super::super::choose_projections(&p, &a, 4 << 30).unwrap();
        let pieces: Vec<usize> = (0..projections.len())
            .filter(|&i| matches!(projections[i][0].part, Part::Pieces(ref t) if t.len() == 7))
            .collect();
        assert_eq!(pieces.len(), 2, "{projections:?}");
        let sources = sources(&p, &a, &projections, &mut None);
        assert!(matches!(sources[pieces[0]], Source::Own));
        assert!(matches!(&sources[pieces[1]], Source::Image { of, .. } if *of == pieces[0]));
        let own = sources.iter().filter(|s| matches!(s, Source::Own)).count();
        assert_eq!(own, projections.len() - 1);
    }
}
