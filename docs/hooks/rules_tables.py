"""An mkdocs hook: tables of the rules reference computed by the engine at build time.

Pages may hold these markers, each replaced by Markdown made from seeded random games of
every edition and variant, so the tables cannot drift from the rules:

- ``<!-- guarda:phase-diagram -->``: a Mermaid diagram of the phases and the decisions
  that lead from one to the next (automatic steps included, as the engine plays them).
- ``<!-- guarda:events-by-action -->``: which events each action produces, public and
  private (an event is private when it has fields only its player may see).
"""

from __future__ import annotations

import functools
import random
from collections import defaultdict
from typing import Any

import guarda

_SEEDS = range(25)


def _configs() -> list[guarda.Config]:
    return [
        guarda.classic(players=2),
        guarda.classic(players=4),
        guarda.modern(players=2),
        guarda.modern(players=3),
        guarda.modern(players=4, win="king-of-the-hill"),
        guarda.grda(players=2),
        guarda.modern(players=2, win="exhaustion"),
        guarda.modern(players=2, win="victory"),
        guarda.modern(players=4, stakes=guarda.Stakes(guarda.StakesKind.BOUNTY, ante=10)),
        guarda.modern(
            players=4, win="exhaustion", stakes=guarda.Stakes(guarda.StakesKind.SCAVENGER, ante=10)
        ),
        guarda.modern(
            players=3,
            win="victory",
            stakes=guarda.Stakes(guarda.StakesKind.SPOILS_OF_WAR, ante=10),
        ),
    ]


@functools.cache
def _observe() -> tuple[dict[str, set[tuple[str, str]]], dict[str, set[str]], dict[str, set[str]]]:
    """Play seeded random games; collect transitions and the events of each action."""
    transitions: dict[str, set[tuple[str, str]]] = defaultdict(set)
    public: dict[str, set[str]] = defaultdict(set)
    private: dict[str, set[str]] = defaultdict(set)
    for config in _configs():
        for seed in _SEEDS:
            state = guarda.new_game(config, seed=seed)
            choose = random.Random(seed)
            while not state.is_over:
                action = choose.choice(guarda.legal_actions(state))
                before = state.phase
                state, events = guarda.apply(state, action)
                name = type(action).__name__
                transitions[name].add((before.name, state.phase.name))
                for event in events:
                    kind = type(event).__name__
                    (private if guarda.is_private(event) else public)[name].add(kind)
    return transitions, public, private


def _phase_diagram() -> str:
    transitions, _, _ = _observe()
    edges: dict[tuple[str, str], set[str]] = defaultdict(set)
    for action, pairs in transitions.items():
        for before, after in pairs:
            edges[before, after].add(action)
    lines = ["```mermaid", "stateDiagram-v2", "    [*] --> SETUP"]
    for (before, after), actions in sorted(edges.items()):
        lines.append(f"    {before} --> {after}: {', '.join(sorted(actions))}")
    lines.append("    OVER --> [*]")
    lines.append("```")
    return "\n".join(lines)


def _events_by_action() -> str:
    transitions, public, private = _observe()
    lines = [
        "| action | from phase | public events | private events |",
        "| --- | --- | --- | --- |",
    ]
    for action in sorted(transitions):
        phases = ", ".join(sorted({before for before, _ in transitions[action]}))
        shown = ", ".join(f"`{kind}`" for kind in sorted(public[action])) or "none"
        secret = ", ".join(f"`{kind}`" for kind in sorted(private[action])) or "none"
        lines.append(f"| [`{action}`][guarda.{action}] | {phases} | {shown} | {secret} |")
    return "\n".join(lines)


_MARKERS = {
    "<!-- guarda:phase-diagram -->": _phase_diagram,
    "<!-- guarda:events-by-action -->": _events_by_action,
}


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace each marker on a page with its generated table or diagram."""
    for marker, make in _MARKERS.items():
        if marker in markdown:
            markdown = markdown.replace(marker, make())
    return markdown
