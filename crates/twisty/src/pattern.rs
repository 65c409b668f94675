//! Patterns: solving to a partial state rather than to solved.
//!
//! A cuber's step (the cross, the first two layers, edge orientation) asks
//! that *some* pieces be home and cares nothing for the others. The puzzle
//! model already says what "solved" means through its labels (equal labels
//! mark identical pieces, which may trade places and still show solved) and,
//! for a piece whose orientation does not count, [`Puzzle::free`]. A pattern
//! is therefore a rewrite of those two things, slot by slot, into a puzzle
//! with the same moves whose solved states are the pattern's:
//!
//! - [`Keep::Home`]: the piece keeps its own label: it must come home,
//!   untwisted;
//! - [`Keep::Alike`]: the pieces of one named group share a label: any of
//!   them may fill any slot of the group, but untwisted (edge orientation:
//!   every edge alike, orientation kept);
//! - [`Keep::Ignored`]: the ignored pieces of a set share one label and
//!   their orientation is free: wherever they are, however turned.
//!
//! The rewritten puzzle's [`Puzzle::shows_solved`] is the independent check
//! of every answer to a pattern, and its states, indexed by
//! `cubist-twisty-search`'s coordinates, are the states of the phase (the
//! quotient of the puzzle's states by what the pattern forgets).
//!
//! ```
//! use cubist_twisty::{library, notation, pattern::Pattern};
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let cross = Pattern::named(&cube, "cross").unwrap().apply(&cube).unwrap();
//! // A top-layer turn leaves the D cross solved; a side turn does not.
//! assert!(cross.shows_solved(&notation::parse(&cube, "U R U' R'").unwrap()));
//! assert!(!cross.shows_solved(&notation::parse(&cube, "R").unwrap()));
//! ```

use cubist_io::InputError;

use crate::frame::{Axis, Turn};
use crate::{Error, Puzzle};

/// What a pattern asks of the piece at home in one slot.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Keep {
    /// It must be home and untwisted.
    Home,
    /// It is identical to the other pieces of the group of this name (in
    /// its set): the group's slots hold the group's pieces, untwisted.
    Alike(String),
    /// It does not matter: any ignored piece may be in its place, turned
    /// any way.
    Ignored,
}

/// A partial state: per set of a puzzle, per slot, what is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Its name (a named mask's, or the file's).
    pub name: String,
    /// Per set of the puzzle, per slot.
    pub keep: Vec<Vec<Keep>>,
    /// For a mask asked on another axis than the one it is written for
    /// (`eo-rl`, `dr-fb`): the whole-cube turn to that axis
    /// ([`crate::frame`]); [`Pattern::apply`] turns the moves, and a state
    /// must be turned with [`Turn::state`] before it is solved.
    pub turn: Option<Turn>,
}

/// The named masks of the 3x3x3 ([`Pattern::named`]) and what each keeps.
pub const NAMED: &[(&str, &str)] = &[
    ("cross", "the four D edges home"),
    (
        "xcross",
        "the cross and the front right pair (DFR corner, FR edge) home",
    ),
    ("f2l", "the first two layers home (every piece off the U layer)"),
    ("oll", "the first two layers home, the U layer's pieces oriented"),
    (
        "eo",
        "every edge oriented for the F/B axis (F and B quarter turns flip edges)",
    ),
    ("eo-fb", "the same as eo"),
    (
        "eo-rl",
        "every edge oriented for the R/L axis (R and L quarter turns flip edges)",
    ),
    (
        "eo-ud",
        "every edge oriented for the U/D axis (U and D quarter turns flip edges)",
    ),
    ("eoline", "every edge oriented (F/B axis), the DF and DB edges home"),
    (
        "dr",
        "domino reduction: corners and edges oriented for U/D, the E-slice edges in the E slice",
    ),
    ("dr-ud", "the same as dr"),
    (
        "dr-rl",
        "domino reduction on R/L: every R and L sticker on the R or L face",
    ),
    (
        "dr-fb",
        "domino reduction on F/B: every F and B sticker on the F or B face",
    ),
];

