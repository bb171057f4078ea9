"""guarda.openspiel (extra ``openspiel``, nox session ``openspiel``): the game in OpenSpiel.

The action ids (guarda's action index), the parameters, chance, returns, OpenSpiel's own
consistency test with serialization, and observations that hold nothing beyond the
player's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from guarda.bots import GreedyBot  # noqa: E402 - once the extra is known to be installed
from guarda.openspiel import (  # noqa: E402
    SEED_BYTES,
    GuardaObserver,
    GuardaState,
    config_from_parameters,
    information_state_string,
    observation_string,
)


def load(**parameters: Any) -> Any:
    return pyspiel.load_game("guarda", parameters)


def dealt(game: Any, seed: int) -> GuardaState:
    """A state just after the deal: the seed's bytes applied, big-endian."""
    state = game.new_initial_state()
    for byte in seed.to_bytes(SEED_BYTES, "big"):
        state.apply_action(byte)
    assert isinstance(state, GuardaState)
    return state


def play_randomly(state: GuardaState, plies: int, rng: random.Random) -> GuardaState:
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# -- the action ids ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "size"), [(guarda.classic, 87809), (guarda.modern, 28218), (guarda.grda, 2562)]
)
def test_the_ids_are_the_numbers_of_guardas_action_index(
    preset: Callable[..., guarda.Config], size: int
) -> None:
    """Pinned: a change of numbering would silently break trained models and data."""
    game = load(preset=preset().name.lower(), turn_limit=50)
    index = game.action_index
    assert type(index) is guarda.ActionIndex and index == guarda.ActionIndex(game.config)
    assert game.num_distinct_actions() == len(index) == size
    assert index.index_of(guarda.PlacePiece("a1")) == 7
    assert index.index_of(guarda.EndMove()) == 0
    # players and the win condition do not change the numbering
    other = load(preset=preset().name.lower(), players=5, win="victory", turn_limit=50)
    assert other.num_distinct_actions() == size and other.action_index == index
    assert game.new_initial_state().action_index is index


