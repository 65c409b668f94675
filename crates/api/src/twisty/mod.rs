//! The twisty commands: `twisty list`, `analyze`, `export`, `random`,
//! `apply` (here), `alg` and `scramble` ([`mod@alg`]), `god` ([`mod@god`]),
//! `solve` ([`mod@solve`]), `check` and `shells`. Each command is a type
//! ([`List`], [`Solve`], ...) in the registry, `crate::command::COMMANDS`.
//!
//! Every request names its puzzle with a [`PuzzleRef`]: a built-in name or a
//! definition file (`.tws` or KPuzzle JSON, told apart by content) as a
//! [`Source`] the front end read. The model is `cubist-twisty`; the searches
//! and solvers are `cubist-twisty-search`.
//!
//! ```
//! use cubist_api::twisty::{self, PuzzleRef};
//! use cubist_api::Context;
//!
//! let req = twisty::AnalyzeRequest {
//!     puzzle: PuzzleRef::Builtin("2x2x2".into()),
//!     moves: None,
//!     order_only: true,
//! };
//! let report = twisty::analyze(&req, &Context::default()).unwrap();
//! assert_eq!(report.to_string(), "88179840\n");
//! ```

pub mod alg;
pub mod batch;
pub mod check;
pub mod cube;
pub mod god;
pub mod player;
pub mod shells;
pub mod solve;
mod sq1;
pub mod steps;

pub use alg::{alg, scramble, scramble_each, Alg, AlgReport, AlgRequest, Scramble, ScrambleReport, ScrambleRequest};
pub use check::{check, Check, CheckReport, CheckRequest};
pub use cube::Cube;
/// The patterns `target` names.
pub use cubist_twisty::pattern::{Keep, Pattern, NAMED as NAMED_MASKS};
pub use god::{god, parse_hosts, Cluster, God, GodReport, GodRequest, Metric, SymmetryMode};
pub use shells::{shells, Shells, ShellsReport, ShellsRequest};
pub use solve::{solve, Method, Solve, SolveReport, SolveRequest};

use std::fmt;

use cubist_io::{InputError, Source};
use cubist_twisty::analysis::{self, Analysis};
use cubist_twisty::picture::{self, Picture};
use cubist_twisty::{kpuzzle, library, notation, tws, Element, Puzzle};
use cubist_twisty_search::twophase;
use serde::{Deserialize, Serialize};

use crate::command::{Bounds, Command, NoRequest, Plan};
use crate::memory::Estimate;
use crate::memory::Memory;
use crate::{Context, Error, Report};

/// Which puzzle a request is about. In JSON a built-in puzzle is its name,
/// `"3x3x3"`, or `{"builtin": "3x3x3"}`; a file is `{"file": {...}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRef {
    /// A built-in puzzle by name (`"3x3x3"`, `"megaminx"`; see `twisty list`).
    Builtin(String),
    /// A definition file: `.tws` (twsearch/KSolve) or KPuzzle JSON (starts
    /// with `{`). In JSON: `{"file": {"name": "p.tws", "text": "..."}}`.
    File(Source),
}

/// The tagged forms, `{"builtin": ...}` and `{"file": ...}`, read as
/// derived (with serde's messages for a wrong field).
#[derive(Deserialize)]
#[serde(remote = "PuzzleRef", rename_all = "snake_case")]
enum Tagged {
    Builtin(String),
    File(Source),
}

