//! `target solve` and `target extend` on cubes of any family: the counts
//! against independent computations (a maximum flow, the K-colour family's
//! universal sets, closed forms), the choice between MacMahon's puzzle and
//! the general one, and the refusals; every target of a family at once
//! (`--every-target`) against one target at a time.

use cubist_api::target::{self, SolveAnswer, SolveRequest};
use cubist_api::{to_json, Context};

fn solve(target: &str, cubes: &str) -> Result<SolveAnswer, cubist_api::Error> {
    let req = SolveRequest {
        target: target.into(),
        cubes: Some(cubes.into()),
        limit: 5,
        ..Default::default()
    };
    target::solve(&req, &Context::default())
}

fn any(answer: SolveAnswer) -> target::any::AnySolveReport {
    match answer {
        SolveAnswer::Any(r) => *r,
        SolveAnswer::MacMahon(r) => panic!("MacMahon's puzzle for {:?}", r.cubes),
        SolveAnswer::Every(_) => panic!("every target"),
    }
}

/// A small deterministic generator.
fn lcg(state: &mut u64) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*state >> 33) as usize
}

/// A cube's faces as digits.
fn text(c: &cubist_cube::Cube) -> String {
    c.faces.map(|x| (x.0 + 1).to_string()).join(" ")
}

/// The K = 4 family's minimum universal sets (ten cubes, computed by
/// `target family`'s search) each build all 68 targets; a set missing a
/// cube fails some target.
#[test]
fn a_universal_set_of_the_four_colour_family_builds_all_68_targets() {
    let fam = target::family::report(4, 2_000_000, &Default::default()).unwrap();
    let u = fam.universal.unwrap();
    assert_eq!(u.size, Some(10));
    let set = u.examples[0].join(",");
    let family = cubist_cube::family(4);
    assert_eq!(family.len(), 68);
    for t in &family {
        let r = any(solve(&text(t), &set).unwrap());
        assert!(r.builds, "{} does not build {}", set, text(t));
        assert!(r.count_rotations >= r.count);
    }
    // Without its last cube the set is not universal (it is minimum).
    let nine = u.examples[0][..9].join(",");
    let built = family
        .iter()
        .filter(|t| any(solve(&text(t), &nine).unwrap()).builds)
        .count();
    assert!(built < 68, "{built}");
}

/// Whether eight to ten random cubes of a family build a target, by the
/// counts (`target solve`) and by a maximum flow (`target extend` with
/// n = 2): the same answer every time.
#[test]
fn solve_and_the_flow_agree_on_random_collections() {
    let mut seed = 99;
    let mut builds = 0;
    for k in 2..=5 {
        let fam = cubist_cube::family(k);
        for _ in 0..25 {
            let t = text(&fam[lcg(&mut seed) % fam.len()]);
            let n = 8 + lcg(&mut seed) % 3;
            let cubes: Vec<String> = (0..n).map(|_| text(&fam[lcg(&mut seed) % fam.len()])).collect();
            let r = any(solve(&t, &cubes.join(",")).unwrap());
            let ext = target::extend(
                &target::ExtendRequest {
                    target: t.clone(),
                    cubes: Some(cubes.join(",")),
                    n: 2,
                    ..Default::default()
                },
                &Context::default(),
            )
            .unwrap();
            let target::ExtendAnswer::One(ext) = ext else {
                panic!("one target")
            };
            assert_eq!(r.builds, ext.builds, "{t}: {cubes:?}");
            assert_eq!(r.count_by_corner, Some(r.count));
            builds += usize::from(r.builds);
        }
    }
    // Both answers occur.
    assert!((10..90).contains(&builds), "{builds}");
}

/// Eight copies of a cube whose opposite faces match: every filling looks
/// the same up to copies, and matches inside too; each copy fits each corner
/// in the orientations its symmetry allows.
#[test]
fn eight_copies_closed_forms() {
    let cubes = ["1 1 2 2 3 3"; 8].join(",");
    let req = SolveRequest {
        target: "1 1 2 2 3 3".into(),
        cubes: Some(cubes),
        interior: true,
        limit: 2,
        ..Default::default()
    };
    let r = any(target::solve(&req, &Context::default()).unwrap());
    // One look per corner: 8! fillings, one arrangement up to copies.
    assert_eq!((r.count, r.count_up_to_copies), (40_320, Some(1)));
    // Counting rotations: the cube's four rotational symmetries (the
    // identity and the half turns about the three face axes, which keep
    // each pair of opposite faces) each show the same look: 8! x 4^8.
    assert_eq!(r.count_rotations, 40_320 * 4u128.pow(8));
    assert_eq!(r.interior_count, Some(40_320));
    assert_eq!(r.colour_count, 3);
    assert_eq!(r.solutions.len(), 2);
}

