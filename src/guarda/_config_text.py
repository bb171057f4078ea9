"""The written form of configurations, kept: a ruleset is written once, not in every document.

Every state, view and record holds its configuration, and writing one used to write the
configuration again each time: a custom ruleset's deck and patterns cost most of writing a
view (a game server writes a view for every seat after every action). A
[`Config`][guarda.Config] is a frozen value, so its data never changes: its JSON text is
kept here, per configuration *object*, at its first writing.

- Keyed by identity, checked with a weak reference: an entry answers only for the very
  object that made it, so a freed configuration whose ``id`` another object reuses never
  finds the old text, and an entry keeps no configuration alive. (Equal configurations
  write the same text; objects are compared by identity only because that is cheap.)
- Bounded: at most [`KEPT`][guarda._config_text.KEPT] configurations (some kilobytes
  each), then it starts over.
- Only JSON that orjson writes is kept (a text field with a lone surrogate or an integer
  beyond 64 bits is written each time by the slower path that explains or handles it).

The converter's hook gives the data from the kept text ([`orjson.loads`], a fresh copy
each time, so a caller may change what it gets), and the writer of document text
(``guarda.dumps``) puts the text itself into the document as an ``orjson.Fragment``, with
no data made at all.

Examples:
    >>> import guarda
    >>> config = guarda.custom(5, players=2)
    >>> kept(config) is None
    True
    >>> _ = guarda.dumps(guarda.new_game(config, seed=1), secrets=True)
    >>> kept(config).text == guarda.dumps(config).split('"data":', 1)[1][:-1].encode()
    True
"""

from __future__ import annotations

import weakref
from typing import Any, Final

import orjson

from guarda._config import Config

__all__ = ["KEPT", "Written", "clear", "keep", "kept"]

KEPT: Final = 256
"""How many configurations keep their written form before the cache starts over."""


class Written:
    """One configuration's written form: its JSON text, and that text as a fragment orjson
    copies verbatim into a larger document."""

    __slots__ = ("fragment", "of", "text")

    def __init__(self, config: Config, text: bytes) -> None:
        self.of = weakref.ref(config)
        """The configuration written (weakly: the entry does not keep it alive)."""
        self.text = text
        """The JSON text of its data, compact, as ``orjson.dumps`` writes it."""
        self.fragment = orjson.Fragment(text)


_WRITTEN: Final[dict[int, Written]] = {}
"""Written forms by ``id`` of the configuration (checked by the weak reference)."""


def kept(config: Config) -> Written | None:
    """The kept written form of this very configuration object, if any."""
    found = _WRITTEN.get(id(config))
    if found is not None and found.of() is config:
        return found
    return None


def keep(config: Config, data: Any) -> Written | None:
    """Keep ``data``, the configuration's data as the converter writes it, as its text.

    Returns:
        The kept form, or None when orjson cannot write the data (nothing is kept).
    """
    try:
        text = orjson.dumps(data)
    except orjson.JSONEncodeError:
        return None
    if len(_WRITTEN) >= KEPT:
        _WRITTEN.clear()
    written = _WRITTEN[id(config)] = Written(config, text)
    return written


def clear() -> None:
    """Forget every kept written form."""
    _WRITTEN.clear()
