"""Rulings R22-R27: Elimination, Victory, Exhaustion, King of the Hill, stakes, turn limit.

Positions (worked out from R5): a South player's ``Vk`` attacks column ``k``, ``Hk`` row
``k``. The usual duel has South (player 0) on b1 and North (player 1) on d5 (d6 on 6x6):
South's V4 and H5 (H6) hit North. With three players West (player 1) sits on a3, which
South's V1 hits; a West guard H1 counters along column a, missing b1 (not critical).
"""

from __future__ import annotations

import guarda
from guarda import (
    ActivateGuard,
    Attack,
    Cell,
    DamageTaken,
    Direction,
    EliminationReason,
    GameEnded,
    GameState,
    Guard,
    GuardStatus,
    LootClaimed,
    LootDropped,
    Move,
    Orientation,
    OutcomeReason,
    Phase,
    PlayerEliminated,
    PlayerState,
    PointsScored,
    PositionBuilder,
    Push,
    Settle,
    StakeClaimed,
    TakeDamage,
)
from guarda._outcome import payouts

COUNTER = Guard("H1", GuardStatus.SET, Orientation.OFFENSIVE)


def play(state: GameState, *actions: guarda.Action) -> tuple[GameState, tuple[guarda.Event, ...]]:
    """Apply actions in turn; return the final state and every event."""
    events: tuple[guarda.Event, ...] = ()
    for action in actions:
        state, new = guarda.apply(state, action)
        events += new
    return state, events


def three(config: guarda.Config) -> PositionBuilder:
    """South b1, West a3, North d5."""
    return (
        PositionBuilder(config)
        .player(0, position="b1")
        .player(1, position="a3")
        .player(2, position="d5")
    )


# -- R22 --------------------------------------------------------------------------------


def test_r22_last_player_standing_wins() -> None:
    state = (
        PositionBuilder(guarda.modern())
        .player(0, position="b1", hand=("V4",))
        .player(1, position="d5", health=1)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, events = play(state, Attack(("V4",)), TakeDamage())
    assert PlayerEliminated(1, EliminationReason.HEALTH) in events
    assert events[-1] == GameEnded(winners=(0,), drawn=())
    assert state.is_over and state.actor is None
    assert state.outcome is not None
    assert state.outcome.reason is OutcomeReason.LAST_STANDING
    assert state.outcome.winning_team == 0
    assert state.outcome.health == (10, 0)
    assert state.players[1].position is None


def test_r22_the_whole_team_wins_including_members_already_out() -> None:
    config = guarda.modern(players=4, teams=[[0, 2], [1, 3]])
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("ALL",))
        .player(1, position="a3", health=1)
        .player(2, is_out=True)
        .player(3, position="e3", health=1)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, events = play(state, Attack(("ALL",)), TakeDamage(), TakeDamage())
    assert PlayerEliminated(3, EliminationReason.HEALTH) in events
    assert state.outcome is not None
    assert state.outcome.winners == (0, 2) and state.outcome.winning_team == 0


def test_r22_going_out_in_the_same_unit_is_a_draw() -> None:
    state = (
        PositionBuilder(guarda.modern())
        .player(0, position="b1", hand=("V4", "H5"), health=2)
        .player(1, position="d5", health=1, guard=COUNTER)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, events = play(state, Attack(("H5", "V4")), ActivateGuard(), TakeDamage())
    assert events[-1] == GameEnded(winners=(), drawn=(0, 1))
    assert state.outcome is not None and state.outcome.is_draw
    assert state.outcome.reason is OutcomeReason.ALL_OUT


# -- R23 --------------------------------------------------------------------------------


def test_r23_classic_scores_one_per_opponent_damaged() -> None:
    config = guarda.classic(players=3, win="victory")
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("V1", "V1"))
        .player(1, position="a3")
        .player(2, position="a6")
        .to_act(0, Phase.ACT)
        .build()
    )
    state, events = play(state, Attack(("V1", "V1")), TakeDamage(), TakeDamage())
    # Two opponents took 2 damage each: 2 points, and nobody loses health.
    assert [e for e in events if isinstance(e, PointsScored)] == [
        PointsScored(0, 1, 1),
        PointsScored(0, 1, 2),
    ]
    assert DamageTaken(1, 2, 0, 10) in events
    assert [p.health for p in state.players] == [10, 10, 10]
    assert state.players[0].points == 2


