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

/// A token and the 1-based column of its first character.
pub type Token = (String, usize);

/// Expands `text` into plain move tokens with their columns; an error is the
/// 1-based column and what is wrong there.
pub fn expand(text: &str) -> Result<Vec<Token>, (usize, String)> {
    let chars: Vec<char> = text.chars().map(|c| if c == '’' { '\'' } else { c }).collect();
    let mut p = Parser { chars, at: 0 };
    let seq = p.sequence(&[])?;
    match p.peek() {
        None => Ok(seq),
        Some(c) => Err((p.at + 1, format!("unexpected '{c}'"))),
    }
}

/// A recursive-descent reader over the characters.
struct Parser {
    chars: Vec<char>,
    at: usize,
}

/// Characters with a structural meaning, never part of a move token.
const STRUCTURE: [char; 5] = ['[', ']', '(', ')', ':'];

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// Moves and groups until one of `stops` (not consumed) or the end. A
    /// comma separates moves, except where it is a stop (inside `[A, B]`).
    fn sequence(&mut self, stops: &[char]) -> Result<Vec<Token>, (usize, String)> {
        let mut out: Vec<Token> = Vec::new();
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
                    self.at += 1;
                    let inner = self.sequence(&[')'])?;
                    self.expect(')', open, "'(' is never closed")?;
                    inner
                }
                ']' | ')' | ':' => return Err((self.at + 1, format!("unexpected '{c}'"))),
                _ => {
                    let start = self.at;
                    while self
                        .peek()
                        .is_some_and(|c| !c.is_whitespace() && c != ',' && !STRUCTURE.contains(&c))
                    {
                        self.at += 1;
                    }
                    out.push((self.chars[start..self.at].iter().collect(), start + 1));
                    continue;
                }
            };
            let group = self.suffix(group)?;
            if out.len() + group.len() > MAX_TOKENS {
                return Err((
                    self.at + 1,
                    format!("the sequence expands to more than {MAX_TOKENS} moves"),
                ));
            }
            out.extend(group);
        }
        Ok(out)
    }

    /// `[A, B]` or `[A: B]`, the `[` under the cursor.
    fn bracket(&mut self) -> Result<Vec<Token>, (usize, String)> {
        let open = self.at + 1;
        self.at += 1;
        let a = self.sequence(&[',', ':', ']'])?;
        let commutator = match self.peek() {
            Some(',') => true,
            Some(':') => false,
            _ => return Err((open, "'[' needs ', ' (commutator) or ': ' (conjugate) inside".into())),
        };
        self.at += 1;
        let b = self.sequence(&[']'])?;
        self.expect(']', open, "'[' is never closed")?;
        let mut out = a.clone();
        out.extend(b.iter().cloned());
        out.extend(inverse(&a));
        if commutator {
            out.extend(inverse(&b));
        }
        Ok(out)
    }

    /// The power after a group: digits, then an optional `'`.
    fn suffix(&mut self, group: Vec<Token>) -> Result<Vec<Token>, (usize, String)> {
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
            return Err((
                start + 1,
                format!("the sequence expands to more than {MAX_TOKENS} moves"),
            ));
        }
        let group = if self.peek() == Some('\'') {
            self.at += 1;
            inverse(&group)
        } else {
            group
        };
        Ok(group.iter().cloned().cycle().take(n * group.len()).collect())
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
fn inverse(seq: &[Token]) -> Vec<Token> {
    seq.iter()
        .rev()
        .map(|(t, col)| match t.strip_suffix('\'') {
            Some(b) => (b.to_string(), *col),
            None => (format!("{t}'"), *col),
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
}
