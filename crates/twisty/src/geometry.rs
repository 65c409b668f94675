//! Puzzles derived from geometry: a convex polyhedron, families of cutting
//! planes, and turns that rotate the points lying between two parallel cuts.
//!
//! Why geometry rather than typed tables: a table of 132 megaminx stickers is
//! easy to get wrong and hard to review; a dodecahedron, one cut depth and "rotate
//! what lies beyond the plane by 72°" are three facts anyone can check.
//!
//! The derivation, step by step:
//! 1. **Polyhedron.** Faces are the planes `p·n = 1` for unit normals `n`; its
//!    vertices are the feasible intersections of three planes.
//! 2. **Stickers.** Each face polygon is split by every cutting plane
//!    `p·a = d`; each remaining facet is a sticker, represented by its area
//!    centroid (for "marked" puzzles, by one point near each facet corner, so a
//!    facet's rotation is visible).
//! 3. **Turns.** Parallel cuts slice space into slabs; a turn rotates the points of
//!    one slab about the axis by `2π/k` clockwise seen from outside, where `k` is
//!    the largest order of a rotation about that axis mapping the polyhedron to
//!    itself. Images are found by coordinates; a point without an image is an error.
//! 4. **Pieces.** Two stickers belong to the same piece when they lie on the same
//!    side of every cutting plane (a cell of the plane arrangement, convex, so
//!    connected).
//! 5. **Sets and orientations.** Sets are the piece orbits under *all* slab turns.
//!    Each piece's points are listed around the axis through the piece's centroid
//!    (rigid rotations preserve that cyclic order); the list of a reference slot is
//!    carried to every other slot along a breadth-first tree of turns. A turn then
//!    shifts each slot's list cyclically, and the shift is the twist. The modulus is
//!    how many points of the reference slot share an orbit with its first point.
//!
//! ```
//! use cubist_twisty::geometry::{AxisKind, CutFamily, Naming, Shape, Spec};
//! use cubist_twisty::Puzzle;
//!
//! // A dodecahedron cut at 0.7 from its centre on every face axis: the megaminx.
//! let names = (b'A'..=b'L').map(|c| (c as char).to_string()).collect();
//! let spec = Spec {
//!     name: "my-megaminx".into(),
//!     shape: Shape::Dodecahedron,
//!     cuts: vec![CutFamily { kind: AxisKind::Face, depths: vec![0.7], names }],
//!     marked: false,
//!     naming: Naming::Slabs,
//! };
//! let p = Puzzle::derive(&spec).unwrap();
//! let sizes: Vec<(usize, u32)> = p.sets.iter().map(|s| (s.size, s.modulus)).collect();
//! assert_eq!(sizes, vec![(20, 3), (30, 2), (12, 1)]); // corners, edges, centres
//! assert_eq!(p.order(), library_order());
//! # fn library_order() -> num_bigint::BigUint { cubist_twisty::library::puzzle("megaminx").unwrap().order() }
//! ```

use std::collections::HashMap;

use cubist_perm::{Perm, Wreath};

use crate::element::{Element, Move, PieceSet};
use crate::Error;

/// A point or a direction in space.
pub type V3 = [f64; 3];

const EPS: f64 = 1e-9;

pub(crate) fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
pub(crate) fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
pub(crate) fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
pub(crate) fn scale(a: V3, s: f64) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}
pub(crate) fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
pub(crate) fn norm(a: V3) -> f64 {
    dot(a, a).sqrt()
}
pub(crate) fn unit(a: V3) -> V3 {
    scale(a, 1.0 / norm(a))
}
pub(crate) fn close(a: V3, b: V3) -> bool {
    norm(sub(a, b)) < 1e-7
}

/// Rotation of `p` about the unit axis `u` by `angle` (right-handed).
pub(crate) fn rotate(p: V3, u: V3, angle: f64) -> V3 {
    let (s, c) = angle.sin_cos();
    let par = scale(u, dot(u, p));
    let perp = sub(p, par);
    add(add(par, scale(perp, c)), scale(cross(u, perp), s))
}

/// The five convex regular solids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Four faces.
    Tetrahedron,
    /// Six faces.
    Cube,
    /// Eight faces.
    Octahedron,
    /// Twelve faces.
    Dodecahedron,
    /// Twenty faces.
    Icosahedron,
}

/// Which family of axes a cut is perpendicular to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisKind {
    /// Axes through the face centres.
    Face,
    /// Axes through the vertices.
    Vertex,
    /// Axes through the edge midpoints.
    Edge,
}

/// A polyhedron with faces at distance 1 from the centre.
#[derive(Clone, Debug)]
pub struct Polyhedron {
    /// The unit normals of the faces.
    pub normals: Vec<V3>,
    /// The vertices.
    pub vertices: Vec<V3>,
    /// Each face's vertices in counter-clockwise order seen from outside.
    pub faces: Vec<Vec<V3>>,
}

