"""The board theme names players may choose: the renderer's, when it is installed."""

from __future__ import annotations

import importlib

DEFAULT_THEME = "default"


def available_themes() -> tuple[str, ...]:
    """Theme names, ``default`` first. Reads ``bot.render.THEMES`` (a mapping of names)
    when the renderer provides one; otherwise only ``default`` exists."""
    try:
        render = importlib.import_module("bot.render")
    except ImportError:
        return (DEFAULT_THEME,)
    names = getattr(render, "THEMES", None)
    if names is None:
        return (DEFAULT_THEME,)
    others = sorted(str(name).lower() for name in names if str(name).lower() != DEFAULT_THEME)
    return (DEFAULT_THEME, *others)
