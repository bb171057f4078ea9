"""guarda.rl's PettingZoo environment (extra ``rl``, nox session ``rl``): PettingZoo's own
API and seed tests, the conversions, who is selected, rewards, truncation and errors; and
the examples of guarda.rl, of its guide and of examples/rl_random_policy.py."""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import pkgutil
import re
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import attrs
import numpy as np
from pettingzoo.test.api_test import api_test
from pettingzoo.test.parallel_test import parallel_api_test
from pettingzoo.test.seed_test import seed_test
from pettingzoo.utils.conversions import (
    aec_to_parallel,
    turn_based_aec_to_parallel,
)

import guarda
import guarda.rl
from guarda.errors import (
    ActionSpaceError,
    ArgumentError,
    IllegalActionError,
    NotResetError,
)
from guarda.rl import GuardaEnv, Reward, env

ROOT = Path(__file__).resolve().parent.parent


def play(
    game: GuardaEnv, seed: int, check: Callable[[GuardaEnv], None] | None = None
) -> dict[str, float]:
    """Play one game of masked random play to the end; each agent's final reward."""
    choose = np.random.default_rng(seed)
    game.reset(seed=seed)
    final: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = reward
            game.step(None)
            continue
        if check is not None:
            check(game)
        game.step(int(choose.choice(np.flatnonzero(observation["action_mask"]))))
    return final


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # PettingZoo's tests warn that a dictionary observation is not a plain array, as it
    # does for its own games with action masks (chess, go, connect four).
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        yield


@pytest.mark.parametrize(
    "make",
    [
        lambda: GuardaEnv(guarda.grda(players=2), max_turns=30),
        lambda: GuardaEnv(guarda.modern(players=3, teams=[[0, 2], [1]], turn_limit=12)),
        lambda: env(guarda.classic(players=4, win="victory"), reward="points", max_turns=8),
        lambda: env(
            guarda.grda(players=3, win="exhaustion", stakes="scavenger", ante=2),
            reward="payouts",
            render_mode="ansi",
            max_turns=10,
        ),
    ],
    ids=["grda", "modern-teams", "classic-4-points", "grda-payouts"],
)
def test_pettingzoo_api_test_passes(make: Callable[[], Any]) -> None:
    api_test(make(), num_cycles=300)  # type: ignore[no-untyped-call]


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: GuardaEnv(guarda.modern(players=3)), num_cycles=200)  # type: ignore[no-untyped-call]


def test_parallel_conversion_is_refused_and_the_turn_based_one_works() -> None:
    # Players do not act at once, nor in a cycle: an attacked player reacts in the middle
    # of another's turn. PettingZoo's aec_to_parallel refuses such an environment.
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(GuardaEnv(guarda.grda()))
    parallel_api_test(
        turn_based_aec_to_parallel(GuardaEnv(guarda.grda(), max_turns=10)), num_cycles=200
    )


def test_the_selected_agent_is_whoever_must_decide_reactions_too() -> None:
    seen_reactions = []

    def check(game: GuardaEnv) -> None:
        state = game.game_state
        assert state.actor is not None
        assert game.agent_selection == f"player_{state.actor}"
        assert game.player_of(game.agent_selection) == state.actor
        observation = game.observe(game.agent_selection)
        legal = guarda.legal_actions(state)
        marked = set(np.flatnonzero(observation["action_mask"]).tolist())
        assert marked == {game.index.index_of(action) for action in legal}
        for other in game.agents:
            if other != game.agent_selection:
                assert not game.observe(other)["action_mask"].any()
        if state.actor != state.turn:
            seen_reactions.append(state.phase)

    for seed in range(3):
        play(GuardaEnv(guarda.modern(players=3)), seed, check)
    assert guarda.Phase.REACT in seen_reactions


def test_outcome_rewards_follow_the_result_and_the_teams() -> None:
    config = guarda.modern(players=4, teams=[[0, 2], [1, 3]])
    for seed in range(4):
        game = GuardaEnv(config)
        final = play(game, seed)
        outcome = game.game_state.outcome
        assert outcome is not None and set(final) == set(game.possible_agents)
        for player, agent in enumerate(game.possible_agents):
            if player in outcome.winners:
                expected = 1.0
            elif outcome.drawn:
                team = config.teams[config.team_of(player)]
                expected = 0.0 if set(team) & set(outcome.drawn) else -1.0
            else:
                expected = -1.0
            assert final[agent] == expected
        if outcome.winners:  # every member of the winning team, out or not
            assert len(outcome.winners) == 2
        assert not game.agents


