"""The greedy bot: one step of lookahead, on the public rule queries only.

[`GreedyBot`][guarda.bots.GreedyBot] looks at each decision by itself: it scores every
option by the position right after it, using [guarda.rules][] for the card geometry, and
takes the best. Its heuristics are the strategy tips of the source texts, made concrete:

- **hand management**: a card that hits an opponent now is worth most, a card that
  defends the player's own cell next, the rest is fodder to burn or discard;
- **guards**: prepare a guard whenever there is nothing to attack, preferably a card that
  covers the player's own cell turned around, and set it to block: a critical block
  heals, returns the card and lets the player prepare it again at once (R20); any other
  guard is set to counter;
- **push and shove**: in the Move phase, a push that brings an opponent under the
  player's attack cards this turn, or a move off a cell the opponents are likely to hit
  ("it cuts both ways": an opponent's defence cards attack the point-mirrored cell),
  is worth the cards it burns;
- **bait**: against an opponent with a set guard, attack with one card only;
- **know when to fold 'em**: in the Settle phase, discard the cards that do nothing where
  the player stands, so the Draw phase brings new ones (never under Exhaustion, where
  every draw brings the end nearer, R24).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

import guarda
from guarda import Action, Cell, GameState, GuardStatus, Orientation, Phase, PlayerView, rules
from guarda.bots._reading import attacks, check_turn, exposure
from guarda.bots._seat import Seat, guard_status

__all__ = ["GreedyBot", "greedy_action"]


@attrs.frozen
class GreedyBot:
    """One step of lookahead on the rule queries, with the source texts' strategy tips.

    It scores each option by the position right after it and takes the best; see the
    [Bots guide](../bots.md#the-greedy-bots-heuristics) for the heuristics. Deterministic: it
    never uses ``rng``, so two greedy bots that meet draw the same game every time from
    the same seed and key.

    Examples:
        >>> import random
        >>> import guarda
        >>> from guarda.bots import play_match, RandomBot
        >>> result = play_match(
        ...     guarda.modern(players=2), [GreedyBot(), RandomBot()], seed=2, key="docs"
        ... )
        >>> result.scores
        (1.0, 0.0)
    """

    name: str = "greedy"
    """The display name."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Pick the option that leaves the best position one step ahead.

        Args:
            view: The view of the player who must decide.
            rng: Not used: the greedy bot is deterministic.

        Returns:
            One of ``view.legal_actions``.
        """
        check_turn(view)
        action = greedy_action(view)
        return action if action in view.legal_actions else view.legal_actions[0]

    def act_with_policy(
        self, view: PlayerView, rng: random.Random
    ) -> tuple[Action, dict[Action, float]]:
        """The action ``act`` plays, with all the probability on it (the bot is
        deterministic).

        Examples:
            >>> import random
            >>> import guarda
            >>> view = guarda.view(guarda.new_game(guarda.grda(), seed=1), 0)
            >>> action, policy = GreedyBot().act_with_policy(view, random.Random(0))
            >>> policy == {action: 1.0}
            True
        """
        action = self.act(view, rng)
        return action, {action: 1.0}


def _setup(seat: Seat) -> Action:
    # Place where the opponents are least likely to hit (and on the hill, if there is one).
    def safety(cell: Cell) -> tuple[bool, float]:
        return cell in seat.hill, -exposure(seat.position, seat.me, cell, seat.others)

    return guarda.PlacePiece(max(rules.placement_cells(seat.position, seat.me), key=safety))


def _discard(seat: Seat) -> Action:
    excess = len(seat.hand) - rules.hand_target(seat.position, seat.me)
    return guarda.DiscardDown(seat.cheapest(excess))


def _move(seat: Seat) -> Action:
    position = seat.position
    best_score = seat.standing(seat.cell, seat.targets, ())
    best: Action = guarda.EndMove()
    if not position.has_moved:
        for step in rules.reachable_cells(position, seat.me):
            burned = seat.cheapest(step.cost, cell=step.cell)
            score = seat.standing(step.cell, seat.targets, burned)
            if score > best_score:
                best_score, best = score, guarda.Move(step.direction, burned)
    for push in rules.push_targets(position, seat.me):
        origin = position.players[push.player].position
        assert origin is not None
        dx, dy = push.direction.delta
        for distance in range(1, push.distance + 1):
            moved = Cell(origin.x + dx * distance, origin.y + dy * distance)
            targets = [
                moved if other == push.player else cell
                for other, cell in zip(seat.others, seat.targets, strict=True)
            ]
            burned = seat.cheapest(distance, targets=targets)
            score = seat.standing(seat.cell, targets, burned)
            if score > best_score:
                best_score, best = score, guarda.Push(push.direction, burned)
    return best


def _set_guard(seat: Seat) -> Action:
    guard = seat.guard
    assert guard is not None
    block = seat.defends(guard.card, seat.cell)
    return guarda.SetGuard(Orientation.DEFENSIVE if block else Orientation.OFFENSIVE)


def _act(seat: Seat) -> Action:
    position = seat.position
    hitting = [card for card in seat.hand if seat.hits(card)]
    if hitting:
        hit = {
            other
            for card in hitting
            for other, target in zip(seat.others, seat.targets, strict=True)
            if attacks(seat.config, seat.me, card, target)
        }
        if all(guard_status(position, other) is GuardStatus.SET for other in hit):
            # bait the guard with the hitting card least worth keeping
            bait = min(hitting, key=lambda card: (seat.value(card) - 3.0 * seat.hits(card), card))
            return guarda.Attack((bait,))
        return guarda.Attack(tuple(hitting))
    card = seat.guard_card()
    if seat.guard is None and card is not None:
        return guarda.PrepareGuard(card)
    return guarda.Pass()


def _react(seat: Seat) -> Action:
    position = seat.position
    attack = position.attack
    assert attack is not None
    cards = sorted(
        rules.defence_cards(position, seat.me), key=lambda card: (seat.hits(card), card)
    )
    blocked = rules.blocked_damage(position, cards, seat.me)
    guard = seat.guard
    if position.phase is Phase.REACT and guard is not None and guard.status is GuardStatus.SET:
        critical = guard.orientation is Orientation.DEFENSIVE and seat.defends(
            guard.card, seat.cell
        )
        if critical or guard.orientation is Orientation.OFFENSIVE or attack.damage > blocked:
            return guarda.ActivateGuard()
    if not blocked:
        return guarda.TakeDamage()
    chosen = tuple(cards[:blocked])
    return guarda.Defend(chosen) if position.phase is Phase.REACT else guarda.DefendCounter(chosen)


def _new_guard(seat: Seat) -> Action:
    card = seat.guard_card()
    return guarda.DeclineNewGuard() if card is None else guarda.PrepareNewGuard(card)


def _settle(seat: Seat) -> Action:
    if seat.exhaustion:
        return guarda.Settle()
    return guarda.Settle(tuple(card for card in seat.hand if seat.value(card) == 0.0))


_DECIDE: dict[Phase, Callable[[Seat], Action]] = {
    Phase.SETUP: _setup,
    Phase.DISCARD: _discard,
    Phase.MOVE: _move,
    Phase.SET_GUARD: _set_guard,
    Phase.ACT: _act,
    Phase.REACT: _react,
    Phase.COUNTER: _react,
    Phase.NEW_GUARD: _new_guard,
    Phase.SETTLE: _settle,
}


def greedy_action(position: GameState | PlayerView) -> Action:
    """The greedy choice of whoever must decide now, from a state or their own view.

    On a state the bot reads only what that player may know (their own cards and the
    public table), so a search can use it as every player's default policy.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=4)
        >>> greedy_action(state) in guarda.legal_actions(state)
        True
    """
    actor = position.actor
    assert actor is not None
    return _DECIDE[position.phase](Seat(position, actor))
