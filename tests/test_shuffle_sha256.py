"""The SHA-256 deal generator: its definition, its unbiased draws, its state in documents
and notation, and that it deals differently from SplitMix64."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

import attrs
import orjson
import pytest

import guarda
from guarda import _rng
from guarda.errors import ConfigurationError, DocumentError, PositionError

_TWO_64 = 1 << 64


def _reference_deal(items: list[str], seed: int, salt: str) -> tuple[list[str], int]:
    """The shuffle as the implementers' page spells it, byte by byte."""
    key = hashlib.sha256(f"guarda-shuffle-sha256-v1\n{seed}\n{salt}".encode()).digest()
    counter = 0
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        while True:
            block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
            counter += 1
            value = int.from_bytes(block[:8], "big")
            if value < _TWO_64 - _TWO_64 % bound:
                break
        j = value % bound
        items[i], items[j] = items[j], items[i]
    return items, counter


def _deck(config: guarda.Config) -> list[str]:
    return [entry.card.name for entry in config.deck for _ in range(entry.copies)]


@pytest.mark.parametrize(
    "seed, salt", [(0, ""), (7, "pepper"), (2**200 + 3, "x" * 256), (-5, "é")]
)
def test_shuffle_follows_the_written_definition(seed: int, salt: str) -> None:
    items = [f"c{i}" for i in range(40)]
    state = _rng.sha256_seed_state(seed, salt)
    shuffled, after = _rng.sha256_shuffle(items, state)
    expected, draws = _reference_deal(items, seed, salt)
    assert list(shuffled) == expected
    assert after == state + draws  # the key is kept, the counter counts the draws
    assert after >> 64 == state >> 64


def test_next_value_is_one_draw_of_the_shuffle() -> None:
    state = _rng.sha256_seed_state(11, "salt")
    values = []
    current = state
    for _ in range(5):
        value, current = _rng.sha256_next_value(current)
        values.append(value)
    key = (state >> 64).to_bytes(32, "big")
    for counter, value in enumerate(values):
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        assert value == int.from_bytes(block[:8], "big")
    assert current - state == 5


def test_the_counter_wraps_at_64_bits() -> None:
    state = _rng.sha256_seed_state(1, "") | (_TWO_64 - 1)
    _, after = _rng.sha256_next_value(state)
    assert after == state >> 64 << 64


def test_same_seed_and_salt_deal_differently_than_splitmix64() -> None:
    plain = guarda.new_game(guarda.modern(players=2), 42, salt="s")
    strong = guarda.new_game(guarda.modern(players=2, shuffle="sha256"), 42, salt="s")
    assert plain.players[0].draw_pile != strong.players[0].draw_pile
    assert sorted(plain.players[0].draw_pile + plain.players[0].in_play) == sorted(
        strong.players[0].draw_pile + strong.players[0].in_play
    )
    # The commitment does not depend on the generator (it hashes the seed and salt).
    assert plain.events[0] == strong.events[0]
    # The deal of each seat is the written shuffle, one after the other from one state.
    deck = _deck(strong.config)
    first, _ = _reference_deal(deck, 42, "s")
    assert list(strong.players[0].in_play) + list(strong.players[0].draw_pile) == first


def test_the_salt_keys_the_sha256_deal_but_not_splitmix64() -> None:
    sha = guarda.modern(shuffle="sha256")
    assert guarda.new_game(sha, 5, salt="a").players != guarda.new_game(sha, 5, salt="b").players
    mix = guarda.modern()
    assert guarda.new_game(mix, 5, salt="a").players == guarda.new_game(mix, 5, salt="b").players


def test_the_seed_is_not_reduced_to_64_bits() -> None:
    sha = guarda.modern(shuffle="sha256")
    assert guarda.new_game(sha, 3).players != guarda.new_game(sha, 3 + 2**64).players
    mix = guarda.modern()
    assert guarda.new_game(mix, 3).players == guarda.new_game(mix, 3 + 2**64).players


def _chi_square(counts: Counter[Any], cells: int, total: int) -> float:
    expected = total / cells
    return sum((counts[cell] - expected) ** 2 / expected for cell in range(cells))


# Critical values of the chi-square distribution at p = 0.001 (the seeds are fixed, so
# the test is deterministic; a fair generator passes at this level 999 times in 1000).
_CRITICAL_0_001 = {6: 22.458, 11: 31.264, 12: 32.909}


@pytest.mark.parametrize("size", [7, 12, 13])
def test_first_cards_are_uniform(size: int) -> None:
    total = 600 * size
    firsts: Counter[int] = Counter()
    lasts: Counter[int] = Counter()
    for seed in range(total):
        shuffled, _ = _rng.sha256_shuffle(range(size), _rng.sha256_seed_state(seed, "chi"))
        firsts[shuffled[0]] += 1
        lasts[shuffled[-1]] += 1
    critical = _CRITICAL_0_001[size - 1]
    assert _chi_square(firsts, size, total) < critical
    assert _chi_square(lasts, size, total) < critical


def test_first_cards_of_a_real_deal_are_uniform() -> None:
    """The top card of a Modern draw pile, over many seeds: each of the 12 card types in
    proportion to its copies (4 of each, so uniform)."""
    config = guarda.modern(shuffle="sha256")
    names = config.card_names
    total = 2400
    tops: Counter[int] = Counter()
    for seed in range(total):
        pile, _ = _rng.sha256_shuffle(_deck(config), _rng.sha256_seed_state(seed, "deal"))
        tops[names.index(pile[0])] += 1
    assert _chi_square(tops, len(names), total) < _CRITICAL_0_001[len(names) - 1]


