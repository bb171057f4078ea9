"""Makers: the engine's own constructors for frozen attrs classes.

Making a frozen attrs instance is slow on CPython 3.11: ``__init__`` sets every field with
``object.__setattr__``, a call that packs its arguments into a tuple, and calling the class
adds a generic call path on top. The engine builds a state, a player, events and actions
on every step, from values it has already normalised, so [maker][guarda._construct.maker]
writes, for one class, a function that makes the same instance several times faster: it
starts it as an instance of an *open* twin of the class (a subclass that adds no fields and
restores plain attribute setting), assigns the fields with ordinary attribute stores, and
then turns it into an instance of the class itself (``__class__`` assignment: the two share
one memory layout). Converters, validators and ``__attrs_post_init__`` are not run.

Examples:
    >>> import guarda
    >>> make_attack = maker(guarda.Attack)
    >>> attack = make_attack(("H1", "V2"))
    >>> attack == guarda.Attack(["V2", "H1"]) and type(attack) is guarda.Attack
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import attrs

__all__ = ["maker", "open_twin"]

P = ParamSpec("P")
T = TypeVar("T")


def open_twin(cls: type[T]) -> type[T]:
    """The open twin of a slotted class whose instances refuse attribute setting.

    A subclass that adds no slots (so an instance can become one of ``cls`` by
    ``__class__`` assignment) and sets and deletes attributes the plain way: both, or
    CPython keeps the slow setattr slot of the class.
    """
    return type(
        f"_Open{cls.__name__}",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )


def maker(cls: Callable[P, T]) -> Callable[P, T]:
    """A function that makes an instance of a frozen, slotted attrs class from its fields.

    It takes every field, in order, each already the value the class keeps (converters
    are not run), and gives an instance equal to what the class's ``__init__`` would
    make, without running ``__attrs_post_init__``; it is typed like the class itself.
    """
    assert isinstance(cls, type) and attrs.has(cls) and "__slots__" in vars(cls)
    fields = attrs.fields(cls)
    assert all(field.init and field.validator is None for field in fields)
    twin = open_twin(cls)
    names = [field.name for field in fields]
    lines = [f"def make({', '.join(names)}):", "    self = _new(_twin)"]
    lines += [f"    self.{name} = {name}" for name in names]
    if "_attrs_cached_hash" in getattr(cls, "__slots__", ()):
        lines.append("    self._attrs_cached_hash = None")
    lines += ["    self.__class__ = _cls", "    return self"]
    namespace: dict[str, Any] = {"_new": object.__new__, "_twin": twin, "_cls": cls}
    exec("\n".join(lines), namespace)
    make: Callable[P, T] = namespace["make"]
    return make
