#!/usr/bin/env bash
# cubist's exact-cover engines beside Knuth's own programs, on the same DLX
# files: DLX2 (dancing links, Algorithm C), SSXC1 (dancing cells, secondary
# items without colours) and SSXCC (dancing cells with colours).
#
# Knuth's programs are not part of cubist: download their CWEB sources from
# https://cs.stanford.edu/~knuth/programs.html (dlx2.w, ssxc1.w, ssxcc.w)
# and gb_flip.w with the boilerplate.w it includes, from the Stanford
# GraphBase (DLX2 and SSXCC include gb_flip.h), into one folder, and give
# that folder. The script needs
# `ctangle` (Debian: texlive-binaries) and a C compiler; it builds the
# programs with `gcc -O3` under ${BENCH_DIR:-/tmp/cubist-bench}/knuth, writes
# the problems as DLX files (the example `dlx_files` of cubist-place), and
# reports for each problem and program the least CPU time (user + system)
# of R whole-process runs (default 3), the count, and the ratio to DLX2.
#
#   bash bench/knuth-exact.sh KNUTH_SOURCES [R]
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$(cd "${1:?usage: bash bench/knuth-exact.sh KNUTH_SOURCES [R]}" && pwd)
R=${2:-3}
OUT=${BENCH_DIR:-/tmp/cubist-bench}
mkdir -p "$OUT/knuth" "$OUT/dlx"
for f in dlx2.w ssxc1.w ssxcc.w gb_flip.w boilerplate.w; do
  [ -f "$SRC/$f" ] || { echo "missing $SRC/$f (see the comments of this script)" >&2; exit 2; }
  cp "$SRC/$f" "$OUT/knuth/"
done
(
  cd "$OUT/knuth"
  for p in gb_flip dlx2 ssxc1 ssxcc; do
    CWEBINPUTS="$OUT/knuth:" ctangle "$p.w" - "$p.c" > "$p.ctangle.log"
  done
  gcc -O3 -w -c gb_flip.c -o gb_flip.o
  for p in dlx2 ssxc1 ssxcc; do gcc -O3 -w -I. -o "$p" "$p.c" gb_flip.o; done
)
cargo build -q --release -p cubist-cli
cargo run -q --release -p cubist-place --example dlx_files -- "$OUT/dlx" > /dev/null
CUBIST=${CARGO_TARGET_DIR:-target}/release/cubist
python3 - "$CUBIST" "$OUT" "$R" <<'PY'
import json, re, resource, subprocess, sys
cubist, out, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
suite = ["cube36", "pent6x10", "langford12", "queens12", "dominoes8x8"]
programs = ["dlx2", "ssxc1", "ssxcc", "links", "cells"]

def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

def run(problem, program):
    """The least CPU of `runs` runs and the count."""
    path = f"{out}/dlx/{problem}.dlx"
    best, count = None, None
    for _ in range(runs):
        c0 = child_cpu()
        if program in ("links", "cells"):
            p = subprocess.run([cubist, "exact", path, "--engine", program, "--json"],
                               capture_output=True, text=True, check=True)
            count = json.loads(p.stdout)["count"]
        else:
            with open(path) as f:
                p = subprocess.run([f"{out}/knuth/{program}"], stdin=f,
                                   capture_output=True, text=True, check=True)
            count = int(re.search(r"Altogether (\d+) solution", p.stderr).group(1))
        cpu = child_cpu() - c0
        best = cpu if best is None else min(best, cpu)
    return best, count

print(f"CPU seconds, least of {runs} runs, whole process; ratio to DLX2")
print(f"{'problem':<12} {'program':<6} {'count':>10} {'CPU s':>8} {'/DLX2':>6}")
for problem in suite:
    base = None
    for program in programs:
        cpu, count = run(problem, program)
        if program == "dlx2":
            base = cpu
        print(f"{problem:<12} {program:<6} {count:>10} {cpu:8.3f} {cpu / base:6.2f}")
PY
