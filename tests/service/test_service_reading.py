"""How a player writes and reads moves follows their language: French piece letters for
French players, Chinese xiangqi notation by default for Chinese players; English for
everyone else, and records always in standard notation."""

from __future__ import annotations

import pytest

from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import GameService, MovePlayed, MovePreview, XiangqiNotation, errors
from bot.text.interactions import move_preview_text
from bot.text.words import settings_text
from tests.service.service_helpers import ALICE, BOB, PLACE, play, start_game


async def test_a_french_player_types_french_piece_letters(service: GameService) -> None:
    """Cf3 is the knight for a French player; the move is recorded and shown as Nf3."""
    game_id = (await start_game(service)).game.id
    with using(Locale.FR):
        played = await service.play.move(ALICE, PLACE, "Cf3", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.san == "Nf3"
    with using(Locale.FR):
        answered = await service.play.move(BOB, PLACE, "Cc6", game_id=game_id)
    assert isinstance(answered, MovePlayed) and answered.san == "Nc6"
    view = await service.reports.game_view(game_id)
    assert view.ply == 2


async def test_english_letters_still_work_for_a_french_player(service: GameService) -> None:
    """A French player typing English SAN (Nf3) is understood too."""
    game_id = (await start_game(service)).game.id
    with using(Locale.FR):
        played = await service.play.move(ALICE, PLACE, "Nf3", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.san == "Nf3"


async def test_french_letters_mean_nothing_to_others(service: GameService) -> None:
    """For an English (or Korean…) player Cf3 is no knight move: nothing is played."""
    game_id = (await start_game(service)).game.id
    for locale in (Locale.EN, Locale.KO):
        with using(locale), pytest.raises(errors.UserError):
            await service.play.move(ALICE, PLACE, "Cf3", game_id=game_id)
    assert (await service.reports.game_view(game_id)).ply == 0


async def test_a_french_prefix_completes_to_the_move(service: GameService) -> None:
    """Autocomplete reads the French letters too: "Cf" offers Nf3."""
    await start_game(service)
    with using(Locale.FR):
        offered = await service.play.legal_move_suggestions(ALICE, PLACE, "Cf")
    assert "Nf3" in offered


@pytest.mark.parametrize(
    ("locale", "shown"),
    [(Locale.ZH_HANS, "炮二平五"), (Locale.ZH_HANT, "炮二平五"), (Locale.EN, "C2.5"),
     (Locale.JA, "C2.5")],
)  # fmt: skip
async def test_chinese_players_read_xiangqi_in_chinese(
    service: GameService, locale: Locale, shown: str
) -> None:
    """Without a chosen notation, a Chinese-language player's reply names the move in
    Chinese notation, whatever it was typed in; others get WXF."""
    game_id = (await start_game(service, "xiangqi")).game.id
    with using(locale):
        played = await service.play.move(ALICE, PLACE, "h2e2", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.san == shown


async def test_a_chosen_notation_beats_the_language(service: GameService) -> None:
    """A Chinese player who chose WXF in /settings gets WXF."""
    await service.preferences.settings(ALICE, notation="wxf")
    game_id = (await start_game(service, "xiangqi")).game.id
    with using(Locale.ZH_HANS):
        played = await service.play.move(ALICE, PLACE, "炮二平五", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.san == "C2.5"


async def test_traditional_chinese_readers_get_traditional_characters(
    service: GameService,
) -> None:
    """马８进７ for a Simplified Chinese reader is 馬８進７ for a Traditional Chinese one."""
    game_id = (await start_game(service, "xiangqi")).game.id
    await service.play.move(ALICE, PLACE, "h2e2", game_id=game_id)
    with using(Locale.ZH_HANT):
        played = await service.play.move(BOB, PLACE, "h9g7", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.san == "馬８進７"
    with using(Locale.ZH_HANT):
        again = await service.play.move(ALICE, PLACE, "h0g2", game_id=game_id)
    assert isinstance(again, MovePlayed) and again.san == "馬二進三"


async def test_a_simplified_chinese_reader_sees_simplified_pieces(service: GameService) -> None:
    """Xiangqi pieces are text in an image: a Simplified Chinese reader's board is drawn
    with simplified characters (帅车马, and 汉界 on the river) unless they chose a set; a
    Traditional Chinese or any other reader keeps the traditional ones. The viewer's own
    language counts, not that of whoever asked."""
    game_id = (await start_game(service, "xiangqi")).game.id
    seen = {}
    for locale in (Locale.ZH_HANS, Locale.ZH_HANT, Locale.EN):
        with using(locale):
            seen[locale] = (await service.play.board(ALICE, PLACE, game_id=game_id)).board.pieces
    assert seen == {Locale.ZH_HANS: "simplified", Locale.ZH_HANT: None, Locale.EN: None}
    await service.preferences.settings(BOB, language="zh_Hans")
    with using(Locale.EN):
        assert (await service.play.board(BOB, PLACE, game_id=game_id)).board.pieces == "simplified"
    await service.preferences.settings(BOB, pieces="traditional")
    with using(Locale.ZH_HANS):
        assert (await service.play.board(BOB, PLACE, game_id=game_id)).board.pieces == "traditional"


@pytest.mark.store
async def test_settings_say_the_xiangqi_pieces_and_notation_a_reader_gets(
    service: GameService,
) -> None:
    """/settings names the xiangqi piece set a player's boards are drawn with and the
    notation moves are written to them in, when their language chooses them (not
    "default" for simplified pieces, nor "WXF" for a Chinese reader's Chinese moves)."""
    game_id = (await start_game(service, "xiangqi")).game.id
    english = settings_text(await service.preferences.settings(BOB), str)
    assert "pieces cburnett (chess), traditional (xiangqi, by your language)" in english
    assert "xiangqi moves in WXF (C2.5), or in Chinese when you type them so" in english
    shown = await service.preferences.settings(BOB, language="zh_Hans")
    assert shown.xiangqi_pieces_seen == "simplified"
    assert shown.xiangqi_notation_read is XiangqiNotation.CHINESE
    said = settings_text(shown, str)  # (in English here, to read the fields)
    assert "pieces cburnett (chess), simplified (xiangqi, by your language)" in said
    assert "xiangqi moves in Chinese (炮二平五)" in said and "WXF" not in said
    # What the settings say is what the boards and moves are.
    assert (await service.play.board(BOB, PLACE, game_id=game_id)).board.pieces == "simplified"
    with using(Locale.ZH_HANS):
        await service.play.move(ALICE, PLACE, "h2e2", game_id=game_id)
        assert await service.board_menus.recent_moves(game_id, reader=BOB.id) == "1. 炮二平五"
    chosen = settings_text(await service.preferences.settings(BOB, pieces="traditional"), str)
    assert "pieces cburnett (chess), traditional (xiangqi)" in chosen
    assert "by your language" not in chosen


async def test_a_french_rf1_is_the_king_and_its_preview_names_it(service: GameService) -> None:
    """In French notation R is the roi: Rf1, where the king and the h1 rook could both go to
    f1, is the king's move for a French player, and the preview names the piece that will
    move (« Roi f1 ») before anything is played; for an English player Rf1 is the rook."""
    game_id = (await start_game(service)).game.id
    await play(service, game_id, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5")
    await service.preferences.settings(ALICE, confirm="always")
    with using(Locale.FR):
        preview = await service.play.move_or_preview(ALICE, PLACE, "Rf1", game_id=game_id)
        assert isinstance(preview, MovePreview)
        assert (preview.piece, preview.to_square) == ("k", "f1")
        asked = say(move_preview_text(preview))
        assert asked.startswith("Jouer Rf1 (Roi f1) ?"), asked
        played = await service.buttons.press_custom_id(
            ALICE, preview.buttons[0].custom_id, place=PLACE
        )
    assert isinstance(played, MovePlayed) and played.san == "Kf1"
    game_id = (await start_game(service)).game.id
    await play(service, game_id, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5")
    preview = await service.play.move_or_preview(ALICE, PLACE, "Rf1", game_id=game_id)
    assert isinstance(preview, MovePreview)
    assert (preview.piece, preview.to_square) == ("r", "f1")
    asked = say(move_preview_text(preview))
    assert asked.startswith("Play Rf1 (Rook f1)?"), asked
