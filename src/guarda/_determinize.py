"""Sampling hidden information: a full game state consistent with one player's view.

A bot that searches (Monte Carlo tree search, expectimax) needs full states to play on,
but may know only its view. [`determinize`][guarda.determinize] turns a
[`PlayerView`][guarda.PlayerView] into a [`GameState`][guarda.GameState] that the viewer
could not tell apart from the real one: ``guarda.view(determinize(v, rng), v.player) ==
v``. What the viewer sees is copied; what they cannot see is sampled:

- the viewer's own hand, guard and face-down discards are copied; the order of their
  draw pile (secret even from them, R28) is shuffled;
- every public fact is copied: positions, health, points, zone sizes, face-up cards,
  guard statuses, the pending attack, stakes, the outcome;
- each other player's hidden cards (hand, guard card and orientation, face-down
  discards, draw pile) are sampled **from that player's log**, see below;
- the random state that decides future shuffles is fresh, drawn from ``rng``.

How the hidden cards are sampled. Each other player's cards are followed through the
viewer's log, the way a player with perfect memory follows them at the table: the deck
starts shuffled in the draw pile; a draw moves cards from the draw pile to the hand, a
discard or a burn from the hand to the face-down discards, a guard from the hand to the
guard and on to the discards, a reshuffle the whole discard pile (face up and face down)
into a new draw pile; attacks, defences and activated guards reveal cards. The sampler
replays these moves with random hidden choices (which cards were drawn, discarded,
burned or laid as a guard) and gives each card no one has seen a random identity among
those still unaccounted for, settled only when the card is revealed or at the end, so
that every revealed card was where the log says it was revealed from. The facts this
honours include: the setup cards turned up face up lie in the face-down discard pile
until it is reshuffled (P2); a guard returned by a critical block is in the hand until
the player next hides cards; a player who is out holds no hand and no guard, those cards
lie face down in the discard pile (P22); after a reshuffle the cards
that were face up are in the new draw pile or were drawn from it; a card can only be in
the discard pile if it was in the hand or the guard since the last reshuffle. Every
state consistent with the view can be sampled, and every sample is the end of a history
consistent with the log. The distribution is that of a random replay (each hidden
choice uniform, each unseen card dealt uniformly), which is close to, but not exactly,
uniform over the consistent states.

A view whose log is not the game's whole history (a position made with
[`PositionBuilder`][guarda.PositionBuilder] or read from notation has an empty log)
cannot be replayed; then only the present facts are used: each player's unseen cards
(the deck minus their face-up discards and cards on the table) are dealt uniformly into
their hidden zones. The same happens, as a safeguard, should 64 random replays of a log
in a row run into a contradiction (a reveal that their hidden choices cannot explain);
along random games and bot games of every edition this has not been seen to happen.

The sampled state's event log is the viewer's own log (other players' secrets
redacted): the true hidden history is unknown, and the engine never reads the log.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

from guarda._config import Shuffle
from guarda._events import (
    AttackDeclared,
    CardsBurned,
    CardsDiscarded,
    CardsDrawn,
    Defended,
    DiscardPileShuffled,
    Event,
    GuardActivated,
    GuardBroken,
    GuardDiscarded,
    GuardPrepared,
    GuardReturned,
    PlayerEliminated,
    SetupCardDrawn,
    SetupCardsDiscarded,
    TurnSettled,
)
from guarda._geometry import Orientation
from guarda._state import EventLog, GameState, Guard, GuardStatus, PlayerState
from guarda._views import PlayerView, PublicPlayer
from guarda.errors import ArgumentError

__all__ = ["determinize"]

# Zones of one player's cards: the hidden ones first, then the public ones.
_DRAW: Final = 0
_HAND: Final = 1
_GUARD: Final = 2
_HIDDEN: Final = 3
"""The face-down discards."""
_KNOWN: Final = 4
"""The face-up discards."""
_TABLE: Final = 5
"""Face-up cards on the table (setup cards, attack cards until Settle)."""
_HIDDEN_ZONES: Final = (_DRAW, _HAND, _GUARD, _HIDDEN)

# Operations of the replay, as tuples (kind, *arguments).
_TRANSFER: Final = 0
"""(kind, source, target, count): hidden cards move, which ones is a hidden choice."""
_REVEAL: Final = 1
"""(kind, source, target, card): a card is seen leaving a hidden zone."""
_MOVE: Final = 2
"""(kind, source, target, card): a known card moves between zones."""
_MOVE_ALL: Final = 3
"""(kind, source, target): every (known) card of a zone moves."""
_RESHUFFLE: Final = 4
"""(kind,): both discard piles become the new draw pile."""

_ATTEMPTS: Final = 64
"""Replays tried before falling back to the present facts (a replay runs into a
contradiction only when its earlier random choices left no card that a later reveal can
be; known cards never move at random, so this is rare)."""

Operation = tuple[int, ...]


def _operations(events: tuple[Event, ...], player: int, index: dict[str, int]) -> list[Operation]:
    """The moves of ``player``'s cards that the log shows, as replay operations."""
    ops: list[Operation] = []
    add = ops.append
    for event in events:
        owner = getattr(event, "player", None)
        if owner != player:
            continue
        if isinstance(event, CardsDrawn):
            add((_TRANSFER, _DRAW, _HAND, event.count))
        elif isinstance(event, (CardsDiscarded, CardsBurned)):
            add((_TRANSFER, _HAND, _HIDDEN, event.count))
        elif isinstance(event, GuardPrepared):
            add((_TRANSFER, _HAND, _GUARD, 1))
        elif isinstance(event, (GuardDiscarded, GuardBroken)):
            add((_TRANSFER, _GUARD, _HIDDEN, 1))
        elif isinstance(event, DiscardPileShuffled):
            add((_RESHUFFLE,))
        elif isinstance(event, SetupCardDrawn):
            add((_REVEAL, _DRAW, _TABLE, index[event.card]))
        elif isinstance(event, SetupCardsDiscarded):
            add((_MOVE_ALL, _TABLE, _HIDDEN))
        elif isinstance(event, AttackDeclared):
            ops.extend((_REVEAL, _HAND, _TABLE, index[card]) for card in event.cards)
        elif isinstance(event, Defended):
            ops.extend((_REVEAL, _HAND, _KNOWN, index[card]) for card in event.cards)
        elif isinstance(event, TurnSettled):
            ops.extend((_MOVE, _TABLE, _KNOWN, index[card]) for card in event.cards)
        elif isinstance(event, PlayerEliminated):
            add((_MOVE_ALL, _TABLE, _KNOWN))
            # P22: the hand and the guard leave play with the player, face down.
            add((_MOVE_ALL, _HAND, _HIDDEN))
            add((_MOVE_ALL, _GUARD, _HIDDEN))
        elif isinstance(event, GuardActivated):
            add((_REVEAL, _GUARD, _KNOWN, index[event.card]))
        elif isinstance(event, GuardReturned):
            add((_MOVE, _KNOWN, _HAND, index[event.card]))
    return ops


