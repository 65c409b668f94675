//! Uniformly random states: members of the group, readable back as scrambles,
//! and uniform on a group small enough to count.

use std::collections::HashMap;

use cubist_twisty::{library, tws};
use rand::SeedableRng;

#[test]
fn random_states_are_members_and_round_trip() {
    let p = library::puzzle("megaminx").unwrap();
    let chain = p.chain();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for i in 0..20 {
        let e = p.random_element(&chain, &mut rng);
        assert!(chain.contains(&p.to_perm(&e)));
        // Proposition 2 on every orbit: twists sum to 0.
        for w in &e {
            assert_eq!(w.twist_sum(), 0);
        }
        let text = tws::write_state(&p, &format!("r{i}"), &e);
        assert_eq!(tws::parse_scrambles(&text, "r.scr", &p).unwrap()[0].element, e);
    }
}

#[test]
fn uniform_on_the_three_coins() {
    let p = library::puzzle("three-coins").unwrap();
    let chain = p.chain();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let mut counts: HashMap<_, usize> = HashMap::new();
    let draws = 48 * 200;
    for _ in 0..draws {
        *counts.entry(p.random_element(&chain, &mut rng)).or_default() += 1;
    }
    assert_eq!(counts.len(), 48);
    // Each count is Binomial(9600, 1/48): mean 200, sd about 14; allow 6 sd.
    assert!(counts.values().all(|&c| (116..=284).contains(&c)), "{counts:?}");
}
