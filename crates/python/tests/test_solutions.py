"""Every optimal solution of a 3x3x3 state, grouped up to its symmetries."""

import pytest

import cubist


def test_the_checkerboard_has_one_solution_up_to_its_symmetries():
    r = cubist.twisty.solve(
        "3x3x3",
        scramble="U2 D2 F2 B2 R2 L2",
        method="optimal",
        table_memory_mib=64,
        all=True,
        up_to_symmetry=True,
    )
    s = r["states"][0]
    # 3! orders of the axes times 2^3 orders within them; a rotation
    # takes any order of the axes to any other.
    assert (s["solution_count"], s["distinct_count"], s["symmetric_count"]) == (48, 6, 1)
    assert s["symmetries"] == 48
    [only] = s["solutions"]
    again = cubist.twisty.solve("3x3x3", scramble="U2 D2 F2 B2 R2 L2 " + only["alg"], method="optimal")
    assert again["states"][0]["length"] == 0


def test_up_to_symmetry_without_all_is_refused_for_every_puzzle():
    # Refused before anything is planned, also where the command answers
    # by another way (Square-1, the fewest-moves steps).
    for kwargs in ({"puzzle": "3x3x3"}, {"puzzle": "sq1"}, {"puzzle": "3x3x3", "steps": ["eo"]}):
        puzzle = kwargs.pop("puzzle")
        with pytest.raises(cubist.Error) as e:
            cubist.twisty.solve(puzzle, scramble="R U" if puzzle == "3x3x3" else "/", up_to_symmetry=True, **kwargs)
        assert "--all" in str(e.value)
