//! God's algorithm on a cluster: three processes on the loopback (threads
//! of this test, each a timely process with its own listening port) find
//! the same distribution as one process, and say what they sent.

use cubist_twisty::{library, Puzzle};
use cubist_twisty_search::coord::Metric;
use cubist_twisty_search::god::{self, Cluster};
use cubist_twisty_search::Error;

/// Runs the search as `n` processes of `workers` workers each, one thread a
/// process, and returns every process's result.
fn on_cluster(p: &Puzzle, metric: Metric, n: usize, workers: usize) -> Vec<god::Distances> {
    let hosts = cubist_testkit::loopback_addresses(n);
    std::thread::scope(|s| {
        let runs: Vec<_> = (0..n)
            .map(|i| {
                let cluster = Cluster::new(n, i, hosts.clone(), workers).unwrap();
                s.spawn(move || god::run_cluster(p, metric, &cluster, None, &mut |_, _| {}, None))
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap().unwrap()).collect()
    })
}

/// Every process reports the one-process distribution, and the counts of
/// what was sent add up: each level's neighbours are the previous level's
/// states times the steps, at most all of them sent, and the bytes are 4 an
/// offset plus a record's header.
fn check_against_one_process(p: &Puzzle, metric: Metric, runs: &[god::Distances], steps: u64) {
    let one = god::run(p, metric).unwrap();
    for r in runs {
        assert_eq!(r.distribution, one.distribution);
        assert_eq!(r.states, one.states);
        let c = r.cluster.as_ref().unwrap();
        assert_eq!(c.levels.len(), one.distribution.len());
        for (l, n) in c.levels.iter().zip(&one.distribution) {
            assert_eq!(l.neighbours, n * steps, "distance {}", l.distance);
            assert!(l.sent_to_other_processes <= l.sent && l.sent <= l.neighbours);
            assert!(l.bytes_between_processes >= 4 * l.sent_to_other_processes);
            assert!(l.bytes_between_processes <= 16 * l.sent_to_other_processes);
        }
        // Every process summed the same counts.
        let strip = |c: &god::ClusterRun| {
            c.levels
                .iter()
                .map(|l| god::ClusterLevel { seconds: 0.0, ..*l })
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(c), strip(runs[0].cluster.as_ref().unwrap()));
    }
    // Some neighbours crossed between the processes (how many depends on
    // the indexer's leading digit: a quarter for the pyraminx, ...).
    let c = runs[0].cluster.as_ref().unwrap();
    assert!(c.levels.iter().map(|l| l.sent_to_other_processes).sum::<u64>() > 0);
}

#[test]
fn three_processes_find_the_2x2x2_distribution_in_both_metrics() {
    let p = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
    let htm = on_cluster(&p, Metric::Htm, 3, 1);
    assert_eq!(
        htm[0].distribution,
        vec![1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
    );
    assert_eq!(htm[1].cluster.as_ref().unwrap().processes, 3);
    check_against_one_process(&p, Metric::Htm, &htm, 9);
    let qtm = on_cluster(&p, Metric::Qtm, 3, 1);
    check_against_one_process(&p, Metric::Qtm, &qtm, 6);
}

#[test]
fn three_processes_of_two_workers_find_the_pyraminx_distribution() {
    let p = library::puzzle("pyraminx")
        .unwrap()
        .with_moves(&["U", "L", "R", "B"])
        .unwrap();
    let runs = on_cluster(&p, Metric::Htm, 3, 2);
    assert_eq!(
        runs[2].distribution,
        vec![1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32]
    );
    assert_eq!(runs[0].cluster.as_ref().unwrap().workers_per_process, 2);
    check_against_one_process(&p, Metric::Htm, &runs, 8);
}

#[test]
fn one_process_of_three_workers_needs_no_hosts() {
    let p = library::puzzle("pyraminx")
        .unwrap()
        .with_moves(&["U", "L", "R", "B"])
        .unwrap();
    let cluster = Cluster::new(1, 0, Vec::new(), 3).unwrap();
    let mut levels = Vec::new();
    let r = god::run_cluster(&p, Metric::Htm, &cluster, None, &mut |d, n| levels.push((d, n)), None).unwrap();
    assert_eq!(r.distribution, god::run(&p, Metric::Htm).unwrap().distribution);
    assert_eq!(levels, r.distribution.iter().copied().enumerate().collect::<Vec<_>>());
    let c = r.cluster.unwrap();
    assert!(c
        .levels
        .iter()
        .all(|l| l.sent_to_other_processes == 0 && l.bytes_between_processes == 0));
    assert!(c.levels.iter().any(|l| l.sent > 0));
}

#[test]
fn bad_clusters_are_refused_with_a_reason() {
    let hosts = vec!["127.0.0.1:2101".to_string(), "127.0.0.1:2102".to_string()];
    let text = |r: Result<Cluster, Error>| r.unwrap_err().to_string();
    assert!(text(Cluster::new(2, 2, hosts.clone(), 1)).contains("process index 2 is out of range"));
    assert!(text(Cluster::new(3, 0, hosts.clone(), 1)).contains("names 2 processes but the cluster has 3"));
    assert!(text(Cluster::new(2, 0, hosts.clone(), 0)).contains("workers per process must be 1 to"));
    assert!(text(Cluster::new(0, 0, hosts.clone(), 1)).contains("processes must be 1 to"));
    assert_eq!(Cluster::new(2, 1, hosts.clone(), 4).unwrap().peers(), 8);
    let parsed = god::parse_hosts("# the cluster\n127.0.0.1:2101\n\n  127.0.0.1:2102 \n").unwrap();
    assert_eq!(parsed, hosts);
    let e = god::parse_hosts("127.0.0.1:2101\nlocalhost\n").unwrap_err();
    assert_eq!(e.kind(), cubist_io::ErrorKind::Input);
    assert!(e.to_string().contains("line 2: `localhost` is not `host:port`"), "{e}");
    assert!(
        god::parse_hosts("a:0").is_err() && god::parse_hosts(":80").is_err() && god::parse_hosts("a:70000").is_err()
    );
}

/// Two workers' checkpoints a level apart (the newest file of one removed,
/// as a kill between its two writes leaves it): the search goes on from
/// the level both hold, to the same distribution.
#[test]
fn workers_a_level_apart_resume_from_the_level_both_hold() {
    let p = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R"]).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("ur.god");
    let cluster = Cluster::new(1, 0, Vec::new(), 2).unwrap();
    let first = god::run_cluster(&p, Metric::Htm, &cluster, Some(&ck), &mut |_, _| {}, None).unwrap();
    assert_eq!(first.resumed_at, None);
    let deepest = first.distribution.len() - 1;
    std::fs::remove_file(dir.path().join("ur.god.0-of-1.w1")).unwrap();
    let mut seen = Vec::new();
    let again = god::run_cluster(
        &p,
        Metric::Htm,
        &cluster,
        Some(&ck),
        &mut |d, n| seen.push((d, n)),
        None,
    )
    .unwrap();
    assert_eq!(again.distribution, first.distribution);
    assert_eq!(again.resumed_at, Some(deepest - 1));
    // The saved levels are told at the start, then the rest as they come.
    assert_eq!(seen, first.distribution.iter().copied().enumerate().collect::<Vec<_>>());
    assert_eq!(again.cluster.unwrap().levels[0].distance, deepest);
    // A run of one worker finds the two workers' files and refuses them.
    let one = Cluster::new(1, 0, Vec::new(), 1).unwrap();
    let e = god::run_cluster(&p, Metric::Htm, &one, Some(&ck), &mut |_, _| {}, None).unwrap_err();
    assert_eq!(e.kind(), cubist_io::ErrorKind::Input);
    assert!(
        e.to_string()
            .contains("of several workers, this one has 1 of 1 workers"),
        "{e}"
    );
}

/// Two processes started with other moves: each refuses the other once
/// connected, before anything is allocated or sent.
#[test]
fn processes_running_other_searches_refuse_each_other() {
    let hosts = cubist_testkit::loopback_addresses(2);
    let moves = [["U", "R"], ["U", "F"]];
    let errors: Vec<Error> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..2)
            .map(|i| {
                let cluster = Cluster::new(2, i, hosts.clone(), 1)
                    .unwrap()
                    .with_connect_timeout(20)
                    .unwrap();
                let p = library::puzzle("2x2x2").unwrap().with_moves(&moves[i]).unwrap();
                s.spawn(move || god::run_cluster(&p, Metric::Htm, &cluster, None, &mut |_, _| {}, None))
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap().unwrap_err()).collect()
    });
    for (i, e) in errors.iter().enumerate() {
        assert_eq!(e.kind(), cubist_io::ErrorKind::Input, "{e}");
        assert!(
            e.to_string()
                .contains(&format!("process {} ({}) runs another search", 1 - i, hosts[1 - i])),
            "{e}"
        );
    }
    let e = Cluster::new(2, 0, hosts.clone(), 1)
        .unwrap()
        .with_connect_timeout(86_401);
    assert!(e.unwrap_err().to_string().contains("1 to 86400 seconds"));
}
