"""Perft: golden counts of action sequences from fixed positions (python-chess style).

``perft(state, depth)`` counts the distinct sequences of exactly ``depth`` legal actions
from ``state`` (a game that ends earlier contributes nothing, as in chess perft). The
positions, and their counts to depth 1, 2 and 3, are stored in ``tests/data/perft.json``:
each is reached from ``new_game(preset(players), seed)`` by playing the listed action
indices into :func:`guarda.legal_actions`. A change in move generation, in the order of
legal actions or in any automatic step (draws, reshuffles, reactions) shows up here.

Regenerate the file after an intended rules change (and review the diff!) with::

    python tests/test_perft.py

Depth-1 counts checked by hand (the stored positions, see the file):

- ``act-modern-2p``: hand H3 H4 V3 V4 X, all distinct: 5 PrepareGuard + (2**5 - 1) = 31
  Attack + 1 Pass = 37.
- ``move-grda-2p``: North's piece on c3, the opponent on b2 (diagonal, so no push), not
  yet moved, 4 distinct cards. North (c4) and East (d3) are free for 1 cell: 4 moves
  each; South (c2 c1) and West (b3 a3) for 2 cells: 4 + 6 = 10 each. 28 + 1 EndMove = 29.
- ``move-classic-3p``: West's piece on c1, not yet moved, hand H3 H3 H4 V4 V5 V6
  (5 types). Sub-multisets of 1, 2, 3, 4 cards: 5, 11, 14, 11. An opponent on c2 with
  c3-c6 free behind it: 41 pushes north; East d1-f1 free: 30 moves; West b1 a1: 16 moves;
  North is blocked and South off the field. 41 + 30 + 16 + 1 EndMove = 88.
- ``react-classic-3p``: West on c2 hit by one card (d = 1), hand H1 H4 V2, a set guard.
  Turned around, a West card maps like an East card in attack: Hk covers column 6 - k
  (x from 0), Vk row k. So H4 covers column c and V2 row 2, H1 neither: Defend(H4),
  Defend(V2), ActivateGuard, TakeDamage = 4.
- ``setup-modern-2p``: North's setup cards V2 and X; from North V2 covers column d, X both
  diagonals, meeting on d2 and d4, both free: 2 placements.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import TypedDict

import pytest

import guarda
from guarda import GameState, Phase

DATA = Path(__file__).parent / "data" / "perft.json"
DEPTHS = (1, 2, 3)
PRESETS: dict[str, Callable[[int], guarda.Config]] = {
    "classic": guarda.classic,
    "modern": guarda.modern,
    "grda": guarda.grda,
}


class Position(TypedDict):
    """One stored perft position."""

    name: str
    preset: str
    players: int
    seed: int
    path: list[int]
    phase: str
    perft: list[int]


def perft(state: GameState, depth: int) -> int:
    """The number of distinct sequences of ``depth`` legal actions from ``state``."""
    actions = guarda.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(guarda.apply(state, action)[0], depth - 1) for action in actions)


def reach(preset: str, players: int, seed: int, path: list[int]) -> GameState:
    """The position after playing ``path`` (indices into the legal actions)."""
    state = guarda.new_game(PRESETS[preset](players), seed)
    for index in path:
        state, _ = guarda.apply(state, guarda.legal_actions(state)[index])
    return state


def load() -> list[Position]:
    """The stored positions."""
    with DATA.open(encoding="utf-8") as file:
        positions: list[Position] = json.load(file)["positions"]
    return positions


# -- regeneration -------------------------------------------------------------------------


def _hand(state: GameState) -> tuple[str, ...]:
    assert state.actor is not None
    return state.players[state.actor].hand


def _has(kind: type) -> Callable[[GameState], bool]:
    return lambda state: any(isinstance(a, kind) for a in guarda.legal_actions(state))


SPECS: tuple[tuple[str, str, int, Phase, Callable[[GameState], bool]], ...] = (
    ("setup-modern-2p", "modern", 2, Phase.SETUP, lambda s: len(guarda.legal_actions(s)) >= 2),
    ("setup-classic-3p", "classic", 3, Phase.SETUP, lambda s: s.actor == 2),
    ("discard-classic-3p", "classic", 3, Phase.DISCARD, lambda s: True),
    ("move-grda-2p", "grda", 2, Phase.MOVE, lambda s: len(set(_hand(s))) == 4 < s.turn_number),
    ("move-classic-3p", "classic", 3, Phase.MOVE, _has(guarda.Push)),
    ("set-guard-modern-2p", "modern", 2, Phase.SET_GUARD, lambda s: True),
    ("act-modern-2p", "modern", 2, Phase.ACT, lambda s: len(set(_hand(s))) == 5),
    ("act-grda-2p", "grda", 2, Phase.ACT, lambda s: len(_hand(s)) >= 3),
    ("react-classic-3p", "classic", 3, Phase.REACT, lambda s: len(guarda.legal_actions(s)) >= 4),
    ("react-modern-2p", "modern", 2, Phase.REACT, _has(guarda.ActivateGuard)),
    ("new-guard-grda-2p", "grda", 2, Phase.NEW_GUARD, lambda s: True),
    ("counter-modern-2p", "modern", 2, Phase.COUNTER, lambda s: len(guarda.legal_actions(s)) >= 2),
    ("settle-grda-2p", "grda", 2, Phase.SETTLE, lambda s: len(_hand(s)) >= 3),
    ("settle-classic-3p", "classic", 3, Phase.SETTLE, lambda s: len(_hand(s)) >= 4),
)  # fmt: skip
"""How each position is found: the first state of that phase meeting the condition, in a
game whose actions are chosen by a fixed pseudo-random sequence from the first seed that
gets there."""


def _find(
    preset: str, players: int, phase: Phase, wanted: Callable[[GameState], bool]
) -> Position:
    for seed in range(100):
        state = guarda.new_game(PRESETS[preset](players), seed)
        path: list[int] = []
        choice = seed
        while not state.is_over:
            if state.phase is phase and wanted(state):
                counts = [perft(state, depth) for depth in DEPTHS]
                return Position(
                    name="", preset=preset, players=players, seed=seed, path=path,
                    phase=phase.value, perft=counts,
                )  # fmt: skip
            actions = guarda.legal_actions(state)
            choice = (choice * 6364136223846793005 + 1442695040888963407) % 2**64
            path.append((choice >> 33) % len(actions))
            state, _ = guarda.apply(state, actions[path[-1]])
    raise LookupError(f"no {phase.value} position found for {preset}")


def regenerate() -> None:
    """Find the positions of :data:`SPECS`, count them and write the data file."""
    positions = []
    for name, preset, players, phase, wanted in SPECS:
        position = _find(preset, players, phase, wanted)
        position["name"] = name
        positions.append(position)
    document = {
        "_comment": (
            "Perft golden counts: sequences of exactly 1, 2 and 3 legal actions from each "
            "position. A position is new_game(guarda.<preset>(players), seed) followed by "
            "the actions at these indices of legal_actions(). Regenerate with "
            "`python tests/test_perft.py` and review the diff."
        ),
        "positions": positions,
    }
    DATA.parent.mkdir(exist_ok=True)
    # One position per line keeps the long index paths readable in a diff.
    lines = ",\n  ".join(json.dumps(position) for position in positions)
    text = (
        f'{{"_comment": {json.dumps(document["_comment"])},\n "positions": [\n  {lines}\n ]\n}}\n'
    )
    assert json.loads(text) == document
    DATA.write_text(text, encoding="utf-8")


# -- tests ------------------------------------------------------------------------------


@pytest.mark.parametrize("position", load(), ids=lambda position: position["name"])
def test_perft_matches_golden_counts(position: Position) -> None:
    state = reach(position["preset"], position["players"], position["seed"], position["path"])
    assert state.phase.value == position["phase"]
    assert [perft(state, depth) for depth in DEPTHS] == position["perft"]


def _sub_multisets(hand: tuple[str, ...], size: int) -> int:
    return len(set(combinations(sorted(hand), size)))


def _by_hand(state: GameState) -> int | None:
    """Depth-1 counts worked out from the hand alone, without the engine's generators."""
    hand = _hand(state)
    distinct = Counter(hand)
    subsets = 1
    for copies in distinct.values():
        subsets *= copies + 1
    if state.phase is Phase.ACT:
        return len(distinct) + (subsets - 1) + 1  # prepare one, attack with some, pass
    if state.phase is Phase.SETTLE:
        return subsets  # any sub-multiset, the empty one included
    if state.phase is Phase.SET_GUARD:
        return 2  # defensive or offensive
    if state.phase is Phase.DISCARD:
        config = state.config
        player = state.players[state.turn]
        counted = config.guard_counts_toward_hand and player.guard is not None
        hand_size = config.hand_size - int(counted)
        return _sub_multisets(hand, len(hand) - hand_size)
    return None


def test_perft_depth_one_by_hand() -> None:
    checked = 0
    for position in load():
        state = reach(position["preset"], position["players"], position["seed"], position["path"])
        expected = _by_hand(state)
        if expected is not None:
            assert position["perft"][0] == expected, position["name"]
            checked += 1
    assert checked >= 5
    act = next(p for p in load() if p["name"] == "act-modern-2p")
    assert act["perft"][0] == 37  # 5 + 31 + 1, see the module docstring
    assert {p["phase"] for p in load()} >= {phase.value for phase in Phase} - {"over"}


if __name__ == "__main__":
    regenerate()
