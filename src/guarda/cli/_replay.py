"""``guarda replay FILE``: step through a recorded game as one seat or as a spectator.

Each step is one ply: who decided and what the viewer may know of it (their own action
in notation; another seat's decision as the viewer saw it, from the events of its view,
never a hidden card), the other events the viewer saw, then the position from the
viewer's seat. Interactively, Enter (or ``next``) goes on, ``back`` goes back a ply, a number
jumps to that ply and ``quit`` stops; ``--all`` prints every step without asking.

``--game NAME`` replays a game other than Guarda (a records file names its game itself):
each ply tells the viewer's own action in notation and every event of the ply the viewer
may see, in words ([`describe_event`][guarda.game.Narrated.describe_event]; a ply the
viewer sees nothing of says who decided), then shows the game's
[text picture][guarda.game.Game.text] of the viewer's view. A game that does not tell
its events ([`Narrated`][guarda.game.Narrated]) says only who decided. ``--index K`` (or, as
before, ``--game K``) picks the K-th game of an arena's records file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

import guarda
from guarda import render
from guarda.arena import read_records
from guarda.cli._colour import happened
from guarda.cli._common import (
    Parser,
    UsageError,
    console,
    fail,
    game_named,
    is_arena_file,
    is_guarda,
    read_text,
    seat_of,
)
from guarda.errors import GuardaError
from guarda.game import Game, Narrated
from guarda.games import game_of

__all__ = ["main"]

KEYS: Final = "Enter or next: next ply, back: previous ply, N: ply N, quit: stop"
"""The replay's commands."""

SILENT: Final = {
    guarda.Phase.MOVE: "ended their Move phase",
    guarda.Phase.NEW_GUARD: "prepared no new guard",
}
"""What a decision that makes no event was, by the phase it was made in (P13, R20)."""

_BOUNDARIES: Final = (guarda.TurnEnded, guarda.TurnStarted, guarda.GameEnded)
"""Events that end the part of a decision's events its player made."""


def _maker(event: guarda.Event) -> int | None:
    """The player whose doing an event is (the pusher of a push), if any."""
    if isinstance(event, guarda.PiecePushed):
        return event.pusher
    player = getattr(event, "player", None)
    return player if isinstance(player, int) else None


def _record(path: str, game: int | None, rules: Game | None = None, flag: str = "--index") -> Any:
    """The record in a file (the ``game``-th of an arena's), of ``rules`` (None: Guarda,
    or the game an arena's file names)."""
    text = read_text(path)
    if is_arena_file(text):
        records = read_records(path, game=rules)
        index = 0 if game is None else game
        if not 0 <= index < len(records):
            raise UsageError(f"{flag}: no game {index} in {path} ({len(records)} games)")
        return records[index]
    if game is not None:
        raise UsageError(f"{flag} is for an arena's records file")
    if rules is not None:
        return rules.loads(text)
    return guarda.loads(text, guarda.GameRecord)


def _game_of_record(record: Any) -> Game | None:
    """The game of a record read from a file: None for Guarda's."""
    if isinstance(record, guarda.GameRecord):
        return None
    try:
        return game_of(record)
    except GuardaError as error:
        raise UsageError(f"{error}: give --game for a game of your own") from error


class Replay:
    """The states of a record and how one viewer sees each ply."""

    def __init__(self, record: guarda.GameRecord, seat: int | None, out: Console) -> None:
        self.record = record
        self.seat = seat
        self.views = [guarda.view(state, seat) for state in guarda.replay(record)]
        """What the viewer sees at each ply: everything shown is read from these."""
        self.out = out
        seats = render.seat_names(record.config)
        self.names = tuple(
            f"{name} ({record.names[index]})" if record.names else name
            for index, name in enumerate(seats)
        )

    @property
    def last(self) -> int:
        """The number of the last ply."""
        return len(self.views) - 1

    def events(self, ply: int) -> tuple[guarda.Event, ...]:
        """The events of ply ``ply`` as the viewer saw them (0: those before any decision)."""
        before = 0 if ply == 0 else len(self.views[ply - 1].events)
        return self.views[ply].events[before:]

    def decided(self, ply: int) -> tuple[str, int]:
        """Who decided at ply ``ply`` (from 1) and what the viewer may know of it.

        The viewer's own action in notation. Another player's decision as the viewer saw
        it: the events that player made, up to the end of the turn, as the view shows
        them (a card face down stays a count); a decision that makes no event by the
        phase it was made in, which is public.

        Returns:
            The line, and how many of the ply's events it tells.
        """
        before = self.views[ply - 1]
        actor = before.actor
        if actor is None:  # pragma: no cover - every ply but the last has a decider
            return "decided", 0
        name = self.names[actor]
        if actor == self.seat:
            return f"{name} played {guarda.format_action(self.record.actions[ply - 1])}", 0
        made = []
        for event in self.events(ply):
            if isinstance(event, _BOUNDARIES) or _maker(event) != actor:
                break
            made.append(guarda.describe(event, self.names).removeprefix(f"{name} "))
        told = len(made)
        if not made:
            made.append(SILENT.get(before.phase, "decided"))
        return f"{name} {'; '.join(made)}", told

    def show(self, ply: int) -> None:
        """Show ply ``ply`` (0: the start of the game)."""
        events = self.events(ply)
        if ply == 0:
            self.out.print(Rule("Start"))
        else:
            self.out.print(Rule(f"Ply {ply} of {self.last}"))
            line, told = self.decided(ply)
            self.out.print(line)
            events = events[told:]
        for event in events:
            self.out.print(f"  {guarda.describe(event, self.names)}")
        self.out.print(render.text(self.views[ply]))

    def run(self, *, all_steps: bool) -> int:
        """Show every ply, or step through them as asked; the exit status."""
        if all_steps:
            for ply in range(self.last + 1):
                self.show(ply)
            return 0
        ply = 0
        self.show(ply)
        self.out.print(KEYS)
        while True:
            try:
                answer = input(f"[{ply}/{self.last}] > ").strip().lower()
            except EOFError:
                return 0
            if answer in ("q", "quit", "exit"):
                return 0
            if answer in ("", "n", "next"):
                target = ply + 1
            elif answer in ("b", "back"):
                target = ply - 1
            elif answer.isdigit():
                target = int(answer)
            else:
                self.out.print(f"error: unknown command {answer!r} ({KEYS})")
                continue
            if not 0 <= target <= self.last:
                self.out.print(f"error: no ply {target}: the game has plies 0 to {self.last}")
                continue
            ply = target
            self.show(ply)


