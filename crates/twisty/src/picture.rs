//! Pictures of states as plain drawing data: coloured polygons in the plane
//! for puzzles derived from geometry, a schematic of slots for the others.
//!
//! Nothing here writes SVG (that is `cubist-render`'s job, which knows colours
//! and shapes but not puzzles): [`picture`] says *what* to draw.
//! - A puzzle on the cube (every n x n x n, the skewb) is drawn as the usual
//!   net: L F R B across the middle, U above F, D below, each sticker in the
//!   standard colours (U white, D yellow, F green, B blue, R red, L orange).
//! - Any other built-in polyhedron: each face drawn flat, as seen from
//!   outside, in a grid (row by row in the polyhedron's face order), each
//!   face's stickers in a fixed palette, one colour per face.
//! - Rubik's Clock: its two faces side by side, the dials' hands showing
//!   their hours ([`ClockDrawing`]).
//! - A puzzle without geometry (a `.tws` or KPuzzle file, Eidswick's abstract
//!   examples): each set as a row of numbered slots, showing which piece sits
//!   in each slot and its twist, the `.tws` state read as a picture.
//!
//! Stickers are found from the geometry: each face of the polyhedron is cut by
//! every cutting plane, and each facet is the sticker whose point lies at its
//! centroid; a state moves points by [`crate::geometry::Geometry::point_perm`],
//! and a position shows the colour of the point that arrived there.
//!
//! ```
//! use cubist_twisty::{library, notation, picture::{picture, Picture}};
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let Picture::Faces(d) = picture(&cube, &notation::parse(&cube, "R").unwrap()) else { panic!() };
//! assert_eq!(d.stickers.len(), 54);
//! // Nine stickers of every colour, whatever the state.
//! assert!((0..6).all(|c| d.stickers.iter().filter(|s| s.colour == c).count() == 9));
//! ```

use cubist_perm::Wreath;

use crate::geometry::{
    add, centroid, close, cross, dot, norm, scale, split, sub, unit, Geometry, Polyhedron, Shape, V3,
};
use crate::puzzle::Puzzle;

/// What to draw for one state.
#[derive(Clone, Debug, PartialEq)]
pub enum Picture {
    /// Polygons in the plane (x right, y down, one unit = half a cube face).
    Faces(FaceDrawing),
    /// Rows of slots, for puzzles without geometry.
    Schematic(Vec<SetRow>),
    /// Rubik's Clock: its two faces of nine dials.
    Clock(ClockDrawing),
}

/// Rubik's Clock's two faces side by side, the side in front on the left,
/// each seen from its own side, with 12 o'clock on top: each dial's hour
/// hand and the four pins, drawn down (the pins are no part of the state,
/// [`crate::clock`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockDrawing {
    /// The hour each dial shows (0 for 12 o'clock): the side in front row
    /// by row (`UL U UR L C R DL D DR`), then the other side, row by row as
    /// seen from there.
    pub hours: Vec<u32>,
    /// Whether the side in front is the one that was at the back when the
    /// Clock was solved (it is drawn in the back's colours).
    pub turned_over: bool,
}

/// Stickers and face outlines in the plane.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceDrawing {
    /// The stickers.
    pub stickers: Vec<Sticker>,
    /// Colour names (`white`, `red`, ...), indexed by [`Sticker::colour`].
    pub colours: Vec<String>,
    /// A name written beside each face that has one (the turn of that face).
    pub labels: Vec<Label>,
}

/// One sticker: its polygon, its colour, and the face it lies on.
#[derive(Clone, Debug, PartialEq)]
pub struct Sticker {
    /// The polygon's corners.
    pub points: Vec<[f64; 2]>,
    /// An index into [`FaceDrawing::colours`].
    pub colour: usize,
    /// The face it lies on.
    pub face: usize,
}

/// Text at a point.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// Where the text goes.
    pub at: [f64; 2],
    /// The text.
    pub text: String,
}

