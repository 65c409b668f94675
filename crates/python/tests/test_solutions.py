"""Every optimal solution of a 3x3x3 state, grouped up to its symmetries."""

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
