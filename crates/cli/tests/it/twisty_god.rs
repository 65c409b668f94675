//! `cubist twisty god`, run as a user runs it.

use crate::support::{cubist, json, ok, run_with_stdin};

#[test]
fn urf_text_and_json() {
    let out = ok(&["twisty", "god", "2x2x2", "--moves", "U,R,F"]);
    assert!(out.contains("reachable positions (Schreier-Sims): 3674160"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["11", "2644"]),
        "{out}"
    );
    assert!(out.contains("total: 3674160 states, maximum distance 11"), "{out}");
    let v = json(&["twisty", "god", "2x2x2", "--moves", "U,R,F", "--json"]);
    let d: Vec<u64> = v["distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(
        d,
        [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
    );
    assert_eq!(v["command"], "twisty god");
    assert_eq!(v["count"], 3674160);
    assert_eq!(v["metric"], "htm");
    assert_eq!(v["generators"], serde_json::json!(["U", "R", "F"]));
    assert_eq!(v["positions"], "3674160");
    assert!(v["time_ms"].as_f64().unwrap() >= 0.0);
}

#[test]
fn quarter_turns() {
    let v = json(&[
        "twisty", "god", "2x2x2", "--moves", "U,R,F", "--metric", "qtm", "--json",
    ]);
    let d = v["distribution"].as_array().unwrap();
    assert_eq!((d.len() - 1, d.last().unwrap().as_u64()), (14, Some(276)));
    assert_eq!(v["count"], 3674160);
}

#[test]
fn errors_are_messages() {
    let (ok, _, err) = cubist(&["twisty", "god", "3x3x3"]);
    assert!(!ok && err.contains("past 2^64"), "{err}");
    let (ok, _, err) = cubist(&["twisty", "god", "3x3x3", "--moves", "U,R,F"]);
    assert!(!ok && err.contains("over the limit of 2^33 states"), "{err}");
    let (ok, _, err) = cubist(&["twisty", "god", "2x2x2", "--moves", "U,Q"]);
    assert!(!ok && err.contains("unknown move \"Q\""), "{err}");
    // Refused work exits 3, bad input 2.
    let code = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_cubist"))
            .args(args)
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(code(&["twisty", "god", "3x3x3", "--moves", "U,R,F"]), Some(3));
    assert_eq!(code(&["twisty", "god", "2x2x2", "--moves", "U,Q"]), Some(2));
    // The time between saves within a level is bounded, and only for a
    // search out of core.
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("urf.work");
    let work = work.to_str().unwrap();
    let urf = ["twisty", "god", "2x2x2", "--moves", "U,R,F"];
    let late = [&urf[..], &["--work", work, "--save-every", "2000000000"]].concat();
    let (ok, _, err) = cubist(&late);
    assert!(
        !ok && err.contains("saves every 2000000000 seconds: give 0 to 10^9 seconds"),
        "{err}"
    );
    assert_eq!(code(&late), Some(2));
    assert_eq!(code(&[&urf[..], &["--save-every", "5"]].concat()), Some(2));
}

/// `--checkpoint`: a search killed outright (`kill -9`) after it saved a
/// level goes on from there when started again with the same file, and
/// ends as a search never stopped; a finished one answers from the file.
#[test]
fn a_killed_search_resumes_from_its_checkpoint() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cube.god");
    let path = file.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["twisty", "god", "2x2x2", "--checkpoint", path])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !file.exists() && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let v = json(&["twisty", "god", "2x2x2", "--checkpoint", path, "--json"]);
    assert!(v["resumed_at"].as_u64().is_some(), "{v}");
    assert_eq!(v["count"], 88179840);
    let plain = json(&["twisty", "god", "2x2x2", "--json"]);
    assert_eq!(v["distribution"], plain["distribution"]);
    assert_eq!(plain["resumed_at"], serde_json::Value::Null);
    let out = ok(&["twisty", "god", "2x2x2", "--checkpoint", path]);
    let last = plain["distribution"].as_array().unwrap().len() - 1;
    assert!(
        out.contains(&format!("resumed from the checkpoint after distance {last}")),
        "{out}"
    );
}

