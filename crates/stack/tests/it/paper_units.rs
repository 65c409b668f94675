//! The tower-of-cubes paper's comparison in its own units (paths, nodes per
//! level), each heuristic switched on and off, and McDonnell's program
//! (his piles, his count, his partial-pile check).
//!
//! Every figure is computed two ways: the instrumented search against the
//! closed formula (24^n, 3·24^(n−1), 3^n), and the blind method's walk over
//! 24 rotations against the heuristic method's walk over side arrays
//! weighted by their rotation counts.

use crate::support::{example, random_instance};
use cubist_cube::{parse_cube_set, CubeSet};
use cubist_stack::mcdonnell::{j_text, piles};
use cubist_stack::{check, mcdonnell_count, solve, Error, Instance, Method, Mode, SolveOptions, Switches, Tower};
use proptest::prelude::*;

fn opts(switches: Switches) -> SolveOptions {
    SolveOptions {
        switches,
        ..SolveOptions::default()
    }
}

fn only(cut: bool, three: bool, hide: bool, most: bool) -> Switches {
    Switches {
        three_orientations: three,
        cut,
        hide_dominant: hide,
        most_constrained: most,
    }
}

/// The paper's worst cases: without the cut, the blind tree has 24^n paths
/// and 24^l nodes at level l, the first cube on 3 orientations 3·24^(n−1),
/// and the description matrix 3^n paths, whatever the set.
#[test]
fn worst_cases_by_formula_and_by_walk() {
    for name in ["instant-insanity.cubes", "nu.cubes", "mcdonnell22.cubes"] {
        let inst = example(name);
        let n = inst.n() as u32;
        let blind = solve(&inst, Method::Blind, &opts(only(false, false, false, false))).stats;
        assert_eq!(blind.paths, Some(24u128.pow(n)), "{name}");
        assert_eq!(
            blind.nodes_per_level,
            (1..=n).map(|l| 24u128.pow(l)).collect::<Vec<_>>()
        );
        assert_eq!(blind.nodes as u128, (1..=n).map(|l| 24u128.pow(l)).sum::<u128>());
        let three = solve(&inst, Method::Heuristic, &opts(only(false, true, false, false))).stats;
        assert_eq!(three.paths, Some(3 * 24u128.pow(n - 1)), "{name}");
        assert_eq!(
            three.nodes_per_level,
            (1..=n).map(|l| 3 * 24u128.pow(l - 1)).collect::<Vec<_>>()
        );
        let number = solve(&inst, Method::Number, &opts(only(false, true, true, true))).stats;
        assert_eq!(number.paths, Some(3u128.pow(n)), "{name}");
        // The numbers the paper prints for four cubes, recomputed.
        assert_eq!((24u128.pow(4), 3 * 24u128.pow(3), 3u128.pow(4)), (331_776, 41_472, 81));
    }
}

/// The branch cut on the example sets: the heuristic method with only the
/// cut on walks exactly the blind tree (same paths, same nodes per level),
/// though it walks side arrays and the blind method rotations.
#[test]
fn cut_only_heuristic_walks_the_blind_tree() {
    for name in ["instant-insanity.cubes", "nu.cubes", "mcdonnell22.cubes"] {
        let inst = example(name);
        let blind = solve(&inst, Method::Blind, &SolveOptions::default()).stats;
        let heur = solve(&inst, Method::Heuristic, &opts(only(true, false, false, false))).stats;
        assert_eq!(blind.paths, heur.paths, "{name}");
        assert_eq!(blind.nodes_per_level, heur.nodes_per_level, "{name}");
        assert!(blind.paths.unwrap() < 24u128.pow(4));
    }
}