def test_a_biased_index_would_be_caught() -> None:
    """The chi-square test has teeth: ``value % bound`` without rejection, from 6-bit
    values, is biased for 12 cards (64 % 12 = 4) and fails it."""
    total = 12 * 2000
    counts: Counter[int] = Counter()
    for seed in range(total):
        value = hashlib.sha256(seed.to_bytes(8, "big")).digest()[0] & 63
        counts[value % 12] += 1
    assert _chi_square(counts, 12, total) > _CRITICAL_0_001[11]


def test_states_round_trip_documents_and_notation() -> None:
    config = guarda.classic(players=2, shuffle="sha256")
    state = guarda.new_game(config, 9, salt="pepper")
    assert state.rng >> 64 != 0 and state.rng < 1 << 320
    text = guarda.dumps(state, secrets=True)
    written = orjson.loads(text)["data"]["rng"]
    assert len(written) == 80 and int(written, 16) == state.rng
    assert guarda.loads(text, guarda.GameState) == state
    position = guarda.format_position(state)
    assert position.endswith(f"{state.rng:080x}")
    assert guarda.parse_position(position, config).rng == state.rng
    assert hash(state) == hash(guarda.loads(text, guarda.GameState))


def test_play_and_reshuffles_use_the_configured_generator() -> None:
    config = guarda.classic(players=2, shuffle="sha256")
    record_state = guarda.new_game(config, 1)
    choices = random.Random(1)
    state = record_state
    actions: list[guarda.Action] = []
    shuffled = False
    while not state.is_over and len(actions) < 400 and not shuffled:
        action = choices.choice(guarda.legal_actions(state))
        before = state.rng
        state, events = guarda.apply(state, action)
        actions.append(action)
        if any(isinstance(event, guarda.DiscardPileShuffled) for event in events):
            shuffled = True
            assert state.rng != before and state.rng >> 64 == before >> 64
    assert shuffled
    record = guarda.GameRecord(config, 1, tuple(actions))
    assert guarda.final_state(record) == state


def test_random_states_too_wide_for_the_generator_are_refused() -> None:
    sha = guarda.new_game(guarda.modern(shuffle="sha256"), 1)
    mix = guarda.new_game(guarda.modern(), 1)
    with pytest.raises(PositionError) as caught:
        guarda.check_state(attrs.evolve(mix, rng=sha.rng))
    assert caught.value.path == "rng"
    with pytest.raises(PositionError):
        guarda.check_state(attrs.evolve(sha, rng=1 << 320))
    guarda.check_state(attrs.evolve(sha, rng=5))  # a small key is still a key


def test_documents_refuse_other_widths() -> None:
    text = guarda.dumps(guarda.new_game(guarda.modern(), 1), secrets=True)
    data = orjson.loads(text)
    data["data"]["rng"] = "0" * 40
    with pytest.raises(DocumentError) as caught:
        guarda.loads(orjson.dumps(data), guarda.GameState)
    assert "16 or 80" in caught.value.message


def test_determinize_keeps_the_generator() -> None:
    state = guarda.new_game(guarda.modern(shuffle="sha256"), 3)
    view = guarda.view(state, 0)
    sample = guarda.determinize(view, random.Random(4))
    assert guarda.view(sample, 0) == view
    assert sample.rng >> 64 != 0 and sample.rng % _TWO_64 == 0
    guarda.check_state(sample)
    plain = guarda.determinize(
        guarda.view(guarda.new_game(guarda.modern(), 3), 0), random.Random(4)
    )
    assert plain.rng < _TWO_64


def test_configurations_write_the_shuffle_only_when_not_the_default() -> None:
    assert "shuffle" not in guarda.dumps(guarda.modern())
    assert "shuffle" not in guarda.dumps(guarda.custom(5))
    strong = guarda.modern(players=3, shuffle="sha256")
    data = orjson.loads(guarda.dumps(strong))["data"]
    assert data == {"preset": "modern", "players": 3, "shuffle": "sha256"}
    assert guarda.loads(guarda.dumps(strong), guarda.Config) == strong
    custom = guarda.custom(5, shuffle=guarda.Shuffle.SHA256)
    assert orjson.loads(guarda.dumps(custom))["data"]["shuffle"] == "sha256"
    assert guarda.loads(guarda.dumps(custom), guarda.Config) == custom


def test_bad_shuffles_are_refused_with_their_path() -> None:
    with pytest.raises(ConfigurationError) as caught:
        guarda.custom(5, shuffle="md5")
    assert caught.value.path == "shuffle"
    with pytest.raises(ConfigurationError) as wrong:
        attrs.evolve(guarda.modern(), shuffle="sha256")  # type: ignore[arg-type]
    assert wrong.value.path == "shuffle"
    bad = {"format": "guarda", "version": 2, "kind": "config"}
    bad["data"] = {"preset": "modern", "players": 2, "shuffle": "md5"}
    with pytest.raises(DocumentError) as read:
        guarda.loads(orjson.dumps(bad), guarda.Config)
    assert read.value.path is not None and read.value.path.endswith("shuffle")
