"""Versioned JSON documents of Garrison's values: configurations, states, views, actions,
events and records.

Every document is an object ``{"format": "garrison", "version": 1, "kind": ..., ...}``.
Cards are written by name (``"7H"``), actions in [notation][guarda.games.garrison.parse_action].
Loading checks every field and names the offending one in a
[`DocumentError`][guarda.DocumentError].

Examples:
    >>> from guarda.games.garrison import GarrisonConfig, dumps, loads
    >>> dumps(GarrisonConfig())
    '{"format":"garrison","version":1,"kind":"config","players":2,"length":"quick","turn_limit":300}'
    >>> loads(dumps(GarrisonConfig())) == GarrisonConfig()
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

import attrs

from guarda.errors import ArgumentError, DocumentError, GuardaError, UnsupportedVersionError
from guarda.games.garrison._actions import (
    Agitate,
    Besiege,
    Cancel,
    ClearMarket,
    Discard,
    EndTurn,
    Fend,
    GarrisonAction,
    Pass,
    Rebuild,
    Seduce,
    Smuggle,
    Trade,
    Upgrade,
)
from guarda.games.garrison._cards import CARDS, card_name, parse_card
from guarda.games.garrison._config import GarrisonConfig
from guarda.games.garrison._events import (
    Agitated,
    Besieged,
    DeckReshuffled,
    DisasterStruck,
    Discarded,
    Drew,
    EndedTurn,
    FendedOff,
    GameEnded,
    KeepFell,
    MarketCleared,
    MarketDealt,
    Passed,
    Rebuilt,
    Seduced,
    Smuggled,
    SpyCancelled,
    SpyPlayed,
    StartedTurn,
    Traded,
    Upgraded,
)
from guarda.games.garrison._notation import format_action, parse_action
from guarda.games.garrison._records import GarrisonRecord
from guarda.games.garrison._state import PHASES, GarrisonState, Keep, Pending
from guarda.games.garrison._views import GarrisonView

__all__ = ["FORMAT", "VERSION", "dumps", "loads"]

FORMAT: Final = "garrison"
"""The ``format`` field of every Garrison document."""
VERSION: Final = 1
"""The document version this release writes and reads."""

_ACTIONS: Final = (
    Upgrade,
    Trade,
    Besiege,
    Fend,
    Rebuild,
    Discard,
    EndTurn,
    Agitate,
    Smuggle,
    ClearMarket,
    Seduce,
    Cancel,
    Pass,
)


_EVENTS: Final[dict[str, Any]] = {
    cls.__name__: cls
    for cls in (
        StartedTurn,
        MarketDealt,
        DeckReshuffled,
        Drew,
        Upgraded,
        Traded,
        Besieged,
        FendedOff,
        Rebuilt,
        Discarded,
        SpyPlayed,
        SpyCancelled,
        Passed,
        Agitated,
        Smuggled,
        MarketCleared,
        Seduced,
        DisasterStruck,
        KeepFell,
        EndedTurn,
        GameEnded,
    )
}


def _plain(value: object) -> object:
    """An event's field as JSON: tuples become lists."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _frozen(value: object, path: str) -> object:
    """A JSON event field back as a value: lists become tuples; only numbers and null."""
    if isinstance(value, list):
        return tuple(_frozen(item, f"{path}[{i}]") for i, item in enumerate(value))
    if value is None or type(value) in (int, float):
        return value
    raise DocumentError(f"expected a number, a list or null, not {value!r}", path=path)


def _names(cards: tuple[int | None, ...]) -> list[str | None]:
    return [None if card is None else card_name(card) for card in cards]


def _keep(keep: Keep) -> dict[str, Any]:
    return {
        "court": _names(keep.court),
        "fallen": _names(keep.fallen),
        "garrison": _names(keep.garrison),
        "siege": _names(keep.siege),
    }


def _config(config: GarrisonConfig) -> dict[str, Any]:
    return {"players": config.players, "length": config.length, "turn_limit": config.turn_limit}


