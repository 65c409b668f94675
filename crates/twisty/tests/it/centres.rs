//! Slice moves, rotations, wide moves and Pochmann's megaminx moves, taken
//! relative to the centres: the state a cuber holding the centres sees.

use cubist_twisty::library;
use cubist_twisty::notation::{parse, relative_to_centres};

#[test]
fn slices_and_rotations_become_outer_turns() {
    let cube = library::puzzle("3x3x3").unwrap();
    let rel = |s: &str| relative_to_centres(&cube, &parse(&cube, s).unwrap());
    // M turns as L between R and L: relative to the centres it is R L'.
    assert_eq!(rel("M"), parse(&cube, "R L'").unwrap());
    assert_eq!(rel("E"), parse(&cube, "U D'").unwrap());
    assert_eq!(rel("S'"), parse(&cube, "F B'").unwrap());
    // A rotation alone changes nothing a solver sees.
    assert_eq!(rel("x y2 z'"), cube.identity());
    // Rw = R with the middle slice = L x: relative to the centres, L.
    assert_eq!(rel("Rw"), parse(&cube, "L").unwrap());
    // After x, U turns what was F: x U x' is F.
    assert_eq!(rel("x U"), parse(&cube, "F").unwrap());
    // States the outer turns reach are left as they are.
    assert_eq!(rel("R U"), parse(&cube, "R U").unwrap());
}

#[test]
fn the_5x5x5_keeps_its_middle_centres_home() {
    let cube = library::puzzle("5x5x5").unwrap();
    let rel = |s: &str| relative_to_centres(&cube, &parse(&cube, s).unwrap());
    // 3Rw is x with the two layers on the left: L 2L.
    assert_eq!(rel("3Rw"), parse(&cube, "L 2L").unwrap());
    // After it, U turns the layer that was in front.
    assert_eq!(rel("3Rw U"), parse(&cube, "L 2L F").unwrap());
    assert_eq!(rel("3Rw U 3Rw'"), parse(&cube, "L 2L F 2L' L'").unwrap());
}

#[test]
fn pochmann_moves_turn_all_but_one_face() {
    let mega = library::puzzle("megaminx").unwrap();
    let e = parse(&mega, "R++").unwrap();
    let rel = relative_to_centres(&mega, &e);
    // R++ is, relative to the centres, one face turned two fifths: of order 5,
    // moving 5 corners and 5 edges.
    let moved: usize = rel
        .iter()
        .map(|w| (0..w.degree() as u32).filter(|&i| w.perm().image(i) != i).count())
        .sum();
    assert_eq!(moved, 10);
    assert_eq!(cubist_twisty::power(&rel, 5), mega.identity());
    // R++ then R-- is nothing; U five times is nothing.
    assert_eq!(parse(&mega, "R++ R--").unwrap(), mega.identity());
    assert_eq!(parse(&mega, "U U U U2").unwrap(), mega.identity());
    assert_eq!(parse(&mega, "D++ D-- U U'").unwrap(), mega.identity());
    // A whole line of a scramble lands in the group of the face turns.
    let line = parse(&mega, "R++ D-- R-- D++ R++ D-- R-- D-- R-- D-- U'").unwrap();
    let rel = relative_to_centres(&mega, &line);
    let chain = mega.chain();
    assert!(chain.contains(&mega.to_perm(&rel)));
}

/// Pochmann's tokens kept their meaning when the megaminx's faces were
/// renamed from `A`...`L` to cubing.js's names: a scramble of `twisty
/// scramble megaminx --seed 7` reaches the state it reached before (the
/// text `twisty apply` printed then; slots are numbered by the geometry,
/// not by the names), and its `U`, now the move `U`, is the same turn.
#[test]
fn a_pochmann_scramble_reaches_the_state_it_did_before_the_renaming() {
    let mega = library::puzzle("megaminx").unwrap();
    let scramble = "R++ D++ R-- D-- R-- D++ R++ D-- R++ D-- U' \
                    R++ D++ R-- D++ R++ D-- R++ D++ R++ D++ U \
                    R++ D-- R++ D++ R++ D++ R-- D++ R++ D-- U' \
                    R-- D++ R-- D++ R++ D-- R++ D++ R-- D++ U \
                    R++ D-- R-- D-- R++ D++ R++ D++ R-- D-- U' \
                    R-- D++ R++ D-- R++ D-- R-- D-- R++ D++ U \
                    R++ D-- R-- D++ R++ D-- R-- D++ R-- D++ U";
    let before = "Scramble alg\nCORNER\n\
                  4 19 3 17 2 6 14 7 20 15 13 9 18 5 1 10 16 8 12 11\n\
                  2 2 1 0 2 1 0 2 0 0 0 2 1 1 2 0 1 1 1 2\nEDGE\n\
                  13 22 9 8 3 24 25 10 19 29 17 15 4 26 27 30 28 16 6 7 1 14 18 23 20 21 11 2 5 12\n\
                  1 1 1 1 1 1 1 0 1 0 1 1 1 1 1 1 0 0 0 0 0 1 0 1 0 0 1 0 1 0\nCENTER\n\
                  9 1 4 12 7 10 11 6 2 8 5 3\n0 0 0 0 0 0 0 0 0 0 0 0\nEnd\n";
    let e = parse(&mega, scramble).unwrap();
    assert_eq!(cubist_twisty::tws::write_state(&mega, "alg", &e), before);
    // `--moves` without U: the token U is Pochmann's again, the same turn.
    let no_u = cubist_twisty::notation::generators(&mega, &["F", "R"]).unwrap();
    assert_eq!(parse(&no_u, "U").unwrap(), parse(&mega, "U").unwrap());
}
