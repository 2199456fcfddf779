"""A game with weekends off in the console, its clock controlled: /games and the daily
digest show the time the mover's clock holds (their weekend not counted), an ordinary game
the time to its deadline."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.console.commands import COMMANDS
from bot.console.session import Console
from bot.service import GameService, ManualClock
from bot.store import Store


@pytest.mark.parametrize("name", ["Asia/Tokyo", "America/New_York"])
async def test_friday_noon_before_a_monday_noon_deadline_is_a_day_left(
    tmp_path: Path, name: str
) -> None:
    """Bob, in ``name``, gets the move on Thursday at noon of his zone in a 2-day game with
    weekends off (due Monday noon) and in an ordinary 3-day game (due Sunday noon): on
    Friday at noon his digest and his /games say 24 hours (what his clock holds) and 2
    days, the game due first listed first; the 24-hour reminder comes at the same time."""
    zone = ZoneInfo(name)
    clock = ManualClock(datetime(2026, 1, 8, 11, tzinfo=zone))
    store = await Store.open(tmp_path / "c.db")
    out = io.StringIO()
    console = Console(GameService(store, clock), out, None, COMMANDS)
    try:
        for line in (
            f"bob /settings timezone:{name} notify:dm digest:12:00",
            "alice /challenge bob color:white days:2 weekends:off",
            "bob /press Accept",
            "alice /challenge bob color:white days:3",
            "bob /press Accept",
        ):
            await console.handle(line)
        clock.now = datetime(2026, 1, 8, 12, tzinfo=zone)
        for line in ("alice /move e4 game:1", "alice /move d4 game:2"):
            await console.handle(line)
        clock.now = datetime(2026, 1, 9, 12, tzinfo=zone)
        out.seek(0)
        out.truncate()
        await console.handle("bob /games")
    finally:
        await store.close()
    said = out.getvalue().splitlines()
    ordinary = "#2 vs alice · chess · 1. d4 · 2 days left"
    paused = "#1 vs alice · chess · 1. e4 · 24 hours left"
    assert said[said.index("bob's games:") + 1 :][:3] == ["Your move:", ordinary, paused], said
    digest = said.index(f"- {ordinary}")
    assert said[digest - 1 : digest + 2] == [
        "(direct message to bob) Your move in 2 games:",
        f"- {ordinary}",
        f"- {paused}",
    ], said
    # The 24-hour reminder of the game with weekends off comes now too: the same clock.
    assert any(
        line.startswith("(reminder) bob, less than 24 hours left") and "(game #1)" in line
        for line in said
    ), said
