"""Checks to run against your own bots, frontends and ports of guarda.

Each check returns None when all is well and raises a
[CheckError][guarda.errors.CheckError] (an ``AssertionError`` too) saying what differs
and where (``path``), or a [GuardaError][guarda.errors.GuardaError] when its input is
malformed (a document that does not load, say):

- [check_round_trip][guarda.testing.check_round_trip]: a value, or a document your program
  wrote, comes back the same through guarda's documents and notation;
- [check_view][guarda.testing.check_view]: a view (yours, or a document you received)
  is exactly the view guarda derives from the state, and shows no secret;
- [check_no_hidden_information][guarda.testing.check_no_hidden_information]: whatever you
  show a player does not depend on what that player may not see (R28, R29);
- [check_card_conservation][guarda.testing.check_card_conservation]: every card of every
  deck is in exactly one place;
- [check_determinism][guarda.testing.check_determinism] and
  [check_repeatable][guarda.testing.check_repeatable]: the same seed and actions give the
  same game (R30), and your function gives the same result every time.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

import guarda
from guarda import (
    Action,
    Config,
    EventLog,
    GameRecord,
    GameState,
    PlayerView,
)
from guarda.errors import (
    ArgumentError,
    CardConservationError,
    DeterminismError,
    HiddenInformationError,
    RoundTripError,
    ViewMismatchError,
)
from guarda.testing._hidden import hidden_variant
from guarda.testing._text_diff import text_difference

__all__ = [
    "check_card_conservation",
    "check_determinism",
    "check_no_hidden_information",
    "check_repeatable",
    "check_round_trip",
    "check_view",
    "difference",
]

T = TypeVar("T")

_SECRET_KINDS = (GameState, GameRecord)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 300 else text[:300] + "..."


def _join(root: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{root}[{key}]"
    return f"{root}.{key}" if root else key


def difference(expected: Any, got: Any, root: str = "") -> tuple[str, Any, Any] | None:
    """The first place where two values differ: ``(path, expected part, got part)``.

    Walks attrs values field by field, mappings key by key and sequences item by item;
    None when they are equal.

    Examples:
        >>> import guarda
        >>> difference(guarda.Attack(("V1",)), guarda.Attack(("V2",)))
        ('cards[0]', 'V1', 'V2')
        >>> difference([1, 2], [1, 2]) is None
        True
    """
    if expected == got and type(expected) is type(got):
        return None
    if attrs.has(type(expected)) and type(expected) is type(got):
        for field in attrs.fields(type(expected)):
            found = difference(
                getattr(expected, field.name), getattr(got, field.name), _join(root, field.name)
            )
            if found is not None:
                return found
    if isinstance(expected, Mapping) and isinstance(got, Mapping):
        for key in expected:
            if key not in got:
                return _join(root, str(key)), expected[key], "(missing)"
            found = difference(expected[key], got[key], _join(root, str(key)))
            if found is not None:
                return found
        for key in got:
            if key not in expected:
                return _join(root, str(key)), "(no such key)", got[key]
    is_sequence = isinstance(expected, (list, tuple, EventLog)) and isinstance(
        got, (list, tuple, EventLog)
    )
    if is_sequence:
        want, have = list(expected), list(got)
        for index, (one, other) in enumerate(zip(want, have, strict=False)):
            found = difference(one, other, _join(root, index))
            if found is not None:
                return found
        if len(want) != len(have):
            index = min(len(want), len(have))
            return (
                _join(root, index),
                want[index] if index < len(want) else "(the end)",
                have[index] if index < len(have) else "(the end)",
            )
    return root or "value", expected, got


def _fail(
    error: type[Exception],
    what: str,
    found: tuple[str, Any, Any],
    rule: str | None,
    whole: tuple[Any, Any] | None = None,
) -> None:
    """Raise ``error`` for the difference ``found``; texts (the differing parts, or
    ``whole``, the values compared, when those are strings or lists of lines) are shown
    where they first differ."""
    path, expected, got = found
    texts = text_difference(*whole) if whole is not None else None
    texts = texts or text_difference(expected, got)
    if texts is not None:
        raise error(f"{what}: {texts}", path=path, rule=rule)  # type: ignore[call-arg]
    raise error(f"{what}: expected {_short(expected)}, got {_short(got)}", path=path, rule=rule)  # type: ignore[call-arg]


# -- round trips ---------------------------------------------------------------------------


def _document_data(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except ValueError as error:
        raise guarda.DocumentError(f"not JSON: {error}") from error


def _check_document_text(text: str | bytes, cls: Any) -> None:
    value = guarda.loads(text, cls)
    given = _document_data(text)
    notation = (
        isinstance(value, GameRecord)
        and isinstance(given.get("data"), Mapping)
        and any(isinstance(action, str) for action in given["data"].get("actions", []))
    )
    again = _document_data(
        guarda.dumps(value, secrets=isinstance(value, _SECRET_KINDS), notation=notation)
    )
    found = difference(given, again)
    if found is not None:
        _fail(
            RoundTripError, "guarda reads the document but writes it back otherwise", found, None
        )


def check_round_trip(value: Any, cls: Any = None) -> None:
    """A value, or a document text, comes back the same from guarda's documents and notation.

    For a value (configuration, state, action, event, view, outcome, record, seat record):
    ``loads(dumps(value)) == value``; for an action also ``parse_action(format_action(a))
    == a``, for a record also its notation form, for a state also its position notation
    (without the log). For a document text your program wrote: guarda loads it (as
    ``cls``, if given) and writes exactly the same JSON data back, so the document is
    canonical (the current format version, sorted card lists, every field given, a ruleset
    a preset makes written as the preset's call).

    Raises:
        RoundTripError: Naming the first field that differs.
        DocumentError: If the text is not a valid document.

    Examples:
        >>> import guarda
        >>> check_round_trip(guarda.new_game(guarda.grda(), seed=1))
        >>> check_round_trip('{"format":"guarda","version":2,"kind":"action",'
        ...                  '"data":{"type":"Attack","cards":["V2","H1"]}}')
        Traceback (most recent call last):
        ...
        guarda.errors.RoundTripError: data.cards[0]: guarda reads the document but writes it back otherwise: expected 'V2', got 'H1'
    """  # noqa: E501
    if isinstance(value, (str, bytes)):
        _check_document_text(value, cls)
        return
    secrets = isinstance(value, _SECRET_KINDS)
    loaded = guarda.loads(
        guarda.dumps(value, secrets=secrets), type(value) if cls is None else cls
    )
    found = difference(value, loaded)
    if found is not None:
        _fail(RoundTripError, "the value does not come back from its document", found, None)
    if isinstance(value, GameRecord):
        text = guarda.dumps(value, secrets=True, notation=True)
        found = difference(value, guarda.loads(text, GameRecord))
        if found is not None:
            _fail(RoundTripError, "the record does not come back from notation", found, None)
    if isinstance(value, Action):
        found = difference(value, guarda.parse_action(guarda.format_action(value)))
        if found is not None:
            _fail(RoundTripError, "the action does not come back from notation", found, None)
    if isinstance(value, GameState):
        parsed = guarda.parse_position(guarda.format_position(value), value.config)
        found = difference(attrs.evolve(value, log=EventLog(())), parsed)
        if found is not None:
            _fail(
                RoundTripError, "the state does not come back from position notation", found, None
            )


# -- views -------------------------------------------------------------------------------


def _as_view(view: PlayerView | str | bytes | Mapping[str, Any]) -> PlayerView:
    if isinstance(view, PlayerView):
        return view
    if isinstance(view, Mapping):
        return guarda.loads(json.dumps(view), PlayerView)
    if isinstance(view, (str, bytes)):
        return guarda.loads(view, PlayerView)
    raise ArgumentError(f"not a view or a view document: {_short(view)}", path="view")


def _check_secrets_shown(view: PlayerView) -> None:
    viewer = view.player
    for index, event in enumerate(view.events):
        if not guarda.is_private(event) or event.player == viewer:  # type: ignore[union-attr]
            continue
        for name in type(event).secret:  # type: ignore[union-attr]
            value = getattr(event, name)
            if value is not None:
                whom = "a spectator" if viewer is None else f"player {viewer}"
                raise HiddenInformationError(
                    f"a {type(event).__name__} of player {event.player} shows its {name} "  # type: ignore[union-attr]
                    f"{_short(value)} to {whom}",
                    path=f"events[{index}].{name}",
                    rule="R28",
                )
    if viewer is None:
        for name in ("hand", "guard", "discard_hidden", "draw_pile_cards", "legal_actions"):
            if getattr(view, name):
                raise HiddenInformationError(
                    f"a spectator's view shows {_short(getattr(view, name))}",
                    path=name,
                    rule="R28",
                )


def check_view(view: PlayerView | str | bytes | Mapping[str, Any], state: GameState) -> None:
    """A view is exactly the view guarda derives from ``state``, and shows no secret.

    Use it on the view your frontend builds (from events, say) or on a view document your
    server sends, against the state the server holds, re-derived or replayed.

    Args:
        view: A [PlayerView][guarda.PlayerView], or a view document (text or data).
        state: The full state; the view's ``player`` says whose view it is.

    Raises:
        HiddenInformationError: If the view shows another player's secret (an event's
            hidden cards, or a spectator's hand).
        ViewMismatchError: Naming the first field that differs from guarda's view.
        DocumentError: If a document is not a valid view document.

    Examples:
        >>> import attrs, guarda
        >>> state = guarda.new_game(guarda.modern(), seed=3)
        >>> while state.phase is not guarda.Phase.MOVE:
        ...     state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
        >>> check_view(guarda.dumps(guarda.view(state, 1)), state)
        >>> wrong = attrs.evolve(guarda.view(state, 1), hand=state.players[0].hand)
        >>> check_view(wrong, state)
        Traceback (most recent call last):
        ...
        guarda.errors.ViewMismatchError: hand[0]: the view differs from guarda's view of the state: expected 'ALL', got 'H2' (R28)
        >>> leaky = attrs.evolve(guarda.view(state, 1), events=state.events)
        >>> check_view(leaky, state)
        Traceback (most recent call last):
        ...
        guarda.errors.HiddenInformationError: events[10].cards: a CardsDrawn of player 0 shows its cards ('H2', 'H4', 'V3', 'V5', 'X') to player 1 (R28)
    """  # noqa: E501
    if not isinstance(state, GameState):
        raise ArgumentError(f"not a GameState: {_short(state)}", path="state")
    shown = _as_view(view)
    _check_secrets_shown(shown)
    expected = guarda.view(state, shown.player)
    found = difference(expected, shown)
    if found is not None:
        _fail(ViewMismatchError, "the view differs from guarda's view of the state", found, "R28")


def _default_render(state: GameState, player: int | None) -> Any:
    return json.loads(guarda.dumps(guarda.view(state, player)))


def check_no_hidden_information(
    state: GameState,
    player: int | None,
    render: Callable[[GameState, int | None], Any] | None = None,
    *,
    variants: int = 4,
    seed: int = 0,
) -> None:
    """What ``render`` shows ``player`` does not depend on what ``player`` may not see.

    ``render(state, player)`` is whatever your program sends or shows a player: a view
    document, a message, a picture as text. It is called on ``state`` and on
    ``variants`` [hidden variants][guarda.testing.hidden_variant] of it (the other players'
    hands, guards, face-down discards, draw piles, private events and the random state
    dealt anew), and every result must be equal (R29). Results that are JSON text are
    compared as JSON, so the difference can name a field.

    Args:
        state: A state.
        player: The player, or None for a spectator.
        render: What your program shows; by default guarda's own view document.
        variants: How many variants to try.
        seed: Seeds the variants.

    Raises:
        HiddenInformationError: Naming where the results differ.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.grda(), seed=4)
        >>> while state.phase is not guarda.Phase.MOVE:
        ...     state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
        >>> check_no_hidden_information(state, 0)
        >>> def leaky(state, player):
        ...     return {"sizes": [len(p.hand) for p in state.players], "hands": [p.hand for p in state.players]}
        >>> check_no_hidden_information(state, 0, leaky)
        Traceback (most recent call last):
        ...
        guarda.errors.HiddenInformationError: hands[1][0]: what player 0 is shown depends on what they may not see: expected 'H1', got 'V1' (R29)
    """  # noqa: E501
    if not isinstance(variants, int) or isinstance(variants, bool) or variants < 1:
        raise ArgumentError(f"variants must be at least 1, not {variants!r}", path="variants")
    if render is not None and not callable(render):
        raise ArgumentError(f"render must be callable, not {_short(render)}", path="render")
    show = _default_render if render is None else render
    if not isinstance(state, GameState):
        raise ArgumentError(f"not a GameState: {_short(state)}", path="state")
    guarda.view(state, player)  # refuses a player who is not in the game
    shown = _comparable(show(state, player))
    for number in range(variants):
        variant = hidden_variant(state, player, seed + number)
        other = _comparable(show(variant, player))
        found = difference(shown, other)
        if found is not None:
            whom = "a spectator" if player is None else f"player {player}"
            _fail(
                HiddenInformationError,
                f"what {whom} is shown depends on what they may not see",
                found,
                "R29",
                whole=(shown, other),
            )


def _comparable(value: Any) -> Any:
    if isinstance(value, (str, bytes)):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


# -- cards -------------------------------------------------------------------------------


def _deck(config: Config) -> Counter[str]:
    return Counter({name: config.copies(name) for name in config.card_names})


def _zones_of(player: Any, names: Sequence[str]) -> dict[str, tuple[str, ...]]:
    zones = {name: tuple(getattr(player, name)) for name in names}
    guard = player.guard
    if guard is not None and hasattr(guard, "card"):
        zones["guard"] = (guard.card,)
    return zones


def _check_cards(config: Config, zones: dict[str, tuple[str, ...]], path: str) -> None:
    deck = _deck(config)
    held: Counter[str] = Counter()
    for cards in zones.values():
        held.update(cards)
    for name in sorted(set(held) | set(deck)):
        if held[name] != deck[name]:
            where = ", ".join(
                f"{zone} {cards.count(name)}" for zone, cards in zones.items() if name in cards
            )
            raise CardConservationError(
                f"{held[name]} copies of {name} ({where or 'nowhere'}), but the deck holds "
                f"{deck[name]}",
                path=path,
                rule="R3",
            )


_STATE_ZONES = ("draw_pile", "hand", "discard_known", "discard_hidden", "in_play")


def _check_view_cards(view: PlayerView) -> None:
    config = view.config
    for index, public in enumerate(view.players):
        held = (
            public.hand_size
            + public.draw_pile_size
            + public.discard_size
            + len(public.in_play)
            + (public.guard is not None)
        )
        if held != config.deck_size:
            raise CardConservationError(
                f"the public sizes add up to {held} cards, not the deck's {config.deck_size}",
                path=f"players[{index}]",
                rule="R3",
            )
    me = view.me
    if me is None:
        return
    zones = {
        "hand": view.hand,
        "draw_pile_cards": view.draw_pile_cards,
        "discard_known": me.discard_known,
        "discard_hidden": view.discard_hidden,
        "in_play": me.in_play,
    }
    if view.guard is not None:
        zones["guard"] = (view.guard.card,)
    _check_cards(config, zones, f"players[{view.player}]")


def check_card_conservation(position: GameState | PlayerView | str | bytes) -> None:
    """Every card of every deck is in exactly one place.

    For a state (or a state document): each player's draw pile, hand, guard, discards
    and face-up cards hold exactly one deck. For a view (or a view document): every
    player's public sizes add up to the deck, and the viewer's own cards are exactly it.

    Raises:
        CardConservationError: Naming the player and the card that is missing or extra.
        DocumentError: If a document is not a valid state or view document.

    Examples:
        >>> import attrs, guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> check_card_conservation(state)
        >>> check_card_conservation(guarda.view(state, 1))
        >>> player = state.players[0]
        >>> extra = attrs.evolve(player, draw_pile=player.draw_pile + ("X",))
        >>> check_card_conservation(attrs.evolve(state, players=(extra, state.players[1])))
        Traceback (most recent call last):
        ...
        guarda.errors.CardConservationError: players[0]: 5 copies of X (draw_pile 5), but the deck holds 4 (R3)
    """  # noqa: E501
    if isinstance(position, (str, bytes)):
        position = guarda.loads(position)
    if isinstance(position, PlayerView):
        _check_view_cards(position)
        return
    if not isinstance(position, GameState):
        raise ArgumentError(f"not a state or a view: {_short(position)}", path="position")
    for index, player in enumerate(position.players):
        _check_cards(position.config, _zones_of(player, _STATE_ZONES), f"players[{index}]")


# -- determinism -------------------------------------------------------------------------


def check_repeatable(function: Callable[[], T], *, runs: int = 2) -> T:
    """``function()`` gives equal results every time it is called (R30 for your code).

    Use it on a bot with a seeded random source, a game loop, a renderer.

    Returns:
        The first result.

    Raises:
        DeterminismError: Naming the run and the first place where its result differs.

    Examples:
        >>> import guarda
        >>> state = check_repeatable(lambda: guarda.new_game(guarda.modern(), seed=9))
        >>> import itertools
        >>> counter = itertools.count()
        >>> check_repeatable(lambda: [next(counter)])
        Traceback (most recent call last):
        ...
        guarda.errors.DeterminismError: [0]: run 2 differs from run 1: expected 0, got 1 (R30)
    """
    if not isinstance(runs, int) or runs < 2:
        raise ArgumentError(f"runs must be an integer of at least 2, not {runs!r}", path="runs")
    first = function()
    for run in range(2, runs + 1):
        found = difference(first, function())
        if found is not None:
            _fail(DeterminismError, f"run {run} differs from run 1", found, "R30")
    return first


_DIGESTS = """
import hashlib, sys
import guarda

