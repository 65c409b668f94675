//! `target extend`'s report: the n x n x n model of a target from a
//! multiset, decided by `cubist_macmahon::extended` (a maximum flow) with
//! its certificate re-checked, for cubes of any family.

use crate::Report;
use cubist_cube::Cube;
use cubist_macmahon::extended::{check, kind_count, solve, Answer, MAX_CUBES, MAX_KINDS, MAX_N};

/// One cube of the model in the report.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlacedCube {
    /// (x, y, z), from 0; x right, y up, z towards the front.
    pub position: [usize; 3],
    /// The cube's place in the multiset, from 1.
    pub slot: usize,
    /// Its faces as placed, colours from 1, faces F B L R T D.
    pub faces: [u16; 6],
}

/// A kind of position in a blockage: its outer faces and their colours.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BlockedKind {
    /// The outer faces (`"LT"`; empty inside).
    pub faces: String,
    /// The target's colours on them, from 1.
    pub colours: Vec<u16>,
}

impl Report for ExtendReport {
    const COMMAND: &'static str = "target extend";
}

/// `target extend`: the n x n x n model from a multiset.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ExtendReport {
    /// The target's colouring, colours from 1, faces F B L R T D.
    pub target_faces: [u16; 6],
    /// The tokens of colours 1, 2, ... when words named them; empty when
    /// digits or names did.
    pub colours: Vec<String>,
    /// The model's size.
    pub n: usize,
    /// Cubes in the multiset.
    pub cube_count: usize,
    /// Whether the model can be built.
    pub builds: bool,
    /// The placement, position by position (when it builds).
    pub placed_cubes: Vec<PlacedCube>,
    /// When it does not: kinds of positions outnumbering the cubes that fit
    /// them.
    pub blocked_kinds: Vec<BlockedKind>,
    /// Their positions.
    pub blocked_position_count: usize,
    /// The cubes fitting one of them.
    pub fitting_cube_count: usize,
}

/// The model's size, checked: 2 to [`MAX_N`].
pub(crate) fn check_n(n: usize) -> Result<(), crate::Error> {
    if !(2..=MAX_N).contains(&n) {
        let e = cubist_io::InputError::new("--n", format!("n = {n}: the model's size must be 2 to {MAX_N}"));
        return Err(cubist_macmahon::Error::from(e).into());
    }
    Ok(())
}

/// The multiset's size and kinds of cube, bounded before the flow is set
/// up ([`MAX_CUBES`], [`MAX_KINDS`]: the capacity matrix it allocates).
pub(crate) fn check_cubes(cubes: &[Cube]) -> Result<(), crate::Error> {
    if cubes.len() > MAX_CUBES {
        return Err(cubist_io::LimitError::new("the cubes of a multiset", cubes.len(), MAX_CUBES).into());
    }
    let kinds = kind_count(cubes);
    if kinds > MAX_KINDS {
        let what = "the kinds of cube of a multiset (cubes different up to rotation)";
        return Err(cubist_io::LimitError::new(what, kinds, MAX_KINDS).into());
    }
    Ok(())
}

/// A kind of position in a blockage, for a report.
pub(crate) fn blocked_kind(k: &cubist_macmahon::extended::Kind) -> BlockedKind {
    BlockedKind {
        faces: k.iter().map(|(f, _)| f.to_string()).collect(),
        colours: k.iter().map(|(_, c)| c.0 + 1).collect(),
    }
}

/// Decides the extended puzzle and re-checks the certificate; `colours`
/// are the tokens the colours were typed as (if words).
pub fn report(target: &Cube, cubes: &[Cube], n: usize, colours: &[String]) -> Result<ExtendReport, crate::Error> {
    check_n(n)?;
    check_cubes(cubes)?;
    let answer = solve(target, cubes, n);
    check(target, cubes, n, &answer).map_err(|e| crate::Error::Internal(format!("extended puzzle: {e}")))?;
    let faces = |c: &Cube| c.faces.map(|x| x.0 + 1);
    let mut r = ExtendReport {
        target_faces: faces(target),
        colours: colours.to_vec(),
        n,
        cube_count: cubes.len(),
        builds: false,
        placed_cubes: Vec::new(),
        blocked_kinds: Vec::new(),
        blocked_position_count: 0,
        fitting_cube_count: 0,
    };
    match answer {
        Answer::TooFew => {
            r.blocked_position_count = n * n * n;
            r.fitting_cube_count = cubes.len();
        }
        Answer::Built(placed) => {
            r.builds = true;
            r.placed_cubes = placed
                .iter()
                .map(|p| PlacedCube {
                    position: [p.at.0, p.at.1, p.at.2],
                    slot: p.cube + 1,
                    faces: faces(&cubes[p.cube].rotated(p.rotation)),
                })
                .collect();
        }
        Answer::Blocked(kinds, positions, supply) => {
            r.blocked_kinds = kinds.iter().map(blocked_kind).collect();
            r.blocked_position_count = positions;
            r.fitting_cube_count = supply;
        }
    }
    Ok(r)
}

impl std::fmt::Display for ExtendReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.n;
        let t: Vec<String> = self.target_faces.iter().map(u16::to_string).collect();
        writeln!(
            f,
            "{n}x{n}x{n} model of target {} from {} cubes",
            t.join(" "),
            self.cube_count
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
            writeln!(
                f,
                "builds it (placement checked); position (x y z): cube as placed, faces F B L R T D"
            )?;
            for p in &self.placed_cubes {
                let faces: String = p.faces.iter().map(u16::to_string).collect();
                writeln!(
                    f,
                    "  {} {} {}: cube {} {faces}",
                    p.position[0], p.position[1], p.position[2], p.slot
                )?;
            }
        } else if self.blocked_kinds.is_empty() {
            writeln!(
                f,
                "cannot build it: {} positions, only {} cubes",
                self.blocked_position_count, self.cube_count
            )?;
        } else {
            writeln!(
                f,
                "cannot build it: these kinds of position ({} positions) are fitted by only {} cubes (checked):",
                self.blocked_position_count, self.fitting_cube_count
            )?;
            for k in &self.blocked_kinds {
                let c: Vec<String> = k.colours.iter().map(u16::to_string).collect();
                let faces = if k.faces.is_empty() { "inside" } else { &k.faces };
                writeln!(f, "  {faces} {}", c.join(" "))?;
            }
        }
        Ok(())
    }
}
