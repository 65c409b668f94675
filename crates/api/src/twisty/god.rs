//! `twisty god`: God's algorithm, the number of states at each distance.

use std::fmt;

use cubist_twisty_search::god as search;
use serde::{Deserialize, Serialize};

use super::PuzzleRef;
use crate::command::{Command, Disk, Network, Plan};
use crate::memory::Memory;
use crate::{Context, Error, Report, WorkFolder};

/// How moves are counted (`cubist_twisty_search::coord::Metric`).
pub use cubist_twisty_search::coord::Metric;
/// Whether the search is reduced by symmetry (`cubist_twisty_search::god::SymmetryMode`).
pub use cubist_twisty_search::god::SymmetryMode;
/// A search on a cluster: its processes (`cubist_twisty_search::god::Cluster`), what it sent.
pub use cubist_twisty_search::god::{parse_hosts, Cluster, ClusterLevel, ClusterRun};
/// What a search out of core did (`cubist_twisty_search::god::OutOfCore`).
pub use cubist_twisty_search::god::{LevelIo, OutOfCore};

/// `twisty god`: breadth-first search over every state.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GodRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// Only these moves as generators.
    #[serde(default)]
    pub moves: Option<Vec<String>>,
    /// How moves are counted.
    #[serde(default)]
    pub metric: Metric,
    /// `auto`: one entry per class of states the symmetries of the moves
    /// make alike; the classes per distance are reported beside the
    /// states. `auto+inverse`: a state's inverse joins its class too (about
    /// half the entries; refused for identical pieces). `none` (the
    /// default): every state its own entry.
    #[serde(default)]
    pub symmetry: SymmetryMode,
    /// Search the states of a phase: the puzzle solved to this pattern
    /// (`--target`), its states being the pattern's (a cross's 190,080).
    /// In memory only: no symmetry, checkpoint, work folder or cluster.
    #[serde(default)]
    pub target: Option<super::TargetRef>,
}

/// The distance distribution.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct GodReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The pattern searched to (`target`), by name, or `null`.
    pub target: Option<String>,
    /// The move names, the generators.
    pub generators: Vec<String>,
    /// `"htm"` or `"qtm"`.
    pub metric: &'static str,
    /// The number of states at distance 0, 1, 2, ...
    pub distribution: Vec<u64>,
    /// The number of states reached.
    pub count: u64,
    /// The size of the index space searched.
    pub index_space: u64,
    /// Reachable positions by Schreier-Sims (a decimal string), when known;
    /// the search checks it reached exactly that many.
    pub positions: Option<String>,
    /// The distance of the last level the checkpoint held, when the search
    /// went on from one (`null` otherwise).
    pub resumed_at: Option<usize>,
    /// Wall time in milliseconds.
    pub time_ms: f64,
    /// With `symmetry: auto`: the number of symmetries of the moves (the
    /// identity included); with `auto+inverse` twice that (each symmetry,
    /// and each followed by inversion); else `null`.
    pub symmetries: Option<usize>,
    /// With `symmetry: auto`: the number of classes of conjugate states at
    /// distance 0, 1, 2, ... (with `auto+inverse`, a class holds the
    /// inverses too), else `null`.
    pub classes: Option<Vec<u64>>,
    /// With `symmetry: auto` or `auto+inverse`: the entries of the reduced
    /// table, else `null`.
    pub reduced_space: Option<u64>,
    /// Out of core (with a work folder): the blocks, the planned memory,
    /// and every level's time and bytes read and written; else `null`.
    pub out_of_core: Option<OutOfCore>,
    /// On a cluster of processes: the processes, workers, states a worker
    /// owns, the memory planned per process, and every level's neighbours
    /// and what was sent between workers and processes; else `null`.
    pub cluster: Option<ClusterRun>,
}

