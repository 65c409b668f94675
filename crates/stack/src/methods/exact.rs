//! The exact-cover method: the stacking puzzle as exact cover with
//! multiplicities (Knuth's Algorithm M), handed to `cubist-exact`.
//!
//! A solution chooses, for every cube, which of its three axes (opposite
//! face pairs) shows on the front-back *belt* and which on the left-right
//! belt. Each colour must then occur exactly twice on each belt (once on
//! the front, once on the back): the chosen axes form two 2-factors of the
//! colour graph, as in the graph method. As exact cover:
//!
//! - `cube i` (primary, exactly 1): every cube chooses one pair of axes;
//! - `FB c`, `LR c` (primary, exactly 2): colour c occurs twice on the belt;
//! - options: cube i with axis a on FB and axis b on LR (a != b), covering
//!   `cube i` and the belt items of both axes' colours.
//!
//! An axis with one colour twice (a *loop*, "c on F and on B") would have to
//! cover `FB c` twice, which an option may not do. So every belt item
//! carries a colour-controlled secondary item `FB c mode` (Algorithm C's
//! colours): ordinary axes set it to `e`, a loop sets it to `l` and covers
//! `FB c` once plus `FB c loop` (0 or 1 times), and one *pad* option per
//! colour and belt covers `FB c` once more with `FB c pad` (0 or 1) and mode
//! `l`. In mode `e` only ordinary axes can cover `FB c`, so exactly two do;
//! in mode `l` only loops and the pad can, at most one each, so it is one
//! loop and the pad. Each choice of axes is then exactly one solution.
//!
//! Every solution is a pair of 2-factors, and gives 2^(cycles) patterns:
//! each cycle of a belt can be walked either way (front colour to back
//! colour), a loop one way, and every such direction is realised by some
//! rotation of each cube (the four rotations that keep a cube's axes on
//! their belts reverse any two of its axes). The patterns give the counts
//! (`Counts::from_patterns`), as for the enumerating methods.
//!
//! Statistics: `nodes` are the engine's search nodes, `extra.updates` its
//! link updates, `extra.factor_pairs` the exact cover's solutions. The
//! explanation lists the items (with their bounds), every option as a DLX
//! file writes it, and the options of the first cover.

use super::graph::cycles::{cycles, Cycles};
use crate::contract::{Found, Mode, SolveOptions, Stats};
use crate::explain::{ExactExplanation, Explanation};
use crate::{canonical, Counts, Instance, Tower};
use cubist_cube::Colour;
use cubist_exact::{Dlx, Kind, Problem};
use std::ops::ControlFlow;

/// The belts' names, and the face pair each shows: front-back, left-right.
const BELTS: [&str; 2] = ["FB", "LR"];

/// Per option, the cube and its (FB, LR) axes; `None` for a pad option.
type Choice = Option<(usize, [u8; 2])>;

