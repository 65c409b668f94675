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
//! [`table::H0Table`] (58.8 MB). nissy-core's larger tiers add edge
//! orientation bits to the coordinate (h1 to h11); they are not built here.

pub mod coord;
pub mod search;
pub mod table;
