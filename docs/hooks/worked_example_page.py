"""An mkdocs hook: the worked example, played and told when the site is built.

The page's marker is replaced by the story of ``worked_example.py``; its pictures go to
the site as ``pictures/worked-example/<name>`` and the game's record as
``worked-example.json``, generated in memory like the other pictures, so the strict build
checks the page's links to them.
"""

from __future__ import annotations

from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from worked_example import MARKER, PICTURES, RECORD, markdown, pictures, record

import guarda


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the pictures and the record of the worked example to the site's files."""
    game = record()
    for name, picture in pictures(game).items():
        files.append(File.generated(config, f"{PICTURES}/{name}", content=picture))
    text = guarda.dumps(game, secrets=True, notation=True, indent=2) + "\n"
    files.append(File.generated(config, RECORD, content=text))
    return files


def on_page_markdown(page_markdown: str, **kwargs: Any) -> str:
    """Replace the marker with the story of the game."""
    if MARKER in page_markdown:
        page_markdown = page_markdown.replace(MARKER, markdown(record()))
    return page_markdown
