//! The per-job memory limit: work estimated above it is refused before it
//! starts (422, a `limit` error naming the limit), as a request or as a
//! job; work under it runs.

use super::support::{call, ok, start};
use cubist_serve::Limits;
use serde_json::json;
use std::time::Duration;

/// A server allowing `mib` MiB a job.
async fn allowing(mib: u64) -> String {
    start(Limits {
        job_memory_mib: mib,
        ..Limits::default()
    })
    .await
}

/// A server allowing 16 MiB a job.
async fn small() -> String {
    allowing(16).await
}

/// Asserts a 422 `limit` refusal naming the server's limit of 16 MiB; its message.
fn refused(a: super::support::Answer) -> String {
    refused_at(16, a)
}

/// Asserts a 422 `limit` refusal naming the server's limit; its message.
fn refused_at(mib: u64, a: super::support::Answer) -> String {
    assert_eq!(a.status, 422, "{}", a.text);
    let doc = a.json();
    assert_eq!(doc["error"]["kind"], "limit", "{doc}");
    let message = doc["error"]["message"].as_str().unwrap().to_string();
    assert!(
        message.contains(&format!("{mib} MiB a job on this server")),
        "{message}"
    );
    message
}

#[tokio::test(flavor = "multi_thread")]
async fn gods_algorithm_above_the_limit_is_refused_before_it_starts() {
    let base = small().await;
    let body = r#"{"puzzle": {"builtin": "2x2x2"}}"#;
    // The 2x2x2's index space: the 8 corners' arrangements (8!) and their
    // twists, the last one following from the other seven (3^7). At 2
    // bits a state, 8! * 3^7 / 4 bytes = 21.02 MiB: 22 MiB, over 16.
    let message = refused(call(&base, "/api/v1/twisty/god", Some(body)).await);
    let states: u64 = message
        .split("2x2x2 (")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{message}"));
    assert_eq!(states, 40320 * 2187, "{message}");
    // The table alone is 21.02 MiB: 22 MiB; with the coordinates' move
    // tables (a few MiB) and the search's 4 MiB, under 32 MiB.
    assert_eq!(states.div_ceil(4).div_ceil(1 << 20), 22);
    let need: u64 = message
        .split("would need ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{message}"));
    assert!((22 + 4..32).contains(&need), "{message}");
    // As a job: refused at once, no job started.
    refused(call(&base, "/api/v1/twisty/god?job=true", Some(body)).await);
    let status = call(&base, "/api/v1/jobs/1", None).await;
    assert_eq!(status.status, 404, "{}", status.text);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_job_under_the_limit_runs() {
    let base = small().await;
    // Eidswick's three coins: Z_2 wr S_3, 2^3 * 3! = 48 positions.
    let body = json!({"puzzle": {"builtin": "three-coins"}}).to_string();
    let a = call(&base, "/api/v1/twisty/god?job=true", Some(&body)).await;
    assert_eq!(a.status, 202, "{}", a.text);
    let at = a.json()["status"].as_str().unwrap().to_string();
    for _ in 0..600 {
        let doc = call(&base, &at, None).await.json();
        if doc["state"] != "running" {
            assert_eq!(doc["state"], "done", "{doc}");
            assert_eq!(doc["result"]["count"], 48, "{doc}");
            let sum: u64 = doc["result"]["distribution"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .sum();
            assert_eq!(sum, 48);
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the job did not end");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_solvers_tables_count_against_the_limit() {
    // The 2x2x2's optimal tables: two 5-corner projections sharing one
    // table (images of each other under a symmetry) of 8!/3! * 3^5 =
    // 1,632,960 entries at 2 bits, its move tables and the search's 4
    // MiB: 6 MiB, over 4 (and under 16). (The 3x3x3's two-phase tables
    // are built once a process and then cost nothing more, so whether a
    // 3x3x3 solve is refused depends on what this server already ran.)
    let body = json!({"puzzle": {"builtin": "2x2x2"}, "scramble": "R U", "method": "optimal"});
    let tiny = allowing(4).await;
    let message = refused_at(4, call(&tiny, "/api/v1/twisty/solve", Some(&body.to_string())).await);
    assert!(
        message.contains("the optimal solver's 1 table for 2x2x2 (2 projections, some sharing a table through a symmetry) would need 6 MiB"),
        "{message}"
    );
    // The universal method has no tables: not refused.
    let universal = json!({"puzzle": {"builtin": "2x2x2"}, "scramble": "R U", "method": "universal"});
    let doc = ok(&tiny, "/api/v1/twisty/solve", universal).await;
    assert!(doc["states"][0]["length"].as_u64().unwrap() >= 2, "{doc}");
    // With 16 MiB it runs, and finds the 2 moves undoing R U.
    let doc = ok(&small().await, "/api/v1/twisty/solve", body).await;
    assert_eq!(doc["states"][0]["alg"], "U' R'", "{doc}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_census_job_above_the_limit_is_refused_before_it_starts() {
    let base = small().await;
    // The stacking census of 4 colours: C(68, 4) = 814,385 sets at 16 bytes
    // and 8 MiB: 21 MiB, over 16.
    let body = json!({"colours": 4}).to_string();
    let message = refused(call(&base, "/api/v1/stack/census?job=true", Some(&body)).await);
    assert!(
        message.contains("the census of 4 colours, 4 cubes (814385 sets) would need 21 MiB"),
        "{message}"
    );
    assert_eq!((16 * 814_385u64 + (8 << 20)).div_ceil(1 << 20), 21);
    let status = call(&base, "/api/v1/jobs/1", None).await;
    assert_eq!(status.status, 404, "{}", status.text);
    // The target census's sweep over the 5,852,925 collections of eight: 12
    // bytes each, 67 MiB.
    let spectrum = json!({"census": "spectrum"}).to_string();
    let message = refused(call(&base, "/api/v1/target/census?job=true", Some(&spectrum)).await);
    assert!(
        message.contains("the spectrum census (5852925 collections of 8 cubes) would need 67 MiB"),
        "{message}"
    );
    // The census of 3 colours (4,060 sets, 8.1 MiB) runs.
    let doc = ok(&base, "/api/v1/stack/census", json!({"colours": 3})).await;
    assert_eq!(doc["set_count"], 4060, "{doc}");
}
