"""The console adapter: piped scripts play whole games; errors are sentences, not tracebacks."""

from __future__ import annotations

import io
import queue
import re
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import rules
from bot.console import main, run_console, user_named
from tests.console.unconfirmed import confirm_off, script_users
from tests.processes import call_postal, run_postal

ROOT = Path(__file__).resolve().parents[2]

SCHOLARS_MATE_SCRIPT = """\
# a challenge, accepted with its button, then a game to mate
alice /challenge bob game:chess color:white days:3
bob /press Accept
alice /move e4
bob /move e5
alice /move Bc4
bob /move Nc6
alice /move Qh5
bob /move Nf6
alice /move Qxf7
alice /pgn
"""


def run_script(
    tmp_path: Path,
    script: str,
    run: Callable[..., subprocess.CompletedProcess[str]] = call_postal,
) -> str:
    """Give ``script`` as the standard input of ``python -m bot console`` and return what it
    printed (its players have turned Confirm moves off, unless the script says otherwise).
    ``run``: ``call_postal`` runs the console's ``main`` in this process, ``run_postal``
    pipes the script into a process of its own."""
    database, images = tmp_path / "console.db", tmp_path / "boards"
    confirm_off(database, script_users(script))
    completed = run(["console", "--db", str(database), "--images", str(images)], stdin=script)
    assert completed.returncode == 0, completed.stderr
    assert "Traceback" not in completed.stdout + completed.stderr
    return completed.stdout


def test_piped_game_to_checkmate_and_pgn(tmp_path: Path) -> None:
    """A piped script plays to checkmate and prints a PGN that reads back (the console
    started as its own process, as an operator pipes a file into it)."""
    out = run_script(tmp_path, SCHOLARS_MATE_SCRIPT, run=run_postal)
    assert "buttons: [1] Accept  [2] Decline  [3] Cancel" in out
    assert "@bob, your move in game #1" in out
    assert "alice played 4. Qxf7#. Checkmate — white wins." in out
    pgn = out[out.index('[Event "') : out.index("1-0\n", out.index("Qxf7#")) + 3]
    tags, game = rules.get_variant("chess").read_record(pgn)
    assert tags["Result"] == "1-0" and game.ply == 7
    assert (
        (tmp_path / "boards" / "postal-chess-1.pgn")
        .read_text(encoding="utf-8")
        .startswith('[Event "')
    )
    with sqlite3.connect(tmp_path / "console.db") as conn:
        assert conn.execute("SELECT status, result FROM games").fetchall() == [("finished", "1-0")]


def test_board_images_are_written_when_the_renderer_exists(tmp_path: Path) -> None:
    """With bot.render installed, every board shown is also saved as a PNG and its path printed."""
    render = pytest.importorskip("bot.render", reason="the renderer lands separately")
    if not hasattr(render, "render_board"):
        pytest.skip("bot.render has no render_board yet")
    from PIL import Image

    out = run_script(tmp_path, "alice /challenge bob color:white\nbob /press 1\nalice /move d4\n")
    paths = re.findall(r"board image: (\S+\.png)", out)
    assert len(paths) == 2
    for path in paths:
        with Image.open(path) as image:
            assert image.format == "PNG" and image.size[0] >= 256


async def test_errors_are_sentences(tmp_path: Path) -> None:
    """Bad lines, unknown commands, illegal moves, foreign buttons and a look at an empty
    square answer with one line marked "!" (a look at a piece's moves is no refusal)."""
    script = "\n".join(
        [
            "alice",
            "alice /frobnicate",
            "alice /challenge alice",
            "alice /challenge bob days:4",
            "alice /challenge bob days:soon",
            "alice /challenge bob color:white",
            "carol /press Accept",
            "bob /press Accept",
            "bob /move e5",
            "alice /move Nf9",
            "alice /move Bc4",
            'alice /challenge bob fen:"not a fen"',
            "alice /move 'unclosed",
            "alice /moves e3",
            "alice /moves e2",
        ]
    )
    out = io.StringIO()
    await run_console(tmp_path / "c.db", None, io.StringIO(script + "\n"), out, interactive=False)
    lines = [line for line in out.getvalue().splitlines() if line.startswith("! ")]
    assert lines == [
        "! Say what alice does, e.g. 'alice /challenge bob'. Type /help for more.",
        '! Unknown command "/frobnicate". Type /help for the list.',
        "! You cannot challenge yourself; pick an opponent or leave it open.",
        "! days must be one of 1, 2, 3, 5, 7, 10, 14 (days per move), or none for no time limit.",
        '! days must be one of 1, 2, 3, 5, 7, 10, 14, none (no time limit), not "soon".',
        "! That button is not yours to press.",
        "! It is not your turn: alice is to move.",
        '! "Nf9" is not a move.',
        "! Bc4 is illegal: the path is blocked.",
        lines[9],
        "! Could not read that line: no closing quotation. Nothing was done.",
        "! There is no piece on e3.",
    ]
    assert lines[9].startswith("! That start position is not valid: ")


