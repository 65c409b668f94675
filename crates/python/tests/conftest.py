"""Shared fixtures: the repository's root and the CLI binary, whose `--json`
the tests compare with the functions' answers."""

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

# The solvers' tables go to a cache folder inside the build folder, not the
# user's (~/.cache/cubist): the tests write nothing outside the repository.
# It is the folder the Rust tests keep their tables in too (`cargo test`
# runs first in ./test.sh), so the tables are read, not built again.
os.environ["XDG_CACHE_HOME"] = str(Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "tmp" / "cache")


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def cli() -> str:
    """The `cubist` binary: $CUBIST_BIN, else the workspace's debug or
    release build, else the one on PATH; skipped when there is none."""
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for candidate in (os.environ.get("CUBIST_BIN"), target / "debug" / "cubist", target / "release" / "cubist"):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    found = shutil.which("cubist")
    if not found:
        pytest.skip("no cubist binary to compare with (build it: cargo build -p cubist-cli)")
    return found
