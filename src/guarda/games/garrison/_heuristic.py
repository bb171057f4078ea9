"""A simple heuristic player of Garrison, for bots to play against and search with.

It upgrades whenever it can (the biggest card first), rebuilds, fends off a siege that
would take its keep, besieges a keep it can make fall, trades towards an upgrade, and
plays its spies against the leader; otherwise it ends the turn.

Examples:
    >>> import random
    >>> from guarda.games.garrison import GarrisonConfig, GarrisonHeuristic, new_game, view
    >>> state = new_game(GarrisonConfig(), seed=1)
    >>> bot = GarrisonHeuristic()
    >>> mine = view(state, state.actor)
    >>> bot.act(mine, random.Random(1)) in mine.legal_actions
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

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
from guarda.games.garrison._cards import CLUBS, DIAMONDS, HEARTS, JOKER, SPADES, value
from guarda.games.garrison._rules import hand_value, may_add_club, may_add_heart
from guarda.games.garrison._views import GarrisonView

__all__ = ["GarrisonHeuristic"]


def _can_upgrade(hand: Sequence[int], view: GarrisonView) -> int:
    """The biggest card ``hand`` could add to the viewer's keep at once (0 for none)."""
    assert view.player is not None
    keep = view.keeps[view.player]
    pay = sum(value(c) for c in hand if c // 13 == DIAMONDS)
    best = 0
    for card in hand:
        kind = card // 13
        addable = (kind == HEARTS and may_add_heart(keep)) or (
            kind == CLUBS and may_add_club(keep)
        )
        if addable and value(card) <= pay:
            best = max(best, value(card))
    return best


def _usefulness(card: int, view: GarrisonView) -> int:
    assert view.player is not None
    keep = view.keeps[view.player]
    kind = card // 13
    if card == JOKER:
        return 0
    if kind == DIAMONDS:
        return value(card)
    if kind == HEARTS:
        return value(card) if may_add_heart(keep) else 4
    if kind == CLUBS:
        return value(card) if may_add_club(keep) else 2
    return 6 if keep.siege else 3


def _leader(view: GarrisonView) -> int:
    others = [seat for seat in range(view.config.players) if seat != view.player]
    return max(others, key=lambda seat: view.keeps[seat].value)


@attrs.frozen
class GarrisonHeuristic:
    """A heuristic agent: ``act(view, rng)`` picks one of ``view.legal_actions``.

    Satisfies the agents' protocol of the bots layer (a ``name`` and ``act``).
    """

    name: str = "garrison-heuristic"
    """The agent's name."""

    def act(self, view: GarrisonView, rng: random.Random) -> GarrisonAction:
        """The action this agent plays in ``view`` (``rng`` breaks no ties: it is greedy).

        Raises:
            ArgumentError: If ``view`` is no Garrison view in which its player decides.
        """
        if not isinstance(view, GarrisonView) or not view.legal_actions:
            raise ArgumentError("a Garrison view in which the viewer decides", path="view")
        legal = view.legal_actions
        if view.phase == "answer":
            return self._answer(view, legal)
        if view.phase == "window":
            return self._spy(view, legal) or Pass()
        return self._main(view, legal)

    def act_with_policy(
        self, view: GarrisonView, rng: random.Random
    ) -> tuple[GarrisonAction, dict[GarrisonAction, float]]:
        """The action ``act`` plays, with all the probability on it (the bot is greedy).

        Examples:
            >>> import random
            >>> from guarda.games.garrison import GarrisonConfig, new_game, view
            >>> mine = view(new_game(GarrisonConfig(), seed=1), 0)
            >>> action, policy = GarrisonHeuristic().act_with_policy(mine, random.Random(0))
            >>> policy == {action: 1.0}
            True
        """
        action = self.act(view, rng)
        return action, {action: 1.0}

    def _answer(self, view: GarrisonView, legal: Sequence[GarrisonAction]) -> GarrisonAction:
        pending = view.pending
        assert pending is not None and view.player is not None
        spy = pending.spy
        me = view.player
        if spy is None:
            harmful = pending.player != me and hand_value(view.hand) < 20
        elif isinstance(spy, Seduce):
            harmful = spy.target == me
        elif isinstance(spy, Smuggle):
            harmful = spy.target == me or _leader(view) == pending.player
        else:
            harmful = spy.target != me
        return Cancel() if harmful and Cancel() in legal else Pass()

    def _spy(self, view: GarrisonView, legal: Sequence[GarrisonAction]) -> GarrisonAction | None:
        assert view.player is not None
        me = view.player
        target = view.config.target
        leader = _leader(view)
        best: tuple[int, GarrisonAction] | None = None
        for action in legal:
            score = 0
            if isinstance(action, Agitate):
                keep = view.keeps[me]
                if action.target == me and keep.strength > keep.value // 2:
                    score = 20
            elif isinstance(action, Smuggle):
                score = value(action.card) + (4 if action.target is None else 0)
                if action.target is not None and action.target != leader:
                    score = 0
            elif (
                isinstance(action, Seduce)
                and action.target == leader
                and view.keeps[leader].value >= target // 2
            ):
                score = value(action.card) + 5
            if score >= 8 and (best is None or score > best[0]):
                best = (score, action)
        return None if best is None else best[1]

    def _main(self, view: GarrisonView, legal: Sequence[GarrisonAction]) -> GarrisonAction:
        assert view.player is not None
        me = view.player
        keep = view.keeps[me]
        hand = view.hand
        upgrades = [a for a in legal if isinstance(a, Upgrade)]
        if upgrades:
            return max(upgrades, key=lambda a: (value(a.card), -sum(map(value, a.payment))))
        rebuilds = [a for a in legal if isinstance(a, Rebuild)]
        if rebuilds:
            return max(rebuilds, key=lambda a: (len(a.cards), -sum(map(value, a.cards))))
        if keep.siege and keep.strength > keep.value:
            fends = [a for a in legal if isinstance(a, Fend)]
            if fends:
                return max(fends, key=lambda a: (value(a.levy), -value(a.card)))
        spy = self._spy(view, legal)
        if spy is not None and not isinstance(spy, ClearMarket):
            return spy
        target = view.config.target
        sieges = []
        levies = sum(value(card) for card in hand if card // 13 == SPADES)
        for action in legal:
            if isinstance(action, Besiege):
                other = view.keeps[action.target]
                falls = other.strength + value(action.card) > other.value
                if falls or other.strength + levies > other.value or other.value >= target - 12:
                    sieges.append((falls, other.value, value(action.card), action))
        if sieges:
            return max(sieges, key=lambda item: item[:3])[3]
        best_trade: tuple[int, int, Trade] | None = None
        for action in legal:
            if isinstance(action, Trade):
                after = [c for c in hand if c != action.give] + [action.take]
                enables = _can_upgrade(after, view)
                gain = _usefulness(action.take, view) - _usefulness(action.give, view)
                if (enables or gain > 2) and (
                    best_trade is None or (enables, gain) > best_trade[:2]
                ):
                    best_trade = (enables, gain, action)
        if best_trade is not None:
            return best_trade[2]
        if JOKER in hand and hand_value(hand) >= 16 and Discard(JOKER) in legal:
            return Discard(JOKER)
        if len(hand) == 3:
            # A full hand that did nothing this turn: cycle its least useful card.
            discards = [a for a in legal if isinstance(a, Discard) and a.card != JOKER]
            if discards:
                return min(discards, key=lambda a: (_usefulness(a.card, view), a.card))
        return EndTurn()
