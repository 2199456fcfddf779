"""Playing from the board: menus listing only legal choices, the move form, Confirm moves."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.render import band_height
from bot.service import (
    ButtonAction,
    ChallengeCreated,
    ConfirmMoves,
    GameService,
    MoveCancelled,
    MoveMenu,
    MovePlayed,
    MovePreview,
    User,
    errors,
)
from bot.text import words
from bot.text.errors import error_message
from bot.text.interactions import move_menus
from rules import Color
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game


async def menu(service: GameService, user: User, game_id: int, ply: int) -> MoveMenu:
    result = await service.buttons.press(
        user, ButtonAction.MOVE_MENU, game_id, str(ply), place=PLACE
    )
    assert isinstance(result, MoveMenu)
    return result


async def test_confirm_moves_is_on_by_default_and_can_be_turned_off(service: GameService) -> None:
    """As lichess in correspondence games: a move chosen on the board is previewed to the
    mover, played by Confirm, dropped by Cancel; with the setting off it is played at once."""
    game = (await start_game(service)).game
    assert (await service.preferences.settings(ALICE)).confirm_moves is ConfirmMoves.MENUS
    pieces = await menu(service, ALICE, game.id, 0)
    assert [c.value for c in pieces.menus[0].choices] == [
        "b1", "g1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    ]  # fmt: skip
    targets = await service.buttons.press(
        ALICE, ButtonAction.PICK_PIECE, game.id, "0:0", place=PLACE, values=("g1",)
    )
    assert isinstance(targets, MoveMenu) and targets.board is not None
    assert [(c.move, c.square, c.value) for c in targets.menus[0].choices] == [
        ("Nf3", "f3", "g1f3"),
        ("Nh3", "h3", "g1h3"),
    ]
    custom = targets.menus[0].custom_id
    preview = await service.buttons.press_custom_id(ALICE, custom, place=PLACE, values=("g1f3",))
    assert isinstance(preview, MovePreview) and preview.san == "Nf3"
    assert preview.board.position.fen().startswith("rnbqkbnr/pppppppp/8/8/8/5N2")
    assert (await service.reports.game_view(game.id)).ply == 0  # nothing played yet
    cancel, confirm = preview.buttons[1], preview.buttons[0]
    dropped = await service.buttons.press_custom_id(ALICE, cancel.custom_id, place=PLACE)
    assert (
        isinstance(dropped, MoveCancelled) and (await service.reports.game_view(game.id)).ply == 0
    )
    played = await service.buttons.press_custom_id(ALICE, confirm.custom_id, place=PLACE)
    assert isinstance(played, MovePlayed) and played.san == "Nf3"
    assert (
        await service.preferences.settings(BOB, confirm="never")
    ).confirm_moves is ConfirmMoves.NEVER
    typed = await service.buttons.press(
        BOB, ButtonAction.TYPED_MOVE, game.id, "1", place=PLACE, values=("e5",)
    )
    assert isinstance(typed, MovePlayed) and typed.san == "e5"


async def test_only_legal_choices_and_only_for_the_mover(
    service: GameService, db_path: Path
) -> None:
    """Pieces without a legal move are not offered; the opponent and a spectator are
    refused Move…, a stale board's controls are refused; nothing changes."""
    game = (await start_game(service, fen="4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1")).game
    pieces = await menu(service, ALICE, game.id, 0)
    assert {c.value for c in pieces.menus[0].choices} == {"a1", "e1"}
    before = snapshot(db_path)
    with pytest.raises(errors.NotYourTurnError):
        await menu(service, BOB, game.id, 0)
    with pytest.raises(errors.NotAPlayerError):
        await menu(service, CAROL, game.id, 0)
    with pytest.raises(errors.StaleBoardError):
        await menu(service, ALICE, game.id, 3)
    assert snapshot(db_path) == before


async def test_xiangqi_pieces_and_a_move_typed_in_chinese(service: GameService) -> None:
    """Xiangqi pieces have their names; destinations say WXF and the square; the form takes
    Chinese notation like /move."""
    game = (await start_game(service, "xiangqi")).game
    await service.preferences.settings(ALICE, confirm="never")
    pieces = await menu(service, ALICE, game.id, 0)
    pieces_shown = {(c.piece, c.square) for c in pieces.menus[0].choices}
    assert {("r", "a0"), ("c", "h2"), ("n", "b0"), ("p", "e3")} <= pieces_shown
    targets = await service.buttons.press(
        ALICE, ButtonAction.PICK_PIECE, game.id, "0:0", place=PLACE, values=("h2",)
    )
    assert isinstance(targets, MoveMenu)
    assert ("C2.5", "e2", "h2e2") in [(c.move, c.square, c.value) for c in targets.menus[0].choices]
    # bot/text words them: the pieces by their xiangqi names, the destinations with squares.
    (shown_pieces,) = move_menus(pieces)
    assert shown_pieces.placeholder == "Choose a piece"
    assert {"Chariot a0", "Cannon h2", "Horse b0", "Soldier e3"} <= {
        c.label for c in shown_pieces.choices
    }
    (shown_targets,) = move_menus(targets)
    assert shown_targets.placeholder == "Choose the destination"
    assert shown_targets.custom_id == targets.menus[0].custom_id
    assert ("C2.5 (to e2)", "h2e2") in [(c.label, c.value) for c in shown_targets.choices]
    played = await service.buttons.press(
        ALICE, ButtonAction.TYPED_MOVE, game.id, "0", place=PLACE, values=("炮二平五",)
    )
    assert isinstance(played, MovePlayed) and played.uci == "h2e2"


