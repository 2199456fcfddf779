"""Board images for both variants: ``render_board`` (PNG) and ``render_gif`` (a whole game).

Pure functions of their arguments with shared, lock-protected caches, so they are safe to run
in worker threads (``asyncio.to_thread``). Themes are listed in ``bot.render.themes``, piece
sets in ``bot.render.piece_sets``; the players' strip is ``bot.render.strip``.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import Image

from bot.render.chess_board import draw_chess
from bot.render.coordinates import Coordinates
from bot.render.marks import marked_move
from bot.render.piece_sets import PIECE_SETS, PieceSet, get_piece_set, piece_set_names
from bot.render.scene import Scene
from bot.render.strip import PlayerLabel, Strip, band_height, with_strips
from bot.render.themes import THEMES, Theme, get_theme, theme_names
from bot.render.xiangqi_board import draw_xiangqi
from rules import Color, Game, Move, Position, Square

MIN_SIZE, MAX_SIZE = 128, 2048
# zlib level, measured on 512 px middlegames with the vector pieces (CPU time on a busy
# machine): chess 6 = 3.2 ms, 17.1 KB; 3 = 1.4 ms, 19.4 KB; xiangqi 6 = 4.1 ms, 20.6 KB;
# 3 = 1.6 ms, 24.1 KB. Encoding is most of a render, and a few KB more are nothing to an
# upload, so 3. (Levels 4-5 are slower than 3 for little gain; 9 is 10x slower.)
PNG_COMPRESSION = 3


def draw_board(
    position: Position,
    *,
    orientation: Color | None = None,
    last_move: Move | None = None,
    check: Square | None = None,
    marks: Iterable[Square] = (),
    selected: Square | None = None,
    coordinates: Coordinates | bool | str = True,
    size: int = 512,
    theme: Theme | str | None = None,
    pieces: PieceSet | str | None = None,
    strip: Strip | None = None,
    preview: bool = False,
) -> Image.Image:
    """The board as a palette image; see ``render_board``."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be from {MIN_SIZE} to {MAX_SIZE} pixels, not {size}")
    variant = position.variant.name
    chosen = get_theme(theme, variant)
    piece_set = get_piece_set(pieces, variant)
    side = orientation or position.side_to_move
    if not isinstance(side, Color):
        raise ValueError(f"orientation must be a Color, not {orientation!r}")
    if strip is not None and not isinstance(strip, Strip):
        raise ValueError(f"strip must be a Strip, not {strip!r}")
    if check is None and position.is_check():
        check = position.king_square(position.side_to_move)
    squares = (last_move.from_square, last_move.to_square) if last_move else None
    marked = frozenset(marks)
    board_squares = position.variant.files * position.variant.ranks
    named = (("last_move", squares or ()), ("check", (check,)), ("marks", marked),
             ("selected", (selected,)))  # fmt: skip
    for what, values in named:
        for square in values:
            if square is not None and not (isinstance(square, int) and 0 <= square < board_squares):
                raise ValueError(f"{what}: {square!r} is not a square of a {variant} board")
    # Janggi's board is xiangqi's grid without the river (``xiangqi_board``).
    draw = draw_xiangqi if variant in ("xiangqi", "janggi") else draw_chess
    placed = Coordinates.of(coordinates)
    scene = Scene(position, side, squares, check, marked, placed, size, chosen, piece_set,
                  selected, preview and squares is not None)  # fmt: skip
    board = draw(scene)
    return board if strip is None else with_strips(board, strip, side, chosen)