/// One set of a schematic: its slots in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetRow {
    /// The set's name.
    pub name: String,
    /// Its orientation modulus.
    pub modulus: u32,
    /// Its slots in order.
    pub slots: Vec<Slot>,
}

/// What sits in a slot: the piece (1-based: the slot it started in, as in a
/// `.tws` state), its twist, and whether it looks solved there (a piece with
/// the slot's solved label, untwisted; identical pieces count as at home).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The piece, 1-based.
    pub piece: u32,
    /// Its twist.
    pub twist: u32,
    /// Whether it looks solved there.
    pub home: bool,
}

/// The standard cube colours in the face order `F B L R U D`.
const CUBE_COLOURS: [&str; 6] = ["green", "blue", "orange", "red", "white", "yellow"];

/// Face colours of the other polyhedra, in face order (20 for the icosahedron).
const PALETTE: [&str; 20] = [
    "white", "yellow", "red", "orange", "green", "blue", "purple", "grey", "pink", "lime", "cyan", "brown", "navy",
    "magenta", "olive", "teal", "lavender", "maroon", "mint", "beige",
];

/// The picture of `state` (an element of `p`'s group, applied to the solved state).
pub fn picture(p: &Puzzle, state: &[Wreath]) -> Picture {
    if crate::clock::is_clock(p) {
        return Picture::Clock(ClockDrawing {
            hours: crate::clock::dials(state).to_vec(),
            turned_over: crate::clock::turned_over(state),
        });
    }
    match &p.geometry {
        Some(g) => Picture::Faces(faces(g, state)),
        None => Picture::Schematic(schematic(p, state)),
    }
}

fn schematic(p: &Puzzle, state: &[Wreath]) -> Vec<SetRow> {
    p.sets
        .iter()
        .zip(state)
        .zip(&p.solved)
        .map(|((set, w), solved)| {
            let from = w.perm().inverse();
            let slots = (0..set.size)
                .map(|j| {
                    let src = from.image(j as u32) as usize;
                    let twist = w.orient()[j];
                    Slot {
                        piece: src as u32 + 1,
                        twist,
                        home: solved[src] == solved[j] && twist == 0,
                    }
                })
                .collect();
            SetRow {
                name: set.name.clone(),
                modulus: set.modulus,
                slots,
            }
        })
        .collect()
}

/// A face's frame: its centre, and unit vectors to the right and down as seen
/// from outside.
struct Frame {
    centre: V3,
    right: V3,
    down: V3,
}

/// The face index of the colour now showing at each point position: the
/// colour of the point that `state` brought there (marked puzzles give each
/// facet corner its own colour `face*1000 + ...`, drawn in its face's colour).
pub(crate) fn showing_faces(g: &Geometry, state: &[Wreath]) -> Vec<usize> {
    let moved = g.point_perm(state);
    let marked = is_marked(g);
    let mut showing = vec![0usize; g.points.len()];
    for (x, &c) in g.colours.iter().enumerate() {
        showing[moved.image(x as u32) as usize] = if marked { c / 1000 } else { c } as usize;
    }
    showing
}

/// Whether each facet corner is a point of its own (marked pieces).
pub(crate) fn is_marked(g: &Geometry) -> bool {
    g.colours.iter().any(|&c| c >= 1000)
}

/// The stickers of one face (its polygon `face`) as the regions drawn, each
/// with the point whose colour it shows: the face cut by every cutting plane
/// of the puzzle, each facet a region (or, marked, a kite per corner).
pub(crate) fn face_stickers(g: &Geometry, face: &[V3]) -> Vec<(Vec<V3>, u32)> {
    let planes: Vec<(V3, f64)> = g
        .lines
        .iter()
        .flat_map(|l| l.offsets.iter().map(move |&o| (l.dir, o)))
        .collect();
    let mut facets = vec![face.to_vec()];
    for &(a, d) in &planes {
        facets = facets.iter().flat_map(|f| split(f, a, d)).collect();
    }
    let marked = is_marked(g);
    facets
        .iter()
        .flat_map(|f| regions(f, marked))
        .filter_map(|(region, point)| g.locate(point).map(|x| (region, x)))
        .collect()
}

