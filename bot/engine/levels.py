"""Playing strength: Postal's levels 1–8 as engine options and a depth cap.

The table follows lichess's computer levels (Skill Level, search depth and think time per
level), which Stockfish and Fairy-Stockfish both understand: ``Skill Level`` 0–20 makes the
engine pick, among several candidate lines, a weaker one with a random margin, and the
depth cap keeps the low levels' search shallow. ``UCI_LimitStrength`` is switched off so the
skill level alone decides; the calibration in ``benchmarks/engine.py`` measures each level
against the engine at fixed ``UCI_Elo`` steps (the rating table in benchmarks/README.md).

Skill 0 at depth 1 is as weak as Stockfish 15.1 goes (its ``Skill Level`` stops at 0, where
lichess's Fairy-Stockfish goes below), and it still rated about 1,300 on that scale: levels
1–3 were one band. So the lowest levels also play a uniformly random legal move in a share
of their turns (``random_share``), the beginner's blunder that no search setting makes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.api import MAX_LEVEL, MIN_LEVEL
from bot.engine.uci import UciEngine, UciOption

FULL_SKILL = 20


@dataclass(frozen=True, slots=True)
class Level:
    """One level: the engine's ``Skill Level``, a depth cap, the think time it is made
    for (``movetime_ms``, what a caller passes as its budget), and the share of moves
    (0 to 1) that are a random legal move instead of the engine's."""

    number: int
    skill: int
    depth_cap: int | None
    movetime_ms: int
    random_share: float = 0.0


LEVELS: dict[int, Level] = {
    level.number: level
    for level in (
        Level(1, 0, 1, 50, random_share=0.25),
        Level(2, 3, 1, 100, random_share=0.1),
        Level(3, 6, 2, 150, random_share=0.05),
        Level(4, 10, 3, 200),
        Level(5, 14, 5, 300),
        Level(6, 16, 8, 400),
        Level(7, 18, 13, 500),
        Level(8, 20, 22, 1000),
    )
}
assert sorted(LEVELS) == list(range(MIN_LEVEL, MAX_LEVEL + 1))


def level(number: int | None) -> Level | None:
    """The level ``number`` (``None``: full strength, no cap). Raises ``KeyError`` for others."""
    return None if number is None else LEVELS[number]


def blend(chosen: Level | None, best: str, legal: Sequence[str], rng: random.Random) -> str:
    """The move a level plays: ``best`` (the engine's), or in ``chosen.random_share`` of the
    calls one of ``legal`` drawn uniformly (it may be ``best`` again). Full strength
    (``None``) and levels without a share always play ``best``; ``rng`` is not drawn then.

    Raises ``ValueError`` when a random move is due and ``legal`` is empty.
    """
    if chosen is None or chosen.random_share <= 0:
        return best
    if rng.random() >= chosen.random_share:
        return best
    if not legal:
        raise ValueError("no legal move to choose from")
    return rng.choice(list(legal))


def apply_level(engine: UciEngine, chosen: Level | None) -> None:
    """Set ``engine``'s strength options for ``chosen`` (``None``: full strength, as the
    analysis asks).

    Options the engine lacks are skipped: a UCI engine need not offer them.
    """
    contempt = engine.options.get("Contempt")
    if contempt is not None:
        # Contempt (Fairy-Stockfish 11; Stockfish 15 has none) scores the root's side up to
        # avoid draws: every position then looks better for the side to move, so an
        # analysis would judge nearly every move a loss (xiangqi's 1. C2.5 an inaccuracy:
        # +0.82 before it, +0.14 for black after). Off for full strength; the levels keep
        # the engine's own default, as they were calibrated with it.
        wanted = 0 if chosen is None else _default_number(contempt)
        # A change clears the hash: it holds scores searched with the other contempt, which
        # an analysis of the game just played against the computer would meet again.
        changed = engine.set_option("Contempt", wanted)
        if changed:
            engine.new_game()
    if "UCI_LimitStrength" in engine.options:
        engine.set_option("UCI_LimitStrength", False)
    skill = engine.options.get("Skill Level")
    if skill is not None:
        engine.set_option(
            "Skill Level", _clamp(skill, FULL_SKILL if chosen is None else chosen.skill)
        )


def limit_elo(engine: UciEngine, elo: int) -> int:
    """Make ``engine`` play at ``elo`` with ``UCI_LimitStrength``; the Elo it accepted (clamped
    to the range it declares). Raises ``KeyError`` when it has no such options."""
    accepted = _clamp(engine.options["UCI_Elo"], elo)
    engine.set_option("UCI_LimitStrength", True)
    engine.set_option("UCI_Elo", accepted)
    if "Skill Level" in engine.options:
        engine.set_option("Skill Level", FULL_SKILL)
    return accepted


def _default_number(option: UciOption) -> int:
    """A spin option's declared default (0 when it declares none or not a number)."""
    try:
        return int(option.default or 0)
    except ValueError:
        return 0


def _clamp(option: UciOption, value: int) -> int:
    if option.min is not None:
        value = max(option.min, value)
    if option.max is not None:
        value = min(option.max, value)
    return value
