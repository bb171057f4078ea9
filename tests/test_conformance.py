"""Conformance vectors: shipped, fresh, covering everything, and ``guarda verify`` finds
every difference at the right step.

The full set is checked in process by ``test_conformance_games.py`` (for every game);
``guarda verify`` runs as a subprocess against guarda itself on a few vectors, and against
a deliberately broken implementation (``tests/conformance_mutant.py``) once per kind of
mistake.
"""

from __future__ import annotations

import io
import json
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

import conformance_mutant
import guarda
from guarda import conformance, schemas
from guarda._documents import KINDS
from guarda.conformance import (
    RULINGS,
    UNTESTABLE,
    compare,
    first_difference,
    input_of,
    load_vector,
    results,
    shipped,
    vector_files,
    verify,
)

ROOT = Path(__file__).resolve().parent.parent
MUTANT = Path(conformance_mutant.__file__).resolve()
FILES = vector_files()
VECTORS = {path.stem: load_vector(path) for path in FILES}
REFERENCE = f"{shlex.quote(sys.executable)} -m guarda.conformance run"
"""guarda's own side of the protocol, as a command line."""


def smallest(condition: Any) -> Path:
    """The smallest shipped vector file for which ``condition(vector)`` holds."""
    found = [path for path in FILES if condition(VECTORS[path.stem])]
    assert found, "no shipped vector has what the test needs"
    return min(found, key=lambda path: (path.stat().st_size, path.name))


# -- the shipped set ------------------------------------------------------------------------


def test_the_vectors_are_importable_resources_and_small() -> None:
    assert (shipped() / "index.json").is_file()
    assert len(FILES) >= 30
    total = sum(path.stat().st_size for path in shipped().glob("*.json"))
    assert total < 3_000_000, f"{total} bytes: keep the vectors to a few MB"


def test_the_sdist_and_the_wheel_ship_the_vectors() -> None:
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
    location = shipped().resolve()
    if ROOT / "src" in location.parents:  # from the source tree
        assert location.relative_to(ROOT).as_posix() == "src/guarda/conformance/vectors"
    else:  # from an installed wheel (as in the nox session): the wheel shipped them
        assert location.parts[-3:] == ("guarda", "conformance", "vectors")
        assert (location / "index.json").is_file()
    assert "/src" in build["targets"]["sdist"]["include"]
    assert build["targets"]["wheel"]["packages"] == ["src/guarda"]
    assert not build["targets"]["sdist"].get("exclude")


def _steps_of(kind: str) -> set[str]:
    names = set()
    for vector in VECTORS.values():
        for step in vector["steps"]:
            if kind == "action" and step["action"] is not None:
                names.add(type(guarda.parse_action(step["action"])).__name__)
            if kind == "event":
                names.update(event["type"] for seat in step["events"] for event in seat)
    return names


def test_every_ruling_is_covered() -> None:
    covered = {ruling for vector in VECTORS.values() for ruling in vector["rulings"]}
    assert covered == set(RULINGS) - set(UNTESTABLE)
    in_steps = {r for v in VECTORS.values() for step in v["steps"] for r in step["rulings"]}
    # Rulings about the ruleset, the views and reproducibility hold for a whole vector.
    assert set(RULINGS) - in_steps <= {"R1", "R3", "R29", "R30", "P1", "P3", "P18", "P20", "P23"}


def test_every_action_and_event_kind_is_covered() -> None:
    assert _steps_of("action") == {cls.__name__ for cls in guarda.Action.__args__}
    assert _steps_of("event") == {cls.__name__ for cls in guarda.Event.__args__}


def test_every_edition_variant_and_reaction_is_covered() -> None:
    features = [vector["features"] for vector in VECTORS.values()]
    assert {f["edition"] for f in features} == {"Classic", "Modern", "Grda", "custom"}
    assert {f["win"] for f in features} == {
        "elimination",
        "victory",
        "exhaustion",
        "king-of-the-hill",
    }
    assert {f["stakes"] for f in features} == {kind.value for kind in guarda.StakesKind}
    assert {f["teams"] for f in features} == {True, False}
    assert {f["seats"] for f in features} == {"default", "custom"}
    assert {2, 3, 4, 5, 8} <= {f["players"] for f in features}
    activations = {
        (event["orientation"], event["is_critical"])
        for vector in VECTORS.values()
        for step in vector["steps"]
        for event in step["events"][0]
        if event["type"] == "GuardActivated"
    }
    assert activations == {(o, c) for o in ("offensive", "defensive") for c in (True, False)}
    reasons = {
        step["outcome"]["reason"]
        for vector in VECTORS.values()
        for step in vector["steps"]
        if step["outcome"] is not None
    }
    assert reasons == {reason.value for reason in guarda.OutcomeReason}
    starts = {
        vector["features"]["edition"] for vector in VECTORS.values() if vector["seed"] is not None
    }
    assert starts == {"Classic", "Modern", "Grda", "custom"}, "a new game of every edition"


def _registry() -> Registry:
    documents = [schemas.load(kind) for kind in KINDS]
    own = [conformance.json_schema(name) for name in conformance.SCHEMA_NAMES]
    return Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in documents + own
    )


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = conformance.json_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, registry=_registry())


