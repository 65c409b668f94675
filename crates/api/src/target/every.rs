//! `target solve --every-target` and `target extend --every-target`: one
//! collection against every target of its family, the family given (`K`:
//! colours 1..K) or read from the cubes (the colours they use). The work is
//! `cubist_macmahon::family::every` (the 2x2x2 model: Hall's condition and
//! the count, a certificate per target) and `cubist_macmahon::extended`
//! (the n x n x n model: a maximum flow, its certificate re-checked).

use super::any::AnyPlaced;
use crate::{Error, Report};
use cubist_cube::{Colour, Cube};
use cubist_io::LimitError;
use cubist_macmahon::extended::{self, Answer};
use cubist_macmahon::family::every::{self, Certificate};
use cubist_macmahon::family::solve::MAX_CUBES;
use cubist_macmahon::input::AnyReader;
use cubist_macmahon::macmahon::{corner_name, CubeId};
use serde::Serialize;
use std::fmt;

/// The family whose targets are judged: its colours and how they were
/// chosen.
pub(crate) struct Targets {
    /// The colours, sorted.
    colours: Vec<Colour>,
    /// Whether `--family` gave them.
    given: bool,
    /// The targets (canonical, sorted).
    cubes: Vec<Cube>,
}

/// The targets of the family `family` (K: colours 1..K, every cube's
/// colours among them) or, without it, of the colours the cubes use
/// (`cubist_macmahon::family::every::choose_family`; its refusals are
/// usage errors, the cube named as typed).
pub(crate) fn targets(family: Option<usize>, cubes: &[Cube], reader: &AnyReader) -> Result<Targets, Error> {
    let chosen = every::choose_family(family, cubes).map_err(|e| Error::Usage(e.message_with(|c| reader.text(c))))?;
    Ok(Targets {
        colours: chosen.colours,
        given: chosen.given,
        cubes: chosen.targets,
    })
}

impl Targets {
    /// Conway's name of a target when the family is MacMahon's (colours
    /// 1..6).
    fn name(&self, t: &Cube) -> Option<String> {
        let macmahon = self.colours.iter().enumerate().all(|(i, c)| c.index() == i) && self.colours.len() == 6;
        macmahon.then(|| CubeId::identify(t).map(CubeId::name)).flatten()
    }

    /// The colours as numbers from 1.
    fn numbers(&self) -> Vec<u16> {
        self.colours.iter().map(|c| c.0 + 1).collect()
    }
}

/// The family part of both reports.
#[derive(Clone, Debug, Serialize)]
pub struct FamilyOf {
    /// K, the number of colours of the family.
    pub colour_count: usize,
    /// The family's colours, from 1: a target uses each of them.
    pub family_colours: Vec<u16>,
    /// Whether `--family` gave them (else the cubes' colours).
    pub family_given: bool,
    /// The tokens of colours 1, 2, ... when words or `--colours` named
    /// them; empty when digits did.
    pub colours: Vec<String>,
    /// How many targets the family has.
    pub target_count: usize,
}

impl FamilyOf {
    fn of(t: &Targets, reader: &AnyReader) -> FamilyOf {
        FamilyOf {
            colour_count: t.colours.len(),
            family_colours: t.numbers(),
            family_given: t.given,
            colours: reader.palette().to_vec(),
            target_count: t.cubes.len(),
        }
    }

    /// The heading line: the family and where its colours come from.
    fn heading(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colours: Vec<String> = self.family_colours.iter().map(u16::to_string).collect();
        writeln!(
            f,
            "every target of the {}-colour family on colours {} ({}): {} targets",
            self.colour_count,
            colours.join(" "),
            if self.family_given {
                "--family"
            } else {
                "the colours the cubes use"
            },
            self.target_count
        )?;
        if !self.colours.is_empty() {
            let numbered: Vec<String> = (self.colours.iter().enumerate())
                .map(|(i, t)| format!("{}={t}", i + 1))
                .collect();
            writeln!(f, "colours: {}", numbered.join(" "))?;
        }
        Ok(())
    }
}

/// One target of `target solve --every-target`.
#[derive(Clone, Debug, Serialize)]
pub struct SolveTarget {
    /// The target's faces as typed tokens.
    pub target: String,
    /// Its colouring (canonical), colours from 1, faces F B L R T D.
    pub target_faces: [u16; 6],
    /// Conway's name, for MacMahon's family.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether the collection builds it.
    pub builds: bool,
    /// Solutions that look different (as `target solve --target`'s `count`).
    pub count: u128,
    /// Solutions counting each of a cube's 24 rotations apart.
    pub count_rotations: u128,
    /// When built: one solution, re-checked, 8 `{position, slot, faces}`.
    pub solution: Option<Vec<AnyPlaced>>,
    /// When not: corner positions fitted by fewer cubes than their number
    /// (re-counted from the colourings).
    pub short_positions: Vec<String>,
    /// The cubes fitting one of `short_positions`.
    pub short_fitting_count: Option<usize>,
}

