"""``guarda play``: you against bots in the terminal.

At each of your decisions the command shows what happened since your last one
([`guarda.events_since_decision`][guarda.events_since_decision]), the field and every
player's public state from your seat in colour, your hand and guard, and then builds
your action step by step as the web table does
([`guarda.ActionBuilder`][guarda.ActionBuilder], in ``guarda.cli._picker``): the kind
first, then cards, a direction, a destination..., each step numbered, ``back`` to go up
a step, Enter to play the action the steps make, with what it would do
([`guarda.describe_action`][guarda.describe_action]). An action typed in notation plays
at once at any step; an action you may not make is explained from your view
([`guarda.verify_view`][guarda.verify_view]), never from cards you cannot see. With
``--flat`` your legal actions are one numbered list instead, as before; ``list`` shows
them all in either mode. ``explain`` says what an action would do, ``help`` lists the
commands, ``save FILE`` writes the game so far as a record (resume it with ``guarda play
--resume FILE``, which goes on through [`guarda.Recorder.resume`][guarda.Recorder.resume]),
``quit`` leaves.

Everything you are shown, and every check of what you type, is read from your own
[`PlayerView`][guarda.PlayerView], as any frontend should.

``--game NAME`` (with ``--option NAME=VALUE``) plays another game (see
``guarda.cli._play_game``): the game's text picture of your view and your legal
actions numbered, answered with a number or notation.

The bots decide from their own views (``guarda.bots``), each decision with a random
source derived from the game's seed, the seat and the ply under the game's secret salt
(a fresh one each game, kept in the record), so no bot can learn the deal from it, and a
resumed game goes on exactly as the uninterrupted one would have.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import attrs
from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

import guarda
from guarda import render
from guarda.bots import Agent, seat_rng
from guarda.cli._colour import board, happened
from guarda.cli._common import (
    BOTS,
    Parser,
    UsageError,
    add_config_arguments,
    add_game_arguments,
    bot,
    bot_list,
    console,
    fail,
    game_config_of,
    is_guarda,
    read_document,
    seat_of,
    seed_of,
    title_of,
)
from guarda.cli._picker import Picker
from guarda.cli._play_game import GAME_HELP, PlayedGame, agents_of
from guarda.errors import GuardaError
from guarda.game import Game as GameRules

__all__ = ["HUMAN", "main"]

HUMAN: Final = "You"
"""The name of your seat in the records ``guarda play`` saves."""

DESCRIBED: Final = 12
"""Lists of at most this many actions show what each would do; longer ones only notation."""

STEPS_HELP: Final = """\
Build your action step by step; at each step answer with:
  a number or name  that choice: a kind (Move, Attack, ...), a card, a direction, a
                    destination...; several names at once too, such as 'V2 H4'
  Enter, or play    play the action the steps make (shown with what it would do)
  back              go up a step
  an action         in notation, such as 'move N V2' or 'attack V2 X': played at once
  explain           what the action made so far (explain N: choice N; explain ACTION)
                    would do, without playing it
  list              every legal action in notation
  show              show the field, the players and this step again
  save FILE         save the game so far as a record (guarda play --resume FILE)
  help              this text
  quit              leave the game (save it first to go on later)"""

HELP: Final = """\
With --flat, answer with:
  a number          the action of that number in the list
  an action         in notation, such as 'move N V2' or 'attack V2 X' (cards in any order)
  explain N         what action N (or an action in notation) would do, without playing it
  list, show        show your actions (and the field and the players) again
  save FILE         save the game so far as a record (guarda play --resume FILE)
  help              this text
  quit              leave the game (save it first to go on later)"""

_UNSALTED: Final = "guarda.cli.play/unsalted"
"""The bots' key in a resumed record without a salt (written before salts were kept)."""


