//! The stacking commands: `stack solve`, `stack check`, `stack random`,
//! `stack export`, `stack census` and `cubes list`.
//!
//! Each is one function taking a request (inputs as [`Source`]s) and the
//! [`Context`], returning a report whose `Display` is the command's text
//! and whose `Serialize` is its `--json` document (fields in
//! docs/stack-solve.md and docs/census.md). The searches are
//! `cubist-stack`'s; the pictures are `cubist-render`'s ([`solve_svg`],
//! [`census_svg`]).

use crate::command::{Command, Plan};
use crate::memory::Estimate;
use crate::{Context, Error, Report, Source};

mod census;
mod check;
mod cubes;
mod export;
mod random;
mod solve;

pub use census::*;
pub use check::*;
pub use cubes::*;
use cubist_cube::CubeSet;
use cubist_stack::census::{CensusOptions, CubeNumbers};
use cubist_stack::{Counts, Explanation, Instance, Stats, Tower};
pub use export::*;
pub use random::*;
use serde::{Deserialize, Serialize};
pub use solve::*;
use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

pub use cubist_stack::census::Rule;
pub use cubist_stack::{Method, Mode, Reason, Switches};

/// How `stack solve` writes its text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// cubist's tables, counts and search figures.
    #[default]
    Cubist,
    /// McDonnell's J program's result: every pile of his, in his order, as
    /// J prints the n×4×4 array (the JSON gains `piles`).
    Mcdonnell,
}

/// The face order every report lists faces in.
const FACE_ORDER: &str = "F B L R T D";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    const NU: &str = "order: T D L R F B\n3 1 0 0 2 2\n3 2 2 1 3 0\n3 3 1 1 2 0\n3 0 1 1 3 2\n";

    #[test]
    fn census_json_is_the_derived_value_with_the_envelope_first() {
        let c = census(&CensusRequest::new(3), &Context::default()).unwrap();
        let text = crate::to_json(&c).unwrap();
        assert!(text.starts_with("{\n  \"cubist\": \""), "{text}");
        let got: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut buf = Vec::new();
        crate::write_json(&mut buf, CensusReport::COMMAND, &c).unwrap();
        let want: serde_json::Value = serde_json::from_slice(&buf).unwrap();
        assert_eq!(got, want);
        assert_eq!(got["set_count"], 4060);
    }

    #[test]
    fn a_request_reads_from_json() {
        let body = serde_json::json!({"set": {"name": "nu.cubes", "text": NU}, "mode": {"limit": 1}});
        let req: SolveRequest = serde_json::from_value(body).unwrap();
        let r = solve(&req, &Context::default()).unwrap();
        assert_eq!((r.count, r.solutions.len(), r.mode), (Some(1), 1, "limit"));
        let req: CensusRequest = serde_json::from_value(serde_json::json!({"colours": 2})).unwrap();
        assert_eq!(req.show, 10);
    }

    #[test]
    fn switches_and_format_read_from_json() {
        let body = serde_json::json!({
            "set": {"name": "nu.cubes", "text": NU},
            "method": "blind",
            "mode": "count",
            "switches": {"cut": false},
            "format": "mcdonnell"
        });
        let req: SolveRequest = serde_json::from_value(body).unwrap();
        assert!(req.switches.three_orientations && !req.switches.cut);
        let r = solve(&req, &Context::default()).unwrap();
        assert_eq!(r.stats.paths, Some(331_776));
        assert_eq!(r.piles.as_ref().map(Vec::len), Some(1));
        let bad = serde_json::json!({"set": {"name": "nu.cubes", "text": NU}, "switches": {"cut": false}});
        let req: SolveRequest = serde_json::from_value(bad).unwrap();
        assert_eq!(solve(&req, &Context::default()).unwrap_err().kind(), ErrorKind::Input);
    }

    #[test]
    fn counts_past_u64_are_plain_json_integers() {
        let mut r = solve(&SolveRequest::new(Source::new("nu.cubes", NU)), &Context::default()).unwrap();
        r.orientations = Some(u128::MAX);
        r.patterns = Some(u128::from(u64::MAX) + 1);
        let json = serde_json::to_string(&r).unwrap();
        assert!(
            json.contains(r#""orientations":340282366920938463463374607431768211455,"#),
            "{json}"
        );
        assert!(json.contains(r#""patterns":18446744073709551616,"#), "{json}");
    }

    #[test]
    fn errors_keep_their_kind_and_place() {
        let ctx = Context::default();
        let e = census(&CensusRequest::new(7), &ctx).unwrap_err();
        assert_eq!(
            (e.kind(), e.to_string()),
            (ErrorKind::Input, "--colours must be 1..6, not 7".into())
        );
        let path = std::env::temp_dir().join(format!("cubist-api-stack-{}.ck", std::process::id()));
        std::fs::write(&path, "not a header\n").unwrap();
        let with_checkpoint = Context {
            checkpoint: Some(path.clone()),
            ..Context::default()
        };
        let e = census(&CensusRequest::new(2), &with_checkpoint).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        let json = e.to_json();
        assert_eq!(
            (json["error"]["kind"].as_str(), json["error"]["line"].as_u64()),
            (Some("input"), Some(1))
        );
        assert_eq!(json["error"]["file"], path.display().to_string());
        let planted = RandomRequest {
            cubes: 5,
            colours: Some(4),
            planted: true,
            seed: 1,
        };
        assert_eq!(random(&planted, &ctx).unwrap_err().kind(), ErrorKind::Input);
        let bad = SolveRequest::new(Source::new("bad.cubes", "r g b\n"));
        let json = solve(&bad, &ctx).unwrap_err().to_json();
        assert_eq!(
            json["error"]["message"],
            "bad.cubes:1: expected 6 colour tokens, found 3"
        );
    }
}
