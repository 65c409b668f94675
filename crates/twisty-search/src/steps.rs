//! The 3x3x3 by the steps fewest-moves solvers use: edge orientation (EO)
//! on an axis, domino reduction (DR) on another, then the finish within the
//! domino group, each step solved optimally from where the one before left
//! the cube, with only the moves that keep what the steps before did.
//!
//! | step | target | moves |
//! |---|---|---|
//! | `eo-a` | every edge oriented on `a` | all 18 face turns |
//! | `dr-b` (b ≠ a) | domino reduction on `b` | quarter turns but of `a`'s faces, which turn by halves |
//! | `finish` | solved | quarter turns of `b`'s faces, half turns of the others |
//!
//! Why these moves: the states with `a`'s edges oriented are the group of
//! the moves that flip none of them (every face but `a`'s quarter turns), so
//! only those keep the EO; the domino group on `b` is that of `b`'s quarter
//! turns and the other half turns, and it lies inside the EO group of
//! either other axis (a `b` quarter turn flips no edge for `a`), so the
//! finish keeps both.
//!
//! **How each step is solved.** Each is a phase of the general optimal
//! solver ([`crate::optimal`]): EO and DR are the named masks `eo` and `dr`
//! ([`cubist_twisty::pattern`]), the finish is the whole cube, and all
//! three are written for one axis (F/B for EO, U/D for DR and the finish).
//! A step on another axis is solved in the frame turned to that axis
//! ([`cubist_twisty::frame`]: the state conjugated by a whole-cube
//! rotation, the moves too, their names kept), so the answer needs no
//! translation. The searches are iterative deepening: each step's answer
//! is the shortest with its moves. The finish could also be solved by the
//! two-phase algorithm's phase 2, whose group is the same; the general
//! solver is used because it proves its answer shortest within the group
//! with its own pattern databases (about 240 KB per finish, built in a
//! fraction of a second in a release build, then cached), and it searches
//! a finish in about 0.1 s of processor time (BENCHMARKS.md).
//!
//! **The axes.** A step named without an axis takes the best chain: each
//! axis it may take is tried with the best chain of the steps after it,
//! and the shortest total kept (ties to F/B, then R/L). With every axis
//! open, `eo,dr,finish` tries the three EO axes, the two DR axes each
//! allows and their finishes (15 searches), so a longer EO on one axis is
//! taken when its DR and finish make up for it. Each step's answer is the
//! search's first optimal one: other optimal EOs on the same axis, or
//! longer ones, are not tried.
//!
//! **Checks.** Every step's answer is applied to the state on the cube as
//! held and checked by [`check::Checker`], which reads the step's property
//! from the stickers by its definition, not through the masks or the
//! turned frame; the whole solution is checked by the cube's own solved
//! check when the finish is among the steps.

pub mod check;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use cubist_twisty::frame::{Axis, Turn};
use cubist_twisty::pattern::Pattern;
use cubist_twisty::{compose, notation, Element, Puzzle};

use crate::optimal;
use crate::solver::{Method, PlannedSolver};
use crate::{Error, Watch};

use check::Checker;

/// What a step reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Every edge oriented on an axis.
    Eo,
    /// Domino reduction on an axis.
    Dr,
    /// Solved.
    Finish,
}

impl Kind {
    /// `"eo"`, `"dr"` or `"finish"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Eo => "eo",
            Kind::Dr => "dr",
            Kind::Finish => "finish",
        }
    }
}

/// A step as asked: its kind and, if given, its axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// What it reaches.
    pub kind: Kind,
    /// The axis asked for; `None` for the best ([`Steps::solve`]).
    pub axis: Option<Axis>,
}

