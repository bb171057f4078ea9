"""The scripts in examples/ run and print sensible results."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import guarda
from guarda import conformance

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_game_plays_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    outcome = load("random_game").main(seed=2, players=3)
    lines = capsys.readouterr().out.splitlines()
    assert isinstance(outcome, guarda.Outcome)
    assert lines[-1] == guarda.describe(guarda.GameEnded(outcome.winners, outcome.drawn))
    assert "Turn 1: Player 0" in lines
    assert sum(line.startswith("Game over") for line in lines) == 1
    placed = [
        line for line in lines if re.fullmatch(r"Player \d placed their piece on \w\d", line)
    ]
    assert sorted(line[7] for line in placed) == ["0", "1", "2"]


def test_greedy_bot_beats_the_random_bot(capsys: pytest.CaptureFixture[str]) -> None:
    greedy, other, draws = load("greedy_bot").main(games=4, seed=3)
    assert greedy + other + draws == 4
    assert greedy > other
    assert capsys.readouterr().out == (
        f"greedy {greedy} - random {other}, {draws} draws in 4 games\n"
    )


@pytest.mark.parametrize("preset", [guarda.classic, guarda.grda])
def test_greedy_bot_picks_a_legal_action_from_its_view(
    preset: Callable[..., guarda.Config],
) -> None:
    module = load("greedy_bot")
    config = preset(players=3)
    state = guarda.new_game(config, seed=5)
    kinds = set()
    while not state.is_over and state.turn_number < 60:
        assert state.actor is not None
        action = module.greedy_bot(guarda.view(state, state.actor))
        assert action in guarda.legal_actions(state)
        kinds.add(type(action))
        state, _ = guarda.apply(state, action)
    assert guarda.Attack in kinds
    assert guarda.PlacePiece in kinds


def test_greedy_bot_asks_the_rule_queries() -> None:
    module = load("greedy_bot")
    block = guarda.Guard("V3", guarda.GuardStatus.SET, guarda.Orientation.DEFENSIVE)
    builder = (
        guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        .player(0, position="b1", hand=("V2", "H5", "H1"))
        .player(1, position="b5", hand=("V2", "H1"))
    )
    state = builder.to_act(0, guarda.Phase.ACT).build()
    # V2 (column b) and H5 (row 5) hit b5; H1 hits nobody.
    attack = module.greedy_bot(guarda.view(state, 0))
    assert attack == guarda.Attack(("V2", "H5"))
    state, _ = guarda.apply(state, attack)
    # Two incoming, and only North's V2 covers b5 turned around: defend with it.
    assert module.greedy_bot(guarda.view(state, 1)) == guarda.Defend(("V2",))
    # With a set guard the bot blocks everything instead.
    guarded = builder.player(1, guard=block).to_act(0, guarda.Phase.ACT).build()
    guarded, _ = guarda.apply(guarded, attack)
    assert module.greedy_bot(guarda.view(guarded, 1)) == guarda.ActivateGuard()


def test_save_and_replay_round_trips_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plies, outcome = load("save_and_replay").main(tmp_path, seed=5)
    record = guarda.loads((tmp_path / "game.json").read_text(), guarda.GameRecord)
    assert len(record.actions) == plies > 0
    assert record.result == outcome
    seen = guarda.loads((tmp_path / "north.json").read_text(), guarda.SeatRecord)
    hidden = [e for e in seen.events if isinstance(e, guarda.CardsDrawn) and e.player == 0]
    assert hidden and all(event.cards is None for event in hidden)  # South's draws stay hidden
    assert f"{plies} plies" in capsys.readouterr().out


def test_team_variant_ends_with_a_team_result(capsys: pytest.CaptureFixture[str]) -> None:
    outcome = load("team_variant").main(seed=4)
    out = capsys.readouterr().out
    if outcome.winning_team is None:
        assert outcome.drawn and "Draw between" in out
    else:
        team = (0, 2, 4, 6) if outcome.winning_team == 0 else (1, 3, 5, 7)
        assert set(outcome.winners) <= set(team) and outcome.winners
        assert f"Team {outcome.winning_team}" in out


def test_frontend_loop_clients_see_only_their_own_cards() -> None:
    outcome, clients = load("frontend_loop").main(seed=8, players=3)
    assert outcome.winners or outcome.drawn
    for client in clients:
        own = [line for line in client.log if line.startswith(f"Player {client.seat} drew ")]
        others = [
            line
            for line in client.log
            if " drew " in line and not line.startswith(f"Player {client.seat} ")
        ]
        assert own and others
        assert any(re.search(r" drew [A-Z]", line) for line in own)  # its own cards, named
        for line in others:  # everyone else's draws arrive as counts only
            assert re.fullmatch(r"Player \d drew (a card|\d+ cards)", line), line


def test_the_example_port_passes_every_level_it_prints() -> None:
    vectors = conformance.vector_files()
    picked = [vectors[0], *(path for path in vectors if "s1-0-" in path.stem)][:3]
    for level in conformance.LEVELS:
        command = [sys.executable, str(EXAMPLES / "conformance_port.py"), "--level", level]
        results = conformance.verify(command, picked, level=level, timeout=120)
        assert results and all(result.passed for result in results), level
        assert [name for name, _ in results[0].levels] == list(
            conformance.LEVELS[: conformance.LEVELS.index(level) + 1]
        )
    # Printing less than a level compares fails that level, as it should.
    command = [sys.executable, str(EXAMPLES / "conformance_port.py"), "--level", "legal"]
    [result] = conformance.verify(command, picked[:1], level="outcome", timeout=120)
    assert result.passed_level("legal") and not result.passed
