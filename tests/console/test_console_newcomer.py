"""What a newcomer types wrong in the console gets a specific answer, and nothing changes."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

from bot.console import run_console


async def console_lines(database: Path, *lines: str) -> list[str]:
    """Run ``lines`` through a console on ``database``; the printed lines."""
    out = io.StringIO()
    script = io.StringIO("\n".join(lines) + "\n")
    await run_console(database, None, script, out, interactive=False)
    return out.getvalue().splitlines()


def player_names(database: Path) -> set[str]:
    with sqlite3.connect(database) as conn:
        return {row[0] for row in conn.execute("SELECT display_name FROM players")}


def challenge_count(database: Path) -> int:
    with sqlite3.connect(database) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM challenges").fetchone()[0])


async def test_xiangqi_challenge_with_red(tmp_path: Path) -> None:
    """`color:red` challenges to xiangqi as red; each game's other colour word is refused."""
    out = await console_lines(
        tmp_path / "c.db",
        "alice /challenge bob game:xiangqi color:red",
        "bob /press Accept",
        "carol /challenge dave game:xiangqi color:white",
        "carol /challenge dave color:red",
    )
    assert out[0].startswith("alice challenges bob to xiangqi (alice plays red,")
    assert "alice (red) vs bob (black), xiangqi" in out[2]
    assert out[-2:] == [
        (
            "! In xiangqi the colours are red and black: color must be red, black or random, not "
            '"white".'
        ),
        (
            "! In chess the colours are white and black: color must be white, black or random, "
            'not "red".'
        ),
    ]
    assert challenge_count(tmp_path / "c.db") == 1


async def test_the_same_challenge_twice_and_extra_words(tmp_path: Path) -> None:
    """`alice /challenge bob bob` is refused for its extra word; the same challenge again
    points to the first and its buttons; only one challenge is stored."""
    database = tmp_path / "c.db"
    out = await console_lines(
        database,
        "alice /challenge bob bob",
        "alice /challenge bob",
        "alice /challenge bob",
        "alice /challenge bob colour:red",
    )
    assert out[0] == (
        '! Too many words for /challenge: "bob". Without a name it reads only the opponent; '
        "write other options as name:value (game:, color:, days:, increment:, cap:, weekends:, "
        "rated:, fen:, level:, position:, start:, setup:)."
    )
    assert out[1].startswith("alice challenges bob to chess")
    assert out[3].startswith("! You already challenged bob to this game: challenge #1 waits")
    assert out[3].endswith("Its buttons: [1] Accept  [2] Decline  [3] Cancel")
    assert out[4] == (
        '! /challenge has no option "colour" (its options: opponent:, game:, color:, days:, '
        "increment:, cap:, weekends:, rated:, fen:, level:, position:, start:, setup:). "
        "Did you mean color:?"
    )
    assert challenge_count(database) == 1


async def test_options_a_command_does_not_have_are_errors(tmp_path: Path) -> None:
    """An option of another command, a repeated option or a word too many is refused, not
    ignored; a move that holds a colon is still a move."""
    database = tmp_path / "c.db"
    out = await console_lines(
        database,
        "alice /challenge bob color:white",
        "bob /press Accept",
        "alice /move e4 color:white",
        "alice /moves e2 e3",
        "alice /board 1 2",
        "alice /challenge carol days:3 days:5",
        "alice /settings notify:dm extra",
        "alice /move e2:e4",
    )
    refusals = [line for line in out if line.startswith("! ")]
    assert refusals == [
        '! /move has no option "color" (its options: move:, game:).',
        (
            '! Too many words for /moves: "e3". Without a name it reads only the square; write '
            "other options as name:value (game:)."
        ),
        '! Too many words for /board: "2". Without a name it reads only the game.',
        "! /challenge got days twice; give each option once.",
        refusals[4],
    ]
    # /settings grows options; what matters is that the extra word is named.
    assert refusals[4].startswith(
        '! Too many words for /settings: "extra". It reads only options written as name:value '
        "(notify:, theme:"
    )
    assert "alice played 1. e4. bob to move. Opening: B00 King's Pawn Game." in out


async def test_lines_without_a_slash_get_specific_help(tmp_path: Path) -> None:
    """A line missing its user, its slash or its command says which; `vic: /move e4` is vic,
    not a player named "vic:"; a name that cannot be one is refused."""
    database = tmp_path / "c.db"
    out = await console_lines(
        database,
        "alice move e4",
        "alice hello",
        "/move e4",
        "move e4",
        "alice",
        "<vic> /challenge bob",
        "vic: /challenge bob",
    )
    assert out[:6] == [
        "! Commands start with a slash: 'alice /move e4'.",
        (
            "! \"hello\" is not a command: write <user> /<command>, e.g. 'alice /challenge bob' "
            "or 'alice /move e4'. Type /help for the list."
        ),
        "! Say who does it first: <user> /move e4, e.g. 'alice /move e4'.",
        "! Commands start with a slash after who does it, e.g. 'alice /move e4'.",
        "! Say what alice does, e.g. 'alice /challenge bob'. Type /help for more.",
        (
            '! "<vic>" cannot be a user name: a name is one word of letters, digits, ".", "-" or '
            '"_" (alice, bob_2).'
        ),
    ]
    assert out[6].startswith("vic challenges bob to chess")
    assert player_names(database) == {"vic", "bob"}
