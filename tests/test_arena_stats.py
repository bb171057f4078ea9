"""guarda.arena's uncertainty: bootstrap intervals on ratings and the sequential test (SPRT).

The intervals are checked on simulated arenas whose true Bradley-Terry strengths are
known; the SPRT on results drawn from a seeded ``random.Random`` (no games needed), and
against hand-computed log-likelihood ratios. ``match(sprt=...)`` is checked with real
games.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from arena_agents import FirstBot
from guarda.arena import (
    SPRT,
    AgentSpec,
    ArenaResult,
    Comparison,
    DecisionTimes,
    GameResult,
    RatingInterval,
    SerialExecutor,
    SPRTResult,
    bradley_terry,
    match,
    read_arena,
)
from guarda.arena._bootstrap import _fit
from guarda.arena._sprt import SPRTWatch, expected_score
from guarda.bots import RandomBot

MODERN = guarda.modern(players=2)
GRDA = guarda.grda(turn_limit=20)
SERIAL = SerialExecutor()
UNTIMED = (DecisionTimes(0, 0.0, 0.0),) * 2
TRUE = {"a": 1600.0, "b": 1500.0, "c": 1400.0}
"""Known ratings: symmetric about 1500, where the phantom's virtual draws anchor the scale."""


def simulated_round_robin(
    rng: random.Random, ratings: Mapping[str, float], per_pair: int
) -> ArenaResult:
    """A round robin of two-player games drawn from the Bradley-Terry model, seats swapping."""
    games: list[GameResult] = []
    for table, (first, second) in enumerate(itertools.combinations(ratings, 2)):
        chance = 1.0 / (1.0 + 10.0 ** ((ratings[second] - ratings[first]) / 400.0))
        for k in range(per_pair):
            seats = (first, second) if k % 2 == 0 else (second, first)
            first_wins = rng.random() < chance
            seat_zero_wins = first_wins == (seats[0] == first)
            scores = (1.0, 0.0) if seat_zero_wins else (0.0, 1.0)
            games.append(
                GameResult(len(games), table, len(games), seats, scores, decision_times=UNTIMED)
            )
    return ArenaResult(tuple(ratings), tuple(games))


def binomial_slack(chance: float, trials: int, sigmas: float = 4.0) -> float:
    """How far a binomial rate may stray from ``chance`` by luck: ``sigmas`` standard
    deviations."""
    return sigmas * math.sqrt(chance * (1.0 - chance) / trials)


# -- bootstrap intervals ----------------------------------------------------------------------


@settings(max_examples=40)
@given(
    st.lists(
        st.tuples(
            st.sampled_from("abcd"), st.sampled_from("abcd"), st.sampled_from([0.0, 0.5, 1.0])
        ),
        max_size=40,
    )
)
def test_the_resamples_are_fitted_to_the_same_maximum_as_bradley_terry(
    games: list[tuple[str, str, float]],
) -> None:
    """Newton's method from 1500 everywhere reaches the ratings of Hunter's MM algorithm."""
    names = ("a", "b", "c", "d")
    index = {name: position for position, name in enumerate(names)}
    results = [Comparison(a, b, score) for a, b, score in games if a != b]
    wins = [0.5] * len(names)
    pairs: dict[tuple[int, int], float] = {}
    for result in results:
        i, j = index[result.first], index[result.second]
        wins[i] += result.score
        wins[j] += 1.0 - result.score
        key = (min(i, j), max(i, j))
        pairs[key] = pairs.get(key, 0.0) + 1.0
    theta = _fit(wins, [(i, j, n) for (i, j), n in pairs.items()], [0.0] * len(names))
    expected = bradley_terry(names, results)
    for name, value in zip(names, theta, strict=True):
        assert 1500 + 400 * value / math.log(10) == pytest.approx(expected[name], abs=1e-6)


