"""guarda.plot (extra ``plot``, nox session ``plot``): PNG files of game statistics."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import random
from pathlib import Path

import pytest

import guarda
from guarda import stats

matplotlib = pytest.importorskip("matplotlib")

from matplotlib import image  # noqa: E402 - once the extra is known to be installed
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from guarda import plot  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def random_records(config: guarda.Config, count: int) -> list[guarda.GameRecord]:
    records = []
    for seed in range(count):
        recorder = guarda.Recorder(config, seed=seed)
        choose = random.Random(seed)
        while not recorder.state.is_over:
            recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
        records.append(recorder.record())
    return records


def bars(axes: Axes) -> list[Rectangle]:
    return [patch for patch in axes.patches if isinstance(patch, Rectangle)]


@pytest.fixture(scope="module")
def summary() -> stats.GameStats:
    return stats.summarize(random_records(guarda.classic(players=3, turn_limit=40), 6))


def test_save_plots_writes_every_png(summary: stats.GameStats, tmp_path: Path) -> None:
    written = plot.save_plots(summary, tmp_path / "plots", dpi=50)
    assert set(written) == {*plot.PLOTS, "dashboard"}
    for name, path in written.items():
        assert path == tmp_path / "plots" / f"{name}.png"
        assert path.read_bytes().startswith(PNG_SIGNATURE)
        pixels = image.imread(path)
        height, width = pixels.shape[:2]
        if name == "dashboard":
            assert (width, height) == (13 * 50, 12 * 50)
        else:
            assert (width, height) == (320, 200)  # 6.4 by 4 inches at 50 dpi
        assert pixels.std() > 0.05  # something is drawn, not a blank canvas
        colours = {tuple(pixel) for pixel in pixels.reshape(-1, pixels.shape[2])[::7]}
        assert len(colours) > 8


def test_each_plot_shows_the_statistics(summary: stats.GameStats) -> None:
    lengths = plot.plot_game_lengths(summary).axes[0]
    assert sum(patch.get_height() for patch in bars(lengths)) == summary.games
    branching = plot.plot_branching(summary).axes[0]
    assert [tick.get_text() for tick in branching.get_xticklabels()] == [
        str(item.phase) for item in summary.branching
    ]
    assert [patch.get_height() for patch in bars(branching)] == pytest.approx(
        [item.actions.mean for item in summary.branching]
    )
    results = plot.plot_results(summary).axes[0]
    assert len(bars(results)) == 3 * (1 + summary.config.players)  # wins, draws, losses
    legend = results.get_legend()
    assert legend is not None
    assert [text.get_text() for text in legend.get_texts()] == [
        "wins",
        "draws",
        "losses",
    ]
    cards = plot.plot_card_uses(summary).axes[0]
    totals = {row.card: row.total for row in summary.card_uses}
    heights: dict[float, float] = {}
    for patch in bars(cards):
        heights[patch.get_x()] = heights.get(patch.get_x(), 0) + patch.get_height()
    assert sorted(heights.values()) == sorted(totals.values())
    damage = plot.plot_damage(summary).axes[0]
    assert sum(patch.get_height() for patch in bars(damage)) == len(summary.damage_per_turn)
    endings = plot.plot_endings(summary).axes[0]
    assert sorted(patch.get_width() for patch in bars(endings)) == sorted(
        count for _, count in summary.endings
    )
    dashboard = plot.plot_dashboard(summary)
    assert isinstance(dashboard, Figure)
    assert [axes.get_title() for axes in dashboard.axes] == [
        "Game length",
        "Branching factor (mean, min to max)",
        f"Results of {summary.finished} finished games (win rate: 95% interval)",
        "Cards played, and how",
        "Damage per turn",
        "How games end",
    ]


def test_plots_leave_pyplot_alone(summary: stats.GameStats) -> None:
    backend = matplotlib.get_backend()
    plot.plot_dashboard(summary)
    assert matplotlib.get_backend() == backend


def test_bad_input_is_an_argument_error(summary: stats.GameStats, tmp_path: Path) -> None:
    with pytest.raises(guarda.ArgumentError) as caught:
        plot.plot_results("stats")  # type: ignore[arg-type]
    assert caught.value.path == "stats"
    with pytest.raises(guarda.ArgumentError) as caught:
        plot.save_plots(summary, tmp_path, dpi=0)
    assert caught.value.path == "dpi"
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(guarda.ArgumentError) as caught:
        plot.save_plots(summary, blocker / "plots", dpi=20)
    assert caught.value.path == "directory"


@pytest.mark.parametrize(
    "name",
    [
        "guarda.plot",
        *(f"guarda.plot.{info.name}" for info in pkgutil.iter_modules(plot.__path__)),
    ],
)
def test_docstring_examples(name: str) -> None:
    """The doctests of guarda.plot run here: the default session has no matplotlib."""
    result = doctest.testmod(
        importlib.import_module(name),
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.failed == 0
