#!/bin/sh
# Runs every fuzz target for SECONDS seconds (default 60), one after the
# other, each on its corpus (fuzz/corpus/TARGET, grown by the run) and its
# starting inputs (fuzz/starts/TARGET, kept in the repository). Needs the nightly
# toolchain and cargo-fuzz: cargo install cargo-fuzz.
set -e
cd "$(dirname "$0")"
seconds=${1:-60}
for target in $(cargo +nightly fuzz list); do
    mkdir -p "corpus/$target" "starts/$target"
    echo "== $target"
    # A target with a dictionary (TARGET.dict) gets it; `moves` reads up to
    # 128 KiB (deep nesting needs room), the others 64 KiB.
    extra=""
    if [ -f "$target.dict" ]; then extra="-dict=$target.dict"; fi
    max_len=65536
    if [ "$target" = moves ]; then max_len=131072; fi
    # The last status line (executions, coverage) and any crash report.
    cargo +nightly fuzz run "$target" "corpus/$target" "starts/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -max_len="$max_len" $extra 2>&1 |
        grep -E "DONE|^Done|SUMMARY|panicked|deadly|out-of-memory|Test unit written" || true
done
