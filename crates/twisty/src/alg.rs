//! Move sequences as data: parse, print, invert, simplify, apply, and convert
//! to and from the [`Word`]s that solvers return.
//!
//! An [`Alg`] is a list of [`Turn`]s, each a *base* (any token of the puzzle's
//! notation, see [`crate::notation`]: `R`, `2R`, `Rw`, `3Rw`, `r`, `M`, `x`,
//! `X_1` on the n x n x n cube, a move name on every puzzle) and an integer
//! amount. Amounts are kept in the shortest equivalent range, so an [`Alg`]
//! prints canonically: `R`, `R'`, `R2`; `R3` is `R'`; a megaminx face (order 5)
//! has `A`, `A2`, `A'`, `A2'`; a base whose name ends in a digit takes its power
//! after `^` (`X_1^2`).
//!
//! [`Alg::simplify`] merges and cancels turns on one axis, generically:
//! consecutive turns whose elements pairwise commute form a group (for the cube,
//! turns about one axis); in a group, turns of the same base merge, zero turns
//! vanish, and the rest are written in a fixed order (the puzzle's move order,
//! then other tokens alphabetically). This repeats until nothing changes. Only
//! same-base turns merge: `2R R` on the 4x4x4 stays two turns, as does `Rw R'`.
//!
//! ```
//! use cubist_twisty::{alg::Alg, library};
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let a = Alg::parse(&cube, "R L R' U U' F3").unwrap();
//! assert_eq!(a.to_string(), "R L R' U U' F'");
//! assert_eq!(a.simplify(&cube).unwrap().to_string(), "L F'");
//! assert_eq!(a.invert().to_string(), "F U U' R L' R'");
//! assert_eq!(a.element(&cube).unwrap(), Alg::parse(&cube, "L F'").unwrap().element(&cube).unwrap());
//! ```

use std::collections::HashMap;
use std::fmt;

use cubist_io::excerpt;
use cubist_perm::{word::Word, Wreath};
use num_traits::ToPrimitive;

use crate::puzzle::{compose, invert, power, Element, Puzzle};
use crate::structure::Budget;
use crate::token::{base_element, cube_turn, split_token};

/// One turn: a base token and how many times it is applied.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    base: String,
    amount: i64,
    /// The order of one turn of the base, when it fits; amounts are reduced
    /// modulo it into `(-order/2, order/2]`.
    order: Option<u64>,
    /// Written as a Clock turn, hours then direction (`UR3+`, `UR1-`,
    /// `UR0+`): see [`crate::clock`].
    hours: bool,
}

impl Turn {
    /// The token the turn applies (`R`, `Rw`, `X_1`, a move name).
    pub fn base(&self) -> &str {
        &self.base
    }

    /// How many times, negative for counter-clockwise; in the shortest range.
    pub fn amount(&self) -> i64 {
        self.amount
    }

    fn new(base: String, amount: i64, order: Option<u64>) -> Turn {
        Turn {
            amount: shortest(amount, order),
            base,
            order,
            hours: false,
        }
    }

    /// A turn of `p` (its notation decides how the turn is written).
    fn of(p: &Puzzle, base: String, amount: i64, order: Option<u64>) -> Turn {
        let hours = crate::clock::is_clock(p) && base != crate::clock::TURN_OVER;
        Turn {
            hours,
            ..Turn::new(base, amount, order)
        }
    }

    /// The same base turned `amount` times.
    fn again(&self, amount: i64) -> Turn {
        Turn {
            hours: self.hours,
            ..Turn::new(self.base.clone(), amount, self.order)
        }
    }
}

/// `amount` modulo `order` in `(-order/2, order/2]` (a half turn stays positive).
fn shortest(amount: i64, order: Option<u64>) -> i64 {
    match order.and_then(|k| i64::try_from(k).ok()) {
        Some(k) if k >= 1 => {
            let r = amount.rem_euclid(k);
            if 2 * r > k {
                r - k
            } else {
                r
            }
        }
        _ => amount,
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = &self.base;
        let k = self.amount;
        if self.hours {
            return write!(f, "{b}{}", crate::clock::hours_text(k));
        }
        if b.ends_with(|c: char| c.is_ascii_digit()) && k != 1 && k != -1 {
            // `X_1` squared is `X_1^2`: `X_12` would read as layer 12.
            return if k < 0 {
                write!(f, "{b}^{}'", -k)
            } else {
                write!(f, "{b}^{k}")
            };
        }
        match k {
            1 => write!(f, "{b}"),
            -1 => write!(f, "{b}'"),
            k if k < 0 => write!(f, "{b}{}'", -k),
            k => write!(f, "{b}{k}"),
        }
    }
}

