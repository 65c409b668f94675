//! One test over the registry: every command refuses unknown fields and
//! every path-like field, has a plan, runs on a small request, and answers
//! one JSON document naming itself; the front ends' side (a CLI subcommand,
//! an HTTP endpoint, a section in docs/json.md) is checked by their own
//! tests against the same list.

use cubist_api::command::{self, Bounds, Picture, COMMANDS};
use cubist_api::memory::MemoryLimit;
use cubist_api::Context;
use serde_json::{json, Value};

/// McDonnell's set `nu`.
const NU: &str = "order: T D L R F B\n3 1 0 0 2 2\n3 2 2 1 3 0\n3 3 1 1 2 0\n3 0 1 1 3 2\n";

/// A small request for every command of the registry, by name.
pub fn sample(name: &str) -> Value {
    let file = |name: &str, text: &str| json!({"name": name, "text": text});
    match name {
        "stack solve" => json!({"set": file("nu.cubes", NU)}),
        "stack check" => json!({"piles": file("p.txt", "r g b y\ng b y r\n")}),
        "stack random" => json!({"cubes": 4, "seed": 1}),
        "stack export" => json!({"set": file("nu.cubes", NU)}),
        "stack census" => json!({"colours": 3}),
        "cubes list" => json!({"colours": 3}),
        "target cubes" => json!({}),
        "target cube" => json!({"cube": "Fb"}),
        "target solve" => json!({"target": "Cb", "cubes": "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc"}),
        "target census" => json!({"census": "table1", "target": "Cb"}),
        "target family" => json!({"colours": 2}),
        "target extend" => json!({"target": "Cb", "cubes": "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc", "n": 2}),
        "exact" => json!({"file": file("t.dlx", "a b c\na b\nc\na\nb c\n")}),
        "place cube36" => json!({}),
        "place latin" => json!({"n": 4}),
        "place latin --square" => json!({"square": file("c3.txt", "0 1 2\n1 2 0\n2 0 1\n")}),
        "place officers" => json!({"n": 4}),
        "place officers --mates" => json!({"square": file("c3.txt", "0 1 2\n1 2 0\n2 0 1\n")}),
        "twisty list" => json!({}),
        "twisty analyze" => json!({"puzzle": {"builtin": "2x2x2"}, "order_only": true}),
        "twisty export" => json!({"puzzle": {"builtin": "2x2x2"}, "format": "tws"}),
        "twisty random" => json!({"puzzle": {"builtin": "2x2x2"}, "seed": 1}),
        "twisty apply" => json!({"puzzle": {"builtin": "2x2x2"}, "alg": "R U"}),
        "twisty alg" => json!({"puzzle": {"builtin": "2x2x2"}, "moves": "R U R' U'"}),
        "twisty scramble" => json!({"puzzle": {"builtin": "pyraminx"}, "seed": 1}),
        "twisty god" => json!({"puzzle": {"builtin": "three-coins"}}),
        "twisty solve" => json!({"puzzle": {"builtin": "2x2x2"}, "scramble": "R U", "method": "universal"}),
        "twisty check" => json!({"puzzle": {"builtin": "3x3x3"}, "element": "R U"}),
        "twisty shells" => json!({"n": 3}),
        other => panic!("no sample request for {other:?}: add one"),
    }
}

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
        // envelope.
        let typed = name.split(" --").next().unwrap();
        if name == "stack random" {
            assert_eq!(doc["order"], "FBLRTD");
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
