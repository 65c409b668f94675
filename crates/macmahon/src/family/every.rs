//! One collection (a set or a multiset of cubes) against every target of a
//! family: which targets it builds, each answer counted and certified.
//!
//! The targets are every cube, up to rotation, whose faces use exactly a
//! given set of K colours ([`targets_over`]): the K-colour family C_K with
//! its colours `1..K` renamed onto them. The colours are either given (K,
//! meaning colours `1..K`) or read from the cubes (the colours they use).
//! The puzzle for each target is [`super::solve`]'s: a different cube of
//! the collection at each corner position of the 2x2x2 model, turned to
//! show the target's three colours there.
//!
//! Each target is judged twice, by methods that share only the rule "a
//! rotation fits a corner when its three outer faces show the target's
//! colours":
//! - *Hall's condition* on the usable-corner masks: the collection builds
//!   the target iff every set C of corner positions is fitted by at least
//!   |C| cubes (each cube counted once however many corners of C it fits);
//! - *the count* of solutions by [`super::solve::count`], cube by cube
//!   over the set of corners filled, positive iff the target is built.
//!
//! The two must agree, and the answer carries a certificate checked from
//! the colourings: a solution (found by augmenting paths on the masks,
//! checked by [`super::solve::check`]), or a *short* corner set, one that
//! fewer cubes fit than it has corners, recounted here rotation by rotation
//! without the masks. A collection building every target of its family is
//! *universal* for it.
//!
//! ```
//! use cubist_cube::Colour;
//! use cubist_macmahon::family::every::{every_target, targets_over};
//! let colours: Vec<Colour> = (0..2).map(Colour).collect();
//! let targets = targets_over(&colours).unwrap();
//! assert_eq!(targets.len(), 8);
//! // The whole 2-colour family, each cube once: the targets with five (or
//! // four) faces of one colour need more of the cubes fitting them.
//! let answers = every_target(&targets, &targets).unwrap();
//! assert_eq!(answers.iter().filter(|a| a.builds()).count(), 4);
//! ```

use super::solve::{self as fsolve, Counting, Placement, Solution};
use super::K_RANGE;
use crate::macmahon::{corner_faces, CORNERS};
use cubist_cube::{Colour, Cube, Rotation};
use rayon::prelude::*;

/// Every cube, up to rotation, whose faces use exactly `colours` (K of
/// them, K in [`K_RANGE`]), each in canonical form, sorted: the K-colour
/// family with colour `i` renamed `colours[i]` (`colours` sorted, distinct).
/// The error says why there is no such family.
pub fn targets_over(colours: &[Colour]) -> Result<Vec<Cube>, String> {
    let k = colours.len();
    if !K_RANGE.contains(&k) {
        return Err(format!(
            "{k} colour{}: the families have {} to {} colours",
            if k == 1 { "" } else { "s" },
            K_RANGE.start(),
            K_RANGE.end()
        ));
    }
    let mut targets: Vec<Cube> = cubist_cube::family(k)
        .iter()
        .map(|c| c.recoloured(colours).canonical())
        .collect();
    targets.sort_unstable();
    targets.dedup();
    Ok(targets)
}

/// The colours the cubes use, sorted.
pub fn colours_of(cubes: &[Cube]) -> Vec<Colour> {
    let mut used: Vec<Colour> = cubes.iter().flat_map(|c| c.faces).collect();
    used.sort_unstable();
    used.dedup();
    used
}

/// Why no family can be chosen for a collection ([`choose_family`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FamilyError {
    /// The K asked for has no family.
    #[error("--family {k}: the families have {} to {} colours", K_RANGE.start(), K_RANGE.end())]
    OutOfRange {
        /// The K asked for.
        k: usize,
    },
    /// A cube uses a colour past K, so it belongs to no cube of the family
    /// asked for. The message names the cube by its colouring; a caller
    /// that knows how the cube was typed names it so instead
    /// ([`FamilyError::message_with`]).
    #[error("--family {k}: cube {} ({}) has a colour outside colours 1..{k}", .cube + 1, super::faces_text(.faces))]
    ColourOutside {
        /// The K asked for.
        k: usize,
        /// The cube's place in the collection, from 0.
        cube: usize,
        /// The cube as given.
        faces: Cube,
    },
    /// No K was given and the colours the cubes use are not a family's
    /// (one colour, or more than six): `why` says which, as
    /// [`targets_over`] does.
    #[error("the cubes use {why}; give the family with --family K (colours 1..K)")]
    NotAFamily {
        /// The count of colours and the families' range.
        why: String,
    },
}

