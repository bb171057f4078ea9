"""The kept written form of event logs (guarda._log_text).

Writing a state writes its log from the texts of its chunks kept at their first writing.
These tests pin that the documents are the same text as without the cache, whether the
chunks are new, kept, or some of each; that an entry answers only for the very chunk that
made it; that what orjson cannot write is not kept and is written as before; and that the
cache is bounded and cleared with the others.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guarda
from guarda import _log_text
from guarda._documents import to_document
from guarda._events import DealCommitted
from guarda._state import EventLog
from guarda.errors import DocumentError


def _stdlib_text(state: guarda.GameState) -> str:
    """The document text written by the standard library from data made without the
    cache."""
    return json.dumps(to_document(state, secrets=True), ensure_ascii=False, separators=(",", ":"))


def _states(config: guarda.Config, seed: int, steps: int) -> list[guarda.GameState]:
    choose = random.Random(seed)
    states = [guarda.new_game(config, seed=seed)]
    for _ in range(steps):
        if states[-1].is_over:
            break
        states.append(guarda.apply(states[-1], choose.choice(guarda.legal_actions(states[-1])))[0])
    return states


@settings(max_examples=10, deadline=None)
@given(
    config=st.sampled_from([guarda.modern(), guarda.classic(players=3), guarda.grda()]),
    seed=st.integers(0, 1000),
    order=st.randoms(use_true_random=False),
)
def test_documents_are_the_text_they_were_without_the_cache(
    config: guarda.Config, seed: int, order: random.Random
) -> None:
    states = _states(config, seed, 60)
    _log_text.clear()
    # Written in any order: a state finds some of its chunks kept, others not.
    for state in order.sample(states, len(states)):
        expected = _stdlib_text(state)
        assert guarda.dumps(state, secrets=True) == expected
        assert guarda.dumps(state, secrets=True) == expected  # every chunk kept now
    assert all(_log_text.kept(chunk) is not None for chunk in states[-1].log.chunks() if chunk)


def test_an_entry_answers_only_for_the_chunk_that_made_it() -> None:
    state = _states(guarda.modern(), 4, 10)[-1]
    guarda.dumps(state, secrets=True)
    chunk = state.log.events
    text = _log_text.kept(chunk)
    assert text is not None
    equal = tuple(list(chunk))
    assert equal == chunk and equal is not chunk and _log_text.kept(equal) is None
    # A freed chunk's id reused by another: the entry does not answer.
    _log_text._WRITTEN[id(equal)] = (chunk, text)
    assert _log_text.kept(equal) is None
    # A log that shares no chunk object with the written one is written anew, alike.
    loaded = guarda.loads(guarda.dumps(state, secrets=True), guarda.GameState)
    assert guarda.dumps(loaded, secrets=True) == guarda.dumps(state, secrets=True)


@pytest.mark.parametrize("commitment", ["\ud800", "é" * 3, 'quote " and \\ backslash', "\u2028"])
def test_odd_text_in_events_is_written_as_without_the_cache(commitment: str) -> None:
    state = guarda.new_game(guarda.modern(), seed=5)
    odd = (DealCommitted(commitment),)
    broken = attrs.evolve(state, log=EventLog(odd, state.log))
    if commitment == "\ud800":
        with pytest.raises(DocumentError, match="lone surrogate"):
            guarda.dumps(broken, secrets=True)
        assert _log_text.kept(odd) is None
    else:
        assert guarda.dumps(broken, secrets=True) == _stdlib_text(broken)
        assert _log_text.kept(odd) is not None


def test_the_cache_is_bounded_and_cleared_with_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_log_text, "KEPT", 50)
    _log_text.clear()
    states = _states(guarda.modern(), 6, 120)
    for state in states:
        assert guarda.dumps(state, secrets=True) == _stdlib_text(state)
        assert len(_log_text._WRITTEN) <= 50
    assert _log_text.kept(states[-1].log.events) is not None
    guarda.clear_caches()
    assert not _log_text._WRITTEN
