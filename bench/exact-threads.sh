#!/usr/bin/env bash
# `cubist exact --threads` on one and two threads, per engine: the
# pentominoes in the 6 x 10 box, Langford pairs of order 12, 14 queens and
# the domino tilings of the 8 x 8 board (the files of the example
# `dlx_files` of cubist-place, as bench/exact-engines.sh writes them).
#
# Builds cubist in release, then runs `cubist exact FILE --engine E
# --threads T` once for each problem, engine (links, cells, bits, auto) and
# T in 1 2, under /usr/bin/time, and prints the count, the engine (auto's
# choice), user and wall seconds, and the load average before the run (the
# machine may be shared: wall time then says little).
#
#   bash bench/exact-threads.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${BENCH_DIR:-/tmp/cubist-bench}/dlx
mkdir -p "$DIR"
cargo build -q --release -p cubist-cli
cargo run -q --release -p cubist-place --example dlx_files -- "$DIR" > /dev/null
CUBIST=${CARGO_TARGET_DIR:-target}/release/cubist
printf '%-12s %-6s %2s %10s %-6s %7s %7s  %s\n' problem engine t count used user wall load
for problem in pent6x10 langford12 queens14 dominoes8x8; do
    for engine in links cells bits auto; do
        for t in 1 2; do
            load=$(cut -d' ' -f1 /proc/loadavg)
            out=$( { /usr/bin/time -f "%U %e" "$CUBIST" exact "$DIR/$problem.dlx" \
                --engine "$engine" --threads "$t" --json > "$DIR/out.json"; } 2>&1 )
            read -r user wall <<< "$(tail -1 <<< "$out")"
            read -r count used < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["count"], d["engine"])' "$DIR/out.json")
            printf '%-12s %-6s %2s %10s %-6s %7s %7s  %s\n' "$problem" "$engine" "$t" "$count" "$used" "$user" "$wall" "$load"
        done
    done
done
