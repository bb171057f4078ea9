"""The pictures and the worked example of Garrison's rules page, made by the library.

``docs/games/garrison.md`` holds the worked example between two markers and
``docs/games/images/garrison-*.svg`` the pictures; ``tests/test_garrison_docs.py`` checks
that both are what the engine makes today. To write them again after a change to the
rules or the pictures::

    PYTHONPATH=src python tests/garrison_docs.py
"""

from __future__ import annotations

import random
from pathlib import Path

from guarda.games.garrison import (
    GARRISON,
    Agitated,
    DeckReshuffled,
    DisasterStruck,
    Drew,
    GameEnded,
    GarrisonConfig,
    GarrisonEvent,
    GarrisonHeuristic,
    GarrisonRecord,
    GarrisonState,
    KeepFell,
    MarketCleared,
    MarketDealt,
    Seduced,
    Smuggled,
    SpyCancelled,
    apply,
    card_name,
    describe_action,
    format_action,
    new_game,
    replay,
    svg,
    view,
)

ROOT = Path(__file__).parent.parent
PAGE = ROOT / "docs" / "games" / "garrison.md"
IMAGES = ROOT / "docs" / "games" / "images"
START = "<!-- garrison-example:start (made by tests/garrison_docs.py) -->"
END = "<!-- garrison-example:end -->"
SEED, SALT = 65, "example"


def example_record() -> GarrisonRecord:
    """A short two-player game of the heuristic against itself, seed 65, salt "example"."""
    config = GarrisonConfig(players=2)
    state = new_game(config, SEED, salt=SALT)
    bot, rng = GarrisonHeuristic(), random.Random(SEED)
    actions = []
    while not state.is_over:
        assert state.actor is not None
        action = bot.act(view(state, state.actor), rng)
        actions.append(action)
        state, _ = apply(state, action)
    return GarrisonRecord(config, SEED, tuple(actions), SALT, ("Ann", "Bob"))


def _names(cards: tuple[int, ...]) -> str:
    return " ".join(card_name(card) for card in cards) or "nothing"


def _tell(event: GarrisonEvent, names: tuple[str, ...]) -> str | None:
    """One event in words, or None for the ones the table already says."""
    if isinstance(event, Drew):
        return f"{names[event.player]} draws {_names(event.cards or ())}"
    if isinstance(event, MarketDealt):
        return f"{card_name(event.card)} is dealt to the market"
    if isinstance(event, DeckReshuffled):
        return f"the discard pile becomes the deck ({event.size} cards)"
    if isinstance(event, KeepFell):
        lost = [
            f"{what} {_names(cards)}"
            for what, cards in (("levies", event.levies), ("clubs", event.garrison))
            if cards
        ]
        gone = f" ({' and '.join(lost)} discarded)" if lost else ""
        return f"**{names[event.player]}'s keep falls**{gone}: its hearts turn face down"
    if isinstance(event, DisasterStruck):
        hands = ", ".join(f"{names[p]} {_names(hand)}" for p, hand in enumerate(event.hands))
        felled = ", ".join(names[p] for p in event.felled) or "nobody"
        return f"**disaster!** hands shown ({hands}); keeps felled: {felled}"
    if isinstance(event, SpyCancelled):
        return f"{names[event.player]}'s Thug cancels {card_name(event.card)}"
    if isinstance(event, Agitated | Smuggled | Seduced | MarketCleared):
        return None
    if isinstance(event, GameEnded):
        if event.winner is None:
            return "the turn limit is reached: a draw"
        return f"**{names[event.winner]} wins**"
    return None


def example_markdown() -> str:
    """The worked example's section of the rules page (between the markers)."""
    record = example_record()
    names = record.names
    states = list(replay(record))
    first = states[0]
    lines = [
        START,
        "",
        f"Two players, {names[0]} (player 0) and {names[1]} (player 1), play a quick game "
        f"(target {first.config.target}) dealt with seed {SEED} and salt "
        f'"{SALT}"; both seats are played by the heuristic bot. After the set-up:',
        "",
        "```text",
        GARRISON.text(first),
        "```",
        "",
        "![The table after the set-up](images/garrison-start.svg)",
        "",
        "| # | Who | Notation | What happens |",
        "|---|---|---|---|",
    ]
    state: GarrisonState = first
    for number, action in enumerate(record.actions, start=1):
        actor = state.actor
        assert actor is not None
        said = describe_action(action, state)
        state, events = apply(state, action)
        told = [t for t in (_tell(e, names) for e in events) if t]
        cell = "; ".join([said[0].upper() + said[1:], *told])
        lines.append(f"| {number} | {names[actor]} | `{format_action(action)}` | {cell} |")
    lines += [
        "",
        "At the end:",
        "",
        "```text",
        GARRISON.text(state),
        "```",
        "",
        "![The table at the end](images/garrison-end.svg)",
        "",
        END,
    ]
    return "\n".join(lines)


def pictures() -> dict[str, str]:
    """Every picture of the rules page, by file name."""
    states = list(replay(example_record()))
    siege = next(s for s in states if any(k.siege for k in s.keeps))
    fallen = next(s for s in states if any(k.fallen for k in s.keeps))
    return {
        "garrison-start.svg": svg(states[0]),
        "garrison-view.svg": svg(view(states[0], 0)),
        "garrison-siege.svg": svg(siege),
        "garrison-fallen.svg": svg(fallen),
        "garrison-end.svg": svg(states[-1]),
    }


def page_with_example(page: str) -> str:
    """The rules page with its worked example made again."""
    head, _, rest = page.partition(START)
    _, _, tail = rest.partition(END)
    return head + example_markdown() + tail


def main() -> None:
    """Write the pictures and the worked example into the docs."""
    IMAGES.mkdir(parents=True, exist_ok=True)
    for name, picture in pictures().items():
        (IMAGES / name).write_text(picture)
    PAGE.write_text(page_with_example(PAGE.read_text()))


if __name__ == "__main__":
    main()
