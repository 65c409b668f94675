//! The K-colour families: sizes two ways, solution numbers (counting
//! orientations) three ways, and MacMahon's numbers unchanged as K = 6.

use cubist_macmahon::census;
use cubist_macmahon::family::{
    builds8, builds_any, burnside, count, count8, count_brute, table1, universal, Family, FamilyUniversal,
};
use cubist_macmahon::macmahon::CubeId;
use cubist_macmahon::solve::solution_number;
use proptest::prelude::*;

#[test]
fn sizes_by_enumeration_and_by_burnside() {
    let sizes: Vec<usize> = (2..=6).map(|k| Family::new(k).cubes.len()).collect();
    assert_eq!(sizes, [8, 30, 68, 75, 30]);
    for k in 2..=6 {
        assert_eq!(Family::new(k).cubes.len() as u64, burnside(k as u64), "K = {k}");
    }
}

fn mask(w: &[u8; 8]) -> u8 {
    (0..8).filter(|&i| w[i] > 0).fold(0, |m, i| m | 1 << i)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Random target and eight random cubes (repeats allowed) of a random
    /// family: the layered permanent, the plain DP and the brute force over
    /// rotations agree, and Hall's test says whether they are non-zero.
    #[test]
    fn three_counters_agree(k in 2usize..=5, t in 0usize..1000, picks in proptest::array::uniform8(0usize..1000)) {
        let f = Family::new(k);
        let n = f.cubes.len();
        let t = t % n;
        let cubes = picks.map(|p| p % n);
        let w = cubes.map(|c| f.weights[t][c]);
        let dp = count8(&w);
        prop_assert_eq!(dp, count(&w));
        prop_assert_eq!(dp, count_brute(&f.cubes[t], &cubes.map(|c| f.cubes[c])));
        prop_assert_eq!(dp > 0, builds8(&w.map(|x| mask(&x))));
    }

    /// Nine or ten cubes: "some eight of them build" by Hall from the
    /// corners' side equals a non-zero count over all of them.
    #[test]
    fn some_eight_build_iff_the_count_is_positive(k in 2usize..=5, t in 0usize..1000, picks in proptest::collection::vec(0usize..1000, 8..11)) {
        let f = Family::new(k);
        let n = f.cubes.len();
        let t = t % n;
        let w: Vec<[u8; 8]> = picks.iter().map(|p| f.weights[t][p % n]).collect();
        let masks: Vec<u8> = w.iter().map(mask).collect();
        prop_assert_eq!(builds_any(&masks), count(&w) > 0);
    }
}

/// K = 6 is MacMahon's puzzle: every weight is 0 or 1, the solution numbers
/// are the graph model's, and Table 1 is the census's.
#[test]
fn macmahon_unchanged_as_k_6() {
    let f = Family::new(6);
    let ids: Vec<CubeId> = f.cubes.iter().map(|c| CubeId::identify(c).unwrap()).collect();
    assert!(f.weights.iter().flatten().flatten().all(|&w| w <= 1));
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    for _ in 0..5000 {
        let t = next(30);
        let cubes: [usize; 8] = std::array::from_fn(|_| next(30));
        let ours = f.solution_number(t, &cubes);
        assert_eq!(ours, solution_number(ids[t], &cubes.map(|c| ids[c])));
    }
    let (collections, histogram) = table1(&f, 0, &Default::default()).unwrap();
    let paper = census::table1(ids[0]);
    assert_eq!((collections, histogram), (paper.collections, paper.histogram));
}

/// K = 3: the minimum universal sets, by the brute-force search over sets
/// of 8, 9, ... cubes: 27 sets of 11 (about 4 minutes in release on a
/// loaded machine), the same report as the branch and bound's.
#[test]
#[ignore = "searches 45 million sets of 8 to 10 cubes and 55 million of 11 (minutes)"]
fn k3_minimum_universal_sets() {
    let f = Family::new(3);
    let u = cubist_macmahon::family::universal_brute(&f);
    assert_eq!((u.size, u.count), (Some(11), 27));
    let searched = universal(&f, 1_000_000).unwrap();
    // The same answer, each method naming itself.
    assert_eq!(
        u,
        FamilyUniversal {
            nodes: 0,
            method: u.method,
            ..searched
        }
    );
    // The examples, re-checked by the weighted count (not Hall's test):
    // every target has a non-zero number of fillings.
    for set in &u.examples {
        let cubes: Vec<usize> = set
            .iter()
            .map(|text| {
                let c = cubist_macmahon::family::parse_cube("test", text).unwrap();
                f.index(&c).unwrap()
            })
            .collect();
        for t in 0..f.cubes.len() {
            assert!(f.solution_number(t, &cubes) > 0, "{set:?} for target {t}");
        }
    }
}
