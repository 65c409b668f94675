//! cubing.js KPuzzle definitions (JSON), read and written.
//!
//! ```json
//! { "name": "3x3x3",
//!   "orbits": [ { "orbitName": "EDGE", "numPieces": 12, "numOrientations": 2 } ],
//!   "defaultPattern": { "EDGE": { "pieces": [0, 1, ...], "orientation": [0, 0, ...] } },
//!   "moves": { "U": { "EDGE": { "permutation": [1, 2, ...], "orientationDelta": [0, ...] } } } }
//! ```
//!
//! Conventions (cubing.js, 0-based): `permutation[i]` is the slot whose piece
//! moves into slot `i` (passive, as in `.tws`), and unlike `.tws` moves,
//! `orientationDelta[i]` is indexed by the **destination** slot `i`: it is
//! Eidswick's `α''(i)` directly (cubing.js composes `o[i] = o1[p2[i]] + o2[i]`).
//!
//! Why not the `cubing` crate's own `KPuzzleDefinition`: it stores piece counts
//! and indices as `u8` (so no set above 255 slots, e.g. a 20x20x20's centres) and
//! keys moves by its alg `Move` type, which rejects names that are not cubing.js
//! moves. cubist writes the same JSON with serde, and its tests load that JSON
//! with the `cubing` crate and compare move sequences, so the two agree.

use std::collections::BTreeMap;

use cubist_io::{excerpt, excerpt_chars, InputError, EXCERPT_CHARS};
use cubist_perm::{Perm, Wreath};
use serde::{Deserialize, Serialize};

use crate::puzzle::{Move, PieceSet, Puzzle};

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrbitDef {
    orbit_name: String,
    num_pieces: usize,
    num_orientations: u32,
}

