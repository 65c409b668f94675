//! Drawing data for a 3D player: the stickers of a puzzle derived from
//! geometry as polygons on its solid, the colours they show state after
//! state, and for each move the axis, the angle and the stickers that turn,
//! so that a page only projects polygons and rotates some of them.
//!
//! Everything comes from the puzzle's own definition ([`crate::geometry`]):
//! - **Stickers.** Each face of the solid is cut by every cutting plane, as
//!   for the flat picture ([`crate::picture`]); each region is a sticker, a
//!   polygon in space on the face's plane, showing the colour of the point
//!   (the facet's centroid) that a state brought there.
//! - **Turns.** A move is an element of the group, not a rotation, so the
//!   rotation is found back: the move moves some points; a turn of the
//!   geometry is a rotation about one axis line of the slabs between its
//!   cuts, by a multiple of `2π/order`. For each line, the slabs holding the
//!   moved points are rotated by each multiple in turn, and the turn whose
//!   permutation of the points is the move's is the one drawn. A move that
//!   is no single such turn (a product of turns about different axes) gets
//!   none: the page shows its result without an animation.
//! - **Which stickers turn**: every sticker whose point lies in those slabs,
//!   the ones a turn leaves in place (a face's centre) included, so that the
//!   whole layer is seen to turn.
//! - **Cut faces.** Stickers cover only the outside, so a layer turned part
//!   way would leave a hole where it parts from the rest. What closes it is
//!   the puzzle's inside along the cuts: each cutting plane of the line that
//!   has a turning slab on one side and a still one on the other meets the
//!   solid in a convex polygon, drawn twice, once turning with the layer and
//!   once still (see [`Cut`]). A face turn opens one plane, a slice two, a
//!   turn of the whole puzzle none.
//!
//! The angle is the smaller way round (a 270° turn is drawn as -90°), and
//! the sign follows [`crate::geometry::Geometry::turn`]: right-handed about
//! the axis, so a clockwise turn seen from outside is negative.
//!
//! ```
//! use cubist_twisty::{library, notation, player};
//!
//! let p = library::puzzle("megaminx").unwrap();
//! let g = p.geometry.as_ref().unwrap();
//! let solid = player::Solid::new(g);
//! assert_eq!(solid.stickers.len(), 132);
//! let turn = player::turn(g, &solid, &notation::parse(&p, "F").unwrap()).unwrap();
//! // A face turn: a fifth of a turn clockwise, the face's 11 stickers and
//! // the 15 around it.
//! assert!((turn.angle + 72f64.to_radians()).abs() < 1e-9);
//! assert_eq!(turn.stickers.len(), 26);
//! ```

use cubist_perm::Wreath;

use crate::geometry::{add, area, close, cross, dot, rotate, scale, sub, unit, Geometry, Line, Polyhedron, V3};
use crate::picture::{face_stickers, showing_faces};

/// One sticker in space.
#[derive(Clone, Debug, PartialEq)]
pub struct Sticker {
    /// The polygon's corners, counter-clockwise seen from outside, on its
    /// face's plane (faces at distance 1 from the centre).
    pub points: Vec<V3>,
    /// The face it lies on (an index into [`Solid::normals`]).
    pub face: usize,
    /// The point of the geometry whose colour it shows.
    point: u32,
}

/// The stickers of a puzzle's solid.
#[derive(Clone, Debug, PartialEq)]
pub struct Solid {
    /// Every sticker, face by face.
    pub stickers: Vec<Sticker>,
    /// The faces' outward unit normals.
    pub normals: Vec<V3>,
}

/// A move drawn as a rotation.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// The axis, a unit vector.
    pub axis: V3,
    /// The angle in radians, right-handed about the axis, at most a half
    /// turn either way.
    pub angle: f64,
    /// The stickers that turn (indices into [`Solid::stickers`], ascending).
    pub stickers: Vec<usize>,
    /// The faces the turn opens inside the solid, plane by plane along the
    /// axis, each plane's turning copy first and then its still one; none
    /// for a turn of the whole puzzle.
    pub cuts: Vec<Cut>,
}

