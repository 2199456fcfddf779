"""The board theme names players may choose."""

from __future__ import annotations

from bot.render import theme_names

DEFAULT_THEME = "default"


def available_themes() -> tuple[str, ...]:
    """Theme names a player may choose, ``default`` (the renderer's own choice) first, then
    the renderer's chess themes; xiangqi boards have one look, whatever the choice."""
    return (DEFAULT_THEME, *sorted(theme_names("chess")))
