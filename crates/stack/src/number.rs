//! The number method (to be written).

use crate::report::Found;
use crate::{Instance, SolveOptions, Stats};

/// Runs the number method.
pub fn run(_inst: &Instance, _opts: &SolveOptions, _stats: &mut Stats) -> Found {
    unimplemented!("number")
}
