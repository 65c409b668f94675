//! `twisty solve --moves` with slice moves, rotations and wide moves in the
//! scramble: the state is taken relative to the pieces the given moves never
//! turn, and it is either solved with those moves or refused with a clear
//! error (exit 2) saying it is outside their group — never a panic, a hang
//! or a message about orbits the user did not ask about.

use std::process::Command;

use crate::support::{cache_home, ok};

/// Exit code, standard output and standard error of `cubist ARGS`.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(args)
        .env("XDG_CACHE_HOME", cache_home())
        .output()
        .expect("cubist runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The solution `twisty solve PUZZLE --moves MOVES --scramble S` prints.
fn solution(puzzle: &str, moves: &str, scramble: &str) -> String {
    solution_by(puzzle, moves, scramble, "auto")
}

/// The same with a method.
fn solution_by(puzzle: &str, moves: &str, scramble: &str, method: &str) -> String {
    let out = ok(&[
        "twisty",
        "solve",
        puzzle,
        "--moves",
        moves,
        "--scramble",
        scramble,
        "--method",
        method,
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    // A solved state says so instead of printing an empty line.
    let moves = if lines[0] == "# already solved" { "" } else { lines[0] };
    let n = moves.split_whitespace().count();
    // The optimal method (also `auto`'s choice for small puzzles) says its
    // length is proved; the others never do.
    let proof = if lines[1].ends_with(", proved optimal") {
        ", proved optimal"
    } else {
        ""
    };
    if method == "universal" || method == "twophase" {
        assert_eq!(proof, "", "{out}");
    }
    assert_eq!(lines[1], format!("length {n}, verified{proof}"));
    moves.to_string()
}

/// Independent check: the scramble, the solution, then the rotation that
/// the re-orientation undid, leave every piece home (`twisty apply` of the
/// whole sequence prints the same state as the empty one).
fn solves(puzzle: &str, scramble: &str, sol: &str, rotation: &str) {
    let all = format!("{scramble} {sol} {rotation}");
    let home = ok(&["twisty", "apply", puzzle, "--alg", ""]);
    let body = |s: String| s.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>().join("\n");
    assert_eq!(
        body(ok(&["twisty", "apply", puzzle, "--alg", &all])),
        body(home),
        "{puzzle}: {all}"
    );
}

/// Asserts the run is refused as outside the group of `moves`.
fn outside(puzzle: &str, moves: &str, scramble: &str) -> String {
    let (code, out, err) = run(&["twisty", "solve", puzzle, "--moves", moves, "--scramble", scramble]);
    assert_eq!(code, 2, "{puzzle} {moves} {scramble}: {out}{err}");
    assert!(out.is_empty(), "{out}");
    let names = moves.replace(',', ", ");
    let expected = format!(
        "relative to the pieces {names} never move, the state is not in the group they generate: these moves cannot solve it"
    );
    assert!(err.contains(&expected), "{puzzle} {moves} {scramble}: {err}");
    assert!(!err.contains("panicked") && !err.contains("internal"), "{err}");
    err
}

#[test]
fn the_3x3x3_is_held_by_its_centres() {
    // x alone turns the whole cube: nothing to do.
    assert_eq!(solution("3x3x3", "U,R", "x"), "");
    // x R: R turns the same face after x; relative to the centres it is R.
    let s = solution("3x3x3", "U,R", "x R");
    assert_eq!(s, "R'");
    solves("3x3x3", "x R", &s, "x'");
    // Rw is L x: relative to the centres, L.
    let s = solution("3x3x3", "U,L", "Rw");
    assert_eq!(s, "L'");
    solves("3x3x3", "Rw", &s, "x'");
    // M is R L' x': relative to the centres, R L'.
    let s = solution_by("3x3x3", "R,L", "M", "optimal");
    assert_eq!(s, "R' L");
    solves("3x3x3", "M", &s, "x");
    // The universal method too: under ⟨R, L⟩ no commutator 3-cycle exists,
    // and the breadth-first search over the pieces is sized by the group
    // the moves make on them (Z4 x Z4, 16 elements), not by the pieces'
    // arrangements.
    for method in ["universal", "auto"] {
        let s = solution_by("3x3x3", "R,L", "M", method);
        assert_eq!(s, "R' L", "{method}");
    }
    // M2 R L' M is R2 L2 R L' L' R relative to the centres: nothing.
    assert_eq!(solution_by("3x3x3", "R,L", "M2 R L' M", "universal"), "");
    let s = solution_by("3x3x3", "R,L", "M' R", "universal");
    solves("3x3x3", "M' R", &s, "x'");
}

#[test]
fn the_3x3x3_refuses_states_outside_the_group() {
    // After x, U turns the face that was in front: F, not in ⟨U, R⟩.
    let err = outside("3x3x3", "U,R", "x U");
    assert!(err.contains("--scramble: "), "{err}");
    // M is R L' relative to the centres: L is not in ⟨U, R⟩.
    outside("3x3x3", "U,R", "M");
    // Rw U is L F.
    outside("3x3x3", "U,R", "Rw U");
    // The same without rotations: plain F.
    outside("3x3x3", "U,R", "F");
}

#[test]
fn the_2x2x2_is_held_by_the_corner_its_moves_never_turn() {
    // ⟨U, R⟩ never moves the DBL corner: x alone is nothing.
    assert_eq!(solution("2x2x2", "U,R", "x"), "");
    let s = solution("2x2x2", "U,R", "x R");
    assert_eq!(s, "R'");
    solves("2x2x2", "x R", &s, "x'");
    let s = solution("2x2x2", "U,R", "y2 y2 U R");
    assert_eq!(s, "R' U'");
    outside("2x2x2", "U,R", "x U");
    outside("2x2x2", "U,R", "Rw U");
    // With the six faces the rotations are in the group: x is R L'.
    let s = ok(&["twisty", "solve", "2x2x2", "--scramble", "x"]);
    assert_eq!(s, "L R'\nlength 2, verified, proved optimal\n");
    solves("2x2x2", "x", "L R'", "");
}

#[test]
fn the_4x4x4_is_held_by_the_pieces_its_moves_never_turn() {
    assert_eq!(solution("4x4x4", "U,R", "x"), "");
    let s = solution("4x4x4", "U,R", "x R");
    assert_eq!(s, "R'");
    solves("4x4x4", "x R", &s, "x'");
    // Identical centres: the solver's own test refuses, in the same words.
    outside("4x4x4", "U,R", "x U");
    outside("4x4x4", "U,R", "Rw U");
}
