"""The heist: a small thief scenario on the guards engine, the project's own rules.

The text gives the guards' rules only. To play them end to end, guarda adds a minimal
thieves' side of its own (rules H1-H11 of the rules page):

- One or two thieves (the players) start on the entrance hex of the map ``keep``. Each
  thief's true hex is secret (their location dial); their public Thief Marker starts on
  the entrance too.
- Players take turns in order; on their turn a thief **moves** one hex, **runs** two
  hexes (a noise: guards within three steps hear it, and the thief's marker jumps to
  where they stop), **waits**, or plays **Art** on a Bored guard within two steps.
  Thieves have no keys (no Special Hexes), pass no walls and never step into a guard's
  hex.
- After every living thief has acted, the Guard Movement Phase and a Resources Phase run.
- The first thief to take the treasure from the Vault Hex (their marker goes there) and
  bring it back to the entrance wins. A thief caught or killed is out; the treasure they
  carried goes back to the vault. After the round limit, or with every thief out, nobody
  wins: a shared draw with two thieves, a loss alone.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Final

from attrs import frozen

from guarda.errors import ArgumentError, ConfigurationError, IllegalActionError
from guarda.games.guards._guards import Status
from guarda.games.guards._hexes import Hex, parse_hex
from guarda.games.guards._keep import Event, Keep, Thief, ThiefMarker, new_keep
from guarda.games.guards._maps import GuardMap, shipped_map
from guarda.games.guards._phase import (
    Difficulty,
    distract,
    guard_movement_phase,
    hear_noise,
    look,
    place_vault_guard,
    resources_phase,
    route_distance,
    setup_guards,
)
from guarda.games.guards._replace import replace
from guarda.games.guards._sight import visible

__all__ = [
    "MAX_GUARDS",
    "Art",
    "Escaped",
    "HeistAction",
    "HeistConfig",
    "HeistEvent",
    "HeistState",
    "Move",
    "PublicThief",
    "Run",
    "ThiefActed",
    "TreasureMoved",
    "Wait",
    "guesses",
    "heist_apply",
    "heist_legal_actions",
    "heist_new_game",
    "public_thieves",
    "seen_by_guards",
    "thief_names",
]

MAX_GUARDS: Final = 8
"""The most guards a heist map may hold (the action space numbers Art targets up to it)."""

RUN_STEPS: Final = 2
"""How far a thief runs."""

ART_REACH: Final = 2
"""How near a Bored guard must be, in steps, for a thief to play Art on it."""


@frozen
class HeistConfig:
    """A heist: the players, the map and the guards' options.

    Attributes:
        players: One or two thieves.
        map: A shipped map with a Vault Hex.
        entrance: Where thieves start and escape.
        difficulty: easy, medium (bows) or hard (a second bow guard per tile).
        roving: Whether the Roving guard starts on the Vault Hex.
        undead: Whether each guard rolls to be undead.
        rounds: The round limit.
        noise: How many steps away a running thief is heard.
    """

    players: int = 1
    map: str = "keep"
    entrance: str = "A3"
    difficulty: Difficulty = "easy"
    roving: bool = False
    undead: bool = False
    rounds: int = 40
    noise: int = 3

    def __attrs_post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in (1, 2):
            raise ConfigurationError("a heist is for one or two thieves", path="players")
        try:
            guard_map = shipped_map(self.map)
            entrance = parse_hex(self.entrance, path="entrance")
        except ArgumentError as error:
            raise ConfigurationError(error.message, path=error.path) from None
        if guard_map.vault is None:
            raise ConfigurationError(f"map {self.map!r} has no Vault Hex", path="map")
        if entrance not in guard_map.hexes or entrance in guard_map.special:
            raise ConfigurationError(
                f"{entrance} is not a hex a thief can stand on", path="entrance"
            )
        if self.difficulty not in ("easy", "medium", "hard"):
            raise ConfigurationError(f"unknown difficulty {self.difficulty!r}", path="difficulty")
        for name in ("rounds", "noise"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ConfigurationError(f"{name} must be a positive integer", path=name)

    @property
    def guard_map(self) -> GuardMap:
        """The map."""
        return shipped_map(self.map)

    @property
    def entrance_hex(self) -> Hex:
        """The entrance as a hex."""
        return parse_hex(self.entrance)


@frozen
class Wait:
    """Stay put."""


@frozen
class Move:
    """Creep one hex, unheard."""

    to: Hex


@frozen
class Run:
    """Run two hexes: guards within ``noise`` steps hear it; the marker follows."""

    to: Hex


@frozen
class Art:
    """Play the Art card on a Bored guard within two steps: it is Distracted."""

    guard: int


HeistAction = Wait | Move | Run | Art
"""A thief's action."""


@frozen
class ThiefActed:
    """A thief's action as it happened; ``hex`` is None where the others cannot know it."""

    player: int
    action: str
    hex: Hex | None = None
    guard: int | None = None


