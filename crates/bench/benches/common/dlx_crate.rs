//! The `dlx` crate beside cubist's dancing links on the same problem, for
//! the benches that time both (`exact`, `place`), shared through `#[path]`.

use cubist_exact::{Dlx, Problem};
use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};

/// The problem as the `dlx` crate reads it (items renamed `i0`, `i1`, ...).
pub fn spec(p: &Problem) -> dlx::Spec {
    dlx::Spec::new(&cubist_exact::write_dlx_numbered(p), false).expect("a valid spec")
}

/// Every solution of a problem of the `dlx` crate (its Algorithm X or C),
/// with its minimum-remaining-values choice: (solutions, updates).
pub fn count<P: dlx::Solve>(q: &mut P) -> (u64, u64) {
    let mut solver = dlx::Solver::new(q);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut n = 0;
    while solver.next_solution(&mut chooser) {
        n += 1;
    }
    (n, solver.get_updates() as u64)
}

/// Counts `p` with cubist's dancing links and prints its solutions, nodes
/// and updates beside the `dlx` crate's (`theirs`); returns cubist's
/// (solutions, updates).
pub fn side_by_side(name: &str, p: &Problem, theirs: (u64, u64)) -> (u64, u64) {
    let mut d = Dlx::new(p);
    let ours = d.count();
    eprintln!(
        "{name}: cubist {ours} solutions, {} nodes, {} updates; dlx crate {} solutions, {} updates",
        d.stats().nodes,
        d.stats().updates,
        theirs.0,
        theirs.1
    );
    (ours, d.stats().updates)
}
