//! The KSolve/twsearch `.tws` puzzle definition format, read and written.
//!
//! ```text
//! Name 2x2x2-corners
//! Set CORNER 8 3            # 8 slots, orientations mod 3
//! Solved                    # (or StartState)
//! CORNER
//! 1 2 3 4 5 6 7 8           # slot -> piece label; repeats = identical pieces
//! End
//! Move U
//! CORNER
//! 3 2 6 4 5 7 1 8           # slot i receives the piece from slot p[i]
//! 0 0 0 0 0 0 0 0           # twist given to the piece that LEAVES slot i
//! End
//! ```
//!
//! Orientation conventions (twsearch's `ksolveformat.txt`): permutations are
//! *passive* (slot `i` receives the piece that was in slot `p[i]`), and a move's
//! orientation line is indexed by that **piece** (its source slot), while a
//! state's orientation line is indexed by the slot. So a move `(p, o)` is, in
//! Eidswick's terms, `α'` with `p[i]α' = i` and `α''(i) = o[p[i]]`
//! ([`Wreath::from_source_orient`]); writing inverts both. A set omitted from a move
//! is left unchanged; an omitted orientation line means all zeros.
//!
//! **Orientation wildcards** (twsearch's `?`): in the Solved block, `?` in
//! place of an orientation marks a piece solved in any orientation
//! ([`Puzzle::free`]; identical pieces must agree); a scramble's state gives
//! such a piece the orientation `?` (or any number, read as 0), and only
//! such a piece. A move's orientations are always numbers. Writing gives
//! `?` back in both places, so a puzzle and its states read back the same.
//!
//! ```
//! use cubist_twisty::tws;
//!
//! let text = "Set E 4 2\nSolved\nE\n1 2 3 4\n? ? 0 0\nEnd\nMove a\nE\n2 3 4 1\n1 1 0 0\nEnd\n";
//! let p = tws::parse(text, "wild.tws").unwrap();
//! assert_eq!(p.free, vec![vec![true, true, false, false]]);
//! assert!(tws::write(&p).contains("\n? ? 0 0\n"));
//! assert_eq!(tws::parse(&tws::write(&p), "again").unwrap().free, p.free);
//! ```
//!
//! ```
//! use cubist_twisty::tws;
//!
//! let text = "Set C 3 2\nMove a\nC\n2 3 1\n1 0 1\nEnd\n";
//! let p = tws::parse(text, "inline.tws").unwrap();
//! assert_eq!(p.order().to_string(), "3"); // a 3-cycle whose twists sum to 0 mod 2
//! assert_eq!(tws::parse(&tws::write(&p), "again").unwrap().moves, p.moves);
//! ```

use cubist_io::{excerpt, InputError};
use cubist_perm::{Perm, Wreath};
use std::collections::{HashMap, HashSet};

use crate::puzzle::{Move, PieceSet, Puzzle};

/// Largest `size x orientations` of one set: the group acts on that many points.
pub const MAX_SET_POINTS: usize = 1 << 22;

/// Largest number of slots of all sets together: every move and every state
/// holds one entry per slot.
pub const MAX_TOTAL_SLOTS: usize = 1 << 22;

/// Largest `(moves + 1) x slots`: the definition as it is held in memory (the
/// solved state and one element per move, each with an entry per slot).
pub const MAX_DEFINITION_ENTRIES: usize = 1 << 26;

/// Whether `token` is a line of piece numbers rather than a set name: all
/// ASCII digits. (A number too large for a piece is still a number, and is
/// reported as one.) Set names are never all digits, so a written `.tws`
/// reads back the same ([`check_set_name`]).
fn is_number(token: &str) -> bool {
    token.bytes().all(|b| b.is_ascii_digit())
}

/// Why `name` cannot name a set in a `.tws` file, if it cannot: empty,
/// white space or `#` inside (it would not be one token), all digits (it
/// would read as a line of piece numbers), or `End` (it would end the Solved
/// or Move block it is listed in, as in twsearch's reader).
pub fn check_set_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '#') {
        return Err(format!("set name {:?} must be one word without `#`", excerpt(name)));
    }
    if is_number(name) {
        return Err(format!(
            "set name {} is a number: in a Solved or Move block it would read as piece numbers",
            excerpt(name)
        ));
    }
    if name == "End" {
        return Err("set name End is reserved: in a Solved or Move block it ends the block".into());
    }
    if name == WILD {
        return Err("set name ? is reserved: in a Solved block it reads as an orientation wildcard".into());
    }
    Ok(())
}

