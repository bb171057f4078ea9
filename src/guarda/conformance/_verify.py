"""Checking another implementation against the vectors: run its command, compare, report.

[verify][guarda.conformance.verify] runs a command once per vector, gives it the vector's
input on standard input and reads its results (one JSON step per line) from standard
output. [compare][guarda.conformance.compare] finds the first step that differs from the
vector and what differs in it; the [Difference][guarda.conformance.Difference] names the
ply, the action and the rulings that step exercises.
"""

from __future__ import annotations

import json
import shlex
import subprocess
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, Literal

import attrs

import guarda
from guarda.conformance._generic import GAME_FIELD, is_game_data
from guarda.conformance._reference import compare_from
from guarda.conformance._vectors import check_vector, input_of, load_vector, vector_files
from guarda.errors import ArgumentError, DocumentError, GuardaError
from guarda.game import Game
from guarda.games import get_game

__all__ = [
    "LEVELS",
    "Difference",
    "Level",
    "Starts",
    "VectorResult",
    "compare",
    "compare_levels",
    "first_difference",
    "parse_results",
    "run_command",
    "verify",
]

_STEP_FIELDS: Final = ("ply", "legal", "events", "views", "outcome")
"""The fields of a step of the results."""
_GAME_STEP_FIELDS: Final = ("ply", "legal", "events", "views", "scores")
"""The fields of a step of another game's results: the scores in place of the outcome."""

Level = Literal["legal", "outcome", "views", "events"]
"""How much of each step is compared (see [`LEVELS`][guarda.conformance.LEVELS])."""

LEVELS: Final[tuple[Level, ...]] = ("legal", "outcome", "views", "events")
"""The levels of verification, each comparing what the one before does and more:

- ``legal``: the legal actions of every step (the rules of what may be played);
- ``outcome``: and the outcome (who wins, when and how);
- ``views``: and every seat's view (the position as each player sees it);
- ``events``: and the events each seat saw, the whole protocol (the default).

A port can start at ``legal`` on its first day and climb to ``events``.
"""

_LEVEL_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "legal": ("ply", "legal"),
    "outcome": ("ply", "legal", "outcome"),
    "views": ("ply", "legal", "outcome", "views"),
    "events": ("ply", "legal", "outcome", "views", "events"),
}
"""The fields each level compares, in the order it compares them."""

_GAME_LEVEL_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    level: tuple("scores" if field == "outcome" else field for field in fields)
    for level, fields in _LEVEL_FIELDS.items()
}
"""The same for another game's vectors: the ``outcome`` level compares the scores."""