def render_board(
    position: Position,
    *,
    orientation: Color | None = None,
    last_move: Move | None = None,
    check: Square | None = None,
    marks: Iterable[Square] = (),
    selected: Square | None = None,
    coordinates: Coordinates | bool | str = True,
    size: int = 512,
    theme: Theme | str | None = None,
    pieces: PieceSet | str | None = None,
    strip: Strip | None = None,
    preview: bool = False,
) -> bytes:
    """A PNG of ``position`` (chess or xiangqi) ``size`` pixels wide.

    ``orientation``: the side at the bottom (default: the side to move; a caller showing a
    player their own game passes that player's side). ``last_move``: its squares are
    highlighted. ``check``: a king/general square that glows red; None: the side to move's
    king glows when it is in check. ``marks``: squares marked as destinations (dots on
    empty squares, rings on pieces). ``selected``: the square of the piece those
    destinations belong to, tinted (``/moves``). ``theme``, ``pieces``: a Theme / PieceSet or
    its name (None, or one made for the other variant: the variant's default; see
    ``theme_names`` and ``piece_set_names``). ``strip``: the players' names, ratings and
    whose turn it is, in strips above and below the board (the image grows taller by two
    ``band_height(size)``). ``coordinates``: ``Coordinates.INSIDE`` (or True) in the corners
    of the edge squares, ``FRAME`` in a margin around the board, ``NONE`` (or False) none.
    ``preview``: ``last_move`` is a move not yet played (Confirm moves), marked as a ghost
    of the last-move mark (chess: a faint tint in a dashed outline; xiangqi: dashed
    brackets); a strip's ``note`` may say so in words. Raises ValueError for an unknown
    theme or piece set, a size outside 128–2048, an unknown coordinates placement, an
    orientation that is not a Color, a strip that is not a Strip, or a square (of
    ``last_move``, ``check``, ``marks``, ``selected``) that is not on the board.
    """
    image = draw_board(
        position,
        orientation=orientation,
        last_move=last_move,
        check=check,
        marks=marks,
        selected=selected,
        coordinates=coordinates,
        size=size,
        theme=theme,
        pieces=pieces,
        strip=strip,
        preview=preview,
    )
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_COMPRESSION)
    return buffer.getvalue()


def render_gif(
    game: Game,
    *,
    size: int = 360,
    frame_ms: int = 1000,
    final_ms: int = 4000,
    orientation: Color | None = None,
    theme: Theme | str | None = None,
    pieces: PieceSet | str | None = None,
    strip: Strip | None = None,
) -> bytes:
    """An animated GIF of a whole game: the start, each move highlighted, a long last frame.

    ``orientation`` defaults to white/red at the bottom. ``strip``: the players' strips on
    every frame, each frame tinting the side to move there, the last frame the strip's own
    ``to_move`` (None for a finished game). Frames share one palette, and GIF stores only
    what changed between frames, so a 150-move game stays a few MB at most (measured:
    0.56 MB at 360 px). Raises ValueError for a bad size, theme, piece set, strip or frame
    time.
    """
    if frame_ms <= 0 or final_ms <= 0:
        raise ValueError(f"frame times must be positive, not {frame_ms} and {final_ms} ms")
    side = orientation or Color.WHITE
    positions = game.positions
    moves = (None, *(marked_move(positions[i], m) for i, m in enumerate(game.moves)))
    frames = []
    for ply, position in enumerate(positions):
        turn = strip
        if isinstance(strip, Strip) and ply < game.ply:  # the last frame: as the caller says
            turn = Strip(strip.white, strip.black, position.side_to_move)
        frames.append(
            draw_board(position, orientation=side, last_move=moves[ply], size=size,
                       theme=theme, pieces=pieces, strip=turn)
        )  # fmt: skip
    durations = [frame_ms] * (len(frames) - 1) + [final_ms]
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
    )
    return buffer.getvalue()


__all__ = [
    "PIECE_SETS",
    "THEMES",
    "Coordinates",
    "PieceSet",
    "PlayerLabel",
    "Strip",
    "Theme",
    "band_height",
    "draw_board",
    "get_piece_set",
    "get_theme",
    "marked_move",
    "piece_set_names",
    "render_board",
    "render_gif",
    "theme_names",
]
