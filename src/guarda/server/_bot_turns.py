"""A bot's turn in a hosted game: asked on a worker thread, within a time budget, judged.

Bots decide on worker threads, never on the event loop: a slow bot delays only its own
game. An answer that is not a legal action, an exception, or an answer later than the
time budget is a [`Fault`][guarda.bots.Fault], and a random legal action is played in its
place (the match runner's ``"fallback"`` policy); a bot never stops the server. A bot's
random source is keyed by the game's secret salt, so no bot can learn the deal from it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import random
import time
from typing import Any

import guarda
from guarda.bots import Fault, FaultKind, seat_rng
from guarda.server._games import LiveGame

__all__ = ["decide"]

log = logging.getLogger("guarda.server")


def _bot_key(game: LiveGame) -> str:
    """What keys a game's bots' random sources: its secret salt, so no bot can learn the
    deal from them (a game stored without a salt falls back to a fixed key)."""
    return game.salt or "guarda.server/unsalted"


def _ask(
    agent: Any, view: guarda.PlayerView, rng: random.Random
) -> tuple[object, BaseException | None]:
    """Ask a bot on a worker thread: its answer, or the exception it raised."""
    try:
        return agent.act(view, rng), None
    except BaseException as error:  # a bot may fail in any way, even sys.exit()
        return None, error


def _judge(
    answer: object, error: BaseException | None, view: guarda.PlayerView
) -> tuple[FaultKind, str] | None:
    if error is not None:
        return "crash", f"act raised {type(error).__name__}: {error}"[:200]
    if not isinstance(answer, guarda.Action):
        return "non-action", f"act returned a {type(answer).__name__}, not an action"
    if answer not in view.legal_actions:
        return "illegal", f"{guarda.format_action(answer)} is not legal now"
    return None


async def decide(
    game: LiveGame,
    actor: int,
    ply: int,
    executor: concurrent.futures.Executor,
    budget: float,
) -> tuple[guarda.Action, Fault | None]:
    """What the bot of seat ``actor`` plays in the position after ``ply`` actions, asked
    on ``executor`` within ``budget`` seconds, and the fault it made (None if it made
    none): after a fault, a random legal action stands for its answer."""
    state = game.state
    agent = game.seats[actor].agent
    view = game.view(actor)
    loop = asyncio.get_running_loop()
    start = time.perf_counter()
    problem: tuple[FaultKind, str] | None
    answer: object = None
    try:
        answer, error = await asyncio.wait_for(
            loop.run_in_executor(
                executor,
                _ask,
                agent,
                view,
                seat_rng(game.seed, f"{actor}/{ply}", key=_bot_key(game)),
            ),
            timeout=budget,
        )
    except TimeoutError:
        problem = ("late", f"no answer within {budget:g} s")
    else:
        problem = _judge(answer, error, view)
    fault = None
    if problem is not None:
        kind, detail = problem
        fault = Fault(seat=actor, ply=ply + 1, turn=state.turn_number, kind=kind, detail=detail)
        log.warning("game %s, seat %d: %s fault: %s", game.id, actor, kind, detail)
        answer = seat_rng(game.seed, f"fallback/{ply}", key=_bot_key(game)).choice(
            view.legal_actions
        )
    assert isinstance(answer, guarda.Action)
    log.debug("game %s: bot %d decided in %.3f s", game.id, actor, time.perf_counter() - start)
    return answer, fault