def _path(root: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{root}[{key}]"
    return f"{root}.{key}" if root else key


def first_difference(expected: Any, got: Any, root: str = "") -> tuple[str, Any, Any] | None:
    """The first place where two JSON values differ: ``(path, expected part, got part)``.

    Objects are compared key by key (a missing or extra key is a difference), arrays
    element by element, everything else by value and type (``1`` is not ``1.0`` nor
    ``true``).

    Examples:
        >>> first_difference({"a": [1, 2]}, {"a": [1, 3]})
        ('a[1]', 2, 3)
        >>> first_difference({"a": 1}, {"a": 1}) is None
        True
    """
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in expected:
            if key not in got:
                return _path(root, key), expected[key], "(missing)"
            found = first_difference(expected[key], got[key], _path(root, key))
            if found is not None:
                return found
        for key in got:
            if key not in expected:
                return _path(root, key), "(no such field)", got[key]
        return None
    if isinstance(expected, list) and isinstance(got, list):
        for index, (want, have) in enumerate(zip(expected, got, strict=False)):
            found = first_difference(want, have, _path(root, index))
            if found is not None:
                return found
        if len(expected) != len(got):
            index = min(len(expected), len(got))
            return (
                _path(root, index),
                expected[index] if index < len(expected) else "(end of the array)",
                got[index] if index < len(got) else "(end of the array)",
            )
        return None
    if type(expected) is not type(got) or expected != got:
        return root, expected, got
    return None


@attrs.frozen
class Difference:
    """The first thing an implementation got wrong in a vector."""

    vector: str
    """The vector's id."""
    ply: int | None
    """The step: 0 for the start, ``i`` after the ``i``-th action; None when the command
    could not be run or its output read at all."""
    action: str | None
    """The action that led to the step, in notation."""
    rulings: tuple[str, ...]
    """The rulings the step exercises."""
    where: str
    """What differs: ``legal``, ``events[1][3].amount``, ``views[0].players[1].health``..."""
    expected: Any
    """The vector's value there."""
    got: Any
    """The command's value there."""
    note: str = ""
    """More about it (a missing step's standard error, a leaked secret)."""
    kinds: tuple[str, ...] = ()
    """The kinds the step shows, for another game's vector (which has no rulings)."""

    def __str__(self) -> str:
        if self.ply is None:
            head = f"{self.vector}: {self.where}"
        else:
            action = "the start" if self.action is None else repr(self.action)
            rulings = f"; rulings {', '.join(self.rulings)}" if self.rulings else ""
            if self.kinds and not self.rulings:
                rulings = f"; kinds {', '.join(self.kinds)}"
            head = f"{self.vector}: ply {self.ply} ({action}{rulings}): {self.where}"
        lines = [head, f"  expected: {_show(self.expected)}", f"  got:      {_show(self.got)}"]
        if self.note:
            lines.append(f"  {self.note}")
        return "\n".join(lines)


def _show(value: Any) -> str:
    if isinstance(value, str) and value.startswith("("):
        return value
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return text if len(text) <= 400 else text[:400] + "..."


@attrs.frozen
class VectorResult:
    """The result of checking one vector."""

    vector: str
    """The vector's id."""
    path: Path
    """Its file."""
    steps: int
    """How many steps it holds."""
    difference: Difference | None
    """The first difference at the level checked, or None when the implementation agrees."""
    levels: tuple[tuple[Level, Difference | None], ...] = ()
    """The first difference at each level up to the one checked, ``legal`` first."""

    @property
    def passed(self) -> bool:
        """Whether the implementation agrees with the vector."""
        return self.difference is None

    def passed_level(self, level: Level) -> bool:
        """Whether the implementation agrees with the vector at ``level`` (a level above
        the one checked counts as not passed)."""
        return any(name == level and found is None for name, found in self.levels)


def parse_results(text: str) -> list[Any]:
    """The steps an implementation printed: one JSON value per non-blank line.

    Raises:
        ValueError: Naming the first line that is not JSON.

    Examples:
        >>> parse_results('{"ply": 0}\\n\\n{"ply": 1}\\n')
        [{'ply': 0}, {'ply': 1}]
    """
    steps = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                steps.append(json.loads(line))
            except ValueError as error:
                raise ValueError(f"line {number} of the output is not JSON: {error}") from None
    return steps


def _canonical_action(text: Any, config: guarda.Config) -> str:
    if not isinstance(text, str):
        return f"(not a string: {text!r})"
    try:
        return guarda.format_action(guarda.parse_action(text, config))
    except GuardaError:
        return f"(not an action of this game: {text!r})"


def _compare_legal(
    want: list[str], have: Any, config: guarda.Config | None, *, ordered: bool
) -> tuple[str, Any, Any] | None:
    """Legal actions as a set (or in order); Guarda's are compared in canonical notation,
    another game's (``config`` None) as the strings printed."""
    if not isinstance(have, list):
        return "legal", want, have
    canonical = [
        text if config is None or not isinstance(text, str) else _canonical_action(text, config)
        for text in have
    ]
    if ordered:
        return first_difference(want, canonical, "legal")
    missing = [action for action in want if action not in canonical]
    extra = [action for action in canonical if action not in want]
    if missing or extra or len(canonical) != len(want):
        return "legal (as a set)", {"missing": missing}, {"extra": extra, "count": len(have)}
    return None


def _action_key(action: Any) -> str:
    return json.dumps(action, sort_keys=True)


def _sorted_actions(view: Any) -> Any:
    if isinstance(view, dict) and isinstance(view.get("legal_actions"), list):
        return {**view, "legal_actions": sorted(view["legal_actions"], key=_action_key)}
    return view


def _same_config(data: Any, config: guarda.Config) -> bool:
    """Whether a view's ``config`` data is the vector's ruleset (in either form)."""
    document = {"format": "guarda", "version": 2, "kind": "config", "data": data}
    try:
        return bool(guarda.loads(json.dumps(document), guarda.Config) == config)
    except (GuardaError, TypeError, ValueError):
        return False


def _compare_views(
    want: list[Any],
    have: Any,
    config: guarda.Config,
    seen: list[list[Any]] | None,
    *,
    ordered: bool,
) -> tuple[str, Any, Any] | None:
    if not isinstance(have, list) or len(have) != len(want):
        return first_difference(want, have, "views")
    for seat, (mine, given) in enumerate(zip(want, have, strict=True)):
        theirs = given
        if isinstance(given, dict):
            theirs = dict(given)
            if "config" in theirs and not _same_config(theirs.pop("config"), config):
                return f"views[{seat}].config", "(the vector's configuration)", "(another)"
            shown = theirs.pop("events", None)
            if seen is not None and shown is not None:
                found = first_difference(seen[seat], shown, f"views[{seat}].events")
                if found is not None:
                    return found
        found = (
            first_difference(mine, theirs, f"views[{seat}]")
            if ordered
            else first_difference(_sorted_actions(mine), _sorted_actions(theirs), f"views[{seat}]")
        )
        if found is not None:
            return found
    return None


def _secret_note(where: str, expected: Any, got: Any) -> str:
    if where.startswith(("events", "views")) and expected is None and got is not None:
        return "the command shows something this seat may not see (R28, R29)"
    return ""


def _compare_step(
    want: dict[str, Any],
    have: Any,
    vector: dict[str, Any],
    config: guarda.Config | None,
    seen: list[list[Any]] | None,
    *,
    ordered: bool,
    fields: tuple[str, ...],
) -> tuple[str, Any, Any] | None:
    """The first difference within one step, comparing ``fields`` in that order
    (``config`` is None for another game's vector)."""
    if have is None:
        return "step", "(a step)", "(no step: the output ended)"
    if not isinstance(have, dict):
        return "step", "(a JSON object)", have
    unknown = sorted(set(have) - set(_STEP_FIELDS if config is not None else _GAME_STEP_FIELDS))
    if unknown:
        return unknown[0], "(no such field)", have[unknown[0]]
    for field in fields:
        if field not in have:
            return field, want[field], "(missing)"
    found: tuple[str, Any, Any] | None = None
    for field in fields:
        if field == "legal":
            found = _compare_legal(want["legal"], have["legal"], config, ordered=ordered)
        elif field == "views" and config is not None:
            found = _compare_views(want["views"], have["views"], config, seen, ordered=ordered)
        elif field == "scores":
            found = first_difference(_as_floats(want["scores"]), _as_floats(have["scores"]), field)
        else:
            found = first_difference(want[field], have[field], field)
        if found is not None:
            return found
    return None


def _as_floats(value: Any) -> Any:
    """Scores with every integer as a float: a port may print ``1`` for ``1.0``."""
    if isinstance(value, list):
        return [
            float(item) if isinstance(item, int) and not isinstance(item, bool) else item
            for item in value
        ]
    return value


def _check_level(level: object) -> Level:
    if level not in LEVELS:
        raise ArgumentError(
            f"the level is one of {', '.join(LEVELS)}, not {level!r:.40}", path="level"
        )
    return level


def _from_ply(steps: Sequence[Any], first: int) -> list[Any]:
    """The steps to compare: an implementation's steps before ``first`` are skipped."""
    return [
        step
        for step in steps
        if not (
            isinstance(step, dict)
            and isinstance(step.get("ply"), int)
            and not isinstance(step.get("ply"), bool)
            and step["ply"] < first
        )
    ]


def compare(
    vector: dict[str, Any],
    steps: Sequence[Any],
    *,
    ordered: bool = False,
    level: Level = "events",
) -> Difference | None:
    """The first difference between a vector and an implementation's results.

    Args:
        vector: The vector (as read from its file).
        steps: The implementation's steps, ply 0 first (steps before the vector's
            ``compare_from`` are skipped).
        ordered: Whether legal actions must come in guarda's order (by default any order).
        level: How much of each step is compared (see
            [`LEVELS`][guarda.conformance.LEVELS]); a step needs only the fields its
            level compares.

    Returns:
        The first difference (steps in order; in a step: ply, legal, outcome, views,
        events, as far as the level goes), or None when everything agrees.

    Raises:
        DocumentError: If the vector is malformed.
        ArgumentError: If ``steps`` is not a sequence or ``level`` not a level.

    Examples:
        >>> from guarda.conformance import input_of, load_vector, results, shipped
        >>> vector = load_vector(shipped() / "rare-push-claims-loot.json")
        >>> steps = list(results(input_of(vector)))
        >>> compare(vector, steps) is None
        True
        >>> steps[-2]["events"] = []
        >>> compare(vector, steps, level="views") is None
        True
        >>> compare(vector, steps).where
        'events[0]'
    """
    check_vector(vector)
    level = _check_level(level)
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Sequence):
        raise ArgumentError(f"not a sequence of steps: {steps!r:.80}", path="steps")
    generic = is_game_data(vector)
    config = None if generic else guarda.loads(json.dumps(vector["config"]), guarda.Config)
    first = compare_from(vector)
    steps = _from_ply(steps, first)
    expected: list[dict[str, Any]] = vector["steps"]
    # Events inside Guarda's views are compared with the events so far, known from ply 0.
    seen: list[list[Any]] | None = (
        [[] for _ in expected[0]["views"]] if first == 0 and not generic else None
    )
    fields = (_GAME_LEVEL_FIELDS if generic else _LEVEL_FIELDS)[level]
    for index, want in enumerate(expected):
        if seen is not None:
            for seat, shown in enumerate(want["events"]):
                seen[seat] = seen[seat] + list(shown)
        found = _compare_step(
            want,
            steps[index] if index < len(steps) else None,
            vector,
            config,
            seen,
            ordered=ordered,
            fields=fields,
        )
        if found is not None:
            where, wanted, got = found
            return Difference(
                vector["id"],
                want["ply"],
                want["action"],
                tuple(want.get("rulings", ())),
                where,
                wanted,
                got,
                _secret_note(where, wanted, got),
                tuple(want.get("kinds", ())),
            )
    if len(steps) > len(expected):
        last = expected[-1]
        return Difference(
            vector["id"],
            last["ply"] + 1,
            None,
            (),
            "step",
            "(no more steps: the actions are over)",
            steps[len(expected)],
            f"after ply {last['ply']} the vector ends",
        )
    return None


