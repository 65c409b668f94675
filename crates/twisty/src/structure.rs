//! The structure cubers type around moves, as cubing.js reads it: `[A, B]`
//! is the commutator `A B A' B'`, `[A: B]` the conjugate `A B A'`, `(A)3`
//! repeats, `(A)'` inverts (and `[A, B]2`, `(A)2'` likewise), and the
//! typographic apostrophe `’` is `'`. This module expands such a sequence
//! into plain move tokens, each with the column it was typed at, so that the
//! move grammar of [`crate::notation`] stays about single moves and every
//! error still points at a column of what the user typed.
//!
//! Inverting a token appends or removes one `'` (`R2` becomes `R2'`,
//! `X_1^2` becomes `X_1^2'`): the move grammar reads every such form.
//!
//! ```
//! use cubist_twisty::structure::expand;
//!
//! let plain = |t: &str| expand(t).unwrap().into_iter().map(|(tok, _)| tok).collect::<Vec<_>>().join(" ");
//! assert_eq!(plain("[R, U]"), "R U R' U'");
//! assert_eq!(plain("[F: [R, U]]"), "F R U R' U' F'");
//! assert_eq!(plain("(R U’)2"), "R U' R U'");
//! assert_eq!(plain("(R U2)'"), "U2' R'");
//! // An unclosed bracket is reported where it opens.
//! assert_eq!(expand("[R, U").unwrap_err(), (1, "'[' is never closed".to_string()));
//! ```

/// The most tokens an expansion may produce: `(R)1000000000` is refused, not
/// written out.
pub const MAX_TOKENS: usize = 1_000_000;

/// The deepest groups may nest (`((R))` is 2 deep, `[A, [B: C]]` too): the
/// reader is recursive, one level of its stack per level of nesting, so
/// without a bound 5,000 nested `(` would overflow the stack and abort the
/// process. No sequence a cuber writes comes near it.
pub const MAX_DEPTH: usize = 100;

/// The most token copies the whole expansion may make, intermediate groups
/// included: `((R)999999)0`, repeated, makes nothing, but each copy costs
/// work, and without this bound a long enough line would run for hours.
/// Sixteen copies of each token of the largest sequence leave room for any
/// nesting a sequence of [`MAX_TOKENS`] moves needs in practice.
pub const MAX_WORK: usize = 16 * MAX_TOKENS;

/// A token and the 1-based column of its first character.
pub type Token = (String, usize);

/// Expands `text` into plain move tokens with their columns; an error is the
/// 1-based column and what is wrong there.
pub fn expand(text: &str) -> Result<Vec<Token>, (usize, String)> {
    expand_within(text, &mut Budget::default())
}

/// The token copies left to a reader of many sequences (the lines of a
/// `.scr` file): one budget of [`MAX_WORK`] shared by all of them, so that
/// a file of many lines, each wasteful, is bounded as a whole.
#[derive(Debug, Default)]
pub struct Budget {
    /// Token copies made so far.
    work: usize,
}

/// [`expand`], its copying counted against `budget`.
pub fn expand_within(text: &str, budget: &mut Budget) -> Result<Vec<Token>, (usize, String)> {
    let chars: Vec<char> = text.chars().map(|c| if c == '’' { '\'' } else { c }).collect();
    let mut p = Parser {
        chars,
        at: 0,
        depth: 0,
        budget,
    };
    let seq = p.sequence(&[])?;
    match p.peek() {
        None => Ok(seq.iter().map(|piece| p.token(piece)).collect()),
        Some(c) => Err((p.at + 1, format!("unexpected '{c}'"))),
    }
}

/// A token during the expansion: where it was typed (its characters
/// `start..end`) and whether it is inverted. Copying one is cheap; the
/// text is only written out at the end ([`Parser::token`]).
#[derive(Clone, Copy, Debug)]
struct Piece {
    start: usize,
    end: usize,
    inverted: bool,
}

/// A recursive-descent reader over the characters, its depth bounded by
/// [`MAX_DEPTH`] and its copying by [`MAX_WORK`].
struct Parser<'b> {
    chars: Vec<char>,
    at: usize,
    /// How many groups enclose the cursor.
    depth: usize,
    /// Token copies made so far, by this reader and the earlier ones.
    budget: &'b mut Budget,
}

/// Characters with a structural meaning, never part of a move token.
const STRUCTURE: [char; 5] = ['[', ']', '(', ')', ':'];

