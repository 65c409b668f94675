//! SVG pictures of cubist's puzzles.
//!
//! Pictures are plain data in, SVG text out: this crate knows colours and
//! shapes, not puzzles, so every family crate can use it and it depends on
//! none of them. Hand-written SVG for the cube pictures (a few rectangles and
//! polygons; a plotting library would add nothing), plotters' SVG backend for
//! charts.

pub mod place;
pub mod plot;
pub mod stack;
pub mod svg;
pub mod target;
pub mod twisty;
