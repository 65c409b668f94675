//! `--shard I/N` and `cubist merge` through the binary: the shards' JSON
//! documents, written to files and merged, give the whole census's output
//! byte for byte (text and `--json`); every refusal exits 2 with its message.

use std::path::Path;

/// Runs `cubist ARGS` in `dir` with `stdin`: exit code, standard output, standard error.
fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    crate::support::run_with_stdin(Some(dir), args, stdin)
}

/// The standard output of a run that must succeed.
fn ok(dir: &Path, args: &[&str]) -> String {
    let (code, out, err) = run(dir, args, b"");
    assert_eq!(code, 0, "cubist {args:?}: {err}");
    out
}

/// Runs each shard of `count` of `census` (its arguments) with `--json`
/// into `<stem>.<I>.json`; returns the files' names.
fn shards(dir: &Path, census: &[&str], count: usize, stem: &str) -> Vec<String> {
    (0..count)
        .map(|i| {
            let shard = format!("{i}/{count}");
            let mut args = census.to_vec();
            args.extend(["--shard", &shard, "--json"]);
            let name = format!("{stem}.{i}.json");
            std::fs::write(dir.join(&name), ok(dir, &args)).unwrap();
            name
        })
        .collect()
}

/// Merges the shards of `census` for each count and compares with the
/// whole run's text and JSON.
fn check(census: &[&str], counts: &[usize]) {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let whole_text = ok(dir, census);
    let whole_json = ok(dir, &[census, &["--json"]].concat());
    for &count in counts {
        let files = shards(dir, census, count, "s");
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        let text = ok(dir, &[&["merge"], &files[..]].concat());
        assert_eq!(text, whole_text, "{census:?} in {count} shards");
        let json = ok(dir, &[&["merge", "--json"], &files[..]].concat());
        assert_eq!(json, whole_json, "{census:?} in {count} shards");
        // The same documents through standard input, one after another.
        let all: Vec<u8> = files.iter().flat_map(|f| std::fs::read(dir.join(f)).unwrap()).collect();
        let (code, piped, err) = run(dir, &["merge", "-", "--json"], &all);
        assert_eq!((code, piped.as_str()), (0, whole_json.as_str()), "{err}");
    }
}

#[test]
fn stack_census_shards_merge_to_the_whole_output() {
    check(&["stack", "census", "--colours", "3"], &[1, 2, 3, 200]);
    check(&["stack", "census", "--colours", "4", "--cubes", "2"], &[3]);
}

#[test]
fn target_census_and_family_shards_merge_to_the_whole_output() {
    check(&["target", "census", "--table1", "--target", "Ba"], &[1, 2, 3]);
    check(&["target", "family", "--colours", "2"], &[1, 2, 3, 10]);
}

/// The multiset census in two shards (each sweeps half the chunks and
/// searches the supports it found), merged: the whole run's answer (the
/// figures of the whole run in `target::multiset_answer`, an ignored test
/// that computes them). The shards together sweep the 2^30 sets once: over
/// a minute of processor time, so it runs with the other long checks
/// (`bash bench/ignored.sh`); the merge of shards is tested on every run by
/// the stacking census's shards below.
#[test]
#[ignore = "the multiset census's 2^30 sets (over a minute of processor time)"]
fn the_multiset_census_in_shards_merges_to_the_whole_answer() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let census = ["target", "census", "--multiset"];
    let files = shards(dir, &census, 2, "m");
    let merged = ok(dir, &["merge", "--json", &files[0], &files[1]]);
    let doc: serde_json::Value = serde_json::from_str(&merged).unwrap();
    assert_eq!(
        (
            doc["size"].as_u64(),
            doc["optimum_count"].as_u64(),
            doc["support_count"].as_u64()
        ),
        (Some(23), Some(120), Some(5_832_272))
    );
    assert_eq!(doc["multiset"][0], serde_json::json!({"cube": "Ab", "copies": 7}));
}

/// The same shards merged give the whole run's documents byte for byte,
/// text and JSON (the whole run sweeps the 2^30 sets again: a minute or
/// two).
#[test]
#[ignore = "three runs of the multiset census (minutes in a debug build)"]
fn the_multiset_census_in_shards_merges_to_the_whole_output() {
    check(&["target", "census", "--multiset"], &[2]);
}

#[test]
fn merge_draws_the_whole_census_histogram() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let census = ["stack", "census", "--colours", "3"];
    ok(dir, &[&census[..], &["--svg", "whole.svg"]].concat());
    let files = shards(dir, &census, 2, "k3");
    ok(dir, &["merge", &files[0], &files[1], "--svg", "merged.svg"]);
    let (whole, merged) = (
        std::fs::read(dir.join("whole.svg")).unwrap(),
        std::fs::read(dir.join("merged.svg")).unwrap(),
    );
    assert!(whole.starts_with(b"<svg") && whole == merged);
    let (code, _, err) = run(dir, &[&census[..], &["--shard", "0/2", "--svg", "x.svg"]].concat(), b"");
    assert_eq!(
        (code, err.trim()),
        (
            2,
            "cubist: --svg draws the whole census: give it to `cubist merge` with the shards' documents"
        )
    );
    let spectrum = ["target", "census", "--spectrum", "--shard", "0/2", "--svg", "x.svg"];
    let (code, _, err) = run(dir, &spectrum, b"");
    assert_eq!(
        (code, err.trim()),
        (
            2,
            "cubist: --svg draws the whole spectrum: give it to `cubist merge` with the shards' documents"
        )
    );
    assert!(!dir.join("x.svg").exists());
}

