"""The one module that changes an On Guard state: apply an action, get the new state and events.

Examples:
    >>> from guarda.games.on_guard import ON_GUARD, Add, Done, apply
    >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
    >>> state, events = apply(state, Add(10))
    >>> state, events = apply(state, Done())
    >>> events
    (SelectionMade(player=0),)
    >>> state.actor
    1
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Final

import attrs

from guarda._construct import maker
from guarda.errors import ArgumentError, IllegalActionError

from ._actions import Action, Add, Done
from ._cards import ACTION_CARDS, CARDS, is_action, starting_hand
from ._config import OnGuardConfig
from ._events import (
    BarrageBegan,
    BarrageRevealed,
    BoutEnded,
    CardSelected,
    Event,
    ExchangeScored,
    FinalAttackMade,
    GameWon,
    SelectionMade,
    SelectionsRevealed,
)
from ._legal import explain_illegal, legal_actions
from ._rules import combined_attack, exchange_hits, ignored_card
from ._state import OnGuardState, Pair

__all__ = ["apply", "new_game", "odds_seat"]

_EMPTY: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())


def odds_seat(seed: int, salt: str = "") -> int:
    """The seat that plays odds in a Barrage: the coin toss of the deal (OG9).

    The first byte of the SHA-256 digest of ``on-guard/{seed}/{salt}`` (UTF-8): even
    gives seat 0 odds, odd gives seat 1 odds.

    Examples:
        >>> odds_seat(1), odds_seat(1, "x") in (0, 1)
        (0, True)
    """
    digest = hashlib.sha256(f"on-guard/{seed}/{salt}".encode()).digest()
    return digest[0] % 2


def new_game(config: OnGuardConfig, seed: int, *, salt: str = "") -> OnGuardState:
    """The first state: both hands dealt (OG10), odds decided by ``seed`` and ``salt`` (OG9).

    Raises:
        ArgumentError: If ``config`` is not an
            [`OnGuardConfig`][guarda.games.on_guard.OnGuardConfig], ``seed`` not an int or
            ``salt`` not a str.

    Examples:
        >>> from guarda.games.on_guard import OnGuardConfig
        >>> new_game(OnGuardConfig(jokers=True), seed=4).hands[0][-1]
        14
    """
    if not isinstance(config, OnGuardConfig):
        raise ArgumentError(f"not an On Guard configuration: {config!r}", path="config")
    if type(seed) is not int:
        raise ArgumentError(f"seed must be an int, not {seed!r}", path="seed")
    if not isinstance(salt, str):
        raise ArgumentError(f"salt must be a str, not {salt!r}", path="salt")
    hand = starting_hand(config.jokers, config.techniques)
    return OnGuardState(
        config=config,
        hands=(hand, hand),
        selections=_EMPTY,
        chosen=(False, False),
        discards=_EMPTY,
        phase="bout",
        actor=0,
        hits=(0, 0),
        barrage_hits=(0, 0),
        odds=odds_seat(seed, salt),
        turns=0,
        revealed=_EMPTY,
        winner=None,
    )


def _pair(values: Pair, seat: int, value: tuple[int, ...]) -> Pair:
    return (value, values[1]) if seat == 0 else (values[0], value)


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def apply(state: OnGuardState, action: Action) -> tuple[OnGuardState, tuple[Event, ...]]:
    """The state after ``action`` and the events it caused.

    Raises:
        ArgumentError: If ``state`` or ``action`` is not one of On Guard's.
        IllegalActionError: If the rules forbid ``action`` here; ``rule`` names the
            ruling. ``state`` is unchanged (it is a frozen value).

    Examples:
        >>> from guarda.games.on_guard import ON_GUARD, Done
        >>> state = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
        >>> apply(state, Done())
        Traceback (most recent call last):
        ...
        guarda.errors.IllegalActionError: action: a selection needs at least one action card (OG3)
    """
    if not isinstance(state, OnGuardState):
        raise ArgumentError(f"not an On Guard state: {state!r}", path="state")
    legal = legal_actions(state)
    # The listed actions are shared objects: find the very one first, then an equal one.
    for listed in legal:
        if listed is action:
            break
    else:
        if not isinstance(action, Add | Done):
            raise ArgumentError(f"not an On Guard action: {action!r}", path="action")
        if action not in legal:
            problem = explain_illegal(state, action)
            assert problem is not None
            raise IllegalActionError(problem[1], rule=problem[0], path="action")
    actor = state.actor
    assert actor is not None
    phase = state.phase
    hands, selections = state.hands, state.selections
    if isinstance(action, Add):
        card = action.card
        hands = _pair(hands, actor, _remove(hands[actor], card))
        selections = _pair(selections, actor, (*selections[actor], card))
        if phase != "barrage":
            after = _make_state(
                state.config,
                hands,
                selections,
                state.chosen,
                state.discards,
                phase,
                actor,
                state.hits,
                state.barrage_hits,
                state.odds,
                state.turns,
                state.revealed,
                state.winner,
            )
            return after, (_CARD_SELECTED[actor][card],)
        events: list[Event] = [_CARD_SELECTED[actor][card], _SELECTION_MADE[actor]]
    else:
        events = [_SELECTION_MADE[actor]]
    if phase == "final":
        after = _final_attack(state, hands, selections, actor, events)
    elif actor == 0:
        after = _make_state(
            state.config,
            hands,
            selections,
            (True, state.chosen[1]),
            state.discards,
            phase,
            1,
            state.hits,
            state.barrage_hits,
            state.odds,
            state.turns,
            state.revealed,
            state.winner,
        )
    elif phase == "bout":
        after = _bout_turn(state, hands, selections, events)
    else:
        after = _barrage_turn(state, hands, selections, events)
    return after, tuple(events)


def _revealed(
    state: OnGuardState,
    hands: Pair,
    selections: Pair,
    hits: tuple[int, int],
    barrage_hits: tuple[int, int],
) -> OnGuardState:
    """The state once both ``selections`` are revealed and discarded, seat 0 to act."""
    discards = state.discards
    return _make_state(
        state.config,
        hands,
        _EMPTY,
        (False, False),
        (
            tuple(sorted((*discards[0], *selections[0]))),
            tuple(sorted((*discards[1], *selections[1]))),
        ),
        state.phase,
        0,
        hits,
        barrage_hits,
        state.odds,
        state.turns + 1,
        selections,
        state.winner,
    )


@lru_cache(maxsize=4096)
def _exchange(
    first: tuple[int, ...], second: tuple[int, ...]
) -> tuple[SelectionsRevealed, tuple[tuple[int, int], ...]]:
    """The reveal of a bout turn's selections and its ``exchange_hits`` (a pure query)."""
    ignored = (ignored_card(first, second), ignored_card(second, first))
    return SelectionsRevealed((first, second), ignored), exchange_hits(first, second)


