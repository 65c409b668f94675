//! `cubist twisty solve`: solve a state of any twisty puzzle and print the
//! verified move sequence. The JSON fields are in docs/twisty-solve.md.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use cubist_api::twisty;

use super::{puzzle, split_moves, with_tables, Method};
use crate::out::Out;

#[derive(Args)]
#[command(
    group = clap::ArgGroup::new("state_given").required(true).multiple(false),
    after_help = "Examples:\n  cubist twisty solve 3x3x3 --scramble \"R U R' U'\"\n  cubist twisty solve 2x2x2 --state examples/2x2x2-urf-random.scr --moves U,R,F --json\n  cubist twisty solve 3x3x3 --scramble \"R U\" --method universal --explain\n  cubist twisty solve octahedron-face --scramble UFR --method universal --ordering EDGE,PIECE4,CENTER,CENTER2\n  cubist twisty solve 3x3x3 --scramble \"R U F D\" --max-length 20 --time-limit 100\n  cubist twisty solve 3x3x3 --scramble \"R U2 F\" --method optimal --all\n  cubist twisty solve 3x3x3 --scramble \"R U F D\" --target cross --method optimal\n  cubist twisty solve 3x3x3 --scramble \"R U F D L2 B\" --steps eo,dr,finish\n  cubist twisty solve 3x3x3 --facelets DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD"
)]
pub struct SolveArgs {
    /// A built-in puzzle name, or a .tws / KPuzzle .json file written as a path (a `/` or an
    /// extension: `./2x2x2`, `p.tws`; `-` reads standard input).
    puzzle: String,
    /// The state reached by these moves from solved, e.g. "R U R' U'" (`-` reads them from
    /// standard input).
    #[arg(long, group = "state_given")]
    scramble: Option<String>,
    /// A .tws/.scr file of states (Scramble / ScrambleAlg blocks): one solution each.
    #[arg(long, group = "state_given")]
    state: Option<PathBuf>,
    /// The state as a facelet string: the 3x3x3's as Kociemba's 54 characters (faces U R F D
    /// L B), any n x n x n cube's as 6n² in the same layout (`-` reads it from standard input).
    #[arg(long, value_name = "STRING", group = "state_given")]
    facelets: Option<String>,
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    method: Method,
    /// Solve with only these moves (comma or space separated), e.g. "U,R,F".
    #[arg(long)]
    moves: Option<String>,
    /// Folder of the optimal method's pattern databases (default
    /// $XDG_CACHE_HOME/cubist or ~/.cache/cubist).
    #[arg(long, conflicts_with = "no_cache")]
    cache: Option<PathBuf>,
    /// Build the optimal method's tables in memory only.
    #[arg(long)]
    no_cache: bool,
    /// Memory the optimal method's tables may use, in MiB.
    #[arg(long, default_value_t = 4096)]
    table_memory: u64,
    /// Optimal 3x3x3 with the memory for H48 h7: build (once, far longer: docs/twisty-solve.md) and
    /// use its deep table, one move deeper, for a search of some 2.6 times fewer nodes. Once
    /// cached it is used without this flag.
    #[arg(long)]
    deep_table: bool,
    /// List the phases: parity adjustment, each orbit, each 3-cycle used.
    #[arg(long)]
    explain: bool,
    /// Universal method: also score this order of the orbits solved by
    /// 3-cycles (Eidswick's measure m), beside the order chosen.
    #[arg(long, value_name = "ORBIT,...", value_delimiter = ',')]
    ordering: Option<Vec<String>>,
    /// Solve to a pattern rather than to solved: a named mask of the 3x3x3 (cross, xcross, f2l,
    /// oll, eo, eo-fb, eo-rl, eo-ud, eoline, dr, dr-ud, dr-rl, dr-fb), a mask file
    /// (docs/twisty-solve.md), or cubeshape for Square-1.
    #[arg(long, value_name = "MASK|FILE")]
    target: Option<String>,
    /// The 3x3x3 by fewest-moves steps, each optimal: eo, eo,dr or eo,dr,finish (an axis or
    /// none: eo-fb, eo-rl, eo-ud, dr-ud, dr-rl, dr-fb; none takes the best).
    #[arg(long, value_name = "STEP,...", value_delimiter = ',')]
    steps: Option<Vec<String>>,
    /// Square-1: shortest in the face turn metric (each layer turned one move, each / one)
    /// rather than the twist metric; the optimal method, minutes for some states.
    #[arg(long)]
    face_turns: bool,
    /// With --method optimal on the 3x3x3: list every optimal solution.
    #[arg(long)]
    all: bool,
    /// With --all: list one solution of each class up to the order of commuting turns and
    /// the state's symmetries (rotations and mirror images of the cube that leave it as it is).
    #[arg(long, requires = "all")]
    up_to_symmetry: bool,
    /// Two-phase: stop at the first solution of at most N moves (default 20).
    #[arg(long, value_name = "N")]
    max_length: Option<usize>,
    /// Two-phase: keep searching for shorter solutions for this many milliseconds per state.
    /// Optimal 3x3x3: stop after this long (the answer is then a two-phase one, not proved).
    #[arg(long, value_name = "MS")]
    time_limit: Option<u64>,
    /// Two-phase, optimal 3x3x3 and the 5x5x5 to 7x7x7 by reduction: threads per search (at most
    /// the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Draw the (first) state to solve as SVG.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// The faces' colours in the picture, e.g. "U=white,F=green": a face's name (the cube's
    /// F B L R U D, the name of a face's turn elsewhere) = a colour name or #rrggbb.
    #[arg(long, requires = "svg")]
    colours: Option<String>,
}

pub fn run(a: SolveArgs, out: &mut Out) -> anyhow::Result<()> {
    let req = twisty::SolveRequest {
        puzzle: puzzle(&a.puzzle)?,
        scramble: super::text_arg(a.scramble)?,
        state: a.state.as_deref().map(crate::input::read).transpose()?,
        facelets: super::text_arg(a.facelets)?,
        method: a.method,
        moves: a.moves.as_deref().map(split_moves),
        table_memory_mib: a.table_memory,
        deep_table: a.deep_table,
        explain: a.explain,
        ordering: a.ordering,
        max_length: a.max_length,
        time_limit_ms: a.time_limit,
        threads: a.threads,
        svg: a.svg.is_some(),
        colours: a.colours,
        all: a.all,
        up_to_symmetry: a.up_to_symmetry,
        target: super::target(a.target)?,
        steps: a.steps,
        face_turns: a.face_turns,
    };
    let report = with_tables(a.cache, a.no_cache, out.json(), |ctx| {
        cubist_api::command::call::<twisty::Solve>(&req, ctx)
    })?;
    for w in &report.warnings {
        let _ = writeln!(std::io::stderr(), "cubist: warning: {w}");
    }
    if let (Some(path), Some(svg)) = (&a.svg, &report.svg) {
        out.file(path, svg)?;
    }
    out.report(&report)
}
