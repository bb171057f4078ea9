"""guarda.stats: game statistics from records, checked against the records themselves."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import guarda
from guarda import stats
from guarda.stats import CardUse

DATA = Path(__file__).parent / "data"


def random_records(
    config: guarda.Config, count: int, *, first_seed: int = 0
) -> list[guarda.GameRecord]:
    records = []
    for seed in range(first_seed, first_seed + count):
        recorder = guarda.Recorder(config, seed=seed)
        choose = random.Random(seed)
        while not recorder.state.is_over:
            recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
        records.append(recorder.record())
    return records


def unfinished_record(config: guarda.Config, seed: int, plies: int) -> guarda.GameRecord:
    recorder = guarda.Recorder(config, seed=seed)
    choose = random.Random(seed)
    for _ in range(plies):
        recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
    return recorder.record()


# -- intervals -----------------------------------------------------------------------------


def test_wilson_interval_matches_the_textbook_values() -> None:
    # Newcombe (1998), table I, method 3 (the score interval without continuity correction).
    for successes, trials, expected in [
        (81, 263, (0.2553, 0.3662)),
        (15, 148, (0.0624, 0.1605)),
        (0, 20, (0.0, 0.1611)),
        (1, 29, (0.0061, 0.1718)),
    ]:
        low, high = stats.wilson_interval(successes, trials)
        assert (round(low, 4), round(high, 4)) == expected
    # Every success or none: the interval reaches the end, not past it.
    assert stats.wilson_interval(10, 10)[1] == 1.0
    assert stats.wilson_interval(0, 10)[0] == 0.0
    assert stats.wilson_interval(0, 0) == (0.0, 1.0)


@given(st.integers(min_value=1, max_value=10_000), st.data())
def test_wilson_interval_holds_the_rate_and_narrows_with_more_trials(
    trials: int, data: st.DataObject
) -> None:
    successes = data.draw(st.integers(min_value=0, max_value=trials))
    low, high = stats.wilson_interval(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0
    low4, high4 = stats.wilson_interval(successes * 4, trials * 4)
    assert high4 - low4 < high - low


@pytest.mark.parametrize(
    ("successes", "trials", "path"),
    [
        (3, 2, "successes"),
        (-1, 2, "successes"),
        (1, -2, "trials"),
        (1, 2.0, "trials"),
        (float("nan"), 3, "successes"),
        (True, 3, "successes"),
    ],
)
def test_wilson_interval_refuses_bad_counts(successes: float, trials: int, path: str) -> None:
    with pytest.raises(guarda.ArgumentError) as caught:
        stats.wilson_interval(successes, trials)
    assert caught.value.path == path


def test_summary_of_numbers() -> None:
    summary = stats.Summary.of([4, 1, 7, 2])
    assert summary == stats.Summary(4, 3.5, 3.0, 1.0, 7.0, 14.0)
    with pytest.raises(guarda.ArgumentError, match="finite"):
        stats.Summary.of([1, float("inf")])


# -- statistics from records -----------------------------------------------------------------


@pytest.fixture(scope="module")
def modern_records() -> list[guarda.GameRecord]:
    return random_records(guarda.modern(turn_limit=60), 12)


@pytest.fixture(scope="module")
def modern_stats(modern_records: list[guarda.GameRecord]) -> stats.GameStats:
    return stats.summarize(modern_records)


def test_lengths_are_each_games_turns_and_actions(
    modern_records: list[guarda.GameRecord], modern_stats: stats.GameStats
) -> None:
    finals = [guarda.final_state(record) for record in modern_records]
    assert modern_stats.games == 12
    assert modern_stats.plies == tuple(len(record.actions) for record in modern_records)
    assert modern_stats.turns == tuple(state.turn_number for state in finals)
    assert len(modern_stats.damage_per_turn) == sum(modern_stats.turns)


def test_branching_counts_every_decision_by_phase(
    modern_records: list[guarda.GameRecord], modern_stats: stats.GameStats
) -> None:
    by_phase = {item.phase: item.actions for item in modern_stats.branching}
    assert sum(summary.count for summary in by_phase.values()) == sum(modern_stats.plies)
    setup = by_phase[guarda.Phase.SETUP]
    assert setup.count == 2 * len(modern_records)  # one placement per player
    assert (
        by_phase[guarda.Phase.SET_GUARD].minimum == by_phase[guarda.Phase.SET_GUARD].maximum == 2
    )
    assert guarda.Phase.OVER not in by_phase
    # Phases come in the order of the Phase enumeration.
    order = list(guarda.Phase)
    assert [order.index(guarda.Phase(item.phase)) for item in modern_stats.branching] == sorted(
        order.index(guarda.Phase(item.phase)) for item in modern_stats.branching
    )


def test_results_add_up_per_seat_and_for_the_first_player(
    modern_records: list[guarda.GameRecord], modern_stats: stats.GameStats
) -> None:
    outcomes = [guarda.final_state(record).outcome for record in modern_records]
    assert all(outcome is not None for outcome in outcomes)
    for seat, row in enumerate(modern_stats.seats):
        assert row.seat == seat
        assert row.wins.count == sum(seat in o.winners for o in outcomes if o is not None)
        assert row.draws.count == sum(seat in o.drawn for o in outcomes if o is not None)
        assert row.wins.count + row.draws.count + row.losses.count == 12
    first = modern_stats.first_player_results
    assert first.wins.count == sum(
        player in outcome.winners
        for player, outcome in zip(modern_stats.first_player, outcomes, strict=True)
        if outcome is not None
    )
    finals = [guarda.final_state(record) for record in modern_records]
    assert modern_stats.first_player == tuple(state.first_placed for state in finals)


def test_card_uses_add_up_to_the_cards_in_the_actions(
    modern_records: list[guarda.GameRecord], modern_stats: stats.GameStats
) -> None:
    attacked: Counter[str] = Counter()
    settled: Counter[str] = Counter()
    for record in modern_records:
        for action in record.actions:
            if isinstance(action, guarda.Attack):
                attacked.update(action.cards)
            elif isinstance(action, guarda.Settle):
                settled.update(action.cards)
    uses = {row.card: row for row in modern_stats.card_uses}
    assert list(uses) == [entry.card.name for entry in guarda.modern().deck]
    assert {card: row.count(CardUse.ATTACK) for card, row in uses.items()} == {
        card: attacked[card] for card in uses
    }
    assert {card: row.count(CardUse.SETTLE) for card, row in uses.items()} == {
        card: settled[card] for card in uses
    }
    activated = Counter(
        event.card
        for record in modern_records
        for event in guarda.final_state(record).log
        if isinstance(event, guarda.GuardActivated)
    )
    assert {
        card: row.count(CardUse.BLOCK) + row.count(CardUse.COUNTER) for card, row in uses.items()
    } == {card: activated[card] for card in uses}
    for row in uses.values():
        assert row.total == sum(count for _, count in row.uses)
        assert all(count > 0 for _, count in row.uses)


def test_damage_per_turn_adds_up_to_the_damage_events(
    modern_records: list[guarda.GameRecord], modern_stats: stats.GameStats
) -> None:
    damage = sum(
        event.amount
        for record in modern_records
        for event in guarda.final_state(record).log
        if isinstance(event, guarda.DamageTaken)
    )
    assert sum(modern_stats.damage_per_turn) == damage > 0
    assert set(modern_stats.points_per_turn) == {0}  # Elimination scores no points


def test_endings_and_eliminations(
    modern_records: list[guarda.GameRecord], modern_stats: stats.GameStats
) -> None:
    reasons = Counter(
        outcome.reason.value
        for outcome in (guarda.final_state(record).outcome for record in modern_records)
        if outcome is not None
    )
    assert dict(modern_stats.endings) == dict(reasons)
    counts = [count for _, count in modern_stats.endings]
    assert counts == sorted(counts, reverse=True)
    eliminated = sum(count for _, count in modern_stats.eliminations)
    assert eliminated == sum(
        isinstance(event, guarda.PlayerEliminated)
        for record in modern_records
        for event in guarda.final_state(record).log
    )


def test_unfinished_games_count_everywhere_but_in_the_results() -> None:
    config = guarda.classic(players=3)
    records = [*random_records(config, 2), unfinished_record(config, 9, 40)]
    summary = stats.summarize(records)
    assert summary.games == 3
    assert summary.finished == 2
    assert dict(summary.endings)[stats.UNFINISHED] == 1
    assert all(row.wins.trials == 2 for row in summary.seats)
    assert summary.plies[-1] == 40


def test_points_per_turn_in_victory() -> None:
    config = guarda.modern(win="victory", turn_limit=40)
    records = random_records(config, 3)
    summary = stats.summarize(records)
    points = sum(
        event.amount
        for record in records
        for event in guarda.final_state(record).log
        if isinstance(event, guarda.PointsScored)
    )
    assert sum(summary.points_per_turn) == points > 0


def test_markdown_golden() -> None:
    summary = stats.summarize(random_records(guarda.modern(turn_limit=60), 5, first_seed=100))
    text = summary.to_markdown()
    assert text == stats.format_markdown(summary)
    assert text == (DATA / "stats_modern_2p.md").read_text(encoding="utf-8")


# -- bad input -----------------------------------------------------------------------------


def test_summarize_refuses_bad_input() -> None:
    record = guarda.record_game(guarda.modern(), 1, [])
    with pytest.raises(guarda.ArgumentError, match="at least one"):
        stats.summarize([])
    with pytest.raises(guarda.ArgumentError) as caught:
        stats.summarize([record, "a record"])
    assert caught.value.path == "records[1]"
    with pytest.raises(guarda.ArgumentError, match="one ruleset"):
        stats.summarize([record, guarda.record_game(guarda.classic(), 1, [])])
    with pytest.raises(guarda.ArgumentError) as caught:
        stats.summarize(
            [
                guarda.record_game(guarda.modern(turn_limit=30), 1, []),
                guarda.record_game(guarda.modern(turn_limit=40), 1, []),
            ]
        )
    assert caught.value.path == "records[1].config.turn_limit"
    assert "turn_limit is 40, the first record's 30" in str(caught.value)
    with pytest.raises(guarda.ArgumentError):
        stats.summarize("records")
    with pytest.raises(guarda.ArgumentError):
        stats.format_markdown("stats")  # type: ignore[arg-type]


def test_a_record_that_does_not_replay_is_a_replay_error() -> None:
    bad = guarda.GameRecord(guarda.modern(), seed=1, actions=(guarda.Pass(),))
    with pytest.raises(guarda.ReplayError) as caught:
        stats.summarize([bad])
    assert caught.value.ply == 1