impl FamilyError {
    /// The message, with the cube of [`FamilyError::ColourOutside`] named
    /// by `text` (how the caller's user typed it).
    pub fn message_with(&self, text: impl Fn(&Cube) -> String) -> String {
        match self {
            FamilyError::ColourOutside { k, cube, faces } => {
                format!(
                    "--family {k}: cube {} ({}) has a colour outside colours 1..{k}",
                    cube + 1,
                    text(faces)
                )
            }
            other => other.to_string(),
        }
    }
}

/// The family a collection is judged against, chosen by [`choose_family`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyChoice {
    /// The family's colours, sorted (K of them).
    pub colours: Vec<Colour>,
    /// Whether they were given (`Some(K)`: colours `1..K`) rather than
    /// read from the cubes.
    pub given: bool,
    /// The targets: [`targets_over`] the colours.
    pub targets: Vec<Cube>,
}

/// The family of a collection: the K-colour family on colours `1..K` when
/// `k` is given (every cube's colours must be among them: a cube may use
/// fewer, and then fits fewer corners), else the family on the colours
/// the cubes use ([`colours_of`]). The error says why there is none: K out
/// of [`K_RANGE`], a cube with a colour past K, or cubes using one colour
/// or more than six.
pub fn choose_family(k: Option<usize>, cubes: &[Cube]) -> Result<FamilyChoice, FamilyError> {
    let colours: Vec<Colour> = match k {
        Some(k) => {
            if !K_RANGE.contains(&k) {
                return Err(FamilyError::OutOfRange { k });
            }
            if let Some((i, c)) = cubes
                .iter()
                .enumerate()
                .find(|(_, c)| c.faces.iter().any(|x| x.index() >= k))
            {
                return Err(FamilyError::ColourOutside { k, cube: i, faces: *c });
            }
            (0..k as u16).map(Colour).collect()
        }
        None => colours_of(cubes),
    };
    let targets = targets_over(&colours).map_err(|why| FamilyError::NotAFamily { why })?;
    Ok(FamilyChoice {
        colours,
        given: k.is_some(),
        targets,
    })
}

/// Why a target is built or not, checked from the colourings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Certificate {
    /// A solution: a different cube at each corner position, turned to
    /// show the target's colours.
    Solution(Solution),
    /// A set of corner positions (bit `i`: position `i`) fitted by fewer
    /// cubes than it has positions: Hall's condition fails there.
    Short {
        /// The corner positions.
        corners: u8,
        /// The cubes fitting one of them (fewer than the positions).
        fitting: usize,
    },
}

/// One target's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetAnswer {
    /// The target (canonical).
    pub target: Cube,
    /// Solutions that look different ([`Counting::Looks`]).
    pub count: u128,
    /// Solutions counting each of a cube's 24 rotations apart
    /// ([`Counting::Rotations`], `target family`'s solution numbers).
    pub count_rotations: u128,
    /// A solution, or a short corner set.
    pub certificate: Certificate,
}

impl TargetAnswer {
    /// Whether the collection builds the target.
    pub fn builds(&self) -> bool {
        matches!(self.certificate, Certificate::Solution(_))
    }
}

/// The answer for every target, in their order (rayon over the targets).
/// At most [`fsolve::MAX_CUBES`] cubes (the caller bounds them; the counts
/// then fit 128 bits). An error is a disagreement between the two methods
/// or a certificate failing its check: a bug.
pub fn every_target(targets: &[Cube], cubes: &[Cube]) -> Result<Vec<TargetAnswer>, String> {
    if cubes.len() > fsolve::MAX_CUBES {
        return Err(format!(
            "{} cubes: at most {} are counted",
            cubes.len(),
            fsolve::MAX_CUBES
        ));
    }
    targets.par_iter().map(|t| against(t, cubes)).collect()
}

/// The answer for one target (see the module docs).
pub fn against(target: &Cube, cubes: &[Cube]) -> Result<TargetAnswer, String> {
    let masks: Vec<u8> = cubes
        .iter()
        .map(|c| {
            (0..CORNERS).fold(0u8, |m, i| {
                if fsolve::fitting(target, c, i, Counting::Looks).is_empty() {
                    m
                } else {
                    m | 1 << i
                }
            })
        })
        .collect();
    let overflow = || format!("{} cubes overflowed the count", cubes.len());
    let count = fsolve::count(target, cubes, Counting::Looks).ok_or_else(overflow)?;
    let count_rotations = fsolve::count(target, cubes, Counting::Rotations).ok_or_else(overflow)?;
    let short = short_corners(&masks);
    if short.is_none() != (count > 0) {
        return Err(format!(
            "target {:?}: Hall's condition says {}, the count is {count}",
            target.faces,
            if short.is_none() { "built" } else { "not built" }
        ));
    }
    let certificate = match short {
        Some(corners) => {
            let fitting = fitting_any(target, cubes, corners);
            if fitting >= corners.count_ones() as usize {
                return Err(format!(
                    "target {:?}: the short corner set {corners:#010b} is fitted by {fitting} cubes",
                    target.faces
                ));
            }
            Certificate::Short { corners, fitting }
        }
        None => {
            let s = matching(target, cubes, &masks)
                .ok_or_else(|| format!("target {:?}: Hall's condition holds but no matching", target.faces))?;
            fsolve::check(target, cubes, &s, false).map_err(|e| format!("target {:?}: {e}", target.faces))?;
            Certificate::Solution(s)
        }
    };
    Ok(TargetAnswer {
        target: *target,
        count,
        count_rotations,
        certificate,
    })
}

