//! Competition scrambles: the random states are at least the WCA's minimum
//! from solved, checked against every state within fewer moves (a
//! breadth-first search of its own, not the solver that made them).

use std::collections::HashSet;

use cubist_twisty::alg::Alg;
use cubist_twisty::{compose, library, Element, Puzzle};
use cubist_twisty_search::optimal::Options;
use cubist_twisty_search::wca::WcaScrambler;
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
        let mut s = WcaScrambler::new(&p, &Options::default()).unwrap().unwrap();
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
            let mut s = WcaScrambler::new(&p, &Options::default()).unwrap().unwrap();
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
    assert!(WcaScrambler::new(&p, &Options::default()).unwrap().is_none());
}
