"""Opening names (``rules.chess.openings``): lichess's chess-openings lines, looked up by the
position a game reaches, so transpositions are named; in the PGN as ECO and Opening."""

from __future__ import annotations

import pytest

from rules import Game, Move, Position
from rules.chess.openings import TABLE, Opening, moves_of, opening_at, opening_of
from rules.chess.variant import CHESS
from rules.xiangqi.variant import XIANGQI

LINES = [line.split("\t") for line in TABLE.read_text(encoding="utf-8").splitlines()[1:]]


def start_and_moves(game: Game) -> tuple[Position, tuple[Move, ...]]:
    return game.start, game.moves


def played(moves: str, start: str | None = None) -> Game:
    game = Game("chess", start)
    for san in moves.split():
        game = game.play(san)
    return game


@pytest.mark.parametrize("row", range(0, len(LINES), 12))
def test_a_line_of_the_table_reaches_its_named_position(row: int) -> None:
    """About 320 of the table's lines, replayed by Postal's engine: each reaches the key
    written beside it (``tools/openings.py`` wrote them with this engine) and is named."""
    eco, name, pgn, key = LINES[row]
    position = played(" ".join(moves_of(pgn))).position
    assert position.repetition_key() == key
    assert opening_at(position) == Opening(eco, name)


def test_the_table_is_whole_and_names_each_position_once() -> None:
    assert len(LINES) > 3_500
    assert len({key for *_, key in LINES}) == len(LINES)
    assert {eco[0] for eco, *_ in LINES} == set("ABCDE")


def test_a_transposition_is_named_as_the_main_line() -> None:
    """1. Nf3 d5 2. d4 reaches the position of 1. d4 d5 2. Nf3."""
    main = opening_of(*start_and_moves(played("d4 d5 Nf3")))
    assert main == Opening("D02", "Queen's Pawn Game: Zukertort Variation")
    assert opening_of(*start_and_moves(played("Nf3 d5 d4"))) == main


def test_a_game_past_its_opening_keeps_the_last_name_it_reached() -> None:
    game = played("e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Kf1 d5 h3 dxc4")
    assert opening_of(game.start, game.moves) == Opening(
        "C54", "Italian Game: Giuoco Piano, Cracow Variation"
    )
    assert opening_at(game.position) is None


def test_no_name_before_a_move_or_away_from_the_book() -> None:
    assert opening_of(*start_and_moves(Game("chess"))) is None
    endgame = played("Kd1", "8/8/4k3/8/8/8/3PK3/8 w - - 0 40")
    assert opening_of(endgame.start, endgame.moves) is None
    assert "ECO" not in CHESS.write_record(endgame)


def test_the_pgn_names_the_opening_and_xiangqi_has_no_names() -> None:
    pgn = CHESS.write_record(played("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"))
    assert '[ECO "B90"]' in pgn
    assert '[Opening "Sicilian Defense: Najdorf Variation"]' in pgn
    xiangqi = Game("xiangqi").play("h2e2")
    assert "ECO" not in XIANGQI.write_record(xiangqi, {})
