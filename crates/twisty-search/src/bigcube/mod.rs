//! The 5x5x5 by reduction to the 3x3x3.
//!
//! An odd cube whose centre pieces each sit on the face of their colour and
//! whose edges are *paired* (each middle edge, the *midge*, with its wings
//! beside it, the way they were when solved) is a 3x3x3 as far as outer
//! turns go: its corners and midges are the 3x3x3's corners and edges, its
//! fixed middle centres the 3x3x3's centres. Reduction gets it there in
//! stages, each a search for a shortest way to the stage's goal within the
//! turns that keep what earlier stages did, then solves that 3x3x3 with
//! Kociemba's two-phase algorithm ([`crate::twophase`]). The stages follow
//! the published outline of Chen Shuang's 5x5x5 solver (centres in three
//! steps, then the edges, then the 3x3x3); unlike it, the edges are paired
//! one or two at a time, each search guided by a table of every two edges
//! ([`pairs`]). Over 40 random states the answers take 106.1 moves on
//! average on one thread (92 to 116) and 104.5 on two (92 to 115), under
//! half the universal method's 289.9 on the same states, every state
//! solved, in 0.71 - 0.74 s a state on average on one thread (the
//! slowest 1.24 - 1.27 s) and 0.78 s on two (the slowest 1.57 s), the
//! tables built or read; [`Method::Auto`](crate::solver::Method::Auto)
//! takes it on the 5x5x5. The model ([`model`]) reads any odd
//! cube, but the solver takes the 5x5x5 only (the 7x7x7's six centre
//! orbits would guide stage 1 by the largest of six tables); the 7x7x7 is
//! solved by this solver on two 5x5x5s inside it, then its obliques by
//! commutators ([`seven`]), and the 6x6x6 by the 4x4x4's reduction on a
//! 4x4x4 inside it, this solver on it with its middle layers as one, then
//! the same commutators ([`six`]).
//!
//! The turns are *block turns*: the outer `d` layers of a face turned
//! together (`R`, `Rw`, `3Rw`), one move each in the outer block turn
//! metric, `d` up to `(N-1)/2` (the central slices are not turned: the
//! six middle centres stay put and say which way up the cube is). The
//! model ([`model`]) finds the cube's sets of pieces and builds the block
//! turns from the puzzle's own layer moves.
//!
//! # What each stage sees
//!
//! A centre orbit is 24 pieces, four of each colour, and pieces of one
//! colour are alike: a stage asking only which *axis* a slot's colour
//! belongs to sees a 24-bit mask (bit `q` set when slot `q` holds a colour
//! of the axis), which a turn moves by the turn's permutation of the slots,
//! done here a byte at a time by lookup (the 4x4x4's `BitPerm`). The stages:
//!
//! 1. **U and D centres onto the U and D faces**, any block turn. Per
//!    centre orbit, the mask of the U/D colours: 8 of 24 bits, C(24,8) =
//!    735,471 values, indexed by their combinatorial rank (`rank8`). One
//!    table per orbit of each mask's distance to the goal (one byte an
//!    entry), built by a breadth-first search; the stage's search is guided
//!    by the larger of the orbits' values, and, for the last six turns, by
//!    a [`ball`] of every state of both orbits together within six turns
//!    of the goal, with its exact distance (2,146,727 classes up to the
//!    whole cube's turns about the U/D axis): on 20 random states the
//!    tables alone took 1.1 to 133 million nodes (575 million in all), with
//!    the ball 18,359 to 2.8 million (20.6 million, 28 times fewer), and
//!    the same ways. Which axis comes first is free,
//!    so the stage is searched on the cube turned whole three ways (each
//!    axis as U/D: `Frames`), a depth at a time, the frames of a depth side
//!    by side on the solver's threads, and the first frame's way of the
//!    least depth kept (`Race`); the whole answer is turned back at the
//!    end.
//! 2. **R and L centres onto R and L**, turns keeping stage 1: every outer
//!    turn, wide turns of the U/D axis of any power, wide half turns of the
//!    other axes. The mask of the R/L colours, the same index. The first
//!    orbit's table also holds the *parity of each wing orbit's
//!    permutation* (a bit each, times the index): stages 3 and 4 turn no
//!    inner layer a quarter turn, so no turn of theirs changes that parity,
//!    and a cube with its edges paired has every wing orbit permuted evenly
//!    (two copies of the 3x3x3's edge permutation, and a transposition per
//!    flipped edge, of which there are an even number). This is the odd
//!    cubes' "edge parity" (the last two edges' lone flipped pair), settled
//!    here in a turn or two, with no fixed algorithm. Of the stage's
//!    shortest ways (up to 64, `STAGE2_WAYS`), the one whose best stage 3
//!    way (below) scores least is taken: 110.3 moves to 107.5 on 40
//!    random states (four turns more for two edges at once).
//! 3. **Every centre solved**, turns keeping each axis's colours on its
//!    faces: outer turns and wide half turns. Each slot now holds a colour
//!    of its own axis, so one bit a slot says which of the two: the mask of
//!    the U, R and F colours, 4 bits in each axis's 8 slots, C(8,4)^3 =
//!    343,000 values per orbit (`axes_index`). One search guided by the
//!    larger of the two orbits' tables is hopeless (a shortest way is some
//!    14 turns, and each table alone says 7 or 8: over 400 million nodes
//!    were not enough), so the stage takes two steps, each guided by
//!    tables of both orbits together: the U/D colours split between U and
//!    D (C(8,4)^2 = 4,900 values, about 6 turns), then the other four faces
//!    by the outer turns and `Uw2 Dw2`, which keep U and D: both orbits'
//!    side faces whole, C(8,4)^4 = 24,010,000 values, all of them reached,
//!    the farthest 16 turns away (about 11 for a random state), in one
//!    table of exact distances (built once in about a second on two
//!    threads and cached like the [`pairs`] table, `BigCubeSolver::build_sides`),
//!    so that the step's search walks straight down to its goal. Guided instead by two tables of 343,000
//!    (one orbit's two axes with the other's one), the step took up to 8.2
//!    million nodes on 20 random states, the slowest state's largest part
//!    (1.9 - 2.5 s on one thread).
//!
//!    **Which way.** Stage 3 has many shortest ways, and where each leaves
//!    the edges decides much of stage 4's length. So the first step's ways
//!    of its two least lengths (up to 256 each, `FIRST_WAYS`) are ranked
//!    by their turns plus the second step's exact distance after them; the
//!    best 128 (`STAGE3_WAYS`) are followed to the end of the stage and
//!    ranked again by the stage's turns plus the twelve edges' distances
//!    from paired (each by its own table), and the attempts (below) take
//!    them in that order (`BigCubeSolver::stage3_ways`). On 40 random
//!    states (one thread) stage 3 took 17.9 turns and the edges 62.0 with
//!    the first way of each step; ranked by stage 3's turns alone, 15.3
//!    and 63.1; ranked by the edges as well, 17.3 and 55.2 (116.9 moves in
//!    all to 110.3; 32 ways followed gave 110.9, 512 110.7, the edges
//!    counted twice 112.3).
//! 4. **The edges paired**, one or two at a time, by the same turns as
//!    stage 3 (which also keep every wing orbit's parity). An edge is seen as its
//!    midge (slot and flip) and, per wing orbit, its two wings' slots:
//!    24 x 24 x 24 = 13,824 values, of which 13,248 are reached; the goal is
//!    the midge and the wings as outer turns leave them from solved (24
//!    states: paired, anywhere). Each time, the six edges left nearest
//!    by their tables are candidates, each length is tried on each, and of
//!    the ways of the first length that pairs one, the one that leaves the
//!    rest nearest is kept: fewest turns plus the sum of the edges left's
//!    own distances (`BigCubeSolver::pair`), of up to 16 ways a candidate
//!    (`WAYS`). Keeping the first way found, of the three nearest, the
//!    edges took 71.0 turns on 40 random states; the way that leaves the
//!    rest nearest, of six, 62.8, of 16 ways of six some 62 (with stage
//!    3's way chosen for the edges it leaves, below, 55). Every edge paired
//!    before must end paired again, and the turns that pair one edge may
//!    take the others apart on the way: a search's tables are the new
//!    edge's, stage 3's centres (which must end solved) and the [`pairs`]
//!    table of the new edge with each edge paired before (the distance to
//!    both paired, which sees what an edge's own table does not), and,
//!    with two edges left, of the two together. Guided by each edge's own
//!    table instead, the searches for the last edges, with everything else
//!    to keep, reached 10 turns or more on weak bounds, and the edges took
//!    19.8 to 337 million nodes a state on 20 random states (the slowest
//!    states 6 to 11 s on one thread); with the pair table 1.2 to 11.3
//!    million, 36 times fewer in all.
//!
//!    **Two edges at once.** A search pairs one edge in 5 to 11 turns,
//!    and each must put the centres back, so the pairs of those
//!    candidates are searched too, guided by the pair table of the two
//!    new edges (and of each with every edge paired before), at six turns
//!    more than the length tried for one (`TWO_EXTRA`) and within 200,000
//!    nodes a step each (`TWO_NODES`: past that, two at once are given up
//!    for the step; 50,000 in the 7x7x7's quicker plan). With three edges
//!    left, two paired pair the third.
//!    Over 40 random states (four turns more, the first way kept) a search
//!    took two edges 1.8 times a state on average and the answers came
//!    down from 134.7 moves to 126.4; now (six turns more, the way that
//!    leaves the rest nearest kept) 4.1 times. The edges are still half
//!    the length (some 52 turns).
//!
//!    How many nodes the edges take depends on where stage 3 left them. So
//!    stages 3 to 5 are *attempts*, the `k`-th from stage 3's `k`-th way,
//!    its edges allowed 130 million nodes (`EDGE_NODES`); up to six
//!    (`ATTEMPTS`) are made, as many side by side as the solver has
//!    threads, each to its end, and of those that pair the edges the one
//!    whose whole answer is shortest is kept (then fewest nodes: the same
//!    answer on every run, and with two threads never longer than with
//!    one; on 40 random states 105.5 moves against 107.5, at 0.77 s a
//!    state against 0.67). The budgets were set before the pair
//!    table, when a state's edges could take hundreds of millions of
//!    nodes; they now bound the rare far state.
//! 5. **The 3x3x3**: the corners and midges, renumbered onto the built-in
//!    3x3x3 ([`Relabel`]), solved by two-phase: the shortest solution its
//!    search finds within a million nodes (some 0.1 s; `THREE_NODES`),
//!    18.6 to 18.9 face turns on average where its first solution of at
//!    most 20 takes 19.9 (50,000 nodes gave 19.1, 200,000 18.8).
//!
//! Every stage's table is exact for what it sees, so each stage's search
//! (iterative deepening, `Stage::search`) finds a shortest way to its own
//! goal, given where the earlier stages left the cube: the whole is not the
//! shortest, and the greedy edge stage is where most of the length is.
//!
//! The tables, of bytes indexed directly, are built when the solver is
//! planned (their sizes are known first: [`table_bytes`]); the 5x5x5's
//! take 158.6 MB: 39.1 MB built at every plan in about a second (6.2 MB
//! with the wings' move table, one entry per block turn and edge value,
//! which the edge stage reads for every edge it keeps; 33.6 MB stage 1's
//! ball), and two tables built once and cached (read back, checked, in a
//! fraction of a second; `file`): the [`pairs`] table, 95.6 MB, built in
//! about 3.5 s, and stage 3's second step's, 24 MB, in about a second.
//!
//! What is left is the length: the edges, paired one or two at a time,
//! take some 52 of the 106 turns. Chen Shuang's solver pairs the four E-slice edges,
//! then the other eight, with the centres kept solved by the turns it
//! allows and tables of a few hundred megabytes, for about 52 moves in
//! all.

pub mod ball;
pub mod model;
mod nested;
pub mod obliques;
pub mod pairs;
pub mod seven;
pub mod six;

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use cubist_io::LimitError;
use cubist_perm::word::Word;
use cubist_perm::Wreath;
use cubist_twisty::{Element, Puzzle};
use rayon::prelude::*;

use crate::reduction::tables::{binomial, BitPerm};
use crate::reduction::Frames;
use crate::twophase::{Relabel, TwoPhaseSolver};
use crate::{Error, Watch};
use ball::Ball;
use model::{Block, Kind, Model};
use pairs::Pairs;

/// A table's mark for a value its stage's turns never reach.
const UNREACHED: u8 = u8::MAX;

/// The most nodes a state's centre stage, or its edge stage in all, may
/// visit before the solver gives up (a refusal, [`out_of_nodes`], never a
/// wrong answer): some 10 s.
const NODES: u64 = 200_000_000;

/// The nodes the 3x3x3 stage's two-phase search may take looking for a
/// shorter solution than its first of at most 20 moves
/// ([`TwoPhaseSolver::solve_within`]): on 40 random states the whole
/// answer took 126.97 moves with the first, 126.20 within 50,000 nodes,
/// 125.95 within 200,000, 125.67 within a million (0.29, 0.30, 0.32 and
/// 0.42 s a state on one thread).
const THREE_NODES: u64 = 1_000_000;

/// The most nodes one search of the edge stage may visit (some 0.3 s)
/// before another edge is tried in its place.
const STEP_NODES: u64 = 4_000_000;

/// The most nodes an attempt at the edge stage may visit (some 3 s): on
/// 10 random states, 50 of 60 attempts (one from each of stage 3's first
/// six ways) paired the edges in 14 to 163 million nodes, the other 10 ran
/// past 200 million. Worked out from those counts, within 130 million and
/// four attempts every one of the 10 is solved, in 77 million nodes on
/// average one at a time, 55 million two at a time (80 or 100 million left
/// one unsolved); then run, with six attempts: every one of 20 solved.
const EDGE_NODES: u64 = 130_000_000;

/// How many attempts at stages 3 and 4 are made (each from another of
/// stage 3's ways) before the solver gives up.
const ATTEMPTS: usize = 6;

/// The nodes stage 3's second step may take from its first step's way:
/// its table is exact, so a search takes a few hundred; a bound all the
/// same.
const STAGE3_NODES: u64 = 20_000_000;

/// How many of the nearest edges left the edge stage tries to pair next
/// (and, two at once, each two of them). On 40 random states, keeping at
/// each length the way that leaves the rest nearest (the first way of
/// each candidate, before [`WAYS`]): 3 candidates gave
/// 124.65 moves, 4 120.80, 5 118.92, 6 118.05, 7 117.22, 10 116.67, at
/// 0.48, 0.56, 0.61, 0.69, 0.77 and 0.91 s a state on one thread (the
/// slowest 0.87 to 1.50 s).
const CANDIDATES: usize = 6;