/// Runs the exact-cover method (see the module documentation).
pub fn run(inst: &Instance, opts: &SolveOptions, stats: &mut Stats) -> Found {
    let (problem, choices) = problem(inst);
    let mut dlx = Dlx::new(&problem);
    let first = opts.mode == Mode::First;
    let mut patterns: Vec<Tower> = Vec::new();
    let mut pairs = 0u64;
    let mut first_cover: Vec<usize> = Vec::new();
    let _ = dlx.run(|solution| {
        pairs += 1;
        if pairs == 1 {
            first_cover = solution.to_vec();
        }
        let mut axes = vec![[0u8; 2]; inst.n()];
        for &o in solution {
            if let Some((i, a)) = choices[o] {
                axes[i] = a;
            }
        }
        directed_patterns(inst, &axes, first, &mut patterns);
        if first {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let st = dlx.stats();
    stats.nodes = st.nodes;
    stats.extra.insert("updates", st.updates);
    stats.extra.insert("factor_pairs", pairs);
    let counts = (!first).then(|| Counts::from_patterns(inst, &patterns));
    let mut solutions: Vec<_> = patterns.iter().map(|t| canonical(t)).collect();
    solutions.sort();
    solutions.dedup();
    solutions.truncate(opts.mode.list_limit());
    let explanation = opts.explain.then(|| {
        let (mut primary, mut secondary) = (Vec::new(), Vec::new());
        for item in problem.items() {
            match item.kind {
                Kind::Primary { lo: 1, hi: 1 } => primary.push(item.name.clone()),
                Kind::Primary { lo, hi } => primary.push(format!("{}[{lo}..{hi}]", item.name)),
                Kind::Secondary => secondary.push(item.name.clone()),
            }
        }
        Explanation::Exact(ExactExplanation {
            colours: (0..inst.colours())
                .map(|c| inst.set.palette.name(Colour(c as u16)).to_string())
                .collect(),
            primary,
            secondary,
            options: (0..problem.options().len()).map(|k| problem.option_text(k)).collect(),
            first_cover: first_cover.iter().map(|&k| problem.option_text(k)).collect(),
            cover_count: pairs,
        })
    });
    Found {
        counts,
        solutions,
        explanation,
    }
}

/// The colours of a cube's axis `a` (faces 2a and 2a + 1 in F B L R T D order).
fn axis(inst: &Instance, i: usize, a: u8) -> (Colour, Colour) {
    let f = inst.cubes()[i].faces;
    (f[2 * a as usize], f[2 * a as usize + 1])
}

/// The exact-cover problem, and what each of its options chooses.
fn problem(inst: &Instance) -> (Problem, Vec<Choice>) {
    let (n, k) = (inst.n(), inst.colours());
    let mut p = Problem::new();
    let fresh = "fresh item names";
    for i in 0..n {
        p.primary(&format!("cube{i}")).expect(fresh);
    }
    // Per belt and colour: the degree item, then its loop and pad items.
    let degree = |belt: usize, c: Colour| n + 3 * (belt * k + c.index());
    for belt in BELTS {
        for c in 0..k {
            p.primary_bounded(&format!("{belt}{c}"), 2, 2).expect(fresh);
            p.primary_bounded(&format!("{belt}loop{c}"), 0, 1).expect(fresh);
            p.primary_bounded(&format!("{belt}pad{c}"), 0, 1).expect(fresh);
        }
    }
    let mode = |belt: usize, c: Colour| n + 6 * k + belt * k + c.index();
    for belt in BELTS {
        for c in 0..k {
            p.secondary(&format!("{belt}mode{c}")).expect(fresh);
        }
    }
    let (edge, looped) = (p.colour("e"), p.colour("l"));
    let mut choices = Vec::new();
    let mut has_loop = vec![[false; 2]; k];
    for i in 0..n {
        for a in 0..3u8 {
            for b in (0..3u8).filter(|&b| b != a) {
                let mut entries = vec![(i, 0)];
                for (belt, ax) in [a, b].into_iter().enumerate() {
                    match axis(inst, i, ax) {
                        (x, y) if x == y => {
                            has_loop[x.index()][belt] = true;
                            entries.extend([(degree(belt, x), 0), (degree(belt, x) + 1, 0), (mode(belt, x), looped)]);
                        }
                        (x, y) => entries.extend([
                            (degree(belt, x), 0),
                            (mode(belt, x), edge),
                            (degree(belt, y), 0),
                            (mode(belt, y), edge),
                        ]),
                    }
                }
                p.option(&entries).expect("valid option");
                choices.push(Some((i, [a, b])));
            }
        }
    }
    // A pad only where a loop can use it: elsewhere it could never be chosen.
    for (c, belts) in has_loop.iter().enumerate() {
        for belt in (0..2).filter(|&belt| belts[belt]) {
            let c = Colour(c as u16);
            p.option(&[(degree(belt, c), 0), (degree(belt, c) + 2, 0), (mode(belt, c), looped)])
                .expect("valid option");
            choices.push(None);
        }
    }
    (p, choices)
}

/// Appends the patterns of one pair of 2-factors (per cube its FB and LR
/// axes): every choice of direction of every cycle of each belt (a loop has
/// one); with `one`, only the first.
fn directed_patterns(inst: &Instance, axes: &[[u8; 2]], one: bool, out: &mut Vec<Tower>) {
    let belts: [Cycles; 2] = std::array::from_fn(|belt| {
        let pairs: Vec<_> = (0..inst.n()).map(|i| axis(inst, i, axes[i][belt])).collect();
        cycles(&pairs, inst.colours())
    });
    let bits = belts[0].proper + belts[1].proper;
    let total: u64 = if one {
        1
    } else {
        1u64.checked_shl(bits).expect("fewer than 2^64 patterns to list")
    };
    for m in 0..total {
        let tower = (0..inst.n())
            .map(|i| {
                let mut sides = [Colour(0); 4];
                for (belt, c) in belts.iter().enumerate() {
                    let shift = if belt == 0 { 0 } else { belts[0].proper };
                    let (front, back) = c.directed[i];
                    let reverse = c.cycle[i].is_some_and(|j| m >> (shift + j) & 1 == 1);
                    let (front, back) = if reverse { (back, front) } else { (front, back) };
                    sides[2 * belt] = front;
                    sides[2 * belt + 1] = back;
                }
                sides
            })
            .collect();
        out.push(tower);
    }
}
