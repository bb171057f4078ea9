"""guarda.testing: the strategies draw what they promise, and every check passes and fails."""

from __future__ import annotations

import itertools
import json
from typing import Any

import attrs
import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

import guarda
from guarda import GameState, Phase
from guarda.errors import CheckError, GuardaError
from guarda.testing import (
    EDITIONS,
    WIN_AND_STAKES,
    CardConservationError,
    DeterminismError,
    HiddenInformationError,
    RoundTripError,
    ViewMismatchError,
    check_card_conservation,
    check_determinism,
    check_no_hidden_information,
    check_repeatable,
    check_round_trip,
    check_view,
    configs,
    hidden_variant,
    legal_actions,
    records,
    states,
    views,
)
from guarda.testing._text_diff import CONTEXT_LINES, WINDOW, text_difference


def in_move_phase(config: guarda.Config, seed: int = 3) -> GameState:
    """The first Move phase of a game: everybody holds an opening hand."""
    state = guarda.new_game(config, seed)
    while state.phase is not Phase.MOVE:
        state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
    return state


# -- strategies ----------------------------------------------------------------------------


def _edition(config: guarda.Config) -> str:
    return config.name.lower() if config.name in ("Classic", "Modern", "Grda") else "custom"


def _win(config: guarda.Config) -> str:
    names = {
        guarda.Elimination: "elimination",
        guarda.Victory: "victory",
        guarda.Exhaustion: "exhaustion",
        guarda.KingOfTheHill: "king-of-the-hill",
    }
    return names[type(config.win)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_configs_draw_every_edition(edition: str) -> None:
    config = find(configs(), lambda c: _edition(c) == edition)
    assert _edition(config) == edition


@pytest.mark.parametrize(("win", "stakes"), WIN_AND_STAKES)
def test_configs_draw_every_win_condition_and_stakes(win: str, stakes: str) -> None:
    config = find(configs(), lambda c: (_win(c), c.stakes.kind.value) == (win, stakes))
    assert config.stakes.ante > 0 or stakes == "none"


def test_configs_draw_every_player_count_teams_and_custom_seating() -> None:
    for players in range(2, 9):

        def has_them(config: guarda.Config, count: int = players) -> bool:
            return config.players == count

        assert find(configs(), has_them).players == players
    teams = find(configs(), lambda c: any(len(team) > 1 for team in c.teams))
    assert len(teams.teams) >= 2
    seated = find(configs(), lambda c: c.seats != guarda.default_seats(c.players))
    assert _edition(seated) == "custom"


def test_configs_keep_to_the_editions_asked_for() -> None:
    config = find(configs(editions=("grda",), max_players=3), lambda c: c.players == 3)
    assert (config.name, config.players) == ("Grda", 3)


@settings(max_examples=15)
@given(records(max_plies=80))
def test_records_are_legal_action_sequences(record: guarda.GameRecord) -> None:
    states_seen = list(guarda.replay(record))  # refuses an illegal action
    assert len(states_seen) == record.plies + 1
    final = states_seen[-1]
    assert (record.result is not None) == final.is_over
    assert record.result == final.outcome


@settings(max_examples=15)
@given(states(max_plies=120))
def test_states_are_reachable_and_sound(state: GameState) -> None:
    guarda.check_state(state)
    check_card_conservation(state)
    assert bool(guarda.legal_actions(state)) != state.is_over


@settings(max_examples=15)
@given(views(max_plies=120))
def test_views_round_trip_and_conserve_cards(seen: guarda.PlayerView) -> None:
    check_round_trip(seen)
    check_card_conservation(seen)
    assert (seen.player is None) == (seen.me is None)


@settings(max_examples=10)
@given(st.data())
def test_legal_actions_draws_a_legal_action(data: st.DataObject) -> None:
    state = data.draw(states(max_plies=60))
    if state.is_over:
        with pytest.raises(guarda.ArgumentError):
            legal_actions(state)
        return
    assert data.draw(legal_actions(state)) in guarda.legal_actions(state)


# -- the public checks on guarda's own values (they pass) ----------------------------------


@settings(max_examples=10)
@given(states(max_plies=150))
def test_the_checks_pass_on_every_reachable_state(state: GameState) -> None:
    check_round_trip(state)
    check_round_trip(guarda.dumps(state, secrets=True))
    for player in (*range(len(state.players)), None):
        mine = guarda.view(state, player)
        check_view(mine, state)
        check_view(guarda.dumps(mine), state)
        check_card_conservation(mine)
    check_no_hidden_information(state, 0, variants=1)
    for event in state.events[-5:]:
        check_round_trip(event)
    if state.outcome is not None:
        check_round_trip(state.outcome)


def test_check_round_trip_accepts_every_kind_of_value() -> None:
    recorder = guarda.Recorder(guarda.modern(), seed=2)
    for _ in range(30):
        recorder.apply(guarda.legal_actions(recorder.state)[-1])
    record = recorder.record()
    state = recorder.state
    values: list[Any] = [
        state.config,
        state,
        guarda.legal_actions(state)[0],
        state.events[-1],
        guarda.view(state, 1),
        record,
        guarda.seat_record(record, 0),
    ]
    for value in values:
        check_round_trip(value)
    check_round_trip(guarda.dumps(record, secrets=True, notation=True))


# -- each check fails, and says where -------------------------------------------------------


def test_errors_are_assertions_and_guarda_errors() -> None:
    for error in (
        RoundTripError,
        ViewMismatchError,
        HiddenInformationError,
        CardConservationError,
        DeterminismError,
    ):
        assert issubclass(error, CheckError)
        assert issubclass(error, AssertionError)
        assert issubclass(error, GuardaError)


def test_check_round_trip_refuses_a_document_that_is_not_canonical() -> None:
    text = json.dumps(
        {
            "format": "guarda",
            "version": 2,
            "kind": "action",
            "data": {"type": "Settle", "cards": ["V2", "V1"]},
        }
    )
    with pytest.raises(RoundTripError) as raised:
        check_round_trip(text)
    assert raised.value.path == "data.cards[0]"
    with pytest.raises(guarda.DocumentError):
        check_round_trip('{"format": "guarda"}')
    with pytest.raises(guarda.DocumentError):
        check_round_trip("not json")


def test_check_view_names_the_first_field_that_differs() -> None:
    state = in_move_phase(guarda.modern())
    mine = guarda.view(state, 1)
    with pytest.raises(ViewMismatchError) as raised:
        check_view(attrs.evolve(mine, pot=3), state)
    assert raised.value.path == "pot"
    public = attrs.evolve(mine.players[0], health=9)
    with pytest.raises(ViewMismatchError) as raised:
        check_view(attrs.evolve(mine, players=(public, mine.players[1])), state)
    assert raised.value.path == "players[0].health"


def test_check_view_catches_a_secret_shown() -> None:
    state = in_move_phase(guarda.grda(3))
    for viewer in (0, None):
        leaky = attrs.evolve(guarda.view(state, viewer), events=state.events)
        with pytest.raises(HiddenInformationError) as raised:
            check_view(json.loads(guarda.dumps(leaky)), state)
        assert raised.value.rule == "R28"
        assert raised.value.path is not None and raised.value.path.startswith("events[")
    spectator = attrs.evolve(guarda.view(state, None), hand=state.players[0].hand)
    with pytest.raises(HiddenInformationError) as raised:
        check_view(spectator, state)
    assert raised.value.path == "hand"
    with pytest.raises(guarda.ArgumentError):
        check_view(42, state)  # type: ignore[arg-type]


def test_hidden_variants_change_only_what_the_player_may_not_see() -> None:
    state = in_move_phase(guarda.classic(3))
    for player in (0, 2, None):
        for seed in range(3):
            other = hidden_variant(state, player, seed)
            assert other != state
            assert guarda.view(other, player) == guarda.view(state, player)
            for mine, theirs in zip(state.players, other.players, strict=True):
                assert mine.cards == theirs.cards
    same_piles = hidden_variant(state, 1, 5, piles=False)
    assert same_piles.rng == state.rng
    assert [p.draw_pile for p in same_piles.players] == [p.draw_pile for p in state.players]
    with pytest.raises(guarda.ArgumentError):
        hidden_variant(state, 3)


@pytest.mark.parametrize(
    ("leak", "path"),
    [
        (lambda state, player: [p.hand for p in state.players], "[1]"),
        (lambda state, player: [str(e) for e in state.events], "["),
        (lambda state, player: state.players[player].draw_pile[:1], "[0]"),
        (lambda state, player: guarda.dumps(state, secrets=True), "data."),
    ],
    ids=["hands", "log", "own-pile-order", "full-state"],
)
def test_check_no_hidden_information_catches_each_leak(leak: Any, path: str) -> None:
    state = in_move_phase(guarda.modern(3))
    with pytest.raises(HiddenInformationError) as raised:
        check_no_hidden_information(state, 0, leak)
    assert raised.value.rule == "R29"
    assert raised.value.path is not None and raised.value.path.startswith(path)


def test_check_no_hidden_information_accepts_what_is_public() -> None:
    state = in_move_phase(guarda.modern(3))

    def board(state: GameState, player: int | None) -> str:
        seen = guarda.view(state, player)
        return guarda.format_view(seen)

    for player in (0, 1, 2, None):
        check_no_hidden_information(state, player, board)


def test_check_card_conservation_names_the_card() -> None:
    state = in_move_phase(guarda.modern())
    first = state.players[0]
    lost = attrs.evolve(first, hand=first.hand[1:])
    with pytest.raises(CardConservationError) as raised:
        check_card_conservation(attrs.evolve(state, players=(lost, state.players[1])))
    assert raised.value.path == "players[0]"
    card = first.hand[0]
    assert f"{state.config.copies(card) - 1} copies of {card} (" in str(raised.value)
    mine = guarda.view(state, 0)
    public = attrs.evolve(mine.players[1], hand_size=mine.players[1].hand_size + 1)
    with pytest.raises(CardConservationError) as raised:
        check_card_conservation(attrs.evolve(mine, players=(mine.players[0], public)))
    assert raised.value.path == "players[1]"
    with pytest.raises(CardConservationError):
        check_card_conservation(attrs.evolve(mine, draw_pile_cards=mine.draw_pile_cards[1:]))
    check_card_conservation(guarda.dumps(mine))
    with pytest.raises(guarda.ArgumentError):
        check_card_conservation(guarda.dumps(state.config))


def test_check_repeatable() -> None:
    assert check_repeatable(lambda: guarda.new_game(guarda.grda(), 4), runs=3).phase is Phase.SETUP
    counter = itertools.count()
    with pytest.raises(DeterminismError) as raised:
        check_repeatable(lambda: {"calls": next(counter)})
    assert raised.value.path == "calls"
    with pytest.raises(guarda.ArgumentError):
        check_repeatable(lambda: 1, runs=1)


def test_check_determinism_catches_a_nondeterministic_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    recorder = guarda.Recorder(guarda.modern(), seed=8)
    for _ in range(12):
        recorder.apply(guarda.legal_actions(recorder.state)[0])
    record = recorder.record()
    check_determinism(record)
    apply = guarda.apply
    calls = itertools.count()

    def flaky(
        state: GameState, action: guarda.Action
    ) -> tuple[GameState, tuple[guarda.Event, ...]]:
        after, events = apply(state, action)
        if next(calls) == len(record.actions) + 5:  # the sixth step of the second replay
            after = attrs.evolve(after, rng=after.rng ^ 1)
        return after, events

    monkeypatch.setattr(guarda, "apply", flaky)
    with pytest.raises(DeterminismError) as raised:
        check_determinism(record)
    assert raised.value.path == "ply 6[0].rng"
    with pytest.raises(guarda.ArgumentError):
        check_determinism("a record")  # type: ignore[arg-type]


def test_strategies_and_checks_refuse_bad_arguments() -> None:
    with pytest.raises(guarda.ArgumentError) as raised:
        configs(editions=("chess",))
    assert raised.value.path == "editions"
    with pytest.raises(guarda.ArgumentError):
        configs(min_players=5, max_players=3)
    with pytest.raises(guarda.ArgumentError):
        records(max_plies=-1)
    with pytest.raises(guarda.ArgumentError):
        views(max_plies=True)
    state = guarda.new_game(guarda.modern(), seed=1)
    with pytest.raises(guarda.ArgumentError) as raised:
        check_no_hidden_information(state, 0, variants=0)
    assert raised.value.path == "variants"
    with pytest.raises(guarda.ArgumentError):
        check_no_hidden_information(state, 5)
    with pytest.raises(guarda.ArgumentError):
        check_no_hidden_information("state", 0)  # type: ignore[arg-type]


# -- where texts differ --------------------------------------------------------------------


def _hand(state: GameState) -> str:
    return " ".join(state.players[1].hand)


def test_one_long_line_fails_at_the_column_with_a_window_around_it() -> None:
    state = in_move_phase(guarda.modern())
    prefix = "header " * 100

    def leaky(state: GameState, player: int | None) -> str:
        return prefix + _hand(state) + " tail" * 100

    with pytest.raises(HiddenInformationError) as caught:
        check_no_hidden_information(state, 0, render=leaky)
    message = caught.value.message
    shown, other = leaky(state, 0), leaky(hidden_variant(state, 0), 0)
    column = next(i for i, (a, b) in enumerate(zip(shown, other, strict=False)) if a != b)
    assert column >= len(prefix)
    assert f"the texts differ at column {column + 1}:" in message
    expected, got = (
        shown[column - WINDOW : column + WINDOW],
        other[column - WINDOW : column + WINDOW],
    )
    assert expected != got
    assert repr("..." + expected + "...") in message
    assert repr("..." + got + "...") in message
    assert caught.value.rule == "R29"


@pytest.mark.parametrize("as_list", [False, True])
def test_many_lines_fail_with_a_unified_diff_around_the_first_difference(as_list: bool) -> None:
    state = in_move_phase(guarda.modern())
    above, below = [f"line {n}" for n in range(20)], [f"after {n}" for n in range(20)]

    def leaky(state: GameState, player: int | None) -> str | list[str]:
        lines = [*above, "hand " + _hand(state), *below]
        return lines if as_list else "\n".join(lines)

    with pytest.raises(HiddenInformationError) as caught:
        check_no_hidden_information(state, 0, render=leaky)
    message = caught.value.message
    assert "the texts differ at line 21, column " in message
    hand, other = _hand(state), _hand(hidden_variant(state, 0))
    assert f"\n-hand {hand}\n" in message
    assert f"\n+hand {other}\n" in message
    assert "--- expected\n+++ got\n@@ -" in message
    context = [line[1:] for line in message.splitlines() if line.startswith(" ")]
    assert context == [*above[-CONTEXT_LINES:], *below[:CONTEXT_LINES]]
    assert "line 0" not in message and "after 19" not in message
    assert caught.value.path == ("[20]" if as_list else "value")


def test_text_difference_shows_only_the_first_hunk_and_ends() -> None:
    want = [str(n) for n in range(100)]
    have = [*want[:10], "X", *want[11:90], "Y", *want[91:]]
    shown = text_difference(want, have)
    assert shown is not None
    assert "-10\n+X" in shown and "Y" not in shown
    assert text_difference("abc", "abcd") is None  # short: the message shows both whole
    long = "y" * 100
    assert text_difference(long, long + "z") == (
        f"the texts differ at column 101: expected '...{'y' * WINDOW}', got '...{'y' * WINDOW}z'"
    )
    assert text_difference("a\nb", "a\nb\nc") is not None and "+c" in str(
        text_difference("a\nb", "a\nb\nc")
    )
    assert text_difference("same", "same") is None
    assert text_difference(["a"], [1]) is None
    assert text_difference(1, 2) is None
