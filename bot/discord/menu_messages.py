"""Discord messages for the board's menus and previews (private to the player who opened
them) and for GIFs being made."""

from __future__ import annotations

from bot.discord.escape import clip, escape_text
from bot.discord.messages import (
    CONTENT_LIMIT,
    Card,
    Reply,
    Tone,
    card_text,
    game_title,
    safe,
)
from bot.i18n import _, ngettext
from bot.i18n.text import say
from bot.service import (
    GameAnimation,
    MoveCancelled,
    MoveMenu,
    MovePlayed,
    MovePreview,
)
from bot.text import interactions, words
from bot.text.phrases import title_text


def move_menu(result: MoveMenu) -> Reply:
    """Move… or Legal moves: select menus (and the board marking a piece's destinations),
    seen by the presser only."""
    card = None
    asked = interactions.move_menu_text(result)
    if result.board is not None:
        card = Card(game_title(result.game), card_text(asked), (), Tone.YOUR_MOVE)
    content = "" if card is not None else clip(safe(asked), CONTENT_LIMIT)
    return Reply(
        content,
        card,
        result.board,
        buttons=result.buttons,
        menus=interactions.move_menus(result),
        ephemeral=True,
    )


def move_preview(result: MovePreview) -> Reply:
    """Confirm moves: the board after the move, for the mover only, with Confirm / Cancel."""
    text = card_text(interactions.move_preview_text(result))
    card = Card(game_title(result.game), text, (), Tone.YOUR_MOVE)
    board = words.preview_board(result.board)
    return Reply(card=card, board=board, buttons=result.buttons, ephemeral=True)


def move_cancelled(result: MoveCancelled) -> str:
    return clip(safe(interactions.move_cancelled_text(result)), CONTENT_LIMIT)


def move_chosen(result: MovePlayed) -> str:
    """What replaces the private menu or preview once its move is played."""
    return clip(escape_text(_("You played {move}.").format(move=say(result.san))), CONTENT_LIMIT)


def animation_queued(ahead: int) -> str:
    """The deferred answer of a GIF that waits for others to be drawn first."""
    return ngettext(
        "Your GIF is in the queue: {count} GIF is being made before it.",
        "Your GIF is in the queue: {count} GIFs are being made before it.",
        ahead,
    ).format(count=ahead)


def animation_made(result: GameAnimation, *, step: int, frames: int) -> str:
    """The text beside a game's GIF: how many plies it shows."""
    plies = result.plies
    if step == 1:
        shown = ngettext(
            "{count} ply, one frame each", "{count} plies, one frame each", plies
        ).format(count=plies)
    else:
        shown = _(
            "{count} plies, one frame every {step} plies ({frames} frames) to fit "
            "Discord's upload limit"
        ).format(count=plies, step=step, frames=frames)
    text = _("{game} · game #{id}: {shown}.").format(
        game=say(title_text(result.game)), id=result.game.id, shown=shown
    )
    return clip(escape_text(text), CONTENT_LIMIT)
