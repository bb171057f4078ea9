"""JSON for every value: round trips, documents, versions, error paths and secrets."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import _documents as documents
from guarda._consistency import check_state
from guarda._converter import config_fields
from guarda._documents import (
    FORMAT_VERSION,
    KINDS,
    dumps,
    from_document,
    kind_of,
    loads,
    structure,
    to_document,
    unstructure,
)
from guarda._records import GameRecord
from guarda._state import GameState, Guard, GuardStatus, Phase
from guarda._views import PlayerView, view
from guarda.errors import (
    DocumentError,
    GuardaError,
    ParseError,
    PositionError,
    SecretsError,
    UnsupportedVersionError,
)
from guarda.testing import check_round_trip

PRESETS = (guarda.classic, guarda.modern, guarda.grda)
VARIANTS = (
    ("elimination", "none", 0),
    ("elimination", "bounty", 3),
    ("victory", "spoils-of-war", 2),
    ("exhaustion", "scavenger", 5),
    ("king-of-the-hill", "none", 0),
)
CONFIGS = (
    *(
        preset(players=players, win=win, stakes=stakes, ante=ante)
        for preset in PRESETS
        for win, stakes, ante in VARIANTS
        for players in (2, 3, 4)
    ),
    guarda.modern(players=4, teams=[[0, 2], [1, 3]], first_player=2, turn_limit=40),
    guarda.custom(7, players=8, teams=[[0, 2, 4, 6], [1, 3, 5, 7]]),
    guarda.custom(
        3,
        deck=[guarda.DeckEntry(guarda.x_card(3), 2), guarda.DeckEntry(guarda.all_card(3), 1)],
        name="Tiny",
        seats=[guarda.Side.WEST, guarda.Side.EAST],
    ),
)


def roundtrip(value: Any, *, secrets: bool = False) -> Any:
    """``value`` through a JSON document and back, checking the data is plain JSON."""
    data = unstructure(value, secrets=secrets)
    assert json.loads(json.dumps(data)) == data
    cls: Any = type(value)
    assert structure(data, cls) == value
    loaded = loads(dumps(value, secrets=secrets), cls)
    assert hash(loaded) == hash(value)  # equal values hash equally, however they were built
    return loaded


def game(config: guarda.Config, seed: int, policy: int, limit: int) -> Iterator[GameState]:
    """The states of a game played by a seeded random policy."""
    chooser = random.Random(policy)
    state = guarda.new_game(config, seed)
    yield state
    for _ in range(limit):
        if state.is_over:
            return
        state, _ = guarda.apply(state, chooser.choice(guarda.legal_actions(state)))
        yield state


def mid_game(config: guarda.Config | None = None) -> GameState:
    """An Act phase a few turns in, with cards in every hand."""
    for state in game(config or guarda.modern(), 5, 5, 1000):
        if (
            state.phase is Phase.ACT
            and state.turn_number > 4
            and all(len(player.hand) > 1 for player in state.players)
        ):
            return state
    raise AssertionError("no such state")  # pragma: no cover


# -- round trips -----------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=lambda config: config.name)
def test_config_round_trip(config: guarda.Config) -> None:
    loaded = roundtrip(config)
    assert loaded == config
    assert loaded.geometry.coverage == config.geometry.coverage


@settings(max_examples=25)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**64 - 1),
    policy=st.integers(0, 10**6),
)
def test_states_actions_and_events_round_trip_along_random_games(
    config: guarda.Config, seed: int, policy: int
) -> None:
    chooser = random.Random(policy)
    state = guarda.new_game(config, seed)
    for step in range(400):
        if step % 25 == 0 or state.is_over:
            assert roundtrip(state, secrets=True) == state
            check_round_trip(state)  # the public check: document and position notation
        if state.is_over:
            assert state.outcome is not None
            assert roundtrip(state.outcome) == state.outcome
            break
        actions = guarda.legal_actions(state)
        for action in actions[:: max(1, len(actions) // 4)]:
            assert loads(dumps(action), guarda.Action) == action
        state, events = guarda.apply(state, chooser.choice(actions))
        for event in events:
            assert loads(dumps(event), guarda.Event) == event


@settings(max_examples=10)
@given(config=st.sampled_from(CONFIGS), policy=st.integers(0, 10**6))
def test_views_round_trip(config: guarda.Config, policy: int) -> None:
    for index, state in enumerate(game(config, policy, policy, 120)):
        if index % 40:
            continue
        for player in (None, *range(config.players)):
            mine = view(state, player)
            assert roundtrip(mine) == mine
            check_round_trip(guarda.dumps(mine))  # guarda writes the same document back


def test_every_action_and_event_class_round_trips() -> None:
    seen: set[str] = set()
    for config in (guarda.modern(), guarda.classic(players=3, win="exhaustion")):
        for seed in range(6):
            for state in game(config, seed, seed, 400):
                seen.update(type(event).__name__ for event in state.log.chunks()[-1])
                for action in guarda.legal_actions(state):
                    seen.add(type(action).__name__)
                    assert loads(dumps(action), guarda.Action) == action
            for event in state.log:
                assert loads(dumps(event), guarda.Event) == event
    assert {cls.__name__ for cls in guarda._actions.ACTION_TYPES} <= seen


def test_data_shapes_are_readable() -> None:
    move = unstructure(guarda.Move(guarda.Direction.WEST, ("V2", "H1")))
    assert move == {"type": "Move", "direction": "W", "cards": ["H1", "V2"]}
    assert unstructure(guarda.modern(win="king-of-the-hill")) == {
        "preset": "modern",
        "players": 2,
        "win": "king-of-the-hill",
    }
    hill = guarda.KingOfTheHill(hill=(guarda.Cell.parse("c3"),), target=6)
    config = unstructure(guarda.modern(win=hill, seats=[guarda.Side.WEST, guarda.Side.EAST]))
    assert config["win"] == {"type": "KingOfTheHill", "hill": ["c3"], "target": 6}
    assert config["seats"] == [1, 3]
    config = unstructure(guarda.custom(5, win=hill))  # no preset makes it: every field
    assert config["win"] == {"type": "KingOfTheHill", "hill": ["c3"], "target": 6}
    assert config["seats"] == [0, 2]
    assert config["deck"][0] == {
        "card": {"name": "V1", "cells": [[1, row] for row in range(1, 6)]},
        "copies": 4,
    }
    state = guarda.new_game(guarda.modern(), 2**64 - 1)
    data = unstructure(state, secrets=True)
    assert data["rng"] == f"{state.rng:016x}"
    assert data["log"][0]["type"] == "DealCommitted"
    assert data["log"][1]["type"] == "SetupCardDrawn"


def test_loaded_state_shares_nothing_and_plays_on() -> None:
    state = mid_game()
    loaded = loads(dumps(state, secrets=True), GameState)
    action = guarda.legal_actions(state)[0]
    assert guarda.apply(loaded, action)[0] == guarda.apply(state, action)[0]


def test_specific_class_and_kind_checks() -> None:
    assert loads(dumps(guarda.Pass()), guarda.Pass) == guarda.Pass()
    with pytest.raises(DocumentError) as caught:
        loads(dumps(guarda.Pass()), guarda.Attack)
    assert caught.value.path == "data.type"
    with pytest.raises(DocumentError) as caught:
        loads(dumps(guarda.Pass()), GameState)
    assert caught.value.path == "kind"
    assert loads(dumps(guarda.modern())) == guarda.modern()
    assert [kind_of(v) for v in (guarda.modern(), guarda.Pass())] == ["config", "action"]
    with pytest.raises(DocumentError):
        kind_of(guarda.Cell(0, 0))


# -- versions and documents --------------------------------------------------------------


def document(**changes: Any) -> dict[str, Any]:
    return {**to_document(guarda.Pass()), **changes}


def test_documents_carry_format_version_and_kind() -> None:
    for value in (guarda.modern(), guarda.Pass(), guarda.TurnStarted(0, 1)):
        data = json.loads(dumps(value))
        assert data["format"] == "guarda"
        assert data["version"] == FORMAT_VERSION == 2
        assert data["kind"] in KINDS


@pytest.mark.parametrize("version", [3, 99, 0, -1])
def test_newer_or_unknown_versions_fail_clearly(version: int) -> None:
    with pytest.raises(UnsupportedVersionError) as caught:
        from_document(document(version=version))
    assert caught.value.path == "version"
    assert isinstance(caught.value, DocumentError)


def test_older_versions_are_migrated_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def from_zero(old: dict[str, Any]) -> dict[str, Any]:
        calls.append(old["version"])
        return {**old, "version": 1, "data": {"type": old["data"]["kind"]}}

    monkeypatch.setitem(documents.MIGRATIONS, 0, from_zero)
    old = {"format": "guarda", "version": 0, "kind": "action", "data": {"kind": "Pass"}}
    assert from_document(old) == guarda.Pass()
    assert calls == [0]


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"version": "1"}, "version"),
        ({"version": True}, "version"),
        ({"format": "chess"}, "format"),
        ({"kind": "move"}, "kind"),
        ({"kind": 3}, "kind"),
        ({"extra": 1}, "extra"),
    ],
)
def test_malformed_envelopes(changes: dict[str, Any], path: str) -> None:
    with pytest.raises(DocumentError) as caught:
        from_document(document(**changes))
    assert caught.value.path == path


def test_missing_envelope_fields() -> None:
    for key in ("format", "version", "kind", "data"):
        broken = document()
        del broken[key]
        with pytest.raises(DocumentError) as caught:
            from_document(broken)
        assert caught.value.path == key


@pytest.mark.parametrize(
    "text", ["", "{", "[1, 2", '{"a": NaN}', "Infinity", "nul", b"\xff\xfe", "[]", "3"]
)
def test_malformed_json(text: str | bytes) -> None:
    with pytest.raises(DocumentError):
        loads(text)


def test_deeply_nested_json_is_refused() -> None:
    with pytest.raises(DocumentError):
        loads("[" * 100_000 + "]" * 100_000)
    with pytest.raises(DocumentError):
        loads(12)  # type: ignore[call-overload]


# -- bad data: paths -------------------------------------------------------------------


def state_document(state: GameState | None = None) -> dict[str, Any]:
    """A state's document, its ruleset written field by field (so paths reach every field)."""
    state = state or mid_game()
    document = to_document(state, secrets=True)
    document["data"]["config"] = config_fields(state.config)
    return document


