//! The 4x4x4 at the level of its pieces, read from cubist's generic puzzle.
//!
//! The generic `4x4x4` ([`cubist_twisty::library`]) is three sets of pieces
//! built from geometry: 8 corners (three twists each), 24 wings and 24
//! centre pieces, with twelve layer moves `U R F D L B 2U 2R 2F 2D 2L 2B`.
//! The solver needs more than that numbering: which face a centre slot is
//! on, which edge place a wing slot belongs to, which wings are partners,
//! and how a reduced cube is written as Kociemba's [`CubieCube`]. Rather
//! than write those down by hand for one numbering (and break when the
//! geometry numbers pieces otherwise), [`Model::new`] finds them by turning
//! faces:
//!
//! - a centre slot is on the face whose outer turn moves it (an outer turn
//!   moves only its own face's centres);
//! - a wing slot is on the edge place of the two faces whose outer turns
//!   move it, and so are Kociemba's edge places, read from
//!   [`CubieCube::of_move`]; corners likewise by three faces;
//! - the wing slots fall into two orbits of twelve under `U D R L F2 B2`
//!   (the turns that keep Kociemba's edge orientation; each edge place
//!   has one slot of each orbit). Quarter turns of `F`, `B` and of inner
//!   layers move wings between them; half turns of inner layers do not.
//!   The orbits are the solver's wing *classes*;
//! - Kociemba's twists and flips count from reference stickers the generic
//!   puzzle need not share. The offsets between the two are found by
//!   following each outer quarter turn in both models (a twist changes by
//!   the same amount up to a per-place offset and, for corners, a common
//!   sign), and then checked on every turn.
//!
//! A state is a [`Cube4`]: where each corner and wing is, each corner's
//! twist, and the face colour in each centre slot (the four centre pieces
//! of a colour are alike, so only colours are kept). The solver's 27 turns
//! are the 18 outer turns and the wide turns `Uw Rw Fw` (each power), taken
//! from the puzzle's own moves (`Uw` is `U` then `2U`): the arithmetic is
//! the puzzle's, not a second copy of it.

use cubist_perm::word::Word;
use cubist_perm::Wreath;
use cubist_twisty::{compose, power, Element, Puzzle};
use cubist_twophase::{CubieCube, Face, Move};

use crate::Error;

/// The faces in Kociemba's order, as the solver numbers them (`U R F D L
/// B`: a face and its opposite are three apart).
pub const FACES: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// The turns whose orbits on the wing slots are the classes: `U D R L`
/// and `F2 B2` (indices into [`Model::turns`]).
const CLASS_TURNS: [usize; 6] = [0, 9, 3, 12, 7, 16];

/// One of the solver's 27 turns: an outer turn of a face or a wide turn of
/// `U`, `R` or `F`, as permutations of the slots.
#[derive(Clone, Debug)]
pub struct Turn4 {
    /// The face (index in [`FACES`]).
    pub face: u8,
    /// Whether the inner layer turns with the face (`Uw`).
    pub wide: bool,
    /// Quarter turns clockwise: 1, 2 or 3.
    pub power: u8,
    /// `corner[p]`: the slot the corner in slot `p` goes to.
    pub corner: [u8; 8],
    /// `twist[q]`: the twist added to the corner arriving in slot `q`.
    pub twist: [u8; 8],
    /// `wing[p]`: the slot the wing in slot `p` goes to.
    pub wing: [u8; 24],
    /// `centre[p]`: the slot the centre piece in slot `p` goes to.
    pub centre: [u8; 24],
}

impl Turn4 {
    /// The axis (0 for U/D, 1 for R/L, 2 for F/B): turns of one axis commute.
    pub fn axis(&self) -> u8 {
        self.face % 3
    }

    /// Which block of its axis the turn moves (outer `U` 0, outer `D` 1,
    /// wide 2): a search writes turns of one axis in increasing block order
    /// and never two of one block in a row, so each product is tried once.
    pub fn block(&self) -> u8 {
        match (self.wide, self.face < 3) {
            (true, _) => 2,
            (false, true) => 0,
            (false, false) => 1,
        }
    }

    /// The turn in WCA notation (`R`, `Uw2`, `F'`).
    pub fn name(&self) -> String {
        BlockTurn::of(self).name()
    }
}

