//! The 36 Cube: counts, symmetry classes, the reason without the special
//! towers, board files and their errors.

use cubist_place::cube36::{check, in_search_order, reason, solve, solve_exhaustive, Board, Grid, Special, Symmetries};
use proptest::prelude::*;
use std::collections::BTreeSet;

const REAL: &str = "\
# The 36 Cube, as in cubist's conventions (section 5).
colours: red yellow blue green violet orange
heights:
134520
250413
013254
541302
425031
302145
special: yellow 4 1 2
special: orange 5 3 2
";

#[test]
fn the_real_puzzle_has_96_solutions_in_4_classes() {
    let b = Board::real();
    let sols = solve(&b);
    assert_eq!(sols.len(), 96);
    assert_eq!(sols, solve_exhaustive(&b));
    for g in &sols {
        check(&b, g).unwrap();
    }
    let sym = Symmetries::new(&b);
    // No map of the square keeps the heights; red, blue, green, violet can
    // be renamed freely: 4! = 24 symmetries, acting freely.
    assert_eq!(sym.order(), 24);
    let classes: BTreeSet<_> = sols.iter().map(|g| sym.canonical(g)).collect();
    assert_eq!(classes.len(), 4);
    // Every solution uses both special towers on their special cells.
    for g in &sols {
        assert_eq!(g[1][2], (1, 4));
        assert_eq!(g[3][2], (5, 5));
    }
}

#[test]
fn without_the_special_towers_there_is_no_solution() {
    let b = Board::real().without_specials();
    assert!(solve(&b).is_empty());
    let why = reason(&b).unwrap();
    assert!(
        why.starts_with("colour violet has no complete placement beside red, yellow, blue, green"),
        "{why}"
    );
    assert!(reason(&Board::real()).is_none());
}

#[test]
fn the_board_file_reads_as_the_built_in_board() {
    assert_eq!(Board::parse("b.board", REAL).unwrap(), Board::real());
    let spaced = REAL.replace("134520", "1 3 4 5 2 0");
    assert_eq!(Board::parse("b.board", &spaced).unwrap(), Board::real());
}

