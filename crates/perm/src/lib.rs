//! Permutation groups for twisty puzzles: permutations, elements of wreath
//! products `Z_r wr S_n` (Eidswick's pairs `(α', α'')`), words over generators,
//! Schreier-Sims (exact orders, membership, random elements), orbits, and GF(2)
//! linear algebra for parity bases.
//!
//! Conventions follow Eidswick, "Cubelike puzzles — what are they and how do you
//! solve them?": permutations act on the right and products are read left to
//! right (`a.then(&b)` is `ab`, `a` first); the commutator is `[a, b] = a b a^-1 b^-1`.
//!
//! ```
//! use cubist_perm::{Perm, StabChain};
//!
//! // S_5 from a 5-cycle and a transposition.
//! let c = Perm::from_cycles(5, &[vec![0, 1, 2, 3, 4]]).unwrap();
//! let t = Perm::from_cycles(5, &[vec![0, 1]]).unwrap();
//! let chain = StabChain::new(5, &[c, t]);
//! assert_eq!(chain.order(), 120u32.into());
//! ```

pub mod gf2;
mod orbit;
mod perm;
mod schreier;
pub mod word;
mod wreath;

pub use orbit::orbits;
pub use perm::{Error, Perm};
pub use schreier::StabChain;
pub use wreath::Wreath;