def test_intervals_cover_the_true_ratings_at_about_the_stated_rate() -> None:
    """200 simulated round robins (40 games per pair): each entrant's 90% interval holds
    its true rating in about 90% of them. The percentile bootstrap runs a little narrow
    with few games (over 500 such arenas, 84% to 87% for a 90% interval; 88% to 91% with
    160 games per pair), so 4 points are allowed below, besides the binomial slack of 4
    standard deviations either side."""
    arenas, confidence = 200, 0.9
    rng = random.Random(2026)
    covered = dict.fromkeys(TRUE, 0)
    for number in range(arenas):
        result = simulated_round_robin(rng, TRUE, 40)
        intervals = result.rating_intervals(resamples=100, confidence=confidence, seed=number)
        for name, interval in intervals.items():
            covered[name] += interval.low <= TRUE[name] <= interval.high
    slack = binomial_slack(confidence, arenas)
    for name, count in covered.items():
        assert confidence - 0.04 - slack <= count / arenas <= confidence + slack, (name, count)
    pooled = sum(covered.values()) / (arenas * len(TRUE))
    assert confidence - 0.04 - slack <= pooled <= confidence + slack


def test_intervals_shrink_with_more_games() -> None:
    """Sixteen times the games, a quarter of the width (the square root law), roughly."""
    rng = random.Random(7)
    few = simulated_round_robin(rng, TRUE, 40).rating_intervals(resamples=400, seed=1)
    many = simulated_round_robin(rng, TRUE, 640).rating_intervals(resamples=400, seed=1)
    for name in TRUE:
        narrow = many[name].high - many[name].low
        wide = few[name].high - few[name].low
        assert 0.15 < narrow / wide < 0.4, name
        assert many[name].low <= many[name].rating <= many[name].high


def test_intervals_are_reproducible_and_nested() -> None:
    result = simulated_round_robin(random.Random(3), TRUE, 30)
    first = result.rating_intervals(resamples=300, seed=11)
    assert result.rating_intervals(resamples=300, seed=11) == first
    assert result.rating_intervals(resamples=300, seed=12) != first
    assert first == result.rating_intervals(resamples=300, confidence=0.95, seed=11)
    # The same resamples: a higher confidence level widens every interval around the rest.
    wide = result.rating_intervals(resamples=300, confidence=0.99, seed=11)
    narrow = result.rating_intervals(resamples=300, confidence=0.5, seed=11)
    ratings = result.ratings()
    for name in TRUE:
        assert wide[name].low <= first[name].low <= narrow[name].low
        assert narrow[name].high <= first[name].high <= wide[name].high
        assert first[name].rating == ratings[name]
        assert first[name].confidence == 0.95
    rows = {row.name: row for row in result.standings(intervals=True, resamples=300, seed=11)}
    assert {name: row.interval for name, row in rows.items()} == first
    assert all(row.interval is None for row in result.standings())


def test_games_with_errors_and_empty_arenas_have_intervals() -> None:
    assert ArenaResult(("a", "b"), ()).rating_intervals() == {
        name: RatingInterval(1500.0, 1500.0, 1500.0, 0.95) for name in ("a", "b")
    }
    games = simulated_round_robin(random.Random(4), {"a": 1550.0, "b": 1450.0}, 60).games
    broken = GameResult(len(games), 0, 0, ("a", "b"), error="the worker died")
    with_error = ArenaResult(("a", "b"), (*games, broken))
    assert with_error.rating_intervals(seed=5) == ArenaResult(("a", "b"), games).rating_intervals(
        seed=5
    )


def test_intervals_are_resampled_within_tables() -> None:
    """In a gauntlet-like arena where ``a`` meets only ``b`` and ``c`` only ``b``, every
    resample keeps both tables, so no rating is ever left without games."""
    games = [
        GameResult(k, 0, k, ("a", "b"), (1.0, 0.0) if k % 4 else (0.0, 1.0)) for k in range(20)
    ] + [GameResult(20 + k, 1, k, ("c", "b"), (0.0, 1.0)) for k in range(20)]
    intervals = ArenaResult(("a", "b", "c"), tuple(games)).rating_intervals(resamples=200)
    # c lost every game of its table: every resample sees 20 losses, so c stays low.
    assert intervals["c"].high < 1200
    assert intervals["a"].low > intervals["c"].high


