"""A game's GIF within an upload limit, whatever its length: sampled plies, smaller frames."""

from __future__ import annotations

import io

import pytest
from PIL import GifImagePlugin, Image

from bot.render.animation import MAX_FRAMES, frame_plies, render_animation
from rules import Game
from tests.render.test_render_gif import random_game


def frames_of(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        assert isinstance(image, GifImagePlugin.GifImageFile), image.format
        return image.n_frames


def test_short_game_has_one_frame_per_ply() -> None:
    """Up to MAX_FRAMES plies: the start and every ply, at 360 px."""
    game = Game("chess").play("f3").play("e5").play("g4").play("Qh4")
    made = render_animation(game, frame_ms=300)
    assert (made.step, made.frames, made.size) == (1, 5, 360)
    assert frames_of(made.data) == 5


def test_frame_plies_always_end_on_the_last_ply() -> None:
    """Sampling keeps the start, every step-th ply, and the final position."""
    assert frame_plies(7, 1) == list(range(8))
    assert frame_plies(7, 3) == [0, 3, 6, 7]
    assert frame_plies(600, 2)[-2:] == [598, 600]


def test_long_game_is_sampled_to_the_frame_budget() -> None:
    """A 700-ply game gets every 3rd ply (MAX_FRAMES frames at most) plus the last."""
    game = random_game("chess", 700, seed=3)
    made = render_animation(game, frame_ms=100)
    assert made.step == -(-game.ply // MAX_FRAMES)
    assert made.frames == len(frame_plies(game.ply, made.step)) <= MAX_FRAMES + 2
    assert frames_of(made.data) == made.frames


def test_a_tight_limit_shrinks_then_samples() -> None:
    """Under a small limit the frames shrink first, then fewer plies are shown; the GIF
    always fits."""
    game = random_game("xiangqi", 120, seed=1)
    full = render_animation(game, frame_ms=200)
    limit = len(full.data) // 4
    made = render_animation(game, frame_ms=200, limit_bytes=limit)
    assert len(made.data) <= limit
    assert made.size < 360 or made.step > 1
    assert frames_of(made.data) == made.frames


def test_bad_frame_time_and_impossible_limit_are_refused() -> None:
    game = Game("chess").play("e4")
    with pytest.raises(ValueError, match="frame_ms"):
        render_animation(game, frame_ms=5)
    with pytest.raises(ValueError, match="fits"):
        render_animation(game, limit_bytes=100)
