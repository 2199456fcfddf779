"""The missing-engine message: the edge words the reason code with how to fix it."""

from __future__ import annotations

import pytest

from bot.engine.api import UnavailableReason
from bot.text.words import engine_unavailable


@pytest.mark.parametrize(
    ("variant", "package", "setting"),
    [("chess", "stockfish", "ENGINE_CHESS"), ("xiangqi", "fairy-stockfish", "ENGINE_XIANGQI")],
)
def test_a_missing_engine_says_how_to_install_it(variant: str, package: str, setting: str) -> None:
    text = engine_unavailable(variant, UnavailableReason.MISSING)
    assert f"can't play {variant}" in text
    assert f"`apt-get install {package}`" in text
    assert setting in text
    assert "not installed" in text


def test_an_engine_that_would_not_start_says_so() -> None:
    text = engine_unavailable("xiangqi", UnavailableReason.FAILED_TO_START)
    assert "Fairy-Stockfish, would not start" in text
    assert "ENGINE_XIANGQI" in text
    assert "Traceback" not in text and len(text) < 2000  # one Discord message
