#!/usr/bin/env bash
# cubist's 4x4x4 solver beside Chen Shuang's TPR (three-phase reduction, the
# 4x4x4 solver inside the WCA's scrambler TNoodle), on the same random
# states, in one run.
#
# TPR is not part of cubist: clone https://github.com/cs0x7f/TPR-4x4x4-Solver
# (measured at commit e432528) and give its folder. The script needs a JDK
# (Debian: default-jdk-headless). It builds TPR with its own make.sh under
# ${BENCH_DIR:-/tmp/cubist-bench}/tpr, with cubist's harness
# bench/tpr/Bench.java (which calls TPR's public API only), and then:
#
# - takes N random-state scrambles (default 100) from `cubist twisty scramble
#   444 --seed 444`, and each one's state as a 96-letter facelet string from
#   `cubist twisty apply 4x4x4 --alg S --facelets`;
# - solves them all with cubist in one process (`twisty solve 4x4x4 --state`,
#   the tables read from the cache, built first if need be), twice, and reads
#   each state's time and length from the JSON report;
# - solves the facelet strings with TPR in one JVM, twice over (the first
#   pass warms the JIT up; both are reported), tables read from TPR's files;
# - checks every TPR answer with cubist (the scramble then the answer, TPR's
#   final rotation included, must leave every face one colour);
# - prints each solver's mean and median length (outer block turn metric:
#   `Rw` is one move; TPR's rotation is not a move) and time a state, and the
#   ratios.
#
#   bash bench/tpr-444.sh TPR_SOURCES [N]
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$(cd "${1:?usage: bash bench/tpr-444.sh TPR_SOURCES [N]}" && pwd)
N=${2:-100}
OUT=${BENCH_DIR:-/tmp/cubist-bench}
for f in make.sh twophase.jar src/Search.java META-INF/MANIFEST.MF; do
  [ -f "$SRC/$f" ] || { echo "missing $SRC/$f (clone https://github.com/cs0x7f/TPR-4x4x4-Solver)" >&2; exit 2; }
done
command -v javac > /dev/null || { echo "no javac: install a JDK (Debian: default-jdk-headless)" >&2; exit 2; }
mkdir -p "$OUT/tpr"
cp -r "$SRC/make.sh" "$SRC/twophase.jar" "$SRC/src" "$SRC/META-INF" "$OUT/tpr/"
(cd "$OUT/tpr" && sh make.sh > make.log 2>&1 && javac -cp threephase.jar:twophase.jar -d . "$OLDPWD/bench/tpr/Bench.java")
cargo build -q --release -p cubist-cli
CUBIST=$(pwd)/${CARGO_TARGET_DIR:-target}/release/cubist
python3 - "$CUBIST" "$OUT/tpr" "$N" <<'PY'
import json, statistics, subprocess, sys
cubist, tpr, n = sys.argv[1], sys.argv[2], int(sys.argv[3])

def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, check=True, **kw).stdout

scrambles = [l for l in run([cubist, "twisty", "scramble", "444", "--count", str(n), "--seed", "444"]).splitlines() if l.strip()]
facelets = [run([cubist, "twisty", "apply", "4x4x4", "--alg", s, "--facelets"]).strip() for s in scrambles]
scr = f"{tpr}/states.scr"
with open(scr, "w") as f:
    f.writelines(f"ScrambleAlg s{i + 1}\n{s}\nEnd\n" for i, s in enumerate(scrambles))

# cubist: the tables first (built and cached if need be), then all the states in one process,
# twice (as TPR makes two passes; the second process finds the tables in the page cache).
run([cubist, "twisty", "solve", "4x4x4", "--scramble", scrambles[0]])
ours = {}
for p in ("1", "2"):
    report = json.loads(run([cubist, "twisty", "solve", "4x4x4", "--state", scr, "--json"]))
    ours[p] = [(s["length"], s["time_ms"]) for s in report["states"]]
    assert len(ours[p]) == n and all(s["verified"] for s in report["states"])

# TPR: its tables first, then two passes over the states in one JVM.
java = ["java", "-cp", ".:threephase.jar:twophase.jar", "Bench"]
run(java, input="", cwd=tpr)
lines = run(java + ["2"], input="\n".join(facelets) + "\n", cwd=tpr).splitlines()
rows = [l.split("\t") for l in lines if l.count("\t") == 3]
passes = {p: [(int(m), int(ns) / 1e6, sol) for q, m, ns, sol in rows if q == p] for p in ("1", "2")}
assert all(len(v) == n for v in passes.values()), "TPR answered a different number of states"
faces = lambda f: all(len(set(f[16 * k:16 * k + 16])) == 1 for k in range(6))
for s, (_, _, sol) in zip(scrambles, passes["2"]):
    after = run([cubist, "twisty", "apply", "4x4x4", "--alg", f"{s} {sol}", "--facelets"]).strip()
    assert faces(after), f"TPR's answer does not solve the state of {s!r}"

def line(name, xs):
    lengths, times = [x[0] for x in xs], [x[1] for x in xs]
    print(f"{name:<22} {statistics.mean(lengths):6.2f} {statistics.median(lengths):6.1f} {max(lengths):4d}"
          f" {statistics.mean(times):9.1f} {statistics.median(times):9.1f} {max(times):9.1f}")
    return statistics.mean(lengths), statistics.mean(times)

print(f"{n} random-state 4x4x4 scrambles (cubist twisty scramble 444 --seed 444), every answer checked")
print(f"{'solver':<22} {'mean':>6} {'median':>6} {'max':>4} {'mean ms':>9} {'median ms':>9} {'max ms':>9}")
line("cubist, first run", ours["1"])
c = line("cubist, second run", ours["2"])
line("TPR, first pass", passes["1"])
t2 = line("TPR, second pass", passes["2"])
print(f"cubist / TPR (second runs): length {c[0] / t2[0]:.3f}, time {c[1] / t2[1]:.2f}")
PY
