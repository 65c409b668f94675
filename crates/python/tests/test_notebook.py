"""examples/cubist.ipynb runs from top to bottom in a Jupyter kernel, and
its results with a picture show it."""

import pytest


def test_example_notebook(root):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(root / "examples" / "cubist.ipynb", as_version=4)
    nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(root / "examples")}}
    ).execute()
    results = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "execute_result"]
    texts = [o["data"]["text/plain"] for o in results]
    pictures = [o["data"]["image/svg+xml"] for o in results if "image/svg+xml" in o["data"]]
    assert texts[1] == "(1, 1)"  # Instant Insanity: one solution
    assert len(pictures) == 2 and all("<svg" in p for p in pictures)
    assert texts[4] == "(814385, 76, 335335)"
    assert texts[5] == str(int(__import__("cubist").twisty.analyze("megaminx", order_only=True)["order"]))
