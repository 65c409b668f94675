#!/usr/bin/env bash
# Two-phase 3x3x3 solving, cubist against rob-twophase (Elias Frantar's C++
# two-phase solver, https://github.com/efrantar/rob-twophase, GPL-3.0: built
# here from its own source and run as a separate program, nothing of it
# linked or copied), side by side in one run on the same states.
#
#   git clone https://github.com/efrantar/rob-twophase /some/where
#   ROB_SRC=/some/where bash bench/twophase-vs-rob.sh [N]
#
# The script copies ROB_SRC into ${BENCH_DIR:-/tmp/cubist-bench}/rob, builds
# it with its makefile (g++, half-turn metric, its default) and starts it
# once to let it write its tables there (676 MB, about a minute; later runs
# read them). cubist is this checkout's release build, its two-phase tables
# in a cache folder of the bench's own. The states: N uniformly random
# states (default 10000, `twisty random 3x3x3 --seed 1`); with 10,000 or
# more in one file cubist makes phase 1's move table, as rob-twophase uses
# its 676 MB of tables.
#
# 1. The first solution of at most 20 moves, one thread each: cubist
#    `twisty solve 3x3x3 --state FILE --threads 1 --json` (its default) and
#    rob-twophase `-t 1 -l 20 -m 60000`, fed `solve FACELETS` lines. Each
#    program's own time per state (wall, from its solve call to its answer,
#    tables loaded): mean, median, 99th percentile, worst; mean length.
# 2. Ten milliseconds a state (`--time-limit 10`, `-m 10`), on THREADS
#    threads (default "1 2"), the first LIMIT_STATES states (default all N):
#    the mean length. Fewer than 10,000 states are solved by cubist without
#    phase 1's move table (it is not worth making for fewer), so a smaller
#    LIMIT_STATES gives a quicker run that is not a like-for-like one.
# Every rob-twophase answer is checked by cubist: the answer inverted,
# applied to the solved cube (`twisty apply --facelets`), must give the state.
# cubist verifies its own answers before printing them ("verified").
set -euo pipefail
cd "$(dirname "$0")/.."
: "${ROB_SRC:?set ROB_SRC to a checkout of https://github.com/efrantar/rob-twophase (see the top of this script)}"
N=${1:-10000}
DIR=${BENCH_DIR:-/tmp/cubist-bench}
ROB="$DIR/rob"
mkdir -p "$DIR"
if [ ! -x "$ROB/twophase" ]; then
  echo "building rob-twophase from $ROB_SRC in $ROB" >&2
  rm -rf "$ROB" && cp -r "$ROB_SRC" "$ROB"
  make -C "$ROB" -j2 > "$DIR/rob-make.log" 2>&1
fi
if [ ! -s "$ROB/twophase-ht.tbl" ]; then
  echo "rob-twophase writing its tables (676 MB) in $ROB" >&2
  (cd "$ROB" && echo | ./twophase > "$DIR/rob-tables.log" 2>&1)
fi
cargo build -q --release -p cubist-cli
CUBIST=$PWD/target/release/cubist
"$CUBIST" twisty random 3x3x3 --count "$N" --seed 1 > "$DIR/states.scr"
"$CUBIST" twisty random 3x3x3 --count "$N" --seed 1 --facelets > "$DIR/states.txt"
"$CUBIST" twisty solve 3x3x3 --scramble "R U" --cache "$DIR/cache" > /dev/null

python3 - "$DIR" "$CUBIST" "$ROB" "${THREADS:-1 2}" "${LIMIT_STATES:-$N}" <<'PY'
import json, statistics, subprocess, sys, threading
d, cubist, rob, threads, limit_states = sys.argv[1:6]
threads = [int(t) for t in threads.split()]
states = open(f"{d}/states.txt").read().split()

def cubist_run(path, *extra):
    out = subprocess.run([cubist, "twisty", "solve", "3x3x3", "--cache", f"{d}/cache",
                          "--state", path, "--json", *extra], capture_output=True, check=True, text=True)
    doc = json.loads(out.stdout)
    assert all(s["verified"] for s in doc["states"])
    return [(s["time_ms"], s["length"]) for s in doc["states"]]