def _pending(pending: Pending | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    spy = None if pending.spy is None else format_action(pending.spy)
    return {"player": pending.player, "spy": spy}


def _common(value: GarrisonState | GarrisonView) -> dict[str, Any]:
    return {
        "config": _config(value.config),
        "discard": _names(value.discard),
        "market": _names(value.market),
        "shown": [_names(cards) for cards in value.shown],
        "keeps": [_keep(keep) for keep in value.keeps],
        "turn_player": value.turn_player,
        "turns": value.turns,
        "phase": value.phase,
        "actor": value.actor,
        "pending": _pending(value.pending),
        "window": list(value.window),
        "took_from_pile": value.took_from_pile,
        "reshuffles": value.reshuffles,
        "winner": value.winner,
        "scores": None if value.scores is None else list(value.scores),
    }


def dumps(value: object) -> str:
    """The JSON document of a configuration, state, view, action, event or record.

    A state's document holds its secrets (the deck and every hand); share views instead.

    Raises:
        ArgumentError: If ``value`` is none of these.

    Examples:
        >>> from guarda.games.garrison import EndTurn
        >>> dumps(EndTurn())
        '{"format":"garrison","version":1,"kind":"action","action":"end"}'
    """
    head: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if isinstance(value, GarrisonConfig):
        body = {"kind": "config", **_config(value)}
    elif isinstance(value, _ACTIONS):
        body = {"kind": "action", "action": format_action(value)}
    elif isinstance(value, GarrisonState):
        body = {
            "kind": "state",
            "key": value.key,
            "deck": _names(value.deck),
            "hands": [_names(hand) for hand in value.hands],
            **_common(value),
        }
    elif isinstance(value, GarrisonView):
        body = {
            "kind": "view",
            "player": value.player,
            "deck_size": value.deck_size,
            "hand": _names(value.hand),
            "hand_sizes": list(value.hand_sizes),
            "legal_actions": [format_action(action) for action in value.legal_actions],
            **_common(value),
        }
    elif _EVENTS.get(type(value).__name__) is type(value):
        cls: Any = type(value)
        fields = {f.name: _plain(getattr(value, f.name)) for f in attrs.fields(cls)}
        body = {"kind": "event", "event": cls.__name__, "fields": fields}
    elif isinstance(value, GarrisonRecord):
        body = {
            "kind": "record",
            "config": _config(value.config),
            "seed": value.seed,
            "salt": value.salt,
            "actions": [format_action(action) for action in value.actions],
            "names": list(value.names),
        }
    else:
        raise ArgumentError(
            f"cannot write a {type(value).__name__} as Garrison JSON", path="value"
        )
    return json.dumps(head | body, separators=(",", ":"))


# Reading


def _field(data: dict[str, Any], key: str, path: str) -> Any:
    if key not in data:
        raise DocumentError(f"missing field {key!r}", path=f"{path}.{key}")
    return data[key]


def _object(value: object, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DocumentError(f"expected an object, not {value!r}", path=path)
    return value


def _int(value: object, path: str, *, null: bool = False) -> Any:
    if value is None and null:
        return None
    if type(value) is not int:
        raise DocumentError(f"expected an integer, not {value!r}", path=path)
    return value


def _list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise DocumentError(f"expected a list, not {value!r}", path=path)
    return value


def _card(value: object, path: str) -> int:
    if not isinstance(value, str):
        raise DocumentError(f"expected a card name, not {value!r}", path=path)
    try:
        return parse_card(value)
    except GuardaError:
        raise DocumentError(f"not a card: {value!r}", path=path) from None


def _cards(value: object, path: str) -> tuple[int, ...]:
    return tuple(_card(item, f"{path}[{i}]") for i, item in enumerate(_list(value, path)))


def _action(value: object, path: str) -> GarrisonAction:
    if not isinstance(value, str):
        raise DocumentError(f"expected an action in notation, not {value!r}", path=path)
    try:
        return parse_action(value)
    except GuardaError as error:
        raise DocumentError(error.message, path=path) from None


def _read_config(data: object, path: str) -> GarrisonConfig:
    fields = _object(data, path)
    players = _int(_field(fields, "players", path), f"{path}.players")
    length = _field(fields, "length", path)
    limit = _int(_field(fields, "turn_limit", path), f"{path}.turn_limit")
    try:
        return GarrisonConfig(players, length, limit)
    except GuardaError as error:
        field = (error.path or "").rsplit(".", 1)[-1]
        raise DocumentError(error.message, path=f"{path}.{field}") from None


def _read_keep(data: object, path: str) -> Keep:
    fields = _object(data, path)
    rows = {
        name: _cards(_field(fields, name, path), f"{path}.{name}")
        for name in ("court", "fallen", "garrison", "siege")
    }
    return Keep(**rows)


def _read_pending(data: object, path: str) -> Pending | None:
    if data is None:
        return None
    fields = _object(data, path)
    player = _int(_field(fields, "player", path), f"{path}.player")
    spy = _field(fields, "spy", path)
    if spy is None:
        return Pending(player)
    action = _action(spy, f"{path}.spy")
    if not isinstance(action, Agitate | Smuggle | Seduce):
        raise DocumentError("a pending spy is agitate, smuggle or seduce", path=f"{path}.spy")
    return Pending(player, action)


def _read_common(data: dict[str, Any]) -> dict[str, Any]:
    config = _read_config(_field(data, "config", "$"), "$.config")
    players = config.players
    market = tuple(
        None if item is None else _card(item, f"$.market[{i}]")
        for i, item in enumerate(_list(_field(data, "market", "$"), "$.market"))
    )
    if len(market) != 3:
        raise DocumentError("the market has three spaces", path="$.market")
    shown = tuple(
        tuple(sorted(_cards(item, f"$.shown[{i}]")))
        for i, item in enumerate(_list(_field(data, "shown", "$"), "$.shown"))
    )
    keeps = tuple(
        _read_keep(item, f"$.keeps[{i}]")
        for i, item in enumerate(_list(_field(data, "keeps", "$"), "$.keeps"))
    )
    for name, rows in (("shown", shown), ("keeps", keeps)):
        if len(rows) != players:
            raise DocumentError(f"expected {players} entries", path=f"$.{name}")
    phase = _field(data, "phase", "$")
    if phase not in PHASES:
        raise DocumentError(f"phase must be one of {', '.join(PHASES)}", path="$.phase")
    turn_player = _int(_field(data, "turn_player", "$"), "$.turn_player")
    actor = _int(_field(data, "actor", "$"), "$.actor", null=True)
    window = tuple(
        _int(item, f"$.window[{i}]")
        for i, item in enumerate(_list(_field(data, "window", "$"), "$.window"))
    )
    seats = [("$.turn_player", turn_player), ("$.actor", actor)]
    seats.extend((f"$.window[{i}]", seat) for i, seat in enumerate(window))
    for path, seat in seats:
        if seat is not None and not 0 <= seat < players:
            raise DocumentError(f"no player {seat}", path=path)
    if (actor is None) != (phase == "over"):
        raise DocumentError("the actor is None exactly when the game is over", path="$.actor")
    took = _field(data, "took_from_pile", "$")
    if not isinstance(took, bool):
        raise DocumentError("expected true or false", path="$.took_from_pile")
    scores = _field(data, "scores", "$")
    if scores is not None:
        items = _list(scores, "$.scores")
        if len(items) != players or not all(s in (0, 0.5, 1) for s in items):
            raise DocumentError("expected a score of 0, 0.5 or 1 per player", path="$.scores")
        scores = tuple(float(s) for s in items)
    winner = _int(_field(data, "winner", "$"), "$.winner", null=True)
    if winner is not None and not 0 <= winner < players:
        raise DocumentError(f"no player {winner}", path="$.winner")
    turns = _int(_field(data, "turns", "$"), "$.turns")
    reshuffles = _int(_field(data, "reshuffles", "$"), "$.reshuffles")
    if turns < 0 or reshuffles < 0:
        raise DocumentError("counts cannot be negative", path="$.turns")
    pending = _read_pending(_field(data, "pending", "$"), "$.pending")
    if pending is not None and not 0 <= pending.player < players:
        raise DocumentError(f"no player {pending.player}", path="$.pending.player")
    return {
        "config": config,
        "discard": _cards(_field(data, "discard", "$"), "$.discard"),
        "market": market,
        "shown": shown,
        "keeps": keeps,
        "turn_player": turn_player,
        "turns": turns,
        "phase": phase,
        "actor": actor,
        "pending": pending,
        "window": window,
        "took_from_pile": took,
        "reshuffles": reshuffles,
        "winner": winner,
        "scores": scores,
    }


def _read_state(data: dict[str, Any]) -> GarrisonState:
    common = _read_common(data)
    key = _field(data, "key", "$")
    if not isinstance(key, str):
        raise DocumentError("expected a string", path="$.key")
    deck = _cards(_field(data, "deck", "$"), "$.deck")
    hands = tuple(
        tuple(sorted(_cards(item, f"$.hands[{i}]")))
        for i, item in enumerate(_list(_field(data, "hands", "$"), "$.hands"))
    )
    if len(hands) != common["config"].players:
        raise DocumentError(f"expected {common['config'].players} hands", path="$.hands")
    every = [*deck, *common["discard"], *(c for c in common["market"] if c is not None)]
    for hand in hands:
        every.extend(hand)
    for keep in common["keeps"]:
        every.extend((*keep.court, *keep.fallen, *keep.garrison, *keep.siege))
    if sorted(every) != list(CARDS):
        raise DocumentError("every card must be in exactly one place", path="$")
    for seat, (hand, shown) in enumerate(zip(hands, common["shown"], strict=True)):
        if not set(shown) <= set(hand):
            raise DocumentError("a shown card must be in the hand", path=f"$.shown[{seat}]")
    return GarrisonState(key=key, deck=deck, hands=hands, **common)


def _read_view(data: dict[str, Any]) -> GarrisonView:
    common = _read_common(data)
    players = common["config"].players
    player = _int(_field(data, "player", "$"), "$.player", null=True)
    if player is not None and not 0 <= player < players:
        raise DocumentError(f"no player {player}", path="$.player")
    sizes = tuple(
        _int(item, f"$.hand_sizes[{i}]")
        for i, item in enumerate(_list(_field(data, "hand_sizes", "$"), "$.hand_sizes"))
    )
    if len(sizes) != players or any(not 0 <= size <= 3 for size in sizes):
        raise DocumentError("expected a hand size of 0 to 3 per player", path="$.hand_sizes")
    legal = tuple(
        _action(item, f"$.legal_actions[{i}]")
        for i, item in enumerate(_list(_field(data, "legal_actions", "$"), "$.legal_actions"))
    )
    deck_size = _int(_field(data, "deck_size", "$"), "$.deck_size")
    if not 0 <= deck_size <= 53:
        raise DocumentError("expected 0 to 53", path="$.deck_size")
    return GarrisonView(
        player=player,
        deck_size=deck_size,
        hand=tuple(sorted(_cards(_field(data, "hand", "$"), "$.hand"))),
        hand_sizes=sizes,
        legal_actions=legal,
        **common,
    )


def _read_record(data: dict[str, Any]) -> GarrisonRecord:
    config = _read_config(_field(data, "config", "$"), "$.config")
    seed = _int(_field(data, "seed", "$"), "$.seed")
    salt = _field(data, "salt", "$")
    if not isinstance(salt, str):
        raise DocumentError("expected a string", path="$.salt")
    actions = tuple(
        _action(item, f"$.actions[{i}]")
        for i, item in enumerate(_list(_field(data, "actions", "$"), "$.actions"))
    )
    names = _list(_field(data, "names", "$"), "$.names")
    if not all(isinstance(name, str) for name in names):
        raise DocumentError("expected strings", path="$.names")
    return GarrisonRecord(config, seed, actions, salt, tuple(names))


def _read_event(data: dict[str, Any]) -> object:
    name = _field(data, "event", "$")
    cls = _EVENTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise DocumentError(f"not a Garrison event: {name!r}", path="$.event")
    fields = _object(_field(data, "fields", "$"), "$.fields")
    names = [f.name for f in attrs.fields(cls)]
    if sorted(fields) != sorted(names):
        raise DocumentError(f"{name} has the fields {', '.join(names)}", path="$.fields")
    return cls(**{key: _frozen(fields[key], f"$.fields.{key}") for key in names})


_READERS: Final[dict[str, Callable[[dict[str, Any]], object]]] = {
    "config": lambda data: _read_config(data, "$"),
    "action": lambda data: _action(_field(data, "action", "$"), "$.action"),
    "state": _read_state,
    "view": _read_view,
    "record": _read_record,
    "event": _read_event,
}


def loads(text: str | bytes) -> Any:
    """The value of a document written by [`dumps`][guarda.games.garrison.dumps].

    Raises:
        DocumentError: If the text is not JSON or not a valid Garrison document, naming
            the offending field (``UnsupportedVersionError`` for another version).

    Examples:
        >>> loads('{"format": "garrison", "version": 1, "kind": "action", "action": "pass"}')
        Pass()
        >>> loads('{"format": "garrison", "version": 1, "kind": "config", "players": 9,'
        ...       ' "length": "quick", "turn_limit": 5}')
        Traceback (most recent call last):
        ...
        guarda.errors.DocumentError: $.players: Garrison is for 2 to 6 players, not 9
    """
    if not isinstance(text, str | bytes):
        raise DocumentError(f"a document is text, not {type(text).__name__}", path="$")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise DocumentError(f"not JSON: {error}", path="$") from None
    data = _object(data, "$")
    if data.get("format") != FORMAT:
        raise DocumentError(f"not a Garrison document (format {FORMAT!r})", path="$.format")
    if data.get("version") != VERSION:
        raise UnsupportedVersionError(
            f"version {data.get('version')!r} is not {VERSION}", path="$.version"
        )
    kind = data.get("kind")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise DocumentError(f"kind must be one of {', '.join(_READERS)}", path="$.kind")
    return reader(data)
