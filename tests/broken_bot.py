"""Subprocess bots that break the protocol in one chosen way (for tests/test_subprocess_agent.py).

Run as ``python broken_bot.py MODE``; the modes are the keys of ``MODES``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any


def reply(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def hello(version: object = 1) -> None:
    reply({"type": "hello", "protocol": "guarda-bot", "version": version, "name": "broken"})


def action(message: dict[str, Any], text: str | None = None, **extra: object) -> None:
    chosen = random.Random(message["seed"]).choice(message["legal"]) if text is None else text
    reply({"type": "action", "id": message["id"], "action": chosen, **extra})


def main(mode: str) -> int:
    if mode == "crash-at-start":
        sys.stderr.write("cannot load my weights\n")
        return 2
    if mode == "silent-at-start":
        time.sleep(60)
        return 0
    if mode == "wrong-version":
        hello(version=2)
    elif mode == "no-name":
        reply({"type": "hello", "protocol": "guarda-bot", "version": 1})
    else:
        hello()
    acts = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "quit":
            if mode == "ignores-quit":
                continue
            return 0
        if message["type"] != "act":
            continue
        acts += 1
        if mode == "crash-mid-game" and acts == 5:
            sys.stderr.write("Traceback: something broke\n")
            return 1
        if mode == "garbage" and acts == 3:
            sys.stdout.write("e2e4 please\n")
            sys.stdout.flush()
            continue
        if mode == "silent" and acts == 3:
            time.sleep(60)
        if mode == "huge":
            sys.stdout.write("x" * 200_000)
            sys.stdout.flush()
            time.sleep(60)
        if mode == "not-notation":
            action(message, "castle kingside")
            continue
        if mode == "illegal" and acts == 2:
            action(message, "pass" if "pass" not in message["legal"] else "end")
            continue
        if mode == "wrong-id":
            reply({"type": "action", "id": message["id"] + 1, "action": message["legal"][0]})
            continue
        if mode == "gives-up":
            reply({"type": "error", "message": "I resign this decision"})
            continue
        if mode == "ignores-quit":
            action(message)
            continue
        action(message)
    if mode == "ignores-quit":
        time.sleep(60)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
