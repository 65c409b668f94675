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

/// Why a picture cannot be drawn: the data handed to it does not fit
/// together. The callers build that data themselves, so this is a bug in
/// the caller, never bad user input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A face's colour index is not among the colour tokens given.
    #[error("{cube}: colour {colour} is beyond the {named} named")]
    Colour {
        /// The cube's label.
        cube: String,
        /// The colour index.
        colour: usize,
        /// How many colours were named.
        named: usize,
    },
    /// A tableau cell outside the 6 x 6 grid.
    #[error("{cube}: row {row} column {col} is outside the 6 x 6 tableau")]
    OffTableau {
        /// The cube's label.
        cube: String,
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// A solution that does not fill the eight corners.
    #[error("solution {solution}: {cubes} cubes, not 8")]
    NotEight {
        /// The solution's number, from 1.
        solution: usize,
        /// Its number of cubes.
        cubes: usize,
    },
    /// A chart with nothing to draw (every count is 0).
    #[error("{0}: nothing to draw (every count is 0)")]
    Empty(&'static str),
    /// Pieces of the picture that do not fit together (a tower that does
    /// not stand on the set it is drawn with, a colour beyond those named).
    #[error("{0}")]
    Mismatch(String),
    /// The chart library failed to draw.
    #[error("drawing the chart: {0}")]
    Plot(String),
}