/// A sequence of turns, read left to right (the first turn applied first).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alg {
    turns: Vec<Turn>,
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.turns.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

/// The most slot updates applying sequences may cost: turns times the
/// puzzle's slots, for one sequence or for all those of a `.scr` file
/// (about a second of work). A million turns of a 10x10x10 (under 1,000
/// slots) stay within it; a `.tws` puzzle of 4 million slots may take 256.
pub const MAX_APPLY_STEPS: u64 = 1 << 30;

/// Refuses `turns` turns of `p` when they would cost more than
/// [`MAX_APPLY_STEPS`] slot updates.
pub(crate) fn check_steps(p: &Puzzle, turns: u64) -> Result<(), crate::Error> {
    let slots = p.sets.iter().map(|s| s.size as u64).sum::<u64>();
    if turns.saturating_mul(slots) > MAX_APPLY_STEPS {
        return Err(crate::Error::Notation(format!(
            "{turns} turns of a puzzle of {slots} slots: more than {MAX_APPLY_STEPS} slot updates"
        )));
    }
    Ok(())
}

/// Elements and orders of bases, computed once per base.
struct Bases<'p> {
    p: &'p Puzzle,
    elements: HashMap<String, Element>,
    /// Each base's order: computing it walks every slot, so once per base,
    /// not once per turn (a million turns of a large puzzle).
    orders: HashMap<String, Option<u64>>,
    commute: HashMap<(String, String), bool>,
}

impl<'p> Bases<'p> {
    fn new(p: &'p Puzzle) -> Bases<'p> {
        Bases {
            p,
            elements: HashMap::new(),
            orders: HashMap::new(),
            commute: HashMap::new(),
        }
    }

    fn element(&mut self, base: &str) -> Result<&Element, String> {
        if !self.elements.contains_key(base) {
            let e = base_element(self.p, base)?;
            self.elements.insert(base.to_string(), e);
        }
        Ok(&self.elements[base])
    }

    fn order(&mut self, base: &str) -> Result<Option<u64>, String> {
        if let Some(&k) = self.orders.get(base) {
            return Ok(k);
        }
        let k = self.p.element_order(self.element(base)?).to_u64();
        self.orders.insert(base.to_string(), k);
        Ok(k)
    }

    fn commutes(&mut self, a: &str, b: &str) -> Result<bool, String> {
        if a == b {
            return Ok(true);
        }
        let key = (a.to_string(), b.to_string());
        if let Some(&c) = self.commute.get(&key) {
            return Ok(c);
        }
        let x = self.element(a)?.clone();
        let y = self.element(b)?;
        let c = compose(&x, y) == compose(y, &x);
        self.commute.insert((b.to_string(), a.to_string()), c);
        self.commute.insert(key, c);
        Ok(c)
    }
}

impl Alg {
    /// The empty sequence.
    pub fn new() -> Alg {
        Alg::default()
    }

    /// Parses moves separated by whitespace or commas (the grammar of
    /// [`crate::notation`]), with cubing.js's commutators, conjugates and
    /// repeated or inverted groups ([`crate::structure`]). Errors name the
    /// 1-based column of the bad token.
    pub fn parse(p: &Puzzle, text: &str) -> Result<Alg, crate::Error> {
        Alg::parse_within(p, text, &mut Budget::default())
    }

