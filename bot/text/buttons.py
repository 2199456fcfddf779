"""A button's words in the reader's language, from the label key the service gives it
(``ButtonLabel``), for both adapters."""

from __future__ import annotations

from bot.i18n.text import TextIn
from bot.service.results import Button, ButtonLabel

BUTTON_LABELS: dict[ButtonLabel, TextIn] = {
    ButtonLabel.ACCEPT: TextIn("button", "Accept"),
    ButtonLabel.DECLINE: TextIn("button", "Decline"),
    ButtonLabel.CANCEL: TextIn("button", "Cancel"),
    ButtonLabel.CONFIRM: TextIn("button", "Confirm"),
    ButtonLabel.RESIGN: TextIn("button", "Resign"),
    ButtonLabel.MOVE: TextIn("button", "Move…"),
    ButtonLabel.VOTE: TextIn("button", "Vote…"),
    ButtonLabel.TYPE_MOVE: TextIn("button", "Type a move…"),
    ButtonLabel.ANOTHER_PIECE: TextIn("button", "Another piece"),
    ButtonLabel.DRAW: TextIn("button", "Draw"),
    ButtonLabel.TAKEBACK: TextIn("button", "Takeback"),
    ButtonLabel.LEGAL_MOVES: TextIn("button", "Legal moves"),
    ButtonLabel.REMATCH: TextIn("button", "Rematch"),
    ButtonLabel.GIF: TextIn("button", "GIF"),
    ButtonLabel.PGN: TextIn("button", "PGN"),
    ButtonLabel.QUEEN: TextIn("button", "Queen"),
    ButtonLabel.ROOK: TextIn("button", "Rook"),
    ButtonLabel.BISHOP: TextIn("button", "Bishop"),
    ButtonLabel.KNIGHT: TextIn("button", "Knight"),
}


def button_label(button: Button) -> str:
    """``button``'s words (a ``Text``, said by ``bot.i18n.text.say``): its key's, or its
    label as it is when ``bot/text`` worded it already (or it is a bare letter)."""
    label = button.label
    return BUTTON_LABELS[label] if isinstance(label, ButtonLabel) else label