async def console_text(database: Path, lines: list[str]) -> str:
    """What the console (in this process) printed for ``lines``, on ``database``."""
    out = io.StringIO()
    script = io.StringIO("\n".join(lines) + "\n")
    await run_console(database, None, script, out, interactive=False)
    return out.getvalue()


async def test_xiangqi_in_the_console(tmp_path: Path) -> None:
    """Xiangqi plays in the console with WXF and Chinese notation and a text board with a river."""
    text = await console_text(
        tmp_path / "x.db",
        [
            "alice /challenge bob game:xiangqi color:red",
            "bob /press Accept",
            "alice /move C2.5",
            "bob /move 马8进7",
            "alice /moves e2",
            "bob /pgn",
        ],
    )
    assert "alice played 1. C2.5. bob to move." in text
    assert "bob played 1... 马８进７. alice to move." in text  # typed in Chinese
    assert "~~~" in text  # the river
    assert "Legal moves from e2:" in text
    assert "H2-E2" in text  # the record, ICCS


async def test_a_move_in_the_other_games_notation_says_which_notation(tmp_path: Path) -> None:
    """``e4`` in xiangqi and ``C2.5`` in chess are refused naming the notations the game
    takes (in the reader's language); full-width moves are read."""
    text = await console_text(
        tmp_path / "x.db",
        [
            "alice /challenge bob game:xiangqi color:red",
            "bob /press Accept",
            "alice /move e4",
            "alice /move Ｃ２．５",
            "bob /settings language:fr",
            "bob /move Nf6",
            "bob /move ｈ９ｇ７",
        ],
    )
    assert (
        '! "e4" is written in chess notation: xiangqi moves are written like h2e2, C2.5 or '
        "炮二平五." in text
    )
    assert "alice played 1. C2.5. bob to move." in text
    assert "! « Nf6 » est écrit en notation des échecs : au xiangqi, les coups s'écrivent" in text
    assert "1... H8+7" in text
    chess = await console_text(
        tmp_path / "c.db",
        ["carol /challenge dave color:white", "dave /press Accept", "carol /move C2.5"],
    )
    assert (
        '! "C2.5" is written in xiangqi notation: chess moves are written like Nf3, exd5 or '
        "g1f3." in chess
    )


def test_user_names_map_to_stable_ids() -> None:
    """The same name (any case, with or without @) is always the same player."""
    assert user_named("Alice").id == user_named("@alice").id == user_named("alice").id
    assert user_named("alice").id != user_named("bob").id
    assert 0 < user_named("zed").id < 2**53


def test_help_and_bad_database_url(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """--help documents the commands; an unsupported DATABASE_URL is one clear line."""
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "mysql://localhost/postal")
    assert main([]) == 1


def console_process(database: Path) -> subprocess.Popen[str]:
    """``python -m bot console`` on ``database``, its stdin, stdout and stderr piped."""
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--db", str(database), "--no-images"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def test_each_reply_is_flushed_before_the_next_line(tmp_path: Path) -> None:
    """A program driving the console line by line reads each reply before sending more."""
    process = console_process(tmp_path / "l.db")
    assert process.stdin is not None and process.stdout is not None
    replies: queue.Queue[str] = queue.Queue()
    stdout = process.stdout

    def pump() -> None:
        for line in stdout:
            replies.put(line)

    threading.Thread(target=pump, daemon=True).start()

    def ask(line: str, until: str) -> list[str]:
        assert process.stdin is not None
        process.stdin.write(line + "\n")
        process.stdin.flush()
        seen: list[str] = []
        while True:
            try:
                reply = replies.get(timeout=20)
            except queue.Empty:
                raise AssertionError(f"no reply to {line!r}; saw {seen}") from None
            seen.append(reply.rstrip("\n"))
            if until in reply:
                return seen

    try:
        assert ask("alice /challenge bob color:white", "buttons:")[-1].startswith("buttons: [1]")
        assert "your move in game #1" in ask("bob /press Accept", "your move")[-1]
        assert ask("bob /move e5", "!") == ["! It is not your turn: alice is to move."]
    finally:
        process.stdin.close()
        assert process.wait(timeout=20) == 0
        process.stdout.close()
        assert process.stderr is not None
        process.stderr.close()


