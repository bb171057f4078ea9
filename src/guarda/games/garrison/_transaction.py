"""The one place a Garrison state changes: an action applied to a state.

[`apply`][guarda.games.garrison.apply] checks the action against the legal actions, then
works on a scratch copy of the state and freezes the result (the commonest steps are made
directly, see ``_quick_steps``), so an illegal action raises
[`IllegalActionError`][guarda.IllegalActionError] (naming the ruling) and changes nothing.
The first state comes from [`new_game`][guarda.games.garrison.new_game].

Examples:
    >>> from guarda.games.garrison import EndTurn, GarrisonConfig, apply, new_game
    >>> state = new_game(GarrisonConfig(), seed=1)
    >>> after, events = apply(state, EndTurn())
    >>> after.turns, type(events[0]).__name__
    (1, 'EndedTurn')
"""

from __future__ import annotations

import random

from guarda._construct import maker
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
    CLUBS,
    HEARTS,
    JOKER,
    THUG,
    VALUES,
)
from guarda.games.garrison._events import (
    Agitated,
    Besieged,
    DeckReshuffled,
    DisasterStruck,
    Discarded,
    Drew,
    EndedTurn,
    FendedOff,
    GameEnded,
    GarrisonEvent,
    KeepFell,
    MarketCleared,
    MarketDealt,
    Passed,
    Rebuilt,
    Seduced,
    Smuggled,
    SpyCancelled,
    SpyPlayed,
    StartedTurn,
    Traded,
    Upgraded,
)
from guarda.games.garrison._legal import LAST_LISTED, SPY_ACES, has_spy, legal_actions
from guarda.games.garrison._quick_steps import QUICK_STEPS
from guarda.games.garrison._refusals import refusal
from guarda.games.garrison._rules import (
    HAND_LIMIT,
    hand_value,
    order_from,
    raised_hearts,
    thug_holder,
)
from guarda.games.garrison._state import GarrisonState, Keep, Pending, Phase

__all__ = ["ACES", "apply"]


ACES: dict[type, int] = {Agitate: 0, Seduce: 13, Smuggle: 26, ClearMarket: THUG}
"""The ace each spy action plays."""

# The engine's own constructors (guarda._construct): the same values, made faster.
_make_state = maker(GarrisonState)
_make_keep = maker(Keep)


class _Keep:
    __slots__ = ("court", "fallen", "garrison", "siege")

    def __init__(self, keep: Keep) -> None:
        self.court = list(keep.court)
        self.fallen = list(keep.fallen)
        self.garrison = list(keep.garrison)
        self.siege = list(keep.siege)

    @property
    def value(self) -> int:
        return sum(VALUES[c] for c in self.court) + sum(VALUES[c] for c in self.garrison)

    def freeze(self) -> Keep:
        return _make_keep(
            tuple(self.court), tuple(self.fallen), tuple(self.garrison), tuple(self.siege)
        )


