//! KPuzzle JSON: round trips, and an interoperability check through the
//! `cubing` crate (cubing.js's Rust port): the JSON cubist writes is loaded by
//! cubing, and move sequences applied by cubing and by cubist give the same
//! permutations and orientations.

use cubing::alg::Alg;
use cubing::kpuzzle::{KPuzzle, KPuzzleOrbitName};
use cubist_twisty::{kpuzzle, library, notation};

#[test]
fn round_trip() {
    for name in ["3x3x3", "4x4x4", "megaminx", "pyraminx", "three-coins"] {
        let p = library::puzzle(name).unwrap();
        let q = kpuzzle::parse(&kpuzzle::write(&p), name).unwrap();
        assert_eq!(q.moves.len(), p.moves.len());
        for m in &p.moves {
            assert_eq!(q.find_move(&m.name).unwrap().element, m.element, "{name} {}", m.name);
        }
        assert_eq!(q.solved, p.solved);
        assert_eq!(q.order(), p.order());
    }
}

#[test]
fn cubing_crate_agrees_on_move_sequences() {
    for (name, alg) in [
        ("3x3x3", "R U R' U' F2 D B' L"),
        ("4x4x4", "R 2U F' 2L2 B D'"),
        ("2x2x2", "R U2 F'"),
    ] {
        let p = library::puzzle(name).unwrap();
        let json = kpuzzle::write(&p);
        let kp = KPuzzle::try_from_json(json.as_bytes()).expect("cubing accepts cubist's JSON");
        let alg: Alg = alg.parse().unwrap();
        let t = kp.transformation_from_alg(&alg).unwrap().to_data();
        let ours = notation::parse(&p, &alg.to_string()).unwrap();
        for (set, w) in p.sets.iter().zip(&ours) {
            let orbit = &t[&KPuzzleOrbitName(set.name.clone())];
            let perm: Vec<u32> = orbit.permutation.iter().map(|&x| x as u32).collect();
            let orient: Vec<u32> = orbit.orientation_delta.iter().map(|&x| x as u32).collect();
            assert_eq!(perm, w.perm().inverse().images(), "{name} {}", set.name);
            assert_eq!(orient, w.orient(), "{name} {}", set.name);
        }
    }
}

#[test]
fn bad_json_names_file_and_line() {
    let e = kpuzzle::parse("{\n \"name\": 3\n}", "bad.json").unwrap_err();
    assert!(e.to_string().starts_with("bad.json:2:"), "{e}");
    assert_eq!((e.line, e.kind()), (Some(2), cubist_io::ErrorKind::Input));
    let p = library::puzzle("3x3x3").unwrap();
    let text = kpuzzle::write(&p).replacen(
        "\"orientationDelta\": [\n          0",
        "\"orientationDelta\": [\n          7",
        1,
    );
    let e = kpuzzle::parse(&text, "k.json").unwrap_err();
    assert!(e.to_string().contains("out of range"), "{e}");
}
