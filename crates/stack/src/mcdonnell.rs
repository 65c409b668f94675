//! McDonnell's J program of "Four Cubes Redux", reproduced step by step:
//! his piles in his order ([`piles`]), and his function `s` on partial
//! piles ([`check_pile`], [`parse_piles`]).
//!
//! **Belts.** A belt is a circuit of four faces. His constant `b` lists the
//! three basic belts in his face order top, bottom, left, right, front,
//! back: `0 2 1 3` (top, left, bottom, right), `0 4 1 5` (top, front,
//! bottom, back), `2 4 3 5` (left, front, right, back). Around the tower a
//! belt's four colours are read front, left, back, right (its first and
//! third faces are opposite, and so are its second and fourth).
//!
//! **His `a`** gives a cube's 24 belts: the three basic belts, then the
//! three reversed, each repeated four times and row k rotated left by k,
//! that is every rotation of each of the six in turn; `o` removes the
//! duplicates (J's nub `~.`, which keeps first occurrences).
//!
//! **His `x`** takes the last cube's three basic belts as they are (no nub):
//! the seed piles, one cube high.
//!
//! **His `o` and `s`.** Inserted between the rows from the bottom up, each
//! step puts every belt of the next cube (in nub order) on top of every pile
//! so far (in their order), and `s` keeps the piles in which no column shows
//! a colour twice. The result is his n×4×4 array of piles, the first cube's
//! belt on the first row and the base on the last.
//!
//! So his count is the number of piles; [`crate::mcdonnell_count`] counts
//! the same thing another way (the last cube on its three belts, the others
//! on their distinct side arrays), and the tests compare the two.

use crate::Instance;
use cubist_cube::{Colour, Cube, Face};
use cubist_io::{InputError, LimitError};

/// One pile: per cube (the first cube of the set first, the base last) the
/// belt it shows, as four colours around the tower.
pub type Pile = Vec<[Colour; 4]>;

/// His face order: top, bottom, left, right, front, back.
const HIS: [Face; 6] = [Face::T, Face::D, Face::L, Face::R, Face::F, Face::B];

/// His constant `b`, as three belts of indices into [`HIS`].
const BASIC: [[usize; 4]; 3] = [[0, 2, 1, 3], [0, 4, 1, 5], [2, 4, 3, 5]];

/// Piles his program may hold between two steps, at most.
pub const PILES_MAX: usize = 1_000_000;

/// The three basic belts of a cube (his `x`, for the base).
pub fn basic_belts(cube: &Cube) -> [[Colour; 4]; 3] {
    BASIC.map(|b| b.map(|k| cube.face(HIS[k])))
}

/// His `~. a`: a cube's belts, every rotation of the three basic belts and
/// of their reversals, duplicates removed, in his order.
pub fn belts(cube: &Cube) -> Vec<[Colour; 4]> {
    let basic = basic_belts(cube);
    let six = basic
        .iter()
        .copied()
        .chain(basic.iter().map(|b| [b[3], b[2], b[1], b[0]]));
    let mut out: Vec<[Colour; 4]> = Vec::with_capacity(24);
    for belt in six {
        for r in 0..4 {
            let turned = std::array::from_fn(|i| belt[(i + r) % 4]);
            if !out.contains(&turned) {
                out.push(turned);
            }
        }
    }
    out
}

/// His `s` on one pile: `Ok` when no column shows a token twice, else the
/// first column (from 1) that does, the token, and the two rows (from 1).
pub fn check_pile<T: PartialEq + Clone>(pile: &[[T; 4]]) -> Result<(), Repeat<T>> {
    for column in 0..4 {
        for (j, row) in pile.iter().enumerate() {
            if let Some(i) = pile[..j].iter().position(|r| r[column] == row[column]) {
                return Err(Repeat {
                    column: column + 1,
                    colour: row[column].clone(),
                    rows: [i + 1, j + 1],
                });
            }
        }
    }
    Ok(())
}

