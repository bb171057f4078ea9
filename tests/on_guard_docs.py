"""The On Guard rules page's generated parts: its pictures and its worked example.

``python tests/on_guard_docs.py`` (with ``PYTHONPATH=src``) rewrites them; the tests in
``test_on_guard_docs.py`` regenerate them and compare, so the page never goes stale.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from guarda.games.on_guard import (
    CARD_NAMES,
    ON_GUARD,
    BarrageBegan,
    BarrageRevealed,
    BoutEnded,
    Event,
    ExchangeScored,
    FinalAttackMade,
    GameWon,
    OnGuardConfig,
    OnGuardHeuristic,
    OnGuardRecord,
    OnGuardState,
    SelectionsRevealed,
)

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "games" / "on-guard.md"
IMAGES = ROOT / "docs" / "games" / "images"
EXAMPLE_SEED = 5
EXAMPLE_CONFIG = OnGuardConfig(jokers=True)
START, END = "<!-- worked-example:start -->", "<!-- worked-example:end -->"


def example_record() -> OnGuardRecord:
    """The worked example: the heuristic (seat 0) against random choices from ``Random(5)``."""
    bot = OnGuardHeuristic()
    rng = random.Random(EXAMPLE_SEED)
    state = ON_GUARD.new_game(EXAMPLE_CONFIG, EXAMPLE_SEED)
    actions = []
    while not ON_GUARD.is_over(state):
        actor = ON_GUARD.actor(state)
        assert actor is not None
        if actor == 0:
            action = bot.act(ON_GUARD.view(state, actor), rng)
        else:
            action = rng.choice(ON_GUARD.legal_actions(state))
        state, _ = ON_GUARD.apply(state, action)
        actions.append(action)
    return ON_GUARD.record(EXAMPLE_CONFIG, EXAMPLE_SEED, actions, names=("Ada", "Bo"))


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(CARD_NAMES[card] for card in cards) or "nothing"


def narrate(record: OnGuardRecord) -> str:
    """The worked example as Markdown, told from the public events of ``record``."""
    state = ON_GUARD.new_game(record.config, record.seed, salt=record.salt)
    events: list[Event] = []
    for action in record.actions:
        state, new = ON_GUARD.apply(state, action)
        events.extend(ON_GUARD.visible_events(new, None))
    names = record.names
    lines = [
        f"Seed {record.seed}, Mezzo tempo with Jokers; {names[0]} is seat 0 (spades), "
        f"{names[1]} seat 1 (hearts). The coin toss of the deal gives "
        f"{names[ON_GUARD.new_game(record.config, record.seed).odds]} odds (OG9).",
        "",
        "| Turn | " + names[0] + " | " + names[1] + " | Attack | Parry | Hits this turn | Score |",
        "|---|---|---|---|---|---|---|",
    ]
    turn = 0
    revealed: SelectionsRevealed | None = None
    after: list[str] = []
    for event in events:
        if isinstance(event, SelectionsRevealed):
            revealed = event
        elif isinstance(event, ExchangeScored) and revealed is not None:
            turn += 1
            first, second = (_cards(cards) for cards in revealed.selections)
            for seat, ignored in enumerate(revealed.ignored):
                if ignored is not None:
                    mark = f" ({CARD_NAMES[ignored]} ignored)"
                    first, second = (first + mark, second) if seat == 0 else (first, second + mark)
            gained = [a + r for a, r in zip(event.attack_hits, event.riposte_hits, strict=True)]
            lines.append(
                f"| {turn} | {first} | {second} | {event.attack[0]}-{event.attack[1]} "
                f"| {event.parry[0]}-{event.parry[1]} | {gained[0]}-{gained[1]} "
                f"| {event.hits[0]}-{event.hits[1]} |"
            )
        elif isinstance(event, BoutEnded):
            who = "nobody" if event.attacker is None else names[event.attacker]
            after.append(
                f"The bout ends: a fencer is out of action cards; {who} may make a Final Attack."
            )
        elif isinstance(event, FinalAttackMade):
            after.append(
                f"{names[event.player]}'s Final Attack: {_cards(event.cards)}, "
                f"{event.scored} hits; the score is {event.hits[0]}-{event.hits[1]}."
            )
        elif isinstance(event, BarrageBegan):
            after.append(f"The hits are tied: Barrage, {names[event.odds]} plays odds.")
        elif isinstance(event, BarrageRevealed):
            after.append(
                f"Barrage: {_cards(event.cards[:1])} and {_cards(event.cards[1:])}, "
                f"a hit for {names[event.scorer]} "
                f"({event.barrage_hits[0]}-{event.barrage_hits[1]})."
            )
        elif isinstance(event, GameWon):
            after.append(f"**{names[event.winner]} wins the bout.** *Salute.*")
    notation = " ".join(ON_GUARD.format_action(action) for action in record.actions)
    closing = ["", "Every action of the game, in the notation:", "", "```text", notation, "```"]
    return "\n".join([*lines, "", *after, *closing])


def pictures() -> dict[str, str]:
    """The page's pictures by file name."""
    record = example_record()
    states: list[OnGuardState] = list(ON_GUARD.replay(record))
    start = states[0]
    chosen = next(s for s in states if s.chosen[0] and s.turns == 1)
    last_bout = max((s for s in states if s.phase == "bout"), key=lambda s: s.turns)
    return {
        "on-guard-start.svg": ON_GUARD.svg(start),
        "on-guard-hidden.svg": ON_GUARD.svg(ON_GUARD.view(chosen, 1)),
        "on-guard-chooser.svg": ON_GUARD.svg(ON_GUARD.view(chosen, 0)),
        "on-guard-late.svg": ON_GUARD.svg(last_bout),
    }


def page_example(text: str) -> str:
    """The worked example as the page holds it."""
    match = re.search(re.escape(START) + r"\n(?:(.*?)\n)?" + re.escape(END), text, re.S)
    assert match is not None, "the page has no worked-example markers"
    return match.group(1) or ""


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    for name, picture in pictures().items():
        (IMAGES / name).write_text(picture + "\n", encoding="utf-8")
    text = PAGE.read_text(encoding="utf-8")
    old = f"{START}\n{page_example(text)}\n{END}".replace("\n\n" + END, "\n" + END)
    text = text.replace(old, f"{START}\n{narrate(example_record())}\n{END}")
    PAGE.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
