"""How many examples Hypothesis tries, by profile: ``ci`` (the default, what ``.ci/run``
runs) tries a quarter of each property's written count, ``thorough`` the count itself.
Choose with ``--hypothesis-profile thorough`` or ``HYPOTHESIS_PROFILE=thorough``.

A property says its thorough count through ``examples(n)``, so a profile scales it: a
``max_examples`` written in ``@settings`` would override any profile.
"""

from __future__ import annotations

import os

from hypothesis import settings

# Hypothesis's own default, the count a property without settings tries when thorough.
THOROUGH = 100
settings.register_profile("thorough", max_examples=THOROUGH)
# A quarter: tests/rules 77.2 -> 56.6 CPU-s (docs/development.md), and a run still tries
# each input shape many times (the example database replays failures first).
settings.register_profile("ci", max_examples=THOROUGH // 4)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def examples(thorough: int) -> int:
    """The examples to try of a property that tries ``thorough`` under the thorough
    profile: scaled as the loaded profile's ``max_examples`` is to ``THOROUGH``, at least 5."""
    return max(5, thorough * settings().max_examples // THOROUGH)


def sweep_step() -> int:
    """Of a sweep that checks every case when thorough (not a Hypothesis property), the
    step between the ordinary cases it checks: 1 under ``thorough``, 4 under ``ci``. The
    sweep still checks every rare case (the ones its bugs would hide in)."""
    return max(1, THOROUGH // settings().max_examples)
