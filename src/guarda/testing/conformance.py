"""``python -m guarda.testing.conformance``: the command line of ``python -m guarda.conformance``.

The conformance vectors live in [guarda.conformance][], which needs no extra; this module
only makes them reachable from the testing kit too.

Examples:
    >>> from guarda import conformance
    >>> main is conformance.main
    True
"""

from __future__ import annotations

from guarda.conformance import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
