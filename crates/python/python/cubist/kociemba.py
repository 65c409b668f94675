"""A drop-in for the ``kociemba`` package: ``from cubist import kociemba``.

>>> from cubist import kociemba
>>> kociemba.solve("DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD")  # doctest: +SKIP
"D2 R' D' F2 B D R2 D2 R' F2 D' F2 U' B2 L2 U2 D R2 U"

:func:`solve` takes Kociemba's 54-letter facelet string (faces U R F D L B,
each read row by row, its centre the face's own letter) and answers a
solution of at most 20 moves in Kociemba's notation (``"R U' F2"``), from
cubist's two-phase solver. Its tables (about 48 MB) are built or read from
the cache folder (:func:`cubist.default_cache_dir`, the CLI's) on the first
call and kept for the process, so later calls take a millisecond or so. A
first call that builds them (a few seconds) shows a tqdm bar when standard
error is a terminal and tqdm is installed (``progress=False``: none; or give
a function of ``(phase, done, total)``, as :func:`cubist.call` takes).

It refuses what ``kociemba`` refuses, with the same ``ValueError``
(``"Error. Probably cubestring is invalid"``, followed here by what is
wrong): a string that is not 54 face letters, centres out of place, a
colour on more or fewer than 9 facelets, a piece missing, twisted or
flipped, an odd permutation. Where ``kociemba`` reads the first 54
characters of a longer string, cubist refuses it. The solved cube's
solution is ``""`` (``kociemba`` answers a 13-move sequence that makes the
solved cube again).
"""

from __future__ import annotations

import sys
from typing import Any, Optional

from . import _cubist, _tqdm_progress, default_cache_dir

__all__ = ["solve", "prepare_move_table", "main"]

# Kociemba's facelet string puts each face's centre at these places, in
# the order U R F D L B; ``kociemba`` only knows a cube held that way.
_CENTRES = ((4, "U"), (13, "R"), (22, "F"), (31, "D"), (40, "L"), (49, "B"))


def solve(cubestring: str, patternstring: Optional[str] = None, max_depth: int = 24, *, progress: Any = None) -> str:
    """A solution of at most ``max_depth`` moves (20 is always enough)
    taking ``cubestring`` to ``patternstring`` (the solved cube when
    ``None``), as ``kociemba.solve`` answers it. ``progress`` (not one of
    ``kociemba``'s arguments) follows the tables' build on a first call:
    ``None`` a tqdm bar on a terminal, ``False`` nothing, or a function."""
    for text in (cubestring, patternstring):
        if text is None:
            continue
        if not isinstance(text, str):
            raise TypeError(f"a facelet string is a str, not {type(text).__name__}")
        body = text.strip()
        if len(body) == 54 and any(body[i] != face for i, face in _CENTRES):
            raise ValueError(
                "Error. Probably cubestring is invalid: the centres must be U R F D L B "
                "(positions 5, 14, 23, 32, 41, 50)"
            )
    cache = default_cache_dir()
    return _cubist.kociemba(
        cubestring,
        patternstring,
        max(0, int(max_depth)),
        cache_dir=None if cache is None else str(cache),
        progress=_build_progress(progress),
    )


def prepare_move_table(*, progress: Any = None, max_memory: Optional[int] = None) -> int:
    """Makes phase 1's move table for this process (not one of
    ``kociemba``'s functions): 537 MiB, made in seconds from the two-phase
    tables (read or built first, as :func:`solve` does), after which every
    :func:`solve` gives the same answers in about half the time. For a
    robot or a batch of many thousand states; returns the table's bytes.
    ``progress`` as for :func:`solve`. The table and the two-phase tables
    must fit in ``max_memory`` MiB (this machine's memory by default):
    else :class:`cubist.LimitError` is raised before the table is made."""
    from . import _raise

    cache = default_cache_dir()
    try:
        return _cubist.kociemba_move_table(
            cache_dir=None if cache is None else str(cache),
            progress=_build_progress(progress),
            max_memory_mib=max_memory,
        )
    except _cubist.Failure as failure:
        _raise(failure)


def _build_progress(progress: Any) -> Any:
    """The callback for the tables' build: the one given, none for
    ``False``, and for ``None`` a tqdm bar when standard error is a
    terminal and tqdm is installed."""
    if progress is False:
        return None
    if progress is not None:
        return progress
    if not sys.stderr.isatty():
        return None
    try:
        return _tqdm_progress()
    except ImportError:
        return None


def main(argv: Optional[list] = None) -> int:
    """``cubist-kociemba CUBESTRING [PATTERNSTRING]``: prints a solution,
    as the ``kociemba`` command does; a bad string is an error (exit 2)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 2):
        print(
            "usage: cubist-kociemba CUBESTRING [PATTERNSTRING]\n"
            "for example:\n"
            "cubist-kociemba DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD",
            file=sys.stderr,
        )
        return 2
    try:
        print(solve(*args))
    except ValueError as e:
        print(f"cubist-kociemba: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
