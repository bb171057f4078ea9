"""The worked example of the docs: one short game, told turn by turn, with pictures.

``docs/worked-example.md`` holds the marker ``<!-- guarda:worked-example -->``; the hook
``worked_example_page.py`` replaces it with the text made here and adds the pictures
(``pictures/worked-example/<name>``) and the game's record (``worked-example.json``) to
the site. The game is played when the site is built, by guarda's own bots from a fixed
configuration and seed, and every line is written by guarda (``guarda.describe_action``
for each decision, ``guarda.describe`` for each event), so neither the text, the pictures
nor the record can drift from the rules. ``tests/test_worked_example.py`` checks that the
game still shows what the page promises.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

import guarda
from guarda import render
from guarda.bots import GreedyBot, RandomBot, play_match

CONFIG = guarda.modern(players=2, turn_limit=30)
"""The game: Modern, two players, at most 30 turns (R27)."""

SEED = 35
"""The seed of the game."""

KEY = "worked-example-83"
"""The match key the game is dealt with (``play_match`` deals from the seed under a
secret key; this one is public on purpose), chosen with the seed for a short game (13
turns) with moves, a push, a broken guard, a critical block and an elimination. Should a
change to the rules or the bots make this game lose one of them,
``tests/test_worked_example.py`` fails: choose another key."""

MARKER = "<!-- guarda:worked-example -->"
"""The page's marker that the story replaces."""

PICTURES = "pictures/worked-example"
"""Where the pictures go in the site."""

RECORD = "worked-example.json"
"""The name of the game's record in the site, beside the page."""

NAMES = render.seat_names(CONFIG)
"""The players as the story names them: South (the greedy bot) and North (random)."""

DRAWN = (guarda.PlacePiece, guarda.Move, guarda.Push, guarda.Attack, guarda.ActivateGuard)
"""The decisions that get a picture of their own (``guarda.render.action_svg``)."""

NOTES: dict[type, str] = {
    guarda.PiecePushed: "A push moves an opponent next to you straight away from you, one "
    "cell per card burned, and ends your Move phase ([R13](rules.md#r13)).",
    guarda.Defended: "Each hand card that covers the defender's own cell in defensive "
    "orientation cancels 1 damage ([R19](rules.md#r19)).",
    guarda.GuardBroken: "A guard still preparing breaks when two or more cards hit its "
    "owner: it cancels 1 damage and goes to the discard pile ([R18](rules.md#r18)).",
    guarda.GuardSet: "A prepared guard is set, in secret, at the start of its owner's next "
    "Act phase: to block, or to counter ([R14](rules.md#r14)).",
    guarda.GuardReturned: "A critical block: the guard covers its owner's own cell turned "
    "around, so it blocks the whole attack, heals 1, returns to the hand and may be "
    "prepared again at once ([R20](rules.md#r20)).",
    guarda.PlayerEliminated: "At 0 health a player is out; the last player standing wins "
    "([R22](rules.md#r22)).",
}
"""A short rule for some events, told the first time one happens."""


@dataclass
class Decision:
    """One decision of the game: who made it, from which position, and what it did."""

    ply: int
    """Its number, from 1 (the record's action ``ply - 1``)."""
    player: int
    """Who decided."""
    action: guarda.Action
    """What they did."""
    before: guarda.GameState
    """The position they decided in."""
    events: tuple[guarda.Event, ...]
    """Its events, up to the start of the next turn."""


@dataclass
class Turn:
    """Setup (number 0) or one turn: how it began and its decisions."""

    number: int
    """The turn number; 0 for setup."""
    player: int | None
    """The turn player; None for setup."""
    opening: tuple[guarda.Event, ...]
    """The automatic events that began it (the draws), after its ``TurnStarted``."""
    start: guarda.GameState
    """The position at its first decision."""
    decisions: list[Decision] = field(default_factory=list)
    """Its decisions, in order."""


@functools.cache
def record() -> guarda.GameRecord:
    """The game: South is guarda's greedy bot, North picks any legal action at random."""
    return play_match(CONFIG, [GreedyBot(), RandomBot()], seed=SEED, key=KEY).record


