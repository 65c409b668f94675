//! The bit-set engine against dancing links: the same solutions on random
//! problems, the same counts on queens, pentominoes and Langford pairs.

use cubist_exact::problems::{langford, pentominoes, queens};
use cubist_exact::{check, BitCover, Dlx, Error, Problem};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// Every solution an engine's `run` visits, each sorted, as a set (a
/// solution visited twice fails the test).
fn solutions(run: impl FnOnce(&mut dyn FnMut(&[usize]) -> ControlFlow<()>)) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    run(&mut |s: &[usize]| {
        let mut s = s.to_vec();
        s.sort_unstable();
        assert!(out.insert(s), "a solution found twice");
        ControlFlow::Continue(())
    });
    out
}

/// A random problem without colours or multiplicities: up to 6 primary and
/// 3 secondary items, up to 14 options.
fn problem() -> impl Strategy<Value = Problem> {
    (1usize..7, 0usize..4, prop::collection::vec(any::<u16>(), 0..15)).prop_map(|(np, ns, opts)| {
        let mut p = Problem::new();
        for k in 0..np {
            p.primary(&format!("p{k}")).unwrap();
        }
        for k in 0..ns {
            p.secondary(&format!("s{k}")).unwrap();
        }
        for bits in opts {
            let mut entries: Vec<(usize, u32)> = (0..np + ns).filter(|i| bits >> i & 1 == 1).map(|i| (i, 0)).collect();
            if !entries.iter().any(|&(i, _)| i < np) {
                entries.insert(0, ((bits as usize >> 10) % np, 0));
            }
            p.option(&entries).unwrap();
        }
        p
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn bits_equal_dancing_links(p in problem()) {
        let bits = BitCover::new(&p).unwrap();
        let mut dlx = Dlx::new(&p);
        let want = solutions(|v| { let _ = dlx.run(v); });
        let got = solutions(|v| { let _ = bits.run(v); });
        for s in &got {
            prop_assert!(check(&p, s).is_ok());
        }
        prop_assert_eq!(&got, &want);
        prop_assert_eq!(bits.count(), want.len() as u64);
    }
}

#[test]
fn the_same_counts_as_dancing_links() {
    let mut counts = vec![];
    for n in 1..=10 {
        let p = queens(n);
        let bits = BitCover::new(&p).unwrap().count();
        assert_eq!(bits, Dlx::new(&p).count(), "queens {n}");
        counts.push(bits);
    }
    assert_eq!(counts, [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]);
    let mut counts = vec![];
    for n in 1..=8 {
        let p = langford(n);
        let bits = BitCover::new(&p).unwrap().count();
        assert_eq!(bits, Dlx::new(&p).count(), "Langford {n}");
        counts.push(bits);
    }
    // Both engines; each arrangement and its reverse are counted.
    assert_eq!(counts, [0, 0, 2, 2, 0, 0, 52, 300]);
    let p = pentominoes(5, 4, false);
    assert_eq!(BitCover::new(&p).unwrap().count(), Dlx::new(&p).count());
}

#[test]
fn pentominoes_6x10() {
    let p = pentominoes(10, 6, true);
    assert_eq!(BitCover::new(&p).unwrap().count(), 2339);
}

#[test]
fn what_it_does_not_take() {
    let mut p = Problem::new();
    p.primary_bounded("a", 1, 2).unwrap();
    p.option_named(&["a"]).unwrap();
    assert_eq!(BitCover::new(&p).unwrap_err(), Error::Unsupported("multiplicities"));
    let mut p = Problem::new();
    p.primary("a").unwrap();
    p.secondary("b").unwrap();
    let red = p.colour("red");
    p.option(&[(0, 0), (1, red)]).unwrap();
    assert_eq!(BitCover::new(&p).unwrap_err(), Error::Unsupported("colours"));
    let mut p = Problem::new();
    for k in 0..=cubist_exact::BIT_MAX_ITEMS {
        p.primary(&format!("i{k}")).unwrap();
    }
    assert!(matches!(BitCover::new(&p), Err(Error::Limit(_))));
    // A problem with no primary item has one solution (the empty one), as
    // in dancing links.
    assert_eq!(
        BitCover::new(&Problem::new()).unwrap().count(),
        Dlx::new(&Problem::new()).count()
    );
}