/// A block turn of the answer as written: the outer layer of a face, or
/// the two layers next to it (`Rw`), a quarter turn clockwise, half a
/// turn or a quarter back. The solver's turns are those of `U R F`'s wide
/// blocks; `Dw`, `Lw` and `Bw` appear where a final rotation is absorbed
/// (the solver's `finish`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockTurn {
    /// The face (index in [`FACES`]).
    pub face: u8,
    /// Whether the layer next to the face turns with it.
    pub wide: bool,
    /// Quarter turns clockwise: 1, 2 or 3.
    pub power: u8,
}

impl BlockTurn {
    /// The turn as written.
    pub fn of(t: &Turn4) -> BlockTurn {
        BlockTurn {
            face: t.face,
            wide: t.wide,
            power: t.power,
        }
    }

    /// The turn in WCA notation (`R`, `Dw2`, `F'`).
    pub fn name(&self) -> String {
        format!(
            "{}{}{}",
            FACES[self.face as usize],
            if self.wide { "w" } else { "" },
            ["", "2", "'"][self.power as usize - 1]
        )
    }
}

/// A state of the 4x4x4 in the model's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube4 {
    /// `corner[x]`: the slot the corner from slot `x` is in.
    pub corner: [u8; 8],
    /// `twist[q]`: the twist of the corner in slot `q`.
    pub twist: [u8; 8],
    /// `wing[x]`: the slot the wing from slot `x` is in.
    pub wing: [u8; 24],
    /// `centre[q]`: the face whose colour the centre piece in slot `q` has.
    pub centre: [u8; 24],
}

impl Cube4 {
    /// The state after `t`.
    pub fn apply(&self, t: &Turn4) -> Cube4 {
        let mut r = *self;
        for x in 0..8 {
            r.corner[x] = t.corner[self.corner[x] as usize];
        }
        for p in 0..8 {
            let q = t.corner[p] as usize;
            r.twist[q] = (self.twist[p] + t.twist[q]) % 3;
        }
        for x in 0..24 {
            r.wing[x] = t.wing[self.wing[x] as usize];
        }
        for p in 0..24 {
            r.centre[t.centre[p] as usize] = self.centre[p];
        }
        r
    }
}

/// The parity of a permutation given by its images (true when odd).
pub fn odd(images: &[u8]) -> bool {
    let mut seen = [false; 24];
    let mut odd = false;
    for start in 0..images.len() {
        if seen[start] {
            continue;
        }
        let mut i = start;
        let mut len = 0;
        while !seen[i] {
            seen[i] = true;
            i = images[i] as usize;
            len += 1;
        }
        odd ^= len % 2 == 0;
    }
    odd
}

/// What the solver knows of the puzzle: its turns and the meaning of its
/// slots (see the module documentation).
#[derive(Clone, Debug)]
pub struct Model {
    /// The 27 turns: `3 * face + power - 1` for the outer turns (0..18),
    /// then `18 + 3 * face + power - 1` for the wide turns of `U R F`.
    pub turns: Vec<Turn4>,
    /// The puzzle's move index of each face's outer layer.
    outer: [usize; 6],
    /// The puzzle's move index of the inner layer next to `U`, `R`, `F`.
    inner: [usize; 3],
    /// The puzzle's move index of the inner layer next to `D`, `L`, `B`,
    /// when it has them: with them the whole cube can be turned, and the
    /// solver may finish with the cube solved but turned
    /// ([`Model::rotations`]).
    far: Option<[usize; 3]>,
    /// The 24 turns of the whole cube, the identity first, when the
    /// puzzle's notation names them (`x`, `y`, `z`); else the identity
    /// alone. Their letters are known only when the puzzle has the inner
    /// layers of `D`, `L` and `B`.
    pub rotations: Vec<Rotation>,
    /// The sets of corners, wings and centres in the puzzle.
    sets: [usize; 3],
    /// The face each centre slot is on.
    pub centre_face: [u8; 24],
    /// The class of each wing slot (0 or 1, see the module documentation).
    pub wing_class: [u8; 24],
    /// Kociemba's edge place of each wing slot.
    pub wing_edge: [u8; 24],
    /// The class-0 wing slot of each of Kociemba's edge places.
    pub a_slot: [u8; 12],
    /// The class-1 wing slot of each edge place.
    pub b_slot: [u8; 12],
    /// Kociemba's corner place of each corner slot.
    corner_place: [u8; 8],
    /// Kociemba's twist is `sign * twist + offset(slot) - offset(piece)`.
    corner_sign: u8,
    /// The corner offsets, by slot.
    corner_offset: [u8; 8],
    /// Kociemba's flip of a reduced edge is `offset(place) - offset(piece)`.
    edge_offset: [u8; 12],
}