/// Why a move name cannot be written in a `.tws` file, if it cannot.
pub fn check_move_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '#') {
        return Err(format!("move name {:?} must be one word without `#`", excerpt(name)));
    }
    Ok(())
}

/// Refuses a definition too large to hold: more than [`MAX_TOTAL_SLOTS`]
/// slots in all sets, or more than [`MAX_DEFINITION_ENTRIES`] entries for
/// the solved state and `moves` moves. Checked before the moves are built.
pub fn check_total_size(slots: usize, moves: usize) -> Result<(), String> {
    if slots > MAX_TOTAL_SLOTS {
        return Err(format!(
            "{slots} slots in all sets, over the limit of {MAX_TOTAL_SLOTS}"
        ));
    }
    let entries = slots.saturating_mul(moves.saturating_add(1));
    if entries > MAX_DEFINITION_ENTRIES {
        return Err(format!(
            "{moves} moves on {slots} slots would need {entries} entries, over the limit of {MAX_DEFINITION_ENTRIES}"
        ));
    }
    Ok(())
}

struct Lines<'a> {
    lines: Vec<(usize, Vec<&'a str>)>,
    at: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                (
                    i + 1,
                    l.split('#').next().unwrap_or("").split_whitespace().collect::<Vec<_>>(),
                )
            })
            .filter(|(_, t)| !t.is_empty())
            .collect();
        Lines { lines, at: 0 }
    }
    fn next(&mut self) -> Option<(usize, Vec<&'a str>)> {
        let l = self.lines.get(self.at).cloned();
        self.at += 1;
        l
    }
    fn last_line(&self) -> usize {
        self.lines.last().map_or(1, |l| l.0)
    }
}

/// One `SETNAME / numbers / numbers` entry of a Solved or Move block.
struct Entry {
    line: usize,
    set: usize,
    perm: Vec<u32>,
    orient: Vec<u32>,
    /// The slots whose orientation was `?` (their `orient` is 0), with the
    /// line of each `?`.
    wild: Vec<(usize, usize)>,
}

/// The orientation wildcard: a piece whose orientation does not count.
const WILD: &str = "?";

/// Whether a line with first token `token` continues an entry's numbers:
/// a number, or an orientation wildcard.
fn continues(token: &str) -> bool {
    is_number(token) || token == WILD
}

