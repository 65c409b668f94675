//! The placement problems on every exact-cover engine that takes them:
//! dancing cells and bit sets find what dancing links finds.

use cubist_exact::{check, solve_with, Engine, Mode, Problem};
use cubist_place::cube36::{problem, Board};

fn solutions(p: &Problem, engine: Engine) -> Vec<Vec<usize>> {
    solve_with(p, Mode::All, engine, 1, None, None).unwrap().solutions
}

/// The 36 Cube, every colour's towers placed at once: 96 solutions, the
/// same in the same order on dancing cells and bit sets as on dancing
/// links; `auto` counts them on bit sets keeping their counts.
#[test]
fn the_36_cube_on_dancing_cells_and_bit_sets() {
    let board = Board::real();
    let every_colour: Vec<usize> = (0..board.n()).collect();
    let (p, _) = problem(&board, &every_colour);
    assert!(p.items().len() > 128);
    let links = solutions(&p, Engine::Links);
    let cells = solutions(&p, Engine::Cells);
    assert_eq!(links.len(), 96);
    assert_eq!(cells, links);
    assert_eq!(solutions(&p, Engine::Bits), links);
    for s in &cells {
        check(&p, s).unwrap();
    }
    let auto = solve_with(&p, Mode::Count, Engine::Auto, 1, None, None).unwrap();
    assert_eq!((auto.engine, auto.stats.solutions), (Engine::Bits, 96));
}

/// Latin squares (all of order 4, the reduced ones of order 5) and
/// the 36 Cube one colour at a time, on the three engines that take them.
#[test]
fn latin_squares_and_single_colours() {
    for (n, reduced, count) in [(4, false, 576), (5, true, 56)] {
        let (p, _) = cubist_place::latin::problem(n, reduced);
        let links = solutions(&p, Engine::Links);
        assert_eq!(links.len(), count);
        assert_eq!(solutions(&p, Engine::Cells), links);
    }
    let board = Board::real();
    for colour in 0..board.n() {
        let (p, _) = problem(&board, &[colour]);
        let links = solutions(&p, Engine::Links);
        assert_eq!(solutions(&p, Engine::Cells), links, "colour {colour}");
        assert_eq!(solutions(&p, Engine::Bits), links, "colour {colour}");
    }
}
