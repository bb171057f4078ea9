"""A throwaway PostgreSQL cluster for the tests: ``initdb`` in a temporary directory,
started on a free loopback port, stopped and deleted at the end.

The binaries are looked for on ``PATH``, in ``/usr/local/bin`` and in Debian's
``/usr/lib/postgresql/<version>/bin`` (where ``apt-get install postgresql`` puts them).
PostgreSQL refuses to run as root: as root, the cluster runs as the ``postgres`` user
(Debian's package creates it) through ``runuser``.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

_TOOLS = ("initdb", "pg_ctl", "postgres")


def _version(path: Path) -> tuple[int, ...]:
    digits = "".join(c if c.isdigit() else " " for c in path.parent.name).split()
    return tuple(int(d) for d in digits)


def binaries() -> Path | None:
    """The directory holding ``initdb``, ``pg_ctl`` and ``postgres``, or None."""
    candidates: list[Path] = []
    found = shutil.which("initdb")
    if found is not None:
        candidates.append(Path(found).parent)
    candidates.append(Path("/usr/local/bin"))
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version, reverse=True)
    candidates.extend(debian)
    for directory in candidates:
        if all((directory / tool).is_file() for tool in _TOOLS):
            return directory
    return None


def _runner() -> tuple[list[str], int | None] | None:
    """How to run the binaries: as this user, or as root through runuser as postgres
    (the prefix and the uid that must own the files); None if neither is possible."""
    if os.geteuid() != 0:
        return [], None
    runuser = shutil.which("runuser")
    try:
        account = pwd.getpwnam("postgres")
    except KeyError:
        return None
    if runuser is None:
        return None
    return [runuser, "-u", "postgres", "--"], account.pw_uid


def unavailable() -> str | None:
    """Why no cluster can be started here, or None if one can."""
    if binaries() is None:
        return (
            "PostgreSQL's initdb, pg_ctl and postgres are not installed (apt-get install "
            "postgresql puts them in /usr/lib/postgresql/<version>/bin)"
        )
    if _runner() is None:
        return "running as root without a postgres user and runuser to start PostgreSQL"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster; yield the URL of its ``postgres`` database (user ``guarda``,
    trusted on loopback)."""
    directory = binaries()
    runner = _runner()
    assert directory is not None and runner is not None, unavailable()
    prefix, owner = runner
    root = Path(tempfile.mkdtemp(prefix="guarda-pg-"))
    data, sockets, logfile = root / "data", root / "sockets", root / "postgres.log"
    sockets.mkdir()
    if owner is not None:
        root.chmod(0o755)
        for path in (root, sockets):
            os.chown(path, owner, -1)
    port = free_port()

    def run(*command: str) -> None:
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    try:
        run(
            str(directory / "initdb"),
            "-D",
            str(data),
            "-U",
            "guarda",
            "--auth=trust",
            "--encoding=UTF8",
            "--no-instructions",
        )
        run(
            str(directory / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(logfile),
            "-w",
            "-t",
            "60",
            "-o",
            f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c max_connections=200",
            "start",
        )
        try:
            yield f"postgresql://guarda@127.0.0.1:{port}/postgres"
        finally:
            run(str(directory / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(root, ignore_errors=True)
