"""The written form of event logs, kept chunk by chunk: an event is written once, not in
every document.

A state's log grows by a chunk of events on each step, and every later state shares the
chunks before it ([`EventLog`][guarda.EventLog] is a persistent list). Writing the states
of a game one after another (a server saving after every action, a tool dumping every
position) used to write the whole log again each time, most of the cost of writing a
state. The events are frozen values, so a chunk's JSON text never changes: it is kept
here at its first writing, and the log's text is the kept texts of its chunks, joined.

- Keyed by the chunk (the tuple of events of one log node) by identity: an entry holds
  its chunk, so the ``id`` cannot be reused while the entry lives. It holds the events of
  the chunk alive, and nothing else (not the log before it, not a state).
- Bounded: at most [`KEPT`][guarda._log_text.KEPT] chunks, then it starts over.
- Only JSON that orjson writes is kept (a field with a lone surrogate or an integer
  beyond 64 bits is written each time by the slower path that explains or handles it).

Only ``guarda.dumps`` uses it, through [guarda._reader.write][guarda._reader.write] with
``text=True``: the log goes into the document as an ``orjson.Fragment``, copied verbatim,
the same text its data would give.

Examples:
    >>> import guarda
    >>> state = guarda.new_game(guarda.modern(), seed=1)
    >>> chunk = state.log.events
    >>> kept(chunk) is None
    True
    >>> _ = guarda.dumps(state, secrets=True)
    >>> kept(chunk) is not None
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import orjson

from guarda._events import Event
from guarda._state import EventLog

__all__ = ["KEPT", "clear", "kept", "log_text"]

KEPT: Final = 8192
"""How many chunks keep their written form before the cache starts over."""

Chunk = tuple[Event, ...]

_WRITTEN: Final[dict[int, tuple[Chunk, bytes]]] = {}
"""Each chunk's text (its events' JSON, joined by commas), by ``id`` of the chunk."""


def kept(chunk: Chunk) -> bytes | None:
    """The kept text of this very chunk object, if any."""
    found = _WRITTEN.get(id(chunk))
    if found is not None and found[0] is chunk:
        return found[1]
    return None


def log_text(log: EventLog, data: Callable[[Chunk], list[Any]]) -> bytes | None:
    """The JSON text of a log (an array of its events' data), from its chunks' kept texts.

    Args:
        log: The log.
        data: Gives the data of a chunk's events, for a chunk written the first time.

    Returns:
        The text, as ``orjson.dumps`` writes the data of the whole log; or None when
        orjson cannot write a chunk (then nothing of that chunk is kept).
    """
    texts: list[Any] = []  # the chunks' texts, newest first; a chunk for each new one
    new = []
    written = _WRITTEN
    node: EventLog | None = log
    while node is not None:
        chunk = node.events
        if chunk:
            found = written.get(id(chunk))
            if found is not None and found[0] is chunk:
                texts.append(found[1])
            else:
                new.append(len(texts))
                texts.append(chunk)
        node = node.previous
    for index in reversed(new):  # oldest first: the newest stay kept if the cache starts over
        chunk = texts[index]
        try:
            text = orjson.dumps(data(chunk))[1:-1]
        except orjson.JSONEncodeError:
            return None
        if len(written) >= KEPT:
            written.clear()
        written[id(chunk)] = (chunk, text)
        texts[index] = text
    texts.reverse()
    return b"[" + b",".join(texts) + b"]"


def clear() -> None:
    """Forget every kept chunk text."""
    _WRITTEN.clear()
