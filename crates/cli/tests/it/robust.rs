//! Bad input, resource bombs, kills and concurrent runs: every case here was
//! a panic, an abort, a hang, a lost file or a wrong answer with exit code 0.
//! Each is now a clear error with its exit code (2 bad input, 3 refused
//! work), a right answer, or a checkpoint that resumes to the same result.

use crate::support;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `cubist ARGS` in `dir`: exit code, standard output, standard error.
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("cache-home"))
        .output()
        .expect("cubist runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts `cubist ARGS` exits with `code` and says `message` on standard error.
fn refuses(dir: &Path, args: &[&str], code: i32, message: &str) {
    let (c, _, err) = run_in(dir, args);
    assert_eq!(c, code, "cubist {args:?}: {err}");
    assert!(err.contains(message), "cubist {args:?}: {err}");
    assert!(!err.contains("panicked"), "cubist {args:?}: {err}");
}

/// n queens as a DLX file: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> String {
    let mut s = String::new();
    let names = |p: &str, k: usize| (0..k).map(|i| format!("{p}{i}")).collect::<Vec<_>>().join(" ");
    s += &format!(
        "{} {} | {} {}\n",
        names("r", n),
        names("c", n),
        names("a", 2 * n - 1),
        names("b", 2 * n - 1)
    );
    for i in 0..n {
        for j in 0..n {
            s += &format!("r{i} c{j} a{} b{}\n", i + j, i + n - 1 - j);
        }
    }
    s
}

#[test]
fn target_counts_past_64_bits_are_exact() {
    let dir = tempfile::tempdir().unwrap();
    // n copies of the target fill the eight corners in n (n-1) ... (n-7)
    // ways (which copy goes where), and in one way up to copies.
    for n in [10u128, 300, 5000] {
        let cubes = vec!["Ab"; n as usize].join(",");
        let (code, out, err) = run_in(
            dir.path(),
            &[
                "--json", "target", "solve", "--target", "Ab", "--cubes", &cubes, "--limit", "1",
            ],
        );
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let expected: u128 = (0..8).map(|i| n - i).product();
        // serde_json reads a number past 2^64 as a float: compare the text.
        assert!(
            out.contains(&format!("\"count\": {expected},")),
            "{n} copies: {}",
            &out[..400]
        );
        assert_eq!(v["count_up_to_copies"], 1, "{n} copies");
    }
    // Eight different cubes: up to copies is the count itself.
    let v: serde_json::Value = serde_json::from_str(
        &run_in(
            dir.path(),
            &[
                "--json",
                "target",
                "solve",
                "--target",
                "Cb",
                "--cubes",
                "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc",
            ],
        )
        .1,
    )
    .unwrap();
    assert_eq!(v["count"], v["count_up_to_copies"]);
}

