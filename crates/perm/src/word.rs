//! Words over named generators: `"R U R' U'"`, `"a b2 c'"`, parsed, inverted,
//! concatenated and evaluated to a permutation (or a wreath element).
//!
//! Grammar: words are separated by whitespace (and optional commas); each token
//! is a generator name followed by an optional power: digits, a `'` (inverse), or
//! digits then `'` (`R2'` is `R^-2`). Names are matched longest first, so a name
//! may itself end in digits (`X_1`, `X_12`) as long as the alphabet is unambiguous.
//!
//! ```
//! use cubist_perm::{word::Word, Perm};
//!
//! let names = ["a", "b"];
//! let w = Word::parse("a b' a2", &names).unwrap();
//! assert_eq!(w.format(&names), "a b' a2");
//! assert_eq!(w.inverse().format(&names), "a2' b a'");
//! let gens = [Perm::from_cycles(3, &[vec![0, 1]]).unwrap(), Perm::from_cycles(3, &[vec![0, 1, 2]]).unwrap()];
//! assert!(w.then(&w.inverse()).evaluate(&gens).is_identity());
//! assert!(Word::parse("a c", &names).is_err());
//! ```

use crate::perm::{Error, Perm};
use crate::wreath::Wreath;

/// A product of generator powers, read left to right (first letter applied first).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Word {
    letters: Vec<(usize, i64)>,
}

impl Word {
    /// The empty word.
    pub fn new() -> Word {
        Word::default()
    }

    /// A word from `(generator index, power)` pairs.
    pub fn from_letters(letters: Vec<(usize, i64)>) -> Word {
        Word { letters }
    }

    /// The `(generator index, power)` pairs.
    pub fn letters(&self) -> &[(usize, i64)] {
        &self.letters
    }

    /// The number of letters.
    pub fn len(&self) -> usize {
        self.letters.len()
    }

    /// True for the empty word.
    pub fn is_empty(&self) -> bool {
        self.letters.is_empty()
    }

    /// Parses `text` over the alphabet `names` (generator `i` is `names[i]`).
    /// Errors name the column (1-based, in characters) of the bad token.
    pub fn parse(text: &str, names: &[&str]) -> Result<Word, Error> {
        let mut letters = Vec::new();
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i].is_whitespace() || chars[i] == ',' {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && chars[i] != ',' {
                i += 1;
            }
            let token: String = chars[start..i].iter().collect();
            letters.push(parse_token(&token, names).map_err(|e| {
                let token = cubist_io::excerpt(&token);
                Error::new(format!("column {}: {} in move {token:?}", start + 1, e.message()))
            })?);
        }
        Ok(Word { letters })
    }

    /// The word written with `names`, powers as `x`, `x'`, `x2`, `x2'`.
    pub fn format(&self, names: &[&str]) -> String {
        let tokens: Vec<String> = self
            .letters
            .iter()
            .map(|&(g, p)| match p {
                1 => names[g].to_string(),
                -1 => format!("{}'", names[g]),
                p if p < 0 => format!("{}{}'", names[g], -p),
                p => format!("{}{}", names[g], p),
            })
            .collect();
        tokens.join(" ")
    }

    /// The inverse word: letters reversed, powers negated.
    pub fn inverse(&self) -> Word {
        Word {
            letters: self.letters.iter().rev().map(|&(g, p)| (g, -p)).collect(),
        }
    }

    /// This word followed by `other`.
    pub fn then(&self, other: &Word) -> Word {
        Word {
            letters: self.letters.iter().chain(&other.letters).copied().collect(),
        }
    }

    /// Eidswick's commutator `[self, other] = self other self^-1 other^-1`.
    pub fn commutator(&self, other: &Word) -> Word {
        self.then(other).then(&self.inverse()).then(&other.inverse())
    }

    /// Eidswick's conjugate `self other self^-1`.
    pub fn conjugate(&self, other: &Word) -> Word {
        self.then(other).then(&self.inverse())
    }

    /// The permutation the word stands for. Panics if a generator index is out
    /// of range (words from [`Word::parse`] over the same alphabet never are).
    pub fn evaluate(&self, gens: &[Perm]) -> Perm {
        let degree = gens.first().map_or(0, Perm::degree);
        self.letters
            .iter()
            .fold(Perm::identity(degree), |acc, &(g, p)| acc.then(&gens[g].pow(p)))
    }

    /// The wreath element the word stands for (`gens` non-empty, one group).
    pub fn evaluate_wreath(&self, gens: &[Wreath]) -> Wreath {
        let id = Wreath::identity(gens[0].degree(), gens[0].modulus());
        self.letters.iter().fold(id, |acc, &(g, p)| acc.then(&gens[g].pow(p)))
    }
}

fn parse_token(token: &str, names: &[&str]) -> Result<(usize, i64), Error> {
    let mut best: Option<(usize, usize)> = None;
    for (g, name) in names.iter().enumerate() {
        if !name.is_empty() && token.starts_with(name) && best.is_none_or(|(_, len)| name.len() > len) {
            best = Some((g, name.len()));
        }
    }
    let Some((g, len)) = best else {
        return Err(Error::new("unknown generator"));
    };
    let suffix = &token[len..];
    let (digits, inverse) = match suffix.strip_suffix('\'') {
        Some(d) => (d, true),
        None => (suffix, false),
    };
    let power: i64 = if digits.is_empty() {
        1
    } else if digits.bytes().all(|b| b.is_ascii_digit()) {
        digits.parse().map_err(|_| Error::new("power too large"))?
    } else {
        return Err(Error::new(format!("bad power {:?}", cubist_io::excerpt(suffix))));
    };
    Ok((g, if inverse { -power } else { power }))
}
