"""The arena's records file: JSON Lines, a header and one line per game with its record.

The first line describes the arena::

    {"format": "guarda-arena", "version": 1, "kind": "arena", "tournament": "match",
     "entrants": ["random", "greedy"], "seed": 7, "games": 20, "guarda": "0.1.0",
     "started": "2026-01-31T12:00:00+00:00", "game_name": "guarda",
     "config": {<config document>}}

and every further line one game, in game order::

    {"format": "guarda-arena", "version": 1, "kind": "game", "game": 0, "table": 0,
     "seed": 123, "seats": ["random", "greedy"], "scores": [0.0, 1.0], "turns": 41,
     "forfeited": null, "faults": [], "decision_times": [{"count": 90, "total": 0.01,
     "maximum": 0.001}, ...], "error": null, "record": {<record document>}}

``game_name`` is the name of the game played ([`guarda.games`][guarda.games]; a file
without it is Guarda's). For Guarda, ``record`` is the [`guarda.dumps`][guarda.dumps]
document of the game's [`GameRecord`][guarda.GameRecord] (with its secrets: the game is
over), actions in notation, and ``config`` that of the configuration; for any other game
they are the game's own documents ([`Game.dumps`][guarda.game.Game.dumps]). ``record``
is null for a game that could not be played.
[`read_records`][guarda.arena.read_records] also reads files of bare record documents,
one per line.

Examples:
    >>> import io
    >>> header = '{"format": "guarda-arena", "version": 1, "kind": "arena"}'
    >>> list(_lines(io.StringIO(header + "\\n\\n")))
    [(1, {'format': 'guarda-arena', 'version': 1, 'kind': 'arena'})]
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Iterator, Sequence
from typing import IO, Any, Final

import guarda
from guarda.arena._results import ArenaResult, DecisionTimes, GameResult
from guarda.bots import Fault
from guarda.errors import ArgumentError, DocumentError, GuardaError, UnsupportedVersionError
from guarda.game import Game
from guarda.games import GUARDA, GuardaGame, get_game

__all__ = ["FILE_FORMAT", "FILE_VERSION", "RecordsWriter", "read_arena", "read_records"]

FILE_FORMAT: Final = "guarda-arena"
"""The ``format`` field of every line of an arena's records file."""
FILE_VERSION: Final = 1
"""The version of the records file this release writes and reads."""


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class RecordsWriter:
    """Writes an arena's records file as the games come in, in game order."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        tournament: str,
        entrants: Sequence[str],
        seed: int,
        games: int,
        config: Any,
        game: Game | None = None,
    ) -> None:
        self.game = None if isinstance(game, GuardaGame) else game
        """The game played, or None for Guarda."""
        try:
            self.file: IO[str] = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed in close()
        except OSError as error:
            raise ArgumentError(
                f"cannot write the records file: {error}", path="records"
            ) from error
        header = {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "kind": "arena",
            "tournament": tournament,
            "entrants": list(entrants),
            "seed": seed,
            "games": games,
            "guarda": guarda.__version__,
            "started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "game_name": GUARDA.name if self.game is None else self.game.name,
        }
        document = guarda.dumps(config) if self.game is None else self.game.dumps(config)
        self.file.write(_text(header)[:-1] + ',"config":' + document + "}\n")
        self.file.flush()
        self.waiting: dict[int, GameResult] = {}
        self.next = 0

    def add(self, game: GameResult) -> None:
        """Take one game; write it and every waiting game that follows it in order."""
        self.waiting[game.game] = game
        while self.next in self.waiting:
            self.file.write(game_line(self.waiting.pop(self.next), self.game) + "\n")
            self.next += 1
        self.file.flush()

    def close(self) -> None:
        """Write the games still waiting (after a gap left by an interruption), close."""
        for number in sorted(self.waiting):
            self.file.write(game_line(self.waiting.pop(number), self.game) + "\n")
        self.file.close()


def game_line(game: GameResult, rules: Game | None = None) -> str:
    """The JSON line of one game (without the newline); ``rules`` None for Guarda."""
    fields = {
        "format": FILE_FORMAT,
        "version": FILE_VERSION,
        "kind": "game",
        "game": game.game,
        "table": game.table,
        "seed": game.seed,
        "seats": list(game.seats),
        "scores": list(game.scores),
        "turns": game.turns,
        "forfeited": game.forfeited,
        "faults": [
            {
                "seat": fault.seat,
                "ply": fault.ply,
                "turn": fault.turn,
                "kind": fault.kind,
                "detail": fault.detail,
            }
            for fault in game.faults
        ],
        "decision_times": [
            {"count": times.count, "total": times.total, "maximum": times.maximum}
            for times in game.decision_times
        ],
        "error": game.error,
    }
    if game.record is None:
        record = "null"
    elif rules is None:
        record = guarda.dumps(game.record, secrets=True, notation=True)
    else:
        record = rules.dumps(game.record)
    return _text(fields)[:-1] + ',"record":' + record + "}"


def _lines(file: IO[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, line in enumerate(file, start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError as error:
            raise DocumentError(f"line {number}: not JSON: {error}") from error
        if not isinstance(value, dict):
            raise DocumentError(f"line {number}: expected a JSON object")
        yield number, value


def _check_envelope(number: int, line: dict[str, Any]) -> str:
    version = line.get("version")
    if line.get("format") == "guarda":
        return "bare-record"
    if line.get("format") != FILE_FORMAT:
        raise DocumentError(
            f"line {number}: not an arena records line (format {line.get('format')!r})",
            path="format",
        )
    if not isinstance(version, int) or isinstance(version, bool) or version != FILE_VERSION:
        raise UnsupportedVersionError(
            f"line {number}: records file version {version!r}; this release reads "
            f"{FILE_VERSION} (upgrade guarda to read newer files)",
            path="version",
        )
    kind = line.get("kind")
    if kind not in ("arena", "game"):
        raise DocumentError(f"line {number}: unknown kind {kind!r}", path="kind")
    return str(kind)


def _record(number: int, value: Any, rules: Game | None = None) -> Any:
    try:
        if rules is not None:
            return rules.loads(_text(value))
        return guarda.loads(_text(value), guarda.GameRecord)
    except GuardaError as error:
        raise DocumentError(
            f"line {number}: {error.message}",
            path="record" if error.path is None else f"record.{error.path}",
        ) from error


def _open(path: str | os.PathLike[str]) -> IO[str]:
    try:
        return open(path, encoding="utf-8")
    except OSError as error:
        raise ArgumentError(f"cannot read the records file: {error}", path="path") from error


def _rules(number: int, line: dict[str, Any], game: Game | None) -> Game | None:
    """The game of an arena's header (None for Guarda): ``game`` if given, else by name."""
    name = line.get("game_name", GUARDA.name)
    if game is not None:
        if name != game.name:
            raise DocumentError(
                f"line {number}: the file holds games of {name!r}, not {game.name!r}",
                path="game_name",
            )
        chosen = game
    else:
        if not isinstance(name, str):
            raise DocumentError(f"line {number}: game_name must be a string", path="game_name")
        try:
            chosen = get_game(name)
        except ArgumentError as error:
            raise DocumentError(
                f"line {number}: {error.message}; give game= to read a game of your own",
                path="game_name",
            ) from error
    return None if isinstance(chosen, GuardaGame) else chosen


