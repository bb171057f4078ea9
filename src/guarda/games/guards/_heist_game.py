"""The heist behind the [game protocol][guarda.game.Game]: views, JSON, notation, records.

Examples:
    >>> import random
    >>> from guarda.games import get_game
    >>> game = get_game("guards")
    >>> state = game.new_game(game.default_config(), seed=4)
    >>> [game.format_action(action) for action in game.legal_actions(state)][:3]
    ['wait', 'move A2', 'move A4']
"""

from __future__ import annotations

import functools
import json
import random
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs
from attrs import frozen

from guarda.errors import ArgumentError, DocumentError
from guarda.games.guards._guards import Guard, Status
from guarda.games.guards._heist import (
    MAX_GUARDS,
    Art,
    Escaped,
    HeistAction,
    HeistConfig,
    HeistEvent,
    HeistState,
    Move,
    PublicThief,
    Run,
    ThiefActed,
    TreasureMoved,
    Wait,
    guesses,
    heist_apply,
    heist_legal_actions,
    heist_new_game,
    public_thieves,
    seen_by_guards,
)
from guarda.games.guards._heist_describe import describe_event
from guarda.games.guards._heist_json import (
    action_text,
    config_data,
    config_from,
    event_data,
    event_from,
    guard_data,
    guard_from,
    parse_action_text,
    state_data,
    state_from,
)
from guarda.games.guards._hexes import Hex, parse_hex
from guarda.games.guards._keep import WOUNDS_TO_KILL, Event, Keep, Thief, ThiefMarker
from guarda.games.guards._maps import GuardMap
from guarda.games.guards._pictures import map_svg

__all__ = ["GUARDS", "HeistGame", "HeistRecord", "HeistSpace", "HeistView", "SneakBot"]

FORMAT: Final = "guarda-heist"
"""The ``format`` field of every heist document."""

_OPTIONS: Final[dict[str, str]] = {
    "difficulty": "easy (default), medium (bows) or hard (a second bow guard per tile)",
    "roving": "yes to add the Roving guard on the Vault Hex (default no)",
    "undead": "yes to roll for undead guards (default no)",
    "rounds": "the round limit (default 40)",
}

_PER_HEX: Final = 6
"""Numbers per hex in an observation."""

_SCALARS: Final = 6
"""Numbers after the hexes in an observation."""

_HIDDEN_GUESS_STEPS: Final = 4
"""How far from its marker determinize looks for a hidden thief."""


@frozen
class HeistView:
    """What one thief (or a spectator) knows of a heist.

    Attributes:
        config: The configuration.
        player: The viewer, or None for a spectator.
        actor: Who must act, or None when the game is over.
        round: The round.
        guards: Every guard (guards are in plain sight).
        markers: The public Thief Markers.
        torches: The hexes of the Extinguished Torch counters still down, sorted.
        thieves: Every thief's name, wounds and whether out.
        hex: The viewer's own true hex (None for a spectator or a thief out).
        carrier: Who carries the treasure, or None.
        winner: Who escaped with it, or None.
        vault_guard_placed: Whether the vault's guard is on the map.
        legal_actions: The viewer's legal actions; empty unless they act.
    """

    config: HeistConfig
    player: int | None
    actor: int | None
    round: int
    guards: tuple[Guard, ...]
    markers: tuple[ThiefMarker, ...]
    torches: tuple[Hex, ...]
    thieves: tuple[PublicThief, ...]
    hex: Hex | None
    carrier: int | None
    winner: int | None
    vault_guard_placed: bool
    legal_actions: tuple[HeistAction, ...]


@frozen
class HeistRecord:
    """A replayable heist: configuration, seed, salt, actions, players' names."""

    config: HeistConfig
    seed: int
    actions: tuple[HeistAction, ...] = ()
    salt: str = ""
    names: tuple[str, ...] = ()


