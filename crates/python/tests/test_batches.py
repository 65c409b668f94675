"""Batches as NumPy arrays: random states and their distances."""

import ast
from pathlib import Path

import numpy as np

import cubist


def test_random_states_are_arrays_of_legal_states():
    batch = cubist.twisty.random_states("3x3x3", 1000, seed=1)
    corners, edges = batch["CORNER"], batch["EDGE"]
    assert corners["permutation"].shape == (1000, 8) and edges["orientation"].shape == (1000, 12)
    # Every row a permutation, twists summing to 0 mod 3, flips to 0 mod 2.
    assert (np.sort(corners["permutation"], axis=1) == np.arange(8)).all()
    assert (corners["orientation"].sum(axis=1) % 3 == 0).all()
    assert (edges["orientation"].sum(axis=1) % 2 == 0).all()
    # The same seed, the same states (the registry's generator).
    again = cubist.twisty.random_states("3x3x3", 3, seed=1)
    assert (again["CORNER"]["permutation"] == corners["permutation"][:3]).all()


def test_distances():
    assert cubist.twisty.distances("2x2x2", ["", "R", "R U", "R U R' U'"]).tolist() == [0, 1, 2, 4]
    batch = cubist.twisty.random_states("2x2x2", 20, seed=1)
    d = cubist.twisty.distances("2x2x2", batch["states"])
    assert d.dtype == np.int32 and d.shape == (20,)
    # God's number of the 2x2x2 in face turns is 11.
    assert 0 < d.min() and d.max() <= 11
    assert d[:5].tolist() == [8, 10, 6, 9, 10]


def test_the_stub_is_python():
    stub = Path(cubist.__file__).with_name("__init__.pyi").read_text()
    ast.parse(stub)
    assert "def random_states(" in stub and "def solve(puzzle: Puzzle, *," in stub
