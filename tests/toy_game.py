"""A tiny hidden-information game that satisfies guarda's game protocol, for tests.

*High card*: each of two players is dealt two cards from 1-6 (two copies each), hidden.
Players take turns, player 0 first, each laying one card face up. After both have laid a
card the round is scored: the higher card wins it. After two rounds, whoever won more
rounds wins; otherwise a draw. The generic layers (bots, arena, adapters) are tested on it
to prove they speak only the protocol, never Guarda.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from guarda.errors import ArgumentError, IllegalActionError, ParseError

DECK = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)


@attrs.frozen
class ToyConfig:
    players: int = 2


@attrs.frozen
class Lay:
    card: int


@attrs.frozen
class Laid:
    player: int
    card: int


@attrs.frozen
class Dealt:
    player: int
    cards: tuple[int, ...] | None


@attrs.frozen
class ToyState:
    config: ToyConfig
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    table: tuple[int, ...]
    wins: tuple[int, int]
    actor: int | None
    laid: int = 0

    @property
    def is_over(self) -> bool:
        return self.actor is None


@attrs.frozen
class ToyView:
    config: ToyConfig
    player: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, int]
    table: tuple[int, ...]
    wins: tuple[int, int]
    actor: int | None
    laid: int
    legal_actions: tuple[Lay, ...]


@attrs.frozen
class ToyRecord:
    config: ToyConfig
    seed: int
    actions: tuple[Lay, ...] = ()
    salt: str = ""
    names: tuple[str, ...] = ()


def _legal(state: ToyState) -> tuple[Lay, ...]:
    if state.actor is None:
        return ()
    return tuple(Lay(card) for card in sorted(set(state.hands[state.actor])))


@attrs.frozen
class ToyGame:
    name: str = "toy"
    title: str = "High card"
    min_players: int = 2
    max_players: int = 2

    def default_config(self, players: int | None = None) -> ToyConfig:
        if players not in (None, 2):
            raise ArgumentError("High card is for two players", path="players")
        return ToyConfig()

    def make_config(
        self, players: int | None = None, options: Mapping[str, str] | None = None
    ) -> ToyConfig:
        if options:
            raise ArgumentError(f"no option {next(iter(options))!r}", path="options")
        return self.default_config(players)

    def options(self) -> Mapping[str, str]:
        return {}

    def is_config(self, value: object) -> bool:
        return isinstance(value, ToyConfig)

    def players(self, config: ToyConfig) -> int:
        return 2

    def new_game(self, config: ToyConfig, seed: int, *, salt: str = "") -> ToyState:
        deck = list(DECK)
        random.Random(f"{seed}/{salt}").shuffle(deck)
        hands = (tuple(sorted(deck[:2])), tuple(sorted(deck[2:4])))
        return ToyState(config, hands, (), (0, 0), 0)

    def legal_actions(self, state: ToyState) -> Sequence[Lay]:
        return _legal(state)

    def apply(self, state: ToyState, action: Lay) -> tuple[ToyState, tuple[Any, ...]]:
        if action not in _legal(state):
            raise IllegalActionError(f"not legal here: {action!r}", path="action")
        actor = state.actor
        assert actor is not None
        hand = list(state.hands[actor])
        hand.remove(action.card)
        hands = list(state.hands)
        hands[actor] = tuple(hand)
        table = (*state.table, action.card)
        wins = state.wins
        if len(table) % 2 == 0:
            first, second = table[-2], table[-1]
            if first != second:
                winner = 0 if first > second else 1
                wins = (wins[0] + (winner == 0), wins[1] + (winner == 1))
        over = not hands[0] and not hands[1]
        new = ToyState(
            state.config,
            (hands[0], hands[1]),
            table,
            wins,
            None if over else 1 - actor,
            state.laid + 1,
        )
        return new, (Laid(actor, action.card),)

    def actor(self, state: ToyState) -> int | None:
        return state.actor

    def is_over(self, state: ToyState) -> bool:
        return state.actor is None

    def scores(self, state: ToyState) -> tuple[float, ...] | None:
        if state.actor is not None:
            return None
        a, b = state.wins
        return (1.0, 0.0) if a > b else (0.0, 1.0) if b > a else (0.5, 0.5)

    def turn(self, state: ToyState) -> int:
        return state.laid

    def view(self, state: ToyState, player: int | None) -> ToyView:
        hand = state.hands[player] if player is not None else ()
        legal = _legal(state) if player is not None and player == state.actor else ()
        return ToyView(
            state.config,
            player,
            hand,
            (len(state.hands[0]), len(state.hands[1])),
            state.table,
            state.wins,
            state.actor,
            state.laid,
            legal,
        )

    def visible_events(self, events: Iterable[Any], player: int | None) -> tuple[Any, ...]:
        return tuple(
            Dealt(e.player, e.cards if e.player == player else None) if isinstance(e, Dealt) else e
            for e in events
        )

    def determinize(self, view: ToyView, rng: random.Random) -> ToyState:
        if view.player is None:
            raise ArgumentError("a spectator's view cannot be determinized", path="view")
        unseen = list(DECK)
        for card in (*view.hand, *view.table):
            unseen.remove(card)
        rng.shuffle(unseen)
        other = 1 - view.player
        hands = [view.hand, view.hand]
        hands[other] = tuple(sorted(unseen[: view.hand_sizes[other]]))
        return ToyState(
            view.config, (hands[0], hands[1]), view.table, view.wins, view.actor, view.laid
        )

    def dumps(self, value: Any) -> str:
        if isinstance(value, ToyConfig):
            return json.dumps({"kind": "config", "players": value.players})
        if isinstance(value, Lay):
            return json.dumps({"kind": "lay", "card": value.card})
        if isinstance(value, Laid):
            return json.dumps({"kind": "event", "type": "Laid", **attrs.asdict(value)})
        if isinstance(value, Dealt):
            cards = None if value.cards is None else list(value.cards)
            return json.dumps(
                {"kind": "event", "type": "Dealt", "player": value.player, "cards": cards}
            )
        if isinstance(value, ToyView):
            data = attrs.asdict(value, recurse=False)
            data["config"] = {"players": value.config.players}
            data["legal_actions"] = [action.card for action in value.legal_actions]
            return json.dumps({"kind": "view", "data": data})
        if isinstance(value, ToyState):
            return json.dumps(
                {"kind": "state", "data": attrs.asdict(value, recurse=False) | {"config": 2}}
            )
        raise ArgumentError(f"cannot write {value!r}", path="value")

    def loads(self, text: str | bytes) -> Any:
        try:
            data = json.loads(text)
        except ValueError as error:
            raise ParseError(f"not JSON: {error}", path="document") from None
        if not isinstance(data, dict):
            raise ParseError("not a High card document", path="kind")
        if data.get("kind") == "config":
            if data.get("players") != 2:
                raise ParseError("High card is for two players", path="players")
            return ToyConfig()
        if data.get("kind") == "lay":
            return Lay(int(data["card"]))
        if data.get("kind") == "event" and data.get("type") == "Laid":
            return Laid(int(data["player"]), int(data["card"]))
        if data.get("kind") == "state":
            raw = data["data"]
            return ToyState(
                ToyConfig(),
                (tuple(raw["hands"][0]), tuple(raw["hands"][1])),
                tuple(raw["table"]),
                tuple(raw["wins"]),
                raw["actor"],
                raw["laid"],
            )
        raise ParseError("not a High card document", path="kind")

    def format_action(self, action: Lay) -> str:
        return str(action.card)

    def parse_action(self, text: str, position: Any) -> Lay:
        if not text.isdigit() or not 1 <= int(text) <= 6:
            raise ParseError(f"not a card: {text!r}", path="action")
        return Lay(int(text))

    def describe_action(self, action: Lay, position: Any) -> str:
        return f"lay the {action.card}"

    def action_space(self, config: ToyConfig) -> ToySpace:
        return ToySpace()

    def svg(self, position: Any) -> str:
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{position.table}</text></svg>'

    def text(self, position: Any) -> str:
        return f"table {position.table} wins {position.wins}"

    def record(
        self,
        config: ToyConfig,
        seed: int,
        actions: Iterable[Lay] = (),
        *,
        salt: str = "",
        names: Iterable[str] = (),
    ) -> ToyRecord:
        return ToyRecord(config, seed, tuple(actions), salt, tuple(names))

    def replay(self, record: ToyRecord) -> Iterator[ToyState]:
        state = self.new_game(record.config, record.seed, salt=record.salt)
        yield state
        for action in record.actions:
            state, _ = self.apply(state, action)
            yield state

    def observation_size(self, config: ToyConfig) -> int:
        return 12

    def observe(self, view: ToyView) -> tuple[float, ...]:
        counts = [0.0] * 12
        for card in view.hand:
            counts[card - 1] += 0.5
        for card in view.table:
            counts[5 + card] += 0.5
        return tuple(counts)


@attrs.frozen
class ToySpace:
    size: int = 6

    def index_of(self, action: Lay) -> int:
        return action.card - 1

    def action_at(self, index: int) -> Lay:
        if not 0 <= index < 6:
            raise ArgumentError(f"no action {index}", path="index")
        return Lay(index + 1)

    def legal_indices(self, position: Any) -> tuple[int, ...]:
        legal = position.legal_actions if isinstance(position, ToyView) else _legal(position)
        return tuple(action.card - 1 for action in legal)


TOY = ToyGame()
