"""Start-up's patience with a busy database (``bot.store.patience.when_available``): a step
meeting ``StoreUnavailable`` is tried again, each wait logged, within a bounded patience;
any other error ends it at once."""

from __future__ import annotations

import pytest

from bot.store import StoreError, StoreUnavailable, when_available


async def test_a_step_is_tried_again_until_the_database_answers(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Two refusals, then an answer: the answer is returned, and each wait said in a line
    naming the step, with the reason."""
    tries: list[int] = []

    async def step() -> str:
        tries.append(len(tries))
        if len(tries) < 3:
            raise StoreUnavailable("the database x.db is locked by another program")
        return "answered"

    assert await when_available("saving the hash", step) == "answered"
    assert len(tries) == 3
    waits = [r.getMessage() for r in caplog.records if "waits for the database" in r.getMessage()]
    assert len(waits) == 2
    assert all("saving the hash" in w and "locked by another program" in w for w in waits)


async def test_a_database_unavailable_past_the_patience_ends_the_start() -> None:
    """Still unavailable when the patience is out: the last refusal is raised (the start
    fails, as for an unusable database), after a bounded number of tries."""
    tries = 0

    async def step() -> None:
        nonlocal tries
        tries += 1
        raise StoreUnavailable(f"refusal {tries}")

    with pytest.raises(StoreUnavailable) as refused:
        await when_available("taking the lease", step, patience=0.35)
    assert str(refused.value) == f"refusal {tries}"
    assert 2 <= tries <= 4  # waits of 0.1, 0.2, then the rest of the patience


async def test_any_other_store_error_ends_it_at_once() -> None:
    """A fault that waiting cannot mend (a damaged file, a full disk) is raised at the first
    try."""
    tries = 0

    async def step() -> None:
        nonlocal tries
        tries += 1
        raise StoreError("the disk is full")

    with pytest.raises(StoreError, match="the disk is full"):
        await when_available("crediting the downtime", step)
    assert tries == 1
