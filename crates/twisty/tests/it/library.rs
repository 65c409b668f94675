//! Orders and structure of the built-in puzzles, checked against counting
//! arguments computed here (never against a copied number) and against the
//! claims of Eidswick's §5-§6.

use cubist_twisty::analysis::{analyze, Analysis};
use cubist_twisty::geometry::{Polyhedron, Shape};
use cubist_twisty::library;
use num_bigint::BigUint;

fn f(n: u32) -> BigUint {
    (1..=n).fold(BigUint::from(1u32), |a, k| a * k)
}
fn pow(b: u32, e: u32) -> BigUint {
    BigUint::from(b).pow(e)
}
fn run(name: &str) -> Analysis {
    analyze(&library::puzzle(name).unwrap())
}
/// (size, orientations) of the orbits that are not single fixed pieces.
fn shape(a: &Analysis) -> Vec<(usize, u32)> {
    let mut v: Vec<_> = a
        .orbits
        .iter()
        .filter(|o| o.size > 1 || o.orientations > 1)
        .map(|o| (o.size, o.orientations))
        .collect();
    v.sort();
    v
}

#[test]
fn cube_orders_match_counting() {
    // 2x2x2, six faces: 8! 3^7 (the whole-cube rotations are in the group).
    assert_eq!(run("2x2x2").order, f(8) * pow(3, 7));
    assert_eq!(run("3x3x3").order, f(8) * pow(3, 7) * f(12) * pow(2, 11) / 2u32);
    assert_eq!(run("3x3x3").order.to_string(), "43252003274489856000");
    assert_eq!(run("4x4x4").order, f(8) * pow(3, 7) * f(24) * f(24) / 2u32);
    // Eidswick §6, n = 2m+1: 8! 12! 24!^(m^2-1) 2^11 3^7 / 2^(m^2+1-m); m = 2.
    assert_eq!(
        run("5x5x5").order,
        f(8) * f(12) * f(24).pow(3) * pow(2, 11) * pow(3, 7) / pow(2, 3)
    );
}

#[test]
fn even_cube_formula_for_6x6x6() {
    // Eidswick: the (2m)^3 cube has 8! 24!^(m(m-1)) 3^7 / (2^((m-1)^2) 24) patterns with
    // every piece marked; our group contains the 24 rotations, so |G| is 24 times that. m = 3.
    let a = run("6x6x6");
    assert_eq!(a.order, f(8) * f(24).pow(6) * pow(3, 7) / pow(2, 4));
    assert_eq!(shape(&a).len(), 3 * 3 + 1 - 3); // m^2 + 1 - m orbits
    assert_eq!(a.parity_basis.len(), 3); // a parity basis of size m
    assert_eq!(a.eidswick_order, a.order);
}

#[test]
fn odd_cube_orbits_and_parity_basis() {
    for (n, m) in [(3usize, 1usize), (5, 2)] {
        let a = run(&format!("{n}x{n}x{n}"));
        assert_eq!(shape(&a).len(), m * m + 1, "{n}"); // m^2 + 1 orbits
        assert_eq!(a.parity_basis.len(), m, "{n}");
        assert_eq!(a.eidswick_order, a.order, "{n}");
    }
}

#[test]
#[ignore = "7x7x7: about a second in the dev profile"]
fn seven_cube() {
    let a = run("7x7x7");
    assert_eq!(
        a.order,
        f(8) * f(12) * f(24).pow(8) * pow(2, 11) * pow(3, 7) / pow(2, 9 + 1 - 3)
    );
    assert_eq!(a.parity_basis.len(), 3);
    assert_eq!(a.eidswick_order, a.order);
    // Solid colours: each of the 6 centre orbits of 24 has six classes of four.
    let h = (f(4).pow(6) / 2u32).pow(6);
    assert_eq!(a.patterns.unwrap(), &a.order / h);
}

