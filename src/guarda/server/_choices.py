"""Choosing an action one step at a time over the protocol, with guarda's action builder.

A person does not pick from a list of every legal action (a big hand has thousands):
the table asks, step by step, what may be chosen next, and the server answers from
[`guarda.ActionBuilder`][guarda.ActionBuilder] on the seat's own view. A ``build``
message holds the steps chosen so far (the kind, then cards one by one, a direction, a
cell, a distance or an orientation); its answer, ``choices``, lists what is open next,
each leading to at least one legal action, and, once the steps make a legal action, that
action in notation and in words ([`guarda.describe_action`][guarda.describe_action]).

The server keeps no state between steps: every ``build`` carries the whole partial
choice, so going back is dropping the last step, and a reconnected client loses
nothing.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Any, Final

import guarda
from guarda.errors import GuardaError, MessageError

__all__ = ["ACTION_KINDS", "answer", "choose"]

ACTION_KINDS: Final[dict[str, type[guarda.Action]]] = {
    kind.__name__: kind for kind in typing.get_args(guarda.Action)
}
"""Every action class by the ``type`` of its action document (``"Attack"``, ...)."""


Choice = type[guarda.Action] | str | guarda.Direction | guarda.Cell | guarda.Orientation | int
"""One step as the action builder takes it."""


def _at(error: GuardaError, path: str) -> GuardaError:
    """The same error, naming the step of the message at fault."""
    return type(error)(error.message, rule=error.rule, path=path)


def _value(key: str, value: str | int, path: str) -> Choice:
    """The builder's choice for one step of a ``build`` message."""
    try:
        if key == "kind":
            kind = ACTION_KINDS.get(str(value))
            if kind is None:
                raise MessageError(
                    f"no action kind {value!r}: expected one of {', '.join(ACTION_KINDS)}",
                    path=f"{path}.kind",
                )
            return kind
        if key == "direction":
            return guarda.Direction(str(value))
        if key == "cell":
            return guarda.Cell.parse(str(value))
        if key == "orientation":
            return guarda.Orientation(str(value))
    except GuardaError as error:
        raise _at(error, f"{path}.{key}") from error
    except ValueError:
        raise MessageError(f"not a {key}: {value!r}", path=f"{path}.{key}") from None
    return value  # a card name or a distance


def choose(
    builder: guarda.ActionBuilder, steps: Sequence[tuple[str, str | int]]
) -> guarda.ActionBuilder:
    """The builder after the steps of a ``build`` message, in order.

    Raises:
        MessageError: For a step that names no kind, direction, cell or orientation
            (``path`` is ``chosen[i].key``).
        IllegalActionError: For a step that is not open after the ones before it: no
            legal action has it (``path`` is ``chosen[i]``, ``rule`` the phase's ruling).

    Examples:
        >>> import guarda
        >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=3), 0)
        >>> choose(guarda.ActionBuilder.from_view(view), [("kind", "PlacePiece")]).kind
        <class 'guarda._actions.PlacePiece'>
        >>> choose(guarda.ActionBuilder.from_view(view), [("kind", "Attack")])
        Traceback (most recent call last):
        ...
        guarda.errors.IllegalActionError: chosen[0]: Attack cannot be chosen now: ... (R9)
    """
    for index, (key, value) in enumerate(steps):
        path = f"chosen[{index}]"
        choice = _value(key, value, path)
        try:
            builder = builder.choose(choice)
        except GuardaError as error:
            raise _at(error, path) from error
    return builder


def _text(choice: object) -> str | int:
    if isinstance(choice, type):
        return choice.__name__
    if isinstance(choice, (guarda.Direction, guarda.Orientation)):
        return choice.value
    if isinstance(choice, guarda.Cell):
        return str(choice)
    assert isinstance(choice, (str, int))
    return choice


def answer(
    builder: guarda.ActionBuilder, view: guarda.PlayerView, names: Sequence[str]
) -> dict[str, Any]:
    """The body of a ``choices`` message: what is open after the builder's steps, and
    the action they make, if they make one.

    Examples:
        >>> import guarda
        >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=3), 0)
        >>> builder = guarda.ActionBuilder.from_view(view)
        >>> answer(builder, view, ("Ana", "Ben"))["open"]["kinds"]
        ['PlacePiece']
        >>> done = answer(choose(builder, [("kind", "PlacePiece"), ("cell", "b4")]), view, ())
        >>> done["action"], done["describe"]
        ('place b4', 'Place your piece on b4.')
    """
    open_now = builder.choices()
    action = builder.action
    return {
        "open": {
            "kinds": [_text(kind) for kind in open_now.kinds],
            "cards": list(open_now.cards),
            "directions": [_text(direction) for direction in open_now.directions],
            "cells": [_text(cell) for cell in open_now.cells],
            "distances": list(open_now.distances),
            "orientations": [_text(orientation) for orientation in open_now.orientations],
        },
        "action": None if action is None else guarda.format_action(action),
        "describe": None
        if action is None
        else guarda.describe_action(action, view, names=names or None),
        "completions": len(view.legal_actions if builder.kind is None else builder.completions()),
    }
