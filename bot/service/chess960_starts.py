"""Chess960 starts for a new game: the number a player chose (0–959, Scharnagl's numbering
as lichess uses it), or one drawn at random when they chose none."""

from __future__ import annotations

import random
from enum import Enum

import rules
from bot.service.errors import InvalidOptionError
from bot.service.janggi_setups import SETUP_STARTS
from rules.chess960 import START_COUNT, start_fen, start_number

# Where a start is drawn when the caller brings no generator of its own (tests bring a
# seeded one).
_DRAW = random.Random()


class StartNumberProblem(Enum):
    """Why a start ``position`` number cannot be used."""

    RANGE = "range"  # not one of 0–959
    NOT_CHESS960 = "not_chess960"  # only Chess960 has numbered starts
    WITH_FEN = "with_fen"  # a number and a FEN: two starts asked at once


class StartNumberError(InvalidOptionError):
    """The ``position`` option ``number`` cannot be used for ``game``: ``problem`` says why."""

    def __init__(self, problem: StartNumberProblem, number: int, game: str) -> None:
        super().__init__()
        self.problem = problem
        self.number = number
        self.game = game


def random_start_number(rng: random.Random | None = None) -> int:
    """One of the 960 start numbers, drawn from ``rng`` (a module-wide one for None)."""
    return (rng or _DRAW).randrange(START_COUNT)


def numbered_start(
    variant: rules.Variant, number: int | None, fen: str | None, rng: random.Random | None = None
) -> str | None:
    """The start FEN a ``number`` (the ``position`` option) asks of ``variant``: for
    Chess960 without a ``fen``, start ``number`` or a random one; None where the variant's
    own start or ``fen`` decides. Raises ``StartNumberError``."""
    if number is not None:
        if variant.name != "chess960":
            raise StartNumberError(StartNumberProblem.NOT_CHESS960, number, variant.name)
        if fen is not None and fen.strip():
            raise StartNumberError(StartNumberProblem.WITH_FEN, number, variant.name)
        if not 0 <= number < START_COUNT:
            raise StartNumberError(StartNumberProblem.RANGE, number, variant.name)
    if variant.name != "chess960" or (fen is not None and fen.strip()):
        return None
    return start_fen(random_start_number(rng) if number is None else number)


def is_custom_start(variant_name: str, start: str | None) -> bool:
    """Whether ``start`` (a normalised FEN; None: the variant's own start) is a custom
    position: one of the 960 starts is Chess960's own, never custom, and so is each janggi
    start two setups make."""
    if start is None:
        return False
    if variant_name == "janggi":
        return start not in SETUP_STARTS
    return variant_name != "chess960" or start_number(start) is None
