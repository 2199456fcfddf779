"""How the acting player writes and reads moves, from the language they read Postal in.

The adapters run each command inside ``bot.i18n.using(locale)`` with the reader's language
(their own choice, else their Discord client's); parsing and naming moves read it here. A
French player may type French piece letters (``Cf3``, ``Dxd7``); a Chinese-language player
reads xiangqi moves in Chinese notation (in traditional characters for Traditional
Chinese) unless they chose another in /settings. Records,
PGN and every stored move stay in standard notation whatever the language.
"""

from __future__ import annotations

from bot.i18n import Locale, current_locale
from rules import PieceLetters


def piece_letters() -> PieceLetters:
    """The chess piece letters the acting player types: French ones for a French reader
    (who may still type English ones), English for everyone else."""
    return PieceLetters.FRENCH if current_locale() is Locale.FR else PieceLetters.ENGLISH


def reads_chinese() -> bool:
    """Whether the acting player reads Chinese (Simplified or Traditional)."""
    return current_locale().is_chinese


def reads_traditional() -> bool:
    """Whether the acting player reads Traditional Chinese (xiangqi moves then come in
    traditional characters: 馬８進７)."""
    return current_locale() is Locale.ZH_HANT
