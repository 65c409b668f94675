//! A user's colour scheme (`--colours U=white,F=green`) and the 3D player's
//! data that `twisty apply` gives the page (`"player": [moves]`).
//!
//! Both are only for puzzles derived from geometry: their faces have names
//! (the cube's `F B L R U D`, the turn about a face's centre elsewhere, the
//! pyraminx's `F L R D`; a face without one is numbered from 1) and the
//! player's stickers are polygons on the solid
//! ([`cubist_twisty::player`]). The page only projects the polygons and
//! turns the ones a move turns, drawing the cut faces a turn opens while it
//! plays.

use serde::Serialize;

use cubist_render::svg::{colour_names, fills, is_colour};
use cubist_twisty::geometry::{Geometry, Polyhedron};
use cubist_twisty::picture::{face_colours, face_name};
use cubist_twisty::player::{turn, Solid};
use cubist_twisty::{compose, Element, Puzzle};

use crate::{Error, InputError, LimitError};

/// The most stickers the player draws (a 40x40x40 has 9,600): more would
/// be megabytes of polygons and no picture to see.
pub const MAX_PLAYER_STICKERS: usize = 10_000;

/// The most sticker colours the player's states hold (stickers times
/// states), about 4 MB of JSON.
pub const MAX_PLAYER_COLOURS: usize = 1 << 20;

/// The name of each face of `g`'s solid, in face order (a face without a
/// name of its own by its number from 1).
pub fn face_names(g: &Geometry) -> Vec<String> {
    let poly = Polyhedron::new(g.shape);
    (0..poly.faces.len())
        .map(|fi| face_name(g, &poly, fi).unwrap_or_else(|| (fi + 1).to_string()))
        .collect()
}

/// The face colours of `p` (names or `#rrggbb`, face order) with the
/// scheme `text` applied: `NAME=COLOUR` items separated by commas or
/// spaces, each face named as [`face_names`] says; faces not named keep
/// their usual colour. Errors name the item and say what is known.
pub fn scheme(p: &Puzzle, text: &str) -> Result<Vec<String>, Error> {
    let bad = |what: String| -> Error { InputError::new("--colours", what).into() };
    let g = p
        .geometry
        .as_ref()
        .ok_or_else(|| bad(format!("{} is drawn as rows of slots, without faces to colour", p.name)))?;
    let names = face_names(g);
    let mut colours = face_colours(g);
    for item in text.split([',', ' ']).filter(|s| !s.is_empty()) {
        let (face, colour) = item
            .split_once('=')
            .ok_or_else(|| bad(format!("{item:?}: write FACE=COLOUR, e.g. {}=white", names[0])))?;
        let at = names.iter().position(|n| n == face).ok_or_else(|| {
            bad(format!(
                "{item:?}: {} has no face {face:?} (its faces: {})",
                p.name,
                names.join(" ")
            ))
        })?;
        if !is_colour(colour) {
            return Err(bad(format!(
                "{item:?}: {colour:?} is no colour (give #rrggbb or one of: {})",
                colour_names().join(" ")
            )));
        }
        colours[at] = colour.to_string();
    }
    Ok(colours)
}

/// What the page's 3D player draws: the solid's stickers, the colours they
/// show in the first state and after each move, and each move's rotation.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerData {
    /// The faces' names, the keys of a colour scheme.
    pub faces: Vec<String>,
    /// The faces' fills, `#rrggbb`, the scheme applied.
    pub colours: Vec<String>,
    /// The faces' outward unit normals.
    pub normals: Vec<[f64; 3]>,
    /// The stickers: the face each lies on and its corners in space
    /// (counter-clockwise seen from outside; faces at distance 1).
    pub stickers: Vec<PlayerSticker>,
    /// The face colour each sticker shows: in the state reached, then
    /// after each move played.
    pub states: Vec<Vec<usize>>,
    /// Each move played as a rotation, or `null` for one that is no single
    /// turn about one axis (shown without an animation).
    pub turns: Vec<Option<PlayerTurn>>,
}

