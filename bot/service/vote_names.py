"""Vote chess's moves named for one member (``service.vote_names``). A ballot's answer, a
tally and the Vote… menu are the member's alone, so their xiangqi and janggi moves are named
as that member reads moves, as ``/move`` answers them: the notation they chose in
``/settings`` (``notation``, ``janggi_notation``), else the one they typed the move in, else
their language's default. What others read too (a poll, a close said in the game's place)
keeps the default of its reader's language (``XiangqiMove``), or Korean in janggi."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n.text import Text
from bot.service.notation import XiangqiMove, is_chinese, janggi_reading
from bot.service.reading import reads_traditional
from bot.service.vote_facts import MoveCount
from bot.store import JanggiNotation, Player, XiangqiNotation
from rules.xiangqi.notation import traditional

# The variants whose moves a member may read in a notation of their own.
OWN_NOTATION = frozenset({"xiangqi", "janggi"})


class ChineseMove(Text):
    """A xiangqi move in Chinese notation (kept simplified), said in the reader's
    characters: traditional to a reader of Traditional Chinese."""

    def __new__(cls, chinese: str) -> ChineseMove:
        made = str.__new__(cls, chinese)
        made.template = ""
        made.fields = {}
        return made

    def said(self) -> str:
        return traditional(str(self)) if reads_traditional() else str(self)


def for_member(
    counts: Sequence[MoveCount], variant: str, reader: Player | None, typed: str = ""
) -> tuple[MoveCount, ...]:
    """``counts`` with their moves named as ``reader`` reads ``variant``'s moves (``typed``:
    the move they just typed, whose notation they read when they chose none)."""
    return tuple(_named(count, variant, reader, typed) for count in counts)


def _named(count: MoveCount, variant: str, reader: Player | None, typed: str) -> MoveCount:
    if variant == "janggi":
        coordinates = janggi_reading(reader, typed) is JanggiNotation.COORDINATES
        return replace(count, san=count.uci) if coordinates else count
    if not isinstance(count.san, XiangqiMove):
        return count
    chosen = None if reader is None else reader.xiangqi_notation
    if chosen is None and is_chinese(typed):
        chosen = XiangqiNotation.CHINESE
    if chosen is XiangqiNotation.WXF:
        return replace(count, san=str(count.san))  # not said in Chinese to a Chinese reader
    if chosen is XiangqiNotation.ICCS:
        return replace(count, san=count.uci)
    if chosen is XiangqiNotation.CHINESE:
        return replace(count, san=ChineseMove(count.san.chinese))
    return count  # WXF, or Chinese to a reader of Chinese
