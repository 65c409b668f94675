"""Batches for learning, timed in one Python process: random 3x3x3 states
drawn into NumPy arrays, and exact 2x2x2 distances read from the God's-
algorithm table (its build timed apart, once a process).

Run with a release build of the module, in a virtual environment with NumPy:
    pip install maturin numpy
    (cd crates/python && maturin develop --release)
    python bench/python-batches.py [N]        # N states, default 1,000,000
"""

import sys
import time

import numpy as np

import cubist


def timed(label, f):
    start = time.perf_counter()
    out = f()
    seconds = time.perf_counter() - start
    print(f"{label}: {seconds:.3f} s")
    return out, seconds


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    batch, s = timed(f"random_states('3x3x3', {n:,})", lambda: cubist.twisty.random_states("3x3x3", n, seed=1))
    assert (np.sort(batch["EDGE"]["permutation"], axis=1) == np.arange(12)).all()
    print(f"  {n / s:,.0f} states a second")
    # The table, built on the first call (one state).
    timed("distances('2x2x2', 1 state), building the table", lambda: cubist.twisty.distances("2x2x2", ["R"]))
    states, _ = timed(f"random_states('2x2x2', {n:,})", lambda: cubist.twisty.random_states("2x2x2", n, seed=1))
    d, s = timed(f"distances('2x2x2', {n:,} states), table built", lambda: cubist.twisty.distances("2x2x2", states))
    print(f"  {n / s:,.0f} distances a second; distribution {np.bincount(d).tolist()}")


if __name__ == "__main__":
    main()
