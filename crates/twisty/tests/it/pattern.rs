//! Patterns: what each named mask of the 3x3x3 counts as solved, and the
//! mask file's errors (file, line, column).

use cubist_twisty::pattern::{Keep, Pattern};
use cubist_twisty::{library, notation, tws, Puzzle};

fn solved_to(cube: &Puzzle, mask: &str, alg: &str) -> bool {
    let p = Pattern::named(cube, mask).unwrap().apply(cube).unwrap();
    p.shows_solved(&notation::parse(cube, alg).unwrap())
}

#[test]
fn named_masks_keep_what_cubers_mean() {
    let cube = library::puzzle("3x3x3").unwrap();
    let cases = [
        ("cross", "U R U' R'", true),
        ("cross", "R", false),
        ("xcross", "U L U' L'", true),
        ("xcross", "R U R'", false),
        ("f2l", "U2", true),
        ("f2l", "R U R'", false),
        // A T permutation keeps the last layer oriented; a Sune does not.
        ("oll", "R U R' U' R' F R2 U' R' U' R U R' F'", true),
        ("oll", "R U R' U R U2 R'", false),
        ("eo", "R U L D2 B2", true),
        ("eo", "F", false),
        ("eoline", "R U L", true),
        ("eoline", "D", false),
        ("dr", "R2 U F2 D' L2", true),
        ("dr", "R", false),
    ];
    for (mask, alg, want) in cases {
        assert_eq!(solved_to(&cube, mask, alg), want, "{mask}: {alg}");
    }
    // The cross keeps 4 edges; its ignored pieces are free and alike.
    let cross = Pattern::named(&cube, "cross").unwrap();
    assert_eq!(cross.keep[1].iter().filter(|k| **k == Keep::Home).count(), 4);
    let p = cross.apply(&cube).unwrap();
    assert_eq!(p.pattern.as_deref(), Some("cross"));
    assert_eq!(p.free[1].iter().filter(|&&f| f).count(), 8);
    assert!(p.free[0].iter().all(|&f| f));
    // Another puzzle, an unknown name.
    let two = library::puzzle("2x2x2").unwrap();
    let e = Pattern::named(&two, "cross").unwrap_err().to_string();
    assert!(e.contains("not a 3x3x3"), "{e}");
    let e = Pattern::named(&cube, "crosss").unwrap_err().to_string();
    assert!(e.contains("the named masks are cross,"), "{e}");
}

#[test]
fn mask_files_read_and_refuse_with_their_place() {
    let cube = library::puzzle("3x3x3").unwrap();
    let text = "# the D cross\npuzzle 3x3x3\nEDGE * * * = * * * = * = * =  # D edges\nCORNER * * * * * * * *\n";
    let file = Pattern::parse(&cube, "dir/cross.txt", text).unwrap();
    assert_eq!(file.name, "cross");
    assert_eq!(file.keep, Pattern::named(&cube, "cross").unwrap().keep);
    let err = |text: &str| Pattern::parse(&cube, "m.txt", text).unwrap_err().to_string();
    assert_eq!(err("EDGE * *\n"), "m.txt:1:9: set EDGE has 12 slots; 2 tokens given");
    assert!(
        err("\n  EDGES *").starts_with("m.txt:2:3: unknown set \"EDGES\" (the sets of 3x3x3: CORNER, EDGE, CENTER)")
    );
    assert!(err("EDGE = = = = = = = = = = = = =")
        .starts_with("m.txt:1:30: set EDGE has 12 slots; this is one token too many"));
    assert!(err("CORNER a b c d e f g ?").starts_with("m.txt:1:22: \"?\" is no slot token"));
    assert!(err("puzzle 2x2x2").starts_with("m.txt:1:8: this mask is for 2x2x2, not for 3x3x3"));
    assert!(err("CORNER = = = = = = = =\nCORNER = = = = = = = =").starts_with("m.txt:2:1: set CORNER is given twice"));
    assert_eq!(err("# nothing\n"), "m.txt: no set in the mask file");
    // A mask for the 3x3x3 does not fit the 2x2x2.
    let two = library::puzzle("2x2x2").unwrap();
    assert!(file
        .apply(&two)
        .unwrap_err()
        .to_string()
        .contains("another puzzle's sets"));
}

/// A pattern's free pieces survive a `.tws` round trip as twsearch's
/// orientation wildcards: the cross puzzle written and read back has the
/// same free pieces, labels and moves, and a state written for it reads
/// back the same, its free pieces' orientations read as 0.
#[test]
fn free_pieces_round_trip_through_tws() {
    let cube = library::puzzle("3x3x3").unwrap();
    let p = Pattern::named(&cube, "cross").unwrap().apply(&cube).unwrap();
    let text = tws::write(&p);
    // The Solved block: the corners alike and all `?`, eight edges alike
    // and `?`, the labels numbered from 1 without gaps (as twsearch
    // wants them), the centres 0.
    let solved = "CORNER\n1 1 1 1 1 1 1 1\n? ? ? ? ? ? ? ?\n\
                  EDGE\n5 5 5 1 5 5 5 2 5 3 5 4\n? ? ? 0 ? ? ? 0 ? 0 ? 0\n";
    assert!(text.contains(solved), "{text}");
    let again = tws::parse(&text, "cross.tws").unwrap();
    for (k, set) in p.sets.iter().enumerate() {
        for i in 0..set.size {
            assert_eq!(again.is_free(k, i), p.is_free(k, i), "{} {i}", set.name);
        }
    }
    assert_eq!(again.moves, p.moves);
    // The same pieces alike: the labels differ only in their numbers.
    for (a, b) in again.solved.iter().zip(&p.solved) {
        for i in 0..a.len() {
            for j in 0..a.len() {
                assert_eq!(a[i] == a[j], b[i] == b[j]);
            }
        }
    }
    let e = notation::parse(&p, "R U F").unwrap();
    let state = tws::write_state(&p, "s", &e);
    let read = tws::parse_scrambles(&state, "s.scr", &again).unwrap();
    // Read back, each free piece has orientation 0; the rest as written.
    let mut want = e.clone();
    for (k, w) in want.iter_mut().enumerate() {
        let inv = w.perm().inverse();
        let orient: Vec<u32> = (0..inv.images().len())
            .map(|i| {
                if p.is_free(k, inv.images()[i] as usize) {
                    0
                } else {
                    w.orient()[i]
                }
            })
            .collect();
        *w = cubist_perm::Wreath::new(w.perm().clone(), orient, w.modulus()).unwrap();
    }
    assert_eq!(read[0].element, want);
    // The plain cube's state file refuses a `?`: its orientations count.
    let err = tws::parse_scrambles(&state, "s.scr", &cube).unwrap_err().to_string();
    assert!(
        err.contains("has the orientation ?, but the orientation of its piece counts"),
        "{err}"
    );
}