def _choose(
    weights: list[tuple[int, float]] | list[tuple[int, int]], total: float, unit: float
) -> int:
    """The kind a uniform ``unit`` in [0, 1) picks, each kind in proportion to its weight."""
    pick = unit * total
    for kind, weight in weights:
        if pick < weight:
            return kind
        pick -= weight
    return weights[-1][0]  # rounding at the very end of the range


class _Replay:
    """One random replay of a player's cards.

    Cards are counted by *kind*: kinds ``0 .. types - 1`` are cards known by name (face up,
    or a setup card or returned guard whose place is known); kind ``types + u`` is an
    unseen card of **urn** ``u``. An urn holds, by kind, the cards whose identity is still
    open among a group of cards that were mixed together: urn 0 is the shuffled deck, each
    reshuffle starts an urn of the discard pile it shuffled, and a hidden move out of a
    zone that holds cards known by name starts an urn of that zone (so the known card may
    have gone or stayed). An urn can hold unseen cards of older urns. An unseen card of an
    urn is any one of the urn's cards, uniformly: a reveal settles one of them, and the end
    of the replay deals the rest.
    """

    __slots__ = ("chances", "random", "sizes", "types", "urns", "zones")

    def __init__(self, deck: list[int], rng: random.Random) -> None:
        self.random = rng.random
        self.types = types = len(deck)
        self.zones: list[dict[int, int]] = [{} for _ in range(6)]
        self.sizes = [0] * 6
        self.urns: list[dict[int, int]] = [
            {card: copies for card, copies in enumerate(deck) if copies}
        ]
        total = sum(deck)
        if total:
            self.zones[_DRAW][types] = total
        self.sizes[_DRAW] = total
        self.chances: dict[tuple[int, int], float] = {}
        """``chance`` answers since the urns last changed."""

    def run(self, ops: list[Operation]) -> bool:
        """Replay the operations; False at a contradiction (a reveal it cannot explain)."""
        for op in ops:
            kind = op[0]
            if kind == _TRANSFER:
                done = self.transfer(op[1], op[2], op[3])
            elif kind == _REVEAL:
                done = self.reveal(op[1], op[2], op[3])
            elif kind == _MOVE:
                done = self.move(op[1], op[2], op[3])
            elif kind == _MOVE_ALL:
                done = self.move_all(op[1], op[2])
            else:
                done = self.reshuffle()
            if not done:
                return False
        return True

    def _take(self, zone: int, kind: int) -> None:
        counts = self.zones[zone]
        left = counts[kind] - 1
        if left:
            counts[kind] = left
        else:
            del counts[kind]
        self.sizes[zone] -= 1

    def _put(self, zone: int, kind: int, copies: int = 1) -> None:
        counts = self.zones[zone]
        counts[kind] = counts.get(kind, 0) + copies
        self.sizes[zone] += copies

    def transfer(self, source: int, target: int, count: int) -> bool:
        """``count`` cards, chosen uniformly among the source's, move to the target."""
        if count > self.sizes[source]:
            return False
        counts = self.zones[source]
        types = self.types
        if any(kind < types for kind in counts):
            # The zone holds cards known by name (a guard returned to the hand): which
            # cards go is left open. Every card of the zone, gone or staying, becomes an
            # unseen card of a new urn holding what the zone held, so a later reveal finds
            # the known card wherever it may be.
            self.urns.append(dict(counts))
            self.chances.clear()
            kind = types + len(self.urns) - 1
            size = self.sizes[source]
            self.zones[source] = {kind: size - count} if size > count else {}
            self.sizes[source] = size - count
            self._put(target, kind, count)
            return True
        if len(counts) == 1:  # a draw pile holds one kind only: no choice to make
            ((kind, _),) = counts.items()
            for _ in range(count):
                self._take(source, kind)
            self._put(target, kind, count)
            return True
        for _ in range(count):
            kind = _choose(list(counts.items()), self.sizes[source], self.random())
            self._take(source, kind)
            self._put(target, kind)
        return True

    def chance(self, urn_number: int, card: int) -> float:
        """The probability that an unseen card of an urn is ``card``."""
        known = self.chances.get((urn_number, card))
        if known is not None:
            return known
        urn = self.urns[urn_number]
        total = 0
        weight = 0.0
        for kind, copies in urn.items():
            total += copies
            if kind == card:
                weight += copies
            elif kind >= self.types:
                weight += copies * self.chance(kind - self.types, card)
        answer = self.chances[urn_number, card] = weight / total if total else 0.0
        return answer

    def settle(self, urn_number: int, card: int) -> None:
        """One unseen card of an urn turns out to be ``card``: take it from the urn."""
        urn = self.urns[urn_number]
        weights = [
            (kind, copies if kind == card else copies * self.chance(kind - self.types, card))
            for kind, copies in urn.items()
            if kind == card or kind >= self.types
        ]
        kind = _choose(weights, sum(weight for _, weight in weights), self.random())
        self.chances.clear()
        if urn[kind] == 1:
            del urn[kind]
        else:
            urn[kind] -= 1
        if kind != card:
            self.settle(kind - self.types, card)

    def reveal(self, source: int, target: int, card: int) -> bool:
        """A ``card`` is seen leaving the source: a known one, or an unseen one settled."""
        weights = [
            (kind, copies if kind == card else copies * self.chance(kind - self.types, card))
            for kind, copies in self.zones[source].items()
            if kind == card or kind >= self.types
        ]
        total = sum(weight for _, weight in weights)
        if total <= 0:
            return False
        kind = _choose(weights, total, self.random())
        self._take(source, kind)
        if kind != card:
            self.settle(kind - self.types, card)
        self._put(target, card)
        return True

    def move(self, source: int, target: int, card: int) -> bool:
        """A known card moves."""
        if not self.zones[source].get(card):
            return False
        self._take(source, card)
        self._put(target, card)
        return True

    def move_all(self, source: int, target: int) -> bool:
        """Every card of a zone moves."""
        for kind, copies in self.zones[source].items():
            self._put(target, kind, copies)
        self.zones[source] = {}
        self.sizes[source] = 0
        return True

    def reshuffle(self) -> bool:
        """The empty draw pile becomes both discard piles, mixed in a new urn."""
        if self.sizes[_DRAW]:
            return False
        urn: dict[int, int] = {}
        for zone in (_HIDDEN, _KNOWN):
            for kind, copies in self.zones[zone].items():
                urn[kind] = urn.get(kind, 0) + copies
            self.zones[zone] = {}
            self.sizes[zone] = 0
        self.urns.append(urn)
        self.chances.clear()
        total = sum(urn.values())
        if total:
            self._put(_DRAW, self.types + len(self.urns) - 1, total)
        return True

    def deal(self, rng: random.Random) -> list[list[int]]:
        """Deal every unseen card its identity; the cards of each hidden zone, by type.

        Newest urn first: its cards may be unseen cards of older urns, dealt after.
        """
        types = self.types
        for urn in reversed(range(len(self.urns))):
            kind = types + urn
            items = [item for item, copies in self.urns[urn].items() for _ in range(copies)]
            rng.shuffle(items)
            taken = 0
            for zone in _HIDDEN_ZONES:
                slots = self.zones[zone].pop(kind, 0)
                self.sizes[zone] -= slots
                for item in items[taken : taken + slots]:
                    self._put(zone, item)
                taken += slots
        return [
            [card for card, copies in sorted(self.zones[zone].items()) for _ in range(copies)]
            for zone in _HIDDEN_ZONES
        ]


