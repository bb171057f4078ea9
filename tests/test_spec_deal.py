"""The implementer's specification (docs/implementers.md) deals every vector's game.

Written the way a port would be: the random numbers, the deal, the reshuffles and the
commitment are coded here from the page's text, with none of guarda's code. Each vector's
game is then played with guarda's public API, and what every seat saw must be what the
page's deal gives: the setup cards and every card a player drew, draw by draw, from the
first pile and from every reshuffled one; the commitment opening the log; and the piles
and random state guarda keeps.
"""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import guarda
from guarda import conformance

ROOT = Path(__file__).parent.parent
PAGE = (ROOT / "docs" / "implementers.md").read_text(encoding="utf-8")
MASK = 2**64 - 1
GAMMA, MIX_1, MIX_2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def test_the_page_states_the_constants_this_port_uses() -> None:
    for constant in (GAMMA, MIX_1, MIX_2):
        assert f"0x{constant:X}" in PAGE
    assert "guarda-deal-v1\\n<seed>\\n<salt>" in PAGE
    assert "guarda-shuffle-sha256-v1\\n<seed>\\n<salt>" in PAGE
    assert "index 0 is its top" in PAGE and "sorted by code point" in PAGE


class Random:
    """SplitMix64 as the page states it."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def next(self) -> int:
        self.state = (self.state + GAMMA) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * MIX_1) & MASK
        z = ((z ^ (z >> 27)) * MIX_2) & MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        limit = 2**64 - 2**64 % bound
        while True:
            value = self.next()
            if value < limit:
                return value % bound

    def shuffle(self, items: list[str]) -> list[str]:
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


class Sha256Random(Random):
    """SHA-256 in counter mode as the page states it: the same ``below`` and ``shuffle``.

    ``state`` is the page's 320-bit state, the key (big-endian) then the counter.
    """

    def __init__(self, state: int) -> None:
        self.state = state

    @classmethod
    def seeded(cls, seed: int, salt: str) -> Sha256Random:
        key = hashlib.sha256(f"guarda-shuffle-sha256-v1\n{seed}\n{salt}".encode()).digest()
        return cls(int.from_bytes(key, "big") << 64)

    def next(self) -> int:
        key, counter = (self.state >> 64).to_bytes(32, "big"), self.state & MASK
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        self.state = (self.state >> 64) << 64 | (counter + 1) & MASK
        return int.from_bytes(block[:8], "big")


def _generator(config: dict[str, Any], state: int) -> Random:
    """The random source a configuration document names, from a state."""
    return Sha256Random(state) if config.get("shuffle") == "sha256" else Random(state)


def deck_list(config: dict[str, Any]) -> list[str]:
    """The deck list from a configuration document's data (written field by field)."""
    return [entry["card"]["name"] for entry in config["deck"] for _ in range(entry["copies"])]


def commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(f"guarda-deal-v1\n{seed}\n{salt}".encode()).hexdigest()


def _seat_draws(events: list[dict[str, Any]], seat: int) -> list[tuple[str, list[str]]]:
    """What a seat saw of its own pile: setup cards, draws and reshuffles, in order."""
    seen: list[tuple[str, list[str]]] = []
    for event in events:
        if event.get("player") != seat:
            continue
        if event["type"] == "SetupCardDrawn":
            seen.append(("draw", [event["card"]]))
        elif event["type"] == "CardsDrawn":
            seen.append(("draw", list(event["cards"])))
        elif event["type"] == "DiscardPileShuffled":
            seen.append(("reshuffle", []))
    return seen


SEEDED = [
    path for path in conformance.vector_files() if conformance.load_vector(path)["state"] is None
]