/// Why [`check_pile`] rejects a pile.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Repeat<T> {
    /// The column, from 1 (the side of the tower: front, left, back, right).
    pub column: usize,
    /// The colour shown twice.
    pub colour: T,
    /// The two rows (cubes from the top, from 1) that show it.
    pub rows: [usize; 2],
}

/// His program's result: every pile, in his order. Refused when a step
/// would hold more than [`PILES_MAX`] piles (his program is exponential).
pub fn piles(inst: &Instance) -> Result<Vec<Pile>, LimitError> {
    piles_traced(inst).map(|(piles, _)| piles)
}

/// The sizes his article's APL listing prints as his program runs ("the shapes of
/// the intermediate arrays"): the belts of each cube once duplicates are
/// removed, and the number of piles before and after each `s`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Trace {
    /// Per cube, the first first and the base last: its belts (the base's
    /// three basic belts; every other cube's distinct belts, at most 24).
    pub belts: Vec<usize>,
    /// From the base up: the seed piles (3), then per cube the piles
    /// formed (its belts on every pile) and those `s` keeps.
    pub piles: Vec<usize>,
}

impl Trace {
    /// His article's figures on one line each: `belts 16 24 24 3` and
    /// `piles 3 -> 72 -> 28 -> 672 -> 45 -> 720 -> 1`.
    pub fn text(&self) -> String {
        let join = |v: &[usize], sep: &str| v.iter().map(usize::to_string).collect::<Vec<_>>().join(sep);
        format!(
            "belts {}\npiles {}\n",
            join(&self.belts, " "),
            join(&self.piles, " -> ")
        )
    }
}

/// [`piles`] with the sizes of every step ([`Trace`]).
pub fn piles_traced(inst: &Instance) -> Result<(Vec<Pile>, Trace), LimitError> {
    let cubes = inst.cubes();
    let Some(base) = cubes.last() else {
        return Ok((
            vec![],
            Trace {
                belts: vec![],
                piles: vec![],
            },
        ));
    };
    let mut piles: Vec<Pile> = basic_belts(base).into_iter().map(|b| vec![b]).collect();
    let mut belt_counts = vec![piles.len()];
    let mut sizes = vec![piles.len()];
    for cube in cubes[..cubes.len() - 1].iter().rev() {
        let bs = belts(cube);
        let size = bs.len().saturating_mul(piles.len());
        if size > PILES_MAX {
            return Err(LimitError::new(
                "McDonnell's program on this set",
                format!("{size} piles at one step"),
                PILES_MAX,
            ));
        }
        let mut next = Vec::new();
        for b in &bs {
            for p in &piles {
                let mut q = Vec::with_capacity(p.len() + 1);
                q.push(*b);
                q.extend_from_slice(p);
                if check_pile(&q).is_ok() {
                    next.push(q);
                }
            }
        }
        belt_counts.push(bs.len());
        sizes.extend([size, next.len()]);
        piles = next;
    }
    belt_counts.reverse();
    Ok((
        piles,
        Trace {
            belts: belt_counts,
            piles: sizes,
        },
    ))
}

/// Piles as J prints his n×4×4 result: a row per belt, a blank line
/// between piles. Integer tokens are right-aligned in columns and separated
/// by blanks (a numeric array), single characters are written together (a
/// character array), other tokens are left-aligned and separated by blanks
/// (his symbols, without the backquote).
pub fn j_text(piles: &[Vec<[String; 4]>]) -> String {
    let tokens = || piles.iter().flatten().flatten();
    let numeric = tokens().all(|t| t.parse::<i64>().is_ok());
    let chars = tokens().all(|t| t.chars().count() == 1);
    let widths: [usize; 4] =
        std::array::from_fn(|c| piles.iter().flatten().map(|r| r[c].chars().count()).max().unwrap_or(0));
    let row = |r: &[String; 4]| -> String {
        if numeric {
            (0..4)
                .map(|c| format!("{:>w$}", r[c], w = widths[c]))
                .collect::<Vec<_>>()
                .join(" ")
        } else if chars {
            r.concat()
        } else {
            let s: Vec<String> = (0..4).map(|c| format!("{:<w$}", r[c], w = widths[c])).collect();
            s.join(" ").trim_end().to_string()
        }
    };
    let blocks: Vec<String> = piles
        .iter()
        .map(|p| p.iter().map(|r| row(r) + "\n").collect())
        .collect();
    blocks.join("\n")
}