async def test_a_chariot_on_an_open_board_fits_one_menu(service: GameService) -> None:
    """A xiangqi chariot has at most 17 moves: one menu."""
    fen = "3k5/9/9/9/9/4R4/9/9/9/5K3 w - - 0 1"
    game = (await start_game(service, "xiangqi", fen=fen)).game
    targets = await service.buttons.press(
        ALICE, ButtonAction.PICK_PIECE, game.id, "0:0", place=PLACE, values=("e4",)
    )
    assert isinstance(targets, MoveMenu)
    assert [len(m.choices) for m in targets.menus] == [17]


async def test_a_queen_s_destinations_take_two_menus_each_saying_which(
    service: GameService,
) -> None:
    """A queen in the middle of an empty board has 27 moves: two select menus (Discord
    shows 25 options at most), each saying which destinations it holds."""
    game = (await start_game(service, fen="8/8/1k6/3Q4/8/7K/8/8 w - - 0 1")).game
    targets = await service.buttons.press(
        ALICE, ButtonAction.PICK_PIECE, game.id, "0:0", place=PLACE, values=("d5",)
    )
    assert isinstance(targets, MoveMenu)
    assert [(len(m.choices), m.first) for m in targets.menus] == [(25, 1), (2, 26)]
    shown = move_menus(targets)
    assert [m.placeholder for m in shown] == ["Destinations 1-25", "Destinations 26-27"]
    assert [m.custom_id for m in shown] == [m.custom_id for m in targets.menus]
    assert shown[0].choices[0].label == targets.menus[0].choices[0].move


async def test_rematch_swaps_colours_and_keeps_the_terms(service: GameService) -> None:
    """Rematch: the loser challenges the winner with colours swapped, same days and rating."""
    game = (await start_game(service, days=7, rated=False)).game
    await play(service, game.id, "f3", "e5", "g4", "Qh4#")
    created = await service.buttons.press(ALICE, ButtonAction.REMATCH, game.id, place=PLACE)
    assert isinstance(created, ChallengeCreated)
    challenge = created.challenge
    assert challenge.challenger.id == ALICE.id and challenge.opponent is not None
    assert challenge.opponent.id == BOB.id and challenge.color == "black"
    assert challenge.days_per_move == 7 and challenge.rated is False
    with pytest.raises(errors.NotAPlayerError):
        await service.buttons.press(CAROL, ButtonAction.REMATCH, game.id, place=PLACE)


async def test_recent_moves_are_numbered_from_the_start_position(service: GameService) -> None:
    """The board's move line: the last plies with move numbers, a custom start's numbers
    and Black's first move (``7... Kd7``) included."""
    game = (await start_game(service)).game
    assert await service.board_menus.recent_moves(game.id) == ""
    await play(service, game.id, "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4")
    assert await service.board_menus.recent_moves(game.id) == "1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4"
    fen = "4k3/8/8/8/8/8/8/R3K3 b - - 0 7"
    custom = (await start_game(service, fen=fen)).game
    await service.play.move(BOB, None, "Kd7", game_id=custom.id)
    await service.play.move(ALICE, None, "Ra7", game_id=custom.id)
    assert await service.board_menus.recent_moves(custom.id) == "7... Kd7 8. Ra7+"


