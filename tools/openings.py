"""Write ``rules/chess/openings.tsv``, the chess opening names Postal ships, from lichess's
chess-openings data set (CC0: https://github.com/lichess-org/chess-openings).

    python tools/openings.py PATH   # PATH: a checkout of lichess-org/chess-openings

Each line of the source (ECO code, name, the moves in PGN) is played through Postal's own
rules engine, and the position it reaches is written beside it as the engine's position key
(``Position.repetition_key``: placement, side to move, castling rights, and the en passant
square only when a capture there is legal), so a transposition finds the same name and
loading the table is a plain read. ``tests/rules/test_openings.py`` replays a sample of the
lines to check the keys still match the engine.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.chess.openings import TABLE, moves_of  # noqa: E402
from rules.chess.variant import CHESS  # noqa: E402

HEADER = "eco\tname\tpgn\tkey"


def rows(source: Path) -> list[str]:
    """The table's lines for the source's ``a.tsv`` … ``e.tsv``, in their order."""
    lines = [HEADER]
    for volume in "abcde":
        text = (source / f"{volume}.tsv").read_text(encoding="utf-8")
        for line in text.splitlines()[1:]:
            eco, name, pgn = line.split("\t")
            position = CHESS.start()
            for san in moves_of(pgn):
                position = position.play(position.parse_move(san))
            lines.append(f"{eco}\t{name}\t{pgn}\t{position.repetition_key()}")
    return lines


def main(arguments: list[str]) -> int:
    if len(arguments) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    TABLE.write_text("\n".join(rows(Path(arguments[0]))) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
