//! The symmetries of building and the orbit of the minimum universal sets,
//! on the sets of Conjecture 8 built from its rules (the ignored spectrum
//! test shows the sweep's minimum universal sets are exactly these).

use cubist_macmahon::macmahon::CubeId;
use cubist_macmahon::symmetry::{apply, orbit_report, split_set, splits, Symmetries};
use std::collections::BTreeMap;

/// Conjecture 8's ten sets, from its three rules (sorted).
pub(crate) fn conjecture8() -> Vec<u32> {
    let at = |r: usize, c: usize| 1u32 << CubeId::at(r, c).unwrap().index();
    let mut sets = Vec::new();
    for x in 1..6 {
        for y in x + 1..6 {
            let mut set = at(0, x) | at(0, y) | at(x, 0) | at(y, 0) | at(x, y) | at(y, x);
            let rest: Vec<usize> = (1..6).filter(|&r| r != x && r != y).collect();
            for &p in &rest {
                for &q in &rest {
                    if p != q {
                        set |= at(p, q);
                    }
                }
            }
            sets.push(set);
        }
    }
    sets.sort_unstable();
    sets
}

#[test]
fn the_ten_sets_are_one_orbit() {
    let sets = conjecture8();
    let mut by_split: Vec<u32> = splits().into_iter().map(split_set).collect();
    by_split.sort_unstable();
    assert_eq!(by_split, sets);
    let o = orbit_report(&sets);
    assert!(o.generators_checked);
    assert_eq!(
        (o.colour_group_order, o.tableau_group_order, o.group_order),
        (720, 720, 1440)
    );
    assert!(o.tableau_equals_colours);
    assert_eq!((o.colour_orbit_size, o.colour_stabiliser_order), (10, 72));
    assert!(o.colour_orbit_is_all && o.group_orbit_is_all && o.mirror_fixes_each);
    assert_eq!((o.group_orbit_size, o.group_stabiliser_order), (10, 144));
    // The stabiliser is S3 wr S2 (keep or swap the two triples of colours'
    // images): 4 three-cycles, 4 double three-cycles, none fixing every cube.
    assert_eq!(o.colour_stabiliser_cycle_types["3 1^3"], 4);
    assert_eq!(o.colour_stabiliser_cycle_types["3^2"], 4);
    assert_eq!(o.colour_stabiliser_cycle_types.values().sum::<usize>(), 72);
    assert_eq!(o.three_cycles_fixing_every_cube, 0);
    assert!(o.splits.iter().all(Option::is_some));
}

/// Orbit-stabiliser, counted directly: every set's stabiliser in the
/// renamings has 720 / 10 elements, and the group's elements split evenly.
#[test]
fn orbit_stabiliser_counted_directly() {
    let s = Symmetries::new();
    let mut hits: BTreeMap<u32, usize> = BTreeMap::new();
    for set in conjecture8() {
        for (p, _) in &s.colours {
            if apply(p, set) == set {
                *hits.entry(set).or_insert(0) += 1;
            }
        }
    }
    assert_eq!(hits.len(), 10);
    assert!(hits.values().all(|&n| n == 72));
    // Another set (two cubes toggled) has another orbit.
    let other = conjecture8()[0] ^ 0b11;
    let orbit: std::collections::BTreeSet<u32> = s.colours.iter().map(|(p, _)| apply(p, other)).collect();
    assert_ne!(orbit.len(), 10);
}
