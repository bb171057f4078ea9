"""The card pictures of a ruleset, for the web table (``GET /api/cards/{game}.json``).

Each card type of the deck gets its pattern drawn by
[`guarda.render.card_type_svg`][guarda.render.card_type_svg] (as its holder sees it,
arrow toward the field) and a short sentence of what it covers, for a tooltip. The
answer depends on the ruleset alone, so it is written once per ruleset and kept
(``card_pictures`` is cached); the browser shows each picture as an ``<img>`` with a
``data:`` address, which the Content Security Policy allows (``img-src 'self' data:``)
and which can run nothing.
"""

from __future__ import annotations

import functools
from typing import Final

import orjson

import guarda
from guarda import render

__all__ = ["CARD_PICTURES_KEPT", "card_pictures", "card_words"]

CARD_PICTURES_KEPT: Final = 64
"""Rulesets whose card pictures are kept written."""

_ORDINALS: Final = ("1st", "2nd", "3rd")


def _ordinal(number: int) -> str:
    return _ORDINALS[number - 1] if number <= len(_ORDINALS) else f"{number}th"


def card_words(card: guarda.CardType, size: int) -> str:
    """What a card covers, in words, as its holder plays it in attack (R5, R6).

    Args:
        card: The card type.
        size: The side of the field (a card is as large as the field).

    Returns:
        One short sentence.

    Examples:
        >>> card_words(guarda.CardType("H1", {(1, 1), (2, 1), (3, 1)}), 3)
        'H1 covers the row nearest you (3 cells); in defence it is turned around.'
        >>> card_words(guarda.CardType("V2", {(2, 1), (2, 2), (2, 3)}), 3)
        'V2 covers the 2nd column from your left, from your side to the far side (3 cells); in defence it is turned around.'
        >>> card_words(guarda.x_card(5), 5)
        'X covers both diagonals (9 cells); in defence it is turned around.'
    """  # noqa: E501
    cells = card.cells
    columns = {column for column, _ in cells}
    rows = {row for _, row in cells}
    count = len(cells)
    diagonals = {(k, k) for k in range(1, size + 1)} | {
        (k, size + 1 - k) for k in range(1, size + 1)
    }
    if count == size * size:
        shape = "every cell of the field"
    elif len(columns) == 1 and count == size:
        shape = (
            f"the {_ordinal(min(columns))} column from your left, from your side to the far side"
        )
    elif len(rows) == 1 and count == size:
        row = min(rows)
        shape = "the row nearest you" if row == 1 else f"the {_ordinal(row)} row from your side"
        if row == size and size > 1:
            shape = "the row farthest from you"
    elif cells == diagonals:
        shape = "both diagonals"
    else:
        listed = " ".join(f"({column},{row})" for column, row in sorted(cells))
        shape = f"the card cells {listed} (column from your left, row from your side)"
    plural = "cell" if count == 1 else "cells"
    return f"{card.name} covers {shape} ({count} {plural}); in defence it is turned around."


@functools.lru_cache(maxsize=CARD_PICTURES_KEPT)
def card_pictures(config: guarda.Config) -> bytes:
    """The JSON answer of ``/api/cards/{game}.json``: every card type of the deck, by
    name, with its SVG picture and its words, and each seat's side of the field
    (``sides``), written once per ruleset.

    Examples:
        >>> import orjson
        >>> answer = orjson.loads(card_pictures(guarda.grda()))
        >>> answer["config"], answer["sides"], sorted(answer["cards"])[:3]
        ('Grda', ['South', 'North'], ['H1', 'H2', 'H3'])
        >>> answer["cards"]["V1"]["svg"].startswith("<svg")
        True
        >>> card_pictures(guarda.grda()) is card_pictures(guarda.grda())
        True
    """
    cards: dict[str, dict[str, str]] = {}
    for entry in config.deck:
        card = entry.card
        if card.name not in cards:
            cards[card.name] = {
                "svg": render.card_type_svg(card),
                "words": card_words(card, config.size),
            }
    sides = render.seat_names(config)
    return orjson.dumps({"config": config.name, "sides": sides, "cards": cards})
