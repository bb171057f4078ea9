"""Generating the vectors of any game behind the game protocol.

For each number of players the game seats (up to four of them), seeded random games of
the game's default configuration are played by a
[Chooser][guarda.conformance._scenarios.Chooser] picking uniformly among the legal
actions. Every step is tagged with its kinds (the action's and the events' class names,
the end of the game: [game_kinds][guarda.conformance._generic.game_kinds]); each kind's
first occurrence in each game proposes a window, as for Guarda, and a greedy set cover
picks windows until every kind (and every end, for each number of players) is covered.
The shortest finished game of each number of players is added whole when it is short
(``SHORT_GAME`` actions at most).

Random play of some games never gets far (a random thief is caught before it nears the
vault), so a game that ships a heuristic player ([`HasHeuristic`][guarda.game.HasHeuristic])
is also played by that player in every seat, with ``random.Random(seed)``; its windows
join the candidates. A vector holds its actions, so a port never needs the heuristic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import attrs

from guarda.conformance._generic import GAME_FIELD, build_game_vector, game_kinds
from guarda.conformance._reference import PROTOCOL_VERSION
from guarda.conformance._scenarios import Chooser
from guarda.conformance._select import END_SLACK, LEAD, START_SLACK, TRAIL
from guarda.game import Game, HasHeuristic

__all__ = [
    "GAME_SEEDS",
    "MAX_PLAYER_COUNTS",
    "MAX_PLIES",
    "SHORT_GAME",
    "Played",
    "Span",
    "game_index",
    "generate_game_vectors",
    "play_game",
]

GAME_SEEDS: Final = tuple(range(1, 33))
"""The seeds of the random games played for each number of players."""
MAX_PLIES: Final = 1000
"""Games are cut off after this many actions."""
MAX_PLAYER_COUNTS: Final = 4
"""At most this many numbers of players are played, from the game's fewest up."""
SHORT_GAME: Final = 60
"""A finished game this short (in actions) or shorter may be a vector whole."""

INDEX_FORMAT: Final = "guarda-conformance-index"


@attrs.frozen
class Played:
    """A seeded random game of a game's default configuration, with the kinds of each step."""

    game: Game
    """The game."""
    config: Any
    """Its configuration (the game's default for ``players``)."""
    players: int
    """How many play."""
    seed: int
    """Its seed (also the seed of the choices)."""
    actions: tuple[Any, ...]
    """Every action played."""
    kinds: tuple[frozenset[str], ...]
    """The kinds of each step: ``kinds[i]`` for the ``i + 1``-th action."""
    is_over: bool
    """Whether the game ended (rather than being cut off)."""
    heuristic: bool = False
    """Whether the game's heuristic player chose the actions (rather than the chooser)."""


@attrs.frozen
class Span:
    """A window of a played game: compared from ``start``, played to ``end``."""

    played: Played
    """The game it is cut from."""
    start: int
    """Actions played before the window's first compared step."""
    end: int
    """Actions played when it ends."""
    kinds: frozenset[str]
    """The kinds of its steps."""

    @property
    def cost(self) -> int:
        """About how big its vector is: the views it holds, plus a start."""
        return (self.end - self.start + 1) * self.played.players + 4

    @property
    def name(self) -> str:
        """The vector's id: game, players, seed and plies."""
        played = self.played
        return f"{_game_id(played)}-{self.start}-{self.end}"


def _game_id(played: Played) -> str:
    kind = "h" if played.heuristic else "s"
    return f"{played.game.name}-{played.players}p-{kind}{played.seed}"


def play_game(game: Game, players: int, seed: int, *, heuristic: bool = False) -> Played:
    """Play one seeded random game of ``game`` for ``players`` and tag its steps.

    With ``heuristic``, the game's heuristic player chooses every seat's actions.

    Examples:
        >>> from guarda.games import GUARDA
        >>> played = play_game(GUARDA, 2, 1)
        >>> "action:PlacePiece" in played.kinds[0] and "players:2" in played.kinds[0]
        True
    """
    config = game.default_config(players)
    chooser = Chooser(seed)
    agent = game.heuristic() if heuristic and isinstance(game, HasHeuristic) else None
    rng = random.Random(seed)
    state = game.new_game(config, seed)
    actions: list[Any] = []
    kinds: list[frozenset[str]] = []
    own = f"players:{players}"
    while not game.is_over(state) and len(actions) < MAX_PLIES:
        legal = game.legal_actions(state)
        if agent is None:
            action = legal[chooser.below(len(legal))]
        else:
            action = agent.act(game.view(state, game.actor(state)), rng)
        after, events = game.apply(state, action)
        found = game_kinds(game, state, action, after, events)
        ends = {f"{own}/{kind}" for kind in found if kind.startswith("end")}
        kinds.append(frozenset(found | ends | {own}))
        actions.append(action)
        state = after
    return Played(
        game, config, players, seed, tuple(actions), tuple(kinds), game.is_over(state), heuristic
    )