/// The options that do not go together: symmetry with a checkpoint or a
/// work folder, a checkpoint with a work folder.
fn check_usage(req: &GodRequest, ctx: &Context) -> Result<(), Error> {
    let usage = |text: &str| Err(Error::Usage(text.into()));
    let symmetric = req.symmetry != SymmetryMode::None;
    if req.target.is_some() && (symmetric || ctx.cluster.is_some() || ctx.work.is_some() || ctx.checkpoint.is_some()) {
        return usage(
            "a search to a target pattern runs in memory only: leave out the symmetry, checkpoint, work folder or cluster",
        );
    }
    if ctx.cluster.is_some() {
        return match &ctx.work {
            _ if symmetric => usage("a search on a cluster is not reduced by symmetry: leave out one of the two"),
            Some(_) => usage("a search on a cluster runs in memory, not out of core: leave out the work folder"),
            None => Ok(()),
        };
    }
    match (&ctx.work, &ctx.checkpoint) {
        (_, Some(_)) if symmetric => {
            usage("a search reduced by symmetry cannot be saved to a checkpoint: leave out one of the two")
        }
        (Some(_), _) if symmetric => usage(
            "a search reduced by symmetry runs in memory only, not out of core: leave out the symmetry or the work folder",
        ),
        (Some(_), Some(_)) => usage(
            "a search out of core keeps its progress in its work folder: leave out the checkpoint",
        ),
        _ => Ok(()),
    }
}

/// The blocks of a search out of core: as asked, or the largest that fit
/// the context's memory limit (with none, the whole table in one block up
/// to 2^32 states).
fn blocks(work: &WorkFolder, ctx: &Context) -> search::Blocks {
    match (work.block_states, &ctx.memory_limit) {
        (Some(s), _) => search::Blocks::States(s),
        (None, Some(limit)) => search::Blocks::Fit {
            bytes: limit.bytes,
            limit: limit.text.clone(),
        },
        (None, None) => search::Blocks::Fit {
            bytes: u64::MAX,
            limit: "no limit".into(),
        },
    }
}

/// Searches every state of the puzzle from solved. Progress: one call per
/// completed level, the phase naming the distance and its count. With
/// [`Context::checkpoint`], the search is saved there after every level
/// and a search started again with the same file goes on from it. With
/// [`Context::work`], the search runs out of core, its table in that
/// folder (`cubist_twisty_search::god::run_out_of_core`), and a search
/// started again with the same folder goes on from it.
pub fn god(req: &GodRequest, ctx: &Context) -> Result<GodReport, Error> {
    let p = req.puzzle.load_to(req.moves.as_deref(), req.target.as_ref())?;
    let metric = req.metric;
    let mut done = 0;
    check_usage(req, ctx)?;
    let r = if let Some(cluster) = &ctx.cluster {
        if cluster.processes() > 1 {
            // Connecting is the first wait, and may be long when a peer is
            // started late: said so, with the peers awaited.
            let peers: Vec<String> = (0..cluster.processes())
                .filter(|&i| i != cluster.process)
                .map(|i| format!("{i} at {}", cluster.hosts[i]))
                .collect();
            ctx.notice(&format!(
                "process {} of {}: waiting up to {} s for the other processes to connect ({})",
                cluster.process,
                cluster.processes(),
                cluster.connect_timeout.as_secs(),
                peers.join(", ")
            ));
        }
        search::run_cluster(
            &p,
            metric,
            cluster,
            ctx.checkpoint.as_deref(),
            &mut |d, n| {
                done += n;
                ctx.progress(&format!("distance {d}: {n} states (cluster)"), done, 0);
            },
            ctx.cancel,
        )?
    } else if let Some(work) = &ctx.work {
        search::run_out_of_core(
            &p,
            metric,
            &work.dir,
            &search::WorkOptions {
                blocks: blocks(work, ctx),
                save_seconds: work.save_seconds.map_or(search::SAVE_SECONDS, |s| s as f64),
            },
            &mut |e| match e {
                search::Progress::Level { distance, states } => {
                    done += states;
                    ctx.progress(&format!("distance {distance}: {states} states (out of core)"), done, 0);
                }
                search::Progress::Block(at) => ctx.progress(
                    &format!(
                        "distance {}: {} block {} of {} (out of core)",
                        at.distance,
                        at.pass.name(),
                        at.done,
                        at.blocks
                    ),
                    done,
                    0,
                ),
            },
            ctx.cancel,
        )?
    } else if let Some(space) = search::SymSpace::for_mode(&p, metric, req.symmetry)? {
        search::run_symmetric(
            &p,
            &space,
            &mut |d, n, c| {
                done += n;
                ctx.progress(&format!("distance {d}: {n} states, {c} classes"), done, 0);
            },
            ctx.cancel,
        )?
    } else {
        search::run_resumable(
            &p,
            metric,
            ctx.checkpoint.as_deref(),
            &mut |d, n| {
                done += n;
                ctx.progress(&format!("distance {d}: {n} states"), done, 0);
            },
            ctx.cancel,
        )?
    };
    Ok(GodReport {
        puzzle: p.name.clone(),
        target: p.pattern.clone(),
        generators: p.moves.iter().map(|m| m.name.clone()).collect(),
        metric: metric.name(),
        distribution: r.distribution,
        count: r.states,
        index_space: r.index_space,
        positions: r.positions,
        resumed_at: r.resumed_at,
        time_ms: r.seconds * 1000.0,
        symmetries: r.symmetries,
        classes: r.classes,
        reduced_space: r.reduced_space,
        out_of_core: r.out_of_core,
        cluster: r.cluster,
    })
}

