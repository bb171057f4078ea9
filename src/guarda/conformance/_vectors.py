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
from guarda.conformance._generic import (
    GAME_FIELD,
    check_game_vector,
    check_steps,
    game_input_of,
    is_game_data,
)
from guarda.conformance._generic_vectors import game_index, generate_game_vectors
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
from guarda.conformance._scenarios import DEAL_FAMILIES, FAMILIES, RARE, Rare
from guarda.conformance._schema import schema_texts
from guarda.conformance._search import reach
from guarda.conformance._select import Window, around, explore, opening, select, windows
from guarda.errors import DocumentError
from guarda.game import Game
from guarda.games import get_game

__all__ = [
    "INDEX",
    "build_vector",
    "check",
    "check_vector",
    "generate",
    "generate_vectors",
    "input_of",
    "load_vector",
    "other_game",
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
    """The input a command reads for a vector: its configuration, seed, state and actions
    (for another game's vector: its game, configuration, seed, salt and actions).

    Examples:
        >>> sorted(input_of(load_vector(vector_files()[0])))
        ['actions', 'compare_from', 'config', 'format', 'seed', 'state', 'version']
    """
    if is_game_data(vector):
        return game_input_of(vector)
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


def _rare_vector(rare: Rare) -> tuple[dict[str, Any], set[str]]:
    actions, kinds = reach(rare)
    start, end = rare.plies
    vector, _ = build_vector(
        rare.name,
        f"{rare.title} (seed {rare.seed}, from ply {start} to ply {end})",
        rare.config(),
        seed=rare.seed,
        state=None,
        actions=actions,
        source={
            "rare": rare.name,
            "seed": rare.seed,
            "plies": [start, end],
            "bias": dict(rare.bias),
        },
        compare_from=start,
    )
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


def other_game(game: str | Game | None) -> Game | None:
    """The game behind the protocol that ``game`` names; None for Guarda (its own vectors).

    Raises:
        ArgumentError: If no registered game has that name.

    Examples:
        >>> other_game(None) is None and other_game("guarda") is None
        True
    """
    if game is None:
        return None
    found = get_game(game)
    return None if found.name == "guarda" else found


def generate_vectors(game: str | Game | None = None) -> list[dict[str, Any]]:
    """Generate every vector of a game (default: Guarda's own set: the rare situations
    first, then the picked windows, then the SHA-256 generator's deals; for another game,
    see the "Conformance vectors" page).

    Raises:
        ArgumentError: If ``game`` names no registered game.
    """
    other = other_game(game)
    if other is not None:
        return generate_game_vectors(other)
    rare = [_rare_vector(each) for each in RARE]
    games = [explore(family, seed) for family in FAMILIES for seed in family.seeds]
    openings = [
        opening(game)
        for game in games
        if game.family.opening and game.seed == game.family.seeds[0]
    ]
    covered = set().union(*(kinds for _, kinds in rare), *(window.kinds for window in openings))
    candidates = [window for game in games for window in windows(game)]
    picked = sorted(select(candidates, covered), key=candidates.index)
    chosen = openings + [window for window in picked if window not in openings]
    chosen += _deal_windows()
    return [vector for vector, _ in rare] + [_window_vector(window)[0] for window in chosen]


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


def _texts(game: Game | None) -> dict[str, str]:
    all_vectors = generate_vectors(game)
    texts = {f"{vector['id']}.json": vector_text(vector) for vector in all_vectors}
    if game is not None:
        texts[INDEX] = vector_text(game_index(game, all_vectors))
        return texts
    texts[INDEX] = vector_text(_index(all_vectors))
    return {**texts, **schema_texts()}


def _existing(directory: Path) -> list[Path]:
    return sorted([*directory.glob("*.json"), *directory.glob("schema/*.json")])


def generate(directory: Path | str | None = None, *, game: str | Game | None = None) -> list[Path]:
    """Write every vector of a game, the index (and for Guarda the schemas) into
    ``directory`` (default: the shipped set of the game, [shipped][guarda.conformance.shipped]).

    Vector and schema files that are no longer generated are removed.

    Args:
        directory: Where to write.
        game: Guarda (None) or another game behind the protocol, by name or object.

    Returns:
        The files written.

    Raises:
        ArgumentError: If ``game`` names no registered game.
    """
    other = other_game(game)
    target = shipped(game) if directory is None else Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    if other is None:
        (target / "schema").mkdir(exist_ok=True)
    texts = _texts(other)
    for old in _existing(target):
        if old.relative_to(target).as_posix() not in texts:
            old.unlink()
    written = []
    for name, text in texts.items():
        path = target / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def check(directory: Path | str | None = None, *, game: str | Game | None = None) -> list[str]:
    """Compare a vector directory (default: the game's shipped set) with a fresh generation.

    Returns:
        One line per file that differs, is missing or is stale; empty when all agree.

    Raises:
        ArgumentError: If ``game`` names no registered game.
    """
    other = other_game(game)
    source = shipped(game) if directory is None else Path(directory)
    texts = _texts(other)
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


def shipped(game: str | Game | None = None) -> Path:
    """The directory of the vectors shipped with guarda: Guarda's own in
    ``guarda/conformance/vectors``, another game's in a directory of its name there.

    Raises:
        ArgumentError: If ``game`` names no registered game.

    Examples:
        >>> shipped().name, shipped("guarda") == shipped()
        ('vectors', True)
    """
    root = Path(str(resources.files("guarda.conformance") / "vectors"))
    other = other_game(game)
    return root if other is None else root / other.name


def vector_files(
    paths: Iterable[Path | str] = (), *, game: str | Game | None = None
) -> list[Path]:
    """The vector files of some files and directories (default: the shipped set of
    ``game``, Guarda's by default), sorted.

    A directory gives every ``*.json`` file in it but the index (not its subdirectories).

    Raises:
        DocumentError: If a path does not exist.
        ArgumentError: If ``game`` names no registered game.
    """
    found: list[Path] = []
    given = list(paths) or [shipped(game)]
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
    if GAME_FIELD in vector:
        check_game_vector(vector)
        return
    for key in ("id", "config", "seed", "state", "actions", "steps"):
        if key not in vector:
            raise DocumentError("missing required field", path=key)
    if not isinstance(vector["id"], str):
        raise DocumentError(f"the id is a string, not {vector['id']!r:.60}", path="id")
    if not isinstance(vector["config"], dict):
        raise DocumentError("the configuration is a config document (an object)", path="config")
    if not isinstance(vector["actions"], list):
        raise DocumentError("the actions are an array of notation strings", path="actions")
    check_steps(vector, _STEP_KEYS, ("legal", "rulings"))
