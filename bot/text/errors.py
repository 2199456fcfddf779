"""The reader's sentence for every refusal (``UserError``), for both adapters.

An error converted to facts carries no text (its ``message`` is empty): it is worded here,
by its type, from the facts it carries. Others still carry their ``Text`` (a message key and
its fields) and are said as they are, or worded by ``reasons.refusal`` from a reason code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n.text import Text, say
from bot.service.animations import AnimationStoppedError
from bot.service.errors import UserError
from bot.text.reasons import refusal

# Postal is stopping: a command or a GIF is refused, to be sent again after the restart.
RESTARTING = Text("Postal is restarting: send that again in a minute.")

# Each error converted to facts, and its sentence made from them.
WORDED: dict[type[UserError], Callable[[Any], Text]] = {
    AnimationStoppedError: lambda error: RESTARTING,
}


def error_text(error: UserError) -> str:
    """``error`` in the reader's language: worded from its facts when it is converted,
    else from its reason code, else its own message said."""
    for kind in type(error).__mro__:
        wording = WORDED.get(kind)
        if wording is not None:
            return say(wording(error))
    return refusal(error) or say(error.message)
