"""Random simulation tests: random legal play keeps every invariant of the game.

In the style of OpenSpiel's random simulation tests: hypothesis draws a ruleset (any
edition, a 9x9 team game or a 3x3 field, 2 to 8 players, random teams, every win
condition with and without its stakes, a random first drawer, an optional turn limit)
and a seed, then plays random legal actions. After every step the state must be a
sound position (cards conserved, pieces on distinct cells, health in range, exactly
one actor, ...) and the step must have left the previous state untouched.

A second property checks that :func:`guarda.is_legal` and :func:`guarda.apply` agree
with :func:`guarda.legal_actions` on random candidate actions, legal or not.
"""

from __future__ import annotations

import copy
import pickle
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
import guarda.testing
from guarda import (
    Action,
    Cell,
    Config,
    Event,
    GameState,
    IllegalActionError,
    Phase,
    StakesKind,
    Victory,
)

WIN_AND_STAKES = (
    ("elimination", "none"),
    ("elimination", "bounty"),
    ("victory", "none"),
    ("victory", "spoils-of-war"),
    ("exhaustion", "none"),
    ("exhaustion", "scavenger"),
    ("king-of-the-hill", "none"),
)
"""Every win condition, alone and with the stakes variant that belongs to it (P1)."""

EDITIONS = ("classic", "modern", "grda", "custom-9x9-teams", "custom-3x3")

RULE = re.compile(r"[RP]\d+\Z")
"""What an IllegalActionError's ``rule`` looks like: a ruling such as R13 or P1."""


# -- strategies -----------------------------------------------------------------------


@st.composite
def team_lists(draw: st.DrawFn, players: int) -> list[list[int]] | None:
    """Free-for-all (None) or a random partition of the players into 2 or more teams."""
    if draw(st.booleans()):
        return None
    labels = draw(st.lists(st.integers(0, players - 1), min_size=players, max_size=players))
    if len(set(labels)) < 2:
        labels[0] = (labels[1] + 1) % players
    groups: dict[int, list[int]] = {}
    for player, label in enumerate(labels):
        groups.setdefault(label, []).append(player)
    return [groups[label] for label in sorted(groups)]


@st.composite
def configs(draw: st.DrawFn) -> Config:
    """A random valid ruleset over the presets and two custom fields."""
    edition = draw(st.sampled_from(EDITIONS))
    players = 8 if edition == "custom-9x9-teams" else draw(st.integers(2, 8))
    teams = draw(team_lists(players))
    if edition == "custom-9x9-teams" and teams is None:
        teams = [[0, 2, 4, 6], [1, 3, 5, 7]]
    win, stakes = draw(st.sampled_from(WIN_AND_STAKES))
    ante = draw(st.integers(1, 7)) if stakes != "none" else 0
    first_player = draw(st.integers(0, players - 1))
    turn_limit = draw(st.none() | st.integers(1, 40))
    if edition == "custom-9x9-teams":
        return guarda.custom(
            9, 8, win=win, stakes=stakes, ante=ante, teams=teams,
            first_player=first_player, turn_limit=turn_limit,
        )  # fmt: skip
    if edition == "custom-3x3":
        return guarda.custom(
            3, players, win=win, stakes=stakes, ante=ante, teams=teams,
            first_player=first_player, turn_limit=turn_limit,
        )  # fmt: skip
    preset = {"classic": guarda.classic, "modern": guarda.modern, "grda": guarda.grda}[edition]
    return preset(
        players, win=win, stakes=stakes, ante=ante, teams=teams,
        first_player=first_player, turn_limit=turn_limit,
    )  # fmt: skip


def candidate_actions(config: Config) -> st.SearchStrategy[Action]:
    """Random well-formed actions of every kind: mostly illegal in any given state.

    Cards come from the deck (plus one name no deck has), cells from the field plus a
    border beyond its north and east edges, so off-field cells and unknown cards are
    tried too (see [guarda.testing.candidate_actions][]). A cell with a negative
    coordinate cannot even be built: see ``test_cells_refuse_negative_coordinates``.
    """
    return guarda.testing.candidate_actions(config)