/// A smallest set of corner positions (the least mask among those of its
/// size) that fewer of the cubes fit than it has positions, if any: Hall's
/// condition from the corners' side.
fn short_corners(masks: &[u8]) -> Option<u8> {
    (1..=255u8)
        .filter(|&c| masks.iter().filter(|&&m| m & c != 0).count() < c.count_ones() as usize)
        .min_by_key(|&c| (c.count_ones(), c))
}

/// How many cubes have a rotation showing the target's colours at some
/// corner position of `corners`, recounted from the faces (the check on a
/// short corner set: nothing of the masks or of `fitting` is used).
fn fitting_any(target: &Cube, cubes: &[Cube], corners: u8) -> usize {
    cubes
        .iter()
        .filter(|c| {
            Rotation::all().any(|r| {
                let turned = c.rotated(r);
                (0..CORNERS)
                    .filter(|i| corners >> i & 1 == 1)
                    .any(|i| corner_faces(i).iter().all(|&f| turned.face(f) == target.face(f)))
            })
        })
        .count()
}

/// A solution from the masks by augmenting paths (Kuhn's algorithm: each
/// corner in turn takes a fitting cube, moving earlier corners to other
/// cubes they fit when needed), each cube then turned by its first
/// fitting rotation; `None` when the corners cannot all be filled.
fn matching(target: &Cube, cubes: &[Cube], masks: &[u8]) -> Option<Solution> {
    /// Tries to give corner `i` a cube, re-seating others along the way.
    fn seat(i: usize, masks: &[u8], owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
        for (c, &m) in masks.iter().enumerate() {
            if m >> i & 1 == 0 || seen[c] {
                continue;
            }
            seen[c] = true;
            let free = match owner[c] {
                None => true,
                Some(j) => seat(j, masks, owner, seen),
            };
            if free {
                owner[c] = Some(i);
                return true;
            }
        }
        false
    }
    let mut owner: Vec<Option<usize>> = vec![None; cubes.len()];
    for i in 0..CORNERS {
        if !seat(i, masks, &mut owner, &mut vec![false; cubes.len()]) {
            return None;
        }
    }
    let mut slots = [usize::MAX; CORNERS];
    for (c, o) in owner.iter().enumerate() {
        if let Some(i) = *o {
            slots[i] = c;
        }
    }
    let placements: Vec<Placement> = slots
        .iter()
        .enumerate()
        .map(|(corner, &slot)| {
            let rotation = *fsolve::fitting(target, &cubes[slot], corner, Counting::Looks).first()?;
            Some(Placement { corner, slot, rotation })
        })
        .collect::<Option<_>>()?;
    placements.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::macmahon::CubeId;

    /// A small deterministic generator.
    fn lcg(state: &mut u64) -> usize {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*state >> 33) as usize
    }

    #[test]
    fn targets_over_any_colours_are_the_family_renamed() {
        for k in K_RANGE {
            let plain: Vec<Colour> = (0..k as u16).map(Colour).collect();
            assert_eq!(targets_over(&plain).unwrap(), cubist_cube::family(k));
            // Colours 2, 4, 6, ...: as many targets, each using exactly them.
            let spread: Vec<Colour> = (0..k as u16).map(|c| Colour(2 * c + 1)).collect();
            let t = targets_over(&spread).unwrap();
            assert_eq!(t.len(), super::super::burnside(k as u64) as usize);
            assert!(t.iter().all(|c| c.colours() == spread));
        }
        assert!(targets_over(&[Colour(0)]).unwrap_err().contains("2 to 6"));
        assert!(targets_over(&[]).is_err());
    }

    /// On MacMahon's cubes the answer for every target is the graph
    /// model's count (via the direct counter of `crate::solve`), for
    /// Conway's eights and random multisets.
    #[test]
    fn macmahon_cubes_agree_with_the_papers_counters() {
        let targets: Vec<Cube> = CubeId::all().map(CubeId::cube).collect();
        let mut seed = 11;
        for round in 0..6 {
            let ids: Vec<CubeId> = if round == 0 {
                crate::macmahon::conway_eight(CubeId(7)).to_vec()
            } else {
                (0..8 + round).map(|_| CubeId((lcg(&mut seed) % 30) as u8)).collect()
            };
            let cubes: Vec<Cube> = ids.iter().map(|c| c.cube()).collect();
            let answers = every_target(&targets, &cubes).unwrap();
            for (t, a) in CubeId::all().zip(&answers) {
                let direct = u128::from(crate::solve::count_direct(t, &ids));
                assert_eq!((a.count, a.count_rotations), (direct, direct), "{}", t.name());
                assert_eq!(a.builds(), direct > 0);
            }
            if round == 0 {
                assert!(answers[7].builds());
            }
        }
    }

    /// Random multisets of every family: whether each target is built
    /// agrees with the brute force over corners, cubes and rotations of
    /// `super::super::count_brute` and with the n = 2 maximum flow of
    /// `crate::extended`.
    #[test]
    fn random_multisets_agree_with_brute_force_and_the_flow() {
        let mut seed = 5;
        for k in 2..=5usize {
            let fam = cubist_cube::family(k);
            let colours: Vec<Colour> = (0..k as u16).map(Colour).collect();
            let targets = targets_over(&colours).unwrap();
            for _ in 0..3 {
                let n = 8 + lcg(&mut seed) % 3;
                let cubes: Vec<Cube> = (0..n)
                    .map(|_| {
                        let c = fam[lcg(&mut seed) % fam.len()];
                        c.rotated(Rotation::from_index(lcg(&mut seed) % 24).unwrap())
                    })
                    .collect();
                let answers = every_target(&targets, &cubes).unwrap();
                for (t, a) in targets.iter().zip(&answers) {
                    let flow = matches!(crate::extended::solve(t, &cubes, 2), crate::extended::Answer::Built(_));
                    assert_eq!(a.builds(), flow, "k = {k}, target {:?}", t.faces);
                    if a.count_rotations < 50_000 {
                        assert_eq!(a.count_rotations, u128::from(super::super::count_brute(t, &cubes)));
                    }
                }
            }
        }
    }

    /// The family given, read from the cubes, or refused, with the
    /// messages the commands print.
    #[test]
    fn the_family_is_given_read_or_refused() {
        let two = Cube::from_indices([0, 0, 1, 1, 0, 1]);
        let three = Cube::from_indices([0, 1, 2, 0, 1, 2]);
        let read = choose_family(None, &[two, three]).unwrap();
        assert_eq!((read.colours.len(), read.given, read.targets.len()), (3, false, 30));
        let given = choose_family(Some(4), &[two, three]).unwrap();
        assert_eq!((given.colours.len(), given.given, given.targets.len()), (4, true, 68));
        let e = choose_family(Some(7), &[two]).unwrap_err();
        assert_eq!(e, FamilyError::OutOfRange { k: 7 });
        assert_eq!(e.to_string(), "--family 7: the families have 2 to 6 colours");
        let e = choose_family(Some(2), &[two, three]).unwrap_err();
        assert_eq!(
            e,
            FamilyError::ColourOutside {
                k: 2,
                cube: 1,
                faces: three
            }
        );
        assert_eq!(
            e.to_string(),
            "--family 2: cube 2 (1 2 3 1 2 3) has a colour outside colours 1..2"
        );
        assert_eq!(
            e.message_with(|_| "r g b r g b".into()),
            "--family 2: cube 2 (r g b r g b) has a colour outside colours 1..2"
        );
        let one = Cube::from_indices([0; 6]);
        let e = choose_family(None, &[one]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the cubes use 1 colour: the families have 2 to 6 colours; give the family with --family K (colours 1..K)"
        );
    }

    #[test]
    fn a_short_corner_set_is_named_and_recounted() {
        // Seven copies of a target and a cube of another colour.
        let t = Cube::from_indices([0, 0, 0, 1, 1, 1]);
        let other = Cube::from_indices([2; 6]);
        let mut cubes = vec![t; 7];
        cubes.push(other);
        let a = against(&t, &cubes).unwrap();
        assert_eq!(a.count, 0);
        let Certificate::Short { corners, fitting } = a.certificate else {
            panic!("not built")
        };
        assert!(fitting < corners.count_ones() as usize);
        assert_eq!(fitting_any(&t, &cubes, corners), fitting);
        // An eighth copy builds it, with a checked solution.
        cubes.push(t);
        assert!(against(&t, &cubes).unwrap().builds());
    }
}
