"""guarda.render: golden pictures and texts, well-formed SVG, views that keep secrets.

The golden files live in ``tests/data/render/``; ``tests/render_goldens.py`` lists them
and rewrites them (``PYTHONPATH=src python tests/render_goldens.py``) after an intended
change to the pictures.
"""

from __future__ import annotations

import ast
import importlib.util
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import (
    ArgumentError,
    Attack,
    GuardaError,
    Move,
    Orientation,
    ParseError,
    PlacePiece,
    Push,
    render,
    rules,
)
from render_goldens import CASES, GOLDEN, attack_3p, classic_4p, modern_2p

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    """The root of an SVG picture, checked to be well-formed with a title and description."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    title, description = root[0], root[1]
    assert title.tag == f"{SVG}title" and title.text
    assert description.tag == f"{SVG}desc" and description.text
    assert root.get("role") == "img"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    return root


def tokens(picture: str) -> set[str]:
    """Every word of the picture's text and attribute values."""
    root = ET.fromstring(picture)
    words = set()
    for node in root.iter():
        for value in [node.text or "", *node.attrib.values()]:
            words.update(re.findall(r"[A-Za-z0-9]+", value))
    return words


# -- golden files ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_file(name: str) -> None:
    drawn = CASES[name]()
    if name.endswith(".svg"):
        parse(drawn)
    path = GOLDEN / name
    assert path.exists(), f"no golden file {name}: run python tests/render_goldens.py"
    assert drawn.encode("utf-8") == path.read_bytes(), (
        f"{name} differs from its golden file; if the change is intended, run "
        "PYTHONPATH=src python tests/render_goldens.py and review the difference"
    )


def test_every_golden_file_has_a_case() -> None:
    assert {path.name for path in GOLDEN.iterdir()} == set(CASES)


def test_goldens_script_checks_without_writing(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location(
        "goldens_script", ROOT / "tests" / "render_goldens.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--check"]) == 0
    assert capsys.readouterr().out == ""


def test_numbers_have_fixed_formatting() -> None:
    for name, draw in CASES.items():
        if not name.endswith(".svg"):
            continue
        for node in ET.fromstring(draw()).iter():
            for key in ("x", "y", "width", "height", "cx", "cy", "r", "stroke-width"):
                value = node.get(key)
                if value is not None and not value.endswith("%"):
                    assert re.fullmatch(r"-?\d+(\.\d{1,2})?", value), (name, key, value)


def test_pictures_are_the_same_in_another_process() -> None:
    code = (
        "import sys; sys.path.insert(0, 'tests'); from render_goldens import CASES; "
        "sys.stdout.write(CASES['attack-3p.svg']())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONHASHSEED": "123", "PYTHONPATH": str(ROOT / "src")},
        timeout=120,
    )
    assert done.stdout == CASES["attack-3p.svg"]()


# -- what the pictures show -----------------------------------------------------------


def test_a_view_shows_its_own_hand_and_hides_the_others() -> None:
    state = modern_2p()
    full = render.field_svg(state)
    north = render.field_svg(guarda.view(state, 1))
    spectator = render.field_svg(guarda.view(state, None))
    assert "hand: ALL H2 V1 V4 X" in full and "hand: H1 H4 V3 X" in full
    assert "guard: V2 set to block" in full
    assert "hand: H1 H4 V3 X" in north and "hand: ALL H2 V1 V4 X" not in north
    assert "hand: 5 cards, hidden" in north and "guard: H5 preparing" in north
    assert "V2 set to block" not in north and "guard: set" in north
    assert "hand: 5 cards, hidden" in spectator and "hand: 4 cards, hidden" in spectator
    assert "Seen by North (player 1)" in north and "Seen by a spectator" in spectator


