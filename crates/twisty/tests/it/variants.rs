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
    assert_eq!(
        library::puzzle("3x3x3-centres-slices").unwrap().order(),
        &marked * 24u32
    );
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
    assert_eq!(
        library::puzzle("octahedron-face-centres-slices").unwrap().order(),
        marked
    );
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
fn master_pyraminx_by_counting() {
    // Tetrahedra #1 and #2 combined. Read off the moves (and checked here):
    // vertex turns are 3-cycles; an edge turn swaps two corners, swaps two
    // EDGE3 pieces, does a double swap of CENTER pieces and flips one EDGE in
    // place. The edge cut splits each of #1's edges in two, EDGE (outside)
    // and EDGE2 (inside); only vertex turns move them, together.
    let p = library::puzzle("master-pyraminx").unwrap();
    let (edge, edge2) = (set(&p, "EDGE"), set(&p, "EDGE2"));
    for m in &p.moves {
        assert_eq!(m.element[edge].perm(), m.element[edge2].perm(), "{}", m.name);
    }
    // So: corners any permutation (4!), EDGE3 of the same parity (12!/2),
    // CENTER even (12!/2), EDGE and EDGE2 one even permutation (6!/2); EDGE
    // flips summing to the corner parity (2^5), EDGE2 flips summing to 0 (2^5);
    // corner and tip twists with Σ corners ≡ Σ tips mod 3 (3^8 / 3).
    let count = f(4) * f(12) / 2u32 * f(12) / 2u32 * f(6) / 2u32 * pow(2, 5) * pow(2, 5) * pow(3, 7);
    let a = analyze(&p);
    assert_eq!(a.order, count);
    // Eidswick's §6 product treats the orbits as independent apart from parity;
    // the tied EDGE/EDGE2 permutations, the flip-parity and twist relations make
    // it 6!/2 · 2 · 3 = 2160 times too large here.
    assert_eq!(&a.eidswick_order / &a.order, BigUint::from(2160u32));
}

#[test]
fn magic_crystal_and_alexanders_star_by_counting() {
    // The Magic Crystal: at the extreme depth the face pieces vanish and the
    // pieces are 20 corners (3 orientations) and 30 edges (2): every turn is two
    // 5-cycles, so both permutations are even, and Proposition 2 holds on both.
    let a = analyze(&library::puzzle("magic-crystal").unwrap());
    let shape: Vec<(usize, u32)> = a.orbits.iter().map(|o| (o.size, o.orientations)).collect();
    assert_eq!(shape, vec![(30, 2), (20, 3)]);
    assert_eq!(a.order, f(20) / 2u32 * pow(3, 19) * f(30) / 2u32 * pow(2, 29));
    assert_eq!(a.rotations_in_group, Some(60));
    // Alexander's Star: 30 edges, 5-cycles: 30!/2 · 2^29.
    let star = library::puzzle("alexanders-star").unwrap();
    assert_eq!(star.order(), f(30) / 2u32 * pow(2, 29));
    // Six colours: fifteen pairs of identical edges.
    let mut labels = star.solved[0].clone();
    labels.sort_unstable();
    labels.dedup();
    assert_eq!(labels.len(), 15);
    // A second generator set: the inverse turns generate the same group.
    let inverses = Puzzle {
        moves: star
            .moves
            .iter()
            .map(|m| cubist_twisty::Move {
                name: m.name.clone(),
                element: power(&m.element, -1),
            })
            .collect(),
        ..star.clone()
    };
    assert_eq!(inverses.order(), star.order());
}