class _Compiled:
    """What sampling from one view needs, worked out once per view."""

    __slots__ = ("checked", "deck", "log", "names", "ops", "view")

    def __init__(self, view: PlayerView) -> None:
        config = view.config
        self.view = view
        self.names = config.card_names
        index = {name: number for number, name in enumerate(self.names)}
        self.deck = [config.copies(name) for name in self.names]
        _check_own_cards(view, Counter(dict(zip(self.names, self.deck, strict=True))))
        self.log = EventLog(view.events)
        self.ops: dict[int, list[Operation] | None] = {}
        self.checked: set[int] = set()
        """The players whose replay has been checked against the view."""
        for player, public in enumerate(view.players):
            for name in public.discard_known + public.in_play:
                if name not in index:
                    raise ArgumentError(
                        f"the deck has no card named {name!r}",
                        path=f"view.players[{player}]",
                        rule="R3",
                    )
            if player == view.player:
                continue
            _check_unseen_count(view, player, public, self.deck)
            try:
                ops: list[Operation] | None = _operations(view.events, player, index)
            except KeyError:  # a card the deck does not have: the log is not this game's
                ops = None
            self.ops[player] = ops  # checked against the view by the first replay

    def matches(self, replay: _Replay, public: PublicPlayer) -> bool:
        """Whether a replay of the log ends in the view's public facts.

        Zone sizes and face-up cards do not depend on the hidden choices, so one replay
        tells; a log that is not the game's whole history fails here.
        """
        expected = [
            public.draw_pile_size,
            public.hand_size,
            0 if public.guard is None else 1,
            public.discard_size - len(public.discard_known),
        ]
        if [replay.sizes[zone] for zone in _HIDDEN_ZONES] != expected:
            return False
        for zone, cards in ((_KNOWN, public.discard_known), (_TABLE, public.in_play)):
            counts = Counter(cards)
            expected_zone = {
                card: counts[name] for card, name in enumerate(self.names) if counts[name]
            }
            if replay.zones[zone] != expected_zone:
                return False
        return True