#[test]
fn pattern_table_of_section_6() {
    // 2x2x2: 8! 3^7 / 24.
    assert_eq!(run("2x2x2").patterns.unwrap(), f(8) * pow(3, 7) / 24u32);
    // 3x3x3: 8! 12! 2^11 3^7 / 2.
    assert_eq!(
        run("3x3x3").patterns.unwrap(),
        f(8) * f(12) * pow(2, 11) * pow(3, 7) / 2u32
    );
    // 4x4x4, Eidswick's entry: 8! 24!^2 3^7 / (2 * 24 * (4!^6 / 2)). It equals
    // 7! 3^6 24!^2 / 4!^6 (fix one corner; every centre arrangement of either parity
    // is reachable up to swapping same-coloured centres). See docs/twisty.md.
    let p4 = run("4x4x4").patterns.unwrap();
    assert_eq!(
        p4,
        f(8) * f(24).pow(2) * pow(3, 7) / (BigUint::from(2u32 * 24) * (f(4).pow(6) / 2u32))
    );
    assert_eq!(p4, f(7) * pow(3, 6) * f(24).pow(2) / f(4).pow(6));
    // 5x5x5: 8! 12! 24!^3 2^11 3^7 / (2^3 (4!^6/2)^2).
    let p5 = run("5x5x5").patterns.unwrap();
    assert_eq!(
        p5,
        f(8) * f(12) * f(24).pow(3) * pow(2, 11) * pow(3, 7) / (pow(2, 3) * (f(4).pow(6) / 2u32).pow(2))
    );
}

#[test]
fn joint_twist_sums() {
    // 3x3x3: corner sums (mod 3) and edge sums (mod 2) are both always 0.
    let a = run("3x3x3");
    assert_eq!(
        (a.twist_sum_combinations, a.twist_sum_combinations_reachable),
        (Some(6), Some(1))
    );
    // Pyraminx: tips and axial pieces twist freely (3^8), edges keep their sum (2).
    let a = run("pyraminx");
    assert_eq!(
        (a.twist_sum_combinations, a.twist_sum_combinations_reachable),
        (Some(2 * 3u64.pow(8)), Some(3u64.pow(8)))
    );
}

#[test]
fn megaminx_and_icosahedron() {
    let a = run("megaminx");
    assert_eq!(a.order, f(20) / 2u32 * pow(3, 19) * f(30) / 2u32 * pow(2, 29));
    assert_eq!(shape(&a), vec![(20, 3), (30, 2)]);
    // Icosahedron: one orbit of 20 faces with 3 orientations; all generators are
    // 5-cycles, so no parity basis; index 6 = 2 * 3.
    let a = run("icosahedron-vertex");
    assert_eq!(shape(&a), vec![(20, 3)]);
    assert!(a.parity_basis.is_empty());
    assert_eq!(a.order, f(20) / 2u32 * pow(3, 19));
    assert_eq!(a.index, 6u32.into());
}

#[test]
fn tetrahedra_octahedra_dodecahedra_as_eidswick_describes() {
    // Tetrahedron #1: one orbit of six edges; the four vertex clusters turn in place.
    let a = run("tetrahedron-vertex");
    assert_eq!(shape(&a), vec![(1, 3), (1, 3), (1, 3), (1, 3), (6, 2)]);
    assert_eq!(a.order, f(6) / 2u32 * pow(2, 5) * pow(3, 4));
    // Pyraminx = tetrahedron #1 plus tips.
    assert_eq!(run("pyraminx").order, f(6) / 2u32 * pow(2, 5) * pow(3, 4) * pow(3, 4));
    // Tetrahedron #2: corners V and three face orbits F1..F3 of four, orientations
    // determined; nu(F1) + nu(F2) + nu(F3) = 0 and a parity basis of size 3; the six
    // edge pieces only flip in place.
    let a = run("tetrahedron-edge");
    assert_eq!(
        shape(&a),
        vec![
            (1, 2),
            (1, 2),
            (1, 2),
            (1, 2),
            (1, 2),
            (1, 2),
            (4, 1),
            (4, 1),
            (4, 1),
            (4, 1)
        ]
    );
    assert_eq!(a.parity_basis.len(), 3);
    assert_eq!(a.parity_relations.len(), 1);
    assert_eq!(a.parity_relations[0].sum_of.len(), 2);
    // Octahedron #1: the cube's edges (12, flips) around six vertex clusters.
    assert!(shape(&run("octahedron-vertex")).contains(&(12, 2)));
    // Octahedron #2: corners (6, two orientations), edges and two face orbits of 12.
    assert_eq!(shape(&run("octahedron-face")), vec![(6, 2), (12, 1), (12, 1), (12, 1)]);
    // Dodecahedron #2: orbits of 20, 30 and 30 (the face pieces a, a' flip as a unit).
    assert_eq!(shape(&run("dodecahedron-deep")), vec![(20, 3), (30, 2), (30, 2)]);
}

