//! A puzzle's move pad: the moves a player offers as buttons, in rows, and
//! the keys that make them.
//!
//! A front end that lets someone turn a puzzle (the web page's player) needs
//! more than the generators: a cuber expects `R2`, wide turns, slices and
//! rotations on a cube, the Clock's pin moves in hours (`UR1+`), Square-1's
//! `(1,0)` and `/`. Which moves those are depends on the puzzle and on its
//! notation, so it is decided here, beside the notation, and a front end
//! only draws the rows. Every move is written in the notation the puzzle's
//! parser reads (tested: each one applies).
//!
//! Keys are given for the cubes and the skewb's letters, in the style of
//! keyboard cube programs such as QWERTYcube: the move's letter turns it
//! (`r` is `R`), the same letter with Shift turns it the other way (`R` is
//! `R'`), `m`, `e`, `s` the slices, `x`, `y`, `z` the rotations. Other
//! puzzles' move names overlap when case is ignored (the pyraminx's `U` and
//! `u`), so they get no keys.

use crate::library;

/// One row of a pad.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Row {
    /// What the row holds: `"faces"`, `"wide"`, `"rotations"`, ...
    pub label: &'static str,
    /// Its moves, in order.
    pub moves: Vec<Key>,
}

/// One button: a move and, when it has one, its key.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Key {
    /// The move as the puzzle's notation writes it (`R2`, `UR1+`, `(1,0)`).
    #[serde(rename = "move")]
    pub turn: String,
    /// The key (a `KeyboardEvent.key` value, case matters), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<char>,
}

/// The faces in the order a pad lists them: opposite faces together.
const FACES: [char; 6] = ['U', 'D', 'R', 'L', 'F', 'B'];

/// The pad of the built-in puzzle `name`, or `None` when the puzzle has no
/// pad of its own: a front end then offers each generator and its inverse.
pub fn pad(name: &str) -> Option<Vec<Row>> {
    if let Some(n) = library::cube_size(name) {
        return Some(cube(n));
    }
    if name == crate::clock::NAME {
        return Some(clock());
    }
    if name == "skewb" {
        return Some(skewb());
    }
    crate::sq1::is_sq1(name).then(sq1)
}

/// A move with no key.
fn plain(turn: String) -> Key {
    Key { turn, key: None }
}

/// `m`, `m'` and `m2`; `m` on `key` and `m'` on its upper case.
fn turns(m: &str, key: Option<char>) -> [Key; 3] {
    [
        Key {
            turn: m.to_string(),
            key,
        },
        Key {
            turn: format!("{m}'"),
            key: key.map(|k| k.to_ascii_uppercase()),
        },
        plain(format!("{m}2")),
    ]
}

/// The n x n x n cube's pad: face turns; the second layers (n >= 4) and
/// third layers (n >= 6) alone; wide turns of two layers (n >= 3) and of
/// three (n >= 6); the middle slices (odd n); the rotations.
fn cube(n: usize) -> Vec<Row> {
    let each = |f: &dyn Fn(char) -> (String, Option<char>)| -> Vec<Key> {
        FACES
            .iter()
            .flat_map(|&c| {
                let (m, key) = f(c);
                turns(&m, key)
            })
            .collect()
    };
    let mut rows = vec![Row {
        label: "faces",
        moves: each(&|c| (c.to_string(), Some(c.to_ascii_lowercase()))),
    }];
    for depth in 2..=n / 2 {
        if depth > 3 {
            break;
        }
        rows.push(Row {
            label: if depth == 2 { "second layers" } else { "third layers" },
            moves: each(&|c| (format!("{depth}{c}"), None)),
        });
    }
    if n >= 3 {
        rows.push(Row {
            label: "wide",
            moves: each(&|c| (format!("{c}w"), None)),
        });
    }
    if n >= 6 {
        rows.push(Row {
            label: "wide, three layers",
            moves: each(&|c| (format!("3{c}w"), None)),
        });
    }
    if n % 2 == 1 && n >= 3 {
        rows.push(Row {
            label: "slices",
            moves: ['M', 'E', 'S']
                .iter()
                .flat_map(|&c| turns(&c.to_string(), Some(c.to_ascii_lowercase())))
                .collect(),
        });
    }
    rows.push(Row {
        label: "rotations",
        moves: ['x', 'y', 'z']
            .iter()
            .flat_map(|&c| turns(&c.to_string(), Some(c)))
            .collect(),
    });
    rows
}

