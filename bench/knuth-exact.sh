#!/usr/bin/env bash
# cubist's exact-cover engines beside Donald Knuth's own programs, on the same
# DLX files, one thread each: DLX1 (dancing links, Algorithm X, no colours),
# DLX2 (Algorithm C, colours), DLX3 (Algorithm M: multiplicities and
# colours), DLX6 (DLX2 caching subproblems into a ZDD; colours; its
# introduction speaks of multiplicities, but the version of the mirror below
# (2019) reads only DLX2's syntax and stops at `2|x`), SSXC1 (dancing
# cells, secondary items without colours) and SSXCC (dancing cells with
# colours); and cubist's engines `links`, `cells`,
# `bits` (where the bit sets take the problem) and `auto` (what a user gets
# by default, with the engine it chose).
#
# Knuth's programs are not part of cubist and none of their code is in this
# repository: give a folder holding their CWEB sources,
#   dlx1.w dlx2.w dlx3.w dlx6.w ssxc1.w ssxcc.w   Knuth's programs
#   gb_flip.w boilerplate.w                       the Stanford GraphBase's
#                                                 random numbers (every
#                                                 program but SSXC1
#                                                 includes gb_flip.h)
# Where to take them from:
# - Knuth's site: https://cs.stanford.edu/~knuth/programs.html (the
#   programs) and the Stanford GraphBase's sgb.tar.gz
#   (https://cs.stanford.edu/~knuth/sgb.html: gb_flip.w, boilerplate.w);
# - or the mirror https://github.com/ascherer/cwebtest, which holds all
#   eight files at its top level (`git show HEAD:dlx1.w > dlx1.w`, ...);
#   https://github.com/ascherer/sgb holds gb_flip.w and boilerplate.w too.
# The script needs `ctangle` (Debian: apt-get install texlive-binaries),
# gcc and python3. It builds the programs with `gcc -O3` under
# ${BENCH_DIR:-/tmp/cubist-bench}/knuth, builds cubist-cli (release), writes
# the problems as DLX files (the example `dlx_files` of cubist-place), and
# reports for each problem and program the least CPU time (user + system) of
# R whole-process runs (default 3) and the count. A program runs only on the
# files it reads (DLX1 and SSXC1: no colours; none but DLX3:
# multiplicities; `bits`: at most 256 items); `-` otherwise. Every
# count must agree with cubist's `links`: the script stops with an error on
# any disagreement. The table at the end is the one in BENCHMARKS.md.
#
#   bash bench/knuth-exact.sh KNUTH_SOURCES [R]
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: bash bench/knuth-exact.sh KNUTH_SOURCES [R]" >&2; exit 2; }
[ -d "$1" ] || { echo "$1: no such folder (see the comments of this script)" >&2; exit 2; }
SRC=$(cd "$1" && pwd)
R=${2:-3}
OUT=${BENCH_DIR:-/tmp/cubist-bench}
PROGRAMS="dlx1 dlx2 dlx3 dlx6 ssxc1 ssxcc"
command -v ctangle > /dev/null || {
  echo "ctangle not found: install it (Debian: apt-get install texlive-binaries)" >&2
  exit 2
}
command -v gcc > /dev/null || { echo "gcc not found" >&2; exit 2; }
mkdir -p "$OUT/knuth" "$OUT/dlx"
for p in $PROGRAMS gb_flip boilerplate; do
  [ -f "$SRC/$p.w" ] || {
    echo "missing $SRC/$p.w: Knuth's CWEB sources are needed (where to find them: the comments of bench/knuth-exact.sh)" >&2
    exit 2
  }
  cp "$SRC/$p.w" "$OUT/knuth/"
done
(
  cd "$OUT/knuth"
  for p in gb_flip $PROGRAMS; do
    CWEBINPUTS="$OUT/knuth:" ctangle "$p.w" - "$p.c" > "$p.ctangle.log" || {
      echo "ctangle failed on $p.w (see $OUT/knuth/$p.ctangle.log)" >&2
      exit 2
    }
  done
  gcc -O3 -w -c gb_flip.c -o gb_flip.o
  for p in $PROGRAMS; do gcc -O3 -w -I. -o "$p" "$p.c" gb_flip.o; done
)
cargo build -q --release -p cubist-cli
cargo run -q --release -p cubist-place --example dlx_files -- "$OUT/dlx" > /dev/null
CUBIST=${CARGO_TARGET_DIR:-target}/release/cubist
python3 - "$CUBIST" "$OUT" "$R" <<'PY'
import json, re, resource, subprocess, sys
cubist, out, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
suite = [
    ("the 36 Cube", "cube36"),
    ("pentominoes 6x10", "pent6x10"),
    ("pentominoes 8x8 less the centre", "pent8x8c"),
    ("Langford pairs, n = 12", "langford12"),
    ("14 queens", "queens14"),
    ("dominoes 8x8", "dominoes8x8"),
    ("de Bruijn cycles 3^3 (colours)", "debruijn33"),
    ("cycles of dominoes 6x8 (multiplicities)", "cycles6x8"),
    ("Latin square completion, order 8", "latin8"),
]
knuth = ["dlx1", "dlx2", "dlx3", "dlx6", "ssxc1", "ssxcc"]
cubist_engines = ["links", "cells", "bits", "auto"]

