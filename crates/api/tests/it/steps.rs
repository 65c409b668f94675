//! `twisty solve --steps` against `--target`: each step's length is the
//! optimal length of `--target` of that step (the finish: no target) with
//! the moves that keep the steps before, from the state the steps before
//! left; the whole solves the cube (read back by `Cube`, not by the
//! solver); an open EO axis is the shortest of the three; and the
//! refusals.

use cubist_api::twisty::{self, Cube, Method, SolveRequest, TargetRef};
use cubist_api::Context;

/// The moves that keep a step on `axis` (`eo`: EO's; `dr`: the domino
/// group's), written here from the rule, not from the solver.
fn keeping(step: &str, axis: &str) -> Vec<String> {
    let faces = [("ud", ["U", "D"]), ("rl", ["R", "L"]), ("fb", ["F", "B"])];
    faces
        .iter()
        .flat_map(|(a, fs)| {
            let half = (step == "eo") == (*a == axis);
            fs.map(|f| if half { format!("{f}2") } else { f.to_string() })
        })
        .collect()
}

#[test]
fn steps_are_their_targets_one_after_the_other() {
    let ctx = Context {
        cache_dir: Some(crate::cache_folder()),
        ..Context::default()
    };
    let optimal = |scramble: &str, target: Option<String>, moves: Option<Vec<String>>| {
        let req = SolveRequest {
            method: Method::Optimal,
            target: target.map(TargetRef::Named),
            moves,
            ..SolveRequest::new("3x3x3").scramble(scramble)
        };
        let r = twisty::solve(&req, &ctx).unwrap();
        assert!(r.states[0].optimal);
        r.states[0].length
    };
    // The 10th and 8th of `twisty scramble 3x3x3 --count 10 --seed 1`
    // (short finishes, for a quick test), the axes open or given.
    let cases = [
        ("L B' L B L' R F' D' B' D R' B2 U2 L2 D2 F L2 B R2 B", "eo,dr,finish"),
        (
            "L2 F2 L' B2 L' R2 B2 R2 D2 B2 F L U' R B2 F2 U L F2 L2",
            "eo-fb,dr-rl,finish",
        ),
        ("R U F D L2 B R' D2 F' U2 L", "eo-ud,dr"),
    ];
    let mut merged = 0;
    for (scramble, list) in cases {
        let req = SolveRequest {
            steps: Some(list.split(',').map(str::to_string).collect()),
            ..SolveRequest::new("3x3x3").scramble(scramble)
        };
        let r = twisty::solve(&req, &ctx).unwrap();
        let s = &r.states[0];
        let steps = s.steps.as_ref().unwrap();
        assert_eq!(steps.len(), list.split(',').count());
        let mut so_far = scramble.to_string();
        let mut before = "";
        for st in steps {
            let (target, moves) = match st.step {
                "eo" => (Some(format!("eo-{}", st.axis)), None),
                "dr" => (Some(format!("dr-{}", st.axis)), Some(keeping("eo", before))),
                _ => (None, Some(keeping("dr", before))),
            };
            assert_eq!(optimal(&so_far, target, moves), st.length, "{scramble}: {}", st.step);
            assert!(st.optimal);
            so_far = format!("{so_far} {}", st.alg);
            before = st.axis;
        }
        // The whole is the steps one after the other, turns merged where
        // two meet: never longer, the same cube.
        let sum = steps.iter().map(|st| st.length).sum::<usize>();
        assert!(s.length <= sum, "{scramble}: {} over {sum}", s.length);
        merged += usize::from(s.length < sum);
        let done = Cube::from_moves(&so_far).unwrap();
        assert_eq!(Cube::from_moves(&format!("{scramble} {}", s.alg)).unwrap(), done);
        assert_eq!(done.is_solved(), list.ends_with("finish"), "{scramble}");
        if list == "eo,dr,finish" {
            // The open axes give the shortest chain of the three EO axes,
            // each solved with its own axis given (its DR axis open).
            let each = ["fb", "rl", "ud"].map(|a| {
                let req = SolveRequest {
                    steps: Some(vec![format!("eo-{a}"), "dr".into(), "finish".into()]),
                    ..SolveRequest::new("3x3x3").scramble(scramble)
                };
                let r = twisty::solve(&req, &ctx).unwrap();
                r.states[0]
                    .steps
                    .as_ref()
                    .unwrap()
                    .iter()
                    .map(|st| st.length)
                    .sum::<usize>()
            });
            assert_eq!(sum, *each.iter().min().unwrap(), "{scramble}: {each:?}");
        }
    }
    // Two cases lose a move where a step ends with a turn the next starts
    // with (`D` then `D2`; `U D` then `U2`).
    assert_eq!(merged, 2);
    // A state whose shortest chain starts with a longer EO (the 4th of
    // `twisty random 3x3x3 --seed 11 --count 20 --facelets`): each axis's
    // chain solved with its EO axis given, against the open axes' choice.
    let facelets = "LUDUURFLUBDBDRDDUBUFRBFLLRRFFFDDRFBLDBRULRUBDRLBFBFULL";
    let chain = |eo: &str| {
        let req = SolveRequest {
            steps: Some(vec![eo.to_string(), "dr".into(), "finish".into()]),
            facelets: Some(facelets.into()),
            ..SolveRequest::new("3x3x3")
        };
        let r = twisty::solve(&req, &ctx).unwrap();
        let steps = r.states[0].steps.clone().unwrap();
        (steps[0].axis, steps.iter().map(|st| st.length).collect::<Vec<_>>())
    };
    assert_eq!(chain("eo-fb"), ("fb", vec![5, 7, 10]));
    assert_eq!(chain("eo-rl"), ("rl", vec![3, 7, 13]));
    assert_eq!(chain("eo-ud"), ("ud", vec![3, 7, 12]));
    assert_eq!(chain("eo"), ("fb", vec![5, 7, 10]));
    // The refusals.
    let refused = |req: SolveRequest| twisty::solve(&req, &ctx).unwrap_err();
    let steps = |list: &str, puzzle: &str| SolveRequest {
        steps: Some(list.split(',').map(str::to_string).collect()),
        ..SolveRequest::new(puzzle).scramble("R U")
    };
    let e = refused(steps("eo,dr", "2x2x2"));
    assert_eq!(e.kind(), cubist_api::ErrorKind::Input);
    assert!(e.to_string().contains("--steps solves the 3x3x3"), "{e}");
    for (req, says) in [
        (
            SolveRequest {
                target: Some(TargetRef::Named("eo".into())),
                ..steps("eo", "3x3x3")
            },
            "--target",
        ),
        (
            SolveRequest {
                method: Method::TwoPhase,
                ..steps("eo", "3x3x3")
            },
            "--method twophase",
        ),
        (
            SolveRequest {
                moves: Some(vec!["U".into(), "R".into()]),
                ..steps("eo", "3x3x3")
            },
            "--moves",
        ),
        (steps("eo-fb,dr-fb", "3x3x3"), "one of the two other axes"),
        (steps("dr,finish", "3x3x3"), "dr cannot come first"),
        (steps("eo,dr,finish-ud", "3x3x3"), "the finish has no axis"),
    ] {
        let e = refused(req);
        assert_eq!(e.kind(), cubist_api::ErrorKind::Input, "{e}");
        assert!(e.to_string().contains(says), "{e}");
    }
}