@pytest.mark.parametrize(
    ("preset", "players", "teams"),
    [("classic", 3, 0), ("modern", 2, 0), ("grda", 4, 2)],
)
def test_every_legal_action_has_its_id(preset: str, players: int, teams: int) -> None:
    game = load(preset=preset, players=players, teams=teams, turn_limit=80)
    index = game.action_index
    greedy = GreedyBot()
    for seed in range(3):
        state = dealt(game, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert state.game_state is not None
            actions = guarda.legal_actions(state.game_state)
            ids = state.legal_actions()
            assert ids == sorted(index.index_of(action) for action in actions)
            assert [state.action_to_string(i) for i in ids] == [
                guarda.format_action(index.action_at(i)) for i in ids
            ]
            player = state.current_player()
            chosen = greedy.act(state.view(player), rng) if seed == 0 else rng.choice(actions)
            state.apply_action(index.index_of(chosen))


# -- the game and its parameters ----------------------------------------------------------


def test_parameters_make_the_ruleset() -> None:
    game = load(preset="classic", players=4, teams=2, win="victory", turn_limit=50)
    config = game.config
    assert config == guarda.classic(
        players=4, teams=[[0, 2], [1, 3]], win="victory", turn_limit=50
    )
    assert game.num_players() == 4
    assert game.max_game_length() == 4 + 50 * (2 * 4 + 4)
    assert game.max_chance_outcomes() == 256
    assert game.num_distinct_actions() == len(guarda.ActionIndex(config))
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert load().config == guarda.modern(turn_limit=200)
    assert str(pyspiel.load_game("guarda(preset=grda,turn_limit=9)").config.name) == "Grda"


@pytest.mark.parametrize(
    ("parameters", "zero_sum"),
    [
        ({}, True),
        ({"players": 4, "teams": 2}, True),
        ({"players": 3}, False),
        ({"players": 3, "teams": 2}, False),
        ({"players": 6, "teams": 3}, False),
    ],
)
def test_utility_is_zero_sum_for_two_equal_teams(
    parameters: dict[str, Any], zero_sum: bool
) -> None:
    game = load(**parameters)
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == (utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize(
    ("parameters", "path"),
    [
        ({"preset": "chess"}, "preset"),
        ({"players": 9}, "players"),
        ({"teams": 1}, "teams"),
        ({"players": 3, "teams": 4}, "teams"),
        ({"turn_limit": 0}, "turn_limit"),
        ({"win": "checkmate"}, "win"),
    ],
)
def test_bad_parameters_raise_a_configuration_error(parameters: dict[str, Any], path: str) -> None:
    with pytest.raises(guarda.ConfigurationError) as error:
        load(**parameters)
    assert error.value.path == path


def test_parameters_outside_openspiel_are_checked_too() -> None:
    with pytest.raises(guarda.ConfigurationError) as error:
        config_from_parameters({"players": "2"})
    assert error.value.path == "players"
    with pytest.raises(guarda.ConfigurationError) as error:
        config_from_parameters({"bogus": 1})
    assert error.value.path == "bogus"
    with pytest.raises(pyspiel.SpielError):  # OpenSpiel checks names and types itself
        load(bogus=1)


def test_the_seed_is_eight_chance_bytes() -> None:
    game = load(preset="grda", turn_limit=20)
    state = game.new_initial_state()
    for drawn in range(SEED_BYTES):
        assert state.is_chance_node() and state.seed_bytes_drawn == drawn
        outcomes = state.chance_outcomes()
        assert [byte for byte, _ in outcomes] == list(range(256))
        assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
        assert state.legal_actions() == list(range(256))
        assert state.game_state is None
        with pytest.raises(guarda.ArgumentError, match="not dealt"):
            state.view(0)
        state.apply_action(1 + drawn)
    seed = int.from_bytes(bytes(range(1, 9)), "big")
    assert state.game_state == guarda.new_game(game.config, seed)
    assert state.current_player() == state.game_state.actor
    assert state.history() == list(range(1, 9))
    with pytest.raises(guarda.ArgumentError):
        state.chance_outcomes()


def test_a_bad_chance_outcome_or_action_changes_nothing() -> None:
    game = load(preset="grda", turn_limit=20)
    state = game.new_initial_state()
    with pytest.raises(guarda.ArgumentError):
        state.apply_action(256)
    assert state.history() == [] and state.is_chance_node()
    state = dealt(game, 12345)
    before = (state.history(), str(state))
    legal = set(state.legal_actions())
    illegal = next(index for index in range(game.num_distinct_actions()) if index not in legal)
    with pytest.raises(guarda.IllegalActionError):
        state.apply_action(illegal)
    with pytest.raises(guarda.ActionSpaceError, match="outside the action index of Grda"):
        state.apply_action(game.num_distinct_actions())
    assert (state.history(), str(state)) == before


def test_returns_follow_the_outcome() -> None:
    game = load(preset="modern", players=4, teams=2, turn_limit=60)
    seen = set()
    for seed in range(4):
        state = dealt(game, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert state.returns() == [0.0] * 4 and state.rewards() == [0.0] * 4
            player = state.current_player()
            action = GreedyBot().act(state.view(player), rng)
            state.apply_action(state.action_index.index_of(action))
        assert state.game_state is not None
        outcome = state.game_state.outcome
        assert outcome is not None
        expected = [
            1.0 if player in outcome.winners else 0.0 if player in outcome.drawn else -1.0
            for player in range(4)
        ]
        assert state.returns() == expected == state.rewards()
        assert sum(expected) == 0.0  # two teams of two: zero-sum
        assert expected[0] == expected[2] and expected[1] == expected[3]
        seen.add(tuple(expected))
    assert len(seen) > 1


@pytest.mark.parametrize(
    "parameters",
    [
        {"preset": "grda", "turn_limit": 12},
        {"preset": "modern", "players": 3, "win": "victory", "turn_limit": 10},
        {"preset": "classic", "players": 4, "teams": 2, "turn_limit": 8},
    ],
)
def test_openspiel_random_simulation_test_passes(parameters: dict[str, Any]) -> None:
    """OpenSpiel's own consistency checks: legal actions, chance, clone, serialization,
    observations, returns and the longest game."""
    pyspiel.random_sim_test(load(**parameters), num_sims=2, serialize=True, verbose=False)


def test_games_stay_within_the_longest_game() -> None:
    for players in (2, 3, 5):
        game = load(preset="modern", players=players, turn_limit=15)
        for seed in range(3):
            state = play_randomly(dealt(game, seed), 10_000, random.Random(seed))
            assert state.is_terminal()
            assert len(state.history()) - SEED_BYTES <= game.max_game_length()


def test_states_serialize_and_clone_exactly() -> None:
    game = load(preset="modern", players=3, turn_limit=30)
    state = play_randomly(dealt(game, 99), 40, random.Random(1))
    copy = state.clone()
    assert copy.history() == state.history() and str(copy) == str(state)
    copy.apply_action(copy.legal_actions()[0])
    assert copy.history() != state.history()  # the clone is independent
    text = pyspiel.serialize_game_and_state(game, state)
    game_again, state_again = pyspiel.deserialize_game_and_state(text)
    assert game_again.config == game.config
    assert state_again.game_state == state.game_state
    assert state_again.information_state_string(1) == state.information_state_string(1)


# -- observations ---------------------------------------------------------------------------


@settings(max_examples=12)
@given(
    preset=st.sampled_from(["classic", "modern", "grda"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    plies=st.integers(0, 120),
)
def test_states_a_player_cannot_tell_apart_look_the_same(
    preset: str, players: int, seed: int, plies: int
) -> None:
    """Property: resampling with guarda.determinize keeps the player's view, and so every
    string and tensor the player observes; the other players' observations change."""
    game = load(preset=preset, players=players, turn_limit=30)
    rng = random.Random(seed)
    state = play_randomly(dealt(game, seed), plies, rng)
    player = rng.randrange(players)
    samples = [state.resample(player, random.Random(seed + k)) for k in range(3)]
    for sample in samples:
        assert sample.view(player) == state.view(player)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions(player) == state.legal_actions(player)
    others = [other for other in range(players) if other != player]
    if plies > 20:  # by then the others hold cards the player cannot see
        assert any(
            sample.observation_string(other) != state.observation_string(other)
            for sample in samples
            for other in others
        )


def test_the_strings_are_made_from_the_view() -> None:
    game = load(preset="modern", players=3, turn_limit=30)
    state = play_randomly(dealt(game, 5), 60, random.Random(5))
    for player in range(3):
        mine = state.view(player)
        assert state.observation_string(player) == guarda.format_view(mine)
        assert state.observation_string(player) == observation_string(mine)
        text = state.information_state_string(player)
        assert text == information_state_string(mine)
        lines = text.splitlines()
        assert lines[0] == guarda.format_view(mine)
        assert len(lines) == len(mine.events)  # every event but the commitment
        assert "DealCommitted" not in text and mine.commitment not in text
    assert len({state.information_state_string(player) for player in range(3)}) == 3


def test_the_commitment_does_not_split_information_states() -> None:
    """Views equal but for the opening commitment (a hash of the seed) give one string."""
    game = load(preset="grda", turn_limit=10)
    state = play_randomly(dealt(game, 1), 12, random.Random(1))
    mine = state.view(0)
    assert isinstance(mine.events[0], guarda.DealCommitted)
    other = attrs.evolve(mine, events=(guarda.DealCommitted("0" * 64), *mine.events[1:]))
    assert other != mine
    assert information_state_string(other) == information_state_string(mine)
    assert observation_string(other) == observation_string(mine)


def test_the_tensor_holds_the_present_facts() -> None:
    game = load(preset="grda", players=2, turn_limit=30)
    state = play_randomly(dealt(game, 8), 25, random.Random(8))
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    assert observer.tensor is not None
    assert list(observer.tensor) == state.observation_tensor(0)
    assert len(observer.tensor) == game.observation_tensor_size()
    mine = state.view(0)
    names = game.config.card_names
    pieces = observer.dict
    assert list(pieces["observer"]) == [1.0, 0.0]
    assert pieces["hand"].sum() == len(mine.hand)
    for card in mine.hand:
        assert pieces["hand"][names.index(card)] == mine.hand.count(card)
    assert list(pieces["numbers"][1]) == [
        mine.players[1].health,
        mine.players[1].points,
        mine.players[1].winnings,
        mine.players[1].hand_size,
        mine.players[1].draw_pile_size,
        mine.players[1].discard_size,
    ]
    assert pieces["phase"].sum() == 1.0
    assert pieces["position"].sum() == sum(p.position is not None for p in mine.players)
    chance = game.new_initial_state()
    observer.set_from(chance, 1)
    assert not observer.tensor.any()


def test_public_and_perfect_recall_observers() -> None:
    game = load(preset="modern", turn_limit=20)
    state = play_randomly(dealt(game, 3), 30, random.Random(3))
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    assert public.string_from(state, 0) == guarda.format_view(state.view(None))
    assert public.string_from(state, 0) == public.string_from(state, 1)
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None
    assert recall.string_from(state, 1) == state.information_state_string(1)
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(guarda.ArgumentError):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            )
        )
    with pytest.raises(guarda.ArgumentError):
        GuardaObserver(game.config, None, {"x": 1})
