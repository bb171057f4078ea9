"""Development sessions for guarda.

Run ``python -m nox`` for the default sessions (tests, typing, lint), or pick sessions with
``python -m nox -s tests conformance typing lint bench docs``; ``plot``, ``distributed``,
``rl`` and ``openspiel`` test the optional extras of the same names. Every session uses the
interpreter that runs nox, so a fresh machine needs only Python and pip.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import nox

nox.options.sessions = ["tests", "typing", "lint"]
nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True

ROOT = Path(__file__).parent
TYPED_PATHS = ("src", "tests", "examples", "benchmarks")


def optional_dependencies(extra: str) -> list[str]:
    """Return the requirements of one extra in pyproject.toml, so pins live in one place."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return list(tomllib.load(file)["project"]["optional-dependencies"][extra])


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite on every core (pytest-xdist); extra arguments go to pytest."""
    session.install(".[test]")
    session.run("pytest", "-n", "auto", *session.posargs)


@nox.session
def conformance(session: nox.Session) -> None:
    """Check guarda against every shipped conformance vector, as a port would be checked.

    Runs ``guarda verify`` with guarda's own reference command, one process per vector,
    then with the example port (``examples/conformance_port.py``) at the first and the
    last level; the tests session checks a few vectors this way and all of them in process.
    """
    session.install(".")
    session.run(
        "guarda",
        "verify",
        "--quiet",
        "--jobs",
        "2",
        "--command",
        "python -m guarda.conformance run",
    )
    # The example port, written from the docs, climbing the levels: the legal actions
    # alone, then the whole protocol.
    for level in ("legal", "events"):
        session.run(
            "guarda",
            "verify",
            "--quiet",
            "--jobs",
            "2",
            "--level",
            level,
            "--command",
            f"python examples/conformance_port.py --level {level}",
        )


@nox.session
def server(session: nox.Session) -> None:
    """Test guarda.server: protocol, security, faults, the web table in headless Chromium,
    and a load test of 200 concurrent games (figures printed).

    The browser test needs Debian's ``chromium`` at ``/usr/bin/chromium`` (``.ci/run``
    installs it); Playwright never downloads a browser here. Screenshots go to
    ``GUARDA_ARTIFACTS`` (default: ``.ci-artifacts``).
    """
    session.install(".[test,server,server-test]")
    env = {"GUARDA_ARTIFACTS": session.env.get("GUARDA_ARTIFACTS", str(ROOT / ".ci-artifacts"))}
    session.run(
        "pytest",
        "-n",
        "2",
        "-m",
        "not load",
        "tests/test_server.py",
        "tests/test_server_security.py",
        "tests/test_server_limits.py",
        "tests/test_server_deals.py",
        "tests/test_server_doctests.py",
        "tests/test_server_browser.py",
        *session.posargs,
        env=env,
    )
    session.run("pytest", "-m", "load", "-s", "tests/test_server_load.py", env=env)


@nox.session(name="server-postgres")
def server_postgres(session: nox.Session) -> None:
    """Test guarda.server on PostgreSQL (extra ``server-postgres``: psycopg): two server
    processes sharing games, a ply accepted once, SIGKILL losing nothing acknowledged,
    and the load tool's two-process mode (6 games, one process killed).

    The tests start a throwaway cluster with the ``initdb``, ``pg_ctl`` and ``postgres``
    found on ``PATH``, in ``/usr/local/bin`` or in ``/usr/lib/postgresql/<version>/bin``
    (``.ci/run`` installs Debian's ``postgresql``); without them they are skipped.
    """
    session.install(".[test,server,server-postgres]")
    session.run(
        "pytest", "-p", "no:cacheprovider", "tests/test_server_postgres.py", *session.posargs
    )


@nox.session
def typing(session: nox.Session) -> None:
    """Type-check the package, tests, examples and benchmarks with mypy --strict.

    The optional extras are installed too, so the modules and tests that use them are
    checked against their real types.
    """
    session.install("-e", ".[typing,bots,plot,distributed,cli,rl]")
    paths = [path for path in TYPED_PATHS if (ROOT / path).exists()]
    session.run("mypy", *paths, *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Check lint rules and formatting with ruff."""
    session.install(*optional_dependencies("lint"))
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def plot(session: nox.Session) -> None:
    """Test guarda.plot (extra ``plot``: matplotlib): PNG files written and checked."""
    session.install(".[test,plot]")
    session.run("pytest", "tests/test_plot.py", *session.posargs)


@nox.session
def distributed(session: nox.Session) -> None:
    """Test the arena on a real local dask cluster of two worker processes (extra
    ``distributed``): the same games as a serial run."""
    session.install(".[test,distributed]")
    session.run("pytest", "tests/test_distributed.py", *session.posargs)


@nox.session
def rl(session: nox.Session) -> None:
    """Test guarda.rl (extra ``rl``: PettingZoo, Gymnasium, NumPy): the action mask, the
    observations, the environment against PettingZoo's own API tests, the example and the
    guide's examples; then every other game's environment (tests/test_rl_games.py)."""
    session.install(".[test,rl]")
    session.run(
        "pytest",
        "-n",
        "2",
        *sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests").glob("test_rl*.py")),
        *session.posargs,
    )


@nox.session
def openspiel(session: nox.Session) -> None:
    """Test guarda.openspiel (extra ``openspiel``: OpenSpiel and numpy): OpenSpiel's own
    consistency test, its ISMCTS and MCTS bots, a short match against guarda's bots, the
    example, the guide's code and the docstring examples; then every other game, through
    the generic wrapper."""
    session.install(".[test,openspiel]")
    session.run(
        "pytest",
        "-n",
        "2",
        "tests/test_openspiel.py",
        "tests/test_openspiel_bots.py",
        "tests/test_openspiel_config.py",
        "tests/test_openspiel_games.py",
        *session.posargs,
    )


@nox.session
def bench(session: nox.Session) -> None:
    """Run the benchmarks (CPU time, interleaved rounds); arguments go to benchmarks/bench.py.

    For example ``python -m nox -s bench -- --rounds 9 --json bench.json``, or ``-- --quick``.
    """
    session.install(".[bench]")
    session.run("python", "benchmarks/bench.py", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation site, treating warnings as errors."""
    session.install(".[docs]")
    session.run("mkdocs", "build", "--strict", *session.posargs, env={"NO_MKDOCS_2_WARNING": "1"})
