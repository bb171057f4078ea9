"""Every shipped game tells its events in words ([`Narrated`][guarda.game.Narrated]).

Seeded random games of each game (with a few options and, for the heist, thieves that
like to play Art and the heuristic thief who reaches the vault) produce every kind of
event the game has; each is described for every seat and for a spectator, from the
events that seat may see, and the line names the right player and tells nothing the seat
may not know.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest

import guarda
from generic_games import TOY_GAME
from guarda.errors import ArgumentError
from guarda.game import Game, Narrated
from guarda.games import GAMES, GARRISON, GUARDA, GUARDS, ON_GUARD
from guarda.games import garrison as ga
from guarda.games import guards as gd
from guarda.games import on_guard as og

NAMES = ("Alba", "Brio", "Cato", "Dune")
"""Seat names no line contains by chance."""

Choose = Callable[[Game, Any, random.Random], Any]


def _random(game: Game, state: Any, rng: random.Random) -> Any:
    return rng.choice(list(game.legal_actions(state)))


def _artful(game: Game, state: Any, rng: random.Random) -> Any:
    """Art on a Bored guard when the thief can (to distract guards), else at random."""
    arts = [action for action in game.legal_actions(state) if isinstance(action, gd.Art)]
    return rng.choice(arts) if arts else _random(game, state, rng)


def _heuristic(game: Game, state: Any, rng: random.Random) -> Any:
    return GUARDS.heuristic().act(GUARDS.view(state, state.actor), rng)


def _games(
    game: Game, configs: Sequence[Any], seeds: int, choose: Choose = _random
) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """Each game's configuration and every event of it, the start's log first (Guarda)."""
    for config in configs:
        for seed in range(seeds):
            state = game.new_game(config, seed)
            events: list[Any] = list(getattr(state, "events", ()))
            rng = random.Random(seed)
            while not game.is_over(state):
                state, made = game.apply(state, choose(game, state, rng))
                events.extend(made)
            yield config, tuple(events)


def _guarda_games() -> Iterator[tuple[Any, tuple[Any, ...]]]:
    configs = [
        guarda.modern(players=players, turn_limit=60, win=win, stakes=stakes, ante=1)
        for players in (2, 3, 4)
        for win, stakes in (
            ("elimination", "bounty"),
            ("exhaustion", "scavenger"),
            ("victory", "spoils-of-war"),
        )
    ]
    yield from _games(GUARDA, configs, 4)


def _on_guard_games() -> Iterator[tuple[Any, tuple[Any, ...]]]:
    configs = [ON_GUARD.make_config(2, options) for options in ({}, {"jokers": "on"})]
    yield from _games(ON_GUARD, configs, 40)


def _garrison_games() -> Iterator[tuple[Any, tuple[Any, ...]]]:
    configs = [GARRISON.make_config(players) for players in (2, 3, 4)]
    yield from _games(GARRISON, configs, 4)


def _heist_games() -> Iterator[tuple[Any, tuple[Any, ...]]]:
    configs = [
        GUARDS.make_config(players, options)
        for players in (1, 2)
        for options in ({"difficulty": "hard"}, {"difficulty": "medium", "undead": "yes"})
    ]
    for choose in (_random, _artful, _heuristic):
        yield from _games(GUARDS, configs, 6, choose)


def _kind(event: Any) -> str:
    """An event's kind: its class, and a guard event's ``kind`` or a thief's action."""
    if isinstance(event, gd.Event):
        return f"Event.{event.kind.value}"
    if isinstance(event, gd.ThiefActed):
        return f"ThiefActed.{event.action}"
    return type(event).__name__


def _kinds(union: Any) -> set[str]:
    return {member.__name__ for member in typing.get_args(union)}


HEIST_KINDS = (
    {"TreasureMoved", "Escaped"}
    | {f"ThiefActed.{action}" for action in ("wait", "move", "run", "art")}
    | {f"Event.{kind.value}" for kind in gd.EventKind}
)

CASES: Mapping[str, tuple[Callable[[], Iterator[tuple[Any, tuple[Any, ...]]]], set[str]]] = {
    "guarda": (_guarda_games, _kinds(guarda.Event)),
    "on-guard": (_on_guard_games, _kinds(og.Event)),
    "garrison": (_garrison_games, _kinds(ga.GarrisonEvent)),
    "guards": (_heist_games, HEIST_KINDS),
}


def _named(event: Any) -> set[int]:
    """The players a line about ``event`` must name."""
    seats: set[int] = set()
    for field in (
        "player",
        "pusher",
        "source",
        "target",
        "winner",
        "attacker",
        "scorer",
        "against",
    ):
        value = getattr(event, field, None)
        if isinstance(value, int) and not isinstance(value, bool):
            seats.add(value)
    if isinstance(event, guarda.GameEnded):
        seats |= set(event.winners) | set(event.drawn)
    if isinstance(event, gd.Event) and event.thief is not None:
        seats.add("AB".index(event.thief))
    return seats


def _hidden(game: Game, event: Any, seen: Any, viewer: int | None) -> list[str]:
    """What ``event`` holds that its form ``seen`` hides from ``viewer``, as words."""
    if isinstance(event, guarda.Event):
        hidden: list[str] = []
        for field in getattr(event, "secret", ()):
            value = getattr(event, field)
            if getattr(seen, field) is None and value is not None:
                hidden += list(value) if isinstance(value, tuple) else [value]
        return hidden
    if isinstance(event, ga.Drew) and seen.cards is None:
        return [ga.long_name(card) for card in event.cards or ()]
    if isinstance(event, gd.ThiefActed) and seen.hex is None and event.hex is not None:
        return [str(event.hex)]
    return []