@frozen
class HeistSpace:
    """Every heist action numbered: wait, a move to each hex, a run to each hex, Art on a guard."""

    hexes: tuple[Hex, ...]

    @property
    def size(self) -> int:
        """1 + 2 x hexes + the most guards."""
        return 1 + 2 * len(self.hexes) + MAX_GUARDS

    def index_of(self, action: HeistAction) -> int:
        """The number of ``action``.

        Raises:
            ArgumentError: If the action is not a heist action of this map.
        """
        count = len(self.hexes)
        if isinstance(action, Wait):
            return 0
        if isinstance(action, (Move, Run)) and action.to in self.hexes:
            offset = 1 if isinstance(action, Move) else 1 + count
            return offset + self.hexes.index(action.to)
        if isinstance(action, Art) and 0 <= action.guard < MAX_GUARDS:
            return 1 + 2 * count + action.guard
        raise ArgumentError(f"not an action of this heist: {action!r}", path="action")

    def action_at(self, index: int) -> HeistAction:
        """The action numbered ``index``.

        Raises:
            ArgumentError: If ``index`` is not in ``range(size)``.
        """
        count = len(self.hexes)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise ArgumentError(f"no action number {index!r}", path="index")
        if index == 0:
            return Wait()
        if index <= count:
            return Move(self.hexes[index - 1])
        if index <= 2 * count:
            return Run(self.hexes[index - 1 - count])
        return Art(index - 1 - 2 * count)

    def legal_indices(self, position: HeistState | HeistView) -> tuple[int, ...]:
        """The numbers of the legal actions of a state or view, ascending."""
        legal = (
            position.legal_actions
            if isinstance(position, HeistView)
            else heist_legal_actions(position)
        )
        return tuple(sorted(self.index_of(action) for action in legal))


def _flag(name: str, text: str) -> bool:
    if text.lower() in ("yes", "true", "1"):
        return True
    if text.lower() in ("no", "false", "0"):
        return False
    raise ArgumentError(f"option {name} must be yes or no, not {text!r}", path=name)


@functools.lru_cache(maxsize=64)
def _thief_steps(guard_map: GuardMap, target: Hex) -> Mapping[Hex, int]:
    """Steps a thief needs from every hex to ``target`` (no Special Hexes)."""
    distances = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for _, there in guard_map.exits(here):
            if there not in distances and there not in guard_map.special:
                distances[there] = distances[here] + 1
                queue.append(there)
    return distances


@frozen
class SneakBot:
    """A simple heuristic thief: creeps toward the vault, then the entrance, unseen.

    Each turn it plays Art on a Bored guard it may reach, else creeps to the hex nearest
    its goal that no guard sees (ties broken by ``rng``); when a guard sees it or pursues,
    it also runs, and flees to any hex out of sight; else it waits.

    Examples:
        >>> import random
        >>> from guarda.games import GUARDS
        >>> state = GUARDS.new_game(GUARDS.default_config(), seed=2)
        >>> action = SneakBot().act(GUARDS.view(state, 0), random.Random(0))
        >>> action in GUARDS.legal_actions(state)
        True
    """

    name: str = "sneak"
    """The bot's display name."""

    def act(self, view: HeistView, rng: random.Random) -> HeistAction:
        """One of ``view.legal_actions``."""
        legal = view.legal_actions
        if not legal:
            raise ArgumentError("the viewer has no legal action", path="view")
        arts = [action for action in legal if isinstance(action, Art)]
        if arts:
            return arts[0]
        guard_map = view.config.guard_map
        goal = view.config.entrance_hex if view.carrier == view.player else guard_map.vault
        assert goal is not None
        steps = _thief_steps(guard_map, goal)
        keep = Keep(guard_map, view.guards, (), view.markers, frozenset(view.torches))
        seen = seen_by_guards(keep)
        here = view.hex
        best = steps.get(here, 99) if here is not None else 99
        hunted = here in seen or any(g.status is Status.PURSUING for g in view.guards)
        kinds = (Move, Run) if hunted else (Move,)
        unseen = [
            action for action in legal if isinstance(action, kinds) and action.to not in seen
        ]
        for better in (True, False):
            options = [
                action
                for action in unseen
                if isinstance(action, (Move, Run))
                and (steps.get(action.to, 99) < best or (not better and hunted))
            ]
            if options:
                nearest = min(steps.get(action.to, 99) for action in options)
                return rng.choice(
                    [action for action in options if steps.get(action.to, 99) == nearest]
                )
        return next(action for action in legal if isinstance(action, Wait))


