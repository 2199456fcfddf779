"""Named piece sets: how the pieces of each variant may look, and whose art they are.

Chess sets are vector art rasterised once at development time (``tools/rasterise_pieces.py``)
into 256 px sprites in ``bot/render/pieces/<name>/``, each folder with its licence and source
beside the sprites. Xiangqi sets are drawn here from the bundled font: discs carrying the
pieces' names in traditional or simplified characters; the janggi set draws octagons in three
sizes with the Hanja names.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.render.choice import choose

SPRITES = Path(__file__).parent / "pieces"


@dataclass(frozen=True, slots=True)
class PieceSet:
    """A look for one variant's pieces. ``credit`` names the art and its licence."""

    name: str
    variant: str
    credit: str

    @property
    def folder(self) -> Path:
        """Where a chess set's sprites (``wK.png`` … ``bP.png``) and licence are."""
        return SPRITES / self.name


CBURNETT = PieceSet(
    "cburnett",
    "chess",
    "Cburnett and Rfc1394 (Wikimedia Commons), via cm-chessboard; CC BY-SA 3.0",
)
SIMPLE = PieceSet(
    "simple",
    "chess",
    "after Max Froumentin's ChessSophia (W3C), via gnome-chess; W3C Software Licence",
)
TRADITIONAL = PieceSet("traditional", "xiangqi", "Droid Sans Fallback characters; Apache-2.0")
SIMPLIFIED = PieceSet("simplified", "xiangqi", "Droid Sans Fallback characters; Apache-2.0")

HANJA = PieceSet("hanja", "janggi", "Droid Sans Fallback characters; Apache-2.0")

PIECE_SETS: dict[str, PieceSet] = {
    s.name: s for s in (CBURNETT, SIMPLE, TRADITIONAL, SIMPLIFIED, HANJA)
}
DEFAULT_PIECE_SETS = {"chess": CBURNETT, "xiangqi": TRADITIONAL, "janggi": HANJA}


def get_piece_set(name: str | PieceSet | None, variant: str) -> PieceSet:
    """The piece set called ``name`` for a variant; the variant's default for None or a set
    made for the other variant (a player's one choice serves both). Raises ValueError for
    an unknown name."""
    return choose(name, variant, PIECE_SETS, DEFAULT_PIECE_SETS, "piece set")


def piece_set_names(variant: str) -> list[str]:
    """The names of the piece sets made for a variant, its default first."""
    default = DEFAULT_PIECE_SETS[variant].name
    others = [s.name for s in PIECE_SETS.values() if s.variant == variant and s.name != default]
    return [default, *others]