/// The name of face `fi`: for the cube its letter (`F B L R U D`), for
/// other solids the turn about its centre, or (the pyraminx's faces) the
/// name cubers give the face opposite a vertex; `None` for a face without
/// a turn of its own.
pub fn face_name(g: &Geometry, poly: &Polyhedron, fi: usize) -> Option<String> {
    if g.shape == Shape::Cube {
        return CUBE_FACES.get(fi).map(|s| s.to_string());
    }
    let n = poly.normals[fi];
    let name = g.lines.iter().find_map(|l| {
        if close(l.dir, n) {
            Some(l.plus.clone())
        } else if close(l.dir, scale(n, -1.0)) {
            l.minus.clone()
        } else {
            None
        }
    });
    // A face with no turn of its own is named, where cubers name it,
    // after the vertex it is opposite (the pyraminx's faces).
    name.or_else(|| opposite_face(g, n).map(|(face, _)| face.to_string()))
}

/// The cube's face letters in the face order.
const CUBE_FACES: [&str; 6] = ["F", "B", "L", "R", "U", "D"];

/// The colour names of the faces, in face order: the standard cube colours,
/// the pyraminx's common scheme, a fixed palette for the other solids.
pub fn face_colours(g: &Geometry) -> Vec<String> {
    let poly = Polyhedron::new(g.shape);
    if g.shape == Shape::Cube {
        CUBE_COLOURS.iter().map(|s| s.to_string()).collect()
    } else {
        poly.normals
            .iter()
            .zip(PALETTE)
            .map(|(&n, other)| opposite_face(g, n).map_or(other, |(_, colour)| colour).to_string())
            .collect()
    }
}

fn faces(g: &Geometry, state: &[Wreath]) -> FaceDrawing {
    let poly = Polyhedron::new(g.shape);
    let cube = g.shape == Shape::Cube;
    let showing = showing_faces(g, state);
    let cols = (poly.faces.len() as f64).sqrt().ceil() as usize;
    let radius = poly.faces[0]
        .iter()
        .map(|&v| norm(sub(v, poly.normals[0])))
        .fold(0.0, f64::max);
    let mut stickers = Vec::new();
    let mut labels = Vec::new();
    for (fi, face) in poly.faces.iter().enumerate() {
        let n = poly.normals[fi];
        let (frame, origin) = if cube {
            cube_frame(fi)
        } else {
            let cell = 2.0 * radius + 0.3;
            let at = [
                (fi % cols) as f64 * cell + cell / 2.0,
                (fi / cols) as f64 * cell + cell / 2.0,
            ];
            (flat_frame(n), at)
        };
        let to2d = |q: V3| {
            let d = sub(q, frame.centre);
            [origin[0] + dot(d, frame.right), origin[1] + dot(d, frame.down)]
        };
        // Row by row, left to right: a stable order for readers and tests
        // (and the order of a facelet string: `cube_grid`).
        stickers.extend(
            stickers_in_rows(g, face, &frame)
                .into_iter()
                .map(|(_, region, x)| Sticker {
                    points: region.iter().map(|&q| to2d(q)).collect(),
                    colour: showing[x as usize],
                    face: fi,
                }),
        );
        if let Some(text) = face_name(g, &poly, fi).filter(|_| !cube) {
            // Cube faces are known by position; other faces get their turn's name.
            labels.push(Label {
                at: [origin[0], origin[1] - radius - 0.08],
                text,
            });
        }
    }
    FaceDrawing {
        stickers,
        colours: face_colours(g),
        labels,
    }
}

