"""Position notation (the FEN of Guarda) and view notation.

Two one-line forms, each with a ``format_*`` and a ``parse_*`` function that round-trip
exactly:

- **Full position notation** ([`format_position`][guarda.format_position],
  [`parse_position`][guarda.parse_position]):
  everything in a [`GameState`][guarda.GameState] except the configuration (given
  separately) and the event log. It holds secrets: the order of every draw pile and the
  random state (R28).
- **View notation** ([`format_view`][guarda.format_view], [`parse_view`][guarda.parse_view]): what
  one player, or a
  spectator, may see of a position (R28): the other players' hands, face-down discards
  and draw piles as counts, their guards as a status only. It parses into a
  [`PositionSummary`][guarda.PositionSummary], since a view cannot become a full state.

Grammar (EBNF, using ``card``, ``cell`` and the spacing of `guarda._notation`):

```ebnf
full      = header " " players " " attack " " loot " " pot " " first " " outcome
            " " rng ;
view      = "v" ( int | "-" ) " " header " " players " " attack " " loot " " pot
            " " first " " outcome ;
header    = phase " t" int " a" ( int | "-" ) " n" int " e" int " m" ( "0" | "1" ) ;
phase     = "setup" | "discard" | "move" | "set-guard" | "act" | "react"
          | "new-guard" | "counter" | "settle" | "over" ;
players   = player { "/" player } ;
player    = where ":" int ":" int ":" int ":" zone ":" guard ":" zone ":" list
            ":" zone ":" list ;
where     = cell | "-" | "out" ;
zone      = list | int ;
list      = "-" | card { "," card } ;
guard     = "-" | card "@" ( "prep" | "block" | "counter" ) | "prep" | "set" ;
attack    = "-" | int ">" int ":" int ":" list ":" waiting ":" int ":" int ;
waiting   = "-" | int "=" int { "," int "=" int } ;
loot      = "-" | cell "=" int { "," cell "=" int } ;
pot       = "$" int ;
first     = "f" ( int | "-" ) ;
outcome   = "-" | reason ":" numbers ":" numbers ;
reason    = "last-standing" | "all-out" | "target-reached" | "turn-limit" ;
numbers   = "-" | int { "," int } ;
rng       = 16 * hexdigit ;    (* lower-case *)
int       = "0" | ( digit - "0" ) { digit } ;   (* at most 18 digits *)
```

A player's fields are: where the piece is, health, points, winnings, hand, guard, draw
pile (top first), face-up discards, face-down discards, cards in play. In a view the
zones the viewer may not see are counts and other players' guards are ``prep`` or
``set``. See ``docs/notation.md`` for the meaning of every field, with examples.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from guarda import _invariants as rules
from guarda._config import Config
from guarda._consistency import check_state
from guarda._geometry import Cell
from guarda._notation import (
    _GUARD_WORDS,
    _GUARDS,
    _INT,
    _RNG,
    _STATUS,
    _STATUS_WORDS,
    _card_text,
    _cell_text,
    _expected,
    _Reader,
    _Span,
    _Tokens,
)
from guarda._outcome import payouts
from guarda._rng import random_state_bits
from guarda._state import (
    GameState,
    Guard,
    GuardStatus,
    Outcome,
    OutcomeReason,
    PendingAttack,
    Phase,
    PlayerState,
)
from guarda._views import PlayerView, PublicPlayer
from guarda.errors import ArgumentError, NotationError, PositionError

__all__ = [
    "PositionSummary",
    "format_position",
    "format_view",
    "parse_position",
    "parse_view",
]


@attrs.frozen
class PositionSummary:
    """What the view notation carries: a [`PlayerView`][guarda.PlayerView] without its
    legal actions and events.

    [`parse_view`][guarda.parse_view] returns one; `of` takes one from a view, and
    [`format_view`][guarda.format_view] writes either. The fields mean what they mean in
    [`PlayerView`][guarda.PlayerView].

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.grda(players=2), seed=4)
        >>> summary = PositionSummary.of(guarda.view(state, 0))
        >>> parse_view(format_view(summary), state.config) == summary
        True
    """

    config: Config
    """The ruleset."""
    player: int | None
    """The viewer, or None for a spectator."""
    phase: Phase
    """What kind of decision is awaited."""
    turn: int
    """The turn player (during setup: the player placing)."""
    actor: int | None
    """Who must decide now; None when the game is over."""
    turn_number: int
    """Turns started so far."""
    turns_ended: int
    """Turns ended so far."""
    has_moved: bool
    """In the Move phase: whether the turn player already moved."""
    players: tuple[PublicPlayer, ...]
    """The public part of each player."""
    hand: tuple[str, ...]
    """The viewer's hand, sorted (empty for a spectator)."""
    guard: Guard | None
    """The viewer's guard (None for a spectator)."""
    discard_hidden: tuple[str, ...]
    """The cards the viewer discarded face down, sorted."""
    draw_pile_cards: tuple[str, ...]
    """The cards of the viewer's draw pile, sorted (their order is secret)."""
    attack: PendingAttack | None
    """The attack being resolved."""
    loot: tuple[tuple[Cell, int], ...]
    """Stakes lying on cells, sorted by cell."""
    pot: int
    """Stakes nobody has claimed yet."""
    first_placed: int | None
    """The first player to place a piece."""
    outcome: Outcome | None
    """The result, once the game is over."""

    @classmethod
    def of(cls, view: PlayerView) -> PositionSummary:
        """The part of ``view`` that view notation carries.

        Args:
            view: A player's or a spectator's view ([`guarda.view`][guarda.view]).

        Returns:
            The summary.
        """
        return cls(**{field.name: getattr(view, field.name) for field in attrs.fields(cls)})