/// Parses a `.tws` definition; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Puzzle, InputError> {
    let err = |line: usize, message: String| InputError::line(file, line, message);
    let mut lines = Lines::new(text);
    let mut name = String::from("puzzle");
    let mut sets: Vec<PieceSet> = Vec::new();
    // Names to indices: a file of 10^5 sets or moves must not be quadratic.
    let mut set_index: HashMap<&str, usize> = HashMap::new();
    let mut move_names: HashSet<&str> = HashSet::new();
    let mut slots = 0usize;
    let mut solved: Option<Vec<Vec<u32>>> = None;
    // The free slots of each set ([`Puzzle::free`]), from the Solved block.
    let mut free: Vec<Vec<bool>> = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    while let Some((ln, toks)) = lines.next() {
        match toks[0] {
            "Name" => name = toks[1..].join(" "),
            "Set" => {
                if toks.len() != 4 {
                    return Err(err(ln, "expected `Set NAME SIZE ORIENTATIONS`".into()));
                }
                if !moves.is_empty() || solved.is_some() {
                    return Err(err(ln, "Set after Solved or Move".into()));
                }
                check_set_name(toks[1]).map_err(|m| err(ln, m))?;
                let size: usize = toks[2]
                    .parse()
                    .map_err(|_| err(ln, format!("bad set size \"{}\"", excerpt(toks[2]))))?;
                let modulus: u32 = toks[3].parse().map_err(|_| {
                    let what = if is_number(toks[3]) {
                        format!(
                            "orientation count {} is too large (at most {})",
                            excerpt(toks[3]),
                            1 << 16
                        )
                    } else {
                        format!("bad orientation count \"{}\"", excerpt(toks[3]))
                    };
                    err(ln, what)
                })?;
                if size == 0 || modulus == 0 {
                    return Err(err(ln, "set size and orientation count must be at least 1".into()));
                }
                if size.saturating_mul(modulus as usize) > MAX_SET_POINTS || modulus > 1 << 16 {
                    return Err(err(
                        ln,
                        format!(
                            "set {} is too large (size x orientations over {MAX_SET_POINTS})",
                            excerpt(toks[1])
                        ),
                    ));
                }
                if set_index.insert(toks[1], sets.len()).is_some() {
                    return Err(err(ln, format!("set {} defined twice", excerpt(toks[1]))));
                }
                sets.push(PieceSet {
                    name: toks[1].to_string(),
                    size,
                    modulus,
                });
                slots = slots.saturating_add(size);
                check_total_size(slots, 0).map_err(|m| err(ln, m))?;
            }
            "Solved" | "StartState" => {
                if solved.is_some() {
                    return Err(err(ln, "second solved state".into()));
                }
                let mut labels: Vec<Vec<u32>> = sets.iter().map(|s| (0..s.size as u32).collect()).collect();
                free = vec![Vec::new(); sets.len()];
                for e in block(&mut lines, &sets, &set_index, file)? {
                    if e.orient.iter().any(|&o| o != 0) {
                        return Err(err(e.line, "orientations in the solved state must be 0".into()));
                    }
                    if let Some(&bad) = e.perm.iter().find(|&&x| x as usize >= sets[e.set].size) {
                        return Err(err(
                            e.line,
                            format!("piece {} out of range 1..{}", bad + 1, sets[e.set].size),
                        ));
                    }
                    if !e.wild.is_empty() && sets[e.set].modulus > 1 {
                        let size = sets[e.set].size;
                        let set_free = &mut free[e.set];
                        set_free.resize(size, false);
                        for &(slot, _) in &e.wild {
                            set_free[slot] = true;
                        }
                        // Identical pieces are alike: all free or none. The
                        // first slot of each label that is not free, in one
                        // pass (a set may have millions of slots).
                        let mut fixed: Vec<Option<usize>> = vec![None; size];
                        for (k, &label) in e.perm.iter().enumerate() {
                            if !set_free[k] {
                                fixed[label as usize].get_or_insert(k);
                            }
                        }
                        if let Some((slot, l, k)) = e
                            .wild
                            .iter()
                            .find_map(|&(slot, l)| fixed[e.perm[slot] as usize].map(|k| (slot, l, k)))
                        {
                            return Err(err(
                                l,
                                format!(
                                    "slots {} and {} of set {} hold the same piece, \
                                     but only one has the orientation ?",
                                    slot + 1,
                                    k + 1,
                                    excerpt(&sets[e.set].name)
                                ),
                            ));
                        }
                    }
                    labels[e.set] = without_gaps(&e.perm);
                }
                solved = Some(labels);
            }
            "Move" => {
                if toks.len() != 2 {
                    return Err(err(ln, "expected `Move NAME`".into()));
                }
                if !move_names.insert(toks[1]) {
                    return Err(err(ln, format!("move {} defined twice", excerpt(toks[1]))));
                }
                check_total_size(slots, moves.len() + 1).map_err(|m| err(ln, m))?;
                let mut element: Vec<Wreath> = sets.iter().map(|s| Wreath::identity(s.size, s.modulus)).collect();
                for e in block(&mut lines, &sets, &set_index, file)? {
                    if let Some(&(_, l)) = e.wild.first() {
                        return Err(err(l, "a move's orientations are numbers, not ?".into()));
                    }
                    let set = &sets[e.set];
                    // Passive p: slot i receives the piece from p[i]; active α' maps p[i] -> i.
                    let mut active = vec![u32::MAX; set.size];
                    for (i, &src) in e.perm.iter().enumerate() {
                        if src as usize >= set.size || active[src as usize] != u32::MAX {
                            return Err(err(
                                e.line,
                                format!(
                                    "move {}: set {} is not a permutation of 1..{}",
                                    excerpt(toks[1]),
                                    excerpt(&set.name),
                                    set.size
                                ),
                            ));
                        }
                        active[src as usize] = i as u32;
                    }
                    let perm = Perm::from_images(active).map_err(|m| err(e.line, m.to_string()))?;
                    element[e.set] = Wreath::from_source_orient(perm, e.orient, set.modulus)
                        .map_err(|m| err(e.line, m.to_string()))?;
                }
                moves.push(Move {
                    name: toks[1].to_string(),
                    element,
                });
            }
            other => {
                return Err(err(
                    ln,
                    format!("unknown or unsupported keyword \"{}\"", excerpt(other)),
                ))
            }
        }
    }
    if sets.is_empty() {
        return Err(err(lines.last_line(), "no Set defined".into()));
    }
    let mut p = Puzzle::new(&name, sets, moves);
    if let Some(s) = solved {
        p.solved = s;
    }
    if free.iter().any(|f| !f.is_empty()) {
        p.free = free;
    }
    Ok(p)
}