def test_r23_modern_scores_per_damage_counters_included() -> None:
    config = guarda.modern(win="victory")
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("V4", "H5", "ALL"))
        .player(1, position="d5", guard=COUNTER)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = play(state, Attack(("ALL", "H5", "V4")), ActivateGuard(), TakeDamage())
    assert [p.points for p in state.players] == [2, 2]


def test_r23_most_points_wins_when_both_reach_the_target() -> None:
    config = guarda.modern(win="victory")
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("V4", "H5", "ALL"), points=18)
        .player(1, position="d5", guard=COUNTER, points=19)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = play(state, Attack(("ALL", "H5", "V4")), ActivateGuard(), TakeDamage())
    assert state.outcome is not None
    assert state.outcome.points == (20, 21)
    assert state.outcome.winners == (1,)
    assert state.outcome.reason is OutcomeReason.TARGET_REACHED


def test_r23_equal_points_at_the_target_draw() -> None:
    config = guarda.classic(win="victory")
    guard = Guard("V1", GuardStatus.SET, Orientation.OFFENSIVE)  # column a: misses b1
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("V4", "H6"), points=9)
        .player(1, position="d6", guard=guard, points=9)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = play(state, Attack(("H6", "V4")), ActivateGuard(), TakeDamage())
    assert state.outcome is not None
    assert state.outcome.drawn == (0, 1) and state.outcome.points == (10, 10)


def test_r23_critical_block_heals_nothing_in_victory() -> None:
    block = Guard("V4", GuardStatus.SET, Orientation.DEFENSIVE)  # North V4 defends d5
    for win, health in (("victory", 10), ("elimination", 11)):
        config = guarda.custom(5, win=win, max_health=12)
        state = (
            PositionBuilder(config)
            .player(0, position="b1", hand=("V4",))
            .player(1, position="d5", guard=block)
            .to_act(0, Phase.ACT)
            .build()
        )
        state, _ = play(state, Attack(("V4",)), ActivateGuard())
        assert state.players[1].health == health
        assert state.players[1].hand == ("V4",) and state.phase is Phase.NEW_GUARD


def test_r23_teams_pool_points() -> None:
    config = guarda.modern(players=4, win="victory", teams=[[0, 2], [1, 3]])
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("V1",), points=10)
        .player(1, position="a3")
        .player(2, position="d5", points=9)
        .player(3, position="e3")
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = play(state, Attack(("V1",)), TakeDamage())
    assert state.outcome is not None
    assert state.outcome.winners == (0, 2)
    assert state.outcome.reason is OutcomeReason.TARGET_REACHED


# -- R24 --------------------------------------------------------------------------------


def rest_of_deck(config: guarda.Config, *held: str) -> list[str]:
    rest = [name for name in config.card_names for _ in range(config.copies(name))]
    for card in held:
        rest.remove(card)
    return rest


def test_r24_must_draw_from_an_empty_pile_is_out() -> None:
    config = guarda.classic(win="exhaustion")
    state = (
        PositionBuilder(config)
        .player(0, position="b1")
        .player(
            1,
            position="d6",
            hand=("V1",),
            draw_pile=(),
            discard_hidden=rest_of_deck(config, "V1"),
        )
        .start_turn(1, turn_number=2)
        .build()
    )
    assert PlayerEliminated(1, EliminationReason.EXHAUSTED) in state.events
    assert not any(isinstance(e, guarda.DiscardPileShuffled) for e in state.events)
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.players[1].health == 10


def test_r24_a_full_modern_hand_needs_no_draw() -> None:
    config = guarda.modern(win="exhaustion")
    hand = ("V1", "V2", "V3", "V4", "V5")
    state = (
        PositionBuilder(config)
        .player(0, position="b1")
        .player(
            1, position="d5", hand=hand, draw_pile=(), discard_hidden=rest_of_deck(config, *hand)
        )
        .start_turn(1)
        .build()
    )
    assert state.phase is Phase.MOVE and not state.players[1].is_out


def test_r24_exhaustion_health_per_edition() -> None:
    assert guarda.classic(win="exhaustion").starting_health == 10
    assert guarda.modern(win="exhaustion").starting_health == 5
    assert guarda.grda(win="exhaustion").starting_health == 20


# -- R25 --------------------------------------------------------------------------------


def test_r25_ending_a_turn_on_the_hill_scores() -> None:
    config = guarda.modern(win="king-of-the-hill")
    assert config.starting_health == 10
    state = (
        PositionBuilder(config)
        .player(0, position="c3", points=2)
        .player(1, position="c4", points=1)
        .to_act(0, Phase.SETTLE)
        .build()
    )
    after, events = guarda.apply(state, Settle())
    assert PointsScored(0, 1, 3) in events
    # Player 1 is off the hill: their turn ends without a point.
    ended, events = play(after, guarda.EndMove(), guarda.Pass(), Settle())
    assert not any(isinstance(e, PointsScored) for e in events)
    assert ended.players[1].points == 1