/// A named mask's base and axis: `eo-rl` is `eo` on the R/L axis, `eo`
/// itself `eo` on its own (F/B), `dr` on U/D; the other masks have none.
/// `None` for a name that is not an axis mask.
pub fn axis_mask(name: &str) -> Option<(&'static str, Axis)> {
    let (base, axis) = name.split_once('-').unwrap_or((name, ""));
    let (base, home) = match base {
        "eo" => ("eo", Axis::Fb),
        "dr" => ("dr", Axis::Ud),
        _ => return None,
    };
    match axis {
        "" => Some((base, home)),
        a => Axis::parse(a).map(|a| (base, a)),
    }
}

/// The axis a mask's base is written for: F/B for `eo`, U/D for `dr`.
pub fn home_axis(base: &str) -> Option<Axis> {
    axis_mask(base).map(|(_, a)| a)
}

impl Pattern {
    /// The pattern keeping every piece home (the puzzle's own solved state).
    pub fn whole(p: &Puzzle, name: &str) -> Pattern {
        Pattern {
            name: name.to_string(),
            keep: p.sets.iter().map(|s| vec![Keep::Home; s.size]).collect(),
            turn: None,
        }
    }

    /// Whether [`Pattern::named`] reads the named masks on `p`: a puzzle
    /// with the 3x3x3's corners, edges and face turns (the 3x3x3 and its
    /// variants with slices or marked centres).
    pub fn takes_named(p: &Puzzle) -> bool {
        Faces::of(p).is_some()
    }

    /// A named mask of the 3x3x3 ([`NAMED`]). The slots are found from the
    /// face turns (the D edges are the edges `D` moves), so any numbering of
    /// the cube's pieces works; the puzzle must have the cube's `CORNER` and
    /// `EDGE` sets and its six face turns, with the orientations the masks
    /// read (edges flipped by `F` and `B` only, corners twisted by no `U` or
    /// `D` turn): otherwise the mask is refused, never misread.
    pub fn named(p: &Puzzle, name: &str) -> Result<Pattern, Error> {
        if !NAMED.iter().any(|(n, _)| *n == name) {
            let names: Vec<&str> = NAMED.iter().map(|(n, _)| *n).collect();
            return Err(Error::Notation(format!(
                "unknown mask \"{}\": the named masks are {} (or give a mask file)",
                cubist_io::excerpt(name),
                names.join(", ")
            )));
        }
        // A mask on another axis: the mask of its base, read in the frame
        // turned to the base's axis (crate::frame).
        if let Some((base, axis)) = axis_mask(name).filter(|(b, _)| *b != name) {
            let home = home_axis(base).unwrap_or(axis);
            let mut pat = Pattern::named(p, base)?;
            pat.name = name.to_string();
            pat.turn = (axis != home).then(|| Turn::between(p, axis, home)).transpose()?;
            return Ok(pat);
        }
        let cube = Faces::of(p).ok_or_else(|| {
            Error::Notation(format!(
                "the mask \"{name}\" is a 3x3x3 mask; {} is not a 3x3x3 (its CORNER and EDGE sets and face turns U D L R F B)",
                cubist_io::excerpt(&p.name)
            ))
        })?;
        let mut pat = Pattern::whole(p, name);
        let (c, e) = (cube.corner, cube.edge);
        let on = |set: usize, faces: &str| cube.on(set, faces);
        let all = |set: usize| -> Vec<usize> { (0..p.sets[set].size).collect() };
        let mut set_keep = |set: usize, slots: Vec<usize>, k: Keep| {
            for i in slots {
                pat.keep[set][i] = k.clone();
            }
        };
        let off_u = |set: usize| -> Vec<usize> { all(set).into_iter().filter(|i| !on(set, "U").contains(i)).collect() };
        match name {
            "cross" | "xcross" => {
                set_keep(c, all(c), Keep::Ignored);
                set_keep(e, all(e), Keep::Ignored);
                set_keep(e, on(e, "D"), Keep::Home);
                if name == "xcross" {
                    set_keep(c, on(c, "DFR"), Keep::Home);
                    set_keep(e, on(e, "FR"), Keep::Home);
                }
            }
            "f2l" | "oll" => {
                let ll = if name == "f2l" {
                    Keep::Ignored
                } else {
                    Keep::Alike("u".into())
                };
                set_keep(c, on(c, "U"), ll.clone());
                set_keep(e, on(e, "U"), ll);
            }
            "eo" | "eoline" => {
                set_keep(c, all(c), Keep::Ignored);
                set_keep(e, all(e), Keep::Alike("e".into()));
                if name == "eoline" {
                    set_keep(e, on(e, "DF"), Keep::Home);
                    set_keep(e, on(e, "DB"), Keep::Home);
                }
            }
            _ => {
                // "dr": the E slice's edges are those no U or D turn moves.
                set_keep(c, all(c), Keep::Alike("c".into()));
                set_keep(e, all(e), Keep::Alike("ud".into()));
                let slice: Vec<usize> = off_u(e).into_iter().filter(|i| !on(e, "D").contains(i)).collect();
                set_keep(e, slice, Keep::Alike("e".into()));
            }
        }
        Ok(pat)
    }

