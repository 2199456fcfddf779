"""Playing strength: Postal's levels 1–8 as engine options and a depth cap.

The table follows lichess's computer levels (Skill Level, search depth and think time per
level), which Stockfish and Fairy-Stockfish both understand: ``Skill Level`` 0–20 makes the
engine pick, among several candidate lines, a weaker one with a random margin, and the
depth cap keeps the low levels' search shallow. ``UCI_LimitStrength`` is switched off so the
skill level alone decides; the calibration in ``benchmarks/engine.py`` measures each level
against the engine at fixed ``UCI_Elo`` steps (the README's rating table).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.api import MAX_LEVEL, MIN_LEVEL
from bot.engine.uci import UciEngine, UciOption

FULL_SKILL = 20


@dataclass(frozen=True, slots=True)
class Level:
    """One level: the engine's ``Skill Level``, a depth cap, and the think time it is made
    for (``movetime_ms``, what a caller passes as its budget)."""

    number: int
    skill: int
    depth_cap: int | None
    movetime_ms: int


LEVELS: dict[int, Level] = {
    level.number: level
    for level in (
        Level(1, 0, 1, 50),
        Level(2, 3, 1, 100),
        Level(3, 6, 2, 150),
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


def apply_level(engine: UciEngine, chosen: Level | None) -> None:
    """Set ``engine``'s strength options for ``chosen`` (``None``: full strength).

    Options the engine lacks are skipped: a UCI engine need not offer them.
    """
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


def _clamp(option: UciOption, value: int) -> int:
    if option.min is not None:
        value = max(option.min, value)
    if option.max is not None:
        value = min(option.max, value)
    return value
