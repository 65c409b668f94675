//! The bridge between cubist's 3x3x3 and Kociemba's cube: its two tables
//! checked against the two arithmetics they join. Every expected value is
//! computed on the other side of the bridge (Kociemba's cubie cube, or
//! cubist's notation), never by the bridge itself.

use cubist_twisty::{compose, library, notation, tws, Element, Puzzle};
use cubist_twisty_search::twophase::{facelets, is_3x3x3, state_from_facelets, Bridge, SolveOptions, TwoPhaseSolver};
use cubist_twisty_search::Error;
use cubist_twophase::{format_moves, parse_moves, CubieCube, Move};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Kociemba's example string (his documentation and cubist-twophase's).
const KOCIEMBA: &str = "DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD";

/// A scramble reaching [`KOCIEMBA`]: the inverse of a two-phase solution of
/// it (`D2 R' D' F2 B D R2 D2 R U2 D2 L2 B2 D' B2 U' F2 R2 D' R2 U`, found
/// by `cubist twisty solve 3x3x3 --facelets` and verified there).
const KOCIEMBA_SCRAMBLE: &str = "U' R2 D R2 F2 U B2 D B2 L2 D2 U2 R' D2 R2 D' B' F2 D R D2";

fn cube() -> Puzzle {
    library::puzzle("3x3x3").unwrap()
}

/// The element a sequence of Kociemba's moves makes, by cubist's notation.
fn by_notation(p: &Puzzle, moves: &[Move]) -> Element {
    notation::parse(p, &format_moves(moves)).unwrap()
}

#[test]
fn the_kociemba_example_is_its_scramble() {
    let p = cube();
    // Kociemba's arithmetic: the scramble makes the string.
    let moves = parse_moves("scramble", KOCIEMBA_SCRAMBLE).unwrap();
    assert_eq!(CubieCube::from_moves(&moves).to_facelets(), KOCIEMBA);
    // cubist's: the string reads as the state the scramble reaches.
    let state = state_from_facelets(&p, "--facelets", KOCIEMBA).unwrap();
    assert_eq!(state, notation::parse(&p, KOCIEMBA_SCRAMBLE).unwrap());
    assert_eq!(facelets(&p, &state).unwrap(), KOCIEMBA);
}

/// Known scrambles: the string Kociemba's cubie arithmetic writes for each
/// reads as the state cubist's notation reaches. One is also written out:
/// `R` turns F's right column up onto U (the string of cubist-twophase's
/// documentation, worked out by hand).
#[test]
fn scrambles_read_as_their_states() {
    let p = cube();
    let r = state_from_facelets(&p, "r", "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB").unwrap();
    assert_eq!(r, notation::parse(&p, "R").unwrap());
    for scramble in [
        "",
        "U",
        "R U R' U'",
        "F2 B' L D2",
        "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2",
        "D2 F' U2 R2 B U' L2 F R' D2 B2 L U2 F' R2",
    ] {
        let text = CubieCube::from_moves(&parse_moves("s", scramble).unwrap()).to_facelets();
        let state = state_from_facelets(&p, "s", &text).unwrap();
        assert_eq!(state, notation::parse(&p, scramble).unwrap(), "{scramble}");
        assert_eq!(facelets(&p, &state).unwrap(), text, "{scramble}");
    }
}

/// Facelets to state to facelets, and state to facelets to state, on
/// random states of both sides (seeded).
#[test]
fn facelets_and_states_round_trip() {
    let p = cube();
    let bridge = Bridge::find(&p).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..300 {
        let c = CubieCube::random(&mut rng);
        let text = c.to_facelets();
        let state = bridge.state_from_facelets("random", &text).unwrap();
        assert_eq!(bridge.facelets(&state).unwrap(), text);
        assert_eq!(bridge.cube(&state).unwrap(), c);
    }
    let chain = p.chain();
    for _ in 0..300 {
        let state = p.random_element(&chain, &mut rng);
        let text = bridge.facelets(&state).unwrap();
        assert_eq!(bridge.state_from_facelets("random", &text).unwrap(), state);
    }
}

/// The facelet string read off the picture's net (any n x n x n cube)
/// is, on the 3x3x3, the bridge's Kociemba string: two ways of finding
/// the stickers (the net's regions, the bridge's nearest points) agree on
/// random states, slice moves and rotations included.
#[test]
fn the_nets_facelets_are_kociembas_on_the_3x3x3() {
    let p = cube();
    let bridge = Bridge::find(&p).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let chain = p.chain();
    for _ in 0..200 {
        let state = p.random_element(&chain, &mut rng);
        assert_eq!(cubist_twisty::picture::facelets(&p, &state), bridge.facelets(&state),);
    }
    // A slice move and a rotation turn the centres: both show where they went.
    for alg in ["M", "x y", "E' S2"] {
        let state = notation::parse(&p, alg).unwrap();
        assert_eq!(
            cubist_twisty::picture::facelets(&p, &state),
            bridge.facelets(&state),
            "{alg}"
        );
    }
}

