"""The strength benchmark script runs end to end (``--quick``); its statistics are right.

No strength or timing is checked here: the benchmark itself is a script
(``benchmarks/strength.py``), run by hand.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

STRENGTH = Path(__file__).resolve().parent.parent / "benchmarks" / "strength.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength", STRENGTH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["strength"] = module
    spec.loader.exec_module(module)
    return module


def test_quick_run_reports_every_pairing(tmp_path: Path) -> None:
    output = tmp_path / "strength.json"
    done = subprocess.run(
        [sys.executable, str(STRENGTH), "--quick", "--json", str(output)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    document = json.loads(output.read_text())
    keys = [row["key"] for row in document["rows"]]
    assert keys == [pairing.key for pairing in load().PAIRINGS]
    for row in document["rows"]:
        assert row["games"] == 2 and row["wins"] + row["draws"] + row["losses"] == 2
        assert row["score"] == (row["wins"] + row["draws"] / 2) / 2
        assert row["faults"] == 0
    assert done.stdout.count("\n| ") == 1 + len(keys)  # the separator line and the rows


def test_wilson_intervals_and_side_results() -> None:
    strength = load()
    rate, low, high = strength.wilson(190, 200)
    assert (round(rate, 3), round(low, 3), round(high, 3)) == (0.95, 0.91, 0.973)
    assert strength.wilson(0, 10)[1] == 0.0
    assert abs(strength.wilson(10, 10)[2] - 1.0) < 1e-12
    mine = frozenset({0, 2})
    assert strength.side_result((0, 2), mine) == 1.0
    assert strength.side_result((1,), mine) == 0.0
    assert strength.side_result((0, 1), mine) == 0.5
    seats = [strength.first_seats(4, number) for number in range(6)]
    assert len(set(seats)) == 6 and all(len(pair) == 2 for pair in seats)
    assert [strength.first_seats(2, number) for number in range(2)] == [{0}, {1}]
