//! A family's minimum universal sets: the search by Hall's demands, the
//! colour blocks' count, brute force for the small families, and the
//! symmetries that count them up to renaming and mirror images.

use super::*;

/// The minimum universal sets. First the colour blocks
/// ([`blocks`]): every universal set has at least their bound's cubes, and
/// when the blocks are disjoint and some union of least block sets is
/// universal, those unions are all the minimum universal sets, counted
/// exactly with their orbits. Otherwise by branch and bound on Hall's
/// demands ([`cover`]), up to symmetry ([`universal_seeds`]): the size limit
/// is raised from the bound (at least 8) until some seed's search finds a
/// set meeting every demand; the sets found, closed under the renamings
/// and the mirror, are every set of that size. A node (of either walk)
/// counts as (demands) / 255 judgements of the budget, as if it checked
/// every demand (a Hall test of a collection for a target checks 255
/// corner sets; a node really checks only the demands its parent left
/// unmet). When the work needs more than `budget` judgements: `Err(m)`,
/// every set of fewer than `m` cubes having been ruled out.
pub fn universal(f: &Family, budget: u64) -> Result<FamilyUniversal, usize> {
    match universal_with(f, &blocks::blocks(f), budget, &sweep::Control::default()) {
        Ok(u) => Ok(u),
        Err(UniversalStop::OverBudget(at_least)) => Err(at_least),
        Err(UniversalStop::Cancelled) => unreachable!("no cancel flag was given"),
    }
}

/// Why [`universal_with`] gave no sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UniversalStop {
    /// Over the budget; every set of fewer cubes than this was ruled out.
    OverBudget(usize),
    /// The caller's cancel flag was set.
    Cancelled,
}

/// [`universal`] with the family's blocks ([`blocks::blocks`]) given, the
/// block count reporting progress and stopping on the cancel flag of
/// `control` (the branch and bound is quick for the families it serves).
pub fn universal_with(
    f: &Family,
    found_blocks: &[blocks::Block],
    budget: u64,
    control: &sweep::Control,
) -> Result<FamilyUniversal, UniversalStop> {
    let demands = cover::demands(&masks(f));
    let node_budget = node_budget(budget, &demands);
    let bound = blocks::bound(found_blocks);
    let mut from = bound.max(8);
    if let Some(tight) = blocks::Tight::new(f, found_blocks, &demands) {
        let counted = tight.count(node_budget, control).map_err(|stop| match stop {
            blocks::Stop::OverBudget => UniversalStop::OverBudget(from),
            blocks::Stop::Cancelled => UniversalStop::Cancelled,
        })?;
        if counted.count > 0 {
            return Ok(FamilyUniversal {
                size: Some(bound),
                count: counted.count as usize,
                orbit_count: counted.orbit_count as usize,
                mirror_orbit_count: counted.mirror_orbit_count as usize,
                nodes: counted.nodes,
                complete: true,
                method: UniversalMethod::Blocks,
                examples: examples(f, &tight.first(5)),
            });
        }
        // No union of least block sets is universal: a minimum universal
        // set has more cubes.
        from = from.max(bound + 1);
    }
    let (size, found, nodes, complete) =
        universal_found(f, &demands, node_budget, from, cover::MAX_SETS).map_err(UniversalStop::OverBudget)?;
    Ok(FamilyUniversal {
        complete,
        ..universal_by_orbits(f, size, &found, nodes)
    })
}

/// A budget of judgements as search nodes: a node counts as (demands) /
/// 255 judgements, as if it checked every demand.
fn node_budget(budget: u64, demands: &[cover::Demand]) -> u64 {
    budget.saturating_mul(255) / demands.len().max(1) as u64
}

/// The usable-corner masks of every target and cube.
fn masks(f: &Family) -> Vec<Vec<u8>> {
    f.weights.iter().map(|row| row.iter().map(mask).collect()).collect()
}

/// Sets of cubes as lists of colourings, for a report.
fn examples(f: &Family, sets: &[cover::Cubes]) -> Vec<Vec<String>> {
    sets.iter()
        .map(|&s| cover::bits(s).map(|c| faces_text(&f.cubes[c])).collect())
        .collect()
}

