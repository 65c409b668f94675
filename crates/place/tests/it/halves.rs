//! Latin squares counted by halves, against the exact-cover count and the
//! regular 0/1 matrices counted two ways.

use cubist_place::halves::{self, classes, count, regular_matrices, Control};
use cubist_place::latin::{count_all, count_reduced};
use cubist_place::Error;
use std::sync::atomic::AtomicBool;

fn one_thread() -> Control<'static> {
    Control::default()
}

#[test]
fn halves_agree_with_exact_cover() {
    for n in 1..=6 {
        let c = count(n, &one_thread()).unwrap();
        assert_eq!(c.all, count_all(n), "all, order {n}");
        assert_eq!(c.reduced, u128::from(count_reduced(n)), "reduced, order {n}");
    }
    // The published counts, for the record: 1, 1, 1, 4, 56, 9408.
    let reduced: Vec<u128> = (1..=6).map(|n| count(n, &one_thread()).unwrap().reduced).collect();
    assert_eq!(reduced, [1, 1, 1, 4, 56, 9408]);
}

#[test]
fn order_7_both_methods_and_threads() {
    let two = Control {
        threads: 2,
        ..Control::default()
    };
    let c = count(7, &two).unwrap();
    assert_eq!(c.reduced, u128::from(count_reduced(7)));
    assert_eq!(c.reduced, 16_942_080);
    assert_eq!(c.all, 16_942_080 * 5040 * 720);
    assert_eq!(c.classes, 16);
    assert_eq!(count(7, &one_thread()).unwrap(), c);
}

/// n x n 0/1 matrices with every line summing to k, by trying all 2^(n²).
fn brute_regular(n: usize, k: usize) -> u128 {
    (0u32..1 << (n * n))
        .filter(|m| {
            (0..n).all(|i| {
                let row = (0..n).filter(|&j| m >> (i * n + j) & 1 == 1).count();
                let col = (0..n).filter(|&j| m >> (j * n + i) & 1 == 1).count();
                row == k && col == k
            })
        })
        .count() as u128
}

#[test]
fn regular_matrices_two_ways() {
    for n in 1..=4 {
        for k in 0..=n {
            assert_eq!(regular_matrices(n, k), brute_regular(n, k), "n {n}, k {k}");
        }
    }
    // Permutation matrices, and their complements.
    assert_eq!(regular_matrices(7, 1), 5040);
    assert_eq!(regular_matrices(7, 6), 5040);
    assert_eq!(regular_matrices(8, 4), 116_963_796_250);
}

#[test]
fn class_sizes_sum_to_the_matrices() {
    let sizes: Vec<usize> = (1..=7)
        .map(|n| {
            let cl = classes(n, &one_thread()).unwrap();
            let sum: u128 = cl.iter().map(|c| c.size).sum();
            assert_eq!(sum, regular_matrices(n, n / 2), "order {n}");
            cl.len()
        })
        .collect();
    assert_eq!(sizes, [1, 1, 1, 2, 2, 7, 16]);
    // Order 4: the 2-regular graphs on 4 + 4 vertices are an 8-cycle or two
    // 4-cycles: 4!·3!/2 = 72 and C(4,2)·C(4,2)/2·2 = 18 matrices.
    let mut four: Vec<u128> = classes(4, &one_thread()).unwrap().iter().map(|c| c.size).collect();
    four.sort_unstable();
    assert_eq!(four, [18, 72]);
}

#[test]
fn order_8_published() {
    let cl = classes(8, &one_thread()).unwrap();
    assert_eq!(cl.len(), 194);
    let sum: u128 = cl.iter().map(|c| c.size).sum();
    assert_eq!(sum, 116_963_796_250);
    assert_eq!(sum, regular_matrices(8, 4));
    let c = count(8, &one_thread()).unwrap();
    assert_eq!(c.reduced, 535_281_401_856);
    assert_eq!(c.all, 535_281_401_856 * 40320 * 5040);
    assert_eq!(c.classes, 194);
}

/// The published count of order 9 (Bammel and Rothstein, 1975; McKay and
/// Wanless, 2005) reached by halves, with the class sizes checked against
/// the matrices counted column by column.
#[test]
#[ignore = "order 9 by halves: about 8 s of processor time in release, minutes in a debug build"]
fn order_9_published() {
    let two = Control {
        threads: 2,
        ..Control::default()
    };
    let cl = classes(9, &two).unwrap();
    assert_eq!(cl.len(), 3529);
    let sum: u128 = cl.iter().map(|c| c.size).sum();
    assert_eq!(sum, 315_031_400_802_720);
    assert_eq!(sum, regular_matrices(9, 4));
    let c = count(9, &two).unwrap();
    assert_eq!(c.reduced, 377_597_570_964_258_816);
    assert_eq!(c.all, 377_597_570_964_258_816 * 362_880 * 40_320);
    assert_eq!(c.classes, 3529);
}

#[test]
fn bad_orders_threads_and_cancel() {
    let e = count(10, &one_thread()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "order 10 is out of range: counting works for orders 1..9"
    );
    assert!(matches!(
        count(0, &one_thread()),
        Err(Error::OrderOutOfRange { n: 0, .. })
    ));
    let many = Control {
        threads: cubist_exact::MAX_THREADS + 1,
        ..Control::default()
    };
    assert!(matches!(count(5, &many), Err(Error::Limit(_))));
    let stop = AtomicBool::new(true);
    let cancelled = Control {
        cancel: Some(&stop),
        ..Control::default()
    };
    assert!(matches!(count(6, &cancelled), Err(Error::Interrupted { .. })));
    // The memory plan: order 8's widest stage, 1,225 classes of 71
    // matrices of 9 columns of 2 bytes.
    assert_eq!(halves::peak_bytes(8), 18 * 1225 * 71);
}
