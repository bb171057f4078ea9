"""Makers: the engine's own constructors for frozen attrs classes.

Calling a class with a Python ``__init__`` costs CPython 3.11 an argument tuple and a
generic call on top of the ``__init__`` itself, and a field's converter runs on every
call. The engine builds a state, a player and many actions from values it has already
normalised, so [maker][guarda._construct.maker] writes, for one class, a function that sets
the fields exactly as attrs' ``__init__`` sets them, without converters and without
``__attrs_post_init__``.

Examples:
    >>> import guarda
    >>> make_attack = maker(guarda.Attack)
    >>> make_attack(("H1", "V2")) == guarda.Attack(["V2", "H1"])
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import attrs

__all__ = ["maker"]

P = ParamSpec("P")
T = TypeVar("T")


def maker(cls: Callable[P, T]) -> Callable[P, T]:
    """A function that makes an instance of a frozen, slotted attrs class from its fields.

    It takes every field, in order, each already the value the class keeps (converters
    are not run), sets them as the class's ``__init__`` does and skips
    ``__attrs_post_init__``; it is typed like the class itself.
    """
    assert isinstance(cls, type) and attrs.has(cls)
    fields = attrs.fields(cls)
    assert all(field.init and field.validator is None for field in fields)
    names = [field.name for field in fields]
    lines = [f"def make({', '.join(names)}):", "    self = _new(_cls)", "    _set = _bind(self)"]
    lines += [f"    _set({name!r}, {name})" for name in names]
    if "_attrs_cached_hash" in getattr(cls, "__slots__", ()):
        lines.append("    _set('_attrs_cached_hash', None)")
    lines.append("    return self")
    namespace: dict[str, Any] = {
        "_new": object.__new__,
        "_bind": object.__setattr__.__get__,
        "_cls": cls,
    }
    exec("\n".join(lines), namespace)
    make: Callable[P, T] = namespace["make"]
    return make
