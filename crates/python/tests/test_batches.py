"""Batches as NumPy arrays: random states and their distances."""

import ast
from pathlib import Path

import numpy as np
import pytest

import cubist


def _rows(state_text):
    """A `.scr` state's sets as name -> (places from 0, orientations)."""
    lines = [line.split() for line in state_text.strip().splitlines()][1:-1]
    return {lines[i][0]: ([int(x) - 1 for x in lines[i + 1]], [int(x) for x in lines[i + 2]]) for i in range(0, len(lines), 3)}


def test_random_states_are_arrays_of_legal_states():
    batch = cubist.twisty.random_states("3x3x3", 1000, seed=1)
    corners, edges = batch["CORNER"], batch["EDGE"]
    assert corners["permutation"].shape == (1000, 8) and edges["orientation"].shape == (1000, 12)
    assert corners["permutation"].dtype == np.int16 and corners["orientation"].dtype == np.int8
    # Every row a permutation, twists summing to 0 mod 3, flips to 0 mod 2.
    assert (np.sort(corners["permutation"], axis=1) == np.arange(8)).all()
    assert (corners["orientation"].sum(axis=1) % 3 == 0).all()
    assert (edges["orientation"].sum(axis=1) % 2 == 0).all()
    # The arrays can be changed in place (a training set is augmented).
    corners["orientation"][0, 0] = corners["orientation"][0, 0]


def test_random_states_are_those_of_twisty_random():
    """The batch's rows, state by state, are the states the command writes
    from the same seed (two ways to draw them)."""
    batch = cubist.twisty.random_states("3x3x3", 5, seed=9)
    doc = cubist.twisty.random("3x3x3", count=5, seed=9)
    for i, state in enumerate(doc["states"]):
        for name, (places, twists) in _rows(state["state"]).items():
            assert batch[name]["permutation"][i].tolist() == places
            assert batch[name]["orientation"][i].tolist() == twists


def test_distances():
    assert cubist.twisty.distances("2x2x2", ["", "R", "R U", "R U R' U'"]).tolist() == [0, 1, 2, 4]
    batch = cubist.twisty.random_states("2x2x2", 20, seed=1)
    d = cubist.twisty.distances("2x2x2", batch)
    assert d.dtype == np.int32 and d.shape == (20,)
    assert d[:5].tolist() == [8, 10, 6, 9, 10]
    # Read from the table, equal to the optimal solver's lengths.
    doc = cubist.twisty.random("2x2x2", count=5, seed=1)
    solved = cubist.twisty.solve("2x2x2", state="".join(s["state"] for s in doc["states"]), method="optimal")
    assert [s["length"] for s in solved["states"]] == d[:5].tolist()
    assert cubist.twisty.distances("2x2x2", doc["states"]).tolist() == d[:5].tolist()
    # A puzzle past the table's 2^28 states: one optimal search a state.
    assert cubist.twisty.distances("skewb", ["R", "R L'", "R L R'"]).tolist() == [1, 2, 3]


def test_bad_batches_are_named():
    batch = cubist.twisty.random_states("2x2x2", 3, seed=1)
    corners = batch["CORNER"]["permutation"]
    corners[1, 0] = corners[1, 1]
    with pytest.raises(cubist.InputError, match="state 1: set CORNER: piece .* is in two places"):
        cubist.twisty.distances("2x2x2", batch)
    twisted = {"CORNER": {"permutation": [list(range(8))], "orientation": [[1] + [0] * 7]}}
    with pytest.raises(cubist.InputError, match="state 0: not a state the moves of 2x2x2 reach"):
        cubist.twisty.distances("2x2x2", twisted)
    with pytest.raises(cubist.InputError, match='state 1: column 3: unknown move "Q"'):
        cubist.twisty.distances("2x2x2", ["R", "R Q"])
    with pytest.raises(TypeError, match="give a list of states"):
        cubist.twisty.distances("2x2x2", "R U")
    with pytest.raises(cubist.LimitError, match="a batch of 10000000 states of 3x3x3 would need 744 MiB"):
        cubist.twisty.random_states("3x3x3", 10_000_000, max_memory=1)


def test_the_stub_is_python():
    stub = Path(cubist.__file__).with_name("__init__.pyi").read_text()
    ast.parse(stub)
    assert "def random_states(" in stub and "def solve(puzzle: Puzzle, *," in stub
