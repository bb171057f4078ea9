"""Player views: what is public and private (R28), and views are exact (R29)."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import (
    Config,
    GameState,
    GuardaError,
    GuardStatus,
    Phase,
    PlayerView,
    view,
    visible_events,
)
from guarda._events import is_private
from guarda.testing import check_no_hidden_information, hidden_variant

PRESETS: dict[str, Callable[..., Config]] = {
    "classic": guarda.classic,
    "modern": guarda.modern,
    "grda": guarda.grda,
}
WINS = ("elimination", "victory", "exhaustion", "king-of-the-hill")
STAKES = {"elimination": "bounty", "victory": "spoils-of-war", "exhaustion": "scavenger"}


def play(config: Config, seed: int, steps: int, choices: int = 0) -> GameState:
    """A state reached by ``steps`` random legal actions (fewer if the game ends)."""
    chooser = random.Random(choices)
    state = guarda.new_game(config, seed)
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = guarda.apply(state, chooser.choice(guarda.legal_actions(state)))
    return state


def play_until(config: Config, seed: int, done: Callable[[GameState], bool]) -> GameState:
    """The first state of a random game (seeded choices) for which ``done`` holds."""
    for choices in range(50):
        chooser = random.Random(choices)
        state = guarda.new_game(config, seed)
        while not state.is_over:
            if done(state):
                return state
            state, _ = guarda.apply(state, chooser.choice(guarda.legal_actions(state)))
    raise AssertionError("no game reached the wanted state")  # pragma: no cover


games = st.builds(
    lambda preset, players, win, stakes, seed, steps, choices: play(
        PRESETS[preset](
            players=players,
            win=win,
            stakes=STAKES.get(win, "none") if stakes else "none",
            ante=2 if stakes and win in STAKES else 0,
        ),
        seed,
        steps,
        choices,
    ),
    st.sampled_from(sorted(PRESETS)),
    st.integers(2, 4),
    st.sampled_from(WINS),
    st.booleans(),
    st.integers(0, 2**32),
    st.integers(0, 250),
    st.integers(0, 1000),
)


def viewers(state: GameState) -> list[int | None]:
    return [*range(len(state.players)), None]


def out_of_play(player: guarda.PlayerState) -> tuple[str, ...]:
    """The cards an out player's hand and guard held (P22); none for a player still in."""
    if not player.is_out:
        return ()
    return player.hand + (() if player.guard is None else (player.guard.card,))


# -- R28: what is public and what is private -----------------------------------------


@settings(max_examples=15)
@given(games)
def test_r28_public_part_of_every_player(state: GameState) -> None:
    for viewer in viewers(state):
        seen = view(state, viewer)
        assert len(seen.players) == len(state.players)
        for public, player in zip(seen.players, state.players, strict=True):
            assert public.position == player.position
            assert public.health == player.health
            assert public.points == player.points
            assert public.is_out == player.is_out
            assert public.winnings == player.winnings
            gone = len(out_of_play(player))
            assert public.hand_size == (0 if player.is_out else len(player.hand))
            assert public.draw_pile_size == len(player.draw_pile)
            assert public.discard_size == player.discard_size + gone
            assert public.discard_known == player.discard_known
            assert public.in_play == player.in_play
            guard = None if player.guard is None or player.is_out else player.guard.status
            assert public.guard == guard
        assert (seen.phase, seen.turn, seen.actor) == (state.phase, state.turn, state.actor)
        assert (seen.turn_number, seen.turns_ended) == (state.turn_number, state.turns_ended)
        assert (seen.has_moved, seen.attack) == (state.has_moved, state.attack)
        assert (seen.loot, seen.pot, seen.outcome) == (state.loot, state.pot, state.outcome)
        assert seen.first_placed == state.first_placed
        assert seen.config is state.config
        assert seen.player == viewer


@settings(max_examples=15)
@given(games)
def test_r28_private_zones_only_for_their_owner(state: GameState) -> None:
    for viewer in range(len(state.players)):
        own = state.players[viewer]
        seen = view(state, viewer)
        assert seen.hand == ((), own.hand)[not own.is_out]
        assert seen.guard == (None if own.is_out else own.guard)
        assert seen.discard_hidden == tuple(sorted(own.discard_hidden + out_of_play(own)))
        assert seen.draw_pile_cards == tuple(sorted(own.draw_pile))
        assert seen.me == seen.players[viewer]
    spectator = view(state, None)
    assert spectator.hand == spectator.discard_hidden == spectator.draw_pile_cards == ()
    assert spectator.guard is None
    assert spectator.me is None
    assert spectator.legal_actions == ()