def _check_own_cards(view: PlayerView, deck: Counter[str]) -> None:
    """The viewer's own cards, seen and public, must make up one deck."""
    if view.player is None:
        return
    me = view.players[view.player]
    guard = () if view.guard is None else (view.guard.card,)
    mine = Counter(
        view.hand + guard + view.discard_hidden + view.draw_pile_cards + me.discard_known
    ) + Counter(me.in_play)
    if mine != deck:
        raise ArgumentError(
            f"player {view.player}'s cards in the view do not make up one deck",
            path="view",
            rule="R3",
        )


def _check_unseen_count(
    view: PlayerView, player: int, public: PublicPlayer, deck: list[int]
) -> None:
    """Another player's hidden zones must hold exactly the cards not face up."""
    hidden = (
        public.draw_pile_size
        + public.hand_size
        + (public.guard is not None)
        + public.discard_size
        - len(public.discard_known)
    )
    seen = len(public.discard_known) + len(public.in_play)
    if hidden + seen != sum(deck) or public.discard_size < len(public.discard_known):
        raise ArgumentError(
            f"player {player}'s zone sizes in the view do not add up to one deck",
            path=f"view.players[{player}]",
            rule="R3",
        )


_LAST: list[_Compiled] = []
"""The work done for the last view sampled from (a search samples one view many times)."""