#[test]
fn bad_boards_name_line_and_column() {
    let e = Board::parse("b.board", &REAL.replace("250413", "25041")).unwrap_err();
    assert_eq!(e.line, Some(5));
    assert!(e.what.contains("5 heights; the board is 6 x 6"), "{e}");
    let e = Board::parse("b.board", &REAL.replace("250413", "250417")).unwrap_err();
    assert_eq!((e.line, e.column), (Some(5), Some(6)));
    assert!(e.what.contains("out of range"), "{e}");
    let e = Board::parse("b.board", &REAL.replace("302145\n", "")).unwrap_err();
    assert!(e.what.contains("5 rows of heights"), "{e}");
    let e = Board::parse("b.board", &REAL.replace("special: orange", "special: pink")).unwrap_err();
    assert_eq!((e.line, e.column), (Some(11), Some(10)));
    let e = Board::parse("b.board", &REAL.replace("yellow 4 1 2", "yellow 4 1 9")).unwrap_err();
    assert_eq!((e.line, e.column), (Some(10), Some(21)));
    let e = Board::parse("b.board", "colours: a b\nheights:\n0 1\n1 x\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(4), Some(3)));
}

/// A board with the square's symmetries: the cyclic heights of order 5
/// (odd order: the colour placements are Latin squares orthogonal to it).
#[test]
fn symmetric_boards_count_board_maps_too() {
    let b = Board::parse(
        "b.board",
        "colours: a b c d e\nheights:\n01234\n12340\n23401\n34012\n40123\n",
    )
    .unwrap();
    let sols = solve(&b);
    for g in &sols {
        check(&b, g).unwrap();
    }
    let sym = Symmetries::new(&b);
    // Of the square's maps only the transpose keeps h = r + c mod 5;
    // renamings: all 5! colours.
    assert_eq!(sym.order(), 2 * 120);
    // A solution is one of the 3 ways to split the cyclic square into 5
    // disjoint transversals, with the 5! ways to colour them.
    assert_eq!(sols.len(), 3 * 120);
    assert_eq!(sols, solve_exhaustive(&b));
    let classes: BTreeSet<_> = sols.iter().map(|g| sym.canonical(g)).collect();
    assert_eq!(classes.len(), 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The symmetry-reduced search finds exactly the solutions of the plain
    /// one, on random boards: heights from a random Latin square of order
    /// 3..=5 (cyclic, rows permuted) with random special towers.
    #[test]
    fn reduced_search_equals_plain_search(
        n in 3usize..=5,
        rows in Just((0..5).collect::<Vec<usize>>()).prop_shuffle(),
        specials in prop::collection::vec((0usize..5, 0usize..5, 0usize..5, 0usize..5), 0..3),
    ) {
        let order: Vec<usize> = rows.into_iter().filter(|&r| r < n).collect();
        let heights = order.iter().map(|&r| (0..n).map(|c| (r + c) % n).collect()).collect();
        let specials = specials
            .into_iter()
            .map(|(k, h, r, c)| Special { colour: k % n, size: h % n, row: r % n, col: c % n })
            .collect();
        let b = Board { colours: (0..n).map(|k| format!("c{k}")).collect(), heights, specials };
        let sols = solve(&b);
        prop_assert_eq!(&sols, &solve_exhaustive(&b));
        for g in &sols {
            prop_assert!(check(&b, g).is_ok());
        }
    }
}

#[test]
fn the_analysis_of_the_real_board() {
    let a = cubist_place::cube36::analyse(&Board::real()).unwrap();
    assert_eq!((a.solutions.len(), a.representatives.len(), a.order), (96, 4, 24));
    assert_eq!(a.reason, None);
    let none = cubist_place::cube36::analyse(&Board::real().without_specials()).unwrap();
    assert_eq!((none.solutions.len(), none.order), (0, 720));
    assert!(none.reason.unwrap().contains("violet has no complete placement"));
}

#[test]
fn board_errors_count_columns_in_characters() {
    let e = Board::parse("b.board", "colours: é b\nheights:\né1\n").unwrap_err();
    assert_eq!(e.to_string(), "b.board:3:1: `é` is not a height");
    let e = Board::parse("b.board", "colours: é b\nheights:\n1 0\n0 1\nspecial: é 1 0 x\n").unwrap_err();
    assert_eq!(e.to_string(), "b.board:5:16: `x` is not in 0..1");
}

#[test]
fn board_errors_quote_an_excerpt_and_long_rows_are_counted_first() {
    let h = "w".repeat(1 << 20);
    for text in [
        format!("colours: a {h} {h}\n"),
        format!("{h}\n"),
        format!("colours: a b\nheights:\n0 {h}\n"),
        format!("colours: a b\nheights:\n0 1\n1 0\nspecial: {h} 1 0 0\n"),
        format!("colours: a b\nheights:\n0 1\n1 0\nspecial: a 1 0 {h}\n"),
    ] {
        let e = Board::parse("b.board", &text).unwrap_err();
        let m = e.to_string();
        assert!(m.len() < 200 && m.contains("www…"), "{} bytes: {:.200}", m.len(), m);
        assert!(e.column.is_some(), "{m}");
    }
    // A row of a million digits run together: its length is the error.
    let digits = "1".repeat(1 << 20);
    let e = Board::parse("b.board", &format!("colours: a b\nheights:\n{digits}\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "b.board:3: row 0 has 1048576 heights; the board is 2 x 2"
    );
}

/// The blog's search, written out: towers colour by colour and size by
/// size, each on every free cell it fits (row by row) that leaves its colour
/// once per row and column. Its solutions, in the order it finds them, are
/// `in_search_order` of the sorted solutions.
#[test]
fn the_search_order_is_the_plain_searchs() {
    fn search(b: &Board, tower: usize, g: &mut Vec<Vec<Option<(usize, usize)>>>, out: &mut Vec<Grid>) {
        let n = b.n();
        if tower == n * n {
            out.push(g.iter().map(|row| row.iter().map(|x| x.unwrap()).collect()).collect());
            return;
        }
        let (colour, size) = (tower / n, tower % n);
        for r in 0..n {
            for c in 0..n {
                let clash =
                    (0..n).any(|i| g[i][c].is_some_and(|t| t.0 == colour) || g[r][i].is_some_and(|t| t.0 == colour));
                if g[r][c].is_none() && b.fits(colour, size, r, c) && !clash {
                    g[r][c] = Some((colour, size));
                    search(b, tower + 1, g, out);
                    g[r][c] = None;
                }
            }
        }
    }
    let board = Board::real();
    let mut found = Vec::new();
    search(&board, 0, &mut vec![vec![None; 6]; 6], &mut found);
    assert_eq!(found.len(), 96);
    let solutions = solve(&board);
    let ordered: Vec<Grid> = in_search_order(&solutions).into_iter().cloned().collect();
    assert_eq!(ordered, found);
}
