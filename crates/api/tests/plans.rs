//! Every plan is an upper bound of what its command allocates, and not
//! absurdly above it: each command of the registry runs on a small request
//! under a counting allocator, its heap peak measured, and compared with the
//! memory its plan stated beforehand; then each is refused under a memory
//! limit below its plan, allocating next to nothing before the refusal.
//! (One test in its own binary, so no other test's allocations are counted.)

use cubist_api::command::{Bounds, Picture, COMMANDS};
use cubist_api::memory::MemoryLimit;
use cubist_api::{Context, ErrorKind};
use peak_alloc::PeakAlloc;
use serde_json::json;

#[path = "common/samples.rs"]
mod samples;

#[global_allocator]
static PEAK: PeakAlloc = PeakAlloc;

/// Requests whose plans carry an estimate, each large enough that the
/// estimate is more than its fixed part.
fn heavy() -> Vec<(&'static str, serde_json::Value)> {
    let file = |name: &str, text: String| json!({"name": name, "text": text});
    // Ten cubes for the number method: 6^5 half-paths.
    let ten: String = (0..10)
        .map(|i| {
            format!(
                "{} {} {} {} {} {}\n",
                i % 4,
                (i + 1) % 4,
                (i + 2) % 4,
                (i + 3) % 4,
                i % 4,
                (i + 1) % 4
            )
        })
        .collect();
    // 200 queens-like options over 40 items.
    let dlx: String = std::iter::once((0..40).map(|i| format!("i{i}")).collect::<Vec<_>>().join(" "))
        .chain((0..400).map(|k| format!("i{} i{} i{}", k % 40, (k * 7 + 1) % 40, (k * 13 + 2) % 40)))
        .map(|l| l + "\n")
        .collect();
    vec![
        (
            "stack solve",
            json!({"set": file("ten.cubes", ten.clone()), "method": "number", "mode": "count"}),
        ),
        ("stack export", json!({"set": file("ten.cubes", ten)})),
        ("stack census", json!({"colours": 4})),
        (
            "exact",
            json!({"file": file("t.dlx", dlx), "mode": "count", "node_limit": 100000}),
        ),
        ("place latin", json!({"n": 5, "list": 2000})),
        ("twisty god", json!({"puzzle": {"builtin": "pyraminx"}})),
        (
            "twisty solve",
            json!({"puzzle": {"builtin": "2x2x2"}, "scramble": "R U F", "method": "optimal"}),
        ),
        (
            "twisty analyze",
            json!({"puzzle": {"builtin": "7x7x7"}, "order_only": true}),
        ),
    ]
}

#[test]
fn plans_bound_the_measured_peaks() {
    let ctx = Context::default();
    let mut rows = Vec::new();
    for (name, req) in heavy() {
        let c = cubist_api::command::find(name).unwrap();
        let body = serde_json::to_vec(&req).unwrap();
        let plan = c.admit_json(&body, &ctx, &Bounds::default()).unwrap();
        let planned = plan.memory.unwrap_or_else(|| panic!("{name}: no estimate")).bytes;
        let before = PEAK.current_usage();
        PEAK.reset_peak_usage();
        let doc = c
            .call_json(&body, &ctx, Picture::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        // The JSON document the call writes is the front end's (the CLI
        // streams it): it took at most twice its length as its buffer grew.
        let all = PEAK.peak_usage().saturating_sub(before) as u64;
        let peak = all.saturating_sub(2 * doc.len() as u64);
        rows.push(format!("{name}: planned {planned}, peak {peak} besides the document"));
        assert!(planned >= peak, "{name}: planned {planned} bytes, allocated {peak}");
        // Not absurdly above: within 64 times the peak, or 16 MiB (a
        // plan's fixed part, the searches' stacks and tables of fixed size).
        assert!(
            planned <= 64 * peak + (16 << 20),
            "{name}: planned {planned} bytes for a peak of {peak}"
        );
    }
    // The commands whose plan says "small" stay small on their samples.
    for c in COMMANDS {
        let body = serde_json::to_vec(&samples::sample(c.name())).unwrap();
        let plan = c.admit_json(&body, &ctx, &Bounds::default()).unwrap();
        if plan.memory.is_some() {
            continue;
        }
        let before = PEAK.current_usage();
        PEAK.reset_peak_usage();
        c.call_json(&body, &ctx, Picture::default())
            .unwrap_or_else(|e| panic!("{}: {e}", c.name()));
        let peak = PEAK.peak_usage().saturating_sub(before) as u64;
        rows.push(format!("{}: small, peak {peak}", c.name()));
        assert!(
            peak < 64 << 20,
            "{}: planned as small, allocated {peak} bytes",
            c.name()
        );
    }
    // Under a limit of half its plan, each heavy request is refused by the
    // plan, before its run allocates: the call's peak (the parsed request,
    // the puzzle or file read to plan, the error) stays under 4 MiB and a
    // quarter of the plan.
    for (name, req) in heavy() {
        let c = cubist_api::command::find(name).unwrap();
        let body = serde_json::to_vec(&req).unwrap();
        let planned = c
            .admit_json(&body, &ctx, &Bounds::default())
            .unwrap()
            .memory
            .unwrap()
            .bytes;
        let tight = Context {
            memory_limit: Some(MemoryLimit {
                bytes: planned / 2,
                text: "half the plan (test)".into(),
            }),
            ..Context::default()
        };
        let before = PEAK.current_usage();
        PEAK.reset_peak_usage();
        let e = c.call_json(&body, &tight, Picture::default()).expect_err(name);
        let peak = PEAK.peak_usage().saturating_sub(before) as u64;
        rows.push(format!("{name}: refused under {} bytes, peak {peak}", planned / 2));
        assert_eq!(e.kind(), ErrorKind::Limit, "{name}: {e}");
        assert!(e.to_string().contains("half the plan (test)"), "{name}: {e}");
        assert!(
            peak < 4 << 20 && peak < planned / 4,
            "{name}: allocated {peak} bytes before refusing"
        );
    }
    println!("{}", rows.join("\n"));
}