#[test]
fn bounds_refuse_with_the_figure_and_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    refuses(
        d,
        &["place", "officers", "4294967296"],
        3,
        "over the limit of order 1000",
    );
    refuses(
        d,
        &["place", "latin", "5", "--sample", "1000000000"],
        3,
        "--sample 1000000000",
    );
    refuses(
        d,
        &["twisty", "scramble", "3x3x3", "--count", "18446744073709551615"],
        3,
        "over the limit of 100000",
    );
    refuses(
        d,
        &["twisty", "analyze", "24x24x24"],
        3,
        "3192 points, over the limit of 1000 points",
    );
    refuses(d, &["exact", "/dev/zero"], 3, "256 MiB");
    // The number method's table at 20 cubes aborted (about 8 GB); the
    // bound is checked before the set is walked.
    let (code, set, err) = run_in(d, &["stack", "random", "--cubes", "20", "--planted", "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(d.join("p20.cubes"), set).unwrap();
    refuses(
        d,
        &["stack", "solve", "--method", "number", "p20.cubes"],
        3,
        "20 cubes (up to 6^10 half-paths), over the limit of 19 cubes",
    );
    // A set of 100,001 cubes is refused before its CNF is built (a 50 MB
    // set asked for gigabytes of clauses).
    std::fs::write(d.join("big.cubes"), "r g b y r g\n".repeat(100_001)).unwrap();
    refuses(
        d,
        &["stack", "export", "--cnf", "big.cubes"],
        3,
        "100001 cubes (about 8900089 clauses), over the limit of 100000 cubes",
    );
    // Found by the dlx_run fuzz target: a huge multiplicity in a tiny file
    // sized the search stack by the bound (9.6 GB).
    for (name, text) in [("m.dlx", "2404444444|r2222n2222"), ("a.dlx", "4294967295|a b\na\n")] {
        std::fs::write(d.join(name), text).unwrap();
        assert_eq!(
            run_in(d, &["exact", name]).1,
            "0 solutions; 1 nodes, 1 subproblems remembered\nengine: memo (multiplicities on bit sets: the memoised count ended within its first 16384 nodes)\n"
        );
    }
    // A 9-colour board.
    let mut board = String::from("colours: a b c d e f g h i\nheights:\n");
    for r in 0..9 {
        board += &(0..9).map(|c| ((r + c) % 9).to_string()).collect::<Vec<_>>().join(" ");
        board.push('\n');
    }
    std::fs::write(d.join("b9.board"), board).unwrap();
    refuses(d, &["place", "cube36", "b9.board"], 3, "9 colours");
    // A move whose order is the product of the primes up to 53 (> 2^64):
    // its powers are not listed.
    let primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];
    let (mut perm, mut start) = (Vec::new(), 0);
    for p in primes {
        perm.extend((0..p).map(|i| start + (i + 1) % p + 1));
        start += p;
    }
    let line: Vec<String> = perm.iter().map(|x| x.to_string()).collect();
    std::fs::write(
        d.join("big.tws"),
        format!("Set P {start} 1\nMove M\nP\n{}\nEnd\n", line.join(" ")),
    )
    .unwrap();
    // God's algorithm would index every arrangement of its sixteen orbits:
    // refused from the orbits alone, before the move's powers are listed.
    refuses(
        d,
        &["twisty", "god", "big.tws"],
        3,
        "indexing the states of puzzle would need about 2^1371 states, over the limit of 2^64 states",
    );
    // The optimal solver lists the move's powers as its steps: refused.
    refuses(
        d,
        &["twisty", "solve", "big.tws", "--method", "optimal", "--scramble", "M"],
        3,
        "(order 32589158477190044730) would need 32589158477190044730 steps or more",
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    refuses(
        d,
        &["twisty", "alg", "3x3x3", "X_-9223372036854775808"],
        2,
        "no layer -9223372036854775808",
    );
    // A set named with digits would read back as piece numbers.
    std::fs::write(d.join("digits.tws"), "Set 123 2 1\nMove M\n123\n2 1\nEnd\n").unwrap();
    refuses(
        d,
        &["twisty", "analyze", "digits.tws"],
        2,
        "digits.tws:1: set name 123 is a number",
    );
    // A set named End would end the blocks it is listed in (found by fuzzing
    // the write-then-read round trip).
    std::fs::write(d.join("end.tws"), "Set End 4 3\nSet CENTER 6 1\n").unwrap();
    refuses(
        d,
        &["twisty", "analyze", "end.tws"],
        2,
        "end.tws:1: set name End is reserved",
    );
    // An orientation too large is reported as a number, not an unknown set.
    std::fs::write(d.join("orient.tws"), "Set A 2 2\nMove M\nA\n2 1\n0 99999999999\nEnd\n").unwrap();
    refuses(
        d,
        &["twisty", "analyze", "orient.tws"],
        2,
        "orient.tws:5: number 99999999999 is too large",
    );
    // KPuzzle orbits named twice.
    let kp = r#"{"name":"x","orbits":[{"orbitName":"A","numPieces":2,"numOrientations":1},
        {"orbitName":"A","numPieces":2,"numOrientations":1}],"defaultPattern":{},"moves":{}}"#;
    std::fs::write(d.join("dup.json"), kp).unwrap();
    refuses(d, &["twisty", "analyze", "dup.json"], 2, "orbit A defined twice");
    // A non-ASCII character in a board's heights.
    let board = std::fs::read_to_string(support::repo("examples/36cube.board")).unwrap();
    std::fs::write(d.join("h.board"), board.replacen("1 3 4 5 2 0", "1 3 4 é 2 0", 1)).unwrap();
    refuses(
        d,
        &["place", "cube36", "h.board"],
        2,
        "h.board:5:7: `é` is not a height",
    );
    // Invalid UTF-8, located by line and column.
    std::fs::write(d.join("bad.dlx"), b"a b\na \xff\n").unwrap();
    refuses(d, &["exact", "bad.dlx"], 2, "bad.dlx:2:3: not valid UTF-8");
}