def _int_text(value: int, path: str) -> str:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise NotationError(f"cannot write {value!r}: expected a number, 0 or more", path=path)
    return str(value)


def _optional_text(value: int | None, path: str) -> str:
    return "-" if value is None else _int_text(value, path)


def _where_text(position: Cell | None, is_out: bool, path: str) -> str:
    if is_out:
        if position is not None:
            raise NotationError(
                "an eliminated player has no piece on the field", path=f"{path}.position"
            )
        return "out"
    return "-" if position is None else _cell_text(position, f"{path}.position")


def _guard_text(guard: Guard | None, path: str) -> str:
    if guard is None:
        return "-"
    word = _GUARD_WORDS.get((guard.status, guard.orientation))
    if word is None:
        raise NotationError(
            f"cannot write a {guard.status.value} guard with orientation {guard.orientation}: "
            "a preparing guard has no orientation and a set guard has one",
            path=f"{path}.guard",
            rule="R14",
        )
    return f"{_card_text((guard.card,), f'{path}.guard.card')}@{word}"


def _segment(path: str, values: Sequence[str | int | tuple[str, ...]]) -> str:
    """A player segment from its fields: text as is, numbers and card lists written."""
    return ":".join(
        _int_text(value, f"{path}.{name}")
        if isinstance(value, int)
        else value
        if isinstance(value, str)
        else _card_text(value, f"{path}.{name}")
        for name, value in zip(_PLAYER_FIELDS, values, strict=True)
    )


def _rebuild_outcome(
    config: Config,
    reason: OutcomeReason,
    winners: tuple[int, ...],
    drawn: tuple[int, ...],
    numbers: Sequence[tuple[int, int, int]],
    unclaimed: int,
) -> Outcome:
    """The outcome the engine records for this result (R22-R27), from the public numbers."""
    players = [
        PlayerState(
            draw_pile=(),
            hand=(),
            guard=None,
            discard_known=(),
            discard_hidden=(),
            in_play=(),
            position=None,
            health=health,
            points=points,
            winnings=winnings,
        )
        for health, points, winnings in numbers
    ]
    return Outcome(
        reason=reason,
        winners=winners,
        winning_team=config.team_of(winners[0]) if winners else None,
        drawn=drawn,
        health=tuple(health for health, _, _ in numbers),
        points=tuple(points for _, points, _ in numbers),
        payouts=payouts(config, players, winners or drawn, unclaimed),
    )


