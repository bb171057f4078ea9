"""Conformance vectors of every game behind the game protocol, in the same staged format.

Every registered game ships vectors that are a fresh generation and that guarda's
reference driver passes; the generic path (generation, the reference driver, comparison
at each level, ``guarda verify --game``) is proved on the toy game, which speaks only the
protocol.
"""

from __future__ import annotations

import copy
import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import guarda
import toy_driver
from guarda import conformance
from guarda.conformance import LEVELS, compare, generate, input_of, load_vector, results, verify
from guarda.conformance._generic import GAME_STEP_KEYS, build_game_vector
from guarda.conformance._generic_vectors import play_game
from guarda.conformance._vectors import vector_text
from guarda.games import GAMES
from toy_game import TOY

DRIVER = Path(toy_driver.__file__).resolve()
REFERENCE = [sys.executable, "-m", "guarda.conformance", "run"]


# -- every registered game --------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_ships_a_fresh_generation(name: str) -> None:
    assert conformance.shipped(name).is_dir(), f"{name} ships no conformance vectors"
    assert conformance.check(game=name) == []
    total = sum(path.stat().st_size for path in conformance.shipped(name).glob("*.json"))
    assert total < 3_000_000, f"{name}: {total} bytes of vectors; keep them to a few MB"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_reference_agrees_with_every_shipped_vector_of_every_game(name: str) -> None:
    files = conformance.vector_files(game=name)
    assert files
    for path in files:
        vector = load_vector(path)
        assert vector.get("game", "guarda") == name
        assert compare(vector, list(results(input_of(vector)))) is None, path.name


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_reference_driver_plays_every_game_behind_the_protocol(
    name: str, tmp_path: Path
) -> None:
    game = GAMES[name]
    played = play_game(game, game.min_players, 1)
    vector, _ = build_game_vector(
        game,
        f"{name}-generic",
        "the generic format",
        played.config,
        seed=1,
        actions=played.actions[:12],
        source={},
        compare_from=4,
    )
    path = tmp_path / "generic.json"
    path.write_text(vector_text(vector), encoding="utf-8")
    [result] = verify(REFERENCE, [path], game=name, timeout=120)
    assert result.passed, result.difference
    assert [level for level, found in result.levels if found is None] == list(LEVELS)


# -- the generic path, on the toy game ----------------------------------------------------------


@pytest.fixture(scope="module")
def toy_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("toy")
    generate(directory, game=TOY)
    return directory


def _toy_vectors(directory: Path) -> list[dict[str, Any]]:
    return [load_vector(path) for path in conformance.vector_files([directory])]


def test_toy_vectors_cover_every_kind_and_whole_games(toy_dir: Path) -> None:
    vectors = _toy_vectors(toy_dir)
    kinds = {kind for vector in vectors for step in vector["steps"] for kind in step["kinds"]}
    assert kinds == {"action:Lay", "event:Laid", "end", "end:win", "end:draw"}
    whole = [v for v in vectors if v["compare_from"] == 0 and v["steps"][-1]["scores"]]
    assert whole and all(v["id"].startswith("toy-2p-") for v in vectors)
    index = json.loads((toy_dir / "index.json").read_text(encoding="utf-8"))
    assert index["game"] == "toy" and len(index["vectors"]) == len(vectors)
    assert set(index["coverage"]) == kinds
    assert not (toy_dir / "schema").exists()


def test_a_toy_vector_holds_the_staged_format(toy_dir: Path) -> None:
    vector = _toy_vectors(toy_dir)[0]
    assert vector["game"] == "toy" and vector["salt"] == "" and isinstance(vector["seed"], int)
    assert TOY.loads(json.dumps(vector["config"])) == TOY.default_config()
    assert "state" not in vector and "rulings" not in vector
    for step in vector["steps"]:
        assert tuple(step) == GAME_STEP_KEYS
        assert len(step["events"]) == len(step["views"]) == 2
        assert [view["data"]["player"] for view in step["views"]] == [0, 1]
    first, last = vector["steps"][0], vector["steps"][-1]
    assert first["events"] == [[], []] and first["scores"] is None  # the protocol's new game
    assert sorted(last["scores"]) in ([0.0, 1.0], [0.5, 0.5]) and last["legal"] == []
    assert sorted(input_of(vector)) == [
        "actions",
        "compare_from",
        "config",
        "format",
        "game",
        "salt",
        "seed",
        "version",
    ]


def test_toy_vectors_inputs_and_results_match_the_game_schemas(toy_dir: Path) -> None:
    def validator(name: str) -> jsonschema.Draft202012Validator:
        schema = conformance.json_schema(name)
        jsonschema.Draft202012Validator.check_schema(schema)
        return jsonschema.Draft202012Validator(schema)

    vectors, inputs, steps = (
        validator("game-vector"),
        validator("game-input"),
        validator("game-step"),
    )
    for vector in _toy_vectors(toy_dir):
        vectors.validate(vector)
        inputs.validate(input_of(vector))
        for step in results(input_of(vector), game=TOY):
            steps.validate(step)
    with pytest.raises(jsonschema.ValidationError):
        steps.validate({"ply": 0, "legal": [], "outcome": None})
    shipped = conformance.shipped() / "schema" / "game-vector.schema.json"
    assert json.loads(shipped.read_text(encoding="utf-8")) == conformance.json_schema(
        "game-vector"
    )


