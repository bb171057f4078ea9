"""OpenSpiel's algorithms on Guarda (extra ``openspiel``): its ISMCTS and MCTS bots play
whole games, evaluate_bots runs a short match against guarda's reference bots, and the
example, the guide's code and the docstring examples run.

Budgets are tiny and turn limits short: these tests check that everything plays through,
not how strong anything is.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
import random
import re
from pathlib import Path
from typing import Any

import pytest

import guarda

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402 - extra installed
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

import guarda.openspiel  # noqa: E402
from guarda.bots import GreedyBot, RandomBot  # noqa: E402
from guarda.openspiel import AgentBot, DeterminizedBot, GuardaState, resampler  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


class Ismcts(ismcts.ISMCTSBot):  # type: ignore[misc]  # OpenSpiel has no type stubs
    """OpenSpiel's Python ISMCTS has no restart_at, which evaluate_bots calls."""

    def restart_at(self, state: Any) -> None:
        pass


def ismcts_bot(game: Any, simulations: int, seed: int) -> Ismcts:
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = Ismcts(game, rollouts, 2.0, simulations, random_state=np.random.RandomState(seed))
    bot.set_resampler(resampler(seed))
    return bot


def mcts_bot(game: Any, simulations: int, seed: int) -> Any:
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return mcts.MCTSBot(game, 2.0, simulations, rollouts, random_state=np.random.RandomState(seed))


class Recording:
    """An agent that plays the first legal action and keeps every view it is given."""

    name = "recording"

    def __init__(self) -> None:
        self.views: list[guarda.PlayerView] = []

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        self.views.append(view)
        return view.legal_actions[0]


class Cheating:
    """An agent that answers an action that is not legal (a pass during setup)."""

    name = "cheating"

    def act(self, view: guarda.PlayerView, rng: random.Random) -> guarda.Action:
        return guarda.Pass()


def test_agent_bot_asks_with_the_players_view_only() -> None:
    game = pyspiel.load_game("guarda", {"preset": "grda", "players": 3, "turn_limit": 6})
    agent = Recording()
    bot = AgentBot(agent)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randint(256))
            continue
        assert isinstance(state, GuardaState)
        player = state.current_player()
        action = bot.step(state)
        view = agent.views[-1]
        assert view == state.view(player) and view.player == player and view.must_act
        assert action == state.action_index.index_of(view.legal_actions[0])
        state.apply_action(action)
    assert {view.player for view in agent.views} == {0, 1, 2}


