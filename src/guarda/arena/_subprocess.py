"""Bots in any language: an agent that asks a program over JSON Lines on stdin and stdout.

The protocol (version 1, documented on the "Bots in any language" page) in the spirit of
UCI and GTP: every message is one JSON object on one line, UTF-8.

1. The runner starts the program and sends ``{"type": "hello", "protocol": "guarda-bot",
   "version": 1, "guarda": "<version>", "game": "<the game's name>"}``; the bot answers
   ``{"type": "hello", "protocol": "guarda-bot", "version": 1, "name": "<its name>"}``.
2. For every decision the runner sends ``{"type": "act", "id": <n>, "seed": <n>,
   "game": "<the game's name>", "view": <the view document>, "legal": [<each legal
   action in notation>]}`` and the bot answers ``{"type": "action", "id": <the same n>,
   "action": "<one of legal>"}`` (or the action's document, a JSON object; or
   ``{"type": "error", "message": "..."}`` to give up that decision).
3. When done, the runner sends ``{"type": "quit"}`` and closes the bot's stdin.

Examples:
    >>> import sys
    >>> agent = SubprocessAgent([sys.executable, "examples/subprocess_bot.py"], timeout=5)
    >>> agent.name
    'subprocess_bot'
    >>> agent.close()
"""

from __future__ import annotations

import collections
import contextlib
import json
import math
import os
import queue
import random
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from pathlib import PurePath
from typing import IO, Any, Final

import guarda
from guarda.errors import (
    AgentError,
    AgentMessageError,
    AgentTimeoutError,
    ArgumentError,
    GuardaError,
)
from guarda.game import Game, GameView
from guarda.games import GUARDA, GuardaGame, game_of, get_game

__all__ = ["PROTOCOL", "PROTOCOL_VERSION", "SubprocessAgent"]

PROTOCOL: Final = "guarda-bot"
"""The ``protocol`` field of the handshake."""
PROTOCOL_VERSION: Final = 1
"""The protocol version this runner speaks."""

_EOF: Final = b""
_TOO_LONG: Final = b"\x00too long"
_STDERR_LINES: Final = 20
_QUIT_GRACE: Final = 1.0


def _read_lines(stream: IO[bytes], lines: queue.SimpleQueue[bytes], limit: int) -> None:
    """Read the bot's stdout line by line into ``lines`` (in a thread) until it ends."""
    try:
        while True:
            line = stream.readline(limit + 1)
            if not line:
                break
            if len(line) > limit and not line.endswith(b"\n"):
                lines.put(_TOO_LONG)
                return
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(_EOF)


def _keep_tail(stream: IO[bytes], tail: collections.deque[str]) -> None:
    """Keep the last lines the bot writes to stderr (in a thread), for fault reports."""
    try:
        for line in iter(lambda: stream.readline(4096), b""):
            tail.append(line.decode("utf-8", "replace").rstrip())
    except (OSError, ValueError):
        pass


def _write_lines(stream: IO[bytes], messages: queue.SimpleQueue[bytes | None]) -> None:
    """Write messages to the bot's stdin (in a thread, so a bot that reads nothing
    cannot block the runner); ``None`` closes stdin."""
    try:
        while (message := messages.get()) is not None:
            stream.write(message)
            stream.flush()
    except (OSError, ValueError):
        pass
    with contextlib.suppress(OSError, ValueError):
        stream.close()


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Kill a bot's process if it still runs, and reap it (also at garbage collection)."""
    if process.poll() is None:
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):  # an unkillable process
        process.wait(timeout=5)
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


def _default_name(command: Sequence[str]) -> str:
    for part in reversed(command):
        if not part.startswith("-"):
            return PurePath(part).stem or part
    return command[0]


def _positive(value: object, path: str) -> float:
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise ArgumentError(
            f"{path} must be a positive number of seconds, not {value!r}", path=path
        )
    return float(value)


