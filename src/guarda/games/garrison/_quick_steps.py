"""The commonest Garrison steps, made directly on frozen values without a scratch copy.

[`apply`][guarda.games.garrison.apply] checks legality, then asks
``quick_step`` first: a trade or a discard (not the Joker), a siege, an upgrade or a
rebuild that wins nothing and pays no Joker, a pass in the spy window, an end of turn
that needs no reshuffle, deals no Joker and does not reach the turn limit, and a spy
(the Agitator, the Seducer or the Smuggler) that no one may cancel and that wins
nothing. Anything else
(None here) goes to the scratch copy, which gives the same state and events for these
too (a test compares them on random games).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

from guarda._construct import maker
from guarda.games.garrison._actions import (
    Agitate,
    Besiege,
    Discard,
    EndTurn,
    GarrisonAction,
    Pass,
    Rebuild,
    Seduce,
    Smuggle,
    Trade,
    Upgrade,
)
from guarda.games.garrison._cards import AGITATOR, CLUBS, HEARTS, JOKER, SEDUCER, SMUGGLER
from guarda.games.garrison._events import (
    Agitated,
    Besieged,
    Discarded,
    Drew,
    EndedTurn,
    GarrisonEvent,
    KeepFell,
    MarketDealt,
    Passed,
    Rebuilt,
    Seduced,
    Smuggled,
    SpyPlayed,
    StartedTurn,
    Traded,
    Upgraded,
)
from guarda.games.garrison._legal import SPY_ACES, has_spy
from guarda.games.garrison._rules import HAND_LIMIT, order_from, raised_hearts, thug_holder
from guarda.games.garrison._state import GarrisonState, Keep

__all__ = ["QUICK_STEPS", "quick_step"]

_Step = tuple[GarrisonState, tuple[GarrisonEvent, ...]]


def _next_asked(
    window: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    keeps: tuple[Keep, ...],
    discard: tuple[int, ...],
    market: tuple[int | None, ...],
) -> tuple[int, ...]:
    """The spy window from its first player with a spy to play (GA9); () for none."""
    for index, player in enumerate(window):
        hand = hands[player]
        if not SPY_ACES.isdisjoint(hand) and has_spy(player, hand, keeps, discard, market):
            return window[index:]
    return ()


def _end_turn(
    state: GarrisonState, player: int, action: EndTurn
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    """Ending the turn made directly when nothing but falls and drawing happens: the deck
    holds every card drawn (no reshuffle), no Joker is dealt to the market and the turn
    limit is not reached. None otherwise.
    """
    turns = state.turns + 1
    config = state.config
    if turns >= config.turn_limit or state.pending is not None:
        return None
    keeps = state.keeps
    discard = state.discard
    events: list[GarrisonEvent] = [_ENDED[player]]
    for seat in order_from(player, config.players):
        keep = keeps[seat]
        if keep.siege and keep.strength > keep.value:  # the keep falls (GA7)
            levies, clubs = keep.siege, keep.garrison
            discard = (*discard, *levies, *clubs)
            fallen = list(keeps)
            fallen[seat] = _make_keep((), (*keep.fallen, *keep.court), (), ())
            keeps = tuple(fallen)
            events.append(KeepFell(seat, levies, clubs))
    hands = state.hands
    hand = hands[player]
    market = state.market
    wanted = HAND_LIMIT - len(hand) if len(hand) < HAND_LIMIT else 0
    empty = [slot for slot in (0, 1, 2) if market[slot] is None] if None in market else []
    deck = state.deck
    used = wanted + len(empty)
    if len(deck) < used:
        return None
    following = (player + 1) % config.players
    if wanted:
        drawn = deck[:wanted]
        events.append(_make_drew(player, wanted, drawn))
        hands = _put(hands, player, tuple(sorted((*hand, *drawn))))
    events.append(_started(following, turns + 1))
    if empty:
        filled = list(market)
        for slot, card in zip(empty, deck[wanted:used], strict=True):
            if card == JOKER:
                return None
            filled[slot] = card
            events.append(_DEALT[slot][card])
        market = tuple(filled)
    return _make_state(
        config,
        state.key,
        deck[used:],
        discard,
        market,
        hands,
        state.shown,
        keeps,
        following,
        turns,
        "main",
        following,
        None,
        (),
        False,
        state.reshuffles,
        None,
        None,
    ), tuple(events)


def _after_hand(
    state: GarrisonState,
    actor: int,
    card: int,
    take: int | None,
    event: GarrisonEvent,
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]]:
    """The state after the actor spent ``card`` (not the Joker) on the discard pile and,
    for a trade, took ``take`` from the market or the pile, with the spy window opened."""
    shown = state.shown
    discard, market, took = state.discard, state.market, state.took_from_pile
    mine = shown[actor]
    if card in mine:
        mine = tuple([c for c in mine if c != card])
    hands = state.hands
    hand = list(hands[actor])
    hand.remove(card)
    if take is not None:
        if take in market:
            slot = market.index(take)
            market = (*market[:slot], None, *market[slot + 1 :])
        else:
            discard = discard[:-1]
            took = True
        hand.append(take)
        mine = tuple(sorted((*mine, take)))
    hand.sort()
    next_seat = actor + 1  # _put, inlined
    if mine is not shown[actor]:
        shown = (*shown[:actor], mine, *shown[next_seat:])
    hands = (*hands[:actor], tuple(hand), *hands[next_seat:])
    after = _window_opened(state, actor, hands, shown, state.keeps, (*discard, card), market, took)
    return after, (event,)


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``value`` at ``index``."""
    return (*values[:index], value, *values[index + 1 :])


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The sorted ``hand`` without one ``card`` (still sorted)."""
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _window_opened(
    state: GarrisonState,
    actor: int,
    hands: tuple[tuple[int, ...], ...],
    shown: tuple[tuple[int, ...], ...],
    keeps: tuple[Keep, ...],
    discard: tuple[int, ...],
    market: tuple[int | None, ...],
    took: bool,
) -> GarrisonState:
    """The state with these cards after the actor's main action, the spy window opened
    on the first other player with a spy to play (GA9)."""
    window = _OTHERS[state.config.players][actor]
    for index, player in enumerate(window):  # _next_asked, inlined
        hand = hands[player]
        if not SPY_ACES.isdisjoint(hand) and has_spy(player, hand, keeps, discard, market):
            window = window[index:]
            break
    else:
        window = ()
    return _make_state(
        state.config,
        state.key,
        state.deck,
        discard,
        market,
        hands,
        shown,
        keeps,
        state.turn_player,
        state.turns,
        "window" if window else "main",
        window[0] if window else state.turn_player,
        None,
        window,
        took,
        state.reshuffles,
        None,
        None,
    )


def _besiege(
    state: GarrisonState, actor: int, action: Besiege
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    if state.pending is not None:
        return None
    card, target = action.card, action.target
    shown = state.shown
    mine = shown[actor]
    if card in mine:
        shown = _put(shown, actor, tuple([c for c in mine if c != card]))
    keeps = state.keeps
    keep = keeps[target]
    keeps = _put(
        keeps, target, _make_keep(keep.court, keep.fallen, keep.garrison, (*keep.siege, card))
    )
    after = _window_opened(
        state,
        actor,
        _put(state.hands, actor, _without(state.hands[actor], card)),
        shown,
        keeps,
        state.discard,
        state.market,
        state.took_from_pile,
    )
    return after, (_BESIEGED[actor][target][card],)


def _built(
    state: GarrisonState,
    actor: int,
    spent: tuple[int, ...],
    placed: int | None,
    keep: Keep,
    event: GarrisonEvent,
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    """The state after the actor paid ``spent`` onto the discard pile and put ``placed``
    (or nothing) into their keep, now ``keep``; None when a keep reaches the target or a
    Joker is paid (the scratch copy ends the game or asks the Thug)."""
    if JOKER in spent or state.pending is not None:
        return None
    keeps = list(state.keeps)
    keeps[actor] = keep
    target = state.config.target
    for each in keeps:
        if each.value >= target:
            return None
    gone = spent if placed is None else (*spent, placed)
    hands, shown = state.hands, state.shown
    hand = list(hands[actor])
    for card in gone:
        hand.remove(card)
    new_hands = list(hands)
    new_hands[actor] = tuple(hand)
    mine = shown[actor]
    if not mine or not any(card in mine for card in gone):
        new_shown = shown
    else:
        changed = list(shown)
        changed[actor] = tuple([card for card in mine if card not in gone])
        new_shown = tuple(changed)
    after = _window_opened(
        state,
        actor,
        tuple(new_hands),
        new_shown,
        tuple(keeps),
        (*state.discard, *spent),
        state.market,
        state.took_from_pile,
    )
    return after, (event,)


def _upgrade(
    state: GarrisonState, actor: int, action: Upgrade
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    card = action.card
    keep = state.keeps[actor]
    if card // 13 == HEARTS:
        keep = _make_keep((*keep.court, card), keep.fallen, keep.garrison, keep.siege)
    else:
        keep = _make_keep(keep.court, keep.fallen, (*keep.garrison, card), keep.siege)
    event = Upgraded(actor, card, action.payment)
    return _built(state, actor, action.payment, card, keep, event)


def _rebuild(
    state: GarrisonState, actor: int, action: Rebuild
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    cards = action.cards
    keep = state.keeps[actor]
    raised = raised_hearts(keep.fallen, len(cards))
    fallen = list(keep.fallen)
    for card in raised:
        fallen.remove(card)
    keep = _make_keep((*keep.court, *raised), tuple(fallen), keep.garrison, keep.siege)
    return _built(state, actor, cards, None, keep, Rebuilt(actor, cards, raised))


def _trade(
    state: GarrisonState, actor: int, action: Trade
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    give = action.give
    if give == JOKER:
        return None
    return _after_hand(state, actor, give, action.take, _make_traded(actor, give, action.take))


def _discard(
    state: GarrisonState, actor: int, action: Discard
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    card = action.card
    if card == JOKER:
        return None
    return _after_hand(state, actor, card, None, _DISCARDED[actor][card])


def _pass(
    state: GarrisonState, actor: int, action: Pass
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    if state.phase != "window":
        return None
    keeps, discard, market = state.keeps, state.discard, state.market
    window = _next_asked(state.window[1:], state.hands, keeps, discard, market)
    return _make_state(
        state.config,
        state.key,
        state.deck,
        discard,
        market,
        state.hands,
        state.shown,
        keeps,
        state.turn_player,
        state.turns,
        "window" if window else "main",
        window[0] if window else state.turn_player,
        None,
        window,
        state.took_from_pile,
        state.reshuffles,
        None,
        None,
    ), (_PASSED[actor],)


def _spy(
    state: GarrisonState, actor: int, action: Agitate | Seduce | Smuggle
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    """A spy that nobody may cancel (no other player holds the Thug, GA10), resolved at
    once (GA11, GA12), in the main phase or the spy window; None when the Thug's holder
    must answer or a smuggled card makes a keep reach the target (the scratch copy asks
    or ends the game)."""
    phase = state.phase
    if state.pending is not None or phase == "answer":
        return None
    hands = state.hands
    if thug_holder(hands, state.turn_player, besides=actor) is not None:
        return None
    ace = _SPY_ACES[type(action)]
    hand = list(hands[actor])
    hand.remove(ace)
    next_seat = actor + 1
    hands = (*hands[:actor], tuple(sorted(hand)), *hands[next_seat:])
    shown = state.shown
    mine = shown[actor]
    if ace in mine:
        shown = (*shown[:actor], tuple([c for c in mine if c != ace]), *shown[next_seat:])
    discard = (*state.discard, ace)
    keeps = state.keeps
    event: GarrisonEvent
    if isinstance(action, Agitate):
        seat = action.target
        keep = keeps[seat]
        levies = keep.siege
        discard = (*discard, *levies)
        keep = _make_keep(keep.court, keep.fallen, keep.garrison, ())
        event = Agitated(seat, levies)
    elif isinstance(action, Smuggle):
        card = action.card
        index = discard.index(card)
        discard = discard[:index] + discard[index + 1 :]
        seat = actor if action.target is None else action.target
        keep = keeps[seat]
        kind = card // 13
        if kind == HEARTS:
            keep = _make_keep((*keep.court, card), keep.fallen, keep.garrison, keep.siege)
        elif kind == CLUBS:
            keep = _make_keep(keep.court, keep.fallen, (*keep.garrison, card), keep.siege)
        else:
            keep = _make_keep(keep.court, keep.fallen, keep.garrison, (*keep.siege, card))
        event = Smuggled(actor, card, action.target)
    else:
        seat, card = action.target, action.card
        keep = keeps[seat]
        if card in keep.court:
            court = tuple([c for c in keep.court if c != card])
            keep = _make_keep(court, keep.fallen, keep.garrison, keep.siege)
        else:
            garrison = tuple([c for c in keep.garrison if c != card])
            keep = _make_keep(keep.court, keep.fallen, garrison, keep.siege)
        discard = (*discard, card)
        event = Seduced(actor, seat, card)
    keeps = (*keeps[:seat], keep, *keeps[seat + 1 :])
    if isinstance(action, Smuggle):
        target = state.config.target
        for each in keeps:
            if each.value >= target:
                return None
    others = _OTHERS[state.config.players][actor] if phase == "main" else state.window[1:]
    market = state.market
    window = _next_asked(others, hands, keeps, discard, market)
    return _make_state(
        state.config,
        state.key,
        state.deck,
        discard,
        market,
        hands,
        shown,
        keeps,
        state.turn_player,
        state.turns,
        "window" if window else "main",
        window[0] if window else state.turn_player,
        None,
        window,
        state.took_from_pile,
        state.reshuffles,
        None,
        None,
    ), (SpyPlayed(actor, ace), event)


def quick_step(
    state: GarrisonState, actor: int, action: GarrisonAction
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]] | None:
    """``action`` (legal, by ``actor``) applied directly, or None where the scratch copy
    must do it (see the module).

    Each gives what the scratch copy gives (a test compares them): none of the steps made
    here ends the game, strikes a disaster or starts a pending spy.
    """
    step = QUICK_STEPS.get(type(action))
    return None if step is None else step(state, actor, action)


QUICK_STEPS: Final[dict[type, Callable[[GarrisonState, int, Any], _Step | None]]] = {
    Trade: _trade,
    Discard: _discard,
    Pass: _pass,
    EndTurn: _end_turn,
    Besiege: _besiege,
    Upgrade: _upgrade,
    Rebuild: _rebuild,
    Agitate: _spy,
    Seduce: _spy,
    Smuggle: _spy,
}
"""The quick step of each type of action: ``quick_step`` without its call, for ``apply``."""
# The others of the spy window after each seat's action, clockwise (GA9).
_OTHERS: dict[int, tuple[tuple[int, ...], ...]] = {
    players: tuple(order_from(seat, players)[1:] for seat in range(players))
    for players in range(1, 7)
}
# The engine's own constructors (guarda._construct): the same values, made faster.
_make_state: Final = maker(GarrisonState)
_make_keep: Final = maker(Keep)
_make_drew: Final = maker(Drew)
_make_traded: Final = maker(Traded)
_SPY_ACES: Final = {Agitate: AGITATOR, Seduce: SEDUCER, Smuggle: SMUGGLER}
# Shared events (frozen values), one object each.
_SEATS: Final = range(6)
_ENDED: Final = tuple(EndedTurn(seat) for seat in _SEATS)
_PASSED: Final = tuple(Passed(seat) for seat in _SEATS)
_DISCARDED: Final = tuple(tuple(Discarded(seat, card) for card in range(53)) for seat in _SEATS)
_DEALT: Final = tuple(tuple(MarketDealt(slot, card) for card in range(53)) for slot in range(3))
_BESIEGED: Final = tuple(
    tuple(tuple(Besieged(seat, target, card) for card in range(13)) for target in _SEATS)
    for seat in _SEATS
)
_started: Final = functools.lru_cache(maxsize=4096)(StartedTurn)
