"""The sentences a player gets when the database failed their command (both adapters), and
the console's when a command or the computer failed by a bug.

``StoreUnavailable`` (the server cannot be reached) and ``StoreConflict`` (the write met
another one and was rolled back, after the store's own retries) are not bugs: the player is
told what happened and to try again, instead of the apology with an error id. Neither says
"nothing was changed": a connection lost while committing leaves the commit's outcome
unknown, and a command of several transactions may have finished its first ones.
"""

from __future__ import annotations

from bot.i18n import _
from bot.store import StoreConflict, StoreUnavailable


def outage_sentence(error: BaseException) -> str | None:
    """The sentence (current language) for a database outage or conflict, else ``None``."""
    if isinstance(error, StoreUnavailable):
        return _(
            "The database cannot be reached right now, so I could not finish that. "
            "Try again in a minute."
        )
    if isinstance(error, StoreConflict):
        return _(
            "That collided with another change made at the same moment, so I could not "
            "finish it. Please try again."
        )
    return None


def unexpected_failure() -> str:
    """A command failed by a bug (the console's words; the class of the error stays in the
    log, which the sentence points to)."""
    return _(
        "! Sorry, that failed unexpectedly. Postal's log says why: start the console with "
        "LOG_LEVEL=WARNING to see it."
    )


def computer_failed() -> str:
    """The computer's replies failed by a bug (the console's words): it tries again."""
    return _(
        "! Sorry, the computer could not move just now. It tries again after your next "
        "command; Postal's log says why (start the console with LOG_LEVEL=WARNING to see it)."
    )