/// Every n x n x n cube's string: `6 n²` letters, each face one letter
/// when solved, and a turn of the right face moves the right columns of
/// U, F, D and the left one of B (Kociemba's layout grown to n).
#[test]
fn facelets_of_every_cube() {
    for n in 2..=7 {
        let p = cubist_twisty::library::puzzle(&format!("{n}x{n}x{n}")).unwrap();
        let solved = cubist_twisty::notation::parse(&p, "").unwrap();
        let text = cubist_twisty::picture::facelets(&p, &solved).unwrap();
        let expected: String = "URFDLB".chars().flat_map(|c| std::iter::repeat_n(c, n * n)).collect();
        assert_eq!(text, expected, "{n}x{n}x{n} solved");
        let r = cubist_twisty::notation::parse(&p, "R").unwrap();
        let text = cubist_twisty::picture::facelets(&p, &r).unwrap();
        let face = |k: usize| &text[k * n * n..(k + 1) * n * n];
        let column = |f: &str, c: usize| -> String { (0..n).map(|row| f.as_bytes()[row * n + c] as char).collect() };
        let all = |c: char| std::iter::repeat_n(c, n).collect::<String>();
        assert_eq!(column(face(0), n - 1), all('F'), "{n}: U's right column after R");
        assert_eq!(column(face(2), n - 1), all('D'), "{n}: F's right column");
        assert_eq!(column(face(3), n - 1), all('B'), "{n}: D's right column");
        assert_eq!(column(face(5), 0), all('U'), "{n}: B's left column");
        assert_eq!(face(1), all('R').repeat(n), "{n}: R itself");
    }
    for name in ["skewb", "pyraminx", "megaminx", "3x3x3-centres"] {
        let p = cubist_twisty::library::puzzle(name).unwrap();
        let solved = cubist_twisty::notation::parse(&p, "").unwrap();
        assert_eq!(cubist_twisty::picture::facelets(&p, &solved), None, "{name}");
    }
}

/// The two tables agree with both arithmetics on random move sequences:
/// the cube of cubist's state is Kociemba's cube of the same moves, the
/// cube of a product is the product of the cubes, and the move table's
/// word is the element cubist's notation gives.
#[test]
fn the_tables_follow_both_arithmetics() {
    let p = cube();
    let bridge = Bridge::find(&p).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for _ in 0..100 {
        let n = rng.random_range(0..30);
        let moves: Vec<Move> = (0..n).map(|_| Move::from_index(rng.random_range(0..18))).collect();
        let state = by_notation(&p, &moves);
        assert_eq!(bridge.cube(&state).unwrap(), CubieCube::from_moves(&moves));
        let word = bridge.word(&moves);
        let gens: Vec<Element> = p.moves.iter().map(|m| m.element.clone()).collect();
        let evaluated = word.letters().iter().fold(p.identity(), |e, &(g, k)| {
            compose(&e, &cubist_twisty::power(&gens[g], k))
        });
        assert_eq!(evaluated, state);
        let other = p.random_element(&p.chain(), &mut rng);
        assert_eq!(
            bridge.cube(&compose(&state, &other)).unwrap(),
            bridge.cube(&state).unwrap().multiply(&bridge.cube(&other).unwrap())
        );
    }
}

/// The two-phase solver's answers on random states: each is checked here
/// once more by cubist's notation (the solver checks it too).
#[test]
fn two_phase_solutions_solve_random_states() {
    let p = cube();
    let solver = TwoPhaseSolver::new(&p, SolveOptions::default(), Some(&crate::cache_folder())).unwrap();
    let names: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
    let chain = p.chain();
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for _ in 0..20 {
        let state = p.random_element(&chain, &mut rng);
        let word = solver.solve(&state).unwrap();
        assert!(word.len() <= 21, "{}", word.format(&names));
        let after = cubist_twisty::alg::Alg::parse(&p, &word.format(&names))
            .unwrap()
            .apply(&p, &state)
            .unwrap();
        assert!(p.shows_solved(&after));
    }
    let state = state_from_facelets(&p, "--facelets", KOCIEMBA).unwrap();
    assert!(solver.solve(&state).unwrap().len() <= 21);
}

