//! The built-in puzzles: every puzzle of Eidswick's §5, the n x n x n cube for
//! every n >= 2, pyraminx, skewb, Rubik's Clock ([`crate::clock`]), and his
//! abstract Examples 1-3.
//!
//! All polyhedral puzzles are derived from geometry ([`crate::geometry`]); the
//! depths are distances from the centre with faces at distance 1 (the convention
//! of twsearch's PuzzleGeometry, so `megaminx` is its `d f 0.7`).
//!
//! ```
//! use cubist_twisty::library;
//!
//! let mega = library::puzzle("megaminx").unwrap();
//! assert_eq!(mega.moves.len(), 12);
//! assert!(library::puzzle("9x9x9").is_ok());
//! assert!(library::puzzle("dodecahedron-9").is_err());
//! ```

use cubist_perm::{Perm, Wreath};

use crate::geometry::{AxisKind, CutFamily, Naming, Polyhedron, Shape, Spec, V3};
use crate::puzzle::{Move, PieceSet, Puzzle};
use crate::variants::Variant;
use crate::Error;

/// One line of `cubist twisty list`: a name and what it is.
pub struct Entry {
    /// The name a command takes.
    pub name: &'static str,
    /// What it is, in a line.
    pub about: &'static str,
}

/// The fixed built-in puzzles (plus `NxNxN` for every n >= 2).
pub const PUZZLES: &[Entry] = &[
    Entry {
        name: "2x2x2",
        about: "cube, 6 face turns (any NxNxN works: 2x2x2 ... 7x7x7 and beyond)",
    },
    Entry {
        name: "3x3x3",
        about: "Rubik's cube, 6 face turns",
    },
    Entry {
        name: "4x4x4",
        about: "cube, all 12 layer turns",
    },
    Entry {
        name: "5x5x5",
        about: "cube, 12 layer turns (central slices omitted)",
    },
    Entry {
        name: "pyraminx",
        about: "tetrahedron, vertex layers U L R B and tips u l r b",
    },
    Entry {
        name: "tetrahedron-vertex",
        about: "Eidswick's tetrahedron #1: four 120° vertex turns",
    },
    Entry {
        name: "tetrahedron-edge",
        about: "Eidswick's tetrahedron #2: six 180° edge turns",
    },
    Entry {
        name: "skewb",
        about: "cube, 8 vertex turns through the centre",
    },
    Entry {
        name: "octahedron-vertex",
        about: "Eidswick's octahedron #1: six 90° vertex turns",
    },
    Entry {
        name: "octahedron-face",
        about: "Eidswick's octahedron #2 (face-turning octahedron): 8 face turns",
    },
    Entry {
        name: "megaminx",
        about: "Eidswick's dodecahedron #1: 12 face turns",
    },
    Entry {
        name: "dodecahedron-deep",
        about: "Eidswick's dodecahedron #2: deeper-cut face turns",
    },
    Entry {
        name: "icosahedron-vertex",
        about: "Eidswick's icosahedron: 12 vertex turns of 72°, marked faces",
    },
    Entry {
        name: "incrediball",
        about: "Hofstadter's IncrediBall (the Impossiball): icosahedron-vertex by its puzzle name",
    },
    Entry {
        name: "three-coins",
        about: "Eidswick's Example 1: Z_2 wr S_3, order 48",
    },
    Entry {
        name: "six-triangles",
        about: "Eidswick's Example 2: index 6 in Z_3 wr S_6",
    },
    Entry {
        name: "two-faces",
        about: "Eidswick's Example 3: the 2-faces group, index 18 in Z_3 wr S_6",
    },
    Entry {
        name: "master-pyraminx",
        about: "Eidswick's tetrahedra #1 and #2 combined: 4 vertex and 6 edge turns",
    },
    Entry {
        name: "magic-crystal",
        about: "the extreme deep cut of the dodecahedron (through the next vertices)",
    },
    Entry {
        name: "alexanders-star",
        about: "the great dodecahedron: 12 face turns on 30 edges, 6 colours",
    },
    Entry {
        name: "3x3x3-slices",
        about: "Eidswick's cube with slice turns: 6 face turns and M E S",
    },
    Entry {
        name: "3x3x3-centres",
        about: "3x3x3, face centres marked (4 orientations each), 6 face turns (odd NxNxN-centres, -slices, -centres-slices too)",
    },
    Entry {
        name: "3x3x3-centres-slices",
        about: "Eidswick's cube group: marked centres, 6 face turns and M E S",
    },
    Entry {
        name: "octahedron-face-slices",
        about: "Eidswick's octahedron #2 with its 4 slice turns",
    },
    Entry {
        name: "octahedron-face-centres",
        about: "octahedron #2 with orientable face centres (3 orientations each)",
    },
    Entry {
        name: "octahedron-face-centres-slices",
        about: "Eidswick's octahedron #2: orientable centres and slice turns",
    },
    Entry {
        name: "clock",
        about: "Rubik's Clock: 18 dials of 12 hours, the WCA's 9 pin moves on each side",
    },
];

