//! Reproducible random stacking instances, for tests, benchmarks and
//! `cubist stack random`.
//!
//! Both generators draw from `ChaCha8Rng::seed_from_u64(seed)` (the stream
//! is fixed by rand_chacha, so a seed gives the same set on every machine
//! and version of cubist). Colour `i` is the token `c{i}` (`c0`, `c1`, ...);
//! the palette lists the tokens in order of first appearance (cube by cube,
//! faces in `F B L R T D` order), exactly as the parser would build it, so
//! writing a set with [`CubeSet::to_text`] and reading it back gives the
//! same palette and cubes.
//!
//! ```
//! use cubist_stack::{random, solve, Instance, Method, Mode, SolveOptions};
//!
//! let set = random::planted(12, 7);
//! let inst = Instance::new(set);
//! let opts = SolveOptions { mode: Mode::First, explain: false, ..Default::default() };
//! let report = solve(&inst, Method::Graph, &opts);
//! assert!(cubist_stack::check(&inst, &report.solutions[0]).is_ok());
//! ```

use crate::Error;
use cubist_cube::{Cube, CubeSet, Palette, Rotation};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `n` cubes whose 6n faces are drawn independently and uniformly from
/// `colours` colours (cube by cube, faces in `F B L R T D` order). With
/// `colours = n` this is the natural random Instant Insanity instance; most
/// such sets fail the quick colour test (some colour on fewer than 4 faces,
/// or missing), the rest are the hard ones.
///
/// # Panics
/// If `colours` is 0 while `n` is not, or above 65,536.
pub fn uniform(n: usize, colours: usize, seed: u64) -> CubeSet {
    assert!(colours > 0 || n == 0, "uniform: no colours to draw from");
    assert!(colours <= 1 << 16, "uniform: at most 65536 colours");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let cubes: Vec<[u16; 6]> = (0..n)
        .map(|_| std::array::from_fn(|_| rng.random_range(0..colours) as u16))
        .collect();
    build(&cubes)
}

/// `n` cubes on `n` colours with a solution planted: the front, back, left
/// and right columns of a tower are four independent uniform random
/// permutations of the colours (drawn in that order), each cube's top and
/// bottom are uniform random colours, and then every cube is turned by a
/// uniform random rotation (per cube: top, bottom, rotation). The cube
/// order is not shuffled: the columns are already random, so a shuffle
/// would give the same distribution of sets. The planted tower is one
/// solution; there may be more.
///
/// # Panics
/// If `n` is above 65,536.
pub fn planted(n: usize, seed: u64) -> CubeSet {
    assert!(n <= 1 << 16, "planted: at most 65536 colours");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut columns: Vec<Vec<u16>> = (0..4).map(|_| (0..n as u16).collect()).collect();
    for c in &mut columns {
        c.shuffle(&mut rng);
    }
    let cubes: Vec<[u16; 6]> = (0..n)
        .map(|i| {
            let top = rng.random_range(0..n) as u16;
            let bottom = rng.random_range(0..n) as u16;
            let r = Rotation::from_index(rng.random_range(0..24)).expect("24 rotations");
            let faces = [columns[0][i], columns[1][i], columns[2][i], columns[3][i], top, bottom];
            Cube::from_indices(faces).rotated(r).faces.map(|c| c.0)
        })
        .collect();
    build(&cubes)
}

/// What [`generate`] draws: `cubes` cubes, uniform over `colours` colours
/// (default: as many as cubes), or with a planted solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// N, the number of cubes (1..=65536).
    pub cubes: usize,
    /// K, the colours to draw faces from (1..=65536; `None`: N). A planted
    /// set always has N colours.
    pub colours: Option<usize>,
    /// Plant a solution ([`planted`]) instead of drawing every face
    /// uniformly ([`uniform`]).
    pub planted: bool,
    /// The generator's seed.
    pub seed: u64,
}

/// The set a [`Spec`] describes, or why it is out of range (instead of
/// the panics of [`uniform`] and [`planted`]).
pub fn generate(spec: &Spec) -> Result<CubeSet, Error> {
    let n = spec.cubes;
    let k = spec.colours.unwrap_or(n);
    let range = 1..=1 << 16;
    if !range.contains(&n) || !range.contains(&k) {
        return Err(Error::RandomSize { cubes: n, colours: k });
    }
    if spec.planted {
        if k != n {
            return Err(Error::PlantedColours { cubes: n });
        }
        return Ok(planted(n, spec.seed));
    }
    Ok(uniform(n, k, spec.seed))
}

/// A cube set from colour numbers, with tokens `c{i}` interned in order of
/// first appearance.
fn build(cubes: &[[u16; 6]]) -> CubeSet {
    let mut palette = Palette::new();
    let cubes = cubes
        .iter()
        .map(|faces| Cube::new(faces.map(|x| palette.intern(&format!("c{x}")))))
        .collect();
    CubeSet::new(palette, cubes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check, solve, Instance, Method, Mode, SolveOptions};

    #[test]
    fn reproducible_and_round_trips() {
        for set in [uniform(9, 5, 3), planted(9, 3)] {
            let back = cubist_cube::parse_cube_set(set.to_text().as_bytes(), "gen").unwrap();
            assert_eq!(back.palette, set.palette);
            assert_eq!(back.cubes, set.cubes);
        }
        assert_eq!(uniform(9, 5, 3), uniform(9, 5, 3));
        assert_ne!(uniform(9, 5, 3).cubes, uniform(9, 5, 4).cubes);
        assert_eq!(planted(9, 3), planted(9, 3));
        assert_eq!(uniform(30, 4, 1).palette.len(), 4);
    }

    #[test]
    fn generate_checks_its_spec() {
        let spec = |cubes, colours, planted| Spec {
            cubes,
            colours,
            planted,
            seed: 1,
        };
        assert_eq!(generate(&spec(6, None, true)).unwrap(), planted(6, 1));
        assert_eq!(generate(&spec(6, Some(3), false)).unwrap(), uniform(6, 3, 1));
        assert!(matches!(
            generate(&spec(5, Some(4), true)),
            Err(Error::PlantedColours { cubes: 5 })
        ));
        assert!(matches!(generate(&spec(0, None, false)), Err(Error::RandomSize { .. })));
        assert!(matches!(
            generate(&spec(3, Some(70_000), false)),
            Err(Error::RandomSize { .. })
        ));
    }

    #[test]
    fn planted_sets_are_solvable() {
        for seed in 0..20 {
            let inst = Instance::new(planted(7, seed));
            assert_eq!(inst.colours(), 7);
            let opts = SolveOptions {
                mode: Mode::First,
                explain: false,
                ..Default::default()
            };
            let r = solve(&inst, Method::Graph, &opts);
            check(&inst, &r.solutions[0]).unwrap();
        }
    }
}