def _compiled(view: PlayerView) -> _Compiled:
    if _LAST and _LAST[0].view is view:
        return _LAST[0]
    compiled = _Compiled(view)
    _LAST[:] = [compiled]
    return compiled


def _present_only(
    view: PlayerView, player: int, deck: list[int], names: tuple[str, ...]
) -> _Replay:
    """A replay that knows only the present: the unseen cards may be in any hidden zone."""
    public = view.players[player]
    counts = Counter(public.discard_known + public.in_play)
    unseen = [copies - counts[name] for name, copies in zip(names, deck, strict=True)]
    if min(unseen) < 0:
        raise ArgumentError(
            f"player {player} has more face-up cards than the deck holds",
            path=f"view.players[{player}]",
            rule="R3",
        )
    replay = _Replay(unseen, random.Random(0))
    replay.zones[_DRAW] = {}
    replay.sizes[_DRAW] = 0
    sizes = (
        public.draw_pile_size,
        public.hand_size,
        0 if public.guard is None else 1,
        public.discard_size - len(public.discard_known),
    )
    for zone, size in zip(_HIDDEN_ZONES, sizes, strict=True):
        if size:
            replay._put(zone, replay.types, size)
    return replay


def _sample_player(
    compiled: _Compiled, player: int, rng: random.Random
) -> tuple[list[list[str]], int]:
    """Sample a player's hidden zones: the cards of each, and how many replays it took."""
    ops = compiled.ops[player]
    deck, names = compiled.deck, compiled.names
    replay: _Replay | None = None
    attempts = 0
    if ops is not None:
        while attempts < _ATTEMPTS:
            attempts += 1
            replay = _Replay(deck, rng)
            if replay.run(ops):
                break
            replay = None
        else:  # contradictions every time: give up replaying this view's log
            compiled.ops[player] = None
    if replay is not None and player not in compiled.checked:
        compiled.checked.add(player)
        if not compiled.matches(replay, compiled.view.players[player]):
            compiled.ops[player] = None
            replay = None
    if replay is None:
        replay = _present_only(compiled.view, player, deck, names)
    return [[names[card] for card in zone] for zone in replay.deal(rng)], attempts