/// The faces whose quarter turn moves each of Kociemba's places, as bit
/// sets (corners, edges).
fn kociemba_faces() -> ([u8; 8], [u8; 12]) {
    let mut corners = [0u8; 8];
    let mut edges = [0u8; 12];
    for (f, &face) in Face::ALL.iter().enumerate() {
        let m = CubieCube::of_move(Move::new(face, 1));
        for (i, c) in corners.iter_mut().enumerate() {
            if m.cp[i] as usize != i {
                *c |= 1 << f;
            }
        }
        for (i, e) in edges.iter_mut().enumerate() {
            if m.ep[i] as usize != i {
                *e |= 1 << f;
            }
        }
    }
    (corners, edges)
}

/// A wreath as the slot each slot goes to and the twist added on arrival.
fn arrays<const N: usize>(w: &Wreath) -> ([u8; N], [u8; N]) {
    let mut to = [0u8; N];
    let mut twist = [0u8; N];
    for (p, t) in to.iter_mut().enumerate() {
        *t = w.perm().image(p as u32) as u8;
    }
    for (q, t) in twist.iter_mut().enumerate() {
        *t = w.orient()[q] as u8;
    }
    (to, twist)
}

/// A reduction's answer checked twice before it is returned: its word
/// (the puzzle's move letters) applied to `state`, and its text (`names`
/// joined, as the user is shown it) read back by the notation's own parser,
/// must each leave the puzzle solved. Shared by the 4x4x4's and the
/// 5x5x5's reductions.
pub(crate) fn check_answer(p: &Puzzle, state: &Element, word: &Word, names: &[String]) -> Result<(), Error> {
    if !p.shows_solved(&compose(state, &element_of(p, word.letters()))) {
        return Err(Error::Failed("the reduction's answer does not solve the state".into()));
    }
    let text = names.join(" ");
    let read = cubist_twisty::notation::parse(p, &text).map_err(|e| Error::Failed(e.to_string()))?;
    if !p.shows_solved(&compose(state, &read)) {
        return Err(Error::Failed(format!(
            "the reduction's answer as written ({text}) does not solve the state"
        )));
    }
    Ok(())
}

/// The puzzle's element of a sequence of its moves' letters (move index,
/// power).
pub fn element_of(p: &Puzzle, letters: &[(usize, i64)]) -> Element {
    letters
        .iter()
        .fold(p.identity(), |e, &(mv, k)| compose(&e, &power(&p.moves[mv].element, k)))
}

/// A turn of the whole cube (every layer of an axis turned, or two such
/// turns one after the other): the solver may leave the cube solved but so
/// turned, and then closes its answer with it or absorbs it into a wide
/// turn (see the solver's `finish`).
#[derive(Clone, Debug)]
pub struct Rotation {
    /// Its name in the WCA's notation: one or two tokens of `x`, `y`, `z`
    /// (`y2`, `x y'`); empty for the identity.
    pub name: String,
    /// The puzzle's letters (the four layers of each axis turned), when
    /// it has the inner layers of `D`, `L` and `B`.
    pub letters: Option<Vec<(usize, i64)>>,
    /// The puzzle's element.
    pub element: Element,
    /// The face colour each centre slot shows once the solved cube is so
    /// turned.
    pub centres: [u8; 24],
    /// Its corners and edges as Kociemba's cubie cube: the solved cube so
    /// turned, seen from the fixed places.
    pub cubie: CubieCube,
    /// Whether its corners and its edges are permuted with different
    /// parities (a quarter turn's are: two 4-cycles of corners, three of
    /// edges); phase 3's parity bit of the solved cube so turned.
    pub parity: bool,
}