@frozen
class HeistGame:
    """The heist, a small thief scenario on the guards engine; use [`GUARDS`][guarda.games.GUARDS].

    It is also [`Narrated`][guarda.game.Narrated].

    Examples:
        >>> from guarda.games import GUARDS
        >>> GUARDS.players(GUARDS.make_config(2, {"difficulty": "medium"}))
        2
    """

    name: str = "guards"
    """The name the CLI takes."""
    title: str = "The heist (guards)"
    """The game's name for people."""
    min_players: int = 1
    """One thief."""
    max_players: int = 2
    """Two thieves."""

    def default_config(self, players: int | None = None) -> HeistConfig:
        """The keep, easy guards, for ``players`` thieves (None: 1)."""
        return HeistConfig(players=1 if players is None else players)

    def make_config(
        self, players: int | None = None, options: Mapping[str, str] | None = None
    ) -> HeistConfig:
        """A configuration with the options of [`options`][guarda.games.HeistGame.options].

        Raises:
            ArgumentError: For an unknown option or a bad value.
            ConfigurationError: For a value the rules refuse.
        """
        values: dict[str, Any] = {"players": 1 if players is None else players}
        for name, text in (options or {}).items():
            if name not in _OPTIONS:
                raise ArgumentError(f"no option {name!r}", path="options")
            if name in ("roving", "undead"):
                values[name] = _flag(name, text)
            elif name == "rounds":
                if not text.isdigit():
                    raise ArgumentError(
                        f"option rounds must be an integer, not {text!r}", path=name
                    )
                values[name] = int(text)
            else:
                values[name] = text
        return HeistConfig(**values)

    def options(self) -> Mapping[str, str]:
        """The options [`make_config`][guarda.games.HeistGame.make_config] takes."""
        return dict(_OPTIONS)

    def is_config(self, value: object) -> bool:
        """Whether ``value`` is a heist configuration."""
        return isinstance(value, HeistConfig)

    def players(self, config: HeistConfig) -> int:
        """How many thieves."""
        return config.players

    def new_game(self, config: HeistConfig, seed: int, *, salt: str = "") -> HeistState:
        """The first state."""
        return heist_new_game(config, seed, salt=salt)

    def legal_actions(self, state: HeistState) -> Sequence[HeistAction]:
        """The actor's legal actions in a fixed order."""
        return heist_legal_actions(state)

    def apply(
        self, state: HeistState, action: HeistAction
    ) -> tuple[HeistState, tuple[HeistEvent, ...]]:
        """The state after ``action``; an illegal action raises."""
        return heist_apply(state, action)

    def actor(self, state: HeistState) -> int | None:
        """Who must act."""
        return state.actor

    def is_over(self, state: HeistState) -> bool:
        """Whether the heist has ended."""
        return state.actor is None

    def scores(self, state: HeistState) -> tuple[float, ...] | None:
        """1 to the thief who escaped; if none did, 1/2 each for two thieves, 0 alone."""
        if state.actor is not None:
            return None
        players = state.config.players
        if state.winner is not None:
            return tuple(1.0 if p == state.winner else 0.0 for p in range(players))
        return (0.0,) if players == 1 else tuple(0.5 for _ in range(players))

    def turn(self, state: HeistState) -> int:
        """The round."""
        return state.round

    def view(self, state: HeistState, player: int | None) -> HeistView:
        """What ``player`` knows: everything but the other thieves' true hexes."""
        if not isinstance(state, HeistState):
            raise ArgumentError(f"not a heist state: {state!r}", path="state")
        if player is not None and (
            isinstance(player, bool) or player not in range(state.config.players)
        ):
            raise ArgumentError(f"no player {player!r}", path="player")
        keep = state.keep
        own = None
        if player is not None and keep.thieves[player].out is None:
            own = keep.thieves[player].hex
        legal = heist_legal_actions(state) if player is not None and player == state.actor else ()
        return HeistView(
            state.config,
            player,
            state.actor,
            state.round,
            keep.guards,
            keep.markers,
            tuple(sorted(keep.torches)),
            public_thieves(keep),
            own,
            state.carrier,
            state.winner,
            keep.vault_guard_placed,
            tuple(legal),
        )

    def visible_events(
        self, events: Iterable[HeistEvent], player: int | None
    ) -> tuple[HeistEvent, ...]:
        """The events with other thieves' quiet moves hidden (where they went is secret)."""
        return tuple(
            attrs.evolve(event, hex=None)
            if isinstance(event, ThiefActed) and event.action == "move" and event.player != player
            else event
            for event in events
        )

    def determinize(self, view: HeistView, rng: random.Random) -> HeistState:
        """A state consistent with ``view``: each hidden thief near their marker, unseen."""
        if not isinstance(view, HeistView):
            raise ArgumentError(f"not a heist view: {view!r}", path="view")
        guard_map = view.config.guard_map
        entrance = view.config.entrance_hex
        keep = Keep(
            guard_map,
            view.guards,
            (),
            view.markers,
            frozenset(view.torches),
            view.vault_guard_placed,
        )
        thieves = []
        for player, public in enumerate(view.thieves):
            if player == view.player and view.hex is not None:
                hex_ = view.hex
            elif public.out is not None:
                hex_ = next((m.hex for m in view.markers if m.thief == public.name), entrance)
            elif player == view.carrier and view.winner == player:
                hex_ = entrance
            else:
                hex_ = rng.choice(guesses(keep, public.name, _HIDDEN_GUESS_STEPS) or (entrance,))
            thieves.append(Thief(public.name, hex_, public.wounds, public.out))
        keep = attrs.evolve(keep, thieves=tuple(thieves))
        return HeistState(
            view.config,
            keep,
            view.actor,
            view.round,
            view.carrier,
            view.winner,
            seed=rng.randrange(2**31),
        )

    def dumps(self, value: Any) -> str:
        """The versioned JSON document of a configuration, state, view, action, event or record.

        An event's document holds its class in ``type`` and its fields, hexes by name; a
        quiet move of another thief, as [`visible_events`][guarda.games.HeistGame.visible_events]
        shows it, has ``"hex": null``.

        Examples:
            >>> import json
            >>> from guarda.games.guards import ThiefActed
            >>> json.loads(GUARDS.dumps(ThiefActed(1, "move")))["event"]
            {'action': 'move', 'guard': None, 'hex': None, 'player': 1, 'type': 'ThiefActed'}
        """
        if isinstance(value, HeistConfig):
            body: dict[str, Any] = {"kind": "config", "config": config_data(value)}
        elif isinstance(value, HeistState):
            body = {"kind": "state", "state": state_data(value)}
        elif isinstance(value, HeistView):
            data = attrs.asdict(value, recurse=False)
            body = {
                "kind": "view",
                "view": {
                    "config": config_data(value.config),
                    "player": value.player,
                    "actor": value.actor,
                    "round": value.round,
                    "guards": [guard_data(guard) for guard in value.guards],
                    "markers": [{"thief": m.thief, "hex": str(m.hex)} for m in value.markers],
                    "torches": sorted(str(hex_) for hex_ in value.torches),
                    "thieves": [attrs.asdict(t) for t in value.thieves],
                    "hex": None if value.hex is None else str(value.hex),
                    "carrier": data["carrier"],
                    "winner": data["winner"],
                    "vault_guard_placed": value.vault_guard_placed,
                    "legal_actions": [action_text(a) for a in value.legal_actions],
                },
            }
        elif isinstance(value, (Wait, Move, Run, Art)):
            body = {"kind": "action", "action": action_text(value)}
        elif isinstance(value, (ThiefActed, TreasureMoved, Escaped, Event)):
            body = {"kind": "event", "event": event_data(value)}
        elif isinstance(value, HeistRecord):
            body = {
                "kind": "record",
                "record": {
                    "config": config_data(value.config),
                    "seed": value.seed,
                    "salt": value.salt,
                    "actions": [action_text(a) for a in value.actions],
                    "names": list(value.names),
                },
            }
        else:
            raise ArgumentError(f"cannot write {type(value).__name__}", path="value")
        return json.dumps({"format": FORMAT, "version": 1, **body}, sort_keys=True)

    def loads(self, text: str | bytes) -> Any:
        """The value of a document written by [`dumps`][guarda.games.HeistGame.dumps].

        Raises:
            DocumentError: If the text is not such a document.
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise DocumentError(f"not JSON: {error}", path="$") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise DocumentError(f"not a {FORMAT} document", path="format")
        if data.get("version") != 1:
            raise DocumentError("this release reads version 1", path="version")
        kind = data.get("kind")
        if kind == "config":
            return config_from(data.get("config"))
        if kind == "state":
            return state_from(data.get("state") or {})
        if kind == "action":
            return parse_action_text(str(data.get("action")))
        if kind == "event":
            return event_from(data.get("event"))
        if kind == "record":
            record = data.get("record") or {}
            try:
                return HeistRecord(
                    config_from(record.get("config")),
                    int(record["seed"]),
                    tuple(parse_action_text(a) for a in record["actions"]),
                    str(record["salt"]),
                    tuple(str(name) for name in record["names"]),
                )
            except (KeyError, TypeError, ValueError) as error:
                raise DocumentError(f"not a heist record: {error}", path="record") from None
        if kind == "view":
            return self._view_from(data.get("view") or {})
        raise DocumentError(f"unknown kind {kind!r}", path="kind")

    def _view_from(self, data: Mapping[str, Any]) -> HeistView:
        try:
            return HeistView(
                config_from(data.get("config")),
                data["player"],
                data["actor"],
                int(data["round"]),
                tuple(guard_from(g, f"view.guards[{i}]") for i, g in enumerate(data["guards"])),
                tuple(ThiefMarker(m["thief"], parse_hex(m["hex"])) for m in data["markers"]),
                tuple(sorted(parse_hex(name) for name in data["torches"])),
                tuple(PublicThief(t["name"], int(t["wounds"]), t["out"]) for t in data["thieves"]),
                None if data["hex"] is None else parse_hex(data["hex"]),
                data["carrier"],
                data["winner"],
                bool(data["vault_guard_placed"]),
                tuple(parse_action_text(a) for a in data["legal_actions"]),
            )
        except (KeyError, TypeError, ValueError, ArgumentError) as error:
            raise DocumentError(f"not a heist view: {error}", path="view") from None

    def format_action(self, action: HeistAction) -> str:
        """``wait``, ``move D3``, ``run D3`` or ``art 0``."""
        if not isinstance(action, (Wait, Move, Run, Art)):
            raise ArgumentError(f"not a heist action: {action!r}", path="action")
        return action_text(action)

    def parse_action(self, text: str, position: Any) -> HeistAction:
        """The action written ``text`` (legal or not in ``position``).

        Raises:
            ParseError: If the text is not a heist action.
        """
        return parse_action_text(text)

    def describe_action(self, action: HeistAction, position: Any) -> str:
        """The action in plain English."""
        if isinstance(action, Wait):
            return "wait where you are"
        if isinstance(action, Move):
            return f"creep to {action.to}"
        if isinstance(action, Run):
            return f"run to {action.to}, making a noise"
        guards = position.guards if isinstance(position, HeistView) else position.keep.guards
        guard = guards[action.guard] if 0 <= action.guard < len(guards) else None
        return f"play Art on guard {action.guard}" + (f" ({guard})" if guard else "")

    def describe_event(self, event: HeistEvent, names: Sequence[str]) -> str:
        """[`describe_event`][guarda.games.guards.describe_event]: one line for an event."""
        return describe_event(event, names)

    def action_space(self, config: HeistConfig) -> HeistSpace:
        """Every action of ``config``'s map, numbered."""
        return HeistSpace(tuple(sorted(config.guard_map.hexes)))

    def svg(self, position: HeistState | HeistView) -> str:
        """The map, guards with their sight, markers, and the true hexes the position knows."""
        if isinstance(position, HeistState):
            keep = position.keep
            known = {t.name: t.hex for t in keep.thieves if t.out is None}
            guards, markers = keep.guards, keep.markers
            torches: Iterable[Hex] = keep.torches
        else:
            known = {}
            if position.player is not None and position.hex is not None:
                known = {position.thieves[position.player].name: position.hex}
            guards, markers, torches = position.guards, position.markers, position.torches
        return map_svg(
            position.config.guard_map,
            guards,
            markers=markers,
            torches=torches,
            thieves=known,
            title=f"Round {position.round}",
        )

    def text(self, position: HeistState | HeistView) -> str:
        """A plain-text account: the round, the guards, the markers and the thieves."""
        if isinstance(position, HeistState):
            keep = position.keep
            guards, markers = keep.guards, keep.markers
            thieves: list[tuple[str, Hex | None, int, str | None]] = [
                (t.name, t.hex, t.wounds, t.out) for t in keep.thieves
            ]
        else:
            guards, markers = position.guards, position.markers
            thieves = [
                (t.name, position.hex if p == position.player else None, t.wounds, t.out)
                for p, t in enumerate(position.thieves)
            ]
        lines = [f"Round {position.round}; to act: {position.actor}"]
        lines += [f"  guard {index}: {guard}" for index, guard in enumerate(guards)]
        lines += [f"  marker of {m.thief} at {m.hex}" for m in markers]
        for name, hex_, wounds, out in thieves:
            where = "hidden" if hex_ is None else f"at {hex_}"
            state = f", {out}" if out else ""
            lines.append(f"  thief {name} {where}, {wounds} wounds{state}")
        if position.carrier is not None:
            lines.append(f"  the treasure is with thief {position.carrier}")
        return "\n".join(lines)

    def observation_size(self, config: HeistConfig) -> int:
        """Six numbers per hex of the map and six more (see ``observe``)."""
        return _PER_HEX * len(config.guard_map.hexes) + _SCALARS

    def observe(self, view: HeistView) -> tuple[float, ...]:
        """The view as numbers in [0, 1], for learning agents.

        For each hex in name order: the viewer's thief is there, a Thief Marker is there,
        a guard is there, a guard sees it, it is a Special Hex, an Extinguished Torch is
        there. Then: the round over the round limit, the viewer carries the treasure,
        another thief does, it is still in the vault, the viewer's wounds over three, the
        viewer is to act.

        Examples:
            >>> from guarda.games import GUARDS
            >>> state = GUARDS.new_game(GUARDS.default_config(), seed=1)
            >>> numbers = GUARDS.observe(GUARDS.view(state, 0))
            >>> len(numbers) == GUARDS.observation_size(state.config), max(numbers)
            (True, 1.0)
        """
        if not isinstance(view, HeistView):
            raise ArgumentError(f"not a heist view: {view!r}", path="view")
        guard_map = view.config.guard_map
        keep = Keep(guard_map, view.guards, (), view.markers, frozenset(view.torches))
        seen = seen_by_guards(keep)
        guarded = {guard.hex for guard in view.guards}
        marked = {marker.hex for marker in view.markers}
        numbers: list[float] = []
        for hex_ in sorted(guard_map.hexes):
            numbers += [
                float(hex_ == view.hex),
                float(hex_ in marked),
                float(hex_ in guarded),
                float(hex_ in seen),
                float(hex_ in guard_map.special),
                float(hex_ in view.torches),
            ]
        me = view.player
        wounds = view.thieves[me].wounds if me is not None else 0
        numbers += [
            min(1.0, view.round / view.config.rounds),
            float(me is not None and view.carrier == me),
            float(view.carrier is not None and view.carrier != me),
            float(view.carrier is None),
            min(1.0, wounds / WOUNDS_TO_KILL),
            float(me is not None and view.actor == me),
        ]
        return tuple(numbers)

    def heuristic(self) -> SneakBot:
        """A fresh [`SneakBot`][guarda.games.guards.SneakBot]."""
        return SneakBot()

    def record(
        self,
        config: HeistConfig,
        seed: int,
        actions: Iterable[HeistAction] = (),
        *,
        salt: str = "",
        names: Iterable[str] = (),
    ) -> HeistRecord:
        """A replayable record."""
        return HeistRecord(config, seed, tuple(actions), salt, tuple(names))

    def replay(self, record: HeistRecord) -> Iterator[HeistState]:
        """Every state of a recorded heist, the first state first."""
        state = self.new_game(record.config, record.seed, salt=record.salt)
        yield state
        for action in record.actions:
            state, _ = self.apply(state, action)
            yield state


GUARDS: Final = HeistGame()
"""The heist through the game protocol."""
