//! Section 7's prime method against the graph model and the direct count.

use cubist_macmahon::census::table1;
use cubist_macmahon::macmahon::{tables, CubeId};
use cubist_macmahon::primes::{self, for_each_eight};
use cubist_macmahon::solve::{count_direct, solution_number};
use std::time::Instant;

/// The usable cubes of a target (step (1) of the algorithm).
fn usable(t: CubeId) -> Vec<CubeId> {
    CubeId::all()
        .filter(|c| tables().usable[t.index()][c.index()] != 0)
        .collect()
}

/// Every eight of `Ba`'s 21 usable cubes (203,490 collections, 133,680 of
/// them building): the prime method equals the graph model on each, and its
/// distribution is Table 1 as the census computes it.
#[test]
fn primes_equal_the_graph_model_on_every_collection_for_ba() {
    let ba = CubeId::from_name("Ba").unwrap();
    let mut collections = 0u64;
    let mut building = 0u64;
    for_each_eight(&usable(ba), |eight| {
        let p = primes::solution_number(ba, eight);
        assert_eq!(p, solution_number(ba, eight), "{eight:?}");
        collections += 1;
        building += u64::from(p > 0);
    });
    assert_eq!((collections, building), (203_490, 133_680));
    let all: Vec<CubeId> = CubeId::all().collect();
    let start = Instant::now();
    let by_primes = primes::distribution(ba, &all);
    let primes_time = start.elapsed();
    let start = Instant::now();
    let by_graph = table1(ba).histogram;
    eprintln!(
        "Table 1 for Ba: prime method {primes_time:?}, graph model {:?}",
        start.elapsed()
    );
    assert_eq!(by_primes, by_graph);
}

/// A sample for another target, against the direct count too (collections
/// with repeats included: the prime method never assumes distinct cubes).
#[test]
fn primes_equal_the_direct_count_on_a_sample() {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    for _ in 0..3000 {
        let t = CubeId(next(30) as u8);
        let u = usable(t);
        let eight: [CubeId; 8] = std::array::from_fn(|_| u[next(u.len() as u64) as usize]);
        let p = primes::solution_number(t, &eight);
        assert_eq!(p, count_direct(t, &eight), "{} {eight:?}", t.name());
        assert_eq!(p, solution_number(t, &eight));
    }
}