class _Running:
    """One running bot process and its three pipe threads."""

    def __init__(self, agent: SubprocessAgent) -> None:
        try:
            self.process = subprocess.Popen(
                agent.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=agent.cwd,
                env=None if agent.env is None else dict(agent.env),
            )
        except (OSError, ValueError) as error:
            raise AgentError(
                f"could not start {list(agent.command)!r}: {error}", path="command"
            ) from error
        self.finalizer = weakref.finalize(self, _stop, self.process)
        assert self.process.stdin and self.process.stdout and self.process.stderr
        self.lines: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        self.outgoing: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self.threads = [
            threading.Thread(
                target=_read_lines,
                args=(self.process.stdout, self.lines, agent.max_line),
                daemon=True,
            ),
            threading.Thread(
                target=_keep_tail, args=(self.process.stderr, self.stderr), daemon=True
            ),
            threading.Thread(
                target=_write_lines, args=(self.process.stdin, self.outgoing), daemon=True
            ),
        ]
        for thread in self.threads:
            thread.start()
        self.ended = False

    def send(self, message: bytes) -> None:
        self.outgoing.put(message)

    def receive(self, timeout: float, waiting_for: str) -> dict[str, Any]:
        """The bot's next message, parsed; blank lines are skipped."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            try:
                if remaining <= 0:
                    raise queue.Empty
                line = self.lines.get(timeout=remaining)
            except queue.Empty:
                raise AgentTimeoutError(
                    f"no {waiting_for} within {timeout:g} s{self.tail()}", path=waiting_for
                ) from None
            if line == _EOF:
                self.ended = True
                raise AgentError(f"the bot {self.exit_status()}{self.tail()}", path=waiting_for)
            if line == _TOO_LONG:
                raise AgentMessageError(
                    f"the bot wrote a line longer than the limit while sending its {waiting_for}",
                    path=waiting_for,
                )
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except ValueError:
                message = None
            if not isinstance(message, dict):
                raise AgentMessageError(
                    f"expected a JSON object as the {waiting_for}, got {_shorten(line)}",
                    path=waiting_for,
                )
            if message.get("type") == "error":
                raise AgentError(
                    f"the bot gave up: {_shorten(message.get('message'))}", path=waiting_for
                )
            return message

    def exit_status(self) -> str:
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exited with code {code}"

    def tail(self) -> str:
        if not self.stderr:
            return ""
        return "; its last error output: " + " / ".join(list(self.stderr)[-5:])

    def close(self, grace: float) -> None:
        if self.process.poll() is None and not self.ended:
            self.send(b'{"type":"quit"}\n')
        self.outgoing.put(None)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=grace)
        self.finalizer()
        for thread in self.threads:
            thread.join(timeout=1.0)


def _shorten(value: object, limit: int = 80) -> str:
    """A short JSON rendering of what the bot sent, for messages (double quotes only, so
    the repr of an error holding it needs no escapes)."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace").strip()
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=repr)
    if len(text) > limit:
        text = text[:limit] + "..."
    return json.dumps(text, ensure_ascii=False) if isinstance(value, str) else text


