#!/usr/bin/env bash
# Every test of cubist: the Rust workspace, then the Python package.
#
#   ./test.sh          cargo test --workspace (tests, doc examples), then the Python tests
#   ./test.sh python   the Python tests only
#
# The Python tests run in a virtual environment of their own
# (${CUBIST_VENV:-target/python-venv}) with maturin, pytest, numpy,
# nbclient and ipykernel (to run the example notebook), kociemba
# (compared with cubist's drop-in) and tqdm (progress bars) from PyPI. The module is built
# with `maturin develop` into the workspace's target folder, in the dev
# profile: the two-phase solver is optimised there too (Cargo.toml), so the
# tests take about 50 s against 38 s with a release module, while the dev
# build reuses what `cargo test` compiled instead of a release build of
# the whole workspace (over 3 minutes on 2 cores; BENCHMARKS.md, Python).
set -euo pipefail
cd "$(dirname "$0")"
VENV=${CUBIST_VENV:-target/python-venv}
python_env() {
  if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
  fi
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check maturin pytest numpy nbclient ipykernel kociemba tqdm
}
if [ "${1:-}" != python ]; then
  # The Python environment is fetched from PyPI while the Rust tests
  # build and run (mostly waiting on the network, it would otherwise add
  # about a minute).
  python_env &
  env_job=$!
  # The tests, then the doc examples: `cargo test --workspace` but for
  # building the example programs (examples/), which clippy checks
  # (.ci/run) and no test runs.
  cargo test --workspace --tests
  # (cubist-bench has no doc examples; `--doc` would still build its
  # dev-dependencies, criterion among them: some 20 s.)
  cargo test --workspace --doc --exclude cubist-bench
  wait "$env_job"
else
  python_env
fi
# The module reuses what `cargo test --workspace` compiled only if Cargo
# gives every shared crate the same features when building the module
# alone; one feature more on one side (a crate's dependencies changed)
# compiles the whole workspace a second time, two minutes of CI. The
# module's Cargo.toml lists the features to match; this names any that
# drifted.
features() { cargo tree --quiet --prefix none --format '{p} [{f}]' "$@" | sed 's/ (\*)$//' | sort -u; }
drift=$(comm -13 <(features --workspace -e normal,build,dev) <(features -p cubist-python))
if [ -n "$drift" ]; then
  echo "test.sh: the Python module would build these crates with other features than the workspace's tests;" >&2
  echo "add their features to crates/python/Cargo.toml:" >&2
  echo "$drift" >&2
  exit 1
fi
VENV=$(cd "$VENV" && pwd)
(cd crates/python && VIRTUAL_ENV="$VENV" "$VENV/bin/maturin" develop -q)
"$VENV/bin/python" -m pytest -q crates/python/tests