def _table_text(
    source: GameState | PositionSummary, players: str, numbers: Sequence[tuple[int, int, int]]
) -> str:
    """Every field of the line but the viewer and the random state."""
    header = (
        f"{source.phase.value} t{_int_text(source.turn, 'turn')} "
        f"a{_optional_text(source.actor, 'actor')} "
        f"n{_int_text(source.turn_number, 'turn_number')} "
        f"e{_int_text(source.turns_ended, 'turns_ended')} m{int(source.has_moved)}"
    )
    attack = source.attack
    attack_text = "-"
    if attack is not None:
        numbers_of = (attack.attacker, attack.defender, attack.damage, attack.counter)
        attacker, defender, damage, counter = (_int_text(n, "attack") for n in numbers_of)
        waiting = ",".join(
            f"{_int_text(player, 'attack')}={_int_text(hurt, 'attack')}"
            for player, hurt in attack.waiting
        )
        attack_text = (
            f"{attacker}>{defender}:{damage}:{_card_text(attack.cards, 'attack.cards')}:"
            f"{waiting or '-'}:{counter}:{_int_text(attack.defender_damage, 'attack')}"
        )
    loot = ",".join(
        f"{_cell_text(cell, 'loot')}={_int_text(amount, 'loot')}" for cell, amount in source.loot
    )
    outcome = source.outcome
    outcome_text = "-"
    if outcome is not None:
        rebuilt = _rebuild_outcome(
            source.config,
            outcome.reason,
            outcome.winners,
            outcome.drawn,
            numbers,
            source.pot + sum(amount for _, amount in source.loot),
        )
        if rebuilt != outcome:
            raise PositionError(
                f"the outcome {outcome!r} does not follow from the position "
                f"(it would be {rebuilt!r})",
                path="outcome",
            )
        groups = [",".join(map(str, group)) or "-" for group in (outcome.winners, outcome.drawn)]
        outcome_text = f"{outcome.reason.value}:{groups[0]}:{groups[1]}"
    return (
        f"{header} {players} {attack_text} {loot or '-'} $"
        f"{_int_text(source.pot, 'pot')} f{_optional_text(source.first_placed, 'first_placed')}"
        f" {outcome_text}"
    )


def format_position(state: GameState) -> str:
    """Write a full position in one line: the FEN of Guarda.

    The line holds everything in the state except its configuration, which
    [`parse_position`][guarda.parse_position] takes separately, and the event log. It holds
    secrets: every
    draw pile in order and the random state (R28), so never show it to a player.

    Args:
        state: The position.

    Returns:
        The line (see ``docs/notation.md``).

    Raises:
        NotationError: If the state holds something notation cannot express (a set guard
            without an orientation, an eliminated player with a piece on the field).
        PositionError: If the outcome does not follow from the position.

    Examples:
        >>> import attrs, guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> format_position(state).split()[:6]
        ['setup', 't0', 'a0', 'n0', 'e0', 'm0']
        >>> same = parse_position(format_position(state), state.config)
        >>> same == attrs.evolve(state, log=guarda.EventLog(()))
        True
    """
    if not isinstance(state, GameState):
        raise ArgumentError(f"not a GameState: {state!r}", path="state")
    segments = []
    for index, player in enumerate(state.players):
        path = f"players[{index}]"
        where = _where_text(player.position, player.is_out, path)
        guard = _guard_text(player.guard, path)
        segments.append(
            _segment(path, (where, player.health, player.points, player.winnings, player.hand,
                            guard, player.draw_pile, player.discard_known, player.discard_hidden,
                            player.in_play))
        )  # fmt: skip
    bits = random_state_bits(state.config.shuffle)
    if not isinstance(state.rng, int) or not 0 <= state.rng < 1 << bits:
        raise NotationError(f"cannot write the random state {state.rng!r}", path="rng")
    numbers = [(player.health, player.points, player.winnings) for player in state.players]
    return f"{_table_text(state, '/'.join(segments), numbers)} {state.rng:0{bits // 4}x}"