#[test]
fn threads_beyond_the_machine_are_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = run_in(
        dir.path(),
        &[
            "exact",
            &support::repo("examples/dlx/toy.dlx"),
            "--threads",
            "1000000",
            "--engine",
            "links",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "1 solution; 6 nodes, 28 updates\nengine: links (asked for)\n");
    assert!(err.contains("warning: --threads 1000000"), "{err}");
}

#[test]
fn large_inputs_are_read_in_linear_time() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let n = 200_000;
    let row: Vec<String> = (0..n).map(|k| format!("s{k}")).collect();
    std::fs::write(d.join("wide.txt"), row.join(" ")).unwrap();
    std::fs::write(d.join("wide.board"), format!("colours: {}\n", row.join(" "))).unwrap();
    let items = row.join(" ");
    std::fs::write(d.join("wide.dlx"), format!("{items}\n{items}\n")).unwrap();
    let sets: String = (0..n).map(|k| format!("Set S{k} 2 1\n")).collect();
    std::fs::write(d.join("sets.tws"), sets + "Move M\nS0\n2 1\nEnd\n").unwrap();
    let start = Instant::now();
    refuses(
        d,
        &["place", "latin", "--square", "wide.txt"],
        2,
        "200000 symbols in this row",
    );
    refuses(d, &["place", "cube36", "wide.board"], 2, "0 rows of heights");
    assert_eq!(
        run_in(d, &["exact", "wide.dlx"]).1,
        "1 solution; 2 nodes\nengine: cells (the bit sets do not take 200000 items, more than the 256 of a bit set)\n"
    );
    let (code, out, err) = run_in(d, &["twisty", "alg", "sets.tws", "M M M"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("order: 2"), "{out}");
    // Quadratic readers took minutes here; linear ones a few seconds even
    // unoptimised on a loaded machine.
    assert!(start.elapsed() < Duration::from_secs(120), "{:?}", start.elapsed());
}

#[test]
fn a_tampered_or_foreign_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("q8.dlx"), queens(8)).unwrap();
    std::fs::write(d.join("q7.dlx"), queens(7)).unwrap();
    let (code, out, _) = run_in(d, &["exact", "q8.dlx", "--checkpoint", "q.ck", "--node-limit", "50"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("stopped after 50 nodes"), "{out}");
    // No stray temporary file, only the checkpoint and its lock.
    let mut names: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, [".q.ck.lock", "q.ck", "q7.dlx", "q8.dlx"]);
    let good = std::fs::read_to_string(d.join("q.ck")).unwrap();
    refuses(
        d,
        &["exact", "q7.dlx", "--checkpoint", "q.ck"],
        2,
        "q.ck: this checkpoint belongs to another problem file",
    );
    // One digit of the solution count changed.
    let edited = good.replacen("\"solutions\":", "\"solutions\":1", 1);
    assert_ne!(edited, good);
    std::fs::write(d.join("q.ck"), &edited).unwrap();
    refuses(
        d,
        &["exact", "q8.dlx", "--checkpoint", "q.ck"],
        2,
        "the checksum does not match",
    );
    // The file of an earlier version (no checksum) is refused too.
    std::fs::write(d.join("q.ck"), good.lines().nth(1).unwrap()).unwrap();
    refuses(
        d,
        &["exact", "q8.dlx", "--checkpoint", "q.ck"],
        2,
        "not a cubist checkpoint",
    );
    // The good one resumes to the uninterrupted count (8 queens: 92).
    std::fs::write(d.join("q.ck"), &good).unwrap();
    let (code, out, err) = run_in(d, &["exact", "q8.dlx", "--checkpoint", "q.ck"]);
    assert_eq!(
        (code, out),
        (
            0,
            run_in(d, &["exact", "q8.dlx", "--engine", "bits"])
                .1
                .replace("(asked for)", "(the checkpoint's engine)")
        ),
        "{err}"
    );
}