impl Model {
    /// The model of `p`, or `None` when `p` is not the 4x4x4 with (at least)
    /// the outer turns and the inner layers next to `U`, `R` and `F`.
    pub fn new(p: &Puzzle) -> Option<Model> {
        let find = |name: &str| p.moves.iter().position(|m| m.name == name);
        let outer: [usize; 6] = {
            let v: Vec<usize> = FACES.iter().map(|f| find(&f.to_string())).collect::<Option<_>>()?;
            v.try_into().ok()?
        };
        let inner = [find("2U")?, find("2R")?, find("2F")?];
        let far = [find("2D"), find("2L"), find("2B")];
        let far = far.iter().all(Option::is_some).then(|| far.map(|m| m.unwrap_or(0)));
        let repeated = |k: usize| {
            let l = &p.solved[k];
            (1..l.len()).any(|i| l[..i].contains(&l[i]))
        };
        let set = |size: usize, modulus: u32, alike: bool| {
            (0..p.sets.len()).find(|&k| p.sets[k].size == size && p.sets[k].modulus == modulus && repeated(k) == alike)
        };
        if p.sets.len() != 3 {
            return None;
        }
        let sets = [set(8, 3, false)?, set(24, 1, false)?, set(24, 1, true)?];
        let [cs, ws, zs] = sets;
        // Faces of the centre labels: an outer turn moves its face's four.
        let labels = p.solved[zs].iter().copied().max()? as usize + 1;
        let mut label_face = vec![u8::MAX; labels];
        let quarter: Vec<&Element> = outer.iter().map(|&m| &p.moves[m].element).collect();
        for (f, e) in quarter.iter().enumerate() {
            let moved: Vec<usize> = (0..24)
                .filter(|&q| e[zs].perm().image(q as u32) as usize != q)
                .collect();
            let label = p.solved[zs][*moved.first()?] as usize;
            if moved.len() != 4 || moved.iter().any(|&q| p.solved[zs][q] as usize != label) {
                return None;
            }
            label_face[label] = f as u8;
        }
        if labels != 6 || label_face.contains(&u8::MAX) {
            return None;
        }
        let centre_face: [u8; 24] = std::array::from_fn(|q| label_face[p.solved[zs][q] as usize]);
        // The turns, from the puzzle's moves.
        let mut turns = Vec::with_capacity(27);
        for (wide, faces) in [(false, 0..6usize), (true, 0..3)] {
            for f in faces {
                let base = if wide {
                    compose(quarter[f], &p.moves[inner[f]].element)
                } else {
                    quarter[f].clone()
                };
                for k in 1..=3u8 {
                    let e = power(&base, i64::from(k));
                    let (corner, twist) = arrays::<8>(&e[cs]);
                    let (wing, _) = arrays::<24>(&e[ws]);
                    let (centre, _) = arrays::<24>(&e[zs]);
                    turns.push(Turn4 {
                        face: f as u8,
                        wide,
                        power: k,
                        corner,
                        twist,
                        wing,
                        centre,
                    });
                }
            }
        }
        // Places by the faces that move them.
        let faces_moving = |n: usize, of: &dyn Fn(&Turn4) -> Vec<bool>| -> Vec<u8> {
            let mut bits = vec![0u8; n];
            for f in 0..6 {
                for (q, moved) in of(&turns[3 * f]).into_iter().enumerate() {
                    if moved {
                        bits[q] |= 1 << f;
                    }
                }
            }
            bits
        };
        let wing_bits = faces_moving(24, &|t| (0..24).map(|q| t.wing[q] as usize != q).collect());
        let corner_bits = faces_moving(8, &|t| (0..8).map(|q| t.corner[q] as usize != q).collect());
        let (k_corners, k_edges) = kociemba_faces();
        let corner_place: [u8; 8] = {
            let v: Vec<u8> = corner_bits
                .iter()
                .map(|b| k_corners.iter().position(|k| k == b).map(|i| i as u8))
                .collect::<Option<_>>()?;
            v.try_into().ok()?
        };
        let wing_edge: [u8; 24] = {
            let v: Vec<u8> = wing_bits
                .iter()
                .map(|b| k_edges.iter().position(|k| k == b).map(|i| i as u8))
                .collect::<Option<_>>()?;
            v.try_into().ok()?
        };
        // Wing classes: orbits under U, D, R, L and the half turns F2, B2,
        // the turns that keep Kociemba's edge orientation.
        let mut class = [u8::MAX; 24];
        class[0] = 0;
        let mut stack = vec![0usize];
        while let Some(q) = stack.pop() {
            for t in CLASS_TURNS {
                let r = turns[t].wing[q] as usize;
                if class[r] == u8::MAX {
                    class[r] = 0;
                    stack.push(r);
                }
            }
        }
        for c in class.iter_mut() {
            if *c == u8::MAX {
                *c = 1;
            }
        }
        let mut a_slot = [u8::MAX; 12];
        let mut b_slot = [u8::MAX; 12];
        for q in 0..24 {
            let place = if class[q] == 0 { &mut a_slot } else { &mut b_slot };
            if place[wing_edge[q] as usize] != u8::MAX {
                return None;
            }
            place[wing_edge[q] as usize] = q as u8;
        }
        let mut model = Model {
            turns,
            outer,
            inner,
            far,
            rotations: Vec::new(),
            sets,
            centre_face,
            wing_class: class,
            wing_edge,
            a_slot,
            b_slot,
            corner_place,
            corner_sign: 1,
            corner_offset: [0; 8],
            edge_offset: [0; 12],
        };
        model.find_offsets()?;
        model.rotations = model.find_rotations(p)?;
        Some(model)
    }

