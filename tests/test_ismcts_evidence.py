"""ISMCTSBot on other games: the evidence rule and the game's values.

The evidence rule plays the heuristic's choice unless the search shows another root
action clearly better; a game with values ([`HasValue`][guarda.game.HasValue]) scores
the rollouts the bot cuts off (``cutoff``). Guarda's search reads neither.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import guarda
from guarda.bots import GreedyBot, ISMCTSBot, play_match
from guarda.bots._ismcts_generic import GameSearch
from guarda.bots._tree import better_on_evidence
from guarda.game import HasValue
from guarda.games import GARRISON, ON_GUARD
from toy_game import Lay, ToyGame, ToyView


def test_within_noise_the_preferred_action_is_played() -> None:
    # 0/1 scores: the default scores 10 of 20, the other 3 of 5 (0.6, but 5 samples)
    noisy = [("heuristic", 20, 10.0, 10.0), ("other", 5, 3.0, 3.0)]
    assert better_on_evidence(noisy, "heuristic", 1.0) == "heuristic"
    # one score claims no certainty: 1 of 1 against 10 of 20 is not enough
    assert better_on_evidence([*noisy, ("lucky", 1, 1.0, 1.0)], "heuristic", 1.0) == "heuristic"
    # a default never visited is kept
    assert better_on_evidence([("heuristic", 0, 0.0, 0.0), *noisy[1:]], "heuristic", 1.0) == (
        "heuristic"
    )


def test_a_clearly_better_action_is_played_and_the_best_lower_bound_wins() -> None:
    samples = [
        ("heuristic", 20, 6.0, 6.0),  # 0.3
        ("better", 20, 18.0, 18.0),  # 0.9 over 20 samples
        ("best_mean", 2, 2.0, 2.0),  # 1.0 but two samples
    ]
    assert better_on_evidence(samples, "heuristic", 1.0) == "better"
    # z = 0 plays any better mean (here the best mean, whose lower bound is then highest)
    assert better_on_evidence(samples, "heuristic", 0.0) == "best_mean"
    # a demanding z keeps the heuristic's choice
    assert better_on_evidence(samples, "heuristic", 10.0) == "heuristic"


def test_the_variance_of_continuous_scores_counts() -> None:
    # Both alternatives average 0.6 against 0.5 over 20 samples; one always scores 0.6
    # (no variance), the other 0 or 1 (the largest): only the steady one is evidence.
    default = ("heuristic", 20, 10.0, 20 * 0.5 * 0.5)  # always 0.5
    steady = ("steady", 20, 12.0, 20 * 0.6 * 0.6)
    wild = ("wild", 20, 12.0, 12.0)
    assert better_on_evidence([default, wild], "heuristic", 1.0) == "heuristic"
    assert better_on_evidence([default, steady], "heuristic", 1.0) == "steady"


@attrs.frozen
class _LowCard:
    """A poor heuristic for the toy game: it lays its lowest card."""

    name: str = "low-card"

    def act(self, view: ToyView, rng: random.Random) -> Lay:
        return min(view.legal_actions, key=lambda action: action.card)


@attrs.frozen
class _ToyWithHeuristic(ToyGame):
    """The toy game, shipping the poor heuristic."""

    def heuristic(self) -> _LowCard:
        return _LowCard()


def test_the_search_leaves_the_heuristic_only_on_evidence() -> None:
    # Player 1 holds 2 and 5 and answers a 4: the 5 wins the round and cannot lose the
    # game, the heuristic's 2 loses the round; the search sees it and plays the 5.
    game = _ToyWithHeuristic()
    view = ToyView(game.default_config(), 1, (2, 5), (1, 2), (4,), (0, 0), 1, 1, (Lay(2), Lay(5)))
    assert _LowCard().act(view, random.Random(0)) == Lay(2)
    for seed in range(3):
        assert ISMCTSBot(iterations=200, game=game).act(view, random.Random(seed)) == Lay(5)
        # no amount of evidence is enough: the heuristic's choice
        stubborn = ISMCTSBot(iterations=200, game=game, evidence=1e9)
        assert stubborn.act(view, random.Random(seed)) == Lay(2)
    # one iteration has no evidence at all: the heuristic's choice
    assert ISMCTSBot(iterations=1, game=game).act(view, random.Random(0)) == Lay(2)


def test_evidence_and_cutoff_are_checked() -> None:
    for bad in ("1", -0.5, float("nan"), True):
        with pytest.raises(guarda.ArgumentError, match="evidence must be") as raised:
            ISMCTSBot(evidence=bad)  # type: ignore[arg-type]
        assert raised.value.path == "evidence"
    for bad_cutoff in (-1, 2.5, True, "3"):
        with pytest.raises(guarda.ArgumentError, match="cutoff must be") as raised:
            ISMCTSBot(cutoff=bad_cutoff)  # type: ignore[arg-type]
        assert raised.value.path == "cutoff"
    assert ISMCTSBot(evidence=None, cutoff=0).cutoff == 0


def test_guardas_search_reads_neither_setting() -> None:
    record = play_match(
        guarda.modern(players=2), [GreedyBot(), GreedyBot()], seed=3, key="evidence"
    ).record
    searched = 0
    for state in guarda.replay(record):
        if state.actor is None or state.phase is not guarda.Phase.MOVE:
            continue
        view = guarda.view(state, state.actor)
        plain = ISMCTSBot(iterations=30, evidence=None).search(view, random.Random(1))
        other = ISMCTSBot(iterations=30, evidence=0.0, cutoff=0).search(view, random.Random(1))
        assert plain == other
        searched += plain.searched
        if searched == 2:
            break
    assert searched == 2


def _garrison_states(games: int) -> list[Any]:
    """Every state of some games of Garrison's heuristic."""
    found = []
    agent = GARRISON.heuristic()
    rng = random.Random(4)
    for seed in range(games):
        state = GARRISON.new_game(GARRISON.default_config(2), seed)
        found.append(state)
        while not GARRISON.is_over(state):
            view = GARRISON.view(state, GARRISON.actor(state))
            state, _ = GARRISON.apply(state, agent.act(view, rng))
            found.append(state)
    return found