impl Polyhedron {
    /// The polyhedron with its faces at distance 1 from the centre.
    pub fn new(shape: Shape) -> Polyhedron {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let raw: Vec<V3> = match shape {
            Shape::Tetrahedron => vec![[-1., -1., -1.], [-1., 1., 1.], [1., -1., 1.], [1., 1., -1.]],
            // Face order F B L R U D (CONVENTIONS.md's F B L R T D).
            Shape::Cube => vec![
                [0., 0., 1.],
                [0., 0., -1.],
                [-1., 0., 0.],
                [1., 0., 0.],
                [0., 1., 0.],
                [0., -1., 0.],
            ],
            Shape::Octahedron => signs3([1., 1., 1.]),
            Shape::Dodecahedron => cyclic(&signs3([0., 1., phi])),
            Shape::Icosahedron => {
                let mut v = signs3([1., 1., 1.]);
                v.extend(cyclic(&signs3([0., 1. / phi, phi])));
                v
            }
        };
        let normals: Vec<V3> = raw.into_iter().map(unit).collect();
        let mut vertices: Vec<V3> = Vec::new();
        for i in 0..normals.len() {
            for j in i + 1..normals.len() {
                for k in j + 1..normals.len() {
                    if let Some(p) = solve3(normals[i], normals[j], normals[k]) {
                        if normals.iter().all(|&n| dot(n, p) <= 1.0 + 1e-9) && !vertices.iter().any(|&v| close(v, p)) {
                            vertices.push(p);
                        }
                    }
                }
            }
        }
        let faces = normals
            .iter()
            .map(|&n| {
                let mut vs: Vec<V3> = vertices
                    .iter()
                    .copied()
                    .filter(|&v| (dot(v, n) - 1.0).abs() < 1e-9)
                    .collect();
                let c = scale(vs.iter().fold([0.; 3], |a, &b| add(a, b)), 1.0 / vs.len() as f64);
                let u = unit(sub(vs[0], c));
                let w = cross(n, u);
                vs.sort_by(|&a, &b| {
                    let ang = |p: V3| dot(sub(p, c), w).atan2(dot(sub(p, c), u));
                    ang(a).total_cmp(&ang(b))
                });
                vs
            })
            .collect();
        Polyhedron {
            normals,
            vertices,
            faces,
        }
    }

    /// Unit axes of one kind, in a fixed order.
    pub fn axes(&self, kind: AxisKind) -> Vec<V3> {
        match kind {
            AxisKind::Face => self.normals.clone(),
            AxisKind::Vertex => self.vertices.iter().map(|&v| unit(v)).collect(),
            AxisKind::Edge => {
                let mut mids: Vec<V3> = Vec::new();
                for f in &self.faces {
                    for i in 0..f.len() {
                        let m = unit(scale(add(f[i], f[(i + 1) % f.len()]), 0.5));
                        if !mids.iter().any(|&x| close(x, m)) {
                            mids.push(m);
                        }
                    }
                }
                mids
            }
        }
    }

    /// The largest `k` such that rotating by `2π/k` about `axis` maps the
    /// polyhedron to itself.
    pub fn axis_order(&self, axis: V3) -> u32 {
        (2..=5)
            .rev()
            .find(|&k| {
                let a = 2.0 * std::f64::consts::PI / k as f64;
                self.vertices
                    .iter()
                    .all(|&v| self.vertices.iter().any(|&w| close(rotate(v, axis, a), w)))
            })
            .unwrap_or(1)
    }
}

fn signs3(v: V3) -> Vec<V3> {
    let mut out: Vec<V3> = Vec::new();
    for s in 0..8 {
        let p = [
            if s & 1 == 0 { v[0] } else { -v[0] },
            if s & 2 == 0 { v[1] } else { -v[1] },
            if s & 4 == 0 { v[2] } else { -v[2] },
        ];
        if !out.iter().any(|&q| close(q, p)) {
            out.push(p);
        }
    }
    out
}

fn cyclic(vs: &[V3]) -> Vec<V3> {
    let mut out = Vec::new();
    for shift in 0..3 {
        for v in vs {
            out.push([v[shift % 3], v[(shift + 1) % 3], v[(shift + 2) % 3]]);
        }
    }
    out
}

/// Solves `n_i · p = 1` for three planes; `None` when they are not independent.
fn solve3(a: V3, b: V3, c: V3) -> Option<V3> {
    let det = dot(a, cross(b, c));
    if det.abs() < 1e-9 {
        return None;
    }
    let p = add(add(cross(b, c), cross(c, a)), cross(a, b));
    Some(scale(p, 1.0 / det))
}