    /// [`Alg::parse`], the expansion's copying counted against `budget`
    /// (shared by the sequences of one file).
    pub fn parse_within(p: &Puzzle, text: &str, budget: &mut Budget) -> Result<Alg, crate::Error> {
        let tokens = crate::structure::expand_within(text, budget)
            .map_err(|(col, m)| crate::Error::Notation(format!("column {col}: {m}")))?;
        let mut bases = Bases::new(p);
        let mut turns = Vec::with_capacity(tokens.len());
        for (tok, col) in &tokens {
            let turn = split_token(p, tok)
                .and_then(|(base, k)| {
                    let order = bases.order(&base).map_err(|m| {
                        // Name the token as typed (`Q2`), not its base.
                        if m.starts_with("unknown move") {
                            format!("unknown move \"{}\" for {}", excerpt(tok), excerpt(&p.name))
                        } else {
                            m
                        }
                    })?;
                    Ok(Turn::of(p, base, k, order))
                })
                .map_err(|m| crate::Error::Notation(format!("column {col}: {m}")))?;
            turns.push(turn);
        }
        Ok(Alg { turns })
    }

    /// The sequence of a solver's word over `p.moves`.
    pub fn from_word(p: &Puzzle, w: &Word) -> Result<Alg, crate::Error> {
        let mut bases = Bases::new(p);
        let mut turns = Vec::with_capacity(w.len());
        for &(g, k) in w.letters() {
            let m = p
                .moves
                .get(g)
                .ok_or_else(|| crate::Error::Notation(format!("move index {g} out of range for {}", p.name)))?;
            let order = bases.order(&m.name).map_err(crate::Error::Notation)?;
            turns.push(Turn::of(p, m.name.clone(), k, order));
        }
        Ok(Alg { turns })
    }

    /// The turns, in order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The number of turns.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// The number of moves of `p` in the sequence: every turn, but the
    /// Clock's turning over ([`crate::clock::TURN_OVER`]), which moves no
    /// dial and is no move for the WCA.
    pub fn move_count(&self, p: &Puzzle) -> usize {
        let over = |t: &&Turn| crate::clock::is_clock(p) && t.base == crate::clock::TURN_OVER;
        self.turns.len() - self.turns.iter().filter(over).count()
    }

    /// True for the empty sequence.
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }

    /// The inverse: turns reversed, amounts negated.
    pub fn invert(&self) -> Alg {
        Alg {
            turns: self.turns.iter().rev().map(|t| t.again(-t.amount)).collect(),
        }
    }

    /// This sequence followed by `other`.
    pub fn then(&self, other: &Alg) -> Alg {
        Alg {
            turns: self.turns.iter().chain(&other.turns).cloned().collect(),
        }
    }

    /// The element the sequence produces from the solved state.
    pub fn element(&self, p: &Puzzle) -> Result<Element, crate::Error> {
        self.apply(p, &p.identity())
    }

    /// The state after applying the sequence to `state`. Each turn costs a
    /// step per slot of the puzzle, so a sequence whose turns times slots
    /// exceed [`MAX_APPLY_STEPS`] is refused before any is applied.
    pub fn apply(&self, p: &Puzzle, state: &[Wreath]) -> Result<Element, crate::Error> {
        check_steps(p, self.len() as u64)?;
        let mut bases = Bases::new(p);
        let mut e = state.to_vec();
        for t in &self.turns {
            e = compose(
                &e,
                &power(bases.element(&t.base).map_err(crate::Error::Notation)?, t.amount),
            );
        }
        Ok(e)
    }

    /// Merges and cancels turns on one axis until nothing changes (see the
    /// module docs). The result produces the same element, is never longer,
    /// and simplifying it again changes nothing.
    pub fn simplify(&self, p: &Puzzle) -> Result<Alg, crate::Error> {
        let mut bases = Bases::new(p);
        let rank: HashMap<&str, usize> = p.moves.iter().enumerate().map(|(i, m)| (m.name.as_str(), i)).collect();
        let key = |t: &Turn| (rank.get(t.base.as_str()).copied().unwrap_or(usize::MAX), t.base.clone());
        // Alternate the two passes until neither changes anything. The stack
        // pass does the merging in time linear in the length for a puzzle's
        // few moves, so the sorting passes no longer repeat over the raw
        // sequence (which was quadratic: 64k tokens of `R L R L ...`).
        let mut turns = self.turns.clone();
        loop {
            let merged = Self::merge_back(&turns, &mut bases)?;
            let sorted = Self::sort_groups(merged, &mut bases, &key)?;
            if sorted == turns {
                return Ok(Alg { turns });
            }
            turns = sorted;
        }
    }

