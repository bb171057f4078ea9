"""The command line: ``python -m guarda.conformance generate|check|run|verify``.

``guarda verify`` (the ``guarda`` console script) is the same as
``python -m guarda.conformance verify``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from guarda.conformance._reference import results
from guarda.conformance._vectors import check, generate, shipped
from guarda.conformance._verify import LEVELS, VectorResult, verify
from guarda.errors import GuardaError

__all__ = ["main", "run_main", "verify_main"]


def _verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "vectors",
        nargs="*",
        metavar="VECTORS",
        help="vector files or directories (default: the vectors shipped with guarda)",
    )
    parser.add_argument(
        "--command",
        required=True,
        metavar="CMD",
        help="the implementation to check: reads a vector's input on stdin, prints one JSON "
        "step per line",
    )
    parser.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="seconds per vector (60)"
    )
    parser.add_argument(
        "--ordered", action="store_true", help="legal actions must come in guarda's order"
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="vectors run at once")
    parser.add_argument(
        "--level",
        choices=LEVELS,
        default="events",
        help="how much of each step to compare, each level adding to the one before: "
        "legal actions, the outcome, every seat's view, every seat's events (default: "
        "events, the whole protocol)",
    )
    parser.add_argument(
        "--seed-starts",
        action="store_true",
        help="run only the vectors that start from a seed (skip those that start from a "
        "state document)",
    )
    parser.add_argument("--quiet", action="store_true", help="print the failures only")


def _verify(args: argparse.Namespace, out: TextIO) -> int:
    if args.jobs < 1:
        print(f"guarda verify: error: --jobs must be at least 1, not {args.jobs}", file=sys.stderr)
        return 2
    try:
        outcomes = verify(
            args.command,
            args.vectors,
            timeout=args.timeout,
            ordered=args.ordered,
            jobs=args.jobs,
            level=args.level,
            starts="seed" if args.seed_starts else "all",
        )
    except GuardaError as error:
        print(f"guarda verify: error: {error}", file=sys.stderr)
        return 2
    failed = 0
    for outcome in outcomes:
        if outcome.difference is None:
            if not args.quiet:
                print(f"ok    {outcome.vector} ({outcome.steps} steps)", file=out)
        else:
            failed += 1
            print(f"FAIL  {outcome.difference}", file=out)
    print(_level_summary(outcomes, args.level), file=out)
    print(
        f"{len(outcomes)} vectors at level {args.level}: {len(outcomes) - failed} passed, "
        f"{failed} failed",
        file=out,
    )
    return 1 if failed else 0


def _level_summary(outcomes: Sequence[VectorResult], level: str) -> str:
    """A line per level up to ``level``: how many vectors pass it.

    Examples:
        >>> print(_level_summary([], "outcome"))
        level    passed
        legal    0/0
        outcome  0/0
    """
    lines = ["level    passed"]
    for each in LEVELS[: LEVELS.index(level) + 1]:
        passed = sum(outcome.passed_level(each) for outcome in outcomes)
        lines.append(f"{each:<8} {passed}/{len(outcomes)}")
    return "\n".join(lines)


def verify_main(argv: Sequence[str] | None = None) -> int:
    """``guarda verify``: check an implementation against the conformance vectors.

    Returns:
        0 when every vector passes, 1 when one differs, 2 for bad arguments.
    """
    parser = argparse.ArgumentParser(
        prog="guarda verify",
        description="Check another implementation of Guarda against the conformance vectors: "
        "run CMD once per vector and report the first difference of each.",
    )
    _verify_arguments(parser)
    return _verify(parser.parse_args(argv), sys.stdout)


def run_main(source: TextIO, out: TextIO) -> int:
    """guarda's own side of the protocol: read an input, print one JSON step per line.

    Returns:
        0, or 2 if the input is malformed (the message goes to standard error).
    """
    try:
        data: Any = json.loads(source.read())
        for step in results(data):
            out.write(json.dumps(step, separators=(",", ":"), ensure_ascii=False) + "\n")
    except (ValueError, GuardaError) as error:
        print(f"guarda.conformance run: error: {error}", file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m guarda.conformance``: generate, check, run or verify.

    Returns:
        The exit status.
    """
    parser = argparse.ArgumentParser(
        prog="python -m guarda.conformance", description="guarda's conformance vectors."
    )
    commands = parser.add_subparsers(dest="command_name", required=True)
    make = commands.add_parser("generate", help="write every vector, the index and the schemas")
    make.add_argument("directory", nargs="?", default=None, help="(default: the shipped set)")
    compare = commands.add_parser("check", help="exit 1 if a directory is not a fresh generation")
    compare.add_argument("directory", nargs="?", default=None, help="(default: the shipped set)")
    commands.add_parser(
        "run", help="guarda's results for the input on stdin, one JSON step per line"
    )
    _verify_arguments(commands.add_parser("verify", help="check an implementation (CMD)"))
    args = parser.parse_args(argv)
    directory = shipped() if getattr(args, "directory", None) is None else args.directory
    if args.command_name == "generate":
        written = generate(directory)
        print(f"wrote {len(written)} files to {directory}")
        return 0
    if args.command_name == "check":
        problems = check(directory)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    if args.command_name == "run":
        return run_main(sys.stdin, sys.stdout)
    return _verify(args, sys.stdout)
