"""Batches of twisty states as arrays: ``cubist.twisty.random_states`` and
``cubist.twisty.distances``, over the registry's ``twisty random`` and
``twisty solve``. With NumPy installed the answers are NumPy arrays (one
row per state); without it, lists of lists."""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional

try:  # optional: `pip install numpy` (or the package's `numpy` extra)
    import numpy as _np
except ImportError:  # pragma: no cover - the tests install NumPy
    _np = None


def _array(rows: List[List[int]], dtype: str) -> Any:
    if _np is None:
        return rows
    return _np.array(rows, dtype=dtype).reshape(len(rows), -1)


def _orbits(state_text: str) -> Dict[str, tuple]:
    """A state of a `.scr` file (``Scramble NAME``, then per orbit its name,
    the permutation line and the orientation line, ``End``) as orbit name
    -> (permutation, orientation), 0-based."""
    lines = [line.split() for line in state_text.strip().splitlines()]
    out = {}
    i = 1
    while i + 2 < len(lines) and lines[i][0] != "End":
        name = lines[i][0]
        out[name] = ([int(x) - 1 for x in lines[i + 1]], [int(x) for x in lines[i + 2]])
        i += 3
    return out


def random_states(puzzle: Any, n: int, seed: Optional[int] = None, **options: Any) -> Dict[str, Any]:
    """``n`` uniformly random states of ``puzzle`` (``twisty random``) as
    arrays: per orbit of pieces (``"CORNER"``, ``"EDGE"``, ...) a dict with
    ``permutation`` (``n`` rows: the piece at each place, from 0) and
    ``orientation`` (``n`` rows), plus ``states``, the document's states
    (with their ``.scr`` text, for :func:`distances`)."""
    from . import twisty

    doc = twisty.random(puzzle, count=n, seed=seed, **options)
    states = doc["states"]
    parsed = [_orbits(s["state"]) for s in states]
    out: Dict[str, Any] = {}
    for name in parsed[0] if parsed else []:
        out[name] = {
            "permutation": _array([p[name][0] for p in parsed], "int16"),
            "orientation": _array([p[name][1] for p in parsed], "int8"),
        }
    out["states"] = states
    return out


def distances(puzzle: Any, states: Iterable[Any], **options: Any) -> Any:
    """The distance of each state from solved: the length of an optimal
    solution (``twisty solve --method optimal``, every answer verified), in
    the puzzle's metric. A state is a move sequence (``"R U R'"``) or a
    state of a ``twisty random`` document (or of :func:`random_states`'s
    ``states``). Returns an integer array, one entry per state."""
    from . import twisty

    blocks = []
    for i, s in enumerate(states):
        if isinstance(s, str):
            blocks.append(f"ScrambleAlg s{i}\n{s}\nEnd\n")
        elif isinstance(s, dict) and "state" in s:
            blocks.append(s["state"] if s["state"].endswith("\n") else s["state"] + "\n")
        else:
            raise TypeError(f"state {i}: give a move sequence or a state of a twisty random document")
    if not blocks:
        return _array([], "int32")
    doc = twisty.solve(puzzle, state="".join(blocks), method="optimal", **options)
    lengths = [s["length"] for s in doc["states"]]
    return _np.array(lengths, dtype="int32") if _np is not None else lengths
