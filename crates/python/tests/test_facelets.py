"""Facelet strings of every n x n x n cube: written by `random` and
`apply`, read by `solve` (the 4x4x4's as Chen Shuang's TPR reads them)."""

import pytest

import cubist


@pytest.mark.parametrize("n", range(2, 8))
def test_every_cube_writes_six_n_squared_letters(n):
    states = cubist.twisty.random(f"{n}x{n}x{n}", count=2, seed=3, facelets=True)["states"]
    for s in states:
        assert len(s["facelets"]) == 6 * n * n
        assert sorted(set(s["facelets"])) == sorted("URFDLB")
        assert all(s["facelets"].count(c) == n * n for c in "URFDLB")


def test_a_4x4x4_string_is_read_and_solved():
    text = cubist.twisty.apply("4x4x4", alg="Rw U2 Fw' R 2U' L Uw", facelets=True)["states"][0]["facelets"]
    assert len(text) == 96
    answer = cubist.twisty.solve("4x4x4", facelets=text)["states"][0]
    assert answer["verified"] and answer["length"] == 8


def test_a_string_no_cube_shows_is_refused():
    solved = "".join(c * 16 for c in "URFDLB")
    twisted = "L" + solved[1:64] + "B" + solved[65:83] + "U" + solved[84:]
    with pytest.raises(cubist.Error) as e:
        cubist.twisty.solve("4x4x4", facelets=twisted)
    assert "cannot reach" in str(e.value)