def format_view(view: PlayerView | PositionSummary) -> str:
    """Write what one player (or a spectator) may see of a position, in one line.

    Other players' hands, face-down discards and draw piles appear as counts and their
    guards as a status; the viewer's own hand, guard, face-down discards and draw pile
    cards (sorted: their order is secret) are shown. Two states that differ only in what
    the viewer may not see give the same line (R29).

    Args:
        view: The view ([`guarda.view`][guarda.view]), or its
            [`PositionSummary`][guarda.PositionSummary].

    Returns:
        The line (see ``docs/notation.md``).

    Raises:
        NotationError: If the view holds something notation cannot express.
        PositionError: If the viewer's cards disagree with the public counts, or the
            outcome does not follow from the position.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> format_view(guarda.view(state, 1)).split()[:3]
        ['v1', 'setup', 't0']
    """
    if isinstance(view, PlayerView):
        view = PositionSummary.of(view)
    if not isinstance(view, PositionSummary):
        raise ArgumentError(f"not a PlayerView or PositionSummary: {view!r}", path="view")
    if view.player is None and (
        view.hand or view.guard or view.discard_hidden or view.draw_pile_cards
    ):
        raise PositionError("a spectator sees no hand, guard or piles", path="player")
    segments = []
    for index, public in enumerate(view.players):
        path = f"players[{index}]"
        hand: tuple[str, ...] | int
        draw: tuple[str, ...] | int
        hidden: tuple[str, ...] | int
        if index == view.player:
            hand, draw, hidden = view.hand, view.draw_pile_cards, view.discard_hidden
            status = None if view.guard is None else view.guard.status
            if status is not public.guard or (len(hand), len(draw), len(hidden)) != (
                public.hand_size,
                public.draw_pile_size,
                public.discard_size - len(public.discard_known),
            ):
                raise PositionError(
                    "the viewer's hand, guard or piles disagree with their public counts",
                    path=path,
                )
            guard = _guard_text(view.guard, path)
        else:
            hand, draw = public.hand_size, public.draw_pile_size
            hidden = public.discard_size - len(public.discard_known)
            guard = "-" if public.guard is None else _STATUS_WORDS[public.guard]
        where = _where_text(public.position, public.is_out, path)
        segments.append(
            _segment(path, (where, public.health, public.points, public.winnings, hand, guard,
                            draw, public.discard_known, hidden, public.in_play))
        )  # fmt: skip
    numbers = [(public.health, public.points, public.winnings) for public in view.players]
    viewer = _optional_text(view.player, "player")
    return f"v{viewer} {_table_text(view, '/'.join(segments), numbers)}"


# fmt: off
_FULL_FIELDS = ("phase", "turn", "actor", "turn_number", "turns_ended", "has_moved", "players",
                "attack", "loot", "pot", "first_placed", "outcome")
_PLAYER_FIELDS = ("position", "health", "points", "winnings", "hand", "guard", "draw_pile",
                  "discard_known", "discard_hidden", "in_play")
_PREFIXES = {"player": "v", "turn": "t", "actor": "a", "turn_number": "n", "turns_ended": "e",
             "pot": "$", "first_placed": "f"}
# fmt: on
_WHAT = {
    "player": "the viewer ('v' and a player number or '-', such as v0)",
    "phase": f"a phase ({', '.join(phase.value for phase in Phase)})",
    "turn": "the turn player ('t' and a player number, such as t0)",
    "actor": "the actor ('a' and a player number or '-', such as a1)",
    "turn_number": "the turn number ('n' and a number, such as n3)",
    "turns_ended": "the turns ended ('e' and a number, such as e2)",
    "has_moved": "the move flag (m0 or m1)",
    "players": "the players, separated by '/'",
    "attack": "the attack (attacker>defender:damage:cards:waiting:counter:defender damage) or '-'",
    "loot": "the loot (cells and amounts, such as c3=5,d4=5) or '-'",
    "pot": "the pot ('$' and an amount, such as $0)",
    "first_placed": "the first player to place ('f' and a player number or '-', such as f0)",
    "outcome": "the outcome (reason:winners:drawn) or '-'",
    "rng": "the random state (16 or 80 lower-case hex digits)",
}
_REASONS = {reason.value: reason for reason in OutcomeReason}
_PHASES = {phase.value: phase for phase in Phase}