/// The steps of a list such as `eo,dr,finish` or `eo-fb,dr-ud`: EO first,
/// then optionally DR, then optionally the finish, each at most once; a
/// DR axis must differ from the EO axis (the moves that keep EO on `a`
/// reach domino reduction on the two others). Anything else is refused
/// with what may be asked.
pub fn parse(list: &[String]) -> Result<Vec<Step>, Error> {
    let usage = |why: String| {
        Error::Invalid(format!(
            "--steps {}: {why}; the steps are eo, dr and finish, in this order (eo, eo,dr or eo,dr,finish), eo and dr with an axis or none (eo-fb, eo-rl, eo-ud, dr-ud, dr-rl, dr-fb)",
            cubist_io::excerpt(&list.join(","))
        ))
    };
    if list.is_empty() || list.len() > 3 {
        return Err(usage(format!("{} steps given", list.len())));
    }
    let order = [Kind::Eo, Kind::Dr, Kind::Finish];
    let mut steps = Vec::with_capacity(list.len());
    for (i, name) in list.iter().enumerate() {
        let (kind, axis) = name.split_once('-').unwrap_or((name, ""));
        let kind = order
            .into_iter()
            .find(|k| k.name() == kind)
            .ok_or_else(|| usage(format!("\"{}\" is no step", cubist_io::excerpt(name))))?;
        if kind != order[i] {
            return Err(usage(format!(
                "{} cannot come {}",
                kind.name(),
                ["first", "second", "third"][i]
            )));
        }
        let axis = match (kind, axis) {
            (_, "") => None,
            (Kind::Finish, _) => return Err(usage("the finish has no axis".into())),
            (_, a) => Some(Axis::parse(a).ok_or_else(|| usage(format!("\"{}\" is no axis", cubist_io::excerpt(a))))?),
        };
        steps.push(Step { kind, axis });
    }
    if let [Step { axis: Some(a), .. }, Step { axis: Some(b), .. }, ..] = steps[..] {
        if a == b {
            return Err(usage(format!(
                "domino reduction from EO on {} is on one of the two other axes",
                a.name()
            )));
        }
    }
    Ok(steps)
}

/// One step solved.
#[derive(Clone, Debug)]
pub struct Solved {
    /// What it reached.
    pub kind: Kind,
    /// On which axis (the finish: the DR axis it kept).
    pub axis: Axis,
    /// Its moves, as the cube names them (`F2` one move).
    pub moves: Vec<String>,
    /// Whether the search proved them shortest with the step's moves.
    pub optimal: bool,
    /// The search's nodes.
    pub nodes: u64,
}

/// Which solver a step needs: the step, its axis, and the axis of the step
/// before, whose property its moves keep.
type Key = (Kind, Axis, Option<Axis>);

/// The steps' solvers for the 3x3x3, planned as the states need them and
/// kept for the next states.
pub struct Steps {
    cube: Puzzle,
    checker: Checker,
    opts: optimal::Options,
    solvers: HashMap<Key, (Turn, Puzzle, PlannedSolver)>,
}

/// The moves a step may use: every face turn for EO; after EO on `a`, the
/// quarter turns but of `a`'s faces, which turn by halves; after DR on `b`,
/// `b`'s quarter turns and the other half turns.
fn moves_for(kind: Kind, before: Option<Axis>) -> Vec<String> {
    let all = [Axis::Ud, Axis::Rl, Axis::Fb];
    all.iter()
        .flat_map(|&x| {
            let half = match (kind, before) {
                (Kind::Dr, Some(a)) => x == a,
                (Kind::Finish, Some(b)) => x != b,
                _ => false,
            };
            x.faces().map(|f| if half { format!("{f}2") } else { f.to_string() })
        })
        .collect()
}

/// The most memory each step's pattern databases may take: EO's and DR's
/// are small, the finish's the largest (its group has 8! 8! 4! / 2
/// states; the solver's choice within this budget takes about 240 KB).
pub const STEP_TABLE_MEMORY: u64 = 64 << 20;

impl Steps {
    /// The steps' solvers for `cube`, the 3x3x3 with its six face turns;
    /// their tables are built when a state first needs them, each within
    /// the smaller of `opts.table_memory` and [`STEP_TABLE_MEMORY`].
    pub fn new(cube: &Puzzle, opts: &optimal::Options) -> Result<Steps, Error> {
        the_cube(cube)?;
        let opts = optimal::Options {
            table_memory: opts.table_memory.min(STEP_TABLE_MEMORY),
            ..opts.clone()
        };
        Ok(Steps {
            checker: Checker::new(cube)?,
            cube: cube.clone(),
            opts,
            solvers: HashMap::new(),
        })
    }

    /// What planning every solver `steps` may need will allocate at most:
    /// each one's pattern databases as [`optimal::planned_memory`] counts
    /// them, summed, and one search's own allowance (the steps search one
    /// at a time, where each solver's plan counts its own).
    pub fn planned_memory(cube: &Puzzle, steps: &[Step], opts: &optimal::Options) -> Result<(String, u64), Error> {
        the_cube(cube)?;
        let opts = optimal::Options {
            table_memory: opts.table_memory.min(STEP_TABLE_MEMORY),
            ..opts.clone()
        };
        let mut total = crate::god::SEARCH_BYTES;
        let mut count = 0;
        for key in keys(steps) {
            let (_, q) = step_puzzle(cube, key)?;
            total += optimal::planned_memory(&q, &opts)?
                .1
                .saturating_sub(crate::god::SEARCH_BYTES);
            count += 1;
        }
        Ok((
            format!("the pattern databases of the steps' {count} optimal solvers"),
            total,
        ))
    }