def _span(played: Played, start: int, end: int) -> Span:
    kinds: set[str] = set()
    for step in played.kinds[start:end]:
        kinds |= step
    if start == 0:
        kinds |= {"start", f"players:{played.players}/start"}
    return Span(played, start, end, frozenset(kinds))


def _spans(played: Played) -> list[Span]:
    first: dict[str, int] = {}
    for ply, kinds in enumerate(played.kinds, start=1):
        for kind in kinds:
            first.setdefault(kind, ply)
    total = len(played.actions)
    found: dict[tuple[int, int], Span] = {}
    for ply in sorted(set(first.values())):
        start = ply - 1 - LEAD
        if start <= START_SLACK:
            start = 0
        end = min(total, ply + TRAIL)
        if played.is_over and total - end <= END_SLACK:
            end = total
        if (start, end) not in found:
            found[start, end] = _span(played, start, end)
    return list(found.values())


def _cover(candidates: Sequence[Span], covered: set[str]) -> list[Span]:
    wanted = set().union(*(span.kinds for span in candidates)) - covered
    chosen: list[Span] = []
    while wanted:
        best = max(candidates, key=lambda span: len(span.kinds & wanted) / span.cost)
        chosen.append(best)
        wanted -= best.kinds
    return chosen


def _player_counts(game: Game) -> range:
    return range(
        game.min_players, min(game.max_players, game.min_players + MAX_PLAYER_COUNTS - 1) + 1
    )


def _vector(span: Span, whole: bool) -> dict[str, Any]:
    played = span.played
    what = "a whole game" if whole else f"from ply {span.start} to ply {span.end}"
    vector, _ = build_game_vector(
        played.game,
        f"{_game_id(played)}-game" if whole else span.name,
        f"{played.game.title}, {played.players} players: seed {played.seed}"
        f"{', the heuristic player' if played.heuristic else ''}, {what}",
        played.config,
        seed=played.seed,
        actions=played.actions[: span.end],
        source={
            "players": played.players,
            "seed": played.seed,
            "plies": [span.start, span.end],
            "heuristic": played.heuristic,
        },
        compare_from=span.start,
    )
    return vector


def generate_game_vectors(game: Game) -> list[dict[str, Any]]:
    """Generate the vectors of a game behind the protocol: for each number of players,
    its shortest finished random game whole (if it is short), then windows that cover
    every kind."""
    wholes: list[Span] = []
    candidates: list[Span] = []
    for players in _player_counts(game):
        games = [play_game(game, players, seed) for seed in GAME_SEEDS]
        if isinstance(game, HasHeuristic):
            games += [play_game(game, players, seed, heuristic=True) for seed in GAME_SEEDS]
        finished = [p for p in games if p.is_over and len(p.actions) <= SHORT_GAME]
        if finished:
            shortest = min(finished, key=lambda played: len(played.actions))
            wholes.append(_span(shortest, 0, len(shortest.actions)))
        candidates.extend(span for played in games for span in _spans(played))
    covered = set().union(*(span.kinds for span in wholes))
    picked = sorted(_cover(candidates, covered), key=candidates.index)
    return [_vector(span, True) for span in wholes] + [_vector(span, False) for span in picked]


def game_index(game: Game, vectors: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The index of a game's vectors: each vector's id, file, title, plies and kinds, and
    for each kind the vectors that show it."""
    coverage: dict[str, list[str]] = {}
    for vector in vectors:
        shown = sorted({kind for step in vector["steps"] for kind in step["kinds"]})
        for kind in shown:
            coverage.setdefault(kind, []).append(vector["id"])
    return {
        "format": INDEX_FORMAT,
        "version": PROTOCOL_VERSION,
        GAME_FIELD: game.name,
        "vectors": [
            {
                "id": vector["id"],
                "file": f"{vector['id']}.json",
                "title": vector["title"],
                "plies": len(vector["actions"]),
                "compare_from": vector["compare_from"],
                "start": "seed",
                "features": vector["features"],
            }
            for vector in vectors
        ],
        "coverage": {kind: ids[:8] for kind, ids in sorted(coverage.items())},
    }
