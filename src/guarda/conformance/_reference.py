"""The reference side of the protocol: guarda's results for a vector's input.

A vector's **input** says where a game starts (a configuration and a seed, or a given
state) and which actions are played. Its **results** are one **step** per position, the
start (ply 0) and one after each action: the legal actions in notation, each seat's view
and the events each seat saw, and the outcome. [results][guarda.conformance.results]
computes them with guarda; another implementation must print the same.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

import guarda
from guarda import Action, Config, Event, GameState, Outcome
from guarda.errors import DocumentError

__all__ = [
    "INPUT_FORMAT",
    "PROTOCOL_VERSION",
    "READ_VERSIONS",
    "VECTOR_FORMAT",
    "VIEW_OMITTED",
    "compare_from",
    "document_data",
    "document_data_of_config",
    "guarda_results",
    "read_input",
    "step_data",
]

VECTOR_FORMAT: Final = "guarda-conformance"
"""The ``format`` of a vector file."""
INPUT_FORMAT: Final = "guarda-conformance-input"
"""The ``format`` of the input a command reads."""
PROTOCOL_VERSION: Final = 2
"""The version of the vector files, the input and the results (2: ``compare_from``, every
game vector starts from a seed, configurations written field by field)."""
READ_VERSIONS: Final = (1, 2)
"""The versions this release reads (a version-1 input or vector compares from ply 0)."""
VIEW_OMITTED: Final = ("config", "events")
"""Fields of a view document's data that a step leaves out: the configuration is the
vector's, and the events are those of every step so far."""


def document_data(value: object) -> Any:
    """The ``data`` of a value's guarda document (a view, an event, an outcome, ...).

    Examples:
        >>> document_data(guarda.Attack(("V2",)))
        {'cards': ['V2'], 'type': 'Attack'}
    """
    return json.loads(guarda.dumps(value))["data"]


def _view_data(state: GameState, seat: int) -> dict[str, Any]:
    data = document_data(guarda.view(state, seat))
    for field in VIEW_OMITTED:
        del data[field]
    return dict(data)


def step_data(
    ply: int, state: GameState, events: Sequence[Event], action: Action | None = None
) -> dict[str, Any]:
    """One step of the results: the position ``state`` reached at ``ply`` with ``events``.

    Args:
        ply: 0 for the start, ``i`` after the ``i``-th action.
        state: The position.
        events: The events that led to it (at ply 0: the start's whole log).
        action: The action played at this ply, if any: its notation goes into
            ``"action"`` (vectors keep it, results need not).

    Returns:
        ``{"ply", "action", "legal", "events", "views", "outcome"}`` as JSON data.
    """
    seats = range(len(state.players))
    outcome: Outcome | None = state.outcome
    return {
        "ply": ply,
        "action": None if action is None else guarda.format_action(action),
        "legal": [guarda.format_action(a) for a in guarda.legal_actions(state)],
        "events": [
            [document_data(event) for event in guarda.visible_events(events, seat)]
            for seat in seats
        ],
        "views": [_view_data(state, seat) for seat in seats],
        "outcome": None if outcome is None else document_data(outcome),
    }


def _document(value: Any, path: str) -> str:
    if not isinstance(value, Mapping):
        raise DocumentError(f"expected a guarda document (an object), not {value!r}", path=path)
    return json.dumps(value)


