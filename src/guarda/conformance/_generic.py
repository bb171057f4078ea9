"""Conformance vectors of any game behind the game protocol: their input, steps and checks.

Guarda's own vectors (no ``game`` field) are described by the rest of this package. A
vector of another game names it (``"game": "on-guard"``) and speaks only the
[game protocol][guarda.game.Game]: its configuration is the game's config document
(``game.dumps(config)``), the game starts from ``game.new_game(config, seed, salt=salt)``,
the actions are in the game's notation, and each step holds the legal actions (the game's
order), the events each seat saw and each seat's view (the game's own documents), and the
scores once the game is over. The same levels apply: ``legal``, ``outcome`` (the scores),
``views`` and ``events``.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

from guarda.conformance._reference import (
    INPUT_FORMAT,
    PROTOCOL_VERSION,
    VECTOR_FORMAT,
    compare_from,
)
from guarda.errors import DocumentError, GuardaError, IllegalActionError
from guarda.game import Game
from guarda.games import get_game

__all__ = [
    "GAME_FIELD",
    "GAME_STEP_KEYS",
    "build_game_vector",
    "check_game_vector",
    "check_steps",
    "game_document",
    "game_input_of",
    "game_kinds",
    "game_of_data",
    "game_results",
    "game_step",
    "is_game_data",
    "read_game_input",
]

GAME_FIELD: Final = "game"
"""The field that names the game of a vector or an input; Guarda's own vectors have none."""

GAME_STEP_KEYS: Final = ("ply", "action", "kinds", "legal", "events", "views", "scores")
"""The fields of a step of another game's vector."""


def is_game_data(data: object) -> bool:
    """Whether a vector or an input is of a game behind the protocol (it has ``game``).

    Examples:
        >>> is_game_data({"game": "toy"}), is_game_data({"config": {}})
        (True, False)
    """
    return isinstance(data, Mapping) and GAME_FIELD in data


def game_of_data(data: Mapping[str, Any], game: Game | None = None) -> Game:
    """The game a vector or an input names (``game``, when given, is used instead of the
    registry: a game of your own).

    Raises:
        DocumentError: If the name is not a string, or names no registered game, or not
            the game given.
    """
    name = data.get(GAME_FIELD)
    if not isinstance(name, str):
        raise DocumentError(f"the game is a game's name, not {name!r:.40}", path=GAME_FIELD)
    if game is not None:
        if game.name != name:
            raise DocumentError(f"a vector of {name!r}, not of {game.name!r}", path=GAME_FIELD)
        return game
    try:
        return get_game(name)
    except GuardaError as error:
        raise DocumentError(str(error), path=GAME_FIELD) from None


def game_document(game: Game, value: object) -> Any:
    """A value's document in ``game``'s format, as JSON data (``game.dumps``, read back).

    Examples:
        >>> from guarda.games import GUARDA
        >>> import guarda
        >>> game_document(GUARDA, guarda.Attack(("V2",)))["data"]
        {'cards': ['V2'], 'type': 'Attack'}
    """
    return json.loads(game.dumps(value))


def game_kinds(
    game: Game, before: object, action: object, after: object, events: Iterable[object]
) -> set[str]:
    """The kinds of a step, for picking vectors that cover a game: ``action:<class>``,
    ``event:<class>`` for each event (and ``event:<class>:<kind>`` for an event whose
    ``kind`` field is an enumeration, as the guards' events are), and ``end`` with
    ``end:win`` or ``end:draw`` when the game ends (a draw: no player scores 1).

    Examples:
        >>> from guarda.games import GUARDA
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> action = guarda.legal_actions(state)[0]
        >>> after, events = guarda.apply(state, action)
        >>> sorted(game_kinds(GUARDA, state, action, after, events))[:2]
        ['action:PlacePiece', 'event:PiecePlaced']
    """
    kinds = {f"action:{type(action).__name__}"}
    for event in events:
        kinds.add(f"event:{type(event).__name__}")
        tag = getattr(event, "kind", None)
        if isinstance(tag, enum.Enum):
            kinds.add(f"event:{type(event).__name__}:{tag.value}")
    scores = game.scores(after) if game.is_over(after) else None
    if scores is not None:
        kinds |= {"end", "end:win" if 1.0 in scores else "end:draw"}
    return kinds


