#!/usr/bin/env bash
# The optimal 3x3x3 on uniformly random states, through the command line:
# the figure the solver's goal is stated in (the median over 25 seeded
# random states, on this machine's threads, with tables of at most 4 GiB).
# cubist alone; bench/optimal-vs-nissy.sh puts nissy-core beside it.
#
#   [CUBIST=/path/to/cubist] [THREADS=2] [SEED=2026] [TABLE_MEMORY=4096] \
#   [EXTRA="--deep-table"] bash bench/optimal-random.sh [N]
#
# What it needs: bash, GNU time (/usr/bin/time), awk, python3 (to read the
# JSON reports); the disk and memory of the tier TABLE_MEMORY chooses (3.8
# GB of cache folder and 3.9 GB of memory at the default; its first build
# runs here, untimed). CUBIST defaults to this checkout's release build.
#
# What it does:
#   1. A 16-move state is solved first, untimed in the table: it builds the
#      large table or reads it from the cache folder (XDG_CACHE_HOME), and
#      leaves the file in the page cache for the timed runs.
#   2. N states (default 25) are drawn by `cubist twisty random 3x3x3 --seed
#      SEED --count N --facelets`, and each is solved in its own process with
#      `--method optimal --threads THREADS --json`, timed by /usr/bin/time.
#      The report must say the answer is verified and proved optimal, and
#      every state must be bounded by the same table (the first one's name,
#      printed: with the deep tier in the cache, "H48 h7 to depth 11").
#   3. The search alone: the N states again, in one process that reads the
#      table once, as the `ScrambleAlg` blocks of a `--state` file after the
#      warm-up state (each state's two-phase answer inverted, checked to
#      reach it with `twisty apply --facelets`); each must come back at the
#      length of step 2.
#   4. A line per state: length, the report's `time_ms` in its own process
#      (the table's read included: some seconds for 3.8 GB from the page
#      cache), nodes, the whole process's wall and processor time (user +
#      system) and peak, then the search alone (step 3); then the medians.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-25}
SEED=${SEED:-2026}
THREADS=${THREADS:-2}
TABLE_MEMORY=${TABLE_MEMORY:-4096}
EXTRA=${EXTRA:-}
DIR=${BENCH_DIR:-/tmp/cubist-bench}
if ! [[ $N =~ ^[0-9]{1,4}$ ]] || ((10#$N < 1 || 10#$N > 1000)); then
  echo "N must be a count from 1 to 1000" >&2
  exit 2
fi
for v in THREADS TABLE_MEMORY SEED; do
  [[ ${!v} =~ ^[0-9]{1,7}$ ]] || { echo "$v must be a number" >&2; exit 2; }
done
[[ -x /usr/bin/time ]] || { echo "GNU time (/usr/bin/time) is needed" >&2; exit 2; }
if [[ -z ${CUBIST:-} ]]; then
  cargo build -q --release -p cubist-cli
  CUBIST=$PWD/target/release/cubist
fi
mkdir -p "$DIR"
read -ra extra <<<"$EXTRA"
solve=("$CUBIST" twisty solve 3x3x3 --method optimal --table-memory "$TABLE_MEMORY" --threads "$THREADS" "${extra[@]}")

warm="R U2 F' L D B2 R' U F2 D' L2 B R' U2 F L'"
/usr/bin/time -f "warm-up (the table built or read, a 16-move state solved): wall %e s, user %U s, sys %S s, peak %M KiB" \
  "${solve[@]}" --scramble "$warm" >/dev/null

"$CUBIST" twisty random 3x3x3 --seed "$SEED" --count "$N" --facelets >"$DIR/states.txt"
results=$DIR/optimal-results.txt
: >"$results"
bound=
i=0
while read -r S; do
  i=$((i + 1))
  /usr/bin/time -f '%e %U %S %M' -o "$DIR/r$i.time" "${solve[@]}" --json --facelets "$S" \
    >"$DIR/r$i.json" 2>"$DIR/r$i.err"
  # length, time_ms, nodes, bound; refused unless verified and optimal.
  line=$(python3 - "$DIR/r$i.json" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))["states"][0]
if not (s["verified"] and s["optimal"]):
    sys.exit("not verified and proved optimal: %r" % s)
print(s["length"], s["time_ms"] / 1000, s["nodes"], s["bound_by"], sep="\t")
EOF
  )
  IFS=$'\t' read -r len secs nodes by <<<"$line"
  bound=${bound:-$by}
  [[ $by == "$bound" ]] || { echo "state $i was bounded by '$by', the first by '$bound'" >&2; exit 1; }
  echo "$i $len $secs $nodes $(cat "$DIR/r$i.time")" >>"$results"
  echo "state $i: $S  $len moves, $secs s" >&2
done <"$DIR/states.txt"

# shellcheck source=bench/scramble-of.sh
. bench/scramble-of.sh
scr=$DIR/states.scr
printf 'ScrambleAlg warm\n%s\nEnd\n' "$warm" >"$scr"
i=0
while read -r S; do
  i=$((i + 1))
  scramble=$(scramble_of "$S") || { echo "state $i: no checked scramble" >&2; exit 1; }
  printf 'ScrambleAlg s%d\n%s\nEnd\n' "$i" "$scramble" >>"$scr"
done <"$DIR/states.txt"
"${solve[@]}" --json --state "$scr" >"$DIR/one.json" 2>"$DIR/one.err"
# The search's seconds a state, the warm-up left out; the same lengths.
python3 - "$DIR/one.json" "$results" >"$DIR/search.txt" <<'PY'
import json, sys
states = json.load(open(sys.argv[1]))["states"][1:]
lengths = [int(line.split()[1]) for line in open(sys.argv[2])]
if len(states) != len(lengths):
    sys.exit("%d states solved in one process, %d one by one" % (len(states), len(lengths)))
for i, (s, n) in enumerate(zip(states, lengths), 1):
    if not (s["verified"] and s["optimal"] and s["length"] == n):
        sys.exit("state %d: not verified and proved optimal in %d moves: %r" % (i, n, s))
    print(s["time_ms"] / 1000)
PY
paste -d' ' "$results" "$DIR/search.txt" >"$results.joined"
mv "$results.joined" "$results"

echo "bound: $bound"
awk -v threads="$THREADS" -v mem="$TABLE_MEMORY" -v extra="$EXTRA" -f bench/median.awk -f /dev/stdin "$results" <<'AWK'
  BEGIN {
    printf "cubist twisty solve 3x3x3 --method optimal --table-memory %d --threads %d %s\n", mem, threads, extra
    printf "%5s %6s %9s %12s %9s %9s %9s %9s\n", "state", "length", "solve s", "nodes", "wall s", "cpu s", "peak MiB", "search s"
  }
  {
    n++; len[$2]++; s[n] = $3; nd[n] = $4; w[n] = $5; c[n] = $6 + $7; m[n] = $8 / 1024; a[n] = $9
    printf "%5d %6d %9.2f %12d %9.2f %9.2f %9.0f %9.2f\n", $1, $2, s[n], nd[n], w[n], c[n], m[n], a[n]
  }
  END {
    if (n == 0) { print "no state measured"; exit }
    printf "%-12s %9.2f %12d %9.2f %9.2f %9.0f %9.2f\n", "median of " n, median(s, n), median(nd, n), median(w, n), median(c, n), median(m, n), median(a, n)
    printf "lengths:"; for (l = 0; l <= 20; l++) if (l in len) printf " %d moves x %d", l, len[l]; printf "\n"
    print "solve s: the report's time_ms in a process of its own (the table's read included); search s: one process for all"
  }
AWK
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
