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

/// Pochmann's tokens mean what the WCA's scramblers and cubing.js mean:
/// cubing.js writes `R++` as `2-3L2'` and `D++` as `2-3U2'` (everything
/// but `L`, or `U`, turned two fifths), so relative to the centres they are
/// `L2` and `U2`. The state of a whole scramble (the seven lines of
/// `twisty scramble megaminx --seed 7`) is the one cubing.js's megaminx
/// reaches: cubist's answer to it, played in cubing.js's model after the
/// scramble and the turn of the whole puzzle that brings its centres home,
/// solves it (checked with the vendored cubing.js under Node when this
/// text was recorded; the web page's copy is the same).
#[test]
fn pochmann_tokens_are_cubing_js_s() {
    let mega = library::puzzle("megaminx").unwrap();
    let rel = |alg: &str| relative_to_centres(&mega, &parse(&mega, alg).unwrap());
    assert_eq!(rel("R++"), parse(&mega, "L2").unwrap());
    assert_eq!(rel("R--"), parse(&mega, "L2'").unwrap());
    assert_eq!(rel("D++"), parse(&mega, "U2").unwrap());
    assert_eq!(rel("D--"), parse(&mega, "U2'").unwrap());
    let scramble = "R++ D++ R-- D-- R-- D++ R++ D-- R++ D-- U' \
                    R++ D++ R-- D++ R++ D-- R++ D++ R++ D++ U \
                    R++ D-- R++ D++ R++ D++ R-- D++ R++ D-- U' \
                    R-- D++ R-- D++ R++ D-- R++ D++ R-- D++ U \
                    R++ D-- R-- D-- R++ D++ R++ D++ R-- D-- U' \
                    R-- D++ R++ D-- R++ D-- R-- D-- R++ D++ U \
                    R++ D-- R-- D++ R++ D-- R-- D++ R-- D++ U";
    let state = "Scramble alg\nCORNER\n\
                 11 3 19 6 15 13 17 1 8 4 14 10 18 9 16 20 5 12 2 7\n\
                 0 0 2 2 0 1 0 2 0 1 2 0 2 0 2 2 0 1 0 1\nEDGE\n\
                 29 5 28 12 16 20 2 14 7 25 24 21 13 10 17 27 26 6 23 19 3 18 11 9 8 15 30 22 4 1\n\
                 1 1 0 0 0 1 0 0 1 1 0 0 1 0 1 1 0 1 0 1 1 0 0 1 1 0 0 1 0 0\nCENTER\n\
                 12 3 2 9 8 11 10 5 4 7 6 1\n0 0 0 0 0 0 0 0 0 0 0 0\nEnd\n";
    let e = parse(&mega, scramble).unwrap();
    assert_eq!(cubist_twisty::tws::write_state(&mega, "alg", &e), state);
    // `--moves` without U: the token U is Pochmann's again, the same turn.
    let no_u = cubist_twisty::notation::generators(&mega, &["F", "R"]).unwrap();
    assert_eq!(parse(&no_u, "U").unwrap(), parse(&mega, "U").unwrap());
}