def mutate(change: Callable[[dict[str, Any]], None], state: GameState | None = None) -> str:
    doc = state_document(state)
    change(doc["data"])
    return json.dumps(doc)


def set_at(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.replace("[", ".").replace("]", "").split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(last) if last.isdigit() else last] = value

    return change


@pytest.mark.parametrize(
    ("path", "value", "expected", "message"),
    [
        ("players[1].hand[0]", 5, None, "expected a string"),
        ("players[1].hand", "V1", None, "expected an array"),
        ("players[0].health", True, None, "expected an integer"),
        ("players[0].health", 1.5, None, "expected an integer"),
        ("players[0].position", "z9", None, "not on the"),
        ("players[0].position", "a0", None, "not a cell name"),
        ("phase", "lunch", None, "expected one of"),
        ("rng", 12, None, "hex digits"),
        ("rng", "XYZ", None, "hex digits"),
        ("config.size", 30, None, "field size"),
        ("config.seats[1]", 7, None, "expected one of"),
        ("config.win.type", "Chess", None, "unknown win condition type"),
        ("config.deck[0].copies", 0, None, "copies must be a positive integer"),
        ("config.deck[0].card.name", "v1", None, "upper-case"),
        ("config.deck[0].card.cells[0]", [1], None, "expected an array of 2 items"),
        ("log[0].type", "Exploded", None, "unknown event type"),
        ("log[0]", [], None, "expected an object"),
        ("turn_number", -3, "turns_ended", "turns"),
        ("attack", {"attacker": 0}, "attack.cards", "missing required field"),
    ],
)
def test_bad_fields_are_named_by_path(
    path: str, value: Any, expected: str | None, message: str
) -> None:
    with pytest.raises(DocumentError, match=message) as caught:
        loads(mutate(set_at(path, value)), GameState)
    assert caught.value.path == "data." + (expected or path)


