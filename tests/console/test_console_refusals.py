"""Refusals a newcomer meets first: each clear and specific, nothing changed, no apology for
an unexpected failure."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.i18n import Locale
from tests.console.session import play
from tests.processes import call_postal

START = "alice /challenge bob color:white\nbob /press Accept\n"
HUGE = "99999999999999999999999"


def refusals(said: str) -> list[str]:
    return [line for line in said.splitlines() if line.startswith("! ")]


@pytest.mark.parametrize(
    "command",
    [
        f"/board {HUGE}",
        f"/gif game:{HUGE}",
        f"/pgn game:{HUGE}",
        f"/analyse game:{HUGE}",
        f"/note hello game:{HUGE}",
        f"/move e4 game:{HUGE}",
        f"/moves e2 game:{HUGE}",
        f"/resign game:{HUGE}",
        f"/draw game:{HUGE}",
        f"/conditional list game:{HUGE}",
    ],
)
async def test_a_game_number_too_big_for_the_database_names_no_game(
    tmp_path: Path, command: str
) -> None:
    """A number past what the database holds is a game that does not exist, as #0 is (it
    was an OverflowError apology)."""
    said = await play(tmp_path, f"{START}alice {command}\nalice /board\n")
    assert refusals(said) == [f"! There is no game #{HUGE}."], said
    assert "move 1. alice to move" in said.rsplit("! ", 1)[1]


async def test_a_label_on_several_messages_is_refused_with_the_choices(tmp_path: Path) -> None:
    """Two pending challenges: ``/press Accept`` names both by number and accepts neither
    (it accepted one silently); a number picks one."""
    said = await play(
        tmp_path,
        "alice /challenge bob game:chess\n"
        "alice /challenge bob game:xiangqi\n"
        "bob /press Accept\n"
        "bob /press Decline\n"
        "bob /press 4\n",
    )
    assert refusals(said) == [
        '! "Accept" is on several messages: [1] Accept (game:chess)  [4] Accept (game:xiangqi).'
        " Press one by its number.",
        '! "Decline" is on several messages: [2] Decline (game:chess)  [5] Decline'
        " (game:xiangqi). Press one by its number.",
    ]
    assert said.count("bob accepted") == 1 and "xiangqi, 3 days per move" in said


async def test_a_button_typed_as_a_command_is_answered_with_how_to_press_it(
    tmp_path: Path,
) -> None:
    """``/accept`` (as Discord's Accept button reads) at a challenge says how to press it
    and accepts nothing; once the buttons are gone it is an unknown command again; in
    French the same, with the French command's name."""
    said = await play(
        tmp_path, "alice /challenge bob\nbob /accept\nbob /press Accept\nbob /accept\n"
    )
    assert refusals(said) == [
        '! "/accept" is a button, not a command: bob /press Accept',
        '! Unknown command "/accept". Type /help for the list.',
    ]
    assert said.count("bob accepted") == 1
    french = await play(tmp_path / "fr", "alice /challenge bob\nbob /accepter\n", Locale.FR)
    assert refusals(french) == [
        "! « /accepter » est un bouton, pas une commande : bob /appuyer Accepter"
    ]


async def test_a_conditional_line_number_that_is_not_listed_is_refused(tmp_path: Path) -> None:
    """``line:abc`` is refused before anything is listed (it listed, then refused);
    ``line:99`` and ``line:0`` name the numbers there are (they were ignored); with no
    line prepared, any number is refused."""
    said = await play(
        tmp_path,
        f"{START}alice /move e4\n"
        "bob /conditional list line:1\n"
        "bob /conditional add 1... e5 2. Nf3 Nc6\n"
        "bob /conditional list line:abc\n"
        "bob /conditional list line:99\n"
        "bob /conditional list line:0\n",
    )
    assert refusals(said) == [
        "! You have no lines prepared here, so there is no line:1.",
        '! line must be a whole number from 1 to 100, not "abc".',
        "! line must be from 1 to 1 (the lines listed), not 99.",
        "! line must be from 1 to 1 (the lines listed), not 0.",
    ]
    assert said.count("Your conditional moves in") == 0


async def test_a_finished_games_pieces_and_a_notes_move_are_said_as_they_are(
    tmp_path: Path,
) -> None:
    """/moves on a finished game says it is over (it said "it is white's turn"); a note's
    confirmation names the move it follows (it said "after 1...:")."""
    said = await play(
        tmp_path,
        f"{START}alice /move e4\nbob /move e5\nbob /note world\n"
        "alice /resign\nalice /press Resign\nbob /moves e5\n",
    )
    assert "Noted in alice vs bob · chess (game #1), after 1... e5: world" in said
    assert "alice vs bob · chess is over: no piece moves in it any more." in said
    assert "turn" not in said.rsplit("alice resigned", 1)[1]


async def test_numbers_out_of_range_are_refused_saying_the_range(tmp_path: Path) -> None:
    """A negative number is refused with the option's range, not as "not a whole number";
    a word names the range, not an example outside it (``frame_ms:3``)."""
    said = await play(
        tmp_path,
        "alice /challenge bob days:-3\n"
        f"{START}"
        "alice /moretime -1\n"
        "alice /gif frame_ms:abc\n"
        "alice /vacation -2\n",
    )
    assert refusals(said) == [
        "! days must be one of 1, 2, 3, 5, 7, 10, 14 (days per move), or none for no time limit.",
        "! days must be one of 1, 2, 3, 5, 7 for more time.",
        '! frame_ms must be a whole number from 100 to 10000, not "abc".',
        "! A vacation is 1 to 30 days, not -2.",
    ]


async def test_days_0_is_refused_and_none_makes_an_untimed_game(tmp_path: Path) -> None:
    """0 is only how Discord sends the "none" choice: typed, it is refused naming the
    choices (it used to make an untimed, casual game without a word), while
    ``days:none`` is the untimed game, said as such."""
    said = await play(tmp_path, "alice /challenge bob days:0\nalice /challenge bob days:none\n")
    assert refusals(said) == [
        '! days must be one of 1, 2, 3, 5, 7, 10, 14, none (no time limit), not "0".'
    ]
    assert "no time limit, casual" in said


def test_the_downtime_log_line_is_not_printed_to_the_player(tmp_path: Path) -> None:
    """After more than five minutes away the console credits the downtime without printing
    the operators' English log line (``downtime credited: …``) in the player's terminal."""
    database = tmp_path / "c.db"
    made = call_postal(["console", "--db", str(database), "--no-images"])
    assert made.returncode == 0, made.stderr
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE bot_state SET value = '1000' WHERE key = 'heartbeat_at'")
    conn.close()
    env = {k: v for k, v in os.environ.items() if k != "LOG_LEVEL"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--db", str(database), "--no-images"],
        input="alice /games\n",
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert "downtime credited" not in done.stdout + done.stderr
    with sqlite3.connect(database) as conn:
        assert conn.execute(
            "SELECT value FROM bot_state WHERE key = 'downtime_credited'"
        ).fetchone()
    conn.close()