/// One sticker of [`PlayerData`].
#[derive(Clone, Debug, Serialize)]
pub struct PlayerSticker {
    /// The face it lies on.
    pub face: usize,
    /// Its corners, rounded to 5 decimals.
    pub points: Vec<[f64; 3]>,
}

/// One move of [`PlayerData`] as a rotation.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerTurn {
    /// The axis, a unit vector.
    pub axis: [f64; 3],
    /// The angle in radians, right-handed about the axis.
    pub angle: f64,
    /// The stickers that turn.
    pub stickers: Vec<usize>,
    /// The inside of the puzzle the turn lays open: where each cutting
    /// plane between the turning layer and the rest meets the solid, once
    /// turning with the layer and once still, each facing into the gap
    /// (none for a turn of the whole puzzle).
    pub cuts: Vec<PlayerCut>,
}

/// One cut face of a [`PlayerTurn`] ([`cubist_twisty::player::Cut`]).
#[derive(Clone, Debug, Serialize)]
pub struct PlayerCut {
    /// Whether it turns with the layer.
    pub turning: bool,
    /// The side it faces, a unit vector along the axis.
    pub normal: [f64; 3],
    /// Its corners, counter-clockwise seen from that side, rounded to 5
    /// decimals.
    pub points: Vec<[f64; 3]>,
}

/// The player's data for `moves` (each parsed alone) played from `start`;
/// `colours` are the face colours ([`scheme`]). Refused for a puzzle
/// without geometry, and above [`MAX_PLAYER_STICKERS`] or
/// [`MAX_PLAYER_COLOURS`], before the stickers are made.
pub fn player(p: &Puzzle, start: &Element, moves: &[Element], colours: &[String]) -> Result<PlayerData, Error> {
    let g = p.geometry.as_ref().ok_or_else(|| {
        Error::from(InputError::new(
            "player",
            format!("{} has no geometry to draw in 3D", p.name),
        ))
    })?;
    // Every point is the centre of a sticker (or, marked, of a kite of one).
    let count = g.points.len();
    if count > MAX_PLAYER_STICKERS {
        return Err(LimitError::new(
            "the 3D player",
            format!("{count} stickers"),
            format!("{MAX_PLAYER_STICKERS} stickers"),
        )
        .into());
    }
    let cells = count.saturating_mul(moves.len() + 1);
    if cells > MAX_PLAYER_COLOURS {
        return Err(LimitError::new(
            "the 3D player's states",
            format!("{count} stickers x {} states", moves.len() + 1),
            format!("{MAX_PLAYER_COLOURS} sticker colours"),
        )
        .into());
    }
    let solid = Solid::new(g);
    let mut state = start.clone();
    let mut states = vec![solid.colours(g, &state)];
    let mut turns = Vec::with_capacity(moves.len());
    for mv in moves {
        state = compose(&state, mv);
        states.push(solid.colours(g, &state));
        turns.push(turn(g, &solid, mv).map(|t| {
            PlayerTurn {
                axis: round(t.axis),
                angle: t.angle,
                stickers: t.stickers,
                cuts: t
                    .cuts
                    .iter()
                    .map(|c| PlayerCut {
                        turning: c.turning,
                        normal: round(c.normal),
                        points: c.points.iter().map(|&q| round(q)).collect(),
                    })
                    .collect(),
            }
        }));
    }
    Ok(PlayerData {
        faces: face_names(g),
        colours: fills(colours).into_iter().map(|f| f.fill).collect(),
        normals: solid.normals.iter().map(|&n| round(n)).collect(),
        stickers: solid
            .stickers
            .iter()
            .map(|s| PlayerSticker {
                face: s.face,
                points: s.points.iter().map(|&q| round(q)).collect(),
            })
            .collect(),
        states,
        turns,
    })
}

