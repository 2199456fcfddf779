"""The console's /settings and its text boards, which turn as the images do."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import run_console


async def console_output(tmp_path: Path, script: str) -> str:
    """Run ``script`` through the console on a fresh database; return what it printed."""
    out = io.StringIO()
    await run_console(tmp_path / "c.db", None, io.StringIO(script), out, interactive=False)
    return out.getvalue()


def boards(output: str) -> list[list[str]]:
    """Every text board printed, as its lines (a board ends with its file letters)."""
    found: list[list[str]] = []
    current: list[str] = []
    for line in output.splitlines():
        if line[:2].strip().isdigit() and line[2:3] == " ":
            current.append(line)
        elif current and line.startswith(("    a ", "    h ")):
            found.append([*current, line])
            current = []
    return found


GAME = """\
alice /challenge bob color:white
bob /press Accept
alice /move e4
"""


async def test_the_text_board_after_a_move_shows_the_player_to_move(tmp_path: Path) -> None:
    """After white's move the text board shows black's side at the bottom, as the image."""
    printed = boards(await console_output(tmp_path, GAME))
    after_e4 = printed[-1]
    assert after_e4[0].startswith(" 1 ") and after_e4[7].startswith(" 8 ")
    assert after_e4[-1].split() == list("hgfedcba")


async def test_text_boards_follow_each_players_orientation(tmp_path: Path) -> None:
    """/board shows the asker's own side by default; orientation:turn the side to move."""
    script = GAME + "alice /board\nalice /settings orientation:turn\nalice /board\n"
    output = await console_output(tmp_path, script)
    assert "boards show the side to move at the bottom" in output
    own, turned = boards(output)[-2:]
    assert own[0].startswith(" 8 ") and own[-1].split() == list("abcdefgh")
    assert turned[0].startswith(" 1 ") and turned[-1].split() == list("hgfedcba")


async def test_bad_orientation_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    """An unknown orientation says what is allowed; the default stays."""
    output = await console_output(tmp_path, "alice /settings orientation:upside\nalice /settings\n")
    assert "! orientation must be own (your side at the bottom) or turn" in output
    assert "boards show your own side at the bottom" in output