@pytest.mark.parametrize("name", list(CASES))
def test_every_event_kind_is_described_for_every_viewer(name: str) -> None:
    game = GAMES[name]
    assert isinstance(game, Narrated)
    make, kinds = CASES[name]
    described: set[str] = set()
    for config, events in make():
        names = NAMES[: game.players(config)]
        for viewer in (*range(len(names)), None):
            for event in events:
                seen_events = game.visible_events([event], viewer)
                for seen in seen_events:
                    line = game.describe_event(seen, names)
                    assert line and "\n" not in line and line == line.strip(), (seen, line)
                    for seat in _named(seen):
                        assert names[seat] in line, (seen, line)
                    for word in _hidden(game, event, seen, viewer):
                        assert word not in line.split() and word not in line, (event, line)
                    described.add(_kind(seen))
    assert described == kinds


def test_on_guard_tells_nothing_of_a_selection_before_the_reveal() -> None:
    revealing = (og.SelectionsRevealed, og.FinalAttackMade, og.BarrageRevealed)
    for seed in range(10):
        state = ON_GUARD.new_game(ON_GUARD.make_config(2, {"jokers": "on"}), seed)
        rng = random.Random(seed)
        while not ON_GUARD.is_over(state):
            actor = ON_GUARD.actor(state)
            assert actor is not None
            state, events = ON_GUARD.apply(state, _random(ON_GUARD, state, rng))
            if any(isinstance(event, revealing) for event in events):
                continue
            lines = [ON_GUARD.describe_event(e, NAMES[:2]) for e in events]
            assert all(line.startswith(NAMES[actor]) for line in lines)
            seen = ON_GUARD.visible_events(events, 1 - actor)
            told = [ON_GUARD.describe_event(e, NAMES[:2]) for e in seen]
            assert told in ([], [f"{NAMES[actor]} made a selection, face down"])


def test_garrison_tells_another_players_draw_as_a_count() -> None:
    names = NAMES[:3]
    drew = ga.Drew(2, 2, (ga.parse_card("QH"), ga.parse_card("7C")))
    assert GARRISON.describe_event(drew, names) == (
        "Cato drew the queen of hearts and the 7 of clubs"
    )
    (seen,) = GARRISON.visible_events([drew], 0)
    assert GARRISON.describe_event(seen, names) == "Cato drew 2 cards"
    (one,) = GARRISON.visible_events([ga.Drew(1, 1, (5,))], None)
    assert GARRISON.describe_event(one, names) == "Brio drew 1 card"


def test_heist_tells_another_thiefs_quiet_move_without_the_hex() -> None:
    move = gd.ThiefActed(1, "move", gd.Hex.parse("C4"))
    assert GUARDS.describe_event(move, NAMES[:2]) == "Brio crept to C4"
    (seen,) = GUARDS.visible_events([move], 0)
    assert GUARDS.describe_event(seen, NAMES[:2]) == "Brio crept one hex, unheard and unseen"
    caught = gd.Event(gd.EventKind.CAUGHT, 3, "B", gd.Hex.parse("C4"))
    assert GUARDS.describe_event(caught, NAMES[:2]) == "Guard 3 caught Brio at C4"


def test_guarda_forwards_to_describe() -> None:
    event = guarda.CardsDrawn(player=1, count=2, cards=("H3", "V1"))
    assert GUARDA.describe_event(event, NAMES[:2]) == guarda.describe(event, NAMES[:2])
    assert GUARDA.describe_event(event, NAMES[:2]) == "Brio drew H3 V1"


@pytest.mark.parametrize(
    ("game", "event", "too_few"),
    [
        (GUARDA, guarda.Passed(2), NAMES[:2]),
        (ON_GUARD, og.SelectionMade(1), NAMES[:1]),
        (GARRISON, ga.Passed(3), NAMES[:3]),
        (GUARDS, gd.Escaped(1), NAMES[:1]),
    ],
)
def test_bad_input_raises_argument_errors(
    game: Game, event: Any, too_few: tuple[str, ...]
) -> None:
    assert isinstance(game, Narrated)
    with pytest.raises(ArgumentError, match="not a") as raised:
        game.describe_event("Passed", NAMES[:2])
    assert raised.value.path == "event"
    with pytest.raises(ArgumentError) as raised:
        game.describe_event(event, too_few)  # names no seat the event names
    assert raised.value.path in ("event", "names")
    for names in ("AB", ("Alba", 2), NAMES * 3, ()):
        with pytest.raises(ArgumentError) as raised:
            game.describe_event(event, names)  # type: ignore[arg-type]
        assert raised.value.path == "names"


def test_a_thief_action_the_heist_does_not_know_is_refused() -> None:
    with pytest.raises(ArgumentError) as raised:
        GUARDS.describe_event(gd.ThiefActed(0, "fly"), NAMES[:1])
    assert raised.value.path == "event"


def test_the_toy_game_is_not_narrated() -> None:
    assert not isinstance(TOY_GAME, Narrated)
    assert all(isinstance(game, Narrated) for game in GAMES.values())
