"""``guarda replay FILE``: step through a recorded game as one seat or as a spectator.

Each step is one ply: who decided and what the viewer may know of it (their own action
in notation; another seat's decision as the viewer saw it, from the events of its view,
never a hidden card), the other events the viewer saw, then the position from the
viewer's seat. Interactively, Enter (or ``next``) goes on, ``back`` goes back a ply, a number
jumps to that ply and ``quit`` stops; ``--all`` prints every step without asking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Console
from rich.rule import Rule

import guarda
from guarda import render
from guarda.arena import read_records
from guarda.cli._common import (
    Parser,
    UsageError,
    console,
    fail,
    is_arena_file,
    read_text,
    seat_of,
)
from guarda.errors import GuardaError

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


def _record(path: str, game: int | None) -> guarda.GameRecord:
    text = read_text(path)
    if is_arena_file(text):
        records = read_records(path)
        index = 0 if game is None else game
        if not 0 <= index < len(records):
            raise UsageError(f"--game: no game {index} in {path} ({len(records)} games)")
        return records[index]
    if game is not None:
        raise UsageError("--game is for an arena's records file")
    return guarda.loads(text, guarda.GameRecord)


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
            for ply in range(len(self.views)):
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


def main(argv: Sequence[str]) -> int:
    """Run ``guarda replay``; the exit status."""
    parser = Parser(
        prog="guarda replay",
        description="Step through a recorded game as one seat (--seat N) or as a spectator. "
        + KEYS,
    )
    parser.add_argument("file", metavar="FILE", help="a record document or an arena's records")
    parser.add_argument("--seat", type=int, metavar="N", help="see the game as seat N")
    parser.add_argument("--game", type=int, metavar="K", help="the game of a records file")
    parser.add_argument("--all", action="store_true", help="print every ply without asking")
    args = parser.parse_args(list(argv))
    try:
        record = _record(args.file, args.game)
        seat = seat_of(args.seat, record.config)
        replay = Replay(record, seat, console())
    except UsageError as error:
        return fail("guarda replay", error, 2)
    except GuardaError as error:
        return fail("guarda replay", f"{args.file}: {error}", 1)
    try:
        return replay.run(all_steps=args.all)
    except KeyboardInterrupt:
        return 130
