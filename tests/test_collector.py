"""The garbage collector as the bot sets it after start-up (``bot.collector``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from bot import collector


@pytest.fixture
def restored() -> Iterator[None]:
    """CPython's collector as it was before the test."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("restored")
def test_settle_freezes_start_up_and_spaces_out_full_collections() -> None:
    """What start-up made is out of the collector's sight, a full collection waits for
    ``FULL_AFTER`` middle ones, and the young generations are collected as before."""
    young, middle, _ = gc.get_threshold()
    gc.unfreeze()
    kept = [object() for _ in range(10)]  # made before: frozen with the rest
    collector.settle()
    assert gc.get_freeze_count() >= len(kept)
    assert gc.get_threshold() == (young, middle, collector.FULL_AFTER)
    assert collector.FULL_AFTER >= 100 * 10  # CPython's default is 10
