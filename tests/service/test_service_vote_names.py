"""Vote chess's moves named for one member (``service.vote_names``): as the member reads
moves, in their chosen notation, else the one they typed, else their language's default."""

from __future__ import annotations

import pytest

from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service.notation import XiangqiMove
from bot.service.vote_facts import MoveCount
from bot.service.vote_names import for_member
from bot.store import JanggiNotation, NotifyMode, Player, XiangqiNotation

CANNON = MoveCount(XiangqiMove("C2.5", "炮二平五"), 2, "h2e2")
HORSE = MoveCount(XiangqiMove("H8+7", "马８进７"), None, "h9g7")
SOLDIER = MoveCount("79졸78", 1, "i4h4")


def _reader(xiangqi: XiangqiNotation | None = None, janggi: JanggiNotation | None = None) -> Player:
    return Player(1, "bob", False, NotifyMode.CHANNEL, "brown",
                  xiangqi_notation=xiangqi, janggi_notation=janggi)  # fmt: skip


@pytest.mark.parametrize(
    ("reader", "typed", "locale", "said"),
    [
        (None, "", Locale.EN, ["C2.5", "H8+7"]),  # nobody's choice: the language's default
        (None, "", Locale.ZH_HANS, ["炮二平五", "马８进７"]),
        (_reader(), "马二进三", Locale.EN, ["炮二平五", "马８进７"]),  # typed in Chinese
        (_reader(XiangqiNotation.WXF), "马二进三", Locale.ZH_HANS, ["C2.5", "H8+7"]),
        (_reader(XiangqiNotation.CHINESE), "C2.5", Locale.EN, ["炮二平五", "马８进７"]),
        (_reader(XiangqiNotation.CHINESE), "", Locale.ZH_HANT, ["炮二平五", "馬８進７"]),
        (_reader(XiangqiNotation.ICCS), "", Locale.ZH_HANS, ["h2e2", "h9g7"]),
    ],
)
def test_xiangqi_moves_are_named_as_the_member_reads(
    reader: Player | None, typed: str, locale: Locale, said: list[str]
) -> None:
    named = for_member((CANNON, HORSE), "xiangqi", reader, typed)
    assert [(count.votes, count.uci) for count in named] == [(2, "h2e2"), (None, "h9g7")]
    with using(locale):
        assert [say(count.san) for count in named] == said


@pytest.mark.parametrize(
    ("reader", "typed", "said"),
    [
        (None, "i4h4", "79졸78"),
        (_reader(janggi=JanggiNotation.COORDINATES), "", "i4h4"),
        (_reader(janggi=JanggiNotation.COORDINATES), "i4h4", "i4h4"),
        (_reader(janggi=JanggiNotation.COORDINATES), "79졸78", "79졸78"),  # typed in Korean
        (_reader(janggi=JanggiNotation.KOREAN), "i4h4", "79졸78"),
    ],
)
def test_janggi_moves_are_named_as_the_member_reads(
    reader: Player | None, typed: str, said: str
) -> None:
    (named,) = for_member((SOLDIER,), "janggi", reader, typed)
    assert (named.san, named.votes, named.uci) == (said, 1, "i4h4")


def test_chess_moves_are_left_as_they_are() -> None:
    move = MoveCount("Nf3", 0, "g1f3")
    assert for_member((move,), "chess", _reader(XiangqiNotation.ICCS), "g1f3") == (move,)