/// Labels renumbered 0, 1, ... in their order, without gaps: the same
/// pieces alike. A file may leave gaps (`1 3 3`: twsearch refuses them,
/// cubist reads them as `1 2 2`), and writing never does.
fn without_gaps(labels: &[u32]) -> Vec<u32> {
    let mut distinct = labels.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    labels
        .iter()
        .map(|x| distinct.binary_search(x).unwrap_or(0) as u32)
        .collect()
}

/// Reads `SETNAME` entries up to `End`.
fn block(
    lines: &mut Lines,
    sets: &[PieceSet],
    set_index: &HashMap<&str, usize>,
    file: &str,
) -> Result<Vec<Entry>, InputError> {
    let err = |line: usize, message: String| InputError::line(file, line, message);
    let mut out: Vec<Entry> = Vec::new();
    let mut given: HashSet<usize> = HashSet::new();
    loop {
        let Some((ln, toks)) = lines.next() else {
            return Err(err(lines.last_line(), "missing End".into()));
        };
        if toks[0] == "End" {
            return Ok(out);
        }
        let Some(&set) = set_index.get(toks[0]) else {
            return Err(err(ln, format!("unknown set \"{}\"", excerpt(toks[0]))));
        };
        if !given.insert(set) {
            return Err(err(ln, format!("set {} given twice in one block", excerpt(toks[0]))));
        }
        let size = sets[set].size;
        // A wildcard reads as `None`; only orientations may be one.
        let number = |l: usize, t: &str| -> Result<(usize, Option<u32>), InputError> {
            match t.parse() {
                Ok(x) => Ok((l, Some(x))),
                Err(_) if t == WILD => Ok((l, None)),
                Err(_) if is_number(t) => Err(err(
                    l,
                    format!("number {} is too large in set {}", excerpt(t), excerpt(toks[0])),
                )),
                Err(_) => Err(err(l, format!("expected a number, found \"{}\"", excerpt(t)))),
            }
        };
        let mut nums: Vec<(usize, Option<u32>)> = Vec::new();
        for t in &toks[1..] {
            nums.push(number(ln, t)?);
        }
        // Following lines of numbers belong to this entry (set names are
        // never numbers); more than 2 x size numbers is an error anyway, so
        // the reading stops there.
        while let Some((l2, t2)) = lines.lines.get(lines.at) {
            if !continues(t2[0]) || nums.len() > 2 * size {
                break;
            }
            for t in t2 {
                nums.push(number(*l2, t)?);
            }
            lines.at += 1;
        }
        let line = nums.first().map_or(ln, |n| n.0);
        if nums.len() != size && nums.len() != 2 * size {
            return Err(err(
                line,
                format!(
                    "set {} needs {size} or {} numbers, found {}",
                    excerpt(toks[0]),
                    2 * size,
                    nums.len()
                ),
            ));
        }
        let mut perm = Vec::with_capacity(size);
        for &(l, x) in &nums[..size] {
            let Some(x) = x else {
                return Err(err(l, "? stands for an orientation, not a piece".into()));
            };
            if x == 0 {
                return Err(err(l, "pieces are numbered from 1".into()));
            }
            perm.push(x - 1);
        }
        let mut orient = vec![0; size];
        let mut wild = Vec::new();
        if nums.len() == 2 * size {
            let m = sets[set].modulus;
            for (k, &(l, o)) in nums[size..].iter().enumerate() {
                let Some(o) = o else {
                    wild.push((k, l));
                    continue;
                };
                if o >= m {
                    return Err(err(
                        l,
                        format!("orientation {o} out of range 0..{m} in set {}", excerpt(toks[0])),
                    ));
                }
                orient[k] = o;
            }
        }
        out.push(Entry {
            line,
            set,
            perm,
            orient,
            wild,
        });
    }
}

