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
from typing import Any, Final

import attrs

import guarda
from guarda.conformance._vectors import check_vector, input_of, load_vector, vector_files
from guarda.errors import ArgumentError, GuardaError

__all__ = [
    "Difference",
    "VectorResult",
    "compare",
    "first_difference",
    "parse_results",
    "run_command",
    "verify",
]

_STEP_FIELDS: Final = ("ply", "legal", "events", "views", "outcome")
"""The fields of a step of the results, in the order they are compared."""


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

    def __str__(self) -> str:
        if self.ply is None:
            head = f"{self.vector}: {self.where}"
        else:
            action = "the start" if self.action is None else repr(self.action)
            rulings = f"; rulings {', '.join(self.rulings)}" if self.rulings else ""
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
    """The first difference, or None when the implementation agrees."""

    @property
    def passed(self) -> bool:
        """Whether the implementation agrees with the vector."""
        return self.difference is None


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
    want: list[str], have: Any, config: guarda.Config, *, ordered: bool
) -> tuple[str, Any, Any] | None:
    if not isinstance(have, list):
        return "legal", want, have
    canonical = [_canonical_action(text, config) for text in have]
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


def _compare_views(
    want: list[Any], have: Any, vector: dict[str, Any], seen: list[list[Any]], *, ordered: bool
) -> tuple[str, Any, Any] | None:
    if not isinstance(have, list) or len(have) != len(want):
        return first_difference(want, have, "views")
    for seat, (mine, given) in enumerate(zip(want, have, strict=True)):
        theirs = given
        if isinstance(given, dict):
            theirs = dict(given)
            if "config" in theirs and theirs.pop("config") != vector["config"]["data"]:
                return f"views[{seat}].config", "(the vector's configuration)", "(another)"
            if "events" in theirs:
                found = first_difference(seen[seat], theirs.pop("events"), f"views[{seat}].events")
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
    config: guarda.Config,
    seen: list[list[Any]],
    *,
    ordered: bool,
) -> tuple[str, Any, Any] | None:
    """The first difference within one step."""
    if have is None:
        return "step", "(a step)", "(no step: the output ended)"
    if not isinstance(have, dict):
        return "step", "(a JSON object)", have
    unknown = sorted(set(have) - set(_STEP_FIELDS))
    if unknown:
        return unknown[0], "(no such field)", have[unknown[0]]
    for field in _STEP_FIELDS:
        if field not in have:
            return field, want[field], "(missing)"
    found = first_difference(want["ply"], have["ply"], "ply")
    if found is None:
        found = _compare_legal(want["legal"], have["legal"], config, ordered=ordered)
    if found is None:
        found = first_difference(want["events"], have["events"], "events")
    if found is None:
        found = _compare_views(want["views"], have["views"], vector, seen, ordered=ordered)
    if found is None:
        found = first_difference(want["outcome"], have["outcome"], "outcome")
    return found


def compare(
    vector: dict[str, Any], steps: Sequence[Any], *, ordered: bool = False
) -> Difference | None:
    """The first difference between a vector and an implementation's results.

    Args:
        vector: The vector (as read from its file).
        steps: The implementation's steps, ply 0 first.
        ordered: Whether legal actions must come in guarda's order (by default any order).

    Returns:
        The first difference (steps in order; in a step: ply, legal, events, views,
        outcome), or None when everything agrees.

    Raises:
        DocumentError: If the vector lacks a field it needs.
        ArgumentError: If ``steps`` is not a sequence.
    """
    check_vector(vector)
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Sequence):
        raise ArgumentError(f"not a sequence of steps: {steps!r}", path="steps")
    config = guarda.loads(json.dumps(vector["config"]), guarda.Config)
    expected: list[dict[str, Any]] = vector["steps"]
    seen: list[list[Any]] = [[] for _ in expected[0]["views"]]
    for index, want in enumerate(expected):
        for seat, shown in enumerate(want["events"]):
            seen[seat] = seen[seat] + list(shown)
        found = _compare_step(
            want,
            steps[index] if index < len(steps) else None,
            vector,
            config,
            seen,
            ordered=ordered,
        )
        if found is not None:
            where, wanted, got = found
            return Difference(
                vector["id"],
                want["ply"],
                want["action"],
                tuple(want["rulings"]),
                where,
                wanted,
                got,
                _secret_note(where, wanted, got),
            )
    if len(steps) > len(expected):
        last = expected[-1]
        return Difference(
            vector["id"],
            len(expected),
            None,
            (),
            "step",
            "(no more steps: the actions are over)",
            steps[len(expected)],
            f"after ply {last['ply']} the vector ends",
        )
    return None


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


def _check_one(
    path: Path, command: str | Sequence[str], *, timeout: float, ordered: bool
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
        return VectorResult(name, path, count, problem)
    try:
        steps = parse_results(stdout)
    except ValueError as error:
        problem = Difference(name, None, None, (), str(error), None, None, _tail(stderr))
        return VectorResult(name, path, count, problem)
    found = compare(vector, steps, ordered=ordered)
    if found is None and status != 0:
        found = Difference(
            name,
            None,
            None,
            (),
            f"the command exited with status {status}",
            0,
            status,
            _tail(stderr),
        )
    elif found is not None and status != 0 and not found.note:
        found = attrs.evolve(
            found, note=f"the command exited with status {status}: {_tail(stderr)}"
        )
    return VectorResult(name, path, count, found)


def verify(
    command: str | Sequence[str],
    paths: Iterable[Path | str] = (),
    *,
    timeout: float = 60.0,
    ordered: bool = False,
    jobs: int = 1,
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

    Returns:
        One [VectorResult][guarda.conformance.VectorResult] per vector, in file order.

    Raises:
        ArgumentError: If the command cannot be started or ``jobs`` is not positive.
        DocumentError: If a path does not exist or a file is not a vector.
    """
    if not isinstance(jobs, int) or jobs < 1:
        raise ArgumentError(f"jobs must be a positive integer, not {jobs!r}", path="jobs")
    files = vector_files(paths)

    def check_one(path: Path) -> VectorResult:
        return _check_one(path, command, timeout=timeout, ordered=ordered)

    if jobs == 1:
        return [check_one(path) for path in files]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(check_one, files))
