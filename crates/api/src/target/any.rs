//! `target solve` for cubes that are not all MacMahon's: a target or cubes
//! with repeated colours (the K-colour families), counted with
//! orientations by `cubist_macmahon::family::solve`, cross-checked two
//! ways, every listed solution re-checked from the colourings.

use super::report::Method;
use crate::{Error, Report};
use cubist_cube::Cube;
use cubist_io::LimitError;
use cubist_macmahon::family::solve::{self as fsolve, Counting, KindCount, MAX_CUBES};
use cubist_macmahon::input::AnyReader;
use cubist_macmahon::macmahon::corner_name;
use serde::Serialize;
use std::fmt;

/// One cube of a listed solution.
#[derive(Clone, Debug, Serialize)]
pub struct AnyPlaced {
    /// The corner position of the model, by its faces (`FLT`, `BRD`, ...).
    pub position: String,
    /// The cube's place in the collection, from 1.
    pub slot: usize,
    /// Its faces as placed, colours from 1, faces F B L R T D.
    pub faces: [u16; 6],
}

/// `target solve` on cubes of any family: whether they build the target,
/// in how many ways (with orientations), and the solutions.
#[derive(Clone, Debug, Serialize)]
pub struct AnySolveReport {
    /// The target's six faces as typed (its colours' tokens).
    pub target: String,
    /// The target's colouring, colours from 1, faces F B L R T D.
    pub target_faces: [u16; 6],
    /// The tokens of colours 1, 2, ... when words or `--colours` named
    /// them; empty when digits did.
    pub colours: Vec<String>,
    /// How many different colours the target and the cubes use.
    pub colour_count: usize,
    /// The collection's cubes as typed, in the order given.
    pub cubes: Vec<String>,
    /// Whether MacMahon's interior rule was asked for.
    pub interior: bool,
    /// Whether the collection builds the target.
    pub builds: bool,
    /// Solutions: a different cube at each corner position, each turned to
    /// show the target's colours there; two turns of a cube that look the
    /// same are one. Counted cube by cube (128 bits).
    pub count: u128,
    /// The same counted corner by corner over the kinds of cubes used,
    /// equal to `count`; `null` when that count's states are too many.
    pub count_by_corner: Option<u128>,
    /// `count` with identical copies (cubes equal up to rotation) not told
    /// apart; `null` with `count_by_corner`.
    pub count_up_to_copies: Option<u128>,
    /// Solutions with every one of a cube's 24 rotations its own (two
    /// turns that look the same are two), as `target family`'s solution
    /// numbers count them; counted both ways like `count`.
    pub count_rotations: u128,
    /// With `interior`: the solutions whose touching inner faces match.
    pub interior_count: Option<u64>,
    /// The solutions listed (interior-matching ones with `interior`), each
    /// eight placements by corner position, at most the limit asked for.
    pub solutions: Vec<Vec<AnyPlaced>>,
}

impl Report for AnySolveReport {
    const COMMAND: &'static str = "target solve";
}