#[test]
fn a_census_checkpoint_with_a_changed_digit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let full = run_in(d, &["stack", "census", "--colours", "3", "--json"]).1;
    assert_eq!(
        run_in(
            d,
            &["stack", "census", "--colours", "3", "--checkpoint", "c.ck", "--json"]
        )
        .1,
        full
    );
    let text = std::fs::read_to_string(d.join("c.ck")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 3, "{text}");
    // Change one count digit of the second chunk: refused with its line.
    let changed = lines[2].replacen(":1", ":2", 1);
    assert_ne!(changed, lines[2]);
    let mut edited = lines.clone();
    edited[2] = &changed;
    std::fs::write(d.join("c.ck"), edited.join("\n") + "\n").unwrap();
    refuses(
        d,
        &["stack", "census", "--colours", "3", "--checkpoint", "c.ck"],
        2,
        "c.ck:3: the checksum does not match",
    );
    // Cut after two lines (a kill): resumes to the identical result.
    std::fs::write(d.join("c.ck"), lines[..2].join("\n") + "\n").unwrap();
    assert_eq!(
        run_in(
            d,
            &["stack", "census", "--colours", "3", "--checkpoint", "c.ck", "--json"]
        )
        .1,
        full
    );
}

/// A pseudo-random delay from the clock: kills land at different moments.
fn random_delay(max_ms: u64) -> Duration {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    Duration::from_millis(u64::from(nanos) % max_ms)
}

#[test]
fn killed_counts_resume_to_the_identical_result_and_lock_out_a_second_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("q.dlx"), queens(13)).unwrap();
    // Dancing links, the slowest engine: the kills land inside the count.
    let reference = run_in(d, &["exact", "q.dlx", "--json", "--engine", "links"]).1;
    let cubist = || {
        Command::new(env!("CARGO_BIN_EXE_cubist"))
            .args(["exact", "q.dlx", "--checkpoint", "q.ck", "--json", "--engine", "links"])
            .current_dir(d)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cubist starts")
    };
    let mut locked_out = false;
    for round in 0..3 {
        let modified = || std::fs::metadata(d.join("q.ck")).and_then(|m| m.modified()).ok();
        let before = modified();
        let mut child = cubist();
        // The checkpoint is written at once (rewritten, from the second round
        // on); then a second run is locked out.
        let start = Instant::now();
        while modified() == before && start.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(5));
        }
        let (code, _, err) = run_in(d, &["exact", "q.dlx", "--checkpoint", "q.ck", "--engine", "links"]);
        if child.try_wait().unwrap().is_none() && code != 0 {
            assert_eq!(code, 2, "round {round}: {err}");
            assert!(err.contains("another cubist run is using this checkpoint"), "{err}");
            locked_out = true;
        } else if code == 0 {
            // The second run took the lock first (the first had not yet
            // locked): then the first is the one refused, or finds the count
            // complete; never do both write.
            let out = child.wait_with_output().unwrap();
            let first_err = String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.success() || first_err.contains("another cubist run is using this checkpoint"),
                "round {round}: {first_err}"
            );
            continue;
        }
        std::thread::sleep(random_delay(800));
        let _ = child.kill();
        let _ = child.wait();
    }
    assert!(locked_out, "the first run always ended before the second started");
    let out = cubist().wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Byte-identical but for the timing field.
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.contains("time_ms"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&String::from_utf8(out.stdout).unwrap()), strip(&reference));
    assert!(reference.contains("\"count\": 73712"), "{reference}");
}

#[test]
fn two_processes_share_one_cache_folder() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tables");
    let cache_arg = cache.to_str().unwrap().to_string();
    let args = [
        "twisty",
        "solve",
        "2x2x2",
        "--scramble",
        "R U F",
        "--method",
        "optimal",
        "--cache",
        &cache_arg,
    ];
    let (a, b) = twice_at_once(dir.path(), &args);
    assert!(
        a.status.success() && b.status.success(),
        "{}",
        String::from_utf8_lossy(&b.stderr)
    );
    assert_eq!(a.stdout, b.stdout);
    // Only finished tables in the folder: no temporary left behind.
    for e in std::fs::read_dir(&cache).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(name.ends_with(".bin") && !name.starts_with('.'), "{name}");
    }
    // A third run reads them (no warning, same answer).
    let (code, out, err) = run_in(dir.path(), &args);
    assert_eq!((code, out.as_bytes()), (0, &a.stdout[..]), "{err}");
}

