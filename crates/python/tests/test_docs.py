"""Every Python example of README.md and docs/python.md runs and prints what
the page says: a page's `pycon` blocks are one doctest, run from the top of
the repository."""

import doctest
import re

import pytest


@pytest.mark.parametrize("name,least", [("docs/python.md", 10), ("README.md", 1)])
def test_page(root, monkeypatch, name, least):
    page = (root / name).read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", page, flags=re.S)
    assert len(blocks) >= least
    monkeypatch.chdir(root)
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, name, str(root / name), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed"
