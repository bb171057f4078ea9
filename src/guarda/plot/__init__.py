"""Plots of game statistics for designers (extra ``plot``: matplotlib).

Each function takes the [`GameStats`][guarda.stats.GameStats] of
[`guarda.stats.summarize`][guarda.stats.summarize] and returns a matplotlib ``Figure``
(drawn on the Agg canvas, without pyplot, so the caller's matplotlib settings stay as
they are); [`save_plots`][guarda.plot.save_plots] writes them all as PNG files.

Examples:
    >>> import guarda, random, tempfile
    >>> from guarda import plot, stats
    >>> recorder = guarda.Recorder(guarda.modern(turn_limit=30), seed=1)
    >>> choose = random.Random(1)
    >>> while not recorder.state.is_over:
    ...     _ = recorder.apply(choose.choice(guarda.legal_actions(recorder.state)))
    >>> summary = stats.summarize([recorder.record()])
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     sorted(plot.save_plots(summary, folder))
    ['branching', 'cards', 'damage', 'dashboard', 'endings', 'lengths', 'results']
"""

from __future__ import annotations

try:
    import matplotlib  # noqa: F401 - checked here, to say which extra is missing
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "guarda.plot needs matplotlib: install guarda with the plot extra "
        "(pip install 'guarda[plot]')"
    ) from error

from guarda.plot._figures import (
    PLOTS,
    plot_branching,
    plot_card_uses,
    plot_damage,
    plot_dashboard,
    plot_endings,
    plot_game_lengths,
    plot_results,
    save_plots,
)

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