def test_words_after_a_hash_are_comments_but_check_marks_stay(tmp_path: Path) -> None:
    """'# ...' after a command is ignored, as in the README's example; 'Qh4#' is a move."""
    out = run_script(
        tmp_path,
        "# Fool's mate\n"
        "alice /challenge bob color:white   # game:xiangqi, rated:no also work\n"
        "bob /press Accept\n"
        "alice /move f3\nbob /move e5\nalice /move g4\n"
        "bob /move Qh4#   # mate\n",
    )
    assert "alice challenges bob to chess" in out
    assert not [line for line in out.splitlines() if line.startswith("!")]  # nothing refused
    assert "bob played 2... Qh4#. Checkmate — black wins." in out


def test_a_look_at_the_board_never_replaces_a_moves_image(tmp_path: Path) -> None:
    """/board and /moves write their own files beside the after-move image of that ply."""
    run_script(
        tmp_path,
        "alice /challenge bob color:white\nbob /press Accept\nalice /move e4\n"
        "bob /board\nbob /moves e7\n",
    )
    names = sorted(path.name for path in (tmp_path / "boards").glob("*.png"))
    assert names == [
        "game1-ply0.png",
        "game1-ply1-board.png",
        "game1-ply1-moves.png",
        "game1-ply1.png",
    ]


async def test_the_console_leaves_no_outbox_row_pending(tmp_path: Path) -> None:
    """A DM turn notice and a resignation write outbox rows; the console prints them itself,
    so none stays pending for a Discord sender that never comes."""
    script = "\n".join(
        [
            "bob /settings notify:dm",
            "alice /challenge bob color:white",
            "bob /press Accept",
            "alice /move e4",
            "bob /resign",
            "bob /press Resign",
        ]
    )
    out = io.StringIO()
    database = tmp_path / "o.db"
    await run_console(database, None, io.StringIO(script + "\n"), out, interactive=False)
    assert "(direct message to bob)" in out.getvalue()
    with sqlite3.connect(database) as conn:
        states = dict(conn.execute("SELECT state, COUNT(*) FROM outbox GROUP BY state"))
    assert states.get("pending", 0) == 0
    assert states.get("sent", 0) >= 1


def test_a_reader_who_stops_reading_ends_the_console_quietly(tmp_path: Path) -> None:
    """``… | python -m bot console | head -1``: once the reader has closed the pipe, no
    traceback, and SIGPIPE's exit status, as a program killed by it would have."""
    process = console_process(tmp_path / "p.db")
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("alice /help\n")
    process.stdin.flush()
    assert process.stdout.readline().startswith("Each line is")
    process.stdout.close()  # the reader goes away with the rest of the help unread
    _, errors = process.communicate("alice /help\n" * 5, timeout=60)
    assert process.returncode == 128 + signal.SIGPIPE
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors


def test_games_in_pages_with_a_next_page_button(tmp_path: Path) -> None:
    """/games with eleven games lists ten and offers Next page, which lists the eleventh."""
    script = "".join(
        f"alice /challenge p{n} game:chess color:white days:3\np{n} /press Accept\n"
        for n in range(11)
    )
    out = run_script(tmp_path, script + "alice /games\nalice /press Next page\n")
    listed = out[out.index("alice's games:") :]
    first, second = listed.split("alice's games:")[1:3]
    # Each game once in the list, once in the Show a board… menu; the Play in… menu lists
    # the games where it is alice's move (all of them: nobody moved).
    assert first.count("· no move yet ·") == 10 and first.count(" vs p") == 30
    assert re.search(r"buttons: \[\d+\] Next page", first)
    assert second.count("· no move yet ·") == 1 and "Next page" not in second


async def test_chess960_in_the_console(tmp_path: Path) -> None:
    """A Chess960 game from start 195 in the console: its text board, castling both ways
    (O-O typed, and the king taking its rook), a resignation and the PGN with its start."""
    text = await console_text(
        tmp_path / "c.db",
        [
            "alice /challenge bob game:chess960 position:195 color:white",
            "bob /press Accept",
            "alice /move Ne3",
            "bob /move Nd6",
            "alice /move O-O",
            "bob /move e8d8",
            "bob /resign",
            "bob /press Resign",
            "alice /pgn",
        ],
    )
    assert "from start position 195" in text
    assert "alice played 2. O-O. bob to move." in text
    assert "bob played 2... O-O-O. alice to move." in text
    assert "bob resigned — white wins" in text
    assert '[Variant "Chess960"]' in text
    assert '[FEN "bqnrknrb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKNRB w KQkq - 0 1"]' in text