#[test]
fn examples_1_to_3() {
    let a = run("three-coins");
    assert_eq!(a.order, 48u32.into());
    assert_eq!(a.index, 1u32.into());
    assert_eq!(run("six-triangles").index, 6u32.into());
    let a = run("two-faces");
    assert_eq!(a.index, 18u32.into());
    // Eidswick names the 2-faces group as an exception to his strategy: the §6
    // formula (index 2^(N-m) * 3 = 3) does not hold for it.
    assert_ne!(a.eidswick_order, a.order);
}

#[test]
fn skewb_rotations_and_patterns() {
    let a = run("skewb");
    assert_eq!(a.rotations_in_group, Some(12));
    assert_eq!(a.patterns.unwrap() * 12u32, a.order);
}

#[test]
fn cube_definitions_for_many_sizes() {
    for n in 2..=6 {
        let p = library::cube(n).unwrap();
        let stickers: usize = p
            .sets
            .iter()
            .map(|s| {
                s.size
                    * if s.name.starts_with("CORNER") {
                        3
                    } else if s.name.starts_with("EDGE") {
                        2
                    } else {
                        1
                    }
            })
            .sum();
        assert_eq!(stickers, 6 * n * n, "{n}");
    }
    assert!(library::puzzle("1x1x1").is_err());
    assert!(library::puzzle("3x3x4").is_err());
    assert!(library::puzzle("nope")
        .unwrap_err()
        .to_string()
        .contains("unknown puzzle"));
}

/// Hofstadter's IncrediBall (the Impossiball) is Eidswick's icosahedron:
/// 20 triangles, 3 orientations each, caps of five about the 12 vertices.
#[test]
fn incrediball() {
    let p = library::puzzle("incrediball").unwrap();
    let ico = library::puzzle("icosahedron-vertex").unwrap();
    assert_eq!(p.moves.len(), 12);
    for (a, b) in p.moves.iter().zip(&ico.moves) {
        assert_eq!(a.element, b.element);
    }
    assert!(library::puzzle("impossiball").is_ok());
    let a = analyze(&p);
    assert_eq!(shape(&a), vec![(20, 3)]);
    // Counting: every cap turn is a 5-cycle of triangles (even), and twists
    // sum to 0 (Proposition 2): at most 20!/2 * 3^19, and Schreier-Sims says
    // the turns reach all of it.
    let counted = f(20) / 2u32 * pow(3, 19);
    assert_eq!(a.order, counted);
    // A second generator set: eleven of the twelve caps reach the same group.
    let names: Vec<&str> = p.moves.iter().skip(1).map(|m| m.name.as_str()).collect();
    assert_eq!(p.with_moves(&names).unwrap().order(), counted);
    // No fixed centres: all 60 rotations of the ball are in the group, so
    // the ball has order / 60 patterns up to turning the whole ball.
    assert_eq!(a.rotations_in_group, Some(60));
    assert_eq!(a.patterns, Some(&counted / 60u32));
    // The 6-colour ball (opposite vertices alike): a triangle shows the
    // colours of its three vertices; a triangle and the opposite one show the
    // same three colours in mirror order, so all 20 still differ and the
    // colouring identifies no pieces.
    let poly = Polyhedron::new(Shape::Icosahedron);
    let close = |a: [f64; 3], b: [f64; 3]| (0..3).all(|i| (a[i] - b[i]).abs() < 1e-9);
    let vertex = |v: [f64; 3]| poly.vertices.iter().position(|&w| close(w, v)).unwrap();
    // A vertex's colour: the lower index of it and its opposite.
    let axis = |v: [f64; 3]| vertex(v).min(vertex(v.map(|x| -x)));
    let mut triples: Vec<[usize; 3]> = poly
        .faces
        .iter()
        .map(|f| {
            let c = [axis(f[0]), axis(f[1]), axis(f[2])];
            (0..3).map(|r| [c[r], c[(r + 1) % 3], c[(r + 2) % 3]]).min().unwrap()
        })
        .collect();
    assert_eq!(poly.faces.len(), 20);
    triples.sort_unstable();
    triples.dedup();
    assert_eq!(triples.len(), 20);
}