/// `target solve --every-target`: which targets of the family the
/// collection builds.
#[derive(Clone, Debug, Serialize)]
pub struct EverySolveReport {
    /// The family.
    #[serde(flatten)]
    pub family: FamilyOf,
    /// The collection's cubes as typed.
    pub cubes: Vec<String>,
    /// How many targets it builds.
    pub built_count: usize,
    /// Whether it builds every target (universal for the family).
    pub universal: bool,
    /// Every target, in the family's order.
    pub targets: Vec<SolveTarget>,
}

impl Report for EverySolveReport {
    const COMMAND: &'static str = "target solve";
}

/// Reads the cubes of a request (a list or a file).
pub(crate) fn read_cubes(
    reader: &mut AnyReader,
    cubes: Option<&str>,
    file: Option<&crate::Source>,
) -> Result<Vec<Cube>, Error> {
    let input = |e: cubist_io::InputError| -> Error { cubist_macmahon::Error::from(e).into() };
    match (cubes, file) {
        (Some(list), _) => reader.list("--cubes", list).map_err(input),
        (None, Some(file)) => reader.file(file).map_err(input),
        (None, None) => Err(Error::Usage("give the cubes with --cubes or --file".into())),
    }
}

/// `target solve --every-target` (the request's fields checked by the
/// caller: no target, no interior rule, the graph method).
pub(crate) fn solve(
    colours: Option<&[String]>,
    cubes: Option<&str>,
    file: Option<&crate::Source>,
    family: Option<usize>,
) -> Result<EverySolveReport, Error> {
    let mut reader = AnyReader::new(colours).map_err(cubist_macmahon::Error::from)?;
    let cubes = read_cubes(&mut reader, cubes, file)?;
    if cubes.len() < 8 {
        return Err(cubist_macmahon::Error::TooFewCubes(cubes.len()).into());
    }
    if cubes.len() > MAX_CUBES {
        return Err(LimitError::new("the cubes of a collection", cubes.len(), MAX_CUBES).into());
    }
    let t = targets(family, &cubes, &reader)?;
    let answers = every::every_target(&t.cubes, &cubes).map_err(Error::Internal)?;
    let numbers = |c: &Cube| c.faces.map(|x| x.0 + 1);
    let rows: Vec<SolveTarget> = answers
        .iter()
        .map(|a| {
            let (solution, short_positions, short_fitting_count) = match &a.certificate {
                Certificate::Solution(s) => {
                    let placed = s
                        .iter()
                        .map(|p| AnyPlaced {
                            position: corner_name(p.corner),
                            slot: p.slot + 1,
                            faces: numbers(&cubes[p.slot].rotated(p.rotation)),
                        })
                        .collect();
                    (Some(placed), Vec::new(), None)
                }
                Certificate::Short { corners, fitting } => {
                    let names = (0..8).filter(|i| corners >> i & 1 == 1).map(corner_name).collect();
                    (None, names, Some(*fitting))
                }
            };
            SolveTarget {
                target: reader.text(&a.target),
                target_faces: numbers(&a.target),
                name: t.name(&a.target),
                builds: a.builds(),
                count: a.count,
                count_rotations: a.count_rotations,
                solution,
                short_positions,
                short_fitting_count,
            }
        })
        .collect();
    let built_count = rows.iter().filter(|r| r.builds).count();
    Ok(EverySolveReport {
        family: FamilyOf::of(&t, &reader),
        cubes: cubes.iter().map(|c| reader.text(c)).collect(),
        built_count,
        universal: built_count == rows.len(),
        targets: rows,
    })
}

/// A target as shown: its name too for MacMahon's family.
fn shown(target: &str, name: &Option<String>) -> String {
    match name {
        Some(n) => format!("{n} {target}"),
        None => target.to_string(),
    }
}

impl fmt::Display for EverySolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.family.heading(f)?;
        writeln!(f, "{} cubes: {}", self.cubes.len(), self.cubes.join(" | "))?;
        writeln!(
            f,
            "builds {} of the {} targets{}",
            self.built_count,
            self.family.target_count,
            if self.universal {
                ": universal for the family"
            } else {
                ""
            }
        )?;
        writeln!(
            f,
            "(each judged by Hall's condition and by counting, and certified by a solution or a short set of corner positions, re-checked)"
        )?;
        for t in &self.targets {
            let target = shown(&t.target, &t.name);
            if t.builds {
                let apart = if t.count_rotations == t.count {
                    String::new()
                } else {
                    format!(" ({} counting rotations apart)", t.count_rotations)
                };
                writeln!(f, "  {target}: {} solutions{apart}", t.count)?;
            } else {
                let fitting = t.short_fitting_count.unwrap_or(0);
                let positions = t.short_positions.len();
                writeln!(
                    f,
                    "  {target}: not built: {fitting} cube{} {} the {positions} position{} {}",
                    if fitting == 1 { "" } else { "s" },
                    if fitting == 1 { "fits" } else { "fit" },
                    if positions == 1 { "" } else { "s" },
                    t.short_positions.join(" ")
                )?;
            }
        }
        Ok(())
    }
}