@frozen
class TreasureMoved:
    """The treasure was taken (``taken``) or went back to the vault."""

    player: int
    taken: bool


@frozen
class Escaped:
    """A thief escaped with the treasure: they win."""

    player: int


HeistEvent = ThiefActed | TreasureMoved | Escaped | Event
"""Anything a heist reports: the thieves' events and the guards' engine events."""


@frozen
class PublicThief:
    """What everyone knows of a thief: name, wounds, whether out."""

    name: str
    wounds: int
    out: str | None


@frozen
class HeistState:
    """A heist in play.

    Attributes:
        config: The configuration.
        keep: The guards' world, thieves' true hexes included.
        actor: The player to act, or None when the game is over.
        round: The round, from 1.
        carrier: The player carrying the treasure, or None.
        winner: The player who escaped with it, or None.
        seed: The seed of every die roll.
        salt: Mixed into the seed.
        draws: How many dice rolls were made so far.
    """

    config: HeistConfig
    keep: Keep
    actor: int | None
    round: int = 1
    carrier: int | None = None
    winner: int | None = None
    seed: int = 0
    salt: str = ""
    draws: int = 0

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.actor is None


def thief_names(players: int) -> tuple[str, ...]:
    """The thieves' names by seat: ``"A"``, ``"B"``."""
    return tuple("AB"[:players])


def _rng(state: HeistState) -> random.Random:
    return random.Random(f"{state.seed}/{state.salt}/{state.draws}")


def heist_new_game(config: HeistConfig, seed: int, *, salt: str = "") -> HeistState:
    """The first state: guards set up with the seeded die, thieves at the entrance."""
    if not isinstance(config, HeistConfig):
        raise ArgumentError(f"not a heist configuration: {config!r}", path="config")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError(f"a seed is an int, not {seed!r}", path="seed")
    guard_map = config.guard_map
    rng = random.Random(f"{seed}/{salt}/setup")
    guards = setup_guards(
        guard_map, rng, difficulty=config.difficulty, roving=config.roving, undead=config.undead
    )
    if len(guards) > MAX_GUARDS:
        raise ConfigurationError(f"at most {MAX_GUARDS} guards", path="map")
    entrance = config.entrance_hex
    names = thief_names(config.players)
    thieves = [Thief(name, entrance) for name in names]
    markers = [ThiefMarker(name, entrance) for name in names]
    keep = new_keep(guard_map, guards, thieves, markers)
    keep, _ = look(keep)
    state = HeistState(config, keep, 0, seed=seed, salt=salt)
    return _settle(state, [])[0]


def _thief_distances(keep: Keep, start: Hex, limit: int) -> dict[Hex, int]:
    """Steps a thief needs to hexes within ``limit``: no Special Hexes, no guards' hexes."""
    guard_map = keep.map
    blocked = guard_map.special | {guard.hex for guard in keep.guards}
    distances = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if distances[here] == limit:
            continue
        for _, there in guard_map.exits(here):
            if there not in distances and there not in blocked:
                distances[there] = distances[here] + 1
                queue.append(there)
    return distances


# The last state asked about and its actions, one tuple so threads never see a torn pair:
# a playout asks for a state's actions, then applies one, which asks again.
_last: list[tuple[object, tuple[HeistAction, ...]]] = [(None, ())]


def heist_legal_actions(state: HeistState) -> tuple[HeistAction, ...]:
    """The actor's legal actions: wait, moves, runs, then Art, each in hex or guard order."""
    last = _last[0]
    if last[0] is state:
        return last[1]
    found = _legal_actions(state)
    _last[0] = (state, found)
    return found


def _legal_actions(state: HeistState) -> tuple[HeistAction, ...]:
    if state.actor is None:
        return ()
    keep = state.keep
    here = keep.thieves[state.actor].hex
    reach = _thief_distances(keep, here, RUN_STEPS)
    moves = tuple(Move(hex_) for hex_ in sorted(h for h, d in reach.items() if d == 1))
    runs = tuple(Run(hex_) for hex_ in sorted(h for h, d in reach.items() if d == RUN_STEPS))
    arts = tuple(
        Art(index)
        for index, guard in enumerate(keep.guards)
        if guard.status is Status.BORED
        and not guard.undead
        and (distance := route_distance(keep.map, here, guard.hex)) is not None
        and distance <= ART_REACH
    )
    return (Wait(), *moves, *runs, *arts)


def _set_thief(keep: Keep, player: int, **changes: object) -> Keep:
    thieves = list(keep.thieves)
    thieves[player] = replace(thieves[player], **changes)
    return replace(keep, thieves=tuple(thieves))


def _place_marker(keep: Keep, name: str, hex_: Hex) -> Keep:
    others = tuple(marker for marker in keep.markers if marker.thief != name)
    return replace(keep, markers=(*others, ThiefMarker(name, hex_)))


