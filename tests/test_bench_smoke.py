"""The benchmark script runs end to end (``--quick``) and reports every row; no timings checked."""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench.py"

ROWS = {
    "chess": "ply",
    "modern2p": "step",
    "classic4p": "step",
    "grda2p": "step",
    "modern8p": "step",
    "custom9x9_8p_teams": "step",
    "custom12x12_hand12": "step",
    "modern2p_loaded": "step",
    "on_guard": "step",
    "garrison2p": "step",
    "garrison4p": "step",
    "heist": "step",
    "view_early": "call",
    "view_late": "call",
    "state_round_trip": "call",
    "json_round_trip": "call",
    "replay": "action",
    "refusals": "input",
}


def positive(value: object) -> bool:
    return isinstance(value, float | int) and math.isfinite(value) and value > 0


def test_quick_run_reports_every_row(tmp_path: Path) -> None:
    pytest.importorskip("chess")
    output = tmp_path / "bench.json"
    done = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--json", str(output)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    results = json.loads(output.read_text())
    assert {key: row["unit"] for key, row in results["rows"].items()} == ROWS
    for key, row in results["rows"].items():
        assert row["key"] == key
        assert row["label"] in done.stdout
        assert len(row["samples"]) == results["rounds"] == 1
        numbers = [*row["samples"], row["median"], row["minimum"], row["x_chess"], row["x_modern"]]
        assert all(map(positive, numbers)), (key, numbers)
    assert results["rows"]["chess"]["x_chess"] == results["rows"]["modern2p"]["x_modern"] == 1
    growth = results["cache_growth"]
    assert growth["games"] >= growth["configs"] == 20
    assert all(map(positive, (growth["before_mb"], growth["after_mb"], growth["steps"])))
    assert math.isfinite(growth["growth_mb"])
    assert len(results["targets"]) == 15
    for target in results["targets"]:
        assert isinstance(target["met"], bool)
        assert math.isfinite(target["value"]) and target["limit"] > 0
        assert target["goal"] in done.stdout
    assert {"python", "guarda", "chess"} <= set(results["versions"])


def test_every_playout_warms_up_for_as_many_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("chess")
    spec = importlib.util.spec_from_file_location("bench_under_test", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, bench)  # its dataclasses look it up
    spec.loader.exec_module(bench)
    calls = {"steps": 0, "calls": 0}

    def work(key: str, units: int) -> Callable[[], int]:
        def run() -> int:
            calls[key] += 1
            return units

        return run

    timed = [
        bench.Case("steps", "a playout", "step", work("steps", 3)),
        bench.Case("calls", "a call", "call", work("calls", 1)),
    ]
    rows = bench.measure(timed, rounds=2, warmup=1, warm_steps=10)
    # A playout warms up until it made 10 steps (4 runs of 3), a call for one round only.
    assert calls == {"steps": 4 + 2, "calls": 1 + 2}
    assert [len(row.samples) for row in rows] == [2, 2]
    calls.update(steps=0, calls=0)
    bench.measure(timed, rounds=1, warmup=0, warm_steps=10)
    assert calls == {"steps": 1, "calls": 1}  # no warm-up asked: none