def test_r25_fifth_point_wins() -> None:
    config = guarda.modern(win="king-of-the-hill")
    state = (
        PositionBuilder(config)
        .player(0, position="c3", points=4)
        .player(1, position="a1")
        .to_act(0, Phase.SETTLE)
        .build()
    )
    state, events = guarda.apply(state, Settle())
    assert events[-1] == GameEnded(winners=(0,), drawn=())
    assert state.outcome is not None and state.outcome.reason is OutcomeReason.TARGET_REACHED


def test_r25_even_fields_have_a_2x2_hill_and_edition_health() -> None:
    classic = guarda.classic(win="king-of-the-hill")
    assert isinstance(classic.win, guarda.KingOfTheHill)
    assert {str(c) for c in classic.win.hill} == {"c3", "d3", "c4", "d4"}
    assert classic.win.target == 5 and classic.starting_health == 10
    grda = guarda.grda(win="king-of-the-hill")
    assert isinstance(grda.win, guarda.KingOfTheHill)
    assert {str(c) for c in grda.win.hill} == {"b2", "c2", "b3", "c3"}
    assert grda.starting_health == 20
    state = (
        PositionBuilder(classic)
        .player(0, position="d4")
        .player(1, position="a1")
        .to_act(0, Phase.SETTLE)
        .build()
    )
    _, events = guarda.apply(state, Settle())
    assert PointsScored(0, 1, 1) in events


# -- R26 --------------------------------------------------------------------------------


def test_r26_bounty_goes_to_the_eliminator_and_the_rest_to_the_winner() -> None:
    config = guarda.modern(players=3, stakes="bounty", ante=5)
    state = (
        three(config)
        .player(0, hand=("V1",))
        .player(1, health=1, winnings=5)
        .player(2, position=None, is_out=True)
        .to_act(0, Phase.ACT)
        .build()
    )
    assert state.pot == 10  # player 2's stake was claimed by player 1
    state, events = play(state, Attack(("V1",)), TakeDamage())
    assert StakeClaimed(0, 1, 5) in events
    assert state.outcome is not None and state.outcome.payouts == (5, 0, -5)


def test_r26_bounty_of_a_counter_goes_to_the_defender() -> None:
    config = guarda.modern(stakes="bounty", ante=5)
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("V4",), health=2)
        .player(1, position="d5", guard=COUNTER)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, events = play(state, Attack(("V4",)), ActivateGuard(), TakeDamage())
    assert StakeClaimed(1, 0, 5) in events
    assert state.outcome is not None and state.outcome.payouts == (-5, 5)


def test_r26_spoils_of_war_winner_takes_all() -> None:
    config = guarda.modern(players=3, win="victory", stakes="spoils-of-war", ante=4)
    state = three(config).player(0, hand=("V1",), points=19).to_act(0, Phase.ACT).build()
    state, _ = play(state, Attack(("V1",)), TakeDamage())
    assert state.outcome is not None and state.outcome.payouts == (8, -4, -4)