def test_agent_bot_refuses_bad_answers_and_input() -> None:
    game = pyspiel.load_game("guarda", {"preset": "grda", "turn_limit": 6})
    state = game.new_initial_state()
    with pytest.raises(guarda.ArgumentError):
        AgentBot(Recording()).step(state)  # a chance node
    for byte in range(8):
        state.apply_action(byte)
    assert state.game_state.phase is guarda.Phase.SETUP
    with pytest.raises(guarda.AgentError, match="not a legal action"):
        AgentBot(Cheating()).step(state)
    with pytest.raises(guarda.ArgumentError):
        AgentBot("greedy")  # type: ignore[arg-type]
    with pytest.raises(guarda.ArgumentError):
        AgentBot(GreedyBot(), seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(guarda.ArgumentError):
        DeterminizedBot(object())
    with pytest.raises(guarda.ArgumentError):
        resampler(seed="one")  # type: ignore[arg-type]
    with pytest.raises(guarda.ArgumentError):
        state.resample(0, np.random.RandomState(1))
    with pytest.raises(guarda.ArgumentError):
        AgentBot(GreedyBot()).step("a state")


def test_openspiel_ismcts_plays_a_whole_game() -> None:
    game = pyspiel.load_game("guarda", {"preset": "modern", "turn_limit": 6})
    bots = [ismcts_bot(game, 6, seed=1), AgentBot(RandomBot(), seed=1)]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_ismcts_with_a_seeded_resampler_repeats_its_game() -> None:
    game = pyspiel.load_game("guarda", {"preset": "grda", "turn_limit": 3})

    def history() -> list[int]:
        state = game.new_initial_state()
        bots = [ismcts_bot(game, 4, seed=2), AgentBot(GreedyBot())]
        evaluate_bots(state, bots, np.random.RandomState(2))
        played: list[int] = state.history()
        return played

    assert history() == history()


def test_openspiel_mcts_plays_from_sampled_states() -> None:
    """MCTSBot searches whatever state it is given: DeterminizedBot gives it states
    resampled from its player's information; on the real state it would see every card."""
    game = pyspiel.load_game("guarda", {"preset": "modern", "players": 3, "turn_limit": 5})
    search = mcts_bot(game, 6, seed=3)
    given: list[Any] = []
    step = search.step

    def spy(state: Any) -> Any:
        given.append(state.clone())
        return step(state)

    search.step = spy
    bots = [DeterminizedBot(search, seed=3), AgentBot(GreedyBot()), AgentBot(RandomBot())]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert len(returns) == 3 and set(returns) <= {-1.0, 0.0, 1.0}
    assert given and all(sample.current_player() == 0 for sample in given)
    # the search saw what player 0 saw, and sampled worlds for the rest
    real = game.new_initial_state()
    rng = random.Random(3)
    while real.is_chance_node() or real.current_player() != 0 or real.game_state.turn_number < 2:
        real.apply_action(rng.choice(real.legal_actions()))
    given.clear()
    fair = DeterminizedBot(search, seed=4)
    for _ in range(4):
        assert fair.step(real) in real.legal_actions()
    assert all(sample.view(0) == real.view(0) for sample in given)
    assert any(
        sample.game_state.players[1].hand != real.game_state.players[1].hand
        or sample.game_state.players[1].draw_pile != real.game_state.players[1].draw_pile
        for sample in given
    )


def test_plain_mcts_on_the_real_state_plays_too() -> None:
    game = pyspiel.load_game("guarda", {"preset": "grda", "turn_limit": 4})
    bots = [mcts_bot(game, 6, seed=4), AgentBot(GreedyBot())]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(4))
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_short_match_against_the_reference_bots() -> None:
    """evaluate_bots: OpenSpiel's ISMCTS against guarda's random and greedy bots, seats
    swapped; the totals are consistent (zero-sum)."""
    game = pyspiel.load_game("guarda", {"preset": "modern", "turn_limit": 4})
    deals = np.random.RandomState(5)
    totals = []
    opponents: list[RandomBot | GreedyBot] = [RandomBot(), GreedyBot(), RandomBot(), GreedyBot()]
    for number, opponent in enumerate(opponents):
        bots = [ismcts_bot(game, 3, seed=number), AgentBot(opponent, seed=number)]
        seat = number % 2
        if seat:
            bots.reverse()
        returns = evaluate_bots(game.new_initial_state(), bots, deals)
        assert sum(returns) == 0.0
        totals.append(returns[seat])
    assert len(totals) == 4 and set(totals) <= {-1.0, 0.0, 1.0}


def test_the_example_plays_its_match(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location(
        "example_openspiel_match", ROOT / "examples" / "openspiel_match.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    results = module.main(games=1, simulations=3, turn_limit=4, seed=1)
    assert set(results) == {"random", "greedy"}
    assert all(len(scores) == 1 for scores in results.values())
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert all(
        re.fullmatch(r"ismcts-3 vs \w+: \d won, \d drawn, \d lost of 1", line) for line in lines
    )


def test_the_guide_examples_run() -> None:
    """docs/openspiel.md marks its code ``py`` (the default test session has no OpenSpiel):
    its blocks run here, in order, in one namespace."""
    page = (ROOT / "docs" / "openspiel.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```py\n(.*?)^```", page, re.MULTILINE | re.DOTALL)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {"__name__": "__guide__"}
    for number, code in enumerate(blocks, start=1):
        exec(compile(code, f"<docs/openspiel.md example {number}>", "exec"), namespace)


@pytest.mark.parametrize(
    "name",
    [
        "guarda.openspiel",
        *(
            name
            for _, name, _ in pkgutil.walk_packages(
                guarda.openspiel.__path__, prefix="guarda.openspiel."
            )
        ),
    ],
)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
