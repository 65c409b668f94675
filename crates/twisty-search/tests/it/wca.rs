//! Competition scrambles: the random states are at least the WCA's minimum
//! from solved, checked against every state within fewer moves (a
//! breadth-first search of its own, not the solver that made them).

use std::collections::HashSet;

use cubist_twisty::alg::Alg;
use cubist_twisty::{compose, library, Element, Puzzle};
use cubist_twisty_search::wca::{Event, Style, WcaScrambler};
use rand::SeedableRng;

/// Every state within `depth` moves (any power of a move counts one).
fn ball(p: &Puzzle, depth: usize) -> HashSet<Element> {
    let mut powers: Vec<Element> = Vec::new();
    for m in &p.moves {
        let mut x = m.element.clone();
        while x != p.identity() {
            powers.push(x.clone());
            x = compose(&x, &m.element);
        }
    }
    let mut seen: HashSet<Element> = HashSet::from([p.identity()]);
    let mut frontier = vec![p.identity()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for e in &frontier {
            for g in &powers {
                let f = compose(e, g);
                if seen.insert(f.clone()) {
                    next.push(f);
                }
            }
        }
        frontier = next;
    }
    seen
}

#[test]
fn random_states_keep_the_wca_minimum() {
    for (name, moves, min, tips) in [
        ("2x2x2", &["U", "R", "F"][..], 4, 0),
        ("pyraminx", &["U", "L", "R", "B"][..], 6, 4),
        ("skewb", &["UBL", "DBR", "DFL", "DBL"][..], 7, 0),
    ] {
        let p = library::puzzle(name).unwrap();
        let sub = p.with_moves(moves).unwrap();
        let near = ball(&sub, min - 1);
        let mut s = WcaScrambler::new(&p, &crate::cached()).unwrap().unwrap();
        assert_eq!(s.min_length(), Some(min));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..20 {
            let alg = s.next(&mut rng).unwrap();
            let text = alg.to_string();
            // The pyraminx's tips come last; the state before them is filtered.
            let toks: Vec<&str> = text.split(' ').collect();
            let body: Vec<&str> = toks
                .iter()
                .copied()
                .filter(|t| !t.starts_with(|c: char| c.is_ascii_lowercase()))
                .collect();
            assert!(toks.len() - body.len() <= tips, "{text}");
            assert!(body.len() >= min, "{name}: {text}");
            let e = Alg::parse(&sub, &body.join(" ")).unwrap().element(&sub).unwrap();
            assert!(!near.contains(&e), "{name}: {text} is within {} moves", min - 1);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_scrambles() {
    for name in ["2x2x2", "5x5x5", "megaminx"] {
        let p = library::puzzle(name).unwrap();
        let run = || {
            let mut s = WcaScrambler::new(&p, &crate::cached()).unwrap().unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
            (0..3)
                .map(|_| s.next(&mut rng).unwrap().to_string())
                .collect::<Vec<_>>()
        };
        let a = run();
        assert_eq!(a, run(), "{name}");
        assert_ne!(a[0], a[1], "{name}");
    }
    // Puzzles of no WCA event have no competition style.
    let p = library::puzzle("octahedron-face").unwrap();
    assert!(WcaScrambler::new(&p, &crate::cached()).unwrap().is_none());
}

/// The scrambler of the WCA event `id`.
fn event_scrambler(id: &str) -> WcaScrambler {
    let e = Event::find(id).unwrap();
    let p = library::puzzle(e.puzzle).unwrap();
    WcaScrambler::new(&p, &crate::cached())
        .unwrap()
        .unwrap()
        .for_event(e)
        .unwrap()
}

/// The axis a cube token turns about (0: U/D and `y`, 1: L/R and `x`,
/// 2: F/B and `z`).
fn axis_of(token: &str) -> usize {
    let c = token.chars().find(|c| c.is_ascii_alphabetic()).unwrap();
    match c {
        'U' | 'D' | 'y' => 0,
        'L' | 'R' | 'x' => 1,
        'F' | 'B' | 'z' => 2,
        _ => panic!("not a cube turn: {token}"),
    }
}

/// Blindfolded scrambles end in one of the 24 orientations, each of them
/// drawn; the last turn before it is never on the axis of its first turn;
/// and the sequence applies on the puzzle.
#[test]
fn blindfolded_scrambles_end_in_any_of_the_24_orientations() {
    for (id, up, vertical, draws) in [
        ("333bf", ["Rw", "Fw"], "Uw", 300),
        // The 4x4x4's random states take about a second each: a few draws,
        // the orientations drawn by the same code as the others'.
        ("444bf", ["x", "z"], "y", 6),
        ("555bf", ["3Rw", "3Fw"], "3Uw", 300),
    ] {
        let mut s = event_scrambler(id);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut seen = HashSet::new();
        let base = |t: &str| t.trim_end_matches(['2', '\'']).to_string();
        for _ in 0..draws {
            let text = s.next(&mut rng).unwrap().to_string();
            let toks: Vec<&str> = text.split(' ').collect();
            let mut k = toks.len();
            if k > 0 && base(toks[k - 1]) == vertical {
                k -= 1;
            }
            if k > 0 && up.contains(&base(toks[k - 1]).as_str()) {
                k -= 1;
            }
            let (body, orientation) = toks.split_at(k);
            assert!(body.len() >= 2, "{id}: {text}");
            if let Some(first) = orientation.first() {
                assert_ne!(axis_of(body[body.len() - 1]), axis_of(first), "{id}: {text}");
            }
            seen.insert(orientation.join(" "));
        }
        let all = if draws >= 300 { 24 } else { draws / 2 };
        assert!(seen.len() >= all, "{id}: {seen:?}");
    }
}

/// Fewest-moves scrambles: `R' U' F`, a middle part of face turns that
/// neither starts on the F/B axis nor ends on the R/L axis, `R' U' F`;
/// and the middle part is a random state's, at least 2 moves from solved.
#[test]
fn fewest_moves_scrambles_are_padded_and_nothing_merges_across() {
    let p = library::puzzle("3x3x3").unwrap();
    let near = ball(&p, 1);
    let mut s = event_scrambler("333fm");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    for _ in 0..40 {
        let text = s.next(&mut rng).unwrap().to_string();
        let middle = text
            .strip_prefix("R' U' F ")
            .and_then(|t| t.strip_suffix(" R' U' F"))
            .unwrap_or_else(|| panic!("not padded: {text}"));
        let toks: Vec<&str> = middle.split(' ').collect();
        assert_ne!(axis_of(toks[0]), 2, "{text}");
        assert_ne!(axis_of(toks[toks.len() - 1]), 1, "{text}");
        let state = Alg::parse(&p, middle).unwrap().element(&p).unwrap();
        assert!(!near.contains(&state), "{text}");
    }
}

/// Events by id, in any case; Square-1 is not among them, and an
/// event of another puzzle is refused.
#[test]
fn events_by_their_ids() {
    assert_eq!(Event::find("333BF").unwrap().puzzle, "3x3x3");
    assert_eq!(Event::find("minx").unwrap().puzzle, "megaminx");
    assert_eq!(Event::find("pyram").unwrap().style, Style::Plain);
    assert_eq!(Event::find("CLOCK").unwrap().puzzle, "clock");
    assert!(Event::find("sq1").is_none());
    let p = library::puzzle("2x2x2").unwrap();
    let s = WcaScrambler::new(&p, &crate::cached()).unwrap().unwrap();
    let err = s.for_event(Event::find("333fm").unwrap()).err().unwrap().to_string();
    assert!(
        err.contains("the WCA event 333fm is scrambled on the 3x3x3, not the 2x2x2"),
        "{err}"
    );
}
