"""The board themes and piece sets players may choose."""

from __future__ import annotations

from bot.render import piece_set_names, theme_names

DEFAULT_THEME = "default"


def available_themes() -> tuple[str, ...]:
    """Theme names a player may choose, ``default`` (the renderer's own choice) first, then
    the renderer's chess themes; xiangqi boards have one look, whatever the choice."""
    return (DEFAULT_THEME, *sorted(theme_names("chess")))


def available_piece_sets() -> dict[str, str]:
    """Piece set names a player may choose, each with the variant it is for (``default``,
    the renderer's own choice, for both)."""
    return {
        DEFAULT_THEME: "both",
        **{name: variant for variant in ("chess", "xiangqi") for name in piece_set_names(variant)},
    }