class SubprocessAgent:
    """An agent played by a program in another process, in any language, for any game
    (protocol 1).

    The program is started lazily, at the first decision, in the process that plays
    the game (an arena's worker), so the agent pickles as its settings alone; an
    arena gives each game a fresh copy and closes it afterwards. Each decision sends
    the view document ([`guarda.dumps`][guarda.dumps] of the
    [`PlayerView`][guarda.PlayerView]), the legal actions in
    [notation](notation.md) and a seed drawn from the runner's random source (so a
    bot that seeds itself with it plays the same game again), and waits for the
    answer. For a game other than Guarda, the view document is the game's own
    ([`Game.dumps`][guarda.game.Game.dumps]), the legal actions are written with
    [`Game.format_action`][guarda.game.Game.format_action] and the answer read with
    [`Game.parse_action`][guarda.game.Game.parse_action] (or
    [`Game.loads`][guarda.game.Game.loads] for an action document); every message
    carries the game's name.

    Nothing the program does can hang the runner: every wait has a time limit, stdin
    is written by a thread, and a line is read only up to ``max_line`` bytes. A
    program that cannot start, exits, answers garbage or an action that does not
    parse, speaks another protocol version, writes a longer line or stays silent past
    ``timeout`` raises an [`AgentError`][guarda.errors.AgentError]
    ([`AgentMessageError`][guarda.errors.AgentMessageError],
    [`AgentTimeoutError`][guarda.errors.AgentTimeoutError]), which a match runner
    reports as a fault of the seat. The program is then stopped, and every later
    decision fails at once with the same error until [`close`][guarda.arena.SubprocessAgent.close]
    (after which the next decision starts it anew). A well-formed action that is not
    legal is returned as is, for the runner to report as illegal.

    Args:
        command: The program and its arguments, such as ``["python3", "bot.py"]``.
        name: The agent's display name; by default the stem of the last argument that
            is not an option (``"bot"``). The name the bot gives in its handshake is
            [`bot_name`][guarda.arena.SubprocessAgent.bot_name].
        timeout: Seconds to wait for each answer.
        start_timeout: Seconds to wait for the handshake after starting the program.
        max_line: The longest line accepted from the program, in bytes.
        cwd: The program's working directory.
        env: The program's environment (by default this process's).
        game: The game played: a [`Game`][guarda.game.Game] or a name in
            [`guarda.games`][guarda.games]; by default the game each view belongs to
            ([`game_of`][guarda.games.game_of]). Give it for a game of your own.

    Raises:
        ArgumentError: If an argument is of the wrong kind or out of range.

    Examples:
        >>> import random, sys
        >>> import guarda
        >>> agent = SubprocessAgent([sys.executable, "examples/subprocess_bot.py"])
        >>> state = guarda.new_game(guarda.modern(), seed=1)
        >>> action = agent.act(guarda.view(state, state.actor), random.Random(1))
        >>> action in guarda.legal_actions(state), agent.bot_name
        (True, 'random-subprocess')
        >>> agent.close()
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        name: str | None = None,
        timeout: float = 10.0,
        start_timeout: float = 10.0,
        max_line: int = 1 << 16,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        game: Game | str | None = None,
    ) -> None:
        if isinstance(command, (str, bytes)) or not isinstance(command, Sequence):
            raise ArgumentError(
                f"give the command as a list of strings, not {command!r}", path="command"
            )
        if not command or not all(isinstance(part, str) for part in command):
            raise ArgumentError(
                f"give the command as a non-empty list of strings, not {command!r}",
                path="command",
            )
        if name is not None and (not isinstance(name, str) or not name):
            raise ArgumentError(f"the name must be a non-empty string, not {name!r}", path="name")
        if not isinstance(max_line, int) or isinstance(max_line, bool) or max_line < 64:
            raise ArgumentError(
                f"max_line must be an integer of at least 64 bytes, not {max_line!r}",
                path="max_line",
            )
        if cwd is not None and not isinstance(cwd, (str, os.PathLike)):
            raise ArgumentError(f"cwd must be a path, not {cwd!r}", path="cwd")
        if env is not None and (
            not isinstance(env, Mapping)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())
        ):
            raise ArgumentError("env must map strings to strings", path="env")
        self.game: Game | None = None if game is None else get_game(game)
        """The game played, or None to find it from each view."""
        self.command: tuple[str, ...] = tuple(command)
        """The program and its arguments."""
        self.timeout = _positive(timeout, "timeout")
        """Seconds to wait for each answer."""
        self.start_timeout = _positive(start_timeout, "start_timeout")
        """Seconds to wait for the handshake."""
        self.max_line = max_line
        """The longest line accepted from the program, in bytes."""
        self.cwd = None if cwd is None else os.fspath(cwd)
        """The program's working directory."""
        self.env: dict[str, str] | None = None if env is None else dict(env)
        """The program's environment, or None for this process's."""
        self._name = _default_name(self.command) if name is None else name
        self._reset()

    def _reset(self) -> None:
        self._running: _Running | None = None
        self._failure: AgentError | None = None
        self._bot_name: str | None = None
        self._next_id = 1

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        for key in ("_running", "_failure", "_bot_name", "_next_id"):
            del state[key]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._reset()

    def __repr__(self) -> str:
        return f"SubprocessAgent({list(self.command)!r}, name={self._name!r})"

    @property
    def name(self) -> str:
        """The display name."""
        return self._name

    @property
    def bot_name(self) -> str | None:
        """The name the program gave in its handshake; None before it started."""
        return self._bot_name

    @property
    def is_running(self) -> bool:
        """Whether the program runs now."""
        return self._running is not None and self._running.process.poll() is None

    def __enter__(self) -> SubprocessAgent:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Ask the program to quit, stop it if it does not within a second, forget failures.

        Safe to call at any time, also twice; the next decision starts the program anew.
        """
        running = self._running
        self._reset()
        if running is not None:
            running.close(_QUIT_GRACE)

    def _fail(self, error: AgentError) -> AgentError:
        running = self._running
        self._running = None
        self._failure = error
        if running is not None:
            running.outgoing.put(None)
            running.finalizer()
        return error

    def _start(self, game: Game) -> _Running:
        running = _Running(self)
        self._running = running
        hello = {
            "type": "hello",
            "protocol": PROTOCOL,
            "version": PROTOCOL_VERSION,
            "guarda": guarda.__version__,
            "game": game.name,
        }
        running.send(json.dumps(hello).encode() + b"\n")
        answer = running.receive(self.start_timeout, "hello")
        if answer.get("type") != "hello" or answer.get("protocol") != PROTOCOL:
            raise AgentMessageError(
                f'expected the handshake {{"type": "hello", "protocol": "{PROTOCOL}", ...}}, '
                f"got {_shorten(answer)}",
                path="hello",
            )
        version = answer.get("version")
        if version != PROTOCOL_VERSION or isinstance(version, bool):
            raise AgentMessageError(
                f"the bot speaks protocol version {version!r}; this runner speaks "
                f"{PROTOCOL_VERSION}",
                path="version",
            )
        name = answer.get("name")
        if not isinstance(name, str) or not name or len(name) > 200:
            raise AgentMessageError(
                f"the handshake must give a name (a string of 1 to 200 characters), "
                f"not {_shorten(name)}",
                path="name",
            )
        self._bot_name = name
        return running

    def _game_of(self, view: object) -> Game:
        """The game of ``view``, checked to be the view of a player who must decide now."""
        if self.game is None and isinstance(view, guarda.PlayerView):
            if not view.must_act:
                raise ArgumentError(
                    f"expected the view of a player who must decide now, not {view!r}",
                    path="view",
                )
            return GUARDA
        if not isinstance(view, GameView) or view.player is None or view.player != view.actor:
            raise ArgumentError(
                f"expected the view of a player who must decide now, not {view!r:.200}",
                path="view",
            )
        if self.game is not None:
            return self.game
        try:
            return game_of(view)
        except ArgumentError:
            raise ArgumentError(
                f"no game in guarda.games owns this view: give game= ({view!r:.200})",
                path="view",
            ) from None

    def act(self, view: Any, rng: random.Random) -> Any:
        """Ask the program for one of the view's legal actions.

        Args:
            view: The deciding player's view (of any game).
            rng: The seat's random source; one number from it seeds the bot.

        Returns:
            The action the program chose (the listed object when it is legal).

        Raises:
            ArgumentError: If ``view`` is not a view of a player who must decide now, or
                ``rng`` is not a ``random.Random``.
            AgentError: If the program fails, now or earlier (see the class).
        """
        game = self._game_of(view)
        if not isinstance(rng, random.Random):
            raise ArgumentError(f"not a random.Random: {rng!r}", path="rng")
        if self._failure is not None:
            failure = self._failure
            raise type(failure)(
                f"the bot failed earlier: {failure.message}", rule=failure.rule, path=failure.path
            )
        try:
            running = self._running if self.is_running else self._start(game)
            assert running is not None
            return self._ask(running, game, view, rng)
        except AgentError as error:
            raise self._fail(error) from error

    def _ask(self, running: _Running, game: Game, view: Any, rng: random.Random) -> Any:
        guarda_game = isinstance(game, GuardaGame)
        write = guarda.format_action if guarda_game else game.format_action
        by_text = {write(action): action for action in view.legal_actions}
        ask_id = self._next_id
        self._next_id += 1
        message = b"".join(
            (
                b'{"type":"act","id":%d,"seed":%d,"game":' % (ask_id, rng.getrandbits(32)),
                json.dumps(game.name).encode(),
                b',"view":',
                (guarda.dumps(view) if guarda_game else game.dumps(view)).encode(),
                b',"legal":',
                json.dumps(list(by_text), separators=(",", ":")).encode(),
                b"}\n",
            )
        )
        running.send(message)
        answer = running.receive(self.timeout, "action")
        if answer.get("type") != "action" or answer.get("id") != ask_id:
            raise AgentMessageError(
                f'expected {{"type": "action", "id": {ask_id}, "action": ...}}, '
                f"got {_shorten(answer)}",
                path="action",
            )
        text = answer.get("action")
        if isinstance(text, dict):
            return self._document(game, text)
        if not isinstance(text, str):
            raise AgentMessageError(
                f"the action must be a string in action notation or an action document, "
                f"not {_shorten(text)}",
                path="action",
            )
        listed = by_text.get(text)
        if listed is not None:
            return listed
        try:
            if guarda_game:
                return guarda.parse_action(text, view.config)
            return game.parse_action(text, view)
        except (GuardaError, ValueError) as error:
            raise AgentMessageError(
                f"the answer {_shorten(text)} is not action notation: {error}", path="action"
            ) from error

    @staticmethod
    def _document(game: Game, document: dict[str, Any]) -> Any:
        """The action an answer gave as its document (a JSON object)."""
        try:
            action = game.loads(json.dumps(document))
        except (GuardaError, ValueError, KeyError, TypeError) as error:
            raise AgentMessageError(
                f"the answer {_shorten(document)} is not an action document: {error}",
                path="action",
            ) from error
        if isinstance(game, GuardaGame) and not isinstance(action, guarda.Action):
            raise AgentMessageError(
                f"the answer {_shorten(document)} is a document, but not an action's",
                path="action",
            )
        return action