/// The megaminx's faces by cubing.js's names, each face's five neighbours
/// derived here from the geometry (faces whose normals meet at
/// arccos(1/√5), the dodecahedron's dihedral neighbours) and compared with
/// cubing.js's megaminx; and the way round: clockwise seen from outside,
/// `F` has `U R FR FL L` (cubing.js's net) and `U` has `F L BL BR R`, so `R`
/// is on the right of `F` with `U` on top, not a mirror image.
#[test]
fn megaminx_faces_have_cubing_js_names_and_neighbours() {
    let p = library::puzzle("megaminx").unwrap();
    let g = p.geometry.as_ref().unwrap();
    let faces: Vec<([f64; 3], &str)> = g
        .lines
        .iter()
        .flat_map(|l| {
            let minus = l.minus.as_deref().unwrap();
            [(l.dir, l.plus.as_str()), (l.dir.map(|x| -x), minus)]
        })
        .collect();
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let normal = |name: &str| faces.iter().find(|f| f.1 == name).unwrap().0;
    let around = |name: &str| -> Vec<&str> {
        let n = normal(name);
        faces
            .iter()
            .filter(|f| (dot(n, f.0) - 0.2f64.sqrt()).abs() < 1e-9)
            .map(|f| f.1)
            .collect()
    };
    for (face, neighbours) in [
        ("U", ["BL", "BR", "F", "L", "R"]),
        ("F", ["FL", "FR", "L", "R", "U"]),
        ("L", ["BL", "DL", "F", "FL", "U"]),
        ("BL", ["B", "BR", "DL", "L", "U"]),
        ("BR", ["B", "BL", "DR", "R", "U"]),
        ("R", ["BR", "DR", "F", "FR", "U"]),
        ("FR", ["D", "DR", "F", "FL", "R"]),
        ("FL", ["D", "DL", "F", "FR", "L"]),
        ("DL", ["B", "BL", "D", "FL", "L"]),
        ("B", ["BL", "BR", "D", "DL", "DR"]),
        ("DR", ["B", "BR", "D", "FR", "R"]),
        ("D", ["B", "DL", "DR", "FL", "FR"]),
    ] {
        let mut got = around(face);
        got.sort_unstable();
        assert_eq!(got, neighbours, "{face}");
    }
    // Clockwise seen from outside: decreasing angle about the outward
    // normal (right-handed), starting from the neighbour given.
    let clockwise = |name: &str, first: &str| -> Vec<&str> {
        let n = normal(name);
        let flat = |m: [f64; 3]| {
            let k = dot(m, n);
            [m[0] - k * n[0], m[1] - k * n[1], m[2] - k * n[2]]
        };
        let u = flat(normal(first));
        let w = [
            n[1] * u[2] - n[2] * u[1],
            n[2] * u[0] - n[0] * u[2],
            n[0] * u[1] - n[1] * u[0],
        ];
        let mut ring: Vec<(f64, &str)> = around(name)
            .into_iter()
            .map(|m| {
                let v = flat(normal(m));
                let angle = dot(v, w).atan2(dot(v, u));
                ((-angle).rem_euclid(std::f64::consts::TAU), m)
            })
            .collect();
        ring.sort_by(|a, b| a.0.total_cmp(&b.0));
        // `first` is at angle 0, which rounding may put at a whole turn.
        let mut names: Vec<&str> = ring.into_iter().map(|(_, m)| m).collect();
        let at = names.iter().position(|&m| m == first).unwrap();
        names.rotate_left(at);
        names
    };
    assert_eq!(clockwise("F", "U"), ["U", "R", "FR", "FL", "L"]);
    assert_eq!(clockwise("U", "F"), ["F", "L", "BL", "BR", "R"]);
    // The moves are the faces, and the other face-turning dodecahedra
    // share the names.
    let names: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(
        names,
        ["B", "BL", "BR", "D", "DL", "DR", "F", "FL", "FR", "L", "R", "U"]
    );
    for other in ["dodecahedron-deep", "magic-crystal", "alexanders-star"] {
        let q = library::puzzle(other).unwrap();
        let theirs: Vec<&str> = q.moves.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(theirs, names, "{other}");
    }
}
