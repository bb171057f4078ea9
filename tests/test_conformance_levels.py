"""Staged verification, vectors that start from a seed, and malformed vectors or output.

A port climbs the levels: the legal actions first, then the outcome, the views and the
events. Every game vector starts from a new game and a seed, and compares from a ply on;
nothing a port or a vector gets wrong makes verify crash.
"""

from __future__ import annotations

import copy
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import guarda
from guarda import PositionBuilder, conformance
from guarda.conformance import LEVELS, compare, compare_levels, input_of, results, verify
from guarda.conformance._scenarios import RARE
from guarda.conformance._search import reach
from guarda.conformance._vectors import build_vector, vector_text

VECTORS = {path.stem: conformance.load_vector(path) for path in conformance.vector_files()}


def _reference(vector: dict[str, Any]) -> list[dict[str, Any]]:
    return list(results(input_of(vector)))


def _window() -> dict[str, Any]:
    """The smallest vector that starts from a seed and compares from a later ply."""
    later = [v for v in VECTORS.values() if v["state"] is None and v["compare_from"] > 0]
    return min(later, key=lambda v: len(v["actions"]))


def test_every_vector_starts_from_a_seed_and_writes_its_config_in_full() -> None:
    assert all(v["state"] is None and isinstance(v["seed"], int) for v in VECTORS.values())
    rare = {v["source"]["rare"]: v for v in VECTORS.values() if "rare" in v["source"]}
    assert sorted(rare) == sorted(each.name for each in RARE)  # rare situations too
    assert all(v["compare_from"] > 0 for v in rare.values())
    for vector in VECTORS.values():
        data = vector["config"]["data"]
        assert "preset" not in data and data["deck"]  # a port need not know the presets
        config = guarda.loads(json.dumps(vector["config"]), guarda.Config)
        assert vector["steps"][0]["ply"] == vector["compare_from"]
        assert vector["steps"][-1]["ply"] == len(vector["actions"])
        assert len(vector["steps"][0]["views"]) == config.players
    index = json.loads((conformance.shipped() / "index.json").read_text())
    assert {row["start"] for row in index["vectors"]} == {"seed"}


def test_a_rare_situation_is_replayed_and_a_stale_seed_is_a_clear_error() -> None:
    rare = RARE[0]
    actions, kinds = reach(rare)
    assert len(actions) == rare.plies[1] and set(rare.expects) <= kinds
    with pytest.raises(AssertionError, match=r"run python -m guarda\.conformance search"):
        reach(attrs.evolve(rare, plies=(0, 3)))


def test_the_search_prints_the_seeds_of_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    rare = RARE[0]
    assert conformance.main(["search", rare.name, "--seeds", str(rare.seed)]) == 0
    start, end = rare.plies
    assert capsys.readouterr().out == f"{rare.name}: seed={rare.seed}, plies=({start}, {end})\n"
    assert conformance.main(["search", rare.name, "--seeds", str(rare.seed - 1)]) == 1
    assert "not reached in seeds 1-" in capsys.readouterr().out
    assert conformance.main(["search", "no-such-situation"]) == 2


def _built_vector() -> dict[str, Any]:
    """A vector that starts from a built position: none ships, but ports may be given one."""
    config = guarda.modern(3, win="exhaustion", stakes="scavenger", ante=2)
    state = (
        PositionBuilder(config, seed=11)
        .player(0, position="c1", hand=("V1", "V2", "H3"))
        .player(1, position="c2")
        .player(2, is_out=True)
        .loot("c3", 2)
        .to_act(0, turn_number=9)
        .build()
    )
    actions = [guarda.parse_action(text, config) for text in ("push N V1", "pass", "settle")]
    vector, kinds = build_vector(
        "built", "A push claims loot", config, seed=None, state=state, actions=actions, source={}
    )
    assert "loot:claimed-by-push" in kinds
    return vector


def test_a_vector_may_start_from_a_state_document(tmp_path: Path) -> None:
    vector = _built_vector()
    assert vector["state"]["data"]["log"] == [] and compare(vector, _reference(vector)) is None
    with pytest.raises(guarda.DocumentError) as error:
        conformance.read_input({**input_of(vector), "seed": 1})
    assert error.value.path == "seed"
    (tmp_path / "built.json").write_text(vector_text(vector), encoding="utf-8")
    window = _window()["id"]
    shutil.copy(conformance.shipped() / f"{window}.json", tmp_path)
    command = [sys.executable, "-m", "guarda.conformance", "run"]
    found = verify(command, [tmp_path], level="legal", timeout=120)
    assert [result.vector for result in found] == ["built", window]
    assert all(result.passed for result in found)
    seeded = verify(command, [tmp_path], level="legal", starts="seed", timeout=120)
    assert [result.vector for result in seeded] == [window]