/// Words and digits give the same counts; MacMahon's cubes keep their own
/// puzzle (the graph model); mixing namings, the prime method and too few
/// cubes are refused with what to do.
#[test]
fn namings_paths_and_refusals() {
    let digits = "1 1 2 3 4 5,1 2 3 4 5 5,1 1 2 2 3 4,1 2 1 2 3 4,1 2 3 4 5 1,2 2 1 3 4 5,5 4 3 2 1 1,1 1 2 3 4 5";
    let words = digits
        .replace('1', "red")
        .replace('2', "green")
        .replace('3', "blue")
        .replace('4', "white")
        .replace('5', "pink");
    let a = any(solve("1 1 2 3 4 5", digits).unwrap());
    let b = any(solve("red red green blue white pink", &words).unwrap());
    assert_eq!((a.count, a.count_rotations), (b.count, b.count_rotations));
    assert_eq!(b.colours, ["red", "green", "blue", "white", "pink"]);
    let doc: serde_json::Value = serde_json::from_str(&to_json(&b).unwrap()).unwrap();
    assert_eq!(doc["command"], "target solve");
    assert!(doc.get("graph").is_none() && doc.get("count_rotations").is_some());

    let m = solve("Cb", "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc").unwrap();
    let doc: serde_json::Value = serde_json::from_str(&to_json(&m).unwrap()).unwrap();
    assert_eq!((doc["count"].as_u64(), doc.get("graph").is_some()), (Some(4), true));

    let e = solve("red red green blue white pink", &format!("{digits},Ba")).unwrap_err();
    assert!(e.to_string().contains("give the colours' order with --colours"), "{e}");
    let req = SolveRequest {
        target: "1 1 2 3 4 5".into(),
        cubes: Some(digits.into()),
        method: target::Method::Primes,
        ..Default::default()
    };
    let e = target::solve(&req, &Context::default()).unwrap_err();
    assert!(e.to_string().contains("MacMahon's cubes only"), "{e}");
    let e = solve("1 1 2 3 4 5", "1 1 2 3 4 5,1 2 3 4 5 5").unwrap_err();
    assert!(e.to_string().contains('2'), "{e}");
}

/// `target solve --every-target`.
fn every(cubes: &str, family: Option<usize>) -> Result<target::every::EverySolveReport, cubist_api::Error> {
    let req = SolveRequest {
        cubes: Some(cubes.into()),
        every_target: true,
        family,
        ..Default::default()
    };
    match target::solve(&req, &Context::default())? {
        SolveAnswer::Every(r) => Ok(*r),
        _ => panic!("every target"),
    }
}

/// `target extend --every-target`.
fn every_extend(cubes: &str, n: usize, family: Option<usize>) -> target::every::EveryExtendReport {
    let req = target::ExtendRequest {
        cubes: Some(cubes.into()),
        n,
        every_target: true,
        family,
        ..Default::default()
    };
    match target::extend(&req, &Context::default()).unwrap() {
        target::ExtendAnswer::Every(r) => *r,
        target::ExtendAnswer::One(_) => panic!("every target"),
    }
}

/// The ten cubes of examples/four-colour-ten.cubes against all 68 targets
/// at once: universal, every target's two counts equal to `target solve
/// --target`'s for that target alone (its own two counters), and the
/// n = 2 maximum flow agreeing target by target. Without a cube: 57.
#[test]
fn every_target_of_the_four_colour_family_at_once_and_one_by_one() {
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/four-colour-ten.cubes"
    ))
    .unwrap();
    let ten: Vec<&str> = file.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(ten.len(), 10);
    let r = every(&ten.join(","), None).unwrap();
    assert_eq!((r.family.colour_count, r.family.target_count), (4, 68));
    assert_eq!((r.built_count, r.universal), (68, true));
    let flow = every_extend(&ten.join(","), 2, Some(4));
    for (t, f) in r.targets.iter().zip(&flow.targets) {
        assert_eq!(t.target, f.target);
        assert!(f.builds, "{}", t.target);
        let one = any(solve(&t.target, &ten.join(",")).unwrap());
        assert_eq!(
            (t.count, t.count_rotations),
            (one.count, one.count_rotations),
            "{}",
            t.target
        );
        assert_eq!(t.solution.as_ref().map(Vec::len), Some(8));
    }
    let nine = every(&ten[..9].join(","), Some(4)).unwrap();
    assert_eq!((nine.built_count, nine.universal), (57, false));
    for t in nine.targets.iter().filter(|t| !t.builds) {
        assert!(t.short_fitting_count.unwrap() < t.short_positions.len(), "{}", t.target);
        assert_eq!(any(solve(&t.target, &ten[..9].join(",")).unwrap()).count, 0);
    }
}