@pytest.mark.parametrize("path", SEEDED, ids=[path.stem for path in SEEDED])
def test_the_written_deal_is_the_deal_of_every_seeded_vector(path: Path) -> None:
    vector = conformance.load_vector(path)
    config_data = vector["config"]["data"]
    players = len(vector["steps"][0]["views"])
    seed = vector["seed"]
    if config_data.get("shuffle") == "sha256":
        random: Random = Sha256Random.seeded(seed, "")
    else:
        random = Random(seed)
    piles = [random.shuffle(deck_list(config_data)) for _ in range(players)]

    # Play the whole game with guarda's public API; keep every seat's events as it saw them.
    config = guarda.loads(json.dumps(vector["config"]), guarda.Config)
    state = guarda.new_game(config, seed)
    assert state.rng == random.state  # the state after every player's shuffle
    for seat in range(players):
        assert (
            list(state.players[seat].draw_pile) == piles[seat][len(state.players[seat].in_play) :]
        )
    log = [json.loads(guarda.dumps(event))["data"] for event in state.events]
    assert log[0] == {"type": "DealCommitted", "commitment": commitment(seed, "")}
    states = [state]
    for text in vector["actions"]:
        state, _ = guarda.apply(state, guarda.parse_action(text, config))
        states.append(state)
    view_events = [
        [json.loads(guarda.dumps(event))["data"] for event in guarda.view(state, seat).events]
        for seat in range(players)
    ]

    # Each seat's draws come off its pile, top first; a reshuffle continues the one state.
    for seat in range(players):
        pile, top = piles[seat], 0
        for kind, cards in _seat_draws(view_events[seat], seat):
            if kind == "reshuffle":
                break  # checked below, with the discards of that moment
            taken = pile[top : top + len(cards)]
            assert (taken if len(cards) == 1 else sorted(taken)) == cards, (seat, top)
            top += len(cards)
    _check_reshuffles(states, config_data)


def _check_reshuffles(states: list[guarda.GameState], config: dict[str, Any]) -> None:
    """Every reshuffle: the sorted discards, shuffled with the game's state, give the pile
    drawn from (the cards drawn right after it, then the pile left)."""
    for before, after in itertools.pairwise(states):
        shuffled = [
            e
            for e in after.events[len(before.events) :]
            if isinstance(e, guarda.DiscardPileShuffled)
        ]
        if len(shuffled) != 1:
            continue  # none, or several in one step (the page's rule applies in turn)
        player = shuffled[0].player
        new_events = after.events[len(before.events) :]
        start = new_events.index(shuffled[0])
        drawn = [
            card
            for event in new_events[start:]
            if isinstance(event, guarda.CardsDrawn) and event.player == player
            for card in (event.cards or ())
        ]
        left = list(after.players[player].draw_pile)
        discards = sorted(drawn + left)
        random = _generator(config, before.rng)
        # The state before this step may have been stepped by nothing else: the only
        # draws of random numbers are shuffles, and this step made one.
        pile = random.shuffle(discards)
        assert sorted(pile[: len(drawn)]) == sorted(drawn)
        assert pile[len(drawn) :] == left
        assert random.state == after.rng


@pytest.mark.parametrize("shuffle", ["splitmix64", "sha256"])
def test_some_vector_reshuffles(shuffle: str) -> None:
    """The reshuffle check above is not vacuous: some seeded vector's game reshuffles,
    with each generator."""
    found = False
    for path in SEEDED:
        vector = conformance.load_vector(path)
        if vector["config"]["data"].get("shuffle", "splitmix64") != shuffle:
            continue
        config = guarda.loads(json.dumps(vector["config"]), guarda.Config)
        state = guarda.new_game(config, vector["seed"])
        for text in vector["actions"]:
            state, events = guarda.apply(state, guarda.parse_action(text, config))
            found = found or any(isinstance(e, guarda.DiscardPileShuffled) for e in events)
    assert found


def test_the_tables_of_the_page_come_from_the_schemas() -> None:
    spec = importlib.util.spec_from_file_location(
        "spec_tables", ROOT / "docs" / "hooks" / "spec_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("spec_tables", module)
    spec.loader.exec_module(module)
    tables = module.tables()
    for marker in tables:
        assert PAGE.count(marker) == 1
    events = tables["<!-- guarda:event-model -->"]
    names = re.findall(r"^\| \*\*(\w+)\*\*", events, flags=re.M)
    assert names[0] == "DealCommitted" and "CardsDrawn" in names and "GameEnded" in names
    assert len(names) == len(set(names)) >= 30
    row = next(line for line in events.splitlines() if line.startswith("| | | `cards` |"))
    assert "its player only" in row
    assert "| `draw_pile_cards` |" in tables["<!-- guarda:view-model -->"]
    rendered = module.on_page_markdown(PAGE)
    assert "<!-- guarda:" not in rendered and "| **PiecePushed** |" in rendered
