#!/usr/bin/env python3
"""A random bot for guarda's subprocess protocol, in plain Python: it imports nothing from guarda.

This is the template for a bot in any language. The bot reads one JSON object per line
on stdin and writes one JSON object per line on stdout (and flushes it):

- ``{"type": "hello", ...}``: answer with the handshake, giving the protocol version
  and a name;
- ``{"type": "act", "id": ..., "seed": ..., "view": {...}, "legal": [...]}``: answer
  ``{"type": "action", "id": <the same id>, "action": <one of legal>}``;
- ``{"type": "quit"}`` (or the end of stdin): exit.

This bot picks a random legal action, seeded with the runner's seed, so the same match
seed gives the same game. A real bot reads the view document (``message["view"]``, the
JSON of a ``guarda.PlayerView``: the table, its hand and guard, the events it saw) to
decide. Anything written to stderr is kept by the runner for its fault reports.

Play it against guarda's own random bot::

    from guarda.arena import SubprocessAgent, match
    bot = SubprocessAgent(["python3", "examples/subprocess_bot.py"])
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

PROTOCOL = "guarda-bot"
VERSION = 1
NAME = "random-subprocess"


def answer(message: dict[str, Any]) -> dict[str, Any] | None:
    """The bot's answer to one message from the runner, or None to quit."""
    kind = message.get("type")
    if kind == "hello":
        return {"type": "hello", "protocol": PROTOCOL, "version": VERSION, "name": NAME}
    if kind == "act":
        choose = random.Random(message["seed"])
        return {"type": "action", "id": message["id"], "action": choose.choice(message["legal"])}
    if kind == "quit":
        return None
    return {"type": "error", "message": f"unknown message type {kind!r}"}


def main() -> int:
    """Answer the runner's messages until it says quit or closes stdin."""
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = answer(json.loads(line))
        if reply is None:
            break
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
