"""``python -m guarda.server``: the same as ``guarda serve``."""

from __future__ import annotations

from guarda.server._cli import main

if __name__ == "__main__":
    raise SystemExit(main())