/// Other names of built-in puzzles: the WCA's event ids and abbreviations
/// (`333`, `333bf`, `pyram`, `minx`) and the other spelling of the
/// Incredi-ball. Besides these, a name is read in any case (`3X3X3`), and
/// `NxN` is the `NxNxN` cube.
pub const ALIASES: &[(&str, &str)] = &[
    ("222", "2x2x2"),
    ("333", "3x3x3"),
    ("333oh", "3x3x3"),
    ("333bf", "3x3x3"),
    ("333fm", "3x3x3"),
    ("333mbf", "3x3x3"),
    ("444", "4x4x4"),
    ("444bf", "4x4x4"),
    ("555", "5x5x5"),
    ("555bf", "5x5x5"),
    ("666", "6x6x6"),
    ("777", "7x7x7"),
    ("pyram", "pyraminx"),
    ("minx", "megaminx"),
    ("incredi-ball", "incrediball"),
];

/// The WCA events whose puzzles cubist models apart from the permutation
/// puzzles (`cubist_twisty::sq1`), by their ids and the puzzles' names: a
/// command that needs a permutation puzzle names them as such, not as
/// unknown.
const NOT_BUILT_IN: &[(&str, &str)] = &[("sq1", "Square-1"), ("square-1", "Square-1")];

/// The name a built-in puzzle is known by, for any name the user may give
/// it ([`ALIASES`], any case, `NxN`); other names are returned lower-cased.
pub fn canonical_name(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    if let Some((_, to)) = ALIASES.iter().find(|(from, _)| *from == lower) {
        return to.to_string();
    }
    match lower.split_once('x') {
        Some((a, b)) if a == b && a.parse::<usize>().is_ok() => format!("{a}x{a}x{a}"),
        _ => lower,
    }
}

/// The built-in name closest to an unknown `name`, when it is a slip (at
/// most two edits, and fewer than a third of the name's letters).
fn suggestion(name: &str) -> Option<String> {
    // Edit distance costs the product of the lengths: a long name is no slip.
    if name.len() > 64 {
        return None;
    }
    let known = PUZZLES
        .iter()
        .map(|e| e.name)
        .chain(ALIASES.iter().map(|(from, _)| *from))
        .chain(["impossiball", "incrediball"]);
    known
        .map(|k| (strsim::levenshtein(name, k), k))
        .filter(|&(d, _)| d <= 2 && 3 * d < name.chars().count())
        .min()
        .map(|(_, k)| canonical_name(k))
}