async def test_menu_boards_mark_the_piece_and_show_the_movers_side(service: GameService) -> None:
    """The destinations board marks the chosen piece and turns to the mover's own side (as
    /settings orientation says); the preview too; a GIF shows a player's own side."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4")
    targets = await service.buttons.press(
        BOB, ButtonAction.PICK_PIECE, game.id, "1:0", place=PLACE, values=("g8",)
    )
    assert isinstance(targets, MoveMenu) and targets.board is not None
    assert targets.board.orientation is Color.BLACK and targets.board.selected == 62
    preview = await service.buttons.press_custom_id(
        BOB, targets.menus[0].custom_id, place=PLACE, values=("g8f6",)
    )
    assert isinstance(preview, MovePreview) and preview.board.orientation is Color.BLACK
    assert (
        await service.after_game.animation(BOB, PLACE, game_id=game.id)
    ).orientation is Color.BLACK
    assert (
        await service.after_game.animation(CAROL, PLACE, game_id=game.id)
    ).orientation is Color.WHITE


async def test_a_gif_is_drawn_in_the_askers_piece_set(service: GameService) -> None:
    """The GIF uses the asker's theme and piece set, as their boards do."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4")
    await service.preferences.settings(CAROL, theme="green", pieces="simple")
    made = await service.after_game.animation(CAROL, PLACE, game_id=game.id)
    assert (made.theme, made.pieces) == ("green", "simple")
    assert made.render(8 * 1024 * 1024).frames == 2


async def test_a_preview_board_is_marked_as_one_with_a_worded_strip(
    service: GameService,
) -> None:
    """The preview's board marks its move as a preview and carries the players' strips
    (whether or not the mover wants them on played boards), the strip saying "Preview"
    in the mover's language once the adapter words it; a played board is not marked."""
    game = (await start_game(service)).game
    targets = await service.buttons.press(
        ALICE, ButtonAction.PICK_PIECE, game.id, "0:0", place=PLACE, values=("g1",)
    )
    assert isinstance(targets, MoveMenu)
    preview = await service.buttons.press_custom_id(
        ALICE, targets.menus[0].custom_id, place=PLACE, values=("g1f3",)
    )
    assert isinstance(preview, MovePreview)
    board = preview.board
    assert board.preview and board.last_move is not None and board.strip is not None
    assert board.strip.note == ""
    with using(Locale.FR):
        worded = words.preview_board(board)
    assert worded.strip is not None and worded.strip.note == "Aperçu"
    image = Image.open(io.BytesIO(worded.render_png()))
    assert image.height == 512 + 2 * band_height(512)
    played = await service.buttons.press_custom_id(ALICE, preview.buttons[0].custom_id, place=PLACE)
    assert isinstance(played, MovePlayed) and not played.board.preview


async def test_a_typed_move_plays_at_once_by_default(service: GameService) -> None:
    """Confirm moves ``menus`` (the default): a typed /move is played at once; a move
    chosen on the board's menus is previewed (above)."""
    game = (await start_game(service)).game
    played = await service.play.move_or_preview(ALICE, PLACE, "e4", game_id=game.id)
    assert isinstance(played, MovePlayed) and played.san == "e4"


async def test_only_the_latest_preview_confirms(service: GameService) -> None:
    """/move e4, /move d4, then the first Confirm (an old message keeps it): refused,
    naming the newer preview; nothing is played, and the newer one still confirms. A
    refusal while a preview waits says so."""
    game = (await start_game(service)).game
    await service.preferences.settings(ALICE, confirm="always")
    first = await service.play.move_or_preview(ALICE, PLACE, "e4", game_id=game.id)
    second = await service.play.move_or_preview(ALICE, PLACE, "d4", game_id=game.id)
    assert isinstance(first, MovePreview) and isinstance(second, MovePreview)
    with pytest.raises(errors.PreviewReplacedError) as refused:
        await service.buttons.press_custom_id(ALICE, first.buttons[0].custom_id, place=PLACE)
    assert (
        say(error_message(refused.value)) == "A newer preview replaced this one: confirm d4 there."
    )
    with pytest.raises(errors.UserError) as slip:
        await service.play.move_or_preview(ALICE, PLACE, "Nf9", game_id=game.id)
    assert (
        say(error_message(slip.value))
        == '"Nf9" is not a move. Your move d4 is waiting for Confirm.'
    )
    assert (await service.reports.game_view(game.id)).ply == 0
    played = await service.buttons.press_custom_id(ALICE, second.buttons[0].custom_id, place=PLACE)
    assert isinstance(played, MovePlayed) and played.san == "d4"


@pytest.mark.store
async def test_a_cancelled_preview_no_longer_waits(service: GameService) -> None:
    """After Cancel a refusal says nothing of the cancelled move."""
    game = (await start_game(service)).game
    await service.preferences.settings(ALICE, confirm="always")
    preview = await service.play.move_or_preview(ALICE, PLACE, "e4", game_id=game.id)
    assert isinstance(preview, MovePreview)
    await service.buttons.press_custom_id(ALICE, preview.buttons[1].custom_id, place=PLACE)
    with pytest.raises(errors.UserError) as slip:
        await service.play.move_or_preview(ALICE, PLACE, "Nf9", game_id=game.id)
    assert "waiting" not in say(error_message(slip.value))
