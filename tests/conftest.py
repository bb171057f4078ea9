"""Shared test configuration: hypothesis profiles and reproducible match keys.

``ci`` (the default) is deterministic, so a CI run is reproducible; ``dev`` explores
new examples on every run. Pick one with ``HYPOTHESIS_PROFILE=dev``. Under ``ci`` the
match keys the bots' runner and the arena make are derived from the test's name, so the
games a test plays are the same on every run.
"""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from guarda.arena import _run as arena_run
from guarda.bots import _match as bots_match

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _reproducible_match_keys(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Fresh match keys that are the same on every run of a test (like hypothesis's ``ci``
    profile): the runner and the arena still make a new key per call, so a test sees keys
    differ between calls, but a game a test plays is the same game every time it runs.
    ``HYPOTHESIS_PROFILE=dev`` keeps the library's random keys."""
    if os.environ.get("HYPOTHESIS_PROFILE", "ci") != "ci":
        yield
        return
    calls = itertools.count()

    def new_key() -> str:
        text = f"{request.node.nodeid}#{next(calls)}"
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    for module in (bots_match, arena_run):
        monkeypatch.setattr(module, "new_key", new_key)
    yield