/// A `.tws` whose set P is the projective line over GF(191), turned by
/// `x -> x + 1` and `x -> -1/x` (the group PSL(2,191), of order 3,483,840,
/// which holds no 3-cycle), and whose set Q of 20 points is turned by a
/// 20-cycle and a transposition: an order far past any table.
fn psl_puzzle() -> String {
    let q: u64 = 191;
    let inverse = |x: u64| (0..q - 2).fold(1, |acc, _| acc * x % q);
    let shift = |x: u64| if x == q { q } else { (x + 1) % q };
    let flip = |x: u64| match x {
        x if x == q => 0,
        0 => q,
        x => (q - inverse(x)) % q,
    };
    let line = |f: &dyn Fn(u64) -> u64, n: u64| (0..n).map(|x| (f(x) + 1).to_string()).collect::<Vec<_>>().join(" ");
    let cycle = |i: u64| (i + 1) % 20;
    let swap = |i: u64| [1, 0].get(i as usize).copied().unwrap_or(i);
    format!(
        "Set P {} 1\nSet Q 20 1\nMove A\nP\n{}\nQ\n{}\nEnd\nMove B\nP\n{}\nQ\n{}\nEnd\n",
        q + 1,
        line(&shift, q + 1),
        line(&cycle, 20),
        line(&flip, q + 1),
        line(&swap, 20)
    )
}

#[test]
fn a_search_too_large_for_the_universal_solver_is_refused_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("psl.tws"), psl_puzzle()).unwrap();
    // It was an internal error (exit 1); the figure is the group's order on P.
    refuses(
        d,
        &["twisty", "scramble", "psl.tws"],
        3,
        "the breadth-first search over P (no complete set of commutator 3-cycles) would need \
         3483840 states, over the limit of 3000000 states; solve it with --method chain",
    );
    let (code, out, err) = run_in(d, &["twisty", "scramble", "psl.tws", "--method", "chain"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with('A') || out.starts_with('B'), "{out}");
}

#[test]
fn two_censuses_on_one_checkpoint_one_is_refused_and_the_file_stays_usable() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = ["stack", "census", "--colours", "5", "--checkpoint", "k5.ck", "--json"];
    let (a, b) = twice_at_once(d, &args);
    let outcome = |o: &std::process::Output| (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned());
    let (ra, rb) = (outcome(&a), outcome(&b));
    // One holds the lock and completes; the other is refused at once (the
    // census takes seconds, the refusal milliseconds).
    let (done, refused) = if ra.0 == Some(0) { (&a, rb) } else { (&b, ra) };
    assert_eq!(done.status.code(), Some(0), "{}", String::from_utf8_lossy(&done.stderr));
    assert_eq!(refused.0, Some(2), "{}", refused.1);
    assert!(
        refused.1.contains("another cubist run is using this checkpoint"),
        "{}",
        refused.1
    );
    // The checkpoint left behind is complete and whole: a third run reads
    // it and prints the same document as a run without it.
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.contains("time_ms"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (code, again, err) = run_in(d, &args);
    assert_eq!(code, 0, "{err}");
    let fresh = run_in(d, &["stack", "census", "--colours", "5", "--json"]).1;
    assert_eq!(strip(&again), strip(&fresh));
    assert_eq!(strip(&String::from_utf8_lossy(&done.stdout)), strip(&fresh));
}

/// Runs `cubist ARGS` twice at the same time in `dir`; both outputs.
fn twice_at_once(dir: &std::path::Path, args: &[&str]) -> (std::process::Output, std::process::Output) {
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_cubist"))
            .args(args)
            .current_dir(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cubist starts")
    };
    let (a, b) = (spawn(), spawn());
    (a.wait_with_output().unwrap(), b.wait_with_output().unwrap())
}