@attrs.frozen
class _Player:
    """One parsed player segment; counts stand for the zones the viewer may not see."""

    position: Cell | None
    is_out: bool
    numbers: tuple[int, int, int]
    hand: tuple[str, ...] | int
    guard: Guard | GuardStatus | None
    draw: tuple[str, ...] | int
    known: tuple[str, ...]
    hidden: tuple[str, ...] | int
    in_play: tuple[str, ...]

    def size(self) -> int:
        zones = (self.hand, self.draw, self.known, self.hidden, self.in_play)
        return sum(z if isinstance(z, int) else len(z) for z in zones) + (self.guard is not None)

    def listed(self) -> list[str]:
        """Every card the segment names."""
        zones = (self.hand, self.draw, self.known, self.hidden, self.in_play)
        guard = [self.guard.card] if isinstance(self.guard, Guard) else []
        return [card for zone in zones if not isinstance(zone, int) for card in zone] + guard

    def private(self) -> tuple[tuple[str, ...], Guard | None, tuple[str, ...], tuple[str, ...]]:
        """The hand, guard, draw pile and face-down discards of a segment that shows them."""
        hand, guard, draw, hidden = self.hand, self.guard, self.draw, self.hidden
        assert isinstance(hand, tuple) and isinstance(draw, tuple) and isinstance(hidden, tuple)
        assert not isinstance(guard, GuardStatus)
        return tuple(sorted(hand)), guard, draw, tuple(sorted(hidden))

    def state(self) -> PlayerState:
        """The player's state (full form only)."""
        hand, guard, draw, hidden = self.private()
        health, points, winnings = self.numbers
        return PlayerState(
            draw_pile=draw,
            hand=hand,
            guard=guard,
            discard_known=tuple(sorted(self.known)),
            discard_hidden=hidden,
            in_play=self.in_play,
            position=self.position,
            health=health,
            points=points,
            is_out=self.is_out,
            winnings=winnings,
        )

    def public(self) -> PublicPlayer:
        """What everyone may know about the player."""
        hand, draw, hidden = (
            zone if isinstance(zone, int) else len(zone)
            for zone in (self.hand, self.draw, self.hidden)
        )
        health, points, winnings = self.numbers
        guard = self.guard
        return PublicPlayer(
            position=self.position,
            health=health,
            points=points,
            is_out=self.is_out,
            winnings=winnings,
            hand_size=hand,
            draw_pile_size=draw,
            discard_size=len(self.known) + hidden,
            discard_known=tuple(sorted(self.known)),
            in_play=self.in_play,
            guard=guard.status if isinstance(guard, Guard) else guard,
        )


