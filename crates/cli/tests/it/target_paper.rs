//! `cubist target` for the rest of Johnson and Roldán's paper: Section 7's
//! prime method, the orbit of the minimum universal sets, Figure 9 and
//! Haraguchi's per-target numbers.

use crate::support::{json, ok, target_solve};

#[test]
fn solve_by_the_prime_method() {
    let v = json(&target_solve(
        "Cb",
        "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc",
        &["--method", "primes", "--json"],
    ));
    assert_eq!(v["method"], "primes");
    assert_eq!((v["count"].as_u64(), v["primes_count"].as_u64()), (Some(4), Some(4)));
    let ms: Vec<u64> = v["corner_counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["m"].as_u64().unwrap())
        .collect();
    assert_eq!(ms, [2, 2, 3, 1, 1, 2, 3, 2]);
    // Nine cubes: summed over the nine choices of eight.
    let v = json(&target_solve(
        "Ba",
        "Ac,Ad,Ae,Af,Cb,Db,Eb,Fb,Ba",
        &["--method", "primes", "--json"],
    ));
    assert_eq!(
        (v["count"].as_u64(), v["primes_count"].as_u64()),
        (Some(144), Some(144))
    );
    assert!(v.get("corner_counts").is_none());
    let text = ok(&target_solve("Cb", "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc", &["--method", "primes"]));
    assert!(text.contains("corner 243: m = 3, indices 7 11 19\n"), "{text}");
    assert!(
        text.contains("prime method: 4 (agrees with direct counting)\n"),
        "{text}"
    );
}

#[test]
#[ignore = "sweeps all 2^30 sets twice (seconds in release, minutes in the dev profile)"]
fn universal_sets_explained_as_one_orbit() {
    let v = json(&["target", "census", "--universal", "--explain", "--json"]);
    assert_eq!(v["count"], 10);
    let o = &v["orbit"];
    assert_eq!(o["group_order"], 1440);
    assert_eq!(o["colour_orbit_size"], 10);
    assert_eq!(o["colour_stabiliser_order"], 72);
    assert_eq!(o["group_orbit_is_all"], true);
    assert_eq!(o["splits"].as_array().unwrap().len(), 10);
}

#[test]
fn explain_goes_with_universal() {
    let (okay, _, err) = crate::support::cubist(&["target", "census", "--table2", "--explain"]);
    assert!(!okay);
    assert!(err.contains("--explain explains the minimum universal sets"), "{err}");
}

#[test]
fn haraguchi_per_target_and_figure9() {
    let v = json(&["target", "census", "--haraguchi", "--json"]);
    assert_eq!(v["census"], "haraguchi");
    assert_eq!(v["split"], "ABC|DEF");
    assert_eq!(v["targets"].as_array().unwrap().len(), 30);
    assert_eq!(v["targets"][0]["histogram"], serde_json::json!({"2": 7, "8": 2}));
    assert_eq!(v["targets"][2]["histogram"], serde_json::json!({"4": 1}));
    assert_eq!(
        v["levels"][0]["histogram"],
        serde_json::json!({"0": 441, "1": 18, "3": 36})
    );
    assert_eq!(v["levels"][3]["histogram"], serde_json::json!({"18": 12}));
}

#[test]
fn a_cube_of_another_family_answers() {
    let v = json(&["target", "cube", "1 1 2 3 4 4", "--json"]);
    assert_eq!(v["command"], "target cube");
    assert_eq!(v["k"], 4);
    assert_eq!(v["family_size"], 68);
    assert_eq!(v["symmetry_count"], 2);
    assert_eq!(v["self_weights"], serde_json::json!([2, 2, 2, 2, 2, 2, 2, 2]));
    // Any tokens: renamed by first appearance.
    let w = json(&["target", "cube", "red red blue green white white", "--json"]);
    assert_eq!(w["faces"], v["faces"]);
    // A MacMahon cube keeps its answer; one colour is still an error.
    assert_eq!(json(&["target", "cube", "1 5 2 4 3 6", "--json"])["name"], "Ba");
    let (okay, _, err) = crate::support::cubist(&["target", "cube", "1 1 1 1 1 1"]);
    assert!(!okay && err.contains("is not a MacMahon cube"), "{err}");
}

#[test]
fn family_census_for_two_colours() {
    let v = json(&["target", "family", "--colours", "2", "--json"]);
    assert_eq!(v["command"], "target family");
    assert_eq!(
        (v["cube_count"].as_u64(), v["burnside_count"].as_u64()),
        (Some(8), Some(8))
    );
    assert_eq!(v["targets"].as_array().unwrap().len(), 5);
    assert_eq!(v["table2"]["histogram"], serde_json::json!({"4": 1}));
    assert_eq!(v["universal"]["size"], serde_json::Value::Null);
    let six = json(&["target", "family", "--colours", "6", "--json"]);
    assert_eq!(six["targets"][0]["orbit_size"], 30);
    assert_eq!(six["targets"][0]["collection_count"], 133680);
    // Within the default budget: Table 2 (by the collections holding one
    // cube: all 30 are one orbit) is MacMahon's, at most 5 targets, and
    // the universal sets are MacMahon's 10 sets of 12.
    assert_eq!(six["table2_work"], 1_560_780);
    assert_eq!(six["table2"]["max"], 5);
    assert_eq!(six["table2"]["histogram"]["5"], 360);
    assert_eq!(
        (six["universal"]["size"].as_u64(), six["universal"]["count"].as_u64()),
        (Some(12), Some(10))
    );
    assert_eq!(six["universal_size_at_least"], serde_json::Value::Null);
    let four = json(&["target", "family", "--colours", "4", "--json"]);
    let u = &four["universal"];
    assert_eq!((u["size"].as_u64(), u["count"].as_u64()), (Some(10), Some(102)));
    assert_eq!(
        (u["orbit_count"].as_u64(), u["mirror_orbit_count"].as_u64()),
        (Some(10), Some(7))
    );
    assert_eq!(u["method"], "search");
    assert_eq!(four["blocks"]["bound"], 4);
    // K = 5 at the default budget: the colour blocks alone rule out every
    // set of fewer than 15 cubes; counting the sets of 15 is over the
    // budget.
    let five = json(&["target", "family", "--colours", "5", "--json"]);
    assert_eq!(
        five["blocks"],
        serde_json::json!({"block_size": 12, "need": 3, "set_count": 128, "disjoint": true, "bound": 15})
    );
    assert_eq!(five["universal"], serde_json::Value::Null);
    assert_eq!(five["universal_size_at_least"], 15);
    for bad in [
        &["--colours", "7"][..],
        &["--colours", "3", "--budget", "2000000000000"],
    ] {
        let mut args = vec!["target", "family"];
        args.extend_from_slice(bad);
        let (okay, _, err) = crate::support::cubist(&args);
        assert!(!okay && err.starts_with("cubist: --"), "{err}");
    }
}

#[test]
fn extend_builds_or_names_the_blockage() {
    let eight = "Bc,Bd,Be,Bf,Ca,Da,Ea,Fa"; // Conway's eight for Ab
    let with = |filler: &str| format!("{eight}{}", format!(",{filler}").repeat(19));
    // The 3x3x3 model of Ab from Conway's eight and 19 copies of `filler`.
    let extend = |filler: &str| {
        json(&[
            "target",
            "extend",
            "--target",
            "Ab",
            "--n",
            "3",
            "--cubes",
            &with(filler),
            "--json",
        ])
    };
    let v = extend("Ab");
    assert_eq!(v["command"], "target extend");
    assert_eq!(v["builds"], true);
    assert_eq!(v["placed_cubes"].as_array().unwrap().len(), 27);
    let v = extend("Ac");
    assert_eq!(v["builds"], false);
    assert_eq!(
        (v["blocked_position_count"].as_u64(), v["fitting_cube_count"].as_u64()),
        (Some(11), Some(8))
    );
    let (okay, _, err) = crate::support::cubist(&["target", "extend", "--target", "Ab", "--n", "17", "--cubes", eight]);
    assert!(!okay && err.contains("--n: n = 17"), "{err}");
}