def digest(state, events):
    text = guarda.dumps(state, secrets=True) + "".join(guarda.dumps(e) for e in events)
    return hashlib.sha256(text.encode()).hexdigest()

record = guarda.loads(sys.stdin.read(), guarda.GameRecord)
state = guarda.new_game(record.config, record.seed)
print(digest(state, ()))
for action in record.actions:
    state, events = guarda.apply(state, action)
    print(digest(state, events))
"""
"""Replays a record read from standard input and prints a digest of every step."""


def _digest(state: GameState, events: Iterable[guarda.Event]) -> str:
    text = guarda.dumps(state, secrets=True) + "".join(guarda.dumps(e) for e in events)
    return hashlib.sha256(text.encode()).hexdigest()


def _steps(record: GameRecord) -> list[tuple[GameState, tuple[guarda.Event, ...]]]:
    state = guarda.new_game(record.config, record.seed)
    steps: list[tuple[GameState, tuple[guarda.Event, ...]]] = [(state, ())]
    for action in record.actions:
        state, events = guarda.apply(state, action)
        steps.append((state, events))
    return steps


def check_determinism(record: GameRecord, *, fresh_process: bool = False) -> None:
    """The same configuration, seed and actions give the same game every time (R30).

    Plays the record twice and compares every state and the events of every step; with
    ``fresh_process`` it also replays the record in a new Python interpreter with another
    string-hash seed and compares a digest of every step, so nothing that varies between
    processes (hash order, object addresses) can leak into the game.

    Raises:
        DeterminismError: Naming the ply and what differs.
        IllegalActionError: If an action of the record is not legal.

    Examples:
        >>> import guarda
        >>> recorder = guarda.Recorder(guarda.grda(), seed=5)
        >>> for _ in range(12):
        ...     _ = recorder.apply(guarda.legal_actions(recorder.state)[-1])
        >>> check_determinism(recorder.record())
    """
    if not isinstance(record, GameRecord):
        raise ArgumentError(f"not a GameRecord: {_short(record)}", path="record")
    first, second = _steps(record), _steps(record)
    for ply, (one, other) in enumerate(zip(first, second, strict=True)):
        found = difference(one, other, f"ply {ply}")
        if found is not None:
            _fail(DeterminismError, "the replays differ", found, "R30")
    if not fresh_process:
        return
    here = [_digest(state, events) for state, events in first]
    env = {**os.environ, "PYTHONHASHSEED": "2024", "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", _DIGESTS],
        input=guarda.dumps(record, secrets=True),
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        raise DeterminismError(
            f"the replay in a fresh process failed: {done.stderr.strip()[-500:]}", rule="R30"
        )
    there = done.stdout.split()
    for ply, (mine, theirs) in enumerate(zip(here, there, strict=False)):
        if mine != theirs:
            raise DeterminismError(
                "a fresh process gives another state or other events",
                path=f"ply {ply}",
                rule="R30",
            )
    if len(here) != len(there):
        raise DeterminismError(
            f"a fresh process replayed {len(there)} steps, not {len(here)}", rule="R30"
        )
