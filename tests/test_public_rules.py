"""Tests of guarda.rules, the public rule queries for bots and frontends.

Each query is checked against hand-built positions with known answers, then a property
test plays random seeded games and checks that the queries agree with the engine: the
targets of the attack it declares, its legal moves, pushes, placements, defences and
discards, the guards it calls critical; and that a player's view answers exactly as the
full state does for that player.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import (
    ArgumentError,
    AttackDeclared,
    Cell,
    Config,
    Direction,
    GameState,
    Guard,
    GuardActivated,
    GuardStatus,
    Orientation,
    ParseError,
    Phase,
    PositionBuilder,
    rules,
)
from guarda.rules import Destination, Hit, PushTarget

MODERN = guarda.modern(players=2)

BLOCK = Orientation.DEFENSIVE
COUNTER = Orientation.OFFENSIVE


def names(cells: tuple[Cell, ...]) -> list[str]:
    return [str(cell) for cell in cells]


def duel(config: Config = MODERN, **players: dict[str, Any]) -> PositionBuilder:
    """South on b1 and North on b5, with extra fields per player (``p0=``, ``p1=``)."""
    builder = PositionBuilder(config, seed=1).player(0, position="b1").player(1, position="b5")
    for key, fields in players.items():
        builder = builder.player(int(key[1:]), **fields)
    return builder


# -- covered_cells --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "card", "orientation", "expected"),
    [
        (0, "V2", COUNTER, ["b1", "b2", "b3", "b4", "b5"]),  # South: straight (R5)
        (0, "H2", COUNTER, ["a2", "b2", "c2", "d2", "e2"]),
        (2, "V2", COUNTER, ["d1", "d2", "d3", "d4", "d5"]),  # North: turned 180 degrees
        (2, "H2", COUNTER, ["a4", "b4", "c4", "d4", "e4"]),
        (1, "V1", COUNTER, ["a5", "b5", "c5", "d5", "e5"]),  # West: V1 is the north row
        (1, "H1", COUNTER, ["a1", "a2", "a3", "a4", "a5"]),  # and H1 the west column
        (3, "V1", COUNTER, ["a1", "b1", "c1", "d1", "e1"]),  # East: V1 is the south row
        (0, "V2", BLOCK, ["d1", "d2", "d3", "d4", "d5"]),  # defensive: V(N+1-k) (R6)
        (0, "X", BLOCK, ["a1", "e1", "b2", "d2", "c3", "b4", "d4", "a5", "e5"]),
    ],
)
def test_covered_cells_turn_the_card_by_seat(
    player: int, card: str, orientation: Orientation, expected: list[str]
) -> None:
    config = guarda.modern(players=4)
    assert names(rules.covered_cells(config, player, card, orientation)) == expected


def test_covered_cells_default_to_attack_and_take_the_orientation_by_name() -> None:
    config = guarda.classic(players=2)
    attack = rules.covered_cells(config, 1, "H3")
    assert rules.covered_cells(config, 1, "H3", "offensive") == attack
    assert names(attack) == ["a4", "b4", "c4", "d4", "e4", "f4"]


@pytest.mark.parametrize("config", [guarda.classic(4), guarda.modern(3), guarda.grda(2)])
def test_a_card_cuts_both_ways(config: Config) -> None:
    # R6: a card defending (x, y) attacks the point-mirrored cell, and the reverse.
    last = config.size - 1
    for player in range(config.players):
        for card in config.card_names:
            attack = set(rules.covered_cells(config, player, card))
            defence = rules.covered_cells(config, player, card, BLOCK)
            assert {Cell(last - cell.x, last - cell.y) for cell in defence} == attack


def test_covered_cells_are_sorted_by_index() -> None:
    for card in MODERN.card_names:
        cells = rules.covered_cells(MODERN, 1, card, BLOCK)
        indices = [cell.index(5) for cell in cells]
        assert indices == sorted(indices) and len(set(indices)) == len(indices)


@pytest.mark.parametrize(
    ("arguments", "error", "path", "rule"),
    [
        (("modern", 0, "V1"), ArgumentError, "config", None),
        ((MODERN, 2, "V1"), ArgumentError, "player", "R4"),
        ((MODERN, -1, "V1"), ArgumentError, "player", "R4"),
        ((MODERN, True, "V1"), ArgumentError, "player", "R4"),
        ((MODERN, "0", "V1"), ArgumentError, "player", "R4"),
        ((MODERN, 0, "V6"), ArgumentError, "card", "R3"),
        ((MODERN, 0, 3), ArgumentError, "card", "R3"),
        ((MODERN, 0, "V1", "sideways"), ParseError, "orientation", "R6"),
        ((MODERN, 0, "V1", 1), ArgumentError, "orientation", "R6"),
    ],
)
def test_covered_cells_refuse_bad_arguments(
    arguments: tuple[Any, ...], error: type[Exception], path: str, rule: str | None
) -> None:
    with pytest.raises(error) as raised:
        rules.covered_cells(*arguments)
    assert isinstance(raised.value, guarda.GuardaError)
    assert (raised.value.path, raised.value.rule) == (path, rule)


# -- attacks --------------------------------------------------------------------------


def three_players(config: Config | None = None) -> PositionBuilder:
    """Modern, three players: South b1, West a3, North b5."""
    return (
        PositionBuilder(config or guarda.modern(players=3), seed=2)
        .player(0, position="b1", hand=("V2", "H3", "H1"))
        .player(1, position="a3", hand=("H1", "V3"))
        .player(2, position="b5", hand=("V4",))
    )


def test_attack_targets_in_reaction_order_and_the_engine_agrees() -> None:
    state = three_players().to_act(0, Phase.ACT).build()
    targets = rules.attack_targets(state, ("V2", "H3"))
    assert targets == (Hit(1, 1), Hit(2, 1))
    assert rules.attack_targets(state, ["H3", "V2", "V2"]) == (Hit(1, 1), Hit(2, 2))
    assert rules.attack_targets(state, ("H1",)) == ()
    assert rules.attack_damage(state, ("V2", "H3")) == 2
    _, events = guarda.apply(state, guarda.Attack(("V2", "H3")))
    declared = next(event for event in events if isinstance(event, AttackDeclared))
    assert declared.targets == targets


def test_attack_targets_go_clockwise_from_the_attacker() -> None:
    state = three_players().to_act(2, Phase.ACT).build()
    # North (player 2) attacks with V4: its V4 is field column b (R5). Player 0 on b1
    # reacts before nobody else; a hypothetical ALL hits both, player 0 first.
    assert rules.attack_targets(state, ("V4",)) == (Hit(0, 1),)
    assert rules.attack_targets(state, ("ALL",)) == (Hit(0, 1), Hit(1, 1))
    assert rules.attack_targets(state, ("ALL",), player=1) == (Hit(2, 1), Hit(0, 1))


def test_attack_targets_spare_teammates_and_players_who_are_out() -> None:
    teams = guarda.modern(players=3, teams=[[0, 2], [1]])
    state = three_players(teams).to_act(0, Phase.ACT).build()
    assert rules.attack_targets(state, ("V2", "H3")) == (Hit(1, 1),)
    out = three_players().player(1, position=None, health=0, is_out=True)
    assert rules.attack_targets(out.to_act(0, Phase.ACT).build(), ("H3", "V2")) == (Hit(2, 1),)


def test_attack_targets_default_to_the_actor_and_need_no_hand() -> None:
    state = three_players().to_act(1, Phase.ACT).build()
    # Player 1 (West) holds H1; V1 and V5 are hypothetical for anyone.
    assert rules.attack_targets(state, ("H2",)) == rules.attack_targets(state, ("H2",), 1)
    assert rules.attack_targets(state, ("V5",), player=0) == ()
    assert rules.attack_damage(state, ("V2",), player=0) == 1


@pytest.mark.parametrize(
    ("cards", "player", "path", "rule"),
    [
        ((), None, "cards", "R14"),
        ("V2", None, "cards", None),
        (("V2", "Z9"), None, "cards[1]", "R3"),
        ((None,), None, "cards[0]", "R3"),
        (5, None, "cards", None),
        (("V2",), 3, "player", "R4"),
    ],
)
def test_attack_targets_refuse_bad_arguments(
    cards: Any, player: Any, path: str, rule: str | None
) -> None:
    state = three_players().to_act(0, Phase.ACT).build()
    for query in (rules.attack_targets, rules.attack_damage):
        with pytest.raises(ArgumentError) as raised:
            query(state, cards, player)
        assert (raised.value.path, raised.value.rule) == (path, rule)


def test_queries_refuse_what_is_not_a_position() -> None:
    for query in (rules.defence_cards, rules.reachable_cells, rules.hand_target):
        with pytest.raises(ArgumentError) as raised:
            query(MODERN)  # type: ignore[arg-type]
        assert raised.value.path == "position"


def test_the_default_player_needs_a_game_in_progress() -> None:
    state = duel(p0={"health": 1, "hand": ("V2",)}, p1={"hand": ("H5",)}).to_act(1, Phase.ACT)
    over, _ = guarda.apply(state.build(), guarda.Attack(("H5",)))  # North's H5: row 1
    over, _ = guarda.apply(over, guarda.TakeDamage())
    assert over.is_over
    with pytest.raises(ArgumentError) as raised:
        rules.reachable_cells(over)
    assert raised.value.path == "player"
    assert rules.reachable_cells(over, 0) == ()  # out: no piece


# -- defences and guards --------------------------------------------------------------


def test_defence_cards_are_the_hand_cards_covering_the_own_cell() -> None:
    state = duel(p0={"hand": ("V2", "V4", "H5")}, p1={"hand": ("V2", "V2", "H5", "H1")})
    built = state.to_act(0, Phase.ACT).build()
    assert rules.defence_cards(built, 1) == ("H5", "V2", "V2")  # repeats kept, hand order
    assert rules.defence_cards(built) == ("H5", "V4")  # South's V4 turned around: b
    mine = guarda.view(built, 1)
    assert rules.defence_cards(mine, 1) == ("H5", "V2", "V2")


@pytest.mark.parametrize(
    "query", [rules.defence_cards, rules.is_critical_block, rules.is_critical_counter]
)
def test_a_view_refuses_another_players_secrets(query: Any) -> None:
    state = duel(p0={"hand": ("V2",)}).to_act(0, Phase.ACT).build()
    state, _ = guarda.apply(state, guarda.Attack(("V2",)))
    for viewer in (0, None):
        with pytest.raises(ArgumentError) as raised:
            query(guarda.view(state, viewer), 1)  # player 1 reacts now
        assert (raised.value.path, raised.value.rule) == ("player", "R28")


def test_defence_cards_of_a_player_off_the_field() -> None:
    state = guarda.new_game(MODERN, seed=0)
    assert state.phase is Phase.SETUP
    assert rules.defence_cards(state, 0) == ()
    assert rules.is_critical_block(state, 0) is False


def test_blocked_damage_answers_the_pending_attack_and_counter() -> None:
    counter = Guard("V4", GuardStatus.SET, COUNTER)
    builder = duel(
        p0={"hand": ("V2", "H5", "V4", "X")}, p1={"hand": ("V2", "H1"), "guard": counter}
    )
    state = builder.to_act(0, Phase.ACT).build()
    with pytest.raises(ArgumentError) as raised:
        rules.blocked_damage(state, ("V4",))  # nobody is attacked yet
    assert (raised.value.path, raised.value.rule) == ("damage", "R19")
    assert rules.blocked_damage(state, ("V4", "H1", "V4"), damage=2) == 2
    assert rules.blocked_damage(state, ("V4", "H1", "V4"), damage=1) == 1
    state, _ = guarda.apply(state, guarda.Attack(("V2", "H5")))
    assert (state.phase, state.actor, state.attack and state.attack.damage) == (
        Phase.REACT,
        1,
        2,
    )
    assert rules.blocked_damage(state, ("V2", "H1")) == 1
    assert rules.blocked_damage(state, ("V2", "V2", "V2")) == 2  # no more than incoming
    assert rules.blocked_damage(state, ("V2",), player=0, damage=5) == 0  # South: V4 blocks
    # The guard counters (critically: North's V4 hits b1), the attacker answers 3 damage.
    state, _ = guarda.apply(state, guarda.ActivateGuard())
    assert (state.phase, state.actor, state.attack and state.attack.counter) == (
        Phase.COUNTER,
        0,
        3,
    )
    assert rules.blocked_damage(state, ("V4", "X")) == 1  # the diagonals of X miss b1
    assert rules.defence_cards(state) == ("V4",)
    with pytest.raises(ArgumentError) as raised:
        rules.blocked_damage(state, ("V4",), player=1)  # the defender answers nothing now
    assert raised.value.path == "damage"


@pytest.mark.parametrize("damage", [-1, 1.5, True, "2"])
def test_blocked_damage_refuses_bad_damage(damage: Any) -> None:
    state = duel().to_act(0, Phase.ACT).build()
    with pytest.raises(ArgumentError) as raised:
        rules.blocked_damage(state, ("V2",), damage=damage)
    assert (raised.value.path, raised.value.rule) == ("damage", "R17")


@pytest.mark.parametrize(
    ("guard", "cell", "block", "counter"),
    [
        (Guard("V4", GuardStatus.SET, BLOCK), "b1", True, False),  # V4 turned around: b
        (Guard("H5", GuardStatus.SET, BLOCK), "b1", True, False),  # H5 turned around: 1
        (Guard("V4", GuardStatus.SET, BLOCK), "c1", False, False),
        (Guard("V4", GuardStatus.PREPARING), "b1", False, False),  # not set yet
        (Guard("V2", GuardStatus.SET, COUNTER), "b1", False, True),  # V2 attacks b5
        (Guard("V2", GuardStatus.SET, COUNTER), "c1", False, True),  # wherever it stands
        (Guard("V3", GuardStatus.SET, COUNTER), "b1", False, False),
        (Guard("H5", GuardStatus.SET, COUNTER), "c1", False, True),  # H5 attacks row 5
        (None, "b1", False, False),
    ],
)
def test_critical_guards(guard: Guard | None, cell: str, block: bool, counter: bool) -> None:
    state = duel(p0={"position": cell, "guard": guard}).to_act(1, Phase.MOVE).build()
    assert rules.is_critical_block(state, 0) is block
    assert rules.is_critical_counter(state, 0, attacker=1) is counter
    mine = guarda.view(state, 0)
    assert rules.is_critical_block(mine, 0) is block
    assert rules.is_critical_counter(mine, 0, 1) is counter


def test_critical_counter_defaults_to_the_attack_and_agrees_with_the_engine() -> None:
    guard = Guard("V4", GuardStatus.SET, COUNTER)
    state = duel(p0={"hand": ("V2",)}, p1={"guard": guard}).to_act(0, Phase.ACT).build()
    with pytest.raises(ArgumentError) as raised:
        rules.is_critical_counter(state, 1)
    assert (raised.value.path, raised.value.rule) == ("attacker", "R20")
    with pytest.raises(ArgumentError) as raised:
        rules.is_critical_counter(state, 1, attacker=1)
    assert (raised.value.path, raised.value.rule) == ("attacker", "R20")
    with pytest.raises(ArgumentError) as raised:
        rules.is_critical_counter(state, 1, attacker=2)
    assert (raised.value.path, raised.value.rule) == ("attacker", "R4")
    state, _ = guarda.apply(state, guarda.Attack(("V2",)))
    assert rules.is_critical_counter(state) is True
    _, events = guarda.apply(state, guarda.ActivateGuard())
    activated = next(event for event in events if isinstance(event, GuardActivated))
    assert activated.is_critical


# -- the field ------------------------------------------------------------------------


def test_reachable_cells_stop_at_pieces_edges_and_the_hand() -> None:
    state = duel(
        p0={"position": "c2", "hand": ("V1", "V2", "V3")},
        p1={"position": "c4", "hand": ("V1", "V2")},
    )
    built = state.to_act(0, Phase.MOVE).build()
    found = rules.reachable_cells(built)
    assert [(str(d.cell), d.direction.value, d.cost) for d in found] == [
        ("c1", "S", 1),
        ("a2", "W", 2),
        ("b2", "W", 1),
        ("d2", "E", 1),
        ("e2", "E", 2),
        ("c3", "N", 1),  # c4 is occupied
    ]
    poor = state.player(0, hand=("V1",)).to_act(0, Phase.MOVE).build()
    assert {d.cost for d in rules.reachable_cells(poor)} == {1}
    assert rules.reachable_cells(state.player(0, hand=()).to_act(0).build()) == ()
    moved, _ = guarda.apply(built, guarda.Move("W", ("V1",)))
    assert moved.has_moved and rules.reachable_cells(moved) == ()
    # Outside their own Move phase a player's reach is the board's answer, with their hand.
    c2 = Cell.parse("c2")
    assert c2 not in {d.cell for d in rules.reachable_cells(built, 1)}
    assert Destination(c2, Direction.SOUTH, 2) in rules.reachable_cells(moved, 1)


def test_destinations_are_the_legal_moves() -> None:
    state = duel(p0={"position": "c2", "hand": ("V1", "V2", "V3")}, p1={"position": "c4"})
    built = state.to_act(0, Phase.MOVE).build()
    for destination in rules.reachable_cells(built):
        cards = ("V1", "V2", "V3")[: destination.cost]
        after, _ = guarda.apply(built, guarda.Move(destination.direction, cards))
        assert after.players[0].position == destination.cell
    assert Destination(Cell(2, 0), Direction.SOUTH, 1) in rules.reachable_cells(built)


def test_push_targets_spare_teammates_and_stop_at_the_edge() -> None:
    config = guarda.modern(players=4, teams=[[0, 2], [1, 3]])
    builder = (
        PositionBuilder(config, seed=3)
        .player(0, position="c3", hand=("V1", "V2", "V3", "V4"))
        .player(1, position="b3")  # West of player 0: an opponent, pushable to a3
        .player(2, position="c4")  # a teammate to the north
        .player(3, position="c2", hand=("V1",))  # an opponent to the south
    )
    state = builder.to_act(0, Phase.MOVE).build()
    assert rules.push_targets(state) == (
        PushTarget(3, Direction.SOUTH, 1),
        PushTarget(1, Direction.WEST, 1),
    )
    poor = builder.player(0, hand=()).to_act(0).build()
    assert rules.push_targets(poor) == ()
    # Player 3 pushing north would push player 0 toward the teammate on c4: blocked.
    assert rules.push_targets(state, 3) == ()
    far = builder.player(3, position="e5").to_act(0).build()
    assert rules.push_targets(far) == (PushTarget(1, Direction.WEST, 1),)


def test_push_distance_is_limited_by_the_hand() -> None:
    state = duel(p0={"position": "b2", "hand": ("V1", "V1")}, p1={"position": "b3"})
    assert rules.push_targets(state.to_act(0).build()) == (PushTarget(1, Direction.NORTH, 2),)
    poor = state.player(0, hand=("V1",)).to_act(0).build()
    assert rules.push_targets(poor) == (PushTarget(1, Direction.NORTH, 1),)


def test_placement_cells_in_setup() -> None:
    state = guarda.new_game(MODERN, seed=2)
    assert (state.phase, state.actor) == (Phase.SETUP, 0)
    assert names(rules.placement_cells(state)) == ["a1", "a5"]
    assert rules.placement_cells(state, 1) == ()  # player 1 has no overlap yet
    placed, _ = guarda.apply(state, guarda.PlacePiece("a5"))
    assert rules.placement_cells(placed, 0) == ()  # placed already
    assert rules.placement_cells(duel().to_act(0).build()) == ()  # not setup


def test_placement_anywhere_free_once_the_deck_runs_out() -> None:
    # R10: a deck of three parallel lines never overlaps: once it is drawn, any free cell.
    deck = [guarda.DeckEntry(card, 1) for card in guarda.line_cards(3)[:3]]
    config = guarda.custom(3, 2, deck=deck, hand_size=2)
    state = (
        PositionBuilder(config, seed=1)
        .player(0, in_play=("V1", "V2"), draw_pile=("V3",))
        .player(1, position="b2")
        .to_act(0, Phase.SETUP)
        .build()
    )
    assert (state.actor, state.players[0].in_play, state.players[0].draw_pile) == (
        0,
        ("V1", "V2", "V3"),
        (),
    )
    cells = rules.placement_cells(state)
    assert names(cells) == ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]
    assert rules.placement_cells(guarda.view(state, 1), 0) == cells


def test_hand_target_counts_the_guard_in_grda_only() -> None:
    preparing = Guard("V2", GuardStatus.PREPARING)
    for preset, with_guard in ((guarda.grda, 3), (guarda.modern, 5), (guarda.classic, 6)):
        config = preset(players=2)
        north = Cell(1, config.size - 1)
        state = (
            PositionBuilder(config, seed=1)
            .player(0, position="b1", guard=preparing)
            .player(1, position=north)
            .to_act(1, Phase.ACT)
            .build()
        )
        assert rules.hand_target(state, 0) == with_guard
        assert rules.hand_target(state, 1) == config.hand_size
        assert rules.hand_target(guarda.view(state, None), 0) == with_guard


# -- agreement with the engine, in random games ---------------------------------------


@st.composite
def configs(draw: st.DrawFn) -> Config:
    """A random ruleset: any edition, a 3x3 field or a 7x7 field with 3-card hands (so
    moves and pushes are limited by the hand, not the field), 2 to 8 players, maybe in
    teams."""
    edition = draw(st.sampled_from(("classic", "modern", "grda", "custom-3x3", "custom-7x7")))
    players = draw(st.integers(2, 8 if edition != "custom-3x3" else 4))
    teams = None
    if players >= 4 and draw(st.booleans()):
        teams = [list(range(0, players, 2)), list(range(1, players, 2))]
    win = draw(st.sampled_from(("elimination", "victory", "exhaustion", "king-of-the-hill")))
    first = draw(st.integers(0, players - 1))
    if edition == "custom-3x3":
        return guarda.custom(3, players, win=win, teams=teams, first_player=first)
    if edition == "custom-7x7":
        return guarda.custom(7, players, hand_size=3, win=win, teams=teams, first_player=first)
    preset = {"classic": guarda.classic, "modern": guarda.modern, "grda": guarda.grda}[edition]
    return preset(players, win=win, teams=teams, first_player=first)


def check_against_the_engine(state: GameState, actions: Sequence[guarda.Action]) -> None:
    """The queries agree with the legal actions and the events of ``state``."""
    actor = state.actor
    assert actor is not None
    me = state.players[actor]
    phase = state.phase
    if phase is Phase.SETUP:
        cells = [action.cell for action in actions if isinstance(action, guarda.PlacePiece)]
        assert list(rules.placement_cells(state)) == cells
    elif phase is Phase.DISCARD:
        (first, *_) = actions
        assert isinstance(first, guarda.DiscardDown)
        assert len(me.hand) - len(first.cards) == rules.hand_target(state)
    elif phase is Phase.MOVE:
        assert me.position is not None
        moves = {
            (move.direction, len(move.cards)) for move in actions if isinstance(move, guarda.Move)
        }
        reach = rules.reachable_cells(state)
        assert {(d.direction, d.cost) for d in reach} == moves
        for destination in reach:
            dx, dy = destination.direction.delta
            x, y = me.position.x + dx * destination.cost, me.position.y + dy * destination.cost
            assert destination.cell == Cell(x, y)
        pushes: dict[Direction, int] = {}
        for push in actions:
            if isinstance(push, guarda.Push):
                pushes[push.direction] = max(pushes.get(push.direction, 0), len(push.cards))
        targets = rules.push_targets(state)
        assert {(t.direction, t.distance) for t in targets} == set(pushes.items())
        for target in targets:
            dx, dy = target.direction.delta
            neighbour = Cell(me.position.x + dx, me.position.y + dy)
            assert state.players[target.player].position == neighbour
    elif phase is Phase.ACT:
        attacks = [action for action in actions if isinstance(action, guarda.Attack)]
        for tried in {attacks[0], attacks[-1]} if attacks else ():  # one card, the hand
            _, events = guarda.apply(state, tried)
            declared = next(event for event in events if isinstance(event, AttackDeclared))
            assert rules.attack_targets(state, tried.cards) == declared.targets
            assert rules.attack_damage(state, tried.cards) == sum(d for _, d in declared.targets)
    elif phase in (Phase.REACT, Phase.COUNTER):
        attack = state.attack
        assert attack is not None
        limit = attack.damage if phase is Phase.REACT else attack.counter
        kinds = guarda.Defend if phase is Phase.REACT else guarda.DefendCounter
        defences = [action.cards for action in actions if isinstance(action, kinds)]
        cards = rules.defence_cards(state)
        assert max(map(len, defences), default=0) == min(len(cards), limit)
        assert rules.blocked_damage(state, cards) == min(len(cards), limit)
        for played in defences:
            assert not Counter(played) - Counter(cards)
            assert rules.blocked_damage(state, played) == len(played)
        if guarda.ActivateGuard() in actions:
            _, events = guarda.apply(state, guarda.ActivateGuard())
            activated = next(event for event in events if isinstance(event, GuardActivated))
            if activated.orientation is BLOCK:
                assert rules.is_critical_block(state) is activated.is_critical
            else:
                assert rules.is_critical_counter(state) is activated.is_critical


def answers(position: GameState | guarda.PlayerView, player: int) -> dict[str, object]:
    """Every public query's answer about ``player``."""
    config = position.config
    return {
        "reach": rules.reachable_cells(position, player),
        "push": rules.push_targets(position, player),
        "place": rules.placement_cells(position, player),
        "hand": rules.hand_target(position, player),
        "hits": tuple(
            rules.attack_targets(position, (card,), player) for card in config.card_names
        ),
    }