/// How many of stage 2's shortest ways are weighed by the best stage 3
/// way after them: on 40 random states, one thread, 1 gave 110.33 moves,
/// 16 108.12, 64 107.47, 256 107.03 (0.62 - 0.66, 0.64, 0.68 and 0.78 s a
/// state, the slowest 1.2, 1.2, 1.4 and 2.1 s).
const STAGE2_WAYS: usize = 64;

/// How many of stage 3's first step's ways of each of its two least
/// lengths are weighed by the second step's distance after them.
const FIRST_WAYS: usize = 256;

/// How many of stage 3's ways are followed to the end and ranked by the
/// edges they leave.
const STAGE3_WAYS: usize = 128;

/// How many ways of a length each search of the edge stage gathers for
/// the choice of the one that leaves the rest nearest: on 40 random
/// states, one thread, 1 gave 118.05 moves, 4 117.53, 16 116.92, 64 117.35
/// (0.69 - 0.78 s a state each).
const WAYS: usize = 16;

/// How many turns more than the length tried for one edge a search
/// pairing two edges at once may take. First measured on 20 random states
/// without the node limit below, the first way found kept: 2 turns more
/// gave 133.95 moves (134.05 without two at once), 3 gave 125.2 but 1.0 s
/// a state (the slowest 2.6 s), 4 gave 117.1 but one state ran out of
/// nodes. With the limit, and the way that leaves the rest nearest kept
/// (40 states, one thread): 3 gave 109.12 moves, 4 107.47, 5 106.53, 6
/// 106.05, 7 106.30 (0.69 - 0.76 s a state; 6 with 400,000 nodes 105.88
/// in 0.84 s).
const TWO_EXTRA: u8 = 6;

/// The most nodes each search pairing two edges at once may visit in a
/// step before it is given up for that step (some 20 ms). On 40 random
/// states, one thread: 100,000 gave 129.8 moves in 0.64 - 0.70 s a state,
/// 200,000 126.4 moves in 0.76 - 0.78 s (134.7 in 0.46 - 0.53 s with one
/// edge a search); a budget shared by the three pairs of a step did no
/// better (300,000: 128.9 moves, 0.68 s).
const TWO_NODES: u64 = 200_000;

/// The most nodes a search of stage 2 may visit after its first way,
/// gathering more of that length to choose from. A length with fewer ways
/// than the search wants is otherwise searched to its end: one 7x7x7
/// state's stage 2 took 120 million nodes (4.9 s) for 10 ways where the
/// others took under 10 million for 16. On 40 random 5x5x5 states the
/// answers stayed as short (106.05 moves before, 106.00 with this bound
/// and [`EDGE_MORE_NODES`]).
const STAGE2_MORE_NODES: u64 = 2_000_000;

/// [`STAGE2_MORE_NODES`] for a search of the edge stage.
const EDGE_MORE_NODES: u64 = 200_000;

/// How long the solver searches for a shorter answer: the 5x5x5's own
/// plan ([`Plan::SHORT`]), or a quicker one for the 7x7x7, which runs the
/// reduction twice ([`Plan::QUICK`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// How many of the nearest edges left are taken two at a time, each
    /// two of them (at most [`CANDIDATES`]).
    pairs_of: usize,
    /// How many of stage 2's shortest ways are weighed by the best stage 3
    /// way after them.
    stage2_ways: usize,
    /// The nodes the 3x3x3 stage's two-phase search may take looking for a
    /// shorter solution than its first of at most 20 moves.
    three_nodes: u64,
    /// The most nodes each search pairing two edges at once may visit in a
    /// step ([`TWO_NODES`] in the 5x5x5's plan).
    two_nodes: u64,
}

impl Plan {
    /// The 5x5x5's plan: the six nearest edges two at a time,
    /// [`STAGE2_WAYS`] and [`THREE_NODES`] (the figures beside each).
    pub(crate) const SHORT: Plan = Plan {
        pairs_of: CANDIDATES,
        stage2_ways: STAGE2_WAYS,
        three_nodes: THREE_NODES,
        two_nodes: TWO_NODES,
    };

    /// The 7x7x7's plan for each of its two 5x5x5s: the three nearest
    /// edges two at a time, each such search within 50,000 nodes a step,
    /// 16 of stage 2's ways, 200,000 nodes of two-phase. On 20 random
    /// 7x7x7 states, one thread: the three nearest, 16 ways and 200,000
    /// nodes gave 273.8 moves against the 5x5x5's plan's 263.8, in 56% of
    /// its time; 50,000 nodes for each search of two edges (200,000 before)
    /// 278.6 moves, the searches of two edges 2.4 million nodes a state
    /// against 7.6 million, a quarter to a third less time (BENCHMARKS.md,
    /// 7x7x7).
    pub(crate) const QUICK: Plan = Plan {
        pairs_of: 3,
        stage2_ways: 16,
        three_nodes: 200_000,
        two_nodes: 50_000,
    };
}

/// The longest a stage may be.
const MAX_DEPTH: u8 = 30;

/// C(24,8): the values of an 8-of-24 mask.
const C24_8: usize = 735_471;

/// C(8,4)^3: the values of stage 3's mask.
const AXES: usize = 70 * 70 * 70;

/// C(8,4)^2: the values of one centre orbit's side faces in stage 3's
/// second step (the R/L colours among the R and L faces' 8 slots, and the
/// F/B colours among F's and B's).
const SIDES: usize = 70 * 70;

/// The format tag of stage 3's second step's table in the cache folder.
const SIDES_MAGIC: &[u8; 8] = b"CB555SD1";

/// The cache file of stage 3's second step's table (both centre orbits'
/// side faces, 24,010,000 bytes), beside the [`pairs`] table's.
pub const SIDES_FILE: &str = "reduction555-sides-v1.table";

/// A midge's 24 states (slot and flip) times two wings' 24 slots.
const TRIPLE: usize = 24 * 24 * 24;

/// Whether `p` is the odd cube this solver takes: the 5x5x5, with every
/// face's two outer layer moves. (The model reads any odd cube; the
/// 7x7x7's six centre orbits make stage 1's search, guided by the largest
/// of six tables, too slow as it is: [`seven`] solves it with two
/// 5x5x5s.)
pub fn is_odd_cube(p: &Puzzle) -> bool {
    Model::new(p).is_some_and(|m| m.n == SIZE)
}

/// A stage's search out of its nodes: a refusal (the state is reachable,
/// and the reduction would need a larger budget), with the way out.
fn out_of_nodes(what: &str, nodes: u64) -> Error {
    LimitError::new(what, format!("more than {nodes} nodes"), format!("{nodes} nodes"))
        .hint("the reduction solved each of 20 random states measured, but it can run out of nodes; the universal method solves every state")
        .into()
}

/// The one size solved.
const SIZE: usize = 5;

/// The bytes of the tables the solver for `p` builds (0 when `p` is not
/// an odd cube the reduction solves): per centre orbit two C(24,8) tables
/// (the first of stage 2 times the wing orbits' parities) and one of
/// stage 3, per edge and wing orbit one of 13,824 entries; and stage 1's
/// [`Ball`] when the cube's notation has whole-cube turns.
pub fn table_bytes(p: &Puzzle) -> u64 {
    Model::new(p).filter(|m| m.n == SIZE).map_or(0, |m| {
        let ball = Ball::turns(p, &m, &m.sets_of(Kind::Centre)).map_or(0, |_| Ball::BYTES);
        let pairs = edge_homes(&m).1.map_or(0, |_| pairs::BYTES);
        (sizes(&m).iter().sum::<usize>() + ball + pairs) as u64
    })
}

/// The most memory planning the solver for `p` takes: [`table_bytes`],
/// and while the pair table is built (when `cache` has no file of it), its
/// build's bitmaps ([`pairs::BUILD_BYTES`]).
pub fn planned_bytes(p: &Puzzle, cache: Option<&Path>) -> u64 {
    let build = match Model::new(p).filter(|m| m.n == SIZE) {
        Some(m) if edge_homes(&m).1.is_some() && !pairs::cached(cache) => pairs::BUILD_BYTES as u64,
        _ => 0,
    };
    table_bytes(p) + build
}

/// The size of each table, in the order the solver builds them.
fn sizes(m: &Model) -> Vec<usize> {
    let centres = m.sets_of(Kind::Centre).len();
    let wings = m.sets_of(Kind::Wing).len();
    let mut out = vec![C24_8; centres];
    out.extend((0..centres).map(|i| if i == 0 { C24_8 << wings } else { C24_8 }));
    out.extend((0..centres).map(|_| AXES));
    // Stage 3's two steps: per pair of orbits, 70 x 70 and twice AXES.
    out.extend((0..centres.div_ceil(2)).flat_map(|_| [70 * 70, SIDES * SIDES]));
    out.extend((0..12 * wings).map(|_| TRIPLE));
    // The wing orbits' move tables, two bytes an entry.
    out.extend((0..wings).map(|_| m.blocks.len() * TRIPLE * 2));
    out
}

/// A line to say before planning the solver for `p` builds its tables, and
/// the two-phase tables when those take seconds.
pub fn build_notice(p: &Puzzle, cache: Option<&Path>) -> Option<String> {
    let mb = |b: u64| b as f64 / 1e6;
    let all = table_bytes(p);
    // The tables kept in the cache folder: the pair table (when the edges
    // agree) and stage 3's second step's.
    let (kept, files, names) = match Model::new(p) {
        Some(m) if edge_homes(&m).1.is_some() => (
            (pairs::BYTES + SIDES * SIDES) as u64,
            vec![pairs::CACHE_FILE, SIDES_FILE],
            "pair and stage 3 tables",
        ),
        _ => ((SIDES * SIDES) as u64, vec![SIDES_FILE], "stage 3 table"),
    };
    let there = |dir: &Path| files.iter().all(|f| dir.join(f).is_file());
    let own = match cache {
        Some(dir) if there(dir) => format!(
            "building the {} reduction tables ({:.1} MB, about a second) and reading its {names} ({:.1} MB) from the cache",
            p.name,
            mb(all - kept),
            mb(kept)
        ),
        Some(_) => format!(
            "building the {} reduction tables ({:.1} MB, seconds; the {names}, {:.1} MB, then cached)",
            p.name,
            mb(all),
            mb(kept)
        ),
        None => format!(
            "building the {} reduction tables ({:.1} MB, seconds, kept in memory only)",
            p.name,
            mb(all)
        ),
    };
    Some(match crate::twophase::build_notice(cache) {
        Some(t) => format!("{own}; {t}"),
        None => own,
    })
}

/// The ranks of masks by bytes: `RANK[k][c][v]` is what byte `k` of value
/// `v` adds to the colex rank of an 8-bit mask when `c` bits lie below it.
struct Ranks {
    part: Vec<[u32; 256]>,
    /// `C(8,4)` rank of each byte with four bits (others unused).
    four: [u8; 256],
}

impl Ranks {
    fn new() -> Ranks {
        let mut part = vec![[0u32; 256]; 3 * 9];
        for k in 0..3 {
            for c in 0..9 {
                for (v, out) in part[k * 9 + c].iter_mut().enumerate() {
                    let mut seen = c;
                    let mut r = 0;
                    for i in 0..8 {
                        if v >> i & 1 == 1 {
                            seen += 1;
                            r += binomial(8 * k + i, seen);
                        }
                    }
                    *out = r;
                }
            }
        }
        let mut four = [u8::MAX; 256];
        let mut next = 0;
        for (v, slot) in four.iter_mut().enumerate() {
            if v.count_ones() == 4 {
                *slot = next;
                next += 1;
            }
        }
        Ranks { part, four }
    }
}

/// The colex rank of a 24-bit mask with 8 bits set, in `0..C(24,8)`.
#[inline]
fn rank8(r: &Ranks, mask: u32) -> usize {
    let (b0, b1, b2) = (mask & 255, mask >> 8 & 255, mask >> 16 & 255);
    let c1 = b0.count_ones() as usize;
    let c2 = c1 + b1.count_ones() as usize;
    if c2 > 8 {
        return usize::MAX;
    }
    (r.part[0][b0 as usize] + r.part[9 + c1][b1 as usize] + r.part[18 + c2][b2 as usize]) as usize
}

/// Stage 3's index of a mask (U, R, F colours set): the 8 slots of each
/// axis in `axes` (bit 0: U/D, 1: R/L, 2: F/B) read as a byte, ranked
/// among the C(8,4) bytes with four bits, the axes' ranks in base 70.
#[inline]
fn axes_index(r: &Ranks, pick: &[[[u8; 256]; 3]; 3], axes: u8, mask: u32) -> usize {
    let mut index = 0;
    for (k, axis) in pick.iter().enumerate() {
        if axes >> k & 1 == 0 {
            continue;
        }
        let byte =
            axis[0][(mask & 255) as usize] | axis[1][(mask >> 8 & 255) as usize] | axis[2][(mask >> 16) as usize];
        let v = r.four[byte as usize];
        if v == u8::MAX {
            return usize::MAX;
        }
        index = index * 70 + v as usize;
    }
    index
}

/// What one table of a stage sees, and how a turn moves it.
#[derive(Clone, Copy, Debug)]
enum View {
    /// A centre orbit's mask of some colours, indexed by [`rank8`], with
    /// the wing orbits' parities above bit 24 when `parity`.
    Rank { set: usize, parity: bool },
    /// One or two centre orbits' masks of the U, R, F colours (the second
    /// in bits 24 to 47; `usize::MAX` for none), each read on some axes
    /// ([`axes_index`]).
    Axes { sets: [usize; 2], axes: [u8; 2] },
    /// An edge's midge and two wings of one wing orbit
    /// (`(midge * 24 + wing) * 24 + wing`).
    Triple { wing_set: usize },
    /// Two edges' triples of one wing orbit (`first * TRIPLE + second`),
    /// read in the [`Pairs`] table.
    Pair { wing_set: usize },
}

/// A distance table: what it sees, and each value's distance to the goal.
struct Table {
    view: View,
    dist: Dist,
}

/// A table's distances: a byte a value, or the [`Pairs`] table's four bits.
enum Dist {
    Bytes(Vec<u8>),
    Pairs(Pairs),
}

impl Table {
    /// The distance of the value at index `i` ([`UNREACHED`] for an index
    /// past the table: `usize::MAX` marks a value no table holds).
    #[inline]
    fn at(&self, i: usize) -> u8 {
        match &self.dist {
            Dist::Bytes(d) => d.get(i).copied().unwrap_or(UNREACHED),
            Dist::Pairs(p) if i < pairs::ENTRIES => p.distance(i),
            Dist::Pairs(_) => UNREACHED,
        }
    }

