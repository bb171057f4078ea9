"""guarda.rl's observations (extra ``rl``, nox session ``rl``): one player's view as numbers,
built from the view alone, so nothing hidden leaks and every covered field shows."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import (
    Cell,
    Guard,
    GuardStatus,
    Orientation,
    Outcome,
    OutcomeReason,
    PendingAttack,
    Phase,
    PlayerView,
    PublicPlayer,
    testing,
)
from guarda.errors import ArgumentError
from guarda.rl import ObservationEncoder, action_mask


def covered(view: PlayerView) -> tuple[Any, ...]:
    """Every field of a view the encoding claims to cover, in a comparable form."""
    loot: dict[Cell, int] = {}
    for cell, amount in view.loot:
        loot[cell] = loot.get(cell, 0) + amount
    attack = view.attack
    outcome = view.outcome
    return (
        view.player,
        view.phase,
        view.turn,
        view.actor,
        view.first_placed,
        view.turn_number,
        view.turns_ended,
        view.has_moved,
        view.pot,
        tuple(
            (
                p.position,
                p.health,
                p.points,
                p.is_out,
                p.winnings,
                p.hand_size,
                p.draw_pile_size,
                p.discard_size,
                p.guard,
                tuple(sorted(p.discard_known)),
                tuple(sorted(p.in_play)),
            )
            for p in view.players
        ),
        tuple(sorted(view.hand)),
        None if view.guard is None else (view.guard.card, view.guard.orientation),
        tuple(sorted(view.discard_hidden)),
        tuple(sorted(view.draw_pile_cards)),
        None if attack is None else attrs.evolve(attack, cards=tuple(sorted(attack.cards))),
        tuple(sorted(loot.items())),
        None
        if outcome is None
        else (outcome.reason, set(outcome.winners), set(outcome.drawn), outcome.payouts),
    )


def encode(view: PlayerView) -> np.ndarray[Any, Any]:
    return ObservationEncoder(view.config).encode(view)


@settings(max_examples=40)
@given(
    testing.views(testing.configs(max_players=5), max_plies=200, spectators=False),
    st.integers(0, 2**32 - 1),
)
def test_states_a_player_cannot_tell_apart_give_the_same_observation(
    view: PlayerView, seed: int
) -> None:
    assert view.player is not None
    encoder = ObservationEncoder(view.config)
    observation = encoder.encode(view)
    assert encoder.space.contains(observation)
    rng = random.Random(seed)
    for _ in range(3):
        sample = guarda.determinize(view, rng)
        seen = guarda.view(sample, view.player)
        assert np.array_equal(encoder.encode(seen), observation)
        assert seen.legal_actions == view.legal_actions  # so the action masks are equal too


@settings(max_examples=20)
@given(testing.states(testing.configs(editions=("modern", "grda")), max_plies=150))
def test_the_observations_pass_the_testing_kits_hidden_information_check(
    state: guarda.GameState,
) -> None:
    encoder = ObservationEncoder(state.config)
    index = guarda.ActionIndex(state.config)

    def shown(position: guarda.GameState, player: int | None) -> list[Any]:
        seen = guarda.view(position, player)
        mask = action_mask(index, seen)
        return [encoder.encode(seen).tolist(), np.flatnonzero(mask).tolist()]

    for player in (*range(len(state.players)), None):
        testing.check_no_hidden_information(state, player, shown, variants=2)


@settings(max_examples=40)
@given(st.data())
def test_views_differ_exactly_where_the_observations_differ(data: st.DataObject) -> None:
    config = data.draw(testing.configs(max_players=4))
    record = data.draw(testing.records(st.just(config), max_plies=120))
    states = list(guarda.replay(record))
    seats = st.sampled_from([*range(config.players), None])
    first = guarda.view(data.draw(st.sampled_from(states)), data.draw(seats))
    second = guarda.view(data.draw(st.sampled_from(states)), data.draw(seats))
    same = np.array_equal(encode(first), encode(second))
    assert same == (covered(first) == covered(second))


def react_view() -> PlayerView:
    """A defender's view in the middle of an attack on several players, with a guard."""
    config = guarda.modern(players=4)
    for seed in range(200):
        state, choose = guarda.new_game(config, seed=seed), random.Random(seed)
        while not state.is_over and state.turn_number < 80:
            attack = state.attack
            if state.phase is Phase.REACT and attack is not None and attack.waiting:
                assert state.actor is not None
                return guarda.view(state, state.actor)
            state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    raise AssertionError("no attack on several players in 200 games")


def _player(view: PlayerView, number: int, **changes: Any) -> PlayerView:
    players = list(view.players)
    players[number] = attrs.evolve(players[number], **changes)
    return attrs.evolve(view, players=tuple(players))


def _attack(view: PlayerView, **changes: Any) -> PlayerView:
    assert view.attack is not None
    return attrs.evolve(view, attack=attrs.evolve(view.attack, **changes))


Mutation = Callable[[PlayerView], PlayerView]

