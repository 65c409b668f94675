//! The 3x3x3 by Kociemba's two-phase algorithm.
//!
//! [`cubist_twophase`] solves the 3x3x3 in at most 20 or 21 moves in
//! milliseconds, but it knows the cube in its own terms: corners and edges
//! numbered as Kociemba numbers them, read from his 54-character facelet
//! string. cubist's puzzles are permutation groups built from geometry, with
//! pieces numbered by the geometry. This module is the bridge, and it goes
//! through the stickers, the one description both sides agree on:
//!
//! 1. the state's picture ([`cubist_twisty::picture`]) is the cube's net, L F R
//!    B across the middle, U above F, D below: exactly the layout of
//!    Kociemba's string, so each face's nine stickers, read row by row, are
//!    his nine facelets of that face;
//! 2. the colour of each sticker becomes the letter of the face whose centre
//!    has that colour, faces in his order U R F D L B;
//! 3. the solution (moves `U R F D L B` with `2` and `'`) is read back with
//!    cubist's own notation, and verified by cubist's own arithmetic: applied
//!    to the state, it must give a state that shows solved.
//!
//! A puzzle is the 3x3x3 for this purpose when its solved picture reads as
//! the solved facelet string and it has the six face turns: the built-in
//! `3x3x3` (not a restriction to fewer moves, whose solutions must avoid the
//! missing ones).
//!
//! ```
//! use cubist_twisty::{library, notation};
//! use cubist_twisty_search::twophase::{facelets, TwoPhaseSolver};
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let state = notation::parse(&cube, "R U R' U'").unwrap();
//! assert_eq!(facelets(&cube, &cube.identity()).unwrap(), cubist_twophase::CubieCube::default().to_facelets());
//! let solver = TwoPhaseSolver::new(&cube, cubist_twophase::SolveOptions::default(), None).unwrap();
//! assert!(solver.solve(&state).unwrap().len() <= 21);
//! ```

use std::path::Path;

use cubist_perm::word::Word;
use cubist_twisty::alg::Alg;
use cubist_twisty::picture::{picture, Picture};
use cubist_twisty::{Element, Puzzle};

use crate::Error;

/// The two-phase search's options (longest solution, time and node
/// limits, threads).
pub use cubist_twophase::SolveOptions;

/// Kociemba's face order in the facelet string.
const ORDER: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// The face turns the two-phase solutions use.
const TURNS: [&str; 6] = ["U", "R", "F", "D", "L", "B"];

/// The state as Kociemba's facelet string, or `None` when the puzzle is not
/// drawn as a 3x3x3 net (another puzzle, or one without geometry).
pub fn facelets(p: &Puzzle, state: &Element) -> Option<String> {
    let solved = faces(p, &p.identity())?;
    let now = faces(p, state)?;
    // The letter of each colour: the face (in the solved picture) that
    // shows it. The solved picture also fixes which face is which: the
    // face whose stickers all have colour c.
    let mut letter_of_colour = [' '; 6];
    let mut face_of_letter = [usize::MAX; 6];
    for (f, stickers) in solved.iter().enumerate() {
        let c = stickers[4];
        if stickers.iter().any(|&s| s != c) || c >= 6 {
            return None;
        }
        // The net's face order is the picture's; the letter is the face's
        // place in the picture's colour list, F B L R U D.
        let letter = ['F', 'B', 'L', 'R', 'U', 'D'][c];
        letter_of_colour[c] = letter;
        face_of_letter[ORDER.iter().position(|&l| l == letter)?] = f;
    }
    let mut out = String::with_capacity(54);
    for &f in &face_of_letter {
        for &c in now.get(f)? {
            out.push(*letter_of_colour.get(c)?);
        }
    }
    Some(out)
}

/// Each face's nine sticker colours in reading order (row by row, top to
/// bottom, left to right in the net), faces in the picture's order.
fn faces(p: &Puzzle, state: &Element) -> Option<Vec<Vec<usize>>> {
    let Picture::Faces(d) = picture(p, state) else {
        return None;
    };
    if d.colours != ["green", "blue", "orange", "red", "white", "yellow"] || d.stickers.len() != 54 {
        return None;
    }
    let mut by_face: Vec<Vec<([f64; 2], usize)>> = vec![Vec::new(); 6];
    for s in &d.stickers {
        let n = s.points.len() as f64;
        let centre = s
            .points
            .iter()
            .fold([0.0, 0.0], |a, q| [a[0] + q[0] / n, a[1] + q[1] / n]);
        by_face.get_mut(s.face)?.push((centre, s.colour));
    }
    by_face
        .into_iter()
        .map(|mut stickers| {
            if stickers.len() != 9 {
                return None;
            }
            // Rows first: stickers of one row share a centre height (up to
            // rounding), so compare heights with a tolerance.
            stickers.sort_by(|a, b| {
                let (ya, yb) = (a.0[1], b.0[1]);
                if (ya - yb).abs() > 1e-6 {
                    ya.total_cmp(&yb)
                } else {
                    a.0[0].total_cmp(&b.0[0])
                }
            });
            Some(stickers.into_iter().map(|(_, c)| c).collect())
        })
        .collect()
}

/// The file the tables are cached in, inside a cache folder. The name
/// carries the format: a table of another format is another file.
const CACHE_FILE: &str = "twophase-v4.tables";

/// The largest cache file read (the tables are about 48 MB): a larger file
/// is not read whole, the tables are rebuilt.
const CACHE_MAX_BYTES: u64 = 64 << 20;