# -- invariants -----------------------------------------------------------------------


def snapshot(state: GameState) -> GameState:
    """A deep copy of everything in ``state`` but the (persistent, append-only) log.

    The log is a chain as long as the game, so it is shared rather than copied: its
    growth is checked separately (see :func:`check_step`). The frozen config is shared
    to keep the copy cheap.
    """
    memo: dict[int, object] = {id(state.log): state.log, id(state.config): state.config}
    return copy.deepcopy(state, memo)


def check_state(state: GameState) -> None:
    """Assert that ``state`` is a sound position."""
    config = state.config
    size = config.size
    positions = []
    guarda.testing.check_card_conservation(state)  # each player owns exactly the deck
    for index, player in enumerate(state.players):
        assert player.hand == tuple(sorted(player.hand))
        assert player.discard_known == tuple(sorted(player.discard_known))
        assert player.discard_hidden == tuple(sorted(player.discard_hidden))
        assert 0 <= player.health <= config.max_health
        if isinstance(config.win, Victory):
            assert player.health == config.starting_health  # P4: no health in Victory
        if player.position is not None:
            assert player.position.is_on(size)
            positions.append(player.position)
        if state.phase is Phase.SETUP:
            assert not player.is_out
        else:
            assert player.is_out == (player.position is None), f"player {index}'s piece"
    assert len(positions) == len(set(positions)), "two pieces share a cell"
    ante = config.stakes.ante
    loot = sum(amount for _, amount in state.loot)
    winnings = sum(player.winnings for player in state.players)
    if state.is_over:
        assert state.actor is None
        outcome = state.outcome
        assert outcome is not None
        assert len(outcome.payouts) == config.players
        assert sum(outcome.payouts) == 0, "stakes are zero-sum"
        if config.stakes.kind is StakesKind.NONE:
            assert set(outcome.payouts) == {0}
        assert not set(outcome.winners) & set(outcome.drawn)
        assert bool(outcome.winners) != bool(outcome.drawn)
    else:
        assert state.outcome is None
        assert state.actor is not None and 0 <= state.actor < config.players
        assert not state.players[state.actor].is_out
        assert winnings + state.pot + loot == ante * config.players, "stakes are conserved"


def check_step(
    before: GameState,
    copy_before: GameState,
    hash_before: int,
    log_size: int,
    after: GameState,
    events: tuple[Event, ...],
) -> None:
    """Assert what one apply may and may not change."""
    assert before == copy_before, "apply changed the state it was given"
    assert hash(before) == hash_before == hash(copy_before)
    assert len(before.log) == log_size
    assert len(after.log) == log_size + len(events)
    if events:
        assert after.log.events == events
        assert after.log.previous is before.log
    else:
        assert after.log is before.log
    assert after.turns_ended >= before.turns_ended
    assert after.turn_number >= before.turn_number
    for old, new in zip(before.players, after.players, strict=True):
        assert new.points >= old.points, "points never decrease"