    /// Reads a mask file (docs/twisty-solve.md): lines `SET token...`, one
    /// token per slot of the set, in the puzzle's order of slots: `=` home,
    /// `*` ignored, a name (letters, digits, `_`, `-`) for a group of
    /// identical pieces; a set not listed stays whole. `#` starts a comment;
    /// an optional first line `puzzle NAME` must name `p`. Errors give the
    /// file, line and column.
    pub fn parse(p: &Puzzle, source: &str, text: &str) -> Result<Pattern, Error> {
        let name = std::path::Path::new(source)
            .file_stem()
            .map_or(source.to_string(), |s| s.to_string_lossy().into_owned());
        let mut pat = Pattern::whole(p, &name);
        let mut seen = vec![false; p.sets.len()];
        let mut any = false;
        for (ln, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            let mut words = tokens(line);
            let Some((col, head)) = words.next() else {
                continue;
            };
            let at = |col: usize, what: String| Error::Input(InputError::line_column(source, ln + 1, col + 1, what));
            if head == "puzzle" {
                let (c, named) = words
                    .next()
                    .ok_or_else(|| at(col, "`puzzle` needs the puzzle's name".into()))?;
                if any || named != p.name {
                    let why = if any {
                        "`puzzle` must come before the sets".to_string()
                    } else {
                        format!(
                            "this mask is for {}, not for {}",
                            cubist_io::excerpt(named),
                            cubist_io::excerpt(&p.name)
                        )
                    };
                    return Err(at(c, why));
                }
                any = true;
                continue;
            }
            any = true;
            let set = p.sets.iter().position(|s| s.name == head).ok_or_else(|| {
                let names: Vec<&str> = p.sets.iter().map(|s| s.name.as_str()).collect();
                at(
                    col,
                    format!(
                        "unknown set \"{}\" (the sets of {}: {})",
                        cubist_io::excerpt(head),
                        cubist_io::excerpt(&p.name),
                        names.join(", ")
                    ),
                )
            })?;
            if std::mem::replace(&mut seen[set], true) {
                return Err(at(col, format!("set {head} is given twice")));
            }
            let size = p.sets[set].size;
            let mut n = 0;
            for (c, w) in words.by_ref() {
                if n == size {
                    return Err(at(
                        c,
                        format!("set {head} has {size} slots; this is one token too many"),
                    ));
                }
                pat.keep[set][n] = match w {
                    "=" => Keep::Home,
                    "*" => Keep::Ignored,
                    _ if w.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '-') => {
                        Keep::Alike(w.to_string())
                    }
                    _ => {
                        return Err(at(
                            c,
                            format!(
                                "\"{}\" is no slot token (`=` home, `*` ignored, or a group name of letters, digits, `_`, `-`)",
                                cubist_io::excerpt(w)
                            ),
                        ))
                    }
                };
                n += 1;
            }
            if n < size {
                return Err(at(line.len(), format!("set {head} has {size} slots; {n} tokens given")));
            }
        }
        if !any {
            return Err(Error::Input(InputError::new(source, "no set in the mask file")));
        }
        Ok(pat)
    }

    /// The puzzle whose solved states are this pattern's: same sets and
    /// moves, the labels and free orientations rewritten (see the module
    /// docs); for a mask on another axis, the moves turned to its base's
    /// axis ([`Turn::puzzle`]: states must then be turned with
    /// [`Turn::state`]).
    pub fn apply(&self, p: &Puzzle) -> Result<Puzzle, Error> {
        let out = self.relabel(p)?;
        Ok(match &self.turn {
            Some(t) => t.puzzle(&out),
            None => out,
        })
    }

    /// [`Pattern::apply`] without the turn: the labels and free
    /// orientations rewritten, the moves as they are (the puzzle states
    /// are read on). A home slot keeps the puzzle's own label, so pieces
    /// the puzzle already makes identical stay so.
    pub fn relabel(&self, p: &Puzzle) -> Result<Puzzle, Error> {
        let fits = self.keep.len() == p.sets.len() && self.keep.iter().zip(&p.sets).all(|(k, s)| k.len() == s.size);
        if !fits {
            return Err(Error::Notation(format!(
                "the mask \"{}\" does not fit {}: another puzzle's sets",
                cubist_io::excerpt(&self.name),
                cubist_io::excerpt(&p.name)
            )));
        }
        let mut out = p.clone();
        out.pattern = Some(self.name.clone());
        out.free = Vec::with_capacity(p.sets.len());
        for (s, keep) in self.keep.iter().enumerate() {
            // Home slots keep their labels; groups and the ignored pieces
            // get labels past the largest, one per group name.
            let mut next = p.solved[s].iter().max().map_or(0, |m| m + 1);
            let mut groups: Vec<(Option<&str>, u32)> = Vec::new();
            let mut free = vec![false; keep.len()];
            for (i, k) in keep.iter().enumerate() {
                let group = match k {
                    Keep::Home => continue,
                    Keep::Alike(g) => Some(g.as_str()),
                    Keep::Ignored => {
                        free[i] = true;
                        None
                    }
                };
                out.solved[s][i] = match groups.iter().find(|x| x.0 == group) {
                    Some(&(_, label)) => label,
                    None => {
                        groups.push((group, next));
                        next += 1;
                        next - 1
                    }
                };
            }
            out.free.push(free);
        }
        Ok(out)
    }
}

