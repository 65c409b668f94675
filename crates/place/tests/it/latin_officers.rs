//! Latin squares and orthogonal pairs, cross-checked against independent
//! brute force.

use cubist_place::latin::{self, count_all, count_reduced, is_latin, list, parse_square, transversals};
use cubist_place::officers::{self, construct_with, mates, nonexistence, verify, Construction};

/// An independent counter: fill row by row, cell by cell, with bitmasks.
fn brute_count(n: usize, reduced: bool) -> u64 {
    fn go(n: usize, k: usize, rows: &mut [u32], cols: &mut [u32], reduced: bool) -> u64 {
        if k == n * n {
            return 1;
        }
        let (r, c) = (k / n, k % n);
        let mut total = 0;
        for v in 0..n {
            if reduced && (r == 0 && v != c || c == 0 && v != r) {
                continue;
            }
            let bit = 1 << v;
            if rows[r] & bit == 0 && cols[c] & bit == 0 {
                rows[r] |= bit;
                cols[c] |= bit;
                total += go(n, k + 1, rows, cols, reduced);
                rows[r] ^= bit;
                cols[c] ^= bit;
            }
        }
        total
    }
    go(n, 0, &mut vec![0; n], &mut vec![0; n], reduced)
}

#[test]
fn latin_counts_match_brute_force() {
    let reduced = [1, 1, 1, 4, 56, 9408];
    for n in 1..=5 {
        assert_eq!(count_reduced(n), brute_count(n, true), "reduced {n}");
        assert_eq!(count_reduced(n), reduced[n - 1]);
        assert_eq!(count_all(n), u128::from(brute_count(n, false)), "all {n}");
    }
    assert_eq!(count_reduced(6), 9408);
    for n in 1..=6 {
        assert_eq!(
            count_reduced(n),
            latin::count_reduced_plain(n),
            "two methods, order {n}"
        );
    }
    assert_eq!(count_all(6), 812_851_200);
    for s in list(5, true, 1000) {
        assert!(is_latin(&s));
    }
    assert_eq!(list(5, true, 1000).len(), 56);
    for seed in 0..20 {
        let s = latin::random(7, seed);
        assert!(is_latin(&s));
        assert_eq!(s, latin::random(7, seed), "the same seed, the same square");
    }
}

#[test]
#[ignore = "order 7 by the direct count: minutes in the dev profile"]
fn reduced_order_7_both_methods() {
    assert_eq!(count_reduced(7), 16_942_080);
    assert_eq!(latin::count_reduced_plain(7), 16_942_080);
}

/// Transversals by brute force over all n! column choices.
fn brute_transversals(s: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = s.len();
    let mut brute = vec![];
    let mut perm: Vec<usize> = (0..n).collect();
    permute(&mut perm, 0, &mut |p| {
        let mut syms: Vec<usize> = (0..n).map(|r| s[r][p[r]]).collect();
        syms.sort();
        syms.dedup();
        if syms.len() == n {
            brute.push(p.to_vec());
        }
    });
    brute.sort();
    brute
}

#[test]
fn transversals_match_brute_force() {
    for seedlike in 0..6 {
        let s = list(5, false, 200 * seedlike + 1).pop().unwrap();
        assert_eq!(transversals(&s), brute_transversals(&s));
    }
}

fn permute(p: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
    if k == p.len() {
        return f(p);
    }
    for i in k..p.len() {
        p.swap(k, i);
        permute(p, k + 1, f);
        p.swap(k, i);
    }
}

#[test]
fn cyclic_squares_of_even_order_have_no_transversal() {
    for n in [2, 4, 6] {
        let s: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| (r + c) % n).collect()).collect();
        assert!(transversals(&s).is_empty());
    }
    // Odd cyclic orders: n times the orthomorphisms of Z_n (3 for n = 5).
    let s: Vec<Vec<usize>> = (0..5).map(|r| (0..5).map(|c| (r + c) % 5).collect()).collect();
    assert_eq!(transversals(&s).len(), 15);
    let m = mates(&s);
    assert_eq!(m.partition_count, 3);
    assert_eq!(m.count, 3 * 120);
    verify(&s, m.example.as_ref().unwrap()).unwrap();
}

