"""Strict hooks for cattrs' generic rules: integers, strings, booleans, enumerations,
optional values and arrays.

Each hook accepts data of exactly its JSON type and raises a
[DocumentError][guarda.errors.DocumentError] otherwise: ``1`` is no boolean, ``"1"`` no
integer, an object no array. The converters of [guarda._converter][guarda._converter]
register them.

Examples:
    >>> structure_int(3, int)
    3
    >>> structure_bool(1, bool)
    Traceback (most recent call last):
    ...
    guarda.errors.DocumentError: expected a boolean, not an integer 1
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Callable
from typing import Any

import cattrs
from cattrs.cols import iterable_unstructure_factory, list_structure_factory
from cattrs.errors import IterableValidationError, IterableValidationNote

from guarda._document_errors import MAX_PROBLEMS, describe
from guarda.errors import DocumentError

__all__ = [
    "StructureHook",
    "UnstructureHook",
    "enum_value",
    "expect_array",
    "is_optional",
    "is_tuple",
    "optional_structure_factory",
    "structure_bool",
    "structure_enum",
    "structure_int",
    "structure_str",
    "tuple_structure_factory",
    "tuple_unstructure_factory",
]

StructureHook = Callable[[Any, Any], Any]
"""Builds a value from data: ``hook(data, type)``."""

UnstructureHook = Callable[[Any], Any]
"""Turns a value into data: ``hook(value)``."""


# -- strict hooks for the generic rules -----------------------------------------------------


def structure_int(value: object, _: object) -> int:
    if type(value) is int:
        return value
    raise DocumentError(f"expected an integer, not {describe(value)}")


def structure_str(value: object, _: object) -> str:
    if type(value) is str:
        return value
    raise DocumentError(f"expected a string, not {describe(value)}")


def structure_bool(value: object, _: object) -> bool:
    if type(value) is bool:
        return value
    raise DocumentError(f"expected a boolean, not {describe(value)}")


@functools.cache
def _enum_choices(cls: type[enum.Enum]) -> tuple[dict[Any, enum.Enum], type, str]:
    members = {member.value: member for member in cls}
    return members, type(next(iter(cls)).value), ", ".join(repr(value) for value in members)


def structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    members, value_type, choices = _enum_choices(cls)
    if type(value) is value_type and value in members:
        return members[value]
    raise DocumentError(f"expected one of {choices}, not {describe(value)}")


def enum_value(member: enum.Enum) -> Any:
    return member.value


def is_optional(tp: object) -> bool:
    args = typing.get_args(tp)
    return (
        typing.get_origin(tp) in (typing.Union, types.UnionType)
        and len(args) == 2
        and args[1] is type(None)
    )


def optional_structure_factory(tp: Any, made: cattrs.Converter) -> StructureHook:
    """``X | None``: None, or the hook of ``X`` (found once, not at every call)."""
    inner_type = typing.get_args(tp)[0]
    inner = made.get_structure_hook(inner_type)
    return lambda value, _: None if value is None else inner(value, inner_type)


def is_tuple(tp: object) -> bool:
    return typing.get_origin(tp) is tuple


def _is_homogeneous(tp: object) -> bool:
    args = typing.get_args(tp)
    return len(args) == 2 and args[1] is Ellipsis


def expect_array(value: object) -> None:
    if type(value) is not list and type(value) is not tuple:
        raise DocumentError(f"expected an array, not {describe(value)}")


def _bounded_list_factory(tp: Any, made: cattrs.Converter) -> StructureHook:
    """cattrs' detailed list structuring, stopped after ``MAX_PROBLEMS + 1`` errors.

    An array wrong in every item is refused in time bounded by
    [MAX_PROBLEMS][guarda._document_errors.MAX_PROBLEMS], not by its length.
    """
    arg = typing.get_args(tp)[0]
    hook = made.get_structure_hook(arg)

    def structure(value: Any, _: object) -> list[Any]:
        result = []
        errors: list[Exception] = []
        for index, item in enumerate(value):
            try:
                result.append(hook(item, arg))
            except Exception as error:  # collected, as cattrs does, so the path names it
                note = IterableValidationNote(f"Structuring {tp} @ index {index}", index, arg)
                error.__notes__ = [*getattr(error, "__notes__", []), note]
                errors.append(error)
                if len(errors) > MAX_PROBLEMS:
                    break
        if errors:
            raise IterableValidationError(f"While structuring {tp!r}", errors, tp)
        return result

    return structure


def tuple_structure_factory(tp: Any, made: cattrs.Converter) -> StructureHook:
    """Arrays: cattrs' sequence structuring, once the data is known to be an array.

    With detailed validation, the errors collected stop after
    [MAX_PROBLEMS][guarda._document_errors.MAX_PROBLEMS].
    """
    args = typing.get_args(tp)
    if _is_homogeneous(tp):
        if made.detailed_validation:
            inner = _bounded_list_factory(tp, made)
        else:
            inner = list_structure_factory(tp, made)
        if args[0] not in (str, int):

            def structure(value: object, _: object) -> tuple[Any, ...]:
                expect_array(value)
                return tuple(inner(value, tp))

            return structure
        only = {args[0]}

        def structure_plain(value: Any, _: object) -> tuple[Any, ...]:
            if type(value) is list and (not value or set(map(type, value)) == only):
                return tuple(value)
            expect_array(value)
            return tuple(inner(value, tp))

        return structure_plain
    hooks = [made.get_structure_hook(arg) for arg in args]

    def structure_fixed(value: Any, _: object) -> tuple[Any, ...]:
        expect_array(value)
        if len(value) != len(args):
            raise DocumentError(f"expected an array of {len(args)} items, not {len(value)}")
        if not made.detailed_validation:
            return tuple(
                [hook(item, arg) for hook, arg, item in zip(hooks, args, value, strict=True)]
            )
        result = []
        errors = []
        for index, (hook, arg, item) in enumerate(zip(hooks, args, value, strict=True)):
            try:
                result.append(hook(item, arg))
            except Exception as error:  # collected, as cattrs does, so the path names it
                note = IterableValidationNote(f"Structuring {tp} @ index {index}", index, arg)
                error.__notes__ = [*getattr(error, "__notes__", []), note]
                errors.append(error)
        if errors:
            raise IterableValidationError(f"While structuring {tp!r}", errors, tp)
        return tuple(result)

    return structure_fixed


def tuple_unstructure_factory(tp: Any, made: cattrs.Converter) -> UnstructureHook:
    if _is_homogeneous(tp):
        return iterable_unstructure_factory(tp, made, unstructure_to=list)
    hooks = [made.get_unstructure_hook(arg) for arg in typing.get_args(tp)]
    return lambda value: [hook(item) for hook, item in zip(hooks, value, strict=True)]
