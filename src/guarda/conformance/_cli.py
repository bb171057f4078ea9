"""The command line: ``python -m guarda.conformance generate|check|run|verify``.

``guarda verify`` (the ``guarda`` console script) is the same as
``python -m guarda.conformance verify``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from guarda.conformance._run import results
from guarda.conformance._scenarios import RARE
from guarda.conformance._search import search
from guarda.conformance._vectors import check, generate, shipped
from guarda.conformance._verify import LEVELS, VectorResult, verify
from guarda.errors import GuardaError
from guarda.games import GAMES

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
    parser.add_argument(
        "--game",
        default=None,
        metavar="NAME",
        help="run the vectors of this game (by default Guarda's; each vector names its own "
        "game): its shipped set when no VECTORS are given",
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
            game=args.game,
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


def search_main(names: Sequence[str], seeds: int, out: TextIO) -> int:
    """Search seeded games for the rare situations (all, or those named) and print, for
    each, the seed and window found and whether the table ``RARE`` holds them.

    Returns:
        0 when every situation searched is found, 1 otherwise, 2 for an unknown name.
    """
    known = {rare.name: rare for rare in RARE}
    unknown = sorted(set(names) - set(known))
    if unknown:
        print(f"no rare situation {unknown[0]!r} (see --help)", file=sys.stderr)
        return 2
    status = 0
    for name, rare in known.items():
        if names and name not in names:
            continue
        found = search(rare, range(1, seeds + 1))
        if found is None:
            print(f"{name}: not reached in seeds 1-{seeds}", file=out)
            status = 1
            continue
        same = (found.seed, (found.start, found.end)) == (rare.seed, rare.plies)
        print(
            f"{name}: seed={found.seed}, plies=({found.start}, {found.end})"
            + ("" if same else f"  (the table has seed={rare.seed}, plies={rare.plies})"),
            file=out,
        )
    return status


def _generate_or_check(args: argparse.Namespace) -> int:
    """``generate`` or ``check`` for each game asked (default: every registered game)."""
    names = args.game or (["guarda"] if args.directory is not None else sorted(GAMES))
    if args.directory is not None and len(names) > 1:
        print("error: a DIRECTORY holds the vectors of one game", file=sys.stderr)
        return 2
    status = 0
    for name in names:
        try:
            target = shipped(name) if args.directory is None else Path(args.directory)
            if args.command_name == "generate":
                written = generate(target, game=name)
                print(f"wrote {len(written)} files to {target}")
                continue
            problems = check(target, game=name)
        except GuardaError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        for problem in problems:
            print(f"{name}: {problem}")
        status = 1 if problems else status
    return status


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
    compare = commands.add_parser("check", help="exit 1 if a directory is not a fresh generation")
    for each in (make, compare):
        each.add_argument(
            "directory", nargs="?", default=None, help="(default: each game's shipped set)"
        )
        each.add_argument(
            "--game",
            action="append",
            default=None,
            metavar="NAME",
            help="a registered game (repeat for more); default: every registered game, or "
            "Guarda alone when DIRECTORY is given",
        )
    commands.add_parser(
        "run", help="guarda's results for the input on stdin, one JSON step per line"
    )
    finder = commands.add_parser(
        "search",
        help="search seeded games for the rare situations and print the seeds for the table",
    )
    finder.add_argument(
        "names",
        nargs="*",
        metavar="NAME",
        help=f"situations (default: all): {', '.join(rare.name for rare in RARE)}",
    )
    finder.add_argument("--seeds", type=int, default=5000, help="seeds tried, from 1 (5000)")
    _verify_arguments(commands.add_parser("verify", help="check an implementation (CMD)"))
    args = parser.parse_args(argv)
    if args.command_name in ("generate", "check"):
        return _generate_or_check(args)
    if args.command_name == "run":
        return run_main(sys.stdin, sys.stdout)
    if args.command_name == "search":
        return search_main(args.names, args.seeds, sys.stdout)
    return _verify(args, sys.stdout)