SAMPLE = sorted(
    {
        smallest(lambda v: v["seed"] is not None),
        smallest(lambda v: v["compare_from"] > 0),
        smallest(lambda v: v["steps"][-1]["outcome"] is not None),
        smallest(lambda v: v["features"]["players"] >= 5),
        smallest(lambda v: v["features"]["stakes"] == "scavenger"),
    }
)
"""A few vectors of different kinds (validating all of them takes long: they are alike)."""


def test_vectors_inputs_and_results_match_their_schemas() -> None:
    vectors, inputs, steps = validator("vector"), validator("input"), validator("step")
    for path in SAMPLE:
        vector = VECTORS[path.stem]
        vectors.validate(vector)
        inputs.validate(input_of(vector))
        for step in results(input_of(vector)):
            steps.validate(step)
    with pytest.raises(jsonschema.ValidationError):
        steps.validate(
            {"ply": 0, "legal": [], "events": [], "views": [{"hand": 3}], "outcome": None}
        )


# -- guarda verify against guarda itself ----------------------------------------------------


def test_guarda_verify_passes_against_guarda_itself() -> None:
    picked = [
        smallest(lambda v: v["seed"] is not None),
        smallest(lambda v: "rare" in v["source"] and v["steps"][-1]["outcome"] is not None),
        smallest(lambda v: v["features"]["players"] >= 4),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "guarda", "verify", *map(str, picked), "--command", REFERENCE],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[1] for line in lines[:3]] == [path.stem for path in picked]
    assert lines[-1] == "3 vectors at level events: 3 passed, 0 failed"
    assert lines[3:-1] == ["level    passed"] + [
        f"{level:<8} 3/3" for level in ("legal", "outcome", "views", "events")
    ]


