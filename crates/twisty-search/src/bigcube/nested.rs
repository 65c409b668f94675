//! A cube read inside a larger one: the 6x6x6's and the 7x7x7's solvers
//! ([`super::six`], [`super::seven`]) solve smaller cubes made of some of
//! their rows and columns, read through the facelets; and the check every
//! big cube's solver makes of a state first.

use cubist_twisty::picture::{facelets, state_from_facelets};
use cubist_twisty::{Element, Puzzle};

use crate::Error;

/// An error unless `state` has one permutation of each of `p`'s sets, of
/// its size (the facelets of anything else cannot be read).
pub(super) fn check_state(p: &Puzzle, state: &Element) -> Result<(), Error> {
    if state.len() != p.sets.len() || state.iter().zip(&p.sets).any(|(w, s)| w.degree() != s.size) {
        return Err(Error::Invalid("the state is not one of this cube's".into()));
    }
    Ok(())
}

/// The `n` x `n` x `n` cube `to` whose sticker at row `r`, column `c` of
/// each face is the sticker at `place(r, c)` of the same face of the cube
/// `p` in `state`. A state the larger cube's moves cannot reach may show a
/// smaller one no moves reach: it is refused with the law it breaks, named
/// by the universal method's plan as every method names it; any other
/// failure to read it is the solver's.
pub(super) fn inside(
    p: &Puzzle,
    state: &Element,
    to: &Puzzle,
    n: usize,
    place: impl Fn(usize, usize) -> (usize, usize),
) -> Result<Element, Error> {
    let all = facelets(p, state).ok_or_else(|| Error::Failed(format!("the {} has no facelets", p.name)))?;
    let big = ((all.len() / 6) as f64).sqrt() as usize;
    let all = all.as_bytes();
    let mut text = String::with_capacity(6 * n * n);
    for face in 0..6 {
        for r in 0..n {
            for c in 0..n {
                let (r, c) = place(r, c);
                text.push(char::from(all[face * big * big + r * big + c]));
            }
        }
    }
    let source = format!("the {} inside the {}", to.name, p.name);
    state_from_facelets(to, &source, &text).map_err(|e| {
        match crate::universal::UniversalSolver::new(p).and_then(|u| u.solve(state)) {
            Err(u @ Error::Unreachable(_)) => u,
            _ => Error::Failed(format!("{source}: {e}")),
        }
    })
}