/// The built-in puzzle called `name` (or one of its other names:
/// [`canonical_name`]).
pub fn puzzle(name: &str) -> Result<Puzzle, Error> {
    let given = name;
    let canonical = canonical_name(name);
    let name = canonical.as_str();
    if let Some(n) = cube_size(name) {
        return cube(n);
    }
    if let Some((base, v)) = variant(name) {
        return crate::variants::build(&puzzle(base)?, name, v);
    }
    if let Some((n, v)) = odd_cube_variant(name) {
        return crate::variants::build(&cube(n)?, name, v);
    }
    let third = 1.0 / 3.0;
    let spec = |shape, kind, depths: Vec<f64>, naming| Spec {
        name: name.to_string(),
        shape,
        cuts: vec![family(shape, kind, depths)],
        marked: false,
        naming,
    };
    let s = match name {
        "pyraminx" => spec(
            Shape::Tetrahedron,
            AxisKind::Vertex,
            vec![third, 5.0 * third],
            Naming::TipsAndBlocks,
        ),
        "tetrahedron-vertex" => spec(Shape::Tetrahedron, AxisKind::Vertex, vec![third], Naming::Slabs),
        "tetrahedron-edge" => spec(
            Shape::Tetrahedron,
            AxisKind::Edge,
            vec![3f64.sqrt() / 2.0],
            Naming::Slabs,
        ),
        "skewb" => spec(Shape::Cube, AxisKind::Vertex, vec![0.0], Naming::Slabs),
        "octahedron-vertex" => spec(
            Shape::Octahedron,
            AxisKind::Vertex,
            vec![1.0 / 3f64.sqrt()],
            Naming::Slabs,
        ),
        "octahedron-face" => spec(Shape::Octahedron, AxisKind::Face, vec![third], Naming::Slabs),
        "megaminx" => spec(Shape::Dodecahedron, AxisKind::Face, vec![0.7], Naming::Slabs),
        "dodecahedron-deep" => spec(Shape::Dodecahedron, AxisKind::Face, vec![0.5], Naming::Slabs),
        // The Impossiball, also called the Incredi-ball: twenty triangles,
        // each cap of five turning about a vertex, "a megaminx with only
        // corners". That is Eidswick's icosahedron: the cut through a vertex's
        // five neighbours takes exactly its five triangles, and the marks show
        // each triangle's three orientations.
        "icosahedron-vertex" | "incrediball" | "impossiball" => {
            let r = Polyhedron::new(Shape::Icosahedron).vertices[0]
                .iter()
                .map(|x| x * x)
                .sum::<f64>()
                .sqrt();
            let mut s = spec(
                Shape::Icosahedron,
                AxisKind::Vertex,
                vec![r / 5f64.sqrt()],
                Naming::Slabs,
            );
            s.marked = true;
            s
        }
        "master-pyraminx" => Spec {
            name: name.to_string(),
            shape: Shape::Tetrahedron,
            cuts: vec![
                family(Shape::Tetrahedron, AxisKind::Vertex, vec![third]),
                family(Shape::Tetrahedron, AxisKind::Edge, vec![3f64.sqrt() / 2.0]),
            ],
            marked: false,
            naming: Naming::Slabs,
        },
        // The cut through the five vertices next to a face: the deepest cut
        // that keeps the face's own vertices on its side (1/√5 with faces at 1).
        "magic-crystal" => spec(
            Shape::Dodecahedron,
            AxisKind::Face,
            vec![1.0 / 5f64.sqrt()],
            Naming::Slabs,
        ),
        "alexanders-star" => return alexanders_star(),
        "clock" => return Ok(crate::clock::puzzle()),
        "three-coins" => {
            return Ok(example(
                name,
                3,
                2,
                &[(&[&[0, 1]], &[0, 0, 0]), (&[&[1, 2]], &[0, 1, 0])],
            ))
        }
        "six-triangles" => {
            return Ok(example(
                name,
                6,
                3,
                &[(&[&[2, 3, 4, 5]], &[0; 6]), (&[&[0, 1, 2, 3]], &[0, 1, 0, 0, 0, 0])],
            ))
        }
        "two-faces" => {
            return Ok(example(
                name,
                6,
                3,
                &[(&[&[0, 1, 2, 3]], &[0; 6]), (&[&[2, 5, 4, 3]], &[0, 0, 1, 1, 0, 1])],
            ))
        }
        _ => {
            if let Some(&(_, puzzle)) = NOT_BUILT_IN.iter().find(|(id, _)| *id == name) {
                return Err(Error::NotBuiltIn {
                    id: given.to_string(),
                    puzzle,
                });
            }
            return Err(Error::UnknownPuzzle {
                name: given.to_string(),
                suggestion: suggestion(name),
            });
        }
    };
    Puzzle::derive(&s)
}

