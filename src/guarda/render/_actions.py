"""Actions as SVG: an action's effect drawn over the field, and an action's label.

[`action_svg`][guarda.render.action_svg] asks the rule queries of [guarda.rules][] what
an action would do (the cells an attack covers and whom it hits, where a move or a push
ends, where a piece may be placed, which cells a defence or a guard covers) and draws
the answer over the field of a state or a view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import guarda
from guarda import (
    Action,
    ActivateGuard,
    Attack,
    Cell,
    DeclineNewGuard,
    Defend,
    DefendCounter,
    Direction,
    DiscardDown,
    EndMove,
    GameState,
    Move,
    Orientation,
    Pass,
    Phase,
    PlacePiece,
    PlayerView,
    PrepareGuard,
    PrepareNewGuard,
    Push,
    SetGuard,
    Settle,
    TakeDamage,
    rules,
)
from guarda.errors import ArgumentError, GuardaError
from guarda.render._field import INK, Overlay, draw_field
from guarda.render._svg import document, element
from guarda.render._table import Table, table
from guarda.render._words import cards_words, colour

__all__ = ["action_label_svg", "action_svg", "check_action", "notation"]

_FLOOR = "#9aa7b0"
"""The colour of cells a piece may be placed on."""


def check_action(action: object, path: str = "action") -> Action:
    """``action`` if it is an action.

    Raises:
        ArgumentError: Otherwise, naming ``path``.
    """
    if not isinstance(action, Action):
        raise ArgumentError(f"not an action: {type(action).__name__}", path=path)
    return action


def notation(action: Action) -> str:
    """The action in notation, or its ``repr`` if notation cannot write it.

    Examples:
        >>> notation(guarda.Attack(("V2", "X"))), notation(guarda.Attack(()))
        ('attack V2 X', 'Attack(cards=())')
    """
    try:
        return guarda.format_action(action)
    except GuardaError:
        return repr(action)


def _actor(position: GameState | PlayerView, player: object) -> int:
    if player is None:
        if position.actor is None:
            raise ArgumentError(
                "the game is over, so nobody must decide: name the player", path="player"
            )
        return position.actor
    count = position.config.players
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < count:
        raise ArgumentError(
            f"no player {player!r} in a {count}-player game", rule="R4", path="player"
        )
    return player


def _deck_cards(position: GameState | PlayerView, cards: Sequence[str]) -> None:
    names = position.config.card_names
    for index, card in enumerate(cards):
        if card not in names:
            raise ArgumentError(
                f"this deck has no card named {card!r}", rule="R3", path=f"action.cards[{index}]"
            )


def _step(cell: Cell, direction: Direction, distance: int) -> Cell:
    dx, dy = direction.delta
    return Cell(cell.x + dx * distance, cell.y + dy * distance)


def _line(start: Cell, direction: Direction, distance: int) -> tuple[Cell, ...]:
    return tuple(_step(start, direction, k) for k in range(1, distance + 1))


def _on_field(position: GameState | PlayerView, player: int, names: Sequence[str]) -> Cell:
    cell = position.players[player].position
    if cell is None:
        raise ArgumentError(
            f"{names[player]} (player {player}) has no piece on the field",
            rule="R13",
            path="player",
        )
    return cell


def _incoming(position: GameState | PlayerView, player: int) -> int | None:
    """The damage the player answers now, if they answer an attack or a counter."""
    attack = position.attack
    if attack is None:
        return None
    if position.phase is Phase.REACT and attack.defender == player:
        return attack.damage
    if position.phase is Phase.COUNTER and attack.attacker == player:
        return attack.counter
    return None


def _attack(
    shown: Table, position: GameState | PlayerView, actor: int, cards: Sequence[str]
) -> Overlay:
    if not cards:
        raise ArgumentError("an attack needs at least one card", rule="R14", path="action.cards")
    _deck_cards(position, cards)
    counts: Counter[Cell] = Counter()
    for card in cards:
        counts.update(rules.covered_cells(position.config, actor, card))
    fill, _ = colour(actor)
    hits = rules.attack_targets(position, cards, actor)
    words = ", ".join(f"{shown.names[hit.player]} for {hit.damage}" for hit in hits)
    return Overlay(
        caption=(f"Covered cells in {shown.names[actor]}'s colour; hits {words or 'nobody'}",),
        cells=tuple((cell, fill, counts[cell]) for cell in sorted(counts)),
        badges=tuple((hit.player, f"-{hit.damage}") for hit in hits),
    )


def _defence(
    shown: Table, position: GameState | PlayerView, actor: int, cards: Sequence[str]
) -> Overlay:
    if not cards:
        raise ArgumentError("a defence needs at least one card", rule="R19", path="action.cards")
    _deck_cards(position, cards)
    cell = _on_field(position, actor, shown.names)
    counts: Counter[Cell] = Counter()
    useless = []
    for card in cards:
        covered = rules.covered_cells(position.config, actor, card, Orientation.DEFENSIVE)
        counts.update(covered)
        if cell not in covered:
            useless.append(card)
    incoming = _incoming(position, actor)
    damage = len(cards) if incoming is None else incoming
    negated = rules.blocked_damage(position, cards, actor, damage)
    words = f"negates {negated}" + ("" if incoming is None else f" of {incoming} damage")
    caption = [f"Cells the cards cover in defence; on {cell} it {words}"]
    if useless:
        caption.append(f"{cards_words(useless)} does not cover {cell} (R19)")
    fill, _ = colour(actor)
    return Overlay(
        caption=tuple(caption),
        cells=tuple((covered, fill, counts[covered]) for covered in sorted(counts)),
    )


def _move(shown: Table, position: GameState | PlayerView, actor: int, action: Move) -> Overlay:
    origin = _on_field(position, actor, shown.names)
    for destination in rules.reachable_cells(position, actor):
        if destination.direction is action.direction and destination.cost == action.distance:
            break
    else:
        raise ArgumentError(
            f"{shown.names[actor]} cannot move {action.distance} cells {action.direction.name} "
            f"from {origin} now",
            rule="R13",
            path="action",
        )
    fill, _ = colour(actor)
    path = _line(origin, action.direction, action.distance)
    return Overlay(
        caption=(f"{shown.names[actor]} moves {origin}-{destination.cell}",),
        cells=tuple((cell, fill, 0) for cell in sorted(path)),
        arrows=((origin, destination.cell, fill),),
        ghosts=((destination.cell, actor),),
    )


def _push(shown: Table, position: GameState | PlayerView, actor: int, action: Push) -> Overlay:
    _on_field(position, actor, shown.names)
    for target in rules.push_targets(position, actor):
        if target.direction is action.direction:
            break
    else:
        raise ArgumentError(
            f"{shown.names[actor]} has no opponent to push {action.direction.name} now",
            rule="R13",
            path="action.direction",
        )
    if not 1 <= action.distance <= target.distance:
        raise ArgumentError(
            f"{shown.names[target.player]} can be pushed 1 to {target.distance} cells, "
            f"not {action.distance}",
            rule="R13",
            path="action.cards",
        )
    origin = position.players[target.player].position
    assert origin is not None  # a push target stands on the field
    destination = _step(origin, action.direction, action.distance)
    fill, _ = colour(actor)
    path = _line(origin, action.direction, action.distance)
    return Overlay(
        caption=(
            f"{shown.names[actor]} pushes {shown.names[target.player]} {origin}-{destination}",
        ),
        cells=tuple((cell, fill, 0) for cell in sorted(path)),
        arrows=((origin, destination, fill),),
        ghosts=((destination, target.player),),
    )


def _place(shown: Table, position: GameState | PlayerView, actor: int, cell: Cell) -> Overlay:
    allowed = rules.placement_cells(position, actor)
    if cell not in allowed:
        where = " ".join(str(free) for free in allowed) or "none now"
        raise ArgumentError(
            f"{shown.names[actor]} cannot place on {cell} (allowed: {where})",
            rule="R9",
            path="action.cell",
        )
    return Overlay(
        caption=(f"Grey cells: where {shown.names[actor]} may place; the piece goes on {cell}",),
        cells=tuple((free, _FLOOR, 0) for free in allowed),
        ghosts=((cell, actor),),
    )


def _guard(
    shown: Table, position: GameState | PlayerView, actor: int, orientation: Orientation | None
) -> Overlay:
    """What the actor's guard covers, set in ``orientation`` (None: as it is set)."""
    name = shown.names[actor]
    if actor not in shown.guards:
        return Overlay(caption=(f"{name}'s guard is hidden from this view (R28)",))
    guard = shown.guards[actor]
    if guard is None:
        return Overlay(caption=(f"{name} has no guard",))
    turned = guard.orientation if orientation is None else orientation
    if turned is None:
        return Overlay(caption=(f"{name}'s guard {guard.card} is still preparing",))
    fill, _ = colour(actor)
    covered = rules.covered_cells(position.config, actor, guard.card, turned)
    cells = tuple((cell, fill, 0) for cell in covered)
    if turned is Orientation.DEFENSIVE:
        critical = position.players[actor].position in covered
        effect = (
            "a critical block (heals 1, the guard returns to the hand)" if critical else "a block"
        )
        return Overlay(
            caption=(f"Guard {guard.card} covers these cells in defence: {effect}",), cells=cells
        )
    attack = position.attack
    foe = attack.attacker if attack is not None and attack.attacker != actor else None
    if foe is None:
        return Overlay(
            caption=(f"Guard {guard.card} covers these cells in attack orientation",), cells=cells
        )
    critical = position.players[foe].position in covered
    damage = 3 if critical else 2
    kind = "a critical counter" if critical else "a counter"
    return Overlay(
        caption=(f"Guard {guard.card}: {kind}, {damage} damage to {shown.names[foe]}",),
        cells=cells,
        badges=((foe, f"-{damage}"),),
    )