    /// The bytes the table takes.
    fn bytes(&self) -> usize {
        match &self.dist {
            Dist::Bytes(d) => d.len(),
            Dist::Pairs(_) => pairs::BYTES,
        }
    }
}

/// The solver of an odd cube by reduction.
pub struct BigCubeSolver {
    puzzle: Puzzle,
    model: Model,
    ranks: Ranks,
    /// Per set and block turn: the turn on that set's masks (centres) or
    /// on its slots (the rest).
    masks: Vec<Vec<BitPerm>>,
    /// Per block turn: the bits (from bit 24 up) of the wing orbits it
    /// permutes oddly.
    flips: Vec<u64>,
    /// Per set (centres): per axis, the bytes of the axis's slots picked
    /// out of a mask.
    pick: Vec<[[[u8; 256]; 3]; 3]>,
    /// Stage 1's turns, stage 2's, stages 3 and 4's, and those of stage 3's
    /// second step (indices into the model's blocks).
    turns: [Vec<usize>; 4],
    /// Stages 1 to 3: per centre orbit its table.
    centres: [Vec<Table>; 3],
    /// Stage 3's two steps: their tables (see [`BigCubeSolver::new_until`]).
    split: [Vec<Table>; 2],
    /// Per edge: per wing orbit, its table.
    edges: Vec<Vec<Table>>,
    /// Per set (wing orbits; empty for the others): per block turn `t`,
    /// each [`View::Triple`] value `v`'s image at `t * TRIPLE + v`. The
    /// edge stage reads one for every edge it keeps at every node: one
    /// load here against four dependent ones and the arithmetic of
    /// [`triple_turn`].
    triple_moves: Vec<Vec<u16>>,
    /// Per edge: its midge's home slot and, per wing orbit, its wings'.
    homes: Homes,
    /// The midges' set.
    midge: usize,
    /// The wing orbits' sets.
    wing_sets: Vec<usize>,
    relabel: Relabel,
    cube3: Puzzle,
    /// Two-phase on the built-in 3x3x3, for stage 5.
    three: TwoPhaseSolver,
    /// The cube seen from each axis, for stage 1: [`frames`], whose turns
    /// are the faces (`back[k][f]`: the face of frame 0 that face `f` of
    /// frame `k` is).
    frames: Frames,
    /// How many of the edge stage's attempts run side by side
    /// ([`BigCubeSolver::with_threads`]).
    threads: usize,
    /// How long it searches for a shorter answer
    /// ([`BigCubeSolver::with_plan`]).
    plan: Plan,
    /// Stage 1's states near its goal ([`ball`]), when the cube has
    /// whole-cube turns to reduce them by.
    ball: Option<Ball>,
    /// The edge stage's table of two edges at once ([`pairs`]; a
    /// [`View::Pair`]), when every edge's paired triples agree.
    pairs: Option<Table>,
    /// Why a table kept in the cache folder (the pair table, stage 3's
    /// second step's) could not be written there, if one could not.
    uncached: Option<String>,
}

/// A triple (midge state, two wing slots of `wing_set`) after block turn
/// `b`; `midge` is the midges' set.
fn triple_turn(b: &Block, midge: usize, wing_set: usize, v: u64) -> u64 {
    let (mq, a, w) = ((v / 576) as usize, (v / 24 % 24) as usize, (v % 24) as usize);
    let q = b.to[midge][mq / 2] as usize;
    let o = (mq % 2 + b.twist[midge][q] as usize) % 2;
    (((q * 2 + o) * 24 + b.to[wing_set][a] as usize) * 24 + b.to[wing_set][w] as usize) as u64
}

/// The triples of an edge paired anywhere: `home` (the edge solved) and
/// its images under outer turns, in the order found.
fn paired(m: &Model, midge: usize, wing_set: usize, home: u64) -> Vec<u64> {
    let mut out = vec![home];
    let mut i = 0;
    while i < out.len() {
        for b in m.blocks.iter().filter(|b| b.depth == 1) {
            let next = triple_turn(b, midge, wing_set, out[i]);
            if !out.contains(&next) {
                out.push(next);
            }
        }
        i += 1;
    }
    out
}

/// Per edge: its midge's home slot and, per wing orbit, its two wings'.
type Homes = Vec<(usize, Vec<[usize; 2]>)>;

/// Per edge, its midge's home slot and, per wing orbit, its two wings'
/// home slots; and, when the cube has one wing orbit, the triples of an
/// edge paired, the same for every edge (`None` if they are not).
///
/// Which of an edge's wings is listed first is the model's order, which
/// differs from edge to edge; listed the other way, an edge's paired
/// triples are its wings swapped. Each edge's wings are put in the order
/// whose paired triples are the first edge's, so that one [`Pairs`] table
/// serves every two edges.
fn edge_homes(m: &Model) -> (Homes, Option<Vec<u16>>) {
    let midge = m.sets_of(Kind::Midge)[0];
    let wing_sets = m.sets_of(Kind::Wing);
    let mut homes: Homes = (0..12)
        .map(|e| {
            let place = m.faces[midge][e];
            let wings = wing_sets
                .iter()
                .map(|&w| {
                    let two: Vec<usize> = (0..24).filter(|&x| m.faces[w][x] == place).collect();
                    [two[0], two[1]]
                })
                .collect();
            (e, wings)
        })
        .collect();
    let [w] = wing_sets[..] else { return (homes, None) };
    let sorted = |e: usize, [a, b]: [usize; 2]| {
        let mut v = paired(m, midge, w, ((e * 2 * 24 + a) * 24 + b) as u64);
        v.sort_unstable();
        v
    };
    let first = sorted(0, homes[0].1[0]);
    let mut agree = true;
    for (e, wings) in &mut homes {
        let [a, b] = wings[0];
        if sorted(*e, [a, b]) != first {
            wings[0] = [b, a];
            agree &= sorted(*e, [b, a]) == first;
        }
    }
    let common = agree.then(|| first.iter().map(|&v| v as u16).collect());
    (homes, common)
}

/// The cube seen from each of its three axes (the 4x4x4's [`Frames`]), so
/// that stage 1 brings home whichever axis's centres are nearest, while the
/// later stages, whose turns and tables are fixed to the U/D axis first,
/// stay as they are: a state whose frame-`k` state is solved by turns
/// `t₁ t₂ …` is solved by `ρᵏ t₁ ρ⁻ᵏ, ρᵏ t₂ ρ⁻ᵏ, …`, each the same block
/// turn of another face. Frames over the six faces' quarter turns, `ρ`
/// read from the notation's whole-cube turns; a cube whose notation has
/// none (a definition read from a file) has the one frame it is given.
fn frames(p: &Puzzle, m: &Model) -> Frames {
    let quarter = |f: u8| {
        m.blocks
            .iter()
            .find(|b| (b.face, b.depth, b.power) == (f, 1, 1))
            .map(|b| crate::reduction::model::element_of(p, &b.letters))
    };
    let Some(turns) = (0..6).map(quarter).collect::<Option<Vec<Element>>>() else {
        return Frames::one(p, 6);
    };
    let rotations = ["x y", "y z", "z x", "x' z'", "y' x'", "z' y'"]
        .iter()
        .filter_map(|w| cubist_twisty::notation::parse(p, w).ok());
    Frames::three(p, rotations, &turns, [0, 1, 2]).unwrap_or_else(|| Frames::one(p, 6))
}

/// Whether block turn `b` keeps stage `stage`'s goal (1: every turn; 2: the
/// U/D centres on their faces; 3: every axis's centres on its faces; 4:
/// that and the U/D centres solved).
fn keeps(stage: usize, b: &Block) -> bool {
    match stage {
        1 => true,
        2 => b.depth == 1 || b.axis() == 0 || b.power == 2,
        3 => b.depth == 1 || b.power == 2,
        _ => b.depth == 1 || (b.power == 2 && b.axis() == 0),
    }
}

