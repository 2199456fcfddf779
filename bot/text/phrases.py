"""Words the edge's sentences share, as catalog messages (``bot.i18n.text``): a game's
name and title, a side's colour, a game's pace, how it ended, its pieces. Both adapters say
them in the reader's language."""

from __future__ import annotations

from bot.i18n.text import Plural, Text, TextIn
from bot.service.results import GameView
from rules import Color, Termination

# The games that say board and check as xiangqi does, not as chess: a janggi board is not an
# échiquier or a 체스판 either (plateau, 판), and its check is 장군 as xiangqi's.
XIANGQI_WORDED = frozenset({"xiangqi", "janggi"})


def check_text(variant: str, *, lead: str = "") -> Text:
    """``Check!`` in the game's own word: Korean and Japanese say 장군 and 王手 in xiangqi
    but 체크 and チェック in chess, so xiangqi's is its own message. ``lead=" "`` gives the
    form that follows a sentence inside a template (`` Check!``)."""
    if lead not in ("", " "):
        raise ValueError(f"lead must be '' or ' ', not {lead!r}")
    if variant in XIANGQI_WORDED:
        return TextIn("xiangqi", " Check!") if lead else TextIn("xiangqi", "Check!")
    return Text(" Check!") if lead else Text("Check!")


def variant_text(variant: str) -> str:
    """``chess`` / ``xiangqi`` / ``Chess960`` as a word of a sentence (another name as it
    is)."""
    names = {
        "chess": Text("chess"),
        "xiangqi": Text("xiangqi"),
        "chess960": Text("Chess960"),
        "janggi": Text("janggi"),
    }
    return names.get(variant, variant)


def title_text(game: GameView) -> Text:
    """``alice vs bob · chess``: a game's name in sentences, and its thread's name."""
    return Text(
        "{white} vs {black} · {variant}",
        white=game.white.name,
        black=game.black.name,
        variant=variant_text(game.variant),
    )


def seats_text(game: GameView) -> Text:
    """``bob (white) – alice (black)``: a game's players, white's side first, each with the
    side as the game names it (red in xiangqi, Cho and Han in janggi)."""
    return Text(
        "{white} ({white_side}) – {black} ({black_side})",
        white=game.white.name,
        white_side=color_text(game.variant, Color.WHITE),
        black=game.black.name,
        black_side=color_text(game.variant, Color.BLACK),
    )


def color_text(variant: str, color: Color | str) -> Text:
    """A side's colour: white or black in chess, red or black in xiangqi (Chinese calls the
    xiangqi sides 红方/黑方, so xiangqi's black is its own message); janggi's sides are
    named, Cho (초) and Han (한); ``random``."""
    seat = color.value if isinstance(color, Color) else color
    if seat == "random":
        return Text("a random colour")
    if variant == "janggi":
        return janggi_side_text(seat)
    if variant == "xiangqi":
        return Text("red") if seat == "white" else TextIn("xiangqi", "black")
    return Text("white") if seat == "white" else Text("black")


def janggi_side_text(seat: str) -> Text:
    """Janggi's side ``seat`` (``white`` is Cho, who moves first; ``black`` is Han) as a
    name: Cho, Han."""
    return TextIn("janggi", "Cho") if seat == "white" else TextIn("janggi", "Han")


def pace_text(days: int, untimed: bool) -> Text:
    """``3 days per move``, or ``no time limit``."""
    if untimed:
        return Text("no time limit")
    return Plural("{count} day per move", "{count} days per move", days)


def rated_text(rated: bool) -> Text:
    return Text("rated") if rated else Text("casual")


_TERMINATIONS = {
    Termination.CHECKMATE: Text("checkmate"),
    Termination.STALEMATE: Text("stalemate"),
    Termination.INSUFFICIENT_MATERIAL: Text("insufficient material"),
    Termination.FIVEFOLD_REPETITION: Text("fivefold repetition"),
    Termination.SEVENTYFIVE_MOVES: Text("75-move rule"),
    Termination.THREEFOLD_REPETITION: Text("threefold repetition"),
    Termination.FIFTY_MOVES: Text("50-move rule"),
    Termination.REPETITION: Text("repetition"),
    Termination.PERPETUAL_CHECK: Text("perpetual check"),
    Termination.PERPETUAL_CHASE: Text("perpetual chase"),
    Termination.SIXTY_MOVES: Text("60-move rule"),
    Termination.BIKJANG: Text("bikjang"),
    Termination.DOUBLE_PASS: Text("both sides passed"),
    Termination.MOVE_LIMIT: Text("50-move rule"),
    Termination.RESIGNATION: Text("resignation"),
    Termination.AGREEMENT: Text("agreement"),
    Termination.TIMEOUT: Text("timeout"),
    Termination.TIMEOUT_DRAW: Text("timeout, insufficient material"),
    Termination.ABORTED: Text("aborted"),
}


# Xiangqi's own words for these (외통수, 詰み, 绝杀; a stalemated xiangqi side loses: 困毙).
_XIANGQI_TERMINATIONS = {
    Termination.CHECKMATE: TextIn("xiangqi", "checkmate"),
    Termination.STALEMATE: TextIn("xiangqi", "stalemate"),
}


def termination_text(value: str | None, variant: str = "chess") -> str:
    """How a game of ``variant`` ended (a stored ``Termination`` value) as words; another
    value as it is."""
    try:
        termination = Termination(value)
    except ValueError:
        return value or ""
    if variant in ("xiangqi", "janggi") and termination in _XIANGQI_TERMINATIONS:
        return _XIANGQI_TERMINATIONS[termination]
    return _TERMINATIONS[termination]


# Each game's pieces by their letter, as menus and previews name them (« Roi », 车).
PIECE_NAMES = {
    "chess": {
        "k": TextIn("piece", "King"),
        "q": TextIn("piece", "Queen"),
        "r": TextIn("piece", "Rook"),
        "b": TextIn("piece", "Bishop"),
        "n": TextIn("piece", "Knight"),
        "p": TextIn("piece", "Pawn"),
    },
    "xiangqi": {
        "k": TextIn("piece", "General"),
        "a": TextIn("piece", "Advisor"),
        "b": TextIn("piece", "Elephant"),
        "n": TextIn("piece", "Horse"),
        "r": TextIn("piece", "Chariot"),
        "c": TextIn("piece", "Cannon"),
        "p": TextIn("piece", "Soldier"),
    },
    # Janggi's pieces are xiangqi's kin; the advisor is called a guard (사).
    "janggi": {
        "k": TextIn("piece", "General"),
        "a": TextIn("piece", "Guard"),
        "b": TextIn("piece", "Elephant"),
        "n": TextIn("piece", "Horse"),
        "r": TextIn("piece", "Chariot"),
        "c": TextIn("piece", "Cannon"),
        "p": TextIn("piece", "Soldier"),
    },
}
