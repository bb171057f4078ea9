"""The heist: the thief scenario on the guards engine, through the game protocol."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guarda.errors import (
    ArgumentError,
    ConfigurationError,
    DocumentError,
    IllegalActionError,
    ParseError,
)
from guarda.game import Game, HasHeuristic, Observable
from guarda.games import GAMES, GUARDS, game_of, get_game
from guarda.games.guards import (
    WOUNDS_TO_KILL,
    Art,
    Direction,
    Escaped,
    Event,
    EventKind,
    Guard,
    GuardKind,
    HeistAction,
    HeistConfig,
    HeistEvent,
    HeistState,
    Move,
    Run,
    SneakBot,
    Status,
    ThiefActed,
    ThiefMarker,
    TreasureMoved,
    Wait,
    parse_hex,
)

H = parse_hex


def start(players: int = 1, seed: int = 3, **options: object) -> HeistState:
    return GUARDS.new_game(HeistConfig(players, **options), seed)  # type: ignore[arg-type]


def placed(state: HeistState, player: int, at: str) -> HeistState:
    """``state`` with ``player``'s thief moved to ``at`` (to set up a rule's test)."""
    thieves = list(state.keep.thieves)
    thieves[player] = attrs.evolve(thieves[player], hex=H(at))
    return attrs.evolve(state, keep=attrs.evolve(state.keep, thieves=tuple(thieves)))


def with_guards(state: HeistState, *guards: Guard) -> HeistState:
    return attrs.evolve(state, keep=attrs.evolve(state.keep, guards=guards))


def test_the_heist_is_registered_and_satisfies_the_protocol() -> None:
    assert GAMES["guards"] is GUARDS and get_game("guards") is GUARDS
    assert isinstance(GUARDS, Game) and isinstance(GUARDS, HasHeuristic)
    assert isinstance(GUARDS, Observable)
    assert game_of(start()) is GUARDS
    assert isinstance(GUARDS.heuristic(), SneakBot)


def test_configurations_are_checked() -> None:
    config = GUARDS.make_config(2, {"difficulty": "hard", "roving": "yes", "rounds": "10"})
    assert config == HeistConfig(players=2, difficulty="hard", roving=True, rounds=10)
    bad_ones = (
        ({"players": 3}, "players"),
        ({"map": "example"}, "map"),  # no Vault Hex
        ({"map": "nowhere"}, "map"),
        ({"entrance": "C2"}, "entrance"),  # a Special Hex
        ({"entrance": "2C"}, "entrance"),
        ({"rounds": 0}, "rounds"),
    )
    for bad, path in bad_ones:
        with pytest.raises(ConfigurationError) as error:
            HeistConfig(**bad)
        assert error.value.path == path
    with pytest.raises(ArgumentError):
        GUARDS.make_config(1, {"speed": "fast"})
    with pytest.raises(ArgumentError):
        GUARDS.make_config(1, {"roving": "maybe"})


def test_h1_thieves_start_on_the_entrance_with_their_markers() -> None:
    state = start(players=2)
    assert [thief.hex for thief in state.keep.thieves] == [H("A3"), H("A3")]
    assert state.keep.markers == (ThiefMarker("A", H("A3")), ThiefMarker("B", H("A3")))
    assert state.actor == 0 and state.round == 1


def test_h2_actions_in_order_no_keys_no_walls_no_guards_hexes() -> None:
    state = start()
    legal = [GUARDS.format_action(action) for action in GUARDS.legal_actions(state)]
    # B2 holds the patrolling guard; B3's sides toward C3 and C4 are walls
    assert legal == [
        "wait",
        "move A2",
        "move A4",
        "move B3",
        "run A1",
        "run A5",
        "run B1",
        "run B4",
    ]
    near_store = placed(state, 0, "B1")
    assert Move(H("C2")) not in GUARDS.legal_actions(near_store)  # a Special Hex


def test_h3_illegal_actions_raise_and_change_nothing() -> None:
    state = start()
    before = GUARDS.dumps(state)
    for action in (Move(H("E5")), Run(H("A4")), Art(0), Move(H("B2"))):
        with pytest.raises(IllegalActionError) as error:
            GUARDS.apply(state, action)
        assert error.value.rule == "H3"
    assert GUARDS.dumps(state) == before


def test_h4_a_run_is_heard_and_the_marker_follows() -> None:
    state = start()
    new, events = GUARDS.apply(state, Run(H("A1")))
    assert new.keep.markers == (ThiefMarker("A", H("A1")),)
    assert ThiefActed(0, "run", H("A1")) in events
    assert GUARDS.visible_events(events, None)[0] == ThiefActed(0, "run", H("A1"))
    # the patrolling guard at B2, two steps from A1, heard it and is Alert
    assert [str(event) for event in events][1] == "heard guard 0 at B2"
    assert new.keep.guards[0].status is Status.ALERT


def test_h5_a_quiet_move_is_secret_and_leaves_the_marker() -> None:
    state = start(players=2)
    new, events = GUARDS.apply(state, Move(H("A4")))
    assert new.keep.markers[0] == ThiefMarker("A", H("A3"))
    assert GUARDS.visible_events(events, 0) == (ThiefActed(0, "move", H("A4")),)
    assert GUARDS.visible_events(events, 1) == (ThiefActed(0, "move", None),)
    assert GUARDS.view(new, 1).hex == H("A3")
    assert GUARDS.view(new, 0).hex == H("A4")


def test_h6_art_distracts_a_bored_guard_within_two_steps() -> None:
    state = placed(start(difficulty="hard"), 0, "C5")
    assert state.keep.guards[1].kind is GuardKind.STATIONARY  # on D4, one step from C5
    assert Art(1) in GUARDS.legal_actions(state)
    new, events = GUARDS.apply(state, Art(1))
    assert ThiefActed(0, "art", guard=1) in events
    # the round ended: the guard stayed still, then the Resources Phase woke it
    assert new.keep.guards[1].status is Status.BORED
    assert new.keep.guards[1].hex == H("D4")
    far = placed(start(difficulty="hard"), 0, "A3")
    assert not any(isinstance(a, Art) for a in GUARDS.legal_actions(far))


def test_h7_the_vault_guard_appears_and_the_treasure_is_taken() -> None:
    state = placed(start(), 0, "F4")
    assert not state.keep.vault_guard_placed
    new, events = GUARDS.apply(state, Move(H("G4")))
    assert TreasureMoved(0, taken=True) in events
    assert new.carrier == 0 and new.keep.vault_guard_placed
    assert new.keep.markers == (ThiefMarker("A", H("G4")),)
    assert new.keep.guards[-1].kind is GuardKind.WANDERING


def test_h8_bringing_the_treasure_out_wins() -> None:
    state = attrs.evolve(placed(start(players=2), 0, "A2"), carrier=0)
    new, events = GUARDS.apply(state, Move(H("A3")))
    assert Escaped(0) in events
    assert GUARDS.is_over(new) and GUARDS.scores(new) == (1.0, 0.0)


def test_h9_a_caught_carrier_drops_the_treasure() -> None:
    state = attrs.evolve(placed(start(), 0, "F4"), carrier=0)
    hunter = Guard(
        GuardKind.WANDERING, H("F3"), Direction.S, Status.PURSUING, tile="vault", target=H("F4")
    )
    state = with_guards(state, hunter)
    state = attrs.evolve(
        state, keep=attrs.evolve(state.keep, markers=(ThiefMarker("A", H("F4")),))
    )
    new, events = GUARDS.apply(state, Wait())
    assert new.keep.thieves[0].out == "caught"
    assert TreasureMoved(0, taken=False) in events
    assert new.carrier is None and GUARDS.is_over(new) and GUARDS.scores(new) == (0.0,)


def test_h10_the_round_limit_ends_the_heist_without_a_winner() -> None:
    for players, scores in ((1, (0.0,)), (2, (0.5, 0.5))):
        state = start(players, rounds=1)
        for _ in range(players):
            state, _ = GUARDS.apply(state, Wait())
        assert GUARDS.is_over(state) and GUARDS.scores(state) == scores
        assert GUARDS.turn(state) == 2


def test_h11_three_wounds_kill_a_thief() -> None:
    state = placed(start(), 0, "B4")
    archer = Guard(GuardKind.STATIONARY, H("B2"), Direction.S, Status.BORED, tile="hall", bow=True)
    state = with_guards(state, archer)
    thieves = (attrs.evolve(state.keep.thieves[0], wounds=WOUNDS_TO_KILL - 1),)
    state = attrs.evolve(state, keep=attrs.evolve(state.keep, thieves=thieves))
    new, _events = GUARDS.apply(state, Move(H("B3")))
    assert new.keep.thieves[0].out == "killed" and GUARDS.is_over(new)


def test_views_hide_the_other_thiefs_hex_and_determinize_agrees() -> None:
    rng = random.Random(5)
    for seed in range(6):
        state = start(players=2, seed=seed, difficulty="hard", roving=True, undead=True)
        for _ in range(30):
            if GUARDS.is_over(state):
                break
            for player in (0, 1, None):
                view = GUARDS.view(state, player)
                world = GUARDS.determinize(view, rng)
                assert GUARDS.view(world, player) == view
                assert GUARDS.loads(GUARDS.dumps(view)) == view
            assert GUARDS.view(state, None).hex is None
            numbers = GUARDS.observe(GUARDS.view(state, 1))
            assert len(numbers) == GUARDS.observation_size(state.config)
            assert all(0.0 <= number <= 1.0 for number in numbers)
            state, _ = GUARDS.apply(state, rng.choice(GUARDS.legal_actions(state)))
    with pytest.raises(ArgumentError):
        GUARDS.view(start(), 1)


def test_json_documents_round_trip_and_bad_ones_are_refused() -> None:
    state = start(players=2, difficulty="medium")
    state, _ = GUARDS.apply(state, Run(H("B4")))
    record = GUARDS.record(state.config, 3, [Run(H("B4"))], names=["ann", "bob"])
    for value in (state, state.config, Run(H("B4")), Wait(), Art(2), record):
        assert GUARDS.loads(GUARDS.dumps(value)) == value
    for text, path in (
        ("{", "$"),
        ('{"format": "x"}', "format"),
        ('{"format": "guarda-heist", "version": 1, "kind": "?"}', "kind"),
    ):
        with pytest.raises(DocumentError) as error:
            GUARDS.loads(text)
        assert error.value.path == path
    with pytest.raises(ArgumentError):
        GUARDS.dumps(object())


@st.composite
def heists(draw: st.DrawFn) -> tuple[HeistState, list[HeistEvent]]:
    """A random heist (any options, one or two thieves) and every event it reported."""
    options = {
        "difficulty": draw(st.sampled_from(("easy", "medium", "hard"))),
        "roving": draw(st.booleans()),
        "undead": draw(st.booleans()),
    }
    state = start(
        players=draw(st.sampled_from((1, 2))), seed=draw(st.integers(0, 2**40)), **options
    )
    rng = random.Random(draw(st.integers(0, 2**32)))
    events: list[HeistEvent] = []
    for _ in range(draw(st.integers(0, 120))):
        if GUARDS.is_over(state):
            break
        state, new = GUARDS.apply(state, rng.choice(GUARDS.legal_actions(state)))
        events.extend(new)
    return state, events


@settings(max_examples=60, deadline=None)
@given(heists(), st.sampled_from((0, 1, None)))
def test_json_round_trips_every_event_and_view_as_each_viewer_sees_them(
    heist: tuple[HeistState, list[HeistEvent]], player: int | None
) -> None:
    state, events = heist
    if player is not None and player >= state.config.players:
        player = None
    for event in GUARDS.visible_events(events, player):
        text = GUARDS.dumps(event)
        data = json.loads(text)
        assert data["kind"] == "event" and data["event"]["type"] == type(event).__name__
        assert GUARDS.loads(text) == event
        assert GUARDS.dumps(GUARDS.loads(text)) == text
    seen = GUARDS.view(state, player)
    assert GUARDS.loads(GUARDS.dumps(seen)) == seen
    assert seen.torches == tuple(sorted(seen.torches))
    assert all(guard.seen == tuple(sorted(guard.seen)) for guard in seen.guards)


def test_another_thiefs_quiet_move_is_written_redacted() -> None:
    state = start(players=2)
    _, events = GUARDS.apply(state, Move(H("A4")))
    [mine] = [e for e in GUARDS.visible_events(events, 0) if isinstance(e, ThiefActed)]
    [theirs] = [e for e in GUARDS.visible_events(events, 1) if isinstance(e, ThiefActed)]
    assert json.loads(GUARDS.dumps(mine))["event"]["hex"] == "A4"
    assert json.loads(GUARDS.dumps(theirs))["event"]["hex"] is None
    assert GUARDS.loads(GUARDS.dumps(theirs)) == ThiefActed(0, "move")
    spotted = Event(EventKind.SPOTTED, 2, "B", H("C4"))
    assert json.loads(GUARDS.dumps(spotted))["event"] == {
        "type": "Event",
        "kind": "spotted",
        "guard": 2,
        "thief": "B",
        "hex": "C4",
    }


def _event_document(event: dict[str, Any]) -> str:
    return json.dumps({"format": "guarda-heist", "version": 1, "kind": "event", "event": event})


@pytest.mark.parametrize(
    ("event", "path"),
    [
        (3, "event.type"),
        ({"type": "Sneezed"}, "event.type"),
        ({"type": "Escaped"}, "event.player"),
        ({"type": "Escaped", "player": 2}, "event.player"),
        ({"type": "Escaped", "player": 0, "hex": "A1"}, "event.hex"),
        ({"type": "TreasureMoved", "player": 0, "taken": 1}, "event.taken"),
        (
            {"type": "ThiefActed", "player": 0, "action": "fly", "hex": None, "guard": None},
            "event.action",
        ),
        (
            {"type": "ThiefActed", "player": 0, "action": "run", "hex": None, "guard": None},
            "event.hex",
        ),
        (
            {"type": "ThiefActed", "player": 0, "action": "move", "hex": "3B", "guard": None},
            "event.hex",
        ),
        (
            {"type": "ThiefActed", "player": 0, "action": "wait", "hex": "B3", "guard": None},
            "event.hex",
        ),
        (
            {"type": "ThiefActed", "player": 0, "action": "art", "hex": None, "guard": None},
            "event.guard",
        ),
        (
            {"type": "ThiefActed", "player": 0, "action": "move", "hex": "B3", "guard": 1},
            "event.guard",
        ),
        (
            {"type": "Event", "kind": "sneezed", "guard": 0, "thief": None, "hex": None},
            "event.kind",
        ),
        (
            {"type": "Event", "kind": "moved", "guard": -1, "thief": None, "hex": None},
            "event.guard",
        ),
        ({"type": "Event", "kind": "shot", "guard": 0, "thief": 7, "hex": None}, "event.thief"),
    ],
)
def test_bad_event_documents_are_refused_naming_the_field(event: object, path: str) -> None:
    with pytest.raises(DocumentError) as error:
        GUARDS.loads(_event_document(event))  # type: ignore[arg-type]
    assert error.value.path == path


def test_notation_and_the_action_space() -> None:
    state = start()
    space = GUARDS.action_space(state.config)
    assert space.size == 1 + 2 * 48 + 8
    for action in GUARDS.legal_actions(state):
        assert GUARDS.parse_action(GUARDS.format_action(action), state) == action
        assert space.action_at(space.index_of(action)) == action
    assert space.legal_indices(state) == space.legal_indices(GUARDS.view(state, 0))
    assert GUARDS.parse_action(" Move d3 ", state) == Move(H("D3"))
    for bad in ("fly", "move", "move 3D", "art x"):
        with pytest.raises(ParseError):
            GUARDS.parse_action(bad, state)
    with pytest.raises(ArgumentError):
        space.action_at(space.size)
    assert GUARDS.describe_action(Run(H("B4")), state) == "run to B4, making a noise"


def test_records_replay_to_the_same_states() -> None:
    rng = random.Random(2)
    state = start(players=2, seed=9, difficulty="hard", undead=True)
    states: list[HeistState] = [state]
    actions: list[HeistAction] = []
    while not GUARDS.is_over(state) and len(actions) < 60:
        action = rng.choice(GUARDS.legal_actions(state))
        state, _ = GUARDS.apply(state, action)
        states.append(state)
        actions.append(action)
    record = GUARDS.loads(GUARDS.dumps(GUARDS.record(state.config, 9, actions)))
    assert list(GUARDS.replay(record)) == states


def test_pictures_and_text_show_what_the_viewer_knows() -> None:
    state = start(players=2)
    state, _ = GUARDS.apply(state, Move(H("A4")))
    assert GUARDS.svg(state).startswith("<svg")
    assert "thief A at A4" in GUARDS.text(state)
    assert "thief A hidden" in GUARDS.text(GUARDS.view(state, 1))
    assert "thief B at A3" in GUARDS.text(GUARDS.view(state, 1))
    assert GUARDS.svg(GUARDS.view(state, 1)).count('fill="#ffffff" stroke="#222222"') == 1


def test_random_play_keeps_the_invariants() -> None:
    """100,000 steps by default (``GUARDA_HEIST_STEPS`` sets another count)."""
    rng = random.Random(11)
    steps = 0
    game = 0
    while steps < int(os.environ.get("GUARDA_HEIST_STEPS", "100000")):
        options = {"difficulty": ("easy", "medium", "hard")[game % 3], "roving": game % 2 == 0}
        state = start(players=1 + game % 2, seed=game, undead=game % 4 == 0, **options)
        game += 1
        while not GUARDS.is_over(state):
            legal = GUARDS.legal_actions(state)
            assert legal and legal[0] == Wait()
            state, _ = GUARDS.apply(state, rng.choice(legal))
            steps += 1
            keep = state.keep
            hexes = keep.map.hexes
            assert all(guard.hex in hexes for guard in keep.guards)
            assert all(t.hex in hexes and t.hex not in keep.map.special for t in keep.thieves)
            assert all(0 <= t.wounds <= WOUNDS_TO_KILL for t in keep.thieves)
            living = [p for p, t in enumerate(keep.thieves) if t.out is None]
            assert state.actor is None or state.actor in living
            assert state.carrier is None or state.carrier in living
            assert state.round <= state.config.rounds + 1
        scores = GUARDS.scores(state)
        assert scores is not None and sum(scores) in (0.0, 1.0)


def test_the_sneak_bot_plays_legally_and_sometimes_wins() -> None:
    bot = SneakBot()
    rng = random.Random(0)
    wins = 0
    for seed in range(12):
        state = start(seed=seed)
        while not GUARDS.is_over(state):
            view = GUARDS.view(state, state.actor)
            action = bot.act(view, rng)
            assert action in view.legal_actions
            state, _ = GUARDS.apply(state, action)
        wins += GUARDS.scores(state) == (1.0,)
    assert 0 < wins < 12


PLAYOUT = """
import hashlib

