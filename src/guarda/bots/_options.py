"""The few actions worth considering: a search's view of each decision.

A hand of six different cards can settle in 64 ways and attack in 63; most of those are
the same idea with other fodder. [`options`][guarda.bots._options.options] keeps one
action per idea, choosing the cards the way a player would (burn and discard the cards
least worth keeping, defend with the cards that attack nobody): the three best moves by
the greedy bot's reading and the cheapest next to an opponent (to push them), each push
(one cell or as far as possible), attacking with everything that hits or baiting with
one card, laying the best critical guard or the card least worth keeping, taking the
damage, defending with one card or as many as help, or activating the guard, settling
with or without the useless cards.
[`ISMCTSBot`][guarda.bots.ISMCTSBot] searches over these options only. Every option is
one of the legal actions, and so is at least one option in every position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import guarda
from guarda import Action, Cell, GameState, GuardStatus, Orientation, Phase, PlayerView, rules
from guarda.bots._seat import Seat, guard_status

__all__ = ["options"]

Position = GameState | PlayerView


def _setup(seat: Seat) -> list[Action]:
    return [guarda.PlacePiece(cell) for cell in rules.placement_cells(seat.position, seat.me)]


def _discard(seat: Seat) -> list[Action]:
    excess = len(seat.hand) - rules.hand_target(seat.position, seat.me)
    return [guarda.DiscardDown(seat.cheapest(excess))]


_MOVES = 3
"""Moves kept per Move phase: the best by the greedy bot's reading of the table."""


def _move(seat: Seat) -> list[Action]:
    position = seat.position
    found: list[Action] = [guarda.EndMove()]
    if not position.has_moved:
        moves: list[tuple[float, int, int, Action]] = []
        reachable = rules.reachable_cells(position, seat.me)
        for step in reachable:
            burned = seat.cheapest(step.cost, cell=step.cell)
            score = seat.standing(step.cell, seat.targets, burned)
            moves.append((-score, step.cost, len(moves), guarda.Move(step.direction, burned)))
        found.extend(move for *_, move in sorted(moves)[:_MOVES])
        beside = _move_beside(seat, reachable)
        if beside is not None:
            found.append(beside)
    for push in rules.push_targets(position, seat.me):
        origin = position.players[push.player].position
        assert origin is not None
        dx, dy = push.direction.delta
        for distance in sorted({1, push.distance}):
            moved = Cell(origin.x + dx * distance, origin.y + dy * distance)
            targets = [
                moved if other == push.player else cell
                for other, cell in zip(seat.others, seat.targets, strict=True)
            ]
            found.append(guarda.Push(push.direction, seat.cheapest(distance, targets=targets)))
    return found


def _move_beside(seat: Seat, reachable: Sequence[rules.Destination]) -> Action | None:
    """The cheapest move that ends next to an opponent (keeping a card), to push them.

    A push is the one way to move an opponent off the cell their guard protects, and it
    needs them orthogonally adjacent (R13); the Move phase allows a move and then a push,
    so this move opens the push the search can then choose. None if no move ends there.
    """
    spots = [(target.x, target.y) for target in seat.targets if target is not None]
    beside = [
        step
        for step in reachable
        if step.cost < len(seat.hand)
        and any(abs(step.cell.x - x) + abs(step.cell.y - y) == 1 for x, y in spots)
    ]
    if not beside:
        return None
    step = min(beside, key=lambda step: step.cost)  # the first of the cheapest, by cell
    return guarda.Move(step.direction, seat.cheapest(step.cost, cell=step.cell))


def _set_guard(seat: Seat) -> list[Action]:
    return [guarda.SetGuard(Orientation.DEFENSIVE), guarda.SetGuard(Orientation.OFFENSIVE)]


def _guards(seat: Seat) -> list[str]:
    """The guards worth laying: the best critical one and the card least worth keeping."""
    best = seat.guard_card()
    if best is None:
        return []
    return list(dict.fromkeys((best, seat.cheapest(1)[0])))


def _act(seat: Seat) -> list[Action]:
    found: list[Action] = [guarda.Pass()]
    hitting = [card for card in seat.hand if seat.hits(card)]
    if hitting:
        found.append(guarda.Attack(tuple(hitting)))
        if len(hitting) > 1:  # bait with the hitting card least worth keeping
            bait = min(hitting, key=lambda card: (seat.value(card) - 3.0 * seat.hits(card), card))
            found.append(guarda.Attack((bait,)))
    found.extend(guarda.PrepareGuard(card) for card in _guards(seat))
    return found


def _react(seat: Seat) -> list[Action]:
    position = seat.position
    attack = position.attack
    assert attack is not None
    found: list[Action] = [guarda.TakeDamage()]
    cards = sorted(
        rules.defence_cards(position, seat.me), key=lambda card: (seat.hits(card), card)
    )
    most = rules.blocked_damage(position, cards, seat.me)
    defend = guarda.Defend if position.phase is Phase.REACT else guarda.DefendCounter
    if most:
        found.extend(defend(tuple(cards[:count])) for count in sorted({1, most}))
    if position.phase is Phase.REACT and guard_status(position, seat.me) is GuardStatus.SET:
        found.append(guarda.ActivateGuard())
    return found


def _new_guard(seat: Seat) -> list[Action]:
    found: list[Action] = [guarda.DeclineNewGuard()]
    found.extend(guarda.PrepareNewGuard(card) for card in _guards(seat))
    return found


def _settle(seat: Seat) -> list[Action]:
    useless = tuple(
        card for card in seat.hand if not seat.hits(card) and not seat.defends(card, seat.cell)
    )
    return [guarda.Settle(), guarda.Settle(useless)] if useless else [guarda.Settle()]


_OPTIONS: dict[Phase, Callable[[Seat], list[Action]]] = {
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


def options(position: Position) -> list[Action]:
    """The legal actions worth considering for whoever must decide now.

    On a view they are checked against ``view.legal_actions``; on a state they are legal
    by construction and not checked again (a search plays them with
    [`guarda.apply`][guarda.apply], which verifies them).

    Args:
        position: A state, or the view of the player who must decide.

    Returns:
        Distinct legal actions, at least one while the game goes on (all the legal
        actions, should the heuristics find none legal); none once it is over.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=4)
        >>> set(options(state)) <= set(guarda.legal_actions(state))
        True
    """
    actor = position.actor
    if actor is None or position.phase is Phase.OVER:
        return []
    found = dict.fromkeys(_OPTIONS[position.phase](Seat(position, actor)))
    if isinstance(position, PlayerView):
        chosen = [action for action in found if action in position.legal_actions]
        return chosen or list(position.legal_actions)
    # On a state the options are legal by construction (tests check it along random games
    # of every edition), and apply verifies every action that legal_actions did not list.
    return list(found) or list(guarda.legal_actions(position))