impl BigCubeSolver {
    /// Plans the solver for `p` (builds its tables and readies the
    /// two-phase tables, from `cache` when they are there), stopping with
    /// [`Error::Interrupted`] when `watch`'s cancel flag is set while the
    /// two-phase tables are built.
    pub fn new_until(p: &Puzzle, cache: Option<&Path>, watch: Watch<'_>) -> Result<BigCubeSolver, Error> {
        let model = Model::new(p).filter(|m| m.n == SIZE).ok_or_else(|| {
            Error::Invalid(format!(
                "the reduction solves the 4x4x4 to the 7x7x7 (with every face's layer moves), not {}",
                p.name
            ))
        })?;
        let m = &model;
        let ranks = Ranks::new();
        let masks: Vec<Vec<BitPerm>> = (0..m.kinds.len())
            .map(|s| match m.kinds[s] {
                Kind::Centre => m.blocks.iter().map(|b| BitPerm::new(&b.to[s])).collect(),
                _ => Vec::new(),
            })
            .collect();
        let wing_sets = m.sets_of(Kind::Wing);
        let flips = m
            .blocks
            .iter()
            .map(|b| {
                wing_sets
                    .iter()
                    .enumerate()
                    .fold(0u64, |acc, (i, &w)| acc | u64::from(b.odd[w]) << (24 + i))
            })
            .collect();
        let centre_sets = m.sets_of(Kind::Centre);
        let mut pick = vec![[[[0u8; 256]; 3]; 3]; m.kinds.len()];
        for &s in &centre_sets {
            for (axis, bytes) in pick[s].iter_mut().enumerate() {
                let slots: Vec<usize> = (0..24).filter(|&q| m.faces[s][q] % 3 == axis as u8).collect();
                for (k, table) in bytes.iter_mut().enumerate() {
                    for (v, out) in table.iter_mut().enumerate() {
                        *out = slots
                            .iter()
                            .enumerate()
                            .filter(|&(_, &q)| q / 8 == k && v >> (q % 8) & 1 == 1)
                            .fold(0, |acc, (i, _)| acc | 1 << i);
                    }
                }
            }
        }
        let turns = [1, 2, 3, 4].map(|stage| (0..m.blocks.len()).filter(|&b| keeps(stage, &m.blocks[b])).collect());
        let midge = m.sets_of(Kind::Midge)[0];
        let (homes, common) = edge_homes(m);
        let cube3 = cubist_twisty::library::puzzle("3x3x3")?;
        let mut solver = BigCubeSolver {
            puzzle: p.clone(),
            model: model.clone(),
            ranks,
            masks,
            flips,
            pick,
            turns,
            centres: [Vec::new(), Vec::new(), Vec::new()],
            split: [Vec::new(), Vec::new()],
            edges: Vec::new(),
            triple_moves: Vec::new(),
            homes,
            midge,
            wing_sets: wing_sets.clone(),
            relabel: reduced_relabel(p, m)?,
            three: TwoPhaseSolver::with_progress(&cube3, cubist_twophase::SolveOptions::default(), cache, watch)?,
            cube3,
            frames: frames(p, m),
            threads: 1,
            plan: Plan::SHORT,
            ball: None,
            pairs: None,
            uncached: None,
        };
        solver.triple_moves = (0..m.kinds.len())
            .map(|s| match m.kinds[s] {
                Kind::Wing => (0..m.blocks.len())
                    .flat_map(|t| (0..TRIPLE as u64).map(move |v| (t, v)))
                    .map(|(t, v)| triple_turn(&m.blocks[t], midge, s, v) as u16)
                    .collect(),
                _ => Vec::new(),
            })
            .collect();
        // The goals: each colour's slots in the solved cube.
        let colour =
            |s: usize, f: &dyn Fn(u8) -> bool| (0..24).filter(|&q| f(m.faces[s][q])).fold(0u64, |a, q| a | 1 << q);
        // The centre tables, each a breadth-first search of its own, are
        // built side by side (with stage 1's ball, the longest): what each
        // is (view, goal, the stage whose turns it takes, size), and where
        // it goes (0 to 2: stages 1 to 3; 3 and 4: stage 3's two steps).
        let mut specs: Vec<(usize, View, u64, usize, usize)> = Vec::new();
        for (i, &s) in centre_sets.iter().enumerate() {
            let view = View::Rank { set: s, parity: false };
            specs.push((0, view, colour(s, &|f| f % 3 == 0), 0, C24_8));
            let view = View::Rank { set: s, parity: i == 0 };
            let size = if i == 0 { C24_8 << wing_sets.len() } else { C24_8 };
            specs.push((1, view, colour(s, &|f| f % 3 == 1), 1, size));
            let view = View::Axes {
                sets: [s, usize::MAX],
                axes: [7, 0],
            };
            specs.push((2, view, colour(s, &|f| f < 3), 2, AXES));
        }
        // Stage 3 in two steps, each orbit with another: the U/D axis
        // (C(8,4)^2 = 4,900 values a pair), then the other two axes of both
        // (70^4 = 24,010,000, built by `build_sides`).
        for pair in centre_sets.chunks(2) {
            let (a, b) = (pair[0], pair.get(1).copied().unwrap_or(usize::MAX));
            let goal = colour(a, &|f| f < 3)
                | if b == usize::MAX {
                    0
                } else {
                    colour(b, &|f| f < 3) << 24
                };
            let ud = View::Axes {
                sets: [a, b],
                axes: [1, 1],
            };
            specs.push((3, ud, goal, 2, 70 * 70));
            let view = View::Axes {
                sets: [a, b],
                axes: [6, 6],
            };
            specs.push((4, view, goal, 3, SIDES * SIDES));
        }
        // The edge stage's pair table (read from the cache, or built: the
        // longest, some 3.5 s) beside them, when the edges agree and every
        // turn's inverse is a block turn (its build undoes turns).
        let inverse: Option<Vec<usize>> = solver.turns[2]
            .iter()
            .map(|&t| {
                let b = &m.blocks[t];
                m.blocks
                    .iter()
                    .position(|c| c.face == b.face && c.depth == b.depth && (c.power + b.power) % 4 == 0)
            })
            .collect();
        let ((built, ball), pairs) = rayon::join(
            || {
                rayon::join(
                    || {
                        specs
                            .par_iter()
                            .map(|&(_, view, goal, stage, size)| match view {
                                View::Axes { sets, axes: [6, 6] } => {
                                    solver.build_sides(sets, goal, &solver.turns[stage], cache)
                                }
                                _ => (solver.build(view, &[goal], &solver.turns[stage], size), None),
                            })
                            .collect::<Vec<(Table, Option<String>)>>()
                    },
                    || {
                        Ball::turns(p, m, &centre_sets).and_then(|turns| {
                            let [a, b] = [centre_sets[0], centre_sets[1]];
                            let goal = [a, b].map(|s| colour(s, &|f| f % 3 == 0) as u32);
                            let stage1 = &solver.turns[0];
                            Ball::build(turns, goal, stage1.len(), |[x, y], i| {
                                let t = stage1[i];
                                [solver.masks[a][t].apply(x), solver.masks[b][t].apply(y)]
                            })
                        })
                    },
                )
            },
            || {
                common.as_ref().zip(inverse.as_ref()).map(|(paired, inverse)| {
                    let spec = pairs::Spec {
                        moves: &solver.triple_moves[wing_sets[0]],
                        turns: &solver.turns[2],
                        inverse,
                        paired,
                    };
                    Pairs::load(&spec, cache, watch)
                })
            },
        );
        let pairs = match pairs {
            Some(None) => {
                return Err(Error::Interrupted(
                    "while the 5x5x5 reduction's pair table was built".into(),
                ))
            }
            Some(Some((table, warning))) => {
                solver.uncached = warning;
                Some(Table {
                    view: View::Pair { wing_set: wing_sets[0] },
                    dist: Dist::Pairs(table),
                })
            }
            None => None,
        };
        let mut centres: [Vec<Table>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        let mut split = [Vec::new(), Vec::new()];
        for (&(to, ..), (table, warning)) in specs.iter().zip(built) {
            solver.uncached = solver.uncached.take().or(warning);
            match to {
                0..=2 => centres[to].push(table),
                _ => split[to - 3].push(table),
            }
        }
        let mut edges = Vec::new();
        for (e, wings) in &solver.homes {
            let mut per = Vec::new();
            for (&w, &[a, b]) in wing_sets.iter().zip(wings) {
                let goals = paired(m, midge, w, ((*e * 2 * 24 + a) * 24 + b) as u64);
                per.push(solver.build(View::Triple { wing_set: w }, &goals, &solver.turns[2], TRIPLE));
            }
            edges.push(per);
        }
        solver.ball = ball;
        solver.pairs = pairs;
        solver.centres = centres;
        solver.split = split;
        solver.edges = edges;
        Ok(solver)
    }

    /// The bytes the tables take.
    pub fn table_bytes(&self) -> usize {
        let tables: usize = self
            .centres
            .iter()
            .chain(&self.split)
            .flatten()
            .chain(self.edges.iter().flatten())
            .chain(&self.pairs)
            .map(Table::bytes)
            .sum();
        let ball = self.ball.as_ref().map_or(0, |_| Ball::BYTES);
        tables + self.triple_moves.iter().map(|t| t.len() * 2).sum::<usize>() + ball
    }

    /// Where the two-phase tables (for the reduced 3x3x3) came from.
    pub fn two_phase_origin(&self) -> crate::twophase::TablesOrigin {
        self.three.tables().0
    }

    /// Why the two-phase tables, the pair table or stage 3's second
    /// step's table could not be cached, if one could not.
    pub fn cache_warning(&self) -> Option<&str> {
        self.three.cache_warning().or(self.uncached.as_deref())
    }

    /// The solver running `threads` of the edge stage's attempts side by
    /// side (at least 1; 1 by default), and stage 1's three axes. The
    /// answer depends on `threads` (of the attempts run side by side, the
    /// one that pairs the edges in the fewest turns is kept: never longer
    /// than one thread's) but not on how the threads are scheduled.
    pub fn with_threads(self, threads: usize) -> BigCubeSolver {
        BigCubeSolver {
            threads: threads.max(1),
            ..self
        }
    }

    /// The solver searching for a shorter answer as `plan` says
    /// ([`Plan::SHORT`] by default).
    pub(crate) fn with_plan(self, plan: Plan) -> BigCubeSolver {
        BigCubeSolver { plan, ..self }
    }

    /// What `view` sees after block turn `t`.
    #[inline]
    fn step(&self, view: View, v: u64, t: usize) -> u64 {
        const LOW: u64 = 0xFF_FFFF;
        match view {
            View::Rank { set, .. } => {
                u64::from(self.masks[set][t].apply((v & LOW) as u32)) | ((v & !LOW) ^ self.flips[t])
            }
            View::Axes { sets: [a, b], .. } => {
                let high = if b == usize::MAX {
                    0
                } else {
                    self.masks[b][t].apply((v >> 24 & LOW) as u32)
                };
                u64::from(self.masks[a][t].apply((v & LOW) as u32)) | u64::from(high) << 24
            }
            View::Triple { wing_set } => u64::from(self.triple_moves[wing_set][t * TRIPLE + v as usize]),
            View::Pair { wing_set } => {
                let moves = &self.triple_moves[wing_set][t * TRIPLE..][..TRIPLE];
                let (a, b) = (v as usize / TRIPLE, v as usize % TRIPLE);
                u64::from(moves[a]) * TRIPLE as u64 + u64::from(moves[b])
            }
        }
    }

    /// The table index of what `view` sees (`usize::MAX` for a value no
    /// table holds).
    #[inline]
    fn index(&self, view: View, v: u64) -> usize {
        match view {
            View::Rank { parity, .. } => {
                let r = rank8(&self.ranks, (v & 0xFF_FFFF) as u32);
                match parity {
                    _ if r == usize::MAX => r,
                    true => (r << self.wing_sets.len()) | (v >> 24) as usize,
                    false => r,
                }
            }
            View::Axes { sets: [a, b], axes } => {
                let first = axes_index(&self.ranks, &self.pick[a], axes[0], (v & 0xFF_FFFF) as u32);
                if b == usize::MAX || first == usize::MAX {
                    return first;
                }
                let second = axes_index(&self.ranks, &self.pick[b], axes[1], (v >> 24 & 0xFF_FFFF) as u32);
                match second {
                    usize::MAX => second,
                    _ => first * 70usize.pow(axes[1].count_ones()) + second,
                }
            }
            View::Triple { .. } | View::Pair { .. } => v as usize,
        }
    }

    /// The table of `view` for a stage turning `turns`, whose goal is
    /// `goals`, by a breadth-first search from them (the turns are closed
    /// under inverses, so a distance from the goal is one to it).
    fn build(&self, view: View, goals: &[u64], turns: &[usize], size: usize) -> Table {
        let mut dist = vec![UNREACHED; size];
        let mut frontier: Vec<u64> = Vec::new();
        for &g in goals {
            let i = self.index(view, g);
            if dist[i] == UNREACHED {
                dist[i] = 0;
                frontier.push(g);
            }
        }
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for &v in &frontier {
                for &t in turns {
                    let w = self.step(view, v, t);
                    let i = self.index(view, w);
                    if dist[i] == UNREACHED {
                        dist[i] = depth;
                        next.push(w);
                    }
                }
            }
            frontier = next;
        }
        Table {
            view,
            dist: Dist::Bytes(dist),
        }
    }
}

impl BigCubeSolver {
    /// Stage 3's second step whole: the table of [`View::Axes`] with both
    /// orbits `sets` seen on the R/L and F/B axes (`[6, 6]`), 70^4 =
    /// 24,010,000 values, from `goal` under `turns` (which keep the U and
    /// D faces). [`BigCubeSolver::build`] would work out each child's
    /// masks and ranks, some 30 ns, 480 million times; here each orbit's
    /// 4,900 values are first found by a search of its own, with a move
    /// table of them, and the breadth-first search of the pairs takes one
    /// read of each orbit's table a child, its levels on rayon's threads
    /// (each entry at the level being searched is final, and every thread
    /// writes the same next level to an entry not reached, so the writes
    /// need no lock).
    ///
    /// With `cache`, the table is read from its file there when the file
    /// is good ([`SIDES_FILE`], keyed by the two orbits' move tables and
    /// the goal), else built and written there (with a warning when it
    /// cannot be).
    fn build_sides(
        &self,
        sets: [usize; 2],
        goal: u64,
        turns: &[usize],
        cache: Option<&Path>,
    ) -> (Table, Option<String>) {
        const LOW: u64 = 0xFF_FFFF;
        let n = turns.len();
        let index = |s: usize, mask: u32| axes_index(&self.ranks, &self.pick[s], 6, mask);
        // Per orbit, each value's image under each turn (`value * n + k`
        // for the `k`-th turn), found from the orbit's goal; a value the
        // goal never reaches keeps itself (so the pull below cannot take
        // it for a neighbour of a reached one).
        let moves: Vec<Vec<u16>> = (0..2)
            .map(|k| {
                let s = sets[k];
                let start = (goal >> (24 * k) & LOW) as u32;
                let mut seen = vec![false; SIDES];
                let mut table: Vec<u16> = (0..SIDES * n).map(|e| (e / n) as u16).collect();
                seen[index(s, start)] = true;
                let mut queue = vec![start];
                let mut head = 0;
                while let Some(&mask) = queue.get(head) {
                    head += 1;
                    let i = index(s, mask);
                    for (k, &t) in turns.iter().enumerate() {
                        let w = self.masks[s][t].apply(mask);
                        let j = index(s, w);
                        if !seen[j] {
                            seen[j] = true;
                            queue.push(w);
                        }
                        table[i * n + k] = j as u16;
                    }
                }
                table
            })
            .collect();
        let view = View::Axes { sets, axes: [6, 6] };
        let mut h = cubist_io::checkpoint::Fnv1a64::new();
        h.update(&goal.to_le_bytes());
        for table in &moves {
            h.update(&table.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>());
        }
        let key = h.finish();
        let path = cache.map(|dir| dir.join(SIDES_FILE));
        if let Some(bytes) = path
            .as_deref()
            .and_then(|p| crate::table_file::read(p, SIDES_MAGIC, key, SIDES * SIDES))
        {
            let table = Table {
                view,
                dist: Dist::Bytes(bytes),
            };
            return (table, None);
        }
        let dist: Vec<AtomicU8> = (0..SIDES * SIDES).map(|_| AtomicU8::new(UNREACHED)).collect();
        let g = index(sets[0], (goal & LOW) as u32) * SIDES + index(sets[1], (goal >> 24 & LOW) as u32);
        dist[g].store(0, Ordering::Relaxed);
        // A level from the one before, each a scan of the whole table (no
        // list of a level's entries, so no memory beside the table):
        // pushed from the level's entries while they are few, then pulled
        // into the entries not reached once those are fewer than the
        // level's children (each looks for a neighbour in the level and
        // stops at the first; the turns are closed under inverses, so a
        // neighbour is one a turn away either way). A count can take an
        // entry twice (two threads pushing to it at once): it only decides
        // the way and the end.
        let at = |x: usize, y: usize, k: usize| moves[0][x * n + k] as usize * SIDES + moves[1][y * n + k] as usize;
        let (mut level, mut last, mut left) = (0u8, 1usize, SIDES * SIDES - 1);
        while last > 0 {
            let pull = last * n > left;
            last = (0..SIDES)
                .into_par_iter()
                .map(|x| {
                    let mut found = 0;
                    for y in 0..SIDES {
                        let here = &dist[x * SIDES + y];
                        if pull {
                            if here.load(Ordering::Relaxed) == UNREACHED
                                && (0..n).any(|k| dist[at(x, y, k)].load(Ordering::Relaxed) == level)
                            {
                                here.store(level + 1, Ordering::Relaxed);
                                found += 1;
                            }
                        } else if here.load(Ordering::Relaxed) == level {
                            for k in 0..n {
                                let e = &dist[at(x, y, k)];
                                if e.load(Ordering::Relaxed) == UNREACHED {
                                    e.store(level + 1, Ordering::Relaxed);
                                    found += 1;
                                }
                            }
                        }
                    }
                    found
                })
                .sum();
            left = left.saturating_sub(last);
            level += 1;
        }
        let bytes: Vec<u8> = dist.into_iter().map(AtomicU8::into_inner).collect();
        let warning = path.and_then(|p| {
            crate::table_file::write(&p, SIDES_MAGIC, key, &bytes, "the 5x5x5 reduction's stage 3 table")
        });
        let table = Table {
            view,
            dist: Dist::Bytes(bytes),
        };
        (table, warning)
    }
}

/// A stage's search: iterative deepening over its turns, guided by the
/// largest of its tables' values (each exact for what it sees, so a lower
/// bound of the turns left); the goal is every table at 0.
///
/// Turns of one axis commute, so of the products of a run of them only one
/// order is tried (faces and depths increasing), and a block is never
/// turned twice in a row.
struct Stage<'a> {
    solver: &'a BigCubeSolver,
    /// Looked at every [`POLL_NODES`] nodes: once set, the search ends
    /// with [`Error::Interrupted`].
    watch: Watch<'a>,
    tables: Vec<&'a Table>,
    turns: &'a [usize],
    nodes: u64,
    /// The most nodes the search may visit.
    budget: u64,
    /// The race this search is part of, and its number: looked at with
    /// the cancel flag, the search ends (with [`Error::Interrupted`]) once
    /// it cannot win.
    race: Option<(&'a Race, usize)>,
    /// Stage 1's states near its goal: a child is passed over when the
    /// ball says it is farther than the turns left (and, within its
    /// radius, it says exactly how far).
    ball: Option<&'a Ball>,
    /// How many ways of the length searched [`Stage::ways_at_depth`]
    /// gathers before it ends (1: the first found).
    want: usize,
    /// The ways gathered so far.
    found: Vec<Vec<usize>>,
    /// The most nodes the search may visit after its first way, gathering
    /// more ([`STAGE2_MORE_NODES`], [`EDGE_MORE_NODES`]).
    more: u64,
}

/// Searches run side by side (stage 1's frames at one depth), of which
/// the first in order with a way is taken, whatever the threads' timing,
/// so that the answer is the same from run to run: a later search stops at
/// its next look at the race ([`POLL_NODES`]) once an earlier one has a
/// way.
struct Race {
    /// The least number of a search that found its way, `usize::MAX`
    /// before.
    best: AtomicUsize,
}

impl Race {
    fn new() -> Race {
        Race {
            best: AtomicUsize::new(usize::MAX),
        }
    }

    /// Whether search `k` can no longer win.
    fn beaten(&self, k: usize) -> bool {
        k > self.best.load(Ordering::Relaxed)
    }

    /// Search `k` found its way.
    fn finish(&self, k: usize) {
        self.best.fetch_min(k, Ordering::Relaxed);
    }

    /// The winner's number, once a search has found its way.
    fn winner(&self) -> Option<usize> {
        let best = self.best.load(Ordering::Relaxed);
        (best != usize::MAX).then_some(best)
    }