def test_points_rewards_add_up_to_the_teams_points() -> None:
    config = guarda.grda(players=3, win="king-of-the-hill", teams=[[0, 1], [2]])
    game = GuardaEnv(config, reward="points")
    choose = np.random.default_rng(5)
    game.reset(seed=5)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward  # last() gives what came since the agent's last step
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(choose.choice(np.flatnonzero(observation["action_mask"]))))
    state = game.game_state
    assert state.is_over
    team = state.players[0].points + state.players[1].points
    assert totals["player_0"] == totals["player_1"] == team
    assert totals["player_2"] == state.players[2].points
    assert team + state.players[2].points > 0


def test_payout_rewards_are_the_stakes_won_or_lost() -> None:
    config = guarda.modern(players=3, stakes="bounty", ante=5)
    game = GuardaEnv(config, reward=Reward.PAYOUTS)
    final = play(game, 2)
    outcome = game.game_state.outcome
    assert outcome is not None
    assert [final[agent] for agent in game.possible_agents] == list(outcome.payouts)
    assert any(outcome.payouts)


def test_a_turn_limit_truncates_without_reward() -> None:
    game = GuardaEnv(guarda.grda(players=2), max_turns=3)
    final = play(game, 1)
    state = game.game_state
    assert not state.is_over and state.turns_ended == 3
    assert final == {"player_0": 0.0, "player_1": 0.0}
    assert not game.agents


def test_seeded_resets_are_reproducible() -> None:
    def run(game: GuardaEnv, seed: int | None) -> list[Any]:
        game.reset(seed=seed)
        choose = np.random.default_rng(0)
        trace: list[Any] = [game.game_seed]
        for _ in range(60):
            observation, *_ = game.last()
            number = int(choose.choice(np.flatnonzero(observation["action_mask"])))
            trace.append((game.agent_selection, number, observation["observation"].tolist()))
            game.step(number)
        return trace

    first, second = GuardaEnv(guarda.modern()), GuardaEnv(guarda.modern())
    assert run(first, 11) == run(second, 11)
    assert first.game_seed == 11  # the game is guarda.new_game(config, seed=11)
    assert run(first, None) == run(second, None)  # the next seeds follow from the first
    assert run(first, None) != run(first, 11)
    state = guarda.new_game(guarda.modern(), seed=11)
    first.reset(seed=11)
    salted = first.game_state
    assert salted is not None
    # The same deal, under a secret salt: the commitment gives nothing away, and the same
    # seed makes the same game, log included, in every environment of the process.
    assert attrs.evolve(salted, log=state.log) == state
    assert salted.events[0] != state.events[0]
    second.reset(seed=11)
    assert second.game_state == salted
    keyed = GuardaEnv(guarda.modern(), key="another key")
    keyed.reset(seed=11)
    assert keyed.game_state is not None and keyed.game_state.events[0] != salted.events[0]
    with pytest.raises(ArgumentError) as error:
        GuardaEnv(guarda.modern(), key="")
    assert error.value.path == "key"


def test_a_failing_step_changes_nothing() -> None:
    game = GuardaEnv(guarda.grda())
    with pytest.raises(NotResetError, match="call reset"):
        game.step(0)
    with pytest.raises(NotResetError):
        game.observe("player_0")
    game.reset(seed=1)
    before = (game.game_state, game.agent_selection, dict(game._cumulative_rewards))
    illegal = game.index.index_of(guarda.Pass())  # setup takes a placement
    with pytest.raises(IllegalActionError, match="Pass is not a decision of the setup phase"):
        game.step(illegal)
    with pytest.raises(ActionSpaceError, match="outside the action index"):
        game.step(len(game.index))
    for wrong in ("pass", 1.5, True):
        with pytest.raises(ArgumentError, match="an action index is an integer"):
            game.step(wrong)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="player_0 must act"):
        game.step(None)
    assert (game.game_state, game.agent_selection, dict(game._cumulative_rewards)) == before
    with pytest.raises(ArgumentError, match="no agent 'player_9'"):
        game.observe("player_9")
    with pytest.raises(ArgumentError, match="no agent"):
        game.action_space(0)  # type: ignore[arg-type]


