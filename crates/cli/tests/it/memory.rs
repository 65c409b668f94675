//! `--max-memory MIB`: every command whose memory grows with its request
//! estimates it before it starts; above the bound the work is refused
//! (exit 3) with a message naming the estimate, what takes it and the
//! bound, and under it the command runs as without the option. Each
//! refusal here comes before any work, so the large cases cost nothing.

use crate::support::{ok, repo};
use std::path::PathBuf;
use std::process::Command;

/// Runs `cubist ARGS`: exit code, standard output, standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(args)
        .env("XDG_CACHE_HOME", crate::support::cache_home())
        .output()
        .expect("cubist runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts that `cubist --max-memory MIB ARGS` is refused with exit 3 and
/// a message naming `what`, the estimate `need` MiB and the bound.
fn refused(mib: u64, args: &[&str], what: &str, need: u64) {
    let limit = mib.to_string();
    let mut all = vec!["--max-memory", limit.as_str()];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 3, "cubist {all:?}: {err}");
    assert!(out.is_empty(), "cubist {all:?} printed {out}");
    let expected = format!("{what} would need {need} MiB, over the limit of {mib} MiB (--max-memory)");
    assert!(err.contains(&expected), "cubist {all:?}:\n{err}\nwanted: {expected}");
}

/// The standard output of `cubist --max-memory MIB ARGS`, which must run.
fn accepted(mib: u64, args: &[&str]) -> String {
    let limit = mib.to_string();
    let mut all = vec!["--max-memory", limit.as_str()];
    all.extend_from_slice(args);
    ok(&all)
}

/// A file of the tests' own in the build folder.
fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("memory");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn the_option_is_bounded() {
    for bad in ["0", "1048577", "lots"] {
        let (code, _, err) = run(&["--max-memory", bad, "target", "cubes"]);
        assert_eq!(code, 2, "--max-memory {bad}: {err}");
        assert!(err.contains("--max-memory"), "{err}");
    }
    // A command that estimates nothing runs under any bound.
    assert!(accepted(1, &["target", "cubes"]).contains("Ab"));
}

#[test]
fn the_number_methods_table() {
    // 16 cubes: 6^8 = 1,679,616 half-paths at 2*(16+4) + 168 = 208 bytes: 334 MiB.
    let set = ok(&["stack", "random", "--cubes", "16", "--planted", "--seed", "1"]);
    let file = scratch("sixteen.cubes", &set);
    let file = file.to_str().unwrap();
    assert_eq!((1_679_616u64 * 208).div_ceil(1 << 20), 334);
    refused(
        300,
        &["stack", "solve", file, "--method", "number"],
        "the number method's table (16 cubes: up to 6^8 half-paths)",
        334,
    );
    // The graph method is not estimated; the instant insanity set's 4
    // cubes (36 half-paths) fit in 1 MiB.
    assert!(accepted(1, &["stack", "solve", file, "--count"]).contains("solutions"));
    let small = repo("examples/instant-insanity.cubes");
    let out = accepted(1, &["stack", "solve", &small, "--method", "number"]);
    assert!(out.contains("1 solution"), "{out}");
}

#[test]
fn the_cnf_export() {
    // 200 cubes on 200 colours: 107*200 + 2*200 + 3 = 21,803 clauses, 4
    // digits a variable: 48 + 32 + 2*(3*6+3) = 122 bytes a clause: 3 MiB.
    let set = ok(&["stack", "random", "--cubes", "200", "--seed", "1"]);
    let file = scratch("two-hundred.cubes", &set);
    let file = file.to_str().unwrap();
    assert_eq!((21_803u64 * 122).div_ceil(1 << 20), 3);
    refused(
        2,
        &["stack", "export", file, "--cnf"],
        "the CNF encoding (200 cubes: up to 21803 clauses)",
        3,
    );
    let out = accepted(3, &["stack", "export", file, "--cnf"]);
    assert!(out.contains("p cnf "), "{out}");
}

