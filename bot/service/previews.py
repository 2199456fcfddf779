"""Confirm moves: the board after a move shown to its player before it is played, and the
preview that waits for their Confirm (shared by ``/move`` and the board's menus)."""

from __future__ import annotations

import rules
from bot.service.core import ServiceCore
from bot.service.notation import MoveNamer
from bot.service.results import Button, ButtonAction, ButtonLabel, ButtonStyle, MovePreview, User
from bot.store import GameRecord, Preview
from rules import Move


async def show_preview(
    core: ServiceCore,
    user: User,
    record: GameRecord,
    game: rules.Game,
    move: Move,
    name: MoveNamer | None = None,
) -> MovePreview:
    """Show ``user`` the board after ``move`` with Confirm / Cancel (remembered as the
    preview that waits: ``waiting_preview``)."""
    position = game.position
    name = name or await core.namer(position, user.id)
    san, uci = name(move), position.uci(move)
    after = game.play(move)
    view = await core.view(record)
    board = await core.board_image(
        after, seat=view.color_of(user.id), viewer_id=user.id, record=record, preview=True
    )
    argument = f"{record.ply}:{uci}"
    await core.store.previews.shown(record.id, user.id, Preview(record.ply, uci, san))
    buttons = (
        Button(
            ButtonLabel.CONFIRM,
            ButtonAction.CONFIRM_MOVE,
            record.id,
            argument,
            (user.id,),
            ButtonStyle.SUCCESS,
        ),
        Button(
            ButtonLabel.CANCEL,
            ButtonAction.CANCEL_MOVE,
            record.id,
            argument,
            (user.id,),
        ),
    )
    piece, to_square = _named_piece(game, move, san)
    return MovePreview(view, board, san, uci, buttons, piece, to_square)


def _named_piece(game: rules.Game, move: Move, san: str) -> tuple[str, str]:
    """The chess piece a preview names, and where it goes (« Roi f1 »): a French player's
    Rf1 is the king (roi), which an English habit reads as a rook. A pawn's move, castling
    and xiangqi name none (empty)."""
    piece = game.position.piece_at(move.from_square)
    chess = rules.is_chess_family(game.variant.name)
    if not chess or piece is None or piece.kind == "p" or san.startswith("O"):
        return "", ""
    return piece.kind, game.variant.square_name(move.to_square)


async def waiting_preview(core: ServiceCore, user: User, record: GameRecord) -> Preview | None:
    """The move ``user`` was shown in the game and has neither confirmed nor cancelled,
    while the game is where it was shown."""
    latest = await core.store.previews.latest(record.id, user.id)
    return latest if latest is not None and latest.ply == record.ply else None