class Game:
    """A game between you and bots, recorded as it goes."""

    def __init__(
        self,
        recorder: guarda.Recorder,
        seed: int,
        seat: int,
        agents: dict[int, Agent],
        out: Console,
        *,
        flat: bool = False,
    ) -> None:
        self.recorder = recorder
        self.seed = seed
        self.key = recorder.record().salt or _UNSALTED
        """What keys the bots' random sources: the game's secret salt."""
        self.seat = seat
        self.agents = agents
        self.out = out
        self.flat = flat
        """Whether your legal actions are one numbered list (``--flat``), not steps."""
        self.picker: Picker | None = None
        """Your decision, step by step (None with ``--flat`` or while you wait)."""
        seats = render.seat_names(recorder.state.config)
        saved = recorder.record().names
        self.names = tuple(
            f"{seat_name} ({saved[index]})" if index < len(saved) else seat_name
            for index, seat_name in enumerate(seats)
        )
        self.seen = 0
        """How many events of your view you have been shown (none yet: a resumed game
        shows what happened since your last decision)."""

    @property
    def state(self) -> guarda.GameState:
        """The current state."""
        return self.recorder.state

    def play_bots(self) -> None:
        """Let the bots decide until it is your turn or the game is over."""
        while not self.state.is_over and self.state.actor != self.seat:
            actor = self.state.actor
            assert actor is not None
            seen = guarda.view(self.state, actor)
            plies = self.recorder.record().plies
            rng = seat_rng(self.seed, f"{actor}/{plies}", key=self.key)
            action = self.agents[actor].act(seen, rng)
            if action not in seen.legal_actions:
                action = seen.legal_actions[0]
            self.recorder.apply(action)

    @property
    def mine(self) -> guarda.PlayerView:
        """The game as you see it."""
        return guarda.view(self.state, self.seat)

    def news(self) -> list[Text]:
        """What happened since your last decision that you have not been shown yet.

        Your last decision's own events come first. Ending the Move phase makes no event
        (P13), so after it the events of the decision before are not shown again.
        """
        events = self.mine.events
        since = len(events) - len(guarda.events_since_decision(self.mine))
        lines = [guarda.describe(event, self.names) for event in events[max(since, self.seen) :]]
        self.seen = len(events)
        return [happened(line, self.names) for line in lines]

    def actions(self, mine: guarda.PlayerView, *, numbered: bool = True) -> None:
        """Your legal actions, numbered (or not, between steps); with what each would do
        when they are few."""
        legal = mine.legal_actions
        if not legal:
            self.out.print("You have no decision to make now.")
            return
        self.out.print("Your legal actions:")
        written = [guarda.format_action(action) for action in legal]
        marks = [f"{number:>3}. " if numbered else "  " for number in range(1, len(legal) + 1)]
        if len(legal) <= DESCRIBED:
            width = max(len(text) for text in written)
            for mark, action, text in zip(marks, legal, written, strict=True):
                sentence = guarda.describe_action(action, mine, names=self.names)
                self.out.print(f"{mark}{text:<{width}}   {sentence}")
        else:
            items = [mark + text for mark, text in zip(marks, written, strict=True)]
            self.out.print(Columns(items, padding=(0, 3)))
        if not numbered:
            self.out.print("(type one to play it, or go on choosing step by step)")
        elif len(legal) > DESCRIBED:
            self.out.print("(explain N tells what action N would do)")

    def show(self, *, news: bool = True) -> None:
        """Show the game from your seat, with your legal actions."""
        mine = self.mine
        self.out.print(Rule(f"Turn {mine.turn_number}" if mine.turn_number else "Setup"))
        if news:
            happened = self.news()
            if happened:
                self.out.print("Since your last decision:")
                for line in happened:
                    self.out.print(Text("  ").append_text(line))
        self.out.print(board(mine))
        if not mine.must_act:
            return
        if self.flat:
            self.actions(mine)
            return
        if self.picker is None:
            self.picker = Picker(mine, self.names)
        self.out.print(self.picker.render())

    def parse(self, text: str) -> guarda.Action:
        """Your action from a number or notation, checked against your view.

        Raises:
            GuardaError: For bad notation, or an action you may not make now (the
                ruling, as [`guarda.verify_view`][guarda.verify_view] explains it).
            UsageError: For a number that is not in the list.
        """
        mine = self.mine
        legal = mine.legal_actions
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(legal):
                raise UsageError(f"no action {number}: choose 1 to {len(legal)}")
            return legal[number - 1]
        action = guarda.parse_action(text, mine.config)
        guarda.verify_view(mine, action)
        return action

    def explain(self, text: str) -> str:
        """What an action (a number or notation) would do, in a sentence; between steps,
        the action made so far, or the one choice N makes.

        Raises:
            GuardaError: As ``parse``.
            UsageError: As ``parse``, or when no action is given.
        """
        if self.picker is not None:
            return self.picker.explain(text)
        if not text:
            raise UsageError("explain needs an action: explain N or explain ACTION")
        return guarda.describe_action(self.parse(text), self.mine, names=self.names)

    def save(self, path: str) -> None:
        """Save the record so far."""
        text = guarda.dumps(self.recorder.record(), secrets=True, notation=True, indent=2)
        Path(path).write_text(text + "\n", encoding="utf-8")
        self.out.print(f"Saved to {path} (guarda play --resume {path}).")

    def result(self) -> str:
        """The result line."""
        outcome = self.state.outcome
        assert outcome is not None
        reason = outcome.reason.value
        turn = self.state.turn_number
        if outcome.winners:
            who = " and ".join(self.names[p] for p in outcome.winners)
            verb = "wins" if len(outcome.winners) == 1 else "win"
            return f"Result: {who} {verb} ({reason}) in turn {turn}."
        who = " and ".join(self.names[p] for p in outcome.drawn)
        return f"Result: draw between {who} ({reason}) in turn {turn}."

    def command(self, command: str, rest: str) -> bool:
        """Do a command (``help``, ``show``, ``list``, ``explain``, ``save``); whether it
        was one."""
        if command in ("help", "?"):
            self.out.print(HELP if self.flat else STEPS_HELP)
        elif command == "show":
            self.show(news=False)
        elif command == "list":
            self.actions(self.mine, numbered=self.flat)
        elif command == "explain":
            try:
                self.out.print(self.explain(rest))
            except (GuardaError, UsageError) as error:
                self.out.print(f"error: {error} (help lists the commands)")
        elif command == "save":
            if not rest:
                self.out.print("error: save needs a file name: save FILE")
            else:
                try:
                    self.save(rest)
                except OSError as error:
                    self.out.print(f"error: cannot save to {rest}: {error.strerror}")
        else:
            return False
        return True

    def decide(self, text: str) -> guarda.Action | None:
        """Your action from what you typed, or None while you build it step by step.

        Raises:
            GuardaError: As ``parse``.
            UsageError: As ``parse``, or for a step that is not open.
        """
        if self.picker is None:
            return self.parse(text) if text else None
        action = self.picker.answer(text)
        if action is None:
            self.out.print(self.picker.render())
        return action

    def run(self) -> int:
        """Play to the end, or until you quit; the exit status."""
        self.play_bots()
        if not self.state.is_over:
            self.show()
        while not self.state.is_over:
            try:
                text = input("> ").strip()
            except EOFError:
                self.out.print()
                return 0
            command, _, rest = text.partition(" ")
            if command in ("quit", "exit", "q"):
                self.out.print("Bye.")
                return 0
            if self.command(command, rest.strip()):
                continue
            try:
                action = self.decide(text)
            except (GuardaError, UsageError) as error:
                self.out.print(f"error: {error} (help lists the commands)")
                continue
            if action is None:
                continue
            self.picker = None
            self.recorder.apply(action, player=self.seat)
            self.play_bots()
            self.show()
        self.out.print(Rule("Game over"))
        for line in self.news():
            self.out.print(Text("  ").append_text(line))
        self.out.print(board(self.mine))
        self.out.print(self.result())
        return 0


