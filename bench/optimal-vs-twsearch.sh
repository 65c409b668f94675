#!/usr/bin/env bash
# Optimal solving, cubist's general engine (IDA* over pattern databases,
# `twisty solve --method optimal`) against twsearch (C++), side by side in
# one run on the same puzzle definitions and the same states.
#
# twsearch is not fetched here. Build it once from its sources
# (https://github.com/cubing/twsearch, branch forked-cpp-main), for example:
#
#   git clone -b forked-cpp-main https://github.com/cubing/twsearch
#   cd twsearch && mkdir -p build/bin && g++ -O3 -std=c++20 \
#     -DTWSEARCH_VERSION=forked-cpp-main -DUSE_PTHREADS -DUSE_PPQSORT \
#     -I src/cpp/vendor/cityhash/src src/cpp/*.cpp \
#     src/cpp/vendor/cityhash/src/city.cc -o build/bin/twsearch -lpthread
#
# then run
#
#   TWSEARCH=/path/to/twsearch/build/bin/twsearch bash bench/optimal-vs-twsearch.sh [N]
#
# Cases (the puzzle definitions are twsearch's own samples, read by both
# programs; TWSEARCH_SAMPLES is their folder, by default samples/main of the
# twsearch checkout the binary was built in):
#   - the full 2x2x2 (six face moves, 88,179,840 states), N random states
#     (default 20, seed 1, `cubist twisty random`);
#   - easy 3x3x3 states: Sune, the T permutation and two 8-move sequences
#     (optimal in 7 to 11 moves). `--method optimal` on the 3x3x3 runs
#     cubist's dedicated solver (symmetry-reduced tables), not the general
#     engine.
#
# Each program runs as a whole process on the whole file, its tables
# already on disk (one run first builds them, each in a cache folder of the
# bench's own; twsearch may use 2 GiB, `-M 2048`); the figure is the median
# CPU time (user + system) of R runs (default 5), and the ratio is cubist's
# over twsearch's. Lengths are compared state by state: both are optimal,
# so they must agree.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20}
R=${RUNS:-5}
DIR=${BENCH_DIR:-/tmp/cubist-bench}
: "${TWSEARCH:?set TWSEARCH to the twsearch binary (see the top of this script)}"
mkdir -p "$DIR/twsearch-cache"
cargo build -q --release -p cubist-cli
CUBIST=$PWD/target/release/cubist
export XDG_CACHE_HOME="$DIR/cache"

SAMPLES=${TWSEARCH_SAMPLES:-$(dirname "$TWSEARCH")/../../samples/main}
cp "$SAMPLES/2x2x2.tws" "$SAMPLES/3x3x3.tws" "$DIR/"
"$CUBIST" twisty random "$DIR/2x2x2.tws" --count "$N" --seed 1 > "$DIR/2x2x2.scr"
{
  # Sune (7 moves), the T permutation (11), two 8-move sequences.
  i=0
  for alg in "R U R' U R U2 R'" "R U R' U' R' F R2 U' R' U' R U R' F'" \
             "R U2 F' L D2 B U' R2" "F2 L' U B2 R D' F U2"; do
    i=$((i + 1))
    printf 'ScrambleAlg EASY%s\n  %s\nEnd\n' "$i" "$alg"
  done
} > "$DIR/3x3x3.scr"

python3 - "$DIR" "$CUBIST" "$TWSEARCH" "$R" <<'PY'
import os, re, resource, statistics, subprocess, sys
d, cubist, tws, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

def timed(cmd):
    c0 = cpu()
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True, text=True).stdout
    return cpu() - c0, out

def cubist_lengths(out):
    return [int(m) for m in re.findall(r"^length (\d+), verified$", out, re.M)]

def tws_lengths(out):
    # After "Solving NAME", progress lines ("Depth 9 in ...") may come
    # before the solution, the first line indented by a space.
    lines, out = out.splitlines(), []
    for i, l in enumerate(lines):
        if l.startswith("Solving "):
            out.append(len(next(x for x in lines[i + 1:] if x.startswith(" ")).split()))
    return out

print(f"CPU seconds (user + system) of one whole process, median of {runs} runs, tables on disk")
print(f"{'case':<28} {'states':>6} {'cubist s':>9} {'twsearch s':>11} {'ratio':>6}")
for name in ["2x2x2", "3x3x3"]:
    tw_file, scr = f"{d}/{name}.tws", f"{d}/{name}.scr"
    c_cmd = [cubist, "twisty", "solve", tw_file, "--method", "optimal", "--state", scr]
    # twsearch names its cached tables after the puzzle's name, not its
    # contents: one folder per puzzle, so no table is read for another.
    os.makedirs(f"{d}/twsearch-cache/{name}", exist_ok=True)
    t_cmd = [tws, "-M", "2048", "--cachedir", f"{d}/twsearch-cache/{name}", tw_file, scr]
    timed(c_cmd), timed(t_cmd)  # builds the tables, if missing
    c = [timed(c_cmd) for _ in range(runs)]
    t = [timed(t_cmd) for _ in range(runs)]
    cl, tl = cubist_lengths(c[0][1]), tws_lengths(t[0][1])
    assert cl == tl, f"{name}: lengths differ: cubist {cl}, twsearch {tl}"
    cm, tm = statistics.median(x[0] for x in c), statistics.median(x[0] for x in t)
    print(f"{name + ' (' + str(sum(cl)) + ' moves)':<28} {len(cl):>6} {cm:>9.3f} {tm:>11.3f} {cm / tm:>6.2f}")
print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
PY
