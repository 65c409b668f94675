//! `cubist target`: MacMahon's 30 cubes and the 2x2x2 target puzzle
//! (`cubist_api::target`): the cubes and Conway's tableau, one cube, solving
//! a collection for a target, and the censuses of Johnson and Roldán.

use crate::out::Out;
use clap::{Args, Subcommand, ValueEnum};
use cubist_api::command::{call, NoRequest};
use cubist_api::shard::Shard;
use cubist_api::target::{self, CensusKind, CensusReport, CensusRequest, CubeRequest, SolveRequest};
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum Command {
    /// The 30 MacMahon cubes: Conway's names, colourings, corner numbers.
    #[command(after_help = "Examples:\n  cubist target cubes\n  cubist target cubes --svg tableau.svg --json")]
    Cubes(CubesArgs),
    /// One cube: its colouring, corners, mirror, row, column, targets.
    #[command(
        after_help = "Examples:\n  cubist target cube Fb\n  cubist target cube \"1 5 2 4 3 6\"\n  cubist target cube \"red blue green yellow white black\" --colours red,green,white,yellow,blue,black"
    )]
    Cube(CubeArgs),
    /// Can these cubes build the target? Every solution and the graph model
    /// (MacMahon's cubes), or cubes of any family with repeated colours.
    #[command(
        after_help = "Examples:\n  cubist target solve --target Cb --cubes Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc\n  cubist target solve --target \"1 1 2 2 3 3\" --cubes \"1 1 2 2 3 3,1 2 1 2 3 3,1 1 2 3 2 3,1 2 3 1 2 3,3 3 1 1 2 2,2 2 3 3 1 1,1 1 2 2 3 3,1 2 3 3 2 1\"\n  cubist target solve --target Ba --cubes Ac,Ad,Ae,Af,Cb,Db,Eb,Fb --interior --svg ba.svg\n  cubist target solve --target Ba --file my-set.cubes --json\n  cubist target solve --every-target --file examples/four-colour-ten.cubes"
    )]
    Solve(SolveArgs),
    /// Recompute the paper's tables and the spectrum over all sets of cubes.
    #[command(
        after_help = "Examples:\n  cubist target census --table1 --target Ba\n  cubist target census --table2 --show 3\n  cubist target census --spectrum --svg spectrum.svg --checkpoint spectrum.ckpt\n  cubist target census --universal --explain\n  cubist target census --haraguchi\n  cubist target census --multiset --family 3\n  cubist target census --table1 --shard 0/3 --json > t1.0.json"
    )]
    Census(CensusArgs),
    /// The target puzzle for the K-colour family (K = 2..6): sizes, Table 1
    /// per target, Table 2 and universal sets where within the budget.
    #[command(
        after_help = "Examples:\n  cubist target family --colours 2\n  cubist target family --colours 3 --budget 6000000 --json\n  cubist target family --colours 3 --shard 1/4 --json > k3.1.json"
    )]
    Family(FamilyArgs),
    /// MacMahon's extended puzzle: the n x n x n model of a target from a
    /// multiset of at least n^3 cubes (outer faces only).
    #[command(
        after_help = "Examples:\n  cubist target extend --target Ab --n 3 --cubes Bc,Bd,Be,Bf,Ca,Da,Ea,Fa,Ac,Ac,...\n  cubist target extend --target Ba --n 3 --file my-multiset.cubes --json\n  cubist target extend --every-target --family 3 --n 3 --file my-multiset.cubes"
    )]
    Extend(ExtendArgs),
}

#[derive(Args)]
pub struct ExtendArgs {
    /// The target: a name or six colours.
    #[arg(long, required_unless_present = "every_target", conflicts_with = "every_target")]
    target: Option<String>,
    /// Judge every target of the family instead of one.
    #[arg(long)]
    every_target: bool,
    /// With --every-target: the family's number of colours K (colours
    /// 1..K); default: the colours the cubes use.
    #[arg(long, value_name = "K", requires = "every_target")]
    family: Option<usize>,
    /// The model's size (2..16).
    #[arg(long, default_value_t = 3)]
    n: usize,
    /// The cubes, comma-separated names or colourings (repeats allowed).
    #[arg(long, required_unless_present = "file")]
    cubes: Option<String>,
    /// Read the cubes from a cube-set file instead (`-`: standard input).
    #[arg(long, value_name = "FILE.cubes", conflicts_with = "cubes")]
    file: Option<PathBuf>,
}