OUTCOME = Outcome(OutcomeReason.LAST_STANDING, (1,), 1, (), (0, 5, 0, 0), (0,) * 4, (0,) * 4)

COVERED: dict[str, Mutation] = {
    "player": lambda v: attrs.evolve(v, player=(v.player or 0) + 1),
    "spectator": lambda v: attrs.evolve(v, player=None),
    "phase": lambda v: attrs.evolve(v, phase=Phase.SETTLE),
    "turn": lambda v: attrs.evolve(v, turn=(v.turn + 1) % 4),
    "actor": lambda v: attrs.evolve(v, actor=None),
    "first_placed": lambda v: attrs.evolve(v, first_placed=None),
    "turn_number": lambda v: attrs.evolve(v, turn_number=v.turn_number + 1),
    "turns_ended": lambda v: attrs.evolve(v, turns_ended=v.turns_ended + 1),
    "has_moved": lambda v: attrs.evolve(v, has_moved=not v.has_moved),
    "pot": lambda v: attrs.evolve(v, pot=v.pot + 3),
    "position": lambda v: _player(v, 2, position=None),
    "health": lambda v: _player(v, 1, health=v.players[1].health - 1),
    "points": lambda v: _player(v, 3, points=2),
    "is_out": lambda v: _player(v, 0, is_out=not v.players[0].is_out),
    "winnings": lambda v: _player(v, 1, winnings=4),
    "hand_size": lambda v: _player(v, 2, hand_size=v.players[2].hand_size + 1),
    "draw_pile_size": lambda v: _player(v, 3, draw_pile_size=v.players[3].draw_pile_size + 1),
    "discard_size": lambda v: _player(v, 0, discard_size=v.players[0].discard_size + 1),
    "public guard": lambda v: _player(
        v, 1, guard=GuardStatus.SET if v.players[1].guard is None else None
    ),
    "public guard status": lambda v: _player(v, 2, guard=GuardStatus.PREPARING),
    "discard_known": lambda v: _player(v, 3, discard_known=("ALL", "ALL")),
    "in_play": lambda v: _player(v, 0, in_play=("V1",)),
    "hand": lambda v: attrs.evolve(v, hand=(*v.hand, "X")),
    "guard card": lambda v: attrs.evolve(
        v, guard=Guard("H3", GuardStatus.SET, Orientation.DEFENSIVE)
    ),
    "guard orientation": lambda v: attrs.evolve(
        v, guard=Guard("H3", GuardStatus.SET, Orientation.OFFENSIVE)
    ),
    "discard_hidden": lambda v: attrs.evolve(v, discard_hidden=("H5",)),
    "draw_pile_cards": lambda v: attrs.evolve(v, draw_pile_cards=v.draw_pile_cards[1:]),
    "no attack": lambda v: attrs.evolve(v, attack=None),
    "attacker": lambda v: _attack(v, attacker=(v.attack.attacker + 1) % 4),  # type: ignore[union-attr]
    "defender": lambda v: _attack(v, defender=(v.attack.defender + 1) % 4),  # type: ignore[union-attr]
    "attack cards": lambda v: _attack(v, cards=("ALL",)),
    "damage": lambda v: _attack(v, damage=v.attack.damage + 1),  # type: ignore[union-attr]
    "counter": lambda v: _attack(v, counter=3),
    "defender_damage": lambda v: _attack(v, defender_damage=2),
    "waiting order": lambda v: _attack(v, waiting=tuple(reversed((*v.attack.waiting, (0, 1))))),  # type: ignore[union-attr]
    "waiting damage": lambda v: _attack(v, waiting=tuple((p, d + 1) for p, d in v.attack.waiting)),  # type: ignore[union-attr]
    "loot": lambda v: attrs.evolve(v, loot=((Cell(2, 2), 3),)),
    "outcome": lambda v: attrs.evolve(v, outcome=OUTCOME),
    "outcome reason": lambda v: attrs.evolve(
        attrs.evolve(v, outcome=OUTCOME),
        outcome=attrs.evolve(OUTCOME, reason=OutcomeReason.TARGET_REACHED),
    ),
    "winners": lambda v: attrs.evolve(v, outcome=attrs.evolve(OUTCOME, winners=(2,))),
    "drawn": lambda v: attrs.evolve(v, outcome=attrs.evolve(OUTCOME, drawn=(0,))),
    "payouts": lambda v: attrs.evolve(v, outcome=attrs.evolve(OUTCOME, payouts=(-1, 1, 0, 0))),
}
"""A change to one field the encoding covers, for each such field."""

NOT_COVERED: dict[str, Mutation] = {
    "events": lambda v: attrs.evolve(v, events=v.events[:-3]),
    "legal actions": lambda v: attrs.evolve(v, legal_actions=()),
    "order of the face-up cards": lambda v: _player(v, 0, in_play=("V1", "H2")),
    "outcome health and points": lambda v: attrs.evolve(
        v, outcome=attrs.evolve(OUTCOME, health=(1, 2, 3, 4), points=(1, 1, 1, 1))
    ),
}
"""A change to a field the encoding leaves out (documented), for each such field."""