impl<'de> Deserialize<'de> for PuzzleRef {
    /// A string is a built-in name; an object, one of the tagged forms.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PuzzleRef, D::Error> {
        struct Either;
        impl<'de> serde::de::Visitor<'de> for Either {
            type Value = PuzzleRef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(r#"a built-in puzzle's name, {"builtin": NAME} or {"file": {"name", "text"}}"#)
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<PuzzleRef, E> {
                Ok(PuzzleRef::Builtin(name.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<PuzzleRef, A::Error> {
                Tagged::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_any(Either)
    }
}

/// A built-in puzzle by name.
impl From<&str> for PuzzleRef {
    fn from(name: &str) -> PuzzleRef {
        PuzzleRef::Builtin(name.to_string())
    }
}

impl PuzzleRef {
    /// The puzzle, with only the `moves` as generators when given.
    pub fn load(&self, moves: Option<&[String]>) -> Result<Puzzle, Error> {
        with_moves(self.load_whole()?, moves)
    }

    /// The puzzle with all its moves.
    fn load_whole(&self) -> Result<Puzzle, Error> {
        Ok(match self {
            PuzzleRef::Builtin(name) => library::puzzle(name)?,
            PuzzleRef::File(source) => {
                let text = source.text()?;
                if text.trim_start().starts_with('{') {
                    kpuzzle::parse(text, &source.name)?
                } else {
                    tws::parse(text, &source.name)?
                }
            }
        })
    }
}

/// `p` with only the `moves` as generators when given.
fn with_moves(p: Puzzle, moves: Option<&[String]>) -> Result<Puzzle, Error> {
    match moves {
        Some(names) => {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            Ok(notation::generators(&p, &names)?)
        }
        None => Ok(p),
    }
}

/// A pattern to solve to instead of solved (`--target`,
/// [`cubist_twisty::pattern`]): in JSON a string names a mask of the
/// 3x3x3 (`"cross"`, `"f2l"`, `"eo"`, `"dr"`...), `{"file": {"name",
/// "text"}}` is a mask file (docs/twisty-solve.md).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum TargetRef {
    /// A named mask ([`cubist_twisty::pattern::NAMED`]).
    Named(String),
    /// A mask file.
    File {
        /// The file's name and text.
        file: Source,
    },
}

impl TargetRef {
    /// The pattern, for the puzzle `full` (with all its moves: a named
    /// mask finds its slots from the face turns).
    pub fn pattern(&self, full: &Puzzle) -> Result<Pattern, Error> {
        Ok(match self {
            TargetRef::Named(name) => Pattern::named(full, name)?,
            TargetRef::File { file } => Pattern::parse(full, &file.name, file.text()?)?,
        })
    }
}

impl PuzzleRef {
    /// [`PuzzleRef::load`], solved to `target` when one is given
    /// ([`Pattern::apply`]; the pattern is read on the puzzle with all its
    /// moves, loaded once).
    pub fn load_to(&self, moves: Option<&[String]>, target: Option<&TargetRef>) -> Result<Puzzle, Error> {
        let Some(t) = target else {
            return self.load(moves);
        };
        let whole = self.load_whole()?;
        let pattern = t.pattern(&whole)?;
        Ok(pattern.apply(&with_moves(whole, moves)?)?)
    }
}

/// A move sequence typed by the user, parsed for `p`; errors are labelled
/// with `label` (`--alg`, `--scramble`).
pub(crate) fn parse_moves(p: &Puzzle, text: &str, label: &str) -> Result<Element, Error> {
    notation::parse(p, text).map_err(|m| InputError::new(label, m.to_string()).into())
}

/// The tokens of a move sequence as written (`"R U'"` -> `["R", "U'"]`).
pub(crate) fn tokens(alg: &str) -> Vec<String> {
    alg.split_whitespace().map(str::to_string).collect()
}

/// A state as SVG: a net for cubes, faces for other polyhedra, the Clock's
/// two faces of dials, a schematic for puzzles without geometry. (`cubist-twisty` makes the drawing data,
/// `cubist-render` draws it.)
pub fn state_svg(p: &Puzzle, state: &[cubist_perm::Wreath]) -> String {
    state_svg_coloured(p, state, None)
}

/// [`state_svg`] with the faces in `colours` (face order, from
/// [`player::scheme`]) instead of the usual ones.
pub fn state_svg_coloured(p: &Puzzle, state: &[cubist_perm::Wreath], colours: Option<&[String]>) -> String {
    use cubist_render::twisty as r;
    match picture::picture(p, state) {
        Picture::Faces(d) => r::face_diagram(&r::FaceDiagram {
            polygons: d
                .stickers
                .into_iter()
                .map(|s| r::Polygon {
                    points: s.points.into_iter().map(|[x, y]| (x, y)).collect(),
                    colour: s.colour,
                })
                .collect(),
            colours: colours.map_or(d.colours, <[String]>::to_vec),
            labels: d.labels.into_iter().map(|l| (l.at[0], l.at[1], l.text)).collect(),
        }),
        Picture::Clock(c) => r::clock(&r::ClockFaces {
            hours: c.hours,
            turned_over: c.turned_over,
        }),
        Picture::Schematic(rows) => r::schematic(&r::Schematic {
            rows: rows
                .into_iter()
                .map(|row| r::SchematicRow {
                    name: row.name,
                    modulus: row.modulus,
                    slots: row
                        .slots
                        .into_iter()
                        .map(|s| r::SchematicSlot {
                            piece: s.piece,
                            twist: s.twist,
                            home: s.home,
                        })
                        .collect(),
                })
                .collect(),
        }),
    }
}

// ---------------------------------------------------------------- list

/// `twisty list`: the built-in puzzles, each with the targets and steps
/// `twisty solve` takes for it (a puzzle is built to tell: about 10 ms
/// for all of them in a release build). A built-in that fails to build is
/// the library's bug, reported as the error it gave, not a puzzle listed
/// without its targets.
pub fn list() -> Result<ListReport, Error> {
    let built: Vec<ListEntry> = library::PUZZLES
        .iter()
        .map(|e| {
            let p = library::puzzle(e.name)?;
            let masks = cubist_twisty::pattern::Pattern::takes_named(&p);
            Ok(ListEntry {
                name: e.name,
                about: e.about,
                pad: cubist_twisty::pad::pad(e.name),
                targets: if masks {
                    cubist_twisty::pattern::NAMED
                        .iter()
                        .map(|&(name, about)| TargetEntry { name, about })
                        .collect()
                } else {
                    Vec::new()
                },
                steps: twophase::is_3x3x3(&p),
                all: solve::takes_all(&p),
            })
        })
        .collect::<Result<_, Error>>()?;
    let puzzles: Vec<ListEntry> = built
        .into_iter()
        .chain(std::iter::once(ListEntry {
            name: cubist_twisty::sq1::NAME,
            about: cubist_twisty::sq1::ABOUT,
            pad: cubist_twisty::pad::pad(cubist_twisty::sq1::NAME),
            targets: vec![sq1::CUBESHAPE_TARGET],
            steps: false,
            all: false,
        }))
        .collect();
    Ok(ListReport {
        count: puzzles.len(),
        puzzles,
    })
}

/// The built-in puzzles.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ListReport {
    /// How many.
    pub count: usize,
    /// Each with its name and a line about it.
    pub puzzles: Vec<ListEntry>,
}

/// One built-in puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct ListEntry {
    /// The name a command takes.
    pub name: &'static str,
    /// What it is.
    pub about: &'static str,
    /// The moves a player offers as buttons, in rows, with their keys
    /// ([`cubist_twisty::pad`]); `None` for a puzzle whose generators and
    /// their inverses are its pad.
    pub pad: Option<Vec<cubist_twisty::pad::Row>>,
    /// The named targets `twisty solve --target` takes for it (empty when
    /// it takes none but a mask file; Square-1 takes `cubeshape`).
    pub targets: Vec<TargetEntry>,
    /// Whether `twisty solve --steps` takes it (the 3x3x3 with its six
    /// face turns).
    pub steps: bool,
    /// Whether `twisty solve --all` (every optimal solution, with the
    /// optimal method) takes it: the 3x3x3 with its six face turns.
    pub all: bool,
}

/// A named target of a puzzle ([`ListEntry::targets`]).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TargetEntry {
    /// The name `--target` takes.
    pub name: &'static str,
    /// What it leaves to do, in a line.
    pub about: &'static str,
}

impl fmt::Display for ListReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One column as wide as the longest name.
        let width = self.puzzles.iter().map(|e| e.name.len()).max().unwrap_or(0);
        for e in &self.puzzles {
            writeln!(f, "{:<width$}  {}", e.name, e.about)?;
        }
        Ok(())
    }
}

