"""The kept written form of configurations (guarda._config_text).

Writing a state, a view or a record writes its configuration from the text kept at its
first writing. These tests pin that the documents are the same text as without the cache,
that the data handed out is a fresh copy, that an entry answers only for the very object
that made it, and that the cache is bounded and cleared with the others.
"""

from __future__ import annotations

import gc
import json
import random

from hypothesis import given, settings

import guarda
import guarda.testing as guarda_testing
from guarda import _config_text
from guarda._converter import converter
from guarda._documents import to_document


def _stdlib_text(value: object, *, secrets: bool = False) -> str:
    """The document text written by the standard library from data made without the
    cache (the cache is emptied first)."""
    _config_text.clear()
    document = to_document(value, secrets=secrets)
    _config_text.clear()
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def _played(config: guarda.Config, seed: int, steps: int) -> guarda.GameState:
    choose = random.Random(seed)
    state = guarda.new_game(config, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = guarda.apply(state, choose.choice(guarda.legal_actions(state)))
    return state


@settings(max_examples=25, deadline=None)
@given(config=guarda_testing.configs())
def test_documents_are_the_text_they_were_without_the_cache(config: guarda.Config) -> None:
    state = _played(config, 3, 20)
    view = guarda.view(state, 0)
    record = guarda.record_game(config, 3, ())
    for value, secrets in ((config, False), (state, True), (view, False), (record, True)):
        expected = _stdlib_text(value, secrets=secrets)
        first = guarda.dumps(value, secrets=secrets)  # writes and keeps the configuration
        assert _config_text.kept(config) is not None
        assert first == expected
        assert guarda.dumps(value, secrets=secrets) == expected  # from the kept text
        assert json.dumps(to_document(value, secrets=secrets)) == json.dumps(json.loads(expected))


def test_the_data_handed_out_is_a_fresh_copy() -> None:
    config = guarda.custom(7, players=3)
    first = converter.unstructure(config)
    assert _config_text.kept(config) is not None
    first["deck"].clear()
    first["size"] = 99
    again = converter.unstructure(config)
    assert again is not first and again["size"] == 7 and again["deck"]
    assert guarda.loads(guarda.dumps(config), guarda.Config) == config


def test_an_entry_answers_only_for_the_object_that_made_it() -> None:
    config = guarda.custom(6, players=2)
    guarda.dumps(config)
    written = _config_text.kept(config)
    assert written is not None and written.of() is config
    equal = guarda.custom(6, players=2)
    assert equal == config and _config_text.kept(equal) is None
    # A freed configuration's id reused by another object: the entry does not answer.
    _config_text._WRITTEN[id(equal)] = written
    assert _config_text.kept(equal) is None
    # An entry keeps nothing alive (here a configuration nothing else holds).
    alone = guarda.custom(5, players=3)
    kept = _config_text.keep(alone, {"size": 5})
    assert kept is not None and _config_text.kept(alone) is kept
    del alone
    gc.collect()
    assert kept.of() is None


def test_the_cache_is_bounded_and_cleared_with_the_others() -> None:
    _config_text.clear()
    configs = [guarda.modern(players=2, turn_limit=limit) for limit in range(1, 300)]
    for config in configs:
        guarda.dumps(config)
        assert len(_config_text._WRITTEN) <= _config_text.KEPT
    assert _config_text.kept(configs[-1]) is not None
    guarda.clear_caches()
    assert _config_text.kept(configs[-1]) is None


def test_data_orjson_cannot_write_is_not_kept() -> None:
    config = guarda.custom(4, players=2)
    assert _config_text.keep(config, {"size": 2**70}) is None
    assert _config_text.kept(config) is None
