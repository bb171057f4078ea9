"""Makers: the engine's own constructors for frozen attrs classes.

Making a frozen attrs instance is slow on CPython 3.11: ``__init__`` sets every field with
``object.__setattr__``, a call that packs its arguments into a tuple, and calling the class
adds a generic call path on top. The engine builds a state, a player, events and actions
on every step, from values it has already normalised, so [maker][guarda._construct.maker]
writes, for one class, a function that makes the same instance about three times faster:
it starts it as an instance of an *open* twin of the class (a subclass that adds no fields
and restores plain attribute setting), assigns the fields with ordinary attribute stores,
and then turns it into an instance of the class itself (``__class__`` assignment).
Converters, validators and ``__attrs_post_init__`` are not run. A
[copier][guarda._construct.copier] makes a copy with some fields changed the same way.

Why this is sound: ``__class__`` assignment is allowed only between classes of one memory
layout, and the twin adds no slot, no ``__dict__`` and no weak reference slot (checked when
the twin is made). Once assigned, the object *is* an instance of the class, made the way
its ``__init__`` makes one (the same slots set, the cached hash cleared): its type,
equality, hash, ``repr``, pickling, copying, ``attrs.evolve`` and ``isinstance`` are the
class's own, and setting a field raises ``FrozenInstanceError``. The one trace of the
twin is in ``cls.__subclasses__()``, which lists it (nothing in guarda enumerates
subclasses). ``tests/test_makers.py`` pins all of this for every class that has a maker.

The plain alternatives measured slower: ``object.__new__`` with one ``object.__setattr__``
call per field costs more than calling the class, and the slots' own ``__set__`` saves
only about a fifth, where the twin saves two thirds (a player state: about 1.2 us by the
class, 0.95 us by slot setters, 0.4 us by its maker; random games about 15% faster
overall).

Examples:
    >>> import guarda
    >>> make_attack = maker(guarda.Attack)
    >>> attack = make_attack(("H1", "V2"))
    >>> attack == guarda.Attack(["V2", "H1"]) and type(attack) is guarda.Attack
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, ParamSpec, TypeVar

import attrs

__all__ = ["MAKERS", "copier", "maker", "making", "open_twin"]

P = ParamSpec("P")
T = TypeVar("T")


def open_twin(cls: type[T]) -> type[T]:
    """The open twin of a slotted class whose instances refuse attribute setting.

    A subclass that adds no slots (so an instance can become one of ``cls`` by
    ``__class__`` assignment) and sets and deletes attributes the plain way: both, or
    CPython keeps the slow setattr slot of the class.
    """
    assert "__slots__" in vars(cls), f"{cls.__name__} is not slotted"
    twin: type[T] = type(
        f"_Open{cls.__name__}",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )
    # One memory layout: what makes the __class__ assignment legal (CPython refuses it
    # otherwise, with a TypeError at the first use, never silently).
    for layout in ("__basicsize__", "__itemsize__", "__dictoffset__", "__weakrefoffset__"):
        assert getattr(twin, layout) == getattr(cls, layout), layout
    return twin


MAKERS: Final[dict[type, Callable[..., Any]]] = {}
"""Every maker made so far, by class: one per class (and so one twin per class)."""

_TWINS: Final[dict[type, type]] = {}
"""The open twin of each class that has a maker."""


def maker(cls: Callable[P, T]) -> Callable[P, T]:
    """A function that makes an instance of a frozen, slotted attrs class from its fields.

    It takes every field, in order, each already the value the class keeps (converters
    are not run), and gives an instance equal to what the class's ``__init__`` would
    make, without running ``__attrs_post_init__``; it is typed like the class itself.
    Asked again for the same class, it gives the same function.
    """
    assert isinstance(cls, type) and attrs.has(cls)
    made = MAKERS.get(cls)
    if made is not None:
        return made
    names = [field.name for field in attrs.fields(cls)]
    namespace: dict[str, Any] = {}

    def name(value: Any) -> str:
        key = f"_{len(namespace)}"
        namespace[key] = value
        return key

    lines = [f"def make({', '.join(names)}):"]
    lines += [f"    {line}" for line in making(cls, names, "self", name)]
    lines.append("    return self")
    exec("\n".join(lines), namespace)
    make: Callable[P, T] = namespace["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    MAKERS[cls] = make
    return make


def making(cls: type[Any], values: list[str], into: str, name: Callable[[Any], str]) -> list[str]:
    """Source lines that make an instance of ``cls`` the way its maker does, for code
    that makes one inline instead of calling the maker (the fast document reader).

    Args:
        cls: A frozen, slotted attrs class whose fields neither convert nor validate.
        values: An expression for each field's value, in order.
        into: The variable the lines bind the instance to.
        name: Gives the global name under which the lines may use a value (the class,
            its open twin, ``object.__new__``).
    """
    fields = attrs.fields(cls)
    assert all(field.init and field.validator is None for field in fields)
    twin = _TWINS.get(cls)
    if twin is None:
        twin = _TWINS[cls] = open_twin(cls)
    lines = [f"{into} = {name(object.__new__)}({name(twin)})"]
    lines += [f"{into}.{f.name} = {value}" for f, value in zip(fields, values, strict=True)]
    if hasattr(cls, "_attrs_cached_hash"):  # attrs' slot for cache_hash=True
        lines.append(f"{into}._attrs_cached_hash = None")
    lines.append(f"{into}.__class__ = {name(cls)}")
    return lines


def copier(cls: type[T], *changed: str) -> Callable[..., T]:
    """A function ``copy(value, *new)``: ``value`` (an instance of ``cls``) with the fields
    ``changed`` set to ``new``, in that order, the others kept; made as
    [maker][guarda._construct.maker] makes an instance (the same value as
    ``attrs.evolve(value, **dict(zip(changed, new)))`` when no converter would change the
    new values). For the engine's hot paths: no keyword arguments to sort out.
    """
    maker(cls)  # the class's checks, and its twin
    twin = _TWINS[cls]
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    assert changed and set(changed) <= set(names) and len(set(changed)) == len(changed)
    lines = [f"def copy(value, {', '.join(changed)}):", "    self = _new(_twin)"]
    lines += [
        f"    self.{name} = {name if name in changed else 'value.' + name}" for name in names
    ]
    if hasattr(cls, "_attrs_cached_hash"):
        lines.append("    self._attrs_cached_hash = None")
    lines += ["    self.__class__ = _cls", "    return self"]
    namespace: dict[str, Any] = {"_new": object.__new__, "_twin": twin, "_cls": cls}
    exec("\n".join(lines), namespace)
    copy: Callable[..., T] = namespace["copy"]
    copy.__qualname__ = copy.__name__ = f"copy_{cls.__name__}_{'_'.join(changed)}"
    return copy
