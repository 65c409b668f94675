"""Batches of twisty states as arrays: ``cubist.twisty.random_states`` and
``cubist.twisty.distances``. The states are drawn and measured in Rust and
handed over as contiguous buffers, never as documents: with NumPy installed
they are NumPy arrays (one row per state) made without a copy; without it,
lists of lists."""

from __future__ import annotations

import array
import json
import os
import sys
from collections.abc import Mapping
from typing import Any, Dict, Iterable, List, Optional, Sequence

from . import InputError, _cubist

try:  # optional: `pip install numpy` (or the package's `numpy` extra)
    import numpy as _np
except ImportError:  # pragma: no cover - the tests install NumPy
    _np = None


def _puzzle(puzzle: Any, moves: Optional[Sequence[str]]) -> str:
    """The puzzle of a batch call as its JSON (the registry's form)."""
    from . import _field

    request: Dict[str, Any] = {"puzzle": _field("puzzle", puzzle)}
    if moves is not None:
        request["moves"] = list(moves)
    return json.dumps(request)


def _matrix(data: bytearray, code: str, rows: int, cols: int) -> Any:
    """Little-endian integers (``array`` type code ``h``, ``b`` or ``i``)
    as a ``rows`` x ``cols`` matrix."""
    if _np is not None:
        dtype = {"h": "<i2", "b": "i1", "i": "<i4"}[code]
        return _np.frombuffer(data, dtype=dtype).reshape(rows, cols)
    flat = array.array(code, bytes(data))
    if sys.byteorder == "big":  # pragma: no cover - the buffers are little-endian
        flat.byteswap()
    return [flat[i * cols : (i + 1) * cols].tolist() for i in range(rows)]


def _in_state(e: Any, blocks: List[str]) -> Any:
    """An error located in the `.scr` text made of the states, located in
    the state instead: ``state 3: column 4: ...``, its ``line`` counted
    within that state's block."""
    from . import InputError

    if e.file != "states" or e.line is None:
        return e
    first = 1
    for i, block in enumerate(blocks):
        lines = block.count("\n")
        if e.line < first + lines:
            error = dict(e.document.get("error", {}))
            message = e.message
            head = f"states:{e.line}: "
            if message.startswith(head):
                message = message[len(head) :]
            error.update(message=f"state {i}: {message}", line=e.line - first + 1)
            return InputError({**e.document, "error": error})
        first += lines
    return e


def _call(function: Any, *args: Any, **kwargs: Any) -> Any:
    from . import _raise

    try:
        return function(*args, **kwargs)
    except _cubist.Failure as failure:
        _raise(failure)


def random_states(
    puzzle: Any,
    n: int,
    seed: Optional[int] = None,
    *,
    moves: Optional[Sequence[str]] = None,
    max_memory: Optional[int] = None,
) -> Dict[str, Dict[str, Any]]:
    """``n`` uniformly random states of ``puzzle`` as arrays: per set of
    pieces (``"CORNER"``, ``"EDGE"``, ...) a dict with ``permutation``
    (``n`` rows of ``int16``: the piece, numbered from 0, in each place) and
    ``orientation`` (``n`` rows of ``int8``: the twist it shows there). The
    states are those ``twisty.random(puzzle, count=n, seed=seed)`` writes,
    in its order (``seed`` 0 when not given); ``moves`` restricts the group;
    at most 16,777,216 states, and ``max_memory`` (MiB) refuses more memory
    than it allows."""
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n={n!r}: give a number of states, 0 or more")
    sets = _call(
        _cubist.random_batch,
        _puzzle(puzzle, moves),
        n,
        0 if seed is None else seed,
        max_memory_mib=max_memory,
    )
    return {
        name: {
            "permutation": _matrix(places, "h", n, size),
            "orientation": _matrix(twists, "b", n, size),
        }
        for name, size, _modulus, places, twists in sets
    }