def test_steps_before_compare_from_are_skipped() -> None:
    vector = _window()
    steps = _reference(vector)
    first = vector["compare_from"]
    assert len(steps) == len(vector["actions"]) + 1
    assert compare(vector, steps) is None  # every step printed: the early ones skipped
    assert compare(vector, steps[first:]) is None  # only the compared ones: the same
    broken = copy.deepcopy(steps)
    broken[first - 1]["legal"] = []  # before compare_from: not compared
    assert compare(vector, broken) is None
    broken[first]["legal"] = []
    found = compare(vector, broken)
    assert found is not None and found.ply == first and found.where.startswith("legal")


def test_each_level_compares_what_the_one_before_does_and_more() -> None:
    vector = _window()
    steps = _reference(vector)
    assert {level: found is None for level, found in compare_levels(vector, steps).items()} == (
        dict.fromkeys(LEVELS, True)
    )
    # A port on its first day prints only the ply and the legal actions.
    bare = [{"ply": step["ply"], "legal": step["legal"]} for step in steps]
    levels = compare_levels(vector, bare)
    assert levels["legal"] is None
    for level in ("outcome", "views", "events"):
        found = levels[level]
        assert found is not None and found.got == "(missing)"
    assert levels["outcome"] is not None and levels["outcome"].where == "outcome"
    # Wrong events only: every level below events passes.
    wrong = copy.deepcopy(steps)
    wrong[-1]["events"][0] = []
    levels = compare_levels(vector, wrong)
    assert [level for level, found in levels.items() if found is None] == [
        "legal",
        "outcome",
        "views",
    ]
    with pytest.raises(guarda.ArgumentError) as error:
        compare(vector, steps, level="everything")  # type: ignore[arg-type]
    assert error.value.path == "level"


def test_verify_reports_every_level_up_to_the_one_asked(tmp_path: Path) -> None:
    vector = _window()
    path = conformance.shipped() / f"{vector['id']}.json"
    port = tmp_path / "legal_only.py"
    port.write_text(
        "import json, sys\n"
        "from guarda.conformance import results\n"
        "for step in results(json.load(sys.stdin)):\n"
        "    print(json.dumps({'ply': step['ply'], 'legal': step['legal']}))\n",
        encoding="utf-8",
    )
    command = [sys.executable, str(port)]
    [legal] = verify(command, [path], level="legal", timeout=120)
    assert legal.passed and [level for level, _ in legal.levels] == ["legal"]
    [full] = verify(command, [path], timeout=120)
    assert not full.passed and full.passed_level("legal")
    assert not full.passed_level("outcome") and not full.passed_level("events")
    with pytest.raises(guarda.ArgumentError) as error:
        verify(command, [path], starts="some")  # type: ignore[arg-type]
    assert error.value.path == "starts"


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda v: v["steps"][0]["views"].pop(), "steps[0].views"),
        (lambda v: v["steps"][1].update(ply=99), "steps[1].ply"),
        (lambda v: v.update(compare_from=-1), "compare_from"),
        (lambda v: v.update(compare_from="1"), "compare_from"),
        (lambda v: v["steps"].pop(), "steps"),
        (lambda v: v["steps"][0].update(events="none"), "steps[0].events"),
        (lambda v: v.update(config=[]), "config"),
    ],
    ids=["fewer-views", "ply", "negative-from", "text-from", "short", "events", "config"],
)
def test_a_malformed_vector_is_a_clear_error(change: Any, path: str) -> None:
    vector = copy.deepcopy(_window())
    steps = _reference(vector)
    change(vector)
    with pytest.raises(guarda.DocumentError) as error:
        compare(vector, steps)
    assert error.value.path == path


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_output_makes_compare_crash(data: st.DataObject) -> None:
    vector = VECTORS["rare-push-claims-loot"]
    steps: list[Any] = _reference(vector)
    index = data.draw(st.integers(0, len(steps) - 1))
    field = data.draw(st.sampled_from(["ply", "legal", "events", "views", "outcome", "junk"]))
    step = dict(steps[index])
    step[field] = data.draw(_JSON)
    steps[index] = data.draw(st.sampled_from([step, step[field]]))
    for level in LEVELS:
        found = compare(vector, steps, level=level)  # a difference or None, never an error
        assert found is None or str(found)
