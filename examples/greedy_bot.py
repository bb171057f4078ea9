"""A greedy bot that decides from its player's view alone, against a random bot.

This example is also a short tutorial on [guarda.rules][]: the bot never does the card
geometry itself. It reads only its view ([guarda.view][]: the public table, its own hand
and guard) and asks [guarda.rules][] the rule questions, one phase at a time:

- **setup**: place the piece on the first cell the setup cards allow
  ([`placement_cells`][guarda.rules.placement_cells], R9);
- **draw**: throw away the cards that hit nobody now
  ([`hand_target`][guarda.rules.hand_target], R12);
- **act**: attack with every card that hits an opponent
  ([`attack_damage`][guarda.rules.attack_damage], R15); with none, prepare a guard, one that
  would block critically if possible ([`covered_cells`][guarda.rules.covered_cells], R20);
- **react**: defend with the hand, or activate a set guard when the hand cannot block
  everything ([`defence_cards`][guarda.rules.defence_cards],
  [`blocked_damage`][guarda.rules.blocked_damage], R19, R20);
- **move** and **settle**: keep the cards (moving is left to the reader: see
  [`reachable_cells`][guarda.rules.reachable_cells]).

Run it with ``python examples/greedy_bot.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import guarda
from guarda import GuardStatus, Orientation, Phase, PlayerView, rules

Bot = Callable[[PlayerView], guarda.Action]
"""A bot picks one of ``view.legal_actions``."""


def damage(view: PlayerView, card: str) -> int:
    """The damage the viewer would deal by attacking with ``card`` alone (R15)."""
    return rules.attack_damage(view, (card,))


def blocks_critically(view: PlayerView, card: str) -> bool:
    """Whether a guard of ``card``, set to block, would be a critical block (R20).

    A block is critical when the guard, turned around, covers its owner's own cell.
    """
    assert view.player is not None
    cell = view.players[view.player].position
    return cell in rules.covered_cells(view.config, view.player, card, Orientation.DEFENSIVE)


def guard_card(view: PlayerView) -> str | None:
    """The hand card to prepare as a guard: one that would block critically, if any."""
    if not view.hand:
        return None
    blockers = [card for card in view.hand if blocks_critically(view, card)]
    return blockers[0] if blockers else view.hand[0]


def greedy_bot(view: PlayerView) -> guarda.Action:
    """Pick an action from the view alone.

    Args:
        view: The view of the player who must decide now.

    Returns:
        One of ``view.legal_actions``.
    """
    match view.phase:
        case Phase.SETUP:
            return guarda.PlacePiece(rules.placement_cells(view)[0])
        case Phase.DISCARD:
            # Trim the hand to its target size, keeping the cards that hit someone now.
            excess = len(view.hand) - rules.hand_target(view)
            least_harmful = sorted(view.hand, key=lambda card: (damage(view, card), card))
            return guarda.DiscardDown(least_harmful[:excess])
        case Phase.ACT:
            # Damage adds up card by card, so the strongest attack plays every card that hits.
            hitting = [card for card in view.hand if damage(view, card) > 0]
            if hitting:
                return guarda.Attack(hitting)
            card = guard_card(view)
            if view.guard is None and card is not None:
                return guarda.PrepareGuard(card)
            return guarda.Pass()
        case Phase.SET_GUARD:
            assert view.guard is not None
            block = blocks_critically(view, view.guard.card)
            return guarda.SetGuard(Orientation.DEFENSIVE if block else Orientation.OFFENSIVE)
        case Phase.REACT | Phase.COUNTER:
            assert view.attack is not None
            # The hand cards that, turned around, cover our own cell block 1 damage each.
            cards = rules.defence_cards(view)
            blocked = rules.blocked_damage(view, cards)  # one card per point of damage
            guard_is_set = view.guard is not None and view.guard.status is GuardStatus.SET
            if view.phase is Phase.REACT and guard_is_set and view.attack.damage > blocked:
                return guarda.ActivateGuard()
            if not blocked:
                return guarda.TakeDamage()
            if view.phase is Phase.REACT:
                return guarda.Defend(cards[:blocked])
            return guarda.DefendCounter(cards[:blocked])
        case Phase.NEW_GUARD:
            card = guard_card(view)
            return guarda.DeclineNewGuard() if card is None else guarda.PrepareNewGuard(card)
        case Phase.MOVE:
            return guarda.EndMove()
        case Phase.SETTLE:
            return guarda.Settle()
    raise ValueError(f"nothing to decide in the {view.phase} phase")


def random_bot(chooser: random.Random) -> Bot:
    """A bot that picks any legal action.

    Args:
        chooser: The random source.

    Returns:
        The bot.
    """
    return lambda view: chooser.choice(view.legal_actions)


def play(config: guarda.Config, seed: int, bots: tuple[Bot, ...]) -> guarda.Outcome:
    """Play one game, asking each player's bot with that player's view only.

    Args:
        config: The ruleset.
        seed: The game's seed.
        bots: One bot per player.

    Returns:
        The outcome.
    """
    state = guarda.new_game(config, seed)
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        action = bots[actor](guarda.view(state, actor))
        state, _ = guarda.apply(state, action, player=actor)
    assert state.outcome is not None
    return state.outcome


def main(games: int = 10, seed: int = 0) -> tuple[int, int, int]:
    """Play ``games`` two-player Modern games, greedy against random, taking turns to start.

    Args:
        games: Number of games.
        seed: Seeds the games and the random bot.

    Returns:
        Greedy wins, random wins and draws.
    """
    chooser = random.Random(seed)
    score = [0, 0, 0]
    for game in range(games):
        greedy_seat = game % 2
        bots: tuple[Bot, ...] = (greedy_bot, random_bot(chooser))
        if greedy_seat:
            bots = bots[::-1]
        outcome = play(guarda.modern(players=2, turn_limit=200), seed + game, bots)
        if outcome.is_draw:
            score[2] += 1
        else:
            score[0 if greedy_seat in outcome.winners else 1] += 1
    greedy, other, draws = score
    print(f"greedy {greedy} - random {other}, {draws} draws in {games} games")
    return greedy, other, draws


if __name__ == "__main__":
    main()
