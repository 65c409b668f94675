//! Facelet strings of the n x n x n cubes, written and read back.

use cubist_twisty::picture::{facelets, state_from_facelets};
use cubist_twisty::{library, notation, Puzzle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn cube(n: usize) -> Puzzle {
    library::puzzle(&format!("{n}x{n}x{n}")).unwrap()
}

/// A random state's string reads back as a state with the same string,
/// and one the cube's moves reach (the reader checks that itself); where
/// no two pieces look alike (the 2x2x2, the 3x3x3) it is the very state.
#[test]
fn random_states_read_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for n in 2..=7 {
        let p = cube(n);
        let chain = p.chain();
        for _ in 0..6 {
            let state = p.random_element(&chain, &mut rng);
            let text = facelets(&p, &state).unwrap();
            assert_eq!(text.len(), 6 * n * n);
            let read = state_from_facelets(&p, "s", &text).unwrap();
            assert_eq!(facelets(&p, &read).unwrap(), text, "{n}");
            assert!(chain.contains(&p.to_perm(&read)), "{n}");
            if n <= 3 {
                assert_eq!(read, state, "{n}");
            }
        }
    }
}

/// On the 4x4x4 the centres of a colour look alike: a string fixes them
/// only up to their order, and half the orders give the wrong parity. A
/// single wide quarter turn is such a state; it is read as a reachable one.
#[test]
fn alike_centres_take_the_parity_the_moves_allow() {
    let p = cube(4);
    let chain = p.chain();
    for alg in ["Rw", "Uw Fw'", "r", "Rw U R' Uw2"] {
        let state = notation::parse(&p, alg).unwrap();
        let text = facelets(&p, &state).unwrap();
        let read = state_from_facelets(&p, "s", &text).unwrap();
        assert!(chain.contains(&p.to_perm(&read)), "{alg}");
        assert_eq!(facelets(&p, &read).unwrap(), text, "{alg}");
    }
}

/// Impossible strings are refused with the law they break, and the column
/// where there is one.
#[test]
fn impossible_strings_are_refused() {
    let p = cube(4);
    let solved: String = "URFDLB".chars().flat_map(|c| std::iter::repeat_n(c, 16)).collect();
    let err = |text: &str| state_from_facelets(&p, "in", text).unwrap_err().to_string();
    assert!(err(&solved[1..]).contains("has 96 characters, this one has 95"));
    let mut bad = solved.clone();
    bad.replace_range(5..6, "X");
    assert!(err(&bad).contains("'X' is not a face letter"), "{}", err(&bad));
    assert!(err(&bad).contains("in:1:6"), "{}", err(&bad));
    // Two stickers exchanged between faces: a colour count stays right,
    // but the pieces they sit on exist nowhere.
    let mut swapped: Vec<char> = solved.chars().collect();
    swapped.swap(0, 16);
    let swapped: String = swapped.into_iter().collect();
    assert!(err(&swapped).contains("form no piece of the cube"), "{}", err(&swapped));
    // A twisted corner: U's corner at the top left turned in place.
    let mut twisted: Vec<char> = solved.chars().collect();
    let (u, l, b) = (0, 64, 5 * 16 + 3);
    let (cu, cl, cb) = (twisted[u], twisted[l], twisted[b]);
    twisted[u] = cl;
    twisted[l] = cb;
    twisted[b] = cu;
    let twisted: String = twisted.into_iter().collect();
    assert!(err(&twisted).contains("cannot reach"), "{}", err(&twisted));
    let skewb = library::puzzle("skewb").unwrap();
    let e = state_from_facelets(&skewb, "in", "UUUUU").unwrap_err().to_string();
    assert!(e.contains("skewb is not one"), "{e}");
}
