"""Where the vectors come from: seeded random games of many rulesets, and rare situations.

Random play reaches most of the rules; [FAMILIES][guarda.conformance._scenarios.FAMILIES]
lists the rulesets (every edition, win condition, stakes variant, teams, turn limits,
custom fields and seatings) and how many seeded games of each to play. Play is driven by a
[Chooser][guarda.conformance._scenarios.Chooser], a SplitMix64 stream written out here, so
the games are the same on every Python version. Where random play rarely goes (a push that
claims loot, two teams drawing, a turn limit reached by an elimination, ...),
[RARE][guarda.conformance._scenarios.RARE] names a seeded game that goes there, found by a
search over seeds with a chooser biased towards the kinds of action wanted
([guarda.conformance._search][]): every vector starts from a new game and a seed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

import attrs

import guarda
from guarda import Action, Config, DeckEntry, Side

__all__ = [
    "DEAL_FAMILIES",
    "FAMILIES",
    "RARE",
    "Chooser",
    "Family",
    "Rare",
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


def choose(
    chooser: Chooser, actions: Sequence[Action], weights: Mapping[str, int] = _WEIGHTS
) -> Action:
    """Pick a kind of action by weight, then one action of that kind uniformly.

    ``weights`` gives a kind of action's weight (a kind not listed weighs 1); by default
    random play's.

    Examples:
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> type(choose(Chooser(1), guarda.legal_actions(state))).__name__
        'PlacePiece'
    """
    kinds: dict[str, list[Action]] = {}
    for action in actions:
        kinds.setdefault(type(action).__name__, []).append(action)
    names = sorted(kinds)
    roll = chooser.below(sum(weights.get(name, 1) for name in names))
    for name in names:
        roll -= weights.get(name, 1)
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
class Rare:
    """A situation random play rarely reaches, and the seeded game that reaches it.

    The game is a new game of ``config()`` and ``seed``, played by a
    [Chooser][guarda.conformance._scenarios.Chooser] of the same seed whose weights are
    random play's with ``bias`` on top (a chooser that prefers the kinds of action the
    situation needs). ``seed`` and ``plies`` were found by the search
    (``python -m guarda.conformance search``, [search][guarda.conformance._search.search]);
    generation replays the game and fails if the window no longer shows ``expects``.
    """

    name: str
    """Names the vector."""
    title: str
    """What it shows, for people."""
    config: Callable[[], Config]
    """Builds the ruleset."""
    expects: tuple[str, ...]
    """Kinds the window must show (``situation_kinds`` of the search)."""
    seed: int
    """The seed of the game and of its choices, found by the search."""
    plies: tuple[int, int]
    """The window found by the search: compared from the first ply, played to the second."""
    bias: tuple[tuple[str, int], ...] = ()
    """Weights of kinds of action that replace random play's (``_WEIGHTS``)."""

    @property
    def weights(self) -> dict[str, int]:
        """The chooser's weights: random play's, with the bias on top."""
        return {**_WEIGHTS, **dict(self.bias)}


def _scavenger() -> Config:
    return guarda.modern(3, win="exhaustion", stakes="scavenger", ante=2)


def _critical(win: str) -> Callable[[], Config]:
    return lambda: guarda.custom(5, win=win, max_health=12)


RARE: Final[tuple[Rare, ...]] = (
    Rare(
        "rare-push-claims-loot",
        "Scavenger: a push that ends on loot claims it for the pushed player",
        _scavenger,
        ("loot:claimed-by-push", "ruling:P11"),
        seed=6,
        plies=(60, 65),
        bias=(("Push", 30),),
    ),
    Rare(
        "rare-move-claims-loot",
        "Scavenger: a move that ends on loot claims it",
        _scavenger,
        ("event:LootClaimed", "action:Move"),
        seed=10,
        plies=(50, 55),
        bias=(("Move", 10),),
    ),
    Rare(
        "rare-teams-go-out-together",
        "Bounty with teams: the last two players go out in one unit; both teams share the "
        "draw and the stakes",
        lambda: guarda.modern(4, teams=[[0, 1], [2, 3]], stakes="bounty", ante=3),
        ("outcome:all-out", "ruling:P14", "ruling:P6", "ruling:P5"),
        seed=542,
        plies=(391, 395),
    ),
    Rare(
        "rare-teams-reach-the-target-together",
        "Victory with Spoils of War and teams: both teams reach the target with equal points",
        lambda: guarda.classic(
            4, win="victory", stakes="spoils-of-war", ante=2, teams=[[0, 1], [2, 3]]
        ),
        ("outcome:target-reached", "outcome:draw", "ruling:P14", "ruling:P6"),
        seed=754,
        plies=(237, 241),
    ),
    Rare(
        "rare-limit-reached-by-elimination",
        "A counter puts the attacker out; the attack resolves for the next defender, and the "
        "turn that ended reaches the turn limit",
        lambda: guarda.modern(3, turn_limit=20),
        ("ruling:P9", "ruling:P21", "ruling:R21", "outcome:turn-limit"),
        seed=203,
        plies=(87, 91),
    ),
    Rare(
        "rare-critical-block-heals",
        "A critical block heals above the starting health up to the maximum, returns the "
        "guard and offers a new one",
        _critical("elimination"),
        ("guard:critical-block", "event:HealthRestored", "action:PrepareNewGuard"),
        seed=3,
        plies=(54, 60),
    ),
    Rare(
        "rare-critical-block-in-victory",
        "A critical block in Victory returns the guard but heals nothing",
        _critical("victory"),
        ("guard:critical-block", "action:DeclineNewGuard"),
        seed=3,
        plies=(54, 60),
        bias=(("DeclineNewGuard", 5),),
    ),
    Rare(
        "rare-full-hand-with-empty-pile",
        "Exhaustion with the Modern draw: a full hand draws nothing, so an empty draw pile "
        "does not put the player out",
        lambda: guarda.modern(2, win="exhaustion"),
        ("ruling:P10", "draw:full-hand-empty-pile"),
        seed=2015,
        plies=(83, 88),
    ),
)
"""Rare situations and the seeded games that reach them (found by the search)."""