/// Coordinates to 5 decimals: a hundred-thousandth of a face is far below
/// a pixel, and the document is a third the size.
fn round(v: [f64; 3]) -> [f64; 3] {
    v.map(|x| (x * 1e5).round() / 1e5)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::{library, notation};

    #[test]
    fn a_scheme_recolours_named_faces() {
        let p = library::puzzle("3x3x3").unwrap();
        let c = scheme(&p, "U=black, F=#00ff00").unwrap();
        assert_eq!(c, ["#00ff00", "blue", "orange", "red", "black", "yellow"]);
        let m = library::puzzle("megaminx").unwrap();
        assert_eq!(scheme(&m, "F=pink").unwrap()[0], "pink");
    }

    #[test]
    fn a_bad_scheme_says_what_is_wrong() {
        let p = library::puzzle("3x3x3").unwrap();
        let msg = |t: &str| scheme(&p, t).unwrap_err().to_string();
        assert!(msg("U").contains("write FACE=COLOUR"), "{}", msg("U"));
        assert!(
            msg("Q=red").contains("3x3x3 has no face \"Q\" (its faces: F B L R U D)"),
            "{}",
            msg("Q=red")
        );
        assert!(
            msg("U=blurple").contains("\"blurple\" is no colour"),
            "{}",
            msg("U=blurple")
        );
        let coins = library::puzzle("three-coins").unwrap();
        assert!(scheme(&coins, "U=red").is_err());
    }

    /// The data holds a state per move and a turn per move; the last state
    /// is the one the moves reach, read from the group.
    #[test]
    fn the_player_data_follows_the_moves() {
        let p = library::puzzle("megaminx").unwrap();
        let moves: Vec<Element> = ["F", "FL'", "BR2"]
            .iter()
            .map(|m| notation::parse(&p, m).unwrap())
            .collect();
        let start = notation::parse(&p, "B R").unwrap();
        let d = player(&p, &start, &moves, &face_colours(p.geometry.as_ref().unwrap())).unwrap();
        assert_eq!((d.stickers.len(), d.states.len(), d.turns.len()), (132, 4, 3));
        assert!(d.turns.iter().all(Option::is_some));
        // Each face turn opens one plane: its pentagon turning and still.
        for t in d.turns.iter().flatten() {
            let sides: Vec<(bool, usize)> = t.cuts.iter().map(|c| (c.turning, c.points.len())).collect();
            assert_eq!(sides, [(true, 5), (false, 5)]);
        }
        let g = p.geometry.as_ref().unwrap();
        let end = notation::parse(&p, "B R F FL' BR2").unwrap();
        assert_eq!(d.states[3], Solid::new(g).colours(g, &end));
        assert_eq!(d.colours[0], "#ffffff");
        // Refused before anything is made: 132 stickers x 8000 states.
        let many = vec![p.identity(); 7999];
        let e = player(&p, &start, &many, &[]).unwrap_err();
        assert!(e.to_string().contains("132 stickers x 8000 states"), "{e}");
    }

    /// The size of the player's document and the time to make it, for
    /// BENCHMARKS.md (`cargo test --release -p cubist-api --lib
    /// player_sizes -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn player_sizes() {
        for (name, moves) in [
            ("megaminx", 0),
            ("megaminx", 60),
            ("3x3x3", 20),
            ("7x7x7", 100),
            ("10x10x10", 100),
        ] {
            let p = library::puzzle(name).unwrap();
            let g = p.geometry.as_ref().unwrap();
            let names: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
            let played: Vec<Element> = (0..moves)
                .map(|k| notation::parse(&p, names[(k * 7) % names.len()]).unwrap())
                .collect();
            let t = std::time::Instant::now();
            let d = player(&p, &p.identity(), &played, &face_colours(g)).unwrap();
            let ms = t.elapsed().as_secs_f64() * 1e3;
            let bytes = serde_json::to_vec(&d).unwrap().len();
            println!(
                "{name}, {moves} moves: {} stickers, {bytes} bytes of JSON, made in {ms:.1} ms",
                d.stickers.len()
            );
        }
    }
}
