"""guarda.stats by agent, and two sets of games side by side (guarda.stats.compare)."""

from __future__ import annotations

import math
import random
from collections import Counter
from pathlib import Path

import pytest

import guarda
import guarda.arena
import guarda.cli
from guarda import stats
from guarda.bots import GreedyBot, RandomBot
from guarda.stats import CardUse


@pytest.fixture(scope="module")
def records() -> list[guarda.GameRecord]:
    result = guarda.arena.match(
        guarda.modern(turn_limit=30),
        [GreedyBot(), RandomBot()],
        6,
        seed=1,
        key="k",
        executor=guarda.arena.SerialExecutor(),
    )
    return list(result.records)


@pytest.fixture(scope="module")
def summary(records: list[guarda.GameRecord]) -> stats.GameStats:
    return stats.summarize(records)


def unnamed_record(seed: int) -> guarda.GameRecord:
    recorder = guarda.Recorder(guarda.modern(turn_limit=30), seed=seed)
    choose = random.Random(seed)
    while not recorder.state.is_over:
        recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
    return recorder.record()


# -- by agent ------------------------------------------------------------------------------


def test_results_by_agent_match_the_records(
    records: list[guarda.GameRecord], summary: stats.GameStats
) -> None:
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    firsts: Counter[str] = Counter()
    order: list[str] = []
    for record in records:
        assert record.result is not None
        states = list(guarda.replay(record))
        first = next(
            event.player for event in states[-1].log if isinstance(event, guarda.TurnStarted)
        )
        for seat, name in enumerate(record.names):
            if name not in order:
                order.append(name)
            games[name] += 1
            wins[name] += seat in record.result.winners
            firsts[name] += seat == first
    assert [row.name for row in summary.agents] == order
    assert [row.name for row in summary.agent_cards] == order
    for row in summary.agents:
        assert row.games == games[row.name]
        assert row.wins.count == wins[row.name]
        assert row.wins.trials == games[row.name]
        assert row.wins.count + row.draws.count + row.losses.count == row.wins.trials
        assert row.first == firsts[row.name]
        assert row.first_wins.trials == firsts[row.name]
    assert sum(row.first for row in summary.agents) == summary.games


def test_card_uses_by_agent_match_the_actions(
    records: list[guarda.GameRecord], summary: stats.GameStats
) -> None:
    expected: Counter[tuple[str, str, CardUse]] = Counter()
    for record in records:
        states = list(guarda.replay(record))
        for index, action in enumerate(record.actions):
            name = record.names[states[index].actor or 0]
            assert states[index].actor is not None
            if isinstance(action, guarda.Attack):
                for card in action.cards:
                    expected[name, card, CardUse.ATTACK] += 1
            elif isinstance(action, guarda.Move):
                for card in action.cards:
                    expected[name, card, CardUse.MOVE] += 1
    for agent in summary.agent_cards:
        for row in agent.card_uses:
            for use in (CardUse.ATTACK, CardUse.MOVE):
                assert row.count(use) == expected[agent.name, row.card, use]
    # Every way of playing, summed over the agents, is the table of all the games.
    for index, row in enumerate(summary.card_uses):
        for use in CardUse:
            assert row.count(use) == sum(
                agent.card_uses[index].count(use) for agent in summary.agent_cards
            )
    assert sum(agent.total for agent in summary.agent_cards) == sum(
        row.total for row in summary.card_uses
    )


def test_records_without_names_add_no_agent() -> None:
    summary = stats.summarize([unnamed_record(seed) for seed in range(2)])
    assert summary.agents == ()
    assert summary.agent_cards == ()
    assert "by agent" not in summary.to_markdown()


def test_markdown_by_agent(summary: stats.GameStats) -> None:
    text = summary.to_markdown()
    lines = text.splitlines()
    at = lines.index("## Results by agent (finished games, 95% Wilson intervals)")
    headers = [cell.strip() for cell in lines[at + 2].split("|")[1:-1]]
    assert headers == [
        "agent",
        "games",
        "wins",
        "draws",
        "losses",
        "went first",
        "wins when first",
    ]
    greedy_row = [cell.strip() for cell in lines[at + 4].split("|")[1:-1]]
    agent = summary.agents[0]
    assert greedy_row == [
        agent.name,
        str(agent.games),
        str(agent.wins),
        str(agent.draws),
        str(agent.losses),
        str(agent.first),
        str(agent.first_wins),
    ]
    at = lines.index("## Cards played by agent")
    assert [cell.strip() for cell in lines[at + 2].split("|")[1:-1]] == [
        "card",
        "greedy",
        "random",
    ]
    first_row = [cell.strip() for cell in lines[at + 4].split("|")[1:-1]]
    assert first_row == [
        summary.card_uses[0].card,
        *(str(agent.card_uses[0].total) for agent in summary.agent_cards),
    ]