/// The state of an n x n x n cube as a facelet string: Kociemba's format
/// for the 3x3x3 grown to any size, as the 4x4x4 and larger solvers read it
/// (Chen Shuang's TPR, for one). Six faces in the order `U R F D L B`, each
/// `n * n` letters row by row as the net shows it (U with B at the top, D
/// with F at the top, the others with U at the top, all seen from
/// outside), each letter the face whose colour the sticker shows: `6 n²`
/// letters. `None` for a puzzle that is not a cube cut into a grid of
/// stickers (the skewb, a marked cube, a puzzle without geometry).
///
/// The positions are those of the net [`picture`] draws, which lays each
/// face out that way ([`cube_grid`]): a picture and a string of one state
/// never disagree.
///
/// ```
/// use cubist_twisty::{library, notation, picture::facelets};
///
/// let cube = library::puzzle("2x2x2").unwrap();
/// let r = notation::parse(&cube, "R").unwrap();
/// assert_eq!(facelets(&cube, &r).unwrap(), "UFUFRRRRFDFDDBDBLLLLUBUB");
/// ```
pub fn facelets(p: &Puzzle, state: &[Wreath]) -> Option<String> {
    let g = p.geometry.as_ref()?;
    let (_, grid) = cube_grid(p)?;
    let showing = showing_faces(g, state);
    Some(
        grid.iter()
            .map(|&x| char::from(FACE_LETTERS[showing[x as usize]]))
            .collect(),
    )
}

/// The cube's face letters by colour (the cube's face order `F B L R U D`).
const FACE_LETTERS: &[u8; 6] = b"FBLRUD";

/// The faces of a facelet string, in its order `U R F D L B`, as the
/// cube's face indices (`F B L R U D`).
const STRING_FACES: [usize; 6] = [4, 3, 0, 5, 2, 1];

/// The cube's size `n` and its sticker positions in facelet-string order
/// (faces `U R F D L B`, each row by row as the net shows it), or `None`
/// when `p` is not a cube cut into an n x n grid on every face (n >= 2).
pub fn cube_grid(p: &Puzzle) -> Option<(usize, Vec<u32>)> {
    let g = p.geometry.as_ref()?;
    if g.shape != Shape::Cube || is_marked(g) || crate::clock::is_clock(p) {
        return None;
    }
    let poly = Polyhedron::new(g.shape);
    let per_face = g.points.len() / 6;
    let n = (1..=per_face).find(|n| n * n >= per_face)?;
    if n * n != per_face || n < 2 || g.points.len() != 6 * per_face {
        return None;
    }
    let mut grid = Vec::with_capacity(6 * per_face);
    for fi in STRING_FACES {
        let (frame, _) = cube_frame(fi);
        // Each sticker's place on the face as the net shows it: a grid has
        // n distinct rows and n distinct columns.
        let on_face = stickers_in_rows(g, &poly.faces[fi], &frame);
        let distinct = |k: usize| {
            let mut v: Vec<i64> = on_face.iter().map(|(key, _, _)| key[k]).collect();
            v.sort_unstable();
            v.dedup();
            v.len()
        };
        if on_face.len() != per_face || distinct(0) != n || distinct(1) != n {
            return None;
        }
        grid.extend(on_face.into_iter().map(|(_, _, x)| x));
    }
    Some((n, grid))
}

