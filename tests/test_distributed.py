"""The arena on a real dask cluster (extra ``distributed``, nox session ``distributed``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import guarda
from guarda.arena import AgentSpec, ArenaResult, GameResult, SerialExecutor, match, round_robin
from guarda.bots import RandomBot

distributed = pytest.importorskip("distributed")

from arena_agents import CrashingBot, FirstBot, PidRecorder  # noqa: E402
from generic_games import TOY_GAME, HighestCard  # noqa: E402

CONFIG = guarda.modern(players=2, turn_limit=40)


def games(result: ArenaResult) -> list[tuple[object, ...]]:
    """Everything but the measured decision times."""

    def key(game: GameResult) -> tuple[object, ...]:
        return (game.game, game.seed, game.seats, game.scores, game.faults, game.record)

    return [key(game) for game in result.games]


def test_a_local_dask_cluster_plays_the_same_games_as_a_serial_run(tmp_path: Path) -> None:
    pids = tmp_path / "pids.txt"
    agents: list[AgentSpec] = [PidRecorder(str(pids)), CrashingBot(after=30)]
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        workers = set(client.run(os.getpid).values())
        assert len(workers) == 2 and os.getpid() not in workers
        executor = client.get_executor()
        on_dask = match(CONFIG, agents, 6, seed=5, executor=executor, workers=2)
        robin = round_robin(
            CONFIG, {"a": RandomBot, "b": FirstBot, "c": RandomBot}, 2, seed=9, executor=executor
        )
    played_in = {int(line) for line in pids.read_text().split()}
    assert played_in <= workers  # every game ran in a worker process of the cluster
    pids.unlink()
    serial = match(CONFIG, agents, 6, seed=5, key=on_dask.key, executor=SerialExecutor())
    assert games(on_dask) == games(serial)
    assert on_dask.faults and not on_dask.errors
    assert games(robin) == games(
        round_robin(
            CONFIG,
            {"a": RandomBot, "b": FirstBot, "c": RandomBot},
            2,
            seed=9,
            key=robin.key,
            executor=SerialExecutor(),
        )
    )


def test_a_dask_cluster_plays_any_game_as_a_serial_run() -> None:
    config = TOY_GAME.default_config()
    agents: list[AgentSpec] = [RandomBot(), HighestCard()]
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = match(
            config, agents, 4, seed=2, executor=client.get_executor(), workers=1, game=TOY_GAME
        )
    serial = match(
        config, agents, 4, seed=2, key=on_dask.key, executor=SerialExecutor(), game=TOY_GAME
    )
    assert games(on_dask) == games(serial) and not on_dask.errors