#[test]
fn the_stacking_census() {
    // 4 colours: C(68, 4) = 814,385 sets at 16 bytes, and 8 MiB: 21 MiB.
    refused(
        16,
        &["stack", "census", "--colours", "4"],
        "the census of 4 colours, 4 cubes (814385 sets)",
        21,
    );
    // 3 colours: 4,060 sets, 8.1 MiB: runs, and counts every set.
    let doc = crate::support::json(&["--max-memory", "9", "stack", "census", "--colours", "3", "--json"]);
    assert_eq!(doc["set_count"], 4060);
    let sum: u64 = doc["histogram"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(sum, 4060);
}

#[test]
fn the_target_censuses() {
    // The sweeps over the C(30, 8) = 5,852,925 collections: 12 bytes each
    // for the spectrum (67 MiB), 36 for the multiset (201 MiB), 6 for Table 2.
    refused(
        64,
        &["target", "census", "--spectrum"],
        "the spectrum census (5852925 collections of 8 cubes)",
        67,
    );
    refused(
        200,
        &["target", "census", "--multiset"],
        "the multiset census (5852925 collections of 8 cubes)",
        201,
    );
    refused(
        33,
        &["target", "census", "--table2"],
        "the table2 census (5852925 collections of 8 cubes)",
        34,
    );
    let out = accepted(34, &["target", "census", "--table2", "--show", "1"]);
    assert!(out.contains("Theorem 7"), "{out}");
    // Table 1 is small: not estimated.
    accepted(1, &["target", "census", "--table1", "--target", "Ba"]);
}

#[test]
fn exact_cover_by_the_problems_size() {
    // 2,000 items and 20,000 options of 4 items each, and an item no
    // option covers (the search ends at once): 102,003 nodes, 7 MiB with
    // the parsed problem and the text.
    let mut text = (0..2000).map(|i| format!("i{i}")).collect::<Vec<_>>().join(" ");
    text.push_str(" z\n");
    for k in 0..20_000usize {
        let o: Vec<String> = (0..4).map(|j| format!("i{}", (k * 7 + j * 331) % 2000)).collect();
        text.push_str(&o.join(" "));
        text.push('\n');
    }
    let file = scratch("wide.dlx", &text);
    let file = file.to_str().unwrap();
    let what = format!("the exact cover of {file} (2001 items, 20000 options, 102003 nodes)");
    refused(1, &["exact", file], &what, 7);
    let out = accepted(7, &["exact", file]);
    assert!(out.starts_with("0 solutions"), "{out}");
}

#[test]
fn latin_squares_listed() {
    // 100,000 squares of order 7: 48 + 176 + 7 * 64 = 672 bytes each: 65 MiB
    // (beside them the count's classes, a few kilobytes).
    assert_eq!((100_000u64 * 672).div_ceil(1 << 20), 65);
    refused(
        64,
        &["place", "latin", "7", "--list", "100000"],
        "the classes of half squares of order 7 and 100000 squares in memory",
        65,
    );
    let out = accepted(1, &["place", "latin", "4", "--reduced", "--list", "4"]);
    assert!(out.ends_with("4 reduced Latin squares of order 4\n"), "{out}");
}

#[test]
fn group_analysis() {
    // The 7x7x7: 246 points, 4 * 246^3 bytes = 57 MiB; its order alone 1.5 * 246^3 = 22 MiB.
    assert_eq!((4 * 246u64.pow(3)).div_ceil(1 << 20), 57);
    refused(
        32,
        &["twisty", "analyze", "7x7x7"],
        "analysing 7x7x7 (a permutation group on 246 points)",
        57,
    );
    refused(
        16,
        &["twisty", "analyze", "7x7x7", "--order-only"],
        "analysing 7x7x7 (a permutation group on 246 points)",
        22,
    );
    let out = accepted(16, &["twisty", "analyze", "megaminx", "--order-only"]);
    assert_eq!(
        out,
        "100669616553523347122516032313645505168688116411019768627200000000000\n"
    );
}

/// The commands that draw random states or solve by the puzzle's
/// stabiliser chain plan it at 1.5 d³ bytes before building it: the
/// 64x64x64 (23,832 points, about 18.5 TiB) is refused at once, the 7x7x7
/// (246 points, 22 MiB) under a small bound, its competition scrambles
/// (random turns, no chain) not.
#[test]
fn stabiliser_chains() {
    let chain64 = "the stabiliser chain of 64x64x64 (a permutation group on 23832 points)";
    assert_eq!((3 * 23832u64.pow(3) / 2).div_ceil(1 << 20), 19_363_008);
    refused(1024, &["twisty", "random", "64x64x64"], chain64, 19_363_008);
    // A scramble is a random state solved: the universal solver's chain too.
    let twice = format!("{chain64}, twice (the random states' and the solver's)");
    refused(1024, &["twisty", "scramble", "64x64x64"], &twice, 38_726_016);
    refused(
        1024,
        &["twisty", "solve", "64x64x64", "--scramble", "R"],
        chain64,
        19_363_008,
    );
    let chain7 = "the stabiliser chain of 7x7x7 (a permutation group on 246 points)";
    refused(16, &["twisty", "random", "7x7x7"], chain7, 22);
    let out = accepted(16, &["twisty", "scramble", "7x7x7", "--seed", "1"]);
    assert_eq!(out.split_whitespace().count(), 100, "{out}");
}

#[test]
fn gods_algorithm() {
    let (code, _, err) = run(&["--max-memory", "16", "twisty", "god", "2x2x2"]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("God's algorithm for 2x2x2 (88179840 states at 2 bits) would need "),
        "{err}"
    );
    assert!(err.contains("over the limit of 16 MiB (--max-memory)"), "{err}");
    let doc = crate::support::json(&["--max-memory", "5", "twisty", "god", "three-coins", "--json"]);
    assert_eq!(doc["count"], 48, "{doc}");
}

#[test]
fn the_solvers_tables() {
    // The 3x3x3 by two-phase (auto): its tables, 136 MiB.
    refused(
        64,
        &["twisty", "solve", "3x3x3", "--scramble", "R U"],
        "the two-phase tables",
        136,
    );
    // The optimal solver with the default 4096 MiB of tables takes the
    // largest tier of its large table that fits, H48 h7: built here (no
    // test builds it), its peak the table and the search over the cosets
    // it is built from (the file is streamed to the cache folder, not held
    // twice): 4,372 MiB and the two-phase tables' 136.
    let h7 = "the optimal solver's tables with its large table, H48 h7 (built once, then cached)";
    let optimal = ["twisty", "solve", "3x3x3", "--scramble", "R U", "--method", "optimal"];
    refused(1024, &optimal, h7, 4508);
    // Without a cache folder the table is built in memory only: the same
    // peak.
    refused(1024, &[&optimal[..], &["--no-cache"]].concat(), h7, 4508);
    // `twisty scramble` plans the same solver's tables: refused alike.
    refused(1024, &["twisty", "scramble", "3x3x3", "--method", "optimal"], h7, 4508);
    // Each rung of the ladder from its budget up: h6 from 2,002 MiB (peak
    // 2,578 + 136), h5 from 1,105 (1,681 + 136), h4 from 657 (1,232 +
    // 136), h3 from 432 (1,008 + 136); below, phase 1's tables (136 MiB,
    // a line above).
    for (budget, k, need) in [
        ("3795", 6, 2714),
        ("2002", 6, 2714),
        ("2001", 5, 1817),
        ("1105", 5, 1817),
        ("1104", 4, 1368),
        ("657", 4, 1368),
        ("656", 3, 1144),
        ("432", 3, 1144),
    ] {
        let what = format!("the optimal solver's tables with its large table, H48 h{k} (built once, then cached)");
        refused(1024, &[&optimal[..], &["--table-memory", budget]].concat(), &what, need);
    }
    // The 2x2x2's optimal tables: two 5-corner projections, images of each
    // other under a symmetry, share one table of 1,632,960 entries at 2
    // bits; with its move tables and the search's 4 MiB, 6 MiB in all.
    let (code, _, err) = run(&[
        "--max-memory",
        "5",
        "twisty",
        "solve",
        "2x2x2",
        "--scramble",
        "R U",
        "--method",
        "optimal",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("would need 6 MiB"), "{err}");
    let out = accepted(
        6,
        &["twisty", "solve", "2x2x2", "--scramble", "R U", "--method", "optimal"],
    );
    assert!(out.starts_with("U' R'\n"), "{out}");
}

/// A listing grows with its answer, which no estimate knows before the
/// search: `exact --all` checks what it keeps as it lists and stops with
/// exit 3 past the bound, naming it and the ways round (`--count`,
/// `--first`). Here 14 items with two one-item options each: 16,384
/// solutions, about 10 MiB as listed.
#[test]
fn a_listing_past_the_bound_stops() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.dlx");
    let items: Vec<String> = (0..14).map(|i| format!("i{i}")).collect();
    let mut text = items.join(" ") + "\n";
    for item in &items {
        text += &format!("{item}\n{item}\n");
    }
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = run(&["--max-memory", "1", "exact", path, "--all"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("refused: listing every solution would need more than 1 MiB (")
            && err.contains("over the limit of 1 MiB (--max-memory); --count counts them without listing them"),
        "{err}"
    );
    assert!(accepted(1, &["exact", path, "--count"]).starts_with("16384 solutions"));
    let listed = accepted(64, &["exact", path, "--all"]);
    assert!(
        listed.contains("16384 solutions"),
        "{}",
        &listed[listed.len().saturating_sub(200)..]
    );
}

/// `stack solve` lists every solution by default: with a memory bound it
/// lists at most what fits, and past that it is refused once the count is
/// known, naming it. Twelve cubes, cube i showing colours i..i+5 (mod 12)
/// as its three pairs: 2,592 solutions, about 4 MiB as listed.
#[test]
fn a_stacking_listing_past_the_bound_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ring.cubes");
    let name = |k: usize| ((b'a' + (k % 12) as u8) as char).to_string();
    let text: String = (0..12)
        .map(|i| (0..6).map(|k| name(i + k)).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = run(&["--max-memory", "1", "stack", "solve", path]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("refused: listing every solution would need 4 MiB (2592 solutions), over the limit of 1 MiB"),
        "{err}"
    );
    assert!(accepted(1, &["stack", "solve", path, "--limit", "5"]).contains("2592 solutions"));
    let listed = accepted(8, &["stack", "solve", path, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&listed).unwrap();
    assert_eq!(v["solutions"].as_array().map(Vec::len), Some(2592));
}

/// `--max-memory` is a bound, not a hope: heavy inputs run under an address
/// space a little above it (`ulimit -v`) end in an answer or a refusal
/// (exit 0 or 3), never in an allocation failure. The inputs are those that
/// once grew past their limit: big cubes for God's algorithm, random
/// states, scrambles and solves; a 50 MB cube set; the transversals of the
/// cyclic square of order 15 (36,362,925 of them, counted as they stream);
/// ten million random states.
#[test]
fn heavy_inputs_stay_under_an_address_space_limit() {
    // Written byte by byte: formatting 4.2 million lines took longer than
    // the commands under test in the unoptimised test build.
    let mut cubes = b"order: F B L R T D\n".to_vec();
    cubes.reserve(4_200_000 * 12);
    for i in 0..4_200_000u64 {
        for k in 0..6 {
            cubes.push(b'0' + ((i.wrapping_mul(2_654_435_761) >> (3 * k)) % 6) as u8);
            cubes.push(if k == 5 { b'\n' } else { b' ' });
        }
    }
    let set = scratch("fifty-megabytes.cubes", std::str::from_utf8(&cubes).unwrap());
    drop(cubes);
    let cyclic: String = (0..15)
        .map(|i| {
            (0..15)
                .map(|j| ((i + j) % 15).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let square = scratch("cyclic15.txt", &cyclic);
    let set = set.to_str().unwrap();
    let square = square.to_str().unwrap();
    let cases: [&[&str]; 8] = [
        &["twisty", "god", "32x32x32"],
        &["twisty", "random", "32x32x32"],
        &["twisty", "scramble", "32x32x32"],
        &["twisty", "solve", "32x32x32", "--scramble", "R"],
        &["stack", "solve", set],
        &["stack", "solve", set, "--count"],
        &["place", "latin", "--square", square],
        &["twisty", "random", "3x3x3", "--count", "10000000"],
    ];
    for args in cases {
        let script = format!(
            "ulimit -v 1600000; exec \"$0\" --max-memory 1024 {}",
            args.iter().map(|a| format!("'{a}'")).collect::<Vec<_>>().join(" ")
        );
        let out = Command::new("sh")
            .arg("-c")
            .arg(&script)
            .arg(env!("CARGO_BIN_EXE_cubist"))
            .env("XDG_CACHE_HOME", crate::support::cache_home())
            .output()
            .expect("sh runs");
        let err = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        assert!(matches!(code, Some(0) | Some(3)), "cubist {args:?}: {code:?}\n{err}");
        if code == Some(3) {
            assert!(
                err.contains("refused: ") && err.contains("over the limit of"),
                "cubist {args:?}: {err}"
            );
        }
    }
}
