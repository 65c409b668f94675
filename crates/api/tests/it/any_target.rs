//! `target solve` and `target extend` on cubes of any family: the counts
//! against independent computations (a maximum flow, the K-colour family's
//! universal sets, closed forms), the choice between MacMahon's puzzle and
//! the general one, and the refusals.

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
                    file: None,
                    n: 2,
                },
                &Context::default(),
            )
            .unwrap();
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