/// The words of a line, each with its column (0-based, in bytes).
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(|c: char| c.is_ascii_whitespace())
        .scan(0usize, |pos, w| {
            let at = *pos;
            *pos += w.len() + 1;
            Some((at, w))
        })
        .filter(|(_, w)| !w.is_empty())
}

/// The 3x3x3's sets and face turns, as the named masks read them.
struct Faces<'a> {
    p: &'a Puzzle,
    corner: usize,
    edge: usize,
}

impl<'a> Faces<'a> {
    /// `None` unless `p` has the cube's sets, face turns and orientation
    /// conventions (see [`Pattern::named`]).
    fn of(p: &'a Puzzle) -> Option<Faces<'a>> {
        let set = |name: &str, size: usize, modulus: u32| {
            p.sets
                .iter()
                .position(|s| s.name == name && s.size == size && s.modulus == modulus)
        };
        let f = Faces {
            p,
            corner: set("CORNER", 8, 3)?,
            edge: set("EDGE", 12, 2)?,
        };
        for face in ["U", "D", "L", "R", "F", "B"] {
            let m = &p.find_move(face)?.element;
            let twisted = |s: usize| m[s].orient().iter().any(|&t| t != 0);
            // Edges: flipped by F and B only. Corners: U and D twist none.
            if twisted(f.edge) != matches!(face, "F" | "B") || (matches!(face, "U" | "D") && twisted(f.corner)) {
                return None;
            }
            if f.on(f.corner, face).len() != 4 || f.on(f.edge, face).len() != 4 {
                return None;
            }
        }
        Some(f)
    }

    /// The slots of `set` that every face turn named in `faces` moves.
    fn on(&self, set: usize, faces: &str) -> Vec<usize> {
        (0..self.p.sets[set].size)
            .filter(|&i| {
                faces.chars().all(|f| {
                    self.p
                        .find_move(&f.to_string())
                        .is_some_and(|m| m.element[set].perm().image(i as u32) as usize != i)
                })
            })
            .collect()
    }
}