/// Solves cubes of any family for a target (see the module docs); `reader`
/// has read them.
pub fn solve(
    reader: &AnyReader,
    target: &Cube,
    cubes: &[Cube],
    interior: bool,
    limit: usize,
    method: Method,
) -> Result<AnySolveReport, Error> {
    if method == Method::Primes {
        return Err(Error::Usage(
            "--method primes counts MacMahon's cubes only (six different colours each); \
             these cubes repeat colours"
                .into(),
        ));
    }
    if cubes.len() < 8 {
        return Err(cubist_macmahon::Error::TooFewCubes(cubes.len()).into());
    }
    if cubes.len() > MAX_CUBES {
        let what = "the cubes of a collection";
        return Err(LimitError::new(what, cubes.len(), MAX_CUBES).into());
    }
    let twice = |how: Counting| -> Result<(u128, Option<KindCount>), Error> {
        let too_many = || Error::Internal("a collection within the limit overflowed 128 bits".into());
        let count = fsolve::count(target, cubes, how).ok_or_else(too_many)?;
        let by_corner = fsolve::count_by_corner(target, cubes, how);
        if let Some(k) = by_corner.filter(|k| k.count != count) {
            return Err(Error::Internal(format!(
                "counted cube by cube {count}, corner by corner {} ({how:?})",
                k.count
            )));
        }
        Ok((count, by_corner))
    };
    let (count, by_corner) = twice(Counting::Looks)?;
    let (count_rotations, _) = twice(Counting::Rotations)?;
    let listed = fsolve::solutions(target, cubes, interior, limit);
    for s in &listed {
        fsolve::check(target, cubes, s, interior)
            .map_err(|e| Error::Internal(format!("a listed solution fails the check: {e}")))?;
    }
    let interior_count = match interior.then(|| fsolve::count_solutions(target, cubes, true, INTERIOR_CAP + 1)) {
        Some(n) if n > INTERIOR_CAP => {
            let what = "counting interior-matching solutions one by one";
            let needed = format!("more than {INTERIOR_CAP} solutions");
            return Err(LimitError::new(what, needed, INTERIOR_CAP).into());
        }
        n => n,
    };
    let numbers = |c: &Cube| c.faces.map(|x| x.0 + 1);
    let mut used: Vec<u16> = cubes
        .iter()
        .chain([target])
        .flat_map(|c| c.faces.map(|x| x.0))
        .collect();
    used.sort_unstable();
    used.dedup();
    Ok(AnySolveReport {
        target: reader.text(target),
        target_faces: numbers(target),
        colours: reader.palette().to_vec(),
        colour_count: used.len(),
        cubes: cubes.iter().map(|c| reader.text(c)).collect(),
        interior,
        builds: count > 0,
        count,
        count_by_corner: by_corner.map(|k| k.count),
        count_up_to_copies: by_corner.map(|k| k.up_to_copies),
        count_rotations,
        interior_count,
        solutions: listed
            .iter()
            .map(|s| {
                s.iter()
                    .map(|p| AnyPlaced {
                        position: corner_name(p.corner),
                        slot: p.slot + 1,
                        faces: numbers(&cubes[p.slot].rotated(p.rotation)),
                    })
                    .collect()
            })
            .collect(),
    })
}

/// Interior-matching solutions are counted one by one; past this many the
/// count is refused rather than run for hours (as for MacMahon's cubes).
const INTERIOR_CAP: u64 = super::report::INTERIOR_CAP;

/// Faces as colour numbers, run together when every colour is a digit.
fn faces_text(faces: &[u16; 6]) -> String {
    let strs = faces.map(|x| x.to_string());
    if faces.iter().all(|&x| x < 10) {
        strs.concat()
    } else {
        strs.join(".")
    }
}

impl fmt::Display for AnySolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.cubes.len();
        writeln!(
            f,
            "target {} ({} colour{} in all), {n} cubes: {}",
            self.target,
            self.colour_count,
            if self.colour_count == 1 { "" } else { "s" },
            self.cubes.join(" | ")
        )?;
        if !self.colours.is_empty() {
            let numbered: Vec<String> = self
                .colours
                .iter()
                .enumerate()
                .map(|(i, t)| format!("{}={t}", i + 1))
                .collect();
            writeln!(f, "colours: {}", numbered.join(" "))?;
        }
        if self.builds {
            writeln!(f, "builds the target: {} solutions that look different", self.count)?;
        } else {
            writeln!(f, "does not build the target: 0 solutions")?;
        }
        match self.count_by_corner {
            Some(c) => writeln!(f, "counted corner by corner: {c} (agrees)")?,
            None => writeln!(
                f,
                "counted corner by corner: too many kinds of cubes to follow; one count only"
            )?,
        }
        if let Some(u) = self.count_up_to_copies.filter(|&u| u != self.count) {
            writeln!(f, "up to swapping identical copies: {u}")?;
        }
        if self.count_rotations != self.count {
            writeln!(
                f,
                "counting each of a cube's 24 rotations apart (as target family does): {}",
                self.count_rotations
            )?;
        }
        if let Some(n) = self.interior_count {
            writeln!(f, "with matching interior faces: {n} solutions")?;
        }
        let rows = self.solutions.iter().map(|s| {
            s.iter()
                .map(|p| format!("{} #{} {}", p.position, p.slot, faces_text(&p.faces)))
                .collect()
        });
        let total = self.interior_count.map_or(self.count, u128::from);
        super::report::write_listing(
            f,
            self.interior,
            "cube number, faces as placed F B L R T D",
            rows,
            total,
        )
    }
}