    /// The turns of the whole cube ([`Model::rotations`]): the quarter
    /// turns about the three axes as the notation reads them (`x`, `x2`,
    /// `x'`...), and their products of two; with the inner layers of `D`,
    /// `L` and `B`, each one's letters too, checked to make the same turn.
    fn find_rotations(&self, p: &Puzzle) -> Option<Vec<Rotation>> {
        let make = |name: String, element: Element, letters: Option<Vec<(usize, i64)>>| -> Option<Rotation> {
            let cube = self.cube(&element)?;
            let (a, _) = self.class_places(&cube)?;
            Some(Rotation {
                name,
                letters,
                centres: cube.centre,
                cubie: self.pieces(&cube)?,
                parity: odd(&cube.corner) != odd(&a),
                element,
            })
        };
        let mut all = vec![make(String::new(), p.identity(), self.far.map(|_| Vec::new()))?];
        // Quarter turns about R, U and F, each power: the notation's
        // element, and the layers' letters (the far layers turn the other
        // way in their own faces' sense; powers kept in 1..=3).
        let mut gens = Vec::new();
        for (axis, token) in [(1, "x"), (0, "y"), (2, "z")] {
            for (k, suffix) in [(1i64, ""), (2, "2"), (3, "'")] {
                let name = format!("{token}{suffix}");
                let Ok(element) = cubist_twisty::notation::parse(p, &name) else {
                    return Some(all);
                };
                let letters = self.far.map(|far| {
                    vec![
                        (self.outer[axis], k),
                        (self.inner[axis], k),
                        (far[axis], 4 - k),
                        (self.outer[axis + 3], 4 - k),
                    ]
                });
                if letters.as_ref().is_some_and(|l| element_of(p, l) != element) {
                    return Some(all);
                }
                gens.push(make(name, element, letters)?);
            }
        }
        for depth in 0..2 {
            let before = all.clone();
            for r in before
                .iter()
                .filter(|r| r.name.split(' ').filter(|t| !t.is_empty()).count() == depth)
            {
                for g in &gens {
                    let name = if r.name.is_empty() {
                        g.name.clone()
                    } else {
                        format!("{} {}", r.name, g.name)
                    };
                    let element = compose(&r.element, &g.element);
                    if all.iter().any(|q| q.element == element) {
                        continue;
                    }
                    let letters = r
                        .letters
                        .as_ref()
                        .zip(g.letters.as_ref())
                        .map(|(a, b)| [&a[..], b].concat());
                    all.push(make(name, element, letters)?);
                }
            }
        }
        (all.len() == 24).then_some(all)
    }

