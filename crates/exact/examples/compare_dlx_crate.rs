//! cubist's engine and the `dlx` crate on 12 queens and the 6 x 10
//! pentominoes, run alternately in one process (five rounds each, best time
//! kept), so that a loaded machine slows both alike. The counts and update
//! numbers are compared in the tests and benches; this measures wall time.
//!
//! `cargo run --release -p cubist-exact --example compare_dlx_crate`

use cubist_exact::{problems::*, Dlx, Problem};
use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
/// The problem as the `dlx` crate reads it (items renamed `i0`, `i1`, ...).
fn spec(p: &Problem) -> dlx::Spec {
    dlx::Spec::new(&cubist_exact::write_dlx_numbered(p), false).unwrap()
}

fn main() {
    for (name, p) in [("queens12", queens(12)), ("pent", pentominoes(10, 6, true))] {
        let s = spec(&p);
        let (mut a, mut b) = (f64::MAX, f64::MAX);
        for _ in 0..5 {
            let t = std::time::Instant::now();
            Dlx::new(&p).count();
            a = a.min(t.elapsed().as_secs_f64());
            let t = std::time::Instant::now();
            let mut q = dlx::c::Problem::from_spec(&s).unwrap();
            let mut solver = dlx::Solver::new(&mut q);
            let mut ch = mrv_chooser(prefer_any(), no_tiebreak());
            while solver.next_solution(&mut ch) {}
            b = b.min(t.elapsed().as_secs_f64());
        }
        println!("{name}: cubist {a:.4} s, dlx crate {b:.4} s");
    }
}