from guarda.games import GUARDS


def playout(players: int, difficulty: str, seed: int) -> str:
    config = GUARDS.make_config(players, {"difficulty": difficulty, "roving": "yes"})
    state = GUARDS.new_game(config, seed)
    choice = seed
    digest = hashlib.sha256()
    while not GUARDS.is_over(state):
        actions = GUARDS.legal_actions(state)
        choice = (choice * 6364136223846793005 + 1442695040888963407) % 2**64
        state, events = GUARDS.apply(state, actions[(choice >> 33) % len(actions)])
        digest.update(repr(events).encode())
        for player in (None, *range(players)):
            digest.update(repr(GUARDS.view(state, player)).encode())  # as OpenSpiel shows it
    digest.update(GUARDS.dumps(state).encode())
    return digest.hexdigest()
"""
"""Source of ``playout(players, difficulty, seed)``: a digest of a whole heist."""


def test_the_same_heist_in_a_separate_process() -> None:
    # Hash seeds 0 and 3 order frozenset({"A", "B"}) differently: a view's repr (what the
    # OpenSpiel adapter shows) that held a set of names would differ between them.
    games = [(1, "easy", 1), (2, "hard", 2), (2, "medium", 3)]
    namespace: dict[str, Any] = {}
    exec(PLAYOUT, namespace)
    here = [namespace["playout"](*game) for game in games]
    script = PLAYOUT + f"\nfor game in {games!r}:\n    print(playout(*game))\n"
    for hash_seed in ("0", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
        )
        assert result.stdout.split() == here
    assert len(set(here)) == len(here)