/// The state of an n x n x n cube given as a facelet string ([`facelets`]'s
/// layout, letters `U R F D L B`). An impossible string is an error naming
/// `source`, the law it breaks and, where there is one, the column: a wrong
/// length, a letter that is no face, a colour not seen `n²` times,
/// stickers that form no piece of the cube or a piece twice, or a state
/// the moves cannot reach (a corner twisted, an edge flipped, a parity).
///
/// Each slot of each orbit takes the first piece not yet placed whose
/// stickers, turned by one of its twists, show the colours asked for
/// there. Pieces that look alike (the centres of one colour, the 4x4x4's
/// and larger cubes' only such pieces) may be placed in either order, and
/// the order can decide the parity of their orbit: when the state found is
/// not one the moves reach, two alike pieces of an orbit are exchanged,
/// orbit by orbit and in every combination, until one is.
///
/// ```
/// use cubist_twisty::{library, notation, picture::{facelets, state_from_facelets}};
///
/// let cube = library::puzzle("4x4x4").unwrap();
/// let state = notation::parse(&cube, "Rw U2 Fw'").unwrap();
/// let text = facelets(&cube, &state).unwrap();
/// let read = state_from_facelets(&cube, "--facelets", &text).unwrap();
/// assert_eq!(facelets(&cube, &read).unwrap(), text);
/// ```
pub fn state_from_facelets(p: &Puzzle, source: &str, text: &str) -> Result<Vec<Wreath>, crate::Error> {
    use cubist_io::InputError;
    let (n, grid) = cube_grid(p).ok_or_else(|| {
        InputError::new(
            source,
            format!("facelet strings describe the n x n x n cubes; {} is not one", p.name),
        )
    })?;
    let g = p.geometry.as_ref().expect("a cube grid has a geometry");
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    let err_at = |i: usize, what: String| InputError::at(source, text, lead + i, what);
    let len = body.chars().count();
    if len != grid.len() {
        return Err(InputError::new(
            source,
            format!(
                "a facelet string of the {n}x{n}x{n} has {} characters, this one has {len}",
                grid.len()
            ),
        )
        .into());
    }
    // want[x]: the colour asked for at position x.
    let mut want = vec![0usize; grid.len()];
    let mut count = [0usize; 6];
    let mut column = vec![0usize; grid.len()];
    for (i, c) in body.chars().enumerate() {
        let colour = FACE_LETTERS
            .iter()
            .position(|&l| char::from(l) == c)
            .ok_or_else(|| err_at(i, format!("'{c}' is not a face letter (U R F D L B)")))?;
        count[colour] += 1;
        if count[colour] == n * n + 1 {
            return Err(err_at(i, format!("colour '{c}' appears more than {} times", n * n)).into());
        }
        want[grid[i] as usize] = colour;
        column[grid[i] as usize] = i;
    }
    if let Some(c) = (0..6).find(|&c| count[c] != n * n) {
        let letter = char::from(FACE_LETTERS[c]);
        return Err(InputError::new(
            source,
            format!("colour '{letter}' appears {} times, not {}", count[c], n * n),
        )
        .into());
    }
    let mut images: Vec<u32> = (0..g.points.len() as u32).collect();
    let mut alike: Vec<Option<(usize, usize)>> = Vec::new();
    for s in 0..g.set_count() {
        let slots = g.slots(s);
        let (start, k, modulus) = g.set_shape(s);
        let step = if modulus > 1 { k / modulus as usize } else { k.max(1) };
        // Where the point at label j of a slot goes when its piece sits in
        // `to` turned by `shift`.
        let dest = |to: &[u32], j: usize, shift: usize| {
            if j < start {
                to[j]
            } else {
                to[start + (j - start + shift) % k]
            }
        };
        let mut used = vec![false; slots.len()];
        for target in slots {
            let fits = |piece: &Vec<u32>, shift: usize| {
                piece
                    .iter()
                    .enumerate()
                    .all(|(j, &x)| g.colours[x as usize] as usize == want[dest(target, j, shift) as usize])
            };
            let found = (0..slots.len()).filter(|&q| !used[q]).find_map(|q| {
                (0..k.max(1))
                    .step_by(step)
                    .find(|&shift| fits(&slots[q], shift))
                    .map(|shift| (q, shift))
            });
            let Some((q, shift)) = found else {
                let mut cols: Vec<usize> = target.iter().map(|&x| column[x as usize]).collect();
                cols.sort_unstable();
                let shown: Vec<String> = cols.iter().map(|&i| body[i..=i].to_string()).collect();
                let where_ = cols.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", ");
                return Err(err_at(
                    cols[0],
                    format!(
                        "the stickers at columns {where_} ({}) form no piece of the cube not already placed",
                        shown.join(" ")
                    ),
                )
                .into());
            };
            used[q] = true;
            for (j, &x) in slots[q].iter().enumerate() {
                images[x as usize] = dest(target, j, shift);
            }
        }
        // Two pieces of this orbit that look alike and sit untwisted, for
        // the parity's sake.
        let look = |q: usize| slots[q].iter().map(|&x| g.colours[x as usize]).collect::<Vec<_>>();
        alike.push((0..slots.len()).find_map(|a| ((a + 1)..slots.len()).find(|&b| look(a) == look(b)).map(|b| (a, b))));
    }
    let chain = p.chain();
    let swaps: Vec<(usize, (usize, usize))> = alike
        .iter()
        .enumerate()
        .filter_map(|(s, a)| a.map(|a| (s, a)))
        .collect();
    if swaps.len() > 12 {
        return Err(InputError::new(
            source,
            "too many orbits of alike pieces to settle their parities".to_string(),
        )
        .into());
    }
    for mask in 0u32..1 << swaps.len() {
        let mut tried = images.clone();
        for (bit, &(s, (a, b))) in swaps.iter().enumerate() {
            if mask >> bit & 1 == 1 {
                // Alike pieces a and b trade places (their points trade images).
                let slots = g.slots(s);
                for (&x, &y) in slots[a].iter().zip(&slots[b]) {
                    tried.swap(x as usize, y as usize);
                }
            }
        }
        let perm = cubist_perm::Perm::from_images(tried).map_err(|e| crate::Error::Internal(e.to_string()))?;
        let state = g.element(&perm)?;
        if chain.contains(&p.to_perm(&state)) {
            return Ok(state);
        }
    }
    Err(InputError::new(
        source,
        "the stickers show a state the cube's moves cannot reach (a corner twisted, an edge flipped or a parity)",
    )
    .into())
}

