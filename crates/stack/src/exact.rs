//! The exact-cover method: the stacking puzzle handed to `cubist-exact`.
//!
//! Items: one per cube ("cube i is placed") and one per side and colour
//! ("side F shows colour c", likewise B, L, R), all covered exactly once.
//! Options: for each cube, each of its distinct side arrays (F, B, L, R
//! colours): the cube's item and the four side items. A solution of the
//! exact cover is then exactly a *pattern* (conventions, section 3); the
//! orientations are counted by multiplying each chosen array's number of
//! rotations, and `distinct` comes from the patterns' canonical forms.
//!
//! Why not Algorithm M's multiplicities (say "colour c twice on the F-B
//! belt"): a cube may show the same colour on F and B, and an option may
//! not name an item twice, so that formulation cannot express such cubes;
//! the side-by-side items above can, and the engine (Algorithm M with every
//! bound 1:1, that is Algorithm X) runs it unchanged.
//!
//! Statistics: `nodes` are the engine's search nodes, `extra.updates` its
//! link updates.

use crate::report::Found;
use crate::{canonical, Counts, Instance, Mode, Sides, SolveOptions, Stats};
use cubist_exact::{Dlx, Problem};
use std::ops::ControlFlow;

/// Runs the exact-cover method (see the module documentation).
pub fn run(inst: &Instance, opts: &SolveOptions, stats: &mut Stats) -> Found {
    let n = inst.n();
    let k = inst.colours();
    let mut p = Problem::new();
    for i in 0..n {
        p.primary(&format!("cube{i}")).expect("fresh item names");
    }
    for s in ["F", "B", "L", "R"] {
        for c in 0..k {
            p.primary(&format!("{s}{c}")).expect("fresh item names");
        }
    }
    let mut meaning: Vec<(usize, Sides)> = Vec::new();
    for (i, options) in inst.options.iter().enumerate() {
        for o in options {
            let mut entries = vec![(i, 0)];
            entries.extend((0..4).map(|s| (n + s * k + o.sides[s].index(), 0)));
            p.option(&entries).expect("valid option");
            meaning.push((i, o.sides));
        }
    }
    let mut dlx = Dlx::new(&p);
    let mut patterns = Vec::new();
    let first = opts.mode == Mode::First;
    let _ = dlx.run(|s| {
        let mut tower = vec![[cubist_cube::Colour(0); 4]; n];
        for &o in s {
            let (i, sides) = meaning[o];
            tower[i] = sides;
        }
        patterns.push(tower);
        if first {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let st = dlx.stats();
    stats.nodes = st.nodes;
    stats.extra.insert("updates".into(), st.updates);
    let counts = (!first).then(|| Counts::from_patterns(inst, &patterns));
    let mut solutions: Vec<_> = patterns.iter().map(|t| canonical(t)).collect();
    solutions.sort();
    solutions.dedup();
    solutions.truncate(opts.mode.list_limit());
    Found {
        counts,
        solutions,
        explanation: None,
    }
}