def test_garrisons_values_judge_the_keeps_and_end_in_the_scores() -> None:
    assert isinstance(GARRISON, HasValue) and not isinstance(ON_GUARD, HasValue)
    states = _garrison_states(3)
    target = GARRISON.default_config(2).target
    for state in states:
        values = GARRISON.values(state)
        assert len(values) == 2 and all(0.0 <= value <= 1.0 for value in values)
        assert sum(values) == pytest.approx(1.0)
        if GARRISON.is_over(state):
            assert values == GARRISON.scores(state)
        else:
            mine, theirs = (min(keep.value, target) / target for keep in state.keeps)
            assert values[0] == pytest.approx(0.5 + (mine - theirs) / 2)
    config = GARRISON.default_config(3)
    three = GARRISON.values(GARRISON.new_game(config, 1))
    assert len(three) == 3 and all(0.0 <= value <= 1.0 for value in three)


def test_a_cut_rollout_scores_the_games_values() -> None:
    state = next(s for s in _garrison_states(1) if len(GARRISON.legal_actions(s)) > 1)
    view = GARRISON.view(state, GARRISON.actor(state))
    cut = GameSearch(ISMCTSBot(cutoff=0), GARRISON, view, random.Random(0))
    world = cut.sample()
    assert cut.playout(world) == GARRISON.values(world)
    assert cut.calls == 0
    played = GameSearch(ISMCTSBot(cutoff=3), GARRISON, view, random.Random(0))
    played.playout(played.sample())
    assert 1 <= played.calls <= 3
    # a game without values ignores the cutoff and plays on
    on_guard = ON_GUARD.new_game(ON_GUARD.default_config(), seed=1)
    assert ON_GUARD.actor(on_guard) == 0
    seat = ON_GUARD.view(on_guard, 0)
    search = GameSearch(ISMCTSBot(cutoff=0), ON_GUARD, seat, random.Random(0))
    assert search.depth == ISMCTSBot().depth