/// The pyraminx's faces by the vertex each is opposite (a face holds the
/// other three vertices: the front face `U L R`, and so on), in a common
/// scheme: green front, red left, blue right, yellow bottom (Hyperspeedcube's
/// pyraminx, for one; the WCA fixes no colours, and simulators differ).
const TETRAHEDRON_FACES: [(&str, &str, &str); 4] = [
    ("B", "F", "green"),
    ("R", "L", "red"),
    ("L", "R", "blue"),
    ("U", "D", "yellow"),
];

/// The name and colour of the face with outward normal `n` when the
/// puzzle turns about the vertex opposite it and names that vertex as the
/// pyraminx does.
fn opposite_face(g: &Geometry, n: V3) -> Option<(&'static str, &'static str)> {
    if g.shape != Shape::Tetrahedron {
        return None;
    }
    let vertex = g.lines.iter().find_map(|l| {
        if close(l.dir, scale(n, -1.0)) {
            Some(l.plus.as_str())
        } else if close(l.dir, n) {
            l.minus.as_deref()
        } else {
            None
        }
    })?;
    TETRAHEDRON_FACES
        .iter()
        .find(|(v, _, _)| *v == vertex)
        .map(|&(_, face, colour)| (face, colour))
}

/// The regions a facet is drawn as, each with the point it shows: the whole
/// facet and its centroid, or for marked puzzles one kite per corner (centre,
/// edge midpoint, corner, edge midpoint) with the point halfway to that corner.
fn regions(f: &[V3], marked: bool) -> Vec<(Vec<V3>, V3)> {
    let c = centroid(f);
    if !marked {
        return vec![(f.to_vec(), c)];
    }
    let k = f.len();
    let corners: Vec<usize> = (0..k)
        .filter(|&i| {
            let (p, q, r) = (f[(i + k - 1) % k], f[i], f[(i + 1) % k]);
            norm(cross(sub(q, p), sub(r, q))) > 1e-9
        })
        .collect();
    let m = corners.len();
    (0..m)
        .map(|j| {
            let v = f[corners[j]];
            let prev = f[corners[(j + m - 1) % m]];
            let next = f[corners[(j + 1) % m]];
            let half = |a: V3, b: V3| scale(add(a, b), 0.5);
            (vec![c, half(prev, v), v, half(v, next)], add(c, scale(sub(v, c), 0.5)))
        })
        .collect()
}

