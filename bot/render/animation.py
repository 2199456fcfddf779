"""A whole game as an animated GIF that fits an upload limit, whatever the game's length.

Frames are the start position and the position after every ``step``-th ply (the last ply is
always shown, highlighted), each ``frame_ms`` long, the last one longer. A game of up to
``MAX_FRAMES`` plies gets one frame per ply at 360 px. A longer game is sampled: ``step`` is
the smallest whole number that keeps the frames at ``MAX_FRAMES`` or fewer (600 plies: every
2nd ply). If the GIF is still over ``limit_bytes``, it is drawn again smaller (240 px, then
160 px), and then with ``step`` doubled until it fits.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from bot.render import draw_board
from bot.render.marks import marked_move
from bot.render.piece_sets import PieceSet
from bot.render.themes import Theme
from rules import Color, Game

MAX_FRAMES = 300
SIZES = (360, 240, 160)
FINAL_FRAME_MS = 4000


@dataclass(frozen=True, slots=True)
class Animation:
    """A GIF and how it was made: ``step`` plies per frame (1: every ply), ``frames``
    frames (the start position included), ``size`` pixels wide."""

    data: bytes
    size: int
    step: int
    frames: int


def frame_plies(plies: int, step: int) -> list[int]:
    """The plies shown (0 = the start), every ``step``-th and always the last."""
    shown = list(range(0, plies + 1, step))
    if shown[-1] != plies:
        shown.append(plies)
    return shown


def render_animation(
    game: Game,
    *,
    frame_ms: int = 1000,
    limit_bytes: int = 8 * 1024 * 1024,
    orientation: Color | None = None,
    theme: Theme | str | None = None,
    pieces: PieceSet | str | None = None,
) -> Animation:
    """The game as a GIF of at most ``limit_bytes``. Raises ValueError for a frame time
    outside 20-60,000 ms or a limit too small for even the smallest GIF."""
    if not 20 <= frame_ms <= 60_000:
        raise ValueError(f"frame_ms must be from 20 to 60000, not {frame_ms}")
    positions, moves = game.positions, game.moves
    plies = len(moves)
    step = max(1, math.ceil(plies / MAX_FRAMES))
    side = orientation or Color.WHITE
    while True:
        for size in SIZES:
            shown = frame_plies(plies, step)
            frames = [
                draw_board(
                    positions[ply],
                    orientation=side,
                    last_move=marked_move(positions[ply - 1], moves[ply - 1]) if ply else None,
                    size=size,
                    theme=theme,
                    pieces=pieces,
                )
                for ply in shown
            ]
            durations = [frame_ms] * (len(frames) - 1) + [max(frame_ms, FINAL_FRAME_MS)]
            buffer = io.BytesIO()
            frames[0].save(
                buffer, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
            )
            data = buffer.getvalue()
            if len(data) <= limit_bytes:
                return Animation(data, size, step, len(frames))
        if step >= plies:
            raise ValueError(f"no GIF of this game fits in {limit_bytes} bytes")
        step *= 2