class _Table:
    """A mutable working copy of a state, frozen again at the end of a transaction."""

    __slots__ = (
        "actor",
        "config",
        "deck",
        "discard",
        "events",
        "hands",
        "keeps",
        "keeps_changed",
        "key",
        "market",
        "may_win",
        "pending",
        "phase",
        "players",
        "reshuffles",
        "scores",
        "shown",
        "start_hands",
        "start_keeps",
        "start_shown",
        "took_from_pile",
        "touched",
        "turn_player",
        "turns",
        "window",
        "winner",
    )

    def __init__(self, state: GarrisonState) -> None:
        self.config = state.config
        self.players = state.config.players
        self.key = state.key
        self.deck: list[int] | tuple[int, ...] = state.deck  # a list once drawn from
        self.discard = list(state.discard)
        self.market = list(state.market)
        self.start_hands = state.hands
        self.start_shown = state.shown
        # A hand and its shown cards become lists when first changed (see ``hand``).
        self.hands: list[list[int] | tuple[int, ...]] = list(state.hands)
        self.shown: list[list[int] | tuple[int, ...]] = list(state.shown)
        self.touched: set[int] = set()
        self.start_keeps = state.keeps
        self.keeps: list[Keep | _Keep] = list(state.keeps)
        self.keeps_changed = False
        self.may_win = False
        self.turn_player = state.turn_player
        self.turns = state.turns
        self.phase: Phase = state.phase
        self.actor = state.actor
        self.pending = state.pending
        self.window = list(state.window)
        self.took_from_pile = state.took_from_pile
        self.reshuffles = state.reshuffles
        self.winner = state.winner
        self.scores = state.scores
        self.events: list[GarrisonEvent] = []

    def freeze(self) -> GarrisonState:
        hands, shown = self.start_hands, self.start_shown
        if self.touched:
            new_hands, new_shown = list(hands), list(shown)
            for seat in self.touched:
                new_hands[seat] = tuple(sorted(self.hands[seat]))
                new_shown[seat] = tuple(sorted(self.shown[seat]))
            hands, shown = tuple(new_hands), tuple(new_shown)
        keeps = self.start_keeps
        if self.keeps_changed:
            keeps = tuple([k.freeze() if isinstance(k, _Keep) else k for k in self.keeps])
        return _make_state(
            self.config,
            self.key,
            tuple(self.deck),
            tuple(self.discard),
            tuple(self.market),
            hands,
            shown,
            keeps,
            self.turn_player,
            self.turns,
            self.phase,
            self.actor,
            self.pending,
            tuple(self.window),
            self.took_from_pile,
            self.reshuffles,
            self.winner,
            self.scores,
        )

    def hand(self, player: int) -> list[int]:
        """The player's hand, to be changed; its shown cards become changeable too."""
        hand = self.hands[player]
        if player not in self.touched:
            self.touched.add(player)
            hand = self.hands[player] = list(hand)
            self.shown[player] = list(self.shown[player])
        assert isinstance(hand, list)
        return hand

    def shown_cards(self, player: int) -> list[int]:
        """The shown cards of the player's hand, to be changed."""
        self.hand(player)
        shown = self.shown[player]
        assert isinstance(shown, list)
        return shown

    def keep(self, player: int) -> _Keep:
        """The player's keep, made changeable."""
        keep = self.keeps[player]
        if isinstance(keep, Keep):
            keep = self.keeps[player] = _Keep(keep)
            self.keeps_changed = True
        return keep

    # Cards moving

    def draw(self) -> int | None:
        """The deck's top card; an empty deck is first replaced by the shuffled pile (GA19)."""
        if not self.deck:
            if not self.discard:
                return None
            cards = self.discard
            random.Random(f"{self.key}/reshuffle/{self.reshuffles}").shuffle(cards)
            self.deck = cards
            self.discard = []
            self.reshuffles += 1
            self.events.append(DeckReshuffled(len(cards)))
        deck = self.deck
        if isinstance(deck, tuple):
            deck = self.deck = list(deck)
        return deck.pop(0)

    def draw_hand(self, player: int) -> None:
        hand = self.hand(player)
        drawn: list[int] = []
        while len(hand) < HAND_LIMIT:
            card = self.draw()
            if card is None:
                break
            hand.append(card)
            drawn.append(card)
        if drawn:
            self.events.append(Drew(player, len(drawn), tuple(drawn)))

    def spend(self, player: int, card: int) -> None:
        """Move ``card`` from the player's hand to the top of the discard pile."""
        self.hand(player).remove(card)
        if card in self.shown[player]:
            self.shown_cards(player).remove(card)
        self.discard.append(card)

    def fill_market(self, player: int) -> None:
        """Deal into every empty market space; the Joker strikes for ``player`` (GA16)."""
        for slot in range(3):
            if self.market[slot] is None:
                card = self.draw()
                if card is None:
                    return
                self.market[slot] = card
                self.events.append(MarketDealt(slot, card))
                if card == JOKER:
                    self.pending = Pending(player)

    def fall(self, player: int) -> None:
        """The keep falls: levies, then clubs, discarded; the hearts turned face down."""
        keep = self.keep(player)
        levies, clubs = tuple(keep.siege), tuple(keep.garrison)
        self.discard.extend(levies)
        self.discard.extend(clubs)
        keep.siege.clear()
        keep.garrison.clear()
        keep.fallen.extend(keep.court)
        keep.court.clear()
        self.events.append(KeepFell(player, levies, clubs))

    # Spies and the disaster

    def resolve(self, pending: Pending) -> None:
        spy = pending.spy
        if spy is None:
            self.disaster(pending.player)
        elif isinstance(spy, Agitate):
            keep = self.keep(spy.target)
            levies = tuple(keep.siege)
            self.discard.extend(levies)
            keep.siege.clear()
            self.events.append(Agitated(spy.target, levies))
        elif isinstance(spy, Smuggle):
            self.discard.remove(spy.card)
            kind = spy.card // 13
            keep = self.keep(pending.player if spy.target is None else spy.target)
            self.may_win = True
            row = keep.court if kind == HEARTS else keep.garrison if kind == CLUBS else keep.siege
            row.append(spy.card)
            self.events.append(Smuggled(pending.player, spy.card, spy.target))
        else:
            keep = self.keep(spy.target)
            row = keep.court if spy.card in keep.court else keep.garrison
            row.remove(spy.card)
            self.discard.append(spy.card)
            self.events.append(Seduced(pending.player, spy.target, spy.card))

    def disaster(self, causer: int) -> None:
        """The Joker's disaster (GA16)."""
        order = order_from(self.turn_player, self.players)
        for player in order:
            if self.keeps[player].siege:
                keep = self.keep(player)
                self.discard.extend(keep.siege)
                keep.siege.clear()
        for slot in range(3):
            card = self.market[slot]
            if card is not None:
                self.discard.append(card)
                self.market[slot] = None
        hands = tuple(tuple(sorted(hand)) for hand in self.hands)
        bar = hand_value(hands[causer])
        felled = tuple(
            player
            for player in order
            if player != causer
            and hand_value(hands[player]) <= bar
            and bool(self.keeps[player].court)
        )
        self.events.append(DisasterStruck(causer, hands, felled))
        for player in felled:
            self.fall(player)
        for player in order:
            self.discard.extend(self.hands[player])
            self.hand(player).clear()
            self.shown_cards(player).clear()
        for player in order:
            self.draw_hand(player)

    # Flow

    def winner_now(self) -> int | None:
        if not self.may_win:
            return None
        self.may_win = False
        target = self.config.target
        for player in order_from(self.turn_player, self.players):
            if self.keeps[player].value >= target:
                return player
        return None

    def end(self, winner: int | None) -> None:
        if winner is None:
            scores = tuple(0.5 for _ in range(self.players))
        else:
            scores = tuple(1.0 if p == winner else 0.0 for p in range(self.players))
        self.phase = "over"
        self.actor = None
        self.pending = None
        self.window = []
        self.winner = winner
        self.scores = scores
        self.events.append(GameEnded(scores, winner))

    def advance(self) -> None:
        """Settle what follows an action: a win, the Thug's answer, the spy window (GA9)."""
        while True:
            winner = self.winner_now()
            if winner is not None:
                self.end(winner)
                return
            pending = self.pending
            if pending is None:
                break
            besides = None if pending.spy is None else pending.player
            holder = thug_holder(self.hands, self.turn_player, besides=besides)
            if holder is not None:
                self.phase = "answer"
                self.actor = holder
                return
            self.pending = None
            self.resolve(pending)
        while self.window:
            player = self.window[0]
            hand = self.hands[player]
            if not SPY_ACES.isdisjoint(hand) and has_spy(
                player, hand, self.keeps, self.discard, self.market
            ):
                self.phase = "window"
                self.actor = player
                return
            self.window.pop(0)
        self.phase = "main"
        self.actor = self.turn_player

    def open_window(self, after: int) -> None:
        self.window = [p for p in order_from(after, self.players) if p != after]

    def start_turn(self, player: int) -> None:
        self.turn_player = player
        self.took_from_pile = False
        self.window = []
        self.events.append(StartedTurn(player, self.turns + 1))
        self.fill_market(player)
        self.advance()

    # Actions

    def play_spy(self, player: int, action: GarrisonAction) -> None:
        ace = ACES[type(action)]
        self.spend(player, ace)
        self.events.append(SpyPlayed(player, ace))
        if isinstance(action, ClearMarket):
            cards = tuple(card for card in self.market if card is not None)
            self.discard.extend(cards)
            self.market = [None, None, None]
            self.events.append(MarketCleared(player, cards))
            self.fill_market(player)
        else:
            assert isinstance(action, Agitate | Smuggle | Seduce)
            self.pending = Pending(player, action)

    def main_action(self, player: int, action: GarrisonAction) -> None:
        joker = False
        if isinstance(action, Upgrade):
            for card in action.payment:
                self.spend(player, card)
            self.hand(player).remove(action.card)
            if action.card in self.shown[player]:
                self.shown_cards(player).remove(action.card)
            keep = self.keep(player)
            self.may_win = True
            (keep.court if action.card // 13 == HEARTS else keep.garrison).append(action.card)
            self.events.append(Upgraded(player, action.card, action.payment))
        elif isinstance(action, Trade):
            slot = next((i for i, c in enumerate(self.market) if c == action.take), None)
            if slot is None:
                self.discard.pop()
                self.took_from_pile = True
            else:
                self.market[slot] = None
            self.spend(player, action.give)
            self.hand(player).append(action.take)
            self.shown_cards(player).append(action.take)
            self.events.append(Traded(player, action.give, action.take))
            joker = action.give == JOKER
        elif isinstance(action, Besiege):
            self.hand(player).remove(action.card)
            if action.card in self.shown[player]:
                self.shown_cards(player).remove(action.card)
            self.keep(action.target).siege.append(action.card)
            self.events.append(Besieged(player, action.target, action.card))
        elif isinstance(action, Fend):
            self.spend(player, action.card)
            self.keep(player).siege.remove(action.levy)
            self.discard.append(action.levy)
            self.events.append(FendedOff(player, action.card, action.levy))
        elif isinstance(action, Rebuild):
            for card in action.cards:
                self.spend(player, card)
            keep = self.keep(player)
            self.may_win = True
            raised = raised_hearts(keep.fallen, len(action.cards))
            for card in raised:
                keep.fallen.remove(card)
                keep.court.append(card)
            self.events.append(Rebuilt(player, action.cards, raised))
            joker = JOKER in action.cards
        elif isinstance(action, Discard):
            self.spend(player, action.card)
            self.events.append(Discarded(player, action.card))
            joker = action.card == JOKER
        else:
            self.play_spy(player, action)
        if joker:
            self.pending = Pending(player)

    def end_turn(self) -> None:
        player = self.turn_player
        self.events.append(EndedTurn(player))
        for seat in order_from(player, self.players):
            keep = self.keeps[seat]
            if keep.siege and sum(VALUES[c] for c in keep.siege) > keep.value:
                self.fall(seat)
        self.draw_hand(player)
        self.turns += 1
        if self.turns >= self.config.turn_limit:
            self.end(None)
            return
        self.start_turn((player + 1) % self.players)


def apply(
    state: GarrisonState, action: GarrisonAction
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]]:
    """The state after ``action`` and the events it caused.

    Raises:
        ArgumentError: If ``state`` is not a Garrison state.
        IllegalActionError: If ``action`` is not legal, naming the ruling; nothing changes.

    Examples:
        >>> from guarda.games.garrison import GarrisonConfig, Pass, new_game
        >>> apply(new_game(GarrisonConfig(), seed=1), Pass())
        Traceback (most recent call last):
        ...
        guarda.errors.IllegalActionError: action: nobody is asking: ... (GA9)
    """
    if not isinstance(state, GarrisonState):
        raise ArgumentError(f"not a Garrison state: {type(state).__name__}", path="state")
    last = LAST_LISTED[0]  # legal_actions(state) without its call, when just listed
    legal = last[1] if last[0] is state else legal_actions(state)
    # The listed actions are shared objects: find the very one first (a plain loop beats
    # any(map(operator.is_, ...)) on lists this short), then an equal one.
    for listed in legal:
        if listed is action:
            break
    else:
        try:
            allowed = action in legal
        except TypeError:
            allowed = False
        if not allowed:
            raise refusal(state, action)
    actor = state.actor
    assert actor is not None
    step = QUICK_STEPS.get(type(action))
    quick = None if step is None else step(state, actor, action)
    if quick is not None:
        return quick
    return _slow(state, actor, action)


def _slow(
    state: GarrisonState, actor: int, action: GarrisonAction
) -> tuple[GarrisonState, tuple[GarrisonEvent, ...]]:
    """Any legal action, applied to a scratch copy of ``state``."""
    table = _Table(state)
    if state.phase == "main":
        if isinstance(action, EndTurn):
            table.end_turn()
        else:
            table.main_action(actor, action)
            table.open_window(actor)
            table.advance()
    elif state.phase == "window":
        table.window.pop(0)
        if isinstance(action, Pass):
            table.events.append(Passed(actor))
        else:
            table.play_spy(actor, action)
        table.advance()
    else:
        pending = table.pending
        assert pending is not None
        table.pending = None
        if isinstance(action, Cancel):
            table.spend(actor, THUG)
            if pending.spy is None:
                if JOKER in table.market:
                    table.market[table.market.index(JOKER)] = None
                    table.discard.append(JOKER)
                table.events.append(SpyCancelled(actor, JOKER))
            else:
                table.events.append(SpyCancelled(actor, ACES[type(pending.spy)]))
        else:
            table.events.append(Passed(actor))
            table.resolve(pending)
        table.advance()
    return table.freeze(), tuple(table.events)