/// `--symmetry`: the same distribution, the classes beside it in the text
/// and in JSON (`symmetries`, `classes`, `reduced_space`; `null` without
/// it); a checkpoint is refused with it, as bad usage.
#[test]
fn reduced_by_symmetry() {
    // `twisty god 2x2x2 --moves U,R,F` with `extra` after it.
    fn urf<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        [&["twisty", "god", "2x2x2", "--moves", "U,R,F"][..], extra].concat()
    }
    let out = ok(&urf(&["--symmetry"]));
    assert!(out.contains("symmetries: 6; reduced table: 634230 entries"), "{out}");
    assert!(
        out.contains("total: 3674160 states in 612630 classes, maximum distance 11"),
        "{out}"
    );
    let v = json(&urf(&["--symmetry", "auto", "--json"]));
    assert_eq!(v["count"], 3674160);
    assert_eq!(v["symmetries"], 6);
    assert_eq!(v["reduced_space"], 634230);
    assert_eq!(
        v["classes"],
        serde_json::json!([1, 2, 9, 54, 309, 1670, 8361, 37943, 145046, 314710, 104076, 449])
    );
    assert_eq!(v["distribution"][11], 2644);
    let plain = json(&urf(&["--symmetry", "none", "--json"]));
    assert_eq!(plain["distribution"], v["distribution"]);
    assert_eq!(plain["classes"], serde_json::Value::Null);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g");
    let (done, _, err) = cubist(&urf(&["--symmetry", "--checkpoint", file.to_str().unwrap()]));
    assert!(!done && err.contains("cannot be saved to a checkpoint"), "{err}");
    // The plan sees the reduced table; the bound is on its entries.
    let (done, _, err) = cubist(&["--max-memory", "1", "twisty", "god", "2x2x2", "--symmetry"]);
    assert!(
        !done && err.contains("reduced by 48 symmetries (2152008 entries at 2 bits)"),
        "{err}"
    );
    let (done, _, err) = cubist(&["twisty", "god", "3x3x3", "--moves", "U,R,F", "--symmetry"]);
    assert!(!done && err.contains("over the limit of 2^33 entries"), "{err}");
}

