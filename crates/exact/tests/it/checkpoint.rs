//! Counts stopped and resumed through a checkpoint file, and the search
//! modes of `solve`.

use cubist_exact::problems::{dominoes_between, langford, queens};
use cubist_exact::{
    count_resumable, parse_dlx, solve, solve_with, write_dlx, Dlx, Engine, Error, Mode, Problem, Stats,
};
use std::ops::ControlFlow;
use std::path::Path;

/// [`count_resumable`] on dancing links: its statistics and whether it
/// finished.
fn links(
    p: &Problem,
    text: &str,
    path: &Path,
    limit: Option<u64>,
    tick: impl FnMut(&Stats) -> ControlFlow<()>,
) -> Result<(Stats, bool), Error> {
    count_resumable(p, text, path, Engine::Links, limit, tick).map(|o| (o.stats, o.finished))
}

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
    let go = |limit| links(&p, &text, &cp.0, limit, |_| ControlFlow::Continue(())).unwrap();
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
    let (st, done) = links(&p, &text, &stopped.0, None, |_| ControlFlow::Break(())).unwrap();
    assert!(!done && st.nodes > 0);
    let (st, done) = links(&p, &text, &stopped.0, None, |_| ControlFlow::Continue(())).unwrap();
    assert!(done);
    assert_eq!(st, plain.stats());
}

#[test]
fn a_checkpoint_of_another_problem_is_refused() {
    let cp = TempFile::new("other");
    let q8 = queens(8);
    let _ = links(&q8, &write_dlx(&q8), &cp.0, Some(100), |_| ControlFlow::Continue(())).unwrap();
    let q6 = queens(6);
    let e = links(&q6, &write_dlx(&q6), &cp.0, None, |_| ControlFlow::Continue(())).unwrap_err();
    assert!(
        e.to_string()
            .ends_with(": this checkpoint belongs to another problem file"),
        "{e}"
    );
    assert_eq!(e.input().map(|i| i.file.clone()), Some(cp.0.display().to_string()));
    std::fs::write(&cp.0, "{}").unwrap();
    let e = links(&q6, &write_dlx(&q6), &cp.0, None, |_| ControlFlow::Continue(())).unwrap_err();
    assert!(e.to_string().contains("not a cubist checkpoint"), "{e}");
}

#[test]
fn a_changed_checkpoint_is_refused_and_a_full_counter_stops() {
    let cp = TempFile::new("changed");
    let q6 = queens(6);
    let text = write_dlx(&q6);
    let _ = links(&q6, &text, &cp.0, Some(10), |_| ControlFlow::Continue(())).unwrap();
    let good = std::fs::read_to_string(&cp.0).unwrap();
    let edited = good.replacen("\"nodes\":10", "\"nodes\":18446744073709551615", 1);
    assert_ne!(edited, good);
    std::fs::write(&cp.0, &edited).unwrap();
    let e = links(&q6, &text, &cp.0, None, |_| ControlFlow::Continue(())).unwrap_err();
    assert!(e.to_string().contains("the checksum does not match"), "{e}");
    // Sealed again, as a careful editor would: the counter at its top is
    // refused, not looped on.
    let payload = edited.split_once('\n').unwrap().1;
    let fingerprint = format!("{:016x}", cubist_io::checkpoint::fnv1a64(text.as_bytes()));
    let sealed = cubist_io::checkpoint::seal(cubist_exact::CHECKPOINT_FORMAT, &fingerprint, payload);
    std::fs::write(&cp.0, sealed).unwrap();
    let e = links(&q6, &text, &cp.0, None, |_| ControlFlow::Continue(())).unwrap_err();
    assert!(e.to_string().contains("the node counter"), "{e}");
}

/// Writes `payload` to `path` as a checkpoint of `text`, sealed as a count
/// would seal it (a careful editor can do that too).
fn seal_into(path: &std::path::Path, text: &str, payload: &str) {
    let fingerprint = format!("{:016x}", cubist_io::checkpoint::fnv1a64(text.as_bytes()));
    let sealed = cubist_io::checkpoint::seal(cubist_exact::CHECKPOINT_FORMAT, &fingerprint, payload);
    std::fs::write(path, sealed).unwrap();
}