/// The cube net: face `fi` (order `F B L R U D`) seen from outside, U above F
/// and D below it, each face two units wide with a small gap.
/// A face's stickers in reading order, as the face is seen from outside
/// in `frame`: row by row down, left to right along a row. Each comes with
/// its place (down, right, in ten-thousandths of the frame's unit), its
/// region and its point.
fn stickers_in_rows(g: &Geometry, face: &[V3], frame: &Frame) -> Vec<([i64; 2], Vec<V3>, u32)> {
    let mut out: Vec<([i64; 2], Vec<V3>, u32)> = face_stickers(g, face)
        .into_iter()
        .map(|(region, x)| {
            let d = sub(g.points[x as usize], frame.centre);
            let at = [dot(d, frame.down), dot(d, frame.right)].map(|v| (v * 1e4).round() as i64);
            (at, region, x)
        })
        .collect();
    out.sort_by_key(|(at, _, x)| (*at, *x));
    out
}

fn cube_frame(fi: usize) -> (Frame, [f64; 2]) {
    let (x, y, z) = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]);
    let neg = |v: V3| scale(v, -1.0);
    let (right, down, cell) = match fi {
        0 => (x, neg(y), (1.0, 1.0)),
        1 => (neg(x), neg(y), (3.0, 1.0)),
        2 => (z, neg(y), (0.0, 1.0)),
        3 => (neg(z), neg(y), (2.0, 1.0)),
        4 => (x, z, (1.0, 0.0)),
        _ => (x, neg(z), (1.0, 2.0)),
    };
    let centre = cross(down, right);
    let pitch = 2.1;
    let origin = [cell.0 * pitch + 1.0, cell.1 * pitch + 1.0];
    (Frame { centre, right, down }, origin)
}