def _has_action(hand: tuple[int, ...]) -> bool:
    return bool(hand) and min(hand) <= _LAST_ACTION


def _bout_turn(
    state: OnGuardState, hands: Pair, selections: Pair, events: list[Event]
) -> OnGuardState:
    revealed, (attack, parry, attack_hits, riposte_hits) = _exchange(*selections)
    events.append(revealed)
    hits = (
        state.hits[0] + attack_hits[0] + riposte_hits[0],
        state.hits[1] + attack_hits[1] + riposte_hits[1],
    )
    events.append(_make_scored(attack, parry, attack_hits, riposte_hits, hits))
    after = _revealed(state, hands, selections, hits, state.barrage_hits)
    left = (_has_action(hands[0]), _has_action(hands[1]))
    if left[0] and left[1]:
        return after
    attacker = 0 if left[0] else 1 if left[1] else None
    events.append(BoutEnded(attacker))
    if attacker is not None:
        return attrs.evolve(after, phase="final", actor=attacker)
    return _decide(after, events)


def _final_attack(
    state: OnGuardState, hands: Pair, selections: Pair, attacker: int, events: list[Event]
) -> OnGuardState:
    cards = selections[attacker]
    scored = combined_attack(cards)
    hits = (
        (state.hits[0] + scored, state.hits[1])
        if attacker == 0
        else (
            state.hits[0],
            state.hits[1] + scored,
        )
    )
    events.append(FinalAttackMade(attacker, cards, scored, hits))
    return _decide(_revealed(state, hands, selections, hits, state.barrage_hits), events)


def _decide(state: OnGuardState, events: list[Event]) -> OnGuardState:
    first, second = state.hits
    if first != second:
        return _win(state, 0 if first > second else 1, events)
    events.append(BarrageBegan(state.odds))
    hands = (
        tuple(sorted((*state.hands[0], *(c for c in state.discards[0] if is_action(c))))),
        tuple(sorted((*state.hands[1], *(c for c in state.discards[1] if is_action(c))))),
    )
    discards = (
        tuple(c for c in state.discards[0] if not is_action(c)),
        tuple(c for c in state.discards[1] if not is_action(c)),
    )
    return attrs.evolve(state, phase="barrage", actor=0, hands=hands, discards=discards)


def _barrage_turn(
    state: OnGuardState, hands: Pair, selections: Pair, events: list[Event]
) -> OnGuardState:
    cards = (selections[0][0], selections[1][0])
    scorer = state.odds if sum(cards) % 2 else 1 - state.odds
    barrage_hits = (
        state.barrage_hits[0] + (scorer == 0),
        state.barrage_hits[1] + (scorer == 1),
    )
    events.append(BarrageRevealed(cards, scorer, barrage_hits))
    after = _revealed(state, hands, selections, state.hits, barrage_hits)
    if barrage_hits[scorer] == 3:
        return _win(after, scorer, events)
    return after


def _win(state: OnGuardState, winner: int, events: list[Event]) -> OnGuardState:
    events.append(GameWon(winner, state.hits, state.barrage_hits))
    return attrs.evolve(state, phase="over", actor=None, winner=winner)


# The engine's own constructors (guarda._construct): the same values, made faster.
_make_state: Final = maker(OnGuardState)
_make_scored: Final = maker(ExchangeScored)
# Shared events (frozen values): one object per seat and card.
_CARD_SELECTED: Final = tuple({c: CardSelected(seat, c) for c in CARDS} for seat in (0, 1))
_SELECTION_MADE: Final = (SelectionMade(0), SelectionMade(1))
_LAST_ACTION: Final = max(ACTION_CARDS)
