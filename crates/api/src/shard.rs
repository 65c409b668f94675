//! Shards: one census split into independent parts that several machines
//! (or several jobs of one scheduler) run, and [`merge`](crate::merge)
//! adds up.
//!
//! A census is a sum over independent chunks. `--shard I/N` counts the
//! chunks whose position in the census's own chunk order is I modulo N, so
//! the shards of any N partition the work, and any scheduler that can run
//! a command N times with I = 0..N-1 (a Slurm array, GNU parallel, a
//! Kubernetes indexed job) runs the whole census. A shard's report is a
//! [`Part`]: which shard it is, the request it ran (the census's
//! parameters, which every shard must share) and its exact partial sums.
//!
//! ```
//! use cubist_api::shard::Shard;
//!
//! let s: Shard = "2/8".parse().unwrap();
//! assert_eq!((s.index, s.count), (2, 8));
//! assert!(s.owns(10) && !s.owns(11));
//! assert_eq!("8/8".parse::<Shard>().unwrap_err(), "the shard index must be below the count (0 to 7), not 8");
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Error, Report};

/// The most shards a census may be split into.
pub const MAX_SHARDS: u64 = 1_000_000;

/// Shard `index` of `count` (from 0): the chunks whose position in the
/// census's chunk order is `index` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    /// I, from 0 to `count` - 1.
    pub index: u64,
    /// N, from 1 to [`MAX_SHARDS`].
    pub count: u64,
}

impl Shard {
    /// Shard `index` of `count`, checked.
    pub fn new(index: u64, count: u64) -> Result<Shard, String> {
        if count == 0 || count > MAX_SHARDS {
            return Err(format!("the shard count must be 1 to {MAX_SHARDS}, not {count}"));
        }
        if index >= count {
            return Err(format!(
                "the shard index must be below the count (0 to {}), not {index}",
                count - 1
            ));
        }
        Ok(Shard { index, count })
    }

    /// The shard checked again, as a request read from JSON may hold
    /// anything: bad usage naming the flag otherwise.
    pub fn check(&self) -> Result<Shard, Error> {
        Shard::new(self.index, self.count).map_err(|e| Error::Usage(format!("--shard {self}: {e}")))
    }

    /// Whether the part at `position` of the census's order is this shard's.
    pub fn owns(&self, position: usize) -> bool {
        position as u64 % self.count == self.index
    }

    /// `(index, count)` as the libraries take it.
    pub fn pair(&self) -> (usize, usize) {
        (self.index as usize, self.count as usize)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N`: two whole numbers, 0 <= I < N <= [`MAX_SHARDS`].
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || "expected I/N, shard I of N: two whole numbers with 0 <= I < N".to_string();
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !digits(i) || !digits(n) {
            return Err(bad());
        }
        // Digits that overflow are above any bound: say so with the text given.
        let count: u64 = n
            .parse()
            .map_err(|_| format!("the shard count must be 1 to {MAX_SHARDS}, not {n}"))?;
        let index: u64 = i.parse().unwrap_or(u64::MAX);
        Shard::new(index, count).map_err(|e| e.replace(&u64::MAX.to_string(), i))
    }
}

/// A shard's report: which shard, the request it ran (without the shard:
/// the parameters every shard of the census shares) and its partial sums.
/// Its JSON document is `{"cubist", "command", "shard", "request",
/// "partial"}`; [`merge`](crate::merge) reads it back.
#[derive(Clone, Debug, Serialize)]
pub struct Part<P> {
    /// Which shard this is.
    pub shard: Shard,
    /// The census's request, as JSON (every field written, the shard left out).
    pub request: serde_json::Value,
    /// The exact sums of the shard's chunks: what merging needs.
    pub partial: P,
}

impl<P> Part<P> {
    /// The part of shard `shard` of the census `request`.
    pub fn new<Q: Serialize>(shard: Shard, request: &Q, partial: P) -> Result<Part<P>, Error> {
        let mut request =
            serde_json::to_value(request).map_err(|e| Error::Internal(format!("cannot write the request: {e}")))?;
        if let Some(fields) = request.as_object_mut() {
            fields.remove("shard");
        }
        Ok(Part {
            shard,
            request,
            partial,
        })
    }
}

impl<P: Serialize> Part<P> {
    /// The part's JSON document, the envelope's fields first and each
    /// field on one line: a document for `merge`, whose partial sums may
    /// list millions of sets (written one number per line, they would take
    /// ten times the room).
    pub fn write_json(&self, w: &mut dyn std::io::Write, command: &'static str) -> serde_json::Result<()> {
        let line = |name: &str, value: String| format!("  \"{name}\": {value}");
        let lines = [
            line("cubist", serde_json::to_string(crate::VERSION)?),
            line("command", serde_json::to_string(command)?),
            line("shard", serde_json::to_string(&self.shard)?),
            line("request", serde_json::to_string(&self.request)?),
            line("partial", serde_json::to_string(&self.partial)?),
        ];
        let doc = format!("{{\n{}\n}}\n", lines.join(",\n"));
        w.write_all(doc.as_bytes()).map_err(serde_json::Error::io)
    }
}

/// A census's report: the whole census's, or one shard's part of it.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Outcome<W, P> {
    /// The census run whole (no `shard` in the request).
    Whole(W),
    /// One shard's part, to be merged.
    Shard(Part<P>),
}

impl<W, P> Outcome<W, P> {
    /// The whole census's report, `None` for a shard's part.
    pub fn whole(&self) -> Option<&W> {
        match self {
            Outcome::Whole(w) => Some(w),
            Outcome::Shard(_) => None,
        }
    }
}

impl<W: Report, P: Serialize> fmt::Display for Outcome<W, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Whole(w) => w.fmt(f),
            Outcome::Shard(p) => writeln!(
                f,
                "shard {} of {} of `cubist {}`: its partial sums are in its --json document; \
                 `cubist merge` the documents of all {} shards for the census's report",
                p.shard.index,
                p.shard.count,
                W::COMMAND,
                p.shard.count
            ),
        }
    }
}

impl<W: Report, P: Serialize> Report for Outcome<W, P> {
    const COMMAND: &'static str = W::COMMAND;

    fn write_json(&self, w: &mut dyn std::io::Write) -> serde_json::Result<()> {
        match self {
            Outcome::Whole(r) => r.write_json(w),
            Outcome::Shard(p) => p.write_json(w, W::COMMAND),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_with_exact_messages() {
        assert_eq!("0/1".parse::<Shard>(), Ok(Shard { index: 0, count: 1 }));
        assert_eq!("999999/1000000".parse::<Shard>().unwrap().index, 999_999);
        let bad = "expected I/N, shard I of N: two whole numbers with 0 <= I < N";
        for s in ["x/2", "1/2/3", "", "1", "-1/2", "1/ 2", "+1/2"] {
            assert_eq!(s.parse::<Shard>().unwrap_err(), bad, "{s}");
        }
        assert_eq!(
            "3/3".parse::<Shard>().unwrap_err(),
            "the shard index must be below the count (0 to 2), not 3"
        );
        assert_eq!(
            "0/0".parse::<Shard>().unwrap_err(),
            "the shard count must be 1 to 1000000, not 0"
        );
        assert_eq!(
            "0/99999999999999999999999".parse::<Shard>().unwrap_err(),
            "the shard count must be 1 to 1000000, not 99999999999999999999999"
        );
        let e = Shard { index: 4, count: 2 }.check().unwrap_err();
        assert_eq!(
            e.to_string(),
            "--shard 4/2: the shard index must be below the count (0 to 1), not 4"
        );
    }
}
