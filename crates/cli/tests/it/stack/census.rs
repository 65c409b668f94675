//! The `cubist stack census` and `cubist cubes list` commands, run as a user
//! runs them: JSON fields, the SVG plot, checkpoint resumption, bad input.

use crate::support::{cubist, json};

/// The census of 3 cubes of the 4-colour family, as JSON.
const K4_3: &[&str] = &["stack", "census", "--colours", "4", "--cubes", "3", "--json"];

#[test]
fn cubes_list_sizes_and_numbering() {
    for (k, size) in [(1, 1), (2, 8), (3, 30), (4, 68), (5, 75), (6, 30)] {
        let v = json(&["cubes", "list", "--colours", &k.to_string(), "--json"]);
        assert_eq!(v["count"], size);
        assert_eq!(
            (v["command"].as_str(), v["colour_count"].as_u64()),
            (Some("cubes list"), Some(k as u64))
        );
        assert_eq!(v["cubist"], env!("CARGO_PKG_VERSION"));
        let cubes = v["cubes"].as_array().unwrap();
        assert_eq!(cubes.len(), size);
        for (i, c) in cubes.iter().enumerate() {
            assert_eq!(c["number"], i + 1);
            let faces: Vec<u64> = c["faces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f.as_u64().unwrap())
                .collect();
            assert_eq!(faces.len(), 6);
            // Exactly K colours, printed 1..K.
            let mut used = faces.clone();
            used.sort();
            used.dedup();
            assert_eq!(used, (1..=k as u64).collect::<Vec<_>>());
        }
    }
    let (ok, out, _) = cubist(&["cubes", "list", "--colours", "2"]);
    assert!(ok);
    assert!(out.contains("   6  1 2 1 2 1 2"), "{out}");
    let (ok, _, err) = cubist(&["cubes", "list", "--colours", "7"]);
    assert!(!ok && err.contains("7"), "{err}");
}

#[test]
fn census_json_of_a_small_census() {
    let v = json(&["stack", "census", "--colours", "3", "--json"]);
    assert_eq!(v["set_count"], 4060);
    assert_eq!(
        (v["cubist"].as_str(), v["command"].as_str()),
        (Some(env!("CARGO_PKG_VERSION")), Some("stack census"))
    );
    assert_eq!(
        (
            v["colour_count"].as_u64(),
            v["cube_count"].as_u64(),
            v["family_size"].as_u64()
        ),
        (Some(3), Some(3), Some(30))
    );
    assert_eq!(v["face_order"], "F B L R T D");
    assert_eq!(v["rule"], "all_colours");
    let hist = v["histogram"].as_object().unwrap();
    let total: u64 = hist.values().map(|x| x.as_u64().unwrap()).sum();
    assert_eq!(total, 4060);
    assert_eq!(hist["1"], v["unique_count"]);
    assert_eq!(
        v["unique"].as_array().unwrap().len() as u64,
        v["unique_count"].as_u64().unwrap()
    );
    let max = v["max"].as_u64().unwrap();
    assert!(hist.contains_key(&max.to_string()));
    assert_eq!(hist[&max.to_string()], v["max_count"]);
    // N < K and N > K.
    let v = json(&["stack", "census", "--colours", "4", "--cubes", "2", "--json"]);
    assert_eq!(
        (v["set_count"].as_u64(), v["rule"].as_str()),
        (Some(2278), Some("no_repeat"))
    );
    let v = json(&["stack", "census", "--colours", "2", "--cubes", "3", "--json"]);
    assert_eq!(v["histogram"], serde_json::json!({"0": 56}));
    assert_eq!(v["max_sets"], serde_json::json!([]));
}

#[test]
fn census_text_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("k3.svg");
    let (ok, out, err) = cubist(&["stack", "census", "--colours", "3", "--plot", svg.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("4060 sets of 3 distinct cubes"), "{out}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("log scale"));
    // No progress bar when stderr is not a terminal.
    assert!(err.is_empty(), "{err}");
}

#[test]
fn census_checkpoint_resumes_and_refuses_another_census() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("k4.ck");
    let ck = ck.to_str().unwrap();
    let whole = json(K4_3);
    let first = json(&[K4_3, &["--checkpoint", ck]].concat());
    assert_eq!(first, whole);
    // Simulate a kill: keep the header and the first two chunks, cut the third line in half.
    let text = std::fs::read_to_string(ck).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 4);
    let cut = format!(
        "{}\n{}\n{}\n{}",
        lines[0],
        lines[1],
        lines[2],
        &lines[3][..lines[3].len() / 2]
    );
    std::fs::write(ck, cut).unwrap();
    let resumed = json(&[K4_3, &["--checkpoint", ck]].concat());
    assert_eq!(resumed, whole);
    assert_eq!(std::fs::read_to_string(ck).unwrap().lines().count(), lines.len());
    let (ok, _, err) = cubist(&["stack", "census", "--colours", "4", "--checkpoint", ck]);
    assert!(!ok);
    assert!(err.contains(ck) && err.contains("--colours 4 --cubes 3"), "{err}");
}

#[test]
fn census_bad_arguments() {
    let (ok, _, err) = cubist(&["stack", "census", "--colours", "3", "--cubes", "31"]);
    assert!(!ok && err.contains("--cubes must be 1..30"), "{err}");
    let (ok, _, err) = cubist(&["stack", "census", "--colours", "0"]);
    assert!(!ok && err.contains("0"), "{err}");
}
