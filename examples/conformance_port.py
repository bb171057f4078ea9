"""A port's side of the conformance protocol, written from the docs: a template to start from.

Run by ``guarda verify --command "python examples/conformance_port.py"``: it reads a
vector's input on standard input and prints one JSON step per line, as the "Conformance
vectors" page describes. A port in another language replaces guarda's calls with its own
engine; the places are marked. Two parts are this program's own, from the "Specification
for implementers" page: the deal of a new game (SplitMix64 or SHA-256 in counter mode, the
deck list, a shuffle per player, index 0 the top), which it checks against the game it
plays, and the commitment.

``--level legal|outcome|views|events`` prints only what that level compares, as a port
climbing the levels would (the default prints everything). Only guarda's public API is
used.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

import guarda

MASK = 2**64 - 1
LEVEL_FIELDS = {
    "legal": ("ply", "legal"),
    "outcome": ("ply", "legal", "outcome"),
    "views": ("ply", "legal", "outcome", "views"),
    "events": ("ply", "legal", "outcome", "views", "events"),
}


class SplitMix64:
    """The default random source of the specification."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        limit = 2**64 - 2**64 % bound
        while (value := self.next()) >= limit:
            pass
        return value % bound

    def shuffle(self, items: list[str]) -> list[str]:
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


class Sha256Counter(SplitMix64):
    """The cryptographic random source (``"shuffle": "sha256"``): the same ``below`` and
    ``shuffle``, another ``next``."""

    def __init__(self, seed: int, salt: str = "") -> None:
        text = f"guarda-shuffle-sha256-v1\n{seed}\n{salt}"
        self.key = hashlib.sha256(text.encode()).digest()
        self.counter = 0

    def next(self) -> int:
        block = hashlib.sha256(self.key + self.counter.to_bytes(8, "big")).digest()
        self.counter = (self.counter + 1) & MASK
        return int.from_bytes(block[:8], "big")


def deal(config: dict[str, Any], players: int, seed: int) -> list[list[str]]:
    """Every player's draw pile, top first, from the configuration document's data."""
    deck = [entry["card"]["name"] for entry in config["deck"] for _ in range(entry["copies"])]
    shuffle = config.get("shuffle", "splitmix64")
    random = Sha256Counter(seed) if shuffle == "sha256" else SplitMix64(seed)
    return [random.shuffle(deck) for _ in range(players)]


def commitment(seed: int, salt: str = "") -> str:
    return hashlib.sha256(f"guarda-deal-v1\n{seed}\n{salt}".encode()).hexdigest()


def data(value: object) -> Any:
    """The ``data`` of a value's guarda document."""
    return json.loads(guarda.dumps(value))["data"]


def step(ply: int, state: guarda.GameState, events: tuple[guarda.Event, ...]) -> dict[str, Any]:
    """One step of the results (guarda's engine here; a port's own in a port)."""
    seats = range(len(state.players))
    views = []
    for seat in seats:
        view = data(guarda.view(state, seat))
        del view["config"], view["events"]  # a step leaves them out
        views.append(view)
    return {
        "ply": ply,
        "legal": [guarda.format_action(action) for action in guarda.legal_actions(state)],
        "events": [[data(e) for e in guarda.visible_events(events, seat)] for seat in seats],
        "views": views,
        "outcome": None if state.outcome is None else data(state.outcome),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", choices=list(LEVEL_FIELDS), default="events")
    fields = LEVEL_FIELDS[parser.parse_args().level]
    given = json.load(sys.stdin)
    config = guarda.loads(json.dumps(given["config"]), guarda.Config)
    first = given.get("compare_from", 0)
    if given["state"] is None:
        state = guarda.new_game(config, given["seed"])  # a port deals its own game here
        piles = deal(given["config"]["data"], config.players, given["seed"])
        for seat, player in enumerate(state.players):  # ... and this is the same deal
            assert list(player.in_play) + list(player.draw_pile) == piles[seat]
        assert data(state.events[0])["commitment"] == commitment(given["seed"])
    else:
        state = guarda.loads(json.dumps(given["state"]), guarda.GameState)
    results = [step(0, state, state.events)]
    for ply, text in enumerate(given["actions"], start=1):
        state, events = guarda.apply(state, guarda.parse_action(text, config))
        results.append(step(ply, state, events))
    for result in results[first:]:
        print(json.dumps({field: result[field] for field in fields}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