/// Splits a convex polygon by the plane `p·a = d`; pieces of zero area vanish.
pub(crate) fn split(poly: &[V3], a: V3, d: f64) -> Vec<Vec<V3>> {
    let s: Vec<f64> = poly.iter().map(|&p| dot(p, a) - d).collect();
    if s.iter().all(|&x| x > -EPS) || s.iter().all(|&x| x < EPS) {
        return vec![poly.to_vec()];
    }
    let mut above = Vec::new();
    let mut below = Vec::new();
    for i in 0..poly.len() {
        let j = (i + 1) % poly.len();
        let (p, q, sp, sq) = (poly[i], poly[j], s[i], s[j]);
        if sp >= -EPS {
            above.push(p);
        }
        if sp <= EPS {
            below.push(p);
        }
        if (sp > EPS && sq < -EPS) || (sp < -EPS && sq > EPS) {
            let x = add(p, scale(sub(q, p), sp / (sp - sq)));
            above.push(x);
            below.push(x);
        }
    }
    [above, below].into_iter().filter(|p| area(p) > 1e-9).collect()
}

fn area_vec(poly: &[V3]) -> V3 {
    let mut s = [0.; 3];
    for i in 0..poly.len() {
        s = add(s, cross(poly[i], poly[(i + 1) % poly.len()]));
    }
    scale(s, 0.5)
}

/// A planar polygon's area (zero below three corners).
pub(crate) fn area(poly: &[V3]) -> f64 {
    if poly.len() < 3 {
        0.0
    } else {
        norm(area_vec(poly))
    }
}

/// Area centroid (unlike the vertex average, blind to repeated or collinear vertices).
pub(crate) fn centroid(poly: &[V3]) -> V3 {
    let mut c = [0.; 3];
    let mut total = 0.0;
    for i in 1..poly.len() - 1 {
        let t = norm(cross(sub(poly[i], poly[0]), sub(poly[i + 1], poly[0]))) / 2.0;
        c = add(c, scale(add(add(poly[0], poly[i]), poly[i + 1]), t / 3.0));
        total += t;
    }
    scale(c, 1.0 / total)
}

/// A family of cuts: planes perpendicular to every axis of one kind, at the
/// given distances from the centre (faces are at distance 1).
#[derive(Clone, Debug)]
pub struct CutFamily {
    /// The axes the cuts are perpendicular to.
    pub kind: AxisKind,
    /// The distances of the cutting planes from the centre.
    pub depths: Vec<f64>,
    /// Names of the axes of this kind, in [`Polyhedron::axes`] order.
    pub names: Vec<String>,
}

/// A description from which a puzzle is derived.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The puzzle's name.
    pub name: String,
    /// The solid.
    pub shape: Shape,
    /// The families of cutting planes.
    pub cuts: Vec<CutFamily>,
    /// One point per facet corner instead of one per facet: the orientation of
    /// one-sticker pieces becomes visible (Eidswick's marked pieces).
    pub marked: bool,
    /// How generators are named and chosen.
    pub naming: Naming,
}

/// How the default generators of a derived puzzle are chosen and named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// Every slab not containing the centre; slab `i` counted from the axis named
    /// `N` is `N` (outermost) or `{i+1}N` (SiGN inner-layer notation).
    Slabs,
    /// Pyraminx style: `N` turns every slab beyond the deepest cut on the `N` side,
    /// lowercase `n` the outermost slab only (the tip).
    TipsAndBlocks,
}

/// One axis line: its direction, turn order and slab boundaries.
#[derive(Clone, Debug)]
pub struct Line {
    /// The axis direction, a unit vector.
    pub dir: V3,
    /// The turn order: a turn rotates by `2π/order`.
    pub order: u32,
    /// Cut offsets along `dir`, descending.
    pub offsets: Vec<f64>,
    /// Axis name on the `+dir` side and (if it is also an axis) the `-dir` side.
    pub plus: String,
    /// The name on the `-dir` side, if that side is also an axis.
    pub minus: Option<String>,
}

impl Line {
    /// Number of slabs (offsets + 1).
    pub fn slabs(&self) -> usize {
        self.offsets.len() + 1
    }

    /// Slab index (0 = beyond the first cut on the `+dir` side) of a coordinate.
    pub(crate) fn slab_of(&self, t: f64) -> usize {
        self.offsets.iter().take_while(|&&o| t < o).count()
    }

    /// Whether slab `i` contains the centre in its interior.
    pub fn contains_centre(&self, i: usize) -> bool {
        let hi = if i == 0 { f64::INFINITY } else { self.offsets[i - 1] };
        let lo = if i == self.offsets.len() {
            f64::NEG_INFINITY
        } else {
            self.offsets[i]
        };
        lo < -EPS && EPS < hi
    }
}

