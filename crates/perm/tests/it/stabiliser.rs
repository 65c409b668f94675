//! `StabChain::pointwise_stabiliser` against brute force: the elements of a small
//! group (enumerated by closure) that fix the chosen points.

use std::collections::HashSet;

use cubist_perm::{Perm, StabChain};
use proptest::prelude::*;

fn closure(gens: &[Perm], n: usize) -> Vec<Perm> {
    let mut seen: HashSet<Perm> = HashSet::new();
    let mut todo = vec![Perm::identity(n)];
    seen.insert(Perm::identity(n));
    while let Some(g) = todo.pop() {
        for s in gens {
            let h = g.then(s);
            if seen.insert(h.clone()) {
                todo.push(h);
            }
        }
    }
    seen.into_iter().collect()
}

fn perm_strategy(n: usize) -> impl Strategy<Value = Perm> {
    Just((0..n as u32).collect::<Vec<u32>>())
        .prop_shuffle()
        .prop_map(|v| Perm::from_images(v).unwrap())
}

proptest! {
    #[test]
    fn stabiliser_matches_brute_force(
        (n, a, b, pts) in (3usize..=7).prop_flat_map(|n| (Just(n), perm_strategy(n), perm_strategy(n), proptest::collection::vec(0..n as u32, 0..4)))
    ) {
        let group = closure(&[a.clone(), b.clone()], n);
        let expected: Vec<&Perm> = group.iter().filter(|g| pts.iter().all(|&p| g.image(p) == p)).collect();
        let k = StabChain::pointwise_stabiliser(n, &[a, b], &pts);
        prop_assert_eq!(k.order(), num_bigint::BigUint::from(expected.len()));
        for g in &expected {
            prop_assert!(k.contains(g));
        }
        for g in k.strong_generators() {
            prop_assert!(pts.iter().all(|&p| g.image(p) == p));
        }
    }
}