def check_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions, asserted free of duplicates and non-empty unless over."""
    actions = guarda.legal_actions(state)
    assert len(set(actions)) == len(actions), "duplicate legal actions"
    assert bool(actions) != state.is_over
    return tuple(actions)


def play(config: Config, seed: int, choice_seed: int, steps: int, every: int) -> GameState:
    """Play up to ``steps`` random legal actions, checking every invariant on the way.

    At every ``every``-th state, every legal action is applied, not just the chosen one.
    """
    choose = random.Random(choice_seed)
    state = guarda.new_game(config, seed)
    returned: list[Event] = list(state.events)
    check_state(state)
    for step in range(steps):
        actions = check_actions(state)
        if state.is_over:
            break
        copy_before, hash_before, log_size = snapshot(state), hash(state), len(state.log)
        if step % every == 0:
            for action in actions:
                after, events = guarda.apply(state, action)
                check_step(state, copy_before, hash_before, log_size, after, events)
                check_state(after)
        after, events = guarda.apply(state, choose.choice(actions))
        check_step(state, copy_before, hash_before, log_size, after, events)
        check_state(after)
        returned += events
        state = after
    assert state.events == tuple(returned), "the log is exactly the events apply returned"
    return state


# -- tests ----------------------------------------------------------------------------


@settings(max_examples=100)
@given(config=configs(), seed=st.integers(0, 2**63), choice_seed=st.integers(0, 2**32))
def test_random_play_keeps_invariants(config: Config, seed: int, choice_seed: int) -> None:
    # About 65 turns on the small fields; the 9x9 team game is ~6x slower per step.
    steps = 80 if config.size >= 9 else 300
    play(config, seed, choice_seed, steps, every=19)


@pytest.mark.parametrize(
    "config",
    [
        guarda.modern(2),
        guarda.classic(3, win="victory", stakes="spoils-of-war", ante=3),
        guarda.grda(2, win="exhaustion", stakes="scavenger", ante=2),
        guarda.modern(4, win="king-of-the-hill", teams=[[0, 2], [1, 3]]),
        guarda.classic(5, stakes="bounty", ante=4, first_player=3),
        guarda.custom(3, 2),
    ],
    ids=lambda config: f"{config.name}-{config.players}p-{type(config.win).__name__}",
)
def test_random_games_end_without_turn_limit(config: Config) -> None:
    # Random play is a poor strategy, but games must still end: 5,000 steps is ~10x the
    # longest game seen with these rulesets.
    for seed in range(2):
        state = guarda.new_game(config, seed)
        choose = random.Random(seed)
        for _ in range(5_000):
            if state.is_over:
                break
            state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
        assert state.is_over
        assert state.outcome is not None
        assert state.outcome.reason is not guarda.OutcomeReason.TURN_LIMIT
        check_state(state)


@settings(max_examples=80)
@given(config=configs(), seed=st.integers(0, 2**63), depth=st.integers(0, 220), data=st.data())
def test_is_legal_agrees_with_legal_actions(
    config: Config, seed: int, depth: int, data: st.DataObject
) -> None:
    state = guarda.new_game(config, seed)
    choose = random.Random(seed)
    for _ in range(depth if config.size < 9 else depth // 4):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    legal = set(guarda.legal_actions(state))
    candidates = data.draw(st.lists(candidate_actions(config), min_size=10, max_size=25))
    if legal:
        candidates += data.draw(st.lists(st.sampled_from(sorted(legal, key=repr)), max_size=3))
    before = snapshot(state)
    for action in candidates:
        assert guarda.is_legal(state, action) == (action in legal), action
        if action in legal:
            guarda.apply(state, action)
            continue
        with pytest.raises(IllegalActionError) as raised:
            guarda.apply(state, action)
        assert isinstance(raised.value.rule, str) and RULE.match(raised.value.rule), (
            action,
            raised.value,
        )
        assert state == before, "a refused action changed the state"


def test_legal_action_kinds_are_all_reached() -> None:
    # The random tests above are only as good as the states they reach: make sure random
    # play over the rulesets visits every phase, so no decision goes untested.
    seen: Counter[Phase] = Counter()
    rulesets = [
        guarda.modern(2),
        guarda.grda(3, win="victory"),
        guarda.classic(4, teams=[[0, 2], [1, 3]]),
    ]
    for config in rulesets:
        for seed in range(4):
            state = guarda.new_game(config, seed)
            choose = random.Random(seed)
            while not state.is_over:
                seen[state.phase] += 1
                state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
            seen[state.phase] += 1
    assert set(seen) == set(Phase)


def _long_game_state() -> GameState:
    state = guarda.new_game(guarda.classic(4), 1)
    choose = random.Random(1)
    for _ in range(400):
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    return state


def test_state_of_a_long_game_pickles() -> None:
    state = _long_game_state()
    restored = pickle.loads(pickle.dumps(state))
    assert restored == state
    assert hash(restored) == hash(state)
    assert copy.deepcopy(state) == state


@pytest.mark.parametrize("coordinates", [(-1, 0), (0, -1), (1.5, 0), (True, 0), ("a", 1)])
def test_cells_refuse_negative_coordinates(coordinates: tuple[object, object]) -> None:
    with pytest.raises(guarda.ParseError):
        Cell(*coordinates)  # type: ignore[arg-type]
