"""Pause by agreement, as facts: its limits, the result of a pause agreed, and why one is
refused. ``bot/text/pause_words.py`` words them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from bot.service.errors import UserError
from bot.service.results import GameView, PlayerRef

# At most this many days a pause, and this many in all per game: a game cannot be paused
# indefinitely. ICCF's rules give a player 45 days of leave a year for all their games;
# OGS lets a player pause a correspondence game's clock. An agreed pause is for one game,
# so it gets a week at a time and two in all.
MAX_PAUSE_DAYS = 7
MAX_GAME_PAUSE_DAYS = 14


class PauseProblem(Enum):
    """Why a pause cannot be asked for or agreed."""

    LENGTH = "length"  # days outside 1 to MAX_PAUSE_DAYS
    ALLOWANCE = "allowance"  # more days than the game has left
    UNTIMED = "untimed"  # no clock to stop
    RUNNING = "running"  # the game is paused already


class PauseError(UserError):
    """A pause refused for ``problem``: ``days`` asked, ``left`` days of pause the game has
    left, ``until`` the end of the pause already running (RUNNING)."""

    def __init__(
        self,
        problem: PauseProblem,
        *,
        days: int = 0,
        left: int = 0,
        until: datetime | None = None,
    ) -> None:
        super().__init__()
        self.problem = problem
        self.days = days
        self.left = left
        self.until = until
        self.limit = MAX_PAUSE_DAYS
        self.total = MAX_GAME_PAUSE_DAYS


@dataclass(frozen=True, slots=True)
class PauseAgreed:
    """``by`` agreed to ``asked_by``'s pause of ``days``: the clocks stand still until
    ``until``; the game has ``days_left`` days of pause left."""

    game: GameView
    days: int
    until: datetime
    by: PlayerRef
    asked_by: PlayerRef
    days_left: int