/// The Clock's pad: each of the nine pin settings turned one hour either
/// way (WCA notation; other amounts are repeats), and turning it over.
fn clock() -> Vec<Row> {
    let pins = crate::clock::PIN_SETS
        .iter()
        .flat_map(|p| [plain(format!("{p}1+")), plain(format!("{p}1-"))])
        .collect();
    vec![
        Row {
            label: "pins",
            moves: pins,
        },
        Row {
            label: "turn over",
            moves: vec![plain(crate::clock::TURN_OVER.to_string())],
        },
    ]
}

/// The skewb's pad: the WCA's letters first (the four corners that keep
/// `UFR` home, [`crate::notation::SKEWB_LETTERS`]), then all eight corners
/// by name.
fn skewb() -> Vec<Row> {
    let letters = crate::notation::SKEWB_LETTERS
        .iter()
        .flat_map(|(l, _)| {
            let key = l.chars().next().map(|c| c.to_ascii_lowercase());
            let [turn, back, _] = turns(l, key);
            [turn, back]
        })
        .collect();
    let corners = ["UFR", "UFL", "UBR", "UBL", "DFR", "DFL", "DBR", "DBL"]
        .iter()
        .flat_map(|c| [plain(c.to_string()), plain(format!("{c}'"))])
        .collect();
    vec![
        Row {
            label: "WCA letters",
            moves: letters,
        },
        Row {
            label: "corners",
            moves: corners,
        },
    ]
}

/// Square-1's pad: the layers turned by one and three units either way,
/// and the twist `/`.
fn sq1() -> Vec<Row> {
    let layers = [
        "(1,0)", "(-1,0)", "(0,1)", "(0,-1)", "(3,0)", "(-3,0)", "(0,3)", "(0,-3)",
    ];
    vec![
        Row {
            label: "layers",
            moves: layers.iter().map(|m| plain(m.to_string())).collect(),
        },
        Row {
            label: "twist",
            moves: vec![Key {
                turn: "/".to_string(),
                key: Some('/'),
            }],
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Every move of every pad applies to its puzzle, keys are unique, and
    /// the 3x3x3's rows are the ones a cuber expects.
    #[test]
    fn every_move_of_every_pad_applies() {
        for name in ["2x2x2", "3x3x3", "4x4x4", "5x5x5", "6x6x6", "7x7x7", "clock", "skewb"] {
            let p = library::puzzle(name).unwrap();
            let rows = pad(name).unwrap();
            let mut keys = HashSet::new();
            for k in rows.iter().flat_map(|r| &r.moves) {
                crate::notation::parse(&p, &k.turn).unwrap_or_else(|e| panic!("{name} {}: {e}", k.turn));
                if let Some(c) = k.key {
                    assert!(keys.insert(c), "{name}: key {c} twice");
                }
            }
        }
        let sq1 = crate::sq1::State::solved();
        for k in pad("sq1").unwrap().iter().flat_map(|r| &r.moves) {
            let alg = crate::sq1::Alg::parse(&k.turn).unwrap();
            sq1.apply(&alg).unwrap_or_else(|e| panic!("sq1 {}: {e}", k.turn));
        }
        let labels = |n: &str| pad(n).unwrap().iter().map(|r| r.label).collect::<Vec<_>>();
        assert_eq!(labels("2x2x2"), ["faces", "rotations"]);
        assert_eq!(labels("3x3x3"), ["faces", "wide", "slices", "rotations"]);
        assert_eq!(labels("4x4x4"), ["faces", "second layers", "wide", "rotations"]);
        assert_eq!(
            labels("7x7x7"),
            [
                "faces",
                "second layers",
                "third layers",
                "wide",
                "wide, three layers",
                "slices",
                "rotations"
            ]
        );
        let faces = &pad("3x3x3").unwrap()[0].moves;
        assert_eq!(faces.len(), 18);
        assert_eq!((faces[6].turn.as_str(), faces[6].key), ("R", Some('r')));
        assert_eq!((faces[7].turn.as_str(), faces[7].key), ("R'", Some('R')));
        assert_eq!((faces[8].turn.as_str(), faces[8].key), ("R2", None));
        assert_eq!(pad("megaminx"), None);
    }
}