/// One side of a cut face: the polygon where a cutting plane bounding a
/// turn meets the solid, as the face of one of the two parts it separates.
///
/// Why twice, and why each copy has a side: the plane closes the turning
/// layer and the rest alike, and the two copies part as the layer turns,
/// one turning with it (`turning`), the other staying. Each faces out of
/// the part it closes, into the gap, so that a page drawing only the
/// polygons that face the eye, as it draws the stickers, shows for each
/// plane the copy on the far part and never one seen through its own part.
///
/// The turn is about the axis, which is perpendicular to the plane, so the
/// turning copy stays in its plane: the two parts keep the plane between
/// them all along the turn, and a page can order them by it.
#[derive(Clone, Debug, PartialEq)]
pub struct Cut {
    /// The polygon's corners on the plane, counter-clockwise seen from the
    /// side it faces; each lies on the solid's surface (on at least one
    /// face's plane).
    pub points: Vec<V3>,
    /// The side it faces: the outward unit normal of the part it closes,
    /// the turn's axis or its opposite.
    pub normal: V3,
    /// Whether it turns with the layer (the turning part's face) or stays
    /// (the still part's).
    pub turning: bool,
}

impl Solid {
    /// The stickers of `g`'s solid, face by face.
    pub fn new(g: &Geometry) -> Solid {
        let poly = Polyhedron::new(g.shape);
        let stickers = poly
            .faces
            .iter()
            .enumerate()
            .flat_map(|(fi, face)| {
                face_stickers(g, face).into_iter().map(move |(points, point)| Sticker {
                    points,
                    face: fi,
                    point,
                })
            })
            .collect();
        Solid {
            stickers,
            normals: poly.normals,
        }
    }

    /// The face colour (an index into [`crate::picture::face_colours`])
    /// each sticker shows in `state`.
    pub fn colours(&self, g: &Geometry, state: &[Wreath]) -> Vec<usize> {
        let showing = showing_faces(g, state);
        self.stickers.iter().map(|s| showing[s.point as usize]).collect()
    }
}

/// The rotation that makes `mv` (one move: an element of the puzzle whose
/// geometry is `g`), or `None` when it is the identity or no single turn
/// about one axis (see the module's documentation).
pub fn turn(g: &Geometry, solid: &Solid, mv: &[Wreath]) -> Option<Turn> {
    let want = g.point_perm(mv);
    let moved: Vec<usize> = (0..g.points.len())
        .filter(|&x| want.image(x as u32) != x as u32)
        .collect();
    if moved.is_empty() {
        return None;
    }
    for (li, line) in g.lines.iter().enumerate() {
        let slab = |p: V3| line.slab_of(dot(p, line.dir));
        let mut slabs: Vec<usize> = moved.iter().map(|&x| slab(g.points[x])).collect();
        slabs.sort_unstable();
        slabs.dedup();
        let order = line.order as i64;
        // One moved point's image rules out most candidates before a
        // whole turn is made and compared.
        let (x, image) = (moved[0], g.points[want.image(moved[0] as u32) as usize]);
        for steps in 1..order {
            let angle = -2.0 * std::f64::consts::PI * steps as f64 / line.order as f64;
            if !close(rotate(g.points[x], line.dir, angle), image) {
                continue;
            }
            if g.turn(li, &slabs, steps).ok().as_ref() != Some(&want) {
                continue;
            }
            // The smaller way round: k steps clockwise, or order - k back.
            let signed = if 2 * steps > order { steps - order } else { steps };
            let stickers = (0..solid.stickers.len())
                .filter(|&i| slabs.contains(&slab(g.points[solid.stickers[i].point as usize])))
                .collect();
            return Some(Turn {
                axis: line.dir,
                angle: -2.0 * std::f64::consts::PI * signed as f64 / line.order as f64,
                stickers,
                cuts: cuts(solid, line, &slabs),
            });
        }
    }
    None
}