/// The error of an expansion over [`MAX_TOKENS`] (or [`MAX_WORK`]).
fn too_long(column: usize) -> (usize, String) {
    (column, format!("the sequence expands to more than {MAX_TOKENS} moves"))
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// The text of a piece and its column: inverting appends or removes
    /// one `'`.
    fn token(&self, piece: &Piece) -> Token {
        let typed: String = self.chars[piece.start..piece.end].iter().collect();
        let text = match (piece.inverted, typed.strip_suffix('\'')) {
            (false, _) => typed,
            (true, Some(b)) => b.to_string(),
            (true, None) => typed + "'",
        };
        (text, piece.start + 1)
    }

    /// Records that `n` more token copies are about to be made, refusing
    /// them past [`MAX_WORK`].
    fn spend(&mut self, n: usize) -> Result<(), (usize, String)> {
        self.budget.work = self.budget.work.saturating_add(n);
        if self.budget.work > MAX_WORK {
            return Err(too_long(self.at + 1));
        }
        Ok(())
    }

    /// Enters a group opened at the cursor (column `open`), refusing one
    /// more level than [`MAX_DEPTH`].
    fn enter(&mut self, open: usize) -> Result<(), (usize, String)> {
        if self.depth == MAX_DEPTH {
            return Err((open, format!("groups nest more than {MAX_DEPTH} deep")));
        }
        self.depth += 1;
        self.at += 1;
        Ok(())
    }

    /// Moves and groups until one of `stops` (not consumed) or the end. A
    /// comma separates moves, except where it is a stop (inside `[A, B]`).
    fn sequence(&mut self, stops: &[char]) -> Result<Vec<Piece>, (usize, String)> {
        let mut out: Vec<Piece> = Vec::new();
        while let Some(c) = self.peek() {
            if stops.contains(&c) {
                break;
            }
            if c.is_whitespace() || c == ',' {
                self.at += 1;
                continue;
            }
            let group = match c {
                '[' => self.bracket()?,
                '(' => {
                    let open = self.at + 1;
                    self.enter(open)?;
                    let inner = self.sequence(&[')'])?;
                    self.expect(')', open, "'(' is never closed")?;
                    self.depth -= 1;
                    inner
                }
                ']' | ')' | ':' => return Err((self.at + 1, format!("unexpected '{c}'"))),
                _ => vec![self.move_token()],
            };
            let group = self.suffix(group)?;
            if out.len() + group.len() > MAX_TOKENS {
                return Err(too_long(self.at + 1));
            }
            self.spend(group.len())?;
            out.extend(group);
        }
        Ok(out)
    }

    /// One move token at the cursor: everything up to white space, a comma
    /// or a structural character.
    fn move_token(&mut self) -> Piece {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && c != ',' && !STRUCTURE.contains(&c))
        {
            self.at += 1;
        }
        Piece {
            start,
            end: self.at,
            inverted: false,
        }
    }

    /// `[A, B]` or `[A: B]`, the `[` under the cursor.
    fn bracket(&mut self) -> Result<Vec<Piece>, (usize, String)> {
        let open = self.at + 1;
        self.enter(open)?;
        let a = self.sequence(&[',', ':', ']'])?;
        let commutator = match self.peek() {
            Some(',') => true,
            Some(':') => false,
            _ => return Err((open, "'[' needs ', ' (commutator) or ': ' (conjugate) inside".into())),
        };
        self.at += 1;
        let b = self.sequence(&[']'])?;
        self.expect(']', open, "'[' is never closed")?;
        self.depth -= 1;
        // Bounded before it is built: A B A' (B').
        let len = 2 * a.len() + if commutator { 2 } else { 1 } * b.len();
        if len > MAX_TOKENS {
            return Err(too_long(open));
        }
        self.spend(len)?;
        let mut out = a.clone();
        out.extend(b.iter().copied());
        out.extend(inverse(&a));
        if commutator {
            out.extend(inverse(&b));
        }
        Ok(out)
    }

    /// The power after a group or a move: for a group, digits, then an
    /// optional `'`; a move token keeps its own (it took the digits).
    fn suffix(&mut self, group: Vec<Piece>) -> Result<Vec<Piece>, (usize, String)> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        let n: usize = if digits.is_empty() {
            1
        } else {
            digits
                .parse()
                .map_err(|_| (start + 1, format!("power {digits} is too large")))?
        };
        if n.saturating_mul(group.len()) > MAX_TOKENS {
            return Err(too_long(start + 1));
        }
        self.spend(n * group.len())?;
        let group = if self.peek() == Some('\'') {
            self.at += 1;
            inverse(&group)
        } else {
            group
        };
        Ok(group.iter().copied().cycle().take(n * group.len()).collect())
    }

    fn expect(&mut self, c: char, open: usize, what: &str) -> Result<(), (usize, String)> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err((open, what.to_string()))
        }
    }
}

