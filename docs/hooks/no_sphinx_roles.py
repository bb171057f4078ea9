"""An mkdocs hook: the build fails if a page shows a Sphinx role as literal text.

Docstrings cross-reference with Markdown links (``[`Cell`][guarda.Cell]``), which
mkdocstrings resolves; a Sphinx role such as ``:class:`Cell``` would render verbatim.
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.exceptions import PluginError

_ROLE = re.compile(r":(?:class|func|meth|attr|data|exc|mod|obj):(?:`|<code>)")


def on_post_page(output: str, page: Any, **kwargs: Any) -> str:
    """Refuse a rendered page that holds a literal Sphinx role."""
    match = _ROLE.search(output)
    if match:
        start = max(match.start() - 60, 0)
        raise PluginError(
            f"{page.file.src_uri}: literal Sphinx role in the built page: "
            f"{output[start : match.end() + 40]!r}"
        )
    return output
