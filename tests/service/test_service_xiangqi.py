"""Xiangqi through the service: notations, mate, record export, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import GameService, MovePlayed, errors
from bot.text.endings import ending_text
from bot.text.phrases import check_text, termination_text
from rules import Color
from tests.service.service_helpers import ALICE, BOB, PLACE, snapshot, start_game

# A five-ply mate found by search: the red cannon lands behind the black elephant.
QUICK_MATE = ("b2b4", "a6a5", "b4c4", "f9e8", "c4c9")


async def test_xiangqi_game_to_mate_and_record(service: GameService) -> None:
    """A xiangqi game plays to mate in ICCS; red wins and the record reads back."""
    started = await start_game(service, "xiangqi")
    assert started.acceptor.id == BOB.id and started.game.white.id == ALICE.id
    assert started.game.color_name(Color.WHITE) == "red"
    result = None
    for ply, text in enumerate(QUICK_MATE):
        user = ALICE if ply % 2 == 0 else BOB
        result = await service.play.move(user, PLACE, text)
    assert isinstance(result, MovePlayed) and result.ending is not None
    assert ending_text(result.ending) == "Checkmate — red wins"
    assert result.ending.result == "1-0"
    export = await service.reports.record(ALICE, PLACE)
    assert export.analysis_url is None and export.filename.endswith(".txt")
    tags, game = rules.get_variant("xiangqi").read_record(export.record)
    assert game.uci_moves() == list(QUICK_MATE)
    assert tags["Result"] == "1-0"


async def test_xiangqi_accepts_wxf_and_chinese(service: GameService) -> None:
    """WXF and Chinese notation are played and echoed in WXF."""
    await start_game(service, "xiangqi")
    first = await service.play.move(ALICE, PLACE, "C2.5")
    assert isinstance(first, MovePlayed) and first.san == "C2.5" and first.uci == "h2e2"
    second = await service.play.move(BOB, PLACE, "马8进7")
    assert isinstance(second, MovePlayed) and second.uci == "h9g7"


async def test_xiangqi_refusals_change_nothing(service: GameService, db_path: Path) -> None:
    """An illegal xiangqi move is explained and changes nothing."""
    await start_game(service, "xiangqi")
    before = snapshot(db_path)
    with pytest.raises(errors.IllegalMoveError) as raised:
        await service.play.move(ALICE, PLACE, "e0e2")  # the general cannot jump two points
    assert (raised.value.text, raised.value.reason) == ("e0e2", rules.IllegalReason.CANNOT_REACH)
    with pytest.raises(errors.UnreadableMoveError):
        await service.play.move(ALICE, PLACE, "Z9+9")
    assert snapshot(db_path) == before
    suggestions = await service.play.legal_move_suggestions(ALICE, PLACE, "C")
    assert "C2.5" in suggestions and len(suggestions) <= 25


async def test_xiangqi_mate_and_check_are_said_in_xiangqis_words(service: GameService) -> None:
    """Korean and Japanese name xiangqi's check and mate differently from chess's (장군 and
    외통수, 王手 and 詰み, not 체크 and チェック), and Chinese says 绝杀: the same English
    reads as each game's own word."""
    await start_game(service, "xiangqi")
    result = None
    for ply, text in enumerate(QUICK_MATE):
        result = await service.play.move(ALICE if ply % 2 == 0 else BOB, PLACE, text)
    assert isinstance(result, MovePlayed) and result.ending is not None
    said = {}
    for locale in (Locale.KO, Locale.JA, Locale.ZH_HANS):
        with using(locale):
            said[locale] = (say(ending_text(result.ending)), say(check_text("xiangqi")))
    assert said == {
        Locale.KO: ("외통수로 홍 승", "장군!"),
        Locale.JA: ("詰みで紅の勝ち", "王手！"),
        Locale.ZH_HANS: ("绝杀，红方胜", "将军！"),
    }
    with using(Locale.KO):
        assert say(termination_text("checkmate", "xiangqi")) == "외통수"
        assert say(termination_text("checkmate", "chess")) == "체크메이트"
        assert say(check_text("chess")) == "체크!"
        assert say(check_text("chess", lead=" ")) == " 체크!"
    assert check_text("xiangqi") == "Check!"
    with pytest.raises(ValueError, match="lead"):
        check_text("xiangqi", lead="  ")