def test_markdown_shows_the_intervals() -> None:
    games = tuple(
        GameResult(
            k, 0, k, ("a", "b"), (1.0, 0.0) if k % 3 else (0.0, 1.0), decision_times=UNTIMED
        )
        for k in range(60)
    )
    result = ArenaResult(("a", "b"), games)
    text = result.to_markdown(seed=1)
    assert "| rating [95%]" in text.splitlines()[0]
    interval = result.rating_intervals(seed=1)["a"]
    assert f"| {interval} |" in text
    assert str(interval) == f"{interval.rating:.0f} [{interval.low:.0f}, {interval.high:.0f}]"
    assert "rating [90%]" in result.to_markdown(confidence=0.9)
    assert "rating [97.5%]" in result.to_markdown(confidence=0.975, resamples=50)
    plain = result.to_markdown(intervals=False)
    assert "rating [" not in plain and "| rating |" in plain


# -- SPRT: the log-likelihood ratio --------------------------------------------------------------


def trinomial_llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The GSPRT LLR computed by hand: for three outcomes the secular equation
    ``sum_i p_i d_i / (1 + x d_i) = 0`` is a quadratic in ``x``."""
    total = wins + draws + losses
    shares = (losses / total, draws / total, wins / total)

    def constrained(mean: float) -> list[float]:
        d = [0.0 - mean, 0.5 - mean, 1.0 - mean]
        # Multiply out the denominators: a x^2 + b x + c = 0.
        a = d[0] * d[1] * d[2]
        b = sum(shares[i] * d[i] * (d[(i + 1) % 3] + d[(i + 2) % 3]) for i in range(3))
        c = sum(shares[i] * d[i] for i in range(3))
        if a == 0.0:  # s = 1/2: the middle term drops out, the equation is linear
            roots = [-c / b]
        else:
            roots = [(-b + sign * math.sqrt(b * b - 4 * a * c)) / (2 * a) for sign in (1, -1)]
        (x,) = [root for root in roots if all(1 + root * gap > 0 for gap in d)]
        return [shares[i] / (1 + x * d[i]) for i in range(3)]

    null = constrained(1 / (1 + 10 ** (-elo0 / 400)))
    alternative = constrained(1 / (1 + 10 ** (-elo1 / 400)))
    return total * sum(shares[i] * math.log(alternative[i] / null[i]) for i in range(3))


@pytest.mark.parametrize(
    ("wins", "draws", "losses", "elo0", "elo1"),
    [(7, 2, 1, 0, 100), (3, 4, 3, 0, 10), (120, 95, 85, -5, 15), (10, 30, 40, 0, 50)],
)
def test_llr_matches_the_hand_computed_value(
    wins: int, draws: int, losses: int, elo0: float, elo1: float
) -> None:
    result = SPRT(elo0=elo0, elo1=elo1).test(wins=wins, draws=draws, losses=losses)
    assert result.llr == pytest.approx(trinomial_llr(wins, draws, losses, elo0, elo1), abs=1e-9)
    assert result.games == wins + draws + losses
    assert result.score == pytest.approx((wins + draws / 2) / result.games)


def test_llr_of_a_small_case_by_the_numbers() -> None:
    """7 wins, 2 draws, 1 loss; H0: 0 Elo, H1: 100 Elo (s0 = 1/2, s1 = 0.640065).

    Under H0 the secular equation is ``-0.05 / (1 - x/2) + 0.35 / (1 + x/2) = 0``, so
    ``x = 3/2`` and the losses, draws and wins have chances 0.4, 0.2, 0.4 (mean 1/2).
    """
    result = SPRT(elo0=0, elo1=100).test(wins=7, draws=2, losses=1)
    assert result.llr == pytest.approx(1.693456, abs=1e-6)
    assert trinomial_llr(7, 2, 1, 0, 100) == pytest.approx(1.693456, abs=1e-6)
    s1 = expected_score(100)
    assert s1 == pytest.approx(0.640065, abs=1e-6)


def test_wins_and_losses_alone_give_the_binomial_llr() -> None:
    """Without draws the constrained distribution is the Bernoulli of mean s, so the LLR
    is Wald's ``W log(s1/s0) + L log((1-s1)/(1-s0))``, up to the 0.001 draws of the
    regularization."""
    s0, s1 = expected_score(0), expected_score(30)
    for wins, losses in ((6, 4), (55, 45), (300, 310)):
        exact = wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
        assert SPRT(elo0=0, elo1=30).test(wins, 0, losses).llr == pytest.approx(exact, abs=1e-3)


def test_llr_is_near_the_gsprt_approximation_for_small_elo() -> None:
    """Van den Bergh's approximation: ``N (s1 - s0) (2 s - s0 - s1) / (2 var)``."""
    wins, draws, losses = 460, 300, 440
    games = wins + draws + losses
    score = (wins + draws / 2) / games
    variance = (wins + draws / 4) / games - score**2
    s0, s1 = expected_score(0), expected_score(5)
    approximation = games * (s1 - s0) * (2 * score - s0 - s1) / (2 * variance)
    llr = SPRT(elo0=0, elo1=5).test(wins, draws, losses).llr
    assert llr == pytest.approx(approximation, rel=0.01)


