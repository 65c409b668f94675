//! The cube and the octahedron #2 with slice turns and marked face centres:
//! orders by Schreier–Sims against product formulas whose constraints are
//! argued here, and the moves checked against the plain puzzles.

use cubist_twisty::analysis::analyze;
use cubist_twisty::{compose, library, notation, power, Puzzle};
use num_bigint::BigUint;

fn f(n: u32) -> BigUint {
    (1..=n).fold(BigUint::from(1u32), |a, k| a * k)
}
fn pow(b: u32, e: u32) -> BigUint {
    BigUint::from(b).pow(e)
}
fn set(p: &Puzzle, name: &str) -> usize {
    p.sets.iter().position(|s| s.name == name).unwrap()
}

#[test]
fn cube_orders_with_slices_and_marked_centres() {
    // Face turns: 8! 3^8 12! 2^12 over 3 (corner twists), 2 (edge flips) and 2
    // (corner parity = edge parity).
    let faces = f(8) * pow(3, 7) * f(12) * pow(2, 11) / 2u32;
    // Marked centres, face turns only: each centre turns with its face, so its
    // twist is the number of quarter turns of that face mod 4; the sum of the
    // six is the number of quarter turns, whose parity is the corner parity.
    // So 4^6 / 2 centre states on top of every cube state.
    let marked = &faces * pow(4, 6) / 2u32;
    assert_eq!(marked.to_string(), "88580102706155225088000");
    assert_eq!(library::puzzle("3x3x3-centres").unwrap().order(), marked);
    // Slices: a slice is two face turns and a whole-cube rotation, and the
    // face-turn group fixes the centres' places, so the rotations (24) extend it.
    assert_eq!(library::puzzle("3x3x3-slices").unwrap().order(), &faces * 24u32);
    assert_eq!(library::puzzle("3x3x3-centres-slices").unwrap().order(), &marked * 24u32);
}

#[test]
fn cube_with_slices_is_the_cube_up_to_rotations() {
    let a = analyze(&library::puzzle("3x3x3-slices").unwrap());
    // Eidswick's orbits V, E and the (now moving) centres C, with 3, 2 and 1
    // visible orientations (solid colours); parity basis of size 2 (a face
    // turn, a slice turn), and ν(E) = ν(V) + ν(C) as §5 says.
    let shape: Vec<(usize, u32)> = a.orbits.iter().map(|o| (o.size, o.orientations)).collect();
    assert_eq!(shape, vec![(8, 3), (12, 2), (6, 1)]);
    assert_eq!(a.parity_basis.len(), 2);
    assert_eq!(a.parity_relations.len(), 1);
    assert_eq!(a.parity_relations[0].sum_of.len(), 2);
    assert_eq!(a.rotations_in_group, Some(24));
    assert_eq!(a.patterns.unwrap().to_string(), "43252003274489856000");
    // With marked centres the centre orbit has 4 orientations.
    let a = analyze(&library::puzzle("3x3x3-centres-slices").unwrap());
    let shape: Vec<(usize, u32)> = a.orbits.iter().map(|o| (o.size, o.orientations)).collect();
    assert_eq!(shape, vec![(8, 3), (12, 2), (6, 4)]);
}

#[test]
fn slices_turn_as_wca_says_and_face_turns_are_unchanged() {
    let plain = library::puzzle("3x3x3").unwrap();
    let p = library::puzzle("3x3x3-slices").unwrap();
    for m in &plain.moves {
        assert_eq!(p.find_move(&m.name).unwrap().element, m.element, "{}", m.name);
    }
    // M turns as L: the centre on U goes to F; E as D: F to R; S as F: U to R.
    // The centres' solid colours are their faces in the order F B L R U D.
    let c = set(&p, "CENTER");
    let geo = p.geometry.as_ref().unwrap();
    let colour = geo.appearance()[c].iter().map(|a| a[0]).collect::<Vec<u32>>();
    let slot = |face: u32| colour.iter().position(|&x| x == face).unwrap() as u32;
    let (front, right, up) = (slot(0), slot(3), slot(4));
    let to = |mv: &str, from: u32| notation::parse(&p, mv).unwrap()[c].perm().image(from);
    assert_eq!(to("M", up), front);
    assert_eq!(to("E", front), right);
    assert_eq!(to("S", up), right);
    // M = L' R x' on corners and edges: M R' L is a whole-cube rotation, so it
    // has order 4 and moves every corner.
    let rot = notation::parse(&p, "M R' L").unwrap();
    assert_eq!(p.element_order(&rot), BigUint::from(4u32));
    assert!(rot[set(&p, "CORNER")].act_prime().len() == 8);
}

