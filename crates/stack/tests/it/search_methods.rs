//! The three search methods (blind, heuristic, number) against known counts
//! and against each other; every listed tower re-checked by `check`.

use crate::support::{example, random_instance};
use cubist_stack::{check, solve, symmetries, Counts, Instance, Method, Mode, SolveOptions, Tower};
use proptest::prelude::*;

use crate::support::brute;

const METHODS: [Method; 3] = [Method::Blind, Method::Heuristic, Method::Number];

fn counts(orientations: u128, patterns: u128, distinct: u128, mcdonnell: u128) -> Counts {
    Counts {
        orientations,
        patterns,
        distinct,
        mcdonnell,
    }
}

fn examples_match(name: &str, want: Counts) {
    let inst = example(name);
    for m in METHODS {
        let r = solve(&inst, m, &SolveOptions::default());
        assert_eq!(r.counts, Some(want), "{name} with {}", m.name());
        assert_eq!(r.solutions.len() as u128, want.distinct, "{name} with {}", m.name());
        for t in &r.solutions {
            check(&inst, t).unwrap_or_else(|e| panic!("{name} with {}: {e}", m.name()));
        }
        assert!(r.stats.nodes > 0);
    }
}

#[test]
fn nu() {
    examples_match("nu.cubes", counts(32, 8, 1, 1));
}

#[test]
fn mcdonnell22() {
    examples_match("mcdonnell22.cubes", counts(352, 176, 22, 22));
}

#[test]
fn instant_insanity() {
    examples_match("instant-insanity.cubes", counts(8, 8, 1, 1));
}

#[test]
fn modes_first_limit_count() {
    let inst = example("mcdonnell22.cubes");
    for m in METHODS {
        let all = solve(&inst, m, &SolveOptions::default());
        let first = solve(
            &inst,
            m,
            &SolveOptions {
                mode: Mode::First,
                explain: false,
                ..Default::default()
            },
        );
        assert_eq!(first.counts, None, "{}", m.name());
        assert_eq!(first.solutions.len(), 1, "{}", m.name());
        check(&inst, &first.solutions[0]).unwrap();
        assert!(
            all.solutions.contains(&first.solutions[0]),
            "{}: first is a canonical form",
            m.name()
        );
        let limit = solve(
            &inst,
            m,
            &SolveOptions {
                mode: Mode::Limit(5),
                explain: false,
                ..Default::default()
            },
        );
        assert_eq!(limit.counts, all.counts);
        assert_eq!(limit.solutions, all.solutions[..5].to_vec(), "{}", m.name());
        let count = solve(
            &inst,
            m,
            &SolveOptions {
                mode: Mode::Count,
                explain: false,
                ..Default::default()
            },
        );
        assert_eq!(count.counts, all.counts);
        assert!(count.solutions.is_empty());
    }
}

#[test]
fn seed_node_figures() {
    // Blind walks the paper's Figure 1 tree with the branch cut; the heuristic
    // starts from 3 orientations; the number method's table has at most
    // 6^2 states per half for four cubes.
    let inst = example("nu.cubes");
    let blind = solve(&inst, Method::Blind, &SolveOptions::default()).stats;
    let heur = solve(&inst, Method::Heuristic, &SolveOptions::default()).stats;
    let num = solve(&inst, Method::Number, &SolveOptions::default()).stats;
    assert_eq!(blind.extra["leaves"], 32);
    assert!(blind.nodes > 24 && blind.nodes < 24 + 24 * 24 + 24 * 24 * 24 + 24u64.pow(4));
    assert_eq!(heur.extra["first_cube_orientations"], 3);
    assert!(heur.nodes < blind.nodes);
    assert!(num.nodes <= 2 * (6 + 36));
    assert_eq!(num.extra["matrix_entries"], 12);
    // nu has one solution: its two paths in both orders.
    assert_eq!(num.extra["path_pairs"], 2);
    assert_eq!(num.extra["paired_paths"], 2);
}

