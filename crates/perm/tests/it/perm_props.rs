//! Properties of permutations and of Schreier-Sims on random instances.

use cubist_perm::{orbits, Perm, StabChain};
use num_bigint::BigUint;
use num_traits::Zero;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A random permutation of degree `n` (Fisher-Yates driven by proptest).
fn perm(n: usize) -> impl Strategy<Value = Perm> {
    Just((0..n as u32).collect::<Vec<u32>>())
        .prop_shuffle()
        .prop_map(|v| Perm::from_images(v).unwrap())
}

fn two_perms() -> impl Strategy<Value = (Perm, Perm)> {
    (1usize..40).prop_flat_map(|n| (perm(n), perm(n)))
}

fn factorial(n: u32) -> BigUint {
    (1..=n).fold(BigUint::from(1u32), |acc, k| acc * k)
}

proptest! {
    #[test]
    fn inverse_of_a_product((p, q) in two_perms()) {
        prop_assert_eq!(p.then(&q).inverse(), q.inverse().then(&p.inverse()));
        prop_assert!(p.then(&p.inverse()).is_identity());
    }

    #[test]
    fn parity_is_a_homomorphism((p, q) in two_perms()) {
        prop_assert_eq!(p.then(&q).is_even(), p.is_even() == q.is_even());
        // Parity by counting inversions, independently of the cycle count.
        let inv = |g: &Perm| {
            let im = g.images();
            (0..im.len()).flat_map(|i| (i + 1..im.len()).map(move |j| (i, j))).filter(|&(i, j)| im[i] > im[j]).count()
        };
        prop_assert_eq!(p.is_even(), inv(&p) % 2 == 0);
    }

    #[test]
    fn cycles_rebuild_the_permutation(p in (1usize..40).prop_flat_map(perm)) {
        let cycles = p.cycles();
        prop_assert_eq!(Perm::from_cycles(p.degree(), &cycles).unwrap(), p.clone());
        for c in &cycles {
            prop_assert!(c.len() >= 2 && c.iter().all(|&x| x >= c[0]));
        }
        let order = p.order();
        let small: i64 = order.to_string().parse().unwrap();
        prop_assert!(p.pow(small).is_identity());
        prop_assert_eq!(p.pow(-3), p.inverse().pow(3));
        prop_assert_eq!(p.support().len(), cycles.iter().map(Vec::len).sum::<usize>());
    }

    #[test]
    fn conjugation_relabels_cycles((p, g) in two_perms()) {
        let c = p.conjugate_by(&g);
        prop_assert_eq!(c.clone(), g.inverse().then(&p).then(&g));
        let relabelled: Vec<Vec<u32>> = p.cycles().iter().map(|cy| cy.iter().map(|&x| g.image(x)).collect()).collect();
        prop_assert_eq!(Perm::from_cycles(p.degree(), &relabelled).unwrap(), c);
        // Eidswick's commutator [a, b] = a b a^-1 b^-1, and [a, b]^-1 = [b, a].
        prop_assert_eq!(p.commutator(&g).inverse(), g.commutator(&p));
        prop_assert!(p.commutator(&g).is_even());
    }

    #[test]
    fn chain_of_random_generators((p, q) in (2usize..12).prop_flat_map(|n| (perm(n), perm(n)))) {
        let n = p.degree();
        let chain = StabChain::new(n, &[p.clone(), q.clone()]);
        let order = chain.order();
        // Lagrange: element orders divide the group order, which divides n!.
        prop_assert!((&order % p.order()).is_zero() && (&order % q.order()).is_zero());
        prop_assert!((factorial(n as u32) % &order).is_zero());
        // Cross-check the order by closing the group by brute force (n <= 7).
        if n <= 7 {
            let mut seen = std::collections::HashSet::new();
            let mut todo = vec![Perm::identity(n)];
            seen.insert(Perm::identity(n));
            while let Some(g) = todo.pop() {
                for s in [&p, &q] {
                    let h = g.then(s);
                    if seen.insert(h.clone()) {
                        todo.push(h);
                    }
                }
            }
            prop_assert_eq!(BigUint::from(seen.len()), order.clone());
        }
        // Sifting accepts products of generators and random elements.
        prop_assert!(chain.contains(&p.then(&q).then(&p.inverse())));
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..5 {
            let g = chain.random_element(&mut rng);
            prop_assert!(chain.contains(&g));
            let (residue, level) = chain.sift(&g);
            prop_assert!(residue.is_identity() && level == chain.base().len());
        }
        // The base is non-redundant and the strong generators regenerate the group.
        prop_assert!(chain.orbit_sizes().iter().all(|&s| s > 1));
        let product = chain.orbit_sizes().iter().fold(BigUint::from(1u32), |acc, &s| acc * s);
        prop_assert_eq!(product, order.clone());
        prop_assert_eq!(StabChain::new(n, &chain.strong_generators()).order(), order);
        // The chain's invariants: level generators fix the earlier base points,
        // transversal elements map the base point where they say.
        let base = chain.base();
        for i in 0..base.len() {
            for g in chain.level_generators(i) {
                prop_assert!(base[..i].iter().all(|&b| g.image(b) == b));
            }
            for &beta in chain.basic_orbit(i) {
                let u = chain.transversal(i, beta).unwrap();
                prop_assert_eq!(u.image(base[i]), beta);
                prop_assert!(base[..i].iter().all(|&b| u.image(b) == b));
            }
            prop_assert_eq!(chain.basic_orbit(i).len(), chain.orbit_sizes()[i]);
        }
    }
}