impl fmt::Display for GodReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let target = self
            .target
            .as_ref()
            .map_or(String::new(), |t| format!(" to the pattern {t}"));
        writeln!(
            f,
            "puzzle: {}{target} (moves {}; metric {})",
            self.puzzle,
            self.generators.join(", "),
            self.metric
        )?;
        let positions = self.positions.as_deref().unwrap_or("unknown");
        writeln!(
            f,
            "index space: {} states; reachable positions (Schreier-Sims): {positions}",
            self.index_space
        )?;
        if let Some(o) = &self.out_of_core {
            writeln!(
                f,
                "out of core: {} blocks of {} states, buckets of {} entries; {} planned",
                o.blocks,
                o.block_states,
                o.bucket_entries,
                crate::memory::mib(o.planned_bytes)
            )?;
            writeln!(
                f,
                "disk: {} bytes planned at the most, {} bytes held at the most",
                o.planned_disk.total_bytes, o.peak_disk_bytes
            )?;
            writeln!(f, "distance  states  seconds  bytes read  bytes written")?;
            for l in &o.levels {
                writeln!(
                    f,
                    "{:>8}  {}  {:.3}  {}  {}",
                    l.distance, l.states, l.seconds, l.bytes_read, l.bytes_written
                )?;
            }
            let l = &o.last_pass;
            writeln!(
                f,
                "last pass (nothing new)  {:.3}  {}  {}",
                l.seconds, l.bytes_read, l.bytes_written
            )?;
            writeln!(
                f,
                "read {} bytes, wrote {} bytes ({} and {})",
                o.bytes_read,
                o.bytes_written,
                crate::memory::mib(o.bytes_read),
                crate::memory::mib(o.bytes_written)
            )?;
        } else {
            self.fmt_distribution(f)?;
        }
        if let Some(c) = &self.cluster {
            self.fmt_cluster(f, c)?;
        }
        if let Some(d) = self.resumed_at {
            let from = if self.out_of_core.is_some() {
                "work folder"
            } else {
                "checkpoint"
            };
            write!(f, "resumed from the {from} after distance {d}")?;
            if let Some(w) = self.out_of_core.as_ref().and_then(|o| o.resumed_within.as_ref()) {
                write!(
                    f,
                    ", within distance {}'s {} pass at block {} of {}",
                    w.at.distance,
                    w.at.pass.name(),
                    w.at.done,
                    w.at.blocks
                )?;
            }
            writeln!(f)?;
        }
        let classes = match &self.classes {
            Some(c) => format!(" in {} classes", c.iter().sum::<u64>()),
            None => String::new(),
        };
        writeln!(
            f,
            "total: {} states{classes}, maximum distance {} ({:.3} s)",
            self.count,
            self.distribution.len() - 1,
            self.time_ms / 1000.0
        )
    }
}