#[test]
fn resumed_counters_near_their_top_are_refused() {
    let cp = TempFile::new("counters");
    let q6 = queens(6);
    let text = write_dlx(&q6);
    let _ = links(&q6, &text, &cp.0, Some(10), |_| ControlFlow::Continue(())).unwrap();
    let good = std::fs::read_to_string(&cp.0).unwrap();
    let payload = good.split_once('\n').unwrap().1;
    assert!(payload.contains("\"solutions\":0"), "{payload}");
    let resume = || links(&q6, &text, &cp.0, None, |_| ControlFlow::Continue(()));
    // More solutions than nodes: no count writes that.
    seal_into(
        &cp.0,
        &text,
        &payload.replacen("\"solutions\":0", "\"solutions\":11", 1),
    );
    let e = resume().unwrap_err();
    assert!(e.to_string().contains("11 solutions in 10 nodes"), "{e}");
    // Both counters near the top: the solution counter could overflow in
    // the next chunk (queens(6) has 4 solutions), and so could the node
    // counter, which is never below it.
    let top = u64::MAX - 2;
    let edited = payload
        .replacen("\"solutions\":0", &format!("\"solutions\":{top}"), 1)
        .replacen("\"nodes\":10", &format!("\"nodes\":{top}"), 1);
    seal_into(&cp.0, &text, &edited);
    let e = resume().unwrap_err();
    assert_eq!(e.kind(), cubist_io::ErrorKind::Limit);
    assert!(e.to_string().contains("the node counter"), "{e}");
    // The updates counter likewise.
    let updates = payload
        .split("\"updates\":")
        .nth(1)
        .unwrap()
        .split([',', '}'])
        .next()
        .unwrap();
    let edited = payload.replacen(
        &format!("\"updates\":{updates}"),
        &format!("\"updates\":{}", u64::MAX - 5),
        1,
    );
    seal_into(&cp.0, &text, &edited);
    let e = resume().unwrap_err();
    assert!(e.to_string().contains("the updates counter"), "{e}");
    // The file itself was kept as it was: a refusal writes nothing.
    assert_eq!(
        std::fs::read_to_string(&cp.0).unwrap().split_once('\n').unwrap().1,
        edited
    );
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
    assert_eq!(e.kind(), cubist_io::ErrorKind::Limit);
    assert_eq!(
        e.to_string(),
        "refused: --threads would need 1048576 threads, over the limit of 1024"
    );
}

/// Each engine that saves checkpoints, stopped at several node limits and
/// by its caller, each time a fresh count resuming the file (as a new
/// process would), ends with the count and statistics of an uninterrupted
/// count on that engine; queens (bits, counting bits for 7 and keeping
/// counts for 12), Langford pairs with a colour
/// (cells, Algorithm C) and dominoes covering cells once or twice (cells,
/// Algorithm M).
#[test]
fn every_engine_resumes_to_its_uninterrupted_count() {
    let coloured = "a b c | x\na x:red\nb x:red\nc x:blue\na b\nc\nb c\n";
    let problems = [
        ("queens 7", queens(7), Engine::Bits),
        // 144 options, past two words: the bit sets keep their counts.
        ("queens 12", queens(12), Engine::Bits),
        ("queens 7", queens(7), Engine::Cells),
        ("queens 7", queens(7), Engine::Links),
        ("langford 7", langford(7), Engine::Cells),
        ("dominoes 3x4 1:2", dominoes_between(3, 4, 1, 2).unwrap(), Engine::Cells),
        ("dominoes 3x4 1:2", dominoes_between(3, 4, 1, 2).unwrap(), Engine::Links),
        ("colours", parse_dlx("c", coloured).unwrap(), Engine::Cells),
    ];
    for (name, p, engine) in problems {
        let text = write_dlx(&p);
        let whole = solve_with(&p, Mode::Count, engine, 1, None, None).unwrap();
        let cp = TempFile::new(&format!("every-{}-{engine}", name.replace(' ', "-")));
        let go = |limit, stop: bool| {
            let out = count_resumable(&p, &text, &cp.0, engine, limit, |_| {
                if stop {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
            assert_eq!(out.engine, engine);
            out
        };
        for limit in [1, 2, 17, 100, 1000] {
            let out = go(Some(limit), false);
            assert_eq!(out.stats.nodes, limit.min(whole.stats.nodes), "{name} {engine}");
        }
        let _ = go(None, true);
        let done = go(None, false);
        assert!(done.finished, "{name} {engine}");
        assert_eq!(done.stats, whole.stats, "{name} {engine}");
        // A finished checkpoint resumes to the same end at once.
        assert_eq!(go(None, false).stats, whole.stats, "{name} {engine}");
    }
}

/// Auto saves with the bit sets where they fit, else dancing cells, and
/// resumes a checkpoint with its own engine; another engine asked for is
/// refused, and so is the memoised count.
#[test]
fn a_checkpoint_keeps_its_engine() {
    let p = queens(7);
    let text = write_dlx(&p);
    let cp = TempFile::new("keeps");
    let go = |engine, limit| count_resumable(&p, &text, &cp.0, engine, limit, |_| ControlFlow::Continue(()));
    let out = go(Engine::Auto, Some(50)).unwrap();
    assert_eq!(out.engine, Engine::Bits);
    let e = go(Engine::Cells, None).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("a checkpoint of --engine bits, which alone resumes it (or --engine auto)"),
        "{e}"
    );
    let out = go(Engine::Auto, None).unwrap();
    assert_eq!(
        (out.engine, out.reason.as_str()),
        (Engine::Bits, "the checkpoint's engine")
    );
    assert_eq!(out.stats.solutions, 40);
    let e = go(Engine::Memo, None).unwrap_err();
    assert!(
        e.to_string().starts_with("--engine memo: it saves no checkpoint"),
        "{e}"
    );
    let multi = dominoes_between(3, 4, 1, 2).unwrap();
    let other = TempFile::new("keeps-multi");
    let out = count_resumable(&multi, &write_dlx(&multi), &other.0, Engine::Auto, None, |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(
        (out.engine, out.reason.as_str(), out.stats.solutions),
        (
            Engine::Cells,
            "multiplicities; the memoised count on bit sets saves no checkpoint",
            3_434
        )
    );
}
