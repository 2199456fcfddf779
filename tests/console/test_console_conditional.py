"""Conditional moves and notes in the console: prepared, listed, answered, cleared."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import run_console


async def run(tmp_path: Path, script: str, images: Path | None = None) -> str:
    out = io.StringIO()
    await run_console(tmp_path / "c.db", images, io.StringIO(script), out, interactive=False)
    return out.getvalue()


async def test_a_prepared_answer_is_played_and_said_to_be_conditional(tmp_path: Path) -> None:
    """bob prepares a line; alice's expected move is answered at once, marked conditional;
    the rest of the line stays; alice sees none of bob's lines; clear empties them."""
    out = await run(
        tmp_path,
        "alice /challenge bob color:white\nbob /press Accept\n"
        "alice /move e4\nbob /move e5\n"
        "bob /conditional add 2. Nf3 Nc6 3. Bb5 a6\n"
        "alice /conditional list\n"
        "bob /conditional list line:1\n"
        "alice /move Nf3\n"
        "bob /conditional list\n"
        "bob /conditional clear\n"
        "bob /conditional list\n"
        "bob /conditional frob\n"
        "bob /conditional add Bc4 Nc7\n",
        images=tmp_path / "boards",
    )
    assert "Prepared in alice vs bob" in out
    assert "if 2. Nf3, 2... Nc6; if 3. Bb5, 3... a6" in out
    assert "It leads to: r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w" in out
    assert "You have no conditional moves in alice vs bob" in out  # alice's list: not bob's
    assert "bob answered 2... Nc6 (a conditional move)." in out
    assert "1. if 3. Bb5, 3... a6" in out
    assert "Cleared 2 conditional moves" in out
    assert "! Say add, list or clear" in out
    assert '! Move 2 of the line, "Nc7"' in out
    assert (tmp_path / "boards" / "game1-ply2-line1.png").exists()