def read_records(path: str | os.PathLike[str], *, game: Game | None = None) -> list[Any]:
    """The game records in an arena's records file (or a file of record documents).

    Games that could not be played (no record) are skipped. The records are of the game
    the header names (Guarda's [`GameRecord`][guarda.GameRecord]s for Guarda).

    Args:
        path: The JSON Lines file.
        game: The game played, for a game that is not in [`guarda.games`][guarda.games]
            (by default the one the header names).

    Returns:
        The records, in file order.

    Raises:
        ArgumentError: If the file cannot be read, or ``game`` is not a game.
        DocumentError: If a line is not JSON, not an arena line or a record document, or
            holds a malformed record; the message names the line.
        UnsupportedVersionError: For a file of a newer version.
    """
    given = None if game is None else get_game(game)
    records = []
    rules: Game | None = None
    with _open(path) as file:
        for number, line in _lines(file):
            kind = _check_envelope(number, line)
            if kind == "bare-record":
                records.append(_record(number, line))
            elif kind == "arena":
                rules = _rules(number, line, given)
            elif kind == "game" and line.get("record") is not None:
                records.append(_record(number, line["record"], rules))
    return records


def _field(number: int, line: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = line.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise DocumentError(f"line {number}: {name} is missing or malformed: {value!r}", path=name)
    return value


def _game(number: int, line: dict[str, Any], rules: Game | None) -> GameResult:
    try:
        faults = tuple(Fault(**fault) for fault in _field(number, line, "faults", list))
        times = tuple(
            DecisionTimes(entry["count"], entry["total"], entry["maximum"])
            for entry in _field(number, line, "decision_times", list)
        )
    except (TypeError, KeyError) as problem:
        raise DocumentError(
            f"line {number}: malformed faults or decision times: {problem!r}"
        ) from problem
    raw_record = line.get("record")
    record = None if raw_record is None else _record(number, raw_record, rules)
    error = line.get("error")
    if error is not None and not isinstance(error, str):
        raise DocumentError(f"line {number}: error must be a string or null", path="error")
    forfeited = line.get("forfeited")
    if forfeited is not None and not isinstance(forfeited, int):
        raise DocumentError(f"line {number}: forfeited must be a seat or null", path="forfeited")
    return GameResult(
        game=_field(number, line, "game", int),
        table=_field(number, line, "table", int),
        seed=_field(number, line, "seed", int),
        seats=tuple(_field(number, line, "seats", list)),
        scores=tuple(float(score) for score in _field(number, line, "scores", list)),
        outcome=None if record is None or rules is not None else record.result,
        faults=faults,
        forfeited=forfeited,
        turns=_field(number, line, "turns", int),
        decision_times=times,
        record=record,
        error=error,
    )


def read_arena(path: str | os.PathLike[str], *, game: Game | None = None) -> ArenaResult:
    """An arena's result read back from its records file, to analyse it again.

    Args:
        path: The JSON Lines file an arena wrote (``records=``).
        game: The game played, for a game that is not in [`guarda.games`][guarda.games]
            (by default the one the header names).

    Returns:
        The [`ArenaResult`][guarda.arena.ArenaResult] (decision times as measured).

    Raises:
        ArgumentError: If the file cannot be read, or ``game`` is not a game.
        DocumentError: If the header is missing or a line is malformed (the message
            names the line).
        UnsupportedVersionError: For a file of a newer version.
    """
    given = None if game is None else get_game(game)
    entrants: tuple[str, ...] | None = None
    rules: Game | None = None
    games = []
    with _open(path) as file:
        for number, line in _lines(file):
            kind = _check_envelope(number, line)
            if kind == "arena" and entrants is None:
                entrants = tuple(_field(number, line, "entrants", list))
                rules = _rules(number, line, given)
            elif kind == "game" and entrants is not None:
                games.append(_game(number, line, rules))
            else:
                raise DocumentError(
                    f"line {number}: expected the arena header first, then games", path="kind"
                )
    if entrants is None:
        raise DocumentError("the file holds no arena header", path="kind")
    known = set(entrants)
    for result in games:
        if not known.issuperset(result.seats) or len(result.scores) not in (0, len(result.seats)):
            raise DocumentError(
                f"game {result.game}: seats {result.seats} do not fit the header's entrants",
                path="seats",
            )
    return ArenaResult(entrants, tuple(sorted(games, key=lambda result: result.game)))