def turns(game: guarda.GameRecord) -> list[Turn]:
    """The game cut into setup and turns, replayed from its record."""
    states = list(guarda.replay(game))
    first = states[0]
    cut = [Turn(0, None, first.events, first)]
    for ply, (before, after) in enumerate(itertools.pairwise(states), 1):
        events = after.events[len(before.events) :]
        starts = [i for i, event in enumerate(events) if isinstance(event, guarda.TurnStarted)]
        split = starts[0] if starts else len(events)
        assert before.actor is not None
        cut[-1].decisions.append(
            Decision(ply, before.actor, game.actions[ply - 1], before, events[:split])
        )
        if starts:
            began = events[split]
            assert isinstance(began, guarda.TurnStarted)
            cut.append(Turn(began.turn, began.player, events[split + 1 :], after))
    return cut


def final(game: guarda.GameRecord) -> guarda.GameState:
    """The position at the end of the game."""
    return guarda.final_state(game)


def outcome_line(game: guarda.GameRecord) -> str:
    """The result in one line, as the page ends."""
    state = final(game)
    outcome = state.outcome
    assert outcome is not None
    health = ", ".join(f"{NAMES[player]} {outcome.health[player]}" for player in range(len(NAMES)))
    if outcome.winners:
        who = " and ".join(NAMES[player] for player in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "win"
        head = f"{who} {verb}"
    else:
        head = "A draw between " + " and ".join(NAMES[player] for player in outcome.drawn)
    return f"{head} ({outcome.reason.value}) in turn {state.turn_number}; health {health}."


def turn_picture(number: int) -> str:
    """The file name of the picture of the field at the start of a turn (0: setup)."""
    return f"turn-{number:02d}.svg"


def ply_picture(ply: int) -> str:
    """The file name of the picture of a decision."""
    return f"ply-{ply:02d}.svg"


FINAL_PICTURE = "final.svg"
"""The file name of the picture of the final position."""


def pictures(game: guarda.GameRecord) -> dict[str, str]:
    """Every picture of the story: file name to SVG text."""
    drawn = {}
    for turn in turns(game):
        drawn[turn_picture(turn.number)] = render.field_svg(turn.start)
        for decision in turn.decisions:
            if isinstance(decision.action, DRAWN):
                drawn[ply_picture(decision.ply)] = render.action_svg(
                    decision.before, decision.action
                )
    drawn[FINAL_PICTURE] = render.field_svg(final(game))
    return drawn


def _picture(name: str, alt: str, indent: str = "") -> list[str]:
    return [f"{indent}![{alt}]({PICTURES}/{name})", ""]


def _events(events: tuple[guarda.Event, ...], indent: str, told: set[type]) -> list[str]:
    lines = [f"{indent}- {guarda.describe(event, NAMES)}" for event in events]
    notes = []
    for event in events:
        kind = type(event)
        if kind in NOTES and kind not in told:
            told.add(kind)
            notes.append(f"{indent}**Rule.** {NOTES[kind]}")
    if lines:
        lines.append("")
    for note in notes:
        lines += [note, ""]
    return lines


def _heading(turn: Turn) -> str:
    if turn.player is None:
        return "### Setup"
    return f"### Turn {turn.number}: {NAMES[turn.player]}"


def markdown(game: guarda.GameRecord) -> str:
    """The story of the game: a section per turn, its decisions, events and pictures."""
    told: set[type] = set()
    lines: list[str] = []
    for turn in turns(game):
        lines += [_heading(turn), ""]
        shown = [e for e in turn.opening if not isinstance(e, guarda.TurnStarted)]
        lines += _events(tuple(shown), "", told)
        alt = (
            "The field before anyone places a piece"
            if turn.player is None
            else f"The field as {NAMES[turn.player]} begins turn {turn.number}"
        )
        lines += _picture(turn_picture(turn.number), alt)
        for decision in turn.decisions:
            name = NAMES[decision.player]
            notation = guarda.format_action(decision.action)
            sentence = guarda.describe_action(decision.action, decision.before, names=NAMES)
            lines += [f"- **{name}** plays `{notation}`: {sentence}", ""]
            if isinstance(decision.action, DRAWN):
                alt = f"{name} plays {notation}"
                lines += _picture(ply_picture(decision.ply), alt, indent="    ")
            lines += _events(decision.events, "    ", told)
    lines += [
        "### Result",
        "",
        f"**{outcome_line(game)}**",
        "",
        *_picture(FINAL_PICTURE, "The field at the end of the game"),
    ]
    return "\n".join(lines)