    /// Finds the twist and flip offsets to Kociemba's conventions (module
    /// documentation), checking every outer quarter turn; `None` when no
    /// offsets fit (the puzzle is not the cube this model reads).
    fn find_offsets(&mut self) -> Option<()> {
        // Corners: for each sign, offsets propagated from slot 0 along the
        // turns, then every turn checked.
        let corner_ok = |sign: u8, offset: &[u8; 8], check: bool| -> bool {
            (0..6).all(|f| {
                let t = &self.turns[3 * f];
                let k = CubieCube::of_move(Move::new(Face::ALL[f], 1));
                (0..8).all(|p| {
                    let q = t.corner[p] as usize;
                    let (kp, kq) = (self.corner_place[p] as usize, self.corner_place[q] as usize);
                    let want = (sign * t.twist[q] + 3 + offset[q] - offset[p]) % 3;
                    k.cp[kq] as usize == kp && (!check || k.co[kq] == want)
                })
            })
        };
        let mut found = None;
        for sign in [1u8, 2] {
            let mut offset = [u8::MAX; 8];
            offset[0] = 0;
            let mut changed = true;
            while changed {
                changed = false;
                for f in 0..6 {
                    let t = &self.turns[3 * f];
                    let k = CubieCube::of_move(Move::new(Face::ALL[f], 1));
                    for p in 0..8 {
                        let q = t.corner[p] as usize;
                        if offset[p] != u8::MAX && offset[q] == u8::MAX {
                            let kq = self.corner_place[q] as usize;
                            offset[q] = (k.co[kq] + 6 - sign * t.twist[q] % 3 + offset[p]) % 3;
                            changed = true;
                        }
                    }
                }
            }
            if !offset.contains(&u8::MAX) && corner_ok(sign, &offset, true) {
                found = Some((sign, offset));
                break;
            }
        }
        let (sign, offset) = found?;
        self.corner_sign = sign;
        self.corner_offset = offset;
        // Edges: the class-0 wing of an edge stands for it; the edge is
        // flipped (in the model's terms) when that wing is in a class-1 slot.
        let step = |f: usize, e: usize| -> (usize, u8) {
            let q = self.turns[3 * f].wing[self.a_slot[e] as usize] as usize;
            (self.wing_edge[q] as usize, self.wing_class[q])
        };
        let mut eo = [u8::MAX; 12];
        eo[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for f in 0..6 {
                let k = CubieCube::of_move(Move::new(Face::ALL[f], 1));
                for e in 0..12 {
                    let (to, flip) = step(f, e);
                    if eo[e] != u8::MAX && eo[to] == u8::MAX {
                        eo[to] = (k.eo[to] + flip + eo[e]) % 2;
                        changed = true;
                    }
                }
            }
        }
        let edges_ok = (0..6).all(|f| {
            let k = CubieCube::of_move(Move::new(Face::ALL[f], 1));
            (0..12).all(|e| {
                let (to, flip) = step(f, e);
                k.ep[to] as usize == e && k.eo[to] == (flip + eo[to] + 2 - eo[e]) % 2
            })
        });
        if eo.contains(&u8::MAX) || !edges_ok {
            return None;
        }
        self.edge_offset = eo;
        Some(())
    }

    /// The model's state of a state of the puzzle; `None` when the state
    /// is of another shape.
    pub fn cube(&self, state: &[Wreath]) -> Option<Cube4> {
        let [cs, ws, zs] = self.sets;
        if state.len() != 3 || state[cs].degree() != 8 || state[ws].degree() != 24 || state[zs].degree() != 24 {
            return None;
        }
        let (corner, twist) = arrays::<8>(&state[cs]);
        let (wing, _) = arrays::<24>(&state[ws]);
        let mut centre = [0u8; 24];
        for x in 0..24 {
            let q = state[zs].perm().image(x as u32) as usize;
            centre[q] = self.centre_face[x];
        }
        Some(Cube4 {
            corner,
            twist,
            wing,
            centre,
        })
    }

    /// The solved state.
    pub fn solved(&self) -> Cube4 {
        Cube4 {
            corner: std::array::from_fn(|x| x as u8),
            twist: [0; 8],
            wing: std::array::from_fn(|x| x as u8),
            centre: self.centre_face,
        }
    }

    /// Where each edge's two wings are, by the class of the slot holding
    /// them: the place of the one in a class-0 slot and of the one in a
    /// class-1 slot; `None` when some edge has both wings in slots of one
    /// class (no turn of phase 3 can then pair it).
    pub fn class_places(&self, c: &Cube4) -> Option<([u8; 12], [u8; 12])> {
        let mut places = [[u8::MAX; 12]; 2];
        for x in 0..24 {
            let q = c.wing[x] as usize;
            let at = &mut places[self.wing_class[q] as usize][self.wing_edge[x] as usize];
            if *at != u8::MAX {
                return None;
            }
            *at = self.wing_edge[q];
        }
        Some((places[0], places[1]))
    }

    /// The wings of the slots (`w[q]`: the wing in slot `q`) after turn
    /// `t`: phase 2 follows the wings this way, slot by slot, to test its
    /// goal ([`Model::wings_split`]) at each ending.
    #[inline]
    pub fn slots_step(&self, w: &[u8; 24], t: usize) -> [u8; 24] {
        let to = &self.turns[t].wing;
        let mut r = [0u8; 24];
        for q in 0..24 {
            r[to[q] as usize] = w[q];
        }
        r
    }

