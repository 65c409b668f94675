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
//! let turn = player::turn(g, &solid, &notation::parse(&p, "A").unwrap()).unwrap();
//! // A face turn: a fifth of a turn clockwise, the face's 11 stickers and
//! // the 15 around it.
//! assert!((turn.angle + 72f64.to_radians()).abs() < 1e-9);
//! assert_eq!(turn.stickers.len(), 26);
//! ```

use cubist_perm::Wreath;

use crate::geometry::{close, dot, rotate, Geometry, Polyhedron, V3};
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
            });
        }
    }
    None
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
            ("megaminx", "A B' C2 D E' F G2' H I J' K L"),
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
        let a = turn(&g, &solid, &notation::parse(&p, "A").unwrap()).unwrap();
        let back = turn(&g, &solid, &notation::parse(&p, "A'").unwrap()).unwrap();
        assert!((a.angle + back.angle).abs() < 1e-12 && a.stickers == back.stickers);
        // A product of turns about two axes is no single turn.
        assert!(turn(&g, &solid, &notation::parse(&p, "A B").unwrap()).is_none());
    }
}