/// One target of `target extend --every-target`.
#[derive(Clone, Debug, Serialize)]
pub struct ExtendTarget {
    /// The target's faces as typed tokens.
    pub target: String,
    /// Its colouring (canonical), colours from 1, faces F B L R T D.
    pub target_faces: [u16; 6],
    /// Conway's name, for MacMahon's family.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether the multiset builds its n x n x n model (a placement found
    /// and re-checked).
    pub builds: bool,
    /// When not: kinds of position outnumbering the cubes that fit them
    /// (re-counted), as in `target extend --target`.
    pub blocked_kinds: Vec<super::extend::BlockedKind>,
    /// Their positions.
    pub blocked_position_count: usize,
    /// The cubes fitting one of them.
    pub fitting_cube_count: usize,
}

/// `target extend --every-target`: which targets' n x n x n models the
/// multiset builds.
#[derive(Clone, Debug, Serialize)]
pub struct EveryExtendReport {
    /// The family.
    #[serde(flatten)]
    pub family: FamilyOf,
    /// The model's size.
    pub n: usize,
    /// Cubes in the multiset.
    pub cube_count: usize,
    /// How many targets' models it builds.
    pub built_count: usize,
    /// Every target, in the family's order.
    pub targets: Vec<ExtendTarget>,
}

impl Report for EveryExtendReport {
    const COMMAND: &'static str = "target extend";
}

/// `target extend --every-target`: the maximum flow for every target, each
/// certificate re-checked.
pub(crate) fn extend(
    cubes: Option<&str>,
    file: Option<&crate::Source>,
    n: usize,
    family: Option<usize>,
) -> Result<EveryExtendReport, Error> {
    super::extend::check_n(n)?;
    let mut reader = AnyReader::new(None).map_err(cubist_macmahon::Error::from)?;
    let cubes = read_cubes(&mut reader, cubes, file)?;
    super::extend::check_cubes(&cubes)?;
    let t = targets(family, &cubes, &reader)?;
    let rows = t
        .cubes
        .iter()
        .map(|target| {
            let answer = extended::solve(target, &cubes, n);
            extended::check(target, &cubes, n, &answer)
                .map_err(|e| Error::Internal(format!("extended puzzle: {e}")))?;
            let mut row = ExtendTarget {
                target: reader.text(target),
                target_faces: target.faces.map(|x| x.0 + 1),
                name: t.name(target),
                builds: false,
                blocked_kinds: Vec::new(),
                blocked_position_count: 0,
                fitting_cube_count: 0,
            };
            match answer {
                Answer::Built(_) => row.builds = true,
                Answer::TooFew => {
                    row.blocked_position_count = n * n * n;
                    row.fitting_cube_count = cubes.len();
                }
                Answer::Blocked(kinds, positions, supply) => {
                    row.blocked_kinds = kinds.iter().map(super::extend::blocked_kind).collect();
                    row.blocked_position_count = positions;
                    row.fitting_cube_count = supply;
                }
            }
            Ok(row)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(EveryExtendReport {
        family: FamilyOf::of(&t, &reader),
        n,
        cube_count: cubes.len(),
        built_count: rows.iter().filter(|r| r.builds).count(),
        targets: rows,
    })
}

impl fmt::Display for EveryExtendReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.family.heading(f)?;
        let n = self.n;
        writeln!(
            f,
            "{n}x{n}x{n} models from {} cubes: {} of the {} targets built (each placement or blockage re-checked)",
            self.cube_count, self.built_count, self.family.target_count
        )?;
        for t in &self.targets {
            let target = shown(&t.target, &t.name);
            if t.builds {
                writeln!(f, "  {target}: builds")?;
            } else if t.blocked_kinds.is_empty() {
                writeln!(
                    f,
                    "  {target}: cannot: {} positions, only {} cubes",
                    t.blocked_position_count, self.cube_count
                )?;
            } else {
                let kinds: Vec<String> = t
                    .blocked_kinds
                    .iter()
                    .map(|k| {
                        let c: Vec<String> = k.colours.iter().map(u16::to_string).collect();
                        let faces = if k.faces.is_empty() { "inside" } else { &k.faces };
                        format!("{faces} {}", c.join(" "))
                    })
                    .collect();
                writeln!(
                    f,
                    "  {target}: cannot: {} positions ({}) fitted by only {} cubes",
                    t.blocked_position_count,
                    kinds.join(", "),
                    t.fitting_cube_count
                )?;
            }
        }
        Ok(())
    }
}
