"""Pure rule queries of On Guard: sums, limits, the Joker, the hits of a turn.

Examples:
    >>> from guarda.games.on_guard import exchange_hits
    >>> exchange_hits((9, 4), (3,))  # Attack 4+2 beats Parry 3
    ((6, 0), (1, 3), (6, 0), (0, 0))
"""

from __future__ import annotations

from collections.abc import Sequence

from ._cards import ATTACK, JACK, JOKER, KING, PARRY, QUEEN, is_action

__all__ = [
    "action_sum",
    "after_appel",
    "combined_attack",
    "combined_parry",
    "exchange_hits",
    "ignored_card",
    "sum_limit",
]


def action_sum(cards: Sequence[int]) -> int:
    """The sum of the action cards' numbers, an Ace counting 1 (OG7).

    Examples:
        >>> action_sum((1, 10, 13))
        11
    """
    return sum(card for card in cards if is_action(card))


def sum_limit(cards: Sequence[int]) -> int:
    """The most the action cards may add up to: 15 with the King, else 13.

    Examples:
        >>> sum_limit((13, 9)), sum_limit((9,))
        (15, 13)
    """
    return 15 if KING in cards else 13


def ignored_card(cards: Sequence[int], opponent: Sequence[int]) -> int | None:
    """The action card of ``cards`` the opponent's Joker ignores: the highest (OG6).

    Examples:
        >>> ignored_card((3, 8), (14, 2)), ignored_card((3, 8), (2,))
        (8, None)
    """
    if JOKER not in opponent:
        return None
    actions = [card for card in cards if is_action(card)]
    return max(actions) if actions else None


def after_appel(cards: Sequence[int], opponent: Sequence[int]) -> tuple[int, ...]:
    """The action cards of ``cards`` that count, one copy of the ignored card removed.

    Examples:
        >>> after_appel((1, 1, 3), (14,))
        (1, 1)
    """
    actions = [card for card in cards if is_action(card)]
    ignored = ignored_card(cards, opponent)
    if ignored is not None:
        actions.remove(ignored)
    return tuple(actions)


def combined_attack(cards: Sequence[int]) -> int:
    """The sum of the cards' Attack values (OG1, OG2).

    Examples:
        >>> combined_attack((9, 4, 1))
        6
    """
    return sum(ATTACK[card] for card in cards)


def combined_parry(cards: Sequence[int]) -> int:
    """The sum of the cards' Parry values (OG1, OG2).

    Examples:
        >>> combined_parry((9, 4, 1))
        2
    """
    return sum(PARRY[card] for card in cards)


def exchange_hits(
    first: Sequence[int], second: Sequence[int]
) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The hits of one bout turn from both selections (OG2-OG6).

    Each seat's action cards (after the opponent's Joker) give a combined Attack and
    Parry. A combined Attack greater than the opponent's combined Parry scores that many
    hits, twice as many with a Jack; a Queen whose combined Parry is greater than the
    opponent's combined Attack scores the opponent's combined Attack.

    Returns:
        ``(attack, parry, attack_hits, riposte_hits)``, each a pair by seat.

    Examples:
        >>> exchange_hits((11, 10, 3), (12, 2, 1))  # a Jack's double; the Queen fails
        ((4, 0), (5, 3), (8, 0), (0, 0))
    """
    selections = (tuple(first), tuple(second))
    counted = (after_appel(first, second), after_appel(second, first))
    attack = (combined_attack(counted[0]), combined_attack(counted[1]))
    parry = (combined_parry(counted[0]), combined_parry(counted[1]))
    attack_hits = [0, 0]
    riposte_hits = [0, 0]
    for seat in (0, 1):
        other = 1 - seat
        if attack[seat] > parry[other]:
            attack_hits[seat] = attack[seat] * (2 if JACK in selections[seat] else 1)
        if QUEEN in selections[seat] and parry[seat] > attack[other]:
            riposte_hits[seat] = attack[other]
    return (
        attack,
        parry,
        (attack_hits[0], attack_hits[1]),
        (riposte_hits[0], riposte_hits[1]),
    )