impl Report for ListReport {
    const COMMAND: &'static str = "twisty list";
}

// ---------------------------------------------------------------- analyze

/// `twisty analyze`: what the group of a puzzle is.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// Only these moves as generators.
    #[serde(default)]
    pub moves: Option<Vec<String>>,
    /// Only the exact group order (one Schreier-Sims run).
    #[serde(default)]
    pub order_only: bool,
}

/// The analysis of a puzzle's group, or only its order.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum AnalyzeReport {
    /// `--order-only`.
    Order {
        /// The puzzle's name.
        puzzle: String,
        /// The group order, a decimal string.
        order: String,
    },
    /// Everything (see [`Analysis`]).
    Full {
        /// The move names, the generators.
        generators: Vec<String>,
        /// The analysis.
        #[serde(flatten)]
        analysis: Box<Analysis>,
    },
}

/// The largest puzzle `analyze` takes, in points of its permutation
/// representation (orientation included): 1,000, the 12x12x12 (744 points)
/// and the 13x13x13 (894) but not the 14x14x14 (1,032).
pub const MAX_ANALYSIS_DEGREE: usize = 1000;

/// Analyses the group (see `cubist_twisty::analysis`).
pub fn analyze(req: &AnalyzeRequest, ctx: &Context) -> Result<AnalyzeReport, Error> {
    let p = req.puzzle.load(req.moves.as_deref())?;
    // Schreier-Sims' time and memory grow fast with the degree (a 12x12x12,
    // 744 points, takes seconds and 1.2 GB; see `crate::memory`): larger
    // puzzles are refused before the work starts.
    if p.degree() > MAX_ANALYSIS_DEGREE {
        let needed = format!("a permutation group on {} points", p.degree());
        let limit = format!("{MAX_ANALYSIS_DEGREE} points");
        return Err(cubist_io::LimitError::new(format!("analysing {}", p.name), needed, limit).into());
    }
    // Schreier-Sims looks at the cancel flag as it sifts: a stop is seen
    // within milliseconds, even in a chain that takes seconds.
    if req.order_only {
        let chain = cubist_perm::StabChain::new_until(p.degree(), &p.generator_perms(), ctx.cancel)
            .ok_or(Error::Interrupted)?;
        return Ok(AnalyzeReport::Order {
            puzzle: p.name.clone(),
            order: chain.order().to_string(),
        });
    }
    let analysis = analysis::analyze_until(&p, ctx.cancel).ok_or(Error::Interrupted)?;
    Ok(AnalyzeReport::Full {
        generators: p.moves.iter().map(|m| m.name.clone()).collect(),
        analysis: Box::new(analysis),
    })
}

