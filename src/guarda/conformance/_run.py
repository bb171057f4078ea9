"""The reference driver: guarda's own results for the input of any vector.

The input of one of Guarda's vectors is played by Guarda's engine
([guarda_results][guarda.conformance._reference.guarda_results]); the input of another
game's vector (it names the game) by that game behind the protocol
([game_results][guarda.conformance._generic.game_results]).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from guarda.conformance._generic import game_results, is_game_data
from guarda.conformance._reference import guarda_results
from guarda.game import Game

__all__ = ["results"]


def results(data: Any, *, game: Game | None = None) -> Iterator[dict[str, Any]]:
    """guarda's results for a vector's input: one step per position, ply 0 first.

    Each step is ``{"ply", "legal", "events", "views", "outcome"}`` for Guarda, and
    ``{"ply", "legal", "events", "views", "scores"}`` for another game, the fields
    described on the "Conformance vectors" page of the documentation. The results stop
    early, after the step before it, at an action that is illegal: the next step is then
    missing, which is what [verify][guarda.conformance.verify] reports.

    Args:
        data: The input (or a whole vector) as JSON data.
        game: The game of an input that names a game not in the registry (a game of
            your own behind the protocol); by default the input's ``game`` is looked up
            in [guarda.games][].

    Raises:
        DocumentError: If a field is missing or malformed (``path`` names it).
        GuardaError: If an action is not valid notation.

    Examples:
        >>> from guarda.conformance import input_of, load_vector, shipped
        >>> vector = load_vector(shipped() / "rare-push-claims-loot.json")
        >>> steps = list(results(input_of(vector)))
        >>> steps[0]["ply"], len(steps) == len(vector["actions"]) + 1
        (0, True)
    """
    if is_game_data(data):
        return game_results(data, game)
    return guarda_results(data)