/// One scramble of a `.scr` file: a name and the element it denotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    /// The block's name.
    pub name: String,
    /// The state.
    pub element: crate::puzzle::Element,
    /// The sets a `Scramble` block does not give, taken as solved (as
    /// twsearch takes them); a file written for another puzzle shows here.
    pub omitted: Vec<String>,
}

/// Parses a twsearch scramble file for `puzzle`: `Scramble NAME` blocks give a
/// state (passive permutation, orientations indexed by slot: Eidswick's `α''`
/// directly), `ScrambleAlg NAME` blocks a move sequence; both end in `End`.
/// Unknown moves are errors with the file, line and column.
pub fn parse_scrambles(text: &str, file: &str, puzzle: &Puzzle) -> Result<Vec<Scramble>, InputError> {
    let err = |line: usize, message: String| InputError::line(file, line, message);
    let mut lines = Lines::new(text);
    // The raw lines, for the moves of a ScrambleAlg (indexed, not searched:
    // a file of 200k lines must not be quadratic).
    let raw_lines: Vec<&str> = text.lines().collect();
    let set_index: HashMap<&str, usize> = puzzle
        .sets
        .iter()
        .enumerate()
        .map(|(i, s)| (s.name.as_str(), i))
        .collect();
    let slots = puzzle.sets.iter().map(|s| s.size).sum::<usize>().max(1);
    let mut out = Vec::new();
    // One bound on the expansion work of all the file's sequences, and one
    // on the cost of applying them ([`crate::alg::MAX_APPLY_STEPS`]).
    let mut budget = crate::structure::Budget::default();
    let mut turns = 0u64;
    while let Some((ln, toks)) = lines.next() {
        let name = toks.get(1).map_or(String::new(), |s| s.to_string());
        if (out.len() + 1).saturating_mul(slots) > MAX_DEFINITION_ENTRIES {
            let what = format!(
                "{} scrambles of {slots} slots each: over the limit of {MAX_DEFINITION_ENTRIES} entries",
                out.len() + 1
            );
            return Err(err(ln, what));
        }
        match toks[0] {
            "Scramble" | "ScrambleState" => {
                let mut element = puzzle.identity();
                let entries = block(&mut lines, &puzzle.sets, &set_index, file)?;
                let omitted = (0..puzzle.sets.len())
                    .filter(|&s| entries.iter().all(|e| e.set != s))
                    .map(|s| puzzle.sets[s].name.clone())
                    .collect();
                for e in entries {
                    let set = &puzzle.sets[e.set];
                    let mut active = vec![u32::MAX; set.size];
                    for (i, &src) in e.perm.iter().enumerate() {
                        if src as usize >= set.size || active[src as usize] != u32::MAX {
                            return Err(err(
                                e.line,
                                format!(
                                    "scramble {}: set {} is not a permutation",
                                    excerpt(&name),
                                    excerpt(&set.name)
                                ),
                            ));
                        }
                        active[src as usize] = i as u32;
                    }
                    if let Some(&(slot, l)) = e
                        .wild
                        .iter()
                        .find(|&&(k, _)| !puzzle.is_free(e.set, e.perm[k] as usize))
                    {
                        return Err(err(
                            l,
                            format!(
                                "scramble {}: slot {} of set {} has the orientation ?, \
                                 but the orientation of its piece counts in this puzzle",
                                excerpt(&name),
                                slot + 1,
                                excerpt(&set.name)
                            ),
                        ));
                    }
                    let perm = Perm::from_images(active).map_err(|m| err(e.line, m.to_string()))?;
                    element[e.set] =
                        Wreath::new(perm, e.orient, set.modulus).map_err(|m| err(e.line, m.to_string()))?;
                }
                out.push(Scramble { name, element, omitted });
            }
            "ScrambleAlg" => {
                let mut element = puzzle.identity();
                loop {
                    let Some((l2, t2)) = lines.next() else {
                        return Err(err(lines.last_line(), "missing End".into()));
                    };
                    if t2[0] == "End" {
                        break;
                    }
                    let raw = raw_lines.get(l2 - 1).copied().unwrap_or("");
                    let body = raw.split('#').next().unwrap_or("");
                    let e = crate::alg::Alg::parse_within(puzzle, body, &mut budget)
                        .and_then(|a| {
                            // The file's turns together, not each line alone.
                            turns = turns.saturating_add(a.len() as u64);
                            crate::alg::check_steps(puzzle, turns)?;
                            a.element(puzzle)
                        })
                        .map_err(|m| err(l2, m.to_string()))?;
                    element = crate::puzzle::compose(&element, &e);
                }
                out.push(Scramble {
                    name,
                    element,
                    omitted: Vec::new(),
                });
            }
            other => {
                return Err(err(
                    ln,
                    format!(
                        "unknown or unsupported keyword \"{}\" in a scramble file",
                        excerpt(other)
                    ),
                ))
            }
        }
    }
    Ok(out)
}

