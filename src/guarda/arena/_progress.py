"""The arena's progress bar: tqdm when it is installed, else one plain line on stderr.

tqdm (in the ``bots`` extra) is the well-kept standard: it adapts to terminals and
notebooks and estimates the time left. Without it the arena still shows its progress,
as one line rewritten in place, so the arena itself needs nothing beyond guarda.

Examples:
    >>> import io
    >>> stream = io.StringIO()
    >>> bar = TextBar(4, "arena", stream)
    >>> bar.update(1)
    >>> bar.close()
    >>> stream.getvalue().splitlines()[-1]
    'arena: 1/4 games'
"""

from __future__ import annotations

import sys
from typing import Any, Protocol, TextIO

try:
    import tqdm as _tqdm
except ImportError:  # pragma: no cover - depends on the installed extras
    tqdm_module: Any = None
else:
    tqdm_module = _tqdm

__all__ = ["Bar", "TextBar", "progress_bar"]


class Bar(Protocol):
    """What the arena needs of a progress bar."""

    def update(self, n: int = 1) -> Any:
        """Count ``n`` more games done."""
        ...

    def set_postfix_str(self, text: str) -> Any:
        """Show a short note after the bar (errors, faults)."""
        ...

    def close(self) -> Any:
        """Finish the bar."""
        ...


class TextBar:
    """A progress line without dependencies: ``arena: 12/40 games (2 errors)``."""

    def __init__(self, total: int, description: str, stream: TextIO | None = None) -> None:
        self.total = total
        self.done = 0
        self.note = ""
        self.description = description
        self.stream = sys.stderr if stream is None else stream
        self._show()

    def _show(self) -> None:
        note = f" ({self.note})" if self.note else ""
        self.stream.write(f"\r{self.description}: {self.done}/{self.total} games{note}")
        self.stream.flush()

    def update(self, n: int = 1) -> None:
        self.done += n
        self._show()

    def set_postfix_str(self, text: str) -> None:
        self.note = text
        self._show()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def progress_bar(total: int, description: str) -> Bar:
    """A tqdm bar if tqdm is installed, else a [`TextBar`][guarda.arena._progress.TextBar]."""
    if tqdm_module is not None:
        bar: Bar = tqdm_module.tqdm(total=total, desc=description, unit="game")
        return bar
    return TextBar(total, description)