    /// Phase 2's goal for the wings (`w[q]`: the wing in slot `q`): each
    /// edge has one wing in a class-0 slot and one in a class-1 slot, and
    /// an even number of edges have their class-1 wing in the class-0 slot
    /// (the reduced cube's flipped edges: an odd number is the 4x4x4's
    /// "OLL parity", which phase 3's turns cannot change).
    #[inline]
    pub fn wings_split(&self, w: &[u8; 24]) -> bool {
        let (mut edges, mut flips) = (0u32, 0u8);
        for &q in &self.a_slot {
            let x = w[q as usize] as usize;
            edges |= 1 << self.wing_edge[x];
            flips ^= self.wing_class[x];
        }
        edges == 0xfff && flips == 0
    }

    /// Whether the solver may leave the cube solved but turned (every face
    /// one colour, the whole cube upside down, say): the puzzle has the
    /// inner layers of all six faces and names the whole cube's turns, so
    /// that the answer can still end at the solved state itself (see the
    /// solver's `finish`). TPR, in the WCA's scrambler, takes the same
    /// freedom and ends its answers with a whole-cube turn.
    pub fn rotations(&self) -> bool {
        self.far.is_some() && self.rotations.len() > 1
    }

    /// The turns of the whole cube the solver may leave it in: all 24
    /// when [`Model::rotations`] says so, else the identity alone.
    pub fn ways_up(&self) -> &[Rotation] {
        &self.rotations[..if self.rotations() { self.rotations.len() } else { 1 }]
    }

    /// The reduced cube as Kociemba's cubie cube, the 3x3x3 left to solve:
    /// `None` unless the centres show the solved colours or, when the cube
    /// may be left turned ([`Model::rotations`]), the colours of the solved
    /// cube turned, and every edge's two wings are together (one in each
    /// class of the edge place). With the centres of the solved cube
    /// turned by `T`, the 3x3x3 to solve is the cube's corners and edges
    /// *relative to that turn*, `T⁻¹ P` (`P` the cube's pieces, `T` those
    /// of the solved cube so turned): a solution `w` of it takes the cube
    /// to `T` (`P w = T`), solved but turned.
    pub fn cubie(&self, c: &Cube4) -> Option<CubieCube> {
        let turn = self.ways_up().iter().find(|r| r.centres == c.centre)?;
        let pieces = self.pieces(c)?;
        Some(if turn.name.is_empty() {
            pieces
        } else {
            turn.cubie.inverse().multiply(&pieces)
        })
    }

    /// The corners and the paired edges as Kociemba's cubie cube, whatever
    /// the centres show; `None` unless every edge's two wings are together.
    fn pieces(&self, c: &Cube4) -> Option<CubieCube> {
        let mut k = CubieCube::SOLVED;
        for x in 0..8 {
            let q = c.corner[x] as usize;
            let place = self.corner_place[q] as usize;
            k.cp[place] = self.corner_place[x];
            k.co[place] = (self.corner_sign * c.twist[q] + 3 + self.corner_offset[q] - self.corner_offset[x]) % 3;
        }
        for e in 0..12 {
            let a = c.wing[self.a_slot[e] as usize] as usize;
            let b = c.wing[self.b_slot[e] as usize] as usize;
            if self.wing_edge[a] != self.wing_edge[b] || self.wing_class[a] == self.wing_class[b] {
                return None;
            }
            let place = self.wing_edge[a] as usize;
            k.ep[place] = e as u8;
            k.eo[place] = (self.wing_class[a] + self.edge_offset[place] + 2 - self.edge_offset[e]) % 2;
        }
        Some(k)
    }

    /// The puzzle's letters of turn `t` (`Rw` is `R` then `2R`).
    pub fn letters(&self, t: usize) -> Vec<(usize, i64)> {
        let turn = &self.turns[t];
        self.block_letters(turn.face, turn.wide, turn.power)
            .expect("the model's turns are the puzzle's")
    }

    /// The puzzle's letters of a block turn of any face: the outer layer,
    /// and for a wide turn the inner layer next to it (`Dw` is `D` then
    /// `2D`); `None` for a wide turn of `D`, `L` or `B` when the puzzle
    /// lacks their inner layers.
    pub fn block_letters(&self, face: u8, wide: bool, power: u8) -> Option<Vec<(usize, i64)>> {
        let k = [1, 2, -1][power as usize - 1];
        let f = face as usize;
        let mut out = vec![(self.outer[f], k)];
        if wide {
            out.push((if f < 3 { self.inner[f] } else { self.far?[f - 3] }, k));
        }
        Some(out)
    }

