"""The console's /settings and its text boards, which turn as the images do."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import run_console
from bot.i18n import Locale


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


async def test_no_line_of_a_text_board_ends_with_a_space(tmp_path: Path) -> None:
    """Each row ends at its last square (a piece, a dot, or a marked square's bracket),
    the file letters at "h" (or "i"): nothing trails, in chess or in xiangqi."""
    script = GAME + (
        "alice /moves g1\ncarol /challenge dave color:red game:xiangqi\ndave /press Accept\n"
    )
    printed = boards(await console_output(tmp_path, script))
    assert len(printed) >= 4 and any(len(board) == 11 for board in printed)  # xiangqi
    trailing = [line for board in printed for line in board if line != line.rstrip()]
    assert trailing == []


async def test_bad_orientation_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    """An unknown orientation says what is allowed; the default stays."""
    output = await console_output(tmp_path, "alice /settings orientation:upside\nalice /settings\n")
    assert '! orientation must be my own side or the side to move, not "upside".' in output
    assert "boards show your own side at the bottom" in output


async def test_reminder_preferences_in_the_console(tmp_path: Path) -> None:
    """The console takes the same reminder options as Discord and refuses bad ones."""
    output = await console_output(
        tmp_path,
        'bob /settings reminders:"48, 6" timezone:asia/tokyo quiet:22:00-08:00 digest:7am\n'
        "bob /settings timezone:Tokyo\n",
    )
    assert (
        "reminders 48 h, 6 h before a deadline; time zone Asia/Tokyo; quiet hours "
        "22:00-08:00" in output
    )
    assert "a daily digest at 07:00 instead of a notice per move" in output
    assert '! "Tokyo" is not a time zone name like Europe/Paris or UTC' in output


async def test_vacation_end_in_the_console(tmp_path: Path) -> None:
    """``/vacation end`` ends a running vacation; without one it says so."""
    output = await console_output(
        tmp_path, "alice /vacation 5\nalice /vacation end\nalice /vacation end\n"
    )
    assert "alice is back from vacation" in output and "30 vacation days left;" in output
    assert "! You are not on vacation." in output


async def test_board_looks_in_the_console(tmp_path: Path) -> None:
    """Piece sets and name strips are chosen in the console as on Discord."""
    output = await console_output(
        tmp_path, "alice /settings pieces:simple strip:on\nalice /settings strip:maybe\n"
    )
    pieces = "pieces simple (chess), traditional (xiangqi, by your language)"
    assert pieces + "; names and ratings drawn on boards" in output
    listed = "cburnett (chess), simple (chess), traditional (xiangqi), simplified (xiangqi)"
    assert "piece sets: " + listed in output
    assert '! strip must be yes or no, not "maybe".' in output


async def test_french_players_name_themes_and_piece_sets_in_french(tmp_path: Path) -> None:
    """A French console reads and shows themes and piece sets by their French labels (and
    still reads the English names); a refusal and the help list the French labels."""
    out = io.StringIO()
    script = (
        "alice /settings thème:bois pièces:simplifiées\n"
        "alice /settings theme:green pieces:simple\n"
        "alice /settings thème:écossais\n"
        "alice /settings pièces:staunton\n"
        'alice /settings thème:"par défaut" pièces:cburnett\n'
        "alice /aide\n"
    )
    await run_console(
        tmp_path / "c.db", None, io.StringIO(script), out, interactive=False, locale=Locale.FR
    )
    output = out.getvalue()
    assert "thème bois" in output
    assert "pièces cburnett (échecs), simplifiées (xiangqi)" in output
    assert "thème vert" in output and "pièces simples (échecs)" in output
    assert "thèmes : bois, vert, bleu" in output
    assert "jeux de pièces : cburnett (échecs), simples (échecs)" in output
    assert "choisissez bois, vert, bleu." in output
    assert "simplifiées (xiangqi)." in output.split("staunton")[1]
    # "par défaut" resets to the default, named for what it is.
    assert output.count("thème bois") == 2 and "pièces cburnett (échecs)" in output
    # Help offers the words the console reads.
    assert "[thème:bois|vert|bleu]" in output
    assert "[pièces:cburnett|simples|traditionnelles|simplifiées]" in output
    assert "wood" not in output and "simplified" not in output


async def test_a_simplified_chinese_reader_is_told_the_set_they_see(tmp_path: Path) -> None:
    """Not having chosen a xiangqi set, a Simplified Chinese reader sees the simplified one,
    and /settings names it in their language."""
    out = io.StringIO()
    await run_console(
        tmp_path / "c.db",
        None,
        io.StringIO("alice /settings\n"),
        out,
        interactive=False,
        locale=Locale.ZH_HANS,
    )
    assert "简体" in out.getvalue() and "simplified" not in out.getvalue()
