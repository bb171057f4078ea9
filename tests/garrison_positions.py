"""Garrison positions built card by card, for the ruling tests (every card in one place)."""

from __future__ import annotations

from collections.abc import Sequence

from guarda.games.garrison import (
    CARDS,
    GarrisonConfig,
    GarrisonState,
    Keep,
    Phase,
    parse_card,
)


def cards(text: str) -> tuple[int, ...]:
    """The cards named in ``text``, separated by spaces (sorted)."""
    return tuple(sorted(parse_card(name) for name in text.split()))


def row(text: str) -> tuple[int, ...]:
    """The cards named in ``text``, in the order written."""
    return tuple(parse_card(name) for name in text.split())


def keep(court: str = "", fallen: str = "", garrison: str = "", siege: str = "") -> Keep:
    """A keep from card names."""
    return Keep(row(court), row(fallen), row(garrison), row(siege))


def position(
    hands: Sequence[str],
    keeps: Sequence[Keep],
    *,
    market: str = "",
    discard: str = "",
    deck: str | None = None,
    turn_player: int = 0,
    phase: Phase = "main",
    actor: int | None = 0,
    length: str = "quick",
    turns: int = 0,
    turn_limit: int = 300,
) -> GarrisonState:
    """A state: the deck holds every card not placed (in fresh order) unless given."""
    config = GarrisonConfig(len(hands), length, turn_limit)
    market_cards: list[int | None] = [parse_card(n) if n != "-" else None for n in market.split()]
    market_cards += [None] * (3 - len(market_cards))
    placed = [c for c in market_cards if c is not None] + list(row(discard))
    hand_cards = [cards(text) for text in hands]
    for hand in hand_cards:
        placed += hand
    for k in keeps:
        placed += [*k.court, *k.fallen, *k.garrison, *k.siege]
    if deck is None:
        rest = tuple(c for c in CARDS if c not in placed)
    else:
        rest = row(deck)
        # Cards neither placed nor in the deck go to the bottom of the discard pile.
        spare = tuple(c for c in CARDS if c not in placed and c not in rest)
        discard_cards = spare + row(discard)
        return GarrisonState(
            config=config,
            key="test",
            deck=rest,
            discard=discard_cards,
            market=tuple(market_cards),
            hands=tuple(hand_cards),
            shown=tuple(() for _ in hands),
            keeps=tuple(keeps),
            turn_player=turn_player,
            turns=turns,
            phase=phase,
            actor=actor,
        )
    assert len(set(placed)) == len(placed), "a card is placed twice"
    return GarrisonState(
        config=config,
        key="test",
        deck=rest,
        discard=row(discard),
        market=tuple(market_cards),
        hands=tuple(hand_cards),
        shown=tuple(() for _ in hands),
        keeps=tuple(keeps),
        turn_player=turn_player,
        turns=turns,
        phase=phase,
        actor=actor,
    )


def all_cards(state: GarrisonState) -> list[int]:
    """Every card of the state, sorted (53 of them when none is lost or doubled)."""
    found = [*state.deck, *state.discard, *(c for c in state.market if c is not None)]
    for hand in state.hands:
        found += hand
    for k in state.keeps:
        found += [*k.court, *k.fallen, *k.garrison, *k.siege]
    return sorted(found)