def test_r28_view_has_no_random_state_or_pile_order() -> None:
    names = {field.name for field in attrs.fields(PlayerView)}
    assert "rng" not in names
    assert "draw_pile" not in names
    assert not {"hand", "draw_pile", "discard_hidden"} & {
        field.name for field in attrs.fields(guarda.PublicPlayer)
    }


@settings(max_examples=15)
@given(games)
def test_r28_events_redact_other_players_secrets(state: GameState) -> None:
    log = state.events
    for viewer in viewers(state):
        seen = view(state, viewer).events
        assert len(seen) == len(log)
        for shown, event in zip(seen, log, strict=True):
            if is_private(event) and event.player != viewer:  # type: ignore[union-attr]
                secrets = type(event).secret  # type: ignore[union-attr]
                assert all(getattr(shown, name) is None for name in secrets)
                public = {f.name for f in attrs.fields(type(event))} - set(secrets)
                assert all(getattr(shown, name) == getattr(event, name) for name in public)
            else:
                assert shown == event


def test_r28_face_up_cards_are_public_and_face_down_ones_are_not() -> None:
    config = guarda.modern(players=2)
    state = play_until(
        config,
        4,
        lambda s: (
            s.phase is Phase.SETTLE
            and bool(s.players[s.turn].in_play)
            and bool(s.players[s.turn].discard_hidden)
        ),
    )
    owner = state.turn
    other = 1 - owner
    player = state.players[owner]
    for viewer in (other, None):
        public = view(state, viewer).players[owner]
        assert public.in_play == player.in_play  # attack cards are face up (R15)
        assert public.discard_known == player.discard_known
        assert public.discard_size == player.discard_size
    assert view(state, None).discard_hidden == ()
    assert view(state, other).discard_hidden == state.players[other].discard_hidden
    assert view(state, owner).discard_hidden == player.discard_hidden


def test_r28_guard_status_public_card_and_orientation_private() -> None:
    def one_set_guard(state: GameState) -> bool:
        guards = [p.guard for p in state.players]
        return any(g is None for g in guards) and any(
            g is not None and g.status is GuardStatus.SET for g in guards
        )

    state = play_until(guarda.classic(players=2), 2, one_set_guard)
    owner = next(i for i, p in enumerate(state.players) if p.guard is not None)
    guard = state.players[owner].guard
    assert guard is not None and guard.orientation is not None
    assert view(state, owner).guard == guard
    for viewer in (1 - owner, None):
        seen = view(state, viewer)
        assert seen.players[owner].guard is GuardStatus.SET
        assert seen.guard is None  # the viewer has no guard of their own
        assert guard not in attrs.astuple(seen, recurse=False)


def test_p22_an_out_players_hand_and_guard_are_shown_as_gone() -> None:
    config = guarda.modern(players=3)
    state = play_until(
        config, 3, lambda s: any(p.is_out and p.hand and p.guard for p in s.players)
    )
    out = next(i for i, p in enumerate(state.players) if p.is_out and p.hand and p.guard)
    player = state.players[out]
    for viewer in viewers(state):
        public = view(state, viewer).players[out]
        assert (public.hand_size, public.guard, public.position) == (0, None, None)
        # Every card is still accounted for: the hand and the guard went face down.
        total = public.draw_pile_size + public.discard_size + len(public.in_play)
        assert total == config.deck_size
    own = view(state, out)
    assert own.hand == () and own.guard is None and own.legal_actions == ()
    assert own.discard_hidden == tuple(
        sorted((*player.discard_hidden, *player.hand, player.guard.card))  # type: ignore[union-attr]
    )
    summary = guarda.PositionSummary.of(own)
    assert guarda.parse_view(guarda.format_view(summary), config) == summary


def test_r28_pending_attack_is_public() -> None:
    state = play_until(guarda.grda(players=3), 6, lambda s: s.phase is Phase.REACT)
    assert state.attack is not None
    for viewer in viewers(state):
        assert view(state, viewer).attack == state.attack


def test_r28_legal_actions_only_for_the_actor() -> None:
    state = play(guarda.modern(players=3), 9, 40)
    assert state.actor is not None
    for viewer in viewers(state):
        seen = view(state, viewer)
        expected = guarda.legal_actions(state) if viewer == state.actor else ()
        assert seen.legal_actions == expected
        assert seen.must_act == (viewer == state.actor)


