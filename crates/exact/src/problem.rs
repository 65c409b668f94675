//! An exact-cover problem as plain data: items, options, colours.
//!
//! The problem is kept apart from the dancing-links engine ([`crate::Dlx`])
//! so that it can be built by hand, read from a file, checked, printed and
//! handed to several engines (one per thread) without sharing mutable links.

use crate::Error;
use std::collections::HashMap;

/// What an item demands of a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Covered by at least `lo` and at most `hi` chosen options
    /// (`lo = hi = 1` is ordinary exact cover).
    Primary {
        /// The fewest times it is covered.
        lo: u32,
        /// The most times it is covered.
        hi: u32,
    },
    /// Covered at most once, or by any number of options that agree on its
    /// colour.
    Secondary,
}

/// An item: a name and a kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Its name, as in a DLX file.
    pub name: String,
    /// Primary (with its bounds) or secondary.
    pub kind: Kind,
}

/// One entry of an option: an item index and its colour (`0` = no colour;
/// colours are numbered from 1 and named in [`Problem::colour_names`]).
pub type Entry = (usize, u32);

/// A problem: items (primary ones first, as in Knuth's programs), options,
/// colour names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    items: Vec<Item>,
    primary: usize,
    options: Vec<Vec<Entry>>,
    colour_names: Vec<String>,
    index: HashMap<String, usize>,
    colour_index: HashMap<String, u32>,
}

impl Problem {
    /// An empty problem.
    pub fn new() -> Problem {
        Problem::default()
    }

    /// Adds an ordinary primary item (covered exactly once).
    pub fn primary(&mut self, name: &str) -> Result<usize, Error> {
        self.primary_bounded(name, 1, 1)
    }

    /// Adds a primary item covered between `lo` and `hi` times
    /// (Algorithm M's multiplicities).
    pub fn primary_bounded(&mut self, name: &str, lo: u32, hi: u32) -> Result<usize, Error> {
        if self.items.len() > self.primary {
            return Err(Error::PrimaryAfterSecondary(name.into()));
        }
        if lo > hi || hi == 0 {
            return Err(Error::BadBounds(name.into(), lo, hi));
        }
        let i = self.add_item(name, Kind::Primary { lo, hi })?;
        self.primary += 1;
        Ok(i)
    }

    /// Adds a secondary item (after all primary ones).
    pub fn secondary(&mut self, name: &str) -> Result<usize, Error> {
        self.add_item(name, Kind::Secondary)
    }

    fn add_item(&mut self, name: &str, kind: Kind) -> Result<usize, Error> {
        if self.index.contains_key(name) {
            return Err(Error::DuplicateItem(name.into()));
        }
        self.index.insert(name.into(), self.items.len());
        self.items.push(Item {
            name: name.into(),
            kind,
        });
        Ok(self.items.len() - 1)
    }

    /// The number of a colour name, creating it on first use.
    pub fn colour(&mut self, name: &str) -> u32 {
        if let Some(&c) = self.colour_index.get(name) {
            return c;
        }
        self.colour_names.push(name.into());
        let c = self.colour_names.len() as u32;
        self.colour_index.insert(name.into(), c);
        c
    }

    /// Adds an option; returns its index. Colours must have been named
    /// with [`Problem::colour`].
    pub fn option(&mut self, entries: &[Entry]) -> Result<usize, Error> {
        if !entries.iter().any(|&(i, _)| i < self.primary) {
            return Err(Error::NoPrimary);
        }
        // Repeats found by sorting, not by scanning: an option may name a
        // million items.
        let mut sorted: Vec<usize> = entries.iter().map(|&(i, _)| i).collect();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            let name = self
                .items
                .get(w[0])
                .map_or_else(|| format!("#{}", w[0]), |it| it.name.clone());
            return Err(Error::RepeatedItem(name));
        }
        for &(i, c) in entries {
            let item = self.items.get(i).ok_or_else(|| Error::UnknownItem(format!("#{i}")))?;
            if c != 0 && i < self.primary {
                return Err(Error::ColouredPrimary(item.name.clone()));
            }
            if c as usize > self.colour_names.len() {
                return Err(Error::UnknownColour(c));
            }
        }
        self.options.push(entries.to_vec());
        Ok(self.options.len() - 1)
    }

    /// Adds an option given by item names, `name` or `name:colour`.
    pub fn option_named(&mut self, names: &[&str]) -> Result<usize, Error> {
        let mut entries = Vec::with_capacity(names.len());
        for n in names {
            let (item, colour) = match n.split_once(':') {
                Some((i, c)) => (i, self.colour(c)),
                None => (*n, 0),
            };
            let i = self.item_index(item).ok_or_else(|| Error::UnknownItem(item.into()))?;
            entries.push((i, colour));
        }
        self.option(&entries)
    }

    /// The index of the item called `name`.
    pub fn item_index(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// All items, primary ones first.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// All options.
    pub fn options(&self) -> &[Vec<Entry>] {
        &self.options
    }

    /// Colour names; colour `c` is `colour_names()[c - 1]`.
    pub fn colour_names(&self) -> &[String] {
        &self.colour_names
    }

    /// Whether some item has bounds other than 1:1 (the problem needs
    /// Algorithm M rather than X or C).
    pub fn has_multiplicities(&self) -> bool {
        self.items
            .iter()
            .any(|i| matches!(i.kind, Kind::Primary { lo, hi } if (lo, hi) != (1, 1)))
    }

    /// An option written the way the DLX file format writes it.
    pub fn option_text(&self, k: usize) -> String {
        let words: Vec<String> = self.options[k]
            .iter()
            .map(|&(i, c)| match c {
                0 => self.items[i].name.clone(),
                c => format!("{}:{}", self.items[i].name, self.colour_names[c as usize - 1]),
            })
            .collect();
        words.join(" ")
    }
}

/// The independent checker: does this set of options solve the problem?
///
/// It counts, item by item, how often the chosen options use it, and
/// compares with the bounds and colours; it shares nothing with the
/// dancing-links code, so a bug there cannot hide here.
pub fn check(problem: &Problem, solution: &[usize]) -> Result<(), Error> {
    let fail = |why: String| Err(Error::NotASolution(why));
    let n = problem.items.len();
    let mut uses = vec![0u32; n];
    let mut colour: Vec<Option<u32>> = vec![None; n];
    for &o in solution {
        let Some(opt) = problem.options.get(o) else {
            return fail(format!("no option {o}"));
        };
        for &(i, c) in opt {
            uses[i] += 1;
            if problem.items[i].kind == Kind::Secondary {
                match colour[i] {
                    Some(prev) if prev != c || c == 0 => {
                        return fail(format!(
                            "secondary item `{}` used inconsistently",
                            problem.items[i].name
                        ))
                    }
                    _ => colour[i] = Some(c),
                }
            }
        }
    }
    for (item, &u) in problem.items.iter().zip(&uses) {
        if let Kind::Primary { lo, hi } = item.kind {
            if u < lo || u > hi {
                return fail(format!("item `{}` covered {u} times, not {lo}..={hi}", item.name));
            }
        }
    }
    let mut sorted = solution.to_vec();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return fail("an option is chosen twice".into());
    }
    Ok(())
}