def test_unknown_and_missing_fields() -> None:
    with pytest.raises(DocumentError, match="unknown field colour") as caught:
        loads(mutate(set_at("players[1].colour", "red")), GameState)
    assert caught.value.path == "data.players[1].colour"

    def drop(data: dict[str, Any]) -> None:
        del data["players"][0]["hand"]

    with pytest.raises(DocumentError, match="missing required field") as caught:
        loads(mutate(drop), GameState)
    assert caught.value.path == "data.players[0].hand"


def test_structure_paths_start_at_the_data_root() -> None:
    with pytest.raises(DocumentError) as caught:
        structure({"type": "Defend", "cards": ["V1", None]}, guarda.Action)
    assert caught.value.path == "cards[1]"


# -- inconsistent states ---------------------------------------------------------------


def settle_state() -> GameState:
    for state in game(guarda.modern(), 9, 9, 400):
        guard = state.players[state.turn].guard
        if state.phase is Phase.ACT and guard is not None and state.turn_number > 4:
            return state
    raise AssertionError("no such state")  # pragma: no cover


def expect_inconsistent(state: GameState, path: str, rule: str | None = None) -> None:
    with pytest.raises(PositionError) as direct:
        check_state(state)
    assert direct.value.path == path
    if rule is not None:
        assert direct.value.rule == rule
    with pytest.raises(DocumentError) as loaded:
        loads(dumps(state, secrets=True), GameState)
    assert loaded.value.path == "data." + path
    assert isinstance(loaded.value.__cause__, PositionError)