@settings(max_examples=20)
@given(games)
def test_actor_view_lists_exactly_the_legal_actions(state: GameState) -> None:
    if state.actor is None:
        assert view(state, None).legal_actions == ()
        assert state.is_over and view(state, 0).is_over
        return
    assert view(state, state.actor).legal_actions == guarda.legal_actions(state)
    assert view(state, state.actor).legal_actions


@pytest.mark.parametrize("player", [-1, 2, True, "0", 1.0])
def test_view_rejects_a_player_not_in_the_game(player: object) -> None:
    state = guarda.new_game(guarda.modern(players=2), seed=0)
    with pytest.raises(GuardaError) as error:
        view(state, player)  # type: ignore[arg-type]
    assert error.value.path == "player"


def test_view_rejects_a_non_state() -> None:
    with pytest.raises(GuardaError):
        view("state", 0)  # type: ignore[arg-type]


def test_visible_events_redacts_like_visible_event() -> None:
    state = guarda.new_game(guarda.modern(players=2), seed=3)
    while state.phase is Phase.SETUP:
        state, events = guarda.apply(state, guarda.legal_actions(state)[0])
    drawn = [e for e in events if isinstance(e, guarda.CardsDrawn)]
    assert len(drawn) == 2, "placing the last piece deals both opening hands"
    for viewer in viewers(state):
        shown = visible_events(events, viewer)
        assert shown == tuple(guarda.visible_event(e, viewer) for e in events)
        for event in drawn:
            index = events.index(event)
            assert (shown[index].cards is None) == (viewer != event.player)  # type: ignore[union-attr]


# -- R29: views are exact ------------------------------------------------------------


def test_r29_hidden_variant_changes_hidden_information_only() -> None:
    state = play(guarda.classic(players=3), 5, 60)
    other = hidden_variant(state, 0, 1)
    assert other != state
    assert other.rng != state.rng
    assert any(
        a.hand != b.hand or a.draw_pile != b.draw_pile
        for a, b in zip(state.players, other.players, strict=True)
    )
    for a, b in zip(state.players, other.players, strict=True):
        assert a.cards == b.cards
    assert other.players[0].hand == state.players[0].hand
    assert view(other, 0) == view(state, 0)
    assert view(other, 1) != view(state, 1)


@settings(max_examples=30)
@given(games, st.data())
def test_r29_views_equal_for_states_differing_in_hidden_information(
    state: GameState, data: st.DataObject
) -> None:
    viewer = data.draw(st.sampled_from(viewers(state)), label="viewer")
    seed = data.draw(st.integers(0, 2**32), label="variant")
    other = hidden_variant(state, viewer, seed)
    assert other != state
    for a, b in zip(state.players, other.players, strict=True):
        assert a.cards == b.cards
    assert visible_events(other.log, viewer) == visible_events(state.log, viewer)
    # The public check: the view document is the same for every hidden variant.
    check_no_hidden_information(state, viewer, variants=2, seed=seed)


@settings(max_examples=30)
@given(games, st.data())
def test_r29_events_shown_equal_after_the_viewers_action(
    state: GameState, data: st.DataObject
) -> None:
    viewer = state.actor
    if viewer is None:
        return
    # Draw piles stay: the action may turn up setup cards from them (R9).
    other = hidden_variant(state, viewer, data.draw(st.integers(0, 2**32)), piles=False)
    seen = view(state, viewer)
    assert view(other, viewer) == seen
    action = data.draw(st.sampled_from(seen.legal_actions), label="action")
    after, events = guarda.apply(state, action)
    other_after, other_events = guarda.apply(other, action)
    assert visible_events(other_events, viewer) == visible_events(events, viewer)
    assert view(other_after, viewer) == view(after, viewer)


def test_a_big_hands_view_keeps_its_legal_actions_lazy() -> None:
    # A 16-card hand attacks in 2**16 - 1 ways: the view lists them only when read.
    config = guarda.custom(16, players=2, hand_size=16)
    state = (
        guarda.PositionBuilder(config, seed=1)
        .player(0, position="a1", hand=tuple(f"V{i}" for i in range(1, 17)))
        .player(1, position="p16")
        .to_act(0, Phase.ACT)
        .build()
    )
    seen = view(state, 0)
    assert isinstance(seen.legal_actions, guarda.LegalActions) and seen.legal_actions.is_lazy
    assert seen.legal_actions == guarda.legal_actions(state)
    assert seen == view(state, 0) and hash(seen) == hash(view(state, 0))
    assert guarda.loads(guarda.dumps(seen)) == seen