    /// A new race between the same searches.
    fn reset(&self) {
        self.best.store(usize::MAX, Ordering::Relaxed);
    }
}

/// Whether a search of a [`Race`] ended with `e` because it was beaten:
/// [`Error::Interrupted`] with the cancel flag unset (set, the solve was
/// asked to stop, and says so).
fn beaten(e: &Error, watch: Watch<'_>) -> bool {
    matches!(e, Error::Interrupted(_)) && !watch.cancelled()
}

/// Runs `work` on `threads` threads, this one among them (the work shares
/// its jobs out itself); the first error, if any.
fn side_by_side(threads: usize, work: &(dyn Fn() -> Result<(), Error> + Sync)) -> Result<(), Error> {
    if threads <= 1 {
        return work();
    }
    std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mine = work();
        others.into_iter().fold(mine, |first, h| {
            let r = h
                .join()
                .unwrap_or_else(|_| Err(Error::Failed("a search thread failed".into())));
            first.and(r)
        })
    })
}

/// A lock on `m` (a search's state is whole even if another thread
/// panicked holding it: nothing is written half).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Stage 1 searches the other frames ([`Frames`]) from this depth on, the
/// cube as it is below it (a random state's stage 1 is 9 to 11 turns in
/// each): a short scramble is then undone in its own frame, where the
/// later stages find it short, while taken in another frame, whose stage
/// 1 may be shorter, it can end with a far longer answer (`R Fw' U2 Lw`: 4
/// turns in its own frame, 90 in the F/B axis's).
const FRAMES_FROM: u8 = 7;

/// How often a stage's search looks at the cancel flag: some 10 ms of
/// nodes.
const POLL_NODES: u64 = 1 << 14;

/// The most tables a stage reads (the 7x7x7's edge stage: 6 centre orbits
/// and 12 edges of 2 wing orbits).
const MAX_TABLES: usize = 32;

impl<'a> Stage<'a> {
    /// A search of `solver`'s `turns` guided by `tables`, within `budget`
    /// nodes, the first way found returned.
    fn new(
        solver: &'a BigCubeSolver,
        watch: Watch<'a>,
        tables: Vec<&'a Table>,
        turns: &'a [usize],
        budget: u64,
    ) -> Stage<'a> {
        Stage {
            solver,
            watch,
            tables,
            turns,
            nodes: 0,
            budget,
            race: None,
            ball: None,
            want: 1,
            found: Vec::new(),
            more: u64::MAX,
        }
    }

    /// The largest table value of `vs` ([`UNREACHED`] when a table has no
    /// way to its goal).
    #[inline]
    fn bound(&self, vs: &[u64]) -> u8 {
        let mut h = 0;
        for (t, &v) in self.tables.iter().zip(vs) {
            let d = t.at(self.solver.index(t.view, v));
            if d > h {
                h = d;
                if h == UNREACHED {
                    break;
                }
            }
        }
        h
    }

    /// A shortest sequence of the stage's turns from `start` (one value
    /// per table) to the goal.
    fn search(&mut self, start: &[u64]) -> Result<Vec<usize>, Error> {
        let h = self.bound(start);
        if h == UNREACHED {
            return Err(Error::Failed("a stage of the reduction has no way to its goal".into()));
        }
        for depth in h..=MAX_DEPTH {
            if let Some(path) = self.at_depth(start, depth)? {
                return Ok(path);
            }
        }
        Err(Error::Failed(format!(
            "a stage of the reduction is longer than {MAX_DEPTH} turns"
        )))
    }

    /// A way from `start` to the goal of exactly `depth` turns, if any.
    fn at_depth(&mut self, start: &[u64], depth: u8) -> Result<Option<Vec<usize>>, Error> {
        let mut path = Vec::new();
        Ok(self.dfs(start, depth, &mut path)?.then_some(path))
    }

    /// The ways ([`Stage::ways_at_depth`]) of the least length that has
    /// any, and of the `more` lengths after it.
    fn least_ways(&mut self, start: &[u64], more: u8) -> Result<Vec<Vec<usize>>, Error> {
        let low = self.bound(start);
        if low == UNREACHED {
            return Err(Error::Failed("a stage of the reduction has no way to its goal".into()));
        }
        let mut ways = Vec::new();
        let mut from: Option<u8> = None;
        for depth in low..=MAX_DEPTH {
            ways.extend(self.ways_at_depth(start, depth)?);
            if ways.is_empty() {
                continue;
            }
            if depth >= *from.get_or_insert(depth) + more {
                return Ok(ways);
            }
        }
        Err(Error::Failed(format!(
            "a stage of the reduction is longer than {MAX_DEPTH} turns"
        )))
    }

    /// Up to [`Stage::want`] ways from `start` to the goal of exactly
    /// `depth` turns, in the order the search meets them: those found
    /// before the budget ran out, if it did after one was found.
    fn ways_at_depth(&mut self, start: &[u64], depth: u8) -> Result<Vec<Vec<usize>>, Error> {
        self.found.clear();
        let mut path = Vec::new();
        match self.dfs(start, depth, &mut path) {
            Ok(true) if self.want <= 1 => Ok(vec![path]),
            Ok(_) => Ok(std::mem::take(&mut self.found)),
            Err(Error::Limit(_)) if !self.found.is_empty() => Ok(std::mem::take(&mut self.found)),
            Err(e) => Err(e),
        }
    }

    fn dfs(&mut self, vs: &[u64], left: u8, path: &mut Vec<usize>) -> Result<bool, Error> {
        if left == 0 {
            if self.bound(vs) != 0 {
                return Ok(false);
            }
            if self.want > 1 {
                self.found.push(path.clone());
                if self.found.len() == 1 {
                    self.budget = self.budget.min(self.nodes.saturating_add(self.more));
                }
                return Ok(self.found.len() >= self.want);
            }
            return Ok(true);
        }
        let blocks = &self.solver.model.blocks;
        let last = path.last().map(|&l| &blocks[l]);
        let mut next = [0u64; MAX_TABLES];
        let n = vs.len();
        for &t in self.turns {
            let b = &blocks[t];
            if last.is_some_and(|l| l.axis() == b.axis() && (l.face, l.depth) >= (b.face, b.depth)) {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return Err(out_of_nodes("a stage of the 5x5x5's reduction", self.budget));
            }
            if self.nodes % POLL_NODES == 0 {
                if self.watch.cancelled() {
                    return Err(Error::Interrupted(format!(
                        "after {} nodes of a stage of the 5x5x5's reduction",
                        self.nodes
                    )));
                }
                if let Some((race, k)) = self.race {
                    if race.beaten(k) {
                        return Err(Error::Interrupted(format!("search {k} beaten by another")));
                    }
                }
            }
            // The tables in turn, stopping at the first that cuts.
            let mut cut = false;
            for ((out, &v), table) in next[..n].iter_mut().zip(vs).zip(&self.tables) {
                *out = self.solver.step(table.view, v, t);
                let d = table.at(self.solver.index(table.view, *out));
                if d > left - 1 {
                    cut = true;
                    break;
                }
            }
            if cut {
                continue;
            }
            // Within the ball's reach, it says how far the child is (and
            // outside it, farther than its radius); stage 1's first two
            // values are the two centre orbits' masks, as the ball's.
            if let Some(near) = self.ball.filter(|_| left - 1 <= ball::RADIUS) {
                const LOW: u64 = 0xFF_FFFF;
                match near.distance([(next[0] & LOW) as u32, (next[1] & LOW) as u32]) {
                    Some(d) if d < left => {}
                    _ => continue,
                }
            }
            path.push(t);
            if self.dfs(&next[..n], left - 1, path)? {
                return Ok(true);
            }
            path.pop();
        }
        Ok(false)
    }
}

impl BigCubeSolver {
    /// Solves `state`: the block turns as the WCA writes them (`3Rw2`,
    /// `U'`) and the same as a word of the puzzle's moves, verified (the
    /// word applied to the state, and the text read back by the notation's
    /// parser, both give the solved cube).
    pub fn solve(&self, state: &Element) -> Result<(Vec<String>, Word), Error> {
        self.solve_until(state, Watch::NONE)
    }

    /// [`Self::solve`], ending with [`Error::Interrupted`] soon after
    /// `watch`'s cancel flag is set (a state may take seconds, a refusal
    /// some 20).
    pub fn solve_until(&self, state: &Element, watch: Watch<'_>) -> Result<(Vec<String>, Word), Error> {
        self.solve_measured(state, watch).map(|(names, word, _)| (names, word))
    }

    /// [`Self::solve_until`], with what each stage took ([`Measured`]).
    pub fn solve_measured(&self, state: &Element, watch: Watch<'_>) -> Result<(Vec<String>, Word, Measured), Error> {
        let (blocks, faces, measured) = self.turns(state, true, watch)?;
        let m = &self.model;
        let mut names: Vec<String> = blocks
            .iter()
            .map(|&(face, depth, power)| block_name(face, depth, power))
            .collect();
        let mut letters: Vec<(usize, i64)> = Vec::new();
        for &(face, depth, power) in &blocks {
            letters.extend(&m.block(face, depth, power)?.letters);
        }
        for &(face, power) in &faces {
            let b = m.block(face, 1, power)?;
            letters.extend(&b.letters);
            names.push(block_name(face, 1, power));
        }
        let word = Word::from_letters(letters);
        crate::reduction::model::check_answer(&self.puzzle, state, &word, &names)?;
        Ok((names, word, measured))
    }

    /// The solve as turns of the cube as it is, not checked: stages 1 to
    /// 4's block turns (face, depth, power; [`model::FACES`]), then the
    /// 3x3x3's face turns (face, power; none unless `whole`: then the
    /// cube is left reduced), and what each stage took. The 7x7x7's solver
    /// ([`seven`]) reads its two inner 5x5x5s' answers so.
    pub(crate) fn turns(&self, state: &Element, whole: bool, watch: Watch<'_>) -> Result<Turns, Error> {
        let (measured, blocks, three, frame) = self.stages(state, whole, watch)?;
        // The turns of the frame found, as turns of the cube as it is.
        let to = &self.frames.back[frame];
        let blocks = blocks
            .into_iter()
            .map(|(face, depth, power)| (to[face as usize], depth, power))
            .collect();
        let faces = three
            .letters()
            .iter()
            .map(|&(g, k)| {
                let name = &self.cube3.moves[g].name;
                model::FACES
                    .iter()
                    .position(|c| name.as_str() == c.to_string())
                    .map(|f| (to[f], k.rem_euclid(4) as u8))
                    .ok_or_else(|| Error::Failed(format!("the 3x3x3 has a turn {name}")))
            })
            .collect::<Result<_, _>>()?;
        Ok((blocks, faces, measured))
    }

    /// Each stage's length (the last the 3x3x3's), stages 1 to 4's block
    /// turns (face, depth, power), merged where two of one block meet, and
    /// stage 5's face turns (of the built-in 3x3x3).
    fn stages(&self, state: &Element, whole: bool, watch: Watch<'_>) -> Result<Stages, Error> {
        let m = &self.model;
        nested::check_state(&self.puzzle, state)?;
        let mut path: Vec<usize> = Vec::new();
        let mut lengths = Vec::new();
        let centre_sets = m.sets_of(Kind::Centre);
        // Stages 1 and 2: one table per centre orbit; stage 2's first also
        // holds the wing orbits' parities.
        let start_of = |cube: &Cube, stage: usize| -> Vec<u64> {
            centre_sets
                .iter()
                .enumerate()
                .map(|(i, &s)| {
                    let mask = cube.mask(s, |f| f % 3 == stage as u8, &m.faces[s]);
                    if stage == 1 && i == 0 {
                        mask | cube.parities(&self.wing_sets) << 24
                    } else {
                        mask
                    }
                })
                .collect()
        };
        // Stage 1 in every frame: the nearest axis's centres go home.
        let frames: Vec<Cube> = (0..self.frames.rho.len())
            .map(|k| Cube {
                contents: model::contents(&self.frames.state(k, state)),
            })
            .collect();
        let starts: Vec<Vec<u64>> = frames.iter().map(|c| start_of(c, 0)).collect();
        let (frame, way) = self.stage1(&starts, watch)?;
        let mut cube = frames.into_iter().nth(frame).expect("the frame found");
        for &t in &way {
            cube.turn(m, &m.blocks[t]);
        }
        lengths.push(way.len());
        path.extend(way);
        // Stage 2: of its shortest ways (up to STAGE2_WAYS), the one whose
        // best stage 3 way scores least (stage 3's ranking, its turns and
        // the edges' distances after it, with stage 2's turns).
        let mut second = Stage {
            want: self.plan.stage2_ways,
            more: STAGE2_MORE_NODES,
            ..Stage::new(self, watch, self.centres[1].iter().collect(), &self.turns[1], NODES)
        };
        let mut best: Option<(usize, Vec<usize>, Ranked)> = None;
        for two in second.least_ways(&start_of(&cube, 1), 0)? {
            let ranked = self.stage3_ways(&cube.turned(m, &two), watch)?;
            let Some(&(three, _)) = ranked.first() else { continue };
            if best.as_ref().is_none_or(|b| two.len() + three < b.0) {
                best = Some((two.len() + three, two, ranked));
            }
        }
        let (_, two, ranked) =
            best.ok_or_else(|| Error::Failed("a stage of the reduction has no way to its goal".into()))?;
        cube = cube.turned(m, &two);
        let ways: Vec<Vec<usize>> = ranked.into_iter().map(|(_, way)| way).collect();
        lengths.push(two.len());
        path.extend(two);
        // Stages 3 and 4: attempts from stage 3's ways in turn, `threads`
        // of them side by side, until one pairs its edges.
        let mut found = None;
        let mut next = 0;
        while found.is_none() && next < ATTEMPTS {
            let round = next..(next + self.threads).min(ATTEMPTS);
            next = round.end;
            found = self.round(&cube, &path, &ways, round, whole, watch)?;
        }
        let (three, edges, word) = found.ok_or_else(|| {
            out_of_nodes(
                &format!("the 5x5x5's centres and edges ({ATTEMPTS} attempts)"),
                EDGE_NODES,
            )
        })?;
        let searches: Vec<(usize, usize)> = edges.iter().map(|(way, n)| (way.len(), *n)).collect();
        let edges: Vec<usize> = edges.into_iter().flat_map(|(way, _)| way).collect();
        lengths.push(three.len());
        lengths.push(edges.len());
        path.extend(three);
        path.extend(edges);
        lengths.push(word.len());
        let measured = Measured {
            lengths,
            edge_searches: searches,
        };
        Ok((measured, merge(m, &path), word, frame))
    }
}