#[test]
fn switches_belong_to_their_methods() {
    let no_cut = only(false, true, true, true);
    let no_hide = only(true, true, false, true);
    assert!(no_cut.check(Method::Blind, 4).is_ok());
    assert!(no_cut.check(Method::Number, 19).is_ok());
    // The number method's table is bounded whatever the switches.
    assert!(Switches::default().check(Method::Number, 20).is_ok());
    assert!(matches!(
        cubist_stack::check_method(&Switches::default(), Method::Number, 20),
        Err(Error::Limit(_))
    ));
    assert!(cubist_stack::check_method(&no_cut, Method::Number, 19).is_ok());
    assert!(no_hide.check(Method::Heuristic, 30).is_ok());
    assert!(matches!(no_hide.check(Method::Blind, 4), Err(Error::Switch { .. })));
    assert!(matches!(no_cut.check(Method::Graph, 4), Err(Error::Switch { .. })));
    // 24^5 paths is the most a walk without the cut may take.
    assert!(only(false, false, true, true).check(Method::Heuristic, 5).is_ok());
    assert!(matches!(no_cut.check(Method::Blind, 6), Err(Error::Limit(_))));
    assert!(Switches::default().check(Method::Graph, 1000).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every combination of the four switches gives the same counts and
    /// solutions; the cut-only heuristic walks the blind tree; without the
    /// cut the walks have their formula's size.
    #[test]
    fn every_switch_combination_agrees(n in 1usize..=4, plant in proptest::bool::weighted(0.7), seed in any::<u64>()) {
        let inst = random_instance(n, plant, seed);
        let want = solve(&inst, Method::Graph, &SolveOptions::default());
        for bits in 0..16u8 {
            let sw = only(bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0);
            let r = solve(&inst, Method::Heuristic, &opts(sw));
            prop_assert_eq!(r.counts, want.counts, "switches {:?}", sw);
            prop_assert_eq!(&r.solutions, &want.solutions, "switches {:?}", sw);
            // Sets that fail the quick colour test are never searched.
            if let (Some(paths), false) = (r.stats.paths, sw.cut) {
                let first: u128 = if sw.three_orientations { 3 } else { 24 };
                prop_assert_eq!(paths, first * 24u128.pow(n as u32 - 1));
            }
        }
        for cut in [true, false] {
            let b = solve(&inst, Method::Blind, &opts(only(cut, false, false, false)));
            prop_assert_eq!(b.counts, want.counts);
            let h = solve(&inst, Method::Heuristic, &opts(only(cut, false, false, false)));
            prop_assert_eq!(b.stats.paths, h.stats.paths);
            prop_assert_eq!(&b.stats.nodes_per_level, &h.stats.nodes_per_level);
            let num = solve(&inst, Method::Number, &opts(only(cut, true, true, true)));
            prop_assert_eq!(num.counts, want.counts);
            if let (Some(paths), false) = (num.stats.paths, cut) {
                prop_assert_eq!(paths, 3u128.pow(n as u32));
            }
        }
    }

    /// McDonnell's piles, built his way, are as many as his count computed
    /// the other way, and each is a real tower (checked independently).
    #[test]
    fn his_piles_are_his_count(n in 1usize..=5, plant in proptest::bool::weighted(0.8), seed in any::<u64>()) {
        let inst = random_instance(n, plant, seed);
        let ps = piles(&inst).unwrap();
        prop_assert_eq!(ps.len() as u128, mcdonnell_count(&inst));
        for p in &ps {
            // A belt (a, b, c, d) shows a front, b left, c back, d right.
            let t: Tower = p.iter().map(|b| [b[0], b[2], b[1], b[3]]).collect();
            prop_assert!(check(&inst, &t).is_ok());
        }
        let counts = solve(&inst, Method::Graph, &SolveOptions { mode: Mode::Count, ..SolveOptions::default() }).counts.unwrap();
        prop_assert_eq!(counts.mcdonnell, ps.len() as u128);
    }
}

fn piles_text(text: &str) -> String {
    let inst = Instance::new(parse_cube_set(text.as_bytes(), "t").unwrap());
    let ps: Vec<Vec<[String; 4]>> = piles(&inst)
        .unwrap()
        .iter()
        .map(|p| {
            p.iter()
                .map(|b| b.map(|c| inst.set.palette.name(c).to_string()))
                .collect()
        })
        .collect();
    j_text(&ps)
}

/// His session's printed piles for `nu` as integers and as letters (the
/// J output laid out row by row: one belt per line, the base last).
#[test]
fn his_printed_piles_for_nu() {
    let nu = "order: T D L R F B\n3 1 0 0 2 2\n3 2 2 1 3 0\n3 3 1 1 2 0\n3 0 1 1 3 2\n";
    assert_eq!(piles_text(nu), "1 0 3 0\n2 2 1 3\n0 1 2 1\n3 3 0 2\n");
    let ch = "order: T D L R F B\nw g b b r r\nw r r g w b\nw w g g r b\nw b g g w r\n";
    assert_eq!(piles_text(ch), "gbwb\nrrgw\nbgrg\nwwbr\n");
    let sy = "order: T D L R F B\nwhite green blue blue red red\nwhite red red green white blue\n\
              white white green green red blue\nwhite blue green green white red\n";
    assert_eq!(
        piles_text(sy),
        "green blue  white blue\nred   red   green white\nblue  green red   green\nwhite white blue  red\n"
    );
}

/// Four cubes of one colour each: one solution, but his program finds it
/// three times (the base's three basic belts are equal, and only the other
/// cubes' belts are de-duplicated). Every rotation of every cube solves it:
/// 24^4 orientations.
#[test]
fn monochrome_cubes_his_count_is_three() {
    let inst = example("monochrome.cubes");
    let r = solve(&inst, Method::Graph, &SolveOptions::default());
    let c = r.counts.unwrap();
    assert_eq!(
        (c.distinct, c.patterns, c.orientations, c.mcdonnell),
        (1, 1, 24u128.pow(4), 3)
    );
    assert_eq!(piles(&inst).unwrap().len(), 3);
    assert_eq!(crate::support::brute(&inst), c);
}

/// His 22-solution set: no convention gives 23, whichever cube is the base.
#[test]
fn the_22_set_never_counts_23() {
    let inst = example("mcdonnell22.cubes");
    let c = solve(&inst, Method::Graph, &SolveOptions::default()).counts.unwrap();
    assert_eq!(crate::support::brute(&inst), c);
    assert_eq!(
        (c.orientations, c.patterns, c.distinct, c.mcdonnell),
        (352, 176, 22, 22)
    );
    let mut by_base = Vec::new();
    for base in 0..4 {
        let mut cubes = inst.cubes().to_vec();
        let b = cubes.remove(base);
        cubes.push(b);
        let moved = Instance::new(CubeSet::new(inst.set.palette.clone(), cubes));
        let his = piles(&moved).unwrap().len() as u128;
        assert_eq!(his, mcdonnell_count(&moved));
        let other = solve(&moved, Method::Graph, &SolveOptions::default()).counts.unwrap();
        assert_eq!((other.distinct, other.mcdonnell), (22, his));
        assert_ne!(his, 23, "base cube {}", base + 1);
        by_base.push(his);
    }
    // As docs/stack-solve.md says (his piles and the graph method's count agree on each).
    assert_eq!(by_base, [22, 44, 22, 22]);
}
