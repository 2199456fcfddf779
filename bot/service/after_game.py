"""After the game: a rematch (colours swapped, same variant, days and rating mode), the whole
game as a GIF, and its record."""

from __future__ import annotations

from dataclasses import dataclass

import rules
from bot.render.animation import Animation, render_animation
from bot.service.challenges import ChallengeUseCases
from bot.service.computer import ComputerGameStarted, ComputerOpponent
from bot.service.controls import has_team
from bot.service.core import ServiceCore
from bot.service.errors import InvalidButtonError, InvalidOptionError
from bot.service.match_facts import MatchError, MatchRefusal
from bot.service.results import ChallengeCreated, GameView, Place, User
from rules import Color

# GIF frame times a player may choose (milliseconds).
FRAME_MS_RANGE = (100, 10_000)
DEFAULT_FRAME_MS = 1000


class FrameTimeError(InvalidOptionError):
    """A GIF's frame time outside ``low`` to ``high`` milliseconds."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__()
        self.low, self.high = low, high


@dataclass(frozen=True, slots=True)
class GameAnimation:
    """What to animate: ``render(limit_bytes)`` draws the GIF (slow: adapters call it in a
    worker thread; the service never draws)."""

    game: GameView
    replay: rules.Game
    frame_ms: int
    filename: str
    orientation: Color = Color.WHITE
    theme: str | None = None
    pieces: str | None = None

    @property
    def plies(self) -> int:
        return len(self.replay.moves)

    def render(self, limit_bytes: int) -> Animation:
        return render_animation(
            self.replay,
            frame_ms=self.frame_ms,
            limit_bytes=limit_bytes,
            orientation=self.orientation,
            theme=self.theme,
            pieces=self.pieces,
        )


class AfterGameUseCases:
    def __init__(
        self, core: ServiceCore, challenges: ChallengeUseCases, computer: ComputerOpponent
    ) -> None:
        self._core = core
        self._challenges = challenges
        self._computer = computer

    # Set by ``GameService``: the computer opponent's use case (a rematch against it).

    async def rematch(
        self, user: User, game_id: int, *, place: Place | None = None
    ) -> ChallengeCreated | ComputerGameStarted:
        """Challenge the opponent of a finished game to another: colours swapped, the same
        variant, start position, clock and rating mode; against the computer, a new
        game at the same level starts at once. Raises the challenge's errors (limits
        included), ``NotAPlayerError``, and ``InvalidButtonError`` for a vote game (its
        board has no Rematch: its team was formed for that game); ``MatchError``
        (``NO_REMATCH``) for a club match's game, whose board has none either."""
        record = await self._core.resolve(user, place, game_id, finished_ok=True)
        view = await self._core.view(record)
        if has_team(view):
            raise InvalidButtonError
        if view.in_match:
            raise MatchError(MatchRefusal.NO_REMATCH)
        self._core.require_player(record, user)
        opponent = view.opponent_of(user.id)
        color = "black" if view.color_of(user.id) is Color.WHITE else "white"
        where = place or view.place
        level = await self._core.store.computer.level_of(record.id)
        if level is not None:
            return await self._computer.challenge(
                user,
                where,
                level=level,
                game=view.variant,
                color=color,
                days=record.clock_days,
                fen=record.start_fen,
            )
        return await self._challenges.challenge(
            user,
            where,
            User(opponent.id, opponent.name),
            game=view.variant,
            color=color,
            days=record.clock_days,  # an untimed game's rematch is untimed
            rated=view.rated,
            fen=record.start_fen,
            increment=record.increment_days,
            cap=record.cap_days,
        )

    async def animation(
        self,
        user: User,
        place: Place | None,
        *,
        game_id: int | None = None,
        frame_ms: int = DEFAULT_FRAME_MS,
    ) -> GameAnimation:
        """The game meant (running or finished) to animate, each ply ``frame_ms`` long, a
        player's own side at the bottom (white/red for anyone else), in the asker's theme
        and piece set. Raises
        ``InvalidOptionError`` for a frame time outside ``FRAME_MS_RANGE``."""
        low, high = FRAME_MS_RANGE
        if not low <= frame_ms <= high:
            raise FrameTimeError(low, high)
        record = await self._core.resolve(user, place, game_id, finished_ok=True)
        replay = await self._core.replay(record)
        view = await self._core.view(record)
        seat = view.color_of(user.id)
        # The viewer's theme and piece set, as on their boards.
        looks = await self._core.board_image(replay, viewer_id=user.id, seat=seat)
        side = seat or Color.WHITE
        name = f"game-{record.id}.gif"
        return GameAnimation(view, replay, frame_ms, name, side, looks.theme, looks.pieces)