def test_the_testing_kit_runs_the_reference_too() -> None:
    vector = VECTORS[smallest(lambda v: True).stem]
    done = subprocess.run(
        [sys.executable, "-m", "guarda.testing.conformance", "run"],
        input=json.dumps(input_of(vector)),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert conformance.parse_results(done.stdout) == list(results(input_of(vector)))


# -- guarda verify against broken implementations ----------------------------------------


EXPECTED_WHERE = {
    "legal": "legal",
    "leak": "events[",
    "outcome": "outcome.health[0]",
    "event": "events[0][",
}


@pytest.mark.parametrize("mode", conformance_mutant.MODES)
def test_a_broken_implementation_is_caught_at_the_right_step(mode: str) -> None:
    path = smallest(lambda v: conformance_mutant.target(mode, v["steps"]) is not None)
    vector = VECTORS[path.stem]
    ply = conformance_mutant.target(mode, vector["steps"])
    assert ply is not None
    [outcome] = verify([sys.executable, str(MUTANT), mode], [path], timeout=120)
    difference = outcome.difference
    assert difference is not None, f"{mode} went unnoticed in {path.stem}"
    assert difference.ply == ply
    assert difference.where.startswith(EXPECTED_WHERE[mode]), difference
    step = vector["steps"][ply - vector["compare_from"]]
    assert difference.rulings == tuple(step["rulings"])
    assert difference.action == step["action"]
    if mode == "leak":
        assert "R28" in difference.note


def test_guarda_verify_reports_the_step_and_its_rulings() -> None:
    path = smallest(lambda v: conformance_mutant.target("event", v["steps"]) is not None)
    vector = VECTORS[path.stem]
    ply = conformance_mutant.target("event", vector["steps"]) or 0
    step = vector["steps"][ply - vector["compare_from"]]
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(MUTANT))} event"
    done = subprocess.run(
        [sys.executable, "-m", "guarda", "verify", str(path), "--command", command],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    head = done.stdout.splitlines()[0]
    assert head.startswith(f"FAIL  {path.stem}: ply {step['ply']} ({step['action']!r}; rulings ")
    assert ", ".join(step["rulings"]) in head
    summary = done.stdout.splitlines()[-6:]
    assert summary == [
        "level    passed",
        "legal    1/1",
        "outcome  1/1",
        "views    1/1",
        "events   0/1",
        "1 vectors at level events: 0 passed, 1 failed",
    ]


@pytest.mark.parametrize(
    ("script", "where"),
    [
        ("print('not json')", "line 1 of the output is not JSON"),
        ("import sys; sys.exit(3)", "step"),
        ("import time; time.sleep(30)", "timed out after 1 seconds"),
    ],
    ids=["not-json", "no-output", "too-slow"],
)
def test_verify_reports_a_command_that_fails(script: str, where: str) -> None:
    path = smallest(lambda v: True)
    [outcome] = verify([sys.executable, "-c", script], [path], timeout=1)
    assert outcome.difference is not None
    assert outcome.difference.where.startswith(where)


def test_guarda_verify_refuses_bad_arguments() -> None:
    for arguments in (
        ["nowhere.json", "--command", REFERENCE],
        ["--command", "no-such-program-x"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "guarda", "verify", *arguments],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 2, done.stdout
        assert "guarda verify: error:" in done.stderr


# -- compare --------------------------------------------------------------------------------


def _reference(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    vector = VECTORS[path.stem]
    return vector, list(results(input_of(vector)))


def test_compare_takes_legal_actions_in_any_order_unless_asked() -> None:
    vector, steps = _reference(smallest(lambda v: len(v["steps"][0]["legal"]) > 2))
    steps[0]["legal"] = list(reversed(steps[0]["legal"]))
    steps[0]["views"] = [
        {**view, "legal_actions": list(reversed(view["legal_actions"]))}
        for view in steps[0]["views"]
    ]
    assert compare(vector, steps) is None
    found = compare(vector, steps, ordered=True)
    assert found is not None and found.where == "legal[0]" and found.ply == 0


def test_compare_accepts_views_with_config_and_events_and_checks_them() -> None:
    vector, steps = _reference(smallest(lambda v: len(v["steps"]) > 2))
    seen: list[list[Any]] = [[] for _ in steps[0]["views"]]
    for step in steps:
        for seat, view in enumerate(step["views"]):
            seen[seat] = seen[seat] + step["events"][seat]
            view["config"] = vector["config"]["data"]
            view["events"] = list(seen[seat])
    assert compare(vector, steps) is None
    steps[1]["views"][0]["events"] = steps[1]["views"][0]["events"][:-1]
    found = compare(vector, steps)
    assert found is not None and found.ply == 1 and found.where.startswith("views[0].events[")


def test_compare_reports_missing_extra_and_malformed_steps() -> None:
    vector, steps = _reference(smallest(lambda v: len(v["steps"]) > 2))
    found = compare(vector, steps[:-1])
    assert found is not None and found.ply == len(steps) - 1 and found.where == "step"
    found = compare(vector, [*steps, steps[-1]])
    assert found is not None and found.ply == len(steps) and found.where == "step"
    found = compare(vector, [{**steps[0], "extra": 1}, *steps[1:]])
    assert found is not None and found.where == "extra"
    found = compare(vector, [{k: v for k, v in steps[0].items() if k != "outcome"}, *steps[1:]])
    assert found is not None and found.where == "outcome" and found.got == "(missing)"
    wrong = [{**steps[0], "legal": ["place z9"]}, *steps[1:]]
    found = compare(vector, wrong)
    assert found is not None and found.where == "legal (as a set)"
    assert found.got["extra"] == ["(not an action of this game: 'place z9')"]


def test_first_difference_compares_types_and_lengths() -> None:
    assert first_difference({"a": 1}, {"a": True}) == ("a", 1, True)
    assert first_difference([1], [1, 2]) == ("[1]", "(end of the array)", 2)
    assert first_difference({"a": 1}, {"b": 1}) == ("a", 1, "(missing)")
    assert first_difference(None, None) is None


# -- the reference command ------------------------------------------------------------------


def test_run_prints_one_step_per_line() -> None:
    vector = VECTORS[smallest(lambda v: True).stem]
    out = io.StringIO()
    assert conformance.run_main(io.StringIO(json.dumps(input_of(vector))), out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == len(vector["steps"])
    assert compare(vector, [json.loads(line) for line in lines]) is None


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"format": "other"}, "format"),
        ({"version": 3}, "version"),
        ({"seed": "1"}, "seed"),
        ({"actions": "place a1"}, "actions"),
        ({"config": 5}, "config"),
    ],
)
def test_read_input_refuses_malformed_input(
    change: dict[str, Any], path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = input_of(VECTORS[smallest(lambda v: v["compare_from"] > 0).stem])
    with pytest.raises(guarda.GuardaError) as raised:
        conformance.read_input({**data, **change})
    assert raised.value.path == path
    out = io.StringIO()
    assert conformance.run_main(io.StringIO(json.dumps({**data, **change})), out) == 2
    assert out.getvalue() == ""
    assert "guarda.conformance run: error:" in capsys.readouterr().err


def test_an_illegal_action_ends_the_results() -> None:
    vector = VECTORS[smallest(lambda v: len(v["steps"]) > 2).stem]
    ply = next(i for i, step in enumerate(vector["steps"]) if "activate" not in step["legal"])
    data = input_of(vector)
    data["actions"] = [*data["actions"][:ply], "activate", *data["actions"][ply:]]
    assert [step["ply"] for step in results(data)] == list(range(ply + 1))


def test_compare_and_the_tagger_refuse_what_is_not_theirs() -> None:
    with pytest.raises(guarda.DocumentError) as raised:
        compare({"id": "x"}, [])
    assert raised.value.path == "config"
    vector = VECTORS[smallest(lambda v: True).stem]
    broken = {**vector, "steps": [{"ply": 0}]}
    with pytest.raises(guarda.DocumentError) as raised:
        compare(broken, [])
    assert raised.value.path == "steps[0].action"
    with pytest.raises(guarda.ArgumentError):
        compare(vector, "not steps")
    state = guarda.new_game(guarda.modern(), seed=1)
    with pytest.raises(guarda.ArgumentError):
        conformance.step_rulings(state, "place a1", state, ())  # type: ignore[arg-type]