def _effect(shown: Table, position: GameState | PlayerView, actor: int, action: Action) -> Overlay:
    name = shown.names[actor]
    match action:
        case Attack(cards):
            return _attack(shown, position, actor, cards)
        case Defend(cards) | DefendCounter(cards):
            return _defence(shown, position, actor, cards)
        case Move():
            return _move(shown, position, actor, action)
        case Push():
            return _push(shown, position, actor, action)
        case PlacePiece(cell):
            return _place(shown, position, actor, cell)
        case ActivateGuard():
            return _guard(shown, position, actor, None)
        case SetGuard(orientation):
            return _guard(shown, position, actor, orientation)
        case TakeDamage():
            incoming = _incoming(position, actor)
            if incoming is None:
                return Overlay(caption=(f"{name} answers no attack now",))
            return Overlay(
                caption=(f"{name} takes {incoming} damage",), badges=((actor, f"-{incoming}"),)
            )
        case PrepareGuard(card) | PrepareNewGuard(card):
            return Overlay(caption=(f"{name} lays {card} face down as a preparing guard",))
        case DiscardDown(cards):
            return Overlay(caption=(f"{name} discards {cards_words(cards)} face down",))
        case Settle(cards):
            return Overlay(
                caption=(f"{name} discards {cards_words(cards)} face down and ends the turn",)
            )
        case EndMove():
            return Overlay(caption=(f"{name} ends the Move phase",))
        case Pass():
            return Overlay(caption=(f"{name} does nothing",))
        case DeclineNewGuard():
            return Overlay(caption=(f"{name} keeps the returned guard in the hand",))
    raise AssertionError(f"unhandled action {action!r}")  # pragma: no cover


