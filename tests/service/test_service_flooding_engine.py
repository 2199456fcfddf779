"""A hostile engine through the real pool and the service: one that writes without end
during ``go`` fails the analysis in one logged line, and the pool is free afterwards."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

import pytest

from bot.engine.pool import EnginePool, PoolLimits
from bot.service import GameService, ManualClock
from bot.service.analysis import AnalysisFailedError
from bot.store import Store
from tests.service.service_helpers import ALICE, BOB, PLACE, play, start_game

FAKE = Path(__file__).parents[1] / "engine" / "fake_uci.py"
# Short deadlines: the flooding engine is given up after its budget and this margin.
QUICK = PoolLimits(margin_s=0.3, unbounded_s=1.0, start_s=20.0, retries=1)
# Not a timing claim: it turns an analysis that never ends into a failed test.
HANG_GUARD_S = 120.0


async def test_a_flooding_engine_fails_the_analysis_in_one_logged_line(
    store: Store, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    """/analyse with an engine that floods: the analysis ends failed (not "0/3 positions"
    for ever), one warning says why, and no engine process is left holding a slot."""
    pool = EnginePool({"chess": (sys.executable, str(FAKE), "flood")}, 2, QUICK)
    service = GameService(store, clock, engines=pool)
    try:
        game_id = (await start_game(service, "chess")).game.id
        await play(service, game_id, "e4", "e5")
        await service.endings.confirm_resign(ALICE, game_id)
        await service.analysis.analyse(BOB, PLACE, game_id=game_id)
        with (
            caplog.at_level(logging.WARNING, logger="bot.service.analysis"),
            pytest.raises(AnalysisFailedError),
        ):
            await asyncio.wait_for(service.analysis.follow(BOB, game_id), HANG_GUARD_S)
        assert pool.processes == 0
    finally:
        await service.analysis.close()
        await pool.close()
    warnings = [r for r in caplog.records if r.name == "bot.service.analysis"]
    assert len(warnings) == 1
    assert "did not answer in time" in warnings[0].getMessage()
    assert "\n" not in warnings[0].getMessage()
