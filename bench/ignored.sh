#!/usr/bin/env bash
# Runs every #[ignore]d verification test of the workspace (the long
# censuses, the K = 5 figures, the superflip, the large tables), one at a
# time in release mode, and prints a table of each test with its result and
# wall time, then the total. Long: allow an hour or more on 2 cores, and
# about 2 GB of memory for the optimal 3x3x3 tests (their 833 MB table is
# built once and cached in target/). The superflip's proof builds the deep
# h7 (about 14 minutes and 4 GB) unless H48_TABLES names the solver's cache
# file of it (optimal-h48-h7-depth11-base9-v3.tables). One test compares with the SAT solver
# CaDiCaL: it needs the `cadical` binary (Debian: apt-get install cadical).
#
#   bash bench/ignored.sh            # every ignored test
#   bash bench/ignored.sh census     # those whose name contains "census"
#
# The table is what BENCHMARKS.md records as the last run.
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-}"
export CARGO_TERM_COLOR=never
# Build first, stopping on an error: the listing below reads cargo's
# messages through a pipe, where a failed build would only list fewer tests.
cargo test --workspace --release --no-run --quiet
# The test executables of the release build, with the package they belong to.
mapfile -t binaries < <(cargo test --workspace --release --no-run --message-format=json 2>/dev/null |
  python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["executable"] + " " + m["manifest_path"].rsplit("/", 1)[0])
')
printf '%-72s %-6s %9s\n' test result seconds
total_start=$(date +%s.%N)
failed=0
for entry in "${binaries[@]}"; do
  exe="${entry%% *}"
  dir="${entry#* }"
  # Tests run from their package's folder, as cargo runs them.
  mapfile -t tests < <(cd "$dir" && "$exe" --ignored --list --format terse 2>/dev/null | sed -n 's/: test$//p')
  for t in "${tests[@]}"; do
    [[ -n "$filter" && "$t" != *"$filter"* ]] && continue
    start=$(date +%s.%N)
    if (cd "$dir" && "$exe" --ignored --exact "$t" >/tmp/cubist-ignored.log 2>&1); then
      result=ok
    else
      result=FAILED
      failed=$((failed + 1))
      sed 's/^/    /' /tmp/cubist-ignored.log | tail -20
    fi
    end=$(date +%s.%N)
    printf '%-72s %-6s %9.1f\n' "$(basename "$dir")::$t" "$result" "$(echo "$end - $start" | bc)"
  done
done
total_end=$(date +%s.%N)
printf '%-72s %-6s %9.1f\n' total "$([ $failed = 0 ] && echo ok || echo "$failed failed")" "$(echo "$total_end - $total_start" | bc)"
exit $((failed > 0))