impl BigCubeSolver {
    /// Stage 1 in every frame (see [`Frames`]), a depth at a time (the
    /// frames other than the first from [`FRAMES_FROM`] on): the first
    /// frame, in their order, with a way of the least depth, and that way.
    /// The frames of a depth are searched `threads` at a time; a frame
    /// stops once an earlier one has a way (it cannot be taken), so the
    /// answer is the same whatever the threads. Each frame has its own
    /// budget of nodes; a frame out of them is given up, and the stage
    /// with it only when every frame is.
    fn stage1(&self, starts: &[Vec<u64>], watch: Watch<'_>) -> Result<(usize, Vec<usize>), Error> {
        let race = Race::new();
        let searches: Vec<Mutex<Stage>> = (0..starts.len())
            .map(|k| {
                Mutex::new(Stage {
                    race: Some((&race, k)),
                    ball: self.ball.as_ref(),
                    ..Stage::new(self, watch, self.centres[0].iter().collect(), &self.turns[0], NODES)
                })
            })
            .collect();
        let bounds: Vec<u8> = starts.iter().map(|start| lock(&searches[0]).bound(start)).collect();
        let low = bounds.iter().copied().min().unwrap_or(UNREACHED);
        if low == UNREACHED {
            return Err(Error::Failed("a stage of the reduction has no way to its goal".into()));
        }
        let given_up: Vec<AtomicBool> = starts.iter().map(|_| AtomicBool::new(false)).collect();
        let ways: Vec<Mutex<Option<Vec<usize>>>> = starts.iter().map(|_| Mutex::new(None)).collect();
        for depth in low..=MAX_DEPTH {
            let frames: Vec<usize> = (0..starts.len())
                .filter(|&k| bounds[k] <= depth && (k == 0 || depth >= FRAMES_FROM))
                .filter(|&k| !given_up[k].load(Ordering::Relaxed))
                .collect();
            race.reset();
            let next = AtomicUsize::new(0);
            let work = || -> Result<(), Error> {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&k) = frames.get(i) else { return Ok(()) };
                    if race.beaten(k) {
                        continue;
                    }
                    match lock(&searches[k]).at_depth(&starts[k], depth) {
                        Ok(Some(way)) => {
                            race.finish(k);
                            *lock(&ways[k]) = Some(way);
                        }
                        Ok(None) => {}
                        Err(Error::Limit(_)) => given_up[k].store(true, Ordering::Relaxed),
                        // An earlier frame has a way.
                        Err(e) if beaten(&e, watch) => {}
                        Err(e) => return Err(e),
                    }
                }
            };
            side_by_side(self.threads.min(frames.len()), &work)?;
            if let Some(k) = race.winner() {
                let way = lock(&ways[k]).take().expect("the winner's way");
                return Ok((k, way));
            }
            if given_up.iter().all(|g| g.load(Ordering::Relaxed)) {
                return Err(out_of_nodes("the 5x5x5's first stage", NODES));
            }
        }
        Err(Error::Failed(format!(
            "a stage of the reduction is longer than {MAX_DEPTH} turns"
        )))
    }

    /// Edge `e` of `cube` as its tables see it: per wing orbit, its midge
    /// and two wings (a triple).
    fn edge_seen(&self, cube: &Cube, e: usize) -> Vec<u64> {
        let (midge, wings) = &self.homes[e];
        self.wing_sets
            .iter()
            .zip(wings)
            .map(|(&w, &pair)| cube.triple(self.midge, w, *midge, pair))
            .collect()
    }

    /// The turns edge `e` of `cube` is from paired, by its own tables.
    fn edge_far(&self, cube: &Cube, e: usize) -> u8 {
        self.edges[e]
            .iter()
            .zip(self.edge_seen(cube, e))
            .map(|(t, v)| t.at(v as usize))
            .max()
            .unwrap_or(0)
    }

    /// What stage 3's step `step` (0 or 1) sees of `cube`: per table, the
    /// masks of the U, R and F colours of its centre orbits.
    fn split_start(&self, cube: &Cube, step: usize) -> Vec<u64> {
        let m = &self.model;
        let mask = |s: usize| cube.mask(s, |f| f < 3, &m.faces[s]);
        self.split[step]
            .iter()
            .map(|t| match t.view {
                View::Axes { sets: [a, b], .. } => mask(a) | if b == usize::MAX { 0 } else { mask(b) << 24 },
                _ => 0,
            })
            .collect()
    }

    /// Stage 3's ways from `cube`, the most promising first. Its first
    /// step's ways, up to [`FIRST_WAYS`] of each of its two shortest
    /// lengths, are ranked by their turns and the second step's exact
    /// distance after them; the best [`STAGE3_WAYS`] are followed by the
    /// second step's way (its table's walk straight down) and ranked again
    /// by the whole stage's turns and the twelve edges' distances from
    /// paired after it, each by its own table (stable: among equals, the
    /// first found first).
    fn stage3_ways(&self, cube: &Cube, watch: Watch<'_>) -> Result<Ranked, Error> {
        let m = &self.model;
        let start = self.split_start(cube, 0);
        let mut first = Stage {
            want: FIRST_WAYS,
            ..Stage::new(self, watch, self.split[0].iter().collect(), &self.turns[2], NODES)
        };
        let mut second = Stage::new(
            self,
            watch,
            self.split[1].iter().collect(),
            &self.turns[3],
            STAGE3_NODES,
        );
        let ways = first.least_ways(&start, 1)?;
        // Each first step's way, the cube after it and the second step's
        // start there.
        let mut scored: Vec<(usize, Vec<usize>, Cube, Vec<u64>)> = ways
            .into_iter()
            .filter_map(|way| {
                let next = cube.turned(m, &way);
                let start = self.split_start(&next, 1);
                let rest = second.bound(&start);
                (rest != UNREACHED).then_some((way.len() + rest as usize, way, next, start))
            })
            .collect();
        scored.sort_by_key(|s| s.0);
        scored.truncate(STAGE3_WAYS);
        let mut whole = Vec::new();
        for (_, way, next, start) in scored {
            let rest = second.search(&start)?;
            let next = next.turned(m, &rest);
            let edges: usize = (0..12).map(|e| self.edge_far(&next, e) as usize).sum();
            let way = [way, rest].concat();
            whole.push((way.len() + edges, way));
        }
        whole.sort_by_key(|(score, _)| *score);
        Ok(whole)
    }

    /// Attempt `k` at stages 3 to 5 from `cube`: stage 3's `k`-th way of
    /// `ways` ([`BigCubeSolver::stage3_ways`]), the edges paired, and (when
    /// `whole`) the 3x3x3; what each took and the edge stage's nodes, or `None` when
    /// there is no such way or the edges ran out of nodes.
    fn attempt(
        &self,
        cube: &Cube,
        ways: &[Vec<usize>],
        k: usize,
        whole: bool,
        watch: Watch<'_>,
    ) -> Result<Option<(Ways, u64)>, Error> {
        let m = &self.model;
        let Some(way) = ways.get(k).cloned() else {
            return Ok(None);
        };
        let next = cube.turned(m, &way);
        let mut spent = 0;
        let edges = match self.pair(&next, &mut Vec::new(), &mut spent, watch) {
            Ok(Some(edges)) => edges,
            Ok(None) | Err(Error::Limit(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let paired: Vec<usize> = edges.iter().flat_map(|e| e.0.iter().copied()).collect();
        let word = if whole {
            self.three_by_two_phase(&next.turned(m, &paired))?
        } else {
            Word::new()
        };
        Ok(Some(((way, edges, word), spent)))
    }

    /// Stage 5: the corners and midges of `cube` as the 3x3x3, solved by
    /// two-phase (the shortest way within [`THREE_NODES`]).
    fn three_by_two_phase(&self, cube: &Cube) -> Result<Word, Error> {
        let corner = self.model.sets_of(Kind::Corner)[0];
        let sub = vec![
            to_wreath(&cube.contents[corner], 3)?,
            to_wreath(&cube.contents[self.midge], 2)?,
        ];
        let three = self
            .relabel
            .translate(&sub)
            .ok_or_else(|| Error::Failed("the reduced cube is not a 3x3x3's state".into()))?;
        self.three.solve_within(&three, self.plan.three_nodes)
    }

    /// Attempts `round` ([`BigCubeSolver::attempt`]) from `cube` (`before`
    /// the turns of stages 1 and 2), side by side on the solver's threads,
    /// each to its end: of those that pair the edges, the one whose whole
    /// answer is shortest (then fewest nodes, then the lower number: the
    /// same on every run), or `None` when none did.
    fn round(
        &self,
        cube: &Cube,
        before: &[usize],
        ways: &[Vec<usize>],
        round: std::ops::Range<usize>,
        whole: bool,
        watch: Watch<'_>,
    ) -> Result<Option<Ways>, Error> {
        let next = AtomicUsize::new(round.start);
        let found: Vec<Mutex<Option<(Ways, u64)>>> = round.clone().map(|_| Mutex::new(None)).collect();
        let work = || -> Result<(), Error> {
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= round.end {
                    return Ok(());
                }
                *lock(&found[k - round.start]) = self.attempt(cube, ways, k, whole, watch)?;
            }
        };
        side_by_side(self.threads.min(round.len()), &work)?;
        // The whole answer's length, as it will be written: stages 1 to 4's
        // block turns merged, and the 3x3x3's.
        let turns = |(three, edges, word): &Ways| {
            let path: Vec<usize> = before
                .iter()
                .chain(three)
                .chain(edges.iter().flat_map(|e| &e.0))
                .copied()
                .collect();
            merge(&self.model, &path).len() + word.len()
        };
        Ok(found
            .into_iter()
            .filter_map(|f| f.into_inner().unwrap_or_else(|e| e.into_inner()))
            .min_by_key(|(ways, nodes)| (turns(ways), *nodes))
            .map(|(ways, _)| ways))
    }

    /// Stage 4 from `cube`, the edges `done` paired: turns pairing the
    /// rest, or `None` when the searches ran out of nodes (`spent` counts
    /// them, against [`EDGE_NODES`]).
    ///
    /// The next edge is one of the [`CANDIDATES`] nearest by their tables,
    /// or two of them at once: each length `d` in turn is tried on each
    /// (on two at once, `d` + [`TWO_EXTRA`]), and of the ways found at the
    /// first length that pairs any, the one whose turns and the edges it
    /// leaves (each one's own table's distance, summed) are fewest is
    /// kept, with the number of edges it was to pair. A search of one edge
    /// is allowed [`STEP_NODES`] (those of a step together), one of two
    /// the plan's `two_nodes` each ([`TWO_NODES`] in the 5x5x5's); the
    /// last edge or two can be far (their wings
    /// swapped between them, with everything else to keep), so when no
    /// candidate is paired within that, or the edges after one cannot be,
    /// that candidate is given up and the next tried: one turn more early
    /// on may leave an easier end.
    fn pair(
        &self,
        cube: &Cube,
        done: &mut Vec<usize>,
        spent: &mut u64,
        watch: Watch<'_>,
    ) -> Result<Option<Vec<EdgeSearch>>, Error> {
        let m = &self.model;
        let centre_sets = m.sets_of(Kind::Centre);
        // Eleven edges paired pair the twelfth: its wings could only be
        // swapped, an odd permutation of their orbit, which stage 2 ruled out.
        if done.len() >= 11 {
            return Ok(Some(Vec::new()));
        }
        let seen = |e: usize| self.edge_seen(cube, e);
        let far = |e: usize| self.edge_far(cube, e);
        let mut left: Vec<usize> = (0..12).filter(|e| !done.contains(e)).collect();
        if left.iter().any(|&e| far(e) == UNREACHED) {
            return Err(Error::Unreachable(
                "an edge's middle piece and wings cannot be paired (a piece flipped in place)".into(),
            ));
        }
        left.sort_by_key(|&e| far(e));
        // With two left, pairing either pairs both.
        let other = (left.len() == 2).then(|| left[1]);
        // Two edges as the pair table sees them (one wing orbit).
        let joint = |e: usize, d: usize| seen(e)[0] * TRIPLE as u64 + seen(d)[0];
        let singles = left.len().min(if left.len() == 2 { 1 } else { CANDIDATES });
        let mut groups: Vec<Vec<usize>> = left[..singles].iter().map(|&e| vec![e]).collect();
        // Two of the nearest at once, guided by the pair table of the two
        // (with three left, two paired pair the third).
        if self.pairs.is_some() && left.len() >= 3 {
            let pairs_of = self.plan.pairs_of.min(singles);
            for i in 0..pairs_of {
                for j in i + 1..pairs_of {
                    groups.push(vec![left[i], left[j]]);
                }
            }
        }
        let stages: Vec<(Vec<usize>, u8, Stage, Vec<u64>)> = groups
            .into_iter()
            .map(|group| {
                // The new edges' tables first: they cut most. With two
                // left, or two new, the two together next (the pair table's
                // exact distance).
                let mut tables: Vec<&Table> = Vec::new();
                let mut start = Vec::new();
                for &e in &group {
                    tables.extend(self.edges[e].iter());
                    start.extend(seen(e));
                }
                let partner = if group.len() == 2 { Some(group[1]) } else { other };
                if let (Some(pt), Some(o)) = (&self.pairs, partner) {
                    tables.push(pt);
                    start.push(joint(group[0], o));
                }
                tables.extend(self.centres[2].iter());
                start.extend(centre_sets.iter().map(|&s| cube.mask(s, |f| f < 3, &m.faces[s])));
                // Each edge paired before, with each new one: the pair table
                // sees the turns that pair one take the other apart; without
                // it, each edge's own table.
                for &d in done.iter() {
                    match &self.pairs {
                        Some(pt) => {
                            for &e in &group {
                                tables.push(pt);
                                start.push(joint(e, d));
                            }
                        }
                        None => {
                            tables.extend(&self.edges[d]);
                            start.extend(seen(d));
                        }
                    }
                }
                let stage = Stage::new(self, watch, tables, &self.turns[2], STEP_NODES);
                let more = if group.len() == 2 { TWO_EXTRA } else { 0 };
                (group, more, stage, start)
            })
            .collect();
        let mut tried: Vec<usize> = Vec::new();
        loop {
            let low = stages
                .iter()
                .enumerate()
                .filter(|(k, ..)| !tried.contains(k))
                .map(|(_, (_, more, st, start))| st.bound(start).saturating_sub(*more))
                .min();
            let Some(low) = low else { return Ok(None) };
            let mut found: Option<(usize, Vec<usize>)> = None;
            let mut nodes = 0;
            // Each search of two edges at once counts its own nodes,
            // against the plan's `two_nodes` ([`TWO_NODES`]).
            let mut two_nodes = vec![0u64; stages.len()];
            'depths: for depth in low..=MAX_DEPTH {
                // Every candidate's way at this length, scored by its turns
                // and the edges it leaves (the sum of their own tables'
                // distances): the one that leaves the rest nearest is kept.
                let mut here: Vec<(usize, Vec<usize>, usize)> = Vec::new();
                for (k, (group, more, st, start)) in stages.iter().enumerate() {
                    let depth = depth + more;
                    if tried.contains(&k) || st.bound(start) > depth {
                        continue;
                    }
                    // One edge's searches share the step's count, against
                    // STEP_NODES; a pair's has its own, against the plan's
                    // `two_nodes`.
                    let two = *more > 0;
                    let (used, budget) = if two {
                        (two_nodes[k], self.plan.two_nodes)
                    } else {
                        (nodes, STEP_NODES)
                    };
                    let mut st = Stage {
                        nodes: used,
                        budget,
                        tables: st.tables.clone(),
                        want: WAYS,
                        more: EDGE_MORE_NODES,
                        found: Vec::new(),
                        ..*st
                    };
                    let ways = st.ways_at_depth(start, depth);
                    *spent += st.nodes - used;
                    if two {
                        two_nodes[k] = st.nodes;
                    } else {
                        nodes = st.nodes;
                    }
                    match ways {
                        Ok(ways) => {
                            for way in ways {
                                let mut after = cube.clone();
                                for &t in &way {
                                    after.turn(m, &m.blocks[t]);
                                }
                                let rest: usize = left
                                    .iter()
                                    .filter(|e| !group.contains(e))
                                    .map(|&e| self.edge_far(&after, e) as usize)
                                    .sum();
                                let score = way.len() + rest;
                                here.push((k, way, score));
                            }
                            // Its budget spent after a way was found.
                            if two && st.nodes > budget {
                                tried.push(k);
                            }
                        }
                        // Out of nodes: a pair is given up for the step;
                        // one edge's budget ends the step's searches.
                        Err(_) if st.nodes > budget && two => tried.push(k),
                        Err(_) if st.nodes > budget => break,
                        Err(e) => return Err(e),
                    }
                }
                if let Some((k, way, _)) = here.into_iter().min_by_key(|h| h.2) {
                    found = Some((k, way));
                    break 'depths;
                }
                if nodes > STEP_NODES {
                    break 'depths;
                }
            }
            if *spent > EDGE_NODES {
                return Ok(None);
            }
            let Some((k, way)) = found else { return Ok(None) };
            let next = cube.turned(m, &way);
            let before = done.len();
            let group = &stages[k].0;
            done.extend(group);
            if let Some(rest) = self.pair(&next, done, spent, watch)? {
                return Ok(Some([vec![(way, group.len())], rest].concat()));
            }
            done.truncate(before);
            tried.push(k);
        }
    }
}