def test_a_done_agent_must_be_stepped_with_none() -> None:
    game = GuardaEnv(guarda.grda(), max_turns=1)
    choose = np.random.default_rng(0)
    game.reset(seed=0)
    while not game.truncations[game.agent_selection]:
        observation = game.observe(game.agent_selection)
        game.step(int(choose.choice(np.flatnonzero(observation["action_mask"]))))
    with pytest.raises(ArgumentError, match="is done: step it with None"):
        game.step(0)
    game.step(None)
    game.step(None)
    assert not game.agents
    with pytest.raises(NotResetError, match="every agent is done: call reset"):
        game.step(None)
    with pytest.raises(NotResetError, match="every agent is done"):
        game.last()
    game.reset()
    assert game.agents == ["player_0", "player_1"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"config": "Modern"}, "not a Config"),
        ({"reward": "glory"}, "reward must be one of outcome, points, payouts"),
        ({"reward": "points"}, "points rewards need points to score: Modern plays Elimination"),
        ({"reward": "payouts"}, "payout rewards need a stakes variant"),
        ({"max_turns": 0}, "max_turns must be None or a positive integer"),
        ({"render_mode": "rgb_array"}, "render_mode must be None, 'human' or 'ansi'"),
        ({"config": guarda.custom(12)}, "more than the limit"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    config = options.pop("config", guarda.modern())
    with pytest.raises((ArgumentError, ActionSpaceError), match=message):
        GuardaEnv(config, **options)


def test_bad_resets_are_refused() -> None:
    game = GuardaEnv(guarda.grda())
    with pytest.raises(ArgumentError, match="a seed is an integer or None"):
        game.reset(seed="7")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="options must be a dictionary"):
        game.reset(options=[1])  # type: ignore[arg-type]
    with pytest.raises(NotResetError):
        game.game_state  # noqa: B018 - the property raises


def test_render_draws_the_table_as_a_spectator_sees_it() -> None:
    game = GuardaEnv(guarda.grda(), render_mode="ansi")
    game.reset(seed=2)
    picture = game.render()
    assert isinstance(picture, str) and picture.startswith("Grda 4x4, 2 players")
    quiet = GuardaEnv(guarda.grda())
    quiet.reset(seed=2)
    assert quiet.render() is None


# -- the examples ----------------------------------------------------------------------


def _modules() -> list[str]:
    return sorted(
        name for _, name, _ in pkgutil.walk_packages(guarda.rl.__path__, prefix="guarda.rl.")
    )


@pytest.mark.parametrize("name", ["guarda.rl", *_modules()])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_guarda_rl_uses_only_the_public_api() -> None:
    for path in sorted((ROOT / "src" / "guarda" / "rl").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module is not None:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                if name.startswith("guarda.") and not name.startswith("guarda.rl."):
                    assert not any(part.startswith("_") for part in name.split(".")), (
                        path.name,
                        name,
                    )


def load_example(name: str) -> ModuleType:
    path = ROOT / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"example_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rl_example_plays_and_trains(capsys: pytest.CaptureFixture[str]) -> None:
    module = load_example("rl_random_policy")
    totals, before, after = module.main(episodes=12, games=6, seed=1)
    assert set(totals) == {"player_0", "player_1"}
    assert abs(totals["player_0"] + totals["player_1"]) <= 6  # +1 and -1, or 0 and 0
    assert 0.0 <= before <= 1.0 and 0.0 <= after <= 1.0
    out = capsys.readouterr().out
    assert "random play, 6 games" in out and "12 episodes of REINFORCE" in out


def test_the_guide_examples_run() -> None:
    page = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```py\n(.*?)^```", page, re.MULTILINE | re.DOTALL)
    assert len(blocks) >= 3
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for number, code in enumerate(blocks, start=1):
        exec(compile(code, f"<docs/rl.md example {number}>", "exec"), namespace)
