//! Counts stopped and resumed through a checkpoint file, and the search
//! modes of `solve`.

use cubist_exact::problems::queens;
use cubist_exact::{count_resumable, solve, write_dlx, Dlx, Mode};
use std::ops::ControlFlow;

/// A checkpoint path of its own for each test, removed at the end.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("cubist-exact-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn a_count_stopped_twice_ends_as_an_uninterrupted_one() {
    let p = queens(8);
    let text = write_dlx(&p);
    let mut plain = Dlx::new(&p);
    plain.count();
    let cp = TempFile::new("resume");
    let go = |limit| count_resumable(&p, &text, &cp.0, limit, |_| ControlFlow::Continue(())).unwrap();
    let (st, done) = go(Some(300));
    assert_eq!((st.nodes, done), (300, false));
    let (st, done) = go(Some(700));
    assert_eq!((st.nodes, done), (700, false));
    let (st, done) = go(None);
    assert!(done);
    assert_eq!(st, plain.stats());
    // Stopped by the caller after its first chunk of nodes (12 queens
    // take several): saved, and resumed to the same end.
    let p = queens(12);
    let text = write_dlx(&p);
    let mut plain = Dlx::new(&p);
    plain.count();
    let stopped = TempFile::new("stopped");
    let (st, done) = count_resumable(&p, &text, &stopped.0, None, |_| ControlFlow::Break(())).unwrap();
    assert!(!done && st.nodes > 0);
    let (st, done) = count_resumable(&p, &text, &stopped.0, None, |_| ControlFlow::Continue(())).unwrap();
    assert!(done);
    assert_eq!(st, plain.stats());
}

#[test]
fn a_checkpoint_of_another_problem_is_refused() {
    let cp = TempFile::new("other");
    let q8 = queens(8);
    let _ = count_resumable(&q8, &write_dlx(&q8), &cp.0, Some(100), |_| ControlFlow::Continue(())).unwrap();
    let q6 = queens(6);
    let e = count_resumable(&q6, &write_dlx(&q6), &cp.0, None, |_| ControlFlow::Continue(())).unwrap_err();
    assert!(
        e.to_string()
            .ends_with(": this checkpoint belongs to another problem file"),
        "{e}"
    );
    assert_eq!(e.input().map(|i| i.file.clone()), Some(cp.0.display().to_string()));
    std::fs::write(&cp.0, "{}").unwrap();
    let e = count_resumable(&q6, &write_dlx(&q6), &cp.0, None, |_| ControlFlow::Continue(())).unwrap_err();
    assert!(e.to_string().contains("not a cubist checkpoint"), "{e}");
}

#[test]
fn a_changed_checkpoint_is_refused_and_a_full_counter_stops() {
    let cp = TempFile::new("changed");
    let q6 = queens(6);
    let text = write_dlx(&q6);
    let _ = count_resumable(&q6, &text, &cp.0, Some(10), |_| ControlFlow::Continue(())).unwrap();
    let good = std::fs::read_to_string(&cp.0).unwrap();
    let edited = good.replacen("\"nodes\":10", "\"nodes\":18446744073709551615", 1);
    assert_ne!(edited, good);
    std::fs::write(&cp.0, &edited).unwrap();
    let e = count_resumable(&q6, &text, &cp.0, None, |_| ControlFlow::Continue(())).unwrap_err();
    assert!(e.to_string().contains("the checksum does not match"), "{e}");
    // Sealed again, as a careful editor would: the counter at its top is
    // refused, not looped on.
    let payload = edited.split_once('\n').unwrap().1;
    let fingerprint = format!("{:016x}", cubist_input::checkpoint::fnv1a64(text.as_bytes()));
    let sealed = cubist_input::checkpoint::seal(cubist_exact::CHECKPOINT_FORMAT, &fingerprint, payload);
    std::fs::write(&cp.0, sealed).unwrap();
    let e = count_resumable(&q6, &text, &cp.0, None, |_| ControlFlow::Continue(())).unwrap_err();
    assert!(e.to_string().contains("the node counter"), "{e}");
}

#[test]
fn modes() {
    let p = queens(6);
    let all = solve(&p, Mode::All, 1, None).unwrap();
    assert_eq!((all.solutions.len(), all.stats.solutions, all.finished), (4, 4, true));
    let first = solve(&p, Mode::First, 1, None).unwrap();
    assert_eq!(first.solutions, all.solutions[..1]);
    assert!(first.finished);
    let counted = solve(&p, Mode::Count, 2, None).unwrap();
    assert_eq!((counted.stats.solutions, counted.solutions.len()), (4, 0));
    let stopped = solve(&p, Mode::Count, 1, Some(10)).unwrap();
    assert!(!stopped.finished);
    let e = solve(&p, Mode::Count, 1 << 20, None).unwrap_err();
    assert_eq!(e.kind(), cubist_input::ErrorKind::Limit);
    assert_eq!(
        e.to_string(),
        "refused: --threads would need 1048576 threads, over the limit of 1024"
    );
}
