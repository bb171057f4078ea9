"""Vector files: building them, writing them, reading them and the shipped set.

A vector is one JSON file (see the "Conformance vectors" page of the documentation for the
format): the input (configuration, seed or state, actions) and the expected step of every
position, each tagged with the rulings it exercises. [generate][guarda.conformance.generate]
writes the whole set and its ``index.json``; [check][guarda.conformance.check] compares a
directory with a fresh generation.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final

import attrs

import guarda
from guarda import Action, Config, EventLog, GameState
from guarda.conformance._reference import (
    INPUT_FORMAT,
    PROTOCOL_VERSION,
    READ_VERSIONS,
    VECTOR_FORMAT,
    compare_from,
    document_data_of_config,
    step_data,
)
from guarda.conformance._rulings import (
    RULINGS,
    UNTESTABLE,
    config_features,
    config_rulings,
    ruling_key,
    step_kinds,
    step_rulings,
)
from guarda.conformance._scenarios import DEAL_FAMILIES, FAMILIES, POSITIONS, Scripted
from guarda.conformance._schema import schema_texts
from guarda.conformance._select import Window, around, explore, opening, select, windows
from guarda.errors import DocumentError

__all__ = [
    "INDEX",
    "build_vector",
    "check",
    "check_vector",
    "generate",
    "generate_vectors",
    "input_of",
    "load_vector",
    "shipped",
    "vector_files",
    "vector_text",
]

INDEX: Final = "index.json"
"""The file of a vector directory that lists its vectors and what they cover."""

INDEX_FORMAT: Final = "guarda-conformance-index"


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def vector_text(vector: dict[str, Any]) -> str:
    """A vector's file text: one line per top-level field and one line per step.

    Examples:
        >>> print(vector_text({"id": "x", "steps": [{"ply": 0}, {"ply": 1}]}))
        {
          "id": "x",
          "steps": [
            {"ply":0},
            {"ply":1}
          ]
        }
        <BLANKLINE>
    """
    lines = ["{"]
    items = list(vector.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(value, list) and value and key in ("steps", "vectors"):
            lines.append(f"  {_compact(key)}: [")
            for number, item in enumerate(value):
                lines.append("    " + _compact(item) + ("," if number < len(value) - 1 else ""))
            lines.append("  ]" + comma)
        else:
            lines.append(f"  {_compact(key)}: {_compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _start_rulings(state: GameState) -> list[str]:
    """Rulings of the events that set up a new game (R9: setup cards are drawn face up)."""
    return ["R9"] if any(isinstance(e, guarda.SetupCardDrawn) for e in state.events) else []


def build_vector(
    name: str,
    title: str,
    config: Config,
    *,
    seed: int | None,
    state: GameState | None,
    actions: Sequence[Action],
    source: dict[str, Any],
    compare_from: int = 0,
) -> tuple[dict[str, Any], set[str]]:
    """Play a vector's input with guarda and record every step from ``compare_from`` on.

    Args:
        name: The vector's id (its file is ``<id>.json``).
        title: What it shows, for people.
        config: The ruleset.
        seed: The seed of a new game; None when ``state`` is given.
        state: A position to start from instead of a new game; its event log is left out.
        actions: The actions, all legal.
        source: Where the vector comes from (a family game or a built position).
        compare_from: The first ply recorded and compared: the actions before it are
            played (a port plays them too) but their steps are left out.

    Returns:
        The vector as JSON data, and the kinds its steps show.
    """
    if state is None:
        assert seed is not None
        current = guarda.new_game(config, seed)
        start_document = None
    else:
        current = attrs.evolve(state, log=EventLog(()))
        start_document = json.loads(guarda.dumps(current, secrets=True))
    steps: list[dict[str, Any]] = []
    if compare_from == 0:
        step = step_data(0, current, current.events)
        steps.append({"ply": 0, "action": None, "rulings": _start_rulings(current), **_rest(step)})
    rulings = config_rulings(config, seed) | {r for step in steps for r in step["rulings"]}
    kinds: set[str] = set()
    for ply, action in enumerate(actions, start=1):
        after, events = guarda.apply(current, action)
        if ply >= compare_from:
            found = list(step_rulings(current, action, after, events))
            kinds |= step_kinds(current, action, after, events)
            rulings.update(found)
            step = step_data(ply, after, events, action)
            steps.append({"ply": ply, "action": step["action"], "rulings": found, **_rest(step)})
        current = after
    vector = {
        "format": VECTOR_FORMAT,
        "version": PROTOCOL_VERSION,
        "id": name,
        "title": title,
        "source": source,
        "features": config_features(config),
        "rulings": sorted(rulings, key=ruling_key),
        "config": document_data_of_config(config),
        "seed": seed,
        "state": start_document,
        "actions": [guarda.format_action(action) for action in actions],
        "compare_from": compare_from,
        "steps": steps,
    }
    return vector, kinds


def _rest(step: dict[str, Any]) -> dict[str, Any]:
    return {key: step[key] for key in ("legal", "events", "views", "outcome")}


def input_of(vector: dict[str, Any]) -> dict[str, Any]:
    """The input a command reads for a vector: its configuration, seed, state and actions.

    Examples:
        >>> sorted(input_of(load_vector(vector_files()[0])))
        ['actions', 'compare_from', 'config', 'format', 'seed', 'state', 'version']
    """
    return {
        "format": INPUT_FORMAT,
        "version": PROTOCOL_VERSION,
        "config": vector["config"],
        "seed": vector["seed"],
        "state": vector["state"],
        "actions": vector["actions"],
        "compare_from": compare_from(vector),
    }


def _window_vector(window: Window) -> tuple[dict[str, Any], set[str]]:
    game = window.game
    family = game.family
    what = "the start" if window.start == 0 else f"ply {window.start}"
    return build_vector(
        window.name,
        f"{family.title}: seed {game.seed}, from {what} to ply {window.end}",
        game.config,
        seed=game.seed,
        state=None,
        actions=game.actions[: window.end],
        source={
            "family": family.name,
            "seed": game.seed,
            "plies": [window.start, window.end],
        },
        compare_from=window.start,
    )


def _scripted_vector(scripted: Scripted) -> tuple[dict[str, Any], set[str]]:
    state = scripted.build()
    actions = tuple(guarda.parse_action(text, state.config) for text in scripted.actions)
    vector, kinds = build_vector(
        scripted.name,
        scripted.title,
        state.config,
        seed=None,
        state=state,
        actions=actions,
        source={"position": scripted.name},
    )
    missing = sorted(set(scripted.expects) - kinds)
    if missing:
        raise AssertionError(f"{scripted.name} no longer shows {', '.join(missing)}")
    return vector, kinds


def _deal_windows() -> list[Window]:
    """The vectors of the other generators' deals: each first game's opening and the
    steps around its first reshuffle."""
    chosen: list[Window] = []
    for family in DEAL_FAMILIES:
        game = explore(family, family.seeds[0])
        reshuffle = around(game, "event:DiscardPileShuffled")
        chosen.append(opening(game))
        if reshuffle is not None and reshuffle.start > 0:
            chosen.append(reshuffle)
    return chosen


def generate_vectors() -> list[dict[str, Any]]:
    """Generate every vector: the built positions first, then the picked windows, then
    the deals of the SHA-256 generator."""
    built = [_scripted_vector(scripted) for scripted in POSITIONS]
    games = [explore(family, seed) for family in FAMILIES for seed in family.seeds]
    openings = [
        opening(game)
        for game in games
        if game.family.opening and game.seed == game.family.seeds[0]
    ]
    covered = set().union(*(kinds for _, kinds in built), *(window.kinds for window in openings))
    candidates = [window for game in games for window in windows(game)]
    picked = sorted(select(candidates, covered), key=candidates.index)
    chosen = openings + [window for window in picked if window not in openings]
    chosen += _deal_windows()
    return [vector for vector, _ in built] + [_window_vector(window)[0] for window in chosen]


def _index(all_vectors: Sequence[dict[str, Any]]) -> dict[str, Any]:
    coverage: dict[str, list[str]] = {ruling: [] for ruling in RULINGS}
    for vector in all_vectors:
        for ruling in vector["rulings"]:
            coverage.setdefault(ruling, []).append(vector["id"])
    return {
        "format": INDEX_FORMAT,
        "version": PROTOCOL_VERSION,
        "vectors": [
            {
                "id": vector["id"],
                "file": f"{vector['id']}.json",
                "title": vector["title"],
                "plies": len(vector["actions"]),
                "compare_from": vector["compare_from"],
                "start": "seed" if vector["state"] is None else "state",
                "features": vector["features"],
                "rulings": vector["rulings"],
            }
            for vector in all_vectors
        ],
        "coverage": {ruling: ids[:8] for ruling, ids in coverage.items()},
        "untestable": UNTESTABLE,
    }


def _texts() -> dict[str, str]:
    all_vectors = generate_vectors()
    texts = {f"{vector['id']}.json": vector_text(vector) for vector in all_vectors}
    texts[INDEX] = vector_text(_index(all_vectors))
    return {**texts, **schema_texts()}


def _existing(directory: Path) -> list[Path]:
    return sorted([*directory.glob("*.json"), *directory.glob("schema/*.json")])


def generate(directory: Path | str) -> list[Path]:
    """Write every vector, the index and the schemas into ``directory``.

    Vector and schema files that are no longer generated are removed.

    Returns:
        The files written.
    """
    target = Path(directory)
    (target / "schema").mkdir(parents=True, exist_ok=True)
    texts = _texts()
    for old in _existing(target):
        if old.relative_to(target).as_posix() not in texts:
            old.unlink()
    written = []
    for name, text in texts.items():
        path = target / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def check(directory: Path | str) -> list[str]:
    """Compare a vector directory with a fresh generation.

    Returns:
        One line per file that differs, is missing or is stale; empty when all agree.
    """
    source = Path(directory)
    texts = _texts()
    problems = []
    for name, text in texts.items():
        path = source / name
        if not path.exists():
            problems.append(f"{name}: missing")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"{name}: differs from a fresh generation")
    problems.extend(
        f"{path.relative_to(source).as_posix()}: stale (not generated)"
        for path in _existing(source)
        if path.relative_to(source).as_posix() not in texts
    )
    return problems


def shipped() -> Path:
    """The directory of the vectors shipped with guarda (``guarda/conformance/vectors``)."""
    return Path(str(resources.files("guarda.conformance") / "vectors"))


def vector_files(paths: Iterable[Path | str] = ()) -> list[Path]:
    """The vector files of some files and directories (default: the shipped set), sorted.

    A directory gives every ``*.json`` file in it but the index.

    Raises:
        DocumentError: If a path does not exist.
    """
    found: list[Path] = []
    given = list(paths) or [shipped()]
    for entry in given:
        path = Path(entry)
        if path.is_dir():
            found.extend(sorted(p for p in path.glob("*.json") if p.name != INDEX))
        elif path.is_file():
            found.append(path)
        else:
            raise DocumentError(f"no such file or directory: {path}", path="vectors")
    return found


def load_vector(path: Path | str) -> dict[str, Any]:
    """Read a vector file.

    Raises:
        DocumentError: If the file is not JSON or not a vector of this version.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise DocumentError(f"cannot read {path}: {error}", path="vector") from error
    if not isinstance(data, dict) or data.get("format") != VECTOR_FORMAT:
        raise DocumentError(f"{path} is not a {VECTOR_FORMAT} file", path="format")
    if data.get("version") not in READ_VERSIONS:
        raise DocumentError(
            f"{path}: version {data.get('version')!r}, this release reads {READ_VERSIONS}",
            path="version",
        )
    check_vector(data)
    return data