def _parser() -> Parser:
    parser = Parser(
        prog="guarda play",
        description="Play Guarda (or another game: --game) against bots in the terminal.",
        epilog=STEPS_HELP + "\n\n" + HELP + "\n\nAnother game (--game NAME):\n" + GAME_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_config_arguments(parser)
    add_game_arguments(parser)
    parser.add_argument("--seat", type=int, metavar="N", help="your seat (default 0)")
    parser.add_argument(
        "--bots",
        default="random",
        metavar="NAMES",
        help=f"the bots, one for every other seat or one for all ({', '.join(BOTS)}; "
        "heuristic for any game)",
    )
    parser.add_argument("--resume", metavar="FILE", help="go on with a game saved by 'save'")
    parser.add_argument(
        "--flat",
        action="store_true",
        help="list your legal actions in one numbered list instead of choosing step by step",
    )
    return parser


def _resume(args: argparse.Namespace) -> tuple[guarda.Recorder, int, int]:
    given = [flag for flag in ("edition", "players", "win", "turn_limit", "config", "seed")]
    for flag in given:
        if getattr(args, flag) is not None:
            raise UsageError(f"--resume cannot be combined with --{flag.replace('_', '-')}")
    record = read_document(args.resume, guarda.GameRecord)
    seat = seat_of(args.seat, record.config)
    if seat is None:
        seat = record.names.index(HUMAN) if HUMAN in record.names else 0
    if not record.names:
        record = attrs.evolve(record, names=_names(record.config, seat, args))
    return guarda.Recorder.resume(record), record.seed, seat


def _names(config: guarda.Config, seat: int, args: argparse.Namespace) -> tuple[str, ...]:
    others = iter(bot_list(args.bots, config.players - 1))
    return tuple(HUMAN if index == seat else next(others) for index in range(config.players))


def _play_game(args: argparse.Namespace, game: GameRules, config: Any) -> int:
    """``guarda play --game NAME`` for a game other than Guarda; the exit status."""
    try:
        if args.flat:
            raise UsageError(f"--flat is Guarda's: not with --game {args.game}")
        players = game.players(config)
        seat = seat_of(args.seat, config, game) or 0
        names = [text.strip() for text in args.bots.split(",") if text.strip()]
        if len(names) == 1:
            names *= players - 1
        if len(names) != players - 1:
            raise UsageError(f"give {players - 1} bots (one per other seat) or one")
        names.insert(seat, "random")  # your own seat: never asked
        agents = agents_of(game, names, seat)
        seed = seed_of(args)
    except UsageError as error:
        return fail("guarda play", error, 2)
    out = console()
    out.print(f"{title_of(game, config)}, seed {seed}; you are player {seat}. Type help for help.")
    try:
        return PlayedGame(game, config, seed, seat, agents, out).run()
    except KeyboardInterrupt:
        out.print()
        return 130


def main(argv: Sequence[str]) -> int:
    """Run ``guarda play``; the exit status."""
    args = _parser().parse_args(list(argv))
    config: guarda.Config | None = None
    if args.resume is None:
        try:
            game, chosen = game_config_of(args)
        except UsageError as error:
            return fail("guarda play", error, 2)
        if not is_guarda(game):
            return _play_game(args, game, chosen)
        config = chosen
    elif args.game != "guarda" or args.option:
        return fail("guarda play", "--resume is Guarda's: not with --game or --option", 2)
    try:
        if args.resume is not None:
            recorder, seed, seat = _resume(args)
        else:
            assert config is not None  # read above, without --resume
            seed = seed_of(args)
            seat = seat_of(args.seat, config) or 0
            salt = secrets.token_hex(16)  # keeps the deal secret from the bots (P23)
            recorder = guarda.Recorder(config, seed, salt=salt, names=_names(config, seat, args))
        names = recorder.record().names
        agents = {
            index: bot(name if name in BOTS or name == "heuristic" else "random")()
            for index, name in enumerate(names)
            if index != seat
        }
    except UsageError as error:
        return fail("guarda play", error, 2)
    out = console()
    state = recorder.state
    plies = recorder.record().plies
    resumed = f", resumed after {plies} decisions" if args.resume is not None else ""
    out.print(
        f"{state.config.name}, {state.config.players} players, seed {seed}{resumed}; "
        f"you are {render.seat_names(state.config)[seat]} (seat {seat}). Type help for help."
    )
    try:
        return Game(recorder, seed, seat, agents, out, flat=args.flat).run()
    except KeyboardInterrupt:
        out.print()
        return 130