/// Eidswick's §5 for every odd cube (2m+1)^3 with marked centres: a face's
/// quarter turn twists its centre by one and is odd on the middle edges,
/// an inner layer turn does neither, so the centres' twists sum to the
/// middle edges' parity (mod 2): centres correctly oriented imply
/// ν(g, E) = 0. Checked on random states of the 5x5x5 and 7x7x7, and
/// through the orders: marking the six centres multiplies the group by
/// 4^6 / 2, the 2 being exactly that tie (Schreier–Sims on both puzzles).
#[test]
fn odd_cubes_with_marked_centres_tie_centre_twists_to_edge_parity() {
    use rand::SeedableRng;
    for n in [5usize, 7] {
        let plain = library::puzzle(&format!("{n}x{n}x{n}")).unwrap();
        let p = library::puzzle(&format!("{n}x{n}x{n}-centres")).unwrap();
        assert_eq!(p.order(), plain.order() * pow(4, 6) / 2u32, "{n}");
        let centres = p.sets.iter().position(|s| s.modulus == 4 && s.size == 6).unwrap();
        // The middle edges: the one set of 12 pieces with two orientations.
        let middle = p.sets.iter().position(|s| s.size == 12 && s.modulus == 2).unwrap();
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n as u64);
        let mut odd = 0;
        for _ in 0..200 {
            let e = p.random_element(&chain, &mut rng);
            let twist: u32 = e[centres].orient().iter().sum();
            let edge_odd = !e[middle].perm().is_even();
            assert_eq!(twist % 2 == 1, edge_odd, "{n}");
            odd += usize::from(edge_odd);
        }
        // Both parities occur among random states.
        assert!((50..150).contains(&odd), "{n}: {odd}");
        // A face turn twists one centre and is odd on the middle edges; an
        // inner layer turn is neither.
        let r = notation::parse(&p, "R").unwrap();
        assert_eq!(r[centres].orient().iter().filter(|&&t| t != 0).count(), 1);
        assert!(!r[middle].perm().is_even());
        let r2 = notation::parse(&p, "2R").unwrap();
        assert!(r2[centres].orient().iter().all(|&t| t == 0) && r2[middle].perm().is_even());
    }
}

/// Alexander's Star's positions and patterns, counted without the analysis's
/// argument. The model reads each edge's two colours in one order in every
/// slot, so two identical edges trade places unflipped: of the 2^15
/// products of such swaps (one per pair), the Schreier–Sims chain of the
/// face turns holds 2^14, and the positions are the group's order divided
/// by that: 30! · 2^14. The star's 60 rotations turn its edges as the
/// megaminx's rotations turn the megaminx's: each is an even permutation
/// with an even number of flips, so it lies in the group (even permutations,
/// flips summing to 0); and each but the identity has a cycle longer than
/// two edges or flips the two edges on its axis, which no product of twin
/// swaps does and conjugating cannot change. So no rotation fixes a
/// position, and the patterns are 30! · 2^14 / 60, the figure usually
/// quoted.
#[test]
fn alexanders_star_positions_and_patterns_by_counting() {
    use cubist_perm::{Perm, StabChain, Wreath};
    let star = library::puzzle("alexanders-star").unwrap();
    let labels = &star.solved[0];
    let n = labels.len();
    let twins: Vec<(usize, usize)> = (0..n)
        .flat_map(|x| (x + 1..n).map(move |y| (x, y)))
        .filter(|&(x, y)| labels[x] == labels[y])
        .collect();
    assert_eq!(twins.len(), 15);
    let chain = StabChain::new(star.degree(), &star.generator_perms());
    let mut in_group = 0u32;
    for subset in 0u32..1 << 15 {
        let mut images: Vec<u32> = (0..n as u32).collect();
        for (i, &(x, y)) in twins.iter().enumerate() {
            if subset >> i & 1 == 1 {
                images.swap(x, y);
            }
        }
        let e = vec![Wreath::new(Perm::from_images(images).unwrap(), vec![0; n], 2).unwrap()];
        assert!(star.shows_solved(&e));
        in_group += chain.contains(&star.to_perm(&e)) as u32;
    }
    assert_eq!(in_group, 1 << 14);
    let positions = star.order() / in_group;
    assert_eq!(positions, f(30) * pow(2, 14));
    let a = analyze(&star);
    assert_eq!(a.positions, Some(positions.clone()));

    let mega = library::puzzle("megaminx").unwrap();
    let edges = set(&mega, "EDGE");
    let geo = mega.geometry.as_ref().unwrap();
    let rotations: Vec<Wreath> = geo
        .rotations()
        .iter()
        .map(|r| geo.element(r).unwrap()[edges].clone())
        .collect();
    assert_eq!(rotations.len(), 60);
    let mut free = 0;
    for w in &rotations {
        assert!(w.perm().is_even());
        assert_eq!(w.orient().iter().sum::<u32>() % 2, 0);
        let long_cycle = w.perm().cycles().iter().any(|c| c.len() > 2);
        let flipped_in_place = (0..n).any(|x| w.perm().image(x as u32) == x as u32 && w.orient()[x] == 1);
        free += (long_cycle || flipped_in_place) as usize;
    }
    assert_eq!(free, 59);
}