/// Partial piles as text: one row of four colours per line (four tokens, or
/// one word of four characters, as J prints a character table), piles
/// separated by blank lines; `#` starts a comment. Errors name the line and
/// column.
pub fn parse_piles(bytes: &[u8], source: &str) -> Result<Vec<Vec<[String; 4]>>, InputError> {
    let text = cubist_io::decode_utf8(source, bytes)?;
    let mut piles: Vec<Vec<[String; 4]>> = Vec::new();
    let mut current: Vec<[String; 4]> = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        if line.trim().is_empty() {
            // A comment line does not end a pile; a blank one does.
            if raw.trim().is_empty() && !current.is_empty() {
                piles.push(std::mem::take(&mut current));
            }
            continue;
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let row: Vec<String> = match tokens.as_slice() {
            [word] if word.chars().count() == 4 => word.chars().map(String::from).collect(),
            t if t.len() == 4 => t.iter().map(|s| s.to_string()).collect(),
            t => {
                let column = raw.chars().take_while(|c| c.is_whitespace()).count() + 1;
                return Err(InputError::line_column(
                    source,
                    k + 1,
                    column,
                    format!(
                        "expected a belt of 4 colours (4 tokens, or one word of 4 letters), found {} token{}",
                        t.len(),
                        if t.len() == 1 { "" } else { "s" }
                    ),
                ));
            }
        };
        current.push(row.try_into().expect("four colours"));
    }
    if !current.is_empty() {
        piles.push(current);
    }
    if piles.is_empty() {
        return Err(InputError::new(source, "no piles: the file is empty"));
    }
    Ok(piles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cube_with_six_colours_has_24_belts_and_a_monochrome_one_1() {
        assert_eq!(belts(&Cube::from_indices([0, 1, 2, 3, 4, 5])).len(), 24);
        assert_eq!(belts(&Cube::from_indices([0; 6])).len(), 1);
    }

    /// His article's APL shapes, on the commercial Instant Insanity set in
    /// the order 1, 4, 3, 2; the piles he ends with are the count computed
    /// the other way.
    #[test]
    fn his_printed_shapes_on_instant_insanity() {
        let text = include_bytes!("../../../examples/instant-insanity-1432.cubes");
        let inst = Instance::new(cubist_cube::parse_cube_set(text, "ii").unwrap());
        let (piles, trace) = piles_traced(&inst).unwrap();
        assert_eq!(trace.belts, [16, 24, 24, 3]);
        assert_eq!(trace.piles, [3, 72, 28, 672, 45, 720, 1]);
        assert_eq!(piles.len() as u128, crate::mcdonnell_count(&inst));
        assert_eq!(
            trace.text(),
            "belts 16 24 24 3\npiles 3 -> 72 -> 28 -> 672 -> 45 -> 720 -> 1\n"
        );
    }

    #[test]
    fn his_s_on_his_t() {
        // His two 3-high stacks t (rows brwg wwgr rgbg / brwg wwgr rbbw).
        let t = parse_piles(b"brwg\nwwgr\nrgbg\n\nbrwg\nwwgr\nrbbw\n", "t").unwrap();
        assert_eq!(t.len(), 2);
        let e = check_pile(&t[0]).unwrap_err();
        assert_eq!((e.column, e.colour.as_str(), e.rows), (4, "g", [1, 3]));
        assert!(check_pile(&t[1]).is_ok());
        let bad = parse_piles(b"brwg\nwwg r x\n", "p").unwrap_err();
        assert_eq!((bad.line, bad.column), (Some(2), Some(1)));
    }
}
