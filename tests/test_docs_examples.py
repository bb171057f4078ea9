"""Run every Python example in the README and the docs, so they stay true.

The examples of one page run in order in one namespace, as a reader would type them:
``python`` blocks are executed, ``pycon`` blocks (``>>>`` sessions) are doctested.
"""

from __future__ import annotations

import doctest
import inspect
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
SESSION = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)
EXAMPLES = {
    str(page.relative_to(ROOT)): BLOCK.findall(page.read_text(encoding="utf-8")) for page in PAGES
}
SESSIONS = {
    str(page.relative_to(ROOT)): SESSION.findall(page.read_text(encoding="utf-8"))
    for page in PAGES
}


def test_the_docs_have_examples() -> None:
    assert sum(len(blocks) for blocks in EXAMPLES.values()) >= 4


@pytest.mark.parametrize("page", sorted(name for name, blocks in EXAMPLES.items() if blocks))
def test_page_examples_run(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for number, code in enumerate(EXAMPLES[page], start=1):
        try:
            exec(compile(code, f"<{page} example {number}>", "exec"), namespace)
        except Exception as error:
            pytest.fail(f"{page} example {number} raised {error!r}")
    assert any(_is_guardas(value) for value in namespace.values()), "no example uses guarda"


def _is_guardas(value: object) -> bool:
    """Whether a value an example left behind is guarda itself or made by it."""
    module = getattr(value, "__name__", None) if inspect.ismodule(value) else None
    module = module or getattr(value, "__module__", None) or type(value).__module__
    return isinstance(module, str) and module.split(".")[0] == "guarda"


@pytest.mark.parametrize("page", sorted(name for name, blocks in SESSIONS.items() if blocks))
def test_page_sessions_pass_as_doctests(page: str) -> None:
    import_guarda = "import guarda"
    globs: dict[str, object] = {}
    exec(import_guarda, globs)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for number, session in enumerate(SESSIONS[page], start=1):
        test = parser.get_doctest(session, globs, f"{page} session {number}", page, 0)
        runner.run(test, clear_globs=False)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {page}"