def rob_run(facelets, *flags):
    """rob-twophase fed one `solve` line a state: its time and answer for
    each. The program is stopped once the last answer is in: at the end
    of its input it waits on its threads instead of exiting."""
    p = subprocess.Popen(["./twophase", *flags], cwd=rob, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    def feed():
        p.stdin.write("".join(f"solve {s}\n" for s in facelets))
        p.stdin.flush()
    # Written from a thread: the answers fill the other pipe meanwhile.
    threading.Thread(target=feed, daemon=True).start()
    answers, ms = [], None
    for line in p.stdout:
        line = line.strip()
        if line.endswith("ms") and line[:-2].replace(".", "", 1).isdigit():
            ms = float(line[:-2])
        elif ms is not None and line.endswith(")"):
            answers.append((ms, line[: line.rindex("(")].split()))
            ms = None
            if len(answers) == len(facelets):
                break
        elif "error" in line.lower():
            sys.exit(f"rob-twophase: {line}")
    p.kill()
    p.wait()
    return answers

def invert(moves):
    return " ".join(m[0] + {"": "'", "'": "", "2": "2"}[m[1:]] for m in reversed(moves))

def check(facelets, answers, tag):
    """Each answer inverted reaches its state from solved, by cubist."""
    path = f"{d}/rob-{tag}.scr"
    with open(path, "w") as f:
        for i, (_, moves) in enumerate(answers):
            f.write(f"ScrambleAlg s{i}\n{invert(moves)}\nEnd\n\n")
    out = subprocess.run([cubist, "twisty", "apply", "3x3x3", path, "--facelets", "--json"],
                         capture_output=True, check=True, text=True)
    reached = [s["facelets"] for s in json.loads(out.stdout)["states"]]
    bad = [i for i, (r, s) in enumerate(zip(reached, facelets)) if r != s]
    assert not bad, f"rob-twophase's answers to states {bad[:5]} do not solve them"

def summary(name, rows):
    times = sorted(t for t, _ in rows)
    n = len(rows)
    lengths = [l for _, l in rows]
    print(f"{name:<28} {statistics.mean(times):>8.3f} {times[n // 2]:>8.3f} "
          f"{times[min(n - 1, n * 99 // 100)]:>8.2f} {times[-1]:>8.2f} {statistics.mean(lengths):>8.3f} {max(lengths):>4}")
    return statistics.mean(times)

n = len(states)
print(f"{n} random 3x3x3 states (seed 1); time a state in ms (each program's own figure: wall,")
print("from its solve call to its answer, tables loaded); every answer checked")
print()
print("first solution of at most 20 moves, one thread")
print(f"{'solver':<28} {'mean':>8} {'median':>8} {'p99':>8} {'max':>8} {'length':>8} {'max':>4}")
c = cubist_run(f"{d}/states.scr", "--threads", "1")
r = rob_run(states, "-t", "1", "-l", "20", "-m", "60000")
check(states, r, "20")
cm = summary("cubist", c)
rm = summary("rob-twophase -l 20", [(t, len(m)) for t, m in r])
print(f"ratio of the means cubist / rob-twophase: {cm / rm:.2f}")

k = min(n, int(limit_states))
# The first k states of the seed (`twisty random` draws them in order).
with open(f"{d}/first.scr", "w") as f:
    subprocess.run([cubist, "twisty", "random", "3x3x3", "--count", str(k), "--seed", "1"], stdout=f, check=True)
print()
print(f"10 ms a state, the first {k} states: mean length")
for t in threads:
    c = cubist_run(f"{d}/first.scr", "--threads", str(t), "--time-limit", "10")
    r = rob_run(states[:k], "-t", str(t), "-m", "10")
    check(states[:k], r, f"t{t}")
    cl = statistics.mean(l for _, l in c)
    rl = statistics.mean(len(m) for _, m in r)
    print(f"{t} thread{'s' if t > 1 else ' '}: cubist {cl:.3f}, rob-twophase {rl:.3f} "
          f"(time a state: cubist {statistics.mean(x for x, _ in c):.2f} ms, rob-twophase {statistics.mean(x for x, _ in r):.2f} ms)")
PY