impl fmt::Display for AnalyzeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (generators, r) = match self {
            AnalyzeReport::Order { order, .. } => return writeln!(f, "{order}"),
            AnalyzeReport::Full { generators, analysis } => (generators, analysis),
        };
        writeln!(
            f,
            "puzzle: {} ({} moves: {})",
            r.puzzle,
            generators.len(),
            generators.join(", ")
        )?;
        writeln!(f, "order: {}", r.order)?;
        writeln!(f, "orbits:")?;
        let fixed = r.orbits.iter().filter(|o| o.size == 1 && o.orientations == 1).count();
        for (i, o) in r.orbits.iter().enumerate() {
            if o.size == 1 && o.orientations == 1 {
                continue;
            }
            let law = o
                .twist_sum_modulus
                .map_or(String::new(), |g| format!(", twist sum = 0 mod {g}"));
            writeln!(f, "  O{i}: {} x{}, orientations {}{law}", o.set, o.size, o.orientations)?;
        }
        if fixed > 0 {
            writeln!(f, "  (plus {fixed} fixed piece(s): no move displaces or twists them)")?;
        }
        let basis: Vec<String> = r
            .parity_basis
            .iter()
            .map(|b| format!("O{} by {}", b.orbit, b.element.join(", ")))
            .collect();
        writeln!(
            f,
            "parity basis: {}",
            if basis.is_empty() {
                "none (every move is even on every orbit)".into()
            } else {
                basis.join("; ")
            }
        )?;
        for rel in &r.parity_relations {
            let terms: Vec<String> = rel.sum_of.iter().map(|o| format!("parity(O{o})")).collect();
            let rhs = if terms.is_empty() {
                "0 (always even)".to_string()
            } else {
                terms.join(" + ")
            };
            writeln!(f, "  parity(O{}) = {rhs}", rel.orbit)?;
        }
        if let (Some(t), Some(reached)) = (r.twist_sum_combinations, r.twist_sum_combinations_reachable) {
            if t > 1 {
                writeln!(
                    f,
                    "twist sums of the twisting orbits together: {reached} of {t} combinations reachable"
                )?;
            }
        }
        let agree = if r.eidswick_order == r.order {
            "agrees".to_string()
        } else {
            format!("predicts order {}", r.eidswick_order)
        };
        writeln!(
            f,
            "index in the full wreath product: {} (Eidswick's formula {agree})",
            r.index
        )?;
        match &r.positions {
            Some(n) => writeln!(f, "positions (identical pieces identified): {n}")?,
            None => writeln!(
                f,
                "positions: not computed (identical pieces can twist, or the stabiliser is not parity-defined)"
            )?,
        }
        if let (Some(k), Some(n)) = (r.rotations_in_group, &r.patterns) {
            writeln!(
                f,
                "patterns (solid colours, whole-puzzle rotations identified; {k} in the group): {n}"
            )?;
        }
        Ok(())
    }
}