@given(
    st.integers(0, 300),
    st.integers(0, 300),
    st.integers(0, 300),
    st.floats(-200, 200),
    st.floats(1, 100),
)
def test_llr_mirrors_and_decisions_follow_the_bounds(
    wins: int, draws: int, losses: int, elo0: float, width: float
) -> None:
    test = SPRT(elo0=elo0, elo1=elo0 + width, alpha=0.05, beta=0.1)
    result = test.test(wins=wins, draws=draws, losses=losses)
    # B's view of the same games: H0 and H1 swap sides and the LLR changes sign.
    mirror = SPRT(elo0=-(elo0 + width), elo1=-elo0).test(wins=losses, draws=draws, losses=wins)
    assert mirror.llr == pytest.approx(-result.llr, rel=1e-6, abs=1e-6)
    assert (result.lower, result.upper) == (math.log(0.1 / 0.95), math.log(0.9 / 0.05))
    expected = "H1" if result.llr >= result.upper else "H0" if result.llr <= result.lower else None
    assert result.decision == expected
    # One more win never lowers the LLR.
    assert test.test(wins + 1, draws, losses).llr >= result.llr - 1e-9


def test_scores_and_pairs() -> None:
    test = SPRT(elo0=0, elo1=20)
    scores = [1.0] * 30 + [0.5] * 12 + [0.0] * 18
    assert test.test_scores(scores) == test.test(wins=30, draws=12, losses=18)
    assert test.test_scores([]) == SPRTResult(0.0, test.lower, test.upper, None, 0, 0.5)
    # Pairs of a win and a loss only (2 or 0 points) carry the evidence of single games.
    pairs = test.test_pairs([40, 0, 0, 0, 60])
    assert pairs.games == 200 and pairs.score == 0.6
    assert pairs.llr == pytest.approx(test.test(60, 0, 40).llr, abs=1e-2)
    # A seat advantage cancels in pairs: every pair 1 point (one win each) is no evidence
    # that A is better, and far more evidence of "not better by 20" than games alone.
    even = test.test_pairs([0, 0, 100, 0, 0])
    assert even.decision == "H0"
    assert test.test(100, 0, 100).decision is None


# -- SPRT: error rates ----------------------------------------------------------------------------


def run_sprt(test: SPRT, rng: random.Random, win: float, draw: float, cap: int) -> SPRTResult:
    """Feed ``test`` one simulated game at a time until it decides (or ``cap`` games)."""
    wins = draws = losses = 0
    result = test.test(0, 0, 0)
    while result.decision is None and result.games < cap:
        roll = rng.random()
        if roll < win:
            wins += 1
        elif roll < win + draw:
            draws += 1
        else:
            losses += 1
        result = test.test(wins=wins, draws=draws, losses=losses)
    return result