def test_r26_draw_splits_with_the_remainder_to_the_earliest_seat() -> None:
    config = guarda.modern(players=3, win="victory", stakes="spoils-of-war", ante=3)
    state = (
        three(config)
        .player(0, hand=("V1", "V1", "V1"), points=18)
        .player(1, guard=COUNTER, points=18)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = play(state, Attack(("V1", "V1", "V1")), ActivateGuard(), TakeDamage())
    assert state.outcome is not None
    assert state.outcome.drawn == (0, 1) and state.outcome.points == (20, 20, 0)
    # Pot 9 split between two: 5 to seat 0, 4 to seat 1; each anted 3.
    assert state.outcome.payouts == (2, 1, -3)


def test_r26_remainder_goes_whole_to_the_earliest_seat_with_three_takers() -> None:
    # Five players, teams of three and two, Spoils of War, ante 1: the pot of 5 splits
    # 1 each between the three winners and the remainder 2 goes, whole, to seat 0.
    config = guarda.modern(
        players=5, win="victory", stakes="spoils-of-war", ante=1, teams=[[0, 1, 2], [3, 4]]
    )
    players = [PlayerState((), (), None, (), (), (), None, 10)] * 5
    assert payouts(config, players, (0, 1, 2), 5) == (2, 0, 0, -1, -1)


def test_r26_remainder_goes_whole_to_the_earliest_seat_with_four_takers() -> None:
    # Four drawn players out of six share 11: 2 each and the remainder 3 to seat 1.
    config = guarda.modern(players=6, win="exhaustion", stakes="scavenger", ante=2)
    players = [PlayerState((), (), None, (), (), (), None, 5)] * 6
    assert payouts(config, players, (5, 1, 3, 4), 11) == (-2, 3, -2, 0, 0, 0)


def test_r26_scavenger_stake_is_left_on_the_cell() -> None:
    config = guarda.modern(players=3, win="exhaustion", stakes="scavenger", ante=2)
    state = (
        three(config)
        .player(1, hand=("V1",), draw_pile=(), discard_hidden=rest_of_deck(config, "V1"))
        .start_turn(1, turn_number=2)
        .build()
    )
    assert LootDropped(1, Cell(0, 2), 2) in state.events
    assert state.loot == ((Cell(0, 2), 2),) and state.pot == 4
    assert state.turn == 2 and not state.is_over


def test_r26_scavenger_first_piece_to_end_there_takes_the_loot() -> None:
    config = guarda.modern(players=3, win="exhaustion", stakes="scavenger", ante=2)
    base = (
        PositionBuilder(config)
        .player(0, position="c1", hand=("V1", "V2"))
        .player(1, position="c2")
        .player(2, is_out=True)
        .loot("c3", 2)
        .to_act(0)
    )
    # Passing over the loot does not take it; a push that ends there does (P11).
    state, events = play(base.build(), Push(Direction.NORTH, ("V1",)))
    assert LootClaimed(1, Cell(2, 2), 2) in events
    assert state.players[1].winnings == 2 and state.loot == ()
    moved = base.player(1, position="e5").player(0, position="c2").build()
    through, events = guarda.apply(moved, Move(Direction.NORTH, ("V1", "V2")))
    assert not any(isinstance(e, LootClaimed) for e in events) and through.loot
    onto, events = guarda.apply(moved, Move(Direction.NORTH, ("V1",)))
    assert events[-1] == LootClaimed(0, Cell(2, 2), 2) and onto.players[0].winnings == 2


def test_r26_scavenger_unclaimed_stakes_go_to_the_winner() -> None:
    config = guarda.modern(win="exhaustion", stakes="scavenger", ante=2)
    state = (
        PositionBuilder(config)
        .player(0, position="b1")
        .player(
            1, position="d5", hand=("V1",), draw_pile=(), discard_hidden=rest_of_deck(config, "V1")
        )
        .start_turn(1, turn_number=2)
        .build()
    )
    assert state.outcome is not None and state.outcome.payouts == (2, -2)


def test_r26_scavenger_draw_splits_the_loot() -> None:
    config = guarda.modern(players=3, win="exhaustion", stakes="scavenger", ante=2)
    state = (
        PositionBuilder(config)
        .player(0, position="b1", hand=("V1", "V1"), health=2)
        .player(1, position="a3", health=1, guard=COUNTER)
        .player(2, is_out=True)
        .loot("c3", 2)
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = play(state, Attack(("V1", "V1")), ActivateGuard(), TakeDamage())
    assert state.outcome is not None and state.outcome.drawn == (0, 1)
    assert state.outcome.payouts == (1, 1, -2)


# -- R27 --------------------------------------------------------------------------------


def test_r27_turn_limit_ends_in_a_draw_between_those_still_in() -> None:
    config = guarda.modern(players=3, stakes="bounty", ante=3, turn_limit=5)
    state = (
        three(config)
        .player(0, winnings=3)
        .player(2, position=None, is_out=True)
        .to_act(0, Phase.SETTLE, turn_number=5)
        .build()
    )
    state, events = guarda.apply(state, Settle())
    assert guarda.TurnEnded(0, 5) in events
    assert events[-1] == GameEnded(winners=(), drawn=(0, 1))
    assert state.outcome is not None
    assert state.outcome.reason is OutcomeReason.TURN_LIMIT
    # Pot 6 split between the two still in.
    assert state.outcome.payouts == (3, 0, -3)


def test_r27_turn_limit_is_off_by_default() -> None:
    assert guarda.modern().turn_limit is None
    state = (
        PositionBuilder(guarda.modern())
        .player(0, position="a1")
        .player(1, position="e5")
        .to_act(0, Phase.SETTLE, turn_number=500)
        .build()
    )
    after, _ = guarda.apply(state, Settle())
    assert not after.is_over and after.turn_number == 501
