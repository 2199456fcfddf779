"""A janggi game in the console: a challenge as Cho, moves in Korean notation, a pass
answered by a pass ending the game by counting, worded; the PGN record; the GIF."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console.entry import run_console
from bot.i18n import Locale
from rules.janggi import Setup, start_fen
from tests.console.test_console import console_text
from tests.console.test_console_computer import console_output
from tests.fake_engines import FakeEngines


async def test_janggi_in_the_console(tmp_path: Path) -> None:
    text = await console_text(
        tmp_path / "c.db",
        [
            "alice /challenge bob game:janggi color:cho",
            "bob /press Accept",
            "alice /move 79졸78",
            "bob /move 43병53",
            "alice /move pass",
            "bob /move 한수쉼",
            "alice /pgn",
        ],
    )
    assert "alice played 1. 79졸78. bob to move." in text
    assert "alice played 2. 한수쉼. bob to move." in text
    assert "Both sides passed — Han wins on points, 73½ to 72." in text
    assert '[Variant "janggi"]' in text and "1. Pih4 Pc6 2. Ke2 Ke9 0-1" in text


async def test_a_setup_against_the_computer_in_the_console(tmp_path: Path) -> None:
    """setup: against the computer arranges the player's side (the record's start shows
    it), and a setup for chess is refused by name, starting nothing."""
    out = await console_output(
        tmp_path,
        "alice /challenge postal game:chess level:1 setup:마상마상\n"
        "alice /challenge postal game:janggi color:cho level:1 setup:상마상마 weekends:off\n"
        "alice /move 79졸78\n"
        "alice /pgn\n",
        FakeEngines(("chess", "xiangqi", "janggi")),
    )
    assert "! Only janggi has setups: leave setup out for chess." in out
    assert f'[FEN "{start_fen(Setup.SANG_MA_SANG_MA, Setup.MA_SANG_SANG_MA)}"]' in out
    assert "Postal played 1... " in out
    assert "weekends off" in out.lower()
    # The start names both setups, the computer's (the usual one) too.
    assert (
        "unrated, setups: Cho 상마상마 (left elephant), Han 마상상마 (inner elephants). "
        "alice to move."
    ) in out


async def test_the_opponent_accepts_with_their_own_setup_in_the_console(tmp_path: Path) -> None:
    """The console lists a janggi challenge's four setups as choices: the opponent picks
    one and the game starts with it on their side (the record's start shows both)."""
    text = await console_text(
        tmp_path / "c.db",
        [
            "alice /challenge bob game:janggi color:han setup:마상마상",
            "bob /press 상마상마",
            "alice /pgn",
        ],
    )
    assert "alice's setup 마상마상" in text
    assert "choices: [1] 마상마상 (right elephant)  [2] 마상상마 (inner elephants)" in text
    assert "bob accepted." in text
    assert f'[FEN "{start_fen(Setup.SANG_MA_SANG_MA, Setup.MA_SANG_MA_SANG)}"]' in text
    # The accept names both setups: the acceptor's (Cho) and the challenger's (Han).
    assert (
        "rated, setups: Cho 상마상마 (left elephant), Han 마상마상 (right elephant). bob to move."
    ) in text


async def test_setups_are_named_in_the_players_language(tmp_path: Path) -> None:
    """The setups at the start are said with the setup menu's words of the reader's
    language; a chess game says none."""
    text = await console_text(
        tmp_path / "c.db",
        [
            "bob /settings language:fr",
            "alice /challenge bob game:janggi color:cho",
            "bob /press 상마마상",
            "alice /challenge bob",
            "bob /press Accept",
        ],
    )
    assert (
        "partie classée, dispositions : Cho 마상상마 (éléphants à l'intérieur), "
        "Han 상마마상 (éléphants à l'extérieur). À alice de jouer."
    ) in text
    assert text.count("dispositions") == 1


async def test_a_player_reads_janggi_in_coordinates_in_the_console(tmp_path: Path) -> None:
    """/settings janggi_notation:coordinates: bob's /moves names moves in coordinates, the
    move's shared message stays Korean."""
    text = await console_text(
        tmp_path / "c.db",
        [
            "alice /challenge bob game:janggi color:cho",
            "bob /press Accept",
            "bob /settings janggi_notation:coordinates",
            "alice /move 79졸78",
            "bob /moves c7",
            "bob /move c7c6",
        ],
    )
    assert "janggi moves written to you in coordinates (i4h4)" in text
    assert "Legal moves from c7: c7b7, c7d7, c7c6." in text
    assert "bob played 1... 43병53." in text


async def test_a_janggi_board_is_named_as_xiangqi_s(tmp_path: Path) -> None:
    """In French a janggi board is a plateau, as xiangqi's, not an échiquier (chess's), in
    the board's controls and its image's line."""
    out = io.StringIO()
    script = "alice /challenge bob game:janggi color:cho\nbob /press Accept\n"
    await run_console(
        tmp_path / "c.db",
        tmp_path / "boards",
        io.StringIO(script),
        out,
        interactive=False,
        locale=Locale.FR,
    )
    text = out.getvalue()
    assert "plateau : [" in text and "image du plateau : " in text
    assert "échiquier" not in text


async def test_the_move_form_gives_a_janggi_example(tmp_path: Path) -> None:
    """Type a move… in a janggi game gives a janggi move as its example (not xiangqi's
    C2.5), one the game reads: played, it moves Cho's soldier."""
    text = await console_text(
        tmp_path / "c.db",
        [
            "alice /challenge bob game:janggi color:cho",
            "bob /press Accept",
            "alice /press Move…",
            "alice /press Type a move…",
            "alice /move 79졸78",
        ],
    )
    assert "Type your move with /move, e.g. /move 79졸78." in text
    assert "C2.5" not in text
    assert "alice played 1. 79졸78." in text