/// The geometric side of a derived puzzle, kept so that any turn or whole-puzzle
/// rotation can be converted to an element later (notation, pattern counting).
#[derive(Clone, Debug)]
pub struct Geometry {
    /// The solid.
    pub shape: Shape,
    /// Every sticker point.
    pub points: Vec<V3>,
    /// The colour (face index) of each point; for marked puzzles each point of a
    /// facet gets its own colour.
    pub colours: Vec<u32>,
    /// Every axis line.
    pub lines: Vec<Line>,
    /// Per set, per slot: the slot's points in labelled order.
    labels: Vec<Vec<Vec<u32>>>,
    /// Per set: the number of leading on-axis points in each label list, and the
    /// count of off-axis points.
    on_axis: Vec<usize>,
    /// Point -> (set, slot, position in the slot's label list).
    where_is: Vec<(usize, usize, usize)>,
    moduli: Vec<u32>,
    locator: Locator,
}

/// Finds a point by its coordinates (a hash of rounded coordinates, checking
/// neighbouring cells so rounding at a cell boundary cannot miss).
#[derive(Clone, Debug)]
struct Locator {
    cells: HashMap<[i64; 3], Vec<u32>>,
}

impl Locator {
    const Q: f64 = 1e5;
    fn key(p: V3) -> [i64; 3] {
        [
            (p[0] * Self::Q).round() as i64,
            (p[1] * Self::Q).round() as i64,
            (p[2] * Self::Q).round() as i64,
        ]
    }
    fn new(points: &[V3]) -> Locator {
        let mut cells: HashMap<[i64; 3], Vec<u32>> = HashMap::new();
        for (i, &p) in points.iter().enumerate() {
            cells.entry(Self::key(p)).or_default().push(i as u32);
        }
        Locator { cells }
    }
    fn find(&self, points: &[V3], p: V3) -> Option<u32> {
        let k = Self::key(p);
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    if let Some(v) = self.cells.get(&[k[0] + dx, k[1] + dy, k[2] + dz]) {
                        if let Some(&i) = v.iter().find(|&&i| norm(sub(points[i as usize], p)) < 1e-6) {
                            return Some(i);
                        }
                    }
                }
            }
        }
        None
    }
}

impl Geometry {
    /// The permutation of the points given by rotating everything whose
    /// coordinate along `line` falls in one of `slabs` by `quarter` steps of
    /// `2π/order`, clockwise seen from the `+dir` side.
    pub fn turn(&self, line: usize, slabs: &[usize], steps: i64) -> Result<Perm, Error> {
        let l = &self.lines[line];
        let steps = steps.rem_euclid(l.order as i64);
        let angle = -2.0 * std::f64::consts::PI * steps as f64 / l.order as f64;
        let mut images = Vec::with_capacity(self.points.len());
        for (i, &p) in self.points.iter().enumerate() {
            if slabs.contains(&l.slab_of(dot(p, l.dir))) {
                let q = rotate(p, l.dir, angle);
                images.push(
                    self.locator
                        .find(&self.points, q)
                        .ok_or_else(|| Error::Internal(format!("point {i} has no image under a turn")))?,
                );
            } else {
                images.push(i as u32);
            }
        }
        Perm::from_images(images).map_err(|e| Error::Internal(e.to_string()))
    }

    /// Converts a permutation of the points into a puzzle element; an error if it
    /// does not move pieces rigidly onto pieces of the same set.
    pub fn element(&self, p: &Perm) -> Result<Element, Error> {
        let mut out = Vec::with_capacity(self.labels.len());
        for (s, slots) in self.labels.iter().enumerate() {
            let r = self.moduli[s];
            let k = slots[0].len() - self.on_axis[s];
            let start = self.on_axis[s];
            let mut images = Vec::with_capacity(slots.len());
            let mut orient = vec![0u32; slots.len()];
            for list in slots {
                let probe = if k > 0 { list[start] } else { list[0] };
                let (s2, slot2, pos) = self.where_is[p.image(probe) as usize];
                if s2 != s || (k > 0 && pos < start) {
                    return Err(Error::Internal("a turn moves a piece into another set".into()));
                }
                let shift = if k > 0 { (pos - start) % k } else { 0 };
                let target = &slots[slot2];
                for (j, &x) in list.iter().enumerate() {
                    let want = if j < start {
                        target[j]
                    } else {
                        target[start + (j - start + shift) % k]
                    };
                    if p.image(x) != want {
                        return Err(Error::Internal(
                            "a turn does not move a piece rigidly onto a slot".into(),
                        ));
                    }
                }
                let step = if r > 1 { k / r as usize } else { k.max(1) };
                if shift % step != 0 {
                    return Err(Error::Internal(
                        "a twist is not a multiple of the orientation step".into(),
                    ));
                }
                orient[slot2] = ((shift / step) as u32) % r;
                images.push(slot2 as u32);
            }
            let perm = Perm::from_images(images).map_err(|e| Error::Internal(e.to_string()))?;
            out.push(Wreath::new(perm, orient, r).map_err(|e| Error::Internal(e.to_string()))?);
        }
        Ok(out)
    }

