"""Every command of the registry is a function, answers a real value, and
agrees with the CLI's `--json`; the generated files are in step."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cubist
from samples import SAMPLES

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import stubgen  # noqa: E402


def function(path: str):
    obj = cubist
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def test_every_registry_command_has_a_function_and_a_sample():
    names = [name for name, _ in cubist.commands()]
    assert len(names) == 30
    assert sorted(names) == sorted(SAMPLES)
    for name, path in cubist.commands():
        assert callable(function(path)), name
    assert cubist.twisty.solve.__qualname__ == "twisty.solve"
    assert cubist.place.latin_transversals.__qualname__ == "place.latin_transversals"
    assert callable(cubist.exact)
    from cubist.twisty import solve  # the families are importable modules

    assert solve is cubist.twisty.solve


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample(name):
    args, kwargs = SAMPLES[name]
    path = dict(cubist.commands())[name]
    doc = function(path)(*args, **kwargs)
    assert isinstance(doc, cubist.Result)
    if name == "stack random":  # its document is a cube-set file
        assert len(doc["cubes"]) == 4
    elif name == "merge":  # its document is the merged census's
        assert doc["command"] == "stack census" and doc["histogram"] == {"0": 56}
    else:
        assert doc["cubist"] == cubist.__version__
        assert doc["command"] == name.split(" --")[0]


def test_real_values():
    nu = SAMPLES["stack solve"][0][0]
    s = cubist.stack.solve(nu)
    assert (s["count"], s["orientations"], s["patterns"], s["distinct"], s["mcdonnell"]) == (1, 32, 8, 1, 1)
    assert cubist.cubes.list(3)["count"] == 30
    census = cubist.stack.census(3)
    assert census["set_count"] == 4060 and census["histogram"]["6"] == 1
    assert cubist.target.solve("Cb", cubes="Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc")["count"] == 4
    assert cubist.target.cube("Fb")["mirror"] == "Bf"
    assert cubist.exact("a b c\na b\nc\na\nb c\n")["count"] == 2
    assert cubist.place.cube36()["count"] == 96
    assert cubist.place.latin(4)["count"] == 576
    assert cubist.place.latin(7)["count"] == 61479419904000
    assert cubist.place.latin_transversals("0 1 2\n1 2 0\n2 0 1\n")["count"] == 3
    assert cubist.place.officers_mates("0 1 2\n1 2 0\n2 0 1\n")["count"] == 6
    assert cubist.place.officers(6)["exists"] is False
    assert cubist.twisty.god("three-coins")["distribution"] == [1, 4, 6, 12, 13, 8, 4]
    assert cubist.twisty.alg("3x3x3", moves="R U R' U'")["order"] == "6"
    # Group orders are decimal strings (docs/json.md), exact past 2^64.
    order = cubist.twisty.analyze("3x3x3", order_only=True)["order"]
    assert int(order) == 43252003274489856000 > 2**64
    solved = cubist.twisty.solve("3x3x3", scramble="R U R'")["states"][0]
    assert solved["verified"] and solved["length"] == 3


def test_big_integers_stay_exact():
    # The document is parsed by Python's json, whose integers are
    # unbounded: a count past 2^64 is the exact integer, not a float.
    doc = cubist.Result(json.loads('{"count": 340282366920938463463374607431768211455}'))
    assert doc["count"] == 2**128 - 1


@pytest.mark.parametrize(
    "name,python,argv",
    [
        ("stack solve", lambda root: cubist.stack.solve(root / "examples/nu.cubes"), ["stack", "solve", "examples/nu.cubes"]),
        ("stack census", lambda root: cubist.stack.census(3), ["stack", "census", "--colours", "3"]),
        ("target solve", lambda root: cubist.target.solve("Cb", cubes="Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc"), ["target", "solve", "--target", "Cb", "--cubes", "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc"]),
        ("place latin", lambda root: cubist.place.latin(5), ["place", "latin", "5"]),
        ("twisty god", lambda root: cubist.twisty.god("2x2x2", moves=["U", "R", "F"]), ["twisty", "god", "2x2x2", "--moves", "U,R,F"]),
        ("twisty analyze", lambda root: cubist.twisty.analyze("megaminx", order_only=True), ["twisty", "analyze", "megaminx", "--order-only"]),
    ],
)
def test_same_document_as_the_cli(root, cli, name, python, argv):
    ours = dict(python(root))
    theirs = json.loads(subprocess.run([cli, *argv, "--json"], cwd=root, capture_output=True, check=True).stdout)
    for doc in (ours, theirs):
        doc.pop("time_ms", None)
        doc.pop("stats", None)
        doc.pop("source", None)  # the path as given: relative for the CLI
    assert ours == theirs


def registry_fields(name):
    """The request fields the registry knows, from its own refusal of an
    unknown field (serde names every field it expects)."""
    with pytest.raises(cubist.InputError) as e:
        cubist.call(name, {"\u00a7": 0})
    message = str(e.value)
    if "there are no fields" in message:
        return []
    return re.findall(r"`([a-z_]+)`", message.split("expected", 1)[1])


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_docs_name_every_field_of_the_registry(name):
    docs = cubist._docs.COMMANDS[name]
    assert [f["name"] for f in docs["fields"]] == registry_fields(name)
    assert docs["summary"]


def test_text_fields_take_text():
    # Every field the package reads as a file is a file for the registry:
    # given a str where a file is due, the registry asks for a map.
    for name, _ in cubist.commands():
        for field in registry_fields(name):
            if field in cubist.TEXT_FIELDS:
                with pytest.raises(cubist.InputError, match="expected struct"):
                    cubist.call(name, {field: "text"})


def test_generated_files_are_in_step():
    for path, text in stubgen.generated(cubist._cubist.commands(), cubist.TEXT_FIELDS).items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run python crates/python/stubgen.py"