/// The inverse of a sequence: reversed, each token inverted.
fn inverse(seq: &[Piece]) -> Vec<Piece> {
    seq.iter()
        .rev()
        .map(|p| Piece {
            inverted: !p.inverted,
            ..*p
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(t: &str) -> String {
        expand(t)
            .unwrap()
            .into_iter()
            .map(|(tok, _)| tok)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn groups_expand_as_cubing_js_reads_them() {
        assert_eq!(plain("R U R' U'"), "R U R' U'");
        assert_eq!(plain("R, U"), "R U");
        assert_eq!(plain("[R: U]"), "R U R'");
        assert_eq!(plain("[R U: [F, D]]"), "R U F D F' D' U' R'");
        assert_eq!(plain("[R, U]2"), "R U R' U' R U R' U'");
        assert_eq!(plain("(R U)2'"), "U' R' U' R'");
        assert_eq!(plain("(X_1^2 R2)'"), "R2' X_1^2'");
        assert_eq!(plain("()3"), "");
    }

    #[test]
    fn columns_point_at_what_was_typed() {
        let toks = expand("F [R, U’]").unwrap();
        let cols: Vec<usize> = toks.iter().map(|t| t.1).collect();
        assert_eq!(cols, vec![1, 4, 7, 4, 7]);
        assert_eq!(expand("R ]").unwrap_err().0, 3);
        assert_eq!(expand("(R U").unwrap_err().0, 1);
        assert_eq!(expand("[R U]").unwrap_err().0, 1);
        assert!(expand("(R)99999999999999999999").is_err());
        assert!(expand("((R)1000)1001").unwrap_err().1.contains("more than"));
    }

    #[test]
    fn nesting_is_bounded_not_a_stack_overflow() {
        // At the limit: read.
        let ok = format!("{}R{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert_eq!(plain(&ok), "R");
        // One more, and far more, of every kind of group: refused at the
        // column of the first group too deep.
        let deep = MAX_DEPTH + 1;
        for n in [deep, 5_000, 200_000] {
            let parens = format!("{}R{}", "(".repeat(n), ")".repeat(n));
            let bracket = format!("{}R{}", "[U, ".repeat(n), "]".repeat(n));
            let conjugate = format!("{}R{}", "[U: ".repeat(n), "]".repeat(n));
            let powers = format!("{}R{}", "(".repeat(n), ")3'".repeat(n));
            let unclosed = "(".repeat(n);
            for (text, width) in [(parens, 1), (bracket, 4), (conjugate, 4), (powers, 1), (unclosed, 1)] {
                let e = expand(&text).unwrap_err();
                assert_eq!(
                    e,
                    (MAX_DEPTH * width + 1, format!("groups nest more than {MAX_DEPTH} deep"))
                );
            }
        }
    }

    #[test]
    fn expansion_is_bounded_before_it_is_built() {
        let e = expand("(((R)1000)1000)1000").unwrap_err();
        assert!(e.1.contains("more than 1000000 moves"), "{e:?}");
        // Doubling brackets: refused once the size passes the bound.
        let mut doubling = "R".to_string();
        for _ in 0..25 {
            doubling = format!("[{doubling}, U]");
        }
        assert!(expand(&doubling).unwrap_err().1.contains("more than"));
        // Work that makes nothing is still bounded: each `((R)999999)0`
        // copies a million tokens to keep none.
        let empty = "((R)999999)0 ".repeat(40);
        assert!(expand(&empty).unwrap_err().1.contains("more than"));
        // Plain tokens count too.
        let many = "R ".repeat(MAX_TOKENS + 1);
        assert!(expand(&many).is_err());
        assert_eq!(expand(&"R ".repeat(1000)).unwrap().len(), 1000);
        // One budget across many sequences: each line alone is fine, all of
        // them together are not.
        let mut budget = Budget::default();
        let line = "((R)999999)0";
        let lines = (0..MAX_WORK / 1_999_999 + 1).map(|_| expand_within(line, &mut budget));
        assert!(lines.last().unwrap().is_err());
        assert!(expand(line).unwrap().is_empty());
    }
}