def _player_state(
    public: PublicPlayer, draw: list[str], hand: list[str], guard: Guard | None, hidden: list[str]
) -> PlayerState:
    return PlayerState(
        draw_pile=tuple(draw),
        hand=tuple(sorted(hand)),
        guard=guard,
        discard_known=public.discard_known,
        discard_hidden=tuple(sorted(hidden)),
        in_play=public.in_play,
        position=public.position,
        health=public.health,
        points=public.points,
        is_out=public.is_out,
        winnings=public.winnings,
    )


def _fresh_random_state(view: PlayerView, rng: random.Random) -> int:
    """A new random state for the view's generator: 64 bits, or a 256-bit key and
    counter 0 (SHA-256)."""
    if view.config.shuffle is Shuffle.SPLITMIX64:
        return rng.getrandbits(64)
    return rng.getrandbits(256) << 64


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full game state consistent with everything in ``view``, hidden cards sampled.

    ``guarda.view(determinize(view, rng), view.player) == view`` always holds: the
    sample shows the viewer exactly what they saw. The viewer's own cards and every
    public fact are copied; the order of every draw pile, the other players' hands,
    guards (card and orientation) and face-down discards are sampled from what the
    view's log allows (the module `guarda._determinize` explains how); the random state for
    future shuffles is drawn from ``rng``. The state passes
    [`check_state`][guarda.check_state] and play goes on from it as from any state.

    A spectator's view (``player`` None) works too: then every player's hidden cards
    are sampled.

    Sampling many states from the same view object is cheap: the work that depends
    only on the view is done once and kept for the last view given.

    Args:
        view: What one player (or a spectator) knows: [`guarda.view`][guarda.view].
        rng: The random source of the sample.

    Returns:
        A [`GameState`][guarda.GameState] whose event log is the view's own log.

    Raises:
        ArgumentError: If ``view`` is not a [`PlayerView`][guarda.PlayerView], ``rng``
            is not a `random.Random`, or the view cannot come from a
            game (its cards do not add up to the deck, R3).

    Examples:
        >>> import random
        >>> import guarda
        >>> state = guarda.new_game(guarda.modern(players=2), seed=3)
        >>> while state.turn_number < 3:
        ...     state, _ = guarda.apply(state, guarda.legal_actions(state)[-1])
        >>> mine = guarda.view(state, 0)
        >>> sample = determinize(mine, random.Random(1))
        >>> guarda.view(sample, 0) == mine
        True
        >>> sample.players[0].hand == state.players[0].hand
        True
        >>> len(sample.players[1].hand) == len(state.players[1].hand)
        True
    """
    if not isinstance(view, PlayerView):
        raise ArgumentError(f"not a PlayerView: {view!r}", path="view")
    if not isinstance(rng, random.Random):
        raise ArgumentError(f"not a random.Random: {rng!r}", path="rng")
    compiled = _compiled(view)
    players: list[PlayerState] = []
    for player, public in enumerate(view.players):
        if player == view.player:
            draw = list(view.draw_pile_cards)
            rng.shuffle(draw)
            players.append(
                _player_state(public, draw, list(view.hand), view.guard, list(view.discard_hidden))
            )
            continue
        (draw, hand, guard_cards, hidden), _ = _sample_player(compiled, player, rng)
        rng.shuffle(draw)
        guard = None
        if public.guard is not None:
            orientation = None
            if public.guard is GuardStatus.SET:
                orientation = (
                    Orientation.DEFENSIVE if rng.random() < 0.5 else Orientation.OFFENSIVE
                )
            guard = Guard(guard_cards[0], public.guard, orientation)
        players.append(_player_state(public, draw, hand, guard, hidden))
    return GameState(
        view.config,
        view.phase,
        view.turn,
        view.actor,
        tuple(players),
        _fresh_random_state(view, rng),
        view.turn_number,
        view.turns_ended,
        view.has_moved,
        view.attack,
        view.loot,
        view.pot,
        view.first_placed,
        view.outcome,
        compiled.log,
    )
