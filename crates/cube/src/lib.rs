//! A coloured cube and nothing else: its faces, its 24 rotations, colourings,
//! canonical forms, and the cube-set file format every cubist tool reads.
//!
//! Puzzle logic lives in the family crates (`cubist-stack`, ...); this crate is
//! the vocabulary they share. Face order is the one fixed by cubist's
//! conventions: `F B L R T D` (front, back, left, right, top, bottom).
//!
//! ```
//! use cubist_cube::{parse_cube_set, Face, Rotation};
//!
//! let set = parse_cube_set(b"order: T D L R F B\nw g b b r r\n", "nu.cubes").unwrap();
//! let cube = set.cubes[0];
//! // The file listed top first; the cube is stored in F B L R T D order.
//! assert_eq!(set.palette.name(cube.face(Face::T)), "w");
//! assert_eq!(set.palette.name(cube.face(Face::F)), "r");
//! // A cube has 24 orientations; turning it never changes its canonical form.
//! assert_eq!(Rotation::all().count(), 24);
//! assert!(Rotation::all().all(|r| cube.rotated(r).canonical() == cube.canonical()));
//! ```

mod colouring;
mod face;
mod family;
mod parse;
mod rotation;

pub use colouring::{Colour, Cube, Palette};
pub use face::Face;
pub use family::family;
pub use parse::{parse_cube_set, read_cube_set, CubeSet};
pub use rotation::Rotation;