class _PositionReader(_Reader):
    """Reads the fields of a position line; `read` splits it into named fields."""

    config: Config

    def __init__(self, config: Config) -> None:
        if config is None:
            raise NotationError("a position needs its configuration", path="config")
        super().__init__(config)
        self.count = config.players
        self.deck = Counter({entry.card.name: entry.copies for entry in config.deck})

    @staticmethod
    def read(text: str, names: tuple[str, ...]) -> dict[str, _Span]:
        if not isinstance(text, str):
            raise NotationError(f"expected a string, not {type(text).__name__}", path="text")
        tokens = _Tokens(text)
        fields = {name: tokens.take(_WHAT[name], name) for name in names}
        tokens.finish()
        return fields

    def number(self, span: _Span, path: str, *, optional: bool = False) -> int | None:
        """A number after the field's prefix (a player number where the field is one)."""
        prefix = _PREFIXES[path]
        body = _Span(span.text[len(prefix) :], span.start + len(prefix))
        if not span.text.startswith(prefix) or not (
            _INT.match(body.text) or (optional and body.text == "-")
        ):
            raise _expected(_WHAT[path], span, path)
        if body.text == "-":
            return None
        if path in ("player", "turn", "actor", "first_placed"):
            return self.player_number(body, path)
        return int(body.text)

    def player_number(self, span: _Span, path: str) -> int:
        value = self.integer(span, path, "a player number")
        if value >= self.count:
            raise _expected(f"a player number below {self.count}", span, path)
        return value

    def pair(self, span: _Span, path: str, what: str) -> tuple[_Span, int]:
        """``left=amount``: the left part and the amount."""
        left, equals, right = span.text.partition("=")
        if not equals:
            raise _expected(what, span, path)
        return _Span(left, span.start), self.integer(
            _Span(right, span.start + len(left) + 1), path
        )

    def zone(self, span: _Span, path: str, hidden: bool) -> tuple[str, ...] | int:
        if hidden:
            return self.integer(span, path, "a number of cards")
        return self.card_list(span, path)

    def guard(self, span: _Span, path: str, hidden: bool) -> Guard | GuardStatus | None:
        if span.text == "-":
            return None
        if hidden:
            if span.text not in _STATUS:
                raise _expected("a guard status ('-', prep or set)", span, path, "R28")
            return _STATUS[span.text]
        card, at, word = span.text.partition("@")
        if not at:
            raise _expected("'-' or a guard card and its status, such as V2@prep", span, path)
        name = self.card(_Span(card, span.start), f"{path}.card")
        if word not in _GUARDS:
            word_span = _Span(word, span.start + len(card) + 1)
            raise _expected("a guard status (prep, block, counter)", word_span, path, "R14")
        status, orientation = _GUARDS[word]
        return Guard(name, status, orientation)

    def player(self, span: _Span, path: str, hidden: bool) -> _Player:
        parts = span.split(":")
        if len(parts) != len(_PLAYER_FIELDS):
            what = f"a player: {len(_PLAYER_FIELDS)} fields ({', '.join(_PLAYER_FIELDS)})"
            raise _expected(f"{what} separated by ':'", span, path)
        fields = dict(zip(_PLAYER_FIELDS, parts, strict=True))
        where = fields["position"]
        position = None
        if where.text not in ("-", "out"):
            position = self.cell(where, f"{path}.position")
        health, points, winnings = (
            self.integer(fields[name], f"{path}.{name}") for name in _PLAYER_FIELDS[1:4]
        )
        return _Player(
            position=position,
            is_out=where.text == "out",
            numbers=(health, points, winnings),
            hand=self.zone(fields["hand"], f"{path}.hand", hidden),
            guard=self.guard(fields["guard"], f"{path}.guard", hidden),
            draw=self.zone(fields["draw_pile"], f"{path}.draw_pile", hidden),
            known=self.card_list(fields["discard_known"], f"{path}.discard_known"),
            hidden=self.zone(fields["discard_hidden"], f"{path}.discard_hidden", hidden),
            in_play=self.card_list(fields["in_play"], f"{path}.in_play"),
        )

    def players(self, span: _Span, viewer: int | None, *, full: bool) -> list[_Player]:
        parts = span.split("/")
        if len(parts) != self.count:
            raise _expected(f"{self.count} players separated by '/'", span, "players")
        players: list[_Player] = []
        for index, part in enumerate(parts):
            path = f"players[{index}]"
            hidden = not full and index != viewer
            player = self.player(part, path, hidden=hidden)
            cards = Counter(player.listed())
            if player.size() != self.config.deck_size or (
                cards != self.deck if not hidden else cards - self.deck
            ):
                raise PositionError(
                    f"player {index}'s cards are not those of the deck", path=path, rule="R3"
                )
            players.append(player)
        rules.one_piece_per_cell([player.position for player in players])
        return players

    def attack(self, span: _Span) -> PendingAttack | None:
        if span.text == "-":
            return None
        parts = span.split(":")
        if len(parts) != 6 or ">" not in parts[0].text:
            raise _expected(_WHAT["attack"], span, "attack")
        attacker, _, defender = parts[0].text.partition(">")
        waiting = []
        for part in () if parts[3].text == "-" else parts[3].split(","):
            player, damage = self.pair(part, "attack.waiting", "a player '=' damage, such as 2=1")
            waiting.append((self.player_number(player, "attack.waiting"), damage))
        return PendingAttack(
            attacker=self.player_number(_Span(attacker, span.start), "attack.attacker"),
            cards=tuple(sorted(self.card_list(parts[2], "attack.cards"))),
            defender=self.player_number(
                _Span(defender, span.start + len(attacker) + 1), "attack.defender"
            ),
            damage=self.integer(parts[1], "attack.damage"),
            waiting=tuple(waiting),
            counter=self.integer(parts[4], "attack.counter"),
            defender_damage=self.integer(parts[5], "attack.defender_damage"),
        )

    def loot(self, span: _Span) -> tuple[tuple[Cell, int], ...]:
        loot = []
        for part in () if span.text == "-" else span.split(","):
            cell, amount = self.pair(part, "loot", "a cell '=' an amount, such as c3=5")
            loot.append((self.cell(cell, "loot"), amount))
        return tuple(sorted(loot, key=lambda item: (item[0].y, item[0].x)))

    def outcome(self, span: _Span, players: list[_Player], unclaimed: int) -> Outcome | None:
        if span.text == "-":
            return None
        parts = span.split(":")
        if len(parts) != 3:
            raise _expected(_WHAT["outcome"], span, "outcome")
        if parts[0].text not in _REASONS:
            raise _expected(f"an outcome reason ({', '.join(_REASONS)})", parts[0], "outcome")
        groups = []
        for part, name in zip(parts[1:], ("winners", "drawn"), strict=True):
            spans = () if part.text == "-" else part.split(",")
            groups.append(tuple(self.player_number(item, f"outcome.{name}") for item in spans))
        numbers = [player.numbers for player in players]
        reason = _REASONS[parts[0].text]
        return _rebuild_outcome(self.config, reason, groups[0], groups[1], numbers, unclaimed)

    def header(self, fields: dict[str, _Span]) -> dict[str, Any]:
        """The fields before the players, as keyword arguments of a state or summary."""
        if fields["phase"].text not in _PHASES:
            raise _expected(_WHAT["phase"], fields["phase"], "phase")
        header = {
            "phase": _PHASES[fields["phase"].text],
            "turn": self.number(fields["turn"], "turn"),
            "actor": self.number(fields["actor"], "actor", optional=True),
            "turn_number": self.number(fields["turn_number"], "turn_number"),
            "turns_ended": self.number(fields["turns_ended"], "turns_ended"),
        }
        if fields["has_moved"].text not in ("m0", "m1"):
            raise _expected(_WHAT["has_moved"], fields["has_moved"], "has_moved")
        return {**header, "has_moved": fields["has_moved"].text == "m1"}

    def tail(self, fields: dict[str, _Span], players: list[_Player]) -> dict[str, Any]:
        """The fields after the players, as keyword arguments of a state or summary."""
        attack = self.attack(fields["attack"])
        loot = self.loot(fields["loot"])
        pot = self.number(fields["pot"], "pot")
        first_placed = self.number(fields["first_placed"], "first_placed", optional=True)
        assert pot is not None
        unclaimed = pot + sum(amount for _, amount in loot)
        outcome = self.outcome(fields["outcome"], players, unclaimed)
        return {
            "attack": attack,
            "loot": loot,
            "pot": pot,
            "first_placed": first_placed,
            "outcome": outcome,
        }


