"""The test game with every document written, a heuristic, and agents for it.

``TOY`` (tests/toy_game.py) writes only states and actions; the subprocess protocol and
the arena's records file also write views, configurations and records, so ``TOY_GAME``
here writes those too. It is a module-level instance of a frozen attrs class, so it
pickles to worker processes; the CLI reaches it as ``generic_games:TOY_GAME``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs

from guarda.errors import ParseError
from toy_game import Lay, ToyConfig, ToyGame, ToyRecord, ToyView


@attrs.frozen
class HighestCard:
    """The toy's heuristic: lay the highest card in hand."""

    name: str = "highest"

    def act(self, view: ToyView, rng: random.Random) -> Lay:
        return max(view.legal_actions, key=lambda action: action.card)


@attrs.frozen
class DocumentedToy(ToyGame):
    """High card, with documents for views, configurations and records too."""

    def dumps(self, value: Any) -> str:
        if isinstance(value, ToyConfig):
            return json.dumps({"kind": "config", "players": value.players})
        if isinstance(value, ToyView):
            data = attrs.asdict(value, recurse=False)
            data["config"] = value.config.players
            data["legal_actions"] = [action.card for action in value.legal_actions]
            return json.dumps({"kind": "view", "data": data})
        if isinstance(value, ToyRecord):
            return json.dumps(
                {
                    "kind": "record",
                    "seed": value.seed,
                    "salt": value.salt,
                    "names": list(value.names),
                    "actions": [action.card for action in value.actions],
                }
            )
        return super().dumps(value)

    def loads(self, text: str | bytes) -> Any:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ParseError("not a High card document", path="kind")
        if data.get("kind") == "config":
            return ToyConfig(int(data["players"]))
        if data.get("kind") == "record":
            return ToyRecord(
                ToyConfig(),
                int(data["seed"]),
                tuple(Lay(int(card)) for card in data["actions"]),
                str(data["salt"]),
                tuple(data["names"]),
            )
        return super().loads(text)

    def heuristic(self) -> HighestCard:
        return HighestCard()


TOY_GAME = DocumentedToy()


@attrs.frozen
class LowestBot:
    """Lays its lowest card: deterministic."""

    name: str = "lowest"

    def act(self, view: ToyView, rng: random.Random) -> Lay:
        return view.legal_actions[0]


@attrs.frozen
class CheatingBot:
    """Lays a card it does not hold (a 7, which no deck has)."""

    name: str = "cheater"

    def act(self, view: ToyView, rng: random.Random) -> Lay:
        return Lay(7)


@attrs.frozen
class WordBot:
    """Answers a word, not an action."""

    name: str = "word"

    def act(self, view: ToyView, rng: random.Random) -> object:
        return "seven"


@attrs.frozen
class CrashBot:
    """Raises at every decision."""

    name: str = "crash"

    def act(self, view: ToyView, rng: random.Random) -> Lay:
        raise RuntimeError("fell over")