    /// One pass over maximal runs of turns that commute with each other:
    /// equal bases in a run merge, zero powers go, and the run is sorted by
    /// the puzzle's move order. [`Alg::simplify`] alternates it with
    /// [`Alg::merge_back`] until neither changes anything; that terminates,
    /// since a pass either shortens the list or makes the sequence of keys
    /// lexicographically smaller.
    fn sort_groups(
        turns: Vec<Turn>,
        bases: &mut Bases,
        key: &dyn Fn(&Turn) -> (usize, String),
    ) -> Result<Vec<Turn>, crate::Error> {
        let mut out: Vec<Turn> = Vec::with_capacity(turns.len());
        let mut i = 0;
        while i < turns.len() {
            let mut j = i + 1;
            'grow: while j < turns.len() {
                for g in &turns[i..j] {
                    if !bases
                        .commutes(&g.base, &turns[j].base)
                        .map_err(crate::Error::Notation)?
                    {
                        break 'grow;
                    }
                }
                j += 1;
            }
            let mut group: Vec<Turn> = Vec::new();
            for t in &turns[i..j] {
                match group.iter_mut().find(|g| g.base == t.base) {
                    Some(g) => {
                        let sum = g.amount.checked_add(t.amount).ok_or_else(|| {
                            crate::Error::Notation(format!("the powers of {} add up past 2^63", excerpt(&t.base)))
                        })?;
                        *g = t.again(sum);
                    }
                    None => group.push(t.clone()),
                }
            }
            group.retain(|t| t.amount != 0);
            group.sort_by_key(|t| key(t));
            out.extend(group);
            i = j;
        }
        Ok(out)
    }

    /// One pass with a stack: each turn looks back through the turns it
    /// commutes with for one of its own base and merges with it (a
    /// cancellation then uncovers the turns below, as `R U U' R'` needs).
    /// Linear in the length for a puzzle's few moves.
    fn merge_back(input: &[Turn], bases: &mut Bases) -> Result<Vec<Turn>, crate::Error> {
        let mut turns: Vec<Turn> = Vec::with_capacity(input.len());
        for t in input {
            // A zero power is no turn at all; left in, it would stop the turns
            // after it from reaching their partners before it.
            let t = &t.again(t.amount);
            if t.amount == 0 {
                continue;
            }
            let mut k = turns.len();
            let mut merged = false;
            while k > 0 {
                let u = &turns[k - 1];
                if u.base == t.base {
                    let sum = u.amount.checked_add(t.amount).ok_or_else(|| {
                        crate::Error::Notation(format!("the powers of {} add up past 2^63", excerpt(&t.base)))
                    })?;
                    let m = t.again(sum);
                    if m.amount == 0 {
                        turns.remove(k - 1);
                    } else {
                        turns[k - 1] = m;
                    }
                    merged = true;
                    break;
                }
                if !bases.commutes(&u.base, &t.base).map_err(crate::Error::Notation)? {
                    break;
                }
                k -= 1;
            }
            if !merged {
                turns.push(t.clone());
            }
        }
        Ok(turns)
    }

    /// The sequence as a word over `p.moves`. A token that is not a move (a
    /// wide or inner-layer turn of the cube) becomes the layer moves it turns,
    /// so `Rw` on the 4x4x4 is `R 2R`; a token whose layers are not all moves
    /// (`M` or `x` on the 3x3x3, whose centres never move) is an error.
    pub fn to_word(&self, p: &Puzzle) -> Result<Word, crate::Error> {
        self.to_word_text(p).map_err(crate::Error::Notation)
    }

    /// [`Alg::to_word`], its errors as messages.
    fn to_word_text(&self, p: &Puzzle) -> Result<Word, String> {
        let mut bases = Bases::new(p);
        let mut letters = Vec::new();
        for t in &self.turns {
            if let Some(i) = p.moves.iter().position(|m| m.name == t.base) {
                letters.push((i, t.amount));
                continue;
            }
            let not_moves = || {
                format!(
                    "\"{}\" is not a product of the moves of {}",
                    excerpt(&t.base),
                    excerpt(&p.name)
                )
            };
            let (line, slabs, steps) = cube_turn(p, &t.base)?.ok_or_else(not_moves)?;
            let g = p.geometry.as_ref().ok_or_else(not_moves)?;
            for s in slabs {
                let e = g
                    .turn(line, &[s], steps)
                    .and_then(|t| g.element(&t))
                    .map_err(|e| e.to_string())?;
                let inv = invert(&e);
                let (i, sign) = p
                    .moves
                    .iter()
                    .enumerate()
                    .find_map(|(i, m)| {
                        if m.element == e {
                            Some((i, 1))
                        } else if m.element == inv {
                            Some((i, -1))
                        } else {
                            None
                        }
                    })
                    .ok_or_else(not_moves)?;
                let order = bases.order(&p.moves[i].name)?;
                letters.push((i, shortest(sign * t.amount, order)));
            }
        }
        letters.retain(|&(_, k)| k != 0);
        Ok(Word::from_letters(letters))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library;

    fn simp(p: &Puzzle, s: &str) -> String {
        Alg::parse(p, s).unwrap().simplify(p).unwrap().to_string()
    }

    #[test]
    fn prints_shortest_amounts() {
        let c = library::puzzle("3x3x3").unwrap();
        let a = Alg::parse(&c, "R3 U2' F5 B6 D4 L'").unwrap();
        assert_eq!(a.to_string(), "R' U2 F B2 D0 L'");
        let m = library::puzzle("megaminx").unwrap();
        let a = Alg::parse(&m, "F3 FL4 BR2 B'").unwrap();
        assert_eq!(a.to_string(), "F2' FL' BR2 B'");
        let c4 = library::puzzle("4x4x4").unwrap();
        let a = Alg::parse(&c4, "X_1 X_2^2 Rw3 3r2' 2R'").unwrap();
        assert_eq!(a.to_string(), "X_1 X_2^2 Rw' 3r2 2R'");
        assert_eq!(Alg::parse(&c4, &a.to_string()).unwrap(), a);
    }

    #[test]
    fn simplify_rules() {
        let c = library::puzzle("3x3x3").unwrap();
        assert_eq!(simp(&c, "R L R'"), "L");
        assert_eq!(simp(&c, "R U U' R'"), "");
        assert_eq!(simp(&c, "R R R R"), "");
        assert_eq!(simp(&c, "R L"), "L R");
        assert_eq!(simp(&c, "U R2 L R2 U'"), "U L U'");
        assert_eq!(simp(&c, "R U R' U'"), "R U R' U'");
        let c4 = library::puzzle("4x4x4").unwrap();
        assert_eq!(simp(&c4, "2R R"), "2R R");
        assert_eq!(simp(&c4, "Rw R' L Rw'"), "L R'");
        let m = library::puzzle("megaminx").unwrap();
        assert_eq!(simp(&m, "F F F"), "F2'");
    }

    #[test]
    fn words_round_trip_and_wide_moves_expand() {
        let c4 = library::puzzle("4x4x4").unwrap();
        let a = Alg::parse(&c4, "Rw U2 3Lw'").unwrap();
        let w = a.to_word(&c4).unwrap();
        assert_eq!(w.len(), 6);
        let b = Alg::from_word(&c4, &w).unwrap();
        assert_eq!(b.to_string(), "R 2R U2 L' 2L' 2R");
        assert_eq!(b.element(&c4).unwrap(), a.element(&c4).unwrap());
        let c = library::puzzle("3x3x3").unwrap();
        let err = Alg::parse(&c, "R M").unwrap().to_word(&c).unwrap_err().to_string();
        assert!(err.contains("\"M\""), "{err}");
    }

    #[test]
    fn errors_name_the_column() {
        let c = library::puzzle("3x3x3").unwrap();
        let e = Alg::parse(&c, "R U  Q2 F").unwrap_err().to_string();
        assert!(e.starts_with("column 6:") && e.contains("\"Q2\""), "{e}");
        let e = Alg::parse(&c, "R X_1^x").unwrap_err().to_string();
        assert!(e.starts_with("column 3:"), "{e}");
    }
}