    /// The solver of one step (planned on first use; its tables' build
    /// stops when `cancel` is set, and the next call plans it again).
    fn solver(&mut self, key: Key, cancel: Option<&AtomicBool>) -> Result<&(Turn, Puzzle, PlannedSolver), Error> {
        if let std::collections::hash_map::Entry::Vacant(v) = self.solvers.entry(key) {
            let (turn, q) = step_puzzle(&self.cube, key)?;
            let s = PlannedSolver::new_until(&q, Method::Optimal, &self.opts, cancel)?;
            v.insert((turn, q, s));
        }
        self.solvers
            .get(&key)
            .ok_or_else(|| Error::Failed("a step's solver was not kept".into()))
    }

    /// Solves one step from `state`: the answer, checked on the cube by
    /// the step's own check, and the state it leaves.
    fn step(&mut self, key: Key, state: &Element, cancel: Option<&AtomicBool>) -> Result<(Solved, Element), Error> {
        let (turn, q, s) = self.solver(key, cancel)?;
        let answer = s.solve_until(&turn.state(state), &mut |_, _| {}, Watch::cancel_only(cancel), &|_| {})?;
        let names: Vec<&str> = q.moves.iter().map(|m| m.name.as_str()).collect();
        let alg = answer.moves.format(&names);
        // The names read on the cube as held: no frame, no pattern.
        let after = compose(state, &notation::parse(&self.cube, &alg)?);
        let (kind, axis, _) = key;
        let holds = match kind {
            Kind::Eo => self.checker.edges_oriented(&after, axis)?,
            Kind::Dr => self.checker.domino(&after, axis)?,
            Kind::Finish => self.cube.shows_solved(&after),
        };
        if !holds {
            return Err(Error::Failed(format!(
                "the {} step's answer \"{alg}\" does not reach its target on {}",
                kind.name(),
                axis.name()
            )));
        }
        let solved = Solved {
            kind,
            axis,
            moves: alg.split_whitespace().map(str::to_string).collect(),
            optimal: answer.optimal,
            nodes: answer.search.map_or(0, |f| f.nodes),
        };
        Ok((solved, after))
    }

    /// Solves `steps` ([`parse`]) from `state`, one after the other, each
    /// checked; a step without an axis takes the best chain (module docs).
    /// The whole solution is the steps' moves in order, and with the finish
    /// it is checked to solve the cube. Stops with [`Error::Interrupted`]
    /// soon after `cancel` is set (in a step's table build or search).
    pub fn solve(
        &mut self,
        steps: &[Step],
        state: &Element,
        cancel: Option<&AtomicBool>,
    ) -> Result<Vec<Solved>, Error> {
        let chain = self.best(steps, state, None, cancel)?;
        let at = chain.last().map_or(state, |(_, after)| after);
        if steps.iter().any(|s| s.kind == Kind::Finish) && !self.cube.shows_solved(at) {
            return Err(Error::Failed("the steps together do not solve the cube".into()));
        }
        Ok(chain.into_iter().map(|(s, _)| s).collect())
    }

    /// The shortest chain of `steps` from `state`, the step before them on
    /// `before`: each axis the first step leaves open is tried with the
    /// best chain of the steps after it (recursively), and the shortest
    /// total kept, the first in [`Axis::ALL`]'s order (F/B, R/L, U/D) on a
    /// tie. With every axis open, `eo,dr,finish` is 3 EOs, 6 DRs and 6
    /// finishes: the best chain over the axes, each step optimal.
    fn best(
        &mut self,
        steps: &[Step],
        state: &Element,
        before: Option<Axis>,
        cancel: Option<&AtomicBool>,
    ) -> Result<Vec<(Solved, Element)>, Error> {
        let Some((&step, rest)) = steps.split_first() else {
            return Ok(Vec::new());
        };
        let axes: Vec<Axis> = match (step.kind, step.axis, before) {
            // The finish keeps the DR axis it follows.
            (Kind::Finish, _, Some(b)) => vec![b],
            (_, Some(a), _) => vec![a],
            _ => Axis::ALL.into_iter().filter(|&a| Some(a) != before).collect(),
        };
        let mut best: Option<(usize, Vec<(Solved, Element)>)> = None;
        for a in axes {
            let (solved, after) = self.step((step.kind, a, before), state, cancel)?;
            let tail = self.best(rest, &after, Some(a), cancel)?;
            let mut chain = vec![(solved, after)];
            chain.extend(tail);
            let length: usize = chain.iter().map(|(s, _)| s.moves.len()).sum();
            if best.as_ref().is_none_or(|(l, _)| length < *l) {
                best = Some((length, chain));
            }
        }
        best.map(|(_, chain)| chain)
            .ok_or_else(|| Error::Failed("no axis for a step".into()))
    }
}