def heist_apply(
    state: HeistState, action: HeistAction
) -> tuple[HeistState, tuple[HeistEvent, ...]]:
    """The state after the actor's ``action``, and what happened.

    Raises:
        IllegalActionError: If ``action`` is not legal here (rule ``"H3"``).
    """
    if not isinstance(state, HeistState):
        raise ArgumentError(f"not a heist state: {state!r}", path="state")
    if action not in heist_legal_actions(state):
        raise IllegalActionError(f"not a legal action here: {action!r}", rule="H3", path="action")
    player = state.actor
    assert player is not None
    keep = state.keep
    name = keep.thieves[player].name
    events: list[HeistEvent] = []
    if isinstance(action, Wait):
        events.append(ThiefActed(player, "wait"))
    elif isinstance(action, Art):
        keep, guard_events = distract(keep, action.guard)
        events.append(ThiefActed(player, "art", guard=action.guard))
        events.extend(guard_events)
    else:
        keep = _set_thief(keep, player, hex=action.to)
        if isinstance(action, Run):
            keep = _place_marker(keep, name, action.to)
            events.append(ThiefActed(player, "run", action.to))
            keep, heard = hear_noise(keep, action.to, state.config.noise)
            events.extend(heard)
        else:
            events.append(ThiefActed(player, "move", action.to))
        state = replace(state, keep=keep)
        state, arrived = _arrive(state, player)
        keep = state.keep
        events.extend(arrived)
    keep, seen = look(keep)
    events.extend(seen)
    state = replace(state, keep=keep)
    return _settle(state, events, acted=player)


def _arrive(state: HeistState, player: int) -> tuple[HeistState, list[HeistEvent]]:
    """The vault tile's guard, the treasure and the escape, after a thief's move."""
    events: list[HeistEvent] = []
    keep = state.keep
    thief = keep.thieves[player]
    guard_map = keep.map
    vault = guard_map.vault
    assert vault is not None
    vault_tile = guard_map.tile_of(vault)
    if vault_tile is not None and thief.hex in vault_tile.hexes and not keep.vault_guard_placed:
        bow = state.config.difficulty != "easy"
        keep, placed = place_vault_guard(keep, _rng(state), bow=bow, undead=state.config.undead)
        state = replace(state, draws=state.draws + 1)
        events.extend(placed)
    if thief.hex == vault and state.carrier is None:
        keep = _place_marker(keep, thief.name, vault)
        state = replace(state, carrier=player)
        events.append(TreasureMoved(player, taken=True))
    if state.carrier == player and thief.hex == state.config.entrance_hex:
        state = replace(state, winner=player)
        events.append(Escaped(player))
    return replace(state, keep=keep), events


def _settle(
    state: HeistState, events: list[HeistEvent], *, acted: int | None = None
) -> tuple[HeistState, tuple[HeistEvent, ...]]:
    """Drop the treasure of a thief who is out, then pass the turn (and run the round's end)."""
    state = _drop(state, events)
    if state.winner is not None:
        return replace(state, actor=None), tuple(events)
    if acted is None:
        following = _next_living(state, -1)
        return replace(state, actor=following), tuple(events)
    following = _next_living(state, acted)
    if following is not None:
        return replace(state, actor=following), tuple(events)
    keep, moved = guard_movement_phase(state.keep)
    events.extend(moved)
    state = _drop(replace(state, keep=keep), events)
    keep, recovered = resources_phase(state.keep, _rng(state))
    events.extend(recovered)
    state = replace(state, keep=keep, draws=state.draws + 1, round=state.round + 1)
    if state.round > state.config.rounds:
        return replace(state, actor=None), tuple(events)
    return replace(state, actor=_next_living(state, -1)), tuple(events)


def _next_living(state: HeistState, after: int) -> int | None:
    """The first living thief seated after ``after`` (-1: from the first seat)."""
    for player, thief in enumerate(state.keep.thieves):
        if player > after and thief.out is None:
            return player
    return None


def _drop(state: HeistState, events: list[HeistEvent]) -> HeistState:
    carrier = state.carrier
    if carrier is not None and state.keep.thieves[carrier].out is not None:
        events.append(TreasureMoved(carrier, taken=False))
        return replace(state, carrier=None)
    return state


def seen_by_guards(keep: Keep) -> frozenset[Hex]:
    """Every hex some guard sees."""
    seen: set[Hex] = set()
    for guard in keep.guards:
        seen |= visible(keep.map, guard)
    return frozenset(seen)


def public_thieves(keep: Keep) -> tuple[PublicThief, ...]:
    """The thieves as everyone knows them."""
    return tuple(PublicThief(thief.name, thief.wounds, thief.out) for thief in keep.thieves)


def guesses(keep: Keep, name: str, steps: int) -> tuple[Hex, ...]:
    """Hexes a hidden thief might be in: near their marker, in no guard's sight."""
    marker = next((m.hex for m in keep.markers if m.thief == name), None)
    if marker is None:
        return ()
    seen = seen_by_guards(keep)
    near = _thief_distances(keep, marker, steps)
    return tuple(sorted(hex_ for hex_ in near if hex_ not in seen)) or (marker,)
