"""What the console says of a service result: its text, marked "!" as every refusal is when
the result is one (a look at an empty square)."""

from __future__ import annotations

from bot.i18n import _
from bot.service import BoardShown
from bot.service.results import Look
from bot.text.results import result_text


def said_text(result: object) -> str:
    """``result``'s text as the console prints it (empty: it says nothing)."""
    text = result_text(result)
    if text and isinstance(result, BoardShown) and result.look is Look.NO_PIECE:
        # An empty square asked about is a mistake, not an answer.
        return _("! {error}").format(error=text)
    return text