class GameReplay(Replay):
    """A record of a game other than Guarda, through the game protocol."""

    def __init__(self, game: Game, record: Any, seat: int | None, out: Console) -> None:
        self.game = game
        self.record = record
        self.seat = seat
        self.states = list(game.replay(record))
        self.plies = [
            game.apply(state, action)[1]
            for state, action in zip(self.states, record.actions, strict=False)
        ]
        """The events of each ply, ply 1 first (read again from the states and actions)."""
        self.out = out
        names = tuple(getattr(record, "names", ()))
        players = game.players(record.config)
        self.names = tuple(
            f"Player {index} ({names[index]})" if names else f"Player {index}"
            for index in range(players)
        )

    @property
    def last(self) -> int:
        """The number of the last ply."""
        return len(self.states) - 1

    def show(self, ply: int) -> None:
        """Show ply ``ply`` (0: the start): what the viewer may know of it, and their view
        after it."""
        if ply == 0:
            self.out.print(Rule("Start"))
        else:
            self.out.print(Rule(f"Ply {ply} of {self.last}"))
            for line in self.told(ply):
                self.out.print(line)
        self.out.print(self.game.text(self.game.view(self.states[ply], self.seat)))

    def told(self, ply: int) -> list[Text]:
        """The lines of ply ``ply`` (from 1): the viewer's own action, then the events the
        viewer saw, indented; who decided when the viewer saw nothing of it (or the game
        does not tell its events)."""
        game = self.game
        actor = game.actor(self.states[ply - 1])
        name = "Someone" if actor is None else self.names[actor]
        lines = []
        if actor is not None and actor == self.seat:
            lines.append(Text(f"{name} played {game.format_action(self.record.actions[ply - 1])}"))
        if isinstance(game, Narrated):
            for event in game.visible_events(self.plies[ply - 1], self.seat):
                line = game.describe_event(event, self.names)
                lines.append(Text("  ").append_text(happened(line, self.names)))
        if not lines:
            lines.append(Text(f"{name} decided"))
        return lines


def _index_and_game(args: Any) -> tuple[int | None, Game | None]:
    """``--index`` and ``--game`` (a number there is the index, as before)."""
    index: int | None = args.index
    text: str | None = args.game
    if text is not None and text.isdigit():
        if index is not None:
            raise UsageError("give the game's number with --index, not also with --game")
        return int(text), None
    rules = None if text is None else game_named(text)
    return index, None if rules is None or is_guarda(rules) else rules


def main(argv: Sequence[str]) -> int:
    """Run ``guarda replay``; the exit status."""
    parser = Parser(
        prog="guarda replay",
        description="Step through a recorded game as one seat (--seat N) or as a spectator. "
        + KEYS,
    )
    parser.add_argument("file", metavar="FILE", help="a record document or an arena's records")
    parser.add_argument("--seat", type=int, metavar="N", help="see the game as seat N")
    parser.add_argument(
        "--game",
        metavar="NAME",
        help="the game (a name, or package.module:GAME; a records file names its own); "
        "a number K is --index K",
    )
    parser.add_argument("--index", type=int, metavar="K", help="the K-th game of a records file")
    parser.add_argument("--all", action="store_true", help="print every ply without asking")
    args = parser.parse_args(list(argv))
    try:
        index, rules = _index_and_game(args)
        flag = "--game" if args.game is not None and args.game.isdigit() else "--index"
        record = _record(args.file, index, rules, flag)
        game = rules if rules is not None else _game_of_record(record)
        seat = seat_of(args.seat, record.config, game)
        replay = (
            Replay(record, seat, console())
            if game is None
            else GameReplay(game, record, seat, console())
        )
    except UsageError as error:
        return fail("guarda replay", error, 2)
    except GuardaError as error:
        return fail("guarda replay", f"{args.file}: {error}", 1)
    try:
        return replay.run(all_steps=args.all)
    except KeyboardInterrupt:
        return 130
