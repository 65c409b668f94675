"""A small request for every command of the registry, in the functions'
friendly form (the same requests as crates/api/tests/common/samples.rs),
as (positional arguments, keyword arguments)."""

NU = "order: T D L R F B\n3 1 0 0 2 2\n3 2 2 1 3 0\n3 3 1 1 2 0\n3 0 1 1 3 2\n"
C3 = "0 1 2\n1 2 0\n2 0 1\n"

import json

import cubist

# The one shard's document of `stack census --colours 2 --cubes 3 --shard
# 0/1`: every set of three 2-colour cubes has 0 solutions (pigeonhole).
PIGEONHOLE_SHARD = json.dumps(
    {
        "cubist": cubist.__version__,
        "command": "stack census",
        "shard": {"index": 0, "count": 1},
        "request": {"colours": 2, "cubes": 3, "show": 10, "list": None},
        "partial": {"weighted_histogram": {}, "unique_count": 0, "unique": [], "max": 0, "max_count": 0, "max_sets": []},
    }
)

SAMPLES = {
    "stack solve": ((NU,), {}),
    "stack check": (("r g b y\ng b y r\n",), {}),
    "stack random": ((4,), {"seed": 1}),
    "stack export": ((NU,), {}),
    "stack census": ((3,), {}),
    "cubes list": ((3,), {}),
    "target cubes": ((), {}),
    "target cube": (("Fb",), {}),
    "target solve": (("Cb",), {"cubes": "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc"}),
    "target census": (("table1",), {"target": "Cb"}),
    "target family": ((2,), {}),
    "target extend": (("Cb",), {"cubes": "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc", "n": 2}),
    "exact": (("a b c\na b\nc\na\nb c\n",), {}),
    "place cube36": ((), {}),
    "place latin": ((4,), {}),
    "place latin --square": ((C3,), {}),
    "place officers": ((4,), {}),
    "place officers --mates": ((C3,), {}),
    "twisty list": ((), {}),
    "twisty analyze": (("2x2x2",), {"order_only": True}),
    "twisty export": (("2x2x2",), {"format": "tws"}),
    "twisty random": (("2x2x2",), {"seed": 1}),
    "twisty apply": (("2x2x2",), {"alg": "R U"}),
    "twisty alg": (("2x2x2",), {"moves": "R U R' U'"}),
    "twisty scramble": (("pyraminx",), {"seed": 1}),
    "twisty god": (("three-coins",), {}),
    "twisty solve": (("2x2x2",), {"scramble": "R U", "method": "universal"}),
    "twisty check": (("3x3x3",), {"element": "R U"}),
    "twisty shells": ((3,), {}),
    "merge": (([{"name": "k2.0.json", "text": PIGEONHOLE_SHARD}],), {}),
}