/// Half the side of the square a cutting plane's section is clipped from:
/// every solid lies within 3 of its centre (the tetrahedron's corners, the
/// farthest with faces at distance 1; the cube's are at √3), so the section
/// lies within 3 of the plane's point nearest the centre, inside the square.
const SQUARE: f64 = 4.0;

/// The cut faces of a turn of `slabs` (ascending) about `line`.
///
/// The planes: the line's cutting plane `p·dir = offsets[j]` lies between
/// slab `j` (beyond it on the `+dir` side) and slab `j + 1`, and bounds
/// the turn when exactly one of the two turns; a turning slab `j` makes the
/// turning copy face `-dir`, back into the slab below, a turning `j + 1`
/// makes it face `+dir`; the still copy faces the other way.
///
/// The polygon: the solid is the intersection of the half-spaces
/// `p·n <= 1` of its faces, so its section by a plane is a square on the
/// plane that holds the whole section, cut down by each face's half-space
/// in turn ([`clip`]): convex, counter-clockwise about `+dir` as the square
/// was made, its corners where the plane crosses the solid's edges. A plane
/// that only touches the solid (a section of no area) opens nothing.
fn cuts(solid: &Solid, line: &Line, slabs: &[usize]) -> Vec<Cut> {
    let dir = line.dir;
    // Two unit vectors across the axis, `u × v = dir`, for the square.
    let across = if dir[0].abs() < 0.9 {
        [1.0, 0.0, 0.0]
    } else {
        [0.0, 1.0, 0.0]
    };
    let u = unit(cross(dir, across));
    let v = cross(dir, u);
    let mut out = Vec::new();
    for (j, &offset) in line.offsets.iter().enumerate() {
        let above = slabs.contains(&j);
        if above == slabs.contains(&(j + 1)) {
            continue;
        }
        let centre = scale(dir, offset);
        let square: Vec<V3> = [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
            .iter()
            .map(|&(a, b)| add(centre, add(scale(u, a * SQUARE), scale(v, b * SQUARE))))
            .collect();
        let section = solid.normals.iter().fold(square, |poly, &n| clip(&poly, n));
        if section.len() < 3 || area(&section) < 1e-9 {
            continue;
        }
        let mut back = section.clone();
        back.reverse();
        let down = scale(dir, -1.0);
        let (turning, still) = if above { (back, section) } else { (section, back) };
        let (tn, sn) = if above { (down, dir) } else { (dir, down) };
        out.push(Cut {
            points: turning,
            normal: tn,
            turning: true,
        });
        out.push(Cut {
            points: still,
            normal: sn,
            turning: false,
        });
    }
    out
}

/// The part of the convex polygon `poly` inside the face whose outward
/// normal is `n` (`p·n <= 1`): a corner inside is kept, and where an edge
/// crosses the face's plane the crossing point is added (Sutherland and
/// Hodgman's clipping, one plane). A corner on the plane (within 1e-9) is
/// kept and makes no crossing, so no corner comes twice.
fn clip(poly: &[V3], n: V3) -> Vec<V3> {
    const EPS: f64 = 1e-9;
    let s: Vec<f64> = poly.iter().map(|&p| dot(p, n) - 1.0).collect();
    let mut out = Vec::with_capacity(poly.len() + 1);
    for i in 0..poly.len() {
        let j = (i + 1) % poly.len();
        if s[i] <= EPS {
            out.push(poly[i]);
        }
        if (s[i] < -EPS && s[j] > EPS) || (s[i] > EPS && s[j] < -EPS) {
            let (p, q) = (poly[i], poly[j]);
            out.push(add(p, scale(sub(q, p), s[i] / (s[i] - s[j]))));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{centroid, cross, norm, sub};
    use crate::picture::{picture, Picture};
    use crate::{compose, library, notation, Puzzle};

    /// The puzzles drawn: one of every solid and kind of turn.
    const PUZZLES: [&str; 9] = [
        "3x3x3",
        "4x4x4",
        "megaminx",
        "pyraminx",
        "skewb",
        "octahedron-face",
        "icosahedron-vertex",
        "dodecahedron-deep",
        "3x3x3-slices",
    ];

    fn load(name: &str) -> (Puzzle, Geometry, Solid) {
        let p = library::puzzle(name).unwrap();
        let g = p.geometry.clone().unwrap();
        let s = Solid::new(&g);
        (p, g, s)
    }

    /// Every sticker is a convex polygon lying on its face's plane (the
    /// solid's surface: faces at distance 1), inside the face, turning
    /// counter-clockwise seen from outside; together they cover every face.
    #[test]
    fn stickers_lie_flat_on_the_solid() {
        for name in PUZZLES {
            let (_, g, solid) = load(name);
            let poly = Polyhedron::new(g.shape);
            let mut area = vec![0.0; poly.faces.len()];
            for s in &solid.stickers {
                let n = solid.normals[s.face];
                assert!(s.points.len() >= 3, "{name}");
                for &q in &s.points {
                    assert!((dot(q, n) - 1.0).abs() < 1e-9, "{name}: a corner off its face's plane");
                    assert!(
                        poly.normals.iter().all(|&m| dot(q, m) <= 1.0 + 1e-9),
                        "{name}: a corner outside the solid"
                    );
                }
                let k = s.points.len();
                for i in 0..k {
                    let (a, b, c) = (s.points[i], s.points[(i + 1) % k], s.points[(i + 2) % k]);
                    assert!(
                        dot(cross(sub(b, a), sub(c, b)), n) > -1e-12,
                        "{name}: not convex anticlockwise"
                    );
                }
                area[s.face] += fan_area(&s.points);
            }
            for (fi, face) in poly.faces.iter().enumerate() {
                assert!(
                    (area[fi] - fan_area(face)).abs() < 1e-9,
                    "{name}: face {fi} not covered"
                );
            }
        }
    }

    /// Each move's turning stickers, rotated by its angle about its axis,
    /// land exactly on stickers (every corner on a corner).
    #[test]
    fn every_move_turns_stickers_onto_stickers() {
        for name in PUZZLES {
            let (p, g, solid) = load(name);
            for m in &p.moves {
                let t = turn(&g, &solid, &m.element).unwrap_or_else(|| panic!("{name}: {} has no turn", m.name));
                assert!((norm(t.axis) - 1.0).abs() < 1e-12);
                assert!(t.angle.abs() <= std::f64::consts::PI + 1e-12 && t.angle.abs() > 0.1);
                for &i in &t.stickers {
                    let image = landing(&solid, &solid.stickers[i], &t);
                    assert!(image.is_some(), "{name}: {} turns sticker {i} onto no sticker", m.name);
                }
            }
        }
    }

    /// A convex polygon's area: triangles from its centroid.
    fn fan_area(poly: &[V3]) -> f64 {
        let c = centroid(poly);
        let k = poly.len();
        (0..k)
            .map(|i| norm(cross(sub(poly[i], c), sub(poly[(i + 1) % k], c))) / 2.0)
            .sum()
    }

    /// The sticker whose corners are `s`'s turned by `t`.
    fn landing(solid: &Solid, s: &Sticker, t: &Turn) -> Option<usize> {
        let turned: Vec<V3> = s.points.iter().map(|&q| rotate(q, t.axis, t.angle)).collect();
        solid.stickers.iter().position(|o| {
            o.points.len() == turned.len() && turned.iter().all(|&q| o.points.iter().any(|&r| close(q, r)))
        })
    }

    /// The colours the 3D data shows after moves are the model's: colours
    /// carried sticker by sticker along each move's rotation (geometry
    /// alone) equal the colours [`Solid::colours`] reads from the state the
    /// moves make (the group), and the flat picture of that state shows
    /// the same colours on each face.
    #[test]
    fn colours_after_moves_match_the_model() {
        for (name, alg) in [
            ("megaminx", "F FL' BR2 B R' U D2' DL FR DR' L BL"),
            ("pyraminx", "U l' R b L' u B"),
            ("skewb", "R U L' B R' U'"),
            ("octahedron-face", "UFR UBL' DFL DBR UFL' DBL"),
            ("3x3x3", "R U F' L2 D B' x y' M"),
            ("4x4x4", "R 2U F' 2L2 D"),
            ("icosahedron-vertex", "A B' C D2 E"),
        ] {
            let (p, g, solid) = load(name);
            let mut carried = solid.colours(&g, &p.identity());
            let mut state = p.identity();
            for token in alg.split_whitespace() {
                let mv = notation::parse(&p, token).unwrap_or_else(|e| panic!("{name} {token}: {e}"));
                let t = turn(&g, &solid, &mv).unwrap_or_else(|| panic!("{name}: {token} has no turn"));
                let mut next = carried.clone();
                for &i in &t.stickers {
                    let j = landing(&solid, &solid.stickers[i], &t).unwrap();
                    next[j] = carried[i];
                }
                carried = next;
                state = compose(&state, &mv);
                assert_eq!(carried, solid.colours(&g, &state), "{name}: after {token}");
            }
            // The flat picture: face by face, the same colours.
            let Picture::Faces(d) = picture(&p, &state) else {
                panic!()
            };
            for face in 0..solid.normals.len() {
                let mut flat: Vec<usize> = d.stickers.iter().filter(|s| s.face == face).map(|s| s.colour).collect();
                let mut solid3: Vec<usize> = (0..solid.stickers.len())
                    .filter(|&i| solid.stickers[i].face == face)
                    .map(|i| carried[i])
                    .collect();
                flat.sort_unstable();
                solid3.sort_unstable();
                assert_eq!(flat, solid3, "{name}: face {face} after {alg}");
            }
            assert!(
                carried != solid.colours(&g, &p.identity()),
                "{name}: {alg} changed nothing"
            );
        }
    }

    /// Every move's cut faces: pairs of copies of one section, the turning
    /// one first, facing opposite ways along the axis; each a convex
    /// polygon counter-clockwise about its normal, on its plane, inside the
    /// solid with every corner on its surface; the turning copy faces out
    /// of the turning slabs (a point just behind it turns, one just in
    /// front does not), the still copy out of the still ones. Two planes at
    /// most on these puzzles, and none only for a turn of everything.
    #[test]
    fn cut_faces_close_the_parts_a_turn_separates() {
        for name in PUZZLES {
            let (p, g, solid) = load(name);
            for m in &p.moves {
                let t = turn(&g, &solid, &m.element).unwrap();
                let what = format!("{name} {}", m.name);
                let line = g.lines.iter().find(|l| close(l.dir, t.axis)).unwrap();
                let slab = |q: V3| line.slab_of(dot(q, line.dir));
                let turning: Vec<usize> = t
                    .stickers
                    .iter()
                    .map(|&i| slab(g.points[solid.stickers[i].point as usize]))
                    .collect();
                let everything = t.stickers.len() == solid.stickers.len();
                assert_eq!(t.cuts.is_empty(), everything, "{what}");
                assert!(
                    t.cuts.len() % 2 == 0 && t.cuts.len() <= 4,
                    "{what}: {} cut faces",
                    t.cuts.len()
                );
                for pair in t.cuts.chunks(2) {
                    let (a, b) = (&pair[0], &pair[1]);
                    assert!(a.turning && !b.turning, "{what}");
                    assert!(close(a.normal, scale(b.normal, -1.0)), "{what}");
                    let mut back = b.points.clone();
                    back.reverse();
                    assert_eq!(a.points, back, "{what}");
                }
                for c in &t.cuts {
                    assert!(
                        close(c.normal, t.axis) || close(c.normal, scale(t.axis, -1.0)),
                        "{what}"
                    );
                    let k = c.points.len();
                    assert!(k >= 3, "{what}");
                    let level = dot(c.points[0], c.normal);
                    for (i, &q) in c.points.iter().enumerate() {
                        assert!(
                            (dot(q, c.normal) - level).abs() < 1e-9,
                            "{what}: a corner off its plane"
                        );
                        let out = solid.normals.iter().map(|&n| dot(q, n)).fold(f64::MIN, f64::max);
                        assert!((out - 1.0).abs() < 1e-9, "{what}: a corner not on the surface");
                        let (b, d) = (c.points[(i + 1) % k], c.points[(i + 2) % k]);
                        assert!(
                            dot(cross(sub(b, q), sub(d, b)), c.normal) > -1e-12,
                            "{what}: not convex anticlockwise"
                        );
                    }
                    assert!(fan_area(&c.points) > 1e-6, "{what}");
                    let mid = centroid(&c.points);
                    let behind = slab(add(mid, scale(c.normal, -1e-6)));
                    let front = slab(add(mid, scale(c.normal, 1e-6)));
                    assert_eq!(turning.contains(&behind), c.turning, "{what}: the part behind");
                    assert_eq!(turning.contains(&front), !c.turning, "{what}: the part in front");
                }
            }
        }
    }

    /// The 3x3x3's `R`: one plane, x = 1/3, through the cube [-1, 1]^3, so
    /// a square of side 2 with its corners on four edges, (1/3, ±1, ±1);
    /// the layer's copy faces left, into the cube, the rest's right. `M`
    /// (the slice between x = -1/3 and 1/3) opens both planes, each copy
    /// facing out of the slice or into it; the rotation `x` opens none.
    #[test]
    fn cube_turns_open_squares() {
        let (p, g, solid) = load("3x3x3");
        let r = turn(&g, &solid, &notation::parse(&p, "R").unwrap()).unwrap();
        assert_eq!(r.cuts.len(), 2);
        let square = |c: &Cut, x: f64| {
            assert_eq!(c.points.len(), 4);
            assert!((fan_area(&c.points) - 4.0).abs() < 1e-12);
            for (y, z) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                assert!(c.points.iter().any(|&q| close(q, [x, y, z])), "{:?}", c.points);
            }
        };
        for c in &r.cuts {
            square(c, 1.0 / 3.0);
            let side = if c.turning { -1.0 } else { 1.0 };
            assert!(close(c.normal, [side, 0.0, 0.0]), "{c:?}");
        }
        let x = turn(&g, &solid, &notation::parse(&p, "x").unwrap()).unwrap();
        assert!(x.cuts.is_empty());
        let (p, g, solid) = load("3x3x3-slices");
        let m = turn(&g, &solid, &notation::parse(&p, "M").unwrap()).unwrap();
        assert_eq!(m.cuts.len(), 4);
        for at in [1.0 / 3.0, -1.0 / 3.0] {
            let here: Vec<&Cut> = m.cuts.iter().filter(|c| (c.points[0][0] - at).abs() < 1e-12).collect();
            assert_eq!(here.len(), 2);
            for c in here {
                square(c, at);
                // The slice's copy faces away from the centre, out of it.
                let outward = if c.turning { at.signum() } else { -at.signum() };
                assert!(close(c.normal, [outward, 0.0, 0.0]), "{c:?}");
            }
        }
    }

    /// The megaminx's face turn cuts at 0.7 from the centre, parallel to
    /// the face; the plane crosses the five edges that leave the face, so
    /// the section is a regular pentagon. Its size, from the dodecahedron's
    /// textbook measures rather than from the solid: edge `a` for inradius
    /// 1, the face's circumradius `a / (2 sin 36°)`, the solid's
    /// circumradius `a √3 φ / 2`; the ring of vertices next to the face is
    /// the face's pentagon scaled by φ about the axis, at the height that
    /// puts it on the circumsphere (checked: an edge long from it to the
    /// face). A corner of the section lies on the edge between a face
    /// vertex and the ring vertex at the same azimuth, its radius
    /// interpolated by height.
    #[test]
    fn a_megaminx_face_turn_opens_a_regular_pentagon() {
        let (p, g, solid) = load("megaminx");
        let t = turn(&g, &solid, &notation::parse(&p, "F").unwrap()).unwrap();
        assert_eq!(t.cuts.len(), 2);
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let a = 2.0 / ((25.0 + 11.0 * 5f64.sqrt()) / 10.0).sqrt();
        let face = a / (2.0 * 36f64.to_radians().sin());
        let sphere = a * 3f64.sqrt() * phi / 2.0;
        let ring = phi * face;
        let height = (sphere * sphere - ring * ring).sqrt();
        assert!((((ring - face).powi(2) + (1.0 - height).powi(2)).sqrt() - a).abs() < 1e-12);
        let radius = face + (ring - face) * (1.0 - 0.7) / (1.0 - height);
        let expected = 2.5 * radius * radius * 72f64.to_radians().sin();
        for c in &t.cuts {
            assert_eq!(c.points.len(), 5);
            let centre = scale(t.axis, dot(c.points[0], t.axis));
            assert!((norm(centre) - 0.7).abs() < 1e-12);
            for i in 0..5 {
                assert!((norm(sub(c.points[i], centre)) - radius).abs() < 1e-12);
                let side = norm(sub(c.points[(i + 1) % 5], c.points[i]));
                assert!((side - 2.0 * radius * 36f64.to_radians().sin()).abs() < 1e-12);
            }
            assert!(
                (fan_area(&c.points) - expected).abs() < 1e-12,
                "{} vs {expected}",
                fan_area(&c.points)
            );
        }
    }

    /// The skewb turns half the cube about a corner, cut through the
    /// centre: the plane perpendicular to a long diagonal through the
    /// centre of [-1, 1]^3 meets six of its edges at their midpoints
    /// (two coordinates ±1, one 0), a regular hexagon of circumradius √2,
    /// area 3√3.
    #[test]
    fn a_skewb_turn_opens_a_hexagon_through_the_centre() {
        let (p, g, solid) = load("skewb");
        for m in &p.moves {
            let t = turn(&g, &solid, &m.element).unwrap();
            assert_eq!(t.cuts.len(), 2, "{}", m.name);
            for c in &t.cuts {
                assert_eq!(c.points.len(), 6);
                assert!(centroid(&c.points).iter().all(|x| x.abs() < 1e-12));
                for q in &c.points {
                    let mut sorted = q.map(f64::abs);
                    sorted.sort_by(f64::total_cmp);
                    assert!(close(sorted, [0.0, 1.0, 1.0]), "{q:?}");
                    assert!(dot(*q, t.axis).abs() < 1e-12);
                }
                assert!((fan_area(&c.points) - 3.0 * 3f64.sqrt()).abs() < 1e-12);
            }
        }
    }

    /// The direction: R on the cube turns the front's right column up, so
    /// a point at the front of R's layer goes to the top; the megaminx's
    /// inverse turns the other way.
    #[test]
    fn turns_go_the_model_s_way() {
        let (p, g, solid) = load("3x3x3");
        let r = turn(&g, &solid, &notation::parse(&p, "R").unwrap()).unwrap();
        // The R-L line may point either way; the rotation is the same.
        assert!(close(r.axis, [1.0, 0.0, 0.0]) || close(r.axis, [-1.0, 0.0, 0.0]));
        let front = [1.0, 0.0, 1.0];
        assert!(close(rotate(front, r.axis, r.angle), [1.0, 1.0, 0.0]));
        assert_eq!(r.stickers.len(), 21);
        let r2 = turn(&g, &solid, &notation::parse(&p, "R2").unwrap()).unwrap();
        assert!((r2.angle.abs() - std::f64::consts::PI).abs() < 1e-12);
        let (p, g, solid) = load("megaminx");
        let a = turn(&g, &solid, &notation::parse(&p, "F").unwrap()).unwrap();
        let back = turn(&g, &solid, &notation::parse(&p, "F'").unwrap()).unwrap();
        assert!((a.angle + back.angle).abs() < 1e-12 && a.stickers == back.stickers);
        // A product of turns about two axes is no single turn.
        assert!(turn(&g, &solid, &notation::parse(&p, "F FL").unwrap()).is_none());
    }
}
