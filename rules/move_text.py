"""What players type as a move, before a notation reads it: compatibility forms folded
(full-width ``ｅ４``, ``Ｃ２．５`` from CJK keyboards), and which game's notation a text that
is no move here is written in (``e4`` typed in a xiangqi game)."""

from __future__ import annotations

import unicodedata

GAMES = ("chess", "xiangqi")


def normalize(text: str) -> str:
    """``text`` in Unicode NFKC: full-width letters, digits and signs become ASCII, and
    Chinese characters stay as they are (``马８进７`` → ``马8进7``)."""
    return unicodedata.normalize("NFKC", text)


def written_for(text: str, game: str) -> str | None:
    """The other game whose notation reads ``text`` (its syntax only, whatever the
    position), or None; ``game`` is the one being played."""
    # Imported here: each game's notation module calls this when it cannot read a move.
    from rules.chess.notation import reads_as_chess
    from rules.xiangqi.notation import reads_as_xiangqi

    if game != "chess" and reads_as_chess(text):
        return "chess"
    if game != "xiangqi" and reads_as_xiangqi(text):
        return "xiangqi"
    return None