#[derive(Serialize, Deserialize)]
struct PatternOrbit {
    pieces: Vec<u32>,
    orientation: Vec<u32>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TransformationOrbit {
    permutation: Vec<u32>,
    orientation_delta: Vec<u32>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Definition {
    name: String,
    orbits: Vec<OrbitDef>,
    default_pattern: BTreeMap<String, PatternOrbit>,
    moves: BTreeMap<String, BTreeMap<String, TransformationOrbit>>,
}

/// Writes a puzzle as KPuzzle JSON (every orbit in every move, as cubing.js expects).
pub fn write(p: &Puzzle) -> String {
    let def = Definition {
        name: p.name.clone(),
        orbits: p
            .sets
            .iter()
            .map(|s| OrbitDef {
                orbit_name: s.name.clone(),
                num_pieces: s.size,
                num_orientations: s.modulus,
            })
            .collect(),
        default_pattern: p
            .sets
            .iter()
            .zip(&p.solved)
            .map(|(s, l)| {
                (
                    s.name.clone(),
                    PatternOrbit {
                        pieces: l.clone(),
                        orientation: vec![0; s.size],
                    },
                )
            })
            .collect(),
        moves: p
            .moves
            .iter()
            .map(|m| {
                let orbits = p
                    .sets
                    .iter()
                    .zip(&m.element)
                    .map(|(s, w)| {
                        let t = TransformationOrbit {
                            permutation: w.perm().inverse().images().to_vec(),
                            orientation_delta: w.orient().to_vec(),
                        };
                        (s.name.clone(), t)
                    })
                    .collect();
                (m.name.clone(), orbits)
            })
            .collect(),
    };
    serde_json::to_string_pretty(&def).expect("plain data serialises") + "\n"
}

/// Reads KPuzzle JSON; errors name the file and, for syntax errors, the line.
pub fn parse(text: &str, file: &str) -> Result<Puzzle, InputError> {
    let def: Definition = serde_json::from_str(text).map_err(|e| {
        // serde_json counts columns in bytes; the error's column counts characters.
        let line_text = text.lines().nth(e.line().saturating_sub(1)).unwrap_or("");
        let column = line_text
            .char_indices()
            .take_while(|&(i, _)| i < e.column().saturating_sub(1))
            .count()
            + 1;
        let what = e.to_string();
        // serde_json ends its message with " at line L column C": the place is ours to print.
        // It may quote the input (an unknown field, a string of the wrong
        // type), however long: the message is cut like any quote.
        let what = excerpt_chars(what.split(" at line ").next().unwrap_or(&what), 4 * EXCERPT_CHARS);
        InputError::line_column(file, e.line(), column, what)
    })?;
    let err = |m: String| InputError::new(file, m);
    let sets: Vec<PieceSet> = def
        .orbits
        .iter()
        .map(|o| PieceSet {
            name: o.orbit_name.clone(),
            size: o.num_pieces,
            modulus: o.num_orientations,
        })
        .collect();
    let too_large =
        |s: &PieceSet| s.size.saturating_mul(s.modulus as usize) > crate::tws::MAX_SET_POINTS || s.modulus > 1 << 16;
    if let Some(s) = sets.iter().find(|s| too_large(s)) {
        return Err(err(format!("orbit {} is too large", excerpt(&s.name))));
    }
    let mut names = std::collections::HashSet::new();
    for s in &sets {
        crate::tws::check_set_name(&s.name).map_err(|m| err(format!("orbit {m}")))?;
        if !names.insert(s.name.as_str()) {
            return Err(err(format!("orbit {} defined twice", excerpt(&s.name))));
        }
    }
    for name in def.moves.keys() {
        crate::tws::check_move_name(name).map_err(err)?;
    }
    let slots = sets.iter().fold(0usize, |t, s| t.saturating_add(s.size));
    crate::tws::check_total_size(slots, def.moves.len()).map_err(err)?;
    if let Some(s) = sets.iter().find(|s| s.size == 0 || s.modulus == 0) {
        return Err(err(format!(
            "orbit {}: numPieces and numOrientations must be at least 1",
            excerpt(&s.name)
        )));
    }
    let mut solved = Vec::new();
    for s in &sets {
        match def.default_pattern.get(&s.name) {
            Some(o) => {
                if o.pieces.len() != s.size || o.pieces.iter().any(|&x| x as usize >= s.size) {
                    return Err(err(format!(
                        "defaultPattern.{}: needs {} pieces in 0..{}",
                        excerpt(&s.name),
                        s.size,
                        s.size
                    )));
                }
                if o.orientation.iter().any(|&x| x != 0) {
                    return Err(err(format!(
                        "defaultPattern.{}: orientations must be 0",
                        excerpt(&s.name)
                    )));
                }
                solved.push(o.pieces.clone());
            }
            None => solved.push((0..s.size as u32).collect()),
        }
    }
    let mut moves = Vec::new();
    for (name, orbits) in &def.moves {
        if let Some(bad) = orbits.keys().find(|k| !names.contains(k.as_str())) {
            return Err(err(format!("move {}: unknown orbit {}", excerpt(name), excerpt(bad))));
        }
        let mut element = Vec::new();
        for s in &sets {
            let w = match orbits.get(&s.name) {
                None => Wreath::identity(s.size, s.modulus),
                Some(t) => {
                    let ctx = |m: String| err(format!("move {}, orbit {}: {m}", excerpt(name), excerpt(&s.name)));
                    if t.orientation_delta.len() != s.size {
                        return Err(ctx(format!("orientationDelta needs {} entries", s.size)));
                    }
                    let passive = Perm::from_images(t.permutation.clone()).map_err(|e| ctx(e.to_string()))?;
                    if passive.degree() != s.size {
                        return Err(ctx(format!("permutation needs {} entries", s.size)));
                    }
                    Wreath::new(passive.inverse(), t.orientation_delta.clone(), s.modulus)
                        .map_err(|e| ctx(e.to_string()))?
                }
            };
            element.push(w);
        }
        moves.push(Move {
            name: name.clone(),
            element,
        });
    }
    let mut p = Puzzle::new(&def.name, sets, moves);
    p.solved = solved;
    Ok(p)
}
