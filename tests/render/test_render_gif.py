"""Animated GIFs of whole games: one frame per position, timing, size limits."""

from __future__ import annotations

import io
import random

import pytest
from PIL import GifImagePlugin, Image

from bot.render import PlayerLabel, Strip, band_height, render_gif
from bot.render.themes import WOOD
from rules import Game
from tests.render.render_pixels import close, pixel


def open_gif(data: bytes) -> GifImagePlugin.GifImageFile:
    """The GIF in ``data`` (asserting it is one), its frames still to be read."""
    gif = Image.open(io.BytesIO(data))
    assert isinstance(gif, GifImagePlugin.GifImageFile), gif.format
    return gif


def random_game(variant: str, plies: int, seed: int) -> Game:
    chooser = random.Random(seed)
    game = Game(variant)
    while game.ply < plies and game.outcome() is None:
        game = game.play(chooser.choice(list(game.position.legal_moves())))
    return game


def test_gif_has_one_frame_per_position_and_a_long_last_frame() -> None:
    """A game's GIF has moves + 1 frames, the last shown longest."""
    game = Game("chess").play("e4").play("e5").play("Nf3")
    gif = open_gif(render_gif(game, frame_ms=500, final_ms=3000))
    assert gif.format == "GIF"
    assert gif.n_frames == game.ply + 1
    durations = []
    for index in range(gif.n_frames):
        gif.seek(index)
        durations.append(gif.info["duration"])
    assert durations[:-1] == [500] * game.ply
    assert durations[-1] == 3000


def test_gif_of_a_long_game_stays_small() -> None:
    """A 150-move (300-ply) chess game at the default size stays far under Discord's 8 MB."""
    game = random_game("chess", 300, seed=0)
    assert game.ply == 300
    gif = render_gif(game)
    assert open_gif(gif).n_frames == game.ply + 1
    assert len(gif) < 8 * 1024 * 1024


def test_gif_of_a_xiangqi_game() -> None:
    """Xiangqi games animate too."""
    game = random_game("xiangqi", 20, seed=3)
    gif = open_gif(render_gif(game, size=300))
    assert gif.n_frames == game.ply + 1
    assert gif.size[0] == 300


def test_gif_of_a_game_without_moves_is_one_frame() -> None:
    """A game not yet started animates as its start position alone."""
    gif = open_gif(render_gif(Game("chess"), final_ms=2000))
    assert gif.n_frames == 1
    assert gif.info["duration"] == 2000


def test_gif_refuses_frame_times_that_are_not_positive() -> None:
    """A zero or negative frame time raises ValueError."""
    with pytest.raises(ValueError, match="positive"):
        render_gif(Game("chess").play("e4"), frame_ms=0)


def test_gif_strips_follow_the_turn_and_the_last_frame_is_the_callers() -> None:
    """With a strip every frame is taller; the strip of the side to move is tinted, frame by
    frame, and a finished game's last frame tints neither."""
    game = Game("chess")
    for move in "f3 e5 g4 Qh4#".split():
        game = game.play(move)
    strip = Strip(PlayerLabel("Alice", 1500), PlayerLabel("Bob", 1480), None)
    gif = open_gif(render_gif(game, size=300, strip=strip))
    band = band_height(300)
    tinted = WOOD.square(True, last_move=True)
    seen = []
    for index in range(gif.n_frames):
        gif.seek(index)
        frame = gif.convert("RGB")
        assert frame.size == (300, 300 + 2 * band)
        top, bottom = pixel(frame, (296, band // 2)), pixel(frame, (296, 300 + band * 3 // 2))
        seen.append((close(top, tinted, 20), close(bottom, tinted, 20)))
    # White (at the bottom) moves first; the mate's frame is the caller's: nobody to move.
    assert seen == [(False, True), (True, False), (False, True), (True, False), (False, False)]