def test_the_field_shows_pieces_loot_hill_and_the_player_to_act() -> None:
    root = parse(render.field_svg(classic_4p()))
    titles = [node.text or "" for node in root.iter(f"{SVG}title")]
    assert "South (player 0) on c1: health 9, points 0, guard none" in titles
    assert "West (player 1) on a4: health 10, points 0, guard H4 preparing" in titles
    assert "loot of 2 on d5" in titles
    assert not any(title.startswith("North (player 2) on") for title in titles)
    assert "North (player 2), out" in tokens_text(root)
    hill = render.field_svg(
        guarda.PositionBuilder(guarda.modern(win="king-of-the-hill"), seed=1)
        .player(0, position="a1")
        .player(1, position="e5")
        .to_act(0)
        .build()
    )
    assert hill.count('fill="#f0cf62"') == 1  # the hill: c3 alone on a 5x5 field


def tokens_text(root: ET.Element) -> str:
    return "\n".join(node.text or "" for node in root.iter(f"{SVG}text"))


def test_attack_overlay_agrees_with_the_rules() -> None:
    state = attack_3p()
    cards = ("H3", "H3", "V2")
    root = parse(render.action_svg(state, Attack(cards)))
    covered = {cell for card in cards for cell in rules.covered_cells(state.config, 0, card)}
    overlays = [node for node in root.iter(f"{SVG}rect") if node.get("fill-opacity") == "0.4"]
    assert len(overlays) == len(covered)
    text = tokens_text(root)
    hits = rules.attack_targets(state, cards)
    assert [(hit.player, hit.damage) for hit in hits] == [(1, 2), (2, 1)]
    for hit in hits:
        assert f"-{hit.damage}" in text.splitlines()
    assert "hits West for 2, North for 1" in text


def test_card_picture_highlights_the_covered_cells_from_each_seat() -> None:
    config = guarda.classic(players=4)
    for player in range(4):
        for orientation in Orientation:
            root = parse(render.card_svg(config, "V2", player, orientation))
            covered = rules.covered_cells(config, player, "V2", orientation)
            marks = [
                node for node in root.iter(f"{SVG}rect") if node.get("fill-opacity") == "0.45"
            ]
            assert len(marks) == len(covered) == 6
            assert "covers " + " ".join(cell.name for cell in covered) in tokens_text(root)
    both = render.card_svg(classic_4p(), "H2", 1)
    assert "Attack orientation" in both and "Defensive orientation" in both
    assert "an attack with it hits" in both


def test_move_push_and_place_overlays() -> None:
    state = modern_2p()
    moved = render.action_svg(state, Move("E", ("V1", "X")))
    assert "South moves b2-d2" in moved
    built = (
        guarda.PositionBuilder(guarda.modern(players=2), seed=1)
        .player(0, position="b2", hand=("V2", "H5", "X"))
        .player(1, position="b3")
        .to_act(0, guarda.Phase.MOVE)
        .build()
    )
    assert "South pushes North b3-b5" in render.action_svg(built, Push("N", ("V2", "H5")))
    start = guarda.new_game(guarda.modern(players=2), seed=2)
    placed = render.action_svg(start, PlacePiece("a1"))
    assert "the piece goes on a1" in placed


def test_legality_note() -> None:
    state = attack_3p()
    assert "Not legal now" in render.action_svg(state, Attack(("V1",)))
    assert "Not legal now" not in render.action_svg(state, Attack(("V2",)))
    own = guarda.view(state, 0)
    assert "Not legal now" in render.action_svg(own, Attack(("V1",)))


def test_repr_svg_of_states_views_cards_and_actions() -> None:
    state = modern_2p()
    mine = guarda.view(state, 0)
    assert state._repr_svg_() == render.field_svg(state)
    assert mine._repr_svg_() == render.field_svg(mine)
    card = state.config.deck[0].card
    assert card._repr_svg_() == render.card_type_svg(card)
    for action in guarda.legal_actions(state)[:5]:
        picture = action._repr_svg_()
        assert picture is not None and guarda.format_action(action) in picture
        parse(picture)
    for value in (state, mine, card, guarda.Pass()):
        assert render.svg(value) == value._repr_svg_()


def test_awkward_names_give_well_formed_xml() -> None:
    config = guarda.custom(3, name='<A & "B">\x00\ud800')
    picture = render.field_svg(guarda.new_game(config, seed=1))
    root = parse(picture)
    assert root[0].text is not None and '<A & "B">\ufffd\ufffd' in root[0].text
    picture.encode("utf-8")