def compare_levels(
    vector: dict[str, Any], steps: Sequence[Any], *, ordered: bool = False
) -> dict[Level, Difference | None]:
    """The first difference at every level, from ``legal`` to ``events``.

    Examples:
        >>> from guarda.conformance import input_of, load_vector, results, shipped
        >>> vector = load_vector(shipped() / "rare-push-claims-loot.json")
        >>> steps = list(results(input_of(vector)))
        >>> steps[-1]["views"] = []
        >>> {level: found is None for level, found in compare_levels(vector, steps).items()}
        {'legal': True, 'outcome': True, 'views': False, 'events': False}
    """
    return {level: compare(vector, steps, ordered=ordered, level=level) for level in LEVELS}


def run_command(
    command: str | Sequence[str], data: Any, *, timeout: float
) -> tuple[str, str, int]:
    """Run a command with ``data`` as JSON on standard input.

    Returns:
        Its standard output, standard error and exit status.

    Raises:
        ArgumentError: If the command cannot be started.
        subprocess.TimeoutExpired: If it runs longer than ``timeout`` seconds.
    """
    args = shlex.split(command) if isinstance(command, str) else list(command)
    if not args:
        raise ArgumentError("the command is empty", path="command")
    try:
        done = subprocess.run(
            args,
            input=json.dumps(data),
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=timeout,
            check=False,
        )
    except OSError as error:
        raise ArgumentError(f"cannot run {args[0]!r}: {error}", path="command") from error
    return done.stdout, done.stderr, done.returncode


