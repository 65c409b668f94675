//! How much memory a command will need, estimated before it starts, so a
//! front end can refuse work that would not fit (`cubist --max-memory`,
//! `cubist serve --job-memory`) instead of letting the machine swap or the
//! allocator abort half-way.
//!
//! Every command's [`crate::command::Plan`] carries its estimate: the peak
//! in bytes and what takes it, or `None` when the command's memory is small
//! and bounded by its input (a parsed file, a few tables of fixed size) or
//! by a cap of the library's own. The solvers' tables, God's algorithm and
//! the optimal solver's pattern databases are planned by the library that
//! builds them (`cubist_twisty_search::solver::planned_memory` and its
//! kin); the estimates of this module follow the data structures the other
//! commands allocate, each formula written beside its `impl`.
//! docs/memory.md lists them with the peaks measured beside them
//! (`/usr/bin/time -v`, "Maximum resident set size"). Every estimate was an
//! upper bound on the peaks measured: a refusal errs on the side of the
//! user's machine. The figures a structure's size does not give (what the
//! analysis of a group keeps, the censuses' sweeps) are fitted to measured
//! peaks, and say so.
//!
//! What no estimate covers: the memory that grows with the *answer*, which
//! nothing tells before the search (the solutions `stack solve` or `exact
//! --all` lists, the 36 Cube's solutions, which its library caps at 2^20).
//! `exact --all` checks what it keeps against the [`MemoryLimit`] of the
//! command's [`crate::Context`] as it lists, and `stack solve` lists at
//! most what fits in it.
//!
//! ```
//! use cubist_api::command::Command;
//! use cubist_api::Context;
//! use cubist_api::memory::refuse_above;
//! use cubist_api::twisty::{God, GodRequest, Metric, PuzzleRef, SymmetryMode};
//!
//! let req = GodRequest { puzzle: PuzzleRef::Builtin("2x2x2".into()), moves: None, metric: Metric::Htm, symmetry: SymmetryMode::None, target: None };
//! let m = God::plan(&req, &Context::default()).unwrap().memory.unwrap();
//! // 8! * 3^7 states at 2 bits, and the coordinates' move tables.
//! assert!(m.bytes > 88_179_840 / 4);
//! let refused = refuse_above(Some(m), 16 << 20, "16 MiB (--max-memory)").unwrap_err();
//! assert!(refused.to_string().contains("over the limit of 16 MiB (--max-memory)"));
//! ```

use cubist_io::LimitError;

use crate::{place, stack, target, twisty, Error};

/// The memory a command may use, as the front end set it: the listings
/// whose size only the answer tells (`exact --all`, `stack solve`) stop
/// with a [`LimitError`] once what they keep passes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryLimit {
    /// The limit in bytes.
    pub bytes: u64,
    /// The limit as the user set it, for messages (`"512 MiB
    /// (--max-memory)"`).
    pub text: String,
}

impl MemoryLimit {
    /// The limit set by an option (`--max-memory`, `max_memory`) in MiB.
    pub fn mib(mib: u64, option: &str) -> MemoryLimit {
        MemoryLimit {
            bytes: mib << 20,
            text: format!("{mib} MiB ({option})"),
        }
    }

    /// The machine's physical memory (`MemTotal` in /proc/meminfo), the
    /// limit when no option sets one: work that cannot fit in it is refused.
    /// `None` where that file is missing (not Linux): no limit then.
    pub fn machine(option: &str) -> Option<MemoryLimit> {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        let bytes = kib.checked_mul(1 << 10)?;
        Some(MemoryLimit {
            bytes,
            text: format!("{} MiB, this machine's memory ({option} to change it)", bytes >> 20),
        })
    }
}

/// A computation's memory, estimated before it starts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Memory {
    /// What takes it, for a refusal's message ("God's algorithm for 2x2x2
    /// (88179840 states at 2 bits)").
    pub what: String,
    /// The estimated peak, in bytes.
    pub bytes: u64,
}