/// Makes the two-phase tables ready: already in memory, else read from
/// `cache` (a checksummed file; a corrupt or foreign one is rebuilt), else
/// built (a few seconds) and, with a cache folder, written there. Returns a
/// warning when the cache could not be written (the tables are used from
/// memory all the same).
pub fn prepare_tables(cache: Option<&Path>) -> Option<String> {
    use cubist_twophase::Tables;
    if Tables::global_if_ready().is_some() {
        return None;
    }
    let dir = cache?;
    let path = dir.join(CACHE_FILE);
    let cached = std::fs::metadata(&path)
        .ok()
        .filter(|m| m.len() <= CACHE_MAX_BYTES)
        .and_then(|_| std::fs::read(&path).ok())
        .and_then(|bytes| Tables::from_bytes(&bytes).ok());
    if let Some(t) = cached {
        // Another thread may have set them meanwhile: either is right.
        let _ = Tables::set_global(t);
        return None;
    }
    let t = Tables::build();
    let written = std::fs::create_dir_all(dir).and_then(|()| cubist_input::write_atomic(&path, &t.to_bytes()));
    let _ = Tables::set_global(t);
    written
        .err()
        .map(|e| format!("cannot cache the two-phase tables in {}: {e}", path.display()))
}

/// The two-phase solver for one puzzle that is the 3x3x3.
pub struct TwoPhaseSolver {
    puzzle: Puzzle,
    options: cubist_twophase::SolveOptions,
    cache_warning: Option<String>,
}

impl TwoPhaseSolver {
    /// The solver for `p`, or an error when `p` is not the 3x3x3 with its
    /// six face turns; its tables come from `cache` when given (see
    /// [`prepare_tables`]).
    pub fn new(
        p: &Puzzle,
        options: cubist_twophase::SolveOptions,
        cache: Option<&Path>,
    ) -> Result<TwoPhaseSolver, Error> {
        if !is_3x3x3(p) {
            return Err(Error::Invalid(
                "the two-phase method solves the 3x3x3 with its six face turns U R F D L B".into(),
            ));
        }
        let cache_warning = prepare_tables(cache);
        Ok(TwoPhaseSolver {
            puzzle: p.clone(),
            options,
            cache_warning,
        })
    }

    /// Why the tables could not be cached, if they could not.
    pub fn cache_warning(&self) -> Option<&str> {
        self.cache_warning.as_deref()
    }

    /// A verified solution of `state`, in the puzzle's moves.
    pub fn solve(&self, state: &Element) -> Result<Word, Error> {
        let p = &self.puzzle;
        let text = facelets(p, state).ok_or_else(|| Error::Failed("the state has no 3x3x3 net".into()))?;
        let cube = cubist_twophase::CubieCube::from_facelets("state", &text).map_err(|e| Error::Unreachable(e.what))?;
        let solution = cubist_twophase::solve(&cube, &self.options).map_err(|e| match e.kind() {
            cubist_input::ErrorKind::Limit => Error::Limit(cubist_input::LimitError::new(
                "the two-phase search",
                format!(
                    "more than {} moves within its time or node limit",
                    self.options.max_length
                ),
                "--max-length with the given effort",
            )),
            cubist_input::ErrorKind::Input => Error::Unreachable(e.to_string()),
            _ => Error::Failed(e.to_string()),
        })?;
        let moves = cubist_twophase::format_moves(&solution.moves);
        let read =
            |e: cubist_twisty::Error| Error::Failed(format!("the two-phase answer '{moves}' does not read: {e}"));
        let alg = Alg::parse(p, &moves).map_err(read)?;
        let word = alg.to_word(p).map_err(read)?;
        let after = alg.apply(p, state).map_err(read)?;
        if !p.shows_solved(&after) {
            return Err(Error::Failed(format!(
                "the two-phase answer '{moves}' does not solve the state"
            )));
        }
        Ok(word)
    }
}

/// The state of a Kociemba facelet string (faces U R F D L B, nine
/// stickers each; any six distinct letters, read by the centres) on the
/// 3x3x3 `p`. An impossible string is an error naming `source`, the law it
/// breaks and, where there is one, the column.
///
/// The cube is solved by the two-phase algorithm and the state is the
/// inverse of that solution, applied to solved: no table of how cubist
/// numbers the pieces is needed, and the result is checked by reading its
/// facelets back.
pub fn state_from_facelets(p: &Puzzle, source: &str, text: &str) -> Result<Element, Error> {
    if !is_3x3x3(p) {
        return Err(Error::Invalid("facelet strings describe the 3x3x3".into()));
    }
    let cube = cubist_twophase::CubieCube::from_facelets(source, text)
        .map_err(|e| Error::Twisty(cubist_twisty::Error::Input(e)))?;
    let solution = cubist_twophase::solve(&cube, &SolveOptions::default()).map_err(|e| Error::Failed(e.to_string()))?;
    let state = Alg::parse(p, &cubist_twophase::format_moves(&solution.moves))
        .and_then(|a| a.invert().element(p))
        .map_err(|e| Error::Failed(e.to_string()))?;
    if facelets(p, &state).as_deref() != Some(cube.to_facelets().as_str()) {
        return Err(Error::Failed("the facelets of the state read back differently".into()));
    }
    Ok(state)
}

/// Whether `p` is the 3x3x3 with its six face turns.
pub fn is_3x3x3(p: &Puzzle) -> bool {
    let solved = cubist_twophase::CubieCube::default().to_facelets();
    facelets(p, &p.identity()).is_some_and(|f| f == solved)
        && TURNS.iter().all(|t| p.moves.iter().any(|m| m.name == *t))
}
