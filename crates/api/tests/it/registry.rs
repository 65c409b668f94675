//! One test over the registry: every command refuses unknown fields and
//! every path-like field, has a plan, runs on a small request, and answers
//! one JSON document naming itself; the front ends' side (a CLI subcommand,
//! an HTTP endpoint, a section in docs/json.md) is checked by their own
//! tests against the same list.

use cubist_api::command::{self, Bounds, Picture, COMMANDS};
use cubist_api::memory::MemoryLimit;
use cubist_api::Context;
use serde_json::{json, Value};

use crate::samples::sample;

/// The sample with one more field.
fn with(name: &str, key: &str, value: Value) -> Vec<u8> {
    let mut v = sample(name);
    v.as_object_mut()
        .expect("a request is an object")
        .insert(key.into(), value);
    serde_json::to_vec(&v).unwrap()
}

#[test]
fn names_and_paths_are_unique_and_match() {
    let mut names: Vec<&str> = COMMANDS.iter().map(|c| c.name()).collect();
    let mut paths: Vec<&str> = COMMANDS.iter().map(|c| c.path()).collect();
    names.sort_unstable();
    paths.sort_unstable();
    names.dedup();
    paths.dedup();
    assert_eq!((names.len(), paths.len()), (COMMANDS.len(), COMMANDS.len()));
    for c in COMMANDS {
        // The path is the name's words (flags as words), joined by `/`.
        let words: Vec<&str> = c.name().split(' ').map(|w| w.trim_start_matches('-')).collect();
        let expected = match words.as_slice() {
            ["place", "latin", "square"] => "place/latin/transversals".to_string(),
            w => w.join("/"),
        };
        assert_eq!(c.path(), expected, "{}", c.name());
        assert!(command::find(c.name()).is_some() && command::find_path(c.path()).is_some());
    }
}

#[test]
fn every_command_refuses_unknown_fields_and_paths() {
    for c in COMMANDS {
        let name = c.name();
        let good = serde_json::to_vec(&sample(name)).unwrap();
        assert!(!c.refuses(&good), "{name}: its sample request is refused");
        assert!(
            c.refuses(&with(name, "zz_misspelt", json!(1))),
            "{name}: an unknown field passes"
        );
        // No request names a file or folder on the machine that runs it.
        for key in ["checkpoint", "cache", "cache_dir", "output", "plot", "path", "work"] {
            assert!(
                c.refuses(&with(name, key, json!("/tmp/x"))),
                "{name}: accepts a path in {key:?}"
            );
        }
    }
}

#[test]
fn every_command_plans_and_runs_its_sample() {
    let ctx = Context {
        memory_limit: Some(MemoryLimit {
            bytes: 1 << 30,
            text: "1 GiB (test)".into(),
        }),
        cache_dir: Some(crate::cache_folder()),
        ..Context::default()
    };
    for c in COMMANDS {
        let name = c.name();
        let body = serde_json::to_vec(&sample(name)).unwrap();
        let plan = c
            .admit_json(&body, &ctx, &Bounds::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(m) = &plan.memory {
            assert!(m.bytes > 0 && !m.what.is_empty(), "{name}: {m:?}");
        }
        let doc = c
            .call_json(&body, &ctx, Picture::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let doc: Value = serde_json::from_slice(&doc).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The JSON names the command as typed, without a variant's flag;
        // `stack random`'s document is itself a cube-set file, without the
        // envelope; `merge`'s is the merged census's.
        let typed = name.split(" --").next().unwrap();
        if name == "stack random" {
            assert_eq!(doc["order"], "FBLRTD");
        } else if name == "merge" {
            assert_eq!(doc["command"], "stack census");
            assert_eq!(doc["histogram"], json!({"0": 56}));
        } else {
            assert_eq!(doc["cubist"], cubist_api::VERSION, "{name}");
            assert_eq!(doc["command"], typed, "{name}");
        }
    }
}

#[test]
fn a_plan_above_the_limit_is_refused_before_the_run() {
    // God's algorithm on the 2x2x2 plans 22 MiB of table: refused under 16 MiB.
    let god = command::find("twisty god").unwrap();
    let ctx = Context {
        memory_limit: Some(MemoryLimit {
            bytes: 16 << 20,
            text: "16 MiB (test)".into(),
        }),
        ..Context::default()
    };
    let body = br#"{"puzzle": {"builtin": "2x2x2"}}"#;
    let e = god.call_json(body, &ctx, Picture::default()).unwrap_err();
    assert_eq!(e.kind(), cubist_api::ErrorKind::Limit);
    assert!(e.to_string().contains("16 MiB (test)"), "{e}");
    // The optimal 3x3x3 solver used for scrambles plans its large table
    // (built once, then cached): refused under 512 MiB, as `twisty solve` is.
    let scramble = command::find("twisty scramble").unwrap();
    let ctx = Context {
        memory_limit: Some(MemoryLimit {
            bytes: 512 << 20,
            text: "512 MiB (test)".into(),
        }),
        ..Context::default()
    };
    let body = br#"{"puzzle": {"builtin": "3x3x3"}, "method": "optimal"}"#;
    let e = scramble.call_json(body, &ctx, Picture::default()).unwrap_err();
    assert!(e.to_string().contains("large table"), "{e}");
    let solve = command::find("twisty solve").unwrap();
    let body = br#"{"puzzle": {"builtin": "3x3x3"}, "method": "optimal", "scramble": "R"}"#;
    let e = solve.call_json(body, &ctx, Picture::default()).unwrap_err();
    assert!(e.to_string().contains("large table"), "{e}");
}

#[test]
fn bounds_refuse_long_listings() {
    let scramble = command::find("twisty scramble").unwrap();
    let body = br#"{"puzzle": {"builtin": "pyraminx"}, "count": 1001}"#;
    let bounds = Bounds::server(1000, 1024);
    let e = scramble
        .call_json_bounded(body, &Context::default(), Picture::default(), &bounds)
        .unwrap_err();
    assert!(
        e.to_string().contains("over the limit of 1000 on the web server"),
        "{e}"
    );
}