/// A count of 1000 planted cubes used to run silently for ever, and Ctrl-C
/// ended it only through the two-second fallback. Now its notice (naming
/// `--first`) comes on standard error while it runs, and Ctrl-C ends it
/// through the search's own flag: the clean message and exit 130, well
/// within the fallback's two seconds.
#[test]
fn a_huge_count_says_so_and_stops_on_ctrl_c() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = run_in(
        dir.path(),
        &[
            "stack",
            "random",
            "--cubes",
            "1000",
            "--planted",
            "--seed",
            "1",
            "-o",
            "big.cubes",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["stack", "solve", "big.cubes", "--count"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cubist runs");
    let mut err = BufReader::new(child.stderr.take().expect("stderr"));
    let mut notice = String::new();
    err.read_line(&mut notice).unwrap();
    let to_notice = started.elapsed();
    assert!(
        notice.starts_with("cubist: warning: counting lists every 2-factor of the colour graph of these 1000 cubes")
            && notice.contains("--first finds a solution quickly"),
        "{notice}"
    );
    let rest = ctrl_c(&mut child, err);
    assert_eq!(rest, "cubist: interrupted: the search stopped before its answer\n");
    // The notice comes within 10 240 search nodes, a few seconds of a
    // debug build even on a loaded machine.
    assert!(to_notice < Duration::from_secs(30), "notice after {to_notice:?}");
}

/// `target census --multiset` refuses, before any sweep, a search-phase
/// checkpoint whose checksum does not match (edited or damaged), and a
/// plain sweep's file (a `--spectrum` census's, or an older cubist's
/// multiset file, which kept only the sweep).
#[test]
fn a_tampered_or_old_multiset_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let tampered = "cubist-checkpoint cubist-target-multiset-search-1 fnv1a64:0123456789abcdef\n\
                    {\"gaps\":[0,1,1],\"done\":3,\"size\":23,\"best\":null,\"optima\":120}";
    std::fs::write(d.join("m.ck"), tampered).unwrap();
    let args = ["target", "census", "--multiset", "--checkpoint", "m.ck"];
    refuses(d, &args, 2, "m.ck: the checksum does not match");
    let old = "cubist-checkpoint cubist-target-spectrum-2 fnv1a64:0123456789abcdef\n{}";
    std::fs::write(d.join("m.ck"), old).unwrap();
    refuses(
        d,
        &args,
        2,
        "a checkpoint of the kind \"cubist-target-spectrum-2\", not \"cubist-target-multiset-sweep-1\"",
    );
}

/// `target family` ran without its progress bar and without the cancel
/// flag, so Ctrl-C ended it only through the two-second fallback. The K = 5
/// universal count (12 s of a release build) now stops on the flag.
#[test]
fn a_family_count_stops_on_ctrl_c() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["target", "family", "--colours", "5", "--budget", "1000000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cubist runs");
    std::thread::sleep(Duration::from_millis(500));
    let err = child.stderr.take().expect("stderr");
    assert_eq!(ctrl_c(&mut child, err), "cubist: interrupted\n");
}

/// Sends Ctrl-C (SIGINT) to a running `child` and waits for it: it must
/// exit 130 within 1.9 s (so through the search's own flag, not the
/// two-second fallback). What it wrote on standard error (`err`) after.
fn ctrl_c(child: &mut std::process::Child, mut err: impl std::io::Read) -> String {
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    assert!(killed.is_ok_and(|s| s.success()));
    let signalled = Instant::now();
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    let to_stop = signalled.elapsed();
    assert_eq!(status.code(), Some(130), "{rest}");
    assert!(
        to_stop < Duration::from_millis(1900),
        "stopped {to_stop:?} after Ctrl-C"
    );
    rest
}

/// Runs `cubist ARGS` (with `--json`), sends Ctrl-C after 800 ms, and
/// checks it stops within 2 s with exit 130 and the `interrupted`
/// document, which it returns with what was said on standard error.
fn interrupted_json(args: &[&str]) -> (serde_json::Value, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .arg("--json")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(800));
    let pid = child.id().to_string();
    let sent = Instant::now();
    assert!(Command::new("kill").args(["-INT", &pid]).status().unwrap().success());
    let out = child.wait_with_output().unwrap();
    assert!(
        sent.elapsed() < Duration::from_secs(2),
        "stopped in {:?}",
        sent.elapsed()
    );
    assert_eq!(out.status.code(), Some(130));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["kind"], "interrupted", "{v}");
    (v, String::from_utf8(out.stderr).unwrap())
}

