#!/usr/bin/env bash
# The optimal 3x3x3, side by side: cubist's `twisty solve 3x3x3 --method
# optimal` (IDA* bounded by an H48 tier: h5, 1.02 GB with its h0 table, at
# the --table-memory of 1200 MiB given here) against nissy-core's H48 solver
# (C, by Sebastiano Tronto; GPL) with its table of the same tier, on the same
# uniformly random states, both with the same number of threads.
#
# The peer is nissy-core, https://github.com/sebastianotronto/nissy-core,
# measured at commit 3cb60bcbf4ab9af4e9452a43681f1e7176b0c88f (2026-04-11).
# This script does not fetch or compile it: build its command-line shell
# (`run`) in a checkout as its README describes, with at least THREADS
# threads, then point NISSY_SRC at that checkout.
#
#   NISSY_SRC=/path/to/nissy-core [NISSY_TABLES=/path/to/tables] \
#   [CUBIST=/path/to/cubist] [THREADS=2] [SEED=2026] [TABLE_MEMORY=1200] \
#     bash bench/optimal-vs-nissy.sh [N]
#
# What it needs: bash, GNU time (/usr/bin/time), awk; about 1 GB of disk for
# nissy's table and 1 GB for cubist's (its cache folder, XDG_CACHE_HOME);
# 2 GiB of memory (the two programs run one after the other, each reading
# its whole table). CUBIST defaults to this checkout's release build.
#
# What it does:
#   1. nissy's table for its solver NISSY_SOLVER (default h48h5: 950,006,120
#      bytes, the tier cubist takes at TABLE_MEMORY=1200 MiB; h48h6, 1.8 GiB,
#      goes with 2100 and h48h7, 3.5 GiB, with cubist's default 4096; the
#      smallest, h48h3, 239,047,016 bytes, generated in about 7.5 minutes on
#      2 cores, goes with TABLE_MEMORY=500, where cubist takes its h3) is
#      generated with nissy's own `gendata` into NISSY_TABLES (default
#      $BENCH_DIR/nissy-tables), or reused when its file is already there.
#      cubist's table is built on its first optimal solve, or read from its
#      cache folder: a 16-move state solved by each program first, untimed in
#      the table, builds or reads it (and leaves both tables in the page
#      cache, so that every timed run reads its table from memory).
#   2. N states (default 25) are drawn by `cubist twisty random 3x3x3 --seed
#      SEED --count N --facelets`. nissy's shell reads a cube only as its own
#      B32 string or as moves, so each facelet string S is turned into moves:
#      cubist's two-phase solution of S, inverted, is a scramble of S. That
#      scramble is checked to reach S (`twisty apply --facelets`), and nissy
#      turns it into its cube string (`frommoves`).
#   3. Each state is solved optimally by both, one solution each, THREADS
#      threads each, timed as a whole process by /usr/bin/time (wall and
#      processor time, user + system; each process reads its table from disk
#      or the page cache, about 1 GB each). Each answer is checked by the
#      other program: nissy applies cubist's solution to its cube and must
#      get the solved cube; cubist applies the scramble then nissy's solution
#      and must get the solved facelets. The two optimal lengths must be
#      equal: a difference is printed loudly and the script exits 1.
#   4. A table per state, the medians and the ratios cubist / nissy.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-25}
SEED=${SEED:-2026}
THREADS=${THREADS:-2}
SOLVER=${NISSY_SOLVER:-h48h5}
TABLE_MEMORY=${TABLE_MEMORY:-1200}
DIR=${BENCH_DIR:-/tmp/cubist-bench}
: "${NISSY_SRC:?set NISSY_SRC to a nissy-core checkout whose shell (run) is built (see the top of this script)}"
[[ -d $NISSY_SRC ]] || { echo "NISSY_SRC=$NISSY_SRC is not a folder" >&2; exit 2; }
NISSY=$(cd "$NISSY_SRC" && pwd)/run
TABLES=${NISSY_TABLES:-$DIR/nissy-tables}
if ! [[ $N =~ ^[0-9]{1,4}$ ]] || ((10#$N < 1 || 10#$N > 1000)); then
  echo "N must be a count from 1 to 1000" >&2
  exit 2
fi
if ! [[ $TABLE_MEMORY =~ ^[0-9]{1,7}$ ]]; then
  echo "TABLE_MEMORY must be a number of MiB" >&2
  exit 2
fi
[[ -x $NISSY ]] || { echo "no nissy shell at $NISSY: build it first (its README)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "GNU time (/usr/bin/time) is needed" >&2; exit 2; }
if [[ -z ${CUBIST:-} ]]; then
  cargo build -q --release -p cubist-cli
  CUBIST=$PWD/target/release/cubist
fi
mkdir -p "$DIR" "$TABLES"
DIR=$(cd "$DIR" && pwd) TABLES=$(cd "$TABLES" && pwd)
SOLVED_FACELETS=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
SOLVED_B32='ABCDEFGH=ABCDEFGHIJKL=A'
# shellcheck source=bench/scramble-of.sh
. bench/scramble-of.sh

# nissy's shell looks for its tables in ./tables/ and ./, named by the id
# `solverinfo` prints after the size: it runs inside the tables folder.
nissy() { (cd "$TABLES" && "$NISSY" "$@"); }
info=$(nissy solverinfo -solver "$SOLVER")
size=$(sed -n 1p <<<"$info") id=$(sed -n 2p <<<"$info")
[[ $size =~ ^[0-9]+$ ]] || { echo "nissy does not know the solver $SOLVER: $info" >&2; exit 2; }
if [[ -f $TABLES/$id && $(stat -c %s "$TABLES/$id") == "$size" ]]; then
  echo "nissy's $SOLVER table: $TABLES/$id ($size bytes), reused"
else
  echo "nissy's $SOLVER table: generating $TABLES/$id ($size bytes; it allocates that much)"
  # A file of the wrong size (an interrupted run) makes gendata ask before
  # overwriting it: the answer is yes.
  (cd "$TABLES" && printf 'y\n' | /usr/bin/time -f "nissy gendata: wall %e s, user %U s, sys %S s, peak %M KiB" \
    "$NISSY" gendata -solver "$SOLVER")
fi

# One timed run: the command's standard output goes to $1.out, its
# standard error to $1.err, its time ("wall user sys") to $1.time.
timed() {
  local out=$1
  shift
  /usr/bin/time -f '%e %U %S' -o "$out.time" "$@" >"$out.out" 2>"$out.err"
}

# Untimed in the table: one 16-move state solved by each first, so that
# cubist's table is built (or read) before the states, and both tables sit in
# the page cache for every timed run.
warm="R U2 F' L D B2 R' U F2 D' L2 B R' U2 F L'"
/usr/bin/time -f "cubist warm-up (its table built or read, a 16-move state solved): wall %e s, user %U s, sys %S s, peak %M KiB" \
  "$CUBIST" twisty solve 3x3x3 --method optimal --table-memory "$TABLE_MEMORY" --threads "$THREADS" --scramble "$warm"
(cd "$TABLES" && /usr/bin/time -f "nissy warm-up (the same state): wall %e s, user %U s, sys %S s, peak %M KiB" \
  "$NISSY" solve_scramble -solver "$SOLVER" -n 1 -O 0 -t "$THREADS" -moves "$warm")

"$CUBIST" twisty random 3x3x3 --seed "$SEED" --count "$N" --facelets >"$DIR/states.txt"
results=$DIR/nissy-results.txt
: >"$results"
mismatch=0
loud() { printf '\n!!!!!!!! %s !!!!!!!!\n\n' "$*" >&2; mismatch=1; }
i=0
while read -r S; do
  i=$((i + 1))
  scramble=$(scramble_of "$S") || { loud "state $i: no checked scramble"; continue; }
  cube=$(nissy frommoves -moves "$scramble")

  timed "$DIR/c$i" "$CUBIST" twisty solve 3x3x3 --method optimal --table-memory "$TABLE_MEMORY" \
    --threads "$THREADS" --facelets "$S"
  csol=$(sed -n 1p "$DIR/c$i.out")
  grep -q '^length [0-9]*, verified, proved optimal$' "$DIR/c$i.out" \
    || { loud "state $i: cubist did not prove its answer optimal: $(tr '\n' ' ' <"$DIR/c$i.out")"; continue; }
  (cd "$TABLES" && timed "$DIR/n$i" "$NISSY" solve -solver "$SOLVER" -n 1 -O 0 -t "$THREADS" -cube "$cube")
  nsol=$(sed -n 1p "$DIR/n$i.out")

  # Each answer checked by the other program's model of the cube.
  [[ $(nissy applymoves -cube "$cube" -moves "$csol") == "$SOLVED_B32" ]] \
    || loud "state $i: nissy says cubist's '$csol' does not solve $cube"
  [[ $("$CUBIST" twisty apply 3x3x3 --alg "$scramble $nsol" --facelets) == "$SOLVED_FACELETS" ]] \
    || loud "state $i: cubist says nissy's '$nsol' does not solve $S"
  clen=$(nissy countmoves -moves "$csol") nlen=$(nissy countmoves -moves "$nsol")
  [[ $clen == "$nlen" ]] || loud "state $i: OPTIMAL LENGTHS DIFFER: cubist $clen ($csol), nissy $nlen ($nsol)"
  echo "$i $clen $nlen $(cat "$DIR/c$i.time") $(cat "$DIR/n$i.time")" >>"$results"
  echo "state $i: $S  cubist $clen moves, nissy $nlen moves" >&2
done <"$DIR/states.txt"

# Columns of $results: state, cubist length, nissy length, cubist wall, user,
# sys, nissy wall, user, sys. Processor time is user + system.
awk -v threads="$THREADS" -v solver="$SOLVER" -v mem="$TABLE_MEMORY" -f bench/median.awk -f /dev/stdin "$results" <<'AWK'
  BEGIN {
    printf "cubist (optimal, --table-memory %d) and nissy-core (%s), %d threads each; seconds per whole process\n", mem, solver, threads
    printf "%5s %6s %6s %11s %11s %11s %11s %8s %8s\n", "state", "cubist", "nissy", "cubist wall", "cubist cpu", "nissy wall", "nissy cpu", "cpu c/n", "wall c/n"
  }
  {
    n++; cw[n] = $4; cc[n] = $5 + $6; nw[n] = $7; nc[n] = $8 + $9
    printf "%5d %6d %6d %11.2f %11.2f %11.2f %11.2f %8.2f %8.2f\n", $1, $2, $3, cw[n], cc[n], nw[n], nc[n], cc[n] / nc[n], cw[n] / nw[n]
  }
  END {
    if (n == 0) { print "no state measured"; exit }
    mcw = median(cw, n); mcc = median(cc, n); mnw = median(nw, n); mnc = median(nc, n)
    printf "%-19s %11.2f %11.2f %11.2f %11.2f %8.2f %8.2f\n", "median of " n, mcw, mcc, mnw, mnc, mcc / mnc, mcw / mnw
  }
AWK
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
if ((mismatch)); then
  echo "MISMATCH: see the lines marked !!!!!!!! above" >&2
  exit 1
fi
