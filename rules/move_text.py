"""What players type as a move, before a notation reads it: compatibility forms folded
(full-width ``ｅ４``, ``Ｃ２．５`` from CJK keyboards). Which game's notation a text that is
no move here is written in is asked above the games, in ``rules.notations``."""

from __future__ import annotations

import unicodedata

GAMES = ("chess", "xiangqi")


def normalize(text: str) -> str:
    """``text`` in Unicode NFKC: full-width letters, digits and signs become ASCII, and
    Chinese characters stay as they are (``马８进７`` → ``马8进7``)."""
    return unicodedata.normalize("NFKC", text)
