"""Garrison's legal actions, always in the same order for the same state.

In the main phase: upgrades, trades, sieges, fending off, rebuilds, discards, spies, and
last ending the turn. When offered a spy: passing first, then the spies. When answering:
cancelling with the Thug, then passing.

Examples:
    >>> from guarda.games.garrison import EndTurn, GarrisonConfig, legal_actions, new_game
    >>> actions = legal_actions(new_game(GarrisonConfig(), seed=1))
    >>> actions[-1] == EndTurn()
    True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Final

from guarda.errors import ArgumentError
from guarda.games.garrison._actions import (
    Agitate,
    Besiege,
    Cancel,
    ClearMarket,
    Discard,
    EndTurn,
    Fend,
    GarrisonAction,
    Pass,
    Rebuild,
    Seduce,
    Smuggle,
    Trade,
    Upgrade,
)
from guarda.games.garrison._cards import (
    AGITATOR,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SEDUCER,
    SMUGGLER,
    SPADES,
    THUG,
)
from guarda.games.garrison._rules import (
    KeepLike,
    may_add_club,
    may_add_heart,
    may_be_besieged,
    payment_options,
)
from guarda.games.garrison._state import GarrisonState

__all__ = ["LAST_LISTED", "SPY_ACES", "has_spy", "legal_actions", "spy_actions"]

SPY_ACES: Final = frozenset((AGITATOR, SEDUCER, SMUGGLER, THUG))
"""The four spies: a hand without one of them has no spy to play (GA9)."""

_END_TURN = EndTurn()
_END: tuple[GarrisonAction, ...] = (_END_TURN,)
_ANSWERS: tuple[GarrisonAction, ...] = (Cancel(), Pass())
_PASS = Pass()
_CLEAR = ClearMarket()
LAST_LISTED: Final[list[tuple[object, tuple[GarrisonAction, ...]]]] = [(None, ())]
"""The last state asked about and its actions, one tuple so threads never see a torn pair
(a playout lists a state's actions, then ``apply`` checks the action against them)."""
# One object per action, shared by every list: the legality check finds it by identity.
_TRADES = [[Trade(give, take) for take in range(53)] for give in range(53)]
_DISCARDS = [Discard(card) for card in range(53)]
_BESIEGES = [[Besiege(card, target) for target in range(6)] for card in range(13)]
_FENDS = [[Fend(card, levy) for levy in range(13)] for card in range(13)]
_AGITATES = [Agitate(target) for target in range(6)]
_SEDUCES = [[Seduce(target, card) for card in range(53)] for target in range(6)]
_SMUGGLES = [[Smuggle(card, None if t == 6 else t) for t in range(7)] for card in range(53)]
_UPGRADES: dict[tuple[int, tuple[int, ...]], Upgrade] = {}
_REBUILDS: dict[tuple[int, ...], Rebuild] = {}
_UPGRADE_LISTS: dict[tuple[int, tuple[int, ...]], list[GarrisonAction]] = {}


def _upgrade(card: int, payment: tuple[int, ...]) -> Upgrade:
    found = _UPGRADES.get((card, payment))
    if found is None:
        found = _UPGRADES[card, payment] = Upgrade(card, payment)
    return found


def _rebuild(cards: tuple[int, ...]) -> Rebuild:
    found = _REBUILDS.get(cards)
    if found is None:
        found = _REBUILDS[cards] = Rebuild(cards)
    return found


def spy_actions(
    player: int,
    hand: Sequence[int],
    keeps: Sequence[KeepLike],
    discard: Sequence[int],
    market: Sequence[int | None],
) -> list[GarrisonAction]:
    """The spies ``player`` may play with ``hand``, in the fixed order (GA9, GA11, GA12).

    The Agitator on each besieged keep; the Seducer on each card it may take; the
    Smuggler for each card of the discard pile it may put into play; the Thug on the
    market if it holds a card.

    Examples:
        >>> from guarda.games.garrison import Keep
        >>> spy_actions(0, (0,), [Keep(court=(19,)), Keep(court=(20,), siege=(5,))], (), ())
        [Agitate(target=1)]
    """
    found: list[GarrisonAction] = []
    if AGITATOR in hand:
        found.extend(_AGITATES[t] for t, keep in enumerate(keeps) if keep.siege)
    if SEDUCER in hand:
        for target, keep in enumerate(keeps):
            if target == player:
                continue
            if len(keep.court) + len(keep.fallen) >= 2:
                found.extend(_SEDUCES[target][card] for card in sorted(keep.court))
            found.extend(_SEDUCES[target][card] for card in sorted(keep.garrison))
    if SMUGGLER in hand and discard:
        own = keeps[player]
        heart_ok = may_add_heart(own)
        club_ok = may_add_club(own)
        targets = [t for t, k in enumerate(keeps) if t != player and may_be_besieged(k)]
        for card in sorted(set(discard)):
            kind = card // 13
            if kind == HEARTS:
                if heart_ok:
                    found.append(_SMUGGLES[card][6])
            elif kind == CLUBS:
                if club_ok:
                    found.append(_SMUGGLES[card][6])
            elif kind == SPADES:
                found.extend(_SMUGGLES[card][target] for target in targets)
    if THUG in hand and any(card is not None for card in market):
        found.append(_CLEAR)
    return found


def has_spy(
    player: int,
    hand: Sequence[int],
    keeps: Sequence[KeepLike],
    discard: Sequence[int],
    market: Sequence[int | None],
) -> bool:
    """Whether [`spy_actions`][guarda.games.garrison._legal.spy_actions] lists anything,
    found without listing it (the spy window asks only such players, GA9).

    Examples:
        >>> from guarda.games.garrison import Keep
        >>> has_spy(0, (0,), [Keep(court=(19,)), Keep(court=(20,))], (), ())
        False
    """
    if AGITATOR in hand and any(keep.siege for keep in keeps):
        return True
    if SEDUCER in hand:
        for target, keep in enumerate(keeps):
            if target != player and (
                keep.garrison or (keep.court and len(keep.court) + len(keep.fallen) >= 2)
            ):
                return True
    if SMUGGLER in hand and discard:
        own = keeps[player]
        kinds = {card // 13 for card in discard}
        if HEARTS in kinds and may_add_heart(own):
            return True
        if CLUBS in kinds and may_add_club(own):
            return True
        if SPADES in kinds and any(
            t != player and may_be_besieged(k) for t, k in enumerate(keeps)
        ):
            return True
    return THUG in hand and any(card is not None for card in market)


def _upgrades(card: int, diamonds: tuple[int, ...]) -> list[GarrisonAction]:
    key = (card, diamonds)
    found = _UPGRADE_LISTS.get(key)
    if found is None:
        found = _UPGRADE_LISTS[key] = [
            _upgrade(card, pay) for pay in payment_options(card, diamonds)
        ]
    return found


_HandParts = tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[GarrisonAction, ...],
    bool,
    tuple[list[Trade], ...],
    tuple[int, ...],
    tuple[int, ...],
]


@functools.lru_cache(maxsize=32768)
def _hand_parts(hand: tuple[int, ...]) -> _HandParts:
    """What of the main-phase actions depends on the hand alone: its diamonds (which pay
    for upgrades), its spades (which besiege and fend off), a discard of each card,
    whether it holds an ace (every spy is one), the trades of each card by the card
    taken, its hearts (which upgrade a keep with a court) and its hearts and clubs
    (which upgrade a whole keep), in the hand's order.

    A hand holds at most three cards, so the cache holds every hand there is.
    """
    spades: list[int] = []
    hearts: list[int] = []
    diamonds: list[int] = []
    builders: list[int] = []
    for card in hand:  # one pass: a cache miss is common early in a run
        kind = card // 13
        if kind == SPADES:
            spades.append(card)
        elif kind == HEARTS:
            hearts.append(card)
            builders.append(card)
        elif kind == DIAMONDS:
            diamonds.append(card)
        elif kind == CLUBS:
            builders.append(card)
    return (
        tuple(diamonds),
        tuple(spades),
        tuple(map(_DISCARDS.__getitem__, hand)),
        not SPY_ACES.isdisjoint(hand),
        tuple(map(_TRADES.__getitem__, hand)),
        tuple(hearts),
        tuple(builders),
    )


def _main(state: GarrisonState) -> tuple[GarrisonAction, ...]:
    # Card numbers: spades 0-12, hearts 13-25, diamonds 26-38, clubs 39-51, the Joker 52;
    # a hand is sorted.
    player = state.turn_player
    hand = state.hands[player]
    keeps = state.keeps
    own = keeps[player]
    diamonds, spades, discards, aces, rows, hearts, builders = _hand_parts(hand)
    market = state.market
    takes = [card for card in market if card is not None]
    discard = state.discard
    if discard and not state.took_from_pile:
        takes.append(discard[-1])
    found: list[GarrisonAction] = []
    if diamonds and own.court:
        for card in hearts if own.fallen else builders:
            found += _upgrades(card, diamonds)
    found += [row[take] for row in rows for take in takes]
    if spades:
        targets = [t for t, k in enumerate(keeps) if t != player and k.court]
        if targets:
            found += [_BESIEGES[card][target] for card in spades for target in targets]
        if own.siege:
            levies = sorted(own.siege)
            found += [_FENDS[card][levy] for card in spades for levy in levies]
    if own.fallen:
        for size in range(1, min(len(hand), len(own.fallen)) + 1):
            found += [_rebuild(cards) for cards in itertools.combinations(hand, size)]
    found += discards
    if aces:
        found += spy_actions(player, hand, keeps, discard, market)
    found.append(_END_TURN)
    return tuple(found)


def legal_actions(state: GarrisonState) -> tuple[GarrisonAction, ...]:
    """Every legal action of the player who decides, in the fixed order; () when over.

    Raises:
        ArgumentError: If ``state`` is not a Garrison state.

    Examples:
        >>> from guarda.games.garrison import GarrisonConfig, new_game
        >>> len(legal_actions(new_game(GarrisonConfig(), seed=2))) > 1
        True
    """
    last = LAST_LISTED[0]
    if last[0] is state:
        return last[1]
    if not isinstance(state, GarrisonState):
        raise ArgumentError(f"not a Garrison state: {type(state).__name__}", path="state")
    phase = state.phase
    if phase == "main":
        found = _main(state) if state.hands[state.turn_player] else _END
    elif phase == "window":
        assert state.actor is not None
        player = state.actor
        found = (
            _PASS,
            *spy_actions(player, state.hands[player], state.keeps, state.discard, state.market),
        )
    elif phase == "answer":
        found = _ANSWERS
    else:
        found = ()
    LAST_LISTED[0] = (state, found)
    return found