def secret_answers(position: GameState | guarda.PlayerView, player: int) -> dict[str, object]:
    """The answers that read the player's hand or guard."""
    found: dict[str, object] = {
        "defence": rules.defence_cards(position, player),
        "block": rules.is_critical_block(position, player),
    }
    attack = position.attack
    if attack is not None and attack.attacker != player:
        found["counter"] = rules.is_critical_counter(position, player)
    return found


def check_views(state: GameState) -> None:
    """Each player's view answers as the state does for them; a spectator's, publicly."""
    spectator = guarda.view(state, None)
    for player in range(state.config.players):
        mine = guarda.view(state, player)
        expected = answers(state, player)
        assert answers(mine, player) == expected
        assert answers(spectator, player) == expected
        assert secret_answers(mine, player) == secret_answers(state, player)


@settings(max_examples=50, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**63), steps=st.integers(20, 250))
def test_queries_agree_with_the_engine(config: Config, seed: int, steps: int) -> None:
    state = guarda.new_game(config, seed)
    choose = random.Random(seed)
    seen = set()
    for step in range(steps):
        if state.is_over:
            break
        actions = guarda.legal_actions(state)
        check_against_the_engine(state, actions)
        seen.add(state.phase)
        if step % 25 == 0 or state.phase in (Phase.REACT, Phase.COUNTER):
            check_views(state)
        state, _ = guarda.apply(state, choose.choice(actions))
    if state.is_over:
        check_views(state)
    assert seen


def test_random_games_reach_every_checked_phase() -> None:
    # The property above is only as good as the phases it meets: make sure plain random
    # play meets each phase the queries are checked in.
    seen: Counter[Phase] = Counter()
    for seed in range(3):
        state = guarda.new_game(guarda.classic(players=3), seed)
        choose = random.Random(seed)
        while not state.is_over:
            actions = guarda.legal_actions(state)
            check_against_the_engine(state, actions)
            seen[state.phase] += 1
            state, _ = guarda.apply(state, choose.choice(actions))
    checked = {Phase.SETUP, Phase.DISCARD, Phase.MOVE, Phase.ACT, Phase.REACT, Phase.COUNTER}
    assert checked <= set(seen)