#[test]
fn sifting_rejects_an_odd_permutation_in_a_n() {
    for n in 3..=10usize {
        let gens: Vec<Perm> = (2..n as u32)
            .map(|k| Perm::from_cycles(n, &[vec![0, 1, k]]).unwrap())
            .collect();
        let chain = StabChain::new(n, &gens);
        let odd = Perm::from_cycles(n, &[vec![1, 2]]).unwrap();
        assert!(!chain.contains(&odd), "A_{n} contains a transposition");
        let (residue, _) = chain.sift(&odd);
        assert!(!residue.is_identity());
        assert!(chain.contains(&odd.then(&odd)));
        assert!(
            !chain.contains(&Perm::identity(n + 1)),
            "another degree is never a member"
        );
    }
}

#[test]
fn random_elements_are_uniform_on_s4() {
    let gens = [
        Perm::from_cycles(4, &[vec![0, 1, 2, 3]]).unwrap(),
        Perm::from_cycles(4, &[vec![0, 1]]).unwrap(),
    ];
    let chain = StabChain::new(4, &gens);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..24_000 {
        *counts.entry(chain.random_element(&mut rng)).or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 24);
    // Each count is Binomial(24000, 1/24): mean 1000, sd ~ 31; 6 sd bounds.
    assert!(counts.values().all(|&c| (810..=1190).contains(&c)), "{counts:?}");
}

#[test]
fn chains_are_deterministic() {
    let gens = [
        Perm::from_cycles(9, &[vec![0, 1, 2, 3, 4, 5, 6, 7, 8]]).unwrap(),
        Perm::from_cycles(9, &[vec![0, 1]]).unwrap(),
    ];
    let a = StabChain::new(9, &gens);
    let b = StabChain::new(9, &gens);
    assert_eq!(a.base(), b.base());
    assert_eq!(a.strong_generators(), b.strong_generators());
}

#[test]
fn trivial_groups() {
    let chain = StabChain::new(5, &[Perm::identity(5)]);
    assert_eq!(chain.order(), BigUint::from(1u32));
    assert!(chain.base().is_empty());
    assert!(chain.contains(&Perm::identity(5)));
    assert!(!chain.contains(&Perm::from_cycles(5, &[vec![0, 1]]).unwrap()));
    assert_eq!(StabChain::new(0, &[]).order(), BigUint::from(1u32));
}

#[test]
fn bad_permutations_are_errors() {
    assert!(Perm::from_images(vec![0, 0, 1])
        .unwrap_err()
        .message()
        .contains("two points"));
    assert!(Perm::from_images(vec![0, 3, 1])
        .unwrap_err()
        .message()
        .contains("out of range"));
    assert!(Perm::from_cycles(3, &[vec![0, 1, 0]]).is_err());
    assert!(Perm::from_cycles(3, &[vec![0, 5]]).is_err());
}

#[test]
fn orbits_of_a_group() {
    let a = Perm::from_cycles(8, &[vec![0, 3], vec![5, 6, 7]]).unwrap();
    let b = Perm::from_cycles(8, &[vec![3, 4]]).unwrap();
    assert_eq!(orbits(8, &[a, b]), vec![vec![0, 3, 4], vec![1], vec![2], vec![5, 6, 7]]);
    assert_eq!(orbits(3, &[]), vec![vec![0], vec![1], vec![2]]);
}
