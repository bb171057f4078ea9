"""Shared test configuration: hypothesis profiles.

``ci`` (the default) is deterministic, so a CI run is reproducible; ``dev`` explores
new examples on every run. Pick one with ``HYPOTHESIS_PROFILE=dev``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
