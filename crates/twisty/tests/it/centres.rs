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