impl Memory {
    fn new(what: impl Into<String>, bytes: u64) -> Option<Memory> {
        Some(Memory {
            what: what.into(),
            bytes,
        })
    }
}

/// A request whose command may need much memory (its plan's estimate).
pub(crate) trait Estimate {
    /// The estimated peak memory of the command this request runs, or
    /// `None` when it is small and bounded by the input. May read the
    /// request's input (a cube set, a puzzle, a DLX file): an input the
    /// command would reject is rejected here with the same error, and a
    /// bound the library checks before allocating (the number method's 19
    /// cubes, God's algorithm's 2^33 states) is refused with the library's
    /// own message.
    /// The default: small, `None`.
    fn memory(&self) -> Result<Option<Memory>, Error> {
        Ok(None)
    }
}

/// Refuses an estimate above `limit` bytes: a [`LimitError`] naming the
/// estimate (in MiB, rounded up), what takes it and `limit_text`, the limit
/// as the user set it (`"512 MiB (--max-memory)"`).
pub fn refuse_above(estimate: Option<Memory>, limit: u64, limit_text: &str) -> Result<(), LimitError> {
    match estimate {
        Some(m) if m.bytes > limit => Err(LimitError::new(m.what, mib(m.bytes), limit_text)),
        _ => Ok(()),
    }
}

/// Bytes as whole MiB, rounded up: `"22 MiB"`.
pub fn mib(bytes: u64) -> String {
    format!("{} MiB", bytes.div_ceil(1 << 20))
}

/// What the allocator takes for a block of `bytes` (glibc on 64 bits: 8
/// bytes of header, 16-byte steps, 32 at least). Many small blocks cost
/// this, not their length.
fn block(bytes: u64) -> u64 {
    (bytes + 8).div_ceil(16).max(2) * 16
}

// ---- stacking --------------------------------------------------------------

/// Per half-path of the number method's meet-in-the-middle table: its `h`
/// column choices (2 bytes each) and its chain link (4 bytes) in vectors
/// grown by doubling (twice that at worst), and its entry in the hash map,
/// a key of two `u128` sums and a `u32` (48 bytes, 1 control byte) at a
/// load of 7/8 after the last doubling, old and new tables both live while
/// it grows (3 × 8/7 × 49 = 168 bytes).
fn number_half_path_bytes(h: u64) -> u64 {
    2 * (2 * h + 4) + 168
}

impl Estimate for stack::SolveRequest {
    /// Every method takes each cube's side arrays
    /// ([`cubist_stack::Instance::planned_bytes`]) and the report lists
    /// every cube again, its six colour names as strings, beside the
    /// picture's numbers and a line of text: both grow with the file (a set
    /// of millions of cubes takes gigabytes). The number method adds its
    /// table: the first ⌊n/2⌋ cubes' half-paths, at most 6 per cube (an
    /// ordered pair of its three axes), so 6^⌊n/2⌋ of them at
    /// [`number_half_path_bytes`] each; the cut drops some, so this is an
    /// upper bound. The other methods keep a few vectors per cube and the
    /// solutions they list (the answer; bounded by the run against the
    /// limit).
    fn memory(&self) -> Result<Option<Memory>, Error> {
        let set = cubist_cube::read_cube_set(&self.set)?;
        let n = set.cubes.len();
        let palette = &set.palette;
        let longest = palette
            .colours()
            .map(|x| palette.name(x).len() as u64)
            .max()
            .unwrap_or(1);
        // The set itself (a cube and its line), the report's six strings and
        // the picture's six numbers, and the cube's line of text twice (the
        // buffer grows by doubling).
        let per_cube = 20 + 6 * (24 + block(longest)) + 48 + 2 * (6 * (longest + 1) + 8);
        let cubes = cubist_stack::Instance::planned_bytes(n) + n as u64 * per_cube;
        if self.method != stack::Method::Number {
            return Ok(Memory::new(format!("the {n} cubes' side arrays and listing"), cubes));
        }
        cubist_stack::methods::number::check_size(n)?;
        let h = (n / 2) as u64;
        let states = 6u64.pow(h as u32);
        Ok(Memory::new(
            format!("the number method's table ({n} cubes: up to 6^{h} half-paths)"),
            cubes + states * number_half_path_bytes(h),
        ))
    }
}