def features(path):
    """(colours, multiplicities, items) of a DLX file."""
    with open(path) as f:
        lines = [l for l in f if l.strip() and not l.lstrip().startswith("|")]
    words = lines[0].split()
    items = [w for w in words if w != "|"]
    multi = any("|" in w for w in items)
    colours = any(":" in w for l in lines[1:] for w in l.split())
    return colours, multi, len(items)

def reads(program, colours, multi, items):
    if program in ("dlx1", "ssxc1"):
        return not colours and not multi
    if program in ("dlx2", "dlx6", "ssxcc"):
        return not multi
    if program == "bits":
        return items <= 256
    return True

def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

def run(path, program):
    """The least CPU of `runs` runs, the count, and `auto`'s engine."""
    best, count, engine = None, None, None
    for _ in range(runs):
        c0 = child_cpu()
        if program in cubist_engines:
            p = subprocess.run([cubist, "exact", path, "--engine", program, "--threads", "1", "--json"],
                               capture_output=True, text=True)
            if p.returncode != 0:
                sys.exit(f"cubist --engine {program} failed on {path}:\n{p.stderr}")
            j = json.loads(p.stdout)
            count, engine = j["count"], j.get("engine")
        else:
            with open(path) as f:
                p = subprocess.run([f"{out}/knuth/{program}"], stdin=f,
                                   capture_output=True, text=True)
            m = re.search(r"Altogether (\d+) solution", p.stderr)
            if p.returncode != 0 or not m:
                sys.exit(f"{program} failed on {path} (exit {p.returncode}):\n{p.stderr[-2000:]}")
            count = int(m.group(1))
        cpu = child_cpu() - c0
        best = cpu if best is None else min(best, cpu)
    return best, count, engine

def s(t):
    return "-" if t is None else f"{t:.3f} s"

print(f"CPU seconds (user + system), least of {runs} whole-process runs, one thread")
rows = []
for title, name in suite:
    path = f"{out}/dlx/{name}.dlx"
    colours, multi, items = features(path)
    times, counts, chose = {}, {}, None
    for program in ["links"] + knuth + ["cells", "bits", "auto"]:
        if not reads(program, colours, multi, items):
            times[program] = None
            continue
        cpu, count, engine = run(path, program)
        times[program], counts[program] = cpu, count
        if program == "auto":
            chose = engine
        print(f"{name:<12} {program:<6} {count:>10} {cpu:8.3f}", flush=True)
    bad = {p: c for p, c in counts.items() if c != counts["links"]}
    if bad:
        sys.exit(f"DISAGREEMENT on {name}: links counts {counts['links']}, but {bad}")
    ran = [p for p in knuth if times[p] is not None]
    best = min(ran, key=lambda p: times[p])
    rows.append((title, counts["links"], times, chose, best))

def ratio(a, b):
    return "-" if a is None or b is None else f"{a / b:.2f}"

print()
print("| problem | solutions | DLX1 | DLX2 | DLX3 | DLX6 | SSXC1 | SSXCC | links | cells | bits | auto (chose) "
      "| auto / DLX2 | cells / DLX2 | auto / best of Knuth's | cells / best of Knuth's | auto <= 0.5 DLX2 | auto <= best |")
print("|---|---:|" + "---:|" * 14 + "---|---|")
for title, count, t, chose, best in rows:
    auto = t["auto"]
    base = t["dlx2"] if t["dlx2"] is not None else t["dlx3"]  # multiplicities: DLX3
    note = "" if t["dlx2"] is not None else " (DLX3)"
    half = "yes" if auto <= 0.5 * base else "no"
    level = "yes" if auto <= t[best] else "no"
    print(f"| {title} | {count:,} | " + " | ".join(s(t[p]) for p in knuth + ["links", "cells", "bits"])
          + f" | {s(auto)} ({chose}) | {ratio(auto, base)}{note} | {ratio(t['cells'], base)}{note}"
          + f" | {ratio(auto, t[best])} ({best.upper()}) | {ratio(t['cells'], t[best])} | {half} | {level} |")
PY