    /// The solver's turn of one of Kociemba's moves.
    pub fn turn_of(m: Move) -> usize {
        3 * m.face() as usize + m.turns() as usize - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::{library, notation};

    /// Each turn of the model, applied to the model's state of a puzzle
    /// state, gives the model's state of the puzzle state after the same
    /// moves: the model and the puzzle agree.
    #[test]
    fn the_model_follows_the_puzzle() {
        let p = library::puzzle("4x4x4").unwrap();
        let m = Model::new(&p).unwrap();
        let start = notation::parse(&p, "Rw U2 2F' L B Dw").unwrap();
        let c = m.cube(&start).unwrap();
        for (i, t) in m.turns.iter().enumerate() {
            let after = notation::parse(&p, &format!("Rw U2 2F' L B Dw {}", t.name())).unwrap();
            assert_eq!(m.cube(&after).unwrap(), c.apply(t), "{}", t.name());
            assert_eq!(m.letters(i).len(), if t.wide { 2 } else { 1 });
        }
        assert_eq!(m.cube(&p.identity()).unwrap(), m.solved());
    }

    /// Two classes of twelve wings, one of each on every edge place, and
    /// the reduced cube of any sequence of outer turns is Kociemba's cube
    /// of the same moves.
    #[test]
    fn outer_turns_are_kociembas_turns() {
        let p = library::puzzle("4x4x4").unwrap();
        let m = Model::new(&p).unwrap();
        assert_eq!(m.wing_class.iter().filter(|&&c| c == 0).count(), 12);
        let moves = cubist_twophase::parse_moves("test", "R U2 F' L D B2 R' U F2 D' L2 B").unwrap();
        let mut c = m.solved();
        for &mv in &moves {
            c = c.apply(&m.turns[Model::turn_of(mv)]);
        }
        assert_eq!(m.cubie(&c).unwrap(), CubieCube::from_moves(&moves));
        // A wide turn breaks the reduction.
        assert!(m.cubie(&c.apply(&m.turns[18])).is_none());
    }

    /// Phase 2's wing goal and the slots it follows. The slots after each
    /// turn are those of the puzzle's state after it; an outer `F` turn
    /// flips four edges of the reduced cube (one wing of each edge in each
    /// class still, four edges flipped: a goal, and paired); a wide quarter
    /// turn puts both wings of some edges in one class; the 4x4x4's "OLL
    /// parity" flips one edge (an odd number: not a goal).
    #[test]
    fn phase2_wing_goal() {
        let p = library::puzzle("4x4x4").unwrap();
        let m = Model::new(&p).unwrap();
        let of = |alg: &str| {
            let c = m.cube(&notation::parse(&p, alg).unwrap()).unwrap();
            let mut w = [0u8; 24];
            for x in 0..24 {
                w[c.wing[x] as usize] = x as u8;
            }
            (c, w)
        };
        let start = "Rw U2 2F' L B Dw";
        for (i, t) in m.turns.iter().enumerate() {
            assert_eq!(m.slots_step(&of(start).1, i), of(&format!("{start} {}", t.name())).1);
        }
        let goal = |alg: &str| m.wings_split(&of(alg).1);
        assert!(goal(""));
        assert!(goal("F"));
        let (a, b) = m.class_places(&of("F").0).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            m.cubie(&of("F").0).unwrap(),
            CubieCube::from_moves(&cubist_twophase::parse_moves("t", "F").unwrap())
        );
        for alg in [
            "Uw",
            "Rw",
            "Fw'",
            "2R",
            "Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'",
        ] {
            assert!(!goal(alg), "{alg}");
        }
        assert!(m.class_places(&of("Uw").0).is_none());
        // Half turns keep every wing's class: after `F`'s four flips, still
        // a goal.
        assert!(goal("F Rw2 Uw2 2F2"));
    }

    #[test]
    fn other_puzzles_have_no_model() {
        for name in ["3x3x3", "5x5x5", "2x2x2"] {
            assert!(Model::new(&library::puzzle(name).unwrap()).is_none(), "{name}");
        }
    }
}