def parse_position(text: str, config: Config) -> GameState:
    """Read a full position written by [`format_position`][guarda.format_position].

    Args:
        text: The line.
        config: The ruleset of the game (the line does not hold it).

    Returns:
        The state, with an empty event log: ``parse_position(format_position(state),
        state.config) == attrs.evolve(state, log=EventLog(()))``.

    Raises:
        NotationError: If the text is malformed, naming the field, the column and the
            token, or names a card, cell or player the configuration does not have.
        PositionError: If the position cannot occur (a player's cards do not make up the
            deck, two pieces share a cell, a player to act who cannot act, ...): see
            [`guarda.check_state`][guarda.check_state].

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.grda(), seed=2)
        >>> parse_position(format_position(state), state.config).rng == state.rng
        True
    """
    reader = _PositionReader(config)
    if isinstance(text, str) and text.lstrip().startswith("v"):
        raise NotationError("this is a player's view: read it with parse_view", path="text")
    fields = reader.read(text, (*_FULL_FIELDS, "rng"))
    header = reader.header(fields)
    players = reader.players(fields["players"], None, full=True)
    tail = reader.tail(fields, players)
    if not _RNG.match(fields["rng"].text):
        raise _expected(_WHAT["rng"], fields["rng"], "rng")
    states = tuple(player.state() for player in players)
    rng = int(fields["rng"].text, 16)
    state = GameState(config=config, players=states, rng=rng, **header, **tail)
    check_state(state)
    return state


def parse_view(text: str, config: Config) -> PositionSummary:
    """Read a player's or a spectator's view written by [`format_view`][guarda.format_view].

    Args:
        text: The line.
        config: The ruleset of the game.

    Returns:
        The [`PositionSummary`][guarda.PositionSummary]: ``parse_view(format_view(view), config) ==
        PositionSummary.of(view)``.

    Raises:
        NotationError: If the text is malformed, naming the field, the column and the
            token, or names a card, cell or player the configuration does not have.
        PositionError: If a player's cards do not add up to the deck size, or two pieces
            share a cell.

    Examples:
        >>> import guarda
        >>> state = guarda.new_game(guarda.classic(players=3), seed=2)
        >>> parse_view(format_view(guarda.view(state, None)), state.config).player is None
        True
    """
    reader = _PositionReader(config)
    fields = reader.read(text, ("player", *_FULL_FIELDS))
    viewer = reader.number(fields["player"], "player", optional=True)
    header = reader.header(fields)
    players = reader.players(fields["players"], viewer, full=False)
    tail = reader.tail(fields, players)
    hand: tuple[str, ...] = ()
    guard: Guard | None = None
    draw: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()
    if viewer is not None:
        hand, guard, draw, hidden = players[viewer].private()
    return PositionSummary(
        config=config,
        player=viewer,
        players=tuple(player.public() for player in players),
        hand=hand,
        guard=guard,
        discard_hidden=hidden,
        draw_pile_cards=tuple(sorted(draw)),
        **header,
        **tail,
    )