/// A count its plan says will take long says so before it starts, with
/// its estimate and how to stop it, and Ctrl-C then stops it: the
/// transversals of the cyclic square of order 20 (there are none, but the
/// search to prove it has about 10^11 nodes even through its symmetry:
/// hours of work), and the orthogonal mates of the cyclic square of order
/// 17 (half a minute just to count its transversals). A count of seconds
/// says nothing.
#[test]
fn a_long_count_says_so_before_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let cyclic = |n: usize| -> String {
        let path = dir.path().join(format!("c{n}.txt"));
        let rows: Vec<String> = (0..n)
            .map(|r| (0..n).map(|c| ((r + c) % n).to_string()).collect::<Vec<_>>().join(" "))
            .collect();
        std::fs::write(&path, rows.join("\n") + "\n").unwrap();
        path.to_str().unwrap().to_string()
    };
    for args in [
        vec!["place", "latin", "--square", &cyclic(20)],
        vec!["place", "officers", "--mates", &cyclic(17)],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cubist"))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        std::io::BufRead::read_line(&mut err, &mut line).unwrap();
        let rest = ctrl_c(&mut child, err);
        assert!(
            line.starts_with("cubist: this run will take "),
            "{args:?}: {line}{rest}"
        );
        assert!(
            line.contains("by Knuth's estimate") && line.ends_with("; Ctrl-C stops it\n"),
            "{line}"
        );
        let bound = if args[1] == "officers" { "at least" } else { "about" };
        assert!(line.contains(&format!("will take {bound} ")), "{line}");
        if args[1] == "latin" {
            // The estimate depends on the square alone (seeded paths, a
            // fixed rate of work): the line docs/place.md shows.
            let page = std::fs::read_to_string(support::repo("docs/place.md")).unwrap();
            assert!(page.contains(&line), "{line}");
            assert!(line.contains(" 3.3 hours ("), "{line}");
        }
    }
    let (ok, out, err) = support::cubist(&["place", "latin", "--square", &cyclic(9)]);
    assert!(ok, "{err}");
    assert_eq!((out.as_str(), err.as_str()), ("2025 transversals\n", ""));
}

/// Ctrl-C stops an exact-cover count at once whatever its engine, without
/// a checkpoint too: the domino tilings of the 10 x 10 board (about
/// 2.6 * 10^11 of them) by dancing links, dancing cells and bit sets; by
/// dancing cells and bit sets on two threads too, and through a
/// checkpoint, which Ctrl-C saves for a later run to go on from: 1,000
/// nodes more, in all as many nodes as the checkpoint's and those.
#[test]
fn ctrl_c_stops_every_exact_engine() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dominoes10.dlx");
    let cell = |x: usize, y: usize| format!("{x}.{y}");
    let mut text = (0..100).map(|i| cell(i % 10, i / 10)).collect::<Vec<_>>().join(" ") + "\n";
    for y in 0..10 {
        for x in 0..10 {
            if x + 1 < 10 {
                text += &format!("{} {}\n", cell(x, y), cell(x + 1, y));
            }
            if y + 1 < 10 {
                text += &format!("{} {}\n", cell(x, y), cell(x, y + 1));
            }
        }
    }
    std::fs::write(&path, text).unwrap();
    let file = path.to_str().unwrap();
    for engine in ["links", "cells", "bits"] {
        let (v, _) = interrupted_json(&["exact", file, "--engine", engine]);
        assert_eq!(v["error"]["kind"], "interrupted", "{engine}: {v}");
    }
    for engine in ["cells", "bits"] {
        let (v, _) = interrupted_json(&["exact", file, "--engine", engine, "--threads", "2"]);
        assert_eq!(v["error"]["kind"], "interrupted", "{engine}: {v}");
        let ck = dir.path().join(format!("{engine}.ck"));
        let ck = ck.to_str().unwrap();
        let (v, _) = interrupted_json(&["exact", file, "--engine", engine, "--checkpoint", ck]);
        assert_eq!(v["error"]["kind"], "interrupted", "{engine}: {v}");
        let saved = std::fs::read_to_string(ck).unwrap();
        let saved: serde_json::Value = serde_json::from_str(saved.lines().nth(1).unwrap()).unwrap();
        assert_eq!(saved["engine"], engine);
        let nodes = saved["checkpoint"]["stats"]["nodes"].as_u64().unwrap();
        assert!(nodes > 0, "{saved}");
        let limit = (nodes + 1000).to_string();
        let args = ["exact", file, "--checkpoint", ck, "--node-limit", &limit, "--json"];
        let v = support::json(&args);
        assert_eq!(
            (v["node_count"].as_u64(), v["engine"].as_str()),
            (Some(nodes + 1000), Some(engine))
        );
        assert_eq!(v["engine_reason"], "the checkpoint's engine");
    }
}

