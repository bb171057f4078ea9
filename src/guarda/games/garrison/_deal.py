"""The deal of Garrison: a new game from a configuration, a seed and a salt.

The rules page ("Garrison", the exact deal order) says it step by step, for ports.

Examples:
    >>> from guarda.games.garrison import GarrisonConfig, new_game
    >>> new_game(GarrisonConfig(), seed=1).phase
    'main'
"""

from __future__ import annotations

import random

from guarda.errors import ArgumentError
from guarda.games.garrison._cards import CARDS, HEARTS, JOKER
from guarda.games.garrison._config import GarrisonConfig
from guarda.games.garrison._rules import HAND_LIMIT
from guarda.games.garrison._state import GarrisonState, Keep

__all__ = ["deal_key", "new_game"]


def deal_key(seed: int, salt: str = "") -> str:
    """The text every shuffle of a game is drawn from (the rules page's deal order).

    Examples:
        >>> deal_key(7, "x")
        'garrison/7/x'
    """
    return f"garrison/{seed}/{salt}"


def new_game(config: GarrisonConfig, seed: int, *, salt: str = "") -> GarrisonState:
    """Shuffle and set up a game (the deal order of the rules page, GA2).

    The fresh deck (spades, hearts, diamonds, clubs, ace to king, then the Joker) is
    shuffled by ``random.Random(deal_key(seed, salt))``. Seat 0 onward each turn cards
    up until a heart from 2 to 10, their starting keep; the other cards go to the discard
    pile. Three cards are dealt to the market (a Joker there is discarded and replaced,
    GA17), then each player in seat order takes three cards. The lowest court starts
    (the lowest seat on a tie).

    Raises:
        ArgumentError: If ``config``, ``seed`` or ``salt`` has the wrong type.

    Examples:
        >>> from guarda.games.garrison import card_name
        >>> state = new_game(GarrisonConfig(players=3), seed=5)
        >>> [card_name(keep.court[0]) for keep in state.keeps]
        ['8H', '6H', '2H']
        >>> state.turn_player
        2
    """
    if not isinstance(config, GarrisonConfig):
        raise ArgumentError(f"not a Garrison configuration: {config!r}", path="config")
    if type(seed) is not int:
        raise ArgumentError(f"seed must be an integer, not {seed!r}", path="seed")
    if not isinstance(salt, str):
        raise ArgumentError(f"salt must be a string, not {salt!r}", path="salt")
    deck = list(CARDS)
    random.Random(deal_key(seed, salt)).shuffle(deck)
    discard: list[int] = []
    keeps: list[Keep] = []
    for _ in range(config.players):
        while True:
            card = deck.pop(0)
            if card // 13 == HEARTS and 2 <= card % 13 + 1 <= 10:
                keeps.append(Keep(court=(card,)))
                break
            discard.append(card)
    market: list[int | None] = []
    while len(market) < 3:
        card = deck.pop(0)
        if card == JOKER:
            discard.append(card)
        else:
            market.append(card)
    hands = []
    for _ in range(config.players):
        hands.append(tuple(sorted(deck[:HAND_LIMIT])))
        del deck[:HAND_LIMIT]
    values = [keep.value for keep in keeps]
    first = values.index(min(values))
    return GarrisonState(
        config=config,
        key=deal_key(seed, salt),
        deck=tuple(deck),
        discard=tuple(discard),
        market=tuple(market),
        hands=tuple(hands),
        shown=tuple(() for _ in range(config.players)),
        keeps=tuple(keeps),
        turn_player=first,
        turns=0,
        phase="main",
        actor=first,
    )
