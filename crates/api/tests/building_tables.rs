//! A solve of the 3x3x3 says first that it builds its two-phase tables (a
//! notice), then tells the progress of the build (one phase, `done` of
//! `total`, ending at the total), and nothing of tables it finds ready: in
//! memory, or in the cache folder. (In its own
//! binary, so that no other test has the tables in memory already; the
//! cached case runs in a child process of this binary, which has not built
//! them.)
//!
//! The tables it builds are then given to the folder every test process of
//! the workspace reads them from (`<build folder>/tmp/cache/cubist`), when
//! that has none yet: this binary's name puts it before the package's other
//! tests, so the workspace's test run builds the tables once.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use cubist_api::twisty::solve::{solve, SolveRequest};
use cubist_api::{Context, Progress};
use cubist_twisty_search::twophase::CACHE_FILE;

/// The environment variable that makes the test its own child process,
/// naming the cache folder the parent filled.
const CACHE_ENV: &str = "CUBIST_TEST_TWO_PHASE_CACHE";

/// The test's name, which the child process runs.
const NAME: &str = "a_build_reports_one_phase_to_its_total_and_ready_tables_nothing";

/// What a solve told: its progress calls (phase, done, total), its
/// notices, and where the two-phase tables came from.
type Told = (Vec<(String, u64, u64)>, Vec<String>, &'static str);

/// Solves `R U R' U'` with `cache`, recording every progress call and
/// every notice.
fn solve_recording(cache: &Path) -> Told {
    let calls = Mutex::new(Vec::new());
    let notices = Mutex::new(Vec::new());
    let record = |p: Progress<'_>| calls.lock().unwrap().push((p.phase.to_string(), p.done, p.total));
    let say = |text: &str| notices.lock().unwrap().push(text.to_string());
    let ctx = Context {
        cache_dir: Some(cache.to_path_buf()),
        progress: Some(&record),
        notice: Some(&say),
        ..Context::default()
    };
    let report = solve(&SolveRequest::new("3x3x3").scramble("R U R' U'"), &ctx).unwrap();
    assert_eq!(report.method, "twophase");
    assert_eq!(report.tables.len(), 1);
    (
        calls.into_inner().unwrap(),
        notices.into_inner().unwrap(),
        report.tables[0].origin,
    )
}

/// A folder of its own under the system's temporary folder, removed when
/// dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_build_reports_one_phase_to_its_total_and_ready_tables_nothing() {
    // In the child process: the tables are read from the cache folder,
    // by a process that never had them, and nothing is reported.
    if let Some(cache) = std::env::var_os(CACHE_ENV) {
        let (calls, notices, origin) = solve_recording(Path::new(&cache));
        assert_eq!((calls, notices, origin), (vec![], vec![], "cached"));
        return;
    }
    let dir = TempDir(std::env::temp_dir().join(format!("cubist-two-phase-progress-{}", std::process::id())));
    let cache = dir.0.join("cache");
    // A fresh cache folder: the build is announced, then reported.
    let (calls, notices, origin) = solve_recording(&cache);
    assert_eq!(origin, "built");
    assert_eq!(
        notices,
        vec![format!(
            "building the two-phase tables (136 MiB, seconds, once; cached in {})",
            cache.display()
        )]
    );
    let bar: Vec<&(String, u64, u64)> = calls.iter().filter(|c| c.0 == "two-phase tables").collect();
    assert_eq!(bar.len(), calls.len(), "{:?}", &calls[..3]);
    let total = bar[0].2;
    assert!(total > 0 && bar.iter().all(|c| c.2 == total));
    assert_eq!(bar[0].1, 0);
    assert!(bar.windows(2).all(|w| w[0].1 <= w[1].1));
    assert_eq!(bar[bar.len() - 1].1, total);
    assert!(cache.join(CACHE_FILE).is_file());
    // In memory now: nothing to report.
    let (calls, notices, origin) = solve_recording(&cache);
    assert_eq!((calls, notices, origin), (vec![], vec![], "memory"));
    // Read from the cache folder by a process without them: nothing either.
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", NAME])
        .env(CACHE_ENV, &cache)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&child.stdout);
    assert!(child.status.success() && out.contains("1 passed"), "{out}");
    share(&cache.join(CACHE_FILE));
}

/// Copies the tables' file into the test processes' shared folder unless
/// one is there: under a name of its own first, then renamed into place, so
/// that a process reading the folder never sees half a file.
fn share(file: &Path) {
    let shared = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache").join("cubist");
    let target = shared.join(file.file_name().unwrap());
    if target.exists() {
        return;
    }
    let part = shared.join(format!(".building-tables-{}", std::process::id()));
    std::fs::create_dir_all(&shared).unwrap();
    std::fs::copy(file, &part).unwrap();
    std::fs::rename(&part, &target).unwrap();
}