impl Report for AnalyzeReport {
    const COMMAND: &'static str = "twisty analyze";
}

// ---------------------------------------------------------------- export

/// A puzzle definition format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// twsearch/KSolve `.tws`.
    Tws,
    /// cubing.js KPuzzle JSON.
    Kpuzzle,
}

/// `twisty export`: a puzzle definition in another format.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// The format to write.
    pub format: Format,
}

/// The definition, as text.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ExportReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The format written.
    pub format: Format,
    /// The file's contents.
    pub text: String,
}

/// Writes the definition of a puzzle as `.tws` or KPuzzle JSON.
pub fn export(req: &ExportRequest, _ctx: &Context) -> Result<ExportReport, Error> {
    let p = req.puzzle.load(None)?;
    let text = match req.format {
        Format::Tws => tws::write(&p),
        Format::Kpuzzle => kpuzzle::write(&p),
    };
    Ok(ExportReport {
        puzzle: p.name,
        format: req.format,
        text,
    })
}

impl fmt::Display for ExportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Report for ExportReport {
    const COMMAND: &'static str = "twisty export";
}

// ---------------------------------------------------------------- random, apply

/// A state as a `.scr` block, with its name and the order of the element.
#[derive(Clone, Debug, Serialize)]
pub struct StateBlock {
    /// The block's name (`random1`, a scramble's name, `alg`).
    pub name: String,
    /// How often the state's element must be repeated to return to solved,
    /// a decimal string.
    pub order: String,
    /// The `Scramble NAME ... End` block (twsearch reads it).
    pub state: String,
    /// The cube's state as a facelet string (Kociemba's layout, any n x n x
    /// n), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facelets: Option<String>,
}

impl StateBlock {
    /// The block of `e`; with `facelets`, also its facelet string (an
    /// error unless `p` is an n x n x n cube).
    fn new(p: &Puzzle, name: &str, e: &[cubist_perm::Wreath], facelets: bool) -> Result<StateBlock, Error> {
        let facelets = if facelets {
            let text = cubist_twisty::picture::facelets(p, e)
                .ok_or_else(|| Error::Usage(format!("--facelets: {} is not an n x n x n cube", p.name)))?;
            Some(text)
        } else {
            None
        };
        Ok(StateBlock {
            name: name.to_string(),
            order: p.element_order(e).to_string(),
            state: tws::write_state(p, name, e),
            facelets,
        })
    }