#[test]
fn bad_shards_and_bad_sets_of_documents_exit_2_with_their_messages() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let census = ["stack", "census", "--colours", "3"];
    for (value, message) in [
        ("3/3", "the shard index must be below the count (0 to 2), not 3"),
        ("0/0", "the shard count must be 1 to 1000000, not 0"),
        ("0/1000001", "the shard count must be 1 to 1000000, not 1000001"),
        ("x/2", "expected I/N, shard I of N: two whole numbers with 0 <= I < N"),
        ("1/2/3", "expected I/N, shard I of N: two whole numbers with 0 <= I < N"),
    ] {
        for command in [
            &census[..],
            &["target", "census", "--table1"],
            &["target", "family", "--colours", "2"],
        ] {
            let (code, _, err) = run(dir, &[command, &["--shard", value]].concat(), b"");
            let first = err.lines().next().unwrap_or("");
            assert_eq!(
                (code, first),
                (
                    2,
                    format!("error: invalid value '{value}' for '--shard <I/N>': {message}").as_str()
                ),
                "{command:?} --shard {value}"
            );
        }
    }
    let files = shards(dir, &census, 3, "k3");
    std::fs::write(dir.join("k3.json"), ok(dir, &[&census[..], &["--json"]].concat())).unwrap();
    shards(dir, &["stack", "census", "--colours", "3", "--cubes", "2"], 3, "n2");
    std::fs::write(dir.join("bad.json"), "{\"cubist\": \"0.1.0\",\n  \"shard\" 1}").unwrap();
    for (args, message) in [
        (vec!["merge", &files[0], &files[2]], "cubist: missing shard 1 of 3".to_string()),
        (
            vec!["merge", &files[0], &files[1], &files[1], &files[2]],
            "cubist: k3.1.json: shard 1 of 3 twice (also in k3.1.json)".to_string(),
        ),
        (
            vec!["merge", &files[0], "n2.1.json", &files[2]],
            "cubist: n2.1.json: a shard of the census {\"colours\":3,\"cubes\":2,\"list\":null,\"show\":10}, \
             but k3.0.json is of {\"colours\":3,\"cubes\":null,\"list\":null,\"show\":10}: shards of different parameters"
                .to_string(),
        ),
        (
            vec!["merge", "k3.json"],
            "cubist: k3.json: not a shard's document (a report of `stack census` with no \"shard\" field): \
             run the census with --shard I/N --json"
                .to_string(),
        ),
        (vec!["merge", "bad.json"], "cubist: bad.json:2:11: not JSON: expected `:`".to_string()),
        (
            vec!["merge", "-", "-"],
            "cubist: standard input (-) given twice: it holds any number of documents, give it once".to_string(),
        ),
        (
            vec!["target", "census", "--table2", "--shard", "0/2"],
            format!("cubist: {}", "--shard splits --table1 (by target), --spectrum, --universal and --multiset (by chunk of their sweep); --table2 and --haraguchi take under a second whole"),
        ),
    ] {
        let (code, _, err) = run(dir, &args, b"");
        assert_eq!((code, err.trim()), (2, message.as_str()), "{args:?}");
    }
    let (code, out, _) = run(dir, &["merge", "--json", &files[0]], b"");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((code, &doc["error"]["kind"]), (2, &serde_json::json!("input")));
}

#[test]
fn a_shard_keeps_its_own_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let census = ["stack", "census", "--colours", "3"];
    fn with(shard: &str) -> Vec<&str> {
        vec![
            "stack",
            "census",
            "--colours",
            "3",
            "--shard",
            shard,
            "--checkpoint",
            "s.ck",
            "--json",
        ]
    }
    let first = ok(dir, &with("1/3"));
    // Resumed from its checkpoint: the same part.
    assert_eq!(ok(dir, &with("1/3")), first);
    let header = std::fs::read_to_string(dir.join("s.ck")).unwrap();
    assert!(header.lines().next().unwrap().contains("\"shard\":[1,3]"), "{header}");
    for (args, other) in [
        (with("2/3"), "--colours 3 --cubes 3 --shard 2/3"),
        (
            [&census[..], &["--checkpoint", "s.ck"]].concat(),
            "--colours 3 --cubes 3",
        ),
    ] {
        let (code, _, err) = run(dir, &args, b"");
        assert_eq!(
            (code, err.trim().to_string()),
            (
                2,
                format!(
                    "cubist: s.ck: checkpoint of the census --colours 3 --cubes 3 --shard 1/3, not {other}; \
                     use another file or delete this one"
                )
            )
        );
    }
}