#[derive(Args)]
pub struct FamilyArgs {
    /// K: the number of colours (2..6; 6 is MacMahon's cubes).
    #[arg(long, value_name = "K")]
    colours: usize,
    /// The most collections a table's walk may visit (the universal-set
    /// search: 255 demand checks count as one); bigger tables are reported
    /// as not computed.
    #[arg(long, default_value_t = 2_000_000, value_name = "COUNT")]
    budget: u64,
    /// Compute only shard I of N (0 <= I < N <= 1000000) of the family's
    /// parts (the targets' Tables 1, Table 2, the universal sets, in that
    /// order: those at positions I modulo N); `cubist merge` adds up the
    /// shards' --json documents into the family's report.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
}

#[derive(Args)]
pub struct CubesArgs {
    /// Draw Conway's tableau to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

#[derive(Args)]
pub struct CubeArgs {
    /// A name (`Ba`) or six colours in face order F B L R T D (`"1 5 2 4 3 6"`).
    cube: String,
    /// The tokens of colours 1..6, comma-separated (default: digits stand for
    /// themselves, other tokens are numbered in order of first appearance).
    #[arg(long, value_name = "C1,...,C6", value_delimiter = ',')]
    colours: Option<Vec<String>>,
}

#[derive(Args)]
pub struct SolveArgs {
    /// The target: a name or six colours (repeats allowed: any family).
    #[arg(long, required_unless_present = "every_target", conflicts_with = "every_target")]
    target: Option<String>,
    /// Judge every target of the family instead of one: which the cubes
    /// build (universal when all), each counted and certified.
    #[arg(long, conflicts_with_all = ["interior", "svg"])]
    every_target: bool,
    /// With --every-target: the family's number of colours K (colours
    /// 1..K); default: the colours the cubes use.
    #[arg(long, value_name = "K", requires = "every_target")]
    family: Option<usize>,
    /// The cubes, comma-separated names or colourings (8 or more, repeats allowed).
    #[arg(long, required_unless_present = "file")]
    cubes: Option<String>,
    /// Read the cubes from a cube-set file instead (any colour tokens; `-`: standard input).
    #[arg(long, value_name = "FILE.cubes", conflicts_with = "cubes")]
    file: Option<PathBuf>,
    /// The tokens of colours 1, 2, ..., comma-separated (six for MacMahon's
    /// cubes; needed when some cubes name colours by digits, others by words).
    #[arg(long, value_name = "C1,C2,...", value_delimiter = ',')]
    colours: Option<Vec<String>>,
    /// Also require touching inner faces to have the same colour (MacMahon's rule).
    #[arg(long)]
    interior: bool,
    /// List at most this many solutions (all are counted).
    #[arg(long, default_value_t = 100, value_name = "COUNT")]
    limit: usize,
    /// Draw the solutions (exploded model) and, for MacMahon's cubes, the
    /// graph model to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
    /// Also count by this method and check it agrees: `primes` is the
    /// paper's Section 7 algorithm (prime indices, products; MacMahon's
    /// cubes only).
    #[arg(long, value_enum, default_value_t = MethodArg::Graph)]
    method: MethodArg,
}

/// `--method` of `target solve`.
#[derive(Clone, Copy, ValueEnum)]
pub enum MethodArg {
    /// The graph model (always run).
    Graph,
    /// The graph model and the prime method.
    Primes,
}

#[derive(Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["table1", "table2", "universal", "spectrum", "multiset", "haraguchi"])))]
pub struct CensusArgs {
    /// Table 1: the collections of 8 that build a target, by solution number.
    #[arg(long)]
    table1: bool,
    /// With --table1: only this target (default: all 30, which agree).
    #[arg(long)]
    target: Option<String>,
    /// With --table1: the paper's graph model, or Section 7's prime method.
    #[arg(long, value_enum, default_value_t = target::Table1Method::Graph)]
    method: target::Table1Method,
    /// Table 2: how many targets each collection of 8 builds; Theorem 7.
    #[arg(long)]
    table2: bool,
    /// Every minimum universal set (smallest sets building all 30 targets).
    #[arg(long)]
    universal: bool,
    /// For every k, over all k-subsets: the histogram of targets built.
    #[arg(long)]
    spectrum: bool,
    /// With --spectrum: also the paper's Figure 7 experiment, N random sets of each size 9 to 12.
    #[arg(long, value_name = "N")]
    sample: Option<u64>,
    /// The seed of --sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The largest multiset of cubes that builds no target, with the proof
    /// that none is larger (a sweep and an exhaustive search, about a minute).
    #[arg(long)]
    multiset: bool,
    /// With --multiset: the cubes and targets of the K-colour family
    /// (colours 1..K, K = 2..6; 6 is MacMahon's, the default).
    #[arg(long, value_name = "K")]
    family: Option<usize>,
    /// With --multiset --family K (K = 2..5): the most nodes the search may
    /// visit (default 5000000, at most 10^11).
    #[arg(long, value_name = "COUNT")]
    budget: Option<u64>,
    /// Haraguchi's universal set: every target's collections of 8 from it by
    /// solution number, and the paper's Figure 9 (targets built by its
    /// subsets of 8 to 12 cubes).
    #[arg(long)]
    haraguchi: bool,
    /// With --spectrum: draw the heat map of k against targets built.
    #[arg(long, visible_alias = "plot", value_name = "OUT.svg")]
    svg: Option<PathBuf>,
    /// Save progress here and resume from it (--spectrum, --universal, --multiset).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// In the text output, list at most this many sets per list.
    #[arg(long, default_value_t = 10, value_name = "COUNT")]
    show: usize,
    /// With --universal: their orbit under colour renamings and the
    /// tableau's symmetries (group orders, stabilisers).
    #[arg(long)]
    explain: bool,
    /// With --table1, --spectrum or --universal: count only shard I of N (0 <=
    /// I < N <= 1000000), the targets (--table1) or the sweep's chunks
    /// (--spectrum, --universal: 4096) at positions I modulo N; `cubist
    /// merge` adds up the shards' --json documents into the census's report.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
}

pub fn run(c: Command, out: &mut Out) -> anyhow::Result<()> {
    let ctx = crate::memory::context();
    match c {
        Command::Cubes(a) => {
            if let Some(path) = &a.svg {
                out.file(path, &target::cubes_svg()?)?;
            }
            out.report(&call::<target::Cubes>(&NoRequest {}, &ctx)?)
        }
        Command::Cube(a) => {
            let req = CubeRequest {
                cube: a.cube,
                colours: a.colours,
            };
            out.report(&call::<target::Cube>(&req, &ctx)?)
        }
        Command::Solve(a) => {
            let req = SolveRequest {
                target: a.target.unwrap_or_default(),
                every_target: a.every_target,
                family: a.family,
                cubes: a.cubes,
                file: a.file.as_deref().map(crate::input::read).transpose()?,
                colours: a.colours,
                interior: a.interior,
                limit: a.limit,
                method: match a.method {
                    MethodArg::Graph => target::Method::Graph,
                    MethodArg::Primes => target::Method::Primes,
                },
            };
            let report = call::<target::Solve>(&req, &ctx)?;
            if let Some(path) = &a.svg {
                out.file(path, &target::solve_svg(&report)?)?;
            }
            out.report(&report)
        }
        Command::Census(a) => census(a, out),
        Command::Extend(a) => {
            let req = target::ExtendRequest {
                target: a.target.unwrap_or_default(),
                cubes: a.cubes,
                file: a.file.as_deref().map(crate::input::read).transpose()?,
                n: a.n,
                every_target: a.every_target,
                family: a.family,
            };
            out.report(&call::<target::Extend>(&req, &ctx)?)
        }
        Command::Family(a) => {
            let req = target::FamilyRequest {
                colours: a.colours,
                budget: a.budget,
                shard: a.shard,
            };
            out.report(&crate::progress::long_run(|ctx| call::<target::Family>(&req, ctx))?)
        }
    }
}

fn census(a: CensusArgs, out: &mut Out) -> anyhow::Result<()> {
    // (clap's `requires` cannot tie an option to a flag that is false.)
    if a.svg.is_some() && !a.spectrum {
        anyhow::bail!("--svg draws the spectrum's heat map: it goes with --spectrum");
    }
    if a.explain && !a.universal {
        anyhow::bail!("--explain explains the minimum universal sets: it goes with --universal");
    }
    if a.target.is_some() && !a.table1 {
        anyhow::bail!("--target chooses the target of --table1: it goes with --table1");
    }
    if a.svg.is_some() && a.shard.is_some() {
        anyhow::bail!("--svg draws the whole spectrum: give it to `cubist merge` with the shards' documents");
    }
    let census = if a.table1 {
        CensusKind::Table1
    } else if a.table2 {
        CensusKind::Table2
    } else if a.universal {
        CensusKind::Universal
    } else if a.spectrum {
        CensusKind::Spectrum
    } else if a.haraguchi {
        CensusKind::Haraguchi
    } else {
        CensusKind::Multiset
    };
    let req = CensusRequest {
        census,
        target: a.target,
        show: a.show,
        explain: a.explain,
        method: a.method,
        sample: a.sample,
        seed: a.seed,
        shard: a.shard,
        family: a.family,
        budget: a.budget,
    };
    let report = crate::progress::long_run_with(a.checkpoint, |ctx| call::<target::Census>(&req, ctx))?;
    if let (Some(path), Some(CensusReport::Spectrum(s))) = (&a.svg, report.whole()) {
        out.file(path, &target::spectrum_svg(s)?)?;
    }
    out.report(&report)
}