/// `--symmetry auto+inverse`: the plain distribution, with classes under
/// the symmetries and inversion (`symmetries` counts both, 2 x 6); the plan
/// names inversion; a puzzle with identical pieces is refused as bad input
/// (exit 2), where `--symmetry auto` runs.
#[test]
fn reduced_by_symmetry_and_inversion() {
    let v = json(&[
        "twisty",
        "god",
        "2x2x2",
        "--moves",
        "U,R,F",
        "--symmetry",
        "auto+inverse",
        "--json",
    ]);
    assert_eq!(v["count"], 3674160);
    assert_eq!(v["symmetries"], 12);
    assert_eq!(v["reduced_space"], 373977);
    assert_eq!(
        v["classes"],
        serde_json::json!([1, 2, 6, 33, 165, 879, 4267, 19269, 73194, 159241, 53586, 287])
    );
    let plain = json(&["twisty", "god", "2x2x2", "--moves", "U,R,F", "--json"]);
    assert_eq!(plain["distribution"], v["distribution"]);
    let (done, _, err) = cubist(&[
        "--max-memory",
        "1",
        "twisty",
        "god",
        "2x2x2",
        "--symmetry",
        "auto+inverse",
    ]);
    assert!(
        !done && err.contains("reduced by 48 symmetries and inversion (1430298 entries at 2 bits)"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("twins.tws");
    std::fs::write(
        &file,
        "Name twins\nSet C 4 1\nSolved\nC\n1 1 2 3\nEnd\nMove a\nC\n2 3 4 1\nEnd\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (code, _, err) = run_with_stdin(None, &["twisty", "god", path, "--symmetry", "auto+inverse"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("slots 1 and 2 of set C hold identical pieces"), "{err}");
    let (code, out, err) = run_with_stdin(None, &["twisty", "god", path, "--symmetry", "auto"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("total: 4 states in 3 classes"), "{out}");
}

/// `--work DIR`: the search out of core gives the in-memory distribution,
/// reports its blocks and every level's bytes, goes on from the folder
/// after a `kill -9` within a level (at the block it saved, `--save-every
/// 0` saving as often as it may, after an eighth of a pass's blocks), and
/// refuses what does not go with it.
#[test]
fn out_of_core_in_a_work_folder() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("urf.work");
    let path = work.to_str().unwrap();
    // `twisty god 2x2x2 --moves U,R,F --metric qtm` with `extra` after it.
    fn urf<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        [
            &["twisty", "god", "2x2x2", "--moves", "U,R,F", "--metric", "qtm"][..],
            extra,
        ]
        .concat()
    }
    let args = urf(&["--work", path, "--block-states", "65536", "--save-every", "0"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // A save within a level, past its first block: `within PASS DONE ...`.
    let within = |text: &str| {
        text.lines().any(|l| {
            l.strip_prefix("within ")
                .and_then(|rest| rest.split(' ').nth(1))
                .is_some_and(|done| done != "0")
        })
    };
    let state = work.join("god.state");
    let start = Instant::now();
    while !std::fs::read_to_string(&state).is_ok_and(|s| within(&s)) {
        assert!(start.elapsed() < Duration::from_secs(120), "no save within a level");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // Another interval of saves: only the blocks must stay the same.
    let v = json(&urf(&["--work", path, "--block-states", "65536", "--json"]));
    let plain = json(&[
        "twisty", "god", "2x2x2", "--moves", "U,R,F", "--metric", "qtm", "--json",
    ]);
    assert_eq!(v["distribution"], plain["distribution"]);
    let o = &v["out_of_core"];
    let w = &o["resumed_within"];
    assert!(w["done"].as_u64().is_some_and(|d| d > 0), "{v}");
    assert_eq!(w["blocks"], 57, "{v}");
    assert!(matches!(w["pass"].as_str(), Some("expand" | "apply")), "{v}");
    assert_eq!(w["distance"].as_u64(), v["resumed_at"].as_u64().map(|d| d + 1), "{v}");
    assert_eq!(
        (o["blocks"].as_u64(), o["block_states"].as_u64()),
        (Some(57), Some(65536))
    );
    assert_eq!(o["levels"].as_array().unwrap().len(), 15);
    assert_eq!(o["levels"][0]["bytes_written"], 918544);
    assert_eq!(plain["out_of_core"], serde_json::Value::Null);
    // The disk: planned from the table and 3,674,159 states a level at
    // most; the folder held both tables and at least the largest level's
    // buckets, and no more than planned.
    let disk = &o["planned_disk"];
    assert_eq!(disk["table_bytes"], 918544);
    assert_eq!(disk["frontier_bound"], 3674159);
    let total = disk["total_bytes"].as_u64().unwrap();
    let parts = ["table_bytes", "table_bytes", "bucket_bytes", "state_bytes"];
    assert_eq!(total, parts.iter().map(|k| disk[*k].as_u64().unwrap()).sum::<u64>());
    let peak = o["peak_disk_bytes"].as_u64().unwrap();
    assert!(peak > 2 * 918544 && peak <= total, "{peak} {total}");
    // The folder holds no buckets once the search is done.
    assert!(std::fs::read_dir(&work)
        .unwrap()
        .flatten()
        .all(|e| !e.file_name().to_string_lossy().starts_with("bucket-")));
    // Done: started again, one pass, the same answer, in text.
    let out = ok(&urf(&["--work", path]));
    assert!(out.contains("resumed from the work folder after distance 14"), "{out}");
    assert!(out.contains("out of core: "), "{out}");
    assert!(out.contains("total: 3674160 states, maximum distance 14"), "{out}");
    // Another search's folder, symmetry, a checkpoint: refused, exit 2.
    let code = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_cubist")).args(args).output().unwrap();
        (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
    };
    let (c, err) = code(&["twisty", "god", "2x2x2", "--moves", "U,R,F", "--work", path]);
    assert_eq!(c, Some(2), "{err}");
    assert!(err.contains("god.state: the checksum does not match"), "{err}");
    // The plan was said first, with the folder's free space.
    assert!(
        err.starts_with("cubist: ")
            && err.contains(" on disk at the most: God's algorithm out of core in ")
            && err.contains(" free there)"),
        "{err}"
    );
    let (c, err) = code(&[
        "twisty",
        "god",
        "2x2x2",
        "--moves",
        "U,R,F",
        "--work",
        path,
        "--symmetry",
    ]);
    assert_eq!(c, Some(2), "{err}");
    assert!(err.contains("runs in memory only"), "{err}");
    let ck = dir.path().join("c.god");
    let ck = ck.to_str().unwrap();
    let (c, err) = code(&["twisty", "god", "2x2x2", "--work", path, "--checkpoint", ck]);
    assert_eq!(c, Some(2), "{err}");
    // The memory: too little for any layout is refused (exit 3) naming the
    // least; without `--work` a table too large says how to search it.
    let (c, err) = code(&["--max-memory", "1", "twisty", "god", "2x2x2", "--work", path]);
    assert_eq!(c, Some(3), "{err}");
    assert!(
        err.contains("God's algorithm out of core for 2x2x2 (88179840 states) would need at least"),
        "{err}"
    );
    let (c, err) = code(&["--max-memory", "16", "twisty", "god", "2x2x2"]);
    assert_eq!(c, Some(3), "{err}");
    assert!(err.contains("; `--work DIR` searches it out of core"), "{err}");
    // Blocks only with a folder.
    let (c, err) = code(&["twisty", "god", "2x2x2", "--block-states", "65536"]);
    assert_eq!(c, Some(2), "{err}");
}

/// `n` `host:port` lines on the loopback, in a hosts file in `dir`: ports
/// no other connection takes before the cluster's processes listen on them
/// (`cubist_testkit::loopback_port` says why).
fn hosts_file(dir: &std::path::Path, n: usize) -> String {
    let text: String = cubist_testkit::loopback_addresses(n)
        .iter()
        .map(|a| format!("{a}\n"))
        .collect();
    let path = dir.join("hosts");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Starts `cubist ARGS --processes n --process i --hostfile F` for every `i`,
/// the last first and process 0 a second and a half after the others (so
/// they retry connecting to it); the children in process order.
fn spawn_cluster(args: &[&str], hosts: &str, n: usize) -> Vec<std::process::Child> {
    let mut children: Vec<_> = (0..n)
        .rev()
        .map(|i| {
            if i == 0 {
                std::thread::sleep(std::time::Duration::from_millis(1500));
            }
            spawn_process(args, hosts, n, i)
        })
        .collect();
    children.reverse();
    children
}

#[test]
fn three_processes_on_the_loopback_print_one_report() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = hosts_file(dir.path(), 3);
    let args = ["twisty", "god", "pyraminx", "--moves", "U,L,R,B", "--json"];
    let outs: Vec<_> = spawn_cluster(&args, &hosts, 3)
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    for o in &outs {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    // Standard output holds the report alone, though the others waited
    // for process 0 to come up.
    let v: serde_json::Value = serde_json::from_slice(&outs[0].stdout).unwrap();
    let one = json(&["twisty", "god", "pyraminx", "--moves", "U,L,R,B", "--json"]);
    assert_eq!(v["distribution"], one["distribution"]);
    assert_eq!(v["count"], 933120);
    assert_eq!(v["cluster"]["processes"], 3);
    assert_eq!(v["cluster"]["workers_per_process"], 1);
    let levels = v["cluster"]["levels"].as_array().unwrap();
    assert_eq!(levels.len(), one["distribution"].as_array().unwrap().len());
    assert_eq!(levels[0]["neighbours"], 8);
    // The plan: no checkpoint, no disk; every level sent less than the
    // bound from 933,119 states a level of 8 neighbours each, which every
    // process said before it started.
    assert_eq!(v["cluster"]["planned_disk_bytes_per_process"], 0);
    let bound = v["cluster"]["planned_bytes_sent_per_level"].as_u64().unwrap();
    assert!(bound >= 4 * 933_119 * 8, "{bound}");
    for l in levels {
        assert!(l["bytes_between_processes"].as_u64().unwrap() <= bound, "{l}");
    }
    for o in &outs {
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("at the most sent a level: 4 bytes for every neighbour another worker owns, from at most 933119 states a level"), "{err}");
        assert!(
            err.contains(" of 3: waiting up to 60 s for the other processes to connect ("),
            "{err}"
        );
    }
    for o in &outs[1..] {
        assert!(o.stdout.is_empty(), "only process 0 reports");
    }
}

/// Starts `cubist ARGS --processes n --process i --hostfile F`.
fn spawn_process(args: &[&str], hosts: &str, n: usize, i: usize) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(args)
        .args([
            "--processes",
            &n.to_string(),
            "--process",
            &i.to_string(),
            "--hostfile",
            hosts,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cubist runs")
}

/// The levels a God's checkpoint holds (its third line), `None` while it
/// has none.
fn saved_levels(path: &std::path::Path) -> Option<u64> {
    let bytes = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(512)]).into_owned();
    text.lines().nth(2)?.parse().ok()
}

/// A process killed mid-search stops the other with the documented
/// message (exit 1), and the two started again with their checkpoints
/// finish with the one-process distribution, from a saved level.
#[test]
fn a_killed_process_stops_the_other_and_both_resume_from_their_checkpoints() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = hosts_file(dir.path(), 2);
    let ck = dir.path().join("urf.god");
    let args = [
        "twisty",
        "god",
        "2x2x2",
        "--moves",
        "U,R,F",
        "--json",
        "--checkpoint",
        ck.to_str().unwrap(),
    ];
    let zero = spawn_process(&args, &hosts, 2, 0);
    let mut one = spawn_process(&args, &hosts, 2, 1);
    // Kill process 1 once it has saved distance 3 (it cannot finish the
    // search's 11 levels alone: the other waits for it at every level).
    let mine = dir.path().join("urf.god.1-of-2");
    let started = std::time::Instant::now();
    let killed_at = loop {
        if let Some(n) = saved_levels(&mine).filter(|&n| n >= 4) {
            one.kill().unwrap();
            break n;
        }
        assert!(started.elapsed().as_secs() < 60, "process 1 saved nothing");
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    one.wait().unwrap();
    let out = zero.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("the cluster lost a process or a worker"), "{err}");
    // With `--json` the error is a document on standard output too.
    let e: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        e["error"]["message"].as_str().unwrap().contains("lost a process"),
        "{e}"
    );
    // Both again, the same options: the search goes on from the highest
    // level both hold (process 0 may have saved one more, never less).
    let zero = spawn_process(&args, &hosts, 2, 0);
    let one = spawn_process(&args, &hosts, 2, 1);
    let (out, other) = (zero.wait_with_output().unwrap(), one.wait_with_output().unwrap());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(other.status.success(), "{}", String::from_utf8_lossy(&other.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let whole = json(&["twisty", "god", "2x2x2", "--moves", "U,R,F", "--json"]);
    assert_eq!(v["distribution"], whole["distribution"]);
    let resumed = v["resumed_at"].as_u64().expect("resumed");
    assert!(resumed >= 1 && resumed + 2 >= killed_at, "{resumed} {killed_at}");
    // The levels of this run only: from the one after the saved level.
    assert_eq!(v["cluster"]["levels"][0]["distance"], resumed + 1);
}

/// A peer that never starts: each side fails within its timeout, naming
/// the address it waited for.
#[test]
fn a_peer_that_never_starts_is_named_after_the_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    // Two clusters of two, each with one process missing.
    let (hosts_a, hosts_b) = (hosts_file(&a, 2), hosts_file(&b, 2));
    let port = |hosts: &str, i: usize| {
        std::fs::read_to_string(hosts)
            .unwrap()
            .lines()
            .nth(i)
            .unwrap()
            .to_string()
    };
    let (missing_1, missing_0) = (port(&hosts_a, 1), port(&hosts_b, 0));
    let args = [
        "twisty",
        "god",
        "pyraminx",
        "--moves",
        "U,L,R,B",
        "--connect-timeout",
        "2",
    ];
    let started = std::time::Instant::now();
    let zero = spawn_process(&args, &hosts_a, 2, 0);
    let one = spawn_process(&args, &hosts_b, 2, 1);
    for (child, missing, what) in [
        (zero, missing_1, "waited 2 s for process 1 at"),
        (one, missing_0, "cannot reach process 0 at"),
    ] {
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(&format!("{what} {missing}")), "{err}");
    }
    assert!(started.elapsed().as_secs_f64() < 8.0, "{:?}", started.elapsed());
    let (code, _, err) = run_with_stdin(
        None,
        &[
            "twisty",
            "god",
            "pyraminx",
            "--processes",
            "1",
            "--connect-timeout",
            "0",
        ],
        b"",
    );
    assert!(
        code == 2 && err.contains("connect timeout must be 1 to 86400"),
        "{code} {err}"
    );
}

/// A checkpoint of another search, of another cluster, or damaged, is
/// refused (exit 2) before anything runs.
#[test]
fn a_foreign_or_damaged_cluster_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("run.god");
    let ck = ck.to_str().unwrap();
    let base = ["twisty", "god", "2x2x2", "--moves", "U,R", "--checkpoint", ck, "--json"];
    let with = |extra: &[&str]| -> Vec<String> { base.iter().chain(extra).map(|s| s.to_string()).collect() };
    let first = json(
        &with(&["--processes", "1"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert!(first["resumed_at"].is_null());
    // The same again goes on from the last level saved, to the same end.
    let again = json(
        &with(&["--processes", "1"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert_eq!(again["distribution"], first["distribution"]);
    let deepest = first["distribution"].as_array().unwrap().len() - 1;
    assert_eq!(again["resumed_at"], deepest);
    let run = |args: &[&str]| run_with_stdin(None, args, b"");
    let other_puzzle = [
        "twisty",
        "god",
        "2x2x2",
        "--moves",
        "U,F",
        "--checkpoint",
        ck,
        "--processes",
        "1",
    ];
    let (code, _, err) = run(&other_puzzle);
    assert!(
        code == 2 && err.contains("not a checkpoint of this search"),
        "{code} {err}"
    );
    let hosts = hosts_file(dir.path(), 2);
    let (code, _, err) = run(&with(&["--processes", "2", "--process", "0", "--hostfile", &hosts])
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());
    assert!(
        code == 2 && err.contains("a checkpoint of a cluster of 1 processes"),
        "{code} {err}"
    );
    let (code, _, err) = run(&with(&["--processes", "1", "--workers", "2"])
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());
    assert!(
        code == 2 && err.contains("of one worker, this one has 1 of 2 workers"),
        "{code} {err}"
    );
    // One bit of the saved table changed.
    let file = dir.path().join("run.god.0-of-1");
    let mut bytes = std::fs::read(&file).unwrap();
    let n = bytes.len();
    bytes[n - 20] ^= 4;
    std::fs::write(&file, bytes).unwrap();
    let (code, _, err) = run(&with(&["--processes", "1"])
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());
    assert!(code == 2 && err.contains("checksum does not match"), "{code} {err}");
}

#[test]
fn bad_clusters_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let hosts = hosts_file(dir.path(), 2);
    let base = ["twisty", "god", "pyraminx", "--moves", "U,L,R,B"];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        run_with_stdin(None, &args, b"")
    };
    let (code, _, err) = run(&["--processes", "2", "--process", "2", "--hostfile", &hosts]);
    assert!(
        code == 2 && err.contains("process index 2 is out of range"),
        "{code} {err}"
    );
    let (code, _, err) = run(&["--processes", "3", "--process", "0", "--hostfile", &hosts]);
    assert!(
        code == 2 && err.contains("names 2 processes but the cluster has 3"),
        "{code} {err}"
    );
    let bad = dir.path().join("bad");
    std::fs::write(&bad, "127.0.0.1:4000\nlocalhost\n").unwrap();
    let (code, _, err) = run(&[
        "--processes",
        "2",
        "--process",
        "0",
        "--hostfile",
        bad.to_str().unwrap(),
    ]);
    assert!(
        code == 2 && err.contains("line 2: `localhost` is not `host:port`"),
        "{code} {err}"
    );
    let (code, _, err) = run(&["--processes", "2", "--process", "0"]);
    assert!(code == 2 && err.contains("needs --hostfile"), "{code} {err}");
    let (code, _, err) = run(&["--processes", "2", "--process", "0", "--hostfile", "/nonexistent/hosts"]);
    assert!(code == 2 && err.contains("cannot read the hosts file"), "{code} {err}");
    let (code, _, err) = run(&["--processes", "1", "--symmetry"]);
    assert!(code == 2 && err.contains("not reduced by symmetry"), "{code} {err}");
    let (code, _, err) = run(&["--processes", "1", "--work", dir.path().to_str().unwrap()]);
    assert!(code == 2 && err.contains("not out of core"), "{code} {err}");
}