    /// The text of the block: its facelet string alone when there is one.
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.facelets {
            Some(text) => writeln!(f, "{text}"),
            None => f.write_str(&self.state),
        }
    }
}

/// `twisty random`: uniformly random states (Schreier-Sims).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// How many states.
    #[serde(default = "one")]
    pub count: usize,
    /// The seed of the ChaCha8 generator: the same seed gives the same states.
    #[serde(default)]
    pub seed: u64,
    /// Write each state as a facelet string: Kociemba's for the 3x3x3, the same
    /// layout for every n x n x n cube (`6 n²` letters).
    #[serde(default)]
    pub facelets: bool,
}

fn one() -> usize {
    1
}

/// Random states, as a `.scr` file.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct RandomReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// How many states.
    pub count: usize,
    /// The states, `random1`, `random2`...
    pub states: Vec<StateBlock>,
}

/// The most states `twisty random` draws at once.
pub const MAX_RANDOM: usize = 100_000;

/// Draws uniformly random states of the puzzle's group; more than
/// [`MAX_RANDOM`] are refused before anything is drawn.
pub fn random(req: &RandomRequest, _ctx: &Context) -> Result<RandomReport, Error> {
    use rand::SeedableRng;
    if req.count > MAX_RANDOM {
        return Err(cubist_io::LimitError::new("--count", req.count, MAX_RANDOM).into());
    }
    let p = req.puzzle.load(None)?;
    let chain = p.chain();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(req.seed);
    let states = (0..req.count)
        .map(|i| {
            StateBlock::new(
                &p,
                &format!("random{}", i + 1),
                &p.random_element(&chain, &mut rng),
                req.facelets,
            )
        })
        .collect::<Result<_, _>>()?;
    Ok(RandomReport {
        puzzle: p.name,
        count: req.count,
        states,
    })
}

impl fmt::Display for RandomReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.states.iter().try_for_each(|s| s.write(f))
    }
}

impl Report for RandomReport {
    const COMMAND: &'static str = "twisty random";
}

/// `twisty apply`: the states a `.scr` file or a move sequence makes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApplyRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// A `.scr` file (`Scramble` / `ScrambleAlg` blocks).
    #[serde(default)]
    pub scrambles: Option<Source>,
    /// A move sequence instead of a file.
    #[serde(default)]
    pub alg: Option<String>,
    /// Write each state as a facelet string: Kociemba's for the 3x3x3, the same
    /// layout for every n x n x n cube (`6 n²` letters).
    #[serde(default)]
    pub facelets: bool,
    /// Also draw the first state as SVG ([`ApplyReport::svg`]).
    #[serde(default)]
    pub svg: bool,
    /// A colour scheme for the picture and the player: `FACE=COLOUR`
    /// items, e.g. `U=white,F=green` ([`player::scheme`]).
    #[serde(default)]
    pub colours: Option<String>,
    /// Moves for the 3D player to play from the first state, one a step:
    /// the report then carries [`ApplyReport::player`].
    #[serde(default)]
    pub player: Option<Vec<String>>,
}

/// The resulting states.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ApplyReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// Each state, in the order of the file.
    pub states: Vec<StateBlock>,
    /// The 3D player's data, when moves to play were given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<player::PlayerData>,
    /// The first state as SVG, when asked for.
    #[serde(skip)]
    pub svg: Option<String>,
}