    /// The inverse of [`Geometry::element`]: where an element takes each point
    /// (each sticker position, for drawing a state).
    pub fn point_perm(&self, e: &[Wreath]) -> Perm {
        let mut images: Vec<u32> = (0..self.points.len() as u32).collect();
        for (s, slots) in self.labels.iter().enumerate() {
            let start = self.on_axis[s];
            let k = slots[0].len() - start;
            let r = self.moduli[s] as usize;
            let step = if r > 1 { k / r } else { k.max(1) };
            for (slot, list) in slots.iter().enumerate() {
                let slot2 = e[s].perm().image(slot as u32) as usize;
                let shift = e[s].orient()[slot2] as usize * step;
                let target = &slots[slot2];
                for (j, &x) in list.iter().enumerate() {
                    images[x as usize] = if j < start {
                        target[j]
                    } else {
                        target[start + (j - start + shift) % k]
                    };
                }
            }
        }
        Perm::from_images(images).expect("an element moves slots onto slots")
    }

    /// The point at `p` (a sticker's coordinates), if there is one.
    pub(crate) fn locate(&self, p: V3) -> Option<u32> {
        self.locator.find(&self.points, p)
    }

    /// The rotations of the whole polyhedron, as point permutations (the
    /// identity first).
    pub fn rotations(&self) -> Vec<Perm> {
        let gens: Vec<Perm> = (0..self.lines.len())
            .filter_map(|l| self.turn(l, &(0..self.lines[l].slabs()).collect::<Vec<_>>(), 1).ok())
            .collect();
        let mut group = vec![Perm::identity(self.points.len())];
        let mut i = 0;
        while i < group.len() {
            for g in &gens {
                let h = group[i].then(g);
                if !group.contains(&h) {
                    group.push(h);
                }
            }
            i += 1;
        }
        group
    }

    /// The solid-colour appearance of each slot: the colours of its points in
    /// labelled order, per set.
    pub fn appearance(&self) -> Vec<Vec<Vec<u32>>> {
        self.labels
            .iter()
            .map(|slots| {
                slots
                    .iter()
                    .map(|l| l.iter().map(|&x| self.colours[x as usize]).collect())
                    .collect()
            })
            .collect()
    }

    /// The number of sets (orbits of pieces).
    pub fn set_count(&self) -> usize {
        self.labels.len()
    }

    /// The slots of set `set`, each its points in labelled order (a piece
    /// is named by the slot it starts in).
    pub fn slots(&self, set: usize) -> &[Vec<u32>] {
        &self.labels[set]
    }

    /// Per set: the number of off-axis points of a piece and the modulus, so a
    /// caller can tell whether a twist changes a piece's appearance.
    pub fn set_shape(&self, set: usize) -> (usize, usize, u32) {
        (
            self.on_axis[set],
            self.labels[set][0].len() - self.on_axis[set],
            self.moduli[set],
        )
    }
}

/// A cutting plane `p·a = d`: its unit normal `a` and depth `d`.
type Plane = (V3, f64);

/// A named generator: its name and its permutation of the points.
type Named = (String, Perm);

/// Step 1: the cutting planes, and the axis lines they are perpendicular to
/// (with their slab offsets, deepest first, and their names).
fn cuts(spec: &Spec, poly: &Polyhedron) -> Result<(Vec<Plane>, Vec<Line>), Error> {
    let mut planes: Vec<(V3, f64)> = Vec::new();
    let mut lines: Vec<Line> = Vec::new();
    for fam in &spec.cuts {
        let axes = poly.axes(fam.kind);
        if fam.names.len() != axes.len() {
            return Err(Error::Internal(format!(
                "{}: {} axis names for {} axes",
                spec.name,
                fam.names.len(),
                axes.len()
            )));
        }
        for (ai, &a) in axes.iter().enumerate() {
            for &d in &fam.depths {
                if !planes.iter().any(|&(b, e)| {
                    (close(a, b) && (d - e).abs() < EPS) || (close(a, scale(b, -1.0)) && (d + e).abs() < EPS)
                }) {
                    planes.push((a, d));
                }
            }
            if let Some(l) = lines.iter_mut().find(|l| close(l.dir, scale(a, -1.0))) {
                l.minus = Some(fam.names[ai].clone());
                l.offsets.extend(fam.depths.iter().map(|d| -d));
            } else if let Some(l) = lines.iter_mut().find(|l| close(l.dir, a)) {
                l.offsets.extend(fam.depths.iter().copied());
            } else {
                lines.push(Line {
                    dir: a,
                    order: poly.axis_order(a),
                    offsets: fam.depths.clone(),
                    plus: fam.names[ai].clone(),
                    minus: None,
                });
            }
        }
    }
    for l in &mut lines {
        l.offsets.sort_by(|a, b| b.total_cmp(a));
        l.offsets.dedup_by(|a, b| (*a - *b).abs() < EPS);
    }
    Ok((planes, lines))
}

