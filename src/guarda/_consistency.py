"""Consistency checks for a whole [`GameState`][guarda.GameState].

[`check_state`][guarda.check_state] decides whether a state, however it was made (loaded
from a document, parsed from notation, built by hand with `attrs.evolve`), is one the
engine can play on: every player's cards add up to the deck, pieces stand on distinct
cells of the field, health is within bounds, guards have an orientation exactly when set,
the player to act is the one the phase names and has something to do, the stakes add up,
and a finished game has an outcome. It raises
[`PositionError`][guarda.errors.PositionError] whose ``path`` names the offending field,
such as ``players[1].guard.orientation``.

Every rule is checked by `guarda._invariants`, the same functions
[guarda.PositionBuilder][guarda.PositionBuilder] uses; this module says which apply to a
whole state, and in which order. The event log is not checked against the rest of the
state.
"""

from __future__ import annotations

from guarda import _invariants as rules
from guarda._state import GameState, Phase

__all__ = ["check_state"]


def check_state(state: GameState) -> None:
    """Raise [`PositionError`][guarda.errors.PositionError] unless ``state`` is consistent.

    Args:
        state: The state to check.

    Raises:
        PositionError: Naming the offending field in ``path`` (such as
            ``players[0].hand``) and, where one applies, the ruling in ``rule``.

    Examples:
        >>> import attrs, guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> check_state(state)
        >>> broken = attrs.evolve(state, actor=1 - state.actor)
        >>> check_state(broken)
        Traceback (most recent call last):
        ...
        guarda.errors.PositionError: actor: in the setup phase player ... must decide, not ...
    """
    rules.state_is_well_formed(state)
    rules.random_state_fits_the_generator(state.config, state.rng)
    config, phase, players = state.config, state.phase, state.players
    for index, player in enumerate(players):
        rules.player_is_possible(config, player, f"players[{index}]")
    rules.one_piece_per_cell([player.position for player in players])
    loot = state.loot
    rules.loot_is_possible(config, loot, players, [f"loot[{i}]" for i in range(len(loot))])
    rules.pot_holds_the_unclaimed_stakes(config, players, loot, state.pot)
    rules.turns_add_up(config, phase, state.turn_number, state.turns_ended)
    rules.first_placed_is_recorded(state)
    rules.nobody_has_moved_yet(phase, state.has_moved)
    rules.actor_is_the_one_the_phase_names(state)
    if phase is Phase.SETUP:
        rules.nothing_is_dealt_during_setup(config, players)
    else:
        rules.players_still_in_have_pieces(players)
    rules.outcome_is_consistent(state)
    if phase is Phase.OVER:
        return
    if phase is not Phase.SETUP:
        rules.only_attack_cards_lie_face_up(phase, state.turn, players)
        rules.hands_are_within_limits(config, phase, state.turn, players)
        if phase is Phase.SET_GUARD:
            rules.guard_to_set_is_preparing(players, state.turn)
        rules.game_is_undecided(config, players)
    rules.claimed_stakes_leave_the_pot(config, players, loot)
    if phase is Phase.SETUP:
        rules.unplaced_players_are_still_drawing(config, players, state.actor)
    rules.someone_can_act(state)