def read_input(data: Any) -> tuple[GameState, tuple[Action, ...]]:
    """The start and the actions a vector's input describes.

    Args:
        data: The input as JSON data: ``{"format": "guarda-conformance-input",
            "version": 2, "config": <config document>, "seed": <integer>,
            "state": <state document or null>, "actions": [<notation>, ...],
            "compare_from": <ply>}``; a whole vector is accepted too.

    Returns:
        The first state (the given state, or a new game of the configuration and seed)
        and the parsed actions.

    Raises:
        DocumentError: If a field is missing or malformed (``path`` names it).
        NotationError: If an action is not valid notation for the configuration.
    """
    if not isinstance(data, Mapping):
        raise DocumentError("the input is a JSON object")
    if data.get("format") not in (INPUT_FORMAT, VECTOR_FORMAT):
        raise DocumentError(
            f"expected format {INPUT_FORMAT!r}, not {data.get('format')!r}", path="format"
        )
    if data.get("version") not in READ_VERSIONS:
        raise DocumentError(
            f"this release reads versions {READ_VERSIONS}, not {data.get('version')!r}",
            path="version",
        )
    for field in ("config", "seed", "state", "actions"):
        if field not in data:
            raise DocumentError("missing required field", path=field)
    config = guarda.loads(_document(data["config"], "config"), Config)
    seed = data["seed"]
    if data["state"] is None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise DocumentError(f"the seed is an integer, not {seed!r}", path="seed")
        state = guarda.new_game(config, seed)
    else:
        if seed is not None:
            raise DocumentError("give a seed or a state, not both", path="seed")
        state = guarda.loads(_document(data["state"], "state"), GameState)
        if state.config != config:
            raise DocumentError("the state's configuration is not the vector's", path="state")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise DocumentError("expected an array of action notation strings", path="actions")
    compare_from(data)
    return state, tuple(guarda.parse_action(text, config) for text in actions)


def compare_from(data: Mapping[str, Any]) -> int:
    """The first ply an input's (or a vector's) results are compared from.

    A game vector starts from a new game and plays every action from the start, but its
    steps (the ones compared) may begin later, at ``compare_from``; steps before it are
    not compared. Missing (version 1) means 0.

    Raises:
        DocumentError: If it is not an integer from 0 to the number of actions.

    Examples:
        >>> compare_from({"actions": ["end", "end"], "compare_from": 1})
        1
        >>> compare_from({"actions": []})
        0
    """
    value = data.get("compare_from", 0)
    actions = data.get("actions")
    limit = len(actions) if isinstance(actions, list) else 0
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= limit:
        raise DocumentError(
            f"compare_from is a ply from 0 to the number of actions ({limit}), not {value!r}",
            path="compare_from",
        )
    return value


def guarda_results(data: Any) -> Iterator[dict[str, Any]]:
    """guarda's results for the input of one of Guarda's vectors: one step per position,
    ply 0 first.

    Each step is ``{"ply", "legal", "events", "views", "outcome"}``, the fields described
    on the "Conformance vectors" page of the documentation. The results
    stop early, after the step before it, at an action that is illegal: the next step is
    then missing, which is what [verify][guarda.conformance.verify] reports.

    Examples:
        >>> from guarda.conformance import input_of, load_vector, shipped
        >>> vector = load_vector(shipped() / "rare-push-claims-loot.json")
        >>> plies = [step["ply"] for step in guarda_results(input_of(vector))]
        >>> plies[0], plies[-1] == len(vector["actions"])
        (0, True)
    """
    state, actions = read_input(data)
    step = step_data(0, state, state.events)
    del step["action"]
    yield step
    for ply, action in enumerate(actions, start=1):
        try:
            state, events = guarda.apply(state, action)
        except guarda.IllegalActionError:
            return
        step = step_data(ply, state, events)
        del step["action"]
        yield step


def document_data_of_config(config: Config) -> dict[str, Any]:
    """A configuration's document as JSON data, every field written out (the form a
    vector's ``config`` holds): a port need not know the presets.

    A ruleset a preset makes is written as the preset's call by
    [`guarda.dumps`][guarda.dumps]; here it is written as any other ruleset is, field by
    field, its name kept. Both forms read back to the same configuration.

    Examples:
        >>> data = document_data_of_config(guarda.modern())
        >>> data["data"]["name"], "preset" in data["data"], len(data["data"]["deck"])
        ('Modern', False, 12)
        >>> guarda.loads(json.dumps(data), guarda.Config) == guarda.modern()
        True
    """
    # A preset's call is written only for a configuration named after its preset: under
    # another name the same ruleset is written field by field, and the name is put back.
    document = dict(json.loads(guarda.dumps(attrs.evolve(config, name=f"{config.name}?"))))
    document["data"] = {**document["data"], "name": config.name}
    return document