impl GodReport {
    /// The cluster's processes and what every level sent.
    fn fmt_cluster(&self, f: &mut fmt::Formatter<'_>, c: &ClusterRun) -> fmt::Result {
        writeln!(
            f,
            "cluster: {} processes of {} workers, {} states a worker; {} planned a process",
            c.processes,
            c.workers_per_process,
            c.slice_states,
            crate::memory::mib(c.planned_bytes_per_process)
        )?;
        writeln!(
            f,
            "planned: {} bytes of checkpoints a process, at most {} bytes sent a level",
            c.planned_disk_bytes_per_process, c.planned_bytes_sent_per_level
        )?;
        writeln!(
            f,
            "distance  neighbours  sent to workers  to processes  bytes between processes  seconds"
        )?;
        for l in &c.levels {
            writeln!(
                f,
                "{:>8}  {}  {}  {}  {}  {:.3}",
                l.distance, l.neighbours, l.sent, l.sent_to_other_processes, l.bytes_between_processes, l.seconds
            )?;
        }
        let (sent, made) = c
            .levels
            .iter()
            .fold((0, 0), |(s, m), l| (s + l.sent_to_other_processes, m + l.neighbours));
        writeln!(
            f,
            "crossed between processes: {sent} of {made} neighbours, {} bytes",
            c.levels.iter().map(|l| l.bytes_between_processes).sum::<u64>()
        )
    }

    /// The distribution, one line a distance (with the classes beside it
    /// when reduced by symmetry).
    fn fmt_distribution(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.classes, self.symmetries, self.reduced_space) {
            (Some(classes), Some(syms), Some(entries)) => {
                writeln!(f, "symmetries: {syms}; reduced table: {entries} entries")?;
                writeln!(f, "distance  states  classes")?;
                for (d, (n, c)) in self.distribution.iter().zip(classes).enumerate() {
                    writeln!(f, "{d:>8}  {n}  {c}")?;
                }
            }
            _ => {
                writeln!(f, "distance  states")?;
                for (d, n) in self.distribution.iter().enumerate() {
                    writeln!(f, "{d:>8}  {n}")?;
                }
            }
        }
        Ok(())
    }
}

impl Report for GodReport {
    const COMMAND: &'static str = "twisty god";
}

/// `twisty god` ([`god`]).
pub struct God;

impl Command for God {
    const NAME: &'static str = "twisty god";
    const PATH: &'static str = "twisty/god";
    type Request = GodRequest;
    type Report = GodReport;

