"""Figures of game statistics, drawn with matplotlib's object API on the Agg canvas.

No pyplot and no global backend: every function builds a
[`matplotlib.figure.Figure`](https://matplotlib.org/stable/api/figure_api.html) of its
own, which renders with Agg when saved, so plotting works on servers, in threads and
in notebooks without changing the caller's matplotlib settings.

Examples:
    >>> import guarda
    >>> from guarda.stats import summarize
    >>> stats = summarize([guarda.record_game(guarda.modern(), 1, [])])
    >>> plot_endings(stats).axes[0].get_title()
    'How games end'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Final

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from guarda.errors import ArgumentError
from guarda.stats import CardUse, GameStats

__all__ = [
    "PLOTS",
    "plot_branching",
    "plot_card_uses",
    "plot_damage",
    "plot_dashboard",
    "plot_endings",
    "plot_game_lengths",
    "plot_results",
    "save_plots",
]

_SIZE: Final = (6.4, 4.0)
_RESULT_COLOURS: Final = ("#4c9a2a", "#b0b0b0", "#c0392b")


def _check(stats: object) -> GameStats:
    if not isinstance(stats, GameStats):
        raise ArgumentError(
            f"not a GameStats (see guarda.stats.summarize): {stats!r}", path="stats"
        )
    if stats.game is not None:
        raise ArgumentError(
            f"the plots are Guarda's (card use, damage, endings): statistics of "
            f"{stats.game.title} have none of them",
            path="stats.game",
        )
    return stats


def _new(size: tuple[float, float] = _SIZE) -> tuple[Figure, Axes]:
    figure = Figure(figsize=size, layout="constrained")
    return figure, figure.add_subplot()


def _draw_lengths(axes: Axes, stats: GameStats) -> None:
    turns = stats.turns
    bins = max(1, min(30, len(set(turns))))
    axes.hist(turns, bins=bins, color="#3b6ea5", edgecolor="white")
    axes.set_title("Game length")
    axes.set_xlabel("turns per game")
    axes.set_ylabel("games")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))


def _draw_branching(axes: Axes, stats: GameStats) -> None:
    phases = [str(item.phase) for item in stats.branching]
    means = [item.actions.mean for item in stats.branching]
    low = [item.actions.mean - item.actions.minimum for item in stats.branching]
    high = [item.actions.maximum - item.actions.mean for item in stats.branching]
    axes.bar(phases, means, yerr=[low, high], capsize=3, color="#7d5ba6")
    axes.set_title("Branching factor (mean, min to max)")
    axes.set_ylabel("legal actions per decision")
    axes.tick_params(axis="x", labelrotation=45)


def _draw_results(axes: Axes, stats: GameStats) -> None:
    rows = [stats.first_player_results, *stats.seats]
    labels = ["first" if row.seat < 0 else f"seat {row.seat}" for row in rows]
    bottom = [0.0] * len(rows)
    for kind, colour in zip(("wins", "draws", "losses"), _RESULT_COLOURS, strict=True):
        rates = [getattr(row, kind).rate for row in rows]
        axes.bar(labels, rates, bottom=bottom, color=colour, label=kind)
        bottom = [b + r for b, r in zip(bottom, rates, strict=True)]
    wins = [row.wins for row in rows]
    axes.errorbar(
        labels,
        [rate.rate for rate in wins],
        yerr=[
            [rate.rate - rate.low for rate in wins],
            [rate.high - rate.rate for rate in wins],
        ],
        fmt="none",
        ecolor="black",
        capsize=4,
    )
    axes.set_ylim(0, 1)
    axes.set_title(f"Results of {stats.finished} finished games (win rate: 95% interval)")
    axes.set_ylabel("share of games")
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")


def _draw_card_uses(axes: Axes, stats: GameStats) -> None:
    cards = [row.card for row in stats.card_uses]
    bottom = [0] * len(cards)
    colours = _palette(len(CardUse))
    for use, colour in zip(CardUse, colours, strict=True):
        counts = [row.count(use) for row in stats.card_uses]
        if any(counts):
            axes.bar(cards, counts, bottom=bottom, color=colour, label=use.value)
            bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    axes.set_title("Cards played, and how")
    axes.set_ylabel("copies played")
    if any(bottom):
        axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="x-small")


def _draw_damage(axes: Axes, stats: GameStats) -> None:
    damage = stats.damage_per_turn
    top = max(damage, default=0)
    axes.hist(damage, bins=[value - 0.5 for value in range(top + 2)], color="#c0392b")
    axes.set_title("Damage per turn")
    axes.set_xlabel("damage dealt in the turn")
    axes.set_ylabel("turns")


def _draw_endings(axes: Axes, stats: GameStats) -> None:
    labels = [ending for ending, _ in stats.endings]
    counts = [count for _, count in stats.endings]
    axes.barh(labels, counts, color="#2a7f8a")
    axes.invert_yaxis()
    axes.set_title("How games end")
    axes.set_xlabel("games")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))


def _palette(count: int) -> list[str]:
    base = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
        "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
    ]  # fmt: skip
    return [base[index % len(base)] for index in range(count)]


def _single(draw: Callable[[Axes, GameStats], None]) -> Callable[[GameStats], Figure]:
    def plot(stats: GameStats) -> Figure:
        figure, axes = _new()
        draw(axes, _check(stats))
        return figure

    return plot


def plot_game_lengths(stats: GameStats) -> Figure:
    """A histogram of the games' lengths in turns.

    Raises:
        ArgumentError: If ``stats`` is not a [`GameStats`][guarda.stats.GameStats].
    """
    return _single(_draw_lengths)(stats)


def plot_branching(stats: GameStats) -> Figure:
    """The mean number of legal actions per phase, with the smallest and largest."""
    return _single(_draw_branching)(stats)


def plot_results(stats: GameStats) -> Figure:
    """Wins, draws and losses of the first player and of each seat, stacked, with the
    95% Wilson interval of the win rate."""
    return _single(_draw_results)(stats)


def plot_card_uses(stats: GameStats) -> Figure:
    """How often each card was played, stacked by how (attack, defence, guard, move...)."""
    return _single(_draw_card_uses)(stats)


def plot_damage(stats: GameStats) -> Figure:
    """A histogram of the damage dealt per turn."""
    return _single(_draw_damage)(stats)


def plot_endings(stats: GameStats) -> Figure:
    """How the games ended (last standing, all out, target reached, turn limit...)."""
    return _single(_draw_endings)(stats)


PLOTS: Final[dict[str, Callable[[GameStats], Figure]]] = {
    "lengths": plot_game_lengths,
    "branching": plot_branching,
    "results": plot_results,
    "cards": plot_card_uses,
    "damage": plot_damage,
    "endings": plot_endings,
}
"""Every single plot by the name [`save_plots`][guarda.plot.save_plots] gives its file."""

_DRAW: Final = (
    _draw_lengths,
    _draw_branching,
    _draw_results,
    _draw_card_uses,
    _draw_damage,
    _draw_endings,
)


def plot_dashboard(stats: GameStats) -> Figure:
    """All six plots in one figure, three rows of two, under a title naming the ruleset.

    Examples:
        >>> import guarda
        >>> from guarda.stats import summarize
        >>> figure = plot_dashboard(summarize([guarda.record_game(guarda.grda(), 2, [])]))
        >>> len(figure.axes)
        6
    """
    stats = _check(stats)
    figure = Figure(figsize=(13.0, 12.0), layout="constrained")
    grid = figure.subplots(3, 2)
    for axes, draw in zip(grid.flat, _DRAW, strict=True):
        draw(axes, stats)
    config = stats.config
    figure.suptitle(f"{config.name}, {config.players} players: {stats.games} games")
    return figure


def save_plots(
    stats: GameStats, directory: str | os.PathLike[str], *, dpi: int = 100
) -> dict[str, Path]:
    """Write every plot and the dashboard as PNG files into ``directory``.

    Args:
        stats: The statistics ([`summarize`][guarda.stats.summarize]).
        directory: Where to write; created if missing. Existing files are replaced.
        dpi: Dots per inch (a single plot is 6.4 by 4 inches).

    Returns:
        Each file by plot name: the names of [`PLOTS`][guarda.plot.PLOTS] and
        ``"dashboard"``, as ``<name>.png``.

    Raises:
        ArgumentError: If ``stats`` is not a [`GameStats`][guarda.stats.GameStats],
            ``dpi`` is not a positive integer, or the directory cannot be written.
    """
    stats = _check(stats)
    if not isinstance(dpi, int) or isinstance(dpi, bool) or not 10 <= dpi <= 1000:
        raise ArgumentError(f"dpi must be an integer from 10 to 1000, not {dpi!r}", path="dpi")
    if not isinstance(directory, (str, os.PathLike)):
        raise ArgumentError(f"not a path: {directory!r}", path="directory")
    folder = Path(directory)
    figures = {name: plot(stats) for name, plot in PLOTS.items()}
    figures["dashboard"] = plot_dashboard(stats)
    written = {}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, figure in figures.items():
            path = folder / f"{name}.png"
            figure.savefig(path, dpi=dpi, format="png")
            written[name] = path
    except OSError as error:
        raise ArgumentError(f"cannot write the plots: {error}", path="directory") from error
    return written
