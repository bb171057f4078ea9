"""Eight players in two teams on a custom 9x9 field, with a turn limit.

Run it with ``python examples/team_variant.py``. Two players share each side of the field
(R4); even seats play against odd seats, and a team wins or draws together (P14, P19).
"""

from __future__ import annotations

import random

import guarda

TEAMS = ((0, 2, 4, 6), (1, 3, 5, 7))


def ruleset(turn_limit: int = 160) -> guarda.Config:
    """The 9x9 team ruleset: 9-card hands, 4 copies of every line card, 10 health."""
    return guarda.custom(9, players=8, teams=TEAMS, turn_limit=turn_limit, name="Teams 9x9")


def main(seed: int = 4, turn_limit: int = 160) -> guarda.Outcome:
    """Play one seeded random game of the team variant; print and return the outcome."""
    config = ruleset(turn_limit)
    state = guarda.new_game(config, seed=seed)
    chooser = random.Random(seed)
    eliminated: list[int] = []
    while not state.is_over:
        state, events = guarda.apply(state, chooser.choice(guarda.legal_actions(state)))
        eliminated += [e.player for e in events if isinstance(e, guarda.PlayerEliminated)]
    outcome = state.outcome
    assert outcome is not None
    if outcome.winning_team is not None:
        print(f"Team {outcome.winning_team} {TEAMS[outcome.winning_team]} won")
    else:
        print(f"Draw between {outcome.drawn} ({outcome.reason.value})")
    print(f"Out, in order: {eliminated}; turns ended: {state.turns_ended}")
    return outcome


if __name__ == "__main__":
    main()
