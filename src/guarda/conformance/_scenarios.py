"""Where the vectors come from: seeded random games of many rulesets, and built positions.

Random play reaches most of the rules; [FAMILIES][guarda.conformance._scenarios.FAMILIES]
lists the rulesets (every edition, win condition, stakes variant, teams, turn limits,
custom fields and seatings) and how many seeded games of each to play. Play is driven by a
[Chooser][guarda.conformance._scenarios.Chooser], a SplitMix64 stream written out here, so
the games are the same on every Python version. Where random play rarely goes (a push that
claims loot, two teams drawing, a turn limit reached by an elimination, ...),
[POSITIONS][guarda.conformance._scenarios.POSITIONS] builds the position with
[guarda.PositionBuilder][guarda.PositionBuilder] and plays a fixed script.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import attrs

import guarda
from guarda import (
    Action,
    Config,
    DeckEntry,
    GameState,
    Guard,
    GuardStatus,
    Orientation,
    Phase,
    PositionBuilder,
    Side,
)

__all__ = [
    "DEAL_FAMILIES",
    "FAMILIES",
    "POSITIONS",
    "Chooser",
    "Family",
    "Scripted",
    "choose",
]

_MASK: Final = (1 << 64) - 1


class Chooser:
    """A deterministic stream of 64-bit numbers (SplitMix64) for choosing actions.

    Examples:
        >>> chooser = Chooser(1)
        >>> chooser.below(10) == Chooser(1).below(10)
        True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next(self) -> int:
        """The next 64-bit number."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        value = self._state
        value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
        return value ^ (value >> 31)

    def below(self, bound: int) -> int:
        """A number in ``range(bound)`` (slightly biased, which does not matter here)."""
        return self.next() % bound


_WEIGHTS: Final = {
    "Attack": 8,
    "ActivateGuard": 6,
    "Push": 4,
    "Defend": 3,
    "DefendCounter": 3,
    "PrepareGuard": 3,
    "PrepareNewGuard": 2,
}
"""How much more often than the other kinds of action random play picks these: it makes
games shorter and reactions more frequent. A kind not listed weighs 1."""


def choose(chooser: Chooser, actions: Sequence[Action]) -> Action:
    """Pick a kind of action by weight, then one action of that kind uniformly.

    Examples:
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> type(choose(Chooser(1), guarda.legal_actions(state))).__name__
        'PlacePiece'
    """
    kinds: dict[str, list[Action]] = {}
    for action in actions:
        kinds.setdefault(type(action).__name__, []).append(action)
    names = sorted(kinds)
    roll = chooser.below(sum(_WEIGHTS.get(name, 1) for name in names))
    for name in names:
        roll -= _WEIGHTS.get(name, 1)
        if roll < 0:
            group = kinds[name]
            return group[chooser.below(len(group))]
    raise AssertionError("unreachable: the weights add up")  # pragma: no cover


@attrs.frozen
class Family:
    """A ruleset that random games are played in, and their seeds."""

    name: str
    """Names the vectors cut from its games."""
    title: str
    """A few words for people."""
    config: Callable[[], Config]
    """Builds the ruleset."""
    seeds: tuple[int, ...] = (1, 2, 3)
    """The seeds of the games (each also seeds the choices)."""
    max_plies: int = 700
    """Games are cut off after this many actions."""
    opening: bool = False
    """Whether the first game's opening (setup and the first turn) is always a vector."""


def _lines(size: int, prefix: str) -> tuple[DeckEntry, ...]:
    return tuple(
        DeckEntry(card, 1) for card in guarda.line_cards(size) if card.name.startswith(prefix)
    )


def _custom_7x7() -> Config:
    deck = (
        *(DeckEntry(card, 2) for card in guarda.line_cards(7)),
        DeckEntry(guarda.x_card(7), 3),
        DeckEntry(guarda.all_card(7), 1),
    )
    return guarda.custom(
        7, 3, deck=deck, name="Custom 7x7", starting_health=6, max_health=8, hand_size=5
    )