/// Step 2: the stickers, each face polygon split by every cutting plane; a
/// point per sticker (four, near its corners, for marked stickers) and its
/// colour.
fn stickers(spec: &Spec, poly: &Polyhedron, planes: &[Plane]) -> (Vec<V3>, Vec<u32>) {
    let mut points = Vec::new();
    let mut colours = Vec::new();
    for (fi, face) in poly.faces.iter().enumerate() {
        let mut facets = vec![face.clone()];
        for &(a, d) in planes {
            facets = facets.iter().flat_map(|f| split(f, a, d)).collect();
        }
        for (ci, f) in facets.iter().enumerate() {
            let c = centroid(f);
            if spec.marked {
                let corners: Vec<V3> = (0..f.len())
                    .filter(|&i| {
                        let (p, q, r) = (f[(i + f.len() - 1) % f.len()], f[i], f[(i + 1) % f.len()]);
                        norm(cross(sub(q, p), sub(r, q))) > 1e-9
                    })
                    .map(|i| f[i])
                    .collect();
                for (k, &v) in corners.iter().enumerate() {
                    points.push(add(c, scale(sub(v, c), 0.5)));
                    colours.push((fi * 1000 + ci * 10 + k) as u32);
                }
            } else {
                points.push(c);
                colours.push(fi as u32);
            }
        }
    }
    (points, colours)
}

/// Step 3: every slab turn, and the default generators with their names
/// (sorted by name).
fn turns(spec: &Spec, geo: &Geometry) -> Result<(Vec<Perm>, Vec<Named>), Error> {
    let mut all_turns = Vec::new();
    let mut named: Vec<(String, Perm)> = Vec::new();
    for (li, l) in geo.lines.iter().enumerate() {
        let m = l.slabs();
        for i in 0..m {
            let t = geo.turn(li, &[i], 1)?;
            all_turns.push(t.clone());
            if l.contains_centre(i) {
                continue;
            }
            match spec.naming {
                Naming::Slabs => {
                    // Slabs nearer the -dir side are named from that side, turning
                    // clockwise as seen from there.
                    let from_minus = l.minus.is_some() && 2 * i + 1 > m;
                    let (name, depth, perm) = if from_minus {
                        (l.minus.clone().unwrap(), m - 1 - i, t.inverse())
                    } else {
                        (l.plus.clone(), i, t)
                    };
                    let name = if depth == 0 {
                        name
                    } else {
                        format!("{}{}", depth + 1, name)
                    };
                    named.push((name, perm));
                }
                Naming::TipsAndBlocks => {
                    if i == 0 {
                        named.push((l.plus.to_lowercase(), t));
                        let block: Vec<usize> = (0..m).filter(|&j| !l.contains_centre(j) && j < m - 1).collect();
                        named.push((l.plus.clone(), geo.turn(li, &block, 1)?));
                    }
                }
            }
        }
    }
    named.sort_by_key(|(n, _)| n.clone());
    Ok((all_turns, named))
}

/// Step 4: the pieces, cells of the plane arrangement: each point's piece,
/// and each piece's points.
fn pieces(planes: &[Plane], points: &[V3]) -> (Vec<usize>, Vec<Vec<u32>>) {
    let mut piece_of: Vec<usize> = Vec::new();
    let mut sigs: Vec<Vec<bool>> = Vec::new();
    for &p in points {
        let sig: Vec<bool> = planes.iter().map(|&(a, d)| dot(p, a) > d).collect();
        let idx = sigs.iter().position(|s| *s == sig).unwrap_or_else(|| {
            sigs.push(sig);
            sigs.len() - 1
        });
        piece_of.push(idx);
    }
    let npieces = sigs.len();
    let mut piece_points: Vec<Vec<u32>> = vec![Vec::new(); npieces];
    for (i, &pc) in piece_of.iter().enumerate() {
        piece_points[pc].push(i as u32);
    }
    (piece_of, piece_points)
}

