"""``guarda play --game NAME``: you against bots in the terminal, in any game.

At each of your decisions the command shows the game's
[text picture][guarda.game.Game.text] of your view and your legal actions, numbered,
each in the game's notation with what it does
([`describe_action`][guarda.game.Game.describe_action]). Answer with a number or an
action in notation; ``list`` shows them again, ``help`` lists the commands, ``quit``
leaves. After every action, yours or a bot's, the events you may see are told in words
([`describe_event`][guarda.game.Narrated.describe_event]), as Guarda's own command tells
them; a game that does not tell its events ([`Narrated`][guarda.game.Narrated]) shows
only who decided. Everything shown is read from your own view and the events as you may
see them. The bots decide from their own views, each with a random source keyed by the
game's secret salt, so no bot can learn the deal from it. (Guarda keeps its own command,
with its step-by-step picker.)
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Final

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from guarda.bots import Agent, RandomBot, seat_rng
from guarda.cli._colour import happened
from guarda.cli._common import UsageError
from guarda.cli._entrants import IsmctsOptions, parse_entrant
from guarda.errors import GuardaError
from guarda.game import Game, Narrated

__all__ = ["GAME_HELP", "PlayedGame", "agents_of"]

GAME_HELP: Final = """\
Answer with:
  a number          the action of that number in the list
  an action         in the game's notation
  list              show the position and your actions again
  help              this text
  quit              leave the game"""

HUMAN: Final = "You"
"""The name of your seat."""


def agents_of(game: Game, names: Sequence[str], seat: int) -> dict[int, Agent]:
    """The bots of every seat but ``seat``, by the names given (random, heuristic, ismcts).

    Raises:
        UsageError: For a name that is not a bot of this game.
    """
    agents: dict[int, Agent] = {}
    for index, name in enumerate(names):
        if index == seat:
            continue
        _, spec = parse_entrant(name, IsmctsOptions(), game)
        factory = isinstance(spec, type) or not isinstance(spec, Agent)
        made: Any = spec() if factory and callable(spec) else spec
        if not isinstance(made, Agent):
            raise UsageError(f"{name!r} is not a bot")
        agents[index] = made
    return agents


class PlayedGame:
    """A game of any game between you and bots."""

    def __init__(
        self,
        game: Game,
        config: Any,
        seed: int,
        seat: int,
        agents: dict[int, Agent],
        out: Console,
    ) -> None:
        self.game = game
        self.seat = seat
        self.agents = agents
        self.out = out
        self.salt = secrets.token_hex(16)  # keeps the deal secret from the bots
        self.state = game.new_game(config, seed, salt=self.salt)
        self.rngs = {index: seat_rng(seed, index, key=self.salt) for index in agents}
        self.fallback = seat_rng(seed, "fallback", key=self.salt)
        players = game.players(config)
        self.names = tuple(
            HUMAN if index == seat else f"Player {index} ({agents[index].name})"
            for index in range(players)
        )
        self.told = tuple(
            f"Player {index} (you)" if index == seat else name
            for index, name in enumerate(self.names)
        )
        """The seats' names in the events told (``You`` would make "You's keep")."""

    def show(self, view: Any) -> None:
        """The position as you see it, and your legal actions, numbered."""
        self.out.print(self.game.text(view))
        for number, action in enumerate(view.legal_actions, start=1):
            notation = self.game.format_action(action)
            described = self.game.describe_action(action, view)
            self.out.print(f"  {number:>3}. {notation}: {described}")

    def ask(self, view: Any) -> Any | None:
        """Your action, or None to leave."""
        legal = list(view.legal_actions)
        self.show(view)
        while True:
            try:
                text = input("> ").strip()
            except EOFError:
                self.out.print()
                return None
            if text in ("quit", "exit", "q"):
                return None
            if text == "help":
                self.out.print(GAME_HELP)
                continue
            if text in ("list", "show", ""):
                self.show(view)
                continue
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            try:
                action = self.game.parse_action(text, view)
            except GuardaError as error:
                self.out.print(f"error: {error} (a number from 1 to {len(legal)}, or help)")
                continue
            if action in legal:
                return legal[legal.index(action)]
            self.out.print(f"error: {text} is not one of your legal actions (list shows them)")

    def decide(self, actor: int) -> Any:
        """A bot's action (a random legal one if the bot fails or answers an illegal one)."""
        view: Any = self.game.view(self.state, actor)
        legal = list(view.legal_actions)
        try:
            action = self.agents[actor].act(view, self.rngs[actor])
        except Exception as error:  # a failing bot is replaced by a random choice
            self.out.print(f"  ({self.names[actor]} failed: {error!r}; a random action instead)")
            return RandomBot().act(view, self.fallback)
        if action not in legal:
            self.out.print(f"  ({self.names[actor]} answered an illegal action; a random one)")
            return RandomBot().act(view, self.fallback)
        return action

    def run(self) -> int:
        """Play until the game ends or you leave; the exit status."""
        game = self.game
        while not game.is_over(self.state):
            actor = game.actor(self.state)
            assert actor is not None  # a game that is not over has someone to decide
            if actor == self.seat:
                self.out.print(Rule("Your turn"))
                action = self.ask(game.view(self.state, self.seat))
                if action is None:
                    return 0
                self.out.print(f"You played {game.format_action(action)}.")
            else:
                action = self.decide(actor)
            self.state, events = game.apply(self.state, action)
            self.tell(actor, events)
        self.out.print(Rule("Game over"))
        self.out.print(game.text(game.view(self.state, self.seat)))
        self.out.print(self.result())
        return 0

    def tell(self, actor: int, events: Sequence[Any]) -> None:
        """The events of an action as you may see them, one line each, indented; for a
        game that does not tell its events, who decided (your own action is already
        shown). An action you may not see at all (On Guard's secret choice of a card)
        shows nothing."""
        if not isinstance(self.game, Narrated):
            if actor != self.seat:
                self.out.print(f"{self.names[actor]} decided.")
            return
        for event in self.game.visible_events(events, self.seat):
            line = self.game.describe_event(event, self.told)
            self.out.print(Text("  ").append_text(happened(line, self.told)))

    def result(self) -> str:
        """The result line, from the game's scores."""
        scores = self.game.scores(self.state)
        assert scores is not None  # the game is over
        winners = [self.names[index] for index, score in enumerate(scores) if score >= 1.0]
        drawn = [self.names[index] for index, score in enumerate(scores) if 0.0 < score < 1.0]
        if winners:
            verb = "wins" if len(winners) == 1 and winners[0] != HUMAN else "win"
            return f"Result: {' and '.join(winners)} {verb}."
        if drawn:
            return f"Result: draw between {' and '.join(drawn)}."
        return "Result: nobody wins."
