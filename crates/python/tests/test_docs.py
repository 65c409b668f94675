"""Every example of docs/python.md runs and prints what the page says: its
`pycon` blocks are one doctest, run from the top of the repository."""

import doctest
import re



def test_python_md(root, monkeypatch):
    page = (root / "docs" / "python.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", page, flags=re.S)
    assert len(blocks) >= 10
    monkeypatch.chdir(root)
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "docs/python.md", str(root / "docs/python.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of docs/python.md failed"
