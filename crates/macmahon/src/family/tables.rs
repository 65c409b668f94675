//! Tables 1 and 2 of a family: by solution number, and how many targets each
//! collection of eight builds.

use super::*;

/// The weight rows of the cubes usable for target `t` (fitting some
/// corner), in cube order.
pub fn usable_rows(f: &Family, t: usize) -> Vec<[u8; 8]> {
    f.weights[t].iter().copied().filter(|w| mask(w) != 0).collect()
}

/// Table 1 of target `t`: (collections building it, solution number ->
/// collections), over every eight of its usable cubes, by the walk of
/// [`sweep`].
pub fn table1(f: &Family, t: usize, control: &sweep::Control) -> Result<(u64, BTreeMap<u64, u64>), sweep::Cancelled> {
    sweep::table1(&usable_rows(f, t), control)
}

/// Table 1 over the cubes with these weight rows, one permanent
/// ([`count8`]) per collection of eight: a check on [`sweep::table1`]
/// sharing nothing with it but the weights.
pub fn table1_plain(rows: &[[u8; 8]]) -> (u64, BTreeMap<u64, u64>) {
    let n = rows.len();
    // Split by the first cube of the eight, for rayon.
    let hist = (0..n.saturating_sub(7))
        .into_par_iter()
        .map(|first| {
            let mut h: BTreeMap<u64, u64> = BTreeMap::new();
            let rest = &rows[first + 1..];
            for_each_subset::<7>(rest.len(), |p| {
                let w: [[u8; 8]; 8] = std::array::from_fn(|i| if i == 0 { rows[first] } else { rest[p[i - 1]] });
                let s = count8(&w);
                if s > 0 {
                    *h.entry(s).or_insert(0) += 1;
                }
            });
            h
        })
        .reduce(BTreeMap::new, |mut a, b| {
            for (k, v) in b {
                *a.entry(k).or_insert(0) += v;
            }
            a
        });
    (hist.values().sum(), hist)
}

/// Table 2 of the family from its counts (targets built -> collections).
fn table2_of(counts: &[u64], n: usize) -> FamilyTable2 {
    let histogram: BTreeMap<usize, u64> = (0..counts.len())
        .filter(|&b| counts[b] > 0)
        .map(|b| (b, counts[b]))
        .collect();
    FamilyTable2 {
        collection_count: binomial(n as u64, 8),
        max: histogram.keys().next_back().copied().unwrap_or(0),
        histogram,
    }
}

/// The collections the Table 2 walk visits: by cube orbits when that is
/// fewer ([`sweep`]'s module doc), else all C(n, 8).
pub fn table2_work(f: &Family) -> u64 {
    binomial(f.cubes.len() as u64, 8).min(sweep::symmetric_work(f))
}

/// Table 2 of the family over all C(size, 8) collections, by the walk of
/// [`sweep`], through the cube orbits when that walks fewer collections.
pub fn table2(f: &Family, control: &sweep::Control) -> Result<FamilyTable2, sweep::Cancelled> {
    let n = f.cubes.len();
    let all: Vec<usize> = (0..n).collect();
    let counts = if sweep::symmetric_work(f) < binomial(n as u64, 8) {
        match sweep::table2_symmetric(f, control)? {
            Some(counts) => counts,
            // Not divisible by 8: cannot happen (the orbit argument), but
            // the plain walk is right regardless.
            None => sweep::table2(f, &all, control)?,
        }
    } else {
        sweep::table2(f, &all, control)?
    };
    Ok(table2_of(&counts, n))
}

/// Table 2 over the collections of eight of `cubes` (every target of the
/// family judged), one Hall test ([`builds8`]) per collection and target: a
/// check on [`sweep::table2`].
pub fn table2_plain(f: &Family, cubes: &[usize]) -> FamilyTable2 {
    let n = cubes.len();
    let targets = f.cubes.len();
    let masks: Vec<Vec<u8>> = f.weights.iter().map(|row| row.iter().map(mask).collect()).collect();
    // Split by the collection's first cube, for rayon.
    let counts = (0..n.saturating_sub(7))
        .into_par_iter()
        .map(|first| {
            let mut counts = vec![0u64; targets + 1];
            for_each_subset::<7>(n - first - 1, |p| {
                let picked: [usize; 8] =
                    std::array::from_fn(|i| cubes[if i == 0 { first } else { first + 1 + p[i - 1] }]);
                let built = (0..targets).filter(|&t| builds8(&picked.map(|c| masks[t][c]))).count();
                counts[built] += 1;
            });
            counts
        })
        .reduce(
            || vec![0u64; targets + 1],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    table2_of(&counts, n)
}