def test_a_coin_is_not_called_better_more_often_than_alpha() -> None:
    """A coin against itself (50% wins, 50% losses), 400 runs: H1 at most at about alpha
    (Wald's bound alpha / (1 - beta) = 5.3%, with 4 standard deviations of slack)."""
    runs, alpha, beta = 400, 0.05, 0.05
    test = SPRT(elo0=0, elo1=50, alpha=alpha, beta=beta)
    rng = random.Random(1)
    decisions = [run_sprt(test, rng, 0.5, 0.0, 20_000).decision for _ in range(runs)]
    bound = alpha / (1 - beta)
    assert decisions.count("H1") / runs <= bound + binomial_slack(bound, runs)
    assert decisions.count(None) == 0  # it always decides, long before 20,000 games


def test_a_clearly_better_a_is_accepted_fast() -> None:
    """A scoring 65% (55% wins, 20% draws: about +108 Elo) against elo0=0, elo1=10: H1 in
    every run, after a few hundred games (about 260 expected)."""
    test = SPRT(elo0=0, elo1=10, alpha=0.05, beta=0.05)
    rng = random.Random(2)
    results = [run_sprt(test, rng, 0.55, 0.2, 5000) for _ in range(60)]
    assert {result.decision for result in results} == {"H1"}
    lengths = sorted(result.games for result in results)
    assert lengths[len(lengths) // 2] < 450
    assert lengths[-1] < 1200


def test_the_watch_sees_games_in_game_order() -> None:
    """Results arriving out of order are tested in game order, so the decision and the
    games it took do not depend on the order; games with errors count for nothing."""
    test = SPRT(elo0=0, elo1=100)
    rng = random.Random(9)
    outcomes = [(1.0, 0.0) if rng.random() < 0.8 else (0.0, 1.0) for _ in range(60)]
    games: list[tuple[tuple[str, ...], tuple[float, ...]]] = [
        (("a", "b") if k % 2 == 0 else ("b", "a"), scores) for k, scores in enumerate(outcomes)
    ]
    games[5] = (games[5][0], ())  # an error

    def feed(order: list[int]) -> SPRTWatch:
        watch = SPRTWatch(test, "a", "b")
        for k in order:
            watch.add(k, *games[k])
        return watch

    in_order = feed(list(range(60)))
    shuffled = list(range(60))
    random.Random(1).shuffle(shuffled)
    assert feed(shuffled).result == in_order.result
    scores = [
        score if seats == ("a", "b") else 1.0 - score
        for seats, result in games[: in_order.next]
        if result
        for score in result[:1]
    ]
    assert in_order.result == test.test_scores(scores)


def test_the_watch_compares_a_and_b_in_multiplayer_games() -> None:
    watch = SPRTWatch(SPRT(), "a", "b")
    watch.add(0, ("a", "c", "b"), (1.0, 0.0, 0.0))  # a beat b
    watch.add(1, ("b", "a", "c"), (0.0, 0.0, 1.0))  # both lost: not compared
    watch.add(2, ("c", "b", "a"), (0.0, 0.5, 0.5))  # a shared draw
    assert watch.counts == [0, 1, 1]
    assert watch.result == SPRT().test(wins=1, draws=1, losses=0)


# -- match(sprt=...) ---------------------------------------------------------------------------


def test_a_match_stops_once_the_test_decides() -> None:
    """The random bot beats the first-legal-action bot: H1 long before the 200 games."""
    test = SPRT(elo0=0, elo1=200)
    result = match(MODERN, [RandomBot(), FirstBot()], 200, seed=5, executor=SERIAL, sprt=test)
    assert result.sprt is not None and result.sprt.decision == "H1"
    # Serially, the games already sent when it decided (at most twice the workers) end too.
    assert result.sprt.games <= len(result.games) < 30
    assert [game.game for game in result.games] == list(range(len(result.games)))
    decided = result.games[: result.sprt.games]
    scores = [game.scores[game.seats.index("random")] for game in decided]
    assert result.sprt == test.test_scores(scores)
    assert "SPRT: LLR" in result.to_markdown(resamples=50)


def test_the_decision_does_not_depend_on_the_executor() -> None:
    """A pool finishes games in any order and keeps more in flight; the test still decides
    on the same games, and the games played are the first ones, all of them."""
    test = SPRT(elo0=0, elo1=200)
    agents: list[AgentSpec] = [RandomBot(), FirstBot()]
    serial = match(MODERN, agents, 200, seed=8, executor=SERIAL, sprt=test)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = match(MODERN, agents, 200, seed=8, executor=pool, workers=4, sprt=test)
    assert threaded.sprt == serial.sprt
    assert threaded.sprt is not None and threaded.sprt.decision is not None
    assert [game.game for game in threaded.games] == list(range(len(threaded.games)))
    assert len(threaded.games) < 200
    shared = min(len(serial.games), len(threaded.games))
    assert [game.scores for game in threaded.games[:shared]] == [
        game.scores for game in serial.games[:shared]
    ]


def test_a_match_without_a_decision_plays_every_game(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    test = SPRT(elo0=0, elo1=5)  # four games cannot tell 5 Elo
    result = match(
        GRDA, [RandomBot(), RandomBot()], 4, seed=1, executor=SERIAL, sprt=test, records=path
    )
    assert result.sprt is not None and result.sprt.decision is None
    assert len(result.games) == 4 and result.sprt.games == 4
    assert read_arena(path).games == result.games
    assert match(GRDA, [RandomBot(), RandomBot()], 2, seed=1, executor=SERIAL).sprt is None


# -- bad arguments ---------------------------------------------------------------------------


def test_bad_arguments_are_argument_errors() -> None:
    result = simulated_round_robin(random.Random(1), TRUE, 4)
    agents = [RandomBot(), RandomBot()]
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: result.rating_intervals(resamples=0), "resamples"),
        (lambda: result.rating_intervals(resamples=2.5), "resamples"),  # type: ignore[arg-type]
        (lambda: result.rating_intervals(confidence=1.0), "confidence"),
        (lambda: result.rating_intervals(confidence=0), "confidence"),
        (lambda: result.rating_intervals(confidence="95%"), "confidence"),  # type: ignore[arg-type]
        (lambda: result.rating_intervals(seed="1"), "seed"),  # type: ignore[arg-type]
        (lambda: result.standings(intervals=True, resamples=-1), "resamples"),
        (lambda: result.standings(confidence=2.0), "confidence"),
        (lambda: result.to_markdown(seed=True), "seed"),
        (lambda: SPRT(elo0=10, elo1=10), "elo1"),
        (lambda: SPRT(elo0=math.nan), "elo0"),
        (lambda: SPRT(elo1=5000), "elo1"),
        (lambda: SPRT(elo1="10"), "elo1"),  # type: ignore[arg-type]
        (lambda: SPRT(alpha=0), "alpha"),
        (lambda: SPRT(beta=1.0), "beta"),
        (lambda: SPRT(alpha=0.6, beta=0.5), "beta"),
        (lambda: SPRT().test(-1, 0, 0), "wins"),
        (lambda: SPRT().test(0, 1.5, 0), "draws"),  # type: ignore[arg-type]
        (lambda: SPRT().test(0, 0, True), "losses"),
        (lambda: SPRT().test_pairs([1, 2, 3]), "pairs"),
        (lambda: SPRT().test_pairs([1, 2, 3, 4, -5]), "pairs[4]"),
        (lambda: SPRT().test_scores([1.0, 0.25]), "scores[1]"),
        (lambda: match(GRDA, agents, 2, seed=1, sprt="H1"), "sprt"),  # type: ignore[arg-type]
    ]
    for call, path in cases:
        with pytest.raises(guarda.ArgumentError) as caught:
            call()
        assert caught.value.path == path, path