def game_step(
    game: Game,
    config: object,
    ply: int,
    state: object,
    events: Sequence[object],
    action: object | None = None,
) -> dict[str, Any]:
    """One step of another game's results: the position ``state`` reached at ``ply``.

    Returns:
        ``{"ply", "action", "legal", "events", "views", "scores"}`` as JSON data: the
        legal actions in notation (the game's order), for each seat the events it saw
        and its view document, and the scores (a list, or null before the end).
    """
    seats = range(game.players(config))
    scores = game.scores(state) if game.is_over(state) else None
    return {
        "ply": ply,
        "action": None if action is None else game.format_action(action),
        "legal": [game.format_action(each) for each in game.legal_actions(state)],
        "events": [
            [game_document(game, event) for event in game.visible_events(events, seat)]
            for seat in seats
        ],
        "views": [game_document(game, game.view(state, seat)) for seat in seats],
        "scores": None if scores is None else [float(score) for score in scores],
    }


def _text(value: object, path: str) -> str:
    if not isinstance(value, Mapping):
        raise DocumentError(f"expected a document (an object), not {value!r:.60}", path=path)
    return json.dumps(value)


def read_game_input(
    data: Mapping[str, Any], game: Game | None = None
) -> tuple[Game, Any, Any, list[str]]:
    """The game, configuration, first state and actions (notation) of another game's input.

    Raises:
        DocumentError: If a field is missing or malformed (``path`` names it).
    """
    found = game_of_data(data, game)
    for field in ("config", "seed", "salt", "actions"):
        if field not in data:
            raise DocumentError("missing required field", path=field)
    try:
        config = found.loads(_text(data["config"], "config"))
    except GuardaError as error:
        raise DocumentError(
            f"not a config document of {found.name}: {error}", path="config"
        ) from None
    if not found.is_config(config):
        raise DocumentError(f"not a config document of {found.name}", path="config")
    seed, salt, actions = data["seed"], data["salt"], data["actions"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DocumentError(f"the seed is an integer, not {seed!r:.40}", path="seed")
    if not isinstance(salt, str):
        raise DocumentError(f"the salt is a string, not {salt!r:.40}", path="salt")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise DocumentError("expected an array of action notation strings", path="actions")
    compare_from(data)
    return found, config, found.new_game(config, seed, salt=salt), actions


def game_results(data: Mapping[str, Any], game: Game | None = None) -> Iterator[dict[str, Any]]:
    """The reference results of another game's input: one step per position, ply 0 first.

    At ply 0 the events are empty: the protocol's ``new_game`` returns the first state
    only. The results stop early at an action that is illegal, as Guarda's do.

    Raises:
        DocumentError: If the input is malformed.
        GuardaError: If an action is not valid notation (the game's ``parse_action``).
    """
    found, config, state, actions = read_game_input(data, game)
    step = game_step(found, config, 0, state, ())
    del step["action"]
    yield step
    for ply, text in enumerate(actions, start=1):
        action = found.parse_action(text, state)
        try:
            state, events = found.apply(state, action)
        except IllegalActionError:
            return
        step = game_step(found, config, ply, state, events)
        del step["action"]
        yield step


def game_input_of(vector: Mapping[str, Any]) -> dict[str, Any]:
    """The input a command reads for another game's vector.

    Examples:
        >>> sorted(game_input_of({"game": "toy", "config": {}, "seed": 1, "salt": "",
        ...     "actions": [], "compare_from": 0}))
        ['actions', 'compare_from', 'config', 'format', 'game', 'salt', 'seed', 'version']
    """
    return {
        "format": INPUT_FORMAT,
        "version": PROTOCOL_VERSION,
        GAME_FIELD: vector[GAME_FIELD],
        "config": vector["config"],
        "seed": vector["seed"],
        "salt": vector["salt"],
        "actions": vector["actions"],
        "compare_from": compare_from(vector),
    }


def build_game_vector(
    game: Game,
    name: str,
    title: str,
    config: object,
    *,
    seed: int,
    actions: Sequence[object],
    source: dict[str, Any],
    compare_from: int = 0,
    salt: str = "",
) -> tuple[dict[str, Any], set[str]]:
    """Play a game's input with the game itself and record every step from
    ``compare_from`` on (each with its kinds).

    Returns:
        The vector as JSON data, and the kinds its steps show.
    """
    state = game.new_game(config, seed, salt=salt)
    steps: list[dict[str, Any]] = []
    kinds: set[str] = set()
    if compare_from == 0:
        steps.append(_with_kinds(game_step(game, config, 0, state, ()), []))
    for ply, action in enumerate(actions, start=1):
        after, events = game.apply(state, action)
        if ply >= compare_from:
            found = game_kinds(game, state, action, after, events)
            kinds |= found
            step = game_step(game, config, ply, after, events, action)
            steps.append(_with_kinds(step, sorted(found)))
        state = after
    vector = {
        "format": VECTOR_FORMAT,
        "version": PROTOCOL_VERSION,
        GAME_FIELD: game.name,
        "id": name,
        "title": title,
        "source": source,
        "features": {GAME_FIELD: game.name, "players": game.players(config)},
        "config": game_document(game, config),
        "seed": seed,
        "salt": salt,
        "actions": [game.format_action(action) for action in actions],
        "compare_from": compare_from,
        "steps": steps,
    }
    return vector, kinds


def _with_kinds(step: dict[str, Any], kinds: list[str]) -> dict[str, Any]:
    return {"ply": step["ply"], "action": step["action"], "kinds": kinds} | {
        key: step[key] for key in ("legal", "events", "views", "scores")
    }


def check_game_vector(vector: Mapping[str, Any]) -> None:
    """Check that another game's vector has the fields comparing reads, in their shapes.

    Raises:
        DocumentError: Naming the first missing or malformed field.
    """
    for key in ("id", GAME_FIELD, "config", "seed", "salt", "actions", "steps"):
        if key not in vector:
            raise DocumentError("missing required field", path=key)
    for key in ("id", GAME_FIELD):
        if not isinstance(vector[key], str):
            raise DocumentError(f"a string, not {vector[key]!r:.60}", path=key)
    if not isinstance(vector["config"], dict):
        raise DocumentError("the configuration is a config document (an object)", path="config")
    if not isinstance(vector["actions"], list):
        raise DocumentError("the actions are an array of notation strings", path="actions")
    check_steps(vector, GAME_STEP_KEYS, ("legal", "kinds"))


def check_steps(vector: Mapping[str, Any], keys: Sequence[str], arrays: Sequence[str]) -> None:
    """Check a vector's steps: each has ``keys``, goes ply by ply from ``compare_from`` to
    the last action, has ``arrays`` as arrays and one entry per seat in events and views.

    Raises:
        DocumentError: Naming the first missing or malformed field.
    """
    first = compare_from(vector)
    steps = vector["steps"]
    if not isinstance(steps, list) or not steps:
        raise DocumentError("a vector has at least one step", path="steps")
    seats: int | None = None
    for index, step in enumerate(steps):
        where = f"steps[{index}]"
        if not isinstance(step, dict):
            raise DocumentError("a step is a JSON object", path=where)
        for key in keys:
            if key not in step:
                raise DocumentError("missing required field", path=f"{where}.{key}")
        if step["ply"] != first + index or isinstance(step["ply"], bool):
            raise DocumentError(
                f"the steps go ply by ply from compare_from ({first}): expected ply "
                f"{first + index}, not {step['ply']!r:.20}",
                path=f"{where}.ply",
            )
        if not all(isinstance(step[key], list) for key in arrays):
            raise DocumentError(f"{' and '.join(arrays)} are arrays", path=f"{where}.{arrays[0]}")
        for key in ("events", "views"):
            value = step[key]
            if not isinstance(value, list) or not value:
                raise DocumentError("one entry per seat", path=f"{where}.{key}")
            seats = len(value) if seats is None else seats
            if len(value) != seats:
                raise DocumentError(
                    f"{len(value)} entries, but the vector's steps have one per seat ({seats})",
                    path=f"{where}.{key}",
                )
        if not all(isinstance(shown, list) for shown in step["events"]):
            raise DocumentError("each seat's events are an array", path=f"{where}.events")
    if first + len(steps) - 1 != len(vector["actions"]):
        raise DocumentError(
            f"{len(steps)} steps from ply {first} do not end at the last action "
            f"(ply {len(vector['actions'])})",
            path="steps",
        )
