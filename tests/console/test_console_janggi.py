"""A janggi game in the console: a challenge as Cho, moves in Korean notation, a pass
answered by a pass ending the game by counting, worded; the PGN record; the GIF."""

from __future__ import annotations

from pathlib import Path

from tests.console.test_console import console_text


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
