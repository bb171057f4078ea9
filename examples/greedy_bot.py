"""A greedy bot that decides from its player's view alone, against a random bot.

The greedy bot reads only :func:`guarda.view`: the public table, its own hand and
guard, and its legal actions. It attacks with the cards that deal the most damage,
defends whenever it can, prepares a guard when it has nothing to attack with, and
keeps its cards otherwise. Run it with ``python examples/greedy_bot.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import guarda
from guarda import Orientation, PlayerView

Bot = Callable[[PlayerView], guarda.Action]
"""A bot picks one of ``view.legal_actions``."""


def _cell(view: PlayerView, player: int) -> int | None:
    """The bit index of a player's cell, or None without a piece."""
    position = view.players[player].position
    return None if position is None else position.index(view.config.size)


def _mask(view: PlayerView, card: str, orientation: Orientation) -> int:
    """The cells ``card`` covers from the viewer's seat, as a bitmask."""
    assert view.player is not None
    return view.config.geometry.mask(card, view.config.seats[view.player], orientation)


def damage(view: PlayerView, cards: tuple[str, ...]) -> int:
    """The damage an attack with ``cards`` deals to the viewer's opponents (R15).

    Args:
        view: The attacker's view.
        cards: The attack cards.

    Returns:
        The total damage over every opponent still on the field.
    """
    assert view.player is not None
    team = view.config.team_of(view.player)
    total = 0
    for other, public in enumerate(view.players):
        cell = _cell(view, other)
        if public.is_out or cell is None or view.config.team_of(other) == team:
            continue
        total += sum(_mask(view, card, Orientation.OFFENSIVE) >> cell & 1 for card in cards)
    return total


def _defends_me(view: PlayerView, card: str) -> bool:
    assert view.player is not None
    cell = _cell(view, view.player)
    return cell is not None and bool(_mask(view, card, Orientation.DEFENSIVE) >> cell & 1)


def greedy_bot(view: PlayerView) -> guarda.Action:
    """Pick an action from the view alone.

    Args:
        view: The view of the player who must decide now.

    Returns:
        One of ``view.legal_actions``.
    """
    actions = view.legal_actions
    attacks = [a for a in actions if isinstance(a, guarda.Attack)]
    if attacks:
        best = max(attacks, key=lambda a: (damage(view, a.cards), -len(a.cards)))
        if damage(view, best.cards) > 0:
            return best
        guards = [a for a in actions if isinstance(a, guarda.PrepareGuard)]
        if view.guard is None and guards:
            # Prefer a guard that covers our own cell defensively: a critical block (R20).
            return max(guards, key=lambda a: _defends_me(view, a.card))
        return guarda.Pass()
    defences = [a for a in actions if isinstance(a, guarda.Defend | guarda.DefendCounter)]
    if guarda.ActivateGuard() in actions and (
        view.attack is None
        or view.attack.damage > max((len(a.cards) for a in defences), default=0)
    ):
        return guarda.ActivateGuard()
    if defences:
        return max(defences, key=lambda a: len(a.cards))
    if guarda.SetGuard(Orientation.DEFENSIVE) in actions:
        assert view.guard is not None
        block = _defends_me(view, view.guard.card)
        return guarda.SetGuard(Orientation.DEFENSIVE if block else Orientation.OFFENSIVE)
    discards = [a for a in actions if isinstance(a, guarda.DiscardDown)]
    if discards:
        # Throw away the cards that would hit the fewest opponents now.
        return min(discards, key=lambda a: sum(damage(view, (card,)) for card in a.cards))
    for keep in (guarda.EndMove(), guarda.Settle(), guarda.TakeDamage()):
        if keep in actions:
            return keep
    new_guards = [a for a in actions if isinstance(a, guarda.PrepareNewGuard)]
    if new_guards:
        return max(new_guards, key=lambda a: _defends_me(view, a.card))
    return actions[0]  # setup: place the piece on the first allowed cell


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