impl Estimate for stack::ExportRequest {
    /// The CNF of n cubes on K colours: 11 clauses a cube and 3 more for
    /// symmetry, then per colour and factor a counter of at most 8 clauses
    /// per listed literal, and 6n literals per factor: at most
    /// `107n + 2K + 3` clauses (about 89n are made). Each clause is a small
    /// vector, its 24-byte header in a list grown by doubling (48) and a
    /// block of at most three literals (32); its DIMACS line, three numbers
    /// of up to `d` digits (the variables, at most `30n + 2K`), signs,
    /// spaces and the final ` 0`, in a string grown by doubling.
    fn memory(&self) -> Result<Option<Memory>, Error> {
        let set = cubist_cube::read_cube_set(&self.set)?;
        let n = set.cubes.len() as u64;
        cubist_stack::cnf::check_size(n as usize).map_err(cubist_stack::Error::from)?;
        let k = set.palette.colours().count() as u64;
        let clauses = 107 * n + 2 * k + 3;
        let digits = (30 * n + 2 * k).max(1).ilog10() as u64 + 1;
        let line = 3 * (digits + 2) + 3;
        Ok(Memory::new(
            format!("the CNF encoding ({n} cubes: up to {clauses} clauses)"),
            clauses * (48 + block(12) + 2 * line),
        ))
    }
}

/// The most cubes in the K-colour family: 30 (K = 3 and 6) up to the
/// 5-colour family's; found by building it (a few hundred cubes at most).
fn family_size(k: usize) -> u64 {
    cubist_cube::family(k).len() as u64
}

impl Estimate for stack::CensusRequest {
    /// The lists of sets with one solution and of sets with the most
    /// solutions: each set one 8-byte number, and a set is in one list at
    /// most (unless every set has one solution), so both together hold at
    /// most the C(family, N) sets, in vectors grown by doubling: 16 bytes a
    /// set; plus 8 MiB for the search's per-orbit tables and threads. An
    /// upper bound: the lists are the answer, and most sets are in neither
    /// (K = 5: 2,181,960 of 17,259,390 sets have one solution). With N > K
    /// nothing is searched.
    fn memory(&self) -> Result<Option<Memory>, Error> {
        let k = self.colours;
        let n = self.cubes.unwrap_or(k);
        if !(1..=6).contains(&k) || n == 0 || n > k {
            return Ok(None);
        }
        let sets = cubist_stack::census::binomial(family_size(k), n as u64);
        Ok(Memory::new(
            format!("the census of {k} colours, {n} cubes ({sets} sets)"),
            16 * sets + (8 << 20),
        ))
    }
}

// ---- target building ---------------------------------------------------------

/// The sweeps over the C(30, 8) = 5,852,925 collections of eight of
/// MacMahon's cubes.
const COLLECTIONS: u64 = 5_852_925;

