//! GF(2) row reduction against brute force, and words over generators.

use cubist_perm::gf2::BitMatrix;
use cubist_perm::word::Word;
use cubist_perm::Perm;
use proptest::prelude::*;

fn matrix() -> impl Strategy<Value = (usize, Vec<Vec<bool>>)> {
    (1usize..70, 0usize..9).prop_flat_map(|(cols, rows)| {
        (
            Just(cols),
            proptest::collection::vec(proptest::collection::vec(any::<bool>(), cols), rows),
        )
    })
}

/// Every subset sum of the rows (at most 2^8 of them).
fn span(rows: &[Vec<bool>], cols: usize) -> std::collections::HashSet<Vec<bool>> {
    (0u32..1 << rows.len())
        .map(|mask| {
            let mut acc = vec![false; cols];
            for (k, row) in rows.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    for (a, &b) in acc.iter_mut().zip(row) {
                        *a ^= b;
                    }
                }
            }
            acc
        })
        .collect()
}

proptest! {
    #[test]
    fn row_reduction_matches_brute_force((cols, rows) in matrix(), target in proptest::collection::vec(any::<bool>(), 70)) {
        let m = BitMatrix::from_rows(cols, &rows);
        let all = span(&rows, cols);
        // 2^rank elements in the row space.
        prop_assert_eq!(1usize << m.rank(), all.len());
        let e = m.row_reduce();
        // Reduced echelon: pivots increase, pivot columns are unit columns.
        for (k, &p) in e.pivot_cols.iter().enumerate() {
            prop_assert!(k == 0 || e.pivot_cols[k - 1] < p);
            for (l, row) in e.rows.iter().enumerate() {
                prop_assert_eq!(row[p], k == l);
            }
            prop_assert!(e.rows[k][..p].iter().all(|&b| !b));
            // The recorded combination really sums to the reduced row.
            prop_assert_eq!(&m.combine(&e.combinations[k]), &e.rows[k]);
        }
        let basis = m.row_space_basis();
        prop_assert_eq!(span(&basis, cols), all.clone());
        // express: found exactly when the target is in the row space.
        let t = &target[..cols];
        match m.express(t) {
            Some(c) => prop_assert_eq!(m.combine(&c), t.to_vec()),
            None => prop_assert!(!all.contains(t)),
        }
        // Null space: A x = 0 for the transpose's null space basis, of the right size.
        let tr = m.transpose();
        let null = tr.null_space();
        prop_assert_eq!(null.len(), rows.len() - m.rank());
        for x in &null {
            prop_assert!(m.combine(x).iter().all(|&b| !b));
        }
    }

    #[test]
    fn solve_finds_solutions((cols, rows) in matrix(), x in proptest::collection::vec(any::<bool>(), 70)) {
        let m = BitMatrix::from_rows(cols, &rows);
        let x = &x[..cols];
        // b = A x is solvable; check A y = b for the solution found.
        let b: Vec<bool> = rows.iter().map(|r| r.iter().zip(x).filter(|(a, b)| **a && **b).count() % 2 == 1).collect();
        let y = m.solve(&b).expect("consistent system");
        let b2: Vec<bool> = rows.iter().map(|r| r.iter().zip(&y).filter(|(a, b)| **a && **b).count() % 2 == 1).collect();
        prop_assert_eq!(b2, b);
    }
}

#[test]
fn words_parse_invert_and_evaluate() {
    let names = ["R", "U", "X_1", "X_12"];
    let w = Word::parse("R U R' U', R2 X_12' X_1 U3'", &names).unwrap();
    assert_eq!(
        w.letters(),
        &[(0, 1), (1, 1), (0, -1), (1, -1), (0, 2), (3, -1), (2, 1), (1, -3)]
    );
    assert_eq!(w.format(&names), "R U R' U' R2 X_12' X_1 U3'");
    assert_eq!(Word::parse(&w.format(&names), &names).unwrap(), w);
    let gens: Vec<Perm> = [vec![0, 1, 2], vec![2, 3], vec![4, 5], vec![0, 5]]
        .into_iter()
        .map(|c| Perm::from_cycles(6, &[c]).unwrap())
        .collect();
    assert!(w.then(&w.inverse()).evaluate(&gens).is_identity());
    let (r, u) = (Word::parse("R", &names).unwrap(), Word::parse("U", &names).unwrap());
    assert_eq!(r.commutator(&u).evaluate(&gens), gens[0].commutator(&gens[1]));
    assert_eq!(
        r.conjugate(&u).evaluate(&gens),
        gens[1].conjugate_by(&gens[0].inverse())
    );
    assert!(Word::parse("", &names).unwrap().is_empty());
}

#[test]
fn bad_words_name_the_column() {
    let names = ["R", "U"];
    let e = Word::parse("R U F", &names).unwrap_err();
    assert_eq!(e.message(), "column 5: unknown generator in move \"F\"");
    let e = Word::parse("R Ux", &names).unwrap_err();
    assert!(e.message().starts_with("column 3: bad power"), "{e}");
    assert!(Word::parse("R99999999999999999999", &names).is_err());
}

/// A bad move is quoted as a short excerpt: a megabyte token gives a
/// message of a line, not a megabyte.
#[test]
fn bad_moves_are_quoted_short() {
    let names = ["R", "U"];
    let long = format!("Q{}", "x".repeat(1 << 20));
    let e = Word::parse(&format!("R {long}"), &names).unwrap_err().to_string();
    assert!(
        e.starts_with("column 3: unknown generator in move \"Qxxx") && e.len() < 200,
        "{:.200}",
        e
    );
    let e = Word::parse(&format!("R{}", "7".repeat(1 << 20)), &names)
        .unwrap_err()
        .to_string();
    assert!(e.contains("power too large") && e.len() < 200, "{:.200}", e);
    let e = Word::parse(&format!("Rz{}", "z".repeat(1 << 20)), &names)
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad power \"z") && e.len() < 300, "{:.300}", e);
}