/// [`universal`]'s report from the sets the seeds' searches found, without
/// listing every set (there may be millions, times 2 K! images): one
/// smallest image per found set gives the orbits under the whole group G;
/// an orbit's size is its number of distinct images, and it splits into
/// |orbit| / |renaming images| orbits under the renamings alone. The
/// examples are the five smallest images of all.
fn universal_by_orbits(f: &Family, size: usize, found: &[cover::Cubes], nodes: u64) -> FamilyUniversal {
    let group = symmetry_group(f);
    let mut reps: Vec<cover::Cubes> = found.par_iter().map(|&s| cover::least_image(s, &group)).collect();
    reps.sort_unstable();
    reps.dedup();
    let (mut count, mut orbit_count) = (0, 0);
    let mut smallest: Vec<cover::Cubes> = Vec::new();
    for &r in &reps {
        // The group lists each renaming, then it followed by the mirror.
        let mut all: Vec<cover::Cubes> = group.iter().map(|p| cover::image(r, p)).collect();
        let mut renamed: Vec<cover::Cubes> = all.iter().step_by(2).copied().collect();
        all.sort_unstable();
        all.dedup();
        renamed.sort_unstable();
        renamed.dedup();
        count += all.len();
        orbit_count += all.len() / renamed.len();
        smallest.extend(all.iter().take(5));
        smallest.sort_unstable();
        smallest.truncate(5);
    }
    FamilyUniversal {
        size: (!reps.is_empty()).then_some(size),
        count,
        orbit_count,
        mirror_orbit_count: reps.len(),
        nodes,
        complete: true,
        method: UniversalMethod::Search,
        examples: examples(f, &smallest),
    }
}

/// [`universal`]'s sets: (their size, every one of them, sorted, the
/// search nodes visited); size 0 and no sets when no set of different
/// cubes builds every target.
///
/// Every set is listed: for the small families (the tests); [`universal`]
/// reports by orbits instead.
pub fn universal_sets(f: &Family, budget: u64) -> Result<(usize, Vec<cover::Cubes>, u64), usize> {
    let demands = cover::demands(&masks(f));
    let (size, found, nodes, _) = universal_found(f, &demands, node_budget(budget, &demands), 8, cover::MAX_SETS)?;
    let group = symmetry_group(f);
    let mut all: Vec<cover::Cubes> = found
        .iter()
        .flat_map(|&s| group.iter().map(move |p| cover::image(s, p)))
        .collect();
    all.sort_unstable();
    all.dedup();
    Ok((size, all, nodes))
}

/// The sets the seeds' searches find at the smallest size from `from` where
/// they find any (every universal set of that size has an image among
/// them), on the family's `demands` ([`cover::demands`]), each search
/// visiting at most `node_budget` nodes in all and listing at most
/// `max_sets` sets: (size, sets, nodes visited, whether every set was
/// listed: see [`FamilyUniversal::complete`]).
pub fn universal_found(
    f: &Family,
    demands: &[cover::Demand],
    node_budget: u64,
    from: usize,
    max_sets: u64,
) -> Result<(usize, Vec<cover::Cubes>, u64, bool), usize> {
    let mut left = node_budget;
    let seeds = universal_seeds(f);
    let mut visited = 0;
    for limit in from as u32..=f.cubes.len() as u32 {
        let mut found: Vec<cover::Cubes> = Vec::new();
        for &(chosen, refused) in &seeds {
            let caps = (left, max_sets.saturating_sub(found.len() as u64));
            let (outcome, nodes) = cover::search_capped(f.cubes.len(), demands, limit, caps, chosen, refused);
            left = left.saturating_sub(nodes);
            visited += nodes;
            match outcome {
                cover::Outcome::OverBudget => return Err(limit as usize),
                cover::Outcome::Sets(sets) => found.extend(sets),
                cover::Outcome::TooMany(sets) => {
                    found.extend(sets);
                    return Ok((limit as usize, found, visited, false));
                }
            }
        }
        if !found.is_empty() {
            return Ok((limit as usize, found, visited, true));
        }
    }
    Ok((0, Vec::new(), visited, true))
}