/// Refuses a puzzle other than the 3x3x3 with its six face turns.
fn the_cube(cube: &Puzzle) -> Result<(), Error> {
    if crate::twophase::is_3x3x3(cube) && cube.pattern.is_none() {
        return Ok(());
    }
    Err(Error::Invalid(format!(
        "--steps solves the 3x3x3 with its six face turns, not {}",
        cubist_io::excerpt(&cube.name)
    )))
}

/// Every solver `steps` may need.
fn keys(steps: &[Step]) -> Vec<Key> {
    let mut keys: Vec<Key> = Vec::new();
    let mut prev: Vec<Axis> = vec![];
    for (i, s) in steps.iter().enumerate() {
        let axes: Vec<Axis> = s.axis.map_or(Axis::ALL.to_vec(), |a| vec![a]);
        let mut next = Vec::new();
        for &a in &axes {
            let befores: Vec<Option<Axis>> = if i == 0 {
                vec![None]
            } else {
                prev.iter()
                    .copied()
                    .filter(|&b| b != a || s.kind == Kind::Finish)
                    .map(Some)
                    .collect()
            };
            for b in befores {
                let key = match s.kind {
                    // The finish keeps the DR axis it follows.
                    Kind::Finish => (Kind::Finish, b.unwrap_or(a), b),
                    k => (k, a, b),
                };
                if !keys.contains(&key) {
                    keys.push(key);
                    next.push(key.1);
                }
            }
        }
        prev = next;
    }
    keys
}

/// The puzzle a step's solver searches: the cube with the step's moves,
/// the step's mask written for its home axis (EO: F/B, DR and the finish:
/// U/D), and the turn from the step's axis to that one, the moves turned
/// by it ([`cubist_twisty::frame`]).
fn step_puzzle(cube: &Puzzle, (kind, axis, before): Key) -> Result<(Turn, Puzzle), Error> {
    let names = moves_for(kind, before);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let moved = notation::generators(cube, &names)?;
    let home = if kind == Kind::Eo { Axis::Fb } else { Axis::Ud };
    let turn = Turn::between(cube, axis, home)?;
    let q = match kind {
        Kind::Finish => moved,
        k => Pattern::named(cube, k.name())?.relabel(&moved)?,
    };
    Ok((turn.clone(), turn.puzzle(&q)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_lists() {
        let s = |t: &str| parse(&t.split(',').map(str::to_string).collect::<Vec<_>>());
        assert_eq!(s("eo,dr,finish").unwrap().len(), 3);
        assert_eq!(
            s("eo-rl,dr-ud").unwrap(),
            [
                Step {
                    kind: Kind::Eo,
                    axis: Some(Axis::Rl)
                },
                Step {
                    kind: Kind::Dr,
                    axis: Some(Axis::Ud)
                }
            ]
        );
        for bad in [
            "dr",
            "eo,finish",
            "eo-fb,dr-fb",
            "eo,dr,finish-ud",
            "eo-xy",
            "eo,eo",
            "eo,dr,finish,eo",
        ] {
            assert!(s(bad).is_err(), "{bad}");
        }
        assert_eq!(moves_for(Kind::Dr, Some(Axis::Fb)), ["U", "D", "R", "L", "F2", "B2"]);
        assert_eq!(
            moves_for(Kind::Finish, Some(Axis::Ud)),
            ["U", "D", "R2", "L2", "F2", "B2"]
        );
        assert_eq!(moves_for(Kind::Eo, None), ["U", "D", "R", "L", "F", "B"]);
        // eo,dr,finish with open axes: three EO, six DR (each with the EO
        // before), three finishes.
        assert_eq!(keys(&s("eo,dr,finish").unwrap()).len(), 12);
        assert_eq!(keys(&s("eo-fb,dr-ud,finish").unwrap()).len(), 3);
    }
}
