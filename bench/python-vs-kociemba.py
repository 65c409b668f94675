"""cubist's kociemba drop-in against the `kociemba` package (PyPI, C), side
by side in one Python process on the same states.

Draws N uniformly random 3x3x3 states (default 1000, seed 1) with cubist,
warms both solvers up on one state (tables built or read), then solves
every state with each and reports the CPU time per state, the mean,
minimum and maximum length, and the ratio. Every cubist answer is checked
by applying it with cubist's puzzle model.

Run it where both are installed, cubist as a release build:

    python3 -m venv /tmp/cubist-py && . /tmp/cubist-py/bin/activate
    pip install ./crates/python kociemba
    python bench/python-vs-kociemba.py [N]
"""

import sys
import time

import kociemba

import cubist
from cubist import kociemba as drop_in

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
states = [s["facelets"] for s in cubist.twisty.random("3x3x3", count=n, seed=1, facelets=True)["states"]]

rows = []
for name, solve in [("cubist.kociemba", drop_in.solve), ("kociemba (PyPI, C)", kociemba.solve)]:
    solve(states[0])  # tables built or read
    start = time.process_time()
    answers = [solve(s) for s in states]
    cpu = time.process_time() - start
    rows.append((name, cpu, [len(a.split()) for a in answers], answers))

# cubist's answers, checked: undoing each from the solved cube makes the state.
turn = {"": "'", "'": "", "2": "2"}
undo = "".join(
    f"ScrambleAlg s{i}\n{' '.join(m[0] + turn[m[1:]] for m in reversed(a.split()))}\nEnd\n"
    for i, a in enumerate(rows[0][3])
)
made = [s["facelets"] for s in cubist.twisty.apply("3x3x3", scrambles=undo, facelets=True)["states"]]
assert made == states, "a cubist answer does not solve its state"

print(f"{n} random 3x3x3 states (seed 1), one Python process, CPU time, tables ready")
print(f"{'solver':<20} {'CPU s':>8} {'ms/state':>9} {'mean len':>9} {'min':>4} {'max':>4}")
for name, cpu, lengths, _ in rows:
    print(f"{name:<20} {cpu:>8.3f} {1000 * cpu / n:>9.2f} {sum(lengths) / n:>9.2f} {min(lengths):>4} {max(lengths):>4}")
print(f"ratio kociemba / cubist CPU: {rows[1][1] / rows[0][1]:.1f}x")