FAMILIES: Final[tuple[Family, ...]] = (
    Family("classic-2p", "Classic, 2 players", lambda: guarda.classic(2), opening=True),
    Family("modern-2p", "Modern, 2 players", lambda: guarda.modern(2), opening=True),
    Family("grda-2p", "Grda, 2 players", lambda: guarda.grda(2), max_plies=500, opening=True),
    Family(
        "classic-3p-victory",
        "Classic, 3 players, Victory",
        lambda: guarda.classic(3, win="victory"),
    ),
    Family(
        "modern-3p-victory-spoils",
        "Modern, 3 players, Victory with Spoils of War",
        lambda: guarda.modern(3, win="victory", stakes="spoils-of-war", ante=2),
    ),
    Family(
        "grda-3p-exhaustion-scavenger",
        "Grda, 3 players, Exhaustion with Scavenger",
        lambda: guarda.grda(3, win="exhaustion", stakes="scavenger", ante=3),
    ),
    Family(
        "modern-2p-exhaustion",
        "Modern, 2 players, Exhaustion",
        lambda: guarda.modern(2, win="exhaustion"),
    ),
    Family(
        "modern-4p-hill-teams",
        "Modern, 4 players in two teams, King of the Hill",
        lambda: guarda.modern(4, win="king-of-the-hill", teams=[[0, 2], [1, 3]]),
    ),
    Family(
        "classic-3p-hill",
        "Classic, 3 players, King of the Hill on a 2x2 hill",
        lambda: guarda.classic(3, win="king-of-the-hill"),
    ),
    Family(
        "grda-2p-hill",
        "Grda, 2 players, King of the Hill",
        lambda: guarda.grda(2, win="king-of-the-hill"),
    ),
    Family(
        "classic-4p-bounty",
        "Classic, 4 players, Bounty",
        lambda: guarda.classic(4, stakes="bounty", ante=2),
    ),
    Family(
        "modern-4p-teams-limit",
        "Modern, 4 players in two teams, turn limit 30",
        lambda: guarda.modern(4, teams=[[0, 2], [1, 3]], turn_limit=30),
    ),
    Family(
        "grda-5p-teams-bounty",
        "Grda, 5 players in teams of 3 and 2, Bounty, first drawer 3",
        lambda: guarda.grda(5, stakes="bounty", ante=1, teams=[[0, 1, 2], [3, 4]], first_player=3),
        seeds=(1, 2),
    ),
    Family(
        "modern-3p-seated",
        "Modern, 3 players seated North, East, South, first drawer 1",
        lambda: guarda.modern(
            3, seats=[Side.NORTH, Side.EAST, Side.SOUTH], first_player=1, turn_limit=60
        ),
        seeds=(1, 2),
        opening=True,
    ),
    Family(
        "modern-2p-manual-opening",
        "Modern, 2 players, the manual's opening hand of 6",
        lambda: attrs.evolve(guarda.modern(2), opening_hand=6),
        seeds=(1,),
    ),
    Family("custom-3x3", "Custom 3x3 field, 2 players", lambda: guarda.custom(3, 2)),
    Family(
        "custom-7x7",
        "Custom 7x7 field with X and ALL cards, 3 players, maximum health 8",
        _custom_7x7,
        seeds=(1, 2),
    ),
    Family(
        "custom-9x9-8p-teams",
        "Custom 9x9 field, 8 players in two teams, turn limit 40",
        lambda: guarda.custom(9, 8, teams=[[0, 2, 4, 6], [1, 3, 5, 7]], turn_limit=40),
        seeds=(1,),
        max_plies=400,
        opening=True,
    ),
    Family(
        "custom-3x3-columns",
        "Custom 3x3 field whose deck is one copy of each column: setup runs out",
        lambda: guarda.custom(3, 2, deck=_lines(3, "V"), name="Columns 3x3"),
        seeds=(1,),
        max_plies=60,
    ),
    Family(
        "custom-3x3-columns-exhaustion",
        "Custom 3x3 columns deck under Exhaustion: nobody can draw an opening hand",
        lambda: guarda.custom(3, 2, deck=_lines(3, "V"), name="Columns 3x3", win="exhaustion"),
        seeds=(1,),
    ),
    Family(
        "modern-2p-negative-seed",
        "Modern, 2 players, seed -1 (reduced to 64 bits)",
        lambda: guarda.modern(2),
        seeds=(-1,),
        max_plies=8,
    ),
)
"""The rulesets random games are played in."""


