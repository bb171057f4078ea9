"""Agents for the arena tests, in a module of their own so worker processes can unpickle them."""

from __future__ import annotations

import os
import random
from typing import ClassVar

import attrs

import guarda


@attrs.frozen
class FirstBot:
    """Always plays the first legal action: a deterministic agent of another strength."""

    name: str = "first"

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        return view.legal_actions[0]


@attrs.frozen
class CrashingBot:
    """Raises on every decision from its ``after``-th on; the runner falls back for it."""

    after: int = 3
    name: str = "crashing"
    asked: list[int] = attrs.field(factory=lambda: [0], eq=False, repr=False)

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        self.asked[0] += 1
        if self.asked[0] >= self.after:
            raise RuntimeError("the bot fell over")
        return rng.choice(view.legal_actions)


KILL_BELOW = 0.3
"""KillerBot ends its process when its seat's first random number is below this."""


@attrs.frozen
class KillerBot:
    """Plays randomly, but in some games (decided by its seat's random source) kills the
    process it runs in at its first decision, as a segfaulting extension would."""

    name: str = "killer"
    asked: list[int] = attrs.field(factory=lambda: [0], eq=False, repr=False)

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        self.asked[0] += 1
        if self.asked[0] == 1 and rng.random() < KILL_BELOW:
            os._exit(3)
        return rng.choice(view.legal_actions)


class Unpicklable:
    """An agent that pickles but cannot be unpickled where the game is played."""

    name = "unpicklable"

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        return view.legal_actions[0]

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (_refuse, ("no",))


def _refuse(reason: str) -> Unpicklable:
    raise RuntimeError(f"cannot be rebuilt: {reason}")


class Closing:
    """Counts how often it is closed (each game has a fresh copy, closed at the end)."""

    name = "closing"
    closed: ClassVar[list[int]] = []

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        return rng.choice(view.legal_actions)

    def close(self) -> None:
        Closing.closed.append(1)


@attrs.frozen
class PidRecorder:
    """Plays randomly; when closed, appends the id of the process it played in to a file."""

    path: str
    name: str = "pid"

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        return rng.choice(view.legal_actions)

    def close(self) -> None:
        with open(self.path, "a", encoding="utf-8") as file:
            file.write(f"{os.getpid()}\n")