def _tail(text: str, lines: int = 5) -> str:
    return " | ".join(text.strip().splitlines()[-lines:])


def _failed(name: str, path: Path, count: int, problem: Difference, level: Level) -> VectorResult:
    """A vector whose command failed as a whole: every level fails with it."""
    levels = tuple((each, problem) for each in LEVELS[: LEVELS.index(level) + 1])
    return VectorResult(name, path, count, problem, levels)


def _check_one(
    path: Path,
    command: str | Sequence[str],
    *,
    timeout: float,
    ordered: bool,
    level: Level,
) -> VectorResult:
    vector = load_vector(path)
    name = vector["id"]
    count = len(vector["steps"])
    try:
        stdout, stderr, status = run_command(command, input_of(vector), timeout=timeout)
    except subprocess.TimeoutExpired:
        problem = Difference(
            name, None, None, (), f"timed out after {timeout:g} seconds", None, None
        )
        return _failed(name, path, count, problem, level)
    try:
        steps = parse_results(stdout)
    except ValueError as error:
        problem = Difference(name, None, None, (), str(error), None, None, _tail(stderr))
        return _failed(name, path, count, problem, level)
    if status != 0:
        failed = Difference(
            name, None, None, (), f"the command exited with status {status}", 0, status,
            _tail(stderr),
        )  # fmt: skip
    levels: list[tuple[Level, Difference | None]] = []
    for each in LEVELS[: LEVELS.index(level) + 1]:
        found = compare(vector, steps, ordered=ordered, level=each)
        if status != 0:
            if found is None:
                found = failed
            elif not found.note:
                found = attrs.evolve(
                    found, note=f"the command exited with status {status}: {_tail(stderr)}"
                )
        levels.append((each, found))
    return VectorResult(name, path, count, levels[-1][1], tuple(levels))