#[test]
fn marked_centres_twist_with_their_face() {
    let p = library::puzzle("3x3x3-centres").unwrap();
    let c = set(&p, "CENTER");
    assert_eq!(p.sets[c].modulus, 4);
    for m in &p.moves {
        let w = &m.element[c];
        // A face turn fixes every centre and twists exactly one by a quarter turn.
        assert!(w.perm().is_identity());
        assert_eq!(w.orient().iter().filter(|&&t| t == 1).count(), 1, "{}", m.name);
        assert_eq!(w.orient().iter().filter(|&&t| t == 0).count(), 5, "{}", m.name);
        assert!(power(&m.element, 4) == p.identity());
    }
    // The superflip-free commutator [R, U] leaves every centre untwisted.
    let e = notation::parse(&p, "[R, U]").unwrap();
    assert!(e[c].orient().iter().all(|&t| t == 0));
    // With slices, M moves four centres (marks and all) and M2 M2 is the identity.
    let q = library::puzzle("3x3x3-centres-slices").unwrap();
    let m = notation::parse(&q, "M").unwrap();
    assert_eq!(m[c].perm().support().len(), 4);
    let m2 = notation::parse(&q, "M2").unwrap();
    assert_eq!(compose(&m2, &m2), q.identity());
}

#[test]
fn octahedron_two_with_slices_and_centres() {
    // Octahedron #2: every face turn is a 120° turn, so it permutes by 3-cycles
    // (even) on every orbit: corners 6!/2 · 2^5 (two orientations, flips sum to
    // 0), edges and the two face orbits 12!/2 each.
    let base = f(6) / 2u32 * pow(2, 5) * (f(12) / 2u32).pow(3);
    assert_eq!(library::puzzle("octahedron-face").unwrap().order(), base);
    // Slice turns add nothing: the face-turn group already holds the rotations.
    assert_eq!(library::puzzle("octahedron-face-slices").unwrap().order(), base);
    // Eidswick's orientable centres turn only with their own face: centre f's
    // twist is the number of turns of face f mod 3, a homomorphism onto Z_3^8.
    // The face-turn group is perfect (alternating groups of degree >= 5, and the
    // corner flips form a non-trivial irreducible module of A_6), so it has no
    // Z_3 quotient to tie the twists to: all 3^8 combinations occur on top of
    // every state (Goursat).
    let marked = &base * pow(3, 8);
    assert_eq!(library::puzzle("octahedron-face-centres").unwrap().order(), marked);
    assert_eq!(library::puzzle("octahedron-face-centres-slices").unwrap().order(), marked);
    // The centres: eight slots of one orbit each, three orientations; a slice
    // turns none of them.
    let p = library::puzzle("octahedron-face-centres-slices").unwrap();
    let c = set(&p, "FACE_CENTER");
    assert_eq!((p.sets[c].size, p.sets[c].modulus), (8, 3));
    for m in &p.moves {
        let twisted = m.element[c].orient().iter().filter(|&&t| t != 0).count();
        assert_eq!(twisted, usize::from(!m.name.starts_with('2')), "{}", m.name);
    }
}

#[test]
fn explore_named() {
    for name in ["master-pyraminx", "magic-crystal", "alexanders-star"] {
        let p = library::puzzle(name).unwrap();
        let a = analyze(&p);
        let sh: Vec<_> = a.orbits.iter().map(|o| (o.set.clone(), o.size, o.orientations, o.twist_sum_modulus)).collect();
        eprintln!("{name}: {:?} order {} eid {} basis {:?} rel {:?} pos {:?} rot {:?} pat {:?}", p.moves.iter().map(|m| m.name.clone()).collect::<Vec<_>>(), a.order, a.eidswick_order, a.parity_basis, a.parity_relations, a.positions, a.rotations_in_group, a.patterns);
        eprintln!("   {sh:?} {:?}", p.sets);
    }
}
