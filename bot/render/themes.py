"""Named board themes: the colours of squares, highlights, marks and pieces."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.choice import choose

RGB = tuple[int, int, int]


def blend(base: RGB, over: RGB, amount: float) -> RGB:
    """``over`` laid on ``base`` with the given opacity (0..1)."""
    return (
        round(base[0] + (over[0] - base[0]) * amount),
        round(base[1] + (over[1] - base[1]) * amount),
        round(base[2] + (over[2] - base[2]) * amount),
    )


@dataclass(frozen=True, slots=True)
class Theme:
    """How a board looks. ``light``/``dark`` are the squares (xiangqi: board and lines)."""

    name: str
    variant: str
    light: RGB
    dark: RGB
    margin: RGB
    coordinates: RGB
    last_move: RGB
    check: RGB
    mark: RGB
    # The square (or point) of the piece whose moves are marked, as lichess tints it.
    selected: RGB = (20, 85, 30)
    # Xiangqi pieces' ink and disc; the strip's discs for white and black in chess.
    white_piece: RGB = (250, 250, 250)
    black_piece: RGB = (30, 30, 30)
    piece_detail: RGB = (225, 225, 225)

    def square(self, light: bool, last_move: bool = False, selected: bool = False) -> RGB:
        """The colour of a square in a given highlight state (a check glows over it)."""
        base = self.light if light else self.dark
        if selected:
            return blend(base, self.selected, 0.5)
        if last_move:
            return blend(base, self.last_move, 0.5)
        return base


WOOD = Theme(
    name="wood",
    variant="chess",
    light=(240, 217, 181),
    dark=(181, 136, 99),
    margin=(92, 64, 44),
    coordinates=(240, 217, 181),
    last_move=(205, 210, 50),
    check=(230, 30, 30),
    mark=(40, 80, 40),
)
GREEN = Theme(
    name="green",
    variant="chess",
    light=(238, 238, 210),
    dark=(118, 150, 86),
    margin=(48, 62, 38),
    coordinates=(238, 238, 210),
    last_move=(246, 246, 105),
    check=(230, 30, 30),
    mark=(30, 40, 30),
    selected=(40, 110, 200),  # lichess's green tint would read as a dark square here
)
BLUE = Theme(
    name="blue",
    variant="chess",
    light=(222, 227, 230),
    dark=(140, 162, 173),
    margin=(52, 66, 80),
    coordinates=(222, 227, 230),
    last_move=(155, 199, 0),
    check=(230, 30, 30),
    mark=(30, 50, 70),
)
XIANGQI = Theme(
    name="xiangqi",
    variant="xiangqi",
    light=(236, 200, 138),  # the board
    dark=(74, 46, 22),  # lines, river text, coordinates
    margin=(236, 200, 138),
    coordinates=(74, 46, 22),
    last_move=(40, 150, 60),
    check=(230, 30, 30),
    mark=(30, 110, 60),
    selected=(25, 95, 210),  # blue: apart from the green marks and last move
    white_piece=(190, 25, 25),  # red
    black_piece=(25, 25, 25),
    piece_detail=(250, 232, 196),  # the disc
)

JANGGI = Theme(
    name="janggi",
    variant="janggi",
    light=(240, 208, 146),  # the board
    dark=(70, 44, 20),  # lines, coordinates
    margin=(240, 208, 146),
    coordinates=(70, 44, 20),
    last_move=(40, 150, 60),
    check=(230, 30, 30),
    mark=(30, 110, 60),
    selected=(25, 95, 210),
    white_piece=(0, 105, 75),  # Cho: green
    black_piece=(190, 25, 25),  # Han: red
    piece_detail=(250, 236, 208),  # the octagon
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (WOOD, GREEN, BLUE, XIANGQI, JANGGI)}
DEFAULT_THEMES = {"chess": WOOD, "xiangqi": XIANGQI, "janggi": JANGGI}


def get_theme(name: str | Theme | None, variant: str) -> Theme:
    """The theme called ``name`` for a variant; the variant's default for None or a theme of
    the other variant. Raises ValueError for an unknown name."""
    return choose(name, variant, THEMES, DEFAULT_THEMES, "theme")


def theme_names(variant: str) -> list[str]:
    """The names of the themes made for a variant."""
    return [theme.name for theme in THEMES.values() if theme.variant == variant]
