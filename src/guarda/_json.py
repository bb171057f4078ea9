"""JSON text: strict reading and fast writing of documents.

Reading is strict: malformed JSON, ``NaN`` and ``Infinity``, text that is not UTF-8 and
objects that give one key twice (JSON readers disagree on which one wins) are refused
with a [DocumentError][guarda.errors.DocumentError].

Two readers give the same answers. [read][guarda._json.read] is the reference: the
standard library's parser, told to refuse what it would otherwise let through.
[read_fast][guarda._json.read_fast] is orjson's parser, several times faster, which
answers only when its result is what [read][guarda._json.read] would give or would
refuse anyway; otherwise it answers None, and the caller reads again with
[read][guarda._json.read]. orjson differs in three ways, each covered:

- It keeps the last of two equal keys. So the parsed data is written again: when that
  gives the text itself (as for every text guarda writes), no key was given twice, for
  orjson never writes one key twice. Otherwise the text's colons are counted against
  those of the data written again: an object's key and value are separated by one colon,
  and colons inside strings are written the same both times unless escaped
  (``\\u003a``, for which orjson is not trusted). A dropped key takes its colon with it.
- It reads an integer beyond 64 bits as a float. No field of a document takes a float,
  so such a document fails to load, and is then read again with the reference.
- It refuses some text the standard library reads (lone surrogates, UTF-16 bytes,
  nesting deeper than 1024): read_fast answers None.

Examples:
    >>> read('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> read('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    guarda.errors.DocumentError: the field 'a' appears twice in one object
    >>> read_fast('{"a": 1, "a": 2}') is None
    True
"""

from __future__ import annotations

import json
from typing import Any, Final

import orjson

from guarda.errors import DocumentError

__all__ = ["MAX_DEPTH", "MAX_DOCUMENT_SIZE", "check_size", "read", "read_fast", "write"]

MAX_DOCUMENT_SIZE: Final = 32 * 1024 * 1024
"""The largest JSON text read, in characters (for a string) or bytes: 32 MiB, above the
biggest real documents (the view of a 16-card hand on a 16x16 field lists its 65,535
attacks in 4.7 MB; the largest conformance vector shipped is 356 KB). Refusing a text
wrong everywhere takes time in proportion to its length (about 70 ms a MB), never more
than this bound allows."""

MAX_DEPTH: Final = 64
"""The deepest nesting of arrays and objects read: the documents shipped nest 9 deep at
most."""


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class _DuplicateKeyError(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(f"the field {key!r} appears twice in one object")
        result[key] = value
    return result


def check_size(text: str | bytes | bytearray) -> None:
    """Refuse a text longer than [MAX_DOCUMENT_SIZE][guarda._json.MAX_DOCUMENT_SIZE].

    Raises:
        DocumentError: If the text is too long.
    """
    if len(text) > MAX_DOCUMENT_SIZE:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise DocumentError(
            f"the JSON text is {len(text)} {unit} long, beyond the limit of "
            f"{MAX_DOCUMENT_SIZE} (MAX_DOCUMENT_SIZE)"
        )


def _check_depth(data: Any) -> None:
    """Refuse data nested deeper than [MAX_DEPTH][guarda._json.MAX_DEPTH]."""
    level: list[Any] = [data]
    depth = 0
    while level:
        inner: list[Any] = []
        for value in level:
            if type(value) is dict:
                inner.extend(value.values())
            elif type(value) is list:
                inner.extend(value)
            else:
                continue
            if depth == MAX_DEPTH:
                raise DocumentError(f"the JSON is nested more than {MAX_DEPTH} deep (MAX_DEPTH)")
        depth += 1
        level = inner


def read(text: str | bytes | bytearray) -> Any:
    """The data of a JSON text, read strictly with the standard library.

    Args:
        text: The JSON text, as a string or as UTF-8 (or UTF-16, UTF-32) bytes.

    Returns:
        Dicts, lists, strings, integers, floats, booleans and None.

    Raises:
        DocumentError: For malformed JSON, ``NaN`` or ``Infinity``, a key given twice in
            one object, a text longer than
            [MAX_DOCUMENT_SIZE][guarda._json.MAX_DOCUMENT_SIZE] or nesting deeper than
            [MAX_DEPTH][guarda._json.MAX_DEPTH].
    """
    check_size(text)
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except _DuplicateKeyError as error:
        raise DocumentError(str(error)) from None
    except RecursionError:
        raise DocumentError(f"the JSON is nested more than {MAX_DEPTH} deep (MAX_DEPTH)") from None
    except ValueError as error:
        raise DocumentError(f"not valid JSON: {error}") from None
    _check_depth(data)
    return data


_ESCAPED_COLON: Final = "\\u003"
"""The start of ``\\u003a``, a colon written as an escape (also catches ``\\u0030``...)."""


def read_fast(text: str | bytes | bytearray) -> Any:
    """The data of a JSON text read with orjson, or None where that may differ from
    [read][guarda._json.read].

    Args:
        text: The JSON text.

    Returns:
        The data, or None: then read the text with [read][guarda._json.read], which gives
        the data or the error. Data is returned only if the text gives no key twice in
        one object; it may hold a float where the text has an integer beyond 64 bits.
    """
    try:
        data = orjson.loads(text)
        again = orjson.dumps(data)
    except (orjson.JSONDecodeError, orjson.JSONEncodeError):
        return None
    if isinstance(text, str):
        if again == text.encode():
            return data  # the text is what orjson writes for the data: no key twice
        if _ESCAPED_COLON in text or text.count(":") != again.count(b":"):
            return None
    elif again == text:
        return data
    elif _ESCAPED_COLON.encode() in text or text.count(b":") != again.count(b":"):
        return None
    return data


def _unicode_problem(data: Any, path: str) -> str | None:
    """The path of the first string in ``data`` that is not valid Unicode, if any."""
    if isinstance(data, str):
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:
            return path
        return None
    if isinstance(data, dict):
        items: Any = (
            (f"{path}.{key}" if path else str(key), value) for key, value in data.items()
        )
    elif isinstance(data, (list, tuple)):
        items = ((f"{path}[{index}]", value) for index, value in enumerate(data))
    else:
        return None
    for where, value in items:
        found = _unicode_problem(value, where)
        if found is not None:
            return found
    return None


def write(data: Any, *, indent: int | None = None) -> str:
    """The JSON text of data (dicts, lists, strings, integers, booleans and None).

    Args:
        data: The data.
        indent: Indentation for readable output; None for one compact line.

    Returns:
        The JSON text; non-ASCII characters are written as themselves.

    Raises:
        DocumentError: If a string holds a lone surrogate, which no UTF-8 text can hold
            (``path`` names it).

    Examples:
        >>> write({"kind": "action", "data": {"type": "Pass"}})
        '{"kind":"action","data":{"type":"Pass"}}'
    """
    if indent is None:
        try:
            return orjson.dumps(data).decode()
        except orjson.JSONEncodeError:
            pass  # an integer beyond 64 bits, or a string that is not Unicode
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    else:
        text = json.dumps(data, indent=indent, ensure_ascii=False, allow_nan=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise DocumentError(
            "a string holds a lone surrogate, which JSON text cannot hold",
            path=_unicode_problem(data, ""),
        ) from None
    return text
