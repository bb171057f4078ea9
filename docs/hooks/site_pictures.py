"""An mkdocs hook: add the pictures of ``pictures.py``, drawn now, to the site.

The files are generated in memory (``pictures/<name>`` in the site), so pages link to
them as if they were in ``docs/``, and the strict build checks those links.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from pictures import pictures


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add every picture to the site's files."""
    for name, picture in pictures().items():
        files.append(File.generated(config, f"pictures/{name}", content=picture))
    return files
