"""A copy of a frozen value with some fields changed, as ``attrs.evolve`` makes it.

``attrs.evolve`` looks up the class's fields on every call; the heist copies guards,
thieves, keeps and states many times a step, so the fields' names are kept per class.
"""

from __future__ import annotations

import functools
from typing import Any, TypeVar

import attrs

__all__ = ["replace"]

_T = TypeVar("_T")


@functools.lru_cache(maxsize=64)
def _init_names(cls: type) -> tuple[tuple[str, str], ...]:
    """Each argument ``__init__`` takes and the attribute it sets, in field order."""
    return tuple((field.alias, field.name) for field in attrs.fields(cls) if field.init)


def replace(instance: _T, **changes: Any) -> _T:
    """``attrs.evolve(instance, **changes)``: the fields not named are copied."""
    cls: type = instance.__class__
    for alias, name in _init_names(cls):
        if alias not in changes:
            changes[alias] = getattr(instance, name)
    return cls(**changes)  # type: ignore[no-any-return]
