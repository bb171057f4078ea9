"""Why an action is illegal: the ruling that forbids it, for the error
[`apply`][guarda.games.garrison.apply] raises.

Examples:
    >>> from guarda.games.garrison import GarrisonConfig, Pass, new_game
    >>> refusal(new_game(GarrisonConfig(), seed=1), Pass()).rule
    'GA9'
"""

from __future__ import annotations

from guarda.errors import IllegalActionError
from guarda.games.garrison._actions import (
    Agitate,
    Besiege,
    Cancel,
    ClearMarket,
    Discard,
    EndTurn,
    Fend,
    Pass,
    Rebuild,
    Seduce,
    Smuggle,
    Trade,
    Upgrade,
)
from guarda.games.garrison._cards import THUG, card_name
from guarda.games.garrison._state import GarrisonState

__all__ = ["refusal"]

_ACES: dict[type, int] = {Agitate: 0, Seduce: 13, Smuggle: 26, ClearMarket: THUG}


def refusal(state: GarrisonState, action: object) -> IllegalActionError:
    """Why ``action`` is illegal in ``state``: the ruling that forbids it."""
    phase = state.phase
    if phase == "over":
        return IllegalActionError("the game is over", rule="GA20", path="action")
    if not isinstance(
        action,
        Upgrade
        | Trade
        | Besiege
        | Fend
        | Rebuild
        | Discard
        | EndTurn
        | Agitate
        | Smuggle
        | ClearMarket
        | Seduce
        | Cancel
        | Pass,
    ):
        return IllegalActionError(f"not a Garrison action: {action!r}", path="action")
    if phase == "answer" and not isinstance(action, Cancel | Pass):
        return IllegalActionError(
            "the Thug's holder may only cancel or pass now", rule="GA10", path="action"
        )
    if isinstance(action, Cancel | Pass) and phase == "main":
        return IllegalActionError(
            "nobody is asking: cancel and pass answer a spy or a window",
            rule="GA9",
            path="action",
        )
    if phase == "window" and not isinstance(
        action, Pass | Agitate | Smuggle | Seduce | ClearMarket
    ):
        return IllegalActionError(
            "out of turn a player may only play a spy or pass", rule="GA9", path="action"
        )
    actor = state.actor
    assert actor is not None
    hand = state.hands[actor]
    cards: tuple[int, ...] = ()
    if isinstance(action, Upgrade):
        cards = (action.card, *action.payment)
    elif isinstance(action, Trade):
        cards = (action.give,)
    elif isinstance(action, Besiege | Fend | Discard):
        cards = (action.card,)
    elif isinstance(action, Rebuild):
        cards = action.cards
    elif isinstance(action, Agitate | Smuggle | Seduce | ClearMarket):
        cards = (_ACES[type(action)],)
    missing = [card for card in cards if card not in hand]
    if missing:
        shown = (
            card_name(missing[0])
            if type(missing[0]) is int and 0 <= missing[0] <= 52
            else (repr(missing[0]))
        )
        return IllegalActionError(
            f"player {actor} does not hold {shown}", rule="GA4", path="action"
        )
    rules = {
        Upgrade: ("the card cannot join this keep or the payment is wrong", "GA3"),
        Trade: ("that card cannot be taken now", "GA5"),
        Besiege: ("that keep cannot be besieged with that card", "GA6"),
        Fend: ("no such levy besieges this keep, or the card is no spade", "GA8"),
        Rebuild: ("the keep has fewer fallen hearts than cards spent", "GA14"),
        Agitate: ("no levies besiege that keep", "GA11"),
        Smuggle: ("that card cannot be put into play from the discard pile", "GA11"),
        Seduce: ("the Seducer cannot take that card", "GA12"),
        ClearMarket: ("the market is empty", "GA11"),
    }
    message, rule = rules.get(type(action), ("not legal here", "GA18"))
    return IllegalActionError(f"{message}: {action!r}", rule=rule, path="action")
