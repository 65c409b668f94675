//! Every example in README.md and docs/*.md runs, and prints what the page
//! says it prints.
//!
//! An example is a fenced block with the info string `console`: each line
//! starting with `$ ` is a command, run with `sh -c` (so pipes work) with
//! `cubist` on the `PATH`, in a fresh folder per page that holds a copy of
//! the repository's `examples/`; the lines after it, up to the next command,
//! are its output (standard output and standard error, as a terminal shows
//! them). In the expected text a line `...` matches any number of lines and
//! `[..]` matches any text within a line (timings). A page's commands run in
//! order in the same folder, so one example may use a file an earlier one
//! wrote.
//!
//! `trycmd` runs commands without a shell and checks files in its own case
//! format; the pages need pipes (`| tail -1`) and read as a user types, so a
//! small harness does it. It also fails on any `$ ` line outside a `console`
//! block, so no example can escape being run.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A command of a page, with what it should print.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The `console` examples of a page; panics on a `$ ` line elsewhere.
fn examples(page: &Path, text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut fence: Option<bool> = None; // Some(is_console) inside a block
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            fence = match fence {
                None => Some(trimmed.trim_start_matches('`').trim() == "console"),
                Some(_) => None,
            };
            continue;
        }
        match fence {
            Some(true) => {
                if let Some(cmd) = line.strip_prefix("$ ") {
                    found.push(Example {
                        line: i + 1,
                        command: cmd.to_string(),
                        expected: Vec::new(),
                    });
                } else if let Some(ex) = found.last_mut() {
                    ex.expected.push(line.to_string());
                } else {
                    panic!(
                        "{}:{}: a console block must start with a `$ ` command",
                        page.display(),
                        i + 1
                    );
                }
            }
            Some(false) => assert!(
                !line.starts_with("$ "),
                "{}:{}: a shell example outside a ```console block is never run",
                page.display(),
                i + 1
            ),
            None => {}
        }
    }
    found
}

/// Whether `actual` matches `expected`, where a line `...` matches any
/// number of lines and `[..]` any text within a line.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => (0..=actual.len()).any(|k| matches(rest, &actual[k..])),
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(first, a) && matches(rest, more)),
    }
}

/// One line against a pattern with `[..]` wildcards.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The repository's top folder.
fn top() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository")
}

/// The pages with examples: README.md and docs/*.md.
fn pages() -> Vec<PathBuf> {
    let top = top();
    let mut pages = vec![top.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(top.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("docs entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// Copies a folder tree.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir") {
        let e = e.expect("entry");
        let target = to.join(e.file_name());
        if e.file_type().expect("type").is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).expect("copy");
        }
    }
}

/// Runs one page's examples; returns the failures as messages.
fn run_page(page: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(page).expect("page");
    let found = examples(page, &text);
    if found.is_empty() {
        return Vec::new();
    }
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(&top().join("examples"), &dir.path().join("examples"));
    let bin = Path::new(env!("CARGO_BIN_EXE_cubist"))
        .parent()
        .expect("bin dir")
        .to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let mut failures = Vec::new();
    for ex in &found {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("exec 2>&1\n{}", ex.command))
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("HOME", dir.path())
            .env("XDG_CACHE_HOME", crate::support::cache_home())
            .output()
            .expect("sh runs");
        let actual = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = actual.lines().collect();
        let mut expected = ex.expected.clone();
        while expected.last().is_some_and(|l| l.trim().is_empty()) {
            expected.pop();
        }
        if !matches(&expected, &lines) {
            failures.push(format!(
                "{}:{}: $ {}\n--- expected\n{}\n--- actual\n{}",
                page.display(),
                ex.line,
                ex.command,
                expected.join("\n"),
                actual.trim_end()
            ));
        }
    }
    failures
}

/// The pages are independent (each runs in its own folder), so they run on
/// every core, a page at a time each: the examples are most of the CLI
/// tests' processor time and would otherwise end the run on one core.
#[test]
fn every_example_in_the_docs_prints_what_it_says() {
    let pages = pages();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(pages.len()));
    let mut failures: Vec<(usize, Vec<String>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(page) = pages.get(i) else { break done };
                        done.push((i, run_page(page)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a page's examples ran"))
            .collect()
    });
    failures.sort_by_key(|(i, _)| *i);
    let failures: Vec<String> = failures.into_iter().flat_map(|(_, f)| f).collect();
    assert!(
        failures.is_empty(),
        "{} examples differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_matcher_understands_its_wildcards() {
    let exp = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
    assert!(matches(&exp("a\n...\nd"), &["a", "b", "c", "d"]));
    assert!(matches(&exp("a\n...\nd"), &["a", "d"]));
    assert!(!matches(&exp("a\n...\nd"), &["a", "b"]));
    assert!(matches(&exp("took [..] ms"), &["took 0.41 ms"]));
    assert!(!matches(&exp("took [..] ms"), &["took 0.41 s"]));
    assert!(matches(&exp("[..]"), &["anything"]));
    assert!(!matches(&exp("x"), &["x", "y"]));
}