/// A face of another polyhedron seen from outside, "up" towards the north
/// pole (+y) where the face is not perpendicular to it.
fn flat_frame(n: V3) -> Frame {
    let pole = if dot(n, [0.0, 1.0, 0.0]).abs() > 0.99 {
        [0.0, 0.0, -1.0]
    } else {
        [0.0, 1.0, 0.0]
    };
    let up = unit(sub(pole, scale(n, dot(pole, n))));
    let right = cross(up, n);
    Frame {
        centre: n,
        right,
        down: scale(up, -1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{library, notation};

    fn drawing(name: &str, moves: &str) -> FaceDrawing {
        let p = library::puzzle(name).unwrap();
        match picture(&p, &notation::parse(&p, moves).unwrap()) {
            Picture::Faces(d) => d,
            other => panic!("{name} has geometry: {other:?}"),
        }
    }

    /// The Clock's picture is its dials' hours, the side in front first.
    #[test]
    fn clock_pictures_show_the_dials() {
        let p = library::puzzle("clock").unwrap();
        let want = |moves: &str, hours: [u32; 18], turned_over: bool| {
            let got = picture(&p, &notation::parse(&p, moves).unwrap());
            assert_eq!(
                got,
                Picture::Clock(ClockDrawing {
                    hours: hours.to_vec(),
                    turned_over
                }),
                "{moves}"
            );
        };
        want("UL1+", [1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 0], false);
        want("UL1+ y2", [0, 0, 11, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0], true);
    }

    #[test]
    fn pyraminx_faces_are_named_and_coloured() {
        let d = drawing("pyraminx", "");
        let names: Vec<&str> = d.labels.iter().map(|l| l.text.as_str()).collect();
        let mut faces: Vec<(&str, &str)> = names.iter().zip(&d.colours).map(|(n, c)| (*n, c.as_str())).collect();
        faces.sort();
        assert_eq!(faces, [("D", "yellow"), ("F", "green"), ("L", "red"), ("R", "blue")]);
        // The tip `u` turns clockwise as seen from U: the front's tip goes
        // to the left face, the right face's to the front.
        let d = drawing("pyraminx", "u");
        let face = |n: &str| names.iter().position(|&x| x == n).unwrap();
        assert_eq!(face_grid(&d, face("F"))[0], "blue");
        let on_left = face_grid(&d, face("L"));
        assert_eq!(on_left.iter().filter(|c| *c == "green").count(), 1);
        assert_eq!(on_left.iter().filter(|c| *c == "red").count(), 8);
    }

    /// The megaminx's faces are labelled with their cubing.js names, in the
    /// polyhedron's face order (the grid's), `F` first.
    #[test]
    fn megaminx_faces_are_labelled_by_their_names() {
        let d = drawing("megaminx", "");
        let names: Vec<&str> = d.labels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            names,
            ["F", "FL", "BR", "B", "R", "U", "D", "DL", "FR", "DR", "L", "BL"]
        );
    }

    /// The colours of one face's stickers, by rows top to bottom, left to right.
    fn face_grid(d: &FaceDrawing, face: usize) -> Vec<String> {
        let mut s: Vec<([f64; 2], usize)> = d
            .stickers
            .iter()
            .filter(|s| s.face == face)
            .map(|s| {
                let k = s.points.len() as f64;
                let c = s
                    .points
                    .iter()
                    .fold([0.0, 0.0], |a, p| [a[0] + p[0] / k, a[1] + p[1] / k]);
                ([(c[1] * 100.0).round(), (c[0] * 100.0).round()], s.colour)
            })
            .collect();
        s.sort_by(|a, b| a.0[0].total_cmp(&b.0[0]).then(a.0[1].total_cmp(&b.0[1])));
        s.iter().map(|&(_, c)| d.colours[c].clone()).collect()
    }

    #[test]
    fn r_moves_the_right_columns() {
        let d = drawing("3x3x3", "R");
        let col =
            |face: usize, j: usize| -> Vec<String> { face_grid(&d, face).into_iter().skip(j).step_by(3).collect() };
        // F's right column came from D, U's from F, B's left (next to R) from U, D's from B.
        assert_eq!(col(0, 2), ["yellow"; 3]);
        assert_eq!(col(4, 2), ["green"; 3]);
        assert_eq!(col(1, 0), ["white"; 3]);
        assert_eq!(col(5, 2), ["blue"; 3]);
        assert_eq!(col(0, 1), ["green"; 3]);
        assert_eq!(face_grid(&d, 3), ["red"; 9]);
        assert_eq!(face_grid(&d, 2), ["orange"; 9]);
    }

    #[test]
    fn net_layout_is_the_usual_cross() {
        // U's bottom row touches F: after F, U's bottom row is orange (from L).
        let d = drawing("3x3x3", "F");
        assert_eq!(face_grid(&d, 4)[6..], ["orange"; 3]);
        // D's top row is red (from R): F turns R's left column down to D.
        assert_eq!(face_grid(&d, 5)[..3], ["red"; 3]);
    }

    #[test]
    fn sticker_counts() {
        for (name, count, faces) in [
            ("2x2x2", 24, 6),
            ("5x5x5", 150, 6),
            ("megaminx", 132, 12),
            ("pyraminx", 36, 4),
            ("skewb", 30, 6),
            ("icosahedron-vertex", 60, 20),
        ] {
            let d = drawing(name, "");
            assert_eq!(d.stickers.len(), count, "{name}");
            assert_eq!(d.colours.len(), faces, "{name}");
            for c in 0..faces {
                assert_eq!(
                    d.stickers.iter().filter(|s| s.colour == c).count(),
                    count / faces,
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn abstract_puzzles_get_a_schematic() {
        let p = library::puzzle("three-coins").unwrap();
        let Picture::Schematic(rows) = picture(&p, &notation::parse(&p, "b").unwrap()) else {
            panic!()
        };
        assert_eq!(rows.len(), 1);
        let pieces: Vec<(u32, u32, bool)> = rows[0].slots.iter().map(|s| (s.piece, s.twist, s.home)).collect();
        assert_eq!(pieces, [(1, 0, true), (3, 1, false), (2, 0, false)]);
    }
}