/// Writes an element as a `.tws` state block (`Scramble NAME ... End`).
pub fn write_state(p: &Puzzle, name: &str, e: &[Wreath]) -> String {
    let join = |v: &mut dyn Iterator<Item = u32>| v.map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
    let mut s = format!("Scramble {name}\n");
    for (k, (set, w)) in p.sets.iter().zip(e).enumerate() {
        let inv = w.perm().inverse();
        // A free piece's orientation is `?`, as twsearch wants it.
        let orient: Vec<String> = inv
            .images()
            .iter()
            .zip(w.orient())
            .map(|(&piece, o)| {
                if p.is_free(k, piece as usize) {
                    WILD.to_string()
                } else {
                    o.to_string()
                }
            })
            .collect();
        s += &format!(
            "{}\n{}\n{}\n",
            set.name,
            join(&mut inv.images().iter().map(|x| x + 1)),
            orient.join(" ")
        );
    }
    s + "End\n"
}

/// Writes a puzzle as a `.tws` definition (sets a move leaves alone are omitted).
pub fn write(p: &Puzzle) -> String {
    let mut s = String::new();
    let join = |v: &mut dyn Iterator<Item = u32>| v.map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
    s += &format!(
        "# written by cubist\nName {}\n\n",
        p.name.replace(char::is_whitespace, "_")
    );
    for set in &p.sets {
        s += &format!("Set {} {} {}\n", set.name, set.size, set.modulus);
    }
    s += "\nSolved\n";
    for (k, (set, labels)) in p.sets.iter().zip(&p.solved).enumerate() {
        // twsearch refuses gaps in the labels (a pattern labels its ignored
        // pieces past the set's size).
        let orient: Vec<&str> = (0..labels.len())
            .map(|i| if p.is_free(k, i) { WILD } else { "0" })
            .collect();
        s += &format!(
            "{}\n{}\n{}\n",
            set.name,
            join(&mut without_gaps(labels).iter().map(|x| x + 1)),
            orient.join(" ")
        );
    }
    s += "End\n";
    for m in &p.moves {
        s += &format!("\nMove {}\n", m.name);
        for (set, w) in p.sets.iter().zip(&m.element) {
            if w.is_identity() {
                continue;
            }
            let inv = w.perm().inverse();
            s += &format!(
                "{}\n{}\n{}\n",
                set.name,
                join(&mut inv.images().iter().map(|x| x + 1)),
                join(&mut w.source_orient().into_iter())
            );
        }
        s += "End\n";
    }
    s
}
