//! A JSON request body gives the same report as the CLI's arguments, and
//! no request can name a path for the library to write.

use cubist_api::{place, stack, target, to_json, Context};

/// A request from JSON text.
fn request<T: serde::de::DeserializeOwned>(json: &str) -> T {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// McDonnell's set `nu` in its file form.
const NU: &str = "order: T D L R F B\\n3 1 0 0 2 2\\n3 2 2 1 3 0\\n3 3 1 1 2 0\\n3 0 1 1 3 2\\n";

#[test]
fn a_stack_solve_request_from_json() {
    let req: stack::SolveRequest = request(&format!(r#"{{"set": {{"name": "nu.cubes", "text": "{NU}"}}}}"#));
    let report = stack::solve(&req, &Context::default()).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&to_json(&report).unwrap()).unwrap();
    assert_eq!(doc["command"], "stack solve");
    assert_eq!(doc["source"], "nu.cubes");
    assert_eq!(doc["count"], 1);
    assert_eq!(doc["solutions"].as_array().map(Vec::len), Some(1));
}

/// A count's progress: its nodes out of Knuth's estimate of its tree, up
/// to the count's own nodes at the end; nothing without a listener, and
/// nothing for a problem the estimate cannot take (multiplicities).
#[test]
fn an_exact_count_tells_its_nodes_out_of_an_estimate() {
    use std::sync::Mutex;
    let text = cubist_exact::write_dlx(&cubist_exact::problems::queens(11));
    let req = place::ExactRequest::new(cubist_api::Source::new("q11.dlx", text));
    let seen: Mutex<Vec<(String, u64, u64)>> = Mutex::new(Vec::new());
    let tell = |p: cubist_api::Progress<'_>| seen.lock().unwrap().push((p.phase.to_string(), p.done, p.total));
    let ctx = Context {
        progress: Some(&tell),
        ..Context::default()
    };
    let report = place::exact(&req, &ctx).unwrap();
    assert_eq!(report.count, 2680);
    let seen = seen.into_inner().unwrap();
    let estimate = cubist_exact::estimate(&cubist_exact::problems::queens(11), 1000, 1)
        .unwrap()
        .nodes as u64;
    assert!(seen.len() > 2, "{seen:?}");
    assert!(seen
        .iter()
        .all(|(phase, done, total)| phase == "search nodes" && *total == estimate.max(*done)));
    assert_eq!(seen.last().unwrap().1, report.node_count);
    // The estimate is of the right size (within a factor 2 here).
    assert!(
        estimate / 2 < report.node_count && report.node_count < estimate * 2,
        "{estimate} {}",
        report.node_count
    );
    // Multiplicities: no estimate, no progress.
    let m = include_str!("../../../../examples/dlx/multiplicity.dlx");
    let calls = std::sync::atomic::AtomicU64::new(0);
    let count = |_: cubist_api::Progress<'_>| {
        calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    let ctx = Context {
        progress: Some(&count),
        ..Context::default()
    };
    let req = place::ExactRequest::new(cubist_api::Source::new("m.dlx", m));
    place::exact(&req, &ctx).unwrap();
    assert_eq!(calls.into_inner(), 0);
}

#[test]
fn an_exact_request_from_json_names_no_checkpoint() {
    let text = "a b c\\na b\\nc\\na\\nb c\\n";
    let req: place::ExactRequest = request(&format!(r#"{{"file": {{"text": "{text}"}}}}"#));
    assert_eq!(req.file.name, "-");
    let report = place::exact(&req, &Context::default()).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&to_json(&report).unwrap()).unwrap();
    assert_eq!(doc["count"], 2);
    // A checkpoint path is not part of the JSON form of a request: the
    // field is unknown, and refused.
    let bad = format!(r#"{{"file": {{"text": "{text}"}}, "checkpoint": "/tmp/x"}}"#);
    let e = serde_json::from_str::<place::ExactRequest>(&bad).unwrap_err();
    assert!(e.to_string().contains("unknown field `checkpoint`"), "{e}");
}

#[test]
fn a_target_solve_request_from_json() {
    let req: target::SolveRequest = request(r#"{"target": "Cb", "cubes": "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc"}"#);
    let report = target::solve(&req, &Context::default()).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&to_json(&report).unwrap()).unwrap();
    assert_eq!(doc["command"], "target solve");
    assert_eq!(doc["count"], 4);
}

#[test]
fn a_cube36_request_from_json() {
    let req: place::Cube36Request = request("{}");
    let report = place::cube36(&req, &Context::default()).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&to_json(&report).unwrap()).unwrap();
    assert_eq!(doc["count"], 96);
    assert_eq!(doc["class_count"], 4);
}

/// A census's lists are capped by `list` and by the web server's bound,
/// its counts whole (the unique sets listed in full agree with the
/// histogram's count, made by orbit weighting).
#[test]
fn census_lists_are_capped_and_counts_whole() {
    use cubist_api::command::{find, Bounds, Picture};
    let entry = find("stack census").unwrap();
    let doc = |body: &str, bounds: &Bounds| -> serde_json::Value {
        let bytes = entry
            .call_json_bounded(body.as_bytes(), &Context::default(), Picture::default(), bounds)
            .unwrap();
        serde_json::from_slice(&bytes).unwrap()
    };
    let all = doc(r#"{"colours": 3}"#, &Bounds::default());
    let unique = all["unique_count"].as_u64().unwrap();
    assert_eq!(Some(unique), all["histogram"]["1"].as_u64());
    assert_eq!(all["unique"].as_array().unwrap().len() as u64, unique);
    assert!(unique > 5);
    let three = doc(r#"{"colours": 3, "list": 3}"#, &Bounds::default());
    assert_eq!(
        three["unique"].as_array().unwrap()[..],
        all["unique"].as_array().unwrap()[..3]
    );
    assert_eq!(three["unique_count"], unique);
    let server = doc(r#"{"colours": 3, "list": 5}"#, &Bounds::server(2, 1024));
    assert_eq!(
        (
            server["unique_count"].as_u64(),
            server["unique"].as_array().unwrap().len()
        ),
        (Some(unique), 2)
    );
}

/// A colour scheme draws the same picture whichever command reaches the
/// state: a scramble's, and the solve of that scramble, equal `twisty
/// apply` of its moves with the same scheme, and differ from the usual
/// colours; Square-1, drawn by its layers, refuses a scheme.
#[test]
fn a_colour_scheme_draws_alike_in_apply_scramble_and_solve() {
    use cubist_api::twisty;
    let ctx = Context::default();
    let scheme = "F=#123456";
    let scrambled = |colours: &str| {
        let req: twisty::ScrambleRequest = request(&format!(
            r#"{{"puzzle": {{"builtin": "pyraminx"}}, "seed": 3, "svg": true {colours}}}"#
        ));
        twisty::scramble(&req, &ctx).unwrap().scrambles.remove(0)
    };
    let plain = scrambled("");
    let coloured = scrambled(&format!(r#", "colours": "{scheme}""#));
    assert_eq!(plain.alg, coloured.alg);
    let svg = coloured.svg.unwrap();
    assert!(svg.contains("#123456") && !plain.svg.unwrap().contains("#123456"));
    let applied: twisty::ApplyRequest = request(&format!(
        r#"{{"puzzle": {{"builtin": "pyraminx"}}, "alg": "{}", "svg": true, "colours": "{scheme}"}}"#,
        coloured.alg
    ));
    assert_eq!(twisty::apply(&applied, &ctx).unwrap().svg.unwrap(), svg);
    let solve: twisty::SolveRequest = request(&format!(
        r#"{{"puzzle": {{"builtin": "pyraminx"}}, "scramble": "{}", "svg": true, "colours": "{scheme}"}}"#,
        coloured.alg
    ));
    assert_eq!(twisty::solve(&solve, &ctx).unwrap().svg.unwrap(), svg);
    let sq1: twisty::SolveRequest =
        request(r#"{"puzzle": {"builtin": "sq1"}, "scramble": "(1,0)", "svg": true, "colours": "U=red"}"#);
    let e = twisty::solve(&sq1, &ctx).unwrap_err().to_string();
    assert_eq!(e, "--colours: Square-1 is drawn by its layers, without faces to colour");
}

/// Square-1 is solved to the cube shape by `target: "cubeshape"` (the
/// report names it, the answer brings the state there, proved fewest in
/// twists); any other target is a usage error that names the one it takes.
#[test]
fn square_one_to_the_cube_shape() {
    use cubist_api::twisty;
    let ctx = Context::default();
    let scramble = "(-5,3)/ (0,-3)/ (-4,5)/ (1,-2)/ (-3,6)/ (-4,2)/ (0,1)/ (-3,-3)/ (0,1)/ (0,4)/ (-4,5)";
    let req: twisty::SolveRequest = request(&format!(
        r#"{{"puzzle": {{"builtin": "sq1"}}, "scramble": "{scramble}", "target": "cubeshape"}}"#
    ));
    let r = twisty::solve(&req, &ctx).unwrap();
    assert_eq!(r.target.as_deref(), Some("cubeshape"));
    let answer = &r.states[0];
    assert_eq!((answer.length, answer.optimal, answer.verified), (4, true, true));
    // Applied after the scramble, the answer leaves both layers square.
    use cubist_twisty::sq1::{Alg, State};
    let after = State::solved()
        .apply(&Alg::parse(&format!("{scramble} {}", answer.alg)).unwrap())
        .unwrap();
    let square =
        |bits: u32| (0..3).any(|r| ((0b1011_0110_1101u32 << r) | (0b1011_0110_1101 >> (12 - r))) & 0xfff == bits);
    assert!(
        square(after.shape() & 0xfff) && square(after.shape() >> 12 & 0xfff),
        "{}",
        answer.alg
    );
    let cross: twisty::SolveRequest =
        request(r#"{"puzzle": {"builtin": "sq1"}, "scramble": "(1,0)/", "target": "cross"}"#);
    let e = twisty::solve(&cross, &ctx).unwrap_err();
    assert!(matches!(e, cubist_api::Error::Usage(_)), "{e}");
    assert!(e.to_string().contains("--target cubeshape"), "{e}");
}

/// Square-1 in the face turn metric (`face_turns`): a short scramble's
/// answer is its inverse's length counted in face turns (each layer turned
/// one, each `/` one), applied after it solves the state, and the report
/// says the metric; other puzzles and other methods refuse it.
#[test]
fn square_one_in_face_turns() {
    use cubist_api::twisty;
    use cubist_twisty::sq1::{Alg, State};
    let ctx = Context::default();
    let scramble = "/(3,0)/(-3,-3)/(0,3)/";
    let req: twisty::SolveRequest = request(&format!(
        r#"{{"puzzle": {{"builtin": "sq1"}}, "scramble": "{scramble}", "face_turns": true}}"#
    ));
    let r = twisty::solve(&req, &ctx).unwrap();
    let answer = &r.states[0];
    assert_eq!((r.metric, r.method), ("face turn", "optimal"));
    assert_eq!((answer.length, answer.optimal), (8, true));
    let alg = Alg::parse(&answer.alg).unwrap();
    assert_eq!(alg.face_turns(), Alg::parse(scramble).unwrap().face_turns());
    let after = State::solved()
        .apply(&Alg::parse(&format!("{scramble} {}", answer.alg)).unwrap())
        .unwrap();
    assert!(after.is_solved(), "{}", answer.alg);
    for bad in [
        r#"{"puzzle": {"builtin": "3x3x3"}, "scramble": "R", "face_turns": true}"#,
        r#"{"puzzle": {"builtin": "sq1"}, "scramble": "/", "face_turns": true, "method": "twophase"}"#,
        r#"{"puzzle": {"builtin": "sq1"}, "scramble": "/", "face_turns": true, "target": "cubeshape"}"#,
    ] {
        let e = twisty::solve(&request(bad), &ctx).unwrap_err();
        assert!(matches!(e, cubist_api::Error::Usage(_)), "{e}");
        assert!(e.to_string().contains("--face-turns"), "{e}");
    }
}
