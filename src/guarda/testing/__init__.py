"""A testing kit for programs built on guarda, and for ports of it: strategies and checks.

Install it with the ``testing`` extra (``pip install guarda[testing]``, which brings
[Hypothesis](https://hypothesis.readthedocs.io)). Two halves:

- **Hypothesis strategies** that draw only what guarda accepts: rulesets of every edition,
  variant and player count ([configs][guarda.testing.configs]), seeds, legal action
  sequences ([records][guarda.testing.records]), reachable states
  ([states][guarda.testing.states]), views ([views][guarda.testing.views]), one legal
  action of a state ([legal_actions][guarda.testing.legal_actions]) and well-formed actions
  of every kind, legal or not ([actions][guarda.testing.actions],
  [candidate_actions][guarda.testing.candidate_actions]).
- **Checks** to run against your own bots, frontends and ports:
  [check_round_trip][guarda.testing.check_round_trip],
  [check_view][guarda.testing.check_view],
  [check_no_hidden_information][guarda.testing.check_no_hidden_information],
  [check_card_conservation][guarda.testing.check_card_conservation],
  [check_determinism][guarda.testing.check_determinism] and
  [check_repeatable][guarda.testing.check_repeatable]. Each raises a
  [CheckError][guarda.errors.CheckError] (an ``AssertionError``) that says what differs.

The [conformance vectors][guarda.conformance] check a port in another language.
This layer uses only guarda's public API.

Examples:
    >>> import guarda
    >>> from hypothesis import given, settings
    >>> from guarda import testing
    >>> @settings(max_examples=10, database=None)
    ... @given(testing.states(testing.configs(editions=("modern",)), max_plies=60))
    ... def test_my_frontend_shows_no_secret(state):
    ...     testing.check_card_conservation(state)
    ...     for player in range(len(state.players)):
    ...         testing.check_no_hidden_information(state, player, variants=1)
    >>> test_my_frontend_shows_no_secret()
"""

from __future__ import annotations

from guarda.errors import (
    CardConservationError,
    CheckError,
    DeterminismError,
    HiddenInformationError,
    RoundTripError,
    ViewMismatchError,
)
from guarda.testing._checks import (
    check_card_conservation,
    check_determinism,
    check_no_hidden_information,
    check_repeatable,
    check_round_trip,
    check_view,
    difference,
)
from guarda.testing._hidden import hidden_variant
from guarda.testing._strategies import (
    EDITIONS,
    WIN_AND_STAKES,
    actions,
    candidate_actions,
    card_names,
    cells,
    configs,
    legal_actions,
    records,
    seeds,
    states,
    team_lists,
    views,
)

__all__ = [
    # strategies
    "EDITIONS",
    "WIN_AND_STAKES",
    # errors
    "CardConservationError",
    "CheckError",
    "DeterminismError",
    "HiddenInformationError",
    "RoundTripError",
    "ViewMismatchError",
    "actions",
    "candidate_actions",
    "card_names",
    "cells",
    # checks
    "check_card_conservation",
    "check_determinism",
    "check_no_hidden_information",
    "check_repeatable",
    "check_round_trip",
    "check_view",
    "configs",
    "difference",
    "hidden_variant",
    "legal_actions",
    "records",
    "seeds",
    "states",
    "team_lists",
    "views",
]