/// One search of the edge stage: its turns, and how many edges it was to
/// pair (one, or two at once).
type EdgeSearch = (Vec<usize>, usize);

/// Stage 3's ways with their scores, the best first
/// ([`BigCubeSolver::stage3_ways`]).
type Ranked = Vec<(usize, Vec<usize>)>;

/// Stage 3's turns, stage 4's searches and stage 5's 3x3x3 word, as an
/// attempt found them.
type Ways = (Vec<usize>, Vec<EdgeSearch>, Word);

/// What [`BigCubeSolver::stages`] finds: each stage's length, the block
/// turns (face, depth, power) and the 3x3x3's word, all in the frame
/// found (see [`Frames`]), and that frame.
type Stages = (Measured, Vec<(u8, u8, u8)>, Word, usize);

/// A solve as turns ([`BigCubeSolver::turns`]): block turns (face, depth,
/// power), the 3x3x3's face turns (face, power), what each stage took.
pub(crate) type Turns = (Vec<(u8, u8, u8)>, Vec<(u8, u8)>, Measured);

/// What a solve took, stage by stage ([`BigCubeSolver::solve_measured`]).
#[derive(Clone, Debug)]
pub struct Measured {
    /// Each stage's length: stages 1, 2, 3, 4 and the 3x3x3, before turns
    /// where two stages meet are merged.
    pub lengths: Vec<usize>,
    /// The edge stage's searches in order: each one's length, and how many
    /// edges it paired (one, or two at once).
    pub edge_searches: Vec<(usize, usize)>,
}

/// A block turn's name in the WCA's notation (`R`, `Rw2`, `3Fw'`).
fn block_name(face: u8, depth: u8, power: u8) -> String {
    let f = model::FACES[face as usize];
    let block = match depth {
        1 => f.to_string(),
        2 => format!("{f}w"),
        d => format!("{d}{f}w"),
    };
    format!("{block}{}", ["", "", "2", "'"][power as usize])
}

/// The turns as (face, depth, power), two of one block in a row made one
/// (or none), as where one stage's last turn meets the next's first.
fn merge(m: &Model, path: &[usize]) -> Vec<(u8, u8, u8)> {
    let mut out: Vec<(u8, u8, u8)> = Vec::new();
    for &t in path {
        let b = &m.blocks[t];
        match out.last_mut() {
            Some(last) if (last.0, last.1) == (b.face, b.depth) => {
                last.2 = (last.2 + b.power) % 4;
                if last.2 == 0 {
                    out.pop();
                }
            }
            _ => out.push((b.face, b.depth, b.power)),
        }
    }
    out
}

/// A cube as the contents of each set's slots, `(piece, orientation)`,
/// pieces numbered by their home slots.
#[derive(Clone)]
struct Cube {
    contents: Vec<Vec<(u8, u8)>>,
}

impl Cube {
    /// A copy of the cube after the block turns `way` (indices into the
    /// model's blocks).
    fn turned(&self, m: &Model, way: &[usize]) -> Cube {
        let mut next = self.clone();
        for &t in way {
            next.turn(m, &m.blocks[t]);
        }
        next
    }

    /// The cube after block turn `b`.
    fn turn(&mut self, m: &Model, b: &Block) {
        for (s, c) in self.contents.iter_mut().enumerate() {
            let mut out = c.clone();
            for (x, &(piece, o)) in c.iter().enumerate() {
                let q = b.to[s][x] as usize;
                out[q] = (piece, (o + b.twist[s][q]) % m.moduli[s]);
            }
            *c = out;
        }
    }

    /// The mask of a centre set's slots holding a colour `pick` takes
    /// (`faces`: each piece's home face).
    fn mask(&self, set: usize, pick: impl Fn(u8) -> bool, faces: &[u8]) -> u64 {
        self.contents[set]
            .iter()
            .enumerate()
            .filter(|(_, &(piece, _))| pick(faces[piece as usize]))
            .fold(0, |acc, (q, _)| acc | 1 << q)
    }

    /// A bit per set of `sets`: whether its pieces are permuted oddly.
    fn parities(&self, sets: &[usize]) -> u64 {
        sets.iter().enumerate().fold(0, |acc, (i, &s)| {
            let c = &self.contents[s];
            let mut seen = vec![false; c.len()];
            let mut odd = false;
            for start in 0..c.len() {
                let mut x = start;
                let mut len = 0;
                while !seen[x] {
                    seen[x] = true;
                    x = c[x].0 as usize;
                    len += 1;
                }
                odd ^= len > 0 && len % 2 == 0;
            }
            acc | u64::from(odd) << i
        })
    }

    /// Where an edge's midge (slot and flip) and its two wings of set
    /// `wing_set` are, as a [`View::Triple`] value.
    fn triple(&self, midge: usize, wing_set: usize, e: usize, [a, b]: [usize; 2]) -> u64 {
        let find = |set: usize, piece: usize| {
            self.contents[set]
                .iter()
                .position(|&(p, _)| p as usize == piece)
                .unwrap_or(0)
        };
        let q = find(midge, e);
        let o = self.contents[midge][q].1 as usize;
        (((q * 2 + o) * 24 + find(wing_set, a)) * 24 + find(wing_set, b)) as u64
    }
}

/// Slot contents back to a wreath (the piece in each slot and its
/// orientation).
fn to_wreath(c: &[(u8, u8)], modulus: u32) -> Result<Wreath, Error> {
    let mut images = vec![0u32; c.len()];
    let mut orient = vec![0u32; c.len()];
    for (q, &(piece, o)) in c.iter().enumerate() {
        images[piece as usize] = q as u32;
        orient[q] = o as u32;
    }
    let bad = |_| Error::Failed("the reduced cube's pieces are not a permutation".into());
    let perm = cubist_perm::Perm::from_images(images).map_err(bad)?;
    Wreath::new(perm, orient, modulus).map_err(|_| Error::Failed("the reduced cube's twists".into()))
}

