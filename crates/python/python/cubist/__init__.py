"""cubist: cube puzzles solved, counted and analysed, exactly.

Every command of the ``cubist`` program is a function here, named after its
path: ``cubist stack solve`` is :func:`cubist.stack.solve`, ``cubist twisty
solve`` is :func:`cubist.twisty.solve`, ``cubist exact`` is
:func:`cubist.exact`. Their keyword arguments are the fields of the
command's JSON request (docs/json.md), and they return the JSON document
``cubist --json`` prints, as plain dicts and lists (a :class:`Result`).

>>> import cubist
>>> cubist.twisty.alg("3x3x3", moves="R U R' U'")["order"]
6

The functions are made at import from the command registry of the Rust
library, so every command the program has is here; their docstrings and
first positional argument come from docs/json.md (``_docs.py``, generated
with ``stubgen.py``, as is the stub file ``__init__.pyi``).
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import types
from pathlib import Path
from typing import Any, Callable, Dict, NoReturn, Optional, Union

from . import _cubist
from ._docs import COMMANDS as _DOCS

__version__: str = _cubist.version

__all__ = [
    "Error",
    "InputError",
    "LimitError",
    "Interrupted",
    "InternalError",
    "Result",
    "commands",
    "call",
    "default_cache_dir",
]

# Request fields that hold a text file (a cube set, a DLX problem, a board,
# a square, a .scr file): a str is its text, a path is read. The registry's
# field names keep one meaning across commands (docs/json.md), and the
# tests check this list against every command.
TEXT_FIELDS = frozenset({"set", "piles", "file", "board", "square", "state", "scrambles"})

# The arguments of every function that are not request fields: they say
# how to run the command, not what to compute (the CLI's options of the
# same names).
FRONT_END = ("svg", "svg_solution", "max_memory", "cache", "checkpoint", "progress")

# The largest max_memory: 1 TiB in MiB, as the program's --max-memory.
_MAX_MIB = 1 << 20

# A result's picture is made on demand (a second run, with the picture)
# only when the first run took less than this: a notebook shows every
# result, and a long count should not run twice for its (absent) picture.
_LAZY_PICTURE_MS = 2000.0


class Error(Exception):
    """A command's failure. ``kind`` is the CLI's (``"input"``, ``"limit"``,
    ``"interrupted"``, ``"internal"``), ``message`` its text, and
    ``document`` the whole error document ``cubist --json`` prints."""

    def __init__(self, document: Dict[str, Any]):
        error = document.get("error", {})
        self.document = document
        self.kind: str = error.get("kind", "internal")
        self.message: str = error.get("message", "")
        super().__init__(self.message)


class InputError(Error, ValueError):
    """Bad input or bad usage (the CLI's exit code 2). ``file``, ``line``
    and ``column`` locate it when it has a place (``None`` otherwise); the
    file is the path given, the field's name for a text given as a str,
    ``"request"`` for a bad keyword argument."""

    def __init__(self, document: Dict[str, Any]):
        super().__init__(document)
        error = document.get("error", {})
        self.file: Optional[str] = error.get("file")
        self.line: Optional[int] = error.get("line")
        self.column: Optional[int] = error.get("column")


class LimitError(Error):
    """The work was refused before it started because it would exceed a
    bound, among them ``max_memory`` (the CLI's exit code 3)."""


class Interrupted(Error):
    """The work was asked to stop (the CLI's exit code 130). Ctrl-C raises
    ``KeyboardInterrupt`` itself, after the work has stopped."""


class InternalError(Error):
    """A bug in cubist: please report it with the input."""


_KINDS = {"input": InputError, "limit": LimitError, "interrupted": Interrupted}


def _raise(failure: BaseException) -> NoReturn:
    document = json.loads(failure.args[0])
    kind = document.get("error", {}).get("kind")
    raise _KINDS.get(kind, InternalError)(document) from None


class Result(dict):
    """A command's JSON document as a dict, which can also draw itself.

    ``svg()`` is the picture of the result as SVG text, or ``None`` for a
    command that draws nothing; notebooks show it (``_repr_svg_``). The
    picture comes with the result when the call had ``svg=True``; otherwise
    it is asked of the command when first wanted, by running the command
    again, and only if the first run took under two seconds.
    """

    _call: Optional[Callable[[], "Result"]] = None
    _picture: Optional[str] = None
    _asked = False

    def svg(self) -> Optional[str]:
        """The picture as SVG text, or ``None`` when there is none."""
        if "svg" in self and isinstance(self["svg"], str):
            return self["svg"]
        if not self._asked and self._call is not None:
            self._asked = True
            if float(self.get("time_ms") or 0.0) < _LAZY_PICTURE_MS:
                self._picture = self._call().get("svg")
        return self._picture

    def _repr_svg_(self) -> Optional[str]:
        return self.svg()


def default_cache_dir() -> Optional[Path]:
    """Where solvers keep their tables between runs, as the CLI does:
    ``$XDG_CACHE_HOME/cubist``, else ``~/.cache/cubist``."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "cubist"
    home = os.environ.get("HOME")
    return Path(home) / ".cache" / "cubist" if home else None


def _text(field: str, value: Any) -> Any:
    """A text-file field: a path is read (its name used in errors), a str
    is the text itself (named after the field), a dict passes as given."""
    if isinstance(value, os.PathLike):
        path = Path(value)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise _input_error(str(path), f"cannot read {path}: {e.strerror or e}") from None
        except UnicodeDecodeError as e:
            raise _input_error(str(path), f"{path} is not UTF-8 text: {e.reason}") from None
        return {"name": str(path), "text": text}
    if isinstance(value, str):
        return {"name": field, "text": value}
    return value


def _input_error(file: str, message: str) -> InputError:
    """Bad input found before the registry is called, as the registry says it."""
    return InputError({"cubist": __version__, "error": {"kind": "input", "message": message, "file": file}})


def _field(name: str, value: Any) -> Any:
    """One keyword argument as its JSON request field."""
    if name == "puzzle":
        if isinstance(value, str):
            return {"builtin": value}
        if isinstance(value, os.PathLike):
            return {"file": _text("puzzle", value)}
        return value
    if name in TEXT_FIELDS:
        return _text(name, value)
    if isinstance(value, os.PathLike):
        raise TypeError(f"{name}: a path is only taken by the fields that hold a file")
    return value


def call(
    command: str,
    request: Optional[Dict[str, Any]] = None,
    *,
    svg: bool = False,
    svg_solution: Optional[int] = None,
    max_memory: Optional[int] = None,
    cache: Any = None,
    checkpoint: Any = None,
    progress: Union[None, bool, Callable[[str, int, int], Any]] = None,
) -> Result:
    """Runs a command by name (``"twisty solve"``) on its JSON request (a
    dict, as docs/json.md writes it) and returns its document.

    ``svg=True`` adds the picture (``svg_solution`` picks which listed
    solution it draws, from 1); ``max_memory`` (MiB) refuses work planned
    above it with :class:`LimitError` (default: the machine's memory);
    ``cache`` is the folder of the solvers' tables (default
    :func:`default_cache_dir`, ``False`` for none); ``checkpoint`` the
    file a resumable count saves to and resumes from; ``progress`` is
    called as ``progress(phase, done, total)`` while long phases run, or
    ``progress=True`` draws them as tqdm bars (``pip install tqdm``).
    """
    body = json.dumps(request or {})
    if max_memory is not None and not (isinstance(max_memory, int) and 1 <= max_memory <= _MAX_MIB):
        raise InputError(
            {
                "cubist": __version__,
                "error": {"kind": "input", "message": f"max_memory={max_memory!r}: give 1 to {_MAX_MIB} MiB"},
            }
        )
    if cache is None:
        cache_dir = default_cache_dir()
    elif cache is False:
        cache_dir = None
    else:
        cache_dir = Path(cache)
    try:
        text = _cubist.call(
            command,
            body,
            svg=bool(svg),
            solution=svg_solution,
            max_memory_mib=max_memory,
            cache_dir=None if cache_dir is None else str(cache_dir),
            checkpoint=None if checkpoint is None else str(checkpoint),
            progress=_tqdm_progress() if progress is True else progress,
        )
    except _cubist.Failure as failure:
        _raise(failure)
    result = Result(json.loads(text))

    def again() -> Result:
        return call(command, request, svg=True, svg_solution=svg_solution, max_memory=max_memory, cache=cache)

    result._call = again
    return result


def _tqdm_progress() -> Callable[[str, int, int], None]:
    """A progress callback drawing one tqdm bar per phase (a counter when
    the total is unknown), each closed when the next phase starts or its
    own ends."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        raise ImportError("progress=True draws tqdm bars: pip install tqdm (or give a function)") from None
    bar: Dict[str, Any] = {}

    def report(phase: str, done: int, total: int) -> None:
        current = bar.get("bar")
        if current is None or bar.get("phase") != phase:
            if current is not None:
                current.close()
            current = tqdm(total=total or None, desc=phase, unit="")
            bar.update(bar=current, phase=phase)
        current.n = done
        current.refresh()
        if total and done >= total:
            current.close()
            bar.clear()

    return report


def commands() -> list:
    """Every command of the registry as ``(name, function name)``:
    ``("twisty solve", "twisty.solve")``."""
    return [(name, _function_name(path)) for name, path, _ in _cubist.commands()]


def _function_name(path: str) -> str:
    """``twisty/solve`` -> ``twisty.solve``; ``place/latin/transversals``
    -> ``place.latin_transversals``; ``exact`` -> ``exact``."""
    family, _, rest = path.partition("/")
    return f"{family}.{rest.replace('/', '_')}" if rest else family


def _make(name: str) -> Callable[..., Result]:
    """The function of the command ``name``: its request's fields as
    keyword arguments (the first also positional), then the front end's."""
    doc = _DOCS.get(name, {"summary": "", "fields": []})
    # A request's own `svg` field (twisty apply, solve) is what the
    # front end's `svg=True` sets: one argument serves both.
    own = [f for f in doc["fields"] if f["name"] not in FRONT_END]
    fields = [f["name"] for f in own]
    params = []
    for i, f in enumerate(own):
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD if i == 0 else inspect.Parameter.KEYWORD_ONLY
        default = inspect.Parameter.empty if f["required"] and i == 0 else None
        params.append(inspect.Parameter(f["name"], kind, default=default))
    for extra in FRONT_END:
        params.append(inspect.Parameter(extra, inspect.Parameter.KEYWORD_ONLY, default=False if extra == "svg" else None))
    signature = inspect.Signature(params)
    positional = fields[:1]

    def command(*args: Any, **kwargs: Any) -> Result:
        if len(args) > len(positional):
            raise TypeError(f"{name}: takes {len(positional)} positional argument, {len(args)} given")
        request: Dict[str, Any] = dict(zip(positional, args))
        options: Dict[str, Any] = {}
        for key, value in kwargs.items():
            if key in FRONT_END:
                options[key] = value
            elif key in request:
                raise TypeError(f"{name}: {key} given twice")
            else:
                # An unknown field reaches the registry, which refuses it
                # naming the fields it knows.
                request[key] = value
        request = {k: _field(k, v) for k, v in request.items() if v is not None}
        return call(name, request, **options)

    lines = [f"``cubist {name}``: {doc['summary']}", ""]
    if doc["fields"]:
        lines.append("Request fields (keyword arguments; the first may be positional):")
        lines.append("")
        for f in own:
            lines.append(f"- ``{f['name']}``: {f['text']}")
        lines.append("")
    lines.append(
        "Also ``svg``, ``svg_solution``, ``max_memory`` (MiB), ``cache``, ``checkpoint`` and "
        "``progress``, as for :func:`cubist.call`. Returns the JSON document ``--json`` prints."
    )
    command.__doc__ = "\n".join(lines)
    command.__signature__ = signature  # type: ignore[attr-defined]
    command.__name__ = _function_name(_PATHS[name]).rpartition(".")[2]
    command.__qualname__ = _function_name(_PATHS[name])
    command.__module__ = __name__
    return command


_PATHS = {name: path for name, path, _ in _cubist.commands()}


def _install() -> None:
    """Makes every command of the registry a function: families are
    modules (``cubist.twisty``, importable as such), single-word commands
    are functions of this module (``cubist.exact``)."""
    this = sys.modules[__name__]
    for name, path in _PATHS.items():
        family, _, rest = _function_name(path).partition(".")
        function = _make(name)
        if not rest:
            setattr(this, family, function)
            __all__.append(family)
            continue
        module = sys.modules.get(f"{__name__}.{family}")
        if module is None:
            module = types.ModuleType(f"{__name__}.{family}", f"The ``cubist {family}`` commands.")
            sys.modules[module.__name__] = module
            setattr(this, family, module)
            __all__.append(family)
        setattr(module, rest, function)
        function.__module__ = module.__name__
    # Batches as arrays, over twisty random and twisty solve.
    from ._batches import distances, random_states

    for function in (random_states, distances):
        setattr(this.twisty, function.__name__, function)
        function.__module__ = f"{__name__}.twisty"
        function.__qualname__ = f"twisty.{function.__name__}"


_install()