    /// The breadth-first search's table as the search plans it
    /// (`cubist_twisty_search::god::planned_memory`); past the search's own
    /// bound on the space, its own refusal speaks when it runs.
    /// Out of core, the layout the search will use: one block, its
    /// buckets' buffers and the move tables
    /// (`cubist_twisty_search::god::planned_memory_out_of_core`).
    ///
    /// Out of core, the plan also holds the bytes the work folder will hold
    /// at the most ([`search::DiskPlan`]), and refuses (a limit, exit 3)
    /// when the folder's file system has not that much free; on a cluster,
    /// each process's checkpoint files and the most a level sends
    /// ([`search::ClusterPlan`]).
    fn plan(req: &GodRequest, ctx: &Context) -> Result<Plan, Error> {
        let p = req.puzzle.load_to(req.moves.as_deref(), req.target.as_ref())?;
        check_usage(req, ctx)?;
        let (mut disk, mut network) = (None, None);
        let planned = if let Some(cluster) = &ctx.cluster {
            let ix = cubist_twisty_search::coord::Indexer::full(&p, req.metric)?;
            let c = search::ClusterPlan::new(&ix, &p.name, cluster, ctx.checkpoint.is_some())?;
            if let Some(path) = &ctx.checkpoint {
                disk = Some(Disk {
                    what: c.describe_disk(path, cluster.workers),
                    bytes: c.disk_bytes_per_process,
                    free_bytes: None,
                });
            }
            network = Some(Network {
                what: c.describe_traffic(),
                bytes_per_level: c.bytes_sent_per_level,
            });
            Some(search::planned_memory_cluster(&ix, &p.name, cluster)?)
        } else if let Some(work) = &ctx.work {
            let ix = cubist_twisty_search::coord::Indexer::full(&p, req.metric)?;
            let blocks = blocks(work, ctx);
            let d = search::planned_disk_out_of_core(&ix, &p.name, &blocks)?;
            let (free, _) = search::check_free_space(&d, &work.dir)?;
            disk = Some(Disk {
                what: d.describe(&work.dir),
                bytes: d.total_bytes,
                free_bytes: Some(free),
            });
            Some(search::planned_memory_out_of_core(&ix, &p.name, &blocks)?)
        } else if let Some(space) = search::SymSpace::for_mode(&p, req.metric, req.symmetry)? {
            search::planned_memory_symmetric(&space, &p.name)
        } else {
            search::planned_memory(&cubist_twisty_search::coord::Indexer::full(&p, req.metric)?, &p.name)
        };
        let memory = planned.map(|(what, bytes)| Memory { what, bytes });
        Ok(Plan {
            disk,
            network,
            ..Plan::memory(memory)
        })
    }

    fn run(req: &GodRequest, ctx: &Context) -> Result<GodReport, Error> {
        god(req, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urf() -> GodRequest {
        GodRequest {
            puzzle: PuzzleRef::Builtin("2x2x2".into()),
            moves: Some(vec!["U".into(), "R".into(), "F".into()]),
            metric: Metric::Htm,
            symmetry: SymmetryMode::None,
            target: None,
        }
    }

    /// Out of core the plan holds the folder's bytes, made without
    /// creating the folder; on a cluster, a level's bytes sent.
    #[test]
    fn the_plan_holds_the_disk_and_the_network() {
        let dir = std::env::temp_dir().join("cubist-plan-never-made").join("urf.work");
        let ctx = Context {
            work: Some(WorkFolder {
                dir: dir.clone(),
                block_states: Some(1 << 18),
                save_seconds: None,
            }),
            ..Context::default()
        };
        let plan = God::plan(&urf(), &ctx).unwrap();
        let disk = plan.disk.clone().unwrap();
        // Two tables of 918,544 bytes, 1 MiB for the state and two bucket
        // lengths of 21 bytes a block, and the buckets: 3,674,159 states x
        // 9 moves = 33,067,431 pushes in 1,264 runs (1,009 full of 32,768,
        // and for each of the 15 blocks one last run and one per save
        // within the level, 16 at the most), 8 bytes of head a run and
        // 1,264 x (2^18 / 127 + 1) long gaps.
        let runs = 1009 + 15 * 17;
        let buckets = 33_067_431 + 8 * runs + runs * (262_144 / 127 + 1);
        assert_eq!(disk.bytes, 2 * 918_544 + (1 << 20) + 2 * 21 * 15 + buckets);
        assert!(disk.what.contains("two tables of 918544 bytes"), "{}", disk.what);
        assert!(disk.free_bytes.is_some_and(|f| f > 0));
        assert!(!dir.exists(), "a plan writes nothing");
        assert_eq!(plan.network, None);
        let json = serde_json::to_value(&plan).unwrap();
        assert_eq!(json["disk"]["bytes"], disk.bytes);

        let cluster = Cluster::new(1, 0, Vec::new(), 2).unwrap();
        let ctx = Context {
            cluster: Some(cluster),
            ..Context::default()
        };
        let plan = God::plan(&urf(), &ctx).unwrap();
        assert_eq!(plan.disk, None, "no checkpoint, no disk");
        let n = plan.network.unwrap();
        assert!(n.bytes_per_level >= 4 * 33_067_431, "{}", n.bytes_per_level);
        assert!(n.what.contains("from at most 3674159 states a level"), "{}", n.what);
    }
}
