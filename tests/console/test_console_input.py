"""Console input that is not a command: huge lines, bytes that are not UTF-8, control
characters. Each is refused on its own line with a reason; the session goes on."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

from bot.console import run_console
from bot.console.lines import MAX_LINE_CHARACTERS, split_words, words_of
from tests.processes import run_postal


async def console_output(tmp_path: Path, script: str) -> list[str]:
    out = io.StringIO()
    await run_console(tmp_path / "c.db", None, io.StringIO(script), out, interactive=False)
    return out.getvalue().splitlines()


async def test_megabyte_line_is_refused_and_the_next_line_runs(tmp_path: Path) -> None:
    """A 1 MB line is refused at once (it took seconds to split) and the console goes on."""
    huge = "alice /move " + "x" * 1_000_000
    lines = await console_output(tmp_path, f"{huge}\nalice /challenge bob\n")
    assert lines[0] == (
        f"! Could not read that line: that line has {len(huge):,} characters; a command has "
        f"at most {MAX_LINE_CHARACTERS:,}. Nothing was done."
    )
    assert any("challenges" in line for line in lines[1:]), lines


def test_long_words_split_like_a_shell() -> None:
    """Splitting keeps quoted spaces, joins adjacent quoted parts, and handles long words."""
    assert split_words('alice /challenge bob fen:"8/8 w - -" x\'y z\'') == [
        "alice", "/challenge", "bob", "fen:8/8 w - -", "xy z",
    ]  # fmt: skip
    word = "y" * (MAX_LINE_CHARACTERS - 40)
    assert words_of(f'alice /move "{word}" # a comment') == ["alice", "/move", word]
    assert words_of("   # only a comment") == []


def test_invalid_utf8_byte_refuses_one_line(tmp_path: Path) -> None:
    """One byte that is not UTF-8 refuses its line; the lines around it still run."""
    script = b"alice /challenge bob color:white\nbob /move \xff\xfee5\nbob /press Accept\n"
    done = run_postal(
        ["console", "--db", str(tmp_path / "c.db"), "--no-images"],
        stdin=script.decode("latin-1"),
        encoding="latin-1",
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert (
        "! Could not read that line: that line is not valid UTF-8 (byte 0xff at position 10). "
        "Nothing was done." in done.stdout
    )
    assert "alice to move" in done.stdout or "your move" in done.stdout, done.stdout


async def test_control_characters_are_refused_and_nothing_stored(tmp_path: Path) -> None:
    """NUL and escape characters in a line refuse it: no player with such a name appears."""
    lines = await console_output(
        tmp_path, "al\x00ice /challenge bob\nalice /challenge b\x1b[31mob\n"
    )
    assert lines == [
        "! Could not read that line: that line contains the control character U+0000. "
        "Nothing was done.",
        "! Could not read that line: that line contains the control character U+001B. "
        "Nothing was done.",
    ]
    conn = sqlite3.connect(tmp_path / "c.db")
    try:
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone() == (0,)
    finally:
        conn.close()