def _legality(position: GameState | PlayerView, actor: int, action: Action) -> tuple[str, ...]:
    """A note when the action is known not to be legal now."""
    if isinstance(position, GameState):
        if actor != position.actor:
            return ()
        try:
            guarda.verify(position, action)
        except GuardaError as error:
            return (f"Not legal now: {error}",)
        return ()
    if position.must_act and position.player == actor and action not in position.legal_actions:
        return ("Not legal now",)
    return ()


def action_svg(position: GameState | PlayerView, action: Action, player: int | None = None) -> str:
    """An SVG picture of the field with what ``action`` would do drawn over it.

    The effect is asked of [guarda.rules][], so the picture agrees with the engine:

    - an attack: the cells its cards cover (a count where several do), and a badge with
      the damage on every opponent it hits ([guarda.rules.attack_targets][], R15, R17);
    - a move or a push: the cells crossed, an arrow, and the piece where it ends (R13);
    - a placement: the cells the player may place on, and the piece (R9, R10);
    - a defence: the cells the cards cover in defence and the damage they negate (R19);
    - activating or setting a guard: the cells the guard covers, and a block's or a
      counter's effect, critical or not (R20), when the guard is known to the picture;
    - any other action: a sentence under the header.

    The picture shows only what the position may show: from another player's view a
    guard's card stays hidden. When the position is a full state, or the acting player's
    own view, a note says if the action is not legal now.

    Args:
        position: A [`GameState`][guarda.GameState] or a [`PlayerView`][guarda.PlayerView].
        action: Any action.
        player: Who makes the action; by default whoever must decide now.

    Returns:
        The SVG text.

    Raises:
        ArgumentError: If ``position`` or ``action`` is of the wrong kind, the player does
            not exist or the game is over and no player is named, a card is not in the
            deck (R3), or the action cannot be drawn: a move or push that leaves the
            field or crosses a piece (R13), a placement outside the allowed cells (R9),
            an attack or defence without cards (R14, R19), a player with no piece.

    Examples:
        >>> import guarda
        >>> state = (
        ...     guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        ...     .player(0, position="b1", hand=("V2", "H5"))
        ...     .player(1, position="b5")
        ...     .to_act(0, guarda.Phase.ACT)
        ...     .build()
        ... )
        >>> picture = action_svg(state, guarda.Attack(("V2", "H5")))
        >>> "hits North for 2" in picture
        True
        >>> action_svg(state, guarda.Move("S", ("V2",)), player=0)
        Traceback (most recent call last):
        ...
        guarda.errors.ArgumentError: action: South cannot move 1 cells SOUTH from b1 now (R13)
    """
    shown = table(position)
    checked = check_action(action)
    actor = _actor(position, player)
    overlay = _effect(shown, position, actor, checked)
    head = f"Action of {shown.names[actor]} (player {actor}): {notation(checked)}"
    caption = (head, *overlay.caption, *_legality(position, actor, checked))
    return draw_field(shown, overlay._replace(caption=caption))


