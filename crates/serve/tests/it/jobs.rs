//! Jobs: started, followed through server-sent events, cancelled, bounded.

use super::support::{call, start};
use cubist_serve::Limits;
use std::time::Duration;

/// The events of a job's stream, read to its end: (event, data) pairs.
async fn events(base: &str, path: &str) -> Vec<(String, String)> {
    let text = tokio::time::timeout(Duration::from_secs(120), call(base, path, None))
        .await
        .expect("the event stream ends")
        .text;
    let mut out = Vec::new();
    for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let mut event = String::new();
        let mut data: Vec<&str> = Vec::new();
        for line in block.lines() {
            if let Some(e) = line.strip_prefix("event: ") {
                event = e.to_string();
            } else if let Some(d) = line.strip_prefix("data: ").or(line.strip_prefix("data:")) {
                data.push(d);
            }
        }
        if !event.is_empty() {
            out.push((event, data.join("\n")));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn a_census_job_streams_progress_then_the_document() {
    let base = start(Limits::default()).await;
    let a = call(&base, "/api/v1/stack/census?job=true", Some(r#"{"colours": 3}"#)).await;
    assert_eq!(a.status, 202, "{}", a.text);
    let job = a.json();
    let evs = events(&base, job["events"].as_str().unwrap()).await;
    let (last, data) = evs.last().unwrap();
    assert_eq!(last, "done", "{evs:?}");
    assert!(evs[..evs.len() - 1].iter().all(|(e, _)| e == "progress"));
    let doc: serde_json::Value = serde_json::from_str(data).unwrap();
    // C(30, 3) sets of the 30 cubes with exactly 3 colours, every one counted once.
    assert_eq!(
        (doc["family_size"].as_u64(), doc["set_count"].as_u64()),
        (Some(30), Some(4060))
    );
    let total: u64 = doc["histogram"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(total, 4060);
    let status = call(&base, job["status"].as_str().unwrap(), None).await.json();
    assert_eq!(status["state"], "done");
    assert_eq!(status["result"]["set_count"], 4060);
}

#[tokio::test(flavor = "multi_thread")]
async fn jobs_are_bounded_and_cancelled() {
    let limits = Limits {
        jobs: 1,
        ..Limits::default()
    };
    let base = start(limits).await;
    // The spectrum sweeps all 2^30 sets: long enough to be cancelled.
    let long = r#"{"census": "spectrum"}"#;
    let a = call(&base, "/api/v1/target/census?job=true", Some(long)).await;
    assert_eq!(a.status, 202, "{}", a.text);
    let job = a.json();
    let refused = call(&base, "/api/v1/target/census?job=true", Some(long)).await;
    assert_eq!(refused.status, 429, "{}", refused.text);
    let doc = refused.json();
    assert_eq!(doc["error"]["kind"], "limit");
    assert!(
        doc["error"]["message"]
            .as_str()
            .unwrap()
            .contains("1 jobs running at once"),
        "{doc}"
    );
    // The server answers other requests meanwhile.
    let quick = call(&base, "/api/v1/twisty/list", None).await;
    assert_eq!(quick.status, 200);
    let cancelled = call(&base, job["cancel"].as_str().unwrap(), Some("")).await.json();
    assert_eq!(cancelled["state"], "cancelled");
    let evs = events(&base, job["events"].as_str().unwrap()).await;
    let (last, data) = evs.last().unwrap();
    assert_eq!(last, "failed");
    let err: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(err["error"]["kind"], "interrupted");
    // The place is free again once the sweep has noticed the flag.
    let mut status = 0;
    for _ in 0..100 {
        let again = call(&base, "/api/v1/stack/census?job=true", Some(r#"{"colours": 2}"#)).await;
        status = again.status;
        if status == 202 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status, 202);
    let missing = call(&base, "/api/v1/jobs/999/events", None).await;
    assert_eq!(missing.status, 404);
}

/// A cancelled job frees its place within a second, for each kind of long
/// work: a census sweep, an exact-cover count on dancing links and on
/// dancing cells, a transversal count, God's algorithm, the general
/// optimal solver's search. With one place for
/// jobs, a small job is accepted again at most a second after the cancel.
/// (The tables' builds read the same flag: this process may hold them
/// already, so the command line's test, which starts a process each time,
/// checks those.)
#[tokio::test(flavor = "multi_thread")]
async fn a_cancelled_job_frees_its_place_within_a_second() {
    let base = start(Limits {
        jobs: 1,
        ..Limits::default()
    })
    .await;
    let mut dominoes = (0..100)
        .map(|i| format!("{}.{}", i % 10, i / 10))
        .collect::<Vec<_>>()
        .join(" ")
        + "\n";
    for i in 0..100 {
        let (x, y) = (i % 10, i / 10);
        if x < 9 {
            dominoes += &format!("{x}.{y} {}.{y}\n", x + 1);
        }
        if y < 9 {
            dominoes += &format!("{x}.{y} {x}.{}\n", y + 1);
        }
    }
    let c17: String = (0..17)
        .map(|r| {
            (0..17)
                .map(|c| ((r + c) % 17).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let file = |name: &str, text: &str| serde_json::json!({"name": name, "text": text});
    let long = [
        ("target/census", serde_json::json!({"census": "spectrum"})),
        (
            "exact",
            serde_json::json!({"file": file("d10.dlx", &dominoes), "engine": "links"}),
        ),
        (
            "exact",
            serde_json::json!({"file": file("d10.dlx", &dominoes), "engine": "cells"}),
        ),
        (
            "place/latin/transversals",
            serde_json::json!({"square": file("c17.txt", &c17)}),
        ),
        (
            "twisty/god",
            serde_json::json!({"puzzle": "3x3x3", "moves": ["U", "R"]}),
        ),
        // The general optimal solver's search (1 MiB of tables: a 14-move
        // state takes minutes).
        (
            "twisty/solve",
            serde_json::json!({
                "puzzle": "3x3x3-slices",
                "scramble": "R U' F2 M E' S2 L D B' M' U2 R F' E",
                "method": "optimal",
                "table_memory_mib": 1
            }),
        ),
    ];
    for (path, body) in long {
        let a = call(&base, &format!("/api/v1/{path}?job=true"), Some(&body.to_string())).await;
        assert_eq!(a.status, 202, "{path}: {}", a.text);
        let job = a.json();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let state = call(&base, job["status"].as_str().unwrap(), None).await.json();
        assert_eq!(
            state["state"], "running",
            "{path} ended before it was cancelled: {state}"
        );
        let cancelled = call(&base, job["cancel"].as_str().unwrap(), Some("")).await.json();
        assert_eq!(cancelled["state"], "cancelled", "{path}");
        let asked = std::time::Instant::now();
        let mut small = None;
        while asked.elapsed() < Duration::from_secs(1) {
            let again = call(&base, "/api/v1/stack/census?job=true", Some(r#"{"colours": 2}"#)).await;
            if again.status == 202 {
                small = Some(again.json());
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let small = small.unwrap_or_else(|| panic!("{path}: the place is still taken a second after the cancel"));
        // Let the small job end before the next long one takes the place
        // (a fixed pause was too short on a loaded machine).
        let started = std::time::Instant::now();
        while call(&base, small["status"].as_str().unwrap(), None).await.json()["state"] == "running" {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{path}: the small job never ended"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}
