//! Exact cover by dancing links.
//!
//! An exact-cover problem has *items* and *options* (sets of items); a
//! solution is a set of options that covers every primary item exactly once
//! and every secondary item at most once. Knuth's generalisations are all
//! here: secondary items with *colours* (options agreeing on a secondary
//! item's colour may share it: Algorithm C) and primary items with
//! *multiplicities* (covered between u and v times: Algorithm M).
//! Problems of at most 256 items without multiplicities can also be
//! searched on bit sets ([`BitCover`]: the same tree, 2 to 8 times faster
//! up to 128 items), and those of at most 128 items without colours
//! counted with a table of subproblems ([`MemoCount`], which counts domino
//! tilings a thousand times faster); with multiplicities, up to 256 items,
//! the bit sets run Algorithm M and count with such a table too
//! ([`Engine::Bits`], [`Engine::Memo`]: the covers of a board by cycles of
//! dominoes 27 times faster than dancing cells); [`solve_with`] picks
//! the engine per problem ([`Engine::Auto`]) and says why. [`estimate`]
//! tells the size of a search before it runs, by Knuth's random paths.
//!
//! ```
//! use cubist_exact::{Dlx, Problem};
//! // Knuth's toy problem from TAOCP 7.2.2.1: one solution.
//! let mut p = Problem::new();
//! for name in ["a", "b", "c", "d", "e", "f", "g"] {
//!     p.primary(name).unwrap();
//! }
//! for opt in [&["c", "e"][..], &["a", "d", "g"], &["b", "c", "f"], &["a", "d", "f"], &["b", "g"], &["d", "e", "g"]] {
//!     p.option_named(opt).unwrap();
//! }
//! let mut dlx = Dlx::new(&p);
//! let mut found = vec![];
//! let _ = dlx.run(|s| { found.push(s.to_vec()); std::ops::ControlFlow::Continue(()) });
//! assert_eq!(found, vec![vec![3, 4, 0]]);
//! assert!(cubist_exact::check(&p, &found[0]).is_ok());
//! ```
//!
//! Why not the `dlx` crate: it implements X, C and M well, but its colours
//! are single characters and its item names alphanumeric (Knuth's files use
//! any non-blank names and colours), its reader reports no line or column,
//! and its solver cannot be split into subtrees for threads or replayed from
//! a checkpoint. It is kept as a dev-dependency: the tests and benches run
//! both engines on the same problems (see docs/bench/place.md).

mod bits;
mod budget;
mod cells;
mod checkpoint;
mod dlx;
mod error;
mod estimate;
mod format;
mod memo;
mod parallel;
mod problem;
pub mod problems;
mod run;
pub mod zdd;

pub use bits::multiplicity::MAX_LEVEL_BYTES as BIT_MAX_LEVEL_BYTES;
pub use bits::{
    counted_may_fit as bits_keep_counts, unfit as bits_unfit, BitCover, COUNTED_OPTIONS as BIT_COUNTED_OPTIONS,
    MAX_COLOUR_BYTES, MAX_ITEMS as BIT_MAX_ITEMS, MAX_OPTIONS as BIT_MAX_OPTIONS,
};
pub use budget::{Budget, Meter, POLL_NODES};
pub use cells::{unfit as cells_unfit, Cells, MAX_CELLS as CELLS_MAX_CELLS};
pub use checkpoint::{count_resumable, CHECKPOINT_FORMAT};
pub use dlx::{Checkpoint, Dlx, Stats};
pub use error::Error;
pub use estimate::{estimate, Estimate, MAX_PROBES};
pub use format::{parse_dlx, write_dlx, write_dlx_numbered};
pub use memo::{MemoCount, MemoOutcome, MEMO_ENTRIES, MEMO_ENTRY_BYTES};
pub use parallel::{count_parallel, count_parallel_within, first_parallel};
pub use problem::{check, Entry, Item, Kind, Problem};
pub use run::{
    diagram, solve, solve_bounded, solve_in, solve_with, solve_within, Engine, ListingBound, Mode, Outcome,
    MAX_THREADS, PROBE_HIT_RATIO, PROBE_HIT_RATIO_BOUNDS, PROBE_NODES,
};
pub use zdd::{Zdd, ZddNode};
