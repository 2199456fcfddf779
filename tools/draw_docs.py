"""Redraw the example images in ``docs/`` with the current renderer.

    python tools/draw_docs.py

Every image is a real position drawn by ``bot.render`` exactly as the bot would draw it; the
360 px ones are the width a phone shows a Discord attachment at.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.render import PlayerLabel, Strip, render_board, render_gif  # noqa: E402
from bot.render.eval_graph import GraphLegend, GraphMark, render_eval_graph  # noqa: E402
from bot.service.analysis_report import EVALUATION_TICKS  # noqa: E402
from rules import Color, Game, Move, Position, get_variant  # noqa: E402

DOCS = ROOT / "docs"
CHESS, XIANGQI = get_variant("chess"), get_variant("xiangqi")
PLAYERS = Strip(PlayerLabel("Alice", 1523), PlayerLabel("Bob", 1480), Color.BLACK)


def played(variant_name: str, moves: str) -> Game:
    game = Game(variant_name)
    for text in moves.split():
        game = game.play(text)
    return game


def squares(position: Position, names: str) -> list[int]:
    return [position.variant.parse_square(name) for name in names.split()]


def fried_liver() -> bytes:
    """Chess, wood, cburnett: a king in check after Qf3+, with the players' strip."""
    game = played("chess", "e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Nxd5 Nxf7 Kxf7 Qf3+")
    return render_board(game.position, orientation=Color.WHITE, last_move=game.last_move,
                        strip=PLAYERS)  # fmt: skip


def knight_moves(size: int = 512, pieces: str = "simple") -> bytes:
    """Chess, green: /moves for the knight on f3 (tinted), its destinations marked."""
    position = CHESS.from_fen("r5k1/bppq1pp1/p1nprn1p/4p3/4P3/2PP1NNP/PP3PP1/R1BQR1K1 w - - 4 14")
    marks = squares(position, "d2 d4 e5 g5 h2 h4")
    return render_board(position, orientation=Color.WHITE, theme="green", pieces=pieces,
                        marks=marks, selected=CHESS.parse_square("f3"),
                        last_move=Move(CHESS.parse_square("d8"), CHESS.parse_square("d7")),
                        size=size)  # fmt: skip


def xiangqi_opening(size: int = 512) -> bytes:
    """Xiangqi, traditional characters: a central cannon opening, with the players' strip."""
    game = played("xiangqi", "C2=5 H8+7 H2+3 R9=8")
    strip = Strip(PlayerLabel("红方 Wang", 1610), PlayerLabel("Li", 1575), Color.WHITE)
    return render_board(game.position, orientation=Color.WHITE, last_move=game.last_move,
                        strip=strip, size=size)  # fmt: skip


def xiangqi_moves(size: int = 512) -> bytes:
    """Xiangqi, simplified characters: black's general in check from the chariot (red glow);
    /moves for the horse that can block it (blue glow), its two destinations marked."""
    position = XIANGQI.from_fen(
        "r2akab1r/9/1c4nc1/p1p3p1p/9/4R4/P1P1P1P1P/1C5C1/9/1NBAKABNR b - - 1 8"
    )
    horse = XIANGQI.parse_square("g7")
    marks = sorted({m.to_square for m in position.legal_moves() if m.from_square == horse})
    arrived = Move(XIANGQI.parse_square("a4"), XIANGQI.parse_square("e4"))
    return render_board(position, orientation=Color.BLACK, last_move=arrived, marks=marks,
                        selected=horse, pieces="simplified", size=size)  # fmt: skip


def preview(size: int = 360) -> bytes:
    """Chess, Confirm moves: the board after a move not yet played, dashed and ghosted,
    "Preview" on the mover's strip (the strip every preview gets)."""
    game = played("chess", "e4 e5 Nf3 Nc6")
    move = game.position.parse_move("Bb5")
    strip = Strip(PLAYERS.white, PLAYERS.black, Color.BLACK, note="Preview")
    return render_board(game.position.play(move), orientation=Color.WHITE, last_move=move,
                        preview=True, strip=strip, size=size)  # fmt: skip


def analysis_graph() -> bytes:
    """An analysis's evaluation graph (made-up evaluations): pawns up the left edge, the
    marks' legend below, as /analyse sends it in English."""
    advantages = [0.0, 0.1, 0.05, 0.12, 0.1, 0.3, 0.28, -0.45, -0.4, -0.5, -0.1, -0.15,
                  0.35, 0.4, 0.6, 0.62, 0.85, 0.9]  # fmt: skip
    marks = [GraphMark(7, "blunder"), GraphMark(10, "mistake"), GraphMark(4, "inaccuracy")]
    legend = GraphLegend("inaccuracy", "mistake", "blunder", "critical move")
    return render_eval_graph(advantages, marks=marks, critical=7, axis=EVALUATION_TICKS,
                             legend=legend)  # fmt: skip


def scholars_mate_gif() -> bytes:
    """The whole game, with the players' strips; after the mate nobody is to move."""
    over = Strip(PLAYERS.white, PLAYERS.black, None)
    game = played("chess", "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#")
    return render_gif(game, size=320, frame_ms=900, strip=over)


IMAGES: dict[str, Callable[[], bytes]] = {
    "chess-board.png": fried_liver,
    "moves-marks.png": knight_moves,
    "xiangqi-board.png": xiangqi_opening,
    "xiangqi-moves.png": xiangqi_moves,
    "phone-chess-360.png": lambda: knight_moves(360, "cburnett"),
    "phone-xiangqi-360.png": lambda: xiangqi_moves(360),
    "phone-preview-360.png": preview,
    "analysis-graph.png": analysis_graph,
    "game.gif": scholars_mate_gif,
}


def main() -> int:
    for name, draw in IMAGES.items():
        (DOCS / name).write_bytes(draw())
        print(DOCS.relative_to(ROOT) / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
