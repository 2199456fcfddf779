"""Console buttons: board controls and menus as numbered choices, kept across restarts."""

from __future__ import annotations

import io
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.console import run_console, user_named
from bot.store.database import migrations


async def run(database: Path, *lines: str, images: Path | None = None) -> str:
    out = io.StringIO()
    script = io.StringIO("\n".join(lines) + "\n")
    await run_console(database, images, script, out, interactive=False)
    return out.getvalue()


async def test_numbered_buttons_survive_a_restart(tmp_path: Path) -> None:
    """`/press 1` after a restart presses the button shown as [1] before it."""
    database = tmp_path / "c.db"
    first = await run(database, "alice /challenge bob color:white")
    assert "buttons: [1] Accept  [2] Decline  [3] Cancel" in first
    second = await run(database, "bob /press 1")
    assert "bob accepted" in second
    assert "board: [4] Move…  [5] Draw  [6] Takeback  [7] Resign  [8] Legal moves" in second


async def test_third_user_pressing_accept_is_told_it_is_not_theirs(tmp_path: Path) -> None:
    """A cancelled open challenge's Accept is gone with its message: carol's Accept finds
    only bob's button and is told it is not hers."""
    out = await run(
        tmp_path / "c.db",
        "alice /challenge",
        "alice /press Cancel",
        "alice /challenge bob",
        "carol /press Accept",
    )
    errors = [line for line in out.splitlines() if line.startswith("! ")]
    assert errors == ["! That button is not yours to press."]


async def test_a_game_played_with_the_board_controls(tmp_path: Path, confirming: None) -> None:
    """Move…, a piece, a destination and Confirm, by label; a typed /move is confirmed the
    same way; Confirm moves off plays at once; after the mate: GIF and Rematch."""
    images = tmp_path / "boards"
    out = await run(
        tmp_path / "c.db",
        "alice /challenge bob color:white",
        "bob /press Accept",
        "alice /press Move…",
        "alice /press Pawn f2",
        "alice /press f3",
        "alice /press Confirm",
        "bob /settings confirm:never",
        "bob /press Move…",
        "bob /press Pawn e7",
        "bob /press e5",
        "alice /move g4",
        "alice /press Confirm",
        "bob /press Move…",
        "bob /press Queen d8",
        "bob /press Qh4#",
        "carol /press GIF",
        "bob /press Rematch",
        images=images,
    )
    assert "! " not in out, out
    assert "Play f3? The board after it is shown" in out
    assert "Play g4? The board after it is shown" in out
    assert "every move played at once (confirm:never)" in out
    assert "bob played 2... Qh4#. Checkmate — black wins." in out
    assert "board: [" in out and "Rematch" in out
    assert (images / "game-1.gif").exists()
    assert "bob challenges alice to chess (bob plays white" in out


async def test_stale_choice_is_refused(tmp_path: Path) -> None:
    """A menu from before a move refuses; the game is unchanged."""
    out = await run(
        tmp_path / "c.db",
        "alice /challenge bob color:white",
        "bob /press Accept",
        "alice /press Move…",
        "alice /move e4",
        "alice /press Pawn d2",
    )
    errors = [line for line in out.splitlines() if line.startswith("! ")]
    assert len(errors) == 1 and "out of date" in errors[0]


async def test_typed_move_confirmed_cancelled_and_stale(tmp_path: Path, confirming: None) -> None:
    """With Confirm moves on (the default), /move shows the board after the move with
    Confirm / Cancel and plays nothing yet; Cancel plays nothing; a Confirm pressed after
    the game moved on (another preview confirmed meanwhile) is refused."""
    database = tmp_path / "c.db"
    out = await run(
        database,
        "alice /challenge bob color:white",
        "bob /press Accept",
        "alice /move e4",
        "alice /board",
    )
    assert "Play e4? The board after it is shown; only you see this." in out
    assert re.search(r"buttons: \[\d+\] Confirm  \[\d+\] Cancel", out)
    assert "alice played" not in out and "move 1. alice to move" in out
    cancelled = await run(database, "alice /press Cancel", "alice /board")
    assert "Move cancelled; nothing was played." in cancelled
    assert "alice played" not in cancelled and "move 1. alice to move" in cancelled
    # Two previews: the second takes the first's buttons away; it plays.
    first = confirm_number(await run(database, "alice /move d4"))
    second = confirm_number(await run(database, "alice /move e4"))
    stale = await run(database, f"alice /press {first}", "bob /board")
    assert [line for line in stale.splitlines() if line.startswith("! ")] == [
        f'! There is no button "{first}" to press.'
    ]
    assert "alice played" not in stale and "move 1. alice to move" in stale
    played = await run(database, f"alice /press {second}")
    assert "alice played 1. e4" in played


def confirm_number(out: str) -> str:
    """The number of the Confirm button ``out`` shows."""
    found = re.search(r"\[(\d+)\] Confirm", out)
    assert found is not None, out
    return found.group(1)


@pytest.mark.parametrize("version", [5, 12])
async def test_a_challenge_waiting_in_an_older_database_keeps_its_buttons(
    tmp_path: Path, version: int
) -> None:
    """Before schema 13 the console kept its buttons in memory only: a challenge waiting in
    such a database is shown again with its buttons when the console opens it, and bob can
    accept it (it waited 48 hours for a button nobody could press)."""
    database = tmp_path / "c.db"
    alice, bob = user_named("alice"), user_named("bob")
    now = int(datetime.now(UTC).timestamp())
    with sqlite3.connect(database) as conn:
        conn.executescript("\n;\n".join(sql for _, sql in migrations()[:version]))
        conn.execute(f"PRAGMA user_version = {version}")
        for user in (alice, bob):
            conn.execute(
                "INSERT INTO players (id, display_name, created_at) VALUES (?, ?, ?)",
                (user.id, user.name, now),
            )
        conn.execute(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, variant, "
            "color, days_per_move, rated, status, created_at, expires_at) "
            "VALUES (0, 1, ?, ?, 'chess', 'white', 3, 0, 'open', ?, ?)",
            (alice.id, bob.id, now, now + 3600),
        )
    shown = await run(database, "bob /press Accept", "alice /move e4")
    assert "alice challenges bob to chess" in shown
    assert "buttons: [1] Accept  [2] Decline  [3] Cancel" in shown
    assert "bob accepted" in shown and "alice played 1. e4" in shown
    again = await run(database, "bob /games")
    assert "alice challenges" not in again  # shown once: its buttons are kept now