/// The renumbering of the cube's corners and midges, turned by its outer
/// face turns, onto the built-in 3x3x3.
fn reduced_relabel(p: &Puzzle, m: &Model) -> Result<Relabel, Error> {
    let corner = m.sets_of(Kind::Corner)[0];
    let midge = m.sets_of(Kind::Midge)[0];
    let moves = model::FACES
        .iter()
        .map(|f| {
            let mv = p
                .find_move(&f.to_string())
                .ok_or_else(|| Error::Invalid(format!("the cube has no turn {f}")))?;
            Ok(cubist_twisty::Move {
                name: mv.name.clone(),
                element: vec![mv.element[corner].clone(), mv.element[midge].clone()],
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let reduced = Puzzle::new("reduced", vec![p.sets[corner].clone(), p.sets[midge].clone()], moves);
    Relabel::find(&reduced).ok_or_else(|| Error::Failed("the reduced cube is not the 3x3x3".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::{compose, library};
    use rand::{Rng, SeedableRng};

    /// The rank by byte tables is the 4x4x4's colex rank
    /// (`reduction::tables::rank`), on every 8-of-24 mask drawn.
    #[test]
    fn ranks_by_bytes_are_the_colex_ranks() {
        let r = Ranks::new();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for _ in 0..20_000 {
            let mut mask = 0u32;
            while mask.count_ones() < 8 {
                mask |= 1 << rng.random_range(0..24);
            }
            assert_eq!(
                rank8(&r, mask),
                crate::reduction::tables::rank(mask) as usize,
                "{mask:024b}"
            );
        }
        assert_eq!(rank8(&r, 0xff_0000), C24_8 - 1);
    }

    /// The 5x5x5's solver, its tables from the tests' cache folder. Planned
    /// one at a time (on the tests' own threads, never rayon's), so that the
    /// first test builds the pair table and the others read it.
    pub(super) fn solver() -> (Puzzle, BigCubeSolver) {
        static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let p = library::puzzle("5x5x5").unwrap();
        let cache = crate::test_cache::options().cache;
        let s = BigCubeSolver::new_until(&p, cache.as_deref(), Watch::NONE).unwrap();
        (p, s)
    }

    /// The tables are the sizes stated before they are built, and the
    /// methods' lists see the 5x5x5 (and no other cube) as this solver's.
    #[test]
    fn tables_are_their_stated_size() {
        let (p, s) = solver();
        assert_eq!(s.table_bytes() as u64, table_bytes(&p));
        assert_eq!(table_bytes(&p), 63_093_903 + 95_551_488);
        assert!(is_odd_cube(&p));
        for name in ["3x3x3", "4x4x4", "6x6x6", "7x7x7"] {
            let q = library::puzzle(name).unwrap();
            assert!(!is_odd_cube(&q), "{name}");
            assert_eq!(table_bytes(&q), 0, "{name}");
            assert!(BigCubeSolver::new_until(&q, None, Watch::NONE).is_err(), "{name}");
        }
    }

    /// Every edge's paired triples are one set once its wings are listed in
    /// the order [`edge_homes`] puts them (the model's order swaps half of
    /// them), so that one pair table serves every two edges: each edge's
    /// own table is the first's, its goal 24 triples.
    #[test]
    fn every_edge_is_paired_alike() {
        let (_, s) = solver();
        assert_eq!(edge_homes(&s.model).1.map(|c| c.len()), Some(24));
        let Dist::Bytes(first) = &s.edges[0][0].dist else {
            panic!("a byte table")
        };
        assert_eq!(first.iter().filter(|&&d| d == 0).count(), 24);
        for (e, tables) in s.edges.iter().enumerate() {
            assert!(matches!(&tables[0].dist, Dist::Bytes(t) if t == first), "edge {e}");
        }
    }

    /// Short scrambles, answered in as many turns (each stage finds its
    /// fewest): verified answers (`solve` checks them, and again here). Not
    /// every short scramble goes so well: `Bw Dw2 L' Rw U Fw` (its wide
    /// quarter turns leave the wings odd, stage 2 evens them, and the
    /// edges are then paired one at a time) gets 98 turns, in some two
    /// million nodes.
    #[test]
    fn solves_short_scrambles() {
        let (p, s) = solver();
        for scramble in ["Rw", "Uw2 F", "R Fw' U2 Lw", "Bw Dw2 L' U Fw", "Fw R2 Uw' B Lw2 D", ""] {
            let state = cubist_twisty::notation::parse(&p, scramble).unwrap();
            let (names, word) = s.solve(&state).unwrap();
            let end = compose(&state, &crate::reduction::model::element_of(&p, word.letters()));
            assert!(p.shows_solved(&end), "{scramble}");
            assert!(
                names.len() <= scramble.split_whitespace().count(),
                "{scramble}: {}",
                names.join(" ")
            );
        }
    }

    /// A solve asked to stop stops within a poll of nodes: a scramble whose
    /// solve takes some two million nodes ends interrupted, not refused,
    /// when the flag is set from the start; unset, a short scramble is
    /// solved as without a flag.
    #[test]
    fn a_cancelled_solve_stops_at_once() {
        let (p, s) = solver();
        let state = cubist_twisty::notation::parse(&p, "Bw Dw2 L' Rw U Fw").unwrap();
        let stop = std::sync::atomic::AtomicBool::new(true);
        let err = s.solve_until(&state, Watch::cancel_only(Some(&stop))).unwrap_err();
        assert!(matches!(err, Error::Interrupted(_)), "{err}");
        stop.store(false, std::sync::atomic::Ordering::Relaxed);
        let state = cubist_twisty::notation::parse(&p, "Uw2 F").unwrap();
        let (names, _) = s.solve_until(&state, Watch::cancel_only(Some(&stop))).unwrap();
        assert_eq!(names.len(), 2, "{}", names.join(" "));
    }

    /// Stage 3's second table: the table, its bytes and its two centre
    /// orbits.
    fn sides_table(s: &BigCubeSolver) -> (&Table, &[u8], [usize; 2]) {
        let [t] = &s.split[1][..] else { panic!("one table") };
        let Dist::Bytes(d) = &t.dist else {
            panic!("a table of bytes")
        };
        let View::Axes { sets, axes: [6, 6] } = t.view else {
            panic!("{:?}", t.view)
        };
        (t, d, sets)
    }

    /// Stage 3's goal on the centre orbits `sets`: each slot of the U, R
    /// and F colours set, the second orbit's in bits 24 to 47.
    fn sides_goal(s: &BigCubeSolver, sets: [usize; 2]) -> u64 {
        let colour = |set: usize| {
            (0..24)
                .filter(|&q| s.model.faces[set][q] < 3)
                .fold(0u64, |acc, q| acc | 1 << q)
        };
        colour(sets[0]) | colour(sets[1]) << 24
    }

    /// Stage 3's second step reads one exact table of both centre orbits'
    /// side faces: every one of the 70^4 values reached, one at 0 (the
    /// goal), the farthest 16 turns away; and on random walks of the
    /// step's turns from the goal (each value worked out by the generic
    /// masks and ranks, not the build's move tables), every value but the
    /// goal has a turn to one less and none to two less.
    #[test]
    fn stage_3s_second_step_is_one_exact_table() {
        let (_, s) = solver();
        let (t, d, sets) = sides_table(&s);
        assert_eq!(d.len(), 24_010_000);
        assert!(d.iter().all(|&x| x != UNREACHED));
        assert_eq!(d.iter().filter(|&&x| x == 0).count(), 1);
        assert_eq!(d.iter().max(), Some(&16));
        let goal = sides_goal(&s, sets);
        let at = |v: u64| t.at(s.index(t.view, v));
        assert_eq!(at(goal), 0);
        let turns = &s.turns[3];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut far = 0;
        for _ in 0..200 {
            let mut v = goal;
            for _ in 0..30 {
                v = s.step(t.view, v, turns[rng.random_range(0..turns.len())]);
                let here = at(v);
                far = far.max(here);
                let next: Vec<u8> = turns.iter().map(|&u| at(s.step(t.view, v, u))).collect();
                assert!(next.iter().all(|&x| x + 1 >= here), "{here} {next:?}");
                assert!(here == 0 || next.contains(&(here - 1)), "{here} {next:?}");
            }
        }
        assert!(far >= 12, "the walks reach far values ({far})");
    }

    /// The whole stage 3 table against a plain breadth-first search by the
    /// generic masks and ranks (a second method: not the build's per-orbit
    /// move tables, its push and pull, or its threads): every entry equal.
    /// Release only (about 12 s): `cargo test --release -p
    /// cubist-twisty-search --lib stage_3s_table_agrees -- --ignored`.
    #[test]
    #[ignore]
    fn stage_3s_table_agrees_with_a_plain_search() {
        let (_, s) = solver();
        let (t, d, sets) = sides_table(&s);
        let goal = sides_goal(&s, sets);
        let mut plain = vec![UNREACHED; d.len()];
        plain[s.index(t.view, goal)] = 0;
        let (mut level, mut depth) = (vec![goal], 0u8);
        while !level.is_empty() {
            let mut next = Vec::new();
            for &v in &level {
                for &u in &s.turns[3] {
                    let w = s.step(t.view, v, u);
                    let i = s.index(t.view, w);
                    if plain[i] == UNREACHED {
                        plain[i] = depth + 1;
                        next.push(w);
                    }
                }
            }
            (level, depth) = (next, depth + 1);
        }
        let differ = plain.iter().zip(d).filter(|(a, b)| a != b).count();
        assert_eq!(differ, 0, "entries differing from the plain search");
        assert_eq!(depth, 17, "the farthest 16 turns away, then an empty level");
    }

    /// Stage 3's second step's table is written to the cache folder when
    /// it is built there, and read back equal (the file's own checks are
    /// `file`'s tests).
    #[test]
    fn stage_3s_second_table_is_cached() {
        let (_, s) = solver();
        let [t] = &s.split[1][..] else { panic!("one table") };
        let View::Axes { sets, .. } = t.view else {
            panic!("{:?}", t.view)
        };
        let Dist::Bytes(want) = &t.dist else {
            panic!("a table of bytes")
        };
        let dir = std::env::temp_dir().join(format!("cubist-sides-{}", std::process::id()));
        let goal = sides_goal(&s, sets);
        for _ in 0..2 {
            let (got, warning) = s.build_sides(sets, goal, &s.turns[3], Some(&dir));
            assert_eq!(warning, None);
            let Dist::Bytes(got) = &got.dist else {
                panic!("a table of bytes")
            };
            assert!(got == want);
            assert!(dir.join(SIDES_FILE).is_file());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Stage 3's ways from a state its turns scrambled each solve every
    /// centre, ranked by their turns and the twelve edges' distances after
    /// them; the first is no worse by that measure than the plain search's
    /// way (the first step's first way, then the second step's).
    #[test]
    fn stage_3s_ways_are_ranked_by_what_they_leave() {
        let (p, s) = solver();
        let m = &s.model;
        let state = cubist_twisty::notation::parse(&p, "Rw2 U Fw2 D' Lw2 B2 Uw2 R' Bw2").unwrap();
        let cube = Cube {
            contents: model::contents(&state),
        };
        let after = |way: &[usize]| {
            let mut next = cube.clone();
            for &t in way {
                next.turn(m, &m.blocks[t]);
            }
            next
        };
        let score = |way: &[usize]| {
            let next = after(way);
            way.len() + (0..12).map(|e| s.edge_far(&next, e) as usize).sum::<usize>()
        };
        let step = |k: usize| Stage::new(&s, Watch::NONE, s.split[k].iter().collect(), &s.turns[2 + k], NODES);
        let ways = s.stage3_ways(&cube, Watch::NONE).unwrap();
        assert!(ways.len() >= ATTEMPTS, "{}", ways.len());
        for (_, way) in &ways {
            let next = after(way);
            assert_eq!(step(0).bound(&s.split_start(&next, 0)), 0);
            assert_eq!(step(1).bound(&s.split_start(&next, 1)), 0);
        }
        let scores: Vec<usize> = ways.iter().map(|(_, w)| score(w)).collect();
        assert!(ways.iter().zip(&scores).all(|((given, _), s)| given == s));
        assert!(scores.windows(2).all(|w| w[0] <= w[1]), "{scores:?}");
        let first = step(0).search(&s.split_start(&cube, 0)).unwrap();
        let rest = step(1).search(&s.split_start(&after(&first), 1)).unwrap();
        assert!(scores[0] <= score(&[first, rest].concat()), "{scores:?}");
    }

    /// Once a search has its first way it gathers more only within its
    /// `more` nodes ([`STAGE2_MORE_NODES`], [`EDGE_MORE_NODES`]): the
    /// ways it keeps are the first of those it would gather unbounded, and
    /// it stops at the first node past the bound.
    #[test]
    fn gathering_more_ways_stops_within_its_bound() {
        let (p, s) = solver();
        let state = cubist_twisty::notation::parse(&p, "Rw2 U Fw2 D' Lw2 B2 Uw2 R' Bw2").unwrap();
        let cube = Cube {
            contents: model::contents(&state),
        };
        let start = s.split_start(&cube, 0);
        let stage = |want: usize, more: u64| Stage {
            want,
            more,
            ..Stage::new(&s, Watch::NONE, s.split[0].iter().collect(), &s.turns[2], NODES)
        };
        // Two turns past the least length: ways aplenty.
        let depth = stage(1, u64::MAX).bound(&start) + 2;
        let mut one = stage(1, u64::MAX);
        let first = one.ways_at_depth(&start, depth).unwrap();
        assert_eq!(first.len(), 1);
        let mut all = stage(10_000, u64::MAX);
        let every = all.ways_at_depth(&start, depth).unwrap();
        assert!(every.len() > 20, "{} ways", every.len());
        for more in [0, 200, 2_000] {
            let mut st = stage(10_000, more);
            let ways = st.ways_at_depth(&start, depth).unwrap();
            assert_eq!(ways[0], first[0]);
            assert_eq!(ways[..], every[..ways.len()]);
            assert!(
                st.nodes <= one.nodes + more + 1,
                "{} nodes, the first way at {}",
                st.nodes,
                one.nodes
            );
            assert!(ways.len() < every.len(), "{more}: every way within the bound");
        }
        assert!(all.nodes > one.nodes + 2_001, "{} nodes unbounded", all.nodes);
    }

    /// A random state's edge stage pairs two edges in one search at least
    /// once (the pair table of the two guiding it), and the searches'
    /// lengths add up to the stage's; the answer is checked by the solve.
    #[test]
    fn two_edges_are_paired_at_once() {
        let (p, s) = solver();
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(555);
        let state = p.random_element(&chain, &mut rng);
        let (names, word, measured) = s.solve_measured(&state, Watch::NONE).unwrap();
        let end = compose(&state, &crate::reduction::model::element_of(&p, word.letters()));
        assert!(p.shows_solved(&end), "{}", names.join(" "));
        let searches = &measured.edge_searches;
        assert!(searches.iter().any(|&(_, n)| n == 2), "{searches:?}");
        assert!(searches.iter().all(|&(_, n)| n == 1 || n == 2), "{searches:?}");
        assert!(searches.iter().map(|&(_, n)| n).sum::<usize>() <= 12, "{searches:?}");
        let turns: usize = searches.iter().map(|&(l, _)| l).sum();
        assert_eq!(turns, measured.lengths[3]);
    }

    /// Two attempts at the edges side by side: verified answers, the same
    /// on every run (the shorter is kept, by counts, not by the threads'
    /// timing), and never longer than one attempt's (the first of the two).
    #[test]
    fn attempts_side_by_side_answer_the_same_each_time() {
        let (p, one) = solver();
        let s = solver().1.with_threads(2);
        for scramble in ["Bw Dw2 L' U Fw", "Fw R2 Uw' B Lw2 D"] {
            let state = cubist_twisty::notation::parse(&p, scramble).unwrap();
            let (first, _) = s.solve(&state).unwrap();
            for _ in 0..3 {
                assert_eq!(s.solve(&state).unwrap().0, first, "{scramble}");
            }
            assert!(first.len() <= one.solve(&state).unwrap().0.len(), "{scramble}");
        }
    }

    /// The race's rule: the lower number with a way wins, whenever it
    /// finishes, and a higher number is beaten from then on.
    #[test]
    fn races_are_decided_by_order() {
        let race = Race::new();
        assert_eq!(race.winner(), None);
        assert!(!race.beaten(3));
        race.finish(2);
        assert!(race.beaten(3));
        assert!(!race.beaten(1));
        race.finish(1);
        race.finish(2);
        assert_eq!(race.winner(), Some(1));
        race.reset();
        assert_eq!(race.winner(), None);
    }

    /// Seeded random states (release only: seconds each): verified answers
    /// of at most 120 moves and 110 on average, every one solved (as were
    /// the 40 measured states), one attempt at a time and two side by side,
    /// the latter the same answer twice and never longer.
    #[test]
    #[ignore]
    fn solves_random_states() {
        let (p, s) = solver();
        let two = solver().1.with_threads(2);
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut lengths = Vec::new();
        for _ in 0..6 {
            let state = p.random_element(&chain, &mut rng);
            let one = s.solve(&state).unwrap().0.len();
            let (names, _) = two.solve(&state).unwrap();
            assert!(names.len() <= one, "{} against {one}", names.len());
            assert_eq!(two.solve(&state).unwrap().0, names);
            lengths.extend([one, names.len()]);
        }
        // 98 to 107 moves, 103.0 on average, when last run.
        assert!(lengths.iter().all(|&n| n <= 120), "{lengths:?}");
        assert!(lengths.iter().sum::<usize>() <= 110 * lengths.len(), "{lengths:?}");
    }

    /// Lengths and times over seeded random states:
    /// `cargo test --release -p cubist-twisty-search --lib bigcube::tests::measure -- --ignored --nocapture`
    /// (`BIG_CUBE` the cube, `BIG_N` the states, `BIG_THREADS` the
    /// attempts side by side).
    #[test]
    #[ignore]
    fn measure() {
        let name = std::env::var("BIG_CUBE").unwrap_or_else(|_| "5x5x5".into());
        let n: usize = std::env::var("BIG_N").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
        let p = library::puzzle(&name).unwrap();
        let start = std::time::Instant::now();
        let cache = crate::test_cache::options().cache;
        let _ = crate::twophase::prepare_tables(cache.as_deref());
        eprintln!("two-phase: {:.2} s", start.elapsed().as_secs_f64());
        let start = std::time::Instant::now();
        let threads = std::env::var("BIG_THREADS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        let s = BigCubeSolver::new_until(&p, cache.as_deref(), Watch::NONE)
            .unwrap()
            .with_threads(threads);
        eprintln!(
            "tables: {} bytes, {:.2} s",
            s.table_bytes(),
            start.elapsed().as_secs_f64()
        );
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(555);
        let mut lengths = Vec::new();
        let mut times = Vec::new();
        let universal = crate::universal::UniversalSolver::new(&p).unwrap();
        let mut universal_lengths = Vec::new();
        for _ in 0..n {
            let e = p.random_element(&chain, &mut rng);
            universal_lengths.push(universal.solve(&e).unwrap().moves.len());
            let start = std::time::Instant::now();
            let r = s.solve_measured(&e, Watch::NONE);
            let t = start.elapsed().as_secs_f64();
            let Ok((names, _, stages)) = r else {
                eprintln!("failed: {:?} {t:.3} s", r.err());
                continue;
            };
            eprintln!(
                "{} moves {:?} {:.3} s, edge searches {:?}",
                names.len(),
                stages.lengths,
                t,
                stages.edge_searches
            );
            lengths.push(names.len());
            times.push(t);
        }
        eprintln!(
            "universal: mean {:.2} min {} max {}",
            universal_lengths.iter().sum::<usize>() as f64 / n as f64,
            universal_lengths.iter().min().unwrap(),
            universal_lengths.iter().max().unwrap()
        );
        eprintln!("solved {} of {n}", lengths.len());
        let n = lengths.len();
        let mean = lengths.iter().sum::<usize>() as f64 / n as f64;
        eprintln!(
            "mean {mean:.2} min {} max {} time mean {:.3} max {:.3}",
            lengths.iter().min().unwrap(),
            lengths.iter().max().unwrap(),
            times.iter().sum::<f64>() / n as f64,
            times.iter().copied().fold(0.0, f64::max)
        );
    }
}