impl Estimate for target::CensusRequest {
    /// The censuses are fixed computations: the request only picks one, so
    /// each has one figure, in bytes per collection of eight, from its
    /// largest structures and set above the measured peaks (above the
    /// program's own 6 MiB):
    /// - `table2`: a 4-byte count for every collection, 6 bytes (22 MB
    ///   measured);
    /// - `universal` and `spectrum`: a byte for every collection and the
    ///   sweep's per-thread marks and chunks, 12 bytes (64 and 62 MB);
    /// - `multiset`: the same sweep and the exhaustive search's multisets,
    ///   36 bytes (179 MB);
    /// - `multiset` for a family of 2 to 5 colours: its search's tables and
    ///   remembered bounds, `cubist_macmahon::family::multiset::SEARCH_BYTES`
    ///   (128 MiB; 109 MB measured for 5 colours);
    /// - `table1` and `haraguchi`: a few MiB (`None`).
    fn memory(&self) -> Result<Option<Memory>, Error> {
        if let Some(k) = self.family.filter(|&k| k < 6) {
            return Ok(Memory::new(
                format!("the search for the largest multiset of the {k}-colour family"),
                cubist_macmahon::family::multiset::SEARCH_BYTES,
            ));
        }
        let (name, per) = match self.census {
            target::CensusKind::Table1 | target::CensusKind::Haraguchi => return Ok(None),
            target::CensusKind::Table2 => ("table2", 6),
            target::CensusKind::Universal => ("universal", 12),
            target::CensusKind::Spectrum => ("spectrum", 12),
            target::CensusKind::Multiset => ("multiset", 36),
        };
        Ok(Memory::new(
            format!("the {name} census ({COLLECTIONS} collections of 8 cubes)"),
            per * COLLECTIONS,
        ))
    }
}

// ---- placement ---------------------------------------------------------------

/// The sizes of a DLX file, counted without parsing it (a large file is
/// parsed once, by the command): the items (the words of the first line
/// that is neither blank nor a comment, but the `|` between primary and
/// secondary items), the options (the lines after it) and their entries
/// (their words), whether an item carries multiplicities (`u:v|name`), and
/// the entries giving a colour (`x:red`). A malformed file is left for the
/// command to report.
fn dlx_sizes(text: &str) -> (u64, u64, u64, bool, u64) {
    let mut lines = text
        .lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty() && !l.starts_with('|'));
    let first = lines.next().unwrap_or("");
    let items = first.split_whitespace().filter(|w| *w != "|").count() as u64;
    let multiplicities = first
        .split_whitespace()
        .any(|w| w.split_once('|').is_some_and(|(bounds, _)| !bounds.is_empty()));
    let (mut options, mut entries, mut coloured) = (0, 0, 0);
    for l in lines {
        options += 1;
        entries += l.split_whitespace().count() as u64;
        coloured += l.split_whitespace().filter(|w| w.contains(':')).count() as u64;
    }
    (items, options, entries, multiplicities, coloured)
}

impl Estimate for place::ExactRequest {
    /// The dancing-links array: a 16-byte node per item, per option entry
    /// and per option (its spacer), grown by pushing (twice that at worst),
    /// and 16 bytes of links and bounds per item; the parsed problem beside
    /// it, each option a vector of 16-byte entries (its header and block)
    /// and each item a name and a map entry (96 bytes); and the file's text.
    /// Counting on t > 1 threads clones the engine once to split the search
    /// and once per thread (t + 1 more arrays, at their length). Listing
    /// (`all`) keeps the solutions: the answer, not estimated. Dancing
    /// cells, which `auto` takes for multiplicities, needs up to 44 bytes a
    /// cell there (its trail saves bounds and moved set starts:
    /// `cubist_exact::cells`), so such a problem is planned at 22 bytes a
    /// node, counted twice like the others. The bit sets, where they take
    /// the problem (at most 256 items), add a set over the options per
    /// item and per colour given (at most `cubist_exact::MAX_COLOUR_BYTES`
    /// of those), and where they may keep each item's count of live options
    /// (more than 128 items or 128 options, at most
    /// `cubist_exact::BIT_COUNTED_OPTIONS` options) a set per option and 256
    /// bytes per level and thread; with multiplicities, a set per level of the search too
    /// (at most options + items + 1 levels, and at most
    /// `cubist_exact::BIT_MAX_LEVEL_BYTES`). The memoised counts' tables are
    /// held to a share of `--max-memory` where they are built.
    fn memory(&self) -> Result<Option<Memory>, Error> {
        let text = self.file.text()?;
        let (items, options, entries, multiplicities, coloured) = dlx_sizes(text);
        let nodes = items + entries + options + 2;
        let per_node = if multiplicities { 22 } else { 16 };
        let engine = per_node * nodes + 16 * items + 8 * options;
        let parsed = options * (24 + block(16 * entries / options.max(1))) + 96 * items;
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let threads = self.threads.clamp(1, cores) as u64;
        let copies = if threads > 1 && self.mode == place::Mode::Count && self.node_limit.is_none() {
            threads + 1
        } else {
            0
        };
        let bit_sets = if items <= cubist_exact::BIT_MAX_ITEMS as u64 {
            let set = options.div_ceil(64) * 8;
            let levels = match multiplicities {
                true => ((options + items + 1) * set).min(cubist_exact::BIT_MAX_LEVEL_BYTES),
                false => 0,
            };
            // Keeping the counts (at most 1,024 options): a set of
            // clashing options per option, and 256 bytes of counts per
            // level on each thread.
            // The primary items are at most the items: a bound.
            let counted = !multiplicities && cubist_exact::bits_keep_counts(items as usize, options as usize);
            let counts = match counted {
                true => options * set + 256 * (items + 1) * threads,
                false => 0,
            };
            items * set + (coloured * set).min(cubist_exact::MAX_COLOUR_BYTES) + levels + counts
        } else {
            0
        };
        let bytes = 2 * engine + copies * engine + parsed + text.len() as u64 + bit_sets;
        let on = if copies > 0 {
            format!(" on {threads} threads")
        } else {
            String::new()
        };
        Ok(Memory::new(
            format!(
                "the exact cover of {} ({items} items, {options} options, {nodes} nodes{on})",
                self.file.name
            ),
            bytes,
        ))
    }
}

