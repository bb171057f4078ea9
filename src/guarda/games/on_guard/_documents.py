"""Versioned JSON documents of On Guard's values: configurations, states, views, actions,
events, records.

Every value is written as an envelope ``{"format": "on-guard", "version": 1, "kind": ...,
"data": ...}``; cards are written by name (``"A"``, ``"10"``, ``"Jo"``), actions in the
[notation][guarda.games.on_guard.format_action]. An event's data names its class in
``type`` and holds its fields, cards by name (``{"type": "CardSelected", "player": 0,
"card": "K"}``). Loading refuses malformed JSON, wrong
types, unknown or missing fields, values out of range and states that cannot occur with a
[`DocumentError`][guarda.errors.DocumentError] whose ``path`` names the field, such as
``data.hands[1][3]``.

Examples:
    >>> from guarda.games.on_guard import Add, dumps, loads
    >>> dumps(Add(13))
    '{"format":"on-guard","version":1,"kind":"action","data":"K"}'
    >>> loads(dumps(Add(13)))
    Add(card=13)
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from guarda.errors import (
    ArgumentError,
    DocumentError,
    GuardaError,
    UnsupportedVersionError,
)

from ._actions import Action, Add, Done
from ._cards import CARD_NAMES, starting_hand
from ._config import OnGuardConfig
from ._determinize import determinize
from ._events import (
    BarrageBegan,
    BarrageRevealed,
    BoutEnded,
    CardSelected,
    Event,
    ExchangeScored,
    FinalAttackMade,
    GameWon,
    SelectionMade,
    SelectionsRevealed,
)
from ._legal import choices
from ._notation import format_action, parse_action
from ._records import OnGuardRecord
from ._state import PHASES, OnGuardState
from ._views import OnGuardView, view

__all__ = ["FORMAT", "FORMAT_VERSION", "KINDS", "check_state", "dumps", "loads"]

FORMAT: Final = "on-guard"
"""The ``format`` field of every On Guard document."""
FORMAT_VERSION: Final = 1
"""The version this release writes and reads."""
KINDS: Final = ("config", "state", "view", "action", "event", "record")
"""The kinds of document."""

_CODES: Final[dict[str, int]] = {name: card for card, name in CARD_NAMES.items()}

# Writing


def _names(cards: tuple[int, ...]) -> list[str]:
    return [CARD_NAMES[card] for card in cards]


def _config_data(config: OnGuardConfig) -> dict[str, Any]:
    return {"tier": config.tier, "jokers": config.jokers}


def _common(value: OnGuardState | OnGuardView) -> dict[str, Any]:
    return {
        "config": _config_data(value.config),
        "chosen": list(value.chosen),
        "discards": [_names(value.discards[0]), _names(value.discards[1])],
        "phase": value.phase,
        "actor": value.actor,
        "hits": list(value.hits),
        "barrage_hits": list(value.barrage_hits),
        "odds": value.odds,
        "turns": value.turns,
        "revealed": [_names(value.revealed[0]), _names(value.revealed[1])],
        "winner": value.winner,
    }


def _card(card: int | None) -> str | None:
    return None if card is None else CARD_NAMES[card]


def _event_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(event).__name__}
    if isinstance(event, CardSelected):
        data |= {"player": event.player, "card": CARD_NAMES[event.card]}
    elif isinstance(event, SelectionMade):
        data["player"] = event.player
    elif isinstance(event, SelectionsRevealed):
        data["selections"] = [_names(event.selections[0]), _names(event.selections[1])]
        data["ignored"] = [_card(event.ignored[0]), _card(event.ignored[1])]
    elif isinstance(event, ExchangeScored):
        for field in ("attack", "parry", "attack_hits", "riposte_hits", "hits"):
            data[field] = list(getattr(event, field))
    elif isinstance(event, BoutEnded):
        data["attacker"] = event.attacker
    elif isinstance(event, FinalAttackMade):
        data |= {"player": event.player, "cards": _names(event.cards), "scored": event.scored}
        data["hits"] = list(event.hits)
    elif isinstance(event, BarrageBegan):
        data["odds"] = event.odds
    elif isinstance(event, BarrageRevealed):
        data |= {"cards": _names(event.cards), "scorer": event.scorer}
        data["barrage_hits"] = list(event.barrage_hits)
    else:
        data |= {"winner": event.winner, "hits": list(event.hits)}
        data["barrage_hits"] = list(event.barrage_hits)
    return data


_EVENT_CLASSES: Final = (
    CardSelected,
    SelectionMade,
    SelectionsRevealed,
    ExchangeScored,
    BoutEnded,
    FinalAttackMade,
    BarrageBegan,
    BarrageRevealed,
    GameWon,
)


def _data(value: object) -> tuple[str, Any]:
    if isinstance(value, OnGuardConfig):
        return "config", _config_data(value)
    if isinstance(value, Add | Done):
        return "action", format_action(value)
    if isinstance(value, _EVENT_CLASSES):
        return "event", _event_data(value)
    if isinstance(value, OnGuardState):
        data = _common(value)
        data["hands"] = [_names(value.hands[0]), _names(value.hands[1])]
        data["selections"] = [_names(value.selections[0]), _names(value.selections[1])]
        return "state", data
    if isinstance(value, OnGuardView):
        data = _common(value)
        data["player"] = value.player
        data["hand"] = _names(value.hand)
        data["selection"] = _names(value.selection)
        data["unplayed"] = [_names(value.unplayed[0]), _names(value.unplayed[1])]
        data["legal_actions"] = [format_action(action) for action in value.legal_actions]
        return "view", data
    if isinstance(value, OnGuardRecord):
        return "record", {
            "config": _config_data(value.config),
            "seed": value.seed,
            "salt": value.salt,
            "actions": [format_action(action) for action in value.actions],
            "names": list(value.names),
        }
    raise ArgumentError(
        f"cannot write {type(value).__name__} as an On Guard document", path="value"
    )


def dumps(value: object) -> str:
    """The document of a configuration, state, view, action, event or record, as compact JSON.

    A state holds both secret selections: keep it from the players, and a
    [`CardSelected`][guarda.games.on_guard.CardSelected] event from every player but its
    own (see [`visible_events`][guarda.games.on_guard.visible_events]).

    Raises:
        ArgumentError: If ``value`` is none of those.

    Examples:
        >>> from guarda.games.on_guard import OnGuardConfig
        >>> dumps(OnGuardConfig())
        '{"format":"on-guard","version":1,"kind":"config","data":{"tier":"mezzo","jokers":false}}'
        >>> from guarda.games.on_guard import CardSelected
        >>> json.loads(dumps(CardSelected(player=1, card=11)))["data"]
        {'type': 'CardSelected', 'player': 1, 'card': 'J'}
    """
    kind, data = _data(value)
    document = {"format": FORMAT, "version": FORMAT_VERSION, "kind": kind, "data": data}
    return json.dumps(document, separators=(",", ":"))


# Reading


def _object(data: object, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise DocumentError(f"must be an object, not {data!r}", path=path)
    for key in data:
        if key not in keys:
            raise DocumentError(f"unknown field {key!r}", path=f"{path}.{key}")
    for key in keys:
        if key not in data:
            raise DocumentError("missing field", path=f"{path}.{key}")
    return data


def _int(data: object, path: str, low: int = 0, high: int = 10**9) -> int:
    if type(data) is not int or not low <= data <= high:
        raise DocumentError(f"must be an integer in {low}..{high}, not {data!r}", path=path)
    return data


def _seat(data: object, path: str, *, optional: bool = False) -> int | None:
    if data is None and optional:
        return None
    return _int(data, path, 0, 1)


def _bool(data: object, path: str) -> bool:
    if not isinstance(data, bool):
        raise DocumentError(f"must be true or false, not {data!r}", path=path)
    return data


def _list(data: object, path: str, length: int | None = None) -> list[Any]:
    if not isinstance(data, list) or (length is not None and len(data) != length):
        wanted = "a list" if length is None else f"a list of {length}"
        raise DocumentError(f"must be {wanted}, not {data!r}", path=path)
    return data


def _cards(data: object, path: str) -> tuple[int, ...]:
    cards = []
    for index, name in enumerate(_list(data, path)):
        if not isinstance(name, str) or name not in _CODES:
            raise DocumentError(f"not a card name: {name!r}", path=f"{path}[{index}]")
        cards.append(_CODES[name])
    return tuple(cards)


def _sorted_cards(data: object, path: str) -> tuple[int, ...]:
    cards = _cards(data, path)
    if list(cards) != sorted(cards):
        raise DocumentError("cards must be sorted A to 10, J, Q, K, Jo", path=path)
    return cards


def _pair(
    data: object, path: str, read: Callable[[object, str], tuple[int, ...]]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    items = _list(data, path, 2)
    return read(items[0], f"{path}[0]"), read(items[1], f"{path}[1]")


def _numbers(data: object, path: str, high: int = 10**9) -> tuple[int, int]:
    items = _list(data, path, 2)
    return _int(items[0], f"{path}[0]", 0, high), _int(items[1], f"{path}[1]", 0, high)


def _config(data: object, path: str) -> OnGuardConfig:
    raw = _object(data, path, ("tier", "jokers"))
    if not isinstance(raw["tier"], str):
        raise DocumentError(f"must be a str, not {raw['tier']!r}", path=f"{path}.tier")
    jokers = _bool(raw["jokers"], f"{path}.jokers")
    try:
        return OnGuardConfig(tier=raw["tier"], jokers=jokers)
    except GuardaError as error:
        raise DocumentError(error.message, path=f"{path}.{error.path}") from error


def _action(data: object, path: str) -> Action:
    if not isinstance(data, str):
        raise DocumentError(f"an action is written in notation, not {data!r}", path=path)
    try:
        return parse_action(data)
    except GuardaError as error:
        raise DocumentError(error.message, path=path) from error


_COMMON: Final = (
    "config",
    "chosen",
    "discards",
    "phase",
    "actor",
    "hits",
    "barrage_hits",
    "odds",
    "turns",
    "revealed",
    "winner",
)


def _common_fields(raw: dict[str, Any], path: str) -> dict[str, Any]:
    phase = raw["phase"]
    if phase not in PHASES:
        raise DocumentError(
            f"must be one of {', '.join(PHASES)}, not {phase!r}", path=f"{path}.phase"
        )
    chosen = _list(raw["chosen"], f"{path}.chosen", 2)
    return {
        "config": _config(raw["config"], f"{path}.config"),
        "chosen": (_bool(chosen[0], f"{path}.chosen[0]"), _bool(chosen[1], f"{path}.chosen[1]")),
        "discards": _pair(raw["discards"], f"{path}.discards", _sorted_cards),
        "phase": phase,
        "actor": _seat(raw["actor"], f"{path}.actor", optional=True),
        "hits": _numbers(raw["hits"], f"{path}.hits"),
        "barrage_hits": _numbers(raw["barrage_hits"], f"{path}.barrage_hits", 3),
        "odds": _seat(raw["odds"], f"{path}.odds"),
        "turns": _int(raw["turns"], f"{path}.turns"),
        "revealed": _pair(raw["revealed"], f"{path}.revealed", _cards),
        "winner": _seat(raw["winner"], f"{path}.winner", optional=True),
    }


def _check_selection(state: OnGuardState, seat: int, path: str) -> None:
    hand = list(state.unplayed(seat))
    made: list[int] = []
    for index, card in enumerate(state.selections[seat]):
        if Add(card) not in choices(state.config, state.phase, hand, made):
            raise DocumentError(
                "not a legal selection", path=f"{path}.selections[{seat}][{index}]"
            )
        made.append(card)
        hand.remove(card)
    closed = Done() in choices(state.config, state.phase, hand, made) or (
        state.phase == "barrage" and len(made) == 1
    )
    if state.chosen[seat] and not closed:
        raise DocumentError("a closed selection must be complete", path=f"{path}.chosen[{seat}]")


def check_state(state: OnGuardState, path: str = "data") -> None:
    """Raise [`DocumentError`][guarda.errors.DocumentError] if ``state`` cannot occur.

    Checked: every seat's cards are its starting hand (OG10), the phase, actor, winner
    and chosen flags agree, and the selections are legal.

    Examples:
        >>> from guarda.games.on_guard import ON_GUARD
        >>> check_state(ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)) is None
        True
    """
    config = state.config
    start = Counter(starting_hand(config.jokers, config.techniques))
    for seat in (0, 1):
        held = Counter((*state.unplayed(seat), *state.discards[seat]))
        if held != start:
            raise DocumentError(
                "cards differ from the starting hand", path=f"{path}.hands[{seat}]"
            )
    over = state.phase == "over"
    if over != (state.actor is None) or over != (state.winner is not None):
        raise DocumentError(
            "actor and winner must be null exactly when over", path=f"{path}.actor"
        )
    if state.phase != "barrage" and not over and state.barrage_hits != (0, 0):
        raise DocumentError("Barrage hits outside the Barrage", path=f"{path}.barrage_hits")
    if state.phase == "barrage" and max(state.barrage_hits) >= 3:
        raise DocumentError("the Barrage ends at 3 hits", path=f"{path}.barrage_hits")
    expected_chosen = (state.actor == 1 and state.phase in ("bout", "barrage"), False)
    if state.chosen != expected_chosen:
        raise DocumentError(f"must be {list(expected_chosen)}", path=f"{path}.chosen")
    for seat in (0, 1):
        if seat != state.actor and not state.chosen[seat] and state.selections[seat]:
            raise DocumentError(
                "only the actor or a closed selection holds cards",
                path=f"{path}.selections[{seat}]",
            )
        _check_selection(state, seat, path)
    if state.phase == "bout" and not (state.action_cards(0) and state.action_cards(1)):
        raise DocumentError(
            "a bout turn needs action cards on both sides (OG8)", path=f"{path}.phase"
        )
    if state.phase == "final":
        attacker = state.actor
        assert attacker is not None
        if state.action_cards(1 - attacker) or not state.action_cards(attacker):
            raise DocumentError(
                "a Final Attack needs exactly one seat with action cards", path=f"{path}.phase"
            )


def _state(data: object, path: str) -> OnGuardState:
    raw = _object(data, path, (*_COMMON, "hands", "selections"))
    fields = _common_fields(raw, path)
    state = OnGuardState(
        hands=_pair(raw["hands"], f"{path}.hands", _sorted_cards),
        selections=_pair(raw["selections"], f"{path}.selections", _cards),
        **fields,
    )
    check_state(state, path)
    return state


def _view(data: object, path: str) -> OnGuardView:
    keys = (*_COMMON, "player", "hand", "selection", "unplayed", "legal_actions")
    raw = _object(data, path, keys)
    fields = _common_fields(raw, path)
    legal = _list(raw["legal_actions"], f"{path}.legal_actions")
    seen = OnGuardView(
        player=_seat(raw["player"], f"{path}.player", optional=True),
        hand=_sorted_cards(raw["hand"], f"{path}.hand"),
        selection=_cards(raw["selection"], f"{path}.selection"),
        unplayed=_pair(raw["unplayed"], f"{path}.unplayed", _sorted_cards),
        legal_actions=tuple(
            _action(item, f"{path}.legal_actions[{index}]") for index, item in enumerate(legal)
        ),
        **fields,
    )
    if seen.player is not None and Counter(seen.unplayed[seen.player]) != Counter(
        (*seen.hand, *seen.selection)
    ):
        raise DocumentError(
            "hand and selection must be the viewer's unplayed cards", path=f"{path}.hand"
        )
    try:
        world = determinize(seen, random.Random(0))
        check_state(world, path)
    except (GuardaError, ValueError, IndexError) as error:
        if isinstance(error, DocumentError):
            raise
        raise DocumentError(f"a view no game can show: {error}", path=path) from error
    if view(world, seen.player) != seen:
        raise DocumentError("a view no game can show", path=path)
    return seen


def _one_card(data: object, path: str) -> int:
    if not isinstance(data, str) or data not in _CODES:
        raise DocumentError(f"not a card name: {data!r}", path=path)
    return _CODES[data]


def _card_or_none(data: object, path: str) -> int | None:
    return None if data is None else _one_card(data, path)


def _event(data: object, path: str) -> Event:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise DocumentError("an event is an object with a type", path=f"{path}.type")
    kind = data["type"]
    fields = _EVENT_FIELDS.get(kind)
    if fields is None:
        names = ", ".join(cls.__name__ for cls in _EVENT_CLASSES)
        raise DocumentError(f"type must be one of {names}, not {kind!r}", path=f"{path}.type")
    raw = _object(data, path, ("type", *fields))

    def at(field: str) -> str:
        return f"{path}.{field}"

    if kind == "CardSelected":
        player = _int(raw["player"], at("player"), 0, 1)
        return CardSelected(player, _one_card(raw["card"], at("card")))
    if kind == "SelectionMade":
        return SelectionMade(_int(raw["player"], at("player"), 0, 1))
    if kind == "SelectionsRevealed":
        ignored = _list(raw["ignored"], at("ignored"), 2)
        return SelectionsRevealed(
            _pair(raw["selections"], at("selections"), _cards),
            (
                _card_or_none(ignored[0], f"{at('ignored')}[0]"),
                _card_or_none(ignored[1], f"{at('ignored')}[1]"),
            ),
        )
    if kind == "ExchangeScored":
        return ExchangeScored(*(_numbers(raw[field], at(field)) for field in fields))
    if kind == "BoutEnded":
        return BoutEnded(_seat(raw["attacker"], at("attacker"), optional=True))
    if kind == "FinalAttackMade":
        return FinalAttackMade(
            _int(raw["player"], at("player"), 0, 1),
            _cards(raw["cards"], at("cards")),
            _int(raw["scored"], at("scored")),
            _numbers(raw["hits"], at("hits")),
        )
    if kind == "BarrageBegan":
        return BarrageBegan(_int(raw["odds"], at("odds"), 0, 1))
    if kind == "BarrageRevealed":
        cards = _list(raw["cards"], at("cards"), 2)
        return BarrageRevealed(
            (_one_card(cards[0], f"{at('cards')}[0]"), _one_card(cards[1], f"{at('cards')}[1]")),
            _int(raw["scorer"], at("scorer"), 0, 1),
            _numbers(raw["barrage_hits"], at("barrage_hits"), 3),
        )
    return GameWon(
        _int(raw["winner"], at("winner"), 0, 1),
        _numbers(raw["hits"], at("hits")),
        _numbers(raw["barrage_hits"], at("barrage_hits"), 3),
    )


_EVENT_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "CardSelected": ("player", "card"),
    "SelectionMade": ("player",),
    "SelectionsRevealed": ("selections", "ignored"),
    "ExchangeScored": ("attack", "parry", "attack_hits", "riposte_hits", "hits"),
    "BoutEnded": ("attacker",),
    "FinalAttackMade": ("player", "cards", "scored", "hits"),
    "BarrageBegan": ("odds",),
    "BarrageRevealed": ("cards", "scorer", "barrage_hits"),
    "GameWon": ("winner", "hits", "barrage_hits"),
}


def _record(data: object, path: str) -> OnGuardRecord:
    raw = _object(data, path, ("config", "seed", "salt", "actions", "names"))
    seed = raw["seed"]
    if type(seed) is not int:
        raise DocumentError(f"must be an integer, not {seed!r}", path=f"{path}.seed")
    if not isinstance(raw["salt"], str):
        raise DocumentError(f"must be a str, not {raw['salt']!r}", path=f"{path}.salt")
    actions = _list(raw["actions"], f"{path}.actions")
    names = _list(raw["names"], f"{path}.names")
    for index, name in enumerate(names):
        if not isinstance(name, str):
            raise DocumentError(f"must be a str, not {name!r}", path=f"{path}.names[{index}]")
    return OnGuardRecord(
        _config(raw["config"], f"{path}.config"),
        seed,
        tuple(_action(item, f"{path}.actions[{index}]") for index, item in enumerate(actions)),
        raw["salt"],
        tuple(names),
    )


_READERS: Final[dict[str, Callable[[object, str], Any]]] = {
    "config": _config,
    "state": _state,
    "view": _view,
    "action": _action,
    "event": _event,
    "record": _record,
}


def loads(text: str | bytes) -> Any:
    """The value of an On Guard document.

    Raises:
        DocumentError: If the text is not valid JSON or not a valid document; ``path``
            names the offending field.
        UnsupportedVersionError: For a version this release cannot read.

    Examples:
        >>> loads('{"format":"on-guard","version":1,"kind":"action","data":"done"}')
        Done()
        >>> loads('{"format":"on-guard","version":1,"kind":"action","data":"Z"}')
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        guarda.errors.DocumentError: data: not an On Guard action: 'Z' ...
    """
    if not isinstance(text, str | bytes):
        raise DocumentError(f"a document is str or bytes, not {type(text).__name__}", path="")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise DocumentError(f"not JSON: {error}", path="") from error
    raw = _object(document, "document", ("format", "version", "kind", "data"))
    if raw["format"] != FORMAT:
        raise DocumentError(f"not an On Guard document: {raw['format']!r}", path="format")
    if raw["version"] != FORMAT_VERSION:
        raise UnsupportedVersionError(
            f"version {raw['version']!r} is not supported (this release reads {FORMAT_VERSION})",
            path="version",
        )
    kind = raw["kind"]
    if kind not in _READERS:
        raise DocumentError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}", path="kind")
    return _READERS[kind](raw["data"], "data")