/// The minimum universal sets without symmetry: [`cover::search`] from the
/// root for each size limit (a check on [`universal`]; for K = 5 and 12
/// cubes, hours).
pub fn universal_plain(f: &Family, budget: u64) -> Result<FamilyUniversal, usize> {
    let demands = cover::demands(&masks(f));
    let mut left = node_budget(budget, &demands);
    let mut visited = 0;
    for limit in 8..=f.cubes.len() as u32 {
        let (outcome, nodes) = cover::search(f.cubes.len(), &demands, limit, left);
        left = left.saturating_sub(nodes);
        visited += nodes;
        match outcome {
            cover::Outcome::OverBudget | cover::Outcome::TooMany(_) => return Err(limit as usize),
            cover::Outcome::Sets(sets) if !sets.is_empty() => {
                return Ok(universal_of(f, limit as usize, &sets, visited, UniversalMethod::Search))
            }
            cover::Outcome::Sets(_) => {}
        }
    }
    Ok(universal_of(f, 0, &[], visited, UniversalMethod::Search))
}

/// Every symmetry of the family (renamings, and renamings followed by the
/// mirror: the two commute, so these are a group) as a permutation of the
/// cubes.
pub fn symmetry_group(f: &Family) -> Vec<Vec<usize>> {
    let (renamings, mirror) = symmetries(f);
    renamings
        .iter()
        .flat_map(|p| [p.clone(), p.iter().map(|&c| mirror[c]).collect()])
        .collect()
}

/// The seeds of the universal-set search up to symmetry: pairs (cubes
/// chosen, cubes refused) such that every universal set has an image under
/// the symmetry group G below some seed (holding its chosen cubes, none of
/// its refused ones).
///
/// Why. Let O_1, O_2, ... be the orbits of the cubes under G, with smallest
/// cubes r_1, r_2, .... A universal set S (at least two cubes) meets some
/// orbit; let O_k be the first. Some g in G maps one of S's cubes in O_k
/// to r_k, and g(S) is universal, holds r_k and avoids O_1..O_{k-1} (G
/// maps each orbit to itself). Then the stabiliser H of r_k in G splits
/// the other cubes outside O_1..O_{k-1} into orbits P_1, P_2, ... with
/// smallest cubes p_1, p_2, ...; g(S) has a cube besides r_k, so it meets
/// some P_j, the first j; some h in H maps that cube to p_j, and h(g(S))
/// holds r_k and p_j and avoids O_1..O_{k-1} and P_1..P_{j-1}. So the
/// seeds are ({r_k, p_j}, O_1 ∪ .. ∪ O_{k-1} ∪ P_1 ∪ .. ∪ P_{j-1}).
/// Each seed's search is a fraction of the whole (two cubes fixed, many
/// refused), and closing what they find under G gives every set.
pub fn universal_seeds(f: &Family) -> Vec<(cover::Cubes, cover::Cubes)> {
    let group = symmetry_group(f);
    let n = f.cubes.len();
    let orbit = |c: usize, perms: &[&Vec<usize>]| perms.iter().fold(0 as cover::Cubes, |s, p| s | 1 << p[c]);
    let everything: Vec<&Vec<usize>> = group.iter().collect();
    let mut seeds = Vec::new();
    let mut earlier: cover::Cubes = 0;
    for r in 0..n {
        if earlier >> r & 1 == 1 {
            continue;
        }
        let o = orbit(r, &everything);
        let stabiliser: Vec<&Vec<usize>> = group.iter().filter(|p| p[r] == r).collect();
        let mut refused = earlier;
        for p in 0..n {
            if p == r || refused >> p & 1 == 1 {
                continue;
            }
            seeds.push((1 << r | 1 << p, refused));
            refused |= orbit(p, &stabiliser);
        }
        earlier |= o;
    }
    seeds
}