/// Applies each scramble of a file, or one move sequence, to the solved state.
pub fn apply(req: &ApplyRequest, _ctx: &Context) -> Result<ApplyReport, Error> {
    if sq1::named(&req.puzzle) {
        if req.player.is_some() {
            let what = "Square-1 is drawn by its layers, without a 3D player";
            return Err(InputError::new("player", what).into());
        }
        return sq1::apply(req);
    }
    let p = req.puzzle.load(None)?;
    let scrambles = match (&req.alg, &req.scrambles) {
        (Some(alg), _) => vec![tws::Scramble {
            name: "alg".into(),
            element: parse_moves(&p, alg, "--alg")?,
            omitted: Vec::new(),
        }],
        (None, Some(source)) => tws::parse_scrambles(source.text()?, &source.name, &p)?,
        (None, None) => return Err(Error::Usage("give a .scr file or a move sequence (--alg)".into())),
    };
    let colours = req.colours.as_deref().map(|t| player::scheme(&p, t)).transpose()?;
    let svg = if req.svg {
        scrambles
            .first()
            .map(|s| state_svg_coloured(&p, &s.element, colours.as_deref()))
    } else {
        None
    };
    let player = match (&req.player, scrambles.first()) {
        (Some(moves), Some(first)) => {
            let moves = moves
                .iter()
                .map(|m| parse_moves(&p, m, "player"))
                .collect::<Result<Vec<_>, _>>()?;
            let g = p.geometry.as_ref();
            let colours = colours.unwrap_or_else(|| g.map_or_else(Vec::new, picture::face_colours));
            Some(player::player(&p, &first.element, &moves, &colours)?)
        }
        _ => None,
    };
    Ok(ApplyReport {
        player,
        states: scrambles
            .iter()
            .map(|s| StateBlock::new(&p, &s.name, &s.element, req.facelets))
            .collect::<Result<_, _>>()?,
        puzzle: p.name,
        svg,
    })
}

impl fmt::Display for ApplyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.states {
            if s.facelets.is_none() {
                writeln!(f, "# order {}", s.order)?;
            }
            s.write(f)?;
        }
        Ok(())
    }
}

impl Report for ApplyReport {
    const COMMAND: &'static str = "twisty apply";
}

// ---- the commands -----------------------------------------------------------

/// `twisty list` ([`list`]).
pub struct List;

impl Command for List {
    const NAME: &'static str = "twisty list";
    const PATH: &'static str = "twisty/list";
    type Request = NoRequest;
    type Report = ListReport;

    /// Small: the built-in puzzles' names, each puzzle built once to say
    /// which targets it takes (about 10 ms in all).
    fn plan(_: &NoRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(_: &NoRequest, _: &Context) -> Result<ListReport, Error> {
        list()
    }
}

/// `twisty analyze` ([`analyze`]).
pub struct Analyze;

impl Command for Analyze {
    const NAME: &'static str = "twisty analyze";
    const PATH: &'static str = "twisty/analyze";
    type Request = AnalyzeRequest;
    type Report = AnalyzeReport;

    fn plan(req: &AnalyzeRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::memory(req.memory()?))
    }

    fn run(req: &AnalyzeRequest, ctx: &Context) -> Result<AnalyzeReport, Error> {
        analyze(req, ctx)
    }
}

/// `twisty export` ([`export`]).
pub struct Export;

impl Command for Export {
    const NAME: &'static str = "twisty export";
    const PATH: &'static str = "twisty/export";
    type Request = ExportRequest;
    type Report = ExportReport;

    /// Small: the definition written out, as long as the puzzle's own.
    fn plan(_: &ExportRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &ExportRequest, ctx: &Context) -> Result<ExportReport, Error> {
        export(req, ctx)
    }
}

/// `twisty random` ([`random`]).
pub struct Random;

impl Command for Random {
    const NAME: &'static str = "twisty random";
    const PATH: &'static str = "twisty/random";
    type Request = RandomRequest;
    type Report = RandomReport;

    /// Small: at most [`MAX_RANDOM`] states of the puzzle's size.
    /// The puzzle's stabiliser chain, from which the states are drawn.
    fn plan(req: &RandomRequest, _ctx: &Context) -> Result<Plan, Error> {
        let p = req.puzzle.load(None)?;
        let chain = cubist_twisty_search::solver::chain_plan(&p);
        Ok(Plan::memory(chain.map(|(what, bytes)| Memory { what, bytes })))
    }

    fn run(req: &RandomRequest, ctx: &Context) -> Result<RandomReport, Error> {
        random(req, ctx)
    }

