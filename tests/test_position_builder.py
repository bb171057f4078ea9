"""Tests of guarda.PositionBuilder: the positions it builds and the ones it refuses."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

import guarda
from guarda import (
    Attack,
    Cell,
    Guard,
    GuardStatus,
    Orientation,
    Phase,
    PlayerSetup,
    PositionBuilder,
    PositionError,
)

PREPARING = Guard("V1", GuardStatus.PREPARING)
SET_BLOCK = Guard("V1", GuardStatus.SET, Orientation.DEFENSIVE)


def duel(config: guarda.Config | None = None, seed: int = 0) -> PositionBuilder:
    """Two players in place: South on b1, North on d5 (d4 on a 4x4 field)."""
    config = config or guarda.modern()
    north = Cell(3, config.size - 1)
    return PositionBuilder(config, seed=seed).player(0, position="b1").player(1, position=north)


def test_default_builder_is_the_new_game_of_the_same_seed() -> None:
    config = guarda.classic(players=3)
    built = PositionBuilder(config, seed=11).build()
    started = guarda.new_game(config, 11)
    # A built position commits to no deals (P23): only new_game opens with DealCommitted.
    assert started.events[0] == guarda.DealCommitted(guarda.GameRecord(config, 11).commitment)
    assert built.events == started.events[1:]
    assert attrs.evolve(built, log=started.log) == started


def test_builder_is_immutable() -> None:
    base = PositionBuilder(guarda.modern())
    changed = base.player(0, position="a1")
    assert base.setups[0].position is None
    assert changed.setups[0].position == "a1"
    with pytest.raises(AttributeError):
        base._seed = 3  # type: ignore[misc]


def test_player_fields_add_up_and_a_whole_setup_replaces() -> None:
    builder = PositionBuilder(guarda.modern()).player(0, position="a1").player(0, health=4)
    assert builder.setups[0] == PlayerSetup(position="a1", health=4)
    replaced = builder.player(0, PlayerSetup(hand=("X",)))
    assert replaced.setups[0] == PlayerSetup(hand=("X",))


def test_move_position_fields() -> None:
    state = (
        duel()
        .player(0, hand=("V4", "H5", "V4"), discard_known=("X",), discard_hidden=("H1",))
        .player(1, health=3, guard=SET_BLOCK)
        .to_act(0, Phase.MOVE, turn_number=5)
        .build()
    )
    me, other = state.players
    assert (state.phase, state.turn, state.actor) == (Phase.MOVE, 0, 0)
    assert (state.turn_number, state.turns_ended, state.first_placed) == (5, 4, 0)
    assert me.position == Cell(1, 0) and other.position == Cell(3, 4)
    assert me.hand == ("H5", "V4", "V4")
    assert me.discard_known == ("X",) and me.discard_hidden == ("H1",)
    assert other.health == 3 and other.guard == SET_BLOCK
    # The rest of each deck is in the draw pile.
    assert Counter(me.cards) == Counter({name: 4 for name in state.config.card_names})
    assert len(me.draw_pile) == 48 - 5 and len(other.draw_pile) == 47
    assert state.log.size == 0


def test_draw_piles_are_shuffled_by_the_seed() -> None:
    first = duel(seed=1).to_act(0).build().players[0].draw_pile
    again = duel(seed=1).to_act(0).build().players[0].draw_pile
    other = duel(seed=2).to_act(0).build().players[0].draw_pile
    assert first == again and first != other


def test_given_draw_pile_keeps_its_order() -> None:
    config = guarda.grda()
    pile = tuple(name for name in config.card_names for _ in range(4))[1:]
    state = duel(config).player(0, position="b1", hand=("V1",), draw_pile=pile).to_act(0)
    assert state.build().players[0].draw_pile == pile


def test_built_position_plays_like_an_engine_one() -> None:
    state = duel().player(0, hand=("V4", "H5")).player(1, hand=("H5",)).to_act(0, Phase.ACT)
    built = state.build()
    assert Attack(("H5", "V4")) in guarda.legal_actions(built)
    after, _ = guarda.apply(built, Attack(("H5", "V4")))
    assert after.phase is Phase.REACT and after.actor == 1
    assert after.attack is not None and after.attack.damage == 2
    assert guarda.Defend(("H5",)) in guarda.legal_actions(after)
    final, _ = guarda.apply(after, guarda.Defend(("H5",)))
    assert final.players[1].health == 9 and final.phase is Phase.SETTLE


def test_act_with_a_preparing_guard_becomes_set_guard() -> None:
    state = duel().player(0, guard=PREPARING).to_act(0, Phase.ACT).build()
    assert state.phase is Phase.SET_GUARD
    assert set(guarda.legal_actions(state)) == {
        guarda.SetGuard(Orientation.DEFENSIVE),
        guarda.SetGuard(Orientation.OFFENSIVE),
    }
    assert duel().player(0, guard=PREPARING).to_act(0, Phase.SET_GUARD).build() == state


def test_start_turn_runs_the_draw_phase() -> None:
    state = duel().player(1, hand=("V1", "V2")).start_turn(1, turn_number=2).build()
    assert (state.phase, state.turn, state.turn_number, state.turns_ended) == (
        Phase.MOVE,
        1,
        2,
        1,
    )
    assert len(state.players[1].hand) == 5
    assert [type(e).__name__ for e in state.events] == ["TurnStarted", "CardsDrawn"]


def test_setup_continues_from_the_given_drawer() -> None:
    config = guarda.modern()
    rest = [name for name in config.card_names for _ in range(4)]
    rest.remove("V1")
    rest.remove("H1")
    pile = ("V1", "H1", *rest)
    state = PositionBuilder(config).player(0, draw_pile=pile).to_act(0, Phase.SETUP).build()
    assert state.phase is Phase.SETUP and state.actor == 0
    assert state.players[0].in_play == ("V1", "H1")
    assert guarda.legal_actions(state) == (guarda.PlacePiece(Cell(0, 0)),)


def test_settle_keeps_the_attack_cards_in_play() -> None:
    state = duel().player(0, in_play=("V2",), hand=("H1",)).to_act(0, Phase.SETTLE).build()
    after, _ = guarda.apply(state, guarda.Settle())
    assert after.players[0].discard_known == ("V2",)
    assert after.turn == 1


def test_pot_is_derived_from_stakes() -> None:
    config = guarda.modern(players=3, stakes="bounty", ante=5)
    builder = (
        PositionBuilder(config)
        .player(0, position="a1", winnings=5)
        .player(1, position="e5")
        .player(2, is_out=True, health=0)
        .to_act(0)
    )
    assert builder.build().pot == 10


def test_loot_on_the_field() -> None:
    config = guarda.modern(players=3, win="exhaustion", stakes="scavenger", ante=2)
    state = (
        PositionBuilder(config)
        .player(0, position="a1")
        .player(1, position="e5")
        .player(2, is_out=True)
        .loot("c3", 2)
        .to_act(0)
        .build()
    )
    assert state.loot == ((Cell(2, 2), 2),) and state.pot == 4


# -- refusals -------------------------------------------------------------------------


REFUSALS: list[tuple[str, Any, str | None, str | None]] = [
    (
        "two pieces",
        lambda: duel().player(1, position="b1").to_act(0),
        "players[1].position",
        "R13",
    ),
    ("off field", lambda: duel().player(1, position="f5").to_act(0), "players[1].position", "R8"),
    ("bad cell", lambda: duel().player(1, position="zz").to_act(0), "players[1].position", "R8"),
    (
        "copies",
        lambda: duel().player(0, hand=("X", "X", "X"), discard_known=("X", "X")).to_act(0),
        "players[0]",
        "R3",
    ),
    ("unknown", lambda: duel().player(0, hand=("V1", "Q")).to_act(0), "players[0].hand[1]", "R3"),
    (
        "unknown guard",
        lambda: duel().player(0, guard=Guard("V9", GuardStatus.PREPARING)).to_act(0),
        "players[0].guard",
        "R3",
    ),
    (
        "pile not adding up",
        lambda: duel().player(0, draw_pile=("V1",)).to_act(0),
        "players[0].draw_pile",
        "R3",
    ),
    ("health high", lambda: duel().player(0, health=11).to_act(0), "players[0].health", "R20"),
    ("health low", lambda: duel().player(0, health=-1).to_act(0), "players[0].health", "R20"),
    ("health zero", lambda: duel().player(1, health=0).to_act(0), "players[1].health", "R22"),
    (
        "out with position",
        lambda: duel(guarda.modern(3)).player(2, is_out=True, position="c3").to_act(0),
        "players[2].position",
        "R22",
    ),
    (
        "out with health",
        lambda: duel(guarda.modern(3)).player(2, is_out=True, health=4).to_act(0),
        "players[2].health",
        "R22",
    ),
    (
        "in without position",
        lambda: duel(guarda.modern(3)).to_act(0),
        "players[2].position",
        "R11",
    ),
    (
        "preparing with orientation",
        lambda: (
            duel()
            .player(1, guard=Guard("V1", GuardStatus.PREPARING, Orientation.OFFENSIVE))
            .to_act(0)
        ),
        "players[1].guard.orientation",
        "R14",
    ),
    (
        "set without orientation",
        lambda: duel().player(1, guard=Guard("V1", GuardStatus.SET)).to_act(0),
        "players[1].guard.orientation",
        "R14",
    ),
    (
        "turn player out",
        lambda: duel(guarda.modern(3)).player(2, is_out=True).to_act(2),
        "turn.player",
        "R22",
    ),
    ("negative points", lambda: duel().player(0, points=-1).to_act(0), "players[0].points", "R23"),
    (
        "points in elimination",
        lambda: duel().player(0, points=1).to_act(0),
        "players[0].points",
        "R23",
    ),
    (
        "target reached",
        lambda: duel(guarda.modern(win="victory")).player(0, points=20).to_act(0),
        "players",
        "R23",
    ),
    (
        "big hand in move",
        lambda: duel().player(0, hand=("V1",) * 4 + ("V2", "V3")).to_act(0),
        "players[0].hand",
        "R12",
    ),
    (
        "grda hand over target",
        lambda: (
            duel(guarda.grda())
            .player(0, hand=("V1", "V2", "V3", "V4"), guard=PREPARING)
            .to_act(0, Phase.ACT)
        ),
        "players[0].hand",
        "R12",
    ),
    (
        "discard without excess",
        lambda: duel().player(0, hand=("V1",)).to_act(0, Phase.DISCARD),
        "players[0].hand",
        "R12",
    ),
    (
        "set guard without guard",
        lambda: duel().to_act(0, Phase.SET_GUARD),
        "players[0].guard",
        "R14",
    ),
    ("in play outside settle", lambda: duel().player(0, in_play=("V1",)).to_act(0), None, "R16"),
    (
        "game over",
        lambda: (
            duel(guarda.modern(3))
            .player(2, is_out=True, health=0)
            .player(1, position=None)
            .player(1, is_out=True, health=0)
            .to_act(0)
        ),
        "players",
        "R22",
    ),
    (
        "winnings without stakes",
        lambda: duel().player(0, winnings=1).to_act(0),
        "players[0].winnings",
        "R26",
    ),
    (
        "pot below zero",
        lambda: duel(guarda.modern(stakes="bounty", ante=3)).player(0, winnings=3).to_act(0),
        "pot",
        "R26",
    ),
    ("loot without scavenger", lambda: duel().loot("c3", 1).to_act(0), "loot[c3]", "R26"),
    (
        "loot under a piece",
        lambda: (
            PositionBuilder(guarda.modern(3, win="exhaustion", stakes="scavenger", ante=2))
            .player(0, position="a1")
            .player(1, position="c3")
            .player(2, is_out=True)
            .loot("c3", 2)
            .to_act(0)
        ),
        "loot[c3]",
        "R26",
    ),
    (
        "turn limit passed",
        lambda: duel(guarda.modern(turn_limit=3)).to_act(0, turn_number=4),
        "turn_number",
        "R27",
    ),
    ("turn zero", lambda: duel().to_act(0, turn_number=0), "turn_number", "R27"),
    ("setup over", lambda: duel().to_act(0, Phase.SETUP), "phase", "R11"),
    (
        "setup hand",
        lambda: PositionBuilder(guarda.modern()).player(0, hand=("V1",)).to_act(0, Phase.SETUP),
        "players[0]",
        "R9",
    ),
    (
        "setup overlap",
        lambda: (
            PositionBuilder(guarda.modern()).player(1, in_play=("V1", "H1")).to_act(0, Phase.SETUP)
        ),
        "players[1].in_play",
        "R9",
    ),
    (
        "placed with setup cards",
        lambda: (
            PositionBuilder(guarda.modern())
            .player(1, position="a1", in_play=("V1",))
            .to_act(0, Phase.SETUP)
        ),
        "players[1].in_play",
        "R9",
    ),
    ("no turn", duel, "turn", None),
    ("no player", lambda: duel().to_act(5), "turn.player", None),
]


@pytest.mark.parametrize(
    ("make", "path", "rule"),
    [pytest.param(make, path, rule, id=name) for name, make, path, rule in REFUSALS],
)
def test_impossible_positions_are_refused(make: Any, path: str | None, rule: str | None) -> None:
    with pytest.raises(PositionError) as info:
        make().build()
    assert info.value.rule == rule
    if path is not None:
        assert info.value.path == path


def test_hand_as_a_string_is_refused() -> None:
    with pytest.raises(PositionError) as info:
        PositionBuilder(guarda.modern()).player(0, hand="V1")
    assert info.value.path == "players[0].hand"


def test_unknown_field_and_player_are_refused() -> None:
    with pytest.raises(PositionError) as info:
        PositionBuilder(guarda.modern()).player(0, colour="red")
    assert info.value.path == "players[0].colour"
    with pytest.raises(PositionError):
        PositionBuilder(guarda.modern()).player(2, position="a1")


def test_reaction_phases_are_not_built_directly() -> None:
    with pytest.raises(PositionError):
        duel().to_act(0, Phase.REACT)


def test_exhaustion_allows_an_out_player_with_health() -> None:
    config = guarda.modern(players=3, win="exhaustion")
    state = duel(config).player(2, is_out=True, health=3).to_act(0).build()
    assert state.players[2].is_out and state.players[2].health == 3