/// The symmetries of a family as permutations of its cubes: every renaming
/// of the colours, and each also followed by the mirror (reflecting the
/// model reflects every cube; a cube's mirror image swaps its L and R
/// faces). Both map fillings of a target to fillings of its image, so they
/// map universal sets to universal sets.
pub fn symmetries(f: &Family) -> (Vec<Vec<usize>>, Vec<usize>) {
    let renamings: Vec<Vec<usize>> = all_perms(f.k).iter().map(|p| renaming_perm(f, p)).collect();
    let mirror: Vec<usize> = f
        .cubes
        .iter()
        .map(|c| {
            let [fr, b, l, r, t, d] = c.faces;
            f.index(&Cube::new([fr, b, r, l, t, d]))
                .expect("a mirrored cube stays in its family")
        })
        .collect();
    (renamings, mirror)
}

/// How many orbits the group generated by `perms` (closed under
/// composition: every element listed) has on the sets: one canonical image
/// (the smallest) per orbit.
fn orbit_count(sets: &[cover::Cubes], perms: &[Vec<usize>]) -> usize {
    let mut canon: Vec<cover::Cubes> = sets.iter().map(|&s| cover::least_image(s, perms)).collect();
    canon.sort_unstable();
    canon.dedup();
    canon.len()
}

/// The report on the universal sets of `size` (none when empty).
fn universal_of(
    f: &Family,
    size: usize,
    sets: &[cover::Cubes],
    nodes: u64,
    method: UniversalMethod,
) -> FamilyUniversal {
    let (renamings, _) = symmetries(f);
    let with_mirror = symmetry_group(f);
    FamilyUniversal {
        size: (!sets.is_empty()).then_some(size),
        count: sets.len(),
        orbit_count: orbit_count(sets, &renamings),
        mirror_orbit_count: orbit_count(sets, &with_mirror),
        nodes,
        complete: true,
        method,
        examples: examples(f, &sets[..sets.len().min(5)]),
    }
}

/// The minimum universal sets by brute force, a check on [`universal`]
/// (its `nodes` is 0: it searches no tree):
/// every set of cubes in order of size (families of at most 63 cubes; for
/// K = 3 about 100 million sets, minutes). Sets
/// are split by their lowest cube for rayon, and each set is tested target
/// by target, the targets with the fewest usable cubes first (most sets
/// fail there), by Hall's condition ([`builds_any`]).
pub fn universal_brute(f: &Family) -> FamilyUniversal {
    let n = f.cubes.len();
    assert!(n <= 63, "the caller bounds the family");
    let masks = masks(f);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&t| masks[t].iter().filter(|&&m| m != 0).count());
    let universal_set = |s: u64| {
        order.iter().all(|&t| {
            let m: Vec<u8> = (0..n).filter(|&c| s >> c & 1 == 1).map(|c| masks[t][c]).collect();
            builds_any(&m)
        })
    };
    for size in 8..=n {
        let mut sets: Vec<u64> = (0..=n - size)
            .into_par_iter()
            .flat_map_iter(|low| {
                // Every (size - 1)-subset of the cubes above `low`, by
                // Gosper's hack, with `low` added.
                let above = n - low - 1;
                let mut found = Vec::new();
                let mut pick: u64 = (1u64 << (size - 1)) - 1;
                while pick < 1u64 << above {
                    let s = 1u64 << low | pick << (low + 1);
                    if universal_set(s) {
                        found.push(s);
                    }
                    if pick == 0 {
                        break;
                    }
                    let lowbit = pick & pick.wrapping_neg();
                    let ripple = pick + lowbit;
                    pick = ripple | (((pick ^ ripple) >> 2) / lowbit);
                }
                found
            })
            .collect();
        sets.sort_unstable();
        if !sets.is_empty() {
            let sets: Vec<cover::Cubes> = sets.into_iter().map(cover::Cubes::from).collect();
            return universal_of(f, size, &sets, 0, UniversalMethod::Brute);
        }
    }
    universal_of(f, 0, &[], 0, UniversalMethod::Brute)
}