    fn bound(req: &mut RandomRequest, bounds: &Bounds) -> Result<(), Error> {
        bounds.at_most("states", req.count)
    }
}

/// `twisty apply` ([`apply`]).
pub struct Apply;

impl Command for Apply {
    const NAME: &'static str = "twisty apply";
    const PATH: &'static str = "twisty/apply";
    type Request = ApplyRequest;
    type Report = ApplyReport;

    /// Small: one move sequence applied.
    fn plan(_: &ApplyRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &ApplyRequest, ctx: &Context) -> Result<ApplyReport, Error> {
        apply(req, ctx)
    }

    fn want_picture(req: &mut ApplyRequest) {
        req.svg = true;
    }

    fn picture(r: &ApplyReport, _: Option<usize>) -> Result<Option<String>, Error> {
        Ok(r.svg.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A web server takes the requests as JSON bodies, with defaults.
    #[test]
    fn requests_deserialise_with_defaults() {
        let req: SolveRequest = serde_json::from_str(r#"{"puzzle": {"builtin": "2x2x2"}, "scramble": "R U"}"#).unwrap();
        assert_eq!(
            (req.method, req.table_memory_mib, req.explain),
            (Method::Auto, 4096, false)
        );
        let report = solve(&req, &Context::default()).unwrap();
        assert_eq!((report.count, report.states[0].length), (1, 2));
        let req: AnalyzeRequest = serde_json::from_str(
            r#"{"puzzle": {"file": {"name": "c.tws", "text": "Set C 3 2\nMove a\nC\n2 3 1\n1 0 1\nEnd\n"}}, "order_only": true}"#,
        )
        .unwrap();
        assert_eq!(analyze(&req, &Context::default()).unwrap().to_string(), "3\n");
    }

    /// A built-in puzzle may be named by a plain string; anything else keeps
    /// serde's message.
    #[test]
    fn a_puzzle_is_a_name_or_a_tagged_object() {
        let read = |json: &str| serde_json::from_str::<GodRequest>(json).map(|r| r.puzzle);
        let builtin = PuzzleRef::Builtin("2x2x2".into());
        assert_eq!(read(r#"{"puzzle": "2x2x2"}"#).unwrap(), builtin);
        assert_eq!(read(r#"{"puzzle": {"builtin": "2x2x2"}}"#).unwrap(), builtin);
        let file = read(r#"{"puzzle": {"file": {"name": "c.tws", "text": "Set C 3 2"}}}"#).unwrap();
        assert!(matches!(&file, PuzzleRef::File(s) if s.name == "c.tws"), "{file:?}");
        let message = |json: &str| read(json).unwrap_err().to_string();
        assert!(
            message(r#"{"puzzle": 3}"#).starts_with("invalid type: integer `3`, expected a built-in puzzle's name"),
            "{}",
            message(r#"{"puzzle": 3}"#)
        );
        assert!(
            message(r#"{"puzzle": {"bultin": "2x2x2"}}"#)
                .starts_with("unknown variant `bultin`, expected `builtin` or `file`"),
            "{}",
            message(r#"{"puzzle": {"bultin": "2x2x2"}}"#)
        );
    }

    /// Unreachable states are bad input; refused work is a limit.
    #[test]
    fn error_kinds() {
        // Held by its DBL corner, D would be U turned; F is outside ⟨U, R⟩.
        let req = SolveRequest {
            method: Method::Optimal,
            moves: Some(vec!["U".into(), "R".into()]),
            ..SolveRequest::new("2x2x2").scramble("F")
        };
        let e = solve(&req, &Context::default()).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Input, "{e}");
        let req = GodRequest {
            puzzle: PuzzleRef::Builtin("3x3x3".into()),
            moves: Some(vec!["U".into(), "R".into(), "F".into()]),
            metric: Metric::Htm,
            symmetry: SymmetryMode::None,
            target: None,
        };
        assert_eq!(
            god(&req, &Context::default()).unwrap_err().kind(),
            crate::ErrorKind::Limit
        );
    }
}
