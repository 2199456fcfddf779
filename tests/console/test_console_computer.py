"""Playing the computer in the console: ``alice /challenge postal level:2``; the computer's
moves are printed right after the line that made them due, boards saved like any move's."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import run_console
from bot.engine.api import (
    Engines,
    EngineUnavailable,
    SearchRequest,
    SearchResult,
    UnavailableReason,
)
from tests.fake_engines import FakeEngines


async def console_output(
    tmp_path: Path, script: str, engines: Engines | None, images: Path | None = None
) -> str:
    out = io.StringIO()
    await run_console(
        tmp_path / "c.db", images, io.StringIO(script), out, interactive=False, engines=engines
    )
    return out.getvalue()


async def test_a_game_against_the_computer(tmp_path: Path) -> None:
    """The game starts at once; each move of alice's is answered in the same turn, with a
    board image; the computer cannot be typed for; the result counts apart in /stats."""
    engines = FakeEngines()
    images = tmp_path / "boards"
    out = await console_output(
        tmp_path,
        "alice /challenge postal level:2 color:white\n"
        "alice /move e4\n"
        "postal /move e5\n"
        "alice /challenge bob level:3\n"
        "alice /resign\n"
        "alice /press Resign\n"
        "alice /stats\n"
        "alice /stats postal\n",
        engines,
        images,
    )
    assert "alice (white) vs Postal (black, level 2), chess, 3 days per move, unrated." in out
    assert "Postal played 1... " in out and "alice to move." in out
    assert "@alice, your move in game #1" in out
    assert "! Postal is the computer: it moves by itself." in out
    assert "! level is the computer's strength: challenge Postal itself" in out
    assert "Against the computer (unrated):\nchess level 2: 0 won, 0 drawn, 1 lost" in out
    assert "Against people (unrated):\nchess level 2: 1 won, 0 drawn, 0 lost" in out
    assert len(list(images.glob("*.png"))) >= 3
    assert [r.level for r in engines.requests] == [2]


async def test_the_computer_moves_first_and_xiangqi(tmp_path: Path) -> None:
    """With black, Postal's first move follows the challenge; xiangqi works the same."""
    out = await console_output(
        tmp_path,
        "alice /challenge postal game:xiangqi color:black level:4\n",
        FakeEngines(),
    )
    assert "Postal (red, level 4)" in out
    assert "Postal played 1. " in out


async def test_without_engines_the_challenge_says_how_to_install_one(tmp_path: Path) -> None:
    """No engine: one clear message, and the rest of the console works."""
    out = await console_output(
        tmp_path, "alice /challenge postal\nalice /challenge bob\n", engines=None
    )
    assert "! Postal can't play chess itself right now: its engine, Stockfish, is not" in out
    assert "apt-get install stockfish" in out
    assert "alice challenges bob to chess" in out


class Uninstalled(FakeEngines):
    """Engines found at the start whose chess program is gone by the time it is run."""

    async def search(self, request: SearchRequest) -> SearchResult:
        raise EngineUnavailable(request.variant_name, UnavailableReason.MISSING, "stockfish")


async def test_an_engine_gone_missing_is_said_once(tmp_path: Path) -> None:
    """The computer cannot move because its engine is gone: the console says so once, right
    after the move that was owed an answer, with how to install it; later lines do not
    repeat it."""
    out = await console_output(
        tmp_path,
        "alice /challenge postal level:2 color:white\nalice /move e4\nalice /board\n",
        Uninstalled(),
    )
    told = "The computer has not been able to move in game #1."
    assert out.count(told) == 1
    assert "apt-get install stockfish" in out


class Broken(FakeEngines):
    """Engines whose search for alice's games fails in a way no engine error explains (a
    program answering nonsense, a bug): ``KeyError``."""

    async def search(self, request: SearchRequest) -> SearchResult:
        if request.moves and request.moves[0] == "e2e4":
            raise KeyError("stockfish has no UCI_Variant option")
        return await super().search(request)


async def test_a_computer_move_failing_by_a_bug_is_said_in_words(tmp_path: Path) -> None:
    """The computer's move fails unexpectedly in alice's game: the console names no Python
    error, the reply is held back (not tried again at every line), and bob's game against
    the computer is answered meanwhile."""
    out = await console_output(
        tmp_path,
        "alice /challenge postal level:2 color:white\n"
        "alice /move e4\n"
        "bob /challenge postal level:2 color:white\n"
        "bob /move d4\n"
        "alice /board\n",
        Broken(),
    )
    assert "KeyError" not in out and "Error" not in out and "UCI_Variant" not in out
    assert "Postal played 1... " in out  # bob's
    assert out.count("Postal to move") >= 1  # alice's game waits for its retry


async def test_chess960_against_the_computer(tmp_path: Path) -> None:
    """A Chess960 game against the computer from start 195: the start is said by its number,
    the player castles king-takes-rook (O-O), the computer answers each move, and the PGN
    names the variant and its start."""
    out = await console_output(
        tmp_path,
        "alice /challenge postal game:chess960 position:195 color:white level:1\n"
        "alice /move Ne3\n"
        "alice /move O-O\n"
        "alice /pgn\n",
        FakeEngines(("chess", "chess960")),
    )
    assert "Chess960, 3 days per move, unrated, from start position 195. alice to move." in out
    assert "alice played 2. O-O." in out and "Postal played 2... " in out
    assert '[Variant "Chess960"]' in out and '[FEN "' in out