def action_label_svg(action: Action) -> str:
    """A small SVG label of an action: its notation, and an arrow for a move or a push.

    This is what a notebook shows for an action on its own; draw its effect on a field
    with [`action_svg`][guarda.render.action_svg].

    Args:
        action: Any action.

    Returns:
        The SVG text.

    Raises:
        ArgumentError: If ``action`` is not an action.

    Examples:
        >>> import guarda
        >>> label = action_label_svg(guarda.Move("N", ("V3", "V1")))
        >>> "<title>Action: move N V1 V3</title>" in label
        True
    """
    checked = check_action(action)
    text = notation(checked)
    width = 8 * len(text) + 24
    body = [
        element("rect", x=1, y=1, width=width - 2, height=28, rx=14, fill="#f4efe2", stroke=INK),
        element(
            "text",
            text,
            x=12,
            y=20,
            font_size=13,
            font_family="DejaVu Sans Mono, monospace",
            fill=INK,
        ),
    ]
    if isinstance(checked, Move | Push):
        dx, dy = checked.direction.delta
        x, y = width + 14, 15
        tip = (x + dx * 10, y - dy * 10)
        wing = (dy * 7, dx * 7)
        base = (x - dx * 4, y + dy * 4)
        points = (
            f"{tip[0]},{tip[1]} {base[0] + wing[0]},{base[1] + wing[1]} "
            f"{base[0] - wing[0]},{base[1] - wing[1]}"
        )
        body.append(element("polygon", points=points, fill=INK))
        width += 30
    return document(width, 30, f"Action: {text}", f"The action {text}.", body)