/// Impossible strings: each law has its message, naming the source and,
/// where there is one, the column.
#[test]
fn bad_strings_are_refused_with_their_place() {
    let p = cube();
    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let with = |changes: &[(usize, char)]| {
        let mut t: Vec<char> = SOLVED.chars().collect();
        for &(i, c) in changes {
            t[i] = c;
        }
        t.into_iter().collect::<String>()
    };
    let refused = |text: &str| -> cubist_io::InputError {
        let e = state_from_facelets(&p, "--facelets", text).unwrap_err();
        assert_eq!(e.kind(), cubist_io::ErrorKind::Input, "{e}");
        e.input().cloned().unwrap_or_else(|| panic!("not located: {e}"))
    };
    let e = refused(&SOLVED[..53]);
    assert_eq!(e.file, "--facelets");
    assert!(e.what.contains("54 characters, this one has 53"), "{e}");
    let e = refused(&with(&[(20, 'x')]));
    assert_eq!(
        (e.column, e.what.contains("not a face letter")),
        (Some(21), true),
        "{e}"
    );
    // A U sticker where an R belongs: ten U, eight R.
    let e = refused(&with(&[(9, 'U')]));
    assert!(e.what.contains("more than 9 times"), "{e}");
    // URF's stickers U9 R1 F3 turned in place.
    let e = refused(&with(&[(8, 'F'), (9, 'U'), (20, 'R')]));
    assert!(e.what.starts_with("corner twist"), "{e}");
    // UR's stickers U6 R2 swapped.
    let e = refused(&with(&[(5, 'R'), (10, 'U')]));
    assert!(e.what.starts_with("edge flip"), "{e}");
    // UR and UF swapped whole: one swap of two edges.
    let e = refused(&with(&[(10, 'F'), (19, 'R')]));
    assert!(e.what.starts_with("permutation parity"), "{e}");
    // Another cube reads its own length; a puzzle that is no cube, none.
    let two = library::puzzle("2x2x2").unwrap();
    let e = state_from_facelets(&two, "--facelets", SOLVED).unwrap_err().to_string();
    assert!(e.contains("the 2x2x2 has 24 characters, this one has 54"), "{e}");
    let megaminx = library::puzzle("megaminx").unwrap();
    let e = state_from_facelets(&megaminx, "--facelets", SOLVED)
        .unwrap_err()
        .to_string();
    assert!(e.contains("megaminx is not one"), "{e}");
}

/// Which puzzles have a bridge: the 3x3x3's geometry with the six face
/// turns, with slices or without, and the 3x3x3 without geometry; not the
/// other cubes, nor the 3x3x3 with fewer moves or marked centres. Only the
/// one with the six face turns alone counts as the 3x3x3 for the solvers
/// (with slices a shortest answer may use them).
#[test]
fn only_the_3x3x3_has_a_bridge() {
    assert!(is_3x3x3(&library::puzzle("3x3x3").unwrap()));
    let slices = library::puzzle("3x3x3-slices").unwrap();
    assert!(Bridge::find(&slices).is_some() && !is_3x3x3(&slices));
    for name in [
        "2x2x2",
        "4x4x4",
        "skewb",
        "megaminx",
        "3x3x3-centres",
        "3x3x3-centres-slices",
    ] {
        assert!(!is_3x3x3(&library::puzzle(name).unwrap()), "{name}");
    }
    assert!(!is_3x3x3(&cube().with_moves(&["U", "R", "F", "D", "L"]).unwrap()));
}

/// The 3x3x3 without geometry (exported and read back, its own numbering):
/// its states read and write the same strings as the built-in cube's.
#[test]
fn a_3x3x3_without_geometry_reads_the_same_strings() {
    let p = cube();
    let file = tws::parse(&tws::write(&p), "cube.tws").unwrap();
    assert!(file.geometry.is_none());
    let bridge = Bridge::find(&file).unwrap();
    for scramble in ["", "R", KOCIEMBA_SCRAMBLE, "L' B2 D F U R2"] {
        let text = facelets(&p, &notation::parse(&p, scramble).unwrap()).unwrap();
        let state = notation::parse(&file, scramble).unwrap();
        assert_eq!(bridge.facelets(&state).unwrap(), text, "{scramble}");
        assert_eq!(bridge.state_from_facelets("s", &text).unwrap(), state, "{scramble}");
    }
}

/// Slice moves turn the centres: the string shows where they went, and
/// the two-phase method refuses the state (face turns cannot turn them
/// back) until it is taken relative to the centres.
#[test]
fn turned_centres_show_and_are_refused() {
    let p = cube();
    let bridge = Bridge::find(&p).unwrap();
    let m = notation::parse(&p, "M").unwrap();
    let text = bridge.facelets(&m).unwrap();
    // M turns as L: U's middle column (its centre too) came from B, F's
    // from U, D's from F, B's from D (B is seen from behind: its middle
    // column is still the middle one).
    assert_eq!(text, "UBUUBUUBURRRRRRRRRFUFFUFFUFDFDDFDDFDLLLLLLLLLBDBBDBBDB");
    assert!(matches!(bridge.cube(&m), Err(Error::Invalid(why)) if why.contains("the centres are turned")));
    // Held by the centres, M is R L'.
    let held = notation::relative_to_centres(&p, &m);
    assert_eq!(
        bridge.cube(&held).unwrap(),
        CubieCube::from_moves(&parse_moves("s", "R L'").unwrap())
    );
    // The puzzle with slice moves among its generators reads M alike.
    let slices = library::puzzle("3x3x3-slices").unwrap();
    let m = notation::parse(&slices, "M").unwrap();
    assert_eq!(Bridge::find(&slices).unwrap().facelets(&m).unwrap(), text);
}