impl Estimate for place::LatinRequest {
    /// The count by halves holds its widest stage of classes with their
    /// extensions (`cubist_place::halves::peak_bytes`: 74 MB at order 9,
    /// bytes below that). Every square listed or sampled is kept for the
    /// report: per square a vector of n rows (its header twice, in a list
    /// grown by doubling, and a block of n headers) and n blocks of n
    /// numbers. The report's text is the front end's (the CLI streams it;
    /// the web server holds the document once). The library's bound of
    /// 100,000 squares each stands.
    fn memory(&self) -> Result<Option<Memory>, Error> {
        // The library's bounds speak first (and keep the sums below small).
        cubist_place::latin::check_square_counts(self.list, self.sample)?;
        cubist_place::latin::check_order(self.n)?;
        let count = cubist_place::halves::peak_bytes(self.n);
        let n = self.n as u64;
        let squares = (self.list + self.sample) as u64;
        let per = 48 + block(24 * n) + n * block(8 * n);
        let what = if squares == 0 {
            format!("the classes of half squares of order {n}")
        } else {
            format!("the classes of half squares of order {n} and {squares} squares in memory")
        };
        Ok(Memory::new(what, count + squares * per))
    }
}

// ---- twisty puzzles ----------------------------------------------------------

impl Estimate for twisty::AnalyzeRequest {
    /// Schreier-Sims on the puzzle's d points (orientations included):
    /// each level of the stabiliser chain keeps its transversal and the
    /// strong generators that reached it, permutations of d points, and
    /// the analysis runs the chain more than once. The chain's size is
    /// only known once built, so the figure is fitted to the cubes' peaks:
    /// 4 d³ bytes (the 12x12x12, d = 744: 1,647 MB against 1,268 MB
    /// measured; the 7x7x7, d = 246: 60 MB against 46 MB); `order_only`
    /// runs the chain once: 1.5 d³ (the 10x10x10, d = 504: 192 MB against
    /// 137 MB). Under 8 MiB counts as small. The library's bound of 1,000
    /// points stands.
    fn memory(&self) -> Result<Option<Memory>, Error> {
        let p = self.puzzle.load(self.moves.as_deref())?;
        let d = p.degree() as u64;
        if d > twisty::MAX_ANALYSIS_DEGREE as u64 {
            return Ok(None);
        }
        let bytes = if self.order_only { p.chain_bytes() } else { 4 * d.pow(3) };
        if bytes < 8 << 20 {
            return Ok(None);
        }
        Ok(Memory::new(
            format!("analysing {} (a permutation group on {d} points)", p.name),
            bytes,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Source;

    fn bytes<R: Estimate>(r: &R) -> u64 {
        r.memory().unwrap().unwrap().bytes
    }

    #[test]
    fn blocks_round_up_to_the_allocator_steps() {
        assert_eq!(block(1), 32);
        assert_eq!(block(24), 32);
        assert_eq!(block(25), 48);
        assert_eq!(block(56), 64);
    }

    #[test]
    fn the_number_method_by_hand() {
        // 4 cubes, each with its side arrays (24 * 16 + 16 + 24 = 424 bytes)
        // and its share of the report: the set's 20, six one-letter names
        // (6 * (24 + 32)), the picture's 48 and twice its text line of
        // 6 * 2 + 8 bytes: 868 bytes a cube, for every method.
        let set = "0 1 2 3 0 1\n1 2 3 0 1 2\n2 3 0 1 2 3\n3 0 1 2 3 0\n";
        let mut req = stack::SolveRequest::new(Source::new("four.cubes", set));
        assert_eq!(bytes(&req), 4 * 868);
        // The number method adds 6^2 = 36 half-paths of 2 cubes, each
        // 2*(4+4) + 168 = 184 bytes.
        req.method = stack::Method::Number;
        assert_eq!(bytes(&req), 4 * 868 + 36 * 184);
        // 20 cubes: the library's own bound (19) speaks.
        let twenty = "0 1 2 3 4 5\n".repeat(20);
        req.set = Source::new("twenty.cubes", twenty);
        let e = req.memory().unwrap_err();
        assert!(e.to_string().contains("19 cubes"), "{e}");
    }

    #[test]
    fn the_cnf_by_hand() {
        // 2 cubes on 4 colours: 107*2 + 2*4 + 3 = 225 clauses; variables at
        // most 30*2 + 8 = 68, 2 digits: a line of 3*(2+2)+3 = 15 bytes.
        let req = stack::ExportRequest {
            set: Source::new("two.cubes", "0 1 2 3 0 1\n1 2 3 0 1 2\n"),
        };
        assert_eq!(bytes(&req), 225 * (48 + 32 + 30));
    }

    #[test]
    fn the_stacking_census_by_hand() {
        // K = 3: the 30 cubes with exactly three colours; N = 3: C(30, 3) = 4060 sets.
        assert_eq!(family_size(3), 30);
        let req = stack::CensusRequest::new(3);
        assert_eq!(bytes(&req), 16 * 4060 + (8 << 20));
        // N > K: nothing is searched.
        let over = stack::CensusRequest {
            cubes: Some(4),
            ..stack::CensusRequest::new(3)
        };
        assert_eq!(over.memory().unwrap(), None);
    }

    #[test]
    fn the_target_censuses_by_hand() {
        let census = |c| target::CensusRequest {
            census: c,
            ..target::CensusRequest::default()
        };
        assert_eq!(census(target::CensusKind::Table1).memory().unwrap(), None);
        assert_eq!(bytes(&census(target::CensusKind::Table2)), 6 * 5_852_925);
        assert_eq!(bytes(&census(target::CensusKind::Spectrum)), 12 * 5_852_925);
        assert_eq!(bytes(&census(target::CensusKind::Multiset)), 36 * 5_852_925);
    }

    #[test]
    fn the_exact_cover_by_hand() {
        // Items a b (primary) and c (secondary); options "a b" and "c": 3
        // items, 3 entries, 2 options, 3 + 3 + 2 + 2 = 10 nodes. Engine:
        // 160 + 48 + 16 = 224 bytes, twice; parsed: 2 * (24 + block(24) =
        // 32) + 96 * 3 = 400; the text; and the bit sets, a word per item.
        let text = "| a comment\na b | c\na b\n\nc\n";
        assert_eq!(dlx_sizes(text), (3, 2, 3, false, 0));
        let mut req = place::ExactRequest::new(Source::new("t.dlx", text));
        assert_eq!(bytes(&req), 2 * 224 + 400 + text.len() as u64 + 3 * 8);
        // Listing runs on one thread whatever the threads asked.
        req.mode = place::Mode::All;
        req.threads = 2;
        assert_eq!(bytes(&req), 2 * 224 + 400 + text.len() as u64 + 3 * 8);
        // 130 options, three words: the counts kept add a set per option
        // and 256 bytes per level (items + 1 levels). Engine: 1 + 130 + 130
        // + 2 = 263 nodes, 16 * 263 + 16 + 8 * 130 = 5264 bytes, twice;
        // parsed: 130 * (24 + block(16) = 32) + 96 = 7376.
        let text = "a\n".repeat(131);
        assert_eq!(dlx_sizes(&text), (1, 130, 130, false, 0));
        let req = place::ExactRequest::new(Source::new("t.dlx", text.as_str()));
        assert_eq!(
            bytes(&req),
            2 * 5264 + 7376 + text.len() as u64 + 24 + (130 * 24 + 256 * 2)
        );
        // A colour given adds a word for its set of clashing options.
        let text = "a | c\na c:red\na c:blue\n";
        assert_eq!(dlx_sizes(text).4, 2);
        // With multiplicities (`1:2|a`, or `2|a` for exactly two), dancing
        // cells' 22 bytes a node: 220 + 48 + 16 = 284 bytes, twice; and the
        // bit sets of Algorithm M, a word per item and per level (at most
        // options + items + 1 = 6 levels).
        for first in ["1:2|a b | c", "a 2|b | c"] {
            let text = format!("{first}\na b\nc\n");
            assert_eq!(dlx_sizes(&text), (3, 2, 3, true, 0));
            let req = place::ExactRequest::new(Source::new("t.dlx", text.as_str()));
            assert_eq!(bytes(&req), 2 * 284 + 400 + text.len() as u64 + 3 * 8 + 6 * 8);
        }
    }

    #[test]
    fn latin_squares_by_hand() {
        // Order 3: 48 + block(72) = 80, and 3 blocks of 24 bytes (32 each): 224 a square.
        // Counting: order 3's one stage of one class, with 3 extensions, 18
        // bytes each; order 9's widest stage, 32,445 classes with 126.
        let mut req = place::LatinRequest::new(3);
        assert_eq!(bytes(&req), 18 * 4);
        req.n = 9;
        assert_eq!(bytes(&req), 18 * 32_445 * 127);
        req.n = 3;
        req.list = 2;
        req.sample = 3;
        assert_eq!(bytes(&req), 18 * 4 + 5 * 224);
        // An order past the library's is refused with the library's own
        // message, not an estimate (whose sums would overflow).
        req.n = usize::MAX / 4;
        let e = req.memory().unwrap_err().to_string();
        assert!(e.contains("is out of range: counting works for orders 1..9"), "{e}");
    }

    #[test]
    fn analysis_by_the_cube_of_the_degree() {
        let analyze = |puzzle: &str, order_only| twisty::AnalyzeRequest {
            puzzle: twisty::PuzzleRef::Builtin(puzzle.into()),
            moves: None,
            order_only,
        };
        // The 3x3x3: 8*3 + 12*2 = 48 points, 4 * 48^3 = 442,368 bytes: small.
        assert_eq!(analyze("3x3x3", false).memory().unwrap(), None);
        let seven = analyze("7x7x7", false).memory().unwrap().unwrap();
        let d = seven.what.split(" on ").nth(1).unwrap().split(' ').next().unwrap();
        let d: u64 = d.parse().unwrap();
        assert_eq!(seven.bytes, 4 * d * d * d);
        assert_eq!(bytes(&analyze("7x7x7", true)), 3 * d * d * d / 2);
    }
}
