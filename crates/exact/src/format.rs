//! Knuth's DLX text format, read and written, so that problem files made for
//! his DLX1, DLX2 and DLX3 programs run unchanged.
//!
//! ```text
//! | a comment: any line starting with `|` (blank lines are ignored too)
//! a b 2:3|c | x y        <- the items: primary ones, then `|`, then secondary
//! a x:red                <- one option per line: item names,
//! b c y                  <-   `name:colour` for a coloured secondary item
//! ```
//!
//! A primary item may carry multiplicities as in DLX3: `u:v|name` (covered
//! between u and v times) or `v|name` (exactly v times). Knuth limits names
//! to eight characters; cubist accepts any length, but a name may not
//! contain `:` or `|`. Errors are [`InputError`]s: the file, the line and the
//! column (both from 1, the column in characters); they quote at most an
//! excerpt of a name ([`cubist_io::excerpt`]).
//!
//! ```
//! let p = cubist_exact::parse_dlx("p.dlx", "a b | x\na x:1\nb x:1\nb\n").unwrap();
//! assert_eq!(p.options().len(), 3);
//! let e = cubist_exact::parse_dlx("p.dlx", "a b\na c\n").unwrap_err();
//! assert_eq!(e.to_string(), "p.dlx:2:3: unknown item `c`");
//! ```

use crate::problem::Problem;
use crate::Error;
use cubist_io::{excerpt, InputError};

/// The white-space separated words of a line with their columns (from 1).
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut col = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let skip = rest.len() - rest.trim_start().len();
        col += rest[..skip].chars().count();
        rest = &rest[skip..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (w, r) = rest.split_at(end);
        let start = col + 1;
        col += w.chars().count();
        rest = r;
        Some((start, w))
    })
}

fn valid_name(s: &str) -> bool {
    !s.is_empty() && !s.contains([':', '|'])
}

/// Parses the text of a DLX problem file; `source` names it in errors.
pub fn parse_dlx(source: &str, text: &str) -> Result<Problem, InputError> {
    let mut p = Problem::new();
    let mut seen_items = false;
    for (ln, line) in text.lines().enumerate() {
        let ln = ln + 1;
        let trimmed = line.trim_start();
        // The item line cannot start with `|` (it needs a primary item),
        // so every line that does is a comment.
        if trimmed.is_empty() || trimmed.starts_with('|') {
            continue;
        }
        let err = |column: usize, what: String| InputError::line_column(source, ln, column, what);
        let build = |column: usize, e: Error| err(column, e.to_string());
        if !seen_items {
            seen_items = true;
            let mut secondary = false;
            for (col, w) in words(line) {
                if w == "|" {
                    if secondary {
                        return Err(err(col, "a second `|` in the item line".into()));
                    }
                    secondary = true;
                    continue;
                }
                if secondary {
                    if !valid_name(w) {
                        return Err(err(col, format!("`{}` is not a secondary item name", excerpt(w))));
                    }
                    p.secondary(w).map_err(|e| build(col, e))?;
                    continue;
                }
                let (lo, hi, name) = match w.split_once('|') {
                    None => (1, 1, w),
                    Some((bounds, name)) => {
                        let num = |s: &str| {
                            s.parse::<u32>().map_err(|_| {
                                err(
                                    col,
                                    format!("`{}` is not a multiplicity in `{}`", excerpt(s), excerpt(w)),
                                )
                            })
                        };
                        match bounds.split_once(':') {
                            Some((u, v)) => (num(u)?, num(v)?, name),
                            None => {
                                let v = num(bounds)?;
                                (v, v, name)
                            }
                        }
                    }
                };
                if !valid_name(name) {
                    return Err(err(col, format!("`{}` is not a primary item", excerpt(w))));
                }
                p.primary_bounded(name, lo, hi).map_err(|e| build(col, e))?;
            }
            if p.primary_count() == 0 {
                return Err(err(1, "the item line names no primary item".into()));
            }
            continue;
        }
        let mut entries = Vec::new();
        let mut named = std::collections::HashSet::new();
        let mut first_col = 1;
        for (k, (col, w)) in words(line).enumerate() {
            if k == 0 {
                first_col = col;
            }
            let (name, colour) = match w.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (w, None),
            };
            let i = p
                .item_index(name)
                .ok_or_else(|| err(col, format!("unknown item `{}`", excerpt(name))))?;
            let c = match colour {
                None => 0,
                Some(c) if valid_name(c) => {
                    if i < p.primary_count() {
                        return Err(err(
                            col,
                            format!("primary item `{}` cannot have a colour", excerpt(name)),
                        ));
                    }
                    p.colour(c)
                }
                Some(c) => return Err(err(col, format!("`{}` is not a colour", excerpt(c)))),
            };
            if !named.insert(i) {
                return Err(err(
                    col,
                    format!("item `{}` appears twice in this option", excerpt(name)),
                ));
            }
            entries.push((i, c));
        }
        p.option(&entries).map_err(|e| build(first_col, e))?;
    }
    if !seen_items {
        return Err(InputError::new(source, "no item line"));
    }
    Ok(p)
}

/// Writes a problem in the DLX format ([`parse_dlx`] reads it back).
pub fn write_dlx(p: &Problem) -> String {
    write_named(p, |k| p.items()[k].name.clone())
}

/// [`write_dlx`] with item `k` renamed `i{k}`: for readers stricter than
/// Knuth's (the `dlx` crate takes only alphanumeric item names).
pub fn write_dlx_numbered(p: &Problem) -> String {
    write_named(p, |k| format!("i{k}"))
}

fn write_named(p: &Problem, name: impl Fn(usize) -> String) -> String {
    use crate::problem::Kind;
    let mut words = Vec::new();
    for (k, item) in p.items().iter().enumerate() {
        if k == p.primary_count() {
            words.push("|".to_string());
        }
        words.push(match item.kind {
            Kind::Primary { lo: 1, hi: 1 } | Kind::Secondary => name(k),
            Kind::Primary { lo, hi } if lo == hi => format!("{hi}|{}", name(k)),
            Kind::Primary { lo, hi } => format!("{lo}:{hi}|{}", name(k)),
        });
    }
    let mut out = words.join(" ");
    out.push('\n');
    for option in p.options() {
        let words: Vec<String> = option
            .iter()
            .map(|&(i, c)| match c {
                0 => name(i),
                c => format!("{}:{}", name(i), p.colour_names()[c as usize - 1]),
            })
            .collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}
