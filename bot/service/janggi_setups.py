"""Janggi setups for a new game: each side arranges its horses (마) and elephants (상)
before the game, one of four ways (``rules.janggi.Setup``). The challenger chooses their
own with ``setup:``; the opponent chooses theirs when accepting (the challenge's setup menu),
else keeps the usual 마상상마 (inner elephants, Fairy-Stockfish's start). A start whose rows
are two setups is janggi's own start, never a custom position."""

from __future__ import annotations

from enum import Enum

from bot.service.errors import InvalidOptionError
from rules import Color
from rules.janggi import START_FEN, Setup, start_fen

SETUP_WORDS = tuple(setup.value for setup in Setup)
# The setups as Discord lists them: the Korean name, and where the elephants stand.
SETUP_LABELS = {
    Setup.MA_SANG_MA_SANG.value: "마상마상 (right elephant)",
    Setup.MA_SANG_SANG_MA.value: "마상상마 (inner elephants)",
    Setup.SANG_MA_MA_SANG.value: "상마마상 (outer elephants)",
    Setup.SANG_MA_SANG_MA.value: "상마상마 (left elephant)",
}
DEFAULT_SETUP = Setup.MA_SANG_SANG_MA
# Every start two setups make (janggi's own starts, rated like the usual one), and the
# setups (Cho's, Han's) it is made of.
SETUP_PAIRS = {start_fen(cho, han): (cho, han) for cho in Setup for han in Setup}
SETUP_STARTS = frozenset(SETUP_PAIRS)


class SetupProblem(Enum):
    """Why a ``setup`` cannot be used."""

    NOT_JANGGI = "not_janggi"  # only janggi has setups
    UNKNOWN = "unknown"  # not one of the four
    NO_SIDE = "no_side"  # a random side: whose setup would it be?
    WITH_OTHER_START = "with_other_start"  # with a FEN or a thematic start
    CUSTOM_CHALLENGE = "custom_challenge"  # accepting a challenge from a custom position


class SetupError(InvalidOptionError):
    """The ``setup`` option ``word`` cannot be used for ``game``: ``problem`` says why."""

    def __init__(self, problem: SetupProblem, word: str, game: str) -> None:
        super().__init__()
        self.problem = problem
        self.word = word
        self.game = game


def setup_start(game: str, word: str, seat: str, other_start: bool) -> str:
    """The start FEN with the challenger's setup ``word`` on their ``seat`` (white is Cho)
    and the usual setup for the opponent. Raises ``SetupError``."""
    if game != "janggi":
        raise SetupError(SetupProblem.NOT_JANGGI, word, game)
    if word.strip() not in SETUP_WORDS:
        raise SetupError(SetupProblem.UNKNOWN, word, game)
    if seat not in ("white", "black"):
        raise SetupError(SetupProblem.NO_SIDE, word, game)
    if other_start:
        raise SetupError(SetupProblem.WITH_OTHER_START, word, game)
    chosen = Setup(word.strip())
    if seat == "white":
        return start_fen(cho=chosen, han=DEFAULT_SETUP)
    return start_fen(cho=DEFAULT_SETUP, han=chosen)


def setups_of(variant: str, start: str | None) -> tuple[Setup, Setup] | None:
    """The setups (Cho's, Han's) a game of ``variant`` from ``start`` (None: the variant's
    own) begins with: None unless a janggi start of two setups."""
    return SETUP_PAIRS.get(start or START_FEN) if variant == "janggi" else None


def takes_setup(variant: str, start: str | None) -> bool:
    """Whether the player accepting a challenge of ``variant`` from ``start`` (None: the
    variant's own) may choose their setup: a janggi start of two setups."""
    return variant == "janggi" and (start is None or start in SETUP_PAIRS)


def accepted_start(variant: str, start: str | None, seat: Color, word: str) -> str:
    """The start of a challenge of ``variant`` from ``start`` (None: the variant's own) with
    the accepting player's setup ``word`` on their ``seat`` (white is Cho), the challenger's
    kept. Raises ``SetupError``: not janggi, not one of the four, or a custom start."""
    if variant != "janggi":
        raise SetupError(SetupProblem.NOT_JANGGI, word, variant)
    if word.strip() not in SETUP_WORDS:
        raise SetupError(SetupProblem.UNKNOWN, word, variant)
    pair = SETUP_PAIRS.get(start or START_FEN)
    if pair is None:
        raise SetupError(SetupProblem.CUSTOM_CHALLENGE, word, variant)
    chosen, (cho, han) = Setup(word.strip()), pair
    return start_fen(chosen, han) if seat is Color.WHITE else start_fen(cho, chosen)
