"""An mkdocs hook: the implementer's specification's tables, made from guarda's own schemas.

Pages may hold these markers, each replaced by Markdown made when the site is built, so
the specification cannot drift from the documents guarda writes:

- ``<!-- guarda:event-model -->``: every event type, in the order of ``guarda.Event``: its
  meaning, whether a decision or the engine makes it, its fields with their JSON types and
  meanings, and which fields only its player sees (the others see ``null``);
- ``<!-- guarda:view-model -->``: every field of a view document's ``data``.

``tables()`` gives both, by marker, for the tests.
"""

from __future__ import annotations

import typing
from typing import Any

import guarda
from guarda import schemas

EVENT_MODEL = "<!-- guarda:event-model -->"
VIEW_MODEL = "<!-- guarda:view-model -->"


def _type(schema: dict[str, Any]) -> str:
    """A JSON schema's type in a few words."""
    if "const" in schema:
        return f"`{schema['const']!r}`".replace("'", '"')
    if "enum" in schema:
        return " or ".join(f'`"{value}"`' for value in schema["enum"] if value is not None)
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            kinds = [_type(part) for part in schema[key]]
            return " or ".join(dict.fromkeys(kinds))
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(_type(item) for item in schema["prefixItems"]) + "]"
        return f"array of {_type(schema.get('items', {}))}"
    if isinstance(kind, list):
        return " or ".join(kind)
    return str(kind or "any")


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def event_model() -> str:
    """The event table."""
    definitions = schemas.json_schema("event")["$defs"]
    lines = [
        "| event | made by | field | JSON type | meaning |",
        "|---|---|---|---|---|",
    ]
    for cls in typing.get_args(guarda.Event):
        name = cls.__name__
        schema = definitions[name]
        secret = set(getattr(cls, "secret", ()))
        maker = "the engine" if cls.automatic else "a decision"
        meaning = _cell(schema.get("description", ""))
        lines.append(f"| **{name}** | {maker} | | | {meaning} |")
        for field, part in schema["properties"].items():
            if field == "type":
                continue
            hidden = " **(its player only; others `null`)**" if field in secret else ""
            lines.append(
                f"| | | `{field}` | {_cell(_type(part))} | "
                f"{_cell(part.get('description', ''))}{hidden} |"
            )
    return "\n".join(lines)


def view_model() -> str:
    """The view table."""
    schema = schemas.json_schema("view")
    data = schema["$defs"]["PlayerView"]
    lines = ["| field | JSON type | meaning |", "|---|---|---|"]
    for field, part in data["properties"].items():
        lines.append(
            f"| `{field}` | {_cell(_type(part))} | {_cell(part.get('description', ''))} |"
        )
    return "\n".join(lines)


def tables() -> dict[str, str]:
    """Each marker and the Markdown that replaces it."""
    return {EVENT_MODEL: event_model(), VIEW_MODEL: view_model()}


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace the markers of a page with their tables (mkdocs hook)."""
    if EVENT_MODEL not in markdown and VIEW_MODEL not in markdown:
        return markdown
    for marker, table in tables().items():
        markdown = markdown.replace(marker, table)
    return markdown
