"""Tests of the position invariants: states given another game's configuration, and the
rulings that loading and building now enforce (each test names its ruling).

A state's configuration is checked when the state is made (``attrs.evolve`` runs
``__init__``), so a swapped configuration is a [guarda.GuardaError][] there, never an
IndexError or KeyError later in the engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import guarda
from guarda import GameState, Phase, PositionBuilder, PositionError, check_state
from guarda._documents import dumps, loads, to_document, unstructure
from guarda.errors import DocumentError, GuardaError


def states(config: guarda.Config, seed: int) -> Iterator[GameState]:
    """Every state of a game played by a seeded random policy."""
    choose = random.Random(seed)
    state = guarda.new_game(config, seed)
    yield state
    while not state.is_over:
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
        yield state


def sample(config: guarda.Config, seed: int) -> list[GameState]:
    """A few states of one game: the first, some in the middle, the last."""
    every = list(states(config, seed))
    return [every[0], *every[1:-1:37], every[-1]]


def with_player(state: GameState, index: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[index] = attrs.evolve(players[index], **changes)
    return attrs.evolve(state, players=tuple(players))


def expect_refused(state: GameState, path: str, rule: str | None) -> None:
    """check_state refuses ``state`` and loading its document names the same field."""
    with pytest.raises(PositionError) as direct:
        check_state(state)
    assert (direct.value.path, direct.value.rule) == (path, rule)
    with pytest.raises(DocumentError) as loaded:
        loads(dumps(state, secrets=True), GameState)
    assert (loaded.value.path, loaded.value.rule) == ("data." + path, rule)


# -- a swapped configuration -------------------------------------------------------------


SWAPS: dict[str, tuple[Callable[[], guarda.Config], Callable[[], guarda.Config]]] = {
    "smaller field (Grda on Modern)": (guarda.modern, guarda.grda),
    "bigger field (Modern on Grda)": (guarda.grda, guarda.modern),
    "bigger field, same deck size (Classic on Modern)": (guarda.modern, guarda.classic),
    "smaller field, same deck size (Modern on Classic)": (guarda.classic, guarda.modern),
    "more players": (guarda.modern, lambda: guarda.modern(players=4)),
    "fewer players": (lambda: guarda.modern(players=3), guarda.modern),
    "different deck": (guarda.modern, lambda: guarda.custom(5)),
    "fewer copies": (
        guarda.grda,
        lambda: guarda.custom(
            4, deck=[attrs.evolve(entry, copies=3) for entry in guarda.grda().deck]
        ),
    ),
}


@pytest.mark.parametrize(("old", "new"), SWAPS.values(), ids=SWAPS.keys())
def test_a_state_given_another_configuration_is_refused_when_made(
    old: Callable[[], guarda.Config], new: Callable[[], guarda.Config]
) -> None:
    other = new()
    for seed in range(3):
        for state in sample(old(), seed):
            with pytest.raises(PositionError) as caught:
                attrs.evolve(state, config=other)
            assert caught.value.path is not None and caught.value.path.startswith("players")
            with pytest.raises(PositionError):
                GameState(**{**attrs.asdict(state, recurse=False), "config": other})


def test_a_grda_configuration_on_a_modern_state_names_the_field() -> None:
    state = guarda.new_game(guarda.modern(), seed=3)
    with pytest.raises(PositionError) as caught:
        attrs.evolve(state, config=guarda.grda())
    assert caught.value.rule == "R3"  # Modern cards are not Grda cards
    assert caught.value.path is not None and caught.value.path.startswith("players[0]")


def test_a_four_player_configuration_on_a_two_player_state_names_the_players() -> None:
    state = sample(guarda.modern(), 1)[1]
    with pytest.raises(PositionError) as caught:
        attrs.evolve(state, config=guarda.modern(players=4))
    assert caught.value.path == "players"
    assert "4-player game needs 4 players, not 2" in caught.value.message


def test_a_piece_off_a_smaller_field_is_named() -> None:
    config = guarda.custom(5, deck=guarda.grda().deck)  # Grda's cards fit a 5x5 field too
    state = (
        PositionBuilder(config, seed=1)
        .player(0, position="a1")
        .player(1, position="e5")
        .to_act(0)
        .build()
    )
    with pytest.raises(PositionError) as caught:
        attrs.evolve(state, config=guarda.custom(4, deck=guarda.grda().deck))
    assert (caught.value.path, caught.value.rule) == ("players[1].position", "R8")


def test_a_fitting_configuration_is_accepted_and_plays_the_same() -> None:
    for state in sample(guarda.modern(), 4)[:-1]:
        same = attrs.evolve(state, config=attrs.evolve(state.config))
        assert same.config is not state.config and same == state
        assert guarda.legal_actions(same) == guarda.legal_actions(state)


def test_swapped_configurations_never_reach_the_engine() -> None:
    """Whatever configuration a state is given, it is refused or the engine plays it."""
    configs = [
        guarda.modern(),
        guarda.classic(),
        guarda.grda(),
        guarda.modern(players=3),
        guarda.custom(6, deck=guarda.modern().deck),
        guarda.modern(win="victory"),
        guarda.grda(win="exhaustion"),
    ]
    choose = random.Random(7)
    for config in configs:
        for state in sample(config, 2):
            for other in configs:
                try:
                    swapped = attrs.evolve(state, config=other)
                except GuardaError:
                    continue
                # It fits: the engine lists, views and plays it without tripping.
                guarda.view(swapped, None)
                if not swapped.is_over:
                    guarda.apply(swapped, choose.choice(guarda.legal_actions(swapped)))


def test_a_loaded_state_with_another_configuration_is_a_document_error() -> None:
    state = sample(guarda.modern(), 5)[2]
    document = to_document(state, secrets=True)
    for other, rule in ((guarda.grda(), "R3"), (guarda.classic(), "R3"), (guarda.modern(3), None)):
        document["data"]["config"] = unstructure(other)
        with pytest.raises(DocumentError) as caught:
            loads(json.dumps(document), GameState)
        assert caught.value.rule == rule  # foreign cards (R3), or the number of players
        assert caught.value.path is not None and caught.value.path.startswith("data.players")


def test_a_parsed_position_with_another_configuration_is_refused() -> None:
    state = sample(guarda.modern(), 6)[1]
    text = guarda.format_position(state)
    for other in (guarda.grda(), guarda.classic()):
        with pytest.raises(GuardaError):
            guarda.parse_position(text, other)


# -- rulings loading and building enforce --------------------------------------------------


def finished(config: guarda.Config, seed: int) -> GameState:
    *_, last = states(config, seed)
    return last


def test_r11_players_still_in_keep_their_pieces_when_the_game_is_over() -> None:
    over = finished(guarda.modern(), 1)
    assert over.outcome is not None
    winner = over.outcome.winners[0]
    assert not over.players[winner].is_out
    expect_refused(with_player(over, winner, position=None), f"players[{winner}].position", "R11")


def test_r23_victory_health_never_changes() -> None:
    config = guarda.modern(win="victory")
    builder = PositionBuilder(config).player(0, position="c1").player(1, position="c5")
    with pytest.raises(PositionError) as caught:
        builder.player(1, health=0).to_act(0).build()
    assert (caught.value.path, caught.value.rule) == ("players[1].health", "R23")
    with pytest.raises(PositionError) as caught:
        builder.player(1, health=9).to_act(0).build()
    assert (caught.value.path, caught.value.rule) == ("players[1].health", "R23")
    state = sample(config, 2)[3]
    for health in (0, 7):
        expect_refused(with_player(state, 1, health=health), "players[1].health", "R23")
    # Damage scores points instead: a played Victory game never changes anyone's health.
    assert all(player.health == 10 for player in finished(config, 2).players)


def test_p4_nobody_goes_out_in_victory() -> None:
    config = guarda.modern(players=3, win="victory")
    with pytest.raises(PositionError) as caught:
        (
            PositionBuilder(config)
            .player(0, position="a1")
            .player(1, position="e5")
            .player(2, is_out=True)
            .to_act(0)
            .build()
        )
    assert (caught.value.path, caught.value.rule) == ("players[2].is_out", "P4")
    state = sample(config, 1)[3]
    expect_refused(with_player(state, 2, is_out=True, position=None), "players[2].is_out", "P4")


def test_r17_an_attack_deals_at_most_one_damage_per_card() -> None:
    state = (
        PositionBuilder(guarda.modern(), seed=2)
        .player(0, position="c1", hand=("V3",))
        .player(1, position="c5")
        .to_act(0, Phase.ACT)
        .build()
    )
    state, _ = guarda.apply(state, guarda.Attack(("V3",)))
    assert state.phase is Phase.REACT and state.attack is not None
    check_state(state)
    expect_refused(
        attrs.evolve(state, attack=attrs.evolve(state.attack, damage=2)), "attack.damage", "R17"
    )


def test_r13_nobody_has_moved_in_the_draw_phase() -> None:
    state = (
        PositionBuilder(guarda.modern(), seed=1)
        .player(0, position="c1", hand=("V1", "V2", "V3", "H1", "H2", "H3"))
        .player(1, position="c5")
        .to_act(0, Phase.DISCARD, turn_number=3)
        .build()
    )
    assert state.phase is Phase.DISCARD
    expect_refused(attrs.evolve(state, has_moved=True), "has_moved", "R13")


def test_r10_a_player_whose_setup_cards_ran_out_would_have_placed() -> None:
    config = guarda.custom(3, deck=[guarda.DeckEntry(guarda.CardType("V1", ((1, 1),)), 1)])
    with pytest.raises(PositionError) as caught:
        (
            PositionBuilder(config)
            .player(1, draw_pile=(), in_play=("V1",))
            .to_act(0, Phase.SETUP)
            .build()
        )
    assert (caught.value.path, caught.value.rule) == ("players[1].draw_pile", "R10")


def test_r11_the_first_player_to_place_has_placed() -> None:
    for state in states(guarda.modern(players=3), 4):
        if state.phase is Phase.SETUP and state.first_placed is not None:
            break
    else:  # pragma: no cover - three players always place one after another
        raise AssertionError("no setup state with a placed player")
    unplaced = next(i for i, player in enumerate(state.players) if player.position is None)
    expect_refused(attrs.evolve(state, first_placed=unplaced), "first_placed", "R11")


# -- one set of rules --------------------------------------------------------------------


def test_every_state_of_played_games_passes_check_state() -> None:
    configs = [
        guarda.modern(players=4, teams=[[0, 2], [1, 3]]),
        guarda.classic(players=3, win="victory", turn_limit=40),
        guarda.grda(players=3, win="exhaustion", stakes="scavenger", ante=2),
        guarda.modern(players=3, stakes="bounty", ante=3),
        guarda.modern(win="king-of-the-hill"),
    ]
    for config in configs:
        for seed in range(3):
            for state in states(config, seed):
                check_state(state)


def test_built_positions_pass_check_state() -> None:
    config = guarda.modern(players=3, win="exhaustion", stakes="scavenger", ante=2)
    base = (
        PositionBuilder(config, seed=5)
        .player(0, position="a1", hand=("V1", "H2"))
        .player(1, position="e5", winnings=2)
        .player(2, is_out=True, health=4)
    )
    for phase in (Phase.MOVE, Phase.ACT, Phase.SETTLE):
        built = base.player(0, in_play=("V2",) if phase is Phase.SETTLE else ()).to_act(0, phase)
        check_state(built.build())
    check_state(base.start_turn(1, turn_number=6).build())


def test_the_builder_is_a_frozen_attrs_value() -> None:
    config = guarda.modern()
    builder = PositionBuilder(config, seed=3).player(0, position="a1")
    aliases = [field.alias for field in attrs.fields(PositionBuilder)]
    assert aliases == ["config", "seed", "_setups", "_loot", "_turn"]
    assert builder == PositionBuilder(config, seed=3).player(0, position="a1")
    assert hash(builder) == hash(PositionBuilder(config, seed=3).player(0, position="a1"))
    assert builder != PositionBuilder(config, seed=4).player(0, position="a1")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        builder._setups = ()  # type: ignore[misc]
    assert repr(builder).startswith("PositionBuilder('Modern', seed=3, setups=(PlayerSetup(")
    with pytest.raises(guarda.ArgumentError):
        PositionBuilder("Modern")  # type: ignore[arg-type]
    with pytest.raises(guarda.ArgumentError):
        PositionBuilder(config, seed=1.5)  # type: ignore[arg-type]