/// Eidswick's §7 table, for the built-in puzzles it covers: the ordering he
/// found most efficient as he writes it, and its readings in cubist's orbit
/// (set) names. One reading where his orbits have unambiguous names here;
/// every possible one where they do not: octahedron #2's two face orbits
/// F1 and F2 are `CENTER` and `CENTER2` in either order (with or without
/// the slice turns he also allows), and dodecahedron
/// #2's face orbit F and edge orbit E are `EDGE2` and `EDGE` in either
/// order (both 30 pieces with two orientations, which the figures'
/// shadings alone do not tell apart).
pub fn section7_ordering(name: &str) -> Option<(&'static [&'static [&'static str]], &'static str)> {
    Some(match name {
        "3x3x3" => (&[&["EDGE", "CORNER"]], "(E, V)"),
        "megaminx" => (&[&["EDGE", "CORNER"]], "(E, V)"),
        "tetrahedron-edge" => (&[&["CENTER", "CENTER2", "CENTER3", "CORNER"]], "(F1, F2, F3, V)"),
        "octahedron-face" | "octahedron-face-slices" => (
            &[
                &["EDGE", "PIECE4", "CENTER", "CENTER2"],
                &["EDGE", "PIECE4", "CENTER2", "CENTER"],
            ],
            "(E, V, F1, F2)",
        ),
        "dodecahedron-deep" => (
            &[&["EDGE2", "CORNER", "EDGE"], &["EDGE", "CORNER", "EDGE2"]],
            "(F, V, E)",
        ),
        _ => return None,
    })
}

/// `NxNxN-slices`, `NxNxN-centres` and `NxNxN-centres-slices` for odd n from 5
/// up (the 3x3x3's are in [`variant`]'s table): the odd cube with its central
/// slices as generators, its six face centres marked, or both (Eidswick's §5:
/// with the centres correctly oriented, ν(g, E) = 0 on the middle edges for
/// every (2m+1)^3).
fn odd_cube_variant(name: &str) -> Option<(usize, Variant)> {
    let (cube, rest) = name.split_once('-')?;
    let n = cube_size(cube).filter(|&n| n % 2 == 1 && n >= 5)?;
    let v = match rest {
        "slices" => Variant {
            slices: true,
            marked_centres: false,
        },
        "centres" => Variant {
            slices: false,
            marked_centres: true,
        },
        "centres-slices" => Variant {
            slices: true,
            marked_centres: true,
        },
        _ => return None,
    };
    Some((n, v))
}

/// The puzzles of [`crate::variants`]: a base puzzle and what is added to it.
fn variant(name: &str) -> Option<(&'static str, Variant)> {
    let v = |slices, marked_centres| Variant { slices, marked_centres };
    Some(match name {
        "3x3x3-slices" => ("3x3x3", v(true, false)),
        "3x3x3-centres" => ("3x3x3", v(false, true)),
        "3x3x3-centres-slices" => ("3x3x3", v(true, true)),
        "octahedron-face-slices" => ("octahedron-face", v(true, false)),
        "octahedron-face-centres" => ("octahedron-face", v(false, true)),
        "octahedron-face-centres-slices" => ("octahedron-face", v(true, true)),
        _ => return None,
    })
}

/// Alexander's Star (the great dodecahedron): its twelve face turns act on
/// its thirty two-coloured edge pieces as the megaminx's face turns act on
/// the megaminx's edges, once the faces are matched (in the great dodecahedron
/// two faces share an edge when their icosahedron vertices are two steps
/// apart; that graph is again an icosahedron's). So it is the megaminx's
/// geometry restricted to the edge set, coloured as the star is, with six
/// colours: opposite faces alike, so the edges come in fifteen identical pairs.
fn alexanders_star() -> Result<Puzzle, Error> {
    let mega = puzzle("megaminx")?;
    let geo = mega
        .geometry
        .as_ref()
        .ok_or_else(|| Error::Internal("megaminx without geometry".into()))?;
    let edges = mega
        .sets
        .iter()
        .position(|s| s.name == "EDGE")
        .ok_or_else(|| Error::Internal("megaminx without edges".into()))?;
    let poly = Polyhedron::new(Shape::Dodecahedron);
    // A face's colour: the lower index of it and its opposite face.
    let colour = |f: u32| -> u32 {
        let n = poly.normals[f as usize];
        let opp = poly
            .normals
            .iter()
            .position(|m| (0..3).all(|i| (m[i] + n[i]).abs() < 1e-9))
            .expect("opposite faces") as u32;
        f.min(opp)
    };
    let mut looks: Vec<Vec<u32>> = geo.appearance()[edges]
        .iter()
        .map(|a| a.iter().map(|&f| colour(f)).collect())
        .collect();
    // Re-base each slot's orientation so that its colours read in increasing
    // order: then the two edges of a pair look alike in the same orientation
    // (the new twist on arrival at `t` from `s` is `twist + d_t - d_s`, a
    // relabelling that changes no group order).
    let shift: Vec<u32> = looks.iter().map(|a| u32::from(a[0] > a[1])).collect();
    for a in &mut looks {
        a.sort_unstable();
    }
    let rebase = |w: &Wreath| -> Result<Wreath, Error> {
        let inv = w.perm().inverse();
        let orient = (0..w.degree())
            .map(|t| (w.orient()[t] + shift[t] + 2 - shift[inv.image(t as u32) as usize]) % 2)
            .collect();
        Wreath::new(w.perm().clone(), orient, 2).map_err(|e| Error::Internal(e.to_string()))
    };
    let mut seen: Vec<&Vec<u32>> = Vec::new();
    let solved = looks
        .iter()
        .map(|a| match seen.iter().position(|x| *x == a) {
            Some(i) => i as u32,
            None => {
                seen.push(a);
                seen.len() as u32 - 1
            }
        })
        .collect();
    Ok(Puzzle {
        name: "alexanders-star".into(),
        sets: vec![mega.sets[edges].clone()],
        solved: vec![solved],
        free: Vec::new(),
        pattern: None,
        moves: mega
            .moves
            .iter()
            .map(|m| {
                Ok(Move {
                    name: m.name.clone(),
                    element: vec![rebase(&m.element[edges])?],
                })
            })
            .collect::<Result<_, Error>>()?,
        geometry: None,
    })
}

/// `n` if `name` is `NxNxN` with the same `n >= 2` three times.
pub fn cube_size(name: &str) -> Option<usize> {
    let parts: Vec<&str> = name.split('x').collect();
    if parts.len() != 3 || parts[0] != parts[1] || parts[1] != parts[2] {
        return None;
    }
    parts[0].parse().ok().filter(|&n| (2..=64).contains(&n))
}

/// The n x n x n cube: every layer turn except the central slices (odd n), as in
/// Eidswick's §5 ("the central slices can be omitted"). For even n every layer
/// turns, so the group contains the 24 whole-cube rotations.
pub fn cube(n: usize) -> Result<Puzzle, Error> {
    let depths = (1..n)
        .map(|k| 1.0 - 2.0 * k as f64 / n as f64)
        .filter(|d| *d > -1e-9)
        .collect();
    Puzzle::derive(&Spec {
        name: format!("{n}x{n}x{n}"),
        shape: Shape::Cube,
        cuts: vec![family(Shape::Cube, AxisKind::Face, depths)],
        marked: false,
        naming: Naming::Slabs,
    })
}

fn family(shape: Shape, kind: AxisKind, depths: Vec<f64>) -> CutFamily {
    let poly = Polyhedron::new(shape);
    let axes = poly.axes(kind);
    let names = axes
        .iter()
        .enumerate()
        .map(|(i, &a)| axis_name(shape, kind, a, i))
        .collect();
    CutFamily { kind, depths, names }
}

/// The dodecahedron's faces by the megaminx's names, cubing.js's (twizzle's),
/// in [`Polyhedron::new`]'s face order, so that an answer reads in the
/// notation of the scramble it solves. The frame is the one a cuber holds
/// the puzzle in to read Pochmann's scramble tokens (`R++` keeps `L` still,
/// `D++` keeps `U`, `U` turns `U`: crate::token): `U` the face (-1, φ, 0) on top, `F` (0, 1, φ) next to it in
/// front, `R` (1, φ, 0) next to both on the right; around `U`, clockwise
/// seen from above, `F L BL BR R`; below them `FR FL DL B DR` around `D`,
/// each between the faces its name says (`FR` below `F` and `R`), as
/// cubing.js places them. They were `A` ... `L` in this order before
/// (docs/twisty-notation.md maps them for saved files).
const DODECAHEDRON_FACES: [&str; 12] = ["F", "FL", "BR", "B", "R", "U", "D", "DL", "FR", "DR", "L", "BL"];

/// Names: cube and octahedron axes by the cube faces they point to (`U`, `UF`,
/// `UFR`: y then z then x); tetrahedron vertices `U L R B`, faces by the opposite
/// vertex (`D F R L`... see docs/twisty.md), edges by their two vertices;
/// dodecahedron faces by the megaminx's names ([`DODECAHEDRON_FACES`]), its
/// other axes and the icosahedron's by letters `A`, `B`, ... in a fixed order.
fn axis_name(shape: Shape, kind: AxisKind, a: V3, i: usize) -> String {
    match shape {
        Shape::Dodecahedron if kind == AxisKind::Face => DODECAHEDRON_FACES[i].to_string(),
        Shape::Cube | Shape::Octahedron => {
            let mut s = String::new();
            for (c, pos, neg) in [(1, 'U', 'D'), (2, 'F', 'B'), (0, 'R', 'L')] {
                if a[c] > 1e-6 {
                    s.push(pos);
                } else if a[c] < -1e-6 {
                    s.push(neg);
                }
            }
            s
        }
        Shape::Tetrahedron => {
            // Vertex directions and their names.
            let verts = [
                ([1., 1., 1.], 'U'),
                ([-1., -1., 1.], 'L'),
                ([1., -1., -1.], 'R'),
                ([-1., 1., -1.], 'B'),
            ];
            let cos = |v: [f64; 3]| (v[0] * a[0] + v[1] * a[1] + v[2] * a[2]) / 3f64.sqrt();
            let mut near: Vec<(f64, char)> = verts.iter().map(|&(v, c)| (cos(v), c)).collect();
            near.sort_by(|x, y| y.0.total_cmp(&x.0));
            if near[0].0 > 0.99 {
                near[0].1.to_string()
            } else if near[0].0 < -0.99 || near[3].0 < -0.99 {
                // A face: named after the vertex opposite... as a face letter.
                let opp = near[3].1;
                match opp {
                    'U' => "D",
                    'L' => "R",
                    'R' => "L",
                    _ => "F",
                }
                .to_string()
            } else {
                let mut two = [near[0].1, near[1].1];
                let rank = |c: char| "ULRB".find(c).unwrap();
                two.sort_by_key(|&c| rank(c));
                two.iter().collect()
            }
        }
        Shape::Dodecahedron | Shape::Icosahedron => ((b'A' + i as u8) as char).to_string(),
    }
}

/// An abstract puzzle with one set: `n` pieces, modulus `r`, generators given by
/// cycles and orientation vectors (Eidswick's `(α', α'')`, 0-based).
fn example(name: &str, n: usize, r: u32, gens: &[(&[&[u32]], &[u32])]) -> Puzzle {
    let names = ["a", "b"];
    let moves = gens
        .iter()
        .zip(names)
        .map(|((cycles, orient), nm)| {
            let cycles: Vec<Vec<u32>> = cycles.iter().map(|c| c.to_vec()).collect();
            let perm = Perm::from_cycles(n, &cycles).expect("valid example");
            Move {
                name: nm.to_string(),
                element: vec![Wreath::new(perm, orient.to_vec(), r).expect("valid example")],
            }
        })
        .collect();
    Puzzle::new(
        name,
        vec![PieceSet {
            name: "PIECE".into(),
            size: n,
            modulus: r,
        }],
        moves,
    )
}