# -- bad input ------------------------------------------------------------------------


def test_bad_arguments_raise_guarda_errors() -> None:
    state = attack_3p()
    config = state.config
    cases: list[tuple[type[GuardaError], str | None, str | None, object]] = [
        (ArgumentError, "position", None, lambda: render.field_svg("c3")),  # type: ignore[arg-type]
        (ArgumentError, "position", None, lambda: render.text(config)),  # type: ignore[arg-type]
        (ArgumentError, "card", "R3", lambda: render.card_svg(config, "V9", 0)),
        (ArgumentError, "player", "R4", lambda: render.card_svg(config, "V1", 3)),
        (ArgumentError, "player", "R4", lambda: render.card_svg(config, "V1", True)),
        (ParseError, "orientation", "R6", lambda: render.card_svg(config, "V1", 0, "sideways")),
        (ArgumentError, "orientation", "R6", lambda: render.card_svg(config, "V1", 0, 2)),  # type: ignore[arg-type]
        (ArgumentError, "source", None, lambda: render.card_svg("Modern", "V1", 0)),  # type: ignore[arg-type]
        (ArgumentError, "card", None, lambda: render.card_type_svg("X")),  # type: ignore[arg-type]
        (ArgumentError, "action", None, lambda: render.action_svg(state, "attack V2")),  # type: ignore[arg-type]
        (ArgumentError, "action", None, lambda: render.action_label_svg(None)),  # type: ignore[arg-type]
        (ArgumentError, "player", "R4", lambda: render.action_svg(state, guarda.Pass(), 5)),
        (
            ArgumentError,
            "action.cards[1]",
            "R3",
            lambda: render.action_svg(state, Attack(("V2", "V9"))),
        ),
        (ArgumentError, "action.cards", "R14", lambda: render.action_svg(state, Attack(()))),
        (ArgumentError, "action", "R13", lambda: render.action_svg(state, Move("S", ("V2",)))),
        (
            ArgumentError,
            "action.direction",
            "R13",
            lambda: render.action_svg(state, Push("N", ("V2",))),
        ),
        (ArgumentError, "action.cell", "R9", lambda: render.action_svg(state, PlacePiece("c3"))),
        (ArgumentError, "value", None, lambda: render.svg(3)),  # type: ignore[arg-type]
        (ArgumentError, "config", None, lambda: render.seat_names("Modern")),  # type: ignore[arg-type]
    ]
    for kind, path, rule, call in cases:
        assert callable(call)
        with pytest.raises(kind) as caught:
            call()
        assert caught.value.path == path, (path, caught.value)
        assert caught.value.rule == rule, (rule, caught.value)


def test_a_finished_game_needs_a_named_player_for_an_action() -> None:
    state = guarda.new_game(guarda.grda(players=2), seed=3)
    choose = random.Random(3)
    while not state.is_over:
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    with pytest.raises(ArgumentError, match="name the player"):
        render.action_svg(state, guarda.Pass())
    assert "Not legal now" not in render.action_svg(state, guarda.Pass(), 0)
    assert "Game over: " in render.field_svg(state)


# -- secrets: a view's picture never shows another player's hidden card ----------------

CONFIGS = [
    guarda.modern(players=2),
    guarda.classic(players=4),
    guarda.grda(players=3, win="exhaustion", stakes="scavenger", ante=1),
    guarda.modern(players=3, win="king-of-the-hill"),
    guarda.custom(7, players=6, teams=[[0, 2, 4], [1, 3, 5]], win="victory"),
]


def _known(view: guarda.PlayerView) -> set[str]:
    """The card names the viewer may know anything about."""
    known = set(view.hand) | set(view.discard_hidden) | set(view.draw_pile_cards)
    if view.guard is not None:
        known.add(view.guard.card)
    for public in view.players:
        known |= set(public.in_play) | set(public.discard_known)
    if view.attack is not None:
        known |= set(view.attack.cards)
    return known


