//! Every family's endpoints answer the CLI's documents, with real values
//! checked independently; bad requests get error documents.

use super::support::{call, example, ok, stable, start};
use cubist_api::{stack, Context, Source};
use cubist_serve::Limits;
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// Each of the four sides of a listed tower shows every colour once.
fn check_tower(solution: &Value, colours: usize) {
    for side in ["F", "B", "L", "R"] {
        let seen: BTreeSet<&str> = solution
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c[side].as_str().unwrap())
            .collect();
        assert_eq!(seen.len(), colours, "side {side} of {solution}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn stacking_solve_is_the_cli_document() {
    let base = start(Limits::default()).await;
    let text = example("examples/instant-insanity.cubes");
    let body = json!({"set": {"name": "instant-insanity.cubes", "text": text}});
    let doc = ok(&base, "/api/v1/stack/solve", body).await;
    assert_eq!(
        (doc["command"].as_str(), doc["count"].as_u64()),
        (Some("stack solve"), Some(1))
    );
    check_tower(&doc["solutions"][0], 4);
    // The same document as the library call the CLI makes (`--json`).
    let direct = stack::solve(
        &stack::SolveRequest::new(Source::new("instant-insanity.cubes", text.as_str())),
        &Context::default(),
    )
    .unwrap();
    let want: Value = serde_json::from_str(&cubist_api::to_json(&direct).unwrap()).unwrap();
    assert_eq!(stable(doc), stable(want));
    // McDonnell's 22-solution set, with the picture, by the number method.
    let body = json!({"set": {"text": example("examples/mcdonnell22.cubes")}, "method": "number"});
    let doc = ok(&base, "/api/v1/stack/solve?svg=true", body).await;
    assert_eq!(doc["distinct"], 22);
    assert_eq!(doc["solutions"].as_array().unwrap().len(), 22);
    for s in doc["solutions"].as_array().unwrap() {
        check_tower(s, doc["colour_count"].as_u64().unwrap() as usize);
    }
    assert!(doc["svg"].as_str().unwrap().starts_with("<svg"), "{}", doc["svg"]);
    // Any listed solution drawn, and none past them.
    let body = json!({"set": {"name": "m22.cubes", "text": example("examples/mcdonnell22.cubes")}});
    let doc = ok(&base, "/api/v1/stack/solve?svg=true&solution=22", body.clone()).await;
    assert!(doc["svg"].as_str().unwrap().contains("m22.cubes: solution 22 of 22"));
    let past = call(
        &base,
        "/api/v1/stack/solve?svg=true&solution=23",
        Some(&body.to_string()),
    )
    .await;
    assert_eq!(past.status, 400, "{}", past.text);
    // A random planted set solves.
    let set = ok(
        &base,
        "/api/v1/stack/random",
        json!({"cubes": 6, "planted": true, "seed": 3}),
    )
    .await;
    let text: Vec<String> = set["cubes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c.as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let doc = ok(&base, "/api/v1/stack/solve", json!({"set": {"text": text.join("\n")}})).await;
    assert_eq!(doc["solved"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn target_building() {
    let base = start(Limits::default()).await;
    let cubes = call(&base, "/api/v1/target/cubes?svg=true", None).await.json();
    assert_eq!(cubes["cubes"].as_array().unwrap().len(), 30);
    assert!(cubes["svg"].as_str().unwrap().starts_with("<svg"));
    let body = json!({"target": "Cb", "cubes": "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc"});
    let doc = ok(&base, "/api/v1/target/solve?svg=true", body).await;
    // The solution number, and the graph model's count computed apart.
    assert_eq!((doc["builds"].as_bool(), doc["count"].as_u64()), (Some(true), Some(4)));
    assert_eq!(doc["graph_model_count"], doc["count"]);
    assert!(doc["svg"].as_str().unwrap().contains("<svg"));
}

#[tokio::test(flavor = "multi_thread")]
async fn placement() {
    let base = start(Limits::default()).await;
    let doc = call(&base, "/api/v1/place/cube36?svg=true&solution=96", None)
        .await
        .json();
    // `cubist place cube36` prints "96 solutions; 4 up to the 24 symmetries".
    assert_eq!(
        (doc["count"].as_u64(), doc["class_count"].as_u64()),
        (Some(96), Some(4))
    );
    assert_eq!(doc["order"], "24");
    assert!(doc["svg"].as_str().unwrap().starts_with("<svg"));
    // Every solution: a Latin square of colours whose 36 (colour, size)
    // towers are all different.
    let sols = doc["solutions"].as_array().unwrap();
    let sizes = doc["sizes"].as_array().unwrap();
    let mut distinct = BTreeSet::new();
    for (g, h) in sols.iter().zip(sizes) {
        let mut towers = BTreeSet::new();
        for r in 0..6 {
            let row: BTreeSet<&str> = (0..6).map(|c| g[r][c].as_str().unwrap()).collect();
            let col: BTreeSet<&str> = (0..6).map(|c| g[c][r].as_str().unwrap()).collect();
            assert_eq!((row.len(), col.len()), (6, 6));
            for c in 0..6 {
                towers.insert((g[r][c].as_str().unwrap(), h[r][c].as_u64().unwrap()));
            }
        }
        assert_eq!(towers.len(), 36);
        distinct.insert(g.to_string());
    }
    assert_eq!(distinct.len(), 96);
    let past = call(&base, "/api/v1/place/cube36?svg=true&solution=97", None).await;
    assert_eq!(past.status, 400, "{}", past.text);
    // Latin squares of order 4: 576 = 4! 3! x 4 reduced ones (counted apart).
    let latin = ok(&base, "/api/v1/place/latin", json!({"n": 4})).await;
    let reduced = ok(&base, "/api/v1/place/latin", json!({"n": 4, "reduced": true})).await;
    assert_eq!(
        (latin["count"].as_u64(), reduced["count"].as_u64()),
        (Some(576), Some(4))
    );
    let officers = ok(&base, "/api/v1/place/officers", json!({"n": 6})).await;
    assert_eq!(officers["exists"], false);
    // Knuth's toy problem: one solution, which covers every item once.
    let text = example("examples/dlx/toy.dlx");
    let doc = ok(
        &base,
        "/api/v1/exact",
        json!({"file": {"name": "toy.dlx", "text": text}, "mode": "all"}),
    )
    .await;
    assert_eq!(doc["count"], 1);
    let mut covered: Vec<&str> = doc["solutions"][0]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|o| o.as_str().unwrap().split_whitespace())
        .collect();
    covered.sort_unstable();
    assert_eq!(covered, ["a", "b", "c", "d", "e", "f", "g"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn twisty_solve_is_checked_by_apply() {
    let base = start(Limits::default()).await;
    let list = call(&base, "/api/v1/twisty/list", None).await.json();
    assert!(list["puzzles"].as_array().unwrap().iter().any(|p| p["name"] == "3x3x3"));
    // The page's icon, where browsers look for it too.
    for path in ["/favicon.svg", "/favicon.ico"] {
        let icon = call(&base, path, None).await;
        assert_eq!(
            (icon.status, icon.headers["content-type"].to_str().unwrap()),
            (200, "image/svg+xml"),
            "{path}"
        );
        assert!(icon.text.starts_with("<svg"), "{path}");
    }
    let order = ok(&base, "/api/v1/twisty/analyze", json!({"puzzle": {"builtin": "2x2x2"}})).await;
    assert_eq!(order["order"], "88179840");
    let solved = |puzzle: &'static str| {
        let base = base.clone();
        async move {
            ok(
                &base,
                "/api/v1/twisty/apply",
                json!({"puzzle": {"builtin": puzzle}, "alg": ""}),
            )
            .await["states"][0]["state"]
                .clone()
        }
    };
    for (puzzle, method, scramble) in [
        ("2x2x2", "optimal", "R U R' F2"),
        ("3x3x3", "twophase", "R U R' U' F2 D L' B"),
        ("pyraminx", "auto", "U L R' B"),
    ] {
        let body = json!({"puzzle": {"builtin": puzzle}, "scramble": scramble, "method": method});
        let doc = ok(&base, "/api/v1/twisty/solve?svg=true", body).await;
        let s = &doc["states"][0];
        assert_eq!(s["verified"], true);
        assert!(doc["svg"].as_str().unwrap().starts_with("<svg"));
        // The scramble then the solution, applied by another command, is solved.
        let alg = format!("{scramble} {}", s["alg"].as_str().unwrap());
        let after = ok(
            &base,
            "/api/v1/twisty/apply",
            json!({"puzzle": {"builtin": puzzle}, "alg": alg}),
        )
        .await;
        assert_eq!(after["states"][0]["state"], solved(puzzle).await, "{puzzle}: {alg}");
        if method == "optimal" {
            assert!(s["length"].as_u64().unwrap() <= 4);
        }
    }
    // A pasted .tws definition.
    let tws = "Name c3\nSet C 3 2\nMove a\nC\n2 3 1\n1 0 1\nEnd\n";
    let doc = ok(
        &base,
        "/api/v1/twisty/analyze",
        json!({"puzzle": {"file": {"name": "c.tws", "text": tws}}}),
    )
    .await;
    assert!(doc["order"].is_string(), "{doc}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_builtin_puzzle_is_named_by_a_string() {
    let base = start(Limits::default()).await;
    // R U and its inverse: the state after both is the solved one.
    let named = ok(&base, "/api/v1/twisty/apply", json!({"puzzle": "3x3x3", "alg": "R U"})).await;
    let tagged = ok(
        &base,
        "/api/v1/twisty/apply",
        json!({"puzzle": {"builtin": "3x3x3"}, "alg": "R U"}),
    )
    .await;
    assert_eq!(stable(named.clone()), stable(tagged));
    let back = ok(
        &base,
        "/api/v1/twisty/apply",
        json!({"puzzle": "3x3x3", "alg": "R U U' R'"}),
    )
    .await;
    let solved = ok(&base, "/api/v1/twisty/apply", json!({"puzzle": "3x3x3", "alg": ""})).await;
    assert_eq!(back["states"][0]["state"], solved["states"][0]["state"]);
    assert_ne!(named["states"][0]["state"], solved["states"][0]["state"]);
    // Not a name: the error says what a puzzle is.
    let a = call(&base, "/api/v1/twisty/solve", Some(r#"{"puzzle": 3}"#)).await;
    assert_eq!(a.status, 400, "{}", a.text);
    let message = a.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("expected a built-in puzzle's name"), "{message}");
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_requests_get_error_documents() {
    let limits = Limits {
        body_bytes: 1000,
        ..Limits::default()
    };
    let base = start(limits).await;
    let expect = |a: super::support::Answer, status: u16, kind: &str| {
        assert_eq!(a.status, status, "{}", a.text);
        let doc = a.json();
        assert_eq!(doc["error"]["kind"], kind, "{doc}");
        assert!(doc["cubist"].is_string());
        doc
    };
    // Malformed JSON: located in the body.
    let doc = expect(
        call(&base, "/api/v1/stack/solve", Some("{\"set\": ")).await,
        400,
        "input",
    );
    assert_eq!(
        (doc["error"]["file"].as_str(), doc["error"]["line"].as_u64()),
        (Some("request"), Some(1))
    );
    expect(
        call(&base, "/api/v1/stack/solve", Some("{\"sett\": 1}")).await,
        400,
        "input",
    );
    expect(call(&base, "/api/v1/stack/solve", Some("[1, 2]")).await, 400, "input");
    // The same error document as the CLI's for the same bad file.
    let bad = "r g b\n";
    let a = call(
        &base,
        "/api/v1/stack/solve",
        Some(&json!({"set": {"name": "bad.cubes", "text": bad}}).to_string()),
    )
    .await;
    let want = stack::solve(
        &stack::SolveRequest::new(Source::new("bad.cubes", bad)),
        &Context::default(),
    )
    .unwrap_err()
    .to_json();
    assert_eq!(expect(a, 400, "input"), want);
    // Text from a field is named by the field, not by the command line's
    // option (`--alg` there).
    let doc = expect(
        call(
            &base,
            "/api/v1/twisty/apply",
            Some(r#"{"puzzle": "3x3x3", "alg": "R U X"}"#),
        )
        .await,
        400,
        "input",
    );
    assert_eq!(
        (doc["error"]["file"].as_str(), doc["error"]["message"].as_str()),
        (Some("alg"), Some("alg: column 5: unknown move \"X\" for 3x3x3"))
    );
    // Limits: the body, a count, a path on the server.
    let big = format!("{{\"set\": {{\"text\": \"{}\"}}}}", "r ".repeat(1000));
    let doc = expect(call(&base, "/api/v1/stack/solve", Some(&big)).await, 413, "limit");
    assert!(
        doc["error"]["message"].as_str().unwrap().contains("1000 bytes"),
        "{doc}"
    );
    expect(
        call(&base, "/api/v1/place/latin", Some(r#"{"n": 3, "sample": 100000}"#)).await,
        422,
        "limit",
    );
    let checkpoint = r#"{"colours": 2, "checkpoint": "/tmp/x"}"#;
    expect(
        call(&base, "/api/v1/stack/census", Some(checkpoint)).await,
        400,
        "input",
    );
    // Unknown endpoints, methods and parameters.
    expect(call(&base, "/api/v1/nothing", None).await, 404, "input");
    expect(call(&base, "/api/v1/stack/solve", None).await, 405, "input");
    expect(call(&base, "/api/v1/twisty/list?colour=1", None).await, 400, "input");
    let index = call(&base, "/api/v1/", None).await.json();
    assert_eq!(
        index["endpoints"].as_array().unwrap().len(),
        cubist_api::command::COMMANDS.len()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_slow_request_is_stopped_at_the_time_limit() {
    let limits = Limits {
        request_time: std::time::Duration::from_millis(50),
        ..Limits::default()
    };
    let base = start(limits).await;
    let a = call(&base, "/api/v1/stack/census", Some(r#"{"colours": 5}"#)).await;
    assert_eq!(a.status, 422, "{}", a.text);
    let doc = a.json();
    assert_eq!(doc["error"]["kind"], "limit");
    assert!(
        doc["error"]["message"].as_str().unwrap().contains("50 ms a request"),
        "{doc}"
    );
}

/// A request whose plan says it would take far longer than the server
/// allows is refused at once, with the estimate, as a request and as a
/// job: the transversals of the cyclic square of order 20 (hours of search);
/// a count of a fraction of a second runs.
#[tokio::test(flavor = "multi_thread")]
async fn work_estimated_far_over_the_time_limit_is_refused_at_once() {
    let base = start(Limits::default()).await;
    let cyclic = |n: usize| {
        let rows: Vec<String> = (0..n)
            .map(|r| (0..n).map(|c| ((r + c) % n).to_string()).collect::<Vec<_>>().join(" "))
            .collect();
        json!({"square": {"name": format!("c{n}.txt"), "text": rows.join("\n")}}).to_string()
    };
    for path in [
        "/api/v1/place/latin/transversals",
        "/api/v1/place/latin/transversals?job=true",
    ] {
        let started = std::time::Instant::now();
        let a = call(&base, path, Some(&cyclic(20))).await;
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(a.status, 422, "{}", a.text);
        let doc = a.json();
        assert_eq!(doc["error"]["kind"], "limit");
        let message = doc["error"]["message"].as_str().unwrap();
        assert!(message.contains("by Knuth's estimate"), "{message}");
        let limit = if path.ends_with("true") { "10 min" } else { "60 s" };
        assert!(message.contains(&format!("the time limit of {limit}")), "{message}");
    }
    let doc = ok(
        &base,
        "/api/v1/place/latin/transversals",
        serde_json::from_str(&cyclic(9)).unwrap(),
    )
    .await;
    assert_eq!(doc["count"], 2025);
}

/// The 3D player's data for the page: the megaminx's 132 stickers, a state
/// per step and a rotation per move, in the user's colours; the faces the
/// cube's R lays open inside; a bad scheme is a 400 naming the face, a
/// puzzle without geometry has none.
#[tokio::test(flavor = "multi_thread")]
async fn twisty_apply_gives_the_player_its_data() {
    let base = start(Limits::default()).await;
    let body = json!({"puzzle": "megaminx", "alg": "F", "player": ["FL", "BR'"], "colours": "F=black"});
    let doc = ok(&base, "/api/v1/twisty/apply?svg=true", body).await;
    let p = &doc["player"];
    assert_eq!(p["stickers"].as_array().unwrap().len(), 132);
    assert_eq!(p["states"].as_array().unwrap().len(), 3);
    let turns = p["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 2);
    // A face turn of the megaminx: its 11 stickers and 15 around it.
    assert_eq!(turns[0]["stickers"].as_array().unwrap().len(), 26);
    assert_eq!(p["faces"][0], "F");
    assert_eq!(p["colours"][0], "#222222");
    assert!(doc["svg"].as_str().unwrap().contains("#222222"));
    // The cube's R opens the plane x = 1/3 across the whole cube: a square
    // of side 2, once turning with the layer and facing into the cube, once
    // still and facing the layer; the rotation x opens nothing.
    let body = json!({"puzzle": "3x3x3", "alg": "U U'", "player": ["R", "x"]});
    let turns = ok(&base, "/api/v1/twisty/apply", body).await["player"]["turns"].clone();
    let cuts = turns[0]["cuts"].as_array().unwrap();
    assert_eq!(cuts.len(), 2);
    for (cut, turning, normal) in [(&cuts[0], true, -1.0), (&cuts[1], false, 1.0)] {
        assert_eq!(cut["turning"], turning);
        assert_eq!(cut["normal"], json!([normal, 0.0, 0.0]));
        let mut corners: Vec<Vec<f64>> = serde_json::from_value(cut["points"].clone()).unwrap();
        corners.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let square = [
            [0.33333, -1.0, -1.0],
            [0.33333, -1.0, 1.0],
            [0.33333, 1.0, -1.0],
            [0.33333, 1.0, 1.0],
        ];
        assert_eq!(corners, square, "{cut}");
    }
    // Counter-clockwise seen from the side each faces: the two run opposite ways.
    let mut back = cuts[1]["points"].as_array().unwrap().clone();
    back.reverse();
    assert_eq!(&back, cuts[0]["points"].as_array().unwrap());
    assert_eq!(turns[1]["cuts"], json!([]));
    // Without `player`, no such field.
    let plain = ok(&base, "/api/v1/twisty/apply", json!({"puzzle": "megaminx", "alg": "F"})).await;
    assert!(plain.get("player").is_none());
    let bad = call(
        &base,
        "/api/v1/twisty/apply",
        Some(r#"{"puzzle": "megaminx", "alg": "F", "colours": "Z=red"}"#),
    )
    .await;
    assert_eq!(bad.status, 400, "{}", bad.text);
    let message = bad.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("megaminx has no face \"Z\""), "{message}");
    let tws = "Name c3\nSet C 3 2\nMove a\nC\n2 3 1\n1 0 1\nEnd\n";
    let flat = call(
        &base,
        "/api/v1/twisty/apply",
        Some(&json!({"puzzle": {"file": {"name": "c.tws", "text": tws}}, "alg": "a", "player": []}).to_string()),
    )
    .await;
    assert_eq!(flat.status, 400, "{}", flat.text);
}