#[test]
fn explain_shows_numbers_matrix_and_paths() {
    let inst = example("nu.cubes");
    let r = solve(
        &inst,
        Method::Number,
        &SolveOptions {
            mode: Mode::All,
            explain: true,
            ..Default::default()
        },
    );
    let text = r.explanation.expect("explanation asked for").to_string();
    // Colours in order of appearance: 3 1 0 2 -> numbers 1 7 49 343; target 2*400.
    assert!(text.contains("colour i -> 7^i"), "{text}");
    assert!(text.contains(" 343\n"), "{text}");
    assert!(text.contains("of value 800"), "{text}");
    assert!(text.contains("pair 1:") && !text.contains("pair 2:"), "{text}");
    assert!(
        text.contains("path 1 (front-back)") && text.contains("path 2 (left-right)"),
        "{text}"
    );
    // Theorem 1 as the paper runs it, and the paper's walk of the matrix.
    assert!(text.contains("step 3: b is alpha's left element"), "{text}");
    assert!(text.contains("step 1: A is empty: stop"), "{text}");
    assert!(text.contains("(3^4 = 81 without the cut)"), "{text}");
    assert!(solve(&inst, Method::Number, &SolveOptions::default())
        .explanation
        .is_none());
}

/// Every tower listed and every pattern they stand for, re-derived without
/// any method: the orbits of the listed representatives under the tower
/// symmetries are all the patterns; `Counts::from_patterns` turns them into
/// counts from the per-cube rotation multiplicities.
fn counts_from_listed(inst: &Instance, reps: &[Tower]) -> Counts {
    let mut all = Vec::new();
    for t in reps {
        for m in symmetries() {
            all.push(t.iter().map(|s| std::array::from_fn(|i| s[m[i]])).collect::<Tower>());
        }
    }
    Counts::from_patterns(inst, &all)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn methods_agree_on_random_instances(n in 1usize..=6, plant in proptest::bool::weighted(0.7), seed in any::<u64>()) {
        let inst = random_instance(n, plant, seed);
        let reports: Vec<_> = METHODS.iter().map(|&m| solve(&inst, m, &SolveOptions::default())).collect();
        for r in &reports[1..] {
            prop_assert_eq!(r.counts, reports[0].counts, "{} vs blind", r.method.name());
            prop_assert_eq!(&r.solutions, &reports[0].solutions, "{} vs blind", r.method.name());
        }
        let counts = reports[0].counts.unwrap();
        prop_assert_eq!(reports[0].solutions.len() as u128, counts.distinct);
        if plant {
            prop_assert!(counts.distinct > 0);
        }
        for t in &reports[0].solutions {
            prop_assert!(check(&inst, t).is_ok());
        }
        if inst.quick_reason().is_none() {
            prop_assert_eq!(counts_from_listed(&inst, &reports[0].solutions), counts);
        }
        if n <= 3 && inst.quick_reason().is_none() {
            prop_assert_eq!(brute(&inst).orientations, counts.orientations);
        }
        for m in METHODS {
            let first = solve(&inst, m, &SolveOptions { mode: Mode::First, explain: false, ..Default::default() });
            prop_assert_eq!(first.solutions.len(), usize::from(counts.distinct > 0));
            for t in &first.solutions {
                prop_assert!(reports[0].solutions.contains(t));
            }
        }
    }
}

/// Past 8 cubes the number method sorts its patterns as slices rather than
/// packed keys, and the blind method packs sides in a u64: a few larger
/// planted sets, all three methods.
#[test]
fn larger_planted_sets_agree() {
    for seed in 0..3 {
        let inst = random_instance(9, true, seed);
        let reports: Vec<_> = METHODS
            .iter()
            .map(|&m| solve(&inst, m, &SolveOptions::default()))
            .collect();
        let counts = reports[0].counts.unwrap();
        assert!(counts.distinct > 0);
        for r in &reports[1..] {
            assert_eq!(r.counts, reports[0].counts, "seed {seed}, {}", r.method.name());
            assert_eq!(r.solutions, reports[0].solutions, "seed {seed}, {}", r.method.name());
        }
        for t in &reports[0].solutions {
            check(&inst, t).unwrap();
        }
        assert_eq!(counts_from_listed(&inst, &reports[0].solutions), counts);
    }
}