# -- side by side --------------------------------------------------------------------------


def test_compare_with_itself_finds_no_difference(summary: stats.GameStats) -> None:
    comparison = stats.compare(summary, summary)
    difference = comparison.first_player_difference
    assert difference.estimate == 0
    assert difference.p_value > 0.99
    assert difference.low < 0 < difference.high
    assert comparison.labels == ("A", "B")
    assert comparison.first is summary and comparison.second is summary


def test_newcombe_interval_and_z_test_by_hand() -> None:
    first, second = stats.Rate.of(3, 10), stats.Rate.of(7, 10)
    l1, u1 = stats.wilson_interval(3, 10)
    l2, u2 = stats.wilson_interval(7, 10)
    # The difference is p2 - p1: its lower end takes p2's lower and p1's upper distance.
    low = 0.4 - math.sqrt((0.7 - l2) ** 2 + (u1 - 0.3) ** 2)
    high = 0.4 + math.sqrt((u2 - 0.7) ** 2 + (0.3 - l1) ** 2)
    z = 0.4 / math.sqrt(0.5 * 0.5 * (1 / 10 + 1 / 10))
    difference = stats.Difference.of(first, second)
    assert difference.estimate == pytest.approx(0.4)
    assert difference.low == pytest.approx(low)
    assert difference.high == pytest.approx(high)
    assert round(difference.low, 4) == -0.0288  # Newcombe (1998): method 10
    assert difference.p_value == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert round(difference.p_value, 4) == 0.0736
    # Swapped, the difference changes sign and the interval mirrors.
    swapped = stats.Difference.of(second, first)
    assert (swapped.low, swapped.high) == pytest.approx((-high, -low))
    assert swapped.p_value == pytest.approx(difference.p_value)


def test_compare_two_rulesets(summary: stats.GameStats) -> None:
    other = stats.summarize([unnamed_record(seed) for seed in range(3)])
    comparison = stats.compare(summary, other, labels=("bots", "random"))
    first = summary.first_player_results
    second = other.first_player_results
    expected = (second.wins.count + second.draws.count / 2) / second.wins.trials - (
        first.wins.count + first.draws.count / 2
    ) / first.wins.trials
    assert comparison.first_player_difference.estimate == pytest.approx(expected)
    text = comparison.to_markdown()
    assert text.splitlines()[0] == (
        "# bots (Modern, 2 players) and random (Modern, 2 players) side by side"
    )
    for label in (
        "games",
        "finished",
        "mean turns",
        "draw rate",
        "first-player score rate",
        "first-player win rate",
        "damage per turn (mean)",
    ):
        assert f"| {label} " in text
    assert "First-player score rate random - bots: " in text


def test_compare_refuses_bad_arguments(summary: stats.GameStats) -> None:
    cases: list[tuple[object, object, object, str]] = [
        ("stats", summary, ("A", "B"), "first"),
        (summary, None, ("A", "B"), "second"),
        (summary, summary, ("A",), "labels"),
        (summary, summary, "AB", "labels"),
        (summary, summary, ("A", ""), "labels[1]"),
        (summary, summary, (3, "B"), "labels[0]"),
    ]
    for first, second, labels, path in cases:
        with pytest.raises(guarda.ArgumentError) as caught:
            stats.compare(first, second, labels=labels)  # type: ignore[arg-type]
        assert caught.value.path == path


# -- command line --------------------------------------------------------------------------


def test_cli_against(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bots: list[guarda.arena.AgentSpec] = [GreedyBot(), RandomBot()]
    for name, config in (("modern", guarda.modern(turn_limit=30)), ("grda", guarda.grda())):
        guarda.arena.match(
            config,
            bots,
            2,
            seed=1,
            key="k",
            executor=guarda.arena.SerialExecutor(),
            records=tmp_path / f"{name}.jsonl",
        )
    first, second = str(tmp_path / "modern.jsonl"), str(tmp_path / "grda.jsonl")
    assert guarda.cli.main(["stats", first, "--against", second, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "# modern.jsonl (Modern, 2 players) and grda.jsonl (Grda, 2 players) side by side"
    )
    assert "First-player score rate grda.jsonl - modern.jsonl: " in out
    assert guarda.cli.main(["stats", first, "--against", second]) == 0
    assert "side by side" in capsys.readouterr().out
    assert guarda.cli.main(["stats", first, "--against", second, "--plots", "x"]) == 2
    assert "--plots does not go with --against" in capsys.readouterr().err
    missing = str(tmp_path / "missing.jsonl")
    assert guarda.cli.main(["stats", first, "--against", missing]) == 2
    assert "missing.jsonl" in capsys.readouterr().err
