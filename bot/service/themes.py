"""The board theme names players may choose: the renderer's, when it is installed."""

from __future__ import annotations

import importlib

DEFAULT_THEME = "default"


def available_themes() -> tuple[str, ...]:
    """Theme names a player may choose, ``default`` first: the renderer's chess themes
    (xiangqi boards have one look, used whatever the choice). Only ``default`` exists when
    the renderer is not installed."""
    try:
        render = importlib.import_module("bot.render")
    except ImportError:
        return (DEFAULT_THEME,)
    theme_names = getattr(render, "theme_names", None)
    names = theme_names("chess") if callable(theme_names) else getattr(render, "THEMES", ())
    others = sorted({str(name).lower() for name in names} - {DEFAULT_THEME})
    return (DEFAULT_THEME, *others)