def _rows(name: str, field: str, value: Any, code: str) -> tuple:
    """A set's matrix as (rows, columns, little-endian bytes)."""
    if _np is not None and isinstance(value, _np.ndarray):
        if value.ndim != 2:
            raise ValueError(f"{name} {field}: give a matrix, one row a state")
        dtype = {"h": "<u2", "b": "u1"}[code]
        if value.size and (value.min() < 0 or value.max() > _np.iinfo(dtype).max):
            raise ValueError(f"{name} {field}: entries from 0 to {_np.iinfo(dtype).max}")
        return value.shape[0], value.shape[1], _np.ascontiguousarray(value, dtype=dtype).tobytes()
    rows = [list(r) for r in value]
    cols = len(rows[0]) if rows else 0
    if any(len(r) != cols for r in rows):
        raise ValueError(f"{name} {field}: every row the same length")
    flat = array.array("H" if code == "h" else "B", [x for r in rows for x in r])
    if sys.byteorder == "big":  # pragma: no cover - the buffers are little-endian
        flat.byteswap()
    return len(rows), cols, flat.tobytes()


def distances(
    puzzle: Any,
    states: Any,
    *,
    moves: Optional[Sequence[str]] = None,
    max_memory: Optional[int] = None,
    cache: Any = None,
) -> Any:
    """The distance of each state from solved: the length of an optimal
    solution in the half-turn metric (every move and its powers count one).

    ``states`` is a batch as :func:`random_states` returns it (any arrays
    of that shape), or a list whose items are move sequences (``"R U R'"``)
    or states of a ``twisty.random`` document. Where the whole state space
    fits in a table (at most 2^28 states: the 2x2x2, the pyraminx and
    smaller) the table is built once a process and every distance is read
    from it; larger puzzles take one optimal search a state, their tables
    in ``cache`` (as :func:`cubist.call` takes it). Returns an ``int32``
    array, one entry per state."""
    from . import default_cache_dir

    if cache is None:
        cache_dir = default_cache_dir()
    elif cache is False:
        cache_dir = None
    else:
        cache_dir = os.fspath(cache)
    options: Dict[str, Any] = {"max_memory_mib": max_memory, "cache_dir": None if cache_dir is None else str(cache_dir)}
    if isinstance(states, Mapping):
        sets: List[tuple] = []
        count = None
        for name, matrices in states.items():
            if not isinstance(matrices, Mapping) or "permutation" not in matrices:
                raise TypeError(f"{name}: give per set a dict with permutation and orientation, as random_states does")
            n, size, places = _rows(name, "permutation", matrices["permutation"], "h")
            n2, size2, twists = _rows(name, "orientation", matrices["orientation"], "b")
            if (n2, size2) != (n, size) or (count is not None and n != count):
                raise ValueError(f"{name}: every matrix needs the same number of rows and the set's columns")
            count = n
            sets.append((name, size, places, twists))
        data = _call(_cubist.distances, _puzzle(puzzle, moves), count=count or 0, sets=sets, **options)
        rows = count or 0
    else:
        if isinstance(states, (str, bytes)):
            raise TypeError('states: give a list of states (one move sequence: ["R U"]) or a batch')
        blocks = []
        for i, s in enumerate(states):
            if isinstance(s, str):
                blocks.append(f"ScrambleAlg s{i}\n{s}\nEnd\n")
            elif isinstance(s, Mapping) and "state" in s:
                blocks.append(s["state"] if s["state"].endswith("\n") else s["state"] + "\n")
            else:
                raise TypeError(f"state {i}: give a move sequence or a state of a twisty random document")
        rows = len(blocks)
        if not blocks:
            return _matrix(bytearray(), "i", 0, 1).reshape(0) if _np is not None else []
        try:
            data = _call(_cubist.distances, _puzzle(puzzle, moves), scr="".join(blocks), **options)
        except InputError as e:
            raise _in_state(e, blocks) from None
    out = _matrix(data, "i", rows, 1)
    return out.reshape(rows) if _np is not None else [r[0] for r in out]

