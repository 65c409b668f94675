//! The optimal 3x3x3 solver on the design of nissy-core's H48: a target
//! group that all 48 symmetries keep, and lookups of both the position and
//! its inverse.
//!
//! [`crate::optimal`] bounds its search by Kociemba's phase 1 distance on
//! three axes: three lookups, each reduced by 16 symmetries. H48 takes a
//! subgroup with no favoured axis (corners untwisted and in their tetrads,
//! edges in their slices, [`coord`]), so one table reduced by 48
//! symmetries serves for every orientation of the cube; the lookup it
//! saves is spent on the *inverse* position, which needs exactly as many
//! moves as the position and most often has a different bound. The search
//! ([`search`]) carries both cubes: a move `m` turns the cube `c` into
//! `c m` and its inverse into `m⁻¹ c⁻¹` (a *premove*).
//!
//! This first tier is h0: the coset alone, exact distances in
//! [`table::H0Table`] (58.8 MB, built in 10 to 25 seconds on two cores).
//! With its inverse lookups it bounds about as well as phase 1's table on
//! three axes (35 MB): measured on the same states (BENCHMARKS.md), h0
//! searches 1.0 to 1.4 times the nodes at 1.2 to 1.4 times the speed, so
//! [`crate::optimal`] keeps its own tables.
//!
//! The larger tiers h1 to h11 add the flips of `k` edges, seen through the
//! symmetry that reads h0, to the coordinate ([`coord::Coords::hk`]). For
//! `k < 11` that coordinate does not follow moves, so its table
//! ([`table::HkTable`], two bits over h0, or over a fixed base for one
//! read a lookup) holds lower bounds found by a search to a fixed depth,
//! started from every h11 coset 8 moves from the target group, each found
//! once up to the 48 symmetries by a breadth-first search ([`cosets`]);
//! the search ([`search::solve_hk`]) reads it on the cube and its inverse
//! as it reads h0. Built to depth 10 with excesses up to 2 over h0 (1.25
//! billion nodes, about ten minutes on two cores; kept in a file), h5
//! (0.94 GB) searches 2 to 2.6 times fewer nodes than the optimal solver's
//! 833 MB table, in 2.7 to 3.2 times less processor time (BENCHMARKS.md);
//! with excesses up to 1 it is only even with it. That h5 is the large
//! table of `cubist twisty solve 3x3x3 --method optimal` (the
//! `cubist-twisty-search` crate makes it, caches it and chooses it by
//! the table memory allowed).
//!
//! ```
//! use cubist_twophase::h48::coord::{Coords, N_CLASSES};
//! use cubist_twophase::{parse_moves, CubieCube};
//!
//! let co = Coords::global();
//! assert_eq!(co.reps.len(), N_CLASSES); // 3393 corner classes under 48 symmetries
//! let cube = CubieCube::from_moves(&parse_moves("scramble", "R U2 F'").unwrap());
//! let mirror = cubist_twophase::cubesym::all()[1].conjugate(&cube);
//! assert_eq!(co.h0(&mirror), co.h0(&cube)); // one coordinate for all 48 images
//! assert_eq!(co.h0(&CubieCube::SOLVED), 0);
//! ```

pub mod both;
pub mod coord;
pub mod cosets;
pub mod search;
pub mod table;