DEAL_FAMILIES: Final[tuple[Family, ...]] = (
    Family(
        "modern-2p-sha256",
        "Modern, 2 players, dealt by SHA-256",
        lambda: guarda.modern(2, shuffle="sha256"),
        seeds=(1,),
        opening=True,
    ),
    Family(
        "classic-2p-sha256",
        "Classic, 2 players, dealt by SHA-256",
        lambda: guarda.classic(2, shuffle="sha256"),
        seeds=(1,),
        opening=True,
    ),
)
"""Rulesets dealt by the SHA-256 generator ([guarda.Shuffle][]): each first game's
opening, and the steps around its first reshuffle, are vectors of their own, outside the
greedy selection (so the vectors of [FAMILIES][guarda.conformance._scenarios.FAMILIES]
stay what they were)."""


@attrs.frozen
class Scripted:
    """A built position and a fixed script of actions from it."""

    name: str
    """Names the vector."""
    title: str
    """What it shows, for people."""
    build: Callable[[], GameState]
    """Builds the first state."""
    actions: tuple[str, ...]
    """The script, in notation."""
    expects: tuple[str, ...]
    """Kinds the script must show (see step_kinds): generation fails if one is missing."""


_COUNTER = Guard("H1", GuardStatus.SET, Orientation.OFFENSIVE)
"""A set counter guard; for West on a3 or North on d5 it misses South on b1 (not critical)."""


def _push_claims_loot() -> GameState:
    config = guarda.modern(3, win="exhaustion", stakes="scavenger", ante=2)
    return (
        PositionBuilder(config, seed=11)
        .player(0, position="c1", hand=("V1", "V2", "H3"))
        .player(1, position="c2")
        .player(2, is_out=True)
        .loot("c3", 2)
        .to_act(0, turn_number=9)
        .build()
    )


def _move_claims_loot() -> GameState:
    config = guarda.modern(3, win="exhaustion", stakes="scavenger", ante=2)
    return (
        PositionBuilder(config, seed=12)
        .player(0, position="c2", hand=("V1", "V2", "H3"))
        .player(1, position="e5")
        .player(2, is_out=True)
        .loot("c3", 2)
        .to_act(0, turn_number=9)
        .build()
    )


def _teams_go_out_together() -> GameState:
    config = guarda.modern(4, teams=[[0, 1], [2, 3]], stakes="bounty", ante=3)
    return (
        PositionBuilder(config, seed=13)
        .player(0, position="b1", hand=("V4", "H5"), health=2)
        .player(1, is_out=True)
        .player(2, position="d5", health=1, guard=_COUNTER)
        .player(3, is_out=True)
        .to_act(0, Phase.ACT, turn_number=21)
        .build()
    )


def _teams_reach_the_target_together() -> GameState:
    config = guarda.classic(
        4, win="victory", stakes="spoils-of-war", ante=2, teams=[[0, 1], [2, 3]]
    )
    north_counter = Guard("V1", GuardStatus.SET, Orientation.OFFENSIVE)  # column f: misses b1
    return (
        PositionBuilder(config, seed=14)
        .player(0, position="b1", hand=("V4", "H6"), points=6)
        .player(1, position="a3", points=3)
        .player(2, position="d6", guard=north_counter, points=9)
        .player(3, position="f3")
        .to_act(0, Phase.ACT, turn_number=30)
        .build()
    )


