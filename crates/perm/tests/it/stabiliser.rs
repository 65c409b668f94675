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

/// A chain told to stop gives up (S_60 sifts thousands of Schreier
/// generators, far past the first look at the flag); one never told to
/// stop is the chain `new` builds.
#[test]
fn a_chain_stops_when_asked() {
    use std::sync::atomic::AtomicBool;
    let n = 60;
    let cycle = Perm::from_cycles(n, &[(0..n as u32).collect()]).unwrap();
    let swap = Perm::from_cycles(n, &[vec![0, 1]]).unwrap();
    let gens = [cycle, swap];
    assert!(StabChain::new_until(n, &gens, Some(&AtomicBool::new(true))).is_none());
    let points = [0, 1];
    assert!(StabChain::pointwise_stabiliser_until(n, &gens, &points, Some(&AtomicBool::new(true))).is_none());
    let whole = StabChain::new_until(n, &gens, Some(&AtomicBool::new(false))).unwrap();
    let factorial: num_bigint::BigUint = (1..=n as u32).map(num_bigint::BigUint::from).product();
    assert_eq!(whole.order(), factorial);
    assert_eq!(whole.base(), StabChain::new(n, &gens).base());
}