@settings(max_examples=30)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
)
def test_a_views_picture_never_names_a_hidden_card(
    config: guarda.Config, seed: int, steps: int
) -> None:
    state = guarda.new_game(config, seed=seed)
    choose = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    everyone = tokens(render.field_svg(state))
    for player in state.players:  # the full state shows every hand, so the check can fail
        assert player.is_out or set(player.hand) <= everyone
    for viewer in [None, *range(config.players)]:
        seen = guarda.view(state, viewer)
        hidden: set[str] = set()
        for index, player in enumerate(state.players):
            if index != viewer:
                hidden |= set(player.hand) | set(player.draw_pile) | set(player.discard_hidden)
                if player.guard is not None:
                    hidden.add(player.guard.card)
        hidden -= _known(seen)
        assert not hidden & tokens(render.field_svg(seen)), (viewer, hidden)
        assert not hidden & set(re.findall(r"[A-Za-z0-9]+", render.text(seen))), viewer


@settings(max_examples=25)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
)
def test_every_legal_action_draws_and_is_legal_in_its_picture(
    config: guarda.Config, seed: int, steps: int
) -> None:
    state = guarda.new_game(config, seed=seed)
    choose = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    if state.is_over:
        return
    actions = list(guarda.legal_actions(state))
    mine = guarda.view(state, state.actor)
    for action in choose.sample(actions, min(12, len(actions))):
        for position in (state, mine):
            picture = render.action_svg(position, action)
            parse(picture)
            assert "Not legal now" not in picture
            assert guarda.format_action(action) in picture


# -- layering -------------------------------------------------------------------------


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def test_the_core_never_imports_render_and_render_uses_the_public_api() -> None:
    package = ROOT / "src" / "guarda"
    for path in package.glob("*.py"):
        if path.name in ("__init__.py", "__main__.py"):
            continue  # the demo prints with the renderer; the facade is checked below
        assert not any(name.startswith("guarda.render") for name in _imports(path)), path
    for path in (package / "render").glob("*.py"):
        for name in _imports(path):
            if name.startswith("guarda.render.") or not name.startswith("guarda"):
                continue  # the layer's own modules, and other packages
            assert not any(part.startswith("_") for part in name.split(".")), (path, name)


def test_the_facade_does_not_import_render() -> None:
    assert not any(
        name.startswith("guarda.render") or name == "guarda.render"
        for name in _imports(ROOT / "src" / "guarda" / "__init__.py")
    )
    assert "from guarda import render" not in (ROOT / "src" / "guarda" / "__init__.py").read_text()


@pytest.mark.parametrize("statement", ["import guarda.render", "from guarda.render import svg"])
def test_importing_render_installs_the_pictures_in_a_fresh_process(statement: str) -> None:
    code = f"{statement}; import guarda; print(guarda.Pass()._repr_svg_()[:4])"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(ROOT / "src")},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "<svg\n"


# -- the pictures of the docs -------------------------------------------------------------


def _docs_pictures() -> dict[str, str]:
    spec = importlib.util.spec_from_file_location(
        "docs_pictures", ROOT / "docs" / "hooks" / "pictures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pictures: dict[str, str] = module.pictures()
    return pictures


def test_the_docs_pictures_are_drawn_and_used() -> None:
    pictures = _docs_pictures()
    for name, picture in pictures.items():
        assert name.endswith(".svg")
        parse(picture)
    used = set()
    for page in (ROOT / "docs").glob("*.md"):
        used |= set(re.findall(r"pictures/([a-z0-9-]+\.svg)", page.read_text(encoding="utf-8")))
    assert used, "the docs use no picture"
    assert used <= set(pictures), used - set(pictures)


def test_after_import_guarda_alone_values_draw_themselves() -> None:
    # A notebook: `import guarda`, then a state. The first picture loads guarda.render by
    # name, and set_svg_renderer(None) turns pictures off for good.
    script = """
import sys
import guarda
assert "guarda.render" not in sys.modules
state = guarda.new_game(guarda.modern(), seed=1)
pictures = [state, guarda.view(state, 0), guarda.modern().deck[0].card, guarda.Pass()]
print(all(value._repr_svg_().startswith("<svg") for value in pictures))
print("guarda.render" in sys.modules)
guarda.set_svg_renderer(None)
print(state._repr_svg_())
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.split() == ["True", "True", "None"]
