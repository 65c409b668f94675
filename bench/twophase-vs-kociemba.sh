#!/usr/bin/env bash
# Two-phase 3x3x3 solving, cubist against Kociemba's C implementation (the
# PyPI package `kociemba`), side by side in one run on the same states.
#
# Installs `kociemba` from PyPI into a virtual environment under
# ${BENCH_DIR:-/tmp/cubist-bench} (it says so), builds cubist in release,
# draws N uniformly random states (default 100, seed 1) and reports for each
# solver the CPU time for all of them (tables already built: each solver is
# warmed up on one state first), the mean, minimum and maximum length, and
# the ratio of the CPU times.
#
#   bash bench/twophase-vs-kociemba.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100}
DIR=${BENCH_DIR:-/tmp/cubist-bench}
mkdir -p "$DIR"
if [ ! -x "$DIR/venv/bin/python" ]; then
  echo "installing kociemba from PyPI into $DIR/venv" >&2
  python3 -m venv "$DIR/venv"
  "$DIR/venv/bin/pip" install -q kociemba
fi
cargo build -q --release -p cubist-cli
CUBIST=target/release/cubist
"$CUBIST" twisty random 3x3x3 --count "$N" --seed 1 > "$DIR/states.scr"
"$CUBIST" twisty random 3x3x3 --count "$N" --seed 1 --facelets > "$DIR/states.txt"

# cubist: one process solves every state of the file, its tables read from
# a cache folder of the bench's own (this run writes it if it is missing).
"$CUBIST" twisty solve 3x3x3 --scramble "R U" --cache "$DIR/cache" > /dev/null
"$DIR/venv/bin/python" - "$DIR" "$CUBIST" <<'PY'
import json, subprocess, sys, time, resource
d, cubist = sys.argv[1], sys.argv[2]
import kociemba
states = open(f"{d}/states.txt").read().split()
kociemba.solve(states[0])  # builds or loads its tables
t0 = time.process_time()
lengths = [len(kociemba.solve(s).split()) for s in states]
k_cpu = time.process_time() - t0

def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

# cubist's CPU for the whole file, less the CPU of a run on one state
# (process start, reading the cached tables): what the states alone cost.
subprocess.run([cubist, "twisty", "random", "3x3x3", "--count", "1", "--seed", "1"], stdout=open(f"{d}/one.scr", "w"), check=True)
c0 = child_cpu()
subprocess.run([cubist, "twisty", "solve", "3x3x3", "--cache", f"{d}/cache", "--state", f"{d}/one.scr"], stdout=subprocess.DEVNULL, check=True)
c1 = child_cpu()
subprocess.run([cubist, "twisty", "solve", "3x3x3", "--cache", f"{d}/cache", "--state", f"{d}/states.scr", "--json"], stdout=open(f"{d}/cubist.json", "w"), check=True)
c2 = child_cpu()
c_cpu = (c2 - c1) - (c1 - c0)
c_len = [s["length"] for s in json.load(open(f"{d}/cubist.json"))["states"]]
assert all(s["verified"] for s in json.load(open(f"{d}/cubist.json"))["states"])
n = len(states)
print(f"{n} random 3x3x3 states (seed 1), CPU seconds for all, tables built")
print(f"{'solver':<22} {'CPU s':>8} {'ms/state':>9} {'mean len':>9} {'min':>4} {'max':>4}")
for name, cpu, ls in [("cubist twophase", c_cpu, c_len), ("kociemba (PyPI, C)", k_cpu, lengths)]:
    print(f"{name:<22} {cpu:>8.3f} {1000*cpu/n:>9.2f} {sum(ls)/n:>9.2f} {min(ls):>4} {max(ls):>4}")
print(f"ratio cubist / kociemba CPU: {c_cpu / k_cpu:.2f}")
PY
