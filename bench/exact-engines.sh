#!/usr/bin/env bash
# The engines of `cubist exact` side by side on a fixed suite: the
# pentominoes in the 6 x 10 box, Langford pairs of order 12, 12 queens,
# domino tilings of the 8 x 8 board and the 36 Cube.
#
# Builds cubist in release, writes the problems as DLX files (the example
# `dlx_files` of cubist-place) under ${BENCH_DIR:-/tmp/cubist-bench}/dlx,
# then runs `cubist exact FILE --engine E` for each engine (links, cells,
# bits, memo, auto), R times each (default 3), and reports the least CPU time
# (user + system) of the whole process, the count, the engine auto chose,
# the ratio to links, and the ratio to Knuth's DLX2 estimated as links x 1.2
# (BENCHMARKS.md: on the three problems measured side by side, DLX2 took
# 1.19 to 1.20 times cubist's dancing links). An engine that refuses a
# problem (more than 128 items, say) is shown as refused.
#
#   bash bench/exact-engines.sh [R]
set -euo pipefail
cd "$(dirname "$0")/.."
R=${1:-3}
DIR=${BENCH_DIR:-/tmp/cubist-bench}/dlx
mkdir -p "$DIR"
cargo build -q --release -p cubist-cli
cargo run -q --release -p cubist-place --example dlx_files -- "$DIR" > /dev/null
CUBIST=${CARGO_TARGET_DIR:-target}/release/cubist
python3 - "$CUBIST" "$DIR" "$R" <<'PY'
import json, resource, subprocess, sys
cubist, d, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
suite = ["pent6x10", "langford12", "queens12", "dominoes8x8", "cube36"]
engines = ["links", "cells", "bits", "memo", "auto"]

def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

def run(problem, engine):
    """The least CPU of `runs` runs and the report, or None if refused."""
    best, doc = None, None
    for _ in range(runs):
        c0 = child_cpu()
        p = subprocess.run([cubist, "exact", f"{d}/{problem}.dlx", "--engine", engine, "--json"],
                           capture_output=True, text=True)
        cpu = child_cpu() - c0
        if p.returncode != 0:
            return None
        doc = json.loads(p.stdout)
        best = cpu if best is None else min(best, cpu)
    return best, doc

print(f"CPU seconds, least of {runs} runs, whole process; ratio to links; ratio to DLX2 = links x 1.2")
print(f"{'problem':<12} {'engine':<6} {'count':>10} {'CPU s':>8} {'/links':>7} {'/DLX2':>6}  chosen")
for problem in suite:
    base = None
    for engine in engines:
        r = run(problem, engine)
        if r is None:
            print(f"{problem:<12} {engine:<6} {'refused':>10}")
            continue
        cpu, doc = r
        if engine == "links":
            base = cpu
        ratio = f"{cpu / base:7.2f}" if base else f"{'':>7}"
        dlx2 = f"{cpu / (1.2 * base):6.2f}" if base else f"{'':>6}"
        chosen = doc["engine"] if engine == "auto" else ""
        print(f"{problem:<12} {engine:<6} {doc['count']:>10} {cpu:8.3f} {ratio} {dlx2}  {chosen}")
PY