def test_check_finds_changed_missing_and_stale_toy_files(toy_dir: Path, tmp_path: Path) -> None:
    assert conformance.check(toy_dir, game=TOY) == []
    generate(tmp_path, game=TOY)
    first = sorted(tmp_path.glob("toy-*.json"))[0]
    first.write_text(first.read_text(encoding="utf-8").replace('"4"', '"5"'), encoding="utf-8")
    (tmp_path / "toy-old.json").write_text("{}", encoding="utf-8")
    problems = conformance.check(tmp_path, game=TOY)
    assert f"{first.name}: differs from a fresh generation" in problems
    assert "toy-old.json: stale (not generated)" in problems
    generate(tmp_path, game=TOY)
    assert conformance.check(tmp_path, game=TOY) == []


EXPECTED = {
    "ok": ("events", None),
    "int-scores": ("events", None),
    "scores": ("outcome", "scores[0]"),
    "views": ("views", "views[0].data.wins[0]"),
    "events": ("events", "events[0]"),
}
"""For each way the toy driver prints: the first level it fails, and where (or passes)."""


@pytest.mark.parametrize("mode", toy_driver.MODES)
def test_verify_climbs_the_levels_on_another_game(mode: str, toy_dir: Path) -> None:
    command = [sys.executable, str(DRIVER), mode]
    found = verify(command, [toy_dir], game=TOY, timeout=120, jobs=2)
    assert found
    failing, where = EXPECTED[mode]
    for result in found:
        levels = dict(result.levels)
        assert list(levels) == list(LEVELS)
        below = LEVELS[: LEVELS.index(failing)]
        assert all(levels[level] is None for level in below), result
    if where is None:
        assert all(result.passed for result in found)
        return
    failed = [result.difference for result in found if result.difference is not None]
    assert failed
    first = failed[0]
    assert first.where.startswith(where), first
    assert first.ply is not None and first.ply > 0 and "; kinds action:Lay" in str(first)


def test_guarda_verify_runs_a_game_named_on_the_command_line(toy_dir: Path) -> None:
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(DRIVER))} views"
    done = subprocess.run(
        [sys.executable, "-m", "guarda", "verify", str(toy_dir), "--command", command],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    # The vectors name the toy game, which is not registered: comparing needs no game,
    # and the driver plays it itself.
    assert done.returncode == 1, done.stderr
    assert "FAIL  toy-2p-" in done.stdout and "; kinds " in done.stdout
    count = len(_toy_vectors(toy_dir))
    assert done.stdout.splitlines()[-6:-1] == [
        "level    passed",
        f"legal    {count}/{count}",
        f"outcome  {count}/{count}",
        f"views    0/{count}",
        f"events   0/{count}",
    ]
    wrong = subprocess.run(
        [sys.executable, "-m", "guarda", "verify", "--game", "chess", "--command", command],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert wrong.returncode == 2 and "no game called 'chess'" in wrong.stderr


def test_verify_refuses_vectors_of_another_game(toy_dir: Path) -> None:
    with pytest.raises(guarda.DocumentError) as error:
        verify(REFERENCE, [toy_dir], game="guarda")
    assert error.value.path == "game"
    with pytest.raises(guarda.ArgumentError):
        verify(REFERENCE, [toy_dir], game="chess")


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda v: v.pop("salt"), "salt"),
        (lambda v: v["steps"][0].pop("kinds"), "steps[0].kinds"),
        (lambda v: v["steps"][0]["views"].pop(), "steps[0].views"),
        (lambda v: v["steps"].pop(), "steps"),
        (lambda v: v.update(game=3), "game"),
    ],
    ids=["salt", "kinds", "views", "short", "game"],
)
def test_a_malformed_game_vector_is_a_clear_error(change: Any, path: str, toy_dir: Path) -> None:
    vector = copy.deepcopy(_toy_vectors(toy_dir)[0])
    steps = list(results(input_of(vector), game=TOY))
    change(vector)
    with pytest.raises(guarda.DocumentError) as error:
        compare(vector, steps)
    assert error.value.path == path


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"game": "chess"}, "game"),
        ({"config": {"kind": "config", "players": 3}}, "config"),
        ({"config": 2}, "config"),
        ({"salt": 1}, "salt"),
        ({"seed": True}, "seed"),
        ({"compare_from": 99}, "compare_from"),
    ],
)
def test_the_reference_refuses_malformed_input_of_another_game(
    change: dict[str, Any], path: str, toy_dir: Path
) -> None:
    data = {**input_of(_toy_vectors(toy_dir)[0]), **change}
    game = None if "game" in change else TOY
    with pytest.raises(guarda.DocumentError) as error:
        list(results(data, game=game))
    assert error.value.path == path


def test_an_unregistered_game_is_refused_by_the_reference_command(toy_dir: Path) -> None:
    data = input_of(_toy_vectors(toy_dir)[0])
    done = subprocess.run(
        REFERENCE, input=json.dumps(data), capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2 and "no game called 'toy'" in done.stderr


def test_scores_compare_as_numbers_and_legal_actions_as_a_set(toy_dir: Path) -> None:
    vector = next(v for v in _toy_vectors(toy_dir) if v["compare_from"] == 0)
    steps = [toy_driver.change("int-scores", step) for step in results(input_of(vector), game=TOY)]
    assert compare(vector, steps) is None
    steps[0]["legal"] = steps[0]["legal"][::-1]
    assert compare(vector, steps) is None or len(set(steps[0]["legal"])) < 2
    if len(steps[0]["legal"]) > 1:
        found = compare(vector, steps, ordered=True)
        assert found is not None and found.where.startswith("legal")
    steps[-1]["scores"] = ["1", "0"]
    found = compare(vector, steps, level="outcome")
    assert found is not None and found.where.startswith("scores")