@pytest.mark.parametrize("field", sorted(COVERED))
def test_a_change_to_a_covered_field_changes_the_observation(field: str) -> None:
    view = react_view()
    changed = COVERED[field](view)
    assert covered(changed) != covered(view)
    assert not np.array_equal(encode(changed), encode(view))


@pytest.mark.parametrize("field", sorted(NOT_COVERED))
def test_a_change_to_a_field_left_out_keeps_the_observation(field: str) -> None:
    view = react_view()
    if field == "order of the face-up cards":
        view = _player(view, 0, in_play=("H2", "V1"))
    if field == "outcome health and points":
        view = attrs.evolve(view, outcome=OUTCOME)
    changed = NOT_COVERED[field](view)
    assert changed != view
    assert np.array_equal(encode(changed), encode(view))


def test_the_sections_hold_what_the_layout_says() -> None:
    view = react_view()
    encoder = ObservationEncoder(view.config)
    vector = encoder.encode(view)
    attack = view.attack
    assert attack is not None and view.player is not None
    assert encoder.read(vector, "viewer").tolist() == [float(i == view.player) for i in range(4)]
    assert encoder.read(vector, "phase")[list(Phase).index(Phase.REACT)] == 1
    assert encoder.read(vector, "actor")[view.player] == 1
    assert encoder.read(vector, "defender")[attack.defender] == 1
    assert encoder.read(vector, "attack")[:2].tolist() == [1, attack.damage]
    assert sorted(
        encoder.read(vector, "waiting_order")[encoder.read(vector, "waiting_order") > 0]
    ) == list(range(1, len(attack.waiting) + 1))
    hand = encoder.read(vector, "hand")
    assert hand.sum() == len(view.hand)
    assert hand[sorted(view.config.card_names).index(view.hand[0])] == view.hand.count(
        view.hand[0]
    )
    positions = encoder.read(vector, "position")
    for number, player in enumerate(view.players):
        if player.position is not None:
            assert positions[number, player.position.index(view.config.size)] == 1
    assert encoder.read(vector, "health").tolist() == [p.health for p in view.players]
    names = [section.name for section in encoder.sections]
    assert len(names) == len(set(names))
    assert encoder.sections[-1].stop == encoder.size == len(vector)


def test_a_spectator_is_encoded_without_a_viewer_or_secrets() -> None:
    state = guarda.new_game(guarda.grda(players=3), seed=4)
    while state.turn_number < 3:
        state, _ = guarda.apply(state, guarda.legal_actions(state)[0])
    encoder = ObservationEncoder(state.config)
    vector = encoder.encode(guarda.view(state, None))
    for name in ("viewer", "hand", "guard_card", "discard_hidden", "draw_pile_cards"):
        assert not encoder.read(vector, name).any(), name
    assert encoder.space.contains(vector)


def test_bad_arguments_are_refused() -> None:
    encoder = ObservationEncoder(guarda.grda())
    with pytest.raises(ArgumentError, match="not a PlayerView"):
        encoder.encode("view")  # type: ignore[arg-type]
    other = guarda.view(guarda.new_game(guarda.modern(), seed=1), 0)
    with pytest.raises(
        ArgumentError, match="a view of Modern, but this encoder is for Grda"
    ) as caught:
        encoder.encode(other)
    assert caught.value.path == "view.config"
    with pytest.raises(ArgumentError, match="no section named 'cards'"):
        encoder.section("cards")
    with pytest.raises(ArgumentError, match=r"an observation has shape \(184,\)"):
        encoder.read(np.zeros(3, dtype=np.float32), "hand")
    with pytest.raises(ArgumentError, match="not a Config"):
        ObservationEncoder(None)  # type: ignore[arg-type]


def test_unused_public_player_fields_are_all_covered() -> None:
    # A new field of PublicPlayer or PlayerView must be encoded or listed as left out.
    public = {field.name for field in attrs.fields(PublicPlayer)}
    assert public == {
        "position",
        "health",
        "points",
        "is_out",
        "winnings",
        "hand_size",
        "draw_pile_size",
        "discard_size",
        "discard_known",
        "in_play",
        "guard",
    }
    fields = {field.name for field in attrs.fields(PlayerView)}
    left_out = {"config", "legal_actions", "events"}
    encoded = {
        "player",
        "phase",
        "turn",
        "actor",
        "turn_number",
        "turns_ended",
        "has_moved",
        "players",
        "hand",
        "guard",
        "discard_hidden",
        "draw_pile_cards",
        "attack",
        "loot",
        "pot",
        "first_placed",
        "outcome",
    }
    assert fields == encoded | left_out
    assert {field.name for field in attrs.fields(PendingAttack)} == {
        "attacker",
        "cards",
        "defender",
        "damage",
        "waiting",
        "counter",
        "defender_damage",
    }
