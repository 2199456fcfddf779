"""Xiangqi notation per player: replies, suggestions and autocomplete in WXF, Chinese or ICCS."""

from __future__ import annotations

import pytest

from bot.i18n import Locale, using
from bot.service import (
    ButtonAction,
    GameService,
    MoveMenu,
    MovePlayed,
    MovePreview,
    XiangqiNotation,
    errors,
)
from bot.service.option_errors import NotAChoiceError
from bot.store import Store
from bot.text.endings import move_played_text
from bot.text.errors import error_message
from bot.text.words import settings_text
from tests.service.service_helpers import ALICE, BOB, PLACE, start_game

# Red has two chariots on file 九 (a0, a2): "车九平八" could be either.
TWO_CHARIOTS = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/R6C1/9/R2AKABN1 w - - 0 1"


async def xiangqi(service: GameService, fen: str | None = None) -> int:
    return (await start_game(service, "xiangqi", fen=fen)).game.id


async def test_a_move_typed_in_chinese_is_confirmed_in_chinese(service: GameService) -> None:
    """By default the reply speaks as the player typed: Chinese for Chinese, WXF otherwise."""
    game_id = await xiangqi(service)
    played = await service.play.move(ALICE, PLACE, "炮二平五", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.san == "炮二平五"
    assert move_played_text(played).startswith("alice played 1. 炮二平五.")
    answered = await service.play.move(BOB, PLACE, "H8+7", game_id=game_id)
    assert isinstance(answered, MovePlayed) and answered.san == "H8+7"


async def test_the_chosen_notation_wins(service: GameService) -> None:
    """A chosen notation is used whatever the move was typed in."""
    shown = await service.preferences.settings(ALICE, notation="iccs")
    assert shown.xiangqi_notation is XiangqiNotation.ICCS
    assert "xiangqi moves in ICCS (h2e2)" in settings_text(shown, str)
    await service.preferences.settings(BOB, notation="wxf")
    game_id = await xiangqi(service)
    played = await service.play.move(ALICE, PLACE, "C2.5", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.san == "h2e2"
    answered = await service.play.move(BOB, PLACE, "马８进７", game_id=game_id)
    assert isinstance(answered, MovePlayed) and answered.san == "H8+7"


async def test_an_ambiguous_chinese_move_gets_chinese_choices(service: GameService) -> None:
    """车九平八 with two chariots on file 九: did you mean 前车平八 or 后车平八?"""
    game_id = await xiangqi(service, TWO_CHARIOTS)
    with pytest.raises(errors.AmbiguousMoveError) as chinese:
        await service.play.move(ALICE, PLACE, "车九平八", game_id=game_id)
    assert chinese.value.candidates == ("前车平八", "后车平八")
    assert error_message(chinese.value) == "车九平八: did you mean 前车平八 or 后车平八?"
    with pytest.raises(errors.AmbiguousMoveError) as wxf:
        await service.play.move(ALICE, PLACE, "R9.8", game_id=game_id)
    assert wxf.value.candidates == ("R+.8", "R-.8")


async def test_suggestions_in_the_players_notation(service: GameService) -> None:
    """An illegal Chinese move is answered with the piece's legal moves in Chinese."""
    game_id = await xiangqi(service)
    with pytest.raises(errors.IllegalMoveError) as refused:
        await service.play.move(ALICE, PLACE, "马二进四", game_id=game_id)
    assert refused.value.suggestions and all(
        name.startswith("马二") for name in refused.value.suggestions
    )
    await service.preferences.settings(ALICE, notation="chinese")
    shown = await service.play.legal_targets(ALICE, PLACE, "h2", game_id=game_id)
    assert "炮二平五" in shown.moves and "C2.5" not in shown.moves


async def test_autocomplete_in_the_players_notation(service: GameService) -> None:
    """Autocomplete lists moves in the chosen notation, or in Chinese when typing Chinese."""
    game_id = await xiangqi(service)
    assert "C2.5" in await service.play.legal_move_suggestions(ALICE, PLACE, "C", game_id=game_id)
    chinese = await service.play.legal_move_suggestions(ALICE, PLACE, "炮二", game_id=game_id)
    assert "炮二平五" in chinese and all(name.startswith("炮二") for name in chinese)
    await service.preferences.settings(ALICE, notation="iccs")
    iccs = await service.play.legal_move_suggestions(ALICE, PLACE, "h2", game_id=game_id)
    assert "h2e2" in iccs


async def test_chess_stays_san(service: GameService) -> None:
    """The xiangqi notation does not touch chess moves."""
    await service.preferences.settings(ALICE, notation="chinese")
    game_id = (await start_game(service)).game.id
    played = await service.play.move(ALICE, PLACE, "e2e4", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.san == "e4"


async def test_unknown_notation_is_refused(service: GameService) -> None:
    with pytest.raises(NotAChoiceError) as refused:
        await service.preferences.settings(ALICE, notation="algebraic")
    assert (refused.value.option, refused.value.word) == ("notation", "algebraic")
    assert refused.value.choices == ("wxf", "chinese", "iccs")


async def test_board_menus_in_the_players_notation(service: GameService) -> None:
    """The Move… menu's destinations and the confirmation speak the chosen notation."""
    await service.preferences.settings(ALICE, notation="chinese")
    game_id = await xiangqi(service)
    targets = await service.buttons.press(
        ALICE, ButtonAction.PICK_PIECE, game_id, "0:0", place=PLACE, values=("h2",)
    )
    assert isinstance(targets, MoveMenu)
    labels = [(c.move, c.square, c.value) for c in targets.menus[0].choices]
    assert ("炮二平五", "e2", "h2e2") in labels
    preview = await service.buttons.press(
        ALICE, ButtonAction.PICK_TARGET, game_id, "0:h2:0", place=PLACE, values=("h2e2",)
    )
    assert isinstance(preview, MovePreview) and preview.san == "炮二平五"


async def test_moves_under_the_board_in_each_readers_notation(
    service: GameService, store: Store
) -> None:
    """The line of recent moves is in its reader's notation, every move of it, whatever
    notation each mover typed or reads; the rows keep WXF and Chinese, not the typed text."""
    game_id = await xiangqi(service)
    await service.play.move(ALICE, PLACE, "炮二平五", game_id=game_id)  # alice reads Chinese
    answered = await service.play.move(BOB, PLACE, "h9g7", game_id=game_id)  # bob reads WXF
    assert isinstance(answered, MovePlayed) and answered.recent == "1. C2.5 H8+7"
    played = await service.play.move(ALICE, PLACE, "马二进三", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.recent == "1. 炮二平五 马８进７ 2. 马二进三"
    rows = await store.games.moves(game_id)
    assert [row.san for row in rows] == ["C2.5", "H8+7", "H2+3"]
    assert [row.uci for row in rows] == ["h2e2", "h9g7", "h0g2"]
    recent = await store.games.recent_moves(game_id, 6)
    assert [move.chinese for move in recent] == ["炮二平五", "马８进７", "马二进三"]
    # The board's line read later, for each reader.
    assert await service.board_menus.recent_moves(game_id, reader=BOB.id) == "1. C2.5 H8+7 2. H2+3"
    await service.preferences.settings(BOB, notation="iccs")
    assert await service.board_menus.recent_moves(game_id, reader=BOB.id) == "1. h2e2 h9g7 2. h0g2"
    with using(Locale.ZH_HANT):  # nobody in particular, in a Traditional Chinese channel
        assert await service.board_menus.recent_moves(game_id) == "1. 炮二平五 馬８進７ 2. 馬二進三"
    assert await service.board_menus.recent_moves(game_id) == "1. C2.5 H8+7 2. H2+3"


async def test_stacked_soldiers_are_named_in_each_notation(service: GameService) -> None:
    """Three red soldiers on one file: the middle one is P7 in WXF (as a lone soldier would
    be) but 中兵 in Chinese, so neither name is made from the other; both are kept."""
    fen = "3k5/9/9/6P2/6P2/6P2/9/9/9/4K4 w - - 0 1"
    game_id = await xiangqi(service, fen)
    played = await service.play.move(ALICE, PLACE, "g5f5", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.recent == "1. P3.4"
    await service.preferences.settings(BOB, notation="chinese")
    assert await service.board_menus.recent_moves(game_id, reader=BOB.id) == "1. 中兵平四"


@pytest.mark.store
async def test_moves_stored_as_their_mover_named_them_are_read_in_the_readers_notation(
    service: GameService, store: Store
) -> None:
    """Rows from before migration 0030 (the mover's text in ``san``, no Chinese) are named
    again from the game's coordinates, so an old game's line is not a mix either."""
    game_id = await xiangqi(service)
    await service.play.move(ALICE, PLACE, "炮二平五", game_id=game_id)
    await service.play.move(BOB, PLACE, "h9g7", game_id=game_id)
    async with store.database.transaction() as conn:
        await conn.execute("UPDATE moves SET chinese = NULL WHERE game_id = ?", (game_id,))
        await conn.execute(
            "UPDATE moves SET san = '炮二平五' WHERE game_id = ? AND ply = 1", (game_id,)
        )
        await conn.execute(
            "UPDATE moves SET san = 'h9g7' WHERE game_id = ? AND ply = 2", (game_id,)
        )
    assert await service.board_menus.recent_moves(game_id, reader=BOB.id) == "1. C2.5 H8+7"
    await service.preferences.settings(BOB, notation="chinese")
    assert await service.board_menus.recent_moves(game_id, reader=BOB.id) == "1. 炮二平五 马８进７"