_STEP_KEYS: Final = ("ply", "action", "rulings", "legal", "events", "views", "outcome")


def check_vector(vector: Any) -> None:
    """Check that a vector has the fields [compare][guarda.conformance.compare] reads, in
    the shapes it reads them: a malformed vector is a clear error, never a crash.

    Raises:
        DocumentError: Naming the first missing or malformed field.
    """
    if not isinstance(vector, dict):
        raise DocumentError("a vector is a JSON object", path="vector")
    for key in ("id", "config", "seed", "state", "actions", "steps"):
        if key not in vector:
            raise DocumentError("missing required field", path=key)
    if not isinstance(vector["id"], str):
        raise DocumentError(f"the id is a string, not {vector['id']!r:.60}", path="id")
    if not isinstance(vector["config"], dict):
        raise DocumentError("the configuration is a config document (an object)", path="config")
    if not isinstance(vector["actions"], list):
        raise DocumentError("the actions are an array of notation strings", path="actions")
    first = compare_from(vector)
    steps = vector["steps"]
    if not isinstance(steps, list) or not steps:
        raise DocumentError("a vector has at least one step", path="steps")
    seats: int | None = None
    for index, step in enumerate(steps):
        where = f"steps[{index}]"
        if not isinstance(step, dict):
            raise DocumentError("a step is a JSON object", path=where)
        for key in _STEP_KEYS:
            if key not in step:
                raise DocumentError("missing required field", path=f"{where}.{key}")
        if step["ply"] != first + index or isinstance(step["ply"], bool):
            raise DocumentError(
                f"the steps go ply by ply from compare_from ({first}): expected ply "
                f"{first + index}, not {step['ply']!r:.20}",
                path=f"{where}.ply",
            )
        if not isinstance(step["legal"], list) or not isinstance(step["rulings"], list):
            raise DocumentError("legal and rulings are arrays", path=f"{where}.legal")
        for key in ("events", "views"):
            value = step[key]
            if not isinstance(value, list) or not value:
                raise DocumentError("one entry per seat", path=f"{where}.{key}")
            seats = len(value) if seats is None else seats
            if len(value) != seats:
                raise DocumentError(
                    f"{len(value)} entries, but the vector's steps have one per seat ({seats})",
                    path=f"{where}.{key}",
                )
        if not all(isinstance(shown, list) for shown in step["events"]):
            raise DocumentError("each seat's events are an array", path=f"{where}.events")
    if first + len(steps) - 1 != len(vector["actions"]):
        raise DocumentError(
            f"{len(steps)} steps from ply {first} do not end at the last action "
            f"(ply {len(vector['actions'])})",
            path="steps",
        )