/// Random multisets of the 2- to 5-colour families: which targets they
/// build, by `--every-target` (Hall's condition and the count) and by the
/// maximum flow of `target extend --every-target --n 2`, target by target.
#[test]
fn every_target_and_the_flow_agree_on_random_multisets() {
    let mut seed = 7;
    let mut built = 0;
    for k in 2..=5 {
        let fam = cubist_cube::family(k);
        for _ in 0..4 {
            let n = 8 + lcg(&mut seed) % 5;
            let cubes: Vec<String> = (0..n).map(|_| text(&fam[lcg(&mut seed) % fam.len()])).collect();
            let r = every(&cubes.join(","), Some(k)).unwrap();
            let f = every_extend(&cubes.join(","), 2, Some(k));
            assert_eq!(r.family.target_count, fam.len());
            for (a, b) in r.targets.iter().zip(&f.targets) {
                assert_eq!(a.builds, b.builds, "k = {k}, {}: {cubes:?}", a.target);
                assert_eq!(a.builds, a.count > 0);
            }
            assert_eq!(r.built_count, f.built_count);
            built += r.built_count;
        }
    }
    assert!(built > 0);
}

/// MacMahon's cubes: a minimum universal set builds all 30 targets, named,
/// each count equal to the graph model's (`target solve --target`); one
/// cube fewer builds fewer.
#[test]
fn every_macmahon_target_at_once() {
    let set = "Ab,Af,Ba,Bf,Cd,Ce,Dc,De,Ec,Ed,Fa,Fb";
    let r = every(set, None).unwrap();
    assert_eq!((r.family.colour_count, r.built_count, r.universal), (6, 30, true));
    for t in &r.targets {
        let name = t.name.as_deref().expect("MacMahon's names");
        let SolveAnswer::MacMahon(one) = solve(name, set).unwrap() else {
            panic!("MacMahon's puzzle")
        };
        assert_eq!(t.count, one.count, "{name}");
    }
    assert!(every(&set[..set.len() - 3], None).unwrap().built_count < 30);
}

/// The family read from the cubes or given, and the refusals.
#[test]
fn every_target_families_and_refusals() {
    // Colours 1, 2 and 4 (no 3): the 3-colour family on them.
    let r = every(
        "1 1 2 2 4 4,1 2 1 2 4 4,1 1 2 4 2 4,1 2 4 1 2 4,4 4 1 1 2 2,2 2 4 4 1 1,1 1 2 2 4 4,1 2 4 4 2 1",
        None,
    )
    .unwrap();
    assert_eq!(
        (r.family.family_colours.clone(), r.family.target_count),
        (vec![1, 2, 4], 30)
    );
    // Given K = 4 instead: the 68 targets on 1..4, none built (colour 3 is
    // on every one of them, on no cube).
    let r4 = every(
        "1 1 2 2 4 4,1 2 1 2 4 4,1 1 2 4 2 4,1 2 4 1 2 4,4 4 1 1 2 2,2 2 4 4 1 1,1 1 2 2 4 4,1 2 4 4 2 1",
        Some(4),
    )
    .unwrap();
    assert_eq!((r4.family.target_count, r4.built_count), (68, 0));
    let eight = ["1 1 2 2 3 3"; 8].join(",");
    let err = |family, cubes: &str| every(cubes, family).unwrap_err().to_string();
    assert!(err(Some(2), &eight).contains("outside colours 1..2"));
    assert!(err(Some(7), &eight).contains("2 to 6"));
    assert!(err(None, &["1 1 1 1 1 1"; 8].join(",")).contains("give the family with --family"));
    assert!(err(None, &["1 2 3 4 5 6", "1 2 3 4 5 7"].repeat(4).join(",")).contains("7 colours"));
    assert!(err(None, &["1 1 2 2 3 3"; 7].join(",")).contains("at least 8"));
    let refused = |req: SolveRequest| target::solve(&req, &Context::default()).unwrap_err().to_string();
    let base = SolveRequest {
        cubes: Some(eight.clone()),
        every_target: true,
        ..Default::default()
    };
    let with_target = SolveRequest {
        target: "1 1 2 2 3 3".into(),
        ..base.clone()
    };
    assert!(refused(with_target).contains("give no --target"));
    assert!(refused(SolveRequest {
        interior: true,
        ..base.clone()
    })
    .contains("--interior"));
    let one = SolveRequest {
        target: "1 1 2 2 3 3".into(),
        cubes: Some(eight.clone()),
        family: Some(3),
        ..Default::default()
    };
    assert!(refused(one).contains("goes with it"));
    // target extend bounds the kinds of cube before the flow.
    let many: Vec<String> = (0..600).map(|i| format!("w{i} w{i} x{i} x{i} y{i} y{i}")).collect();
    let req = target::ExtendRequest {
        target: "w0 w0 x0 x0 y0 y0".into(),
        cubes: Some(many.join(",")),
        n: 2,
        ..Default::default()
    };
    let e = target::extend(&req, &Context::default()).unwrap_err();
    assert!(e.to_string().contains("kinds of cube"), "{e}");
}
