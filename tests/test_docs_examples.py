"""Run every Python example in the README and the docs, so they stay true.

The examples of one page run in order in one namespace, as a reader would type them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
EXAMPLES = {page.name: BLOCK.findall(page.read_text(encoding="utf-8")) for page in PAGES}


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
    assert any(name == "guarda" or name.startswith("guarda") for name in namespace)