/// Derives the parts of a puzzle from its geometric description, in the
/// steps of the module's documentation ([`crate::Puzzle::derive`] makes
/// the puzzle).
pub fn derive(spec: &Spec) -> Result<Derived, Error> {
    let poly = Polyhedron::new(spec.shape);
    let (planes, lines) = cuts(spec, &poly)?;
    let (points, colours) = stickers(spec, &poly, &planes);
    let locator = Locator::new(&points);
    let mut geo = Geometry {
        shape: spec.shape,
        locator,
        points,
        colours,
        lines,
        labels: Vec::new(),
        on_axis: Vec::new(),
        where_is: Vec::new(),
        moduli: Vec::new(),
    };
    let (all_turns, named) = turns(spec, &geo)?;
    let (piece_of, piece_points) = pieces(&planes, &geo.points);
    let turn_pieces: Vec<Vec<usize>> = all_turns
        .iter()
        .map(|t| piece_perm(spec, &piece_of, piece_points.len(), t))
        .collect::<Result<_, _>>()?;
    let (mut sets, set_slots, label_of) = piece_sets(spec, &geo.points, &piece_points, &all_turns, &turn_pieces);
    label_lists(&mut geo, &set_slots, &label_of, &piece_points);
    for (set, modulus) in sets.iter_mut().zip(moduli(&geo, &all_turns)) {
        set.modulus = modulus;
        geo.moduli.push(modulus);
    }
    reference_points(spec, &mut geo);
    let moves = named
        .iter()
        .map(|(n, p)| {
            Ok(Move {
                name: n.clone(),
                element: geo.element(p)?,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Derived {
        sets,
        solved: solved_labels(&geo),
        moves,
        geometry: geo,
    })
}

/// What [`derive()`] finds: the KSolve model's sets, solved state and moves,
/// and the geometry they came from ([`crate::Puzzle::derive`] makes them a
/// puzzle).
#[derive(Clone, Debug)]
pub struct Derived {
    /// The piece sets, with their orientation moduli.
    pub sets: Vec<PieceSet>,
    /// The solved state's labels, alike for pieces that look alike.
    pub solved: Vec<Vec<u32>>,
    /// The named turns.
    pub moves: Vec<Move>,
    /// The points, lines and labels.
    pub geometry: Geometry,
}

/// A turn of the points as a permutation of the pieces (`piece_of` gives
/// each point's piece); a turn that would split a piece is an error.
fn piece_perm(spec: &Spec, piece_of: &[usize], npieces: usize, t: &Perm) -> Result<Vec<usize>, Error> {
    let mut img = vec![usize::MAX; npieces];
    for (i, &pc) in piece_of.iter().enumerate() {
        let q = piece_of[t.image(i as u32) as usize];
        if img[pc] != usize::MAX && img[pc] != q {
            return Err(Error::Internal(format!("{}: a turn splits a piece", spec.name)));
        }
        img[pc] = q;
    }
    Ok(img)
}

/// Step 5, the sets: piece orbits under every slab turn, breadth first from
/// the lowest piece, carrying the reference labelling along. Gives the sets
/// (modulus 1 until [`moduli`]), each set's slots (pieces, sorted), and each
/// piece's points in labelled order.
fn piece_sets(
    spec: &Spec,
    points: &[V3],
    piece_points: &[Vec<u32>],
    all_turns: &[Perm],
    turn_pieces: &[Vec<usize>],
) -> (Vec<PieceSet>, Vec<Vec<usize>>, Vec<Vec<u32>>) {
    let npieces = piece_points.len();
    let mut set_of = vec![usize::MAX; npieces];
    let mut label_of: Vec<Vec<u32>> = vec![Vec::new(); npieces];
    let mut sets: Vec<PieceSet> = Vec::new();
    let mut set_slots: Vec<Vec<usize>> = Vec::new();
    let mut kind_count: HashMap<usize, usize> = HashMap::new();
    for p0 in 0..npieces {
        if set_of[p0] != usize::MAX {
            continue;
        }
        let s = sets.len();
        label_of[p0] = order_points(points, &piece_points[p0]);
        set_of[p0] = s;
        let mut slots = vec![p0];
        let mut i = 0;
        while i < slots.len() {
            let p = slots[i];
            for (t, tp) in all_turns.iter().zip(turn_pieces) {
                let q = tp[p];
                if set_of[q] == usize::MAX {
                    set_of[q] = s;
                    label_of[q] = label_of[p].iter().map(|&x| t.image(x)).collect();
                    slots.push(q);
                }
            }
            i += 1;
        }
        slots.sort_unstable();
        let nst = piece_points[p0].len();
        let kind = match if spec.marked { 0 } else { nst } {
            0 => "FACE".to_string(),
            1 => "CENTER".to_string(),
            2 => "EDGE".to_string(),
            3 => "CORNER".to_string(),
            k => format!("PIECE{k}_"),
        };
        let c = kind_count.entry(nst).or_insert(0);
        *c += 1;
        let name = if *c == 1 {
            kind.trim_end_matches('_').to_string()
        } else {
            format!("{}{}", kind, c)
        };
        sets.push(PieceSet {
            name,
            size: slots.len(),
            modulus: 1,
        });
        set_slots.push(slots);
    }
    (sets, set_slots, label_of)
}

/// The label lists per set (and how many of their leading points lie on
/// the piece's axis), and where each point sits in them.
fn label_lists(geo: &mut Geometry, set_slots: &[Vec<usize>], label_of: &[Vec<u32>], piece_points: &[Vec<u32>]) {
    for slots in set_slots {
        let lists: Vec<Vec<u32>> = slots.iter().map(|&p| label_of[p].clone()).collect();
        let on = lists[0]
            .iter()
            .take_while(|&&x| on_axis(&geo.points, &piece_points[slots[0]], x))
            .count();
        geo.labels.push(lists);
        geo.on_axis.push(on);
    }
    locate_points(geo);
}

/// Where each point sits: (set, slot, position in the slot's list).
fn locate_points(geo: &mut Geometry) {
    geo.where_is = vec![(0, 0, 0); geo.points.len()];
    for (s, lists) in geo.labels.iter().enumerate() {
        for (slot, l) in lists.iter().enumerate() {
            for (j, &x) in l.iter().enumerate() {
                geo.where_is[x as usize] = (s, slot, j);
            }
        }
    }
}

/// Each set's modulus: the points of its reference slot in the orbit (under
/// every turn) of its first off-axis point.
fn moduli(geo: &Geometry, all_turns: &[Perm]) -> Vec<u32> {
    let orbit_all = cubist_perm::orbits(geo.points.len(), all_turns);
    let mut orbit_id = vec![0usize; geo.points.len()];
    for (i, o) in orbit_all.iter().enumerate() {
        for &x in o {
            orbit_id[x as usize] = i;
        }
    }
    geo.labels
        .iter()
        .enumerate()
        .map(|(s, lists)| {
            let k = lists[0].len() - geo.on_axis[s];
            if k == 0 {
                return 1;
            }
            let first = lists[0][geo.on_axis[s]];
            lists[0][geo.on_axis[s]..]
                .iter()
                .filter(|&&x| orbit_id[x as usize] == orbit_id[first as usize])
                .count() as u32
        })
        .collect()
}

/// Reference points: in each slot, among the points a twist could bring to
/// the front, the one on the highest-priority face comes first (for the cube
/// U/D, then F/B, then R/L, the usual orientation convention: U and D never
/// twist a piece, F and B flip edges). Shifts stay multiples of the
/// orientation step.
fn reference_points(spec: &Spec, geo: &mut Geometry) {
    let face_rank = |c: u32| -> (u32, u32) {
        let f = if spec.marked { c / 1000 } else { c };
        let r = match spec.shape {
            Shape::Cube => [2, 3, 5, 4, 0, 1][f as usize],
            _ => f,
        };
        (r, c)
    };
    for (s, lists) in geo.labels.iter_mut().enumerate() {
        let on = geo.on_axis[s];
        let k = lists[0].len() - on;
        let r = geo.moduli[s] as usize;
        if k == 0 || r <= 1 {
            continue;
        }
        let step = k / r;
        for l in lists.iter_mut() {
            let best = (0..r)
                .min_by_key(|&j| face_rank(geo.colours[l[on + j * step] as usize]))
                .unwrap();
            l[on..].rotate_left(best * step);
        }
    }
    locate_points(geo);
}

/// The solved state: pieces that look alike under solid colours share a
/// label.
fn solved_labels(geo: &Geometry) -> Vec<Vec<u32>> {
    geo.appearance()
        .into_iter()
        .map(|slots| {
            let mut seen: Vec<Vec<u32>> = Vec::new();
            slots
                .into_iter()
                .map(|a| match seen.iter().position(|x| *x == a) {
                    Some(i) => i as u32,
                    None => {
                        seen.push(a);
                        seen.len() as u32 - 1
                    }
                })
                .collect()
        })
        .collect()
}

fn piece_axis(points: &[V3], piece: &[u32]) -> V3 {
    let c = piece.iter().fold([0.; 3], |a, &x| add(a, points[x as usize]));
    unit(c)
}

fn on_axis(points: &[V3], piece: &[u32], x: u32) -> bool {
    let c = piece_axis(points, piece);
    let p = points[x as usize];
    norm(sub(p, scale(c, dot(p, c)))) < 1e-7
}

/// A piece's points: those on its axis first, then the others counter-clockwise
/// around the axis (seen from outside) starting from the lowest-numbered one.
fn order_points(points: &[V3], piece: &[u32]) -> Vec<u32> {
    let c = piece_axis(points, piece);
    let (mut on, mut off): (Vec<u32>, Vec<u32>) = piece.iter().partition(|&&x| on_axis(points, piece, x));
    on.sort_unstable();
    if off.is_empty() {
        return on;
    }
    off.sort_unstable();
    let perp = |x: u32| {
        let p = points[x as usize];
        sub(p, scale(c, dot(p, c)))
    };
    let u = unit(perp(off[0]));
    let w = cross(c, u);
    let angle = |x: u32| {
        let q = perp(x);
        let a = dot(q, w).atan2(dot(q, u));
        if a < -1e-9 {
            a + 2.0 * std::f64::consts::PI
        } else {
            a.max(0.0)
        }
    };
    off.sort_by(|&a, &b| angle(a).total_cmp(&angle(b)));
    on.extend(off);
    on
}