def with_player(state: GameState, index: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[index] = attrs.evolve(players[index], **changes)
    return attrs.evolve(state, players=tuple(players))


def test_r3_cards_must_add_up_to_the_deck() -> None:
    state = mid_game()
    pile = state.players[1].draw_pile
    expect_inconsistent(with_player(state, 1, draw_pile=pile[1:]), "players[1].draw_pile", "R3")


def test_r13_two_pieces_cannot_share_a_cell() -> None:
    state = mid_game()
    there = state.players[0].position
    expect_inconsistent(with_player(state, 1, position=there), "players[1].position", "R13")


def test_r14_preparing_guard_has_no_orientation() -> None:
    state = settle_state()
    guard = Guard(state.players[state.turn].guard.card, GuardStatus.PREPARING)  # type: ignore[union-attr]
    bad = Guard(guard.card, GuardStatus.PREPARING, guarda.Orientation.DEFENSIVE)
    expect_inconsistent(
        with_player(state, state.turn, guard=bad), f"players[{state.turn}].guard.orientation"
    )
    unset = Guard(guard.card, GuardStatus.SET)
    expect_inconsistent(
        with_player(state, state.turn, guard=unset),
        f"players[{state.turn}].guard.orientation",
        "R14",
    )


def test_actor_must_be_the_player_the_phase_names() -> None:
    state = mid_game()
    assert state.actor is not None
    expect_inconsistent(attrs.evolve(state, actor=1 - state.actor), "actor")


def test_r14_set_guard_phase_needs_a_preparing_guard() -> None:
    state = settle_state()
    no_guard = with_player(state, state.turn, guard=None)
    hand = no_guard.players[state.turn].hand
    extra = state.players[state.turn].guard.card  # type: ignore[union-attr]
    no_guard = with_player(no_guard, state.turn, hand=tuple(sorted((*hand, extra))))
    expect_inconsistent(
        attrs.evolve(no_guard, phase=Phase.SET_GUARD), f"players[{state.turn}].guard", "R14"
    )


def test_r22_health_in_bounds_and_the_outcome_only_when_over() -> None:
    state = mid_game()
    expect_inconsistent(with_player(state, 0, health=11), "players[0].health", "R20")
    expect_inconsistent(with_player(state, 0, health=0), "players[0].health", "R22")
    *_, over = game(guarda.modern(), 5, 5, 2000)
    assert over.outcome is not None
    expect_inconsistent(attrs.evolve(state, outcome=over.outcome), "outcome", "R22")


def test_r26_stakes_must_add_up() -> None:
    state = mid_game(guarda.modern(win="elimination", stakes="bounty", ante=4))
    expect_inconsistent(attrs.evolve(state, pot=state.pot - 1), "pot", "R26")


def test_hands_are_kept_sorted() -> None:
    state = mid_game()
    hand = state.players[0].hand
    assert len(set(hand)) > 1
    expect_inconsistent(
        with_player(state, 0, hand=tuple(reversed(sorted(hand)))), "players[0].hand"
    )


def test_r17_reaction_phases_need_an_attack() -> None:
    state = mid_game()
    expect_inconsistent(attrs.evolve(state, phase=Phase.REACT), "attack", "R17")


# -- secrets ---------------------------------------------------------------------------


def test_r28_full_states_are_exported_only_on_request() -> None:
    state = mid_game()
    with pytest.raises(SecretsError) as caught:
        dumps(state)
    assert caught.value.rule == "R28"
    with pytest.raises(SecretsError):
        unstructure(state)
    with pytest.raises(SecretsError):
        to_document(state)
    assert isinstance(caught.value, GuardaError)


def test_r28_view_documents_hold_no_random_state() -> None:
    state = mid_game()
    for player in (None, 0, 1):
        text = dumps(view(state, player))
        assert '"rng"' not in text
        assert f"{state.rng:016x}" not in text
        assert '"draw_pile"' not in text


def hide_differently(state: GameState, hidden: int) -> GameState:
    """The same state with player ``hidden``'s hand and draw pile exchanged in part."""
    player = state.players[hidden]
    hand, pile = list(player.hand), list(player.draw_pile)
    for i, card in enumerate(pile):
        if card not in hand:
            hand[0], pile[i] = card, hand[0]
            break
    else:  # pragma: no cover - a Modern deck has twelve card types
        raise AssertionError("no card to exchange")
    changed = with_player(state, hidden, hand=tuple(sorted(hand)), draw_pile=tuple(pile))
    return attrs.evolve(changed, rng=state.rng ^ 0xDEADBEEF)


@pytest.mark.parametrize("viewer", [None, 0])
def test_r29_view_documents_do_not_depend_on_what_the_viewer_may_not_see(
    viewer: int | None,
) -> None:
    state = mid_game()
    other = hide_differently(state, 1)
    check_state(other)
    assert other.players[1].hand != state.players[1].hand
    assert dumps(view(other, viewer)) == dumps(view(state, viewer))
    assert dumps(view(other, 1)) != dumps(view(state, 1))


def test_view_documents_are_checked() -> None:
    doc = to_document(view(mid_game(), 0))
    doc["data"]["players"] = doc["data"]["players"][:1]
    with pytest.raises(DocumentError) as caught:
        from_document(doc, PlayerView)
    assert caught.value.path == "data.players"


# -- card names in actions -------------------------------------------------------------

BAD_NAMES: tuple[Any, ...] = (
    "",
    "\ud800",
    "v1",
    "V1 ",
    " V1",
    "1V",
    "V-1",
    "\u2164",
    "V1\n",
    5,
    None,
)

CARD_FIELDS = tuple(
    (cls, field.name)
    for cls in guarda._actions.ACTION_TYPES
    for field in attrs.fields(cls)
    if field.name in ("card", "cards")
)


def make_action(cls: Any, field: str, card: Any) -> Any:
    """An action of ``cls`` whose card field holds ``card`` (after a good card)."""
    values: dict[str, Any] = {"card": card} if field == "card" else {"cards": ("V1", card)}
    if "direction" in attrs.fields_dict(cls):
        values["direction"] = guarda.Direction.NORTH
    return cls(**values)


def test_every_action_with_cards_is_covered() -> None:
    names = {cls.__name__ for cls, _ in CARD_FIELDS}
    assert {"Attack", "Defend", "DefendCounter", "DiscardDown", "Move", "Push", "Settle"} <= names
    assert {"PrepareGuard", "PrepareNewGuard"} <= names


@pytest.mark.parametrize(("cls", "field"), CARD_FIELDS, ids=str)
@pytest.mark.parametrize("card", BAD_NAMES, ids=repr)
def test_action_constructors_refuse_what_cannot_be_a_card_name(
    cls: Any, field: str, card: Any
) -> None:
    with pytest.raises(ParseError) as caught:
        make_action(cls, field, card)
    assert caught.value.path == ("card" if field == "card" else "cards[1]")
    assert repr(card) in caught.value.message
    assert make_action(cls, field, "ALL") is not None  # good names still pass


@pytest.mark.parametrize(("cls", "field"), CARD_FIELDS, ids=str)
@pytest.mark.parametrize("card", BAD_NAMES, ids=repr)
def test_action_documents_refuse_what_cannot_be_a_card_name(
    cls: Any, field: str, card: Any
) -> None:
    data = unstructure(make_action(cls, field, "X"))
    if field == "card":
        data["card"] = card
    else:
        data["cards"] = ["V1", card]
    document = {"format": "guarda", "version": 1, "kind": "action", "data": data}
    # ensure_ascii writes a lone surrogate as the escape "\ud800", as other programs may.
    with pytest.raises(DocumentError) as caught:
        loads(json.dumps(document), guarda.Action)
    assert caught.value.path == ("data.card" if field == "card" else "data.cards[1]")


def test_a_bad_card_name_in_a_record_names_the_ply() -> None:
    record = GameRecord(guarda.modern(), 1, (guarda.PlacePiece(guarda.Cell(2, 0)),))
    document = to_document(record, secrets=True)
    document["data"]["actions"].append({"type": "Attack", "cards": ["\ud800"]})
    with pytest.raises(DocumentError, match=r"ply 2") as caught:
        loads(json.dumps(document), GameRecord)
    assert caught.value.path == "data.actions[1].cards[0]"


def test_dumps_refuses_a_string_that_no_json_text_can_hold() -> None:
    record = GameRecord(guarda.modern(), 1, names=("Ana", "B\ud800"))
    with pytest.raises(DocumentError) as caught:
        dumps(record, secrets=True)
    assert caught.value.path == "data.names[1]"
    with pytest.raises(DocumentError):
        dumps(record, secrets=True, indent=2)