def _limit_reached_by_elimination() -> GameState:
    config = guarda.modern(3, turn_limit=5)
    return (
        PositionBuilder(config, seed=15)
        .player(0, position="b1", hand=("ALL", "V1"), health=2)
        .player(1, position="a3", guard=_COUNTER)
        .player(2, position="d5", guard=_COUNTER)
        .to_act(0, Phase.ACT, turn_number=5)
        .build()
    )


def _critical_block(win: str) -> Callable[[], GameState]:
    def build() -> GameState:
        block = Guard("V4", GuardStatus.SET, Orientation.DEFENSIVE)  # North's V4 defends d5
        config = guarda.custom(5, win=win, max_health=12)
        return (
            PositionBuilder(config, seed=16)
            .player(0, position="b1", hand=("V4", "H1"))
            .player(1, position="d5", guard=block, hand=("V2",))
            .to_act(0, Phase.ACT, turn_number=8)
            .build()
        )

    return build


def _full_hand_with_empty_pile() -> GameState:
    config = guarda.modern(2, win="exhaustion")
    hand = ("V1", "V2", "V3", "H1", "H2")
    used = {name: hand.count(name) for name in hand}
    rest = tuple(
        name for name in config.card_names for _ in range(config.copies(name) - used.get(name, 0))
    )
    return (
        PositionBuilder(config, seed=17)
        .player(0, position="b1", hand=hand, draw_pile=(), discard_hidden=rest)
        .player(1, position="d5")
        .to_act(1, Phase.SETTLE, turn_number=10)
        .build()
    )


POSITIONS: Final[tuple[Scripted, ...]] = (
    Scripted(
        "position-push-claims-loot",
        "Scavenger: a push that ends on loot claims it for the pushed player",
        _push_claims_loot,
        ("push N V1", "pass", "settle"),
        ("loot:claimed-by-push", "ruling:P11"),
    ),
    Scripted(
        "position-move-claims-loot",
        "Scavenger: a move that ends on loot claims it",
        _move_claims_loot,
        ("move N V1", "end", "pass", "settle H3"),
        ("event:LootClaimed",),
    ),
    Scripted(
        "position-teams-go-out-together",
        "Bounty with teams: a counter puts the last two players out in one unit; "
        "both teams share the draw and the stakes",
        _teams_go_out_together,
        ("attack H5 V4", "activate", "take"),
        ("outcome:all-out", "ruling:P14", "ruling:P6", "ruling:P5"),
    ),
    Scripted(
        "position-teams-reach-the-target-together",
        "Victory with Spoils of War and teams: both teams reach the target with equal points",
        _teams_reach_the_target_together,
        ("attack H6 V4", "activate", "take"),
        ("outcome:target-reached", "outcome:draw", "ruling:P14", "ruling:P6"),
    ),
    Scripted(
        "position-limit-reached-by-elimination",
        "A counter puts the attacker out; the attack resolves for the next defender, whose "
        "counter deals nothing, and the turn that ended reaches the turn limit",
        _limit_reached_by_elimination,
        ("attack ALL", "activate", "take", "activate"),
        ("ruling:P9", "ruling:P21", "ruling:R21", "outcome:turn-limit"),
    ),
    Scripted(
        "position-critical-block-heals",
        "A critical block heals above the starting health up to the maximum, returns the "
        "guard and offers a new one",
        _critical_block("elimination"),
        ("attack V4", "activate", "newguard V4", "settle"),
        ("guard:critical-block", "event:HealthRestored", "action:PrepareNewGuard"),
    ),
    Scripted(
        "position-critical-block-in-victory",
        "A critical block in Victory returns the guard but heals nothing",
        _critical_block("victory"),
        ("attack V4", "activate", "decline", "settle H1"),
        ("guard:critical-block", "action:DeclineNewGuard"),
    ),
    Scripted(
        "position-full-hand-with-empty-pile",
        "Exhaustion with the Modern draw: a full hand draws nothing, so an empty draw pile "
        "does not put the player out",
        _full_hand_with_empty_pile,
        ("settle", "end", "pass", "settle V1"),
        ("ruling:P10",),
    ),
)
"""Built positions with fixed scripts, for what random play rarely reaches."""