Starts = Literal["all", "seed"]
"""Which vectors to run: ``"all"``, or only those that start from a seed (``"seed"``:
for a port that does not load guarda's state documents)."""


def verify(
    command: str | Sequence[str],
    paths: Iterable[Path | str] = (),
    *,
    timeout: float = 60.0,
    ordered: bool = False,
    jobs: int = 1,
    level: Level = "events",
    starts: Starts = "all",
    game: str | Game | None = None,
) -> list[VectorResult]:
    """Check an implementation against vectors: run ``command`` once per vector.

    The command gets the vector's input as one JSON object on standard input and must
    print its results, one JSON step per line, on standard output (see the "Conformance
    vectors" page for the format). It must exit with status 0.

    Args:
        command: The command line (split like a POSIX shell does, without running a
            shell), or its arguments.
        paths: Vector files and directories; by default the vectors shipped with guarda.
        timeout: Seconds each run may take.
        ordered: Whether legal actions must be listed in guarda's order.
        jobs: How many commands to run at once.
        level: How much of each step to compare (see
            [`LEVELS`][guarda.conformance.LEVELS]); each result also says how the
            implementation did at every level below it.
        starts: ``"all"`` vectors, or only those that start from a seed (``"seed"``).
        game: The game whose vectors to run (by name or object): its shipped set by
            default, and every vector given must be of it. By default Guarda's shipped
            set, and each vector names its own game (Guarda's name none).

    Returns:
        One [VectorResult][guarda.conformance.VectorResult] per vector run, in file order.

    Raises:
        ArgumentError: If the command cannot be started, or ``jobs``, ``level`` or
            ``starts`` is not valid, or ``game`` names no registered game.
        DocumentError: If a path does not exist or a file is not a vector.
    """
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise ArgumentError(f"jobs must be a positive integer, not {jobs!r}", path="jobs")
    level = _check_level(level)
    if starts not in ("all", "seed"):
        raise ArgumentError(f'starts is "all" or "seed", not {starts!r:.40}', path="starts")
    name = None if game is None else get_game(game).name
    files = vector_files(paths, game=game)
    if starts == "seed" or name is not None:
        vectors = {path: load_vector(path) for path in files}
        for path, vector in vectors.items():
            if name is not None and vector.get(GAME_FIELD, "guarda") != name:
                raise DocumentError(
                    f"{path.name} is a vector of {vector.get(GAME_FIELD, 'guarda')!r}, "
                    f"not of {name!r}",
                    path=GAME_FIELD,
                )
        files = [path for path in files if starts == "all" or vectors[path].get("state") is None]

    def check_one(path: Path) -> VectorResult:
        return _check_one(path, command, timeout=timeout, ordered=ordered, level=level)

    if jobs == 1:
        return [check_one(path) for path in files]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(check_one, files))
