"""Failures as exceptions with the CLI's kinds; Ctrl-C stops a long count;
progress is reported; pictures come with the results that have one."""

import _thread
import signal
import threading
import time
from pathlib import Path

import pytest

import cubist


def test_input_error_is_located(tmp_path):
    bad = tmp_path / "bad.cubes"
    bad.write_text("r g b y r g\nr g b\n")
    with pytest.raises(cubist.InputError) as e:
        cubist.stack.solve(bad)
    assert isinstance(e.value, ValueError) and isinstance(e.value, cubist.Error)
    assert (e.value.kind, e.value.file, e.value.line) == ("input", str(bad), 2)
    assert str(e.value) == f"{bad}:2: expected 6 colour tokens, found 3"
    # A text given as a str is named after its field.
    with pytest.raises(cubist.InputError) as e:
        cubist.stack.solve("r g b y r g\nr g x y\n")
    assert (e.value.file, e.value.line) == ("set", 2)
    # So are moves: the field, not the command line's option (--alg).
    with pytest.raises(cubist.InputError) as e:
        cubist.twisty.apply("3x3x3", alg="R U X")
    assert e.value.file == "alg"
    assert str(e.value) == 'alg: column 5: unknown move "X" for 3x3x3'


def test_a_misspelt_keyword_names_the_right_one():
    with pytest.raises(cubist.InputError) as e:
        cubist.cubes.list(colors=3)
    assert "unknown field `colors`, expected `colours`" in str(e.value)
    assert (e.value.file, e.value.line, e.value.column) == ("request", 1, 9)


def test_bad_usage_and_unreadable_files():
    with pytest.raises(cubist.InputError, match="not a built-in puzzle|unknown puzzle|no puzzle"):
        cubist.twisty.analyze("4x4x5")
    with pytest.raises(cubist.InputError, match="cannot read"):
        cubist.stack.solve(Path("/nonexistent/set.cubes"))
    with pytest.raises(TypeError):
        cubist.twisty.alg("3x3x3", moves=Path("x"))
    with pytest.raises(TypeError):
        cubist.place.latin(4, 5)


def test_max_memory_refuses_as_the_cli_does():
    with pytest.raises(cubist.LimitError) as e:
        cubist.twisty.god("2x2x2", max_memory=1)
    assert e.value.kind == "limit"
    assert "over the limit of 1 MiB (max_memory)" in str(e.value)
    with pytest.raises(cubist.InputError, match="give 1 to 1048576 MiB"):
        cubist.twisty.god("2x2x2", max_memory=0)
    # A request within the bound runs (a subgroup: the whole 2x2x2 takes
    # seconds in the tests' build).
    assert cubist.twisty.god("2x2x2", moves=["U", "R", "F"], max_memory=8)["count"] == 3674160


def test_keyboard_interrupt_stops_a_long_count_within_a_second():
    # Ctrl-C as Python sees it, 0.3 s into a count of 3.4 s (5 s in the
    # tests' dev build). Python's own handler is installed for the test:
    # a process started in the background (as CI may be) inherits SIGINT
    # ignored, and then Python leaves it so.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            cubist.stack.census(5)
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    stopped = time.monotonic() - start
    assert stopped < 1.3, stopped


def test_progress_is_reported_and_can_stop_the_work():
    calls = []
    cubist.stack.census(4, progress=lambda phase, done, total: calls.append((phase, done, total)))
    assert calls[0] == ("census", 0, 335335) and calls[-1] == ("census", 335335, 335335)

    class Enough(Exception):
        pass

    def stop(phase, done, total):
        if done > 0:
            raise Enough

    start = time.monotonic()
    with pytest.raises(Enough):
        cubist.stack.census(5, progress=stop)
    assert time.monotonic() - start < 3


def test_progress_true_draws_tqdm_bars(capsys):
    cubist.stack.census(4, progress=True)
    err = capsys.readouterr().err
    # tqdm's last frame of the phase: its name and done/total.
    assert "census" in err and "335335/335335" in err, err


def test_pictures():
    r = cubist.twisty.apply("3x3x3", alg="R U")
    assert "svg" not in r
    assert r.svg().startswith("<svg") and r._repr_svg_() == r.svg()
    r = cubist.twisty.apply("3x3x3", alg="R U", svg=True)
    assert r["svg"].startswith("<svg")
    s = cubist.stack.solve(Path(__file__).parents[3] / "examples/nu.cubes", svg=True)
    assert s["svg"].startswith("<svg")
    assert cubist.twisty.alg("3x3x3", moves="R").svg() is None


def test_version_is_the_workspace_version():
    cargo = (Path(__file__).parents[3] / "Cargo.toml").read_text()
    version = cargo.split("[workspace.package]", 1)[1].split('version = "', 1)[1].split('"', 1)[0]
    assert cubist.__version__ == version