#[test]
fn pairs_exist_for_every_order_but_2_and_6() {
    for n in 1..=12 {
        let got = construct_with(n);
        if n == 2 || n == 6 {
            assert!(got.is_none());
            continue;
        }
        let (a, b, how) = got.unwrap();
        verify(&a, &b).unwrap_or_else(|e| panic!("order {n}: {e}"));
        let want = match n {
            10 => Construction::Search,
            12 => Construction::Product,
            4 | 8 | 9 => Construction::FiniteField,
            _ => Construction::Cyclic,
        };
        assert_eq!(how, want, "order {n}");
    }
}

#[test]
fn order_6_has_no_pair() {
    let cert = nonexistence(6);
    assert_eq!(cert.reduced_square_count, 9408);
    assert_eq!(cert.main_classes.len(), 12);
    assert_eq!(cert.isotopy_class_count, 22);
    assert_eq!(
        cert.main_classes.iter().map(|c| c.reduced_square_count).sum::<usize>(),
        9408
    );
    assert!(!cert.exists);
    assert!(cert.main_classes.iter().all(|c| c.max_disjoint < 6));
    for c in &cert.main_classes {
        assert_eq!(c.transversal_count, brute_transversals(&c.representative).len());
    }
    // Transversal counts of the 12 main classes: order-6
    // squares have from 0 to 32 transversals, and at most 4 disjoint ones.
    let mut counts: Vec<usize> = cert.main_classes.iter().map(|c| c.transversal_count).collect();
    counts.sort();
    assert_eq!(counts, [0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 24, 32]);
    assert_eq!(cert.main_classes.iter().map(|c| c.max_disjoint).max(), Some(4));
    // Order 2: one reduced square, no transversal.
    let two = nonexistence(2);
    assert!(!two.exists && two.main_classes.len() == 1);
    // Order 5 has pairs: the certificate says so.
    assert!(nonexistence(5).exists);
}

/// Without the symmetry reduction: every one of the 9408 reduced squares of
/// order 6 has no mate.
#[test]
fn every_reduced_square_of_order_6_lacks_a_mate() {
    for s in list(6, true, usize::MAX) {
        assert_eq!(mates(&s).partition_count, 0);
    }
}

#[test]
fn square_files() {
    let (s, names) = parse_square("s.txt", "a b c\nb c a\nc a b\n").unwrap();
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!(s[1], [1, 2, 0]);
    let e = parse_square("s.txt", "a b c\nb c a\nc a a\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(3), Some(5)));
    let e = parse_square("s.txt", "a b c\nb a c\n").unwrap_err();
    assert!(e.what.contains("3 symbols in this row; the square has 2 rows"), "{e}");
    let e = parse_square("s.txt", "0 1\n0 1\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(1)));
    let _ = latin::problem(3, true);
    let _ = officers::construct(3);
}

#[test]
fn orders_out_of_range_and_the_answer() {
    use cubist_io::ErrorKind;
    let one = cubist_place::halves::Control::default();
    assert_eq!(latin::count(5, true, &one).unwrap(), 56);
    let e = latin::count(10, false, &one).unwrap_err();
    assert_eq!(
        e.to_string(),
        "order 10 is out of range: counting works for orders 1..9"
    );
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(latin::count(0, false, &one).unwrap_err().kind(), ErrorKind::Input);
    assert_eq!(officers::answer(0).unwrap_err().kind(), ErrorKind::Input);
    match officers::answer(2).unwrap() {
        officers::Answer::NoPair(c) => assert!(!c.exists),
        other => panic!("order 2: {other:?}"),
    }
    match officers::answer(9).unwrap() {
        officers::Answer::Pair { a, b, construction } => {
            verify(&a, &b).unwrap();
            assert_eq!(construction, Construction::FiniteField);
        }
        other => panic!("order 9: {other:?}"),
    }
}

#[test]
fn square_errors_quote_an_excerpt() {
    let h = "s".repeat(1 << 20);
    for text in [format!("{h} {h}\n{h} a\n"), format!("a {h}\n{h} {h}\n")] {
        let e = parse_square("s.txt", &text).unwrap_err();
        let m = e.to_string();
        assert!(m.len() < 200 && m.contains("sss…"), "{} bytes: {:.200}", m.len(), m);
        assert_eq!(e.line, Some(if text.starts_with('a') { 2 } else { 1 }), "{m}");
    }
}