/// Ctrl-C stops a solver's tables while they are built, not only the
/// search after them, and says that nothing of the build is kept: the
/// 3x3x3's two-phase tables (seconds), the 4x4x4's reduction tables
/// (seconds), the general optimal solver's pattern databases (the
/// 3x3x3 with slice turns in 16 MiB: built at once, seconds), and the
/// universal method's plan (the 12x12x12's order of its 31 orbits: half a
/// minute), and the chain method's (the 12x12x12's stabiliser chain,
/// seconds, then its word tables). Each run keeps its tables in memory only, so each builds them,
/// and says so first on standard error, a pipe here.
#[test]
fn ctrl_c_stops_a_table_build() {
    for (args, what) in [
        (
            &["twisty", "solve", "3x3x3", "--scramble", "R U", "--no-cache"][..],
            "part of building the two-phase tables (nothing is kept)",
        ),
        (
            &["twisty", "solve", "4x4x4", "--scramble", "Rw U", "--no-cache"],
            "part of building the 4x4x4 reduction tables (nothing is kept)",
        ),
        (
            &[
                "twisty",
                "solve",
                "3x3x3-slices",
                "--scramble",
                "R U",
                "--method",
                "optimal",
                "--table-memory",
                "16",
                "--no-cache",
            ],
            "of building the table ",
        ),
        (
            &[
                "twisty",
                "solve",
                "12x12x12",
                "--scramble",
                "R",
                "--method",
                "universal",
            ],
            "planning 0 of 31 orbits of 12x12x12 (nothing is kept)",
        ),
        (
            &["twisty", "solve", "12x12x12", "--scramble", "R", "--method", "chain"],
            "part of the stabiliser chain of 12x12x12 (nothing is kept)",
        ),
    ] {
        let (v, err) = interrupted_json(args);
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(what), "{args:?}: {message}");
        let said = match args[2] {
            "3x3x3" => "cubist: building the two-phase tables (136 MiB, seconds, once; kept in memory only)\n",
            "4x4x4" => {
                "cubist: building the 4x4x4 reduction tables (64 MiB, seconds, once; kept in memory only); \
                        building the two-phase tables (136 MiB, seconds, once; kept in memory only)\n"
            }
            _ => "",
        };
        assert!(err.starts_with(said), "{args:?}: {err}");
    }
}

/// Ctrl-C stops the analysis of a large puzzle at once (Schreier-Sims
/// looks at the flag as it sifts; the 12x12x12's chain takes seconds).
#[test]
fn ctrl_c_stops_an_analysis() {
    interrupted_json(&["twisty", "analyze", "12x12x12"]);
}

/// Ctrl-C with `--json` ends with the `interrupted` document that
/// docs/json.md promises: God's algorithm stops between chunks of a level
/// and says at which distance.
#[test]
fn ctrl_c_ends_with_the_interrupted_document() {
    let (v, _) = interrupted_json(&["twisty", "god", "3x3x3", "--moves", "U,R"]);
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("interrupted after distance "), "{message}");
}

/// `-` as an output file is standard output, as it is standard input for
/// a file read: the file is printed there in place of the report, and no
/// file named `-` appears.
#[test]
fn a_dash_writes_the_file_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = run_in(dir.path(), &["twisty", "apply", "3x3x3", "--alg", "R", "--svg", "-"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("<svg"), "{out}");
    assert!(out.trim_end().ends_with("</svg>"), "{out}");
    let (code, out, _) = run_in(dir.path(), &["twisty", "export", "2x2x2", "--format", "tws", "-o", "-"]);
    assert_eq!(code, 0);
    assert!(out.contains("Set CORNERS") || out.contains("Set CORNER"), "{out}");
    let dlx = dir.path().join("p.dlx");
    std::fs::write(&dlx, "a b c\na b\nc\na\nb c\n").unwrap();
    let (code, out, _) = run_in(dir.path(), &["exact", "p.dlx", "--zdd", "-"]);
    assert_eq!(code, 0);
    assert!(out.lines().last().is_some_and(|l| l.contains(": (~0?")), "{out}");
    // Several pictures to standard output: one after another, no file.
    let (code, out, _) = run_in(
        dir.path(),
        &["twisty", "scramble", "skewb", "--count", "2", "--svg", "-"],
    );
    assert_eq!(code, 0);
    assert_eq!(out.matches("<svg").count(), 2, "{out}");
    assert!(std::fs::read_dir(dir.path())
        .unwrap()
        .all(|e| !e.unwrap().file_name().to_string_lossy().starts_with('-')));
    assert!(!dir.path().join("-").exists());
}
