"""Playing actions in hosted games, bots' turns, and moves made by other server processes.

**Playing an action**, from a person or a bot, always goes the same way, one at a time
per game: the action must be made for the current position (its ``ply``) and by the seat
that must decide; [`guarda.apply`][guarda.apply] plays it (an illegal action raises and
nothing changes); the database commits it; only then is it acknowledged and every
client sent its own update. An acknowledged action is in the database.

**Bots** decide on worker threads, never on the event loop (see
``guarda.server._bot_turns``): a slow bot delays only its own game, and a bot never
stops the server.

**Moves made by other processes**: server processes that share a PostgreSQL database
may all host the same game. Each hears of every action stored (LISTEN/NOTIFY) and plays
the ones it does not hold yet, in order, sending each position to its own clients; after
listening (re)starts, every game in progress is caught up. When the database refuses an
action because another process took its ply first, the game catches up and the action is
refused as made for an old position.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from collections.abc import Callable, Mapping
from typing import Any

import guarda
from guarda.bots import Agent, Fault
from guarda.errors import GuardaError, MessageError
from guarda.server._bot_turns import decide
from guarda.server._games import Client, LiveGame
from guarda.server._hosting import GameHost, utc_now
from guarda.server._protocol import encode
from guarda.server._settings import Settings

__all__ = ["MoveKeeper"]

log = logging.getLogger("guarda.server")


class MoveKeeper(GameHost):
    """Plays the actions of the games a server hosts, runs their bots, and keeps them in
    step with other processes sharing the database (the base of
    [`GameServer`][guarda.server.GameServer])."""

    def __init__(self, settings: Settings, bots: Mapping[str, Callable[[], Agent]]) -> None:
        """Open the database and the bots' worker threads.

        Args:
            settings: The settings.
            bots: The bots a seat may name, each a factory of an agent.

        Raises:
            ArgumentError: If the database cannot be opened.
        """
        super().__init__(settings, bots)
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=self.settings.bot_workers, thread_name_prefix="guarda-bot"
        )

    # -- playing -------------------------------------------------------------------------

    async def play(
        self,
        game: LiveGame,
        seat: int,
        ply: int,
        action: guarda.Action,
        *,
        accepted: Any = None,
        fault: Fault | None = None,
    ) -> None:
        """Play ``seat``'s action, made for the position after ``ply`` actions.

        The action is checked, played, committed to the database and only then
        acknowledged (``accepted()``) and sent to every client of the game.

        Raises:
            MessageError: If the game is over or ``ply`` is not the current position.
            IllegalActionError: If the seat may not play the action now.
        """
        async with game.lock:
            if game.is_over:
                raise MessageError("the game is over", path="ply")
            if ply != game.ply:
                raise MessageError(
                    f"made for ply {ply}, but the game is at ply {game.ply}: "
                    "the position has changed",
                    path="ply",
                )
            state, _events = guarda.apply(game.state, action, player=seat)
            # Shielded: once the commit is under way, the game takes the action even if
            # whoever asked is cancelled meanwhile (memory and database never disagree).
            stored = await asyncio.shield(self._commit(game, state, action, accepted, fault))
            if not stored:
                # Another server process took this ply first (a shared database): play
                # what it stored, and refuse this action as made for an old position.
                await asyncio.shield(self._caught_up(game))
                raise MessageError(
                    f"made for ply {ply}, but the game is at ply {game.ply}: "
                    "the position has changed",
                    path="ply",
                )

    async def _commit(
        self,
        game: LiveGame,
        state: guarda.GameState,
        action: guarda.Action,
        accepted: Any,
        fault: Fault | None,
    ) -> bool:
        """Store the action and, once committed, play it here; False if the database
        refused the ply (taken by another process, or the game ended there)."""
        first = game.state.log.size
        stored = await self.store.append_action(
            game.id,
            game.ply + 1,
            guarda.dumps(action),
            finished=utc_now() if state.is_over else None,
        )
        if not stored:
            return False
        self._advance(game, state, action, fault)
        if accepted is not None:
            accepted()
        self._after_move(game, state, first, fault)
        return True

    def _advance(
        self,
        game: LiveGame,
        state: guarda.GameState,
        action: guarda.Action,
        fault: Fault | None,
    ) -> None:
        """Take a stored action into the game in memory."""
        game.state = state
        game.actions.append(action)
        self._touched[game.id] = self.clock()
        if fault is not None:
            game.faults.append(fault)

    def _after_move(
        self, game: LiveGame, state: guarda.GameState, first: int, fault: Fault | None
    ) -> None:
        """Tell the game's clients about the new position, then let a bot go on."""
        # The updates are built on the event loop's next turn: the acknowledgement just
        # queued is written first. They go to the clients of the game now, about this
        # position (a client that joins meanwhile is sent it in its welcome), and before
        # anything else happens to the game (a later action needs a later message).
        asyncio.get_running_loop().call_soon(
            self._publish, game, (state, game.ply), first, fault, list(game.clients.items())
        )
        if state.is_over:
            self._remember_finished(game)
        else:
            self._schedule_bot(game)

    def _publish(
        self,
        game: LiveGame,
        at: tuple[guarda.GameState, int],
        first: int,
        fault: Fault | None,
        clients: list[tuple[Client, tuple[int | None, bool]]],
    ) -> None:
        """Send each client its own update about the position ``at``, built once per seat."""
        texts: dict[tuple[int | None, bool], str] = {}
        for client, wanted in clients:
            text = texts.get(wanted)
            if text is None:
                seat, svg = wanted
                message = game.position(seat, first, svg=svg, at=at)
                if fault is not None:
                    message["fault"] = {"seat": fault.seat, "ply": fault.ply, "kind": fault.kind}
                text = texts[wanted] = encode(message)
            client.send(text)

    # -- moves made by other processes (a shared database) ---------------------------------

    def _moved(self, identifier: str, ply: int) -> None:
        """A process stored action ``ply`` of a game (this one, or another): catch up if
        the game is in memory here and behind."""
        game = self.games.get(identifier)
        if game is not None and not game.is_over and game.ply < ply and not self._stopped:
            self._later(self._catch_up(game, ply))

    def _resync(self) -> None:
        """Listening (re)started: notifications may have been missed, so catch up every
        game in progress held here."""
        for game in list(self.games.values()):
            if not game.is_over and not self._stopped:
                self._later(self._catch_up(game))

    async def _catch_up(self, game: LiveGame, ply: int | None = None) -> None:
        """Catch up (holding the lock), unless the game has reached ``ply`` meanwhile.

        The notification of an action this process stores often arrives before the
        commit's own return: by the time the lock is free the action is played here,
        and reading the database again would only keep a connection busy."""
        async with game.lock:
            if ply is None or game.ply < ply:
                await self._caught_up(game)

    async def _caught_up(self, game: LiveGame) -> None:
        """Play the actions other processes stored after the game's ply here, sending
        each position to this process's clients (hold ``game.lock``)."""
        try:
            actions, finished = await self.store.actions_after(game.id, game.ply)
            for text in actions:
                action = guarda.loads(text, guarda.Action)
                state, _events = guarda.apply(game.state, action)
                first = game.state.log.size
                self._advance(game, state, action, None)
                self._after_move(game, state, first, None)
            if finished is not None and not game.is_over and self.games.get(game.id) is game:
                # Abandoned by another process: a record only, as after an expiry here.
                self._forget(game.id)
                log.info("game %s was abandoned by another server process", game.id)
        except GuardaError as error:  # pragma: no cover - every stored action replays
            log.error("game %s: a stored action does not replay: %s", game.id, error)
        except Exception:
            log.exception("game %s: the moves made elsewhere could not be read", game.id)

    # -- bots ----------------------------------------------------------------------------

    def _schedule_bot(self, game: LiveGame) -> None:
        actor = game.state.actor
        if self._stopped or actor is None or game.seats[actor].kind != "bot":
            return
        if game.bot_ply == game.ply:
            return
        game.bot_ply = game.ply
        task = asyncio.get_running_loop().create_task(self._bot_turn(game, game.ply))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, game: LiveGame, ply: int) -> None:
        if game.bot_delay:
            await asyncio.sleep(game.bot_delay)
        actor = game.state.actor
        if game.ply != ply or actor is None:
            return
        answer, fault = await decide(
            game, actor, ply, self._executor, self.settings.bot_time_budget
        )
        try:
            await self.play(game, actor, ply, answer, fault=fault)
        except GuardaError as error:
            # Judged legal: the position moved on meanwhile, through another process
            # sharing the database, which decided for the bot first.
            log.debug("game %s: the bot's action was not needed: %s", game.id, error)
        except Exception:
            log.exception("game %s: the bot's action could not be stored", game.id)
            game.bot_ply = -1  # let the next attempt (a reconnect, a restart) try again
